"""A fighter's combat numbers and every move's combat profile: plain, read-only figures (built by ``profile``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...catalogue import records as _records
from ...catalogue.records import (
    DEFENCE_OPTIONS,
    AnswerOnly,
    ComboRole,
    GrantsResponse,
    Healing,
    Invincible,
    Movement,
    MoveRecord,
    Traits,
)
from ...catalogue.records import ComboPart as ComboPart  # the records' vocabularies, read by the turn from here
from ...catalogue.records import Heals as Heals
from ...catalogue.records import ProjectileLimit as ProjectileRecord
from ...catalogue.records import Use as Use
from ...fighters.fighter_models import Style
from ..contract.model_types import ResponseKind
from .entry_tables import EntryTable, FlagTable, flags_of_records, of_records

if TYPE_CHECKING:
    from ...catalogue.records import MoveTrait as MoveTrait
else:

    class MoveTrait:
        """The roles (``records.MoveTrait``'s members themselves) as a plain class's attributes, which the turn's
        steps name: Python 3.11 reads an Enum class's attribute through its metaclass's ``__getattr__`` hook, several
        times slower, and a turn asks about some 170 roles."""

    for _role in _records.MoveTrait:
        setattr(MoveTrait, _role.name, _role)

RANGES = {"standard_range": (0, 2), "throw_range": (0, 0), "reach_range": (0, 3), "long_range": (0, 4)}  # L2365
MOVEMENT_KEYWORDS = ("normal_move", "mobile", "long_mobile", "throw_movement", "after_mobile", "passing", "no_movement")
LIFE_BAR = {1: 30, 2: 40, 3: 50, 4: 60, 5: 70, 6: 80, 7: 90, 8: 100}  # Power Level Chart, 000 L706–L714
FIGHTING_SPIRIT = {1: 10, 2: 20, 3: 30, 4: 40, 5: 55, 6: 70, 7: 85, 8: 100}
FULL_DEFENSE = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5}
# Response kinds a move's Element grants even when its keyword list does not spell it (000 L5866–L5902); a Ranged
# Special Move answers with the Ranged Response (000 L5884).
RESPONSE_ELEMENTS: FlagTable[ResponseKind] = flags_of_records(
    "responses", GrantsResponse, lambda r: frozenset({ResponseKind(r.response.value)})
)


@dataclass(frozen=True)
class ProjectileLimit:
    """How a projectile's Liability limits the answers to it, and its own use as a Ranged Response."""

    ranged_response_stops_it: bool = True  # the defender's Ranged Response may answer it
    reflected: bool = True  # Reflection may turn it back
    own_ranged_response: bool = True  # it answers as a Ranged Response (else only if the entry's option buys it)


def _limit(found: tuple[ProjectileRecord, ...]) -> ProjectileLimit:
    return ProjectileLimit(
        all(r.ranged_response_stops_it for r in found),
        all(r.reflected for r in found),
        all(r.own_ranged_response for r in found),
    )


PROJECTILE_LIMITS: EntryTable[ProjectileLimit] = of_records("projectile_limits", ProjectileRecord, _limit)


def projectile_limit(m: MoveProfile) -> ProjectileLimit:
    """What the move's projectile Liabilities allow, all of them together."""
    found = [v for _, v in PROJECTILE_LIMITS.found(m.entries)]
    return ProjectileLimit(
        all(v.ranged_response_stops_it for v in found),
        all(v.reflected for v in found),
        all(v.own_ranged_response for v in found),
    )


@dataclass(frozen=True)
class MovementGrant:
    """What a move's Element or Liability changes about moving with it, jumping with it, or reaching a jumper (the
    fields of the ``movement`` record, 000 L4303–L4309, L3782–L3792, L2103, L3812–L3818, L3701, L4599, L3685,
    L3691, L2191, L3474, L3653–L3663)."""

    no_fs: bool = False
    pass_through: bool = False
    airborne: bool = False
    power_dash: bool = False
    wall_spring: bool = False
    forward_first: bool = False
    full_screen: bool = False
    no_full_screen_bonus: bool = False
    reaches_super_jump: bool = False
    super_jump_accuracy: int = 0
    follows_knockback: bool = False


_FLAGS = tuple(f for f in MovementGrant.__dataclass_fields__ if f != "super_jump_accuracy")


def _grant(found: tuple[Movement, ...] | list[MovementGrant]) -> MovementGrant:
    flags = {f: any(getattr(g, f) for g in found) for f in _FLAGS}
    return MovementGrant(**flags, super_jump_accuracy=sum(g.super_jump_accuracy for g in found))


MOVEMENT_GRANTS: EntryTable[MovementGrant] = of_records("movement", Movement, _grant)


def _movement_grant(entries: dict[str, int]) -> MovementGrant:
    found = [g for _, g in MOVEMENT_GRANTS.found(entries)]
    if not found:
        return _NO_GRANT
    return _grant(found)


_NO_GRANT = MovementGrant()

COMBO_PARTS: FlagTable[ComboPart] = flags_of_records("combo_part", ComboRole, lambda r: frozenset(r.parts))
HEALING: FlagTable[Heals] = flags_of_records("heals", Healing, lambda r: frozenset(r.who))
# The design option that sets a Healing move's share of its die (``full``: all of it, else half; 000 L3436–L3444).
HEAL_SHARE: EntryTable[str] = of_records(
    "heal_share", Healing, lambda found: next((r.share for r in found if r.share), "")
)
# Moves that only answer as a Defensive Response: the uses their entry takes away.
ANSWER_ONLY: FlagTable[Use] = flags_of_records("answer_only", AnswerOnly, lambda r: frozenset(r.withholds))
# The roles a move's entries give it, which the turn's steps ask about by name (``MoveProfile.trait``).
MOVE_TRAITS: FlagTable[MoveTrait] = flags_of_records("trait", Traits, lambda r: frozenset(r.traits))
# Invincibility: how far his Initiative may trail the attacker's, per instance (000 L4936–L4948).
INVINCIBLE: EntryTable[int] = of_records("invincible", Invincible, lambda found: sum(r.margin for r in found))


_OPTION_INDEX = {o.value: i for i, o in enumerate(DEFENCE_OPTIONS)}


@dataclass(frozen=True)
class AccuracyPart:
    """One entry's share of a move's Accuracy (for Combo and Mixup rules, 000 L2445, L5804): its figure against
    each defence option, from the entry's Accuracy records."""

    entry: str
    table: tuple[int, ...]  # one figure per DEFENCE_OPTIONS
    combo: frozenset[str]
    flat: int = 0  # against anything else

    @classmethod
    def uniform(cls, entry: str, amount: int, combo: frozenset[str] = frozenset()) -> AccuracyPart:
        return cls(entry, (amount,) * len(DEFENCE_OPTIONS), combo, amount)

    def vs(self, option: str) -> int:
        i = _OPTION_INDEX.get(option)
        return self.flat if i is None else self.table[i]


@dataclass(frozen=True)
class MoveProfile:
    id: str
    name: str
    kind: str  # basic | special | super | command
    level: int
    keywords: frozenset[str]
    combo_keywords: frozenset[str]
    range: tuple[int, int] | None
    accuracy_parts: tuple[AccuracyPart, ...]
    damage_step: int | None  # die step relative to 1d6 before Strength/Stamina (Ki shift included); None: no damage
    min_roll: int
    flat_bonus: int
    stun_bonus: int
    ki_based: bool
    glory: int
    se_cost: int
    entries: dict[str, int]  # entry id → instances
    options: dict[str, dict[str, object]]
    responses: frozenset[str]
    path: str
    style: str | None = None  # Multiple Styles: the style it belongs to (None: every style, or no styles)
    cross_style: bool = False
    # Its entries' combat records applied at their points during the turn, with the entry's instances.
    records: tuple[MoveRecord, ...] = ()

    def has(self, entry: str) -> int:
        return self.entries.get(entry, 0)

    def shares_style(self, other: MoveProfile) -> bool:
        """Whether this move may affect ``other``: one of them is Cross-Style or of no style, or both are of the same
        style (a move of one style affects none of another, 000 L5056)."""
        return self.style is None or other.style is None or self.style == other.style

    # What its entries grant, read once per move (its entries never change once it is built): the turn asks often.
    @cached_property
    def _answer_only(self) -> frozenset[Use]:
        return ANSWER_ONLY.grants(self.entries)

    @cached_property
    def _heals(self) -> frozenset[Heals]:
        return HEALING.grants(self.entries)

    @cached_property
    def _parts(self) -> frozenset[ComboPart]:
        return COMBO_PARTS.grants(self.entries)

    @cached_property
    def _traits(self) -> dict[MoveTrait, int]:
        counts: dict[MoveTrait, int] = {}
        for e, n in self.entries.items():
            for role in MOVE_TRAITS.get(e, ()):
                counts[role] = counts.get(role, 0) + n
        return counts

    def trait(self, role: MoveTrait) -> int:
        """How many instances of its entries give it ``role`` (``MOVE_TRAITS``); 0: none does."""
        return self._traits.get(role, 0)

    def withheld(self, use: Use) -> bool:
        """Whether an entry keeps the move from being used that way (``ANSWER_ONLY``)."""
        return use in self._answer_only

    @cached_property
    def invincible_margin(self) -> int:
        """How many Initiative points behind the attacker its Invincibility still answers (0: none)."""
        return sum(per * n for e, per in INVINCIBLE.items() if (n := self.entries.get(e, 0)))

    def heals(self, who: Heals) -> bool:
        """Whether its entries make it heal that way (``HEALING``)."""
        return who in self._heals

    def part(self, role: ComboPart) -> bool:
        """Whether one of its entries gives it ``role`` in a Combo (``COMBO_PARTS``)."""
        return role in self._parts

    @cached_property
    def moving(self) -> MovementGrant:
        """What its entries change about moving, jumping and reaching a jumper (``MOVEMENT_GRANTS``)."""
        return _movement_grant(self.entries)

    def kw(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def movement(self) -> str:
        return next((k for k in MOVEMENT_KEYWORDS if k in self.keywords), "normal_move")

    @property
    def offensive(self) -> bool:
        return "offensive" in self.keywords

    @property
    def utility(self) -> bool:
        return "utility" in self.keywords

    @property
    def is_super(self) -> bool:
        return self.kind == "super"

    @property
    def is_special(self) -> bool:
        return self.kind in ("special", "command", "super")

    @property
    def throw(self) -> bool:
        return self.trait(MoveTrait.throw) > 0

    def accuracy_vs(self, option: str) -> int:
        return sum(p.vs(option) for p in self.accuracy_parts)


def command_move(
    ident: str,
    name: str,
    level: int,
    keywords: tuple[str, ...],
    combo_keywords: tuple[str, ...] = (),
    options: dict[str, dict[str, object]] | None = None,
    entries: dict[str, int] | None = None,
) -> MoveProfile:
    """A Command Move that an entry or option grants: no damage and no Accuracy of its own, declared as ``ident``."""
    return MoveProfile(
        id=ident,
        name=name,
        kind="command",
        level=level,
        keywords=frozenset(keywords),
        combo_keywords=frozenset(combo_keywords),
        range=None,
        accuracy_parts=(),
        damage_step=None,
        min_roll=1,
        flat_bonus=0,
        stun_bonus=0,
        ki_based=False,
        glory=0,
        se_cost=0,
        entries=entries or {},
        options=options or {},
        responses=frozenset(),
        path=f"command:{ident}",
    )


@dataclass(frozen=True)
class Profile:
    pl: int
    strength: int
    speed_init: int
    speed_ctrl: int
    speed: int
    stamina: int
    defense: int
    evasion: int
    tactics: int
    combo: int
    ki: int
    acc_bonus: int
    ctrl_bonus: int
    dmg_bonus: int
    def_bonus: int
    response_bonus: dict[str, int]
    life_max: int
    fs_max: int
    full_defense_bonus: int
    stun_base: int
    qualities: frozenset[str]
    moves: dict[str, MoveProfile]
    has_supers: bool
    sheet_problems: tuple[str, ...] = field(default=())
    invalid_pl: bool = False
    styles: tuple[Style, ...] = ()  # Multiple Styles (styles.py)
    base_style: str | None = None
    style_share: int = 1  # non-empty styles: a style's own moves earn Glory divided by this (000 L5058)

    @cached_property
    def memo(self) -> dict[str, Any]:
        """What the turn derives from this profile alone, kept with it under a name of its own (the profile never
        changes once built, and the profile memo keys it on the whole sheet and options): ``action_choices``."""
        return {}

    @cached_property
    def entry_ids(self) -> frozenset[str]:
        """Every catalogue entry on any of his moves (a quick gate for the rarer rules)."""
        return frozenset(e for m in self.moves.values() for e in m.entries)

    @cached_property
    def traits(self) -> frozenset[MoveTrait]:
        """Every role any of his moves has (a quick gate for the rarer rules)."""
        return frozenset().union(*(MOVE_TRAITS[e] for e in self.entry_ids if e in MOVE_TRAITS))

    @property
    def big(self) -> bool:
        return "big" in self.qualities


def heals_full(m: MoveProfile) -> bool:
    """Whether the Healing move restores the whole die rolled rather than half of it (its design option)."""
    return any(m.options.get(e, {}).get(option) == "full" for e, option in HEAL_SHARE.found(m.entries) if option)
