"""What a successful Evasion against a Thug gives the Fighter (000 L6698, L5834–L5836): a move of exactly 2 Ranges
for 1 FS, or +2 Accuracy on his next attack on that group, this turn or the next; the bonus is lost when a Thug's
hit harms him first or when he attacks another opponent."""

from __future__ import annotations

from ..contract.models import Choice, ChoiceOption, DecisionValue, Direction
from ..state.combatant import Combatant
from ..state.turn import Turn
from ..turn import f_evasion_results as evasion_results
from . import lasting
from .group import Group, choice, shift

BONUS = 2  # 000 L5834
SOURCE = "evasion"


def evaded(ctx: Turn, f: Combatant, g: Group, forced: bool = False) -> None:
    """He evaded one of ``g``'s Thugs (Evasion, or Agility or Acrobatics in its place; 000 L6698–L6700).
    ``forced``: a Hits Low attack makes him move the 2 Ranges (000 L3466); ruling: a forced move costs no FS."""
    locked = lasting.move_locked(f)  # a Suppression keeps the Evasion, not its move (000 L4247)
    if forced and locked:
        ctx.note("F.2", f.id, f"{f.id} is suppressed: he does not move after evading.", "000 L4247")
        return
    if forced:
        _, v = ctx.decide(
            f.id,
            "evasion_result",
            "F.2",
            f"{f.id} evaded {g.id}'s low attack: he must move 2 Ranges.",
            DecisionValue(choice=Choice.move, direction=Direction.away),
            lambda: [
                choice(DecisionValue(choice=Choice.move, direction=d), f"move 2 {d.value} {g.id}") for d in Direction
            ],
        )
        drop(f)
        shift(ctx, f, g, 2, v.direction or Direction.away, " (forced by a low attack)")
        return
    cost = evasion_results.movement_fs(f, 1)

    def choices() -> list[ChoiceOption]:
        out = [choice(DecisionValue(choice=Choice.accuracy_bonus), f"+{BONUS} Accuracy on his next attack on {g.id}")]
        if cost <= min(f.fs, f.pl) and not locked:
            for d in Direction:
                out.append(choice(DecisionValue(choice=Choice.move, direction=d), f"move 2 {d.value} {g.id}", cost))
        return out

    key, v = ctx.decide(
        f.id,
        "evasion_result",
        "F.2",
        f"{f.id} evaded {g.id}: move exactly 2 Ranges for {cost} FS, or +{BONUS} Accuracy on his next attack on it.",
        DecisionValue(choice=Choice.accuracy_bonus),
        choices,
    )
    if v.choice is Choice.move and locked:
        ctx.fail("SUPPRESSION_RESTRICTED", f"{key}.choice", f"{key}: {f.id} is suppressed and cannot move.", key=key)
    if v.choice is Choice.move:
        evasion_results.pay(ctx, f, cost, key, "the Evasion move")
        drop(f)  # moving again gives up a bonus he still held (000 L5836)
        shift(ctx, f, g, 2, v.direction or Direction.away, f" after evading ({cost} FS)")  # ruling: away unless said
    elif v.choice is Choice.accuracy_bonus:
        drop(f)
        f.pending_acc.append((BONUS, g.id, "evasion"))  # SOURCE, spelled out for the sources test
        ctx.note("F.2", f.id, f"{f.id} takes +{BONUS} Accuracy on his next attack on {g.id}.", "000 L6698, L5834")
    else:
        ctx.fail("EVASION_RESULT_INVALID", f"{key}.choice", f"{key}: choose move or accuracy_bonus.", key=key)


def drop(f: Combatant) -> bool:
    """Remove his Evasion bonus; whether he had one."""
    had = any(p[2] == SOURCE for p in f.pending_acc)
    f.pending_acc = [p for p in f.pending_acc if p[2] != SOURCE]
    return had


def take(ctx: Turn, f: Combatant, g: Group) -> int:
    """The bonus his attack on ``g`` uses; an attack on another opponent loses it (000 L5836)."""
    bonus = sum(a for a, vs, src in f.pending_acc if src == SOURCE and vs == g.id)
    if drop(f) and not bonus:
        ctx.note("F.2", f.id, f"{f.id} attacks another opponent: his Evasion bonus is lost.", "000 L5836")
    return bonus


def hit(ctx: Turn, f: Combatant) -> None:
    """A Thug's hit that harms him ends the bonus (000 L5836)."""
    if drop(f):
        ctx.note("F.2", f.id, f"{f.id} is hit before using it: his Evasion bonus is lost.", "000 L5836")
