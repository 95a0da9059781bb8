export const DECISION_REQUIRED = "decision_required";
export function isPending(answer) {
    return answer.status === DECISION_REQUIRED;
}
function sameValue(a, b) {
    return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
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
export function defaultChoice(decision) {
    const choices = decision.choices ?? [];
    if (choices.length === 0)
        throw new Error(`decision ${decision.key} offers no choices`);
    const found = decision.default == null ? undefined : choices.find((c) => sameValue(c.value, decision.default));
    return found ?? choices[0];
}
export function answerDecision(request, decision, choice) {
    const choices = decision.choices ?? [];
    const picked = typeof choice === "number" ? choices[choice] : choices.find((c) => sameValue(c.value, choice.value));
    if (picked === undefined)
        throw new RangeError(`not a choice of decision ${decision.key}`);
    const field = decision.provisional ? "if_asked" : "decisions";
    return { ...request, [field]: { ...(request[field] ?? {}), [decision.key]: picked.value } };
}
export function supplyDice(request, rolls) {
    return { ...request, rolls: { ...(request.rolls ?? {}), ...rolls } };
}
const DICE = /^(\d*)d(\d+)([+-]\d+)?$/;
export function rollDie(expression, random = Math.random) {
    const match = DICE.exec(expression.trim());
    if (!match)
        throw new RangeError(`not a die expression: ${expression}`);
    const count = match[1] === "" ? 1 : Number(match[1]);
    const sides = Number(match[2]);
    let total = Number(match[3] ?? 0);
    for (let i = 0; i < count; i++)
        total += 1 + Math.floor(random() * sides);
    return total;
}
export function rollAll(dice, random = Math.random) {
    return Object.fromEntries(dice.map((d) => [d.key, rollDie(d.die, random)]));
}
export async function resolveInSteps(send, request, policy = {}) {
    const { choose = defaultChoice, roll = (dice) => rollAll(dice), maxRounds = 50 } = policy;
    let current = request;
    for (let rounds = 1; rounds <= maxRounds; rounds++) {
        const answer = await send(current);
        if (!isPending(answer))
            return { answer, request: current, rounds };
        const dice = answer.dice_needed ?? [];
        const decisions = answer.decisions_needed ?? [];
        if (dice.length === 0 && decisions.length === 0)
            throw new Error("decision_required with nothing to supply");
        if (dice.length > 0)
            current = supplyDice(current, roll(dice));
        for (const decision of decisions)
            current = answerDecision(current, decision, choose(decision));
    }
    throw new Error(`the turn was not resolved in ${maxRounds} round trips`);
}
