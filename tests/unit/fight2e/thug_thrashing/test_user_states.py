"""States a move keeps on its user, kept in a Thug Thrashing turn as in the main turn (000 L6646): Set Up and Wind Up
(000 L4123–L4131, L4443–L4451), worked by hand. Ava and the group as in test_move_elements: she acts first with
Control 4 (+1 Accuracy for a Level 2 move, 000 L5728); the group has Defense 2 and Life Save 5; a Special Move's
1d6 makes the Life Save 5 − Strength 2 − 1 = 2 (000 L6570)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.combat.effects.build import move
from tests.unit.fight2e.thug_thrashing.support import IDLE, _ava, _ok, _turn
from tests.unit.fight2e.thug_thrashing.test_move_elements import _hit, _members, _req


def _rolls(turn: int, **more: int) -> dict[str, int]:
    base = {"ava.init": 6, "ava.ctrl": 4, "g.init": 1, "fight.time": 3, "g.attack": 1, **more}
    return {f"T{turn}.{k}": v for k, v in base.items()}


def _decisions(turn: int, action: dict[str, Any], **more: Any) -> dict[str, Any]:
    out = {"ava.action": action, "ava.action.2": IDLE, "ava.defense": {"defense": "defense", "fs": 0}, **more}
    return {f"T{turn}.{k}": v for k, v in out.items()}


def _effects(out: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    return [(e["id"], e["move"], e["time_left"]) for e in _ava(out)["ongoing_effects"]]


def _at(turn: int, effects: list[dict[str, Any]], time_count: int = 99) -> dict[str, Any]:
    req = _req(move("snare", "set_up"), move("wind", "wind_up"))
    req["fight"]["turn"] = turn
    req["fight"]["time_count"] = time_count
    req["fighters"][0]["state"]["ongoing_effects"] = effects
    return req


def test_set_up_first_use_only_readies_it() -> None:
    # First use: treated as a Utility move, the attack reserved (000 L4127): no attack roll, no Thug out, no Glory;
    # the readied state is kept on her for a later turn.
    out = _ok(_at(1, []), _decisions(1, _hit("snare")), _rolls(1))
    assert _effects(out) == [("set_up", "snare", None)]
    assert _members(out) == {"g": 5}
    assert not [s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"]
    assert out["glory"] == []
    assert not out["unsupported"]


def test_set_up_strikes_two_turns_later_and_not_on_the_next() -> None:
    readied = [{"id": "set_up", "move": "snare", "since": 1}]
    # Turn 2: not on consecutive turns (000 L4129).
    bad = _turn(_at(2, readied), _decisions(2, _hit("snare")), _rolls(2, **{"ava.attack": 1}))
    assert [v["code"] for v in bad["violations"]] == ["SET_UP_CONSECUTIVE_TURNS"]
    # Turn 3: the attack with +2 Accuracy (000 L4129): 0 + 2 + 1 spare Control = 3; a 1 makes 4 against Defense 2, a
    # hit; the Thug's 1d10 of 3 is above Life Save 2 (000 L6569): one out. The readied state is spent.
    out = _ok(_at(3, readied), _decisions(3, _hit("snare")), _rolls(3, **{"ava.attack": 1, "g.life_save": 3}))
    step = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert step["inputs"]["accuracy"] == 3 and "hit" in step["text"]
    assert _members(out) == {"g": 4}
    assert _effects(out) == []


def test_wind_up_held_then_used_as_level_1_with_added_damage() -> None:
    # Held (000 L4445–L4447): a Utility-like use, the Time Count at the start of the turn (99) noted.
    out = _ok(_at(1, []), _decisions(1, _hit("wind"), **{"ava.wind_up": {"choice": "hold"}}), _rolls(1))
    assert [(e["id"], e["move"], e["since"]) for e in _ava(out)["ongoing_effects"]] == [("wind_up", "wind", 99)]
    assert _members(out) == {"g": 5}
    # Turn 2 at Time Count 93: 6 passed, +2 damage (000 L4449–L4451); damage an Element adds is one less on the
    # Life Save (000 L6572): 2 − 1 = 1. Her 3 hits Defense 2; the Thug's 2 is above 1: one out (000 L6569), where
    # Life Save 2 would have kept him. The held state is spent.
    held = [{"id": "wind_up", "move": "wind", "since": 99}]
    out = _ok(_at(2, held, 93), _decisions(2, _hit("wind")), _rolls(2, **{"ava.attack": 3, "g.life_save": 2}))
    saves = [s["text"] for s in out["log"] if "Life Save against" in s["text"]]
    assert saves == ["Life Save against 1: 2 → out: 4 left."]
    assert _members(out) == {"g": 4}
    assert _effects(out) == []
