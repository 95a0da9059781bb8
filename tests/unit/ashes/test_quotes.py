"""Quotes of what seed 004 prices: weapon-advantage uses, the improvised surcharge, buy-downs, awakening."""

from __future__ import annotations

from typing import Any

from service.rules.ashes.quotes import (
    AwakeningRequest,
    BuyDownRequest,
    WeaponUseRequest,
    quote_awakening,
    quote_buy_down,
    quote_weapon_uses,
)


def uses(weapon: dict[str, Any], n: int, far: bool = False) -> Any:
    return quote_weapon_uses(WeaponUseRequest.model_validate({"weapon": weapon, "uses": [{"far": far}] * n}))


def test_the_texts_awakening_example() -> None:
    # 004 L73–L74: a total of 26 → Recovery 2, Pool 10, 6 Prana at this round's Recovery step.
    q = quote_awakening(AwakeningRequest(rank=2, facing=6))
    assert (q.valid, q.total, q.recovery, q.pool, q.first_prana) == (True, 26, 2, 10, 6)
    assert q.next_prana == 8  # 004 L77: later rounds add the Recovery, 6 + 2


def test_awakening_rank_three_and_the_pool_cap() -> None:
    # 004 L73: Recovery 3 makes a Pool of 15; facing 9, then +3 → 12.
    q = quote_awakening(AwakeningRequest(rank=3, facing=9))
    assert (q.recovery, q.pool, q.first_prana, q.next_prana) == (3, 15, 9, 12)
    q = quote_awakening(AwakeningRequest(rank=2, facing=9))  # 9 + 2 = 11 > Pool 10: capped (digest D14)
    assert q.next_prana == 10


def test_awakening_needs_rank_two() -> None:
    # 004 L72: a Spirit action of Rank 2 or higher.
    q = quote_awakening(AwakeningRequest(rank=1, facing=9))
    assert not q.valid and [v.code for v in q.violations] == ["AWAKEN_RANK_TOO_LOW"]


def test_a_weapon_advantage_is_free_once_then_costs_its_prana() -> None:
    # 004 L88, L90: a sword's Offense Rank +1 is free once a round; each further use costs 6 Prana.
    q = uses({"type": "balanced"}, 3)
    assert [(u.free, u.prana) for u in q.uses] == [(True, 0), (False, 6), (False, 6)] and q.prana == 12
    # 004 L91–L93: Reflexive 4, Flexible 5, Reach 3.
    assert [uses({"type": t}, 2).prana for t in ("reflexive", "flexible", "reach")] == [4, 5, 3]


def test_heavy_is_free_on_every_attack_and_ranged_costs_by_distance() -> None:
    # 004 L94: Heavy adds to every attack at no cost.
    assert uses({"type": "heavy"}, 4).prana == 0
    # 004 L95: Ranged Cost 0/6 — 0 at the adjacent zone, 6 at any visible target (digest D9), after the free use.
    assert uses({"type": "ranged"}, 2).prana == 0
    assert [u.prana for u in uses({"type": "ranged"}, 2, far=True).uses] == [0, 6]


def test_the_improvised_surcharge_is_paid_on_every_use() -> None:
    # 004 L98: a parasol used as a spear gains Reach, and each use costs 1 Effort die or 3 Prana.
    q = uses({"type": "improvised", "mimics": "reach"}, 2)
    assert q.advantage == "reach" and q.surcharges == 2
    assert [(u.prana, u.surcharge.effort_dice, u.surcharge.prana) for u in q.uses if u.surcharge] == [
        (0, 1, 3),
        (3, 1, 3),
    ]


def test_unarmed_gives_one_extra_rank_one_attack() -> None:
    # 004 L97: Rank 1 attacks twice a turn; digest D19: no third one, even for Prana.
    assert uses({"type": "unarmed"}, 1).valid
    q = uses({"type": "unarmed"}, 2)
    assert [v.code for v in q.violations] == ["UNARMED_LIMIT"] and len(q.uses) == 1


def buy(damage: int, aura: int, boxes: list[int], **more: Any) -> Any:
    return quote_buy_down(
        BuyDownRequest.model_validate({"damage": damage, "aura": aura, "health_boxes": boxes, **more})
    )


def test_buy_down_aura_first_by_default() -> None:
    # 004 L64, L67: Aura and Health each cancel 1 damage a point; 12 = 5 Aura + 7 Health from the first box.
    q = buy(12, 5, [10, 10])
    assert (q.paid, q.aura_spent, q.health_spent, q.health_boxes_after, q.imbalance_ranks) == (True, 5, 7, [3, 10], 0)
    assert not q.vanquished and q.aura_after == 0


def test_an_emptied_box_is_an_injury() -> None:
    # 004 L68: a Health Box run dry gives a Rank 1 Physical Imbalance (or one more rank).
    q = buy(15, 5, [10, 10])
    assert (q.health_boxes_after, q.imbalance_ranks, q.vanquished) == ([0, 10], 1, False)


def test_the_defender_chooses_the_split() -> None:
    # 004 L61: Aura or Health, the defender's choice: keep the Aura, pay 12 from Health.
    q = buy(12, 5, [10, 10], split={"aura": 0, "health": 12})
    assert q.valid and (q.aura_spent, q.health_boxes_after, q.imbalance_ranks) == (0, [0, 8], 1)
    bad = buy(12, 5, [10, 10], split={"aura": 6, "health": 6})  # more Aura than held
    assert [v.code for v in bad.violations] == ["BUY_DOWN_INVALID"] and bad.aura_spent == 5  # default used


def test_unable_or_unwilling_is_vanquished() -> None:
    # 004 L61: unable (30 against 20 Health) or unwilling → Vanquished.
    q = buy(30, 0, [10, 10])
    assert (q.paid, q.vanquished, q.health_spent) == (False, True, 0)
    q = buy(3, 5, [10], refuse=True)
    assert (q.paid, q.vanquished) == (False, True)


def test_losing_all_health_vanquishes_even_when_paid() -> None:
    # 004 L121–L122: losing all Health is being Vanquished; 20 damage empties both boxes (two Imbalance ranks).
    q = buy(20, 0, [10, 10])
    assert (q.paid, q.health_boxes_after, q.imbalance_ranks, q.vanquished) == (True, [0, 0], 2, True)


def test_the_published_examples_are_these_figures() -> None:
    from service.rules.ashes.operations import examples

    assert quote_awakening(AwakeningRequest.model_validate(examples("quote_awakening")["the-texts-example"])).pool == 10
    q = quote_buy_down(BuyDownRequest.model_validate(examples("quote_buy_down")["aura-first"]))
    assert q.health_boxes_after == [3, 10]
    q = quote_weapon_uses(WeaponUseRequest.model_validate(examples("quote_weapon_uses")["sword-three-uses"]))
    assert q.prana == 12
