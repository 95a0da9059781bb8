"""Combat effects of the Fixed Moves and of the Elements Absorbs Attacks → Increased Damage (000 L2761–L3540),
each checked against figures worked out by hand from the book line cited."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult

from ..support import PALM, attack, duel, sheet, st
from .build import FIRST, band_duel, carried, downed, effects, el, hit_by, life, move, next_dice, strike, utility
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
    # Hit back later that turn, he loses it (000 L3210).
    assert next_dice(_struck_back(crit, {"T1.a.damage": 4}), "a") == set()


def _struck_back(mv: dict, rolls: dict[str, int]) -> TurnResult:
    """a hits b with ``mv`` (a sure hit); b, his Control 6 halved to 2 by Hit Stun (000 L5930), hits back with his
    Level 2 Fist (a sure hit against a's DT 0)."""
    res = duel(
        {"T1.a.action": attack([mv["id"]]), "T1.b.action": attack(["fist"])},
        {**FIRST, "T1.b.ctrl": 6, **rolls},
        a=sheet("a", defense=0, moves=[mv]),
        b=sheet("b", defense=0, moves=[move("fist")]),
        rng=1,
    )
    assert res.status == "resolved" and hit_by(res, "b"), res.violations
    return res


@effect_of("fast_recovery", "000 L3354–L3360")
def fast_recovery_on_hit_or_always() -> None:
    on_hit = move("quick", el("fast_recovery", trigger="on_hit", bonus_to="control"))
    assert next_dice(strike(on_hit), "a") == {("control", 1)}  # a sure hit (DT 0): +1 die size next turn
    # Defense 3 against a roll of 1: 1 + 1 = 2 < 3, a miss: the On-Hit version gives nothing.
    miss = strike(on_hit, {"T1.a.attack": 1}, b=sheet("b", defense=3))
    assert not hit_by(miss) and next_dice(miss, "a") == set()
    always = move("quick", el("fast_recovery", trigger="always", bonus_to="initiative"))
    miss = strike(always, {"T1.a.attack": 1}, b=sheet("b", defense=3))
    assert not hit_by(miss) and next_dice(miss, "a") == {("initiative", 1)}  # the 2-Element version: always
    assert next_dice(_struck_back(on_hit, {}), "a") == set()  # a hit on him before next turn nullifies it (L3360)


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
    # It can finish a fighter with 1 Life Bar left: the round is over and a wins.
    dec = {"T1.a.action": attack(["crash"]), "T1.b.defense": {"defense": "defense"}}
    res = duel(
        dec, {**FIRST, "T1.a.attack": 1}, a=sheet("a", moves=[chip]), b=sheet("b", defense=3), sb={"life_bar": 1}
    )
    assert (res.status, life(res, "b"), st(res, "b").defeated, res.winner) == ("over", 0, True, "a")


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


# ── Against Defensive Responses: Crouching, Aerial ──────────────────────────────────────────────

COUNTER = move("ctr", "counter")
ANSWER = {  # b blocks a's miss with Defense, then answers with his Counter move (000 L5844)
    "T1.b.defense": {"defense": "defense"},
    "T1.b.defensive_response": {"choice": "respond", "response": "counter", "moves": ["ctr"]},
}
# a's roll of 1 totals 2 against b's Defense 3 (miss). b's Control 5 is above the Counter's 2 (+1): his roll of 1
# totals 2 against a's Defense Total.
ANSWER_ROLLS = {"T1.a.attack": 1, "T1.b.ctrl": 5, "T1.b.attack": 1, "T1.b.damage": 4}


def _answered(mv: dict, **a_kw: Any) -> TurnResult:
    res = duel(
        {"T1.a.action": attack([mv["id"]]), **ANSWER, **a_kw.pop("decisions", {})},
        {**FIRST, **ANSWER_ROLLS},
        a=sheet("a", moves=[mv], **a_kw),
        b=sheet("b", defense=3, moves=[COUNTER]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    return res


@effect_of("counter", "000 L3129, L5844")
def counter_answers_a_blocked_attack() -> None:
    res = _answered(PLAIN, defense=0)  # a's DT against the Counter: Defense 0 → 0; any roll hits
    assert hit_by(res, "b") and life(res, "a") == 50 - 4  # the Counter's 1d6 rolled 4
    # Not an ordinary attack.
    res = duel({"T1.a.action": attack(["ctr"])}, FIRST, a=sheet("a", moves=[COUNTER]), rng=1)
    assert res.status == "invalid"


@effect_of("crouching", "000 L3220, L5850")
def crouching_adds_one_against_a_defensive_response() -> None:
    # Against the Response a defends with Defense 2 halved = 1, + Defense Bonus 1: DT 2, and b's 2 hits.
    assert hit_by(_answered(PLAIN, bonuses={"defense": 1}), "b")
    # Opening with a Crouching move: DT 3, and b's 2 misses.
    assert not hit_by(_answered(move("low", "crouching"), bonuses={"defense": 1}), "b")


@effect_of("crouching", "000 L3220, L6006–L6016")
def crouching_adds_one_against_a_reaction_attack() -> None:
    # a heals with a Utility move at Range 1, which opens a Reaction Attack window for b (000 L6006). a defends
    # with Defense 2: DT 2, and b's Basic Move (+1 for Control above its Level) rolling 1 totals 2, a hit.
    # With Crouching on the Utility move: DT 3, a miss.
    for extra, hit in (((), True), (("crouching",), False)):
        mend = move("mend", el("healing", heal="full"), *extra)
        res = duel(
            {"T1.a.action": utility("mend"), "T1.b.reaction": {"choice": "act", "moves": ["basic_move"]}},
            {**FIRST, "T1.a.healing": 5, "T1.b.attack": 1},
            a=sheet("a", moves=[mend]),
            rng=1,
        )
        assert res.status == "resolved", res.violations
        assert hit_by(res, "b") is hit


@effect_of("crouching", "000 L3220, L5513")
def crouching_adds_two_to_evade_a_held_fighters_interrupt() -> None:
    # b declares his Crouching move; a, who held, interrupts with his Palm and wins the roll-off 6 to 1. b Evades
    # with Evasion 2: DT 2 + 2 = 4. With Defense instead, no bonus: DT 2 (Defense 2).
    low = move("low", "crouching")
    for option, total in (("evasion", 4), ("defense", 2)):
        res = duel(
            {
                "T1.a.act_or_hold": {"choice": "hold"},
                "T1.b.action": attack(["low"]),
                "T1.a.interrupt_move": attack(["palm"]),
                "T1.b.defense": {"defense": option},
            },
            {
                "T1.a.init": 6,
                "T1.b.init": 2,
                "T1.a.ctrl": 6,
                "T1.b.ctrl": 6,
                "T1.a.interrupt_init": 6,
                "T1.b.interrupt_init": 1,
            },
            a=sheet("a", moves=[PALM]),
            b=sheet("b", moves=[low]),
            rng=1,
        )
        assert res.status == "resolved", res.violations
        first_defence = next(s for s in res.log if s.label == "D.4")
        assert first_defence.actor == "b" and first_defence.text.endswith(f"Defense Total {total}.")


@effect_of("aerial", "000 L2805, L5850")
def aerial_keeps_full_evasion_against_a_defensive_response() -> None:
    evade = {"decisions": {"T1.a.defense": {"defense": "evasion"}}}
    # After an ordinary move only Defense (halved) answers a Response: Evasion is refused.
    res = duel(
        {"T1.a.action": attack(["plain"]), **ANSWER, "T1.a.defense": {"defense": "evasion"}},
        {**FIRST, **ANSWER_ROLLS},
        a=sheet("a", moves=[PLAIN], evasion=3),
        b=sheet("b", defense=3, moves=[COUNTER]),
        rng=1,
    )
    assert [v.code for v in res.violations] == ["DEFENSE_OPTION_NOT_ALLOWED"]
    # After an Aerial move, his whole Evasion 3: DT 3, and b's 2 misses.
    assert not hit_by(_answered(move("jump", "aerial"), evasion=3, **evade), "b")


# ── Ongoing states: Flight, Free Movement ─────────────────────────────────────────────────────────

FLY = move("fly", "flight")


@effect_of("flight", "000 L3370")
def flight_lasts_a_five_count_and_adds_four_to_evade() -> None:
    dec = {"T1.a.action": utility("fly"), "T1.b.action": attack(["basic_move"]), "T1.a.defense": {"defense": "evasion"}}
    # b's Basic Move (Level 1) with Control 6: +1. a flies, then evades at 2 + 4 = 6: b's 4 totals 5 and misses.
    rolls = {**FIRST, "T1.b.ctrl": 6, "T1.b.attack": 4, "T1.fight.time": 2}
    res = duel(dec, rolls, a=sheet("a", moves=[FLY], evasion=2), rng=1)
    assert res.status == "resolved", res.violations
    assert not hit_by(res, "b") and effects(res, "a") == [("flight", 5 - 2)]
    # Without the flight (nothing used), Evasion 2: b's 5 hits.
    res = duel({**dec, "T1.a.action": {"action": "none"}}, rolls, a=sheet("a", moves=[FLY], evasion=2), rng=1)
    assert hit_by(res, "b")


@effect_of("free_movement", "000 L3380")
def free_movement_out_of_reach_and_only_moving() -> None:
    sink = move("sink", "free_movement")
    one = strike(sink, {"T1.fight.time": 2})
    assert effects(one, "a") == [("free_movement", 5 - 2)]  # a 5-count from this turn
    again = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6, "T2.b.ctrl": 6}
    kw: dict[str, Any] = {"a": sheet("a", moves=[sink]), "sa": carried(one, "a"), "rng": 1, "turn": 2}
    # Next turn b cannot attack him, and he cannot attack.
    assert [v.code for v in duel({"T2.b.action": attack(["basic_move"])}, again, **kw).violations] == [
        "TARGET_UNAVAILABLE"
    ]
    assert [v.code for v in duel({"T2.a.action": attack(["basic_move"])}, again, **kw).violations] == [
        "FREE_MOVEMENT_RESTRICTED"
    ]
    # Having the move is not being in Free Movement: without the state he attacks as usual.
    fresh = duel({"T2.a.action": attack(["basic_move"])}, again, **{**kw, "sa": {}})
    assert fresh.status == "resolved", fresh.violations
    assert hit_by(fresh, "a") or any(s.label == "D.6" and s.actor == "a" for s in fresh.log)


# ── Healing: Drain Life, Healing Attack, Healing ────────────────────────────────────────────────


def _drainer(heal: str, *more: str) -> dict:
    return move("bite", el("drain_life", heal=heal), *more, level=3)


@effect_of("drain_life", "000 L3238–L3242")
def drain_life_heals_the_damage_dealt_at_the_end_of_the_turn() -> None:
    # A sure hit (DT 0) rolling 5 takes 5 from b; a, at 20, heals all of it or half (5 // 2 = 2) at H.1.
    for heal, healed in (("full", 5), ("half", 2)):
        res = strike(_drainer(heal), {"T1.a.damage": 5}, sa={"life_bar": 20})
        assert (life(res, "b"), life(res, "a")) == (45, 20 + healed)
    # Second in a Combo: a single point.
    res = strike(
        [PLAIN, _drainer("full")], {"T1.a.damage": 5, "T1.a.damage#2": 6}, use=["plain", "bite"], sa={"life_bar": 20}
    )
    assert life(res, "a") == 21


@effect_of("drain_life.healing_attack", "000 L3254")
def healing_attack_heals_its_own_roll_hit_or_miss() -> None:
    # A miss (roll 1: 2 against Defense 3); the heal roll 4 is its own: all of it, or 4 // 2 = 2.
    for heal, healed in (("full", 4), ("half", 2)):
        res = strike(
            _drainer(heal, "drain_life.healing_attack"),
            {"T1.a.attack": 1, "T1.a.drain_heal": 4},
            b=sheet("b", defense=3),
            sa={"life_bar": 20},
        )
        assert not hit_by(res) and life(res, "a") == 20 + healed
    # With Area Effect it strikes a and c (Range 1 from b on band 2): one heal roll, + 1 for the second Fighter
    # (ruling, as Drain Life does against several targets, 000 L3244): 20 + 4 + 1.
    bite = move("bite", "area_effect", el("drain_life", heal="full"), "drain_life.healing_attack", level=4)
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    dec = {f"T1.{f}.action": {"action": "none"} for f in "ac"} | {"T1.b.action": attack(["bite"], target="a")}
    rolls = {"T1.b.init": 6, "T1.a.init": 3, "T1.c.init": 1, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.attack@c": 6}
    res = duel(
        dec,
        {**rolls, "T1.b.drain_heal": 4},
        a=sheet("a", defense=0),
        b=sheet("b", moves=[bite]),
        sb={"life_bar": 20},
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 25


def _mend(heal: str, *more: str) -> dict:
    return move("mend", el("healing", heal=heal), *more)


@effect_of("healing", "000 L3442–L3444")
def healing_heals_the_rolled_die_not_above_the_maximum() -> None:
    for heal, healed in (("full", 5), ("half", 2)):  # 1d6 rolled 5: all, or 5 // 2
        res = duel(
            {"T1.a.action": utility("mend")},
            {**FIRST, "T1.a.healing": 5},
            a=sheet("a", strength=2, moves=[_mend(heal)]),  # Strength does not change the healing die
            sa={"life_bar": 30},
        )
        assert res.status == "resolved", res.violations
        assert [r.die for r in res.rolls if r.key == "T1.a.healing"] == ["1d6"] and life(res, "a") == 30 + healed
    res = duel({"T1.a.action": utility("mend")}, {**FIRST, "T1.a.healing": 5}, a=sheet("a", moves=[_mend("full")]))
    assert life(res, "a") == 50  # at his maximum (PL 3: 50) he stays there


def _heal_team(mv: dict, target: str | None) -> TurnResult:
    # Band Map: a on band 1, b on band 2, c (a's side) on band 3, at Range 2 from a.
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 30, "fighting_spirit": 30}}
    rolls = {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6, "T1.a.healing": 5}
    use = utility("mend", **({"target": target} if target else {}))
    return duel({"T1.a.action": use}, rolls, a=sheet("a", moves=[mv]), sa={"life_bar": 30}, extra=[c], sides={"c": "a"})


@effect_of("healing.heal_others", "000 L3450")
def heal_others_heals_an_ally_within_range_two() -> None:
    res = _heal_team(_mend("full", "healing.heal_others"), "c")
    assert res.status == "resolved", res.violations
    assert (life(res, "c"), life(res, "a")) == (30 + 5, 30)


@effect_of("healing.only_heal_others", "000 L3456")
def only_heal_others_never_heals_the_user() -> None:
    mv = _mend("full", "healing.heal_others", "healing.only_heal_others")
    assert life(_heal_team(mv, "c"), "c") == 35
    assert [v.code for v in _heal_team(mv, None).violations] == ["HEAL_TARGET_INVALID"]


# ── Fake ────────────────────────────────────────────────────────────────────────────────────────


@effect_of("fake", "000 L3350")
def fake_raises_tactics_defense_totals_for_the_turn() -> None:
    def b_hits(elements: int | None, roll: int) -> bool:
        # a (Initiative 6) feints; b (Initiative 1, Control 6: +1 with his Level 1 Basic Move) then attacks a,
        # who defends with Tactics 2.
        feint = move("feint", el("fake", elements=elements)) if elements else move("feint")
        dec = {
            "T1.a.action": utility("feint") if elements else {"action": "none"},
            "T1.b.action": attack(["basic_move"]),
            "T1.a.defense": {"defense": "tactics"},
        }
        res = duel(dec, {**FIRST, "T1.b.ctrl": 6, "T1.b.attack": roll}, a=sheet("a", moves=[feint]), rng=1)
        assert res.status == "resolved", res.violations
        return hit_by(res, "b")

    assert b_hits(None, 2)  # 2 + 1 = 3 against Tactics 2
    assert not b_hits(2, 2)  # +2 for two Elements: DT 4
    assert b_hits(2, 3) and not b_hits(4, 3)  # four Elements: +3, DT 5 against 3 + 1 = 4


# ── Gradual Effect ──────────────────────────────────────────────────────────────────────────────

AGAIN = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6, "T2.b.ctrl": 3}


@effect_of("gradual_effect", "000 L3392")
def gradual_effect_splits_the_damage_over_three_turns() -> None:
    poison = move("poison", "gradual_effect")
    # 5 rolled: 5 / 3 rounded up is 2, +1: 3 with the hit, then 3 at the end of each of the next two turns.
    one = strike(poison, {"T1.a.damage": 5})
    assert life(one, "b") == 50 - 3
    two = duel({}, AGAIN, a=sheet("a", moves=[poison]), sa=carried(one, "a"), sb=carried(one, "b"), rng=2, turn=2)
    assert two.status == "resolved", two.violations
    assert life(two, "b") == 50 - 3 - 3


@effect_of("gradual_effect.delayed_onset", "000 L3402–L3410")
def delayed_onset_waits_for_the_trigger_move() -> None:
    dim_mak = move("dim_mak", "gradual_effect", "gradual_effect.delayed_onset", level=3)
    one = strike(dim_mak, {"T1.a.damage": 5, "T1.fight.time": 4})
    assert life(one, "b") == 50 and effects(one, "a") == [("gradual_effect.delayed_onset", 10 - 4)]  # a 10-count
    # Next turn the Trigger Gradual Effect Command Move starts it: the first 3 at once.
    two = duel(
        {"T2.a.action": utility("trigger_gradual_effect")},
        AGAIN,
        a=sheet("a", moves=[dim_mak]),
        sa=carried(one, "a"),
        sb=carried(one, "b"),
        rng=2,
        turn=2,
    )
    assert two.status == "resolved", two.violations
    assert life(two, "b") == 50 - 3


# ── Create Environmental Hazard and its modifiers ───────────────────────────────────────────────

MADE = {**FIRST, "T1.fight.time": 2}  # the Time Roll takes 2 off made Hazards' counts


def _maker(*mods: str, hazard_type: str = "wall") -> dict:
    """a's sheet with the Level 3 move Raise (Ki 2: a Ki move's 1d6 one size down, 1d4, 000 L3976–L3981)."""
    els = [el("create_environmental_hazard", hazard_type=hazard_type)]
    raise_ = move("raise", *els, *[f"create_environmental_hazard.{m}" for m in mods], level=3)
    sh = sheet("a", moves=[raise_])
    sh["combat_skills"]["ki"] = 2
    return sh


def _mine(band: int, hid: str = "old") -> dict:
    return {"id": hid, "kind": "wall", "band": band, "owner": "a", "move": "raise", "time_left": 3, "since": 1}


def _made(bands: dict[str, int], *mods: str, hazards: list | None = None) -> TurnResult:
    res = band_duel({"T1.a.action": attack(["raise"])}, {**MADE, "T1.a.damage": 3}, bands, hazards, a=_maker(*mods))
    assert res.status == "resolved", res.violations
    return res


def _hazards(res: TurnResult) -> list[tuple[str, int | None, int | None]]:
    return sorted((h.kind, h.band, h.time_left) for h in res.fight.hazards)


@effect_of("create_environmental_hazard", "000 L3139–L3141")
def create_environmental_hazard_makes_a_wall_one_band_away() -> None:
    # a on band 3, b on 5: a Wall on band 4 (empty: no roll), for a 5-count: 5 − 2 = 3 left.
    assert _hazards(_made({"a": 3, "b": 5})) == [("wall", 4, 3)]
    # One of his own already stands (3 left, 3 − 2 after the Time Roll): nothing happens. A Hazard there from the
    # start: the move fails.
    assert _hazards(_made({"a": 3, "b": 5}, hazards=[_mine(1)])) == [("wall", 1, 3 - 2)]
    rock = {"id": "rock", "kind": "wall", "band": 4}
    assert _hazards(_made({"a": 3, "b": 5}, hazards=[rock])) == [("wall", 4, None)]


@effect_of("create_environmental_hazard.extended_duration", "000 L3171")
def extended_duration_lasts_a_ten_count() -> None:
    assert _hazards(_made({"a": 3, "b": 5}, "extended_duration")) == [("wall", 4, 10 - 2)]


@effect_of("create_environmental_hazard.multiple_hazard", "000 L3177")
def multiple_hazard_keeps_two() -> None:
    assert _hazards(_made({"a": 3, "b": 5}, "multiple_hazard", hazards=[_mine(1)])) == [
        ("wall", 1, 3 - 2),
        ("wall", 4, 3),
    ]
    # A third: the oldest (band 1, made first) goes.
    two = [_mine(1), {**_mine(2, "newer"), "since": 2}]
    res = band_duel({"T1.a.action": attack(["raise"])}, MADE, {"a": 3, "b": 5}, two, a=_maker("multiple_hazard"))
    assert sorted(h.band for h in res.fight.hazards) == [2, 4]


@effect_of("create_environmental_hazard.damaging_hazard", "000 L3143, L3155")
def damaging_hazard_on_the_opponent_hurts_as_a_ki_move() -> None:
    # Made on b's band (4) it needs a hit (DT 0: sure); 1d4 rolled 3 takes 3, and the hit Knocks b Back a band.
    res = _made({"a": 3, "b": 4}, "damaging_hazard")
    assert _hazards(res) == [("damaging", 4, 3)] and life(res, "b") == 47 and res.fight.positioning.bands["b"] == 5
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d4"]


@effect_of("create_environmental_hazard.damaging_wall", "000 L3165")
def damaging_wall_hurts_whoever_is_against_it() -> None:
    res = _made({"a": 3, "b": 4}, "damaging_hazard", "damaging_wall")
    # A Wall, and b against it takes the 3 (1d4 rolled 3) and stays on his band.
    assert _hazards(res) == [("wall", 4, 3)] and life(res, "b") == 47 and res.fight.positioning.bands["b"] == 4


@effect_of("create_environmental_hazard.pit", "000 L3183–L3187")
def pit_holds_its_victim_without_knock_back() -> None:
    res = _made({"a": 3, "b": 4}, "damaging_hazard", "pit")
    assert _hazards(res) == [("pit", 4, 3)] and res.fight.positioning.bands["b"] == 4
    assert [e.id for e in st(res, "b").ongoing_effects] == ["in_pit"]


@effect_of("create_environmental_hazard.reflection", "000 L3195–L3197")
def reflection_wall_sends_a_ranged_attack_back() -> None:
    mirror = move(
        "mirror", el("create_environmental_hazard", hazard_type="wall"), "create_environmental_hazard.reflection"
    )
    b = sheet("b", moves=[mirror])
    b["combat_skills"]["ki"] = 2
    wall = {"id": "bw", "kind": "wall", "owner": "b", "move": "mirror", "time_left": 3, "since": 1}
    shot = move("shot", "ranged", level=3)
    dec = {"T1.a.action": attack(["shot"]), "T1.a.defense": {"defense": "defense"}}
    # The Wall (band 4) stands between a (band 2) and b (band 5): the shot turns on a, who blocks with his
    # Defense 3 halved (1); b's roll of 6 hits.
    res = band_duel(
        dec,
        {**FIRST, "T1.b.attack": 6},
        {"a": 2, "b": 5},
        [{**wall, "band": 4}],
        a=sheet("a", moves=[shot], defense=3),
        b=b,
    )
    assert res.status == "resolved", res.violations
    assert hit_by(res, "b") and life(res, "a") < 50 and life(res, "b") == 50
    # Not between them (band 1): the shot simply goes at b.
    res = band_duel(
        dec, {**FIRST, "T1.a.attack": 6}, {"a": 2, "b": 5}, [{**wall, "band": 1}], a=sheet("a", moves=[shot]), b=b
    )
    assert not hit_by(res, "b") and life(res, "a") == 50


# ── Evasive Ranged ──────────────────────────────────────────────────────────────────────────────


def _evade_ranged(mv: dict, rng: int, **response: Any) -> TurnResult:
    """a attacks b with ``mv``; b's Tactics 3 beats a's roll of 1 (2), and b answers with his Evasive Ranged move."""
    dec = {
        "T1.a.action": attack([mv["id"]]),
        "T1.b.defense": {"defense": "tactics"},
        "T1.b.defensive_response": {"choice": "respond", "response": "evade_ranged", "moves": ["slide"], **response},
    }
    slide = move("slide", "evade_ranged")
    rolls = {**FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5, "T1.b.damage": 4}
    return duel(dec, rolls, a=sheet("a", moves=[mv], defense=0), b=sheet("b", tactics=3, moves=[slide]), rng=rng)


@effect_of("evade_ranged", "000 L3316, L5872")
def evasive_ranged_answers_a_ranged_special_move() -> None:
    orb = move("orb", "ranged")
    # Against a Ranged Special Move at Range 1 b answers and strikes (a's DT 0: a sure hit).
    res = _evade_ranged(orb, 1)
    assert res.status == "resolved", res.violations
    assert hit_by(res, "b") and life(res, "a") == 50 - 4  # 1d6 rolled 4
    # Not against an ordinary Special Move.
    assert [v.code for v in _evade_ranged(PLAIN, 1).violations] == ["RESPONSE_TRIGGER_INVALID"]
    # At Range 3 he may first move as his move allows (1 Range for a Normal Move, 000 L5624), after F.3.a, and
    # then strike from Range 2.
    res = _evade_ranged(orb, 3, movement=1, direction="toward")
    assert res.status == "resolved", res.violations
    assert hit_by(res, "b") and res.unsupported == []
    assert any(s.actor == "b" and s.text.endswith("at Range 2.") for s in res.log if s.label == "D.3")
    # Without moving, his Slide does not reach a at Range 3: a miss.
    assert not hit_by(_evade_ranged(orb, 3), "b")
    # A Normal Move allows 1 Range, not 2 (000 L2377).
    too_far = _evade_ranged(orb, 3, movement=2, direction="toward")
    assert "MOVEMENT_NOT_ALLOWED_BY_KEYWORD" in [v.code for v in too_far.violations]


# ── Buff: Defense Liability ─────────────────────────────────────────────────────────────────────


def _rage(*mods: str, **opts: Any) -> dict:
    """The Buff move Rage (Level 3) raising Strength by one (000 L2967), with modifiers ``mods``."""
    liab = tuple(m for m in mods if m in BUFF_LIABILITIES)
    elements = [el("buff", quality_raises=1, raised_qualities="strength", **opts), *(m for m in mods if m not in liab)]
    return move("rage", *elements, level=3, liabilities=liab)


BUFF_LIABILITIES = {
    "buff.buff_gauge",
    "buff.decreased_duration",
    "buff.defense_liability",
    "buff.life_bar_drain",
    "buff.lowered_basic_quality",
    "buff.movement_only",
    "buff.no_movement",
    "buff.removed_ki",
    "buff.stun",
}


def _buffed(left: int | None = 6, **kw: Any) -> dict:
    """a's state with Rage's Buff running (``left`` of its count)."""
    return {"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": left, **kw}]}


B_ACTS = {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6}  # b first, Control 6: +1 with his Level 2 Fist


def _b_attacks(a_sheet: dict, sa: dict | None, roll: int, option: str = "defense") -> TurnResult:
    dec = {"T1.b.action": attack(["fist"]), "T1.a.defense": {"defense": option}}
    res = duel(dec, {**B_ACTS, "T1.b.attack": roll}, a=a_sheet, b=sheet("b", moves=[move("fist")]), sa=sa, rng=1)
    assert res.status == "resolved", res.violations
    return res


@effect_of("buff.defense_liability", "000 L2991")
def defense_liability_costs_four_on_defense_totals() -> None:
    a = sheet("a", defense=3, moves=[_rage("buff.defense_liability")])
    # Not buffed: Defense 3, b's roll of 1 totals 2 and misses. Buffed: 3 − 4 = −1, and even a 1 hits (1 + 1 ≥ −1).
    assert not hit_by(_b_attacks(a, None, 1), "b")
    assert hit_by(_b_attacks(a, _buffed(), 1), "b")
    # Evasion is not touched: Evasion 3 still stops b's 1 while buffed.
    a = sheet("a", evasion=3, moves=[_rage("buff.defense_liability")])
    assert not hit_by(_b_attacks(a, _buffed(), 1, "evasion"), "b")


# ── Buff and its modifiers ──────────────────────────────────────────────────────────────────────

USE_RAGE = {"T1.a.action": utility("rage")}


def _use_rage(rage: dict, time: int = 4, **kw: Any) -> TurnResult:
    """a uses Rage (Time Roll ``time``)."""
    res = duel(
        USE_RAGE,
        {**FIRST, "T1.fight.time": time},
        a=sheet("a", moves=[rage, move("fist")], **kw.pop("a_kw", {})),
        rng=1,
        **kw,
    )
    assert res.status == "resolved", res.violations
    return res


def _fist_die(rage: dict, sa: dict | None) -> str:
    """The damage die of a's sure hit with his Fist (a Special Move: 1d6 at Strength 0)."""
    res = strike([move("fist"), rage], use=["fist"], sa=sa)
    return next(r.die for r in res.rolls if r.key == "T1.a.damage")


@effect_of("buff", "000 L2961, L2967, L2969–L2971")
def buff_runs_a_ten_count_and_changes_the_fighter() -> None:
    assert effects(_use_rage(_rage()), "a") == [("buff", 10 - 4)]
    # Strength +1 while it runs: the Fist's 1d6 becomes 1d8 (one die size per point, 000 L5453).
    assert (_fist_die(_rage(), None), _fist_die(_rage(), _buffed())) == ("1d6", "1d8")
    # Trading 2 of Defense for Tactics: Defense 3 → 1, Tactics 1 → 3. b's roll of 1 totals 2.
    trade = move("rage", el("buff", defense_trade=2, defense_trade_split="tactics"), level=3)
    a = sheet("a", defense=3, tactics=1, moves=[trade])
    assert not hit_by(_b_attacks(a, None, 1), "b") and hit_by(_b_attacks(a, _buffed(), 1), "b")
    assert hit_by(_b_attacks(a, None, 1, "tactics"), "b") and not hit_by(_b_attacks(a, _buffed(), 1, "tactics"), "b")


@effect_of("buff.decreased_duration", "000 L2985")
def decreased_duration_buff_runs_a_five_count() -> None:
    assert effects(_use_rage(_rage("buff.decreased_duration"), time=2), "a") == [("buff", 5 - 2)]


@effect_of("buff.increased_duration", "000 L3009")
def increased_duration_buff_lasts_the_fight_for_one_fs_a_turn() -> None:
    res = _use_rage(_rage("buff.increased_duration"), time=6)
    assert effects(res, "a") == [("buff", None)] and st(res, "a").fighting_spirit == 30 - 1
    # With no FS left it goes on all the same.
    res = _use_rage(_rage("buff.increased_duration"), time=6, sa={"fighting_spirit": 0})
    assert effects(res, "a") == [("buff", None)] and st(res, "a").fighting_spirit == 0


@effect_of("buff.early_ending", "000 L3001")
def early_ending_lets_end_buff_stop_it() -> None:
    calm = move("calm", el("end_buff", target_buff="rage"))
    a = sheet("a", moves=[_rage("buff.early_ending"), calm])
    res = duel({"T1.a.action": attack(["calm"])}, FIRST, a=a, sa=_buffed(), rng=1)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []  # ended at the end of the turn instead of running on


@effect_of("end_buff", "000 L3270")
def end_buff_ends_the_named_buff() -> None:
    calm = move("calm", el("end_buff", target_buff="rage"))
    a = sheet("a", moves=[_rage("buff.early_ending", "buff.increased_duration"), calm])
    res = duel({"T1.a.action": attack(["calm"])}, FIRST, a=a, sa=_buffed(None), rng=1)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []


@effect_of("end_buff.end_only", "000 L3280")
def end_only_needs_a_buff_running() -> None:
    calm = move("calm", el("end_buff", target_buff="rage"), liabilities=("end_buff.end_only",))
    a = sheet("a", moves=[_rage("buff.early_ending"), calm])
    assert duel({"T1.a.action": attack(["calm"])}, FIRST, a=a, sa=_buffed(), rng=1).status == "resolved"
    assert duel({"T1.a.action": attack(["calm"])}, FIRST, a=a, rng=1).status == "invalid"


@effect_of("buff.life_bar_drain", "000 L3015")
def life_bar_drain_costs_power_level_each_turn() -> None:
    res = _use_rage(_rage("buff.life_bar_drain"))
    assert life(res, "a") == 50 - 3  # Power Level 3
    res = _use_rage(_rage("buff.life_bar_drain"), sa={"life_bar": 2})
    assert life(res, "a") == 1 and st(res, "a").stunned is None  # never below 1, no Stun


@effect_of("buff.lowered_basic_quality", "000 L3023–L3025")
def lowered_basic_quality_lowers_it_while_buffed() -> None:
    weak = move(
        "rage",
        el("buff", quality_raises=1, raised_qualities="strength"),
        level=3,
        liabilities=(el("buff.lowered_basic_quality", times=1, qualities="stamina"),),
    )
    # Stamina 0 → −1: b's Fist on a rolls one die size larger, 1d6 → 1d8 (000 L5453).
    dec = {"T1.b.action": attack(["fist"]), "T1.a.defense": {"defense": "defense"}}

    def die(sa: dict | None) -> str:
        res = duel(dec, B_ACTS, a=sheet("a", defense=0, moves=[weak]), b=sheet("b", moves=[move("fist")]), sa=sa, rng=1)
        return next(r.die for r in res.rolls if r.key == "T1.b.damage")

    assert (die(None), die(_buffed())) == ("1d6", "1d8")


@effect_of("buff.movement_only", "000 L3033")
def movement_only_buff_allows_only_movement() -> None:
    a = sheet("a", moves=[_rage("buff.movement_only"), move("fist")])
    assert [v.code for v in duel({"T1.a.action": attack(["fist"])}, FIRST, a=a, sa=_buffed(), rng=1).violations] == [
        "BUFF_MOVEMENT_ONLY"
    ]
    res = duel({"T1.a.action": {"action": "move", "movement": 1}}, FIRST, a=a, sa=_buffed(), rng=3)
    assert res.status == "resolved" and res.fight.positioning.range == 2


@effect_of("buff.no_movement", "000 L3039")
def no_movement_buff_forbids_moving() -> None:
    a = sheet("a", moves=[_rage("buff.no_movement"), move("fist")])
    assert [
        v.code
        for v in duel({"T1.a.action": {"action": "move", "movement": 1}}, FIRST, a=a, sa=_buffed(), rng=3).violations
    ] == ["BUFF_NO_MOVEMENT"]
    assert duel({"T1.a.action": attack(["fist"])}, FIRST, a=a, sa=_buffed(), rng=1).status == "resolved"


@effect_of("buff.removed_ki", "000 L3045")
def removed_ki_locks_ki_moves_while_buffed() -> None:
    a = sheet("a", moves=[_rage("buff.removed_ki"), move("blast", "ranged")])
    a["combat_skills"]["ki"] = 2
    assert duel({"T1.a.action": attack(["blast"])}, FIRST, a=a, rng=3).status == "resolved"
    assert [v.code for v in duel({"T1.a.action": attack(["blast"])}, FIRST, a=a, sa=_buffed(), rng=3).violations] == [
        "BUFF_KI_REMOVED"
    ]


@effect_of("buff.repeatable", "000 L3051, L3055")
def repeatable_buff_stacks_for_one_fs_a_use() -> None:
    rage = _rage("buff.repeatable")
    res = _use_rage(rage, sa=_buffed(charges=1))
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("buff", 2)]
    assert st(res, "a").fighting_spirit == 30 - 1
    # Two uses: Strength 0 + 2, the Fist's 1d6 two sizes up: 1d10.
    assert _fist_die(rage, _buffed(charges=2)) == "1d10"


@effect_of("buff.stun", "000 L3061–L3063")
def buff_stun_stuns_when_the_buff_ends() -> None:
    rage = _rage("buff.stun")
    # 3 left, the Time Roll takes 4: it ends, and he is Stunned for next turn. Taking 2, it runs on.
    over = duel({}, {**FIRST, "T1.fight.time": 4}, a=sheet("a", moves=[rage]), sa=_buffed(3), rng=1)
    assert effects(over, "a") == [] and st(over, "a").stunned is not None
    still = duel({}, {**FIRST, "T1.fight.time": 2}, a=sheet("a", moves=[rage]), sa=_buffed(3), rng=1)
    assert st(still, "a").stunned is None


@effect_of("buff.super_energy_duration", "000 L3069")
def super_energy_duration_two_per_point() -> None:
    sup = move("sup", kind="super", level=5)
    rage = _rage("buff.super_energy_duration")
    res = duel(USE_RAGE, {**FIRST, "T1.fight.time": 2}, a=sheet("a", moves=[rage, sup]), sa={"super_energy": 3}, rng=1)
    assert res.status == "resolved", res.violations
    # 3 Super Energy: a 6-count, 2 off; and none gained while it runs (1 a turn otherwise, 000 L5271).
    assert effects(res, "a") == [("buff", 2 * 3 - 2)] and st(res, "a").super_energy == 3
    # When it ends, Super Energy drops to 0.
    res = duel(
        {}, {**FIRST, "T1.fight.time": 4}, a=sheet("a", moves=[rage, sup]), sa={**_buffed(2), "super_energy": 5}, rng=1
    )
    assert effects(res, "a") == [] and st(res, "a").super_energy == 0


@effect_of("buff.buff_gauge", "000 L2979")
def buff_gauge_sets_the_count() -> None:
    rage = _rage("buff.buff_gauge")
    # A gauge of 7: a 7-count, 3 off at the Time Roll; the gauge is spent, then fills 1 this turn like Super Energy.
    res = _use_rage(rage, time=3, sa={"ongoing_effects": [{"id": "buff_gauge", "charges": 7}]})
    got = {e.id: (e.time_left, e.charges) for e in st(res, "a").ongoing_effects}
    assert got["buff"][0] == 7 - 3 and got["buff_gauge"][1] == 1


@effect_of("buff.technique_buff", "000 L3075")
def technique_buff_stretches_flight_to_the_buff() -> None:
    def count(*mods: Any) -> list:
        rage = move("rage", el("buff", quality_raises=1, raised_qualities="strength"), "flight", *mods, level=3)
        return sorted(effects(_use_rage(rage, time=3), "a"))

    assert count() == [("buff", 10 - 3), ("flight", 5 - 3)]  # Flight's own 5-count
    assert count(el("buff.technique_buff", associated=["flight"])) == [("buff", 10 - 3), ("flight", 10 - 3)]


# ── Bomb and its modifiers ──────────────────────────────────────────────────────────────────────

PLACE = {"T1.a.action": utility("mine")}
T2 = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}


def _bomber(*mods: str | dict, ki: int = 5, strength: int = 0) -> dict:
    """a with the Level 2 Bomb move Mine (Ki 5: Ki damage from a Special's 1d6, 000 L3976–L3981)."""
    liab = tuple(
        m
        for m in mods
        if isinstance(m, str) and m in ("bomb.moveable_bomb", "bomb.no_range", "bomb.short_timer", "bomb.no_detonation")
    )
    mine = move("mine", "bomb", *(m for m in mods if m not in liab), liabilities=liab)
    s = sheet("a", moves=[mine], strength=strength)
    s["combat_skills"]["ki"] = ki
    return s


def _live(n: int = 1, **kw: Any) -> dict:
    """a's state with ``n`` live Bombs of Mine (placed on turns 1, 2 …)."""
    return {"ongoing_effects": [{"id": "bomb", "move": "mine", "since": i + 1, "time_left": 0, **kw} for i in range(n)]}


def _bombs(res: TurnResult) -> list:
    return [e for e in st(res, "a").ongoing_effects if e.id == "bomb"]


def _boom(a: dict, sa: dict, rolls: dict | None = None, turn: int = 2, **kw: Any) -> TurnResult:
    t = {k.replace("T2.", f"T{turn}."): v for k, v in T2.items()}
    res = duel({f"T{turn}.a.action": {"action": "none"}}, {**t, **(rolls or {})}, a=a, sa=sa, turn=turn, **kw)
    assert res.status == "resolved", res.violations
    return res


@effect_of("bomb", "000 L2851, L2855–L2857")
def bomb_counts_down_then_blasts_against_defense_with_ki_damage() -> None:
    # Placed: a 1d8 count (5), 3 off at the Time Roll; a won the Maneuver Roll, so b is in the blast.
    rolls = {**FIRST, "T1.a.bomb_timer": 5, "T1.a.bomb_maneuver": 8, "T1.b.bomb_maneuver": 2, "T1.fight.time": 3}
    res = duel(PLACE, rolls, a=_bomber(), rng=3)
    assert res.status == "resolved", res.violations
    assert [(e.target, e.time_left) for e in _bombs(res)] == [("b", 5 - 3)]
    # Used again while it is live: nothing more.
    assert len(_bombs(duel(PLACE, rolls, a=_bomber(), rng=3, sa=_live(target="b")))) == 1
    # Its count run out: it goes off before Initiative, Ki damage 1d6 (not Strength 2): 4 rolled takes 4.
    res = _boom(
        _bomber(strength=2), _live(target="b"), {"T2.a.attack": 6, "T2.a.damage": 4}, b=sheet("b", defense=2), rng=3
    )
    assert (
        [r.die for r in res.rolls if r.key == "T2.a.damage"] == ["1d6"] and life(res, "b") == 46 and _bombs(res) == []
    )


@effect_of("bomb.short_timer", "000 L2931")
def short_timer_counts_one_d8_minus_four() -> None:
    base = {**FIRST, "T1.a.bomb_maneuver": 8, "T1.b.bomb_maneuver": 2, "T1.a.attack": 6, "T1.a.damage": 3}
    # 3 − 4 ≤ 0: it goes off right after his action; b takes the 3.
    res = duel(PLACE, {**base, "T1.a.bomb_timer": 3}, a=_bomber("bomb.short_timer"), rng=3)
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 47 and _bombs(res) == []
    # 7 − 4 = 3, 2 off at the Time Roll.
    res = duel(PLACE, {**base, "T1.a.bomb_timer": 7, "T1.fight.time": 2}, a=_bomber("bomb.short_timer"), rng=3)
    assert life(res, "b") == 50 and [e.time_left for e in _bombs(res)] == [3 - 2]


def _three_bands(a: dict) -> TurnResult:
    # a on band 1, b on band 2, c on band 3; the Bomb lies on band 2: Range 1 from a and c, 0 from b.
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    rolls = {"T2.a.init": 6, "T2.b.init": 3, "T2.c.init": 1, "T2.a.ctrl": 6}
    for k in ("", ".2", ".3"):
        rolls |= {f"T2.a.attack{k}": 6, f"T2.a.damage{k}": 2}
    dec = {f"T2.{f}.action": {"action": "none"} for f in "abc"}
    res = duel(dec, rolls, a=a, b=sheet("b", defense=0), extra=[c], turn=2, sa=_live(band=2))
    assert res.status == "resolved", res.violations
    return res


def _blasted(res: TurnResult) -> list[str]:
    return [s.text.split(" with ")[0].removeprefix("a attacks ") for s in res.log if s.label == "D.3"]


@effect_of("bomb.no_range", "000 L2919, L2855")
def no_range_blasts_only_range_zero() -> None:
    assert _blasted(_three_bands(_bomber())) == ["a", "b", "c"]  # Range 0–1: everyone, a too
    assert _blasted(_three_bands(_bomber("bomb.no_range"))) == ["b"]


@effect_of("bomb.self_invulnerability", "000 L2925")
def self_invulnerability_spares_the_owner() -> None:
    res = _three_bands(_bomber("bomb.self_invulnerability"))
    assert _blasted(res) == ["b", "c"] and life(res, "a") == 50


@effect_of("bomb.multiple_bombs", "000 L2905")
def multiple_bombs_up_to_four() -> None:
    rolls = {**FIRST, "T1.a.bomb_timer": 5, "T1.a.bomb_maneuver": 8, "T1.b.bomb_maneuver": 2}
    counting = {"time_left": 4, "target": "b"}
    res = duel(PLACE, rolls, a=_bomber("bomb.multiple_bombs"), rng=3, sa=_live(1, **counting))
    assert len(_bombs(res)) == 2
    # Turn 5, four live (placed on turns 1–4): a fifth takes the place of the oldest.
    four = [{"id": "bomb", "move": "mine", "since": i, "time_left": 4, "target": "b"} for i in range(1, 5)]
    rolls5 = {k.replace("T1.", "T5."): v for k, v in rolls.items()}
    res = duel(
        {"T5.a.action": utility("mine")},
        rolls5,
        a=_bomber("bomb.multiple_bombs"),
        rng=3,
        turn=5,
        sa={"ongoing_effects": four},
    )
    assert res.status == "resolved", res.violations
    assert sorted(e.since for e in _bombs(res)) == [2, 3, 4, 5]


@effect_of("bomb.controlled_detonation", "000 L2879–L2887")
def controlled_detonation_waits_for_detonate() -> None:
    a = _bomber("bomb.controlled_detonation")
    # Its count out, it does not go off by itself; it waits a 5-count (1 off at the Time Roll).
    res = _boom(a, _live(target="b", time_left=5), {"T2.fight.time": 1}, rng=3)
    assert life(res, "b") == 50 and [e.time_left for e in _bombs(res)] == [5 - 1]
    # The Detonate Command Move sets it off: 5 rolled takes 5.
    rolls = {**T2, "T2.a.attack": 6, "T2.a.damage": 5}
    res = duel({"T2.a.action": utility("detonate")}, rolls, a=a, rng=3, turn=2, sa=_live(target="b", time_left=4))
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 45 and _bombs(res) == []
    # With no Bomb waiting, Detonate does nothing.
    res = duel({"T2.a.action": utility("detonate")}, T2, a=a, rng=3, turn=2)
    assert res.status == "resolved" and life(res, "b") == 50


@effect_of("bomb.assault_bomb", "000 L2867")
def assault_bomb_fires_a_hard_to_evade_shot_two_turns_on() -> None:
    # Placed on turn 1, on turn 3 (its count not out) it shoots at b before Initiative. Against Evasion 3 with no
    # Control involved, a roll of 2 + 1 (Hard to Evade) = 3 hits; a roll of 1 misses.
    def shot(roll: int) -> TurnResult:
        rolls = {"T3.a.attack": roll, "T3.a.damage": 3}
        dec = {"T3.b.defense": {"defense": "evasion"}}
        res = duel(
            {"T3.a.action": {"action": "none"}, **dec},
            {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6, **rolls},
            a=_bomber("bomb.assault_bomb"),
            b=sheet("b", evasion=3),
            rng=3,
            turn=3,
            sa=_live(target="b", time_left=3),
        )
        assert res.status == "resolved", res.violations
        return res

    hit = shot(2)
    assert life(hit, "b") == 50 - 3 and _bombs(hit) == []  # it disappears after that turn
    assert life(shot(1), "b") == 50


@effect_of("bomb.no_detonation", "000 L2913")
def no_detonation_never_explodes() -> None:
    res = _boom(_bomber("bomb.assault_bomb", "bomb.no_detonation"), _live(target="b"), {"T2.a.attack": 6}, rng=3)
    assert life(res, "b") == 50 and len(_bombs(res)) == 1
    res = _boom(_bomber("bomb.assault_bomb"), _live(target="b"), {"T2.a.attack": 6, "T2.a.damage": 2}, rng=3)
    assert life(res, "b") == 48  # the same Bomb without it goes off: 2 rolled


@effect_of("bomb.moveable_bomb", "000 L2897")
def moveable_bomb_is_kicked_one_band_per_two_damage() -> None:
    a = _bomber("bomb.moveable_bomb")
    kick = {
        "T2.a.action": attack(["basic_move"], target="b"),
        "T2.a.move_bomb": {"choice": "act", "target": "a", "direction": "toward"},
    }
    # a on band 1 with his Bomb, b on band 5. The Basic Move's 1d4 against Stamina 0 rolls 3: ⌈3 / 2⌉ = 2 bands.
    res = band_duel(kick, {**T2, "T2.a.bomb_kick": 3}, {"a": 1, "b": 5}, a=a, turn=2, sa=_live(band=1, time_left=3))
    assert res.status == "resolved", res.violations
    assert [e.band for e in _bombs(res)] == [1 + 2] and life(res, "b") == 50  # the kick itself hurts nobody


# ── Interrupt specials: Absorbs Attacks, Illusionary Doubles ────────────────────────────────────

FIREBALL = move("fireball", "ranged")
KICK = move("kick")
# a's roll of 1 totals 2 against b's Tactics 3 (a miss); b's Control 5 pays for his Level 2 Interrupt move.
MISSED = {**FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5}


def _interrupted(a_move: dict, b_move: dict, rolls: dict | None = None, rng: int = 3, **more: Any) -> TurnResult:
    dec = {
        "T1.a.action": attack([a_move["id"]]),
        "T1.b.defense": more.pop("declared", {"defense": "tactics"}),
        "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": [b_move["id"]]},
        **more.pop("decisions", {}),
    }
    b = sheet("b", tactics=3, moves=[b_move])
    return duel(dec, {**MISSED, **(rolls or {})}, a=sheet("a", moves=[a_move]), b=b, rng=rng, **more)


def _shield(*mods: Any) -> dict:
    return move("shield", "interrupt", "absorbs_attacks", *mods, liabilities=("utility",))


def _held(res: TurnResult) -> list[tuple[str | None, int | None]]:
    return [(e.move, e.since) for e in st(res, "b").ongoing_effects if e.id == "absorbed_attack"]


@effect_of("absorbs_attacks", "000 L2771–L2773")
def absorbs_attacks_holds_a_ranged_move_for_one_later_use() -> None:
    res = _interrupted(FIREBALL, _shield())
    assert res.status == "resolved", res.violations
    assert _held(res) == [("fireball", 1)] and life(res, "b") == 50
    # Next turn b throws it as his own, once: a Special Move's 1d6, 4 rolled.
    nxt = duel(
        {"T2.b.action": attack(["absorbed:fireball"])},
        {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6, "T2.b.damage": 4},
        a=sheet("a", defense=0, moves=[FIREBALL]),
        b=sheet("b", moves=[_shield()]),
        sb=carried(res, "b"),
        rng=3,
        turn=2,
    )
    assert nxt.status == "resolved", nxt.violations
    assert life(nxt, "a") == 46 and _held(nxt) == []
    # Not against a close-quarters Special Move.
    assert [v.code for v in _interrupted(KICK, _shield(), rng=1).violations] == ["RESPONSE_TRIGGER_INVALID"]


@effect_of("absorbs_attacks.absorb_all_attacks", "000 L2781")
def absorb_all_attacks_takes_any_attack() -> None:
    res = _interrupted(KICK, _shield("absorbs_attacks.absorb_all_attacks"), rng=1)
    assert res.status == "resolved", res.violations
    assert _held(res) == [("kick", 1)]


@effect_of("absorbs_attacks.transform_energy", "000 L2793")
def transform_energy_turns_the_damage_into_super_energy() -> None:
    battery = _shield(el("absorbs_attacks.transform_energy", converts_to="super_energy"))
    # The Fireball's own 1d6 (a's Strength 2 and b's Stamina 1 left out) rolled 5: Super Energy 3 + 5.
    res = duel(
        {
            "T1.a.action": attack(["fireball"]),
            "T1.b.defense": {"defense": "tactics"},
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["shield"]},
        },
        {**MISSED, "T1.b.absorb_energy": 5},
        a=sheet("a", strength=2, moves=[FIREBALL]),
        b=sheet("b", tactics=3, stamina=1, moves=[battery]),
        sb={"super_energy": 3},
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key == "T1.b.absorb_energy"] == ["1d6"]
    assert st(res, "b").super_energy == 8 and _held(res) == []


def _decoy(timing: str, *mods: str) -> dict:
    return move(
        "log",
        "interrupt",
        "illusionary_doubles",
        el("illusionary_doubles.defensive_illusion", movement_timing=timing),
        *mods,
        liabilities=("utility",),
    )


def _slip(mv: dict, movement: int) -> TurnResult:
    slip = {"T1.b.illusion_move": {"choice": "move", "direction": "away", "movement": movement}}
    return _interrupted(KICK, mv, rng=1, decisions=slip)


@effect_of("illusionary_doubles.defensive_illusion", "000 L3488")
def defensive_illusion_moves_two_ranges_for_nothing() -> None:
    res = _slip(_decoy("after"), 2)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 1 + 2 and st(res, "b").fighting_spirit == 30
    assert [v.code for v in _slip(_decoy("after"), 1).violations] == ["DECISION_INVALID"]  # 2, no fewer


@effect_of("illusionary_doubles", "000 L3480, L3488")
def illusionary_doubles_works_through_its_version() -> None:
    # The family's effect is its version's: with Defensive Illusion, the 2-Range slip after a successful Interrupt.
    assert _slip(_decoy("after"), 2).fight.positioning.range == 3


@effect_of("illusionary_doubles.defensive_illusion.variable_movement", "000 L3498")
def variable_movement_moves_up_to_two() -> None:
    mv = _decoy("after", "illusionary_doubles.defensive_illusion.variable_movement")
    assert [_slip(mv, n).fight.positioning.range for n in (0, 1, 2)] == [1, 2, 3]


@effect_of("illusionary_doubles.offensive_illusion", "000 L3504")
def offensive_illusion_adds_to_tactics_and_glides_next_turn() -> None:
    clones = move(
        "clones", "interrupt", "illusionary_doubles", el("illusionary_doubles.offensive_illusion", n=2), level=3
    )
    declared = {"defense": "tactics", "response": "interrupt", "moves": ["clones"]}
    # Declared with the Defense Total: Tactics 3 + 2 = 5, and a's roll of 3 totals 4: a miss (a hit against 3 alone).
    res = _interrupted(KICK, clones, {"T1.a.attack": 3, "T1.b.ctrl": 6}, rng=1, declared=declared)
    assert res.status == "resolved", res.violations
    assert not hit_by(res, "a")
    plain = _interrupted(KICK, clones, {"T1.a.attack": 3, "T1.b.ctrl": 6}, rng=1)
    assert hit_by(plain, "a")
    # Next turn, after the dice, he glides 2 Ranges at no FS.
    start, fs = res.fight.positioning.range, st(res, "b").fighting_spirit
    nxt = duel(
        {"T2.b.illusion_glide": {"direction": "away"}},
        {"T2.a.init": 1, "T2.b.init": 6},
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[clones]),
        sa=carried(res, "a"),
        sb=carried(res, "b"),
        rng=start,
        turn=2,
    )
    assert nxt.status == "resolved", nxt.violations
    assert nxt.fight.positioning.range == min(start + 2, 5) and st(nxt, "b").fighting_spirit == fs


# ── Anti-Air, Hits Super Jump ───────────────────────────────────────────────────────────────────


def _anti_air(jump: bool) -> TurnResult:
    # a attacks with a Basic Move, moving 2 Ranges first (a jump in, 000 L5626) or not; b's Tactics 3 beats his
    # roll of 1 (+1 Control, 2 < 3), and b answers with his Anti-Air move.
    dec = {
        "T1.a.action": attack(["basic_move"], **({"movement": 2} if jump else {})),
        "T1.b.defense": {"defense": "tactics"},
        "T1.b.defensive_response": {"choice": "respond", "response": "anti_air", "moves": ["aa"]},
    }
    b = sheet("b", tactics=3, moves=[move("aa", "anti_air")])
    return duel(dec, {**MISSED, "T1.b.attack": 6, "T1.b.damage": 4}, a=sheet("a", evasion=0), b=b, rng=3 if jump else 1)


@effect_of("anti_air", "000 L2829, L5866")
def anti_air_answers_a_jump() -> None:
    res = _anti_air(True)
    assert res.status == "resolved", res.violations
    assert hit_by(res, "b") and life(res, "a") == 50 - 4  # 1d6 rolled 4
    assert [v.code for v in _anti_air(False).violations] == ["RESPONSE_TRIGGER_INVALID"]


@effect_of("hits_super_jump", "000 L3474, L2192")
def hits_super_jump_reaches_a_super_jumper_at_plus_one() -> None:
    jumping = {
        "ongoing_effects": [{"id": "super_jump", "since": 1, "target": "b", "charges": 3, "direction": "toward"}]
    }

    def b_attacks(mv: dict, roll: int) -> TurnResult:
        # a, mid Super Jump 3 Ranges toward b from Range 2, is taken to be at his destination (Range 1 on the far
        # side) and defends with Evasion only, +2: DT 2 + 2 = 4. b's Control 6 is above the 3 his move needs (+1).
        dec = {"T2.b.action": attack([mv["id"]]), "T2.a.defense": {"defense": "evasion"}}
        rolls = {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6, "T2.a.ctrl": 6, "T2.b.attack": roll}
        return duel(dec, rolls, b=sheet("b", moves=[mv]), sa=jumping, rng=2, turn=2, options={"super_jump": True})

    upper = move("upper", "anti_air", "hits_super_jump", level=3)
    # A roll of 2: 2 + 1 + 1 (Hits Super Jump) = 4 hits; a roll of 1 totals 3 and misses.
    assert hit_by(b_attacks(upper, 2), "b") and not hit_by(b_attacks(upper, 1), "b")
    # Without it only Ranged, Aerial or Hard to Evade moves can reach a Super Jumper.
    plain = b_attacks(move("upper", "anti_air", level=3), 6)
    assert [v.code for v in plain.violations] == ["TARGET_UNAVAILABLE"]


# ── Area Effect, Explosive ──────────────────────────────────────────────────────────────────────


def _crowd(user: str, mv: dict, n: int = 4) -> TurnResult:
    """Band Map a, b, c, d on bands 1–4 (all Defense 0); ``user`` uses ``mv`` (aimed at b, or at a for b)."""
    others = [{"id": f, "sheet": sheet(f, defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}} for f in "cd"]
    target = "a" if user == "b" else "b"
    dec = {f"T1.{f}.action": {"action": "none"} for f in "abcd"} | {
        f"T1.{user}.action": attack([mv["id"]], target=target)
    }
    rolls = {f"T1.{f}.init": 6 - i for i, f in enumerate(sorted("abcd", key=lambda x: x != user))} | {
        f"T1.{user}.ctrl": 6
    }
    for k in ("", ".2", ".3"):
        rolls |= {f"T1.{user}.attack{k}": 6}
    sheets = {f: sheet(f, defense=0, moves=[mv] if f == user else None) for f in "ab"}
    res = duel(dec, rolls, a=sheets["a"], b=sheets["b"], extra=others[: n - 2])
    assert res.status == "resolved", res.violations
    return res


def _attacked(res: TurnResult) -> list[str]:
    return [s.text.split(" with ")[0].split(" attacks ")[1] for s in res.log if s.label == "D.3"]


@effect_of("area_effect", "000 L2837")
def area_effect_attacks_everyone_at_range_zero_or_one() -> None:
    # b on band 2: a (band 1) and c (band 3) are within Range 1, d (band 4) at Range 2 is not.
    assert _attacked(_crowd("b", move("blast", "area_effect"))) == ["a", "c"]


@effect_of("explosive", "000 L3324, L3328")
def explosive_reaches_range_two_one_die_size_down() -> None:
    res = _crowd("a", move("boom", "explosive", level=3))
    # a on band 1: b (Range 1) and c (Range 2), not d (Range 3); a Special's 1d6 one size down against Fighters.
    assert _attacked(res) == ["b", "c"]
    assert {r.die for r in res.rolls if r.key.startswith("T1.a.damage")} == {"1d4"}


@effect_of("explosive.reduced_damage", "000 L3336")
def reduced_damage_loses_a_die_size_per_range() -> None:
    res = _crowd("a", move("boom", "explosive", level=3, liabilities=("explosive.reduced_damage",)))
    # b at Range 1: 1d6 − 1 (Fighter) − 1 = 1d2; c at Range 2: − 3 = a fixed 1, no roll (000 L5469).
    assert [r.die for r in res.rolls if r.key.startswith("T1.a.damage")] == ["1d2"]
    assert life(res, "c") == 50 - 1


# ── Bounce, Breaker, Cancel Throw, Charge Back ──────────────────────────────────────────────────


@effect_of("bounce", "000 L2939–L2941, L1669")
def bounce_tactics_check_for_one_more_damage() -> None:
    slam = move("slam", "knocks_down", "bounce")
    # A sure hit rolling 4; Tactics check 1d10 + Tactics 2 against DL 8: 6 → 8 succeeds (+1: 5), 5 → 7 fails (4).
    for check, lost in ((6, 5), (5, 4)):
        res = strike(slam, {"T1.a.damage": 4, "T1.a.tactics_check": check}, a=sheet("a", tactics=2, moves=[slam]))
        assert life(res, "b") == 50 - lost and downed(res, "b")
    # A Knocks Down move may lead a Combo when it has Bounce (the Knock Down waits for the end).
    moves = [slam, move("slam2", "knocks_down"), move("fist")]
    ok = duel({"T1.a.action": attack(["slam", "fist"])}, FIRST, a=sheet("a", moves=moves), rng=1)
    no = duel({"T1.a.action": attack(["slam2", "fist"])}, FIRST, a=sheet("a", moves=moves), rng=1)
    assert ok.status == "resolved" and no.status == "invalid", (ok.violations, no.violations)


@effect_of("breaker", "000 L2951")
def breaker_strikes_through_temporary_invulnerability() -> None:
    guard = move("guard", "temporary_invulnerability")

    def a_life(mv: dict) -> int:
        # Simultaneous Initiative (4 and 4): a's invulnerable move and b's attack (3 FS on Accuracy: a sure hit).
        dec = {
            "T1.a.simul_declare": attack(["guard"]),
            "T1.b.simul_declare": attack([mv["id"]]),
            "T1.b.accuracy_fs": {"fs": 3},
        }
        rolls = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6, "T1.b.damage": 4}
        res = duel(dec, rolls, a=sheet("a", defense=0, moves=[guard]), b=sheet("b", moves=[mv]), rng=1)
        assert res.status == "resolved", res.violations
        return life(res, "a")

    assert a_life(PLAIN) == 50 and a_life(move("crusher", "breaker")) == 50 - 4  # 1d6 rolled 4


@effect_of("cancel_throw", "000 L3083, L1669")
def cancel_throw_turns_the_hit_into_a_throw() -> None:
    feint = move("feint", "cancel_throw")
    toss = move("toss", "throw", el("increased_damage", times=2))  # a Throw with a 1d8
    a = sheet("a", tactics=2, moves=[feint, toss])
    dec = {"T1.a.cancel_throw": {"moves": ["toss"]}}
    # Hit at Range 1; Tactics check 6 + 2 = 8 against DL 8: the Toss is resolved instead (its 1d8, a Knock Down).
    res = strike(feint, {"T1.a.tactics_check": 6, "T1.a.damage": 7}, dec, a=a)
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d8"] and downed(res, "b")
    assert life(res, "b") == 50 - 7
    # 5 + 2 = 7: the Feint's own 1d6 hit stands.
    res = strike(feint, {"T1.a.tactics_check": 5, "T1.a.damage": 4}, dec, a=a)
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d6"] and not downed(res, "b")


@effect_of("charge_back", "000 L3093–L3098")
def charge_back_needs_a_step_back_or_two_spare_control() -> None:
    flash = move("flash", "charge_back", level=3)
    a = sheet("a", moves=[flash])
    # Control 4 for a Level 3 move: not 2 above, and no step back: refused.
    res = duel({"T1.a.action": attack(["flash"])}, {**FIRST, "T1.a.ctrl": 4}, a=a, rng=1)
    assert [v.code for v in res.violations] == ["CHARGE_BACK_NOT_READY"]
    assert duel({"T1.a.action": attack(["flash"])}, {**FIRST, "T1.a.ctrl": 5}, a=a, rng=1).status == "resolved"
    back = attack(["flash"], movement=1, direction="away")  # 1 Range away first, from Range 0 to 1
    assert duel({"T1.a.action": back}, {**FIRST, "T1.a.ctrl": 4}, a=a, rng=0).status == "resolved"


# ── Copies Moves ────────────────────────────────────────────────────────────────────────────────


@effect_of("copies_moves", "000 L3117–L3119")
def copies_moves_buys_a_move_with_the_damage_for_a_five_count() -> None:
    mimic = move("mimic", "copies_moves", level=3)
    owner = sheet("b", defense=0, moves=[move("strike", el("increased_accuracy", times=2)), move("heavy", level=4)])
    dec = {"T1.a.copy_move": {"moves": ["strike"], "entry": "increased_accuracy"}}
    # 5 rolled: 2 Move Points buy the Level 2 Strike, the other 3 are damage; the copy lasts a 5-count (2 off).
    res = strike(mimic, {"T1.a.damage": 5, "T1.fight.time": 2}, dec, b=owner)
    assert life(res, "b") == 50 - 3
    assert [(e.id, e.move, e.time_left) for e in st(res, "a").ongoing_effects] == [("copied_move", "strike", 5 - 2)]
    # Copying nothing: all 5 are damage.
    res = strike(mimic, {"T1.a.damage": 5}, {"T1.a.copy_move": {"moves": []}}, b=owner)
    assert life(res, "b") == 45 and st(res, "a").ongoing_effects == []


# ── End Style ───────────────────────────────────────────────────────────────────────────────────


def _styled(**tiger: Any) -> dict:
    """a with the Multiple Styles Quality: Crane (base) and Tiger, each with its moves (000 L5023–L5140)."""
    moves = [
        {**move("ckick"), "style": "Crane"},
        {**move("claw"), "style": "Tiger"},
        {**move("tend", "end_style"), "style": "Tiger"},
        {
            **move("tdash", "end_style", "end_style.movement_exception", el("mobile", movement="mobile"), level=3),
            "style": "Tiger",
        },
    ]
    s = sheet("a", moves=moves, qualities=["multiple_styles"])
    s["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger", **tiger}]
    return s


IN_TIGER = {"ongoing_effects": [{"id": "style", "move": "Tiger", "since": 1}]}


def _in_style(dec: dict, rolls: dict | None = None, rng: int = 1, **tiger: Any) -> TurnResult:
    b = sheet("b", defense=3)
    return duel(dec, {**AGAIN, **(rolls or {})}, a=_styled(**tiger), b=b, rng=rng, turn=2, sa=IN_TIGER)


def _style(res: TurnResult) -> list[str | None]:
    return [e.move for e in st(res, "a").ongoing_effects if e.id == "style"]


@effect_of("end_style", "000 L3288–L3290")
def end_style_returns_to_the_base_style() -> None:
    # Used, even missing (roll 1 + 1 = 2 against Defense 3), it puts him back in the base style.
    res = _in_style({"T2.a.action": attack(["tend"])}, {"T2.a.attack": 1})
    assert res.status == "resolved", res.violations
    assert not hit_by(res) and _style(res) == []
    # In a Combo only base-style (or cross-style) moves may follow it.
    assert _in_style({"T2.a.action": attack(["tend", "ckick"])}).status == "resolved"
    assert [v.code for v in _in_style({"T2.a.action": attack(["tend", "claw"])}).violations] == [
        "STYLE_MOVE_UNAVAILABLE"
    ]


@effect_of("end_style.movement_exception", "000 L3296–L3298")
def movement_exception_keeps_the_moves_own_movement() -> None:
    # In a Limited Movement style 2 Ranges before an ordinary style move is too far; the Mobile Tiger Dash with
    # Movement Exception moves them, then the style ends.
    two = {"movement": 2, "direction": "toward"}
    res = _in_style({"T2.a.action": attack(["tdash"], **two)}, {"T2.a.attack": 1}, rng=3, limited_movement=True)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 1 and _style(res) == []
    assert _in_style({"T2.a.action": attack(["claw"], **two)}, rng=3, limited_movement=True).status == "invalid"


# ── Fixed moves (data/02-fixed-moves.yaml) ──────────────────────────────────────────────────────


@effect_of("basic_move", "000 L2086–L2092, L5696")
def basic_move_needs_one_control_and_rolls_a_d4() -> None:
    # Control 1 is enough for it (Level 1); 1d4 at Strength 0, one size up with Strength 1 (1d6); 3 rolled takes 3.
    res = duel(
        {"T1.a.action": attack(["basic_move"])},
        {**FIRST, "T1.a.ctrl": 1, "T1.a.damage": 3},
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d4"] and life(res, "b") == 47
    res = duel(
        {"T1.a.action": attack(["basic_move"])},
        {**FIRST, "T1.a.damage": 3},
        a=sheet("a", strength=1),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d6"]


@effect_of("sweep", "000 L2109–L2123")
def sweep_is_a_low_level_two_basic_move_that_knocks_down() -> None:
    def sweep(ctrl: int, roll: int, **opts: bool) -> TurnResult:
        return duel(
            {"T1.a.action": attack(["sweep"])},
            {**FIRST, "T1.a.ctrl": ctrl, "T1.a.attack": roll, "T1.a.damage": 3},
            b=sheet("b", defense=3),
            rng=1,
            options=opts or {"sweeps": True},
        )

    assert [v.code for v in sweep(2, 2, sweeps=False).violations] == ["UNKNOWN_MOVE"]  # only with the option
    assert [v.code for v in sweep(1, 2).violations] == ["INSUFFICIENT_CONTROL"]  # Level 2: Control 2
    # Control 2 exactly (no +1); Hits Low against Defense 3: a roll of 2 totals 3 and hits, 1d4 rolled 3, Knock Down.
    res = sweep(2, 2)
    assert hit_by(res) and downed(res, "b") and [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d4"]
    assert not hit_by(sweep(2, 1))  # 1 + 1 = 2


@effect_of("pursuit_attack", "000 L2159–L2163")
def pursuit_attack_strikes_a_downed_foe() -> None:
    def pursue(mv: str, option: str = "defense", roll: int = 6) -> TurnResult:
        return duel(
            {"T1.a.action": attack([mv]), "T1.b.defense": {"defense": option}},
            {**FIRST, "T1.a.attack": roll, "T1.a.damage": 3},
            b=sheet("b", defense=1, evasion=3),
            sb={"knocked_down": True},
            rng=1,
            options={"pursuit_attacks": True},
        )

    # b is down: an ordinary Basic Move cannot reach him; the Pursuit Attack does (6 + 1 against Defense 1), 1d4
    # rolled 3, and is worth 1 Glory.
    assert [v.code for v in pursue("basic_move").violations] == ["TARGET_KNOCKED_DOWN"]
    res = pursue("pursuit_attack")
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 47 and [g.points for g in res.glory if g.fighter == "a"] == [1]
    # Only Defense (or Tactics with a Reversal) can stop it: Evasion is not open to him.
    assert [v.code for v in pursue("pursuit_attack", "evasion", roll=1).violations] == ["DEFENSE_OPTION_NOT_ALLOWED"]
    # Tactics 0 + 3 FS = 3 beats a's 1 + 1 = 2, but the only answer from the ground is a Reversal, not a Basic Response.
    res = duel(
        {
            "T1.a.action": attack(["pursuit_attack"]),
            "T1.b.defense": {"defense": "tactics", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
        },
        {**FIRST, "T1.a.attack": 1},
        b=sheet("b", tactics=0),
        sb={"knocked_down": True},
        rng=1,
        options={"pursuit_attacks": True},
    )
    assert [v.code for v in res.violations] == ["RESPONSE_TRIGGER_INVALID"]


@effect_of("basic_taunt", "000 L2141")
def basic_taunt_earns_one_d4_glory_once() -> None:
    taunt = {"T1.a.action": {"action": "taunt", "target": "b"}}
    rolls = {**FIRST, "T1.a.taunt_glory": 3}
    res = duel(taunt, rolls, rng=1, options={"taunts": True})  # b's Initiative 1 is lower than a's 6
    assert res.status == "resolved", res.violations
    assert [g.points for g in res.glory if g.fighter == "a"] == [3] and st(res, "a").taunt_used
    # Once a combat, and only with the campaign option.
    assert duel(taunt, rolls, rng=1, options={"taunts": True}, sa={"taunt_used": True}).status == "invalid"
    assert duel(taunt, rolls, rng=1).status == "invalid"


@effect_of("detonate", "000 L2887")
def detonate_sets_off_the_waiting_bomb() -> None:
    a = _bomber("bomb.controlled_detonation")
    rolls = {**T2, "T2.a.attack": 6, "T2.a.damage": 2}
    res = duel({"T2.a.action": utility("detonate")}, rolls, a=a, rng=3, turn=2, sa=_live(target="b", time_left=4))
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 48 and _bombs(res) == []
    # Without Controlled Detonation he has no such move.
    res = duel({"T2.a.action": utility("detonate")}, rolls, a=_bomber(), rng=3, turn=2, sa=_live(target="b"))
    assert [v.code for v in res.violations] == ["UNKNOWN_MOVE"]


@effect_of("trigger_gradual_effect", "000 L3410")
def trigger_gradual_effect_starts_the_oldest_waiting_one() -> None:
    dim_mak = move("dim_mak", "gradual_effect", "gradual_effect.delayed_onset", level=3)
    waiting = [
        {
            "id": "gradual_effect.delayed_onset",
            "move": "dim_mak",
            "target": "b",
            "since": s,
            "charges": n,
            "time_left": 6,
        }
        for s, n in ((2, 5), (1, 2))
    ]
    res = duel(
        {"T3.a.action": utility("trigger_gradual_effect")},
        {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6},
        a=sheet("a", moves=[dim_mak]),
        sa={"ongoing_effects": waiting},
        rng=2,
        turn=3,
    )
    assert res.status == "resolved", res.violations
    assert life(res, "b") == 50 - 2  # the one primed on turn 1 (2 a turn) goes first
    assert [(e.id, e.since) for e in st(res, "a").ongoing_effects] == [
        ("gradual_effect.delayed_onset", 2),
        ("gradual_effect", 3),
    ]


@effect_of("style_change", "000 L5049–L5051")
def style_change_costs_two_fs() -> None:
    change = {"T2.a.action": utility("style_change:tiger")}
    res = duel(change, AGAIN, a=_styled(), rng=3, turn=2)
    assert res.status == "resolved", res.violations
    assert _style(res) == ["Tiger"] and st(res, "a").fighting_spirit == 30 - 2
    # In the Tiger style its moves open and the Crane ones close.
    assert duel({"T2.a.action": attack(["claw"])}, AGAIN, a=_styled(), rng=1, turn=2).status == "invalid"
    assert duel({"T2.a.action": attack(["claw"])}, AGAIN, a=_styled(), rng=1, turn=2, sa=IN_TIGER).status == "resolved"
