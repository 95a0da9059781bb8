import { debounce, download, field, fill, h, pairs, placeFindings, say, slot, uid } from "./dom.js";
import { examples } from "./published.js";
const HIDDEN = new Set(["ruleset", "ruleset_version"]);
export function outline(value, path = "") {
    const entries = Array.isArray(value)
        ? value.map((v, i) => [`[${i}]`, v])
        : value && typeof value === "object"
            ? Object.entries(value)
            : [];
    return entries.map(([key, v]) => {
        const here = key.startsWith("[") ? `${path}${key}` : path ? `${path}.${key}` : key;
        const nested = v !== null && typeof v === "object";
        const li = h("li", { "data-path": here }, h("span", { class: "key" }, key), nested ? null : h("span", { class: "value" }, ` ${JSON.stringify(v)}`), nested ? h("ul", { class: "outline" }, ...outline(v, here)) : null);
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
    const run = debounce(async () => {
        const mine = ++asked;
        const body = parse();
        if (!body) {
            fill(result, h("p", { class: "illegal" }, "Not a JSON object: nothing was sent."));
            return;
        }
        tree.replaceChildren(...outline(body));
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
    fill(root, h("div", { class: "row" }, ops.length > 1 ? field("Operation", opSelect) : null, field("Published example", exampleSelect), exportButton, field("Import a JSON file", file)), h("div", { class: "columns" }, h("div", {}, field("Request (JSON)", editor), h("h3", {}, "Field by field"), tree), h("div", {}, h("h3", {}, "Answer"), result, general)));
    chooseOp(op.name);
    return { current: parse };
}
