// The builder page: the rulesets from /v1/rulesets, the chosen one's catalogues, then the three tools.
import { createFightRulesClient, type RulesetInfo } from "../src/index.js";
import { type Context, loadCatalogues, NEEDS } from "./context.js";
import { byId, h, say } from "./dom.js";
import { mountMoveBuilder } from "./move.js";
import { mountSheet } from "./sheet.js";
import { mountTurn } from "./turn.js";

const client = createFightRulesClient();

function missing(info: RulesetInfo): string[] {
  const ops = new Set(info.operations.map((o) => o.name));
  const docs = new Set(info.catalogue.map((o) => o.name));
  return [...NEEDS.operations.filter((n) => !ops.has(n)), ...NEEDS.catalogue.filter((n) => !docs.has(n))];
}

async function start(): Promise<void> {
  const rulesets = await client.rulesets();
  const select = byId<HTMLSelectElement>("ruleset");
  select.replaceChildren(...rulesets.map((r) => h("option", { value: r.id }, `${r.name} (${r.version})`)));
  // The one named in the address, else the first that offers what the page needs (not every ruleset does).
  const chosen = new URLSearchParams(location.search).get("ruleset");
  const usable = rulesets.find((r) => missing(r).length === 0);
  if (chosen && rulesets.some((r) => r.id === chosen)) select.value = chosen;
  else if (usable) select.value = usable.id;
  select.addEventListener("change", () => {
    location.search = `?ruleset=${encodeURIComponent(select.value)}`;
  });
  const info = rulesets.find((r) => r.id === select.value);
  if (!info) return say("The service hosts no ruleset.", true);
  const lacking = missing(info);
  if (lacking.length)
    return say(`${info.name}: this page needs ${lacking.join(", ")}, which the ruleset does not offer.`, true);
  say(`Loading the ${info.name} catalogue…`);
  const ctx: Context = { client, ruleset: info.id, catalogues: await loadCatalogues(client, info.id) };
  const sheet = mountSheet(ctx, (move, index) => builder.edit(move, index));
  const builder = mountMoveBuilder(ctx, sheet);
  mountTurn(ctx, sheet);
  document.body.classList.add("ready");
  say(`${info.name}: ${ctx.catalogues.entries.length} Elements and Liabilities.`);
}

start().catch((error: Error) => say(`The page could not start: ${error.message}`, true));
