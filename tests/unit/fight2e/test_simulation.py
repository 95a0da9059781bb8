"""The matchup simulator: statistics worked by hand, policies, exact merging, determinism, fairness, and the fast
path against the JSON protocol a REST client uses."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from pydantic import ValidationError

from service.rules.core.simulation import (
    FightRecord,
    MergeError,
    RunHeader,
    SeedRange,
    SideRecord,
    merge,
    percentile,
    tally,
    wilson,
)
from service.rules.fight2e.combat.benchmark import _sheet
from service.rules.fight2e.combat.contract.models import ActionType, Asked, ChoiceOption, DecisionValue
from service.rules.fight2e.simulation.estimates import (
    MoveFigures,
    SheetFigures,
    attack_estimate,
    die_average,
    hit_chance,
)
from service.rules.fight2e.simulation.fight import matchup, play
from service.rules.fight2e.simulation.models import MergeRequest, Policy, SimulationRequest
from service.rules.fight2e.simulation.policies import View, choose
from service.rules.fight2e.simulation.run import simulate

Json = dict[str, Any]


def request(a: Json | None = None, b: Json | None = None, **fields: Any) -> SimulationRequest:
    """Two PL 4 Fighters (the single-turn benchmark's sheet) unless told otherwise."""
    body: Json = {
        "sides": [
            {"name": "a", "fighter": a or _sheet("a"), "policy": fields.pop("policy_a", "balanced")},
            {"name": "b", "fighter": b or _sheet("b"), "policy": fields.pop("policy_b", "balanced")},
        ],
        **fields,
    }
    return SimulationRequest.model_validate(body)


# ── Statistics (no rules: arithmetic checked by hand) ──────────────────────────────────────────────


def test_wilson_interval_worked_by_hand() -> None:
    # 5 of 10, z = 1.96: denominator 1 + 3.8415/10 = 1.38415; centre (0.5 + 0.19207)/1.38415 = 0.5;
    # half-width 1.96·√(0.025 + 3.8415/400)/1.38415 = 1.96·0.186021/1.38415 = 0.263410 → 0.236590 … 0.763410
    ci = wilson(5, 10)
    assert ci is not None and (ci.low, ci.high) == pytest.approx((0.23659, 0.76341), abs=2e-5)
    # 0 of 20: the lower bound is 0 and the upper z²/n / (1 + z²/n) = 0.192073/1.192073 = 0.161125
    ci = wilson(0, 20)
    assert ci is not None and (ci.low, ci.high) == pytest.approx((0.0, 0.161125), abs=2e-6)
    assert wilson(0, 0) is None


def test_nearest_rank_percentiles_of_a_histogram() -> None:
    hist = [0, 1, 1, 1, 1]  # one fight each of 1, 2, 3 and 4 turns
    assert percentile(hist, 0.5) == 2  # rank ⌈0.5·4⌉ = 2
    assert percentile(hist, 0.9) == 4  # rank ⌈3.6⌉ = 4
    assert percentile([], 0.5) is None


def _header(offset: int, count: int, matchup: str = "m") -> RunHeader:
    return RunHeader("toy", "1", matchup, SeedRange(seed=1, offset=offset, count=count), ("a", "b"), ("p", "q"), 10)


def _record(winner: int | None, turns: int, hits: int) -> FightRecord:
    a = SideRecord(damage_dealt=hits * 3, supers_used=1, glory=2)
    for i in range(hits + 1):
        a.attack("jab", hit=i < hits)[2] += 3 if i < hits else 0
    return FightRecord(winner=winner, turns=turns, sides=(a, SideRecord()))


def test_tally_sums_and_derived_figures() -> None:
    records = [_record(0, 3, 2), _record(1, 5, 0), _record(None, 5, 1), FightRecord(None, 10, timed_out=True)]
    s = tally(_header(0, 4), records)
    assert (s.fights, s.draws, s.time_outs, s.aborted) == (4, 1, 1, 0)
    assert (s.sides[0].wins, s.sides[0].losses, s.sides[1].wins) == (1, 1, 1)
    assert s.length.histogram == [0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 1]
    assert (s.length.turns, s.length.mean, s.length.p50, s.length.longest) == (23, 5.75, 5, 10)
    jab = s.sides[0].attacks[0]
    assert (jab.uses, jab.hits, jab.damage) == (3 + 1 + 2, 3, 9)  # 2+1, 0+1, 1+1 attacks; 2 + 0 + 1 hits
    assert jab.hit_rate == 0.5 and s.sides[0].supers_used == 3 and s.sides[0].glory == 6


def test_merge_refuses_runs_that_are_not_parts_of_one_run() -> None:
    first = tally(_header(0, 1), [_record(0, 3, 1)])
    with pytest.raises(MergeError, match="gap"):
        merge([first, tally(_header(2, 1), [_record(0, 3, 1)])])
    with pytest.raises(MergeError, match="overlap"):
        merge([first, tally(_header(0, 1), [_record(0, 3, 1)])])
    with pytest.raises(MergeError, match="matchup"):
        merge([first, tally(_header(1, 1, matchup="other"), [_record(0, 3, 1)])])


# ── Policies and their estimates ───────────────────────────────────────────────────────────────────


def test_die_averages() -> None:
    assert die_average("1d8") == 4.5
    assert die_average("1d12+2") == 8.5  # 6.5 + 2
    assert die_average("1d6", minimum=2) == 4.0  # re-rolled 1s: faces 2–6
    assert die_average(None) == 0.0


SHEET = SheetFigures(
    moves={
        "basic_move": MoveFigures(0, 3.5, special=False, super=False),
        "kick": MoveFigures(1, 4.5, special=True, super=False),
        "palm": MoveFigures(0, 5.5, special=True, super=False),
    },
    defense_total=3,
    life_bar=60,
    fighting_spirit=40,
)


def test_attack_estimate_follows_the_combo_rules() -> None:
    # 1d6 + Accuracy ≥ Defense Total hits (000 L5724–L5741): Kick (Accuracy 1) vs DT 3 hits on 2–6, 5/6
    assert hit_chance(1, 3) == pytest.approx(5 / 6)
    # Kick + Basic Move + Palm (000 L5804–L5806): Accuracy 1 − 1 for three moves = 0 → hits on 3–6, 4/6;
    # damage 4.5 (Kick in full) + 1 (a later Basic Move) + 5.5/2 (a later Special halved) = 8.25 → 5.5 expected
    p, expected = attack_estimate(["kick", "basic_move", "palm"], SHEET, SHEET)
    assert (p, expected) == pytest.approx((4 / 6, 5.5))


def _action(*choices: tuple[DecisionValue, int, bool | None]) -> Asked:
    return Asked(
        key="T1.a.action",
        fighter="a",
        point="action",
        step="B",
        text="",
        choices=[ChoiceOption(value=v, fs=fs, control=0, text="", can_hit=reach) for v, fs, reach in choices],
    )


KICK = DecisionValue(action=ActionType.attack, moves=["kick"])
PALM = DecisionValue(action=ActionType.attack, moves=["palm"])
COMBO = DecisionValue(action=ActionType.attack, moves=["palm", "basic_move", "basic_move"])
REFOCUS = DecisionValue(action=ActionType.refocus)


def test_greedy_takes_the_best_expected_damage() -> None:
    # vs DT 3: Kick 5/6 × 4.5 = 3.75; Palm 4/6 × 5.5 = 3.67; Palm + 2 Basics: Accuracy 0 − 1 → 3/6 × (5.5 + 2) = 3.75
    d = _action((PALM, 0, True), (KICK, 0, True), (COMBO, 0, True), (REFOCUS, 0, None))
    view = View(SHEET, SHEET, fs=40)
    assert choose(Policy.greedy, d, view, ()) == KICK  # ties with the Combo: the first offered wins
    assert choose(Policy.aggressive, d, view, ()) == COMBO  # the longest Combo that can hit
    assert choose(Policy.greedy, d, view, (KICK,)) == COMBO  # a refused choice is struck off


def test_an_attack_out_of_reach_is_not_taken() -> None:
    d = _action((KICK, 0, False), (PALM, 0, True))
    assert choose(Policy.greedy, d, View(SHEET, SHEET, fs=40), ()) == PALM


def test_defensive_and_balanced_refocus_when_fighting_spirit_runs_low() -> None:
    d = _action((PALM, 0, True), (REFOCUS, 0, None))
    # defensive: Refocus is worth 4 under half the sheet's 40 FS; Palm scores 3.67 + 6·4/6 − 2 = 5.67 at FS 40
    assert choose(Policy.defensive, d, View(SHEET, SHEET, fs=40), ()) == PALM
    weak = SheetFigures(SHEET.moves, defense_total=6, life_bar=60, fighting_spirit=40)
    # against DT 6 Palm hits on a 6 only: 1/6 × 5.5 + 6/6 − 2 = −0.083 < 4 at FS 19 (under 20)
    assert choose(Policy.defensive, d, View(SHEET, weak, fs=19), ()) == REFOCUS
    # balanced: Refocus (2) beats Palm's 0.92 under a quarter of the FS (10), not above it
    assert choose(Policy.balanced, d, View(SHEET, weak, fs=9), ()) == REFOCUS
    assert choose(Policy.balanced, d, View(SHEET, weak, fs=10), ()) == PALM


def test_other_decisions_take_the_offered_default() -> None:
    hold = DecisionValue(fs=0)
    d = Asked(
        key="T1.a.accuracy_fs",
        fighter="a",
        point="accuracy_fs",
        step="D.6",
        text="",
        default=hold,
        choices=[ChoiceOption(value=DecisionValue(fs=2), fs=2, text=""), ChoiceOption(value=hold, text="")],
    )
    assert choose(Policy.aggressive, d, View(SHEET, SHEET, fs=40), ()) == hold


# ── Whole runs ─────────────────────────────────────────────────────────────────────────────────────


def test_same_request_same_answer() -> None:
    req = request(count=3, seed=5)
    assert simulate(req).model_dump_json() == simulate(req).model_dump_json()
    assert simulate(request(count=3, seed=6)).model_dump_json() != simulate(req).model_dump_json()


def test_split_runs_merge_exactly_into_the_whole_run() -> None:
    whole = simulate(request(count=6, seed=11))
    parts = [simulate(request(count=n, offset=o, seed=11)) for o, n in ((0, 1), (1, 3), (4, 2))]
    first, _, last = parts
    random.Random(0).shuffle(parts)
    assert merge(parts) == whole
    assert MergeRequest(runs=parts).runs == parts
    with pytest.raises(ValidationError, match="gap"):
        MergeRequest(runs=[first, last])


@pytest.mark.parametrize(("policy_a", "policy_b"), [("greedy", "defensive"), ("aggressive", "balanced")])
def test_fast_path_equals_the_json_protocol_turn_by_turn(policy_a: str, policy_b: str) -> None:
    """One resolver call a turn, the policies deciding inside it, gives the fight the REST protocol gives."""
    m = matchup(request(policy_a=policy_a, policy_b=policy_b))
    for seed in (1, 2, 3, 4):
        assert play(m, seed) == play(m, seed, protocol=True)


def test_a_fighter_against_his_own_copy_wins_about_half() -> None:
    same = _sheet("a")
    s = simulate(request(same, same, count=40, seed=3))
    assert s.fights == 40 and s.aborted == 0 and not s.unsupported
    ci = s.sides[0].win_interval
    assert ci is not None and ci.low < 0.5 < ci.high


def test_a_strictly_stronger_copy_wins_more() -> None:
    stronger = copy.deepcopy(_sheet("b"))
    stronger["combat_bonuses"] = {"accuracy": {"regular": 2}, "control": {"regular": 1}, "damage": {"regular": 3}}
    s = simulate(request(_sheet("a"), stronger, count=30, seed=3))
    ci = s.sides[1].win_interval
    assert s.sides[1].wins > s.sides[0].wins and ci is not None and ci.low > 0.5


def test_a_fight_past_the_turn_limit_is_a_time_out() -> None:
    s = simulate(request(count=2, turn_limit=2))
    assert (s.time_outs, s.sides[0].wins + s.sides[1].wins, s.length.histogram) == (2, 0, [0, 0, 2])


@pytest.mark.parametrize(
    "change",
    [{"count": 0}, {"count": 501}, {"offset": -1}, {"turn_limit": 0}, {"policy_a": "reckless"}],
)
def test_malformed_requests_are_refused(change: Json) -> None:
    with pytest.raises(ValidationError):
        request(**change)


def test_sides_named_alike_are_told_apart() -> None:
    same = SimulationRequest.model_validate(
        {"sides": [{"name": "a", "fighter": _sheet("a")}, {"name": "a", "fighter": _sheet("a")}], "count": 1}
    )
    assert [s.side for s in simulate(same).sides] == ["a", "a-2"]


def test_the_speed_benchmark_plays_the_fast_path() -> None:
    """bench/simulate.py counts the resolver calls of the fights it times: one per turn on the fast path."""
    from bench.simulate import measure

    figures = measure(2)
    assert figures["fights"] == 2 and figures["turns_per_fight"] >= 1
    assert figures["calls_per_turn"] == 1.0


def test_the_benchmark_fighters_are_legal_pl_4_builds() -> None:
    """The "two PL 4 Fighters" of every speed figure pass Fighter validation as written: Glory 101 is PL 4's least
    (000 L704–L714), 14 Combat Skill and 45 Narrative Skill Points and 40 Move Points (9 on moves, 31 saved) spent;
    so their turn warns of nothing."""
    from service.rules.fight2e.combat.benchmark import request
    from service.rules.fight2e.combat.resolver import resolve_turn
    from service.rules.fight2e.fighters import validate_fighter
    from service.rules.fight2e.fighters.fighter_models import FighterRequest

    found = validate_fighter(FighterRequest.model_validate({"fighter": _sheet("a")}))
    assert found.violations == [], [v.code for v in found.violations]
    assert found.derived.effective_power_level == 4
    budgets = found.derived.budgets
    assert (budgets.combat_skill_points.spent, budgets.narrative_skill_points.spent) == (14, 45)
    assert budgets.move_points.spent == budgets.move_points.available == 40
    assert resolve_turn(request()).warnings == []


def test_a_fight_stopped_at_an_unanswered_decision_is_a_violation_of_the_aborted_fight() -> None:
    """Not an unsupported rule: the request cannot be played on, so the aborted fight's violations say where, once
    per decision point."""
    from types import SimpleNamespace

    from service.rules.fight2e.combat.contract.codes import CODES
    from service.rules.fight2e.simulation.fight import _unanswered

    pending = SimpleNamespace(point="mystery", key="T3.a.mystery")
    result = SimpleNamespace(violations=[], decisions_needed=[pending])
    seen: set[tuple[str, str]] = set()
    found = _unanswered(result, seen)  # type: ignore[arg-type]
    assert [(f.code, f.severity, f.path, f.key) for f in found] == [
        ("SIMULATION_UNANSWERED", "error", "fight", "T3.a.mystery")
    ]
    assert "SIMULATION_UNANSWERED" in CODES
    assert _unanswered(result, seen) == []  # type: ignore[arg-type]  # once per point
