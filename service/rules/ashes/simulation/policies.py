"""Ashes' simulation policies: each answers a round's pending decision with one of its offered choices.

A policy is data (``Style``): how it bids for Initiative on the first pass (004 L30-L31), which attack it takes
(the Set of most dice, or of fewest, its faces breaking ties), how it defends, and how it buys damage down. Every
other decision takes its default when offered, else the first choice; the fight goes on at the end of each round
(004 L83) and nobody grabs or takes a Rank 0 action. Choosing depends only on the choices and the dice's faces,
so it is deterministic given the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...core.protocol.keys import parse
from ...core.protocol.models import ChoiceOption, DecisionNeeded
from ..round_models import Act


class AshesSimPolicy(StrEnum):
    """How a side answers the round's decisions (docs/simulation.md has the details)."""

    balanced = "balanced"  # bids its best die; attacks with its biggest Set; defends with its best; Aura first
    aggressive = "aggressive"  # bids its worst die; attacks with its biggest Set; defends with its worst die
    defensive = "defensive"  # does not bid; attacks with its smallest Set, keeping dice to defend; defends best
    greedy = "greedy"  # the most this turn: bids its best die, the attack of most dice and highest faces


class Size(StrEnum):
    most = "most"
    fewest = "fewest"
    none = "none"


@dataclass(frozen=True)
class Style:
    bid: Size  # first pass: a single die, the highest (most) or lowest (fewest) face; none: no bid
    attack: Size
    defend: Size
    buy_down: int  # which `pay` choice, in the order offered (the first: Aura first)


POLICIES: dict[AshesSimPolicy, Style] = {
    AshesSimPolicy.balanced: Style(bid=Size.most, attack=Size.most, defend=Size.most, buy_down=0),
    AshesSimPolicy.aggressive: Style(bid=Size.fewest, attack=Size.most, defend=Size.fewest, buy_down=1),
    AshesSimPolicy.defensive: Style(bid=Size.none, attack=Size.fewest, defend=Size.most, buy_down=0),
    AshesSimPolicy.greedy: Style(bid=Size.most, attack=Size.most, defend=Size.most, buy_down=1),
}


def _field(c: ChoiceOption, name: str) -> Any:
    return c.value.get(name) if isinstance(c.value, dict) else None


def _dice(c: ChoiceOption) -> list[str]:
    return list(_field(c, "dice") or [])


def _of(choices: list[ChoiceOption], act: Act) -> list[ChoiceOption]:
    return [c for c in choices if _field(c, "choice") == act.value]


def _pick(choices: list[ChoiceOption], size: Size, faces: Mapping[str, int]) -> ChoiceOption:
    """The offered choice of most (or fewest) dice, higher faces first among equals (``choices`` not empty)."""

    def score(c: ChoiceOption) -> tuple[int, int]:
        n, total = len(_dice(c)), sum(faces.get(d, 0) for d in _dice(c))
        return (n, total) if size is Size.most else (-n, total)

    return max(choices, key=score)


def _first_pass(key: str) -> bool:
    parts = parse(key)
    return parts is not None and parts.repeat == 1


def choose(policy: AshesSimPolicy, pending: DecisionNeeded, faces: Mapping[str, int]) -> ChoiceOption:
    """The policy's choice among the pending decision's offered choices."""
    style = POLICIES[policy]
    choices = pending.choices

    def first_or(act: Act) -> ChoiceOption:
        return next(iter(_of(choices, act)), choices[0])

    if pending.point == "bid":
        single = [c for c in _of(choices, Act.bid) if len(_dice(c)) == 1]
        if not _first_pass(pending.key) or style.bid is Size.none or not single:
            return first_or(Act.stand)
        by_face = sorted(single, key=lambda c: faces.get(_dice(c)[0], 0))
        return by_face[-1] if style.bid is Size.most else by_face[0]
    if pending.point == "action":
        attacks = _of(choices, Act.attack)
        return _pick(attacks, style.attack, faces) if attacks else first_or(Act.end)
    if pending.point == "defense":
        defends = _of(choices, Act.defend)
        return _pick(defends, style.defend, faces) if defends else first_or(Act.none)
    if pending.point == "buy_down":
        pays = _of(choices, Act.pay)
        return pays[min(style.buy_down, len(pays) - 1)] if pays else choices[0]
    if pending.point == "continue":
        return first_or(Act.go_on)
    if pending.point == "kill":
        return first_or(Act.spare)
    if pending.default is not None:
        return next((c for c in choices if c.value == pending.default), choices[0])
    return choices[0]
