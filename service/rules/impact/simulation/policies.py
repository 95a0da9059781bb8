"""Impact's policies: which declaration a side makes each turn, and how it answers the decisions the resolver asks.

Every declaration a policy considers is first put to the resolver's own declaration check (``declarations.check``)
alone for its fighter; only those the check accepts are scored, so a simulated declaration is one the turn endpoint
takes. Considered: every learned maneuver of the pack thrown with each usable side at each area it may aim at (a
grapple at its own area), a Bridge in and out, and a Defense with each tactic the fighter has. Not considered:
Draws, Beats, Binds, Feints, Leads, Stop-Hits and variations (they depend on what the opponent declares).

The score of a strike is the **expected progress toward a knock-out** it makes this turn: the chance that
2d6 + skill beats 2d6 + the area's Difficulty (001 L379-395, L606), times the expected damage left after the
Resistance Roll d6 + Toughness (001 L536-551, the leans of 001 L70 and L542 included), divided by what the area can
still take before it is knocked out (001 L306: a vital area ends the fight, a limb counts a third of the three
needed). The highest score wins; ties go to the first candidate (maneuvers in pack order, right before left, areas
in the sheet's order), so a policy is deterministic given the fight.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from ..combatants import Fighter, limb_of
from ..context import Turn
from ..declarations import check
from ..turn_models import ImpactAction, ImpactBridgeDirection, ImpactDecisionNeeded, ImpactDeclaration
from ..vocabulary import RANGE_ORDER, VITAL, ImpactArea, ImpactLean, ImpactManeuverType, ImpactRange, ImpactSide


class ImpactPolicy(StrEnum):
    """How a side declares and answers (docs/simulation.md has the details)."""

    balanced = "balanced"  # expected progress, less a little per Setup Point spent; no lean
    aggressive = "aggressive"  # expected damage (not progress) leaning in; never defends
    defensive = "defensive"  # leans out; defends when the foe's best strike is worth more than its own
    greedy = "greedy"  # the legal declaration with the best expected progress this turn, whatever it spends


@dataclass(frozen=True)
class Weights:
    lean: ImpactLean = ImpactLean.none
    raw_damage: bool = False  # score expected damage instead of progress toward a knock-out
    sp_cost: float = 0.0  # progress given up per Setup Point spent
    defend: float = 0.0  # Defense worth this share of the foe's best expected progress against the fighter
    answer_defend: bool = False  # drop the maneuver to defend when attacked first (001 L190)
    counter_bridge: bool = False  # hold the range against a bridge (001 L214)


POLICIES: dict[ImpactPolicy, Weights] = {
    ImpactPolicy.greedy: Weights(),
    ImpactPolicy.balanced: Weights(sp_cost=0.02),
    ImpactPolicy.aggressive: Weights(lean=ImpactLean.lean_in, raw_damage=True),
    ImpactPolicy.defensive: Weights(lean=ImpactLean.out, defend=1.0, answer_defend=True, counter_bridge=True),
}
BRIDGE_DISCOUNT = 0.5  # a bridge is worth half the best strike it brings within reach next turn
LIMB_SHARE = 1 / 3  # three limbs knocked out end the fight (001 L306)


@cache
def _beats() -> dict[int, float]:
    """P(2d6 − 2d6 > −k) for every margin k: the chance that the attacker's roll plus k is higher."""
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    diffs = [x - y for x in two for y in two]
    return {k: sum(1 for d in diffs if d + k > 0) / len(diffs) for k in range(-40, 41)}


def hit_chance(margin: int) -> float:
    """Chance that 2d6 + margin is higher than 2d6 (001 L395)."""
    return _beats()[max(-40, min(40, margin))]


def expected_damage(total: int, resist_base: int) -> float:
    """Expected max(0, total − (d6 + resist_base)) (001 L551)."""
    return sum(max(0, total - face - resist_base) for face in range(1, 7)) / 6


@dataclass(frozen=True)
class Candidate:
    declaration: ImpactDeclaration
    score: float


def _lean_number(turn: Turn, category: str, lean: ImpactLean) -> int:
    row = turn.pack.category(category).lean
    return {ImpactLean.out: row.out, ImpactLean.none: row.none, ImpactLean.lean_in: row.into}[lean]


def _strike_value(turn: Turn, a: Fighter, d: Fighter, decl: ImpactDeclaration, w: Weights) -> float:
    """Expected progress toward a knock-out (or expected damage) of a checked strike declaration."""
    m = turn.pack.maneuver(decl.maneuver or "")
    area = a.area
    if m is None or area is None or area in d.ko_areas:
        return 0.0
    reach = turn.range_of(a.id, d.id) in m.ranges or not turn.phase(3)
    if not reach:
        return -0.01  # forfeited (001 L423): below standing still
    difficulty, _tough, ko_value = d.area_figures(area)
    margin = a.skill(m.id) + a.mods.test - difficulty if turn.phase(2) else 0
    total = m.damage + a.side_power(decl.side) + a.mods.damage
    if turn.phase(4):
        total += _lean_number(turn, m.category, decl.lean)
    damage = expected_damage(total, d.toughness[area]) if turn.phase(2) else float(total)
    value = hit_chance(margin) * damage
    if w.raw_damage:
        return value
    room = max(1, ko_value - d.damage[area])
    share = 1.0 if area in VITAL else LIMB_SHARE
    return share * min(1.0, value / room) - w.sp_cost * max(0, m.sp)


def _strikes(turn: Turn, f: Fighter, foe: str, lean: ImpactLean) -> list[ImpactDeclaration]:
    out = []
    for m in turn.pack.maneuvers:
        if f.skill(m.id) < 1:
            continue
        kind = turn.pack.category(m.category).type
        if kind == ImpactManeuverType.grapple:
            out.append(ImpactDeclaration(fighter=f.id, maneuver=m.id, target=foe, lean=lean))
            continue
        for side in (ImpactSide.right, ImpactSide.left):
            if limb_of(m, side, kind) in f.ko_areas:
                continue
            for area in m.targets or list(ImpactArea):
                out.append(ImpactDeclaration(fighter=f.id, maneuver=m.id, target=foe, side=side, area=area, lean=lean))
    return out


def _others(turn: Turn, f: Fighter, foe: str) -> list[ImpactDeclaration]:
    out = [
        ImpactDeclaration(fighter=f.id, action=ImpactAction.bridge, target=foe, direction=d)
        for d in (ImpactBridgeDirection.bridge_in, ImpactBridgeDirection.bridge_out)
    ]
    out += [
        ImpactDeclaration(fighter=f.id, action=ImpactAction.defense, target=foe, tactic=t)
        for t, level in f.tactics_levels.items()
        if level > 0
    ]
    return out


def _legal(turn: Turn, f: Fighter, decl: ImpactDeclaration) -> Fighter | None:
    """The fighter as the declaration check leaves him, or None when the check refuses the declaration."""
    fresh = replace(f)
    turn.fighters[f.id] = fresh
    try:
        return None if check(turn, [decl]) else fresh
    finally:
        turn.fighters[f.id] = f


def _best_at(turn: Turn, a: Fighter, d: Fighter, strikes: list[tuple[ImpactDeclaration, Fighter]], w: Weights) -> float:
    return max((_strike_value(turn, s, d, decl, w) for decl, s in strikes), default=0.0)


def _bridge_value(
    turn: Turn,
    a: Fighter,
    d: Fighter,
    decl: ImpactDeclaration,
    strikes: list[tuple[ImpactDeclaration, Fighter]],
    w: Weights,
) -> float:
    """A bridge is worth part of the best strike the new range would bring within reach next turn."""
    now = turn.range_of(a.id, d.id)
    step = 1 if decl.direction == ImpactBridgeDirection.bridge_in else -1
    i = RANGE_ORDER.index(now) + step
    if not 0 <= i < len(RANGE_ORDER):
        return -0.02
    new: ImpactRange = RANGE_ORDER[i]
    key = frozenset((a.id, d.id))
    turn.ranges[key] = new
    try:
        value = _best_at(turn, a, d, strikes, w)
    finally:
        turn.ranges[key] = now
    return BRIDGE_DISCOUNT * value - 0.01


def declare(policy: ImpactPolicy, turn: Turn, me: str, foe: str) -> ImpactDeclaration:
    """The policy's declaration for ``me`` against ``foe``: the best of the candidates the check accepts."""
    w = POLICIES[policy]
    a, d = turn.fighters[me], turn.fighters[foe]
    strikes = [(decl, s) for decl in _strikes(turn, a, foe, w.lean) if (s := _legal(turn, a, decl)) is not None]
    best: Candidate | None = None
    for decl, s in strikes:
        score = _strike_value(turn, s, d, decl, w)
        if best is None or score > best.score:
            best = Candidate(decl, score)
    foe_best = _foe_threat(turn, d, a, w) if w.defend else 0.0
    for decl in _others(turn, a, foe):
        if _legal(turn, a, decl) is None:
            continue
        if decl.action == ImpactAction.bridge:
            score = _bridge_value(turn, a, d, decl, strikes, w)
        else:
            score = w.defend * foe_best - 0.005
        if best is None or score > best.score:
            best = Candidate(decl, score)
    if best is None:  # nothing the check accepts: a Defense with no tactic is refused too, so stand (a bridge out)
        return ImpactDeclaration(fighter=me, action=ImpactAction.bridge, target=foe, direction="out")
    return best.declaration


def _foe_threat(turn: Turn, d: Fighter, a: Fighter, w: Weights) -> float:
    """The foe's best expected progress against the fighter this turn (his strikes scored as greedy would)."""
    strikes = [(decl, s) for decl in _strikes(turn, d, a.id, ImpactLean.none) if (s := _legal(turn, d, decl))]
    return _best_at(turn, d, a, strikes, POLICIES[ImpactPolicy.greedy])


def answer(policy: ImpactPolicy, needed: ImpactDecisionNeeded) -> str:
    """The answer to a reactive decision: one of its choices (001 L190, L214, L691, L697)."""
    w = POLICIES[policy]
    values = [c.value for c in needed.choices]
    defences = [v for v in values if v not in ("keep", "bridge", "bridge_out")]
    if needed.kind == "defend" and w.answer_defend and defences:
        return defences[0]
    if needed.kind == "counter_bridge" and w.counter_bridge and "bridge" in values:
        return "bridge"
    return needed.default if needed.default in values else values[0]
