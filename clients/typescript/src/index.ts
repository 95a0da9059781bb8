// The Fight Rules Service client: openapi-fetch typed by the service's OpenAPI document (`api`), sent through a
// fetch that honours 429 Retry-After and revalidates catalogues by ETag, plus calls by ruleset and operation
// name as GET /v1/rulesets lists them, so a ruleset added to the service is reachable without new code.
import createClient, { type Client } from "openapi-fetch";

import { type DecisionOf, type DieOf, type DriveOptions, type Driven, driveWith } from "./drive.js";
import type { JsonObject, OperationAnswer, OperationBody, OperationName, Ruleset } from "./operations.js";
import { asProblem, ProblemError, unwrap } from "./problem.js";
import type { components, paths } from "./schema.js";
import { EtagCache, type FetchLike, type RetryOptions, withRetry } from "./transport.js";

export type { components, operations, paths } from "./schema.js";
export * from "./drive.js";
export * from "./operations.js";
export * from "./problem.js";
export * from "./step.js";
export * from "./transport.js";

export type Schemas = components["schemas"];
export type RulesetInfo = Schemas["RulesetInfo"];
export type MoveRequest = Schemas["Fight2eMoveRequestInput"];
export type MovePrice = Schemas["Fight2eMovePrice"];
export type Fighter = Schemas["Fight2eFighterInput"];
export type FighterValidation = Schemas["Fight2eFighterValidation"];
export type TurnRequest = Schemas["Fight2eTurnRequest"];
export type TurnResult = Schemas["Fight2eTurnResult"];
export type OperationInfo = Schemas["OperationInfo"];

/** A known ruleset's operations whose answers take part in the step protocol (they carry `decisions_needed`). */
export type StepOperationName<R extends string> = R extends Ruleset
  ? {
      [N in OperationName<R>]: OperationAnswer<R, N> extends { status: string; decisions_needed?: unknown }
        ? OperationBody<R, N> extends { rolls?: unknown; decisions?: unknown }
          ? N
          : never
        : never;
    }[OperationName<R>]
  : string;

export interface ClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8000`; empty for the page's own origin. */
  baseUrl?: string;
  /** Retry policy on 429, or `false` to hand every 429 back at once. */
  retry?: RetryOptions | false;
  /** The ETag cache of GET answers, or `false` for none (default: a new one of 64 documents). */
  etags?: EtagCache | false;
  /** The underlying fetch (default: the global one). */
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

export interface FightRulesClient {
  /** Every path of the OpenAPI document, typed: `api.POST("/v1/fight2e/moves/price", { body })`. */
  readonly api: Client<paths>;
  readonly etags: EtagCache | undefined;
  /** The rulesets the service hosts, with their operations and catalogue documents. */
  rulesets(): Promise<RulesetInfo[]>;
  /**
   * A ruleset's operation by name (`price_move`), at the path the service lists for it; typed by ruleset and name
   * for the rulesets the generated types know, a plain JSON object for any other the service lists.
   */
  call<R extends string, N extends OperationName<R>>(
    ruleset: R,
    operation: N,
    body: OperationBody<R, N>,
  ): Promise<OperationAnswer<R, N>>;
  /**
   * Plays a resolve operation to its end (`drive.ts`): rolls every die it names with `roll`, answers every decision
   * with `choose`, and sends again, until the answer is no longer `decision_required`.
   */
  drive<R extends string, N extends StepOperationName<R>>(
    ruleset: R,
    operation: N,
    body: OperationBody<R, N>,
    options?: DriveOptions<DecisionOf<OperationAnswer<R, N>>, DieOf<OperationAnswer<R, N>>>,
  ): Promise<Driven<OperationBody<R, N>, OperationAnswer<R, N>>>;
  /** A ruleset's catalogue document by name (`catalog_entries`), with its filters. */
  catalogue<T = JsonObject>(ruleset: string, document: string, query?: Record<string, string>): Promise<T>;
}

export function createFightRulesClient(options: ClientOptions = {}): FightRulesClient {
  const base = (options.baseUrl ?? "").replace(/\/$/, "");
  const etags = options.etags === false ? undefined : (options.etags ?? new EtagCache());
  let send: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  if (etags) send = etags.wrap(send);
  if (options.retry !== false) send = withRetry(send, options.retry ?? {});
  const api = createClient<paths>({ baseUrl: base, fetch: send, headers: options.headers });
  let listed: Promise<RulesetInfo[]> | undefined;

  const rulesets = () => {
    listed ??= api.GET("/v1/rulesets").then((r) => unwrap(r).rulesets);
    listed.catch(() => (listed = undefined)); // a failed listing is asked again next time
    return listed;
  };

  async function find(ruleset: string, name: string, kind: "operations" | "catalogue"): Promise<OperationInfo> {
    const info = (await rulesets()).find((r) => r.id === ruleset);
    const found = info?.[kind].find((o) => o.name === name);
    if (!found) throw new RangeError(`the service lists no ${kind} entry ${ruleset}/${name}`);
    return found;
  }

  async function json<T>(request: Request): Promise<T> {
    const response = await send(request);
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ProblemError(response.status, asProblem(response.status, body));
    return body as T;
  }

  const target = (path: string) => new URL(base + path, globalThis.location?.href ?? base).toString();

  async function call(ruleset: string, operation: string, body: unknown): Promise<never> {
    const op = await find(ruleset, operation, "operations");
    const headers = { ...options.headers, "content-type": "application/json" };
    return json<never>(new Request(target(op.path), { method: "POST", headers, body: JSON.stringify(body) }));
  }

  return {
    api,
    etags,
    rulesets,
    call,
    drive: (ruleset, operation, body, driveOptions) =>
      driveWith((b: typeof body) => call(ruleset, operation, b), body, driveOptions),
    async catalogue<T>(ruleset: string, document: string, query: Record<string, string> = {}) {
      const op = await find(ruleset, document, "catalogue");
      const search = new URLSearchParams(query).toString();
      return json<T>(new Request(target(op.path + (search ? `?${search}` : "")), { headers: options.headers }));
    },
  };
}
