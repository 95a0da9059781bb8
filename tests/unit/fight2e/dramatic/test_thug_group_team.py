"""A Team-Up of two Thug groups in a Dramatic turn with Thugs (000 L7219), worked by hand.

Ava (test_thugs.py): Dramatic Life Bar 20, Defense 3, Stamina 0, Initiative 6; she does nothing this turn. Groups g
(Initiative 3) and h (Initiative 1), each at Range 1 with one banked Action Point: Accuracy +0, Damage 1d4, so a
Thug's attack is 1d6 + 0 against her Defense Total 3 (000 L6680) and his hit deals the 1d4 rolled (Stamina 0)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import DEFENSE, IDLE, ava, request, resolved, turn
from tests.unit.fight2e.thug_thrashing.support import THUG

TEAM = {"option": "team_up", "target": "ava"}
ROLLS = {"T1.ava.init": 6, "T1.g.init": 3, "T1.h.init": 1, "T1.fight.time": 3}
ROLLS |= {"T1.g.attack": 1, "T1.h.attack": 3, "T1.g.damage": 2, "T1.h.damage": 3}
QUIET = {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}


def _req(**state: Any) -> dict[str, Any]:
    req = request()
    req["fight"]["thugs"] = [
        {"id": gid, "thug": THUG, "members": 5, "ranges": {"ava": 1}, "action_points": 1, **state} for gid in ("g", "h")
    ]
    return req


def _groups(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {g["id"]: g for g in out["fight"]["thugs"]}


def test_two_groups_team_up_one_defence_and_either_hit_lands_both() -> None:
    # g holds its Team-Up at Ava paying its point; h joins at its turn paying its own: the attack goes at the lower
    # Initiative, 1 (000 L7219). Ava chooses one defence, Defense 3; g rolls 1 (1 < 3, a miss) and h rolls 3 (a hit):
    # either hits, so both hit: 2 + 3 = 5 damage, 20 → 15. Both have spent their points and are marked as teamed:
    # no point and no Team-Up next turn (000 L7219).
    out = resolved(_req(), QUIET | {"T1.g.team_up": TEAM, "T1.h.team_up": TEAM}, ROLLS)
    assert ava(out)["life_bar"] == 15
    groups = _groups(out)
    assert [(groups[g]["action_points"], groups[g]["teamed"]) for g in ("g", "h")] == [(0, True), (0, True)]
    # one defence for both attacks: both rolls are against the one Defense Total, and the second is not asked
    assert [e["inputs"]["defense_total"] for e in out["log"] if "against Defense Total" in e["text"]] == [3, 3]
    assert any(e["text"] == "One Defense Total, and a hit: both attacks hit ava." for e in out["log"])


def test_without_the_team_up_each_attack_stands_alone() -> None:
    # the same rolls, no Team-Up (each group's default): g's 1 misses, h's 3 hits for 3: 20 → 17; points kept
    alone = {k: v for k, v in ROLLS.items() if k != "T1.g.damage"}
    out = resolved(_req(), QUIET | {"T1.ava.defense.2": DEFENSE}, alone)
    assert ava(out)["life_bar"] == 17
    assert [_groups(out)[g]["action_points"] for g in ("g", "h")] == [1, 1]


def test_no_team_up_two_turns_in_a_row() -> None:
    # teamed last turn: no Team-Up is offered (000 L7219), so asking for one is refused as a decision never asked,
    # and each group attacks alone as above, 20 → 17, keeping its point
    alone = {k: v for k, v in ROLLS.items() if k != "T1.g.damage"}
    asked = QUIET | {"T1.ava.defense.2": DEFENSE, "T1.g.team_up": TEAM, "T1.h.team_up": TEAM}
    bad = turn(_req(teamed=True), asked, alone)
    assert {(v["code"], v["key"]) for v in bad["violations"]} == {
        ("DECISION_KEY_UNKNOWN", "T1.g.team_up"),
        ("DECISION_KEY_UNKNOWN", "T1.h.team_up"),
    }
    out = resolved(_req(teamed=True), QUIET | {"T1.ava.defense.2": DEFENSE}, alone)
    assert ava(out)["life_bar"] == 17
    assert [(_groups(out)[g]["action_points"], _groups(out)[g]["teamed"]) for g in ("g", "h")] == [(1, False)] * 2


def test_a_held_team_up_nobody_joins_goes_alone_at_the_end() -> None:
    # g holds (its point spent) and h declines: h attacks alone at its turn (3, a hit for 3), and g's attack goes
    # alone at the end of the turn (1 < 3, a miss; ruling): 20 → 17; neither is marked as teamed
    alone = {k: v for k, v in ROLLS.items() if k != "T1.g.damage"}
    out = resolved(_req(), QUIET | {"T1.ava.defense.2": DEFENSE, "T1.g.team_up": TEAM}, alone)
    assert ava(out)["life_bar"] == 17
    assert [(_groups(out)[g]["action_points"], _groups(out)[g]["teamed"]) for g in ("g", "h")] == [
        (0, False),
        (1, False),
    ]
    assert any(e["text"] == "No group joined g's Team-Up: it acts alone." for e in out["log"])
