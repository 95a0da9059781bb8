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
from typing import TYPE_CHECKING

from . import positions
from .fighter import Effect, F
from .models import Choice, ChoiceOption, DecisionValue, DefenseOption, Direction
from .move_profile import MoveProfile
from .state import Ctx, die_for_step

if TYPE_CHECKING:
    from .attack_records import Attack

ABSORB = "absorbs_attacks"
ABSORB_ALL = "absorbs_attacks.absorb_all_attacks"
TRANSFORM = "absorbs_attacks.transform_energy"
REFLECT = "reflection"
DEFENSIVE = "illusionary_doubles.defensive_illusion"
VARIABLE = "illusionary_doubles.defensive_illusion.variable_movement"
OFFENSIVE = "illusionary_doubles.offensive_illusion"
SPECIALS = (ABSORB, REFLECT, DEFENSIVE, OFFENSIVE)
STATE_IDS = frozenset({"absorbed_attack", "offensive_illusion"})
PREFIX = "absorbed:"
Strike = Callable[[list[MoveProfile], bool], bool]


def special(m: MoveProfile) -> bool:
    return any(m.has(e) for e in SPECIALS)


def _projectile(atk: Attack) -> MoveProfile | None:
    """The Ranged Special Move of the attack (a Basic Move is never Ranged)."""
    return next((m for m in atk.moves if m.has("ranged") and m.kind != "basic" and m.offensive), None)


def _absorbable(atk: Attack, m: MoveProfile) -> list[MoveProfile]:
    every = m.has(ABSORB_ALL) > 0  # any attack, not only a Ranged one (000 L2781)
    out: list[MoveProfile] = []
    for x in atk.moves:
        if x.offensive and (every or (x.has("ranged") and x.kind != "basic")) and x not in out:
            out.append(x)
    return out


def _reflectable(atk: Attack, m: MoveProfile) -> MoveProfile | None:
    p = _projectile(atk)
    if p is None or (p.is_super and not m.is_super):
        return None  # a Super is turned back only by a Super with Reflection (000 L4091)
    if p.has("ranged.no_ranged_response.indirect"):
        return None  # an Indirect blast is never reflected (000 L4041)
    return p


def trigger_problem(atk: Attack, m: MoveProfile) -> str | None:
    """Why a move that only has its special effect (Utility, or out of reach) cannot answer this attack."""
    if m.has(REFLECT) and _reflectable(atk, m) is None:
        return f"{m.name} reflects only a Ranged Special Move (a Super only with a Super)"
    if m.has(ABSORB) and not m.has(REFLECT) and not _absorbable(atk, m):
        return f"{m.name} absorbs only a Ranged attack (any attack with Absorb All Attacks)"
    return None


def _reaches(ctx: Ctx, m: MoveProfile, atk: Attack, d: F) -> bool:
    dist = ctx.distance(atk.attacker, d)
    return m.offensive and m.range is not None and m.range[0] <= dist <= m.range[1]


def respond(ctx: Ctx, atk: Attack, d: F, moves: list[MoveProfile], key: str, strike: Strike) -> None:
    """The Interrupt Response with one of these moves, after its Control and costs are settled. ``strike(moves,
    reflected)`` makes the interrupting attack and returns whether it hit."""
    first = moves[0]
    path = f"decisions.{key}"
    strikes = first.offensive and all(_reaches(ctx, m, atk, d) for m in moves if m.offensive)
    why = trigger_problem(atk, first)
    if why and not strikes:
        ctx.fail("RESPONSE_TRIGGER_INVALID", path, f"{key}: {why}.", key=key)
    d.responded_ok = True  # the attack was avoided: a successful Defensive Response (000 L857)
    if first.has(REFLECT):
        proj = _reflectable(atk, first)
        if proj is not None:
            _reflect(ctx, atk, d, proj, moves, strike)
            return
    if first.has(ABSORB) and not first.has(REFLECT) and _absorbable(atk, first):
        _absorb(ctx, atk, d, first, key)
    illusion = first.has(DEFENSIVE) > 0
    before = illusion and str(first.options.get(DEFENSIVE, {}).get("movement_timing") or "after") == "before"
    if before:
        _shift(ctx, atk, d, first, key)
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
        _shift(ctx, atk, d, first, key)  # after the attack, at the end of a Combo (000 L3482–L3483)
    if first.has(OFFENSIVE):
        _schedule_glide(ctx, atk, d, first, path)


# ── Reflection (000 L4087–L4097) ─────────────────────────────────────────────────────────────────────


def _reflect(ctx: Ctx, atk: Attack, d: F, proj: MoveProfile, moves: list[MoveProfile], strike: Strike) -> None:
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


def _absorb(ctx: Ctx, atk: Attack, d: F, m: MoveProfile, key: str) -> None:
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
    if m.has(TRANSFORM):
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
    d.ongoing = [e for e in d.ongoing if e.id != "absorbed_attack"]
    d.ongoing.append(Effect("absorbed_attack", taken.id, None, ctx.turn, a.id))
    ctx.note(
        "F.3",
        d.id,
        f"{d.id} absorbs {a.id}'s {taken.name}: from next turn he may use it once as his own "
        f"(move '{PREFIX}{taken.id}').",
        "000 L2766–L2767",
        {"move": taken.id, "from": a.id},
        {"absorbed": taken.id},
    )


def _transform(ctx: Ctx, d: F, m: MoveProfile, taken: MoveProfile) -> None:
    """The absorbed move's damage is rolled (no Strength, no Stamina) and becomes Super Energy or FS."""
    into = str(m.options.get(TRANSFORM, {}).get("converts_to") or "super_energy")
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
        {"super_energy": d.se},
    )


def restore_absorbed(ctx: Ctx, f: F, path: str, eff: Effect) -> None:
    """The held move joins the absorber's moves as ``absorbed:<id>`` once a later turn has come."""
    from .profile import profile

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
    f.ongoing.append(Effect("absorbed_attack", eff.move, None, eff.since, eff.target))
    if eff.since is not None and eff.since >= ctx.turn:
        return  # usable from the turn after the absorption (000 L2766)
    # ruling: the move keeps its own figures (its priced die, so the owner's Ki for a Ki-based move); Strength,
    # Damage Bonus and Control are the user's, as for any move of his (000 L2766)
    held = replace(src, id=PREFIX + src.id, name=f"{src.name} (absorbed)", path=f"absorbed:{owner.id}.{src.path}")
    f.prof = replace(f.prof, moves={**f.prof.moves, held.id: held})
    if f.base_prof is not None:
        f.base_prof = replace(f.base_prof, moves={**f.base_prof.moves, held.id: held})


def spend_absorbed(ctx: Ctx, f: F, moves: list[MoveProfile]) -> None:
    """An absorbed move is used once (000 L2767)."""
    for m in moves:
        if m.id.startswith(PREFIX) and any(e.id == "absorbed_attack" for e in f.ongoing):
            f.ongoing = [e for e in f.ongoing if e.id != "absorbed_attack"]
            ctx.note(
                "D.3",
                f.id,
                f"{f.id} lets loose the absorbed {m.name}; it is gone after this use.",
                "000 L2767",
                {"move": m.id},
                {"absorbed": None},
            )


# ── Illusionary Doubles (000 L3476–L3506) ─────────────────────────────────────────────────────────────


def _shift(ctx: Ctx, atk: Attack, d: F, m: MoveProfile, key: str) -> None:
    """Defensive Illusion: 2 Ranges either way, 0–2 with Variable Movement; no FS (the Element's own move)."""
    a = atk.attacker
    variable = m.has(VARIABLE) > 0
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
        n = int(str(m.options.get(OFFENSIVE, {}).get("n") or 1))
    except ValueError:
        n = 1
    return min(max(n, 1), 4)


def names_illusion(d: F, dv: DecisionValue) -> bool:
    m = d.move(dv.moves[0]) if dv.moves else None
    return m is not None and m.has(OFFENSIVE) > 0


def declare_illusion(ctx: Ctx, d: F, dv: DecisionValue, option: DefenseOption, context: str, key: str) -> MoveProfile:
    """An Offensive Illusion Interrupt is declared with the Defense Total, whose Tactics it raises (ruling A16, as
    Priority; 000 L3490)."""
    path = f"decisions.{key}"
    m = d.move(dv.moves[0]) if dv.moves and len(dv.moves) == 1 else None
    if m is None or "interrupt" not in m.responses:
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


def _schedule_glide(ctx: Ctx, atk: Attack, d: F, m: MoveProfile, path: str) -> None:
    if d.declared_illusion != m.id:
        ctx.note(
            "F.3",
            d.id,
            f"{m.name} was not declared with the Defense Total: no Tactics bonus, and so no illusionary glide.",
            "000 L3490",
        )
        return
    n = illusion_bonus(m)
    d.ongoing = [e for e in d.ongoing if e.id != "offensive_illusion"]
    d.ongoing.append(Effect("offensive_illusion", m.id, None, ctx.turn, atk.attacker.id, charges=n))
    ctx.note(
        "F.3",
        d.id,
        f"Offensive Illusion: at the start of next turn {d.id} glides {n} Range(s) for no FS.",
        "000 L3490",
        {"move": m.id},
        {"glide": n},
    )


def restore_glide(ctx: Ctx, f: F, path: str, eff: Effect) -> None:
    m = f.move(eff.move) if eff.move else None
    if m is None or not m.has(OFFENSIVE) or not eff.charges or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an Offensive Illusion glide needs its move, Ranges (charges) and turn (since).",
        )
    f.ongoing.append(Effect("offensive_illusion", eff.move, None, eff.since, eff.target, eff.charges))


def glide(ctx: Ctx) -> None:
    """After the Initiative and Control rolls of the next turn the illusionist moves his Ranges for free
    (000 L3490)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        e = next((x for x in f.ongoing if x.id == "offensive_illusion"), None)
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
            [_option(DecisionValue(direction=w), f"glide {w.value}") for w in Direction],
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
