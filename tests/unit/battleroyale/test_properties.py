"""Property tests: any well-formed request is answered (never an exception), bounds hold, and the same request
gives the same answer whatever came before it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.battleroyale.bout.models import RoyaleBoutRequest
from service.rules.battleroyale.bout.round import resolve_bout
from service.rules.battleroyale.character.models import RoyaleCharacterRequest
from service.rules.battleroyale.character.validation import validate_character
from service.rules.battleroyale.conflict.models import RoyaleConflictRequest
from service.rules.battleroyale.conflict.round import resolve_conflict
from service.rules.battleroyale.tables.model_types import RANKS, index_of

SETTINGS = settings(derandomize=True)
ranks = st.sampled_from([r.value for r in RANKS])
trait_ranks = st.sampled_from(["poor", "average", "good", "expert", "master"])
damage = st.integers(0, 6)


@st.composite
def characters(draw: st.DrawFn) -> dict[str, Any]:
    strengths = [
        {
            "id": f"s{i}",
            "name": f"S{i}",
            "rank": draw(ranks),
            "wound_ranks": draw(damage),
            "bought_with": draw(st.sampled_from(["strength_rank", "bonus_points", "training"])),
            "training_raises": draw(st.integers(0, 3)),
        }
        for i in range(draw(st.integers(0, 5)))
    ]
    styles = [
        {
            "id": f"y{i}",
            "name": f"Y{i}",
            "rank": draw(ranks),
            "forms": draw(
                st.lists(st.sampled_from(["flame", "mountain", "ocean", "steel", "wind", "mystic"]), max_size=2)
            ),
            "theme": draw(st.sampled_from(["", "t"])),
            "bought_with": draw(st.sampled_from(["style_rank", "split_average", "training"])),
            "failure_ranks": draw(damage),
        }
        for i in range(draw(st.integers(0, 3)))
    ]
    ids = ["focus", "nothing"] + [s["id"] for s in strengths + styles]
    return {
        "name": "P",
        "core": {
            k: {"name": k, "rank": draw(ranks), "wound_ranks": draw(damage)} for k in ("motivation", "past", "focus")
        },
        "strengths": strengths,
        "styles": styles,
        "flaws": [{"name": "F", "bought_with": draw(st.sampled_from(["creation", "training"]))}]
        * draw(st.integers(0, 3)),
        "techniques": [
            {"name": f"T{i}", "chained_to": draw(st.sampled_from([*ids, None]))} for i in range(draw(st.integers(0, 4)))
        ],
        "style_ranks_exchanged": draw(st.integers(0, 4)),
        "training_points_earned": draw(st.integers(0, 60)),
        "spirit_dice": draw(st.none() | st.integers(0, 9)),
    }


@SETTINGS
@given(characters())
def test_validation_answers_every_sheet(character: dict[str, Any]) -> None:
    request = RoyaleCharacterRequest.model_validate({"character": character})
    first = validate_character(request)
    assert validate_character(request) == first
    assert first.valid == (not first.violations)
    cores = list(character["core"].values())
    most = sum(index_of(s["rank"]) + 1 for s in [*cores, *character["strengths"], *character["styles"]])
    assert 0 <= first.derived.damage_capacity <= most
    assert first.derived.absolute_zero == (first.derived.damage_capacity == 0)


def fighter(fid: str, pc: bool, sd: int, style: str, other: str, forms: list[str], minions: int) -> dict[str, Any]:
    return {
        "id": fid,
        "name": fid,
        "pc": pc,
        "spirit_dice": sd,
        "harmonized": "style",
        "minions": minions,
        "traits": [
            {"id": "style", "name": "Style", "rank": style, "style": True, "forms": forms},
            {"id": "other", "name": "Other", "rank": other},
        ],
    }


forms = st.lists(st.sampled_from(["flame", "mountain", "ocean", "steel", "wind", "mystic"]), max_size=2, unique=True)
splits = st.sampled_from(["all_out_defense", "strong_defense", "strong_attack", "all_out_attack"])


@SETTINGS
@given(
    st.integers(0, 2**31),
    st.booleans(),
    st.integers(0, 4),
    st.integers(0, 4),
    trait_ranks,
    trait_ranks,
    forms,
    forms,
    splits,
    splits,
)
def test_bout_rounds_with_a_seed_always_finish(
    seed: int, pc: bool, sd_a: int, sd_b: int, ra: str, rb: str, fa: list[str], fb: list[str], sa: str, sb: str
) -> None:
    body = {
        "seed": seed,
        "damage_policy": "lowest_first",
        "fighters": [fighter("a", True, sd_a, ra, rb, fa, 0), fighter("b", pc, sd_b, rb, ra, fb, 0)],
        "decisions": {"R1.a.split": sa, "R1.b.split": sb, "R1.a.order": "act_first", "R1.b.order": "act_first"},
    }
    request = RoyaleBoutRequest.model_validate(body)
    answer = resolve_bout(request)
    assert answer.status in ("resolved", "over"), (answer.violations, answer.decisions_needed)
    assert (answer.status == "over") == answer.over and answer.over == bool(answer.out)
    assert resolve_bout(request) == answer
    for result in answer.results:
        assert len(result.kept) <= len(result.faces) and all(1 <= f <= 6 for f in result.faces)
    for clash in answer.clashes:
        assert clash.damage == max(0, clash.attack - clash.defense) or (
            clash.damage == 1 and clash.attack == clash.defense
        )


@SETTINGS
@given(st.integers(0, 2**31), st.integers(0, 3), st.integers(2, 8), trait_ranks, st.integers(0, 3))
def test_conflict_rounds_with_a_seed_always_finish(seed: int, sd: int, minions: int, rank: str, pool: int) -> None:
    gang = fighter("gang", False, 0, rank, rank, [], minions)
    body = {
        "seed": seed,
        "damage_policy": "lowest_first",
        "fighters": [fighter("hero", True, sd, rank, "good", ["steel"], 0), gang],
        "actions": [
            {"fighter": "gang", "target": "hero", "attack": {"gang_dice": min(pool, minions - 1)}},
            {"fighter": "hero", "target": "gang"},
        ],
    }
    request = RoyaleConflictRequest.model_validate(body)
    answer = resolve_conflict(request)
    assert answer.status in ("resolved", "over"), answer.violations
    assert resolve_conflict(request) == answer
    assert 0 <= answer.fighters[1].minions <= minions
