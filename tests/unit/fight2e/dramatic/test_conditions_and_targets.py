"""A move's conditions in a Dramatic turn with no Thugs (000 L7080: the main system's procedure), each worked by hand
from the text.

Rei and Battle as in test_options.py and test_move_elements_hit.py (Range 1, Dramatic Life Bars of 25). Rei's
Special Moves hit Battle's default Evasion 3 with 3 + 3 (000 L7211); a damage roll of 6 takes 25 → 19 (no flat
bonus). Battle is Power Level 3: Stun Threshold 7 (000 L5974); Increased Stun adds 2 against it (000 L3561–L3565):
a roll of 6 Stuns him only with it (8 above 7)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, INIT, REI_D, _fighter, _ok, _refused, _state, _turn

NONE = {"action": "none"}
REI_C = copy.deepcopy(REI_D)
REI_C["moves"] += [
    {"id": "sure", "name": "Sure", "level": 1,
     "elements": [{"id": "increased_stun"}, {"id": "perfect_hit", "options": {"target": "increased_stun"}}]},
    {"id": "low", "name": "Low", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "limited_move", "options": {"description": "not on Boss characters"}}]},
    {"id": "part", "name": "Part", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "limited_move", "options": {"description": "no Stun on the tall",
                                                        "limited_elements": "increased_stun"}}]},
    {"id": "dice", "name": "Dice", "level": 1,
     "elements": [{"id": "random_effect", "options": {"allocation": 1,
                                                      "combinations": "increased_stun; increased_glory"}}]},
    {"id": "hold", "name": "Hold", "level": 1, "elements": [{"id": "suppression"}]},
    {"id": "seal", "name": "Seal", "level": 2,
     "elements": [{"id": "suppression", "options": {"tier": "special_moves"}}]},
    {"id": "recoil", "name": "Recoil", "level": 1, "elements": [{"id": "increased_stun"}, {"id": "charge_back"}]},
    {"id": "lunge", "name": "Lunge", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "charge_forward"}]},
    {"id": "slow", "name": "Slow", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "slow_startup"}]},
    {"id": "setup", "name": "Setup", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "sidestep_setup"}]},
]  # fmt: skip
BATTLE_C = copy.deepcopy(BATTLE_D)
BATTLE_C["moves"].append(
    {"id": "crouch", "name": "Crouch", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "charge_down"}]}
)  # fmt: skip
SHEETS = (REI_C, BATTLE_C)


def _run(move: str, rolls: dict[str, int], decisions: dict[str, Any] | None = None, at: int = 1) -> dict[str, Any]:
    asked = {"T1.rei.action": {"action": "attack", "moves": [move], "target": "battle"}}
    return _ok(_turn({**asked, **(decisions or {})}, rolls, sheets=SHEETS, at=at))


def _gaps(out: dict[str, Any]) -> list[str]:
    return [u["reason"] for u in out["unsupported"] if u["id"] == "dramatic_move_elements"]


def _text(out: dict[str, Any]) -> str:
    return " ".join(str(e.get("text", "")) for e in out["log"])


def test_perfect_hit_even_keeps_its_element_odd_sets_it_aside() -> None:
    # 000 L4753: after the hit, before its effects, a die: even (2), Increased Stun applies: 6 + 2 = 8 above 7,
    # Stunned; odd (3), it is ignored: 6 is not above 7. The Life Bar loss is the roll either way: 25 → 19
    even = _run("sure", {"T1.rei.attack": 3, "T1.rei.damage": 6, "T1.rei.perfect_hit": 2})
    assert (_state(even, "battle")["life_bar"], bool(_state(even, "battle")["stunned"])) == (19, True)
    odd = _run("sure", {"T1.rei.attack": 3, "T1.rei.damage": 6, "T1.rei.perfect_hit": 3})
    assert (_state(odd, "battle")["life_bar"], bool(_state(odd, "battle")["stunned"])) == (19, False)
    assert _gaps(even) == [] and _gaps(odd) == []


def test_perfect_hit_die_is_rolled_after_the_attack_roll() -> None:
    # 000 L4753: the die comes once the opponent is hit, so after the attack roll and before the damage roll (E.1)
    out = _run("sure", {"T1.rei.attack": 3, "T1.rei.damage": 6, "T1.rei.perfect_hit": 2})
    keys = [r["key"] for r in out["rolls"]]
    assert keys.index("T1.rei.attack") < keys.index("T1.rei.perfect_hit") < keys.index("T1.rei.damage")


def test_limited_move_is_asked_each_use_and_when_it_applies_does_nothing() -> None:
    # 000 L4579–L4591: the drawback naming no Element: applying ("act"), the move has no effect: 25 stays, no damage
    # rolled; not applying ("pass"), it hits as built: 6 → 19, and 6 + 2 = 8 Stuns him
    asked = _turn(
        {"T1.rei.action": {"action": "attack", "moves": ["low"], "target": "battle"}},
        {"T1.rei.attack": 3, "T1.rei.damage": 6},
        sheets=SHEETS,
    )
    assert [d["key"] for d in asked["decisions_needed"]] == ["T1.rei.limited_move"]
    applies = _run(
        "low",
        {"T1.rei.attack": 3, "T1.rei.damage": 6},
        {"T1.rei.limited_move": {"choice": "act"}, "T1.battle.action": NONE},
    )
    assert _state(applies, "battle")["life_bar"] == 25
    assert not [r for r in applies["rolls"] if r["key"] == "T1.rei.damage"]
    works = _run("low", {"T1.rei.attack": 3, "T1.rei.damage": 6}, {"T1.rei.limited_move": {"choice": "pass"}})
    assert (_state(works, "battle")["life_bar"], bool(_state(works, "battle")["stunned"])) == (19, True)
    assert _gaps(applies) == [] and _gaps(works) == []


def test_limited_move_narrowing_one_element_takes_only_that_element() -> None:
    # 000 L4587 ("Limited Element"): applying, Increased Stun is off this time: 6 → 19 but 6 is not above 7
    out = _run("part", {"T1.rei.attack": 3, "T1.rei.damage": 6}, {"T1.rei.limited_move": {"choice": "act"}})
    assert (_state(out, "battle")["life_bar"], bool(_state(out, "battle")["stunned"])) == (19, False)
    assert "no increased_stun this time" in _text(out)


def test_slow_startup_is_readied_not_named() -> None:
    # 000 L4842: its first use readies it against Battle, like a Utility move: no attack roll, Battle keeps 25, and
    # the entry is applied, not named (the release: test_throws_and_startup.py)
    out = _run("slow", {}, {"T1.battle.action": NONE})
    assert _gaps(out) == [] and _state(out, "battle")["life_bar"] == 25
    assert [(e["id"], e["target"]) for e in _state(out, "rei")["ongoing_effects"]] == [("slow_startup", "battle")]


SIDESTEP = {"id": "sidestep_setup", "since": 1}  # a Sidestep on turn 1: its chance lasts through turn 2 (000 L4823)


def _sidestep_turn(asked: dict[str, Any], rolls: dict[str, int], effects: list[dict[str, Any]]) -> dict[str, Any]:
    """Turn 2, Rei carrying ``effects``."""
    rei = _fighter("rei", REI_C, 25, 30, {})
    rei["state"]["ongoing_effects"] = copy.deepcopy(effects)
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 2, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [rei, _fighter("battle", BATTLE_C, 25, 30, {})],
        "decisions": asked,
        "rolls": {k.replace("T1.", "T2."): v for k, v in {**INIT, **rolls}.items()},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_sidestep_setup_kept_with_thugs_is_kept_here_too() -> None:
    # 000 L4817–L4828: with no Sidestep before it the move is refused; with the chance a Sidestep opened last turn
    # (carried in the request) it hits as built, 6 → 19 and 6 + 2 = 8 above 7 Stuns him, spends the chance and is
    # named no more
    asked = {"T2.rei.action": {"action": "attack", "moves": ["setup"], "target": "battle"}}
    rolls = {"T1.rei.attack": 3, "T1.rei.damage": 6}
    assert _refused(_sidestep_turn(asked, rolls, [])) == ["SIDESTEP_SETUP_NOT_READY"]
    out = _ok(_sidestep_turn(asked, rolls, [SIDESTEP]))
    assert (_state(out, "battle")["life_bar"], bool(_state(out, "battle")["stunned"])) == (19, True)
    assert _state(out, "rei")["ongoing_effects"] == [] and _gaps(out) == []


def test_another_move_loses_the_sidestep_setup_chance() -> None:
    # 000 L4825: Rei's Basic attack instead: the chance is gone
    asked = {"T2.rei.action": {"action": "attack", "target": "battle"}}
    out = _ok(_sidestep_turn(asked, {"T1.rei.attack": 3, "T1.rei.damage": 6}, [SIDESTEP]))
    assert _state(out, "rei")["ongoing_effects"] == [] and "Sidestep Setup chance (another action)" in _text(out)


def test_random_effect_rolls_its_combination_once_declared() -> None:
    # 000 L3956: two combinations, a 1d2: 1 is Increased Stun (6 + 2 = 8 above 7, Stunned), 2 Increased Glory (6 is
    # not above 7); both take 25 → 19
    stun = _run("dice", {"T1.rei.random_effect": 1, "T1.rei.attack": 3, "T1.rei.damage": 6})
    assert (_state(stun, "battle")["life_bar"], bool(_state(stun, "battle")["stunned"])) == (19, True)
    glory = _run("dice", {"T1.rei.random_effect": 2, "T1.rei.attack": 3, "T1.rei.damage": 6})
    assert (_state(glory, "battle")["life_bar"], bool(_state(glory, "battle")["stunned"])) == (19, False)
    assert [r["die"] for r in stun["rolls"] if r["key"] == "T1.rei.random_effect"] == ["1d2"]
    assert _gaps(stun) == [] and _gaps(glory) == []


def test_random_effect_a_combination_out_of_reach_misses() -> None:
    # 000 L3958: at Range 4 the melee combination cannot be used: the single attack misses, no damage rolled
    out = _run("dice", {"T1.rei.random_effect": 1}, {"T1.battle.action": NONE}, at=4)
    assert _state(out, "battle")["life_bar"] == 25
    assert not [r for r in out["rolls"] if r["key"] == "T1.rei.damage"]
    assert "unusable" in _text(out)


def _answered(move: str, battle: dict[str, Any]) -> dict[str, Any]:
    # Battle, hit, pays his Action Point to Ignore Hit Stun and acts (000 L7130)
    return _turn(
        {
            "T1.rei.action": {"action": "attack", "moves": [move], "target": "battle"},
            "T1.battle.ignore_hit_stun": {"choice": "act"},
            "T1.battle.action": battle,
        },
        {"T1.rei.attack": 3, "T1.battle.attack": 6, "T1.battle.damage": 1},
        sheets=SHEETS,
        battle={"action_points": 1},
    )


def test_suppression_of_two_elements_stops_his_movement_for_a_five_count() -> None:
    # 000 L4245: two Elements, no movement for a 5-count, one full turn at least; No Damage: 25 stays (000 L4243)
    out = _run("hold", {"T1.rei.attack": 3})
    battle = _state(out, "battle")
    assert battle["life_bar"] == 25
    assert [(e["id"], e["move"], e["target"]) for e in battle["ongoing_effects"]] == [("suppression", "hold", "rei")]
    assert _gaps(out) == []
    stuck = _answered("hold", {"action": "none", "movement": 1, "direction": "away"})
    assert "SUPPRESSION_RESTRICTED" in _refused(stuck)


def test_suppression_of_the_special_moves_tier_bars_his_special_moves() -> None:
    # 000 L4251: the Special Moves tier: Battle's Mystic Shot is out of reach, his Basic Move is not
    barred = _answered("seal", {"action": "attack", "moves": ["mystic_shot"], "target": "rei"})
    assert "SUPPRESSION_RESTRICTED" in _refused(barred)
    basic = _ok(_answered("seal", {"action": "attack", "moves": ["basic_move"], "target": "rei"}))
    assert _state(basic, "rei")["life_bar"] < 25  # the Basic Move hit (6 + its Accuracy against Rei's Defense)


def _moving(move: str, n: int, direction: str, at: int) -> dict[str, Any]:
    act = {"action": "attack", "moves": [move], "target": "battle", "movement": n, "direction": direction}
    return _turn({"T1.rei.action": act}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, sheets=SHEETS, at=at, rei_fs=20)


def test_charge_back_needs_him_to_move_away_first() -> None:
    # 000 L3093–L3097: standing at Range 1 it is not charged (no Control to spare, no Combo: ruling, 000 L7084,
    # L7108); after 1 Range away (1 → 2) it is: 3 + 3 − 1 at Range 2 (000 L2367) = 5 against 3 hits, 25 → 19
    assert "CHARGE_BACK_NOT_READY" in _refused(_moving("recoil", 0, "toward", 1))
    out = _ok(_moving("recoil", 1, "away", 1))
    assert _state(out, "battle")["life_bar"] == 19
    assert _gaps(out) == []


def test_charge_forward_needs_a_one_range_step_toward_him_for_one_fs() -> None:
    # 000 L4505: a 1-Range step in (2 → 1) charges it for 1 FS; standing at Range 2 does not. Rei's FS: 20 − 1, then
    # + 3 (his Power Level) for the fight's first hit (000 L5489) = 22
    assert "CHARGE_MOVE_NOT_READY" in _refused(_moving("lunge", 0, "toward", 2))
    out = _ok(_moving("lunge", 1, "toward", 2))
    assert (_state(out, "rei")["fighting_spirit"], _state(out, "battle")["life_bar"]) == (22, 19)
    assert _gaps(out) == []


def _after_guard(guard: str) -> dict[str, Any]:
    # Rei's Basic Move (1 + his Accuracy Bonus 1 = 2) misses Battle's Defense Total 1 + 2 FS = 3 (or Evasion 3 + 2)
    return _turn(
        {
            "T1.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"},
            "T1.battle.defense": {"defense": guard, "fs": 2},
            "T1.battle.action": {"action": "attack", "moves": ["crouch"], "target": "rei"},
        },
        {"T1.rei.attack": 1, "T1.battle.attack": 6, "T1.battle.damage": 1},
        sheets=SHEETS,
        battle={"action_points": 3},
    )


def test_charge_down_after_blocking_the_last_attack_with_the_defense_skill() -> None:
    # 000 L4489: the last attack on him stopped by his Defense Skill charges it; stopped by Evasion it does not
    assert "CHARGE_MOVE_NOT_READY" not in _refused(_after_guard("defense"))
    assert _ok(_after_guard("defense"))["status"] == "resolved"
    assert "CHARGE_MOVE_NOT_READY" in _refused(_after_guard("evasion"))


# ── The Dash and Power Dash (000 L2175–L2179, L3812–L3818; ruling: the Dash stays a campaign option in a Dramatic
# turn, its movement being unchanged, 000 L7106) ──────────────────────────────────────────────────────────────────
REI_DASH = copy.deepcopy(REI_D)
REI_DASH["moves"] += [
    {"id": "rush", "name": "Rush", "level": 1, "elements": [{"id": "power_dash"}]},
    {"id": "plain", "name": "Plain", "level": 1, "elements": [{"id": "increased_stun"}]},
]  # fmt: skip


def _dash_turn(action: dict[str, Any], rolls: dict[str, int], at: int, dash: bool = True) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic", "dash": dash},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": at}},
        "fighters": [_fighter("rei", REI_DASH, 25, 30, {}), _fighter("battle", BATTLE_D, 25, 30, {})],
        "decisions": {"T1.rei.action": {"action": "attack", "target": "battle", **action}},
        "rolls": {**INIT, **rolls},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _attack_inputs(out: dict[str, Any]) -> dict[str, Any]:
    return next(e["inputs"] for e in out["log"] if e.get("label") == "D.6")


def test_power_dash_after_the_one_fs_dash_is_one_die_size_more_with_its_accuracy() -> None:
    # 000 L2179: from Range 2, 1 Range in (Range 1) for 1 FS and +1 Accuracy: Rei's Special Move Accuracy 3 → 4.
    # 000 L3818: Power Dash one die size more than 1d12 (000 L7211 and Strength against Stamina): 1d12+2
    # (000 L5463–L5467); a 6 is 8: 25 → 17, and the Dash is paid 1 FS
    out = _ok(_dash_turn({"moves": ["rush"], "movement": 1, "dash": True}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, 2))
    assert _attack_inputs(out)["accuracy"] == 4
    assert _state(out, "battle")["life_bar"] == 17
    assert "pays 1 FS for the Dash" in _text(out)
    assert _gaps(out) == []
    # walking in without the Dash: Accuracy 3, 1d12: 6 → 19, and no FS paid
    walk = _ok(_dash_turn({"moves": ["rush"], "movement": 1}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, 2))
    assert (_attack_inputs(walk)["accuracy"], _state(walk, "battle")["life_bar"]) == (3, 19)
    assert "for the Dash" not in _text(walk)


def test_dash_needs_power_dash_on_a_special_move_and_the_campaign_option() -> None:
    # 000 L3818: a Special Move without Power Dash cannot follow the Dash; 000 L2175: the option must be on
    plain = _dash_turn({"moves": ["plain"], "movement": 1, "dash": True}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, 2)
    assert "DASH_INVALID" in _refused(plain)
    off = _dash_turn(
        {"moves": ["rush"], "movement": 1, "dash": True}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, 2, dash=False
    )
    assert "DASH_INVALID" in _refused(off)


def test_two_fs_dash_carries_a_basic_attack_two_ranges() -> None:
    # 000 L2177: 2 Ranges forward for 2 FS before a Basic attack: Range 3 → 1, and the FS paid is 2
    out = _ok(_dash_turn({"movement": 2, "dash": True}, {"T1.rei.attack": 3, "T1.rei.damage": 6}, 3))
    assert "Range 3 → 1" in _text(out)
    assert "pays 2 FS for the Dash" in _text(out)
    # without the Dash a Basic attack's 2 Ranges are refused: the Dash is what pays for them (000 L2177)
    assert "DECISION_INVALID" in _refused(_dash_turn({"movement": 2}, {"T1.rei.attack": 3}, 3))


# ── An Opening Move's window for its Move Sub-Set and Multi-Part Move follow-ups (000 L3736–L3755, L4652–L4670) ──
REI_SEQ = copy.deepcopy(REI_D)
REI_SEQ["moves"] += [
    {"id": "open", "name": "Open", "level": 1,
     "elements": [{"id": "opening_move", "options": {"sequence": "Open", "sequence_length": 3}}]},
    {"id": "sub", "name": "Sub", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "move_sub_set", "options": {"opening_move": "Open", "sub_set_size": 1}}]},
    {"id": "part", "name": "Part2", "level": 1, "elements": [{"id": "increased_stun"}],
     "liabilities": [{"id": "multi_part_move", "options": {"opening_move": "Open"}}]},
]  # fmt: skip
WINDOW = {"id": "opening_move", "move": "open", "since": 1}


def _seq_turn(action: dict[str, Any], rolls: dict[str, int], turn: int = 1, window: bool = False) -> dict[str, Any]:
    hit = bool(rolls)  # a hit costs Battle his action (000 L7130): he is asked for one only when not hit
    rei = _fighter("rei", REI_SEQ, 25, 30, {})
    rei["state"]["ongoing_effects"] = [WINDOW] if window else []
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": turn, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [rei, _fighter("battle", BATTLE_D, 25, 30, {})],
        "decisions": {f"T{turn}.rei.action": action, **({} if hit else {f"T{turn}.battle.action": NONE})},
        "rolls": {k.replace("T1.", f"T{turn}."): v for k, v in {**INIT, **rolls}.items()},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _windows(out: dict[str, Any]) -> list[tuple[str, int]]:
    return [(e["move"], e["since"]) for e in _state(out, "rei")["ongoing_effects"] if e["id"] == "opening_move"]


HIT = {"T1.rei.attack": 3, "T1.rei.damage": 6}


def test_follow_up_needs_its_opening_move_first() -> None:
    # 000 L4654, L4662: Move Sub-Set and Multi-Part Move only after the designated Opening Move; with no window open
    for move in ("sub", "part"):
        out = _seq_turn({"action": "attack", "target": "battle", "moves": [move]}, HIT)
        assert "SEQUENCE_NOT_OPEN" in _refused(out)


def test_opening_move_opens_a_window_a_follow_up_uses_next_turn() -> None:
    # 000 L3746: Open used on turn 1 (a hit: 6 → 19) opens the window for turn 1 and turn 2
    first = _ok(_seq_turn({"action": "attack", "target": "battle", "moves": ["open"]}, HIT))
    assert _windows(first) == [("open", 1)]
    assert _gaps(first) == []
    # turn 2: Sub follows through the window (a Dramatic attack is one move, 000 L7108): 6 + 2 = 8 above 7, Stunned
    # (000 L3561–L3565); the follow-up uses the window up
    second = _ok(_seq_turn({"action": "attack", "target": "battle", "moves": ["sub"]}, HIT, turn=2, window=True))
    assert (_state(second, "battle")["life_bar"], bool(_state(second, "battle")["stunned"])) == (19, True)
    assert _windows(second) == [] and _gaps(second) == []


def test_opening_move_window_lapses_after_the_next_turn_and_closes_on_a_non_attack_action() -> None:
    # 000 L3746: opened on turn 1, still open after turn 1 with no move used; gone after turn 2 unused
    kept = _ok(_seq_turn(NONE, {}, turn=1, window=True))
    assert _windows(kept) == [("open", 1)]
    lapsed = _ok(_seq_turn(NONE, {}, turn=2, window=True))
    assert _windows(lapsed) == []
    # 000 L3750: Full Defense is a non-attack action: the window closes on turn 1 already
    guarded = _ok(_seq_turn({"action": "none", "full_defense": True}, {}, turn=1, window=True))
    assert _windows(guarded) == []


def test_another_move_closes_the_opening_move_window() -> None:
    # 000 L3748: a move other than a follow-up (Rei's Basic attack, a hit) loses it
    # on turn 1 itself, so the window's own lapse (end of turn 2) plays no part
    out = _ok(_seq_turn({"action": "attack", "target": "battle"}, HIT, turn=1, window=True))
    assert "follow-up chance is gone" in _text(out)
    assert _windows(out) == []


def test_prop_kept_with_thugs_is_kept_here_too() -> None:
    # 000 L4755–L4785: with its Prop in hand Club hits as built: 6 takes 25 → 19, and 6 + 2 = 8 above 7 Stuns him;
    # nothing is named (the Prop's drop and recovery: test_kept_states.py)
    sheets = copy.deepcopy(SHEETS)
    sheets[0]["moves"].append({"id": "club", "name": "Club", "level": 1, "elements": [{"id": "increased_stun"}],
                               "liabilities": [{"id": "prop"}]})  # fmt: skip
    asked = {"T1.rei.action": {"action": "attack", "moves": ["club"], "target": "battle"}}
    out = _ok(_turn(asked, {"T1.rei.attack": 3, "T1.rei.damage": 6}, sheets=sheets))
    assert (_state(out, "battle")["life_bar"], bool(_state(out, "battle")["stunned"])) == (19, True)
    assert _gaps(out) == []


def test_opening_throw_with_no_link_on_the_sheet_is_an_ordinary_throw() -> None:
    # 000 L3759: with no Multi-Part Throw move to follow it, Opening Throw has no effect: no lock, the Throw's Knock
    # Down lands at once (000 L4339), and the entry is applied, not named (the chain: test_throws_and_startup.py)
    sheets = copy.deepcopy(SHEETS)
    sheets[0]["moves"].append({"id": "grip", "name": "Grip", "level": 1,
                               "elements": [{"id": "throw"}, {"id": "opening_throw"}]})  # fmt: skip
    asked = {"T1.rei.action": {"action": "attack", "moves": ["grip"], "target": "battle"}}
    out = _ok(_turn(asked, {"T1.rei.attack": 3, "T1.rei.damage": 6}, sheets=sheets, at=0))
    assert _gaps(out) == [] and _state(out, "rei")["ongoing_effects"] == []
    assert "battle spends their action standing up" in _text(out)


def test_a_heal_for_others_only_is_never_an_attack() -> None:
    # 000 L2349: Healing's Utility keyword takes the Offensive one away, so Only Heal Others (000 L3452) is never
    # inside an attack: named as one the move is refused; as a Utility action it heals the one named (test_actions)
    sheets = copy.deepcopy(SHEETS)
    sheets[0]["moves"].append({"id": "kiss", "name": "Kiss", "level": 2, "elements": [
        {"id": "healing"}, {"id": "healing.heal_others"}, {"id": "healing.only_heal_others"}]})  # fmt: skip
    asked = {"T1.rei.action": {"action": "attack", "moves": ["kiss"], "target": "battle"}}
    out = _turn(asked, {"T1.rei.attack": 3}, sheets=sheets)
    assert [v["code"] for v in out["violations"]] == ["UNKNOWN_MOVE"]


def test_defending_loses_the_sidestep_setup_chance() -> None:
    # 000 L4826: Rei takes no action (no non-attack action, ruling as for an Opening Move's window, 000 L3750) and
    # keeps the chance until he defends against Battle's attack (a Basic Move: no Sidestep Setup Response, 000 L7126)
    asked = {
        "T2.rei.action": NONE,
        "T2.battle.action": {"action": "attack", "target": "rei"},
        "T2.rei.defense": {"defense": "defense", "fs": 0},
    }
    out = _ok(_sidestep_turn(asked, {"T1.battle.attack": 1}, [SIDESTEP]))
    assert _state(out, "rei")["ongoing_effects"] == [] and "Sidestep Setup chance (a defence)" in _text(out)
    kept = _ok(_sidestep_turn({"T2.rei.action": NONE, "T2.battle.action": NONE}, {}, [SIDESTEP]))
    assert [e["id"] for e in _state(kept, "rei")["ongoing_effects"]] == []  # a turn-1 chance lapses after turn 2
