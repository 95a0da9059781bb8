"""A move priced again with Elements added or taken away for one use (registry/reprice.py): the Power Enhancer's
Element Addition (000 L3842–L3850), Power Up's Extra Elements (000 L3870–L3876), a Taunt's Element Addition
(000 L4291–L4301), Random Effect (000 L3938–L3960) and Perfect Hit (000 L4745–L4753) always apply; none reports
`unsupported`. Expected dice come from the Increased Damage table (000 L3526–L3532): one Element keeps 1d6 with a
minimum of 2, two make 1d8, four 1d10."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from service.rules.fight2e.combat.contract.models import CombatOptions
from service.rules.fight2e.combat.registry.reprice import with_entries
from service.rules.fight2e.combat.registry.sheet import build_profile
from service.rules.fight2e.fighters.fighter_models import Fighter

from .support import A_FIRST, attack, duel, sheet, st

ROLLS2 = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
SURE = {"T2.a.accuracy_fs": {"fs": 3}}
IDS = ("power_enhancer", "power_up", "taunt", "random_effect", "perfect_hit")


def _dice(res, turn: int = 2) -> list[str]:
    return [r.die for r in res.rolls if r.key.startswith(f"T{turn}.a.damage")]


def _none_unsupported(res) -> None:
    assert not [u.id for u in res.unsupported if u.id.startswith(IDS)], res.unsupported


PALM = {"id": "palm", "name": "Palm", "level": 2, "elements": [{"id": "increased_damage"}]}  # 1d6, min 2


def test_power_enhancer_adds_a_second_increased_damage_for_1d8() -> None:
    """Palm holds one Increased Damage (1d6, L3528); the enhancer's added one makes two: 1d8 (L3530, L3846)."""
    focus = {
        "id": "focus",
        "name": "Focus",
        "level": 3,
        "elements": [
            {"id": "power_enhancer", "options": {"target_moves": "Palm"}},
            {"id": "power_enhancer.element_addition", "options": {"element": "increased_damage"}},
        ],
    }
    a = sheet("a", moves=[focus, PALM])
    dec = {"T2.a.action": attack(["palm"]), **SURE}
    banked = {"ongoing_effects": [{"id": "power_enhancer", "move": "focus", "charges": 1}]}
    plain = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2)
    added = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked)
    assert added.status == plain.status == "resolved", added.violations
    assert (_dice(plain), _dice(added)) == (["1d6"], ["1d8"])
    _none_unsupported(added)


def test_power_enhancer_naming_an_unknown_element_adds_nothing_and_reports_nothing() -> None:
    """Ruling (reprice): an Element id the catalogue lacks is a design error Fighter validation reports; the use
    still spends the bank (L3826) and the move keeps its own 1d6."""
    focus = {
        "id": "focus",
        "name": "Focus",
        "level": 3,
        "elements": [
            {"id": "power_enhancer", "options": {"target_moves": "Palm"}},
            {"id": "power_enhancer.element_addition", "options": {"element": "moonbeam"}},
        ],
    }
    dec = {"T2.a.action": attack(["palm"]), **SURE}
    banked = {"ongoing_effects": [{"id": "power_enhancer", "move": "focus", "charges": 1}]}
    res = duel(dec, ROLLS2, a=sheet("a", moves=[focus, PALM]), b=sheet("b", defense=0), turn=2, sa=banked)
    assert res.status == "resolved", res.violations
    assert _dice(res) == ["1d6"]
    assert st(res, "a").ongoing_effects == []
    _none_unsupported(res)


def test_extra_elements_buy_two_increased_damage_for_two_control() -> None:
    """An L2 Power Up move rolled Control 6 takes 2 extra Control (at most its Level, L3860); at one Control per
    Element cost (L3874) they buy two Increased Damage: 1d6 becomes 1d8 (L3530), no extra damage is left."""
    burst = {
        "id": "burst",
        "name": "Burst",
        "level": 2,
        "elements": [
            {"id": "power_up", "options": {"version": "control"}},
            {"id": "power_up.extra_elements", "options": {"schedule": ["increased_damage", "increased_damage"]}},
        ],
    }
    dec = {"T1.a.action": attack(["burst"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.a.power_up_bonus": {"amount": 2}}
    res = duel(dec, {**A_FIRST, "T1.a.damage": 3}, a=sheet("a", moves=[burst]), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert _dice(res, 1) == ["1d8"]
    assert st(res, "b").life_bar == 50 - 3  # the 3 rolled, nothing added for Control
    _none_unsupported(res)


def test_random_effect_combination_with_an_unknown_id_is_played_without_it() -> None:
    """Ruling (reprice): combination 1 lists two Increased Damage and an id the catalogue lacks; it is played as
    the two it can price: 1d8 (L3530, L3956)."""
    trunk = {
        "id": "trunk",
        "name": "Trunk",
        "level": 3,
        "elements": [
            {
                "id": "random_effect",
                "options": {"allocation": 2, "combinations": "increased_damage, increased_damage, moonbeam; ranged"},
            }
        ],
    }
    dec = {"T1.a.action": attack(["trunk"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, {**A_FIRST, "T1.a.random_effect": 1}, a=sheet("a", moves=[trunk]), b=sheet("b", defense=0))
    assert res.status == "resolved", res.violations
    assert _dice(res, 1) == ["1d8"]
    _none_unsupported(res)


def _fake(sheet_json: dict[str, Any]) -> tuple[Any, Any]:
    fighter = Fighter.model_validate(sheet_json)
    opts = CombatOptions()
    prof = build_profile(fighter, opts)
    ctx = SimpleNamespace(req=SimpleNamespace(fighters=[SimpleNamespace(sheet=fighter)]), opts=opts)
    f = SimpleNamespace(index=0, prof=prof, base_prof=prof)
    return ctx, f


def test_a_move_not_on_the_sheet_is_priced_from_the_entries_it_holds() -> None:
    """Ruling (reprice): a copied or absorbed move (not at ``moves[i]``) is priced as a move of the user's with
    the entries it holds, what the copy changed (here +2 flat damage) kept. A copy of a four-Increased-Damage move
    (1d10, L3531) loses them all by a failed Perfect Hit: 1d6 (L3526, L4753); two more make six: 1d12 (L3532)."""
    big = {"id": "big", "name": "Big", "level": 4, "elements": [{"id": "increased_damage", "times": 4}]}
    ctx, f = _fake(sheet("a", moves=[]))
    src = build_profile(Fighter.model_validate(sheet("z", moves=[big])), CombatOptions()).moves["big"]
    copy = replace(src, id="copy:big", path="copy:big", flat_bonus=src.flat_bonus + 2)
    assert copy.damage_step == 2  # 1d10: two die sizes above 1d6
    assert with_entries(ctx, f, copy) is copy  # nothing to change
    bare = with_entries(ctx, f, copy, remove=("increased_damage",))
    assert (bare.damage_step, bare.flat_bonus, bare.path, bare.level) == (0, copy.flat_bonus, "copy:big", 4)
    more = with_entries(ctx, f, copy, add=("increased_damage", "increased_damage"))
    assert (more.damage_step, more.flat_bonus, more.id) == (3, copy.flat_bonus, "copy:big")


def test_taunt_lends_increased_damage_to_the_next_attack_for_1d8() -> None:
    """The Taunt lends one Increased Damage (L4295); Palm's own one and the lent one make two: 1d8 (L3530)."""
    provoke = {
        "id": "provoke",
        "name": "Provoke",
        "level": 3,
        "liabilities": [{"id": "utility"}],
        "elements": [{"id": "taunt"}, {"id": "taunt.element_addition", "options": {"element": "increased_damage"}}],
    }
    a = sheet("a", moves=[provoke, PALM])
    lent = {"ongoing_effects": [{"id": "taunt.element_addition", "move": "provoke", "since": 1}]}
    dec = {"T2.a.action": attack(["palm"]), **SURE}
    plain = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2)
    res = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=lent)
    assert res.status == plain.status == "resolved", res.violations
    assert (_dice(plain), _dice(res)) == (["1d6"], ["1d8"])
    assert st(res, "a").ongoing_effects == []  # spent on that use (L4297)
    _none_unsupported(res)
