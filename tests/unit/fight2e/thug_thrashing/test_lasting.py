"""The Element Qualities whose effect outlasts the hit (000 L6626: every attack of the group has the Element): Gradual
Effect, Suppression, Create Environmental Hazard and Bomb, worked by hand. Ava (support.py): Defense 3 (Defense
Bonus 0), Agility 4, Tactics 0, Stamina 0, 40 Life Bar, Thug Thrashing 1. The group (Accuracy +0, Damage 1d4,
Defense 2) goes first (Initiative 4 against her 2) at Range 1 unless said; a 3 then hits her Defense 3 (000 L6680)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.thug_thrashing.support import ATTACK, IDLE, THUG, _ava, _g, _ok, _req, _turn

DEFEND = {"defense": "defense"}
STAY = {"action": "none"}
HOLD = {"action": "attack", "movement": 0, "target": "ava"}


def _with(*traits: str, **extra: Any) -> dict[str, Any]:
    return {**THUG, "qualities": [{"id": t, **extra.get(t, {})} for t in traits]}


def _first(thug: dict[str, Any], rolls: dict[str, int], decisions: dict[str, Any] | None = None) -> dict[str, Any]:
    base = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3}
    acts = {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    merged = {k: v for k, v in {**acts, **(decisions or {})}.items() if v is not None}
    return _ok(_req(thug=thug), merged, {**base, **rolls})


def _then(thug: dict[str, Any], out: dict[str, Any], turn: int) -> dict[str, Any]:
    """The next turn's request from an answer: the group and Ava as they stand."""
    req = _req(thug=thug)
    req["fight"]["turn"] = turn
    req["fight"]["time_count"] = out["fight"]["time_count"]
    req["fight"]["thugs"] = copy.deepcopy(out["fight"]["thugs"])
    req["fighters"][0]["state"]["life_bar"] = _ava(out)["life_bar"]
    return req


def _idle_turn(req: dict[str, Any], turn: int, **rolls: int) -> dict[str, Any]:
    t = f"T{turn}"
    acts = {f"{t}.g.action": STAY, f"{t}.ava.action": IDLE, f"{t}.ava.action.2": IDLE}
    base = {f"{t}.ava.init": 2, f"{t}.ava.ctrl": 4, f"{t}.g.init": 4, f"{t}.fight.time": 3}
    return _ok(req, acts, {**base, **{f"{t}.{k.replace('__', '.')}": v for k, v in rolls.items()}})


def test_gradual_effect_pays_its_damage_in_three_installments() -> None:
    # A 4 on the 1d4: ⌈4/3⌉ + 1 = 3 now, and 3 at the end of each of the next two turns (000 L3392): 40 → 37 → 34 → 31.
    thug = {**_with("gradual_effect")}
    out = _first(thug, {"T1.g.attack": 3, "T1.g.damage": 4})
    assert _ava(out)["life_bar"] == 37
    assert _g(out)["effects"] == [
        {
            "id": "gradual_effect",
            "target": "ava",
            "caught": [],
            "amount": 3,
            "time_left": None,
            "since": 1,
            "band": None,
        }
    ]
    two = _idle_turn(_then(thug, out, 2), 2)
    assert _ava(two)["life_bar"] == 34 and len(_g(two)["effects"]) == 1
    three = _idle_turn(_then(thug, two, 3), 3)
    assert _ava(three)["life_bar"] == 31 and _g(three)["effects"] == []
    # a 1 rolled: ⌈1/3⌉ + 1 = 2 now (000 L3392)
    assert _ava(_first(thug, {"T1.g.attack": 3, "T1.g.damage": 1}))["life_bar"] == 38


def test_suppression_does_no_damage_and_locks_her_movement() -> None:
    # Suppression bought at 2 Elements: the movement lock (000 L4247); the hit does no damage (No Damage, 000 L4243).
    thug = _with("suppression", suppression={"cost": 2})
    out = _first(thug, {"T1.g.attack": 3})
    assert _ava(out)["life_bar"] == 40
    # a 5-count less the Time Roll's 3 leaves 2; it lasts into the next turn (one full turn at least)
    assert _g(out)["effects"][0] == {
        "id": "suppression",
        "target": "ava",
        "caught": [],
        "amount": None,
        "time_left": 2,
        "since": 1,
        "band": None,
    }
    # the same turn: she cannot move with her action
    bad = _turn(
        _req(thug=thug),
        {"T1.ava.defense": DEFEND, "T1.ava.action": {"action": "move", "movement": 1, "direction": "away"}},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.fight.time": 3},
    )
    assert bad["status"] == "invalid" and bad["violations"][0]["code"] == "SUPPRESSION_RESTRICTED"
    # turn 2: still suppressed (no move), and the count (2 − 3) runs out at its end: gone after a full turn
    two = _idle_turn(_then(thug, out, 2), 2)
    assert _g(two)["effects"] == []
    assert any("Suppression on ava ends" in s["text"] for s in two["log"])


def test_suppression_at_five_elements_takes_her_basic_moves() -> None:
    # 5 Elements: the tier that suppresses Basic Moves (000 L4254): her Basic attack is refused; no movement lock.
    thug = _with("suppression", suppression={"cost": 5})
    out = _turn(
        _req(thug=thug),
        {"T1.ava.defense": DEFEND, "T1.ava.action": ATTACK},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.fight.time": 3},
    )
    assert out["status"] == "invalid" and out["violations"][0]["code"] == "SUPPRESSION_RESTRICTED"
    moving = _first(thug, {"T1.g.attack": 3}, {"T1.ava.action": {"action": "move", "movement": 1, "direction": "away"}})
    assert _g(moving)["ranges"] == {"ava": 2}


def test_a_second_suppression_hit_ends_the_first() -> None:
    # 000 L4259: hit again by a Suppression while suppressed, his Suppression ends at once.
    thug = _with("suppression", suppression={"cost": 2})
    out = _first(thug, {"T1.g.attack": 3})
    req = _then(thug, out, 2)
    acts = {"T2.ava.defense": DEFEND, "T2.ava.action": {"action": "move", "movement": 1, "direction": "away"}}
    acts["T2.ava.action.2"] = IDLE
    two = _ok(req, acts, {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 3, "T2.fight.time": 3})
    assert _g(two)["ranges"] == {"ava": 2} and _g(two)["effects"] == []


def test_create_environmental_hazard_puts_her_against_a_wall() -> None:
    # No damage (000 L3135); she is against the group's Wall (000 L3143): Increased Knockback does not move her
    # (000 L6199), Range stays 1.
    thug = _with("create_environmental_hazard", "increased_knockback")
    out = _first(thug, {"T1.g.attack": 3})
    assert _ava(out)["life_bar"] == 40 and _g(out)["ranges"] == {"ava": 1}
    assert _g(out)["effects"][0]["id"] == "create_environmental_hazard" and _g(out)["effects"][0]["time_left"] == 2
    # turn 2: a 2 at Range 1 is 2 + 1 (against a Wall, 000 L6199) = 3: a hit on Defense 3, though a second Wall is
    # not made while the first stands (000 L3141)
    req = _then(thug, out, 2)
    rolls = {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 2, "T2.fight.time": 3}
    two = _ok(req, {"T2.ava.defense": DEFEND, "T2.ava.action": IDLE, "T2.ava.action.2": IDLE}, rolls)
    step = next(s for s in two["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert step["inputs"]["total"] == 3 and "hit" in step["text"]
    assert any("already has a Wall" in s["text"] for s in two["log"])
    # without the Wall the same 2 misses
    plain = _first(_with("create_environmental_hazard"), {"T1.g.attack": 2})
    assert "miss" in next(s for s in plain["log"] if s["label"] == "D.6" and s["actor"] == "g")["text"]


def test_moving_takes_her_off_the_wall() -> None:
    thug = _with("create_environmental_hazard")
    out = _first(thug, {"T1.g.attack": 3}, {"T1.ava.action": {"action": "move", "movement": 1, "direction": "away"}})
    assert _g(out)["effects"] == [] and _g(out)["ranges"] == {"ava": 2}


def test_bomb_is_placed_then_goes_off_before_initiative() -> None:
    # Turn 1: the group's action places its Bomb (000 L2849); Maneuver Roll 6 + Defense 2 = 8 against her 5 + Tactics
    # 0: she is caught (000 L2857); its count 2, less the Time Roll's 3, has run out by turn 2 (000 L2855).
    thug = _with("bomb")
    rolls = {"T1.g.bomb_maneuver": 6, "T1.ava.bomb_maneuver": 5, "T1.g.bomb_timer": 2}
    out = _first(thug, rolls, {"T1.g.action": HOLD, "T1.ava.defense": None})
    assert _ava(out)["life_bar"] == 40
    assert _g(out)["effects"] == [
        {"id": "bomb", "target": None, "caught": ["ava"], "amount": None, "time_left": 0, "since": 1, "band": None}
    ]
    # Turn 2, before Initiative: 1d6 = 3 + Accuracy 0 against her Defense Skill 3: a hit; the 1d4 shows 4: 40 → 36.
    # The group, with no Bomb left, places a new one with its action (here it stays).
    two = _idle_turn(_then(thug, out, 2), 2, g__bomb_attack=3, g__bomb_damage=4)
    assert _ava(two)["life_bar"] == 36 and _g(two)["effects"] == []
    # a 2 on the Bomb's attack misses Defense 3
    assert _ava(_idle_turn(_then(thug, out, 2), 2, g__bomb_attack=2))["life_bar"] == 40


def test_a_lost_maneuver_roll_spares_her_and_a_second_bomb_does_nothing() -> None:
    thug = _with("bomb")
    rolls = {"T1.g.bomb_maneuver": 1, "T1.ava.bomb_maneuver": 5, "T1.g.bomb_timer": 8}
    out = _first(thug, rolls, {"T1.g.action": HOLD, "T1.ava.defense": None})
    # 1 + 2 = 3 against 5: spared; a count of 8 less 3 leaves 5
    assert _g(out)["effects"][0]["caught"] == [] and _g(out)["effects"][0]["time_left"] == 5
    req = _then(thug, out, 2)
    rolls2 = {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.fight.time": 3}
    two = _ok(req, {"T2.g.action": {**HOLD}, "T2.ava.action": IDLE, "T2.ava.action.2": IDLE}, rolls2)
    assert any("already has a Bomb" in s["text"] for s in two["log"])
    assert _g(two)["effects"][0]["time_left"] == 2
