"""Create Environmental Hazard: a Wall, Elevation or damaging Hazard made by a move and its count, and a made Wall's
Reflection of projectiles (000 L3131–L3199)."""

from __future__ import annotations

from dataclasses import replace

from ...contract.model_types import OngoingEffectId
from ...contract.models import Choice, DecisionValue, Direction, ResponseKind
from ...protocol.events import Square
from ...registry import features
from ...registry.elements import after_time_roll
from ...state.action import Attack
from ...state.combatant import Combatant
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from .. import grid
from ..design import design_of
from .hazard_interaction import MADE_HAZARDS, interact, made
from .hazards import Hazard, find, in_pit, maneuver_check

MADE_KINDS = {"wall": "wall", "higher_elevation": "higher_elevation", "lower_elevation": "lower_elevation"}


@features.HAZARD_MAKING
def creates(moves: list[MoveProfile]) -> bool:
    return any(made(m).makes for m in moves)


def made_kind(m: MoveProfile) -> str:
    """The Hazard a Create Environmental Hazard move makes: a Pit, a (Damaging) Wall, a damaging Hazard, or the
    chosen Wall or Elevation Change (000 L3137, L3149–L3189)."""
    kind = made(m).kind
    if kind is not None:
        return kind
    return MADE_KINDS.get(str(design_of(m, MADE_HAZARDS, lambda row: row.makes).get("hazard_type") or "wall"), "wall")


def _live(ctx: Turn, f: Combatant) -> list[Hazard]:
    return [h for h in ctx.hazards if h.owner == f.id]


@features.HAZARD_MADE
def create(ctx: Turn, f: Combatant, m: MoveProfile, t: Combatant, key: str) -> None:
    """C.5–E: the move makes a Hazard 1 band from the user toward or away from his target (Band Map), or at the
    target (no map; ruling). Into a band with fighters in it, it needs a hit on one of them (each attacked, no
    damage from the attack itself); those hit interact with it at once, those missed who stay there do so at
    their next action unless they move first (000 L3141–L3147). A Hazard present from the start blocks it; a made
    one there is replaced; a fighter's own live Hazard stops a second (Multiple Hazard: two, a third removes the
    oldest). It lasts a 5-count (Extended Duration: 10) and at least one full turn (000 L3139, L3169, L3175)."""

    kind = made_kind(m)
    live = _live(ctx, f)
    rule = made(m)
    multiple = rule.at_once > 1
    if live and not multiple:
        ctx.note("C.5", f.id, f"{f.id} already has a Hazard in play: {m.name} does nothing.", "000 L3139")
        return
    band = None
    squares: tuple[Square, ...] = ()
    if ctx.grid_mode:
        spot = _grid_spot(ctx, f, t, m)
        if spot is None:
            return
        squares, occupants = spot
    elif ctx.band_mode:
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
    hit: list[Combatant] = []
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
    if ctx.grid_mode:
        ctx.hazards = [h for h in ctx.hazards if not set(h.squares) & set(squares)]
    live = _live(ctx, f)
    if multiple and len(live) >= rule.at_once:
        _remove(ctx, live[0], f"{f.id}'s oldest Hazard disappears")
    count = rule.count
    h = Hazard(_new_id(ctx, f), kind, band, f.id, m.id, count, ctx.turn, squares)
    ctx.hazards.append(h)
    ctx.note(
        "E",
        f.id,
        f"{f.id} makes a {kind.replace('_', ' ')} ({h.id})"
        + (f" in band {band}" if band else "")
        + (f" in square {squares[0]}" if squares else "")
        + f" for a {count}-count.",
        "000 L3137–L3147, L3169",
        {"move": m.id},
        {"hazard": h.id, "time_left": count},
    )
    for o in hit:
        interact(ctx, o, h, f)


def _grid_spot(
    ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile
) -> tuple[tuple[Square, ...], list[Combatant]] | None:
    """Battle Grid: the Hazard goes 1 square toward or away from the target along the line (as 1 band on a Band
    Map, 000 L3139, L5680–L5682; the other way at the edge); a Hazard placed from the start there blocks it. Returns its
    square and the fighters in it, or None when it fails."""
    here, aim = ctx.squares.get(f.id), ctx.squares.get(t.id)
    if here is None:
        return None
    _, d = ctx.decide(
        f.id,
        "hazard_place",
        "C.5",
        f"{f.id} makes the Hazard 1 square toward or away from {t.id}.",
        DecisionValue(direction=Direction.toward),
    )
    step = grid.line(here, aim) if aim is not None and aim != here else ctx.grid_step.get(f.id, grid.STEPS[0])
    if d.direction is Direction.away:
        step = (-step[0], -step[1])
    sq = (here[0] + step[0], here[1] + step[1])
    if not grid.on_grid(sq):
        sq = (here[0] - step[0], here[1] - step[1])
    there = next((h for h in ctx.hazards if sq in h.squares), None)
    if there is not None and there.owner is None:
        ctx.note("C.5", f.id, f"Square {sq} already holds {there.id}: {m.name} fails.", "000 L3139, L6075")
        return None
    occupants = [
        o for o in ctx.fighters.values() if o is not f and o.active and ctx.squares.get(o.id) == sq and not in_pit(o)
    ]
    return (sq,), occupants


def _new_id(ctx: Turn, f: Combatant) -> str:
    """A stable id the next request accepts (letters, digits, _ and -; at most 40)."""
    base = f"{f.id[:30]}-T{ctx.turn}"
    ident, n = base, 1
    while find(ctx, ident) is not None:
        n += 1
        ident = f"{base}-{n}"
    return ident


def _remove(ctx: Turn, h: Hazard, why: str) -> None:
    """A made Hazard is gone: Pit victims are back in the fight in its band; nobody is against it any more
    (000 L3187)."""
    ctx.hazards = [x for x in ctx.hazards if x is not h]
    for f in ctx.fighters.values():
        for e in [e for e in f.ongoing if e.hazard == h.id]:
            f.ongoing.remove(e)
            if e.id == OngoingEffectId.in_pit:
                if ctx.band_mode and h.band is not None:
                    ctx.bands[f.id] = h.band
                ctx.note("H.3", f.id, f"{f.id} is back in the fight: the Pit {h.id} is gone.", "000 L3187")
    ctx.note("H.3", h.owner, f"{why} ({h.id}).", "000 L3139")


@after_time_roll(20)
def tick(ctx: Turn, elapsed: int) -> None:
    """End of the turn: made Hazards run down their count; one made this turn lasts the next turn at least."""
    for h in list(ctx.hazards):
        if h.owner is None or h.time_left is None:
            continue
        h.time_left = max(h.time_left - elapsed, 0)
        if ctx.round_over or (h.time_left == 0 and h.since is not None and h.since < ctx.turn):
            _remove(ctx, h, "A made Hazard vanishes")


@features.HAZARD_MAKING_CHECKED
def check_create(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str) -> None:
    """A Create Environmental Hazard move is used on its own (ruling: the book gives it no place in a Combo)."""
    m = next((m for m in moves if made(m).makes), None)
    if m is not None and len(moves) > 1:
        ctx.fail(
            "HAZARD_CREATE_INVALID",
            f"decisions.{key}.moves",
            f"{key}: {m.name} is used on its own, not in a Combo.",
            key=key,
        )


def _mirror(ctx: Turn, d: Combatant) -> Hazard | None:
    """The defender's own made Wall with Reflection, if he has one in play."""
    for h in _live(ctx, d):
        m = d.move(h.move or "")
        if h.wall and m is not None and made(m).reflects:
            return h
    return None


def _projectile(moves: list[MoveProfile]) -> MoveProfile | None:
    return next((m for m in moves if m.offensive and m.trait(MoveTrait.projectile) and m.kind != "basic"), None)


@features.WALL_REFLECTS_FIRST
def reflect_first(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile]) -> bool:
    """Before the defence: a Ranged Special Move that meets the defender's reflecting Wall is turned back at once
    (000 L3193): on a Band Map when the Wall is in a band between them or in the defender's band; without a map
    after a won Maneuver Check (ruling: a free one, asked with default yes). Returns True when reflected."""
    h = _mirror(ctx, d)
    p = _projectile(moves)
    if h is None or p is None or d.defeated:
        return False
    if ctx.grid_mode:
        sa, sd = ctx.squares.get(a.id), ctx.squares.get(d.id)
        if sa is None or sd is None or not set(h.squares) & {*grid.walk(sa, sd), sd}:
            return False  # the Wall between them or in his square, as on a Band Map (000 L3193)
    elif ctx.band_mode:
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


def wall_behind(ctx: Turn, a: Combatant, d: Combatant) -> bool:
    """Band Map: the maker stands in front of his reflecting Wall (it is past him, seen from the attacker); then
    only a successful Evasion turns the shot back (000 L3193)."""
    h = _mirror(ctx, d)
    if h is not None and ctx.grid_mode:
        sa, sd = ctx.squares.get(a.id), ctx.squares.get(d.id)
        if sa is None or sd is None or sa == sd:
            return False
        step = grid.line(sa, sd)
        return (sd[0] + step[0], sd[1] + step[1]) in h.squares  # the square past him, seen from the attacker
    if h is None or not ctx.band_mode or h.band is None:
        return False
    pa, pd = ctx.bands[a.id], ctx.bands[d.id]
    return pa != pd and (h.band - pd) * (pd - pa) > 0


@features.WALL_REFLECTS_AFTER
def reflect_after_evasion(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile], evaded: bool) -> bool:
    h = _mirror(ctx, d)
    p = _projectile(moves)
    if evaded and h is not None and p is not None and not a.defeated and wall_behind(ctx, a, d):
        _send_back(ctx, a, d, p, h)
        return True
    return False


def _send_back(ctx: Turn, a: Combatant, d: Combatant, p: MoveProfile, h: Hazard) -> None:
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
                response=ResponseKind.interrupt,
                reflected=True,
            ),
        )
    finally:
        d.ignore_range = before
