"""The actions a fighter may declare when his place in the order comes, listed as choices (B–D, 000 L5591–L5644)."""

from __future__ import annotations

from . import (
    knockdown_chain,
    super_only,
    tag_team,
    transformations,
)
from .accuracy import range_ok
from .combo import check_combo, control_cost
from .declared_movement import move_only_fs
from .fighter import F
from .models import MAX_CHOICES, MAX_DECISION_MOVES, ActionType, ChoiceOption, DecisionValue, Direction
from .move_profile import MoveProfile
from .state import Ctx, Invalid

# The values every list of choices repeats, built once (the model is frozen, so they are shared).
_MOVE_ONLY = {n: DecisionValue(action=ActionType.move, movement=n) for n in (1, 2, 3)}
_BARE = {kind: DecisionValue(action=kind) for kind in ActionType}


def action_choices(ctx: Ctx, f: F, simultaneous: bool = False) -> list[ChoiceOption]:
    """The single-move actions he can afford, each a complete value; an attack names its target when there is more
    than one opponent and says whether it reaches at the distance as it stands (``can_hit``)."""

    out = [
        ChoiceOption.model_construct(
            value=_MOVE_ONLY[n],
            fs=move_only_fs(f, n),
            control=0,
            text=f"move {n} Range{'s' if n > 1 else ''}" + (" (+1 to every Defense Total this turn)" if n == 1 else ""),
        )
        for n in (1, 2, 3)
    ]
    foes = ctx.opponents(f)
    for m in f.prof.moves.values():
        if m.level <= f.control and (m.offensive or m.utility) and not m.has("counter"):
            kind = ActionType.attack if m.offensive else ActionType.utility
            if kind is ActionType.utility or not foes:
                out.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(action=kind, moves=[m.id]),
                        fs=0,
                        control=m.level,
                        text=f"{kind.value}: {m.name} (L{m.level})",
                    )
                )
                continue
            if m.is_super and f.se < super_only.cost(ctx, f, m):
                continue  # not enough Super Energy (000 L5281)
            for o in foes:
                if not knockdown_chain.may_strike(ctx, m, o):
                    continue
                reach = range_ok(m, ctx.distance(f, o))
                out.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(action=kind, moves=[m.id], target=o.id if len(foes) > 1 else None),
                        fs=0,
                        control=m.level,
                        can_hit=reach,
                        text=f"{kind.value}: {m.name} (L{m.level})"
                        + (f" at {o.id}" if len(foes) > 1 else "")
                        + ("" if reach else " (out of reach from here)"),
                    )
                )
                if not reach:
                    out += _closing_in(ctx, f, [m], o, len(foes) > 1)
    if simultaneous:  # the exchange's choices are those of an ordinary action (no Combos, 000 L5517)
        return out + [
            ChoiceOption.model_construct(value=_BARE[kind], fs=0, control=0, text=kind.value)
            for kind in (ActionType.refocus, ActionType.power_up, ActionType.await_opening)
        ]
    tail = [
        ChoiceOption.model_construct(value=_BARE[kind], fs=0, control=0, text=text)
        for kind, text in (
            (ActionType.refocus, "Refocus (1d4 + half Power Level FS)"),
            (ActionType.power_up, "Power Up (+1d6 Super Energy)"),
            (ActionType.await_opening, "Await Opening"),
            (ActionType.none, "do nothing" + (" (+2 Control steps next turn)" if idle_bonus(f) else "")),
        )
    ]
    tail += transformations.choices(ctx, f) + tag_team.choices(ctx, f)
    if foes:
        out += _combo_choices(ctx, f, foes, room=MAX_CHOICES - len(out) - len(tail))
    return out + tail


def _closing_in(ctx: Ctx, f: F, moves: list[MoveProfile], o: F, name: bool) -> list[ChoiceOption]:
    """The same attack after the fewest Ranges of movement toward ``o`` that bring it in reach (Range mode; none
    for a move with No Movement)."""

    if ctx.band_mode or any(m.has("no_movement") for m in moves):
        return []
    dist = ctx.distance(f, o)
    for n in (1, 2, 3):
        if n <= dist and range_ok(moves[0], dist - n):
            return [
                ChoiceOption.model_construct(
                    value=DecisionValue(
                        action=ActionType.attack,
                        moves=[m.id for m in moves],
                        movement=n,
                        direction=Direction.toward,
                        target=o.id if name else None,
                    ),
                    fs=move_only_fs(f, n),
                    control=control_cost(moves),
                    can_hit=True,
                    text=f"move {n} toward {o.id}, then " + " + ".join(m.name for m in moves),
                )
            ]
    return []


def _combo_choices(ctx: Ctx, f: F, foes: list[F], room: int) -> list[ChoiceOption]:
    """A few ready-made Combos: each attacking move he can afford opening (or, for a Throw, closing) a run of Basic
    Moves, as long as his Combo Skill and Control allow it and the Combo is legal. Any other legal Combo may be sent
    as well; these are offered so that a client can pick one without building it, so they fill only the ``room``
    the answer's bound on choices leaves after the single actions (a high Combo Skill would list hundreds)."""

    basic = f.move("basic_move")
    if basic is None or f.prof.combo < 2:
        return []
    out: list[ChoiceOption] = []
    mark = len(ctx.violations)
    for m in f.prof.moves.values():
        if not m.offensive or m.is_super or m.has("counter"):
            continue
        for n in range(1, min(f.prof.combo, MAX_DECISION_MOVES)):  # no longer than a decision can name
            if len(out) + 2 > room:  # this Combo and the move closing in to it might not fit
                return out
            moves = [basic] * n + [m] if m.throw else [m] + [basic] * n
            cost = control_cost(moves)
            if cost > f.control:
                break
            try:
                check_combo(ctx, f, moves, "combo")
            except Invalid:
                del ctx.violations[mark:]
                break
            o = foes[0]
            if not knockdown_chain.may_strike(ctx, moves[0], o):
                break
            reach = range_ok(moves[0], ctx.distance(f, o))
            out.append(
                ChoiceOption.model_construct(
                    value=DecisionValue(action=ActionType.attack, moves=[x.id for x in moves]),
                    fs=0,
                    control=cost,
                    can_hit=reach,
                    text="Combo: " + " + ".join(x.name for x in moves),
                )
            )
            if not reach:
                out += _closing_in(ctx, f, moves, o, len(foes) > 1)
    return out


def idle_bonus(f: F) -> bool:
    """Hit-Stunned with Control left when his action comes: doing nothing earns the Control bonus (000 L5942)."""
    return f.hit_stun and f.control > 0
