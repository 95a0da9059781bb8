"""Charge moves: Charge Down, Charge Forward and Charge Up, the Liabilities that mirror the Charge Back Element
(000 L4479–L4527). Each needs one of three things before the move: its own preparation (a crouching block, a
1-Range step forward for 1 FS, an evasive or aerial block), Control 2 above the need, or — later in a Combo — 3
Control of moves before it."""

from __future__ import annotations

from .attack_records import Guard, Plan
from .fighter import F
from .state import Ctx

CHARGES = ("charge_down", "charge_forward", "charge_up")
_NEED = {
    "charge_down": "block the last attack with Defense or a crouching block",
    "charge_forward": "step 1 Range toward the target first (1 FS; standing still at Range 0), not Aerial",
    "charge_up": "stop the last attack with Evasion or an aerial block",
}


def guard_kind(guard: Guard) -> str:
    """How a missed attack was stopped, for the charge conditions; a combined block that moves is upgraded to
    ``aerial_block`` when the move is made (responses)."""
    return {"defense": "defense", "defense_evasion": "crouch", "evasion": "evasion"}.get(
        guard.option.value, guard.option.value
    )


def ready(ctx: Ctx, f: F, plan: Plan) -> None:
    """Check every charge move of the declared move or Combo; Charge Forward's step adds 1 FS to the movement.
    Ruling: like Charge Back, the block must be the last attack on him this turn (000 L4485, L4521)."""
    if not f.prof.entry_ids & set(CHARGES):
        return
    extra_fs = 0
    for i, m in enumerate(plan.moves):
        kind = next((c for c in CHARGES if m.has(c)), None)
        if kind is None:
            continue
        if i:
            # 3 Control of moves before it stands in for the 2 extra Control (000 L4487, L4503, L4521).
            ok = sum(x.level for x in plan.moves[:i]) >= 3
        elif f.control >= plan.cost + 2:
            ok = True
        elif kind == "charge_down":
            ok = f.last_guard in ("defense", "crouch")  # Defense, or Defense with Evasion without moving
        elif kind == "charge_up":
            # ruling: a plain Evasion counts; the combined block only with its 2-Range move (000 L4521)
            ok = f.last_guard in ("evasion", "aerial_block")
        else:
            at_0 = plan.target is not None and plan.movement == 0 and ctx.distance(f, plan.target) == 0
            stepped = plan.movement == 1 and plan.toward
            # ruling: the step is on the ground, so an Aerial move or a jump cannot use it (000 L4501)
            ok = (stepped or at_0) and not m.moving.airborne and not plan.jumping
            extra_fs += 1 if ok else 0
        if not ok:
            ctx.fail(
                "CHARGE_MOVE_NOT_READY",
                f"decisions.{plan.key}.moves",
                f"{plan.key}: {m.name} is not charged: "
                f"{_NEED[kind]}, roll 2 Control above the need, or (in a Combo) follow 3 Control of moves.",
                key=plan.key,
            )
    if not extra_fs:
        return
    fs = plan.fs_move + extra_fs
    if fs > f.pl or fs > f.fs:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL" if fs > f.pl else "FS_MOVEMENT_COST_UNPAID",
            f"decisions.{plan.key}.movement",
            f"{plan.key}: the Charge Forward step costs {fs} FS with the movement; {f.id} has {f.fs}.",
            key=plan.key,
        )
    plan.charge_fs = extra_fs
    ctx.note("C", f.id, f"{f.id} charges forward for {plan.moves[0].name} (1 FS).", "000 L4501", {"fs": extra_fs})
