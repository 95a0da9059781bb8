"""Summon (000 L4183–L4213): an Ally that cannot be attacked appears one Range in front of its summoner, follows
his movement (twice as far when he moves a single Range) and strikes with a Basic Move, or a Combo of them, whenever
he launches Basic Moves, for a 5-count (one full turn at least) or until he is struck; then a 5-count passes before
it can be called again.

An Ally is an ``ongoing_effects`` entry ``summon`` of its summoner: ``move`` the Summon move, ``time_left``, ``since``
the turn it came, and where it is: ``band`` on a Band Map; without a map ``target`` the opponent it faces and
``charges`` how many Ranges it stands ahead of its summoner toward him (its Range to him is the summoner's less that).
The wait before calling it again is an entry ``summon_rest`` (``move``, ``time_left``).

The Ally's moves are ``ally:basic_move`` and ``ally:<element>`` for each Element of the Summon move's
``ally_elements`` (one Element per Basic Move), chosen with the decision ``ally_attack``. It strikes with his Basic
Defensive Response and his Basic Reaction Attack too, and a Tactics Response against the pair must meet both
(``response_ok``). Checking by or of it on a Band Map is in ``ally_checks`` (mark ``ally_checked``).

The turns with Thugs and Dramatic Combat keep the same Ally (000 L6646, L7080): they call it with ``place``, measure
its Range with ``ally_range``, move it with ``followed`` and ask its moves with ``choose``, striking by their own
steps (``thug_thrashing.ally``, ``dramatic.attack.ally``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...fighters.fighter_models import FighterMove
from ...moves.models import EntryChoice
from ..contract.model_types import OngoingEffectId
from ..contract.models import DecisionValue, DefenseOption, OngoingEffect, ResponseKind
from ..protocol.names import AttackContext
from ..registry.elements import Element, carried, register
from ..registry.sheet import BASIC_MOVE, profile
from ..state.action import Attack, Guard, Outcome
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from . import grid
from .design import design
from .hazards import ally_checks
from .hazards.ally_checks import allies

COUNT = 5
PREFIX = "ally:"


def _elements(m: MoveProfile) -> list[str]:
    raw = design(m, MoveTrait.summon).get("ally_elements") or []
    return [str(x) for x in raw] if isinstance(raw, list) else []


def resting(f: Combatant, m: MoveProfile) -> bool:
    return any(e.id == OngoingEffectId.summon_rest and e.move == m.id for e in f.ongoing)


def check(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """No new call of an Ally until a 5-count after the last one left (000 L4209)."""
    for m in moves:
        if m.trait(MoveTrait.summon) and resting(f, m):
            ctx.fail("SUMMON_RESTING", path, f"{key}: {m.name}'s Ally left less than a 5-count ago.", key=key)


# ── calling it ─────────────────────────────────────────────────────────────────────────────────────────


def call(ctx: Turn, f: Combatant, m: MoveProfile, facing: Combatant | None) -> None:
    """C.5: the Ally appears one Range (band) in front of him toward ``facing``; an earlier Ally goes, unless both
    come from different Super Moves (000 L4191, L4195, L4211)."""
    if not m.trait(MoveTrait.summon):
        return
    there = facing.id if facing is not None else None
    band = ctx.bands[facing.id] if facing is not None and ctx.band_mode else None
    square = ctx.squares.get(facing.id) if facing is not None and ctx.grid_mode else None
    place(ctx, f, m, there, band, square)


def place(
    ctx: Turn, f: Combatant, m: MoveProfile, there: str | None, aim: int | None, aim_square: tuple[int, int] | None
) -> None:
    """The Ally of ``m`` appears in front of him toward the opponent ``there`` (a Fighter or a Thug group), who stands
    in band ``aim`` on a Band Map or square ``aim_square`` on a Battle Grid (000 L4191, L4195, L4211)."""
    gone = [
        e
        for e in allies(f)
        if not m.is_super or e.move == m.id or not ((sm := f.move(e.move or "")) is not None and sm.is_super)
    ]
    for e in gone:
        leave(ctx, f, e, "a new Ally is summoned")
    band = target = None
    offset = None
    square = _front_square(ctx, f, aim_square) if ctx.grid_mode else None
    if square is not None:
        target = there
    elif ctx.band_mode:
        here = ctx.bands[f.id]
        aim = aim if aim is not None else here + 1
        band = min(max(here + (1 if aim > here else -1 if aim < here else 0), 1), 6)
    else:
        target, offset = there, 1
    f.ongoing.append(Effect(OngoingEffectId.summon, m.id, COUNT, ctx.turn, target, offset, band=band, square=square))
    where = f"in band {band}" if band is not None else f"1 Range in front of him toward {target}"
    where = f"in square {square}" if square is not None else where
    ctx.note(
        "C.5",
        f.id,
        f"{m.name}: {f.id}'s Ally appears {where} for a {COUNT}-count.",
        "000 L4191–L4199",
        {"move": m.id},
        {"ally": where},
    )


def _front_square(ctx: Turn, f: Combatant, aim: tuple[int, int] | None) -> tuple[int, int] | None:
    """Battle Grid: one square in front of him, along the line to the square ``aim`` of the opponent he faces (his
    own square at Range 0, as the band; 000 L4191, L5680–L5682); None off the grid."""
    here = ctx.squares.get(f.id)
    if here is None:
        return None
    step = grid.line(here, aim) if aim is not None else ctx.grid_step.get(f.id, grid.STEPS[0])
    nxt = (here[0] + step[0], here[1] + step[1])
    return nxt if grid.on_grid(nxt) else here


def leave(ctx: Turn, f: Combatant, e: Effect, why: str) -> None:
    """The Ally goes; a 5-count must pass before the move calls it again (000 L4209)."""
    if e in f.ongoing:
        f.ongoing.remove(e)
    f.ongoing = [x for x in f.ongoing if not (x.id == OngoingEffectId.summon_rest and x.move == e.move)]
    f.ongoing.append(Effect(OngoingEffectId.summon_rest, e.move, COUNT, ctx.turn))
    ally_checks.release(ctx, f, e.move)
    ctx.note("E.6", f.id, f"{f.id}'s Ally disappears ({why}).", "000 L4209–L4211", {}, {"ally": None})


def struck(ctx: Turn, d: Combatant) -> None:
    """E.6: the summoner is struck: his Allies disappear (000 L4209)."""
    for e in allies(d):
        leave(ctx, d, e, "he was struck")


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    m = f.move(eff.move or "")
    bad = m is None or not m.trait(MoveTrait.summon)
    if eff.id == ally_checks.CHECKED:
        bad = bad or eff.target not in {x.id for x in ctx.req.fighters} or eff.target == f.id
    if eff.id == OngoingEffectId.summon:
        bad = (
            bad
            or eff.since is None
            or (ctx.band_mode and eff.band is None)
            or (ctx.grid_mode and eff.square is None)
            or (not ctx.band_mode and not ctx.grid_mode and eff.charges is None)
        )
    if bad:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an Ally needs his Summon move, the turn it came and "
            "where it stands (`band`, `square` on a Battle Grid, or `charges` Ranges ahead of him without a map); "
            "a Check on it names "
            "its checker (`target`).",
        )
    f.ongoing.append(eff)


# ── where it is ────────────────────────────────────────────────────────────────────────────────────────


def distance(ctx: Turn, f: Combatant, e: Effect, o: Combatant) -> int:
    band = ctx.bands[o.id] if ctx.band_mode else None
    return ally_range(ctx, e, ctx.distance(f, o), band, ctx.squares.get(o.id))


def ally_range(ctx: Turn, e: Effect, his: int, band: int | None, square: tuple[int, int] | None) -> int:
    """The Ally's Range to an opponent (a Fighter or a Thug group) that stands at Range ``his`` from its summoner, in
    band ``band`` on a Band Map or square ``square`` on a Battle Grid."""
    if ctx.grid_mode and e.square is not None:  # squares, diagonals counting 1; off the grid Range 5 (000 L5676, L5678)
        return grid.dist(e.square, square) if square is not None else 5
    if ctx.band_mode and e.band is not None and band is not None:
        return abs(e.band - band)
    return min(abs(his - (e.charges or 0)), 5)


def follow(ctx: Turn, f: Combatant, ranges: int, step: int) -> None:
    """He moved ``ranges`` (``step`` +1/−1 the way he went: a band direction, or toward/away from the opponent
    without a map): the Ally goes the same way, two Ranges for a single one (000 L4193)."""
    for e in allies(f):
        go = 2 if ranges == 1 else ranges
        if ctx.grid_mode and e.square is not None:
            e.square = grid.slide(e.square, ctx.grid_step.get(f.id, grid.STEPS[0]), go)
        elif ctx.band_mode and e.band is not None:
            e.band = min(max(e.band + step * go, 1), 6)
        else:
            e.charges = (e.charges or 0) + step * (go - ranges)  # it gains (or loses) a Range on him


def followed(ctx: Turn, f: Combatant, n: int, toward: bool, band: int | None, square: tuple[int, int] | None) -> None:
    """He moved ``n`` Ranges toward (or away from) someone, from band ``band`` or square ``square`` (his place
    before): his Allies go the same way (``follow``), for a turn that moves him by its own steps (the turns with
    Thugs, Dramatic Combat)."""
    if not f.ongoing or not allies(f):
        return
    if ctx.grid_mode:
        now = ctx.squares.get(f.id)
        if square is None or now is None or now == square:
            return
        ctx.grid_step[f.id] = grid.line(square, now)
        follow(ctx, f, n, 1)
    elif ctx.band_mode:
        moved = ctx.bands[f.id] - (band if band is not None else ctx.bands[f.id])
        if moved:
            follow(ctx, f, n, 1 if moved > 0 else -1)
    else:
        follow(ctx, f, n, 1 if toward else -1)


# ── its attacks ────────────────────────────────────────────────────────────────────────────────────────


def ally_move(ctx: Turn, f: Combatant, m: MoveProfile, ident: str) -> MoveProfile | None:
    """``ally:basic_move`` or ``ally:<element>``: a Basic Move, with one of the Summon move's Elements priced in
    (ruling: priced as that Element on a Level 1 Special Move of his, one die size smaller like a Basic Move's)."""
    if ident == PREFIX + "basic_move":
        return replace(BASIC_MOVE, id=ident, name="Ally's Basic Move", path=f"ally:{m.id}")
    element = ident[len(PREFIX) :]
    if element not in _elements(m):
        return None
    sheet = ctx.req.fighters[f.index].sheet
    probe = FighterMove(id="__ally__", name="Ally", level=1, elements=[EntryChoice(id=element)])
    priced = profile(sheet.model_copy(update={"moves": [*sheet.moves, probe]}), ctx.opts).moves.get("__ally__")
    if priced is None:
        return None
    step = priced.damage_step - 1 if priced.damage_step is not None else None
    kws = priced.keywords | {"defensive_response:basic"}
    return replace(
        priced,
        id=ident,
        name=f"Ally's Basic Move ({element})",
        kind="basic",
        level=1,
        damage_step=step,
        keywords=kws,
        glory=0,
        path=f"ally:{m.id}",
    )


def join(
    ctx: Turn,
    f: Combatant,
    moves: list[MoveProfile],
    target: Combatant | None,
    first: Outcome | None,
    context: str = "action",
    **kind: Any,
) -> bool:
    """The summoner launched Basic Moves: each Ally launches as many at the same time, at his target when it is in
    reach, else at another opponent it reaches; defended separately but with the same Skill (000 L4201–L4207).
    With his Basic Defensive Response or Basic Reaction Attack (``context`` response / reaction) the Ally answers
    along with him, at the same fighter only (000 L4203). Returns True when an Ally's attack hit."""

    if not allies(f) or not moves or any(m.kind != "basic" for m in moves) or f.defeated:
        return False
    hit = False
    for e in list(allies(f)):
        sm = f.move(e.move or "")
        if sm is None or e not in f.ongoing:
            continue
        key, ally = choose(ctx, f, sm, len(moves), "D.1" if context == "action" else LABEL[context])
        reach = ally[0].range or (0, 2)
        foes = [o for o in ctx.opponents(f) if reach[0] <= distance(ctx, f, e, o) <= reach[1]]
        if context != "action":
            # ruling: his Response or Reaction Attack answers one fighter, so the Ally's goes at him alone, and it
            # costs nothing more: his FS, Control and action pay for the pair (000 L4203, L6013–L6014)
            foes = [o for o in foes if o is target]
        victim = target if target in foes else (foes[0] if foes else None)
        if victim is None:
            ctx.note("D.1", f.id, f"{f.id}'s Ally reaches no opponent: its attack has no effect.", "000 L4205")
            continue
        if not ally_checks.may_strike(ctx, f, e, victim):
            continue
        same = first.guard.option.value if first is not None and first.guard is not None and victim is target else None
        atk = Attack(
            attacker=f,
            defender=victim,
            moves=ally,
            context=context,
            label="D" if context == "action" else LABEL[context],
            cost=max(f.control, 1),
            key=key,
            same_skill=same,
            **kind,
        )
        hit = _strike(ctx, f, e, victim, atk) or hit
    return hit


LABEL: dict[str, str] = {AttackContext.response: "F.3", AttackContext.reaction: "C.4", AttackContext.interrupt: "D"}


def choose(ctx: Turn, f: Combatant, sm: MoveProfile, n: int, step: str) -> tuple[str, list[MoveProfile]]:
    """The decision ``ally_attack``: the ``n`` Basic Moves the Ally of ``sm`` launches, each plain or with one of
    the Summon move's Elements (000 L4187, L4207). Returns its key and the moves."""
    offered = ", ".join([PREFIX + "basic_move", *(PREFIX + x for x in _elements(sm))])
    key, d = ctx.decide(
        f.id,
        "ally_attack",
        step,
        f"{f.id}'s Ally strikes along with him: its Basic Move(s) ({offered}), as many as his.",
        DecisionValue(moves=[PREFIX + "basic_move"] * n),
    )
    ids = d.moves or []
    built = [ally_move(ctx, f, sm, i) for i in ids]
    if len(ids) != n or any(b is None for b in built):
        ctx.fail("DECISION_INVALID", f"decisions.{key}.moves", f"{key}: {n} of {offered}.", key=key)
    return key, [b for b in built if b is not None]


def reaches(ctx: Turn, f: Combatant, o: Combatant) -> bool:
    """One of his Allies stands within a Basic Move's reach of ``o``."""
    reach = BASIC_MOVE.range or (0, 2)
    return any(reach[0] <= distance(ctx, f, e, o) <= reach[1] for e in allies(f))


def is_ally_attack(atk: Attack) -> bool:
    return any(m.id.startswith(PREFIX) for m in atk.moves)


def _strike(ctx: Turn, f: Combatant, e: Effect, victim: Combatant, atk: Attack) -> bool:
    """The Ally's attack from where the Ally stands, with the summoner's Strength and none of his Buffs
    (000 L4201)."""
    keep_prof, keep_range = f.prof, ctx.range
    keep_band = ctx.bands.get(f.id)
    keep_square = ctx.squares.get(f.id)
    f.prof = f.base_prof or f.prof
    here = distance(ctx, f, e, victim)
    if ctx.grid_mode and e.square is not None:
        ctx.squares[f.id] = e.square  # the attack goes from the Ally's square (000 L4201)
    elif ctx.band_mode and e.band is not None:
        ctx.bands[f.id] = e.band
    else:
        ctx.range = here
    ctx.note("D.1", f.id, f"{f.id}'s Ally attacks {victim.id} at Range {here}.", "000 L4201")
    try:
        return bool(ctx.spine.resolve(ctx, atk).hit)
    finally:
        f.prof = keep_prof
        if ctx.grid_mode and e.square is not None:
            e.square = ctx.squares.get(f.id) or e.square
            ctx.squares[f.id] = keep_square
        elif ctx.band_mode and e.band is not None and keep_band is not None:
            moved = ctx.bands[f.id] - e.band  # the map may have shifted everyone
            e.band = ctx.bands[f.id]
            ctx.bands[f.id] = min(max(keep_band + moved, 1), 6)
        else:
            pushed = (ctx.range or 0) - here  # Knock Back from the Ally
            ctx.range = min((keep_range or 0) + pushed, 5)


# ── one Defensive Response against the pair (000 L4203) ────────────────────────────────────────────────


def response_ok(ctx: Turn, atk: Attack, guard: Guard, kind: ResponseKind, path: str, key: str) -> None:
    """A Tactics-based Response to the summoner's Basic attack must also be able to meet his Ally's, which comes at
    the same defender when it reaches him: a Throw Response needs the Ally at Range 0, Anti-Air at Range 0 or 1
    (ruling: the Ally's attack is Aerial when his is, as it moves along with him; 000 L4193), and a Jinking step
    must leave him out of both reaches (000 L4203, L5866–L5878)."""
    a, d = atk.attacker, atk.defender
    if (
        guard.option is not DefenseOption.tactics
        or atk.context not in (AttackContext.action, AttackContext.interrupt)
        or any(m.kind != "basic" for m in atk.moves)
    ):
        return
    reach = BASIC_MOVE.range or (0, 2)
    for e in allies(a):
        here = distance(ctx, a, e, d)
        if not reach[0] <= here <= reach[1]:
            continue  # the Ally's attack does not come at him
        steps = 2 if guard.technique == "back_dash" else 1
        why = {
            ResponseKind.throw: "the Ally is not at Range 0" if here != 0 else "",
            ResponseKind.anti_air: "the Ally does not end at Range 0 or 1" if here > 1 else "",
            ResponseKind.jinking: "the step leaves him in the Ally's reach" if here + steps <= reach[1] else "",
        }
        if why.get(kind):
            ctx.fail(
                "SUMMON_RESPONSE_NOT_BOTH",
                path,
                f"{key}: the {kind.value.replace('_', ' ')} Response must "
                f"meet {a.id}'s Ally's attack too, and {why[kind]} (Range {here}).",
                key=key,
            )


def tick(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect]:
    """H.3: the Ally's count runs down (one full turn at least); when it ends, or its summoner is out of the fight
    or in a Pit (ruling: a Pit removes him from the fight, 000 L4199), the Ally goes and the 5-count rest begins."""
    left = (e.time_left or 0) - elapsed
    out = f.defeated or ctx.round_over or any(x.id == OngoingEffectId.in_pit for x in f.ongoing)
    if _ends(ctx, f, e, elapsed):
        for o in ctx.fighters.values():  # the Checks it made go with it (its own mark drops in keep_check)
            o.ongoing = [
                x for x in o.ongoing if not (x.id == OngoingEffectId.checked and x.target == f.id and x.move == e.move)
            ]
        if not ctx.round_over:
            ctx.note(
                "H.3",
                f.id,
                f"{f.id}'s Ally disappears"
                + (" with him" if out else ": its count has run out")
                + "; a 5-count must pass before it can be summoned again.",
                "000 L4209",
            )
            return [Effect(OngoingEffectId.summon_rest, e.move, COUNT, ctx.turn)]
        return []
    return [replace(e, time_left=max(left, 0))]


def _ends(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> bool:
    left = (e.time_left or 0) - elapsed
    out = f.defeated or ctx.round_over or any(x.id == OngoingEffectId.in_pit for x in f.ongoing)
    return out or left < 0 or (left == 0 and e.since != ctx.turn)


def keep_check(ctx: Turn, f: Combatant, mark: Effect, elapsed: int) -> list[Effect]:
    """H.3: a Check on his Ally lasts while the Ally stays (000 L4199)."""
    e = next((x for x in allies(f) if x.move == mark.move), None)
    return [mark] if e is not None and not _ends(ctx, f, e, elapsed) else []


@register
class Summon(Element):
    """A summoned Ally, the rest before the next Summon, and a Check on the Ally (000 L4185–L4209)."""

    effects = frozenset({"summon", "summon_rest", ally_checks.CHECKED})
    entries = frozenset({"summon"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        if e.id == OngoingEffectId.summon:
            return tick(ctx, f, e, elapsed)
        if e.id == ally_checks.CHECKED:
            return keep_check(ctx, f, e, elapsed)
        return None  # the rest runs down as a Time Count
