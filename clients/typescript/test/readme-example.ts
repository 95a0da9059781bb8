// The README's example, type-checked: everything after the marker line is the README's ```ts block, verbatim.
import type { Schemas } from "../src/index.js";

declare const rei: Schemas["CombatFighter"], battle: Schemas["CombatFighter"];
export {};

// README example:
import { createFightRulesClient, resolveInSteps, unwrap, type TurnRequest } from "../src/index.js";

const client = createFightRulesClient({ baseUrl: "http://127.0.0.1:8000" });
const body = { level: 3, elements: [{ id: "ranged" }, { id: "increased_damage", times: 2 }], fighter: { ki: 4 } };
const move = unwrap(await client.api.POST("/v1/fight2e/moves/price", { body }));
console.log(move.legal, move.move_points, move.damage?.die, move.violations.map((v) => `${v.path}: ${v.message}`));

const send = async (t: TurnRequest) => unwrap(await client.api.POST("/v1/fight2e/combat/resolve-turn", { body: t }));
const turn = await resolveInSteps(send, { fighters: [rei, battle] }, { choose: () => 0 }); // first choices, dice rolled
console.log(turn.answer.status, turn.answer.log.map((step) => step.text));
