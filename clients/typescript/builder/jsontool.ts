// A request of any operation edited as JSON (seeded from the examples the service publishes), sent after every
// change, its answer's figures listed and each finding shown beside the field of the request it names; imported from
// and exported to a file. The pricing and sheet panels of every ruleset without forms of their own are this.
import type { JsonObject, OperationInfo, Schemas } from "../src/index.js";
import { debounce, download, field, fill, h, pairs, placeFindings, say, slot, uid } from "./dom.js";
import { enumAt, examples, type Page } from "./published.js";

type Finding = Schemas["Finding"];

export interface JsonTool {
  /** The request as it stands, or undefined while the editor holds no JSON object. */
  current(): JsonObject | undefined;
}

const HIDDEN = new Set(["ruleset", "ruleset_version"]);

type Part = string | number;
export interface Edit {
  /** Sets the value at the path (the request is sent again). */
  set(path: Part[], value: unknown): void;
  /** The values the schema allows there, if it lists them. */
  allowed(path: Part[]): unknown[] | undefined;
}

function leaf(key: string, v: unknown, parts: Part[], edit: Edit | undefined): HTMLElement {
  if (!edit || v === null)
    return h("span", {}, h("span", { class: "key" }, key), h("span", { class: "value" }, ` ${JSON.stringify(v)}`));
  const allowed = edit.allowed(parts);
  let control: HTMLInputElement | HTMLSelectElement;
  if (typeof v === "boolean") {
    control = h("input", { type: "checkbox", checked: v });
    control.addEventListener("change", () => edit.set(parts, (control as HTMLInputElement).checked));
  } else if (allowed?.length) {
    control = h("select", {}, ...allowed.map((a) => h("option", { value: String(a), selected: a === v }, String(a))));
    control.addEventListener("change", () => edit.set(parts, control.value));
  } else {
    const numeric = typeof v === "number";
    control = h("input", { type: numeric ? "number" : "text", value: String(v) });
    control.addEventListener("input", () => {
      const text = control.value;
      if (numeric && (text === "" || Number.isNaN(Number(text)))) return;
      edit.set(parts, numeric ? Number(text) : text);
    });
  }
  return h("label", { class: "leaf" }, h("span", { class: "key" }, key), " ", control);
}

/**
 * One `li[data-path]` per field, nested as the JSON is, so a finding can stand beside the field it names; with `edit`,
 * every number, text and yes/no is a control of its own (a choice list where the schema lists the values).
 */
export function outline(value: unknown, edit?: Edit, path = "", parts: Part[] = []): HTMLElement[] {
  const entries: [string, Part, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [`[${i}]`, i, v])
    : value && typeof value === "object"
      ? Object.entries(value).map(([k, v]) => [k, k, v])
      : [];
  return entries.map(([key, part, v]) => {
    const here = typeof part === "number" ? `${path}${key}` : path ? `${path}.${key}` : key;
    const nested = v !== null && typeof v === "object";
    const li = h(
      "li",
      { "data-path": here },
      nested ? h("span", { class: "key" }, key) : leaf(key, v, [...parts, part], edit),
      nested ? h("ul", { class: "outline" }, ...outline(v, edit, here, [...parts, part])) : null,
    );
    slot(li);
    return li;
  });
}

/** The answer's own figures: its scalars, and those one level down (`derived.life_bar`), at most `limit`. */
export function figures(answer: JsonObject, limit = 30): [string, string | number][] {
  const rows: [string, string | number][] = [];
  const scalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  for (const [k, v] of Object.entries(answer)) {
    if (HIDDEN.has(k)) continue;
    if (scalar(v)) rows.push([k, String(v)]);
    else if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k2, v2] of Object.entries(v)) if (scalar(v2)) rows.push([`${k}.${k2}`, String(v2)]);
  }
  return rows.slice(0, limit);
}

/** Whether the answer accepts the request (`valid` or `legal`, whichever it has), undefined when it says neither. */
export function verdict(answer: JsonObject): boolean | undefined {
  for (const k of ["valid", "legal"]) if (typeof answer[k] === "boolean") return answer[k] as boolean;
  return undefined;
}

function refusal(errors: number): string {
  return errors ? `Breaks ${errors} rule(s)` : "Not accepted (no finding names why: see the whole answer)";
}

export function findingsOf(answer: JsonObject): Finding[] {
  return [...((answer.violations as Finding[]) ?? []), ...((answer.warnings as Finding[]) ?? [])];
}

export function mountJsonTool(page: Page, root: HTMLElement, prefix: string, ops: OperationInfo[]): JsonTool {
  let op = ops[0];
  let asked = 0;
  const opSelect = h("select", { id: `${prefix}-op` }, ...ops.map((o) => h("option", { value: o.name }, o.summary)));
  const exampleSelect = h("select", { id: `${prefix}-example` });
  const editor = h("textarea", { id: `${prefix}-json`, rows: 14, spellcheck: "false" });
  const tree = h("ul", { class: "outline", id: `${prefix}-outline`, "aria-label": "The request, field by field" });
  const result = h("div", { id: `${prefix}-result`, "aria-live": "polite" });
  const general = h("ul", { class: "findings", id: `${prefix}-findings`, "aria-label": "Findings about the whole" });
  const file = h("input", { type: "file", id: uid(prefix), accept: "application/json,.json" });

  const parse = (): JsonObject | undefined => {
    try {
      const value: unknown = JSON.parse(editor.value);
      return value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
    } catch {
      return undefined;
    }
  };

  const edit: Edit = {
    set(path, value) {
      const body = parse();
      if (!body) return;
      const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<Part, unknown>)[k], body);
      (parent as Record<Part, unknown>)[path[path.length - 1]] = value;
      editor.value = JSON.stringify(body, null, 2);
      run(false); // the fields stay as they are: the one being typed in keeps its focus
    },
    allowed: (path) => enumAt(page, op, path),
  };

  const run = debounce(async (redraw = true) => {
    const mine = ++asked;
    const body = parse();
    if (!body) {
      fill(result, h("p", { class: "illegal" }, "Not a JSON object: nothing was sent."));
      return;
    }
    if (redraw) tree.replaceChildren(...outline(body, edit));
    try {
      const answer = (await page.client.call(page.info.id, op.name, body)) as JsonObject;
      if (mine !== asked) return;
      const ok = verdict(answer);
      const found = findingsOf(answer);
      fill(
        result,
        h(
          "p",
          { class: ok === false ? "illegal" : "legal" },
          ok === false ? refusal(found.filter((f) => f.severity === "error").length) : "Accepted",
        ),
        h("dl", {}, ...pairs(figures(answer))),
        h("details", {}, h("summary", {}, "The whole answer"), h("pre", {}, JSON.stringify(answer, null, 2))),
      );
      placeFindings(tree, found, general);
    } catch (error) {
      if (mine !== asked) return;
      fill(result, h("p", { class: "illegal" }, (error as Error).message));
      general.replaceChildren();
    }
  }, 250);

  const load = (body: JsonObject) => {
    editor.value = JSON.stringify(body, null, 2);
    run();
  };

  const chooseOp = (name: string) => {
    op = ops.find((o) => o.name === name) ?? ops[0];
    const published = examples(page, op);
    exampleSelect.replaceChildren(...published.map(([n]) => h("option", { value: n }, n)));
    if (published.length) load(published[0][1]);
  };

  opSelect.addEventListener("change", () => chooseOp(opSelect.value));
  exampleSelect.addEventListener("change", () => {
    const found = examples(page, op).find(([n]) => n === exampleSelect.value);
    if (found) load(found[1]);
  });
  editor.addEventListener("input", () => run());
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      const value: unknown = JSON.parse(await chosen.text());
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object");
      load(value as JsonObject);
      say(`Loaded ${chosen.name}.`);
    } catch (error) {
      say(`Import failed: ${(error as Error).message}`, true);
    }
  });
  const exportButton = h("button", { type: "button" }, "Export JSON");
  exportButton.addEventListener("click", () => {
    const body = parse();
    if (body) download(`${page.info.id}-${op.name}.json`, JSON.stringify(body, null, 2));
  });

  fill(
    root,
    h(
      "div",
      { class: "row" },
      ops.length > 1 ? field("Operation", opSelect) : null,
      field("Published example", exampleSelect),
      exportButton,
      field("Import a JSON file", file),
    ),
    h(
      "div",
      { class: "columns" },
      h("div", {}, field("Request (JSON)", editor), h("h3", {}, "Field by field (edit here or above)"), tree),
      h("div", {}, h("h3", {}, "Answer"), result, general),
    ),
  );
  chooseOp(op.name);
  return { current: parse };
}
