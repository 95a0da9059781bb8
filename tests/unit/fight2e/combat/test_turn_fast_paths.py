"""What the simulator's speed rests on in the turn core: a quiet turn is the same turn without its text, and the
choices a profile offers, kept with the profile, are the ones a fresh profile would offer in every state."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.benchmark import request as turn_request
from service.rules.fight2e.combat.contract.models import TurnRequest, TurnResult
from service.rules.fight2e.combat.registry.sheet import profile
from service.rules.fight2e.combat.resolver import resolve_turn

from .support import first_decision


def _asking(rng: int = 1, ctrl: int = 8, se: int = 0) -> TurnRequest:
    """The benchmark's two PL 4 Fighters with no decision sent: the turn stops at a's action (Initiative 6 to 3).
    His Control is the 1d8 roll plus his Control Bonus of 1; Rush is a Level 5 Super Move (Super Energy 10 at most)."""
    body = turn_request().model_dump(mode="json")
    body["decisions"] = {}
    body["rolls"] = {"T1.a.init": 6, "T1.a.ctrl": ctrl, "T1.b.init": 3, "T1.b.ctrl": 8}
    body["fight"]["positioning"]["range"] = rng
    body["fighters"][0]["state"]["super_energy"] = se
    return TurnRequest.model_validate(body)


def _without_text(result: TurnResult) -> dict[str, Any]:
    return result.model_dump(
        mode="json",
        exclude={
            "log": {"__all__": {"text"}},
            "decisions_needed": {"__all__": {"text"}},
        },
    )


def test_a_quiet_turn_is_the_same_turn_without_its_text() -> None:
    for req in (turn_request(), _asking()):
        loud, quiet = resolve_turn(req), resolve_turn(req, quiet=True)
        assert loud.log and all(step.text for step in loud.log)
        assert all(step.text == "" for step in quiet.log)
        assert _without_text(quiet) == _without_text(loud)
    asked = resolve_turn(_asking(), quiet=True)
    assert first_decision(asked) is not None and first_decision(asked).key == "T1.a.action"
    assert first_decision(asked).text == ""


def _offered(req: TurnRequest) -> list[dict[str, Any]]:
    pending = first_decision(resolve_turn(req))
    assert pending is not None and pending.key == "T1.a.action"
    return [c.model_dump(mode="json") for c in pending.choices]


def test_kept_choices_are_those_a_fresh_profile_offers_in_every_state() -> None:
    states = [
        _asking(),  # Range 1, Control 9
        _asking(rng=3, ctrl=2),  # out of reach, Control 3
        _asking(rng=2, se=10),  # Super Energy for Rush
        _asking(),  # back to the first: nothing of the others may stay
    ]
    kept = [_offered(req) for req in states]
    fresh = []
    for req in states:
        a = req.fighters[0]
        profile(a.sheet, req.options).memo.clear()
        fresh.append(_offered(req))
    assert kept == fresh
    texts = [[c["text"] for c in choices] for choices in kept]
    assert kept[0] == kept[3]
    # Rush (Level 5 Super Move) only with the Control and the Super Energy for it (000 L5281)
    assert not any("Rush" in t for t in texts[0]) and "attack: Rush (L5)" in texts[2]
    # Control 3: Kick (Level 3) alone, but no Combo it opens (3 + 1 Level of a Basic Move, 000 L5779)
    assert "attack: Kick (L3) (out of reach from here)" in texts[1]
    assert not any(t.startswith("Combo: Kick") for t in texts[1])
    assert "Combo: Kick + Basic Move" in texts[0]
    # at Range 3 the moves that do not reach say so

    assert any(c["can_hit"] is False for c in kept[1]) and not any(c["can_hit"] is False for c in kept[0])
