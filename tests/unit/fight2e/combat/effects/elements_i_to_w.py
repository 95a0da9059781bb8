"""Combat effects of the Elements Increased Glory → Wind Up (000 L3544–L4451), each checked against figures worked
out by hand from the book line cited. The scene is `build_b`'s: PL 3 fighters at Range 1, `a` first with Control
6, `b` with Defense Skill 0 (Defense Total 0, so `a` hits without rolling) unless a check says otherwise; a
Special Move's damage die is 1d6 (000 L5908), the Stun Threshold PL + 4 = 7 (000 L5974) and a Control roll
above the move's Level gives +1 Accuracy (000 L5708)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn

from ..fixtures import build
from ..support import FIST
from .build_b import (
    accuracy_parts,
    attack,
    band_fight,
    defense_total,
    duel,
    el,
    first,
    glory,
    hit,
    knocked_down,
    move,
    sheet,
    st,
    with_ki,
)
from .registry import effect_of

FIST2 = {**FIST, "id": "fist2", "name": "Fist2"}


@effect_of("increased_glory", "000 L3544–L3550, L5749")
def increased_glory_adds_two_per_instance() -> None:
    # an L2 Special Move that hits earns its Level, 2 Glory (L5749); each instance adds 2 (L3548)
    for times, points in ((None, 2), (1, 4), (2, 6)):
        m = move(elements=[el("increased_glory", times)] if times else [])
        assert glory(hit([m], rolls={"T1.a.damage": 3}), "a") == points


@effect_of("increased_stun", "000 L3561–L3565, L5974")
def increased_stun_counts_two_more_against_the_threshold() -> None:
    plain = hit([move()], rolls={"T1.a.damage": 6})
    assert st(plain, "b").times_stunned_this_round == 0  # 6 is not above the threshold 7
    res = hit([move(elements=[el("increased_stun")])], rolls={"T1.a.damage": 6})
    assert st(res, "b").times_stunned_this_round == 1  # 6 + 2 = 8 > 7
    assert st(res, "b").life_bar == 50 - 6  # the Life Bar still loses only the 6 rolled


@effect_of("interrupt.interrupt_only", "000 L3575–L3579, L5874")
def interrupt_only_move_answers_but_never_attacks() -> None:
    zap = move("zap", elements=[el("interrupt")], liabilities=[el("interrupt.interrupt_only")])
    own = hit([zap], a_sheet=sheet("a", moves=[zap]))
    assert _codes(own) == ["COUNTER_MOVE_AS_ATTACK"]  # not usable as a normal attack (L3579)
    # as b's Interrupt (chosen after the miss): a's Basic Move (Control 1, so no spare-Control bonus) rolls 1
    # against Tactics 2 and misses; b then attacks with Zap: 4 damage
    res = hit(
        [FIST],
        used=["basic_move"],
        rolls={"T1.a.ctrl": 1, "T1.a.attack": 1, "T1.b.ctrl": 5, "T1.b.attack": 6, "T1.b.damage": 4},
        b=sheet("b", tactics=2, moves=[zap]),
        decisions={
            "T1.b.defense": {"defense": "tactics"},
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["zap"]},
        },
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - 4


@effect_of("knocks_down.only_at_end_of_combo", "000 L3645–L3651")
def only_at_end_of_combo_knocks_down_only_as_the_last_move() -> None:
    kd = move("kd", elements=[el("knocks_down"), el("knocks_down.only_at_end_of_combo")])
    first = hit([kd, FIST2], used=["kd", "fist2"], rolls={"T1.a.damage": 2, "T1.a.damage#2": 2})
    assert first.status == "resolved", first.violations
    assert not knocked_down(first)  # not last: no Knock Down (the Ender keyword is gone, L3649)
    last = hit([kd, FIST2], used=["fist2", "kd"], rolls={"T1.a.damage": 2, "T1.a.damage#2": 2})
    assert knocked_down(last)


def _full_screen(*extra: str, ranges: int) -> Any:
    m = move(elements=[el("mobile", movement="mobile"), el("mobile.full_screen"), *(el(x) for x in extra)])
    return hit(
        [m],
        rolls={"T1.a.damage": 3},
        b=sheet("b", defense=2),
        rng=4,
        decisions={"T1.a.action": attack(["m"], movement=ranges)},
    )


@effect_of("mobile.full_screen", "000 L3677–L3685")
def full_screen_gives_the_defender_one_after_three_ranges() -> None:
    assert defense_total(_full_screen(ranges=2)) == 2  # Defense 2
    assert defense_total(_full_screen(ranges=3)) == 2 + 1  # a full three Ranges: +1 (L3685)
    assert _codes(_full_screen(ranges=0)) == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]  # at least one Range forward


@effect_of("mobile.fast_full_screen", "000 L3687–L3691")
def fast_full_screen_removes_that_bonus() -> None:
    assert defense_total(_full_screen("mobile.fast_full_screen", ranges=3)) == 2


@effect_of("ranged.short_range", "000 L4045–L4049, L4075–L4083, L3970")
def short_range_reaches_three_not_four() -> None:
    plain = move(elements=[el("ranged")])
    short = move(elements=[el("ranged"), el("ranged.short_range")])

    def shot(m: dict, rng: int) -> Any:
        return hit([m], rolls={"T1.a.damage": 3}, a_sheet=with_ki(sheet("a", moves=[m]), 5), rng=rng)

    assert st(shot(plain, 4), "b").life_bar == 50 - 3  # Long Range reaches 4
    assert st(shot(short, 4), "b").life_bar == 50  # Reach Range stops at 3: an automatic miss
    assert accuracy_parts(shot(short, 3)) == {"reach_at_3": -2, "extra_control": 1}  # Reach at 3: −2 (L4083)
    assert "reach_at_3" not in accuracy_parts(shot(plain, 3))


@effect_of("reload", "000 L4099–L4105")
def reload_move_refills_three_charges() -> None:
    lu = move("m", liabilities=[el("limited_use", pool="ammo"), el("limited_use.special_move_reload")])
    rl = move("rl", elements=[el("reload", pool="ammo")])
    res = hit([lu, rl], used=["rl"], rolls={"T1.a.damage": 3}, sa={"ongoing_effects": [_pool(0)]})
    assert res.status == "resolved", res.violations
    assert [e.charges for e in st(res, "a").ongoing_effects if e.id == "limited_use"] == [3]


def _pool(n: int) -> dict:
    return {"id": "limited_use", "move": "ammo", "charges": n}


@effect_of("teleportation", "000 L4303–L4311, L5632")
def teleportation_moves_two_ranges_for_free() -> None:
    def fs_after(m: dict) -> int:  # a sure miss (Defense 9), so no first-hit FS refund muddles the count
        dec = {"T1.a.action": attack(["m"], movement=2)}
        res = hit([m], b=sheet("b", defense=9), rng=3, decisions=dec)
        assert res.status == "resolved", res.violations
        return st(res, "a").fighting_spirit

    assert fs_after(move(elements=[el("mobile", movement="mobile")])) == 30 - 1  # Mobile: 2 Ranges cost 1 FS
    assert fs_after(move(elements=[el("teleportation")])) == 30  # Teleportation: no FS (L4307)


@effect_of("teleportation.ends_in_mid_air", "000 L4313–L4321, L5880")
def mid_air_teleport_defends_on_evasion_plus_two_and_jumps_away() -> None:
    port = move(
        "port", elements=[el("teleportation"), el("teleportation.ends_in_mid_air")], liabilities=[el("utility")]
    )
    res = hit(
        [FIST],
        used=["basic_move"],
        rolls={"T1.a.ctrl": 1, "T1.a.attack": 1},
        b=sheet("b", evasion=2, moves=[port]),
        decisions={
            "T1.b.defense": {"defense": "evasion", "response": "mid_air_teleport"},
            "T1.b.defensive_response": {"choice": "respond", "response": "mid_air_teleport", "moves": ["port"]},
        },
    )
    assert res.status == "resolved", res.violations
    assert defense_total(res) == 2 + 2  # Evasion 2, +2 (L4319)
    assert res.fight.positioning.range == 1 + 2  # a's roll of 1 misses; b moves 2 Ranges away


def _throw(*extra: str, strength: int = 0, damage: int = 3) -> Any:
    t = move("t", elements=[el("throw"), *(el(x) for x in extra)])
    return hit([t], rolls={"T1.a.damage": damage}, a_sheet=sheet("a", strength=strength, moves=[t]), rng=0)


@effect_of("throw.does_stun", "000 L4359–L4365, L4339, L5976")
def does_stun_counts_the_throw_against_the_threshold() -> None:
    # Strength 1: the Throw's 1d6 becomes 1d8 (000 L5908); 8 is above the Stun Threshold 7
    assert st(_throw(strength=1, damage=8), "b").times_stunned_this_round == 0  # a Throw loses Stun (L4339)
    assert st(_throw("throw.does_stun", strength=1, damage=8), "b").times_stunned_this_round == 1


@effect_of("throw.hurl", "000 L4367–L4375, L5954")
def hurl_throws_the_defender_two_ranges() -> None:
    assert _throw().fight.positioning.range == 1  # a Throw's victim goes from Range 0 to 1 (L5954)
    assert _throw("throw.hurl").fight.positioning.range == 2  # Hurl: 2 Ranges away, no Knock Back (L4375)


@effect_of("increased_knockback", "000 L3552–L3559, L5952–L5956")
def increased_knockback_pushes_two_ranges() -> None:
    assert hit([move()], rolls={"T1.a.damage": 3}).fight.positioning.range == 1 + 1  # ordinary Knock Back: 1
    res = hit([move(elements=[el("increased_knockback")])], rolls={"T1.a.damage": 3})
    assert res.fight.positioning.range == 1 + 2


def _sweep(*extra: str) -> dict:
    return move("sw", elements=[el("knocks_down"), *(el(x) for x in extra)])


@effect_of("knocks_down", "000 L3625–L3631, L5960–L5962")
def knocks_down_costs_the_victim_his_action_and_a_die_size() -> None:
    plain = hit([move()], rolls={"T1.a.damage": 3})
    assert not knocked_down(plain)
    res = hit([_sweep()], rolls={"T1.a.damage": 3})
    assert knocked_down(res)  # Knocked Down, on top of damage and Knock Back (L3631)
    assert st(res, "b").life_bar == 50 - 3 and res.fight.positioning.range == 2
    # b had not acted: he stands at his slot and rolls Initiative one die size lower next turn (L5962)
    assert [(d.target, d.steps) for d in st(res, "b").next_turn_dice] == [("initiative", -1)]


def _fall(extra: tuple[str, ...], option: str, choice: dict) -> Any:
    return hit(
        [_sweep(*extra)],
        rolls={"T1.a.damage": 3, "T1.b.ctrl": 6},
        decisions={f"T1.b.{option}": choice},
        options={option: True},
    )


@effect_of("knocks_down.no_breakfall", "000 L3633–L3637, L2205")
def no_breakfall_keeps_the_knock_down() -> None:
    free = _fall((), "breakfall", {"choice": "act"})
    assert not knocked_down(free) and st(free, "b").fighting_spirit == 30 - 2  # Breakfall: 2 FS, no Knock Down
    res = _fall(("knocks_down.no_breakfall",), "breakfall", {"choice": "act"})
    assert knocked_down(res) and st(res, "b").fighting_spirit == 30


@effect_of("knocks_down.no_tech_roll", "000 L3639–L3643, L2207")
def no_tech_roll_keeps_the_victim_in_place() -> None:
    free = _fall((), "tech_roll", {"choice": "away"})
    assert free.fight.positioning.range == 1 + 1 + 2  # Knocked Back 1, then the Tech Roll's 2 Ranges
    res = _fall(("knocks_down.no_tech_roll",), "tech_roll", {"choice": "away"})
    assert res.fight.positioning.range == 1 + 1


@effect_of("mobile", "000 L3665–L3675, L5626, L5632")
def mobile_moves_two_ranges_before_attacking_for_one_fs() -> None:
    dec = {"T1.a.action": attack(["m"], movement=2)}
    plain = hit([move()], rng=3, decisions=dec)
    assert [v.code for v in plain.violations] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]  # Normal Move: 1 at most
    res = hit([move(elements=[el("mobile", movement="mobile")])], rng=3, decisions=dec, b=sheet("b", defense=9))
    assert res.status == "resolved", res.violations
    assert st(res, "a").fighting_spirit == 30 - 1  # 2 Ranges and an attack: 1 FS (a miss: no first-hit refund)


@effect_of("multi_hit", "000 L3703–L3720")
def multi_hit_adds_to_the_damage_roll() -> None:
    # two instances: +1; six: +3 (L3713, L3719); the 1d6 shows 3
    for times, damage in ((2, 4), (6, 6)):
        res = hit([move(elements=[el("multi_hit", times)])], rolls={"T1.a.damage": 3})
        assert st(res, "b").life_bar == 50 - damage


@effect_of("pass_through", "000 L3782–L3792")
def pass_through_moves_two_ranges_free_only_to_zero_or_beyond() -> None:
    pt = move(elements=[el("pass_through")])
    res = hit([pt], rolls={"T1.a.damage": 3}, rng=2, decisions={"T1.a.action": attack(["m"], movement=2)})
    assert res.status == "resolved", res.violations
    assert st(res, "a").fighting_spirit == 30  # no FS for the 2 Ranges (L3790)
    assert st(res, "b").life_bar == 50 - 3  # from Range 2 the movement ends at Range 0
    stop = hit([pt], rng=3, decisions={"T1.a.action": attack(["m"], movement=2)})
    assert _codes(stop) == ["PASS_THROUGH_INVALID"]  # Range 3 → 1 neither reaches 0 nor passes through


@effect_of("ranged", "000 L3970–L3981")
def ranged_damage_follows_ki_not_strength() -> None:
    shot = move(elements=[el("ranged")])
    # Strength 2 would raise a Special Move's 1d6 to 1d10; a Ranged move ignores it and uses Ki (L3974)
    for ki, die in ((2, "1d4"), (5, "1d6"), (8, "1d8"), (10, "1d10")):
        a = with_ki(sheet("a", strength=2, moves=[shot]), ki)
        res = hit([shot], rolls={"T1.a.damage": 1}, a_sheet=a, rng=4)
        assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == [die]  # also hits at Range 4 (Long Range)


@effect_of("reach", "000 L4075–L4085")
def reach_hits_at_range_three_with_minus_two() -> None:
    assert st(hit([move()], rolls={"T1.a.damage": 3}, rng=3), "b").life_bar == 50  # Standard Range: 0–2
    res = hit([move(elements=[el("reach")])], rolls={"T1.a.damage": 3}, rng=3)
    assert st(res, "b").life_bar == 50 - 3
    assert accuracy_parts(res) == {"reach_at_3": -2, "extra_control": 1}
    two = hit([move(elements=[el("reach")])], rolls={"T1.a.damage": 3}, rng=2)
    assert accuracy_parts(two) == {"extra_control": 1}  # no Range 2 penalty (L4083)


def _vs(m: dict, option: str) -> dict[str, int]:
    res = hit([m], rolls={"T1.a.damage": 3}, decisions={"T1.b.defense": {"defense": option}})
    return accuracy_parts(res)


@effect_of("subtle", "000 L4175–L4181")
def subtle_gains_one_against_tactics() -> None:
    s = move(elements=[el("subtle")])
    assert sum(_vs(s, "tactics").values()) == sum(_vs(move(), "tactics").values()) + 1
    assert sum(_vs(s, "defense").values()) == sum(_vs(move(), "defense").values())


@effect_of("unblockable", "000 L4425–L4431")
def unblockable_plus_four_against_defense_minus_two_otherwise() -> None:
    u = move(elements=[el("knocks_down"), el("increased_stun"), el("unblockable")])
    k = move(elements=[el("knocks_down"), el("increased_stun")])
    for option, diff in (("defense", 4), ("evasion", -2), ("tactics", -2)):
        assert sum(_vs(u, option).values()) == sum(_vs(k, option).values()) + diff


@effect_of("throw", "000 L4335–L4347, L5954")
def throw_gets_one_accuracy_range_zero_and_knocks_down() -> None:
    res = _throw(damage=8, strength=1)
    assert accuracy_parts(res).get("range_0") == 1 and sum(accuracy_parts(res).values()) == 1 + 1 + 1
    # Range 0 +1, the Throw's +1 (L4345), spare Control +1; a Knock Down without Stun damage (L4339)
    assert knocked_down(res) and st(res, "b").times_stunned_this_round == 0
    far = hit([move("t", elements=[el("throw")])], rolls={"T1.a.damage": 3}, rng=1)
    assert st(far, "b").life_bar == 50  # Throw Range is 0 only


def _shot(extra: str, rng: int) -> dict[str, int]:
    m = move(elements=[el("ranged"), el(extra)] if extra else [el("ranged")])
    res = hit([m], rolls={"T1.a.damage": 3}, a_sheet=with_ki(sheet("a", moves=[m]), 5), rng=rng)
    return accuracy_parts(res)


@effect_of("ranged.very_fast", "000 L4051–L4057")
def very_fast_gains_one_up_close() -> None:
    for rng, diff in ((0, 1), (2, 1), (3, 0)):  # Long Range: +1 at Range 0–2
        assert sum(_shot("ranged.very_fast", rng).values()) == sum(_shot("", rng).values()) + diff


@effect_of("ranged.very_slow", "000 L4059–L4065")
def very_slow_loses_one_far_away() -> None:
    for rng, diff in ((2, 0), (3, -1), (4, -1)):  # Long Range: −1 at Range 3–4
        assert sum(_shot("ranged.very_slow", rng).values()) == sum(_shot("", rng).values()) + diff


# ── Ranged modifiers (000 L3991–L4073) ────────────────────────────────────────────────────────────────────


def _ranged(mid: str, *extra: str, level: int = 3) -> dict:
    return move(mid, level, elements=[el("ranged"), *(el(x) for x in extra)])


def _ki(moves: list[dict], ki: int = 5, **kw: Any) -> dict:
    return with_ki(sheet(kw.pop("fid", "a"), moves=moves, **kw), ki)


@effect_of("ranged.accuracy_for_damage", "000 L3991–L3999")
def accuracy_for_damage_trades_one_accuracy_for_two_damage() -> None:
    shot = _ranged("shot", "ranged.accuracy_for_damage")

    def fire(amount: int | None) -> Any:
        dec = {"T1.a.accuracy_for_damage": {"amount": amount}} if amount else None
        return hit([shot], rolls={"T1.a.damage": 3}, a_sheet=_ki([shot]), rng=2, decisions=dec)

    plain, traded = fire(None), fire(2)
    # at Range 2 the maximum Range 4 can be cut by 2: −2 Accuracy, +4 damage (the book's example, L3999)
    assert sum(accuracy_parts(traded).values()) == sum(accuracy_parts(plain).values()) - 2
    assert st(plain, "b").life_bar == 50 - 3 and st(traded, "b").life_bar == 50 - 3 - 4


def _yank(*extra: str) -> dict:
    return _ranged("yank", "ranged.draw_closer", *extra, level=4)


def _pull(m: dict, rng: int, decisions: dict | None = None) -> int:
    res = hit([m], rolls={"T1.a.damage": 3}, a_sheet=_ki([m]), rng=rng, decisions=decisions)
    assert res.status == "resolved", res.violations
    return res.fight.positioning.range


@effect_of("ranged.draw_closer", "000 L4001–L4009")
def draw_closer_pulls_in_instead_of_knocking_back() -> None:
    assert _pull(_ranged("yank", level=4), 3) == 3 + 1  # an ordinary Knock Back
    assert _pull(_yank(), 3) == 3 - 1  # drawn 1 Range closer instead
    assert _pull(_yank("increased_knockback"), 3) == 3 - 2  # Increased Knockback: 2 Ranges (L4009)
    assert _pull(_yank("increased_knockback"), 1) == 0  # never through the attacker


@effect_of("ranged.draw_closer.optional_draw_in", "000 L4011–L4017")
def optional_draw_in_may_knock_back_instead() -> None:
    m = _yank("ranged.draw_closer.optional_draw_in")
    assert _pull(m, 2, {"T1.a.draw_in": {"choice": "away"}}) == 2 + 1
    assert _pull(m, 2, {"T1.a.draw_in": {"choice": "toward"}}) == 2 - 1


@effect_of("ranged.draw_closer.move_closer", "000 L4019–L4029")
def move_closer_brings_the_attacker_in_on_a_band_map() -> None:
    m = _yank("ranged.draw_closer.move_closer")
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    res = duel(
        {"T1.a.action": attack(["yank"], target="c"), "T1.c.action": {"action": "none"}},
        {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6, "T1.a.damage": 3},
        a=_ki([m]),
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    # bands a 1, b 2, c 3: the attacker advances 1 band toward c, who is not knocked back (L4027)
    assert res.fight.positioning.bands == {"a": 2, "b": 2, "c": 3}


def _answer(shot: dict, response_move: dict) -> Any:
    return hit(
        [shot],
        rolls={"T1.b.ctrl": 6},
        a_sheet=_ki([shot]),
        b=_ki([response_move], 9, fid="b", tactics=9),
        rng=3,
        decisions={
            "T1.b.defense": {"defense": "tactics", "response": "ranged"},
            "T1.b.defensive_response": {"choice": "respond", "response": "ranged", "moves": [response_move["id"]]},
        },
    )


@effect_of("ranged.no_ranged_response", "000 L4031–L4035")
def no_ranged_response_cannot_be_met_with_a_ranged_response() -> None:
    ball = _ranged("ball")
    assert _answer(_ranged("beam", level=4), ball).status == "resolved"
    blocked = _answer(_ranged("beam", "ranged.no_ranged_response", level=4), ball)
    assert "RESPONSE_TRIGGER_INVALID" in _codes(blocked)


@effect_of("ranged.no_ranged_response.indirect", "000 L4037–L4043")
def indirect_is_no_ranged_response_unless_bought_so() -> None:
    ball = _ranged("ball")

    def rain(usable: str) -> dict:
        m = _ranged("rain", "ranged.no_ranged_response", level=4)
        m["elements"].append(el("ranged.no_ranged_response.indirect", usable_as_ranged_response=usable))
        return m

    # as b's own Ranged Response: only the version bought for it (one more Element, L4043)
    assert _answer(ball, rain("yes")).status == "resolved"
    assert _codes(_answer(ball, rain("no"))) == ["RESPONSE_SKILL_MISMATCH"]


@effect_of("ranged.wall_bounce", "000 L4067–L4073")
def wall_bounce_gains_one_from_a_won_maneuver_check() -> None:
    bolt = _ranged("bolt", "ranged.wall_bounce")

    def shot(hazards: list | None, dice: dict) -> dict[str, int]:
        res = hit(
            [bolt],
            rolls={"T1.a.damage": 3, **dice},
            a_sheet=_ki([bolt]),
            rng=3,
            decisions={"T1.a.wall_bounce": {"choice": "act"}},
            fight_hazards=hazards,
        )
        return accuracy_parts(res)

    walls = [{"id": "w", "kind": "wall"}]
    win = {"T1.a.maneuver": 9, "T1.b.maneuver": 2}
    # no map, walls around: a won Maneuver Check gives +1 (L4073); no walls, nothing to bank off
    assert shot(walls, win).get("wall_bounce") == 1
    assert "wall_bounce" not in shot(None, {})


def _codes(res: Any) -> list[str]:
    return [v.code for v in res.violations]


@effect_of("power_dash", "000 L3812–L3818, L2179")
def power_dash_adds_a_damage_die_size_after_a_dash() -> None:
    rush = move("rush", elements=[el("power_dash"), el("mobile", movement="mobile")])

    def go(dash: bool) -> Any:
        act = attack(["rush"], movement=1, dash=True) if dash else attack(["rush"], movement=1)
        return hit([rush], rolls={"T1.a.damage": 3}, rng=2, decisions={"T1.a.action": act}, options={"dash": True})

    assert [r.die for r in go(False).rolls if r.key == "T1.a.damage"] == ["1d6"]
    assert [r.die for r in go(True).rolls if r.key == "T1.a.damage"] == ["1d8"]  # one size up after the Dash


# ── Responses, interrupts and priority ─────────────────────────────────────────────────────────────────

# a's Basic Move with Control 1 (no spare-Control bonus, 000 L5708) rolling 1 at Range 1: total 1
A_MISSES = {"T1.a.ctrl": 1, "T1.a.attack": 1, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 3}


def _respond(b_moves: list[dict], defense: dict, response: dict | None, **b_skills: int) -> Any:
    dec = {"T1.b.defense": defense, **({"T1.b.defensive_response": response} if response else {})}
    return hit(
        [FIST],
        used=["basic_move"],
        rolls=A_MISSES,
        a_sheet=sheet("a", defense=0, moves=[FIST]),
        b=sheet("b", moves=b_moves, **b_skills),
        decisions=dec,
    )


@effect_of("interrupt", "000 L3567–L3573, L5874")
def interrupt_move_strikes_back_after_a_miss() -> None:
    jab = move("jab", elements=[el("interrupt")])
    answer = {"choice": "respond", "response": "interrupt", "moves": ["jab"]}
    res = _respond([jab], {"defense": "tactics"}, answer, tactics=2)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - 3  # b becomes the attacker: Jab's 1d6 shows 3
    plain = _respond([move("jab")], {"defense": "tactics"}, answer, tactics=2)
    assert _codes(plain) == ["RESPONSE_SKILL_MISMATCH"]  # no Interrupt Element, no Interrupt Response


@effect_of("interrupt.invincible_interrupt", "000 L3581–L3587")
def invincible_interrupt_adds_two_to_the_defense_total() -> None:
    zap = move("zap", elements=[el("interrupt"), el("interrupt.invincible_interrupt")])
    plain = _respond([zap], {"defense": "tactics"}, None, tactics=2)
    declared = _respond(
        [zap],
        {"defense": "tactics", "response": "interrupt"},
        {"choice": "respond", "response": "interrupt", "moves": ["zap"]},
        tactics=2,
    )
    assert defense_total(plain) == 2 and defense_total(declared) == 2 + 2


@effect_of("priority", "000 L3888–L3892, L5882")
def priority_response_defends_on_half_tactics_then_strikes() -> None:
    quick = move("quick", elements=[el("priority")])
    res = _respond([quick], {"defense": "tactics", "response": "priority"}, None, tactics=5)
    assert res.status == "resolved", res.violations
    assert defense_total(res) == 5 // 2  # half the Tactics Skill, rounded down
    assert st(res, "a").life_bar == 50 - 3  # a's 1 misses 2; Quick hits back for 3


@effect_of("priority.strike_through", "000 L3894–L3900")
def strike_through_attacks_even_after_a_failed_priority_response() -> None:
    def answer(m: dict) -> Any:
        return hit(
            [FIST],
            used=["basic_move"],
            rolls={"T1.a.attack": 6, "T1.a.damage": 2, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 3},
            a_sheet=sheet("a", defense=0, moves=[FIST]),
            b=sheet("b", tactics=0, defense=0, moves=[m]),
            decisions={"T1.b.defense": {"defense": "tactics", "response": "priority"}},
        )

    # a hits; Hit Stun takes b's Control 6 to 2, still enough for an L2 move (000 L5930)
    through = answer(move("snap", elements=[el("priority"), el("priority.strike_through")]))
    assert st(through, "a").life_bar == 50 - 3
    assert st(answer(move("quick", elements=[el("priority")])), "a").life_bar == 50  # a failed Priority: nothing


@effect_of("temporary_invulnerability", "000 L4323–L4327")
def temporary_invulnerability_takes_nothing_from_a_simultaneous_attack() -> None:
    def clash(m: dict) -> Any:
        return duel(
            {
                "T1.a.simul_declare": attack([m["id"]]),
                "T1.b.simul_declare": attack(["fist"]),
            },
            {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6, "T1.a.damage": 2, "T1.b.damage": 3},
            a=sheet("a", defense=0, moves=[m]),
            b=sheet("b", defense=0, moves=[FIST]),
        )

    assert st(clash(move("plain", 3)), "a").life_bar == 50 - 3
    guarded = clash(move("guard", 3, elements=[el("temporary_invulnerability")]))
    assert st(guarded, "a").life_bar == 50 and st(guarded, "b").life_bar == 50 - 2


@effect_of("reversal", "000 L4107–L4121")
def reversal_rises_with_an_attack_at_minus_two() -> None:
    rev = move("rev", elements=[el("reversal")])
    res = hit(
        [rev],
        rolls={"T1.a.damage": 3},
        sa={"knocked_down": True},
        decisions={"T1.a.action": None, "T1.a.stand_alt": {"choice": "reversal", "moves": ["rev"]}},
    )
    assert res.status == "resolved", res.violations
    assert accuracy_parts(res).get("reversal_from_ground") == -2
    assert st(res, "b").life_bar == 50 - 3 and not st(res, "a").knocked_down
    assert st(res, "a").next_turn_dice == []  # a hit: no Initiative penalty next turn (L4113)
    missed = hit(
        [rev],
        b=sheet("b", defense=9),
        sa={"knocked_down": True},
        decisions={"T1.a.action": None, "T1.a.stand_alt": {"choice": "reversal", "moves": ["rev"]}},
    )
    assert [(d.target, d.steps) for d in st(missed, "a").next_turn_dice] == [("initiative", -2)]


# ── Combos and Knock Down chains (000 L5804–L5814) ───────────────────────────────────────────────────────
# In a Combo the first Offensive Normal move rolls full damage, later Special Moves are halved and a Basic Move adds
# a flat +1 (000 L5804–L5806); the Knock Back comes once, at the end (000 L5952).


def _combo(moves: list[dict], used: list[str], rolls: dict | None = None, **kw: Any) -> Any:
    a = sheet("a", combo=4, tactics=2, bonuses={"control": 3}, moves=moves)  # Control 6 + 3 for long Combos
    return hit(moves, used=used, rolls={"T1.a.attack": 6, **(rolls or {})}, a_sheet=a, **kw)


JUG = move("jug", 3, elements=[el("anti_air"), el("knocks_down"), el("juggle")])
SLAM = move("slam", elements=[el("knocks_down")])


@effect_of("juggle", "000 L3607–L3613")
def juggle_opens_a_combo_and_knocks_down_at_its_end() -> None:
    assert _codes(_combo([SLAM], ["slam", "basic_move"])) == [
        "COMBO_PLACEMENT_INVALID"
    ]  # a Knock Down move cannot open a Combo
    res = _combo([JUG], ["jug", "basic_move"], {"T1.a.damage": 4})
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - (4 + 1)  # Juggle's 1d6 shows 4, the Basic Move adds 1
    assert knocked_down(res)  # at the end of the Combo (L3611)


@effect_of("juggle.launcher", "000 L3615–L3623")
def launcher_adds_two_damage_on_a_dl8_tactics_check() -> None:
    launch = move("launch", 3, elements=[el("anti_air"), el("knocks_down"), el("juggle"), el("juggle.launcher")])
    good = _combo([launch], ["launch", "basic_move"], {"T1.a.damage": 4, "T1.a.tactics_check": 6})
    # 6 + Tactics 2 = 8 meets DL 8: 4 + 1 + 2; the Combo also gains Increased Knockback: Range 1 → 3
    assert st(good, "b").life_bar == 50 - 7 and good.fight.positioning.range == 3
    bad = _combo([launch], ["launch", "basic_move"], {"T1.a.damage": 4, "T1.a.tactics_check": 5})
    assert st(bad, "b").life_bar == 50 - 4  # 7 fails: the Basic Move after the Launcher misses


@effect_of("knockback_advance", "000 L3653–L3663")
def knockback_advance_follows_the_knocked_back_target() -> None:
    adv = move("adv", elements=[el("knockback_advance")])
    assert hit([adv], rolls={"T1.a.damage": 3}).fight.positioning.range == 2  # no advance chosen
    followed = hit([adv], rolls={"T1.a.damage": 3}, decisions={"T1.a.knockback_advance": {"movement": 1}})
    assert followed.fight.positioning.range == 1  # up to the 1 Range knocked back
    too_far = hit([adv], rolls={"T1.a.damage": 3}, decisions={"T1.a.knockback_advance": {"movement": 2}})
    assert _codes(too_far) == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]  # 2 is more than the 1 Range knocked back


@effect_of("skips_knock_down", "000 L4163–L4173")
def skips_knock_down_lets_the_combo_continue() -> None:
    catch = move("catch", 1, elements=[el("skips_knock_down")])
    fist = {**FIST}
    assert _codes(_combo([SLAM, catch, fist], ["slam", "fist"])) == ["COMBO_PLACEMENT_INVALID"]
    res = _combo([SLAM, catch, fist], ["slam", "catch", "fist"], {"T1.a.damage": 6, "T1.a.damage#3": 4})
    assert res.status == "resolved", res.violations
    assert not knocked_down(res)  # Slam's Knock Down is skipped
    assert st(res, "b").life_bar == 50 - (6 + 4 // 2)  # Slam 6 in full, Catch none, Fist 4 halved


STOMP = move("stomp", elements=[el("pursuit", pursuit_only="no")])


@effect_of("pursuit", "000 L3910–L3918, L5966")
def pursuit_hits_a_knocked_down_foe() -> None:
    down = {"knocked_down": True}
    assert _codes(hit([move()], sb=down)) == ["TARGET_KNOCKED_DOWN"]
    res = hit([STOMP], rolls={"T1.a.damage": 3}, sb=down)
    assert res.status == "resolved" and st(res, "b").life_bar == 50 - 3
    chained = _combo([SLAM, STOMP], ["slam", "stomp"], {"T1.a.damage": 6, "T1.a.damage#2": 4})
    assert chained.status == "resolved", chained.violations  # it may follow the Knock Down move (L3914)
    assert st(chained, "b").life_bar == 50 - (6 + 4 // 2)


@effect_of("pursuit.knock_down_pursuit", "000 L3920–L3928")
def knock_down_pursuit_throw_hits_a_downed_foe_without_a_second_knock_down() -> None:
    suplex = move("suplex", elements=[el("throw"), el("pursuit", pursuit_only="no"), el("pursuit.knock_down_pursuit")])
    res = hit([suplex], rolls={"T1.a.damage": 3}, rng=0, sb={"knocked_down": True})
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3 and not knocked_down(res)


@effect_of("pursuit.pursuit_bounce", "000 L3930–L3936")
def pursuit_bounce_continues_the_combo_on_a_dl8_check() -> None:
    hop = move("hop", elements=[el("pursuit", pursuit_only="no"), el("pursuit.pursuit_bounce")])
    used = ["slam", "hop", "basic_move"]
    rolls = {"T1.a.damage": 6, "T1.a.damage#2": 4}
    good = _combo([SLAM, hop], used, {**rolls, "T1.a.tactics_check": 6})  # 6 + 2 = 8
    assert st(good, "b").life_bar == 50 - (6 + 4 // 2 + 1)
    bad = _combo([SLAM, hop], used, {**rolls, "T1.a.tactics_check": 5})
    assert st(bad, "b").life_bar == 50 - (6 + 4 // 2)  # the rest of the Combo is dropped


@effect_of("utility_combo_opener", "000 L4433–L4441, L5810")
def utility_combo_opener_keeps_the_follow_up_at_full_damage() -> None:
    def opened(*extra: str) -> Any:
        feint = move("feint", elements=[el(x) for x in extra], liabilities=[el("utility")])
        return _combo([feint, FIST], ["feint", "fist"], {"T1.a.damage": 4})

    assert st(opened(), "b").life_bar == 50 - 4 // 2  # a Combo not opened by an attack: halved
    assert st(opened("utility_combo_opener"), "b").life_bar == 50 - 4


@effect_of("super_energy", "000 L4225–L4231, L5267–L5275")
def super_energy_element_adds_one_per_instance_on_a_hit() -> None:
    sup = move("sup", 5, kind="super")

    def se(m: dict, defense: int) -> int:
        res = hit([m, sup], used=["m"], rolls={"T1.a.damage": 3}, b=sheet("b", defense=defense))
        return st(res, "a").super_energy

    # 1 for the attack and 1 for the turn; a hit with two instances adds 2 more (L4229)
    assert se(move(), 0) == 2
    assert se(move(elements=[el("super_energy", 2)]), 0) == 2 + 2
    assert se(move(elements=[el("super_energy", 2)]), 9) == 2  # a miss: nothing extra


@effect_of("super_counter", "000 L4215–L4223")
def super_counter_spends_ten_and_knocks_down_past_breakfall() -> None:
    sc = move("sc", 3, elements=[el("counter"), el("super_counter")])
    sup = move("sup", 5, kind="super")

    def counter(se: int) -> Any:
        return hit(
            [FIST],
            used=["basic_move"],
            rolls={**A_MISSES, "T1.b.attack": 6},
            a_sheet=sheet("a", defense=0, moves=[FIST]),
            b=sheet("b", defense=2, moves=[sc, sup]),
            sb={"super_energy": se},
            options={"breakfall": True},
            decisions={
                "T1.b.defense": {"defense": "defense"},
                "T1.b.defensive_response": {"choice": "respond", "response": "counter", "moves": ["sc"]},
                "T1.a.breakfall": {"choice": "act"},
            },
        )

    assert _codes(counter(9)) == ["INSUFFICIENT_SUPER_ENERGY"]
    res = counter(10)
    assert res.status == "resolved", res.violations
    assert knocked_down(res, "a") and st(res, "a").fighting_spirit == 30  # no Breakfall (2 FS) allowed


# ── Extended execution: Set Up, Powerless, Wind Up, Sustained Hold, Triggered Interrupt ────────────────────


def _effects(res: Any, fid: str = "a") -> list[tuple[str, str | None]]:
    return [(e.id, e.move) for e in st(res, fid).ongoing_effects]


TRAP = move("trap", 3, elements=[el("set_up")])
PRIMED = {"ongoing_effects": [{"id": "set_up", "move": "trap", "since": 1}]}


@effect_of("set_up", "000 L4123–L4135")
def set_up_primes_then_strikes_at_plus_two() -> None:
    first = hit([TRAP], rolls={"T1.a.damage": 3})
    assert st(first, "b").life_bar == 50 and glory(first, "a") == 0  # used like a Utility move, no Glory
    assert _effects(first) == [("set_up", "trap")]
    assert _codes(hit([TRAP], turn=2, sa=PRIMED)) == ["SET_UP_CONSECUTIVE_TURNS"]  # a turn must pass between
    res = hit([TRAP], rolls={"T3.a.damage": 3}, turn=3, sa=PRIMED)
    assert accuracy_parts(res)["move"] == 2  # +2 Accuracy (L4129)
    assert st(res, "b").life_bar == 50 - 3 and glory(res, "a") == 3  # Glory only for the second use


@effect_of("set_up.powerless", "000 L4137–L4141")
def powerless_locks_the_other_specials_and_adds_two_damage() -> None:
    pw = move("trap", 3, elements=[el("set_up")], liabilities=[el("set_up.powerless")])
    kick = move("kick")
    assert _codes(hit([pw, kick], used=["kick"], turn=2, sa=PRIMED)) == ["MOVE_LOCKED"]
    assert hit([TRAP, kick], used=["kick"], rolls={"T2.a.damage": 3}, turn=2, sa=PRIMED).status == "resolved"
    strike = hit([pw], rolls={"T3.a.damage": 3}, turn=3, sa=PRIMED)
    assert st(strike, "b").life_bar == 50 - (3 + 2)  # +2 damage on the second use


@effect_of("powerless_exception", "000 L4143–L4147")
def powerless_exception_stays_usable_while_powerless() -> None:
    pw = move("trap", 3, elements=[el("set_up")], liabilities=[el("set_up.powerless")])
    spare = move("spare", elements=[el("powerless_exception", only_while_powerless="no")])
    after = move("after", elements=[el("powerless_exception", only_while_powerless="yes")])
    assert hit([pw, spare], used=["spare"], rolls={"T2.a.damage": 3}, turn=2, sa=PRIMED).status == "resolved"
    assert hit([pw, spare], used=["spare"], rolls={"T2.a.damage": 3}, turn=2).status == "resolved"
    assert hit([pw, after], used=["after"], rolls={"T2.a.damage": 3}, turn=2, sa=PRIMED).status == "resolved"
    assert _codes(hit([pw, after], used=["after"], turn=2)) == ["MOVE_LOCKED"]  # only once the Set Up is primed


@effect_of("wind_up", "000 L4443–L4451")
def wind_up_holds_then_strikes_for_one_per_three_count() -> None:
    hay = move("hay", 3, elements=[el("wind_up")])
    held = hit([hay, FIST], used=["hay"], decisions={"T1.a.wind_up": {"choice": "hold"}})
    assert [(e.id, e.since) for e in st(held, "a").ongoing_effects] == [("wind_up", 99)]  # the Time Count noted
    holding = {"ongoing_effects": [{"id": "wind_up", "move": "hay", "since": 99}]}
    # Control 3: enough for the L2 Fist, not with the +2 while the Haymaker is held (L4451)
    assert _codes(hit([hay, FIST], used=["fist"], rolls={"T2.a.ctrl": 3}, turn=2, sa=holding)) == [
        "INSUFFICIENT_CONTROL"
    ]
    for time, bonus in ((90, 3), (60, 9)):  # 9 counts: +3; 39 counts: 13, capped at Level 3 × 3
        res = hit(
            [hay, FIST],
            used=["hay"],
            rolls={"T2.a.ctrl": 1, "T2.a.damage": 2},  # released as an L1 move
            turn=2,
            sa=holding,
            time_count=time,
        )
        assert res.status == "resolved", res.violations
        assert st(res, "b").life_bar == 50 - (2 + bonus)


CLINCH = move("clinch", 3, elements=[el("throw"), el("throw.sustained_hold")])
HELD = {"ongoing_effects": [{"id": "sustained_hold", "move": "clinch", "since": 1, "target": "b"}]}


@effect_of("throw.sustained_hold", "000 L4377–L4399")
def sustained_hold_pins_then_hits_again_for_half() -> None:
    res = hit([CLINCH], rolls={"T1.a.damage": 4, "T1.b.ctrl": 6}, rng=0, decisions={"T1.b.action": attack(["fist"])})
    assert st(res, "b").life_bar == 50 - 4 and not knocked_down(res)  # damage, but no Knock Down or Back yet
    assert res.fight.positioning.range == 0 and [s.actor for s in res.log if s.label == "D.3"] == ["a"]
    again = duel(
        {}, {"T2.a.init": 9, "T2.b.init": 1, "T2.a.damage": 5}, a=sheet("a", moves=[CLINCH]), rng=0, turn=2, sa=HELD
    )
    assert [r.die for r in again.rolls if r.key == "T2.a.init"] == ["1d10"]  # two Initiative sizes up
    assert st(again, "b").life_bar == 50 - 5 // 2 and knocked_down(again)  # half damage, then the Knock Down


TRIGGER = move("trap", elements=[el("interrupt"), el("triggered_interrupt")])


def _armed(charges: int = 1) -> dict:
    return {
        "ongoing_effects": [
            {"id": "triggered_interrupt", "move": "trap", "time_left": 8, "since": 1, "charges": charges}
        ]
    }


def _sprung(m: dict, n: int, b_rolls: dict) -> Any:
    return duel(
        {
            "T2.b.action": attack(["basic_move"]),
            "T2.a.defense": {"defense": "defense"},
            "T2.a.triggered_interrupt": {"choice": "respond", "moves": ["trap"] * n, "fs": 0},
        },
        {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 1, "T2.a.damage": 2, **b_rolls},
        a=sheet("a", moves=[m]),
        b=sheet("b", defense=0),
        turn=2,
        sa=_armed(n),
    )


@effect_of("triggered_interrupt", "000 L4401–L4417")
def triggered_interrupt_arms_then_gives_a_second_defence() -> None:
    armed = hit([TRIGGER], rolls={"T1.a.damage": 3, "T1.fight.time": 6})
    assert st(armed, "b").life_bar == 50  # the first use only arms it
    assert [(e.charges, e.time_left) for e in st(armed, "a").ongoing_effects] == [(1, 10 - 6)]  # a 10-count
    # b's roll of 6 beats a's Defense 2, his 1 misses the trap's Tactics 2: the attack fails and the trap strikes
    res = _sprung(TRIGGER, 1, {"T2.b.attack": 6, "T2.b.attack_triggered": 1})
    assert st(res, "a").life_bar == 50 and st(res, "b").life_bar == 50 - 2
    assert st(res, "a").ongoing_effects == []


@effect_of("triggered_interrupt.multiple_instances", "000 L4419–L4423")
def multiple_instances_add_two_damage_per_extra_instance() -> None:
    traps = move(
        "trap", elements=[el("interrupt"), el("triggered_interrupt"), el("triggered_interrupt.multiple_instances")]
    )
    res = _sprung(traps, 3, {"T2.b.attack": 6, "T2.b.attack_triggered": 1})
    assert st(res, "b").life_bar == 50 - (2 + 2 * 2)  # three instances spent: +2 for each after the first


# ── Sequences: Opening Move / Throw, Power Enhancer ──────────────────────────────────────────────────────

RUSH = move("rush", elements=[el("opening_move", sequence="Rush", sequence_length=1)])
SUB = move("sub", liabilities=[el("move_sub_set", opening_move="Rush", sub_set_size=1)])


@effect_of("opening_move", "000 L3736–L3755")
def opening_move_opens_a_window_even_out_of_range() -> None:
    res = hit([RUSH, SUB], used=["rush"], rng=4)  # out of range: still opens the window (L3742)
    assert res.status == "resolved", res.violations
    assert [(e.id, e.move, e.since) for e in st(res, "a").ongoing_effects] == [("opening_move", "rush", 1)]
    # in a Combo the follow-up straight after it costs no extra Control: 2 + 2 (L3740)
    combo = hit([RUSH, SUB], used=["rush", "sub"], rolls={"T1.a.damage": 3, "T1.a.damage#2": 2})
    assert next(s.inputs["control_cost"] for s in combo.log if s.label == "D.3") == 2 + 2


@effect_of("opening_throw", "000 L3757–L3780")
def opening_throw_locks_the_victim_and_holds_back_the_knock_down() -> None:
    grab1 = move("grab1", elements=[el("throw"), el("opening_throw", sequence="Grab1", sequence_length=1)])
    grab2 = move("grab2", elements=[el("throw")], liabilities=[el("multi_part_throw", opening_throw="Grab1")])
    res = hit([grab1, grab2], used=["grab1"], rolls={"T1.a.damage": 3}, rng=0)
    assert res.status == "resolved", res.violations
    assert [(e.id, e.target) for e in st(res, "a").ongoing_effects] == [("multi_part_throw", "b")]
    assert st(res, "b").life_bar == 50 - 3
    assert not knocked_down(res) and res.fight.positioning.range == 0  # delayed until the sequence ends (L3765)
    alone = hit([grab1], rolls={"T1.a.damage": 3}, rng=0)
    assert knocked_down(alone)  # with no follow-up Throw on the sheet it is an ordinary Throw


def _focus(uses: int, *mods: dict) -> dict:
    return move("focus", 3, elements=[el("power_enhancer", target_moves="Fist", additional_uses=uses), *mods])


def _bank(n: int) -> dict:
    return {"ongoing_effects": [{"id": "power_enhancer", "move": "focus", "charges": n}]}


def _fist_after(focus: dict, bank: int | None, decisions: dict | None = None) -> Any:
    return hit(
        [focus, FIST],
        used=["fist"],
        rolls={"T2.a.damage": 1},
        turn=2,
        sa=_bank(bank) if bank else None,
        decisions=decisions,
    )


def _die(res: Any, key: str = "T2.a.damage") -> list[str]:
    return [r.die for r in res.rolls if r.key == key]


@effect_of("power_enhancer", "000 L3820–L3832")
def power_enhancer_adds_a_damage_die_size_per_banked_use() -> None:
    used = hit([_focus(1), FIST], decisions={"T1.a.action": {"action": "utility", "moves": ["focus"]}})
    assert [(e.id, e.charges) for e in st(used, "a").ongoing_effects] == [("power_enhancer", 1)]
    assert _die(_fist_after(_focus(1), None)) == ["1d6"]
    strong = _fist_after(_focus(1), 2)
    assert _die(strong) == ["1d10"]  # two uses: 1d6 → 1d8 → 1d10
    assert st(strong, "a").ongoing_effects == []  # spent on that use


@effect_of("power_enhancer.delayed_onset", "000 L3834–L3840")
def delayed_onset_lets_the_bank_wait() -> None:
    focus = _focus(1, el("power_enhancer.delayed_onset"))
    kept = _fist_after(focus, 2, {"T2.a.power_enhancer": {"choice": "hold"}})
    assert _die(kept) == ["1d6"] and [e.charges for e in st(kept, "a").ongoing_effects] == [2]
    assert _die(_fist_after(focus, 2, {"T2.a.power_enhancer": {"choice": "act"}})) == ["1d10"]


@effect_of("power_enhancer.element_addition", "000 L3842–L3850")
def element_addition_gives_the_next_use_its_element() -> None:
    focus = _focus(0, el("power_enhancer.element_addition", element="knocks_down"))
    assert not knocked_down(_fist_after(focus, None))
    added = _fist_after(focus, 1)
    assert knocked_down(added) and _die(added) == ["1d6"]  # the Element instead of the die size


# ── Power Up (000 L3852–L3886) ───────────────────────────────────────────────────────────────────────


def _powered(elements: list[dict], decisions: dict, ctrl: int = 6) -> Any:
    m = move("pw", elements=elements)
    return hit([m], rolls={"T1.a.ctrl": ctrl, "T1.a.damage": 3}, decisions=decisions)


@effect_of("power_up", "000 L3852–L3868")
def power_up_buys_damage_with_control_or_life_bar() -> None:
    ctl = [el("power_up", version="control")]
    res = _powered(ctl, {"T1.a.power_up_bonus": {"amount": 2}})
    # an L2 move at Control 6: 2 more Control for +2 damage; 4 of 6 used, so the spare-Control +1 stays (L3858)
    assert st(res, "b").life_bar == 50 - (3 + 2) and accuracy_parts(res).get("extra_control") == 1
    assert _codes(_powered(ctl, {"T1.a.power_up_bonus": {"amount": 3}})) == ["POWER_UP_INVALID"]  # over 2 × Level
    lb = [el("power_up", version="life_bar")]
    paid = _powered(lb, {"T1.a.power_up_bonus": {"amount": 3}})  # up to Power Level 3 Life Bar (L3864)
    assert (st(paid, "a").life_bar, st(paid, "b").life_bar) == (50 - 3, 50 - (3 + 3))
    assert _codes(_powered(lb, {}, ctrl=2)) == ["INSUFFICIENT_CONTROL"]  # this version needs one more Control


def _burst(enhanced: bool) -> list[dict]:
    els = [el("power_up", version="control"), el("power_up.extra_elements", schedule="knocks_down")]
    return [*els, el("power_up.enhanced_power_up", control_cap="double_level")] if enhanced else els


@effect_of("power_up.extra_elements", "000 L3870–L3876")
def extra_elements_spend_extra_control_on_the_scheduled_element() -> None:
    # Knocks Down costs 2 Elements: 2 extra Control buy it, no extra damage
    res = _powered(_burst(False), {"T1.a.power_up_bonus": {"amount": 2}})
    assert knocked_down(res) and st(res, "b").life_bar == 50 - 3
    plain = _powered(_burst(False), {"T1.a.power_up_bonus": {"amount": 2}, "T1.a.power_up_elements": {"amount": 0}})
    assert not knocked_down(plain) and st(plain, "b").life_bar == 50 - (3 + 2)


@effect_of("power_up.enhanced_power_up", "000 L3878–L3886")
def enhanced_power_up_doubles_the_control_for_elements() -> None:
    assert _codes(_powered(_burst(False), {"T1.a.power_up_bonus": {"amount": 3}})) == ["POWER_UP_INVALID"]
    res = _powered(_burst(True), {"T1.a.power_up_bonus": {"amount": 4}})  # 2 × Level: Knocks Down and +2
    assert knocked_down(res) and st(res, "b").life_bar == 50 - (3 + 2)
    assert _codes(
        _powered(_burst(True), {"T1.a.power_up_bonus": {"amount": 4}, "T1.a.power_up_elements": {"amount": 0}})
    ) == [
        "POWER_UP_INVALID"  # damage stays capped at the Level
    ]


def _l1_burst(cap: str) -> list[dict]:
    schedule = ["knocks_down", "unblockable"]  # Elements of cost 2 and 1 (000 L3886-L3888's design, cut to fit L1)
    els = [el("power_up", version="control"), el("power_up.extra_elements", schedule=schedule)]
    return [*els, el("power_up.enhanced_power_up", control_cap=cap)]


def _l1_powered(cap: str, decisions: dict) -> Any:
    # an L1 move at Control 4: 3 Control to spare
    return hit([move("pw", 1, elements=_l1_burst(cap))], rolls={"T1.a.ctrl": 4, "T1.a.damage": 3}, decisions=decisions)


@effect_of("power_up.enhanced_power_up", "000 L3884–L3888")
def enhanced_power_up_for_two_elements_triples_the_control_for_elements() -> None:
    # two Elements spent on it: up to 3 × L1 = 3 extra Control for Elements (000 L3884, L3886): all 3 buy Knocks
    # Down (2) and Unblockable (1), so no extra damage
    three = {"T1.a.power_up_bonus": {"amount": 3}}
    res = _l1_powered("triple_level", three)
    assert knocked_down(res) and st(res, "b").life_bar == 50 - 3
    assert [s.text for s in res.log if "powered up with" in s.text] == [
        "Pw is powered up with knocks_down, unblockable for 3 Control."
    ]
    # or Knocks Down alone and the third Control as +1 damage, the Level's limit (000 L3884)
    one = _l1_powered("triple_level", {**three, "T1.a.power_up_elements": {"amount": 1}})
    assert knocked_down(one) and st(one, "b").life_bar == 50 - (3 + 1)
    # the 1-Element value stops at 2 × L1 = 2 extra Control (000 L3880)
    assert _codes(_l1_powered("double_level", three)) == ["POWER_UP_INVALID"]


# ── Invisibility (000 L3589–L3605) ───────────────────────────────────────────────────────────────────


def _vanish(init: int, ctrl: int, maintain: bool = False) -> dict:
    els = [el("invisibility", initiative_steps=init, control_steps=ctrl)]
    return move("vanish", 3, elements=[*els, el("invisibility.maintain_effect")] if maintain else els)


def _dice_next_turn(m: dict, turn: int, hit_by_b: bool = False) -> Any:
    sa = {"ongoing_effects": [{"id": "invisibility", "move": "vanish", "since": 1}]}
    dec = {f"T{turn}.b.action": attack(["basic_move"])} if hit_by_b else {}
    rolls = {f"T{turn}.b.init": 4, f"T{turn}.a.init": 1, f"T{turn}.b.attack": 6} if hit_by_b else {}
    return duel(dec, rolls, turn=turn, a=sheet("a", defense=0, moves=[m]), sa=sa)


def _die_of(res: Any, key: str) -> str:
    return next(r.die for r in res.rolls if r.key == key)


@effect_of("invisibility", "000 L3589–L3597")
def invisibility_shrinks_the_opponents_dice_the_next_turn() -> None:
    used = hit([_vanish(1, 2)])
    assert [e.id for e in st(used, "a").ongoing_effects] == ["invisibility"]
    nxt = _dice_next_turn(_vanish(1, 2), 2)
    # b's 1d6 Initiative one size down, his 1d6 Control two sizes down (L3595)
    assert (_die_of(nxt, "T2.b.init"), _die_of(nxt, "T2.b.ctrl")) == ("1d4", "1d2")
    assert st(nxt, "a").ongoing_effects == []  # only for the following turn


@effect_of("invisibility.maintain_effect", "000 L3599–L3605")
def maintain_effect_lasts_until_the_user_is_hit() -> None:
    later = _dice_next_turn(_vanish(1, 0, maintain=True), 3)
    assert _die_of(later, "T3.b.init") == "1d4" and [e.id for e in st(later, "a").ongoing_effects] == ["invisibility"]
    struck = _dice_next_turn(_vanish(1, 0, maintain=True), 3, hit_by_b=True)
    assert st(struck, "a").life_bar < 50 and st(struck, "a").ongoing_effects == []


# ── Positioning and Hazards ──────────────────────────────────────────────────────────────────────────


@effect_of("mobile.wall_spring", "000 L3693–L3701, L2239")
def wall_spring_element_lets_a_special_move_spring_with_plus_one() -> None:
    spring = move("sw", 3, elements=[el("aerial"), el("mobile", movement="mobile"), el("mobile.wall_spring")])
    plain = move("pl", 3, elements=[el("mobile", movement="mobile")])

    def leap(mid: str) -> Any:
        act = attack([mid], movement=3, direction="toward", wall_spring=True)
        return hit(
            [spring, plain],
            used=[mid],
            rolls={"T1.a.damage": 3},
            rng=3,
            decisions={"T1.a.action": act},
            options={"wall_springs": True},
        )

    res = leap("sw")
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 1 + 1  # back to the border at 4, 3 forward to 1, then Knocked Back
    assert accuracy_parts(res).get("wall_spring") == 1
    assert _codes(leap("pl")) == ["WALL_SPRING_INVALID"]


@effect_of("position_shift", "000 L3794–L3810")
def position_shift_switches_places_after_the_knock_back() -> None:
    shove = move("shove", elements=[el("position_shift", mode="switch_places")])
    res = band_fight(
        {"T1.a.action": attack(["shove"])},
        {**first(), "T1.a.damage": 2},
        {"a": 3, "b": 3},
        [],
        sheet("a", moves=[shove]),
    )
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.bands == {"a": 4, "b": 3}  # Knocked Back to 4 first, then the two trade bands


@effect_of("throw.carrying_grapple", "000 L4349–L4357")
def carrying_grapple_carries_both_one_band_for_one_fs() -> None:
    carry = move("carry", 3, elements=[el("throw"), el("throw.carrying_grapple")])
    walls = [{"id": "w", "kind": "wall", "band": 1}]
    base = {"T1.a.action": attack(["carry"])}
    stay = band_fight(base, {**first(), "T1.a.damage": 2}, {"a": 3, "b": 3}, walls, sheet("a", moves=[carry]))
    went = band_fight(
        {**base, "T1.a.carry": {"hazard": "w"}},
        {**first(), "T1.a.damage": 2},
        {"a": 3, "b": 3},
        walls,
        sheet("a", moves=[carry]),
    )
    assert went.status == "resolved", went.violations
    # both carried 1 band toward the wall before the rest of the hit (L4355), then b is Knocked Back 1
    assert stay.fight.positioning.bands == {"a": 3, "b": 4}
    assert went.fight.positioning.bands == {"a": 2, "b": 3}


@effect_of("sidestep_counter", "000 L4149–L4161, L5898")
def sidestep_counter_answers_a_miss_on_evasion() -> None:
    slip = move("slip", elements=[el("sidestep_counter", sidestep_only="no")])

    def answer(options: dict) -> Any:
        return hit(
            [FIST],
            used=["basic_move"],
            rolls={**A_MISSES},
            a_sheet=sheet("a", defense=0, moves=[FIST]),
            b=sheet("b", evasion=2, moves=[slip]),
            options=options,
            decisions={
                "T1.b.defense": {"defense": "evasion"},
                "T1.b.evasion_result": {"choice": "accuracy_bonus"},
                "T1.b.defensive_response": {"choice": "respond", "response": "sidestep_counter", "moves": ["slip"]},
            },
        )

    res = answer({"sidestep": True})
    assert defense_total(res) == 2  # on Evasion, not Tactics
    assert st(res, "a").life_bar == 50 - 3  # a's 1 missed; Slip hits back for 3
    assert "RESPONSE_TRIGGER_INVALID" in _codes(answer({}))  # needs the Sidestep option


@effect_of("prop_recovery", "000 L3902–L3908")
def prop_recovery_picks_the_prop_up_and_lets_prop_moves_follow() -> None:
    blade = move("blade", liabilities=[el("prop")])
    snatch = move("snatch", elements=[el("prop_recovery")])
    dropped = {"ongoing_effects": [{"id": "prop", "move": "prop", "since": 1, "charges": 0}]}
    assert _codes(hit([blade, snatch], used=["basic_move", "blade"], turn=2, sa=dropped)) == ["MOVE_LOCKED"]
    res = hit(
        [blade, snatch], used=["snatch", "blade"], rolls={"T2.a.damage": 3, "T2.a.damage#2": 2}, turn=2, sa=dropped
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").ongoing_effects == []  # recovered at Range 0 of it


@effect_of("reflection", "000 L4087–L4097")
def reflection_sends_the_projectile_back_at_a_halved_defense() -> None:
    fire = move("fireball", 3, elements=[el("ranged")])
    mirror = move("mirror", elements=[el("interrupt"), el("reflection")], liabilities=[el("utility")])
    res = duel(
        {
            "T1.a.action": attack(["fireball"]),
            "T1.b.defense": {"defense": "tactics", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["mirror"]},
            "T1.a.defense": {"defense": "evasion"},
        },
        {
            "T1.a.init": 6,
            "T1.b.init": 1,
            "T1.a.ctrl": 6,
            "T1.a.attack": 1,
            "T1.b.ctrl": 5,
            "T1.b.attack": 6,
            "T1.b.damage": 3,
        },
        a=with_ki(sheet("a", defense=4, evasion=4, moves=[fire]), 5),
        b=sheet("b", moves=[mirror]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a", "b"]  # the Fireball comes back from b
    assert defense_total(res, "a") == 4 // 2  # a's Evasion halved (L4095)
    assert st(res, "a").life_bar == 50 - 3


# ── Random Effect, Summon, Suppression, Taunts and other time-count Elements ──────────────────────────────


@effect_of("random_effect", "000 L3938–L3968")
def random_effect_rolls_which_combination_applies() -> None:
    trunk = move(
        "trunk",
        3,
        elements=[el("random_effect", allocation=2, combinations="increased_damage, increased_damage; ranged")],
    )

    def use(roll: int, rng: int) -> Any:
        return hit([trunk], rolls={"T1.a.damage": 2, "T1.a.random_effect": roll}, a_sheet=_ki([trunk]), rng=rng)

    big, shot = use(1, 1), use(2, 1)
    assert [r.die for r in big.rolls if r.key == "T1.a.random_effect"] == ["1d2"]  # two combinations
    assert _die(big, "T1.a.damage") == ["1d8"] and _die(shot, "T1.a.damage") == ["1d6"]  # two Increased Damage
    assert st(use(1, 4), "b").life_bar == 50  # the melee combination cannot reach Range 4: a miss (L3958)
    assert st(use(2, 4), "b").life_bar == 50 - 2  # the Ranged one can


CALL = move("call", 4, elements=[el("summon", ally_elements=["knocks_down"])])


@effect_of("summon", "000 L4183–L4213")
def summon_brings_an_ally_that_strikes_with_the_basic_move() -> None:
    def caller(strength: int = 0) -> dict:
        return with_ki(sheet("a", strength=strength, moves=[CALL]), 3)

    called = hit(
        [CALL],
        rolls={"T1.fight.time": 2},
        a_sheet=caller(),
        rng=3,
        decisions={"T1.a.action": {"action": "utility", "moves": ["call"]}},
    )
    # one Range ahead of the summoner; a five-count, 2 run off by the Time Roll (L4191, L4209)
    assert [(e.id, e.charges, e.time_left) for e in st(called, "a").ongoing_effects] == [("summon", 1, 5 - 2)]
    ally = {
        "ongoing_effects": [{"id": "summon", "move": "call", "time_left": 4, "since": 1, "target": "b", "charges": 1}]
    }
    rolls = {"T2.a.attack": 6, "T2.a.attack.2": 6, "T2.a.damage": 2, "T2.a.damage.2": 3}
    res = hit([CALL], used=["basic_move"], rolls=rolls, a_sheet=caller(1), rng=2, turn=2, sa=ally)
    assert st(res, "b").life_bar == 50 - 2 - 3  # the Basic Move and the Ally's, each with a's Strength (L4203)


@effect_of("super_move_enhancer", "000 L4233–L4237")
def super_move_enhancer_gives_twenty_for_its_super() -> None:
    boost = move(
        "focus",
        3,
        elements=[el("super_move_enhancer", target_super="Sup", stun_afterwards="yes")],
        liabilities=[el("utility")],
    )
    sup, other = move("sup", 5, kind="super"), move("sup2", 5, kind="super")
    on = {
        "super_energy": 0,
        "ongoing_effects": [{"id": "super_move_enhancer", "move": "focus", "time_left": 5, "since": 1}],
    }
    res = hit([boost, sup, other], used=["sup"], rolls={"T2.a.damage": 3}, turn=2, sa=on)
    assert res.status == "resolved" and st(res, "b").life_bar < 50  # the 20 extra pay for that Super
    assert _codes(hit([boost, sup, other], used=["sup2"], turn=2, sa=on)) == ["INSUFFICIENT_SUPER_ENERGY"]


def _hex(tier: str) -> dict:
    return move("hex", 5, elements=[el("suppression", tier=tier, movement_lock="no")])


@effect_of("suppression", "000 L4239–L4263")
def suppression_locks_moves_by_tier_for_a_five_count() -> None:
    res = hit([_hex("special_moves")], rolls={"T1.a.damage": 3, "T1.fight.time": 2})
    assert st(res, "b").life_bar == 50  # No Damage
    assert [(e.id, e.time_left) for e in st(res, "b").ongoing_effects] == [("suppression", 5 - 2)]
    kick, sup = move("kick"), move("sup", 5, kind="super")
    on = {"ongoing_effects": [{"id": "suppression", "move": "hex", "target": "a", "time_left": 4, "since": 1}]}

    def b_uses(tier: str, m: str) -> bool:
        r = duel(
            {"T2.b.action": attack([m])},
            {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6},
            a=sheet("a", moves=[_hex(tier)]),
            b=sheet("b", moves=[kick, sup]),
            turn=2,
            sb={**on, "super_energy": 10},
        )
        return "MOVE_LOCKED" not in _codes(r)

    # 2 Elements: no Special Moves; 3: no Supers either; 5: no Basic Moves either (L4249–L4255)
    assert [b_uses("special_moves", m) for m in ("kick", "sup", "basic_move")] == [False, True, True]
    assert [b_uses("super_moves", m) for m in ("kick", "sup", "basic_move")] == [False, False, True]
    assert [b_uses("basic_moves", m) for m in ("kick", "sup", "basic_move")] == [False, False, False]


@effect_of("tag_counter", "000 L4265–L4271")
def tag_counter_strikes_from_the_bench_for_ten_super_energy_and_switches() -> None:
    kick = move("tagc", elements=[el("tag_counter")])
    fighters = []
    for fid, extra, moves, skill in (
        ("a", {}, [FIST], 6),
        ("a2", {"tag_waiting": True, "super_energy": 10}, [kick], 2),
        ("b", {}, [FIST], 2),
    ):
        state = {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30, **extra}
        fighters.append({"id": fid, "sheet": sheet(fid, moves=moves, defense=skill), "state": state})
    res = resolve_turn(
        build(
            {
                "options": {"tag_team": True},
                "fight": {
                    "turn": 1,
                    "positioning": {"mode": "range", "range": 1},
                    "sides": {"a": "red", "a2": "red", "b": "blue"},
                },
                "fighters": fighters,
                "decisions": {
                    "T1.b.action": attack(["fist"]),
                    "T1.a.defense": {"defense": "defense"},
                    "T1.a.action": {"action": "none"},
                    "T1.b.defense": {"defense": "defense"},
                    "T1.a2.tag_counter": {"choice": "respond", "moves": ["tagc"]},
                },
                "rolls": {
                    "T1.b.init": 6,
                    "T1.a.init": 2,
                    "T1.b.ctrl": 6,
                    "T1.b.attack": 1,
                    "T1.a2.attack": 6,
                    "T1.a2.damage": 3,
                },
                "seed": 1,
            }
        )
    )
    assert res.status == "resolved", res.violations
    # a blocks with Defense; a2 spends 10 Super Energy, b's Defense 2 is halved to 1, the hit switches them
    assert next(dict(s.inputs)["defense"] for s in res.log if s.label == "D.4" and s.actor == "b") == 2 // 2
    assert st(res, "b").life_bar == 50 - 3 and st(res, "a2").super_energy == 0
    assert not st(res, "a2").tag_waiting and st(res, "a").tag_waiting


POSE = move("pose", elements=[el("taunt")], liabilities=[el("utility")])


@effect_of("taunt", "000 L4273–L4281, L2141")
def taunt_move_adds_the_basic_taunts_1d4_glory() -> None:
    def pose(rolls: dict, **kw: Any) -> Any:
        act = {"T1.a.action": {"action": "utility", "moves": ["pose"], "target": "b"}}
        return hit([POSE, FIST], rolls={"T1.fight.time": 1, **rolls}, rng=3, decisions=act, **kw)

    # its Level, 2, on first use, and the 1d4 (rolled 3) against a foe of lower Initiative (L2141)
    assert sorted(g.points for g in pose({"T1.a.taunt_glory": 3}).glory if g.fighter == "a") == [2, 3]
    assert glory(pose({}, sa={"taunt_used": True}), "a") == 2  # the 1d4 only once a combat


@effect_of("taunt.modify_super_energy", "000 L4283–L4289")
def modify_super_energy_turns_the_damage_roll_into_super_energy() -> None:
    sup = move("sup", 5, kind="super")

    def jeer(direction: str, **kw: Any) -> Any:
        m = move("jeer", elements=[el("taunt"), el("taunt.modify_super_energy", direction=direction)])
        return hit(
            [m, sup],
            used=["jeer"],
            rolls={"T1.a.damage": 4, "T1.a.taunt_glory": 1},
            a_sheet=sheet("a", strength=2, moves=[m, sup]),
            b=sheet("b", defense=0, moves=[FIST, sup]),
            **kw,
        )

    gain = jeer("gain_self", options={"super_energy_max": 30})
    assert st(gain, "b").life_bar == 50  # no damage
    # the 1d6 shows 4 (Strength 2 not applied): 4 Super Energy, then 1 for the attack and, with a gauge of 30,
    # 30 / 20 rounded up = 2 for the turn (000 L5269, L5275)
    assert st(gain, "a").super_energy == 4 + 1 + 2
    drain = jeer("drain_opponent", sb={"super_energy": 8})
    assert st(drain, "b").super_energy == 8 - 4 + 1  # then b's own 1 for the turn


@effect_of("taunt.element_addition", "000 L4291–L4301")
def taunt_element_addition_lends_its_element_to_the_next_move() -> None:
    provoke = move(
        "provoke",
        3,
        elements=[el("taunt"), el("taunt.element_addition", element="knocks_down")],
        liabilities=[el("utility")],
    )
    lent = {"ongoing_effects": [{"id": "taunt.element_addition", "move": "provoke", "since": 1}]}
    plain = hit([provoke, FIST], used=["fist"], rolls={"T2.a.damage": 3}, turn=2)
    added = hit([provoke, FIST], used=["fist"], rolls={"T2.a.damage": 3}, turn=2, sa=lent)
    assert not knocked_down(plain) and knocked_down(added)  # the Fist Knocks Down this once
    assert st(added, "a").ongoing_effects == []
    late = hit([provoke, FIST], used=["fist"], rolls={"T3.a.damage": 3}, turn=3, sa=lent)
    assert not knocked_down(late)  # only the same or the following turn


@effect_of("temporary_technique", "000 L4329–L4333")
def temporary_technique_grants_the_technique_through_the_next_action() -> None:
    step = move("step", elements=[el("temporary_technique", technique="dash")])
    dash = {"action": "attack", "moves": ["basic_move"], "movement": 2, "dash": True}
    used = hit([step, FIST], used=["step"], rolls={"T1.a.damage": 3})
    assert [(e.id, e.since) for e in st(used, "a").ongoing_effects] == [("temporary_technique", 1)]
    held = {"ongoing_effects": [{"id": "temporary_technique", "move": "step", "since": 1}]}
    ok = hit([step, FIST], rolls={"T2.a.damage": 3}, rng=3, turn=2, sa=held, decisions={"T2.a.action": dash})
    assert ok.status == "resolved", ok.violations  # the Dash option is off; the Technique allows it
    assert _codes(hit([step, FIST], rng=3, turn=2, decisions={"T2.a.action": dash})) == ["DASH_INVALID"]
    assert _codes(hit([step, FIST], rng=3, turn=3, sa=held, decisions={"T3.a.action": dash})) == ["DASH_INVALID"]


@effect_of("reversal", "000 L4121, L5888")
def reversal_response_answers_a_pursuit_on_the_ground() -> None:
    rev = move("rev", elements=[el("reversal")])
    res = hit(
        [STOMP],
        # a's L2 Pursuit at Control 2 (no spare-Control bonus) rolls 1 against b's Tactics 2: a miss
        rolls={"T1.a.ctrl": 2, "T1.a.attack": 1, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 3},
        a_sheet=sheet("a", defense=0, moves=[STOMP]),
        b=sheet("b", tactics=2, moves=[rev]),
        sb={"knocked_down": True},
        decisions={
            "T1.b.defense": {"defense": "tactics"},
            "T1.b.defensive_response": {"choice": "respond", "response": "reversal", "moves": ["rev"]},
        },
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - 3  # b answers from the ground with the Reversal move
    assert not st(res, "b").knocked_down  # and is up again


@effect_of("triggered_interrupt", "000 L4413")
def armed_triggered_interrupt_serves_as_a_reaction_attack() -> None:
    armed = {
        "ongoing_effects": [{"id": "triggered_interrupt", "move": "trap", "time_left": 8, "since": 1, "charges": 1}]
    }

    def react(sb: dict | None) -> Any:
        return duel(
            {
                "T1.a.action": {"action": "move", "movement": 2, "direction": "toward"},
                "T1.b.reaction": {"choice": "act", "moves": ["trap"]},
            },
            {**first(), "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 3},
            a=sheet("a", defense=0),
            b=sheet("b", tactics=3, moves=[TRIGGER]),
            rng=3,
            sb=sb,
        )

    res = react(armed)  # a steps from Range 3 to 1 without attacking: b's armed trap goes off
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - 3 and st(res, "b").ongoing_effects == []
    assert _codes(react(None)) == ["REACTION_TRIGGER_INVALID"]  # not armed: no Reaction Attack with it
