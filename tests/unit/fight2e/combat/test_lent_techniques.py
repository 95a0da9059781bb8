"""Temporary Technique lends any of the book's Techniques (000 L4329–L4333): the rules options a Fighter may hold
as a Technique (000 L1343, L2042), each applied as its campaign option is. Held from the turn of use through the
holder's action next turn; here the grant is carried in (``since`` the turn it was used)."""

from __future__ import annotations

from typing import Any

from .support import A_FIRST, FIST, attack, duel, inp, sheet, st


def lender(technique: str) -> dict[str, Any]:
    return {
        "id": "knack",
        "name": "Knack",
        "level": 2,
        "elements": [{"id": "temporary_technique", "options": {"technique": technique}}],
    }


def held(since: int = 1) -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "temporary_technique", "move": "knack", "since": since}]}


def codes(res) -> list[str]:
    return [v.code for v in res.violations]


def test_a_lent_sweep_is_a_move_while_the_technique_is_held() -> None:
    """Sweep: an L2 Basic Move, 1d4 damage, Knocks Down (000 L2107–L2123)."""
    a = sheet("a", moves=[lender("sweeps"), FIST])
    dec = {"T1.a.action": attack(["sweep"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, {**A_FIRST, "T1.a.damage": 2}, a=a, b=sheet("b", defense=0), sa=held(), rng=1)
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key.startswith("T1.a.damage")] == ["1d4"]
    assert st(res, "b").life_bar == 50 - 2  # the 2 rolled, Strength 0 against Stamina 0
    assert any(s.label == "E.4" and s.actor == "b" for s in res.log)  # Knocked Down
    assert not res.unsupported
    assert codes(duel(dec, A_FIRST, a=a, b=sheet("b", defense=0), rng=1)) == ["UNKNOWN_MOVE"]  # not held
    gone = duel(dec | {"T1.a.action": attack(["sweep"])}, A_FIRST, a=a, sa=held(since=-1), rng=1)
    assert codes(gone) == ["UNKNOWN_MOVE"]  # lent two turns ago: over (000 L4333)


def test_a_lent_pursuit_attack_reaches_a_downed_foe() -> None:
    """Pursuit Attack: L1, 1d4, only at a Knocked Down foe (000 L2147–L2163)."""
    a = sheet("a", moves=[lender("pursuit_attacks"), FIST])
    dec = {"T1.a.action": attack(["pursuit_attack"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, A_FIRST, a=a, b=sheet("b", defense=0), sa=held(), sb={"knocked_down": True}, rng=1)
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key.startswith("T1.a.damage")] == ["1d4"]
    plain = duel(dec, A_FIRST, a=a, b=sheet("b", defense=0), sb={"knocked_down": True}, rng=1)
    assert codes(plain) == ["UNKNOWN_MOVE"]


def test_a_lent_downed_attack_hits_a_downed_foe_at_minus_4() -> None:
    """Any attack at a Knocked Down foe, at −4 Accuracy (000 L2165)."""
    a = sheet("a", moves=[lender("hit_downed_attacks"), FIST])
    dec = {"T1.a.action": attack(["fist"])}
    res = duel(dec, A_FIRST, a=a, sa=held(), sb={"knocked_down": True}, rng=1)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")["downed_target"] == -4
    assert codes(duel(dec, A_FIRST, a=a, sb={"knocked_down": True}, rng=1)) == ["TARGET_KNOCKED_DOWN"]


def test_a_lent_aerial_block_moves_after_a_combined_block() -> None:
    """Aerial Block: a combined Defense and Evasion that moves as an Evasion, 1 FS more (000 L5840)."""
    dec = {
        "T1.a.action": attack(["sweep"]),
        "T1.b.defense": {"defense": "defense_evasion"},
        "T1.b.aerial_block": {"choice": "move", "direction": "away"},
    }
    kick = {"id": "sweep", "name": "Leg Sweep", "level": 2, "elements": [{"id": "knocks_down"}]}
    b = sheet("b", defense=9, evasion=9, moves=[lender("aerial_blocks")])
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[kick]), b=b, sb=held(), rng=1)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 3  # moved 2 Ranges away from Range 1
    assert st(res, "b").fighting_spirit == 30 - 2  # 1 FS for the combined block, 1 for the movement
    plain = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[kick]), b=b, rng=1)
    assert plain.fight.positioning.range == 1  # without it, no movement
