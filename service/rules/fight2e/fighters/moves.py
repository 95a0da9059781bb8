"""Rule group 4.F: Move Points, the Move List, duplicate moves, references between moves and free moves."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from ..catalogue.character_catalog import normalise
from ..catalogue.sheet_records import ChargePool, NamesMoves, NeedsMove, OnEverySuper, OpensFrom, TargetMust
from .fighter_models import Budget, FighterMoveKind, FreeSource, Role
from .sheet import MoveState, Sheet

R = TypeVar("R")

# ── 4.F Move Points and Special Moves ───────────────────────────────────────────────────────────────


def check_move_points(s: Sheet) -> None:
    f, found = s.f, s.found
    available = 10 * s.budget_pl  # 000 L631, L659
    on_moves = sum(m.charged for m in s.moves)
    spent = (
        on_moves
        + f.move_points_to_narrative
        + f.move_points_to_fighting_spirit
        + 3 * f.combo_from_move_points
        + 2 * f.attack_string_from_move_points
        + f.move_points_banked
    )
    s.mp = Budget(available=available, spent=spent)
    detail = (
        f"{on_moves} on moves, {f.move_points_to_narrative} to Narrative Skills, "
        f"{f.move_points_to_fighting_spirit} to FS, {3 * f.combo_from_move_points} to Combo, "
        f"{2 * f.attack_string_from_move_points} to Attack String, {f.move_points_banked} saved"
    )
    pl1 = f.power_level == 1
    if spent != available:
        if s.pl >= 9 and spent > available:
            found.add(
                "BOSS_MOVE_POINT_SHORTFALL",
                "fighter.moves",
                f"A Boss is built on PL 8's {available} Move Points; the sheet uses {spent} ({detail}).",
            )
        elif s.pl >= 9:
            found.add("BOSS_BUDGETS_AS_PL8", "fighter.moves", f"{spent} of PL 8's {available} Move Points used.")
        elif pl1 and spent < available:
            found.add(
                "PL1_MOVE_POINTS_UNSPENT",
                "fighter.moves",
                f"All 10 Move Points are spent at creation; {available - spent} left ({detail}).",
            )
        else:
            found.add(
                "MOVE_POINTS_BUDGET",
                "fighter.moves",
                f"{spent} Move Points accounted for ({detail}); Power Level {s.budget_pl} gives {available}.",
            )
    pl1_entries = [e for e in f.move_point_ledger or () if e.pl == 1]
    banked1 = f.move_points_banked if pl1 else sum(e.banked_out for e in pl1_entries)
    if banked1:
        found.add(
            "PL1_MOVE_POINTS_UNSPENT",
            "fighter.move_points_banked",
            "Move Points cannot be saved at character creation.",
        )
    if pl1:
        to_fs_combo = f.move_points_to_fighting_spirit + 3 * f.combo_from_move_points
    elif pl1_entries:
        to_fs_combo = sum(e.to_fighting_spirit + e.to_combo for e in pl1_entries)
    else:
        to_fs_combo = 0
        if f.move_points_to_fighting_spirit or f.combo_from_move_points:
            found.skip("PL1_LEFTOVER_NOT_NARRATIVE", "move_point_ledger entry of PL 1")
    rule = s.camp.pl1_leftover_mp_any_use
    if to_fs_combo and rule is not True:
        found.add(
            "PL1_LEFTOVER_NOT_NARRATIVE",
            "fighter.move_points_to_fighting_spirit",
            "At creation leftover Move Points go to Narrative Skills; Fighting Spirit or Combo needs the "
            "Director's leave.",
            severity="error" if rule is False else None,
        )
    _check_ledger(s, on_moves)


def _check_ledger(s: Sheet, on_moves: int) -> None:
    f, found = s.f, s.found
    ledger = sorted(f.move_point_ledger or (), key=lambda e: (e.pl, repr(e)))
    if f.move_point_ledger is None:
        if f.power_level > 1:
            for code in ("MOVE_POINTS_BANK_INCONSISTENT", "ADVANCEMENT_GRANTS_MISMATCH", "MP_TO_FS_NOT_CARRIED"):
                found.skip(code, "move_point_ledger")
        return
    problems: list[str] = []
    previous_out = 0
    for e in ledger:
        if e.received != 10 and e.pl <= 8:
            found.add(
                "ADVANCEMENT_GRANTS_MISMATCH",
                "fighter.move_point_ledger",
                f"PL {e.pl} shows {e.received} Move Points received; every Power Level gives 10.",
                key=str(e.pl),
            )
        used = e.spent_on_moves + e.to_narrative + e.to_fighting_spirit + e.to_combo + e.to_attack_string
        if e.received + e.banked_in != used + e.banked_out:
            problems.append(
                f"PL {e.pl} does not balance ({e.received} + {e.banked_in} in, {used} + {e.banked_out} out)"
            )
        if e.banked_in != previous_out:
            problems.append(f"PL {e.pl} brings in {e.banked_in} saved but {previous_out} were saved before")
        if e.to_combo % 3 or e.to_attack_string % 2:
            problems.append(f"PL {e.pl} buys Combo at 3 and Attack String at 2 Move Points a level")
        previous_out = e.banked_out
    totals = {
        "to Narrative Skills": (sum(e.to_narrative for e in ledger), f.move_points_to_narrative),
        "to Fighting Spirit": (sum(e.to_fighting_spirit for e in ledger), f.move_points_to_fighting_spirit),
        "to Combo": (sum(e.to_combo for e in ledger), 3 * f.combo_from_move_points),
        "to Attack String": (sum(e.to_attack_string for e in ledger), 2 * f.attack_string_from_move_points),
        "on moves": (sum(e.spent_on_moves for e in ledger), on_moves),
        "saved now": (ledger[-1].banked_out if ledger else 0, f.move_points_banked),
    }
    problems += [f"{k}: ledger {a}, sheet {b}" for k, (a, b) in totals.items() if a != b]
    dated = [m for m in s.moves if m.charged]
    if dated and all(s.acq(m.move.acquired_at_pl) is not None for m in dated):
        per_pl: Counter[int | None] = Counter()
        for m in dated:
            per_pl[s.acq(m.move.acquired_at_pl)] += m.charged
        for e in ledger:
            if per_pl.get(e.pl, 0) != e.spent_on_moves:
                problems.append(
                    f"PL {e.pl}: moves acquired then cost {per_pl.get(e.pl, 0)}, ledger says {e.spent_on_moves}"
                )
    if problems:
        found.add("MOVE_POINTS_BANK_INCONSISTENT", "fighter.move_point_ledger", "; ".join(problems) + ".")


def check_move_list(s: Sheet) -> None:
    f, found = s.f, s.found
    closed = f.move_list_closed_at_pl
    bought = [m for m in s.moves if m.bought and m.move.free_source is None]
    supers_on = s.camp.super_moves_enabled
    if closed is not None:
        has_super = any(m.is_super and (s.acq(m.move.acquired_at_pl) or 0) <= closed for m in bought)
        if supers_on and (closed < 3 or not has_super):
            found.add(
                "MOVE_LIST_CLOSED_TOO_EARLY",
                "fighter.move_list_closed_at_pl",
                "With Super Moves in play the Move List closes only after the first Super Move, at PL 3 or later.",
            )
        for m in s.moves:
            at = s.acq(m.move.acquired_at_pl)
            if at is not None and at > closed:
                found.add(
                    "MOVE_AFTER_LIST_CLOSED",
                    f"{m.path}.acquired_at_pl",
                    f"{m.label} was acquired at PL {at}, after the Move List closed at PL {closed}.",
                )
    top = min(s.budget_pl, 8)
    if any(s.acq(m.move.acquired_at_pl) is None for m in bought):
        found.skip("NEW_MOVE_REQUIRED", "acquired_at_pl on moves")
    else:
        got = {s.acq(m.move.acquired_at_pl) for m in bought}
        for k in range(1, top + 1):
            if (closed is None or k < closed) and k not in got:
                found.add(
                    "NEW_MOVE_REQUIRED",
                    "fighter.moves",
                    f"No new Special or Super Move at PL {k} while the Move List was open.",
                    key=str(k),
                )
    for m in s.moves:
        mv = m.move
        if mv.kind is FighterMoveKind.special and mv.level >= 6:
            found.add("SPECIAL_MOVE_HIGH_LEVEL", f"{m.path}.level", f"{m.label}: L{mv.level} is legal but rare.")
        if m.bought and not mv.name:
            found.add("MOVE_NAME_MISSING", f"{m.path}.name", f"{m.label} deserves a name.")
        if mv.cost_paid is not None and m.group_cost is not None:
            ident = normalise(mv.command or "")
            if ident == "identity_change":
                if mv.cost_paid != 3:
                    found.add(
                        "IDENTITY_CHANGE_COST",
                        f"{m.path}.cost_paid",
                        f"Identity Change costs 3 Move Points, not {mv.cost_paid}.",
                    )
            elif mv.cost_paid != m.group_cost:
                found.add(
                    "MOVE_COST_MISMATCH",
                    f"{m.path}.cost_paid",
                    f"{m.label} costs {m.group_cost} Move Points; the sheet says {mv.cost_paid}.",
                )
    if any(m.bought for m in s.moves):
        found.add(
            "DIRECTOR_MAY_DISALLOW_ELEMENT", "fighter.moves", "The Director may still veto any Element or Liability."
        )
    n = sum(1 for m in bought)
    if f.power_level == 8 and f.role is Role.pc and not 18 <= n <= 24:
        found.add(
            "MOVE_COUNT_ADVICE",
            "fighter.moves",
            f"{n} Special and Super Moves; a Fighter usually ends with 18–24 by PL 8.",
        )


def check_unmodified(s: Sheet) -> None:
    """A move cannot be changed once designed (000 L2301): a move whose ``as_bought`` definition differs from its
    present one is reported. Ruling: a move without ``as_bought`` is taken to be as it was bought (RULINGS.md)."""
    for m in s.moves:
        bought = m.move.as_bought
        if not m.bought or bought is None:
            continue
        now = (m.move.level, _entries_key(m.move.elements), _entries_key(m.move.liabilities))
        then = (bought.level, _entries_key(bought.elements), _entries_key(bought.liabilities))
        if now != then:
            changed = [
                name for name, a, b in zip(("Level", "Elements", "Liabilities"), now, then, strict=True) if a != b
            ]
            s.found.add(
                "MOVE_MODIFIED",
                f"{m.path}.as_bought",
                f"{m.label}: changed since it was bought ({', '.join(changed)}); a redesign is a new move.",
            )


def check_duplicates_and_identity(s: Sheet) -> None:
    found = s.found
    seen: dict[tuple, int] = {}
    for m in s.moves:
        mv = m.move
        if m.bought:
            key: tuple = (
                mv.kind.value,
                mv.level,
                _entries_key(mv.elements),
                _entries_key(mv.liabilities),
                None if mv.cross_style else mv.style,
                mv.tier_group,
                mv.tier,
            )
        else:
            key = ("command", normalise(mv.command or ""), normalise(mv.identity_of or ""))
        if key in seen:
            found.add(
                "MOVE_DUPLICATE",
                m.path,
                f"{m.label} repeats move {seen[key] + 1}; a new version must differ in its build.",
            )
        else:
            seen[key] = m.index
    identity = [m for m in s.moves if normalise(m.move.command or "") == "identity_change"]
    at_creation = [m for m in identity if s.acq(m.move.acquired_at_pl) == 1]
    if len(at_creation) > 3:
        found.add(
            "IDENTITY_CHANGE_PL1_LIMIT",
            at_creation[3].path,
            f"{len(at_creation)} Identity Change moves at creation; at most three.",
        )
    for m in identity:
        if not m.move.director_approved:
            found.add(
                "DIRECTOR_APPROVAL_REQUIRED",
                m.path,
                "The Director sets what must happen before an Identity Change can be learned.",
                ref="000 L5159",
            )


def _option(m: MoveState, entry_id: str, name: str) -> str | None:
    for c in (*m.move.elements, *m.move.liabilities):
        if c.id == entry_id:
            value = c.options.get(name)
            return value if isinstance(value, str) else None
    return None


def _names(m: MoveState) -> set[str]:
    return {normalise(x) for x in (m.move.name, m.move.id) if x}


def _sheet_records(s: Sheet, m: MoveState, kind: type[R]) -> Iterable[tuple[str, R]]:
    """The move's entries' records of ``kind``, each with its entry's id."""
    for c in (*m.move.elements, *m.move.liabilities):
        for r in s.mcat.records.get(c.id, ()):
            if isinstance(r, kind):
                yield c.id, r


def _carries(m: MoveState, entries: tuple[str, ...]) -> bool:
    return all(m.has(e) for e in entries)


def _name(s: Sheet, entry_id: str) -> str:
    entry = s.mcat.entries.get(entry_id)
    return entry.name if entry else entry_id


def _misfit(s: Sheet, m: MoveState, hit: MoveState, r: NamesMoves) -> str | None:
    """Why the move ``hit`` that ``m`` names does not fit the record, or None."""
    if r.must is TargetMust.super and not hit.is_super:
        return f"is not {r.what}"
    if r.with_entries and not _carries(hit, r.with_entries):
        return f"is not {r.what}"
    if (
        r.must is TargetMust.same_style
        and not (m.move.cross_style or hit.move.cross_style)
        and (m.move.style or s.base_style) != (hit.move.style or s.base_style)
    ):
        return "belongs to another style"
    return None


def _check_named_moves(s: Sheet, m: MoveState, by_name: dict[str, MoveState]) -> None:
    """The moves an entry's design option names (a Power Enhancer's, a Super Move Enhancer's, an End Buff's)."""
    for entry_id, r in _sheet_records(s, m, NamesMoves):
        named = [t.strip() for t in (_option(m, entry_id, r.option) or "").split(",") if t.strip()]
        for target in named:
            hit = by_name.get(normalise(target))
            key = f"{entry_id}:{target}"
            if hit is None or hit is m:
                s.found.add(
                    "CROSS_MOVE_REFERENCE_MISSING",
                    m.path,
                    f"{m.label}: '{target}' is not another move on the sheet.",
                    key=key,
                )
            elif (why := _misfit(s, m, hit, r)) is not None:
                s.found.add(r.code, m.path, f"{m.label}: '{target}' {why}.", key=key)
        if r.unnamed and not named and not any(_misfit(s, m, o, r) is None for o in s.moves if o is not m):
            s.found.add(r.code, m.path, f"{m.label}: no other move is {r.what}.", key=entry_id)


def check_move_references(s: Sheet) -> None:
    """Entries that need or name another of the Fighter's moves (moves digest part 2 §2.9), read from their sheet
    records (``catalogue/sheet_records.py``)."""
    found, moves = s.found, s.moves
    by_name = {name: o for o in moves for name in _names(o)}
    pools: dict[str, set[str | None]] = {}
    for m in moves:
        for entry_id, need in _sheet_records(s, m, NeedsMove):
            if not any(o is not m and _carries(o, need.entries) for o in moves):
                found.add(
                    need.code,
                    m.path,
                    f"{m.label}: {_name(s, entry_id)} needs {need.what} among the Fighter's other moves.",
                    key=entry_id,
                )
        _check_named_moves(s, m, by_name)
        for entry_id, opens in _sheet_records(s, m, OpensFrom):
            opening = _option(m, entry_id, opens.option)
            if opening and normalise(opening) not in by_name:
                found.add(
                    "SEQUENCE_OPENING_MISSING",
                    m.path,
                    f"{m.label}: the opening move '{opening}' is not on the sheet yet.",
                    key=entry_id,
                )
        for entry_id, p in _sheet_records(s, m, ChargePool):
            if pool := _option(m, entry_id, p.pool):
                pools.setdefault(normalise(pool), set()).add(_option(m, entry_id, p.reload))
    # Every move drawing on one pool reloads the same way (000 L4603–L4642).
    for m in moves:
        for entry_id, p in _sheet_records(s, m, ChargePool):
            pool = _option(m, entry_id, p.pool)
            if pool and len(pools[normalise(pool)]) > 1:
                found.add(
                    "LIMITED_USE_POOL_INCONSISTENT",
                    m.path,
                    f"{m.label}: the moves of pool '{pool}' reload in different ways.",
                )
    _check_every_super(s)


def _check_every_super(s: Sheet) -> None:
    """An entry that, once on one Super Move, must be on each (Limited Choice, 000 L4972)."""
    supers = [m for m in s.moves if m.is_super]
    binding = {(e, r.code) for m in supers for e, r in _sheet_records(s, m, OnEverySuper)}
    for entry_id, code in sorted(binding):
        for m in supers:
            if not m.has(entry_id):
                s.found.add(
                    code,
                    m.path,
                    f"{m.label}: {_name(s, entry_id)} must be on every Super Move once one has it.",
                    key=entry_id,
                )


def _entries_key(entries: Iterable) -> tuple:
    return tuple(sorted((e.id, e.times, repr(sorted(e.options.items())) if e.options else "") for e in entries))


def check_free_moves(s: Sheet) -> None:
    found, camp = s.found, s.camp
    throws = [m for m in s.moves if m.move.free_source is FreeSource.basic_throw]
    if len(throws) > camp.free_basic_throws:
        found.add(
            "FREE_THROW_INVALID",
            "fighter.moves",
            f"The campaign grants {camp.free_basic_throws} free Basic Throws; the sheet has {len(throws)}.",
        )
    for m in throws:
        at = s.acq(m.move.acquired_at_pl)
        if at is not None and at > 1:
            found.add("FREE_THROW_INVALID", f"{m.path}.acquired_at_pl", "Free Basic Throws are granted at PL 1.")
    rp = [m for m in s.moves if m.move.free_source is FreeSource.realize_potential]
    for m in rp:
        mv = m.move
        if not mv.realize_potential_target:
            found.add(
                "REALIZE_POTENTIAL_MOVE_INVALID",
                f"{m.path}.realize_potential_target",
                "A Realize Potential move works against one named opponent.",
            )
        if mv.realize_potential_check is not None and mv.level != math.ceil(mv.realize_potential_check / 3):
            found.add(
                "REALIZE_POTENTIAL_MOVE_INVALID",
                f"{m.path}.level",
                f"A check of {mv.realize_potential_check} yields an L{math.ceil(mv.realize_potential_check / 3)} "
                f"move, not L{mv.level}.",
            )
        if not mv.director_approved:
            found.add(
                "REALIZE_POTENTIAL_MOVE_INVALID",
                f"{m.path}.director_approved",
                "The Director has the final say on a Realize Potential move.",
                severity="warning",
            )
    if len(rp) > 2:
        found.add(
            "REALIZE_POTENTIAL_MOVE_INVALID",
            "fighter.moves",
            f"{len(rp)} Realize Potential moves; it normally happens once or twice a campaign.",
            severity="warning",
        )
    lone = sum(1 for m in s.moves if m.price and any(i["code"] == "UNPAIRED_HALF_LIABILITY" for i in m.price["info"]))
    if s.f.fs_from_half_liabilities > lone // 2:
        found.add(
            "HALF_LIABILITY_FS_INVALID",
            "fighter.fs_from_half_liabilities",
            f"{lone} moves carry a lone ½ Liability: at most {lone // 2} Fighting Spirit from them.",
        )
