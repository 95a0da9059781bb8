"""Techniques a fighter holds in combat: the campaign options everyone has, and a Technique granted for a while by
a move with Temporary Technique (000 L4329–L4333): the turn of use and the next turn up to the end of his action.
The grant is an ``ongoing_effects`` entry ``temporary_technique`` (``move`` the granting move, ``since`` the turn
of use); the Technique itself is read from the move's design."""

from __future__ import annotations

import re

from ...catalogue.catalog import catalog
from ..contract.models import CombatOptions
from ..registry.elements import Element, register
from ..registry.sheet import PURSUIT_ATTACK, SWEEP
from ..state.combatant import Combatant, Effect
from ..state.profile import MOVE_TRAITS, MoveProfile, MoveTrait
from ..state.turn import Turn
from . import styles
from .buffs import buff_modifiers as mods
from .design import design
from .vocabulary import LogKey, Ongoing

MOVEMENT_TECHNIQUES = frozenset(
    {"dash", "back_dash", "air_dash", "sidestep", "super_jump", "hover", "wall_springs", "double_jumps", "tech_roll"}
)


# The Basic Moves a Technique brings, by the campaign option that gives them to everyone (000 L2107–L2123,
# L2147–L2163): on a sheet that can be lent one, they are in its profile and usable while the Technique is held.
BASIC_MOVES: dict[str, MoveProfile] = {"sweeps": SWEEP, "pursuit_attacks": PURSUIT_ATTACK}


def lendable() -> frozenset[str]:
    """The Techniques a Temporary Technique may name: the choices of its ``technique`` design option in the
    catalogue, each the campaign option that grants the same rule to everyone (000 L1343, L2042, L4333)."""
    entry = catalog().entries[next(e for e, roles in MOVE_TRAITS.items() if MoveTrait.temporary_technique in roles)]
    option = next((o for o in entry.options if o.name == "technique"), None)
    return frozenset(c.value for c in option.choices) if option is not None else frozenset()


def named(m: MoveProfile) -> str | None:
    """The campaign option the move's Technique stands for (its design written as the option's name, in any case
    or spacing); None for a design naming none of the book's Techniques, which pricing reports."""
    text = str(design(m, MoveTrait.temporary_technique).get("technique") or "")
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return slug if slug in lendable() else None


def granted(ctx: Turn, f: Combatant, e: Effect) -> bool:
    """Whether the grant ``e`` still holds: the turn of use, then the next turn until his action is over
    (ruling: his action is over once he has acted, 000 L4331); a Technique Buff keeps it as long as its Buff."""
    if e.id != Ongoing.temporary_technique or e.since is None:
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
        m = f.move(e.move) if e.move and e.id == Ongoing.temporary_technique else None
        if m is not None and named(m) == option and granted(ctx, f, e):
            return True
    return False


def grant(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The move was used: its Technique is his for this turn and through his next action. Ruling: a design naming
    none of the book's Techniques is refused by pricing (DESIGN_CHOICE_INVALID, the sheet is not valid) and lends
    nothing (000 L4333)."""
    option = named(m)
    if option is None:
        ctx.note(
            "C.5",
            f.id,
            f"{m.name}: its design names none of the book's Techniques, so it lends none.",
            "000 L4329–L4333",
            {"move": m.id},
        )
        return
    f.ongoing = [e for e in f.ongoing if not (e.id == Ongoing.temporary_technique and e.move == m.id)]
    f.ongoing.append(Effect(Ongoing.temporary_technique, m.id, None, ctx.turn))
    ctx.note(
        "C.5",
        f.id,
        f"{m.name}: {f.id} holds the {option.replace('_', ' ')} Technique for the rest of the "
        "turn and through his action next turn.",
        "000 L4329–L4333",
        {"move": m.id},
        {LogKey.temporary_technique: option},
    )


def usable(ctx: Turn, f: Combatant, m: MoveProfile) -> bool:
    """Whether ``m`` may be used now: a Basic Move a Technique brings only while ``f`` holds that Technique."""
    return all(m.path != basic.path or has(ctx, f, option) for option, basic in BASIC_MOVES.items())


@register
class LentBasicMoves(Element):
    """A sheet whose move lends the Sweep or Pursuit Attack Technique has that Basic Move among its moves."""

    entries = frozenset({"temporary_technique"})

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        lent = {named(m) for m in moves.values()}
        return {b.id: b for option, b in BASIC_MOVES.items() if option in lent and not getattr(options, option)}
