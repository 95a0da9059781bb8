"""Fight RPG's simulation policies: each answers a round's pending decision with one of its offered choices.

A policy is data: weights that score every offered choice (the highest wins, the first offered wins a tie), so it
is deterministic given the dice. What a choice buys is read from its bundle as the price list prices it
(``bundles.bundle_of``): Damage dealt, places knocked down the order (002 L33), Power Points spent and earned back
(002 L25, L80). Greedy takes the choice with the most damage this turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..actions.bundles import Bundle, bundle_of
from ..pack import DECLINE, RpgPack
from ..round.models import RpgDecision, RpgPoint
from ..round.state import Pending
from ..tokens.counts import RpgTokenType
from ..tokens.menu import RpgResponseKind

T = RpgTokenType
R = RpgResponseKind


class RpgSimPolicy(StrEnum):
    """How a side answers the round's decisions (docs/simulation.md has the details)."""

    balanced = "balanced"  # balanced allocation; damage, knockback and Power Points less what they cost; guards
    aggressive = "aggressive"  # offence allocation; the biggest attack; counters first
    defensive = "defensive"  # defence allocation; keeps Block and Move tokens for responses; evades first
    greedy = "greedy"  # the most damage this turn from the tokens held; the response that cancels the most


@dataclass(frozen=True)
class Weights:
    allocation: dict[T, float]  # worth of a token of each type in an allocation choice
    damage: float = 10.0  # per Damage the action deals
    order_down: float = 0.0  # per place it knocks the target down the order
    pp_yield: float = 0.0  # per Power Point it earns back
    pp_cost: float = 0.0  # per Power Point it spends
    kept: dict[T, float] = field(default_factory=dict)  # worth given up per token of a type spent
    responses: tuple[R, ...] = ()  # preference order; a response not listed is below doing nothing


POLICIES: dict[RpgSimPolicy, Weights] = {
    RpgSimPolicy.greedy: Weights(
        allocation={T.damage: 3, T.knockdown: 1},
        order_down=1,
        responses=(R.evade, R.block, R.grapple_cancel, R.counter),
    ),
    RpgSimPolicy.balanced: Weights(
        allocation=dict.fromkeys(T, 1.0),
        order_down=3,
        pp_yield=1,
        pp_cost=2,
        responses=(R.block, R.grapple_cancel, R.evade, R.counter),
    ),
    RpgSimPolicy.aggressive: Weights(
        allocation={T.damage: 2, T.knockdown: 2, T.grapple: 1, T.move: 1},
        order_down=5,
        responses=(R.counter, R.block, R.evade, R.grapple_cancel),
    ),
    RpgSimPolicy.defensive: Weights(
        allocation={T.block: 2, T.move: 2},
        order_down=3,
        pp_yield=1,
        pp_cost=2,
        kept={T.block: 15, T.move: 15},
        responses=(R.evade, R.block, R.grapple_cancel),
    ),
}
PASS_SCORE = 0.0  # passing: an action must be worth more than nothing


def _bundle(value: RpgDecision, pack: RpgPack, memo: dict[tuple[object, ...], Bundle]) -> Bundle | None:
    a = value.action
    if a is None:
        return None
    key = (a.kind, a.damage, a.knockdown, a.technique, a.direction)
    found = memo.get(key)
    if found is None:
        found = memo[key] = bundle_of(a, pack)
    return found


def _action_score(w: Weights, b: Bundle) -> float:
    e = b.effect
    score = w.damage * e.damage + w.order_down * e.order_down + w.pp_yield * b.yield_power_points
    score -= w.pp_cost * b.power_points + sum(w.kept.get(t, 0.0) * n for t, n in b.tokens.items())
    return score


def choose(
    policy: RpgSimPolicy, pending: Pending, pack: RpgPack, memo: dict[tuple[object, ...], Bundle]
) -> RpgDecision:
    """The policy's choice among the pending decision's offered choices."""
    w = POLICIES[policy]

    def score(v: RpgDecision) -> float:
        if pending.point is RpgPoint.allocation and v.allocation is not None:
            counts = v.allocation.as_dict()
            return sum(w.allocation.get(t, 0.0) * n for t, n in counts.items())
        if pending.point is RpgPoint.action:
            b = _bundle(v, pack, memo)
            return PASS_SCORE if b is None or v.action is None or v.action.kind == "pass" else _action_score(w, b)
        if pending.point is RpgPoint.response and v.response is not None:
            order = w.responses
            return float(len(order) - order.index(v.response)) if v.response in order else 0.0
        if pending.point is RpgPoint.injury:
            return -1.0 if v.injury == DECLINE else 0.0  # stay in the fight (002 L104), the first attribute offered
        return 1.0 if pending.default is not None and v == pending.default else 0.0

    best = pending.choices[0]
    best_score = score(best)
    for c in pending.choices[1:]:
        s = score(c)
        if s > best_score:
            best, best_score = c, s
    return best
