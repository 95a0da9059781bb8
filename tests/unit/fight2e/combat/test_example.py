"""The book's Example of Combat (000 L6297–L6491, digest §6) replayed turn by turn from its dice and decisions.

The announced Control values include Rei's +1 Control Bonus (ruling A12), so his Control dice are the announced
values − 1. With ``super_energy_basic_attacks_count`` off and the Additional Glory Awards off, the answer matches
the book's figures; ``test_default_rulings`` checks the digest's "rules" column with the default options.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult

from .fixtures import build, example_request

COMBO_5 = ["demon_hunter_kick", "basic_move", "basic_move", "basic_move", "basic_move"]

TURNS: list[tuple[dict[str, Any], dict[str, int]]] = [
    (
        {
            "T1.battle.fs_init_ctrl": {"init": 1, "ctrl": 0},
            "T1.rei.action": {"action": "attack", "moves": COMBO_5, "movement": 2, "direction": "toward"},
            "T1.battle.defense": {"defense": "evasion", "fs": 2},
            "T1.rei.accuracy_fs": {"fs": 2},
        },
        {
            "T1.rei.init": 5,
            "T1.rei.ctrl": 7,
            "T1.battle.init": 1,
            "T1.battle.ctrl": 5,
            "T1.rei.damage": 6,
            "T1.fight.time": 3,
        },
    ),
    (
        {
            "T2.rei.fs_init_ctrl": {"init": 1, "ctrl": 1},
            "T2.battle.fs_init_ctrl": {"init": 1, "ctrl": 0},
            "T2.rei.action": {"action": "attack", "moves": ["airwalk_fist", "basic_move", "basic_move", "basic_move"]},
            "T2.battle.defense": {"defense": "tactics", "fs": 3},
            "T2.rei.accuracy_fs": {"fs": 3},
            "T2.battle.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
            "T2.rei.defense": {"defense": "defense", "fs": 2},
            "T2.battle.accuracy_fs": {"fs": 2},
        },
        {
            "T2.rei.init": 2,
            "T2.rei.ctrl": 6,
            "T2.battle.init": 9,
            "T2.battle.ctrl": 4,
            "T2.rei.attack": 3,
            "T2.battle.damage": 3,
            "T2.fight.time": 1,
        },
    ),
    (
        {
            "T3.battle.action": {"action": "move", "movement": 1, "direction": "toward"},
            "T3.rei.action": {"action": "attack", "moves": ["basic_move"], "movement": 1, "direction": "toward"},
            "T3.battle.defense": {"defense": "evasion", "fs": 3},
            "T3.rei.accuracy_fs": {"fs": 3},
            "T3.battle.evasion_result": {"choice": "accuracy_bonus"},
        },
        {
            "T3.rei.init": 4,
            "T3.rei.ctrl": 1,
            "T3.battle.init": 5,
            "T3.battle.ctrl": 1,
            "T3.rei.attack": 1,
            "T3.fight.time": 4,
        },
    ),
    (
        {
            "T4.rei.fs_init_ctrl": {"init": 1, "ctrl": 2},
            "T4.battle.fs_init_ctrl": {"init": 1, "ctrl": 1},
            "T4.battle.action": {"action": "attack", "moves": ["heart_breaker"], "movement": 1, "direction": "toward"},
            "T4.rei.defense": {"defense": "defense", "fs": 3, "full_defense": True},
            "T4.battle.accuracy_fs": {"fs": 1},
        },
        {
            "T4.rei.init": 8,
            "T4.rei.ctrl": 9,
            "T4.battle.init": 9,
            "T4.battle.ctrl": 4,
            "T4.battle.attack": 5,
            "T4.battle.damage": 7,
            "T4.fight.time": 2,
        },
    ),
]


def replay(options: dict[str, Any] | None = None) -> list[TurnResult]:
    req = example_request()
    if options is not None:
        req["options"] = options
    out = []
    for decisions, rolls in TURNS:
        req["decisions"], req["rolls"], req["lenient"] = decisions, rolls, False
        res = resolve_turn(build(req))
        assert res.status == "resolved", (res.violations, res.decisions_needed, res.dice_needed)
        assert not [w for w in res.warnings if w.code.endswith("NOT_USED")], res.warnings  # every key is used
        out.append(res)
        req["fight"] = res.fight.model_dump(mode="json")
        req["fighters"] = [f.model_dump(mode="json") for f in res.fighters]
    return out


@pytest.fixture(scope="module")
def turns() -> list[TurnResult]:
    return replay()


def fighter(res: TurnResult, fid: str):
    return next(f.state for f in res.fighters if f.id == fid)


def texts(res: TurnResult, label: str) -> list[str]:
    return [s.text for s in res.log if s.label == label]


def inputs(res: TurnResult, label: str, actor: str) -> list[dict]:
    return [dict(s.inputs) for s in res.log if s.label == label and s.actor == actor]


def changes(res: TurnResult, label: str, actor: str | None) -> list[dict]:
    return [dict(s.change) for s in res.log if s.label == label and s.actor == actor]


def test_every_answer_is_a_valid_model(turns: list[TurnResult]) -> None:
    for res in turns:
        TurnResult.model_validate(res.model_dump())


def test_turn_1(turns: list[TurnResult]) -> None:
    t = turns[0]
    a2 = {s.actor: dict(s.change) for s in t.log if s.label == "A.2"}
    assert a2["rei"] == {"initiative": 5, "control": 8}
    assert a2["battle"] == {"initiative": 1, "control": 5}
    assert changes(t, "A.1", "battle")[0]["init_die"] == "1d12"
    assert changes(t, "C", "rei") == [{"range": 1, "fs": 29}]
    assert changes(t, "D.4", "battle")[0]["dt"] == 5
    d6 = inputs(t, "D.6", "rei")[0]
    assert d6["roll"] is None and d6["fs"] == 2
    assert {k: d6[k] for k in ("first_move", "combo_length", "accuracy_bonus", "extra_control")} == {
        "first_move": 1,
        "combo_length": -1,
        "accuracy_bonus": 1,
        "extra_control": 1,
    }
    e1 = changes(t, "E.1", "rei")[0]
    assert e1 == {"damage": 10, "life_bar": 40, "stun_damage": 10}
    assert inputs(t, "E.1", "rei")[0]["steps"][0] == 2  # 1d10: Strength 1, Stamina −1
    assert changes(t, "E.3", "battle") == [{"range": 2}]
    assert any("Stunned" in x for x in texts(t, "E.8"))
    assert sum(g.points for g in t.glory if g.fighter == "rei") == 6
    rei, battle = fighter(t, "rei"), fighter(t, "battle")
    assert (rei.life_bar, rei.fighting_spirit, rei.super_energy) == (50, 30, 3)
    assert (battle.life_bar, battle.fighting_spirit, battle.super_energy) == (40, 27, 2)
    assert battle.stunned is not None and battle.stunned.actions_to_recover == 1
    assert battle.times_stunned_this_round == 1
    assert t.fight.time_count == 96 and t.fight.positioning.range == 2
    assert t.fight.previous_turn.initiative_leader == "rei" and t.fight.previous_turn.leader_hit


def test_turn_2(turns: list[TurnResult]) -> None:
    t = turns[1]
    a2 = {s.actor: dict(s.change) for s in t.log if s.label == "A.2"}
    assert a2["rei"] == {"initiative": 3, "control": 7}  # 2 + the leader's +1 (ruling A13)
    assert a2["battle"] == {"initiative": 9, "control": 4}
    assert any("no longer Stunned" in x for x in texts(t, "B.0"))
    assert changes(t, "D.4", "battle")[0]["dt"] == 6
    rei_d6 = inputs(t, "D.6", "rei")[0]
    assert rei_d6["roll"] == 3 and "extra_control" not in rei_d6 and rei_d6["range_2"] == -1
    assert changes(t, "D.6", "rei")[0]["hit"] is False
    assert changes(t, "D.4", "rei")[0]["dt"] == 3  # Defense 3 halved → 1, + 2 FS
    battle_d6 = inputs(t, "D.6", "battle")[0]
    assert battle_d6["extra_control"] == 1 and battle_d6["range_2"] == -1 and battle_d6["roll"] is None
    assert changes(t, "E.1", "battle")[0] == {"damage": 4, "life_bar": 46, "stun_damage": 4}
    assert changes(t, "E.2", "rei")[0]["control"] == 3
    assert changes(t, "E.3", "rei") == [{"range": 3}]
    assert t.glory == []
    rei, battle = fighter(t, "rei"), fighter(t, "battle")
    assert (rei.life_bar, rei.fighting_spirit, rei.super_energy) == (46, 23, 6)
    assert (battle.life_bar, battle.fighting_spirit, battle.super_energy) == (40, 21, 3)
    assert battle.stunned is None
    assert t.fight.time_count == 95
    assert t.fight.previous_turn.initiative_leader == "battle" and t.fight.previous_turn.leader_hit


def test_turn_3(turns: list[TurnResult]) -> None:
    t = turns[2]
    a2 = {s.actor: dict(s.change) for s in t.log if s.label == "A.2"}
    assert a2["rei"] == {"initiative": 4, "control": 2}
    assert a2["battle"] == {"initiative": 6, "control": 1}  # 5 + leader bonus (hit by a Response, ruling A11)
    assert changes(t, "C", "battle") == [{"range": 2, "fs": 21}]
    assert changes(t, "C", "rei") == [{"range": 1, "fs": 23}]
    d4 = inputs(t, "D.4", "battle")[0]
    assert d4["moved_one_range"] == 1 and changes(t, "D.4", "battle")[0]["dt"] == 7
    assert inputs(t, "D.6", "rei")[0]["roll"] == 1
    battle = fighter(t, "battle")
    assert [(p.amount, p.vs, p.source) for p in battle.pending_accuracy] == [(2, "rei", "evasion")]
    rei = fighter(t, "rei")
    assert (rei.fighting_spirit, rei.super_energy) == (20, 7)
    assert (battle.fighting_spirit, battle.super_energy) == (18, 4)
    assert t.fight.time_count == 91 and t.fight.positioning.range == 1
    assert not t.fight.previous_turn.leader_hit


def test_turn_4(turns: list[TurnResult]) -> None:
    t = turns[3]
    a2 = {s.actor: dict(s.change) for s in t.log if s.label == "A.2"}
    assert a2["rei"] == {"initiative": 8, "control": 10}
    assert a2["battle"] == {"initiative": 9, "control": 4}
    assert changes(t, "C", "battle") == [{"range": 0, "fs": 15}]
    assert changes(t, "D.4", "rei")[0]["dt"] == 8
    d6 = inputs(t, "D.6", "battle")[0]
    assert {k: d6[k] for k in ("move", "range_0", "pending", "extra_control")} == {
        "move": 1,
        "range_0": 1,
        "pending": 2,
        "extra_control": 1,
    }
    assert changes(t, "D.6", "battle")[0] == {"hit": True, "fs": 14}
    assert changes(t, "E.1", "battle")[0] == {"damage": 8, "life_bar": 38, "stun_damage": 0}
    assert changes(t, "E.3", "rei") == [{"range": 2}]
    assert changes(t, "E.4", "rei") == [{"knocked_down": True}]
    assert not changes(t, "E.2", "rei")  # no Hit Stun on a Knock Down
    assert [(g.fighter, g.points) for g in t.glory] == [("battle", 3)]
    rei, battle = fighter(t, "rei"), fighter(t, "battle")
    assert (rei.life_bar, rei.fighting_spirit, rei.super_energy, rei.knocked_down) == (38, 14, 9, True)
    assert rei.next_turn_dice == []  # Full Defense bonus void; no stand-up penalty after acting (ruling A6)
    assert (battle.life_bar, battle.fighting_spirit, battle.super_energy) == (40, 14, 6)
    assert battle.pending_accuracy == []
    assert rei.glory_this_round == 6 and battle.glory_this_round == 3
    assert t.fight.time_count == 89 and t.fight.positioning.range == 2


def test_default_rulings() -> None:
    """Digest §6 'rules' column: a lone Basic attack earns its Super Energy (A10); everything else is equal."""
    res = replay({"additional_glory_awards": False})
    se = [(fighter(r, "rei").super_energy, fighter(r, "battle").super_energy) for r in res]
    assert se == [(3, 2), (6, 4), (8, 5), (10, 7)]
    assert fighter(res[-1], "rei").life_bar == 38
