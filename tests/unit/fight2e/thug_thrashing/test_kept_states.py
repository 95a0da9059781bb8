"""States on the Fighter that a Thug Thrashing turn keeps as the main turn does (000 L6646: combat against Thugs is
the Main Combat System's unless the Thug rules say otherwise), worked by hand. Ava (support.py): PL 2, Life Bar 40,
Strength 2, Defense 3, Evasion 1; she acts first (Initiative 6 against 1) with Control 4. The group: Defense 2, Life
Save 5; a Special Move's 1d6 is one die size above 1d4, so its Life Save is 5 − Strength 2 − 1 = 2 (000 L6570)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, _ava, _ok, _turn
from tests.unit.fight2e.thug_thrashing.test_move_elements import _hit, _members, _req

DEFENSE = {"defense": "defense", "fs": 0}


def _rolls(turn: int, **more: int) -> dict[str, int]:
    base = {"ava.init": 6, "ava.ctrl": 4, "g.init": 1, "fight.time": 3, "g.attack": 1, **more}
    return {f"T{turn}.{k}": v for k, v in base.items()}


def _decisions(turn: int, action: dict[str, Any], **more: Any) -> dict[str, Any]:
    out = {"ava.action": action, "ava.action.2": IDLE, "ava.defense": DEFENSE, **more}
    return {f"T{turn}.{k}": v for k, v in out.items()}


def _at(turn: int, *moves: dict[str, Any], effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    req = _req(*moves)
    req["fight"]["turn"] = turn
    req["fighters"][0]["state"]["ongoing_effects"] = effects or []
    return req


def _codes(out: dict[str, Any]) -> list[str]:
    return [v["code"] for v in out["violations"]]


def _effects(out: dict[str, Any]) -> list[tuple[str, str | None, int | None]]:
    return [(e["id"], e.get("move"), e.get("time_left")) for e in _ava(out)["ongoing_effects"]]


def _named(out: dict[str, Any]) -> bool:
    return bool(out["unsupported"])


def _thug_roll(out: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")


def _utility(mid: str) -> dict[str, Any]:
    return {"action": "utility", "moves": [mid]}


def _buff(*mods: str, mid: str = "focus") -> dict[str, Any]:
    # a Buff of +1 Strength (000 L2953–L2961), with the Liabilities named
    return {
        "id": mid,
        "name": mid.title(),
        "level": 2,
        "elements": [el("buff", quality_raises=1, raised_qualities="strength"), *(el(m) for m in mods)],
    }


# ── Wind Up held: +2 Control on his other moves (000 L4451) ───────────────────────────────────────────────────


def test_a_held_wind_up_makes_her_other_moves_cost_two_more_control() -> None:
    held = [{"id": "wind_up", "move": "wind", "since": 99}]
    wind, jab = move("wind", "wind_up"), move("jab")
    # Elbow is Level 3: 3 + 2 = 5 Control, above her 4 (000 L4451).
    bad = _turn(_at(2, wind, jab, effects=held), _decisions(2, _hit("elbow")), _rolls(2))
    assert _codes(bad) == ["INSUFFICIENT_CONTROL"]
    # Jab is Level 2: 2 + 2 = 4, within her 4; the held Wind Up stays.
    out = _ok(_at(2, wind, jab, effects=held), _decisions(2, _hit("jab")), _rolls(2, **{"ava.attack": 1}))
    assert ("wind_up", "wind", None) in _effects(out)
    assert not _named(out)


# ── Flight (000 L3362–L3370) ───────────────────────────────────────────────────────────────────────────────────


def test_flight_starts_gives_four_against_the_groups_attack_with_evasion_and_runs_down() -> None:
    # Her Utility move starts Flight: a 5-count (000 L3370). Defending with Evasion 1 she adds 4: 5. The group's 1d6 + 0
    # (000 L6680): 4 misses 5, where Evasion alone (1) would be hit. The Time Roll of 3 leaves 2 of the count (a full
    # turn at least, 000 L3370).
    fly = move("fly", "flight")
    evade = {"defense": "evasion", "fs": 0}
    decisions = _decisions(
        1, _utility("fly"), **{"ava.defense": evade, "ava.evasion_result": {"choice": "accuracy_bonus"}}
    )
    out = _ok(_at(1, fly), decisions, _rolls(1, **{"g.attack": 4}))
    thug = _thug_roll(out)
    assert thug["inputs"]["defense_total"] == 5 and "miss" in thug["text"]
    assert _effects(out) == [("flight", "fly", 2)]
    assert not _named(out)


def test_flying_she_attacks_only_with_hard_to_evade_or_aerial_special_moves() -> None:
    flying = [{"id": "flight", "move": "fly", "time_left": 3, "since": 1}]
    fly, dive = move("fly", "flight"), move("dive", "hard_to_evade")
    # Elbow has neither (000 L3370): refused.
    bad = _turn(_at(2, fly, dive, effects=flying), _decisions(2, _hit("elbow")), _rolls(2))
    assert _codes(bad) == ["FLIGHT_MOVE_NOT_ALLOWED"]
    # A Basic Move is no Special Move: refused too.
    basic = _turn(_at(2, fly, dive, effects=flying), _decisions(2, _hit("basic_move")), _rolls(2))
    assert _codes(basic) == ["FLIGHT_MOVE_NOT_ALLOWED"]
    # Dive has Hard to Evade: it attacks; the Thug's 3 is above Life Save 2: one out (000 L6569).
    out = _ok(
        _at(2, fly, dive, effects=flying),
        _decisions(2, _hit("dive")),
        _rolls(2, **{"ava.attack": 4, "g.life_save": 3}),
    )
    assert _members(out) == {"g": 4}


# ── End Only (000 L3276–L3280) ─────────────────────────────────────────────────────────────────────────────────


def test_end_only_needs_her_buff_in_effect() -> None:
    calm = move("calm", el("end_buff", target_buff="focus"), liabilities=(el("end_buff.end_only"),))
    focus = _buff("buff.early_ending")
    bad = _turn(_at(2, focus, calm), _decisions(2, _hit("calm")), _rolls(2))
    assert _codes(bad) == ["END_ONLY_WITHOUT_BUFF"]
    buffed = [{"id": "buff", "move": "focus", "time_left": 6, "since": 1}]
    rolls = _rolls(2, **{"ava.attack": 3, "g.life_save": 1})
    out = _ok(_at(2, focus, calm, effects=buffed), _decisions(2, _hit("calm")), rolls)
    assert _effects(out) == []  # the End Buff ends it at the turn's end (000 L2993–L2997)
    assert not _named(out)


# ── Set Up's Powerless (000 L4137–L4147) ──────────────────────────────────────────────────────────────────────


def test_a_primed_powerless_set_up_locks_her_other_special_moves() -> None:
    trap = move("trap", "set_up", liabilities=(el("set_up.powerless"),))
    primed = [{"id": "set_up", "move": "trap", "since": 1}]
    bad = _turn(_at(3, trap, effects=primed), _decisions(3, _hit("elbow")), _rolls(3))
    assert _codes(bad) == ["MOVE_LOCKED"]
    # A Basic Move is no Special Move: hers still (000 L4139); 1d6 + 0 + spare Control against Defense 2.
    ok = _ok(
        _at(3, trap, effects=primed),
        _decisions(3, _hit("basic_move")),
        _rolls(3, **{"ava.attack": 3, "g.life_save": 1}),
    )
    assert ("set_up", "trap", None) in _effects(ok)
    # The primed move itself strikes: +2 damage (000 L4141) is damage an Element adds, one less on the Life Save
    # (000 L6572): 2 − 1 = 1; the Thug's 2 is above it: one out, where Life Save 2 would keep him.
    out = _ok(
        _at(3, trap, effects=primed), _decisions(3, _hit("trap")), _rolls(3, **{"ava.attack": 3, "g.life_save": 2})
    )
    assert [s["text"] for s in out["log"] if "Life Save against" in s["text"]] == [
        "Life Save against 1: 2 → out: 4 left."
    ]
    assert _effects(out) == []
    assert not _named(out)


# ── Power Enhancer (000 L3820–L3850) ──────────────────────────────────────────────────────────────────────────


def test_power_enhancer_banks_on_use_and_its_die_size_lowers_the_life_save() -> None:
    focus = move("focus", el("power_enhancer", target_moves="Fist"), level=3)
    fist = move("fist")
    used = _ok(_at(1, focus, fist), _decisions(1, _utility("focus")), _rolls(1))
    assert [(e["id"], e["charges"]) for e in _ava(used)["ongoing_effects"]] == [("power_enhancer", 1)]
    assert not _named(used)
    # Next turn Fist is one die size up, 1d8: two sizes above 1d4, so 5 − 2 − 2 = 1 (000 L6570); the Thug's 2 is
    # above it: out. The bank is spent (000 L3826).
    bank = [{"id": "power_enhancer", "move": "focus", "charges": 1}]
    out = _ok(
        _at(2, focus, fist, effects=bank), _decisions(2, _hit("fist")), _rolls(2, **{"ava.attack": 3, "g.life_save": 2})
    )
    assert [s["text"] for s in out["log"] if "Life Save against" in s["text"]] == [
        "Life Save against 1: 2 → out: 4 left."
    ]
    assert _effects(out) == []


# ── A Buff's Liabilities (000 L3011–L3063) ────────────────────────────────────────────────────────────────────


def test_movement_only_and_no_movement_buffs_limit_her_action() -> None:
    only = [{"id": "buff", "move": "focus", "time_left": 6, "since": 1}]
    bad = _turn(_at(2, _buff("buff.movement_only"), effects=only), _decisions(2, _hit("elbow")), _rolls(2))
    assert _codes(bad) == ["BUFF_MOVEMENT_ONLY"]  # nothing but movement (000 L3033)
    walk = {"action": "move", "movement": 1, "direction": "away", "target": "g"}
    ok = _ok(_at(2, _buff("buff.movement_only"), effects=only), _decisions(2, walk), _rolls(2))
    assert ok["fight"]["thugs"][0]["ranges"]["ava"] == 2
    rooted = _turn(_at(2, _buff("buff.no_movement"), effects=only), _decisions(2, walk), _rolls(2))
    assert _codes(rooted) == ["BUFF_NO_MOVEMENT"]  # he cannot move while it lasts (000 L3039)


def test_life_bar_drain_takes_her_power_level_at_the_turns_end() -> None:
    # 40 − PL 2 = 38 (000 L3013); the group's 1 misses her Defense 3 (000 L6680).
    buffed = [{"id": "buff", "move": "focus", "time_left": 6, "since": 1}]
    out = _ok(_at(2, _buff("buff.life_bar_drain"), effects=buffed), _decisions(2, IDLE), _rolls(2))
    assert _ava(out)["life_bar"] == 38


def test_a_stun_buff_ending_stuns_her_next_turn() -> None:
    # 3 left, the Time Roll of 3 ends it (000 L2961); Stunned from the next turn (000 L3061).
    buffed = [{"id": "buff", "move": "focus", "time_left": 3, "since": 1}]
    out = _ok(_at(2, _buff("buff.stun"), effects=buffed), _decisions(2, IDLE), _rolls(2))
    assert _effects(out) == []
    assert _ava(out)["stunned"]


def test_a_buff_gauge_fills_one_less_against_thugs() -> None:
    # It fills as Super Energy does (000 L2977): 1 a turn by default (000 L5271) when she neither hits nor is hurt
    # (the group's 1 misses her Defense 3); against Thugs one less (000 L6730): it stays at 3.
    gauge = [{"id": "buff_gauge", "charges": 3}]
    out = _ok(_at(2, _buff("buff.buff_gauge"), effects=gauge), _decisions(2, IDLE), _rolls(2))
    assert [(e["id"], e["charges"]) for e in _ava(out)["ongoing_effects"]] == [("buff_gauge", 3)]
    # A turn she attacks: 1 a turn and 1 for the attack performed, hit or miss (000 L5269, L5271), less 1: 3 → 4
    # (her hit leaves the Thug standing on a 1, 000 L6569).
    rolls = _rolls(2, **{"ava.attack": 1, "g.life_save": 1})
    out = _ok(_at(2, _buff("buff.buff_gauge"), effects=gauge), _decisions(2, _hit("elbow")), rolls)
    assert [(e["id"], e["charges"]) for e in _ava(out)["ongoing_effects"]] == [("buff_gauge", 4)]


def test_a_technique_buffs_flight_lasts_as_long_as_its_buff() -> None:
    # Buff and Flight on one move with Technique Buff: the Flight runs on the Buff's 10-count (000 L3071–L3073), not
    # its own 5; the Time Roll of 3 leaves 7 of each.
    soar = {
        "id": "soar",
        "name": "Soar",
        "level": 3,
        "elements": [
            el("buff", quality_raises=1, raised_qualities="strength"),
            el("flight"),
            el("buff.technique_buff"),
        ],
    }
    out = _ok(_at(1, soar), _decisions(1, _utility("soar")), _rolls(1))
    assert sorted(_effects(out)) == [("buff", "soar", 7), ("flight", "soar", 7)]
    assert not _named(out)


# ── The Charges (000 L3085–L3099, L4479–L4527) ────────────────────────────────────────────────────────────────
# Each move is Level 3, so her Control 4 is not 2 above the need (000 L3095): its own preparation must charge it.


def test_charge_back_needs_her_step_away_from_the_group() -> None:
    flash = move("flash", "charge_back", level=3)
    bad = _turn(_at(1, flash), _decisions(1, _hit("flash")), _rolls(1))
    assert _codes(bad) == ["CHARGE_BACK_NOT_READY"]
    # 1 Range away from it just before (000 L3093): Range 1 → 2, still in reach; 3 + 0 against Defense 2 hits.
    back = _hit("flash", movement=1, direction="away")
    out = _ok(_at(1, flash), _decisions(1, back), _rolls(1, **{"ava.attack": 3, "g.life_save": 1}))
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 2
    assert not _named(out)


def test_charge_forward_steps_in_for_one_fs() -> None:
    rush = move("rush", "charge_forward", level=3)
    req = _req(rush, groups={"g": 2})
    bad = _turn(req, _decisions(1, _hit("rush")), _rolls(1))
    assert _codes(bad) == ["CHARGE_MOVE_NOT_READY"]
    # 1 Range toward the group (000 L4499–L4501): Range 2 → 1, and 1 FS: her 10 → 9.
    step = _hit("rush", movement=1, direction="toward")
    out = _ok(req, _decisions(1, step), _rolls(1, **{"ava.attack": 3, "g.life_save": 1}))
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 1 and _ava(out)["fighting_spirit"] == 9


def test_charge_down_needs_the_groups_last_attack_blocked_with_defense() -> None:
    # The group acts first (its 4 against her 1). Its 1d6 + 0: a 1 misses her Defense 3 (000 L6680), blocked with
    # the Defense Skill (000 L4485): her Charge Down move may follow.
    low = move("low", "charge_down", level=3)
    first = {"ava.init": 1, "g.init": 4}
    out = _ok(_at(1, low), _decisions(1, _hit("low")), _rolls(1, **first, **{"ava.attack": 3, "g.life_save": 1}))
    assert not _named(out)
    # A 6 hits her: nothing blocked, the move is not charged.
    hit = _turn(_at(1, low), _decisions(1, _hit("low")), _rolls(1, **first, **{"g.attack": 6, "g.damage": 1}))
    assert _codes(hit) == ["CHARGE_MOVE_NOT_READY"]


# ── A Dash and Power Dash (000 L2175–L2179, L3812–L3818) ──────────────────────────────────────────────────────


def test_power_dash_after_a_one_fs_dash_lowers_the_life_save() -> None:
    req = _req(move("charge", "power_dash"), groups={"g": 2})
    dash = _hit("charge", movement=1, direction="toward", dash=True)
    bad = _turn(req, _decisions(1, dash), _rolls(1))
    assert _codes(bad) == ["DASH_INVALID"]  # the campaign option is off (000 L2175)
    req["options"]["dash"] = True
    # 1 Range from Range 2 for 1 FS (her 10 → 9) and +1 Accuracy (000 L2179); Charge's 1d6 one size up, 1d8: two sizes
    # above 1d4, so the Life Save is 5 − 2 − 2 = 1 (000 L3818, L6570); the Thug's 2 is above it: out.
    out = _ok(req, _decisions(1, dash), _rolls(1, **{"ava.attack": 1, "g.life_save": 2}))
    step = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert step["inputs"]["accuracy"] == 2  # 0 + 1 spare Control (000 L5728) + 1 for the Dash
    assert [s["text"] for s in out["log"] if "Life Save against" in s["text"]] == [
        "Life Save against 1: 2 → out: 4 left."
    ]
    assert _ava(out)["fighting_spirit"] == 9 and out["fight"]["thugs"][0]["ranges"]["ava"] == 1
    assert not _named(out)
    # The same step without the Dash: no FS, no die size: Life Save 2, and the 2 keeps the Thug in (000 L6569).
    walk = _ok(
        req,
        _decisions(1, _hit("charge", movement=1, direction="toward")),
        _rolls(1, **{"ava.attack": 1, "g.life_save": 2}),
    )
    assert _members(walk) == {"g": 5} and _ava(walk)["fighting_spirit"] == 10


# ── Invisibility (000 L3589–L3605) ─────────────────────────────────────────────────────────────────────────────


def _vanish() -> dict[str, Any]:
    return move("vanish", el("invisibility", 3, initiative_steps=1, control_steps=0), level=3)


def _die(out: dict[str, Any], key: str) -> list[str]:
    return [r["die"] for r in out["rolls"] if r["key"] == key]


def test_invisibility_makes_the_groups_initiative_die_smaller_next_turn() -> None:
    # Used this turn (hit or miss): the group's 1 misses her Defense 3, so it lasts into next turn (000 L3591).
    out = _ok(_at(1, _vanish()), _decisions(1, _hit("vanish")), _rolls(1, **{"ava.attack": 3, "g.life_save": 1}))
    assert [(e["id"], e["move"], e["since"]) for e in _ava(out)["ongoing_effects"]] == [("invisibility", "vanish", 1)]
    assert not _named(out)
    # Next turn the group engages her (ruling: it always does, 000 L6672): its 1d4 one size smaller, 1d2 (000 L3591).
    hidden = [{"id": "invisibility", "move": "vanish", "since": 1}]
    out = _ok(_at(2, _vanish(), effects=hidden), _decisions(2, IDLE), _rolls(2))
    assert _die(out, "T2.g.init") == ["1d2"]
    assert _effects(out) == []  # it lasts that one turn (000 L3597)
    # A hit before then ends it (000 L3591): the group's 6 hits her Defense 3.
    out = _ok(
        _at(1, _vanish()),
        _decisions(1, _hit("vanish")),
        _rolls(1, **{"ava.attack": 3, "g.life_save": 1, "g.attack": 6, "g.damage": 1}),
    )
    assert _effects(out) == []


def test_maintained_invisibility_goes_on_until_she_is_hit() -> None:
    # Maintain Effect: past the next turn until a hit (000 L3599–L3603); the group's 1 misses her, so it stays.
    vanish = _vanish()
    vanish["elements"].append(el("invisibility.maintain_effect"))
    hidden = [{"id": "invisibility", "move": "vanish", "since": 1}]
    out = _ok(_at(3, vanish, effects=hidden), _decisions(3, IDLE), _rolls(3))
    assert _die(out, "T3.g.init") == ["1d2"]
    assert _effects(out) == [("invisibility", "vanish", None)]


# ── Slow Startup (000 L4838–L4848) ────────────────────────────────────────────────────────────────────────────


def _slow() -> dict[str, Any]:
    return move("quake", liabilities=(el("slow_startup"),))


def test_slow_startup_readies_against_the_group_then_goes_off_next_turn() -> None:
    # First use: like a Utility move, no roll, the group named (000 L4842–L4844); she defends with Defense alone.
    out = _ok(_at(1, _slow()), _decisions(1, _hit("quake")), _rolls(1))
    assert [(e["id"], e["move"], e["target"]) for e in _ava(out)["ongoing_effects"]] == [("slow_startup", "quake", "g")]
    assert "T1.ava.attack" not in {r["key"] for r in out["rolls"]} and _members(out) == {"g": 5}
    assert not _named(out)
    evade = _turn(
        _at(1, _slow()), _decisions(1, _hit("quake"), **{"ava.defense": {"defense": "evasion", "fs": 0}}), _rolls(1)
    )
    assert _codes(evade) == ["DEFENSE_OPTION_NOT_ALLOWED"]
    # Next turn it goes off at her first action with no decision, for 1 Control, though the group is at Range 3, out of
    # its reach (000 L4846–L4848); her Initiative die is two sizes larger, 1d8 → 1d12 (000 L4846). 3 + 0 + 3 spare
    # Control (4 − 1, 000 L5728) hits Defense 2; the Thug's 3 is above Life Save 2: out (000 L6569).
    readied = [{"id": "slow_startup", "move": "quake", "since": 1, "target": "g"}]
    req = _at(2, _slow(), effects=readied)
    req["fight"]["thugs"][0]["ranges"]["ava"] = 3
    out = _ok(
        req, {"T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}, _rolls(2, **{"ava.attack": 3, "g.life_save": 3})
    )
    assert _members(out) == {"g": 4} and _effects(out) == []
    assert _die(out, "T2.ava.init") == ["1d12"]


def test_a_groups_hit_cancels_the_readied_slow_startup_move() -> None:
    # The group acts first (4 against her 1) and its 6 hits her Defense 3: the move is cancelled (000 L4844).
    readied = [{"id": "slow_startup", "move": "quake", "since": 1, "target": "g"}]
    rolls = _rolls(2, **{"ava.init": 1, "g.init": 4, "g.attack": 6, "g.damage": 1})
    idle = {"T2.ava.action": IDLE, "T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}
    out = _ok(_at(2, _slow(), effects=readied), idle, rolls)
    assert _effects(out) == [] and _members(out) == {"g": 5}


# ── Opening Move and its follow-ups (000 L3736–L3755, L4652–L4670) ─────────────────────────────────────────────


def _chain() -> tuple[dict[str, Any], dict[str, Any]]:
    rush = move("rush", el("opening_move", sequence="Rush", sequence_length=1))
    sub = move("sub", liabilities=(el("move_sub_set", opening_move="Rush", sub_set_size=1),))
    return rush, sub


def test_an_opening_moves_window_opens_on_use_and_lets_its_follow_up_open_the_next_action() -> None:
    rush, sub = _chain()
    # Without the window the follow-up cannot open an action (000 L4654).
    bad = _turn(_at(1, rush, sub), _decisions(1, _hit("sub")), _rolls(1))
    assert _codes(bad) == ["SEQUENCE_NOT_OPEN"]
    # Rush used (hit or miss) opens the window for this turn and the next (000 L3744); her second action (Control 2)
    # may be the follow-up, which uses it up (000 L3748). Both hit Defense 2; both Thugs roll 1: they stay.
    rolls = _rolls(1, **{"ava.attack": 3, "ava.attack.2": 3, "g.life_save": 1, "g.life_save.2": 1})
    decisions = _decisions(1, _hit("rush"), **{"ava.action.2": _hit("sub")})
    out = _ok(_at(1, rush, sub), decisions, rolls)
    assert _effects(out) == [] and not _named(out)
    # Rush alone, the group holding back: the window is carried into the next turn (000 L3744).
    stay = {"T1.ava.action": _hit("rush"), "T1.ava.action.2": IDLE, "T1.g.action": IDLE}
    rolls = {k: v for k, v in _rolls(1, **{"ava.attack": 3, "g.life_save": 1}).items() if k != "T1.g.attack"}
    out = _ok(_at(1, rush, sub), stay, rolls)
    assert [(e["id"], e["move"], e["since"]) for e in _ava(out)["ongoing_effects"]] == [("opening_move", "rush", 1)]


def test_a_non_attack_action_or_a_defence_closes_the_window() -> None:
    rush, sub = _chain()
    window = [{"id": "opening_move", "move": "rush", "since": 1}]
    # Await Opening is a non-attack action (000 L3750): the follow-up is shut out of her second action.
    decisions = _decisions(2, {"action": "await_opening"}, **{"ava.action.2": _hit("sub")})
    bad = _turn(_at(2, rush, sub, effects=window), decisions, _rolls(2))
    assert _codes(bad) == ["SEQUENCE_NOT_OPEN"]
    # The group acting first (4 against her 1): defending against it is a Defensive Option (000 L3749).
    rolls = _rolls(2, **{"ava.init": 1, "g.init": 4})
    bad = _turn(_at(2, rush, sub, effects=window), _decisions(2, _hit("sub")), rolls)
    assert _codes(bad) == ["SEQUENCE_NOT_OPEN"]


# ── Limited Move (000 L4579–L4591) ─────────────────────────────────────────────────────────────────────────────


def test_limited_moves_drawback_is_asked_at_each_use_on_a_group() -> None:
    smash = move("smash", liabilities=(el("limited_move", value="-0.5", description="not against crowds"),))
    rolls = _rolls(1, **{"ava.attack": 3, "g.life_save": 3})
    asked = _turn(_at(1, smash), _decisions(1, _hit("smash")), rolls)
    assert asked["decisions_needed"][0]["key"] == "T1.ava.limited_move"
    # It applies: the move does nothing, no roll, no Thug out (000 L4581).
    applies = _ok(_at(1, smash), _decisions(1, _hit("smash"), **{"ava.limited_move": {"choice": "act"}}), _rolls(1))
    assert _members(applies) == {"g": 5} and "T1.ava.attack" not in {r["key"] for r in applies["rolls"]}
    # It does not: 3 + 0 + 1 hits Defense 2, the Thug's 3 is above Life Save 2: out.
    passes = _ok(_at(1, smash), _decisions(1, _hit("smash"), **{"ava.limited_move": {"choice": "pass"}}), rolls)
    assert _members(passes) == {"g": 4} and not _named(passes)


# ── Perfect Hit (000 L4745–L4753) ──────────────────────────────────────────────────────────────────────────────


def test_perfect_hit_keeps_its_element_on_a_group_only_on_an_even_die() -> None:
    # Increased Damage ×2 makes Crush's 1d6 a 1d8 (000 L3524, the main turn's figure): two sizes above 1d4, Life Save
    # 5 − 2 − 2 = 1 (000 L6570); the Thug's 2 is above it: out. An odd Perfect Hit die sets the Element aside for
    # this hit (000 L4753): 1d6, Life Save 2, and the 2 keeps him in.
    crush = move("crush", el("increased_damage", 2), liabilities=(el("perfect_hit", target="increased_damage"),))
    for face, left in ((4, 4), (3, 5)):
        rolls = _rolls(1, **{"ava.attack": 3, "ava.perfect_hit": face, "g.life_save": 2})
        out = _ok(_at(1, crush), _decisions(1, _hit("crush")), rolls)
        assert _members(out) == {"g": left} and not _named(out)


# ── Vulnerability (000 L4888–L4900) ────────────────────────────────────────────────────────────────────────────


def test_vulnerability_raises_a_tied_groups_damage_die_and_increased_duration_keeps_it() -> None:
    # Tied at 4 (000 L6656): her move is under way as the group strikes at the same moment, so its 1d4 is rolled one
    # size up, 1d6 (000 L4894); its 6 hits her Defense 3. Her Crush: 3 + 0 + 1 hits Defense 2, the Thug stays on a 1.
    crush = move("crush", liabilities=(el("vulnerability"),))
    rolls = _rolls(1, **{"ava.init": 4, "g.init": 4, "ava.attack": 3, "g.life_save": 1, "g.attack": 6, "g.damage": 1})
    out = _ok(_at(1, crush), _decisions(1, _hit("crush")), rolls)
    assert _die(out, "T1.g.damage") == ["1d6"] and not _named(out)
    # Not tied (her 6 against its 1): the move is over when the group strikes: 1d4.
    rolls = _rolls(1, **{"ava.attack": 3, "g.life_save": 1, "g.attack": 6, "g.damage": 1})
    assert _die(_ok(_at(1, crush), _decisions(1, _hit("crush")), rolls), "T1.g.damage") == ["1d4"]
    # Increased Duration: the next turn, whatever she does, one size up for its 5-count (000 L4896–L4900).
    lasting = move("crush", liabilities=(el("vulnerability"), el("vulnerability.increased_duration")))
    counting = [{"id": "vulnerability.increased_duration", "move": "crush", "time_left": 5, "since": 1}]
    out = _ok(_at(2, lasting, effects=counting), _decisions(2, IDLE), _rolls(2, **{"g.attack": 6, "g.damage": 1}))
    assert _die(out, "T2.g.damage") == ["1d6"]
    # Used in a Thug turn it starts its 5-count, which does not run in that turn (000 L4898).
    rolls = _rolls(1, **{"ava.attack": 3, "g.life_save": 1})
    out = _ok(_at(1, lasting), _decisions(1, _hit("crush")), rolls)
    assert _effects(out) == [("vulnerability.increased_duration", "crush", 5)]


# ── Infinite Supers, Extended Duration, Super Move Enhancer (000 L4922–L4934, L4233–L4237) ─────────────────────


def _supers(*more: dict[str, Any]) -> dict[str, Any]:
    inf = move("inf", el("infinite_supers"), *more, level=5, kind="super", liabilities=(el("utility"),))
    return _at(1, inf, move("sup", level=5, kind="super"))


def test_infinite_supers_started_in_a_thug_turn_runs_its_count_and_frees_the_next_super() -> None:
    # Control 6 pays the Level 5 Utility Super (000 L5996); its 10 Super Energy is spent (000 L5281); a 5-count, 3
    # off by the Time Roll (000 L4930).
    req = _supers()
    req["fighters"][0]["state"]["super_energy"] = 10
    out = _ok(req, _decisions(1, _utility("inf")), _rolls(1, **{"ava.ctrl": 6}))
    assert _ava(out)["super_energy"] == 0 and ("infinite_supers", "inf", 2) in _effects(out)
    assert not _named(out)
    # Next turn, with it running and no Super Energy, Sup costs nothing (000 L4932); without it, it is refused.
    running = [{"id": "infinite_supers", "move": "inf", "time_left": 2, "since": 1}]
    rolls = _rolls(2, **{"ava.ctrl": 6, "ava.attack": 3, "g.life_save": 1, "g.life_save.2": 1})
    req = _supers()
    req["fight"]["turn"] = 2
    req["fighters"][0]["state"]["ongoing_effects"] = running
    assert _ok(req, _decisions(2, _hit("sup")), rolls)["status"] == "resolved"
    req["fighters"][0]["state"]["ongoing_effects"] = []
    assert _codes(_turn(req, _decisions(2, _hit("sup")), rolls)) == ["INSUFFICIENT_SUPER_ENERGY"]


def test_extended_duration_stretches_the_count_for_more_super_energy() -> None:
    # 10 to launch and 2 × 10 more: 5 + 2 × 5 = 15, 3 off by the Time Roll: 12 (000 L4922–L4926).
    req = _supers(el("extended_duration"))
    req["options"]["super_energy_max"] = 30
    req["fighters"][0]["state"]["super_energy"] = 30
    decisions = _decisions(1, _utility("inf"), **{"ava.extended_duration": {"amount": 2}})
    out = _ok(req, decisions, _rolls(1, **{"ava.ctrl": 6}))
    assert _ava(out)["super_energy"] == 0 and ("infinite_supers", "inf", 12) in _effects(out)


def test_super_move_enhancer_started_on_a_thug_turn_pays_for_its_super() -> None:
    boost = move("focus", el("super_move_enhancer", target_super="Sup", stun_afterwards="no"), level=3)
    boost["liabilities"] = [el("utility")]
    sup, other = move("sup", level=5, kind="super"), move("sup2", level=5, kind="super")
    out = _ok(_at(1, boost, sup, other), _decisions(1, _utility("focus")), _rolls(1))
    assert [e[0] for e in _effects(out)] == ["super_move_enhancer"] and not _named(out)
    # Next turn its 20 Super Energy pay for Sup alone (000 L4237).
    on = [{"id": "super_move_enhancer", "move": "focus", "time_left": 2, "since": 1}]
    rolls = _rolls(2, **{"ava.ctrl": 6, "ava.attack": 3, "g.life_save": 1, "g.life_save.2": 1})
    assert _ok(_at(2, boost, sup, other, effects=on), _decisions(2, _hit("sup")), rolls)["status"] == "resolved"
    refused = _turn(_at(2, boost, sup, other, effects=on), _decisions(2, _hit("sup2")), rolls)
    assert _codes(refused) == ["INSUFFICIENT_SUPER_ENERGY"]


# ── Temporary Technique (000 L4329–L4333) ─────────────────────────────────────────────────────────────────────


def test_a_temporary_technique_lends_the_dash_for_her_next_action() -> None:
    learn = move("learn", el("temporary_technique", technique="Dash"), liabilities=(el("utility"),))
    req = _req(learn, groups={"g": 2})
    dash = {"action": "attack", "moves": ["basic_move"], "target": "g", "movement": 1, "direction": "toward"}
    dash["dash"] = True
    # Without it the campaign has no Dash (000 L2175): refused.
    bad = _turn(req, _decisions(1, IDLE, **{"ava.action.2": dash}), _rolls(1))
    assert _codes(bad) == ["DASH_INVALID"]
    # Used as her first action it lends the Dash for the turn (000 L4331): her second action (Control 2) Dashes 1
    # Range for 1 FS (10 → 9) and +1 Accuracy (000 L2179); the Basic Move's 1 + 0 + 1 spare + 1 hits Defense 2.
    rolls = _rolls(1, **{"ava.attack": 1, "g.life_save": 1})
    out = _ok(req, _decisions(1, _utility("learn"), **{"ava.action.2": dash}), rolls)
    assert _ava(out)["fighting_spirit"] == 9 and out["fight"]["thugs"][0]["ranges"]["ava"] == 1
    assert ("temporary_technique", "learn", None) in _effects(out) and not _named(out)


# ── A Taunt's Element Addition (000 L4291–L4301) ──────────────────────────────────────────────────────────────


def test_a_taunts_element_addition_goes_to_her_next_attack_on_the_group() -> None:
    jeer = move("jeer", el("taunt"), el("taunt.element_addition", element="knocks_down"))
    punch = move("punch")
    # Jeer hits (3 + 0 + 1 against Defense 2) and its Thug stays on a 1; it lends Knocks Down to her next fitting
    # move: Punch, her second action (Control 2), hits with 3 + 0 and its Thug stays on a 1, so Knocks Down forces
    # a second Life Save (000 L6718): a 6 is above 2, out.
    rolls = _rolls(1, **{"ava.attack": 3, "ava.attack.2": 3, "g.life_save": 1, "g.life_save.2": 1})
    rolls |= {"T1.g.life_save.3": 6, "T1.ava.taunt_glory": 1}
    out = _ok(_at(1, jeer, punch), _decisions(1, _hit("jeer"), **{"ava.action.2": _hit("punch")}), rolls)
    assert _members(out) == {"g": 4} and not _named(out)


# ── Free Movement (000 L3372–L3382) ────────────────────────────────────────────────────────────────────────────


def test_free_movement_puts_her_out_of_the_groups_reach_and_lets_her_only_move() -> None:
    sink = move("sink", "free_movement")
    # Used as her first action (hit or miss: Always): a 5-count, at least one full turn (000 L3380); the group's 6
    # would hit her Defense 3 but no attack reaches her: her 40 Life Bar stays; the Time Roll of 3 leaves 2.
    rolls = _rolls(1, **{"ava.attack": 1, "g.attack": 6, "g.damage": 1})
    decisions = {"T1.ava.action": _hit("sink"), "T1.ava.action.2": IDLE}
    out = _ok(_at(1, sink), decisions, {k: v for k, v in rolls.items() if k not in ("T1.g.attack", "T1.g.damage")})
    assert _effects(out) == [("free_movement", "sink", 2)] and _ava(out)["life_bar"] == 40 and not _named(out)
    # While it lasts she can only move (000 L3380).
    running = [{"id": "free_movement", "move": "sink", "time_left": 2, "since": 1}]
    bad = _turn(_at(2, sink, effects=running), _decisions(2, _hit("elbow")), _rolls(2))
    assert _codes(bad) == ["FREE_MOVEMENT_RESTRICTED"]


# ── Fake (000 L3338–L3350) ─────────────────────────────────────────────────────────────────────────────────────


def test_a_fake_against_groups_alone_gives_no_bonus_she_could_use() -> None:
    # Its bonus is on Tactics Defense Totals (000 L3350), and Tactics is no defence against Thugs (000 L6698): with no
    # Fighter opponent it raises nothing (ruling); the Utility move is used all the same.
    feint = move("feint", "fake")
    out = _ok(_at(1, feint), _decisions(1, _utility("feint")), _rolls(1))
    assert [s["text"] for s in out["log"] if "fools nobody" in s["text"]] == [
        "Feint fools nobody: no opponent has a lower Initiative than ava."
    ]
    assert not _named(out)
    tactics = _turn(
        _at(1, feint), _decisions(1, _utility("feint"), **{"ava.defense": {"defense": "tactics"}}), _rolls(1)
    )
    assert _codes(tactics) == ["DECISION_INVALID"]


# ── Behind Opponent on a group (000 L4457–L4477; ruling: no-map routes, a Maneuver Check against its Defense) ──


def _behind() -> dict[str, Any]:
    return move("back", liabilities=("behind_opponent",))


def _warned(out: dict[str, Any]) -> list[str]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["dice_needed"])
    return [w["code"] for w in out["warnings"] if w["code"] != "SHEET_NOT_VALID"]


def test_behind_opponent_needs_her_step_in_and_a_won_maneuver_check_against_the_groups_defense() -> None:
    step = _hit("back", movement=1, direction="toward")
    # Range 1 → 0 and a Maneuver Check (000 L4467): her 5 + Tactics 0 = 5 against the group's 2 + Defense 2 = 4: won.
    # Her attack: 1 + 1 (spare Control 4 − 2) + 1 (Range 0, 000 L5708) = 3 against Defense 2 hits; the Thug rolls 6
    # against his Life Save 2 and is out.
    rolls = _rolls(1, **{"ava.maneuver": 5, "g.maneuver": 2, "ava.attack": 1, "g.life_save": 6})
    out = _ok(_at(1, _behind()), _decisions(1, step), rolls)
    assert _members(out) == {"g": 4} and not _named(out)
    # lost: her 3 against 4; the move is not used, her action spent, no attack roll asked (000 L4457)
    lost = _turn(_at(1, _behind()), _decisions(1, step), _rolls(1, **{"ava.maneuver": 3, "g.maneuver": 2}))
    assert _warned(lost) == ["BEHIND_NOT_ACHIEVED"] and _members(lost) == {"g": 5}
    # standing at Range 1 she neither goes past the group nor steps in: no route, no check
    still = _turn(_at(1, _behind()), _decisions(1, _hit("back")), _rolls(1))
    assert _warned(still) == ["BEHIND_NOT_ACHIEVED"] and _members(still) == {"g": 5}


# ── Only When Prone (000 L4737–L4743) ─────────────────────────────────────────────────────────────────────────


def _down(turn: int, *moves: dict[str, Any]) -> dict[str, Any]:
    req = _at(turn, *moves)
    req["fighters"][0]["state"]["knocked_down"] = True
    return req


def test_only_when_prone_attacks_from_the_ground_in_place_of_standing_and_she_stays_down() -> None:
    low = move("low", liabilities=("only_when_prone",))
    ground = {"T1.ava.stand_alt": {"choice": "act", "moves": ["low"], "target": "g"}, "T1.ava.action": IDLE}
    more = {"T1.ava.defense": DEFENSE}
    # Her attack: 2 + 1 (spare Control 4 − 2) − 1 (the Liability, 000 L4743) = 2 against Defense 2 hits; the Thug
    # rolls 6 against his Life Save 2 and is out. She is still down after it (000 L4743).
    out = _ok(_down(1, low), ground | more, _rolls(1, **{"ava.attack": 2, "g.life_save": 6}))
    assert _members(out) == {"g": 4} and _ava(out)["knocked_down"] is True and not _named(out)
    # a 1 is 1 + 1 − 1 = 1: a miss, the −1 counting
    out = _ok(_down(1, low), ground | more, _rolls(1, **{"ava.attack": 1}))
    assert _members(out) == {"g": 5}
    # standing, she cannot use it (000 L4741)
    bad = _turn(_at(1, low), _decisions(1, _hit("low")), _rolls(1))
    assert _codes(bad) == ["ONLY_WHEN_PRONE_INVALID"]
    # standing up instead takes her first action as before (000 L6752)
    up = _ok(_down(1, low), {"T1.ava.stand_alt": {"choice": "stand"}, "T1.ava.action": IDLE} | more, _rolls(1))
    assert _ava(up)["knocked_down"] is False and _members(up) == {"g": 5}


# ── End Style (000 L3282–L3290) ───────────────────────────────────────────────────────────────────────────────


def _styled(turn: int, *moves: dict[str, Any]) -> dict[str, Any]:
    req = _at(turn, *moves, effects=[{"id": "style", "move": "Tiger", "since": 1}])
    sheet = req["fighters"][0]["sheet"]
    sheet["qualities"] = [{"id": "multiple_styles"}]
    sheet["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger"}]
    return req


def _style(out: dict[str, Any]) -> list[str | None]:
    return [e.get("move") for e in _ava(out)["ongoing_effects"] if e["id"] == "style"]


def test_end_style_on_a_group_brings_her_back_to_her_base_style_hit_or_miss() -> None:
    # In the Tiger style she uses Tiger End on the group: back in the Crane (Base) style, no Style Change needed
    # (000 L3288–L3290). 1 + 1 (spare Control) = 2 hits Defense 2; the Thug rolls 1 against 2 and stays.
    end = {"id": "tend", "name": "Tiger End", "level": 2, "style": "Tiger", "elements": [{"id": "end_style"}]}
    claw = {"id": "claw", "name": "Tiger Claw", "level": 2, "style": "Tiger"}
    out = _ok(_styled(2, end, claw), _decisions(2, _hit("tend")), _rolls(2, **{"ava.attack": 1, "g.life_save": 1}))
    assert _style(out) == [] and not _named(out)
    # the Tiger Claw has no End Style: she stays in the Tiger style
    out = _ok(_styled(2, end, claw), _decisions(2, _hit("claw")), _rolls(2, **{"ava.attack": 1, "g.life_save": 1}))
    assert _style(out) == ["Tiger"]


def test_movement_exception_keeps_its_movement_in_a_limited_movement_style_and_ends_the_style() -> None:
    # Tiger is a Limited Movement style: before an attack only 1 Range, for 1 FS (000 L5102); a Mobile Tiger move
    # without Movement Exception cannot go 2 (000 L5100). Ava has 10 FS.
    dash = {
        "id": "tdash",
        "name": "Tiger Dash",
        "level": 2,
        "style": "Tiger",
        "elements": [{"id": "end_style"}, {"id": "end_style.movement_exception"}, el("mobile", movement="mobile")],
    }
    claw = {"id": "claw", "name": "Tiger Claw", "level": 2, "style": "Tiger"}
    run = {
        "id": "run",
        "name": "Tiger Run",
        "level": 2,
        "style": "Tiger",
        "elements": [el("mobile", movement="mobile")],
    }

    def limited(*moves: dict[str, Any]) -> dict[str, Any]:
        req = _styled(2, *moves)
        req["fighters"][0]["sheet"]["styles"][1]["limited_movement"] = True
        req["fight"]["thugs"][0]["ranges"]["ava"] = 3
        return req

    hit = {"ava.attack": 1, "g.life_save": 1}  # Range 1 after: 1 + 1 (spare Control) = 2 hits Defense 2; he stays
    two = _turn(limited(run), _decisions(2, _hit("run", movement=2, direction="toward")), _rolls(2, **hit))
    assert _codes(two) == ["STYLE_MOVEMENT_LIMITED"]
    # 1 Range (3 → 2) for 1 FS; at Range 2, 1 + 1 − 1 (000 L5708) = 1 misses Defense 2; she stays in the Tiger style
    out = _ok(
        limited(claw), _decisions(2, _hit("claw", movement=1, direction="toward")), _rolls(2, **{"ava.attack": 1})
    )
    assert _ava(out)["fighting_spirit"] == 10 - 1 and _style(out) == ["Tiger"]
    # Movement Exception: Mobile's 2 Ranges for its 1 FS (000 L3294, L3673), then back to the Crane style (000 L3298)
    out = _ok(limited(dash), _decisions(2, _hit("tdash", movement=2, direction="toward")), _rolls(2, **hit))
    assert _ava(out)["fighting_spirit"] == 10 - 1 and _style(out) == []


# ── Random Effect (000 L3938–L3960) ───────────────────────────────────────────────────────────────────────────


def _trunk() -> dict[str, Any]:
    options = {"allocation": 2, "combinations": "increased_damage, increased_damage; ranged"}
    return {"id": "trunk", "name": "Trunk", "level": 3, "elements": [{"id": "random_effect", "options": options}]}


def test_random_effect_rolls_its_combination_on_a_group() -> None:
    # Two combinations: a 1d2 picks (000 L3956). Range 1, a 6 hits Defense 2 either way.
    # 1: two Increased Damage, a 1d8: the Life Save is 5 − 2 − 2 = 1, so the Thug's 2 fails (000 L6570);
    # 2: Ranged, its 1d6: the Life Save is 2 and the same 2 saves him.
    hit = _hit("trunk")
    big = _ok(
        _at(1, _trunk()), _decisions(1, hit), _rolls(1, **{"ava.random_effect": 1, "ava.attack": 6, "g.life_save": 2})
    )
    shot = _ok(
        _at(1, _trunk()), _decisions(1, hit), _rolls(1, **{"ava.random_effect": 2, "ava.attack": 6, "g.life_save": 2})
    )
    assert (_members(big), _members(shot)) == ({"g": 4}, {"g": 5})
    assert not _named(big) and not _named(shot)


def test_random_effect_unusable_at_the_groups_range_misses() -> None:
    # Range 4: the melee combination cannot reach it, a miss with no roll (000 L3958); the Ranged one can and a 6
    # hits, the Thug's 6 failing his Life Save 2.
    req = _at(1, _trunk())
    req["fight"]["thugs"][0]["ranges"]["ava"] = 4
    dec = {"T1.ava.action": _hit("trunk"), "T1.ava.action.2": IDLE}  # the group, 4 away, cannot reach her
    base = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}
    near = _ok(req, dec, base | {"T1.ava.random_effect": 1})
    far = _ok(req, dec, base | {"T1.ava.random_effect": 2, "T1.ava.attack": 6, "T1.g.life_save": 6})
    assert (_members(near), _members(far)) == ({"g": 5}, {"g": 4})


# ── Power Up's Extra Elements (000 L3870–L3876) ──────────────────────────────────────────────────────────────


def test_extra_elements_buy_the_designed_elements_with_her_extra_control() -> None:
    # Burst (L2, Power Up's Control version) takes 2 extra Control, 4 of her 4; at 1 Control per Element cost they
    # buy two Increased Damage (000 L3874): 1d6 becomes 1d8 (000 L3530), no damage is left over, so the Life Save is
    # 5 − 2 − 2 = 1 (000 L6570): the Thug's 2 fails it, his 1 makes it. A 6 hits Defense 2.
    burst = {
        "id": "burst",
        "name": "Burst",
        "level": 2,
        "elements": [
            {"id": "power_up", "options": {"version": "control"}},
            {"id": "power_up.extra_elements", "options": {"schedule": ["increased_damage", "increased_damage"]}},
        ],
    }
    dec = _decisions(1, _hit("burst"), **{"ava.power_up_bonus": {"amount": 2}})
    out = _ok(_at(1, burst), dec, _rolls(1, **{"ava.attack": 6, "g.life_save": 2}))
    assert _members(out) == {"g": 4} and not _named(out)
    out = _ok(_at(1, burst), dec, _rolls(1, **{"ava.attack": 6, "g.life_save": 1}))
    assert _members(out) == {"g": 5}
    # without the Power Up the 1d6's Life Save is 2: the same 2 makes it
    plain = _decisions(1, _hit("burst"), **{"ava.power_up_bonus": {"amount": 0}})
    out = _ok(_at(1, burst), plain, _rolls(1, **{"ava.attack": 6, "g.life_save": 2}))
    assert _members(out) == {"g": 5}


# ── Sidestep Setup (000 L4817–L4829) ──────────────────────────────────────────────────────────────────────────


def test_sidestep_setup_needs_the_chance_of_her_last_turns_sidestep_and_spends_it() -> None:
    setup = move("setup", liabilities=("sidestep_setup",))
    chance = [{"id": "sidestep_setup", "since": 1}]  # her Sidestep last turn: usable this turn (000 L4823)
    bad = _turn(_at(2, setup), _decisions(2, _hit("setup")), _rolls(2))
    assert _codes(bad) == ["SIDESTEP_SETUP_NOT_READY"]
    # with the chance: 1 + 1 (spare Control) = 2 hits Defense 2, the Thug's 6 fails his Life Save 2; the chance is
    # spent
    out = _ok(
        _at(2, setup, effects=chance), _decisions(2, _hit("setup")), _rolls(2, **{"ava.attack": 1, "g.life_save": 6})
    )
    assert _members(out) == {"g": 4} and not [e for e in _effects(out) if e[0] == "sidestep_setup"]
    assert not _named(out)
    # another move first loses it (000 L4825): Setup as her second action is refused
    dec = _decisions(2, _hit("jab"), **{"ava.action.2": _hit("setup")})
    lost = _turn(_at(2, setup, move("jab"), effects=chance), dec, _rolls(2, **{"ava.attack": 1, "g.life_save": 1}))
    assert _codes(lost) == ["SIDESTEP_SETUP_NOT_READY"]


def test_behind_opponent_needs_no_check_when_the_group_faces_another_fighter() -> None:
    # Her ally Bo is at Range 1 of the group: it faces other opponents, so her step from Range 1 to 0 makes the
    # Behind condition with no Maneuver Check (000 L4475; ruling: another Fighter within Range 1 of the group).
    req = _at(1, _behind())
    bo = copy.deepcopy(req["fighters"][0])
    bo["id"], bo["sheet"] = "bo", {**copy.deepcopy(AVA), "id": "bo"}
    req["fighters"].append(bo)
    req["fight"]["thugs"][0]["ranges"]["bo"] = 1
    req["fight"]["sides"] = {"ava": "heroes", "bo": "heroes"}
    dec = _decisions(1, _hit("back", movement=1, direction="toward"))
    dec |= {"T1.bo.action": IDLE, "T1.bo.action.2": IDLE, "T1.bo.defense": DEFENSE}
    # 1 + 1 (spare Control) + 1 (Range 0) = 3 hits Defense 2; the Thug's 6 fails his Life Save 2. The group's
    # attacks on them then miss on a 1.
    rolls = _rolls(1, **{"ava.attack": 1, "g.life_save": 6, "g.attack.2": 1}) | {"T1.bo.init": 3, "T1.bo.ctrl": 4}
    out = _ok(req, dec, rolls)
    assert _members(out) == {"g": 4}
    assert not [r for r in out["rolls"] if r["key"].endswith("maneuver")]
