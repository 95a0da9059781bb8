"""Ashes' matchup simulator: mirror matches even, a stronger copy ahead, exact merging, and simulated fights equal
to the same fights played round by round through the JSON step protocol (docs/simulation.md)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from service.rules.ashes.round.models import Decision
from service.rules.ashes.round.state import Asked
from service.rules.ashes.simulation.fight import matchup, play
from service.rules.ashes.simulation.models import AshesSimulationRequest
from service.rules.ashes.simulation.policies import AshesSimPolicy, Option, choose, pick
from service.rules.ashes.simulation.run import simulate
from service.rules.core.protocol.models import DecisionNeeded
from service.rules.core.simulation import fight_seed, merge


def combatant(**more: Any) -> dict[str, Any]:
    return {"id": "x", "degree": 1, "aura": 5, "health_boxes": [10, 10], "effort_dice": 4, **more}


def request(a: dict[str, Any], b: dict[str, Any], policy: str = "balanced", **run: Any) -> AshesSimulationRequest:
    sides = [{"name": "a", "combatant": a, "policy": policy}, {"name": "b", "combatant": b, "policy": policy}]
    return AshesSimulationRequest.model_validate({"sides": sides, "seed": 5, **run})


def test_mirror_match_is_even() -> None:
    answer = simulate(request(combatant(), combatant(), count=120))
    a = answer.sides[0]
    assert answer.aborted == 0 and a.win_interval is not None
    assert a.win_interval.low <= 0.5 <= a.win_interval.high


def test_a_stronger_copy_wins_more() -> None:
    # 004 L61, L64, L67: damage is bought down with Aura or Health (10 a box), or the defender is Vanquished; the
    # same combatant with one Health box instead of two, and no Aura, is strictly weaker
    weak = combatant(aura=0, health_boxes=[10])
    answer = simulate(request(combatant(), weak, count=60))
    assert answer.sides[0].wins > answer.sides[1].wins


def test_parts_merge_into_the_whole_run() -> None:
    whole = simulate(request(combatant(), combatant(aura=2), count=7))
    parts = [simulate(request(combatant(), combatant(aura=2), offset=o, count=n)) for o, n in ((3, 4), (0, 3))]
    assert merge(parts) == whole
    assert [r.resource for r in whole.sides[0].spent] == ["prana"]


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_simulated_fights_equal_the_protocol_played_through_json(policies: tuple[str, str]) -> None:
    sides = [
        {"name": "a", "combatant": combatant(), "policy": policies[0]},
        {"name": "b", "combatant": combatant(aura=2), "policy": policies[1]},
    ]
    m = matchup(AshesSimulationRequest.model_validate({"sides": sides}))
    for i in range(3):
        seed = fight_seed(9, i)
        fast, protocol = play(m, seed), play(m, seed, protocol=True)
        assert fast == protocol and not fast.aborted


def test_every_policy_plays_legal_fights() -> None:
    for policy in AshesSimPolicy:
        answer = simulate(request(combatant(), combatant(), policy=str(policy), count=5))
        assert answer.aborted == 0 and answer.violations == [] and answer.fights == 5


def _defence(*options: tuple[list[str], bool]) -> DecisionNeeded:
    none = {"value": {"choice": "none"}, "text": "No defence"}
    offered = [
        {"value": {"choice": "defend", "dice": d, **({"advantage": True} if a else {})}, "text": "-"}
        for d, a in options
    ]
    return DecisionNeeded.model_validate(
        {
            "key": "R1.b.defense",
            "fighter": "b",
            "point": "defense",
            "step": "Turns",
            "text": "-",
            "choices": [none, *offered],
        }
    )


def test_aggressive_and_greedy_defend_with_the_weapons_advantage() -> None:
    # 004 L88: the advantage is free once a round, then costs Prana at the weapon's Cost; Reflexive: Defense Rank +1
    # (004 L91). Offered: Set {d1,d2} (faces 4, 4) plain and with the advantage, die d3 (9) plain and with it.
    pending = _defence((["d1", "d2"], False), (["d1", "d2"], True), (["d3"], False), (["d3"], True))
    faces = {"d1": 4, "d2": 4, "d3": 9}
    picked = {p.value: choose(p, pending, faces).value for p in AshesSimPolicy}
    # greedy: the Set of most dice (two), with the advantage; balanced: the same Set without spending anything
    assert picked["greedy"] == {"choice": "defend", "dice": ["d1", "d2"], "advantage": True}
    assert picked["balanced"] == {"choice": "defend", "dice": ["d1", "d2"]}
    # aggressive: the fewest dice (d3 alone), with the advantage; defensive: the most dice, nothing spent
    assert picked["aggressive"] == {"choice": "defend", "dice": ["d3"], "advantage": True}
    assert picked["defensive"] == {"choice": "defend", "dice": ["d1", "d2"]}


@pytest.mark.parametrize("policy", ["greedy", "aggressive", "balanced"])
def test_prana_is_spent_on_the_advantage_at_its_cost(policy: str) -> None:
    # a shield (Reflexive, Cost 4, 004 L91) and an awakened Chakra holding 20 Prana (Pool 5 × Recovery 4, 004 L73):
    # every use after the round's free one costs 4 Prana (004 L88), so a side spends a multiple of 4; balanced none
    shield = combatant(
        weapon={"type": "reflexive"},
        chakras=[{"id": "heart", "state": "awakened", "recovery": 4, "pool": 20, "prana": 20}],
    )
    sides = [
        {"name": "a", "combatant": shield, "policy": policy},
        {"name": "b", "combatant": combatant(), "policy": "greedy"},
    ]
    m = matchup(AshesSimulationRequest.model_validate({"sides": sides}))
    fights = [play(m, fight_seed(9, i)) for i in range(6)]
    spent = [f.sides[0].spent["prana"] for f in fights]
    assert not any(f.aborted for f in fights) and all(s % 4 == 0 for s in spent)
    assert (sum(spent) > 0) is (policy != "balanced")
    assert play(m, fight_seed(9, 0), protocol=True) == fights[0]


@pytest.mark.parametrize("policy", ["greedy", "aggressive", "balanced", "defensive"])
def test_in_process_choices_equal_the_listed_offers_with_bigger_pools(policy: str) -> None:
    # 004 L27-L34: six Effort dice a round give repeated faces, so the first-pass bid list drops a single die whose
    # value a Set already bid (two 3s and a 6 both bid 6); Sets of two or more are Bonus Actions (004 L41-L42) and a
    # shield's advantage defends (004 L88, L91). The in-process `best_*` finds must be the choices the offer lists give.
    shield = combatant(
        effort_dice=6,
        weapon={"type": "reflexive"},
        chakras=[{"id": "heart", "state": "awakened", "recovery": 4, "pool": 20, "prana": 20}],
    )
    sides = [
        {"name": "a", "combatant": shield, "policy": policy},
        {"name": "b", "combatant": combatant(effort_dice=6, aura=9), "policy": "greedy"},
    ]
    m = matchup(AshesSimulationRequest.model_validate({"sides": sides}))
    for i in range(2):
        seed = fight_seed(11, i)
        fast = play(m, seed)
        assert fast == play(m, seed, protocol=True) and not fast.aborted


@pytest.mark.parametrize("policy", ["greedy", "aggressive", "balanced", "defensive"])
def test_every_in_process_choice_is_the_one_the_listed_offers_give(policy: str) -> None:
    # In process a policy finds its bid, attack and defence through the round's `best_*` searches, which list no
    # offers. At every point of these fights the choice must be the one `pick` makes from the offers the round lists:
    # first-pass bids with repeated faces (004 L31-L34), Bonus Actions of Sets of two or more (004 L41-L42), and a
    # shield's advantage, free once a round and then 4 Prana a use until the 20 run out (004 L88, L91).
    shield = combatant(
        effort_dice=6,
        weapon={"type": "reflexive"},
        chakras=[{"id": "heart", "state": "awakened", "recovery": 4, "pool": 20, "prana": 20}],
    )
    sides = [
        {"name": "a", "combatant": shield, "policy": policy},
        {"name": "b", "combatant": combatant(effort_dice=5, aura=9), "policy": "greedy"},
    ]
    m = matchup(AshesSimulationRequest.model_validate({"sides": sides}))
    seen: set[str] = set()

    def checked(a: Asked) -> Decision:
        got = m.decide(a)
        offers = a.offers
        options = [Option(o.choice.value, tuple(o.dice), o.advantage) for o in offers]
        default = next((i for i, o in enumerate(offers) if o == a.default), None)
        policy = m.policies[1 if a.fighter == m.names[1] else 0]
        assert got == offers[pick(policy, a.point, a.key, options, default, a.faces)], a.key
        seen.add(a.point)
        return got

    checking = dataclasses.replace(m, decide=checked)
    for i in range(8):
        assert not play(checking, fight_seed(13, i)).aborted
    assert {"bid", "action", "defense", "buy_down"} <= seen
