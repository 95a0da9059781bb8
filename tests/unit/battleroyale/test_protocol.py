"""Battle Royale in the core turn protocol (issue 31): a plugin's loop plays every published example from the named
dice and offered choices in at most 4 round trips and reaches the answer everything-at-once gives; refusals name
the rule; strict and lenient keys; `ask_every_decision`; `if_asked`; the end of the fight; typed figures worked by
hand from 003."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from service.rules.battleroyale.between_scenes.recovery import recover
from service.rules.battleroyale.between_scenes.recovery_models import RoyaleRecoveryRequest
from service.rules.battleroyale.bout.models import RoyaleBoutRequest
from service.rules.battleroyale.bout.round import resolve_bout
from service.rules.battleroyale.challenges.models import RoyaleChallengeRequest, RoyaleCombatChallengeRequest
from service.rules.battleroyale.challenges.resolve import resolve_challenge, resolve_combat_challenge
from service.rules.battleroyale.codes import CODES
from service.rules.battleroyale.conflict.models import RoyaleConflictRequest
from service.rules.battleroyale.conflict.round import resolve_conflict
from service.rules.battleroyale.operations import examples
from service.rules.core.protocol.keys import parse

from .test_conflict import conflict, duel

RESOLVERS: dict[str, tuple[Any, Callable[[Any], Any]]] = {
    "resolve_bout": (RoyaleBoutRequest, resolve_bout),
    "resolve_conflict": (RoyaleConflictRequest, resolve_conflict),
    "resolve_challenge": (RoyaleChallengeRequest, resolve_challenge),
    "resolve_combat_challenge": (RoyaleCombatChallengeRequest, resolve_combat_challenge),
    "recover": (RoyaleRecoveryRequest, recover),
}
CASES = [(op, name) for op in RESOLVERS for name in examples(op)]


def send(op: str, body: dict[str, Any]) -> Any:
    model, run = RESOLVERS[op]
    return run(model.model_validate(body))


def play(op: str, body: dict[str, Any], rng: random.Random) -> tuple[int, Any, dict[str, Any]]:
    """The plugin's loop: roll every named die, answer every decision from its choices (provisional ones in
    `if_asked`), send again; the round trips, the last answer and the request that reached it."""
    body = copy.deepcopy(body)
    for k in ("seed", "rolls", "decisions", "if_asked"):
        body.pop(k, None)
    body |= {"rolls": {}, "decisions": {}, "if_asked": {}}
    trips = 0
    while True:
        trips += 1
        answer = send(op, body)
        if answer.status != "decision_required" or trips > 10:
            return trips, answer, body
        for die in answer.dice_needed:
            assert die.die == "1d6" and parse(die.key) is not None
            body["rolls"].setdefault(die.key, rng.randint(1, 6))
        for d in answer.decisions_needed:
            assert d.choices and (d.default is None or d.default in [c.value for c in d.choices])
            assert parse(d.key) is not None and parse(d.key).point == d.point  # type: ignore[union-attr]
            if d.key not in body["decisions"] and d.key not in body["if_asked"]:
                body["if_asked" if d.provisional else "decisions"][d.key] = rng.choice(d.choices).value


def same(a: Any, b: Any) -> bool:
    return (a.status, a.log, a.events) == (b.status, b.log, b.events)


@pytest.mark.parametrize(("op", "name"), CASES)
@pytest.mark.parametrize("variant", [{}, {"damage_policy": "ask"}, {"ask_every_decision": True}])
def test_a_plugin_loop_plays_every_example_in_four_round_trips(op: str, name: str, variant: dict[str, Any]) -> None:
    for run in range(4):
        trips, answer, body = play(op, examples(op)[name] | variant, random.Random(f"{op}/{name}/{run}"))
        assert answer.status in ("resolved", "over") and answer.violations == [], (trips, answer.violations)
        assert trips <= 4, (op, name, variant, run, trips)
        assert same(send(op, body), answer)  # everything at once: the same answer


@pytest.mark.parametrize(("op", "name"), CASES)
def test_every_published_example_resolves_as_sent(op: str, name: str) -> None:
    answer = send(op, examples(op)[name])
    assert answer.status in ("resolved", "over") and answer.violations == [] and answer.warnings == []
    assert answer.dice_needed == [] and answer.decisions_needed == []


def tigress() -> dict[str, Any]:
    return copy.deepcopy(examples("resolve_bout")["copper-tigress"])


def test_a_quiet_bout_names_every_die_in_the_first_answer() -> None:
    body = tigress()
    body.pop("rolls")
    asked = send("resolve_bout", body)  # the splits and order given: every die of the round at once, none provisional
    assert asked.status == "decision_required" and asked.decisions_needed == []
    assert [d.key for d in asked.dice_needed] == [
        "R1.tigress.attack", "R1.tigress.attack.2", "R1.tigress.attack.3",
        "R1.assassin.defense", "R1.assassin.defense.2", "R1.assassin.attack",
    ]  # fmt: skip
    assert [d.provisional for d in asked.dice_needed] == [False] + [True] * 5
    assert all(d.fighter in ("tigress", "assassin") and d.step in ("attack", "defense") for d in asked.dice_needed)


def refused(answer: Any) -> tuple[str, str | None, str | None]:
    (v,) = answer.violations
    return v.code, v.key, v.ref.line if v.ref is not None else None


def test_bout_refusals_name_their_rule() -> None:
    body = tigress()
    body["decisions"]["R1.tigress.split"] = "half_and_half"
    answer = send("resolve_bout", body)
    assert answer.status == "invalid" and refused(answer)[:2] == ("SPLIT_INVALID", "R1.tigress.split")
    assert answer.violations[0].ref is not None  # 003 L876–L890
    body = tigress()
    body["decisions"]["R1.tigress.order"] = "never"
    assert refused(send("resolve_bout", body))[:2] == ("STRIKE_ORDER_INVALID", "R1.tigress.order")  # L864–L865
    body = tigress() | {"combat_challenge": {"initiator": "assassin"}}
    body["decisions"]["R1.tigress.challenge"] = "maybe"
    assert refused(send("resolve_bout", body))[:2] == ("CHALLENGE_ANSWER_INVALID", "R1.tigress.challenge")
    body["fighters"][0]["spirit_dice"] = 0  # no Spirit Die to sacrifice (003 L869–L870)
    body["fighters"][1]["spirit_dice"] = 0
    body["decisions"]["R1.tigress.challenge"] = "cancel"
    assert refused(send("resolve_bout", body))[:2] == ("CANCEL_NEEDS_SPIRIT_DIE", "R1.tigress.challenge")


def test_damage_refusals_name_their_rule() -> None:
    body = duel(damage_policy="ask", actions=[{"fighter": "ann", "target": "bob"}])
    body["rolls"] = {"R1.ann.attack": 3, "R1.ann.attack.2": 3, "R1.bob.defense": 3, "R1.bob.defense.2": 2}
    body["decisions"] = {"R1.bob.damage": "boxing"}  # Ann's Style, not Bob's (003 L464–L466)
    assert refused(conflict(body))[:2] == ("DAMAGE_TRAIT_UNKNOWN", "R1.bob.damage")
    body["fighters"][1]["traits"][1]["wound_ranks"] = 3  # Calm Zeroed Out (003 L511–L513)
    body["decisions"] = {"R1.bob.damage": "calm"}
    assert refused(conflict(body))[:2] == ("TRAIT_ZEROED_OUT", "R1.bob.damage")


@pytest.mark.parametrize(
    "code", ["SPLIT_INVALID", "STRIKE_ORDER_INVALID", "CHALLENGE_ANSWER_INVALID", "CANCEL_NEEDS_SPIRIT_DIE"]
)
def test_each_refusal_code_is_listed_with_its_text_reference(code: str) -> None:
    assert CODES[code].severity == "error" and CODES[code].ref is not None and CODES[code].ref.startswith("003 L")


def test_strict_keys_and_lenient_mode() -> None:
    body = tigress()
    body["rolls"]["R1.tigress.attakc"] = 3  # fits no point of the round
    body["decisions"]["R9.tigress.split"] = "all_out_attack"  # another round's
    body["decisions"]["R1.assassin.order"] = "act_first"  # a point of the round, but not asked: a branch not taken
    strict = send("resolve_bout", body)
    assert strict.status == "invalid"
    assert sorted((v.code, v.key) for v in strict.violations) == [
        ("DECISION_KEY_UNKNOWN", "R9.tigress.split"),
        ("ROLL_KEY_UNKNOWN", "R1.tigress.attakc"),
    ]
    assert [(w.code, w.key) for w in strict.warnings] == [("DECISION_NOT_USED", "R1.assassin.order")]
    assert strict.fighters == RoyaleBoutRequest.model_validate(body).fighters  # nothing applied
    lenient = send("resolve_bout", body | {"lenient": True})
    assert lenient.status == "over" and lenient.violations == []
    assert sorted(w.code for w in lenient.warnings) == ["DECISION_NOT_USED", "DECISION_NOT_USED", "ROLL_NOT_USED"]
    assert same(lenient, send("resolve_bout", tigress()))  # resolved as if they were absent


def test_ask_every_decision_asks_the_damage_the_policy_would_place() -> None:
    body = tigress() | {"ask_every_decision": True}
    asked = send("resolve_bout", body)
    # lowest_first gives each Damage Rank a default; asked anyway: the assassin's first rank, his Assassin first
    assert asked.status == "decision_required"
    first = asked.decisions_needed[0]
    assert (first.key, first.point, first.step, first.default) == (
        "R1.assassin.damage",
        "damage",
        "taking_it_on_the_chin",
        "assassin",
    )
    assert not first.provisional and all(d.provisional for d in asked.decisions_needed[1:])
    # every rank both take is named in this one answer: 7 the assassin can take of 11, 7 of Tigress's 8
    assert sum(d.key.startswith("R1.assassin.damage") for d in asked.decisions_needed) == 7
    assert sum(d.key.startswith("R1.tigress.damage") for d in asked.decisions_needed) == 7
    answers = {d.key: d.default for d in asked.decisions_needed}
    done = send("resolve_bout", body | {"decisions": body["decisions"] | answers})
    assert same(done, send("resolve_bout", tigress()))  # the defaults, answered: the same round


def test_if_asked_answers_are_used_when_asked_and_ignored_otherwise() -> None:
    body = tigress()
    body["if_asked"] = {"R1.assassin.damage": "black_shadow", "R1.assassin.damage@cyclic": "assassin"}
    answer = send("resolve_bout", body)
    assert answer.status == "over" and answer.warnings == []
    # his first Damage Rank on Black Shadow Style, as asked; the rest by the policy (Assassin first)
    ranks = {t.id: t.wound_ranks for t in answer.fighters[1].traits}
    assert ranks == {"assassin": 3, "black_shadow": 4}
    first = next(e for e in answer.events if e.kind == "damage" and e.fighter == "assassin")
    assert (first.trait, first.amount) == ("black_shadow", 1)


def test_the_end_of_the_fight() -> None:
    rolls = {"R1.ann.attack": 6, "R1.ann.attack.2": 6, "R1.bob.defense": 1, "R1.bob.defense.2": 1}
    body = duel(actions=[{"fighter": "ann", "target": "bob"}, {"fighter": "bob", "target": "ann"}], rolls=rolls)
    answer = conflict(body)
    # 14 against 4: 10 ranks, Bob's 6 fit: Absolute Zero (003 L515–L518), the last one standing wins
    assert (answer.status, answer.over, answer.winner, answer.out) == ("over", True, "ann", ["bob"])
    quiet = conflict(duel(actions=[{"fighter": "ann", "target": "bob"}], rolls={**rolls, "R1.bob.defense": 6}))
    assert (quiet.status, quiet.over, quiet.winner, quiet.out) == ("resolved", False, None, [])
    asked = conflict(duel(actions=[{"fighter": "ann", "target": "bob"}]))
    assert (asked.status, asked.over, asked.out) == ("decision_required", False, [])


def test_typed_figures_of_copper_tigress_against_the_assassin() -> None:
    answer = send("resolve_bout", tigress())
    kinds = [e.kind for e in answer.events]
    assert kinds[:4] == ["initiative", "split", "split", "strike_order"]
    init, t_split, a_split, first = answer.events[:4]
    assert (init.fighter, init.figures) == ("tigress", {"spirit_dice": 3})  # 003 L875: 3 against 2
    assert t_split.figures == {"attack_dice": 3, "defense_dice": 0}  # All-Out Attack (003 L889–L890, L897)
    assert a_split.figures == {"attack_dice": 1, "defense_dice": 2}  # Strong Defense (003 L883–L884, L898)
    assert first.fighter == "tigress"
    rolls = [e for e in answer.events if e.kind == "roll"]
    # 003 L914–L916: 3d6 + 4, faces 4, 4, 6: 18; the assassin 2d6 + 4, faces 1, 2: 7
    assert rolls[0].figures == {"dice": 3, "keep": 3, "flat": 4, "total": 18, "face_1": 4, "face_2": 4, "face_3": 6}
    assert rolls[1].figures == {"dice": 2, "keep": 2, "flat": 4, "total": 7, "face_1": 1, "face_2": 2}
    # 003 L922–L924: 1d6 + 6 = 12 against Tigress's 0 dice + 4
    assert (rolls[2].amount, rolls[2].figures["flat"], rolls[3].amount, rolls[3].figures["dice"]) == (12, 6, 4, 0)
    hits = [e for e in answer.events if e.kind == "hit"]
    assert [h.figures for h in hits] == [
        {"attack": 18, "defense": 7, "margin": 11, "damage": 11},
        {"attack": 12, "defense": 4, "margin": 8, "damage": 8},
    ]
    # lowest first (digest §6.6): the assassin's Good Assassin takes 3 and Zeroes Out, then Expert Black Shadow 4
    # (003 L468–L475); 4 of 11 lost
    damage = [(e.trait, e.amount, e.figures["rank_after"]) for e in answer.events if e.kind == "damage"]
    assert damage[:2] == [("assassin", 3, -1), ("black_shadow", 4, -1)]
    lost = next(e for e in answer.events if e.kind == "damage_lost" and e.fighter == "assassin")
    assert lost.amount == 11 - 7
    assert all(answer.log[e.step] for e in answer.events)  # each event points at its log entry
    assert not any("[" in line and "]" in line and "{" in line for line in answer.log)  # no Python repr


def test_typed_figures_of_sue_against_the_dancing_ninjas() -> None:
    answer = send("resolve_conflict", examples("resolve_conflict")["sue-and-the-disco-ninjas"])
    gang, sue_hit = [e for e in answer.events if e.kind in ("hit", "miss")]
    # 003 L745–L747: five dice 5, 4, 3, 6, 4 keep 2: 6 + 5 + Dancing Ninja 2 = 13 against 3 + 2 + 2 + 4 = 11
    assert gang.figures == {"attack": 13, "defense": 11, "margin": 2, "damage": 2}
    # 003 L748–L751: Sue 4 + 6 + 4 = 14 against 6 + 3 + 2 = 11: three Minions out, three left
    assert sue_hit.figures == {"attack": 14, "defense": 11, "margin": 3, "damage": 3}
    out = next(e for e in answer.events if e.kind == "minions_out")
    assert (out.amount, out.value) == (3, 3)
    placed = next(e for e in answer.events if e.kind == "damage")
    assert (placed.trait, placed.amount, placed.figures["wound_ranks"]) == ("smooth_moves", 2, 2)


def test_a_provisional_damage_answer_the_earlier_ranks_made_illegal_is_not_used() -> None:
    body = tigress()
    body["if_asked"] = {"R1.assassin.damage.4": "assassin"}  # given ahead, as if the Assassin were still standing
    answer = send("resolve_bout", body)
    # ranks 1–3 Zero Out Good Assassin (003 L468–L475): the 4th cannot go there (L511–L513); the policy's pick,
    # Black Shadow Style, takes it and a warning says so
    assert answer.status == "over" and answer.violations == []
    assert [(w.code, w.key) for w in answer.warnings] == [("DECISION_NOT_USED", "R1.assassin.damage.4")]
    assert (
        "assassin is Zeroed Out" in answer.warnings[0].message
        and "'black_shadow' was taken" in answer.warnings[0].message
    )
    assert {t.id: t.wound_ranks for t in answer.fighters[1].traits} == {"assassin": 3, "black_shadow": 4}
    body["decisions"]["R1.assassin.damage.4"] = "assassin"  # a firm answer is refused, naming the rule
    assert refused(send("resolve_bout", body))[:2] == ("TRAIT_ZEROED_OUT", "R1.assassin.damage.4")
