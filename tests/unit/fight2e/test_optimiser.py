"""The move optimiser: the book's moves re-found where they are the cheapest, impossible wishes named, and every
answer legal by the pricing core. Expected figures are worked out by hand from the book's pricing rules."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.dice import die
from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.keywords import has
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move
from service.rules.fight2e.optimiser import search, variants
from service.rules.fight2e.optimiser.models import OptimiseAnswer, OptimiseRequest
from service.rules.memo import clear_all
from tests.conftest import examples

LIABILITIES = [e.id for e in catalog().liabilities()]


def optimise(**wishes: Any) -> OptimiseAnswer:
    return search.optimise(OptimiseRequest.model_validate(wishes))


def element_instances(request: MoveRequest) -> int:
    return sum(e.times for e in request.elements)


def test_blooming_dance_is_the_cheapest_long_range_d8_without_liabilities() -> None:
    """000 L4980–L4988: Long Range needs Ranged (2 Elements, 000 L3970); Ki 4 leaves a Ki-based die alone
    (000 L3978–L3981); 1d6 → 1d8 takes two Increased Damage (000 L3530). 4 Elements fit L3 (Level + 1, 000 L2287)
    but not L2 (3), and an L3 move costs 3 Move Points (000 L2269). So the book's move is the optimum."""
    answer = optimise(keywords=["long_range"], min_damage_die="1d8", fighter={"ki": 4}, exclude=LIABILITIES, answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert best.request.level == 3 and best.price.move_points == 3 and best.price.legal
    assert {(e.id, e.times) for e in best.request.elements} == {("ranged", 1), ("increased_damage", 2)}
    assert best.price.damage is not None and best.price.damage.die == "1d8"


def test_without_warnings_the_book_move_comes_first() -> None:
    """Liabilities beyond what the Elements need draw a warning (digest ruling A1, 000 L2293); refusing warnings,
    Blooming Dance (000 L4980–L4988) is again the cheapest at 3 Move Points, first at its own level L3."""
    answer = optimise(
        keywords=["long_range"], min_damage_die="1d8", fighter={"ki": 4}, without_warnings=True, answers=2
    )
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, best.request.liabilities) == (3, 3, [])
    assert all(not m.price.warnings for m in answer.moves)


def test_a_liability_makes_a_cheaper_blooming_dance() -> None:
    """With Liabilities allowed, a −1 Liability on the same L3 move leaves one of 5 slots unused: 2 Move Points
    (000 L2289, L2293), cheaper than the book's 3; the optimiser shows such a move, cheaper still if it can."""
    answer = optimise(keywords=["long_range"], min_damage_die="1d8", fighter={"ki": 4}, answers=1)
    assert answer.status == "optimal"
    assert answer.moves[0].price.move_points <= 2


def test_lightning_crash_is_re_found() -> None:
    """000 L4990–L4999: Anti-Air, Knocks Down, Juggle and Power Up are 5 Elements: L4 holds 5 (000 L2287) and costs
    4 Move Points (000 L2269); L3 holds only 4. The book's move (Power Up for Control) is among the cheapest."""
    answer = optimise(include=["anti_air", "knocks_down", "juggle", "power_up"], exclude=LIABILITIES, answers=3)
    assert answer.status == "optimal"
    assert all(m.request.level == 4 and m.price.move_points == 4 for m in answer.moves[:2])
    versions = {m.request.elements[-1].options.get("version") for m in answer.moves}
    assert "control" in versions


def only(*ids: str) -> list[str]:
    """An ``exclude`` wish leaving the search these entries alone."""
    return [i for i in catalog().entries if i not in ids]


def test_a_cheaper_abyssal_reckoning() -> None:
    """000 L5001–L5019: Unblockable (1) needs Increased Stun (1) and Knocks Down (2); 1d10 takes four Increased
    Damage (000 L3534): 8 Elements. The book pays for them at L4 (5 slots) with Decreased Accuracy ×2 and No Movement:
    8 used, 4 MP. Decreased Accuracy may be taken three times, so DA ×3 + No Movement earn 4: at L3 (4 slots, 000
    L2287) the 8 Elements fit exactly, 3 MP (000 L2269); at L2, 3 + 4 = 7 slots are too few. So 3 MP is the least."""
    answer = optimise(
        include=["unblockable"],
        min_damage_die="1d10",
        exclude=only(
            "unblockable", "increased_stun", "knocks_down", "increased_damage", "decreased_accuracy", "no_movement"
        ),
        answers=1,
    )
    assert answer.status == "optimal"
    best = answer.moves[0]
    # 8 Elements less 4 of Liabilities fill the 4 slots of L3 exactly.
    assert (best.request.level, best.price.move_points, best.price.element_slots, best.price.elements_spent) == (
        3,
        3,
        4,
        4,
    )
    assert {(e.id, e.times) for e in best.request.liabilities} == {("decreased_accuracy", 3), ("no_movement", 1)}
    book = price_move(
        MoveRequest.model_validate(
            {
                "level": 4,
                "elements": [
                    {"id": "unblockable"},
                    {"id": "increased_stun"},
                    {"id": "knocks_down"},
                    {"id": "increased_damage", "times": 4},
                ],
                "liabilities": [{"id": "decreased_accuracy", "times": 2}, {"id": "no_movement"}],
            }
        )
    )
    assert book.legal and book.move_points == 4 > best.price.move_points


SMALL = ("ranged", "reach", "increased_damage", "increased_accuracy", "knocks_down", "self_damage", "no_movement")


@pytest.mark.parametrize(
    "wishes",
    [
        {"min_damage_die": "1d8"},
        {"keywords": ["knocks_down"], "min_accuracy": 1},
        {"min_range": 3, "min_damage_die": "1d10"},
        {"keywords": ["long_range"], "min_damage_die": "1d10", "fighter": {"ki": 8}},
        {"min_damage_die": "1d10", "min_accuracy": 1, "without_warnings": True},
        {"keywords": ["knocks_down"], "min_damage_die": "1d12", "without_warnings": True},
        {"min_damage_die": "1d12", "min_accuracy": 2},
    ],
)
def test_the_cheapest_is_the_cheapest_by_brute_force(wishes: dict[str, Any]) -> None:
    """Over a small set of entries, every combination priced by the core at L2–L5: the optimiser's first answer
    costs the fewest Move Points any legal combination meeting the wishes costs."""
    answer = optimise(**wishes, max_level=5, exclude=only(*SMALL), answers=1)
    ranges = {"increased_damage": 6, "increased_accuracy": 2}  # their instance limits (000 L3522, L3512)
    best = None
    for counts in itertools.product(*(range(ranges.get(i, 1) + 1) for i in SMALL)):
        entries = [(i, n) for i, n in zip(SMALL, counts, strict=True) if n]
        elements = [{"id": i, "times": n} for i, n in entries if catalog().entries[i].kind == "element"]
        liabilities = [{"id": i, "times": n} for i, n in entries if catalog().entries[i].kind == "liability"]
        for level in range(2, 6):
            move = {"level": level, "elements": elements, "liabilities": liabilities, "fighter": wishes.get("fighter")}
            price = price_move(MoveRequest.model_validate(move))
            if price.legal and _meets(price, OptimiseRequest.model_validate(wishes)):
                best = price.move_points if best is None else min(best, price.move_points)
    assert answer.status == ("optimal" if best is not None else "none_exists")
    if best is not None:
        assert answer.moves[0].price.move_points == best


def _meets(price: Any, req: OptimiseRequest) -> bool:
    kws = {*price.keywords, *price.combo_keywords}
    if req.without_warnings and price.warnings:
        return False
    if not all(has(kws, k) for k in req.keywords):
        return False
    if req.min_accuracy is not None and price.accuracy < req.min_accuracy:
        return False
    if req.min_range is not None and (price.range is None or price.range.max < req.min_range):
        return False
    if req.min_damage_die is not None:
        if price.damage is None:
            return False
        rolled = price.damage.die_with_strength or price.damage.die
        return die(rolled).step >= die(str(req.min_damage_die)).step
    return True


def test_a_d12_super_without_liabilities() -> None:
    """Super base 1d8 (000 L5224); four Increased Damage make 1d12 (000 L3538). An L5 Super has 10 Elements and
    must spend half, 5, on offense (000 L5234): 5 used, 5 unused, two per Move Point → 5 − 2 = 3 MP (000 L5236).
    No cheaper Super exists: the offense spend alone uses 5 of the 10."""
    answer = optimise(type="super", min_damage_die="1d12", exclude=LIABILITIES, answers=3)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, element_instances(best.request)) == (5, 3, 5)
    assert best.price.damage is not None and best.price.damage.die == "1d12"


def test_the_smallest_special_move() -> None:
    """No wishes: an empty L2 move has 3 unused slots, 3 − 3 floored at 1 Move Point (000 L2269, L2293)."""
    answer = optimise(answers=1)
    assert answer.status == "optimal"
    assert (answer.moves[0].request.level, answer.moves[0].price.move_points) == (2, 1)


@pytest.mark.parametrize(
    ("wishes", "binding"),
    [
        ({"keywords": ["long_range"], "forbidden_keywords": ["long_range"]}, {"keywords[0]", "forbidden_keywords[0]"}),
        # Throw Range is Range 0 (000 L2365), and a move has one Range keyword.
        ({"keywords": ["throw_range"], "min_range": 4}, {"keywords[0]", "min_range"}),
        ({"keywords": ["throw_range", "long_range"]}, {"keywords[0]", "keywords[1]"}),
        # A Super Move is L5 or higher (000 L5214).
        ({"type": "super", "max_level": 4}, {"max_level"}),
        ({"type": "super", "campaign": {"supers": False}}, {"type"}),  # 000 L5210
        ({"include": ["ranged"], "exclude": ["ranged"]}, {"include[0]", "exclude[0]"}),
        ({"min_level": 6, "max_level": 3}, {"min_level", "max_level"}),
    ],
)
def test_impossible_wishes_name_what_binds(wishes: dict[str, Any], binding: set[str]) -> None:
    answer = optimise(**wishes)
    assert answer.status == "none_exists" and not answer.moves
    assert {b.path for b in answer.binding} == binding


def test_a_limit_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "MAX_CANDIDATES", 2)
    answer = optimise(keywords=["long_range"], min_damage_die="1d8", fighter={"ki": 4}, answers=5)
    assert answer.status == "limit_reached" and answer.limit == "candidates"
    assert answer.candidates == 2


def test_same_request_same_answer() -> None:
    wishes = {"keywords": ["knocks_down"], "min_accuracy": 1, "fighter": {"strength": 1}, "answers": 4}
    first = optimise(**wishes).model_dump()
    clear_all()
    assert optimise(**wishes).model_dump() == first


def test_no_entry_is_outside_the_search() -> None:
    """Every entry's design choices are made by the search now (Random Effect's combinations, 000 L3944, and the
    Elements named by Perfect Hit, the Element Additions and Extra Elements): nothing is listed as unsupported."""
    answer = optimise(answers=1)
    assert answer.unsupported == []
    asked = optimise(include=["random_effect"], answers=1)
    assert asked.status == "optimal" and asked.unsupported == []


def test_a_super_only_entry_on_a_special_is_named() -> None:
    """Breakthrough is a Super Move Element (000 L2724–L2737): no Special Move carries it."""
    answer = optimise(include=["breakthrough"])
    assert answer.status == "none_exists"
    assert [b.path for b in answer.binding] == ["include[0]"]


KEYWORDS = ["long_range", "reach_range", "knocks_down", "ender", "starter", "mobile", "passing", "no_combo"]
ENTRIES = ["ranged", "increased_accuracy", "knocks_down", "juggle", "anti_air", "aerial", "throw", "reach"]
ENTRIES += ["perfect_hit", "random_effect", "taunt.element_addition", "power_enhancer.element_addition"]
ENTRIES += ["power_up.extra_elements"]  # built unasked, with the Elements they name picked by the search


def _wishes() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {},
        optional={
            "type": st.sampled_from(["special", "super"]),
            "max_level": st.integers(5, 7),
            "keywords": st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True),
            "forbidden_keywords": st.lists(st.sampled_from(["knockback", "stun", "long_range"]), max_size=1),
            "min_damage_die": st.sampled_from(["1d6", "1d8", "1d10"]),
            "min_accuracy": st.integers(-1, 2),
            "min_range": st.integers(0, 4),
            "include": st.lists(st.sampled_from(ENTRIES), max_size=1),
            "fighter": st.fixed_dictionaries({"strength": st.integers(-1, 2), "ki": st.integers(0, 8)}),
            "answers": st.integers(1, 3),
        },
    )


@settings(max_examples=examples(ci=12))  # a CP-SAT solve per example
@given(_wishes())
def test_every_answer_is_legal_and_meets_the_wishes(wishes: dict[str, Any]) -> None:
    req = OptimiseRequest.model_validate(wishes)
    answer = search.optimise(req)
    assert answer.status in ("optimal", "none_exists", "limit_reached")
    if answer.status == "none_exists":
        assert answer.binding
    ranks = []
    for move in answer.moves:
        again = price_move(move.request)  # the pricing core, asked afresh
        assert again.legal, again.violations
        assert again == move.price
        kws = {*again.keywords, *again.combo_keywords}
        assert all(has(kws, k) for k in req.keywords)
        assert not any(has(kws, k) for k in req.forbidden_keywords)
        if req.min_accuracy is not None:
            assert again.accuracy >= req.min_accuracy
        if req.min_range is not None:
            assert again.range is not None and again.range.max >= req.min_range
        if req.min_damage_die is not None:
            assert again.damage is not None
            rolled = again.damage.die_with_strength or again.damage.die
            assert die(rolled).step >= die(req.min_damage_die).step
        assert {str(i) for i in req.include} <= {e.id for e in again.entries}
        assert req.min_level <= again.level <= req.max_level
        ranks.append((again.move_points, element_instances(move.request)))
    assert ranks == sorted(ranks)  # cheapest first: Move Points, then fewer Elements


# ── Design choices the search cannot enumerate (free text, entries named by the player) ─────────────────────────


def _without_other_liabilities(keep: str) -> list[str]:
    return [i for i in LIABILITIES if i != keep]


def _carried(move: Any) -> dict[str, dict[str, Any]]:
    return {e.id: e.options for e in (*move.request.elements, *move.request.liabilities)}


@pytest.mark.parametrize(
    ("entry", "option"),
    [
        ("move_sub_set", "opening_move"),  # −1 (000 L4652)
        ("multi_part_move", "opening_move"),  # 000 L4660
        ("prop", "prop"),  # −2 (000 L4755)
        ("requires_environmental_hazard", "hazard"),  # −1 or −2 (000 L4787)
        ("limited_use", "pool"),  # 000 L4601
        ("limited_move", "description"),  # 000 L4579
    ],
)
def test_a_liability_with_free_text_is_built_with_a_placeholder(entry: str, option: str) -> None:
    """Asked for, a Liability naming free text is built on the smallest move: an L2 Special has 3 Elements
    (000 L2287), none used, 3 − 3 unused floored at 1 Move Point (000 L2269, L2293); the text is the player's and
    the answer says it was assumed."""
    answer = optimise(include=[entry], exclude=_without_other_liabilities(entry), answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, best.price.legal) == (2, 1, True)
    assert _carried(best)[entry][option] == variants.PLACEHOLDER
    assert (entry, option) in {(a.entry, a.option) for a in best.assumed}
    assert entry not in {u.id for u in answer.unsupported}


@pytest.mark.parametrize(
    ("entry", "option"),
    [("end_buff", "target_buff"), ("power_enhancer", "target_moves"), ("opening_move", "sequence")],
)
def test_an_element_with_free_text_is_built_with_a_placeholder(entry: str, option: str) -> None:
    """End Buff (1, 000 L3262), Power Enhancer (1 or more, 000 L3820), Opening Move (0, 000 L3736): one Element at
    most on an L2 Special of 3 (000 L2287) leaves 2 unused, 3 − 2 = 1 Move Point (000 L2269, L2293), the floor."""
    answer = optimise(include=[entry], exclude=LIABILITIES, answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (2, 1)
    assert _carried(best)[entry][option] == variants.PLACEHOLDER


def test_super_reload_is_built_on_a_super() -> None:
    """Super Reload (1, 000 L4958) is a Super Move Element: an L5 Super has 10 Elements (000 L5234); with 2 of
    them used, 5 − 8 unused // 2 = 1 Move Point (000 L5236), the floor; its pool is named by the player."""
    answer = optimise(type="super", include=["super_reload"], exclude=LIABILITIES, answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (5, 1)
    assert ("super_reload", "pool") in {(a.entry, a.option) for a in best.assumed}


def test_a_named_choice_is_carried_and_not_assumed() -> None:
    answer = optimise(include=["prop"], choices=[{"entry": "prop", "options": {"prop": "Bo Staff"}}], answers=1)
    best = answer.moves[0]
    assert _carried(best)["prop"]["prop"] == "Bo Staff" and best.assumed == []
    again = price_move(best.request)
    assert again.legal


def test_a_named_choice_must_be_a_design_choice_of_the_entry() -> None:
    """A Prop's one design choice is the prop (000 L4755): a colour is not one, and naming the Prop twice leaves
    the search nothing it can build on; the answer names each wish that cannot be met instead of guessing."""
    answer = optimise(include=["prop"], choices=[{"entry": "prop", "options": {"colour": "red"}}])
    assert answer.status == "none_exists" and answer.moves == []
    assert [(b.path, "colour" in b.message) for b in answer.binding] == [("choices[0].options.colour", True)]
    twice = [{"entry": "prop", "options": {}}, {"entry": "prop", "options": {"prop": "x"}}]
    answer = optimise(include=["prop"], choices=twice)
    assert [b.path for b in answer.binding] == ["choices[1].entry"] and answer.moves == []


def test_technique_buff_ties_the_technique_on_the_move() -> None:
    """Technique Buff (1, 000 L3071–L3075) needs a Buff (1 with nothing else, 000 L2953) and one of Free Movement,
    Flight, Summon or Temporary Technique: the cheapest, Temporary Technique, costs 1 (000 L4329). 3 Elements fill
    an L2 (3 MP, 000 L2269); an L3 has 4, one unused: 3 − 1 = 2 Move Points (000 L2293), the cheapest. The
    associated Element is the one on the move; the Technique lent is a choice of the book's (000 L4333), so it is
    built, not assumed."""
    answer = optimise(include=["buff.technique_buff"], exclude=LIABILITIES, answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (3, 2)
    carried = _carried(best)
    assert set(carried) == {"buff", "buff.technique_buff", "temporary_technique"}
    assert carried["buff.technique_buff"]["associated"] == ["temporary_technique"]
    assert {(a.entry, a.option) for a in best.assumed} == {("buff.technique_buff", "associated")}
    assert carried["temporary_technique"]["technique"] in {"dash", "back_dash", "sweeps", "aerial_blocks", "taunts"} | {
        "breakfall",
        "tech_roll",
        "air_dash",
        "sidestep",
        "super_jump",
        "hover",
        "double_jumps",
        "wall_springs",
    } | {"pursuit_attacks", "hit_downed_attacks"}


def test_a_named_perfect_hit_target_is_kept() -> None:
    """Perfect Hit guarding Knocks Down, named by the player: every answer carries Knocks Down (2, 000 L3625) and a
    Perfect Hit worth −1, half of it (000 L4751); an L2 has 3 Elements (000 L2287), 1 used, 3 − 2 = 1 Move Point
    (000 L2269, L2293)."""
    answer = optimise(
        include=["perfect_hit"], choices=[{"entry": "perfect_hit", "options": {"target": "knocks_down"}}], answers=3
    )
    assert answer.status == "optimal"
    for move in answer.moves:
        assert _carried(move)["perfect_hit"]["target"] == "knocks_down" and "knocks_down" in _carried(move)
        assert move.price.legal and move.assumed == []
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (2, 1)
    assert {e.id: e.cost for e in best.price.entries}["perfect_hit"] == -1


# ── Entries that name other Elements, built unasked (issue 36) ──────────────────────────────────────────────────


def _cost(move: Any, entry: str) -> float:
    return {e.id: e.cost for e in move.price.entries}[entry]


def _revalidated(answer: OptimiseAnswer) -> None:
    """Every answer priced afresh by the pricing core: legal, and the same price."""
    for move in answer.moves:
        again = price_move(move.request)
        assert again.legal, again.violations
        assert again == move.price


UNBLOCKABLE_SET = ("unblockable", "increased_stun", "knocks_down", "increased_damage", "perfect_hit")


def test_perfect_hit_makes_an_unblockable_d10_cheaper() -> None:
    """Unblockable (1, 000 L4425) needs Knocks Down (2, 000 L3625) and Increased Stun (1, 000 L3561); 1d10 takes four
    Increased Damage (000 L3534): 8 Elements. An L7 holds 8 (Level + 1, 000 L2287) and costs 7 Move Points
    (000 L2269): the cheapest without Perfect Hit. Perfect Hit guarding Knocks Down is worth −1, half its cost
    (000 L4751): 7 used, which an L6 holds exactly: 6 Move Points. Guarding Increased Damage would leave the
    ordinary die at 1d6 (000 L4753); guarding Increased Stun as well (−½) still rounds up to 7 (000 L2287) and only
    adds a Liability. So the search answers L6 at 6 Move Points with one Perfect Hit on Knocks Down."""
    wishes: dict[str, Any] = {"include": ["unblockable"], "min_damage_die": "1d10", "answers": 1}
    answer = optimise(**wishes, exclude=only(*UNBLOCKABLE_SET))
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (6, 6)
    assert [(e.id, e.options) for e in best.request.liabilities] == [("perfect_hit", {"target": "knocks_down"})]
    assert _cost(best, "perfect_hit") == -1
    assert best.price.damage is not None and best.price.damage.die == "1d10"
    _revalidated(answer)
    without = optimise(**wishes, exclude=[*only(*UNBLOCKABLE_SET), "perfect_hit"])
    assert (without.moves[0].request.level, without.moves[0].price.move_points) == (7, 7)


PH_SET = ("increased_damage", "knocks_down", "increased_stun", "perfect_hit")


@pytest.mark.parametrize(
    "wishes",
    [
        {"include": ["perfect_hit"], "min_damage_die": "1d8"},
        {"include": ["perfect_hit"], "keywords": ["knocks_down"]},
        {"keywords": ["knocks_down"], "min_damage_die": "1d10"},
        {"min_damage_die": "1d12", "max_level": 4},
    ],
)
def test_perfect_hit_the_cheapest_by_brute_force(wishes: dict[str, Any]) -> None:
    """Over Increased Damage (up to 6, 000 L3522), Knocks Down, Increased Stun and one Perfect Hit per Element it
    may guard (digest ruling A-20), every combination priced by the core at L2–L7: the optimiser's first answer
    costs the fewest Move Points any legal combination meeting the wishes costs."""
    req = OptimiseRequest.model_validate({"max_level": 7, **wishes})
    answer = optimise(**{"max_level": 7, **wishes}, exclude=only(*PH_SET), answers=1)
    best = None
    for inc, kd, stun in itertools.product(range(7), range(2), range(2)):
        elements = [{"id": i, "times": n} for i, n in (("increased_damage", inc), ("knocks_down", kd)) if n]
        elements += [{"id": "increased_stun"}] if stun else []
        on = [e["id"] for e in elements]
        for guarded in itertools.chain.from_iterable(itertools.combinations(on, k) for k in range(len(on) + 1)):
            liabilities = [{"id": "perfect_hit", "options": {"target": t}} for t in guarded]
            for level in range(2, min(req.max_level, 7) + 1):
                move = {"level": level, "elements": elements, "liabilities": liabilities}
                price = price_move(MoveRequest.model_validate(move))
                if (
                    price.legal
                    and _meets(price, req)
                    and {str(i) for i in req.include} <= {e.id for e in price.entries}
                ):
                    best = price.move_points if best is None else min(best, price.move_points)
    assert answer.status == ("optimal" if best is not None else "none_exists")
    if best is not None:
        assert answer.moves[0].price.move_points == best
    _revalidated(answer)


def test_a_taunt_lends_the_cheapest_element() -> None:
    """Taunt (1, 000 L4273) with Element Addition, which costs what the lent Element costs (000 L4299), the least
    being ½ (Always Does Damage, 000 L2807): 1½ Elements take 2 (a ½ alone counts whole, 000 L2287). An L2 has 3:
    3 − 1 = 2 Move Points; an L3 has 4: 3 − 2 = 1 (000 L2269, L2293), the floor. The lent Element is the search's
    pick among those of its cost and is listed as assumed."""
    answer = optimise(include=["taunt.element_addition"], exclude=LIABILITIES, answers=3)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (3, 1)
    for move in answer.moves:
        lent = catalog().entries[_carried(move)["taunt.element_addition"]["element"]]
        assert lent.kind == "element" and _cost(move, "taunt.element_addition") == max(0.5, lent.cost)
        assert ("taunt.element_addition", "element") in {(a.entry, a.option) for a in move.assumed}
    _revalidated(answer)


def test_a_taunt_lending_knocks_down_costs_three() -> None:
    """The book's example (000 L4301): a Taunt lending Knocks Down is 3 Elements (1 + 2). An L2 holds 3 with none
    unused (3 Move Points); L3 leaves 1 unused, 3 − 1 = 2; L4 and L5 leave 2 and 3, 4 − 2 = 5 − 3 = 2 (000 L2269,
    L2287, L2293): 2 Move Points at L3, the lowest level of that price."""
    named = [{"entry": "taunt.element_addition", "options": {"element": "knocks_down"}}]
    answer = optimise(include=["taunt.element_addition"], exclude=LIABILITIES, choices=named, answers=1)
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, _cost(best, "taunt.element_addition")) == (3, 2, 2)
    assert best.assumed == []
    _revalidated(answer)


def test_a_power_enhancer_adds_an_element() -> None:
    """Power Enhancer (1, 000 L3820) with Element Addition: the added Element's cost plus one (000 L3846), at least
    1½ (a ½ Element): 2½ take 3 slots (000 L2287). An L2 holds 3 with none unused, 3 Move Points; an L3 leaves 1:
    3 − 1 = 2 (000 L2269, L2293); L4 leaves 2: 4 − 2 = 2. So 2 Move Points at L3."""
    answer = optimise(include=["power_enhancer.element_addition"], exclude=LIABILITIES, answers=3)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points) == (3, 2)
    for move in answer.moves:
        added = catalog().entries[_carried(move)["power_enhancer.element_addition"]["element"]]
        assert added.kind == "element" and _cost(move, "power_enhancer.element_addition") == added.cost + 1
    _revalidated(answer)


def test_a_power_enhancer_adding_knocks_down_costs_four() -> None:
    """The book's example (000 L3848): 1 for Power Enhancer and 3 to add Knocks Down (2 + 1). 4 Elements: L3 holds
    them exactly, 3 Move Points; L4 leaves 1 (4 − 1 = 3), L5 leaves 2 (5 − 2 = 3): 3 Move Points at L3."""
    named = [{"entry": "power_enhancer.element_addition", "options": {"element": "knocks_down"}}]
    answer = optimise(include=["power_enhancer.element_addition"], exclude=LIABILITIES, choices=named, answers=1)
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, _cost(best, "power_enhancer.element_addition")) == (3, 3, 3)
    _revalidated(answer)


def test_extra_elements_take_the_control_power_up() -> None:
    """Extra Elements (1) go only on the Control version of Power Up (1, 000 L3872): 2 Elements. An L2 leaves 1
    unused (3 − 1 = 2 Move Points), an L3 leaves 2 (3 − 2 = 1, 000 L2269, L2293). Every answer has the Control
    version, and its schedule names an Element, one Control each at least (000 L3874)."""
    answer = optimise(include=["power_up.extra_elements"], exclude=LIABILITIES, answers=5)
    assert answer.status == "optimal"
    assert (answer.moves[0].request.level, answer.moves[0].price.move_points) == (3, 1)
    for move in answer.moves:
        carried = _carried(move)
        assert carried["power_up"]["version"] == "control"
        (scheduled,) = carried["power_up.extra_elements"]["schedule"]  # type: ignore[misc]
        assert catalog().entries[scheduled].kind == "element"
    _revalidated(answer)


def test_random_effect_picks_between_two_combinations() -> None:
    """Random Effect's allocation is what it costs (000 L3946): 1 Element, on an L2 of 3 (000 L2287), 2 unused:
    3 − 2 = 1 Move Point (000 L2269, L2293). Its combinations are two different single Elements within the
    allocation, listed as assumed."""
    answer = optimise(include=["random_effect"], exclude=LIABILITIES, answers=1)
    assert answer.status == "optimal"
    best = answer.moves[0]
    assert (best.request.level, best.price.move_points, _cost(best, "random_effect")) == (2, 1, 1)
    (choice,) = [e for e in best.request.elements if e.id == "random_effect"]
    assert choice.options == {"allocation": 1} and choice.combinations is not None
    ids = [[r.id for r in c.entries] for c in choice.combinations]
    assert len(ids) == 2 and len({i for (i,) in ids}) == 2
    assert all(catalog().entries[i].cost <= 1 for (i,) in ids)
    assert ("random_effect", "combinations") in {(a.entry, a.option) for a in best.assumed}
    _revalidated(answer)


@pytest.mark.parametrize(
    "entry",
    [
        "perfect_hit",
        "random_effect",
        "taunt.element_addition",
        "power_enhancer.element_addition",
        "power_up.extra_elements",
    ],
)
@pytest.mark.parametrize(
    "wishes",
    [
        {"answers": 5},
        {"type": "super", "answers": 3},
        {"min_damage_die": "1d8", "fighter": {"strength": 1}, "answers": 3},
        {"keywords": ["knocks_down"], "min_accuracy": 1, "answers": 3},
    ],
)
def test_every_built_move_passes_the_validator(entry: str, wishes: dict[str, Any]) -> None:
    """Whatever else is wished, a move the search builds with one of these entries is legal by the pricing core."""
    answer = optimise(include=[entry], **wishes)
    assert answer.status in ("optimal", "none_exists", "limit_reached")
    assert answer.unsupported == []
    _revalidated(answer)
    assert all(entry in {e.id for e in m.price.entries} for m in answer.moves)
