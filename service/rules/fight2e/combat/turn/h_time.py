"""Step H: the Time Roll, the end of the round and the winner, and what carries into the next turn
(000 L5445–L5448, L6051–L6065, L5380)."""

from __future__ import annotations

from ....dice import Die
from ..contract.model_types import DieShiftSource
from ..contract.models import NO_AMOUNT
from ..registry.features import TIME_FS_CHECKED
from ..state.turn import Turn
from .a_initiative import declaration_order


def time_roll(ctx: Turn, die: Die | None = None) -> None:
    """H.2: 1d6 (1d8 with more than two active fighters, or ``die``), each fighter ± up to PL FS, at least 1."""
    if not ctx.opts.time_limit:
        ctx.note("H.2", None, "Untimed fight: no Time Roll.", "000 L5362–L5368")
        return
    spends: dict[str, int] = {}
    for f in declaration_order(ctx):
        key, d = ctx.decide(
            f.id,
            "time_fs",
            "H.2",
            f"{f.id}: Fighting Spirit to lengthen (+) or shorten (−) the Time Roll, up to {f.pl}.",
            NO_AMOUNT,
        )
        n = d.amount or 0
        TIME_FS_CHECKED.fn(ctx, f, n, key)
        if abs(n) > f.pl:
            ctx.fail(
                "FS_TIME_ROLL_EXCEEDS_POWER_LEVEL",
                f"decisions.{key}",
                f"{key}: {abs(n)} FS is more than Power Level {f.pl}.",
                key=key,
            )
        if abs(n) > f.fs:
            ctx.fail("FS_INSUFFICIENT", f"decisions.{key}", f"{key}: {f.id} has only {f.fs} FS.", key=key)
        f.fs -= abs(n)
        if n:
            spends[f.id] = n
    active = sum(1 for f in ctx.fighters.values() if f.active)
    die = die or Die(4 if active > 2 else 3)
    roll = ctx.roll("fight", "time", die, "Time Roll", "H.2")  # key T{turn}.fight.time
    result = max(roll + sum(spends.values()), 1)
    before = ctx.time_count
    ctx.time_count -= result
    ctx.note(
        "H.2",
        None,
        f"Time Roll {die}: {roll}"
        + (f" {sum(spends.values()):+d} from FS" if spends else "")
        + f" → {result}. Time Count {before} → {ctx.time_count}.",
        "000 L6055–L6061",
        {"roll": roll, "die": str(die), **{f"fs_{k}": v for k, v in spends.items()}},
        {"time_count": ctx.time_count},
    )


def winner(ctx: Turn) -> tuple[bool, str | None, str]:
    """Round over? The winner: the last side standing, or on time-out the highest share of Life Bar left
    (000 L5380, L6055)."""
    if ctx.thug_state is not None:
        return _thug_winner(ctx)
    sides = ctx.sides_left()
    if len(sides) <= 1:
        return True, (next(iter(sides)) if sides else None), "only one side is left standing"
    if ctx.opts.time_limit and ctx.time_count <= 0:
        best: dict[str, float] = {}
        for f in ctx.fighters.values():
            share = f.life / f.prof.life_max if f.prof.life_max else 0.0
            best[f.side] = max(best.get(f.side, 0.0), share if f.active else 0.0)
        top = max(best.values())
        leaders = [s for s, v in best.items() if v == top]
        return True, (leaders[0] if len(leaders) == 1 else None), "time is up"
    return False, None, ""


def _thug_winner(ctx: Turn) -> tuple[bool, str | None, str]:
    """Fighters against Thugs: over when every group or every Fighter is down, or the time is up (000 L6746)."""
    fighters = {f.side for f in ctx.fighters.values() if f.active}
    if not any(g.members for g in ctx.thug_state or []):
        return True, next(iter(fighters), None), "every Thug group is defeated"
    if not fighters:
        standing = next(g.id for g in ctx.thug_state or [] if g.members)
        return True, standing, "every Fighter is defeated"
    if ctx.opts.time_limit and ctx.time_count <= 0:
        return True, None, "time is up"
    return False, None, ""


def carry_over(ctx: Turn) -> None:
    """What this turn leaves for the next one (digest §2.13 item 4)."""
    for f in ctx.fighters.values():
        if f.full_defense and not f.fd_void:
            f.next_dice.append(("either", 1, "full_defense"))  # 000 L5722
        if f.idle_after_hit_stun:
            f.next_dice.append(("control", 2, "hit_stun_forfeit"))  # 000 L5944
        if f.kd_before_acting or f.stood_penalty:
            f.next_dice.append(("initiative", -1, "stood_up"))  # 000 L5962, L5986
        if f.stun_recovered_by_hit:
            f.next_dice.append(("initiative", -1, "stun_recovered_by_hit"))  # 000 L5982
        if f.self_stun and not f.stunned and not f.defeated:
            f.stunned = 2  # ruling: a full Stun (two recovery actions), the threshold unchanged (000 L4806)
        if f.entangled:
            f.next_dice.append(("initiative", -1, DieShiftSource.entangle))  # 000 L3306
        if f.reversal_missed:
            f.next_dice.append(("initiative", -2, "reversal_missed"))  # 000 L5888, L4115
        if f.full_offense:
            f.fo_streak += 1
            f.next_dice.append(("either", -f.fo_streak, "full_offense"))  # cumulative (000 L5739)
            f.no_fs_init = True
        else:
            f.fo_streak = 0
            f.no_fs_init = False
        # A successful Await Opening turn (ruling A38); anything else ends the stack (000 L6045–L6049).
        f.await_count = f.await_count + 1 if (f.awaiting and not f.was_hit) else 0
        f.stun_damage = 0  # ruling A20
        if f.combo_hit_this_turn:
            f.combo_streak = f.combo_streak + 1 if not f.was_hit else 1
        else:
            f.combo_streak = 0
