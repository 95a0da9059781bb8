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

from dataclasses import dataclass, field, replace
from enum import StrEnum

from ...core.json_values import BUILT
from ...core.protocol.models import DecisionNeeded
from ...memo import memo
from ..pack import ImpactManeuver
from ..tables.vocabulary import RANGE_ORDER, VITAL, ImpactArea, ImpactLean, ImpactManeuverType, ImpactRange, ImpactSide
from ..turn.combatants import Fighter
from ..turn.context import Turn
from ..turn.declarations import check
from ..turn.models import ImpactAction, ImpactBridgeDirection, ImpactDeclaration


class ImpactPolicy(StrEnum):
    """How a side declares and answers (docs/simulation.md has the details)."""

    balanced = "balanced"  # expected progress, plus 0.04 per Setup Point earned, less as much per one spent
    aggressive = "aggressive"  # expected damage (not progress) leaning in; never defends
    defensive = "defensive"  # leans out; defends when the foe's best strike is worth more than its own
    greedy = "greedy"  # the legal declaration with the best expected progress this turn, whatever it spends


@dataclass(frozen=True)
class Weights:
    lean: ImpactLean = ImpactLean.none
    raw_damage: bool = False  # score expected damage instead of progress toward a knock-out
    sp_worth: float = 0.0  # progress a Setup Point is worth: given up by spending one, gained by earning one
    defend: float = 0.0  # Defense worth this share of the foe's best expected progress against the fighter
    answer_defend: bool = False  # drop the maneuver to defend when attacked first (001 L190)
    counter_bridge: bool = False  # hold the range against a bridge (001 L214)


POLICIES: dict[ImpactPolicy, Weights] = {
    ImpactPolicy.greedy: Weights(),
    ImpactPolicy.balanced: Weights(sp_worth=0.04),
    ImpactPolicy.aggressive: Weights(lean=ImpactLean.lean_in, raw_damage=True),
    ImpactPolicy.defensive: Weights(lean=ImpactLean.out, defend=1.0, answer_defend=True, counter_bridge=True),
}
BRIDGE_DISCOUNT = 0.5  # a bridge is worth half the best strike it brings within reach next turn
LIMB_SHARE = 1 / 3  # three limbs knocked out end the fight (001 L306)


@memo(1)
def _beats() -> dict[int, float]:
    """P(2d6 − 2d6 > −k) for every margin k: the chance that the attacker's roll plus k is higher."""
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    diffs = [x - y for x in two for y in two]
    return {k: sum(1 for d in diffs if d + k > 0) / len(diffs) for k in range(-40, 41)}


def hit_chance(margin: int) -> float:
    """Chance that 2d6 + margin is higher than 2d6 (001 L395)."""
    return _beats()[max(-40, min(40, margin))]


@memo(4096)
def expected_damage(total: int, resist_base: int) -> float:
    """Expected max(0, total − (d6 + resist_base)) (001 L551)."""
    return sum(max(0, total - face - resist_base) for face in range(1, 7)) / 6


@dataclass(frozen=True)
class Shape:
    """A strike the declaration check accepts, with every area it may aim at (the area never changes the check's
    verdict for the maneuvers considered: each aims only where its own targets allow)."""

    maneuver: ImpactManeuver
    side: ImpactSide | None
    areas: tuple[ImpactArea, ...]


# A strike's figures that hold for the whole run: the shape, the ranges it reaches, its skill level (0 when the
# Phase tests no skill), its damage with the side's power and the lean (when the Phase has leans), its Setup Points
# and areas. Alike rows (every figure equal) are kept once: the first (a later one never scores higher).
Row = tuple[Shape, frozenset[ImpactRange], int, int, int, tuple[ImpactArea, ...]]
Options = tuple[list[Shape], list[ImpactDeclaration], list[Row]]
# An area as the policy aims at it: its Difficulty, KO value and share of a knock-out (the defender's sheet).
Aim = tuple[ImpactArea, int, int, float]


@dataclass
class Memo:
    """What a run's policies keep: the declarations the check accepts by state, and each fighter's areas."""

    options: dict[tuple[object, ...], Options] = field(default_factory=dict)
    aims: dict[tuple[str, bool], tuple[Aim, ...]] = field(default_factory=dict)


def _lean_number(turn: Turn, category: str, lean: ImpactLean) -> int:
    row = turn.pack.category(category).lean
    return row.out if lean is ImpactLean.out else row.into if lean is ImpactLean.lean_in else row.none


def _rows(turn: Turn, a: Fighter, shapes: list[Shape], lean: ImpactLean) -> list[Row]:
    """The run-long figures of each strike (``Row``), as ``_best_strike`` adds the turn's own to them."""
    tested, leaning = turn.phase(2), turn.phase(4)
    levels: dict[str, int] = {}
    for known in reversed(a.built.maneuvers):
        levels[known.id] = known.level  # ``Fighter.skill``: the first listed of an id
    rows: dict[tuple[object, ...], Row] = {}
    for shape in shapes:
        m = shape.maneuver
        skill = levels.get(m.id, 0) if tested else 0
        total = m.damage + a.side_power(shape.side) + (_lean_number(turn, m.category, lean) if leaning else 0)
        row = (shape, frozenset(m.ranges), skill, total, m.sp, shape.areas)
        rows.setdefault(row[1:], row)
    return list(rows.values())


def _aims(turn: Turn, d: Fighter, memo: Memo) -> tuple[Aim, ...]:
    tested = turn.phase(2)
    key = (d.id, tested)
    found = memo.aims.get(key)
    if found is None:
        found = memo.aims[key] = tuple(
            (x.area, x.difficulty if tested else 0, x.ko_value, 1.0 if x.area in VITAL else LIMB_SHARE)
            for x in d.built.areas
        )
    return found


def _best_strike(
    turn: Turn, a: Fighter, d: Fighter, options: Options, w: Weights, memo: Memo
) -> tuple[float, Shape | None, ImpactArea | None]:
    """The strike with the best expected progress toward a knock-out (or expected damage) and its area. A strike out
    of reach scores −0.01: it is forfeited (001 L423), below standing still; an area already out scores 0."""
    now = turn.range_of(a.id, d.id)
    tested, reaching = turn.phase(2), turn.phase(3)
    ko, toughness, damage = d.ko_areas, d.toughness, d.damage
    # the same targets score alike in every turn that leaves them as they are
    aimed = tuple(
        (area, (difficulty, toughness[area], max(1, ko_value - damage[area]), share))
        for area, difficulty, ko_value, share in _aims(turn, d, memo)
        if area not in ko
    )
    test, more = a.mods.test if tested else 0, a.mods.damage
    best: tuple[float, Shape | None, ImpactArea | None] = (float("-inf"), None, None)
    for shape, ranges, skill, total, sp, areas in options[2]:
        if reaching and now not in ranges:
            if best[0] < -0.01:
                best = (-0.01, shape, areas[0])
            continue
        found = _area_scored(areas, aimed, skill + test, total + more, sp, tested, w)
        if found[0] > best[0]:
            best = (found[0], shape, found[1])
    return best


@memo(8192)
def _area_scored(
    areas: tuple[ImpactArea, ...],
    aimed: tuple[tuple[ImpactArea, tuple[int, int, int, float]], ...],
    skill: int,
    total: int,
    sp: int,
    tested: bool,
    w: Weights,
) -> tuple[float, ImpactArea]:
    """``_best_area`` kept by its figures (a pure function of them: each is worked out once a run)."""
    return _best_area(areas, dict(aimed), skill, total, sp, tested, w)


def _best_area(
    areas: tuple[ImpactArea, ...],
    targets: dict[ImpactArea, tuple[int, int, int, float]],
    skill: int,
    total: int,
    sp: int,
    tested: bool,
    w: Weights,
) -> tuple[float, ImpactArea]:
    best = (float("-inf"), areas[0])
    for area in areas:
        target = targets.get(area)
        score = 0.0
        if target is not None:
            difficulty, toughness, room, share = target
            value = hit_chance(skill - difficulty) * (expected_damage(total, toughness) if tested else float(total))
            score = value if w.raw_damage else share * min(1.0, value / room) - w.sp_worth * sp
        if score > best[0]:
            best = (score, area)
    return best


def _accepts(turn: Turn, f: Fighter, decl: ImpactDeclaration) -> bool:
    """Whether the resolver's declaration check accepts the declaration (checked on a copy of the fighter)."""
    fresh = replace(f)
    turn.fighters[f.id] = fresh
    try:
        return not check(turn, [decl])
    finally:
        turn.fighters[f.id] = f


def _options(turn: Turn, f: Fighter, foe: str, lean: ImpactLean, memo: Memo) -> Options:
    """The strikes and other declarations the check accepts, kept for every state the check reads (Setup Points
    and their family, areas knocked out, knocked down, the holds)."""
    holds = tuple((h.maneuver, h.holder, h.victim, h.area) for h in turn.holds)
    key = (f.id, foe, lean, f.sp, f.family, frozenset(f.ko_areas), f.knocked_down, holds, turn.fight.phase)
    found = memo.options.get(key)
    if found is not None:
        return found
    shapes = []
    for m in turn.pack.maneuvers:
        if f.skill(m.id) < 1:
            continue
        kind = turn.pack.category(m.category).type
        grapple = kind == ImpactManeuverType.grapple
        for side in (None,) if grapple else (ImpactSide.right, ImpactSide.left):
            areas = tuple(m.targets or ImpactArea) if not grapple else (m.targets[0],) if m.targets else ()
            decl = ImpactDeclaration(
                fighter=f.id, maneuver=m.id, target=foe, side=side, area=None if grapple else areas[0], lean=lean
            )
            if areas and _accepts(turn, f, decl):
                shapes.append(Shape(m, side, areas))
    others = [
        ImpactDeclaration(fighter=f.id, action=ImpactAction.bridge, target=foe, direction=d)
        for d in (ImpactBridgeDirection.bridge_in, ImpactBridgeDirection.bridge_out)
    ]
    others += [
        ImpactDeclaration(fighter=f.id, action=ImpactAction.defense, target=foe, tactic=t)
        for t, level in f.tactics_levels.items()
        if level > 0
    ]
    found = memo.options[key] = (shapes, [o for o in others if _accepts(turn, f, o)], _rows(turn, f, shapes, lean))
    return found


def _bridge_value(
    turn: Turn, a: Fighter, d: Fighter, decl: ImpactDeclaration, options: Options, w: Weights, memo: Memo
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
        value = max(0.0, _best_strike(turn, a, d, options, w, memo)[0])
    finally:
        turn.ranges[key] = now
    return BRIDGE_DISCOUNT * value - 0.01


@memo(4096)
def _strike(
    me: str, maneuver: str, foe: str, side: ImpactSide | None, area: ImpactArea | None, lean: ImpactLean
) -> ImpactDeclaration:
    """A strike's declaration, built once a run (the resolver only reads declarations)."""
    values = {"fighter": me, "maneuver": maneuver, "target": foe, "side": side, "area": area, "lean": lean}
    return ImpactDeclaration.model_validate(values, context=BUILT)  # Python values: no JSON forms to read


def declare(policy: ImpactPolicy, turn: Turn, me: str, foe: str, memo: Memo) -> ImpactDeclaration:
    """The policy's declaration for ``me`` against ``foe``: the best of the candidates the check accepts."""
    w = POLICIES[policy]
    a, d = turn.fighters[me], turn.fighters[foe]
    options = _options(turn, a, foe, w.lean, memo)
    score, shape, area = _best_strike(turn, a, d, options, w, memo)
    best: ImpactDeclaration | None = None
    if shape is not None:
        kind = turn.pack.category(shape.maneuver.category).type
        best = _strike(
            me, shape.maneuver.id, foe, shape.side, None if kind == ImpactManeuverType.grapple else area, w.lean
        )
    threat = _foe_threat(turn, d, a, memo) if w.defend else 0.0
    for decl in options[1]:
        if decl.action == ImpactAction.bridge:
            if score > 0:
                continue  # a strike worth something is within reach: no bridge
            value = _bridge_value(turn, a, d, decl, options, w, memo)
        else:
            value = w.defend * threat - 0.005
        if best is None or value > score:
            best, score = decl, value
    if best is None:  # nothing the check accepts (no tactic, held): a bridge out, refused or not, ends the search
        return ImpactDeclaration(fighter=me, action=ImpactAction.bridge, target=foe, direction="out")
    return best


def _foe_threat(turn: Turn, d: Fighter, a: Fighter, memo: Memo) -> float:
    """The foe's best expected progress against the fighter this turn (his strikes scored as greedy would)."""
    options = _options(turn, d, a.id, ImpactLean.none, memo)
    return max(0.0, _best_strike(turn, d, a, options, POLICIES[ImpactPolicy.greedy], memo)[0])


def answer(policy: ImpactPolicy, needed: DecisionNeeded) -> str:
    """The answer to a reactive decision: one of its choices (001 L190, L214, L691, L697)."""
    w = POLICIES[policy]
    values = [str(c.value) for c in needed.choices]
    defences = [v for v in values if v not in ("keep", ImpactAction.bridge, "bridge_out")]
    if needed.point == "defend" and w.answer_defend and defences:
        return defences[0]
    if needed.point == "counter_bridge" and w.counter_bridge and ImpactAction.bridge in values:
        return ImpactAction.bridge.value
    return str(needed.default) if needed.default in values else values[0]
