"""Validating a fighter: the sample fighter of the text (001 L162-176), then one test per build rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from service.rules.impact.fighter.models import ImpactFighterRequest
from service.rules.impact.fighter.validation import validate_fighter

from .helpers import FRANK_LEDGER, buy, codes, validate

FRANK_SHEET = {
    "power": {"left": 1, "right": 3},
    "speed": {"left": 2, "right": 1},
    "tactics": 2,
    "defense": 2,
    "maneuvers": {
        "straight_punch": 4,
        "jab": 2,
        "gouge": 2,
        "palm_strike": 2,
        "groin_punch": 2,
        "hook_punch": 4,
        "uppercut": 2,
        "round_kick": 3,
        "sweep_kick": 2,
        "grapple": 2,
        "joint_lock": 1,
    },
    "toughness": {"head": 6},
}


def test_frank_step_by_step() -> None:
    # 001 L164-176, each step priced by the stated rules:
    # Power R 1->3: 30 + 45 = 75 (L164); Speed L 1->2: 30 (L164-166); Tactics 1->2: 60 by L132 (the text's 40 is a
    # slip, digest A4); Straight 1->4: 40 + 60 + 80 = 180 (L168); Hook 1->4: 180 (L168); Round 1->3: 40 + 60 = 100,
    # Sweep 1->2: 40 (L170); Grapple 1->2: 80, Joint-Lock 0->1: 60 (L172); Head Toughness 5->6: 150 (L174);
    # Defense 1->2: 50 (L174).
    answer = validate({"purchases": FRANK_LEDGER})
    assert [s.cost for s in answer.steps] == [30, 45, 30, 60, 40, 60, 80, 40, 60, 80, 40, 60, 40, 80, 60, 150, 50]
    # The text's breather total is 785 (L174), made with Tactics at 40; at the stated 60 it is 805.
    assert sum(s.cost for s in answer.steps[:15]) == 805 == 785 + 20
    # The text then says 255 remain, but 1000 - 785 = 215 (digest A5); and it ends with 25 left, where its own
    # figures give 1000 - 785 - 150 - 50 = 15. By the stated rules Frank spends 1005: five over.
    assert answer.derived.pp_spent == 1005 and answer.derived.pp_left == -5
    assert codes(answer) == [("PP_OVERSPENT", "fighter")]
    levels = {m.id: m.level for m in answer.derived.maneuvers}
    assert {k: levels[k] for k in FRANK_SHEET["maneuvers"]} == FRANK_SHEET["maneuvers"]  # type: ignore[index]
    assert [(t.id, t.level) for t in answer.derived.defense_tactics] == [("cover_up", 2), ("duck_and_weave", 1)]
    assert answer.derived.average_speed == 1  # (2 + 1) // 2, 001 L208


def test_frank_at_the_samples_tactics_price_has_fifteen_left() -> None:
    # With a 1015 PP budget (the sample's 985 + 30), the 1005 spent leaves 10; the budget override is a warning
    answer = validate({"purchases": FRANK_LEDGER, "pp_budget": 1015})
    assert answer.valid and answer.derived.pp_left == 10
    assert [f.code for f in answer.warnings] == ["PP_BUDGET_OVERRIDDEN"]
    assert [f.code for f in answer.info] == ["PP_UNSPENT"]


def test_frank_sheet_by_canonical_replay() -> None:
    # The bare sheet is replayed in a canonical order and costs what the ledger did
    answer = validate({"sheet": FRANK_SHEET})
    assert answer.derived.pp_spent == 1005 and codes(answer) == [("PP_OVERSPENT", "fighter")]


def test_ledger_and_sheet_agree() -> None:
    assert codes(validate({"purchases": FRANK_LEDGER, "sheet": FRANK_SHEET})) == [("PP_OVERSPENT", "fighter")]
    wrong = FRANK_SHEET | {"tactics": 3}
    assert ("SHEET_MISMATCH", "fighter.sheet.tactics") in codes(validate({"purchases": FRANK_LEDGER, "sheet": wrong}))


def test_base_fighter() -> None:
    # 001 L130-160: every fighter starts at 1 in Power, Speed, Tactics and Defense, Stamina 50, the sheet's areas
    answer = validate({})
    d = answer.derived
    assert (d.power.left, d.power.right, d.speed.left, d.speed.right, d.tactics, d.defense) == (1, 1, 1, 1, 1, 1)
    assert d.stamina_max == 50 and d.pp_spent == 0 and d.pp_left == 1000
    assert [(t.id, t.level) for t in d.defense_tactics] == [("cover_up", 1)]  # 001 L152
    head = next(a for a in d.areas if a.area == "head")
    assert head.toughness == 5  # 001 L174
    assert answer.valid and [f.code for f in answer.info] == ["PP_UNSPENT"]


def test_ratio_missing() -> None:
    # 001 L136: each side picks 2:1 or 1:2
    answer = validate({"ratios": {"right": "power_2_1"}})
    assert codes(answer) == [("PSR_MISSING", "fighter.ratios.left")]


def test_ratio_broken_on_a_sheet() -> None:
    # 001 L136: a 2:1 side with Power 3 and Speed 2 breaks it (3 < 2 x 2)
    answer = validate({"sheet": {"power": {"right": 3}, "speed": {"right": 2}}})
    assert ("PSR_VIOLATION", "fighter.sheet.speed.right") in codes(answer)


def test_below_base() -> None:
    answer = validate({"sheet": {"tactics": 0, "toughness": {"head": 4}}})
    assert set(codes(answer)) == {
        ("BELOW_BASE_VALUE", "fighter.sheet.tactics"),  # 001 L132
        ("BELOW_BASE_VALUE", "fighter.sheet.toughness.head"),  # 001 L160, L174
    }


def test_limb_pair_mismatch() -> None:
    # 001 L160: the two arms rise together, so they never differ
    answer = validate({"sheet": {"toughness": {"left_arm": 4}}})
    assert ("LIMB_PAIR_MISMATCH", "fighter.sheet.toughness") in codes(answer)


def test_stamina_increment() -> None:
    assert ("STAMINA_INCREMENT", "fighter.sheet.stamina") in codes(validate({"sheet": {"stamina": 55}}))  # 001 L148


def test_unknown_maneuver_on_a_sheet() -> None:
    answer = validate({"sheet": {"maneuvers": {"flying_dragon": 2}}})
    assert codes(answer) == [("UNKNOWN_MANEUVER", 'fighter.sheet.maneuvers["flying_dragon"]')]


def test_air_inconsistent() -> None:
    # 001 L142: Straight at 4 always lifts a Jab at 1, so Straight 4 beside Jab 1 cannot be bought
    answer = validate(
        {"sheet": {"maneuvers": {"straight_punch": 4, "jab": 1, "gouge": 2, "palm_strike": 2, "groin_punch": 2}}}
    )
    assert codes(answer) == [("AIR_INCONSISTENT", 'fighter.sheet.maneuvers["jab"]')]


def test_level_skipped_in_a_ledger() -> None:
    # 001 L114: a Straight Punch at 1 cannot be bought straight to 3
    answer = validate({"purchases": [buy("maneuver", 3, maneuver="straight_punch")]})
    assert codes(answer) == [("LEVEL_SKIPPED", "fighter.purchases[0]")]


def test_every_finding_at_once() -> None:
    answer = validate({"ratios": {}, "sheet": {"stamina": 55, "tactics": 0, "maneuvers": {"nope": 1}}})
    assert {c for c, _ in codes(answer)} == {"PSR_MISSING", "STAMINA_INCREMENT", "BELOW_BASE_VALUE", "UNKNOWN_MANEUVER"}
    assert all(f.ref is not None and f.ref.line.startswith("001 L") for f in answer.violations)


def test_incomplete_purchases_reported() -> None:
    # a purchase must name one value (001 L112): a Power step without its side, a level past the bound
    answer = validate(
        {"purchases": [{"stat": "power"}, {"stat": "tactics", "to_level": 99}, {"stat": "tactics", "side": "left"}]}
    )
    assert [c for c, _ in codes(answer)] == ["PURCHASE_INCOMPLETE"] * 3 and answer.derived.pp_spent == 0


def test_malformed_requests_refused() -> None:
    with pytest.raises(ValidationError):
        ImpactFighterRequest.model_validate({"fighter": {"purchases": [{"stat": "jump"}]}})
    with pytest.raises(ValidationError):
        ImpactFighterRequest.model_validate({"fighter": {}, "pack": "nope"})


EXAMPLES = Path(__file__).resolve().parents[3] / "service" / "rules" / "impact" / "data" / "examples"


def test_validate_examples() -> None:
    examples = json.loads((EXAMPLES / "validate_fighter.json").read_text())
    spent = [validate_fighter(ImpactFighterRequest.model_validate(body)).derived.pp_spent for body in examples.values()]
    # Frank as a ledger, as a sheet, and as a sheet printing its tactics (test_frank_step_by_step,
    # test_defense_tactics_as_printed)
    assert spent == [1005, 1005, 1005]


def test_served_json_is_the_typed_answer() -> None:
    from service.rules.impact.fighter.models import ImpactFighterValidation
    from service.rules.impact.fighter.validation import validate_fighter_json

    for body in json.loads((EXAMPLES / "validate_fighter.json").read_text()).values():
        request = ImpactFighterRequest.model_validate(body)
        served = ImpactFighterValidation.model_validate_json(validate_fighter_json(request))
        assert served == validate_fighter(request)


def test_defense_tactics_as_printed() -> None:
    # 001 L174: Frank's Defense 2 gives Cover-Up 2 and Duck & Weave 1; printed so, nothing is wrong
    printed = FRANK_SHEET | {"defense_tactics": {"cover_up": 2, "duck_and_weave": 1}}
    assert codes(validate({"sheet": printed})) == [("PP_OVERSPENT", "fighter")]
    # 001 L156: Defense 3 gives Cover-Up 3, Duck & Weave 2 and Parry 1; a sheet printing Duck & Weave 1 and no
    # Parry is wrong twice, a Slip printed at 1 once more
    wrong = {"defense": 3, "defense_tactics": {"cover_up": 3, "duck_and_weave": 1, "slip": 1}}
    assert [c for c in codes(validate({"sheet": wrong})) if c[0] == "DEFENSE_TACTICS_MISMATCH"] == [
        ("DEFENSE_TACTICS_MISMATCH", "fighter.sheet.defense_tactics.duck_and_weave"),
        ("DEFENSE_TACTICS_MISMATCH", "fighter.sheet.defense_tactics.parry"),
        ("DEFENSE_TACTICS_MISMATCH", "fighter.sheet.defense_tactics.slip"),
    ]
