"""The policies: how a side answers each decision the turn resolver asks for (docs/simulation.md).

A policy is data: weights that score every offered choice of an action decision (the choices already carry what
they cost and whether they reach the target). The highest score wins; ties go to the first choice offered, so a
policy is deterministic given the dice. Any other decision takes the resolver's default when it offers one, else
its first choice. A choice the resolver then refuses is struck off and the next best is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.protocol.models import DecisionNeeded
from ..combat.contract.models import ActionType, Asked, ChoiceOption, DecisionValue
from .estimates import SheetFigures, attack_estimate
from .models import Policy


@dataclass(frozen=True)
class Weights:
    fs_cost: float = 0.0  # expected damage given up for each Fighting Spirit a choice costs
    per_move: float = 0.0  # bonus for each move of the attack (a longer Combo)
    hit_chance: float = 0.0  # bonus for a sure hit (times the hit chance)
    refocus_below: float = 0.0  # share of the starting FS under which Refocus is worth `refocus`
    refocus: float = 0.0
    await_opening: float = -1.0  # worth of Await Opening (below 0: only when nothing else is offered)


POLICIES: dict[Policy, Weights] = {
    Policy.greedy: Weights(),
    Policy.balanced: Weights(fs_cost=1.0, refocus_below=0.25, refocus=2.0),
    Policy.aggressive: Weights(per_move=3.0),
    Policy.defensive: Weights(
        fs_cost=1.0, per_move=-2.0, hit_chance=6.0, refocus_below=0.5, refocus=4.0, await_opening=1.0
    ),
}

NOTHING = DecisionValue(action=ActionType.none)


@dataclass(frozen=True)
class View:
    """What a side knows when it decides: both sheets' figures and its own Fighting Spirit now."""

    me: SheetFigures
    foe: SheetFigures
    fs: int


def choose(policy: Policy, d: Asked, view: View, struck: Sequence[DecisionValue]) -> DecisionValue:
    """The policy's answer to one pending decision, never one of ``struck``."""
    offered = [c for c in d.choices if c.value not in struck]
    if any(c.value.action is not None for c in offered):
        w = POLICIES[policy]
        return max(offered, key=lambda c: _score(w, c, view)).value  # max keeps the first of equal scores
    if d.default is not None and d.default not in struck:
        return d.default
    if offered:
        return offered[0].value
    return d.default or NOTHING


def _score(w: Weights, c: ChoiceOption, view: View) -> float:
    v = c.value
    if v.action is ActionType.attack and v.moves:
        if c.can_hit is False:
            return -1.0  # out of reach: worse than standing still
        p, damage = attack_estimate(v.moves, view.me, view.foe)
        return damage + w.per_move * len(v.moves) + w.hit_chance * p - w.fs_cost * c.fs
    if v.action is ActionType.refocus:
        return w.refocus if view.fs < w.refocus_below * view.me.fighting_spirit else -0.5
    if v.action is ActionType.await_opening:
        return w.await_opening
    if v.action is ActionType.none:
        return -2.0
    return -w.fs_cost * c.fs  # movement, Power Up and the rest: worth nothing by themselves


def typed(d: DecisionNeeded) -> Asked:
    """A decision as an answer states it (JSON values, costs by resource) read back as the rules list it, so the
    policies score the same choices whether the resolver asked in process or through an answer."""
    return Asked.model_construct(
        key=d.key,
        fighter=d.fighter,
        point=d.point,
        step=d.step,
        text=d.text,
        default=DecisionValue.model_validate(d.default) if d.default is not None else None,
        choices=[
            ChoiceOption.model_construct(
                value=DecisionValue.model_validate(c.value),
                fs=c.costs.get("fs", 0),
                control=c.costs.get("control", 0),
                text=c.text,
                can_hit=c.can_hit,
            )
            for c in d.choices
        ],
        provisional=d.provisional,
    )
