"""Dramatic options with Thug groups and Super Moves in Dramatic Combat (000 L7074–L7076, L7138–L7325), worked by
hand from the text. Ava and the group are test_thugs.py's: PL 2, Strength 2, Defense 3, Thug Thrashing 1 (two
actions); the group's Defense 2, Life Save 5."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.fixtures import REI
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D
from tests.unit.fight2e.dramatic.test_thugs import IDLE, request, resolved, turn
from tests.unit.fight2e.thug_thrashing.support import AVA

SUPER = copy.deepcopy(next(m for m in REI["moves"] if m["id"] == "heaven_demon_strike"))


def _ava(**more: Any) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"].append(SUPER)
    for k, v in more.items():
        sheet[k] = v
    return sheet


def _with(req: dict[str, Any], sheet: dict[str, Any], **state: Any) -> dict[str, Any]:
    req["fighters"][0]["sheet"] = sheet
    req["fighters"][0]["state"].update(state)
    return req


def test_a_super_move_on_a_group_pays_its_point_super_energy_and_fs() -> None:
    # 000 L7215: a Super Move still needs its Super Energy (10, 000 L5281) and 1 FS besides the Action Point;
    # Heaven Demon Strike: 1d4 two sizes up for four Increased Damage and one more in Dramatic Combat (000 L7211):
    # 1d10, three sizes above 1d4, so the save is 5 − Strength 2 − 3 = 0: the Thug is out without a roll
    req = _with(request(), _ava(), super_energy=10)
    out = resolved(
        req,
        {
            "T1.ava.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "g"},
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 6, "T1.g.attack": 1, "T1.fight.time": 4},
    )
    paid = next(s for s in out["log"] if s["ref"] == "000 L5281")
    assert "10 Super Energy and 1 FS" in paid["text"]
    assert out["fight"]["thugs"][0]["members"] == 4
    assert out["fighters"][0]["state"]["dramatic"]["special_moves_used"] == ["heaven_demon_strike"]


def test_a_super_move_without_the_super_energy_is_refused() -> None:
    req = _with(request(), _ava(), super_energy=4)
    out = turn(
        req,
        {"T1.ava.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "g"}},
        {"T1.ava.init": 6, "T1.g.init": 1},
    )
    assert [v["code"] for v in out["violations"]] == ["INSUFFICIENT_SUPER_ENERGY"]


def test_a_super_move_in_a_dramatic_turn_pays_its_super_energy() -> None:
    # 000 L7215 between Fighters too: Rei's Super costs a point, 10 Super Energy and 1 FS (30 → 29)
    from service.rules.fight2e.combat.contract.models import TurnRequest
    from service.rules.fight2e.combat.resolver import resolve_turn

    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30, "super_energy": 10}},
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30}},
        ],
        "decisions": {"T1.rei.action": {"action": "attack", "moves": ["heaven_demon_strike"], "target": "battle"}},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 1},
        "seed": 2,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    paid = next(s for s in out["log"] if s["ref"] == "000 L5281")
    assert "10 Super Energy and 1 FS" in paid["text"]
