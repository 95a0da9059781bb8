"""Glory earned in the turn (000 L5749–L5769, L776–L857)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .state import Ctx, F

if TYPE_CHECKING:
    from .attack import Attack


def hit_glory(ctx: Ctx, atk: Attack, partial: bool) -> None:
    """A Special Move's level the first time it hits this round (ruling A30); a Combo ⌈moves/2⌉ plus its
    Special Moves hitting for the first time; Combos on successive turns; −1 for a Breakthrough partial hit."""
    a = atk.attacker
    new = [m for m in atk.moves if m.kind != "basic" and m.offensive and m.id not in a.scored]
    for m in new:
        a.scored.append(m.id)
    if atk.is_combo:
        base = math.ceil(len(atk.moves) / 2)
        specials = sum(m.glory for m in new)
        ctx.award(a.id, base + specials - (1 if partial else 0),
                  f"{len(atk.moves)}-hit Combo" + (f" with {', '.join(m.name for m in new)} first hitting this round"
                                                    if new else ""), "000 L5749–L5755")
        if a.combo_streak >= 1 and not a.was_hit:
            ctx.award(a.id, a.combo_streak, f"Combos on {a.combo_streak + 1} successive turns", "000 L5753, L800")
        if a.responded_ok:
            ctx.award(a.id, 1, "hit with a Combo after a successful Defensive Response", "000 L838", extra=True)
        a.combo_hit_this_turn = True
        return
    m = atk.moves[0]
    if new:
        ctx.award(a.id, m.glory - (1 if partial else 0), f"{m.name} first hitting this round", "000 L5749")
    elif m.id == "pursuit_attack":
        ctx.award(a.id, 1, "Pursuit Attack", "000 L2163")


def defeat_glory(ctx: Ctx, a: F, d: F, atk: Attack | None) -> None:
    """Additional Glory Awards for a defeat (000 L826–L857)."""
    ctx.award(a.id, 1, f"defeated {d.id}", "000 L829", extra=True)
    if d.stunned:
        ctx.award(a.id, 1, f"defeated {d.id} while Stunned", "000 L840", extra=True)
    if atk is not None and atk.has_super:
        ctx.award(a.id, 2, f"defeated {d.id} with a Super Move", "000 L841", extra=True)
    if ctx.opts.time_limit and ctx.opts.time_start:
        share = ctx.time_count / ctx.opts.time_start  # the time left when he falls (000 L844–L846, L6055)
        points = 3 if share >= 0.9 else 2 if share >= 0.8 else 1 if share >= 0.7 else 0
        if points:
            ctx.award(a.id, points, f"defeated {d.id} with {math.floor(share * 100)}% of the time left",
                      "000 L844–L846", extra=True)
    if a.life >= a.prof.life_max:  # ruling: a full Life Bar this round (Life Bars refill between rounds)
        ctx.award(a.id, 5, f"defeated {d.id} without losing any Life Bar", "000 L849", extra=True)
    ctx.award(d.id, -3, "defeated in combat", "000 L851", extra=True)
