"""What a move's Elements do to the hit, the target and the user in a Dramatic turn (000 L7080: the main system's
procedure), each worked by hand from the text.

Rei and Battle as in test_options.py (Range 1, Dramatic Life Bars of 25). Rei's Special Moves: Accuracy 0 + his
Accuracy Bonus 1 + 2 for a Special Move (000 L7211) = 3; damage 1d6 moved by Strength +1 against Battle's Stamina −1
and one size for a Special Move (000 L7211): 1d12, no flat bonus. Battle defends by default with Evasion 2 + Defense
Bonus 1 = 3; with the Defense skill 0 + 1 = 1. Battle is Power Level 3: Stun Threshold 3 + 4 = 7 (000 L5974). Rei
acts first (Initiative 8 + 1 against 1 + 0) unless a test says otherwise."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D, _ok, _state, _turn

NONE = {"action": "none"}
REI_H = copy.deepcopy(REI_D)
REI_H["moves"] += [
    {"id": "gale", "name": "Gale", "level": 1, "elements": [{"id": "increased_glory"}]},
    {"id": "jolt", "name": "Jolt", "level": 1, "elements": [{"id": "increased_stun"}]},
    {"id": "freeze", "name": "Freeze", "level": 1, "elements": [{"id": "increased_glory"}],
     "liabilities": [{"id": "limited_damage"}]},
    {"id": "calm", "name": "Calm", "level": 1, "elements": [{"id": "no_damage"}]},
    {"id": "still", "name": "Still", "level": 2, "elements": [{"id": "does_no_knockback"}]},
    {"id": "crit", "name": "Crit", "level": 1, "elements": [{"id": "critical_hit"}]},
    {"id": "net", "name": "Net", "level": 2, "elements": [{"id": "entangle"}]},
    {"id": "crash", "name": "Crash", "level": 1, "elements": [{"id": "always_does_damage"}]},
    {"id": "daze", "name": "Daze", "level": 1, "elements": [{"id": "increased_glory"}],
     "liabilities": [{"id": "self_damage"}, {"id": "self_damage.self_stun"}]},
]  # fmt: skip
SHEETS = (REI_H, BATTLE_D)


def _at(move: str) -> dict[str, Any]:
    return {"action": "attack", "moves": [move], "target": "battle"}


def _run(move: str, rolls: dict[str, int], **kw: Any) -> dict[str, Any]:
    decisions = {"T1.rei.action": _at(move), **kw.pop("decisions", {})}
    return _ok(_turn(decisions, rolls, sheets=SHEETS, **kw))


def _range(out: dict[str, Any]) -> int:
    return out["fight"]["positioning"]["range"]


def _gaps(out: dict[str, Any]) -> list[dict[str, Any]]:
    return out["unsupported"]


def test_increased_stun_adds_two_against_the_stun_threshold_only() -> None:
    # 000 L3561–L3565: Jolt rolls 6: Battle 25 → 19, and 6 + 2 = 8 is above his Stun Threshold 7: Stunned; Gale's
    # 6 is not above 7 (000 L5974)
    jolt = _run("jolt", {"T1.rei.attack": 3, "T1.rei.damage": 6})
    assert _state(jolt, "battle")["life_bar"] == 19
    assert _state(jolt, "battle")["stunned"]
    assert _gaps(jolt) == []
    gale = _run("gale", {"T1.rei.attack": 3, "T1.rei.damage": 6})
    assert (_state(gale, "battle")["life_bar"], _state(gale, "battle")["stunned"]) == (19, None)


def test_limited_damage_takes_no_life_bar_but_can_stun_and_knocks_back() -> None:
    # 000 L4561–L4569: Freeze rolls 8: no Life Bar lost (25), 8 above 7 Stuns him, and the hit knocks him back one
    # Range (1 → 2, 000 L2359); a roll of 5 does neither
    out = _run("freeze", {"T1.rei.attack": 3, "T1.rei.damage": 8})
    battle = _state(out, "battle")
    assert (battle["life_bar"], bool(battle["stunned"]), _range(out)) == (25, True, 2)
    low = _run("freeze", {"T1.rei.attack": 3, "T1.rei.damage": 5})
    assert (_state(low, "battle")["life_bar"], _state(low, "battle")["stunned"]) == (25, None)
    assert _gaps(out) == []


def test_no_damage_rolls_no_damage_and_still_knocks_back() -> None:
    # 000 L2363: No Damage: neither Life Bar nor Stun, no damage die is rolled; the Knockback keyword stays: 1 → 2
    out = _run("calm", {"T1.rei.attack": 3})
    assert _state(out, "battle")["life_bar"] == 25
    assert not [r for r in out["rolls"] if r["key"] == "T1.rei.damage"]
    assert _range(out) == 2
    assert _gaps(out) == []


def test_does_no_knockback_leaves_him_where_he_stands() -> None:
    # 000 L3222–L3230: Still hits (3 + 3 against 3): Battle loses 4 (25 → 21) and stays at Range 1
    out = _run("still", {"T1.rei.attack": 3, "T1.rei.damage": 4})
    assert (_state(out, "battle")["life_bar"], _range(out)) == (21, 1)
    assert _gaps(out) == []


def test_critical_hit_on_an_even_roll_grows_next_turns_initiative_die_by_two() -> None:
    # 000 L3210: an even damage roll (4) gives two die sizes next turn, on the Initiative die as no Control is rolled
    # (ruling, 000 L7084); an odd one (3) none
    even = _run("crit", {"T1.rei.attack": 3, "T1.rei.damage": 4})
    assert _state(even, "rei")["dramatic"]["initiative_steps"] == 2
    odd = _run("crit", {"T1.rei.attack": 3, "T1.rei.damage": 3})
    assert _state(odd, "rei")["dramatic"]["initiative_steps"] == 0
    assert _gaps(even) == []


def test_critical_hit_is_lost_when_the_attacker_is_hit_after_it() -> None:
    # 000 L3210: Battle, hit but paying for Ignore Hit Stun, hits Rei back with a Basic Move: the bonus is gone
    out = _ok(
        _turn(
            {
                "T1.rei.action": _at("crit"),
                "T1.battle.ignore_hit_stun": {"choice": "act"},
                "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"},
            },
            {"T1.rei.attack": 3, "T1.rei.damage": 4, "T1.battle.attack": 6, "T1.battle.damage": 1},
            sheets=SHEETS,
            battle={"action_points": 1},
        )
    )
    assert _state(out, "rei")["dramatic"]["initiative_steps"] == 0


def test_entangle_before_he_acts_costs_his_action_and_an_initiative_size() -> None:
    # 000 L3306: Net hits Battle before he acts: his action is lost whatever he spends (no Ignore Hit Stun is asked,
    # though he has a point), and next turn his Initiative die is a size smaller
    out = _ok(
        _turn({"T1.rei.action": _at("net")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS,
              battle={"action_points": 1})
    )  # fmt: skip
    battle = _state(out, "battle")
    assert battle["dramatic"]["initiative_steps"] == -1
    assert not [d for d in out["decisions_needed"] if d["key"].startswith("T1.battle")]
    assert any(s["actor"] == "battle" and "Entangled" in s["text"] and s["label"] == "B" for s in out["log"])
    assert _gaps(out) == []


def test_entangle_after_he_acted_costs_only_the_initiative_size() -> None:
    # 000 L3306: Battle (Initiative 9 against Rei's 2) did nothing first; Net then hits him: −1 size next turn only
    out = _ok(
        _turn(
            {"T1.battle.action": NONE, "T1.rei.action": _at("net")},
            {"T1.rei.init": 1, "T1.battle.init": 9, "T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS,
        )
    )
    assert _state(out, "battle")["dramatic"]["initiative_steps"] == -1
    assert not any("Entangled" in s["text"] and s["label"] == "B" for s in out["log"])


def test_always_does_damage_takes_one_life_bar_through_a_block_only() -> None:
    # 000 L2807–L2823: at Range 2 Crash has Accuracy 3 − 1 = 2 (000 L2367); a die of 1: 3 against Battle's Defense
    # 1 + 3 FS = 4, a miss: he still loses 1 Life Bar (25 → 24), with no Knock Back (Range 2 stays);
    # against Evasion 3 + 3 FS = 6 the miss takes nothing
    blocked = _run(
        "crash",
        {"T1.rei.attack": 1},
        at=2,
        decisions={"T1.battle.defense": {"defense": "defense", "fs": 3}, "T1.battle.action": NONE},
    )
    assert (_state(blocked, "battle")["life_bar"], _range(blocked)) == (24, 2)
    evaded = _run(
        "crash",
        {"T1.rei.attack": 1},
        at=2,
        decisions={"T1.battle.defense": {"defense": "evasion", "fs": 3}, "T1.battle.action": NONE},
    )
    assert _state(evaded, "battle")["life_bar"] == 25
    assert _gaps(blocked) == []


def test_self_stun_stuns_its_user_next_turn_in_place_of_self_damage() -> None:
    # 000 L4801–L4807: Daze costs Rei no Life Bar (25) but Stuns him from the start of next turn
    out = _run("daze", {"T1.rei.attack": 3, "T1.rei.damage": 1})
    rei = _state(out, "rei")
    assert (rei["life_bar"], rei["stunned"]) == (25, {"actions_to_recover": 2})  # a full Stun (ruling, 000 L4806)
    assert _gaps(out) == []


def test_self_stun_is_spared_by_a_hit_before_next_turn() -> None:
    # 000 L4806: Battle, paying to ignore Hit Stun, hits Rei after Daze: Rei is not Stunned (a Basic Move's 1 + 1
    # damage is not above Rei's Stun Threshold 7)
    out = _ok(
        _turn(
            {
                "T1.rei.action": _at("daze"),
                "T1.battle.ignore_hit_stun": {"choice": "act"},
                "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"},
            },
            {"T1.rei.attack": 3, "T1.rei.damage": 1, "T1.battle.attack": 6, "T1.battle.damage": 1},
            sheets=SHEETS,
            battle={"action_points": 1},
        )
    )
    assert _state(out, "rei")["stunned"] is None


# ── Entries with nothing to act on in a Dramatic turn (ruling): logged where the move is used ──────────────────


@pytest.mark.parametrize(
    ("entries", "name", "ref"),
    [
        # each acts only inside a Combo, and Dramatic Combat has none (000 L7108)
        ([{"id": "bounce"}], "Bounce", "000 L7108"),  # 000 L2933–L2941: a Tactics check in a Combo
        ([{"id": "juggle"}], "Juggle", "000 L7108"),  # 000 L3607–L3613: opens a Combo despite a Knock Down
        ([{"id": "skips_knock_down"}], "Skips Knock Down", "000 L7108"),  # 000 L4163–L4173: the Combo goes on
        # a Knock Down in a Dramatic turn offers no Breakfall or Tech Roll to deny (000 L3633–L3643)
        ([{"id": "knocks_down"}, {"id": "knocks_down.no_breakfall"}], "No Breakfall", "000 L3633–L3643, L5958–L5966"),
        ([{"id": "knocks_down"}, {"id": "knocks_down.no_tech_roll"}], "No Tech Roll", "000 L3633–L3643, L5958–L5966"),
    ],
)
def test_an_entry_with_nothing_to_act_on_is_logged(entries: list[dict[str, Any]], name: str, ref: str) -> None:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({"id": "odd", "name": "Odd", "level": 3, "elements": entries})
    out = _ok(
        _turn(
            {"T1.rei.action": _at("odd")}
            | ({"T1.rei.knockdown_move": {"choice": "stay"}} if {"id": "knocks_down"} in entries else {}),
            {"T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=(sheet, BATTLE_D),
        )
    )
    said = [s for s in out["log"] if s["actor"] == "rei" and f"Odd's {name} does nothing here" in s["text"]]
    assert [s["ref"] for s in said] == [ref]
    assert _gaps(out) == [], _gaps(out)


# ── Movement with the move (000 L2377–L2391, L7104: movement is unchanged in Dramatic Combat) ──────────────────

REI_M = copy.deepcopy(REI_D)  # Demon Hunter Kick: Mobile (Mobile keyword); Airwalk Fist: No Movement
REI_M["moves"] += [
    {"id": "blink", "name": "Blink", "level": 2, "elements": [{"id": "teleportation"}]},
    {"id": "gale", "name": "Gale", "level": 1, "elements": [{"id": "increased_glory"}]},
]


def _moving(move: str, n: int, at: int = 3) -> dict[str, Any]:
    act = {**_at(move), "movement": n, "direction": "toward"}
    rolls = {"T1.rei.attack": 3, "T1.rei.damage": 1}
    return _turn({"T1.rei.action": act}, rolls, sheets=(REI_M, BATTLE_D), at=at, rei_fs=20)


def test_mobile_moves_two_ranges_before_the_attack_for_one_fs() -> None:
    # 000 L3673: Demon Hunter Kick from Range 3: 2 Ranges in (3 → 1) for 1 FS (20 → 19), then it hits, the fight's
    # first hit giving back his PL 3 in FS (19 → 22, 000 L5489), and knocks Battle back (1 → 2); a plain Special Move
    # moves 1 Range with its action (000 L2379): 2 is refused
    out = _ok(_moving("demon_hunter_kick", 2))
    assert (_state(out, "rei")["fighting_spirit"], _range(out)) == (22, 2)
    assert any("pays 1 FS to move 2 Ranges" in s["text"] for s in out["log"])
    assert _gaps(out) == []
    assert [v["code"] for v in _moving("gale", 2)["violations"]] == ["DECISION_INVALID"]


def test_teleportation_moves_two_ranges_for_no_fs() -> None:
    # 000 L4309: Blink from Range 3: 3 → 1 with no FS spent (20, and 23 after the first hit's 3, 000 L5489), then
    # the hit's Knock Back (1 → 2)
    out = _ok(_moving("blink", 2))
    assert (_state(out, "rei")["fighting_spirit"], _range(out)) == (23, 2)
    assert _gaps(out) == []


def test_no_movement_allows_none_with_the_move() -> None:
    # 000 L2391: Airwalk Fist may not be used with any movement
    assert [v["code"] for v in _moving("airwalk_fist", 1, at=2)["violations"]] == ["DECISION_INVALID"]
    assert _gaps(_ok(_turn({"T1.rei.action": _at("airwalk_fist")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}))) == []


# ── Pursuit (000 L3910–L3928) ─────────────────────────────────────────────────────────────────────────────────


def _on_downed(move: str, defense: dict[str, Any] | None = None) -> dict[str, Any]:
    sheet = copy.deepcopy(REI_H)
    sheet["moves"].append({"id": "chase", "name": "Chase", "level": 1, "elements": [{"id": "pursuit"}]})
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": sheet, "state": {"life_bar": 25, "fighting_spirit": 30}},
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30, "knocked_down": True}},
        ],
        "decisions": {"T1.rei.action": _at(move), **({"T1.battle.defense": defense} if defense else {})},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 1, "T1.rei.damage": 5},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_a_pursuit_move_strikes_a_downed_fighter_who_has_only_the_defense_skill() -> None:
    # 000 L3916–L3918: Chase may strike Battle while he is down; he defends with the Defense skill only: 0 + his
    # Defense Bonus 1 = 1, and Chase's 1 + 3 = 4 hits: 25 − 5 = 20. Evasion is refused; a move without Pursuit
    # cannot be aimed at him (000 L5968)
    out = _ok(_on_downed("chase"))
    assert _state(out, "battle")["life_bar"] == 20
    assert _gaps(out) == []
    assert [v["code"] for v in _on_downed("chase", {"defense": "evasion", "fs": 0})["violations"]] == [
        "DRAMATIC_OPTION_NOT_ALLOWED"
    ]
    assert [v["code"] for v in _on_downed("gale")["violations"]] == ["TARGET_UNAVAILABLE"]


# ── Temporary Invulnerability (000 L4323–L4327) and Breaker (000 L2943–L2951) ─────────────────────────────────


def _trade(rei_move: str, battle_move: str = "mystic_shot") -> dict[str, Any]:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"] += [
        {"id": "ward", "name": "Ward", "level": 3, "elements": [{"id": "ranged"}, {"id": "temporary_invulnerability"}]},
        {"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]},
        {
            "id": "risk",
            "name": "Risk",
            "level": 1,
            "elements": [{"id": "ranged"}],
            "liabilities": [{"id": "vulnerability"}],
        },
    ]
    battle = copy.deepcopy(BATTLE_D)
    battle["moves"].append(
        {"id": "drill", "name": "Drill", "level": 4, "elements": [{"id": "ranged"}, {"id": "breaker"}]}
    )
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 3}},
        "fighters": [
            {"id": "rei", "sheet": sheet, "state": {"life_bar": 25, "fighting_spirit": 30}},
            {"id": "battle", "sheet": battle, "state": {"life_bar": 25, "fighting_spirit": 30}},
        ],
        "decisions": {
            "T1.rei.action": {"action": "attack", "moves": [rei_move], "target": "battle"},
            "T1.battle.action": {"action": "attack", "moves": [battle_move], "target": "rei"},
        },
        # Rei 8 + 1 = 9, Battle 9 + 0 = 9 at Range 3: simultaneous, no Flourish (000 L7100)
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 9, "T1.rei.attack": 1, "T1.battle.attack": 6,
                  "T1.battle.damage": 3, "T1.rei.damage": 1},
        "seed": 7,
    }  # fmt: skip
    return _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))


def test_temporary_invulnerability_makes_a_simultaneous_hit_do_nothing() -> None:
    # 000 L4323–L4327: Rei's Ward and Battle's Mystic Shot go at the same Initiative: Battle's hit on Rei does
    # nothing (25 kept); with a plain Ranged move (Zap) the same hit (6 + 2 against Rei's Defense 3, the only defence
    # at a simultaneous Initiative, 000 L5573) takes 1d6 for Ki 4 one size up as a Special Move, 1d8: 3 + Damage
    # Bonus 1 = 4 (25 → 21, 000 L3979, L7211); a Breaker move (Drill) pierces it: 21 as well (000 L2943–L2951)
    ward = _trade("ward")
    assert _state(ward, "rei")["life_bar"] == 25
    assert any("is invulnerable" in s["text"] for s in ward["log"])
    assert _gaps(ward) == []
    assert _state(_trade("zap"), "rei")["life_bar"] == 21
    assert _state(_trade("ward", "drill"), "rei")["life_bar"] == 21


# ── Area Effect and Explosive (000 L2831–L2841, L3318–L3336) ─────────────────────────────────────────────────


def _blast(entries: list[dict[str, Any]], rolls: dict[str, int], ken_fs: int = 0) -> dict[str, Any]:
    """Battle at Range 1 from Rei and his ally Ken (range mode: one Range between opponents) strikes Rei with a
    level-2 move carrying ``entries``: Accuracy 0 + 2 (000 L7211); Rei and Ken defend with Defense 3 (Ken with
    ``ken_fs`` more); its die 1d6 one size up as a Special Move, 1d8, + Battle's Damage Bonus 1 (000 L7211)."""
    battle = copy.deepcopy(BATTLE_D)
    battle["moves"].append({"id": "quake", "name": "Quake", "level": 2, "elements": entries})
    ken = copy.deepcopy(REI_D)
    ken["id"], ken["name"] = "ken", "Ken"
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1},
                  "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"}},
        "fighters": [
            {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30}},
            {"id": "ken", "sheet": ken, "state": {"life_bar": 25, "fighting_spirit": 30}},
            {"id": "battle", "sheet": battle, "state": {"life_bar": 25, "fighting_spirit": 30}},
        ],
        "decisions": {"T1.battle.action": {"action": "attack", "moves": ["quake"], "target": "rei"}},
        "if_asked": {
            "T1.ken.defense": {"defense": "defense", "fs": ken_fs},
            "T1.rei.action": {"action": "none"}, "T1.ken.action": {"action": "none"},
        },
        "rolls": {"T1.battle.init": 9, "T1.rei.init": 1, "T1.ken.init": 2, **rolls},
        "seed": 7,
    }  # fmt: skip
    return _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))


def _dice(out: dict[str, Any]) -> list[str]:
    return [s["text"].split(":")[0] for s in out["log"] if s["label"] == "E.1" and s["text"].startswith("Damage")]


def test_area_effect_attacks_everyone_else_at_range_0_to_1_with_his_own_roll() -> None:
    # 000 L2833–L2835: Quake at Rei also attacks Ken, both at Range 1 from Battle, each with his own roll: Rei
    # 3 + 2 = 5 against 3, hit for 4 + 1 = 5 (25 → 20); Ken, with 1 FS on Defense (4), 6 + 2 = 8: hit for 2 + 1 = 3
    # (25 → 22); the one Range moves once (1 → 2, ruling); with a 1 (3 against 4) Ken is missed
    rolls = {"T1.battle.attack": 3, "T1.battle.damage": 4, "T1.battle.attack.2": 6, "T1.battle.damage.2": 2}
    out = _blast([{"id": "area_effect"}], rolls, ken_fs=1)
    assert (_state(out, "rei")["life_bar"], _state(out, "ken")["life_bar"], _range(out)) == (20, 22, 2)
    assert _gaps(out) == []
    missed = _blast([{"id": "area_effect"}], {**rolls, "T1.battle.attack.2": 1}, ken_fs=1)
    assert _state(missed, "ken")["life_bar"] == 25


def test_explosive_is_a_die_size_smaller_on_fighters_and_reduced_damage_one_more_per_range() -> None:
    # 000 L3326: Explosive's die a size smaller against a Fighter: 1d8 → 1d6 (+1); with Reduced Damage a further
    # size for each Range from the centre, Battle himself, Rei and Ken being at Range 1: 1d4 (000 L3332–L3336)
    rolls = {"T1.battle.attack": 3, "T1.battle.damage": 4, "T1.battle.attack.2": 6, "T1.battle.damage.2": 2}
    out = _blast([{"id": "explosive"}], rolls)
    assert _dice(out) == ["Damage 1d6+1", "Damage 1d6+1"]
    assert (_state(out, "rei")["life_bar"], _state(out, "ken")["life_bar"]) == (20, 22)
    reduced = _blast([{"id": "explosive"}, {"id": "explosive.reduced_damage"}], {**rolls, "T1.battle.damage": 3})
    assert _dice(reduced) == ["Damage 1d4+1", "Damage 1d4+1"]
    assert _gaps(out) == _gaps(reduced) == []


# ── Cross-Up (000 L4537–L4543, L5634–L5636) ──────────────────────────────────────────────────────────────────

REI_X = copy.deepcopy(REI_D)
REI_X["moves"].append(
    {
        "id": "vault",
        "name": "Vault",
        "level": 1,
        "elements": [{"id": "aerial"}, {"id": "mobile", "options": {"movement": "mobile"}}],
        "liabilities": [{"id": "cross_up"}],
    }
)


def _vault(cross_up: bool) -> dict[str, Any]:
    act = {**_at("vault"), "movement": 2, "direction": "toward", "cross_up": cross_up}
    decisions = {"T1.rei.action": act, **({} if cross_up else {"T1.battle.action": NONE})}  # missed, he acts
    return _ok(_turn(decisions, {"T1.rei.attack": 1, "T1.rei.damage": 1}, sheets=(REI_X, BATTLE_D), at=2, rei_fs=20))


def test_a_cross_up_move_hits_only_in_a_cross_up() -> None:
    # 000 L5634–L5636: Vault moves 2 Ranges in (2 → 0) for 1 FS (Mobile, 000 L3673) and 1 FS more for the Cross-Up
    # (20 → 18, then the fight's first hit gives back PL 3: 21, 000 L5489); its Accuracy 0 + 1 + 2 and +2 for the
    # Cross-Up in place of Range 0's +1: 5. 000 L4543: without the Cross-Up it misses outright, no attack roll made
    # (20 − 1 = 19)
    out = _vault(True)
    hit = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")
    assert (hit["inputs"]["accuracy"], _state(out, "rei")["fighting_spirit"]) == (5, 21)
    assert _gaps(out) == []
    plain = _vault(False)
    assert not [r for r in plain["rolls"] if r["key"] == "T1.rei.attack"]
    assert any("an automatic miss" in s["text"] for s in plain["log"])
    assert _state(plain, "rei")["fighting_spirit"] == 19


def test_limited_mobile_moves_two_ranges_or_none() -> None:
    # 000 L2423, L4571–L4577: Lunge (Mobile with Limited Mobile) may not move just 1 Range; 2 (3 → 1) is allowed
    sheet = copy.deepcopy(REI_M)
    sheet["moves"].append(
        {
            "id": "lunge",
            "name": "Lunge",
            "level": 1,
            "elements": [{"id": "mobile", "options": {"movement": "mobile"}}],
            "liabilities": [{"id": "limited_mobile"}],
        }
    )

    def lunge(n: int) -> dict[str, Any]:
        act = {**_at("lunge"), "movement": n, "direction": "toward"}
        return _turn({"T1.rei.action": act}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=(sheet, BATTLE_D), at=3)

    assert [v["code"] for v in lunge(1)["violations"]] == ["DECISION_INVALID"]
    two = _ok(lunge(2))
    assert _range(two) == 2  # 3 → 1, then the hit's Knock Back
    assert _gaps(two) == []


def test_full_screen_moves_three_ranges_and_gives_the_defender_one() -> None:
    # 000 L3677–L3685: Rush (Long Mobile with Full Screen) comes 3 Ranges (4 → 1) for 1 FS; Battle's Defense Total is
    # his Evasion 3 + 1 = 4; with Fast Full Screen (000 L3687–L3691) it stays 3
    def rush(extra: list[dict[str, Any]]) -> dict[str, Any]:
        sheet = copy.deepcopy(REI_M)
        sheet["moves"].append(
            {"id": "rush", "name": "Rush", "level": 2,
             "elements": [{"id": "mobile", "options": {"movement": "mobile"}}, {"id": "mobile.full_screen"},
                          *extra]}
        )  # fmt: skip
        act = {**_at("rush"), "movement": 3, "direction": "toward"}
        rolls = {"T1.rei.attack": 1, "T1.rei.damage": 1}
        return _ok(_turn({"T1.rei.action": act}, rolls, sheets=(sheet, BATTLE_D), at=4, rei_fs=20))

    def dt(out: dict[str, Any]) -> int:
        return next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")["inputs"]["defense_total"]

    out = rush([])
    assert dt(out) == 4
    assert any("pays 1 FS to move 3 Ranges" in s["text"] for s in out["log"])
    assert _gaps(out) == []
    assert dt(rush([{"id": "mobile.fast_full_screen"}])) == 3


def test_limited_movement_closer_must_step_in_first_and_away_only_away() -> None:
    # 000 L4593–L4599, L5638: Press (Closer) cannot be used without 1 Range toward him first; 1 Range in from Range 2
    # is allowed (2 → 1, then the Knock Back 1 → 2); Recoil Step (Away) may not move toward him
    sheet = copy.deepcopy(REI_M)
    sheet["moves"] += [
        {"id": "press", "name": "Press", "level": 1, "elements": [{"id": "increased_glory"}],
         "liabilities": [{"id": "limited_movement", "options": {"direction": "closer"}}]},
        {"id": "step", "name": "Recoil Step", "level": 1, "elements": [{"id": "increased_glory"}],
         "liabilities": [{"id": "limited_movement", "options": {"direction": "away"}}]},
    ]  # fmt: skip

    def use(move: str, n: int, direction: str = "toward") -> dict[str, Any]:
        act = {**_at(move), "movement": n, "direction": direction}
        return _turn({"T1.rei.action": act}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=(sheet, BATTLE_D), at=2)

    assert [v["code"] for v in use("press", 0)["violations"]] == ["DECISION_INVALID"]
    stepped = _ok(use("press", 1))
    assert _range(stepped) == 2
    assert _gaps(stepped) == []
    assert [v["code"] for v in use("step", 1)["violations"]] == ["DECISION_INVALID"]


def test_knockback_advance_follows_the_knock_back() -> None:
    # 000 L3653–L3663: Hound's hit knocks Battle back 1 → 2; Rei follows 1 Range: Range 1 again
    sheet = copy.deepcopy(REI_M)
    sheet["moves"].append({"id": "hound", "name": "Hound", "level": 2, "elements": [{"id": "knockback_advance"}]})
    out = _ok(
        _turn(
            {"T1.rei.action": _at("hound"), "T1.rei.follow": {"movement": 1}},
            {"T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=(sheet, BATTLE_D),
        )
    )
    assert _range(out) == 1
    assert _gaps(out) == []


def test_accuracy_for_damage_trades_range_for_damage() -> None:
    # 000 L3991–L3999: at Range 1 Bolt's reach of 4 may be cut by up to 3; cutting 2 gives −2 Accuracy and +4 damage
    sheet = copy.deepcopy(REI_M)
    sheet["moves"].append(
        {"id": "bolt", "name": "Bolt", "level": 3, "elements": [{"id": "ranged"}, {"id": "ranged.accuracy_for_damage"}]}
    )
    sheet["moves"].append({"id": "zap", "name": "Zap", "level": 3, "elements": [{"id": "ranged"}]})

    def fire(move: str, decisions: dict[str, Any]) -> dict[str, Any]:
        rolls = {"T1.rei.attack": 6, "T1.rei.damage": 1}
        return _ok(_turn({"T1.rei.action": _at(move), **decisions}, rolls, sheets=(sheet, BATTLE_D)))

    traded = fire("bolt", {"T1.rei.accuracy_for_damage": {"amount": 2}})
    plain = fire("zap", {})
    acc = [next(s for s in o["log"] if s["label"] == "D.6" and s["actor"] == "rei")["inputs"]["accuracy"] for o in
           (traded, plain)]  # fmt: skip
    assert acc[0] == acc[1] - 2
    assert _state(traded, "battle")["life_bar"] == _state(plain, "battle")["life_bar"] - 4
    assert _gaps(traded) == []


# ── Breakthrough (000 L4902–L4914) and Healing Attack (000 L3248–L3254) ─────────────────────────────────────


def _super(attack: int, fs: int) -> dict[str, Any]:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(
        {"id": "storm", "name": "Storm", "kind": "super", "level": 5, "elements": [{"id": "breakthrough"}]}
    )
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": sheet, "state": {"life_bar": 25, "fighting_spirit": 30, "super_energy": 10}},
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30}},
        ],
        "decisions": {"T1.rei.action": _at("storm"), "T1.battle.defense": {"defense": "evasion", "fs": fs}},
        "if_asked": {"T1.battle.action": NONE},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": attack, "T1.rei.damage": 7},
        "seed": 7,
    }
    return _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))


def _glory_of(out: dict[str, Any], fid: str) -> int:
    return sum(g["points"] for g in out["glory"] if g["fighter"] == fid)


def test_breakthrough_turns_a_near_miss_into_a_half_damage_hit_for_one_glory_less() -> None:
    # 000 L4908–L4910: Storm has one Breakthrough instance: against Evasion 3 + 3 FS = 6, a die short by 1 is a
    # partial hit (half the damage rolled, rounded down, 1 Glory less); short by 2 a miss. The full hit (against no FS)
    # with the same damage roll is the measure
    full = _super(6, 0)
    lost = 25 - _state(full, "battle")["life_bar"]
    needed = 6 - _storm_accuracy(full)  # the die that just reaches 6
    partial = _super(needed - 1, 3)
    assert 25 - _state(partial, "battle")["life_bar"] == lost // 2
    assert _glory_of(partial, "rei") == _glory_of(full, "rei") - 1
    assert _gaps(partial) == []
    missed = _super(needed - 2, 3)
    assert _state(missed, "battle")["life_bar"] == 25


def _storm_accuracy(out: dict[str, Any]) -> int:
    return next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")["inputs"]["accuracy"]


def test_a_healing_attack_heals_from_its_own_roll_hit_or_miss() -> None:
    # 000 L3248–L3254: Vampire's heal is its own 1d6 (a Special Move's, unmodified), halved: a 5 heals 2 at the end of
    # the turn, even on a miss (Rei at 20 → 22)
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(
        {"id": "vampire", "name": "Vampire", "level": 3,
         "elements": [{"id": "drain_life"}, {"id": "drain_life.healing_attack"}]}
    )  # fmt: skip
    out = _ok(
        _turn(
            {"T1.rei.action": _at("vampire"), "T1.battle.defense": {"defense": "evasion", "fs": 3},
             "T1.battle.action": NONE},
            {"T1.rei.attack": 1, "T1.rei.drain_heal": 5},
            sheets=(sheet, BATTLE_D),
            rei_life=20,
        )
    )  # fmt: skip
    assert _state(out, "rei")["life_bar"] == 22
    assert _gaps(out) == []


def test_draw_closer_brings_the_target_in_instead_of_knocking_him_back() -> None:
    # 000 L4001–L4009: Hook's hit at Range 3 draws Battle in by its Knock Back of 1 (3 → 2); Move Closer: Rei goes in
    # instead (000 L4019–L4027); Optional Draw In knocking back as usual: 3 → 4 (000 L4011–L4017)
    sheet = copy.deepcopy(REI_M)
    versions = {
        "hook": [],
        "reel": ["ranged.draw_closer.move_closer"],
        "lasso": ["ranged.draw_closer.optional_draw_in"],
    }
    for mid, extra in versions.items():
        elements = [{"id": "ranged"}, {"id": "ranged.draw_closer"}, *({"id": e} for e in extra)]
        sheet["moves"].append({"id": mid, "name": mid.title(), "level": 3, "elements": elements})

    def fire(move: str, decisions: dict[str, Any] | None = None) -> dict[str, Any]:
        rolls = {"T1.rei.attack": 6, "T1.rei.damage": 1}
        return _ok(_turn({"T1.rei.action": _at(move), **(decisions or {})}, rolls, sheets=(sheet, BATTLE_D), at=3))

    hook, reel = fire("hook"), fire("reel")
    assert (_range(hook), _range(reel)) == (2, 2)
    assert any(s["actor"] == "battle" and "moves 1 Range toward" in s["text"] for s in hook["log"])
    assert any(s["actor"] == "rei" and "moves 1 Range toward" in s["text"] for s in reel["log"])
    assert _range(fire("lasso", {"T1.rei.draw_in": {"choice": "away"}})) == 4
    assert _gaps(hook) == _gaps(reel) == []


def test_vulnerability_makes_a_simultaneous_hit_a_die_size_larger() -> None:
    # 000 L4892: hit while performing Risk (at the same simultaneous Initiative), Rei takes Mystic Shot's 1d8 a size
    # up: 1d10 + Battle's Damage Bonus 1; performing Zap, 1d8 + 1
    risk, zap = _trade("risk"), _trade("zap")
    assert (_dice(risk)[-1], _dice(zap)[-1]) == ("Damage 1d10+1", "Damage 1d8+1")  # Battle's, after Rei's
    assert _gaps(risk) == []


def test_pass_through_ends_at_range_0_or_past_him() -> None:
    # 000 L3782–L3792: Slip's free 2 Ranges from Range 1 carry Rei past Battle to Range 1 (ruling: the Ranges left
    # over), then the hit's Knock Back (1 → 2); from Range 2 they end at Range 0 (then 0 → 1); from Range 3 they would
    # end at Range 1 short of him: refused. No FS is spent (20 + the first hit's 3 = 23, 000 L5489)
    sheet = copy.deepcopy(REI_M)
    sheet["moves"].append({"id": "slip", "name": "Slip", "level": 2, "elements": [{"id": "pass_through"}]})

    def slip(at: int) -> dict[str, Any]:
        act = {**_at("slip"), "movement": 2, "direction": "toward"}
        rolls = {"T1.rei.attack": 3, "T1.rei.damage": 1}
        return _turn({"T1.rei.action": act}, rolls, sheets=(sheet, BATTLE_D), at=at, rei_fs=20)

    past = _ok(slip(1))
    assert (_range(past), _state(past, "rei")["fighting_spirit"]) == (2, 23)
    assert any("passes through: Range 1 → 1" in s["text"] for s in past["log"])
    assert _range(_ok(slip(2))) == 1
    assert [v["code"] for v in slip(3)["violations"]] == ["DECISION_INVALID"]
    assert _gaps(past) == []


def test_behind_opponent_needs_him_behind() -> None:
    # 000 L4457–L4477: Backstab after going past Battle (2 Ranges from Range 1) strikes; standing at Range 1 without
    # moving Rei is not Behind him: the move cannot be used, his action is spent and no point is paid
    sheet = copy.deepcopy(REI_M)
    sheet["moves"].append(
        {"id": "backstab", "name": "Backstab", "level": 2,
         "elements": [{"id": "mobile", "options": {"movement": "mobile"}}], "liabilities": [{"id": "behind_opponent"}]}
    )  # fmt: skip

    def stab(n: int) -> dict[str, Any]:
        act = {**_at("backstab"), "movement": n, "direction": "toward"}
        decisions = {"T1.rei.action": act, **({"T1.battle.action": NONE} if not n else {})}
        return _ok(_turn(decisions, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=(sheet, BATTLE_D), rei_fs=20))

    went = stab(2)
    assert any(s["label"] == "D.6" and s["actor"] == "rei" for s in went["log"])
    assert _gaps(went) == []
    stood = stab(0)
    assert not any(s["label"] == "D.6" and s["actor"] == "rei" for s in stood["log"])
    assert _state(stood, "rei")["dramatic"]["action_points"] == 1


def test_modify_super_energy_turns_the_hit_into_super_energy() -> None:
    # 000 L4283–L4289: Jeer (a Taunt with Modify Super Energy, No Damage) hits: no Life Bar lost (25), and its roll,
    # a Special Move's 1d6 with no Strength or Stamina, 4, is Super Energy Rei gains: 0 → 4
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(
        {"id": "jeer", "name": "Jeer", "level": 2,
         "elements": [{"id": "taunt"}, {"id": "taunt.modify_super_energy", "options": {"direction": "gain_self"}}]}
    )  # fmt: skip
    out = _ok(_turn({"T1.rei.action": _at("jeer")}, {"T1.rei.attack": 3, "T1.rei.damage": 4},
                    sheets=(sheet, BATTLE_D)))  # fmt: skip
    assert _state(out, "battle")["life_bar"] == 25
    assert any("rei's Super Energy 0 → 4" in s["text"] for s in out["log"])
    assert _gaps(out) == []
