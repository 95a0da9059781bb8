"""Checking by or of a summoned Ally on a Band Map (000 L4199, L5668).

In place of movement, with the fighter's one Maneuver Check of the turn (the ``hazard`` decision, ``choice: check``
and ``ally_check``):

- ``by_ally``: his Ally Checks an opponent; the opponent carries ``checked`` (``target`` the summoner, ``move`` the
  Summon move) and cannot attack the summoner until he wins a Maneuver Check in place of movement. Ruling: the Ally
  cannot be attacked (000 L4197), so its Check shields its summoner; it lasts while the Ally stays.
- ``of_ally``: he Checks the target's Ally; the summoner carries ``ally_checked`` (``target`` the checker, ``move``
  the Summon move): the Ally's attacks cannot reach the checker until the summoner, not having moved, wins a
  Maneuver Check (his one of the turn) when the Ally would strike him.

Ruling: the Ally's side of every such Maneuver Check is rolled with its summoner's Tactics and counts as his one
Maneuver Check of the turn, as the Ally's Ki is his for Ranged attacks (000 L4189, L6079).
"""

from __future__ import annotations

from ...contract.model_types import OngoingEffectId
from ...contract.models import AllyCheck, DecisionValue
from ...state.combatant import Combatant, Effect
from ...state.turn import Turn
from . import hazards

CHECKED = "ally_checked"


def allies(f: Combatant) -> list[Effect]:
    """His summoned Allies (``summon`` ongoing effects)."""
    return [e for e in f.ongoing if e.id == OngoingEffectId.summon]


def on_map(ctx: Turn) -> bool:
    """An Ally stands on the Band Map: it counts as one more body for Checking (000 L4199)."""
    return ctx.band_mode and any(e.band is not None for f in ctx.fighters.values() for e in allies(f))


def _ally(ctx: Turn, f: Combatant) -> Effect | None:
    return next((e for e in allies(f) if e.band is not None), None) if ctx.band_mode else None


def declare(ctx: Turn, f: Combatant, d: DecisionValue, movement: int, key: str) -> None:
    o = ctx.fighters.get(d.target or "")
    owner = f if d.ally_check is AllyCheck.by_ally else o
    e = _ally(ctx, owner) if owner is not None else None
    if o is None or o.defeated or o.side == f.side or movement or e is None:
        ctx.fail(
            "SUMMON_CHECK_INVALID",
            f"decisions.{key}",
            f"{key}: a Check by or of an Ally names an opponent, "
            "with the Ally on the Band Map, and takes the place of movement (000 L4199, L5668).",
            key=key,
        )
    assert o is not None and e is not None
    if f.maneuvered:
        ctx.fail("MANEUVER_CHECK_USED", f"decisions.{key}", f"{key}: one Maneuver Check a turn.", key=key)
    if d.ally_check is AllyCheck.by_ally:
        if hazards.maneuver_check(ctx, f, o, f"his Ally Checks {o.id}", "C"):
            o.ongoing = [x for x in o.ongoing if not (x.id == OngoingEffectId.checked and x.target == f.id)]
            o.ongoing.append(Effect(OngoingEffectId.checked, e.move, None, ctx.turn, f.id))
            ctx.note(
                "C",
                o.id,
                f"{f.id}'s Ally Checks {o.id}: he must win a Maneuver Check in place of movement "
                f"before attacking {f.id}.",
                "000 L4199, L5668",
                {},
                {"checked_by": f.id},
            )
        return
    if hazards.maneuver_check(ctx, f, o, f"Check {o.id}'s Ally", "C"):
        o.ongoing = [x for x in o.ongoing if not (x.id == CHECKED and x.target == f.id)]
        o.ongoing.append(Effect(CHECKED, e.move, None, ctx.turn, f.id))
        ctx.note(
            "C",
            o.id,
            f"{f.id} Checks {o.id}'s Ally: it cannot strike {f.id} until {o.id} wins a Maneuver "
            "Check in place of movement.",
            "000 L4199, L5668",
            {},
            {"ally_checked_by": f.id},
        )


def may_strike(ctx: Turn, f: Combatant, e: Effect, victim: Combatant) -> bool:
    """The Ally is about to strike ``victim``: if he has Checked it, its summoner must first win a Maneuver Check
    in place of movement (ruling: he has not moved this turn and still has his Maneuver Check), else the Ally's
    attack on him has no effect (000 L5668)."""
    mark = next((x for x in f.ongoing if x.id == CHECKED and x.move == e.move and x.target == victim.id), None)
    if mark is None:
        return True
    if f.moved or f.maneuvered:
        ctx.note(
            "D.1",
            f.id,
            f"{f.id}'s Ally is Checked by {victim.id} and {f.id} has no Maneuver Check in place "
            "of movement left: its attack has no effect.",
            "000 L5668",
        )
        return False
    if hazards.maneuver_check(ctx, f, victim, f"free his Ally from {victim.id}'s Check", "D.1"):
        f.ongoing.remove(mark)
        return True
    ctx.note("D.1", f.id, f"{f.id}'s Ally cannot get at {victim.id}: its attack has no effect.", "000 L5668")
    return False


def release(ctx: Turn, f: Combatant, move: str | None) -> None:
    """The Ally has gone: its Checks and the Checks on it end with it."""
    f.ongoing = [x for x in f.ongoing if not (x.id == CHECKED and x.move == move)]
    for o in ctx.fighters.values():
        o.ongoing = [
            x
            for x in o.ongoing
            if not (x.id == OngoingEffectId.checked and x.target == f.id and x.move == move and move is not None)
        ]
