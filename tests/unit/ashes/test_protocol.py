"""Ashes in the core turn protocol: the look-ahead on every published example, refusals that name the rule,
strict and lenient keys, `ask_every_decision`, `if_asked`, the end of the fight and the typed figures."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.rules.ashes.operations import examples
from service.rules.ashes.round.models import RoundRequest
from service.rules.ashes.round.resolve import resolve_round
from service.rules.core.protocol.models import StepStatus

from .rounds import by_id, codes, die, drive, effort, offered, play
from .test_rounds import (
    ASH,
    BEL,
    BIDDING,
    BIDDING_ROLLS,
    CY,
    DEE,
    DUEL,
    DUEL_ROLLS,
    HEAVY,
    HEAVY_ROLLS,
    KAI,
    REN,
    TOR,
    VEX,
)

PUBLISHED = [(op, name) for op in ("resolve_round", "validate_declarations") for name in examples(op)]


def _actions(body: dict[str, Any]) -> int:
    return sum(1 for k in body["decisions"] if ".action" in k)


@pytest.mark.parametrize(("operation", "name"), PUBLISHED)
@pytest.mark.parametrize("run", [0, 1, 2])
def test_a_plugin_loop_plays_each_published_example_to_the_end(operation: str, name: str, run: int) -> None:
    rng = random.Random(run)
    pick = (lambda d: rng.choice(d.choices).value) if run else None
    answer, trips, body = drive(examples(operation)[name], pick)
    # Every offered choice is taken (a provisional one the real round no longer allows is set aside with a
    # warning): the round ends resolved or over, never refused.
    assert answer.status in (StepStatus.resolved, StepStatus.over) and not answer.violations, answer.violations
    assert all(w.path.startswith("if_asked[") for w in answer.warnings if w.code == "DECISION_NOT_USED")
    # The first answer names every Effort die and every decision to the end of the round (those past a stand-in
    # provisional; the look-ahead goes on with an attack rather than the turn's end, so the rest of the turn is
    # shown too): with the first choice everywhere ("End the turn") a duel takes 2 round trips, at most 4.
    assert trips <= 4
    if run == 0 and name != "bow-across-battlefields":
        assert trips == 2
    # Everything at once: the same answer.
    again = resolve_round(RoundRequest.model_validate(body))
    assert (again.status, again.log, again.events) == (answer.status, answer.log, answer.events)


def test_the_first_answer_names_every_effort_die_and_asks_the_first_bids_ahead() -> None:
    answer = play([KAI, REN], {}, {})
    assert answer.status is StepStatus.decision_required and not answer.rolls
    assert [d.key for d in answer.dice_needed] == [die(f, n) for f in ("kai", "ren") for n in range(1, 5)]
    assert [d.provisional for d in answer.dice_needed] == [False] + [True] * 7
    bids = answer.decisions_needed[:2]
    assert [(d.key, d.point, d.step, d.provisional, d.default) for d in bids] == [
        ("R1.kai.bid", "bid", "Initiative Bid", True, None),
        ("R1.ren.bid", "bid", "Initiative Bid", True, None),
    ]
    assert all(d.provisional for d in answer.decisions_needed[2:])  # the rest of the round, asked ahead
    # With the dice in, the first bid is asked for real; everything past it is asked ahead.
    answer = play([KAI, REN], DUEL_ROLLS, {})
    needed = [(d.key, d.provisional) for d in answer.decisions_needed]
    assert needed[:2] == [("R1.kai.bid", False), ("R1.ren.bid", True)] and all(p for _, p in needed[2:])
    assert not answer.dice_needed


def test_if_asked_answers_are_used_when_asked_and_ignored_otherwise() -> None:
    first_bids = {k: v for k, v in DUEL.items() if k.endswith(".bid")}
    actions = {k: v for k, v in DUEL.items() if not k.endswith(".bid")}
    split = play([KAI, REN], DUEL_ROLLS, actions, if_asked=first_bids | {"R1.kai.bid.2": {"choice": "stand"}})
    whole = play([KAI, REN], DUEL_ROLLS, DUEL)
    assert (split.status, split.log, split.events) == (whole.status, whole.log, whole.events)
    assert not split.warnings and not split.violations  # the second pass's answer was never asked: no finding
    # Asked, an if_asked answer is checked like any other: a bid of a die Kai did not roll is not a legal bid. Given
    # ahead it is set aside with a warning naming why (its default or first choice taken); sent in `decisions` it
    # is refused.
    wrong = {"R1.kai.bid": {"choice": "bid", "dice": ["R1.ren.effort"]}}
    aside = play([KAI, REN], DUEL_ROLLS, actions, if_asked=wrong)
    assert not aside.violations and [(w.code, w.key) for w in aside.warnings] == [("DECISION_NOT_USED", "R1.kai.bid")]
    bad = play([KAI, REN], DUEL_ROLLS, actions | wrong)
    assert bad.status is StepStatus.invalid and codes(bad) == ["SET_INVALID"]


def test_ask_every_decision_asks_the_points_with_a_default() -> None:
    # Without it Ren defends with the best Set by default (004 L54–L55); with it the defence is asked, its default
    # one of the choices.
    decisions = {k: v for k, v in DUEL.items() if k != "R1.ren.defense"}
    assert play([KAI, REN], DUEL_ROLLS, decisions).status is StepStatus.resolved
    asked = play([KAI, REN], DUEL_ROLLS, DUEL, ask_every_decision=True)
    assert asked.status is StepStatus.decision_required
    (bid2,) = [d for d in asked.decisions_needed if not d.provisional]
    assert bid2.key == "R1.kai.bid.2" and bid2.default == {"choice": "stand", "dice": [], "advantage": False, "far":
                                                           False, "techniques": []}  # fmt: skip
    passes = {"R1.kai.bid.2": {"choice": "stand"}, "R1.ren.bid.2": {"choice": "stand"}}
    defence = play([KAI, REN], DUEL_ROLLS, decisions | passes, ask_every_decision=True)
    (needed,) = [d for d in defence.decisions_needed if not d.provisional]
    assert needed.key == "R1.ren.defense" and needed.default in [c.value for c in needed.choices]
    assert needed.default["dice"] == [die("ren", 2), die("ren", 3)]  # the pair of 8s


def test_refusals_name_the_rule_with_its_reference() -> None:
    # 004 L38: a change of Initiative only lowers it: Ash (9) may not "lower" to 9.
    same = BIDDING | {"R1.ash.lower": {"choice": "lower", "initiative": 9}}
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, same, spectators=["dee"])
    assert answer.status is StepStatus.invalid and codes(answer) == ["INITIATIVE_NOT_LOWERED"]
    (v,) = answer.violations
    assert v.key == "R1.ash.lower" and v.path == 'decisions["R1.ash.lower"]' and v.ref is not None
    # 004 L68–L69: the attacker raises a Physical Imbalance the defender has, or names a new one.
    injury = BIDDING | {"R1.bel.injury": {"choice": "raise", "imbalance": "nothing"}}
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, injury, spectators=["dee"])
    assert codes(answer) == ["INJURY_INVALID"] and answer.violations[0].key == "R1.bel.injury"
    # 004 L20: the spectator Dee takes no turn: a decision for her is not dropped silently.
    watching = BIDDING | {"R1.dee.action": {"choice": "end"}}
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, watching, spectators=["dee"])
    assert answer.status is StepStatus.invalid and codes(answer) == ["ACTOR_CANNOT_ACT"]
    assert answer.violations[0].key == "R1.dee.action"


def test_strict_keys_and_lenient_mode() -> None:
    odd = {"bogus": {"choice": "end"}, "R2.kai.action": {"choice": "end"}}
    strict = play([KAI, REN], DUEL_ROLLS | {"T1.kai.effort": 3}, DUEL | odd)
    assert strict.status is StepStatus.invalid
    assert sorted((v.code, v.key) for v in strict.violations) == [
        ("DECISION_KEY_UNKNOWN", "R2.kai.action"),
        ("DECISION_KEY_UNKNOWN", "bogus"),
        ("ROLL_KEY_UNKNOWN", "T1.kai.effort"),
    ]
    lenient = play([KAI, REN], DUEL_ROLLS | {"T1.kai.effort": 3}, DUEL | odd, lenient=True)
    whole = play([KAI, REN], DUEL_ROLLS, DUEL)
    assert lenient.status is StepStatus.resolved and not lenient.violations
    assert sorted(w.code for w in lenient.warnings) == ["DECISION_NOT_USED", "DECISION_NOT_USED", "ROLL_NOT_USED"]
    assert (lenient.log, lenient.events) == (whole.log, whole.events)


def test_the_end_of_the_fight_is_the_envelopes() -> None:
    # 004 L61: Vex cannot pay 19: Vanquished; Tor is the one left standing.
    answer = play([TOR, VEX], HEAVY_ROLLS, HEAVY | {"R1.tor.action#2": {"choice": "end"}})
    assert (answer.status, answer.over, answer.winner, answer.out) == (StepStatus.over, True, "tor", ["vex"])
    # 004 L83: nobody keeps up the violence: over, with no winner.
    stop = {"R1.kai.continue": {"choice": "stop"}, "R1.ren.continue": {"choice": "stop"}}
    peace = play([KAI, REN], DUEL_ROLLS, DUEL | stop)
    assert (peace.status, peace.over, peace.winner, peace.out) == (StepStatus.over, True, None, [])
    assert [e.kind.value for e in peace.events][-1] == "stopped"
    # One of them going on keeps the fight going (004 L84).
    going = play([KAI, REN], DUEL_ROLLS, DUEL | {"R1.kai.continue": {"choice": "stop"}})
    assert (going.status, going.over) == (StepStatus.resolved, False)
    # A fighter out before the round is listed; a refused round changes nothing.
    down = play([{**REN, "vanquished": True}, KAI], effort("kai", 6, 6, 2, 9), {"R1.kai.action": {"choice": "end"},
                "R1.kai.bid": {"choice": "stand"}})  # fmt: skip
    assert (down.status, down.winner, down.out) == (StepStatus.over, "kai", ["ren"])
    refused = play([KAI, REN], DUEL_ROLLS | {"R1.kai.effort.5": 1}, DUEL)
    assert (refused.status, refused.over, refused.winner, refused.out) == (StepStatus.invalid, False, None, [])
    assert [c.model_dump() for c in refused.combatants] == [c.model_dump() for c in play([KAI, REN], {}, {}).combatants]


def _figures(answer: Any, kind: str) -> list[tuple[Any, ...]]:
    return [(e.fighter, e.other, e.amount, e.value, e.figures) for e in answer.events if e.kind.value == kind]


def test_the_duels_figures_are_typed() -> None:
    answer = play([KAI, REN], DUEL_ROLLS, DUEL)
    # 004 L27: the Effort dice, each face by its key.
    assert _figures(answer, "effort")[0] == ("kai", None, None, 4, effort("kai", 6, 6, 2, 9))
    # 004 L31–L35, digest D4: bids are the faces' sums, 9 and 5; Initiative the final bid.
    assert [(f, a, fig) for f, _, a, _, fig in _figures(answer, "bid")] == [
        ("kai", 9, {"bid_pass": 1, "dice": 1}),
        ("ren", 5, {"bid_pass": 1, "dice": 1}),
    ]
    assert [(f, a, v, fig) for f, _, a, v, fig in _figures(answer, "initiative")] == [
        ("kai", 1, 9, {"bid": 9}),
        ("ren", 2, 5, {"bid": 5}),
    ]
    # 004 L50–L52, L90, digest D6: 2 × 6 with the sword's extra rank is rank 3 facing 6: 36. Ren's 3 alone: 13.
    assert _figures(answer, "attack") == [
        ("kai", "ren", None, 36, {"rank": 2, "facing": 6, "extra_rank": 1, "bonus": 0, "grab": 0}),
        ("ren", "kai", None, 13, {"rank": 1, "facing": 3, "extra_rank": 0, "bonus": 0, "grab": 0}),
    ]
    # 004 L55–L58: Ren's pair of 8s, 28; Kai's last die, the 2: 12.
    assert _figures(answer, "defence") == [
        ("ren", "kai", None, 28, {"rank": 2, "facing": 8, "extra_rank": 0, "bonus": 0}),
        ("kai", "ren", None, 12, {"rank": 1, "facing": 2, "extra_rank": 0, "bonus": 0}),
    ]
    # 004 L58–L60: the margins are the damage (no Heavy die, no armor).
    assert _figures(answer, "hit") == [
        ("ren", "kai", 8, None, {"attack": 36, "defence": 28}),
        ("kai", "ren", 1, None, {"attack": 13, "defence": 12}),
    ]
    assert _figures(answer, "damage") == [
        ("ren", "kai", 8, None, {"margin": 8, "armor": 0}),
        ("kai", "ren", 1, None, {"margin": 1, "armor": 0}),
    ]
    # 004 L64, L67: Aura first: Ren 3 Aura then 5 Health; Kai 1 Aura.
    assert [(f, a, fig) for f, _, a, _, fig in _figures(answer, "buy_down")] == [
        ("ren", 8, {"aura": 3, "health": 5, "refused": 0}),
        ("kai", 1, {"aura": 1, "health": 0, "refused": 0}),
    ]
    assert [(f, a, v) for f, _, a, v, _ in _figures(answer, "aura")] == [("ren", 3, 0), ("kai", 1, 4)]
    assert [(f, a, v) for f, _, a, v, _ in _figures(answer, "health")] == [("ren", 5, 15)]
    assert by_id(answer)["ren"].health_boxes == [5, 10]


def test_heavy_and_armor_are_figures_of_the_damage() -> None:
    # 2 × 9 = 29 against the 3 (13): margin 16; Heavy +4 (004 L94); armor 1 (004 L105) → 19.
    answer = play([TOR, VEX], HEAVY_ROLLS, HEAVY | {"R1.tor.action#2": {"choice": "end"}})
    assert _figures(answer, "damage") == [("vex", "tor", 19, None, {"margin": 16, "heavy": 4, "armor": 1})]
    assert _figures(answer, "hit") == [("vex", "tor", 16, None, {"attack": 29, "defence": 13})]


def test_initiative_after_lowering_is_the_order_and_the_figures() -> None:
    # 004 L38: after Bel's turn Ash (bid 6 + Reach 3 = 9) lowers to 2, below Cy's 3.
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, BIDDING, spectators=["dee"])
    assert [(p.fighter, p.initiative, p.bid_total) for p in answer.initiative] == [
        ("bel", 10, 10),
        ("cy", 3, 3),
        ("ash", 2, 6),
    ]
    assert [(f, v, fig) for f, _, _, v, fig in _figures(answer, "initiative")] == [
        ("bel", 10, {"bid": 10}),
        ("ash", 9, {"bid": 6, "reach": 3}),
        ("cy", 3, {"bid": 3}),
    ]
    # Halted before Cy's turn, the answer already gives the order as it stands after the lowering.
    halted = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, {k: v for k, v in BIDDING.items() if not k.startswith("R1.cy.a")},
                  spectators=["dee"])  # fmt: skip
    assert halted.status is StepStatus.decision_required
    assert [(p.fighter, p.initiative, p.took_turn) for p in halted.initiative] == [
        ("bel", 10, True),
        ("cy", 3, True),  # under way: Cy's action is asked
        ("ash", 2, False),
    ]


def test_an_action_point_with_ending_the_turn_as_its_only_choice_takes_it_by_default() -> None:
    # Kai refuses to buy Ren's 2 damage down and is Vanquished (004 L61); Ren, rank-0 action taken and nobody left
    # to fight, can only end the turn: that is the point's default, asked only with ask_every_decision.
    other = {"choice": "rank_zero", "rank_zero": "other"}
    decisions = {k: v for k, v in DUEL.items() if k.endswith(".bid")} | {
        "R1.kai.action": other,
        "R1.kai.action#2": {"choice": "end"},
        "R1.ren.action": {"choice": "attack", "dice": [die("ren", 2), die("ren", 3)], "target": "kai"},
        "R1.kai.buy_down": {"choice": "refuse"},
        "R1.ren.action#2": other,
    }
    answer = play([KAI, REN], DUEL_ROLLS, decisions)
    assert (answer.status, answer.winner, answer.out) == (StepStatus.over, "ren", ["kai"]) and not answer.violations
    assert [v.choice for v in offered([KAI, REN], DUEL_ROLLS, decisions, "R1.ren.action#3")] == ["end"]
