"""A fighter's combat numbers and every move's combat profile: plain, read-only figures (built by ``profile``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from ...catalogue.records import DEFENCE_OPTIONS, MoveRecord
from ...fighters.fighter_models import Style
from ..contract.model_types import ResponseKind
from .entry_tables import EntryTable, FlagTable

RANGES = {"standard_range": (0, 2), "throw_range": (0, 0), "reach_range": (0, 3), "long_range": (0, 4)}  # L2365
MOVEMENT_KEYWORDS = ("normal_move", "mobile", "long_mobile", "throw_movement", "after_mobile", "passing", "no_movement")
LIFE_BAR = {1: 30, 2: 40, 3: 50, 4: 60, 5: 70, 6: 80, 7: 90, 8: 100}  # Power Level Chart, 000 L706–L714
FIGHTING_SPIRIT = {1: 10, 2: 20, 3: 30, 4: 40, 5: 55, 6: 70, 7: 85, 8: 100}
FULL_DEFENSE = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5}
# Response kinds a move's Element grants even when its keyword list does not spell it (000 L5866–L5902); a Ranged
# Special Move answers with the Ranged Response (000 L5884).
RESPONSE_ELEMENTS: EntryTable[ResponseKind] = EntryTable(
    "responses",
    {
        "counter": ResponseKind.counter,
        "evade_ranged": ResponseKind.evade_ranged,
        "interrupt": ResponseKind.interrupt,
        "priority": ResponseKind.priority,
        "reversal": ResponseKind.reversal,
        "throw": ResponseKind.throw,
        "anti_air": ResponseKind.anti_air,
        "sidestep_counter": ResponseKind.sidestep_counter,
        "teleportation.ends_in_mid_air": ResponseKind.mid_air_teleport,
        "ranged": ResponseKind.ranged,
    },
)


@dataclass(frozen=True)
class ProjectileLimit:
    """How a projectile's Liability limits the answers to it, and its own use as a Ranged Response."""

    ranged_response_stops_it: bool = True  # the defender's Ranged Response may answer it
    reflected: bool = True  # Reflection may turn it back
    own_ranged_response: bool = True  # it answers as a Ranged Response (else only if the entry's option buys it)


PROJECTILE_LIMITS: EntryTable[ProjectileLimit] = EntryTable(
    "projectile_limits",
    {
        "ranged.no_ranged_response": ProjectileLimit(ranged_response_stops_it=False),  # 000 L4033
        "ranged.no_ranged_response.indirect": ProjectileLimit(reflected=False, own_ranged_response=False),  # L4041
    },
)


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
    """What a move's Element or Liability changes about moving with it, jumping with it, or reaching a jumper."""

    no_fs: bool = False  # its Mobile movement costs no FS (Teleportation, 000 L4303–L4309)
    pass_through: bool = False  # 2 free Ranges, only to Range 0 or past the opponent (000 L3782–L3792)
    airborne: bool = False  # the move is a jump: Jumper, Cross-Up, Anti-Air, aerial defences (000 L2103)
    power_dash: bool = False  # may follow the 1 FS Dash, one die size more damage (000 L3812–L3818)
    wall_spring: bool = False  # a Special Move that may spring off the Wall (000 L3701)
    forward_first: bool = False  # Limited Movement (Closer): at least 1 Range forward before attacking (000 L4599)
    full_screen: bool = False  # +1 Defense Total for the defender after a full 3-Range approach (000 L3685)
    no_full_screen_bonus: bool = False  # Fast Full Screen: the defender gets no such bonus (000 L3691)
    reaches_super_jump: bool = False  # a Special Move that may strike a Super-Jumping fighter (000 L2191)
    super_jump_accuracy: int = 0  # Accuracy against him (Hits Super Jump, 000 L3474)
    follows_knockback: bool = False  # may follow its Knock Back by as many Ranges (Knockback Advance, 000 L3653–L3663)


MOVEMENT_GRANTS: EntryTable[MovementGrant] = EntryTable(
    "movement",
    {
        "teleportation": MovementGrant(no_fs=True),
        "pass_through": MovementGrant(pass_through=True),
        "aerial": MovementGrant(airborne=True, reaches_super_jump=True),
        "power_dash": MovementGrant(power_dash=True),
        "mobile.wall_spring": MovementGrant(wall_spring=True),
        "limited_movement": MovementGrant(forward_first=True),
        "mobile.full_screen": MovementGrant(full_screen=True),
        "mobile.fast_full_screen": MovementGrant(no_full_screen_bonus=True),
        "ranged": MovementGrant(reaches_super_jump=True),
        "hard_to_evade": MovementGrant(reaches_super_jump=True),
        "hits_super_jump": MovementGrant(reaches_super_jump=True, super_jump_accuracy=1),
        "knockback_advance": MovementGrant(follows_knockback=True),
    },
)


def _movement_grant(entries: dict[str, int]) -> MovementGrant:
    found = [g for _, g in MOVEMENT_GRANTS.found(entries)]
    if not found:
        return _NO_GRANT
    flags = {
        f: any(getattr(g, f) for g in found) for f in MovementGrant.__dataclass_fields__ if f != "super_jump_accuracy"
    }
    return MovementGrant(**flags, super_jump_accuracy=sum(g.super_jump_accuracy for g in found))


_NO_GRANT = MovementGrant()


class ComboPart(StrEnum):
    """How a move's entry changes its place in a Combo and the Knock Downs around it."""

    pursuit = "pursuit"  # strikes a downed foe, follows a Knock Down (000 L3910–L3928)
    skips_knock_down = "skips_knock_down"  # the Knock Down right before it does not happen (000 L4163–L4173)
    pursuit_bounce = "pursuit_bounce"  # no Ender; a DL 8 Tactics check lets the Combo go on (000 L3930–L3936)
    delayed_knock_down = "delayed_knock_down"  # its Knock Down waits for the end of the Combo (000 L2939, L3611)
    juggle = "juggle"  # a Juggle attack, for Walls and Light fighters (000 L6185, L1457)
    bounce = "bounce"  # a DL 8 Tactics check in a Combo: +1 damage, or the later moves miss (000 L2933–L2941)
    final_knock_down = "final_knock_down"  # it knocks down only when closing the Combo (000 L3645–L3651)
    easy = "easy"  # not counted against the Combo Skill (000 L3256–L3262)
    opener = "opener"  # a Utility Combo Opener (000 L4433–L4441)


COMBO_PARTS: FlagTable[ComboPart] = FlagTable(
    "combo_part",
    {
        "pursuit": frozenset({ComboPart.pursuit}),
        "pursuit.knock_down_pursuit": frozenset({ComboPart.pursuit}),  # its one Knock Down is the Pursuit's own
        "skips_knock_down": frozenset({ComboPart.skips_knock_down}),
        "pursuit.pursuit_bounce": frozenset({ComboPart.pursuit_bounce}),
        "juggle": frozenset({ComboPart.juggle, ComboPart.delayed_knock_down}),
        "bounce": frozenset({ComboPart.bounce, ComboPart.delayed_knock_down}),
        "knocks_down.only_at_end_of_combo": frozenset({ComboPart.final_knock_down}),
        "easy_to_combo": frozenset({ComboPart.easy}),
        "utility_combo_opener": frozenset({ComboPart.opener}),
    },
)


class Heals(StrEnum):
    """Whom a Healing move heals."""

    heals = "heals"  # the move's die at H.1, the user by default (000 L3436–L3444)
    others = "others"  # or a fighter at Range 0–2 named with the action (000 L3446–L3450)
    not_self = "not_self"  # never the user (000 L3452–L3454)


HEALING: FlagTable[Heals] = FlagTable(
    "healing",
    {
        "healing": frozenset({Heals.heals}),
        "healing.heal_others": frozenset({Heals.heals, Heals.others}),
        "healing.only_heal_others": frozenset({Heals.heals, Heals.not_self}),
    },
)


class Use(StrEnum):
    """The ways of using a move besides answering as a Defensive Response."""

    attack = "attack"  # an ordinary attack with the action
    reaction = "reaction"  # a Reaction Attack


# Moves that only answer as a Defensive Response: the uses their entry takes away.
ANSWER_ONLY: FlagTable[Use] = FlagTable(
    "answer_only",
    {
        "counter": frozenset({Use.attack, Use.reaction}),  # 000 L3121–L3129, L5870
        "interrupt.interrupt_only": frozenset({Use.attack, Use.reaction}),  # 000 L3575–L3579
    },
)
# Invincibility: how far his Initiative may trail the attacker's, per instance (000 L4936–L4948).
INVINCIBLE: EntryTable[int] = EntryTable("invincible", {"invincibility": 1})


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
        return self.has("throw") > 0

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

    @property
    def big(self) -> bool:
        return "big" in self.qualities
