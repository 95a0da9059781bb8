"""Opening Move with its Move Sub-Set and Multi-Part Move follow-ups (000 L3736–L3755, L4652–L4670), and the
gate of Multi-Part Throw links (their lock is in ``multi_part_throw``).

A follow-up (a move with Move Sub-Set or Multi-Part Move) names its Opening Move on the sheet (option
``opening_move``; a Multi-Part Throw names ``opening_throw``), matched by name or id as Fighter validation does.
It may be used only straight after that move in a Combo, or as the first move of a later action while the
opener's window is open. Using an Opening Move, hit or miss, opens the window for the rest of this turn and the
next; it is carried in ``ongoing_effects`` as ``{"id": "opening_move", "move": <opener>, "since": <turn>}``. The
window closes when any other move, a non-attack action or a Defensive Option is used, or when the fighter takes
Hit Stun or a Knock Down. In a Combo a follow-up straight after its opener costs no extra Control.
"""

from __future__ import annotations

from ....catalogue.character_catalog import normalise
from ....catalogue.table_records import FollowUp
from ...registry import features
from ...registry.elements import HIT_STUN, after_time_roll
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import EntryTable, of_records
from ...state.profile import MOVE_TRAITS, MoveProfile, MoveTrait
from ...state.turn import Turn
from ..vocabulary import LogKey, Ongoing

# A follow-up entry and the opener entry whose window it needs (000 L3746–L3753, L4652–L4670, L3755–L3769).
FOLLOW_UPS: EntryTable[str] = of_records("follow_up", FollowUp, lambda found: found[0].opener)
# The openers whose window lasts into the next turn (Opening Move), and those that open a Throw chain (Opening Throw)
OPENERS = tuple(e for e, roles in MOVE_TRAITS.items() if MoveTrait.opening_move in roles)
_THROW_OPENERS = frozenset(e for e, roles in MOVE_TRAITS.items() if MoveTrait.opening_throw in roles)
_THROW_CHAIN = frozenset(e for e, opener in FOLLOW_UPS.items() if opener in _THROW_OPENERS)  # Multi-Part Throw
WINDOW = Ongoing.opening_move
THROW_WINDOW = Ongoing.multi_part_throw  # a Multi-Part Throw in progress (multi_part_throw.py)
_REF = "000 L3746–L3753, L4652–L4670"


def gated(m: MoveProfile) -> str | None:
    """The entry that gates ``m`` (Move Sub-Set or Multi-Part Move), or None."""
    rows = FOLLOW_UPS.found(m.entries)
    return rows[0][0] if rows else None


def throw_chain(m: MoveProfile) -> bool:
    """``m`` is a later Throw of a Multi-Part Throw: it follows an Opening Throw (000 L4672–L4676)."""
    return gated(m) in _THROW_CHAIN


def opener_name(m: MoveProfile) -> str:
    entry = gated(m)
    return normalise(str(m.options.get(entry, {}).get(FOLLOW_UPS[entry]) or "")) if entry else ""


def follows(prev: MoveProfile, m: MoveProfile) -> bool:
    """``m`` is a follow-up of ``prev`` (which carries Opening Move, or Opening Throw for a Multi-Part Throw)."""
    entry = gated(m)
    name = opener_name(m)
    return (
        bool(name)
        and entry is not None
        and prev.has(FOLLOW_UPS[entry]) > 0
        and name in (normalise(prev.id), normalise(prev.name))
    )


def free_combo_opener(m: MoveProfile) -> bool:
    """A Utility or No Damage Opening Move, or a No Damage Opening Throw, has Utility Combo Opener for free
    (000 L3746, L3765, L4441)."""
    return (m.trait(MoveTrait.opening_move) > 0 and (m.utility or m.kw("no_damage"))) or (
        m.trait(MoveTrait.opening_throw) > 0 and m.kw("no_damage")
    )


def _window(f: Combatant, m: MoveProfile) -> Effect | None:
    for e in f.ongoing:
        if e.id in (WINDOW, THROW_WINDOW) and e.move:
            opener = f.move(e.move)
            if opener is not None and follows(opener, m):
                return e
    return None


def lock(f: Combatant, m: MoveProfile) -> str | None:
    """Why a follow-up cannot open an action now: its opener's window is not open."""
    if gated(m) is None or _window(f, m) is not None:
        return None
    entry = gated(m) or ""
    name = str(m.options.get(entry, {}).get(FOLLOW_UPS.get(entry, "")) or "its opening move")
    return f"{m.name} may only follow {name}, straight after it in a Combo or while its window is open"


def unlocked_by_combo(moves: list[MoveProfile], i: int) -> bool:
    """A follow-up later in a Combo is allowed (only) straight after its opener (000 L4654, L4662)."""
    return i > 0 and follows(moves[i - 1], moves[i])


@features.SEQUENCE_CHECKED
def check(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    for i, m in enumerate(moves):
        if gated(m) is None:
            continue
        if i > 0 and not unlocked_by_combo(moves, i):
            ctx.fail(
                "SEQUENCE_NOT_OPEN",
                path,
                f"{key}: {m.name} must come straight after its Opening Move in the Combo.",
                key=key,
            )
        why = lock(f, m) if i == 0 else None
        if why:
            ctx.fail("SEQUENCE_NOT_OPEN", path, f"{key}: {why}.", key=key)


def throw_link(moves: list[MoveProfile], i: int) -> bool:
    """A Throw followed in the Combo by the next Throw of its Multi-Part Throw: not the Combo's end, and its Knock
    Down waits (000 L3763, L3767)."""
    return i + 1 < len(moves) and throw_chain(moves[i + 1]) and follows(moves[i], moves[i + 1])


def free_links(moves: list[MoveProfile]) -> int:
    """Follow-ups in the middle of a Combo straight after their opener: no +1 Control for them (000 L3742)."""
    return sum(1 for i in range(1, len(moves) - 1) if moves[i].is_special and follows(moves[i - 1], moves[i]))


def close(ctx: Turn, f: Combatant, why: str) -> None:
    if not any(e.id == WINDOW for e in f.ongoing):
        return
    f.ongoing = [e for e in f.ongoing if e.id != WINDOW]
    ctx.note("G", f.id, f"{f.id}'s chance to follow up his Opening Move is gone ({why}).", "000 L3748–L3753")


@features.SEQUENCE_USED
def used(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """After an action or Response with ``moves``: any earlier window is used up or lost; the last Opening Move
    used opens a new one for this turn and the next (hit or miss, 000 L3746)."""
    if not moves:
        return
    had = any(e.id == WINDOW for e in f.ongoing)
    f.ongoing = [e for e in f.ongoing if e.id != WINDOW]
    last = moves[-1]
    if last.trait(MoveTrait.opening_move):
        f.ongoing.append(Effect(WINDOW, last.id, None, ctx.turn))
        ctx.note(
            "G",
            f.id,
            f"{last.name} is an Opening Move: one of its follow-ups may be used this turn or next.",
            _REF,
            {"move": last.id},
            {LogKey.opening_move: last.id},
        )
    elif had and gated(last) is None:
        ctx.note("G", f.id, f"{f.id} used another move: his Opening Move's follow-up chance is gone.", "000 L3748")


@features.SEQUENCE_OTHER_ACTION
def action_taken(ctx: Turn, f: Combatant, kind: str) -> None:
    """A non-attack action ends the window (holding Initiative does not, 000 L3750–L3753)."""
    close(ctx, f, f"a {kind.replace('_', ' ')} action")


@features.SEQUENCE_DEFENDED
def defended(ctx: Turn, d: Combatant, response_moves: list[MoveProfile]) -> None:
    """A Defensive Option ends the window, unless it is a follow-up used as a Defensive Response."""
    if response_moves and any(gated(m) for m in response_moves[:1]):
        return
    close(ctx, d, "he used a Defensive Option")


def tick(ctx: Turn) -> None:
    """End of the turn: a window opened before this turn has had its next turn (000 L3746)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if any(e.id == WINDOW and (ctx.round_over or (e.since or 0) < ctx.turn) for e in f.ongoing):
            f.ongoing = [e for e in f.ongoing if not (e.id == WINDOW and (ctx.round_over or (e.since or 0) < ctx.turn))]
            ctx.note("H.3", f.id, f"{f.id}'s Opening Move window closes unused.", "000 L3746")


def restore_ok(f: Combatant, move: str | None, since: int | None) -> bool:
    m = f.move(move or "")
    return m is not None and any(m.has(o) for o in OPENERS) and since is not None


@after_time_roll(30)  # an Opening Move's window closes (000 L3750)
def _windows(ctx: Turn, elapsed: int) -> None:
    tick(ctx)


@HIT_STUN(20)
def closed_by_hit_stun(ctx: Turn, f: Combatant) -> None:
    close(ctx, f, "Hit Stun")  # 000 L3750
