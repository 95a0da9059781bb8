"""Power Enhancer (000 L3820–L3850): a do-nothing move whose uses are banked for the next use of the moves it
names. Each banked use is one step of the design's order: one damage die size up, or (Element Addition) the
named Element, with its paired Liabilities, on that next use. Delayed Onset lets the owner keep the bank.

The bank lives in ``ongoing_effects`` as ``{"id": "power_enhancer", "move": <enhancer>, "charges": <uses>}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...catalogue.catalog import catalog
from ...catalogue.character_catalog import normalise
from ...catalogue.schema import chosen
from ...catalogue.table_records import Banking, BanksPower
from ..contract.models import Choice, DecisionValue, OngoingEffect
from ..protocol.names import Point
from ..registry.elements import Element, carried, register
from ..registry.reprice import with_entries
from ..state.combatant import Combatant, Effect
from ..state.entry_tables import FlagTable, flags_of_records
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import design, design_of
from .vocabulary import Ongoing

_REF = "000 L3820–L3850"


BANKING: FlagTable[Banking] = flags_of_records("banking", BanksPower, lambda r: frozenset({r.way}))


def _banks(m: MoveProfile, way: Banking) -> bool:
    return way in BANKING.grants(m.entries)


def _design(m: MoveProfile) -> Mapping[str, object]:
    """The Power Enhancer's own design (the entry with the power_enhancer role)."""
    return design(m, MoveTrait.power_enhancer)


def _addition(m: MoveProfile) -> Mapping[str, object]:
    """Element Addition's design (the modifier whose banked step adds an Element)."""
    return design_of(m, BANKING, lambda ways: Banking.adds_element in ways)


def _count(m: MoveProfile, name: str) -> int:
    value = _design(m).get(name)
    try:
        return max(int(str(value)), 0) if value not in (None, "") else 0
    except ValueError:
        return 0


def max_uses(m: MoveProfile) -> int:
    """Uses that can be banked before the target fires: one, plus one per Element paid for more (000 L3830)."""
    return 1 + _count(m, "additional_uses")


def targets(f: Combatant, m: MoveProfile) -> list[MoveProfile]:
    """The moves a Power Enhancer names (by name or id, as Fighter validation matches them), of its style."""
    names = [normalise(t) for t in str(_design(m).get("target_moves") or "").split(",") if t.strip()]
    out = []
    for name in names:
        hit = next(
            (
                x
                for x in f.prof.moves.values()
                if x.id != m.id and name in (normalise(x.id), normalise(x.name)) and m.shares_style(x)  # 000 L5056
            ),
            None,
        )
        if hit is not None and hit not in out:
            out.append(hit)
    return out


def schedule(m: MoveProfile) -> list[str]:
    """What each banked use gives, in order: ``die`` or ``element``. Element Addition replaces the die steps
    unless the design's order names both (000 L3846–L3850)."""
    uses = max_uses(m)
    if not _banks(m, Banking.adds_element):
        return ["die"] * uses
    steps = [v for v in chosen(_addition(m).get("effect_order")) if v in ("die", "element")]
    if not steps:
        return ["element"] * uses
    # ruling: uses beyond the written order repeat its last step (000 L3848)
    return (steps + [steps[-1]] * uses)[:uses]


def bank(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The enhancer was used: one more use banked, up to what it was built for. Ruling: a use counts once its
    action is over, so a target later in the same Combo is not powered by it yet (000 L3826)."""
    if not m.trait(MoveTrait.power_enhancer):
        return
    e = next((x for x in f.ongoing if x.id == Ongoing.power_enhancer and x.move == m.id), None)
    if e is None:
        e = Effect(Ongoing.power_enhancer, m.id, None, ctx.turn, charges=0)
        f.ongoing.append(e)
    cap = max_uses(m)
    names = ", ".join(t.name for t in targets(f, m)) or "its target"
    if (e.charges or 0) >= cap:
        # ruling: a use beyond the design's count banks nothing more (000 L3830)
        ctx.note(
            "C.5",
            f.id,
            f"{m.name}: already {cap} use(s) banked for {names}; this one adds nothing.",
            _REF,
            {"move": m.id},
            {"charges": e.charges},
        )
        return
    e.charges = (e.charges or 0) + 1
    step = schedule(m)[e.charges - 1]
    what = "one damage die size" if step == "die" else f"the {_element_name(m)} Element"
    ctx.note(
        "C.5",
        f.id,
        f"{m.name} banks {what} for the next use of {names} ({e.charges} of {cap} use(s)).",
        _REF,
        {"move": m.id},
        {"charges": e.charges},
    )


def _element_name(m: MoveProfile) -> str:
    ident = str(_addition(m).get("element") or "")
    entry = catalog().entries.get(ident)
    return entry.name if entry is not None else ident or "named"


def restore_ok(f: Combatant, move: str | None) -> bool:
    m = f.move(move or "")
    return m is not None and m.trait(MoveTrait.power_enhancer) > 0


def apply(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """The banked enhancements fire on the first target used: die sizes and Elements for this use, then the bank
    is spent (or, with Delayed Onset, kept when the owner says so)."""
    if MoveTrait.power_enhancer not in f.prof.traits or not any(
        e.id == Ongoing.power_enhancer and e.charges for e in f.ongoing
    ):
        return moves
    out = list(moves)
    for i, m in enumerate(out):
        for e in [x for x in f.ongoing if x.id == Ongoing.power_enhancer and x.charges]:
            enh = f.move(e.move or "")
            if enh is None or m.id not in {t.id for t in targets(f, enh)}:
                continue
            if _banks(enh, Banking.may_hold):
                _, d = ctx.decide(
                    f.id,
                    Point.power_enhancer,
                    "D.1",
                    f"{f.id}: spend the {e.charges} banked use(s) of "
                    f"{enh.name} on {m.name} now (act), or keep them for later (hold)?",
                    DecisionValue(choice=Choice.act),
                )
                if d.choice is Choice.hold:
                    ctx.note(
                        "D.1",
                        f.id,
                        f"{f.id} keeps {enh.name}'s enhancement for later (Delayed Onset).",
                        "000 L3834–L3840",
                        {"move": enh.id},
                        {"charges": e.charges},
                    )
                    continue
            out[i] = _enhanced(ctx, f, out[i], enh, e.charges or 0)
            f.ongoing = [x for x in f.ongoing if x is not e]  # any target's use exhausts it (000 L3826)
    return out


def _enhanced(ctx: Turn, f: Combatant, m: MoveProfile, enh: MoveProfile, uses: int) -> MoveProfile:
    steps = schedule(enh)[:uses]
    dice = steps.count("die")
    text = []
    if "element" in steps:
        m = _with_element(ctx, f, m, enh)
        known = str(_addition(enh).get("element") or "") in catalog().entries
        text.append(f"gains {_element_name(enh)}" if known else "gains no Element (its design names none known)")
    if dice and m.damage_step is not None:
        m = replace(m, damage_step=m.damage_step + dice)
        text.append(f"{dice} damage die size(s) larger")
    elif dice:
        text.append("has no damage die to enlarge")
    ctx.note(
        "D.1",
        f.id,
        f"{enh.name} powers up {m.name}: " + "; ".join(text) + ".",
        _REF,
        {"enhancer": enh.id, "uses": uses},
        {"die_steps": dice if m.damage_step is not None else 0},
    )
    return m


def _with_element(ctx: Turn, f: Combatant, m: MoveProfile, enh: MoveProfile) -> MoveProfile:
    """The target priced again by the moves core with the added Element and paired Liabilities, so every figure
    the Element changes (keywords, Accuracy, damage) applies to this use; a Buff's damage shift is kept. Its
    Level stays: the enhancer paid for the Element (000 L3846)."""
    opts = _addition(enh)
    paired = opts.get("paired_liabilities")
    liabilities = [str(x) for x in paired] if isinstance(paired, list) else []
    return with_entries(ctx, f, m, add=(str(opts.get("element") or ""), *liabilities))


@register
class PowerEnhancer(Element):
    """Power Enhancer uses banked for the enhanced move."""

    effects = frozenset({"power_enhancer"})
    entries = frozenset({"power_enhancer"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        pm = f.move(eff.move) if eff.move else None
        if pm is None or not pm.trait(MoveTrait.power_enhancer):
            ctx.fail("UNKNOWN_MOVE", f"{path}.move", f"{f.id}: no Power Enhancer move '{eff.move}'.")
        f.ongoing.append(Effect(eff.id, eff.move, None, eff.since, charges=eff.charges or 0))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e]  # it waits for the move's next use, even into the next round
