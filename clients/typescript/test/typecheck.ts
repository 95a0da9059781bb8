// Calls a plugin author writes against the generated types: each must type-check as written here.
import createClient from "openapi-fetch";
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
