"""What a successful Interrupt Defensive Response does beyond an interrupting attack: Absorbs Attacks (with Absorb
All Attacks and Transform Energy), Reflection, and the Illusionary Doubles (000 L2761–L2793, L4087–L4097,
L3476–L3506).

These moves are Passive: they work at any Range. When the move is also Offensive and the attacker is within its
reach, it strikes as an ordinary Interrupt as well (000 L5860); a Utility one only does its own effect.

State carried to later turns (``ongoing_effects``):

* ``absorbed_attack``: ``move`` is the original owner's move id, ``target`` the owner, ``since`` the turn it was
  absorbed. From the next turn the absorber has the move as ``absorbed:<move id>`` for one use.
* ``offensive_illusion``: ``charges`` Ranges to glide at the start of the next turn (after the rolls),
  ``target`` the fighter it was used against, ``since`` the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ....catalogue.table_records import InterruptSpecial, Special
from ...contract.model_types import OngoingEffectId
from ...contract.models import ChoiceOption, DecisionValue
from ...registry import features
from ...registry.sheet import profile
from ...state.action import Attack
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import FlagTable, flags_of_records
from ...state.profile import MoveProfile, MoveTrait, projectile_limit
from ...state.turn import Turn, die_for_step
from ..design import design_of
from ..illusionary_doubles import defensive_shift, schedule_glide
from ..vocabulary import LogKey

SPECIALS: FlagTable[Special] = flags_of_records("interrupt_special", InterruptSpecial, lambda r: frozenset(r.specials))
STATE_IDS = frozenset({"absorbed_attack", "offensive_illusion"})
PREFIX = "absorbed:"
Strike = Callable[[list[MoveProfile], bool], bool]


@features.INTERRUPT_SPECIAL
def special(m: MoveProfile) -> bool:
    return bool(SPECIALS.grants(m.entries))


def reflects(m: MoveProfile) -> bool:
    """Whether ``m`` turns a projectile back (Reflection, 000 L4087)."""
    return Special.reflects in SPECIALS.grants(m.entries)


def _projectile(atk: Attack) -> MoveProfile | None:
    """The Ranged Special Move of the attack (a Basic Move is never Ranged)."""
    return next((m for m in atk.moves if m.trait(MoveTrait.projectile) and m.kind != "basic" and m.offensive), None)


def _absorbable(atk: Attack, m: MoveProfile) -> list[MoveProfile]:
    every = Special.absorbs_any in SPECIALS.grants(m.entries)  # any attack, not only a Ranged one (000 L2777–L2781)
    out: list[MoveProfile] = []
    for x in atk.moves:
        if x.offensive and (every or (x.trait(MoveTrait.projectile) and x.kind != "basic")) and x not in out:
            out.append(x)
    return out


def _reflectable(atk: Attack, m: MoveProfile) -> MoveProfile | None:
    p = _projectile(atk)
    if p is None or (p.is_super and not m.is_super):
        return None  # a Super is turned back only by a Super with Reflection (000 L4091)
    if not projectile_limit(p).reflected:
        return None  # an Indirect blast is never reflected (000 L4041)
    return p


def trigger_problem(atk: Attack, m: MoveProfile) -> str | None:
    """Why a move that only has its special effect (Utility, or out of reach) cannot answer this attack."""
    grants = SPECIALS.grants(m.entries)
    if Special.reflects in grants and _reflectable(atk, m) is None:
        return f"{m.name} reflects only a Ranged Special Move (a Super only with a Super)"
    if Special.absorbs in grants and Special.reflects not in grants and not _absorbable(atk, m):
        return f"{m.name} absorbs only a Ranged attack (any attack with Absorb All Attacks)"
    return None


def _reaches(ctx: Turn, m: MoveProfile, atk: Attack, d: Combatant) -> bool:
    dist = ctx.distance(atk.attacker, d)
    return m.offensive and m.range is not None and m.range[0] <= dist <= m.range[1]


@features.INTERRUPT_RESPONDED
def respond(ctx: Turn, atk: Attack, d: Combatant, moves: list[MoveProfile], key: str, strike: Strike) -> None:
    """The Interrupt Response with one of these moves, after its Control and costs are settled. ``strike(moves,
    reflected)`` makes the interrupting attack and returns whether it hit."""
    first = moves[0]
    path = f"decisions.{key}"
    strikes = first.offensive and all(_reaches(ctx, m, atk, d) for m in moves if m.offensive)
    why = trigger_problem(atk, first)
    if why and not strikes:
        ctx.fail("RESPONSE_TRIGGER_INVALID", path, f"{key}: {why}.", key=key)
    d.responded_ok = True  # the attack was avoided: a successful Defensive Response (000 L857)
    grants = SPECIALS.grants(first.entries)
    if Special.reflects in grants:
        proj = _reflectable(atk, first)
        if proj is not None:
            _reflect(ctx, atk, d, proj, moves, strike)
            return
    if Special.absorbs in grants and Special.reflects not in grants and _absorbable(atk, first):
        _absorb(ctx, atk, d, first, key)
    illusion = Special.shifts in grants
    before = (
        illusion
        and str(design_of(first, SPECIALS, lambda row: Special.shifts in row).get("movement_timing") or "after")
        == "before"
    )
    if before:
        defensive_shift(ctx, atk, d, first, key)
        strikes = first.offensive and all(_reaches(ctx, m, atk, d) for m in moves if m.offensive)
    if strikes:
        strike(moves, False)
    else:
        ctx.note(
            "F.3",
            d.id,
            f"{first.name} does not strike {atk.attacker.id} ("
            + (
                "a Utility move"
                if not first.offensive
                else f"out of its reach at Range {ctx.distance(atk.attacker, d)}"
            )
            + "); only its own effect applies.",
            "000 L5860",
            {"move": first.id},
        )
    if illusion and not before:
        defensive_shift(ctx, atk, d, first, key)  # after the attack, at the end of a Combo (000 L3482–L3483)
    if Special.glides in grants:
        schedule_glide(ctx, atk, d, first, path)


# ── Reflection (000 L4087–L4097) ─────────────────────────────────────────────────────────────────────


def _reflect(ctx: Turn, atk: Attack, d: Combatant, proj: MoveProfile, moves: list[MoveProfile], strike: Strike) -> None:
    a = atk.attacker
    ctx.note(
        "F.3",
        d.id,
        f"{moves[0].name} turns {a.id}'s {proj.name} back at him: {d.id} attacks with it as his "
        f"own; {a.id} may only use Defense or Evasion, halved.",
        "000 L4091",
        {"projectile": proj.id},
    )
    # ruling: the projectile flies back along its own path, so it reaches the attacker wherever he stands, and it
    # keeps its priced die (the owner's Ki with a Ki-based move); it opens any Combo as a Starter (000 L4090–L4091)
    before = d.ignore_range
    d.ignore_range = True
    try:
        strike([proj, *moves[1:]], True)
    finally:
        d.ignore_range = before


# ── Absorbs Attacks (000 L2761–L2793) ─────────────────────────────────────────────────────────────────


def _option(value: DecisionValue, text: str) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=0, control=0, text=text, can_hit=None)


def _absorb(ctx: Turn, atk: Attack, d: Combatant, m: MoveProfile, key: str) -> None:
    a = atk.attacker
    options = _absorbable(atk, m)
    taken = options[0]
    if len(options) > 1:  # a Combo with several: the absorber picks one (000 L2773)
        k, dv = ctx.decide(
            d.id,
            "absorb_choice",
            "F.3",
            f"{d.id} absorbs one move of {a.id}'s Combo: " + ", ".join(o.id for o in options) + ".",
            None,
            lambda: [_option(DecisionValue(moves=[o.id]), f"absorb {o.name}") for o in options],
        )
        pick = next((o for o in options if dv.moves and o.id == dv.moves[0]), None)
        if pick is None or not dv.moves or len(dv.moves) != 1:
            ctx.fail(
                "DECISION_INVALID",
                f"decisions.{k}",
                f"{k}: name one of " + ", ".join(o.id for o in options) + ".",
                key=k,
            )
        assert pick is not None
        taken = pick
    if Special.transforms in SPECIALS.grants(m.entries):
        _transform(ctx, d, m, taken)
        return
    if taken.kind == "basic":
        ctx.note(
            "F.3",
            d.id,
            f"{d.id} absorbs {a.id}'s {taken.name}; a Basic Move is his own already, so nothing is held.",
            "000 L2766",
        )
        return
    # One held at a time: a new one replaces the old (000 L2767).
    d.ongoing = [e for e in d.ongoing if e.id != OngoingEffectId.absorbed_attack]
    d.ongoing.append(Effect(OngoingEffectId.absorbed_attack, taken.id, None, ctx.turn, a.id))
    ctx.note(
        "F.3",
        d.id,
        f"{d.id} absorbs {a.id}'s {taken.name}: from next turn he may use it once as his own "
        f"(move '{PREFIX}{taken.id}').",
        "000 L2766–L2767",
        {"move": taken.id, "from": a.id},
        {"absorbed": taken.id},
    )


def _transform(ctx: Turn, d: Combatant, m: MoveProfile, taken: MoveProfile) -> None:
    """The absorbed move's damage is rolled (no Strength, no Stamina) and becomes Super Energy or FS."""
    # what the design converts the damage to: Fighting Spirit, else Super Energy
    into = str(design_of(m, SPECIALS, lambda row: Special.transforms in row).get("converts_to") or "")
    amount = 0
    if taken.damage_step is not None and not taken.kw("no_damage"):
        die = die_for_step(taken.damage_step)
        amount = (
            ctx.roll(d.id, "absorb_energy", die, f"damage of the absorbed {taken.name}", "F.3")
            if taken.damage_step > -3
            else 1
        )
        amount += taken.flat_bonus
    if into == "fighting_spirit":
        before = d.fs
        d.fs = min(d.fs + amount, d.fs_start)  # ruling: never above his starting total (000 L5489)
        ctx.note(
            "F.3",
            d.id,
            f"{d.id} turns the absorbed {taken.name} ({amount} damage) into {d.fs - before} FS.",
            "000 L2789–L2793",
            {"damage": amount},
            {"fs": d.fs},
        )
        return
    before = d.se
    d.se = min(d.se + amount, ctx.opts.super_energy_max)
    ctx.note(
        "F.3",
        d.id,
        f"{d.id} turns the absorbed {taken.name} ({amount} damage) into {d.se - before} Super Energy.",
        "000 L2789–L2793",
        {"damage": amount},
        {LogKey.super_energy: d.se},
    )


def restore_absorbed(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    """The held move joins the absorber's moves as ``absorbed:<id>`` once a later turn has come."""

    owner = next((c for c in ctx.req.fighters if c.id == eff.target), None)
    if owner is None or eff.move is None or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an absorbed attack needs its owner (target), move and the turn it was absorbed (since).",
        )
    assert owner is not None and eff.move is not None
    src = profile(owner.sheet, ctx.opts).moves.get(eff.move)
    if src is None:
        ctx.fail("UNKNOWN_MOVE", f"{path}.move", f"{f.id}: {owner.id} has no move '{eff.move}' to absorb.")
    assert src is not None
    f.ongoing.append(Effect(OngoingEffectId.absorbed_attack, eff.move, None, eff.since, eff.target))
    if eff.since is not None and eff.since >= ctx.turn:
        return  # usable from the turn after the absorption (000 L2766)
    # ruling: the move keeps its own figures (its priced die, so the owner's Ki for a Ki-based move); Strength,
    # Damage Bonus and Control are the user's, as for any move of his (000 L2766)
    held = replace(src, id=PREFIX + src.id, name=f"{src.name} (absorbed)", path=f"absorbed:{owner.id}.{src.path}")
    f.prof = replace(f.prof, moves={**f.prof.moves, held.id: held})
    if f.base_prof is not None:
        f.base_prof = replace(f.base_prof, moves={**f.base_prof.moves, held.id: held})


@features.ABSORBED_SPENT
def spend_absorbed(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """An absorbed move is used once (000 L2767)."""
    for m in moves:
        if m.id.startswith(PREFIX) and any(e.id == OngoingEffectId.absorbed_attack for e in f.ongoing):
            f.ongoing = [e for e in f.ongoing if e.id != OngoingEffectId.absorbed_attack]
            ctx.note(
                "D.3",
                f.id,
                f"{f.id} lets loose the absorbed {m.name}; it is gone after this use.",
                "000 L2767",
                {"move": m.id},
                {"absorbed": None},
            )


# ── Illusionary Doubles (000 L3476–L3506) ─────────────────────────────────────────────────────────────
