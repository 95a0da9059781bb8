"""Knock Down chains in a Combo: Skips Knock Down (000 L4163–L4173), Pursuit after a Knock Down (000 L3910–L3918),
Knock Down Pursuit (000 L3920–L3928) and Pursuit Bounce (000 L3930–L3936).

- A Knocks Down move followed at once by a Skips Knock Down move loses its Knock Down and its Ender: the Combo goes
  on. A Skips Knock Down move that is also a Pursuit opens a 2-move Combo on a downed foe: it stands him up, and
  the second move does its damage in full; a Reversal against it has +2 Defense Total.
- A Knocks Down move followed immediately and solely by a Pursuit move loses its Ender; the Knock Down is applied
  once (a Knock Down Pursuit throw does not knock down again).
- A Pursuit move not used on a downed foe loses its Ender; a Pursuit Bounce move has none and, after a DL 8 Tactics
  check, lets the Combo go on (the check is in the attack's D.2 step).
"""

from __future__ import annotations

from ..registry import features
from ..state.action import Attack, Guard
from ..state.combatant import Combatant
from ..state.profile import ComboPart, MoveProfile, MoveTrait
from ..state.turn import Turn
from . import techniques

REVERSAL_BONUS = 2  # 000 L4171


@features.PURSUIT_MOVE
def is_pursuit(m: MoveProfile) -> bool:
    return m.id == "pursuit_attack" or m.part(ComboPart.pursuit)


@features.MAY_STRIKE_DOWNED
def may_strike(ctx: Turn, f: Combatant, opener: MoveProfile, target: Combatant) -> bool:
    """Whether an attack of ``f`` opened by ``opener`` may be aimed at ``target``: a Knocked Down fighter only by a
    Pursuit attack, unless the campaign (or a Technique ``f`` holds) lets any attack hit him (000 L2165, L5966)."""
    return not target.knocked_down or is_pursuit(opener) or techniques.has(ctx, f, "hit_downed_attacks")


def skipped(moves: list[MoveProfile], i: int) -> bool:
    """The Knock Down of ``moves[i]`` is skipped by the Skips Knock Down move right after it (000 L4167)."""
    return i + 1 < len(moves) and moves[i + 1].part(ComboPart.skips_knock_down)


def lifts(moves: list[MoveProfile]) -> bool:
    """A Skips Knock Down Pursuit move opening the attack: it stands a downed foe up (000 L4171)."""
    return bool(moves) and moves[0].part(ComboPart.skips_knock_down) and is_pursuit(moves[0])


def ender_lifted(moves: list[MoveProfile], i: int) -> bool:
    """``moves[i]`` loses its Ender here: a Self-Prone move before a last Only When Prone one, a Knock Down
    skipped, a Knock Down followed solely by a Pursuit move, or a Pursuit move that follows no Knock Down (a Pursuit
    Bounce has no Ender at all)."""
    m = moves[i]
    last = len(moves) - 1
    if m.trait(MoveTrait.self_prone) and i + 1 == last and moves[last].trait(MoveTrait.prone_only):
        return True  # Self-Prone's Ender lets one Only When Prone move follow (000 L4813)
    if m.kw("knocks_down") and not m.throw:
        # ruling: a Throw still closes the Combo (000 L5814); the Element lifts other Knock Downs
        nxt = moves[i + 1] if i < last else None
        follows = nxt is not None and is_pursuit(nxt) and (i + 1 == last or nxt.part(ComboPart.pursuit_bounce))
        return skipped(moves, i) or follows
    if is_pursuit(m):
        return m.part(ComboPart.pursuit_bounce) or not (
            i and moves[i - 1].kw("knocks_down") and not skipped(moves, i - 1)
        )
    return False


@features.DOWNED_TARGET_CHECKED
def check_target(ctx: Turn, f: Combatant, moves: list[MoveProfile], target: Combatant | None, key: str) -> None:
    """On a foe already down: a Pursuit opener without Pursuit Bounce closes the Combo; the Skips Knock Down
    Pursuit Combo has two moves at most (000 L3910, L4171)."""
    if target is None or not target.knocked_down or len(moves) < 2 or not is_pursuit(moves[0]):
        return
    path = f"decisions.{key}.moves"
    if lifts(moves):
        if len(moves) > 2:
            ctx.fail(
                "COMBO_PLACEMENT_INVALID",
                path,
                f"{key}: standing {target.id} up with {moves[0].name} allows one more move only.",
                key=key,
            )
        return
    if not moves[0].part(ComboPart.pursuit_bounce):
        ctx.fail(
            "COMBO_PLACEMENT_INVALID",
            path,
            f"{key}: {moves[0].name} on a downed foe closes the Combo (only Pursuit Bounce goes on).",
            key=key,
        )


@features.STOOD_UP_BY_HIT
def stand_up(ctx: Turn, atk: Attack) -> bool:
    """The hit of a Skips Knock Down Pursuit opener stands the downed target up, as if he had stood by himself
    (his action stays spent); the move after it then hits a standing foe (000 L4171)."""
    d = atk.defender
    if not (d.knocked_down and atk.is_combo and lifts(atk.moves)):
        return False
    d.knocked_down = False
    d.stood_this_turn = True
    spent = not d.acted and not d.action_lost
    if spent:
        d.action_lost = True  # ruling: the action he would have spent standing up is gone (000 L4171, L5962)
        d.holding = False
    ctx.note(
        "E",
        atk.attacker.id,
        f"{atk.moves[0].name} catches {d.id} and stands him up for the next hit"
        + (", which takes the action he would have stood up with." if spent else "."),
        "000 L4171",
        {},
        {"knocked_down": False, "action_lost": d.action_lost},
    )
    return True


@features.DOWNED_DEFENSE_BONUS
def reversal_bonus(ctx: Turn, atk: Attack, guard: Guard) -> None:
    """+2 to a downed foe's Tactics Defense Total against a Skips Knock Down Pursuit move. Ruling: a downed foe's
    Tactics defence against a Pursuit can only be the Reversal, so the bonus goes on it (000 L4171, L3914)."""
    if not (atk.defender.knocked_down and lifts(atk.moves) and guard.option.value == "tactics"):
        return
    guard.dt += REVERSAL_BONUS
    guard.parts["reversal_vs_skips_knock_down"] = REVERSAL_BONUS
    ctx.note(
        "D.4",
        atk.defender.id,
        f"A Reversal from the ground against {atk.moves[0].name}: +{REVERSAL_BONUS} Defense Total ({guard.dt}).",
        "000 L4171",
        {"bonus": REVERSAL_BONUS},
        {"dt": guard.dt},
    )
