// The builder page: the rulesets from /v1/rulesets and the chosen one's tools. A ruleset that offers what the
// Special Move and sheet forms need (fight2e) gets them; every other prices and checks its sheets in JSON editors
// seeded from its published examples. Every ruleset plays its resolve operations through the one generic player and
// runs its matchups through `simulate`.
import { createFightRulesClient, type JsonObject, type RulesetInfo } from "../src/index.js";
import { type Context, loadCatalogues, NEEDS } from "./context.js";
import { byId, h, say } from "./dom.js";
import { mountJsonTool } from "./jsontool.js";
import { mountMatchup } from "./matchup.js";
import { mountMoveBuilder } from "./move.js";
import { mountPlayer, type Player, type SheetSource } from "./player.js";
import { isStepOperation, loadDoc, named, type Page } from "./published.js";
import { mountSheet } from "./sheet.js";
import { sheetOf } from "./slots.js";

const client = createFightRulesClient();

function missing(info: RulesetInfo): string[] {
  const ops = new Set(info.operations.map((o) => o.name));
  const docs = new Set(info.catalogue.map((o) => o.name));
  return [...NEEDS.operations.filter((n) => !ops.has(n)), ...NEEDS.catalogue.filter((n) => !docs.has(n))];
}

const show = (id: string) => byId(id).removeAttribute("hidden");

async function forms(page: Page): Promise<SheetSource> {
  const ctx: Context = { client, ruleset: page.info.id, catalogues: await loadCatalogues(client, page.info.id) };
  const sheet = mountSheet(ctx, (move, index) => builder.edit(move, index));
  const builder = mountMoveBuilder(ctx, sheet);
  show("move");
  show("sheet");
  return { current: () => sheet.current() as unknown as JsonObject };
}

function editors(page: Page): SheetSource {
  const pricing = named(page.info, "price_", "quote_");
  if (pricing.length) {
    show("price");
    mountJsonTool(page, byId("price-panel"), "price", pricing);
  }
  const checks = named(page.info, "validate_").filter((o) => !isStepOperation(page, o));
  if (!checks.length) return { current: () => undefined };
  show("check");
  const tool = mountJsonTool(page, byId("check-panel"), "check", checks);
  return {
    current: () => {
      const body = tool.current();
      return body && sheetOf(body);
    },
  };
}

async function start(): Promise<void> {
  const rulesets = await client.rulesets();
  const select = byId<HTMLSelectElement>("ruleset");
  select.replaceChildren(...rulesets.map((r) => h("option", { value: r.id }, `${r.name} (${r.version})`)));
  const chosen = new URLSearchParams(location.search).get("ruleset");
  const usable = rulesets.find((r) => missing(r).length === 0);
  if (chosen && rulesets.some((r) => r.id === chosen)) select.value = chosen;
  else if (usable) select.value = usable.id;
  select.addEventListener("change", () => {
    location.search = `?ruleset=${encodeURIComponent(select.value)}`;
  });
  const info = rulesets.find((r) => r.id === select.value);
  if (!info) return say("The service hosts no ruleset.", true);
  say(`Loading ${info.name}…`);
  const page: Page = { client, info, doc: await loadDoc() };
  const sheets = missing(info).length === 0 ? await forms(page) : editors(page);
  let player: Player | undefined;
  if (info.operations.some((o) => isStepOperation(page, o))) {
    show("play");
    player = mountPlayer(page, byId("play-panel"), sheets);
  }
  show("matchup");
  mountMatchup(page, byId("matchup-panel"), player);
  document.body.classList.add("ready");
  say(`${info.name}: ${info.operations.length} operations.`);
}

start().catch((error: Error) => say(`The page could not start: ${error.message}`, true));
