"""The Speed Test (001 L206-210, L372-377, L599-604): who acts first. 2d6, the maneuver's speed and the side's (or
the average of both sides), and every bonus and penalty waiting for this maneuver."""

from __future__ import annotations

import re

from .combatants import Fighter, unvalidated
from .context import Turn
from .models import ImpactAction, ImpactEventKind, ImpactOrder

MAX_TIE_ROLLS = 10


def modifiers(turn: Turn, f: Fighter) -> list[tuple[str, int]]:
    """The named parts added to the 2d6, for the log."""
    d = f.decl
    assert d is not None
    c = turn.rules.combat[0]
    parts: list[tuple[str, int]] = []
    bridging = d.action == ImpactAction.bridge or f.counter_of is not None
    if turn.phase(2):
        speed = f.maneuver.speed if f.maneuver and not bridging else 0  # digest A17
        side = None if bridging else d.side
        parts += [("maneuver", speed), ("side" if side else "average speed", f.side_speed(side))]
    if d.action != ImpactAction.maneuver and not bridging:
        parts.append((str(d.action), turn.rules.action(str(d.action)).speed))
    if bridging:
        parts += [("tactics", f.built.tactics), ("bridge bonus", f.bridge_bonus)]  # 001 L214, L222
    if turn.phase(4):
        parts.append(("stamina", c.stamina_quarter_penalty * f.stamina_steps()))
    parts.append(("knocked-out limbs", c.limb_ko_speed * f.limbs_out()))
    if f.knocked_down:
        parts.append(("knock-down", c.knocked_down_speed))
    for h in turn.holds_on(f.id):
        m = turn.pack.maneuver(h.maneuver)
        if m and m.hold and m.hold.victim_speed:
            parts.append((m.name, m.hold.victim_speed))
    parts.append(("waiting bonus", f.mods.speed))
    for v in d.variations:
        parts.append((str(v), turn.rules.variation(str(v)).speed))
    return [(name, value) for name, value in parts if value]


def speed_tests(turn: Turn) -> list[Fighter]:
    """Every fighter's Speed Test; the acting order, highest first (001 L337, L377; digest A3)."""
    rolled = [f for f in turn.fighters.values() if f.decl is not None and f.out is None and _tests(turn, f)]
    for f in rolled:
        f.speed_total = _test(turn, f, "speed", "Speed Test")
    order = _ordered(turn, rolled, 1)
    for place, f in enumerate(order):
        f.place = place
    return order


def figure_name(name: str) -> str:
    """A log part's name as an event figure's: ``knocked-out limbs`` → ``knocked_out_limbs``."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "part"


def _test(turn: Turn, f: Fighter, point: str, what: str, reroll: int = 0) -> int:
    """2d6 and every named part; logged and kept as a `speed` event with each part as a figure."""
    dice = turn.roll(f.id, point, what, count=2)
    parts = modifiers(turn, f)
    total = dice + sum(v for _, v in parts)
    shown = " ".join(f"{'+' if v >= 0 else '-'} {abs(v)} {n}" for n, v in parts)
    figures = {"dice": dice, "total": total} | ({"reroll": reroll} if reroll else {})
    for name, v in parts:
        figures[figure_name(name)] = figures.get(figure_name(name), 0) + v
    turn.say(
        f"{f.id}: {what} {dice} {shown} = {total}".replace("  ", " "),
        ImpactEventKind.speed,
        f.id,
        value=total,
        figures=figures,
    )
    return total


def _tests(turn: Turn, f: Fighter) -> bool:
    d = f.decl
    assert d is not None
    if f.counter_of:
        return True
    if d.action == ImpactAction.maneuver:
        return True
    return turn.rules.action(str(d.action)).speed_test


def _ordered(turn: Turn, rolled: list[Fighter], n: int, totals: dict[str, int] | None = None) -> list[Fighter]:
    """Highest first. A bridger wins a tie against a fighter who does not bridge (001 L214); other ties roll the
    whole Speed Test again, the same parts added (001 L377, L441, L514, L604), and the new totals decide among the
    tied; after ten re-rolls the seat order stands (a ruling)."""
    groups: dict[int, list[Fighter]] = {}
    for f in rolled:
        groups.setdefault(totals[f.id] if totals else f.speed_total or 0, []).append(f)
    out: list[Fighter] = []
    for total in sorted(groups, reverse=True):
        out += _break_tie(turn, groups[total], n)
    return out


def _break_tie(turn: Turn, tied: list[Fighter], n: int) -> list[Fighter]:
    if len(tied) == 1:
        return tied
    bridgers = [f for f in tied if f.decl and f.decl.action == ImpactAction.bridge]
    if bridgers and len(bridgers) < len(tied):
        rest = [f for f in tied if f not in bridgers]
        return _break_tie(turn, bridgers, n) + _break_tie(turn, rest, n)
    if n > MAX_TIE_ROLLS:
        return sorted(tied, key=lambda f: f.seat)
    totals = {}
    for f in tied:
        totals[f.id] = _test(turn, f, "speed_tie", "Speed Test re-rolled after a tie", reroll=n)
        f.rerolls.append(totals[f.id])
    return _ordered(turn, tied, n + 1, totals)


def order_rows(turn: Turn, order: list[Fighter]) -> list[ImpactOrder]:
    rest = [f for f in turn.fighters.values() if f not in order and f.decl is not None]
    if turn.trusted:
        return [
            unvalidated(ImpactOrder, {"fighter": f.id, "total": f.speed_total, "rerolls": list(f.rerolls)})
            for f in order + rest
        ]
    return [ImpactOrder(fighter=f.id, total=f.speed_total, rerolls=f.rerolls) for f in order + rest]
