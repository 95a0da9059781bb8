"""The Flourish (000 L7187–L7189): a free exchange when opponents tie on Initiative within Range 0–2 (000 L7100), or
an invitation bought as an action, which raises the inviter's next Initiative die whether or not it is taken up."""

from __future__ import annotations

import itertools

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ...dramatic.flourish import flourish
from ...dramatic.initiative import flourish_on_tie
from ..contract.models import Choice, DecisionValue, DramaticOption
from ..elements import summon
from ..state.turn import Turn
from . import kept_states
from .base import D10, Dram, hurt, knock_back, pay


def tied_flourishes(ctx: Turn, order: list[Dram]) -> None:
    """Opponents tied within Range 0–2 trade a free Flourish in place of their turns (000 L7100, L7189)."""
    for a, b in itertools.pairwise(order):
        if a.acted or b.acted or a.f.side == b.f.side or a.spirit != b.spirit:  # apart planes (000 L7303)
            continue
        if kept_states.locked(ctx, a.f, b.f) or kept_states.locked(ctx, b.f, a.f):
            continue  # ruling: one locked with a third is out of his reach (000 L3769, L4393)
        if flourish_on_tie(a.f.init, b.f.init, ctx.distance(a.f, b.f)):
            ctx.note(
                "A.4",
                None,
                f"{a.f.id} and {b.f.id} tie on {a.f.init} within Range 0–2: a Flourish replaces their turns.",
                "000 L7100",
            )
            a.acted = b.acted = True
            exchange(ctx, a, b)


def invite(ctx: Turn, d: Dram, t: Dram, key: str) -> None:
    """A point for the invitation and a die size on his next Initiative, taken up or not; if taken up, the Flourish
    comes at once (000 L7189). Our reading: the invited fighter keeps his own action. Ruling: one locked in another's
    Sustained Hold or Multi-Part Throw cannot be invited, its exchange of blows being an attack that does not reach him
    and an action he cannot take (000 L3769, L4393–L4395)."""
    if kept_states.locked(ctx, d.f, t.f):
        why = f"{key}: {t.f.id} is locked in a Sustained Hold or a Multi-Part Throw: no Flourish reaches him."
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", why, key=key)
    o = tables().option("flourish")
    pay(ctx, d, DramaticOption.flourish, costs.ap_cost(o), key)
    d.next_steps += o.die_steps or 0
    ctx.note("C", d.f.id, f"{d.f.id} invites {t.f.id} to a Flourish: a larger Initiative die next turn.", o.ref)
    _, v = ctx.decide(
        t.f.id,
        "accept_flourish",
        "C",
        f"{d.f.id} invites {t.f.id} to a Flourish (plain d10s, no defence): take it up?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is Choice.act:
        exchange(ctx, d, t)
    else:
        ctx.note("C", t.f.id, f"{t.f.id} declines the Flourish.", o.ref)


def allies_idle(ctx: Turn, *ds: Dram) -> None:
    """Ruling: a summoned Ally takes no part in a Flourish, a trade of one plain d10 between the two (000 L7189) with
    no Basic Move of its summoner's for its own to go with (000 L4203)."""
    for d in ds:
        if summon.allies(d.f):
            ctx.note("C", d.f.id, f"{d.f.id}'s Ally takes no part in the Flourish.", "000 L7189, L4203")


def exchange(ctx: Turn, a: Dram, b: Dram) -> None:
    allies_idle(ctx, a, b)
    ra = ctx.roll(a.f.id, "flourish", D10, "Flourish", "C")
    rb = ctx.roll(b.f.id, "flourish", D10, "Flourish", "C")
    r = flourish(ra, rb)
    if r.winner is None:
        ctx.note("C", None, f"Flourish: {ra} against {rb}, a tie: nothing happens.", "000 L7189")
        return
    win, lose = (a, b) if r.winner == 0 else (b, a)
    dmg = ctx.roll(win.f.id, "flourish_damage", D10, "Flourish damage", "C")
    ctx.note(
        "C",
        win.f.id,
        f"Flourish: {a.f.id} {ra}, {b.f.id} {rb}. {win.f.id} deals {dmg} with no defence possible.",
        "000 L7189",
        inputs={a.f.id: ra, b.f.id: rb},
    )
    # ruling C12: Flourish damage is Life Bar loss (Super Energy) but not an attack nor a hit
    hurt(ctx, win, lose, dmg, hit=False)
    knock_back(ctx, lose, r.knock_back, win)
