"""The catalogue: the fixed menu of bundles (filterable by use, one row by id) and the data packs."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from ..core.packs import pack_catalogue
from ..core.ruleset import CatalogueDocument, CatalogueLookup
from .base import Model
from .identity import RULESET, VERSION
from .pack import PACKS, RpgPack
from .tokens.menu import MENU, ROWS, RpgMenuDocument, RpgUse


class RpgMenuFilters(Model):
    model_config = ConfigDict(extra="forbid", frozen=True)

    use: RpgUse | None = Field(None, description="Bundles spent on one's own turn, or as a response.")


def menu(filters: RpgMenuFilters | None) -> RpgMenuDocument:
    use = filters.use if filters else None
    rows = [r for r in MENU.rows if use is None or r.use is use]
    return RpgMenuDocument(ruleset=RULESET, ruleset_version=VERSION, rows=rows)


_pack_document, _pack_lookup = pack_catalogue(RpgPack, PACKS)

DOCUMENTS = (
    CatalogueDocument(
        "menu", "The fixed menu of token bundles, with their sources", RpgMenuDocument, menu, RpgMenuFilters
    ),
    _pack_document,
)
LOOKUPS = (
    CatalogueLookup("menu", "One bundle of the menu by id", type(MENU.rows[0]), ROWS.get),
    _pack_lookup,
)
