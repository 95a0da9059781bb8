"""The working state of one turn: mutable copies of the request's fighters and fight, the log, the dice and the
decisions. Everything a step changes goes through here, so the answer is built from one place.

Control flow: a missing decision or die is gathered and ends the turn with :class:`Stop`, a broken rule raises
:class:`Invalid`; the entry point catches both and answers with the request's own state (the client adds the
decision and sends it again).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NoReturn, Protocol

from ....core.construct import built
from ....core.dice import MAX_DICE, seeded_face
from ....core.findings import Severity
from ....core.protocol.models import DieNeeded, RollRecord
from ....core.references import ref_of
from ....dice import Die
from ...declared import DECLARED
from ..contract.codes import CODES
from ..contract.models import (
    ActionType,
    Asked,
    Choice,
    CombatOptions,
    DecisionValue,
    Event,
    Finding,
    GloryAward,
    LogStep,
    RollSource,
    ThugGroupState,
    TurnRequest,
    Unsupported,
)
from ..protocol import events
from ..protocol.choices import complete, normalise, refusal
from ..protocol.events import Snapshot, Square
from ..protocol.halts import Halt as Halt
from ..protocol.halts import Invalid as Invalid
from ..protocol.halts import RoundOver as RoundOver
from ..protocol.halts import Stop as Stop
from ..protocol.keys import NO_SCOPE, Scope, qualifier
from ..protocol.paths import request_path
from ..protocol.wording import neutral
from .action import Attack, Guard, Outcome, Plan
from .combatant import Combatant


def die_for_step(step: int) -> Die:
    """Digest §0 steps (1d6 = 0) onto the ladder of ``service.rules.dice`` (1d6 = index 3)."""
    return Die(max(0, 3 + step))


class Spine(Protocol):
    """The steps of the turn that a rule element may start itself: an attack of its own (D–F) and its outcome
    after a miss, or a fighter's place in the order (B–G). The resolver provides them, so the elements never
    import the steps that call them."""

    def resolve(self, ctx: Turn, atk: Attack) -> Outcome: ...

    def miss(self, ctx: Turn, atk: Attack, guard: Guard) -> Outcome: ...

    def slot(self, ctx: Turn, f: Combatant, point: str = "action") -> None: ...

    def utility(self, ctx: Turn, f: Combatant, plan: Plan) -> None: ...


Decider = Callable[[Asked], DecisionValue | None]


@dataclass(slots=True)
class Turn:
    req: TurnRequest
    opts: CombatOptions
    turn: int
    fighters: dict[str, Combatant]
    order: list[str]  # request order (stable tie-breaks)
    range: int | None  # mode range
    bands: dict[str, int]  # mode band
    band_mode: bool
    time_count: int
    first_hit_awarded: bool
    prev_leader: str | None
    prev_leader_hit: bool
    spine: Spine  # the turn's steps a rule element may start itself (``resolver``)
    log: list[LogStep] = field(default_factory=list)
    rolls: list[RollRecord] = field(default_factory=list)
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)
    unsupported_seen: set[tuple[str, str]] = field(default_factory=set)
    glory: list[GloryAward] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    used_decisions: set[str] = field(default_factory=set)
    used_rolls: set[str] = field(default_factory=set)
    leader: str | None = None
    last_mover: dict[str, int] = field(default_factory=dict)  # band mode: direction of each fighter's last move
    round_over: bool = False
    start_time: int = 0  # the Time Count at the start of the turn
    hazards: list = field(default_factory=list)  # hazards.Hazard: the Environmental Hazards in play
    # A simultaneous exchange under way: what its hits do to the fighters waits for its end (None: no exchange)
    exchange: list[Callable[[], None]] | None = None
    # Looking ahead past missing dice (players' own dice, no seed): the dice and decisions to ask for at once
    needed: list[DieNeeded] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)
    marks: tuple[int, int, int, int, int, int] | None = None  # log, rolls, glory, warnings, violations, events
    # typed events (events.py): what the answer shows as of the last log step
    events: list[Event] = field(default_factory=list)
    snaps: dict[str, Snapshot] | None = None
    snap_pos: tuple[int | None, dict[str, int]] = (None, {})
    snap_glory: int = 0
    snap_defender: str | None = None
    one_opponent: dict[str, bool] = field(default_factory=dict)
    scope: Scope = NO_SCOPE  # what keys are about right now (keys.py): set by the turn's spine, not the elements
    move: int = 1  # the Combo's move whose damage is being rolled (keys.py ``#n``)
    # In-process callers only (the simulator): answers a pending decision on the spot instead of ending the turn
    # with it, as if the same value had been sent in ``decisions``; None leaves it pending.
    decider: Decider | None = None
    # In-process callers that read only figures (the simulator): log steps and asked decisions keep no text.
    quiet: bool = False
    # Thug Thrashing (thug_turn.py): the groups as the answer states them; None in any other combat system
    thug_state: list[ThugGroupState] | None = None
    thug_bands: dict[str, int] = field(default_factory=dict)  # Thug groups' bands on a Band Map (thug_thrashing)
    thug_squares: dict[str, Square] = field(default_factory=dict)  # Thug groups' squares on a Battle Grid
    # Battle Grid (mode grid, elements/grid.py): each fighter's square (col, row), None once off the grid (000 L5678)
    grid_mode: bool = False
    squares: dict[str, Square | None] = field(default_factory=dict)
    grid_step: dict[str, Square] = field(default_factory=dict)  # the direction of each fighter's last step
    snap_squares: dict[str, Square | None] = field(default_factory=dict)
    keep_names: tuple[str, ...] = ()  # names the neutral-wording pass leaves alone (wording.names_to_keep)
    ask_every: bool = False  # the request's ask_every_decision (or the older options.ask_every_decision)

    def after_exchange(self, effect: Callable[[], None]) -> None:
        """What a hit does to its victim, now, or at the end of the simultaneous exchange under way: simultaneous
        attacks and their results happen together, so no hit of the exchange Hit-Stuns, Stuns or Knocks Down a
        fighter before the others' attacks are resolved (000 L5518, L5575)."""
        if self.exchange is None:
            effect()
        else:
            self.exchange.append(effect)

    # ── keys ───────────────────────────────────────────────────────────────────────────────────────

    def key(self, fid: str, point: str) -> str:
        """The key of ``fid``'s ``point`` (grammar in ``keys.py``): bare the first time the point comes up for the
        fighter this turn, then named by what it is about, with ``.n`` only when even that repeats."""
        counters = self.counters
        base = f"T{self.turn}.{fid}.{point}"
        if base in counters and (self.scope is not NO_SCOPE or self.move > 1):
            base += qualifier(fid, self.scope, self.move, self._one_opponent(fid))
        n = counters.get(base, 0) + 1
        counters[base] = n
        return base if n == 1 else f"{base}.{n}"

    def peek_key(self, fid: str, point: str) -> str:
        """The key ``key`` would give now, without taking it."""
        base = f"T{self.turn}.{fid}.{point}"
        if base in self.counters and (self.scope is not NO_SCOPE or self.move > 1):
            base += qualifier(fid, self.scope, self.move, self._one_opponent(fid))
        n = self.counters.get(base, 0) + 1
        return base if n == 1 else f"{base}.{n}"

    def _one_opponent(self, fid: str) -> bool:
        """A single fighter of the request on another side: ``@other`` would say nothing."""
        one = self.one_opponent.get(fid)
        if one is None:
            sides = self.req.fight.sides
            mine = sides.get(fid, fid)
            one = self.one_opponent[fid] = sum(1 for c in self.req.fighters if sides.get(c.id, c.id) != mine) <= 1
        return one

    @contextmanager
    def scoped(self, scope: Scope) -> Iterator[None]:
        """Keys built inside are about ``scope`` (an attack, a held fighter's window)."""
        saved, saved_move = self.scope, self.move
        self.scope, self.move = scope, 1
        try:
            yield
        finally:
            self.scope, self.move = saved, saved_move

    def supplied(self, key: str) -> bool:
        """The request answers ``key`` (in `decisions` or `if_asked`)."""
        return key in self.req.decisions or key in self.req.if_asked

    # ── decisions ─────────────────────────────────────────────────────────────────────────────────

    def decide(
        self,
        fid: str,
        point: str,
        label: str,
        text: str,
        default: DecisionValue | None,
        choices: list | Callable[[], list] | None = None,
    ) -> tuple[str, DecisionValue]:
        """The decision at ``point``: the request's, else the default, else pending. ``choices`` may be a function
        that lists them, called only when the decision is pending."""
        key = self.key(fid, point)
        value = self.req.decisions.get(key) or self.req.if_asked.get(key)
        if value is not None:
            self.used_decisions.add(key)
            value = normalise(value)
            why = refusal(point, default, value) if not choices else None
            if why is not None:  # a value the point cannot read is refused, never dropped (issue 31)
                self.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: {why}", key=key)
            return key, value
        if default is not None and not self.ask_every:
            return key, normalise(default)
        listed = complete(point, default, (choices() if callable(choices) else choices) or [], self.fighters.get(fid))
        pending = built(
            Asked,
            dict(
                key=key,
                fighter=fid,
                point=point,
                step=label,
                text="" if self.quiet else neutral(text, self.keep_names),
                default=normalise(default) if default is not None else None,
                choices=listed,
                provisional=bool(self.needed),
            ),
        )
        if self.decider is not None and not self.needed:
            chosen = self.decider(pending)
            if chosen is not None:
                return key, normalise(chosen)
        return key, self._ask(pending)

    def mark(self) -> None:
        """Where looking ahead begins: nothing logged after it reaches the answer."""
        if self.marks is None:
            self.marks = (
                len(self.log),
                len(self.rolls),
                len(self.glory),
                len(self.warnings),
                len(self.violations),
                len(self.events),
            )

    def _ask(self, pending: Asked) -> DecisionValue:
        """Ask for ``pending``, gathering what else can be asked in the same answer: past missing dice, decisions
        go on with their default or a stand-in answer (doing nothing when that is offered); with
        ``ask_every_decision``, decisions of other fighters that come before any die go on with their default
        (both fighters' Initiative FS, for example). Anything else ends the gathering."""
        if self.needed and len(self.asked) < 40:
            self.asked.append(pending)
            if pending.default is not None:
                return pending.default
            stand_in = next((c.value for c in pending.choices if c.value.action is ActionType.none), None)
            if stand_in is None and pending.choices:
                stand_in = pending.choices[0].value
            if stand_in is None:
                raise Stop(pending.key)
            return stand_in
        if (
            not self.needed
            and self.ask_every
            and pending.default is not None
            and all(p.fighter != pending.fighter for p in self.asked)
            and len(self.asked) < 40
        ):
            self.mark()
            self.asked.append(pending)
            return pending.default
        self.asked.append(pending)
        raise Stop(pending.key)

    # ── dice ──────────────────────────────────────────────────────────────────────────────────────

    def roll(self, fid: str, kind: str, d: Die, purpose: str, label: str) -> int:
        """Roll ``d`` (its flat bonus above 1d12 included). A fixed 1 is not rolled."""
        if d.sides == 0:
            return 1
        key = self.key(fid, kind)
        if self.asked and not self.needed:
            raise Stop(key)  # decisions gathered before any die: ask them first (the die may depend on them)
        if len(self.rolls) >= MAX_DICE:
            self.fail("TOO_MANY_DICE", "rolls", f"{key}: more than {MAX_DICE} dice in one turn.", key=key)
        given = self.req.rolls.get(key) if self.req.rolls else None
        if given is not None:
            self.used_rolls.add(key)
            if not 1 <= given <= d.sides:
                self.fail(
                    "DIE_VALUE_OUT_OF_RANGE",
                    f"rolls.{key}",
                    f"{key}: {given} is not a result of a d{d.sides} ({purpose}).",
                    key=key,
                )
            face, source = given, RollSource.given
        elif self.req.seed is not None:
            face, source = seeded_face(self.req.seed, key, d.sides), RollSource.seed  # the one keyed dice source
        else:
            return self._missing(key, fid, d, purpose, label)
        values = {"key": key, "die": str(d), "result": face, "purpose": purpose, "source": source}
        self.rolls.append(built(RollRecord, values))
        return face + d.bonus

    def _missing(self, key: str, fid: str, d: Die, purpose: str, label: str) -> int:
        """A die the players still have to roll: named, and the turn goes on with a stand-in result to find the
        dice that follow (up to the next decision). Nothing seen with stand-ins reaches the answer."""
        self.mark()
        self.needed.append(
            DieNeeded.model_construct(
                key=key,
                fighter=fid,
                die=f"1d{d.sides}",  # what the table rolls: the ladder's flat bonus above 1d12 is added here
                purpose=f"{purpose} (+{d.bonus})" if d.bonus else purpose,
                step=label,
                provisional=bool(self.needed),
            )
        )
        if len(self.needed) >= 200:
            raise Stop(key)
        digest = hashlib.blake2b(f"stand-in|{key}".encode(), digest_size=8).digest()
        return 1 + int.from_bytes(digest, "big") % d.sides + d.bonus

    def skip_roll(self, fid: str, kind: str) -> None:
        """A roll whose outcome cannot matter (000 L6331): its key is taken, a supplied value ignored."""
        key = self.key(fid, kind)
        if self.req.rolls and key in self.req.rolls:
            self.used_rolls.add(key)
            self.warn("ROLL_NOT_USED", f"rolls.{key}", f"{key}: the result could not matter and was not used.", key=key)

    # ── findings and log ─────────────────────────────────────────────────────────────────────────

    def fail(self, code: str, path: str, message: str, key: str | None = None, ref: str | None = None) -> NoReturn:
        self.violations.append(self._finding(Severity.error, code, path, message, key, ref))
        raise Invalid(code)

    def warn(self, code: str, path: str, message: str, key: str | None = None, ref: str | None = None) -> None:
        self.warnings.append(self._finding(Severity.warning, code, path, message, key, ref))

    def _finding(
        self, severity: Severity, code: str, path: str, message: str, key: str | None, ref: str | None
    ) -> Finding:
        return built(
            Finding,
            dict(
                code=code,
                severity=severity,
                path=self.request_path(path, key),
                key=key,
                message=neutral(message, self.keep_names),
                ref=ref_of(ref or CODES[code].ref),
            ),
        )

    def unsupported_rule(self, ident: str, path: str, reason: str) -> None:
        if (ident, path) in self.unsupported_seen:
            return
        self.unsupported_seen.add((ident, path))
        where = self.request_path(path)
        DECLARED.check(ident, where)  # every id reported is declared in data/coverage/declarations.yaml
        self.unsupported.append(Unsupported.model_construct(id=ident, path=where, reason=reason))

    def request_path(self, path: str, key: str | None = None) -> str:
        """A path as the rules build it, in the notation of every finding (``request_paths``)."""
        known = (key, *self.req.decisions, *(self.req.rolls or ()))
        return request_path(path, key, known, {fid: f.index for fid, f in self.fighters.items()})

    def note(
        self,
        label: str,
        actor: str | None,
        text: str,
        ref: str,
        inputs: dict | None = None,
        change: dict | None = None,
        figures: dict[str, int] | None = None,
    ) -> None:
        """A log step; ``figures``: numbers its text prints that ``inputs`` and ``change`` do not hold (its events
        carry them)."""
        step = built(
            LogStep,
            {
                "step": len(self.log) + 1,
                "label": label,
                "actor": actor,
                "inputs": inputs or {},
                "ref": ref,
                "change": change or {},
                "text": "" if self.quiet else neutral(text, self.keep_names),
            },
        )
        self.log.append(step)
        events.after_note(self, actor, change or {}, label, inputs, figures)

    def award(self, fid: str, points: int, reason: str, ref: str, extra: bool = False) -> None:
        """Glory; ``extra`` marks the Additional Glory Awards chart (000 L826–L857), which an option turns off.
        One-on-one between different Power Levels the higher one earns × low/high (000 L806–L808)."""
        if points == 0 or (extra and not self.opts.additional_glory_awards):
            return
        f = self.fighters[fid]
        if self.opts.glory_level_ratio and len(self.fighters) == 2 and points > 0:
            low = min(o.pl for o in self.fighters.values())
            if f.pl > low:
                points = points * low // f.pl
                reason += f" (× {low}/{f.pl} against a lower Power Level)"
        f.glory_round += points
        self.glory.append(built(GloryAward, dict(fighter=fid, points=points, reason=reason, ref=ref)))

    # ── positions ────────────────────────────────────────────────────────────────────────────────

    def opponents(self, f: Combatant) -> list[Combatant]:
        return [o for i in self.order if (o := self.fighters[i]).side != f.side and o.active]

    def distance(self, a: Combatant, b: Combatant) -> int:
        if self.grid_mode:  # the Battle Grid: diagonal steps count 1; off the grid is Range 5 (000 L5676, L5678)
            sa, sb = self.squares.get(a.id), self.squares.get(b.id)
            if sa is None or sb is None:
                return 5
            return max(abs(sa[0] - sb[0]), abs(sa[1] - sb[1]))
        if self.band_mode:
            return abs(self.bands[a.id] - self.bands[b.id])
        return self.range if self.range is not None else 3

    def sides_left(self) -> set[str]:
        return {f.side for f in self.fighters.values() if f.active}


def choice_is(value: DecisionValue, choice: Choice) -> bool:
    return value.choice is choice
