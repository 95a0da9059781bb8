"""Switching Tag Team partners (000 L6277–L6283) and transforming into Beast Form (000 L5305–L5319) in a Dramatic
turn, worked by hand. Rei and Battle as in test_options.py: PL 3, Range 1, Dramatic Life Bar 25 (000 L7072); Rei
rolls Initiative on 1d8 + Control Bonus 1, Battle on 1d10 + 0 (000 L7084); Rei's Basic Move is 1d4 moved two sizes
by his Strength +1 against Battle's Stamina −1: 1d8 (000 L5924). Ken, Rei's waiting partner, has Rei's sheet."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D

KEN = copy.deepcopy(REI_D)
KEN["name"] = "Ken"


def _turn(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    rei: dict | None = None,
    ken: bool = False,
    options: dict | None = None,
) -> dict[str, Any]:
    fighters = [
        {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30, **(rei or {})}},
        {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30}},
    ]
    if ken:
        state = {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30, "tag_waiting": True}
        fighters.append({"id": "ken", "sheet": KEN, "state": state})
    body = {
        "options": {"subsystem": "dramatic", **(options or {})},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "villains"} if ken else {},
        },
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 5,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _actors(out: dict[str, Any]) -> list[str]:
    """Who took an action decision, in the order of the log."""
    return [e["actor"] for e in out["log"] if e["label"] == "C" and e["actor"]]


SWITCH = {"T1.rei.action": {"action": "switch", "target": "ken"}}
TAG = {"tag_team": True}


def test_a_partner_switched_in_with_the_higher_initiative_acts_at_once() -> None:
    # Rei 8 + 1 = 9 switches; Ken comes in at Range 1 and rolls 1d8 (5) + 1 = 6, above Battle's 1 + 0 still to act:
    # Ken acts at once, then Battle (000 L6283); Rei is on the sidelines
    rolls = {"T1.rei.init": 8, "T1.battle.init": 1, "T1.ken.init": 5}
    dec = {**SWITCH, "T1.ken.action": {"action": "none"}, "T1.battle.action": {"action": "none"}}
    out = _ok(_turn(dec, rolls, ken=True, options=TAG))
    assert _state(out, "rei")["tag_waiting"] and not _state(out, "ken")["tag_waiting"]
    assert {"in": "ken", "initiative": 6} in [e["change"] for e in out["log"]]
    assert _actors(out).index("ken") < _actors(out).index("battle")
    assert out["fight"]["positioning"]["range"] == 1  # the exact same place (000 L6281)


def test_a_partner_switched_in_with_a_lower_initiative_waits_for_it() -> None:
    # Ken 1d8 (1) + 1 = 2 against Battle's 1d10 (5) + 0 = 5: Battle acts first, then Ken (000 L6283)
    rolls = {"T1.rei.init": 8, "T1.battle.init": 5, "T1.ken.init": 1}
    dec = {**SWITCH, "T1.ken.action": {"action": "none"}, "T1.battle.action": {"action": "none"}}
    out = _ok(_turn(dec, rolls, ken=True, options=TAG))
    assert {"in": "ken", "initiative": 2} in [e["change"] for e in out["log"]]
    assert _actors(out).index("battle") < _actors(out).index("ken")


def test_switching_needs_the_option_and_a_waiting_partner() -> None:
    rolls = {"T1.rei.init": 8, "T1.battle.init": 1}
    out = _turn(SWITCH, rolls, ken=False, options=TAG)
    assert [v["code"] for v in out["violations"]] == ["TAG_TEAM_INVALID"]


def test_the_switch_is_offered_among_the_actions() -> None:
    out = _turn({}, {"T1.rei.init": 8, "T1.battle.init": 1}, ken=True, options=TAG)
    pending = out["decisions_needed"][0]
    assert pending["key"] == "T1.rei.action"
    assert {"action": "switch", "target": "ken"} in [
        {k: v for k, v in c["value"].items() if v is not None and k in ("action", "target")} for c in pending["choices"]
    ]


BEAST = {"transformations": True}


def test_transforming_hurts_the_opponent_at_range_1_and_gathers_beast_energy_as_dramatic_super_energy() -> None:
    # Rei (10 Beast Energy, Life Bar 20) changes (000 L5311–L5313): Battle at Range 1 takes Rei's Basic Move damage,
    # 1d8 (5): 25 → 20, and is Knocked Back to Range 2. End of turn: Rei in Beast Form gains 1 Life Bar, 20 → 21
    # (000 L5319), and his Beast Energy loses nothing (no Life Bar lost, no Special Move, 000 L5317); Battle, in
    # human form, gains Beast Energy as Dramatic Super Energy: 1 for the turn (20 / 20) + 1 for his Life Bar loss = 2
    # (000 L5311, L5264–L5273, ruling C4).
    rolls = {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.damage": 5}
    dec = {"T1.rei.action": {"action": "transform"}, "T1.battle.action": {"action": "none"}}
    out = _ok(_turn(dec, rolls, rei={"beast_energy": 10, "life_bar": 20}, options=BEAST))
    rei, battle = _state(out, "rei"), _state(out, "battle")
    assert rei["beast_form"] and rei["beast_energy"] == 10 and rei["life_bar"] == 21
    assert battle["life_bar"] == 20 and battle["beast_energy"] == 2
    assert out["fight"]["positioning"]["range"] == 2


def test_transforming_needs_ten_beast_energy_and_no_movement() -> None:
    rolls = {"T1.rei.init": 8, "T1.battle.init": 1}
    out = _turn({"T1.rei.action": {"action": "transform"}}, rolls, rei={"beast_energy": 9}, options=BEAST)
    assert [v["code"] for v in out["violations"]] == ["TRANSFORM_INVALID"]
    move = {"action": "transform", "movement": 1, "direction": "away"}
    out = _turn({"T1.rei.action": move}, rolls, rei={"beast_energy": 10}, options=BEAST)
    assert [v["code"] for v in out["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]
    assert out["fight"]["positioning"]["range"] == 1
