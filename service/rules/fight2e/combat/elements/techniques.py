"""Techniques a fighter holds in combat: the campaign options everyone has, and a Technique granted for a while by
a move with Temporary Technique (000 L4329–L4333): the turn of use and the next turn up to the end of his action.
The grant is an ``ongoing_effects`` entry ``temporary_technique`` (``move`` the granting move, ``since`` the turn
of use); the Technique itself is read from the move's design."""

from __future__ import annotations

import re

from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile
from ..state.turn import Turn
from . import styles
from .buffs import buff_modifiers as mods

MOVEMENT_TECHNIQUES = frozenset(
    {"dash", "back_dash", "air_dash", "sidestep", "super_jump", "hover", "wall_springs", "double_jumps", "tech_roll"}
)

# Technique names as designers write them → the campaign option that switches the same rule on for everyone.
OPTIONS = {
    "dash": "dash",
    "back_dash": "back_dash",
    "breakfall": "breakfall",
    "tech_roll": "tech_roll",
    "air_dash": "air_dash",
    "sidestep": "sidestep",
    "super_jump": "super_jump",
    "hover": "hover",
    "wall_spring": "wall_springs",
    "wall_springs": "wall_springs",
    "double_jump": "double_jumps",
    "double_jumps": "double_jumps",
    "taunt": "taunts",
    "taunts": "taunts",
}


def named(m: MoveProfile) -> str | None:
    """The campaign option the move's Technique stands for, or None when the resolver does not know it."""
    text = str(m.options.get("temporary_technique", {}).get("technique") or "")
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return OPTIONS.get(slug)


def granted(ctx: Turn, f: Combatant, e: Effect) -> bool:
    """Whether the grant ``e`` still holds: the turn of use, then the next turn until his action is over
    (ruling: his action is over once he has acted, 000 L4331); a Technique Buff keeps it as long as its Buff."""
    if e.id != "temporary_technique" or e.since is None:
        return False
    if mods.linked(f, e) is not None:
        return True
    return e.since >= ctx.turn or (e.since == ctx.turn - 1 and not f.acted)


def has(ctx: Turn, f: Combatant, option: str) -> bool:
    """The campaign option ``option`` is on, or ``f`` holds that Technique for now."""
    if option in MOVEMENT_TECHNIQUES and styles.immobile(f):
        return False  # no movement Techniques in a Limited or No Movement style (000 L5100, L5138)
    if getattr(ctx.opts, option):
        return True
    if f.suppressed[0] >= 4:
        return False  # Suppression tier 4 takes his own Techniques away (000 L4253)
    for e in f.ongoing:
        m = f.move(e.move) if e.move and e.id == "temporary_technique" else None
        if m is not None and named(m) == option and granted(ctx, f, e):
            return True
    return False


def grant(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The move was used: its Technique is his for this turn and through his next action."""
    option = named(m)
    if option is None:
        text = m.options.get("temporary_technique", {}).get("technique")
        ctx.unsupported_rule(
            "temporary_technique",
            f"fighters[{f.index}].sheet.{m.path}",
            f"{m.name}: the Technique '{text}' is not one the resolver applies (it knows Dash, "
            "Back Dash, Breakfall, Tech Roll, Air Dash, Sidestep, Super Jump, Hover, Wall Spring, "
            "Double Jump and Taunt)",
        )
        return
    f.ongoing = [e for e in f.ongoing if not (e.id == "temporary_technique" and e.move == m.id)]
    f.ongoing.append(Effect("temporary_technique", m.id, None, ctx.turn))
    ctx.note(
        "C.5",
        f.id,
        f"{m.name}: {f.id} holds the {option.replace('_', ' ')} Technique for the rest of the "
        "turn and through his action next turn.",
        "000 L4329–L4333",
        {"move": m.id},
        {"temporary_technique": option},
    )
