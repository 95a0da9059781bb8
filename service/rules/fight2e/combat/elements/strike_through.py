"""Strike Through: when a declared Priority Response fails — the attack hits — the defender may still strike with
his Priority move if Hit Stun leaves him at least 1 Control; a single move, no Combo, and not a simultaneous
exchange (000 L3894–L3900)."""

from __future__ import annotations

from ...catalogue.table_records import StrikesThrough
from ..contract.models import Choice, DecisionValue, ResponseKind
from ..protocol.names import AttackContext
from ..state.action import Attack, Guard, Outcome
from ..state.action import Attack as AttackCls
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn
from .super_energy import pay_supers

# Entries that let a move still strike after the named failed Defensive Response (000 L3894–L3898).
STRIKES_THROUGH: EntryTable[ResponseKind] = of_records(
    "strike_through", StrikesThrough, lambda found: ResponseKind(found[0].response)
)


def _strikes_after(m: MoveProfile, failed: ResponseKind) -> bool:
    return any(kind is failed and kind.value in m.responses for _, kind in STRIKES_THROUGH.found(m.entries))


def after_hit(ctx: Turn, atk: Attack, guard: Guard, out: Outcome) -> Outcome:
    """Offer the strike after the hit's effects (E.1–E.8), at the Range they leave. Ruling: 1 Control left is all
    the book asks, whatever the move's Level (000 L3898)."""

    a, d = atk.attacker, atk.defender
    if guard.response is not ResponseKind.priority or atk.context not in (
        AttackContext.action,
        AttackContext.interrupt,
    ):
        return out
    if not STRIKES_THROUGH.any_of(d.prof.entry_ids) or d.defeated or a.defeated or d.knocked_down or d.stunned:
        return out
    if d.control < 1:
        ctx.note("E", d.id, f"{d.id} has no Control left after Hit Stun: no Strike Through.", "000 L3898")
        return out
    dist = ctx.distance(a, d)
    options = [
        m
        for m in d.prof.moves.values()
        if _strikes_after(m, ResponseKind.priority) and m.range is not None and m.range[0] <= dist <= m.range[1]
    ]
    if not options:
        return out
    key, dv = ctx.decide(
        d.id,
        "strike_through",
        "E",
        f"{d.id}'s Priority Response failed: strike {a.id} anyway "
        "with " + ", ".join(m.name for m in options) + ", or pass.",
        DecisionValue(choice=Choice.act, moves=[options[0].id]),
    )
    if dv.choice in (None, Choice.pass_) and not dv.moves:
        return out
    m = d.move(dv.moves[0]) if dv.choice in (None, Choice.act) and dv.moves and len(dv.moves) == 1 else None
    if m is None or m not in options:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: respond with one of " + ", ".join(o.id for o in options) + " (a single move), or pass.",
            key=key,
        )
    assert m is not None
    pay_supers(ctx, d, [m])
    replaced = not d.acted
    d.acted = True
    d.holding = False
    ctx.note(
        "E",
        d.id,
        f"{d.id} strikes through with {m.name}" + (" in place of his action" if replaced else "") + ".",
        "000 L3894–L3900",
        {"move": m.id, "control": d.control},
        {"acted": True},
    )
    ctx.spine.resolve(
        ctx,
        AttackCls(
            attacker=d,
            defender=a,
            moves=[m],
            context="response",
            label="E",
            cost=m.level,
            key=key,
            response=ResponseKind.priority,
        ),
    )
    return out
