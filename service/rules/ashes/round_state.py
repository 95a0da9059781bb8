"""The round's working state: each fighter's resources and dice, the table's dice and decisions by key, and the
log, events and findings the answer reports. A point whose die or decision is missing stops the round (``Pending``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from ..core.dice import DieOutOfRange, DiePending, KeyedDice, TooManyDice
from ..core.findings import Finding, Unsupported, map_key
from .codes import finding
from .combatant import Chakra, ChakraState, Combatant, Imbalance
from .pack import Advantage, Pack, Weapon
from .round_models import (
    MAX_CHOICES,
    Act,
    Decision,
    DecisionChoice,
    Hold,
    Placing,
    RoundDecision,
    RoundDie,
    RoundEvent,
    RoundEventKind,
    RoundRequest,
    RoundStep,
)
from .sheet import advantage_weapon

Problem = tuple[str, str] | None  # (code, message) of an illegal decision value, or None when it is legal
Offers = Iterable[DecisionChoice] | Callable[[], Iterable[DecisionChoice]]  # built only when the decision is asked


M = TypeVar("M", bound=BaseModel)


def built(cls: type[M], values: dict[str, Any]) -> M:
    """A model the round builds from values it has already checked, every field given: no validation pass (the
    log, events and offered values are built by the hundred in a round; ``model_construct`` costs several µs)."""
    out = cls.__new__(cls)
    object.__setattr__(out, "__dict__", values)
    object.__setattr__(out, "__pydantic_fields_set__", set(values))
    object.__setattr__(out, "__pydantic_extra__", None)
    object.__setattr__(out, "__pydantic_private__", None)
    return out


_DECISION = {n: f.get_default(call_default_factory=True) for n, f in Decision.model_fields.items() if n != "choice"}


def decision(act: Act, **fields: Any) -> Decision:
    """A decision value the round offers or defaults to (fields as the model declares them)."""
    return built(Decision, {**_DECISION, "choice": act, **fields})


class Pending(Exception):
    """The round stops here: these dice and decisions must come first."""

    def __init__(self, dice: list[RoundDie], decisions: list[RoundDecision]) -> None:
        super().__init__("pending")
        self.dice, self.decisions = dice, decisions


class Refused(Exception):
    """The round cannot go past a declaration (its violations say which): the answer is ``invalid``."""


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
    carried = pack.weapon_by_id.get(sheet.weapon_type)
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


@dataclass
class Round:
    request: RoundRequest
    pack: Pack
    fighters: dict[str, Fighter]
    order: list[str]  # bidding order (the request's), then the Initiative order once bids are in
    holds: list[Hold]
    death_token: bool
    dice: KeyedDice
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    info: list[Finding] = field(default_factory=list)
    placings: list[Placing] = field(default_factory=list)  # the turns in the order they were taken
    adjacent: dict[str, set[str]] = field(default_factory=dict)  # Battlefield → the ones next to it
    cover: set[str] = field(default_factory=set)  # Battlefields with cover
    unsupported: dict[str, Unsupported] = field(default_factory=dict)
    log: list[RoundStep] = field(default_factory=list)
    events: list[RoundEvent] = field(default_factory=list)
    asked: set[str] = field(default_factory=set)
    combat_over: bool = False

    @property
    def prefix(self) -> str:
        return f"R{self.request.round}"

    def key(self, fighter: str, point: str, *more: str | int) -> str:
        return ".".join([self.prefix, fighter, point, *map(str, more)])

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
    ) -> None:
        step = len(self.log)
        values = {"step": step, "kind": kind, "fighter": fighter, "other": other, "amount": amount, "value": value}
        self.events.append(built(RoundEvent, values))

    def needs_book(self, topic: str, path: str, text: str) -> None:
        """A note (once per topic): what the core rulebook the chapter refers to would decide here."""
        if all(not (n.code == "NEEDS_CORE_RULEBOOK" and n.message.startswith(topic)) for n in self.info):
            self.info.append(finding("NEEDS_CORE_RULEBOOK", path, f"{topic}: {text}"))

    def roll(self, key: str, purpose: str, missing: list[RoundDie]) -> int | None:
        """The face of die ``key``, or None with the die added to ``missing``."""
        sides = self.pack.die_sides.value
        try:
            return self.dice.roll(key, sides, purpose)
        except DiePending:
            pass
        except DieOutOfRange as exc:
            self.violations.append(
                finding("ROLL_INVALID", f"rolls{map_key(key)}", f"{exc.face} is not a face of a d{sides}.", key)
            )
        except TooManyDice:
            pass
        missing.append(RoundDie(key=key, die=f"1d{sides}", purpose=purpose))
        return None

    def decide(
        self,
        key: str,
        kind: str,
        fighter: str,
        choices: Offers,
        default: Decision | None,
        check: Callable[[Decision], Problem],
    ) -> Decision | RoundDecision:
        """The decision sent under ``key`` when it is legal; else the default when there is one (and the request
        does not ask every decision); else the pending decision to ask (after a violation naming an illegal one)."""
        self.asked.add(key)
        value = self.request.decisions.get(key)
        if value is not None:
            problem = check(value)
            if problem is None:
                return value
            self.violations.append(finding(problem[0], f"decisions{map_key(key)}", problem[1], key))
        elif default is not None and not self.request.ask_every_decision:
            return default
        listed = list(choices() if callable(choices) else choices)[:MAX_CHOICES]
        return RoundDecision(key=key, kind=kind, fighter=fighter, choices=listed, default=default)

    def decide_now(
        self,
        key: str,
        kind: str,
        fighter: str,
        choices: Offers,
        default: Decision | None,
        check: Callable[[Decision], Problem],
    ) -> Decision:
        """``decide``, stopping the round when the decision is still needed."""
        out = self.decide(key, kind, fighter, choices, default, check)
        if isinstance(out, RoundDecision):
            raise Pending([], [out])
        return out


def choice(label: str, choice: Act, **value: Any) -> DecisionChoice:
    return built(DecisionChoice, {"value": decision(choice, **value), "label": label})
