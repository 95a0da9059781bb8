"""Combat effects of the Liabilities and the Super-only Elements (000 L4453–L4974, L5321), each checked against
figures worked out by hand from the book line cited. The scene is `build_b`'s: PL 3 fighters at Range 1, `a`
first with Control 6, `b` with Defense Skill 0 (Defense Total 0, so `a` hits without rolling) unless a check
says otherwise; a Special Move's damage die is 1d6 (000 L5908) and the Stun Threshold PL + 4 = 7 (000 L5974)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult

from ..support import FIST, first_decision
from .build_b import accuracy_parts, duel, el, glory, hit, knocked_down, move, sheet, st
from .registry import effect_of


@effect_of("decreased_damage", "000 L4555–L4559, L5908")
def decreased_damage_lowers_the_die_one_size() -> None:
    plain = hit([move()], rolls={"T1.a.damage": 4})
    weak = hit([move(liabilities=[el("decreased_damage")])], rolls={"T1.a.damage": 4})
    # a Special Move rolls 1d6 (000 L5908); one die size down is 1d4 (000 L4557, ladder L5451–L5469)
    assert [r.die for r in plain.rolls if r.key == "T1.a.damage"] == ["1d6"]
    assert [r.die for r in weak.rolls if r.key == "T1.a.damage"] == ["1d4"]
    assert st(weak, "b").life_bar == 50 - 4


@effect_of("limited_damage", "000 L4561–L4569")
def limited_damage_stuns_and_knocks_back_without_life_bar_loss() -> None:
    # Strength 1 makes the Special Move's 1d6 a 1d8 (000 L5908); 8 counts against the Stun Threshold 7 (L5974)
    res = hit(
        [move(liabilities=[el("limited_damage")])],
        rolls={"T1.a.damage": 8},
        a_sheet=sheet("a", strength=1, moves=[move(liabilities=[el("limited_damage")])]),
    )
    assert st(res, "b").life_bar == 50  # no Life Bar lost (000 L4565)
    assert st(res, "b").stunned is not None  # 8 > 7: Stunned
    assert res.fight.positioning.range == 2  # Knock Back 1 from Range 1 still applies


@effect_of("no_damage", "000 L4704–L4712")
def no_damage_only_knocks_back() -> None:
    res = hit([move(liabilities=[el("no_damage")])], rolls={"T1.a.damage": 6})
    assert st(res, "b").life_bar == 50 and st(res, "b").stunned is None  # no Life Bar or Stun damage (L4710)
    assert res.fight.positioning.range == 2  # still Knocked Back 1 Range


@effect_of("non_finisher", "000 L4729–L4735")
def non_finisher_leaves_one_life_bar() -> None:
    nf = move(liabilities=[el("non_finisher")])
    res = hit([nf], rolls={"T1.a.damage": 6}, sb={"life_bar": 4})
    assert st(res, "b").life_bar == 1 and not st(res, "b").defeated  # 4 − 6 would be below 1 (L4735)
    plain = hit([move()], rolls={"T1.a.damage": 6}, sb={"life_bar": 4})
    assert st(plain, "b").life_bar == 0 and st(plain, "b").defeated


@effect_of("no_movement", "000 L4714–L4721, L2389")
def no_movement_forbids_the_one_range_step() -> None:
    # a Normal Move Special Move may move 1 Range before attacking (000 L2389); with No Movement it may not
    plain = hit([move()], rolls={"T1.a.damage": 3}, rng=2, decisions={"T1.a.action": _moving(["m"], 1)})
    assert plain.status == "resolved" and plain.fight.positioning.range == 2  # 2 → 1, then Knock Back to 2
    res = hit([move(liabilities=[el("no_movement")])], rng=2, decisions={"T1.a.action": _moving(["m"], 1)})
    assert _codes(res) == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]


@effect_of("limited_mobile", "000 L4571–L4577")
def limited_mobile_needs_two_ranges() -> None:
    lm = move(elements=[el("mobile", movement="mobile")], liabilities=[el("limited_mobile")])
    short = hit([lm], rng=3, decisions={"T1.a.action": _moving(["m"], 1)})
    assert _codes(short) == ["MOVEMENT_DIRECTION_INVALID"]  # moving must be at least two Ranges (L4577)
    full = hit([lm], rolls={"T1.a.damage": 3}, rng=3, decisions={"T1.a.action": _moving(["m"], 2)})
    assert full.status == "resolved" and st(full, "b").life_bar == 50 - 3


@effect_of("no_combo", "000 L4698–L4702")
def no_combo_move_cannot_join_a_combo() -> None:
    nc = move("nc", liabilities=[el("no_combo")])
    ok = hit([move("m"), {**FIST, "id": "fist2", "name": "Fist2"}], used=["m", "fist2"])
    assert ok.status == "resolved"  # the same Combo without the Liability is legal
    for order in (["nc", "fist2"], ["fist2", "nc"]):
        res = hit([nc, {**FIST, "id": "fist2", "name": "Fist2"}], used=order)
        assert _codes(res) == ["COMBO_PLACEMENT_INVALID"]  # neither first nor last in a Combo (L4702)


def _codes(res: TurnResult) -> list[str]:
    return [v.code for v in res.violations]


def _moving(moves: list[str], ranges: int) -> dict:
    return {"action": "attack", "moves": moves, "movement": ranges}


@effect_of("self_prone", "000 L4809–L4815")
def self_prone_knocks_the_user_down_hit_or_miss() -> None:
    sp = move(liabilities=[el("self_prone")])
    for defense in (0, 9):  # Defense Total 0: a sure hit; 9: beyond the best 1d6 roll, a sure miss
        res = hit([sp], rolls={"T1.a.damage": 3}, b=sheet("b", defense=defense))
        assert res.status == "resolved", res.violations
        assert st(res, "a").knocked_down  # whether the attack succeeds or not (L4815)
    assert not st(hit([move()], rolls={"T1.a.damage": 3}), "a").knocked_down


def _slow(version: str) -> dict:
    return move(liabilities=[el("slow_recovery", version=version, penalised="initiative")])


def _shifts(res: TurnResult, fid: str) -> list[tuple[str, int]]:
    return [(d.target, d.steps) for d in st(res, fid).next_turn_dice]


@effect_of("slow_recovery", "000 L4830–L4836")
def slow_recovery_costs_a_die_size_next_turn() -> None:
    # the 1-point version: only after a miss; the 2-point version: always; one die size on the chosen roll (L4836)
    miss = hit([_slow("on_miss")], b=sheet("b", defense=9))
    assert _shifts(miss, "a") == [("initiative", -1)]
    on_hit = hit([_slow("on_miss")], rolls={"T1.a.damage": 3})
    assert _shifts(on_hit, "a") == []
    always = hit([_slow("always")], rolls={"T1.a.damage": 3})
    assert _shifts(always, "a") == [("initiative", -1)]


@effect_of("specific_range", "000 L4850–L4862")
def specific_range_misses_at_any_other_range() -> None:
    two = move(liabilities=[el("specific_range", range="2")])
    at_1 = hit([two], rolls={"T1.a.damage": 3}, rng=1)
    assert st(at_1, "b").life_bar == 50  # used at Range 1 it misses automatically (L4858)
    at_2 = hit([two], rolls={"T1.a.damage": 3}, rng=2)
    assert st(at_2, "b").life_bar == 50 - 3


@effect_of("unreliable", "000 L4870–L4876")
def unreliable_does_nothing_on_a_one() -> None:
    un = move(liabilities=[el("unreliable")])
    fails = hit([un], rolls={"T1.a.damage": 3, "T1.a.unreliable": 1})
    assert st(fails, "b").life_bar == 50  # 1d10 shows 1: no effect at all (L4874)
    works = hit([un], rolls={"T1.a.damage": 3, "T1.a.unreliable": 2})
    assert st(works, "b").life_bar == 50 - 3
    assert [r.die for r in works.rolls if r.key == "T1.a.unreliable"] == ["1d10"]


@effect_of("no_super_energy", "000 L4723–L4727, L5269, L5275")
def no_super_energy_move_earns_no_attack_point() -> None:
    sup = {"id": "sup", "name": "Sup", "kind": "super", "level": 5}  # without a Super Move no SE at all (L5264)

    def se(m: dict) -> int:
        res = hit([m, sup], used=["m"], rolls={"T1.a.damage": 3}, b=sheet("b", defense=9))
        return st(res, "a").super_energy

    # a miss: 1 for the attack performed (L5269) and 1 for the turn (10 / 20 rounded up, L5275)
    assert se(move()) == 2
    assert se(move(liabilities=[el("no_super_energy")])) == 1


@effect_of("breakthrough", "000 L4902–L4914")
def breakthrough_turns_a_near_miss_into_a_half_damage_hit() -> None:
    def sup(n: int) -> dict:
        return move("sup", 5, kind="super", elements=[el("breakthrough", n)])

    # Defense 3 → Defense Total 3; Control 5 is exactly the L5 move's, so no +1 for spare Control (000 L5708):
    # a roll of 1 with no Accuracy modifier at Range 1 misses by 2
    rolls = {"T1.a.ctrl": 5, "T1.a.attack": 1, "T1.a.damage": 7}
    near = hit([sup(2)], rolls=rolls, b=sheet("b", defense=3), sa={"super_energy": 10})
    assert st(near, "b").life_bar == 50 - 3  # partial hit: 1d8 rolled 7, halved round down (L4912)
    assert knocked_down(near)  # Knock Down still applies (a Super Move Knocks Down, 000 L5230)
    short = hit([sup(1)], rolls=rolls, b=sheet("b", defense=3), sa={"super_energy": 10})
    assert st(short, "b").life_bar == 50 and not knocked_down(short)  # missed by 2 > 1 instance


def _lu(mid: str = "m", level: int = 2, *mods: str, pool: str = "ammo") -> dict:
    return move(mid, level, liabilities=[el("limited_use", pool=pool), *(el(x) for x in mods)])


def _charges(res: TurnResult, fid: str = "a") -> dict[str | None, int | None]:
    return {e.move: e.charges for e in st(res, fid).ongoing_effects if e.id == "limited_use"}


def _pool(n: int, name: str = "ammo") -> dict:
    return {"ongoing_effects": [{"id": "limited_use", "move": name, "charges": n}]}


@effect_of("limited_use", "000 L4601–L4618")
def limited_use_spends_charges_by_level() -> None:
    # a fresh pool holds 6; an L2–3 move takes 1, an L4–5 move 2 (L4603, L4610–L4612)
    assert _charges(hit([_lu()], rolls={"T1.a.damage": 3})) == {"ammo": 5}
    assert _charges(hit([_lu("m", 4)], rolls={"T1.a.damage": 3})) == {"ammo": 4}
    empty = hit([_lu()], sa=_pool(0))
    assert _codes(empty) == ["LIMITED_USE_NO_CHARGES"]


@effect_of("limited_use.more_charges", "000 L4626–L4630")
def more_charges_starts_the_pool_at_eight() -> None:
    assert _charges(hit([_lu("m", 2, "limited_use.more_charges")], rolls={"T1.a.damage": 3})) == {"ammo": 7}


def _reload(sa_charges: int, *mods: str) -> TurnResult:
    return hit(
        [_lu("m", 2, *mods)],
        decisions={"T1.a.action": {"action": "utility", "moves": ["reload:ammo"]}},
        sa=_pool(sa_charges),
    )


@effect_of("limited_use.extended_reload", "000 L4620–L4624")
def extended_reload_refills_six() -> None:
    assert _charges(_reload(0)) == {"ammo": 3}  # the Reload Command Move gives 3 (L4605)
    assert _charges(_reload(0, "limited_use.extended_reload")) == {"ammo": 6}


@effect_of("limited_use.no_reload", "000 L4632–L4636")
def no_reload_pool_has_no_reload_command() -> None:
    assert _codes(_reload(1, "limited_use.no_reload")) == ["UNKNOWN_MOVE"]  # no Reload Command Move for it


@effect_of("limited_use.special_move_reload", "000 L4638–L4642, L4099–L4105")
def special_move_reload_refills_through_a_reload_move() -> None:
    assert _codes(_reload(1, "limited_use.special_move_reload")) == ["UNKNOWN_MOVE"]  # no Reload Command Move
    lu = _lu("m", 2, "limited_use.special_move_reload")
    rl = move("rl", elements=[el("reload", pool="ammo")])
    res = hit([lu, rl], used=["rl"], rolls={"T1.a.damage": 3}, sa=_pool(1))
    assert _charges(res) == {"ammo": 1 + 3}


def _charge(kind: str) -> dict:
    return move("cm", 3, elements=[el("aerial")] if kind == "charge_up" else [], liabilities=[el(kind)])


def _charge_ready(kind: str, ctrl: int) -> TurnResult:
    return hit([_charge(kind)], rolls={"T1.a.ctrl": ctrl, "T1.a.damage": 3})


@effect_of("charge_down", "000 L4479–L4493")
def charge_down_needs_two_spare_control_without_a_block() -> None:
    # an L3 move: Control 5 is two above what it needs (L4489); 4 is not, and no block came before
    assert _codes(_charge_ready("charge_down", 4)) == ["CHARGE_MOVE_NOT_READY"]
    assert _charge_ready("charge_down", 5).status == "resolved"


@effect_of("charge_forward", "000 L4495–L4509")
def charge_forward_needs_a_step_forward_or_two_spare_control() -> None:
    assert _codes(_charge_ready("charge_forward", 4)) == ["CHARGE_MOVE_NOT_READY"]
    assert _charge_ready("charge_forward", 5).status == "resolved"
    # Control 4 and a 1-Range step toward b: allowed, for 1 FS (L4505); a sure miss, so no first-hit refund
    step = hit(
        [_charge("charge_forward")],
        rolls={"T1.a.ctrl": 4},
        rng=2,
        b=sheet("b", defense=9),
        decisions={"T1.a.action": _moving(["cm"], 1)},
    )
    assert step.status == "resolved", step.violations
    assert st(step, "a").fighting_spirit == 30 - 1


@effect_of("charge_up", "000 L4511–L4527")
def charge_up_needs_two_spare_control_without_an_evasion() -> None:
    assert _codes(_charge_ready("charge_up", 4)) == ["CHARGE_MOVE_NOT_READY"]
    assert _charge_ready("charge_up", 5).status == "resolved"


@effect_of("cheap", "000 L4529–L4535, L5749")
def cheap_earns_nothing_first_and_costs_1d4_later() -> None:
    assert glory(hit([move()], rolls={"T1.a.damage": 3}), "a") == 2  # an L2 move's first hit: 2 (L5749)
    cheap = move(liabilities=[el("cheap")])
    assert glory(hit([cheap], rolls={"T1.a.damage": 3}), "a") == 0
    again = hit([cheap], rolls={"T1.a.damage": 3, "T1.a.cheap": 3}, sa={"cheap_moves_used": ["m"]})
    assert glory(again, "a") == -3  # the 1d4 shows 3
    assert [r.die for r in again.rolls if r.key == "T1.a.cheap"] == ["1d4"]


@effect_of("decreased_accuracy", "000 L4545–L4553")
def decreased_accuracy_takes_one_per_instance() -> None:
    def total(times: int | None) -> int:
        m = move(liabilities=[el("decreased_accuracy", times)] if times else [])
        return sum(accuracy_parts(hit([m], rolls={"T1.a.damage": 3})).values())

    assert total(1) == total(None) - 1
    assert total(3) == total(None) - 3


@effect_of("self_damage", "000 L4793–L4799")
def self_damage_costs_the_power_level_hit_or_miss() -> None:
    sd = move(liabilities=[el("self_damage")])
    for defense in (0, 9):
        res = hit([sd], rolls={"T1.a.damage": 3}, b=sheet("b", defense=defense))
        assert st(res, "a").life_bar == 50 - 3  # PL 3 (L4797)
    low = hit([sd], rolls={"T1.a.damage": 3}, sa={"life_bar": 3})
    assert st(low, "a").life_bar == 1  # never below 1


@effect_of("utility", "000 L4878–L4886")
def utility_move_makes_no_attack() -> None:
    u = move(liabilities=[el("utility")])
    assert _codes(hit([u])) == ["UTILITY_MOVE_IS_NOT_AN_ATTACK"]
    used = hit([u], decisions={"T1.a.action": {"action": "utility", "moves": ["m"]}})
    assert used.status == "resolved" and st(used, "b").life_bar == 50


def _simultaneous(a_move: dict, used: str) -> TurnResult:
    """Both tie Initiative 4 and attack at once: b's plain Special Move lands on a while a performs `used`."""
    rolls = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6, "T1.b.damage": 1, "T1.a.damage": 1}
    dec = {
        "T1.a.simul_declare": {"action": "attack", "moves": [used]},
        "T1.b.simul_declare": {"action": "attack", "moves": ["m"]},
    }
    return duel(dec, rolls, a=sheet("a", defense=0, moves=[a_move]), b=sheet("b", defense=0, moves=[move()]))


def _b_damage_die(res: TurnResult, turn: int = 1) -> list[str]:
    return [r.die for r in res.rolls if r.key == f"T{turn}.b.damage"]


@effect_of("vulnerability", "000 L4888–L4894")
def vulnerability_raises_the_damage_taken_while_performing() -> None:
    assert _b_damage_die(_simultaneous(move(), "m")) == ["1d6"]
    assert _b_damage_die(_simultaneous(move(liabilities=[el("vulnerability")]), "m")) == ["1d8"]  # one size up


_LINGER = "vulnerability.increased_duration"


@effect_of("vulnerability.increased_duration", "000 L4896–L4900")
def increased_duration_keeps_the_vulnerability_on_later_turns() -> None:
    lunge = move(liabilities=[el("vulnerability"), el("vulnerability.increased_duration")])
    used = hit([lunge], rolls={"T1.a.damage": 3})
    linger = [
        (e.time_left, e.since) for e in st(used, "a").ongoing_effects if e.id == "vulnerability.increased_duration"
    ]
    assert linger == [(5, 1)]  # a five-count, starting on the turn after use

    # turn 2: b's plain Special Move hits a, who is not performing anything: 1d6 one size up
    def turn2(sa: dict) -> TurnResult:
        return duel(
            {"T2.b.action": {"action": "attack", "moves": ["m"]}},
            {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6, "T2.b.damage": 1},
            a=sheet("a", defense=0, moves=[lunge]),
            b=sheet("b", moves=[move()]),
            turn=2,
            sa=sa,
        )

    assert _b_damage_die(turn2({}), 2) == ["1d6"]
    effect = {"id": _LINGER, "move": "m", "time_left": 5, "since": 1}
    assert _b_damage_die(turn2({"ongoing_effects": [effect]}), 2) == ["1d8"]


@effect_of("only_when_prone", "000 L4737–L4743")
def only_when_prone_attacks_from_the_ground_at_minus_one() -> None:
    up = move(liabilities=[el("only_when_prone")])
    assert _codes(hit([up], rolls={"T1.a.damage": 3})) == ["ONLY_WHEN_PRONE_INVALID"]  # not while standing
    res = hit(
        [up],
        rolls={"T1.a.damage": 3},
        sa={"knocked_down": True},
        decisions={"T1.a.action": None, "T1.a.stand_alt": {"choice": "act", "moves": ["m"]}},
    )
    assert res.status == "resolved", res.violations
    assert sum(accuracy_parts(res).values()) == 1 - 1  # spare Control +1, the Liability −1 (L4741)
    assert st(res, "b").life_bar == 50 - 3
    assert st(res, "a").knocked_down  # he still has to stand up with a later action


@effect_of("limited_movement", "000 L4593–L4599")
def limited_movement_closer_must_step_in_first() -> None:
    lm = move(liabilities=[el("limited_movement", direction="closer")])
    assert _codes(hit([lm], rng=2)) == ["MOVEMENT_DIRECTION_INVALID"]  # no movement at all
    res = hit([lm], rolls={"T1.a.damage": 3}, rng=2, decisions={"T1.a.action": _moving(["m"], 1)})
    assert res.status == "resolved" and st(res, "b").life_bar == 50 - 3


@effect_of("super_energy_liability", "000 L4864–L4868")
def super_energy_liability_spends_ten_super_energy() -> None:
    se = move(liabilities=[el("super_energy_liability")])
    assert _codes(hit([se], sa={"super_energy": 9})) == ["INSUFFICIENT_SUPER_ENERGY"]
    res = hit([se], rolls={"T1.a.damage": 3}, sa={"super_energy": 10})
    # 10 spent; a Fighter without Super Moves gains none back (000 L5264)
    assert res.status == "resolved" and st(res, "a").super_energy == 0


def _super(*elements: dict, liabilities: list | None = None) -> dict:
    return move("sup", 5, kind="super", elements=list(elements), liabilities=liabilities)


def _super_turn(sup: dict, se: int, **kw: Any) -> TurnResult:
    return hit([sup], rolls={"T1.a.damage": 3}, sa={"super_energy": se}, **kw)


@effect_of("decreased_super_energy_cost", "000 L4916–L4920, L5273")
def decreased_cost_super_needs_five() -> None:
    cheap = _super(el("decreased_super_energy_cost"))
    assert _codes(_super_turn(cheap, 4)) == ["INSUFFICIENT_SUPER_ENERGY"]
    assert _codes(_super_turn(_super(), 5)) == ["INSUFFICIENT_SUPER_ENERGY"]  # a plain Super needs 10
    assert st(_super_turn(cheap, 5), "a").super_energy == 0  # 5 spent, none gained in a Super's turn


@effect_of("increased_super_energy_cost", "000 L4966–L4968")
def increased_cost_super_needs_twenty_to_forty() -> None:
    for cost in (20, 30, 40):
        dear = _super(liabilities=[el("increased_super_energy_cost", super_energy=str(cost))])
        opts = {"super_energy_max": 40}  # room in the gauge for such costs
        assert _codes(_super_turn(dear, cost - 1, options=opts)) == ["INSUFFICIENT_SUPER_ENERGY"]
        assert st(_super_turn(dear, cost, options=opts), "a").super_energy == 0


@effect_of("super_reload", "000 L4958–L4962")
def super_reload_refills_three_charges() -> None:
    gun = move("gun", 4, liabilities=[el("limited_use", pool="ammo", reload_method="super_reload")])
    refill = _super(el("super_reload", pool="ammo"))
    res = hit([gun, refill], used=["sup"], rolls={"T1.a.damage": 3}, sa={"super_energy": 10, **_pool(0)})
    assert res.status == "resolved", res.violations
    assert _charges(res) == {"ammo": 3}


@effect_of("ki_access", "000 L4952–L4956, L3976")
def ki_access_counts_as_ki_one() -> None:
    beam = _super(el("ranged"), el("ki_access"))
    res = _super_turn(beam, 10)
    assert res.status == "resolved", res.violations
    # a Super Move's 1d8 (000 L5908), one size down for Ki 1–3 (L3976): 1d6
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d6"]


@effect_of("self_damage.self_stun", "000 L4801–L4807, L5978")
def self_stun_stuns_the_user_instead_of_hurting_him() -> None:
    ss = move(liabilities=[el("self_damage"), el("self_damage.self_stun")])
    res = hit([ss], rolls={"T1.a.damage": 3})
    a = st(res, "a")
    # no Self-Damage; Stunned from the next turn on: his next two actions go to recovery (L5978)
    assert a.life_bar == 50 and a.stunned is not None and a.stunned.actions_to_recover == 2
    hurt = hit(  # b hits a later in the same turn: the Self-Stun is void
        [ss],
        rolls={"T1.a.damage": 3, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 2},
        a_sheet=sheet("a", defense=0, moves=[ss]),
        b=sheet("b", defense=0),
        decisions={"T1.b.action": {"action": "attack", "moves": ["basic_move"]}},
    )
    assert st(hurt, "a").life_bar < 50 and st(hurt, "a").stunned is None


@effect_of("perfect_hit", "000 L4745–L4753, L3524–L3526")
def perfect_hit_keeps_its_element_only_on_an_even_roll() -> None:
    crush = move(elements=[el("increased_damage", 2)], liabilities=[el("perfect_hit", target="increased_damage")])
    # Increased Damage ×2 lifts the 1d6 to 1d8 (L3524); an odd die sets it aside
    for die_roll, die in ((4, "1d8"), (3, "1d6")):
        res = hit([crush], rolls={"T1.a.damage": 1, "T1.a.perfect_hit": die_roll})
        assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == [die]


# ── Move Sub-Sets, Multi-Part Moves and Throws (000 L4652–L4682, L3736–L3780) ─────────────────────────────────

RUSH = move("rush", elements=[el("opening_move", sequence="Rush", sequence_length=2)])
SUB = move("sub", liabilities=[el("move_sub_set", opening_move="Rush", sub_set_size=1)])
PART = move("part", liabilities=[el("multi_part_move", opening_move="Rush")])
GRAB1 = move("grab1", elements=[el("throw"), el("opening_throw", sequence="Grab1", sequence_length=2)])
GRAB2 = move("grab2", elements=[el("throw")], liabilities=[el("multi_part_throw", opening_throw="Grab1")])


def _follow(used: str, moves: list[dict], effect: dict | None, rng: int = 1) -> TurnResult:
    sa = {"ongoing_effects": [effect]} if effect else None
    return hit(moves, used=[used], rolls={"T2.a.damage": 3}, turn=2, rng=rng, sa=sa)


@effect_of("move_sub_set", "000 L4652–L4658, L3740–L3742")
def sub_set_move_only_after_its_opening_move() -> None:
    assert _codes(_follow("sub", [RUSH, SUB], None)) == ["SEQUENCE_NOT_OPEN"]
    # the Opening Move used last turn leaves the window open for this turn (L3742)
    assert _follow("sub", [RUSH, SUB], {"id": "opening_move", "move": "rush", "since": 1}).status == "resolved"


@effect_of("multi_part_move", "000 L4660–L4670")
def multi_part_move_only_after_its_predecessor() -> None:
    assert _codes(_follow("part", [RUSH, PART], None)) == ["SEQUENCE_NOT_OPEN"]
    assert _follow("part", [RUSH, PART], {"id": "opening_move", "move": "rush", "since": 1}).status == "resolved"


@effect_of("multi_part_throw", "000 L4672–L4682, L3763–L3769")
def multi_part_throw_only_after_its_opening_throw_hit() -> None:
    assert _codes(_follow("grab2", [GRAB1, GRAB2], None, rng=0)) == ["SEQUENCE_NOT_OPEN"]
    lock = {"id": "multi_part_throw", "move": "grab1", "since": 1, "target": "b"}
    res = _follow("grab2", [GRAB1, GRAB2], lock, rng=0)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3  # the last Throw of the sequence lands normally


# ── Super-only Elements ─────────────────────────────────────────────────────────────────────────

INF = move("inf", 5, kind="super", elements=[el("infinite_supers")], liabilities=[el("utility")])
SUP = move("sup", 5, kind="super")


def _effects(res: TurnResult, entry: str) -> list[int | None]:
    return [e.time_left for e in st(res, "a").ongoing_effects if e.id == entry]


@effect_of("infinite_supers", "000 L4928–L4934")
def infinite_supers_makes_other_supers_free_for_a_five_count() -> None:
    used = hit(
        [INF, SUP],
        rolls={"T1.fight.time": 2},
        sa={"super_energy": 10},
        decisions={"T1.a.action": {"action": "utility", "moves": ["inf"]}},
    )
    assert st(used, "a").super_energy == 0  # its own 10
    assert _effects(used, "infinite_supers") == [5 - 2]  # a 5-count, 2 run off by the Time Roll
    running = {"super_energy": 0, "ongoing_effects": [{"id": "infinite_supers", "move": "inf", "time_left": 3}]}
    free = hit([INF, SUP], used=["sup"], rolls={"T2.a.damage": 3}, turn=2, sa=running)
    assert free.status == "resolved" and st(free, "b").life_bar < 50  # no Super Energy needed
    assert _codes(hit([INF, SUP], used=["sup"], turn=2, sa={"super_energy": 0})) == ["INSUFFICIENT_SUPER_ENERGY"]


@effect_of("extended_duration", "000 L4922–L4926")
def extended_duration_adds_five_per_extra_ten() -> None:
    long_inf = move("inf", 5, kind="super", elements=[el("infinite_supers"), el("extended_duration")])
    long_inf["liabilities"] = [el("utility")]
    res = hit(
        [long_inf, SUP],
        rolls={"T1.fight.time": 3},
        sa={"super_energy": 30},
        options={"super_energy_max": 30},
        decisions={
            "T1.a.action": {"action": "utility", "moves": ["inf"]},
            "T1.a.extended_duration": {"amount": 2},
        },
    )
    assert st(res, "a").super_energy == 0  # 10 to launch, 2 × 10 more
    assert _effects(res, "infinite_supers") == [5 + 2 * 5 - 3]


@effect_of("invincibility", "000 L4936–L4950")
def invincibility_super_interrupts_when_initiative_lost_by_its_instances() -> None:
    inv = move("inv", 5, kind="super", elements=[el("invincibility", 2)])

    def turn(b_init: int) -> TurnResult:
        return hit(
            [FIST],
            used=["fist"],
            rolls={"T1.b.init": b_init, "T1.b.ctrl": 6, "T1.a.attack": 6, "T1.a.damage": 3, "T1.b.damage": 3},
            b=sheet("b", defense=0, moves=[inv]),
            sb={"super_energy": 10},
            decisions={"T1.b.invincible_interrupt": {"choice": "respond", "moves": ["inv"]}},
        )

    close = turn(4)  # lost Initiative 6 to 4: by 2, within its 2 instances
    assert st(close, "b").super_energy == 0 and st(close, "b").life_bar == 50  # a's attack misses outright
    far = turn(3)  # lost by 3: no Invincibility
    assert st(far, "b").super_energy == 10 and st(far, "b").life_bar == 50 - 3


@effect_of("limited_choice", "000 L4970–L4974")
def limited_choice_only_the_super_picked_for_the_fight() -> None:
    one = move("sup", 5, kind="super", liabilities=[el("limited_choice")])
    two = move("sup2", 5, kind="super", liabilities=[el("limited_choice")])
    picked = {"super_energy": 10, "ongoing_effects": [{"id": "limited_choice", "move": "sup2"}]}
    assert _codes(hit([one, two], used=["sup"], sa=picked)) == ["LIMITED_CHOICE_OTHER_SUPER"]
    assert hit([one, two], used=["sup2"], rolls={"T1.a.damage": 3}, sa=picked).status == "resolved"


@effect_of("only_in_beast_form", "000 L5321")
def only_in_beast_form_needs_the_beast_form() -> None:
    claw = move("claw", liabilities=[el("only_in_beast_form")])
    assert _codes(hit([claw])) == ["ONLY_IN_BEAST_FORM"]
    beast = hit([claw], rolls={"T1.a.damage": 3}, sa={"beast_form": True}, options={"transformations": True})
    assert beast.status == "resolved" and st(beast, "b").life_bar < 50


# ── Position, Props and set-up conditions ───────────────────────────────────────────────────────────────

WIN = {"T1.a.maneuver": 9, "T1.b.maneuver": 2}  # Maneuver Checks: 9 + Tactics 2 beats 2 + Tactics 2
LOSE = {"T1.a.maneuver": 2, "T1.b.maneuver": 9}
WALL = [{"id": "w", "kind": "wall"}]


@effect_of("behind_opponent", "000 L4457–L4477")
def behind_opponent_needs_to_get_past_or_win_a_check() -> None:
    stab = move("stab", 3, elements=[el("mobile", movement="mobile")], liabilities=[el("behind_opponent")])

    def go(movement: int, rng: int, dice: dict | None = None) -> TurnResult:
        dec = {"T1.a.action": _moving(["stab"], movement)}
        return hit([stab], rolls={"T1.a.damage": 3, **(dice or {})}, rng=rng, decisions=dec)

    assert st(go(2, 1), "b").life_bar == 50 - 3  # Range 1 → 0 → 1 on his far side: Behind (L4465)
    assert st(go(1, 2), "b").life_bar == 50  # Range 2 → 1: not Behind, the move cannot connect
    assert st(go(1, 1, WIN), "b").life_bar == 50 - 3  # Range 1 → 0 and a won Maneuver Check (L4467)
    assert st(go(1, 1, LOSE), "b").life_bar == 50


@effect_of("requires_environmental_hazard", "000 L4787–L4791")
def requires_hazard_only_against_a_target_at_it() -> None:
    slam = move("slam", 3, liabilities=[el("requires_environmental_hazard", hazard="wall")])
    assert _codes(hit([slam])) == ["HAZARD_REQUIRED"]  # no such Hazard in this fight

    def slammed(dice: dict) -> TurnResult:
        dec = {"T1.a.hazard": {"hazard": "w", "target": "b"}}
        return hit([slam], rolls={"T1.a.damage": 3, **dice}, decisions=dec, fight_hazards=WALL)

    assert st(slammed(WIN), "b").life_bar == 50 - 3  # forced against the wall, then hit
    assert st(slammed(LOSE), "b").life_bar == 50


@effect_of("negative_positioning", "000 L4684–L4696")
def negative_positioning_gives_evasion_two_against_the_user() -> None:
    spin = move("spin", liabilities=[el("negative_positioning")])
    used = hit([spin], rolls={"T1.a.damage": 3})
    assert [e.id for e in st(used, "a").ongoing_effects] == ["negative_positioning"]
    # no Hazards: his next attack (here a Counter) meets an Evasion Defense Total 2 higher (L4696)
    ctr = move("ctr", elements=[el("counter")])
    res = duel(
        {
            "T1.b.action": {"action": "attack", "moves": ["basic_move"]},
            "T1.a.defense": {"defense": "defense", "fs": 3},
            "T1.a.defensive_response": {"choice": "respond", "response": "counter", "moves": ["ctr"]},
            "T1.b.defense": {"defense": "evasion"},
        },
        {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 1, "T1.a.ctrl": 6, "T1.b.attack": 1},
        a=sheet("a", moves=[spin, ctr]),
        b=sheet("b", evasion=2),
        sa={"ongoing_effects": [{"id": "negative_positioning", "move": "spin"}]},
    )
    assert res.status == "resolved", res.violations
    # Evasion 2 halved against a Defensive Response (000 L5850) is 1; the condition adds 2
    assert next(int(s.change["dt"]) for s in res.log if s.label == "D.4" and s.actor == "b") == 1 + 2


@effect_of("prop", "000 L4755–L4785")
def prop_move_is_lost_with_a_knock_down() -> None:
    blade = move("blade", liabilities=[el("prop", prop="sword")])
    trip = move("trip", elements=[el("knocks_down")])
    res = duel(
        {"T1.b.action": {"action": "attack", "moves": ["trip"]}},
        {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.b.attack": 6, "T1.b.damage": 2},
        a=sheet("a", defense=0, moves=[blade]),
        b=sheet("b", moves=[trip]),
    )
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("prop", 0)]  # dropped at his feet
    lying = {"ongoing_effects": [{"id": "prop", "move": "sword", "since": 1, "charges": 0}]}
    assert _codes(hit([blade], turn=2, sa=lying)) == ["MOVE_LOCKED"]  # unusable until recovered
    assert hit([blade], rolls={"T2.a.damage": 3}, turn=2).status == "resolved"


@effect_of("limited_move", "000 L4579–L4591")
def limited_move_that_applies_makes_the_move_do_nothing() -> None:
    smash = move("smash", 3, liabilities=[el("limited_move", value="-0.5", description="not against Bosses")])
    asked = hit([smash], rolls={"T1.a.damage": 3})
    assert asked.status == "decision_required" and first_decision(asked).key == "T1.a.limited_move"
    applies = hit([smash], rolls={"T1.a.damage": 3}, decisions={"T1.a.limited_move": {"choice": "act"}})
    assert st(applies, "b").life_bar == 50
    passes = hit([smash], rolls={"T1.a.damage": 3}, decisions={"T1.a.limited_move": {"choice": "pass"}})
    assert st(passes, "b").life_bar == 50 - 3


@effect_of("cross_up", "000 L4537–L4543, L5634–L5636")
def cross_up_move_misses_outside_a_cross_up() -> None:
    cu = move("cu", elements=[el("aerial"), el("mobile", movement="mobile")], liabilities=[el("cross_up")])

    def jump(rng: int, cross: bool) -> TurnResult:
        dec = {"T1.a.action": {"action": "attack", "moves": ["cu"], "movement": 2, "cross_up": cross}}
        return hit([cu], rolls={"T1.a.damage": 3}, rng=rng, decisions=dec)

    landed = jump(2, True)  # 2 Ranges ending exactly at Range 0
    assert landed.status == "resolved", landed.violations
    assert st(landed, "b").life_bar == 50 - 3
    assert st(jump(3, False), "b").life_bar == 50  # lands at Range 1: no Cross-Up, an automatic miss


@effect_of("sidestep_setup", "000 L4817–L4828")
def sidestep_setup_only_right_after_a_sidestep() -> None:
    spin = move("spin", liabilities=[el("sidestep_setup")])
    assert _codes(hit([spin], options={"sidestep": True})) == ["SIDESTEP_SETUP_NOT_READY"]
    chance = {"ongoing_effects": [{"id": "sidestep_setup", "since": 1}]}  # sidestepped last turn
    res = hit([spin], rolls={"T2.a.damage": 3}, turn=2, sa=chance, options={"sidestep": True})
    assert res.status == "resolved" and st(res, "b").life_bar == 50 - 3
    late = hit([spin], turn=3, sa=chance, options={"sidestep": True})
    assert _codes(late) == ["SIDESTEP_SETUP_NOT_READY"]  # the same or the next turn only (L4823)


@effect_of("slow_startup", "000 L4838–L4848")
def slow_startup_goes_off_next_turn_with_two_more_initiative_sizes() -> None:
    comet = move("comet", liabilities=[el("slow_startup")])
    begun = hit([comet], rolls={"T1.a.damage": 3})
    assert st(begun, "b").life_bar == 50  # the first use only prepares it
    assert [(e.id, e.target) for e in st(begun, "a").ongoing_effects] == [("slow_startup", "b")]
    waiting = {"ongoing_effects": [{"id": "slow_startup", "move": "comet", "since": 1, "target": "b"}]}
    fired = duel(
        {},
        {"T2.a.init": 9, "T2.b.init": 1, "T2.a.ctrl": 1, "T2.a.damage": 3},
        a=sheet("a", moves=[comet]),
        b=sheet("b", defense=0),
        rng=3,
        turn=2,
        sa=waiting,
    )
    # Initiative 1d6 two sizes up is 1d10; Control 1 is enough; out of range at 3 it still goes at b (L4848)
    assert [r.die for r in fired.rolls if r.key == "T2.a.init"] == ["1d10"]
    assert [s.actor for s in fired.log if s.label == "D.3"] == ["a"]
