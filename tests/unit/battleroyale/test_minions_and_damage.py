"""Lone Minions as Challenges, the Gang's pool in the answer, damage refused on a Zeroed Out trait, and the
Bowl and significance of a Challenge (issue #34), figures worked by hand from 003."""

from __future__ import annotations

from typing import Any

from service.rules.battleroyale.challenges.models import RoyaleChallengeRequest
from service.rules.battleroyale.challenges.resolve import resolve_challenge

from .test_conflict import conflict, duel, sue

THUG = {
    "id": "thug",
    "name": "Street Thug",
    "pc": False,
    "minions": 1,
    "traits": [{"id": "street_thug", "name": "Street Thug", "rank": "good"}],
}


def lone_minion(faces: tuple[int, int], **action: Any) -> dict[str, Any]:
    body = duel()
    body["fighters"][1] = THUG
    body["actions"] = [{"fighter": "ann", "target": "thug", **action}]
    body["rolls"] = {"R1.ann.attack": faces[0], "R1.ann.attack.2": faces[1]}
    return body


def test_a_lone_minion_is_a_challenge_at_its_rank_or_tn_7() -> None:
    # 003 L727–L731: a Good Minion is TN 9; Ann 3 + 3 + Good Boxing 2 = 8 falls short
    answer = conflict(lone_minion((3, 3)))
    assert answer.status == "resolved", answer.violations
    ann, thug = answer.fighters
    assert thug.minions == 1 and ann.training_points == 1  # a significant Challenge failed once (L655–L660)
    answer = conflict(lone_minion((3, 3), first_failure=False))  # the same Challenge again: no new point
    assert answer.fighters[0].training_points == 0
    # its Strength not relevant to the task: TN 7, and 8 beats it
    answer = conflict(lone_minion((3, 3), minion_relevant=False))
    assert answer.fighters[1].minions == 0 and answer.fighters[0].training_points == 0
    # 3 + 2 + 2 = 7 meets TN 7: the pack's default, meeting is enough (digest C2)
    assert conflict(lone_minion((3, 2), minion_relevant=False)).fighters[1].minions == 0


def test_a_lone_minions_gang_dice_are_refused() -> None:
    body = lone_minion((3, 3))
    body["actions"].append({"fighter": "thug", "target": "ann", "attack": {"gang_dice": 1}})
    answer = conflict(body)  # 003 L736: bonus dice only for each Minion beyond the first: none for one
    assert answer.status == "invalid" and [v.code for v in answer.violations] == ["GANG_POOL_OVERSPENT"]
    assert answer.gang_pools["thug"].model_dump() == {"pool": 0, "used": 1}


def test_the_gangs_pool_is_in_the_answer() -> None:
    answer = conflict(sue())
    # 003 L743–L750: six Ninjas, 5 bonus dice; 3 on the attack and 2 on the defense
    assert answer.gang_pools["ninjas"].model_dump() == {"pool": 5, "used": 5} and "sue" not in answer.gang_pools


def test_damage_on_a_zeroed_out_trait_is_refused() -> None:
    body = duel(damage_policy="ask")
    body["fighters"][1]["traits"][1]["wound_ranks"] = 3  # Good Calm, 3 Damage Ranks: Zeroed Out (003 L468–L475)
    body["actions"] = [{"fighter": "ann", "target": "bob"}]
    # Ann 3 + 3 + 2 = 8 against Bob 3 + 2 + 2 = 7: 1 Damage Rank, which Bob puts on Calm
    body["rolls"] = {"R1.ann.attack": 3, "R1.ann.attack.2": 3, "R1.bob.defense": 3, "R1.bob.defense.2": 2}
    body["decisions"] = {"R1.bob.damage": "calm"}
    answer = conflict(body)
    assert answer.status == "invalid"
    (refused,) = answer.violations
    assert (refused.code, refused.key) == ("TRAIT_ZEROED_OUT", "R1.bob.damage")  # 003 L512–L513
    body["decisions"] = {"R1.bob.damage": "judo"}
    answer = conflict(body)
    assert answer.status == "resolved" and answer.fighters[1].traits[0].wound_ranks == 1


def challenge(**extra: Any) -> Any:
    body = {
        "fighter": {
            "id": "ann",
            "name": "Ann",
            "spirit_dice": 1,
            "traits": [{"id": "agile", "name": "Agile", "rank": "expert"}],
        },
        "roll": {"traits": ["agile"]},
        **extra,
    }
    return resolve_challenge(RoyaleChallengeRequest.model_validate(body))


def test_a_challenge_against_a_lone_minion_with_bowl_and_significance() -> None:
    # 003 L727: an Expert Palace Guard is TN 11; Agile 4 + 4 + 2 = 10 falls short
    out = challenge(target={"minion": "expert"}, rolls={"C1.ann.roll": 4, "C1.ann.roll.2": 2})
    assert (out.tn, out.success, out.training_points) == (11, False, 1)
    # not relevant: TN 7 (L730–L731)
    assert challenge(target={"minion": "expert", "relevant": False}, seed=1).tn == 7
    # no risk or reward: a failure earns nothing (003 L655–L660)
    out = challenge(target={"minion": "expert"}, rolls={"C1.ann.roll": 4, "C1.ann.roll.2": 2}, significant=False)
    assert (out.success, out.training_points) == (False, 0)
    # Be Impressive with the one Spirit Die: it goes into the Bowl of 3 (003 L543, L626, L632–L634)
    out = challenge(
        target={"tn": 9},
        bowl=3,
        roll={"traits": ["agile"], "impressive": ["flat"]},
        rolls={"C1.ann.roll": 1, "C1.ann.roll.2": 1},
    )
    assert (out.total, out.bowl, out.fighter.spirit_dice) == (7, 4, 0)  # 1 + 1 + 4 + 1


def test_a_lone_minions_action_is_a_risky_challenge_for_its_target() -> None:
    body = lone_minion((3, 3))
    body["actions"] = [{"fighter": "thug", "target": "ann", "damage_type": "failure"}]
    body["rolls"] = {"R1.ann.defense": 3, "R1.ann.defense.2": 3}
    answer = conflict(body)
    assert answer.status == "resolved", (answer.violations, answer.dice_needed)
    # 003 L728–L731: no Conflict roll for the Minion; Ann meets its TN 9: 3 + 3 + Boxing 2 = 8 falls 1 short,
    # 1 Failure Rank (the shortfall, as a Risky Challenge's, L404–L406) and the first Damage Rank's point (L473)
    ann = answer.fighters[0]
    assert {t.id: t.failure_ranks for t in ann.traits} == {"boxing": 0, "tough": 1} and ann.training_points == 1
    body["rolls"] = {"R1.ann.defense": 4, "R1.ann.defense.2": 3}  # 9 meets TN 9: nothing
    assert conflict(body).fighters[0].training_points == 0
