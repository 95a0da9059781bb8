"""Shared fixtures for the combat resolver tests: the book's Example of Combat fighters and small builders."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn

REI = {
    "id": "rei",
    "name": "Rei Oshiro",
    "power_level": 3,
    "basic_qualities": {"strength": 1, "speed": 1, "stamina": 0},
    "speed_allocation": {"initiative": 0, "control": 1},
    "combat_skills": {"defense": 3, "evasion": 0, "tactics": 0, "combo": 5},
    "combat_bonuses": {"accuracy": {"regular": 1}, "control": {"regular": 1}},
    "moves": [
        {
            "id": "demon_hunter_kick",
            "name": "Demon Hunter Kick",
            "level": 3,
            "elements": [{"id": "increased_accuracy"}, {"id": "mobile", "options": {"movement": "mobile"}}],
        },
        {"id": "airwalk_fist", "name": "Airwalk Fist", "level": 4, "liabilities": [{"id": "no_movement"}]},
        {
            "id": "heaven_demon_strike",
            "name": "Heaven Demon Strike",
            "kind": "super",
            "level": 5,
            "elements": [{"id": "increased_damage", "times": 4}, {"id": "increased_accuracy", "times": 1}],
        },
    ],
}

BATTLE = {
    "id": "battle",
    "name": "Dr. Jason Battle",
    "power_level": 3,
    "basic_qualities": {"strength": 0, "speed": 2, "stamina": -1},
    "speed_allocation": {"initiative": 2, "control": 0},
    "combat_skills": {"defense": 0, "evasion": 2, "tactics": 2, "combo": 0},
    "combat_bonuses": {"defense": {"regular": 1}, "damage": {"regular": 1}},
    "moves": [
        {
            "id": "heart_breaker",
            "name": "Heart Breaker",
            "level": 3,
            "elements": [{"id": "throw"}, {"id": "throw.hurl"}, {"id": "increased_damage", "times": 2}],
        },
        {
            "id": "relic_storm",
            "name": "Relic Storm",
            "kind": "super",
            "level": 5,
            "elements": [{"id": "increased_damage", "times": 4}, {"id": "increased_accuracy", "times": 1}],
        },
    ],
}


def state(life: int = 50, fs: int = 30, **kw: Any) -> dict[str, Any]:
    return {"life_bar": life, "fighting_spirit": fs, "fs_start": kw.pop("fs_start", 30), **kw}


def example_request(**over: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "options": {"super_energy_basic_attacks_count": False, "additional_glory_awards": False},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 3}},
        "fighters": [
            {"id": "rei", "sheet": REI, "state": state()},
            {"id": "battle", "sheet": BATTLE, "state": state()},
        ],
        "decisions": {},
        "rolls": {},
        "lenient": True,  # scripts replayed from other turns or seeds may carry answers the turn does not ask for
    }
    req.update(over)
    return req


def build(data: dict[str, Any]) -> TurnRequest:
    """The rule tests script more decisions than a turn may ask (a reaction that never comes up): they run lenient
    unless the request says otherwise; the protocol tests send `lenient: false`."""
    return TurnRequest.model_validate({"lenient": True, **data})


def drive_offered(body: dict[str, Any], pick: st.DataObject, rounds: int) -> dict[str, Any]:
    """Answer each pending decision with one of its offered choices until the turn ends (at most ``rounds`` round
    trips); no answer along the way may report an internal failure."""
    for _ in range(rounds):
        out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
        assert "INTERNAL_STATE" not in {v["code"] for v in out["violations"]}
        if out["status"] != "decision_required":
            return out
        for pending in out["decisions_needed"]:
            choice = pick.draw(st.sampled_from(pending["choices"]))
            body["decisions"][pending["key"]] = choice["value"]
    return out
