"""Summon in a Dramatic turn with Thugs (000 L4183–L4213; 000 L6646, L7080: neither Chapter 5 sub-system changes it),
worked by hand. Ava (test_thugs.py): Strength 2, Initiative 6 against the group's 1, two actions; her Basic Move is
Accuracy +0, 1d4, Standard Range 0–2 (000 L2082–L2090, L2367), +1 at Range 0 (000 L5613) and no spare Control, none
being rolled (000 L7084). The group: Defense 3, Life Save 5 − Strength 2 = 3 against 1d4 (000 L6570); a Thug stays
on 3 or less (000 L6568). With no map her Ally stands ``charges`` Ranges ahead of her (ruling)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_thugs import IDLE, PLAIN, ava, group, request, resolved, turn

FIRST = {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3}
STAY = {"T1.g.action": IDLE}
CALL = move("call", el("summon", ally_elements=["knocks_down"]), level=4)


def _req(rng: int = 1, ahead: int = 1) -> dict[str, Any]:
    req = request(defense=3)
    sheet = copy.deepcopy(req["fighters"][0]["sheet"])
    sheet["moves"] = [*sheet["moves"], CALL]
    req["fighters"][0]["sheet"] = sheet
    req["fight"]["thugs"][0]["ranges"] = {"ava": rng}
    req["fighters"][0]["state"]["ongoing_effects"] = [
        {"id": "summon", "move": "call", "time_left": 4, "since": 0, "target": "g", "charges": ahead}
    ]
    return req


def test_the_ally_strikes_the_group_with_her_basic_move() -> None:
    # Ava at Range 1: 2 + 0 = 2 misses Defense 3. Her Ally, 1 Range ahead, is at Range 0: 2 + 0 + 1 = 3 hits
    # (000 L4201, L5613); the Thug's save of 3 against a 4: out.
    out = resolved(
        _req(),
        {"T1.ava.action": PLAIN, "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 2, "T1.ava.attack.2": 2, "T1.g.life_save": 4},
    )
    assert group(out)["members"] == 4
    d6 = [s["text"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"]
    assert len(d6) == 2 and "miss" in d6[0] and "hit" in d6[1]


def test_the_allys_knocks_down_forces_a_second_save() -> None:
    # Its Basic Move with the Summon move's Knocks Down (000 L4187): a Thug who stays (2) saves again (000 L6718):
    # a 4 takes him out.
    out = resolved(
        _req(),
        {
            "T1.ava.action": PLAIN,
            "T1.ava.ally_attack": {"moves": ["ally:knocks_down"]},
            "T1.ava.action.2": IDLE,
            **STAY,
        },
        FIRST | {"T1.ava.attack": 1, "T1.ava.attack.2": 6, "T1.g.life_save": 2, "T1.g.life_save.2": 4},
    )
    assert group(out)["members"] == 4


def test_a_basic_move_out_of_her_reach_still_sends_the_ally() -> None:
    # The group at Range 3 is beyond her Basic Move; her Ally, 2 Ranges ahead, is at Range 1 and strikes (000 L4205):
    # 3 + 0 = 3 hits; a 6 on the save takes the Thug out. Her own attack has no effect (no roll).
    out = resolved(
        _req(rng=3, ahead=2),
        {"T1.ava.action": PLAIN, "T1.ava.action.2": IDLE, **STAY},
        FIRST | {"T1.ava.attack": 3, "T1.g.life_save": 6},
    )
    assert group(out)["members"] == 4
    alone = _req(rng=3)
    alone["fighters"][0]["state"]["ongoing_effects"] = []
    refused = turn(alone, {"T1.ava.action": PLAIN, **STAY}, FIRST | {"T1.ava.attack": 3})
    assert [v["code"] for v in refused["violations"]] == ["TARGET_OUT_OF_RANGE"]


def test_a_groups_hit_on_her_ends_the_ally() -> None:
    # The group's Thug hits her (6 + 0 against her Defense 3): the Ally leaves (000 L4209) and its rest begins.
    out = resolved(
        _req(),
        {
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
            "T1.g.action": {"action": "attack", "target": "ava"},
            "T1.ava.defense": {"defense": "defense", "fs": 0},
        },
        FIRST | {"T1.g.attack": 6, "T1.g.damage": 1},
    )
    ids = [e["id"] for e in ava(out)["ongoing_effects"]]
    assert "summon" not in ids and "summon_rest" in ids


def test_no_reaction_attack_of_hers_or_her_allys_on_a_group_closing_in() -> None:
    # The group (Initiative 4 against her 1) moves 2 Ranges toward her, 3 → 1, before she acts. A Reaction Attack
    # needs Control (000 L6015) and a Dramatic turn rolls none (000 L7084, ruling C21): none is open, hers or her
    # Ally's Basic one (000 L4203): none is asked, unlike in a Thug Thrashing turn, so one sent is refused.
    closing = {"action": "move", "movement": 2, "direction": "toward", "target": "ava"}
    decisions = {"T1.g.action": closing, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    rolls = FIRST | {"T1.ava.init": 1, "T1.g.init": 4}
    out = resolved(_req(rng=3), decisions, rolls)
    assert group(out)["ranges"]["ava"] == 1 and not out["unsupported"]
    sent = turn(_req(rng=3), decisions | {"T1.ava.reaction": {"choice": "act", "moves": ["basic_move"]}}, rolls)
    assert [(v["code"], v["key"]) for v in sent["violations"]] == [("DECISION_KEY_UNKNOWN", "T1.ava.reaction")]
