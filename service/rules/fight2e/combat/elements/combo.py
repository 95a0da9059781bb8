"""D.2 Combos: length, Control cost, placement, Accuracy (000 L5773–L5816, L2437–L2451)."""

from __future__ import annotations

from ..registry import features
from ..state.combatant import Combatant
from ..state.profile import ComboPart, MoveProfile, MoveTrait
from ..state.turn import Turn
from . import knockdown_chain
from .sequences import sequences


@features.COMBO_COST
def control_cost(moves: list[MoveProfile]) -> int:
    """Σ levels, +1 for every Special/Super Move neither first nor last; none for exactly three Special Moves
    and nothing else (000 L5779, L5802)."""
    cost = sum(m.level for m in moves)
    if len(moves) < 3:
        return cost
    if len(moves) == 3 and all(m.is_special for m in moves):
        return cost
    # a follow-up straight after its Opening Move costs no extra Control (000 L3742)
    return cost + sum(1 for m in moves[1:-1] if m.is_special) - sequences.free_links(moves)


def knocks_down_delayed(m: MoveProfile) -> bool:
    """A Knock Down that waits for the end of the Combo: Super Moves, Juggle, Bounce (000 L5279, L3611, L2939)."""
    return m.is_super or m.part(ComboPart.delayed_knock_down)


@features.COMBO_CHECKED
def check_combo(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str) -> None:
    """Reject an illegal Combo (a violation naming the decision key)."""
    path = f"decisions.{key}.moves"
    easy = [m for m in moves if m.part(ComboPart.easy)]
    rest = len(moves) - len(easy)
    skill = f.prof.combo
    if skill < 2 and not (easy and rest <= 1):
        ctx.fail("COMBO_NOT_ALLOWED", path, f"{key}: {f.id} has Combo Skill {skill}; a Combo needs 2.", key=key)
    if rest > skill or len(easy) > skill:
        ctx.fail(
            "COMBO_TOO_LONG",
            path,
            f"{key}: {len(moves)} moves ({len(easy)} Easy to Combo) exceed Combo Skill {skill}.",
            key=key,
        )
    specials = [m.id for m in moves if m.kind != "basic"]
    if len(specials) != len(set(specials)):
        ctx.fail("COMBO_DUPLICATE_SPECIAL", path, f"{key}: the same Special Move twice in one Combo.", key=key)
    last = len(moves) - 1
    knocked = False
    for i, m in enumerate(moves):
        ck = m.combo_keywords
        link = sequences.throw_link(moves, i)  # a Multi-Part Throw link goes on in the Combo (000 L3763, L3767)
        if knocked and not (knockdown_chain.is_pursuit(m) or m.part(ComboPart.skips_knock_down)):
            ctx.fail("COMBO_CONTINUES_AFTER_KNOCKDOWN", path, f"{key}: {m.name} follows a Knock Down.", key=key)
        if "no_combo" in ck:
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: {m.name} has No Combo.", key=key)
        if "starter" in ck and i != 0:
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: {m.name} is a Starter and must open the Combo.", key=key)
        if (
            "ender" in ck
            and i != last
            and not knocks_down_delayed(m)
            and not knockdown_chain.ender_lifted(moves, i)
            and not link
        ):
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: {m.name} is an Ender and must close the Combo.", key=key)
        if (
            m.throw
            and i != last
            and not (m.trait(MoveTrait.hurl) and i == last - 1 and moves[last].trait(MoveTrait.projectile))
            and not link
        ):
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: a Throw must close the Combo (000 L5814).", key=key)
        # Gated (000 L2449): a sequence link's gate is its opener (sequences), Only When Prone's a Self-Prone move
        # before it in the Combo (d_move_declaration); no other entry makes a move Gated.
        if m.part(ComboPart.final_knock_down):
            pass  # its Knock Down is Final: before the end of the Combo it knocks nobody down (000 L3649–L3651)
        elif m.kw("knocks_down") and not knocks_down_delayed(m) and not knockdown_chain.skipped(moves, i) and not link:
            knocked = True
        elif knocked and m.part(ComboPart.pursuit_bounce):
            knocked = False  # Pursuit Bounce: the Combo may go on (000 L3936)


@features.COMBO_ACCURACY
def combo_accuracy(moves: list[MoveProfile], option: str) -> tuple[int, dict[str, int]]:
    """The first Offensive move's Accuracy, the Mixup moves' modifiers (and their other penalties), −1 per full
    three moves, −1 once for a Special Move out of first place (000 L5804–L5806, L2445; ruling A3)."""
    first = next((i for i, m in enumerate(moves) if m.offensive), 0)
    parts: dict[str, int] = {"first_move": moves[first].accuracy_vs(option)}
    mixup = 0
    for i, m in enumerate(moves):
        if i == first:
            continue
        has_mixup = any("mixup" in p.combo for p in m.accuracy_parts)
        if not has_mixup:
            continue
        for p in m.accuracy_parts:
            v = p.vs(option)
            if "mixup" in p.combo or v < 0:
                mixup += v
    if mixup:
        parts["mixup"] = mixup
    if len(moves) >= 3:
        parts["combo_length"] = -(len(moves) // 3)
    if any(m.is_special for m in moves[1:]):
        parts["special_not_first"] = -1
    return sum(parts.values()), parts
