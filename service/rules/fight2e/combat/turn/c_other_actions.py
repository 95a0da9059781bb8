"""The actions that are not an attack: doing nothing, moving, Refocus, Power Up, Await Opening and Taunt (000 L5992,
L6041–L6045, L2141)."""

from __future__ import annotations

from collections.abc import Callable

from ....dice import Die
from ..contract.model_types import Figure
from ..contract.models import ActionType
from ..protocol.names import Point
from ..registry.features import BUFF_SE_FROZEN
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.turn import Turn
from .b_action_choices import idle_bonus
from .c_reactions import reaction_window
from .c_utility_actions import utility
from .g_moving import entered_close


def idle(ctx: Turn, f: Combatant, text: str) -> None:
    """He neither moves nor acts this turn, however it was declared (`action: none`, or a hold never used): after
    Hit Stun with Control left, his next Control roll is two die sizes larger (000 L5942–L5944, L5397, L10223)."""
    bonus = idle_bonus(f)
    f.acted = True
    f.holding = False
    f.idle_after_hit_stun = f.idle_after_hit_stun or bonus
    ctx.note(
        "B.3" if bonus else "B.1",
        f.id,
        text + (": +2 Control steps next turn" if bonus else "") + ".",
        "000 L5942–L5944" if bonus else "000 L5593",
        {},
        {"acted": True, "control_bonus": bonus},
    )


def _nothing(ctx: Turn, f: Combatant, plan: Plan) -> None:
    idle(ctx, f, f"{f.id} does nothing this turn")


def _move_only(ctx: Turn, f: Combatant, plan: Plan) -> None:
    f.air_bonus = plan.air_bonus
    if plan.movement == 1:
        f.moved_one_bonus = True  # 000 L5638
    if plan.target is not None and entered_close(ctx, f, plan):
        reaction_window(
            ctx, f, "moved in without attacking", jumped=plan.movement >= 2 and "runner" not in f.prof.qualities
        )


def _refocus(ctx: Turn, f: Combatant, plan: Plan) -> None:
    f.non_attack_action = True
    r = ctx.roll(f.id, "refocus", Die(2), "Refocus", "B.1")
    gain = min(r + f.pl // 2, max(f.fs_start - f.fs, 0))
    f.fs += gain
    ctx.note(
        "B.1",
        f.id,
        f"{f.id} Refocuses: 1d4 ({r}) + {f.pl // 2} → regains {gain} FS (capped at his starting total).",
        "000 L6041",
        {"roll": r},
        {"fs": f.fs},
    )


def _powering_up(ctx: Turn, f: Combatant, plan: Plan) -> None:
    f.non_attack_action = True
    if (
        plan.target is not None
        and ctx.distance(f, plan.target) <= 1
        and reaction_window(ctx, f, "Power Up", jumped=False)
    ):
        ctx.note("B.1", f.id, "Hit while powering up: no Super Energy.", "000 L6008, L6021")
        return
    r = ctx.roll(f.id, Point.power_up, Die(3), "Power Up", "B.1")
    before = f.se
    if f.prof.has_supers and BUFF_SE_FROZEN.fn(f) is None:  # 000 L3067
        f.se = min(f.se + r, ctx.opts.super_energy_max)
    ctx.note(
        "B.1",
        f.id,
        f"{f.id} Powers Up: +{f.se - before} Super Energy ({r} rolled).",
        "000 L6043",
        {"roll": r},
        {Figure.super_energy: f.se},
    )


def _await_opening(ctx: Turn, f: Combatant, plan: Plan) -> None:
    f.non_attack_action = True
    f.awaiting = True
    ctx.note("B.1", f.id, f"{f.id} Awaits an Opening.", "000 L6045–L6049", {}, {"awaiting": True})


def _taunt(ctx: Turn, f: Combatant, plan: Plan) -> None:
    assert plan.target is not None
    if ctx.distance(f, plan.target) <= 1 and reaction_window(ctx, f, "Taunt", jumped=False):
        return
    f.taunt_used = True
    r = ctx.roll(f.id, "taunt_glory", Die(2), "Taunt Glory", "B.1")
    ctx.award(f.id, r, f"Taunt against {plan.target.id}", "000 L2141")


# The actions other than an attack, by kind (B.1, C, 000 L6029–L6049).
OTHER_ACTIONS: dict[ActionType, Callable[[Turn, Combatant, Plan], None]] = {
    ActionType.none: _nothing,
    ActionType.move: _move_only,
    ActionType.refocus: _refocus,
    ActionType.power_up: _powering_up,
    ActionType.await_opening: _await_opening,
    ActionType.taunt: _taunt,
    ActionType.utility: utility,
}
