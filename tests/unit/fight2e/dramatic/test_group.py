"""Dramatic turns with a third fighter (Team-Up, Taking a Hit, 000 L7219–L7245), simultaneous Initiative
(000 L5519–L5573), Debilitating Injury's Narrative Skill (000 L7175) and Mind-Manipulating Magic's removal
(000 L7287), each worked by hand from the text.

Rei and Battle are the example's (tests/unit/fight2e/combat/fixtures.py; their figures in test_options.py's
docstring): Rei's Basic Move is 1d8 on Battle (1d4, Strength +1 against Stamina −1) at Accuracy +1; Battle defends
by default with Evasion 2 + Defense Bonus 1 = 3. Ken is a second Rei on Rei's side, with Athletics 2. Battle's
Basic Move on Rei or Ken is 1d4 + 1 (Damage Bonus) at Accuracy 0; they defend with Defense 3. Dramatic Life Bars
are 25 (50 // 2, 000 L7072)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D

KEN = copy.deepcopy(REI_D)
KEN["id"], KEN["name"] = "ken", "Ken"
KEN["narrative_skills"] = [{"id": "athletics", "level": 2}]


def _fighter(fid: str, sheet: dict, dramatic: dict | None = None, life: int = 25) -> dict[str, Any]:
    return {
        "id": fid,
        "sheet": sheet,
        "state": {"life_bar": life, "fighting_spirit": 30, "fs_start": 30, "dramatic": dramatic or {}},
    }


def _three(decisions: dict[str, Any], rolls: dict[str, int], at: int = 1, **dramatic: dict) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": at},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_D, dramatic.get("rei")),
            _fighter("ken", KEN, dramatic.get("ken")),
            _fighter("battle", BATTLE_D, dramatic.get("battle")),
        ],
        "decisions": decisions,
        "rolls": rolls,
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _attacks(out: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(s["actor"], s["inputs"]) for s in out["log"] if s["label"] == "D.6" and "face" in s["inputs"]]


def _team(fid: str) -> dict[str, Any]:
    return {"option": "team_up", "moves": ["basic_move"], "target": "battle"}


# Rei 8 + 1 = 9, Ken 5 + 1 = 6, Battle 1 + 0 = 1: Rei, Ken, Battle
HEROES_FIRST = {"T1.rei.init": 8, "T1.ken.init": 5, "T1.battle.init": 1}


def test_a_team_up_is_one_defense_total_and_either_hit_makes_both_hit() -> None:
    # 000 L7219–L7221: a point each; Rei holds, Ken joins at his lower Initiative; Battle's one Defense Total 3;
    # Rei 1 + 1 = 2 misses, Ken 2 + 1 = 3 hits, so both hit: 5 + 4 = 9 damage, 25 → 16
    out = _ok(
        _three(
            {"T1.rei.action": _team("rei"), "T1.ken.action": _team("ken")},
            {**HEROES_FIRST, "T1.rei.attack": 1, "T1.ken.attack": 2, "T1.rei.damage": 5, "T1.ken.damage": 4},
        )
    )
    assert [(a, i["face"] + i["accuracy"], i["defense_total"]) for a, i in _attacks(out)] == [
        ("rei", 2, 3),
        ("ken", 3, 3),
    ]
    assert sum(1 for s in out["log"] if s["actor"] == "battle" and s["label"] == "D.4") <= 1
    assert _state(out, "battle")["life_bar"] == 16
    for fid in ("rei", "ken"):
        dram = _state(out, fid)["dramatic"]
        assert dram["action_points"] == 0  # the turn's point paid the Team-Up
        assert dram["no_point_next_turn"] is True  # 000 L7221
        assert dram["team_up_last_turn"] is True


def test_a_team_up_two_turns_running_is_refused() -> None:
    # 000 L7221: attacks cannot be combined two turns in a row
    out = _three(
        {"T1.rei.action": _team("rei")},
        HEROES_FIRST,
        rei={"team_up_last_turn": True, "action_points": 1},
    )
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert "L7221" in out["violations"][0]["message"]


def test_a_held_team_up_no_one_joins_goes_alone_at_the_end() -> None:
    # ruling (team.py): Ken attacks on his own, so Rei's held attack goes alone after Battle's turn: 6 + 1 = 7 hits
    out = _ok(
        _three(
            {
                "T1.rei.action": _team("rei"),
                "T1.ken.action": {"action": "none"},
                "T1.battle.action": {"action": "none"},
            },
            {**HEROES_FIRST, "T1.rei.attack": 6, "T1.rei.damage": 3},
        )
    )
    assert [a for a, _ in _attacks(out)] == ["rei"]
    assert _state(out, "battle")["life_bar"] == 22
    assert _state(out, "rei")["dramatic"]["no_point_next_turn"] is False  # no Team-Up was made


# Battle 9 + 0 = 9, Rei 2 + 1 = 3, Ken 1 + 1 = 2: Battle first
BATTLE_FIRST = {"T1.battle.init": 9, "T1.rei.init": 2, "T1.ken.init": 1}
BATTLE_HITS_REI = {"T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"}}


def test_taking_a_hit_made_moves_the_damage_and_earns_a_glory() -> None:
    # 000 L7239–L7245: Battle 5 + 0 = 5 hits Rei's Defense 3; Ken pays a point and rolls Athletics 3 + 2 = 5 against
    # the attack's 5 (ruling C13): made; he takes the 3 + 1 = 4 damage (25 → 21) and 1 Glory; Rei is untouched
    out = _ok(
        _three(
            {**BATTLE_HITS_REI, "T1.ken.take_hit": {"choice": "act"}, "T1.rei.action": {"action": "none"}},
            {**BATTLE_FIRST, "T1.battle.attack": 5, "T1.ken.take_hit_check": 3, "T1.battle.damage": 3},
        )
    )
    assert _state(out, "rei")["life_bar"] == 25
    assert _state(out, "ken")["life_bar"] == 21
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("ken", 1)]
    assert _state(out, "ken")["dramatic"]["action_points"] == 0


def test_taking_a_hit_missed_may_be_taken_at_double_damage() -> None:
    # 000 L7243: Athletics 1 + 2 = 3 is short of 5; Ken takes it anyway: (3 + 1) × 2 = 8, 25 → 17, no Glory
    out = _ok(
        _three(
            {
                **BATTLE_HITS_REI,
                "T1.ken.take_hit": {"choice": "act"},
                "T1.ken.take_hit_double": {"choice": "act"},
                "T1.rei.action": {"action": "none"},
            },
            {**BATTLE_FIRST, "T1.battle.attack": 5, "T1.ken.take_hit_check": 1, "T1.battle.damage": 3},
        )
    )
    assert (_state(out, "rei")["life_bar"], _state(out, "ken")["life_bar"]) == (25, 17)
    assert out["glory"] == []


def test_taking_a_hit_missed_and_declined_leaves_it_to_the_target() -> None:
    out = _ok(
        _three(
            {**BATTLE_HITS_REI, "T1.ken.take_hit": {"choice": "act"}, "T1.ken.action": {"action": "none"}},
            {**BATTLE_FIRST, "T1.battle.attack": 5, "T1.ken.take_hit_check": 1, "T1.battle.damage": 3},
        )
    )
    assert (_state(out, "rei")["life_bar"], _state(out, "ken")["life_bar"]) == (21, 25)


# ── Two fighters ───────────────────────────────────────────────────────────────────────────────────


def _two(decisions: dict[str, Any], rolls: dict[str, int], at: int = 1, rei: dict | None = None) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": at}},
        "fighters": [_fighter("rei", rei or REI_D), _fighter("battle", BATTLE_D)],
        "decisions": decisions,
        "rolls": rolls,
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_debilitating_injury_takes_a_narrative_skill_for_the_fight() -> None:
    # 000 L7172–L7175: Rei 6 + 1 − 4 (Battle's PL 3, at least 4: ruling C7) = 3 hits Battle's 3; no damage; Rei
    # takes Battle's Acrobatics; his Action Points stay
    out = _ok(
        _two(
            {
                "T1.rei.action": {
                    "action": "attack",
                    "moves": ["basic_move"],
                    "target": "battle",
                    "option": "debilitating_injury",
                },
                "T1.rei.debilitate": {"narrative_skill": "acrobatics"},
            },
            {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 6},
        )
    )
    battle = _state(out, "battle")
    assert battle["life_bar"] == 25
    assert battle["dramatic"]["lost_skills"] == ["acrobatics"]
    assert battle["dramatic"]["action_points"] == 1


def test_a_lost_skill_counts_as_zero() -> None:
    # the next turn: Acrobatics for Evasion gives Evasion 0 + Defense Bonus 1 = 1 instead of 5 + 1 = 6
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 2, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            _fighter("rei", REI_D),
            _fighter("battle", BATTLE_D, {"lost_skills": ["acrobatics"], "action_points": 1}),
        ],
        "decisions": {
            "T2.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"},
            "T2.battle.defense": {"defense": "evasion", "fs": 0, "option": "acrobatics_for_evasion"},
        },
        "rolls": {"T2.rei.init": 8, "T2.battle.init": 1, "T2.rei.attack": 1, "T2.rei.damage": 1},
        "seed": 3,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert _attacks(out)[0][1]["defense_total"] == 1


def test_mind_manipulating_magic_can_take_the_target_out_of_the_fight() -> None:
    # 000 L7283–L7287: Magic 5 + 6 = 11 against Battle's plain 3 (no Grim Determination): he is gone (ruling in
    # mind.py: counted as defeated, Life Bar 0, no damage and no Glory)
    caster = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "magic", "level": 6}]}
    out = _two(
        {"T1.rei.action": {"option": "mind_manipulation", "target": "battle", "mind": "remove"}},
        {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.mind_check": 5, "T1.battle.mind_resist": 3},
        rei=caster,
    )
    assert out["status"] == "over"
    assert out["unsupported"] == []
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]
    assert (battle["life_bar"], battle["defeated"]) == (0, True)
    assert out["glory"] == []


def test_tied_initiative_outside_range_two_is_simultaneous() -> None:
    # 000 L5519–L5573: Rei 8 + 1 and Battle 9 + 0 tie at Range 3 (no Flourish, 000 L7100). Neither moves, so both act
    # in request order: Rei's Property Damage (1 + 1 = 2) against Battle's Defense only: 0 + 1 (Defense Bonus) + 1
    # (Property Damage, 000 L7197) = 2, a hit; Battle, hit at the same moment, loses no action (000 L7130 is for one
    # who has not acted) and fires his Mystic Shot
    out = _ok(
        _two(
            {
                "T1.rei.action": {"action": "attack", "option": "property_damage", "target": "battle"},
                "T1.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"},
            },
            {"T1.rei.init": 8, "T1.battle.init": 9, "T1.rei.attack": 1, "T1.battle.attack": 6},
            at=3,
        )
    )
    assert [a for a, _ in _attacks(out)] == ["rei", "battle"]
    assert _attacks(out)[0][1]["defense_total"] == 2
    assert not any("Hit Stun" in s["text"] and s["actor"] == "battle" for s in out["log"])
    assert "dramatic_simultaneous_initiative" not in {u["id"] for u in out["unsupported"]}


def test_against_a_simultaneous_attack_evasion_is_refused() -> None:
    out = _two(
        {
            "T1.rei.action": {"action": "attack", "option": "property_damage", "target": "battle"},
            "T1.battle.action": {"action": "none"},
            "T1.battle.defense": {"defense": "evasion", "fs": 0},
        },
        {"T1.rei.init": 8, "T1.battle.init": 9},
        at=3,
    )
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_a_third_party_on_a_ki_face_off() -> None:
    # 000 L7231–L7237: Ken's Mystic Shot (a Ranged Special Move) meets Battle's Ki Face Off; Rei, a third party, then
    # attacks Battle at +1 Accuracy (0 + 1 + 1 = 2) against a Defense Total raised by Battle's Ki 4 (Evasion 2 +
    # Defense Bonus 1 + 4 = 7): a 5 hits, and his damage ends the Face Off with no further effect
    ken = copy.deepcopy(KEN)
    ken["moves"].append(next(m for m in BATTLE_D["moves"] if m["id"] == "mystic_shot"))
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [_fighter("rei", REI_D), _fighter("ken", ken), _fighter("battle", BATTLE_D)],
        "decisions": {
            "T1.ken.action": {"action": "attack", "moves": ["mystic_shot"], "target": "battle"},
            "T1.battle.defense": {"option": "ki_face_off"},
            "T1.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"},
        },
        "rolls": {
            "T1.ken.init": 8,
            "T1.rei.init": 5,
            "T1.battle.init": 1,
            "T1.ken.face_off_damage": 3,
            "T1.battle.face_off_damage": 2,
            "T1.rei.attack": 5,
            "T1.rei.damage": 3,
        },
        "seed": 3,
    }
    out = _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))
    rei = next(i for a, i in _attacks(out) if a == "rei")
    assert (rei["accuracy"], rei["defense_total"]) == (2, 7)
    assert _state(out, "battle")["life_bar"] == 22
    assert _state(out, "battle")["dramatic"]["face_off"] is None
    assert _state(out, "ken")["dramatic"]["face_off"] is None


def three_fighters_example() -> dict[str, Any]:
    """The published example (data/examples/resolve_turn.json, `dramatic-three-fighters-team-up`)."""
    rei = _fighter("rei", REI_D, {"action_points": 1})
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [rei, _fighter("ken", KEN), _fighter("battle", BATTLE_D)],
        "decisions": {
            "T1.rei.action": _team("rei"),
            "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "ken"},
            "T1.rei.take_hit": {"choice": "act"},
            "T1.ken.action": {**_team("ken"), "movement": 1, "direction": "toward"},
        },
        "rolls": {
            "T1.rei.init": 8,
            "T1.battle.init": 7,
            "T1.ken.init": 4,
            "T1.battle.attack": 3,
            "T1.rei.take_hit_check": 4,
            "T1.battle.damage": 2,
            "T1.rei.attack": 1,
            "T1.ken.attack": 2,
            "T1.rei.damage": 5,
            "T1.ken.damage": 4,
            "T1.fight.time": 5,
        },
    }


def test_three_fighters_a_team_up_and_a_hit_taken() -> None:
    # Rei 9, Battle 7, Ken 5. Rei holds for a Team-Up on Battle (a point, 000 L7219). Battle's 3 + 0 = 3 hits Ken's
    # Defense 3; Rei steps in: Athletics 4 + 0 ≥ 3 (ruling C13), a second point, 1 Glory, and he takes the 2 + 1 = 3
    # damage, 25 → 22, knocked back to Range 2 (000 L7239–L7245). Ken, untouched, moves in to Range 1 and joins:
    # one Defense Total 3 for both; Rei 1 + 1 = 2 misses, Ken 2 + 1 = 3 hits, so both hit: 5 + 4, 25 → 16. A 1d8
    # Time Roll with three fighters: 5 (000 L5561).
    out = _ok(resolve_turn(TurnRequest.model_validate(three_fighters_example())).model_dump(mode="json"))
    assert (_state(out, "rei")["life_bar"], _state(out, "ken")["life_bar"], _state(out, "battle")["life_bar"]) == (
        22,
        25,
        16,
    )
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 1)]
    assert [(a, i["face"] + i["accuracy"], i["defense_total"]) for a, i in _attacks(out)] == [
        ("battle", 3, 3),
        ("rei", 2, 3),
        ("ken", 3, 3),
    ]
    for fid in ("rei", "ken"):
        dram = _state(out, fid)["dramatic"]
        assert (dram["action_points"], dram["no_point_next_turn"], dram["team_up_last_turn"]) == (0, True, True)
    assert out["fight"]["time_count"] == 94


def test_the_published_example_is_the_tests_turn() -> None:
    from service.rules.fight2e.operations import examples

    assert examples("resolve_turn")["dramatic-three-fighters-team-up"] == three_fighters_example()


def test_the_director_may_rule_out_team_ups() -> None:
    # 000 L7221: the Director can rule that attacks cannot be combined (campaign option `dramatic.team_ups`)
    body = three_fighters_example()
    body["options"]["dramatic"] = {"team_ups": False}
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert "team_ups" in out["violations"][0]["message"]


def test_pulling_punches_to_break_mind_control() -> None:
    # 000 L7207: Battle is under mind control. Rei's hit (6 + 1 = 7 against 3) is pulled to free him: a point, 1
    # damage (25 → 24), the 5 rolled tallied; Rei now pulls punches on him
    hit = {"T1.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"}}
    out = _ok(_mind(hit, {"T1.rei.attack": 6, "T1.rei.damage": 5}, {"mind_controlled": True}))
    battle = _state(out, "battle")
    assert battle["life_bar"] == 24
    assert (battle["dramatic"]["freeing_tally"], battle["dramatic"]["pulled_by"]) == (5, ["rei"])
    # the next hit, against Battle's Defense Total 3 + 1 (he fights one freeing him): a 3 + 1 = 4 hits; 6 + 4 = 10
    # reaches his 10 Life Bar: he is free, and immune to Mind-Manipulating Magic for the fight
    state = {"mind_controlled": True, "freeing_tally": 6, "pulled_by": ["rei"]}
    out = _ok(_mind(hit, {"T1.rei.attack": 3, "T1.rei.damage": 4}, state, battle_life=10))
    assert _attacks(out)[0][1]["defense_total"] == 4
    battle = _state(out, "battle")
    assert battle["life_bar"] == 9
    assert (battle["dramatic"]["mind_controlled"], battle["dramatic"]["mind_immune"]) == (False, True)


def _mind(decisions: dict, rolls: dict, battle: dict, battle_life: int = 25) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_fighter("rei", REI_D), _fighter("battle", BATTLE_D, battle, life=battle_life)],
        "decisions": {**decisions, "T1.rei.free_mind": {"choice": "act"}},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, **rolls},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_one_freed_by_pulled_punches_is_immune_to_mind_manipulating_magic() -> None:
    caster = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "magic", "level": 6}]}
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_fighter("rei", caster), _fighter("battle", BATTLE_D, {"mind_immune": True})],
        "decisions": {"T1.rei.action": {"option": "mind_manipulation", "target": "battle", "mind": "idle"}},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1},
        "seed": 3,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert "L7207" in out["violations"][0]["message"]
