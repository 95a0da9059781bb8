"""A Team-Up of two Thug groups in a Dramatic turn with Thugs (000 L7219), as two Fighters' (``thug_team``): each
group pays an Action Point from its own bank (000 L7076; ruling C22: a group spends points on what its build
allows); the first to act holds, and the Team-Up goes off when its partner's turn comes, at the lower Initiative;
the Fighter chooses one defensive option, both groups roll against that Defense Total, and if either hits both hit.
Neither group gets a point the next turn nor may team up again then (000 L7219). The groups' choices are their
decisions (``T1.<group>.team_up``), by default no Team-Up, like the boost.

Rulings (the text speaks of two combatants, 000 L7219, L6662): a group in a Team-Up makes only that attack this turn,
one Thug of each group striking the Fighter; each group first closes 1 Range on him if he is out of its reach (a
group moves 1 Range and attacks, 000 L6672), and a Team-Up is offered only at a Fighter both can reach so; a held
Team-Up nobody joins goes off as the group's usual action at the end of the turn."""

from __future__ import annotations

from collections.abc import Callable

from ...thugs import attacks as thug_rules
from ..contract.models import ChoiceOption, DecisionValue, DramaticOption
from ..protocol import events
from ..state.combatant import Combatant
from ..state.turn import Turn
from ..thug_thrashing import attacks as thug_attacks
from ..thug_thrashing import group as thug_group
from ..thug_thrashing.group import Group
from .base import Dram
from .pauses import stand_off_accuracy
from .thug_actions import GroupPoints, group_boost, group_strike

_OPTION = DramaticOption.team_up
_COST = 1  # an Action Point each (000 L7219)


def _able(ctx: Turn, g: Group, pts: GroupPoints) -> bool:
    """It may team up: the Director allows Team-Ups, it has a point, Thugs left, and did not team up last turn."""
    return (
        ctx.opts.dramatic.team_ups
        and g.members > 0
        and pts.points.get(g.id, 0) >= _COST
        and not g.state.teamed
        and not g.standing_off
        and not g.state.idle
    )


def _reachable(g: Group, f: Combatant) -> bool:
    """He is in its reach now or after its 1 Range toward him (000 L6672)."""
    dist = g.ranges[f.id]
    return thug_rules.in_reach(g.traits, dist) or (dist > 0 and thug_rules.in_reach(g.traits, dist - 1))


def _ask(ctx: Turn, g: Group, targets: list[Combatant], what: str) -> Combatant | None:
    """The group's choice: a Team-Up at one of ``targets`` or none (the default)."""
    none = DecisionValue()
    offered: list[ChoiceOption] = [thug_group.choice(none, "no Team-Up")]
    offered += [thug_group.choice(DecisionValue(option=_OPTION, target=f.id), f"{what} at {f.id}") for f in targets]
    key, v = ctx.decide(g.id, "team_up", "C", f"{g.id}: {what}?", none, offered)
    if v.option is None:
        return None
    chosen = next((f for f in targets if f.id == v.target), None)
    if v.option is not _OPTION or chosen is None:
        why = f"{key}: a Team-Up names a Fighter both groups can reach: " + ", ".join(f.id for f in targets)
        ctx.fail("DECISION_INVALID", f"{key}.target", why + (" (none)" if not targets else "") + ".", key=key)
    return chosen


def _pay(ctx: Turn, g: Group, pts: GroupPoints) -> None:
    pts.points[g.id] -= _COST
    ctx.note("AP", g.id, f"{g.id} spends an Action Point on a Team-Up.", "000 L7219", inputs={"points": -_COST})
    events.action_points(ctx, g.id, -_COST, pts.points[g.id])


def turn(
    ctx: Turn, g: Group, groups: list[Group], ds: dict[str, Dram], pts: GroupPoints, queue: list[tuple[str, str]]
) -> bool:
    """At the group's turn: join a partner holding a Team-Up, or hold for one still to act. True when the group's
    action was taken so (no usual action follows)."""
    pts.acted.add(g.id)
    if not _able(ctx, g, pts):
        return False
    foes = [f for f in thug_group.foes(ctx, g) if _reachable(g, f)]
    for h in groups:
        target = pts.held.get(h.id)
        f = next((x for x in foes if x.id == target), None)
        if h is g or f is None or not h.members or (h.side != g.side):
            continue
        if _ask(ctx, g, [f], f"join {h.id}'s Team-Up") is None:
            return False
        _pay(ctx, g, pts)
        del pts.held[h.id]
        together(ctx, h, g, f, ds, pts, queue)
        return True
    partners = [h for h in groups if h is not g and h.id not in pts.acted and h.side == g.side and _able(ctx, h, pts)]
    targets = [f for f in foes if any(_reachable(h, f) for h in partners)]
    if not targets:
        return False
    f = _ask(ctx, g, targets, "hold for a Team-Up")
    if f is None:
        return False
    _pay(ctx, g, pts)
    pts.held[g.id] = f.id
    ctx.note("C", g.id, f"{g.id} teams up against {f.id} and waits for a partner group.", "000 L7219")
    return True


def _close(ctx: Turn, g: Group, f: Combatant) -> None:
    """1 Range toward him when he is out of its reach (000 L6672)."""
    before = g.ranges[f.id]
    if thug_rules.in_reach(g.traits, before):
        return
    g.ranges[f.id] = before - 1
    ctx.note("C", g.id, f"{g.id} moves 1 Range toward {f.id}: Range {before} → {before - 1}.", "000 L6672")


def together(
    ctx: Turn, a: Group, b: Group, f: Combatant, ds: dict[str, Dram], pts: GroupPoints, queue: list[tuple[str, str]]
) -> None:
    """Both groups strike him at once: his one defence, a roll each against its total, both hit if either does."""
    ctx.note("D", None, f"{a.id} and {b.id} attack {f.id} together at Initiative {min(a.init, b.init)}.", "000 L7219")
    pair = (a, b)
    for g in pair:
        _close(ctx, g, f)
        pts.teamed.add(g.id)
    boosts = {g.id: group_boost(ctx, g, f.id, pts) for g in pair}
    dt, option = thug_attacks.defense_total(ctx, f, a)  # a single defensive option (000 L7219)
    totals = {}
    for g in pair:
        acc = boosts[g.id][0] + stand_off_accuracy(ds[f.id])
        face, total, _ = thug_attacks.attack_total(ctx, g, f, option, acc)
        totals[g.id] = total
        ctx.note(
            "D.6",
            g.id,
            f"{g.id} attacks {f.id} at Range {g.ranges[f.id]}: {face} → {total} against Defense Total {dt}: "
            + ("hit." if total >= dt else "miss."),
            "000 L6680, L7219",
            inputs={"face": face, "total": total, "defense_total": dt},
        )
    hit = any(t >= dt for t in totals.values())
    if hit:
        ctx.note("D.6", None, f"One Defense Total, and a hit: both attacks hit {f.id}.", "000 L7219")
    for g in pair:
        if not f.active:
            break
        preset = thug_attacks.Preset(dt, option, totals[g.id], hit)
        g.in_slot = True
        try:
            group_strike(ctx, g, f, queue, pts=pts, ds=ds, preset=preset, boost=(0, boosts[g.id][1]))
        finally:
            g.in_slot = False


def lapse(ctx: Turn, groups: list[Group], act: Callable[[Group], None], pts: GroupPoints) -> None:
    """A held Team-Up nobody joined: the group acts as usual at the end of the turn, if Thugs are left."""
    for gid in list(pts.held):
        del pts.held[gid]
        g = next((x for x in groups if x.id == gid and x.members), None)
        if g is None:
            continue
        ctx.note("D", g.id, f"No group joined {g.id}'s Team-Up: it acts alone.", "000 L7219")
        act(g)
