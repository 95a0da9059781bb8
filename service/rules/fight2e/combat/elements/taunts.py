"""Special Moves built as Taunts (000 L4273–L4301): the Basic Taunt's Glory on top of the move's own, Modify Super
Energy (the damage roll moves Super Energy instead) and Element Addition (the Taunt lends an Element to a later
move)."""

from __future__ import annotations

from ....dice import Die
from ...catalogue.catalog import catalog
from ..registry.elements import MOVE_HIT
from ..registry.reprice import with_entries
from ..state.action import Attack, DamageRoll
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn, die_for_step
from .damage import _roll_with_minimum
from .design import design, entry_of
from .glory import GloryRule, glory_rule
from .vocabulary import LogKey


def taunt_glory(ctx: Turn, f: Combatant, moves: list[MoveProfile], target: Combatant | None) -> None:
    """A move with the Taunt Element follows the Basic Taunt: 1d4 Glory besides its own, against a target with
    lower Initiative, not from a hold, once per combat (000 L2141, L4279)."""
    m = next((x for x in moves if glory_rule(x, GloryRule.taunts)), None)
    if m is None or f.defeated:
        return
    # ruling: the one Taunt Glory of the combat is shared by the Basic Taunt and Taunt moves (000 L2141, L4279)
    why = (
        "Taunt Glory was already earned in this combat"
        if f.taunt_used
        else "a Taunt from a held action earns no Taunt Glory"
        if f.from_hold
        else "no target"
        if target is None
        else f"{target.id}'s Initiative {target.init} is not lower than {f.init}"
        if target.init >= f.init
        else ""
    )
    if why:
        ctx.note("C.5", f.id, f"{m.name} is a Taunt, but {why}: no Taunt Glory.", "000 L2141, L4279", {"move": m.id})
        return
    assert target is not None
    f.taunt_used = True
    r = ctx.roll(f.id, "taunt_glory", Die(2), f"Taunt Glory of {m.name}", "C.5")
    ctx.award(f.id, r, f"Taunt {m.name} against {target.id}", "000 L2141, L4279")


@MOVE_HIT(30, entries=("taunt.modify_super_energy",))
def modify_super_energy(ctx: Turn, atk: Attack, dmg: DamageRoll, m: MoveProfile, index: int, lost: int) -> None:
    """On a hit the move's damage roll, without Strength or Stamina but with the Elements that change damage,
    is Super Energy gained by the user or taken from the target, as built (000 L4283–L4289)."""
    if not m.trait(MoveTrait.modifies_super_energy):
        return
    a, d = atk.attacker, atk.defender
    inc, mh = m.trait(MoveTrait.increased_damage), m.trait(MoveTrait.multi_hit)
    step = (1 if m.is_super else 0) + inc // 2 - m.trait(MoveTrait.decreased_damage)
    minimum = 1 + mh % 2 + inc % 2 if index == 0 else 1
    roll = _roll_with_minimum(ctx, a, m, step, minimum, f"Super Energy of {m.name} (Modify Super Energy)")
    amount = roll + mh // 2
    if index:
        amount //= 2  # ruling: later in a Combo it is halved like a Special Move's damage there (000 L5804)
    drain = design(m, MoveTrait.modifies_super_energy).get("direction") == "drain_opponent"
    who = d if drain else a
    before = who.se
    if drain:
        who.se = max(who.se - amount, 0)
    elif who.prof.has_supers:  # ruling: Super Energy is only kept by a fighter who owns a Super (000 L5264)
        who.se = min(who.se + amount, ctx.opts.super_energy_max)
    ctx.note(
        "E.5",
        a.id,
        f"Modify Super Energy: {die_for_step(step)} rolled {amount} — {who.id} "
        + ("loses" if drain else "gains")
        + f" {abs(who.se - before)} Super Energy ({before} → {who.se}).",
        "000 L4283–L4289",
        {"roll": roll, "amount": amount},
        {LogKey.super_energy: who.se},
    )


# ── Element Addition (000 L4291–L4301) ─────────────────────────────────────────────────────────────

ADDITION = entry_of(MoveTrait.lends_element)
_ADD_REF = "000 L4291–L4301"


def _element(m: MoveProfile | None) -> str:
    return str((m.options.get(ADDITION, {}).get("element") or "") if m is not None else "")


def _name(ident: str) -> str:
    entry = catalog().entries.get(ident)
    return entry.name if entry is not None else ident or "its Element"


def _fits(ident: str, m: MoveProfile, source: str) -> bool:
    """The next appropriate move: another Special or Super Move that could take the Element (its type, the
    keywords and base entries it needs, nothing it excludes) and where it can act."""
    entry = catalog().entries.get(ident)
    if entry is None or m.kind not in ("special", "super") or m.id == source or m.kind not in entry.move_types:
        return False
    req = entry.requires
    # ruling: an Element that makes or needs a Utility move goes to a Utility move, any other to an attack, where
    # it can do something (000 L4297)
    if ("utility" in entry.keywords.add or "utility" in req.keywords) != m.utility or not (m.utility or m.offensive):
        return False
    return (
        set(req.keywords) <= m.keywords
        and all(set(g) & m.keywords for g in req.any_keywords)
        and all(m.has(x) for x in req.entries)
        and all(any(m.has(x) for x in g) for g in req.any_entries)
        and not any(m.has(x) for x in entry.excludes)
    )


def _pending(ctx: Turn, f: Combatant) -> Effect | None:
    return next((e for e in f.ongoing if e.id == ADDITION and e.since is not None and e.since >= ctx.turn - 1), None)


def lend(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """Moves of one use, in order: a waiting Element goes to the first appropriate one (then it is spent); a Taunt
    with Element Addition sets a new one waiting, replacing any earlier (000 L4295–L4301)."""
    if ADDITION not in f.prof.entry_ids:
        return moves
    out = list(moves)
    for i, m in enumerate(out):
        e = _pending(ctx, f)
        src = f.move(e.move or "") if e is not None else None
        ident = _element(src)
        if e is not None and src is not None and _fits(ident, m, src.id):
            f.ongoing = [x for x in f.ongoing if x is not e]
            out[i] = with_entries(ctx, f, m, add=(ident,))  # its Level stays: the Taunt paid (000 L4299)
            ctx.note(
                "D.1",
                f.id,
                f"{src.name}'s Element Addition: {m.name} has {_name(ident)} for this use.",
                _ADD_REF,
                {LogKey.taunt: src.id, "move": m.id, "element": ident},
            )
        if m.has(ADDITION):
            f.ongoing = [x for x in f.ongoing if x.id != ADDITION]
            f.ongoing.append(Effect(ADDITION, m.id, None, ctx.turn))
            ctx.note(
                "C.5",
                f.id,
                f"{m.name} lends {_name(_element(m))} to {f.id}'s next appropriate move, this turn or next.",
                _ADD_REF,
                {"move": m.id},
            )
    return out


def tick(ctx: Turn, f: Combatant, e: Effect) -> Effect | None:
    """A lent Element not taken up is lost when the turn after the Taunt ends (000 L4301), and with the round
    (ruling, as the other effects of a move)."""
    if ctx.round_over or e.since is None or e.since < ctx.turn:
        m = f.move(e.move or "")
        ctx.note("H.3", f.id, f"{m.name if m else e.move}'s lent Element was not used: it is lost.", "000 L4301")
        return None
    return e
