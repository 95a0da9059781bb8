"""The Additional Glory Awards and Combos on successive turns against Thugs (000 L784, L5753, L826–L857, L6547),
worked by hand. Ava (the steps file's Fighter): PL 2, 40 Life Bar, Stun Threshold 6, Thug Thrashing 1, Combo 4."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, THUG, _ava, _ok, _req

COMBO = {"action": "attack", "moves": ["basic_move", "basic_move"], "target": "g"}
DEFENSE = {"defense": "defense"}


def _points(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(g["points"], g["reason"]) for g in out["glory"]]


def _streak_req() -> dict[str, Any]:
    req = _req()
    req["fighters"][0]["state"]["combo_streak"] = 1  # a Combo hit last turn
    return req


def test_combos_on_successive_turns_earn_one_more_once_a_turn() -> None:
    # Both her Combos hit Defense 2 (3 + 1 with Control to spare, then 3 + 0); each is worth ⌈2/2⌉ = 1
    # (000 L5749); a Combo last turn and none of the Thugs' hits in between: +1 for the second turn in a row
    # (000 L5753), counted once however many of her actions Combo (ruling). Her run is now 2 turns.
    rolls = {**FIRST, "T1.ava.attack": 3, "T1.ava.attack.2": 3, "T1.g.life_save": 10, "T1.g.life_save.2": 10}
    out = _ok(
        _streak_req(),
        {"T1.ava.action": COMBO, "T1.ava.action.2": COMBO, "T1.ava.defense": DEFENSE},
        rolls | {"T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert sorted(p for p, _ in _points(out)) == [1, 1, 1]
    assert _ava(out)["combo_streak"] == 2


def test_a_thugs_hit_breaks_the_run() -> None:
    # The group first hits her (6 against Defense 3, 1 damage): her Combo then earns its 1 only, and her run
    # starts again at 1 (000 L5753: "without interruption").
    out = _ok(
        _streak_req(),
        {"T1.ava.action": COMBO, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 1}
        | {"T1.ava.attack": 3, "T1.g.life_save": 10, "T1.fight.time": 3},
    )
    assert _points(out) == [(1, "2-hit Combo on Thugs")]
    assert _ava(out)["combo_streak"] == 1
    # no Combo this turn: the run ends
    out = _ok(
        _streak_req(),
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _ava(out)["combo_streak"] == 0


BIG = {**THUG, "damage": "1d12"}


def test_stunned_or_defeated_by_thugs_costs_glory() -> None:
    # 8 damage is above her Stun Threshold 6: Stunned, −1 Glory (000 L852), raw like the rest (000 L6547)
    quiet = {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}
    out = _ok(_req(thug=BIG), quiet, {**FIRST, "T1.g.attack": 6, "T1.g.damage": 8, "T1.fight.time": 3})
    assert _points(out) == [(-1, "Stunned in combat")]
    # the chart switched off: nothing (000 L826)
    out = _ok(
        _req(thug=BIG, additional_glory_awards=False),
        quiet,
        {**FIRST, "T1.g.attack": 6, "T1.g.damage": 8, "T1.fight.time": 3},
    )
    assert _points(out) == []
    # with 3 Life Bar left a 3 defeats her: −3 (000 L851)
    req = _req()
    req["fighters"][0]["state"]["life_bar"] = 3
    out = _ok(req, quiet, {**FIRST, "T1.g.attack": 6, "T1.g.damage": 3})
    assert _points(out) == [(-3, "defeated in combat")]
