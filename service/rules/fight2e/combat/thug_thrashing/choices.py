"""The choices a Fighter's action offers in a Thug Thrashing turn (000 L6646–L6724, L6750–L6784): nothing, moving
toward or away from a group, a single move on a group in reach (after moving up to 1 Range, or 2 for a Jumping
Basic), and a few ready-made Combos on it (Control and Combo Skill as usual, 000 L6716). Any other legal Combo may be
sent as well; these are offered so that a client can pick one without building it."""

from __future__ import annotations

from ..contract.models import MAX_DECISION_MOVES, ActionType, ChoiceOption, DecisionValue, Direction
from ..elements import super_only
from ..elements.combo import check_combo, control_cost
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, Use
from ..state.turn import Invalid, Turn
from ..turn.b_action_choices import action_choices as fighter_choices
from .group import COMPETENT_VILLAIN, Group
from .mixed import fighter_near, open_near_fighter

MAX_OFFERED = 200


def action_choices(
    ctx: Turn, f: Combatant, groups: list[Group], budget: int, extras: int, extras_only: bool = False
) -> list[ChoiceOption]:
    """``extras_only``: an extra action, which cannot attack a Competent Villain group (000 L6630)."""
    out = [_choice(DecisionValue(action=ActionType.none), "do nothing")]
    out += _stances(f, extras)
    live = [g for g in groups if g.members and (g.side is None or g.side != f.side)]
    targets = [g for g in live if not extras_only or COMPETENT_VILLAIN not in g.traits]  # 000 L6630
    for g in live:
        for n in (1, 2):
            for d in Direction:
                value = DecisionValue(action=ActionType.move, movement=n, direction=d, target=g.id)
                out.append(_choice(value, f"move {n} {d.value}{' from' if d is Direction.away else ''} {g.id}"))
        for n in (0, 1, 2) if g in targets else ():
            for m in f.prof.moves.values():
                if not m.offensive or m.level > budget or (n == 2 and m.kind != "basic"):
                    continue
                if not _reaches([m], max(g.ranges[f.id] - n, 0)) or (m.is_super and f.se < super_only.cost(ctx, f, m)):
                    continue
                out.append(_attack(g, [m], n, m.level))
                if not n:
                    out.append(_attack(g, [m], n, m.level, full_offense=True))
    for g in targets:
        out += _combos(ctx, f, g, budget, MAX_OFFERED - len(out))
    if not extras_only and ctx.opponents(f):  # a Fighter of another side, by the Main Combat System (000 L6646)
        out += [c for c in fighter_choices(ctx, f) if c.value.target in ctx.fighters]
    if extras_only and fighter_near(ctx, f):  # only an attack on a group, Full Defense or nothing (000 L6752)
        out = [c for c in out if open_near_fighter(c.value)]
    return out[:MAX_OFFERED]


def _stances(f: Combatant, extras: int) -> list[ChoiceOption]:
    """Full Defense and Full Agility take the action (000 L6704, L6758); Full Offense with Full Defense needs a Thug
    Thrashing action to pay for it (000 L6784)."""
    if f.full_defense or f.full_agility:
        return []
    out = [
        _choice(DecisionValue(action=ActionType.none, full_defense=True), "Full Defense"),
        _choice(DecisionValue(action=ActionType.none, full_agility=True), "Full Agility"),
    ]
    if extras and not f.full_offense:
        both = DecisionValue(action=ActionType.none, full_defense=True, full_offense=True)
        out.append(_choice(both, "Full Offense with Full Defense (a Thug Thrashing action)"))
    return out


def _reaches(moves: list[MoveProfile], dist: int) -> bool:
    """Every move of it reaches the group from ``dist`` (as the attack checks)."""
    return all(lo <= dist <= hi for lo, hi in (m.range or (0, 2) for m in moves))


def _combos(ctx: Turn, f: Combatant, g: Group, budget: int, room: int) -> list[ChoiceOption]:
    """Each attacking move he can afford opening (a Throw closing) a run of Basic Moves, on foot or after moving 1
    Range toward the group, while his Combo Skill and Control allow it (000 L5773–L5816)."""
    basic = f.move("basic_move")
    if basic is None or f.prof.combo < 2:
        return []
    out: list[ChoiceOption] = []
    mark = len(ctx.violations)
    for m in f.prof.moves.values():
        if not m.offensive or m.is_super or m.withheld(Use.attack):  # a Counter never opens an attack (000 L3121)
            continue
        for n in range(1, min(f.prof.combo, MAX_DECISION_MOVES)):
            moves = [basic] * n + [m] if m.throw else [m] + [basic] * n
            cost = control_cost(moves)
            if cost > budget:
                break
            try:
                check_combo(ctx, f, moves, "combo")
            except Invalid:
                del ctx.violations[mark:]
                break
            step = next((k for k in (0, 1) if _reaches(moves, max(g.ranges[f.id] - k, 0))), None)
            if step is None:
                break
            if len(out) >= room:
                return out
            out.append(_attack(g, moves, step, cost))
    return out


def _attack(g: Group, moves: list[MoveProfile], n: int, cost: int, full_offense: bool = False) -> ChoiceOption:
    value = DecisionValue(
        full_offense=full_offense or None,
        action=ActionType.attack,
        moves=[m.id for m in moves],
        target=g.id,
        movement=n or None,
        direction=Direction.toward if n else None,
    )
    name = moves[0].name if len(moves) == 1 else "Combo: " + " + ".join(m.name for m in moves)
    text = f"{name} on {g.id}" + (f" after moving {n}" if n else "") + (" on Full Offense" if full_offense else "")
    return _choice(value, text, cost)


def _choice(value: DecisionValue, text: str, control: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=0, control=control, text=text, can_hit=None)
