"""Sustained Hold: a Throw that holds its victim, half damage now and its effects when released (000 L4377–L4393)."""

from __future__ import annotations

from ...contract.model_types import OngoingEffectId
from ...registry import features
from ...state.action import Attack, DamageRoll
from ...state.action import Attack as AttackCls
from ...state.combatant import Combatant
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from .. import ongoing
from ..effects import on_hit
from ..knockdown import knock_back, knock_down, knocks_down


@features.HOLD_STARTED
def start_hold(ctx: Turn, atk: Attack) -> None:
    """A Sustained Hold lands: the victim cannot act this turn, and the hold goes on next turn (000 L4385)."""
    a, d = atk.attacker, atk.defender
    m = next(x for x in atk.moves if x.trait(MoveTrait.sustained_hold))
    if not d.defeated:
        if not d.acted:
            d.action_lost = True
            d.holding = False
        a.ongoing.append(ongoing.Effect("sustained_hold", m.id, None, ctx.turn, d.id))
        ctx.note(
            "E.5",
            a.id,
            f"Sustained Hold: {d.id} cannot act this turn; {a.id} keeps his hold into next turn "
            "(+2 Initiative die sizes).",
            "000 L4385–L4387",
            {},
            {"sustained_hold": d.id},
        )


def holder_this_turn(ctx: Turn, d: Combatant) -> str | None:
    """The opponent whose Sustained Hold took hold of ``d`` this turn: whatever Control ``d`` has left, he takes no
    action this turn (000 L4385)."""
    for o in ctx.opponents(d):
        if any(e.id == OngoingEffectId.sustained_hold and e.target == d.id and e.since == ctx.turn for e in o.ongoing):
            return o.id
    return None


@features.HOLD_EARNED
def mark_earned(a: Combatant, earned: bool) -> None:
    """The hold just begun keeps whether its first part earned the move's Glory (``charges`` 1), for the point it
    loses if its second damage never comes (000 L4397)."""
    e = next((x for x in reversed(a.ongoing) if x.id == "sustained_hold"), None)
    if e is not None and earned:
        e.charges = 1


def lost_glory(ctx: Turn, a: Combatant, m: MoveProfile, earned: bool) -> None:
    """No second damage: the move earns 1 Glory less, taken back when its first part earned it; the move stays
    scored, so a later full hold does not give it back (000 L4397). Ruling: a first part that earned nothing
    (scored before, Cheap) has nothing to lose."""
    if earned:
        ctx.award(a.id, -1, f"{m.name}: no second damage", "000 L4397")


@features.HOLD_RELEASED
def release_hold(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile, earned: bool = False) -> None:
    """The hold ends without the attacker winning Initiative: Knock Back, Knock Down and On-Hit effects, no damage
    (000 L4389), and 1 Glory less when its first part earned it (``lost_glory``)."""

    atk = AttackCls(attacker=a, defender=d, moves=[m], context="action", label="B", cost=0, hold_release=True)
    ctx.note("B", a.id, f"{a.id}'s Sustained Hold on {d.id} ends without damage.", "000 L4389")
    knock_back(ctx, atk, 2)
    if knocks_down(atk) and not d.knocked_down and not d.defeated:
        knock_down(ctx, a, d)
    on_hit(ctx, atk, DamageRoll(), 0)
    a.acted = True
    lost_glory(ctx, a, m, earned)
