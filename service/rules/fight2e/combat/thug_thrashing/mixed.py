"""Fighters on opposing sides in a Thug Thrashing turn, with Thug groups on either side (000 L6495–L6497, L6646,
L6752, L6782): a Fighter's action on a Fighter of another side is the Main Combat System's (declaration,
movement, attack, defence and the hit's effects); his extra Thug Thrashing actions are for Thugs only, and within
Range 2 of a Fighter opponent they may only attack a Thug group; the Full Defense a Thug Thrashing action buys does
not count against Fighters."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..contract.models import ActionType, DecisionValue
from ..elements.throws import multi_part_throw
from ..elements.vocabulary import Ongoing
from ..state.combatant import Combatant
from ..state.turn import Turn
from ..turn.c_declaration import declare
from ..turn.d_performing import perform
from .group import Group

NEAR = 2  # a Fighter opponent this close limits the extra actions (000 L6752)


def fighter_near(ctx: Turn, f: Combatant) -> bool:
    return any(ctx.distance(f, o) <= NEAR for o in ctx.opponents(f))


def check_extra_action(ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue) -> None:
    """An extra action. Ruling: it never acts on a Fighter, the skill's benefit being against Thugs (000 L6750);
    with a Fighter opponent within Range 2 it may only attack a Thug group, with no movement (000 L6752), or go Full
    Defense (ruling: the specific rule, 000 L6758, L6782, keeps that open), or be left unused."""
    if v.target in ctx.fighters:
        ctx.fail("DECISION_INVALID", f"{key}.target", f"{key}: an extra Thug Thrashing action is for Thugs.", key=key)
    if fighter_near(ctx, f) and not open_near_fighter(v):
        ctx.fail(
            "DECISION_INVALID",
            key,
            f"{key}: with a Fighter opponent within Range 2 an extra action only attacks a Thug group (000 L6752).",
            key=key,
        )


def open_near_fighter(v: DecisionValue) -> bool:
    """An extra action open with a Fighter opponent within Range 2: an attack on a Thug group without movement
    (000 L6752), Full Defense (000 L6758, L6782) or nothing (ruling: leaving the action unused is always open)."""
    idle = v.action in (ActionType.none, None) and not (v.full_agility or v.full_offense or v.movement)
    attack = v.action is ActionType.attack and not v.movement and v.stunt_sequence is None
    return idle or attack


@contextmanager
def _plain_defences(ctx: Turn, f: Combatant) -> Iterator[None]:
    """A Fighter's Full Defense bought with a Thug Thrashing action does not count against a Fighter; only one who
    has made no attack is on Full Defense against Fighters (000 L6782; ruling: his attacks so far this turn)."""
    off = [o for o in ctx.opponents(f) if o.full_defense and (o.attacked_thugs or o.hit_someone)]
    for o in off:
        o.full_defense = False
    try:
        yield
    finally:
        for o in off:
            o.full_defense = True


CHAIN_RULE = "000 L3765–L3778"  # the lock a Multi-Part Throw keeps until it ends
CHAIN_GAP = "thug_throw_chains"  # declared in data/coverage/declarations.yaml


def drop_carried_chain(ctx: Turn) -> None:
    """A Multi-Part Throw in progress cannot go on in a turn with Thug groups: neither Thug turn plays its lock yet
    (the victim kept from acting, the thrower's next action bound to the next Throw, the endings, both out of
    reach), so the lock is let go and named, never half played (000 L3765–L3778)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        for j, e in enumerate(f.ongoing):
            if e.id == Ongoing.multi_part_throw:
                ctx.unsupported_rule(
                    CHAIN_GAP,
                    f"fighters[{f.index}].state.ongoing_effects[{j}]",
                    f"{fid}'s Multi-Part Throw on {e.target} cannot go on in a turn with Thug groups yet "
                    f"({CHAIN_RULE}): the lock is let go",
                )
        f.ongoing = [e for e in f.ongoing if e.id != Ongoing.multi_part_throw]


def name_throw_chain(ctx: Turn, f: Combatant, key: str, v: DecisionValue) -> None:
    """An Opening Throw with a follow-up on his sheet would open a Multi-Part Throw (000 L3759, L3765) whose lock a
    turn with Thug groups does not play yet: named, and the Throw is an ordinary one (``multi_part_throw.links_on``
    opens no chain here)."""
    for mid in v.moves or []:
        m = f.move(mid)
        if m is not None and multi_part_throw.opens_chain(f, m):
            ctx.unsupported_rule(
                CHAIN_GAP,
                f"decisions.{key}.moves",
                f"{m.name} would open a Multi-Part Throw, which a turn with Thug groups does not play yet "
                f"({CHAIN_RULE}): it is an ordinary Throw",
            )


def versus_fighter(ctx: Turn, f: Combatant, key: str, v: DecisionValue) -> None:
    """His action on a Fighter of another side, as in the Main Combat System (000 L6646)."""
    target = ctx.fighters[v.target or ""]
    if target.side == f.side or not target.active:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {target.id} is not an opponent in the fight.", key=key)
    name_throw_chain(ctx, f, key, v)
    plan = declare(ctx, f, v, key)
    with _plain_defences(ctx, f):
        perform(ctx, f, plan)
