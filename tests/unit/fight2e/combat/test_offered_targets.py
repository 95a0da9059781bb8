"""The action decision offers only attacks the turn would accept: a Knocked Down fighter can be attacked only by a
Pursuit attack (000 L5966), unless the campaign lets any attack hit a downed fighter."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import ActionType, ChoiceOption, TurnResult

from .fixtures import build
from .support import A_FIRST, FS, LIFE, first_decision, sheet


def _turn(decisions: dict[str, Any], options: dict[str, Any]) -> TurnResult:
    """a (Kick, Palm, Fist, Grab) acts first at Range 1; b lies Knocked Down and does nothing."""
    fighters = [
        {"id": fid, "sheet": sheet(fid), "state": {"life_bar": LIFE[3], "fighting_spirit": FS[3], **extra}}
        for fid, extra in (("a", {}), ("b", {"knocked_down": True}))
    ]
    req = {
        "options": options,
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}},
        "fighters": fighters,
        "decisions": {"T1.b.action": {"action": "none"}, **decisions},
        "rolls": A_FIRST,
        "seed": 1,
    }
    return resolve_turn(build(req))


def _action_choices(options: dict[str, Any]) -> list[ChoiceOption]:
    decisions: dict[str, Any] = {}
    for _ in range(20):
        res = _turn(decisions, options)
        p = first_decision(res)
        assert res.status == "decision_required" and p is not None, res.violations
        if p.fighter == "a" and p.point == "action":
            return p.choices
        assert p.default is not None, p
        decisions[p.key] = p.default.model_dump(mode="json", exclude_none=True)
    raise AssertionError("a's action was never asked")


def _attacks(choices: list[ChoiceOption]) -> list[list[str]]:
    return [c.value.moves or [] for c in choices if c.value.action is ActionType.attack]


def test_a_downed_foe_is_offered_only_pursuit_attacks() -> None:
    attacks = _attacks(_action_choices({"ask_every_decision": True}))
    assert all(moves[0] == "pursuit_attack" for moves in attacks), attacks


def test_every_offered_attack_on_a_downed_foe_is_accepted() -> None:
    choices = _action_choices({"ask_every_decision": True})
    for c in choices:
        if c.value.action is not ActionType.attack:
            continue
        value = c.value.model_dump(mode="json", exclude_none=True)
        res = _turn({"T1.a.action": value}, {})
        assert not [v for v in res.violations if v.code == "TARGET_KNOCKED_DOWN"], (value, res.violations)


def test_with_hits_on_downed_fighters_allowed_any_attack_is_offered() -> None:
    attacks = _attacks(_action_choices({"ask_every_decision": True, "hit_downed_attacks": True}))
    assert any(moves == ["kick"] for moves in attacks), attacks  # the sheet's own Special Move (test_combat_rules)
