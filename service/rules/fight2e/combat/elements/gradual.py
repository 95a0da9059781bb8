"""Gradual Effect and its Delayed Onset (000 L3384–L3410).

The move's rolled damage R is paid in three installments of ceil(R / 3) + 1: the first with the hit (half of it
when the move is not the Combo's lead), the other two at the end of each of the next two turns, before H.1, with
no Hit Stun, Knock Back, Knock Down or other effect. On a Healing move the healing is split the same way.

Running installments are carried in ``ongoing_effects`` as ``{"id": "gradual_effect", "move", "target",
"since": <turn of the first installment>, "charges": <installment>}``. With Delayed Onset a hit only primes the
target: ``{"id": "gradual_effect.delayed_onset", "move", "target", "since": <turn primed>, "charges":
<installment>, "time_left": <of its 10-count>}``; the Trigger Gradual Effect Command Move (L2, Utility) starts the
oldest one.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..contract.models import CombatOptions, OngoingEffect
from ..registry.elements import ON_HIT, Element, after_time_roll, at, carried, register
from ..state.action import Attack, DamageRoll
from ..state.combatant import Combatant, Effect
from ..state.profile import Heals, MoveProfile, MoveTrait, command_move
from ..state.turn import Turn
from .design import entry_of
from .glory import defeat_glory
from .vocabulary import LogKey

ENTRY = entry_of(MoveTrait.gradual_effect)
DELAYED = entry_of(MoveTrait.delayed_onset)
TRIGGER = "trigger_gradual_effect"
COUNT = 10  # the Delayed Onset window (000 L3400)
_REF = "000 L3388–L3392"


def installment(rolled: int) -> int:
    """One of the three payments: the rolled damage divided by three, rounded up, plus one (000 L3390)."""
    return math.ceil(max(rolled, 0) / 3) + 1


def first_share(m: MoveProfile, rolled: int, counted: str, value: int) -> int:
    """What the move adds to the attack now: the first installment (half of it when the move is halved in a
    Combo, 000 L3386), nothing while a Delayed Onset waits for its trigger. Ruling: the attack's Damage Bonus is
    added once to the hit as usual and is not split (000 L5804)."""
    if not m.has(ENTRY):
        return value
    if m.has(DELAYED):
        return 0
    return installment(rolled) if counted == "full" else installment(rolled) // 2


@ON_HIT(20)
def after_hit(ctx: Turn, atk: Attack, dmg: DamageRoll, lost: int) -> None:
    """Schedule the later installments of every Gradual Effect move that hit, or prime the Delayed Onset."""
    for p in dmg.parts:
        if p.counted in ("full", "half") and p.move.has(ENTRY):
            schedule(ctx, atk.attacker, atk.defender, p.move, p.roll + p.move.flat_bonus)


def schedule(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile, rolled: int) -> None:
    """The move hit ``d`` for ``rolled`` (its roll and flat bonus): its later installments are scheduled, or its
    Delayed Onset primed (000 L3390, L3396–L3402)."""
    if not m.has(ENTRY) or m.trait(MoveTrait.limited_damage) or d.defeated:
        return
    amount = installment(rolled)
    if m.has(DELAYED):
        _prime(ctx, a, d, m, amount)
    else:
        a.ongoing.append(Effect(ENTRY, m.id, None, ctx.turn, d.id, charges=amount))
        ctx.note(
            "E.5",
            a.id,
            f"Gradual Effect of {m.name}: {d.id} takes {amount} more at the end of each of the next two turns.",
            _REF,
            {"rolled": rolled},
            {"installment": amount},
        )


def _prime(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile, amount: int) -> None:
    old = next((e for e in a.ongoing if e.id == DELAYED and e.move == m.id and e.target == d.id), None)
    if old is not None:
        old.time_left = COUNT  # the same move on the same target: only its count starts again (000 L3402)
        ctx.note(
            "E.5",
            a.id,
            f"{m.name} hits {d.id} again: its delayed Gradual Effect's 10-count starts over.",
            "000 L3402",
            {},
            {"time_left": COUNT},
        )
        return
    a.ongoing.append(Effect(DELAYED, m.id, COUNT, ctx.turn, d.id, charges=amount))
    ctx.note(
        "E.5",
        a.id,
        f"Delayed Gradual Effect of {m.name} on {d.id}: {amount} a turn for three turns once "
        "triggered within a 10-count.",
        "000 L3396–L3402",
        {},
        {"installment": amount, "time_left": COUNT},
    )


def heal_split(ctx: Turn, f: Combatant, m: MoveProfile, healed: Combatant, amount: int) -> int:
    """A Healing move with Gradual Effect: the healing comes in three installments (000 L3392). Returns the first
    one; the others are scheduled."""
    if not m.has(ENTRY):
        return amount
    part = installment(amount)
    f.ongoing.append(Effect(ENTRY, m.id, None, ctx.turn, healed.id, charges=part))
    ctx.note(
        "C.5",
        f.id,
        f"Gradual Effect of {m.name}: {healed.id} heals {part} now and at the end of each of the next two turns.",
        _REF,
        {LogKey.healing: amount},
        {"installment": part},
    )
    return part


def trigger(ctx: Turn, f: Combatant) -> None:
    """Trigger Gradual Effect: the oldest primed application starts now with its first installment
    (000 L3406–L3410)."""
    primed = sorted((e for e in f.ongoing if e.id == DELAYED), key=lambda e: e.since or 0)
    if not primed:
        ctx.note("C.5", f.id, f"{f.id} has no delayed Gradual Effect waiting: nothing happens.", "000 L3410")
        return
    e = primed[0]
    f.ongoing = [x for x in f.ongoing if x is not e]
    target = ctx.fighters.get(e.target or "")
    m = f.move(e.move or "")
    if target is None or target.defeated or m is None:
        return
    f.ongoing.append(Effect(ENTRY, m.id, None, ctx.turn, target.id, charges=e.charges))
    ctx.note("C.5", f.id, f"{f.id} triggers the delayed Gradual Effect of {m.name} on {target.id}.", "000 L3410")
    _pay(ctx, f, target, m, e.charges or 0)


def _pay(ctx: Turn, f: Combatant, target: Combatant, m: MoveProfile, amount: int) -> None:
    """One installment: Life Bar only, nothing else (000 L3390); healing waits for H.1."""

    if m.heals(Heals.heals):
        target.heal += amount
        ctx.note(
            "G",
            f.id,
            f"Gradual Effect of {m.name}: {target.id} will heal {amount} at H.1.",
            _REF,
            {},
            {"heal": target.heal},
        )
        return
    before = target.life
    floor = 1 if m.trait(MoveTrait.non_finisher) else 0
    target.life = max(target.life - amount, min(floor, target.life))
    target.dmg_from[f.id] = target.dmg_from.get(f.id, 0) + before - target.life
    ctx.note(
        "G",
        f.id,
        f"Gradual Effect of {m.name}: {target.id} loses {before - target.life} Life Bar ({before} → {target.life}).",
        _REF,
        {"installment": amount},
        {"life_bar": target.life},
    )
    if target.life == 0 and not target.defeated:
        target.defeated = True
        ctx.note("G", target.id, f"{target.id} is defeated.", "000 L5924", {}, {"defeated": True})
        defeat_glory(ctx, f, target, None)  # ruling: the KO by a later installment is the user's (000 L829)


def end_of_turn(ctx: Turn) -> None:
    """Before H.1: the installments due this turn, for the first two turns after the one that started them."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        for e in [x for x in f.ongoing if x.id == ENTRY]:
            if not (e.since or 0) < ctx.turn <= (e.since or 0) + 2:
                if (e.since or 0) + 2 < ctx.turn:
                    f.ongoing = [x for x in f.ongoing if x is not e]
                continue
            target = ctx.fighters.get(e.target or "")
            m = f.move(e.move or "")
            if target is not None and m is not None and not target.defeated:
                _pay(ctx, f, target, m, e.charges or 0)
            if (e.since or 0) + 2 <= ctx.turn or target is None or target.defeated:
                f.ongoing = [x for x in f.ongoing if x is not e]


@after_time_roll(40)
def expire(ctx: Turn, elapsed: int) -> None:
    """End of the turn: primed Delayed Onsets run down their 10-count and are lost at 0 (000 L3400); nothing of a
    Gradual Effect outlasts the round (ruling, as for the other Time Count effects, 000 L6237)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        kept: list[Effect] = []
        for e in f.ongoing:
            if e.id not in (ENTRY, DELAYED):
                kept.append(e)
                continue
            if ctx.round_over:
                ctx.note("H.3", f.id, f"{f.id}'s Gradual Effect ends with the round.", "000 L6237")
                continue
            if e.id == DELAYED:
                left = (e.time_left or 0) - elapsed
                if left <= 0:
                    ctx.note(
                        "H.3",
                        f.id,
                        f"{f.id}'s delayed Gradual Effect on {e.target} was never triggered: it is lost.",
                        "000 L3400",
                    )
                    continue
                e = replace(e, time_left=left)
            kept.append(e)
        f.ongoing = kept


def trigger_command(moves: dict[str, MoveProfile]) -> MoveProfile | None:
    """The L2 Trigger Gradual Effect Command Move (Utility, Normal Move, Instantaneous) that comes with Delayed
    Onset (000 L3404–L3410). Declared as `trigger_gradual_effect`."""
    if not any(m.has(DELAYED) for m in moves.values()):
        return None
    return command_move(TRIGGER, "Trigger Gradual Effect", 2, ("normal_move", "utility", "instantaneous"))


@register
class GradualEffect(Element):
    """A Gradual Effect's installments still to come; Delayed Onset's Trigger Command Move (000 L3390–L3410)."""

    effects = frozenset({"gradual_effect", "gradual_effect.delayed_onset"})
    entries = frozenset({"gradual_effect", "gradual_effect.delayed_onset"})
    order = 30

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        gm = f.move(eff.move) if eff.move else None
        if (
            gm is None
            or not gm.has(eff.id)
            or eff.target not in {c.id for c in ctx.req.fighters}
            or eff.since is None
            or not eff.charges
        ):
            ctx.fail(
                "STATE_INCONSISTENT_STATUS",
                path,
                f"{f.id}: a Gradual Effect needs its move, target, turn and installment.",
            )
        f.ongoing.append(Effect(eff.id, eff.move, eff.time_left, eff.since, eff.target, eff.charges))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e]  # it waits for the move's next use, even into the next round

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        trigger = trigger_command(moves)
        return {trigger.id: trigger} if trigger is not None else {}


@at("before_healing", 20)  # Gradual Effect installments, before H.1 (000 L3390)
def _installments(ctx: Turn) -> None:
    if not ctx.round_over:
        end_of_turn(ctx)
