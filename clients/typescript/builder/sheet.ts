// The Fighter sheet: qualities, skills and moves, validated after every change with the derived values shown;
// imported from and exported to a JSON file.
import type { Schemas } from "../src/index.js";
import { ask, type Context, type Fighter, type FighterMove } from "./context.js";
import { byId, fill, pairs, debounce, download, field, h, numberInput, placeFindings, say, slot } from "./dom.js";

type Validation = Schemas["Fight2eFighterValidation"];
type Pick = "qualities" | "weaknesses" | "quirks";

export function blankFighter(): Fighter {
  return {
    name: "New Fighter",
    power_level: 1,
    glory: 0,
    basic_qualities: { strength: 0, speed: 0, stamina: 0 },
    combat_skills: { defense: 0, evasion: 0, tactics: 0, combo: 0, ki: 0 },
    qualities: [],
    weaknesses: [],
    quirks: [],
    narrative_skills: [],
    moves: [],
  };
}

/** A sheet from a file: the Fighter itself or a validate request `{"fighter": …}`. */
export function readSheet(text: string): Fighter {
  const data: unknown = JSON.parse(text);
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("the file is not a JSON object");
  const sheet = ("fighter" in data ? (data as { fighter: unknown }).fighter : data) as Fighter;
  if (!sheet || typeof sheet !== "object" || !("basic_qualities" in sheet))
    throw new Error("no basic_qualities: not a Fighter sheet");
  return sheet;
}

export interface SheetEditor {
  current(): Fighter;
  add(move: FighterMove): void;
  replace(index: number, move: FighterMove): void;
}

/** `edit` opens one of the sheet's moves in the move builder. */
export function mountSheet(ctx: Context, edit: (move: FighterMove, index: number) => void): SheetEditor {
  let sheet = blankFighter();
  const root = byId("sheet");
  const general = byId("sheet-findings");
  const names = new Map<string, string>(
    [...ctx.catalogues.qualities, ...ctx.catalogues.weaknesses, ...ctx.catalogues.quirks, ...ctx.catalogues.skills].map(
      (t) => [t.id, t.name],
    ),
  );
  let asked = 0;

  const revalidate = debounce(async () => {
    const mine = ++asked;
    try {
      const answer = await ask<Validation>(ctx, "validate_fighter", { fighter: sheet });
      if (mine === asked) show(answer);
    } catch (error) {
      if (mine === asked) say(`Validation failed: ${(error as Error).message}`, true);
    }
  }, 150);

  function show(v: Validation): void {
    const d = v.derived;
    fill(
      byId("sheet-verdict"),
      h(
        "p",
        { class: v.valid ? "legal" : "illegal" },
        v.valid ? "Valid sheet" : `Breaks ${v.violations.length} rule(s)`,
      ),
      h(
        "dl",
        {},
        ...pairs([
          ["Life Bar", d.life_bar],
          ["Fighting Spirit", d.fighting_spirit],
          ["Initiative die", d.initiative_die],
          ["Control die", d.control_die],
          ["Stun Threshold", d.stun_threshold],
          ["Skill cap", d.skill_cap],
          ["Max Control", d.max_control],
          ["Special Move damage", d.special_move_damage_die],
          ["Super Moves", `${d.super_moves_owned} (${d.super_moves_min}–${d.super_moves_max})`],
          ["Quality slots", `${d.qualities_held} of ${d.quality_slots}`],
        ]),
      ),
      v.unsupported.length
        ? h("p", { class: "unsupported" }, "Not decided by the service: ", v.unsupported.map((u) => u.id).join(", "))
        : null,
    );
    placeFindings(root, [...v.violations, ...v.warnings], general, "fighter.");
  }

  const changed = () => revalidate();

  function scalarFields(): void {
    const bq = sheet.basic_qualities;
    const cs = (sheet.combat_skills ??= {});
    byId("sheet-basics").replaceChildren(
      field(
        "Name",
        h("input", {
          type: "text",
          value: sheet.name ?? "",
          oninput: (e: Event) => ((sheet.name = (e.target as HTMLInputElement).value), changed()),
        }),
      ),
      h(
        "span",
        { "data-path": "power_level" },
        field(
          "Power Level",
          numberInput(sheet.power_level, 0, 20, (v) => ((sheet.power_level = v ?? 1), changed())),
        ),
      ),
      h(
        "span",
        { "data-path": "glory" },
        field(
          "Glory",
          numberInput(sheet.glory, 0, 100000, (v) => ((sheet.glory = v), changed())),
        ),
      ),
    );
    byId("sheet-basic-qualities").replaceChildren(
      ...(["strength", "speed", "stamina"] as const).map((q) =>
        h(
          "span",
          { "data-path": `basic_qualities.${q}` },
          field(
            cap(q),
            numberInput(bq[q], -3, 3, (v) => ((bq[q] = v ?? 0), changed())),
          ),
        ),
      ),
    );
    byId("sheet-combat").replaceChildren(
      ...(["defense", "evasion", "tactics", "combo", "ki"] as const).map((s) =>
        h(
          "span",
          { "data-path": `combat_skills.${s}` },
          field(
            cap(s),
            numberInput(cs[s] ?? 0, -10, 100, (v) => ((cs[s] = v ?? 0), changed())),
          ),
        ),
      ),
    );
  }

  function renderLists(): void {
    for (const list of ["qualities", "weaknesses", "quirks"] as const) {
      byId(`sheet-${list}`).replaceChildren(
        ...(sheet[list] ?? []).map((t, i) =>
          row(`${list}[${i}]`, names.get(t.id) ?? t.id, () => (sheet[list]!.splice(i, 1), render())),
        ),
      );
    }
    byId("sheet-skills").replaceChildren(
      ...(sheet.narrative_skills ?? []).map((s, i) => {
        const li = row(
          `narrative_skills[${i}]`,
          names.get(s.id) ?? s.id,
          () => (sheet.narrative_skills!.splice(i, 1), render()),
        );
        li.insertBefore(
          field(
            "Level",
            numberInput(s.level, -10, 100, (v) => ((s.level = v ?? 0), changed())),
          ),
          li.querySelector("button"),
        );
        return li;
      }),
    );
    byId("sheet-moves").replaceChildren(
      ...(sheet.moves ?? []).map((m, i) => {
        const kind = { special: "Special", super: "Super", command: "Command" }[m.kind ?? "special"];
        const label = `${m.name ?? "Move"} (${kind} L${m.level ?? 0}, ${m.cost_paid ?? "?"} MP)`;
        const li = row(`moves[${i}]`, label, () => (sheet.moves!.splice(i, 1), render()));
        if (m.kind !== "command") {
          const button = h(
            "button",
            { type: "button", "aria-label": `Edit ${label}`, onclick: () => edit(m, i) },
            "Edit",
          );
          li.insertBefore(button, li.querySelector("button"));
        }
        return li;
      }),
    );
  }

  function row(path: string, label: string, remove: () => void): HTMLLIElement {
    const li = h(
      "li",
      { "data-path": path },
      h("span", {}, label),
      " ",
      h("button", { type: "button", class: "remove", "aria-label": `Remove ${label}`, onclick: remove }, "Remove"),
    );
    slot(li);
    return li;
  }

  function render(): void {
    scalarFields();
    renderLists();
    revalidate();
  }

  function picker(list: Pick, options: { id: string; name: string }[]): void {
    const select = byId<HTMLSelectElement>(`pick-${list}`);
    select.replaceChildren(
      h("option", { value: "" }, "— choose —"),
      ...options.map((o) => h("option", { value: o.id }, o.name)),
    );
    byId(`add-${list}`).addEventListener("click", () => {
      if (!select.value) return;
      (sheet[list] ??= []).push({ id: select.value });
      render();
    });
  }

  picker("qualities", ctx.catalogues.qualities);
  picker("weaknesses", ctx.catalogues.weaknesses);
  picker("quirks", ctx.catalogues.quirks);
  const skillSelect = byId<HTMLSelectElement>("pick-skill");
  skillSelect.replaceChildren(
    h("option", { value: "" }, "— choose —"),
    ...ctx.catalogues.skills.filter((s) => s.kind !== "combat").map((s) => h("option", { value: s.id }, s.name)),
  );
  byId("add-skill").addEventListener("click", () => {
    if (!skillSelect.value) return;
    (sheet.narrative_skills ??= []).push({ id: skillSelect.value, level: 1 });
    render();
  });

  byId("sheet-export").addEventListener("click", () => {
    const text = JSON.stringify(sheet, null, 2);
    byId<HTMLTextAreaElement>("sheet-json").value = text;
    download(`${(sheet.name || "fighter").replace(/[^\w-]+/g, "_")}.json`, text);
  });
  const load = (text: string) => {
    try {
      sheet = readSheet(text);
      render();
      say(`Loaded “${sheet.name ?? "a Fighter"}”.`);
    } catch (error) {
      say(`Import failed: ${(error as Error).message}`, true);
    }
  };
  byId<HTMLInputElement>("sheet-file").addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) load(await file.text());
  });
  byId("sheet-load").addEventListener("click", () => load(byId<HTMLTextAreaElement>("sheet-json").value));

  render();
  return {
    current: () => structuredClone(sheet),
    add(move) {
      (sheet.moves ??= []).push(move);
      render();
    },
    replace(index, move) {
      (sheet.moves ??= [])[index] = move;
      render();
    },
  };
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
