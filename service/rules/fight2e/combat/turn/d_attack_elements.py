"""Elements that change an attack under way: a Super's Breakthrough, Temporary Invulnerability, Cancel Throw, and
the Tactics checks of Bounce and Launchers in a Combo (000 L4906–L4912, L4323–L4327, L3077–L3083, L2939–L2941,
L3619–L3621)."""

from __future__ import annotations

from ....dice import Die
from ..contract.models import Choice, DecisionValue
from ..protocol.names import Point
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import ComboPart, MoveProfile, MoveTrait, Profile
from ..state.turn import Turn

Trait = MoveTrait  # the roles the attack's own steps ask about
UNDER_WAY = frozenset({Trait.invulnerable, Trait.vulnerable})  # what the user is while the move is under way


def has_trait(m: MoveProfile, trait: Trait) -> bool:
    return m.trait(trait) > 0


def trait_instances(m: MoveProfile, trait: Trait) -> int:
    return m.trait(trait)


def any_trait(prof: Profile, traits: frozenset[Trait]) -> bool:
    """A quick gate: some move of his has an entry with one of ``traits``."""
    return not prof.traits.isdisjoint(traits)


def breakthrough_of(atk: Attack) -> int:
    for i, m in enumerate(atk.moves):
        n = trait_instances(m, Trait.partial_hit)
        if n and m.is_super:
            return n if i == 0 else n // 2  # 000 L4906–L4912
    return 0


def invulnerable(atk: Attack) -> str:
    """Why the defender shrugs the hit off, or "": a Super against a non-Super interrupt or simultaneous attack
    (000 L5301), or a move with Temporary Invulnerability (000 L4323–L4327). Breaker pierces it, but a Special
    Breaker not a Super's (000 L2943–L2951)."""
    d = atk.defender
    if d.super_armor and not atk.has_super:
        return "a Super Move against a non-Super attack"
    if not d.invulnerable:
        return ""
    breakers = [m for m in atk.moves if has_trait(m, Trait.pierces)]
    if breakers and (d.invulnerable == "special" or any(m.is_super for m in breakers)):
        return ""
    return "Temporary Invulnerability Element"


def cancelled_throw(ctx: Turn, atk: Attack) -> None:
    """Cancel Throw: a hit at Range 1 and a DL 8 Tactics check let a Throw the attacker has Control for stand in
    for the move before its effects (000 L3077–L3083)."""

    a, d = atk.attacker, atk.defender
    if not any_trait(a.prof, frozenset({Trait.cancels})):
        return
    idx = next((i for i, m in enumerate(atk.moves) if has_trait(m, Trait.cancels)), None)
    if idx is None or ctx.distance(a, d) != 1:
        return
    throws = [m for m in a.prof.moves.values() if m.throw and m.is_special and m.level <= a.control]
    t = cancel_into(ctx, a, d, atk.moves[idx], throws)
    if t is not None:
        atk.moves = [*atk.moves[:idx], t, *atk.moves[idx + 1 :]]


def cancel_into(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile, throws: list[MoveProfile]) -> MoveProfile | None:
    """Cancel Throw's check and choice, in every turn that applies it: with ``throws`` open to him (those within
    his Control), the DL 8 Tactics check, then the Throw he names in place of ``m``, or None (000 L3083)."""
    if not throws:
        return None
    roll = ctx.roll(a.id, "tactics_check", Die(5), f"Cancel Throw from {m.name}", "E")
    ok = roll + a.prof.tactics >= 8
    ctx.note(
        "E",
        a.id,
        f"Cancel Throw: Tactics check {roll} + {a.prof.tactics} against 8 — " + ("success." if ok else "failure."),
        "000 L3083",
        {"roll": roll, "tactics": a.prof.tactics},
        {"success": ok},
    )
    if not ok:
        return None
    key, dv = ctx.decide(
        a.id,
        Point.cancel_throw,
        "E",
        f"{a.id} may throw instead: " + ", ".join(x.name for x in throws) + ", or pass.",
        DecisionValue(choice=Choice.pass_),
    )
    if dv.choice in (None, Choice.pass_) and not dv.moves:
        return None
    t = a.move(dv.moves[0]) if dv.moves and len(dv.moves) == 1 else None
    if t is None or t not in throws:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: name one Throw of {a.id} within his Control, or pass.",
            key=key,
        )
    assert t is not None
    ctx.note("E", a.id, f"{a.id} turns {d.id}'s hit into the Throw {t.name}.", "000 L3083", {"move": t.id})
    return t


def combo_tactics(ctx: Turn, atk: Attack) -> int:
    """D.2 Tactics checks (1d10 + Tactics) for Bounce (DL 8, +1 damage) and Launchers in a Combo (DL 8, DL 10 for
    the second and later, +2 damage each); a failure makes the later moves miss: only the moves before them count
    (000 L2939–L2941, L3619–L3621). Returns the damage bonus; ``atk.moves`` keeps the moves that hit."""

    a = atk.attacker
    bonus = launchers = 0
    if not any(
        m.trait(MoveTrait.launcher) or m.part(ComboPart.bounce) or m.part(ComboPart.pursuit_bounce) for m in atk.moves
    ):
        return 0
    for i, m in enumerate(list(atk.moves)):
        launcher = atk.is_combo and m.trait(MoveTrait.launcher) > 0
        bounce = m.part(ComboPart.bounce)
        # Pursuit Bounce: DL 8 to go on past it, no damage bonus (000 L3936)
        pursuit_bounce = i < len(atk.moves) - 1 and m.part(ComboPart.pursuit_bounce) and not bounce
        if not (launcher or bounce or pursuit_bounce):
            continue
        launchers += 1 if launcher else 0
        dl = 10 if launcher and launchers >= 2 else 8
        roll = ctx.roll(a.id, "tactics_check", Die(5), f"Tactics check for {m.name}", "D.2")
        ok = roll + a.prof.tactics >= dl
        ctx.note(
            "D.2",
            a.id,
            f"{m.name}: Tactics check {roll} + {a.prof.tactics} against {dl} — "
            + (
                (
                    "success, the Combo goes on."
                    if pursuit_bounce
                    else "success, +" + ("2" if launcher else "1") + " damage."
                )
                if ok
                else "failure, the later moves miss."
            ),
            "000 L2941, L3619–L3621",
            {"roll": roll, "tactics": a.prof.tactics, "dl": dl},
            {"success": ok},
        )
        if ok:
            bonus += 2 if launcher else (0 if pursuit_bounce else 1)
            continue
        keep = i if launcher and launchers >= 2 else i + 1  # a failed second Launcher misses itself too
        atk.moves = atk.moves[: max(keep, 1)]
        break
    return bonus
