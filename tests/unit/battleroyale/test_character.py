"""Character creation and advancement (003 L28–L305, L644–L706), figures worked by hand from the text."""

from __future__ import annotations

from typing import Any

from service.rules.battleroyale.character.models import RoyaleCharacterRequest, RoyaleCharacterValidation
from service.rules.battleroyale.character.validation import validate_character

from .support import carrie, codes, warning_codes


def check(character: dict[str, Any], pack: str = "default") -> RoyaleCharacterValidation:
    return validate_character(RoyaleCharacterRequest.model_validate({"character": character, "pack": pack}))


def trait(answer: RoyaleCharacterValidation, trait_id: str) -> Any:
    return next(t for t in answer.derived.traits if t.id == trait_id)


def test_carrie_walk_through_is_a_legal_build() -> None:
    answer = check(carrie())
    assert answer.valid and not answer.warnings, (answer.violations, answer.warnings)
    d = answer.derived
    # 003 L217–L225: Focus raised once, Athletic and A Very Scary Individual bought: 1 + 1 + 1 = 3 Strength Ranks
    assert (d.strength_ranks.allowed, d.strength_ranks.used) == (3, 3)
    # 003 L245–L247: both Style Ranks buy Expert Kampfringen (Good, then Expert): 4 halves of 4
    assert (d.style_ranks.allowed_halves, d.style_ranks.used_halves) == (4, 4)
    # 003 L297–L301: unchained For Justice 3 + Fearless on the Focus 1 + Average Tough 2 = 6 Bonus Points
    assert (d.bonus_points.allowed, d.bonus_points.used) == (6, 6)
    # 003 L552–L554: 1 for showing up + 1 for her one Style (Expert, not Master) = 2
    assert d.session_spirit_dice == 2
    # 003 L468–L476: each trait takes rank+1 Damage Ranks before Zeroing Out:
    # Good 3 + Good 3 + Expert 4 (cores) + Good 3 + Good 3 + Average 2 + Expert Kampfringen 4 = 22
    assert d.damage_capacity == 22
    assert (trait(answer, "kampfringen").rank, trait(answer, "kampfringen").mod) == ("expert", 4)
    assert trait(answer, "tough").mod == 0


def test_kung_fu_two_damage_ranks_expert_to_average() -> None:
    c = carrie()
    # 003 L470–L472: Expert [+4] with 2 Damage Ranks is Average [0]
    c["styles"][0]["wound_ranks"] = 1
    c["styles"][0]["failure_ranks"] = 1
    t = trait(check(c), "kampfringen")
    assert (t.current_rank, t.current_mod, t.zeroed_out, t.ranks_to_zero_out) == ("average", 0, False, 2)


def test_good_strength_three_ranks_zeroes_out() -> None:
    c = carrie()
    c["strengths"][0]["wound_ranks"] = 3  # 003 L474–L475, L511–L513: Good − 3 is below Poor
    answer = check(c)
    t = trait(answer, "athletic")
    assert (t.current_rank, t.current_mod, t.zeroed_out, t.ranks_to_zero_out) == (None, None, True, 0)
    assert answer.derived.damage_capacity == 22 - 3 and answer.valid


def test_damage_beyond_zero_out_is_a_violation() -> None:
    c = carrie()
    c["strengths"][2]["wound_ranks"] = 3  # Average Tough takes 2 before Zeroing Out (003 L512–L513)
    assert codes(check(c)) == ["DAMAGE_BEYOND_ZERO"]


def test_absolute_zero_when_every_trait_is_zeroed() -> None:
    c = carrie()
    capacity = {"good": 3, "average": 2, "expert": 4}  # rank + 1 ranks each (003 L470–L475)
    for s in [*c["core"].values(), *c["strengths"], *c["styles"]]:
        s["wound_ranks"] = capacity[s.get("rank", "good")]
    c["core"]["focus"]["wound_ranks"] = 3  # Expert Focus keeps one rank: Poor
    d = check(c).derived
    assert (d.absolute_zero, d.damage_capacity) == (False, 1)
    c["core"]["focus"]["failure_ranks"] = 1  # 003 L476, L515–L518: every trait Zeroed Out
    d = check(c).derived
    assert (d.absolute_zero, d.damage_capacity) == (True, 0)


def test_core_strength_below_good() -> None:
    c = carrie()
    c["core"]["past"]["rank"] = "average"  # 003 L206: the Past is Good
    answer = check(c)
    assert "CORE_STRENGTHS_INVALID" in codes(answer)


def test_master_cap_and_new_master_strength_costs_three_ranks() -> None:
    c = carrie()
    # 003 L217–L219: a new Strength at Good (1 rank) raised twice to Master (2 ranks) = all 3 ranks
    c["core"]["focus"]["rank"] = "good"
    c["strengths"] = [
        {"id": "iron_will", "name": "Iron Will", "rank": "master"},
        {"id": "tough", "name": "Tough", "rank": "average", "bought_with": "bonus_points"},
    ]
    answer = check(c)
    assert answer.valid and answer.derived.strength_ranks.used == 3
    c["strengths"][0]["rank"] = "impressive"  # above Master (003 L218–L219)
    assert codes(check(c)) == ["RANK_ABOVE_MASTER", "STRENGTH_RANKS_OVERSPENT"]


def test_strength_ranks_overspent_and_unspent() -> None:
    c = carrie()
    c["strengths"].append({"id": "rich", "name": "Rich", "rank": "good"})  # a 4th rank of 3 (003 L217)
    assert codes(check(c)) == ["STRENGTH_RANKS_OVERSPENT"]
    c = carrie()
    c["strengths"].pop(0)  # 2 of 3 used
    assert warning_codes(check(c)) == ["STRENGTH_RANKS_UNSPENT"]


def test_exchanging_a_style_rank_for_two_strength_ranks() -> None:
    c = carrie()
    # 003 L242–L243: one Style Rank exchanged → 3 + 2 = 5 Strength Ranks, 1 Style Rank left
    c["style_ranks_exchanged"] = 1
    c["styles"][0]["rank"] = "good"
    c["strengths"] += [{"id": "rich", "name": "Rich", "rank": "good"}, {"id": "fast", "name": "Fast", "rank": "good"}]
    c["spirit_dice"] = 2
    answer = check(c)
    assert answer.valid and not answer.warnings
    assert answer.derived.strength_ranks.allowed == 5 and answer.derived.style_ranks.allowed_halves == 2
    c["style_ranks_exchanged"] = 3
    assert "EXCHANGE_INVALID" in codes(check(c))


def test_split_style_rank_into_two_average_styles() -> None:
    c = carrie()
    # 003 L233–L234: one rank split into two Average Styles, the other buys a Good Style: 1 + 1 = 2 ranks
    c["styles"] = [
        {
            "id": "boxing",
            "name": "Boxing",
            "rank": "average",
            "bought_with": "split_average",
            "forms": ["flame"],
            "theme": "punches",
        },
        {
            "id": "savate",
            "name": "Savate",
            "rank": "average",
            "bought_with": "split_average",
            "forms": ["wind"],
            "theme": "kicks",
        },
        {"id": "judo", "name": "Judo", "rank": "good", "forms": ["ocean"], "theme": "throws"},
    ]
    c["spirit_dice"] = 4  # 003 L552–L553: 1 + one per Style (3)
    answer = check(c)
    assert answer.valid and not answer.warnings, (answer.violations, answer.warnings)
    assert answer.derived.style_ranks.used_halves == 4 and answer.derived.session_spirit_dice == 4
    c["styles"][2]["rank"] = "expert"  # one more rank than the two
    assert codes(check(c)) == ["STYLE_RANKS_OVERSPENT"]


def test_bonus_points_overspent_and_each_price() -> None:
    c = carrie()
    c["signature_moves"] = [{"id": "iron_grip", "name": "Iron Grip", "style": "kampfringen"}]  # +3 (003 L295)
    answer = check(c)
    assert codes(answer) == ["BONUS_POINTS_OVERSPENT"] and answer.derived.bonus_points.used == 9
    c = carrie()
    c["techniques"] = [{"name": "Bar Fights", "chained_to": "athletic"}]  # 2 (003 L278–L279)
    c["flaws"].append({"name": "Nosy"})  # an extra Flaw: 1 (003 L285)
    answer = check(c)  # 2 + 1 + Tough 2 = 5 of 6
    assert answer.derived.bonus_points.used == 5 and warning_codes(answer) == ["BONUS_POINTS_UNSPENT"]


def test_structure_rules() -> None:
    c = carrie()
    c["flaws"] = []  # 003 L251–L257
    c["styles"][0]["forms"] = []  # 003 L988–L989: Name, Form and Theme
    c["techniques"][1]["chained_to"] = "cooking"  # 003 L269
    c["signature_moves"] = [{"id": "athletic", "name": "Lock", "style": "judo", "move": "teleport"}]
    c["techniques"].pop(0)
    c["strengths"].pop()  # Bonus Points: Technique chained 2 + Signature Move 3 = 5 of 6
    answer = check(c)
    assert codes(answer) == [
        "DUPLICATE_ID",
        "FLAW_MISSING",
        "SIGNATURE_MOVE_INVALID",
        "SIGNATURE_MOVE_INVALID",
        "STYLE_INCOMPLETE",
        "TECHNIQUE_CHAIN_INVALID",
    ]


def test_start_pools() -> None:
    c = carrie()
    c["spirit_dice"] = 3  # 003 L303–L305: the session allotment is 2
    assert codes(check(c)) == ["START_POOLS_INVALID"]
    c = carrie()
    c["training_points"] = 1  # 003 L304–L305: 0 Training Points
    assert codes(check(c)) == ["TP_BALANCE_MISMATCH"]


def test_master_style_adds_a_session_spirit_die_and_extras() -> None:
    c = carrie()
    c["style_ranks_exchanged"] = 0
    c["styles"][0]["rank"] = "master"
    c["styles"][0]["training_raises"] = 1
    c["training_points_earned"] = 10  # 003 L680–L682: 10 Training Points a Style rank
    c["session"] = {"hosting": True, "refreshments": True}
    c.pop("spirit_dice")
    answer = check(c)
    # 003 L552–L556: showing up 1 + one Style 1 + at Master 1 + hosting 1 + refreshments 1 = 5
    assert answer.derived.session_spirit_dice == 5
    assert answer.valid and answer.derived.training_points.spent == 10
    t = trait(answer, "kampfringen")
    assert (t.creation_rank, t.rank) == ("expert", "master")


def test_training_point_ledger() -> None:
    c = carrie()
    c.pop("spirit_dice")
    c.pop("training_points")
    # 003 L674–L706: Tough Average → Good 6; a new Good Strength 8; a new Good Style 12; a Technique on the
    # Focus 2; a new Flaw 2; a Signature Move from a Move used 3 times 4 → 34
    c["strengths"][2]["rank"] = "good"
    c["strengths"][2]["training_raises"] = 1
    c["strengths"].append({"id": "rich", "name": "Rich", "rank": "good", "bought_with": "training"})
    c["styles"].append(
        {"id": "judo", "name": "Judo", "rank": "good", "bought_with": "training", "forms": ["ocean"], "theme": "throws"}
    )
    c["techniques"].append({"name": "Stare Down", "chained_to": "focus", "bought_with": "training"})
    c["flaws"].append({"name": "Nosy", "bought_with": "training"})
    c["signature_moves"] = [
        {"id": "iron_grip", "name": "Iron Grip", "style": "kampfringen", "bought_with": "training", "times_used": 3}
    ]
    c["training_points_earned"] = 34
    c["training_points"] = 0
    answer = check(c)
    assert answer.valid, answer.violations
    assert answer.derived.training_points.spent == 34
    c["training_points_earned"] = 33
    c.pop("training_points")
    assert codes(check(c)) == ["TP_OVERSPENT"]
    c["training_points_earned"] = 34
    c["signature_moves"][0]["times_used"] = 2  # 003 L704: used at least 3 times
    assert codes(check(c)) == ["SIGNATURE_MOVE_NOT_EARNED"]


def test_mystic_only_pack_refuses_a_supernatural_signature_move_of_another_form() -> None:
    c = carrie()
    c["techniques"] = []
    c["strengths"].pop()
    c["strengths"].append({"id": "tough", "name": "Tough", "rank": "good"})
    c["core"]["focus"]["rank"] = "good"
    c["signature_moves"] = [{"id": "quake", "name": "Quake", "style": "kampfringen", "supernatural": True}]
    assert check(c).valid  # anyone with a Style may (digest C24 default)
    assert codes(check(c, pack="mystic-only")) == ["SUPERNATURAL_NOT_ALLOWED"]  # 003 L1177–L1178


def test_session_start_bowl_and_spirit_dice() -> None:
    from service.rules.battleroyale.between_scenes.session import start_session
    from service.rules.battleroyale.between_scenes.session_models import RoyaleSessionRequest

    answer = start_session(RoyaleSessionRequest.model_validate({"players": 4, "characters": [carrie()]}))
    # 003 L541–L542: two dice per player, the GM included: 2 × (4 + 1) = 10; Carrie: 1 + 1 Style = 2 (L552–L554)
    assert answer.bowl == 10 and [(c.name, c.spirit_dice) for c in answer.characters] == [("Carrie Schatz", 2)]
