"""What Environmental Hazards do to an attack and to the fighters in them: Accuracy against a pinned or juggled
fighter, high and low ground, leaving a Pit, and Checking an opponent (000 L5668, L6121–L6185)."""

from __future__ import annotations

from ...contract.model_types import OngoingEffectId
from ...contract.models import DefenseOption, HazardKind
from ...registry import elements, features
from ...registry.elements import DefenseMoment
from ...state.action import Attack
from ...state.combatant import Combatant, Effect
from ...state.profile import ComboPart
from ...state.turn import Turn
from .. import grid
from .hazards import LEVELS, at, condition, drop, find, maneuver_check, mapped, resolved, wall_of


@elements.ACCURACY(50)
def accuracy(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    """+1 against a fighter against a Wall from Range 0–1, +1 more in a Corner (000 L6185, L6217)."""
    a, d = atk.attacker, atk.defender
    w = wall_of(ctx, d)
    if w is None or ctx.distance(a, d) > 1:
        return {}
    return {"wall": 1, "corner": 1} if w.kind == "corner" else {"wall": 1}


@elements.DAMAGE(10)
def juggle_bonus(ctx: Turn, atk: Attack) -> int:
    """+1 damage from a Juggle move to a fighter against a Wall (000 L6185)."""
    if not any(m.part(ComboPart.juggle) for m in atk.moves) or wall_of(ctx, atk.defender) is None:
        return 0
    ctx.note("E.1", atk.attacker.id, "Juggle against a Wall: +1 damage.", "000 L6185")
    return 1


def level(ctx: Turn, f: Combatant) -> int:
    """+1 on a Higher, −1 on a Lower Elevation Change, 0 on the ground. On a Band Map the band decides (ruling: like
    a Wall); without a map the ``elevation`` condition a Maneuver Check gave him. A made one never lifts its maker
    (000 L3141)."""
    if mapped(ctx):  # its band, or one of its squares on a Battle Grid (000 L6075)
        return next(
            (LEVELS[h.kind] for h in resolved(ctx) if h.kind in LEVELS and at(ctx, h, f) and h.owner != f.id), 0
        )
    e = condition(f, "elevation")
    h = find(ctx, e.hazard) if e is not None else None
    return LEVELS.get(h.kind, 0) if h is not None else 0


@elements.DAMAGE(20)
def high_ground(ctx: Turn, atk: Attack) -> int:
    """+1 damage striking from above (000 L6155)."""
    if level(ctx, atk.attacker) <= level(ctx, atk.defender):
        return 0
    ctx.note("E.1", atk.attacker.id, "Striking from the higher elevation: +1 damage.", "000 L6155")
    return 1


@elements.DEFENSE_TOTAL(110)
def defense_total(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """+2 to Evade an attacker above him (000 L6155)."""
    return {"lower_ground": 2} if m.option is DefenseOption.evasion and low_ground(ctx, m.defender, m.attacker) else {}


def low_ground(ctx: Turn, d: Combatant, a: Combatant) -> bool:
    """+2 to Evade an attacker above him; ruling: taken whenever he Evades from below, and then he may not move
    after the successful Evasion (000 L6155)."""
    return level(ctx, d) < level(ctx, a)


def pinned(ctx: Turn, d: Combatant) -> bool:
    """Knock Back has no effect on a fighter against a Wall (000 L6185)."""
    return wall_of(ctx, d) is not None


@features.PIT_LEAP
def leap_out(ctx: Turn, f: Combatant) -> bool:
    """A fighter in a Pit spends his action leaping out (after any Stun recovery, which ``slot`` handles first);
    he is then in the Hazard's band (000 L6121–L6151)."""
    e = condition(f, "in_pit")
    if e is None:
        return False
    f.acted = True
    drop(f, "in_pit")
    h = find(ctx, e.hazard)
    if ctx.band_mode and h is not None and h.band is not None:
        ctx.bands[f.id] = h.band
    elif ctx.grid_mode and h is not None and h.squares and not at(ctx, h, f):
        grid.place(ctx, f, h.squares[0])
    fell = h is not None and h.kind == HazardKind.major_lower_elevation
    ctx.note(
        "B.1",
        f.id,
        f"{f.id} spends his action "
        + (f"climbing back up {e.hazard}." if fell else f"leaping out of the Pit {e.hazard}."),
        "000 L6157–L6159" if fell else "000 L6121–L6151",
        {},
        {"in_pit": None},
    )
    return True


def check(ctx: Turn, f: Combatant, o: Combatant, movement: int, key: str) -> None:
    """In place of movement, a Maneuver Check against an opponent: won, the opponent is Checked (000 L5668). On a
    Battle Grid only the one in a space between him and another combatant can Check him (000 L5690)."""
    if ctx.grid_mode and not grid.shielded(ctx, f, o):
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}.target",
            f"{key}: on the Battle Grid {f.id} Checks {o.id} only from a square between him and another "
            "combatant (000 L5690).",
            key=key,
        )
    if movement:
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}.movement",
            f"{key}: a Check takes the place of movement.",
            key=key,
        )
    if f.maneuvered:
        ctx.fail("MANEUVER_CHECK_USED", f"decisions.{key}", f"{key}: one Maneuver Check a turn.", key=key)
    if maneuver_check(ctx, f, o, f"Check {o.id}", "C"):
        o.ongoing = [e for e in o.ongoing if not (e.id == OngoingEffectId.checked and e.target == f.id)]
        o.ongoing.append(Effect(OngoingEffectId.checked, None, None, ctx.turn, f.id))
        ctx.note(
            "C",
            o.id,
            f"{o.id} is Checked by {f.id}: he must win a Maneuver Check in place of movement before attacking "
            + ("past him." if ctx.grid_mode else "him."),
            "000 L5690" if ctx.grid_mode else "000 L5668",
            {},
            {"checked_by": f.id},
        )


def checker(ctx: Turn, f: Combatant, t: Combatant) -> Combatant | None:
    """Who keeps the Checked ``f`` from ``t``: the checker himself (000 L5668); on a Battle Grid a checker standing
    between them (000 L5690; an Ally's Check keeps its summoner, ``ally_checks``)."""
    for e in f.ongoing:
        if e.id != OngoingEffectId.checked or (c := ctx.fighters.get(e.target or "")) is None:
            continue
        if (e.target == t.id) if not ctx.grid_mode or e.move is not None else grid.between(ctx, f, c, t):
            return c
    return None


def blocked_move(ctx: Turn, f: Combatant, ref: Combatant | None) -> bool:
    """Battle Grid: a Checked fighter cannot move toward the combatant the checker stands in front of (000 L5690);
    breaking the Check takes a Maneuver Check in place of movement, so he does not move this turn."""
    c = checker(ctx, f, ref) if ctx.grid_mode and ref is not None else None
    if c is None or ref is None:
        return False
    ctx.note("C", f.id, f"{f.id} is Checked by {c.id}: he cannot move toward {ref.id}.", "000 L5690")
    return True


@features.CHECKED_ATTACK
def checked_attack(ctx: Turn, f: Combatant, t: Combatant, movement: int, key: str) -> bool:
    """A Checked fighter attacking his checker (on a Battle Grid: past him): a Maneuver Check in place of movement
    first; won, the Checked condition is gone and the attack goes on; lost, the action is spent (ruling; 000 L5668,
    L5690)."""
    c = checker(ctx, f, t)
    if c is None:
        return True
    if movement or f.maneuvered:
        ctx.fail(
            "CHECKED_ATTACK_INVALID",
            f"decisions.{key}",
            f"{key}: {f.id} is Checked by {c.id}: he attacks "
            f"{t.id} only after a Maneuver Check in place of movement (no movement, his one check).",
            key=key,
        )
    if maneuver_check(ctx, f, c, f"break {c.id}'s Check", "C"):  # rolled against the checker, his mark goes
        f.ongoing = [e for e in f.ongoing if not (e.id == OngoingEffectId.checked and e.target == c.id)]
        return True
    ref = "000 L5690" if ctx.grid_mode else "000 L5668"
    ctx.note("C", f.id, f"{f.id} cannot get at {t.id} past {c.id}: his action is spent.", ref)
    return False
