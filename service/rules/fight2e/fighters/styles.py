"""Multiple Styles (4.F): style options, which moves belong to which style, and cancelled benefits."""

from __future__ import annotations

import math

from ..catalogue.sheet_records import StyleBound, StyleRole
from .fighter_models import FighterMoveKind, Style
from .move_pricing import _purchase_groups
from .sheet import Sheet

# The options a Style may take (000 L5072–L5140): every field of the model but its name, its Base flag and the
# Defense Skill a Modified Defense names.
_STYLE_OPTIONS = tuple(n for n in Style.model_fields if n not in ("name", "is_base", "modified_defense_skill"))


def _roles(s: Sheet, entry_id: str) -> set[StyleRole]:
    """What a Style that does not move or defend takes from the entry: its style records, or its parent's (Mobile's
    modifiers move too; 000 L5100, L5126, L5136–L5138; ruling A-43)."""
    roles: set[StyleRole] = set()
    entry = s.mcat.entries.get(entry_id)
    for i in (entry_id, entry.parent if entry else None):
        roles |= {r.role for r in s.mcat.records.get(i or "", ()) if isinstance(r, StyleBound)}
    return roles


# ── Multiple Styles (4.F 110–114) ───────────────────────────────────────────────────────────────────


def check_styles(s: Sheet) -> None:
    f, found, _camp = s.f, s.found, s.camp
    takes = s.takes["multiple_styles"]
    if f.styles and len(f.styles) != takes + 1:
        found.add(
            "STYLES_COUNT_MISMATCH",
            "fighter.styles",
            f"{len(f.styles)} styles but Multiple Styles taken {takes} time(s): one style per take plus the "
            "Base Style.",
        )
    if f.styles:
        bases = [st for st in f.styles if st.is_base]
        if len(bases) != 1:
            found.add("BASE_STYLE_INVALID", "fighter.styles", f"Exactly one Base Style is needed, not {len(bases)}.")
        elif s.base_style is not None:
            first = [
                m
                for m in s.moves
                if m.move.kind is FighterMoveKind.special
                and m.move.free_source is None
                and (m.move.cross_style or m.move.style == s.base_style)
            ]
            dated = [s.acq(m.move.acquired_at_pl) for m in first]
            if None in dated:
                found.skip("BASE_STYLE_INVALID", "acquired_at_pl on moves")
            elif 1 not in dated:
                found.add(
                    "BASE_STYLE_INVALID",
                    "fighter.styles",
                    f"The Base Style '{s.base_style}' needs a Special Move from character creation.",
                )
    _check_style_options(s)
    _check_style_assignment(s)
    if f.fs_from_style_flaw > s.free_style_flaws % 2:
        found.add(
            "STYLE_FLAW_ACCOUNTING",
            "fighter.fs_from_style_flaw",
            f"{s.free_style_flaws} free Style Flaw(s): only a single leftover flaw gives 1 FS.",
        )


def _check_style_options(s: Sheet) -> None:
    found, camp = s.found, s.camp
    for i, st in enumerate(s.f.styles):
        path = f"fighter.styles[{i}]"
        options = [n for n in _STYLE_OPTIONS if getattr(st, n)]
        if not options:
            continue
        if not camp.style_options_enabled:
            found.add(
                "STYLE_OPTION_INVALID",
                path,
                f"Style options ({', '.join(options)}) need the Director's "
                "permission (campaign.style_options_enabled).",
            )
            continue
        problems = []
        if st.is_base and set(options) - {"harder_command_move"}:
            problems.append("only Harder Command Move may apply to the Base Style")
        if st.no_defense and st.modified_defense:
            problems.append("No Defense cannot share a style with Modified Defense")
        if st.limited_movement and st.no_defense:
            problems.append("Limited Movement cannot share a style with No Defense")
        if st.no_movement and st.limited_movement:
            problems.append("No Movement cannot share a style with Limited Movement")
        if st.modified_defense > 2:
            problems.append("Modified Defense stops at two Qualities")
        companions = st.harder_command_move + st.forced_style_change + st.limited_movement
        if st.modified_defense > companions:
            problems.append(
                "each Modified Defense Quality needs a Forced Style Change, Harder Command Move or "
                "Limited Movement on the same style"
            )
        if st.modified_defense and st.modified_defense_skill is None:
            problems.append("Modified Defense names Evasion or Tactics")
        if problems:
            found.add("STYLE_OPTION_INVALID", path, f"Style '{st.name}': " + "; ".join(problems) + ".")


def _check_style_assignment(s: Sheet) -> None:
    found = s.found
    n = len(s.styles) if s.takes["multiple_styles"] else 1
    shared = s.camp.multiple_styles_shared_moves
    for _key, group in _purchase_groups(s).items():
        first = group[0]
        if n <= 1:
            for m in group:
                if m.move.style or m.move.cross_style or len(group) > 1:
                    found.add(
                        "STYLE_MOVE_ASSIGNMENT",
                        m.path,
                        f"{m.label}: styles, Cross-Style Moves and shared purchases exist only with Multiple Styles.",
                    )
            continue
        for m in group:
            if not m.move.cross_style and m.move.style not in s.styles:
                found.add(
                    "STYLE_MOVE_ASSIGNMENT",
                    f"{m.path}.style",
                    f"{m.label} names no style of the Fighter ('{m.move.style}').",
                )
        if any(m.move.cross_style for m in group):
            if len(group) > 1:
                found.add("STYLE_MOVE_ASSIGNMENT", first.path, "A Cross-Style Move is one move placed in every style.")
            continue
        styles = [m.move.style for m in group]
        same_build = len({(m.move.kind, m.move.level) for m in group}) == 1
        distinct = len(set(styles)) == len(styles)
        if not same_build or not distinct or (not shared and len(group) != n) or len(group) > n:
            found.add(
                "STYLE_MOVE_ASSIGNMENT",
                first.path,
                f"{first.label}: one purchase builds one move of the same kind and level for "
                + ("each of some styles" if shared else f"each of the {n} styles")
                + f"; got {len(group)} for "
                f"{', '.join(str(x) for x in styles)}.",
            )
    _check_style_move_benefits(s)


def _check_style_move_benefits(s: Sheet) -> None:
    """Moves of a Limited/No Movement style gain nothing from movement entries, and those of a No Defense style
    nothing from Defense Liabilities (000 L5100, L5126, L5136–L5138; ruling A-43)."""
    for m in s.moves:
        style = s.styles.get(m.move.style or "")
        if style is None or m.price is None or m.move.cross_style or not m.bought:
            continue
        immobile = style.limited_movement or style.no_movement
        if not (immobile or style.no_defense):
            continue
        lost = 0.0
        excepted = any(StyleRole.movement_exception in _roles(s, c.id) for c in m.move.elements)
        for j, c in enumerate(m.move.elements):
            if immobile and StyleRole.movement in _roles(s, c.id) and not excepted:
                s.found.add(
                    "STYLE_ELEMENT_INERT",
                    f"{m.path}.elements[{j}]",
                    f"{m.label}: {c.id} does nothing in the '{style.name}' style.",
                )
        for c in m.move.liabilities:
            entry = s.mcat.entries.get(c.id)
            if entry is None:
                continue
            roles = _roles(s, c.id)
            if (immobile and StyleRole.movement in roles and not excepted) or (
                style.no_defense and StyleRole.defense in roles
            ):
                lost += -entry.cost * c.times
        if lost:
            slots = m.price["element_slots"]
            elements = sum(e["cost"] for e in m.price["entries"] if e["cost"] > 0)
            liabilities = -sum(e["cost"] for e in m.price["entries"] if e["cost"] < 0) - lost
            used = math.ceil(elements - max(liabilities, 0))
            if used > slots:
                s.found.add(
                    "MOVE_ELEMENT_BUDGET_EXCEEDED",
                    f"{m.path}.liabilities",
                    f"{m.label}: in the '{style.name}' style some Liabilities earn nothing, leaving {used} "
                    f"Elements for {slots} slots.",
                )
