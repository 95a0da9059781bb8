"""Elements and Liabilities about Super Moves (000 L4922–L4974) and the Super Move Enhancer (000 L4233–L4237):
what a Super costs him now, the Supers he may use in this fight, and the Time Count effects they start.

Carried in ``ongoing_effects``:
``{"id": "infinite_supers", "move": <super>, "time_left": n, "since": <turn>}`` — other Supers are free;
``{"id": "super_move_enhancer", "move": <enhancer>, "time_left": n, "since": <turn>}`` — 20 Super Energy for its
Super from the turn after ``since``; ``{"id": "limited_choice", "move": <super>}`` — the one Super of this fight.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...catalogue.records import ExtendsDuration
from ...moves.price import KI_SHIFT
from ..contract.models import ChoiceOption, DecisionValue, ResponseKind
from ..protocol.names import Point
from ..registry import elements
from ..registry.elements import at
from ..state.combatant import Combatant, Effect
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of
from .vocabulary import LogKey

INFINITE = entry_of(MoveTrait.infinite_supers)
ENHANCER = entry_of(MoveTrait.super_move_enhancer)
CHOICE = entry_of(MoveTrait.limited_choice)


@dataclass(frozen=True)
class Stretch:
    """Extended Duration: each lot of ``cost`` Super Energy paid on use adds ``count`` to the Super's timed effects."""

    cost: int
    count: int


STRETCHES: EntryTable[Stretch] = of_records(
    "stretch", ExtendsDuration, lambda found: Stretch(found[0].cost, found[0].count)
)  # 000 L4922–L4926
TIMED = frozenset({INFINITE, ENHANCER, CHOICE})
ENHANCER_SE = 20  # 000 L4237
COUNT = 5  # the Time Count of Infinite Supers, the Enhancer and each Extended Duration step (000 L4926–L4934)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _effect(f: Combatant, ident: str, move: str | None = None) -> Effect | None:
    return next((e for e in f.ongoing if e.id == ident and (move is None or e.move == move)), None)


def enhanced_super(f: Combatant, enhancer: MoveProfile) -> MoveProfile | None:
    """The Super Move an Enhancer was built for (by id or name, as Fighter validation matches it)."""
    name = _norm(str(enhancer.options.get(ENHANCER, {}).get("target_super") or ""))
    return next(
        (
            m
            for m in f.prof.moves.values()
            if m.is_super and name and name in (_norm(m.id), _norm(m.name)) and enhancer.shares_style(m)  # 000 L5056
        ),
        None,
    )


def _enhancement(ctx: Turn, f: Combatant, m: MoveProfile) -> Effect | None:
    """A running Enhancer for this Super, from the turn after its use (000 L4237)."""
    for e in f.ongoing:
        if e.id != ENHANCER or e.since is None or e.since >= ctx.turn:
            continue
        enh = f.move(e.move or "")
        target = enhanced_super(f, enh) if enh is not None else None
        if target is not None and target.id == m.id:
            return e
    return None


def cost(ctx: Turn, f: Combatant, m: MoveProfile) -> int:
    """The Super Energy of his own that a Super costs him now: none while Infinite Supers runs (unless it has
    Infinite Supers itself), and the Enhancer's 20 stands in before his own (000 L4932–L4934, L4237)."""
    if not m.is_super:
        return m.se_cost
    if not m.has(INFINITE) and _effect(f, INFINITE) is not None:
        return 0
    if _enhancement(ctx, f, m) is not None:
        # ruling: the 20 is a standing allowance for the whole count ("always" has it), not spent by a use
        # (000 L4235–L4237)
        return max(m.se_cost - ENHANCER_SE, 0)
    return m.se_cost


def usable(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str | None = None) -> None:
    """Limited Choice: a Super other than the one picked for this fight cannot be used (000 L4972)."""
    chosen = _effect(f, CHOICE)
    for m in moves:
        if m.is_super and m.has(CHOICE) and chosen is not None and chosen.move != m.id:
            ctx.fail(
                "LIMITED_CHOICE_OTHER_SUPER",
                path,
                f"{f.id} picked {chosen.move} as his one Super of this fight; {m.name} cannot be used.",
                key=key,
            )


@at("turn_start", 10)
def choose_supers(ctx: Turn) -> None:
    """Before anything else: a fighter whose Supers have Limited Choice names the one he may use this fight,
    once; the answer carries it in ``ongoing_effects`` (000 L4970–L4974)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if CHOICE not in f.prof.entry_ids or _effect(f, CHOICE) is not None:
            continue
        supers = [m for m in f.prof.moves.values() if m.is_super]
        if len(supers) == 1:
            pick = supers[0]
        else:
            key, dv = ctx.decide(
                f.id,
                CHOICE,
                "A",
                f"{f.id}: before the fight, pick the one Super Move he may use in it (Limited Choice).",
                None,
                [
                    ChoiceOption.model_construct(value=DecisionValue(moves=[m.id]), fs=0, control=0, text=m.name)
                    for m in supers
                ],
            )
            found = f.move(dv.moves[0]) if dv.moves and len(dv.moves) == 1 else None
            if found is None or not found.is_super:
                ctx.fail(
                    "DECISION_INVALID",
                    f"decisions.{key}",
                    f"{key}: name one of his Super Moves: " + ", ".join(m.id for m in supers) + ".",
                    key=key,
                )
            assert found is not None
            pick = found
        f.ongoing.append(Effect(CHOICE, pick.id, None, ctx.turn))
        ctx.note(
            "A",
            f.id,
            f"Limited Choice: {pick.name} is {f.id}'s only Super Move in this fight.",
            "000 L4970–L4974",
            {"move": pick.id},
        )


def on_use(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """Time Count effects a move starts (after a Buff or Flight it also started), then Extended Duration."""
    if m.is_super and m.has(INFINITE):
        f.ongoing = [e for e in f.ongoing if e.id != INFINITE]
        f.ongoing.append(Effect(INFINITE, m.id, COUNT, ctx.turn))
        ctx.note(
            "C.5",
            f.id,
            f"Infinite Supers: for a 5-count (one full turn at least) {f.id}'s other Super Moves cost no Super Energy.",
            "000 L4928–L4934",
            {"move": m.id},
            {"time_left": COUNT},
        )
    if m.has(ENHANCER):
        target = enhanced_super(f, m)
        f.ongoing = [e for e in f.ongoing if not (e.id == ENHANCER and e.move == m.id)]
        f.ongoing.append(Effect(ENHANCER, m.id, COUNT, ctx.turn))
        ctx.note(
            "C.5",
            f.id,
            f"Super Move Enhancer: from next turn, for a 5-count (one full turn at least), {f.id} "
            f"has 20 more Super Energy for {target.name if target else 'its Super Move'}"
            + ("" if _no_stun(m) else "; he is Stunned when it ends")
            + ".",
            "000 L4233–L4237",
            {"move": m.id},
            {"time_left": COUNT},
        )
    stretch = STRETCHES.first(m.entries)
    if m.is_super and stretch is not None:
        _extend(ctx, f, m, stretch)


def _extend(ctx: Turn, f: Combatant, m: MoveProfile, s: Stretch) -> None:
    """Extended Duration: each further 10 Super Energy paid now adds a 5-count to the Time Count effects the Super
    started (000 L4922–L4926)."""
    timed = [e for e in f.ongoing if e.move == m.id and e.time_left is not None and e.id != CHOICE]
    if not timed or f.se < s.cost:
        return
    key, dv = ctx.decide(
        f.id,
        Point.extended_duration,
        "C.5",
        f"{f.id}: how many more lots of {s.cost} Super Energy (amount) to spend "
        f"stretching {m.name}'s effects by a {s.count}-count each (he has {f.se})?",
        DecisionValue(amount=0),
    )
    n = dv.amount or 0
    if n < 0 or s.cost * n > f.se:
        ctx.fail(
            "INSUFFICIENT_SUPER_ENERGY" if n > 0 else "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: between 0 and {f.se // s.cost} lots of {s.cost} Super Energy.",
            key=key,
        )
    if not n:
        return
    f.se -= s.cost * n  # ruling: paid even while Infinite Supers runs: it buys time, not the use (000 L4926, L4932)
    for e in timed:
        e.time_left = (e.time_left or 0) + s.count * n
    ctx.note(
        "C.5",
        f.id,
        f"Extended Duration: {f.id} spends {s.cost * n} more Super Energy; {m.name}'s effects last {s.count * n} "
        "longer.",
        "000 L4922–L4926",
        {"lots": n},
        {LogKey.super_energy: f.se, **{e.id: e.time_left for e in timed}},
    )


def _no_stun(m: MoveProfile) -> bool:
    return str(m.options.get(ENHANCER, {}).get("stun_afterwards") or "yes").lower() == "no"


def tick(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> Effect | None:
    """End of the turn for one of these effects: the kept effect, or None when it ends."""
    if e.id == CHOICE:
        return e  # the choice holds for the whole fight, every round of it (000 L4972)
    m = f.move(e.move or "")
    name = m.name if m else e.move
    if ctx.round_over:
        # ruling: a Super's Time Count effect ends with the round, without the Enhancer's Stun (000 L6237)
        ctx.note("H.3", f.id, f"{f.id}'s {name} ends with the round.", "000 L6237")
        return None
    if e.id == ENHANCER and e.since == ctx.turn:
        return e  # its count starts next turn (000 L4237)
    left = (e.time_left or 0) - elapsed
    if left > 0 or (e.id == INFINITE and e.since == ctx.turn):  # one full turn at least: through next turn (L4932)
        return Effect(e.id, e.move, max(left, 0), e.since)
    ctx.note(
        "H.3",
        f.id,
        f"{f.id}'s {name} runs out.",
        "000 L4237" if e.id == ENHANCER else "000 L4932",
        {},
        {"time_left": 0},
    )
    if e.id == ENHANCER and m is not None and not _no_stun(m) and not f.defeated and not f.stunned:
        # ruling: a full Stun (two recovery actions) with the threshold unchanged, as Self-Stun (000 L4237, L4806)
        f.stunned = 2
        ctx.note(
            "H.3",
            f.id,
            f"{f.id} is Stunned from the start of next turn: the Super Move Enhancer has run out.",
            "000 L4237",
            {},
            {"stunned": True},
        )
    return None


@elements.DAMAGE_STEP(10, entries=("ki_access",))
def ki_shift(m: MoveProfile, f: Combatant, defender: Combatant) -> int:
    """Ki Access: a Ki-less fighter's Super counts Ki Skill 1 for its Ki-based damage (000 L4956)."""
    if m.is_super and m.trait(MoveTrait.ki_access) and m.ki_based and f.prof.ki < 1:
        return KI_SHIFT[1]
    return 0


def response_ki(f: Combatant) -> int:
    """The Ki Skill of a Ranged Response: a Ki-less fighter's only Ranged moves are Ki Access Supers, which count
    Ki Skill 1 (000 L4956, L5884)."""
    if f.prof.ki < 1 and any(
        m.is_super and m.trait(MoveTrait.ki_access) and ResponseKind.ranged in m.responses
        for m in f.prof.moves.values()
    ):
        return 1
    return f.prof.ki
