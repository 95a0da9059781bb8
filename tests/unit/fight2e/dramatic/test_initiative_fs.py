"""Fighting Spirit on the Dramatic Initiative die (ruling C2: the main rule still buys die sizes, 000 L5505),
offered at the main turn's decision (``fs_init_ctrl``, its ``init``), worked by hand.

test_kept_states.py's Rei: Power Level 3, Speed 1 (a 1d8 Initiative die in Dramatic Combat, 000 L7088–L7094),
30 FS; Battle, Speed 2 (1d10). One FS buys one size (000 L5505), never past 1d12 and at most his Power Level; no
Control is rolled in Dramatic Combat (000 L7084), so none may go there."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_kept_states import _codes, _die, _ok, _play, _req, _state
from tests.unit.fight2e.thug_thrashing.support import _ok as _thug_ok
from tests.unit.fight2e.thug_thrashing.support import _turn
from tests.unit.fight2e.thug_thrashing.test_mixed import _req as _thug_req

NONE = {"action": "none"}


def _fs(init: int, ctrl: int = 0, **rei: Any) -> dict[str, Any]:
    return _play(
        _req([], rei=rei or None),
        {"T1.rei.fs_init_ctrl": {"init": init, "ctrl": ctrl}, "T1.rei.action": NONE, "T1.battle.action": NONE},
        {},
    )


def test_two_fs_raise_his_die_two_sizes_and_are_paid() -> None:
    # 000 L5505: 1d8 → 1d10 → 1d12 for 2 FS (within PL 3): 30 → 28 FS; Battle, who spends none, keeps his 1d10
    out = _ok(_fs(2))
    assert (_die(out, "T1.rei.init"), _die(out, "T1.battle.init")) == ("1d12", "1d10")
    assert _state(out, "rei")["fighting_spirit"] == 28


def test_no_fs_leaves_the_die_by_speed() -> None:
    # the default: nothing spent, 1d8 by Speed 1 (000 L7092), 30 FS kept
    out = _ok(_play(_req([]), {"T1.rei.action": NONE, "T1.battle.action": NONE}, {}))
    assert _die(out, "T1.rei.init") == "1d8" and _state(out, "rei")["fighting_spirit"] == 30


def test_fs_cannot_raise_the_die_above_1d12() -> None:
    # 000 L5505: 3 FS (within PL 3) would take 1d8 three sizes, past 1d12
    assert "FS_DIE_ABOVE_D12" in _codes(_fs(3))


def test_fs_is_at_most_his_power_level() -> None:
    # 000 L5505: two sizes smaller this turn (``initiative_steps`` −2, e.g. Flourish-like carried steps): 1d8 → 1d4;
    # 3 FS (PL 3) buys 1d4 → 1d10, 4 FS is more than PL 3 allows
    out = _ok(_fs(3, dramatic={"initiative_steps": -2}))
    assert _die(out, "T1.rei.init") == "1d10" and _state(out, "rei")["fighting_spirit"] == 27
    assert "FS_EXCEEDS_POWER_LEVEL" in _codes(_fs(4, dramatic={"initiative_steps": -2}))


def test_fs_he_does_not_have_is_refused() -> None:
    # 2 FS asked with only 1 left
    assert "FS_INSUFFICIENT" in _codes(_fs(2, fighting_spirit=1))


def test_no_fs_goes_on_control() -> None:
    # 000 L7084: no Control roll in Dramatic Combat: FS on it is refused, never dropped
    assert "DECISION_INVALID" in _codes(_fs(0, ctrl=1))


def test_the_dramatic_turn_with_thugs_offers_it_too() -> None:
    # test_mixed.py's Ava and Bo (PL 2, Speed 1: 1d8, 000 L7092) in a Dramatic turn with Thugs: Ava's 2 FS (= PL 2)
    # buy 1d8 → 1d12, 20 → 18 FS; Bo's die stays 1d8
    req = _thug_req()
    req["options"]["subsystem"] = "dramatic_thug_thrashing"
    for f in req["fighters"]:
        f["state"]["life_bar"] = 20
    rolls = {"T1.ava.init": 9, "T1.bo.init": 1, "T1.g.init": 1, "T1.g.attack": 1, "T1.fight.time": 3}
    decisions = {
        "T1.ava.fs_init_ctrl": {"init": 2},
        "T1.ava.action": NONE,
        "T1.ava.action.2": NONE,
        "T1.bo.action": NONE,
    }
    out = _thug_ok(req, decisions | {"T1.ava.defense": {"defense": "defense"}}, rolls)
    dice = {r["key"]: r["die"] for r in out["rolls"]}
    assert (dice["T1.ava.init"], dice["T1.bo.init"]) == ("1d12", "1d8")
    assert out["fighters"][0]["state"]["fighting_spirit"] == 18


def test_a_fighter_with_no_group_against_him_is_asked_his_action() -> None:
    # Bo stands with the Thugs (no group opposes him): his action's choices name no group, and he is asked it
    # (it once failed as an internal error building a Ki Yelling choice at a group)
    req = _thug_req()
    req["options"]["subsystem"] = "dramatic_thug_thrashing"
    for f in req["fighters"]:
        f["state"]["life_bar"] = 20
    rolls = {"T1.ava.init": 8, "T1.bo.init": 1, "T1.g.init": 1, "T1.g.attack": 1, "T1.fight.time": 3}
    decisions = {"T1.ava.action": NONE, "T1.ava.action.2": NONE, "T1.ava.defense": {"defense": "defense"}}
    out = _turn(req, decisions, rolls)
    assert not out["violations"]
    point = next(p for p in out["decisions_needed"] if p["key"] == "T1.bo.action")
    assert not [c for c in point["choices"] if c["value"].get("target") == "g"]


def test_a_reroll_keeps_the_die_his_fs_bought() -> None:
    # 000 L7098: a point re-rolls the Initiative; the die bought for the turn (1 FS: 1d8 → 1d10, 000 L5505) is the
    # one rolled again, and no FS is paid twice (30 → 29)
    decisions = {"T1.rei.fs_init_ctrl": {"init": 1}, "T1.rei.reroll": {"choice": "act"}}
    out = _ok(_play(_req([]), decisions | {"T1.rei.action": NONE, "T1.battle.action": NONE}, {"T1.rei.init.2": 9}))
    assert [r["die"] for r in out["rolls"] if r["key"].startswith("T1.rei.init")] == ["1d10", "1d10"]
    assert _state(out, "rei")["fighting_spirit"] == 29


def _initiative_steps(out: dict[str, Any]) -> list[tuple[str, str]]:
    """The Initiative notes in the log's order: (who, 'fs' for FS spent on the die, 'roll' for the die rolled)."""
    return [
        (s["actor"], "fs" if "FS:" in s["text"] else "roll")
        for s in out["log"]
        if s["label"] in ("A.1", "A.2")
        and (("spends" in s["text"] and "FS:" in s["text"]) or "for Initiative" in s["text"])
    ]


def test_every_fighter_declares_his_fs_before_anyone_rolls() -> None:
    # 000 L5505–L5507: all declare FS on the die, lowest Power Level first, then lowest Speed (both PL 3: Rei's Speed
    # 1 before Battle's 2), and only then are the dice rolled. Rei's 1 FS: 1d8 → 1d10; Battle's 1: 1d10 → 1d12
    decisions = {"T1.rei.fs_init_ctrl": {"init": 1}, "T1.battle.fs_init_ctrl": {"init": 1}}
    out = _ok(_play(_req([]), {**decisions, "T1.rei.action": NONE, "T1.battle.action": NONE}, {}))
    assert _initiative_steps(out) == [("rei", "fs"), ("battle", "fs"), ("rei", "roll"), ("battle", "roll")]
    assert (_die(out, "T1.rei.init"), _die(out, "T1.battle.init")) == ("1d10", "1d12")


def test_with_thugs_too_every_fs_is_declared_before_any_roll() -> None:
    # the Dramatic turn with Thugs (000 L7076): Ava's and Bo's FS (1 each, PL 2) both come before either die
    req = _thug_req()
    req["options"]["subsystem"] = "dramatic_thug_thrashing"
    for f in req["fighters"]:
        f["state"]["life_bar"] = 20
    rolls = {"T1.ava.init": 9, "T1.bo.init": 1, "T1.g.init": 1, "T1.g.attack": 1, "T1.fight.time": 3}
    decisions = {
        "T1.ava.fs_init_ctrl": {"init": 1},
        "T1.bo.fs_init_ctrl": {"init": 1},
        "T1.ava.action": NONE,
        "T1.ava.action.2": NONE,
        "T1.bo.action": NONE,
    }
    out = _thug_ok(req, decisions | {"T1.ava.defense": {"defense": "defense"}}, rolls)
    kinds = [k for who, k in _initiative_steps(out) if who in ("ava", "bo")]
    assert kinds == ["fs", "fs", "roll", "roll"]
