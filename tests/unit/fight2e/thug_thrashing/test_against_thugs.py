"""Every Element and Liability a Special Move can carry says how it acts against a Thug group (its ``against_thugs``
record, 000 L6646, L6710–L6718), and a Thug Thrashing turn acts on it: a data test over the catalogue, and fights
worked by hand. Ava of the support module: PL 2, Life Bar 40, Control 4 on her first action, Defense 3; the group's
1 on its attack misses her Defense 3 (000 L6680)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.records import AgainstThugs, ThugAct
from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, FIRST, IDLE, _ava, _ok, _req, _turn

DEFENSE = {"defense": "defense", "fs": 0}
MISS = {"T1.g.attack": 1, "T1.fight.time": 3}


def test_every_entry_a_special_move_can_carry_has_an_against_thugs_record() -> None:
    cat = catalog()
    usable = [e for e in cat.entries.values() if {"special", "super"} & set(e.move_types)]
    assert len(usable) > 200  # every Element and Liability of the catalogue
    missing = [e.id for e in usable if not any(isinstance(r, AgainstThugs) for r in cat.records.get(e.id, ()))]
    assert missing == []
    # one record each, so a turn reads one answer
    assert not [e.id for e in usable if sum(isinstance(r, AgainstThugs) for r in cat.records[e.id]) > 1]


def test_the_records_say_what_the_text_says_for_a_few() -> None:
    acts = {e: r.acts for e, found in catalog().records.items() for r in found if isinstance(r, AgainstThugs)}
    assert acts["bomb"] is ThugAct.director  # a Bomb is a Hazard; Hazards with Thugs are the Director's (000 L6672)
    assert acts["skips_knock_down"] is ThugAct.target_only  # a group is never Knocked Down (000 L6718)
    assert acts["priority.strike_through"] is ThugAct.response  # a group makes no attack to answer (000 L6684)
    assert acts["healing"] is ThugAct.group_rule  # it heals its user (000 L3436–L3444)
    assert acts["buff"] is ThugAct.kept  # a state on its user for a Time Count (000 L2953–L2973), kept (000 L6646)
    assert acts["wind_up"] is ThugAct.kept  # his held move (000 L4443–L4451), kept (test_user_states)
    assert acts["power_dash"] is ThugAct.kept  # needs his Dash just before (000 L3812–L3818), kept (test_kept_states)
    assert acts["summon"] is ThugAct.kept  # his summoned Ally (000 L4183–L4213), kept (test_summon)


def _sheet(*moves: dict[str, Any]) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], *moves]
    return sheet


def test_a_healing_utility_move_heals_her_in_a_thug_turn() -> None:
    # Healing as her Utility action (000 L5996–L6004): its Special Move die, 1d6, without Strength, halved
    # (000 L3436–L3444): a 5 heals 2 at H.1, 30 → 32. Its level, 2, in raw Glory the first time (000 L6004).
    req = _req()
    req["fighters"][0]["sheet"] = _sheet(move("mend", "healing"))
    req["fighters"][0]["state"]["life_bar"] = 30
    use = {"action": "utility", "moves": ["mend"]}
    out = _ok(
        req,
        {"T1.ava.action": use, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        FIRST | MISS | {"T1.ava.healing": 5},
    )
    assert _ava(out)["life_bar"] == 32
    assert [(g["points"], g["reason"]) for g in out["glory"]] == [(2, "Mend used")]
    assert not out["unsupported"]


def test_only_heal_others_heals_the_ally_named_never_her() -> None:
    # Only Heal Others: never the healer (000 L3452–L3456); Heal Others heals a Fighter named (000 L3446), here her
    # ally Bo (ruling: no Range kept between Fighters of a side in a Thug turn, 000 L6670). 1d6 halved: a 5 heals
    # Bo 2 at H.1, 30 → 32; she stays at 30.
    mend = move("mend", "healing", el("healing.heal_others"), liabilities=("healing.only_heal_others",))
    req = _req()
    req["fighters"][0]["sheet"] = _sheet(mend)
    req["fighters"][0]["state"]["life_bar"] = 30
    bo = copy.deepcopy(req["fighters"][0])
    bo["id"], bo["sheet"] = "bo", {**copy.deepcopy(AVA), "id": "bo"}
    req["fighters"].append(bo)
    req["fight"]["thugs"][0]["ranges"]["bo"] = 4
    req["fight"]["sides"] = {"ava": "heroes", "bo": "heroes"}
    dec = {"T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE, "T1.bo.action": IDLE, "T1.bo.action.2": IDLE}
    rolls = FIRST | MISS | {"T1.bo.init": 3, "T1.bo.ctrl": 4, "T1.ava.healing": 5}
    use = {"action": "utility", "moves": ["mend"], "target": "bo"}
    out = _ok(req, {"T1.ava.action": use, **dec}, rolls)
    assert [f["state"]["life_bar"] for f in out["fighters"]] == [30, 32]
    assert not out["unsupported"]
    # on nobody (herself): refused, as in the main turn
    out = _turn(req, {"T1.ava.action": {"action": "utility", "moves": ["mend"]}, **dec}, rolls)
    assert [v["code"] for v in out["violations"]] == ["HEAL_TARGET_INVALID"]


def test_a_buff_is_kept_and_a_bomb_is_the_directors() -> None:
    # A Buff acts on her alone for a Time Count (000 L2953–L2973): nothing on the group, and the Thug turn keeps it
    # as the main turn does (000 L6646), so it is not named; a Bomb is a Hazard (000 L2843), the Director's with
    # Thugs (000 L6672): not named either.
    req = _req()
    req["fighters"][0]["sheet"] = _sheet(move("focus", "buff"), move("mine", "bomb"))
    for mid in ("focus", "mine"):
        use = {"action": "utility", "moves": [mid]}
        out = _ok(req, {"T1.ava.action": use, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}, FIRST | MISS)
        assert not out["unsupported"]


def _buff(**opts: Any) -> dict[str, Any]:
    mods = opts.pop("mods", [])
    return {"id": "focus", "name": "Focus", "level": 2, "elements": [el("buff", **opts), *(el(m) for m in mods)]}


def test_a_buffs_defense_trade_counts_against_the_groups_attack_and_runs_down_by_the_time_roll() -> None:
    # She acts first (Initiative 6 against 1) and uses her Buff as a Utility action (000 L5996): it trades 2 of her
    # Defense for Evasion (000 L2971–L2973), so her Defense Total with the Defense Skill is 3 − 2 = 1. The group's
    # 1d6 + 0 (000 L6680): a 1 misses Defense 3 (MISS above) but reaches 1 now: a hit. The Buff is a 10-count
    # (000 L2961); the turn's Time Roll of 3 (000 L6734) leaves 7.
    req = _req()
    req["fighters"][0]["sheet"] = _sheet(_buff(defense_trade=2, defense_trade_split="evasion"))
    use = {"action": "utility", "moves": ["focus"]}
    out = _ok(
        req,
        {"T1.ava.action": use, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        FIRST | MISS | {"T1.g.damage": 1},
    )
    thug = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert thug["inputs"]["defense_total"] == 1 and "hit" in thug["text"]
    assert [(e["id"], e["move"], e["time_left"]) for e in _ava(out)["ongoing_effects"]] == [("buff", "focus", 7)]


def test_a_kept_buff_counts_next_turn_and_a_decreased_duration_ends_by_the_time_roll() -> None:
    # Turn 2 with her Buff carried (Decreased Duration: a 5-count, 000 L2981–L2985), 3 left: her Defense Total is
    # still 3 − 2 = 1, so the group's 1 hits; the Time Roll of 3 runs the count to 0 and the Buff ends
    # (000 L2961); without the Buff the same 1 misses her Defense 3 (MISS, 000 L6680).
    req = _req()
    req["fight"]["turn"] = 2
    req["fighters"][0]["sheet"] = _sheet(
        _buff(defense_trade=2, defense_trade_split="evasion", mods=["buff.decreased_duration"])
    )
    req["fighters"][0]["state"]["ongoing_effects"] = [{"id": "buff", "move": "focus", "time_left": 3, "since": 1}]
    rolls = {k.replace("T1.", "T2."): v for k, v in (FIRST | MISS | {"T1.g.damage": 1}).items()}
    out = _ok(req, {"T2.ava.action": IDLE, "T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}, rolls)
    thug = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert thug["inputs"]["defense_total"] == 1 and "hit" in thug["text"]
    assert _ava(out)["ongoing_effects"] == []
