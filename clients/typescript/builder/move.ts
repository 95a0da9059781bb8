// The Special Move builder: entries searched in the catalogue, their options, and the price after every change,
// each violation shown beside the entry whose path it names.
import type { Schemas } from "../src/index.js";
import { ask, type Context, type Entry, type EntryChoice, type FighterMove } from "./context.js";
import { byId, debounce, field, fill, h, numberInput, pairs, placeFindings, say, slot, uid } from "./dom.js";

type MoveType = "special" | "super";
type List = "elements" | "liabilities";
const RESULTS_SHOWN = 25;

interface Draft {
  name: string;
  type: MoveType;
  level: number;
  ki: number | null;
  elements: EntryChoice[];
  liabilities: EntryChoice[];
}

export interface SheetMoves {
  add(move: FighterMove): void;
  replace(index: number, move: FighterMove): void;
}

export interface MoveBuilder {
  /** Loads a move of the sheet into the builder; saving it replaces the sheet's move at `index`. */
  edit(move: FighterMove, index: number): void;
}

export function mountMoveBuilder(ctx: Context, sheet: SheetMoves): MoveBuilder {
  const draft: Draft = { name: "", type: "special", level: 3, ki: null, elements: [], liabilities: [] };
  const byEntryId = new Map(ctx.catalogues.entries.map((e) => [e.id, e]));
  const chosen = byId<HTMLOListElement>("move-entries");
  const results = byId<HTMLUListElement>("entry-results");
  const price = byId("move-price");
  const general = byId("move-findings");
  let asked = 0;

  const request = () => ({
    name: draft.name || null,
    type: draft.type,
    level: draft.level,
    elements: draft.elements,
    liabilities: draft.liabilities,
    fighter: draft.ki === null ? null : { ki: draft.ki },
  });

  const reprice = debounce(async () => {
    const mine = ++asked;
    try {
      const answer = await ask<Schemas["Fight2eMovePrice"]>(ctx, "price_move", request());
      if (mine !== asked) return; // a later change is already being priced
      showPrice(answer);
      placeFindings(byId("move"), [...answer.violations, ...answer.warnings], general);
    } catch (error) {
      if (mine === asked) say(`Pricing failed: ${(error as Error).message}`, true);
    }
  }, 120);

  function showPrice(p: Schemas["Fight2eMovePrice"]): void {
    const damage = p.damage
      ? `${p.damage.die_with_strength ?? p.damage.die}${p.damage.stun_bonus ? ` (+${p.damage.stun_bonus} Stun)` : ""}`
      : "none";
    fill(
      price,
      h(
        "p",
        { class: p.legal ? "legal" : "illegal" },
        p.legal ? "Legal move" : `Breaks ${p.violations.length} rule(s)`,
      ),
      h(
        "dl",
        {},
        ...pairs([
          ["Move Points", p.move_points],
          ["Element slots", `${p.elements_spent} of ${p.element_slots + p.liability_slots} used`],
          ["Control", p.control],
          ["Accuracy", signed(p.accuracy)],
          ["Damage", damage],
          ["Range", p.range ? `${p.range.min}–${p.range.max}` : "—"],
          ["Keywords", p.keywords.join(", ") || "—"],
        ]),
      ),
      p.unsupported.length
        ? h(
            "p",
            { class: "unsupported" },
            "Not decided by the service: ",
            p.unsupported.map((u) => `${u.id} (${u.reason})`).join("; "),
          )
        : null,
    );
  }

  function renderChosen(): void {
    chosen.replaceChildren(
      ...(["elements", "liabilities"] as const).flatMap((list) => draft[list].map((c, i) => entryRow(list, i, c))),
    );
    if (!chosen.children.length)
      chosen.append(h("li", { class: "empty" }, "No entry yet: add one from the catalogue."));
  }

  function entryRow(list: List, index: number, choice: EntryChoice): HTMLLIElement {
    const entry = byEntryId.get(choice.id);
    const changed = () => reprice();
    const most = (draft.type === "super" ? entry?.super_instances : entry?.instances) ?? 20;
    const row = h(
      "li",
      { "data-path": `${list}[${index}]` },
      h(
        "span",
        { class: "entry-name" },
        entry?.name ?? choice.id,
        " ",
        h("small", {}, `${entry?.kind ?? ""} · ${entry?.list_cost ?? ""}`),
      ),
      most > 1
        ? field(
            "Times",
            numberInput(choice.times ?? 1, 1, Math.min(most, 20), (v) => {
              choice.times = v ?? 1;
              changed();
            }),
          )
        : null,
      ...(entry?.options ?? []).map((option) => optionControl(choice, option, changed)),
      h(
        "button",
        {
          type: "button",
          class: "remove",
          "aria-label": `Remove ${entry?.name ?? choice.id}`,
          onclick: () => {
            draft[list].splice(index, 1);
            renderChosen();
            reprice();
          },
        },
        "Remove",
      ),
    );
    slot(row);
    return row;
  }

  function renderResults(): void {
    const text = byId<HTMLInputElement>("entry-search").value.trim().toLowerCase();
    const kind = byId<HTMLSelectElement>("entry-kind").value;
    const found = ctx.catalogues.entries.filter(
      (e) =>
        (!kind || e.kind === kind) &&
        (e.move_types ?? ["special", "super"]).includes(draft.type) &&
        (!text || e.name.toLowerCase().includes(text) || e.id.includes(text) || e.summary.toLowerCase().includes(text)),
    );
    const rank = (e: Entry) =>
      !text ? 0 : e.name.toLowerCase().startsWith(text) ? 0 : e.name.toLowerCase().includes(text) ? 1 : 2;
    found.sort((a, b) => rank(a) - rank(b)); // names first, then summaries
    results.replaceChildren(
      ...found
        .slice(0, RESULTS_SHOWN)
        .map((e) =>
          h(
            "li",
            {},
            h("button", { type: "button", onclick: () => add(e), "aria-label": `Add ${e.name}` }, "Add"),
            " ",
            h("strong", {}, e.name),
            " ",
            h("small", {}, `${e.kind}, ${e.list_cost}`),
            h("br"),
            h("span", { class: "summary" }, e.summary),
          ),
        ),
    );
    byId("entry-count").textContent =
      `${found.length} found${found.length > RESULTS_SHOWN ? `, first ${RESULTS_SHOWN} shown` : ""}`;
  }

  function add(entry: Entry): void {
    const list: List = entry.kind === "liability" ? "liabilities" : "elements";
    const same = draft[list].find((c) => c.id === entry.id && !c.options);
    if (same && !entry.options?.length) same.times = (same.times ?? 1) + 1;
    else draft[list].push({ id: entry.id });
    renderChosen();
    reprice();
  }

  function renderForm(): void {
    byId("move-form").replaceChildren(
      field(
        "Name",
        h("input", {
          type: "text",
          maxlength: 120,
          value: draft.name,
          oninput: (e: Event) => ((draft.name = value(e)), reprice()),
        }),
      ),
      field(
        "Type",
        h(
          "select",
          { onchange: (e: Event) => ((draft.type = value(e) as MoveType), renderResults(), reprice()) },
          h("option", { value: "special", selected: draft.type === "special" }, "Special Move"),
          h("option", { value: "super", selected: draft.type === "super" }, "Super Move"),
        ),
      ),
      h(
        "span",
        { "data-path": "level" },
        field(
          "Level",
          numberInput(draft.level, 0, 30, (v) => ((draft.level = v ?? 0), reprice())),
        ),
      ),
      field(
        "Fighter's Ki Skill",
        numberInput(draft.ki, 0, 10, (v) => ((draft.ki = v), reprice())),
        "optional: checks Ki-based Elements",
      ),
    );
  }

  byId("entry-search").addEventListener("input", debounce(renderResults, 80));
  byId("entry-kind").addEventListener("change", renderResults);
  const addButton = byId("move-add");
  let editing: number | null = null; // the sheet's move being edited, or none: a new move
  const setEditing = (index: number | null) => {
    editing = index;
    addButton.textContent = index === null ? "Add to the sheet" : `Replace move ${index + 1} on the sheet`;
  };
  addButton.addEventListener("click", async () => {
    try {
      // Priced again as it stands now: the live price may still be waiting for the last change.
      const now = await ask<Schemas["Fight2eMovePrice"]>(ctx, "price_move", request());
      const move: FighterMove = {
        name: draft.name || `L${draft.level} ${draft.type === "super" ? "Super" : "Special"} Move`,
        kind: draft.type,
        level: draft.level,
        elements: structuredClone(draft.elements),
        liabilities: structuredClone(draft.liabilities),
        cost_paid: now.move_points,
      };
      if (editing === null) sheet.add(move);
      else sheet.replace(editing, move);
      say(`“${move.name}” is on the sheet.`);
      setEditing(null);
    } catch (error) {
      say(`Pricing failed: ${(error as Error).message}`, true);
    }
  });
  renderForm();
  renderResults();
  renderChosen();
  reprice();
  return {
    edit(move, index) {
      const { elements = [], liabilities = [], ...kept } = structuredClone(move);
      Object.assign(draft, {
        name: kept.name ?? "",
        type: kept.kind === "super" ? "super" : "special",
        level: kept.level ?? 0,
        elements,
        liabilities,
      });
      setEditing(index);
      renderForm();
      renderResults();
      renderChosen();
      reprice();
      byId("move").scrollIntoView();
      byId("move-form").querySelector("input")?.focus();
    },
  };
}

function optionControl(choice: EntryChoice, option: Schemas["Fight2eEntryOption"], changed: () => void): HTMLElement {
  const options = (choice.options ??= {});
  const set = (v: string | number | string[] | null) => {
    if (v === null || v === "" || (Array.isArray(v) && !v.length)) delete options[option.name];
    else options[option.name] = v;
    if (!Object.keys(options).length) delete choice.options;
    changed();
  };
  const label = option.name.replaceAll("_", " ");
  const current = options[option.name];
  let control: HTMLElement;
  if (option.type === "choice") {
    control = h(
      "select",
      { onchange: (e: Event) => set(value(e) || null) },
      h("option", { value: "" }, option.required ? "— choose —" : "— none —"),
      ...(option.choices ?? []).map((c) =>
        h("option", { value: c.value, selected: c.value === current, title: c.summary }, c.value.replaceAll("_", " ")),
      ),
    );
  } else if (option.type === "int") {
    control = numberInput(typeof current === "number" ? current : null, option.minimum ?? 0, option.maximum ?? 99, set);
  } else {
    const many = option.type === "entries";
    control = h("input", {
      type: "text",
      value: Array.isArray(current) ? current.join(", ") : String(current ?? ""),
      oninput: (e: Event) =>
        set(
          many
            ? value(e)
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean)
            : value(e).trim(),
        ),
    });
  }
  const id = uid("opt");
  control.id = id;
  return h("span", { class: "field" }, h("label", { for: id }, label), control);
}

function value(e: Event): string {
  return (e.target as HTMLInputElement | HTMLSelectElement).value;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
