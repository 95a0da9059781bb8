"""A move's Elements on Thug groups in a Dramatic turn with Thugs, read from the same ``against_thugs`` records and
steps as a Thug Thrashing turn (000 L6710–L6718, L7074–L7076, and each Element's own lines), worked by hand.

Ava (test_thugs.py): PL 2, Strength 2, Dramatic Life Bar 20 (000 L7072), Initiative 6 against the groups' 1, two
actions (Thug Thrashing 1). A Special Move costs her turn's Action Point and gets +2 Accuracy (000 L7209–L7211), so a
1 on the attack die is 1 + 0 + 2 = 3 against Defense 2: a hit. Each group: Defense 2, Life Save 5; its Strength
takes 2 off and the move's die more (000 L6570), so a Thug who rolls 6 is always out and one who rolls 1 stays."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_thugs import DEFENSE, IDLE, ava, life_saves, request, resolved, turn
from tests.unit.fight2e.thug_thrashing.support import THUG

FIRST = {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3}
STAY = {"T1.g.action": IDLE}


def _req(*moves: dict[str, Any], groups: dict[str, int] | None = None, life: int = 20) -> dict[str, Any]:
    req = request()
    sheet = copy.deepcopy(req["fighters"][0]["sheet"])
    sheet["moves"] = [*sheet["moves"], *moves]
    req["fighters"][0]["sheet"] = sheet
    req["fighters"][0]["state"]["life_bar"] = life
    if groups:
        req["fight"]["thugs"] = [
            {"id": gid, "thug": THUG, "members": 5, "ranges": {"ava": rng}} for gid, rng in groups.items()
        ]
    return req


def _hit(mid: str) -> dict[str, Any]:
    return {"action": "attack", "moves": [mid], "target": "g"}


def _members(out: dict[str, Any]) -> dict[str, int]:
    return {g["id"]: g["members"] for g in out["fight"]["thugs"]}


def test_drain_life_heals_her_one_as_in_thug_thrashing() -> None:
    # Drain Life on a group: 1 Life Bar, whatever the Thug's save, healed at H.1 (000 L3240, L3246; its record,
    # group_rule): her 15 → 16. The Thug rolls 1 and stays.
    out = resolved(
        _req(move("leech", "drain_life"), life=15),
        {"T1.ava.action": _hit("leech"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1},
    )
    assert ava(out)["life_bar"] == 16 and _members(out) == {"g": 5}
    # the same move missing (a 0 is not on the die: Defense 4 against 1 + 2 = 3) heals nothing
    req = _req(move("leech", "drain_life"), life=15)
    req["fight"]["thugs"][0]["thug"] = {**THUG, "defense": 4}
    out = resolved(req, {"T1.ava.action": _hit("leech"), "T1.ava.action.2": IDLE, **STAY}, FIRST | {"T1.ava.attack": 1})
    assert ava(out)["life_bar"] == 15


def test_a_no_damage_move_makes_no_thug_save_and_costs_next_turns_point() -> None:
    # No Damage: its hit makes no Thug roll a Life Save (ruling, 000 L6568, L6714; move_elements.forces_save). A
    # Special Move that defeats no one costs her next turn's point (000 L7213).
    out = resolved(
        _req(move("shove", liabilities=("no_damage",))),
        {"T1.ava.action": _hit("shove"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1},
    )
    assert _members(out) == {"g": 5}
    assert "T1.g.life_save" not in {r["key"] for r in out["rolls"]}
    assert any("no Life Save" in e["text"] for e in out["log"])
    assert ava(out)["dramatic"]["no_point_next_turn"] is True


def test_area_effect_attacks_each_group_at_range_0_to_1() -> None:
    # Area Effect: everyone at Range 0–1 of her, a group as one combatant (000 L2837–L2839): h (Range 1) is attacked
    # as g is, k at Range 3 is not. Each roll 1 + 2 = 3 hits Defense 2; each Thug rolls 6: one out of g and of h.
    rolls = FIRST | {"T1.h.init": 1, "T1.k.init": 1, "T1.ava.attack": 1, "T1.ava.attack.2": 1}
    rolls |= {"T1.g.life_save": 6, "T1.h.life_save": 6}
    stay = {f"T1.{g}.action": IDLE for g in ("g", "h", "k")}
    out = resolved(
        _req(move("whirl", "area_effect"), groups={"g": 1, "h": 1, "k": 3}),
        {"T1.ava.action": _hit("whirl"), "T1.ava.action.2": IDLE, **stay},
        rolls,
    )
    assert _members(out) == {"g": 4, "h": 4, "k": 5}
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("ava", 2)]  # its level once (000 L5749)


def test_unreliable_fails_on_a_one() -> None:
    # Unreliable: a 1 on 1d10 after declaring and the move does nothing (000 L4872–L4874): no attack roll.
    out = resolved(
        _req(move("wild", liabilities=("unreliable",))),
        {"T1.ava.action": _hit("wild"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.unreliable": 1},
    )
    assert "T1.ava.attack" not in {r["key"] for r in out["rolls"]} and _members(out) == {"g": 5}


def test_self_damage_costs_her_power_level() -> None:
    # Self Damage: she loses Life Bar equal to her Power Level, 2, hit or miss (000 L4799): 20 → 18.
    out = resolved(
        _req(move("reckless", liabilities=("self_damage",))),
        {"T1.ava.action": _hit("reckless"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1},
    )
    assert ava(out)["life_bar"] == 18


def test_summon_calls_her_ally_and_nothing_is_named() -> None:
    # Summon in a Dramatic turn with Thugs: its Ally appears 1 Range ahead of her for a 5-count (000 L4191, L4209),
    # kept as in the main turn (000 L6646, L7080); the Time Roll of 3 leaves 2 of it. Nothing is named for it, and
    # no thug_move_elements is reported any more.
    out = turn(
        _req(move("charge", el("summon", ally_elements=["knocks_down"]), level=4)),
        {"T1.ava.action": {"action": "utility", "moves": ["charge"]}, "T1.ava.action.2": IDLE, **STAY},
        FIRST,
    )
    assert [(e["id"], e.get("charges"), e.get("time_left")) for e in ava(out)["ongoing_effects"]] == [("summon", 1, 2)]
    assert not out["unsupported"]
    # Skips Knock Down acts only on a target who can be Knocked Down, which a group never is (000 L4163–L4173,
    # L6718; target_only): nothing is named for it
    out = turn(
        _req(move("catch", el("skips_knock_down"))),
        {"T1.ava.action": _hit("catch"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1},
    )
    assert not out["unsupported"]
    assert DEFENSE


def test_power_up_spends_life_bar_for_one_less_on_the_save() -> None:
    # A Level 2 Special Move's 1d6, one size more at its Dramatic price: 1d8, two sizes above 1d4, so the save is
    # 5 − 2 − 2 = 1 (000 L6570, L7211). Power Up's Life Bar version: 1 Life Bar, 20 → 19, adds damage, one less on
    # the save (000 L3860, L6572): 0, out with no roll (ruling B1). Without it a 1 keeps the Thug in.
    req = _req(move("surge", el("power_up", version="life_bar")))
    act = {"T1.ava.action": _hit("surge"), "T1.ava.action.2": IDLE, **STAY}
    powered = resolved(req, act | {"T1.ava.power_up_bonus": {"amount": 1}}, FIRST | {"T1.ava.attack": 1})
    assert life_saves(powered) == [0] and _members(powered) == {"g": 4} and ava(powered)["life_bar"] == 19
    plain = resolved(
        req, act | {"T1.ava.power_up_bonus": {"amount": 0}}, FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1}
    )
    assert life_saves(plain) == [1] and _members(plain) == {"g": 5} and ava(plain)["life_bar"] == 20


def test_fast_recovery_falls_on_next_turns_initiative_die() -> None:
    # Fast Recovery on a hit: a die size next turn on Control (000 L3358); Dramatic Combat rolls no Control
    # (000 L7084), so it is a size on her Initiative die, as Full Offense's sizes are here.
    req = _req(move("quick", el("fast_recovery", trigger="on_hit", bonus_to="control")))
    act = {"T1.ava.action": _hit("quick"), "T1.ava.action.2": IDLE, **STAY}
    out = resolved(req, act, FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1})
    assert ava(out)["dramatic"]["initiative_steps"] == 1
    # a miss (Defense 4 against 1 + 2 = 3) gives nothing
    req["fight"]["thugs"][0]["thug"] = {**THUG, "defense": 4}
    out = resolved(req, act, FIRST | {"T1.ava.attack": 1})
    assert ava(out)["dramatic"]["initiative_steps"] == 0


def test_a_wind_up_is_held_and_then_strikes_with_added_damage() -> None:
    # Held (000 L4445–L4447): a Utility-like use, no roll; the turn's starting Time Count, 99, is noted.
    held = resolved(
        _req(move("charge", "wind_up")),
        {"T1.ava.action": _hit("charge"), "T1.ava.action.2": IDLE, "T1.ava.wind_up": {"choice": "hold"}, **STAY},
        FIRST,
    )
    assert [(e["id"], e["move"], e["since"]) for e in ava(held)["ongoing_effects"]] == [("wind_up", "charge", 99)]
    assert "T1.ava.attack" not in {r["key"] for r in held["rolls"]} and _members(held) == {"g": 5}
    assert not held["unsupported"]


def test_drain_life_heals_no_further_than_her_dramatic_life_bar() -> None:
    # Ava's Life Bar is 40 (test_thugs' sheet), so 20 in Dramatic Combat (half, 000 L7072); at 20 her Drain Life hit
    # heals nothing more (000 L3240): it stays 20 and the next turn still starts within the Dramatic maximum.
    out = resolved(
        _req(move("leech", "drain_life"), life=20),
        {"T1.ava.action": _hit("leech"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1},
    )
    assert ava(out)["life_bar"] == 20


def test_states_kept_on_her_flight_lock_and_a_power_enhancers_die() -> None:
    # Flying she attacks only with Hard to Evade or Aerial Special Moves (000 L3370), kept in a turn with Thugs as in
    # the main turn (000 L6646): Surge has neither.
    flying = _req(move("fly", "flight"), move("surge"))
    flying["fighters"][0]["state"]["ongoing_effects"] = [{"id": "flight", "move": "fly", "time_left": 3, "since": 1}]
    out = turn(flying, {"T1.ava.action": _hit("surge"), "T1.ava.action.2": IDLE, **STAY}, FIRST)
    assert [v["code"] for v in out["violations"]] == ["FLIGHT_MOVE_NOT_ALLOWED"]
    # A banked Power Enhancer use: Surge's 1d6, one size at its Dramatic price (000 L7211) and one banked
    # (000 L3826): 1d10, three sizes above 1d4, so the save is 5 − 2 − 3 = 0: out with no roll (ruling B1).
    banked = _req(move("focus", el("power_enhancer", target_moves="Surge"), level=3), move("surge"))
    banked["fighters"][0]["state"]["ongoing_effects"] = [{"id": "power_enhancer", "move": "focus", "charges": 1}]
    out = resolved(
        banked, {"T1.ava.action": _hit("surge"), "T1.ava.action.2": IDLE, **STAY}, FIRST | {"T1.ava.attack": 1}
    )
    assert life_saves(out) == [0] and _members(out) == {"g": 4}
    assert ava(out)["ongoing_effects"] == []  # the bank is spent on the use
    assert not out["unsupported"]


def test_a_charge_back_move_needs_her_step_away_with_no_control_to_spare() -> None:
    # No Control is rolled in Dramatic Combat (000 L7084): only the move's own preparation charges it (000 L3093).
    req = _req(move("flash", "charge_back"))
    bad = turn(req, {"T1.ava.action": _hit("flash"), "T1.ava.action.2": IDLE, **STAY}, FIRST)
    assert [v["code"] for v in bad["violations"]] == ["CHARGE_BACK_NOT_READY"]
    back = {**_hit("flash"), "movement": 1, "direction": "away"}  # Range 1 → 2, still in reach
    out = resolved(
        req, {"T1.ava.action": back, "T1.ava.action.2": IDLE, **STAY}, FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1}
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 2
    assert not out["unsupported"]


def test_power_dash_after_her_dash_is_one_more_die_size() -> None:
    # With the Dash option, 1 Range from Range 2 for 1 FS (000 L2179): Charge's 1d6, one size at its Dramatic price
    # (000 L7211) and one for the Power Dash (000 L3818): 1d10, three above 1d4: 5 − 2 − 3 = 0, out with no roll.
    req = _req(move("charge", "power_dash"), groups={"g": 2})
    req["options"]["dash"] = True
    fs = req["fighters"][0]["state"]["fighting_spirit"]
    dash = {**_hit("charge"), "movement": 1, "direction": "toward", "dash": True}
    out = resolved(req, {"T1.ava.action": dash, "T1.ava.action.2": IDLE, **STAY}, FIRST | {"T1.ava.attack": 1})
    assert life_saves(out) == [0] and _members(out) == {"g": 4}
    assert ava(out)["fighting_spirit"] == fs - 1


def test_a_slow_startup_move_readies_then_goes_off_at_her_first_action() -> None:
    # Readied against the group: no roll (000 L4842); next turn it goes off with no decision, in range or not, its
    # 1 Control no cost with no Control rolled (ruling, 000 L4848, L7084), her Initiative die two sizes up (000 L4846).
    quake = move("quake", liabilities=(el("slow_startup"),))
    out = resolved(_req(quake), {"T1.ava.action": _hit("quake"), "T1.ava.action.2": IDLE, **STAY}, FIRST)
    assert [(e["id"], e["target"]) for e in ava(out)["ongoing_effects"]] == [("slow_startup", "g")]
    assert "T1.ava.attack" not in {r["key"] for r in out["rolls"]}
    req = _req(quake)
    req["fight"]["turn"] = 2
    req["fight"]["thugs"][0]["ranges"]["ava"] = 3
    req["fighters"][0]["state"]["ongoing_effects"] = [
        {"id": "slow_startup", "move": "quake", "since": 1, "target": "g"}
    ]
    rolls = {"T2.ava.init": 6, "T2.g.init": 1, "T2.fight.time": 3, "T2.ava.attack": 1, "T2.g.life_save": 6}
    out = resolved(req, {"T2.ava.action.2": IDLE, "T2.g.action": IDLE}, rolls)
    assert _members(out) == {"g": 4} and ava(out)["ongoing_effects"] == []
    # Speed 1: 1d8 (000 L7092), two sizes up: 1d12.
    assert {r["key"]: r["die"] for r in out["rolls"]}["T2.ava.init"] == "1d12"


def test_behind_opponent_on_a_group_needs_her_step_in_and_a_won_maneuver_check() -> None:
    # Range 1 → 0 and a Maneuver Check (000 L4467; ruling: against the group's Defense, as a Bomb's, 000 L6582): her
    # 5 + Tactics 0 against its 2 + Defense 2 = 4: won. Her Special Move: 1 + 2 (000 L7211) + 1 (Range 0) = 4 against
    # Defense 2 hits; the Thug rolls 6 against his Life Save 2 and is out.
    back = move("back", liabilities=("behind_opponent",))
    step = {**_hit("back"), "movement": 1, "direction": "toward"}
    rolls = FIRST | {"T1.ava.maneuver": 5, "T1.g.maneuver": 2, "T1.ava.attack": 1, "T1.g.life_save": 6}
    out = resolved(_req(back), {"T1.ava.action": step, "T1.ava.action.2": IDLE, **STAY}, rolls)
    assert _members(out) == {"g": 4}
    assert not out["unsupported"]
    # lost (her 3 against 4): the move is not used, no attack roll asked, the Thugs all stay (000 L4457)
    rolls = FIRST | {"T1.ava.maneuver": 3, "T1.g.maneuver": 2}
    lost = turn(_req(back), {"T1.ava.action": step, "T1.ava.action.2": IDLE, **STAY}, rolls)
    assert lost["status"] in ("resolved", "over"), (lost["violations"], lost["dice_needed"])
    assert [w["code"] for w in lost["warnings"] if w["code"] != "SHEET_NOT_VALID"] == ["BEHIND_NOT_ACHIEVED"]
    assert _members(lost) == {"g": 5}


def test_only_when_prone_on_a_group_only_while_she_is_down() -> None:
    # Standing, an Only When Prone move is refused (000 L4741), as in a Dramatic turn without Thugs.
    low = move("low", liabilities=("only_when_prone",))
    bad = turn(_req(low), {"T1.ava.action": _hit("low"), "T1.ava.action.2": IDLE, **STAY}, FIRST)
    assert [v["code"] for v in bad["violations"]] == ["ONLY_WHEN_PRONE_INVALID"]


def test_only_when_prone_attacks_a_group_from_the_ground_in_place_of_standing() -> None:
    # Down, her first action: the move in place of standing (000 L4743). 1 + 2 (Special, 000 L7211) − 1 (the
    # Liability) = 2 against Defense 2 hits; the Thug rolls 6 against his Life Save 2 and is out; she stays down.
    req = _req(move("low", liabilities=("only_when_prone",)))
    req["fighters"][0]["state"]["knocked_down"] = True
    ground = {"T1.ava.stand_alt": {"choice": "act", "moves": ["low"], "target": "g"}, "T1.ava.action": IDLE, **STAY}
    out = resolved(req, ground, FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 6})
    assert _members(out) == {"g": 5 - 1} and ava(out)["knocked_down"] is True
    # against Defense 3 the same 2 misses: the −1 counts
    req["fight"]["thugs"][0]["thug"] = {**THUG, "defense": 3}
    out = resolved(req, ground, FIRST | {"T1.ava.attack": 1})
    assert _members(out) == {"g": 5} and ava(out)["knocked_down"] is True


def test_end_style_on_a_group_brings_her_back_to_her_base_style() -> None:
    # In the Tiger style, Tiger End on the group (000 L3288–L3290): back in the Crane style. 1 + 2 = 3 hits
    # Defense 2; the Thug rolls 1 and stays.
    end = {"id": "tend", "name": "Tiger End", "level": 2, "style": "Tiger", "elements": [{"id": "end_style"}]}
    claw = {"id": "claw", "name": "Tiger Claw", "level": 2, "style": "Tiger"}
    for mid, left in (("tend", []), ("claw", ["Tiger"])):
        req = _req(end, claw)
        sheet = req["fighters"][0]["sheet"]
        sheet["qualities"] = [{"id": "multiple_styles"}]
        sheet["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger"}]
        req["fighters"][0]["state"]["ongoing_effects"] = [{"id": "style", "move": "Tiger", "since": 1}]
        rolls = FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1}
        out = resolved(req, {"T1.ava.action": _hit(mid), "T1.ava.action.2": IDLE, **STAY}, rolls)
        assert [e.get("move") for e in ava(out)["ongoing_effects"] if e["id"] == "style"] == left, mid
        assert not out["unsupported"]


def test_random_effect_on_a_group_rolls_its_combination_and_an_unusable_one_misses() -> None:
    # Two combinations, a 1d2 (000 L3956). At Range 4 the melee one (two Increased Damage) cannot reach: a miss with
    # no roll (000 L3958); the Ranged one hits (1 + 2 − 1 at Range 4 ≥ 2) and the Thug's 6 fails his Life Save.
    options = {"allocation": 2, "combinations": "increased_damage, increased_damage; ranged"}
    trunk = {"id": "trunk", "name": "Trunk", "level": 3, "elements": [{"id": "random_effect", "options": options}]}
    dec = {"T1.ava.action": _hit("trunk"), "T1.ava.action.2": IDLE, **STAY}
    near = resolved(_req(trunk, groups={"g": 4}), dec, FIRST | {"T1.ava.random_effect": 1})
    far = resolved(
        _req(trunk, groups={"g": 4}), dec, FIRST | {"T1.ava.random_effect": 2, "T1.ava.attack": 6, "T1.g.life_save": 6}
    )
    assert (_members(near), _members(far)) == ({"g": 5}, {"g": 4})
    assert not far["unsupported"]


def test_prop_kept_with_thugs_a_dropped_prop_locks_its_move_and_recover_prop_picks_it_up() -> None:
    # 000 L4761: a Prop move cannot be used while its Prop is down (kept in a turn with Thugs, 000 L6646)
    req = _req(move("club", "prop"))
    req["fighters"][0]["state"]["ongoing_effects"] = [{"id": "prop", "move": "prop", "since": 1}]
    out = turn(req, {"T1.ava.action": _hit("club"), "T1.ava.action.2": IDLE, **STAY}, FIRST)
    assert [v["code"] for v in out["violations"]] == ["MOVE_LOCKED"]
    # with it in hand the attack goes on, nothing named
    held = turn(
        _req(move("club", "prop")),
        {"T1.ava.action": _hit("club"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 6},
    )
    assert held["violations"] == [] and not held["unsupported"]


def test_throw_chain_kept_with_thugs_an_opening_throw_is_not_named_a_link_alone_is_refused() -> None:
    # 000 L3757–L3780 (kept, 000 L6646): an Opening Throw on a group at Range 0 goes on, nothing named; its link
    # cannot open an action (ruling: no lockdown of a group, 000 L4678, L6718)
    toss = move("toss", "throw", "opening_throw", level=1)
    twist = move("twist", "throw", level=1, liabilities=(el("multi_part_throw", opening_throw="Toss"),))
    out = turn(
        _req(toss, twist, groups={"g": 0}),
        {"T1.ava.action": _hit("toss"), "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 6, "T1.g.life_save.2": 6},
    )
    assert out["violations"] == [] and not out["unsupported"]
    alone = turn(
        _req(toss, twist, groups={"g": 0}), {"T1.ava.action": _hit("twist"), "T1.ava.action.2": IDLE, **STAY}, FIRST
    )
    assert [v["code"] for v in alone["violations"]] == ["SEQUENCE_NOT_OPEN"]


def test_after_mobile_moves_her_after_the_attack() -> None:
    # After Mobile in a Dramatic turn with Thugs, as in the main turn: none before the move, up to 2 Ranges after it
    # (000 L2387, L5442, L7080); 1 Range is free (ruling A15). She hits g at Range 1 (1 + 0 + 2 = 3) and steps 1 away.
    req = _req(move("lunge", el("mobile", movement="after_mobile")))
    out = resolved(
        req,
        {
            "T1.ava.action": _hit("lunge"),
            "T1.ava.post_move": {"movement": 1, "direction": "away"},
            "T1.ava.action.2": IDLE,
            **STAY,
        },
        FIRST | {"T1.ava.attack": 1, "T1.g.life_save": 1},
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 2
    assert not out["unsupported"]
    before = turn(req, {"T1.ava.action": {**_hit("lunge"), "movement": 1}, **STAY}, FIRST | {"T1.ava.attack": 1})
    assert [v["code"] for v in before["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]
