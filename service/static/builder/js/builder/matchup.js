import { ProblemError } from "../src/index.js";
import { field, fill, h, numberInput, pairs, say } from "./dom.js";
import { findingsOf } from "./jsontool.js";
import { examples } from "./published.js";
import { findSides, placeSide } from "./slots.js";
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 560;
const PART = 25;
function svg(tag, attrs, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs))
        el.setAttribute(k, String(v));
    el.append(...children);
    return el;
}
const percent = (n) => `${(100 * n).toFixed(1)} %`;
export function outcomeBar(sums) {
    const [a, b] = sums.sides;
    const n = Math.max(1, sums.fights);
    const parts = [
        [`${a.side} wins`, a.wins, "side-a"],
        ["draws", sums.fights - a.wins - b.wins, "draw"],
        [`${b.side} wins`, b.wins, "side-b"],
    ];
    let x = 0;
    const rects = parts.map(([label, count, cls]) => {
        const w = (WIDTH * count) / n;
        const g = svg("g", { class: cls }, svg("title", {}, `${label}: ${count} of ${sums.fights} (${percent(count / n)})`), svg("rect", { x, y: 0, width: w, height: 28 }), w > 60 ? svg("text", { x: x + 6, y: 19 }, `${label} ${percent(count / n)}`) : "");
        x += w;
        return g;
    });
    const interval = a.win_interval;
    const marks = interval
        ? [
            svg("line", { x1: WIDTH * interval.low, x2: WIDTH * interval.high, y1: 34, y2: 34, class: "interval" }),
            svg("title", {}, `${a.side}'s win rate, 95 % interval ${percent(interval.low)} to ${percent(interval.high)}`),
        ]
        : [];
    return svg("svg", {
        viewBox: `0 0 ${WIDTH} 40`,
        width: WIDTH,
        height: 40,
        role: "img",
        id: "sim-outcomes",
        "aria-label": parts.map(([label, count]) => `${label} ${count}`).join(", "),
    }, ...rects, ...marks);
}
export function lengthHistogram(sums) {
    const counts = sums.length.histogram;
    const height = 120;
    const most = Math.max(1, ...counts);
    const w = WIDTH / Math.max(1, counts.length);
    const bars = counts.map((c, i) => svg("rect", { x: i * w, y: height - (height * c) / most, width: Math.max(1, w - 1), height: (height * c) / most }, svg("title", {}, `${c} fight(s) of length ${i}`)));
    const p50 = sums.length.p50 ?? 0;
    return svg("svg", {
        viewBox: `0 0 ${WIDTH} ${height + 18}`,
        width: WIDTH,
        height: height + 18,
        role: "img",
        id: "sim-lengths",
        "aria-label": `Fight lengths: mean ${sums.length.mean ?? "?"}, median ${p50}, longest ${sums.length.longest ?? "?"}`,
    }, svg("g", { class: "bars" }, ...bars), svg("line", { x1: p50 * w + w / 2, x2: p50 * w + w / 2, y1: 0, y2: height, class: "median" }), svg("text", { x: 0, y: height + 15 }, "0"), svg("text", { x: WIDTH, y: height + 15, "text-anchor": "end" }, `${counts.length - 1} (length)`));
}
export function mountMatchup(page, root, player) {
    const op = page.info.operations.find((o) => o.name === "simulate");
    if (!op) {
        fill(root, h("p", {}, `${page.info.name} offers no simulate operation.`));
        return;
    }
    const published = examples(page, op);
    const exampleSelect = h("select", { id: "sim-example" }, ...published.map(([n]) => h("option", { value: n }, n)));
    const editor = h("textarea", { id: "sim-request", rows: 10, spellcheck: "false" });
    const result = h("div", { id: "sim-result", "aria-live": "polite" });
    let count = 100;
    const load = (name) => {
        const found = published.find(([n]) => n === name) ?? published[0];
        if (found)
            editor.value = JSON.stringify(found[1], null, 2);
    };
    function useSides() {
        let body = JSON.parse(editor.value);
        const slots = findSides(body);
        let placed = 0;
        slots.forEach((path, i) => {
            const sheet = player?.side(i);
            const next = sheet ? placeSide(body, path, sheet) : undefined;
            if (next)
                ((body = next), placed++);
        });
        editor.value = JSON.stringify(body, null, 2);
        say(placed ? `The matchup takes ${placed} side(s) from the player.` : "The player's sides do not fit here.", !placed);
    }
    const merge = page.info.operations.find((o) => o.name === "merge_simulations");
    async function simulate(body, total) {
        const runs = [];
        let part = merge ? PART : total;
        for (let done = 0; done < total;) {
            const count = Math.min(part, total - done);
            try {
                runs.push((await page.client.call(page.info.id, op.name, { ...body, offset: done, count })));
                done += count;
                say(`Matchup: ${done} of ${total} fights.`);
            }
            catch (error) {
                if (!(error instanceof ProblemError && error.status === 400 && part > 1 && merge))
                    throw error;
                part = Math.max(1, Math.floor(part / 2));
            }
        }
        if (runs.length === 1 || !merge)
            return runs[0];
        return (await page.client.call(page.info.id, merge.name, { runs }));
    }
    async function run() {
        let body;
        try {
            body = JSON.parse(editor.value);
        }
        catch (error) {
            return say(`The request is not JSON: ${error.message}`, true);
        }
        root.setAttribute("aria-busy", "true");
        try {
            const sums = await simulate(body, count);
            const [a, b] = sums.sides;
            fill(result, h("h3", {}, `${sums.fights} fights: ${a.side} against ${b.side}`), outcomeBar(sums), lengthHistogram(sums), h("dl", {}, ...pairs([
                [`${a.side} wins`, `${a.wins} (${percent(a.win_rate ?? 0)})`],
                [`${b.side} wins`, `${b.wins} (${percent(b.win_rate ?? 0)})`],
                ["Draws", sums.draws],
                ["Time-outs", sums.time_outs],
                ["Length: mean, median, 90th", `${sums.length.mean}, ${sums.length.p50}, ${sums.length.p90}`],
            ])), h("ul", { class: "findings" }, ...findingsOf(sums).map((f) => h("li", {}, f.message))));
        }
        catch (error) {
            say(`The matchup failed: ${error.message}`, true);
        }
        finally {
            root.removeAttribute("aria-busy");
        }
    }
    exampleSelect.addEventListener("change", () => load(exampleSelect.value));
    fill(root, h("div", { class: "row" }, field("Published example", exampleSelect), field("Fights", numberInput(count, 1, 5000, (v) => (count = v ?? 100))), player ? h("button", { type: "button", id: "sim-use-sides", onclick: useSides }, "Use the player's sides") : null, h("button", { type: "button", id: "sim-run", onclick: run }, "Run the matchup")), h("details", {}, h("summary", {}, "The request (JSON)"), field("Request", editor)), result);
    load(published[0]?.[0] ?? "");
}
