"""Glory earned in the turn (000 L5749–L5769, L776–L857)."""

from __future__ import annotations

import math

from ....dice import Die
from ...catalogue.table_records import GloryRule, GloryRules
from ..protocol.names import Point
from ..registry import features
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.entry_tables import FlagTable, flags_of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn

GLORY_RULES: FlagTable[GloryRule] = flags_of_records("glory", GloryRules, lambda r: frozenset(r.rules))


def glory_rule(m: MoveProfile, rule: GloryRule) -> bool:
    return rule in GLORY_RULES.grants(m.entries)


def hit_glory(ctx: Turn, atk: Attack, partial: bool) -> list[str]:
    """A Special Move's level the first time it hits this round (ruling A30); a Combo ⌈moves/2⌉ plus its
    Special Moves hitting for the first time; Combos on successive turns; −1 for a Breakthrough partial hit.
    Returns the moves that earned their own Glory."""
    a = atk.attacker
    # A Cheap move never earns its own Glory: nothing on its first use, a cost on later ones (000 L4533).
    new = [
        m
        for m in atk.moves
        if m.kind != "basic" and m.offensive and m.id not in a.scored and not glory_rule(m, GloryRule.earns_none)
    ]
    for m in new:
        a.scored.append(m.id)
    if atk.is_combo:
        base = math.ceil(len(atk.moves) / 2)
        specials = sum(m.glory for m in new)
        ctx.award(
            a.id,
            base + specials - (1 if partial else 0),
            f"{len(atk.moves)}-hit Combo"
            + (f" with {', '.join(m.name for m in new)} first hitting this round" if new else ""),
            "000 L5749–L5755",
        )
        if a.combo_streak >= 1 and not a.was_hit:
            ctx.award(a.id, a.combo_streak, f"Combos on {a.combo_streak + 1} successive turns", "000 L5753, L800")
        if a.responded_ok:
            ctx.award(a.id, 1, "hit with a Combo after a successful Defensive Response", "000 L838", extra=True)
        a.combo_hit_this_turn = True
        return [m.id for m in new if m.glory > 0]
    m = atk.moves[0]
    if new:
        ctx.award(a.id, m.glory - (1 if partial else 0), f"{m.name} first hitting this round", "000 L5749")
    elif m.id == "pursuit_attack":
        ctx.award(a.id, 1, "Pursuit Attack", "000 L2163")
    return [m.id for m in new if m.glory - (1 if partial else 0) > 0]


def defeat_glory(ctx: Turn, a: Combatant, d: Combatant, atk: Attack | None) -> None:
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
            ctx.award(
                a.id,
                points,
                f"defeated {d.id} with {math.floor(share * 100)}% of the time left",
                "000 L844–L846",
                extra=True,
            )
    if not a.long_combo:
        # ruling: judged at the defeat, on every attack he has made this round so far (000 L847)
        ctx.award(a.id, 3, f"defeated {d.id} using only single hits and 2-hit Combos", "000 L847", extra=True)
    if a.life >= a.prof.life_max:  # ruling: a full Life Bar this round (Life Bars refill between rounds)
        ctx.award(a.id, 5, f"defeated {d.id} without losing any Life Bar", "000 L849", extra=True)
    ctx.award(d.id, -3, "defeated in combat", "000 L851", extra=True)


def cheap_use(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """Cheap: the first use of the move this round earns nothing; every later use costs 1d4 Glory, hit or miss
    (000 L4531–L4535). Called once per use of a move or Combo (with the Super Energy payment, or a Utility)."""
    for m in {x.id: x for x in moves if glory_rule(x, GloryRule.reuse_costs)}.values():
        if m.id not in f.cheap_used:
            # ruling: "the same combat" is the round, as for first-hit Glory (ruling A30; 000 L4533)
            f.cheap_used.append(m.id)
            ctx.note(
                "D.1",
                f.id,
                f"{m.name} is Cheap: its first use this round earns no Glory.",
                "000 L4533",
                {"move": m.id},
                {"cheap_moves_used": len(f.cheap_used)},
            )
            continue
        r = ctx.roll(f.id, Point.cheap, Die(2), f"Glory lost for using the Cheap {m.name} again", "D.1")
        ctx.award(f.id, -r, f"used the Cheap move {m.name} again", "000 L4533")


@features.ROUND_END_GLORY
def round_end_glory(ctx: Turn) -> None:
    """When the round ends: 1 Glory for each opponent beyond the first that a fighter alone on his side has
    defeated (000 L848)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if any(o.side == f.side and o is not f for o in ctx.fighters.values()):
            continue  # ruling: "single-handedly" is a fighter with no teammate in the fight (000 L848)
        beaten = [o.id for o in ctx.fighters.values() if o.side != f.side and o.defeated]
        if len(beaten) >= 2:
            ctx.award(
                f.id,
                len(beaten) - 1,
                f"defeated {len(beaten)} opponents single-handedly ({', '.join(beaten)})",
                "000 L848",
                extra=True,
            )
