"""Switching Tag Team partners (000 L6277–L6283) and changing into Beast Form (000 L5305–L5319) in the turns with
Thug groups (000 L6646: the Main Combat System's rules where the Thug rules are silent), worked by hand. Ava of the
support module (PL 2, Strength 2, Defense 3, Thug Thrashing 1, Initiative 1d8, Control 1d6); Ken, her waiting
partner, has her sheet. The group: support.THUG (Initiative 1d4, Accuracy +0, Defense 2, Life Save 5)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.unit.fight2e.dramatic.test_thugs import request as dramatic_request
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ok, _req, _turn

KEN = {**copy.deepcopy(AVA), "name": "Ken"}
SWITCH = {"action": "switch", "target": "ken"}
DEFENSE = {"defense": "defense", "fs": 0}
KEN_IDLE = {"T1.ken.action": IDLE, "T1.ken.action.2": IDLE}


def _tagged(req: dict[str, Any], life: int = 40) -> dict[str, Any]:
    """Ken waits on the sidelines, on Ava's side, with the Tag Team option on."""
    req["options"]["tag_team"] = True
    state = {"life_bar": life, "fighting_spirit": 20, "fs_start": 20, "tag_waiting": True}
    req["fighters"].append({"id": "ken", "sheet": KEN, "state": state})
    req["fight"]["sides"] = {"ava": "heroes", "ken": "heroes"}
    return req


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _first(out: dict[str, Any], text: str) -> int:
    return next(i for i, e in enumerate(out["log"]) if text in e["text"])


def _groups(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {g["id"]: g for g in out["fight"]["thugs"]}


# ── Switching in a Thug Thrashing turn ─────────────────────────────────────────────────────────


def test_the_partner_takes_her_range_to_the_group_and_acts_at_once_above_it() -> None:
    # Ava (Initiative 6, Control 4) at Range 3 from g (Initiative 1) switches with her first action: Ken comes in at
    # her place, Range 3 to g (000 L6283), rolls 1d8 5 and 1d6 3, no FS on them; 5 beats g's 1, the only one still to
    # act: he acts at once (000 L6283), two actions at Control 3 then 1 (000 L6750–L6754). Ava's second action is gone
    # with her. Then g moves 1 toward Ken, Range 3 → 2, and attacks (000 L6672): 1 + 0 against Defense 3 misses.
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.ken.init": 5, "T1.ken.ctrl": 3}
    out = _ok(
        _tagged(_req(rng=3)),
        {"T1.ava.action": SWITCH, **KEN_IDLE, "T1.ken.defense": DEFENSE},
        {**rolls, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _state(out, "ava")["tag_waiting"] and not _state(out, "ken")["tag_waiting"]
    assert {"in": "ken", "initiative": 5, "control": 3} in [e["change"] for e in out["log"]]
    assert _first(out, "ken has 2 actions: Control 3, then 1") < _first(out, "g moves 1 Range: Range to ken 3 → 2")
    assert _groups(out)["g"]["ranges"] == {"ken": 2}
    # resolved with no T1.ava.action.2 given: it was never asked


@pytest.mark.parametrize("ken_init", [2, 3])
def test_a_group_still_to_act_above_or_level_with_him_goes_first(ken_init: int) -> None:
    # g rolls 3. Ken's 2, or a tie at 3, does not beat it (ruling: groups still to act count; a tie goes after):
    # g attacks Ken first at the Range handed over, 1 (1 + 0 against Defense 3: a miss), then Ken takes his turn.
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 3, "T1.ken.init": ken_init, "T1.ken.ctrl": 3}
    out = _ok(
        _tagged(_req(rng=1)),
        {"T1.ava.action": SWITCH, **KEN_IDLE, "T1.ken.defense": DEFENSE},
        {**rolls, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _first(out, "g attacks ken at Range 1") < _first(out, "ken has 2 actions")
    assert _groups(out)["g"]["ranges"] == {"ken": 1}


def test_an_extra_action_may_switch() -> None:
    # Ava does nothing with her first action, then switches with her extra one (Control 2, above the L1 action's 1,
    # 000 L6267, L6750): Ken (1d8 4 > g's 1) acts at once.
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.ken.init": 4, "T1.ken.ctrl": 2}
    out = _ok(
        _tagged(_req(rng=1)),
        {"T1.ava.action": IDLE, "T1.ava.action.2": SWITCH, **KEN_IDLE, "T1.ken.defense": DEFENSE},
        {**rolls, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _state(out, "ava")["tag_waiting"] and _groups(out)["g"]["ranges"] == {"ken": 1}


def test_switched_back_she_takes_the_range_back_and_acts_no_more() -> None:
    # Ken, in at once (5 > 1), switches straight back: Ava returns at Range 1 to g, but has already acted this turn
    # (the main turn's ruling, 000 L6293), so no second action of hers is asked, nor Ken's second.
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.ken.init": 5, "T1.ken.ctrl": 3}
    out = _ok(
        _tagged(_req(rng=1)),
        {"T1.ava.action": SWITCH, "T1.ken.action": {"action": "switch", "target": "ava"}, "T1.ava.defense": DEFENSE},
        {**rolls, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _groups(out)["g"]["ranges"] == {"ava": 1} and _state(out, "ken")["tag_waiting"]
    assert _first(out, "g attacks ava at Range 1") > _first(out, "ava switches in for ken")


@pytest.mark.parametrize("dramatic", [False, True])
def test_when_she_falls_he_comes_in_at_her_range(dramatic: bool) -> None:
    # Ava (Life Bar 2) does nothing; g's 4 beats her Defense 3 and its 1d4 rolls 2: 2 → 0, defeated. Ken takes her
    # place at once (the main turn's ruling, 000 L6279), Range 1 to g, rolls his Initiative 5 (and Control 3 outside
    # Dramatic Combat, 000 L6283, L7084) and, nobody being left to act, acts at once: the fight goes on.
    req = _tagged(dramatic_request(), life=20) if dramatic else _tagged(_req())
    req["fighters"][0]["state"]["life_bar"] = 2
    rolls = {"T1.ava.init": 6, "T1.g.init": 1, "T1.g.attack": 4, "T1.g.damage": 2, "T1.ken.init": 5}
    rolls |= {"T1.fight.time": 3} | ({} if dramatic else {"T1.ava.ctrl": 4, "T1.ken.ctrl": 3})
    out = _ok(req, {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE, **KEN_IDLE}, rolls)
    assert _state(out, "ava")["life_bar"] == 0 and not _state(out, "ken")["tag_waiting"]
    assert _groups(out)["g"]["ranges"] == {"ken": 1} and out["over"] is False
    assert _first(out, "ava is defeated") < _first(out, "ken has 2 actions")


def test_on_a_band_map_he_takes_her_band() -> None:
    # Ava in band 3, g in band 5 (Range 2). Ken comes in at band 3 (000 L6283), Range 2 to g; Ava leaves the map.
    req = _tagged(_req())
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 3}}
    req["fight"]["thugs"][0] = {"id": "g", "thug": THUG, "members": 5, "band": 5}
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.ken.init": 5, "T1.ken.ctrl": 3}
    out = _ok(req, {"T1.ava.action": SWITCH, **KEN_IDLE, "T1.g.action": IDLE}, {**rolls, "T1.fight.time": 3})
    assert out["fight"]["positioning"]["bands"] == {"ken": 3}
    assert _groups(out)["g"]["band"] == 5 and _groups(out)["g"]["ranges"] == {"ken": 2}


def test_the_switch_is_offered_and_needs_a_waiting_partner() -> None:
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1}
    pending = _turn(_tagged(_req()), {}, rolls)["decisions_needed"][0]
    assert {"action": "switch", "target": "ken"} in [
        {k: v for k, v in c["value"].items() if k in ("action", "target") and v is not None} for c in pending["choices"]
    ]
    bad = _turn(_req(tag_team=True), {"T1.ava.action": SWITCH}, rolls)  # nobody waiting (000 L6283)
    assert [v["code"] for v in bad["violations"]] == ["TAG_TEAM_INVALID"]


# ── The change in a Thug Thrashing turn ──────────────────────────────────────────────────────────


def _beast(sheet: dict[str, Any] | None = None) -> dict[str, Any]:
    """Ava with 10 Beast Energy, g at Range 1 and h at Range 2."""
    req = _req(rng=1, transformations=True)
    req["fighters"][0]["state"]["beast_energy"] = 10
    if sheet is not None:
        req["fighters"][0]["sheet"] = sheet
    req["fight"]["thugs"].append({"id": "h", "thug": THUG, "members": 5, "ranges": {"ava": 2}})
    return req


CHANGE_ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.h.init": 1, "T1.fight.time": 3}
# both groups miss her: g where it stands, h after closing 1 Range (1 + 0 against Defense 3)
MISSES = {"T1.g.attack": 1, "T1.h.attack": 1}


@pytest.mark.parametrize(("face", "left"), [(4, 4), (3, 5)])
def test_the_change_hits_a_group_within_range_1_as_one_combatant(face: int, left: int) -> None:
    # 000 L5313: the change does her Basic Move's damage to everything within Range 0–1, no attack roll. g at
    # Range 1 is one combatant (as under Area Effect, 000 L2839): one Thug saves against 5 − Strength 2 − 0 (the
    # Basic Move's 1d4 is no size above 1d4) = 3 (000 L6570); 4 takes him out, 3 keeps him. h at Range 2 is out of
    # reach. No Knock Back on a group (000 L6716): g stays at Range 1. Nothing else that turn (000 L5313): no second
    # action is asked.
    out = _ok(
        _beast(),
        {"T1.ava.action": {"action": "transform"}, "T1.ava.defense": DEFENSE},
        {
            **CHANGE_ROLLS,
            "T1.g.life_save": face,
            **MISSES,
        },
    )
    g, h = _groups(out)["g"], _groups(out)["h"]
    assert (g["members"], h["members"]) == (left, 5)
    assert [e["inputs"]["life_save"] for e in out["log"] if e["text"].startswith("Life Save")] == [3]
    assert g["ranges"] == {"ava": 1}
    assert _state(out, "ava")["beast_form"] is True
    # resolved with no T1.ava.action.2 given: it was never asked
    assert not out["glory"]  # no attack, no Glory


def test_the_blast_uses_the_forms_strength() -> None:
    # A Strength 1 Ava who raises Strength and Stamina in Beast Form (000 L5319): Strength 2 once changed, so the
    # save is 5 − 2 = 3 (000 L6570), not the 4 of her human Strength; a 4 takes the Thug out.
    sheet = {**AVA, "basic_qualities": {"strength": 1, "speed": 1, "stamina": 0}}
    sheet["beast_form_boosts"] = ["strength", "stamina"]
    out = _ok(
        _beast(sheet),
        {"T1.ava.action": {"action": "transform"}, "T1.ava.defense": DEFENSE},
        {
            **CHANGE_ROLLS,
            "T1.g.life_save": 4,
            **MISSES,
        },
    )
    assert _groups(out)["g"]["members"] == 4


def test_the_change_is_her_first_action_only() -> None:
    # Nothing else on the turn of the change (000 L5313): offered on her first action, refused on her extra one
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1}
    req = _beast()
    req["fight"]["thugs"].pop()
    first = _turn(req, {}, rolls)["decisions_needed"][0]
    assert {"action": "transform"} in [{k: v for k, v in c["value"].items() if v is not None} for c in first["choices"]]
    extra = _turn(req, {"T1.ava.action": IDLE}, rolls)["decisions_needed"][0]
    assert extra["key"] == "T1.ava.action.2"
    assert not [c for c in extra["choices"] if c["value"].get("action") == "transform"]
    bad = _turn(req, {"T1.ava.action": IDLE, "T1.ava.action.2": {"action": "transform"}}, rolls)
    assert [v["code"] for v in bad["violations"]] == ["TRANSFORM_INVALID"]


def _with_bob(req: dict[str, Any], energy: int = 0) -> dict[str, Any]:
    """Bob, Ava's sheet, on the other side at Range 1 from her, with the group g on his side."""
    state = {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20, "beast_energy": energy}
    req["fighters"].append({"id": "bob", "sheet": {**copy.deepcopy(AVA), "name": "Bob"}, "state": state})
    req["fight"]["sides"] = {**req["fight"].get("sides", {"ava": "heroes"}), "bob": "villains"}
    req["fight"]["positioning"] = {"mode": "range", "range": 1}
    req["fight"]["thugs"][0]["side"] = "villains"
    return req


def test_an_opponent_who_changes_with_her_spends_his_action_and_spares_his_group() -> None:
    # Ava changes next to Bob (Range 1), who has 12 Beast Energy and has not acted: he changes too (000 L5313–L5315)
    # and his action is spent. Neither is knocked back; each takes the other's Basic Move damage, 1d8 (1d4 two sizes
    # up for Strength 2 against Stamina 0), 2: 40 → 38, then 1 back in Beast Form at the end, 39 (000 L5319). Ava's
    # blast takes one of g's Thugs out (9 against 3); Bob's leaves g, on his side, alone.
    req = _with_bob(_beast(), energy=12)
    req["fight"]["thugs"].pop()
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.bob.init": 3, "T1.bob.ctrl": 3, "T1.g.init": 1}
    rolls |= {"T1.g.life_save": 9, "T1.ava.damage": 2, "T1.bob.damage": 2, "T1.g.attack": 1, "T1.fight.time": 3}
    dec = {"T1.ava.action": {"action": "transform"}, "T1.bob.transform_too": {"choice": "act"}}
    out = _ok(req, dec | {"T1.ava.defense": DEFENSE}, rolls)  # no T1.bob.action asked
    assert _state(out, "ava")["beast_form"] and _state(out, "bob")["beast_form"]
    assert (_state(out, "ava")["life_bar"], _state(out, "bob")["life_bar"]) == (39, 39)
    assert _groups(out)["g"]["members"] == 4


def test_no_extra_action_switch_with_a_fighter_opponent_within_range_2() -> None:
    # 000 L6752: with Bob at Range 1 her extra action may only attack a group; the switch is refused there
    req = _with_bob(_tagged(_req()))
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.bob.init": 3, "T1.bob.ctrl": 3, "T1.g.init": 1}
    bad = _turn(req, {"T1.ava.action": IDLE, "T1.ava.action.2": SWITCH}, rolls)
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


# ── A Dramatic turn with Thugs ─────────────────────────────────────────────────────────────────


def test_dramatic_with_thugs_the_partner_rolls_dramatic_initiative_and_takes_her_range() -> None:
    # Ava (Initiative 6) switches; Ken rolls his Dramatic Initiative, 1d8 (Speed 1) 4 + Control Bonus 0 = 4, no
    # Control (000 L7084; ruling: entering), above g's 1: he acts at once, at Ava's Range 1 to g (000 L6283).
    req = _tagged(dramatic_request(), life=20)
    rolls = {"T1.ava.init": 6, "T1.g.init": 1, "T1.ken.init": 4, "T1.g.attack": 1, "T1.fight.time": 3}
    out = _ok(req, {"T1.ava.action": SWITCH, **KEN_IDLE, "T1.ken.defense": DEFENSE}, rolls)
    assert {"in": "ken", "initiative": 4} in [e["change"] for e in out["log"]]
    assert _first(out, "ken has 2 actions") < _first(out, "g attacks ken at Range 1")
    assert _groups(out)["g"]["ranges"] == {"ken": 1} and _state(out, "ava")["tag_waiting"]


def test_dramatic_with_thugs_the_change_hits_the_group() -> None:
    # As in Thug Thrashing: the save against 5 − 2 = 3 (000 L5313, L6570); 4 takes the Thug out, 5 → 4 members.
    req = dramatic_request()
    req["options"]["transformations"] = True
    req["fighters"][0]["state"]["beast_energy"] = 10
    rolls = {"T1.ava.init": 6, "T1.g.init": 1, "T1.g.life_save": 4, "T1.g.attack": 1, "T1.fight.time": 3}
    out = _ok(req, {"T1.ava.action": {"action": "transform"}, "T1.ava.defense": DEFENSE}, rolls)
    assert _groups(out)["g"]["members"] == 4 and _state(out, "ava")["beast_form"] is True
    # resolved with no T1.ava.action.2 given: it was never asked


# ── Beast Energy and the form at the end of a turn with Thugs ───────────────────────────────────


@pytest.mark.parametrize(("attack", "energy"), [(1, 0), (4, 1)])
def test_beast_energy_against_thugs_is_one_less_a_turn(attack: int, energy: int) -> None:
    # Beast Energy gathers as Super Energy does (000 L5311): 1 for the turn (Super Energy 10: 10 / 20 rounded up,
    # 000 L5271) and 1 for the group that took Life Bar from her (000 L5264), 1 less against Thugs (000 L6730; ruling).
    # She does nothing; g's 1 misses her Defense 3: 1 − 1 = 0; its 4 hits (1d4 2: 40 → 38): 1 + 1 − 1 = 1.
    req = _req(transformations=True)
    out = _ok(
        req,
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.g.attack": attack, "T1.fight.time": 3}
        | ({"T1.g.damage": 2} if attack == 4 else {}),
    )
    assert _state(out, "ava")["life_bar"] == (38 if attack == 4 else 40)
    assert _state(out, "ava")["beast_energy"] == energy


def test_in_beast_form_she_regains_a_life_bar_at_the_end_of_a_thug_turn() -> None:
    # Ava changes at Life Bar 30 (the Thug saves: 3 against 3). At the end of the turn 1 Life Bar back, 30 → 31
    # (000 L5319); her Beast Energy loses nothing, no move or damage counting and 1 less against Thugs (000 L5317,
    # L6730; ruling): 10 stays.
    req = _beast()
    req["fighters"][0]["state"]["life_bar"] = 30
    out = _ok(
        req,
        {"T1.ava.action": {"action": "transform"}, "T1.ava.defense": DEFENSE},
        {
            **CHANGE_ROLLS,
            "T1.g.life_save": 3,
            **MISSES,
        },
    )
    assert (_state(out, "ava")["life_bar"], _state(out, "ava")["beast_energy"]) == (31, 10)


def test_dramatic_with_thugs_the_form_heals_up_to_the_dramatic_life_bar() -> None:
    # Dramatic Life Bar 20 (half of 40, 000 L7072): changed at 19, she ends at 20 (000 L5319); at 20 she stays there.
    for life, after in ((19, 20), (20, 20)):
        req = dramatic_request()
        req["options"]["transformations"] = True
        req["fighters"][0]["state"] |= {"beast_energy": 10, "life_bar": life}
        rolls = {"T1.ava.init": 6, "T1.g.init": 1, "T1.g.life_save": 3, "T1.g.attack": 1, "T1.fight.time": 3}
        out = _ok(req, {"T1.ava.action": {"action": "transform"}, "T1.ava.defense": DEFENSE}, rolls)
        assert _state(out, "ava")["life_bar"] == after
