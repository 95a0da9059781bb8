"""The named points where entries' combat records act, one generic function per point.

An entry's records (``rules:`` in the catalogue data, typed in ``catalogue/records.py``) are collected per move by
the profile; the turn asks them here: ``accuracy_table`` (folded into the move's Accuracy once, when the profile is
built), ``labelled_accuracy`` (Accuracy that depends on the Range, D.6), ``knockback`` (E.3) and ``die_shifts``
(next turn's Initiative and Control dice, A.2, gained on use, on a hit or on a miss). No code here names an entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Protocol, TypeVar

from pydantic import BaseModel

from ...catalogue.catalog import catalog
from ...catalogue.records import (
    DEFENCE_OPTIONS,
    PROFILE_KINDS,
    Denies,
    DieShiftNextTurn,
    Family,
    Granted,
    Knockback,
    Lasting,
    Misfire,
    Modifier,
    MoveRecord,
    OptionRef,
    Place,
    Point,
    Priced,
    Record,
    State,
    Trigger,
    UseLock,
    When,
)
from ...catalogue.sheet_records import SHEET_KINDS
from ...catalogue.table_records import TABLE_KINDS

if TYPE_CHECKING:
    from ..state.combatant import Combatant
    from ..state.turn import Turn


class _Move(Protocol):
    @property
    def records(self) -> tuple[MoveRecord, ...]: ...

    @property
    def options(self) -> dict[str, dict[str, object]]: ...

    def kw(self, keyword: str) -> bool: ...


class _Lasting(Protocol):
    @property
    def id(self) -> str: ...


class _Owner(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def ongoing(self) -> Sequence[_Lasting]: ...


class _Attacker(Protocol):
    @property
    def beast_form(self) -> bool: ...


class _Part(Protocol):
    @property
    def roll(self) -> int: ...

    @property
    def step(self) -> int: ...

    @property
    def counted(self) -> str: ...


_FOLDED = (Priced, Family, *PROFILE_KINDS, *SHEET_KINDS, *TABLE_KINDS)


def at_turn_points(r: Record) -> bool:
    """Whether the record acts during the turn (the rest are folded into the profile)."""
    return not _own_accuracy(r) and not isinstance(r, _FOLDED)


def _own_accuracy(r: Record) -> bool:
    return isinstance(r, Modifier) and r.point is Point.accuracy and r.label is None


def accuracy_table(
    records: Sequence[Record], times: int, throws_unblockable: bool
) -> tuple[tuple[int, ...], int] | None:
    """An entry's Accuracy against each defence option (``DEFENCE_OPTIONS`` order) and against anything else, from
    its unlabelled Accuracy records whose campaign condition holds; None when none counts."""
    counted = [
        r
        for r in records
        if isinstance(r, Modifier)
        and _own_accuracy(r)
        and (r.when.campaign != "throws_unblockable" or throws_unblockable)
    ]
    if not counted:
        return None

    def amount(r: Modifier) -> int:
        return r.amount * (times if r.per_instance else 1)

    table = tuple(sum(amount(r) for r in counted if r.counts_vs(o)) for o in DEFENCE_OPTIONS)
    return table, sum(amount(r) for r in counted if not r.vs)


def _value(m: _Move, entry: str, ref: OptionRef, allowed: frozenset[str]) -> str:
    value = m.options.get(entry, {}).get(ref.option)
    return str(value) if value is not None and str(value) in allowed else ref.default


def _holds(when: When, m: _Move, last: bool, distance: int | None = None, combo: bool = False) -> bool:
    if when.in_combo and not combo:
        return False
    if when.place is Place.last and not last:
        return False
    if when.distance is not None:
        if distance is None:
            return False
        lo, hi = when.distance.reach if m.kw("reach_range") else when.distance.long
        if not lo <= distance <= hi:
            return False
    return True


def labelled_accuracy(m: _Move, distance: int, option: str) -> dict[str, int]:
    """D.6: the move's Accuracy records that depend on the Range, each under its own name."""
    out: dict[str, int] = {}
    for mr in m.records:
        r = mr.record
        if (
            isinstance(r, Modifier)
            and r.point is Point.accuracy
            and r.label
            and r.counts_vs(option)
            and _holds(r.when, m, True, distance)
        ):
            out[r.label] = out.get(r.label, 0) + r.amount * (mr.times if r.per_instance else 1)
    return out


@cache
def granted(state: State) -> tuple[MoveRecord, ...]:
    """The records every attack of a fighter in ``state`` has (the entries a ``granted`` record names it for)."""
    return tuple(
        MoveRecord(e, 1, r)
        for e, records in catalog().records.items()
        if any(isinstance(g, Granted) and g.state is state for g in records)
        for r in records
        if not isinstance(r, Granted)
    )


def _granted(attacker: _Attacker | None) -> tuple[MoveRecord, ...]:
    return granted(State.beast_form) if attacker is not None and attacker.beast_form else ()


def _knockbacks(moves: Sequence[_Move], attacker: _Attacker | None = None) -> list[Knockback]:
    last = len(moves) - 1
    found = [
        mr.record
        for i, m in enumerate(moves)
        for mr in m.records
        if isinstance(mr.record, Knockback) and _holds(mr.record.when, m, i == last, combo=last > 0)
    ]
    for mr in _granted(attacker):  # held by the attack's last move
        if isinstance(mr.record, Knockback) and _holds(mr.record.when, moves[last], True, combo=last > 0):
            found.append(mr.record)
    return found


def knockback(moves: Sequence[_Move], attacker: _Attacker | None = None) -> int | None:
    """E.3: the Ranges the attack's records set (000 L5948–L5956), those its attacker's state grants every attack
    included (Beast Form, 000 L5319), or None when they leave the usual figure: a record that needs no Knockback
    keyword wins outright; otherwise the largest, when a move has the keyword; 0 when none has it."""
    found = _knockbacks(moves, attacker)
    forced = [r.ranges for r in found if r.without_keyword]
    if forced:
        return max(forced)
    if not any(m.kw("knockback") for m in moves):
        return 0
    return max((r.ranges for r in found), default=None)


def knockback_log(moves: Sequence[_Move]) -> Knockback | None:
    """The record that names the attack's push in the log (a Hurl), if any."""
    return next((r for r in _knockbacks(moves) if r.log), None)


def own_knockback(m: _Move, attacker: _Attacker | None = None) -> int:
    """The Knock Back the move alone causes: its records' figure (and those its attacker's state grants), else 1."""
    return max((r.ranges for r in _knockbacks([m], attacker)), default=1)


_ROLLS = frozenset(("initiative", "control"))
_TRIGGERS = frozenset(t.value for t in Trigger)
_STAGE = {Trigger.on_hit: "E.5", Trigger.on_miss: "F.1", Trigger.always: "G"}


def _trigger(m: _Move, mr: MoveRecord, r: DieShiftNextTurn) -> Trigger:
    return Trigger(_value(m, mr.entry, r.trigger, _TRIGGERS)) if isinstance(r.trigger, OptionRef) else r.trigger


def _roll(m: _Move, mr: MoveRecord, r: DieShiftNextTurn) -> str:
    return _value(m, mr.entry, r.roll, _ROLLS) if isinstance(r.roll, OptionRef) else r.roll.value


def _even_roll(part: _Part | None) -> bool:
    """The move's own damage was rolled (no fixed figure, 000 L3210) and came up even."""
    return part is not None and part.counted in ("full", "half") and part.roll % 2 == 0 and part.step > -3


def die_shifts(
    ctx: Turn,
    user: Combatant,
    target: Combatant | None,
    m: _Move,
    trigger: Trigger,
    last: bool = True,
    part: _Part | None = None,
    combo: bool = False,
) -> None:
    """A.2 next turn: the move's die-shift records for this moment, gained by the user or laid on the target."""
    for mr in m.records:
        r = mr.record
        if not isinstance(r, DieShiftNextTurn) or _trigger(m, mr, r) is not trigger:
            continue
        if not _holds(r.when, m, last, combo=combo) or (r.when.even_damage_roll and not _even_roll(part)):
            continue
        owner = user if r.who == "user" else target
        if owner is None:
            continue
        shift = (_roll(m, mr, r), r.steps, mr.entry)
        if r.stacking == "replace":
            owner.next_dice = [x for x in owner.next_dice if x[2] != mr.entry]
        if not any(x[2] == mr.entry for x in owner.next_dice):
            owner.next_dice.append(shift)
        note = r.notes.get(trigger)
        if note:
            text = note.format(roll=part.roll if part is not None else "", target=owner.id)
            ctx.note(_STAGE[trigger], owner.id, text, r.ref)


@cache
def lost_when_hit() -> frozenset[str]:
    """The entries whose waiting die shift a hit on its owner removes (E.6)."""
    return frozenset(
        e
        for e, records in catalog().records.items()
        if any(isinstance(r, DieShiftNextTurn) and r.lost_when_hit for r in records)
    )


def modifier_total(m: _Move, point: Point) -> int:
    """The move's modifiers of a point that take no condition (damage die sizes, Super Energy on a hit)."""
    total = 0
    for mr in m.records:
        r = mr.record
        if isinstance(r, Modifier) and r.point is point:
            total += r.amount * (mr.times if r.per_instance else 1)
    return total


def modifier_vs(moves: Sequence[_Move], point: Point, option: str) -> int:
    """The attack's modifiers of a point against the defence option taken, every move's counted."""
    total = 0
    for m in moves:
        for mr in m.records:
            r = mr.record
            if isinstance(r, Modifier) and r.point is point and r.counts_vs(option):
                total += r.amount * (mr.times if r.per_instance else 1)
    return total


def denied(moves: Sequence[_Move]) -> frozenset[str]:
    """E.4: the Knock Down options the attack's records take from the defender."""
    return frozenset(o for m in moves for mr in m.records if isinstance(mr.record, Denies) for o in mr.record.options)


def misfire(moves: Sequence[_Move]) -> tuple[str, Misfire] | None:
    """D.1: the attack's chance to fail outright, by entry (one roll for the whole attack), if any."""
    return next(
        ((mr.entry, mr.record) for m in moves for mr in m.records if isinstance(mr.record, Misfire)),
        None,
    )


class _Entries(Protocol):
    @property
    def entries(self) -> dict[str, int]: ...


R = TypeVar("R", bound=BaseModel)
# Derived once from the load-once catalogue: by record kind, each entry's first record of it; by (kind, point,
# labelled), the entries that have one (a quick gate before a move's records are read).
_FIRST: dict[type, dict[str, BaseModel]] = {}
_WITH: dict[tuple[type, Point | None, bool], frozenset[str]] = {}


def first_record(m: _Entries, kind: type[R]) -> R | None:
    """The first record of ``kind`` among the move's entries: a record its profile does not collect (one read where
    it is applied, an Accuracy for Damage trade …)."""
    index = _FIRST.get(kind)
    if index is None:
        index = _FIRST[kind] = {
            e: next(r for r in found if isinstance(r, kind))
            for e, found in catalog().records.items()
            if any(isinstance(r, kind) for r in found)
        }
    for e in m.entries:
        r = index.get(e)
        if r is not None:
            return r  # type: ignore[return-value]  # an instance of ``kind``, by construction
    return None


def entries_with(kind: type[BaseModel], point: Point | None = None, labelled: bool = False) -> frozenset[str]:
    """The entries with a record of ``kind`` (a modifier of ``point``, with a label of its own if ``labelled``)."""
    key = (kind, point, labelled)
    found = _WITH.get(key)
    if found is None:
        found = _WITH[key] = frozenset(
            e
            for e, records in catalog().records.items()
            for r in records
            if isinstance(r, kind)
            and (point is None or getattr(r, "point", None) is point)
            and (not labelled or getattr(r, "label", None))
        )
    return found


def any_with(moves: Sequence[_Entries], entries: frozenset[str]) -> bool:
    """Whether one of the moves has one of ``entries`` (a gate from ``entries_with``)."""
    return any(not entries.isdisjoint(m.entries) for m in moves)


def lasting(m: _Move) -> list[tuple[str, Lasting]]:
    """The effects the move starts on its user, by entry (C.5)."""
    return [(mr.entry, mr.record) for mr in m.records if isinstance(mr.record, Lasting)]


def _lasting_records(owner: _Owner) -> list[Record]:
    if not owner.ongoing:
        return []
    found = catalog().records
    return [r for e in owner.ongoing for r in found.get(e.id, ())]


def lasting_defense(owner: _Owner, option: str) -> dict[str, int]:
    """D.4: Defense Total modifiers of the effects lasting on the defender, each under its own name."""
    out: dict[str, int] = {}
    for r in _lasting_records(owner):
        if isinstance(r, Modifier) and r.point is Point.defense_total and r.label and r.counts_vs(option):
            out[r.label] = out.get(r.label, 0) + r.amount
    return out


class _Fails(Protocol):
    def fail(self, code: str, path: str, message: str, key: str | None = None, ref: str | None = None) -> None: ...


class _Usable(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def is_special(self) -> bool: ...

    def has(self, entry: str) -> int: ...


def check_use_locks(ctx: _Fails, owner: _Owner, moves: Sequence[_Usable], path: str, key: str) -> None:
    """C: an attack's Offensive moves that a lasting effect's lock forbids are a violation."""
    for r in _lasting_records(owner):
        if not isinstance(r, UseLock):
            continue
        for m in moves:
            ok = (m.is_special or not r.allows.special) and (
                not r.allows.any_entries or any(m.has(e) for e in r.allows.any_entries)
            )
            if not ok:
                text = r.message.format(fighter=owner.id, move=m.name)
                ctx.fail(r.code, path, f"{key}: {text}", key=key)
