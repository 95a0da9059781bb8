// One step driver for every resolve operation of every ruleset (docs/turn-protocol.md): send the request; while the
// answer says `decision_required`, roll every die `dice_needed` names into `rolls[key]`, answer every entry of
// `decisions_needed` with one of its `choices` (`decisions[key]`, or `if_asked[key]` when it is provisional), and send
// again. It reads nothing but the protocol's shared fields, so it has no code for any one ruleset.
import { type StepAnswer, type StepChoice, type StepDecision, type StepDie, DECISION_REQUIRED } from "./step.js";

/** The decision type an answer type carries in `decisions_needed` (the protocol's shape when it names none). */
export type DecisionOf<A> = A extends { decisions_needed?: (infer D)[] | null } ? D : StepDecision;
/** The die type an answer type carries in `dice_needed`. */
export type DieOf<A> = A extends { dice_needed?: (infer D)[] | null } ? D : StepDie;
/** The choice type of a decision type. */
export type ChoiceOf<D> = D extends { choices?: (infer C)[] | null } ? C : StepChoice;

export type Answers = { [key: string]: unknown };
export type Rolls = { [key: string]: number };

export interface DriveOptions<D = StepDecision, E = StepDie> {
  /** Picks one of a decision's choices (the choice, or its index); default: its `default`, else its first. */
  choose?: (decision: D) => ChoiceOf<D> | number | Promise<ChoiceOf<D> | number>;
  /** One result for a named die; default: `rollDice(die.die)` from `seed` when given, from crypto otherwise. */
  roll?: (die: E) => number | Promise<number>;
  /** Seeds the default roll (a small PRNG, the same faces for the same seed); the request's own `seed` differs. */
  seed?: number;
  /** Round trips before giving up (default 60). */
  maxTrips?: number;
  /** Sees every answer as it arrives (a page shows each step). */
  onAnswer?: (answer: StepAnswer, trip: number) => void;
}

export interface Driven<B, A> {
  /** The last answer: resolved, over or invalid (never `decision_required`). */
  answer: A;
  /** Requests sent. */
  trips: number;
  /** Every die rolled, by key, and every decision answered, by key (`if_asked`: the provisional ones). */
  rolls: Rolls;
  decisions: Answers;
  if_asked: Answers;
  /** The last request sent: the body with everything collected. */
  request: B;
}

export class DriveError extends Error {
  constructor(
    message: string,
    readonly answer: StepAnswer,
    readonly trips: number,
  ) {
    super(message);
    this.name = "DriveError";
  }
}

const DIE = /^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$/;

/** A random whole number in [0, n): crypto's, rejection-sampled so every face is as likely. */
function cryptoBelow(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

/** A seeded source of whole numbers in [0, n) (mulberry32: small, fast, the same sequence for the same seed). */
export function seededBelow(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
    return Math.floor(unit * n);
  };
}

/** One roll of "NdM" (or "NdM+K"): the sum of N faces of an M-sided die. */
export function rollDice(expression: string, below: (n: number) => number = cryptoBelow): number {
  const match = DIE.exec(expression);
  if (!match) throw new RangeError(`not a die expression: ${expression}`);
  const count = match[1] === "" ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  let total = Number((match[3] ?? "0").replace(/\s/g, ""));
  for (let i = 0; i < count; i++) total += 1 + below(sides);
  return total;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** Whether two decision values are the same JSON (key order and null members aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The decision's `default` choice when it names one of its choices, else its first choice. */
export function preferredChoice<C extends StepChoice>(decision: {
  key: string;
  choices?: C[] | null;
  default?: unknown;
}): C {
  const choices = decision.choices ?? [];
  if (choices.length === 0) throw new RangeError(`decision ${decision.key} offers no choices`);
  const named = decision.default == null ? undefined : choices.find((c) => sameValue(c.value, decision.default));
  return named ?? choices[0];
}

/** The words a choice is shown with: its `text` (a `label` where an older answer has one), else its value. */
export function choiceText(choice: StepChoice): string {
  const words = choice.text ?? choice.label;
  return typeof words === "string" && words ? words : JSON.stringify(choice.value);
}

function picked(decision: StepDecision, choice: StepChoice | number): StepChoice {
  const choices = decision.choices ?? [];
  const found = typeof choice === "number" ? choices[choice] : choices.find((c) => sameValue(c.value, choice.value));
  if (found === undefined) throw new RangeError(`not one of the choices of decision ${decision.key}`);
  return found;
}

/** The step fields of a request: the body with these rolls and answers added (empty maps left out). */
export function withAnswers<B>(body: B, rolls: Rolls, decisions: Answers, ifAsked: Answers): B {
  const base = body as Record<string, unknown>;
  const merged = (field: string, more: Answers) => ({ ...((base[field] as Answers | undefined) ?? {}), ...more });
  const next: Record<string, unknown> = { ...base };
  for (const [field, more] of [
    ["rolls", rolls],
    ["decisions", decisions],
    ["if_asked", ifAsked],
  ] as const) {
    const all = merged(field, more);
    if (Object.keys(all).length) next[field] = all;
  }
  return next as B;
}

/**
 * Plays one resolve request through `send` to its end. Every die named is rolled with `roll` and every decision
 * answered with `choose`, all of one answer at once, then the request goes again with everything collected so far.
 */
export async function driveWith<B, A>(
  send: (body: B) => Promise<A>,
  body: B,
  options: DriveOptions<DecisionOf<A>, DieOf<A>> = {},
): Promise<Driven<B, A>> {
  const below = options.seed === undefined ? cryptoBelow : seededBelow(options.seed);
  const roll = (options.roll ?? ((die: StepDie) => rollDice(die.die, below))) as (die: StepDie) => number;
  const choose = (options.choose ?? preferredChoice) as (d: StepDecision) => StepChoice | number;
  const maxTrips = options.maxTrips ?? 60;
  const rolls: Rolls = {};
  const decisions: Answers = {};
  const ifAsked: Answers = {};
  let request = body;
  for (let trips = 1; ; trips++) {
    const answer = await send(request);
    const step = answer as unknown as StepAnswer;
    options.onAnswer?.(step, trips);
    if (step.status !== DECISION_REQUIRED)
      return { answer, trips, rolls, decisions, if_asked: ifAsked, request: request };
    if (trips >= maxTrips) throw new DriveError(`not over after ${maxTrips} round trips`, step, trips);
    let fresh = 0;
    for (const die of step.dice_needed ?? []) {
      if (!(die.key in rolls)) fresh++;
      rolls[die.key] = await roll(die);
    }
    for (const decision of step.decisions_needed ?? []) {
      const into = decision.provisional ? ifAsked : decisions;
      if (!(decision.key in into)) fresh++;
      into[decision.key] = picked(decision, await choose(decision)).value;
    }
    if (fresh === 0) {
      const why = [...((step.violations as { code?: string }[] | undefined) ?? [])].map((v) => v.code).join(", ");
      throw new DriveError(`asked again for what was already sent${why ? ` (${why})` : ""}`, step, trips);
    }
    request = withAnswers(body, rolls, decisions, ifAsked);
  }
}
