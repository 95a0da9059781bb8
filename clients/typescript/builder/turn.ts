// One combat turn between two sheets, in step mode: the table rolls the dice the service names and picks one of
// the choices it offers for each pending decision, until the turn is resolved.
import {
  answerDecision,
  defaultChoice,
  isPending,
  rollDie,
  type Schemas,
  type StepDecision,
  supplyDice,
} from "../src/index.js";
import { ask, type Context, type Fighter } from "./context.js";
import { byId, fill, field, h, numberInput, placeFindings, say } from "./dom.js";
import { readSheet, type SheetEditor } from "./sheet.js";

type TurnRequest = Schemas["TurnRequest"];
type TurnResult = Schemas["TurnResult"];
type Decision = Schemas["PendingDecision"];

export function mountTurn(ctx: Context, editor: SheetEditor): void {
  const sides: [Fighter | undefined, Fighter | undefined] = [undefined, undefined];
  let range = 1;
  let request: TurnRequest | undefined;
  let answer: TurnResult | undefined;
  let trips = 0;
  const pending = byId("turn-pending");
  const outcome = byId("turn-outcome");

  for (const i of [0, 1] as const) {
    const label = byId(`side-${i}-name`);
    const take = (sheet: Fighter) => {
      sides[i] = sheet;
      label.textContent = sheet.name ?? "A Fighter";
    };
    byId(`side-${i}-take`).addEventListener("click", () => take(editor.current()));
    byId<HTMLInputElement>(`side-${i}-file`).addEventListener("change", async (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (!file) return;
      try {
        take(readSheet(await file.text()));
      } catch (error) {
        say(`Import failed: ${(error as Error).message}`, true);
      }
    });
  }
  byId("turn-range").replaceChildren(
    field(
      "Starting Range",
      numberInput(range, 0, 5, (v) => (range = v ?? 1)),
    ),
  );

  const section = byId("turn");
  async function send(): Promise<void> {
    trips++;
    section.setAttribute("aria-busy", "true");
    try {
      answer = await ask<TurnResult>(ctx, "resolve_turn", request);
      if (isPending(answer)) showPending(answer);
      else showOutcome(answer);
    } catch (error) {
      say(`The turn failed: ${(error as Error).message}`, true);
    } finally {
      section.removeAttribute("aria-busy");
    }
  }

  byId("turn-start").addEventListener("click", async () => {
    const [a, b] = sides;
    if (!a || !b) return say("Choose both Fighters first.", true);
    section.setAttribute("aria-busy", "true");
    try {
      request = {
        fight: { turn: 1, time_count: 99, positioning: { mode: "range", range } },
        fighters: await Promise.all([combatant(ctx, a, 0), combatant(ctx, b, 1)]),
        decisions: {},
        if_asked: {},
        rolls: {},
      };
      const [first, second] = request.fighters;
      if (first.id === second.id) second.id = `${second.id}_2`; // two copies of one sheet
      trips = 0;
      outcome.replaceChildren();
    } catch (error) {
      section.removeAttribute("aria-busy");
      return say(`The turn failed: ${(error as Error).message}`, true);
    }
    await send();
  });

  const who = (id: string) => request?.fighters.find((f) => f.id === id)?.sheet.name ?? id;

  function showPending(a: TurnResult): void {
    const dice = (a.dice_needed ?? []).map((d) => {
      const max = Number(/d(\d+)/.exec(d.die)?.[1] ?? 20);
      const input = numberInput(null, 1, max, () => {});
      input.required = true;
      input.dataset.key = d.key;
      input.dataset.die = d.die;
      return h("li", {}, field(`${who(d.fighter)}: ${d.purpose} (${d.die})`, input));
    });
    const decisions = (a.decisions_needed ?? []).map((d, n) => decisionField(d, n));
    fill(
      pending,
      h("h3", {}, `Round trip ${trips}: the turn needs`),
      dice.length
        ? h(
            "fieldset",
            {},
            h("legend", {}, "Dice"),
            h("ul", { class: "plain" }, ...dice),
            h("button", { type: "button", onclick: () => rollEvery() }, "Roll every die"),
          )
        : null,
      ...decisions,
      h("button", { type: "submit" }, "Send"),
    );
  }

  function rollEvery(): void {
    for (const input of pending.querySelectorAll<HTMLInputElement>("input[data-die]"))
      input.value = String(rollDie(input.dataset.die!));
  }

  pending.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!request || !answer) return;
    const rolls: Record<string, number> = {};
    for (const input of pending.querySelectorAll<HTMLInputElement>("input[data-die]"))
      rolls[input.dataset.key!] = Number(input.value);
    let next = supplyDice(request, rolls);
    (answer.decisions_needed ?? []).forEach((d, n) => {
      if (!d.choices?.length) return; // nothing offered to pick: the turn goes on without an answer
      const picked = pending.querySelector<HTMLInputElement>(`input[name="decision-${n}"]:checked`);
      next = answerDecision(next, d as StepDecision, Number(picked?.value ?? 0));
    });
    request = next;
    await send();
  });

  function showOutcome(a: TurnResult): void {
    pending.replaceChildren();
    fill(
      outcome,
      h(
        "h3",
        {},
        a.status === "invalid"
          ? "The turn cannot be played"
          : `Turn over (${a.status.replace("_", " ")}) after ${trips} round trip(s)`,
      ),
      a.winner ? h("p", {}, `Winner: ${who(a.winner)}`) : null,
      h(
        "table",
        {},
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "Fighter"),
            h("th", { scope: "col" }, "Life Bar"),
            h("th", { scope: "col" }, "Fighting Spirit"),
          ),
        ),
        h(
          "tbody",
          {},
          ...a.fighters.map((f) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, who(f.id)),
              h("td", {}, f.state.life_bar),
              h("td", {}, f.state.fighting_spirit),
            ),
          ),
        ),
      ),
      h("ul", { id: "turn-findings", class: "findings" }),
      a.unsupported.length
        ? h("p", { class: "unsupported" }, "Not decided by the service: ", a.unsupported.map((u) => u.id).join(", "))
        : null,
      h("h4", {}, "Log"),
      h("ol", { class: "log" }, ...a.log.map((step) => h("li", {}, step.text))),
    );
    placeFindings(outcome, [...a.violations, ...a.warnings], byId("turn-findings"));
  }
}

function decisionField(d: Decision, n: number): HTMLFieldSetElement {
  const choices = d.choices ?? [];
  const preferred = choices.length ? choices.indexOf(defaultChoice(d as StepDecision) as (typeof choices)[number]) : -1;
  return h(
    "fieldset",
    { class: "decision" },
    h("legend", {}, `${d.text}${d.provisional ? " (asked ahead of the dice)" : ""}`),
    ...choices.map((c, i) =>
      h(
        "label",
        { class: "choice" },
        h("input", { type: "radio", name: `decision-${n}`, value: i, checked: i === preferred }),
        ` ${c.text}`,
        c.fs || c.control ? h("small", {}, ` FS ${c.fs ?? 0}, Control ${c.control ?? 0}`) : null,
        c.can_hit === false ? h("small", {}, " (out of reach)") : null,
      ),
    ),
  );
}

/** A sheet as a fighter of the turn: an id from its name, and full Life Bar and FS from its derived values. */
async function combatant(ctx: Context, sheet: Fighter, index: 0 | 1): Promise<Schemas["CombatFighter"]> {
  const checked = await ask<Schemas["FighterValidation"]>(ctx, "validate_fighter", {
    fighter: sheet,
  });
  const slug = (sheet.name ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 30);
  const id = slug || ["first", "second"][index];
  const { life_bar, fighting_spirit } = checked.derived;
  return { id, sheet, state: { life_bar, fighting_spirit, fs_start: fighting_spirit } };
}
