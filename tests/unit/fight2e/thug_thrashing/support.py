"""What the Thug Thrashing tests build their turns from: the Fighter Ava (PL 2, 40 Life Bar, 20 FS, Stun Threshold
6, Strength 2, Defense 3, Evasion 1, Agility 4, Thug Thrashing 1, Combo 4; Initiative 1d8, Control 1d6), a Thug
group's build (ours), the request around them and the answer's lookups."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn

AVA: dict[str, Any] = {
    "id": "ava",
    "name": "Ava",
    "power_level": 2,
    "basic_qualities": {"strength": 2, "speed": 1, "stamina": 0},
    "speed_allocation": {"initiative": 1, "control": 0},
    "combat_skills": {"defense": 3, "evasion": 1, "tactics": 0, "combo": 4},
    "narrative_skills": [{"id": "thug_thrashing", "level": 1}, {"id": "agility", "level": 4}],
    "moves": [
        {"id": "elbow", "name": "Elbow", "level": 3, "elements": [{"id": "increased_damage", "times": 2}]},
        {"id": "sweep_kick", "name": "Sweep Kick", "level": 3, "elements": [{"id": "knocks_down"}]},
    ],
}
THUG = {"initiative": "1d4", "accuracy": 0, "damage": "1d4", "defense": 2, "life_save": 5, "threat_level": 1}
ATTACK = {"action": "attack", "moves": ["basic_move"], "target": "g"}
IDLE = {"action": "none"}


def _req(
    members: int = 5,
    rng: int = 1,
    thug: dict | None = None,
    events: list[str] | None = None,
    fs: int = 20,
    **options: Any,
) -> dict[str, Any]:
    group = {"id": "g", "thug": thug or THUG, "members": members, "ranges": {"ava": rng}}
    if events:
        group["next_turn_events"] = events
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}, **options},
        "fight": {"turn": 1, "time_count": 99, "first_hit_awarded": True, "thugs": [group]},
        "fighters": [{"id": "ava", "sheet": AVA, "state": {"life_bar": 40, "fighting_spirit": fs, "fs_start": 20}}],
    }


def _turn(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    body = {**req, "decisions": decisions, "rolls": rolls}
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    out = _turn(req, decisions, rolls)
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert not [w for w in out["warnings"] if w["code"] != "SHEET_NOT_VALID"], out["warnings"]
    return out


def _g(out: dict[str, Any]) -> dict[str, Any]:
    return out["fight"]["thugs"][0]


def _ava(out: dict[str, Any]) -> dict[str, Any]:
    return out["fighters"][0]["state"]


# Ava first (Initiative 6 against the group's 1), Control 4: three actions? TT 1 → two, Control 4 then 2.
FIRST = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1}
