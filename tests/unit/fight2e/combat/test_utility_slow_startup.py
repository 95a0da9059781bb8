"""A Utility move with Slow Startup in the main turn (000 L4838–L4848): its first use only readies it, its effects
and Glory come at the user's action next turn; each figure below is worked by hand from the text.

Mend is a level 2 Healing move that heals the whole 1d6 rolled (a Special Move's die, no Strength, 000 L3436–L3444).
The sheets are support.py's: PL 3, Life Bar 50, a 1d6 Initiative die (two sizes up is 1d10, 000 L4846)."""

from __future__ import annotations

from .support import A_FIRST, FIST, attack, duel, sheet, st

MEND = {
    "id": "mend",
    "name": "Mend",
    "level": 2,
    "elements": [{"id": "healing", "options": {"heal": "full"}}],
    "liabilities": [{"id": "slow_startup"}],
}
USE = {"T1.a.action": {"action": "utility", "moves": ["mend"]}}
WAITING = {"life_bar": 30, "ongoing_effects": [{"id": "slow_startup", "move": "mend", "since": 1}]}
NEXT = {"T2.a.init": 9, "T2.b.init": 1, "T2.a.ctrl": 1, "T2.a.healing": 5}


def _glory(res, fid: str = "a") -> int:
    return sum(g.points for g in res.glory if g.fighter == fid)


def _readied(res) -> list[tuple]:
    return [(e.id, e.move, e.since, e.target) for e in st(res, "a").ongoing_effects]


def test_first_use_only_readies_it_no_heal_no_glory() -> None:
    # 000 L4842: the first use only readies the move, its effects wait for the execution: no healing roll, a stays at
    # 30, no Glory yet (000 L5751 comes when it takes effect); the readied move is kept for next turn with no target
    res = duel(USE, {**A_FIRST, "T1.a.healing": 5}, a=sheet("a", moves=[MEND]), sa={"life_bar": 30}, rng=3)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 30 and "T1.a.healing" not in [r.key for r in res.rolls]
    assert _readied(res) == [("slow_startup", "mend", 1, None)]
    assert _glory(res) == 0 and not res.unsupported


def test_it_takes_effect_next_turn_for_one_control() -> None:
    # 000 L4846–L4848: Initiative two die sizes up (1d6 → 1d10); a Control of 1 is enough though Mend is level 2; the
    # heal, all of the 1d6's 5, lands at H.1: 30 → 35 (000 L3442); Glory, its level 2, the first time (000 L5751)
    res = duel({}, NEXT, a=sheet("a", moves=[MEND]), sa=WAITING, rng=3, turn=2)
    assert res.status == "resolved", res.violations
    assert next(r.die for r in res.rolls if r.key == "T2.a.init") == "1d10"
    assert st(res, "a").life_bar == 35 and _glory(res) == 2
    assert st(res, "a").ongoing_effects == []


def test_waiting_he_defends_with_defense_only_and_a_hit_cancels_it() -> None:
    # 000 L4844: b attacks a while Mend waits: Evasion is refused; a hit (b's 3 FS on Accuracy against Defense 0)
    # cancels it: nothing stays readied
    rolls = {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6}
    res = duel(
        {"T1.b.action": attack(["fist"]), "T1.a.defense": {"defense": "evasion"}},
        rolls,
        a=sheet("a", moves=[MEND]),
        rng=1,
        sa=WAITING,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"
    res = duel(
        {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}},
        rolls,
        a=sheet("a", defense=0, moves=[MEND]),
        b=sheet("b", moves=[FIST]),
        rng=1,
        sa=WAITING,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").ongoing_effects == [] and any(s.label == "E.6" and "Slow Startup" in s.text for s in res.log)


def test_heal_others_readied_heals_the_one_named_in_range_or_not() -> None:
    # 000 L3446–L3448: Heal Others reaches Range 0–2; c (a's ally) is named when Mend is readied; next turn c stands
    # 3 bands from a, yet (ruling, 000 L4846: the readied move goes to the one named, in range or not) c heals 5:
    # 30 → 35, a himself nothing
    mend = {**MEND, "elements": [*MEND["elements"], {"id": "healing.heal_others"}]}
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 30, "fighting_spirit": 30}}
    rolls = {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6}
    use = {"T1.a.action": {"action": "utility", "moves": ["mend"], "target": "c"}}
    res = duel(use, rolls, a=sheet("a", moves=[mend]), sa={"life_bar": 30}, extra=[c], sides={"c": "a"})
    assert res.status == "resolved", res.violations
    assert _readied(res) == [("slow_startup", "mend", 1, "c")] and st(res, "c").life_bar == 30
    waiting = {"life_bar": 30, "ongoing_effects": [{"id": "slow_startup", "move": "mend", "since": 1, "target": "c"}]}
    d = {"id": "d", "sheet": sheet("d"), "state": {"life_bar": 50, "fighting_spirit": 30}}
    rolls = {"T2.a.init": 9, "T2.b.init": 3, "T2.c.init": 1, "T2.d.init": 2, "T2.a.ctrl": 1, "T2.a.healing": 5}
    res = duel({}, rolls, a=sheet("a", moves=[mend]), sa=waiting, extra=[d, c], sides={"c": "a"}, turn=2)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.bands == {"a": 1, "b": 2, "d": 3, "c": 4}  # c is 3 bands from a
    assert (st(res, "c").life_bar, st(res, "a").life_bar) == (35, 30)


def test_its_limited_use_charges_are_spent_once_when_readied() -> None:
    # 000 L4602–L4610: a pool of 6; a level 2 move takes 1 charge. Ruling (000 L4842): the use that readies it pays
    # (6 → 5); its release next turn takes none (5 stays)
    mend = {**MEND, "liabilities": [*MEND["liabilities"], {"id": "limited_use", "options": {"pool": "vial"}}]}
    res = duel(USE, A_FIRST, a=sheet("a", moves=[mend]), sa={"life_bar": 30}, rng=3)
    assert res.status == "resolved", res.violations
    assert [(e.move, e.charges) for e in st(res, "a").ongoing_effects if e.id == "limited_use"] == [("vial", 5)]
    waiting = {"life_bar": 30, "ongoing_effects": [*WAITING["ongoing_effects"], {"id": "limited_use", "move": "vial",
                                                                              "charges": 5}]}  # fmt: skip
    res = duel({}, NEXT, a=sheet("a", moves=[mend]), sa=waiting, rng=3, turn=2)
    assert res.status == "resolved", res.violations
    assert [(e.move, e.charges) for e in st(res, "a").ongoing_effects if e.id == "limited_use"] == [("vial", 5)]
    assert st(res, "a").life_bar == 35
