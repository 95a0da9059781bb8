"""Impact's matchup simulator: mirror matches even, a stronger copy ahead, exact merging, and simulated bouts equal to
the same bouts played turn by turn through the JSON step protocol (docs/simulation.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service.rules.core.simulation import fight_seed, merge
from service.rules.impact.pack import PACKS
from service.rules.impact.simulation.fight import matchup, play
from service.rules.impact.simulation.models import ImpactSimulationRequest
from service.rules.impact.simulation.policies import ImpactPolicy, expected_damage, hit_chance
from service.rules.impact.simulation.run import simulate


def sheet(right_power: int = 4) -> dict[str, Any]:
    return {
        "rank": "grand_master",
        "ratios": {"left": "speed_1_2", "right": "power_2_1"},
        "sheet": {"power": {"left": 1, "right": right_power}, "speed": {"left": 2, "right": 1}},
    }


def request(a: dict[str, Any], b: dict[str, Any], policy: str = "greedy", **run: Any) -> ImpactSimulationRequest:
    sides = [{"name": "a", "fighter": a, "policy": policy}, {"name": "b", "fighter": b, "policy": policy}]
    return ImpactSimulationRequest.model_validate({"sides": sides, "seed": 11, **run})


def test_hit_chance_and_expected_damage_by_hand() -> None:
    # 001 L395: the attacker must be higher. Equal 2d6 against 2d6: P(X > Y) = (1 − P(X = Y)) / 2, and
    # P(X = Y) = Σ p(s)² = 146/1296, so (1296 − 146) / 2 / 1296 = 575/1296.
    assert hit_chance(0) == pytest.approx(575 / 1296)
    # 001 L551: damage 7 against d6 + 3: faces 1..6 leave 3, 2, 1, 0, 0, 0 → 6/6 = 1.0
    assert expected_damage(7, 3) == pytest.approx(1.0)


def test_mirror_match_is_even() -> None:
    answer = simulate(request(sheet(), sheet(), count=60))
    a = answer.sides[0]
    assert answer.aborted == 0 and a.win_interval is not None
    assert a.win_interval.low <= 0.5 <= a.win_interval.high


def test_a_stronger_copy_wins_more() -> None:
    # 001 L551: the same sheet with 3 more Power on the right side hits 3 harder with every right-side strike
    answer = simulate(request(sheet(7), sheet(4), count=30))
    assert answer.sides[0].wins > answer.sides[1].wins


def test_parts_merge_into_the_whole_run() -> None:
    whole = simulate(request(sheet(), sheet(5), count=5))
    parts = [simulate(request(sheet(), sheet(5), offset=o, count=n)) for o, n in ((2, 3), (0, 2))]
    assert merge(parts) == whole
    assert whole.sides[0].spent[0].resource == "setup_points"


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_simulated_bouts_equal_the_protocol_played_through_json(policies: tuple[str, str]) -> None:
    sides = [
        {"name": "a", "fighter": sheet(5), "policy": policies[0]},
        {"name": "b", "fighter": sheet(), "policy": policies[1]},
    ]
    m = matchup(ImpactSimulationRequest.model_validate({"sides": sides, "turn_limit": 25}))
    for i in range(3):
        seed = fight_seed(3, i)
        fast, protocol = play(m, seed), play(m, seed, protocol=True)
        assert fast == protocol and not fast.aborted


def test_every_policy_plays_legal_bouts() -> None:
    for policy in ImpactPolicy:
        answer = simulate(request(sheet(), sheet(), policy=str(policy), count=3, turn_limit=30))
        assert answer.aborted == 0 and answer.violations == []


def test_a_broken_own_pack_aborts_every_bout_with_its_finding() -> None:
    data = copy.deepcopy(PACKS["default"].model_dump(mode="json", by_alias=True))
    data["name"] = "house"
    data["maneuvers"][0]["category"] = "nowhere"  # a category the pack does not have: PACK_INVALID
    answer = simulate(request(sheet(), sheet(), count=2, custom_pack=data))
    assert answer.aborted == 2 and [v.code for v in answer.violations] == ["PACK_INVALID"]


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_each_simulated_turn_answers_as_the_same_turn_sent_with_its_choices(
    policies: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In process a turn's events, roll records and answer are built without validation (they hold the resolver's
    own values): each answer equals, field for field and in JSON, the public resolver's answer to the same turn sent
    with the declarations and decisions the policies took."""
    from service.rules.impact.simulation import fight as module
    from service.rules.impact.turn.resolve import resolve_turn

    seen: list[tuple[Any, Any]] = []

    def recording(request: Any, decider: Any, declare: Any) -> Any:
        taken: dict[str, Any] = {}
        made: list[Any] = []

        def note(needed: Any) -> Any:
            taken[needed.key] = decider(needed)
            return taken[needed.key]

        def declaring(turn: Any) -> Any:
            made.extend(declare(turn))
            return made

        answer = resolve_turn(request, note, declaring)
        seen.append((request.model_copy(update={"decisions": taken, "declarations": made}), answer))
        return answer

    monkeypatch.setattr(module, "resolve_turn", recording)
    sides = [
        {"name": "a", "fighter": sheet(5), "policy": policies[0]},
        {"name": "b", "fighter": sheet(), "policy": policies[1]},
    ]
    m = matchup(ImpactSimulationRequest.model_validate({"sides": sides, "turn_limit": 25}))
    for i in range(3):
        play(m, fight_seed(5, i))
    assert len(seen) > 10 and any(a.events and a.rolls for _, a in seen)
    for sent, answer in seen:
        public = resolve_turn(sent)
        assert answer == public
        assert answer.model_dump_json() == public.model_dump_json()
