// Operations typed by ruleset and name, as GET /v1/rulesets lists them (`price_move`, `resolve_turn`), read from the
// generated types alone: the service names each operation `{ruleset}{PascalCaseName}` in its OpenAPI document
// (`fight2ePriceMove`), so the name a listing gives and the generated `operations` meet without a hand-kept table.
// A ruleset the generated types do not know (one added to the service later) is still reachable, untyped.
import type { operations, paths } from "./schema.js";

export type JsonObject = { [key: string]: unknown };

type RulesetOf<P> = P extends `/v1/${infer R}/${string}` ? R : never;
/** The rulesets the generated types know: the first segment of every `/v1/{ruleset}/…` path. */
export type Ruleset = RulesetOf<keyof paths>;

type WithBody = {
  [K in keyof operations]: operations[K] extends { requestBody: { content: { "application/json": unknown } } }
    ? K
    : never;
}[keyof operations];

type SnakeTail<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeTail<Rest>}`
  : "";
/** `PriceMove` → `price_move`. */
export type Snake<S extends string> = S extends `${infer C}${infer Rest}` ? `${Lowercase<C>}${SnakeTail<Rest>}` : "";
/** `price_move` → `PriceMove`. */
export type Pascal<S extends string> = S extends `${infer H}_${infer T}`
  ? `${Capitalize<H>}${Pascal<T>}`
  : Capitalize<S>;

type NameOf<R extends string, K> = K extends `${R}${infer Rest}`
  ? Rest extends "" | Uncapitalize<Rest>
    ? never
    : Snake<Rest>
  : never;

/** A known ruleset's operations that take a JSON body, by the names /v1/rulesets gives them. */
export type OperationName<R extends string> = R extends Ruleset ? NameOf<R, WithBody> : string;

type Id<R extends string, N extends string> = `${R}${Pascal<N>}` & keyof operations;

/** The request body of an operation (a plain JSON object for a ruleset the types do not know). */
export type OperationBody<R extends string, N extends string> = R extends Ruleset
  ? operations[Id<R, N>] extends { requestBody: { content: { "application/json": infer B } } }
    ? B
    : never
  : JsonObject;

/** The 200 answer of an operation (a plain JSON object for a ruleset the types do not know). */
export type OperationAnswer<R extends string, N extends string> = R extends Ruleset
  ? operations[Id<R, N>] extends { responses: { 200: { content: { "application/json": infer A } } } }
    ? A
    : never
  : JsonObject;

/** The operation id the service gives a ruleset's operation: `fight2e` + `price_move` → `fight2ePriceMove`. */
export function operationId(ruleset: string, name: string): string {
  return ruleset + name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}
