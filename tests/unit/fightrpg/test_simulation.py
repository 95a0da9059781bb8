"""Fight RPG's matchup simulator: mirror matches even, a stronger copy ahead, exact merging, and simulated fights equal
to the same fights played round by round through the JSON step protocol (docs/simulation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.core.simulation import fight_seed, merge
from service.rules.fightrpg.simulation.fight import matchup, play
from service.rules.fightrpg.simulation.models import RpgSimulationRequest
from service.rules.fightrpg.simulation.policies import RpgSimPolicy
from service.rules.fightrpg.simulation.run import simulate

ATTRIBUTES = {"damage": 3, "knockdown": 2, "grapple": 2, "move": 3, "block": 2, "spirit": 4}


def fighter(**more: int) -> dict[str, Any]:
    return {"id": "x", "player": True, "attributes": {**ATTRIBUTES, **more}}


def request(a: dict[str, Any], b: dict[str, Any], policy: str = "greedy", **run: Any) -> RpgSimulationRequest:
    sides = [{"name": "a", "fighter": a, "policy": policy}, {"name": "b", "fighter": b, "policy": policy}]
    return RpgSimulationRequest.model_validate({"sides": sides, "seed": 5, **run})


def test_mirror_match_is_even() -> None:
    answer = simulate(request(fighter(), fighter(), count=200))
    a = answer.sides[0]
    assert answer.aborted == 0 and a.win_interval is not None
    assert a.win_interval.low <= 0.5 <= a.win_interval.high


def test_a_stronger_copy_wins_more() -> None:
    # 002 L9: defeated at 10 damage; the same Fighter already carrying 5 of it is strictly weaker
    hurt = {**fighter(), "damage": 5}
    answer = simulate(request(fighter(), hurt, count=60))
    assert answer.sides[0].wins > answer.sides[1].wins


def test_parts_merge_into_the_whole_run() -> None:
    whole = simulate(request(fighter(), fighter(damage=4), count=7))
    parts = [simulate(request(fighter(), fighter(damage=4), offset=o, count=n)) for o, n in ((3, 4), (0, 3))]
    assert merge(parts) == whole
    assert [r.resource for r in whole.sides[0].spent] == ["power_points"]


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_simulated_fights_equal_the_protocol_played_through_json(policies: tuple[str, str]) -> None:
    sides = [
        {"name": "a", "fighter": fighter(), "policy": policies[0]},
        {"name": "b", "fighter": fighter(damage=4), "policy": policies[1]},
    ]
    m = matchup(RpgSimulationRequest.model_validate({"sides": sides}))
    for i in range(3):
        seed = fight_seed(9, i)
        fast, protocol = play(m, seed), play(m, seed, protocol=True)
        assert fast == protocol and not fast.aborted


def test_every_policy_plays_legal_fights() -> None:
    for policy in RpgSimPolicy:
        answer = simulate(request(fighter(), fighter(), policy=str(policy), count=5))
        assert answer.aborted == 0 and answer.violations == []
