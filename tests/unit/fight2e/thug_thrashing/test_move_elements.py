"""A Fighter's move Elements against Thug groups (000 L6710–L6718, and the Elements' own lines), worked by hand.

Ava (support.py): PL 2, Strength 2, Thug Thrashing 1; she acts first (Initiative 6 against 1) with Control 4, so a
Level 2 move has Control to spare: +1 Accuracy (000 L5728). Each group (support.THUG): Defense 2, Life Save 5. A
Special Move's base die is 1d6, a die size above 1d4: its Life Save is 5 − Strength 2 − 1 = 2 (000 L6570)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ava, _ok, _turn

ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}


def _req(*moves: dict[str, Any], groups: dict[str, int] | None = None, life: int = 40) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], *moves]
    thugs = [
        {"id": gid, "thug": THUG, "members": 5, "ranges": {"ava": rng}} for gid, rng in (groups or {"g": 1}).items()
    ]
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {"turn": 1, "time_count": 99, "first_hit_awarded": True, "thugs": thugs},
        "fighters": [{"id": "ava", "sheet": sheet, "state": {"life_bar": life, "fighting_spirit": 10, "fs_start": 20}}],
    }


def _hit(mid: str, target: str = "g", **extra: Any) -> dict[str, Any]:
    return {"action": "attack", "moves": [mid], "target": target, **extra}


def _members(out: dict[str, Any]) -> dict[str, int]:
    return {g["id"]: g["members"] for g in out["fight"]["thugs"]}


def _stay(*gids: str) -> dict[str, Any]:
    return {f"T1.{g}.action": {"action": "none"} for g in gids}


def test_area_effect_attacks_each_group_at_range_0_to_1() -> None:
    # Area Effect: everyone at Range 0–1 of her, a group as one combatant (000 L2837–L2839): g and h (Range 1) are each
    # attacked, k at 3 is not. 1 + 0 + 1 (spare Control) = 2 hits Defense 2 on each; each group's Thug rolls 6 against
    # 2: one out of each.
    req = _req(move("whirl", "area_effect"), groups={"g": 1, "h": 1, "k": 3})
    rolls = ROLLS | {"T1.h.init": 1, "T1.k.init": 1, "T1.ava.attack": 1, "T1.ava.attack.2": 1}
    rolls |= {"T1.g.life_save": 6, "T1.h.life_save": 6}
    out = _ok(req, {"T1.ava.action": _hit("whirl"), "T1.ava.action.2": IDLE, **_stay("g", "h", "k")}, rolls)
    assert _members(out) == {"g": 4, "h": 4, "k": 5}
    # without the Element only the group named is attacked
    plain = _ok(
        _req(move("jab"), groups={"g": 1, "h": 1, "k": 3}),
        {"T1.ava.action": _hit("jab"), "T1.ava.action.2": IDLE, **_stay("g", "h", "k")},
        ROLLS | {"T1.h.init": 1, "T1.k.init": 1, "T1.ava.attack": 1, "T1.g.life_save": 6},
    )
    assert _members(plain) == {"g": 4, "h": 5, "k": 5}


def test_explosive_reaches_range_2_with_its_full_die() -> None:
    # Explosive: Range 0–2 (000 L3324), no die less against a group (000 L3328): the Life Save is still 2; h at
    # Range 2 is attacked at −1 (Range 2, Standard Range, 000 L5613): 2 + 0 + 1 − 1 = 2 against Defense 2: a hit.
    req = _req(move("burst", el("explosive", 2)), groups={"g": 1, "h": 2})
    rolls = ROLLS | {"T1.h.init": 1, "T1.ava.attack": 1, "T1.ava.attack.2": 2, "T1.g.life_save": 3}
    rolls |= {"T1.h.life_save": 2}
    out = _ok(req, {"T1.ava.action": _hit("burst"), "T1.ava.action.2": IDLE, **_stay("g", "h")}, rolls)
    assert _members(out) == {"g": 4, "h": 5}  # 3 > 2: out; 2 ≤ 2: stays
    assert not out["unsupported"]


def test_drain_life_heals_one_against_a_group() -> None:
    # Drain Life against a group: 1 Life Bar, healed at H.1 (000 L3240, L3246): 30 → 31, whatever the Thug's save.
    req = _req(move("leech", "drain_life"), life=30)
    rolls = ROLLS | {"T1.ava.attack": 1, "T1.g.life_save": 1}
    out = _ok(req, {"T1.ava.action": _hit("leech"), "T1.ava.action.2": IDLE, **_stay("g")}, rolls)
    assert _ava(out)["life_bar"] == 31 and _members(out) == {"g": 5}


def test_a_move_with_no_damage_takes_no_thug_out() -> None:
    # No Damage (a Liability): the hit makes no Thug roll a Life Save (ruling, 000 L6568, L6714).
    req = _req(move("shove", liabilities=("no_damage",)))
    out = _ok(
        req, {"T1.ava.action": _hit("shove"), "T1.ava.action.2": IDLE, **_stay("g")}, ROLLS | {"T1.ava.attack": 3}
    )
    assert _members(out) == {"g": 5}
    assert any("no Life Save" in s["text"] for s in out["log"])


def test_teleportation_and_mobile_move_two_before_the_attack() -> None:
    # From Range 3: Teleportation 2 Ranges and the attack, no FS (000 L4309); Mobile the same for 1 FS (000 L3673).
    rolls = ROLLS | {"T1.ava.attack": 1, "T1.g.life_save": 1}
    close = {"movement": 2, "direction": "toward"}
    port = _ok(
        _req(move("blink", "teleportation"), groups={"g": 3}),
        {"T1.ava.action": _hit("blink", **close), "T1.ava.action.2": IDLE, **_stay("g")},
        rolls,
    )
    assert _ava(port)["fighting_spirit"] == 10
    dash = _ok(
        _req(move("dash", el("mobile", movement="mobile")), groups={"g": 3}),
        {"T1.ava.action": _hit("dash", **close), "T1.ava.action.2": IDLE, **_stay("g")},
        rolls,
    )
    assert _ava(dash)["fighting_spirit"] == 9
    # a plain Special Move moves 1 with its attack
    far = _turn(_req(move("jab"), groups={"g": 3}), {"T1.ava.action": _hit("jab", **close), **_stay("g")}, rolls)
    assert far["status"] == "invalid" and far["violations"][0]["code"] == "MOVEMENT_TOO_FAR"


def test_self_damage_costs_her_power_level_hit_or_miss() -> None:
    # Self-Damage: her Power Level, 2, whether or not it hits (000 L4799): 1 + 1 = 2 hits Defense 2 at Range 1; at
    # Range 2 the same roll is 1 + 1 − 1 = 1, a miss (000 L5613), and she still loses 2.
    req = _req(move("reckless", liabilities=("self_damage",)))
    out = _ok(
        req,
        {"T1.ava.action": _hit("reckless"), "T1.ava.action.2": IDLE, **_stay("g")},
        ROLLS | {"T1.ava.attack": 1, "T1.g.life_save": 1},
    )
    assert _ava(out)["life_bar"] == 38
    miss = _ok(
        _req(move("reckless", liabilities=("self_damage",)), groups={"g": 2}),
        {"T1.ava.action": _hit("reckless"), "T1.ava.action.2": IDLE, **_stay("g")},
        ROLLS | {"T1.ava.attack": 1},
    )
    assert _ava(miss)["life_bar"] == 38


def test_reach_strikes_at_range_3_at_minus_2() -> None:
    # Reach: −2 at Range 3 (000 L4083): 3 + 0 + 1 − 2 = 2 hits Defense 2; a 2 (1) misses.
    rolls = ROLLS | {"T1.g.life_save": 1}
    hit = _ok(
        _req(move("pole", "reach"), groups={"g": 3}),
        {"T1.ava.action": _hit("pole"), "T1.ava.action.2": IDLE, **_stay("g")},
        rolls | {"T1.ava.attack": 3},
    )
    assert "hit" in next(s["text"] for s in hit["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    miss = _ok(
        _req(move("pole", "reach"), groups={"g": 3}),
        {"T1.ava.action": _hit("pole"), "T1.ava.action.2": IDLE, **_stay("g")},
        ROLLS | {"T1.ava.attack": 2},
    )
    assert "miss" in next(s["text"] for s in miss["log"] if s["label"] == "D.6" and s["actor"] == "ava")


def test_unreliable_fails_on_a_one() -> None:
    # 000 L4874: a 1 on 1d10 after declaring, and the move does nothing: no attack roll.
    req = _req(move("wild", liabilities=("unreliable",)))
    out = _ok(
        req, {"T1.ava.action": _hit("wild"), "T1.ava.action.2": IDLE, **_stay("g")}, ROLLS | {"T1.ava.unreliable": 1}
    )
    assert not [r for r in out["rolls"] if r["key"] == "T1.ava.attack"] and _members(out) == {"g": 5}


def test_fast_recovery_on_a_hit_on_a_group() -> None:
    # 000 L3358: hitting, she gets a die size on next turn's Control.
    req = _req(move("quick", el("fast_recovery", trigger="on_hit", bonus_to="control")))
    rolls = ROLLS | {"T1.ava.attack": 3, "T1.g.life_save": 1}
    out = _ok(req, {"T1.ava.action": _hit("quick"), "T1.ava.action.2": IDLE, **_stay("g")}, rolls)
    assert out["fighters"][0]["state"]["next_turn_dice"] == [
        {"target": "control", "steps": 1, "source": "fast_recovery"}
    ]


def test_power_up_takes_one_off_the_life_save() -> None:
    # Power Up (Control), Level 2 with Control 4: up to 2 more Control (000 L3858). One more: the move needs 3, still
    # below 4 (+1 Accuracy); damage added is one less on the save (000 L6572): 5 − 2 − 1 − 1 = 1, so a 2 takes the
    # Thug out; without it the save is 2 and the 2 keeps him.
    req = _req(move("surge", el("power_up", version="control")))
    rolls = ROLLS | {"T1.ava.attack": 1, "T1.g.life_save": 2}
    act = {"T1.ava.action": _hit("surge"), "T1.ava.action.2": IDLE, **_stay("g")}
    powered = _ok(req, act | {"T1.ava.power_up_bonus": {"amount": 1}}, rolls)
    assert _members(powered) == {"g": 4}
    plain = _ok(req, act | {"T1.ava.power_up_bonus": {"amount": 0}}, rolls)
    assert _members(plain) == {"g": 5}
    too_much = _turn(req, act | {"T1.ava.power_up_bonus": {"amount": 3}}, rolls)
    assert too_much["violations"][0]["code"] == "POWER_UP_INVALID"


def test_a_cheap_move_earns_nothing_then_costs_glory() -> None:
    # 000 L4533: its first use earns no Glory (a plain Level 2 Special Move's hit earns 2, 000 L5749); used again,
    # 1d4 Glory (a 3) is lost.
    cheap = move("spam", liabilities=("cheap",))
    rolls = ROLLS | {"T1.ava.attack": 3, "T1.g.life_save": 1}
    act = {"T1.ava.action": _hit("spam"), "T1.ava.action.2": IDLE, **_stay("g")}
    first = _ok(_req(cheap), act, rolls)
    assert [a["points"] for a in first["glory"]] == []
    again = _req(cheap)
    again["fighters"][0]["state"]["cheap_moves_used"] = ["spam"]
    second = _ok(again, act, rolls | {"T1.ava.cheap": 3})
    assert [a["points"] for a in second["glory"]] == [-3]
    plain = _ok(_req(move("jab")), {**act, "T1.ava.action": _hit("jab")}, rolls)
    assert [a["points"] for a in plain["glory"]] == [2]


def test_limited_use_spends_its_charges_on_thugs() -> None:
    # Limited Use: 6 charges to start, a Level 2 move spends 1 (000 L4608–L4614): 5 left; with none left, refused.
    shot = move("shot", liabilities=("limited_use",))
    rolls = ROLLS | {"T1.ava.attack": 3, "T1.g.life_save": 1}
    act = {"T1.ava.action": _hit("shot"), "T1.ava.action.2": IDLE, **_stay("g")}
    out = _ok(_req(shot), act, rolls)
    pools = [e for e in out["fighters"][0]["state"]["ongoing_effects"] if e["id"] == "limited_use"]
    assert [p["charges"] for p in pools] == [5]
    dry = _req(shot)
    dry["fighters"][0]["state"]["ongoing_effects"] = [{"id": "limited_use", "move": "shot", "charges": 0}]
    refused = _turn(dry, act, rolls)
    assert refused["violations"][0]["code"] == "LIMITED_USE_NO_CHARGES"


def test_very_fast_and_very_slow_by_range() -> None:
    # Ranged (Long Range): Very Fast +1 at Range 0–2 (000 L4057), Very Slow −1 at 3–4 (000 L4065). At Range 2 a
    # 1 + 0 + 1 (spare Control) + 1 = 3 hits Defense 2 … and the plain bolt's 1 + 1 = 2 hits too; at Range 3 the slow
    # bolt's 2 + 1 − 1 = 2 hits where a 1 + 1 − 1 = 1 misses.
    def swing(mv: dict[str, Any], rng: int, face: int) -> str:
        out = _ok(
            _req(mv, groups={"g": rng}),
            {"T1.ava.action": _hit(mv["id"]), "T1.ava.action.2": IDLE, **_stay("g")},
            ROLLS | {"T1.ava.attack": face, "T1.g.life_save": 1},
        )
        return str(next(s["inputs"]["accuracy"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"))

    fast = move("dart", "ranged", "ranged.very_fast")
    slow = move("orb", "ranged", liabilities=("ranged.very_slow",))
    assert swing(fast, 2, 1) == "2" and swing(move("bolt", "ranged"), 2, 1) == "1"
    assert swing(slow, 3, 2) == "0" and swing(move("bolt", "ranged"), 3, 2) == "1"


def test_explosive_reduced_damage_falls_off_with_the_range() -> None:
    # Reduced Damage: a die size less per Range from him (000 L3336): at Range 1 the 1d6 is 1d4, so the save is
    # 5 − 2 − 0 = 3 (a 3 stays) where plain Explosive's is 2 (a 3 takes him out).
    rolls = ROLLS | {"T1.ava.attack": 2, "T1.g.life_save": 3}
    act = {"T1.ava.action": _hit("burst"), "T1.ava.action.2": IDLE, **_stay("g")}
    reduced = _ok(_req(move("burst", el("explosive", 2), liabilities=("explosive.reduced_damage",))), act, rolls)
    assert _members(reduced) == {"g": 5}
    plain = _ok(_req(move("burst", el("explosive", 2))), act, rolls)
    assert _members(plain) == {"g": 4}


def test_her_temporary_invulnerability_on_a_tie() -> None:
    # Tied at 4 with the group (000 L6656): her Temporary Invulnerability move meets its simultaneous attack, which
    # does her nothing (000 L4327); without it, its 6 hits her for 3.
    rolls = {"T1.ava.init": 4, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.ava.attack": 3, "T1.g.life_save": 1}
    rolls |= {"T1.g.attack": 6, "T1.g.damage": 3, "T1.fight.time": 3}
    act = {"T1.ava.action": _hit("ward"), "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}}
    unasked = {k: v for k, v in act.items() if k != "T1.ava.defense"}  # she is never asked to defend
    idle_group = {k: v for k, v in rolls.items() if k not in ("T1.g.attack", "T1.g.damage")}
    safe = _ok(_req(move("ward", el("temporary_invulnerability"))), unasked, idle_group)
    assert _ava(safe)["life_bar"] == 40
    hurt = _ok(_req(move("ward")), act, rolls)
    assert _ava(hurt)["life_bar"] == 37


def test_a_taunt_move_earns_its_glory_against_a_group() -> None:
    # A Taunt move against a group with lower Initiative (1 against her 6): 1d4 Glory (a 3) besides the move's own 2
    # on its first hit (000 L2141, L4279, L5749).
    req = _req(move("jeer", "taunt"))
    rolls = ROLLS | {"T1.ava.attack": 3, "T1.g.life_save": 1, "T1.ava.taunt_glory": 3}
    out = _ok(req, {"T1.ava.action": _hit("jeer"), "T1.ava.action.2": IDLE, **_stay("g")}, rolls)
    assert sorted(a["points"] for a in out["glory"]) == [2, 3]


def test_accuracy_for_damage_against_a_group() -> None:
    # A Ranged move with Accuracy for Damage at Range 1: cutting 1 Range of its reach costs 1 Accuracy and adds 2
    # damage (000 L3997), which against a group is 1 off the Life Save (000 L6572): against not cutting, the roll is
    # 1 lower and the save 1 lower, whatever the move's own figures.
    mv = move("lance", "ranged", "ranged.accuracy_for_damage")
    rolls = ROLLS | {"T1.ava.attack": 2, "T1.g.life_save": 1}
    act = {"T1.ava.action": _hit("lance"), "T1.ava.action.2": IDLE, **_stay("g")}
    cut = _ok(_req(mv), act | {"T1.ava.accuracy_for_damage": {"amount": 1}}, rolls)
    full = _ok(_req(mv), act | {"T1.ava.accuracy_for_damage": {"amount": 0}}, rolls)

    def seen(out: dict[str, Any]) -> tuple[int, int]:
        acc = next(s["inputs"]["accuracy"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
        return acc, next(s["inputs"]["life_save"] for s in out["log"] if s["label"] == "E.2")

    (acc_cut, ls_cut), (acc_full, ls_full) = seen(cut), seen(full)
    assert (acc_full - acc_cut, ls_full - ls_cut) == (1, 1)
