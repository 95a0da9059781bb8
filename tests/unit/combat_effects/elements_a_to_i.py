"""Combat effects of the Fixed Moves and of the Elements Absorbs Attacks → Increased Damage (000 L2761–L3540),
each checked against figures worked out by hand from the book line cited."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.models import TurnResult

from ..test_combat_rules import attack, duel, sheet
from .build import FIRST, el, hit_by, life, move, next_dice, strike
from .registry import effect_of

PLAIN = move("plain")  # a Level 2 Special Move: 1d6 damage, Accuracy 0 (000 L2277–L2283)
# With a's Control 6 above the 2 the move needs, every attack below has +1 Accuracy (000 L5708), and at Range 1 no
# Range modifier (000 L5613): an attack roll r totals r + 1 + the move's own Accuracy (hit if ≥ DT, 000 L5724).


def _hits(mv: dict, roll: int, **b_kw: Any) -> bool:
    """Whether a's attack roll ``roll`` with ``mv`` hits b (sheet ``b_kw``, defending with his default)."""
    return hit_by(strike(mv, {"T1.a.attack": roll}, b=sheet("b", **b_kw)))


def _hits_vs(mv: dict, roll: int, option: str, **b_kw: Any) -> bool:
    """As ``_hits``, b defending with ``option`` (defense, evasion, tactics)."""
    dec = {"T1.b.defense": {"defense": option}}
    return hit_by(strike(mv, {"T1.a.attack": roll}, dec, b=sheet("b", **b_kw)))


# ── Critical Hit / Fast Recovery ────────────────────────────────────────────────────────────────


@effect_of("critical_hit", "000 L3210")
def critical_hit_even_damage_roll_gives_two_steps() -> None:
    crit = move("crit", el("critical_hit", bonus_to="initiative"))
    # b's DT 0 (Defense 0): a sure hit. An even damage roll: +2 die sizes to the chosen Initiative next turn.
    assert next_dice(strike(crit, {"T1.a.damage": 4}), "a") == {("initiative", 2)}
    assert next_dice(strike(crit, {"T1.a.damage": 3}), "a") == set()  # odd: nothing
    ctrl = move("crit", el("critical_hit", bonus_to="control"))
    assert next_dice(strike(ctrl, {"T1.a.damage": 6}), "a") == {("control", 2)}


@effect_of("fast_recovery", "000 L3354–L3358")
def fast_recovery_on_hit_or_always() -> None:
    on_hit = move("quick", el("fast_recovery", trigger="on_hit", bonus_to="control"))
    assert next_dice(strike(on_hit), "a") == {("control", 1)}  # a sure hit (DT 0): +1 die size next turn
    # Defense 3 against a roll of 1: 1 + 1 = 2 < 3, a miss: the On-Hit version gives nothing.
    miss = strike(on_hit, {"T1.a.attack": 1}, b=sheet("b", defense=3))
    assert not hit_by(miss) and next_dice(miss, "a") == set()
    always = move("quick", el("fast_recovery", trigger="always", bonus_to="initiative"))
    miss = strike(always, {"T1.a.attack": 1}, b=sheet("b", defense=3))
    assert not hit_by(miss) and next_dice(miss, "a") == {("initiative", 1)}  # the 2-Element version: always


# ── Always Does Damage ────────────────────────────────────────────────────────────────────────


@effect_of("always_does_damage", "000 L2817, L2823")
def always_does_damage_through_a_block_only() -> None:
    chip = move("crash", "always_does_damage")
    # Roll 1: 1 + 1 = 2 against DT 3, a miss. Blocked with the Defense Skill, b still loses 1 Life Bar (PL 3: 50).
    for mv, lost in ((PLAIN, 0), (chip, 1)):
        res = strike(mv, {"T1.a.attack": 1}, {"T1.b.defense": {"defense": "defense"}}, b=sheet("b", defense=3))
        assert not hit_by(res) and life(res, "b") == 50 - lost
    # Evaded instead (Evasion 3, DT 3): no effect.
    res = strike(chip, {"T1.a.attack": 1}, {"T1.b.defense": {"defense": "evasion"}}, b=sheet("b", evasion=3))
    assert not hit_by(res) and life(res, "b") == 50


# ── Accuracy: Increased Accuracy, Hits Low, Hard to Evade ───────────────────────────────────────


@effect_of("increased_accuracy", "000 L3516")
def increased_accuracy_adds_one_per_instance() -> None:
    # Roll 1 against DT 3 (Defense 3): 1 + 1 = 2 misses; with one instance 3 hits.
    assert not _hits(PLAIN, 1, defense=3)
    assert _hits(move("sharp", el("increased_accuracy")), 1, defense=3)
    # DT 4 (Defense 3, Defense Bonus 1, 000 L5720): one instance totals 3 and misses, two total 4 and hit.
    assert not _hits(move("sharp", el("increased_accuracy")), 1, defense=3, bonuses={"defense": 1})
    assert _hits(move("sharp", el("increased_accuracy", times=2)), 1, defense=3, bonuses={"defense": 1})


@effect_of("hits_low", "000 L3464–L3466")
def hits_low_plus_one_vs_defense_minus_one_vs_evasion() -> None:
    low = move("low", "hits_low")
    # Against Defense 3 a roll of 1 totals 2 (miss), 3 with Hits Low (hit).
    assert not _hits_vs(PLAIN, 1, "defense", defense=3) and _hits_vs(low, 1, "defense", defense=3)
    # Against Evasion 3 a roll of 2 totals 3 (hit), 2 with Hits Low (miss).
    assert _hits_vs(PLAIN, 2, "evasion", evasion=3) and not _hits_vs(low, 2, "evasion", evasion=3)
    # No modifier against Tactics: a roll of 2 totals 3 against Tactics 3 either way.
    assert _hits_vs(low, 2, "tactics", tactics=3)


@effect_of("hard_to_evade", "000 L3416, L3420")
def hard_to_evade_plus_one_per_instance_vs_evasion() -> None:
    # Against Evasion 3 a roll of 1 totals 2 (miss); +1 for one instance (hit).
    assert not _hits_vs(PLAIN, 1, "evasion", evasion=3)
    assert _hits_vs(move("homing", "hard_to_evade"), 1, "evasion", evasion=3)
    # DT 4 (Evasion 3, Defense Bonus 1, 000 L5720): a roll of 1 totals 4 with two instances (hit), 3 with one (miss).
    assert _hits_vs(move("homing", el("hard_to_evade", times=2)), 1, "evasion", evasion=3, bonuses={"defense": 1})
    assert not _hits_vs(move("homing", "hard_to_evade"), 1, "evasion", evasion=3, bonuses={"defense": 1})
    # Nothing against the Defense Skill: a roll of 1 totals 2 against Defense 3.
    assert not _hits_vs(move("homing", "hard_to_evade"), 1, "defense", defense=3)


# ── Damage: Increased Damage ────────────────────────────────────────────────────────────────────


def _damage(mv: dict, rolls: dict[str, int], **kw: object) -> tuple[str, int]:
    """The damage die a's sure hit with ``mv`` rolls and the Life Bar b loses (PL 3: 50; Strength, Stamina 0)."""
    res = strike(mv, rolls, **kw)  # type: ignore[arg-type]
    return next(r.die for r in res.rolls if r.key == "T1.a.damage"), 50 - life(res, "b")


@effect_of("increased_damage", "000 L3528–L3540")
def increased_damage_die_steps_and_minimum() -> None:
    assert _damage(PLAIN, {"T1.a.damage": 1}) == ("1d6", 1)  # the Special Move's 1d6 (000 L2283)
    # One Element: still 1d6, but a 1 is rolled again until 2 or more: 1 then 2 does 2.
    one = move("x", el("increased_damage"))
    assert _damage(one, {"T1.a.damage": 1, "T1.a.damage_reroll": 2}) == ("1d6", 2)
    assert _damage(move("x", el("increased_damage", times=2)), {"T1.a.damage": 7}) == ("1d8", 7)
    assert _damage(move("x", el("increased_damage", times=4)), {"T1.a.damage": 9}) == ("1d10", 9)
    assert _damage(move("x", el("increased_damage", times=6)), {"T1.a.damage": 11}) == ("1d12", 11)
    # A Super Move starts at 1d8; two Elements make it 1d10 (000 L3534–L3537).
    sup = move("s", el("increased_damage", times=2), kind="super", level=5)
    assert _damage(sup, {"T1.a.damage": 10}, sa={"super_energy": 10}) == ("1d10", 10)


# ── Knock Back: Does No Knockback ───────────────────────────────────────────────────────────────


@effect_of("does_no_knockback", "000 L3230, L5952")
def does_no_knockback_leaves_the_range() -> None:
    assert strike(PLAIN).fight.positioning.range == 2  # a hit Knocks Back 1 Range: 1 → 2
    assert strike(move("palm", "does_no_knockback")).fight.positioning.range == 1


# ── On-Hit: Harry, Entangle ─────────────────────────────────────────────────────────────────────


@effect_of("harry", "000 L3432")
def harry_costs_the_defender_a_die_size_of_his_choice() -> None:
    assert next_dice(strike(PLAIN), "b") == set()
    assert next_dice(strike(move("feint", "harry")), "b") == {("either", -1)}  # Initiative or Control, his pick


@effect_of("entangle", "000 L3306")
def entangle_takes_the_action_and_an_initiative_die_size() -> None:
    def turn(mv: dict) -> TurnResult:
        # b's Control 6 falls to 2 by Hit Stun (min(6 − 4, 6 / 2), 000 L5930): enough for his Level 2 Fist.
        res = duel(
            {"T1.a.action": attack([mv["id"]]), "T1.b.action": attack(["fist"])},
            {**FIRST, "T1.b.ctrl": 6},
            a=sheet("a", defense=0, moves=[mv]),
            b=sheet("b", defense=0, moves=[move("fist")]),
            rng=1,
        )
        assert res.status == "resolved", res.violations
        return res

    plain = turn(PLAIN)  # b keeps his action and strikes back (a sure hit against DT 0)
    assert hit_by(plain, "b") and next_dice(plain, "b") == set()
    net = turn(move("net", "entangle"))  # entangled before acting: no action, −1 Initiative die size next turn
    assert not hit_by(net, "b") and life(net, "a") == 50 and next_dice(net, "b") == {("initiative", -1)}


# ── Combos: Easy to Combo ───────────────────────────────────────────────────────────────────────


@effect_of("easy_to_combo", "000 L3260, L5777")
def easy_to_combo_is_not_counted_against_the_combo_skill() -> None:
    moves = [move("fist"), move("palm"), move("chop"), move("tap", "easy_to_combo"), move("jab", "easy_to_combo")]

    def combo(names: list[str], skill: int) -> list[str]:
        res = duel({"T1.a.action": attack(names)}, FIRST, a=sheet("a", combo=skill, moves=moves), b=sheet("b"))
        return [v.code for v in res.violations]

    # Combo Skill 2: three counted moves are too many; two and an Easy to Combo move are not.
    assert combo(["fist", "palm", "chop"], 2) == ["COMBO_TOO_LONG"]
    assert combo(["fist", "palm", "tap"], 2) == []
    # At most Combo Skill of them: with Combo Skill 1, two Easy to Combo moves are one too many.
    assert combo(["fist", "tap", "jab"], 1) == ["COMBO_TOO_LONG"]
