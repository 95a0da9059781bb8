// Step mode (docs/turn-protocol.md): while an answer says `decision_required`, supply the dice it names and
// answer each pending decision with one of its choices, then send the request again. Written against the shape
// of the protocol, not one ruleset's models, so any ruleset's turn operation can be driven with it.

export interface StepChoice<V = unknown> {
  value: V;
  [more: string]: unknown;
}

export interface StepDecision<V = unknown> {
  key: string;
  provisional?: boolean;
  choices?: StepChoice<V>[];
  default?: V | null;
  [more: string]: unknown;
}

export interface StepDie {
  key: string;
  die: string;
  [more: string]: unknown;
}

export interface StepAnswer<V = unknown> {
  status: string;
  decisions_needed?: StepDecision<V>[];
  dice_needed?: StepDie[];
  [more: string]: unknown;
}

export interface StepRequest<V = unknown> {
  decisions?: { [key: string]: V };
  if_asked?: { [key: string]: V };
  rolls?: { [key: string]: number } | null;
  seed?: number | null;
}

export const DECISION_REQUIRED = "decision_required";

export function isPending(answer: StepAnswer): boolean {
  return answer.status === DECISION_REQUIRED;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** The choice a decision offers as its default, else its first choice. */
export function defaultChoice<V>(decision: StepDecision<V>): StepChoice<V> {
  const choices = decision.choices ?? [];
  if (choices.length === 0) throw new Error(`decision ${decision.key} offers no choices`);
  const found = decision.default == null ? undefined : choices.find((c) => sameValue(c.value, decision.default));
  return found ?? choices[0];
}

/**
 * The request with `decision` answered by one of its choices (an index into `choices` or the choice itself):
 * in `if_asked` when the decision is provisional, in `decisions` otherwise. The request is not changed.
 */
export function answerDecision<R extends StepRequest<V>, V>(
  request: R,
  decision: StepDecision<V>,
  choice: number | StepChoice<V>,
): R {
  const choices = decision.choices ?? [];
  const picked = typeof choice === "number" ? choices[choice] : choices.find((c) => sameValue(c.value, choice.value));
  if (picked === undefined) throw new RangeError(`not a choice of decision ${decision.key}`);
  const field = decision.provisional ? "if_asked" : "decisions";
  return { ...request, [field]: { ...(request[field] ?? {}), [decision.key]: picked.value } };
}

/** The request with these named dice results added (a key given again takes the new result). */
export function supplyDice<R extends StepRequest>(request: R, rolls: { [key: string]: number }): R {
  return { ...request, rolls: { ...(request.rolls ?? {}), ...rolls } };
}

const DICE = /^(\d*)d(\d+)([+-]\d+)?$/;

/** One roll of a die expression such as `1d6`, `2d10` or `1d8+1`; `random` returns a number in [0, 1). */
export function rollDie(expression: string, random: () => number = Math.random): number {
  const match = DICE.exec(expression.trim());
  if (!match) throw new RangeError(`not a die expression: ${expression}`);
  const count = match[1] === "" ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  let total = Number(match[3] ?? 0);
  for (let i = 0; i < count; i++) total += 1 + Math.floor(random() * sides);
  return total;
}

/** A result for every die an answer names. */
export function rollAll(dice: readonly StepDie[], random: () => number = Math.random): { [key: string]: number } {
  return Object.fromEntries(dice.map((d) => [d.key, rollDie(d.die, random)]));
}

export interface StepPolicy<V> {
  /** Picks a choice for a pending decision (default: the decision's default choice). */
  choose?: (decision: StepDecision<V>) => number | StepChoice<V>;
  /** Rolls the named dice (default: `rollAll` with Math.random). */
  roll?: (dice: readonly StepDie[]) => { [key: string]: number };
  /** Round trips before giving up (default 50). */
  maxRounds?: number;
}

export interface StepOutcome<R, A> {
  answer: A;
  request: R;
  rounds: number;
}

/** Sends the request, answers every pending die and decision as `policy` says, until the turn is resolved. */
export async function resolveInSteps<R extends StepRequest<V>, A extends StepAnswer<V>, V = unknown>(
  send: (request: R) => Promise<A>,
  request: R,
  policy: StepPolicy<V> = {},
): Promise<StepOutcome<R, A>> {
  const { choose = defaultChoice, roll = (dice) => rollAll(dice), maxRounds = 50 } = policy;
  let current = request;
  for (let rounds = 1; rounds <= maxRounds; rounds++) {
    const answer = await send(current);
    if (!isPending(answer)) return { answer, request: current, rounds };
    const dice = answer.dice_needed ?? [];
    const decisions = answer.decisions_needed ?? [];
    if (dice.length === 0 && decisions.length === 0) throw new Error("decision_required with nothing to supply");
    if (dice.length > 0) current = supplyDice(current, roll(dice));
    for (const decision of decisions) current = answerDecision(current, decision, choose(decision));
  }
  throw new Error(`the turn was not resolved in ${maxRounds} round trips`);
}
