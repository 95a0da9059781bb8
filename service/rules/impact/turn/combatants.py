"""A fighter in a turn: his built figures (from the ledger or sheet, memoised on everything they read) and his state,
copied so the turn can change it and hand back a new one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from ...core.construct import built
from ...memo import Table
from ..fighter.models import ImpactAreaLevels, ImpactDerived, ImpactFighter
from ..fighter.validation import replay
from ..pack import ImpactManeuver, ImpactPack
from ..tables.rules import Rules
from ..tables.vocabulary import LIMBS, VITAL, ImpactArea, ImpactManeuverType, ImpactSide
from .models import (
    MAX_COUNT,
    MAX_DAMAGE,
    MAX_MOD,
    ImpactAreaDamage,
    ImpactCombatant,
    ImpactDeclaration,
    ImpactFighterState,
    ImpactLastManeuver,
    ImpactNextMods,
    ImpactOut,
    ImpactSpFamily,
)

# Keyed on a custom pack's whole JSON: bounded in bytes, so a flood of distinct large packs cannot grow a worker.
_MEMO: Table[tuple[str, str], ImpactDerived] = Table("impact.combatants.derived", max_bytes=16 * 2**20, weight=2)


def derived_of(fighter: ImpactFighter, pack: ImpactPack, pack_key: str) -> ImpactDerived:
    """The fighter's built figures; memoised on the fighter's JSON and the pack's (name or its own JSON)."""
    key = (pack_key, fighter.model_dump_json())
    found = _MEMO.get(key)
    if found is None:
        found = replay(fighter, pack).derived()
        _MEMO.put(key, found)
    return found


@dataclass
class Fighter:
    id: str
    seat: int
    built: ImpactDerived
    stamina: int
    sp: int
    family: ImpactSpFamily
    damage: dict[ImpactArea, int]
    toughness: dict[ImpactArea, int]
    ko_areas: set[ImpactArea]
    knocked_down: bool  # a knock-down from before this turn: -3 on this turn's speed
    mods: ImpactNextMods  # waiting for this turn's maneuver
    bridge_bonus: int
    last: ImpactLastManeuver | None
    out: ImpactOut | None
    knocked_out_by: str | None
    # this turn
    decl: ImpactDeclaration | None = None
    maneuver: ImpactManeuver | None = None
    target: str | None = None
    area: ImpactArea | None = None
    speed_total: int | None = None
    rerolls: list[int] = field(default_factory=list)  # a tie's whole Speed Tests rolled again (001 L377)
    place: int | None = None  # in the acting order, once the Speed Tests and their ties are settled
    turn_test: int = 0  # this turn's maneuver test: a Stop-Hit's -3, or +1 against a failed one (001 L701-703)
    turn_damage: int = 0  # this turn's damage: +3 against a failed Stop-Hit
    damage_divisor: int = 1  # a landed Stop-Hit's damage is halved
    interrupted_by: str | None = None  # a landed Stop-Hit stops this fighter's maneuver
    stop_hit_failed: bool = False
    acted: bool = False
    defending: str | None = None  # the tactic, when the fighter defends this turn
    defended: int = 0  # attacks met with the defence bonus so far (001 L220)
    counter_of: str | None = None  # the bridger this fighter counter-bridges
    draw_area: ImpactArea | None = None  # a Draw won against this fighter: the area he must aim at (001 L691)
    draw_penalty: int = 0
    drawn_by: str | None = None
    parried: tuple[ImpactSide | None, bool] | None = None  # the side and kind (kick?) of an attack parried
    knocked_down_now: bool = False
    next_mods: ImpactNextMods = field(default_factory=ImpactNextMods)
    next_bridge_bonus: int = 0
    forfeited: bool = False

    def faster(self, o: Fighter) -> bool:
        """Won the Speed Test against ``o`` (a tie settled by the re-roll, 001 L377); ``o`` made none: won."""
        if o.place is None:
            return True
        return self.place is not None and self.place < o.place

    @property
    def tactics_levels(self) -> dict[str, int]:
        return {t.id: t.level for t in self.built.defense_tactics}

    def skill(self, maneuver_id: str) -> int:
        return next((m.level for m in self.built.maneuvers if m.id == maneuver_id), 0)

    def area_figures(self, area: ImpactArea) -> tuple[int, int, int]:
        """(Difficulty, sheet Toughness, KO value) of an area."""
        a = next(x for x in self.built.areas if x.area == area)
        return a.difficulty, a.toughness, a.ko_value

    def side_speed(self, side: ImpactSide | None) -> int:
        return self.built.average_speed if side is None else int(getattr(self.built.speed, side))

    def side_power(self, side: ImpactSide | None) -> int:
        p = self.built.power
        return (p.left + p.right) // 2 if side is None else int(getattr(p, side))  # digest A13

    def stamina_steps(self) -> int:
        """Full quarters of the maximum lost (001 L196)."""
        top = self.built.stamina_max
        return 0 if top <= 0 else min(4, (top - self.stamina) * 4 // top)

    def limbs_out(self) -> int:
        return len(self.ko_areas & LIMBS)

    def vital_out(self) -> bool:
        return bool(self.ko_areas & VITAL)

    def state(self, trusted: bool = False) -> ImpactFighterState:
        if trusted:
            return self._trusted_state()
        top = self.built.stamina_max
        sheet_tough = {a.area: a.toughness for a in self.built.areas}
        return ImpactFighterState(
            stamina=None if self.stamina == top else self.stamina,
            sp=min(self.sp, MAX_COUNT),
            sp_family=self.family,
            damage={str(a): min(v, MAX_DAMAGE) for a, v in self.damage.items() if v},  # type: ignore[arg-type]
            toughness={str(a): v for a, v in self.toughness.items() if v != sheet_tough[a]},  # type: ignore[arg-type]
            knocked_out_areas=sorted(self.ko_areas, key=list(ImpactArea).index),
            knocked_down=self.knocked_down_now,
            next=ImpactNextMods(**{k: max(-MAX_MOD, min(MAX_MOD, v)) for k, v in self.next_mods.model_dump().items()}),
            bridge_bonus=min(self.next_bridge_bonus, MAX_COUNT),
            last=self.last,
            out=self.out,
            knocked_out_by=self.knocked_out_by,
        )

    def _trusted_state(self) -> ImpactFighterState:
        """``state()`` as an in-process turn builds it: the same figures, built unvalidated."""
        top = self.built.stamina_max
        sheet_tough = {a.area: a.toughness for a in self.built.areas}
        damage = {k: min(self.damage.get(k, 0), MAX_DAMAGE) for k in _AREA_FIELDS}  # type: ignore[call-overload]
        toughness = {k: self.toughness.get(k) for k in _AREA_FIELDS}  # type: ignore[call-overload]
        lowered = {k: v if v != sheet_tough.get(k) else None for k, v in toughness.items()}  # type: ignore[call-overload]
        mods = self.next_mods
        return unvalidated(
            ImpactFighterState,
            {
                "stamina": None if self.stamina == top else self.stamina,
                "sp": min(self.sp, MAX_COUNT),
                "sp_family": self.family,
                "damage": unvalidated(ImpactAreaDamage, damage),
                "toughness": unvalidated(ImpactAreaLevels, lowered),
                "knocked_out_areas": sorted(self.ko_areas, key=_AREA_ORDER.index),
                "knocked_down": self.knocked_down_now,
                "next": unvalidated(
                    ImpactNextMods,
                    {"speed": _clamp(mods.speed), "test": _clamp(mods.test), "damage": _clamp(mods.damage)},
                ),
                "bridge_bonus": min(self.next_bridge_bonus, MAX_COUNT),
                "last": self.last,
                "out": self.out,
                "knocked_out_by": self.knocked_out_by,
            },
        )


M = TypeVar("M", bound=BaseModel)
_AREA_ORDER = list(ImpactArea)
_AREA_FIELDS = tuple(ImpactAreaDamage.model_fields)


def _clamp(mod: int) -> int:
    return max(-MAX_MOD, min(MAX_MOD, mod))


def unvalidated(cls: type[M], values: dict[str, Any]) -> M:
    """``cls`` holding values a turn computed itself, built without validation, its fields in the model's order
    (the order its JSON is written in); fields left out take their defaults."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = (tuple(cls.model_fields), frozenset(cls.model_fields))
    if values.keys() == found[1]:
        return built(cls, {k: values[k] for k in found[0]})
    return cls.model_construct(**values)


_FIELDS: dict[type[BaseModel], tuple[tuple[str, ...], frozenset[str]]] = {}  # a model class's fields, in order


def limb_of(maneuver: ImpactManeuver, side: ImpactSide | None, kind: ImpactManeuverType) -> ImpactArea | None:
    """The arm or leg a punch or kick is thrown with."""
    if side is None or kind == ImpactManeuverType.grapple:
        return None
    limb = "arm" if kind == ImpactManeuverType.punch else "leg"
    return ImpactArea(f"{side}_{limb}")


def load(combatant: ImpactCombatant, seat: int, pack: ImpactPack, pack_key: str, table: Rules) -> Fighter:
    built = derived_of(combatant.fighter, pack, pack_key)
    s = combatant.state
    damage = {a: 0 for a in ImpactArea} | s.damage.given()
    toughness = {a.area: a.toughness for a in built.areas} | s.toughness.given()
    return Fighter(
        id=combatant.id,
        seat=seat,
        built=built,
        stamina=built.stamina_max if s.stamina is None else min(s.stamina, built.stamina_max),
        sp=s.sp,
        family=s.sp_family,
        damage=damage,
        toughness=toughness,
        ko_areas=set(s.knocked_out_areas),
        knocked_down=s.knocked_down,
        mods=s.next,
        bridge_bonus=s.bridge_bonus,
        last=s.last,
        out=s.out,
        knocked_out_by=s.knocked_out_by,
    )
