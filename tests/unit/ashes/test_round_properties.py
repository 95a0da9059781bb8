"""Property tests of the round: a plugin that always picks an offered choice reaches the end of the round, no
offered choice is ever refused, the same request answers the same, and resources stay in bounds."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.ashes.round.models import RoundRequest
from service.rules.ashes.round.resolve import resolve_round
from service.rules.core.protocol.models import StepStatus

WEAPONS = ["balanced", "reflexive", "flexible", "reach", "heavy", "ranged", "subtle", "unarmed"]

combatant = st.fixed_dictionaries(
    {
        "degree": st.integers(0, 3),
        "health_boxes": st.lists(st.integers(0, 10), min_size=1, max_size=3),
        "effort_dice": st.integers(1, 7),
        "weapon": st.sampled_from(WEAPONS).map(lambda w: {"type": w}),
        "armor": st.integers(0, 3).map(lambda a: {"rating": a}),
        "player": st.booleans(),
        "chakras": st.just(
            [{"id": "heart"}, {"id": "crown", "state": "awakened", "recovery": 2, "pool": 10, "prana": 7}]
        ),
        "imbalances": st.lists(st.integers(1, 2), max_size=2).map(
            lambda ranks: [{"id": f"i{n}", "rank": r} for n, r in enumerate(ranks)]
        ),
        "techniques": st.just([{"id": "fang", "keywords": ["versatile"], "bonus": 2}]),
    }
)


def _request(sheets: list[dict[str, Any]], seed: int, spectator: bool, token: bool) -> dict[str, Any]:
    combatants = [{"id": f"c{i}", **s, "aura": 3 * s["degree"]} for i, s in enumerate(sheets)]
    return {
        "combatants": combatants,
        "spectators": ["c0"] if spectator and len(combatants) > 2 else [],
        "death_token": token,
        "seed": seed,
        "decisions": {},
        "if_asked": {},
    }


def drive(body: dict[str, Any], pick: random.Random, limit: int = 120) -> Any:
    for _ in range(limit):
        answer = resolve_round(RoundRequest.model_validate(body))
        assert not answer.violations, [v.message for v in answer.violations]  # an offered choice is never refused
        if answer.status in (StepStatus.resolved, StepStatus.over):
            return answer
        assert answer.decisions_needed and not answer.dice_needed  # seeded: only decisions are asked
        for d in answer.decisions_needed:
            assert d.choices, d.key
            assert d.default is None or d.default in [c.value for c in d.choices], d.key  # the core's contract
            body["if_asked" if d.provisional else "decisions"][d.key] = pick.choice(d.choices).value
    raise AssertionError("the round did not finish")


@settings(derandomize=True)
@given(
    sheets=st.lists(combatant, min_size=2, max_size=4),
    seed=st.integers(0, 10_000),
    spectator=st.booleans(),
    token=st.booleans(),
    ask=st.booleans(),
)
def test_a_plugin_picking_offered_choices_finishes_the_round(
    sheets: list[dict[str, Any]], seed: int, spectator: bool, token: bool, ask: bool
) -> None:
    body = _request(sheets, seed, spectator, token) | {"ask_every_decision": ask}
    answer = drive(body, random.Random(seed))
    again = resolve_round(RoundRequest.model_validate(body))
    assert again == answer  # same request, same answer
    for c in answer.combatants:
        assert all(0 <= h <= 10 for h in c.health_boxes) and c.aura >= 0
        assert all(0 <= k.prana <= k.pool for k in c.chakras if k.state == "awakened")
        assert not c.killed or c.vanquished
    assert answer.death_token or not any(c.killed for c in answer.combatants) or body["death_token"] is False
    assert len(answer.initiative) == len(body["combatants"]) - len(body["spectators"])


@settings(derandomize=True)
@given(
    damage=st.integers(0, 60),
    aura=st.integers(0, 20),
    boxes=st.lists(st.integers(0, 10), max_size=4),
    share=st.floats(0, 1),
    own=st.booleans(),
)
def test_a_buy_down_pays_exactly_or_vanquishes(
    damage: int, aura: int, boxes: list[int], share: float, own: bool
) -> None:
    from service.rules.ashes.prices.quotes import BuyDownRequest, quote_buy_down

    a = min(aura, int(damage * share))
    body: dict[str, Any] = {"damage": damage, "aura": aura, "health_boxes": boxes}
    if own:
        body["split"] = {"aura": a, "health": damage - a}
    q = quote_buy_down(BuyDownRequest.model_validate(body))
    after = q.health_boxes_after
    assert all(0 <= x <= y for x, y in zip(after, boxes, strict=True))  # Health only goes down, box by box
    assert q.aura_spent + sum(boxes) - sum(after) == (damage if q.paid else 0)
    assert q.imbalance_ranks == sum(1 for x, y in zip(after, boxes, strict=True) if y > 0 and x == 0)
    able = damage <= aura + sum(boxes)  # an own split that does not fit is a violation, and Aura first is used
    assert q.valid == (not own or damage - a <= sum(boxes))
    assert q.paid == able and q.vanquished == (not able or (q.health_spent > 0 and sum(after) == 0))
