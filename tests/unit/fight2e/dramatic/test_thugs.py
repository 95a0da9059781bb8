"""Dramatic Combat with Thug groups (`dramatic_thug_thrashing`, 000 L7074–L7076), step by step through resolve_turn.
No example in the book combines the two, so these small fights are ours and every figure is worked by hand from the
text. The Fighter is Ava of test_thug_turn_steps: PL 2, so 40 Life Bar, halved to 20 in Dramatic Combat
(000 L704–L714, L7072); Speed 1, so a 1d8 Initiative die (000 L7088–L7094), Control Bonus 0; Strength 2,
Stamina 0, Defense 3 with no Defense Bonus, Thug Thrashing 1. Her Basic Move is Accuracy +0, 1d4 damage
(000 L2082–L2092). The group is Thug Thrashing's: Initiative 1d4, Accuracy +0, Damage 1d4, Defense 2, Life Save 5,
Threat Level 1; Thug Events are off.
"""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.thug_thrashing.support import AVA, THUG

IDLE = {"action": "none"}
DEFENSE = {"defense": "defense", "fs": 0}  # Defense 3: her Defense Total against a Thug's attack


def request(
    qualities: tuple[str, ...] = (),
    members: int = 5,
    dramatic: dict[str, Any] | None = None,
    group_state: dict[str, Any] | None = None,
    defense: int = 2,
) -> dict[str, Any]:
    thug = {**THUG, "defense": defense, "qualities": [{"id": q} for q in qualities]}
    group = {"id": "g", "thug": thug, "members": members, "ranges": {"ava": 1}, **(group_state or {})}
    state: dict[str, Any] = {"life_bar": 20, "fighting_spirit": 20, "fs_start": 20}
    if dramatic is not None:
        state["dramatic"] = dramatic
    return {
        "options": {"subsystem": "dramatic_thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {"turn": 1, "time_count": 99, "first_hit_awarded": True, "thugs": [group]},
        "fighters": [{"id": "ava", "sheet": AVA, "state": state}],
    }


def turn(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    body = {**req, "decisions": decisions, "rolls": rolls}
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def resolved(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    out = turn(req, decisions, rolls)
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert not [w for w in out["warnings"] if w["code"] != "SHEET_NOT_VALID"], out["warnings"]
    return out


def group(out: dict[str, Any]) -> dict[str, Any]:
    return out["fight"]["thugs"][0]


def ava(out: dict[str, Any]) -> dict[str, Any]:
    return out["fighters"][0]["state"]


def life_saves(out: dict[str, Any]) -> list[int]:
    return [e["inputs"]["life_save"] for e in out["log"] if e["text"].startswith("Life Save")]


BOOSTED = {"action": "attack", "moves": ["basic_move"], "target": "g", "option": "basic_boost", "boost": "damage"}
PLAIN = {"action": "attack", "moves": ["basic_move"], "target": "g"}


def test_fighter_point_initiative_by_speed_and_a_boosted_basic_move_on_thugs() -> None:
    # 000 L7082: Ava gets her Action Point; 000 L7084–L7096: Initiative 1d8 (Speed 1) + Control Bonus 0 = 6, and no
    # Control roll. She goes first (the group rolls 1 on its 1d4) and has 2 actions (Thug Thrashing 1, 000 L6750).
    # Action 1: the point buys a die size (000 L7110): 1d4 → 1d6, one size above 1d4, so the Life Save is
    # 5 − Strength 2 − 1 = 2 (000 L6570); the attack 2 + 0 reaches Defense 2; the Thug rolls 3 > 2: out.
    # Action 2: no point left, a plain Basic Move (Life Save 5 − 2 = 3): 1 + 0 < 2, a miss.
    out = resolved(
        request(),
        {"T1.ava.action": BOOSTED, "T1.ava.action.2": PLAIN, "T1.ava.defense": DEFENSE},
        {
            "T1.ava.init": 6,
            "T1.g.init": 1,
            "T1.ava.attack": 2,
            "T1.g.life_save": 3,
            "T1.ava.attack.2": 1,
            "T1.g.attack": 1,
            "T1.fight.time": 3,
        },
    )
    assert not any(r["key"].startswith("T1.ava.ctrl") for r in out["rolls"])
    assert life_saves(out) == [2]
    assert group(out)["members"] == 4
    assert ava(out)["dramatic"]["action_points"] == 0
    # the group's attack: 1 + 0 against her Defense 3 misses, so she keeps her 20 (half of 40) Life Bar
    assert ava(out)["life_bar"] == 20
    # 000 L6734: the Time Roll is 1d8 with Thugs in the fight: 99 − 3
    assert out["fight"]["time_count"] == 96
    # a Basic Move earns no Glory (000 L782)
    assert out["glory"] == []


def test_without_the_point_the_same_save_is_kept() -> None:
    # the same fight with a plain Basic Move: Life Save 5 − 2 = 3 (000 L6570), and the 3 rolled keeps the Thug in
    out = resolved(
        request(),
        {"T1.ava.action": PLAIN, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {
            "T1.ava.init": 6,
            "T1.g.init": 1,
            "T1.ava.attack": 2,
            "T1.g.life_save": 3,
            "T1.g.attack": 1,
            "T1.fight.time": 3,
        },
    )
    assert life_saves(out) == [3]
    assert group(out)["members"] == 5
    assert ava(out)["dramatic"]["action_points"] == 1  # the turn's point, unspent and banked (000 L7082)


def test_no_combos_in_dramatic_combat() -> None:
    # 000 L7108: Combos are not used
    out = turn(
        request(),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move", "basic_move"], "target": "g"}},
        {"T1.ava.init": 6, "T1.g.init": 1},
    )
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_NO_COMBOS"]


ELBOW = {"action": "attack", "moves": ["elbow"], "target": "g"}


def test_a_special_move_on_thugs_at_its_dramatic_price() -> None:
    # Elbow (L3, Increased Damage twice: 1d8, Accuracy +0). Its first use costs her turn's point (000 L7213) and
    # gives +2 Accuracy and a die size (000 L7211): 1 + 2 = 3 reaches Defense 2 (a 1 alone would not). Die 1d10,
    # three sizes above 1d4: Life Save 5 − 2 − 3 = 0, out with no roll (000 L6570, L6580). Its level, 3, in raw
    # Glory the first time it hits (000 L5749). A Thug out: she defeated an opponent, so her point comes next turn.
    out = resolved(
        request(),
        {"T1.ava.action": ELBOW, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert group(out)["members"] == 4
    assert "T1.g.life_save" not in {r["key"] for r in out["rolls"]}
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("ava", 3)]
    dramatic = ava(out)["dramatic"]
    assert dramatic["action_points"] == 0 and dramatic["special_moves_used"] == ["elbow"]
    assert dramatic["no_point_next_turn"] is False


def test_knocks_down_on_a_group_second_save_or_push() -> None:
    # Sweep Kick (L3, Knocks Down, 1d6) as a Special Move: +2 Accuracy, 1 + 2 = 3 hits Defense 2; its die goes to
    # 1d8, two sizes above 1d4: Life Save 5 − 2 − 2 = 1 (000 L6570, L7211). A 1 keeps the Thug up, so Knocks Down
    # makes him save again at 1 (ruling B2) and a 5 takes him out, with no push (000 L6718).
    sweep = {"action": "attack", "moves": ["sweep_kick"], "target": "g"}
    base = {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3}
    decisions = {"T1.ava.action": sweep, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}
    out = resolved(request(), decisions, {**base, "T1.g.life_save": 1, "T1.g.life_save.2": 5})
    assert life_saves(out) == [1]
    assert group(out)["members"] == 4 and group(out)["ranges"] == {"ava": 1}
    # a first save failed (2 > 1): the rest of the group is knocked back 1 Range, 1 → 2 (000 L6718)
    out = resolved(request(), decisions, {**base, "T1.g.life_save": 2})
    assert group(out)["members"] == 4 and group(out)["ranges"] == {"ava": 2}


def test_a_special_move_used_again_costs_twice_its_level_and_a_miss_costs_next_turns_point() -> None:
    # Used before: 2 × level 3 = 6 points (000 L7213); she has 6 banked + 1 this turn = 7, so 1 is left. Against a
    # Defense 4 group, 1 + 2 = 3 misses; it defeated no one, so no point next turn (000 L7213; ruling C11).
    out = resolved(
        request(dramatic={"action_points": 6, "special_moves_used": ["elbow"]}, defense=4),
        {"T1.ava.action": ELBOW, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    dramatic = ava(out)["dramatic"]
    assert dramatic["action_points"] == 1 and dramatic["no_point_next_turn"] is True
    assert group(out)["members"] == 5 and out["glory"] == []


def test_a_special_move_beyond_her_points_is_refused() -> None:
    # reuse at 6 points with only this turn's 1 (000 L7213)
    out = turn(
        request(dramatic={"special_moves_used": ["elbow"]}),
        {"T1.ava.action": ELBOW},
        {"T1.ava.init": 6, "T1.g.init": 1},
    )
    assert [v["code"] for v in out["violations"]] == ["AP_INSUFFICIENT"]


def test_hurt_and_hurting_no_one_she_heals() -> None:
    # The Dramatic Villain group's boosted hit takes her 20 → 16 (as below); she does nothing, so at the end her one
    # point heals 1² = 1 (000 L7253–L7255): 17.
    out = resolved(
        request(("dramatic_villain",), members=1),
        {
            "T1.g.boost": {"option": "basic_boost", "boost": "accuracy"},
            "T1.ava.defense": DEFENSE,
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.ava.heal": {"points": 1},
        },
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 2, "T1.g.damage": 4, "T1.fight.time": 3},
    )
    assert ava(out)["life_bar"] == 17 and ava(out)["dramatic"]["action_points"] == 0


def test_dramatic_villain_point_boosts_the_attack_and_no_point_for_its_first_attack() -> None:
    # 000 L6632, L7076: Dramatic Villain gives the group a point each turn. The group (4 on its 1d4) goes before Ava
    # (1 on her 1d8). Its point buys +2 Accuracy (000 L7110): 2 + 0 + 2 = 4 reaches her Defense 3 (2 alone would
    # not). Damage 1d4 (Stamina 0) rolls 4, the die's top face, but on the group's very first attack, which earns
    # no point (000 L7112). 20 − 4 = 16. Without the Hit Stun Quality she still acts (ruling C22; 000 L6638).
    out = resolved(
        request(("dramatic_villain",), members=1),
        {
            "T1.g.boost": {"option": "basic_boost", "boost": "accuracy"},
            "T1.ava.defense": DEFENSE,
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 2, "T1.g.damage": 4, "T1.fight.time": 3},
    )
    assert ava(out)["life_bar"] == 16
    assert group(out)["action_points"] == 0 and group(out)["attacked"] is True
    assert sum(1 for e in out["log"] if e["text"] == "ava does nothing with this action.") == 2


def test_a_group_without_the_quality_gets_no_point() -> None:
    # 000 L7076: Thugs get no point each turn without Dramatic Villain, so no boost is asked of them
    out = resolved(
        request(),
        {"T1.ava.defense": DEFENSE, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 2, "T1.fight.time": 3},
    )
    assert group(out)["action_points"] == 0
    assert ava(out)["life_bar"] == 20  # 2 + 0 against Defense 3: a miss


HIT_STUN_ROLLS = {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 4, "T1.fight.time": 3}


def test_hit_stun_quality_costs_the_whole_turn_and_top_damage_earns_a_point() -> None:
    # The group has already attacked this fight, so its hit for 4 on 1d4 (top face) earns a point (000 L7112, L7122).
    # Its Hit Stun Quality makes the hit stop Ava, who has not acted (000 L6638, L7130): she declines to pay, and
    # loses her action and her extra action with it (ours: they are one turn, 000 L6750). 20 − 4 = 16; Stun
    # Threshold 2 + 4 = 6 is not passed (000 L5974).
    out = resolved(
        request(("hit_stun",), members=1, group_state={"attacked": True}),
        {"T1.ava.defense": DEFENSE, "T1.ava.ignore_hit_stun": {"choice": "pass"}},
        HIT_STUN_ROLLS,
    )
    assert ava(out)["life_bar"] == 16 and ava(out)["stunned"] is None
    assert group(out)["action_points"] == 1
    assert not any(e["text"].startswith("ava does nothing") for e in out["log"])
    assert ava(out)["dramatic"]["action_points"] == 1  # her turn's point, kept


def test_ignore_hit_stun_pays_a_point_and_attacks_at_minus_two() -> None:
    # She pays her point (000 L7229) and attacks at −2: 3 + 0 − 2 = 1 misses Defense 2 (a 3 alone would hit).
    out = resolved(
        request(("hit_stun",), members=1, group_state={"attacked": True}),
        {
            "T1.ava.defense": DEFENSE,
            "T1.ava.ignore_hit_stun": {"choice": "act"},
            "T1.ava.action": PLAIN,
            "T1.ava.action.2": IDLE,
        },
        {**HIT_STUN_ROLLS, "T1.ava.attack": 3},
    )
    attack = next(e for e in out["log"] if e["text"].startswith("ava's Basic Move on g"))
    assert attack["inputs"]["accuracy"] == -2
    assert group(out)["members"] == 1
    assert ava(out)["dramatic"]["action_points"] == 0


def test_showing_off_larger_die_and_raw_glory_and_a_group_reroll() -> None:
    # Ava hit last turn untouched and has a point banked: she gets 1 more (2), pays 1 to show off (000 L7102): her
    # Initiative die goes 1d8 → 1d10, so a 10 may be rolled, and she earns 1 Glory, kept raw to be divided at the end
    # of the combat with the rest (ruling C22; 000 L6547). The Dramatic Villain group pays its point to roll its
    # 1d4 again and keeps the new roll (000 L7098): 4, then 1.
    out = resolved(
        request(("dramatic_villain",), dramatic={"action_points": 1, "may_show_off": True}),
        {
            "T1.ava.show_off": {"choice": "act"},
            "T1.g.reroll": {"choice": "act"},
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.ava.defense": DEFENSE,
        },
        {"T1.ava.init": 10, "T1.g.init": 4, "T1.g.init.2": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("ava", 1)]
    assert ava(out)["dramatic"]["action_points"] == 1
    assert group(out)["action_points"] == 0
    inits = [e for e in out["log"] if e["text"].startswith("g rolls 1d4")]
    assert [e["inputs"]["face"] for e in inits] == [4, 1]
    # she goes first: 10 against the re-rolled 1
    assert out["log"].index(next(e for e in out["log"] if e["text"] == "ava does nothing with this action.")) < (
        out["log"].index(next(e for e in out["log"] if e["text"].startswith("g attacks ava")))
    )


def test_a_ten_is_not_on_the_plain_1d8() -> None:
    # without showing off her die stays 1d8 (000 L7090): a 10 is not one of its faces
    out = turn(request(), {}, {"T1.ava.init": 10})
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DIE_VALUE_OUT_OF_RANGE"]


def test_first_attack_knockout_when_the_director_allows_it() -> None:
    # 000 L7112: the group's very first attack hits (6 + 0 against 3) for 4 on its 1d4, the top face, and 4 is at
    # least her PL 2: with the Director's leave she is knocked out whatever her Life Bar (16 after the hit)
    req = request(members=1)
    req["options"]["dramatic"] = {"first_attack_knockout": True}
    out = resolved(
        req, {"T1.ava.defense": DEFENSE}, {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 4}
    )
    assert out["status"] == "over"
    assert ava(out)["life_bar"] == 0 and ava(out)["defeated"] is True
    # a 3 is not the top face: she stays up at 20 − 3 = 17 and acts
    out = resolved(
        req,
        {"T1.ava.defense": DEFENSE, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    assert ava(out)["life_bar"] == 17 and ava(out)["defeated"] is False


def test_the_offered_actions() -> None:
    # with her one point: the plain Basic Move, both boosts, and Elbow and Sweep Kick at their first-use price of 1
    # (000 L7110, L7213); never a Combo
    out = turn(request(), {}, {"T1.ava.init": 6, "T1.g.init": 1})
    pending = out["decisions_needed"][0]
    assert pending["key"] == "T1.ava.action"
    attacks = [
        c["value"]
        for c in pending["choices"]
        if c["value"].get("action") == "attack" and not c["value"].get("movement")
    ]
    assert sorted((a["moves"][0], a.get("boost") or "") for a in attacks) == [
        ("basic_move", ""),
        ("basic_move", "accuracy"),
        ("basic_move", "damage"),
        ("elbow", ""),
        ("sweep_kick", ""),
    ]


def test_what_is_not_resolved_is_named() -> None:
    req = request()
    out = turn(req, {}, {"T1.ava.init": 6, "T1.g.init": 1})
    named = {u["id"] for u in out["unsupported"]}
    assert not {"dramatic_thug_team_up", "thug_move_elements"} & named  # both resolved now
    # Dramatic Villain and Hit Stun are applied in this turn, so not named
    out = turn(request(("dramatic_villain", "hit_stun"), members=1), {}, {"T1.ava.init": 6, "T1.g.init": 1})
    assert not {u["id"] for u in out["unsupported"]} & {"thug_trait:dramatic_villain", "thug_trait:hit_stun"}


def test_a_stand_off_is_not_her_action() -> None:
    # a Stand Off is asked for at the end of a turn (000 L7273), not taken as the action
    out = turn(request(), {"T1.ava.action": {"option": "stand_off"}}, {"T1.ava.init": 6, "T1.g.init": 1})
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_an_epic_fight_gives_two_points_a_turn() -> None:
    # 000 L7082: two points a turn for Ava and (ours) for the Dramatic Villain group, which spends one on its boost
    req = request(("dramatic_villain",), members=1)
    req["options"]["dramatic"] = {"action_points_per_turn": 2}
    out = resolved(
        req,
        {
            "T1.g.boost": {"option": "basic_boost", "boost": "accuracy"},
            "T1.ava.defense": DEFENSE,
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 1, "T1.g.damage": 1, "T1.fight.time": 3},
    )
    assert group(out)["action_points"] == 1
    # 1 + 0 + 2 = 3 reaches her Defense 3: 20 − 1 = 19; she is hurt and hurt no one, but keeps both points unasked
    assert ava(out)["life_bar"] == 19 and ava(out)["dramatic"]["action_points"] == 2


TIE = {"T1.ava.init": 3, "T1.g.init": 3, "T1.fight.time": 3}


def test_a_tie_within_range_two_is_a_flourish_she_wins() -> None:
    # 000 L7100: Ava and the group tie on 3 at Range 1: a free Flourish replaces both turns (ruling C22 lets groups
    # Flourish). Plain d10s: 7 against 4, she wins (000 L7189). One Thug saves against the plain d10: three sizes above
    # 1d4 and no Strength, 5 − 3 = 2 (000 L6570); a 3 is out. The group is knocked back 1 Range: 1 → 2. No other
    # action this turn for either (no action asked of her, no Thug attack).
    out = resolved(request(), {}, {**TIE, "T1.ava.flourish": 7, "T1.g.flourish": 4, "T1.g.life_save": 3})
    assert life_saves(out) == [2]
    assert group(out)["members"] == 4 and group(out)["ranges"] == {"ava": 2}
    assert ava(out)["life_bar"] == 20
    assert "T1.g.attack" not in {r["key"] for r in out["rolls"]}
    assert ava(out)["dramatic"]["action_points"] == 1


def test_a_tie_flourish_the_group_wins_and_its_damage_stuns() -> None:
    # 2 against 9: the group deals a plain d10, 7, with no defence (000 L7189): 20 − 7 = 13, and 7 is above her Stun
    # Threshold 2 + 4 = 6, so she is Stunned (ruling C12: it counts toward Stun; 000 L5974). Knocked back 1: 1 → 2.
    out = resolved(request(), {}, {**TIE, "T1.ava.flourish": 2, "T1.g.flourish": 9, "T1.g.flourish_damage": 7})
    assert ava(out)["life_bar"] == 13 and ava(out)["stunned"] is not None
    assert group(out)["members"] == 5 and group(out)["ranges"] == {"ava": 2}


def test_a_tie_beyond_range_two_is_no_flourish_but_acts_at_the_same_moment() -> None:
    # At Range 3 the tie (3 and 3) is no Flourish (000 L7100); the two act at the same moment (000 L6656). Ava moves
    # to Range 2 and her Basic Move hits: 6 + 0 − 1 (Range 2) = 5 against Defense 2; Life Save 5 − 2 = 3, a 4 takes a
    # Thug out; her extra action the same with a 5: the group of 2 is emptied. Acting at that same moment, it still
    # attacks with both (ruling, as in Thug Thrashing): one Thug in reach, 4 against her Defense 3, 1d4 rolls 2:
    # 20 → 18.
    req = request(members=2)
    req["fight"]["thugs"][0]["ranges"] = {"ava": 3}
    step_in = {**PLAIN, "movement": 1, "direction": "toward"}
    out = resolved(
        req,
        {"T1.ava.action": step_in, "T1.ava.action.2": PLAIN, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 3, "T1.g.init": 3, "T1.ava.attack": 6, "T1.g.life_save": 4, "T1.ava.attack.2": 6}
        | {"T1.g.life_save.2": 5, "T1.g.attack": 4, "T1.g.damage": 2},
    )
    assert group(out)["members"] == 0 and ava(out)["life_bar"] == 18
    assert "thug_simultaneous_initiative" not in {u["id"] for u in out["unsupported"]}
    assert not any(r["key"].endswith("flourish") for r in out["rolls"])


INVITE = {"option": "flourish", "target": "g"}
FIRST_NO_TIE = {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3}


def test_she_invites_the_group_to_a_flourish_and_it_accepts() -> None:
    # Her action: her point buys the invitation and a die size on next turn's Initiative, taken up or not
    # (000 L7189). The Director takes it up: 8 against 3, she wins; the Thug's save against the plain d10 is
    # 5 − 3 = 2 (000 L6570): a 1 keeps him; the group is pushed back 1 → 2. The group keeps its own turn: from
    # Range 2 its 1 − 1 = 0 misses her Defense 3.
    out = resolved(
        request(),
        {
            "T1.ava.action": INVITE,
            "T1.g.accept_flourish": {"choice": "act"},
            "T1.ava.action.2": IDLE,
            "T1.ava.defense": DEFENSE,
        },
        {**FIRST_NO_TIE, "T1.ava.flourish": 8, "T1.g.flourish": 3, "T1.g.life_save": 1, "T1.g.attack": 1},
    )
    assert life_saves(out) == [2]
    assert group(out)["members"] == 5 and group(out)["ranges"] == {"ava": 2}
    dramatic = ava(out)["dramatic"]
    assert dramatic["action_points"] == 0 and dramatic["initiative_steps"] == 1
    assert "T1.g.attack" in {r["key"] for r in out["rolls"]}


def test_a_declined_invitation_still_raises_her_next_die() -> None:
    out = resolved(
        request(),
        {"T1.ava.action": INVITE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST_NO_TIE, "T1.g.attack": 1},
    )
    assert not any("flourish" in r["key"] for r in out["rolls"])
    assert ava(out)["dramatic"]["initiative_steps"] == 1 and group(out)["members"] == 5


def test_evading_a_thug_gives_plus_two_on_her_next_attack_on_it() -> None:
    # The group (4) attacks Ava (1) first: Agility 4 in place of Evasion, 1 + 0 = 1 misses; her Evasion's +2 goes on
    # her next attack on it (000 L6698, L5834). Her Basic Move: 1 + 0 + 2 = 3 reaches Defense 2 (a 1 alone would
    # not); Life Save 5 − 2 = 3 (000 L6570) and a 4 is out.
    out = resolved(
        request(),
        {
            "T1.ava.defense": {"defense": "evasion", "agility": True, "fs": 0},
            "T1.ava.action": PLAIN,
            "T1.ava.action.2": IDLE,
        },
        {
            "T1.ava.init": 1,
            "T1.g.init": 4,
            "T1.g.attack": 1,
            "T1.ava.attack": 1,
            "T1.g.life_save": 4,
            "T1.fight.time": 3,
        },
    )
    assert group(out)["members"] == 4


def test_full_defense_taken_when_attacked_spends_her_first_action() -> None:
    # Attacked before acting she goes on Full Defense (000 L5714, L6758): Defense 3 + PL 2's +2 = 5 (000 L704–L714),
    # so a 4 misses; her first action is gone and only her extra action is asked (its key the first of the turn).
    out = resolved(
        request(),
        {"T1.ava.defense": {"defense": "defense", "fs": 0, "full_defense": True}, "T1.ava.action": IDLE},
        {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 4, "T1.fight.time": 3},
    )
    assert ava(out)["life_bar"] == 20
    assert sum(1 for e in out["log"] if e["text"] == "ava does nothing with this action.") == 1


def test_a_competent_villain_ignores_her_extra_action() -> None:
    # 000 L6630: her extra action cannot attack a Competent Villain group (her first may), and none is offered
    req = request(("competent_villain",), members=1)
    out = turn(
        req,
        {"T1.ava.action": IDLE, "T1.ava.action.2": PLAIN},
        {"T1.ava.init": 6, "T1.g.init": 1},
    )
    assert [v["code"] for v in out["violations"]] == ["TARGET_UNAVAILABLE"]
    out = turn(req, {"T1.ava.action": IDLE}, {"T1.ava.init": 6, "T1.g.init": 1})
    assert out["decisions_needed"][0]["key"] == "T1.ava.action.2"
    assert not any(c["value"].get("action") == "attack" for c in out["decisions_needed"][0]["choices"])


def test_saga_scale_halves_her_thug_thrashing() -> None:
    # 000 L6818: at Saga Scale 10 (one step) her Thug Thrashing 1 is halved to 0: one action only
    req = request()
    req["options"]["thug_thrashing"] = {"events": False, "saga_scale": 10}
    out = resolved(req, {"T1.ava.action": IDLE, "T1.ava.defense": DEFENSE}, {**FIRST_NO_TIE, "T1.g.attack": 1})
    assert sum(1 for e in out["log"] if e["text"] == "ava does nothing with this action.") == 1


def _pushed_to(*moves: dict[str, Any], name: str, beast: bool = False) -> int:
    import copy

    req = request()
    sheet = copy.deepcopy(req["fighters"][0]["sheet"])
    sheet["moves"] = [*sheet["moves"], *moves]
    req["fighters"][0]["sheet"] = sheet
    if beast:
        req["fighters"][0]["state"]["beast_form"] = True
        req["options"]["transformations"] = True
    act = {"action": "attack", "moves": [name], "target": "g"}
    rolls = {
        "T1.ava.init": 6,
        "T1.g.init": 1,
        "T1.ava.attack": 1,
        "T1.g.attack": 1,
        "T1.g.life_save": 1,
        "T1.fight.time": 3,
    }
    out = resolved(req, {"T1.ava.action": act, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}, rolls)
    assert group(out)["members"] == 5  # the Thug made his save: only the push moves the group
    return int(group(out)["ranges"]["ava"])


def test_increased_knockback_on_a_group_reads_the_knockback_records() -> None:
    # A Level 2 Special Move, 1d4, Accuracy +0, at its Dramatic price: +2 Accuracy and a die size (000 L7211), so
    # 1 + 2 = 3 hits Defense 2 and the 1d6 makes the Life Save 5 − Strength 2 − 1 = 2 (000 L6570): a 1 keeps the
    # Thug up. Increased Knockback then knocks the group back 1 Range, 1 → 2 (000 L6716); without it, no push.
    from tests.unit.fight2e.combat.effects.build import move

    assert _pushed_to(move("shove", "increased_knockback"), name="shove") == 2
    assert _pushed_to(move("jab"), name="jab") == 1
    # Beast Form gives every attack Increased Knockback (000 L5319): the plain jab pushes the group too
    assert _pushed_to(move("jab"), name="jab", beast=True) == 2
