"""Move activation in Spirit Dice (003 L1246–L1348, L1036–L1037, L1183, L1421–L1427) and the Bonus/Training Point
prices (003 L264–L295, L666–L706), worked by hand from the text."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.battleroyale.operations import examples
from service.rules.battleroyale.pricing.models import RoyaleMovePrice, RoyaleMoveRequest, RoyalePurchaseRequest
from service.rules.battleroyale.pricing.prices import price_move, price_purchases


def price(**body: Any) -> RoyaleMovePrice:
    return price_move(RoyaleMoveRequest.model_validate(body))


def figures(answer: RoyaleMovePrice) -> dict[str, int]:
    return {f.id: f.value for f in answer.figures}


def test_isaac_draco_signature_move() -> None:
    # 003 L1345–L1348: Master Style, at rank 2 + Signature 1 = 3 Spirit Dice; rolls 3d6 + 6
    answer = price_move(RoyaleMoveRequest.model_validate(examples("price_move")["isaac-draco-signature"]))
    assert answer.legal and answer.spirit_dice == 3 and answer.dice == 3
    assert answer.move_rank is not None and (answer.move_rank.rank, answer.move_rank.mod) == ("master", 6)
    assert answer.affordable is True


def test_binding_at_expert_has_tn_11() -> None:
    # 003 L1374–L1375: an Expert Move Rank sets the Challenge at TN 11; at rank it costs 2 (003 L1274–L1276)
    answer = price_move(RoyaleMoveRequest.model_validate(examples("price_move")["binding-at-expert"]))
    assert figures(answer) == {"escape_tn": 11} and answer.spirit_dice == 2


@pytest.mark.parametrize(
    ("shifts", "basic", "supernatural"),
    # 003 L1258–L1312: the table's rows, and +2 / +4 per Upshift past the third
    [(-2, 0, 1), (-1, 1, 2), (0, 2, 4), (1, 4, 8), (2, 6, 12), (3, 8, 16), (4, 10, 20), (5, 12, 24)],
)
def test_cost_table(shifts: int, basic: int, supernatural: int) -> None:
    assert price(style_rank="poor", shifts=shifts).spirit_dice == basic
    assert price(style_rank="poor", shifts=shifts, kind="supernatural").spirit_dice == supernatural


def test_move_rank_follows_the_shifts() -> None:
    # Good Style, 2 Upshifts → Master [+6]; 2 Downshifts → Poor [−2]
    assert price(style_rank="good", shifts=2).move_rank.rank == "master"  # type: ignore[union-attr]
    assert price(style_rank="good", shifts=-2).move_rank.mod == -2  # type: ignore[union-attr]


def test_off_the_table() -> None:
    # 003 L1258: two Downshifts at most; a Poor Style cannot go below Poor; Inconceivable is the top rank
    assert [f.code for f in price(style_rank="master", shifts=-3).violations] == ["MOVE_RANK_INVALID"]
    assert [f.code for f in price(style_rank="poor", shifts=-1).violations] == ["MOVE_RANK_INVALID"]
    assert [f.code for f in price(style_rank="master", shifts=5).violations] == ["MOVE_RANK_INVALID"]
    assert price(style_rank="master", shifts=4).move_rank.tn == 21  # type: ignore[union-attr]


def test_damaged_style_counts_from_what_is_left() -> None:
    # digest C10: Expert Style with 1 Damage Rank is Good now; at rank → Good [+2]
    assert price(style_rank="expert", style_damage=1).move_rank.rank == "good"  # type: ignore[union-attr]
    assert "STYLE_ZEROED_OUT" in [f.code for f in price(style_rank="good", style_damage=3).violations]


def test_favored_discount_and_mystic() -> None:
    # 003 L1037: one die less, never below 0
    assert price(style_rank="good", favored=True).spirit_dice == 1
    assert price(style_rank="good", shifts=-2, favored=True).spirit_dice == 0
    # 003 L1183: a Mystic Form favors every Supernatural Move: at rank 4 − 1 = 3
    assert price(style_rank="good", kind="supernatural", forms=["mystic"]).spirit_dice == 3
    # digest C9: Supernatural minimum 1 first, Favored to 0, then Signature + 1 = 1
    assert price(style_rank="good", shifts=-2, kind="supernatural", favored=True, signature=True).spirit_dice == 1


def test_mystic_attack_wound_ranks_cost_one_more() -> None:
    # 003 L1426–L1427: Wound Ranks for one more Spirit Die; a Supernatural Move at rank costs 4 (Mystic: 3)
    base = price(style_rank="expert", kind="supernatural", move="mystic_attack")
    wound = price(style_rank="expert", kind="supernatural", move="mystic_attack", wound_ranks=True)
    assert (base.spirit_dice, wound.spirit_dice) == (4, 5)
    assert [f.code for f in price(style_rank="expert", move="mystic_attack").violations] == ["MOVE_RANK_INVALID"]
    bad = price(style_rank="expert", move="mighty_blow", wound_ranks=True)
    assert [f.code for f in bad.violations] == ["WOUND_SURCHARGE_NOT_APPLICABLE"]


def test_sample_move_figures() -> None:
    # 003 L1413–L1416: Mighty Blow at Expert [+4] adds 2 × 4 = 8 Damage Ranks
    assert figures(price(style_rank="expert", move="mighty_blow")) == {"extra_damage": 8}
    # 003 L1404–L1408: Impenetrable Defense at Good [+2] takes 2 × 2 = 4 off the damage
    assert figures(price(style_rank="good", move="impenetrable_defense")) == {"damage_reduction": 4}
    # 003 L1381: Blitz gives MOD offensive actions: Master 6; Average [0] still one (digest C7)
    assert figures(price(style_rank="master", move="blitz")) == {"offensive_actions": 6}
    assert figures(price(style_rank="average", move="blitz")) == {"offensive_actions": 1}
    # 003 L1389–L1391: Cyclic Attack at Expert: Risky Challenge TN 11 for 4 turns
    assert figures(price(style_rank="expert", move="cyclic_attack")) == {"risky_challenge_tn": 11, "turns": 4}
    # 003 L1395–L1396: Drain at Good gains at most 2
    assert figures(price(style_rank="good", move="drain")) == {"spirit_dice_gained_at_most": 2}
    # 003 L1434–L1435: Sacrificial Gambit at Average counts as one Strength
    assert figures(price(style_rank="average", move="sacrificial_gambit")) == {"strengths_sacrificed": 1}


def test_supernatural_access_pack() -> None:
    assert price(style_rank="good", kind="supernatural", forms=["flame"]).legal
    refused = price(style_rank="good", kind="supernatural", forms=["flame"], pack="mystic-only")
    assert [f.code for f in refused.violations] == ["SUPERNATURAL_NOT_ALLOWED"]  # 003 L1177–L1178


def test_not_affordable_is_a_warning() -> None:
    answer = price(style_rank="good", shifts=1, spirit_dice=3)  # 1 Upshift costs 4 (003 L1282–L1284)
    assert answer.legal and answer.affordable is False
    assert [f.code for f in answer.warnings] == ["MOVE_NOT_AFFORDABLE"]


def test_purchase_prices() -> None:
    carrie = price_purchases(RoyalePurchaseRequest.model_validate(examples("price_purchases")["carrie-bonus-points"]))
    # 003 L297–L301: 3 + 1 + 2 = 6 Bonus Points; a Strength at Average has no Training Point price
    assert [ln.bonus_points for ln in carrie.lines] == [3, 1, 2]
    assert (carrie.bonus_points, carrie.training_points) == (6, None)
    training = price_purchases(RoyalePurchaseRequest.model_validate(examples("price_purchases")["training"]))
    # 003 L674–L676, L684–L685: raise a Strength 6 + new Style 12 = 18
    assert (training.bonus_points, training.training_points) == (None, 18)
    table = {
        "technique_chained": (2, 4),  # 003 L278–L279, L699
        "technique_on_focus": (1, 2),  # 003 L279–L280, L700
        "technique_unchained": (3, 6),  # 003 L280–L282, L700–L701
        "extra_flaw": (1, 2),  # 003 L285, L690–L691
        "signature_move": (3, 4),  # 003 L295, L704
        "new_strength": (None, 8),  # 003 L678
        "raise_style": (None, 10),  # 003 L681
    }
    for purchase, (bp, tp) in table.items():
        line = price_purchases(RoyalePurchaseRequest.model_validate({"purchases": [{"purchase": purchase}]})).lines[0]
        assert (line.bonus_points, line.training_points) == (bp, tp), purchase
    two = price_purchases(RoyalePurchaseRequest.model_validate({"purchases": [{"purchase": "extra_flaw", "count": 2}]}))
    assert (two.bonus_points, two.training_points) == (2, 4)


def test_purchases_for_a_character_with_training_points_on_hand() -> None:
    from .support import carrie

    body: dict[str, Any] = {
        "character": carrie(),
        "training_points": 20,
        "purchases": [
            {"purchase": "raise_strength", "trait": "focus"},  # Expert Determination → Master: 6 (003 L674–L676)
            {"purchase": "raise_style", "trait": "Kampfringen"},  # Expert → Master: 10 (L680–L682)
        ],
    }
    answer = price_purchases(RoyalePurchaseRequest.model_validate(body))
    assert (answer.training_points, answer.affordable, answer.legal) == (16, True, True)
    body["training_points"] = 15  # 16 needed
    answer = price_purchases(RoyalePurchaseRequest.model_validate(body))
    assert answer.affordable is False and [w.code for w in answer.warnings] == ["TP_NOT_AFFORDABLE"]
    body["purchases"][0]["count"] = 2  # Expert + 2 ranks passes Master, the cap (L675–L676)
    body["purchases"][1]["trait"] = "athletic"  # a Strength, not a Style
    answer = price_purchases(RoyalePurchaseRequest.model_validate(body))
    assert not answer.legal and sorted(v.code for v in answer.violations) == ["RANK_ABOVE_MASTER", "TRAIT_UNKNOWN"]
    del body["training_points"]  # on hand: the character's unspent Training Points, 0
    assert price_purchases(RoyalePurchaseRequest.model_validate(body)).training_points_on_hand == 0
