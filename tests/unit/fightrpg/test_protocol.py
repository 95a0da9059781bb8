"""Fight RPG rounds in the core turn protocol: the look-ahead loop on every published example, the refusals that name
their rule, strict and lenient keys, ``ask_every_decision``, ``if_asked``, the end of the fight and the typed figures
(worked by hand from the text)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from service.rules.fightrpg.examples import dragon, round_examples, tiger

from .support import act, alloc, codes, pools, resolve, respond, rolloff
from .test_rounds import round_a, round_d, round_e


def drive(body: dict[str, Any], rng: random.Random) -> tuple[int, Any, dict[str, Any]]:
    """A plugin's loop: roll every named die, answer every decision with one of its choices (a provisional one in
    ``if_asked``), send again. Returns the round trips, the last answer and the request that gave it."""
    body = {k: v for k, v in body.items() if k not in ("seed", "rolls", "decisions", "if_asked")}
    body |= {"rolls": {}, "decisions": {}, "if_asked": {}}
    for trips in range(1, 60):
        out = resolve(body)
        assert out.status != "invalid", out.violations
        if out.status != "decision_required":
            return trips, out, body
        asked = [d for d in out.decisions_needed if d.key not in body["decisions"] and d.key not in body["if_asked"]]
        rolled = [d for d in out.dice_needed if d.key not in body["rolls"]]
        assert asked or rolled, "asks for nothing new"
        for die in rolled:
            body["rolls"][die.key] = rng.randint(1, int(die.die.removeprefix("1d")))
        for d in asked:
            assert d.choices and (d.default is None or d.default in [c.value for c in d.choices])
            body["if_asked" if d.provisional else "decisions"][d.key] = rng.choice(d.choices).value
    raise AssertionError("no end in 60 round trips")


def turns(out: Any) -> int:
    """The most turns one fighter took (actions and passes) and the injuries asked: one round trip each at most."""
    per = Counter(e.fighter for e in out.events if e.kind in ("action", "passed"))
    return max(per.values(), default=0) + sum(1 for e in out.events if e.kind == "injury")


@pytest.mark.parametrize("name", sorted(round_examples()))
def test_the_loop_plays_each_published_example_and_equals_everything_at_once(name: str) -> None:
    for run in range(4):
        trips, out, body = drive(round_examples()[name], random.Random(f"{name}/{run}"))
        once = resolve(body)
        assert (once.status, once.log, once.events) == (out.status, out.log, out.events)
        # one trip for the pool dice, one for the allocations (and any roll-off dice), then one per turn of the
        # busiest fighter: in a one-on-one round both fighters' next turns are asked together
        assert trips <= 3 + turns(out), (trips, turns(out))
    seeded = round_examples()["seeded-policies"]
    assert resolve(seeded).status == "resolved"  # seed and policies: nothing to ask


def test_the_first_answer_names_every_pool_die_then_both_allocations() -> None:
    body = {"fighters": [dragon(), tiger()]}
    first = resolve(body)
    assert [d.key for d in first.dice_needed] == [
        "R1.dragon.pool",
        "R1.dragon.pool.2",
        "R1.dragon.pool.3",
        "R1.tiger.pool",
        "R1.tiger.pool.2",
        "R1.tiger.pool.3",
    ]
    assert first.decisions_needed == []  # the splits hang on the dice (002 L86): not asked ahead of them
    body["rolls"] = pools(dragon=[5, 3, 2], tiger=[4, 4, 1])
    second = resolve(body)
    assert [(d.key, d.provisional) for d in second.decisions_needed][:2] == [
        ("R1.dragon.allocation", False),
        ("R1.tiger.allocation", True),
    ]
    assert all(d.provisional for d in second.decisions_needed[2:])  # the turns, asked ahead of the splits
    # if_asked: the tiger's answer is used when the round asks for it
    body["decisions"] = {"R1.dragon.allocation": second.decisions_needed[0].choices[0].value}
    body["if_asked"] = {"R1.tiger.allocation": second.decisions_needed[1].choices[0].value}
    third = resolve(body)
    assert third.status == "decision_required" and [p.allocation is not None for p in third.pools] == [True, True]
    # one-on-one, nothing answering for them: the Dragon's first turn, and the Tiger's asked ahead of it
    assert [(d.key, d.provisional) for d in third.decisions_needed][:2] == [
        ("R1.dragon.action", False),
        ("R1.tiger.action", True),
    ]


def test_an_if_asked_answer_never_asked_is_ignored_without_a_finding() -> None:
    out = resolve(round_a() | {"if_asked": {"R1.dragon.action.9": act("pass")}})
    assert out.status == "resolved" and out.warnings == [] and out.violations == []


def test_ask_every_decision_asks_the_responses_with_their_default() -> None:
    body = round_a()
    del body["decisions"]["R1.tiger.response"]
    # by default the Tiger's response takes its default, none: the Dragon's 2 Damage land (002 L22)
    quiet = resolve(body)
    assert quiet.status == "resolved"
    tiger_out = next(f for f in quiet.fighters if f.id == "tiger")
    assert tiger_out.damage == 2
    asked = resolve(body | {"ask_every_decision": True})
    assert asked.status == "decision_required"
    (response,) = [d for d in asked.decisions_needed if not d.provisional]
    assert (response.key, response.point, response.default) == ("R1.tiger.response", "response", {"response": "none"})
    assert [c.value["response"] for c in response.choices] == ["none", "block", "evade", "counter"]


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        ("R1.dragon.action", act("attack", "dragon", damage=2), "TARGET_INVALID"),  # at himself (002 L96)
        ("R1.dragon.action", act("complex_action", "tiger"), "TARGET_INVALID"),  # aimed at nobody
        ("R1.dragon.action", act("grab", "tiger"), "TOKENS_INSUFFICIENT"),  # no Grapple token (002 L14)
        ("R1.dragon.action", act("technique", "tiger", technique="focused_blow"), "PP_INSUFFICIENT"),  # 0 of 2 PP
        ("R1.dragon.action", act("evade"), "ACTION_MALFORMED"),  # a response, not a turn's action
        ("R1.dragon.action", respond("block"), "DECISION_INVALID"),  # no action in it
        ("R1.dragon.response.2", respond("evade"), "TOKENS_INSUFFICIENT"),  # both Move tokens went on pass 1
        ("R1.tiger.response", respond("grapple_cancel"), "RESPONSE_INVALID"),  # no Grapple token to cancel (002 L45)
    ],
)
def test_an_illegal_value_is_refused_by_the_rule_it_breaks(key: str, value: dict[str, Any], code: str) -> None:
    body = round_a()
    body["decisions"][key] = value
    out = resolve(body)
    assert out.status == "invalid" and codes(out.violations) == [code]
    refused = out.violations[0]
    assert refused.key == key and refused.path == f'decisions["{key}"]'
    assert (refused.ref is None) == (code == "DECISION_INVALID")  # the rule's own reference
    assert [d.key for d in out.decisions_needed] == [key] and out.decisions_needed[0].choices  # the legal ones


def test_nothing_to_strip() -> None:
    # 002 L57: a Move token removes a Block token; the Tiger allocated none to Block
    body = round_a()
    body["decisions"]["R1.tiger.allocation"] = alloc(damage=3, knockdown=2, grapple=2, move=2)
    body["decisions"]["R1.dragon.action"] = act("strip_block", "tiger")
    assert codes(resolve(body).violations) == ["NOTHING_TO_STRIP"]


def test_injuries_are_refused_beyond_the_limit_or_on_no_attribute() -> None:
    # 002 L108: Spirit 4 holds at most 4 injuries; the Dragon has them all
    body = {
        "fighters": [dragon(damage=9, injuries={"spirit": 4}), tiger()],
        "rolls": pools(dragon=[6, 1, 1], tiger=[1, 1, 1]),
        "decisions": {
            "R1.dragon.allocation": alloc(complex_action=4, block=2),
            "R1.tiger.allocation": alloc(damage=3),
            "R1.tiger.action": act("attack", "dragon", damage=1),
            "R1.dragon.response": respond("none"),
            "R1.dragon.injury": {"injury": "spirit"},
        },
    }
    assert codes(resolve(body).violations) == ["INJURY_LIMIT_EXCEEDED"]
    body["decisions"]["R1.dragon.injury"] = {"injury": "charm"}
    assert codes(resolve(body).violations) == ["ATTRIBUTE_UNKNOWN"]
    body["decisions"]["R1.dragon.injury"] = {"injury": "move"}  # room on Move (3): he stays in at 9 (002 L104)
    out = resolve(body)
    assert out.status == "decision_required" and next(f for f in out.fighters if f.id == "dragon").damage == 9


def test_unknown_keys_are_violations_unless_lenient() -> None:
    body = round_a()
    body["decisions"] |= {"R1.ghost.action": act("pass"), "R2.dragon.action": act("pass"), "bogus": act("pass")}
    body["rolls"]["R1.dragon.dodge"] = 3
    strict = resolve(body)
    assert strict.status == "invalid"
    assert codes(strict.violations) == ["DECISION_KEY_UNKNOWN"] * 3 + ["ROLL_KEY_UNKNOWN"]
    lenient = resolve(body | {"lenient": True})
    assert lenient.status == "resolved" and lenient.violations == []
    assert codes(lenient.warnings) == ["DECISION_NOT_USED"] * 3 + ["ROLL_NOT_USED"]
    # a key that fits a point of this round but is never reached (a fourth pool die) is a warning either way
    assert codes(resolve(round_a() | {"rolls": round_a()["rolls"] | {"R1.tiger.pool.4": 2}}).warnings) == [
        "ROLL_NOT_USED"
    ]


def test_the_end_of_the_fight() -> None:
    # 002 L9: at 10 damage a fighter is out; a round that starts with one side standing is over at once
    out = resolve({"fighters": [dragon(damage=10), tiger()], "seed": 1})
    assert (out.status, out.over, out.winner, out.out) == ("over", True, "tiger", ["dragon"])
    assert out.log[-1].text.startswith("Fewer than two sides")
    # sides: the Crane standing keeps the heroes in
    body = round_e()
    body["fighters"][0]["damage"] = 10  # the Dragon starts out of the fight
    out = resolve({"fighters": body["fighters"], "seed": 3, "policies": {}})
    assert out.out == ["dragon"] and not out.over and out.winner is None


def test_typed_figures_of_round_a() -> None:
    out = resolve(round_a())
    events = [e for e in out.events]
    # 002 L86: the Dragon rolls 5, 3, 2 (10), the Tiger 4, 4, 1 (9)
    pool = {e.fighter: (e.amount, e.figures) for e in events if e.kind == "pool"}
    assert pool == {
        "dragon": (10, {"die_1": 5, "die_2": 3, "die_3": 2, "total": 10}),
        "tiger": (9, {"die_1": 4, "die_2": 4, "die_3": 1, "total": 9}),
    }
    # the Dragon allocates 8 of 10 (2 lost, our ruling R4); the Tiger all 9
    allocated = {
        e.fighter: (e.amount, e.figures["pool"], e.figures["unspent"]) for e in events if e.kind == "allocated"
    }
    assert allocated == {"dragon": (8, 10, 2), "tiger": (9, 9, 0)}
    # 002 L92: the Dragon first on 10 against 9
    assert [(e.fighter, e.value, e.figures) for e in events if e.kind == "order"] == [
        ("dragon", 1, {"pool": 10}),
        ("tiger", 2, {"pool": 9}),
    ]
    # 002 L72: one Block token cancels both of the Dragon's Damage tokens, later both of the Tiger's
    assert [(e.fighter, e.amount, e.figures) for e in events if e.kind == "blocked"] == [
        ("tiger", 2, {"block_tokens": 1, "cancelled": 2}),
        ("dragon", 2, {"block_tokens": 1, "cancelled": 2}),
    ]
    # 002 L64: two Move tokens cancel the Tiger's pass-1 attack
    assert [(e.fighter, e.figures) for e in events if e.kind == "evaded"] == [("dragon", {"move_tokens": 2})]
    # 002 L33: the Tiger's Knockdown drops the Dragon to second place
    assert [(e.fighter, e.amount, e.value) for e in events if e.kind == "order_lowered"] == [("dragon", -1, 2)]
    # the attack's tokens, as the log prints them
    first = next(e for e in events if e.kind == "action")
    assert (first.fighter, first.other, first.figures) == ("dragon", "tiger", {"damage": 2, "knockdown": 0})
    assert not any("[" in s.text or "{" in s.text for s in out.log)  # plain words, no Python lists or dicts


def test_typed_figures_of_a_roll_off() -> None:
    # 002 L92: the Dragon and the Crane both rolled 4, 3, 2; five dice each: Dragon 6+6+1+1+1 = 15, Crane 17
    out = resolve(round_e())
    rolled = [(e.fighter, e.amount, e.figures) for e in out.events if e.kind == "rolloff"]
    assert rolled == [
        ("dragon", 15, {"attempt": 1, "die_1": 6, "die_2": 6, "die_3": 1, "die_4": 1, "die_5": 1, "total": 15}),
        ("crane", 17, {"attempt": 1, "die_1": 5, "die_2": 5, "die_3": 5, "die_4": 1, "die_5": 1, "total": 17}),
    ]
    text = next(s.text for s in out.log if "roll-off" in s.text)
    assert text == "Identical pools: roll-off 1: dragon 6, 6, 1, 1 and 1 (15); crane 5, 5, 5, 1 and 1 (17)."
    assert rolloff("crane", [1] * 5, attempt=2)["R1.crane.rolloff.10"] == 1  # a second roll-off goes on counting


def test_typed_figures_of_a_strip_and_an_unblockable_technique() -> None:
    out = resolve(round_d())
    # 002 L57: one Block token removed; the Spirit Throw's 4 Power Points spent (pack)
    assert [(e.fighter, e.amount) for e in out.events if e.kind == "block_removed"] == [("dragon", 1)]
    spent = [(e.fighter, e.amount, e.value) for e in out.events if e.kind == "power_points" and (e.amount or 0) < 0]
    assert spent == [("dragon", -4, 0)]
