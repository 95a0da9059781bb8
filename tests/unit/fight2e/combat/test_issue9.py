"""Combat turns worked by hand from the book that the resolver used to answer wrongly (issue 9, items 8, 9, 11).

Every expected figure below is worked out from the text; the lines are cited next to each test.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.rules.fight2e.combat.contract.models import CombatOptions

from .support import attack, ch, duel, inp, sheet, st

# ── item 8: simultaneous attacks are simultaneous (000 L5518, L5575, L5577–L5579) ─────────────────────────────

TIED = {"T1.a.init": 4, "T1.b.init": 4}  # equal Initiative: one simultaneous exchange (000 L5515)


def test_simultaneous_hit_does_not_hit_stun_the_other_attacker_before_his_attack() -> None:
    # Range 1, both use the Basic Move (L1, Control 1; 000 L2088). a: Control 6, Defense 3; b: Control 2, Defense 0.
    # Only the Defense Skill against simultaneous attacks (000 L5575): a's Defense Total 3, b's 0 (000 L5720).
    # a has the higher Control and resolves first (000 L5575): 1d6 + 1 for spare Control (000 L5708) ≥ 0, a hit.
    # b's attack is resolved as if at the same moment: his Control is still 2 > 1, so +1 too; a roll of 2 + 1 = 3
    # reaches a's Defense Total 3 (000 L5741). Hit Stun lowers b's Control only afterwards:
    # min(2 − 4, 2 // 2) → 0 (000 L5930). (Applied before his attack, b had no spare Control and 2 < 3 missed.)
    res = duel(
        {"T1.a.simul_declare": attack(["basic_move"]), "T1.b.simul_declare": attack(["basic_move"])},
        {**TIED, "T1.a.ctrl": 6, "T1.b.ctrl": 2, "T1.b.attack": 2},
        a=sheet("a", defense=3),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "b")["extra_control"] == 1
    assert ch(res, "D.6", "b")["hit"] is True
    assert inp(res, "E.2", "b")["control"] == 2 and ch(res, "E.2", "b")["control"] == 0
    assert inp(res, "E.2", "a")["control"] == 6 and ch(res, "E.2", "a")["control"] == 2  # min(6 − 4, 3)
    d6 = [s.actor for s in res.log if s.label == "D.6"]
    assert d6 == ["a", "b"]  # the higher Control still resolves first (000 L5575)


def test_simultaneous_defeat_does_not_cancel_the_other_attack() -> None:
    # b is down to 1 Life Bar and a's hit defeats him (000 L5924), but b's simultaneous attack is resolved with it
    # (000 L5518): his Basic Move still reaches a's Defense Total 0 with 1d6 + 1 ≥ 0 and does at least 1 damage.
    res = duel(
        {"T1.a.simul_declare": attack(["basic_move"]), "T1.b.simul_declare": attack(["basic_move"])},
        {**TIED, "T1.a.ctrl": 6, "T1.b.ctrl": 2},
        a=sheet("a", defense=0),
        b=sheet("b", defense=0),
        sb={"life_bar": 1},
        rng=1,
    )
    assert st(res, "b").defeated
    assert ch(res, "D.6", "b")["hit"] is True
    assert st(res, "a").life_bar < 50


def test_priority_attack_still_hit_stuns_first() -> None:
    # A Priority attack is resolved before the simultaneous ones (000 L5577–L5579): its hit Hit-Stuns b first,
    # Control 2 → 0, and b, with no Control left, loses the Basic Move he declared (000 L5936).
    prio = {"id": "jolt", "name": "Jolt", "level": 2, "elements": [{"id": "priority"}]}
    res = duel(
        {"T1.a.simul_declare": attack(["jolt"]), "T1.b.simul_declare": attack(["basic_move"])},
        {**TIED, "T1.a.ctrl": 6, "T1.b.ctrl": 2},
        a=sheet("a", defense=3, moves=[prio]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert ch(res, "E.2", "b")["control"] == 0
    assert not any(s.label == "D.6" and s.actor == "b" for s in res.log)


# ── item 11: no published option that does nothing ─────────────────────────────────────────────────────────────


def test_reversal_after_acting_penalty_is_no_longer_accepted() -> None:
    # The chapter and Appendix E give no Initiative penalty to a fighter Knocked Down after acting (000 L5964,
    # L10201); the Reversal entry's "normal" penalty (000 L4117) names that same rule, so there is nothing to switch.
    with pytest.raises(ValidationError):
        CombatOptions.model_validate({"reversal_after_acting_penalty": True})


# ── item 9: doing nothing after Hit Stun, however it is declared (000 L5942–L5944, L5397, L10223) ─────────────

B_FIRST = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.a.ctrl": 6}
HIT = {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 3}}  # 1d6 + 1 + 3 ≥ Defense Total 0


def _next_turn(res, decisions: dict, rolls: dict):
    """The following turn from the answer's own state."""
    from service.rules.fight2e.combat import resolve_turn

    from .fixtures import build

    fighters = [f.model_dump(mode="json") for f in res.fighters]
    req = {
        "fight": res.fight.model_dump(mode="json"),
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))


def test_nothing_after_hit_stun_rolls_control_two_sizes_larger_next_turn() -> None:
    # a acts first and hits b: Control 6 → min(6 − 4, 6 // 2) = 2 (000 L5930), some left. b then declares
    # `action: none`: next turn his Control die is two sizes up, 1d6 → 1d8 → 1d10 (000 L5944, ladder L5451–L5469).
    res = duel(
        {**HIT, "T1.b.action": {"action": "none"}},
        {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 6},
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert ch(res, "E.2", "b")["control"] == 2
    assert [(d.target, d.steps) for d in st(res, "b").next_turn_dice] == [("control", 2)]
    nxt = _next_turn(
        res, {"T2.a.action": {"action": "none"}, "T2.b.action": {"action": "none"}}, {"T2.a.init": 3, "T2.b.init": 2}
    )
    assert nxt.status == "resolved", nxt.violations
    assert next(r.die for r in nxt.rolls if r.key == "T2.b.ctrl") == "1d10"


def test_a_hold_never_used_after_hit_stun_is_the_same_choice() -> None:
    # b wins Initiative and holds (000 L5513); a's hit lowers his Control 6 → 2; b never acts from the hold, so he
    # neither moved nor acted with Control left: the same +2 Control steps (000 L5942–L5944).
    res = duel(
        {"T1.b.act_or_hold": {"choice": "hold"}, **HIT, "T1.b.action": {"action": "none"}},
        B_FIRST,
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert ch(res, "E.2", "b")["control"] == 2
    assert [(d.target, d.steps) for d in st(res, "b").next_turn_dice] == [("control", 2)]


def test_nothing_without_hit_stun_or_without_control_left_gives_nothing() -> None:
    # Not hit: doing nothing is just an idle turn (000 L5593).
    res = duel({"T1.a.action": {"action": "none"}, "T1.b.action": {"action": "none"}}, {"T1.a.init": 6, "T1.b.init": 1})
    assert st(res, "b").next_turn_dice == []
    # Control 2 → min(−2, 1) → 0: the action is lost, not given up, and there is no Control left (000 L5936).
    res = duel(HIT, {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 2}, b=sheet("b", defense=0))
    assert ch(res, "E.2", "b")["action_lost"] is True
    assert st(res, "b").next_turn_dice == []


def test_the_retired_hitstun_choice_is_reported_not_silently_used() -> None:
    res = duel(
        {**HIT, "T1.b.action": {"action": "none"}, "T1.b.hitstun_choice": {"choice": "act"}},
        {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 6},
        b=sheet("b", defense=0),
    )
    retired = [w for w in res.warnings if w.key == "T1.b.hitstun_choice"]
    assert [w.code for w in retired] == ["DECISION_RETIRED"]
    with pytest.raises(ValidationError):
        duel({**HIT, "T1.b.hitstun_choice": {"choice": "forfeit"}}, {"T1.a.init": 6, "T1.b.init": 1})
