export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
        if (typeof value === "function")
            el.addEventListener(name.slice(2), value);
        else if (name === "value" && "value" in el)
            el.value = String(value ?? "");
        else if (name === "checked" || name === "selected")
            el[name] = !!value;
        else if (value === true)
            el.setAttribute(name, "");
        else if (value !== false && value !== null && value !== undefined)
            el.setAttribute(name, String(value));
    }
    for (const child of children) {
        if (child !== null && child !== undefined && child !== false)
            el.append(child instanceof Node ? child : String(child));
    }
    return el;
}
export function byId(id) {
    const el = document.getElementById(id);
    if (!el)
        throw new Error(`the page has no #${id}`);
    return el;
}
export function debounce(fn, ms) {
    let timer;
    return (...args) => {
        clearTimeout(timer);
        timer = setTimeout(() => fn(...args), ms);
    };
}
let ids = 0;
export function uid(prefix) {
    return `${prefix}-${++ids}`;
}
export function field(label, control, hint) {
    return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", {}, hint) : null);
}
export function numberInput(value, min, max, onChange) {
    return h("input", {
        type: "number",
        inputmode: "numeric",
        min,
        max,
        value: value ?? "",
        oninput: (e) => {
            const text = e.target.value;
            onChange(text === "" ? null : Number(text));
        },
    });
}
function within(path, prefix) {
    return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}
export function findingItem(f) {
    const ref = f.ref ? ` (${[f.ref.chapter, f.ref.section].filter(Boolean).join(", ")})` : "";
    return h("li", { class: f.severity, "data-code": f.code }, h("strong", {}, f.code), " ", f.message, ref);
}
export function placeFindings(root, findings, general, base = "") {
    const holders = [...root.querySelectorAll("[data-path]")];
    for (const list of root.querySelectorAll("[data-path] > .findings"))
        list.replaceChildren();
    general.replaceChildren();
    for (const f of findings) {
        let best;
        for (const el of holders) {
            const path = base + el.dataset.path;
            if (within(f.path, path) && (!best || path.length > base.length + best.dataset.path.length))
                best = el;
        }
        const list = best ? slot(best) : general;
        list.append(findingItem(f));
    }
}
export function slot(holder) {
    let list = holder.querySelector(":scope > .findings");
    if (!list) {
        list = h("ul", { class: "findings", "aria-live": "polite" });
        holder.append(list);
    }
    return list;
}
export function download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = h("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
}
export function say(text, error = false) {
    const status = byId("status");
    status.textContent = text;
    status.classList.toggle("error", error);
}
export function fill(el, ...children) {
    el.replaceChildren();
    for (const child of children) {
        if (child !== null && child !== undefined && child !== false)
            el.append(child instanceof Node ? child : String(child));
    }
}
export function pairs(rows) {
    return rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]);
}
