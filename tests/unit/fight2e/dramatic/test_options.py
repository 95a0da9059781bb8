"""The Action Point options a Dramatic turn offers and resolves besides the book's example (000 L7138–L7309), each
worked by hand from the text.

The fighters are the example's Rei and Battle (tests/unit/fight2e/combat/fixtures.py), PL 3, at Range 1 with a Dramatic
Life Bar of 25 (50 // 2, 000 L7072). Rei: Accuracy Bonus +1, Defense 3, Strength +1; Battle: Evasion 2 with a +1
Defense Bonus (Defense Total 3 when he defends by default with the higher of his skills, no FS), Stamina −1, Ki 4.
Rei's Basic Move is 1d4 (Accuracy +0, 000 L2084–L2090) moved two die sizes by Strength +1 against Stamina −1:
1d8 (000 L5924).
Rei acts first (Initiative 8 + 1 against 1 + 0); the seed fills the dice a test does not name (the Time Roll).
"""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.combat.fixtures import BATTLE, REI

REI_D = copy.deepcopy(REI)
REI_D["narrative_skills"] = [
    {"id": "sense_ki", "level": 5},
    {"id": "draw_ki", "level": 6},
    {"id": "reaffirm_purpose", "level": 4},
    {"id": "realize_potential", "level": 4},
    {"id": "presence", "level": 3},
    {"id": "stance_evaluation", "level": 5},
]
BATTLE_D = copy.deepcopy(BATTLE)
BATTLE_D["combat_skills"]["ki"] = 4
BATTLE_D["narrative_skills"] = [{"id": "acrobatics", "level": 5}, {"id": "endure_great_hardship", "level": 6}]
BATTLE_D["moves"].append({"id": "mystic_shot", "name": "Mystic Shot", "level": 3, "elements": [{"id": "ranged"}]})

INIT = {"T1.rei.init": 8, "T1.battle.init": 1}  # Rei 8 + 1 = 9 against Battle 1 + 0


def _fighter(fid: str, sheet: dict, life: int, fs: int, dramatic: dict, ongoing: list | None = None) -> dict[str, Any]:
    state = {"life_bar": life, "fighting_spirit": fs, "fs_start": 30, "dramatic": dramatic}
    if ongoing:
        state["ongoing_effects"] = ongoing
    return {"id": fid, "sheet": sheet, "state": state}


def _turn(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    rei: dict | None = None,
    battle: dict | None = None,
    turn: int = 1,
    rei_life: int = 25,
    battle_life: int = 25,
    rei_fs: int = 30,
    at: int = 1,
    sheets: tuple[dict, dict] = (REI_D, BATTLE_D),
    rei_ongoing: list | None = None,
) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": turn, "time_count": 99, "positioning": {"mode": "range", "range": at}},
        "fighters": [
            _fighter("rei", sheets[0], rei_life, rei_fs, rei or {}, rei_ongoing),
            _fighter("battle", sheets[1], battle_life, 30, battle or {}),
        ],
        "decisions": decisions,
        "rolls": {k.replace("T1.", f"T{turn}."): v for k, v in {**INIT, **rolls}.items()},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _refused(out: dict[str, Any]) -> list[str]:
    return [v["code"] for v in out["violations"]]


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _glory(out: dict[str, Any], fid: str) -> int:
    return sum(g["points"] for g in out["glory"] if g["fighter"] == fid)


def _attack_step(out: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in out["log"] if s["label"] == "D.6")["inputs"]


def _basic(option: str | None = None, **more: Any) -> dict[str, Any]:
    value = {"action": "attack", "moves": ["basic_move"], "target": "battle", **more}
    return {**value, "option": option} if option else value


# ── Attack options ─────────────────────────────────────────────────────────────────────────────────


def test_final_blow_defeats_when_the_damage_would() -> None:
    # 000 L7177–L7185: −4 against the bare Defense skill (Battle's 0, ruling C8), no defence asked; Rei 0 + 1
    # (Accuracy Bonus) + 3 FS − 4 = 0, a die of 1 hits; 1d8 shows 5 ≥ 5 Life Bar left: defeated, 3 Glory
    out = _ok(
        _turn(
            {"T1.rei.action": _basic("final_blow", fs=3)},
            {"T1.rei.attack": 1, "T1.rei.damage": 5},
            rei={"action_points": 1},
            battle_life=5,
        )
    )
    assert _attack_step(out) == {"face": 1, "accuracy": 0, "defense_total": 0}
    battle = _state(out, "battle")
    assert battle["life_bar"] == 0
    assert _glory(out, "rei") == 3
    assert battle["dramatic"]["final_blow_taken"] is True
    assert _state(out, "rei")["dramatic"]["action_points"] == 1  # 1 + 1 granted − 1


def test_final_blow_short_of_a_defeat_does_nothing_and_is_once_a_fight() -> None:
    # 000 L7183: 5 damage against 10 left: no damage at all, no Glory
    out = _ok(
        _turn(
            {"T1.rei.action": _basic("final_blow", fs=3), "T1.battle.action": {"action": "none"}},
            {"T1.rei.attack": 1, "T1.rei.damage": 5},
            battle_life=10,
        )
    )
    assert _state(out, "battle")["life_bar"] == 10
    assert _glory(out, "rei") == 0
    # 000 L7185: a second Final Blow at the same target is refused
    again = _turn(
        {"T1.rei.action": _basic("final_blow")},
        {},
        rei={"action_points": 1},
        battle={"final_blow_taken": True},
    )
    assert _refused(again) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_debilitating_injury_takes_every_point_and_no_life_bar() -> None:
    # 000 L7172–L7175, ruling C7: −max(PL 3, 4) = −4; Rei 0 + 1 + 3 FS − 4 = 0, a 3 against Evasion 2 + 1 = 3
    # hits; Battle loses his 2 + 1 granted points and no Life Bar; with no point left he loses his action
    out = _ok(
        _turn({"T1.rei.action": _basic("debilitating_injury", fs=3)}, {"T1.rei.attack": 3}, battle={"action_points": 2})
    )
    assert _attack_step(out) == {"face": 3, "accuracy": 0, "defense_total": 3}
    battle = _state(out, "battle")
    assert battle["life_bar"] == 25
    assert battle["dramatic"]["action_points"] == 0
    assert out["fight"]["positioning"]["range"] == 2  # the hit's Knock Back (000 L5950)
    lost = [e for e in out["events"] if e["kind"] == "action_points" and e["fighter"] == "battle"]
    assert [(e["amount"], e["value"]) for e in lost] == [(1, 3), (-3, 0)]


def test_debilitating_injury_is_a_basic_move() -> None:
    out = _turn(
        {"T1.rei.action": {**_basic("debilitating_injury"), "moves": ["demon_hunter_kick"]}},
        {},
        rei={"action_points": 3},
    )
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_surprise_attack_doubles_the_first_attack() -> None:
    # 000 L7217: 1 + a 4 = 5 against 3 hits; 1d8 shows 6, doubled: 12 → Battle 25 − 12 = 13
    out = _ok(_turn({"T1.rei.action": _basic("surprise_attack")}, {"T1.rei.attack": 4, "T1.rei.damage": 6}))
    assert _state(out, "battle")["life_bar"] == 13
    # not on a later turn of the fight (our reading of "at the beginning of a fight")
    later = _turn({"T2.rei.action": _basic("surprise_attack")}, {}, turn=2)
    assert _refused(later) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_pushing_it_on_the_attack_roll() -> None:
    # 000 L7293–L7295: a point and 1d6 (3) of Rei's own Life Bar: 25 → 22; +4: 1 + 4 = 5, a die of 1 → 6 ≥ 3
    # hits; 1d8 shows 2 → Battle 23. A die of 1 that hit opens Realize Potential next turn (000 L7269)
    out = _ok(
        _turn(
            {"T1.rei.action": _basic("pushing_it", boost="accuracy")},
            {"T1.rei.push": 3, "T1.rei.attack": 1, "T1.rei.damage": 2},
        )
    )
    assert _attack_step(out)["accuracy"] == 5
    rei = _state(out, "rei")
    assert (rei["life_bar"], _state(out, "battle")["life_bar"]) == (22, 23)
    assert rei["dramatic"]["realize_ready"] is True


def test_pushing_it_on_the_damage_roll_and_the_defeat_glory() -> None:
    # +4 damage: 1d8 shows 5 + 4 = 9 → Battle 9 − 9 = 0; a defeat while pushing is 1 Glory (000 L7295)
    out = _ok(
        _turn(
            {"T1.rei.action": _basic("pushing_it", boost="damage")},
            {"T1.rei.push": 1, "T1.rei.attack": 2, "T1.rei.damage": 5},
            battle_life=9,
        )
    )
    assert _attack_step(out)["accuracy"] == 1
    assert _state(out, "battle")["life_bar"] == 0
    assert _glory(out, "rei") == 1


def test_pulling_punches_halves_unless_the_die_shows_its_top() -> None:
    # 000 L7205: a point before the damage roll; 1d8 shows 7 → 7 // 2 = 3 → Battle 22; shows 8 → all 8 → 17
    half = _ok(
        _turn(
            {"T1.rei.action": _basic(), "T1.rei.pull_punches": {"choice": "act"}},
            {"T1.rei.attack": 3, "T1.rei.damage": 7},
        )
    )
    assert _state(half, "battle")["life_bar"] == 22
    assert _state(half, "rei")["dramatic"]["action_points"] == 0  # 0 + 1 granted − 1
    full = _ok(
        _turn(
            {"T1.rei.action": _basic(), "T1.rei.pull_punches": {"choice": "act"}},
            {"T1.rei.attack": 3, "T1.rei.damage": 8},
        )
    )
    assert _state(full, "battle")["life_bar"] == 17


def test_freeze_frame_gives_up_a_point_of_damage_for_two_glory() -> None:
    # 000 L7193: a Basic Move hit of 5 (at least 4): 1 damage and a point for 2 Glory → Battle 25 − 4 = 21
    out = _ok(
        _turn(
            {"T1.rei.action": _basic(), "T1.rei.freeze_frame": {"choice": "act"}},
            {"T1.rei.attack": 3, "T1.rei.damage": 5},
        )
    )
    assert _state(out, "battle")["life_bar"] == 21
    assert _glory(out, "rei") == 2
    # a hit of 3 is too small: the question is never asked, so an answer to it is refused
    small = _turn(
        {"T1.rei.action": _basic(), "T1.rei.freeze_frame": {"choice": "act"}},
        {"T1.rei.attack": 3, "T1.rei.damage": 3},
    )
    assert _refused(small) == ["DECISION_KEY_UNKNOWN"]


def test_knocking_an_opponent_out_of_combat() -> None:
    # 000 L7195 (DC-14), ruling C14: at Range 2 a Basic Move takes −1 (000 L2367): 1 − 1 + a 3 = 3 against 3 hits
    # for 7; giving up 6 leaves 1 (Battle 24) and adds 3 Ranges: 2 + 1 + 3 = 6, out of the fight for 1 + 1 turns
    out = _ok(
        _turn(
            {"T1.rei.action": _basic(), "T1.rei.knock_out": {"points": 6}},
            {"T1.rei.attack": 3, "T1.rei.damage": 7},
            rei={"action_points": 1},
            at=2,
        )
    )
    battle = _state(out, "battle")
    assert battle["life_bar"] == 24
    assert out["fight"]["positioning"]["range"] == 5
    assert battle["dramatic"]["returning_turns"] == 2
    assert _state(out, "rei")["dramatic"]["action_points"] == 1  # 1 + 1 − 1
    # the next turn goes on coming back: no action asked of him, one turn left
    nxt = _ok(_turn({"T2.rei.action": {"action": "none"}}, {}, battle={"returning_turns": 2}, turn=2, at=5))
    assert _state(nxt, "battle")["dramatic"]["returning_turns"] == 1


def test_flourish_invitation() -> None:
    # 000 L7189: a point and a die size on Rei's next Initiative; taken up: d10s 8 against 3, Rei's d10 of 6:
    # Battle 25 − 6 = 19 and 1 Range of Knock Back; our reading: Battle still has his action
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "flourish", "target": "battle"},
                "T1.battle.accept_flourish": {"choice": "act"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.flourish": 8, "T1.battle.flourish": 3, "T1.rei.flourish_damage": 6},
        )
    )
    rei = _state(out, "rei")
    assert _state(out, "battle")["life_bar"] == 19
    assert out["fight"]["positioning"]["range"] == 2
    assert (rei["dramatic"]["action_points"], rei["dramatic"]["initiative_steps"]) == (0, 1)
    # declined: the point and the die size all the same, no exchange
    declined = _ok(
        _turn({"T1.rei.action": {"option": "flourish", "target": "battle"}, "T1.battle.action": {"action": "none"}}, {})
    )
    assert _state(declined, "battle")["life_bar"] == 25
    assert _state(declined, "rei")["dramatic"]["initiative_steps"] == 1


# ── Movement options ───────────────────────────────────────────────────────────────────────────────

NONE = {"action": "none"}


def test_leaving_combat_unopposed_is_free() -> None:
    # 000 L7152: no one objects: Range 5 and no point spent (0 + 1 granted)
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "leaving_combat"},
                "T1.battle.oppose_escape": {"choice": "pass"},
                "T1.battle.action": NONE,
            },
            {},
        )
    )
    assert out["fight"]["positioning"]["range"] == 5
    assert _state(out, "rei")["dramatic"]["action_points"] == 1


def test_leaving_combat_opposed() -> None:
    # 000 L7152: Battle objects: Rei pays a point; Athletics 0 + a 9 beats Battle's 0 + a 5: Range 5
    won = _ok(
        _turn(
            {"T1.rei.action": {"option": "leaving_combat"}, "T1.battle.action": NONE},
            {"T1.rei.escape": 9, "T1.battle.pursue": 5},
        )
    )
    assert won["fight"]["positioning"]["range"] == 5
    assert _state(won, "rei")["dramatic"]["action_points"] == 0
    # 5 against 5 does not beat him: Rei stays at Range 4
    lost = _ok(
        _turn(
            {"T1.rei.action": {"option": "leaving_combat"}, "T1.battle.action": NONE},
            {"T1.rei.escape": 5, "T1.battle.pursue": 5},
        )
    )
    assert lost["fight"]["positioning"]["range"] == 4


def test_away_and_alone_draw_ki_needs_no_sense_ki() -> None:
    # 000 L7152, L7249: at Range 5 Rei draws Ki with no Sense Ki before: 6 + a 9 = 15, at most PL 3 × 2 = 6: 20 → 26
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "draw_ki"}, "T1.battle.action": NONE}, {"T1.rei.draw_ki": 9}, rei_fs=20, at=5
        )
    )
    assert _state(out, "rei")["fighting_spirit"] == 26


# ── Initiative options ─────────────────────────────────────────────────────────────────────────────

REI_FR = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "fast_reflexes", "level": 2}]}
BATTLE_FR = {**BATTLE_D, "narrative_skills": [*BATTLE_D["narrative_skills"], {"id": "fast_reflexes", "level": 3}]}


def _leader(out: dict[str, Any]) -> str:
    return next(s["actor"] for s in out["log"] if s["label"] == "D.6")


def test_fast_reflexes_unopposed() -> None:
    # 000 L7146: Rei lacks the skill, so Battle's check takes the top Initiative whatever it shows: he attacks first
    out = _ok(
        _turn(
            {
                "T1.battle.fast_reflexes": {"choice": "act"},
                "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"},
                "T1.rei.action": {"action": "none"},
            },
            {"T1.battle.fast_reflexes_check": 1, "T1.battle.attack": 1},
            sheets=(REI_D, BATTLE_FR),
        )
    )
    assert _leader(out) == "battle"
    assert _state(out, "battle")["dramatic"]["action_points"] == 0  # 0 + 1 − 1


def test_fast_reflexes_must_beat_every_opponent_with_the_skill() -> None:
    # 000 L7146: Rei (2) rolls 8 = 10; Battle 3 + 7 = 10 is not higher: Initiative stands, Rei first
    tie = _ok(
        _turn(
            {
                "T1.battle.fast_reflexes": {"choice": "act"},
                "T1.rei.action": _basic(),
                "T1.battle.action": {"action": "none"},
            },
            {"T1.battle.fast_reflexes_check": 7, "T1.rei.fast_reflexes_check": 8, "T1.rei.attack": 1},
            sheets=(REI_FR, BATTLE_FR),
        )
    )
    assert _leader(tie) == "rei"
    # Battle 3 + 8 = 11 beats 10: he goes first
    won = _ok(
        _turn(
            {
                "T1.battle.fast_reflexes": {"choice": "act"},
                "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"},
                "T1.rei.action": {"action": "none"},
            },
            {"T1.battle.fast_reflexes_check": 8, "T1.rei.fast_reflexes_check": 8, "T1.battle.attack": 1},
            sheets=(REI_FR, BATTLE_FR),
        )
    )
    assert _leader(won) == "battle"


# ── Defence options ────────────────────────────────────────────────────────────────────────────────


def test_ki_for_defense() -> None:
    # 000 L7124: Ki 4 in place of Defense 0: 4 + 1 (Defense Bonus) = 5; Rei 1 + a 4 = 5 hits
    out = _ok(
        _turn(
            {"T1.rei.action": _basic(), "T1.battle.defense": {"defense": "defense", "option": "ki_for_defense"}},
            {"T1.rei.attack": 4, "T1.rei.damage": 1},
            battle={"action_points": 1},
        )
    )
    assert _attack_step(out)["defense_total"] == 5
    assert _state(out, "battle")["dramatic"]["action_points"] == 1  # 1 + 1 granted − 1


def test_ki_for_defense_bars_a_ranged_move_that_turn() -> None:
    # 000 L7124: Rei misses (1 + a 3 = 4 against 5); Battle then cannot use his Ranged Mystic Shot
    out = _turn(
        {
            "T1.rei.action": _basic(),
            "T1.battle.defense": {"defense": "defense", "option": "ki_for_defense"},
            "T1.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"},
        },
        {"T1.rei.attack": 3},
        battle={"action_points": 2},
    )
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_acrobatics_for_evasion() -> None:
    # 000 L7124: Acrobatics 5 in place of Evasion 2: 5 + 1 = 6; Rei 1 + a 4 = 5 misses
    out = _ok(
        _turn(
            {
                "T1.rei.action": _basic(),
                "T1.battle.defense": {"defense": "evasion", "option": "acrobatics_for_evasion"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.attack": 4},
        )
    )
    assert _attack_step(out)["defense_total"] == 6
    assert _state(out, "battle")["life_bar"] == 25


def test_pushing_it_on_defense_cannot_be_healed_that_turn() -> None:
    # 000 L7293–L7295: Battle pays a point and 1d6 (2): 25 → 23; Evasion 2 + 1 + 4 = 7; Rei 1 + a 6 = 7 hits for
    # 3 → 20. Hurt and hurting no one, Battle heals with 3 points (+9, 000 L7255) but not past 25 − 2 = 23
    out = _ok(
        _turn(
            {
                "T1.rei.action": _basic(),
                "T1.battle.defense": {"defense": "evasion", "option": "pushing_it"},
                "T1.battle.heal": {"points": 3},
            },
            {"T1.battle.push": 2, "T1.rei.attack": 6, "T1.rei.damage": 3},
            battle={"action_points": 4},
        )
    )
    assert _attack_step(out)["defense_total"] == 7
    battle = _state(out, "battle")
    assert battle["life_bar"] == 23
    assert battle["dramatic"]["action_points"] == 1  # 4 + 1 − 1 (push) − 3 (healing)


def test_endure_great_hardship_halves_hits() -> None:
    # 000 L7223 (ruling C23): Battle at 10 of 25 is below half and Rei above: a point and 1 FS; his Endure Great
    # Hardship 6 stands in for Defense: 6 + 1 = 7; Rei 1 + a 6 = 7 hits for 7, halved to 3: 10 → 7
    out = _ok(
        _turn(
            {"T1.battle.endure": {"choice": "act"}, "T1.rei.action": _basic()},
            {"T1.rei.attack": 6, "T1.rei.damage": 7},
            battle={"action_points": 1},
            battle_life=10,
        )
    )
    assert _attack_step(out)["defense_total"] == 7
    battle = _state(out, "battle")
    assert (battle["life_bar"], battle["fighting_spirit"]) == (7, 29)
    assert battle["dramatic"]["action_points"] == 1  # 1 + 1 − 1


def test_endure_great_hardship_check_on_defeat() -> None:
    # 000 L7223: at 2 (below a quarter) a hit of 8 halves to 4: 0; the check 6 + a 10 = 16 reaches DL 16: 1 left
    up = _ok(
        _turn(
            {"T1.battle.endure": {"choice": "act"}, "T1.rei.action": _basic()},
            {"T1.rei.attack": 6, "T1.rei.damage": 8, "T1.battle.endure_check": 10},
            battle_life=2,
        )
    )
    assert _state(up, "battle")["life_bar"] == 1
    # 6 + a 9 = 15 falls short: defeated
    down = _turn(
        {"T1.battle.endure": {"choice": "act"}, "T1.rei.action": _basic()},
        {"T1.rei.attack": 6, "T1.rei.damage": 8, "T1.battle.endure_check": 9},
        battle_life=2,
    )
    assert down["status"] == "over"
    assert _state(down, "battle")["life_bar"] == 0


def test_endure_great_hardship_not_above_half() -> None:
    # 000 L7223: at 13 of 25 he is not below half (and not below a quarter): the question is never asked
    none = {"action": "none"}
    out = _turn(
        {"T1.battle.endure": {"choice": "act"}, "T1.rei.action": none, "T1.battle.action": none}, {}, battle_life=13
    )
    assert _refused(out) == ["DECISION_KEY_UNKNOWN"]


# ── Recovery options ───────────────────────────────────────────────────────────────────────────────


def test_friendship_boost_doubles_the_healing_limit() -> None:
    # 000 L7251, L7255: Rei hits Battle (8) for 1: 7; hurt and hurting no one, Battle heals with 4 points, more than
    # PL 3 but within 2 × 3: +16 → 23; 4 + 1 − 4 = 1 point left
    decisions = {"T1.rei.action": _basic(), "T1.battle.heal": {"points": 4}}
    rolls = {"T1.rei.attack": 3, "T1.rei.damage": 1}
    out = _ok(_turn(decisions, rolls, battle={"action_points": 4, "friendship_boost": True}, battle_life=8))
    battle = _state(out, "battle")
    assert (battle["life_bar"], battle["dramatic"]["action_points"]) == (23, 1)
    assert battle["dramatic"]["friendship_boost"] is False  # one turn only
    without = _turn(decisions, rolls, battle={"action_points": 4}, battle_life=8)
    assert _refused(without) == ["AP_OVER_PL_LIMIT"]


# ── Checks in place of the attack ──────────────────────────────────────────────────────────────────


def test_sense_ki_then_draw_ki() -> None:
    # 000 L7297: Sense Ki 5 + a 4 = 9 becomes the Draw Ki cap
    sensed = _ok(
        _turn({"T1.rei.action": {"option": "sense_ki"}, "T1.battle.action": {"action": "none"}}, {"T1.rei.sense_ki": 4})
    )
    assert _state(sensed, "rei")["dramatic"]["sense_ki"] == 9
    # 000 L7249 (DC-12): Draw Ki 6 + a 9 = 15, at most PL 3 × 2 = 6 and the Sense Ki 9: +6 FS, 20 → 26
    drawn = _ok(
        _turn(
            {"T1.rei.action": {"option": "draw_ki"}, "T1.battle.action": {"action": "none"}},
            {"T1.rei.draw_ki": 9},
            rei={"sense_ki": 9},
            rei_fs=20,
        )
    )
    assert _state(drawn, "rei")["fighting_spirit"] == 26


def test_draw_ki_needs_sense_ki_first() -> None:
    out = _turn({"T1.rei.action": {"option": "draw_ki"}}, {}, rei={"action_points": 1})
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_reaffirm_purpose() -> None:
    # 000 L7257: 4 + a 10 = 14; FS at most PL 3 × 4 = 12 and the start 30: 10 → 22; or 14 // 3 = 4 healing points
    fs = _ok(
        _turn(
            {"T1.rei.action": {"option": "reaffirm_purpose"}, "T1.battle.action": {"action": "none"}},
            {"T1.rei.reaffirm_purpose": 10},
            rei={"reaffirm_ready": True},
            rei_fs=10,
        )
    )
    assert _state(fs, "rei")["fighting_spirit"] == 22
    points = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "reaffirm_purpose", "recovery": "healing_points"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.reaffirm_purpose": 10},
            rei={"reaffirm_ready": True},
        )
    )
    assert _state(points, "rei")["dramatic"]["healing_points"] == 4
    # only after a turn hurt and hurting no one
    closed = _turn({"T1.rei.action": {"option": "reaffirm_purpose"}}, {})
    assert _refused(closed) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_reaffirm_purpose_opens_after_a_turn_hurt_and_hurting_no_one() -> None:
    # 000 L7257: Battle was hit and did nothing: next turn he may; Rei hurt him and may not
    out = _ok(_turn({"T1.rei.action": _basic()}, {"T1.rei.attack": 3, "T1.rei.damage": 4}))
    assert _state(out, "battle")["dramatic"]["reaffirm_ready"] is True
    assert _state(out, "rei")["dramatic"]["reaffirm_ready"] is False


def test_realize_potential() -> None:
    # 000 L7259–L7271 (DC-11 with PL 3): 4 + a 10 = 14; FS at most PL 3 × 3 = 9: 10 → 19; or 14 // 4 = 3 points
    fs = _ok(
        _turn(
            {"T1.rei.action": {"option": "realize_potential"}, "T1.battle.action": {"action": "none"}},
            {"T1.rei.realize_potential": 10},
            rei={"realize_ready": True},
            rei_fs=10,
        )
    )
    assert _state(fs, "rei")["fighting_spirit"] == 19
    points = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "realize_potential", "recovery": "healing_points"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.realize_potential": 10},
            rei={"realize_ready": True},
        )
    )
    assert _state(points, "rei")["dramatic"]["healing_points"] == 3


def test_presence_once_a_fight() -> None:
    # 000 L7291 (DC-8): 3 + a 10 = 13 → 13 // 4 = 3 points: 0 + 1 − 1 + 3 = 3
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "presence"}, "T1.battle.action": {"action": "none"}}, {"T1.rei.presence": 10}
        )
    )
    rei = _state(out, "rei")
    assert rei["dramatic"]["action_points"] == 3
    assert rei["dramatic"]["presence_used"] is True
    earned = [e for e in out["events"] if e["kind"] == "action_points" and e["fighter"] == "rei"]
    assert [(e["amount"], e["value"]) for e in earned] == [(1, 1), (-1, 0), (3, 3)]  # the grant, the price, the gain
    again = _turn({"T1.rei.action": {"option": "presence"}}, {}, rei={"action_points": 1, "presence_used": True})
    assert _refused(again) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_stance_evaluation_then_the_next_attack() -> None:
    # 000 L7309 (DC-9): 5 + a 4 = 9 → +2 Accuracy and damage on the next attack at Battle
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "stance_evaluation", "target": "battle"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.stance_evaluation": 4},
        )
    )
    assert _state(out, "rei")["dramatic"]["stance"] == {"battle": 2}
    # next turn: 1 + 2 = 3, a die of 1 → 4 ≥ 3 hits; 1d8 shows 3 + 2 = 5 → Battle 20; the bonus is spent
    nxt = _ok(
        _turn(
            {"T2.rei.action": _basic()}, {"T1.rei.attack": 1, "T1.rei.damage": 3}, rei={"stance": {"battle": 2}}, turn=2
        )
    )
    assert _attack_step(nxt)["accuracy"] == 3
    assert _state(nxt, "battle")["life_bar"] == 20
    assert _state(nxt, "rei")["dramatic"]["stance"] == {}


def test_a_skill_option_needs_the_skill() -> None:
    out = _turn({"T1.battle.action": {"option": "presence"}, "T1.rei.action": {"action": "none"}}, {})
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


# ── What the turn offers and what it still reports ─────────────────────────────────────────────────


def test_offered_choices_carry_the_new_options() -> None:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            _fighter("rei", REI_D, 25, 30, {"action_points": 2, "sense_ki": 9}),
            _fighter("battle", BATTLE_D, 25, 30, {}),
        ],
        "rolls": INIT,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    pending = next(p for p in out["decisions_needed"] if p["key"] == "T1.rei.action")
    options = {c["value"].get("option") for c in pending["choices"]}
    assert {"final_blow", "debilitating_injury", "surprise_attack", "pushing_it"} <= options
    assert {"sense_ki", "draw_ki", "presence", "stance_evaluation"} <= options
    assert "reaffirm_purpose" not in options  # not open this turn


def test_every_option_is_offered_or_taken_at_its_point() -> None:
    # all 43 options (000 L7138–L7325) have their point in a turn: none is left in the named gaps
    from service.rules.fight2e.combat.dramatic.turn import _IN_TURN
    from service.rules.fight2e.dramatic.catalogue import tables

    assert {o.id for o in tables().options} <= _IN_TURN
    out = _ok(_turn({"T1.rei.action": {"action": "none"}, "T1.battle.action": {"action": "none"}}, {}))
    # the spiritual Fighter, a Stand Off of more than two, switching and transforming are resolved: no gap is named
    assert out["unsupported"] == []


# ── Climactic Super Move ───────────────────────────────────────────────────────────────────────────

REI_CSM = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "climactic_super_move", "level": 6}]}


def _csm(battle_life: int, check: int) -> dict[str, Any]:
    # Rei at 2 of 25: below ceil(25 / 10) = 3 (ruling C9 iii); Battle keeps half or more (000 L7156)
    return _turn(
        {
            "T1.rei.climactic": {"choice": "act"},
            "T1.rei.action": {"option": "climactic_super_move", "target": "battle", "fs": 3},
        },  # the hit costs Battle his action (000 L7130)
        {"T1.rei.attack": 2, "T1.rei.climactic_check": check},
        rei={"action_points": 1},
        rei_life=2,
        battle_life=battle_life,
        sheets=(REI_CSM, BATTLE_D),
    )


def test_climactic_super_move_fails_the_check() -> None:
    # 000 L7158–L7170: −2 + 1 + 3 FS = 2, a 2 → 4 against Evasion 2 + 1 = 3 hits (ruling C9 i); Battle at 100 %:
    # DL 16; 6 + a 4 = 10 fails: a tenth of 25, rounded up, 3 damage → 22, and 5 Glory
    out = _ok(_csm(25, 4))
    assert _attack_step(out) == {"face": 2, "accuracy": 2, "defense_total": 3}
    assert [(e["fighter"], e["other"]) for e in out["events"] if e["kind"] == "hit"] == [("rei", "battle")]
    assert _state(out, "battle")["life_bar"] == 22
    assert _glory(out, "rei") == 5
    rei = _state(out, "rei")
    assert rei["dramatic"]["climactic_used"] is True
    assert rei["dramatic"]["action_points"] == 1  # the banked 1 paid before the turn's point came


def test_climactic_super_move_empties_the_bar() -> None:
    # Battle at 13 of 25: 52 % → the 50 % row, DL 4; 6 + a 1 = 7 succeeds: Battle 0 and 10 Glory
    out = _ok(_csm(13, 1))
    assert _state(out, "battle")["life_bar"] == 0
    assert _glory(out, "rei") == 10


def test_climactic_super_move_eligibility() -> None:
    # ruling C9 iii: 3 of 25 is not below ceil(2.5) = 3: the announcement is never asked for
    out = _turn(
        {"T1.rei.climactic": {"choice": "act"}, "T1.rei.action": NONE, "T1.battle.action": NONE},
        {},
        rei={"action_points": 1},
        rei_life=3,
        sheets=(REI_CSM, BATTLE_D),
    )
    assert _refused(out) == ["DECISION_KEY_UNKNOWN"]
    # once announced it is his action; unannounced it cannot be taken
    late = _turn(
        {"T1.rei.action": {"option": "climactic_super_move", "target": "battle"}}, {}, sheets=(REI_CSM, BATTLE_D)
    )
    assert _refused(late) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


# ── Ki Yelling and the Stand Off ───────────────────────────────────────────────────────────────────

REI_PD = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "property_damage", "level": 2}]}
BATTLE_BASIC = {"action": "attack", "moves": ["basic_move"], "target": "rei"}


def test_ki_yelling_unbroken_doubles_the_skill() -> None:
    # 000 L7281: Rei yells: +1 to his Defense 3 = 4; Battle's Basic Move 0 + a 3 misses: next turn his Property
    # Damage counts double
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "ki_yelling", "skill": "property_damage"}, "T1.battle.action": BATTLE_BASIC},
            {"T1.battle.attack": 3},
            sheets=(REI_PD, BATTLE_D),
        )
    )
    assert _attack_step(out)["defense_total"] == 4
    assert _state(out, "rei")["dramatic"]["yelled"] == "property_damage"
    # Property Damage 2 doubled is 4: the 4–7 row, 1d6, then two sizes for Strength and Stamina: 1d10 (000 L7197,
    # L3979); 1 + a 3 = 4 against Evasion 2 + 1 + 1 hits, and the 1d10 can show 10: Battle 25 − 10 = 15
    nxt = _ok(
        _turn(
            {"T2.rei.action": {"option": "property_damage", "target": "battle"}},
            {"T1.rei.attack": 3, "T1.rei.damage": 10},
            rei={"action_points": 1, "yelled": "property_damage"},
            turn=2,
            sheets=(REI_PD, BATTLE_D),
        )
    )
    assert next(r["die"] for r in nxt["rolls"] if r["key"] == "T2.rei.damage") == "1d10"
    assert _state(nxt, "battle")["life_bar"] == 15


def test_ki_yelling_cut_off_by_a_hit() -> None:
    # a 4 reaches 4: the hit cuts the yell off (000 L7281)
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "ki_yelling", "skill": "ki"}, "T1.battle.action": BATTLE_BASIC},
            {"T1.battle.attack": 4, "T1.battle.damage": 1},
        )
    )
    assert _state(out, "rei")["dramatic"]["yelled"] is None


def test_stand_off_agreed_then_held() -> None:
    # 000 L7273: at Range 1 neither hurt the other: both agree and pay a point (0 + 1 − 1 each)
    out = _ok(
        _turn(
            {
                "T1.rei.action": NONE,
                "T1.battle.action": NONE,
                "T1.rei.stand_off": {"choice": "act"},
                "T1.battle.stand_off": {"choice": "act"},
            },
            {},
        )
    )
    rei, battle = _state(out, "rei")["dramatic"], _state(out, "battle")["dramatic"]
    assert (rei["stand_off"], battle["stand_off"]) == ("battle", "rei")
    assert rei["action_points"] == battle["action_points"] == 0
    # the Stand Off turn: Rei weighs Battle up, 5 + a 4 = 9 → 9 // 2 = +4 (ruling C18: no further point); Battle
    # rests: 20 + a 2 + PL 3 = 25
    held = _ok(
        _turn(
            {"T2.rei.action": {"option": "stance_evaluation", "target": "battle"}},
            {"T1.rei.stance_evaluation": 4, "T1.battle.stand_off_heal": 2},
            rei={"stand_off": "battle"},
            battle={"stand_off": "rei"},
            battle_life=20,
            turn=2,
        )
    )
    assert _state(held, "rei")["dramatic"]["stance"] == {"battle": 4}
    assert _state(held, "rei")["dramatic"]["action_points"] == 1
    assert _state(held, "battle")["life_bar"] == 25


# ── Ki Face Off ────────────────────────────────────────────────────────────────────────────────────

REI_KI = copy.deepcopy(REI_D)
REI_KI["combat_skills"]["ki"] = 5
SHOT = {"action": "attack", "moves": ["mystic_shot"], "target": "rei"}


def test_ki_face_off_opening() -> None:
    # 000 L7231–L7235: Battle (first: 9 against Rei's 1 + 1) fires the Ranged Mystic Shot, 1d6+1 a die size up:
    # 1d8+1 (no Stamina either way: Rei's is 0); Rei pays a point and meets it with Ki 5, a Ranged move's 1d6
    # (000 L3979; ruling C16: no extra die size). 7 + 1 = 8 against 3: Battle +5 Initiative next turn; no one hurt
    out = _ok(
        _turn(
            {"T1.battle.action": SHOT, "T1.rei.defense": {"option": "ki_face_off"}, "T1.rei.action": NONE},
            {
                "T1.rei.init": 1,
                "T1.battle.init": 9,
                "T1.battle.face_off_damage": 7,
                "T1.rei.face_off_damage": 3,
            },
            rei={"action_points": 1},
            sheets=(REI_KI, BATTLE_D),
        )
    )
    rei, battle = _state(out, "rei"), _state(out, "battle")
    assert (rei["life_bar"], battle["life_bar"]) == (25, 25)
    assert (battle["dramatic"]["face_off"], battle["dramatic"]["face_off_bonus"]) == ("rei", 5)
    assert (rei["dramatic"]["face_off"], rei["dramatic"]["face_off_bonus"]) == ("battle", 0)
    assert rei["dramatic"]["action_points"] == 1  # 1 + 1 − 1
    assert battle["dramatic"]["no_point_next_turn"] is True  # the Special Move defeated no one (ruling C11)
    assert not any(s["label"] == "D.6" and "face" in s["inputs"] for s in out["log"])  # no attack roll


def test_ki_face_off_settled_at_the_next_initiative() -> None:
    # 000 L7237: Rei 8 + 1 = 9 against Battle 2 + 5 = 7: Rei wins; 1d12 shows 3, at least his Ki 5: Battle 25 − 5
    # = 20, knocked back 2 Ranges: 1 → 3
    out = _ok(
        _turn(
            {"T2.rei.action": NONE, "T2.battle.action": NONE},
            {"T1.rei.init": 8, "T1.battle.init": 2, "T1.rei.face_off": 3},
            rei={"face_off": "battle"},
            battle={"face_off": "rei", "face_off_bonus": 5},
            turn=2,
            sheets=(REI_KI, BATTLE_D),
        )
    )
    assert _state(out, "battle")["life_bar"] == 20
    assert out["fight"]["positioning"]["range"] == 3
    assert _state(out, "battle")["dramatic"]["face_off"] is None


def test_ki_face_off_only_against_a_ranged_special_move() -> None:
    out = _turn(
        {"T1.battle.action": BATTLE_BASIC, "T1.rei.defense": {"option": "ki_face_off"}},
        {"T1.rei.init": 1, "T1.battle.init": 9},
        rei={"action_points": 1},
        sheets=(REI_KI, BATTLE_D),
    )
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


# ── Gadgeteering, Magic, Psychic ───────────────────────────────────────────────────────────────────

REI_MAGIC = {
    **REI_D,
    "narrative_skills": [
        *REI_D["narrative_skills"],
        {"id": "magic", "level": 6},
        {"id": "property_damage", "level": 3},
    ],
}


def _asuka(check: int, damage: int) -> dict[str, Any]:
    return _turn(
        {
            "T1.rei.secondary_skill": {"choice": "act", "raise_skill": "property_damage"},
            "T1.rei.action": {"option": "property_damage", "target": "battle"},
        },
        {"T1.rei.secondary_check": check, "T1.rei.attack": 3, "T1.rei.damage": damage},
        rei={"action_points": 1},
        sheets=(REI_MAGIC, BATTLE_D),
    )


def test_magic_raises_property_damage_for_the_turn() -> None:
    # 000 L7277–L7279 (DC-4, Asuka): Magic 6 + a 3 = 9 reaches DL 8: Property Damage 3 counts as 6, the 4–7 row:
    # 1d6, two sizes up for Strength and Stamina: 1d10 (000 L7197, L3979); 1 + 1 − 2 spent + 1 for the Property
    # Damage hit (000 L7197; the top roll earns nothing on his first attack, 000 L7112) = 1
    out = _ok(_asuka(3, 10))
    assert next(r["die"] for r in out["rolls"] if r["key"] == "T1.rei.damage") == "1d10"
    assert _state(out, "battle")["life_bar"] == 15
    assert _state(out, "rei")["dramatic"]["action_points"] == 1


def test_magic_check_missed() -> None:
    # 6 + a 1 = 7 misses DL 8: Property Damage stays 3, the 1–3 row: 1d4, two sizes up: 1d8
    out = _ok(_asuka(1, 8))
    assert next(r["die"] for r in out["rolls"] if r["key"] == "T1.rei.damage") == "1d8"


def test_secondary_skills_in_step_with_the_tables() -> None:
    from service.rules.fight2e.combat.contract.models import SecondarySkill
    from service.rules.fight2e.dramatic.catalogue import tables

    listed = {s for skills in tables().secondary_skills.values() for s in skills}
    assert {s.value for s in SecondarySkill} == listed


# ── Mind-Manipulating Magic ────────────────────────────────────────────────────────────────────────

REI_MIND = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "psychic", "level": 4}]}


def test_mind_manipulation_idles_the_target() -> None:
    # 000 L7283–L7285: Psychic 4 + a 5 = 9 against Battle's plain d10 (no Grim Determination) of 6: he does nothing
    # next turn; a point spent: 0 + 1 − 1 = 0
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "mind_manipulation", "target": "battle", "mind": "idle"},
                "T1.battle.action": NONE,
            },
            {"T1.rei.mind_check": 5, "T1.battle.mind_resist": 6},
            sheets=(REI_MIND, BATTLE_D),
        )
    )
    assert _state(out, "battle")["dramatic"]["idle"] is True
    assert _state(out, "rei")["dramatic"]["action_points"] == 0
    # the idle turn: no action asked of Battle, and against Rei's Basic Move he has half his Defense 0 plus his
    # Defense Bonus 1 = 1, no FS, no Evasion (000 L5980): 1 + a 1 = 2 hits
    nxt = _ok(
        _turn(
            {"T2.rei.action": _basic()},
            {"T1.rei.attack": 1, "T1.rei.damage": 2},
            battle={"idle": True},
            turn=2,
            sheets=(REI_MIND, BATTLE_D),
        )
    )
    assert _attack_step(nxt)["defense_total"] == 1
    assert _state(nxt, "battle")["life_bar"] == 23


def test_mind_manipulation_resisted_and_dictation() -> None:
    # 4 + a 2 = 6 is not higher than a 6: resisted
    lost = _ok(
        _turn(
            {"T1.rei.action": {"option": "mind_manipulation", "target": "battle"}, "T1.battle.action": NONE},
            {"T1.rei.mind_check": 2, "T1.battle.mind_resist": 6},
            sheets=(REI_MIND, BATTLE_D),
        )
    )
    assert _state(lost, "battle")["dramatic"]["idle"] is False
    won = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "mind_manipulation", "target": "battle", "mind": "dictate"},
                "T1.battle.action": NONE,
            },
            {"T1.rei.mind_check": 9, "T1.battle.mind_resist": 6},
            sheets=(REI_MIND, BATTLE_D),
        )
    )
    assert _state(won, "battle")["dramatic"]["dictated_by"] == "rei"


# ── Spirit Combat ──────────────────────────────────────────────────────────────────────────────────

REI_SPIRIT = {
    **REI_D,
    "narrative_skills": [
        *REI_D["narrative_skills"],
        {"id": "psychic", "level": 7},
        {"id": "spirituality", "level": 5},
        {"id": "call_forth_wisdom", "level": 4},
        {"id": "meditation", "level": 4},
        {"id": "zen_state", "level": 5},
    ],
}
SPIRITS = {"spirit_combat": True}


def test_spirit_combat_opened() -> None:
    # 000 L7299: Psychic 7 qualifies at Range 1 (≤ 4); 7 + a 3 = 10 beats Battle's plain d10 of 9 (he has none of the
    # skills): both on the spirit plane; a point: 0 + 1 − 1 = 0
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "spirit_combat", "target": "battle"}, "T1.battle.action": NONE},
            {"T1.rei.spirit_check": 3, "T1.battle.spirit_resist": 9},
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _state(out, "rei")["dramatic"]["spirit_combat"] is True
    assert _state(out, "battle")["dramatic"]["spirit_combat"] is True
    assert _state(out, "rei")["dramatic"]["action_points"] == 0
    # a 2 (9) does not beat a 9: resisted
    held = _ok(
        _turn(
            {"T1.rei.action": {"option": "spirit_combat", "target": "battle"}, "T1.battle.action": NONE},
            {"T1.rei.spirit_check": 2, "T1.battle.spirit_resist": 9},
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _state(held, "battle")["dramatic"]["spirit_combat"] is False


def test_spirit_plane_penalises_the_unfit() -> None:
    # 000 L7305, L7315: Battle has no Magic, Psychic, Power, Meditation 4, Zen State 3 or Spirituality 2: −2 to his
    # Defense Totals: Evasion 2 + 1 − 2 = 1; Rei (Meditation 4) fights spirits: 1 + a 1 = 2 hits
    out = _ok(
        _turn(
            {"T1.rei.action": _basic()},
            {"T1.rei.attack": 1, "T1.rei.damage": 1},
            rei=SPIRITS,
            battle=SPIRITS,
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _attack_step(out) == {"face": 1, "accuracy": 1, "defense_total": 1}


def test_spirituality_in_place_of_defense() -> None:
    # 000 L7323: Battle first (9 against 1 + 1); Rei pays a point for Spirituality 5 in place of Defense 3: 5;
    # Battle's Basic Move 0 − 2 (unfit) + a 6 = 4 misses
    out = _ok(
        _turn(
            {
                "T1.battle.action": BATTLE_BASIC,
                "T1.rei.defense": {"defense": "defense", "option": "spirituality"},
                "T1.rei.action": NONE,
            },
            {"T1.rei.init": 1, "T1.battle.init": 9, "T1.battle.attack": 6},
            rei={**SPIRITS, "action_points": 1},
            battle=SPIRITS,
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _attack_step(out) == {"face": 6, "accuracy": -2, "defense_total": 5}
    assert _state(out, "rei")["dramatic"]["action_points"] == 1  # 1 + 1 − 1
    # not off the spirit plane
    off = _turn(
        {"T1.battle.action": BATTLE_BASIC, "T1.rei.defense": {"defense": "defense", "option": "spirituality"}},
        {"T1.rei.init": 1, "T1.battle.init": 9, "T1.battle.attack": 6},
        rei={"action_points": 1},
        sheets=(REI_SPIRIT, BATTLE_D),
    )
    assert _refused(off) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_call_forth_wisdom_is_property_damage_with_its_skill() -> None:
    # 000 L7319, L7197: Call Forth Wisdom 4: the 4–7 row, 1d6, two sizes up: 1d10; Battle's Evasion 2 + 1 + 1
    # (thrown) − 2 (unfit) = 2; Rei 1 + a 1 = 2 hits; a point spent and one earned for the hit: 1 + 1 − 1 + 1 = 2
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "call_forth_wisdom", "target": "battle"}},
            {"T1.rei.attack": 1, "T1.rei.damage": 4},
            rei={**SPIRITS, "action_points": 1},
            battle=SPIRITS,
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _attack_step(out)["defense_total"] == 2
    assert next(r["die"] for r in out["rolls"] if r["key"] == "T1.rei.damage") == "1d10"
    assert _state(out, "battle")["life_bar"] == 21
    assert _state(out, "rei")["dramatic"]["action_points"] == 2


def test_meditation_away_from_the_fight() -> None:
    # 000 L7321, L7249: at Range 5, Meditation 4 + a 9 = 13, at most PL 3 × 2 = 6 FS: 20 → 26
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "meditation"}, "T1.battle.action": NONE},
            {"T1.rei.meditation": 9},
            rei_fs=20,
            at=5,
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert _state(out, "rei")["fighting_spirit"] == 26
    near = _turn({"T1.rei.action": {"option": "meditation"}}, {}, sheets=(REI_SPIRIT, BATTLE_D))
    assert _refused(near) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_zen_state_in_place_of_athletics() -> None:
    # 000 L7325, L7152: Zen State 5 + a 3 = 8 beats Battle's Athletics 0 + a 7: Range 5; a point for Zen State and
    # one because Battle objects: 1 + 1 − 2 = 0
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "zen_state"}, "T1.battle.action": NONE},
            {"T1.rei.escape": 3, "T1.battle.pursue": 7},
            rei={"action_points": 1},
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert out["fight"]["positioning"]["range"] == 5
    assert _state(out, "rei")["dramatic"]["action_points"] == 0


def test_zen_state_leaves_the_spirit_plane() -> None:
    # 000 L7307: the same contest from Spirit Combat brings both back where they stood (Range 1)
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "zen_state"}, "T1.battle.action": NONE},
            {"T1.rei.escape": 3, "T1.battle.pursue": 7},
            rei={**SPIRITS, "action_points": 1},
            battle=SPIRITS,
            sheets=(REI_SPIRIT, BATTLE_D),
        )
    )
    assert out["fight"]["positioning"]["range"] == 1
    assert _state(out, "rei")["dramatic"]["spirit_combat"] is False
    assert _state(out, "battle")["dramatic"]["spirit_combat"] is False
    # Athletics alone does not get him out
    plain = _turn(
        {"T1.rei.action": {"option": "leaving_combat"}}, {}, rei={**SPIRITS, "action_points": 1}, battle=SPIRITS
    )
    assert _refused(plain) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_leaving_combat_opposed_without_a_point() -> None:
    # 000 L7152: an opposed escape costs a point; Rei has none (no point granted this turn, 000 L7213): he stays
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "leaving_combat"}, "T1.battle.action": NONE},
            {},
            rei={"no_point_next_turn": True},
        )
    )
    assert out["fight"]["positioning"]["range"] == 1


# ── Power ──────────────────────────────────────────────────────────────────────────────────────────

REI_POWER = {**REI_D, "narrative_skills": [*REI_D["narrative_skills"], {"id": "power", "level": 6}]}


def test_power_stands_in_for_athletics() -> None:
    # 000 L7289 (flight for Athletics), L7150: Power 6 in place of his Athletics 0: 6 + a 2 = 8 → 2 extra Ranges:
    # Range 3 → 1; Power costs nothing itself, Athletics its point: 0 + 1 − 1 = 0
    out = _ok(
        _turn(
            {
                "T1.rei.power": {"choice": "act", "power_for": "athletics"},
                "T1.rei.action": {"option": "athletics", "athletics": "extra_range"},
                "T1.battle.action": NONE,
            },
            {"T1.rei.athletics": 2},
            at=3,
            sheets=(REI_POWER, BATTLE_D),
        )
    )
    assert out["fight"]["positioning"]["range"] == 1
    assert _state(out, "rei")["dramatic"]["action_points"] == 0


# ── Several options on one attack ──────────────────────────────────────────────────────────────────


def test_basic_boost_and_pushing_it_together() -> None:
    # 000 L7110, L7293: +2 Accuracy bought and +4 damage pushed, a point each: 1 + 1 − 2 = 0; the push costs Rei a
    # 1d6 of 2 (25 → 23); 0 + 1 + 2 + a 1 = 4 against 3 hits; 1d8 shows 3 + 4 = 7: Battle 18
    out = _ok(
        _turn(
            {"T1.rei.action": _basic("basic_boost", boost="accuracy", also=["pushing_it"], push="damage")},
            {"T1.rei.push": 2, "T1.rei.attack": 1, "T1.rei.damage": 3},
            rei={"action_points": 1},
        )
    )
    assert _attack_step(out) == {"face": 1, "accuracy": 3, "defense_total": 3}
    assert (_state(out, "rei")["life_bar"], _state(out, "battle")["life_bar"]) == (23, 18)
    assert _state(out, "rei")["dramatic"]["action_points"] == 0


def test_final_blow_and_debilitating_injury_do_not_go_together() -> None:
    out = _turn({"T1.rei.action": _basic("final_blow", also=["debilitating_injury"])}, {}, rei={"action_points": 2})
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    odd = _turn({"T1.rei.action": _basic("final_blow", also=["presence"])}, {}, rei={"action_points": 2})
    assert _refused(odd) == ["DECISION_INVALID"]


def test_draw_ki_past_the_starting_total() -> None:
    # 000 L7249: Draw Ki may pass the start: 28 + min(6 + a 9, PL 3 × 2, Sense Ki 9) = 34, carried as 30 and 4 above
    out = _ok(
        _turn(
            {"T1.rei.action": {"option": "draw_ki"}, "T1.battle.action": NONE},
            {"T1.rei.draw_ki": 9},
            rei={"sense_ki": 9},
            rei_fs=28,
        )
    )
    rei = _state(out, "rei")
    assert (rei["fighting_spirit"], rei["dramatic"]["fs_above_start"]) == (30, 4)
    # next turn the 34 are there to spend: 3 FS on a Basic Move leave 31, carried as 30 and 1
    nxt = _ok(
        _turn(
            {"T2.rei.action": _basic(fs=3)},
            {"T1.rei.attack": 1},  # it hits; the seed rolls the damage
            rei={"fs_above_start": 4},
            turn=2,
        )
    )
    rei = _state(nxt, "rei")
    assert (rei["fighting_spirit"], rei["dramatic"]["fs_above_start"]) == (30, 1)
