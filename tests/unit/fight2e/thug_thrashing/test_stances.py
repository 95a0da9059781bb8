"""Full Defense, Full Offense and Full Agility as a Fighter's action against Thugs (000 L6704, L6758, L6782–L6784,
L5722–L5739), worked by hand. Ava (the steps file's Fighter) is PL 2: Full Defense bonus 2 (the PL chart);
Defense 3, Evasion 1, Agility 4, no Defense or Accuracy Bonus, Thug Thrashing 1; Control 1d6."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, THUG, _ava, _g, _ok, _req, _turn

ATTACK = {"action": "attack", "moves": ["basic_move"], "target": "g"}
FULL_DEFENSE = {"action": "none", "full_defense": True}
BOTH = {"action": "none", "full_defense": True, "full_offense": True}


def _dt(out: dict[str, Any]) -> list[int]:
    return [s["inputs"]["defense_total"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g"]


def test_full_defense_as_her_first_action() -> None:
    # She acts first and goes Full Defense: Defense 3 + 2 = 5 (000 L5722, L6758); the group's 4 misses (it would
    # hit 3). No attack this turn: one die size on Initiative or Control next turn (000 L5722).
    out = _ok(
        _req(),
        {"T1.ava.action": FULL_DEFENSE, "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}},
        {**FIRST, "T1.g.attack": 4, "T1.fight.time": 3},
    )
    assert _dt(out) == [5] and _ava(out)["life_bar"] == 40
    assert _ava(out)["next_turn_dice"] == [{"target": "either", "steps": 1, "source": "full_defense"}]


def test_full_defense_with_an_extra_action_keeps_the_other_for_attacking() -> None:
    # Her Basic Move misses (a 1: 1 + 1 = 2 against Defense 3), then her extra action goes Full
    # Defense (000 L6758, L6782). Agility in place of Evasion gets half the bonus: 4 + 1 = 5; with Defense combined
    # the bonus goes on Defense first: 3 + 2 = 5 and half of 4 → 7 (000 L5722, L5838).
    thug = {**THUG, "defense": 3}
    for defence, total in (
        ({"defense": "evasion", "agility": True}, 5),
        ({"defense": "defense_evasion", "agility": True}, 7),
    ):
        out = _ok(
            _req(thug=thug),
            {"T1.ava.action": ATTACK, "T1.ava.action.2": FULL_DEFENSE, "T1.ava.defense": defence},
            {**FIRST, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
        )
        assert _dt(out) == [total]
        # she attacked: no die size next turn (ruling: a Thug Thrashing action's Full Defense gives none)
        assert _ava(out)["next_turn_dice"] == []


def test_full_defense_declared_when_attacked_before_acting() -> None:
    # The group first (4 against her 2): she declares Full Defense with Defense, 3 + 2 = 5; it takes her first
    # action, so only her extra one is asked, under the first action key (000 L5714, L6758).
    out = _ok(
        _req(),
        {"T1.ava.defense": {"defense": "defense", "full_defense": True}, "T1.ava.action": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 4, "T1.fight.time": 3},
    )
    assert _dt(out) == [5] and _ava(out)["life_bar"] == 40
    assert [s["text"] for s in out["log"] if "first action went to the stance" in s["text"]]


def test_full_offense_rolls_a_d10_and_halves_her_defense() -> None:
    # 1d10 for the attack (000 L5726): an 8 + 1 = 9 hits Defense 5. Then Defense only, halved: 3 // 2 = 1
    # (000 L5739); the group's 1 hits for 2. Next turn one die size less, and it counts one turn in a row.
    out = _ok(
        _req(thug={**THUG, "defense": 5}),
        {
            "T1.ava.action": {**ATTACK, "full_offense": True},
            "T1.ava.action.2": IDLE,
            "T1.ava.defense": {"defense": "defense"},
        },
        {**FIRST, "T1.ava.attack": 8, "T1.g.life_save": 10, "T1.g.attack": 1, "T1.g.damage": 2, "T1.fight.time": 3},
    )
    roll = next(r for r in out["rolls"] if r["key"] == "T1.ava.attack")
    assert roll["die"] == "1d10"
    assert _dt(out) == [1] and _ava(out)["life_bar"] == 38
    assert _ava(out)["next_turn_dice"] == [{"target": "either", "steps": -1, "source": "full_offense"}]
    assert _ava(out)["full_offense_streak"] == 1
    # Evasion is closed to her then
    bad = _turn(
        _req(thug={**THUG, "defense": 5}),
        {
            "T1.ava.action": {**ATTACK, "full_offense": True},
            "T1.ava.action.2": IDLE,
            "T1.ava.defense": {"defense": "evasion"},
        },
        {**FIRST, "T1.ava.attack": 8, "T1.g.life_save": 10, "T1.g.attack": 1},
    )
    assert [(v["code"], v["path"]) for v in bad["violations"]] == [
        ("DEFENSE_OPTION_NOT_ALLOWED", 'decisions["T1.ava.defense"].defense')
    ]


def test_on_full_offense_only_defense_is_offered() -> None:
    # On Full Offense only Defense serves (000 L5739), though her Agility 4 would be her best defence otherwise;
    # she has acted, so no Full Defense now (000 L5714): Defense with 0, 1 or 2 FS (up to PL 2, 000 L5708).
    decisions: dict[str, Any] = {"T1.ava.action": {**ATTACK, "full_offense": True}, "T1.ava.action.2": IDLE}
    rolls = {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 1, "T1.g.attack": 6, "T1.g.damage": 1, "T1.fight.time": 3}
    for _ in range(5):  # the other points asked on the way take their defaults
        out = _turn(_req(ask_every_decision=True), decisions, rolls)
        asked = {d["key"]: d for d in out["decisions_needed"]}
        if "T1.ava.defense" in asked:
            break
        decisions |= {k: d["default"] for k, d in asked.items()}
    point = asked["T1.ava.defense"]
    assert point["default"]["defense"] == "defense"
    assert {c["value"]["defense"] for c in point["choices"]} == {"defense"}
    assert sorted(c["value"]["fs"] for c in point["choices"] if c["value"] != point["default"]) == [0, 1, 2]
    for c in point["choices"]:  # and the rules take each
        assert _turn(_req(), decisions | {"T1.ava.defense": c["value"]}, rolls)["status"] == "resolved"


def test_full_offense_with_full_defense_costs_a_thug_thrashing_action() -> None:
    # Her first action takes both (000 L6784); her extra action's Basic Move rolls 1d10: 8 + 1 for Control 2 above
    # level 1 = 9 hits Defense 5. Her defences stay as usual with the bonus (ruling):
    # Agility 4 + half of 2 = 5; Full Offense's die penalty still comes next turn.
    out = _ok(
        _req(thug={**THUG, "defense": 5}),
        {"T1.ava.action": BOTH, "T1.ava.action.2": ATTACK, "T1.ava.defense": {"defense": "evasion", "agility": True}},
        {**FIRST, "T1.ava.attack": 8, "T1.g.life_save": 10, "T1.g.attack": 6, "T1.g.damage": 1, "T1.fight.time": 3},
    )
    assert next(r for r in out["rolls"] if r["key"] == "T1.ava.attack")["die"] == "1d10"
    assert _dt(out) == [5]
    assert _ava(out)["next_turn_dice"] == [{"target": "either", "steps": -1, "source": "full_offense"}]
    # With no extra action (More Realistic halves Thug Thrashing 1 to 0, 000 L6804) she cannot pay for it
    req = _req()
    req["options"]["thug_thrashing"]["more_realistic"] = True
    bad = _turn(req, {"T1.ava.action": BOTH}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


RANGED = {**THUG, "qualities": [{"id": "ranged"}]}


def test_full_agility_adds_the_full_defense_bonus_to_her_dodges() -> None:
    # She acts first: Full Agility and 1 Range closer (000 L6704): Range 2 → 1. The group's 6 hits her Defense 3
    # for 3; the dodge 1 + Agility 4 + 2 = 7 against 4 + 3 = 7 holds (without the bonus 5 would not). The group is
    # within Range 2 with 5 Thugs: one taken out at the end for 1 Glory (000 L6706).
    move = {"action": "move", "full_agility": True, "movement": 1, "direction": "toward", "target": "g"}
    rolls = {**FIRST, "T1.g.attack": 6, "T1.g.damage": 3, "T1.ava.agility": 1, "T1.fight.time": 3}
    out = _ok(
        _req(rng=2, thug=RANGED),
        {"T1.ava.action": move, "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}},
        rolls,
    )
    assert _ava(out)["life_bar"] == 40 and _g(out)["members"] == 4
    assert sum(g["points"] for g in out["glory"]) == 1
    bad = _turn(_req(rng=2, thug=RANGED), {"T1.ava.action": {**move, "movement": 2}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["MOVEMENT_TOO_FAR"]
    # No Full Agility: the same 1 gives 5 against 7, and the hit stands
    out = _ok(
        _req(rng=2, thug=RANGED),
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}},
        rolls,
    )
    assert _ava(out)["life_bar"] == 37


def test_full_agility_declared_at_the_dodge_before_acting() -> None:
    # The group first at Range 2: she takes Full Agility with her first action when she dodges: 1 + 4 + 2 = 7
    # against 7 (000 L6704); only her extra action is left.
    out = _ok(
        _req(rng=2, thug=RANGED),
        {
            "T1.ava.defense": {"defense": "defense"},
            "T1.ava.agility_dodge": {"choice": "act", "full_agility": True},
            "T1.ava.action": IDLE,
        },
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 3, "T1.ava.agility": 1}
        | {"T1.fight.time": 3},
    )
    assert _ava(out)["life_bar"] == 40


def test_the_stances_are_offered() -> None:
    # Her first action with one extra to come: Full Defense, Full Agility and both Full stances (000 L6704, L6784);
    # with no extra action (More Realistic, 000 L6804) the last is not offered.
    stances = [
        {"action": "none", "full_defense": True},
        {"action": "none", "full_agility": True},
        {"action": "none", "full_defense": True, "full_offense": True},
    ]
    out = _turn(_req(ask_every_decision=True), {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}}, dict(FIRST))
    values = [c["value"] for c in out["decisions_needed"][0]["choices"]]
    assert all(s in values for s in stances)
    assert {**ATTACK, "full_offense": True} in values
    req = _req(ask_every_decision=True)
    req["options"]["thug_thrashing"]["more_realistic"] = True
    out = _turn(req, {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}}, dict(FIRST))
    values = [c["value"] for c in out["decisions_needed"][0]["choices"]]
    assert stances[0] in values and stances[2] not in values
