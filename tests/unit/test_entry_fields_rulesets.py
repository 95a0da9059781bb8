"""The typed fields that replaced branches on entry ids in impact, fightrpg, battleroyale and ashes (issue 39): each
says in the data what the code used to read from an id, with the figures of the text it stands for."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.rules.ashes.pack import PACKS as ASHES_PACKS
from service.rules.ashes.pack import Pack
from service.rules.battleroyale.pricing.prices import RAISES
from service.rules.battleroyale.tables.model_types import (
    RoyaleChain,
    RoyaleFigureKind,
    RoyalePurchaseKind,
    RoyalePurchaseStep,
)
from service.rules.battleroyale.tables.records import creation, sample_move
from service.rules.fightrpg.actions.bundles import bundle_of
from service.rules.fightrpg.actions.models import RpgAction, RpgActionKind
from service.rules.fightrpg.pack import PACKS as RPG_PACKS
from service.rules.fightrpg.tokens.counts import RpgTokenType
from service.rules.impact.tables.rules import Rules, rules


def test_ashes_bare_hands_are_the_unarmed_weapon_whatever_its_id() -> None:
    """004 L97: fists and feet are the Unarmed weapon (two Rank 1 attacks, 4 Prana); the pack says which entry."""
    pack = ASHES_PACKS["default"]
    bare = pack.weapon_of(None)
    assert bare is not None and (bare.rank1_attacks, bare.cost) == (2, 4)
    own = pack.model_dump(mode="json")
    for w in own["weapons"]:
        if w["advantage"] == "unarmed":
            w["id"] = "fists"
    renamed = Pack.model_validate(own).weapon_of(None)
    assert renamed is not None and renamed.id == "fists"


def test_ashes_a_chakra_is_awakened_with_the_skill_the_pack_marks() -> None:
    """004 L72: awakening is a Spirit action; a pack may mark another skill, or none."""
    pack = ASHES_PACKS["default"]
    assert pack.awaken_skill == "spirit"
    own = pack.model_dump(mode="json")
    for s in own["skills"]:
        s["awakens"] = s["id"] == "senses"
    assert Pack.model_validate(own).awaken_skill == "senses"


@pytest.mark.parametrize(
    ("buys", "step", "chained", "bonus", "training"),
    [
        (RoyalePurchaseKind.technique, None, RoyaleChain.trait, 2, 4),  # 003 L278-L279
        (RoyalePurchaseKind.technique, None, RoyaleChain.focus, 1, 2),  # 003 L279-L280
        (RoyalePurchaseKind.technique, None, RoyaleChain.unchained, 3, 6),  # 003 L280-L282
        (RoyalePurchaseKind.flaw, None, None, 1, 2),  # 003 L285
        (RoyalePurchaseKind.strength, RoyalePurchaseStep.average, None, 2, None),  # 003 L286-L290
        (RoyalePurchaseKind.strength, RoyalePurchaseStep.raise_, None, None, 6),  # 003 L674-L676
        (RoyalePurchaseKind.strength, RoyalePurchaseStep.new, None, None, 8),  # 003 L677-L678
        (RoyalePurchaseKind.style, RoyalePurchaseStep.raise_, None, None, 10),  # 003 L680-L682
        (RoyalePurchaseKind.style, RoyalePurchaseStep.new, None, None, 12),  # 003 L684-L685
    ],
)
def test_battleroyale_a_sheet_fact_is_charged_the_purchase_that_buys_it(
    buys: RoyalePurchaseKind,
    step: RoyalePurchaseStep | None,
    chained: RoyaleChain | None,
    bonus: int | None,
    training: int | None,
) -> None:
    row = creation().price(creation().purchase_for(buys, step, chained))
    assert (row.bonus_points, row.training_points) == (bonus, training)


def test_battleroyale_the_raises_are_read_from_the_purchases() -> None:
    """003 L674-L682: one purchase raises a Strength a rank, another a Style."""
    assert sorted(RAISES.values()) == [False, True]


def test_battleroyale_a_moves_effect_is_the_kind_of_its_figures() -> None:
    """003 L1369-L1378: a Binding's escape TN is its Move Rank's TN; 003 L1379-L1385: a Blitz's Strikes its MOD;
    003 L1421-L1430: the Mystic Attack is the Move that may pay for Wound Ranks."""
    binding, blitz, mystic = sample_move("binding"), sample_move("blitz"), sample_move("mystic_attack")
    assert binding is not None and blitz is not None and mystic is not None
    assert [(f.id, f.base) for f in binding.figures] == [(RoyaleFigureKind.escape_tn, "tn")]
    assert [(f.id, f.base) for f in blitz.figures] == [(RoyaleFigureKind.offensive_actions, "mod")]
    assert mystic.wound_surcharge and not binding.wound_surcharge


def test_impact_the_bind_and_the_riposte_follow_a_parry() -> None:
    """001 L695: a Bind is made while defending with Parry; 001 L709: a Riposte follows a parried attack."""
    assert rules().bind_tactic == "parry"
    assert rules().riposte_tactics == {"parry"}


def test_impact_one_tactic_is_the_binds() -> None:
    data = rules().model_dump(mode="json")
    for t in data["defense_tactics"]:
        t["binds"] = True
    with pytest.raises(ValidationError):
        Rules.model_validate(data)


@pytest.mark.parametrize(
    ("knockdown", "tokens"),
    [
        (None, {RpgTokenType.grapple: 1, RpgTokenType.move: 1}),  # 002 L46
        (1, {RpgTokenType.grapple: 1, RpgTokenType.move: 1, RpgTokenType.knockdown: 1}),  # 002 L35
    ],
)
def test_fightrpg_a_grab_is_the_menu_bundle_of_its_kind_and_tokens(
    knockdown: int | None, tokens: dict[RpgTokenType, int]
) -> None:
    action = RpgAction(kind=RpgActionKind.grab, knockdown=knockdown, target="tiger")
    b = bundle_of(action, RPG_PACKS["default"])
    assert b.tokens == tokens and b.legal


def test_fightrpg_an_attack_spends_each_token_of_its_rows() -> None:
    """002 L22, L33: 2 Damage and 1 Knockdown tokens: damage 2, one place down the order."""
    action = RpgAction(kind=RpgActionKind.attack, damage=2, knockdown=1, target="tiger")
    b = bundle_of(action, RPG_PACKS["default"])
    assert b.tokens == {RpgTokenType.damage: 2, RpgTokenType.knockdown: 1}
    assert (b.effect.damage, b.effect.order_down) == (2, 1)


def test_fightrpg_two_knockdown_tokens_are_no_grab_of_the_menu() -> None:
    action = RpgAction(kind=RpgActionKind.grab, knockdown=2, target="tiger")
    assert [f.code for f in bundle_of(action, RPG_PACKS["default"]).findings] == ["ACTION_UNKNOWN"]


def test_fightrpg_a_grab_with_knockdown_is_judged_on_its_knockdown_token() -> None:
    """002 L35: the Knockdown grab is Grapple + Move + Knockdown; stating no Grapple token leaves it off the menu."""
    action = RpgAction(kind=RpgActionKind.grab, knockdown=1, grapple=0, target="tiger")
    b = bundle_of(action, RPG_PACKS["default"])
    assert b.tokens == {RpgTokenType.grapple: 1, RpgTokenType.move: 1, RpgTokenType.knockdown: 1}
    assert [f.code for f in b.findings] == ["ACTION_UNKNOWN"]
