"""A Multi-Part Throw between Fighters inside a turn with Thugs (000 L3757–L3778): its lock (the victim unable to
act, the thrower's next action bound to the next Throw, the Initiative and end-of-window endings, both out of reach
of others) is the main turn's and the Dramatic turn's; a turn with Thug groups plays none of it yet, so it names the
gap (`thug_throw_chains`) and plays the Throw as an ordinary one rather than let the chain half happen.
test_mixed.py's fight: Ava (heroes) against Bo and his gang g, at Range 0; Ava's Grab One is an Opening Throw whose
follow-up Grab Two (Multi-Part Throw) is on her sheet."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.unit.fight2e.combat.effects.build_b import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, _ok, _turn
from tests.unit.fight2e.thug_thrashing.support import _req as support_req
from tests.unit.fight2e.thug_thrashing.test_mixed import _req

GRAB1 = move("grab1", elements=[el("throw"), el("opening_throw", sequence="Grab1", sequence_length=1)])
GRAB2 = move("grab2", elements=[el("throw")], liabilities=[el("multi_part_throw", opening_throw="Grab1")])
LOCK = {"id": "multi_part_throw", "move": "grab1", "since": 1, "target": "bo"}


def _chain(subsystem: str, moves: list[dict[str, Any]], turn: int = 1) -> dict[str, Any]:
    req = _req()
    req["options"]["subsystem"] = subsystem
    req["fight"]["turn"] = turn
    req["fight"]["positioning"]["range"] = 0
    sheet = copy.deepcopy(req["fighters"][0]["sheet"])
    sheet["moves"] = [*sheet["moves"], *moves]
    req["fighters"][0]["sheet"] = sheet
    if subsystem.startswith("dramatic"):
        for f in req["fighters"]:
            f["state"]["life_bar"] = 20  # a Dramatic Life Bar
    return req


ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.bo.init": 2, "T1.bo.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}
ROLLS |= {"T1.ava.attack": 6, "T1.ava.damage": 3, "T1.g.attack": 1}
ON_BO = {"T1.ava.action": {"action": "attack", "moves": ["grab1"], "target": "bo"}, "T1.ava.action.2": IDLE}


@pytest.mark.parametrize("subsystem", ["thug_thrashing", "dramatic_thug_thrashing"])
def test_an_opening_throw_with_its_follow_up_on_the_sheet_is_named_and_thrown_plain(subsystem: str) -> None:
    # 000 L3759, L3765: with Grab Two on her sheet, Grab One on Bo would open the chain, whose lock this turn does not
    # play yet: named where it is met, and no lock is kept (the Throw is an ordinary one)
    out = _turn(_chain(subsystem, [GRAB1, GRAB2]), ON_BO, ROLLS)
    assert out["status"] == "resolved", out["violations"]
    gaps = [u for u in out["unsupported"] if u["id"] == "thug_throw_chains"]
    assert [u["path"] for u in gaps] == ['decisions["T1.ava.action"].moves'] and "000 L3765" in gaps[0]["reason"]
    assert all(e["id"] != "multi_part_throw" for f in out["fighters"] for e in f["state"]["ongoing_effects"])


def test_without_its_follow_up_it_is_an_ordinary_throw() -> None:
    # 000 L3759: nothing follows Grab One on her sheet: an ordinary Throw, played as before; its Knock Down lands at
    # once (a Throw Knocks Down, 000 L4339), so Bo spends his action standing up (000 L5958) and no lock is kept
    out = _turn(_chain("thug_thrashing", [GRAB1]), ON_BO, ROLLS)
    assert out["status"] == "resolved", out["violations"]
    assert "bo spends their first action standing up." in [s["text"] for s in out["log"]]
    assert all(f["state"]["ongoing_effects"] == [] for f in out["fighters"])


@pytest.mark.parametrize("subsystem", ["thug_thrashing", "dramatic_thug_thrashing"])
def test_a_chain_carried_into_a_turn_with_thugs_is_named_and_let_go(subsystem: str) -> None:
    # a lock from a turn without Thugs (000 L3765: its window runs into the next turn) cannot go on here yet: named at
    # the effect the request carried, and let go
    req = _chain(subsystem, [GRAB1, GRAB2], turn=2)
    req["fighters"][0]["state"]["ongoing_effects"] = [LOCK]
    rolls = {"T2.ava.init": 6, "T2.ava.ctrl": 4, "T2.bo.init": 2, "T2.bo.ctrl": 4, "T2.g.init": 1, "T2.fight.time": 3}
    idle = {"T2.ava.action": IDLE, "T2.ava.action.2": IDLE, "T2.bo.action": IDLE}
    out = _turn(req, idle, {**rolls, "T2.g.attack": 1})
    assert out["status"] == "resolved", out["violations"]
    gaps = [u for u in out["unsupported"] if u["id"] == "thug_throw_chains"]
    assert [u["path"] for u in gaps] == ["fighters[0].state.ongoing_effects[0]"]
    # let go: no lock is carried on to the next turn
    assert all(e["id"] != "multi_part_throw" for f in out["fighters"] for e in f["state"]["ongoing_effects"])


def test_on_a_group_an_opening_throw_is_a_plain_throw_with_a_note() -> None:
    # ruling (000 L3765, L6714): a Multi-Part Throw locks one victim; a group's hit is Life Saves, so Grab One on g
    # opens no chain, and says so. At Range 0 a 4 on the die alone beats the group's Defense 2 (000 L6714),
    # a hit; the Thug's Life Save (5 − Strength 2 = 3, 000 L6570) against a 5: out, 5 → 4; the Throw's Knock Down
    # on a group is its push back (Range 0 → 1); no lock kept
    req = support_req(rng=0)
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], GRAB1, GRAB2]
    req["fighters"][0]["sheet"] = sheet
    decisions = {"T1.ava.action": {"action": "attack", "moves": ["grab1"], "target": "g"}, "T1.ava.action.2": IDLE}
    rolls = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3, "T1.ava.attack": 4}
    rolls |= {"T1.g.life_save": 5, "T1.g.attack": 1}
    out = _ok(req, decisions | {"T1.ava.defense": {"defense": "defense"}}, rolls)
    assert out["fight"]["thugs"][0]["members"] == 4
    assert out["fighters"][0]["state"]["ongoing_effects"] == []
    assert any("no Multi-Part Throw on a group" in s["text"] for s in out["log"])
