"""Two Fighters who both wish to interrupt the same one with a Reaction Attack roll special Initiative for who goes
first, FS allowed on the roll (000 L6019). a (heroes, band 1, Defense 0) steps 1 Range into band 2, Range 0 of b and
c (villains, who have not acted: Initiative 2 and 1); both answer with a Basic Reaction Attack (000 L6027). Every
sheet here has Speed 0: a 1d6 Initiative die, 30 FS, Power Level 3."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult

from .fixtures import build
from .support import sheet

REACT = {"choice": "act", "moves": ["basic_move"]}
ROLLS = {"T1.a.init": 6, "T1.b.init": 2, "T1.c.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 6, "T1.c.ctrl": 6}
ROLLS |= {"T1.b.damage": 3, "T1.c.damage": 3, "T1.fight.time": 4}


def _turn(decisions: dict[str, Any], rolls: dict[str, int]) -> TurnResult:
    fighters = [
        {"id": f, "sheet": sheet(f, defense=0 if f == "a" else 2), "state": {"life_bar": 50, "fighting_spirit": 30}}
        for f in "abc"
    ]
    dec = {"T1.a.action": {"action": "move", "movement": 1, "direction": "toward", "target": "b"}}
    dec |= {"T1.b.reaction": REACT, "T1.c.reaction": REACT, "T1.b.action": {"action": "none"}}
    dec |= {"T1.c.action": {"action": "none"}}
    req = {
        "options": {},
        "fight": {
            "turn": 1,
            "positioning": {"mode": "band", "bands": {"a": 1, "b": 2, "c": 2}},
            "sides": {"a": "heroes", "b": "villains", "c": "villains"},
        },
        "fighters": fighters,
        "decisions": dec | decisions,
        "rolls": ROLLS | rolls,
    }
    return resolve_turn(build(req))


def _fs(res: TurnResult) -> dict[str, int]:
    return {f.id: f.state.fighting_spirit for f in res.fighters}


def _strikers(res: TurnResult) -> list[str]:
    return [s.actor for s in res.log if s.label == "D.3"]


def test_the_higher_special_roll_strikes_first_and_the_hit_leaves_the_other_his_action() -> None:
    # b rolls 5, c 3 on their 1d6: b strikes first and hits a (any roll hits Defense 0 here), 50 → 47; a is
    # interrupted, so c never spends his Reaction Attack: his 30 FS and his action stay his (000 L6013–L6014)
    res = _turn({}, {"T1.b.reaction_init": 5, "T1.c.reaction_init": 3})
    assert res.status == "resolved", res.violations
    assert _strikers(res) == ["b"]
    assert next(f for f in res.fighters if f.id == "a").state.life_bar == 47
    assert _fs(res)["c"] == 30
    assert any(s.actor == "c" and s.label == "B.1" for s in res.log)  # his action at Initiative 1, unspent


def test_fs_on_the_roll_raises_its_die_and_is_spent_win_or_lose() -> None:
    # b spends 2 FS: 1d6 two sizes up is 1d10 (000 L5505); he rolls 2 against c's 5: c strikes first and hits.
    # b's 2 FS are gone, his Reaction Attack's 1 FS is not: 30 − 2 = 28
    asked = _turn({"T1.b.reaction_init_fs": {"fs": 2}}, {})
    assert [(d.key, str(d.die)) for d in asked.dice_needed][:1] == [("T1.b.reaction_init", "1d10")]
    res = _turn({"T1.b.reaction_init_fs": {"fs": 2}}, {"T1.b.reaction_init": 2, "T1.c.reaction_init": 5})
    assert res.status == "resolved", res.violations
    assert _strikers(res) == ["c"]
    assert _fs(res)["b"] == 28


def test_a_tie_is_rolled_again() -> None:
    # ruling: 4 and 4 settle nothing; the second rolls, 1 and 6, put c first
    res = _turn(
        {}, {"T1.b.reaction_init": 4, "T1.c.reaction_init": 4, "T1.b.reaction_init.2": 1, "T1.c.reaction_init.2": 6}
    )
    assert res.status == "resolved", res.violations
    assert _strikers(res) == ["c"]


def test_more_fs_than_power_level_or_than_he_can_keep_is_refused() -> None:
    # at most Power Level 3 on the roll (000 L5505)
    res = _turn({"T1.b.reaction_init_fs": {"fs": 4}}, {})
    assert res.status == "invalid" and res.violations[0].code == "FS_EXCEEDS_POWER_LEVEL"
