"""The main system's non-attack actions in a Dramatic turn (000 L6037–L6049, L2141, L5996–L6004; ruling C21), each
worked by hand from the text. Rei and Battle as in test_options.py: Rei PL 3, Speed 1 (Initiative 1d8 + 1), Defense
3, Accuracy Bonus +1; Battle Initiative 1d10 + 0, Evasion 2 + Defense Bonus 1."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D

RAGE = {
    "id": "rage",
    "name": "Rage",
    "level": 3,
    "elements": [{"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "strength"}}],
}


def _turn(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    at: int = 1,
    turn: int = 1,
    rei: dict | None = None,
    rei_fs: int = 30,
    options: dict | None = None,
    sheet: dict | None = None,
    time_count: int = 99,
) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic", **(options or {})},
        "fight": {"turn": turn, "time_count": time_count, "positioning": {"mode": "range", "range": at}},
        "fighters": [
            {
                "id": "rei",
                "sheet": sheet or REI_D,
                "state": {"life_bar": 25, "fighting_spirit": rei_fs, "fs_start": 30, **(rei or {})},
            },
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30}},
        ],
        "decisions": decisions,
        "rolls": {f"T{turn}.rei.init": 8, f"T{turn}.battle.init": 1, **rolls},  # Rei 9, Battle 1
        "seed": 5,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _rei(out: dict[str, Any]) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == "rei")


NOTHING = {"T1.battle.action": {"action": "none"}}


def test_refocus_regains_fighting_spirit_at_range_two_or_more() -> None:
    # 000 L6041: 1d4 (3) + half PL (1) = 4 FS, 20 → 24, below his starting 30
    out = _ok(_turn({"T1.rei.action": {"action": "refocus"}, **NOTHING}, {"T1.rei.refocus": 3}, at=2, rei_fs=20))
    assert _rei(out)["fighting_spirit"] == 24


def test_refocus_after_stepping_away_and_too_close() -> None:
    # 1 Range away from Range 1 is Range 2: allowed (ruling A19: after its movement); staying at Range 1 is not
    away = {"action": "refocus", "movement": 1, "direction": "away"}
    out = _ok(_turn({"T1.rei.action": away, **NOTHING}, {"T1.rei.refocus": 1}, rei_fs=29))
    assert _rei(out)["fighting_spirit"] == 30  # 1 + 1, capped at the start
    out = _turn({"T1.rei.action": {"action": "refocus"}}, {})
    assert [v["code"] for v in out["violations"]] == ["REFOCUS_TOO_CLOSE"]


def test_after_a_non_attack_action_only_defense_serves() -> None:
    # 000 L6037: Battle attacks Rei after his Refocus; Rei asks for Evasion: refused
    out = _turn(
        {
            "T1.rei.action": {"action": "refocus"},
            "T1.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"},
            "T1.rei.defense": {"defense": "evasion", "fs": 0},
        },
        {"T1.rei.refocus": 1},
        at=3,
    )
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_power_up_adds_a_d6_of_super_energy() -> None:
    # 000 L6043: Rei (PL 3, a Super Move) rolls 4: +4 Super Energy
    out = _ok(_turn({"T1.rei.action": {"action": "power_up"}, **NOTHING}, {"T1.rei.power_up": 4}))
    step = next(s for s in out["log"] if s["ref"] == "000 L6043")
    assert step["inputs"] == {"roll": 4} and "+4 Super Energy" in step["text"]


def test_await_opening_counts_then_cashes_in_to_the_initiative_die_and_accuracy() -> None:
    # 000 L6045–L6049, ruling C21: a turn awaited untouched counts 1; next turn PL 3 sizes: Rei's 1d8 takes two to
    # 1d12 and the third is +1 Accuracy: his Basic Move at Range 1 is 0 + 1 + 1 = 2
    out = _ok(_turn({"T1.rei.action": {"action": "await_opening"}, **NOTHING}, {}))
    assert _rei(out)["await_opening"] == 1
    out = _ok(
        _turn(
            {"T2.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"}},
            {"T2.rei.attack": 1, "T2.rei.init": 11},
            turn=2,
            rei={"await_opening": 1},
        )
    )
    init = next(s for s in out["log"] if s["label"] == "A.2" and s["actor"] == "rei")
    assert init["inputs"]["die"] == "1d12"
    attack = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")
    assert attack["inputs"]["accuracy"] == 2
    assert _rei(out)["await_opening"] == 0


def test_taunt_earns_a_d4_of_glory_once() -> None:
    # 000 L2141: at Battle's lower Initiative, 1d4 (3) Glory; the Taunt needs its option
    out = _ok(
        _turn(
            {"T1.rei.action": {"action": "taunt", "target": "battle"}, **NOTHING},
            {"T1.rei.taunt_glory": 3},
            options={"taunts": True},
        )
    )
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 3)]
    assert _rei(out)["taunt_used"] is True
    out = _turn({"T1.rei.action": {"action": "taunt", "target": "battle"}}, {})
    assert [v["code"] for v in out["violations"]] == ["TAUNT_INVALID"]


def test_a_utility_move_is_paid_as_a_special_move_and_earns_its_level() -> None:
    # 000 L7209: a point the first time; 000 L6004: Glory equal to its level (3) the first time
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(RAGE)
    out = _ok(_turn({"T1.rei.action": {"action": "utility", "moves": ["rage"]}, **NOTHING}, {}, sheet=sheet))
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 3)]
    assert _rei(out)["dramatic"]["action_points"] == 0
    assert _rei(out)["dramatic"]["special_moves_used"] == ["rage"]


def test_an_unbroken_ki_yell_doubles_ki_on_a_ranged_move_s_damage() -> None:
    # 000 L7281: Battle's Ki 4 counts 8 this turn; his Mystic Shot's die from Ki goes from 1d6 (Ki 4–7) to 1d8
    # (Ki 8–9, 000 L3979–L3980), one size more as a Special Move in Dramatic Combat (000 L7211): 1d10, + his
    # Damage Bonus 1; without the yell 1d8 + 1
    def shot(battle: dict) -> str:
        body = {
            "options": {"subsystem": "dramatic"},
            "fight": {"turn": 2, "time_count": 99, "positioning": {"mode": "range", "range": 3}},
            "fighters": [
                {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30}},
                {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30, **battle}},
            ],
            "decisions": {"T2.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"}},
            "rolls": {"T2.rei.init": 1, "T2.battle.init": 9, "T2.battle.attack": 6, "T2.battle.damage": 1},
            "seed": 5,
        }
        out = _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))
        return next(s["text"] for s in out["log"] if s["label"] == "E.1" and s["text"].startswith("Damage"))

    assert shot({"dramatic": {"yelled": "ki"}}).startswith("Damage 1d10+1")
    assert shot({}).startswith("Damage 1d8+1")


def test_knocked_out_of_the_fight_he_may_rest_or_leave_the_scene() -> None:
    # 000 L7195: knocked out of the fight Rei may rest rather than come back: alone on his side at Range 5 he may
    # Draw Ki without a Sense Ki first (000 L7152): Draw Ki 6, a 5: 11, capped at PL × 2 = 6: FS 20 → 26; his turn
    # of coming back is still owed
    out = _ok(
        _turn(
            {
                "T1.rei.knocked_out": {"choice": "stay"},
                "T1.rei.action": {"option": "draw_ki"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.draw_ki": 5},
            at=5,
            rei={"dramatic": {"returning_turns": 1}},
            rei_fs=20,
        )
    )
    assert _rei(out)["fighting_spirit"] == 26
    assert _rei(out)["dramatic"]["returning_turns"] == 1
    # resting, he does not attack
    out = _turn(
        {"T1.rei.knocked_out": {"choice": "stay"}, "T1.rei.action": {"option": "property_damage", "target": "battle"}},
        {},
        at=5,
        rei={"dramatic": {"returning_turns": 1}},
    )
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    # or he leaves the scene: out of the fight (ours: as a defeat with no damage), the round over
    out = _turn(
        {"T1.rei.knocked_out": {"choice": "away"}},
        {},
        at=5,
        rei={"dramatic": {"returning_turns": 1}},
    )
    assert out["status"] == "over"
    assert (_rei(out)["life_bar"], _rei(out)["defeated"]) == (0, True)


def test_a_fighter_down_stands_up_and_may_realize_his_potential_next_turn() -> None:
    # 000 L5958: his action is standing up; 000 L7259: having just stood up opens Realize Potential next turn
    out = _ok(_turn({"T1.battle.action": {"action": "none"}}, {}, rei={"knocked_down": True}))
    assert _rei(out)["knocked_down"] is False
    assert _rei(out)["dramatic"]["realize_ready"] is True


def test_a_utility_moves_limited_use_spends_a_charge() -> None:
    # 000 L4600–L4614: a Limited Use move starts with 6 charges; its use as the action spends one: 5 left, and
    # nothing is named under dramatic_move_elements
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({**copy.deepcopy(RAGE), "liabilities": [{"id": "limited_use"}]})
    out = _ok(_turn({"T1.rei.action": {"action": "utility", "moves": ["rage"]}, **NOTHING}, {}, sheet=sheet))
    pools = [(e["move"], e["charges"]) for e in _rei(out)["ongoing_effects"] if e["id"] == "limited_use"]
    assert pools == [("rage", 5)]
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []


def test_a_buff_starts_its_ten_count_and_the_time_roll_runs_it_down() -> None:
    # 000 L2953–L2961, L7080: Rage starts for a 10-count; the Time Roll of 4 leaves 6 (000 L6055–L6061); its Buff and
    # its utility use name nothing under dramatic_move_elements
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(RAGE)
    out = _ok(
        _turn({"T1.rei.action": {"action": "utility", "moves": ["rage"]}, **NOTHING}, {"T1.fight.time": 4}, sheet=sheet)
    )
    assert [(e["id"], e["move"], e["time_left"]) for e in _rei(out)["ongoing_effects"]] == [("buff", "rage", 6)]
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []


MEND = {"id": "mend", "name": "Mend", "level": 2, "elements": [{"id": "healing"}]}


def test_a_healing_move_heals_half_its_die_at_the_end_of_the_turn() -> None:
    # 000 L3436–L3444: a Special Move's 1d6 without Strength, halved: a 5 heals 2 at the end of the turn: 20 → 22
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(MEND)
    out = _ok(
        _turn(
            {"T1.rei.action": {"action": "utility", "moves": ["mend"]}, **NOTHING},
            {"T1.rei.healing": 5},
            rei={"life_bar": 20},
            sheet=sheet,
        )
    )
    assert _rei(out)["life_bar"] == 22
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []


def test_only_heal_others_cannot_heal_its_user() -> None:
    # 000 L3452–L3454: with no one else named, the move is refused
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({**MEND, "elements": [{"id": "healing"}, {"id": "healing.only_heal_others"}]})
    out = _turn({"T1.rei.action": {"action": "utility", "moves": ["mend"]}, **NOTHING}, {}, sheet=sheet)
    assert [v["code"] for v in out["violations"]] == ["TARGET_UNAVAILABLE"]


def test_end_only_needs_a_buff_and_end_buff_ends_it_at_the_turn_s_end() -> None:
    # 000 L3276–L3280: Calm Down (End Buff, End Only) is refused with no Buff on him; 000 L2993–L2997, L3262: with
    # Rage (Early Ending) running it ends Rage at the end of the turn, whatever was left of its count
    sheet = copy.deepcopy(REI_D)
    sheet["moves"] += [
        {**RAGE, "elements": [*RAGE["elements"], {"id": "buff.early_ending"}]},
        {
            "id": "calm",
            "name": "Calm Down",
            "level": 1,
            "elements": [{"id": "utility"}, {"id": "end_buff"}, {"id": "end_buff.end_only"}],
        },
    ]
    use = {"T1.rei.action": {"action": "utility", "moves": ["calm"]}, **NOTHING}
    refused = _turn(use, {}, sheet=sheet)
    assert [v["code"] for v in refused["violations"]] == ["END_ONLY_WITHOUT_BUFF"]
    out = _ok(_turn(use, {}, sheet=sheet, rei={"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 6}]}))
    assert _rei(out)["ongoing_effects"] == []
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []


def test_flight_lasts_its_count_and_adds_four_to_evasion_and_locks_the_plain_moves() -> None:
    # 000 L3362–L3370: Soar starts Flight for a 5-count (Time Roll 2 leaves 3); flying, Rei's Evasion Defense Total
    # is 0 + 4 = 4 next turn, and his Basic Move (neither Hard to Evade nor Aerial) is refused
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "soar", "name": "Soar", "level": 2, "elements": [{"id": "flight"}]})
    out = _ok(
        _turn({"T1.rei.action": {"action": "utility", "moves": ["soar"]}, **NOTHING}, {"T1.fight.time": 2}, sheet=sheet)
    )
    assert [(e["id"], e["time_left"]) for e in _rei(out)["ongoing_effects"]] == [("flight", 3)]
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []
    flying = {"ongoing_effects": [{"id": "flight", "move": "soar", "time_left": 3}]}
    attacked = _ok(
        _turn(
            {
                "T2.rei.action": {"action": "none"},
                "T2.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"},
                "T2.rei.defense": {"defense": "evasion", "fs": 0},
            },
            {"T2.rei.init": 1, "T2.battle.init": 9, "T2.battle.attack": 1, "T2.battle.damage": 1},
            turn=2,
            rei=flying,
            sheet=sheet,
        )
    )
    dt = next(s for s in attacked["log"] if s["label"] == "D.6" and s["actor"] == "battle")["inputs"]["defense_total"]
    assert dt == 4
    locked = _turn(
        {"T2.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"}},
        {"T2.rei.init": 8, "T2.battle.init": 1},
        turn=2,
        rei=flying,
        sheet=sheet,
    )
    assert [v["code"] for v in locked["violations"]] == ["FLIGHT_MOVE_NOT_ALLOWED"]


def test_only_when_prone_strikes_from_the_ground_in_place_of_standing_up() -> None:
    # 000 L4737–L4743: down, Rei uses Kip Kick in place of standing up, at −1 Accuracy: 0 − 1 + his Accuracy Bonus 1
    # + 2 for a Special Move (000 L7211) = 2; he is still down after it. Choosing nothing, he stands up; standing,
    # Kip Kick is refused
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "kip", "name": "Kip Kick", "level": 2, "liabilities": [{"id": "only_when_prone"}]})
    kick = {"action": "attack", "moves": ["kip"], "target": "battle"}
    out = _ok(_turn({"T1.rei.action": kick}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, rei={"knocked_down": True},
                    sheet=sheet))  # fmt: skip
    hit = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")
    assert (hit["inputs"]["accuracy"], _rei(out)["knocked_down"]) == (2, True)
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []
    stood = _ok(_turn({"T1.rei.action": {"action": "none"}, **NOTHING}, {}, rei={"knocked_down": True}, sheet=sheet))
    assert _rei(stood)["knocked_down"] is False
    refused = _turn({"T1.rei.action": kick}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheet=sheet)
    assert [v["code"] for v in refused["violations"]] == ["ONLY_WHEN_PRONE_INVALID"]


def test_set_up_readies_the_move_and_its_later_use_strikes_at_two_more() -> None:
    # 000 L4123–L4131: Trap's first use only readies it (its point is paid, no attack roll); two turns on, the readied
    # Trap strikes with +2 Accuracy: 0 + 1 + 2 (000 L7211) + 2 = 5, and the readied state is spent
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "trap", "name": "Trap", "level": 2, "elements": [{"id": "increased_glory"}],
                           "liabilities": [{"id": "set_up"}]})  # fmt: skip
    use = {"action": "attack", "moves": ["trap"], "target": "battle"}
    primed = _ok(_turn({"T1.rei.action": use, **NOTHING}, {}, sheet=sheet))
    assert not any(s["label"] == "D.6" and s["actor"] == "rei" for s in primed["log"])
    assert [(e["id"], e["move"]) for e in _rei(primed)["ongoing_effects"]] == [("set_up", "trap")]
    assert _rei(primed)["dramatic"]["action_points"] == 0
    assert [u for u in primed["unsupported"] if u["id"] == "dramatic_move_elements"] == []
    armed = {"ongoing_effects": [{"id": "set_up", "move": "trap", "since": 1}], "dramatic": {"action_points": 1}}
    out = _ok(
        _turn({"T3.rei.action": use}, {"T3.rei.init": 8, "T3.battle.init": 1, "T3.rei.attack": 3, "T3.rei.damage": 1},
              turn=3, rei=armed, sheet=sheet)
    )  # fmt: skip
    hit = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")
    assert hit["inputs"]["accuracy"] == 5
    assert _rei(out)["ongoing_effects"] == []


def test_a_held_wind_up_strikes_later_with_one_more_damage_for_each_three_counts() -> None:
    # 000 L4443–L4451: Coil held at Time Count 99; released at 90 it strikes as an L1 move with +9 // 3 = 3 damage
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "coil", "name": "Coil", "level": 2, "elements": [{"id": "increased_glory"}],
                           "liabilities": [{"id": "wind_up"}]})  # fmt: skip
    use = {"action": "attack", "moves": ["coil"], "target": "battle"}
    held = _ok(_turn({"T1.rei.action": use, "T1.rei.wind_up": {"choice": "hold"}, **NOTHING}, {}, sheet=sheet))
    assert not any(s["label"] == "D.6" and s["actor"] == "rei" for s in held["log"])
    assert [(e["id"], e["since"]) for e in _rei(held)["ongoing_effects"]] == [("wind_up", 99)]
    body_state = {"ongoing_effects": [{"id": "wind_up", "move": "coil", "since": 99}]}
    out = _turn({"T2.rei.action": use}, {"T2.rei.attack": 3, "T2.rei.damage": 1}, turn=2, rei=body_state, sheet=sheet,
                time_count=90)  # fmt: skip
    damage = next(s["text"] for s in _ok(out)["log"] if s["label"] == "E.1" and s["text"].startswith("Damage"))
    assert damage.startswith("Damage 1d12+3")


def test_a_primed_powerless_set_up_locks_his_other_special_moves() -> None:
    # 000 L4137–L4141: with Brace (Set Up, Powerless) primed, Rei's Demon Hunter Kick is out of reach
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "brace", "name": "Brace", "level": 2, "elements": [{"id": "increased_glory"}],
                           "liabilities": [{"id": "set_up"}, {"id": "set_up.powerless"}]})  # fmt: skip
    primed = {"ongoing_effects": [{"id": "set_up", "move": "brace", "since": 1}]}
    kick = {"action": "attack", "moves": ["demon_hunter_kick"], "target": "battle"}
    out = _turn({"T3.rei.action": kick}, {"T3.rei.attack": 3, "T3.rei.damage": 1}, turn=3, rei=primed, sheet=sheet)
    assert [v["code"] for v in out["violations"]] == ["MOVE_LOCKED"]
    free = _ok(_turn({"T3.rei.action": kick}, {"T3.rei.attack": 3, "T3.rei.damage": 1}, turn=3, sheet=sheet))
    assert [u for u in free["unsupported"] if u["id"] == "dramatic_move_elements"] == []


def test_the_reload_command_move_refills_a_pool_and_no_reload_has_none() -> None:
    # 000 L4644–L4650: the Reload Command Move gives a pool 3 charges back (1 → 4); 000 L4632–L4636: with No Reload
    # there is no Reload move for it
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "shell", "name": "Shell", "level": 2, "elements": [{"id": "hard_to_evade"}],
                           "liabilities": [{"id": "limited_use", "options": {"pool": "shells"}}]})  # fmt: skip
    low = {"ongoing_effects": [{"id": "limited_use", "move": "shells", "charges": 1}]}
    reload = {"T1.rei.action": {"action": "utility", "moves": ["reload:shells"]}, **NOTHING}
    out = _ok(_turn(reload, {}, sheet=sheet, rei=low))
    assert [(e["move"], e["charges"]) for e in _rei(out)["ongoing_effects"]] == [("shells", 4)]
    assert [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"] == []
    sheet["moves"][-1]["liabilities"].append({"id": "limited_use.no_reload"})
    assert [v["code"] for v in _turn(reload, {}, sheet=sheet, rei=low)["violations"]] == ["UNKNOWN_MOVE"]
