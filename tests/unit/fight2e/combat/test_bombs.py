"""Bombs (000 L2843–L2931): placing, the 1d8 count, the explosion before Initiative, Short Timer, No Range,
Self-Invulnerability, Multiple Bombs and Controlled Detonation's Detonate."""

from __future__ import annotations

from typing import Any

from .support import A_FIRST, duel, sheet, st


def bomber(*extra: str, ki: int = 5, strength: int = 0) -> dict[str, Any]:
    mine = {"id": "mine", "name": "Mine", "level": 2, "elements": [{"id": "bomb"}, *({"id": e} for e in extra)]}
    s = sheet("a", moves=[mine], strength=strength)
    s["combat_skills"]["ki"] = ki
    return s


PLACE = {"T1.a.action": {"action": "utility", "moves": ["mine"]}}


def bombs(res, fid: str = "a") -> list:
    return [e for e in st(res, fid).ongoing_effects if e.id == "bomb"]


def live(**kw: Any) -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "bomb", "move": "mine", "since": 1, "time_left": 0, **kw}]}


def test_placing_a_bomb_rolls_its_count_and_the_maneuver_roll() -> None:
    rolls = {**A_FIRST, "T1.a.bomb_timer": 5, "T1.a.bomb_maneuver": 8, "T1.b.bomb_maneuver": 2, "T1.fight.time": 3}
    res = duel(PLACE, rolls, a=bomber(), rng=3)
    assert res.status == "resolved", res.violations
    (e,) = bombs(res)
    assert (e.move, e.since, e.target, e.time_left) == ("mine", 1, "b", 5 - 3)  # the Time Roll ran 3 off the count
    lost = {**rolls, "T1.a.bomb_maneuver": 2, "T1.b.bomb_maneuver": 8}
    res = duel(PLACE, lost, a=bomber(), rng=3)
    assert bombs(res)[0].target is None  # lost the Maneuver Roll: the opposite of his wish
    again = duel(
        PLACE,
        rolls,
        a=bomber(),
        rng=3,
        sa={"ongoing_effects": [{"id": "bomb", "move": "mine", "since": 1, "time_left": 4, "target": "b"}]},
        turn=1,
    )
    assert len(bombs(again)) == 1 and any("does nothing" in s.text for s in again.log)  # only one Bomb in play
    many = duel(
        PLACE,
        rolls,
        a=bomber("bomb.multiple_bombs"),
        rng=3,
        sa={"ongoing_effects": [{"id": "bomb", "move": "mine", "since": 1, "time_left": 4, "target": "b"}]},
    )
    assert len(bombs(many)) == 2


T2 = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}


def test_the_bomb_explodes_before_initiative_against_defense_with_ki_damage() -> None:
    rolls = {**T2, "T2.a.attack": 6, "T2.a.damage": 4}
    res = duel(
        {"T2.a.action": {"action": "none"}},
        rolls,
        a=bomber(strength=2),
        b=sheet("b", defense=2),
        rng=3,
        turn=2,
        sa=live(target="b"),
    )
    assert res.status == "resolved", res.violations
    explode = next(i for i, s in enumerate(res.log) if "explodes" in s.text)
    first_init = next(i for i, s in enumerate(res.log) if s.label.startswith("A.") and "nitiative" in s.text)
    assert explode < first_init  # before Initiative
    assert next(s.inputs for s in res.log if s.label == "D.4").get("fs", 0) == 0
    assert "defense" in next(s.text for s in res.log if s.label == "D.4")  # Defense only
    assert next(r.die for r in res.rolls if r.key == "T2.a.damage") == "1d6"  # Ki 4–7: a Special's 1d6, no Strength
    assert st(res, "b").life_bar == 50 - 4
    assert bombs(res) == []
    assert not any(w.key == "T2.a.accuracy_fs" for w in res.warnings)
    hot = duel({"T2.a.action": {"action": "none"}}, rolls, a=bomber(ki=8), rng=3, turn=2, sa=live(target="b"))
    assert next(r.die for r in hot.rolls if r.key == "T2.a.damage") == "1d8"  # Ki 8–9: one step up
    spared = duel({"T2.a.action": {"action": "none"}}, T2, a=bomber(), rng=3, turn=2, sa=live())
    assert spared.status == "resolved" and st(spared, "b").life_bar == 50  # nobody in the blast


def test_short_timer_can_go_off_right_after_the_action() -> None:
    rolls = {
        **A_FIRST,
        "T1.a.bomb_timer": 3,
        "T1.a.bomb_maneuver": 8,
        "T1.b.bomb_maneuver": 2,
        "T1.a.attack": 6,
        "T1.a.damage": 3,
    }
    res = duel(PLACE, rolls, a=bomber("bomb.short_timer"), rng=3)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3 and bombs(res) == []  # 3 − 4 ≤ 0: it went off this turn


def test_controlled_detonation_waits_for_detonate() -> None:
    wait = duel(
        {"T2.a.action": {"action": "none"}},
        {**T2, "T2.fight.time": 1},
        a=bomber("bomb.controlled_detonation"),
        rng=3,
        turn=2,
        sa=live(target="b", time_left=5),
    )
    assert wait.status == "resolved" and st(wait, "b").life_bar == 50
    assert [e.time_left for e in bombs(wait)] == [5 - 1]  # no explosion on its own; it fizzles after a 5-count
    gone = duel(
        {"T2.a.action": {"action": "none"}},
        {**T2, "T2.fight.time": 6},
        a=bomber("bomb.controlled_detonation"),
        rng=3,
        turn=2,
        sa=live(target="b", time_left=5),
    )
    assert bombs(gone) == []
    boom = duel(
        {"T2.a.action": {"action": "utility", "moves": ["detonate"]}},
        {**T2, "T2.a.attack": 6, "T2.a.damage": 5},
        a=bomber("bomb.controlled_detonation"),
        rng=3,
        turn=2,
        sa=live(target="b", time_left=4),
    )
    assert boom.status == "resolved", boom.violations
    assert st(boom, "b").life_bar == 50 - 5 and bombs(boom) == []
    assert not [u for u in boom.unsupported if u.id.startswith("bomb")]


def test_band_map_blast_range_no_range_and_self_invulnerability() -> None:
    # a on band 1, b on band 2, c on band 3; the Bomb lies on band 2.
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    rolls = {"T2.a.init": 6, "T2.b.init": 3, "T2.c.init": 1, "T2.a.ctrl": 6}
    for k in ("", ".2", ".3"):
        rolls |= {f"T2.a.attack{k}": 6, f"T2.a.damage{k}": 2}
    still = {"T2.a.action": {"action": "none"}, "T2.b.action": {"action": "none"}, "T2.c.action": {"action": "none"}}
    res = duel(still, rolls, a=bomber(), b=sheet("b", defense=0), extra=[c], turn=2, sa=live(band=2))
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a", "a", "a"]  # a, b and c are within Range 1
    res = duel(
        still, rolls, a=bomber("bomb.self_invulnerability"), b=sheet("b", defense=0), extra=[c], turn=2, sa=live(band=2)
    )
    assert [s.text.split(" with ")[0] for s in res.log if s.label == "D.3"] == ["a attacks b", "a attacks c"]
    res = duel(still, rolls, a=bomber("bomb.no_range"), b=sheet("b", defense=0), extra=[c], turn=2, sa=live(band=2))
    assert [s.text.split(" with ")[0] for s in res.log if s.label == "D.3"] == ["a attacks b"]  # Range 0 only


def test_assault_bomb_fires_one_hard_to_evade_shot_two_turns_later() -> None:
    rolls = {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6, "T3.a.attack": 6, "T3.a.damage": 3}
    dec = {"T3.a.action": {"action": "none"}, "T3.b.defense": {"defense": "evasion"}, "T3.a.accuracy_fs": {"fs": 1}}
    res = duel(
        dec,
        rolls,
        a=bomber("bomb.assault_bomb"),
        b=sheet("b", evasion=3),
        rng=3,
        turn=3,
        sa=live(target="b", time_left=3),
    )
    assert res.status == "resolved", res.violations
    acc = next(dict(s.inputs) for s in res.log if s.label == "D.6")
    assert acc.get("hard_to_evade") == 1 and acc.get("fs") == 1  # Hard to Evade, and FS may be spent
    assert st(res, "b").life_bar == 50 - 3
    assert bombs(res) == []  # gone after the turn of its shot
    quiet = duel(
        {"T2.a.action": {"action": "none"}},
        T2,
        a=bomber("bomb.assault_bomb", "bomb.no_detonation"),
        rng=3,
        turn=2,
        sa=live(target="b"),
    )
    assert quiet.status == "resolved" and st(quiet, "b").life_bar == 50  # No Detonation: it never explodes
    assert len(bombs(quiet)) == 1
