"""The free Flourish between a Fighter and a Thug group tied on Initiative within Range 0–2 (000 L7100, L7187–L7189;
ruling C22 lets groups take part). Both turns are spent on it: each side rolls a plain d10 and the higher wins.

Ours, where the text speaks only of two characters: the group's whole turn is spent (none of its Thugs attacks) and
so are the Fighter's extra actions. A group that wins deals a plain d10 (no Stamina) to the Fighter, Life Bar loss
that counts for Stun and Super Energy but is no hit (ruling C12), and knocks him back 1 Range from it. A Fighter
who wins makes one Thug save against the plain d10, three sizes above 1d4 and no Strength (000 L6570), and knocks
the group back 1 Range, as Increased Knockback does (000 L6716)."""

from __future__ import annotations

from ....dice import Die
from ...dramatic import costs
from ...dramatic.catalogue import tables
from ...dramatic.flourish import flourish
from ...dramatic.initiative import flourish_on_tie
from ...thugs import life_save
from ..contract.models import Choice, DecisionValue, DramaticOption
from ..state.turn import Turn
from ..thug_thrashing import attacks as thug_attacks
from ..thug_thrashing import group as thug_group
from ..thug_thrashing.group import Group
from .base import Dram, pay
from .flourish import allies_idle

D10 = Die(5)
PLAIN_DIE = "1d10"  # the Flourish's damage die, with nothing added (000 L7189)


def tied(ctx: Turn, ds: dict[str, Dram], groups: list[Group]) -> set[str]:
    """Pair each Fighter with the first group tied with him within Range 0–2, each in one Flourish at most (ruling
    C12: in the order of the request); returns everyone whose turn it took."""
    spent: set[str] = set()
    for fid in ctx.order:
        d = ds[fid]
        if not d.f.active or d.acted:  # his action already spent letting go of a hold (000 L4391)
            continue
        for g in groups:
            if not (g.members and g.id not in spent and thug_group.opposes(g, d.f)):
                continue
            if flourish_on_tie(d.f.init, g.init, g.ranges[fid]):
                ctx.note(
                    "A.4",
                    None,
                    f"{fid} and {g.id} tie on {g.init} within Range 0–2: a Flourish replaces their turns.",
                    "000 L7100",
                )
                spent |= {fid, g.id}
                d.acted = d.f.acted = True
                exchange(ctx, d, g)
                break
    return spent


def invite(ctx: Turn, d: Dram, g: Group, key: str) -> None:
    """His action spent inviting a group to a Flourish: a point, and a die size on his next Initiative taken up or
    not; if the Director takes it up, it comes at once (000 L7189). Ours, as between Fighters: the group keeps its
    own turn."""
    o = tables().option(DramaticOption.flourish.value)
    pay(ctx, d, DramaticOption.flourish, costs.ap_cost(o), key)
    d.next_steps += o.die_steps or 0
    ctx.note("C", d.f.id, f"{d.f.id} invites {g.id} to a Flourish: a larger Initiative die next turn.", o.ref)
    _, v = ctx.decide(
        g.id,
        "accept_flourish",
        "C",
        f"{d.f.id} invites {g.id} to a Flourish (plain d10s, no defence): does the group take it up?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is Choice.act:
        exchange(ctx, d, g)
    else:
        ctx.note("C", g.id, f"{g.id} declines the Flourish.", o.ref)


def exchange(ctx: Turn, d: Dram, g: Group) -> None:
    allies_idle(ctx, d)  # his Ally takes no part in it (ruling, 000 L7189, L4203)
    f = d.f
    mine = ctx.roll(f.id, "flourish", D10, "Flourish", "C")
    theirs = ctx.roll(g.id, "flourish", D10, "Flourish", "C")
    r = flourish(mine, theirs)
    if r.winner is None:
        ctx.note("C", None, f"Flourish: {mine} against {theirs}, a tie: nothing happens.", "000 L7189")
        return
    before = g.ranges[f.id]
    if r.winner == 1:
        dmg = ctx.roll(g.id, "flourish_damage", D10, "Flourish damage", "C")
        ctx.note("C", g.id, f"Flourish: {f.id} {mine}, {g.id} {theirs}: {g.id} deals {dmg}.", "000 L7189")
        thug_attacks.hurt(ctx, f, g, dmg, f"{g.id}'s Flourish")
        d.took_damage = True
        thug_group.fighter_range(ctx, g, f, life_save.pushed_range(before, r.knock_back))  # his band on a map
        ctx.note("E.4", f.id, f"{f.id} is knocked back: Range to {g.id} {before} → {g.ranges[f.id]}.", "000 L7189")
        return
    ls = life_save.single_move_life_save(
        life_save.base_life_save(g.life_save, g.now.life_save_multiplier), 0, PLAIN_DIE, robust="robust" in g.traits
    )
    ctx.note("C", f.id, f"Flourish: {f.id} {mine}, {g.id} {theirs}: {f.id} wins.", "000 L7189")
    face = ctx.roll(g.id, "life_save", D10, "Life Save (Flourish)", "E.2") if life_save.needs_roll(ls) else None
    out = life_save.roll_save(ls, face).outcome is life_save.SaveOutcome.out
    if out:
        g.members -= 1
    d.did_damage = True
    ctx.note(
        "E.2",
        g.id,
        f"Life Save against {ls}: {face if face is not None else 'no roll'}"
        + (f" → out: {g.members} left." if out else " → he stays."),
        "000 L6568–L6570, L7189",
        inputs={"life_save": ls, "face": face},
    )
    if g.members:
        g.ranges[f.id] = life_save.pushed_range(before, r.knock_back)
        ctx.note("E.4", g.id, f"{g.id} is pushed back: Range {before} → {g.ranges[f.id]}.", "000 L7189, L6716")
