"""A combatant's sheet and standing state: what the validation, the quotes and the round all read."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, ModelWrapValidatorHandler, PrivateAttr, model_validator

from ...core.findings import path_of
from ..base import one_of
from .model_types import MAX_HEALTH_BOXES, FighterId, HealthLeft, ItemId, Model, Name, PackRef, pack_id


class TechniqueKeyword(StrEnum):
    offensive = "offensive"  # bolsters attack Sets (004 L51)
    defensive = "defensive"  # bolsters defence Sets (004 L56)
    versatile = "versatile"  # both (004 L51, L56)


class Technique(Model):
    id: ItemId
    keywords: list[PackRef] = Field(
        default_factory=list,
        max_length=6,
        description="`offensive`, `defensive`, `versatile` (any case); another word is a finding on the sheet.",
    )
    bonus: int = Field(
        0,
        ge=0,
        le=50,
        description="Added to the Set's total; the size is in the missing rulebook, so the sheet says it.",
    )


class WeaponField(StrEnum):
    """The fields of a carried weapon, as a finding's path names them (wire vocabulary: `power` is the request's
    field, not the Power skill entry)."""

    type = "type"
    mimics = "mimics"
    power = "power"
    legendary = "legendary"


class WeaponCarried(Model):
    type: PackRef = Field(description="A weapon of the pack (`balanced` or `Balanced`, `reach`, `improvised` …).")
    mimics: PackRef | None = Field(None, description="Improvised: the weapon type it stands in for.")
    power: bool = Field(
        False,
        description="A massive object improvised as a weapon with the Power skill: no surcharge (004 L99).",
    )
    legendary: bool = Field(False, description="Unique powers of its own description, beyond the type's advantage.")


class ArmorWorn(Model):
    rating: int = Field(ge=0, le=10)
    legendary: bool = Field(False, description="One-of-a-kind armor: a rating above the chart is allowed.")


class ChakraState(StrEnum):
    slumbering = "slumbering"
    awakened = "awakened"


class Chakra(Model):
    id: ItemId
    state: Annotated[ChakraState, one_of(ChakraState, fold=True)] = ChakraState.slumbering
    recovery: int = Field(0, ge=0, le=30, description="Prana it regains at each Recovery step.")
    pool: int = Field(0, ge=0, le=3000, description="The most Prana it holds.")
    prana: int = Field(0, ge=0, le=3000)


class Imbalance(Model):
    id: ItemId
    kind: PackRef = Field("physical", description="`physical` for injuries (004 L68); other kinds are the rulebook's.")
    rank: int = Field(1, ge=1, le=10)


def _written(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(path, name as sent) of the sheet's pack names, where the sheet sent them."""

    def items(field: str) -> list[Any]:
        value = data.get(field)
        return value if isinstance(value, list) else []

    weapon = data.get("weapon")
    if isinstance(weapon, dict):
        yield from ((path_of("weapon", k), weapon[k]) for k in ("type", "mimics") if isinstance(weapon.get(k), str))
    for i, t in enumerate(items("techniques")):
        words = t.get("keywords") if isinstance(t, dict) else None
        yield from (
            (path_of("techniques", i, "keywords", j), w) for j, w in enumerate(words or []) if isinstance(w, str)
        )
    for field, key in (("imbalances", "kind"), ("chakras", "state")):
        for i, item in enumerate(items(field)):
            if isinstance(item, dict) and isinstance(item.get(key), str):
                yield path_of(field, i, key), item[key]


class Combatant(Model):
    """A combatant's sheet. Names of the pack are read as its ids; ``renamed`` keeps what was read so (004 L89)."""

    _renamed: list[tuple[str, str, str]] = PrivateAttr(default_factory=list)

    @model_validator(mode="wrap")
    @classmethod
    def _note_names(cls, data: Any, handler: ModelWrapValidatorHandler[Combatant]) -> Combatant:
        out = handler(data)
        if isinstance(data, dict):
            read = [(path, sent, str(pack_id(sent))) for path, sent in _written(data)]
            out._renamed = [(path, sent, as_id) for path, sent, as_id in read if as_id != sent]
        return out

    @property
    def renamed(self) -> list[tuple[str, str, str]]:
        """(path within the sheet, the name as sent, the pack id it was read as)."""
        return list(self._renamed)

    id: FighterId
    name: Name = ""
    player: bool = Field(False, description="A player's character (the GM's otherwise): a player may declare a kill.")
    degree: int = Field(0, ge=0, le=20)
    aura: int = Field(0, ge=0, le=500, description="Aura left (it does not come back until rest).")
    health_boxes: list[HealthLeft] = Field(
        default_factory=lambda: [10], max_length=MAX_HEALTH_BOXES, description="Health left in each box, in order."
    )
    effort_dice: int = Field(1, ge=1, le=30, description="Dice of the Effort Pool before Imbalances.")
    focus_slots: int = Field(0, ge=0, le=30)
    techniques: list[Technique] = Field(default_factory=list, max_length=20)
    weapon: WeaponCarried | None = Field(None, description="None fights Unarmed.")
    armor: ArmorWorn | None = None
    chakras: list[Chakra] = Field(default_factory=list, max_length=12)
    imbalances: list[Imbalance] = Field(default_factory=list, max_length=20)
    vanquished: bool = False
    killed: bool = False
    hidden: bool = False
    battlefield: ItemId | None = Field(
        None, description="The Battlefield the combatant stands on (one of the round's `battlefields`)."
    )

    @property
    def weapon_type(self) -> str | None:
        """The type of the weapon carried; None for bare hands (the pack's ``bare_hands``)."""
        return self.weapon.type if self.weapon else None

    @property
    def health(self) -> int:
        return sum(self.health_boxes)

    @property
    def prana(self) -> int:
        return sum(c.prana for c in self.chakras if c.state is ChakraState.awakened)
