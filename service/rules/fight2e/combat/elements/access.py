"""Which of his moves a fighter may use right now.

Moves are taken out of reach by a primed Powerless Set Up move (000 L4137–L4147), a dropped Prop (000 L4755–L4773,
see ``props``), Suppression (000 L4239–L4263, see ``suppression``) and a Movement Only or Removed Ki Buff
(000 L3027–L3045, see ``buff_modifiers``). ``locked`` gives the reason a move cannot be
used, or None; the action declaration, the Defensive Responses and the Reaction Attacks all ask it.
"""

from __future__ import annotations

from collections.abc import Callable

from ...catalogue.records import Point
from ...catalogue.table_records import Powerless, PowerlessRule
from ..contract.model_types import OngoingEffectId
from ..registry import points as records
from ..state.combatant import Combatant
from ..state.entry_tables import FlagTable, flags_of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn
from . import copies, free_movement, props, styles, summon, suppression
from .buffs import buff_modifiers
from .design import design_of
from .sequences import sequences

POWERLESS: FlagTable[Powerless] = flags_of_records("powerless", PowerlessRule, lambda r: frozenset({r.role}))


_PRIMERS = frozenset(e for e, v in POWERLESS.items() if Powerless.primes in v)


def primed_damage(m: MoveProfile) -> int:
    """The extra damage of the primed move when it is unleashed (000 L4141)."""
    return records.modifier_total(m, Point.primed_damage)


def _special(m: MoveProfile) -> bool:
    return m.kind in ("special", "super")


def powerless_primed(f: Combatant) -> MoveProfile | None:
    """The Powerless Set Up move that has been primed and not yet unleashed, if any."""
    for e in f.ongoing:
        if e.id == OngoingEffectId.set_up and e.move:
            m = f.move(e.move)
            if m is not None and Powerless.primes in POWERLESS.grants(m.entries):
                return m
    return None


def _exception_only_while_primed(m: MoveProfile) -> bool:
    return (
        str(design_of(m, POWERLESS, lambda row: Powerless.exempt in row).get("only_while_powerless") or "no") == "yes"
    )


def powerless_lock(f: Combatant, m: MoveProfile) -> str | None:
    if _PRIMERS.isdisjoint(f.prof.entry_ids):
        return None
    primed = powerless_primed(f)
    if Powerless.exempt in POWERLESS.grants(m.entries):
        if primed is None and _exception_only_while_primed(m):
            return f"{m.name} can only be used once a Powerless Set Up move has been primed"
        return None
    if primed is not None and _special(m) and m.id != primed.id:
        # ruling: Super Moves are Special Moves too, so they are locked as well (000 L4139, L5214)
        return f"{primed.name} is primed (Powerless): {f.id}'s other Special Moves are out of reach until it is used"
    return None


# What may keep a move out of reach, each asked in this order (the first reason found is given)
_LOCKS: tuple[Callable[[Combatant, MoveProfile], str | None], ...] = (
    powerless_lock,
    props.lock,
    free_movement.lock,
    suppression.lock,
    styles.lock,
    buff_modifiers.lock,
    sequences.lock,
)


def _reasons(f: Combatant, m: MoveProfile) -> dict[Callable[[Combatant, MoveProfile], str | None], str | None]:
    return {
        powerless_lock: powerless_lock(f, m),
        props.lock: props.lock(f, m),
        free_movement.lock: free_movement.lock(f, m),
        suppression.lock: suppression.lock(f, m),
        styles.lock: styles.lock(f, m),
        buff_modifiers.lock: buff_modifiers.lock(f, m),
        sequences.lock: sequences.lock(f, m),
    }


def locked(f: Combatant, m: MoveProfile) -> str | None:
    """Why ``m`` cannot be used by ``f`` now, or None."""
    for lock in _LOCKS:  # the locks are pure: the first reason found is the one given
        why = lock(f, m)
        if why:
            return why
    return None


def check(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """A declared move (or a Combo's) that is out of reach is a violation. In a Combo some locks are lifted by the
    move before: a follow-up straight after its Opening Move (sequences), the Base Style's moves after an End Style
    move (000 L3286), Prop moves after a Prop Recovery move (000 L3904)."""
    for i, m in enumerate(moves):
        reasons = _reasons(f, m)
        if reasons[sequences.lock] and sequences.unlocked_by_combo(moves, i):
            reasons[sequences.lock] = None
        if reasons[styles.lock] and styles.follows_end_style(f, moves[:i], m):
            reasons[styles.lock] = None
        if reasons[props.lock] and props.follows_recovery(f, moves[:i], m):
            reasons[props.lock] = None
        why = next((w for w in reasons.values() if w), None)
        if why:
            ctx.fail("MOVE_LOCKED", path, f"{key}: {why}.", key=key)
    styles.check_combo(ctx, f, moves, path, key)
    copies.check_combo(ctx, f, moves, path, key)
    summon.check(ctx, f, moves, path, key)
