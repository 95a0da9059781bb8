"""Multiple Styles in combat (000 L5023–L5140) with End Style and its Movement Exception (000 L3282–L3298).

A fighter with two styles or more fights in one style at a time, starting in his Base Style; only the Special and
Super Moves of that style and the Cross-Style Moves are in reach (a move with no style named belongs to the Base
Style: ruling). The current style other than the Base Style is an ``ongoing_effects`` entry ``style`` of the
fighter (``move`` the style's name). He changes style with the L2 Style Change Command Move, one per style,
declared as ``style_change:<style>`` (a Utility move; 2 FS, 1 for each further change in the turn; a level more
for every Harder Command Move flaw of the style entered). Effects of his moves of the style he leaves end with it.

Style options while in a style: Modified Defense (Defense −1/−2, Evasion or Tactics +1/+2), No Defense (no Defense
Skill), No Movement (no movement but Knock Back), Limited Movement (before an attack 1 Range for 1 FS; moving
alone 1 Range free or 2 for 1 FS; no other movement that costs FS) and Forced Style Change (back to the Base Style
on Hit Stun or a Knock Down). Glory of a move that is not Cross-Style is divided by the number of non-empty styles,
rounded up (000 L5058).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from ...fighters.fighter_models import Fighter, Style
from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, DecisionValue, OngoingEffect
from ..registry import elements
from ..registry.elements import HIT_STUN, Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait, Profile, command_move
from ..state.turn import Turn
from . import summon
from .vocabulary import Ongoing

PREFIX = "style_change:"
# Records that are no effect of a move on him: charges left, a borrowed move, a rest period, a dropped Prop.
_NOT_EFFECTS = frozenset({Ongoing.limited_use, Ongoing.copied_move, Ongoing.summon_rest, Ongoing.prop, Ongoing.style})


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


# ── the profile ──────────────────────────────────────────────────────────────────────────────────────


def with_styles(prof: Profile, sheet: Fighter) -> Profile:
    """The styles of the sheet on the profile: each move's style, Glory divided, Style Change commands."""
    if len(sheet.styles) < 2:
        return prof
    base = next((s.name for s in sheet.styles if s.is_base), sheet.styles[0].name)
    names = {s.name for s in sheet.styles}
    placed: dict[str, tuple[str, bool]] = {}
    for i, sm in enumerate(sheet.moves):
        placed[f"moves[{i}]"] = (sm.style if sm.style in names else base, sm.cross_style)
    filled = {st for st, cross in placed.values() if not cross} | (
        names if any(c for _, c in placed.values()) else set()
    )
    share = max(len(filled), 1)
    moves: dict[str, MoveProfile] = {}
    for ident, m in prof.moves.items():
        where = placed.get(m.path)
        if where is None:
            moves[ident] = m
            continue
        style, cross = where
        glory = m.glory if cross else math.ceil(m.glory / share)  # 000 L5058
        moves[ident] = replace(m, style=None if cross else style, cross_style=cross, glory=glory)
    for st in sheet.styles:
        cmd = _command(st)
        moves.setdefault(cmd.id, cmd)
    return replace(prof, moves=moves, styles=tuple(sheet.styles), base_style=base, style_share=share)


def _command(st: Style) -> MoveProfile:
    """Style Change: L2 (more with Harder Command Move), Utility, Normal Move, Instantaneous; Combo Basic
    (000 L5047–L5053, L5072)."""
    ident = PREFIX + _slug(st.name)
    return command_move(
        ident,
        f"Style Change ({st.name})",
        2 + st.harder_command_move,
        ("normal_move", "utility", "instantaneous"),
        ("basic",),
        options={"style_change": {"style": st.name}},
    )


def _style(prof: Profile, name: str | None) -> Style | None:
    if not prof.styles:  # most sheets have no Multiple Styles
        return None
    return next((s for s in prof.styles if s.name == name), None)


def current(f: Combatant) -> Style | None:
    base = f.base_prof or f.prof
    return _style(base, f.style) if f.style != base.base_style else None


def fold(prof: Profile, f: Combatant) -> Profile:
    """Modified Defense and No Defense of the current style (000 L5106–L5126)."""
    st = _style(prof, f.style) if f.style and f.style != prof.base_style else None
    if st is None:
        return prof
    if st.no_defense:
        return replace(prof, defense=0)  # ruling: the Defense Skill counts 0 (000 L5126)
    n = min(st.modified_defense, 2)
    if not n:
        return prof
    skill = st.modified_defense_skill.value if st.modified_defense_skill is not None else "evasion"
    changes: dict[str, int] = {"defense": prof.defense - n}
    changes[skill if skill in ("evasion", "tactics") else "evasion"] = (
        getattr(prof, skill if skill in ("evasion", "tactics") else "evasion") + n
    )
    return replace(prof, **changes)  # type: ignore[arg-type]


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    base = f.base_prof or f.prof
    if _style(base, eff.move) is None or eff.move == base.base_style:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS", path, f"{f.id}: `style` names one of his styles other than the Base Style."
        )
    f.ongoing.append(eff)
    _enter(f, eff.move or "")


def start(ctx: Turn, f: Combatant) -> None:
    """Every fight starts in the Base Style (000 L5045). Moves that act on other moves (Power Enhancer, Super Move
    Enhancer, Reload, Super Reload) reach only moves of their own style or Cross-Style ones (000 L5056, in their
    modules); Prop Recovery and Powerless Exception act on the fighter's Prop and his lock, not on a move."""
    base = f.base_prof or f.prof
    if base.base_style is None:
        return
    if not f.style:
        f.style = base.base_style


def _enter(f: Combatant, name: str) -> None:
    f.style = name
    f.prof = elements.rebuild(f)


# ── what he can use ──────────────────────────────────────────────────────────────────────────────────


def lock(f: Combatant, m: MoveProfile) -> str | None:
    if not f.style or m.style is None or m.cross_style or m.style == f.style:
        return None
    return f"{m.name} belongs to the {m.style} style; {f.id} is in the {f.style} style"


def follows_end_style(f: Combatant, before: list[MoveProfile], m: MoveProfile) -> bool:
    """After an End Style move in a Combo the Base Style's moves may follow, the style's own may not (000 L3286)."""
    base = (f.base_prof or f.prof).base_style
    return m.style == base and any(x.trait(MoveTrait.end_style) for x in before)


def check_combo(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    for i, m in enumerate(moves):
        ender = next((x for x in moves[:i] if x.trait(MoveTrait.end_style)), None)
        if ender is not None and not m.cross_style and m.style is not None and m.style == ender.style:
            ctx.fail(
                "STYLE_MOVE_UNAVAILABLE",
                path,
                f"{key}: {m.name} belongs to the style {ender.name} ends; it cannot follow it in the Combo.",
                key=key,
            )


def no_movement(f: Combatant, m: MoveProfile | None = None) -> bool:
    """In a No Movement style (a Movement Exception move keeps its own movement, 000 L5136–L5138)."""
    st = current(f)
    return st is not None and st.no_movement and not (m is not None and m.trait(MoveTrait.movement_exception))


def immobile(f: Combatant) -> bool:
    """No movement that costs FS or comes from Elements: a No Movement or Limited Movement style."""
    st = current(f)
    return st is not None and (st.no_movement or st.limited_movement)


def check_action(ctx: Turn, f: Combatant, d: DecisionValue, kind: ActionType, n: int, key: str) -> None:
    first = f.move((d.moves or [""])[0]) if d.moves else None
    if (n or kind is ActionType.move) and no_movement(f, first):
        ctx.fail(
            "STYLE_MOVEMENT_LIMITED",
            f"decisions.{key}.movement",
            f"{key}: {f.id} cannot move in the {f.style} style (No Movement).",
            key=key,
        )


def glory(f: Combatant, m: MoveProfile, points: int) -> int:
    """A style's own move earns its Glory divided by the non-empty styles, rounded up (000 L5058)."""
    share = (f.base_prof or f.prof).style_share
    return points if m.style is None or share <= 1 else math.ceil(points / share)


def limited(f: Combatant, m: MoveProfile | None = None) -> bool:
    """In a Limited Movement style (a Movement Exception move keeps its own movement, 000 L3294)."""
    st = current(f)
    return st is not None and st.limited_movement and not (m is not None and m.trait(MoveTrait.movement_exception))


def movement_fs(ctx: Turn, f: Combatant, kind: ActionType, first: MoveProfile | None, n: int, key: str) -> int | None:
    """Limited Movement: the FS of the movement declared, or None when the style does not change it
    (000 L5098–L5104)."""
    if not limited(f, first) or not n:
        return None
    path = f"decisions.{key}.movement"
    if kind is ActionType.move:
        if n > 2:
            ctx.fail(
                "STYLE_MOVEMENT_LIMITED",
                path,
                f"{key}: in the Limited Movement style {f.style} a movement action covers 1 Range (free) or 2 (1 FS).",
                key=key,
            )
        return 0 if n == 1 else 1
    if kind in (ActionType.attack, ActionType.utility):
        if n > 1:
            ctx.fail(
                "STYLE_MOVEMENT_LIMITED",
                path,
                f"{key}: in the Limited Movement style {f.style} only 1 Range (1 FS) before a move.",
                key=key,
            )
        return 1
    return None


# ── changing style ───────────────────────────────────────────────────────────────────────────────────


def switch(ctx: Turn, f: Combatant, name: str, why: str, ref: str) -> None:
    """Into ``name``: the effects of his moves of the style he leaves end (000 L5056)."""
    old = f.style
    if name == old:
        return
    ended = [
        e
        for e in f.ongoing
        if e.move
        and e.id not in _NOT_EFFECTS
        and (m := f.move(e.move)) is not None
        and m.style == old
        and not m.cross_style
    ]
    for e in [x for x in ended if x.id == OngoingEffectId.summon]:
        summon.leave(ctx, f, e, "its summoner left the style")
    f.ongoing = [e for e in f.ongoing if e not in ended and e.id != OngoingEffectId.style]
    base = (f.base_prof or f.prof).base_style
    if name != base:
        f.ongoing.append(Effect(OngoingEffectId.style, name, None, ctx.turn))
    _enter(f, name)
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} is now in the {name} style ({why})"
        + (": " + ", ".join(sorted({e.id for e in ended})) + " of the old style end" if ended else "")
        + ".",
        ref,
        {"from": old},
        {"style": name},
    )


def use_command(ctx: Turn, f: Combatant, m: MoveProfile, combo: bool, key: str) -> None:
    """The Style Change Command Move in use: 2 FS, 1 for each further change this turn; with no FS left it still
    works, though not in a Combo (000 L5051–L5053)."""
    name = str(m.options.get("style_change", {}).get("style") or "")
    path = f"decisions.{key}.moves"
    if name == f.style:
        ctx.fail("STYLE_CHANGE_INVALID", path, f"{key}: {f.id} is already in the {name} style.", key=key)
    cost = 1 if f.style_changes else 2
    if cost > f.pl:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL",
            path,
            f"{key}: Style Change costs {cost} FS, more than Power Level {f.pl} (000 L5053).",
            key=key,
        )
    if not f.fs and combo:
        ctx.fail("STYLE_CHANGE_INVALID", path, f"{key}: without FS a Style Change cannot be part of a Combo.", key=key)
    paid = min(cost, f.fs)  # ruling: short of FS he pays what he has (000 L5053)
    f.fs -= paid
    f.style_changes += 1
    switch(ctx, f, name, f"Style Change, {paid} FS", "000 L5047–L5053")


def end_style(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """End Style (Instantaneous, Always): back to the Base Style without a Style Change (000 L3286–L3290); so too
    after a Movement Exception move (000 L3298)."""
    base = (f.base_prof or f.prof).base_style
    if (m.trait(MoveTrait.end_style) or m.trait(MoveTrait.movement_exception)) and base is not None and f.style != base:
        switch(ctx, f, base, f"{m.name} ends the style", "000 L3288–L3290, L3298")


def forced(ctx: Turn, f: Combatant, why: str) -> None:
    """Forced Style Change: Hit Stun or a Knock Down in such a style sends him back to the Base Style
    (000 L5082–L5088)."""
    st = current(f)
    base = (f.base_prof or f.prof).base_style
    if st is not None and st.forced_style_change and base is not None:
        switch(ctx, f, base, f"Forced Style Change: {why}", "000 L5088")


@register
class Styles(Element):
    """The style he is in (Multiple Styles, 000 L5040–L5126)."""

    effects = frozenset({"style"})
    entries = frozenset({"end_style", "end_style.movement_exception"})
    order = 50

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return None if ctx.round_over else [e]  # ruling: a new round starts in the Base Style

    def fold(self, prof: Profile, f: Combatant) -> Profile:
        return fold(prof, f)

    def built(self, prof: Profile, sheet: Fighter) -> Profile:
        return with_styles(prof, sheet)


@HIT_STUN(10)
def forced_by_hit_stun(ctx: Turn, f: Combatant) -> None:
    forced(ctx, f, "Hit Stun")
