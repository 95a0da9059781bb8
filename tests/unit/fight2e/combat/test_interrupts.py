"""A holder interrupting a declared move (000 L5408, L5513–L5521), the roll-off between simultaneous Super Moves
and Supers' Temporary Invulnerability (000 L5299–L5301), the Temporary Invulnerability and Breaker Elements
(000 L4323–L4327, L2943–L2951)."""

from __future__ import annotations

from service.rules.fight2e.combat.contract.models import TurnResult

from .support import FIST, PALM, SUPER, attack, duel, sheet, st

HOLD = {"choice": "hold"}
PRIO = {"id": "jab", "name": "Jab", "level": 2, "elements": [{"id": "priority"}]}
TI = {"id": "guard_break", "name": "Guard Break", "level": 3, "elements": [{"id": "temporary_invulnerability"}]}
BREAK = {"id": "crusher", "name": "Crusher", "level": 2, "elements": [{"id": "breaker"}]}
# b acts second on Initiative; a holds and waits for b's declaration.
ORDER = {"T1.a.init": 6, "T1.b.init": 2, "T1.a.ctrl": 6, "T1.b.ctrl": 6}


def attackers(res: TurnResult) -> list[str]:
    return [s.actor for s in res.log if s.label == "D.3"]


def test_holder_interrupts_after_the_declaration_with_a_roll_off() -> None:
    dec = {
        "T1.a.act_or_hold": HOLD,
        "T1.b.action": attack(["fist"]),
        "T1.a.interrupt_move": attack(["palm"]),
        "T1.a.interrupt_fs": {"fs": 2},
    }
    res = duel(
        dec,
        {**ORDER, "T1.a.interrupt_init": 3, "T1.b.interrupt_init": 5},
        rng=1,
        a=sheet("a", moves=[PALM, FIST]),
        b=sheet("b", moves=[PALM, FIST]),
    )
    assert res.status == "resolved", res.violations
    rolls = {r.key: r.die for r in res.rolls}
    # Each rolls his Initiative die of the turn (1d6 at Speed 0); 2 FS raise a's by two sizes (ruling A25).
    assert rolls["T1.b.interrupt_init"] == rolls["T1.b.init"] == "1d6"
    assert rolls["T1.a.interrupt_init"] == "1d10"
    assert attackers(res) == ["b", "a"]  # b won 5 to 3: his Fist goes first, then a's Palm
    assert st(res, "a").fighting_spirit <= 30 - 2


def test_holder_wins_the_roll_off_and_a_tie_re_rolls() -> None:
    dec = {"T1.a.act_or_hold": HOLD, "T1.b.action": attack(["fist"]), "T1.a.interrupt_move": attack(["palm"])}
    res = duel(
        dec,
        {
            **ORDER,
            "T1.a.interrupt_init": 4,
            "T1.b.interrupt_init": 4,
            "T1.a.interrupt_init.2": 6,
            "T1.b.interrupt_init.2": 1,
        },
        rng=1,
        a=sheet("a", moves=[PALM, FIST]),
        b=sheet("b", moves=[PALM, FIST]),
    )
    assert res.status == "resolved", res.violations
    assert attackers(res)[0] == "a"
    # The loser may use any defensive option (000 L5521): Evasion is accepted.
    res = duel(
        {**dec, "T1.b.defense": {"defense": "evasion"}},
        {**ORDER, "T1.a.interrupt_init": 6, "T1.b.interrupt_init": 1},
        rng=1,
        a=sheet("a", moves=[PALM, FIST]),
        b=sheet("b", moves=[PALM, FIST]),
    )
    assert res.status == "resolved", res.violations


def test_priority_wins_the_exchange_without_a_roll() -> None:
    dec = {"T1.a.act_or_hold": HOLD, "T1.b.action": attack(["jab"]), "T1.a.interrupt_move": attack(["palm"])}
    res = duel(dec, ORDER, rng=1, a=sheet("a", moves=[PALM]), b=sheet("b", moves=[PRIO]))
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["b", "a"]
    assert not any("interrupt_init" in r.key for r in res.rolls)


def test_passing_holder_lets_the_attack_go() -> None:
    res = duel({"T1.a.act_or_hold": HOLD, "T1.b.action": attack(["fist"])}, ORDER, rng=1)
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["b"]  # a never acts from his hold: forfeited at the end (ruling A26)


def test_interrupt_must_be_an_attack_on_the_actor() -> None:
    res = duel(
        {"T1.a.act_or_hold": HOLD, "T1.b.action": attack(["fist"]), "T1.a.interrupt_move": {"action": "refocus"}},
        ORDER,
        rng=1,
    )
    assert res.violations[0].code == "INTERRUPT_INVALID"


def test_super_is_invulnerable_to_a_non_super_interrupt() -> None:
    dec = {
        "T1.a.act_or_hold": HOLD,
        "T1.b.action": attack(["sup"]),
        "T1.a.interrupt_move": attack(["fist"]),
        "T1.a.accuracy_fs": {"fs": 3},
    }
    res = duel(
        dec,
        {**ORDER, "T1.a.interrupt_init": 6, "T1.b.interrupt_init": 1},
        rng=1,
        a=sheet("a", moves=[FIST]),
        b=sheet("b", defense=0, moves=[SUPER]),
        sb={"super_energy": 10},
    )
    assert res.status in ("resolved", "over"), res.violations
    assert attackers(res) == ["a", "b"]
    assert any("Temporary Invulnerability" in s.text and s.actor == "b" for s in res.log)
    assert not any(s.label == "E.1" and s.text.startswith("Damage to b") for s in res.log)


def test_two_simultaneous_supers_roll_off_and_both_pay() -> None:
    dec = {"T1.a.simul_declare": attack(["sup"]), "T1.b.simul_declare": attack(["sup"])}
    res = duel(
        dec,
        {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6, "T1.a.super_init": 2, "T1.b.super_init": 5},
        rng=1,
        a=sheet("a", moves=[SUPER]),
        b=sheet("b", moves=[SUPER]),
        sa={"super_energy": 10},
        sb={"super_energy": 10},
    )
    assert res.status in ("resolved", "over"), res.violations
    assert attackers(res) == ["b"]  # only the roll-off winner launches
    assert st(res, "a").super_energy == 0 and st(res, "b").super_energy == 0  # both pay 10, neither earns any


def test_super_beats_a_simultaneous_non_super() -> None:
    dec = {"T1.a.simul_declare": attack(["sup"]), "T1.b.simul_declare": attack(["fist"])}
    res = duel(
        dec,
        {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6},
        rng=1,
        a=sheet("a", defense=0, moves=[SUPER]),
        sa={"super_energy": 10},
    )
    assert res.status in ("resolved", "over"), res.violations
    assert st(res, "a").life_bar == 50  # b's Fist does nothing to a Super on simultaneous Initiative


def test_temporary_invulnerability_and_breaker() -> None:
    rolls = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6}
    res = duel(
        {
            "T1.a.simul_declare": attack(["guard_break"]),
            "T1.b.simul_declare": attack(["fist"]),
            "T1.b.accuracy_fs": {"fs": 3},
        },
        rolls,
        rng=1,
        a=sheet("a", defense=0, moves=[TI]),
    )
    assert res.status in ("resolved", "over"), res.violations
    assert st(res, "a").life_bar == 50
    assert not [u for u in res.unsupported if u.id == "temporary_invulnerability"]
    res = duel(
        {
            "T1.a.simul_declare": attack(["guard_break"]),
            "T1.b.simul_declare": attack(["crusher"]),
            "T1.b.accuracy_fs": {"fs": 3},
        },
        rolls,
        rng=1,
        a=sheet("a", defense=0, moves=[TI]),
        b=sheet("b", moves=[BREAK]),
    )
    assert res.status in ("resolved", "over"), res.violations
    assert st(res, "a").life_bar < 50  # Breaker ignores the Element


INV = {
    "id": "rising",
    "name": "Rising",
    "kind": "super",
    "level": 5,
    "elements": [{"id": "increased_damage", "times": 4}, {"id": "invincibility", "times": 2}],
}


def test_invincibility_super_interrupts_when_beaten_by_no_more_than_its_instances() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.b.invincible_interrupt": {"choice": "respond", "moves": ["rising"]}}
    res = duel(
        dec,
        {"T1.a.init": 6, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6},
        rng=1,
        b=sheet("b", moves=[INV]),
        sb={"super_energy": 10},
    )
    assert res.status in ("resolved", "over"), res.violations
    assert attackers(res) == ["a", "b"]  # a's Fist is declared, then misses outright: no roll of his
    assert not any(r.key == "T1.a.attack" for r in res.rolls)
    assert st(res, "b").super_energy == 0
    # Lost by 3, more than its 2 instances: not offered, the decision is unused.
    res = duel(
        dec,
        {"T1.a.init": 6, "T1.b.init": 3, "T1.a.ctrl": 6, "T1.b.ctrl": 6},
        rng=1,
        b=sheet("b", moves=[INV]),
        sb={"super_energy": 10},
    )
    assert any(w.code == "DECISION_NOT_USED" for w in res.warnings)
