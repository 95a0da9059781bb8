"""Quotes of what seed 004 prices: weapon-advantage uses, the improvised surcharge, buy-downs, awakening."""

from __future__ import annotations

from typing import Any

from service.rules.ashes.prices.quotes import (
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


def quote(weapon: dict[str, Any], use_list: list[dict[str, Any]], **state: Any) -> Any:
    return quote_weapon_uses(WeaponUseRequest.model_validate({"weapon": weapon, "uses": use_list, **state}))


def test_the_weapon_quote_takes_the_prana_held_and_the_uses_made() -> None:
    # 004 L88, L90: the sword's free use is made already; with 10 Prana the second use costs 6 (4 left) and the
    # third, 6 more, cannot be paid.
    q = quote({"type": "balanced"}, [{}, {}], prana=10, uses_made=1)
    assert [(u.use, u.prana, u.affordable, u.prana_left) for u in q.uses] == [(2, 6, True, 4), (3, 6, False, 4)]
    assert [(v.code, v.path) for v in q.violations] == [("PRANA_INSUFFICIENT", "uses[1]")]
    assert (q.affordable, q.prana_left) == (False, 4)
    # The round's first use is free, with no Prana at all.
    free = quote({"type": "balanced"}, [{}], prana=0)
    assert free.valid and (free.uses[0].free, free.affordable, free.prana_left) == (True, True, 0)
    # Without the Prana held, the price is given and affordability left open.
    assert quote({"type": "balanced"}, [{}, {}]).affordable is None


def test_the_improvised_surcharge_is_paid_on_every_use_in_a_die_or_prana() -> None:
    # 004 L93, L98: a parasol as a spear has Reach (Cost 3) and each use pays 1 Effort die or 3 Prana. With 1 die
    # and 9 Prana: use 1 is the free Reach use, its surcharge paid with the die (ruling: a die while one is left);
    # use 2 pays 3 + 3 Prana (3 left); use 3 would cost 6 again: not affordable.
    q = quote({"type": "improvised", "mimics": "reach"}, [{}, {}, {}], prana=9, effort_dice=1)
    assert q.advantage == "reach" and q.surcharges == 3
    assert [
        (u.prana, u.surcharge.paid_with.value, u.surcharge.effort_dice, u.surcharge.prana, u.prana_left)
        for u in q.uses
        if u.surcharge
    ] == [(0, "effort_die", 1, 0, 9), (3, "prana", 0, 3, 3), (3, "prana", 0, 3, 3)]
    assert [v.code for v in q.violations] == ["PRANA_INSUFFICIENT"] and q.effort_dice_left == 0
    # Paying the first surcharge in Prana instead: 0 + 3.
    prana = quote({"type": "improvised", "mimics": "reach"}, [{"pay_with": "prana"}], prana=9, effort_dice=1)
    assert (prana.prana, prana.prana_left, prana.effort_dice_left) == (3, 6, 1)
    # A die asked for when none is left is refused.
    none = quote({"type": "improvised", "mimics": "reach"}, [{"pay_with": "effort_die"}], effort_dice=0)
    assert [v.code for v in none.violations] == ["DICE_INVALID"]


def test_an_object_improvised_with_power_pays_no_surcharge() -> None:
    # 004 L99: massive objects improvised with the Power skill have no additional surcharge; as a hammer (Heavy,
    # 004 L94) every use is free.
    q = quote({"type": "improvised", "mimics": "heavy", "power": True}, [{}, {}], prana=0)
    assert q.valid and q.surcharges == 0 and q.prana == 0 and all(u.free for u in q.uses)


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


def test_the_buy_down_quote_takes_the_imbalances_and_the_attackers_choice() -> None:
    # 004 L68–L69: 15 damage against 5 Aura and [10, 10] empties one box: one rank, the attacker's choice.
    rib = {"id": "cracked_rib", "kind": "physical", "rank": 1}
    fear = {"id": "fear", "kind": "mental", "rank": 2}
    q = buy(15, 5, [10, 10], imbalances=[rib, fear])  # left out: the first Physical Imbalance is raised
    assert [(i.id, i.rank) for i in q.imbalances_after] == [("cracked_rib", 2), ("fear", 2)]
    q = buy(15, 5, [10, 10], imbalances=[rib], injury={"choice": "new", "imbalance": "broken_arm"})
    assert [(i.id, i.kind, i.rank) for i in q.imbalances_after] == [
        ("cracked_rib", "physical", 1),
        ("broken_arm", "physical", 1),
    ]
    # 20 damage, no Aura: both boxes emptied, two ranks on the new one (and Vanquished, 004 L121–L122).
    q = buy(20, 0, [10, 10], injury={"choice": "new", "imbalance": "shattered"})
    assert [(i.id, i.rank) for i in q.imbalances_after] == [("shattered", 2)] and q.vanquished
    # A mental Imbalance is no injury to raise; no box emptied: nothing changes.
    bad = buy(15, 5, [10, 10], imbalances=[fear], injury={"choice": "raise", "imbalance": "fear"})
    assert [v.code for v in bad.violations] == ["INJURY_INVALID"]
    assert buy(3, 5, [10], imbalances=[rib]).imbalances_after[0].rank == 1


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
    q = quote_weapon_uses(
        WeaponUseRequest.model_validate(examples("quote_weapon_uses")["second-sword-use-with-prana-held"])
    )
    assert (q.prana, q.prana_left, q.affordable) == (6, 4, True)  # 004 L88, L90: 10 − 6
    q = quote_weapon_uses(
        WeaponUseRequest.model_validate(examples("quote_weapon_uses")["parasol-paid-with-a-die-then-prana"])
    )
    assert (q.prana, q.prana_left, q.effort_dice_left) == (6, 3, 0)  # 004 L93, L98: a die, then 3 + 3 of 9
    q = quote_buy_down(BuyDownRequest.model_validate(examples("quote_buy_down")["injury-named-by-the-attacker"]))
    assert [i.id for i in q.imbalances_after] == ["cracked_rib", "broken_arm"]
