"""The Stunt Sequence against Thugs (000 L6792): an action and a Story Point buy Stunt Points equal to Power Level
plus Thug Thrashing; each Thug taken out costs his group's Threat Level (half a point at Threat Level 0), what is
left over is lost, and the points spent are Glory, divided with the rest at the end of the combat."""

from __future__ import annotations

from fractions import Fraction

from ..contract.models import DecisionValue
from ..state.combatant import Combatant
from ..state.turn import Turn
from .group import Group, award

TL0_COST = Fraction(1, 2)  # 000 L6792


def cost(g: Group) -> Fraction:
    return Fraction(g.threat_level) if g.threat_level > 0 else TL0_COST


def stunt_sequence(ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue, tt_level: int) -> None:
    """``tt_level``: his Thug Thrashing for this turn (ruling: after More Realistic and Endless Numbers, as for his
    extra actions)."""
    asked = v.stunt_sequence or {}
    path = f"{key}.stunt_sequence"
    if (f.story or 0) < 1:
        ctx.fail("STUNT_SEQUENCE_INVALID", path, f"{key}: {f.id} has no Story Point to spend.", key=key)
    if not asked:
        ctx.fail("STUNT_SEQUENCE_INVALID", path, f"{key}: name the Thugs to take out of each group.", key=key)
    by_id = {g.id: g for g in groups}
    points = f.pl + tt_level
    spent = Fraction(0)
    for gid, n in asked.items():
        g = by_id.get(gid)
        if g is None or g.members <= 0:
            ctx.fail("TARGET_UNAVAILABLE", f"{path}.{gid}", f"{key}: no Thug group '{gid}' with Thugs left.", key=key)
        if n > g.members:
            ctx.fail("STUNT_SEQUENCE_INVALID", f"{path}.{gid}", f"{key}: {gid} has {g.members} Thugs.", key=key)
        spent += n * cost(g)
    if spent > points:
        ctx.fail(
            "STUNT_SEQUENCE_INVALID",
            path,
            f"{key}: {float(spent):g} Stunt Points asked for, {points} to spend.",
            key=key,
        )
    f.story = (f.story or 0) - 1
    ctx.note(
        "C",
        f.id,
        f"{f.id} spends a Story Point on a Stunt Sequence: {points} Stunt Points (Power Level {f.pl} + Thug "
        f"Thrashing {tt_level}), {float(spent):g} spent, {float(points - spent):g} lost; {f.story} Story Points left.",
        "000 L6792",
        inputs={"stunt_points": points, "spent": f"{float(spent):g}"},
        change={"story_points": f.story},
    )
    for gid, n in asked.items():
        g = by_id[gid]
        g.members -= n
        ctx.note("C", g.id, f"The Stunt Sequence takes {n} out of {g.id}: {g.members} left.", "000 L6792")
    # ruling: Glory is whole points; half a point from Threat Level 0 Thugs rounds down, as the excess is lost
    award(ctx, f.id, int(spent), "Stunt Sequence", "000 L6792")
