"""The Stunt Sequence against Thugs (000 L6792), worked by hand. Ava (the steps file's Fighter) is PL 2 with Thug
Thrashing 1: 3 Stunt Points."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, THUG, _ava, _g, _ok, _req, _turn

QUIET = {"T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}}
ROLLS = {**FIRST, "T1.g.attack": 1, "T1.fight.time": 3}


def _with_story(thug: dict[str, Any] | None = None, story: int = 1, **options: Any) -> dict[str, Any]:
    req = _req(thug=thug, **options)
    req["fighters"][0]["state"]["story_points"] = story
    return req


def _stunt(out: dict[str, Any]) -> list[int]:
    return [g["points"] for g in out["glory"] if g["reason"] == "Stunt Sequence"]


def test_stunt_points_take_out_thugs_at_their_threat_level() -> None:
    # PL 2 + Thug Thrashing 1 = 3 points; Threat Level 1 Thugs cost 1 each: 3 of the 5 go, 3 Glory, 1 Story Point
    # spent (000 L6792)
    out = _ok(_with_story(), {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 3}}, **QUIET}, ROLLS)
    assert _g(out)["members"] == 2 and _stunt(out) == [3] and _ava(out)["story_points"] == 0


def test_the_excess_is_lost_and_earns_nothing() -> None:
    # Threat Level 2: one Thug for 2 of the 3 points, the third is lost; Glory 2 (000 L6792)
    tl2 = {**THUG, "threat_level": 2}
    out = _ok(_with_story(tl2), {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 1}}, **QUIET}, ROLLS)
    assert _g(out)["members"] == 4 and _stunt(out) == [2]
    # two would cost 4
    bad = _turn(_with_story(tl2), {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 2}}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["STUNT_SEQUENCE_INVALID"]


def test_threat_level_zero_costs_half_a_point() -> None:
    # 5 Thugs at ½ each = 2½ of her 3 points; Glory in whole points: 2 (ruling: the half is dropped)
    tl0 = {**THUG, "threat_level": 0}
    out = _ok(_with_story(tl0), {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 5}}}, dict(FIRST))
    assert _stunt(out) == [2]
    assert out["status"] == "over" and _g(out)["members"] == 0


def test_more_realistic_halves_the_thug_thrashing_in_the_points() -> None:
    # Thug Thrashing 1 halved to 0 (000 L6804): 2 points, so 3 Threat Level 1 Thugs are too many
    req = _with_story()
    req["options"]["thug_thrashing"]["more_realistic"] = True
    bad = _turn(req, {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 3}}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["STUNT_SEQUENCE_INVALID"]
    out = _ok(
        req,
        {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 2}}, "T1.ava.defense": {"defense": "defense"}},
        ROLLS,
    )
    assert _g(out)["members"] == 3 and _stunt(out) == [2]


def test_no_story_point_no_stunt() -> None:
    bad = _turn(_with_story(story=0), {"T1.ava.action": {"action": "none", "stunt_sequence": {"g": 1}}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["STUNT_SEQUENCE_INVALID"]
