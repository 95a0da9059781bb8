"""Dramatic options with Thug groups and Super Moves in Dramatic Combat (000 L7074–L7076, L7138–L7325), worked by
hand from the text. Ava and the group are test_thugs.py's: PL 2, Strength 2, Defense 3, Thug Thrashing 1 (two
actions); the group's Defense 2, Life Save 5."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.fixtures import REI
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D
from tests.unit.fight2e.dramatic.test_thugs import IDLE, request, resolved, turn
from tests.unit.fight2e.thug_thrashing.support import AVA

SUPER = copy.deepcopy(next(m for m in REI["moves"] if m["id"] == "heaven_demon_strike"))


def _ava(**more: Any) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"].append(SUPER)
    for k, v in more.items():
        sheet[k] = v
    return sheet


def _with(req: dict[str, Any], sheet: dict[str, Any], **state: Any) -> dict[str, Any]:
    req["fighters"][0]["sheet"] = sheet
    req["fighters"][0]["state"].update(state)
    return req


def test_a_super_move_on_a_group_pays_its_point_super_energy_and_fs() -> None:
    # 000 L7215: a Super Move still needs its Super Energy (10, 000 L5281) and 1 FS besides the Action Point;
    # Heaven Demon Strike: 1d4 two sizes up for four Increased Damage and one more in Dramatic Combat (000 L7211):
    # 1d10, three sizes above 1d4, so the save is 5 − Strength 2 − 3 = 0: the Thug is out without a roll
    req = _with(request(), _ava(), super_energy=10)
    out = resolved(
        req,
        {
            "T1.ava.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "g"},
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 6, "T1.g.attack": 1, "T1.fight.time": 4},
    )
    paid = next(s for s in out["log"] if s["ref"] == "000 L5281")
    assert "10 Super Energy and 1 FS" in paid["text"]
    assert out["fight"]["thugs"][0]["members"] == 4
    assert out["fighters"][0]["state"]["dramatic"]["special_moves_used"] == ["heaven_demon_strike"]


def test_a_super_move_without_the_super_energy_is_refused() -> None:
    req = _with(request(), _ava(), super_energy=4)
    out = turn(
        req,
        {"T1.ava.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "g"}},
        {"T1.ava.init": 6, "T1.g.init": 1},
    )
    assert [v["code"] for v in out["violations"]] == ["INSUFFICIENT_SUPER_ENERGY"]


def test_a_super_move_in_a_dramatic_turn_pays_its_super_energy() -> None:
    # 000 L7215 between Fighters too: Rei's Super costs a point, 10 Super Energy and 1 FS (30 → 29)
    from service.rules.fight2e.combat.contract.models import TurnRequest
    from service.rules.fight2e.combat.resolver import resolve_turn

    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30, "super_energy": 10}},
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30}},
        ],
        "decisions": {"T1.rei.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "battle"}},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 1},
        "seed": 2,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    paid = next(s for s in out["log"] if s["ref"] == "000 L5281")
    assert "10 Super Energy and 1 FS" in paid["text"]


FIRST = {"T1.ava.init": 6, "T1.g.init": 1}
MISS = {"T1.g.attack": 1, "T1.fight.time": 4}  # the group's Thug misses her Defense 3
DEF = {"T1.ava.defense": {"defense": "defense", "fs": 0}}


def _state(out: dict[str, Any]) -> dict[str, Any]:
    return out["fighters"][0]["state"]


def test_athletics_against_a_group_buys_accuracy_or_ranges() -> None:
    # 000 L7150: Athletics 0, a 9: three full 3s, +3 Accuracy next turn; an 8 spent on movement: two full 4s, two
    # Ranges away from the group, Range 1 → 3 (its Thugs, Reach-less, then have no one in reach)
    out = resolved(
        request(),
        {
            "T1.ava.action": {"option": "athletics", "athletics": "accuracy_next_turn", "target": "g"},
            "T1.ava.action.2": IDLE,
            **DEF,
        },
        {**FIRST, **MISS, "T1.ava.athletics": 9},
    )
    assert _state(out)["dramatic"]["accuracy_next_turn"] == 3
    assert _state(out)["dramatic"]["action_points"] == 0
    out = resolved(
        request(),
        {
            "T1.ava.action": {"option": "athletics", "athletics": "extra_range", "direction": "away", "target": "g"},
            "T1.ava.action.2": IDLE,
            "T1.g.action": {"action": "none"},
        },
        {**FIRST, "T1.ava.athletics": 8, "T1.fight.time": 4},
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 3


def test_property_damage_on_a_group() -> None:
    # 000 L7197: a point; the group's Defense 2 + 1 = 3; 3 + 0 hits; Property Damage 0 is a Ranged Special Move's
    # 1d6 one size down, 1d4 (000 L3978), so the save is 5 − Strength 2 = 3: a 4 is out; the hit earns a point back
    out = resolved(
        request(),
        {"T1.ava.action": {"option": "property_damage", "target": "g"}, "T1.ava.action.2": IDLE, **DEF},
        {**FIRST, **MISS, "T1.ava.attack": 3, "T1.g.life_save": 4},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert attack["inputs"] == {"face": 3, "accuracy": 0, "defense": 3}
    assert out["fight"]["thugs"][0]["members"] == 4
    assert _state(out)["dramatic"]["action_points"] == 1


def test_pushing_it_on_an_attack_on_a_group() -> None:
    # 000 L7293–L7295: +4 on the roll, 1d6 (2) of her own Life Bar: 20 → 18; 1 + 4 = 5 hits Defense 2
    push = {"action": "attack", "moves": ["basic_move"], "target": "g", "option": "pushing_it", "push": "accuracy"}
    out = resolved(
        request(),
        {"T1.ava.action": push, "T1.ava.action.2": IDLE, **DEF},
        {**FIRST, **MISS, "T1.ava.push": 2, "T1.ava.attack": 1, "T1.g.life_save": 9},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert attack["inputs"]["accuracy"] == 4
    assert _state(out)["life_bar"] == 18


def test_acrobatics_in_place_of_evasion_against_a_group() -> None:
    # 000 L7124: a point, Acrobatics 6 in place of her Evasion 1: Defense Total 6 against the Thug's attack
    sheet = _ava(narrative_skills=[*AVA["narrative_skills"], {"id": "acrobatics", "level": 6}])
    out = resolved(
        _with(request(), sheet),
        {
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.ava.dramatic_defense": {"option": "acrobatics_for_evasion"},
            "T1.ava.defense": {"defense": "evasion", "fs": 0},
        },
        {**FIRST, **MISS},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert attack["inputs"]["defense_total"] == 6
    assert _state(out)["dramatic"]["action_points"] == 0


def test_a_group_invites_a_flourish() -> None:
    # 000 L7189 (ruling C22): the Dramatic Villain group's point buys the invitation and a die size next turn; Ava
    # takes it up; her 8 beats its 3: one Thug saves against the plain d10, 5 − 3 (three sizes above 1d4) = 2: a 5
    # is out; its Thugs make no attack this turn
    out = resolved(
        request(("dramatic_villain",)),
        {
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.g.invite": {"option": "flourish", "target": "ava"},
            "T1.ava.accept_flourish": {"choice": "act"},
        },
        {**FIRST, "T1.ava.flourish": 8, "T1.g.flourish": 3, "T1.g.life_save": 5, "T1.fight.time": 4},
    )
    g = out["fight"]["thugs"][0]
    assert (g["members"], g["action_points"], g["initiative_steps"]) == (4, 0, 1)
    assert not any(s["label"] == "D.6" and s["actor"] == "g" for s in out["log"])


def test_options_that_need_a_life_bar_or_damage_are_refused_against_a_group() -> None:
    # ours (thug_options.NOT_ON_GROUPS): a Final Blow is settled against a Life Bar, which a group does not have
    blow = {"action": "attack", "moves": ["basic_move"], "target": "g", "option": "final_blow"}
    out = turn(request(), {"T1.ava.action": blow}, FIRST)
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert "Life Bar" in out["violations"][0]["message"]


def test_fast_reflexes_against_groups_takes_the_top_initiative() -> None:
    # 000 L7146: no group has the skill, so the Fighter who pays takes the top Initiative: Ava's 2 rises above the
    # group's 4 (one above it, our figure) and she acts first
    sheet = _ava(narrative_skills=[*AVA["narrative_skills"], {"id": "fast_reflexes", "level": 3}])
    out = resolved(
        _with(request(), sheet),
        {"T1.ava.fast_reflexes": {"choice": "act"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE, **DEF},
        {"T1.ava.init": 2, "T1.g.init": 4, "T1.ava.fast_reflexes_check": 5, **MISS},
    )
    top = next(s for s in out["log"] if s["text"].startswith("Fast Reflexes: ava"))
    assert "(5)" in top["text"]
    assert _state(out)["dramatic"]["action_points"] == 0


def _spirits() -> dict[str, Any]:
    req = request()
    req["fight"]["thugs"][0]["spiritual"] = True
    return req


def test_a_fighter_unfit_to_fight_spirits_against_a_spiritual_group() -> None:
    # 000 L7315: Ava has none of Magic, Psychic, a Power, Meditation 4, Zen State 3 or Spirituality 2: −2 Accuracy
    # (4 + 0 − 2 = 2 still reaches Defense 2) and the Life Save +2: 5 − 2 + 2 = 5, so a 6 is out
    out = resolved(
        _spirits(),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T1.ava.action.2": IDLE, **DEF},
        {**FIRST, **MISS, "T1.ava.attack": 4, "T1.g.life_save": 6},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert attack["inputs"]["accuracy"] == -2
    saves = [e["inputs"]["life_save"] for e in out["log"] if e["text"].startswith("Life Save")]
    assert saves == [5]
    assert out["fight"]["thugs"][0]["members"] == 4


def test_call_forth_wisdom_at_a_spirit_and_spirituality_against_it() -> None:
    # 000 L7319: Call Forth Wisdom 4 as Property Damage: 1d6 (Ki-table row 4–7), Defense 2 + 1 = 3, Accuracy −2 (she
    # is still unfit): a 5 → 3 hits; save 5 − 2 − 1 + 2 = 4, a 5 is out; the hit earns her point back
    sheet = _ava(narrative_skills=[*AVA["narrative_skills"], {"id": "call_forth_wisdom", "level": 4}])
    out = resolved(
        _with(_spirits(), sheet),
        {"T1.ava.action": {"option": "call_forth_wisdom", "target": "g"}, "T1.ava.action.2": IDLE, **DEF},
        {**FIRST, **MISS, "T1.ava.attack": 5, "T1.g.life_save": 5},
    )
    assert [e["inputs"]["life_save"] for e in out["log"] if e["text"].startswith("Life Save")] == [4]
    assert out["fight"]["thugs"][0]["members"] == 4
    assert _state(out)["dramatic"]["action_points"] == 1
    # not at a group of flesh and blood
    out = turn(_with(request(), sheet), {"T1.ava.action": {"option": "call_forth_wisdom", "target": "g"}}, FIRST)
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    # 000 L7323: Spirituality 5 in place of her Defense 3 against the spirits' attack, a point
    sheet = _ava(narrative_skills=[*AVA["narrative_skills"], {"id": "spirituality", "level": 5}])
    out = resolved(
        _with(_spirits(), sheet),
        {
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.ava.dramatic_defense": {"option": "spirituality"},
            **DEF,
        },
        {**FIRST, **MISS},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert attack["inputs"]["defense_total"] == 5


def test_mind_manipulating_magic_on_a_group() -> None:
    # 000 L7283–L7287: Magic 6 + 5 = 11 against the group's plain d10 (3): held next turn
    sheet = _ava(narrative_skills=[*AVA["narrative_skills"], {"id": "magic", "level": 6}])
    spell = {"option": "mind_manipulation", "target": "g", "mind": "idle"}
    out = resolved(
        _with(request(), sheet),
        {"T1.ava.action": spell, "T1.ava.action.2": IDLE, **DEF},
        {**FIRST, **MISS, "T1.ava.mind_check": 5, "T1.g.mind_resist": 3},
    )
    assert out["fight"]["thugs"][0]["idle"] is True
    # the next turn it does nothing and defends as if Stunned: Defense 2 // 2 = 1, so Ava's 1 + 0 hits
    req = _with(request(group_state={"idle": True}), sheet)
    req["fight"]["turn"] = 2
    out = resolved(
        req,
        {"T2.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T2.ava.action.2": IDLE},
        {"T2.ava.init": 6, "T2.g.init": 1, "T2.ava.attack": 1, "T2.g.life_save": 9, "T2.fight.time": 4},
    )
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert attack["inputs"]["defense"] == 1
    assert not any(s["label"] == "D.6" and s["actor"] == "g" for s in out["log"])
    assert out["fight"]["thugs"][0]["idle"] is False
    # or the whole group (one combatant, 000 L6652) leaves the fight
    out = turn(
        _with(request(), sheet),
        {"T1.ava.action": {**spell, "mind": "remove"}},
        {**FIRST, "T1.ava.mind_check": 5, "T1.g.mind_resist": 3},
    )
    assert out["status"] == "over"
    assert out["fight"]["thugs"][0]["members"] == 0


def test_two_fighters_team_up_on_a_group() -> None:
    # 000 L7219–L7221 (ruling C20): Ava (6) holds, Bea (3) joins; one Defense 2 for both: Ava's 1 + 0 misses,
    # Bea's 2 + 0 hits, so both hit: two Thugs save against 5 − 2 = 3 (000 L6570); a 4 and a 9: both out
    bea = copy.deepcopy(AVA)
    bea["id"], bea["name"] = "bea", "Bea"
    req = request()
    req["fighters"].append(
        {"id": "bea", "sheet": bea, "state": {"life_bar": 20, "fighting_spirit": 20, "fs_start": 20}}
    )
    req["fight"]["thugs"][0]["ranges"]["bea"] = 1
    req["fight"]["sides"] = {"ava": "heroes", "bea": "heroes"}
    team = {"option": "team_up", "moves": ["basic_move"], "target": "g"}
    out = resolved(
        req,
        {
            "T1.ava.action": team,
            "T1.ava.action.2": IDLE,
            "T1.bea.action": team,
            "T1.bea.action.2": IDLE,
            "T1.g.action": {"action": "none"},
        },
        {
            "T1.ava.init": 6,
            "T1.bea.init": 3,
            "T1.g.init": 1,
            "T1.ava.attack": 1,
            "T1.bea.attack": 2,
            "T1.g.life_save": 4,
            "T1.g.life_save.2": 9,
            "T1.fight.time": 4,
        },
    )
    assert out["fight"]["thugs"][0]["members"] == 3
    for f in out["fighters"]:
        dram = f["state"]["dramatic"]
        assert (dram["action_points"], dram["no_point_next_turn"], dram["team_up_last_turn"]) == (0, True, True)


def test_leaving_combat_against_a_group() -> None:
    # 000 L7152: the group objects, so she pays a point and her Athletics (0) 8 must beat its plain d10 (ours), a 5:
    # she is at Range 5 from it; with a 3 against a 5 she is held at Range 4
    leave = {"option": "leaving_combat"}
    out = resolved(
        request(),
        {"T1.ava.action": leave, "T1.ava.action.2": IDLE, "T1.g.action": {"action": "none"}},
        {**FIRST, "T1.ava.escape": 8, "T1.g.pursue": 5, "T1.fight.time": 4},
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 5
    assert _state(out)["dramatic"]["action_points"] == 0
    out = resolved(
        request(),
        {"T1.ava.action": leave, "T1.ava.action.2": IDLE, "T1.g.action": {"action": "none"}},
        {**FIRST, "T1.ava.escape": 3, "T1.g.pursue": 5, "T1.fight.time": 4},
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 4
