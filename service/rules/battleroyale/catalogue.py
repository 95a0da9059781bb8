"""Read-only documents: the rank ladder, the sample Moves, the purchase prices, the Forms and the data packs."""

from __future__ import annotations

from ..core.models import RulesModel
from ..core.packs import DEFAULT_PACK, pack_catalogue
from ..core.ruleset import CatalogueDocument, CatalogueLookup
from .identity import RULESET, VERSION
from .pack import PACKS, RoyalePack
from .tables.records import (
    RoyaleFormRow,
    RoyalePurchaseRow,
    RoyaleRankRow,
    RoyaleSampleMove,
    creation,
    forms,
    moves,
    ranks,
    sample_move,
)


class RoyaleRankList(RulesModel):
    ruleset: str
    ruleset_version: str
    ranks: list[RoyaleRankRow]


class RoyaleSampleMoveList(RulesModel):
    ruleset: str
    ruleset_version: str
    moves: list[RoyaleSampleMove]


class RoyalePurchaseList(RulesModel):
    ruleset: str
    ruleset_version: str
    purchases: list[RoyalePurchaseRow]


class RoyaleFormList(RulesModel):
    ruleset: str
    ruleset_version: str
    forms: list[RoyaleFormRow]


class RoyalePackDocument(RulesModel):
    """The default data pack, with the ruleset it belongs to (every shipped pack: ``packs/{name}``)."""

    ruleset: str
    ruleset_version: str
    name: str
    pack: RoyalePack


def _head() -> dict[str, str]:
    return {"ruleset": RULESET, "ruleset_version": VERSION}


_, _pack_lookup = pack_catalogue(RoyalePack, PACKS)  # the lookup as shared; the document names its ruleset

DOCUMENTS = (
    CatalogueDocument(
        "ranks",
        "The rank ladder: MOD and Target Number",
        RoyaleRankList,
        lambda _f: RoyaleRankList(**_head(), ranks=list(ranks())),
    ),
    CatalogueDocument(
        "sample-moves",
        "The sample Moves and what their Move Rank gives",
        RoyaleSampleMoveList,
        lambda _f: RoyaleSampleMoveList(**_head(), moves=list(moves().moves)),
    ),
    CatalogueDocument(
        "purchases",
        "What Bonus Points and Training Points buy",
        RoyalePurchaseList,
        lambda _f: RoyalePurchaseList(**_head(), purchases=list(creation().purchases)),
    ),
    CatalogueDocument(
        "forms", "The six Forms", RoyaleFormList, lambda _f: RoyaleFormList(**_head(), forms=list(forms().values()))
    ),
    CatalogueDocument(
        "pack",
        "The default data pack: the values the text leaves open, each with its source",
        RoyalePackDocument,
        lambda _f: RoyalePackDocument(**_head(), name=DEFAULT_PACK, pack=PACKS[DEFAULT_PACK]),
    ),
)
LOOKUPS = (
    CatalogueLookup("sample-moves", "One sample Move by id", RoyaleSampleMove, sample_move),
    _pack_lookup,
)
