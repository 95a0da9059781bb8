"""The Order Phase (002 L92): highest pool first; a tie goes to the higher dice, compared from the highest down;
identical rolls roll five dice against each other."""

from __future__ import annotations

from .models import RpgEventKind, RpgPhase
from .pool import dice_figures, words
from .state import Combatant, RoundState

ROLLOFF_DICE = 5  # 002 L92
MAX_ROLLOFFS = 10  # identical five-dice roll-offs ten times over: the request's order stands (our bound)


def _rank(dice: list[int]) -> tuple[int, tuple[int, ...]]:
    """Total first, then the dice from the highest down (002 L92; digest ruling B15 for the roll-off)."""
    return sum(dice), tuple(sorted(dice, reverse=True))


def _groups(fighters: list[Combatant], score: dict[str, tuple[int, tuple[int, ...]]]) -> list[list[Combatant]]:
    ranked = sorted(fighters, key=lambda c: score[c.id], reverse=True)
    out: list[list[Combatant]] = []
    for c in ranked:
        if out and score[out[-1][0].id] == score[c.id]:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _rolloff(state: RoundState, tied: list[Combatant], attempt: int) -> list[Combatant]:
    """Keys: the fighter's roll-off dice counted through the round (`rolloff`, `rolloff.2` … `rolloff.5`, then
    `rolloff.6` … for a second roll-off)."""
    if len(tied) == 1 or attempt > MAX_ROLLOFFS:
        return tied
    sides = state.pack.die_sides.value
    rolled = {
        c.id: [state.dice.roll(state.book.key(c.id, "rolloff"), sides, "Order roll-off") for _ in range(ROLLOFF_DICE)]
        for c in tied
    }
    names = "; ".join(f"{c.id} {words(rolled[c.id])} ({sum(rolled[c.id])})" for c in tied)
    state.say(RpgPhase.order, None, f"Identical pools: roll-off {attempt}: {names}.", "002 L92")
    for c in tied:
        figures = {"attempt": attempt} | dice_figures(rolled[c.id])
        state.event(RpgEventKind.rolloff, c.id, amount=sum(rolled[c.id]), figures=figures)
    out: list[Combatant] = []
    for group in _groups(tied, {c.id: _rank(rolled[c.id]) for c in tied}):
        out += _rolloff(state, group, attempt + 1)
    return out


def order_phase(state: RoundState) -> None:
    fighters = state.standing()
    out: list[Combatant] = []
    for group in _groups(fighters, {c.id: _rank(c.dice) for c in fighters}):
        out += _rolloff(state, group, 1)
    state.order = [c.id for c in out] + [i for i in state.fighters if i not in {c.id for c in out}]
    state.changed()
    state.say(RpgPhase.order, None, "Order: " + ", ".join(c.id for c in out) + ".", "002 L92")
    for place, c in enumerate(out, start=1):
        state.event(RpgEventKind.order, c.id, value=place, figures={"pool": sum(c.dice)})
