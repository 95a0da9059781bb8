"""Data packs: the tables a rule text leaves out (or leaves to another book), shipped as data and replaceable.

A ruleset whose text is incomplete defines a pydantic ``Pack`` model (bounded lists of records, each with a
``source``), ships its packs as ``data/packs/<name>.yaml`` and lets a request either name a shipped pack or carry
its own. Requests carry two fields for it (``pack`` by name, ``custom_pack`` inline); an inline pack is part of the
request and so of its cache key, and a shipped pack is part of the ruleset's data digest and so of its version.
The packs are served as the catalogue: the default one as a document, each one by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .models import Record
from .ruleset import CatalogueDocument, CatalogueLookup
from .tables import TableError, read_table

DEFAULT_PACK = "default"
MAX_PACK_NAME = 40
_PACK_NAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")

TextRef = Annotated[
    str,
    Field(
        pattern=r"^\d{3} L\d{1,5}(?:[–-]L?\d{1,5})?$",
        max_length=20,
        description="Lines of the rule text, e.g. `002 L45` or `002 L45–L47`.",
    ),
]


class Source(Record):
    """Where a value comes from: lines of the rule text, or a ruling where the text is silent or unclear."""

    # The schema states the rule below too, so that a request generated from it is never refused for it.
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "anyOf": [
                {"required": ["ref"], "properties": {"ref": {"type": "string"}}},
                {"required": ["ruling"], "properties": {"ruling": {"type": "string"}}},
            ]
        },
    )

    ref: TextRef | None = None
    ruling: Annotated[str, Field(min_length=1, max_length=400)] | None = Field(
        default=None, title="Reason", description="Why the value is what it is, where the text does not give it."
    )

    @model_validator(mode="after")
    def _one_or_both(self) -> Self:
        if self.ref is None and self.ruling is None:
            raise ValueError("a source names lines of the text, a ruling, or both")
        return self


P = TypeVar("P", bound=BaseModel)


class PackError(ValueError):
    """A shipped pack that does not load: a broken build of the service, never a caller's error."""


def load_packs(data_dir: Path, model: type[P]) -> dict[str, P]:
    """Every ``data_dir/packs/<name>.yaml`` validated as ``model``, by name; ``default`` must be among them."""
    packs: dict[str, P] = {}
    for path in sorted((data_dir / "packs").glob("*.yaml")):
        if not _PACK_NAME.match(path.stem):
            raise PackError(f"{path.name}: a pack's name is lower-case letters, digits and hyphens")
        try:
            packs[path.stem] = read_table(path, model)
        except TableError as exc:
            raise PackError(str(exc)) from exc
    if DEFAULT_PACK not in packs:
        raise PackError(f"{data_dir}/packs: no {DEFAULT_PACK}.yaml")
    return packs


def pack_names(enum_name: str, packs: Mapping[str, BaseModel]) -> type[StrEnum]:
    """The names of the shipped packs as an enum, so that an unknown name is refused by both adapters."""
    return StrEnum(enum_name, {name.replace("-", "_"): name for name in packs})  # type: ignore[return-value]


def chosen(name: StrEnum | str, custom: P | None, packs: Mapping[str, P]) -> P:
    """The pack a request uses: its own when it carries one, else the shipped one it names."""
    return custom if custom is not None else packs[str(name)]


def pack_catalogue(model: type[P], packs: Mapping[str, P]) -> tuple[CatalogueDocument, CatalogueLookup]:
    """The default pack as the ``pack`` document, and every shipped pack by name under ``packs/{name}``."""
    document = CatalogueDocument(
        name="pack",
        summary="The default data pack: the values the text leaves out, each with its source",
        model=model,
        build=lambda _filters: packs[DEFAULT_PACK],
    )
    lookup = CatalogueLookup(
        name="packs",
        summary="A shipped data pack by name",
        model=model,
        find=lambda name: packs.get(name),
    )
    return document, lookup
