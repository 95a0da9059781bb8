"""Effects of moves that outlast their turn, carried in ``FighterState.ongoing_effects``: the Buff and End Buff
(000 L2953–L3075, L3262–L3274). A Buff's Time Count runs down with the Time Roll; what it changes is folded into
the fighter's profile for as long as it lasts."""

from __future__ import annotations

import re
from dataclasses import replace

from ..contract.models import OngoingEffect
from ..registry import elements
from ..registry import points as records
from ..registry.elements import Element, after_time_roll, carried, register
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait, Profile
from ..state.turn import Turn
from . import super_only, taunts, vulnerability
from .buffs import buff_modifiers as mods
from .buffs.buff_profile import buffed, duration
from .design import design
from .techniques import grant
from .vocabulary import Ongoing

# Effects of a move kept on the fighter by the common rules below (restore: they name his move; tick: Time Counts).
_MOVE_EFFECTS = frozenset(
    {
        Ongoing.buff,
        Ongoing.flight,
        Ongoing.set_up,
        Ongoing.wind_up,
        Ongoing.slow_startup,
        Ongoing.sustained_hold,
        Ongoing.opening_move,
        Ongoing.temporary_technique,
        Ongoing.free_movement,
        Ongoing.vulnerability_increased_duration,
    }
)
# Effects that wait for the move's next use, even into the next round (an Opening Move window expires in
# ``sequences``, a Gradual Effect in ``gradual``).
WAIT_FOR_USE = frozenset(
    {
        Ongoing.wind_up,
        Ongoing.set_up,
        Ongoing.slow_startup,
        Ongoing.limited_use,
        Ongoing.sustained_hold,
        Ongoing.power_enhancer,
        Ongoing.buff_gauge,
        Ongoing.opening_move,
        Ongoing.gradual_effect,
        Ongoing.gradual_effect_delayed_onset,
        Ongoing.multi_part_throw,
    }
)
# Effects that last at least the turn after they began (Flight, 000 L3370, and its likes)
_LEAST_A_TURN = (Ongoing.flight, Ongoing.free_movement, Ongoing.suppression, Ongoing.copied_move)
UNTIMED_TURN = 3  # ruling: without a Time Roll each turn runs 3 off a Time Count (1d6 averages 3.5)


def restore_move(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    """An ongoing effect that names the fighter's own move: a Buff is folded into the profile again."""
    m = f.move(eff.move) if eff.move else None
    # a Sustained Hold is its Throw's, whose move has the sustained_hold role (000 L4377–L4399)
    sustained = eff.id == Ongoing.sustained_hold
    if m is None or not (m.trait(MoveTrait.sustained_hold) if sustained else m.has(eff.id)):
        ctx.fail(
            "UNKNOWN_MOVE", f"{path}.move", f"{f.id}: the ongoing {eff.id} names no such move of his ('{eff.move}')."
        )
    assert m is not None
    if eff.id == Ongoing.buff:
        if (eff.charges or 1) > (mods.REPEAT_MAX if m.trait(MoveTrait.repeatable_buff) else 1):
            ctx.fail(
                "STATE_INCONSISTENT_STATUS",
                f"{path}.charges",
                f"{f.id}: {m.name} is stacked more times than it may be.",
            )
        f.prof = buffed(f.prof, f.base_prof or f.prof, m, eff.charges or 1)
    if eff.id == vulnerability.ENTRY:
        vulnerability.restore(ctx, f, path, eff)
    others = {c.id for c in ctx.req.fighters} - {f.id}
    others |= {t.id for t in ctx.req.fight.thugs}  # a Slow Startup move readied against a Thug group (000 L6646)
    # a Utility move's Slow Startup has no target but whom it heals (000 L4842)
    aimless = eff.id == Ongoing.slow_startup and not m.offensive and eff.target is None
    if eff.id in (Ongoing.slow_startup, Ongoing.sustained_hold) and eff.target not in others and not aimless:
        ctx.fail("UNKNOWN_FIGHTER", f"{path}.target", f"{f.id}: the ongoing {eff.id} needs its target.")
    if eff.id == Ongoing.temporary_technique and eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            f"{path}.since",
            f"{f.id}: a Temporary Technique needs the turn it was granted.",
        )
    f.ongoing.append(
        Effect(
            eff.id,
            m.id,
            eff.time_left,
            eff.since,
            eff.target,
            eff.charges if (eff.id == Ongoing.buff and m.trait(MoveTrait.repeatable_buff)) or sustained else None,
        )
    )


@register
class MoveEffects(Element):
    """The effects of a move that last past its turn: Buffs, Flight, readied Set Up and Wind Up moves, …"""

    effects = _MOVE_EFFECTS
    entries = frozenset(
        {
            "buff",
            "buff.decreased_duration",
            "buff.defense_liability",
            "buff.early_ending",
            "buff.increased_duration",
            "buff.lowered_basic_quality",
            "buff.removed_ki",
            "buff.repeatable",
            "buff.super_energy_duration",
            "end_buff",
            "flight",
            "free_movement",
            "opening_move",
            "set_up",
            "slow_startup",
            "temporary_technique",
            "throw.sustained_hold",
            "vulnerability.increased_duration",
            "wind_up",
        }
    )
    order = 0  # the Buffs fold first, on the sheet's own figures

    def restore(self, ctx: Turn, f: Combatant, path: str, eff: OngoingEffect) -> None:
        restore_move(ctx, f, path, carried(eff))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e] if e.id in WAIT_FOR_USE else None

    def fold(self, prof: Profile, f: Combatant) -> Profile:
        """The Buffs in effect, on the sheet's profile (other elements fold after them)."""
        base = f.base_prof or f.prof
        for e in f.ongoing:
            m = base.moves.get(e.move) if e.move and e.id == Ongoing.buff else None
            if m is not None:
                prof = buffed(prof, base, m, mods.stacks(e))
        return prof


def link_all(ctx: Turn) -> None:
    """Ongoing effects that name another fighter are completed once every fighter is in (a Suppression on him, a
    move he copied): each element's ``link``."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        for e in list(f.ongoing):
            element = elements.for_effect(e.id)
            if element is not None:
                element.link(ctx, f, f"fighters[{f.index}].state.ongoing_effects", e)


def active(f: Combatant, ident: str, move: str | None = None) -> Effect | None:
    if not f.ongoing:  # most fighters carry no effect: no generator to build
        return None
    return next((e for e in f.ongoing if e.id == ident and (move is None or e.move == move)), None)


def start(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """A Buff or Flight move was used: it starts (or starts again, not stacking) from its full Time Count."""
    for entry, rec in records.lasting(m):  # Flight (000 L3370)
        f.ongoing = [e for e in f.ongoing if e.id != entry]
        f.ongoing.append(Effect(entry, m.id, rec.count, ctx.turn))
        text = rec.note.format(fighter=f.id, count=rec.count)
        ctx.note("C.5", f.id, text, rec.ref, {"move": m.id}, {"time_left": rec.count})
    if m.trait(MoveTrait.temporary_technique):
        grant(ctx, f, m)
    if not m.trait(MoveTrait.buff):
        return
    old = next((e for e in f.ongoing if e.id == Ongoing.buff and e.move == m.id), None)
    repeatable = bool(m.trait(MoveTrait.repeatable_buff))
    # ruling: a repeat adds to the stack and the whole stack runs from a fresh count (000 L3049)
    uses = mods.repeat(ctx, f, m, old) if repeatable else 1
    if old is not None:
        f.ongoing.remove(old)
        f.prof = rebuild(f)
    left = _count(ctx, f, m)
    f.ongoing.append(Effect(Ongoing.buff, m.id, left, ctx.turn, charges=uses if repeatable else None))
    f.prof = buffed(f.prof, f.base_prof or f.prof, m, uses)
    ctx.note(
        "C.5",
        f.id,
        f"{f.id}'s Buff {m.name} starts: it lasts "
        + ("the rest of the fight (1 FS a turn)" if left is None else f"a {left}-count")
        + ".",
        "000 L2961, L3003–L3009",
        {"move": m.id},
        {"time_left": left},
    )
    for e in f.ongoing:
        if mods.linked(f, e) is not None:
            e.time_left = left
            ctx.note(
                "C.5",
                f.id,
                f"Technique Buff: {e.id.replace('_', ' ')} of {m.name} lasts as long as the Buff.",
                "000 L3071–L3073",
                {"move": m.id},
                {"time_left": left},
            )


def _count(ctx: Turn, f: Combatant, m: MoveProfile) -> int | None:
    """The Buff's count: the Buff Gauge, 2 per Super Energy point, or the usual duration."""
    if m.trait(MoveTrait.buff_gauge):
        return mods.gauge_count(ctx, f, m)
    if m.trait(MoveTrait.super_energy_duration):
        # ruling: a Utility Super whose cost is not yet taken has it set aside first (000 L3069)
        se = f.se if f.super_used or not m.is_super else max(f.se - m.se_cost, 0)
        return 2 * se  # at least the turn after this one (see tick)
    return duration(m)


def end_buff(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """End Buff: the named Buff (with Early Ending) stops at the end of this turn (000 L2993–L2999, L3262)."""
    if not m.trait(MoveTrait.end_buff):
        return
    target = _norm(str(design(m, MoveTrait.end_buff).get("target_buff") or ""))
    for e in f.ongoing:
        bm = f.move(e.move) if e.move and e.id == Ongoing.buff else None
        if bm is None or not bm.trait(MoveTrait.early_ending):
            continue
        if not target or target in (_norm(bm.id), _norm(bm.name)):
            f.ending.add(bm.id)
            ctx.note("C.5", f.id, f"{m.name}: {f.id}'s Buff {bm.name} ends at the end of the turn.", "000 L2997")
            return


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def rebuild(f: Combatant) -> Profile:
    return elements.rebuild(f)


def _was_linked(f: Combatant, e: Effect) -> bool:
    """``e`` belongs to a Technique Buff move (its Buff has just ended when ``linked`` finds none)."""
    m = f.move(e.move) if e.move else None
    return m is not None and e.id in mods.associated(m)


@after_time_roll(10)
def tick(ctx: Turn, elapsed: int) -> None:
    """End of the turn: Time Counts run down by the Time Roll; ended Buffs drop; unlimited Buffs cost 1 FS;
    Flight lasts at least the turn after it began (000 L3370)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        kept: list[Effect] = []
        buffs_before = sum(1 for e in f.ongoing if e.id == Ongoing.buff)
        for e in f.ongoing:
            element = elements.for_effect(e.id)
            left_of = element.tick(ctx, f, e, elapsed) if element is not None else None
            if left_of is not None:
                kept += left_of
                continue
            m = f.move(e.move) if e.move else None
            name = m.name if m else e.move
            if mods.linked(f, e) is not None:
                kept.append(e)  # Technique Buff: it ends with its Buff (000 L3073)
                continue
            if ctx.round_over or (e.id == Ongoing.buff and e.move in f.ending):  # ruling: not past the round
                why = "the round is over" if ctx.round_over else "End Buff"
                ctx.note("H.3", f.id, f"{f.id}'s {e.id.replace('_', ' ')} {name} ends ({why}).", "000 L2997, L6237")
                mods.ended(ctx, f, m if e.id == Ongoing.buff else None)
                continue
            if e.id == Ongoing.temporary_technique:
                if e.since is not None and e.since >= ctx.turn:
                    kept.append(e)  # granted this turn: it lasts through his action next turn (000 L4331)
                else:
                    ctx.note("H.3", f.id, f"{f.id}'s Temporary Technique from {name} has ended.", "000 L4331")
                continue
            if vulnerability.waits(ctx, e):
                kept.append(e)
                continue
            if e.time_left is None:
                if e.id == Ongoing.buff and f.fs > 0:
                    f.fs -= 1
                    ctx.note("H.3", f.id, f"{f.id} pays 1 FS to keep his Buff {name}.", "000 L3007", {}, {"fs": f.fs})
                kept.append(e)
                continue
            left = e.time_left - elapsed
            # Flight, and a Super Energy Duration Buff (ruling: read as Flight's, 000 L3067), last at least the
            # turn after they began.
            least = e.since == ctx.turn and (
                e.id in _LEAST_A_TURN
                or (e.id == Ongoing.buff and m is not None and m.trait(MoveTrait.super_energy_duration))
            )
            if least:
                left = max(left, 0)  # a full turn in the air at least: he lands after the next turn
            if left < 0 or (left == 0 and not least):
                ctx.note(
                    "H.3",
                    f.id,
                    f"{f.id}'s {e.id} {name} runs out" + (": he lands" if e.id == Ongoing.flight else "") + ".",
                    "000 L2961, L3372",
                    {},
                    {"time_left": 0},
                )
                mods.ended(ctx, f, m if e.id == Ongoing.buff else None)
                continue
            kept.append(replace(e, time_left=left))
        f.ongoing = kept
        for e in list(kept):  # a Technique Buff's Element follows its Buff's count, and ends with it (000 L3073)
            buff = mods.linked(f, e)
            if buff is not None:
                e.time_left = buff.time_left
            elif e.id in mods.LINKABLE and _was_linked(f, e):
                f.ongoing.remove(e)
                ctx.note("H.3", f.id, f"{f.id}'s {e.id.replace('_', ' ')} ends with its Buff.", "000 L3073")
        if sum(1 for e in kept if e.id == Ongoing.buff) != buffs_before:
            f.prof = rebuild(f)


@register
class SuperTimeCounts(Element):
    """Infinite Supers, a Super Move Enhancer's count and a Limited Choice (000 L4232–L4237, L4930–L4972)."""

    effects = super_only.TIMED
    entries = frozenset({"infinite_supers", "limited_choice", "super_move_enhancer"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore_move(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [x for x in [super_only.tick(ctx, f, e, elapsed)] if x is not None]


@register
class LentElement(Element):
    """A Taunt's Element Addition lent to an ally, until the turn after (000 L4295–L4301)."""

    effects = frozenset({taunts.ADDITION})
    entries = frozenset({"taunt.element_addition"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore_move(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [x for x in [taunts.tick(ctx, f, e)] if x is not None]
