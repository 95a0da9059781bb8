"""Battle Royale's simulation policies: each declares a side's Bout plan and answers the round's decisions with one
of their offered choices.

A policy is data (``Style``): the split of the three Bout dice (003 L876-L890), whether it strikes first when it holds
the initiative, and how many Spirit Dice it spends to Be Impressive (003 L632-L634) on its Strike and on its reaction,
never more than it holds. Damage Ranks go where the resolver's `lowest_first` damage policy puts them (the simulated
rounds name it, so they are not asked). Choosing reads only the choices and the fighter's state, so it is deterministic
given the dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...core.protocol.models import DecisionNeeded
from ..bout.models import RoyaleBoutPlan, RoyaleSplit
from ..resolution.models import RoyaleBoost, RoyaleFighter, RoyaleRollDeclaration


class RoyaleSimPolicy(StrEnum):
    """How a side plays a Bout (docs/simulation.md has the details)."""

    balanced = "balanced"  # two dice to attack, one to defend; strikes first; a Spirit Die on the Strike when 2+ held
    aggressive = "aggressive"  # all three dice to attack; strikes first; a Spirit Die on every Strike it can
    defensive = "defensive"  # two dice to defend; lets the other strike first; a Spirit Die on its reaction
    greedy = "greedy"  # all three dice to attack and up to three Spirit Dice on the Strike: the most this round


@dataclass(frozen=True)
class Style:
    split: RoyaleSplit
    first: bool  # strike first when holding the initiative
    attack_dice: int  # Spirit Dice spent on the Strike (as many as held, up to this)
    defense_dice: int
    keep: int = 0  # Spirit Dice never spent


POLICIES: dict[RoyaleSimPolicy, Style] = {
    RoyaleSimPolicy.balanced: Style(RoyaleSplit.strong_attack, True, 1, 0, keep=1),
    RoyaleSimPolicy.aggressive: Style(RoyaleSplit.all_out_attack, True, 1, 0),
    RoyaleSimPolicy.defensive: Style(RoyaleSplit.strong_defense, False, 0, 1),
    RoyaleSimPolicy.greedy: Style(RoyaleSplit.all_out_attack, True, 3, 0),
}


def plan(policy: RoyaleSimPolicy, fighter: RoyaleFighter) -> tuple[RoyaleBoutPlan, int]:
    """The side's plan for the round, and the Spirit Dice it spends."""
    style = POLICIES[policy]
    free = max(0, fighter.spirit_dice - style.keep)
    on_attack = min(style.attack_dice, free)
    on_defense = min(style.defense_dice, free - on_attack)
    return (
        RoyaleBoutPlan(
            fighter=fighter.id,
            attack=RoyaleRollDeclaration(impressive=[RoyaleBoost.die] * on_attack),
            defense=RoyaleRollDeclaration(impressive=[RoyaleBoost.die] * on_defense),
        ),
        on_attack + on_defense,
    )


def choose(policy: RoyaleSimPolicy, pending: DecisionNeeded) -> str:
    """The policy's answer: one of the pending decision's offered values (a Damage Rank: the first offered, the
    resolver's `lowest_first` pick)."""
    style = POLICIES[policy]
    values = [str(c.value) for c in pending.choices]
    wanted = {"split": style.split.value, "order": "act_first" if style.first else "let_defender_first"}
    want = wanted.get(pending.point, pending.default)
    return want if want in values else values[0]
