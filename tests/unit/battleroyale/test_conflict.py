"""A Conflict round (003 L441–L459, L712–L787), Minions and Minion Gangs, worked by hand from the text."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.battleroyale.conflict.models import RoyaleConflictRequest
from service.rules.battleroyale.conflict.round import resolve_conflict
from service.rules.battleroyale.operations import examples


def conflict(body: dict[str, Any]) -> Any:
    return resolve_conflict(RoyaleConflictRequest.model_validate(body))


def sue() -> dict[str, Any]:
    return copy.deepcopy(examples("resolve_conflict")["sue-and-the-disco-ninjas"])


def duel(**extra: Any) -> dict[str, Any]:
    return {
        "fighters": [
            {
                "id": "ann",
                "name": "Ann",
                "spirit_dice": 2,
                "harmonized": "boxing",
                "traits": [
                    {"id": "boxing", "name": "Boxing", "rank": "good", "style": True, "forms": ["flame"]},
                    {"id": "tough", "name": "Tough", "rank": "good"},
                ],
            },
            {
                "id": "bob",
                "name": "Bob",
                "spirit_dice": 1,
                "harmonized": "judo",
                "traits": [
                    {"id": "judo", "name": "Judo", "rank": "good", "style": True, "forms": ["ocean"]},
                    {"id": "calm", "name": "Calm", "rank": "good"},
                ],
            },
        ],
        "damage_policy": "lowest_first",
        **extra,
    }


def test_sue_against_the_disco_ninjas() -> None:
    answer = conflict(sue())
    assert answer.status == "resolved", (answer.violations, answer.dice_needed, answer.decisions_needed)
    assert answer.order == ["ninjas", "sue"]  # Sue waits (003 L446–L447)
    gang, counter = answer.clashes
    # 003 L745–L747: 5 dice (2 + 3 pool) 5, 4, 3, 6, 4 → 6 + 5 + 2 = 13; Sue 3 + 2 + 2 + 4 = 11 → 2 Wound Ranks
    assert (gang.attack, gang.defense, gang.damage, gang.damage_type) == (13, 11, 2, "wound")
    # 003 L748–L751: Sue 4 + 6 + 4 = 14; the Gang's 4 dice 3, 2, 6, 2 → 6 + 3 + 2 = 11 → 3 Minions out
    assert (counter.attack, counter.defense, counter.damage) == (14, 11, 3)
    s, ninjas = answer.fighters
    assert ninjas.minions == 3 and {t.id: t.wound_ranks for t in s.traits} == {"smooth_moves": 2, "jive_hands": 0}
    assert s.training_points == 1  # first Damage Rank of the scene (003 L473)


def test_gang_pool_is_one_die_per_minion_beyond_the_first() -> None:
    body = sue()
    body["reactions"][1]["roll"]["gang_dice"] = 3  # 3 + 3 of a pool of 5 (003 L736–L738, L743)
    answer = conflict(body)
    assert answer.status == "invalid" and [v.code for v in answer.violations] == ["GANG_POOL_OVERSPENT"]


def test_initiative_by_spirit_dice_then_rank_then_pc() -> None:
    body = duel(seed=5)
    assert conflict(body).order == ["ann", "bob"]  # 2 Spirit Dice against 1 (003 L444)
    body["fighters"][1]["spirit_dice"] = 2
    body["fighters"][1]["traits"][0]["rank"] = "expert"  # a tie: the higher rank (003 L444–L445)
    assert conflict(body).order == ["bob", "ann"]
    body["fighters"][1]["traits"][0]["rank"] = "good"
    body["fighters"][1]["pc"] = False  # still tied: the PC goes first
    assert conflict(body).order == ["ann", "bob"]
    body["fighters"][1]["pc"] = True  # still tied: 1d6 each (003 L446)
    asked = conflict(duel(fighters=body["fighters"]))
    assert [d.key for d in asked.dice_needed] == ["R1.ann.initiative", "R1.bob.initiative"]
    rolled = conflict(duel(fighters=body["fighters"], rolls={"R1.ann.initiative": 2, "R1.bob.initiative": 5}))
    assert rolled.order == ["bob", "ann"]


def test_ties_pc_attacker_deals_one_pc_defender_holds() -> None:
    # 003 L455–L456: a PC attacker beats an NPC defender on a tie by 1; between PCs the defender wins
    rolls = {"R1.ann.attack": 3, "R1.ann.attack.2": 3, "R1.bob.defense": 3, "R1.bob.defense.2": 3}
    body = duel(actions=[{"fighter": "ann", "target": "bob"}], rolls=rolls)
    assert conflict(body).clashes[0].damage == 0
    body["fighters"][1]["pc"] = False
    assert conflict(body).clashes[0].damage == 1


def test_flipping_out_and_playing_cagey() -> None:
    rolls = {
        "R1.ann.attack": 3,
        "R1.ann.attack.2": 3,
        "R1.bob.defense": 3,
        "R1.bob.defense.2": 3,
        "R1.ann.attack.3": 1,
    }
    body = duel(actions=[{"fighter": "ann", "target": "bob", "strategy": "flipping_out"}], rolls=rolls)
    asked = conflict(body)
    # Bob's Ocean Form gains a die against one Flipping Out (003 L1103): a third defense die is asked for
    assert [d.key for d in asked.dice_needed] == ["R1.bob.defense.3"]
    body["rolls"]["R1.bob.defense.3"] = 6
    answer = conflict(body)
    clash = answer.clashes[0]
    # 003 L772: +2 to Ann's attack; her Flame Form adds a die when Flipping Out (003 L1051–L1052), a 1 here:
    # 3 + 3 + 2 + 2 = 10; Bob keeps 6 + 3 + 2 = 11
    assert (clash.attack, clash.defense, clash.damage) == (10, 11, 0)
    assert answer.fighters[0].strategy == "flipping_out"  # it lasts until Ann's next action (003 L756–L757)
    # Bob still Playing it Cagey from his last action: +2 on his defense (003 L777), then it ends when he acts
    cagey = duel(
        actions=[{"fighter": "ann", "target": "bob"}, {"fighter": "bob"}],
        rolls={k: v for k, v in rolls.items() if k != "R1.ann.attack.3"},
    )
    cagey["fighters"][1]["strategy"] = "playing_cagey"
    answer = conflict(cagey)
    assert answer.clashes[0].defense == 3 + 3 + 2 + 2 and answer.fighters[1].strategy is None


def test_forms_forbid_strategies() -> None:
    body = duel(actions=[{"fighter": "ann", "target": "bob", "strategy": "playing_cagey"}], seed=1)
    assert [v.code for v in conflict(body).violations] == ["FORM_FORBIDS_STRATEGY"]  # Flame (003 L1062)
    body = duel(actions=[{"fighter": "bob", "target": "ann", "strategy": "flipping_out"}], seed=1)
    assert [v.code for v in conflict(body).violations] == ["FORM_FORBIDS_STRATEGY"]  # Ocean (003 L1110–L1111)


def test_environmental_advantage() -> None:
    rolls = {"R1.ann.attack": 3, "R1.ann.attack.2": 3, "R1.bob.defense": 3, "R1.bob.defense.2": 3}
    body = duel(actions=[{"fighter": "ann", "target": "bob", "environmental": True}], rolls=rolls)
    clash = conflict(body).clashes[0]
    assert (clash.attack, clash.damage) == (3 + 3 + 2 + 2, 2)  # 003 L784: +2


def test_a_lone_minion_is_a_challenge_at_its_rank() -> None:
    body = duel()
    body["fighters"][1] = {
        "id": "guard",
        "name": "Palace Guard",
        "pc": False,
        "minions": 1,
        "traits": [{"id": "guard", "name": "Palace Guard", "rank": "expert"}],
    }
    body["actions"] = [{"fighter": "ann", "target": "guard"}]
    # 003 L728–L731: beat the Expert [11] TN; 5 + 4 + 2 = 11 meets it (digest C2: meeting is enough)
    body["rolls"] = {"R1.ann.attack": 5, "R1.ann.attack.2": 4}
    answer = conflict(body)
    assert answer.fighters[1].minions == 0
    strict = conflict(body | {"pack": "default", "custom_pack": _strict_pack()})
    assert strict.fighters[1].minions == 1


def _strict_pack() -> dict[str, Any]:
    from service.rules.battleroyale.pack import PACKS

    pack = PACKS["default"].model_dump(mode="json")
    pack["minion_target"] = {"value": "strictly_higher", "source": {"ref": "003 L730"}}
    return pack


def test_damage_lands_before_the_next_action() -> None:
    rolls = {
        "R1.ann.attack": 6,
        "R1.ann.attack.2": 6,
        "R1.bob.defense": 1,
        "R1.bob.defense.2": 1,
        "R1.bob.attack": 6,
        "R1.bob.attack.2": 6,
    }
    body = duel(actions=[{"fighter": "ann", "target": "bob"}, {"fighter": "bob", "target": "ann"}], rolls=rolls)
    answer = conflict(body)
    # 12 + 2 against 2 + 2: 10 ranks, Bob's Calm 3 and Judo 3 take 6 → Absolute Zero, he acts no more (003 L457)
    assert answer.clashes[0].damage == 10 and len(answer.clashes) == 1
    assert answer.fighters[1].training_points == 1 + 2 + 2
    assert "bob is out of the fight." in answer.log


def test_duplicate_fighters_and_waits() -> None:
    body = duel(seed=2)
    body["fighters"].append(body["fighters"][0])
    assert [v.code for v in conflict(body).violations] == ["DUPLICATE_ID"]
    selfish = conflict(duel(seed=2, actions=[{"fighter": "ann", "target": "ann"}]))
    assert [v.code for v in selfish.violations] == ["TARGET_INVALID"]
    twice = conflict(duel(seed=2, waits=["ann", "ann"]))  # waiting twice still acts once
    assert twice.order == ["bob", "ann"]


def test_absolute_zero_training_points_come_once() -> None:
    body = duel(
        actions=[{"fighter": "ann", "target": "bob"}],
        rolls={"R1.ann.attack": 6, "R1.ann.attack.2": 6, "R1.bob.defense": 1, "R1.bob.defense.2": 1},
    )
    for t in body["fighters"][1]["traits"]:
        t["wound_ranks"] = 3  # already at Absolute Zero: more damage earns nothing more (003 L476–L478)
    body["fighters"][1]["damaged_this_scene"] = True
    assert conflict(body).fighters[1].training_points == 0
