"""Super Jump: a jump over several Ranges that lands at the jumper's next action (000 L2187–L2195, L2231)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import DefenseOption, OngoingEffect
from ..registry import elements
from ..registry.elements import DefenseMoment, Element, at, carried, register
from ..state.combatant import Combatant, Effect
from ..state.turn import Turn
from . import positions
from .ongoing import active


@register
class SuperJump(Element):
    """A Super Jump under way (000 L2187–L2195)."""

    effects = frozenset({"super_jump"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        others = {c.id for c in ctx.req.fighters} - {f.id}
        if (
            eff.target not in others
            or eff.direction is None
            or not eff.charges
            or eff.charges > 4
            or eff.since is None
            or eff.since >= ctx.turn
        ):
            ctx.fail(
                "STATE_INCONSISTENT_STATUS",
                path,
                f"{f.id}: a Super Jump needs its target, direction, "
                "declared Ranges (1–4) and the earlier turn it began.",
            )
        if not ctx.opts.super_jump:
            ctx.fail("SUPER_JUMP_INVALID", path, f"{f.id}: a Super Jump needs the Super Jump option.")
        f.ongoing.append(eff)

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return None if ctx.round_over else [e]  # he lands at his next action


@at("turn_start", 20)
def super_jump_arrive(ctx: Turn) -> None:
    """The turn after a Super Jump began, the jumper counts as at his declared destination from the start, even
    before he lands at his action (000 L2190)."""

    for fid in ctx.order:
        f = ctx.fighters[fid]
        e = active(f, "super_jump")
        if e is None or e.since is None or e.since >= ctx.turn:
            continue
        rest = max((e.charges or 0) - 2, 0)
        ref = ctx.fighters.get(e.target or "")
        if rest and ref is not None and not e.time_left:
            positions.move(ctx, f, ref, rest, e.direction == "toward")
            f.moved = 0  # not movement of this turn
            ctx.note(
                "A",
                f.id,
                f"{f.id}'s Super Jump reaches its destination: Range {ctx.distance(f, ref)} from {ref.id}.",
                "000 L2190",
                {"ranges": rest},
                {"range": ctx.distance(f, ref)},
            )
        e.time_left = 0  # arrived: nothing left to move


def super_jumping(f: Combatant) -> bool:
    return active(f, "super_jump") is not None


def land(ctx: Turn, f: Combatant, why: str) -> None:
    """The Super Jump ends: hit in the air (000 L2193) or landing at his action (L2190)."""
    if not super_jumping(f):
        return
    f.ongoing = [e for e in f.ongoing if e.id != OngoingEffectId.super_jump]
    ctx.note("C", f.id, f"{f.id}'s Super Jump ends: {why}.", "000 L2190, L2193")


@elements.DEFENSE_TOTAL(70)
def defense_total(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """+2 to any defence but Defense in the middle of a Super Jump (000 L2191)."""
    jumping = m.option is not DefenseOption.defense and any(
        e.id == OngoingEffectId.super_jump for e in m.defender.ongoing
    )
    return {"super_jump": 2} if jumping else {}
