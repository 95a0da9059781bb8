"""The keyed dice source: supplied faces first, then the seed, else a request for the die."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.core.dice import DieOutOfRange, DiePending, KeyedDice, RollSource, TooManyDice, seeded_face


def test_supplied_face_wins_over_the_seed() -> None:
    dice = KeyedDice(seed=7, supplied={"T1.aya.initiative": 9})
    assert dice.roll("T1.aya.initiative", 10) == 9
    assert dice.rolls[0].source is RollSource.given


def test_seeded_face_is_blake2b_of_seed_and_key() -> None:
    # Worked by hand from the definition: 8 bytes of BLAKE2b over "42|T1.kaito.damage", big-endian, mod 8, plus 1.
    expected = 1 + int.from_bytes(hashlib.blake2b(b"42|T1.kaito.damage", digest_size=8).digest(), "big") % 8
    assert KeyedDice(seed=42).roll("T1.kaito.damage", 8) == expected


def test_without_seed_or_value_the_die_is_asked_for() -> None:
    with pytest.raises(DiePending) as asked:
        KeyedDice().roll("T1.aya.control", 6, "Control")
    assert (asked.value.key, asked.value.sides, asked.value.purpose) == ("T1.aya.control", 6, "Control")


@pytest.mark.parametrize("face", [0, 7, -1])
def test_a_supplied_face_must_be_on_the_die(face: int) -> None:
    with pytest.raises(DieOutOfRange):
        KeyedDice(supplied={"k": face}).roll("k", 6)


def test_dice_per_request_are_capped() -> None:
    dice = KeyedDice(seed=1, limit=3)
    for i in range(3):
        dice.roll(f"k{i}", 6)
    with pytest.raises(TooManyDice):
        dice.roll("k3", 6)


def test_unused_supplied_keys_are_reported() -> None:
    dice = KeyedDice(supplied={"a": 1, "b": 2})
    dice.roll("a", 6)
    assert dice.unused() == ["b"]


@given(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.text(min_size=1, max_size=20),
    st.integers(min_value=1, max_value=20),
)
def test_seeded_faces_are_on_the_die_and_independent_of_other_rolls(seed: int, key: str, sides: int) -> None:
    alone = KeyedDice(seed=seed).roll(key, sides)
    crowded = KeyedDice(seed=seed)
    crowded.roll(key + "x", 6)
    assert crowded.roll(key, sides) == alone == seeded_face(seed, key, sides)
    assert 1 <= alone <= sides


def test_combat_rolls_through_the_keyed_source_and_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Combat's seeded dice are the core source's faces; a turn past the per-request cap is refused, not run."""
    from service.rules.fight2e.combat.state import turn as state
    from tests.unit.fight2e.combat.support import attack, duel, sheet

    seeded = duel({"T1.a.action": attack(["fist"])}, {}, a=sheet("a"), b=sheet("b"), seed=11)
    assert seeded.rolls and all(r.result == seeded_face(11, r.key, int(r.die[2:])) for r in seeded.rolls)
    monkeypatch.setattr(state, "MAX_DICE", 1)
    capped = duel({"T1.a.action": attack(["fist"])}, {}, a=sheet("a"), b=sheet("b"), seed=11)
    assert capped.status == "invalid" and [v.code for v in capped.violations] == ["TOO_MANY_DICE"]
