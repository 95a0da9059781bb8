"""A Fighter's move against Thug groups reads the catalogue's records, the same the main turn reads (issue 39): the
Knockback records wherever the book applies them, the ``against_thugs`` record of how an entry meets a group, and an
entry with none reported where its move is used. Worked by hand.

Ava (support.py): PL 2, Strength 2, Combo 4; she acts first (Initiative 6 against 1) with Control 4, so a Level 2
move has Control to spare: +1 Accuracy (000 L5728). The group: Defense 2, Life Save 5 (a Special Move's 1d6 makes
it 5 − Strength 2 − 1 = 2, 000 L6570)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.records import RECORDS, AgainstThugs, ThugAct
from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ok, _turn

ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}
STAY = {"T1.g.action": {"action": "none"}}


def _req(*moves: dict[str, Any], rng: int = 1, beast: bool = False) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], *moves]
    state: dict[str, Any] = {"life_bar": 40, "fighting_spirit": 10, "fs_start": 20}
    if beast:
        state["beast_form"] = True
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}, "transformations": beast},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "first_hit_awarded": True,
            "thugs": [{"id": "g", "thug": THUG, "members": 5, "ranges": {"ava": rng}}],
        },
        "fighters": [{"id": "ava", "sheet": sheet, "state": state}],
    }


def _range_after(req: dict[str, Any], moves: list[str], rolls: dict[str, int]) -> int:
    act = {"action": "attack", "moves": moves, "target": "g"}
    out = _ok(req, {"T1.ava.action": act, "T1.ava.action.2": IDLE, **STAY}, ROLLS | rolls)
    assert out["fight"]["thugs"][0]["members"] == 5  # the Thug hit made his save: only the push moves the group
    return int(out["fight"]["thugs"][0]["ranges"]["ava"])


def test_increased_knockback_pushes_the_group_one_range() -> None:
    # 000 L6716: Increased Knockback knocks a group back 1 Range (not its usual 2, 000 L3559). 1 + 0 + 1 (Control to
    # spare) = 2 hits Defense 2 at Range 1; the Thug's 1 is within his Life Save 2: he stays, the group goes to 2.
    rolls = {"T1.ava.attack": 1, "T1.g.life_save": 1}
    assert _range_after(_req(move("shove", "increased_knockback")), ["shove"], rolls) == 2
    assert _range_after(_req(move("jab")), ["jab"], rolls) == 1  # no Knock Back on a group otherwise (000 L6716)


def test_beast_form_gives_every_attack_its_push() -> None:
    # 000 L5319: in Beast Form every attack has Increased Knockback, so the plain jab knocks the group back 1 Range
    # too (000 L6716); the same rolls as above.
    rolls = {"T1.ava.attack": 1, "T1.g.life_save": 1}
    assert _range_after(_req(move("jab"), beast=True), ["jab"], rolls) == 2


LAUNCH = move("launch", "juggle", "juggle.launcher", level=3)


def test_a_launcher_in_a_combo_pushes_the_group() -> None:
    # 000 L3623: in a Combo the last move gains Increased Knockback, which knocks a group back 1 Range (000 L6716).
    # Basic Move (L1) then the Launcher (L3): Control 4 of her 4, none to spare; 6 + 0 hits Defense 2. The Combo's
    # Life Save is 5 − 1 for its 2 hits (000 L6574): her 1 stays. The same Combo with Juggle alone pushes nothing.
    rolls = {"T1.ava.attack": 6, "T1.g.life_save": 1}
    assert _range_after(_req(LAUNCH), ["basic_move", "launch"], rolls) == 2
    juggle = move("launch", "juggle", level=3)
    assert _range_after(_req(juggle), ["basic_move", "launch"], rolls) == 1


def test_the_record_is_typed_and_validated() -> None:
    ok = RECORDS.validate_python([{"kind": "against_thugs", "acts": "group_rule", "ref": "000 L6714"}])
    assert ok == (AgainstThugs(kind="against_thugs", acts=ThugAct.group_rule, ref="000 L6714"),)
    for bad in (
        {"kind": "against_thugs", "acts": "sometimes", "ref": "000 L6714"},  # not a way of meeting a group
        {"kind": "against_thugs", "acts": "figures"},  # no reference
        {"kind": "against_thugs", "acts": "figures", "with_keywords": ["Mobile"], "ref": "000 L6714"},
    ):
        with pytest.raises(ValidationError):
            RECORDS.validate_python([bad])


def test_after_mobile_and_passing_move_after_the_attack() -> None:
    # After Mobile: no movement before the move, then 0–2 Ranges after it (000 L2387), toward or away from a group
    # (000 L6662); 2 Ranges cost 1 FS, as in the main turn's G.1 (000 L5632, ruling A15). She hits g at Range 1
    # (1 + 0 + 1 = 2 against Defense 2; the Thug stays on a 1) and steps 2 away: Range 3, FS 10 → 9.
    (rec,) = [r for r in catalog().records["mobile"] if isinstance(r, AgainstThugs)]
    assert rec.with_keywords == ("mobile", "long_mobile")  # read by a plain Dramatic turn, which names the others
    req = _req(move("lunge", el("mobile", movement="after_mobile")))
    act = {"action": "attack", "moves": ["lunge"], "target": "g"}
    rolls = ROLLS | {"T1.ava.attack": 1, "T1.g.life_save": 1}
    after = {"T1.ava.post_move": {"movement": 2, "direction": "away"}}
    out = _ok(req, {"T1.ava.action": act, **after, "T1.ava.action.2": IDLE, **STAY}, rolls)
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 3
    assert out["fighters"][0]["state"]["fighting_spirit"] == 9
    assert not out["unsupported"]
    # none before it (000 L2387)
    before = _turn(req, {"T1.ava.action": {**act, "movement": 1}, **STAY}, rolls)
    assert [v["code"] for v in before["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]
    # 3 is too far after an Offensive move
    far = _turn(req, {"T1.ava.action": act, "T1.ava.post_move": {"movement": 3}, **STAY}, rolls)
    assert [v["code"] for v in far["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]
    # Passing: 1 Range before (Range 2 → 1) and 1 after (toward: Range 0), free (000 L2389)
    passing = _req(move("pass", el("mobile", movement="passing")), rng=2)
    out = _ok(
        passing,
        {
            "T1.ava.action": {**act, "moves": ["pass"], "movement": 1},
            "T1.ava.post_move": {"movement": 1},
            "T1.ava.action.2": IDLE,
            **STAY,
        },
        rolls,
    )
    assert out["fight"]["thugs"][0]["ranges"]["ava"] == 0
    assert out["fighters"][0]["state"]["fighting_spirit"] == 10


def _attack(req: dict[str, Any], moves: list[str], rolls: dict[str, int], **decisions: Any) -> dict[str, Any]:
    act = {"action": "attack", "moves": moves, "target": "g"}
    return _turn(req, {"T1.ava.action": act, "T1.ava.action.2": IDLE, **STAY, **decisions}, ROLLS | rolls)


def test_a_counter_is_no_attack_on_a_group() -> None:
    # A Counter only answers an attack (000 L3121–L3129), against Thugs as anywhere: naming it for an attack on a
    # group is refused as the main turn refuses it.
    out = _attack(_req(move("parry", "counter")), ["parry"], {})
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["COUNTER_MOVE_AS_ATTACK"]


def test_a_cross_up_move_misses_a_group() -> None:
    # Cross-Up: outside a Cross-Up the move misses automatically (000 L4543); a Thug turn keeps only Ranges and makes
    # no Cross-Up over a group (ruling, 000 L6662): no attack roll, no Thug out, the miss noted.
    req = _req(move("leap", "aerial", el("mobile", movement="mobile"), liabilities=("cross_up",)))
    out = _ok(
        req,
        {"T1.ava.action": {"action": "attack", "moves": ["leap"], "target": "g"}, "T1.ava.action.2": IDLE, **STAY},
        ROLLS,
    )
    assert out["fight"]["thugs"][0]["members"] == 5
    assert any("automatic miss" in s["text"] for s in out["log"])
    assert not out["unsupported"]


def test_self_stun_stuns_her_next_turn_unless_a_thug_hits_her() -> None:
    # Self-Stun in place of Self-Damage: no Life Bar lost, Stunned from the start of next turn unless hit before then
    # (000 L4801–L4806). Her hit: 1 + 0 + 1 = 2 against Defense 2; the Thug's 1 stays. Left alone, she ends the turn
    # Stunned (two actions to recover, as the main turn's ruling) with her 40 Life Bar.
    reckless = move("reckless", liabilities=("self_damage", "self_damage.self_stun"))
    rolls = {"T1.ava.attack": 1, "T1.g.life_save": 1}
    alone = _attack(_req(reckless), ["reckless"], rolls)
    state = alone["fighters"][0]["state"]
    assert alone["status"] == "resolved" and state["life_bar"] == 40
    assert state["stunned"] == {"actions_to_recover": 2}
    # The group then attacks her at Range 1: 4 + 0 against her Defense Total 3 (000 L6696) hits for its 1d4's 2: the
    # hit spares her the Stun (40 → 38).
    hit = _attack(
        _req(reckless),
        ["reckless"],
        rolls | {"T1.g.attack": 4, "T1.g.damage": 2},
        **{"T1.g.action": {"action": "attack", "target": "ava"}, "T1.ava.defense": {"defense": "defense"}},
    )
    state = hit["fighters"][0]["state"]
    assert hit["status"] == "resolved", (hit["violations"], hit["dice_needed"], hit["decisions_needed"])
    assert state["life_bar"] == 38 and state["stunned"] is None


def test_limited_movement_keeps_its_direction_against_a_group() -> None:
    # Limited Movement adds Away or Closer (000 L4593–L4599): Away moves only away from the target, Closer only toward
    # it (000 L2419–L2421), and Closer needs at least 1 Range forward before the attack (000 L4599).
    away = _req(move("retreat", el("limited_movement", direction="away")), rng=2)
    bad = _attack(away, ["retreat"], {}, **{"T1.ava.action": _act("retreat", movement=1, direction="toward")})
    assert [v["code"] for v in bad["violations"]] == ["MOVEMENT_DIRECTION_INVALID"]
    closer = _req(move("rush", el("limited_movement", direction="closer")), rng=2)
    still = _attack(closer, ["rush"], {})
    assert [v["code"] for v in still["violations"]] == ["MOVEMENT_DIRECTION_INVALID"]
    # 1 Range toward it (2 → 1), then 1 + 0 + 1 = 2 hits Defense 2 at Range 1; the Thug's 1 stays
    rolls = {"T1.ava.attack": 1, "T1.g.life_save": 1}
    ok = _attack(closer, ["rush"], rolls, **{"T1.ava.action": _act("rush", movement=1, direction="toward")})
    assert ok["status"] == "resolved" and ok["fight"]["thugs"][0]["ranges"] == {"ava": 1}


def _act(mid: str, **extra: Any) -> dict[str, Any]:
    return {"action": "attack", "moves": [mid], "target": "g", **extra}
