"""The fixed menu of token bundles (002 L16–L80), read once from data/menu.yaml."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

from pydantic import Field

from ...core.packs import Source
from ...core.tables import read_table
from ..base import AsInt, EntryId, Model, Name
from .counts import RpgTokenCounts, RpgTokenType

Small = Annotated[int, Field(ge=0, le=200), AsInt]  # room for the sums of an oversized (refused) attack


class RpgUse(StrEnum):
    turn = "turn"  # spent on the fighter's own turn of the Action Phase
    response = "response"  # spent when an action is aimed at the fighter


class RpgActionKind(StrEnum):
    attack = "attack"  # Damage and Knockdown tokens at one target (002 L22, L33)
    grab = "grab"  # Grapple + Move, with one Knockdown for the knock-back grab (002 L46, L35)
    strip_block = "strip_block"  # one Move: a Block token off the target (002 L57)
    move = "move"  # one Move: 5 feet in map combat (002 L58)
    complex_action = "complex_action"  # 2 Power Points (002 L80)
    technique = "technique"  # a data pack's technique (002 L76)
    pass_ = "pass"  # done for the round (002 L96)
    block = "block"  # responses: priced like the rest
    grapple_cancel = "grapple_cancel"
    evade = "evade"
    counter = "counter"


class RpgResponseKind(StrEnum):
    none = "none"
    block = "block"  # cancels Damage and Knockdown tokens, two per Block token (002 L72)
    grapple_cancel = "grapple_cancel"  # cancels the Grapple token of a grab (002 L45)
    evade = "evade"  # cancels one whole action (002 L64)
    counter = "counter"  # takes the damage and deals 1 back (002 L23, L34)


class RpgEffect(Model):
    damage: Small = 0
    order_down: Small = Field(0, description="Places the target drops in the order.")
    push_feet: Small = Field(0, description="Map combat: feet the target is pushed.")
    self_feet: Small = Field(0, description="Map combat: feet the user moves.")
    blocks_removed: Small = Field(0, description="Block tokens taken from the target.")
    power_points: Small = Field(0, description="Power Points the user gains at once.")
    cancels: Small = Field(0, description="Damage or Knockdown tokens one use cancels.")


class RpgMenuRow(Model):
    id: EntryId
    name: Name
    action: RpgActionKind = Field(
        description="The action kind that spends this bundle; an attack spends its rows once per token it states."
    )
    use: RpgUse
    response: RpgResponseKind | None = None
    tokens: RpgTokenCounts
    target: bool = Field(description="Aimed at another fighter.")
    map_only: bool = False
    blockable: bool
    effect: RpgEffect
    yield_power_points: Small = Field(description="Power Points the spender gains when it lands (or is blocked).")
    source: Source
    yield_source: Source | None = None


class RpgMenu(Model):
    rows: list[RpgMenuRow] = Field(max_length=20)


class RpgMenuDocument(Model):
    """The menu as the catalogue serves it."""

    ruleset: str
    ruleset_version: str
    rows: list[RpgMenuRow] = Field(max_length=20)


MENU = read_table(Path(__file__).resolve().parents[1] / "data" / "menu.yaml", RpgMenu)
ROWS: dict[str, RpgMenuRow] = {r.id: r for r in MENU.rows}
BY_ACTION: dict[RpgActionKind, list[RpgMenuRow]] = {}
for _r in MENU.rows:
    BY_ACTION.setdefault(_r.action, []).append(_r)
RESPONSES: dict[RpgResponseKind, RpgMenuRow] = {r.response: r for r in MENU.rows if r.response is not None}


def row(ident: str) -> RpgMenuRow:
    return ROWS[ident]


def bundle(r: RpgMenuRow, times: int = 1) -> dict[RpgTokenType, int]:
    return {t: n * times for t, n in r.tokens.as_dict().items() if n}
