"""F.2 in a plain Dramatic turn: what a successful Evasion gives the defender, movement being unchanged in Dramatic
Combat (000 L7106) and its procedure the main system's (000 L7080). As the main turn's step (``turn.f_evasion_results``)
he moves exactly 2 Ranges for 1 FS, or takes +2 Accuracy on his next attack on the one he evaded, this turn or the
next (000 L5834–L5836); with the Sidestep he moves 1 Range and takes the +2 (000 L2219–L2229), which opens a Sidestep
Setup chance (000 L4823). A Hits Low attack makes him move (000 L3464); a style, Buff or Suppression that forbids
movement leaves him the bonus (000 L5104, L5138, L3037, L4247).

Rulings where the Dramatic text is silent (RULINGS.md, issue 36): Environmental Hazards are not used (000 L7106), so a
Sidestep is always the one with no Hazards in play; the Evasion move cannot reach Range 5, which only Leaving Combat
does (000 L7106, L7152; ``base.shift_range``); Acrobatics in place of Evasion is an Evasion (000 L7120); the bonus
is used by his next Dramatic attack on that opponent, lost on an attack on another or when a hit lands on him first.
"""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import Choice, ChoiceOption, DecisionValue, Direction
from ..elements import sidestep_setup, styles, suppression, techniques
from ..elements.buffs import buff_modifiers
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..turn.f_evasion_results import movement_fs, pay
from . import kept_states
from .base import Dram, choice, shift_range

BONUS = 2  # 000 L5834
SOURCE = "evasion"  # the main turn's source of the bonus, kept in the fighter's state


def _still(f: Combatant) -> tuple[str, str] | None:
    """Why he cannot move after the Evasion: (the code, the reason), or None."""
    rooted = buff_modifiers.rooted(f)
    if rooted is not None:
        return "BUFF_NO_MOVEMENT", f"while {rooted.name} lasts {f.id} cannot move (000 L3037)"
    if styles.immobile(f):
        return (
            "STYLE_MOVEMENT_LIMITED",
            f"in the {f.style} style {f.id} cannot move after the Evasion (000 L5104, L5138)",
        )
    if suppression.no_movement(f):
        return "SUPPRESSION_RESTRICTED", f"{f.id} is suppressed and cannot move after the Evasion (000 L4247)"
    return None


def _choices(t: Dram, a: str, cost: int, must_move: bool, sidestep: bool) -> list[ChoiceOption]:
    f = t.f
    out = [] if must_move else [choice(DecisionValue(choice=Choice.accuracy_bonus), f"+{BONUS} Accuracy against {a}")]
    if _still(f) is not None or cost > min(f.fs, f.pl):
        return out
    for way in Direction:
        out.append(choice(DecisionValue(choice=Choice.move, direction=way), f"move 2 Ranges {way.value} {a}", cost))
        if sidestep and not must_move:
            out.append(choice(DecisionValue(choice=Choice.sidestep, direction=way), f"Sidestep {way.value} {a}", cost))
    return out


def evaded(ctx: Turn, d: Dram, t: Dram, move: MoveProfile | None) -> None:
    """``t`` evaded ``d``'s attack with Evasion alone and declared no Response with it (not the combined defence,
    which gives nothing, 000 L5838): the F.2 choice, as the main turn offers it after its own attacks."""
    f, a = t.f, d.f
    if t.guarded != "evasion" or t.response is not None or not f.active or f.stunned or t.idle:
        return
    if any(e.id == OngoingEffectId.super_jump for e in f.ongoing):
        ctx.note("F.2", f.id, f"{f.id} evades in his Super Jump: no move and no Accuracy bonus.", "000 L2193")
        return
    still = _still(f)
    must_move = bool(move is not None and move.trait(MoveTrait.hits_low)) and still is None  # 000 L3464
    cost = movement_fs(f, 1)
    sidestep = techniques.has(ctx, f, "sidestep")
    default = DecisionValue(choice=Choice.move, direction=Direction.away) if must_move else None
    key, v = ctx.decide(
        f.id,
        "evasion_result",
        "F.2",
        f"{f.id} evaded {a.id}: move exactly 2 Ranges for {cost} FS"
        + (", or Sidestep 1 Range" if sidestep else "")
        + ("" if must_move else f", or +{BONUS} Accuracy on his next attack against him")
        + "?",
        default or DecisionValue(choice=Choice.accuracy_bonus),
        lambda: _choices(t, a.id, cost, must_move, sidestep),
    )
    moving = v.choice in (Choice.move, Choice.sidestep)
    if moving and still is not None:
        ctx.fail(still[0], f"{key}.choice", f"{key}: {still[1]}.", key=key)
    if v.choice is Choice.move:
        pay(ctx, f, cost, key, "the Evasion move")
        drop(f)  # moving after another Evasion gives up a bonus still held (000 L5836)
        kept_states.moved(f)
        ctx.note("F.2", f.id, f"{f.id} moves 2 Ranges after evading ({cost} FS).", "000 L5834", {"fs": cost})
        shift_range(ctx, t, 2, v.direction or Direction.away, a)
    elif v.choice is Choice.accuracy_bonus and not must_move:
        _bonus(ctx, f, a, "000 L5834–L5836")
    elif v.choice is Choice.sidestep and sidestep and not must_move:
        pay(ctx, f, cost, key, "the Sidestep")  # ruling: 1 FS, as the Evasion move (000 L2229)
        kept_states.moved(f)
        ctx.note("F.2", f.id, f"{f.id} sidesteps 1 Range ({cost} FS).", "000 L2229", {"fs": cost})
        shift_range(ctx, t, 1, v.direction or Direction.away, a)
        _bonus(ctx, f, a, "000 L2229")
        sidestep_setup.sidestepped(ctx, f)
    else:
        why = (
            "a Hits Low attack makes him move" if must_move else "move, accuracy_bonus or (with the Sidestep) sidestep"
        )
        ctx.fail("EVASION_RESULT_INVALID", f"{key}.choice", f"{key}: {why}.", key=key)


def _bonus(ctx: Turn, f: Combatant, a: Combatant, ref: str) -> None:
    drop(f)
    f.pending_acc.append((BONUS, a.id, "evasion"))  # SOURCE, spelled out for the sources test
    ctx.note("F.2", f.id, f"{f.id} takes +{BONUS} Accuracy on his next attack against {a.id}.", ref, {},
             {"pending_accuracy": BONUS})  # fmt: skip


def drop(f: Combatant) -> bool:
    """His Evasion bonus removed; whether he had one."""
    had = any(p[2] == SOURCE for p in f.pending_acc)
    if had:
        f.pending_acc = [p for p in f.pending_acc if p[2] != SOURCE]
    return had


def accuracy(ctx: Turn, f: Combatant, t: Combatant) -> int:
    """His attack on ``t`` uses his Evasion bonus against ``t``; on another opponent it is lost (000 L5836)."""
    bonus = sum(n for n, vs, src in f.pending_acc if src == SOURCE and vs == t.id)
    if drop(f):
        if bonus:
            ctx.note("D.5", f.id, f"{f.id} uses his +{bonus} Accuracy from evading {t.id}.", "000 L5834")
        else:
            ctx.note("D.5", f.id, f"{f.id} attacks another opponent: his Evasion bonus is lost.", "000 L5836")
    return bonus


def hit(ctx: Turn, f: Combatant) -> None:
    """A hit on him before he uses it ends his Evasion bonus (000 L5836, L2229)."""
    if drop(f):
        ctx.note("F.2", f.id, f"{f.id} is hit before using it: his Evasion bonus is lost.", "000 L5836")


Kept = list[tuple[Combatant, tuple[int, str | None, str]]]


def carried(fighters: list[Combatant]) -> Kept:
    """The Evasion bonuses the turn starts with: earned on the turn before (the state a turn is given is the last
    turn's answer)."""
    return [(f, p) for f in fighters for p in f.pending_acc if p[2] == SOURCE]


def lapse(ctx: Turn, kept: Kept) -> None:
    """The end of the turn after the Evasion: a bonus carried in and still unused lapses, its use being on that turn
    or the next (000 L5834); one earned this turn is kept for the next."""
    for f, p in kept:
        if any(q is p for q in f.pending_acc):
            f.pending_acc = [q for q in f.pending_acc if q is not p]
            ctx.note("H", f.id, f"{f.id}'s Evasion bonus against {p[1]} lapses unused.", "000 L5834")
