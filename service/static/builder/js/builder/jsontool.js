import { debounce, download, field, fill, h, pairs, placeFindings, say, slot, uid } from "./dom.js";
import { enumAt, examples } from "./published.js";
const HIDDEN = new Set(["ruleset", "ruleset_version"]);
function leaf(key, v, parts, edit) {
    if (!edit || v === null)
        return h("span", {}, h("span", { class: "key" }, key), h("span", { class: "value" }, ` ${JSON.stringify(v)}`));
    const allowed = edit.allowed(parts);
    let control;
    if (typeof v === "boolean") {
        control = h("input", { type: "checkbox", checked: v });
        control.addEventListener("change", () => edit.set(parts, control.checked));
    }
    else if (allowed?.length) {
        control = h("select", {}, ...allowed.map((a) => h("option", { value: String(a), selected: a === v }, String(a))));
        control.addEventListener("change", () => edit.set(parts, control.value));
    }
    else {
        const numeric = typeof v === "number";
        control = h("input", { type: numeric ? "number" : "text", value: String(v) });
        control.addEventListener("input", () => {
            const text = control.value;
            if (numeric && (text === "" || Number.isNaN(Number(text))))
                return;
            edit.set(parts, numeric ? Number(text) : text);
        });
    }
    return h("label", { class: "leaf" }, h("span", { class: "key" }, key), " ", control);
}
export function outline(value, edit, path = "", parts = []) {
    const entries = Array.isArray(value)
        ? value.map((v, i) => [`[${i}]`, i, v])
        : value && typeof value === "object"
            ? Object.entries(value).map(([k, v]) => [k, k, v])
            : [];
    return entries.map(([key, part, v]) => {
        const here = typeof part === "number" ? `${path}${key}` : path ? `${path}.${key}` : key;
        const nested = v !== null && typeof v === "object";
        const li = h("li", { "data-path": here }, nested ? h("span", { class: "key" }, key) : leaf(key, v, [...parts, part], edit), nested ? h("ul", { class: "outline" }, ...outline(v, edit, here, [...parts, part])) : null);
        slot(li);
        return li;
    });
}
export function figures(answer, limit = 30) {
    const rows = [];
    const scalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
    for (const [k, v] of Object.entries(answer)) {
        if (HIDDEN.has(k))
            continue;
        if (scalar(v))
            rows.push([k, String(v)]);
        else if (v && typeof v === "object" && !Array.isArray(v))
            for (const [k2, v2] of Object.entries(v))
                if (scalar(v2))
                    rows.push([`${k}.${k2}`, String(v2)]);
    }
    return rows.slice(0, limit);
}
export function verdict(answer) {
    for (const k of ["valid", "legal"])
        if (typeof answer[k] === "boolean")
            return answer[k];
    return undefined;
}
function refusal(errors) {
    return errors ? `Breaks ${errors} rule(s)` : "Not accepted (no finding names why: see the whole answer)";
}
export function findingsOf(answer) {
    return [...(answer.violations ?? []), ...(answer.warnings ?? [])];
}
export function mountJsonTool(page, root, prefix, ops) {
    let op = ops[0];
    let asked = 0;
    const opSelect = h("select", { id: `${prefix}-op` }, ...ops.map((o) => h("option", { value: o.name }, o.summary)));
    const exampleSelect = h("select", { id: `${prefix}-example` });
    const editor = h("textarea", { id: `${prefix}-json`, rows: 14, spellcheck: "false" });
    const tree = h("ul", { class: "outline", id: `${prefix}-outline`, "aria-label": "The request, field by field" });
    const result = h("div", { id: `${prefix}-result`, "aria-live": "polite" });
    const general = h("ul", { class: "findings", id: `${prefix}-findings`, "aria-label": "Findings about the whole" });
    const file = h("input", { type: "file", id: uid(prefix), accept: "application/json,.json" });
    const parse = () => {
        try {
            const value = JSON.parse(editor.value);
            return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
        }
        catch {
            return undefined;
        }
    };
    const edit = {
        set(path, value) {
            const body = parse();
            if (!body)
                return;
            const parent = path.slice(0, -1).reduce((v, k) => v[k], body);
            parent[path[path.length - 1]] = value;
            editor.value = JSON.stringify(body, null, 2);
            run(false);
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
        if (redraw)
            tree.replaceChildren(...outline(body, edit));
        try {
            const answer = (await page.client.call(page.info.id, op.name, body));
            if (mine !== asked)
                return;
            const ok = verdict(answer);
            const found = findingsOf(answer);
            fill(result, h("p", { class: ok === false ? "illegal" : "legal" }, ok === false ? refusal(found.filter((f) => f.severity === "error").length) : "Accepted"), h("dl", {}, ...pairs(figures(answer))), h("details", {}, h("summary", {}, "The whole answer"), h("pre", {}, JSON.stringify(answer, null, 2))));
            placeFindings(tree, found, general);
        }
        catch (error) {
            if (mine !== asked)
                return;
            fill(result, h("p", { class: "illegal" }, error.message));
            general.replaceChildren();
        }
    }, 250);
    const load = (body) => {
        editor.value = JSON.stringify(body, null, 2);
        run();
    };
    const chooseOp = (name) => {
        op = ops.find((o) => o.name === name) ?? ops[0];
        const published = examples(page, op);
        exampleSelect.replaceChildren(...published.map(([n]) => h("option", { value: n }, n)));
        if (published.length)
            load(published[0][1]);
    };
    opSelect.addEventListener("change", () => chooseOp(opSelect.value));
    exampleSelect.addEventListener("change", () => {
        const found = examples(page, op).find(([n]) => n === exampleSelect.value);
        if (found)
            load(found[1]);
    });
    editor.addEventListener("input", () => run());
    file.addEventListener("change", async () => {
        const chosen = file.files?.[0];
        if (!chosen)
            return;
        try {
            const value = JSON.parse(await chosen.text());
            if (!value || typeof value !== "object" || Array.isArray(value))
                throw new Error("not a JSON object");
            load(value);
            say(`Loaded ${chosen.name}.`);
        }
        catch (error) {
            say(`Import failed: ${error.message}`, true);
        }
    });
    const exportButton = h("button", { type: "button" }, "Export JSON");
    exportButton.addEventListener("click", () => {
        const body = parse();
        if (body)
            download(`${page.info.id}-${op.name}.json`, JSON.stringify(body, null, 2));
    });
    fill(root, h("div", { class: "row" }, ops.length > 1 ? field("Operation", opSelect) : null, field("Published example", exampleSelect), exportButton, field("Import a JSON file", file)), h("div", { class: "columns" }, h("div", {}, field("Request (JSON)", editor), h("h3", {}, "Field by field (edit here or above)"), tree), h("div", {}, h("h3", {}, "Answer"), result, general)));
    chooseOp(op.name);
    return { current: parse };
}
