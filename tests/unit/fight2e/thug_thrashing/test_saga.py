"""The Saga Scale in a Thug Thrashing turn (000 L6806–L6822), worked by hand. Ava (the steps file's Fighter):
Strength 2, Thug Thrashing 1, Elbow an L3 Special Move with a 1d8. The group's build: 1d4 Initiative, +0 Accuracy,
1d4 Damage, Defense 2, Life Save 5, Threat Level 1 — at Saga Scale 10 each a step up: 1d6, +1, 1d6, 3, 6, 2."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.thug_thrashing.support import AVA, FIRST, IDLE, _ava, _g, _ok, _req, _turn

ATTACK = {"action": "attack", "moves": ["basic_move"], "target": "g"}
ELBOW = {"action": "attack", "moves": ["elbow"], "target": "g"}


def _saga(tt: int = 1, scale: int = 10) -> dict[str, Any]:
    req = _req()
    req["options"]["thug_thrashing"]["saga_scale"] = scale
    sheet = copy.deepcopy(AVA)
    sheet["narrative_skills"] = [{"id": "thug_thrashing", "level": tt}, {"id": "agility", "level": 4}]
    req["fighters"][0]["sheet"] = sheet
    return req


def test_the_groups_attributes_go_up_a_step_and_her_thug_thrashing_halves() -> None:
    # Thug Thrashing 1 halved to 0 (000 L6818): one action only. Her Basic Move, 0 + 1 for Control 4 above level
    # 1: a 2 makes 3 against Defense 3; Life Save 6 − Strength 2 (1d4 is no size above 1d4) = 4; a 5 takes one out.
    # The group: +1 Accuracy, a 2 makes 3 against her Defense 3; its 1d6 rolls 5 (000 L6816).
    out = _ok(
        _saga(),
        {"T1.ava.action": ATTACK, "T1.ava.defense": {"defense": "defense"}},
        {**FIRST, "T1.ava.attack": 2, "T1.g.life_save": 5, "T1.g.attack": 2, "T1.g.damage": 5, "T1.fight.time": 3},
    )
    saves = [s["inputs"]["life_save"] for s in out["log"] if "life_save" in s["inputs"]]
    assert saves == [4] and _g(out)["members"] == 4 and _ava(out)["life_bar"] == 35
    # its Initiative die is 1d6
    needed = {d["key"]: d["die"] for d in _turn(_saga(), {}, {})["dice_needed"]}
    assert needed["T1.g.init"] == "1d6"


def test_a_special_move_ends_thug_thrashing_and_multiplies_its_glory() -> None:
    # Thug Thrashing 3 halved to 1: two actions; but Elbow at Saga Scale leaves her no extra one, and its first hit's
    # 3 Glory is × (1 + 1) = 6 (000 L6820). 0 + 1 (Control 4 above 3): a 3 makes 4 against Defense 3; Life Save
    # 6 − 2 − 2 (1d8) = 2, a 3 takes him out.
    out = _ok(
        _saga(tt=3),
        {"T1.ava.action": ELBOW, "T1.ava.defense": {"defense": "defense"}},
        {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 3, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert [(g["points"], g["reason"]) for g in out["glory"]] == [(6, "Elbow first hitting")]
    # as an extra action it is refused (ruling: her Thug Thrashing is already in use)
    bad = _turn(_saga(tt=3), {"T1.ava.action": IDLE, "T1.ava.action.2": ELBOW}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


def test_only_the_books_scales() -> None:
    bad = _turn(_saga(scale=5), {}, {})
    assert [v["code"] for v in bad["violations"]] == ["SAGA_SCALE_INVALID"]
