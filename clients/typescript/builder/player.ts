// One player for every ruleset's resolve operations, built on the client's step driver (driveWith): each answer that
// says `decision_required` becomes a form of the dice it names and the decisions it asks, labelled with the choices'
// own words; the table rolls or types the dice and picks, and the driver sends again, to the end of the step.
import {
  choiceText,
  DECISION_REQUIRED,
  driveWith,
  type JsonObject,
  type OperationInfo,
  preferredChoice,
  rollDice,
  type StepAnswer,
  type StepDecision,
} from "../src/index.js";
import { field, fill, h, placeFindings, say } from "./dom.js";
import { findingsOf } from "./jsontool.js";
import { examples, isStepOperation, type Page, withoutSteps } from "./published.js";
import { at, findSides, nameOf, type Path, placeSheet, sheetOf } from "./slots.js";

export interface SheetSource {
  /** The sheet the page's sheet panel holds, or undefined. */
  current(): JsonObject | undefined;
}

export interface Player {
  /** The sheet in side `i` of the request as it stands (the matchup panel borrows them). */
  side(i: number): JsonObject | undefined;
}

const MAX_TRIPS = 60;

/** What a choice spends, as the protocol's `costs` gives it (`fs 3, control 1`); empty when it names none. */
function costsText(costs: unknown): string {
  if (!costs || typeof costs !== "object") return "";
  return Object.entries(costs as Record<string, unknown>)
    .filter(([, n]) => typeof n === "number" && n !== 0)
    .map(([k, n]) => `${k.replaceAll("_", " ")} ${n}`)
    .join(", ");
}

export function mountPlayer(page: Page, root: HTMLElement, sheets: SheetSource): Player {
  const ops = page.info.operations.filter((o) => isStepOperation(page, o));
  const preferred = ops.find((o) => /round|turn|bout/.test(o.name)) ?? ops[0];
  let op: OperationInfo = preferred;
  let sides: Path[] = [];
  let running = false;
  const chosen: (JsonObject | undefined)[] = [undefined, undefined];

  const opSelect = h("select", { id: "play-op" }, ...ops.map((o) => h("option", { value: o.name }, o.summary)));
  opSelect.value = op.name;
  const exampleSelect = h("select", { id: "play-example" });
  const editor = h("textarea", { id: "play-request", rows: 12, spellcheck: "false" });
  const sideBox = h("div", { class: "columns", id: "play-sides" });
  const pending = h("form", { id: "play-pending", "aria-live": "polite" });
  const outcome = h("div", { id: "play-outcome", "aria-live": "polite" });

  const request = (): JsonObject => JSON.parse(editor.value) as JsonObject;
  const who = (id: string): string => {
    const side = sides.map((p) => at(safeRequest(), p) as JsonObject | undefined).find((s) => s?.id === id);
    const name = side ? nameOf(side) : id;
    return name === id ? id : `${name} (${id})`;
  };
  const safeRequest = (): JsonObject => {
    try {
      return request();
    } catch {
      return {};
    }
  };

  function renderSides(): void {
    const body = safeRequest();
    sides = findSides(body);
    sideBox.replaceChildren(
      ...sides.map((path, i) => {
        const input = h("input", { type: "file", id: `side-${i}-file`, accept: "application/json,.json" });
        input.addEventListener("change", async () => {
          const file = input.files?.[0];
          if (file) take(i, JSON.parse(await file.text()) as JsonObject);
        });
        return h(
          "fieldset",
          { "data-side": i },
          h(
            "legend",
            {},
            `${["First", "Second"][i]} side: `,
            h("span", { id: `side-${i}-name` }, nameOf(at(body, path))),
          ),
          h(
            "button",
            { type: "button", id: `side-${i}-take`, onclick: () => takeFromSheet(i) },
            "Take the sheet above",
          ),
          " ",
          field("or a JSON file", input),
        );
      }),
    );
  }

  function takeFromSheet(i: number): void {
    const sheet = sheets.current();
    if (!sheet) return say("The sheet panel holds no JSON object.", true);
    take(i, sheet);
  }

  function take(i: number, sheet: JsonObject): void {
    // The sheet itself, or a request that carries one ({"fighter": …}).
    let inner = sheet;
    let next = placeSheet(safeRequest(), sides[i], inner);
    if (!next && sheetOf(sheet) !== sheet) next = placeSheet(safeRequest(), sides[i], (inner = sheetOf(sheet)));
    if (!next) return say(`This sheet does not fit the sides of ${op.name}: edit the request's JSON instead.`, true);
    chosen[i] = inner;
    editor.value = JSON.stringify(next, null, 2);
    renderSides();
    say(`${nameOf(inner)} takes the ${["first", "second"][i]} side.`);
  }

  function chooseOp(name: string): void {
    op = ops.find((o) => o.name === name) ?? preferred;
    const published = examples(page, op);
    exampleSelect.replaceChildren(...published.map(([n]) => h("option", { value: n }, n)));
    load(published[0]?.[1] ?? {});
  }

  function load(body: JsonObject): void {
    editor.value = JSON.stringify(withoutSteps(body), null, 2);
    pending.replaceChildren();
    outcome.replaceChildren();
    renderSides();
  }

  opSelect.addEventListener("change", () => chooseOp(opSelect.value));
  exampleSelect.addEventListener("change", () => {
    const found = examples(page, op).find(([n]) => n === exampleSelect.value);
    if (found) load(found[1]);
  });
  editor.addEventListener("change", renderSides);

  // The table's answers for one round trip: the form is shown when the answer arrives, and the driver's roll and
  // choose wait for it to be sent, then read the field of their key.
  let sent: Promise<void> = Promise.resolve();
  let release: () => void = () => {};
  pending.addEventListener("submit", (e) => {
    e.preventDefault();
    release();
  });
  const dieInput = (key: string) => pending.querySelector<HTMLInputElement>(`input[data-key="${CSS.escape(key)}"]`)!;
  const picked = (key: string) =>
    pending.querySelector<HTMLInputElement>(`input[data-decision="${CSS.escape(key)}"]:checked`);

  function showPending(answer: StepAnswer, trip: number): void {
    sent = new Promise((resolve) => (release = resolve));
    const dice = (answer.dice_needed ?? []).map((d) => {
      const sides = Number(/d(\d+)/.exec(d.die)?.[1] ?? 20);
      const count = Number(/^(\d*)d/.exec(d.die)?.[1] || 1);
      const input = h("input", { type: "number", min: count, max: count * sides, required: true, "data-key": d.key });
      input.dataset.die = d.die;
      const by = typeof d.fighter === "string" ? `${who(d.fighter)}: ` : "";
      const purpose = typeof d.purpose === "string" ? d.purpose : d.key;
      return h("li", {}, field(`${by}${purpose} (${d.die})`, input));
    });
    const rollEvery = () => {
      for (const input of pending.querySelectorAll<HTMLInputElement>("input[data-die]"))
        input.value = String(rollDice(input.dataset.die!));
    };
    fill(
      pending,
      h("h3", {}, `Round trip ${trip}: the step needs`),
      dice.length
        ? h(
            "fieldset",
            {},
            h("legend", {}, "Dice"),
            h("ul", { class: "plain" }, ...dice),
            h("button", { type: "button", onclick: rollEvery }, "Roll every die"),
          )
        : null,
      ...(answer.decisions_needed ?? []).map((d) => decisionField(d)),
      h("button", { type: "submit" }, "Send"),
    );
  }

  function decisionField(d: StepDecision): HTMLFieldSetElement {
    const best = preferredChoice(d);
    const by = typeof d.fighter === "string" ? `${who(d.fighter)}: ` : "";
    const text = typeof d.text === "string" ? d.text : typeof d.kind === "string" ? d.kind : d.key;
    return h(
      "fieldset",
      { class: "decision" },
      h("legend", {}, `${by}${text}${d.provisional ? " (asked ahead of the dice)" : ""}`),
      ...(d.choices ?? []).map((c, i) =>
        h(
          "label",
          { class: "choice" },
          h("input", {
            type: "radio",
            name: `decision-${d.key}`,
            "data-decision": d.key,
            value: i,
            checked: c === best,
          }),
          ` ${choiceText(c)}`,
          costsText(c.costs) ? h("small", {}, ` ${costsText(c.costs)}`) : null,
          c.can_hit === false ? h("small", {}, " (out of reach)") : null,
        ),
      ),
    );
  }

  function showOutcome(answer: JsonObject, trips: number): void {
    pending.replaceChildren();
    const status = String(answer.status);
    const over = answer.over === true || status === "over";
    const heading =
      status === "invalid"
        ? "The step cannot be played"
        : `${over ? "Fight over" : "Step resolved"} (${status.replace("_", " ")}) after ${trips} round trip(s)`;
    const out = Array.isArray(answer.out) ? (answer.out as string[]) : [];
    const log = Array.isArray(answer.log) ? answer.log : [];
    const events = Array.isArray(answer.events) ? answer.events.length : 0;
    fill(
      outcome,
      h("h3", {}, heading),
      typeof answer.winner === "string" ? h("p", { class: "winner" }, `Winner: ${who(answer.winner)}`) : null,
      out.length ? h("p", {}, `Out: ${out.map(who).join(", ")}`) : null,
      h("ul", { id: "play-findings", class: "findings" }),
      h("p", {}, `${log.length} log entries, ${events} typed events.`),
      h("ol", { class: "log" }, ...log.map((s) => h("li", {}, typeof s === "string" ? s : String(s?.text ?? "")))),
      h("details", {}, h("summary", {}, "The whole answer"), h("pre", {}, JSON.stringify(answer, null, 2))),
    );
    placeFindings(outcome, findingsOf(answer), outcome.querySelector("#play-findings")!);
  }

  async function play(auto: boolean): Promise<void> {
    if (running) return;
    let body: JsonObject;
    try {
      body = request();
    } catch (error) {
      return say(`The request is not JSON: ${(error as Error).message}`, true);
    }
    running = true;
    root.setAttribute("aria-busy", "true");
    outcome.replaceChildren();
    const awaited = async () => {
      root.removeAttribute("aria-busy");
      await sent;
      root.setAttribute("aria-busy", "true");
    };
    try {
      const send = (b: JsonObject) => page.client.call(page.info.id, op.name, b) as Promise<StepAnswer>;
      const driven = await driveWith(send, body, {
        maxTrips: MAX_TRIPS,
        seed: auto ? 2026 : undefined,
        onAnswer: (answer, trip) => {
          if (!auto && answer.status === DECISION_REQUIRED) showPending(answer, trip);
        },
        roll: auto ? undefined : async (die) => (await awaited(), Number(dieInput(die.key).value)),
        choose: auto ? undefined : async (d) => (await awaited(), Number(picked(d.key)?.value ?? 0)),
      });
      showOutcome(driven.answer as JsonObject, driven.trips);
      say(`${op.summary}: ${String(driven.answer.status)} after ${driven.trips} round trip(s).`);
    } catch (error) {
      pending.replaceChildren();
      say(`The step failed: ${(error as Error).message}`, true);
    } finally {
      running = false;
      root.removeAttribute("aria-busy");
    }
  }

  fill(
    root,
    h(
      "div",
      { class: "row" },
      ops.length > 1 ? field("Operation", opSelect) : null,
      field("Published example (its dice and decisions left out)", exampleSelect),
    ),
    sideBox,
    h("details", {}, h("summary", {}, "The request (JSON)"), field("Request", editor)),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "play-start", onclick: () => play(false) }, "Start"),
      h(
        "button",
        { type: "button", id: "play-auto", onclick: () => play(true) },
        "Play it out (defaults, dice rolled)",
      ),
    ),
    pending,
    outcome,
  );
  chooseOp(op.name);
  return {
    side(i) {
      if (chosen[i]) return chosen[i];
      const side = sides[i] ? (at(safeRequest(), sides[i]) as JsonObject | undefined) : undefined;
      return side;
    },
  };
}
