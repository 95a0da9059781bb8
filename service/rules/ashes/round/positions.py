"""Battlefields and holds: who stands where, the rank-0 move next door, cover, an attack's reach, being dragged along
and leaving a hold one entered by choice (004 L43–L44, L95, L117, L120). The table draws the Battlefields; with
none drawn nobody's place is tracked and everybody stands together."""

from __future__ import annotations

from ..pack import Advantage
from .models import Act, Decision, Hold, RoundEventKind
from .state import Fighter, Problem, Round

SAME, NEXT_DOOR, BEYOND = 0, 1, 2


def distance(r: Round, a: Fighter, b: Fighter) -> int | None:
    """0 on one Battlefield, 1 next door, 2 further; None when either place is not known."""
    if a.battlefield not in r.adjacent or b.battlefield not in r.adjacent:
        return None
    if a.battlefield == b.battlefield:
        return SAME
    return NEXT_DOOR if b.battlefield in r.adjacent[a.battlefield or ""] else BEYOND


def reach_problem(r: Round, f: Fighter, target: Fighter, value: Decision) -> Problem:
    """Another Battlefield is reached only by a Ranged weapon's advantage; beyond the next one only a visible
    target (004 L95; ruling: a hidden combatant is not visible). A grab needs the foe at hand."""
    d = distance(r, f, target)
    if d is None or d == SAME:
        return None
    ranged = f.weapon is not None and f.weapon.advantage is Advantage.ranged
    if value.choice is Act.grab or not (ranged and value.advantage):
        return "OUT_OF_REACH", f"{target.id} is on another Battlefield: only a Ranged weapon's advantage reaches."
    if d == BEYOND and target.hidden:
        return "NOT_VISIBLE", f"{target.id} is hidden: a Ranged attack beyond the next Battlefield needs a visible one."
    return None


def far(r: Round, f: Fighter, target: Fighter, value: Decision) -> bool:
    """Whether a Ranged use is the one against any visible target (Cost 6) rather than the next zone (Cost 0)."""
    d = distance(r, f, target)
    return value.far if d is None else d == BEYOND


def move_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    if not r.adjacent:
        return None  # no Battlefields drawn: the move is logged
    if value.battlefield not in r.adjacent:
        return "BATTLEFIELD_UNKNOWN", f"Move to one of the round's Battlefields: {', '.join(sorted(r.adjacent))}."
    if f.battlefield in r.adjacent and value.battlefield not in r.adjacent[f.battlefield or ""]:
        return (
            "NOT_ADJACENT",
            f"From {f.battlefield} a move reaches {', '.join(sorted(r.adjacent[f.battlefield or '']))}.",
        )
    return None


def move(r: Round, f: Fighter, value: Decision) -> None:
    """The move to an adjacent Battlefield (004 L43); whoever f holds is dragged along (004 L117)."""
    if value.battlefield is None:
        r.say("Turns", f.id, "Moves (no Battlefields drawn: the place is not tracked).", "004 L43")
        return
    f.battlefield = value.battlefield
    r.say("Turns", f.id, f"Moves to {f.battlefield}.", "004 L43")
    r.event(RoundEventKind.moved, f.id)
    for h in r.holds:
        if h.holder == f.id:
            held = r.fighters[h.held]
            held.battlefield = f.battlefield
            r.say("Grabs and Throws", held.id, f"Dragged along to {f.battlefield}.", "004 L117")
            r.event(RoundEventKind.moved, held.id, other=f.id)


def hide_problem(r: Round, f: Fighter) -> Problem:
    if r.adjacent and f.battlefield not in r.cover:
        return "NO_COVER", "The fighter's Battlefield has no cover to hide behind."  # 004 L44
    return None


def leavable(r: Round, f: Fighter) -> list[Hold]:
    """The holds f may leave at will: those f made (a grab is the holder's own choice) and those f entered by
    choice (004 L120)."""
    return [h for h in r.holds if h.holder == f.id or (h.held == f.id and h.voluntary)]


def leave_problem(r: Round, f: Fighter) -> Problem:
    if leavable(r, f):
        return None
    return "HOLD_NOT_VOLUNTARY", "No hold this fighter entered by choice: a hold one was dragged into is broken."


def leave(r: Round, f: Fighter) -> None:
    gone = leavable(r, f)
    r.holds = [h for h in r.holds if h not in gone]
    for h in gone:
        other = h.held if h.holder == f.id else h.holder
        r.say("Grabs and Throws", f.id, f"Leaves the hold with {other}.", "004 L120")
        r.event(RoundEventKind.left_hold, f.id, other=other)
