"""Damage, defeat at 10 (002 L9) and the injuries that keep a fighter standing (002 L104–L108)."""

from __future__ import annotations

from ...core.protocol.steps import Refusal
from ..pack import DECLINE
from ..tokens.counts import TOKEN_TYPES
from .choices import injury_choices
from .decide import Ask, Check, decide, refusal
from .models import RpgDecision, RpgEventKind, RpgInjuryPolicy, RpgPhase, RpgPoint
from .policies import choose_injury
from .state import Combatant, RoundState, defeated_at


def hurt(state: RoundState, c: Combatant, amount: int, phase: RpgPhase, why: str, ref: str) -> None:
    if amount <= 0 or c.defeated:
        return
    c.damage += amount
    state.say(phase, c.id, f"{c.id} takes {amount} damage ({why}): {c.damage} in all.", ref)
    state.event(RpgEventKind.damage, c.id, amount=amount, value=c.damage)


def gain(state: RoundState, c: Combatant, amount: int, phase: RpgPhase, why: str, ref: str) -> None:
    if amount == 0:
        return
    before = c.power_points
    c.power_points = max(0, c.power_points + amount)
    change = c.power_points - before
    state.say(phase, c.id, f"{c.id} {'gains' if change >= 0 else 'loses'} {abs(change)} Power Points ({why}).", ref)
    state.event(RpgEventKind.power_points, c.id, amount=change, value=c.power_points)


def settle(state: RoundState, fighters: list[Combatant], phase: RpgPhase) -> None:
    """Each fighter at 10 damage or more takes injuries or is defeated, in the order given."""
    for c in fighters:
        if not c.defeated and defeated_at(c.damage):
            _injuries_or_defeat(state, c, phase)


def _injury_check(state: RoundState, c: Combatant) -> Check:
    def check(value: RpgDecision) -> Refusal | None:
        if value.injury is None:
            return refusal("DECISION_INVALID", "An injury decision carries `injury`: an attribute, or `decline`.")
        if value.injury == DECLINE:
            return None
        if value.injury not in c.sheet.attributes:
            return refusal("ATTRIBUTE_UNKNOWN", f"{c.id} has no attribute {value.injury!r} to take an injury on.")
        if c.injuries.get(value.injury, 0) >= c.sheet.attributes[value.injury]:
            most = c.sheet.attributes[value.injury]
            return refusal("INJURY_LIMIT_EXCEEDED", f"{c.id} already has {most} injuries on {value.injury}, its limit.")
        return None

    return check


def _injuries_or_defeat(state: RoundState, c: Combatant, phase: RpgPhase) -> None:
    policy = state.policy(c.id).injuries
    while defeated_at(c.damage):
        choices = injury_choices(state, c)
        if not c.injury_eligible or len(choices) == 1:  # 002 L104: not everyone may; L108: no room left
            defeat(state, c, phase)
            return
        ask = Ask(
            c.id,
            RpgPoint.injury,
            f"{c.id} is at {c.damage} damage: take an injury to stay in, or be defeated.",
            lambda choices=choices: choices,  # type: ignore[misc]
            check=_injury_check(state, c),
        )
        value = None if policy is RpgInjuryPolicy.ask else choose_injury(state, c, policy is RpgInjuryPolicy.take)
        chosen = decide(state, ask, value).injury
        if chosen == DECLINE or chosen is None:
            defeat(state, c, phase)
            return
        c.injuries[chosen] = c.injuries.get(chosen, 0) + 1  # 002 L104: one injury, one damage less
        c.damage -= 1
        state.say(phase, c.id, f"{c.id} takes an injury on {chosen}: damage down to {c.damage}.", "002 L104")
        state.event(RpgEventKind.injury, c.id, amount=-1, value=c.damage, figures={"injuries": c.injuries[chosen]})


def defeat(state: RoundState, c: Combatant, phase: RpgPhase) -> None:
    c.defeated = True
    state.out.append(c.id)
    state.changed()
    c.tokens = dict.fromkeys(TOKEN_TYPES, 0)
    state.say(phase, c.id, f"{c.id} is defeated at {c.damage} damage and leaves the fight.", "002 L9")
    state.event(RpgEventKind.defeated, c.id, value=c.damage)
