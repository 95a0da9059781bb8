// Small DOM helpers: elements from plain calls, findings placed next to what they are about, debouncing.
import type { Schemas } from "../src/index.js";

export type Finding = Schemas["Finding"];
type Child = Node | string | number | null | undefined | false;
type Attr = string | number | boolean | null | undefined | ((event: Event) => void);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "value" && "value" in el) (el as HTMLInputElement).value = String(value ?? "");
    else if (name === "checked" || name === "selected") (el as unknown as Record<string, boolean>)[name] = !!value;
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false)
      el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

let ids = 0;
/** A fresh id for label/aria wiring. */
export function uid(prefix: string): string {
  return `${prefix}-${++ids}`;
}

/** A labelled field: the label text, then the control. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", {}, hint) : null);
}

export function numberInput(
  value: number | null | undefined,
  min: number,
  max: number,
  onChange: (v: number | null) => void,
) {
  return h("input", {
    type: "number",
    inputmode: "numeric",
    min,
    max,
    value: value ?? "",
    oninput: (e: Event) => {
      const text = (e.target as HTMLInputElement).value;
      onChange(text === "" ? null : Number(text));
    },
  });
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

export function findingItem(f: Finding): HTMLLIElement {
  const ref = f.ref ? ` (${[f.ref.chapter, f.ref.section].filter(Boolean).join(", ")})` : "";
  return h("li", { class: f.severity, "data-code": f.code }, h("strong", {}, f.code), " ", f.message, ref);
}

/**
 * Puts each finding in the `.findings` list of the element under `root` whose `data-path` is the longest prefix of
 * the finding's path; the rest go to `general`. Every list is emptied first.
 */
export function placeFindings(root: HTMLElement, findings: readonly Finding[], general: HTMLElement, base = ""): void {
  const holders = [...root.querySelectorAll<HTMLElement>("[data-path]")];
  for (const list of root.querySelectorAll<HTMLElement>("[data-path] > .findings")) list.replaceChildren();
  general.replaceChildren();
  for (const f of findings) {
    let best: HTMLElement | undefined;
    for (const el of holders) {
      const path = base + el.dataset.path;
      if (within(f.path, path) && (!best || path.length > base.length + best.dataset.path!.length)) best = el;
    }
    const list = best ? slot(best) : general;
    list.append(findingItem(f));
  }
}

/** The findings list of an element that holds a `data-path`. */
export function slot(holder: HTMLElement): HTMLElement {
  let list = holder.querySelector<HTMLElement>(":scope > .findings");
  if (!list) {
    list = h("ul", { class: "findings", "aria-live": "polite" });
    holder.append(list);
  }
  return list;
}

/** Offers `text` as a file to save. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function say(text: string, error = false): void {
  const status = byId("status");
  status.textContent = text;
  status.classList.toggle("error", error);
}

/** Replaces an element's children, leaving out the empty ones. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false)
      el.append(child instanceof Node ? child : String(child));
  }
}

/** Term and value pairs of a description list. */
export function pairs(rows: [string, string | number][]): HTMLElement[] {
  return rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]);
}
