"""Dramatic turns on a Battle Grid: "A Battle Map can be used if desired" (000 L7106). Every fighter on a square of
the 5×5 grid; the Range between two is the count of squares, a diagonal step counting 1 (000 L5676); movement one
square a Range along the line, straight or diagonal (000 L5680); Knock Back in a straight line away from the attacker
(000 L5686), never to Range 5: there is no Range 5 on the grid (000 L5678). Nobody walks off it but by Leaving Combat
(000 L7106, L7152). Each figure worked by hand from the text.

Rei, Ken and Battle are test_band_map's (Rei: Accuracy +1, Basic Move 1d8 on Battle; Battle defends with 3)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_group import KEN, _fighter
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D
from tests.unit.fight2e.dramatic.test_thugs import request as thug_request
from tests.unit.fight2e.dramatic.test_thugs import resolved as thug_resolved
from tests.unit.fight2e.thug_thrashing.support import THUG

NONE = {"action": "none"}
HIT = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
REI_FIRST = {"T1.rei.init": 8, "T1.ken.init": 5, "T1.battle.init": 1, "T1.rei.attack": 5, "T1.rei.damage": 3}
TWO = {k: v for k, v in REI_FIRST.items() if "ken" not in k}


def _body(squares: dict[str, tuple[int, int]], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    sides = {"rei": "heroes", "ken": "heroes", "battle": "battle"}
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "grid", "squares": {k: {"col": c, "row": r} for k, (c, r) in squares.items()}},
            "sides": {k: v for k, v in sides.items() if k in squares},
        },
        "fighters": [
            _fighter(fid, sheet)
            for fid, sheet in (("rei", REI_D), ("ken", KEN), ("battle", BATTLE_D))
            if fid in squares
        ],
        "decisions": decisions,
        "rolls": rolls,
        "seed": 3,
    }


def _play(body: dict[str, Any]) -> dict[str, Any]:
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert "dramatic_grid" not in [u["id"] for u in out["unsupported"]]
    return out


def _squares(out: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {k: (v["col"], v["row"]) for k, v in out["fight"]["positioning"]["squares"].items()}


def _life(out: dict[str, Any], fid: str) -> int:
    return next(f["state"]["life_bar"] for f in out["fighters"] if f["id"] == fid)


def test_ranges_from_squares_a_step_in_and_a_knock_back() -> None:
    # Rei (1,3), Battle (3,3): 2 squares, Range 2 (000 L5676). Rei (9) moves 1 toward Battle: one square along the
    # row (000 L5680), (2,3), Range 1. Basic Move at Range 1: 5 + 1 = 6 against 3, a hit; 1d8 shows 3: 25 → 22.
    # Knock Back 1 in a straight line away from Rei (000 L5686, L5950): Battle (3,3) → (4,3), Range 2 from Rei and
    # max(|5 − 4|, |1 − 3|) = 2 from Ken at (5,1), who stood still (it was max(2, 2) = 2).
    step_in = {**HIT, "movement": 1, "direction": "toward"}
    out = _play(
        _body(
            {"rei": (1, 3), "ken": (5, 1), "battle": (3, 3)},
            {"T1.rei.action": step_in, "T1.ken.action": NONE},
            REI_FIRST,
        )
    )
    assert _squares(out) == {"rei": (2, 3), "ken": (5, 1), "battle": (4, 3)}
    assert _life(out, "battle") == 22
    assert any(s["actor"] == "rei" and "Range 2 → 1" in s["text"] for s in out["log"])


def test_a_diagonal_neighbour_is_at_range_1_and_knocked_back_diagonally() -> None:
    # Rei (2,2), Battle (3,3): one diagonal step, Range 1 (000 L5676): no Range modifier, 6 against 3, a hit,
    # 25 → 22. Knock Back 1 along the diagonal line Rei → Battle (000 L5686): (4,4), Range 2.
    out = _play(_body({"rei": (2, 2), "battle": (3, 3)}, {"T1.rei.action": HIT}, TWO))
    assert _squares(out) == {"rei": (2, 2), "battle": (4, 4)}
    assert _life(out, "battle") == 22


def test_moving_two_squares_away() -> None:
    # Battle (2,3), Rei (3,3), Range 1. Rei moves 2 away: along the line Battle → Rei, (4,3) then (5,3): Range 3
    # (000 L5680).
    away = {"action": "move", "movement": 2, "direction": "away", "target": "battle"}
    out = _play(
        _body(
            {"rei": (3, 3), "battle": (2, 3)},
            {"T1.rei.action": away, "T1.battle.action": NONE},
            {"T1.rei.init": 8, "T1.battle.init": 1},
        )
    )
    assert _squares(out) == {"rei": (5, 3), "battle": (2, 3)}


def test_no_walking_off_the_grid() -> None:
    # Rei (5,3), Battle (1,3): Range 4 from his only opponent. A step away would take him off the grid, Range 5
    # (000 L5678): that is Leaving Combat's (000 L7106, L7152), so (ruling) he stays on his square.
    away = {"action": "move", "movement": 1, "direction": "away", "target": "battle"}
    out = _play(
        _body(
            {"rei": (5, 3), "battle": (1, 3)},
            {"T1.rei.action": away, "T1.battle.action": NONE},
            {"T1.rei.init": 8, "T1.battle.init": 1},
        )
    )
    assert _squares(out) == {"rei": (5, 3), "battle": (1, 3)}
    assert out["fight"]["positioning"]["off_grid"] == []


def test_knocked_out_of_the_fight_stays_on_the_grid() -> None:
    # Rei (2,3) hits Battle (3,3) at Range 1: 6 against 3; 1d8 shows 6. He gives up all 6 damage for 3 more Ranges
    # of Knock Back (000 L7195): Range 5 is wanted, but there is no Range 5 on the grid (000 L5678), so (ruling)
    # the push stops at the grid's edge: (4,3), (5,3), Range 3; no square farther from Rei is left. Battle is still
    # out of the fight for one turn (ruling C14).
    decisions = {"T1.rei.action": HIT, "T1.ken.action": NONE, "T1.rei.knock_out": {"points": 6}}
    out = _play(_body({"rei": (2, 3), "ken": (1, 1), "battle": (3, 3)}, decisions, REI_FIRST | {"T1.rei.damage": 6}))
    assert _squares(out) == {"rei": (2, 3), "ken": (1, 1), "battle": (5, 3)}
    assert _life(out, "battle") == 25
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]["dramatic"]
    assert battle["returning_turns"] == 1


LEAVE = {"option": "leaving_combat"}
PASS = {"choice": "pass"}
STILL = {"T1.rei.action": NONE, "T1.ken.action": NONE}


def test_leaving_combat_unopposed_takes_him_off_the_grid() -> None:
    # Battle (2,3) leaves; Rei and Ken (1,3) let him go (000 L7152): Range 5 from both, which on the grid is off it,
    # out of the combat (000 L5678); no point paid.
    out = _play(
        _body(
            {"rei": (1, 3), "ken": (1, 3), "battle": (2, 3)},
            {"T1.battle.action": LEAVE, "T1.rei.oppose_escape": PASS, "T1.ken.oppose_escape": PASS, **STILL},
            {"T1.rei.init": 2, "T1.ken.init": 1, "T1.battle.init": 9},
        )
    )
    assert _squares(out) == {"rei": (1, 3), "ken": (1, 3)}
    assert out["fight"]["positioning"]["off_grid"] == ["battle"]
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]["dramatic"]
    assert battle["action_points"] == 1  # the turn's point, unspent


def test_leaving_combat_stopped_stays_at_range_four() -> None:
    # Ken objects: Battle pays his point (000 L7152); Athletics 0 + 4 = 4 against Ken's 2 + 5 = 7: he stays at
    # Range 4 (000 L7152); ruling: stepping straight away from them along the row, (2,3) → (5,3), Range 4.
    out = _play(
        _body(
            {"rei": (1, 3), "ken": (1, 3), "battle": (2, 3)},
            {
                "T1.battle.action": LEAVE,
                "T1.rei.oppose_escape": PASS,
                "T1.ken.oppose_escape": {"choice": "act"},
                **STILL,
            },
            {"T1.rei.init": 2, "T1.ken.init": 1, "T1.battle.init": 9, "T1.battle.escape": 4, "T1.ken.pursue": 5},
        )
    )
    assert _squares(out) == {"rei": (1, 3), "ken": (1, 3), "battle": (5, 3)}
    assert out["fight"]["positioning"]["off_grid"] == []


# ── With Thug groups: a square per group (000 L5676) ──────────────────────────────────────────────────────────

THUG_STAY = {"T1.g.action": NONE, "T1.h.action": NONE}
THUG_ROLLS = {"T1.ava.init": 6, "T1.g.init": 1, "T1.h.init": 1, "T1.fight.time": 3}


def _thugs(ava: tuple[int, int], **squares: tuple[int, int]) -> dict[str, Any]:
    req = thug_request()
    req["fight"]["positioning"] = {"mode": "grid", "squares": {"ava": {"col": ava[0], "row": ava[1]}}}
    req["fight"]["thugs"] = [
        {"id": gid, "thug": THUG, "members": 3, "square": {"col": c, "row": r}} for gid, (c, r) in squares.items()
    ]
    return req


def _groups(out: dict[str, Any]) -> dict[str, Any]:
    return {g["id"]: ((g["square"]["col"], g["square"]["row"]), g["ranges"]["ava"]) for g in out["fight"]["thugs"]}


def test_with_thugs_her_move_and_a_flourish_knock_back_move_her_square() -> None:
    # Ava (3,3), g (2,3), h (5,3). Action 1: 1 toward g, one square along the row: (2,3), Range 0 to g and 3 to h
    # (000 L5676, L5680). Action 2: she invites g to a Flourish (her point, 000 L7189); it accepts and wins, 9
    # against 2: 1d10 shows 4, 20 → 16, and she is knocked back 1 from g. On g's own square the direction is the
    # grid's default step, column +1 (Battle Grid ruling, 000 L5688): (3,3), Range 1 to g and 2 to h.
    toward = {"action": "move", "movement": 1, "direction": "toward", "target": "g"}
    decisions = {"T1.ava.action": toward, "T1.ava.action.2": {"option": "flourish", "target": "g"}}
    decisions |= {"T1.g.accept_flourish": {"choice": "act"}, **THUG_STAY}
    rolls = THUG_ROLLS | {"T1.ava.flourish": 2, "T1.g.flourish": 9, "T1.g.flourish_damage": 4}
    out = thug_resolved(_thugs((3, 3), g=(2, 3), h=(5, 3)), decisions, rolls)
    assert _squares(out) == {"ava": (3, 3)}
    assert _groups(out) == {"g": ((2, 3), 1), "h": ((5, 3), 2)}
    assert out["fighters"][0]["state"]["life_bar"] == 16


def test_with_thugs_leaving_takes_her_off_the_grid() -> None:
    # Ava (3,3), g (2,3), h (1,3); neither objects (000 L7152): Range 5 from both, off the grid, out of the combat
    # (000 L5678). The groups do not move.
    decisions = {"T1.ava.action": LEAVE, "T1.ava.action.2": NONE, "T1.g.oppose_escape": PASS, **THUG_STAY}
    decisions["T1.h.oppose_escape"] = PASS
    out = thug_resolved(_thugs((3, 3), g=(2, 3), h=(1, 3)), decisions, THUG_ROLLS)
    assert out["fight"]["positioning"]["off_grid"] == ["ava"]
    assert _groups(out) == {"g": ((2, 3), 5), "h": ((1, 3), 5)}
