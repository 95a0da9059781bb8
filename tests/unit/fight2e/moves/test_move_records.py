"""Move checks read from typed records (issue 39; catalogue/sheet_records.py): ``sets_option`` (a variant settles its
base entry's design choice), ``waived_by`` (another entry lifts an entry's own requirement), ``payload_forbids`` and
``payload_allows`` (what a Bomb's explosion may carry, and what an Assault Bomb's shot may carry after all), read by
moves/constraints.py instead of entry ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.rules.fight2e.catalogue.catalog import CatalogError, load_catalog
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

from ..catalogue.test_catalog import GOOD_ENTRY

# a base entry with a design choice and a variant of it, to hang the records on
BASE = (
    "\n  - id: base\n    name: Base\n    kind: element\n    cost: 1\n    list_cost: '1'\n    summary: x\n"
    "    ref: '000 L3000'\n    options:\n      - name: shape\n        type: choice\n        required: false\n"
    "        choices:\n          - {value: wall}\n          - {value: pit}\n"
    "    constraints:\n      - {code: X_NEEDED, severity: error, summary: s}\n"
)


def _variant(rules: str) -> str:
    return (
        "\n  - id: base.variant\n    name: Variant\n    kind: element\n    parent: base\n"
        "    requires: {entries: [base]}\n    cost: 1\n"
        f"    list_cost: '1'\n    summary: x\n    ref: '000 L3000'\n"
        "    constraints:\n      - {code: X_NEEDED, severity: error, summary: s}\n"
        f"    rules:\n      - {rules}\n"
    )


def _own(rules: str) -> str:
    """A second base entry with the same design choice, carrying ``rules`` itself (a waiver by its own value)."""
    return (
        BASE.replace("id: base\n", "id: owner\n").replace("name: Base", "name: Owner")
        + f"    rules:\n      - {rules}\n"
    )


GOOD = {
    "waived by its own value": _own("{kind: waived_by, option: shape, values: [pit], code: X_NEEDED, ref: r}"),
    "waived by an entry or its own value": _own(
        "{kind: waived_by, entries: [base], option: shape, values: [pit], code: X_NEEDED, ref: r}"
    ),
    "a choice needing a keyword": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [{values: [pit], any_keywords: [long_range]}],"
        " code: X_NEEDED, ref: r}"
    ),
    "sets a choice": _variant("{kind: sets_option, option: shape, value: wall, ref: r}"),
    "forbids a choice": _variant(
        "{kind: forbids_choice, entry: base, option: shape, value: wall, code: X_NEEDED, message: m, ref: r}"
    ),
    "makes the choice needless": _variant("{kind: sets_option, option: shape, ref: r}"),
}

BAD = {
    "sets an option its base lacks": _variant("{kind: sets_option, option: colour, ref: r}"),
    "sets a value not among the choices": _variant("{kind: sets_option, option: shape, value: moat, ref: r}"),
    "sets an option with no base": "    rules:\n      - {kind: sets_option, option: shape, ref: r}\n",
    "waived by nothing": "    rules:\n      - {kind: waived_by, entries: [], code: X_NEEDED, ref: r}\n",
    "waived by an option with no values": _own("{kind: waived_by, option: shape, code: X_NEEDED, ref: r}"),
    "waived by values of no option": _own("{kind: waived_by, values: [pit], code: X_NEEDED, ref: r}"),
    "waived by an option the entry lacks": _own(
        "{kind: waived_by, option: colour, values: [red], code: X_NEEDED, ref: r}"
    ),
    "waived by a value its option lacks": _own(
        "{kind: waived_by, option: shape, values: [moat], code: X_NEEDED, ref: r}"
    ),
    "a choice needing an unknown keyword": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [{values: [pit], any_keywords: [moat_range]}],"
        " code: X_NEEDED, ref: r}"
    ),
    "a choice needing no keyword": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [{values: [pit], any_keywords: []}], code: X_NEEDED,"
        " ref: r}"
    ),
    "a keyword need with no rows": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [], code: X_NEEDED, ref: r}"
    ),
    "a keyword need for a value its option lacks": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [{values: [moat], any_keywords: [long_range]}],"
        " code: X_NEEDED, ref: r}"
    ),
    "a keyword need on an option the entry lacks": _own(
        "{kind: choice_needs_keyword, option: colour, needs: [{values: [red], any_keywords: [long_range]}],"
        " code: X_NEEDED, ref: r}"
    ),
    "a keyword need under a code the entry lacks": _own(
        "{kind: choice_needs_keyword, option: shape, needs: [{values: [pit], any_keywords: [long_range]}],"
        " code: Y_NEEDED, ref: r}"
    ),
    "waived by an unknown entry": _variant("{kind: waived_by, entries: [teleport], code: X_NEEDED, ref: r}"),
    "waived under a code the entry lacks": (
        "    rules:\n      - {kind: waived_by, entries: [base], code: X_NEEDED, ref: r}\n"
    ),
    "payload forbids nothing": "    rules:\n      - {kind: payload_forbids, entries: [], code: X_NEEDED, ref: r}\n",
    "payload forbids an unknown entry": (
        "    rules:\n      - {kind: payload_forbids, entries: [teleport], code: X_NEEDED, ref: r}\n"
    ),
    "payload allows an unknown family": "    rules:\n      - {kind: payload_allows, families: [teleport], ref: r}\n",
    "payload allows with an unknown field": "    rules:\n      - {kind: payload_allows, code: X_NEEDED, ref: r}\n",
    "finishes range with a figure": "    rules:\n      - {kind: finishes_range, ranges: 2, ref: r}\n",
    "keeps the nature of an option it lacks": _variant("{kind: keeps_nature, option: colour, ref: r}"),
    "keeps nature without its option": _variant("{kind: keeps_nature, ref: r}"),
    "forbids a choice of an unknown entry": (
        "    rules:\n      - {kind: forbids_choice, entry: teleport, option: shape, value: wall, code: X_NEEDED,"
        " message: m, ref: r}\n"
    ),
    "forbids a choice its entry lacks": _variant(
        "{kind: forbids_choice, entry: base, option: shape, value: moat, code: X_NEEDED, message: m, ref: r}"
    ),
    "forbids a choice without a message": _variant(
        "{kind: forbids_choice, entry: base, option: shape, value: wall, code: X_NEEDED, ref: r}"
    ),
    "cancels a keyword added by nobody": (
        "    rules:\n      - {kind: cancels_keyword, keyword: ender, added_by: [], ref: r}\n"
    ),
    "cancels a keyword added by an unknown entry": (
        "    rules:\n      - {kind: cancels_keyword, keyword: ender, added_by: [teleport], ref: r}\n"
    ),
}


def _load(tmp_path: Path, extra: str) -> None:
    (tmp_path / "10-sample.yaml").write_text("entries:" + GOOD_ENTRY + extra + BASE, encoding="utf-8")
    load_catalog(tmp_path)


@pytest.mark.parametrize("text", list(GOOD.values()), ids=list(GOOD))
def test_a_well_formed_record_loads(tmp_path: Path, text: str) -> None:
    _load(tmp_path, text)


@pytest.mark.parametrize("text", list(BAD.values()), ids=list(BAD))
def test_a_malformed_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError):
        _load(tmp_path, text)


# ---- behaviour, worked from the text ----------------------------------------------------------------------------


def _codes(
    elements: list[dict[str, Any]], level: int = 5, liabilities: list[dict[str, Any]] | None = None
) -> dict[str, list[str]]:
    request = {"level": level, "elements": elements, "liabilities": liabilities or [], "fighter": {"ki": 5}}
    price = price_move(MoveRequest.model_validate(request))
    out: dict[str, list[str]] = {}
    for f in (*price.violations, *price.warnings, *price.info):
        out.setdefault(f.code, []).append(f.path)
    return out


@pytest.mark.parametrize(("readied", "finding"), [(None, True), ("set_up", False), ("triggered_interrupt", False)])
def test_utility_combo_opener_on_an_offensive_move(readied: str | None, finding: bool) -> None:
    # 000 L4435: Utility Combo Opener needs Utility or No Damage; a Set Up move (000 L4133) or an Offensive Triggered
    # Interrupt move (000 L4413) may take it without them. A plain Special Move is Offensive.
    moves = [{"id": "utility_combo_opener"}, *([{"id": readied}] if readied else [])]
    found = _codes(moves).get("REQUIRED_KEYWORD_MISSING", [])
    assert ("elements[0]" in found) is finding


def test_damaging_hazard_settles_the_kind_of_hazard() -> None:
    # 000 L3133 and L3151: a hazard is a Wall or an Elevation Change, chosen at design, unless Damaging Hazard makes
    # the hazard a damaging one instead.
    plain = [{"id": "create_environmental_hazard"}]
    assert _codes(plain).get("DESIGN_CHOICE_MISSING") == ["elements[0]"]
    damaging = [*plain, {"id": "create_environmental_hazard.damaging_hazard"}]
    assert "DESIGN_CHOICE_MISSING" not in _codes(damaging)


@pytest.mark.parametrize(
    ("elements", "finding"),
    [
        ([{"id": "create_environmental_hazard", "options": {"hazard_type": "higher_elevation"}}], True),
        ([{"id": "create_environmental_hazard", "options": {"hazard_type": "wall"}}], False),
        # 000 L3161: Damaging Wall makes a Wall, damaging besides (it needs Damaging Hazard)
        (
            [
                {"id": "create_environmental_hazard"},
                {"id": "create_environmental_hazard.damaging_hazard"},
                {"id": "create_environmental_hazard.damaging_wall"},
            ],
            False,
        ),
        # Damaging Hazard alone makes no Wall (000 L3151)
        ([{"id": "create_environmental_hazard"}, {"id": "create_environmental_hazard.damaging_hazard"}], True),
    ],
)
def test_reflection_needs_a_wall(elements: list[dict[str, Any]], finding: bool) -> None:
    # 000 L3193: Reflection turns attacks back off the Wall the move made.
    found = _codes([*elements, {"id": "create_environmental_hazard.reflection"}], level=6)
    assert ("DESIGN_CHOICE_INVALID" in found) is finding


@pytest.mark.parametrize(
    ("payload", "assault", "finding"),
    [
        ("hits_low", False, True),  # 000 L2845: no Hits Low
        ("unblockable", False, True),  # 000 L2845: no Unblockable
        ("specific_range", False, True),  # 000 L2845: nothing that affects Range
        ("unblockable", True, False),  # 000 L2871: the Assault Bomb's shot may be Unblockable
        ("specific_range", True, False),  # … or take Specific Range
        ("hits_low", True, True),  # not Hits Low, still
        ("healing", False, False),  # 000 L2845: Healing is the one Utility Element allowed
    ],
)
def test_what_a_bomb_s_explosion_may_carry(payload: str, assault: bool, finding: bool) -> None:
    moves = [{"id": "bomb"}, *([{"id": "bomb.assault_bomb"}] if assault else []), {"id": payload}]
    found = _codes(moves, level=6).get("BOMB_PAYLOAD_FORBIDDEN", [])
    assert (f"elements[{len(moves) - 1}]" in found) is finding


@pytest.mark.parametrize(("at", "finding"), [("0", False), ("2", True)])
def test_specific_range_0_on_a_ranged_move(at: str, finding: bool) -> None:
    # 000 L4852: Ranged with Specific Range is allowed when the Range is 0. Specific Range 0 gives Throw Range
    # (000 L4854) in place of the Standard Range Ranged needs: Ranged's need is checked on the move without it.
    found = _codes([{"id": "ranged"}], liabilities=[{"id": "specific_range", "options": {"range": at}}])
    assert "REQUIRED_KEYWORD_MISSING" not in found
    assert ("SPECIFIC_RANGE_INVALID" in found) is finding  # any other Range needs Indirect


@pytest.mark.parametrize("technique_buff", [False, True])
def test_an_element_tied_to_a_buff_keeps_its_own_nature(technique_buff: bool) -> None:
    # 000 L3073: Technique Buff ties Free Movement (say) on a Buff move to the Buff's duration; the tied Element is
    # checked as itself, not against the Utility Buff's keywords. Without it, Free Movement's need is not met.
    buff = {"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "speed"}}
    tie = [{"id": "buff.technique_buff", "options": {"associated": ["free_movement"]}}] if technique_buff else []
    found = _codes([buff, {"id": "free_movement"}, *tie], level=8)
    assert ("elements[1]" in found.get("REQUIRED_KEYWORD_MISSING", [])) is not technique_buff


@pytest.mark.parametrize(("kd_pursuit", "finding"), [(False, True), (True, False)])
def test_pursuit_on_a_throw_needs_knock_down_pursuit(kd_pursuit: bool, finding: bool) -> None:
    # 000 L3912: Pursuit may not go on a move that Knocks Down (a Throw does, 000 L4335); 000 L3924–L3926: Knock
    # Down Pursuit lets a Throw take it.
    moves = [{"id": "throw"}, {"id": "pursuit"}, *([{"id": "pursuit.knock_down_pursuit"}] if kd_pursuit else [])]
    assert ("elements[1]" in _codes(moves).get("EXCLUDED_COMBINATION", [])) is finding


@pytest.mark.parametrize(
    ("at", "indirect", "finding"), [("0", False, False), ("0", True, False), ("1", False, True), ("1", True, False)]
)
def test_both_waivers_of_specific_range_s_bar_on_ranged(at: str, indirect: bool, finding: bool) -> None:
    # 000 L4852: Specific Range bars Ranged; Indirect lifts the bar, and so does a Specific Range of 0, each alone
    ranged = [{"id": "ranged"}]
    if indirect:
        ranged += [{"id": "ranged.no_ranged_response"}, {"id": "ranged.no_ranged_response.indirect"}]
    found = _codes(ranged, liabilities=[{"id": "specific_range", "options": {"range": at}}])
    assert ("liabilities[0]" in found.get("SPECIFIC_RANGE_INVALID", [])) is finding


def test_specific_range_s_waivers_are_its_records() -> None:
    # 000 L4852: both ways the bar on Ranged is lifted are data of the entry, under the bar's code
    from service.rules.fight2e.catalogue.catalog import catalog
    from service.rules.fight2e.catalogue.sheet_records import WaivedBy

    waivers = [r for r in catalog().records["specific_range"] if isinstance(r, WaivedBy)]
    assert {(r.entries, r.option, r.values, r.code) for r in waivers} == {
        (("ranged.no_ranged_response.indirect",), None, (), "SPECIFIC_RANGE_INVALID"),
        ((), "range", ("0",), "SPECIFIC_RANGE_INVALID"),
    }


@pytest.mark.parametrize(
    ("reach", "at", "finding"),
    [
        (False, "0", False),  # Range 0-2: Standard Range (a plain move's)
        (False, "2", False),
        (False, "3", True),  # Range 3: Reach or Long Range, not Standard
        (True, "3", False),
        (True, "1", True),  # Range 0-2 on a Reach move: it has neither Standard nor Long Range
        (True, "0", True),
        (True, "4", True),  # Range 4: Long Range only
    ],
)
def test_the_range_keyword_each_specific_range_needs(reach: bool, at: str, finding: bool) -> None:
    # 000 L4852: Specific Range 0 to 2 needs Standard or Long Range, 3 Reach or Long Range, 4 Long Range; Reach
    # turns the move's Standard Range into Reach Range (000 L4077-L4079)
    found = _codes([{"id": "reach"}] if reach else [], liabilities=[{"id": "specific_range", "options": {"range": at}}])
    assert ("liabilities[0]" in found.get("SPECIFIC_RANGE_INVALID", [])) is finding


@pytest.mark.parametrize(("indirect", "finding"), [(False, True), (True, False)])
def test_specific_range_2_on_a_ranged_move_needs_indirect(indirect: bool, finding: bool) -> None:
    # 000 L4852: Specific Range bars Ranged unless the move is Indirect (or the Range is 0).
    ranged = [{"id": "ranged"}]
    if indirect:
        ranged += [{"id": "ranged.no_ranged_response"}, {"id": "ranged.no_ranged_response.indirect"}]
    found = _codes(ranged, liabilities=[{"id": "specific_range", "options": {"range": "2"}}])
    assert ("liabilities[0]" in found.get("SPECIFIC_RANGE_INVALID", [])) is finding


@pytest.mark.parametrize(("bounce", "ender"), [(False, True), (True, False)])
def test_bounce_lets_a_knock_down_move_go_on_in_a_combo(bounce: bool, ender: bool) -> None:
    # 000 L2939: Knocks Down makes a move an Ender; with Bounce the move may be used inside a Combo.
    moves = [{"id": "knocks_down"}, *([{"id": "bounce"}] if bounce else [])]
    price = price_move(MoveRequest.model_validate({"level": 4, "elements": moves}))
    assert not price.violations
    assert ("ender" in price.combo_keywords) is ender


@pytest.mark.parametrize(("direction", "finding"), [("closer", True), ("away", False)])
def test_full_screen_does_not_go_with_limited_movement_closer(direction: str, finding: bool) -> None:
    # 000 L3681: Full Screen gives the move Closer; Limited Movement taken in its Closer form may not join it.
    mobile = [{"id": "mobile", "options": {"movement": "mobile"}}, {"id": "mobile.full_screen"}]
    limited = [{"id": "limited_movement", "options": {"direction": direction}}]
    found = _codes(mobile, level=4, liabilities=limited)
    assert ("elements[1]" in found.get("EXCLUDED_COMBINATION", [])) is finding
