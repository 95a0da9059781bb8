"""Expected damage of a declared attack, estimated from the sheets' priced moves (for the policies only).

The estimate is what a player at the table would reckon, not the resolver's exact figure: the Combo's Accuracy
is its first move's, less 1 per full three moves (000 L5804–L5806); the attack hits when 1d6 + Accuracy reaches
the defender's Defense Total (000 L5724–L5741), taken as his best defensive Combat Skill plus his Defense Bonus;
the damage is the first move's average roll in full, each later Special or Super Move half of its own, each
later Basic Move 1 (000 L5804–L5806).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..fighters import validate_fighter
from ..fighters.fighter_models import Fighter, FighterRequest

BASIC_MOVE = "basic_move"
_DIE = re.compile(r"(\d*)d(\d+)([+-]\d+)?")


@dataclass(frozen=True)
class MoveFigures:
    accuracy: int
    damage: float  # average roll of the move's damage with Strength, plus its flat bonus
    special: bool  # a Special or Super Move (halved after the first move of a Combo)
    super: bool


@dataclass(frozen=True)
class SheetFigures:
    moves: dict[str, MoveFigures]
    defense_total: int
    life_bar: int
    fighting_spirit: int
    # attack_estimate's answers, by the moves and the defender's Defense Total (all it reads besides these moves)
    estimates: dict[tuple[tuple[str, ...], int], tuple[float, float]] = field(
        default_factory=dict, compare=False, repr=False
    )


def die_average(die: str | None, minimum: int = 1) -> float:
    """Average of ``NdM``, ``NdM+K`` or ``NdM-K``, re-rolling faces below ``minimum``; 0 for no or another die."""
    match = _DIE.fullmatch((die or "").replace(" ", ""))
    if match is None:
        return 0.0
    n, m, k = int(match[1] or 1), int(match[2]), int(match[3] or 0)
    low = min(max(minimum, 1), m)
    return n * (low + m) / 2 + k


def sheet_figures(sheet: Fighter) -> SheetFigures:
    """What the policies read of a sheet: its priced moves, Defense Total, Life Bar and FS (read once per run)."""
    v = validate_fighter(FighterRequest(fighter=sheet))
    moves = {BASIC_MOVE: MoveFigures(0, die_average(v.derived.basic_move_damage_die), False, False)}
    for priced in v.moves:
        d = priced.damage
        avg = die_average(d.die_with_strength or d.die, d.minimum_roll) + d.flat_bonus if d else 0.0
        kind = str(priced.type)
        move_id = sheet.moves[priced.index].id
        if move_id:
            moves[move_id] = MoveFigures(priced.accuracy, avg, True, kind == "super")
    skills = sheet.combat_skills
    defense = max(skills.defense, skills.evasion, skills.tactics) + v.derived.combat_bonus_effective.defense
    return SheetFigures(moves, defense, v.derived.life_bar, v.derived.fighting_spirit)


def hit_chance(accuracy: int, defense_total: int) -> float:
    """Chance that 1d6 + Accuracy reaches the Defense Total."""
    return sum(1 for face in range(1, 7) if face + accuracy >= defense_total) / 6


def attack_estimate(moves: list[str], me: SheetFigures, foe: SheetFigures) -> tuple[float, float]:
    """(hit chance, expected damage) of an attack with these moves in order."""
    key = (tuple(moves), foe.defense_total)
    found = me.estimates.get(key)
    if found is None:
        found = me.estimates[key] = _estimate(moves, me, foe.defense_total)
    return found


def _estimate(moves: list[str], me: SheetFigures, defense_total: int) -> tuple[float, float]:
    figures = [me.moves.get(m) for m in moves]
    if not figures or figures[0] is None:
        return 0.0, 0.0
    first = figures[0]
    accuracy = first.accuracy - len(moves) // 3
    damage = first.damage
    for f in figures[1:]:
        damage += 1 if f is None or not f.special else f.damage / 2
    p = hit_chance(accuracy, defense_total)
    return p, p * damage
