// Calls a plugin author writes against the generated types: each must type-check as written here.
import createClient from "openapi-fetch";
import { createFightRulesClient } from "../src/index";
import type { paths } from "../src/schema";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1:8000" });

export async function examples(): Promise<void> {
  // The smallest legal move: every field with a default may be left out.
  const price = await client.POST("/v1/fight2e/moves/price", {
    body: { level: 3, elements: [{ id: "ranged" }] },
  });
  if (price.data) {
    const legal: boolean = price.data.legal;
    const points: number = price.data.move_points;
    void legal;
    void points;
  }

  // A batch of two moves.
  await client.POST("/v1/fight2e/moves/price-batch", {
    body: { moves: [{ level: 1 }, { level: 2, type: "special", elements: [{ id: "ranged", times: 1 }] }] },
  });

  // The types refuse what the service refuses: a level is a number, an element needs its id.
  // @ts-expect-error level must be a number
  await client.POST("/v1/fight2e/moves/price", { body: { level: "3" } });
  // @ts-expect-error an element without its id
  await client.POST("/v1/fight2e/moves/price", { body: { level: 3, elements: [{ times: 2 }] } });

  // A catalogue document.
  const elements = await client.GET("/v1/fight2e/catalog/elements");
  if (elements.data) {
    const first: string | undefined = elements.data.elements[0]?.id;
    void first;
  }
}

// call() and drive() by ruleset and operation name, typed from the same generated types.
export async function byName(): Promise<void> {
  const named = createFightRulesClient({ baseUrl: "http://127.0.0.1:8000" });
  const move = await named.call("fight2e", "price_move", { level: 3, elements: [{ id: "ranged" }] });
  const points: number = move.move_points;
  // @ts-expect-error fight2e has no operation of that name
  await named.call("fight2e", "price_mov", { level: 3 });
  // @ts-expect-error level must be a number
  await named.call("fight2e", "price_move", { level: "3" });
  // @ts-expect-error price_move does not speak the step protocol
  await named.drive("fight2e", "price_move", { level: 3 });
  const turn = await named.drive("impact", "resolve_turn", { fight: { fighters: [] }, declarations: [] });
  const status: string = turn.answer.status;
  // A ruleset the generated types do not know is reached all the same, untyped.
  const other = await named.call("toydice", "roll_off", { anything: true });
  void [points, status, other];
}
