"""Every remaining rule of the digest (§4) fires on a small change to a hand-built Fighter, with its severity.

The changes are single facts a player could write down; the rule each one breaks is the digest's. Other
findings may come along (the change can upset a budget too); the test only asks for the named code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from service.rules.fight2e.fighters.codes import FIGHTER_CODES, UNSUPPORTED
from tests.unit.fight2e.fighters.support import BUILDS, Json, el, move, validate

Change = Callable[[Json], Any]


def _set(**values: Any) -> Change:
    return lambda f: f.update(values)


def _append(key: str, *items: Any) -> Change:
    return lambda f: f.setdefault(key, []).extend(items)


def _edit(fn: Callable[[Json], None]) -> Change:
    return fn


def _combat(**skills: int) -> Change:
    return lambda f: f.update(combat_skills=skills)


CASES: list[tuple[str, str, Change, dict, str]] = [
    # (build, code, change, campaign, severity)
    ("pl8", "PL_EXTENDED_NOT_BOSS", _set(power_level=9), {"boss_extended_power_levels": True}, "error"),
    (
        "pl8",
        "GLORY_IGNORED_FOR_BOSS_PL",
        _set(power_level=9, role="boss"),
        {"boss_extended_power_levels": True},
        "info",
    ),
    (
        "pl8",
        "BOSS_BUDGETS_AS_PL8",
        _edit(lambda f: f.update(power_level=9, role="boss") or f["combat_skills"].update(tactics=3)),
        {"boss_extended_power_levels": True},
        "error",
    ),
    (
        "pl8",
        "BOSS_MOVE_POINT_SHORTFALL",
        _edit(
            lambda f: (
                f.update(power_level=9, role="boss")
                or f["moves"].append(
                    move(
                        "Third Super",
                        5,
                        [el("increased_damage", 6), el("hits_low"), el("anti_air"), el("aerial"), el("mobile")],
                        kind="super",
                    )
                )
            )
        ),
        {"boss_extended_power_levels": True},
        "warning",
    ),
    ("pl1", "CREATION_GLORY_NOT_ZERO", _set(glory=5), {}, "warning"),
    ("pl1", "BEAST_FORM_INVALID", _set(beast_form_boosts=["strength"]), {"transformations_enabled": True}, "error"),
    (
        "pl3",
        "BEAST_FORM_BOOST_WASTED",
        _set(beast_form_boosts=["strength", "stamina"]),
        {"transformations_enabled": True},
        "warning",
    ),
    ("pl1", "WEAKNESS_UNKNOWN", _set(weaknesses=[{"id": "clumsy"}]), {}, "error"),
    (
        "pl2",
        "QUALITY_EXCHANGE_TIMING",
        _set(quality_exchanges=[{"converted_to": "combat", "acquired_at_pl": 3}]),
        {},
        "error",
    ),
    (
        "pl1",
        "QUALITY_REPEAT_LIMIT",
        _set(
            qualities=[{"id": "distracting", "director_approved": True, "params": {"benefit": "damage_reduction"}}] * 3
            + [{"id": "driven"}]
        ),
        {},
        "error",
    ),
    (
        "pl1",
        "QUALITY_REPEAT_LIMIT",
        _set(
            qualities=[{"id": "gun_expert", "params": {"category": "firearms"}}] * 2
            + [{"id": "driven"}, {"id": "fame"}]
        ),
        {},
        "error",
    ),
    (
        "pl1",
        "WEAKNESS_LIMIT_EXCEEDED",
        _set(weaknesses=[{"id": "honorable"}, {"id": "amnesia"}]),
        {"max_weaknesses": 1},
        "warning",
    ),
    ("pl1", "QUIRKS_RECOMMENDED", _set(quirks=[]), {}, "info"),
    ("pl1", "QUIRK_PARAMS_MISSING", _append("quirks", {"id": "in_love"}), {}, "warning"),
    ("pl1", "TONE_MISMATCH", _append("quirks", {"id": "nosebleeds"}), {"serious_tone": True}, "info"),
    (
        "pl1",
        "TECHNIQUE_SLOT_COST",
        _edit(
            lambda f: f["qualities"].__setitem__(
                3, {"id": "technique", "slot_cost": 2, "director_approved": True, "params": {"subject": "aerial_block"}}
            )
        ),
        {},
        "warning",
    ),
    (
        "pl1",
        "DIRECTOR_APPROVAL_REQUIRED",
        _edit(lambda f: f["qualities"].__setitem__(3, {"id": "technique", "params": {"subject": "aerial_block"}})),
        {"approved_techniques": ["aerial_block"]},
        "warning",
    ),
    (
        "styles",
        "MULTIPLE_STYLES_EXCESSIVE",
        _edit(lambda f: f["qualities"].extend([{"id": "multiple_styles", "director_approved": True}] * 2)),
        {},
        "warning",
    ),
    (
        "pl1",
        "SKILL_LEVEL_INVALID",
        _edit(lambda f: f["narrative_skills"].__setitem__(4, {"id": "stealth", "level": -1})),
        {},
        "error",
    ),
    (
        "pl1",
        "SPECIALIZATION_BASE_MISSING",
        _append("narrative_skills", {"id": "specialization", "level": 1, "subject": "lockpicking: safes"}),
        {},
        "warning",
    ),
    ("pl1", "SKILL_SUBJECT_MISSING", _append("narrative_skills", {"id": "occupation", "level": 1}), {}, "warning"),
    ("pl1", "COMBO_ONE_INEFFECTIVE", _combat(defense=3, evasion=1, combo=1), {}, "info"),
    ("pl8", "COMBO_ABOVE_PRACTICAL_LIMIT", _combat(combo=28), {}, "info"),
    ("pl1", "ATTACK_STRING_WITHOUT_CAMPAIGN", _combat(defense=3, evasion=1, attack_string=1), {}, "error"),
    (
        "pl1",
        "ATTACK_STRING_CAP",
        _combat(defense=3, attack_string=2),
        {"attack_strings_enabled": True, "attack_string_cap": 1},
        "error",
    ),
    ("pl2", "MOVE_POINTS_BUDGET", _set(move_points_to_narrative=1), {}, "error"),
    (
        "pl8",
        "MOVE_AFTER_LIST_CLOSED",
        _edit(lambda f: f.update(move_list_closed_at_pl=4) or f["moves"][0].update(acquired_at_pl=5)),
        {},
        "error",
    ),
    ("pl1", "SPECIAL_MOVE_LEVEL_INVALID", _edit(lambda f: f["moves"][0].update(level=1)), {}, "error"),
    (
        "pl8",
        "SPECIAL_MOVE_HIGH_LEVEL",
        _append("moves", move("Grand Form", 6, [el("increased_damage", 6), el("hits_low")])),
        {},
        "info",
    ),
    (
        "pl1",
        "MOVE_ELEMENT_REQUIREMENT",
        _edit(lambda f: f["moves"][1].update(elements=[el("end_style"), el("increased_damage", 3)])),
        {},
        "error",
    ),
    ("pl1", "DIRECTOR_MAY_DISALLOW_ELEMENT", _set(), {}, "info"),
    (
        "pl1",
        "IDENTITY_CHANGE_WITHOUT_QUALITY",
        _append("moves", {"kind": "command", "command": "identity_change"}),
        {},
        "error",
    ),
    (
        "pl1",
        "IDENTITY_CHANGE_COST",
        _edit(
            lambda f: (
                f["qualities"].__setitem__(3, {"id": "borrow_identity", "director_approved": True})
                or f["moves"].append({"kind": "command", "command": "identity_change", "cost_paid": 2})
            )
        ),
        {},
        "error",
    ),
    ("styles", "STYLES_COUNT_MISMATCH", _append("styles", {"name": "Snake"}), {}, "error"),
    (
        "pl1",
        "FREE_THROW_INVALID",
        _append("moves", move("Free Throw", 2, [el("throw"), el("increased_damage")], free_source="basic_throw")),
        {},
        "error",
    ),
    (
        "pl1",
        "FREE_THROW_INVALID",
        _append("moves", move("Free Throw", 3, [el("throw"), el("increased_damage", 2)], free_source="basic_throw")),
        {"free_basic_throws": 1},
        "error",
    ),
    ("pl8", "MOVE_COUNT_ADVICE", _edit(lambda f: f.update(moves=f["moves"][:10] + f["moves"][-2:])), {}, "info"),
    ("pl3", "SUPER_MOVES_DISABLED", _set(), {"super_moves_enabled": False}, "error"),
    (
        "pl2",
        "SUPER_MOVE_BEFORE_PL3",
        _append(
            "moves",
            move(
                "Early Super",
                5,
                [el("increased_damage", 6), el("hits_low"), el("anti_air")],
                kind="super",
                acquired_at_pl=2,
            ),
        ),
        {},
        "error",
    ),
    (
        "pl3",
        "SUPER_MOVE_LEVEL_INVALID",
        _edit(
            lambda f: f["moves"][0].update(
                level=4, elements=[el("increased_damage", 6), el("hits_low"), el("anti_air")]
            )
        ),
        {},
        "error",
    ),
    ("pl3", "SUPER_MOVE_KNOCKS_DOWN", _edit(lambda f: f["moves"][0]["elements"].append(el("knocks_down"))), {}, "info"),
    (
        "pl2",
        "MP_TO_FS_NOT_CARRIED",
        _edit(
            lambda f: f["move_point_ledger"].__setitem__(
                0, {"pl": 1, "received": 10, "spent_on_moves": 9, "to_fighting_spirit": 1}
            )
        ),
        {},
        "error",
    ),
    ("pl2", "ADVANCEMENT_GRANTS_MISMATCH", _edit(lambda f: f["move_point_ledger"][1].update(received=11)), {}, "error"),
    ("pl1", "STORY_POINTS_DISABLED", _set(story_points=2), {"story_points_enabled": False}, "warning"),
    ("pl1", "STORY_POINTS_OVER_CAP", _set(story_points=2), {"story_point_cap": 1}, "warning"),
    ("pl1", "HERO_SCHEME_WITH_DRAMATIC_COMBAT", _set(skill_point_scheme="hero"), {}, "warning"),
    ("pl1", "NPC_NARRATIVE_SKILLS_SIMPLIFIED", _set(role="npc"), {}, "info"),
    (
        "pl1",
        "NARRATIVE_SKILL_POINTS_UNSPENT",
        _edit(lambda f: f.update(role="npc") or f["narrative_skills"].pop()),
        {},
        "warning",
    ),
    (
        "pl1",
        "NPC_FAIRNESS",
        _edit(
            lambda f: f.update(
                role="npc",
                weaknesses=[{"id": "honorable"}, {"id": "amnesia"}, {"id": "doomed"}],
                quality_exchanges=[{"converted_to": "combat"}, {"converted_to": "fighting_spirit"}],
            )
        ),
        {},
        "info",
    ),
    ("pl1", "CONCEPT_INCOMPLETE", _set(concept={}), {}, "info"),
    ("pl1", "BACKGROUND_LIST_LENGTH", _set(background={"obstacles_to_fighting": ["fear", "money"]}), {}, "info"),
    ("pl1", "DET_LEVEL_ONE_INEFFECTIVE", _combat(defense=1, evasion=1, tactics=1, combo=2), {}, "info"),
    ("pl1", "KI_WITHOUT_KI_MOVES", _combat(defense=3, evasion=1, ki=1), {}, "info"),
    (
        "pl1",
        "DEFICIENCY_COUNT",
        _set(
            weaknesses=[
                {"id": "deficiency", "director_approved": True, "params": {"subject": s}}
                for s in ("taunts", "sweeps", "dash")
            ]
        ),
        {"campaign_optional_techniques": ["taunts"]},
        "warning",
    ),
    (
        "pl1",
        "HUNTED_BY_SINGLE_FIGHTER",
        _set(weaknesses=[{"id": "hunted", "params": {"subject": "Blood Fist"}}]),
        {},
        "info",
    ),
    ("pl8", "PHOBIA_TOO_RARE", _set(), {}, "info"),
    ("pl3", "BUILT_AT_HIGHER_PL", _set(), {}, "info"),
    (
        "pl1",
        "SEQUEL_REMAKE_MISMATCH",
        _set(),
        {"sequel_campaign": {"predecessor_basic_qualities": {"strength": 2, "speed": 0, "stamina": -1}}},
        "warning",
    ),
    (
        "pl8",
        "SEQUEL_REMAKE_MISMATCH",
        _set(),
        {"sequel_campaign": {"predecessor_moves": ["Form 1", "Old Move A", "Old Move B"]}},
        "warning",
    ),
    ("pl8", "PL8_NO_FURTHER_GAINS", _set(move_point_ledger=[{"pl": 9}]), {}, "error"),
    ("pl1", "MOVE_NAME_MISSING", _edit(lambda f: f["moves"][0].pop("name")), {}, "info"),
    ("pl1", "COMMAND_MOVE_INVALID", _append("moves", {"kind": "command", "command": "style_change"}), {}, "error"),
    ("pl1", "MOVE_INVALID", _edit(lambda f: f["moves"][1]["elements"].__setitem__(0, el("power_up"))), {}, "error"),
    (
        "pl1",
        "REALIZE_POTENTIAL_MOVE_INVALID",
        _append("moves", move("Lesson", 2, [el("increased_damage", 3)], free_source="realize_potential")),
        {},
        "error",
    ),
    ("pl1", "THREE_TIER_INVALID", _edit(lambda f: f["moves"][0].update(tier=2)), {}, "error"),
    ("pl1", "EVEN_LEVEL_CHOICE_INVALID", _set(weaknesses=[{"id": "honorable", "lost_at_pl": 3}]), {}, "error"),
    ("pl1", "WEAKNESS_LOSS_LIMIT", _set(weaknesses=[{"id": "honorable", "lost_at_pl": 2}]), {}, "error"),
    ("pl8", "DR_BONUS_MAX", _set(defensive_response_bonuses=[{"response": "throw", "bonus": -1}]), {}, "error"),
    ("pl8", "BONUS_PURCHASE_LIMIT", _edit(lambda f: f["combat_bonuses"]["damage"].update(purchased=5)), {}, "error"),
    ("pl5", "BONUS_PURCHASE_BEFORE_PL5", _set(combat_bonus_purchases=[{"pl": 4, "category": "damage"}]), {}, "error"),
    (
        "pl1",
        "STYLE_OPTION_INVALID",
        _set(styles=[{"name": "Solo", "is_base": True, "no_defense": True}]),
        {"style_options_enabled": True},
        "error",
    ),
    ("pl1", "STYLE_MOVE_ASSIGNMENT", _edit(lambda f: f["moves"][0].update(cross_style=True)), {}, "error"),
]


@pytest.mark.parametrize(
    ("build", "code", "change", "campaign", "severity"), CASES, ids=[f"{c[1]}-{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_rule_is_reported(build: str, code: str, change: Change, campaign: dict, severity: str) -> None:
    f = BUILDS[build]()
    change(f)
    r = validate(f, **campaign)
    found = {"error": r.violations, "warning": r.warnings, "info": r.info}[severity]
    assert code in {x.code for x in found}, (
        [(x.code, x.message) for x in r.violations],
        [x.code for x in r.warnings],
        [x.code for x in r.info],
    )


def test_codes_registry() -> None:
    numbered = [c for c in FIGHTER_CODES.values() if c.rule]
    assert sorted(c.rule for c in numbered) == list(range(1, 153))  # the digest's 152 rules, each once
    assert set(UNSUPPORTED) <= set(FIGHTER_CODES)
    for c in FIGHTER_CODES.values():
        assert c.code.isupper() and c.severity in ("error", "warning", "info") and c.meaning


def test_accumulated_totals_name_every_grant_that_disagrees_with_the_budgets_figures() -> None:
    """Rule 141 (000 L655–L714). A PL 2 Fighter has 5 + 3 = 8 Combat Skill Points (000 L459, L657), 15 + 10 = 25
    Narrative Skill Points (000 L460, L658) and 10 + 10 = 20 Move Points (000 L461, L659). Moving 1 Move Point to
    Narrative Skills (1 for 1, 000 L664) makes 26 Narrative points of which 25 are spent, and 21 Move Points
    accounted for: the total is reported once (information beside the grants' errors), naming both grants, with the
    three budgets' figures."""
    f = BUILDS["pl2"]()
    assert "ACCUMULATED_TOTALS" not in {v.code for v in validate(f).info}
    f["move_points_to_narrative"] = 1
    r = validate(f)
    total = [v for v in r.info if v.code == "ACCUMULATED_TOTALS"]  # the errors are the grants' own
    assert len(total) == 1 and total[0].path == "fighter"
    assert "MOVE_POINTS_BUDGET, NARRATIVE_SKILL_POINTS_UNSPENT" in total[0].message
    assert "Combat Skill Points 8 of 8, Narrative Skill Points 25 of 26, Move Points 21 of 20" in total[0].message
    assert "ACCUMULATED_TOTALS" not in {u.id for u in r.unsupported}


def _sequence(tag: str, length: int, *members_at: int, chain: bool = False) -> list[Json]:
    """An opener bought at PL 1 with its full length, and members bought at the given Power Levels: Sub-Set
    members all name the opener (000 L4656); a Multi-Part chain's links each name the link before (000 L4666)."""
    opener = move(f"Open {tag}", 2, [el("opening_move", sequence=tag, sequence_length=length)], acquired_at_pl=1)
    out = [opener]
    for i, pl in enumerate(members_at):
        if chain:
            before = out[-1]["name"]
            last = i == len(members_at) - 1
            elements = [] if last else [el("opening_move", sequence=tag, sequence_length=length)]
            out.append(move(f"{tag}{i}", 2, elements, [el("multi_part_move", opening_move=before)], acquired_at_pl=pl))
        else:
            out.append(
                move(
                    f"{tag}{i}",
                    2,
                    [],
                    [el("move_sub_set", opening_move=f"Open {tag}", sub_set_size=length)],
                    acquired_at_pl=pl,
                )
            )
    return out


@pytest.mark.parametrize(
    ("sequences", "stalled"),
    [
        # One sequence of 2 grows at PL 2 and 3: complete, nothing more is owed (000 L3755).
        ([("A", 2, (2, 3), False)], set()),
        # One sequence of 2 with members at PL 2 and 4: alone and incomplete at PL 3, it had to grow.
        ([("A", 2, (2, 4), False)], {"3"}),
        # The same as a Multi-Part chain (each link names the one before).
        ([("A", 2, (2, 4), True)], {"3"}),
        # Two sequences: B waits at PL 2 while A grows (one may be exempted), both grow at 3, B completes at 4.
        ([("A", 2, (2, 3), False), ("B", 2, (3, 4), False)], set()),
        # Both wait at PL 2: only one of them may.
        ([("A", 2, (3, 4), False), ("B", 2, (3, 4), False)], {"2"}),
        # A waits at PL 3 (B grows) and again at PL 4, when it is the only incomplete one: two Power Levels.
        ([("A", 2, (2, 5), False), ("B", 2, (2, 3), False)], {"4"}),
    ],
)
def test_incomplete_sequences_grow_every_power_level(sequences: list[tuple], stalled: set[str]) -> None:
    f = BUILDS["pl5"]()
    for m in f["moves"]:
        m.setdefault("acquired_at_pl", 1)
    for tag, length, at, chain in sequences:
        f["moves"] += _sequence(tag, length, *at, chain=chain)
    r = validate(f)
    found = [v.message for v in r.violations if v.code == "INCOMPLETE_SEQUENCE_STALLED"]
    assert {m.split(" at PL ")[1][0] for m in found} == stalled, found
    assert "INCOMPLETE_SEQUENCE_STALLED" not in {u.id for u in r.unsupported}


def test_a_sequence_without_its_history_is_skipped_and_said() -> None:
    f = BUILDS["pl5"]()
    f["moves"] += [{k: v for k, v in m.items() if k != "acquired_at_pl"} for m in _sequence("A", 2, 2, 4)]
    r = validate(f)
    assert "INCOMPLETE_SEQUENCE_STALLED" not in {v.code for v in r.violations}
    assert any(i.code == "HISTORY_UNAVAILABLE" and "INCOMPLETE_SEQUENCE_STALLED" in i.message for i in r.info)
