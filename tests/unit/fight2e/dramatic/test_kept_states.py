"""States a move keeps on its user over turns, in a Fighters' Dramatic turn (000 L7080: the main system's procedure),
through the pieces the turns with Thugs share, each worked by hand from the text.

Rei and Battle are test_options.py's, at Range 1 with Dramatic Life Bars of 25: Rei (PL 3) acts first (Initiative
8 + 1 against 1 + 0); Battle defends with Defense 0 + Defense Bonus 1 = 1, and his Initiative die is 1d10 (Speed 2).
Rei's Basic Move on Battle rolls 1d8; a Level 2 Special Move, 1d12 (the figures test_options.py's turns show). Each
turn's Time Roll is given as 3. A second turn is played from the first's answer (its fighters' states)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, INIT, NONE, REI_D, _fighter

DEFEND = {"defense": "defense", "fs": 0}


def _req(rei_moves: list[dict[str, Any]], turn: int = 1, rei: dict | None = None, battle: dict | None = None) -> dict:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"] += rei_moves
    fr, fb = _fighter("rei", sheet, 25, 30, {}), _fighter("battle", copy.deepcopy(BATTLE_D), 25, 30, {})
    fr["state"].update(rei or {})
    fb["state"].update(battle or {})
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": turn, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [fr, fb],
        "seed": 7,
    }


def _play(req: dict, decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    t = req["fight"]["turn"]
    body = {
        **req,
        "decisions": {k.replace("T1.", f"T{t}."): v for k, v in decisions.items()},
        "rolls": {k.replace("T1.", f"T{t}."): v for k, v in {**INIT, "T1.fight.time": 3, **rolls}.items()},
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _next(req: dict, out: dict[str, Any]) -> dict:
    """The following turn, from the answer's states (Range and Time Count as given)."""
    nxt = copy.deepcopy(req)
    nxt["fight"]["turn"] += 1
    for f in nxt["fighters"]:
        f["state"] = next(x["state"] for x in out["fighters"] if x["id"] == f["id"])
    nxt["fight"]["positioning"]["range"] = 1
    return nxt


def _codes(out: dict[str, Any]) -> list[str]:
    return [v["code"] for v in out["violations"]]


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _effects(out: dict[str, Any], fid: str = "rei") -> list[tuple[str, str | None, int | None]]:
    return [(e["id"], e.get("move"), e.get("time_left")) for e in _state(out, fid)["ongoing_effects"]]


def _named(out: dict[str, Any]) -> bool:
    return "dramatic_move_elements" in {u["id"] for u in out["unsupported"]}


def _die(out: dict[str, Any], key: str) -> str:
    return next(r["die"] for r in out["rolls"] if r["key"] == key)


def _texts(out: dict[str, Any], part: str) -> list[str]:
    return [s["text"] for s in out["log"] if part in s["text"]]


def _utility(mid: str) -> dict[str, Any]:
    return {"action": "utility", "moves": [mid]}


def _attack(mid: str, target: str = "battle") -> dict[str, Any]:
    return {"action": "attack", "moves": [mid], "target": target}


IDLE = {"T1.rei.action": NONE, "T1.battle.action": NONE}


# ── Free Movement (000 L3372–L3382) ────────────────────────────────────────────────────────────────────────────


def test_free_movement_puts_him_out_of_reach_and_lets_him_only_move() -> None:
    sink = move("sink", "free_movement")
    req = _req([sink])
    # Used (hit or miss, the Always keyword): a 5-count, the Time Roll of 3 leaves 2 (000 L3380).
    out = _ok(_play(req, {"T1.rei.action": _attack("sink"), "T1.battle.defense": DEFEND}, {"T1.rei.attack": 1,
                                                                                           "T1.rei.damage": 1}))
    assert _effects(out) == [("free_movement", "sink", 2)] and not _named(out)
    # Next turn no attack reaches him (000 L3380) and he can only move.
    nxt = _next(req, out)
    refused = _play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei")}, {})
    assert _codes(refused) == ["TARGET_UNAVAILABLE"]
    assert _codes(_play(nxt, {"T1.rei.action": _attack("basic_move")}, {})) == ["FREE_MOVEMENT_RESTRICTED"]


# ── Invisibility and Maintain Effect (000 L3589–L3605) ────────────────────────────────────────────────────────


def _vanish(*more: dict[str, Any]) -> dict[str, Any]:
    return move("vanish", el("invisibility", 3, initiative_steps=1, control_steps=0), *more, level=3)


# used hit or miss, as the Always keyword has it
USE_VANISH = {"T1.rei.action": _attack("vanish"), "T1.battle.defense": DEFEND}


def test_invisibility_shrinks_the_opponents_initiative_die_next_turn_until_he_is_hit() -> None:
    req = _req([_vanish()])
    out = _ok(_play(req, USE_VANISH, {"T1.rei.attack": 1, "T1.rei.damage": 1}))
    assert [e[0] for e in _effects(out)] == ["invisibility"] and not _named(out)
    # Next turn Battle's 1d10 is one size smaller, 1d8 (000 L3591); Battle's hit (6 + 0 against Rei's Defense 3 + 0)
    # ends it (000 L3591).
    nxt = _next(req, out)
    rolls = {"T1.battle.attack": 6, "T1.battle.damage": 1}
    hit = _ok(_play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei"),
                          "T1.rei.defense": DEFEND}, rolls))  # fmt: skip
    assert _die(hit, "T2.battle.init") == "1d8"
    assert _effects(hit) == []
    # Without Maintain Effect it is gone after that turn even unhit (000 L3592).
    quiet = _ok(_play(nxt, IDLE, {}))
    assert _die(quiet, "T2.battle.init") == "1d8" and _effects(quiet) == []


def test_maintained_invisibility_goes_on_unhit() -> None:
    req = _req([_vanish(el("invisibility.maintain_effect"))])
    out = _ok(_play(req, USE_VANISH, {"T1.rei.attack": 1, "T1.rei.damage": 1}))
    quiet = _ok(_play(_next(req, out), IDLE, {}))
    assert [e[0] for e in _effects(quiet)] == ["invisibility"]  # until he is hit (000 L3599–L3603)
    third = _ok(_play(_next(_next(req, out), quiet), IDLE, {}))
    assert _die(third, "T3.battle.init") == "1d8"


# ── Vulnerability's Increased Duration (000 L4896–L4900) ──────────────────────────────────────────────────────


def test_increased_duration_keeps_his_damage_taken_a_die_size_up_from_next_turn() -> None:
    crush = move("crush", liabilities=(el("vulnerability"), el("vulnerability.increased_duration")))
    req = _req([crush])
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("crush"), "T1.battle.defense": DEFEND}, rolls))
    # a 5-count from next turn: it does not run in the turn of use (000 L4898)
    assert _effects(out) == [("vulnerability.increased_duration", "crush", 5)] and not _named(out)
    # Next turn Battle's Basic Move on him (6 against Defense 3) rolls one die size above its own: Battle's Strength
    # 0 against Rei's Stamina 0 is 1d4 (Rei's 1d8 on Battle is two sizes up: +1 Strength, Battle's −1 Stamina), so
    # 1d6; the count runs from this turn: 5 − 3 = 2 (000 L4898).
    nxt = _next(req, out)
    hit = _ok(_play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei"),
                          "T1.rei.defense": DEFEND}, {"T1.battle.attack": 6, "T1.battle.damage": 1}))  # fmt: skip
    assert _die(hit, "T2.battle.damage") == "1d6"
    assert _effects(hit) == [("vulnerability.increased_duration", "crush", 2)]
