"""Tied Initiative between a Fighter and a Thug group (000 L6656–L6658): they act at the same moment, so the Thugs
she takes out at that Initiative still move and attack. Ava (support.py): Strength 2, Defense 3, a Basic Move
(1d6) with Accuracy 0; the group (support.THUG): Defense 2, Life Save 5, Accuracy 0, Damage 1d4, at Range 1."""

from __future__ import annotations

from tests.unit.fight2e.thug_thrashing.support import ATTACK, IDLE, _ava, _g, _ok, _req

DEFEND = {"defense": "defense"}


def test_a_thug_taken_out_at_the_same_initiative_still_attacks() -> None:
    # Both at 4. Her Basic Move: 3 + 0 + 1 (Control 4 above the Basic's level) = 4 ≥ Defense 2, a hit; the lone Thug
    # saves against 5 − Strength 2 − 1 (1d6 is a die size above 1d4) = 2 and rolls 6: out (000 L6570). Acting at the
    # same moment, he still attacks: 3 against her Defense 3 hits, 1d4 shows 3: 40 → 37 (000 L6656).
    rolls = {"T1.ava.init": 4, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.ava.attack": 3, "T1.g.life_save": 6}
    rolls |= {"T1.g.attack": 3, "T1.g.damage": 3}
    out = _ok(_req(members=1), {"T1.ava.action": ATTACK, "T1.ava.defense": DEFEND}, rolls)
    assert _g(out)["members"] == 0 and _ava(out)["life_bar"] == 37
    assert out["status"] == "over"
    assert not [u for u in out["unsupported"] if u["id"] == "thug_simultaneous_initiative"]
    # she first (5 against 4): the Thug is gone before his turn, and nothing hits her
    alone = {k: v for k, v in rolls.items() if k not in ("T1.g.attack", "T1.g.damage")}
    first = _ok(_req(members=1), {"T1.ava.action": ATTACK}, alone | {"T1.ava.init": 5})
    assert _g(first)["members"] == 0 and _ava(first)["life_bar"] == 40


def test_with_two_thugs_both_still_count_for_its_attacks() -> None:
    # Tied at 4, she takes one of two Thugs out (as above); the group's attack is made as by two Thugs: one on her
    # (000 L6676); the group ends with 1.
    rolls = {"T1.ava.init": 4, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.ava.attack": 3, "T1.g.life_save": 6}
    rolls |= {"T1.g.attack": 1, "T1.fight.time": 3}
    out = _ok(_req(members=2), {"T1.ava.action": ATTACK, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFEND}, rolls)
    assert _g(out)["members"] == 1 and _ava(out)["life_bar"] == 40
    assert any("acts at the same moment" in s["text"] for s in out["log"])
