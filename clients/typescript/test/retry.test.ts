// The hand-written layer on its own: 429 retries as Retry-After says, step-mode helpers, die expressions.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  answerDecision,
  createFightRulesClient,
  defaultChoice,
  retryAfterMs,
  rollDie,
  type StepDecision,
  type StepRequest,
  supplyDice,
  withRetry,
} from "../src/index.js";

function scripted(...answers: Response[]) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    return answers.shift()!;
  };
  return { fetch, seen };
}

const tooMany = (retryAfter?: string) =>
  new Response("{}", { status: 429, headers: retryAfter ? { "retry-after": retryAfter } : {} });

test("a 429 is retried after the seconds Retry-After gives, with the same body", async () => {
  const { fetch, seen } = scripted(tooMany("2"), new Response('{"ok":true}', { status: 200 }));
  const waits: number[] = [];
  const send = withRetry(fetch, { sleep: async (ms) => void waits.push(ms) });
  const answer = await send(new Request("http://x/v1", { method: "POST", body: '{"level":3}' }));
  assert.equal(answer.status, 200);
  assert.deepEqual(waits, [2000]);
  assert.deepEqual(await Promise.all(seen.map((r) => r.text())), ['{"level":3}', '{"level":3}']);
});

test("Retry-After as a date, missing, or too long", async () => {
  assert.equal(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")), 5000);
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs("soon"), undefined);
  const waits: number[] = [];
  const fallback = withRetry(scripted(tooMany(), new Response("", { status: 200 })).fetch, {
    fallbackDelayMs: 300,
    sleep: async (ms) => void waits.push(ms),
  });
  assert.equal((await fallback(new Request("http://x/"))).status, 200);
  assert.deepEqual(waits, [300]);
  const long = withRetry(scripted(tooMany("3600")).fetch, { maxDelayMs: 10_000, sleep: async () => assert.fail() });
  assert.equal((await long(new Request("http://x/"))).status, 429);
});

test("after maxRetries the 429 is handed back", async () => {
  const { fetch, seen } = scripted(tooMany("0"), tooMany("0"), tooMany("0"));
  const send = withRetry(fetch, { maxRetries: 2, sleep: async () => {} });
  assert.equal((await send(new Request("http://x/"))).status, 429);
  assert.equal(seen.length, 3);
});

test("the client retries through openapi-fetch", async () => {
  const ok = new Response('{"rulesets":[]}', { status: 200, headers: { "content-type": "application/json" } });
  const { fetch, seen } = scripted(tooMany("0"), ok);
  const client = createFightRulesClient({ baseUrl: "http://x", fetch, etags: false, retry: { sleep: async () => {} } });
  assert.deepEqual(await client.rulesets(), []);
  assert.equal(seen.length, 2);
});

const decision: StepDecision = {
  key: "T1.rei.action",
  provisional: true,
  choices: [{ value: { action: "move", movement: 1 } }, { value: { action: "attack", moves: ["kick"] } }],
  default: { action: "attack", moves: ["kick"], target: null },
};

test("a decision answered with one of its choices goes where its kind says", () => {
  const request: StepRequest = { decisions: { "T1.x": 1 }, rolls: {} };
  const provisional = answerDecision(request, decision, 0);
  assert.deepEqual(provisional.if_asked, { "T1.rei.action": { action: "move", movement: 1 } });
  assert.deepEqual(provisional.decisions, { "T1.x": 1 });
  assert.deepEqual(request, { decisions: { "T1.x": 1 }, rolls: {} }, "the request given is not changed");
  const firm = answerDecision(request, { ...decision, provisional: false }, decision.choices![1]);
  assert.deepEqual(firm.decisions, { "T1.x": 1, "T1.rei.action": { action: "attack", moves: ["kick"] } });
  assert.throws(() => answerDecision(request, decision, 5), RangeError);
  assert.throws(() => answerDecision(request, decision, { value: { action: "taunt" } }), RangeError);
  // The default (unset fields sent as null) is matched to the choice that leaves them out.
  assert.deepEqual(defaultChoice(decision), decision.choices![1]);
});

test("named dice are added to the request, a key given again takes the new result", () => {
  const request = supplyDice({ rolls: { "T1.rei.init": 2 } }, { "T1.rei.init": 5, "T1.fight.time": 3 });
  assert.deepEqual(request.rolls, { "T1.rei.init": 5, "T1.fight.time": 3 });
});

test("die expressions", () => {
  assert.equal(
    rollDie("1d6", () => 0),
    1,
  );
  assert.equal(
    rollDie("1d6", () => 0.999),
    6,
  );
  assert.equal(
    rollDie("2d10+1", () => 0.5),
    13,
  );
  assert.equal(
    rollDie("d8", () => 0),
    1,
  );
  assert.throws(() => rollDie("1d"), RangeError);
});
