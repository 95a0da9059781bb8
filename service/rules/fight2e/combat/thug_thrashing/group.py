"""A Thug group as a combatant of a Thug Thrashing turn (000 L6646–L6724): loaded from the request with its build's
fighting figures, stored back after the turn, its Initiative and its Glory; the helpers the group's actions and the
Fighters' defences share."""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass, field

from ....dice import Die
from ...thugs import attacks as thug_rules
from ...thugs import events
from ...thugs.build import validate_thug
from ...thugs.catalogue import thug_catalogue
from ...thugs.dice import die_step
from ...thugs.models import ThugRequest
from ...thugs.schema import ThugEvent
from ..contract.models import (
    Choice,
    ChoiceOption,
    DecisionValue,
    Direction,
    GloryAward,
    GridSquare,
    Subsystem,
    ThugGroupState,
)
from ..elements import grid, invisibility, summon
from ..state.combatant import Combatant
from ..state.turn import Turn
from . import lasting

D4, D6, D10 = Die(2), Die(3), Die(5)
FARTHEST = 4  # a group is never pushed past Range 4 (000 L5950)
OFF_GRID = 5  # a Fighter off the Battle Grid is at Range 5, out of the combat (000 L5678)
COMPETENT_VILLAIN = "competent_villain"
# Traits only the Thug Thrashing turn applies (none now: a Suppression's tiers are checked in both turns' attacks,
# ``fighter_on_thugs.suppressed``, 000 L4251–L4255).
TURN_ONLY: frozenset[str] = frozenset()
RESOLVED_TRAITS = frozenset(thug_catalogue().in_combat) - TURN_ONLY  # applied by both turns (000 L6582–L6642)
THUG_TURN_TRAITS = RESOLVED_TRAITS | TURN_ONLY  # applied by the Thug Thrashing turn
MAX_OVERRUN = 6  # Overrun chains: a bound on hostile dice, far above any real chain (000 L6780)


@dataclass
class Group:
    """One Thug group during the turn."""

    id: str
    index: int
    state: ThugGroupState
    members: int
    ranges: MutableMapping[str, int]  # a dict with no map; ``BandRanges`` on a Band Map, ``GridRanges`` on a grid
    side: str | None  # None: against every Fighter
    traits: frozenset[str]
    initiative: str
    accuracy: int
    damage: str
    defense: int
    life_save: int
    threat_level: int
    now: events.NextTurn
    init: int = 0
    led: bool = False  # the single highest Initiative this turn
    hit: bool = False  # one of its Thugs hit a Fighter this turn
    drawn: list[str] = field(default_factory=list)  # next-turn events drawn at this turn's end
    critical_now: int = 0  # die sizes on this turn's Initiative: a kept Critical Hit (000 L3208), Oblivious (000 L1461)
    critical_next: int = 0  # one landed this turn and not yet negated by a hit on the group
    effects: list[lasting.Lasting] = field(default_factory=list)  # what its Elements left in play (lasting.py)
    suppression: tuple[int, bool] = (0, False)  # its Suppression's tier and movement lock (the count it bought)
    in_slot: bool = False  # it is acting at its place in the order (not a Thug Event's free attack)
    standing_off: bool = False  # in a Dramatic Stand Off this turn: +2 to hit it (000 L7273)

    @property
    def path(self) -> str:
        return f"fight.thugs[{self.index}]"


# ── A Band Map ──────────────────────────────────────────────────────────────────────────────────
# A group takes one band (000 L5652, L6664); every Range to it is the bands' difference, so moving it or a Fighter
# changes his Range to every other group and theirs to him (000 L6668). Whoever would leave the six bands shifts the
# whole board instead (000 L5656).


def _toward(pos: int, anchor: int, delta: int) -> int:
    """``pos`` moved ``delta`` bands away from ``anchor`` (negative: toward it, never past it). Ruling: from the
    same band, away means toward the map's wider side."""
    if delta < 0:
        step = 1 if anchor > pos else -1
        return pos + step * min(-delta, abs(anchor - pos))
    step = (1 if pos > anchor else -1) if pos != anchor else (1 if pos <= 3 else -1)
    return pos + step * delta


def _on_board(ctx: Turn) -> None:
    every = [*ctx.bands.values(), *ctx.thug_bands.values()]
    lo, hi = min(every), max(every)
    by = 1 - lo if lo < 1 else (6 - hi if hi > 6 else 0)
    if by:
        ctx.bands = {k: min(max(v + by, 1), 6) for k, v in ctx.bands.items()}
        ctx.thug_bands = {k: min(max(v + by, 1), 6) for k, v in ctx.thug_bands.items()}
        ctx.note(
            "C", None, f"Everyone shifts {by:+d} band{'s' if abs(by) != 1 else ''} to stay on the map.", "000 L5656"
        )


class BandRanges(MutableMapping[str, int]):
    """A group's Range to each Fighter on a Band Map; setting one moves the group's band (the Fighter's stays)."""

    def __init__(self, ctx: Turn, gid: str) -> None:
        self.ctx, self.gid = ctx, gid

    def __getitem__(self, fid: str) -> int:
        return abs(self.ctx.bands[fid] - self.ctx.thug_bands[self.gid])

    def __setitem__(self, fid: str, value: int) -> None:
        ctx = self.ctx
        ctx.thug_bands[self.gid] = _toward(ctx.thug_bands[self.gid], ctx.bands[fid], value - self[fid])
        _on_board(ctx)

    def __delitem__(self, fid: str) -> None:
        raise KeyError(fid)

    def __iter__(self) -> Iterator[str]:
        return iter([fid for fid in self.ctx.bands if fid in self.ctx.fighters])

    def __len__(self) -> int:
        return sum(1 for _ in self)


# ── A Battle Grid ───────────────────────────────────────────────────────────────────────────────
# A group occupies a square as a Fighter does (000 L5676); every Range to it is the count of squares, diagonals 1,
# and a Fighter off the grid is at Range 5 (000 L5678). Moving it or a Fighter goes one square a Range along the line
# (000 L5680), a Knock Back in a straight line away, never off the grid (000 L5678, L5686).


class GridRanges(MutableMapping[str, int]):
    """A group's Range to each Fighter on a Battle Grid; setting one moves the group's square (the Fighter's stays)."""

    def __init__(self, ctx: Turn, gid: str) -> None:
        self.ctx, self.gid = ctx, gid

    def __getitem__(self, fid: str) -> int:
        here = self.ctx.squares[fid]  # a KeyError for a Fighter with no square, as a missing Range
        return OFF_GRID if here is None else grid.dist(here, self.ctx.thug_squares[self.gid])

    def __setitem__(self, fid: str, value: int) -> None:
        ctx = self.ctx
        there = ctx.squares.get(fid)
        if there is not None:
            ctx.thug_squares[self.gid] = grid.at_range(ctx.thug_squares[self.gid], there, value)

    def __delitem__(self, fid: str) -> None:
        raise KeyError(fid)

    def __iter__(self) -> Iterator[str]:
        return iter([fid for fid in self.ctx.squares if fid in self.ctx.fighters])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def fighter_range(ctx: Turn, g: Group, f: Combatant, value: int) -> None:
    """The Fighter moves (or is moved) so that his Range to ``g`` is ``value``: with no map only this pair's Range
    changes (000 L6662–L6670); on a Band Map his band moves; on a Battle Grid his square, one square a Range along
    the line (000 L5680, L5686)."""
    if ctx.grid_mode:
        here = ctx.squares.get(f.id)
        if here is not None:
            ctx.squares[f.id] = grid.at_range(here, ctx.thug_squares[g.id], value)
        return
    if not ctx.band_mode:
        g.ranges[f.id] = value
        return
    ctx.bands[f.id] = _toward(ctx.bands[f.id], ctx.thug_bands[g.id], value - g.ranges[f.id])
    _on_board(ctx)


def _band(ctx: Turn, s: ThugGroupState, path: str) -> MutableMapping[str, int]:
    if ctx.grid_mode:
        if s.square is None:
            ctx.fail("THUG_STATE_INVALID", f"{path}.square", f"{s.id}: on a Battle Grid a Thug group needs its square.")
        ctx.thug_squares[s.id] = (s.square.col, s.square.row)
        return GridRanges(ctx, s.id)
    if not ctx.band_mode:
        return dict(s.ranges)
    if s.band is None:
        ctx.fail("THUG_STATE_INVALID", f"{path}.band", f"{s.id}: on a Band Map a Thug group needs its band.")
    ctx.thug_bands[s.id] = s.band
    return BandRanges(ctx, s.id)


def skill(ctx: Turn, f: Combatant, name: str) -> int:
    """A Narrative Skill's level on the sheet; untrained counts 0."""
    sheet = ctx.req.fighters[f.index].sheet
    wanted = name.replace("_", "")
    levels = [s.level for s in sheet.narrative_skills if "".join(c for c in s.id.lower() if c.isalnum()) == wanted]
    return max(levels) if levels else 0


def award(ctx: Turn, fid: str, points: int, reason: str, ref: str, extra: bool = False) -> None:
    """Raw Glory against Thugs: kept whole through the combat and divided only at its end (000 L6547, L6728), so
    no per-turn Power Level ratio applies; ``extra``: an entry of the Additional Glory Awards chart, which an option
    turns off (000 L826–L857). Ruling: a Thug is no Fighter, so the chart's awards for defeating one (000 L829–L849)
    never come from a Thug; being Stunned or defeated by Thugs costs Glory as usual (000 L851–L852)."""
    if points == 0 or (extra and not ctx.opts.additional_glory_awards):
        return
    ctx.fighters[fid].glory_round += points
    ctx.glory.append(GloryAward.model_construct(fighter=fid, points=points, reason=reason, ref=ref))


def _event_by_id(ident: str) -> ThugEvent | None:
    return next((e for e in thug_catalogue().events.events if e.id == ident), None)


def load(ctx: Turn, resolved: frozenset[str] = RESOLVED_TRAITS) -> list[Group]:
    """The groups of ``fight.thugs``, their builds checked as ``thugs/validate`` checks them, and last turn's
    next-turn events put in force (000 L6738)."""
    out: list[Group] = []
    for i, s in enumerate(ctx.req.fight.thugs):
        path = f"fight.thugs[{i}]"
        if s.id in ctx.fighters or any(g.id == s.id for g in out) or s.id == "fight":
            ctx.fail("STATE_DUPLICATE_FIGHTER", f"{path}.id", f"'{s.id}' names a Fighter or another group.")
        opts = ThugRequest.model_fields["options"].default.model_copy(
            update={"saga_scale": ctx.opts.thug_thrashing.saga_scale}  # every attribute a step per step (000 L6816)
        )
        v = validate_thug(ThugRequest.model_construct(thug=s.thug, options=opts))
        eff = v.effective
        if not v.valid or eff.initiative is None or eff.damage is None:
            why = v.violations[0].message if v.violations else "a die off the die chain"
            ctx.fail("THUG_GROUP_INVALID", f"{path}.thug", f"{s.id}: the Thug build breaks a rule ({why}).")
        drawn: list[ThugEvent] = []
        for j, ident in enumerate(s.next_turn_events):
            e = _event_by_id(ident)
            if e is None:
                ctx.fail("THUG_STATE_INVALID", f"{path}.next_turn_events[{j}]", f"{s.id}: no Thug Event '{ident}'.")
            drawn.append(e)
        traits = frozenset({q.id for q in s.thug.qualities} | set(s.thug.weaknesses))
        g = Group(
            id=s.id,
            index=i,
            state=s,
            members=s.members,
            ranges=_band(ctx, s, path),
            side=s.side,
            traits=traits,
            initiative=eff.initiative,
            accuracy=eff.accuracy,
            damage=eff.damage,
            defense=eff.defense,
            life_save=eff.life_save,
            threat_level=eff.threat_level,
            now=events.next_turn(drawn),
            critical_now=s.initiative_steps,
            suppression=thug_rules.suppression_design(
                next((q.cost for q in s.thug.qualities if q.id == lasting.SUPPRESSION), None)
            ),
        )
        for t in sorted(traits - resolved):
            ctx.unsupported_rule(
                f"thug_trait:{t}", f"{path}.thug", f"the group's {t} is priced but not applied in a turn yet"
            )
        for fid, f in ctx.fighters.items():  # its Range to a Fighter of its own side is never needed (ruling)
            if f.active and fid not in g.ranges and opposes(g, f):
                ctx.fail("STATE_RANGE_OUT_OF_RANGE", f"{path}.ranges", f"{s.id} has no Range to {fid}.")
        for fid in g.ranges:
            if fid not in ctx.fighters:
                ctx.fail("UNKNOWN_FIGHTER", f"{path}.ranges.{fid}", f"No fighter '{fid}'.")
        g.effects = lasting.read(ctx, path, s.effects)
        lasting.put_in_force(ctx, g.id, g.effects, g.suppression)
        out.append(g)
    return out


# What else happens to a group at the start of the turn, before Initiative: its Bomb going off (groups.py adds it).
UPKEEP: list[Callable[[Turn, Group], None]] = []


def rout(ctx: Turn, g: Group) -> None:
    """The start of the group's turn: its Bomb may go off (before Initiative, 000 L2855; ``UPKEEP``), and Rout: a
    Thug slips away, for no Glory (000 L6771)."""
    for hook in UPKEEP:
        hook(ctx, g)
    gone = min(g.now.members_leaving, g.members)
    if gone and g.members:
        before = g.members
        g.members -= gone
        ctx.note("A.1", g.id, f"{g.id}: {gone} Thug flees (Rout): {before} → {g.members} members.", "000 L6771")


def store(ctx: Turn, groups: list[Group]) -> None:
    ctx.thug_state = [
        g.state.model_copy(
            update={
                "members": g.members,
                "ranges": dict(g.ranges),
                "band": ctx.thug_bands.get(g.id) if ctx.band_mode else g.state.band,
                "square": _square(ctx, g),
                "next_turn_events": g.drawn[:8],
                "led_and_hit": g.led and g.hit,
                "initiative_steps": g.critical_next,
                "effects": lasting.dump(lasting.tick(ctx, g.id, g.effects)),
            }
        )
        for g in groups
    ]


def _square(ctx: Turn, g: Group) -> GridSquare | None:
    sq = ctx.thug_squares.get(g.id)
    if not ctx.grid_mode or sq is None:
        return g.state.square
    return GridSquare.model_construct(col=sq[0], row=sq[1])


def shift(ctx: Turn, f: Combatant, g: Group, n: int, direction: Direction | None, why: str = "") -> None:
    """A Fighter's movement changes only his Range to the group he moves toward or away from (000 L6662–L6670)."""
    if not n:
        return
    lasting.leave_wall(ctx, f)
    before = g.ranges[f.id]
    sign = 1 if direction is Direction.away else -1
    band, square = ctx.bands.get(f.id), ctx.squares.get(f.id)
    fighter_range(ctx, g, f, min(max(before + sign * n, 0), FARTHEST))
    summon.followed(ctx, f, n, sign < 0, band, square)  # his Ally goes along (000 L4193)
    ctx.note(
        "C",
        f.id,
        f"{f.id} moves {n} Range{'s' if n != 1 else ''}{why}: Range to {g.id} {before} → {g.ranges[f.id]}.",
        "000 L5615, L6662",
        inputs={"movement": n},
    )


# ── Initiative ──────────────────────────────────────────────────────────────────────────────────


def roll_initiative(ctx: Turn, g: Group) -> None:
    """One Initiative die per group and no Control (000 L6652), one size more after Plenty of Room (000 L6772), +1
    when it alone led last turn and hit (000 L6562, L5509–L5511)."""
    step = die_step(g.initiative) or 0
    hidden = _invisible(ctx, g)
    die = Die(max(step + g.now.initiative_steps + g.critical_now - hidden, 0))
    face = ctx.roll(g.id, "init", die, "Initiative (Thug group)", "A.2")
    bonus = 1 if ctx.opts.leader_bonus and g.state.led_and_hit else 0  # Initiative as usual (000 L6562, L5509)
    g.init = face + bonus
    ctx.note(
        "A.2",
        g.id,
        f"{g.id} rolls {die} for Initiative: {face}"
        + (f" + 1 as last turn's leader that hit = {g.init}" if bonus else "")
        + " (a group rolls no Control).",
        "000 L6652" + (", L5509" if bonus else ""),
        inputs={"die": str(die), "face": face, "leader_bonus": bonus},
    )


def _invisible(ctx: Turn, g: Group) -> int:
    """The Initiative die sizes the invisible Fighters it fights take from it, as from any opponent engaging them
    (000 L3591, L6646). Ruling: a group always engages, Thugs closing on their foes (000 L6672), and the Control
    sizes do nothing, a group rolling no Control (000 L6652)."""
    total = 0
    for f in foes(ctx, g):
        steps = invisibility.hindrance(ctx, f)
        if steps is not None and steps[0]:
            total += steps[0]
            ctx.note(
                "A.1", g.id, f"{g.id} engages the invisible {f.id}: Initiative −{steps[0]} die size(s).", "000 L3591"
            )
    return total


def exploit_weakness(ctx: Turn, g: Group) -> None:
    """Oblivious: on the fight's first turn each Fighter may spend a Story Point on a check against the DL; one made
    check costs the group its Initiative die sizes this turn (000 L1461)."""
    table = thug_catalogue().in_combat
    found = next((table[t].exploit for t in sorted(g.traits) if t in table and table[t].exploit), None)
    if found is None or ctx.req.fight.turn != 1 or not g.members:
        return
    for f in [f for f in foes(ctx, g) if (f.story or 0) >= 1]:
        _, v = ctx.decide(
            f.id,
            "exploit",
            "A.1",
            f"{f.id} may spend a Story Point to catch {g.id} off guard (DL {found.difficulty}).",
            DecisionValue(choice=Choice.pass_),
            [choice(DecisionValue(choice=Choice.act), "spend it"), choice(DecisionValue(choice=Choice.pass_), "no")],
        )
        if v.choice is not Choice.act:
            continue
        f.story = (f.story or 0) - 1
        level = max(skill(ctx, f, s) for s in found.skills)
        face = ctx.roll(f.id, "exploit_check", D10, f"check against {g.id}'s Oblivious", "A.1")
        made = face + level >= found.difficulty
        ctx.note(
            "A.1",
            f.id,
            f"{f.id} spends a Story Point: {face} + {level} against {found.difficulty}: "
            + (f"{g.id} rolls Initiative a die size smaller." if made else "no effect."),
            "000 L1461",
            inputs={"face": face, "level": level},
            change={"story_points": f.story},
        )
        if made:
            g.critical_now += found.initiative_steps
            return


# ── The group's turn ───────────────────────────────────────────────────────────────────────────


def opposes(g: Group, f: Combatant) -> bool:
    """The group and the Fighter fight each other: they are on different sides (a group with none fights all)."""
    return g.side is None or g.side != f.side


def foes(ctx: Turn, g: Group) -> list[Combatant]:
    return [f for f in ctx.fighters.values() if f.active and opposes(g, f)]


def nearest(ctx: Turn, g: Group) -> Combatant | None:
    fighters = foes(ctx, g)
    return min(fighters, key=lambda f: g.ranges[f.id]) if fighters else None


def choice(value: DecisionValue, text: str, fs: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=fs, control=0, text=text, can_hit=None)


def report_setting_gaps(ctx: Turn) -> None:
    """Both turns with Thugs play a Band Map (a band per group, 000 L6664, L7106) and Fighters on opposing sides
    (000 L6646, L7074). With no map those Fighters need the Range between them (000 L5605): a Dramatic turn moves
    and knocks back along it."""
    mixed = len({f.side for f in ctx.fighters.values()}) > 1
    mapped = ctx.band_mode or ctx.grid_mode
    if mixed and not mapped and ctx.range is None and ctx.opts.subsystem is not Subsystem.thug_thrashing:
        ctx.fail("STATE_RANGE_OUT_OF_RANGE", "fight.positioning.range", "Fighters on opposing sides need their Range.")


def check_start(ctx: Turn, groups: list[Group]) -> None:
    """A turn with Thugs starts with a group, somebody standing on each side, and time left."""
    if not groups:
        ctx.fail("THUG_STATE_INVALID", "fight.thugs", "A turn with Thugs needs at least one Thug group.")
    if over(ctx, groups):
        ctx.fail("ROUND_ALREADY_OVER", "fight", "Every Thug group or every Fighter is already defeated.")
    if ctx.opts.time_limit and ctx.time_count <= 0:
        ctx.fail("ROUND_ALREADY_OVER", "fight.time_count", "The Time Count has run out.")


def over(ctx: Turn, groups: list[Group]) -> bool:
    """Nobody left to fight: no live group with a live Fighter against it, and no two live Fighters on opposing
    sides (with one side of Fighters: every Thug taken out, or every Fighter down)."""
    fighters = [f for f in ctx.fighters.values() if f.active]
    if any(g.members and any(opposes(g, f) for f in fighters) for g in groups):
        return False
    return len({f.side for f in fighters}) < 2
