"""Props: moves that need a Prop, how it is dropped and how it is picked up again (000 L4755–L4785, L3902–L3908).

A dropped Prop is an ``ongoing_effects`` entry ``prop`` of its owner: ``move`` the Prop's name, ``since`` the turn
it fell, ``charges`` how many Ranges away it lies (a Ranged move's Prop; 0 for the others), ``band`` where it lies
on a Band Map and ``moved`` whether he has moved since it fell. While it is down the moves attached to it are
locked (``access``).

The Prop's name is the ``prop`` option of the Prop Liability; moves that leave it empty share one Prop (ruling: the
book binds all of a Fighter's Prop moves to one Prop unless he names a second one for Ranged moves, 000 L4767).
A non-Ranged Prop move loses the Prop when its owner is Knocked Down; a Ranged one when an opponent evades it with
Evasion alone (000 L4757).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..contract.model_types import OngoingEffectId
from ..contract.models import Choice, CombatOptions, DecisionValue, OngoingEffect
from ..registry.elements import Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait, command_move
from ..state.turn import Turn
from .design import design
from .hazards import hazards
from .vocabulary import LogKey, OptionName

DEFAULT = OptionName.prop  # an unnamed Prop goes by its design option's own name
PREFIX = "recover_prop:"


def name(m: MoveProfile) -> str:
    raw = str(design(m, MoveTrait.prop).get(OptionName.prop) or "")
    slug = re.sub(r"[^a-z0-9]+", "_", raw.lower()).strip("_")
    return slug or DEFAULT


def recover_commands(moves: dict[str, MoveProfile]) -> dict[str, MoveProfile]:
    """The L1 Recover Prop Command Move (Utility, Normal Move, No Combo), one per Prop, declared as
    ``recover_prop:<prop>`` (000 L4775–L4785)."""
    out: dict[str, MoveProfile] = {}
    for n in sorted({name(m) for m in moves.values() if m.trait(MoveTrait.prop)}):
        ident = PREFIX + n
        out[ident] = command_move(
            ident,
            f"Recover Prop ({n})",
            1,
            ("normal_move", "utility"),
            ("no_combo",),
            options={"recover_prop": {OptionName.prop: n}},
        )
    return out


def down(f: Combatant, prop: str) -> Effect | None:
    return next((e for e in f.ongoing if e.id == OngoingEffectId.prop and e.move == prop), None)


def lock(f: Combatant, m: MoveProfile) -> str | None:
    if not m.trait(MoveTrait.prop) or not any(e.id == OngoingEffectId.prop for e in f.ongoing):
        return None
    if down(f, name(m)) is not None:
        return f"{m.name} needs the Prop '{name(m)}', which {f.id} has dropped"
    return None


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    if (
        eff.move not in {name(m) for m in f.prof.moves.values() if m.trait(MoveTrait.prop)}
        or eff.since is None
        or (ctx.band_mode and eff.band is None)
        or (ctx.grid_mode and eff.square is None)
    ):
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: a dropped Prop needs the name of one of his Props, the turn it fell and (Band Map) its band "
            "or (Battle Grid) its square.",
        )
    f.ongoing.append(eff)


# ── dropping it ──────────────────────────────────────────────────────────────────────────────────


def _drop(
    ctx: Turn,
    f: Combatant,
    prop: str,
    why: str,
    ranges: int,
    band: int | None,
    reachable: Callable[[Combatant, MoveProfile], str | None],
    spot: Combatant | None = None,
) -> None:
    if down(f, prop) is not None:
        return
    attached = [m for m in f.prof.moves.values() if m.trait(MoveTrait.prop) and name(m) == prop]
    if attached and all(reachable(f, m) for m in attached):
        # Moves he cannot use anyway (Suppression …) leave the Prop where it is (000 L4773).
        ctx.note(
            "E", f.id, f"{f.id} cannot use his Prop moves right now: the Prop '{prop}' is not dropped.", "000 L4773"
        )
        return
    square = ctx.squares.get(spot.id) if ctx.grid_mode and spot is not None else None
    f.ongoing.append(Effect(OngoingEffectId.prop, prop, None, since=ctx.turn, charges=ranges, band=band, square=square))
    where = f"in band {band}" if band is not None else (f"{ranges} Range(s) away" if ranges else "where he stands")
    where = f"in square {square}" if square is not None else where
    ctx.note(
        "E",
        f.id,
        f"{f.id} drops his Prop '{prop}' ({why}); it lies {where}. "
        + ", ".join(m.name for m in attached)
        + " cannot be used until he picks it up.",
        "000 L4757–L4763",
        {},
        {"prop_dropped": prop},
    )


def knocked_down(ctx: Turn, f: Combatant, reachable: Callable[[Combatant, MoveProfile], str | None]) -> None:
    """Knocked Down: the Prop of his non-Ranged Prop moves falls where he lies (000 L4757)."""
    if MoveTrait.prop not in f.prof.traits:
        return
    for prop in sorted(
        {name(m) for m in f.prof.moves.values() if m.trait(MoveTrait.prop) and not m.trait(MoveTrait.projectile)}
    ):
        _drop(ctx, f, prop, "Knocked Down", 0, ctx.bands.get(f.id) if ctx.band_mode else None, reachable, f)


def evaded(
    ctx: Turn,
    a: Combatant,
    d: Combatant,
    moves: list[MoveProfile],
    reachable: Callable[[Combatant, MoveProfile], str | None],
) -> None:
    """Evaded with Evasion alone: the Prop of a Ranged Prop move ends up as far away as the target was, in the
    target's band on a Band Map (000 L4757, L4765)."""
    if MoveTrait.prop not in a.prof.traits:
        return
    for prop in sorted({name(m) for m in moves if m.trait(MoveTrait.prop) and m.trait(MoveTrait.projectile)}):
        _drop(
            ctx,
            a,
            prop,
            f"{d.id} evaded the Ranged move",
            ctx.distance(a, d),
            ctx.bands.get(d.id) if ctx.band_mode else None,
            reachable,
            d,  # on a Battle Grid: the target's square (ruling, as his band)
        )


def moved(f: Combatant) -> None:
    """He moved: a Prop dropped before now is no longer at his feet (000 L4761)."""
    for e in f.ongoing:
        if e.id == OngoingEffectId.prop:
            e.moved = True


# ── picking it up ─────────────────────────────────────────────────────────────────────────────────


def _maneuver(ctx: Turn, f: Combatant, penalty: int, against: Combatant | None = None) -> bool:
    """A Maneuver Check against the nearest opponent (000 L6077); ``penalty`` comes off his side (000 L4765)."""

    foes = ctx.opponents(f)
    if not foes:
        return True
    o = against or min(foes, key=lambda x: ctx.distance(f, x))
    return hazards.maneuver_check(ctx, f, o, "recovering his Prop", "C.5", bonus=-penalty)


def _band_contest(ctx: Turn, f: Combatant) -> bool:
    """Band Map: an opponent in the same band (square on a Battle Grid) may try to stop him with a Maneuver Check
    (000 L4763, L4765)."""
    where = ctx.squares if ctx.grid_mode else ctx.bands
    for o in [x for x in ctx.opponents(f) if where.get(x.id) == where.get(f.id)]:
        _, d = ctx.decide(
            o.id,
            "prop_contest",
            "C.5",
            f"{o.id} may contest {f.id}'s recovery of his Prop with a Maneuver Check (act) or let it be (pass).",
            DecisionValue(choice=Choice.act),
        )
        if d.choice is Choice.act and not _maneuver(ctx, f, 0, o):
            return False
    return True


def recover(ctx: Turn, f: Combatant, prop: str, how: str) -> bool:
    """Try to pick the Prop up with ``how`` (an action at its spot): True when it is back in hand."""
    e = down(f, prop)
    if e is None:
        return False
    if ctx.band_mode or (ctx.grid_mode and e.square is not None):
        here, there = (ctx.squares.get(f.id), e.square) if ctx.grid_mode else (ctx.bands.get(f.id), e.band)
        if here != there:
            ctx.note(
                "C.5",
                f.id,
                f"{how}: the Prop '{prop}' lies at {there}, not where {f.id} is ({here}): nothing is recovered.",
                "000 L4761–L4765",
            )
            return False
        ok = _band_contest(ctx, f)
    elif e.charges == 0 and not e.moved:
        ok = True  # a non-Ranged Prop at his feet: the action is enough (000 L4761)
    else:
        # ruling: the penalty is the Ranges to a Ranged move's Prop while he has not moved (000 L4765)
        ok = _maneuver(ctx, f, (e.charges or 0) if not e.moved else 0)
    if ok:
        f.ongoing.remove(e)
    ctx.note(
        "C.5",
        f.id,
        f"{how}: {f.id} " + ("picks up" if ok else "fails to reach") + f" his Prop '{prop}'.",
        "000 L4759–L4765, L3904–L3908",
        {LogKey.prop: prop},
        {"prop_recovered": ok},
    )
    return ok


def first_down(f: Combatant) -> str | None:
    e = next((x for x in f.ongoing if x.id == OngoingEffectId.prop), None)
    return e.move if e is not None else None


def use_recovery(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """A Prop Recovery move (or the Recover Prop Command Move) in use: it tries to pick the Prop up; a Prop move
    after it in a Combo is only reached when it succeeded (000 L3902–L3908). Returns the moves that go on."""
    if not any(e.id == OngoingEffectId.prop for e in f.ongoing):
        return moves
    for i, m in enumerate(moves):
        if m.id.startswith(PREFIX):
            recover(ctx, f, m.id[len(PREFIX) :], m.name)
        elif m.trait(MoveTrait.prop_recovery):
            prop = first_down(f)  # ruling: a Prop Recovery move picks up one Prop, the first one dropped (000 L3908)
            if prop is not None and not recover(ctx, f, prop, m.name):
                later = next((j for j in range(i + 1, len(moves)) if lock(f, moves[j])), None)
                if later is not None:
                    ctx.note(
                        "C.5", f.id, f"The Prop is still down: the Combo stops before {moves[later].name}.", "000 L3904"
                    )
                    return moves[:later]
    return moves


def follows_recovery(f: Combatant, before: list[MoveProfile], m: MoveProfile) -> bool:
    """A Prop move may follow a Prop Recovery move in a Combo when that move is to pick up its Prop."""
    return (
        m.trait(MoveTrait.prop) > 0
        and first_down(f) == name(m)
        and any(x.trait(MoveTrait.prop_recovery) for x in before)
    )


@register
class Props(Element):
    """A dropped Prop, and the Recover Prop Command Moves (000 L4755–L4785)."""

    effects = frozenset({"prop"})
    entries = frozenset({"prop", "prop_recovery"})
    order = 10

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return None if ctx.round_over else [e]  # ruling: a new round starts with the Prop in hand

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        return recover_commands(moves)
