"""What a successful Evasion against Thugs gives (000 L6698, L5834–L5836), worked by hand. Ava (the steps file's
Fighter) has Defense 3, Evasion 1 and Agility 4, no Defense or Accuracy Bonus; her Control 1d6."""

from __future__ import annotations

import copy

from tests.unit.fight2e.thug_thrashing.support import IDLE, THUG, _ava, _g, _ok, _req

HARD = {**THUG, "defense": 5}  # a group her Basic Move only hits with the bonus on a low roll
ATTACK = {"action": "attack", "moves": ["basic_move"], "target": "g"}
AGILITY = {"defense": "evasion", "agility": True}
GROUP_FIRST = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4}


def test_evading_gives_two_accuracy_on_the_next_attack_on_that_group() -> None:
    # The group first: 1d6 + 0 at Range 1 against Agility 4 in place of Evasion (000 L6700): a 3 misses. She takes
    # +2 Accuracy (the default choice, 000 L6698). Her Basic Move: Accuracy 0 + 1 for Control 4 above level 1
    # (000 L5708) + 2 = 3; a 2 makes 5 against Defense 5, a hit (it would be 3 without the bonus).
    out = _ok(
        _req(thug=HARD),
        {"T1.ava.defense": AGILITY, "T1.ava.action": ATTACK, "T1.ava.action.2": IDLE},
        {**GROUP_FIRST, "T1.g.attack": 3, "T1.ava.attack": 2, "T1.g.life_save": 10, "T1.fight.time": 3},
    )
    step = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert step["inputs"]["evasion_bonus"] == 2 and step["inputs"]["accuracy"] == 3
    assert "hit" in step["text"]
    assert _ava(out)["pending_accuracy"] == []  # used up


def test_the_bonus_waits_for_the_next_turn_and_is_lost_to_a_hit() -> None:
    # She acts first and idles; the group misses her Agility 4 with a 3: the bonus is carried to the next turn
    # ("this or the following turn", 000 L6698).
    out = _ok(
        _req(thug=HARD),
        {"T1.ava.defense": AGILITY, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.g.attack": 3, "T1.fight.time": 3},
    )
    assert _ava(out)["pending_accuracy"] == [{"amount": 2, "vs": "g", "source": "evasion"}]
    nxt = _req(thug=HARD)
    nxt["fight"]["turn"] = 2
    nxt["fighters"][0]["state"]["pending_accuracy"] = _ava(out)["pending_accuracy"]
    # Turn 2, she first: 0 + 1 + 2 = 3; a 2 reaches Defense 5
    out2 = _ok(
        nxt,
        {"T2.ava.action": ATTACK, "T2.ava.action.2": IDLE, "T2.ava.defense": {"defense": "defense"}},
        {"T2.ava.init": 6, "T2.ava.ctrl": 4, "T2.g.init": 1, "T2.ava.attack": 2, "T2.g.life_save": 10}
        | {"T2.g.attack": 1, "T2.fight.time": 3},
    )
    assert next(s for s in out2["log"] if s["label"] == "D.6" and s["actor"] == "ava")["inputs"]["evasion_bonus"] == 2
    # Turn 2 with the group first: its 6 hits her Defense 3 for 2, and the bonus is lost before she attacks
    # (000 L5836): 0 + 1 with a 2 is 3 against 5, a miss.
    out3 = _ok(
        copy.deepcopy(nxt),
        {"T2.ava.action": ATTACK, "T2.ava.action.2": IDLE, "T2.ava.defense": {"defense": "defense"}},
        {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 6, "T2.g.damage": 2}
        | {"T2.ava.attack": 2, "T2.fight.time": 3},
    )
    step = next(s for s in out3["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert step["inputs"]["evasion_bonus"] == 0 and "miss" in step["text"]
    assert _ava(out3)["life_bar"] == 38 and _ava(out3)["pending_accuracy"] == []


def test_evading_can_move_two_ranges_for_one_fs() -> None:
    # The move instead: exactly 2 Ranges for 1 FS (000 L6698, L5834): Range 1 → 3, FS 20 → 19.
    out = _ok(
        _req(),
        {
            "T1.ava.defense": AGILITY,
            "T1.ava.evasion_result": {"choice": "move", "direction": "away"},
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {**GROUP_FIRST, "T1.g.attack": 3, "T1.fight.time": 3},
    )
    assert _g(out)["ranges"] == {"ava": 3}
    assert _ava(out)["fighting_spirit"] == 19 and _ava(out)["pending_accuracy"] == []


def test_blocking_or_the_combined_defence_gives_nothing() -> None:
    # Only an Evasion earns it (000 L6698): a miss against Defense 3 or Defense + Agility leaves no bonus (000 L5838).
    for defence in ({"defense": "defense"}, {"defense": "defense_evasion", "agility": True}):
        out = _ok(
            _req(),
            {"T1.ava.defense": defence, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
            {**GROUP_FIRST, "T1.g.attack": 1, "T1.fight.time": 3},
        )
        assert _ava(out)["pending_accuracy"] == []
        assert not [s for s in out["log"] if s["label"] == "F.2"]
