"""Battle Royale's matchup simulator (Bouts): mirror matches even, a stronger copy ahead, exact merging, and
simulated fights equal to the same fights played round by round through the JSON step protocol
(docs/simulation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.battleroyale.simulation.fight import matchup, play
from service.rules.battleroyale.simulation.models import RoyaleSimulationRequest
from service.rules.battleroyale.simulation.policies import RoyaleSimPolicy
from service.rules.battleroyale.simulation.run import simulate
from service.rules.core.simulation import fight_seed, merge, wilson

STYLE = {"id": "flying_lotus", "name": "Flying Lotus Style", "rank": "expert", "style": True}
ACROBAT = {"id": "acrobat", "name": "Acrobat", "rank": "good"}


def fighter(*more: dict[str, Any], spirit_dice: int = 3) -> dict[str, Any]:
    traits = [STYLE, ACROBAT, *more]
    return {"id": "x", "spirit_dice": spirit_dice, "harmonized": "flying_lotus", "traits": traits}


def request(a: dict[str, Any], b: dict[str, Any], policy: str = "balanced", **run: Any) -> RoyaleSimulationRequest:
    sides = [{"name": "a", "fighter": a, "policy": policy}, {"name": "b", "fighter": b, "policy": policy}]
    return RoyaleSimulationRequest.model_validate({"sides": sides, "seed": 5, **run})


def test_mirror_match_is_even() -> None:
    answer = simulate(request(fighter(), fighter(), count=200))
    a, b = answer.sides
    assert answer.aborted == 0 and a.wins + b.wins + answer.draws == 200
    # 003 L939-L941: both take the round's damage at once, so both can hit Absolute Zero together (a draw, often
    # here): the even share is that of the fights someone won
    decided = wilson(a.wins, a.wins + b.wins)
    assert decided is not None and decided.low <= 0.5 <= decided.high


def test_a_stronger_copy_wins_more() -> None:
    # 003 L515-L518: a fighter loses at Absolute Zero, every Strength Zeroed Out; the same fighter with one more
    # Strength has more to lose first, so it is strictly stronger
    strong = fighter({"id": "brawler", "name": "Brawler", "rank": "good"})
    answer = simulate(request(strong, fighter(), count=100))
    assert answer.sides[0].wins > answer.sides[1].wins


def test_parts_merge_into_the_whole_run() -> None:
    whole = simulate(request(fighter(), fighter(spirit_dice=1), count=7))
    parts = [simulate(request(fighter(), fighter(spirit_dice=1), offset=o, count=n)) for o, n in ((3, 4), (0, 3))]
    assert merge(parts) == whole
    assert [r.resource for r in whole.sides[0].spent] == ["spirit_dice"]


def test_balanced_spends_a_spirit_die_a_round_keeping_one() -> None:
    # 003 L632-L633: a Spirit Die is traded for a die on a roll; balanced keeps one back, so 3 held spend 1 a round
    # while 2 or more are held (none come back here: no Drain)
    answer = simulate(request(fighter(), fighter(), count=1, turn_limit=1))
    assert [s.spent[0].spent for s in answer.sides] == [1, 1]


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_simulated_fights_equal_the_protocol_played_through_json(policies: tuple[str, str]) -> None:
    sides = [
        {"name": "a", "fighter": fighter(), "policy": policies[0]},
        {"name": "b", "fighter": fighter(spirit_dice=1), "policy": policies[1]},
    ]
    m = matchup(RoyaleSimulationRequest.model_validate({"sides": sides}))
    for i in range(3):
        seed = fight_seed(9, i)
        fast, protocol = play(m, seed), play(m, seed, protocol=True)
        assert fast == protocol and not fast.aborted


@pytest.mark.parametrize("policies", [("greedy", "defensive"), ("aggressive", "balanced")])
def test_each_simulated_round_answers_as_the_same_round_sent_with_its_choices(
    policies: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In process a round's roll records are built without validation (the resolver's own dice): each answer equals,
    field for field and in JSON, the public resolver's answer to the same round sent with the policies' decisions."""
    from service.rules.battleroyale.bout.round import resolve_bout
    from service.rules.battleroyale.simulation import fight as module

    seen: list[tuple[Any, Any]] = []

    def recording(request: Any, decider: Any) -> Any:
        taken: dict[str, Any] = {}

        def note(needed: Any) -> Any:
            taken[needed.key] = decider(needed)
            return taken[needed.key]

        answer = resolve_bout(request, note)
        seen.append((request.model_copy(update={"decisions": taken}), answer))
        return answer

    monkeypatch.setattr(module, "resolve_bout", recording)
    sides = [
        {"name": "a", "fighter": fighter(), "policy": policies[0]},
        {"name": "b", "fighter": fighter(spirit_dice=1), "policy": policies[1]},
    ]
    m = matchup(RoyaleSimulationRequest.model_validate({"sides": sides}))
    for i in range(4):
        play(m, fight_seed(9, i))
    assert len(seen) >= 4 and all(a.rolls for _, a in seen)
    for sent, answer in seen:
        public = resolve_bout(sent)
        assert answer == public
        assert answer.model_dump_json() == public.model_dump_json()


def test_every_policy_plays_legal_fights() -> None:
    for policy in RoyaleSimPolicy:
        answer = simulate(request(fighter(), fighter(), policy=str(policy), count=5))
        assert answer.aborted == 0 and answer.violations == [] and answer.fights == 5


def test_the_in_process_decider_answers_as_the_same_decisions_sent() -> None:
    from service.rules.battleroyale.bout.models import RoyaleBoutRequest
    from service.rules.battleroyale.bout.round import resolve_bout
    from service.rules.battleroyale.operations import examples

    request = RoyaleBoutRequest.model_validate(examples("resolve_bout")["copper-tigress"])
    alone = resolve_bout(request)
    taken: dict[str, str] = {}

    def decider(needed: Any) -> str:
        taken[needed.key] = str(needed.choices[-1].value)  # the last offered: not what a default would pick
        return taken[needed.key]

    asked = request.model_copy(update={"decisions": {}, "damage_policy": "ask", "seed": 11, "rolls": {}})
    hooked = resolve_bout(asked, decider)
    sent = resolve_bout(asked.model_copy(update={"decisions": taken}))
    assert taken and hooked.model_dump() == sent.model_dump()
    assert resolve_bout(request).model_dump() == alone.model_dump()  # a request alone: answered as before


LONE_MINION = {
    "id": "y",
    "spirit_dice": 0,
    "minions": 1,
    "traits": [{"id": "brawler", "name": "Brawler", "rank": "good"}],
}


@pytest.mark.parametrize("policy", ["balanced", "greedy"])
def test_a_lone_minion_is_fought_in_conflict_rounds(policy: str) -> None:
    # 003 L840-L844: a Bout is for significant characters (a Gang at most), so a lone Minion is fought in Conflict
    # rounds, each side's attack a Challenge at the Minion's TN (003 L728-L731); beaten, the Minion is out at once
    from service.rules.battleroyale.simulation.fight import conflict

    m = matchup(request(fighter(), LONE_MINION, policy))
    assert conflict(m)
    fights = [play(m, fight_seed(4, i)) for i in range(12)]
    assert not any(f.aborted for f in fights)
    for f in fights:
        hero, minion = f.sides
        beaten = hero.attacks.get("challenge", [0, 0, 0])[1]
        assert beaten <= 1 and (beaten == 0 or f.winner == 0)
        assert minion.damage_dealt == minion.attacks.get("challenge", [0, 0, 0])[2]
    assert sum(f.sides[0].attacks.get("challenge", [0, 0])[0] for f in fights) > 0
    assert all(play(m, fight_seed(4, i), protocol=True) == fights[i] for i in range(3))
