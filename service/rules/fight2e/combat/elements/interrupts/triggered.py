"""Triggered Interrupt and Multiple Instances (000 L4401–L4423).

Using the move as an action only arms it (like a Utility move: no roll). While armed (a 10-count) it can answer an
attack as an Interrupt Defensive Response on top of the defender's own defence and whatever his Control: the
attacker rolls again, with the same Accuracy and FS, against a second Tactics Defense Total (the defender pays
its FS). The attack lands only if it beats both; if it fails against the Triggered Interrupt, the move strikes
back as an Interrupt Response. Used once, hit or miss, it is gone.

State (``ongoing_effects``): ``triggered_interrupt`` with ``move``, ``time_left`` (the 10-count), ``since`` (the
turn it was armed) and ``charges`` (armed instances; more than 1 only with Multiple Instances).
Decision: ``T{turn}.{defender}.triggered_interrupt`` — ``respond`` with ``moves`` naming the move once per
instance spent and ``fs`` for its Defense Total, or ``pass``. Roll: ``T{turn}.{attacker}.attack_triggered``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .....dice import Die
from ....catalogue.table_records import ArmedInstances
from ...contract.models import Choice, DecisionValue, ResponseKind
from ...protocol.names import AttackContext, Point
from ...state.action import Attack, Guard, Outcome
from ...state.action import Attack as AttackCls
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import EntryTable, of_records
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from .. import effects
from ..combo import combo_accuracy
from ..invisibility import blocked
from ..super_energy import count_attack
from ..vocabulary import LogKey, Ongoing

# How many armed instances of the move may wait at once (None: no limit; armed_instances records: one for the
# Element, 000 L4408, none for Multiple Instances, 000 L4421); the largest row the move has wins.
INSTANCES: EntryTable[int | None] = of_records("armed_instances", ArmedInstances, lambda found: found[0].most)


def _stacks(m: MoveProfile) -> bool:
    return any(n is None or n > 1 for _, n in INSTANCES.found(m.entries))


COUNT = 10  # 000 L4405


@dataclass
class Trap:
    move: MoveProfile
    instances: int
    dt: int
    key: str


def armed(f: Combatant, m: MoveProfile | None = None) -> Effect | None:
    return next((e for e in f.ongoing if e.id == Ongoing.triggered_interrupt and (m is None or e.move == m.id)), None)


def arms(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str) -> bool:
    """A declared Triggered Interrupt move is only armed this turn (000 L4404)."""
    if not any(m.trait(MoveTrait.triggered) for m in moves):
        return False
    if len(moves) > 1:
        ctx.fail(
            "RULE_UNSUPPORTED",
            f"decisions.{key}.moves",
            f"{key}: arming a Triggered Interrupt inside a Combo "
            "(Utility Combo Opener) is not resolved yet; use the move alone.",
            key=key,
        )
    return True


def arm(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    e = armed(f, m)
    if e is None:
        f.ongoing.append(Effect(Ongoing.triggered_interrupt, m.id, COUNT, ctx.turn, charges=1))
        text = "it is armed for a 10-count"
    elif _stacks(m):
        e.charges = (e.charges or 1) + 1  # each use adds an instance (000 L4421)
        e.time_left, e.since = COUNT, ctx.turn  # ruling: the newest use restarts the 10-count for all of them
        text = f"{e.charges} instances are armed, for a fresh 10-count"
    else:
        e.time_left, e.since = COUNT, ctx.turn  # only the timer restarts (000 L4408)
        text = "it was armed already: its 10-count starts again"
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} sets {m.name} as a Triggered Interrupt: {text}.",
        "000 L4404–L4408",
        {"move": m.id},
        {"armed": True},
    )


def ready(f: Combatant, m: MoveProfile) -> bool:
    """An ordinary Interrupt move, or an armed Triggered Interrupt (for its Reaction Attack, 000 L4406)."""
    return not m.trait(MoveTrait.triggered) or armed(f, m) is not None


def spend(ctx: Turn, f: Combatant, m: MoveProfile, n: int = 1) -> None:
    e = armed(f, m)
    if e is None:
        return
    left = (e.charges or 1) - n
    if left <= 0:
        f.ongoing = [x for x in f.ongoing if x is not e]
    else:
        e.charges = left
    ctx.note(
        "F.3",
        f.id,
        f"{f.id}'s Triggered Interrupt {m.name} goes off"
        + (f" ({n} instances)" if n > 1 else "")
        + (f"; {left} still armed." if left > 0 else " and is gone."),
        "000 L4405",
        {"instances": n},
        {"armed": max(left, 0)},
    )


def _reaches(ctx: Turn, m: MoveProfile, d: Combatant, a: Combatant) -> bool:
    if m.kw("passive") or not m.offensive:
        return True
    dist = ctx.distance(a, d)
    return m.range is not None and m.range[0] <= dist <= m.range[1]


def offer(ctx: Turn, atk: Attack) -> Trap | None:
    """With his defence, the defender may set off an armed Triggered Interrupt (000 L4404)."""

    a, d = atk.attacker, atk.defender
    if (
        atk.context not in (AttackContext.action, AttackContext.interrupt)
        or MoveTrait.triggered not in d.prof.traits
        or blocked(d, a)
    ):
        return None
    if d.stunned or d.knocked_down:
        return None  # ruling: Stunned or on the ground he has only his own defence (000 L5980)
    traps = [
        m for m in d.prof.moves.values() if m.trait(MoveTrait.triggered) and armed(d, m) and _reaches(ctx, m, d, a)
    ]
    if not traps:
        return None
    key, dv = ctx.decide(
        d.id,
        Point.triggered_interrupt,
        "D.4",
        f"{d.id} may set off a Triggered Interrupt against "
        f"{a.id} on top of his defence: " + ", ".join(m.name for m in traps) + ".",
        DecisionValue(choice=Choice.pass_),
    )
    if dv.choice in (None, Choice.pass_):
        return None
    path = f"decisions.{key}"
    ids = dv.moves or []
    m = next((t for t in traps if ids and t.id == ids[0]), None)
    if dv.choice is not Choice.act or m is None or any(i != m.id for i in ids):
        ctx.fail(
            "DECISION_INVALID",
            path,
            f"{key}: respond naming one armed Triggered Interrupt (once per instance spent), or pass.",
            key=key,
        )
    assert m is not None
    e = armed(d, m)
    have = (e.charges or 1) if e is not None else 0
    if len(ids) > have:
        ctx.fail("DECISION_INVALID", f"{path}.moves", f"{key}: only {have} instance(s) of {m.name} are armed.", key=key)
    fs = dv.fs or 0
    if fs > d.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", path, f"{key}: {fs} FS is more than Power Level {d.pl}.", key=key)
    if fs > d.fs:
        ctx.fail("FS_INSUFFICIENT", path, f"{key}: {d.id} has only {d.fs} FS.", key=key)
    d.fs -= fs  # the defender pays for each Defensive Response (000 L4405)
    p = d.prof
    dt = p.tactics + p.def_bonus + fs + d.fake_bonus
    ctx.note(
        "D.4",
        d.id,
        f"{d.id} sets off {m.name}: a second Defense Total of {dt} with Tactics"
        + (f" ({fs} FS)" if fs else "")
        + f"; {a.id} must beat both.",
        "000 L4404–L4405",
        {
            "tactics": p.tactics,
            "defense_bonus": p.def_bonus,
            "fs": fs,
            LogKey.fake: d.fake_bonus,
            "instances": len(ids),
        },
        {"dt": dt, "fs": d.fs},
    )
    return Trap(m, len(ids), dt, key)


def _vs(atk: Attack, option: str) -> int:
    if atk.is_combo:
        return combo_accuracy(atk.moves, option)[0]
    return atk.moves[0].accuracy_vs(option)


def beaten(ctx: Turn, atk: Attack, trap: Trap, total_acc: int, option: str, sides: int) -> bool:
    """The attacker's second roll, against the Triggered Interrupt: the same Accuracy and FS, with the Tactics
    modifiers of the moves in place of those against his main defence (000 L4405)."""

    a = atk.attacker
    acc = total_acc - _vs(atk, option) + _vs(atk, "tactics")
    if 1 + acc >= trap.dt:
        ctx.skip_roll(a.id, "attack_triggered")
        roll, hit = None, True
    elif sides + acc < trap.dt:
        ctx.skip_roll(a.id, "attack_triggered")
        roll, hit = None, False
    else:
        roll = ctx.roll(
            a.id, "attack_triggered", Die(5 if sides == 10 else 3), "attack roll against the Triggered Interrupt", "D.6"
        )
        hit = roll + acc >= trap.dt
    ctx.note(
        "D.6",
        a.id,
        f"Against the Triggered Interrupt {trap.move.name}: Accuracy {acc:+d} against {trap.dt}"
        + (f", rolled {roll}" if roll is not None else "")
        + (" — beaten." if hit else " — caught."),
        "000 L4404",
        {"accuracy": acc, "roll": roll},
        {"hit": hit},
        {"accuracy": acc, "defense_total": trap.dt} | ({"roll": roll, "total": roll + acc} if roll is not None else {}),
    )
    return hit


def caught(ctx: Turn, atk: Attack, guard: Guard, trap: Trap, main_hit: bool) -> Outcome:
    """The attack failed against the Triggered Interrupt: it misses, and the trap strikes back (+2 damage per
    instance past the first, 000 L4423)."""

    a, d = atk.attacker, atk.defender
    spend(ctx, d, trap.move, trap.instances)
    d.responded_ok = True
    if trap.move.offensive:
        ctx.note("F.3", d.id, f"{d.id}'s {trap.move.name} interrupts {a.id}.", "000 L4404, L5874")
        ctx.spine.resolve(
            ctx,
            AttackCls(
                attacker=d,
                defender=a,
                moves=[trap.move],
                context="response",
                label="F.3",
                cost=trap.move.level,
                key=trap.key,
                response=ResponseKind.interrupt,
                orig_aerial=atk.aerial,
                extra_damage=2 * (trap.instances - 1),
            ),
        )
    if not main_hit:
        return ctx.spine.miss(ctx, atk, guard)  # his own defence held too: its results follow (000 L4405)
    count_attack(ctx, a, atk.moves, hit=False)
    effects.on_miss(ctx, atk, guard)
    return Outcome(hit=False, guard=guard)


def used_up(ctx: Turn, atk: Attack, trap: Trap) -> None:
    spend(ctx, atk.defender, trap.move, trap.instances)  # gone whether it worked or not (000 L4405)


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    m = f.move(eff.move) if eff.move else None
    if m is None or not m.trait(MoveTrait.triggered) or eff.time_left is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an armed Triggered Interrupt needs its move and the Time Count left.",
        )
    assert m is not None
    n = eff.charges or 1
    if n > 1 and not _stacks(m):
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            f"{path}.charges",
            f"{f.id}: {m.name} holds one instance at a time without Multiple Instances.",
        )
    f.ongoing.append(Effect(Ongoing.triggered_interrupt, eff.move, eff.time_left, eff.since, charges=n))


def tick(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect]:
    m = f.move(e.move) if e.move else None
    if ctx.round_over or m is None:
        return []  # ruling: a trap does not outlast the round
    left = (e.time_left if e.time_left is not None else COUNT) - elapsed
    if left <= 0:
        ctx.note("H.3", f.id, f"{f.id}'s Triggered Interrupt {m.name} fades unused after its 10-count.", "000 L4405")
        return []
    return [Effect(Ongoing.triggered_interrupt, e.move, left, e.since, charges=e.charges)]
