"""The round's working state: each fighter's resources and dice, the table's dice and decisions by key (read through
the core turn protocol's ``KeyedDice`` and ``Decisions``), and the log, events and findings the answer reports. A
missing die or decision halts the round (``DiePending``, ``DecisionPending``); while the look-ahead runs, the Effort
dice of pools that hang on Imbalance choices it only stood in for stop it (``Unsettled``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel

from ...core.dice import DieOutOfRange, KeyedDice, TooManyDice
from ...core.findings import Finding, map_key
from ...core.protocol.keys import KeyBook
from ...core.protocol.models import ChoiceOption, DecisionNeeded
from ...core.protocol.steps import Decisions, Refusal, jsonable
from ...core.references import ref_of
from ..codes import CODES, finding
from ..combatant.models import Chakra, ChakraState, Combatant, Imbalance
from ..combatant.sheet import advantage_weapon
from ..pack import Advantage, Pack, Weapon
from .models import (
    MAX_CHOICES,
    Act,
    Decision,
    Hold,
    Placing,
    RoundEvent,
    RoundEventKind,
    RoundRequest,
    RoundStep,
)
from .sets import Grouped

Problem = tuple[str, str] | None  # (code, message) of an illegal decision value, or None when it is legal


M = TypeVar("M", bound=BaseModel)


def built(cls: type[M], values: dict[str, Any]) -> M:
    """A model the round builds from values it has already checked, every field given: no validation pass (the
    log, events and offered values are built by the hundred in a round; ``model_construct`` costs several µs)."""
    out = _new(cls)
    _set(out, "__dict__", values)
    _set(out, "__pydantic_fields_set__", set(values))
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_private__", None)
    return out


_new, _set = object.__new__, object.__setattr__  # looked up once: built by the hundred a round


_DECISION = {n: f.get_default(call_default_factory=True) for n, f in Decision.model_fields.items() if n != "choice"}


def decision(act: Act, **fields: Any) -> Decision:
    """A decision value the round offers or defaults to (fields as the model declares them)."""
    return built(Decision, {**_DECISION, "choice": act, **fields})


class Offer(NamedTuple):
    """One legal answer the round offers: its label and its value."""

    label: str
    value: Decision


Offers = Iterable[Offer] | Callable[[], Iterable[Offer]]  # built only when the decision is asked


def choice(label: str, choice: Act, **value: Any) -> Offer:
    return Offer(label, decision(choice, **value))


class Refused(Exception):
    """The round cannot go past a declaration (its violations say which): the answer is ``invalid``."""


class Unsettled(Exception):
    """The look-ahead meets a decision whose choices hang on an earlier answer it only stood in for: one answer
    asks up to here, the next one asks the rest (its choices would not hold once the real answer is in)."""


def refusal(problem: tuple[str, str]) -> Refusal:
    """The rule's own code, its text reference and the sentence naming it."""
    code, message = problem
    return Refusal(code, message, ref_of(CODES[code].ref))


@dataclass
class Fighter:
    sheet: Combatant
    weapon: Weapon | None
    spectator: bool
    aura: int
    boxes: list[int]
    chakras: list[Chakra]
    imbalances: list[Imbalance]
    vanquished: bool
    killed: bool
    hidden: bool
    battlefield: str | None = None
    improvised: bool = False  # the weapon is a stand-in: each use of its borrowed advantage pays the surcharge
    surcharge_free: bool = False  # an object improvised with the Power skill: no surcharge (004 L99)
    focus: int = 0  # Focus Slots this round, after Mechanical Penalties
    forbids: set[str] = field(default_factory=set)  # actions the Dramatic Penalties taken forbid this round
    pool: dict[str, int] = field(default_factory=dict)  # Effort dice by key → face
    used: set[str] = field(default_factory=set)  # spent: the final bid, Sets, defences
    bid: list[str] = field(default_factory=list)
    initiative: int = 0
    prana_cap: int | None = None  # Prana spendable this round after a Chakra penalty (digest D15)
    prana_spent: int = 0
    advantage_uses: int = 0
    single_used: bool = False
    rank_zero_used: bool = False
    rank1_attacks: int = 0
    awakening: dict[str, int] = field(default_factory=dict)  # Chakra id → facing of the Set that woke it
    _grouped: tuple[int, int, Grouped] | None = field(default=None, repr=False, compare=False)

    def sets(self, total: Callable[[int, int], int]) -> Grouped:
        """The Sets of the unspent dice (``Grouped``; ``total`` the pack's), worked out once for each state of the
        dice: within a round they are rolled once and then only ever spent, so their counts tell the states apart.
        Shared: read, never changed."""
        memo = self._grouped
        if memo is None or memo[0] != len(self.pool) or memo[1] != len(self.used):
            memo = self._grouped = (len(self.pool), len(self.used), Grouped(self.free(), total))
        return memo[2]

    @property
    def id(self) -> str:
        return self.sheet.id

    @property
    def out(self) -> bool:
        return self.vanquished or self.killed

    def free(self) -> dict[str, int]:
        return {k: v for k, v in self.pool.items() if k not in self.used}

    def prana(self) -> int:
        return sum(c.prana for c in self.chakras if c.state is ChakraState.awakened)

    def spendable(self) -> int:
        cap = self.prana() if self.prana_cap is None else min(self.prana(), self.prana_cap - self.prana_spent)
        return max(0, cap)

    def spend_prana(self, amount: int) -> None:
        """Takes Prana from the awakened Chakras in sheet order (ruling: the text does not say which pays)."""
        self.prana_spent += amount
        for i, c in enumerate(self.chakras):
            if amount == 0:
                break
            if c.state is ChakraState.awakened and c.prana:
                take = min(c.prana, amount)
                self.chakras[i] = c.model_copy(update={"prana": c.prana - take})
                amount -= take

    def state(self) -> Combatant:
        return self.sheet.model_copy(
            update={
                "aura": self.aura,
                "health_boxes": list(self.boxes),
                "chakras": list(self.chakras),
                "imbalances": list(self.imbalances),
                "vanquished": self.vanquished,
                "killed": self.killed,
                "hidden": self.hidden,
                "battlefield": self.battlefield,
            }
        )


def new_fighter(sheet: Combatant, pack: Pack, spectator: bool) -> Fighter:
    carried = pack.weapon_of(sheet.weapon_type)
    improvised = carried is not None and carried.advantage is Advantage.improvised
    return Fighter(
        battlefield=sheet.battlefield,
        improvised=improvised,
        surcharge_free=improvised and sheet.weapon is not None and sheet.weapon.power,
        focus=sheet.focus_slots,
        sheet=sheet,
        weapon=advantage_weapon(sheet, pack),
        spectator=spectator,
        aura=sheet.aura,
        boxes=list(sheet.health_boxes),
        chakras=list(sheet.chakras),
        imbalances=list(sheet.imbalances),
        vanquished=sheet.vanquished,
        killed=sheet.killed,
        hidden=sheet.hidden,
    )


class Scored(Protocol):
    """What a ``best`` score reads of a candidate: its Effort dice and whether it uses the weapon's advantage (an
    offered value, or a lighter stand-in for one that is built only if it wins)."""

    @property
    def dice(self) -> Sequence[str]: ...
    @property
    def advantage(self) -> bool: ...


class Probe(NamedTuple):
    """A candidate as a ``best`` score reads it, before its value is built."""

    dice: tuple[str, ...]
    advantage: bool = False


Score = Callable[[Scored], Any]
Ranked = Callable[[Act, Score], "Decision | None"]


class Asked:
    """A decision the round would ask for, as an in-process decider sees it: the offered values themselves, in the
    order ``choices`` would list them (``offers``, listed when first read), and the default (``key``, ``point`` and
    ``fighter`` as in ``DecisionNeeded``); ``faces``: the deciding fighter's Effort dice, key → face. Where the point
    has the round's own search (``searched``), ``best(act, score)`` is the offer of ``act`` of highest ``score``
    (which reads a value's dice and advantage only), the first listed of equals (None: none of that act), as
    ``offers`` would give it, with only as many candidates checked as it takes."""

    __slots__ = (
        "_check",
        "_listed",
        "_ranked",
        "_source",
        "_vetted",
        "_vouched",
        "default",
        "faces",
        "fighter",
        "key",
        "point",
        "searched",
    )

    def __init__(
        self,
        key: str,
        point: str,
        fighter: str,
        offers: Offers,
        default: Decision | None,
        check: Callable[[Decision], Problem],
        vetted: bool,
        best: Ranked | None,
        faces: Mapping[str, int],
    ) -> None:
        self.key, self.point, self.fighter, self.default, self.faces = key, point, fighter, default, faces
        self._source, self._check, self._vetted, self._ranked = offers, check, vetted, best
        self.searched = best is not None  # the point has ``best`` (else its offers must be listed)
        self._listed: list[Decision] | None = None
        self._vouched: list[Decision] = []  # what ``best`` gave: checked as it was found

    @property
    def offers(self) -> list[Decision]:
        if self._listed is None:
            source = self._source
            self._listed = [o.value for o in list(source() if callable(source) else source)[:MAX_CHOICES]]
        return self._listed

    def best(self, act: Act, score: Score) -> Decision | None:
        """The offer of ``act`` of highest ``score`` (None: none of that act, or no search here: ``searched``)."""
        found = self._ranked(act, score) if self._ranked is not None else None
        if found is not None:
            self._vouched.append(found)
        return found

    def view(self) -> Asked:
        return self

    def judged(self, value: Decision) -> Refusal | None:
        """The decider's answer read as if the request had sent it. Unchecked: the point's default (the core takes a
        default unasked without a check), and, ``vetted``, an offer listed or found by ``best`` (``check`` passed it
        as it was built)."""
        if value is self.default:
            return None
        if self._vetted:
            for v in self._vouched:
                if value is v:
                    return None
            for o in self._listed or ():
                if value is o:
                    return None
        return _refused(self._check(value))


@dataclass
class Round:
    request: RoundRequest
    pack: Pack
    fighters: dict[str, Fighter]
    order: list[str]  # bidding order (the request's), then the Initiative order once bids are in
    holds: list[Hold]
    death_token: bool
    dice: KeyedDice
    decisions: Decisions
    book: KeyBook
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    info: list[Finding] = field(default_factory=list)
    placings: list[Placing] = field(default_factory=list)  # the turns in the order they were taken
    waiting: list[Fighter] = field(default_factory=list)  # those still to take their turn, in their order now
    adjacent: dict[str, set[str]] = field(default_factory=dict)  # Battlefield → the ones next to it
    cover: set[str] = field(default_factory=set)  # Battlefields with cover
    log: list[RoundStep] = field(default_factory=list)
    events: list[RoundEvent] = field(default_factory=list)
    out: list[str] = field(default_factory=list)  # who went out this round, in order
    stopped: bool = False  # nobody kept up the violence at the end of the round
    acting: str = ""  # the key of the action being carried out

    def key(self, fighter: str, point: str, *, other: str | None = None, move: int = 1) -> str:
        """The point's key in the one grammar: bare the first time, then named by what it is about."""
        return self.book.key(fighter, point, other=other, move=move)

    def say(self, label: str, actor: str | None, text: str, ref: str) -> int:
        step = len(self.log) + 1
        self.log.append(built(RoundStep, {"step": step, "label": label, "actor": actor, "text": text, "ref": ref}))
        return step

    def event(
        self,
        kind: RoundEventKind,
        fighter: str | None,
        other: str | None = None,
        amount: int | None = None,
        value: int | None = None,
        figures: dict[str, int] | None = None,
        **named: int,
    ) -> None:
        """An event at the log's last entry; ``figures`` (and ``named``) every number behind it."""
        values = dict(  # the event's fields, by name
            step=len(self.log),
            kind=kind,
            fighter=fighter,
            other=other,
            amount=amount,
            value=value,
            figures={**(figures or {}), **named},
        )
        self.events.append(built(RoundEvent, values))

    def gone(self, f: Fighter) -> None:
        """``f`` is out of the fight (Vanquished or killed): noted once, in order."""
        if f.id not in self.out:
            self.out.append(f.id)

    def needs_book(self, topic: str, path: str, text: str) -> None:
        """A note (once per topic): what the core rulebook the chapter refers to would decide here."""
        if all(not (n.code == "NEEDS_CORE_RULEBOOK" and n.message.startswith(topic)) for n in self.info):
            self.info.append(finding("NEEDS_CORE_RULEBOOK", path, f"{topic}: {text}"))

    def roll(self, key: str, purpose: str) -> int:
        """The face of die ``key`` (``DiePending`` when nobody rolled it; a face off the die refuses the round)."""
        sides = self.pack.die_sides.value
        try:
            return self.dice.roll(key, sides, purpose)
        except DieOutOfRange as exc:
            text = f"{exc.face} is not a face of a d{sides}."
            self.violations.append(finding("ROLL_INVALID", f"rolls{map_key(key)}", text, key))
        except TooManyDice as exc:
            self.violations.append(finding("DICE_INVALID", "rolls", str(exc), key))
        raise Refused

    def speculating(self) -> bool:
        """The look-ahead has stood in for a die or a decision already."""
        ahead = self.decisions.ahead
        return ahead is not None and ahead.speculative

    def decide(
        self,
        key: str,
        point: str,
        fighter: str,
        offers: Offers,
        default: Decision | None,
        check: Callable[[Decision], Problem],
        *,
        step: str,
        text: str,
        stand_in: Decision | None = None,
        vetted: bool = False,
        best: Ranked | None = None,
    ) -> Decision:
        """The decision at ``key`` through the core's ``Decisions.decide``: the one sent (refused, naming the rule,
        when ``check`` finds it illegal; one given ahead in ``if_asked`` is set aside by the core, with a warning,
        for the default or first choice), else the default, else the step halts (or the look-ahead stands in).
        ``vetted``: the offers are only values ``check`` passes (the in-process decider's pick of one is not checked
        twice)."""
        req = self.request
        given = req.decisions.get(key)
        if given is None:
            given = req.if_asked.get(key)
        asked = given is None and (default is None or req.ask_every_decision)
        ahead_of_time = given is not None and key not in req.decisions  # from if_asked: may be set aside
        if asked and self.decisions.decider is not None:  # the core hook: read as if the request had sent it
            # the in-process decider's answer (``Decisions.consult``), its view's offers listed only when it reads
            # them; ``vetted``: an offer listed, or found by ``best``, passed ``check`` as it was (no second pass)
            who = self.fighters.get(fighter)
            view = Asked(key, point, fighter, offers, default, check, vetted, best, {} if who is None else who.pool)
            got: Decision | None = self.decisions.consult(key, default is not None, view.view, view.judged)
            if got is not None:
                return got
        listed = list(offers() if callable(offers) else offers)[:MAX_CHOICES] if asked or ahead_of_time else []
        needed = built(
            DecisionNeeded,
            {
                "key": key,
                "fighter": fighter,
                "point": point,
                "step": step,
                "text": text,
                "choices": [built(ChoiceOption, _option(o)) for o in listed],
                "default": None if default is None else jsonable(default),
                "provisional": False,
            },
        )
        if given is not None:
            legal = given

            def judged(_value: object) -> Refusal | None:
                problem = check(legal)
                return None if problem is None else refusal(problem)

            aside = len(self.decisions.warnings)
            self.decisions.decide(needed, judged)
            if len(self.decisions.warnings) > aside:  # given ahead, no longer legal: the core took the default
                return default if default is not None else listed[0].value
            return given
        picked = self.decisions.decide(needed, stand_in=None if stand_in is None else jsonable(stand_in))
        if default is None and stand_in is not None and picked == jsonable(stand_in):
            return stand_in  # the look-ahead went on with it
        return default if default is not None else listed[0].value


def _refused(problem: Problem) -> Refusal | None:
    return None if problem is None else refusal(problem)


def _option(o: Offer) -> dict[str, Any]:
    return {"value": jsonable(o.value), "text": o.label, "costs": {}, "can_hit": None}
