"""Environmental Hazards on a Band Map, on a Battle Grid or with no map at all, Maneuver Checks and Checked fighters
(000 L5666–L5668, L6067–L6229). On a Battle Grid a Hazard holds a square or a set of squares and plays as on a Band
Map with its squares for the band; a fighter in one of them meets its harm without being asked (000 L6075).

A Hazard is a ``fight.hazards`` entry, of one of the kinds the text gives rules for (``HazardKind``):

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
* ``major_higher_elevation``: the face of a cliff or rooftop above him: he is against it as against a Wall
  (000 L6157).
* ``major_lower_elevation``: the drop off a cliff or roof edge: the Falling template's damage, counted toward Stun, a
  Knock Down, and he is out of the fight (``in_pit``) until an action brings him back up (000 L6157–L6159,
  L6177–L6185); he stands first, as a Pit's victim recovers from Stun first (000 L6141).
* ``danger_zone``: a Ring-Out's variant that does not end the fight: a fighter Knocked Down in it takes the
  Hazard's damage and stays in it, with no Knock Back (000 L6219–L6229). On a Band Map its band is in it; without a
  map the ``in_danger_zone`` condition, until he moves toward an opponent (ruling, as for a Wall).

The Director's reshaping of a template with Elements or Liabilities (000 L6133–L6139) and Hazard Chains (a Battle
Grid's, 000 L6165–L6173) are not modelled. Two opponents in one Wall's band settle who is against it with a free
Maneuver Check (000 L6185). A Hazard made by a
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

from dataclasses import dataclass

from .....dice import Die
from ...contract.model_types import OngoingEffectId
from ...contract.models import DecisionValue, GridSquare, HazardKind, OngoingEffect
from ...contract.models import Hazard as HazardModel
from ...protocol.events import Square
from ...registry import features
from ...registry.elements import Element, register
from ...state.combatant import Combatant, Effect
from ...state.turn import Turn
from ..vocabulary import Ongoing

RESOLVED: frozenset[str] = frozenset(HazardKind)  # the request model admits no other kind
LEVELS: dict[str, int] = {HazardKind.higher_elevation: 1, HazardKind.lower_elevation: -1}
# ruling: backed against a higher Major Elevation Change is being against a Wall, and nothing more (000 L6157)
WALLS: frozenset[str] = frozenset({HazardKind.wall, HazardKind.corner, HazardKind.major_higher_elevation})
# the Hazards that take their victim out of the fight until an action brings him back (000 L6151, L6157–L6159)
OUT_OF_FIGHT: frozenset[str] = frozenset({HazardKind.pit, HazardKind.major_lower_elevation})
CONDITIONS = frozenset(
    {
        Ongoing.against_wall,
        Ongoing.in_pit,
        Ongoing.in_danger_zone,
        Ongoing.checked,
        Ongoing.behind,
        Ongoing.negative_positioning,
        Ongoing.elevation,
    }
)
D10 = Die(5)
D6 = Die(3)


@dataclass
class Hazard:
    id: str
    kind: str
    band: int | None = None
    owner: str | None = None
    move: str | None = None
    time_left: int | None = None
    since: int | None = None
    squares: tuple[Square, ...] = ()

    @property
    def wall(self) -> bool:
        return self.kind in WALLS


# ── loading and saving ───────────────────────────────────────────────────────────────────────────────


@features.HAZARDS_LOADED
def load(ctx: Turn) -> None:
    """The Hazards of the request; on a Band Map each needs its band, one Hazard a band; on a Battle Grid its square
    or squares, one Hazard a square (000 L6075)."""
    seen_ids: set[str] = set()
    seen_bands: set[int] = set()
    seen_squares: set[Square] = set()
    for i, h in enumerate(ctx.req.fight.hazards):
        path = f"fight.hazards[{i}]"
        if h.id in seen_ids:
            ctx.fail("HAZARD_INVALID", f"{path}.id", f"Two Hazards are called '{h.id}'.")
        seen_ids.add(h.id)
        squares = tuple((s.col, s.row) for s in h.squares)
        if ctx.grid_mode:
            _check_squares(ctx, path, h.id, squares, seen_squares)
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
        ctx.hazards.append(Hazard(h.id, h.kind, h.band, h.owner, h.move, h.time_left, h.since, squares))
    for f in ctx.fighters.values():
        for j, e in enumerate(f.ongoing):
            if e.id in CONDITIONS:
                _check_condition(ctx, f, f"fighters[{f.index}].state.ongoing_effects[{j}]", e)


def _check_squares(ctx: Turn, path: str, hid: str, squares: tuple[Square, ...], seen: set[Square]) -> None:
    """Battle Grid: a Hazard is placed in a square or a set of squares, only one Hazard in a square (000 L6075)."""
    if not squares:
        ctx.fail("HAZARD_INVALID", f"{path}.squares", f"On a Battle Grid the Hazard '{hid}' needs its square(s).")
    taken = sorted(set(squares) & seen)
    if taken or len(set(squares)) != len(squares):
        ctx.fail(
            "HAZARD_INVALID",
            f"{path}.squares",
            f"Square {taken[0] if taken else squares} already has a Hazard: one a square (000 L6075).",
        )
    seen.update(squares)


def mapped(ctx: Turn) -> bool:
    """Hazards have a place: a band on a Band Map, squares on a Battle Grid (000 L6075)."""
    return ctx.band_mode or ctx.grid_mode


def at(ctx: Turn, h: Hazard, f: Combatant) -> bool:
    """The fighter is where the Hazard is: its band, or one of its squares (000 L6075)."""
    if ctx.grid_mode:
        return ctx.squares.get(f.id) in h.squares
    return h.band is not None and h.band == ctx.bands.get(f.id)


def reach(ctx: Turn, h: Hazard, f: Combatant) -> int | None:
    """How far the fighter is from the Hazard: bands, or squares to its nearest square (diagonals 1, 000 L5676)."""
    if ctx.grid_mode:
        sq = ctx.squares.get(f.id)
        if sq is None or not h.squares:
            return None
        return min(max(abs(sq[0] - s[0]), abs(sq[1] - s[1])) for s in h.squares)
    if h.band is None or f.id not in ctx.bands:
        return None
    return abs(h.band - ctx.bands[f.id])


def _check_condition(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    """A hazard condition from the request: its Hazard (or, for Checked, the checker) must exist."""
    if eff.id == OngoingEffectId.negative_positioning:
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


def find(ctx: Turn, ident: str | None) -> Hazard | None:
    return next((h for h in ctx.hazards if h.id == ident), None)


def pick(ctx: Turn, fid: str, point: str, label: str, text: str, options: list[Hazard], refusal: str) -> Hazard | None:
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


@features.HAZARDS_IN_PLAY
def in_play(ctx: Turn) -> bool:
    """Whether any Hazard is in the fight."""
    return bool(resolved(ctx))


def resolved(ctx: Turn) -> list[Hazard]:
    return [h for h in ctx.hazards if h.kind in RESOLVED]


def condition(f: Combatant, ident: str) -> Effect | None:
    if not f.ongoing:  # most fighters carry no effect: no generator to build
        return None
    return next((e for e in f.ongoing if e.id == ident), None)


def drop(f: Combatant, ident: str) -> None:
    f.ongoing = [e for e in f.ongoing if e.id != ident]


# ── where a fighter stands ──────────────────────────────────────────────────────────────────────────────


def wall_of(ctx: Turn, f: Combatant) -> Hazard | None:
    """The Wall (or Corner) the fighter is against, if any."""
    if mapped(ctx):
        h = next((h for h in resolved(ctx) if h.wall and at(ctx, h, f) and h.owner != f.id), None)
        return h if h is not None and _pinned_one(ctx, f, h) else None
    e = condition(f, "against_wall")
    return find(ctx, e.hazard) if e is not None else None


def _pinned_one(ctx: Turn, f: Combatant, h: Hazard) -> bool:
    """Two opponents both in a Wall's band: a free Maneuver Check (once a turn for the pair) decides which one has
    his back to it (000 L6185). The result is kept for the turn while both stay there."""
    rivals = [o for o in ctx.opponents(f) if at(ctx, h, o) and h.owner != o.id and not in_pit(o)]
    if not rivals:
        return True
    first, second = sorted((f, rivals[0]), key=lambda x: x.index)
    tag = f"wall|{h.id}|{first.id}|{second.id}"  # not a T… key: ctx.counters holds the turn's few tallies
    if tag not in ctx.counters:
        ctx.counters[tag] = (
            2 if maneuver_check(ctx, first, second, f"keep off the {h.kind} {h.id}", "C", free=True) else 1
        )
    return (f is first) == (ctx.counters[tag] == 1)


@features.IN_PIT
def in_pit(f: Combatant) -> bool:
    return condition(f, "in_pit") is not None


def engaged(ctx: Turn, f: Combatant) -> list[Hazard]:
    """The Hazards the fighter is interacting with now: his Wall, his Pit or his Elevation Change (a damaging
    Hazard acts at once)."""
    out: list[Hazard] = []
    w = wall_of(ctx, f)
    if w is not None:
        out.append(w)
    for ident in ("in_pit", "elevation", "in_danger_zone"):
        e = condition(f, ident)
        if e is not None and (h := find(ctx, e.hazard)) is not None:
            out.append(h)
    if mapped(ctx):
        out += [h for h in resolved(ctx) if h.kind in LEVELS and at(ctx, h, f) and h.owner != f.id]
        out += [h for h in resolved(ctx) if h.kind == HazardKind.danger_zone and at(ctx, h, f)]
    return out


def danger_zone(ctx: Turn, f: Combatant) -> Hazard | None:
    """The Danger Zone the fighter is in: on a map any in his band or square (as a Ring-Out's, 000 L6209, L6219);
    without a map the one a Maneuver Check put him in (``in_danger_zone``) until he moves off it (ruling)."""
    if mapped(ctx):  # on a Battle Grid: its squares (000 L6075)
        return next((h for h in resolved(ctx) if h.kind == HazardKind.danger_zone and at(ctx, h, f)), None)
    e = condition(f, "in_danger_zone")
    return find(ctx, e.hazard) if e is not None else None


def on_move(ctx: Turn, f: Combatant, toward: bool) -> None:
    """Hook of every movement (Knock Back too): it ends a Behind condition (000 L4477); without a map, moving toward
    an opponent takes him off the Wall (ruling: moving away keeps his back to it; 000 L6183)."""
    lose_behind(ctx, f)
    if toward and not mapped(ctx) and condition(f, "against_wall") is not None:
        drop(f, "against_wall")
        ctx.note("C", f.id, f"{f.id} moves off the Wall.", "000 L6183")
    if toward and not mapped(ctx) and condition(f, "in_danger_zone") is not None:
        drop(f, "in_danger_zone")  # ruling: as off a Wall (000 L6219: he must move away from it)
        ctx.note("C", f.id, f"{f.id} moves out of the Danger Zone.", "000 L6219")
    if toward and not mapped(ctx) and condition(f, "elevation") is not None:
        drop(f, "elevation")
        ctx.note("C", f.id, f"{f.id} moves off the Elevation Change.", "000 L6153")


# ── Maneuver Check ───────────────────────────────────────────────────────────────────────────────────────


def maneuver_check(
    ctx: Turn, f: Combatant, o: Combatant, why: str, label: str, bonus: int = 0, free: bool = False
) -> bool:
    """Contested Tactics: 1d10 + Tactics each, ties rolled again (000 L6077, L1685–L1687). Without a map each Range
    moved beyond the first adds 1, and an opponent at Range 3–4 adds 1 to his side (000 L6083). ``free`` checks
    (Sidestep, Negative Positioning …) do not use the fighter's one check of the turn (000 L6079)."""
    mine_mod = bonus
    theirs_mod = 0
    if not (ctx.band_mode or ctx.grid_mode):  # the modifiers of the abstract system, no map (000 L6083)
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


# ── hooks in the attack ────────────────────────────────────────────────────────────────────────────────


# ── Pit ────────────────────────────────────────────────────────────────────────────────────────────────


# ── Checked ────────────────────────────────────────────────────────────────────────────────────────────


# ── Requires Environmental Hazard (000 L4787–L4791) ───────────────────────────────────────────────────


# ── Wall Bounce (000 L4067–L4073) ──────────────────────────────────────────────────────────────────────


# ── Carrying Grapple (000 L4349–L4357) ─────────────────────────────────────────────────────────────────


# ── Behind Opponent (000 L4457–L4477) ──────────────────────────────────────────────────────────────────


def lose_behind(ctx: Turn, f: Combatant) -> None:
    """Either fighter moving or being moved ends a Behind condition (000 L4477)."""
    for o in ctx.fighters.values():
        if o.ongoing and any(e.id == OngoingEffectId.behind and (o is f or e.target == f.id) for e in o.ongoing):
            o.ongoing = [e for e in o.ongoing if not (e.id == OngoingEffectId.behind and (o is f or e.target == f.id))]
            ctx.note("C", o.id, f"{o.id} is no longer Behind his opponent (someone moved).", "000 L4477")


# ── Negative Positioning (000 L4684–L4696) ─────────────────────────────────────────────────────────────


# ── Position Shift (000 L3794–L3810) ───────────────────────────────────────────────────────────────────


# ── Sidestep Counter (000 L4149–L4161, L5898–L5900) ───────────────────────────────────────────────────


# ── Create Environmental Hazard (000 L3131–L3199) ─────────────────────────────────────────────────────


@features.HAZARDS_OUT
def out(ctx: Turn) -> list[HazardModel]:
    return [
        HazardModel.model_construct(
            id=h.id,
            kind=HazardKind(h.kind),
            band=h.band,
            squares=[GridSquare.model_construct(col=c, row=r) for c, r in h.squares],
            owner=h.owner,
            move=h.move,
            time_left=h.time_left,
            since=h.since,
        )
        for h in ctx.hazards
    ]


# ── Reflection of a made Wall (000 L3191–L3199) ───────────────────────────────────────────────────────


@register
class HazardConditions(Element):
    """Against a Wall, in a Pit, Checked, Behind, Negative Positioning, on an Elevation: they last until lifted."""

    effects = CONDITIONS
    entries = frozenset({"behind_opponent", "negative_positioning"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        f.ongoing.append(Effect(raw.id, raw.move, raw.time_left, raw.since, raw.target, hazard=raw.hazard))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return None if ctx.round_over else [e]
