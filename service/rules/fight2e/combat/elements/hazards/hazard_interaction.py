"""A fighter meeting an Environmental Hazard: which Hazards can reach him, being knocked or moved into one, and what
each kind does (Wall, Corner, damaging, Pit, Ring-Out, Elevation, Major Elevation, Danger Zone), its damage included
(000 L6077–L6229)."""

from __future__ import annotations

from dataclasses import dataclass

from ....catalogue.table_records import MadeHazard as MadeRecord
from ...contract.model_types import OngoingEffectId
from ...contract.models import HazardKind
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import EntryTable, of_records
from ...state.profile import MoveProfile
from ...state.turn import Turn
from .. import free_movement, grid
from ..damage import roll_damage
from ..stun import apply_stun
from .hazards import (
    D6,
    LEVELS,
    OUT_OF_FIGHT,
    RESOLVED,
    Hazard,
    at,
    danger_zone,
    drop,
    engaged,
    in_pit,
    maneuver_check,
    mapped,
    pick,
    resolved,
)


def can_reach(ctx: Turn, h: Hazard, victim: Combatant) -> bool:
    """A Hazard the victim can be put into: on a Band Map one in his own band, on a Battle Grid one in his square;
    without a map any (000 L6075–L6081). Its maker is never affected by it (000 L3141)."""
    if h.kind not in RESOLVED or h.owner == victim.id:
        return False
    return at(ctx, h, victim) if mapped(ctx) else True


def steer_knockback(ctx: Turn, a: Combatant, d: Combatant) -> None:
    """After a Knock Back, the attacker may steer it into a Hazard in the band the defender landed in (any Hazard
    without a map) by Maneuver Check; even a Knocked Down or Stunned defender rolls (000 L6077–L6079). Then a
    Ring-Out in that band is automatic."""
    if d.defeated or not ctx.hazards:
        return
    auto(ctx, d)
    if d.defeated or a.maneuvered or a.defeated:
        return
    options = [h for h in resolved(ctx) if can_reach(ctx, h, d) and h not in engaged(ctx, d)]
    if not options:
        return
    h = pick(
        ctx,
        a.id,
        "hazard_knockback",
        "E.3",
        f"{a.id} may steer the Knock Back of {d.id} into a Hazard by Maneuver Check.",
        options,
        f"{d.id} cannot be knocked into '{{}}'.",
    )
    if h is None:
        return
    if maneuver_check(ctx, a, d, f"knock {d.id} into {h.id}", "E.3"):
        interact(ctx, d, h, a)


def auto(ctx: Turn, f: Combatant) -> None:
    """Band Map: a fighter in a Ring-Out's band incurs it (000 L6205); a Wall's band is simply being against it; a
    made damaging Hazard or Pit (or Damaging Wall) acts on any other fighter who enters its band (000 L3141). On a
    Battle Grid a fighter in a harmful Hazard's square interacts with it without being asked: a damaging Hazard or
    a Pit too, made or not (000 L6075)."""
    if not mapped(ctx) or f.defeated or in_pit(f):
        return
    for h in resolved(ctx):
        if not at(ctx, h, f) or h.owner == f.id:
            continue
        harmful = h.kind in ("damaging", "pit")
        if h.kind == "ring_out" or (harmful and (ctx.grid_mode or h.owner is not None)) or made_damage_kind(ctx, h):
            interact(ctx, f, h, None)
            return


def made_damage_kind(ctx: Turn, h: Hazard) -> bool:
    owner = ctx.fighters.get(h.owner or "")
    m = owner.move(h.move) if owner is not None and h.move else None
    return m is not None and made(m).damaging


def stayed(ctx: Turn, f: Combatant, movement: int) -> None:
    """Band Map: a fighter who starts his action in a made damaging Hazard or Pit's band and does not move first
    is caught by it (000 L3147, L6091); on a Battle Grid, in any damaging Hazard's square (000 L6075, L6091)."""
    if mapped(ctx) and not movement and not f.defeated:
        auto(ctx, f)


def highest_pl(ctx: Turn) -> int:
    return max(o.pl for o in ctx.fighters.values())


def interact(ctx: Turn, v: Combatant, h: Hazard, by: Combatant | None) -> None:
    """The Hazard's effect on the victim (000 L6089–L6229)."""
    if free_movement.immune(v):
        ctx.note("C", v.id, f"{v.id} is in Free Movement: the Hazard {h.id} cannot touch him.", "000 L3380")
        return
    who = f" (forced by {by.id})" if by is not None and by is not v else ""
    if h.wall:
        if not mapped(ctx):
            drop(v, "against_wall")
            v.ongoing.append(Effect(OngoingEffectId.against_wall, None, None, ctx.turn, hazard=h.id))
        ctx.note(
            "C",
            v.id,
            f"{v.id} has his back to the {h.kind.replace('_', ' ')} {h.id}{who}: opponents at Range "
            "0–1 gain +" + ("2" if h.kind == "corner" else "1") + " Accuracy, Juggle moves +1 damage, no Knock "
            "Back.",
            "000 L6183–L6185, L6215–L6217",
            {"hazard": h.id},
            {"against_wall": h.id},
        )
        if h.owner is not None and made_damage_kind(ctx, h):
            hazard_damage(ctx, v, h, who)  # a Damaging Wall (000 L3161–L3165)
        return
    if h.kind in LEVELS:
        if not mapped(ctx):
            drop(v, "elevation")
            v.ongoing.append(Effect(OngoingEffectId.elevation, None, None, ctx.turn, hazard=h.id))
        ctx.note(
            "C",
            v.id,
            f"{v.id} is on the {h.kind.replace('_', ' ')} {h.id}{who}.",
            "000 L6153–L6155",
            {"hazard": h.id},
            {"elevation": h.kind},
        )
        return
    if h.kind == "ring_out":
        v.life = 0
        v.defeated = True
        ctx.note(
            "C",
            v.id,
            f"{v.id} is out of the ring ({h.id}){who}: he loses the fight.",
            "000 L6205–L6213",
            {"hazard": h.id},
            {"defeated": True, "life_bar": 0},
        )
        return
    if h.kind == HazardKind.danger_zone:
        _into_danger_zone(ctx, v, h, who)
        return
    hazard_damage(ctx, v, h, who)
    if v.defeated:
        return
    if h.kind in OUT_OF_FIGHT:
        _out_of_fight(ctx, v, h)
        return
    _away_from(ctx, v, h, by if by is not v else None)


def _out_of_fight(ctx: Turn, v: Combatant, h: Hazard) -> None:
    """A Pit, or the fall off a Major Elevation Change: out of the fight until an action brings him back (000 L6151,
    L6157–L6159); the fall also Knocks him Down (the Falling template, 000 L6185)."""
    v.ongoing.append(Effect(OngoingEffectId.in_pit, None, None, ctx.turn, hazard=h.id))
    drop(v, "against_wall")
    drop(v, "in_danger_zone")
    if h.kind == HazardKind.pit:
        ctx.note(
            "C",
            v.id,
            f"{v.id} is in the Pit {h.id}: out of the fight until he spends an action leaping out.",
            "000 L6121–L6151",
            {"hazard": h.id},
            {"in_pit": h.id},
        )
        return
    # ruling: the fall's Knock Down is stood up from first, then an action climbs back, as a Pit's Stun is
    # recovered from before the leap out (000 L6141, L6157–L6159, L6185); the fall itself is the Knock Back.
    v.knocked_down = True
    if not v.acted:
        v.kd_before_acting = True  # −1 Initiative step next turn, as for any Knock Down before acting (000 L5964)
    ctx.note(
        "C",
        v.id,
        f"{v.id} falls off {h.id}: Knocked Down and out of the fight until he stands and spends an action climbing "
        "back.",
        "000 L6157–L6159, L6177–L6185",
        {"hazard": h.id},
        {"in_pit": h.id, "knocked_down": True},
    )


def _into_danger_zone(ctx: Turn, v: Combatant, h: Hazard, who: str) -> None:
    """In the Danger Zone: nothing while he is on his feet; prone, its damage at once (000 L6219, L6229)."""
    if not mapped(ctx):
        drop(v, "in_danger_zone")
        v.ongoing.append(Effect(OngoingEffectId.in_danger_zone, None, None, ctx.turn, hazard=h.id))
    ctx.note(
        "C",
        v.id,
        f"{v.id} is in the Danger Zone {h.id}{who}: a Knock Down there costs him its damage.",
        "000 L6219–L6229",
        {"hazard": h.id},
        {"in_danger_zone": h.id},
    )
    if v.knocked_down:
        hazard_damage(ctx, v, h, who)


def knocked_down(ctx: Turn, v: Combatant) -> None:
    """A fighter Knocked Down in a Danger Zone takes its damage and stays in it: no Knock Back (000 L6219)."""
    h = danger_zone(ctx, v) if ctx.hazards and not v.defeated else None
    if h is None or free_movement.immune(v) or in_pit(v):
        return
    hazard_damage(ctx, v, h, "")
    if not v.defeated:
        ctx.note("C", v.id, f"{v.id} stays in the Danger Zone {h.id}.", "000 L6219")


def hazard_damage(ctx: Turn, v: Combatant, h: Hazard, who: str) -> None:
    """1d6 + the highest Power Level in the fight, toward Stun too (the template's Stun keyword; 000 L6089,
    L6121); a made damaging Hazard hurts as its maker's Special Move instead (000 L3153)."""
    made = made_damage(ctx, v, h)
    before = v.life
    if made is not None:
        total, stun = made
        v.life = max(v.life - total, 0)
        ctx.note(
            "C",
            v.id,
            f"{v.id} interacts with {h.id}{who}: {total} damage as {h.owner}'s Special Move. Life "
            f"Bar {before} → {v.life}.",
            "000 L3153–L3157",
            {"owner": h.owner},
            {"damage": total, "life_bar": v.life},
        )
    else:
        pl = highest_pl(ctx)
        r = ctx.roll(v.id, "hazard_damage", D6, f"damage of the Hazard {h.id}", "C")
        total = stun = r + pl
        v.life = max(v.life - total, 0)
        ctx.note(
            "C",
            v.id,
            f"{v.id} interacts with {h.id}{who}: 1d6 ({r}) + Power Level {pl} = {total} damage. "
            f"Life Bar {before} → {v.life}.",
            "000 L6089",
            {"roll": r, "pl": pl},
            {"damage": total, "life_bar": v.life},
        )
    if v.life == 0:
        v.defeated = True
        ctx.note("C", v.id, f"{v.id} is defeated.", "000 L5924", {}, {"defeated": True})
        return
    if v.stunned or stun <= 0:
        return
    v.stun_damage += stun
    if v.stun_damage > v.stun_threshold:
        apply_stun(ctx, v)


def _away_from(ctx: Turn, v: Combatant, h: Hazard, by: Combatant | None) -> None:
    """Knock Back 1 band away from the Hazard (000 L6091). Rulings: away from the fighter who put him there (its
    maker for a made Hazard), else toward the middle of the map; at the edge the other way. Without a map the Range
    does not change (the Hazard has no place to be pushed from). On a Battle Grid 1 square, the same way."""
    if ctx.grid_mode:
        _away_on_grid(ctx, v, h, by or ctx.fighters.get(h.owner or ""))
        return
    if not ctx.band_mode:
        ctx.note("C", v.id, f"{v.id} is thrown clear of {h.id}; without a map the Range does not change.", "000 L6091")
        return
    pos = ctx.bands[v.id]
    src = by or ctx.fighters.get(h.owner or "")
    if src is not None and ctx.bands.get(src.id, pos) != pos:
        step = 1 if pos > ctx.bands[src.id] else -1
    else:
        step = 1 if pos <= 3 else -1
    new = pos + step if 1 <= pos + step <= 6 else pos - step
    ctx.bands[v.id] = new
    ctx.note(
        "C",
        v.id,
        f"{v.id} is Knocked Back 1 band away from {h.id}: band {pos} → {new}.",
        "000 L6091",
        {},
        {"band": new},
    )
    auto(ctx, v)


def _away_on_grid(ctx: Turn, v: Combatant, h: Hazard, src: Combatant | None) -> None:
    """Battle Grid: Knock Back 1 square out of the Hazard's squares (000 L6091). Ruling, as on a Band Map: away
    from the fighter who put him there when he stands elsewhere, else toward the middle square; never off the grid."""
    here = ctx.squares.get(v.id)
    there = ctx.squares.get(src.id) if src is not None else None
    if here is None:
        return
    new = grid.step_away(here, there if there is not None and there != here else None, set(h.squares))
    if new is None:
        ctx.note("C", v.id, f"{v.id} has no square to be thrown clear of {h.id} into.", "000 L6091")
        return
    grid.place(ctx, v, new)
    ctx.note(
        "C",
        v.id,
        f"{v.id} is Knocked Back 1 square away from {h.id}: to column {new[0]}, row {new[1]}.",
        "000 L6091",
        {},
        {"square": list(new)},
    )
    auto(ctx, v)


@dataclass(frozen=True)
class MadeHazard:
    """What Create Environmental Hazard and each of its modifiers change about the Hazard the move makes, taken
    together (the entries' ``made_hazard`` records, 000 L3131–L3195)."""

    makes: bool = False  # the move makes a Hazard (000 L3131–L3139)
    kind: str | None = None  # the Hazard it makes, whatever the option says
    damaging: bool = False  # it hurts as its maker's Ki Special Move (000 L3153–L3157)
    count: int = 0  # its Time Count, the largest row's
    at_once: int = 1  # how many of the maker's Hazards may be in play
    reflects: bool = False  # a made Wall turns Ranged Special Moves back (000 L3191–L3195)


MADE_HAZARDS: EntryTable[MadeRecord] = of_records("made_hazard", MadeRecord, lambda found: found[0])


_NOTHING_MADE = MadeHazard()


def made(m: MoveProfile) -> MadeHazard:
    """Every row of ``MADE_HAZARDS`` the move has, taken together."""
    rows = [r for _, r in MADE_HAZARDS.found(m.entries)]
    if not rows:
        return _NOTHING_MADE
    return MadeHazard(
        any(r.makes for r in rows),
        # a Pit or a Damaging Wall comes after the Damaging Hazard it requires, and its kind replaces it (000 L3161,
        # L3179): the last row naming one wins
        next((r.hazard for r in reversed(rows) if r.hazard is not None), None),
        any(r.damaging for r in rows),
        max((r.count for r in rows), default=0),
        max((r.at_once for r in rows), default=1),
        any(r.reflects for r in rows),
    )


def made_damage(ctx: Turn, v: Combatant, h: Hazard) -> tuple[int, int] | None:
    """Damage of a made damaging Hazard: its maker's move, Ki-based, as a Special Move (000 L3153–L3157)."""
    owner = ctx.fighters.get(h.owner or "")
    m = owner.move(h.move) if owner is not None and h.move else None
    if owner is None or m is None or not made(m).damaging:
        return None

    dmg = roll_damage(ctx, owner, v, [m])
    return dmg.total, dmg.stun
