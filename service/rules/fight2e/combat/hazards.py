"""Environmental Hazards on a Band Map or with no map at all, Maneuver Checks and Checked fighters
(000 L5666–L5668, L6067–L6229). The Battle Grid is not resolved.

A Hazard is a ``fight.hazards`` entry. Resolved kinds:

* ``wall`` / ``corner``: the fighter against it gives opponents at Range 0–1 +1 Accuracy (a Corner +1 more), takes
  +1 damage from Juggle moves and is not Knocked Back (000 L6183–L6185, L6215–L6217). On a Band Map everybody in its
  band is against it; without a map a fighter is put against it by a Maneuver Check and stays there (the
  ``against_wall`` condition in his ``ongoing_effects``) until he moves toward an opponent (ruling).
* ``damaging``: 1d6 + the highest Power Level in the fight, counted toward Stun, then Knock Back 1 band away from
  it (000 L6089–L6091).
* ``pit``: the same damage, no Knock Back; the victim is out of the fight (``in_pit``) until he spends his next
  action (after any Stun recovery) leaping out (000 L6121–L6151).
* ``ring_out``: the victim loses the fight (ruling: he is defeated, Life Bar 0; 000 L6205–L6213). On a Band Map it is
  automatic for whoever ends in its band.
* ``higher_elevation`` / ``lower_elevation``: striking from above +1 damage; Evading from below +2, and then no move
  after the Evasion (000 L6153–L6155). On a Band Map the band decides; without a map the ``elevation`` condition.

Two opponents in one Wall's band settle who is against it with a free Maneuver Check (000 L6185). Other kinds
(falling, danger zones, major elevation changes …) are accepted and reported as unsupported. A Hazard made by a
Create Environmental Hazard move carries ``owner``, ``move``, ``time_left`` and ``since``; it never affects its
maker, acts at once on anyone entering its band, and vanishes after its count (000 L3131–L3199).

Interaction is declared after a fighter's movement (or before his action): himself or an opponent into a Hazard,
won by a Maneuver Check (contested 1d10 + Tactics; 000 L6077–L6085), once a turn. A Knock Back may be steered into
a Hazard the same way (000 L6077). The Maneuver Check modifiers without a map apply (000 L6083).

Checked (000 L5668): in place of movement a fighter who wins a Maneuver Check against an opponent Checks him
(``checked`` in the opponent's ``ongoing_effects``, ``target`` the checker); the Checked fighter attacks the checker
only after winning a Maneuver Check in place of movement, which lifts it.

The entries that use all this live here too: Requires Environmental Hazard, Wall Bounce, Carrying Grapple, Behind
Opponent (``behind``), Negative Positioning (``negative_positioning``), Position Shift, Sidestep Counter (and the
Sidestep option with Hazards) and Create Environmental Hazard with its modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice import Die
from . import free_movement
from .attack_records import Attack
from .damage import roll_damage
from .elements import Element, register
from .fighter import Effect, F
from .models import Choice, DecisionValue, Direction, OngoingEffect
from .models import Hazard as HazardModel
from .move_profile import MoveProfile
from .state import Ctx
from .stun import apply_stun

RESOLVED = frozenset({"wall", "corner", "damaging", "pit", "ring_out", "higher_elevation", "lower_elevation"})
LEVELS = {"higher_elevation": 1, "lower_elevation": -1}
WALLS = frozenset({"wall", "corner"})
CONDITIONS = frozenset({"against_wall", "in_pit", "checked", "behind", "negative_positioning", "elevation"})
D10 = Die(5)
D6 = Die(3)
NOT_RESOLVED = (
    "is not resolved (only wall, corner, damaging, pit, ring_out, higher_elevation and lower_elevation "
    "are); it has no effect (000 L6067–L6229)"
)


@dataclass
class Hazard:
    id: str
    kind: str
    band: int | None = None
    owner: str | None = None
    move: str | None = None
    time_left: int | None = None
    since: int | None = None

    @property
    def wall(self) -> bool:
        return self.kind in WALLS


# ── loading and saving ───────────────────────────────────────────────────────────────────────────────


def load(ctx: Ctx) -> None:
    """The Hazards of the request; on a Band Map each needs its band, one Hazard a band (000 L6075)."""
    seen_ids: set[str] = set()
    seen_bands: set[int] = set()
    for i, h in enumerate(ctx.req.fight.hazards):
        path = f"fight.hazards[{i}]"
        if h.id in seen_ids:
            ctx.fail("HAZARD_INVALID", f"{path}.id", f"Two Hazards are called '{h.id}'.")
        seen_ids.add(h.id)
        if ctx.band_mode:
            if h.band is None:
                ctx.fail("HAZARD_INVALID", f"{path}.band", f"On a Band Map the Hazard '{h.id}' needs its band.")
            elif h.band in seen_bands:
                ctx.fail(
                    "HAZARD_INVALID", f"{path}.band", f"Band {h.band} already has a Hazard: one a band (000 L6075)."
                )
            else:
                seen_bands.add(h.band)
        if h.owner is not None and h.owner not in ctx.fighters:
            ctx.fail("UNKNOWN_FIGHTER", f"{path}.owner", f"No fighter '{h.owner}'.")
        if h.kind not in RESOLVED:
            ctx.unsupported_rule(h.kind, path, f"Hazard kind '{h.kind}' {NOT_RESOLVED}")
        ctx.hazards.append(Hazard(h.id, h.kind, h.band, h.owner, h.move, h.time_left, h.since))
    for f in ctx.fighters.values():
        for j, e in enumerate(f.ongoing):
            if e.id in CONDITIONS:
                _check_condition(ctx, f, f"fighters[{f.index}].state.ongoing_effects[{j}]", e)


def _check_condition(ctx: Ctx, f: F, path: str, eff: Effect) -> None:
    """A hazard condition from the request: its Hazard (or, for Checked, the checker) must exist."""
    if eff.id == "negative_positioning":
        return
    if eff.id in ("checked", "behind"):
        if eff.target not in ctx.fighters or eff.target == f.id:
            ctx.fail(
                "STATE_INCONSISTENT_STATUS", f"{path}.target", f"{f.id}: {eff.id} needs the other fighter (target)."
            )
    elif find(ctx, eff.hazard) is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            f"{path}.hazard",
            f"{f.id}: {eff.id} names no Hazard in fight.hazards ('{eff.hazard}').",
        )


def find(ctx: Ctx, ident: str | None) -> Hazard | None:
    return next((h for h in ctx.hazards if h.id == ident), None)


def _pick(ctx: Ctx, fid: str, point: str, label: str, text: str, options: list[Hazard], refusal: str) -> Hazard | None:
    """An optional Hazard decision: None when the fighter passes; a Hazard not among ``options`` is refused with
    ``refusal`` (its ``{}`` is the id asked for)."""
    key, dv = ctx.decide(fid, point, label, text, DecisionValue())
    if dv.hazard is None:
        return None
    h = find(ctx, dv.hazard)
    if h is None or h not in options:
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}.hazard",
            f"{key}: {refusal.replace('{}', dv.hazard)}",
            key=key,
        )
    return h


def resolved(ctx: Ctx) -> list[Hazard]:
    return [h for h in ctx.hazards if h.kind in RESOLVED]


def condition(f: F, ident: str) -> Effect | None:
    return next((e for e in f.ongoing if e.id == ident), None)


def drop(f: F, ident: str) -> None:
    f.ongoing = [e for e in f.ongoing if e.id != ident]


# ── where a fighter stands ──────────────────────────────────────────────────────────────────────────────


def wall_of(ctx: Ctx, f: F) -> Hazard | None:
    """The Wall (or Corner) the fighter is against, if any."""
    if ctx.band_mode:
        band = ctx.bands.get(f.id)
        h = next((h for h in resolved(ctx) if h.wall and h.band == band and h.owner != f.id), None)
        return h if h is not None and _pinned_one(ctx, f, h) else None
    e = condition(f, "against_wall")
    return find(ctx, e.hazard) if e is not None else None


def _pinned_one(ctx: Ctx, f: F, h: Hazard) -> bool:
    """Two opponents both in a Wall's band: a free Maneuver Check (once a turn for the pair) decides which one has
    his back to it (000 L6185). The result is kept for the turn while both stay there."""
    rivals = [o for o in ctx.opponents(f) if ctx.bands.get(o.id) == h.band and h.owner != o.id and not in_pit(o)]
    if not rivals:
        return True
    first, second = sorted((f, rivals[0]), key=lambda x: x.index)
    tag = f"wall|{h.id}|{first.id}|{second.id}"  # not a T… key: ctx.counters holds the turn's few tallies
    if tag not in ctx.counters:
        ctx.counters[tag] = (
            2 if maneuver_check(ctx, first, second, f"keep off the {h.kind} {h.id}", "C", free=True) else 1
        )
    return (f is first) == (ctx.counters[tag] == 1)


def in_pit(f: F) -> bool:
    return condition(f, "in_pit") is not None


def engaged(ctx: Ctx, f: F) -> list[Hazard]:
    """The Hazards the fighter is interacting with now: his Wall, his Pit or his Elevation Change (a damaging
    Hazard acts at once)."""
    out: list[Hazard] = []
    w = wall_of(ctx, f)
    if w is not None:
        out.append(w)
    for ident in ("in_pit", "elevation"):
        e = condition(f, ident)
        if e is not None and (h := find(ctx, e.hazard)) is not None:
            out.append(h)
    if ctx.band_mode:
        band = ctx.bands.get(f.id)
        out += [h for h in resolved(ctx) if h.kind in LEVELS and h.band == band and h.owner != f.id]
    return out


def on_move(ctx: Ctx, f: F, toward: bool) -> None:
    """Hook of every movement (Knock Back too): it ends a Behind condition (000 L4477); without a map, moving toward
    an opponent takes him off the Wall (ruling: moving away keeps his back to it; 000 L6183)."""
    lose_behind(ctx, f)
    if toward and not ctx.band_mode and condition(f, "against_wall") is not None:
        drop(f, "against_wall")
        ctx.note("C", f.id, f"{f.id} moves off the Wall.", "000 L6183")
    if toward and not ctx.band_mode and condition(f, "elevation") is not None:
        drop(f, "elevation")
        ctx.note("C", f.id, f"{f.id} moves off the Elevation Change.", "000 L6153")


# ── Maneuver Check ───────────────────────────────────────────────────────────────────────────────────────


def maneuver_check(ctx: Ctx, f: F, o: F, why: str, label: str, bonus: int = 0, free: bool = False) -> bool:
    """Contested Tactics: 1d10 + Tactics each, ties rolled again (000 L6077, L1685–L1687). Without a map each Range
    moved beyond the first adds 1, and an opponent at Range 3–4 adds 1 to his side (000 L6083). ``free`` checks
    (Sidestep, Negative Positioning …) do not use the fighter's one check of the turn (000 L6079)."""
    mine_mod = bonus
    theirs_mod = 0
    if not ctx.band_mode:
        mine_mod += max(f.moved - 1, 0)
        theirs_mod += 1 if 3 <= ctx.distance(f, o) <= 4 else 0
    if not free:
        f.maneuvered = True
    won = False
    mine = theirs = 0
    for _ in range(10):  # ruling: ties are rolled again; ten ties in a row go to the defender
        mine = ctx.roll(f.id, "maneuver", D10, f"Maneuver Check ({why})", label) + f.prof.tactics + mine_mod
        theirs = (
            ctx.roll(o.id, "maneuver", D10, f"Maneuver Check against {f.id} ({why})", label)
            + o.prof.tactics
            + theirs_mod
        )
        if mine != theirs:
            won = mine > theirs
            break
    ctx.note(
        label,
        f.id,
        f"Maneuver Check ({why}): {f.id} {mine} against {o.id} {theirs} — " + ("won." if won else "lost."),
        "000 L6077–L6085",
        {"mine": mine, "theirs": theirs, "modifier": mine_mod, "their_modifier": theirs_mod},
        {"won": won},
    )
    return won


# ── interaction ────────────────────────────────────────────────────────────────────────────────────────


def can_reach(ctx: Ctx, h: Hazard, victim: F) -> bool:
    """A Hazard the victim can be put into: on a Band Map one in his own band; without a map any (000 L6077,
    L6081). Its maker is never affected by it (000 L3141)."""
    if h.kind not in RESOLVED or h.owner == victim.id:
        return False
    if ctx.band_mode:
        return h.band == ctx.bands.get(victim.id)
    return True


def steer_knockback(ctx: Ctx, a: F, d: F) -> None:
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
    h = _pick(
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


def auto(ctx: Ctx, f: F) -> None:
    """Band Map: a fighter in a Ring-Out's band incurs it (000 L6205); a Wall's band is simply being against it; a
    made damaging Hazard or Pit (or Damaging Wall) acts on any other fighter who enters its band (000 L3141)."""
    if not ctx.band_mode or f.defeated or in_pit(f):
        return
    for h in resolved(ctx):
        if h.band != ctx.bands.get(f.id):
            continue
        if h.kind == "ring_out" or (
            h.owner not in (None, f.id) and (h.kind in ("damaging", "pit") or made_damage_kind(ctx, h))
        ):
            interact(ctx, f, h, None)
            return


def made_damage_kind(ctx: Ctx, h: Hazard) -> bool:
    owner = ctx.fighters.get(h.owner or "")
    m = owner.move(h.move) if owner is not None and h.move else None
    return m is not None and m.has(CREATE + ".damaging_hazard") > 0


def stayed(ctx: Ctx, f: F, movement: int) -> None:
    """Band Map: a fighter who starts his action in a made damaging Hazard or Pit's band and does not move first
    is caught by it (000 L3147, L6091)."""
    if ctx.band_mode and not movement and not f.defeated:
        auto(ctx, f)


def highest_pl(ctx: Ctx) -> int:
    return max(o.pl for o in ctx.fighters.values())


def interact(ctx: Ctx, v: F, h: Hazard, by: F | None) -> None:
    """The Hazard's effect on the victim (000 L6089–L6229)."""
    if free_movement.immune(v):
        ctx.note("C", v.id, f"{v.id} is in Free Movement: the Hazard {h.id} cannot touch him.", "000 L3380")
        return
    who = f" (forced by {by.id})" if by is not None and by is not v else ""
    if h.wall:
        if not ctx.band_mode:
            drop(v, "against_wall")
            v.ongoing.append(Effect("against_wall", None, None, ctx.turn, hazard=h.id))
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
        if not ctx.band_mode:
            drop(v, "elevation")
            v.ongoing.append(Effect("elevation", None, None, ctx.turn, hazard=h.id))
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
    hazard_damage(ctx, v, h, who)
    if v.defeated:
        return
    if h.kind == "pit":
        v.ongoing.append(Effect("in_pit", None, None, ctx.turn, hazard=h.id))
        drop(v, "against_wall")
        ctx.note(
            "C",
            v.id,
            f"{v.id} is in the Pit {h.id}: out of the fight until he spends an action leaping out.",
            "000 L6121–L6151",
            {"hazard": h.id},
            {"in_pit": h.id},
        )
        return
    _away_from(ctx, v, h, by if by is not v else None)


def hazard_damage(ctx: Ctx, v: F, h: Hazard, who: str) -> None:
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


def _away_from(ctx: Ctx, v: F, h: Hazard, by: F | None) -> None:
    """Knock Back 1 band away from the Hazard (000 L6091). Rulings: away from the fighter who put him there (its
    maker for a made Hazard), else toward the middle of the map; at the edge the other way. Without a map the Range
    does not change (the Hazard has no place to be pushed from)."""
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


# ── hooks in the attack ────────────────────────────────────────────────────────────────────────────────


def accuracy(ctx: Ctx, a: F, d: F) -> dict[str, int]:
    """+1 against a fighter against a Wall from Range 0–1, +1 more in a Corner (000 L6185, L6217)."""
    w = wall_of(ctx, d)
    if w is None or ctx.distance(a, d) > 1:
        return {}
    return {"wall": 1, "corner": 1} if w.kind == "corner" else {"wall": 1}


def juggle_bonus(ctx: Ctx, d: F, juggle: bool) -> int:
    """+1 damage from a Juggle move to a fighter against a Wall (000 L6185)."""
    return 1 if juggle and wall_of(ctx, d) is not None else 0


def level(ctx: Ctx, f: F) -> int:
    """+1 on a Higher, −1 on a Lower Elevation Change, 0 on the ground. On a Band Map the band decides (ruling: like
    a Wall); without a map the ``elevation`` condition a Maneuver Check gave him. A made one never lifts its maker
    (000 L3141)."""
    if ctx.band_mode:
        band = ctx.bands.get(f.id)
        return next(
            (LEVELS[h.kind] for h in resolved(ctx) if h.kind in LEVELS and h.band == band and h.owner != f.id), 0
        )
    e = condition(f, "elevation")
    h = find(ctx, e.hazard) if e is not None else None
    return LEVELS.get(h.kind, 0) if h is not None else 0


def high_ground(ctx: Ctx, a: F, d: F) -> int:
    """+1 damage striking from above (000 L6155)."""
    return 1 if level(ctx, a) > level(ctx, d) else 0


def low_ground(ctx: Ctx, d: F, a: F) -> bool:
    """+2 to Evade an attacker above him; ruling: taken whenever he Evades from below, and then he may not move
    after the successful Evasion (000 L6155)."""
    return level(ctx, d) < level(ctx, a)


def pinned(ctx: Ctx, d: F) -> bool:
    """Knock Back has no effect on a fighter against a Wall (000 L6185)."""
    return wall_of(ctx, d) is not None


# ── Pit ────────────────────────────────────────────────────────────────────────────────────────────────


def leap_out(ctx: Ctx, f: F) -> bool:
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
    ctx.note(
        "B.1",
        f.id,
        f"{f.id} spends his action leaping out of the Pit {e.hazard}.",
        "000 L6121–L6151",
        {},
        {"in_pit": None},
    )
    return True


# ── Checked ────────────────────────────────────────────────────────────────────────────────────────────


def check(ctx: Ctx, f: F, o: F, movement: int, key: str) -> None:
    """In place of movement, a Maneuver Check against an opponent: won, the opponent is Checked (000 L5668)."""
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
        o.ongoing = [e for e in o.ongoing if not (e.id == "checked" and e.target == f.id)]
        o.ongoing.append(Effect("checked", None, None, ctx.turn, f.id))
        ctx.note(
            "C",
            o.id,
            f"{o.id} is Checked by {f.id}: he must win a Maneuver Check in place of movement before attacking him.",
            "000 L5668",
            {},
            {"checked_by": f.id},
        )


def checked_attack(ctx: Ctx, f: F, t: F, movement: int, key: str) -> bool:
    """A Checked fighter attacking his checker: a Maneuver Check in place of movement first; won, the Checked
    condition is gone and the attack goes on; lost, the action is spent (ruling; 000 L5668)."""
    if not any(e.id == "checked" and e.target == t.id for e in f.ongoing):
        return True
    if movement or f.maneuvered:
        ctx.fail(
            "CHECKED_ATTACK_INVALID",
            f"decisions.{key}",
            f"{key}: {f.id} is Checked by {t.id}: he attacks "
            "him only after a Maneuver Check in place of movement (no movement, his one check).",
            key=key,
        )
    if maneuver_check(ctx, f, t, f"break {t.id}'s Check", "C"):
        f.ongoing = [e for e in f.ongoing if not (e.id == "checked" and e.target == t.id)]
        return True
    ctx.note("C", f.id, f"{f.id} cannot get at {t.id}: his action is spent.", "000 L5668")
    return False


# ── Requires Environmental Hazard (000 L4787–L4791) ───────────────────────────────────────────────────


def _matches(h: Hazard, want: str) -> bool:
    w = want.strip().lower().replace(" ", "_").replace("-", "_")
    return (
        not w
        or w in (h.id.lower(), h.kind)
        or (w in ("wall", "walls", "ropes") and h.wall)
        or (w.rstrip("s") == h.kind)
    )


def _wanted(m: MoveProfile) -> str:
    return str(m.options.get("requires_environmental_hazard", {}).get("hazard") or "")


def check_requirements(ctx: Ctx, f: F, moves: list[MoveProfile], target: F | None, key: str) -> None:
    """Declaration: a move with Requires Environmental Hazard needs its Hazard in the fight at all (a Hazard id or
    kind; ruling: "ropes" means any Wall, and an empty name any Hazard)."""
    for m in moves:
        if m.has("requires_environmental_hazard") and not any(_matches(h, _wanted(m)) for h in resolved(ctx)):
            ctx.fail(
                "HAZARD_REQUIRED",
                f"decisions.{key}.moves",
                f"{key}: {m.name} needs {_wanted(m) or 'an Environmental Hazard'} in the fight.",
                key=key,
            )


def requirement_met(ctx: Ctx, f: F, moves: list[MoveProfile], target: F, key: str) -> bool:
    """At the attack, after movement and any Maneuver Check: the target must be interacting with the Hazard now,
    i.e. against that Wall or Corner (000 L4787–L4791; ruling: a damaging Hazard acts at once and leaves nobody in
    it). Not met: the move cannot be used and the action is spent (ruling, as an attack out of range)."""
    for m in moves:
        if m.has("requires_environmental_hazard") and not any(_matches(h, _wanted(m)) for h in engaged(ctx, target)):
            ctx.warn(
                "HAZARD_NOT_ENGAGED",
                key or "decisions",
                f"{m.name} needs {target.id} interacting with "
                f"{_wanted(m) or 'an Environmental Hazard'}: the move cannot be used and the action is spent.",
                key=key or None,
            )
            ctx.note(
                "D.3",
                f.id,
                f"{target.id} is not against {_wanted(m) or 'a Hazard'}: {m.name} cannot be used.",
                "000 L4787–L4791",
            )
            return False
    return True


# ── Wall Bounce (000 L4067–L4073) ──────────────────────────────────────────────────────────────────────


def wall_bounce(ctx: Ctx, f: F, t: F, m: MoveProfile) -> dict[str, int]:
    """A Ranged move with Wall Bounce opening the attack (Initial): on a Band Map +1 Accuracy when the attacker is
    within 1 band of a Wall and the target within 3 bands of it, +2 for a Corner (ruling: the attacker's own band
    counts as 1 band away); without a map, +1 for a won Maneuver Check against the target when a Wall or Corner
    is in the fight (his one check of the turn; asked, default yes while he has it)."""
    if not m.has("ranged.wall_bounce"):
        return {}
    walls = [h for h in resolved(ctx) if h.wall]
    if not walls:
        return {}
    if ctx.band_mode:
        best = 0
        for h in walls:
            assert h.band is not None
            if abs(ctx.bands[f.id] - h.band) <= 1 and abs(ctx.bands[t.id] - h.band) <= 3:
                best = max(best, 2 if h.kind == "corner" else 1)
        if best:
            ctx.note(
                "D.3",
                f.id,
                f"{m.name} banks off the {'Corner' if best == 2 else 'Wall'}: +{best} Accuracy.",
                "000 L4071",
            )
        return {"wall_bounce": best} if best else {}
    if f.maneuvered:
        return {}
    _, d = ctx.decide(
        f.id,
        "wall_bounce",
        "D.3",
        f"{f.id}: Maneuver Check against {t.id} to bank {m.name} off a "
        "Wall for +1 Accuracy (uses his one check this turn)?",
        DecisionValue(choice=Choice.act),
    )
    if d.choice is not Choice.act:
        return {}
    return {"wall_bounce": 1} if maneuver_check(ctx, f, t, f"bank {m.name} off the Wall", "D.3") else {}


# ── Carrying Grapple (000 L4349–L4357) ─────────────────────────────────────────────────────────────────


def carry(ctx: Ctx, a: F, d: F, moves: list[MoveProfile], end_of_combo: bool) -> None:
    """A hit with a Carrying Grapple Throw at Range 0 without moving first: for 1 FS the attacker carries himself
    and the defender 1 band toward a Hazard (the decision names it), before the attack's other effects (a single
    move) or at the end of the Combo (ruling: before its Knock Back). Without a map it does nothing (000 L4357)."""
    carrier = any(m.has("throw.carrying_grapple") for m in moves)
    if not carrier or (len(moves) > 1) != end_of_combo or d.defeated:
        return
    if not ctx.band_mode:
        ctx.note("E", a.id, "Carrying Grapple: no Band Map, so no carrying.", "000 L4357")
        return
    if a.moved or ctx.distance(a, d) != 0 or a.fs < 1:
        return
    targets = [h for h in ctx.hazards if h.band is not None and h.band != ctx.bands[d.id]]
    if not targets:
        return
    h = _pick(
        ctx,
        a.id,
        "carry",
        "E",
        f"{a.id} may spend 1 FS to carry {d.id} 1 band toward a Hazard.",
        targets,
        "no Hazard '{}' in another band to carry him toward.",
    )
    if h is None or h.band is None:
        return
    pos = ctx.bands[d.id]
    new = pos + (1 if h.band > pos else -1)
    a.fs -= 1
    ctx.bands[a.id] = ctx.bands[d.id] = new
    ctx.note(
        "E",
        a.id,
        f"{a.id} carries {d.id} 1 band toward {h.id} (1 FS): band {pos} → {new}.",
        "000 L4357",
        {"fs": 1},
        {"band": new, "fs": a.fs},
    )
    auto(ctx, d)


# ── Behind Opponent (000 L4457–L4477) ──────────────────────────────────────────────────────────────────


def _facing_others(ctx: Ctx, f: F, t: F) -> bool:
    """Ruling: the target faces other opponents when another fighter of f's side is within Range 1 of him."""
    return any(o is not f and o.side == f.side and o.active and ctx.distance(o, t) <= 1 for o in ctx.fighters.values())


def behind_ok(
    ctx: Ctx, f: F, t: F, moves: list[MoveProfile], start: int, movement: int, toward: bool, key: str
) -> bool:
    """A move with Behind Opponent opening the attack (the condition must stand when the Combo begins) needs the
    Behind condition: already held (``behind`` in his ``ongoing_effects``), or made now by going past the opponent
    (ruling: any movement that carries him through the opponent's position, the book's 1 → 0 → 1), or by a won
    Maneuver Check when starting at Range 0 (moving at most 1 Range) or stepping from Range 1 to 0; the check is
    waived when the opponent faces other opponents. Not met: the move cannot be used and the action is spent
    (ruling). The condition holds until either fighter moves or is moved."""
    if not moves[0].has("behind_opponent"):
        return True
    if any(e.id == "behind" and e.target == t.id for e in f.ongoing):
        return True
    if ctx.band_mode:
        passed = _passed_band(ctx, f, t, start, toward and movement > 0)
    else:
        passed = toward and movement > start > 0
    how = ""
    if passed:
        how = "going past him"
    elif (start == 0 and movement <= 1) or (start == 1 and toward and movement == 1 and ctx.distance(f, t) == 0):
        if _facing_others(ctx, f, t):
            how = "his opponent facing others (no check needed)"
        elif not f.maneuvered and maneuver_check(ctx, f, t, f"get behind {t.id}", "C"):
            how = "a Maneuver Check"
    if how:
        f.ongoing = [e for e in f.ongoing if e.id != "behind"]
        f.ongoing.append(Effect("behind", None, None, ctx.turn, t.id))
        ctx.note("C", f.id, f"{f.id} is Behind {t.id} ({how}).", "000 L4457–L4477", {}, {"behind": t.id})
        return True
    ctx.warn(
        "BEHIND_NOT_ACHIEVED",
        key or "decisions",
        f"{moves[0].name} needs {f.id} Behind {t.id}: the move cannot be used and the action is spent.",
        key=key or None,
    )
    ctx.note("C", f.id, f"{f.id} is not Behind {t.id}: {moves[0].name} cannot be used.", "000 L4457–L4477")
    return False


def _passed_band(ctx: Ctx, f: F, t: F, start: int, toward: bool) -> bool:
    """Band Map: he ended on the other side of the opponent from where he began (ruling: at any distance)."""
    if not toward or start == 0:
        return False
    pf, pt = ctx.bands[f.id], ctx.bands[t.id]
    last = ctx.last_mover.get(f.id, 0)
    # Moving toward him, he ends beyond him when his last step went the same way as the side he is now on.
    return pf != pt and (1 if pf > pt else -1) == last


def lose_behind(ctx: Ctx, f: F) -> None:
    """Either fighter moving or being moved ends a Behind condition (000 L4477)."""
    for o in ctx.fighters.values():
        if any(e.id == "behind" and (o is f or e.target == f.id) for e in o.ongoing):
            o.ongoing = [e for e in o.ongoing if not (e.id == "behind" and (o is f or e.target == f.id))]
            ctx.note("C", o.id, f"{o.id} is no longer Behind his opponent (someone moved).", "000 L4477")


# ── Negative Positioning (000 L4684–L4696) ─────────────────────────────────────────────────────────────


def negative(f: F) -> bool:
    return condition(f, "negative_positioning") is not None


def after_action(ctx: Ctx, f: F, moves: list[MoveProfile]) -> None:
    """After the action: a move with Negative Positioning leaves its user in the Negative Position (ruling: hit or
    miss); an earlier one is spent by this action (000 L4690, L4696)."""
    drop(f, "negative_positioning")
    m = next((m for m in moves if m.has("negative_positioning")), None)
    if m is None or f.defeated:
        return
    f.ongoing.append(Effect("negative_positioning", m.id, None, ctx.turn))
    ctx.note(
        "G",
        f.id,
        f"{m.name} leaves {f.id} badly placed (Negative Position): "
        + (
            "the next opponent to target him gets a free Maneuver Check with a Hazard."
            if resolved(ctx)
            else "his next attack can be Evaded at +2 (and Evaded even as a Defensive Response)."
        ),
        "000 L4684–L4696",
        {"move": m.id},
        {"negative_positioning": True},
    )


def before_action(ctx: Ctx, f: F, attacking: bool) -> None:
    """A fighter in the Negative Position who acts ends it, unless (no Hazards) this is the attack it affects."""
    if negative(f) and (resolved(ctx) or not attacking):
        drop(f, "negative_positioning")
        ctx.note("B.1", f.id, f"{f.id} acts: his Negative Position is over.", "000 L4690")


def ended_by_hit(ctx: Ctx, d: F) -> None:
    if negative(d):
        drop(d, "negative_positioning")
        ctx.note("E", d.id, f"{d.id} is hit: his Negative Position is over.", "000 L4690")


def exploit(ctx: Ctx, f: F, t: F | None) -> None:
    """Before B.1, the first opponent to target a fighter in the Negative Position may make a free Maneuver Check
    (not his one a turn) to use a Hazard himself or force him into one (on a Band Map in that fighter's band);
    the chance is then gone (ruling: taken or not; 000 L4688–L4694)."""
    if t is None or not negative(t) or not resolved(ctx) or t.side == f.side:
        return
    drop(t, "negative_positioning")
    _free_check(
        ctx,
        f,
        t,
        "negative_position",
        "B.1",
        f"{t.id} is badly placed: {f.id} may make a free Maneuver Check to use a Hazard or force him into one.",
    )


def negative_evasion(ctx: Ctx, attacker: F) -> bool:
    """No Hazards: the next attack of a fighter in the Negative Position is Evaded at +2 (000 L4694)."""
    return negative(attacker) and not resolved(ctx)


def negative_spent(ctx: Ctx, a: F) -> None:
    """No Hazards: the attack the Negative Position affects has had its defence chosen; the condition is over (ruling:
    with several defenders, only the first gains from it)."""
    if negative_evasion(ctx, a):
        drop(a, "negative_positioning")


# ── Position Shift (000 L3794–L3810) ───────────────────────────────────────────────────────────────────


def _near(ctx: Ctx, h: Hazard, v: F) -> bool:
    """In the same or the next band on a Band Map; any Hazard without a map (000 L3804–L3808)."""
    if h.kind not in RESOLVED or h.owner == v.id or h in engaged(ctx, v):
        return False
    return not ctx.band_mode or (h.band is not None and abs(h.band - ctx.bands[v.id]) <= 1)


def position_shift(ctx: Ctx, a: F, d: F, moves: list[MoveProfile]) -> None:
    """A hit with Position Shift, after its Knock Back: the attacker shifts (a Maneuver Check to use a Hazard in
    his band or the next), the defender is shifted (he must win a Maneuver Check or interact with a Hazard in his
    band or the next, chosen by the attacker), or they switch places (Band Map only). Without a map only Hazards
    count and switching does nothing. Rulings: the check is part of the move (not the attacker's one a turn);
    of several opponents hit, the first one shifted is the one (000 L3810); a shifted fighter steps into the
    Hazard's band."""
    m = next((m for m in moves if m.has("position_shift")), None)
    if m is None or a.shifted or a.defeated or d.defeated:
        return
    mode = str(m.options.get("position_shift", {}).get("mode") or "defender_shifts")
    if mode == "switch_places":
        if not ctx.band_mode:
            ctx.note("E", a.id, f"{m.name}: switching places means nothing without a map.", "000 L3808")
            return
        a.shifted = True
        ctx.bands[a.id], ctx.bands[d.id] = ctx.bands[d.id], ctx.bands[a.id]
        lose_behind(ctx, a)
        lose_behind(ctx, d)
        ctx.note(
            "E",
            a.id,
            f"{m.name}: {a.id} and {d.id} switch places (bands {ctx.bands[a.id]} and {ctx.bands[d.id]}).",
            "000 L3806",
            {},
            {"bands": [ctx.bands[a.id], ctx.bands[d.id]]},
        )
        auto(ctx, a)
        auto(ctx, d)
        return
    mover = a if mode == "attacker_shifts" else d
    options = [h for h in resolved(ctx) if _near(ctx, h, mover)]
    if not options:
        return
    h = _pick(
        ctx,
        a.id,
        "position_shift",
        "E",
        f"{m.name}: which Hazard should {mover.id} be shifted into (Maneuver Check)?",
        options,
        f"'{{}}' is not a Hazard {mover.id} can be shifted into.",
    )
    if h is None:
        return
    a.shifted = True
    if not maneuver_check(ctx, a, d, f"{m.name}: shift {mover.id} into {h.id}", "E", free=True):
        return
    if ctx.band_mode and h.band is not None and h.band != ctx.bands[mover.id]:
        ctx.bands[mover.id] = h.band
        lose_behind(ctx, mover)
        ctx.note("E", mover.id, f"{mover.id} is shifted into band {h.band}.", "000 L3806", {}, {"band": h.band})
    interact(ctx, mover, h, a if mover is d else None)


# ── Sidestep Counter (000 L4149–L4161, L5898–L5900) ───────────────────────────────────────────────────


def sidestep_only(m: MoveProfile) -> bool:
    """A Sidestep Counter move bought as usable only that way (the Liability half of the Element)."""
    return m.has("sidestep_counter") > 0 and str(
        m.options.get("sidestep_counter", {}).get("sidestep_only", "no")
    ).lower() in ("yes", "true")


def sidestep_check(ctx: Ctx, d: F, a: F, label: str = "G.2") -> None:
    """After a Sidestep Counter (or a Sidestep with Hazards in play), the defender may make a Maneuver Check, besides
    his one of the turn, to use a Hazard (in his band on a Band Map) or force the attacker into one (in the
    attacker's band); with no Hazards the counter is just an Evasion-based counter (000 L4159, L2225–L2229)."""
    if d.defeated or a.defeated or not resolved(ctx):
        return
    _free_check(
        ctx,
        d,
        a,
        "sidestep_hazard",
        label,
        f"{d.id} may follow his Sidestep with a free Maneuver Check to use a Hazard or force {a.id} into one.",
    )


def _free_check(ctx: Ctx, me: F, foe: F, point: str, label: str, text: str) -> None:
    """A free Maneuver Check (not his one a turn) to step into a Hazard himself or force ``foe`` into one; the
    decision names the Hazard and, as ``target``, who goes into it (himself by default)."""
    options = [(h, v) for v in (me, foe) for h in resolved(ctx) if can_reach(ctx, h, v) and h not in engaged(ctx, v)]
    if not options:
        return
    key, dv = ctx.decide(me.id, point, label, text, DecisionValue())
    if dv.hazard is None:
        return
    h = find(ctx, dv.hazard)
    victim = foe if dv.target == foe.id else me if dv.target in (None, me.id) else None
    if h is None or victim is None or (h, victim) not in options:
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}",
            f"{key}: '{dv.hazard}' cannot be used on {dv.target or me.id} now.",
            key=key,
        )
    assert h is not None and victim is not None
    if maneuver_check(
        ctx, me, foe, f"{'force ' + foe.id + ' into' if victim is foe else 'use'} {h.id}", label, free=True
    ):
        interact(ctx, victim, h, me)


# ── Create Environmental Hazard (000 L3131–L3199) ─────────────────────────────────────────────────────

CREATE = "create_environmental_hazard"
MADE_KINDS = {"wall": "wall", "higher_elevation": "higher_elevation", "lower_elevation": "lower_elevation"}


def creates(moves: list[MoveProfile]) -> bool:
    return any(m.has(CREATE) for m in moves)


def made_kind(m: MoveProfile) -> str:
    """The Hazard a Create Environmental Hazard move makes: a Pit, a (Damaging) Wall, a damaging Hazard, or the
    chosen Wall or Elevation Change (000 L3137, L3149–L3189)."""
    if m.has(CREATE + ".pit"):
        return "pit"
    if m.has(CREATE + ".damaging_wall"):
        return "wall"
    if m.has(CREATE + ".damaging_hazard"):
        return "damaging"
    return MADE_KINDS.get(str(m.options.get(CREATE, {}).get("hazard_type") or "wall"), "wall")


def _live(ctx: Ctx, f: F) -> list[Hazard]:
    return [h for h in ctx.hazards if h.owner == f.id]


def create(ctx: Ctx, f: F, m: MoveProfile, t: F, key: str) -> None:
    """C.5–E: the move makes a Hazard 1 band from the user toward or away from his target (Band Map), or at the
    target (no map; ruling). Into a band with fighters in it, it needs a hit on one of them (each attacked, no
    damage from the attack itself); those hit interact with it at once, those missed who stay there do so at
    their next action unless they move first (000 L3141–L3147). A Hazard present from the start blocks it; a made
    one there is replaced; a fighter's own live Hazard stops a second (Multiple Hazard: two, a third removes the
    oldest). It lasts a 5-count (Extended Duration: 10) and at least one full turn (000 L3139, L3169, L3175)."""

    kind = made_kind(m)
    live = _live(ctx, f)
    multiple = m.has(CREATE + ".multiple_hazard") > 0
    if live and not multiple:
        ctx.note("C.5", f.id, f"{f.id} already has a Hazard in play: {m.name} does nothing.", "000 L3139")
        return
    band = None
    if ctx.band_mode:
        _, d = ctx.decide(
            f.id,
            "hazard_place",
            "C.5",
            f"{f.id} makes the Hazard 1 band toward or away from {t.id}.",
            DecisionValue(direction=Direction.toward),
        )
        pos, aim = ctx.bands[f.id], ctx.bands[t.id]
        sign = (1 if aim >= pos else -1) * (1 if d.direction is not Direction.away else -1)
        band = pos + sign if 1 <= pos + sign <= 6 else pos - sign
        there = next((h for h in ctx.hazards if h.band == band), None)
        if there is not None and there.owner is None:
            ctx.note("C.5", f.id, f"Band {band} already holds {there.id}: {m.name} fails.", "000 L3139")
            return
        occupants = [
            o for o in ctx.fighters.values() if o is not f and o.active and ctx.bands[o.id] == band and not in_pit(o)
        ]
    else:
        occupants = [t]
    hit: list[F] = []
    if occupants:
        shot = replace(m, range=(0, 5), keywords=(m.keywords - {"knockback", "normal"}) | {"no_damage"})
        for o in occupants:
            out = ctx.spine.resolve(
                ctx, Attack(attacker=f, defender=o, moves=[shot], context="action", label="D", cost=m.level, key=key)
            )
            if out.hit and not o.defeated:
                hit.append(o)
        if not hit:
            ctx.note("E", f.id, f"{m.name} hits nobody in that space: no Hazard is made.", "000 L3141")
            return
    if ctx.band_mode:
        ctx.hazards = [h for h in ctx.hazards if h.band != band]  # a made Hazard there is replaced (000 L3139)
    live = _live(ctx, f)
    if multiple and len(live) >= 2:
        _remove(ctx, live[0], f"{f.id}'s oldest Hazard disappears")
    count = 10 if m.has(CREATE + ".extended_duration") else 5
    h = Hazard(_new_id(ctx, f), kind, band, f.id, m.id, count, ctx.turn)
    ctx.hazards.append(h)
    ctx.note(
        "E",
        f.id,
        f"{f.id} makes a {kind.replace('_', ' ')} ({h.id})"
        + (f" in band {band}" if band else "")
        + f" for a {count}-count.",
        "000 L3137–L3147, L3169",
        {"move": m.id},
        {"hazard": h.id, "time_left": count},
    )
    for o in hit:
        interact(ctx, o, h, f)


def _new_id(ctx: Ctx, f: F) -> str:
    """A stable id the next request accepts (letters, digits, _ and -; at most 40)."""
    base = f"{f.id[:30]}-T{ctx.turn}"
    ident, n = base, 1
    while find(ctx, ident) is not None:
        n += 1
        ident = f"{base}-{n}"
    return ident


def _remove(ctx: Ctx, h: Hazard, why: str) -> None:
    """A made Hazard is gone: Pit victims are back in the fight in its band; nobody is against it any more
    (000 L3187)."""
    ctx.hazards = [x for x in ctx.hazards if x is not h]
    for f in ctx.fighters.values():
        for e in [e for e in f.ongoing if e.hazard == h.id]:
            f.ongoing.remove(e)
            if e.id == "in_pit":
                if ctx.band_mode and h.band is not None:
                    ctx.bands[f.id] = h.band
                ctx.note("H.3", f.id, f"{f.id} is back in the fight: the Pit {h.id} is gone.", "000 L3187")
    ctx.note("H.3", h.owner, f"{why} ({h.id}).", "000 L3139")


def tick(ctx: Ctx, elapsed: int) -> None:
    """End of the turn: made Hazards run down their count; one made this turn lasts the next turn at least."""
    for h in list(ctx.hazards):
        if h.owner is None or h.time_left is None:
            continue
        h.time_left = max(h.time_left - elapsed, 0)
        if ctx.round_over or (h.time_left == 0 and h.since is not None and h.since < ctx.turn):
            _remove(ctx, h, "A made Hazard vanishes")


def made_damage(ctx: Ctx, v: F, h: Hazard) -> tuple[int, int] | None:
    """Damage of a made damaging Hazard: its maker's move, Ki-based, as a Special Move (000 L3153–L3157)."""
    owner = ctx.fighters.get(h.owner or "")
    m = owner.move(h.move) if owner is not None and h.move else None
    if owner is None or m is None or not m.has(CREATE + ".damaging_hazard"):
        return None

    dmg = roll_damage(ctx, owner, v, [m])
    return dmg.total, dmg.stun


def out(ctx: Ctx) -> list[HazardModel]:
    return [
        HazardModel.model_construct(
            id=h.id, kind=h.kind, band=h.band, owner=h.owner, move=h.move, time_left=h.time_left, since=h.since
        )
        for h in ctx.hazards
    ]


def check_create(ctx: Ctx, f: F, moves: list[MoveProfile], key: str) -> None:
    """A Create Environmental Hazard move is used on its own (ruling: the book gives it no place in a Combo)."""
    m = next((m for m in moves if m.has(CREATE)), None)
    if m is not None and len(moves) > 1:
        ctx.fail(
            "HAZARD_CREATE_INVALID",
            f"decisions.{key}.moves",
            f"{key}: {m.name} is used on its own, not in a Combo.",
            key=key,
        )


# ── Reflection of a made Wall (000 L3191–L3199) ───────────────────────────────────────────────────────


def _mirror(ctx: Ctx, d: F) -> Hazard | None:
    """The defender's own made Wall with Reflection, if he has one in play."""
    for h in _live(ctx, d):
        m = d.move(h.move or "")
        if h.wall and m is not None and m.has(CREATE + ".reflection"):
            return h
    return None


def _projectile(moves: list[MoveProfile]) -> MoveProfile | None:
    return next((m for m in moves if m.offensive and m.has("ranged") and m.kind != "basic"), None)


def reflect_first(ctx: Ctx, a: F, d: F, moves: list[MoveProfile]) -> bool:
    """Before the defence: a Ranged Special Move that meets the defender's reflecting Wall is turned back at once
    (000 L3193): on a Band Map when the Wall is in a band between them or in the defender's band; without a map
    after a won Maneuver Check (ruling: a free one, asked with default yes). Returns True when reflected."""
    h = _mirror(ctx, d)
    p = _projectile(moves)
    if h is None or p is None or d.defeated:
        return False
    if ctx.band_mode:
        assert h.band is not None
        lo, hi = sorted((ctx.bands[a.id], ctx.bands[d.id]))
        if not (lo < h.band < hi or h.band == ctx.bands[d.id]):
            return False
    else:
        _, dv = ctx.decide(
            d.id,
            "wall_reflection",
            "D.4",
            f"{d.id}: Maneuver Check against {a.id} to turn {p.name} back off his Wall?",
            DecisionValue(choice=Choice.act),
        )
        if dv.choice is not Choice.act or not maneuver_check(
            ctx, d, a, f"reflect {p.name} off {h.id}", "D.4", free=True
        ):
            return False
    _send_back(ctx, a, d, p, h)
    return True


def wall_behind(ctx: Ctx, a: F, d: F) -> bool:
    """Band Map: the maker stands in front of his reflecting Wall (it is past him, seen from the attacker); then
    only a successful Evasion turns the shot back (000 L3193)."""
    h = _mirror(ctx, d)
    if h is None or not ctx.band_mode or h.band is None:
        return False
    pa, pd = ctx.bands[a.id], ctx.bands[d.id]
    return pa != pd and (h.band - pd) * (pd - pa) > 0


def reflect_after_evasion(ctx: Ctx, a: F, d: F, moves: list[MoveProfile], evaded: bool) -> bool:
    h = _mirror(ctx, d)
    p = _projectile(moves)
    if evaded and h is not None and p is not None and not a.defeated and wall_behind(ctx, a, d):
        _send_back(ctx, a, d, p, h)
        return True
    return False


def _send_back(ctx: Ctx, a: F, d: F, p: MoveProfile, h: Hazard) -> None:
    """The defender attacks with the shot as his own; the attacker defends with Defense or Evasion, halved, no
    Defensive Response. It is a Passive Interrupt Response: it takes the defender's action if he has not acted
    (ruling, as other Responses) and needs no Control (the Wall does it)."""

    ctx.note(
        "F.3",
        d.id,
        f"The Wall {h.id} turns {a.id}'s {p.name} back: {d.id} attacks with it; {a.id} may only "
        "use Defense or Evasion, halved.",
        "000 L3193",
        {"projectile": p.id},
        {"acted": True},
    )
    d.acted = True
    d.holding = False
    before = d.ignore_range
    d.ignore_range = True  # ruling: it flies back along its own path and reaches him wherever he stands
    try:
        ctx.spine.resolve(
            ctx,
            Attack(
                attacker=d,
                defender=a,
                moves=[p],
                context="response",
                label="F.3",
                cost=p.level,
                response="interrupt",
                reflected=True,
            ),
        )
    finally:
        d.ignore_range = before


@register
class HazardConditions(Element):
    """Against a Wall, in a Pit, Checked, Behind, Negative Positioning, on an Elevation: they last until lifted."""

    effects = CONDITIONS

    def restore(self, ctx: Ctx, f: F, path: str, raw: OngoingEffect) -> None:
        f.ongoing.append(Effect(raw.id, raw.move, raw.time_left, raw.since, raw.target, hazard=raw.hazard))

    def tick(self, ctx: Ctx, f: F, e: Effect, elapsed: int) -> list[Effect] | None:
        return None if ctx.round_over else [e]
