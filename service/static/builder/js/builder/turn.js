import { answerDecision, defaultChoice, isPending, rollDie, supplyDice, } from "../src/index.js";
import { byId, fill, field, h, numberInput, placeFindings, say } from "./dom.js";
import { readSheet } from "./sheet.js";
export function mountTurn(ctx, editor) {
    const sides = [undefined, undefined];
    let range = 1;
    let request;
    let answer;
    let trips = 0;
    const pending = byId("turn-pending");
    const outcome = byId("turn-outcome");
    for (const i of [0, 1]) {
        const label = byId(`side-${i}-name`);
        const take = (sheet) => {
            sides[i] = sheet;
            label.textContent = sheet.name ?? "A Fighter";
        };
        byId(`side-${i}-take`).addEventListener("click", () => take(editor.current()));
        byId(`side-${i}-file`).addEventListener("change", async (e) => {
            const file = e.target.files?.[0];
            if (!file)
                return;
            try {
                take(readSheet(await file.text()));
            }
            catch (error) {
                say(`Import failed: ${error.message}`, true);
            }
        });
    }
    byId("turn-range").replaceChildren(field("Starting Range", numberInput(range, 0, 5, (v) => (range = v ?? 1))));
    const section = byId("turn");
    async function send() {
        trips++;
        section.setAttribute("aria-busy", "true");
        try {
            answer = await ctx.client.call(ctx.ruleset, "resolve_turn", request);
            if (isPending(answer))
                showPending(answer);
            else
                showOutcome(answer);
        }
        catch (error) {
            say(`The turn failed: ${error.message}`, true);
        }
        finally {
            section.removeAttribute("aria-busy");
        }
    }
    byId("turn-start").addEventListener("click", async () => {
        const [a, b] = sides;
        if (!a || !b)
            return say("Choose both Fighters first.", true);
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
            if (first.id === second.id)
                second.id = `${second.id}_2`;
            trips = 0;
            outcome.replaceChildren();
        }
        catch (error) {
            section.removeAttribute("aria-busy");
            return say(`The turn failed: ${error.message}`, true);
        }
        await send();
    });
    const who = (id) => request?.fighters.find((f) => f.id === id)?.sheet.name ?? id;
    function showPending(a) {
        const dice = (a.dice_needed ?? []).map((d) => {
            const max = Number(/d(\d+)/.exec(d.die)?.[1] ?? 20);
            const input = numberInput(null, 1, max, () => { });
            input.required = true;
            input.dataset.key = d.key;
            input.dataset.die = d.die;
            return h("li", {}, field(`${who(d.fighter)}: ${d.purpose} (${d.die})`, input));
        });
        const decisions = (a.decisions_needed ?? []).map((d, n) => decisionField(d, n));
        fill(pending, h("h3", {}, `Round trip ${trips}: the turn needs`), dice.length
            ? h("fieldset", {}, h("legend", {}, "Dice"), h("ul", { class: "plain" }, ...dice), h("button", { type: "button", onclick: () => rollEvery() }, "Roll every die"))
            : null, ...decisions, h("button", { type: "submit" }, "Send"));
    }
    function rollEvery() {
        for (const input of pending.querySelectorAll("input[data-die]"))
            input.value = String(rollDie(input.dataset.die));
    }
    pending.addEventListener("submit", async (e) => {
        e.preventDefault();
        if (!request || !answer)
            return;
        const rolls = {};
        for (const input of pending.querySelectorAll("input[data-die]"))
            rolls[input.dataset.key] = Number(input.value);
        let next = supplyDice(request, rolls);
        (answer.decisions_needed ?? []).forEach((d, n) => {
            if (!d.choices?.length)
                return;
            const picked = pending.querySelector(`input[name="decision-${n}"]:checked`);
            next = answerDecision(next, d, Number(picked?.value ?? 0));
        });
        request = next;
        await send();
    });
    function showOutcome(a) {
        pending.replaceChildren();
        fill(outcome, h("h3", {}, a.status === "invalid"
            ? "The turn cannot be played"
            : `Turn over (${a.status.replace("_", " ")}) after ${trips} round trip(s)`), a.winner ? h("p", {}, `Winner: ${who(a.winner)}`) : null, h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Fighter"), h("th", { scope: "col" }, "Life Bar"), h("th", { scope: "col" }, "Fighting Spirit"))), h("tbody", {}, ...a.fighters.map((f) => h("tr", {}, h("th", { scope: "row" }, who(f.id)), h("td", {}, f.state.life_bar), h("td", {}, f.state.fighting_spirit))))), h("ul", { id: "turn-findings", class: "findings" }), a.unsupported.length
            ? h("p", { class: "unsupported" }, "Not decided by the service: ", a.unsupported.map((u) => u.id).join(", "))
            : null, h("h4", {}, "Log"), h("ol", { class: "log" }, ...a.log.map((step) => h("li", {}, step.text))));
        placeFindings(outcome, [...a.violations, ...a.warnings], byId("turn-findings"));
    }
}
function decisionField(d, n) {
    const choices = d.choices ?? [];
    const preferred = choices.length ? choices.indexOf(defaultChoice(d)) : -1;
    return h("fieldset", { class: "decision" }, h("legend", {}, `${d.text}${d.provisional ? " (asked ahead of the dice)" : ""}`), ...choices.map((c, i) => h("label", { class: "choice" }, h("input", { type: "radio", name: `decision-${n}`, value: i, checked: i === preferred }), ` ${c.text}`, c.fs || c.control ? h("small", {}, ` FS ${c.fs ?? 0}, Control ${c.control ?? 0}`) : null, c.can_hit === false ? h("small", {}, " (out of reach)") : null)));
}
async function combatant(ctx, sheet, index) {
    const checked = await ctx.client.call(ctx.ruleset, "validate_fighter", {
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
