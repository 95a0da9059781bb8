"""Move groups and optional rules as typed records (issue 39; catalogue/sheet_records.py): ``one_on_move`` (a move
takes one entry of a group), ``needs_one_of`` (a Family needs exactly one of its versions) and ``optional_rule`` (a
variant does nothing without a campaign's optional rule), read by moves/constraints.py instead of entry ids."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from service.rules.fight2e.catalogue.catalog import CatalogError, load_catalog
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

from ..catalogue.test_catalog import GOOD_ENTRY


def _entry(ident: str, rules: str, codes: tuple[str, ...] = ("X_CONFLICT",)) -> str:
    constraints = "".join(f"      - {{code: {c}, severity: error, summary: s}}\n" for c in codes)
    return (
        f"\n  - id: {ident}\n    name: {ident.title()}\n    kind: element\n    cost: 1\n    list_cost: '1'\n"
        f"    summary: x\n    ref: '000 L3000'\n    constraints:\n{constraints}    rules:\n      - {rules}\n"
    )


PAIR = _entry("fast", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}") + _entry(
    "slow", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}"
)

BAD = {
    "a group of one": _entry("fast", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}"),
    "code not among the entry's constraints": _entry(
        "fast", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}", codes=("OTHER",)
    )
    + _entry("slow", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}"),
    "members disagree on the code": _entry("fast", "{kind: one_on_move, group: speed, code: X_CONFLICT, ref: r}")
    + _entry("slow", "{kind: one_on_move, group: speed, code: Y_CONFLICT, ref: r}", codes=("Y_CONFLICT",)),
    "group without a code nobody counts": _entry("fast", "{kind: one_on_move, group: speed, ref: r}")
    + _entry("slow", "{kind: one_on_move, group: speed, ref: r}"),
    "needs one of no group": _entry("family", "{kind: needs_one_of, group: versions, code: X_CONFLICT, ref: r}"),
    "lower-case code": _entry("fast", "{kind: one_on_move, group: speed, code: x_conflict, ref: r}")
    + _entry("slow", "{kind: one_on_move, group: speed, code: x_conflict, ref: r}"),
    "unknown optional rule": "    rules:\n      - {kind: optional_rule, rule: wall_running, ref: r}\n",
    "optional rule without its ref": "    rules:\n      - {kind: optional_rule, rule: breakfall}\n",
}


def _load(tmp_path: Path, extra: str) -> None:
    (tmp_path / "10-sample.yaml").write_text("entries:" + GOOD_ENTRY + extra, encoding="utf-8")
    load_catalog(tmp_path)


@pytest.mark.parametrize("text", list(BAD.values()), ids=list(BAD))
def test_a_malformed_move_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError):
        _load(tmp_path, text)


def test_a_well_formed_group_loads(tmp_path: Path) -> None:
    _load(tmp_path, PAIR)
    _load(tmp_path, "    rules:\n      - {kind: optional_rule, rule: tech_roll, ref: r}\n")


# ---- behaviour, worked from the text ----------------------------------------------------------------------------


def _price(elements: list[dict[str, Any]], liabilities: Sequence[dict[str, Any]] = (), **extra: Any) -> Any:
    return price_move(
        MoveRequest.model_validate({"level": 5, "elements": elements, "liabilities": list(liabilities), **extra})
    )


def _found(price: Any, code: str) -> list[str]:
    return [f.path for f in (*price.violations, *price.warnings, *price.info) if f.code == code]


def test_very_fast_and_very_slow_on_one_projectile() -> None:
    # 000 L4051–L4065: Very Fast (+1 Accuracy far off) and Very Slow (−1 Accuracy far off) are opposite speeds of
    # one Ranged attack form: together, one finding, on the later entry of the group (Very Slow).
    both = _price([{"id": "ranged"}, {"id": "ranged.very_fast"}], [{"id": "ranged.very_slow"}])
    assert _found(both, "VERY_FAST_AND_VERY_SLOW") == ["liabilities[0]"]
    one = _price([{"id": "ranged"}, {"id": "ranged.very_fast"}])
    assert _found(one, "VERY_FAST_AND_VERY_SLOW") == []


def test_a_buff_takes_one_way_of_setting_its_duration() -> None:
    # 000 L3067 (Super Energy Duration cannot have Increased or Decreased Duration) and digest ruling A20: one
    # duration entry per Buff, reported once. Decreased Duration with Buff Gauge: one finding; Decreased alone: none.
    two = _price([{"id": "buff"}, {"id": "buff.buff_gauge"}], [{"id": "buff.decreased_duration"}])
    assert len(_found(two, "BUFF_DURATION_CONFLICT")) == 1
    alone = _price([{"id": "buff"}], [{"id": "buff.decreased_duration"}])
    assert _found(alone, "BUFF_DURATION_CONFLICT") == []


@pytest.mark.parametrize(
    ("versions", "findings"),
    [
        ([], 1),
        (["illusionary_doubles.defensive_illusion"], 0),
        (["illusionary_doubles.offensive_illusion"], 0),
        (["illusionary_doubles.defensive_illusion", "illusionary_doubles.offensive_illusion"], 1),
    ],
)
def test_illusionary_doubles_needs_exactly_one_version(versions: list[str], findings: int) -> None:
    # 000 L3480: the Element comes in two versions, Defensive and Offensive; the move has one of them.
    price = _price([{"id": "illusionary_doubles"}, *({"id": v} for v in versions)])
    assert len(_found(price, "ILLUSION_VERSION_REQUIRED")) == findings


@pytest.mark.parametrize(
    ("entry", "rule"), [("knocks_down.no_breakfall", "breakfall"), ("knocks_down.no_tech_roll", "tech_roll")]
)
def test_a_knock_down_variant_needs_its_optional_rule(entry: str, rule: str) -> None:
    # 000 L3637, L3643: No Breakfall / No Tech Roll deny the option only if the campaign uses that optional rule
    # (000 L2199): without it, a warning; with it, none.
    moves = [{"id": "knocks_down"}, {"id": entry}]
    assert _found(_price(moves), "OPTIONAL_RULE_INACTIVE") == ["elements[1]"]
    assert _found(_price(moves, campaign={rule: True}), "OPTIONAL_RULE_INACTIVE") == []


# ---- the pricing records: super_offense, payload_shell, super_energy_spend, lends_ki_skill ----------------------

BAD_PRICING = {
    "super offense without its ref": "    rules:\n      - {kind: super_offense}\n",
    "payload shell with a field": "    rules:\n      - {kind: payload_shell, damage: ki, ref: r}\n",
    "spend on an unknown move type": (
        "    rules:\n      - {kind: super_energy_spend, move_type: basic, spends: 10, ref: r}\n"
    ),
    "negative spend": "    rules:\n      - {kind: super_energy_spend, move_type: super, spends: -5, ref: r}\n",
    "spend through an option the entry lacks": (
        "    rules:\n      - {kind: super_energy_spend, move_type: super, spends: 20, option: energy, ref: r}\n"
    ),
    "ki lent without its ref": "    rules:\n      - {kind: lends_ki_skill}\n",
}


@pytest.mark.parametrize("text", list(BAD_PRICING.values()), ids=list(BAD_PRICING))
def test_a_malformed_pricing_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match="sample"):
        _load(tmp_path, text)


def test_the_super_offense_elements_are_the_four_the_text_names() -> None:
    # 000 L2295: Increased Accuracy, Increased Damage, Invincibility, Breakthrough.
    from service.rules.fight2e.catalogue.catalog import catalog
    from service.rules.fight2e.moves.price import offense_elements

    assert offense_elements(catalog()) == {"increased_accuracy", "increased_damage", "invincibility", "breakthrough"}


@pytest.mark.parametrize(("offense", "finding"), [(5, False), (4, True)])
def test_a_damaging_super_spends_half_its_elements_on_offense(offense: int, finding: bool) -> None:
    # 000 L2295, L5234: an L5 Super has 2 × 5 = 10 Elements, used or not (L5236); at least 10 // 2 = 5 go to the
    # four. Increased Damage (1 each) five times is enough, four times is not.
    price = _price([{"id": "increased_damage", "times": offense}], type="super")
    assert [v.code for v in price.violations] == (["SUPER_OFFENSE_SPEND_TOO_LOW"] if finding else [])


@pytest.mark.parametrize(
    ("type_", "liabilities", "spends"),
    [
        ("super", [], 10),  # 000 L5281: a Super spends 10
        ("super", [{"id": "increased_super_energy_cost", "options": {"super_energy": "30"}}], 30),  # L4968
        ("super", [{"id": "increased_super_energy_cost"}], 20),  # L4968: 20 unless raised further
        ("special", [{"id": "super_energy_liability"}], 10),  # L4868: 10, though not a Super
        ("special", [], None),
    ],
)
def test_the_super_energy_a_move_spends(type_: str, liabilities: list[dict[str, Any]], spends: int | None) -> None:
    price = _price([{"id": "increased_damage", "times": 5}], liabilities, type=type_)
    assert price.super_energy_cost == spends


def test_decreased_super_energy_cost_spends_five() -> None:
    # 000 L4920: a Super with it spends 5.
    price = _price([{"id": "increased_damage", "times": 5}, {"id": "decreased_super_energy_cost"}], type="super")
    assert price.super_energy_cost == 5


def test_a_bomb_is_a_ki_based_payload() -> None:
    # 000 L2853–L2855: the Bomb's explosion is the damaging part, based on Ki whatever the move's other entries.
    price = _price([{"id": "bomb"}], fighter={"ki": 2})
    assert price.damage is not None
    assert price.damage.based_on == "ki"


@pytest.mark.parametrize(("lent", "finding"), [(True, False), (False, True)])
def test_ki_access_lends_a_super_the_ki_skill(lent: bool, finding: bool) -> None:
    # 000 L4954: Ki Access, on a Super of a Fighter without the Ki Skill, lets it take Ranged (which needs it).
    lent_by = [{"id": "ki_access"}] if lent else []
    price = _price(
        [{"id": "increased_damage", "times": 5}, {"id": "ranged"}, *lent_by], type="super", fighter={"ki": 0}
    )
    assert bool(_found(price, "CHARACTER_REQUIREMENT_UNMET")) is finding


# ---- cost_with: an entry's cost with another entry on the move --------------------------------------------------

BAD_COST = {
    "cost with nothing": "    rules:\n      - {kind: cost_with, entries: [], cost: 2, ref: r}\n",
    "cost with an unknown entry": "    rules:\n      - {kind: cost_with, entries: [teleport], cost: 2, ref: r}\n",
    "cost off the half-slot grid": "    rules:\n      - {kind: cost_with, entries: [sample], cost: 1.25, ref: r}\n",
}


@pytest.mark.parametrize("text", list(BAD_COST.values()), ids=list(BAD_COST))
def test_a_malformed_cost_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match="sample"):
        _load(tmp_path, text)


def _cost(price: Any, ident: str) -> float:
    return next(e.cost for e in price.entries if e.id == ident)


@pytest.mark.parametrize("ident", ["area_effect", "explosive"])
def test_an_area_counts_as_five_elements_with_ranged(ident: str) -> None:
    # 000 L2841 (Area Effect), L3330 (Explosive): 2 Elements; 5 on a move that also has Ranged.
    assert _cost(_price([{"id": ident}], fighter={"ki": 3}), ident) == 2
    assert _cost(_price([{"id": ident}, {"id": "ranged"}], fighter={"ki": 3}), ident) == 5


def test_charge_back_costs_one_with_counter() -> None:
    # 000 L3107: 0, raised to 1 with the Counter Element on the move.
    assert _cost(_price([{"id": "charge_back"}]), "charge_back") == 0
    assert _cost(_price([{"id": "charge_back"}, {"id": "counter"}]), "charge_back") == 1


# ---- adds_elements and power_up_target --------------------------------------------------------------------------

BAD_MARKS = {
    "adds elements with a field": "    rules:\n      - {kind: adds_elements, targets: 2, ref: r}\n",
    "power up target without its ref": "    rules:\n      - {kind: power_up_target}\n",
}


@pytest.mark.parametrize("text", list(BAD_MARKS.values()), ids=list(BAD_MARKS))
def test_a_malformed_mark_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match="sample"):
        _load(tmp_path, text)


@pytest.mark.parametrize(
    ("added", "finding"),
    [("power_enhancer", True), ("buff", True), ("taunt.element_addition", True), ("aerial", False)],
)
def test_a_buff_hands_out_no_element_that_adds_elements(added: str, finding: bool) -> None:
    # 000 L2963: never Buff itself, nor an Element whose effect adds Elements to a move (Power Enhancer, its and
    # Taunt's Element Addition); an ordinary Element (Aerial) may be given.
    price = _price([{"id": "buff", "options": {"added_entries": added, "target_moves": "jab"}}])
    assert bool(_found(price, "BUFF_FORBIDDEN_ADDITION")) is finding


@pytest.mark.parametrize(("harm", "finding"), [([], True), ([{"id": "healing"}], False)])
def test_power_up_on_a_utility_move_needs_harm_or_healing(harm: list[dict[str, Any]], finding: bool) -> None:
    # 000 L3864: Power Up goes on a Utility move only with a damaging hazard (a Bomb) or Healing. A Buff is Utility.
    buff = {"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "strength"}}
    price = _price([buff, *harm, {"id": "power_up"}])
    assert bool(_found(price, "POWER_UP_ON_UTILITY")) is finding


# ---- several_targets and forbids_on_move ------------------------------------------------------------------------

BAD_TARGETS = {
    "several targets with a count": "    rules:\n      - {kind: several_targets, count: 3, ref: r}\n",
    "forbids nothing": "    rules:\n      - {kind: forbids_on_move, entries: [], code: X_FORBIDDEN, ref: r}\n",
    "forbids an unknown entry": (
        "    rules:\n      - {kind: forbids_on_move, entries: [teleport], code: X_FORBIDDEN, ref: r}\n"
    ),
    "forbids under a code the entry lacks": (
        "    rules:\n      - {kind: forbids_on_move, entries: [sample], code: X_FORBIDDEN, ref: r}\n"
    ),
}


@pytest.mark.parametrize("text", list(BAD_TARGETS.values()), ids=list(BAD_TARGETS))
def test_a_malformed_target_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match="sample"):
        _load(tmp_path, text)


@pytest.mark.parametrize(("area", "finding"), [("area_effect", True), ("explosive", True), (None, False)])
def test_away_needs_a_single_target(area: str | None, finding: bool) -> None:
    # 000 L2419: Away moves the user away from the one target of the move, never with Area Effect or Explosive.
    # Limited Movement (direction away) gives the move Away.
    moves = [{"id": "limited_movement", "options": {"direction": "away"}}, *([{"id": area}] if area else [])]
    price = _price(moves, fighter={"ki": 3})
    assert bool(_found(price, "MODIFIER_KEYWORD_TARGETING")) is finding


@pytest.mark.parametrize(("ally", "finding"), [("explosive", True), ("area_effect", True), ("increased_damage", False)])
def test_a_summoned_ally_strikes_one_target(ally: str, finding: bool) -> None:
    # 000 L4189: the ally's Basic Moves may not have Area Effect or Explosive; Increased Damage is fine.
    price = _price([{"id": "summon", "options": {"ally_elements": [ally]}}], fighter={"ki": 3})
    assert bool(_found(price, "SUMMON_ALLY_ELEMENT_FORBIDDEN")) is finding


@pytest.mark.parametrize(
    ("other", "finding"), [("summon", True), ("create_environmental_hazard", True), ("aerial", False)]
)
def test_a_bomb_move_is_neither_a_hazard_nor_a_summon(other: str, finding: bool) -> None:
    # 000 L2845: a Bomb move may not also Create an Environmental Hazard or Summon.
    price = _price([{"id": "bomb"}, {"id": other}], fighter={"ki": 3})
    assert bool(_found(price, "BOMB_UTILITY_FORBIDDEN")) is finding
