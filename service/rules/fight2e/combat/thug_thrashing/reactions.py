"""A Fighter's Reaction Attack on a Thug group that closes in (000 L6702, L6006–L6033): a group that moves without
attacking into Range 0 or 1 of a Fighter of the other side who has not acted yet may be struck by him, for 1 FS,
with what the main turn's C.4 allows him (``turn.c_reactions``: who may still react, with which moves), the attack
resolved as any of his attacks on a group (``fighter_on_thugs``), his Ally's Basic Moves joining a Basic one
(000 L4203). Rulings: the group's movement stands, hit or miss (it is already there, as a Fighter's movement in the
main turn); the Reaction Attack is his action at his whole Control, his Thug Thrashing actions still come at his
Initiative at half of it (000 L6013, L6750–L6754); two or more Fighters who react roll special Initiative for who
goes first, as in the main turn (``c_reactions.rival_order``), each then against the whole group (000 L6019,
L6664); at Saga Scale a Special Move as one ends his Thug Thrashing for the turn and multiplies its Glory, as at his
Initiative (000 L6820)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..contract.model_types import ReactionKind, Subsystem
from ..contract.models import ActionType, Choice, ChoiceOption, DecisionValue
from ..elements.hazards.hazard_elements import sidestep_only
from ..elements.interrupts import triggered
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait, Use
from ..state.turn import Turn
from ..turn.c_reactions import Wish, can_react, chosen, reaction_moves, rival_order
from . import fighter_on_thugs, move_elements
from .group import Group, choice, foes, opposes

SUPER_REACTION_ACCURACY = 1  # 000 L6031
Saga = Callable[[Combatant], int]  # a Special Move's Glory factor at Saga Scale: his Thug Thrashing + 1 (000 L6820)


def closing_in(ctx: Turn, g: Group, before: Mapping[str, int], moved: int, *, groups: list[Group], saga: Saga) -> None:
    """After the group's movement without an attack: each Fighter it came into Range 0 or 1 of (his Range to it
    shorter than ``before`` and now 1 or less; on a map every Fighter's Range may change) is asked whether he
    reacts; those who do strike in the order ``rival_order`` gives. None in a Dramatic turn with Thugs (ruling C21:
    no Control roll, 000 L7084)."""
    if ctx.opts.subsystem is not Subsystem.thug_thrashing:
        return
    jumped = moved >= 2  # 2 or 3 Ranges toward him without attacking: a jump in (000 L6025)
    wishes: list[Wish] = []
    for f in sorted(foes(ctx, g), key=lambda f: ctx.order.index(f.id) if f.id in ctx.order else len(ctx.order)):
        after = g.ranges[f.id]
        if g.members and after <= 1 and after < before.get(f.id, after):
            wish = _offer(ctx, f, g, after, jumped)
            if wish is not None:
                wishes.append(wish)
    # two or more who wish to strike roll for who goes first, each then on the whole group (000 L6019, L6664)
    for f, key, kind, m in rival_order(ctx, wishes, g.id):
        if not g.members:  # ruling: nothing is left to strike, he keeps his action and FS (000 L6019)
            ctx.note("C.4", f.id, f"{g.id} has no Thugs left: {f.id} keeps his action and FS.", "000 L6019")
            continue
        _strike(ctx, f, g, key, kind, m, groups, saga)


def _open(f: Combatant) -> bool:
    """He still has his action to give: the main turn's test, and nothing in this turn took his first action yet
    (a group's hold or Entangle, Full Defense or Full Agility taken when attacked, a Slow Startup move going off)
    and he has Control for it."""
    if not can_react(f) or f.thug_hold or f.entangle_lost or f.full_defense or f.full_agility:
        return False
    if move_elements.waiting(f):
        return False  # his first action sets off his readied Slow Startup move (000 L4846–L4848)
    return f.active and f.control > 0


def options(ctx: Turn, f: Combatant, g: Group, dist: int, jumped: bool) -> list[tuple[str, MoveProfile]]:
    """The main turn's Reaction Attacks at this Range, less a move that cannot attack a group at all (a Counter or
    Sidestep, refused as an attack, 000 L3121, L3579)."""
    found = reaction_moves(ctx, f, g, dist, jumped)
    return [(k, m) for k, m in found if not m.withheld(Use.attack) and not sidestep_only(m)]


def _offer(ctx: Turn, f: Combatant, g: Group, dist: int, jumped: bool) -> Wish | None:
    """Whether he wishes to react, asked of each before anyone strikes (000 L6019)."""
    if not _open(f):
        return None
    found = options(ctx, f, g, dist, jumped)
    if not found:
        return None
    listed = [choice(DecisionValue(choice=Choice.pass_), "let it come")] + [_choice(k, m, g) for k, m in found]
    key, dv = ctx.decide(
        f.id,
        "reaction",
        "C.4",
        f"{f.id} may spend 1 FS on a Reaction Attack against {g.id} (it moved in to Range {dist} without attacking): "
        + ", ".join(f"{k} with {m.name}" for k, m in found)
        + ".",
        DecisionValue(choice=Choice.pass_),
        listed,
    )
    picked = chosen(ctx, f, key, dv, found)
    return None if picked is None else (f, key, *picked)


def _strike(
    ctx: Turn, f: Combatant, g: Group, key: str, kind: str, m: MoveProfile, groups: list[Group], saga: Saga
) -> None:
    f.fs -= 1  # 000 L6014
    if m.trait(MoveTrait.triggered):
        triggered.spend(ctx, f, m)  # the armed trap goes off as the Reaction Attack (000 L4406)
    # ruling: it takes his first action only, his Thug Thrashing actions remain (000 L6013, L6750); the group's
    # movement stands, hit or miss (000 L6021: it has arrived)
    f.reaction_used = True
    ctx.note(
        "C.4",
        f.id,
        f"{f.id} spends 1 FS on a {kind} Reaction Attack with {m.name} against {g.id}: it takes his action.",
        "000 L6012–L6016, L6702",
        {"kind": kind, "move": m.id},
        {"fs": f.fs},
    )
    v = DecisionValue(action=ActionType.attack, moves=[m.id], target=g.id)
    bonus = SUPER_REACTION_ACCURACY if kind == ReactionKind.super else 0
    rivals = [x for x in groups if opposes(x, f)] or [g]  # an Area Effect's other groups, his Ally's (000 L4205)
    factor = 1
    if ctx.opts.thug_thrashing.saga_scale != 1 and m.kind != "basic":
        # a Special Move at Saga Scale: his Glory for it times Thug Thrashing + 1, and no Thug Thrashing actions
        # this turn (000 L6820), as when he takes it at his Initiative
        factor, f.saga_reaction = saga(f), True
    fighter_on_thugs.attack(ctx, f, g, f.control, key, v, factor, rivals, bonus=bonus)


def _choice(kind: str, m: MoveProfile, g: Group) -> ChoiceOption:
    value = DecisionValue(choice=Choice.act, moves=[m.id], reaction=ReactionKind(kind))
    return choice(value, f"{kind} Reaction Attack with {m.name} on {g.id} (1 FS)", 1)
