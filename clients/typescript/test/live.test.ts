// The client against a live service this test starts (test/service.ts) and stops.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";

import {
  createFightRulesClient,
  type FightRulesClient,
  type JsonObject,
  ProblemError,
  type Schemas,
  resolveInSteps,
  type StepDecision,
  unwrap,
} from "../src/index.js";
import { type Service, startService } from "./service.js";

const EXAMPLES = new URL("../../../../service/rules/fight2e/data/examples/", import.meta.url);
const example = (file: string, name: string) => JSON.parse(readFileSync(new URL(file, EXAMPLES), "utf8"))[name];
const PACKAGE = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

let service: Service;
let client: FightRulesClient;

before(async () => {
  service = await startService();
  client = createFightRulesClient({ baseUrl: service.url });
});

after(async () => {
  await service?.stop();
});

test("the package's version is the API version the service states", async () => {
  const doc = await (await fetch(`${service.url}/schema/openapi.json`)).json();
  assert.equal(PACKAGE.version, doc.info.version);
});

test("every ruleset the service lists answers its catalogue and its operations exist", async () => {
  const rulesets = await client.rulesets();
  assert.ok(rulesets.length >= 1);
  const doc = await (await fetch(`${service.url}/schema/openapi.json`)).json();
  for (const ruleset of rulesets) {
    assert.equal(ruleset.version.split("+")[0], PACKAGE.version, ruleset.id);
    for (const op of ruleset.operations) assert.ok(doc.paths[op.path]?.post, `${ruleset.id}: ${op.path}`);
    for (const document of ruleset.catalogue.filter((d) => !d.path.includes("{"))) {
      const answer = await client.catalogue<{ ruleset?: string }>(ruleset.id, document.name);
      assert.equal(answer.ruleset, ruleset.id, document.path);
    }
  }
});

test("every operation of every ruleset answers each example its OpenAPI document publishes", async () => {
  const doc = await (await fetch(`${service.url}/schema/openapi.json`)).json();
  let called = 0;
  for (const ruleset of await client.rulesets()) {
    for (const op of ruleset.operations) {
      const examples = doc.paths[op.path].post.requestBody.content["application/json"].examples ?? {};
      assert.ok(Object.keys(examples).length > 0, `${ruleset.id}/${op.name} publishes an example`);
      for (const [name, example] of Object.entries<{ value: JsonObject }>(examples)) {
        // A ProblemError (a 4xx or 5xx) fails the test: a published example is a request the service takes.
        const answer = await client.call(ruleset.id, op.name, example.value);
        assert.equal(typeof answer, "object", `${ruleset.id}/${op.name} ${name}`);
        assert.notEqual(answer, null, `${ruleset.id}/${op.name} ${name}`);
        called += 1;
      }
    }
  }
  assert.ok(called >= 5, "every ruleset took part");
});

test("a priced move: the book's Blooming Dance", async () => {
  // 000 L4978–L4988: an L3 Special Move costs 3 Move Points; Ranged (2) + Increased Damage ×2 fill its
  // 4 Elements (Level + 1, 000 L2287); with Ki 4 the damage is 1d8.
  const move = unwrap(
    await client.api.POST("/v1/fight2e/moves/price", { body: example("price_move.json", "legal-move") }),
  );
  assert.equal(move.legal, true);
  assert.equal(move.move_points, 3);
  assert.equal(move.element_slots, 4);
  assert.equal(move.damage?.die, "1d8");
});

test("a move that breaks a rule names the Element that breaks it", async () => {
  // 000 L2291: no single Element may cost more than twice the move's Level; an L2 move takes Increased Damage
  // at most 4 times, so 5 is over whatever the Liabilities.
  const body = {
    level: 2,
    elements: [{ id: "ranged" }, { id: "increased_damage", times: 5 }],
    liabilities: [{ id: "no_movement" }, { id: "decreased_accuracy", times: 2 }],
  };
  const move = unwrap(await client.api.POST("/v1/fight2e/moves/price", { body }));
  assert.equal(move.legal, false);
  const capped = move.violations.find((v) => v.code === "ELEMENT_COST_CAP_EXCEEDED");
  assert.equal(capped?.path, "elements[1]");
});

test("the same operation reached by its name from /v1/rulesets", async () => {
  // 000 L2293: each unused Element slot takes 1 MP off, down to 1: an L3 (3 MP, 4 slots) with Ranged alone
  // leaves 2 slots unused, 3 − 2 = 1.
  const move = await client.call("fight2e", "price_move", {
    level: 3,
    elements: [{ id: "ranged" }],
  });
  assert.equal(move.unused_slots, 2);
  assert.equal(move.move_points, 1);
});

test("a Fighter validated with its derived values", async () => {
  const { fighter } = example("validate_fighter.json", "pl1-fighter");
  const answer = unwrap(await client.api.POST("/v1/fight2e/fighters/validate", { body: { fighter } }));
  assert.deepEqual(answer.violations, []);
  assert.equal(answer.valid, true);
  // 000 L707: the Power Level Chart gives PL 1 a Life Bar of 30 and 10 Fighting Spirit.
  assert.equal(answer.derived.life_bar, 30);
  assert.equal(answer.derived.fighting_spirit, 10);
  assert.equal(answer.moves.length, fighter.moves.length);
});

test("a turn resolved in step mode with the table's dice, to the end", async () => {
  const request: Schemas["Fight2eTurnRequest"] = { ...example("resolve_turn.json", "first-turn-seeded") };
  delete request.seed; // the players roll: every die is named in dice_needed
  const asked = new Set<string>();
  const sequence = [3, 5, 2, 6, 1, 4];
  let n = 0;
  const outcome = await resolveInSteps(
    async (body: Schemas["Fight2eTurnRequest"]) => {
      const answer = unwrap(await client.api.POST("/v1/fight2e/combat/resolve-turn", { body }));
      for (const d of answer.decisions_needed ?? []) asked.add(d.key);
      for (const d of answer.dice_needed ?? []) asked.add(d.key);
      return answer;
    },
    request,
    {
      roll: (dice) =>
        Object.fromEntries(dice.map((d) => [d.key, 1 + (sequence[n++ % sequence.length] % sides(d.die))])),
      choose: (decision: StepDecision) => decision.choices!.length - 1,
    },
  );
  assert.notEqual(outcome.answer.status, "decision_required");
  assert.notEqual(outcome.answer.status, "invalid", JSON.stringify(outcome.answer.violations));
  assert.deepEqual(outcome.answer.violations, []);
  assert.ok(outcome.rounds >= 2, "the first answer asks for dice");
  const sent = [...Object.keys(outcome.request.rolls ?? {}), ...Object.keys(outcome.request.decisions ?? {})];
  for (const key of [...sent, ...Object.keys(outcome.request.if_asked ?? {})]) assert.ok(asked.has(key), key);
  assert.ok(outcome.answer.log.length > 0);
});

function sides(die: string): number {
  return Number(/d(\d+)/.exec(die)![1]);
}

test("a catalogue revalidated by its ETag: 304, served from the kept copy", async () => {
  const etags = client.etags!;
  const before = etags.revalidated;
  const first = unwrap(await client.api.GET("/v1/fight2e/catalog/elements", { params: { query: { search: "rang" } } }));
  const again = unwrap(await client.api.GET("/v1/fight2e/catalog/elements", { params: { query: { search: "rang" } } }));
  assert.ok(first.elements.some((e) => e.id === "ranged"));
  assert.deepEqual(again, first);
  assert.equal(etags.revalidated, before + 1);
  // The same exchange by hand: the document's ETag sent back answers 304 with no body.
  const url = `${service.url}/v1/fight2e/catalog/elements?search=rang`;
  const etag = (await fetch(url)).headers.get("etag")!;
  const revalidated = await fetch(url, { headers: { "if-none-match": etag } });
  assert.equal(revalidated.status, 304);
  assert.equal(await revalidated.text(), "");
});

test("a malformed request is a 4xx problem, thrown as a ProblemError", async () => {
  // @ts-expect-error the level must be a number: the types refuse it, and so does the service
  const result = await client.api.POST("/v1/fight2e/moves/price", { body: { level: "3" } });
  assert.equal(result.response.status, 400);
  assert.equal(result.response.headers.get("content-type"), "application/problem+json");
  assert.throws(
    () => unwrap(result),
    (error: unknown) =>
      error instanceof ProblemError && error.status === 400 && error.problem.errors?.[0]?.path === "level",
  );
  await assert.rejects(client.catalogue("fight2e", "no_such_document"), RangeError);
  const missing = await client.api.GET("/v1/fight2e/catalog/entries/{id}", {
    params: { path: { id: "no_such_entry" } },
  });
  assert.equal(missing.response.status, 404);
});

const OWN_SERVICE = { skip: process.env.FIGHT_RULES_TEST_URL ? "needs a service of its own" : false };

test("a real 429: its Retry-After is waited for, then the problem is handed back", OWN_SERVICE, async () => {
  const limited = await startService({ FIGHT_RULES_RATE_LIMIT_PER_MINUTE: "1" });
  try {
    const waits: number[] = [];
    const strict = createFightRulesClient({
      baseUrl: limited.url,
      etags: false,
      retry: { maxRetries: 2, sleep: async (ms) => void waits.push(ms) }, // recorded, not slept
    });
    unwrap(await strict.api.GET("/v1/rulesets")); // the one request of the minute
    const refused = await strict.api.GET("/v1/rulesets");
    assert.equal(refused.response.status, 429);
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    assert.ok(retryAfter >= 0 && retryAfter <= 60, String(retryAfter));
    assert.equal(waits.length, 2, "each retry waited");
    for (const ms of waits) assert.ok(ms >= 0 && ms <= 60_000, String(ms));
    assert.throws(
      () => unwrap(refused),
      (e: unknown) => e instanceof ProblemError && e.problem.type.endsWith("/rate-limited"),
    );
  } finally {
    await limited.stop();
  }
});
