"""Charge moves: the Charge Back Element (000 L3085–L3099) and Charge Down, Charge Forward and Charge Up, the
Liabilities that mirror it (000 L4479–L4527). Each needs one of three things before the move: its own preparation
(moving away, a crouching block, a 1-Range step forward for 1 FS, an evasive or aerial block), Control 2 above the
need, or — later in a Combo — 3 Control of moves before it. What each one needs is a row of ``CHARGES``."""

from __future__ import annotations

from dataclasses import dataclass

from ...catalogue.table_records import ChargeNeeds, Preparation
from ..state.action import Guard, Plan
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn


@dataclass(frozen=True)
class Charge:
    preparation: Preparation
    need: str  # what the refusal says is missing
    guards: frozenset[str] = frozenset()  # for ``guard``: how the last attack must have been stopped (guard_kind)


def _row(found: tuple[ChargeNeeds, ...]) -> Charge:
    return Charge(found[0].preparation, found[0].need, frozenset(found[0].guards))


# Each charge entry's preparation, from its ``charge`` record (000 L3085–L3099, L4479–L4527): Charge Down's crouch is
# Defense with Evasion without moving (000 L4489); ruling: a plain Evasion counts for Charge Up, the combined block
# only with its 2-Range move (000 L4523)
CHARGES: EntryTable[Charge] = of_records("charge", ChargeNeeds, _row)


def _charge(m: MoveProfile, away: bool) -> Charge | None:
    found = CHARGES.first(m.entries)
    return found if found is not None and (found.preparation is Preparation.away) is away else None


def condition(
    row: Charge, m: MoveProfile, before: list[MoveProfile], spare: bool, away: bool, guard: str, stepped: bool
) -> bool:
    """Whether the charge move ``m`` may be used: after 3 Control of moves ``before`` it in a Combo (in place of the
    2 extra Control, 000 L3097, L4487, L4503, L4521), with Control 2 above the need (``spare``), or by its own
    preparation: ``away`` (moved away, at Range 4, or the last attack blocked: Charge Back), the last attack stopped
    as its row lists (``guard``), or a 1-Range step toward the target on the ground (``stepped``; ruling: never
    Aerial, 000 L4501). A turn with Thugs asks it too (000 L6646)."""
    if before:
        return sum(x.level for x in before) >= 3
    if spare:
        return True
    if row.preparation is Preparation.away:
        return away
    if row.preparation is Preparation.guard:
        return guard in row.guards
    return stepped and not m.moving.airborne


def back_ready(
    ctx: Turn,
    f: Combatant,
    moves: list[MoveProfile],
    n: int,
    toward: bool,
    target: Combatant | None,
    cost: int,
    key: str,
) -> None:
    """A move charged by moving away (Charge Back): 1 Range or more away just before (or standing at Range 4), the
    last attack on him blocked with Defense without moving (this turn: earlier turns are not carried), Control 2
    above the need, or 3 Control of moves before it in a Combo (000 L3085–L3099)."""
    for i, m in enumerate(moves):
        row = _charge(m, away=True)
        if row is None:
            continue
        at_4 = not i and target is not None and ctx.distance(f, target) >= 4 and n == 0
        away = (n >= 1 and not toward) or at_4 or f.blocked_last
        ok = condition(row, m, moves[:i], f.control >= cost + 2, away, f.last_guard, False)
        if not ok:
            ctx.fail(
                "CHARGE_BACK_NOT_READY",
                f"decisions.{key}.moves",
                f"{key}: {m.name} needs a Charge Back: "
                f"{row.need}, roll 2 Control above the need, or (in a Combo) 3 Control of moves before it.",
                key=key,
            )


def step_fee(row: Charge, i: int, spare: bool) -> int:
    """The 1 FS of Charge Forward's step, when the step is what charged it (000 L4501)."""
    return 1 if row.preparation is Preparation.step and not i and not spare else 0


def guard_kind(guard: Guard) -> str:
    """How a missed attack was stopped, for the charge conditions; a combined block that moves is upgraded to
    ``aerial_block`` when the move is made (responses)."""
    return guard_of(guard.option.value)


def guard_of(option: str) -> str:
    """The same, from the defence chosen (``DefenseOption``'s value); a turn with Thugs asks it too (000 L6646)."""
    return {"defense": "defense", "defense_evasion": "crouch", "evasion": "evasion"}.get(option, option)


def ready(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """Check every charge move of the declared move or Combo; Charge Forward's step adds 1 FS to the movement.
    Ruling: like Charge Back, the block must be the last attack on him this turn (000 L4485, L4521)."""
    extra_fs = 0
    for i, m in enumerate(plan.moves):
        row = _charge(m, away=False)
        if row is None:
            continue
        spare = f.control >= plan.cost + 2
        at_0 = plan.target is not None and plan.movement == 0 and ctx.distance(f, plan.target) == 0
        # ruling: the step is on the ground, so an Aerial move or a jump cannot use it (000 L4501)
        stepped = ((plan.movement == 1 and plan.toward) or at_0) and not plan.jumping
        ok = condition(row, m, plan.moves[:i], spare, False, f.last_guard, stepped)
        extra_fs += step_fee(row, i, spare) if ok else 0
        if not ok:
            ctx.fail(
                "CHARGE_MOVE_NOT_READY",
                f"decisions.{plan.key}.moves",
                f"{plan.key}: {m.name} is not charged: "
                f"{row.need}, roll 2 Control above the need, or (in a Combo) follow 3 Control of moves.",
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
