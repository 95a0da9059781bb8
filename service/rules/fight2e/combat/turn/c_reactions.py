"""Reaction Attacks: an opponent who moves in close, jumps, Powers Up or Taunts may be struck before he acts; and the
Invincibility Interrupt's answer to an attack (000 L6006–L6027, L4950)."""

from __future__ import annotations

from typing import Protocol

from ..contract.model_types import ReactionKind, ResponseKind
from ..contract.models import Choice, DecisionValue
from ..elements import access, summon
from ..elements.interrupts import triggered
from ..registry.features import MOVES_PAID, SEQUENCE_USED, UNENGAGED, UNTOUCHABLE
from ..state.action import Attack
from ..state.action import Attack as AttackCls
from ..state.combatant import Combatant
from ..state.profile import INVINCIBLE, MoveProfile, MoveTrait, Use
from ..state.turn import Turn, die_for_step
from .f_response_attacks import move_reaches

D12 = 3  # the step of 1d12 (as a_initiative's)


class Mover(Protocol):
    """Whoever moved in: a Fighter, or a Thug group in a turn with Thugs (only its Initiative is read here)."""

    @property
    def init(self) -> int: ...


def can_react(r: Combatant) -> bool:
    """He still has a Reaction Attack: he has not acted (or holds), has not lost his action or used one this turn,
    is neither Knocked Down nor Stunned, and has the 1 FS it costs (000 L6012–L6015)."""
    if r.acted or r.action_lost or r.reaction_used or r.knocked_down or r.stunned or r.defeated:
        return False
    return r.fs >= 1


def chosen(
    ctx: Turn, r: Combatant, key: str, dv: DecisionValue, options: list[tuple[str, MoveProfile]]
) -> tuple[str, MoveProfile] | None:
    """The Reaction Attack his decision names, checked against ``options``; None when he passes."""
    if dv.choice in (None, Choice.pass_):
        return None
    path = f"decisions.{key}"
    if dv.choice is not Choice.act or not dv.moves or len(dv.moves) != 1:
        ctx.fail("DECISION_INVALID", path, f"{key}: choose act with one move, or pass.", key=key)
    m = r.move(dv.moves[0])
    if m is None:
        ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {r.id} has no move '{dv.moves[0]}'.", key=key)
    kind = dv.reaction.value if dv.reaction else next((k for k, mm in options if mm is m), None)
    if kind is None or (kind, m) not in [(k, mm) for k, mm in options]:
        code = (
            "REACTION_REQUIRES_TACTICS_3"
            if kind == ReactionKind.interrupt and r.prof.tactics < 3
            else "REACTION_TRIGGER_INVALID"
        )
        ctx.fail(code, path, f"{key}: {m.name} cannot be a {kind or 'Reaction'} Reaction Attack here.", key=key)
    assert kind is not None and m is not None
    return kind, m


Wish = tuple[Combatant, str, str, MoveProfile]  # who reacts, his decision's key, the kind of Reaction, the move


def reaction_window(ctx: Turn, target: Combatant, cause: str, jumped: bool, aerial_utility: bool = False) -> bool:
    """C.4: after movement without an attack into Range 0/1, a Utility move or Power Up at Range 0/1, each
    opponent who has not acted (or holds) may spend 1 FS on a Reaction Attack (000 L6006–L6033); two or more who
    wish to strike first roll for it (``rival_order``). Returns True when a Reaction Attack hit the target."""

    if UNTOUCHABLE.fn(target):
        return False  # nobody can attack him (000 L3380)
    order = rival_order(ctx, _wishes(ctx, target, cause, jumped), target.id)
    for n, wish in enumerate(order):
        if _strike(ctx, target, wish, jumped or aerial_utility):
            for r, *_ in order[n + 1 :]:  # ruling: the hit interrupts him, nothing is left to react to (000 L6019)
                ctx.note("C.4", r.id, f"{target.id} is already hit: {r.id} keeps his action and FS.", "000 L6019")
            return True
    return False


def _wishes(ctx: Turn, target: Combatant, cause: str, jumped: bool) -> list[Wish]:
    """Each opponent able to react is asked whether he wishes to, before any of them strikes (000 L6019)."""
    out: list[Wish] = []
    for r in list(ctx.opponents(target)):
        if UNENGAGED.fn(r, target):
            continue  # he keeps clear of the invisible fighter (000 L3591)
        if not can_react(r):
            continue
        dist = ctx.distance(r, target)
        if dist > 2:
            continue
        options = reaction_moves(ctx, r, target, dist, jumped)
        if not options:
            continue
        key, dv = ctx.decide(
            r.id,
            "reaction",
            "C.4",
            f"{r.id} may spend 1 FS on a Reaction Attack against "
            f"{target.id} ({cause}): " + ", ".join(f"{k} with {m.name}" for k, m in options) + ".",
            DecisionValue(choice=Choice.pass_),
        )
        picked = chosen(ctx, r, key, dv, options)
        if picked is not None:
            out.append((r, key, *picked))
    return out


def rival_order(ctx: Turn, wishes: list[Wish], target: str) -> list[Wish]:
    """Two or more Fighters who wish to interrupt the same one roll special Initiative for who strikes first,
    highest first, and may spend FS on it (000 L6019). Rulings: the die is his Initiative die of this turn, each FS
    one size larger as on Initiative, at most his Power Level and never above 1d12 (000 L5505), keeping the 1 FS the
    Reaction Attack costs; those tied roll again among themselves."""
    if len(wishes) < 2:
        return wishes
    steps = {w[0].id: _fs_on_roll(ctx, w[0]) for w in wishes}
    pending, out = list(wishes), []
    while pending:
        got = {
            w[0].id: ctx.roll(w[0].id, "reaction_init", die_for_step(steps[w[0].id]), "Initiative", "C.4")
            for w in pending
        }
        top = max(got.values())
        first = [w for w in pending if got[w[0].id] == top]
        ctx.note(
            "C.4",
            first[0][0].id,
            f"Rival Reaction Attacks on {target}: "
            + ", ".join(f"{k} {v}" for k, v in got.items())
            + ("" if len(first) == 1 else ": a tie, rolled again")
            + ".",
            "000 L6019",
            dict(got),
        )
        if len(first) == 1:
            out.append(first[0])
            pending.remove(first[0])
            if len(pending) == 1:
                out.append(pending.pop())
    return out


def _fs_on_roll(ctx: Turn, r: Combatant) -> int:
    """His die step for the special Initiative roll, with the FS he spends on it (000 L6019, L5505)."""
    key, dv = ctx.decide(
        r.id,
        "reaction_init_fs",
        "C.4",
        f"{r.id}: Fighting Spirit on the roll for who reacts first.",
        DecisionValue(fs=0),
    )
    fs = dv.fs or 0
    if fs < 0 or fs > r.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"decisions.{key}", f"{key}: 0 to {r.pl} FS on this roll.", key=key)
    if fs + 1 > r.fs:
        ctx.fail(
            "FS_INSUFFICIENT", f"decisions.{key}", f"{key}: {r.id} has {r.fs} FS, 1 of it for the Reaction.", key=key
        )
    if fs and r.init_step + fs > D12:
        ctx.fail("FS_DIE_ABOVE_D12", f"decisions.{key}", f"{key}: FS cannot raise a die above 1d12.", key=key)
    r.fs -= fs
    return r.init_step + fs


def _strike(ctx: Turn, target: Combatant, wish: Wish, jumping: bool) -> bool:
    """His Reaction Attack, for 1 FS and his action; True when it (or his Ally joining a Basic one) hit."""
    r, key, kind, m = wish
    r.fs -= 1
    MOVES_PAID.fn(ctx, r, [m])
    if m.trait(MoveTrait.triggered):
        triggered.spend(ctx, r, m)  # the armed trap goes off as the Reaction Attack (000 L4406)
    r.reaction_used = True
    r.acted = True
    r.holding = False
    ctx.note(
        "C.4",
        r.id,
        f"{r.id} spends 1 FS on a {kind} Reaction Attack with {m.name}.",
        "000 L6012–L6016",
        {"kind": kind, "move": m.id},
        {"fs": r.fs, "acted": True},
    )
    atk = AttackCls(
        attacker=r,
        defender=target,
        moves=[m],
        context="reaction",
        label="C.4",
        cost=m.level,
        key=key,
        full_offense=r.full_offense,
        reaction=kind,
        extra_acc={"super_reaction": 1} if kind == "super" else {},
        defender_jumping=jumping,
    )
    out = ctx.spine.resolve(ctx, atk)
    SEQUENCE_USED.fn(ctx, r, [m])  # a Reaction Attack is a move used: Opening Move windows (000 L3748)
    # his Ally strikes with his Basic Reaction Attack (ruling: on his trigger, at no further cost; 000 L4203)
    ally_hit = kind == "basic" and summon.join(
        ctx, r, [m], target, None, context="reaction", reaction=kind, defender_jumping=jumping
    )
    return bool(out.hit or ally_hit)


_ANTI_AIR = ResponseKind.anti_air  # read once (an Enum's attribute is slow on Python 3.11)


def reaction_moves(ctx: Turn, r: Combatant, target: Mover, dist: int, jumped: bool) -> list[tuple[str, MoveProfile]]:
    """Each (kind, move) he may react with at ``dist``: a Basic Move at Range 0/1, a Throw at 0, Anti-Air on a jump
    in, an Interrupt with Tactics 3, an Invincibility Super (000 L6023–L6033)."""

    out: list[tuple[str, MoveProfile]] = []
    for m in r.prof.moves.values():
        if m.level > r.control or not m.offensive or m.withheld(Use.reaction) or access.locked(r, m):
            continue
        if not move_reaches(m, dist):
            continue
        if m.kind == "basic" and dist <= 1:
            out.append(("basic", m))
        if m.throw and dist == 0:
            out.append((ReactionKind.throw, m))
        if _ANTI_AIR in m.responses and jumped and dist <= 1:
            out.append((ReactionKind.anti_air, m))
        if m.trait(MoveTrait.interrupt) and r.prof.tactics >= 3 and dist <= 1 and triggered.ready(r, m):
            out.append((ReactionKind.interrupt, m))  # a Triggered Interrupt only once armed (ruling, 000 L4406)
        if m.is_super and invincible(r, target, m):
            out.append(("super", m))
    return out


def invincible(d: Combatant, a: Mover, m: MoveProfile) -> bool:
    """Invincibility: a Super of a fighter who has not acted and lost Initiative to ``a`` by no more than its
    instances (000 L4944–L4948)."""
    n = m.invincible_margin
    return (
        bool(n)
        and m.is_super
        and not d.acted
        and 0 < a.init - d.init <= n
        and d.se >= m.se_cost
        and m.level <= d.control
    )


def invincible_interrupt(ctx: Turn, atk: Attack) -> bool:
    """D.4: the Invincibility Super as an Interrupt Defensive Response, once a turn: the attack misses outright
    and the Super strikes back (000 L4944–L4950). Returns True when it was used."""

    a, d = atk.attacker, atk.defender
    if not INVINCIBLE.any_of(d.prof.entry_ids) or d.invincible_used:
        return False
    if d.holding or d.action_lost or d.stunned or d.knocked_down:
        return False
    dist = ctx.distance(a, d)
    options = [
        m for m in d.prof.moves.values() if invincible(d, a, m) and move_reaches(m, dist) and not access.locked(d, m)
    ]
    if not options:
        return False
    key, dv = ctx.decide(
        d.id,
        "invincible_interrupt",
        "D.4",
        f"{d.id} may answer {a.id}'s attack with an "
        "Invincibility Super: " + ", ".join(m.name for m in options) + " (the attack misses).",
        DecisionValue(choice=Choice.pass_),
    )
    if dv.choice in (None, Choice.pass_):
        return False
    m = d.move(dv.moves[0]) if dv.choice is Choice.act and dv.moves and len(dv.moves) == 1 else None
    if m is None or m not in options:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: respond with one of " + ", ".join(o.id for o in options) + ", or pass.",
            key=key,
        )
    assert m is not None
    d.invincible_used = True
    MOVES_PAID.fn(ctx, d, [m])
    d.acted = True
    ctx.note(
        "D.4",
        d.id,
        f"{d.id} interrupts with the Invincibility Super {m.name}: {a.id}'s attack misses.",
        "000 L4944–L4950",
        {"move": m.id},
        {"acted": True},
    )
    ctx.spine.resolve(
        ctx,
        AttackCls(
            attacker=d,
            defender=a,
            moves=[m],
            context="response",
            label="D.4",
            cost=m.level,
            key=key,
            response=ResponseKind.interrupt,
        ),
    )
    return True
