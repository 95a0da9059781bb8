"""A Competent Villain group ignores a Fighter's extra actions (000 L6630; ruling: his first action may act on it,
none of his extra ones may). Ava (the steps file's Fighter) has Thug Thrashing 1: two actions, Control 4 then 2."""

from __future__ import annotations

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, THUG, _g, _ok, _req, _turn

VILLAIN = {**THUG, "qualities": [{"id": "competent_villain"}]}
ATTACK = {"action": "attack", "moves": ["basic_move"], "target": "g"}


def test_only_her_first_action_reaches_a_competent_villain() -> None:
    # First action: 0 + 1 for Control to spare, a 3 makes 4 against Defense 2; Life Save 5 − 2 = 3, a 4 takes the
    # villain out (000 L6570).
    out = _ok(
        _req(members=1, thug=VILLAIN),
        {"T1.ava.action": ATTACK},
        {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 4},
    )
    assert _g(out)["members"] == 0
    assert not [u for u in out["unsupported"] if "competent" in u["id"]]
    bad = _turn(_req(members=1, thug=VILLAIN), {"T1.ava.action": IDLE, "T1.ava.action.2": ATTACK}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["TARGET_UNAVAILABLE"]
    # nor a Stunt Sequence in an extra action
    req = _req(members=1, thug=VILLAIN)
    req["fighters"][0]["state"]["story_points"] = 1
    stunt = {"action": "none", "stunt_sequence": {"g": 1}}
    bad = _turn(req, {"T1.ava.action": IDLE, "T1.ava.action.2": stunt}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["TARGET_UNAVAILABLE"]


def test_her_extra_action_is_not_offered_an_attack_on_it() -> None:
    step = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}, "T1.ava.action": IDLE}
    out = _turn(_req(members=1, thug=VILLAIN, ask_every_decision=True), step, dict(FIRST))
    assert out["decisions_needed"][0]["key"] == "T1.ava.action.2"
    assert not [c for c in out["decisions_needed"][0]["choices"] if c["value"].get("action") == "attack"]
    out = _turn(_req(members=1, ask_every_decision=True), step, dict(FIRST))
    assert [c for c in out["decisions_needed"][0]["choices"] if c["value"].get("action") == "attack"]


def test_the_benchmark_turn_resolves() -> None:
    # bench/core.py's thug_turn row: one Fighter (Control 9, Thug Thrashing 2: Control 9, then 4 and 4, 000 L6752)
    # attacks each of three groups of five once; every group then attacks her.
    from service.rules.fight2e.combat.benchmark import thug_request
    from service.rules.fight2e.combat.resolver import resolve_turn

    out = resolve_turn(thug_request()).model_dump(mode="json")
    assert out["status"] == "resolved" and not out["violations"]
    attacks = [s for s in out["log"] if s["label"] == "D.6"]
    assert [s["actor"] for s in attacks] == ["a", "a", "a", "g1", "g2", "g3"]
