"""The simplified procedure for tied Initiative with Priority attacks (000 L5563–L5573): a fighter who declares
an attack with a Priority move before the tie-break roll goes first among the tied, several such roll off among
themselves, and the others roll off for the places after them."""

from __future__ import annotations

from service.rules.fight2e.combat.contract.models import TurnResult

from .support import PALM, attack, duel, sheet

SIMPLE = {"simplified_simultaneous_initiative": True}
JAB = {"id": "jab", "name": "Jab", "level": 2, "elements": [{"id": "priority"}]}
TIED = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6}
DECLARE = {"choice": "act"}


def attackers(res: TurnResult) -> list[str]:
    return [s.actor for s in res.log if s.label == "D.3"]


def order(res: TurnResult) -> list[str]:
    return next(s for s in res.log if "simplified" in s.text).change["order"]


def test_a_declared_priority_attack_goes_first_without_a_roll() -> None:
    """b declares his Priority Jab (L2, Control 6 reaches it): he goes first; a, the only other, needs no roll
    (000 L5571), so no tie-break die is rolled although a would have won it."""
    res = duel(
        {"T1.b.simul_priority": DECLARE, "T1.b.action": attack(["jab"]), "T1.a.action": attack(["palm"])},
        {**TIED, "T1.a.simul_init": 6, "T1.b.simul_init": 1},
        a=sheet("a", moves=[PALM]),
        b=sheet("b", moves=[JAB, PALM]),
        options=SIMPLE,
    )
    assert res.status == "resolved", res.violations
    assert order(res) == ["b", "a"]
    assert attackers(res) == ["b", "a"]
    assert not any(r.key.endswith("simul_init") for r in res.rolls)
    assert not any(u.id == "simplified_priority" for u in res.unsupported)


def test_without_the_declaration_the_roll_decides() -> None:
    """b passes: both roll again, a's 6 beats b's 1 (000 L5565)."""
    res = duel(
        {"T1.b.simul_priority": {"choice": "pass"}, "T1.b.action": attack(["jab"]), "T1.a.action": attack(["palm"])},
        {**TIED, "T1.a.simul_init": 6, "T1.b.simul_init": 1},
        a=sheet("a", moves=[PALM]),
        b=sheet("b", moves=[JAB, PALM]),
        options=SIMPLE,
    )
    assert res.status == "resolved", res.violations
    assert order(res) == ["a", "b"]


def test_two_priority_attacks_roll_off_among_themselves() -> None:
    """Both declare: they roll off for first and second (000 L5571); b's 5 beats a's 2."""
    res = duel(
        {
            "T1.a.simul_priority": DECLARE,
            "T1.b.simul_priority": DECLARE,
            "T1.a.action": attack(["jab"]),
            "T1.b.action": attack(["jab"]),
        },
        {**TIED, "T1.a.simul_priority_init": 2, "T1.b.simul_priority_init": 5},
        a=sheet("a", moves=[JAB]),
        b=sheet("b", moves=[JAB]),
        options=SIMPLE,
    )
    assert res.status == "resolved", res.violations
    assert order(res) == ["b", "a"]


def test_the_declared_priority_attack_must_be_made() -> None:
    res = duel(
        {"T1.b.simul_priority": DECLARE, "T1.b.action": attack(["palm"]), "T1.a.action": attack(["palm"])},
        TIED,
        a=sheet("a", moves=[PALM]),
        b=sheet("b", moves=[JAB, PALM]),
        options=SIMPLE,
    )
    assert res.status == "invalid" and res.violations[0].code == "DECISION_INVALID"
    assert "Priority" in res.violations[0].message


def test_control_short_of_the_priority_move_asks_nothing() -> None:
    """Control 1 does not reach the L2 Jab (000 L5571): no declaration is offered, even when every decision is
    asked; with Control 6 it is."""
    rolls = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.simul_init": 2, "T1.b.simul_init": 5}
    for ctrl, asked in ((1, False), (6, True)):
        res = duel(
            {f"T1.{x}.fs_init_ctrl": {"init": 0, "ctrl": 0} for x in "ab"},
            {**rolls, "T1.a.ctrl": ctrl, "T1.b.ctrl": ctrl},
            a=sheet("a", moves=[JAB]),
            b=sheet("b", moves=[JAB]),
            options={**SIMPLE, "ask_every_decision": True},
        )
        keys = {d.key for d in res.decisions_needed}
        assert ("T1.a.simul_priority" in keys) is asked, keys
