"""Elements that use Environmental Hazards: Requires Environmental Hazard, Wall Bounce, Carrying Grapple, Position
Shift and Sidestep Counter's free Check (000 L4787–L4791, L4067–L4073, L4349–L4357, L3794–L3810, L4149–L4161)."""

from __future__ import annotations

from ....catalogue.table_records import HazardUse, UsesHazard
from ...contract.models import Choice, DecisionValue
from ...protocol.names import Point
from ...registry import features
from ...state.combatant import Combatant
from ...state.entry_tables import FlagTable, flags_of_records
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from .. import grid
from ..design import design, design_of
from .hazard_interaction import auto, can_reach, interact
from .hazards import RESOLVED, Hazard, at, engaged, find, lose_behind, maneuver_check, mapped, pick, reach, resolved

HAZARD_USES: FlagTable[HazardUse] = flags_of_records("hazard_use", UsesHazard, lambda r: frozenset({r.use}))


def _uses(m: MoveProfile, use: HazardUse) -> bool:
    return use in HAZARD_USES.grants(m.entries)


def _matches(h: Hazard, want: str) -> bool:
    w = want.strip().lower().replace(" ", "_").replace("-", "_")
    return (
        not w
        or w in (h.id.lower(), h.kind)
        or (w in ("wall", "walls", "ropes") and h.wall)
        or (w.rstrip("s") == h.kind)
    )


def _wanted(m: MoveProfile) -> str:
    return str(design_of(m, HAZARD_USES, lambda row: HazardUse.needs in row).get("hazard") or "")


@features.HAZARD_NEEDS_CHECKED
def check_requirements(ctx: Turn, f: Combatant, moves: list[MoveProfile], target: Combatant | None, key: str) -> None:
    """Declaration: a move with Requires Environmental Hazard needs its Hazard in the fight at all (a Hazard id or
    kind; ruling: "ropes" means any Wall, and an empty name any Hazard)."""
    for m in moves:
        if _uses(m, HazardUse.needs) and not any(_matches(h, _wanted(m)) for h in resolved(ctx)):
            ctx.fail(
                "HAZARD_REQUIRED",
                f"decisions.{key}.moves",
                f"{key}: {m.name} needs {_wanted(m) or 'an Environmental Hazard'} in the fight.",
                key=key,
            )


@features.HAZARD_NEEDS_MET
def requirement_met(ctx: Turn, f: Combatant, moves: list[MoveProfile], target: Combatant, key: str) -> bool:
    """At the attack, after movement and any Maneuver Check: the target must be interacting with the Hazard now,
    i.e. against that Wall or Corner (000 L4787–L4791; ruling: a damaging Hazard acts at once and leaves nobody in
    it). Not met: the move cannot be used and the action is spent (ruling, as an attack out of range)."""
    for m in moves:
        if _uses(m, HazardUse.needs) and not any(_matches(h, _wanted(m)) for h in engaged(ctx, target)):
            ctx.warn(
                "HAZARD_NOT_ENGAGED",
                key or "decisions",
                f"{m.name} needs {target.id} interacting with "
                f"{_wanted(m) or 'an Environmental Hazard'}: the move cannot be used and the action is spent.",
                key=key or None,
            )
            ctx.note(
                "D.3",
                f.id,
                f"{target.id} is not against {_wanted(m) or 'a Hazard'}: {m.name} cannot be used.",
                "000 L4787–L4791",
            )
            return False
    return True


@features.WALL_BOUNCE
def wall_bounce(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile) -> dict[str, int]:
    """A Ranged move with Wall Bounce opening the attack (Initial): on a Band Map +1 Accuracy when the attacker is
    within 1 band of a Wall and the target within 3 bands of it, +2 for a Corner (ruling: the attacker's own band
    counts as 1 band away); without a map, +1 for a won Maneuver Check against the target when a Wall or Corner
    is in the fight (his one check of the turn; asked, default yes while he has it)."""
    if not _uses(m, HazardUse.banks):
        return {}
    walls = [h for h in resolved(ctx) if h.wall]
    if not walls:
        return {}
    if mapped(ctx):  # on a Battle Grid squares count as bands (ruling)
        best = 0
        for h in walls:
            near, far = reach(ctx, h, f), reach(ctx, h, t)
            if near is not None and far is not None and near <= 1 and far <= 3:
                best = max(best, 2 if h.kind == "corner" else 1)
        if best:
            ctx.note(
                "D.3",
                f.id,
                f"{m.name} banks off the {'Corner' if best == 2 else 'Wall'}: +{best} Accuracy.",
                "000 L4071",
            )
        return {"wall_bounce": best} if best else {}
    if f.maneuvered:
        return {}
    _, d = ctx.decide(
        f.id,
        "wall_bounce",
        "D.3",
        f"{f.id}: Maneuver Check against {t.id} to bank {m.name} off a "
        "Wall for +1 Accuracy (uses his one check this turn)?",
        DecisionValue(choice=Choice.act),
    )
    if d.choice is not Choice.act:
        return {}
    return {"wall_bounce": 1} if maneuver_check(ctx, f, t, f"bank {m.name} off the Wall", "D.3") else {}


@features.HAZARD_CARRY
def carry(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile], end_of_combo: bool) -> None:
    """A hit with a Carrying Grapple Throw at Range 0 without moving first: for 1 FS the attacker carries himself
    and the defender 1 band toward a Hazard (the decision names it), before the attack's other effects (a single
    move) or at the end of the Combo (ruling: before its Knock Back). Without a map it does nothing (000 L4357)."""
    carrier = any(_uses(m, HazardUse.carries) for m in moves)
    if not carrier or (len(moves) > 1) != end_of_combo or d.defeated:
        return
    if not mapped(ctx):
        ctx.note("E", a.id, "Carrying Grapple: no Band Map, so no carrying.", "000 L4357")
        return
    if a.moved or ctx.distance(a, d) != 0 or a.fs < 1:
        return
    targets = [h for h in ctx.hazards if (reach(ctx, h, d) or 0) > 0]
    if not targets:
        return
    h = pick(
        ctx,
        a.id,
        "carry",
        "E",
        f"{a.id} may spend 1 FS to carry {d.id} 1 band toward a Hazard.",
        targets,
        "no Hazard '{}' in another band to carry him toward.",
    )
    if h is None:
        return
    if ctx.grid_mode:
        _carry_on_grid(ctx, a, d, h)
        return
    if h.band is None:
        return
    pos = ctx.bands[d.id]
    new = pos + (1 if h.band > pos else -1)
    a.fs -= 1
    ctx.bands[a.id] = ctx.bands[d.id] = new
    ctx.note(
        "E",
        a.id,
        f"{a.id} carries {d.id} 1 band toward {h.id} (1 FS): band {pos} → {new}.",
        "000 L4357",
        {"fs": 1},
        {"band": new, "fs": a.fs},
    )
    auto(ctx, d)


def _carry_on_grid(ctx: Turn, a: Combatant, d: Combatant, h: Hazard) -> None:
    """Battle Grid: 1 square toward the Hazard's nearest square, along the line (000 L4357, L5680–L5682)."""
    here = ctx.squares.get(d.id)
    if here is None:
        return
    goal = min(h.squares, key=lambda s: grid.dist(here, s))
    step = grid.line(here, goal)
    new = (here[0] + step[0], here[1] + step[1])
    a.fs -= 1
    grid.place(ctx, a, new)
    grid.place(ctx, d, new)
    ctx.note(
        "E",
        a.id,
        f"{a.id} carries {d.id} 1 square toward {h.id} (1 FS): to column {new[0]}, row {new[1]}.",
        "000 L4357",
        {"fs": 1},
        {"square": list(new), "fs": a.fs},
    )
    auto(ctx, d)


def _near(ctx: Turn, h: Hazard, v: Combatant) -> bool:
    """In the same or the next band on a Band Map (square on a Battle Grid, ruling); any Hazard without a map
    (000 L3804–L3808)."""
    if h.kind not in RESOLVED or h.owner == v.id or h in engaged(ctx, v):
        return False
    return not mapped(ctx) or (reach(ctx, h, v) or 9) <= 1


@features.POSITION_SHIFT
def position_shift(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile]) -> None:
    """A hit with Position Shift, after its Knock Back: the attacker shifts (a Maneuver Check to use a Hazard in
    his band or the next), the defender is shifted (he must win a Maneuver Check or interact with a Hazard in his
    band or the next, chosen by the attacker), or they switch places (Band Map only). Without a map only Hazards
    count and switching does nothing. Rulings: the check is part of the move (not the attacker's one a turn);
    of several opponents hit, the first one shifted is the one (000 L3810); a shifted fighter steps into the
    Hazard's band."""
    m = next((m for m in moves if _uses(m, HazardUse.shifts)), None)
    if m is None or a.shifted or a.defeated or d.defeated:
        return
    mode = str(design_of(m, HAZARD_USES, lambda row: HazardUse.shifts in row).get("mode") or "defender_shifts")
    if mode == "switch_places":
        if ctx.grid_mode:
            _switch_on_grid(ctx, a, d, m)
            return
        if not ctx.band_mode:
            ctx.note("E", a.id, f"{m.name}: switching places means nothing without a map.", "000 L3808")
            return
        a.shifted = True
        ctx.bands[a.id], ctx.bands[d.id] = ctx.bands[d.id], ctx.bands[a.id]
        lose_behind(ctx, a)
        lose_behind(ctx, d)
        ctx.note(
            "E",
            a.id,
            f"{m.name}: {a.id} and {d.id} switch places (bands {ctx.bands[a.id]} and {ctx.bands[d.id]}).",
            "000 L3806",
            {},
            {"bands": [ctx.bands[a.id], ctx.bands[d.id]]},
        )
        auto(ctx, a)
        auto(ctx, d)
        return
    mover = a if mode == "attacker_shifts" else d
    options = [h for h in resolved(ctx) if _near(ctx, h, mover)]
    if not options:
        return
    h = pick(
        ctx,
        a.id,
        Point.position_shift,
        "E",
        f"{m.name}: which Hazard should {mover.id} be shifted into (Maneuver Check)?",
        options,
        f"'{{}}' is not a Hazard {mover.id} can be shifted into.",
    )
    if h is None:
        return
    a.shifted = True
    if not maneuver_check(ctx, a, d, f"{m.name}: shift {mover.id} into {h.id}", "E", free=True):
        return
    if ctx.band_mode and h.band is not None and h.band != ctx.bands[mover.id]:
        ctx.bands[mover.id] = h.band
        lose_behind(ctx, mover)
        ctx.note("E", mover.id, f"{mover.id} is shifted into band {h.band}.", "000 L3806", {}, {"band": h.band})
    here = ctx.squares.get(mover.id)
    if ctx.grid_mode and here is not None and h.squares and not at(ctx, h, mover):
        new = min(h.squares, key=lambda s: grid.dist(here, s))  # its nearest square (ruling)
        grid.place(ctx, mover, new)
        lose_behind(ctx, mover)
        ctx.note("E", mover.id, f"{mover.id} is shifted into {h.id}'s square {new}.", "000 L3806", {}, {})
    interact(ctx, mover, h, a if mover is d else None)


def _switch_on_grid(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile) -> None:
    """Battle Grid: the two exchange squares (000 L3806)."""
    sa, sd = ctx.squares.get(a.id), ctx.squares.get(d.id)
    if sa is None or sd is None:
        return
    a.shifted = True
    ctx.squares[a.id], ctx.squares[d.id] = sd, sa
    lose_behind(ctx, a)
    lose_behind(ctx, d)
    ctx.note("E", a.id, f"{m.name}: {a.id} and {d.id} switch squares.", "000 L3806")
    auto(ctx, a)
    auto(ctx, d)


@features.SIDESTEP_ONLY
def sidestep_only(m: MoveProfile) -> bool:
    """A Sidestep Counter move bought as usable only that way (the Liability half of the Element)."""
    return m.trait(MoveTrait.sidestep_counter) > 0 and str(
        design(m, MoveTrait.sidestep_counter).get("sidestep_only", "no")
    ).lower() in ("yes", "true")


@features.SIDESTEP_CHECKED
def sidestep_check(ctx: Turn, d: Combatant, a: Combatant, label: str = "G.2") -> None:
    """After a Sidestep Counter (or a Sidestep with Hazards in play), the defender may make a Maneuver Check, besides
    his one of the turn, to use a Hazard (in his band on a Band Map) or force the attacker into one (in the
    attacker's band); with no Hazards the counter is just an Evasion-based counter (000 L4159, L2225–L2229)."""
    if d.defeated or a.defeated or not resolved(ctx):
        return
    free_check(
        ctx,
        d,
        a,
        "sidestep_hazard",
        label,
        f"{d.id} may follow his Sidestep with a free Maneuver Check to use a Hazard or force {a.id} into one.",
    )


def free_check(ctx: Turn, me: Combatant, foe: Combatant, point: str, label: str, text: str) -> None:
    """A free Maneuver Check (not his one a turn) to step into a Hazard himself or force ``foe`` into one; the
    decision names the Hazard and, as ``target``, who goes into it (himself by default)."""
    options = [(h, v) for v in (me, foe) for h in resolved(ctx) if can_reach(ctx, h, v) and h not in engaged(ctx, v)]
    if not options:
        return
    key, dv = ctx.decide(me.id, point, label, text, DecisionValue())
    if dv.hazard is None:
        return
    h = find(ctx, dv.hazard)
    victim = foe if dv.target == foe.id else me if dv.target in (None, me.id) else None
    if h is None or victim is None or (h, victim) not in options:
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}",
            f"{key}: '{dv.hazard}' cannot be used on {dv.target or me.id} now.",
            key=key,
        )
    assert h is not None and victim is not None
    if maneuver_check(
        ctx, me, foe, f"{'force ' + foe.id + ' into' if victim is foe else 'use'} {h.id}", label, free=True
    ):
        interact(ctx, victim, h, me)
