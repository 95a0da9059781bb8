"""The Battle Grid in a main turn (000 L5670–L5690): every fighter on a square of a 5×5 grid, columns and rows 1–5.
Range is the shortest count of squares, a diagonal counting 1 (000 L5676). Sheets from support.sheet: PL 3, Life Bar
50, FS 30; b has Defense 0. a pays 3 FS for +3 Accuracy against b's Defense Total 0 or 1: a sure hit (SURE). A hit
Knocks Back 1 (000 L5950), in a straight line away from the attacker (000 L5686)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import EventKind, TurnResult
from service.rules.fight2e.combat.registry.coverage import RULES_NOT_IMPLEMENTED
from service.rules.fight2e.operations import examples

from .fixtures import build
from .support import FS, LIFE, attack, inp, sheet

SURE = {"T1.a.accuracy_fs": {"fs": 3}}
A_FIRST = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6}
B_FIRST = {"T1.b.init": 6, "T1.a.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 3}


def grid_request(
    squares: dict[str, tuple[int, int]],
    decisions: dict[str, Any],
    rolls: dict[str, int],
    off: list[str] | None = None,
    sides: dict[str, str] | None = None,
    options: dict | None = None,
    hazards: list | None = None,
    sheets: dict[str, dict] | None = None,
    states: dict[str, dict] | None = None,
) -> dict[str, Any]:
    fighters = []
    for fid in sorted({*squares, *(off or [])}):
        sh = (sheets or {}).get(fid) or (sheet(fid, defense=0) if fid == "b" else sheet(fid))
        state = {"life_bar": LIFE[3], "fighting_spirit": FS[3], **(states or {}).get(fid, {})}
        fighters.append({"id": fid, "sheet": sh, "state": state})
    decisions = dict(decisions)
    for f in fighters:
        decisions.setdefault(f"T1.{f['id']}.action", {"action": "none"})
    positioning = {"mode": "grid", "squares": {k: {"col": c, "row": r} for k, (c, r) in squares.items()}}
    fight: dict[str, Any] = {"positioning": {**positioning, "off_grid": off or []}, "sides": sides or {}}
    if hazards:
        fight["hazards"] = hazards
    req = {"fight": fight, "fighters": fighters, "decisions": decisions, "rolls": rolls, "seed": 1}
    return {**req, "options": options} if options else req


def on_grid(squares: dict[str, tuple[int, int]], decisions: dict[str, Any], rolls: dict[str, int], **kw: Any):
    return resolve_turn(build(grid_request(squares, decisions, rolls, **kw)))


def squares(res: TurnResult) -> dict[str, tuple[int, int]]:
    return {fid: (sq.col, sq.row) for fid, sq in res.fight.positioning.squares.items()}


def ok(res: TurnResult) -> TurnResult:
    assert res.status == "resolved", res.violations
    return res


# ── Range from squares ──────────────────────────────────────────────────────────────────────────────────


def test_the_grid_is_no_longer_a_missing_rule() -> None:
    assert "grid" not in RULES_NOT_IMPLEMENTED
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, {}, A_FIRST))
    assert not res.unsupported
    assert squares(res) == {"a": (2, 3), "b": (4, 3)}  # nobody moved: the squares come back as they were


def test_a_diagonal_neighbour_is_at_range_1_and_is_knocked_back_diagonally() -> None:
    # a (1,1), b (2,2): one diagonal step, Range 1 (000 L5676). The hit pushes b on along the line a→b, one square
    # diagonally (000 L5686): (3,3), Range max(2, 2) = 2.
    res = ok(on_grid({"a": (1, 1), "b": (2, 2)}, {"T1.a.action": attack(["fist"]), **SURE}, A_FIRST))
    assert inp(res, "D.3", "a")["range"] == 1
    assert squares(res) == {"a": (1, 1), "b": (3, 3)}
    moved = [(e.fighter, e.amount, e.figures) for e in res.events if e.kind is EventKind.moved_on_grid]
    assert moved == [("b", 1, {"col": 3, "row": 3, "from_col": 2, "from_row": 2})]


def test_a_knight_step_apart_is_range_2() -> None:
    # a (1,1), b (2,3): one column and two rows apart, the longer count: Range 2 (000 L5676). A Fist reaches
    # Range 0–1 only, so a walks 1 toward b first: one diagonal step along the line, to (2,2), Range 1.
    res = ok(on_grid({"a": (1, 1), "b": (2, 3)}, {"T1.a.action": attack(["fist"], movement=1), **SURE}, A_FIRST))
    assert inp(res, "D.3", "a")["range"] == 1
    # Knock Back along the line (2,2)→(2,3): straight down a column to (2,4), Range 2
    assert squares(res) == {"a": (2, 2), "b": (2, 4)}


def test_the_books_two_fighter_start_is_range_2() -> None:
    # the middle row, the centre square between them: (2,3) and (4,3) are Range 2 (000 L5674, L5676); moving
    # 1 toward b takes a to the centre (3,3), Range 1.
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, {"T1.a.action": {"action": "move", "movement": 1}}, A_FIRST))
    assert squares(res)["a"] == (3, 3)
    assert any("Range 2 → 1" in s.text for s in res.log if s.label == "C")
    # the step cites the grid's movement lines (000 L5680–L5682), not the lateral step's (000 L5684)
    assert [s.ref for s in res.log if s.label == "C" and s.actor == "a"] == ["000 L5680–L5682"]


# ── movement ────────────────────────────────────────────────────────────────────────────────────────────


def test_a_chosen_diagonal_step_toward_and_the_knock_back_along_that_line() -> None:
    # a (2,3) → (3,2): one square, Range to b (4,3) max(1, 1) = 1, one less than 2: a step diagonally toward
    # him (000 L5680–L5682). Knock Back along (3,2)→(4,3), one diagonal square: b to (5,4), Range max(2, 2) = 2.
    dec = {"T1.a.action": attack(["fist"], movement=1, square={"col": 3, "row": 2}), **SURE}
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, dec, A_FIRST))
    assert squares(res) == {"a": (3, 2), "b": (5, 4)}


def test_a_square_the_movement_cannot_reach_is_refused() -> None:
    # (2,1) is two squares from (2,3): not 1 square of movement (000 L5680–L5682)
    dec = {"T1.a.action": attack(["fist"], movement=1, square={"col": 2, "row": 1})}
    res = on_grid({"a": (2, 3), "b": (4, 3)}, dec, A_FIRST)
    assert res.violations[0].code == "GRID_SQUARE_INVALID"
    # (1,2) is one square away but leaves Range 3 to b (4,3), not 1: not toward him
    dec = {"T1.a.action": attack(["fist"], movement=1, square={"col": 1, "row": 2})}
    assert on_grid({"a": (2, 3), "b": (4, 3)}, dec, A_FIRST).violations[0].code == "GRID_SQUARE_INVALID"


def test_a_square_off_the_five_by_five_grid_is_bad_input() -> None:
    with pytest.raises(ValidationError):
        build(grid_request({"a": (0, 3), "b": (4, 3)}, {}, A_FIRST))
    with pytest.raises(ValidationError):
        build(grid_request({"a": (2, 6), "b": (4, 3)}, {}, A_FIRST))


def test_a_fighter_without_a_square_is_named() -> None:
    req = grid_request({"a": (2, 3), "b": (4, 3)}, {}, A_FIRST)
    del req["fight"]["positioning"]["squares"]["b"]
    res = resolve_turn(build(req))
    assert (res.violations[0].code, res.violations[0].path) == ("STATE_SQUARE_INVALID", "fight.positioning.squares.b")


# ── the lateral step ────────────────────────────────────────────────────────────────────────────────────


def test_the_lateral_step_gives_plus_one_to_every_defense_total_this_turn() -> None:
    # b acts first and steps from (4,3) to (4,2): still Range 2 from a (2,3), one square to his side, his whole
    # action: +1 to his Defense Totals for the rest of the turn (000 L5684). a then walks 1 toward him, along the
    # line (2,3)→(4,2): diagonally to (3,2), Range 1, and hits: b's Defense Total is 0 + 1 = 1.
    dec = {
        "T1.b.action": {"action": "move", "movement": 1, "square": {"col": 4, "row": 2}},
        "T1.a.action": attack(["fist"], movement=1),
        **SURE,
    }
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, dec, B_FIRST))
    assert inp(res, "D.4", "b")["moved_one_range"] == 1
    assert any(s.actor == "b" and s.ref == "000 L5684" for s in res.log if s.label == "C")
    assert any("Defense Total 1" in s.text for s in res.log if s.label == "D.4")
    # Knock Back along (3,2)→(4,2): straight along the row to (5,2)
    assert squares(res) == {"a": (3, 2), "b": (5, 2)}


def test_the_lateral_step_is_the_whole_action() -> None:
    # the lateral step with an attack after it is not allowed: it is "in lieu of taking any other action" (L5684)
    dec = {"T1.a.action": attack(["fist"], movement=1, square={"col": 2, "row": 2})}
    res = on_grid({"a": (2, 3), "b": (4, 3)}, dec, A_FIRST)
    assert res.violations[0].code == "GRID_SQUARE_INVALID"


# ── Knock Back at the edge, no Range 5 ──────────────────────────────────────────────────────────────────


def test_knock_back_against_the_edge_leaves_him_where_he_is() -> None:
    # a (4,3), b (5,3): straight away is column 6, off the grid; no other square next to b is farther than Range 1
    # from a (each is column 4 or 5, rows 2–4). He cannot be pushed off: he stays, Range 1 (000 L5678, L5686).
    res = ok(on_grid({"a": (4, 3), "b": (5, 3)}, {"T1.a.action": attack(["fist"]), **SURE}, A_FIRST))
    assert squares(res) == {"a": (4, 3), "b": (5, 3)}
    assert not [e for e in res.events if e.kind in (EventKind.moved_on_grid, EventKind.left_grid)]


def test_knock_back_turns_aside_when_the_straight_line_leaves_the_grid() -> None:
    # a (4,2), b (5,4): Range 2; the line's step (1,1) leads to (6,5), off the grid. Of the squares next to b only
    # (4,5) and (5,5) are farther than 2 from a (row 5: 3 rows away); the attacker's choice (000 L5686), by default
    # the straight step nearest the line, column first then row (a Battle Grid ruling): (5,5), Range 3.
    dec = {"T1.a.action": attack(["kick"], movement=0), **SURE}
    res = ok(on_grid({"a": (4, 2), "b": (5, 4)}, dec, A_FIRST))
    assert inp(res, "D.3", "a")["range"] == 2
    assert squares(res) == {"a": (4, 2), "b": (5, 5)}


def test_knock_back_at_range_0_follows_the_attackers_movement() -> None:
    # a (2,3) moves 1 toward b (3,3): into his square, Range 0, his step (1,0). At Range 0 the push carries on the
    # way the attacker was moving: b goes on to (4,3) (000 L5688).
    res = ok(on_grid({"a": (2, 3), "b": (3, 3)}, {"T1.a.action": attack(["fist"], movement=1), **SURE}, A_FIRST))
    assert inp(res, "D.3", "a")["range"] == 0
    assert squares(res) == {"a": (3, 3), "b": (4, 3)}
    # the other way: from (4,3) into (3,3), step (-1,0): b goes on to (2,3)
    res = ok(on_grid({"a": (4, 3), "b": (3, 3)}, {"T1.a.action": attack(["fist"], movement=1), **SURE}, A_FIRST))
    assert squares(res) == {"a": (3, 3), "b": (2, 3)}


def test_moving_off_the_grid_from_range_4_of_every_opponent_leaves_the_combat() -> None:
    # a (1,3), b (5,3): Range 4. One more Range away takes him off the grid: out of the combat (000 L5678).
    res = ok(
        on_grid(
            {"a": (1, 3), "b": (5, 3)}, {"T1.a.action": {"action": "move", "movement": 1, "direction": "away"}}, A_FIRST
        )
    )
    assert squares(res) == {"b": (5, 3)}
    assert res.fight.positioning.off_grid == ["a"]
    left = [(e.fighter, e.figures) for e in res.events if e.kind is EventKind.left_grid]
    assert left == [("a", {"from_col": 1, "from_row": 3})]


def test_no_leaving_while_an_opponent_is_nearer_than_range_4() -> None:
    # a (1,3) has b at Range 4 but c at (3,3), Range 2: he may not step off the grid (000 L5678); away from b is
    # column 0, and no square next to him is farther from b, so he stays.
    sides = {"a": "heroes", "b": "villains", "c": "villains"}
    dec = {"T1.a.action": {"action": "move", "movement": 1, "direction": "away", "target": "b"}}
    res = ok(on_grid({"a": (1, 3), "b": (5, 3), "c": (3, 3)}, dec, {**A_FIRST, "T1.c.init": 2}, sides=sides))
    assert squares(res)["a"] == (1, 3)
    assert res.fight.positioning.off_grid == []


def test_a_fighter_off_the_grid_is_at_range_5_and_stays_off() -> None:
    res = ok(on_grid({"b": (5, 3)}, {"T1.a.action": {"action": "move", "movement": 1}}, A_FIRST, off=["a"]))
    assert res.fight.positioning.off_grid == ["a"]
    assert any(s.ref == "000 L5678" for s in res.log)


# ── two on one ──────────────────────────────────────────────────────────────────────────────────────────


def test_two_on_one_each_pair_has_its_own_range() -> None:
    # a and c against b. a (3,3) hits b (4,4), Range 1: b goes on diagonally to (5,5). From c (5,1) b was
    # max(1, 3) = 3 away and is now max(0, 4) = 4; a and c do not move.
    sides = {"a": "heroes", "c": "heroes", "b": "villains"}
    dec = {"T1.a.action": attack(["fist"]), **SURE}
    res = ok(on_grid({"a": (3, 3), "b": (4, 4), "c": (5, 1)}, dec, {**A_FIRST, "T1.c.init": 2}, sides=sides))
    assert squares(res) == {"a": (3, 3), "b": (5, 5), "c": (5, 1)}


def test_a_player_can_choose_the_opponent_he_moves_toward() -> None:
    # c (5,1) walks 2 toward b (5,5) down the column: (5,3), Range 2 from b, and Range max(2, 0) = 2 from a (3,3).
    sides = {"a": "heroes", "c": "heroes", "b": "villains"}
    dec = {"T1.c.action": {"action": "move", "movement": 2, "target": "b"}}
    res = ok(on_grid({"a": (3, 3), "b": (5, 5), "c": (5, 1)}, dec, {**A_FIRST, "T1.c.init": 2}, sides=sides))
    assert squares(res)["c"] == (5, 3)


# ── what the grid does not play yet ─────────────────────────────────────────────────────────────────────


# ── Environmental Hazards in squares (000 L6075) ───────────────────────────────────────────────────────────


def sq(*cells: tuple[int, int]) -> list[dict[str, int]]:
    return [{"col": c, "row": r} for c, r in cells]


HIT = {"T1.a.action": attack(["fist"]), **SURE}


def test_a_hazard_on_the_grid_needs_its_squares_one_hazard_a_square() -> None:
    # "placing them ... a specific square on a Battle Grid, or a specific set of squares ... Only one Environmental
    # Hazard can be in a single square" (000 L6075)
    res = on_grid({"a": (2, 3), "b": (4, 3)}, {}, A_FIRST, hazards=[{"id": "w", "kind": "wall"}])
    assert res.violations[0].code == "HAZARD_INVALID" and res.violations[0].path == "fight.hazards[0].squares"
    two = [{"id": "w", "kind": "wall", "squares": sq((5, 3))}, {"id": "s", "kind": "damaging", "squares": sq((5, 3))}]
    res = on_grid({"a": (2, 3), "b": (4, 3)}, {}, A_FIRST, hazards=two)
    assert res.violations[0].code == "HAZARD_INVALID" and res.violations[0].path == "fight.hazards[1].squares"
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, {}, A_FIRST, hazards=two[:1]))
    assert not res.unsupported
    assert [(h.id, [(s.col, s.row) for s in h.squares]) for h in res.fight.hazards] == [("w", [(5, 3)])]


def test_a_fighter_on_a_wall_square_is_against_it() -> None:
    # b on the Wall's square (4,3): a at Range 1 gains +1 Accuracy and the hit does not Knock him Back
    # (000 L6075, L6185). Without the Wall, the Knock Back takes him to (5,3).
    wall = [{"id": "w", "kind": "wall", "squares": sq((4, 1), (4, 2), (4, 3), (4, 4), (4, 5))}]
    res = ok(on_grid({"a": (3, 3), "b": (4, 3)}, HIT, A_FIRST, hazards=wall))
    assert inp(res, "D.6", "a")["wall"] == 1
    assert squares(res) == {"a": (3, 3), "b": (4, 3)}
    res = ok(on_grid({"a": (3, 3), "b": (4, 3)}, HIT, A_FIRST))
    assert "wall" not in inp(res, "D.6", "a") and squares(res)["b"] == (5, 3)


def test_knocked_back_onto_a_ring_out_square_loses_the_fight() -> None:
    # a (3,3) hits b (4,3): 1 square on along the row to (5,3), a square of the Ring-Out along column 5: a harmful
    # Hazard acts without being asked on the grid (000 L6075), he loses the fight (000 L6205).
    edge = [{"id": "edge", "kind": "ring_out", "squares": sq(*((5, r) for r in range(1, 6)))}]
    res = on_grid({"a": (3, 3), "b": (4, 3)}, HIT, A_FIRST, hazards=edge)
    assert res.status == "over", res.violations
    assert res.fighters[1].state.defeated and res.winner == "a"


def test_knocked_onto_spikes_they_hurt_at_once_and_throw_him_one_square_clear() -> None:
    # b knocked from (4,3) to (5,3), the spikes' square: 1d6 (3) + the highest Power Level (3) = 6 (000 L6089),
    # with no Maneuver Check (000 L6075); then Knock Back 1 square away from the Hazard (000 L6091), toward the
    # middle (ruling): (4,3). The Fist's damage roll is 2 (Strength 0): 50 − 2 − 6 = 42.
    spikes = [{"id": "spikes", "kind": "damaging", "squares": sq((5, 3))}]
    rolls = {**A_FIRST, "T1.a.damage": 2, "T1.b.hazard_damage": 3}
    res = ok(on_grid({"a": (3, 3), "b": (4, 3)}, HIT, rolls, hazards=spikes))
    assert res.fighters[1].state.life_bar == LIFE[3] - 2 - 6
    assert squares(res)["b"] == (4, 3)
    assert not [r for r in res.rolls if "maneuver" in r.key]


def test_walking_onto_a_pit_square_drops_him_in() -> None:
    # b walks 1 toward a: from (4,3) to (3,3), the Pit's square: 1d6 (1) + 3 = 4 damage, no Knock Back, in the
    # Pit (000 L6121, L6075).
    pit = [{"id": "hole", "kind": "pit", "squares": sq((3, 3))}]
    dec = {"T1.b.action": {"action": "move", "movement": 1}}
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, dec, {**A_FIRST, "T1.b.hazard_damage": 1}, hazards=pit))
    assert squares(res)["b"] == (3, 3)
    assert res.fighters[1].state.life_bar == LIFE[3] - 4
    assert [e.hazard for e in res.fighters[1].state.ongoing_effects if e.id == "in_pit"] == ["hole"]


def test_striking_down_from_a_higher_elevation_square() -> None:
    # a on the hill's square (3,3): +1 damage striking b, who is not on it (000 L6155, L6075).
    hill = [{"id": "hill", "kind": "higher_elevation", "squares": sq((3, 3))}]
    res = ok(on_grid({"a": (3, 3), "b": (4, 3)}, HIT, {**A_FIRST, "T1.a.damage": 2}, hazards=hill))
    assert any("higher elevation" in s.text for s in res.log)
    assert res.fighters[1].state.life_bar == LIFE[3] - 2 - 1


def test_a_dramatic_turn_on_the_grid_is_played() -> None:
    # Dramatic turns play the grid too (000 L7106; tests/unit/fight2e/dramatic/test_grid_map.py): nobody moves.
    res = on_grid({"a": (2, 3), "b": (4, 3)}, {}, {}, options={"subsystem": "dramatic"})
    assert "POSITIONING_MODE_UNSUPPORTED" not in [v.code for v in res.violations]
    assert "dramatic_grid" not in [u.id for u in res.unsupported]


def test_the_grid_turn_is_a_published_example() -> None:
    body = examples("resolve_turn")["battle-grid-turn"]
    dec = {"T1.a.action": attack(["fist"], movement=1, square={"col": 3, "row": 2}), **SURE}
    assert body == grid_request({"a": (2, 3), "b": (4, 3)}, dec, A_FIRST)
    assert squares(ok(resolve_turn(build(body)))) == {"a": (3, 2), "b": (5, 4)}


def test_a_tag_team_partner_switching_in_takes_the_same_square() -> None:
    # a2 waits on the sidelines with no square; a switches him in: a2 stands on a's square (2,3), exactly where a
    # was (000 L6281), and a leaves the grid's squares for the sidelines (not off the grid).
    sides = {"a": "red", "a2": "red", "b": "blue"}
    req = grid_request({"a": (2, 3), "b": (4, 3)}, {"T1.a.action": {"action": "switch", "target": "a2"}}, A_FIRST)
    req["fighters"].insert(1, {**req["fighters"][0], "id": "a2", "sheet": sheet("a2")})
    req["fighters"][1]["state"] = {**req["fighters"][1]["state"], "tag_waiting": True}
    req["fight"]["sides"] = sides
    req["options"] = {"tag_team": True}
    req["decisions"]["T1.a2.action"] = {"action": "none"}
    res = ok(resolve_turn(build({**req, "rolls": {**A_FIRST, "T1.a2.init": 3}})))
    assert squares(res) == {"a2": (2, 3), "b": (4, 3)}
    assert res.fight.positioning.off_grid == []


def test_no_combat_system_refuses_the_grid() -> None:
    # Dramatic and Thug Thrashing turns play the grid too (000 L5676, L7106): the refusal and its names are gone.
    assert "thug_grid" not in RULES_NOT_IMPLEMENTED and "dramatic_grid" not in RULES_NOT_IMPLEMENTED


# ── things that sit in a band on a Band Map (issue 36: never silent on the grid) ─────────────────────────────

MINE = {"id": "mine", "name": "Mine", "level": 2, "elements": [{"id": "bomb"}]}
CALL = {"id": "call", "name": "Call", "level": 4, "elements": [{"id": "summon"}]}


def ki_sheet(fid: str, moves: list) -> dict[str, Any]:
    s = sheet(fid, moves=moves)
    s["combat_skills"]["ki"] = 5
    return s


def bomb_squares(res: TurnResult) -> list[tuple[int, int]]:
    return [(e.square.col, e.square.row) for e in res.fighters[0].state.ongoing_effects if e.square is not None]


def test_a_bomb_is_placed_in_the_square_next_to_him_toward_his_opponent() -> None:
    # As in the band next to him (000 L2851): a (2,3) toward b (4,3): (3,3), with no Maneuver roll (that is the
    # no-map placing). Count 5, the Time Roll 3 runs it to 2.
    rolls = {**A_FIRST, "T1.a.bomb_timer": 5, "T1.fight.time": 3}
    dec = {"T1.a.action": {"action": "utility", "moves": ["mine"]}}
    res = ok(on_grid({"a": (2, 3), "b": (4, 3)}, dec, rolls, sheets={"a": ki_sheet("a", [MINE])}))
    assert bomb_squares(res) == [(3, 3)] and res.fighters[0].state.ongoing_effects[0].time_left == 2
    assert not [r for r in res.rolls if "bomb_maneuver" in r.key] and not res.unsupported
    away = ok(
        on_grid(
            {"a": (2, 3), "b": (4, 3)},
            {**dec, "T1.a.bomb_place": {"direction": "away"}},
            rolls,
            sheets={"a": ki_sheet("a", [MINE])},
        )
    )
    assert bomb_squares(away) == [(1, 3)]


def bomb_turn(bomb_at: tuple[int, int]) -> TurnResult:
    live = {
        "ongoing_effects": [
            {"id": "bomb", "move": "mine", "since": 1, "time_left": 0, "square": dict(col=bomb_at[0], row=bomb_at[1])}
        ]
    }
    req = grid_request({"a": (2, 3), "b": (4, 3)}, {}, {}, sheets={"a": ki_sheet("a", [MINE])}, states={"a": live})
    req["fight"]["turn"] = 2
    req["decisions"] = {"T2.a.action": {"action": "none"}, "T2.b.action": {"action": "none"}}
    req["rolls"] = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6, "T2.a.attack": 6, "T2.a.damage": 4}
    return ok(resolve_turn(build(req)))


def test_a_bomb_catches_whoever_is_within_one_square() -> None:
    # The blast reaches its square and the next (Range 0–1, 000 L2917); squares count diagonals 1 (000 L5676).
    # At (5,4): b (4,3) is 1 away, caught; a (2,3) is 3 away. At (5,5): b is 2 away, nobody is caught.
    near = bomb_turn((5, 4))
    assert near.fighters[1].state.life_bar < LIFE[3] and near.fighters[0].state.life_bar == LIFE[3]
    far = bomb_turn((5, 5))
    assert far.fighters[1].state.life_bar == LIFE[3]
    assert not [r for r in far.rolls if r.key == "T2.a.attack"]


def ally_squares(res: TurnResult) -> list[tuple[int, int]]:
    return [(e.square.col, e.square.row) for e in res.fighters[0].state.ongoing_effects if e.square is not None]


def test_an_ally_is_summoned_one_square_in_front_toward_the_opponent() -> None:
    # "one Range in front of him" (000 L4191): a (2,3) facing b (4,3): one square along the row, (3,3); Range 1
    # from b. The Ally has its square: nothing is reported.
    dec = {"T1.a.action": {"action": "utility", "moves": ["call"]}}
    res = ok(
        on_grid({"a": (2, 3), "b": (4, 3)}, dec, {**A_FIRST, "T1.fight.time": 2}, sheets={"a": ki_sheet("a", [CALL])})
    )
    assert ally_squares(res) == [(3, 3)]
    assert not res.unsupported
    # diagonally: a (1,1) facing b (4,4): (2,2)
    res = ok(
        on_grid({"a": (1, 1), "b": (4, 4)}, dec, {**A_FIRST, "T1.fight.time": 2}, sheets={"a": ki_sheet("a", [CALL])})
    )
    assert ally_squares(res) == [(2, 2)]


def test_the_ally_follows_two_squares_for_one_and_needs_its_square() -> None:
    # a (1,3) moves 1 toward b (5,3): to (2,3); his Ally at (2,3) moves the same way two squares for the one
    # (000 L4193): (4,3).
    ally = {
        "ongoing_effects": [
            {"id": "summon", "move": "call", "time_left": 20, "since": 1, "square": {"col": 2, "row": 3}}
        ]
    }
    dec = {"T1.a.action": {"action": "move", "movement": 1}}
    kw: dict[str, Any] = {"sheets": {"a": ki_sheet("a", [CALL])}}
    res = ok(on_grid({"a": (1, 3), "b": (5, 3)}, dec, A_FIRST, states={"a": ally}, **kw))
    assert squares(res)["a"] == (2, 3) and ally_squares(res) == [(4, 3)]
    del ally["ongoing_effects"][0]["square"]
    res = on_grid({"a": (1, 3), "b": (5, 3)}, dec, A_FIRST, states={"a": ally}, **kw)
    assert res.violations[0].code == "STATE_INCONSISTENT_STATUS"


BLADE = {"id": "blade", "name": "Blade", "level": 2, "liabilities": [{"id": "prop"}]}


def prop_turn(prop_at: tuple[int, int], a_at: tuple[int, int]) -> TurnResult:
    down = {
        "ongoing_effects": [
            {"id": "prop", "move": "prop", "since": 1, "charges": 0, "square": dict(col=prop_at[0], row=prop_at[1])}
        ]
    }
    req = grid_request({"a": a_at, "b": (5, 3)}, {}, {}, sheets={"a": sheet("a", moves=[BLADE])}, states={"a": down})
    req["fight"]["turn"] = 2
    grab = {"action": "utility", "moves": ["recover_prop:prop"]}
    req["decisions"] = {"T2.a.action": grab, "T2.b.action": {"action": "none"}}
    req["rolls"] = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    return ok(resolve_turn(build(req)))


def test_a_dropped_prop_is_picked_up_on_its_square_only() -> None:
    # A Prop lies where it fell and is picked up there (000 L4757–L4761): on its square (2,3) a's action is
    # enough (b, at (5,3), is not on it to contest); from (1,3) nothing is recovered.
    assert [e.id for e in prop_turn((2, 3), (2, 3)).fighters[0].state.ongoing_effects] == []
    res = prop_turn((2, 3), (1, 3))
    assert [(e.id, e.square.col, e.square.row) for e in res.fighters[0].state.ongoing_effects if e.square] == [
        ("prop", 2, 3)
    ]
    assert not res.unsupported


def test_move_closer_on_the_grid_moves_the_attacker_along_the_line() -> None:
    # Move Closer: the attacker goes in instead of drawing the target (000 L4023), by the Knock Back distance, 1
    # (000 L4007). On the grid he steps along the line to the target (000 L5680–L5682): a (1,1) → b (4,4) is the
    # diagonal, Range 3; one step to (2,2), Range 2. b stays where he was.
    yank = {
        "id": "yank",
        "name": "Yank",
        "level": 4,
        "elements": [{"id": "ranged"}, {"id": "ranged.draw_closer"}, {"id": "ranged.draw_closer.move_closer"}],
    }
    dec = {"T1.a.action": attack(["yank"]), **SURE}
    res = ok(
        on_grid({"a": (1, 1), "b": (4, 4)}, dec, {**A_FIRST, "T1.a.attack": 6}, sheets={"a": ki_sheet("a", [yank])})
    )
    assert squares(res) == {"a": (2, 2), "b": (4, 4)}
    # plain Draw Closer draws b in along the same line instead: (3,3)
    yank["elements"] = yank["elements"][:2]
    res = ok(
        on_grid({"a": (1, 1), "b": (4, 4)}, dec, {**A_FIRST, "T1.a.attack": 6}, sheets={"a": ki_sheet("a", [yank])})
    )
    assert squares(res) == {"a": (1, 1), "b": (3, 3)}


# ── Checked by the combatant in between (000 L5690) ───────────────────────────────────────────────────────

SHOT = {"id": "shot", "name": "Shot", "level": 3, "elements": [{"id": "ranged"}]}
TRIO = {"a": "red", "c": "red", "b": "blue"}
TRIO_INIT = {"T1.a.init": 6, "T1.c.init": 4, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 6}
CHECK_B = {"T1.a.hazard": {"choice": "check", "target": "b"}}


def trio(sq: dict[str, tuple[int, int]], dec: dict[str, Any], rolls: dict[str, int], **kw: Any) -> TurnResult:
    return on_grid(sq, dec, {**TRIO_INIT, **rolls}, sides=TRIO, sheets={"b": ki_sheet("b", [SHOT])}, **kw)


def test_the_one_in_between_checks_and_the_checked_cannot_shoot_past_him() -> None:
    # b (2,3), a (3,3), c (4,3): a stands on the square the walk from b to c passes (000 L5690). In place of
    # movement a wins the Maneuver Check 9 against 1: b is Checked. b's Shot at c (Range 2) first needs a Maneuver
    # Check in place of movement against a: 1 against 9, lost, his action is spent.
    rolls = {"T1.a.maneuver": 9, "T1.b.maneuver": 1, "T1.b.maneuver.2": 1, "T1.a.maneuver.2": 9}
    res = ok(
        trio({"b": (2, 3), "a": (3, 3), "c": (4, 3)}, {**CHECK_B, "T1.b.action": attack(["shot"], target="c")}, rolls)
    )
    assert [(e.id, e.target) for e in res.fighters[1].state.ongoing_effects] == [("checked", "a")]
    # the Check by the one in between cites 000 L5690, not L5692 (the next section's heading)
    assert any(x.text.startswith("b is Checked by a") and x.ref == "000 L5690" for x in res.log)
    assert not [x for x in res.log if x.label == "D.3" and x.actor == "b"]
    assert any(x.text.startswith("b cannot get at c past a") for x in res.log)


def test_the_checked_may_still_shoot_the_one_in_between() -> None:
    # Only the combatant on the other side is guarded (000 L5690): b's Shot at a himself needs no check.
    state = {"b": {"ongoing_effects": [{"id": "checked", "target": "a", "since": 1}]}}
    dec = {"T1.b.action": attack(["shot"], target="a")}
    res = ok(trio({"b": (2, 3), "a": (3, 3), "c": (4, 3)}, dec, {"T1.b.attack": 6}, states=state))
    assert not [r for r in res.rolls if r.key.startswith("T1.b.maneuver")]
    assert [x for x in res.log if x.label == "D.3" and x.actor == "b"]


def test_the_checked_cannot_move_toward_the_guarded_one() -> None:
    # b Checked by a, who stands between b (1,3) and c (4,3): b's move 1 toward c does not happen (000 L5690).
    state = {"b": {"ongoing_effects": [{"id": "checked", "target": "a", "since": 1}]}}
    dec = {"T1.b.action": {"action": "move", "movement": 1, "target": "c"}}
    res = ok(trio({"b": (1, 3), "a": (2, 3), "c": (4, 3)}, dec, {}, states=state))
    assert squares(res)["b"] == (1, 3)
    assert any(
        x.text.startswith("b is Checked by a") and "move toward c" in x.text and x.ref == "000 L5690" for x in res.log
    )
    # a beside the line, at (2,2), is not between them: b walks to (2,3)
    res = ok(trio({"b": (1, 3), "a": (2, 2), "c": (4, 3)}, dec, {}, states=state))
    assert squares(res)["b"] == (2, 3)


def test_a_check_from_beside_the_line_is_refused() -> None:
    # a (3,2) is not on the walk from b (2,3) to c (4,3), (3,3): no Check on the grid (000 L5690).
    res = trio({"b": (2, 3), "a": (3, 2), "c": (4, 3)}, CHECK_B, {"T1.a.maneuver": 9, "T1.b.maneuver": 1})
    assert res.violations[0].code == "HAZARD_INTERACTION_INVALID"
    assert "Battle Grid" in res.violations[0].message


def maker(*mods: str) -> dict[str, Any]:
    els: list[dict] = [{"id": "create_environmental_hazard", "options": {"hazard_type": "wall"}}]
    els += [{"id": f"create_environmental_hazard.{m}"} for m in mods]
    s = sheet("a", moves=[{"id": "raise", "name": "Raise", "level": 3, "elements": els}])
    s["combat_skills"]["ki"] = 2
    return s


def test_a_hazard_made_on_the_grid_goes_one_square_toward_the_target() -> None:
    # a (2,3), b (5,3): the made Wall goes 1 square toward b along the row (as 1 band, 000 L3139; 000 L5680–L5682):
    # (3,3), nobody there, no roll. It is a's own Hazard: nothing on the grid is played without its square.
    res = ok(on_grid({"a": (2, 3), "b": (5, 3)}, {"T1.a.action": attack(["raise"])}, A_FIRST, sheets={"a": maker()}))
    assert [(h.kind, [(s.col, s.row) for s in h.squares]) for h in res.fight.hazards] == [("wall", [(3, 3)])]
    assert not res.unsupported


def test_a_damaging_hazard_made_on_the_target_square_hits_him_and_throws_him_clear() -> None:
    # a (3,3), b (4,3): the Hazard goes on b's square (4,3); the hit (SURE) makes it and b interacts at once
    # (000 L3141), then is thrown 1 square away from its maker a, along the row: (5,3) (000 L6091, ruling).
    dec = {"T1.a.action": attack(["raise"]), **SURE}
    rolls = {**A_FIRST, "T1.a.damage": 3}
    res = ok(on_grid({"a": (3, 3), "b": (4, 3)}, dec, rolls, sheets={"a": maker("damaging_hazard")}))
    assert [(h.kind, [(s.col, s.row) for s in h.squares]) for h in res.fight.hazards] == [("damaging", [(4, 3)])]
    assert res.fighters[1].state.life_bar < LIFE[3]
    assert squares(res)["b"] == (5, 3)
