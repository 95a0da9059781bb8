import { DECISION_REQUIRED } from "./step.js";
export class DriveError extends Error {
    answer;
    trips;
    constructor(message, answer, trips) {
        super(message);
        this.answer = answer;
        this.trips = trips;
        this.name = "DriveError";
    }
}
const DIE = /^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$/;
function cryptoBelow(n) {
    const buf = new Uint32Array(1);
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
        globalThis.crypto.getRandomValues(buf);
        if (buf[0] < limit)
            return buf[0] % n;
    }
}
export function seededBelow(seed) {
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
export function rollDice(expression, below = cryptoBelow) {
    const match = DIE.exec(expression);
    if (!match)
        throw new RangeError(`not a die expression: ${expression}`);
    const count = match[1] === "" ? 1 : Number(match[1]);
    const sides = Number(match[2]);
    let total = Number((match[3] ?? "0").replace(/\s/g, ""));
    for (let i = 0; i < count; i++)
        total += 1 + below(sides);
    return total;
}
function canonical(value) {
    if (Array.isArray(value))
        return value.map(canonical);
    if (value && typeof value === "object") {
        const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
        return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
    }
    return value;
}
export function sameValue(a, b) {
    return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
export function preferredChoice(decision) {
    const choices = decision.choices ?? [];
    if (choices.length === 0)
        throw new RangeError(`decision ${decision.key} offers no choices`);
    const named = decision.default == null ? undefined : choices.find((c) => sameValue(c.value, decision.default));
    return named ?? choices[0];
}
export function choiceText(choice) {
    const words = choice.text ?? choice.label;
    return typeof words === "string" && words ? words : JSON.stringify(choice.value);
}
function picked(decision, choice) {
    const choices = decision.choices ?? [];
    const found = typeof choice === "number" ? choices[choice] : choices.find((c) => sameValue(c.value, choice.value));
    if (found === undefined)
        throw new RangeError(`not one of the choices of decision ${decision.key}`);
    return found;
}
export function withAnswers(body, rolls, decisions, ifAsked) {
    const base = body;
    const merged = (field, more) => ({ ...(base[field] ?? {}), ...more });
    const next = { ...base };
    for (const [field, more] of [
        ["rolls", rolls],
        ["decisions", decisions],
        ["if_asked", ifAsked],
    ]) {
        const all = merged(field, more);
        if (Object.keys(all).length)
            next[field] = all;
    }
    return next;
}
export async function driveWith(send, body, options = {}) {
    const below = options.seed === undefined ? cryptoBelow : seededBelow(options.seed);
    const roll = (options.roll ?? ((die) => rollDice(die.die, below)));
    const choose = (options.choose ?? preferredChoice);
    const maxTrips = options.maxTrips ?? 60;
    const rolls = {};
    const decisions = {};
    const ifAsked = {};
    let request = body;
    for (let trips = 1;; trips++) {
        const answer = await send(request);
        const step = answer;
        options.onAnswer?.(step, trips);
        if (step.status !== DECISION_REQUIRED)
            return { answer, trips, rolls, decisions, if_asked: ifAsked, request: request };
        if (trips >= maxTrips)
            throw new DriveError(`not over after ${maxTrips} round trips`, step, trips);
        let fresh = 0;
        for (const die of step.dice_needed ?? []) {
            if (!(die.key in rolls))
                fresh++;
            rolls[die.key] = await roll(die);
        }
        for (const decision of step.decisions_needed ?? []) {
            const into = decision.provisional ? ifAsked : decisions;
            if (!(decision.key in into))
                fresh++;
            into[decision.key] = picked(decision, await choose(decision)).value;
        }
        if (fresh === 0) {
            const why = [...(step.violations ?? [])].map((v) => v.code).join(", ");
            throw new DriveError(`asked again for what was already sent${why ? ` (${why})` : ""}`, step, trips);
        }
        request = withAnswers(body, rolls, decisions, ifAsked);
    }
}
