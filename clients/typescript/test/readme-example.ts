// The README's example, type-checked: everything after the marker line is the README's ```ts block, verbatim.
import type { Schemas } from "../src/index.js";

declare const rei: Schemas["Fight2eCombatFighterInput"], battle: Schemas["Fight2eCombatFighterInput"];
export {};

// README example:
import { createFightRulesClient } from "../src/index.js";

const client = createFightRulesClient({ baseUrl: "http://127.0.0.1:8000" });
const body = { level: 3, elements: [{ id: "ranged" }, { id: "increased_damage", times: 2 }], fighter: { ki: 4 } };
const move = await client.call("fight2e", "price_move", body); // typed by ruleset and operation
console.log(move.legal, move.move_points, move.damage && move.damage.die, move.violations.map((v) => v.message));

const turn = await client.drive("fight2e", "resolve_turn", { fighters: [rei, battle] }); // defaults, dice rolled
console.log(turn.answer.status, turn.trips, turn.answer.log.map((step) => step.text));
