"""Illusionary Doubles: a Defensive Illusion's shift away from the attack, and an Offensive Illusion declared with
the Defense Total whose glide comes the turn after (000 L3476–L3506)."""

from __future__ import annotations

from ...catalogue.table_records import IllusionShift, InterruptSpecial, Special
from ..contract.model_types import OngoingEffectId
from ..contract.models import Choice, ChoiceOption, DecisionValue, DefenseOption, Direction, ResponseKind
from ..registry import elements
from ..registry.elements import DefenseMoment, at
from ..state.action import Attack
from ..state.combatant import Combatant, Effect
from ..state.entry_tables import EntryTable, FlagTable, flags_of_records, of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn
from . import positions
from .design import design_of

_GLIDES = frozenset({Special.glides})

# Offensive Illusion's entries: those whose Interrupt glides (their interrupt_special records, 000 L3500–L3506)
_GLIDING: FlagTable[Special] = flags_of_records("glides", InterruptSpecial, lambda r: frozenset(r.specials) & _GLIDES)
OFFENSIVE = frozenset(e for e, glides in _GLIDING.items() if glides)
# How many Ranges a Defensive Illusion's shift may cover (fewest, most): the widest row the move has wins.
SHIFT_RANGES: EntryTable[tuple[int, int]] = of_records(
    "illusion_shift", IllusionShift, lambda found: (found[0].fewest, found[0].most)
)


def defensive_shift(ctx: Turn, atk: Attack, d: Combatant, m: MoveProfile, key: str) -> None:
    """Defensive Illusion: 2 Ranges either way, 0–2 with Variable Movement; no FS (the Element's own move)."""
    a = atk.attacker
    rows = [r for _, r in SHIFT_RANGES.found(m.entries)] or [(2, 2)]
    variable = min(lo for lo, _ in rows) < max(hi for _, hi in rows)
    # ruling: a decoy slips away unless the player says otherwise (000 L3482)
    k, dv = ctx.decide(
        d.id,
        "illusion_move",
        "F.3",
        f"{d.id}'s Defensive Illusion: move "
        + ("up to 2" if variable else "2")
        + " Ranges toward or away from "
        + a.id
        + ".",
        DecisionValue(choice=Choice.move, direction=Direction.away, movement=2),
    )
    n = 2 if dv.movement is None else dv.movement
    if dv.choice is Choice.stay:
        n = 0
    if n > 2 or (n != 2 and not variable):
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{k}",
            f"{k}: the Defensive Illusion moves exactly 2 Ranges"
            + (" (0 to 2 with Variable Movement)" if variable else "")
            + ".",
            key=k,
        )
    toward = dv.direction is Direction.toward
    if n:
        positions.move(ctx, d, a, n, toward)
        d.moved -= n  # not his action's movement
    ctx.note(
        "F.3",
        d.id,
        f"Defensive Illusion: {d.id} slips {n} Range(s) {'toward' if toward else 'away from'} "
        f"{a.id} (Range {ctx.distance(a, d)}).",
        "000 L3482–L3487",
        {"ranges": n},
        {"range": ctx.distance(a, d)},
    )


def illusion_bonus(m: MoveProfile) -> int:
    """Offensive Illusion: +n Tactics on its Interrupt (1 to 4; 000 L3490)."""
    try:
        n = int(str(design_of(m, _GLIDING, bool).get("n") or 1))
    except ValueError:
        n = 1
    return min(max(n, 1), 4)


def names_illusion(d: Combatant, dv: DecisionValue) -> bool:
    m = d.move(dv.moves[0]) if dv.moves else None
    return m is not None and bool(_GLIDING.grants(m.entries))


def declare_illusion(
    ctx: Turn, d: Combatant, dv: DecisionValue, option: DefenseOption, context: str, key: str
) -> MoveProfile:
    """An Offensive Illusion Interrupt is declared with the Defense Total, whose Tactics it raises (ruling A16, as
    Priority; 000 L3490)."""
    path = f"decisions.{key}"
    m = d.move(dv.moves[0]) if dv.moves and len(dv.moves) == 1 else None
    if m is None or ResponseKind.interrupt not in m.responses:
        ctx.fail(
            "DECISION_INVALID", path, f"{key}: name the one Offensive Illusion move of the declared Interrupt.", key=key
        )
    assert m is not None
    if option is not DefenseOption.tactics or context != "action":
        ctx.fail(
            "RESPONSE_SKILL_MISMATCH",
            path,
            f"{key}: the Interrupt Response needs Tactics against an ordinary attack.",
            key=key,
        )
    if m.level > d.control:
        ctx.fail(
            "RESPONSE_INSUFFICIENT_CONTROL",
            path,
            f"{key}: {m.level} Control needed for {m.name}, {d.id} has {d.control}.",
            key=key,
        )
    return m


def schedule_glide(ctx: Turn, atk: Attack, d: Combatant, m: MoveProfile, path: str) -> None:
    if d.declared_illusion != m.id:
        ctx.note(
            "F.3",
            d.id,
            f"{m.name} was not declared with the Defense Total: no Tactics bonus, and so no illusionary glide.",
            "000 L3490",
        )
        return
    n = illusion_bonus(m)
    d.ongoing = [e for e in d.ongoing if e.id != OngoingEffectId.offensive_illusion]
    d.ongoing.append(Effect(OngoingEffectId.offensive_illusion, m.id, None, ctx.turn, atk.attacker.id, charges=n))
    ctx.note(
        "F.3",
        d.id,
        f"Offensive Illusion: at the start of next turn {d.id} glides {n} Range(s) for no FS.",
        "000 L3490",
        {"move": m.id},
        {"glide": n},
    )


def restore_glide(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    m = f.move(eff.move) if eff.move else None
    if m is None or not _GLIDING.grants(m.entries) or not eff.charges or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an Offensive Illusion glide needs its move, Ranges (charges) and turn (since).",
        )
    f.ongoing.append(Effect(OngoingEffectId.offensive_illusion, eff.move, None, eff.since, eff.target, eff.charges))


@at("after_initiative_roll", 10)  # an Offensive Illusion's free move, after A.2 (000 L3490)
def glide(ctx: Turn) -> None:
    """After the Initiative and Control rolls of the next turn the illusionist moves his Ranges for free
    (000 L3490)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        e = next((x for x in f.ongoing if x.id == OngoingEffectId.offensive_illusion), None)
        if e is None or e.since is None or e.since >= ctx.turn:
            continue
        f.ongoing = [x for x in f.ongoing if x is not e]
        if not f.active:
            continue
        ref = ctx.fighters.get(e.target or "")
        if ref is None or not ref.active:
            ref = min(ctx.opponents(f), key=lambda o: ctx.distance(f, o), default=None)
        n = e.charges or 0
        # ruling: the book fixes the distance, not the way: the player picks toward or away (000 L3490)
        k, dv = ctx.decide(
            f.id,
            "illusion_glide",
            "A.2",
            f"{f.id}'s Offensive Illusion: glide {n} Range(s) toward "
            f"or away from {ref.id if ref else 'the opponents'}.",
            None,
            [
                ChoiceOption.model_construct(
                    value=DecisionValue(direction=w), fs=0, control=0, text=f"glide {w.value}", can_hit=None
                )
                for w in Direction
            ],
        )
        if dv.direction is None:
            ctx.fail("DECISION_INVALID", f"decisions.{k}", f"{k}: give the direction (toward or away).", key=k)
        toward = dv.direction is Direction.toward
        positions.move(ctx, f, ref, n, toward)
        f.moved = 0  # not movement of this turn
        ctx.note(
            "A.2",
            f.id,
            f"{f.id} glides {n} Range(s) {'toward' if toward else 'away'} on his Offensive "
            "Illusion, for no FS" + (f" (Range {ctx.distance(f, ref)} from {ref.id})" if ref else "") + ".",
            "000 L3490",
            {"ranges": n},
            {"range": ctx.distance(f, ref) if ref else None},
        )


@elements.DEFENSE_TOTAL(30, entries=OFFENSIVE)
def offensive_illusion(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """Offensive Illusion: +n Tactics on the Interrupt it is declared with (000 L3490)."""
    return {"offensive_illusion": illusion_bonus(m.illusion)} if m.illusion is not None else {}
