"""A Thug Thrashing turn on a Battle Grid (000 L5670–L5690): a Thug group occupies a square as a Fighter does
(000 L5676), every Range is the count of squares between them, a diagonal step counting 1 (000 L5676), so moving a
group or a Fighter changes the Ranges to everyone; movement goes one square a Range along the line (000 L5680);
Knock Back in a straight line away (000 L5686), never off the grid (000 L5678). Ava (support.py: Defense 3) and the
groups (support.THUG); the groups stay put unless said."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ava, _ok, _turn

ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.h.init": 1, "T1.fight.time": 3}
STAY = {"T1.g.action": {"action": "none"}, "T1.h.action": {"action": "none"}}


def _req(ava: tuple[int, int], thug: dict[str, Any] | None = None, **squares: tuple[int, int]) -> dict[str, Any]:
    thugs = [
        {"id": gid, "thug": thug or THUG, "members": 5, "square": {"col": c, "row": r}}
        for gid, (c, r) in squares.items()
    ]
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "first_hit_awarded": True,
            "positioning": {"mode": "grid", "squares": {"ava": {"col": ava[0], "row": ava[1]}}},
            "thugs": thugs,
        },
        "fighters": [{"id": "ava", "sheet": AVA, "state": {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}}],
    }


def _where(out: dict[str, Any]) -> dict[str, Any]:
    return {g["id"]: ((g["square"]["col"], g["square"]["row"]), g["ranges"]["ava"]) for g in out["fight"]["thugs"]}


def _her(out: dict[str, Any]) -> tuple[int, int]:
    sq = out["fight"]["positioning"]["squares"]["ava"]
    return sq["col"], sq["row"]


def test_her_move_changes_her_range_to_every_group() -> None:
    # Ava (3,3); g (2,3): Range 1; h (5,5): a diagonal, max(2, 2) = Range 2 (000 L5676). She moves 1 toward g, one
    # square along the row (000 L5680): (2,3), Range 0 to g and max(3, 2) = 3 to h.
    toward = {"action": "move", "movement": 1, "direction": "toward", "target": "g"}
    out = _ok(_req((3, 3), g=(2, 3), h=(5, 5)), {"T1.ava.action": toward, "T1.ava.action.2": IDLE, **STAY}, ROLLS)
    assert _where(out) == {"g": ((2, 3), 0), "h": ((5, 5), 3)}
    assert _her(out) == (2, 3)
    assert "thug_grid" not in [u["id"] for u in out["unsupported"]]


def test_a_group_closes_in_along_the_diagonal() -> None:
    # g (5,5) at Range max(3, 3) = 3 from Ava (2,2) moves 2 toward her without attacking: two diagonal squares,
    # (4,4) then (3,3), Range 1 (000 L6672, L5680).
    rolls = {"T1.ava.init": 1, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3}
    close = {"action": "move", "movement": 2, "direction": "toward", "target": "ava"}
    out = _ok(_req((2, 2), g=(5, 5)), {"T1.g.action": close, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}, rolls)
    assert _where(out) == {"g": ((3, 3), 1)} and _ava(out)["life_bar"] == 40


def test_a_group_s_knock_back_pushes_her_a_square_in_a_straight_line() -> None:
    # g (3,3) with Increased Knockback, Ava (2,2): Range 1. It goes first (4 against 2) and rolls 3 (+0 Accuracy,
    # no modifier at Range 1) against her Defense 3: a hit (000 L6680); 1d4 shows 3: 40 → 37. The hit knocks her
    # back 1 (000 L6682) in a straight line away from the group, the diagonal (000 L5686): (1,1), Range 2.
    rolls = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3}
    thug = {**THUG, "qualities": [{"id": "increased_knockback"}]}
    acts = {"T1.ava.defense": {"defense": "defense"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    out = _ok(_req((2, 2), thug=thug, g=(3, 3)), acts, rolls)
    assert _her(out) == (1, 1)
    assert _where(out) == {"g": ((3, 3), 2)}
    assert _ava(out)["life_bar"] == 37


def test_knocked_back_at_the_edge_she_stays_on_the_grid() -> None:
    # As above with Ava on the corner (1,1) and g on (2,2): no square farther from the group is on the grid, so the
    # Knock Back leaves her where she is, Range 1 (000 L5678: no Range 5, nobody knocked off the grid).
    rolls = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3}
    thug = {**THUG, "qualities": [{"id": "increased_knockback"}]}
    acts = {"T1.ava.defense": {"defense": "defense"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    out = _ok(_req((1, 1), thug=thug, g=(2, 2)), acts, rolls)
    assert _her(out) == (1, 1) and _where(out) == {"g": ((2, 2), 1)}


def test_a_group_needs_its_square() -> None:
    # On the grid each group occupies a square (000 L5676): without one the state is refused.
    req = _req((1, 1), g=(2, 2))
    del req["fight"]["thugs"][0]["square"]
    out = _turn(req, {}, {})
    assert out["status"] == "invalid" and "THUG_STATE_INVALID" in [v["code"] for v in out["violations"]]
