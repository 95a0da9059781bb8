"""The rule-element registry: what a catalogue entry or an ongoing effect does in combat, as handler classes with
explicit hook methods that the turn's steps call at named points.

A procedural rule element subclasses :class:`Element`, names the ongoing-effect ids (``effects``) and catalogue
entry ids (``entries``) it answers for, overrides the hooks it needs and is registered with :func:`register`. The
steps of the turn never name a feature module: they ask the registry (``restore`` and ``link`` when a request's
ongoing effects are loaded, ``tick`` at H.3 when Time Counts run down, ``fold`` when a fighter's profile is
rebuilt, ``commands`` when a sheet's profile is built). ``registered`` imports every module that registers one.

Hooks are looked up by id (data), in a fixed order where several answer (``order``), so the same request gives the
same answer whatever was imported first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from ...fighters.fighter_models import Fighter
from ..contract.models import CombatOptions, DecisionValue, DefenseOption, OngoingEffect, ResponseKind
from ..state import entry_tables
from ..state.action import Attack, DamageRoll
from ..state.combatant import Combatant, Effect
from ..state.entry_tables import tabled_entries, tables
from ..state.profile import MoveProfile, Profile
from ..state.turn import Turn


class Element:
    """A procedural rule element. The defaults do nothing, so a subclass overrides only the hooks it uses."""

    effects: ClassVar[frozenset[str]] = frozenset()  # ongoing-effect ids it restores and runs down
    entries: ClassVar[frozenset[str]] = frozenset()  # catalogue entry ids whose combat effect it applies
    order: ClassVar[int] = 100  # its place among the elements that fold a profile or add Command Moves

    def restore(self, ctx: Turn, f: Combatant, path: str, eff: OngoingEffect) -> None:
        """One of its ongoing effects, as the request carries it: checked and put on the fighter."""
        f.ongoing.append(carried(eff))

    def link(self, ctx: Turn, f: Combatant, path: str, e: Effect) -> None:
        """Once every fighter is in: complete an effect that names another fighter."""

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        """H.3: what is left of ``e`` after the Time Roll (``elapsed``), or None for the common Time Count rules."""
        return None

    def fold(self, prof: Profile, f: Combatant) -> Profile:
        """The fighter's profile with what this element changes while it lasts."""
        return prof

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        """Command Moves the element gives a sheet that has it."""
        return {}

    def built(self, prof: Profile, sheet: Fighter) -> Profile:
        """The profile just built from ``sheet``, with what the element reads from the sheet itself."""
        return prof


_ELEMENTS: list[Element] = []
_REGISTERED = [0]  # how many registrations have been made (a cheap key for what is derived from the registry)
_TURN_ENTRIES: set[str] = set()  # catalogue entries the turn's hooks apply
_BY_EFFECT: dict[str, Element] = {}


E = TypeVar("E", bound=type[Element])


def register(cls: E) -> E:
    """Class decorator: one instance of ``cls`` answers for its ids from now on."""
    element = cls()
    _REGISTERED[0] += 1
    for ident in cls.effects:
        if ident in _BY_EFFECT:
            raise ValueError(f"ongoing effect {ident!r} has two elements")
        _BY_EFFECT[ident] = element
    _ELEMENTS.append(element)
    _ELEMENTS.sort(key=lambda e: (e.order, type(e).__name__))
    return cls


def for_effect(ident: str) -> Element | None:
    return _BY_EFFECT.get(ident)


def handled_effects() -> frozenset[str]:
    """Every ongoing-effect id an element answers for."""
    return frozenset(_BY_EFFECT)


def handled_entries() -> frozenset[str]:
    """Every catalogue entry id a registered element, a hook at a named point of the attack or an entry table
    (``entry_tables``) applies."""
    in_attack = (ident for point in ATTACK_POINTS for ident in point.entries)
    in_turn = frozenset(_TURN_ENTRIES)
    return (
        frozenset(ident for e in _ELEMENTS for ident in e.entries) | frozenset(in_attack) | in_turn | tabled_entries()
    )


def generation() -> int:
    """Grows with every registration that can name entries: a cheap key for what is derived from the registry."""
    return _REGISTERED[0] + entry_tables.count()


def applying() -> dict[str, frozenset[str]]:
    """For every entry the registry applies, where: its elements' class names, the named points of the attack, the
    entry tables (``table:<point>``) and ``turn`` for the turn's own hooks."""
    out: dict[str, set[str]] = {}
    for e in _ELEMENTS:
        for ident in e.entries:
            out.setdefault(ident, set()).add(type(e).__name__)
    for point in ATTACK_POINTS:
        for ident in point.entries:
            out.setdefault(ident, set()).add(point.name)
    for ident in _TURN_ENTRIES:
        out.setdefault(ident, set()).add("turn")
    for table in tables():
        for ident in table:
            out.setdefault(ident, set()).add(f"table:{table.point}")
    return {k: frozenset(v) for k, v in out.items()}


def carried(eff: OngoingEffect) -> Effect:
    """The working copy of a request's ongoing effect (its Hazard id is a condition's own, see ``hazards``)."""
    return Effect(
        eff.id,
        eff.move,
        eff.time_left,
        eff.since,
        eff.target,
        eff.charges,
        eff.direction.value if eff.direction else None,
        eff.band,
        eff.moved,
        entry=eff.entry,
        square=(eff.square.col, eff.square.row) if eff.square is not None else None,
    )


def rebuild(f: Combatant) -> Profile:
    """The fighter's profile again from his sheet's, with every element's fold in their fixed order."""
    prof = f.base_prof or f.prof
    for element in _ELEMENTS:
        prof = element.fold(prof, f)
    return prof


def commands(moves: dict[str, MoveProfile], options: CombatOptions) -> Iterable[tuple[str, MoveProfile]]:
    """The Command Moves every element gives these moves, in the elements' fixed order."""
    for element in _ELEMENTS:
        yield from element.commands(moves, options).items()


def built(prof: Profile, sheet: Fighter) -> Profile:
    """A profile just built from ``sheet``, finished by every element in their fixed order."""
    for element in _ELEMENTS:
        prof = element.built(prof, sheet)
    return prof


# ── named points of the turn ─────────────────────────────────────────────────────────────────────────
# Where rule elements act on the whole fight: the turn's steps name the point, never the element. Each hook has
# its place (``order``) at its point, so the sequence is data and the same whatever was imported first.
TURN_POINTS = (
    "turn_start",  # before anything of A
    "before_initiative",  # A, before the Initiative roll (Bombs go off)
    "initiative_dice",  # A.1: what changes the Initiative and Control dice
    "after_initiative_roll",  # A.2 done, before the order is set
    "after_order",  # the order is set, before the first fighter acts
    "before_healing",  # H, before H.1
    "after_healing",  # H.1 done, before the Time Roll
)
TurnHook = Callable[[Turn], None]
TimedHook = Callable[[Turn, int], None]
_AT: dict[str, list[tuple[int, str, TurnHook]]] = {point: [] for point in TURN_POINTS}
_AFTER_TIME_ROLL: list[tuple[int, str, TimedHook]] = []


def at(point: str, order: int, entries: Iterable[str] = ()) -> Callable[[TurnHook], TurnHook]:
    """Function decorator: ``fn(ctx)`` runs at ``point`` of every turn, in ``order``, and applies ``entries``."""

    def add(fn: TurnHook) -> TurnHook:
        if point not in _AT:
            raise ValueError(f"no point {point!r} in the turn")
        _AT[point].append((order, f"{fn.__module__}.{fn.__qualname__}", fn))
        _AT[point].sort(key=lambda hook: hook[:2])
        _TURN_ENTRIES.update(entries)
        _REGISTERED[0] += 1
        return fn

    return add


def after_time_roll(order: int, entries: Iterable[str] = ()) -> Callable[[TimedHook], TimedHook]:
    """Function decorator: ``fn(ctx, elapsed)`` runs once the Time Roll is made (H.2), in ``order``, and applies
    ``entries``."""

    def add(fn: TimedHook) -> TimedHook:
        _TURN_ENTRIES.update(entries)
        _REGISTERED[0] += 1
        _AFTER_TIME_ROLL.append((order, f"{fn.__module__}.{fn.__qualname__}", fn))
        _AFTER_TIME_ROLL.sort(key=lambda hook: hook[:2])
        return fn

    return add


def run(point: str, ctx: Turn) -> None:
    for _, _, fn in _AT[point]:
        fn(ctx)


def run_after_time_roll(ctx: Turn, elapsed: int) -> None:
    for _, _, fn in _AFTER_TIME_ROLL:
        fn(ctx, elapsed)


# ── named points inside one attack ───────────────────────────────────────────────────────────────────
# Where rule elements change one attack (D–E): the attack's steps ask the point for its hooks, in their fixed
# place (``order``, then the hook's name), and never name a feature module. A hook declares the catalogue entry ids
# whose effect it applies (data, read by ``handled_entries``).
H = TypeVar("H", bound=Callable[..., object])


class Named:
    """A named point and the catalogue entries its hooks apply."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.entries: frozenset[str] = frozenset()


class AttackPoint(Named, Generic[H]):
    """A named point inside the attack and the hooks registered at it."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self._hooks: list[tuple[int, str, H]] = []
        self.hooks: tuple[H, ...] = ()

    def __call__(self, order: int, entries: Iterable[str] = ()) -> Callable[[H], H]:
        """Function decorator: the hook runs at this point in ``order`` and applies ``entries``."""

        def add(fn: H) -> H:
            self._hooks.append((order, f"{fn.__module__}.{fn.__qualname__}", fn))
            self._hooks.sort(key=lambda hook: hook[:2])
            self.hooks = tuple(hook[2] for hook in self._hooks)
            self.entries |= frozenset(entries)
            _REGISTERED[0] += 1
            return fn

        return add


@dataclass(frozen=True, slots=True)
class DefenseMoment:
    """What the Defense Total's situational parts read (D.4–D.5)."""

    defender: Combatant
    attacker: Combatant
    decision: DecisionValue
    option: DefenseOption
    response: ResponseKind | None
    illusion: MoveProfile | None
    context: str
    full_screen: bool


# D.6: named parts of the attack's Accuracy: fn(ctx, attack, defence option) -> {label: amount}.
ACCURACY: AttackPoint[Callable[[Turn, Attack, str], dict[str, int]]] = AttackPoint("accuracy")
# D.4: named situational parts of the Defense Total, in the order the log shows them.
DEFENSE_TOTAL: AttackPoint[Callable[[Turn, DefenseMoment], dict[str, int]]] = AttackPoint("defense_total")
# E.1: die steps one damaging move gains or loses against this defender: fn(move, attacker, defender) -> steps.
DAMAGE_STEP: AttackPoint[Callable[[MoveProfile, Combatant, Combatant], int]] = AttackPoint("damage_step")
# E.1: damage the hit gains once rolled (each hook notes its own): fn(ctx, attack) -> damage added.
DAMAGE: AttackPoint[Callable[[Turn, Attack], int]] = AttackPoint("damage")
# E.5: the moves' effects on a hit, once the exchange is over: fn(ctx, attack, damage roll, Life Bar lost).
ON_HIT: AttackPoint[Callable[[Turn, Attack, DamageRoll, int], None]] = AttackPoint("on_hit")
# E.2: Hit Stun lands on the defender (once a turn): fn(ctx, defender), before his Control drops.
HIT_STUN: AttackPoint[Callable[[Turn, Combatant], None]] = AttackPoint("hit_stun")
# E.1: what the hit takes off the defender's Life Bar: fn(attack, damage roll, loss so far) -> loss.
LIFE_LOST: AttackPoint[Callable[[Attack, DamageRoll, int], int]] = AttackPoint("life_lost")
# D.6: whether the attack may connect at all: fn(ctx, attack) -> False for an automatic miss (the hook notes why).
CONNECTS: AttackPoint[Callable[[Turn, Attack], bool]] = AttackPoint("connects")
# C: whether the fighter may use these Offensive moves in an attack now: fn(ctx, user, moves, path, key), failing
# the declaration (with the lock's code) when a lock forbids one.
USE_LOCK: AttackPoint[Callable[[Turn, Combatant, list[MoveProfile], str, str], None]] = AttackPoint("use_lock")
# E: the moves of a hit as they land, before damage is rolled: fn(ctx, attack); a hook may change ``atk.moves``.
LANDING: AttackPoint[Callable[[Turn, Attack], None]] = AttackPoint("landing")
# E.5: each move of an attack that hits, in order: fn(ctx, attack, damage roll, move, its index, Life Bar lost).
MOVE_HIT: AttackPoint[Callable[[Turn, Attack, DamageRoll, MoveProfile, int, int], None]] = AttackPoint("move_hit")
# G: each move once it is used, hit or miss, after its lasting effects have started: fn(ctx, user, move).
MOVE_USED: AttackPoint[Callable[[Turn, Combatant, MoveProfile], None]] = AttackPoint("move_used")
ATTACK_POINTS: tuple[Named, ...] = (
    USE_LOCK,
    CONNECTS,
    ACCURACY,
    DEFENSE_TOTAL,
    DAMAGE_STEP,
    DAMAGE,
    LIFE_LOST,
    LANDING,
    ON_HIT,
    MOVE_HIT,
    HIT_STUN,
    MOVE_USED,
)
