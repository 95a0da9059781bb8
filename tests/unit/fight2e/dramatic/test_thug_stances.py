"""Thug Thrashing's own actions in a Dramatic turn with Thug groups (000 L7074–L7076 joins the two sub-systems): Full
Defense, Full Offense and Full Agility, the Stunt Sequence, weapons and guns, and a Special Move at Saga Scale; with
figures worked by hand. Ava and the group are those of test_thugs (PL 2, Thug Thrashing 1, Strength 2, Defense 3;
the group Defense 2, Life Save 5, Threat Level 1, Damage 1d4)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import DEFENSE, IDLE, ava, group, life_saves, request, resolved, turn

FIRST = {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3}


def _glory(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(g["points"], g["reason"]) for g in out["glory"]]


def test_full_defense_as_her_action_and_its_recovery_point() -> None:
    # Her first action on Full Defense (000 L6758, L6782): Defense 3 + PL 2's bonus 2 = 5 (000 L5722), so the
    # group's 4 misses. Untouched on Full Defense she earns a recovery point at the end of the turn (000 L7227); her
    # turn's Action Point stays as it was (Full Defense costs none, 000 L7227).
    out = resolved(
        request(),
        {"T1.ava.action": {"action": "none", "full_defense": True}, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 4},
    )
    assert ava(out)["life_bar"] == 20
    dramatic = ava(out)["dramatic"]
    assert (dramatic["action_points"], dramatic["recovery_points"]) == (1, 1)
    # the Dramatic option by its own name is the same stance
    out = resolved(
        request(),
        {"T1.ava.action": {"option": "full_defense"}, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 4},
    )
    assert ava(out)["dramatic"]["recovery_points"] == 1
    assert "full_defense" not in {u["id"] for u in out["unsupported"]}


def test_full_defense_hit_earns_no_recovery_point() -> None:
    # 6 + 0 = 6 beats 5: the 1d4 rolls 2, 20 → 18; hit, so no point (000 L7227)
    out = resolved(
        request(),
        {"T1.ava.action": {"action": "none", "full_defense": True}, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 6, "T1.g.damage": 2},
    )
    assert ava(out)["life_bar"] == 18 and ava(out)["dramatic"]["recovery_points"] == 0


def test_full_offense_rolls_a_d10_and_costs_next_turns_die() -> None:
    # Full Offense with the attack (000 L5726): 1d10, a 9 + 0 against Defense 2 hits; the Life Save 5 − 2 = 3 and
    # a 4 takes a Thug out. Her extra action keeps the 1d10 (a 7 hits; a 2 on the save, he stays). Next turn one die
    # size off her Initiative (000 L5739; with no Control, ruling: all on the Initiative die, 000 L7084). On Full
    # Offense she defends with half her Defense, 3 // 2 = 1 (000 L5739): the group's 1 hits, 1d4 rolls 2, 20 → 18.
    attack = {"action": "attack", "moves": ["basic_move"], "target": "g", "full_offense": True}
    plain = {"action": "attack", "moves": ["basic_move"], "target": "g"}
    out = resolved(
        request(),
        {"T1.ava.action": attack, "T1.ava.action.2": plain, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.attack": 9, "T1.g.life_save": 4, "T1.ava.attack.2": 7, "T1.g.life_save.2": 2}
        | {"T1.g.attack": 1, "T1.g.damage": 2},
    )
    assert group(out)["members"] == 4 and life_saves(out) == [3, 3] and ava(out)["life_bar"] == 18
    assert ava(out)["full_offense_streak"] == 1
    assert ava(out)["dramatic"]["initiative_steps"] == -1


def test_the_stunt_sequence_takes_out_thugs_for_a_story_point() -> None:
    # PL 2 + Thug Thrashing 1 = 3 Stunt Points (000 L6792); Threat Level 1: 3 Thugs out, 3 raw Glory, the Story
    # Point spent; her extra action is still hers
    req = request()
    req["fighters"][0]["state"]["story_points"] = 1
    out = resolved(
        req,
        {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 3}}, "T1.ava.action.2": IDLE}
        | {"T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 1},
    )
    assert group(out)["members"] == 2 and ava(out)["story_points"] == 0
    assert _glory(out) == [(3, "Stunt Sequence")]


MELEE = {"action": "attack", "moves": ["basic_move"], "target": "g", "weapon": "melee"}


def test_a_melee_weapon_in_a_dramatic_turn() -> None:
    # A weapon: +1 Accuracy (000 L6796): 1 + 0 + 1 = 2 reaches Defense 2 (bare-handed 1 misses); its die one size
    # larger, 1d6, one above 1d4: Life Save 5 − 2 − 1 = 2 (000 L6798, L6570), a 3 takes him out; 1 Glory a hit
    # (000 L6798)
    out = resolved(
        request(),
        {"T1.ava.action": MELEE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 3, "T1.g.attack": 1},
    )
    assert life_saves(out) == [2] and group(out)["members"] == 4
    assert _glory(out) == [(1, "a hit with a weapon on Thugs")]
    # with the boosted die on top: 1d6 → 1d8, two sizes above 1d4: 5 − 2 − 2 = 1 (000 L7110)
    boosted = {**MELEE, "option": "basic_boost", "boost": "damage"}
    out = resolved(
        request(),
        {"T1.ava.action": boosted, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 3, "T1.g.attack": 1},
    )
    assert life_saves(out) == [1]


def test_a_gun_reaches_range_four_and_a_weapon_is_for_basic_moves() -> None:
    # A gun at Range 4 (000 L6848): 1 + 0 + 1 = 2 hits Defense 2; 1d8, two sizes above 1d4: 5 − 2 − 2 = 1
    req = request()
    req["fight"]["thugs"][0]["ranges"] = {"ava": 4}
    gun = {**MELEE, "weapon": "gun"}
    out = resolved(
        req, {"T1.ava.action": gun, "T1.ava.action.2": IDLE}, {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 2}
    )
    assert life_saves(out) == [1] and group(out)["members"] == 4
    bad = turn(request(), {"T1.ava.action": {**MELEE, "moves": ["elbow"]}}, {"T1.ava.init": 6, "T1.g.init": 1})
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


def test_a_special_move_at_saga_scale_multiplies_its_glory_and_ends_her_actions() -> None:
    # Saga Scale 10 with Thug Thrashing 2: halved to 1 (000 L6818), so two actions. The group's attributes go a
    # step up (000 L6816): Defense 2 → 3, Life Save 5 → 6. Elbow (L3, 1d8) as a Special Move: 1 + 2 = 3 hits
    # Defense 3; its die 1d10, three sizes above 1d4: 6 − 2 − 3 = 1, a 2 takes him out. Its Glory 3 times Thug
    # Thrashing + 1 = 2: 6 (000 L6820); and she takes no extra action after it (000 L6820).
    req = request()
    req["options"]["thug_thrashing"] = {"events": False, "saga_scale": 10}
    skills = [{"id": "thug_thrashing", "level": 2}, {"id": "agility", "level": 4}]
    req["fighters"][0]["sheet"] = {**req["fighters"][0]["sheet"], "narrative_skills": skills}
    elbow = {"action": "attack", "moves": ["elbow"], "target": "g"}
    rolls = {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 2, "T1.g.attack": 1}
    out = resolved(req, {"T1.ava.action": elbow, "T1.ava.defense": DEFENSE}, rolls)
    assert life_saves(out) == [1] and group(out)["members"] == 4
    assert _glory(out) == [(6, "Elbow first hitting")]
    assert any("no extra actions" in e["text"] for e in out["log"])
    # not as an extra action (ruling: his Thug Thrashing is then already in use, 000 L6820)
    bad = turn(req, {"T1.ava.action": IDLE, "T1.ava.action.2": elbow}, {"T1.ava.init": 6, "T1.g.init": 1})
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


def test_a_thug_events_free_attack_for_top_damage_earns_the_group_a_point() -> None:
    # Events on. The group's turn attack (its first of the fight) misses: 1 against Defense 3. Its Thug Event: 1 + 5
    # members + Threat Level 1 = 7, Exhausting Combat (000 L6740, L6773): Ava has no FS left, so a free attack
    # instead; 3 reaches her Defense 3 and its 1d4 rolls 4, the die's top, after the group's first attack: an Action
    # Point (000 L7112). 20 → 16.
    req = request()
    req["options"]["thug_thrashing"] = {"events": True}
    req["fighters"][0]["state"]["fighting_spirit"] = 0
    out = resolved(
        req,
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE, "T1.ava.defense.2": DEFENSE},
        {**FIRST, "T1.g.attack": 1, "T1.g.event": 1, "T1.g.exhaust": 2, "T1.g.attack.2": 3, "T1.g.damage": 4},
    )
    assert ava(out)["life_bar"] == 16 and group(out)["action_points"] == 1
    assert "dramatic_thug_free_attack_points" not in {u["id"] for u in out["unsupported"]}
