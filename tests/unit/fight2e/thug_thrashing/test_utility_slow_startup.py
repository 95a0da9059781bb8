"""A Utility move with Slow Startup in the turns with Thugs (000 L6646: the main system's rules; Slow Startup
000 L4838–L4848), in a Thug Thrashing turn and in a Dramatic turn with Thugs, worked by hand.

Mend heals half its Special Move die, 1d6, without Strength (000 L3436–L3444), level 2. Ava (thug_thrashing
support.py): PL 2, Speed 1, an Initiative die of 1d8 (two sizes up: 1d12, 000 L4846), Defense 3; two actions, the
first with her Control 4 (Thug Thrashing 1, 000 L6750–L6756)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_thugs import ava, resolved
from tests.unit.fight2e.thug_thrashing.support import AVA, FIRST, IDLE, _ava, _ok, _req

MEND = move("mend", "healing", level=2, liabilities=(el("slow_startup"),))
DEFENSE = {"defense": "defense", "fs": 0}
READIED = [{"id": "slow_startup", "move": "mend", "since": 1}]
USE = {"action": "utility", "moves": ["mend"]}


def _at(turn: int, effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    req = _req()
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], MEND]
    req["fighters"][0]["sheet"] = sheet
    req["fight"]["turn"] = turn
    req["fighters"][0]["state"]["life_bar"] = 30
    req["fighters"][0]["state"]["ongoing_effects"] = effects or []
    return req


def _readied(state: dict[str, Any]) -> list[tuple]:
    return [(e["id"], e["move"], e.get("target")) for e in state["ongoing_effects"]]


def _glory(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(g["points"], g["reason"]) for g in out["glory"]]


def test_thug_thrashing_first_use_only_readies_it() -> None:
    # 000 L4842: the first use readies the move, its effects wait: no healing roll, she stays at 30, no Glory yet
    # (000 L6004 comes with the effect); the readied move is kept with no target
    dec = {"T1.ava.action": USE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}
    out = _ok(_at(1), dec, FIRST | {"T1.g.attack": 1, "T1.fight.time": 3})
    assert _ava(out)["life_bar"] == 30 and "T1.ava.healing" not in {r["key"] for r in out["rolls"]}
    assert _readied(_ava(out)) == [("slow_startup", "mend", None)]
    assert _glory(out) == [] and not out["unsupported"]


def test_thug_thrashing_it_takes_effect_at_her_first_action_next_turn() -> None:
    # 000 L4846–L4848: her Initiative die two sizes up (1d8 → 1d12); at her first action, with no decision, Mend
    # takes effect: 1d6's 5 halved heals 2 at H.1, 30 → 32; its level, 2, in Glory the first time (000 L6004); her
    # second action is still hers
    rolls = {
        "T2.ava.init": 6,
        "T2.ava.ctrl": 4,
        "T2.g.init": 1,
        "T2.g.attack": 1,
        "T2.ava.healing": 5,
        "T2.fight.time": 3,
    }
    out = _ok(_at(2, READIED), {"T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}, rolls)
    assert {r["key"]: r["die"] for r in out["rolls"]}["T2.ava.init"] == "1d12"
    assert _ava(out)["life_bar"] == 32 and _ava(out)["ongoing_effects"] == []
    assert _glory(out) == [(2, "Mend used")]


def test_thug_thrashing_a_groups_hit_cancels_it() -> None:
    # 000 L4844: the group acts first (4 against her 1) and its 6 beats her Defense 3: Mend is cancelled, nothing
    # heals (30 less the hit's damage, never more) and no Glory
    rolls = {"T2.ava.init": 1, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 6, "T2.g.damage": 1, "T2.fight.time": 3}
    idle = {"T2.ava.action": IDLE, "T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}
    out = _ok(_at(2, READIED), idle, rolls)
    assert _ava(out)["ongoing_effects"] == [] and _ava(out)["life_bar"] < 30 and _glory(out) == []


def _dramatic(turn: int, effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    from tests.unit.fight2e.dramatic.test_thug_move_elements import _req as dramatic_req

    req = dramatic_req(MEND, life=15)
    req["fight"]["turn"] = turn
    req["fighters"][0]["state"]["ongoing_effects"] = effects or []
    return req


def test_dramatic_with_thugs_readies_then_takes_effect_next_turn() -> None:
    # Dramatic Life Bar 20 (000 L7072), she at 15. Turn 1: Mend only readied (000 L4842): no heal, no Glory.
    # Turn 2: her Initiative die two sizes up (1d8 → 1d12, 000 L4846) and Mend takes effect at her first action
    # with nothing more to pay (ruling, as a plain Dramatic turn's): 1d6's 5 halved heals 2, 15 → 17; Glory 2
    first = {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3}
    out = resolved(_dramatic(1), {"T1.ava.action": USE, "T1.ava.action.2": IDLE, "T1.g.action": IDLE}, first)
    assert ava(out)["life_bar"] == 15 and _readied(ava(out)) == [("slow_startup", "mend", None)]
    assert _glory(out) == [] and not out["unsupported"]
    rolls = {"T2.ava.init": 6, "T2.g.init": 1, "T2.fight.time": 3, "T2.ava.healing": 5}
    out = resolved(_dramatic(2, READIED), {"T2.ava.action.2": IDLE, "T2.g.action": IDLE}, rolls)
    assert {r["key"]: r["die"] for r in out["rolls"]}["T2.ava.init"] == "1d12"
    assert ava(out)["life_bar"] == 17 and ava(out)["ongoing_effects"] == []
    assert [g["points"] for g in out["glory"]] == [2]
