"""The Order Phase (002 L92): highest pool first; a tie goes to the higher dice, compared from the highest down;
identical rolls roll five dice against each other."""

from __future__ import annotations

from ...core.dice import DiePending
from ..round_models import RpgDieRequest, RpgEventKind, RpgPhase
from .state import Combatant, Need, RoundState

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
    if len(tied) == 1 or attempt > MAX_ROLLOFFS:
        return tied
    sides = state.pack.die_sides.value
    rolled: dict[str, list[int]] = {}
    missing: list[RpgDieRequest] = []
    for c in tied:
        rolled[c.id] = []
        for i in range(1, ROLLOFF_DICE + 1):
            key = state.key(c.id, "rolloff", attempt, i)
            try:
                rolled[c.id].append(state.dice.roll(key, sides, "Order roll-off"))
            except DiePending:
                missing.append(RpgDieRequest(key=key, fighter=c.id, die=f"1d{sides}", purpose="Order roll-off"))
    if missing:
        raise Need(dice=missing)
    names = ", ".join(f"{c.id} {rolled[c.id]}" for c in tied)
    state.say(RpgPhase.order, None, f"Identical pools: roll-off {attempt}: {names}.", "002 L92")
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
    for place, c in enumerate(out, start=1):
        state.event(RpgEventKind.order, c.id, value=place)
    state.say(RpgPhase.order, None, "Order: " + ", ".join(c.id for c in out) + ".", "002 L92")
