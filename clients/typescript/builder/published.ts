// What the page reads from the service's own OpenAPI document: each operation's published request examples, and
// which operations speak the step protocol. Nothing here knows one ruleset from another.
import type { FightRulesClient, JsonObject, OperationInfo, RulesetInfo } from "../src/index.js";

export type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  type?: string;
};
interface Post {
  requestBody?: {
    content: { "application/json"?: { schema: Schema; examples?: Record<string, { value: JsonObject }> } };
  };
  responses: Record<string, { content?: { "application/json"?: { schema: Schema } } }>;
}
export interface Doc {
  paths: Record<string, { post?: Post }>;
  components: { schemas: Record<string, Schema> };
}

/** Everything a generic panel needs: the client, the ruleset as /v1/rulesets lists it, the OpenAPI document. */
export interface Page {
  client: FightRulesClient;
  info: RulesetInfo;
  doc: Doc;
}

export async function loadDoc(): Promise<Doc> {
  const answer = await fetch("/schema/openapi.json");
  if (!answer.ok) throw new Error(`the OpenAPI document answered ${answer.status}`);
  return (await answer.json()) as Doc;
}

const STEP_FIELDS = ["seed", "rolls", "decisions", "if_asked"];

/** An example without its step fields: the dice and decisions are the table's to give. */
export function withoutSteps(body: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(structuredClone(body)).filter(([k]) => !STEP_FIELDS.includes(k)));
}

export function examples(page: Page, op: OperationInfo): [string, JsonObject][] {
  const found = page.doc.paths[op.path]?.post?.requestBody?.content["application/json"]?.examples ?? {};
  return Object.entries(found).map(([name, e]) => [name, e.value]);
}

function deref(page: Page, schema: Schema | undefined): Schema | undefined {
  return schema?.$ref ? page.doc.components.schemas[schema.$ref.split("/").pop()!] : schema;
}

function properties(page: Page, schema: Schema | undefined): Record<string, unknown> {
  return deref(page, schema)?.properties ?? {};
}

/** The values the request schema allows at `path` (its enum), when it names them. */
export function enumAt(page: Page, op: OperationInfo, path: (string | number)[]): unknown[] | undefined {
  let schema = deref(page, page.doc.paths[op.path]?.post?.requestBody?.content["application/json"]?.schema);
  const resolved = (s: Schema | undefined): Schema | undefined => {
    const d = deref(page, s);
    return d?.anyOf ? resolved(d.anyOf.find((v) => deref(page, v)?.type !== "null")) : d;
  };
  for (const part of path) {
    schema = resolved(schema);
    if (!schema) return undefined;
    const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
    schema = typeof part === "number" ? schema.items : (schema.properties?.[part] ?? extra);
  }
  return resolved(schema)?.enum;
}

/** An operation that takes `rolls` and `decisions` and answers `decisions_needed`, and is not a check only. */
export function isStepOperation(page: Page, op: OperationInfo): boolean {
  const post = page.doc.paths[op.path]?.post;
  const request = properties(page, post?.requestBody?.content["application/json"]?.schema);
  const answer = properties(page, post?.responses["200"]?.content?.["application/json"]?.schema);
  return (
    "rolls" in request && "decisions" in request && "decisions_needed" in answer && !op.name.startsWith("validate")
  );
}

/** The operations the page groups as pricing (`price_*`, `quote_*`), sheet checks (`validate_*`) and the rest. */
export function named(info: RulesetInfo, ...prefixes: string[]): OperationInfo[] {
  return info.operations.filter((o) => prefixes.some((p) => o.name.startsWith(p)));
}
