"""Behind Opponent: getting behind an opponent on a Band Map before the attack (000 L4457–L4477)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .hazards.hazards import maneuver_check


def _facing_others(ctx: Turn, f: Combatant, t: Combatant) -> bool:
    """Ruling: the target faces other opponents when another fighter of f's side is within Range 1 of him."""
    return any(o is not f and o.side == f.side and o.active and ctx.distance(o, t) <= 1 for o in ctx.fighters.values())


def behind_ok(
    ctx: Turn, f: Combatant, t: Combatant, moves: list[MoveProfile], start: int, movement: int, toward: bool, key: str
) -> bool:
    """A move with Behind Opponent opening the attack (the condition must stand when the Combo begins) needs the
    Behind condition: already held (``behind`` in his ``ongoing_effects``), or made now by going past the opponent
    (ruling: any movement that carries him through the opponent's position, the book's 1 → 0 → 1), or by a won
    Maneuver Check when starting at Range 0 (moving at most 1 Range) or stepping from Range 1 to 0; the check is
    waived when the opponent faces other opponents. Not met: the move cannot be used and the action is spent
    (ruling). The condition holds until either fighter moves or is moved."""
    if not moves[0].trait(MoveTrait.behind_opponent):
        return True
    if any(e.id == OngoingEffectId.behind and e.target == t.id for e in f.ongoing):
        return True
    if ctx.band_mode:
        passed = _passed_band(ctx, f, t, start, toward and movement > 0)
    else:
        passed = toward and movement > start > 0
    how = ""
    if passed:
        how = "going past him"
    elif (start == 0 and movement <= 1) or (start == 1 and toward and movement == 1 and ctx.distance(f, t) == 0):
        if _facing_others(ctx, f, t):
            how = "his opponent facing others (no check needed)"
        elif not f.maneuvered and maneuver_check(ctx, f, t, f"get behind {t.id}", "C"):
            how = "a Maneuver Check"
    if how:
        f.ongoing = [e for e in f.ongoing if e.id != OngoingEffectId.behind]
        f.ongoing.append(Effect(OngoingEffectId.behind, None, None, ctx.turn, t.id))
        ctx.note("C", f.id, f"{f.id} is Behind {t.id} ({how}).", "000 L4457–L4477", {}, {"behind": t.id})
        return True
    ctx.warn(
        "BEHIND_NOT_ACHIEVED",
        key or "decisions",
        f"{moves[0].name} needs {f.id} Behind {t.id}: the move cannot be used and the action is spent.",
        key=key or None,
    )
    ctx.note("C", f.id, f"{f.id} is not Behind {t.id}: {moves[0].name} cannot be used.", "000 L4457–L4477")
    return False


def _passed_band(ctx: Turn, f: Combatant, t: Combatant, start: int, toward: bool) -> bool:
    """Band Map: he ended on the other side of the opponent from where he began (ruling: at any distance)."""
    if not toward or start == 0:
        return False
    pf, pt = ctx.bands[f.id], ctx.bands[t.id]
    last = ctx.last_mover.get(f.id, 0)
    # Moving toward him, he ends beyond him when his last step went the same way as the side he is now on.
    return pf != pt and (1 if pf > pt else -1) == last
