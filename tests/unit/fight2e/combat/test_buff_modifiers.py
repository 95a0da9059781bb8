"""The Buff's modifiers (000 L2975–L3075) and Temporary Technique (000 L4329–L4333) in the turn resolver."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

from .support import A_FIRST, FIST, attack, duel, inp, sheet, st

USE = {"T1.a.action": {"action": "utility", "moves": ["rage"]}}
T2_A_FIRST = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
B_FIRST = {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6}


def buff(
    *mods: str, lowered: str | None = None, tb: list[str] | None = None, extra: list[str] | None = None, **opts: Any
) -> dict[str, Any]:
    """The Buff move "Rage": benefits in ``opts``, modifiers by id."""
    elements: list[dict[str, Any]] = [{"id": "buff", "options": opts}]
    liabilities: list[dict[str, Any]] = []
    for m in mods:
        entry: dict[str, Any] = {"id": m}
        if m == "buff.lowered_basic_quality":
            entry = {
                "id": m,
                "times": 1 if lowered is None else len(lowered.split(",")),
                "options": {"qualities": lowered or "stamina"},
            }
        if m == "buff.technique_buff":
            entry = {"id": m, "options": {"associated": tb or []}}
        kind = "liabilities" if m in LIABILITIES else "elements"
        (liabilities if kind == "liabilities" else elements).append(entry)
    for e in extra or []:
        elements.append({"id": e})
    return {"id": "rage", "name": "Rage", "level": 3, "elements": elements, "liabilities": liabilities}


LIABILITIES = {
    "buff.buff_gauge",
    "buff.life_bar_drain",
    "buff.lowered_basic_quality",
    "buff.movement_only",
    "buff.no_movement",
    "buff.removed_ki",
    "buff.stun",
    "buff.decreased_duration",
}
STRONG = {"quality_raises": 1, "raised_qualities": "strength"}


def on(move: str = "rage", left: int | None = 6, **kw: Any) -> dict[str, Any]:
    """State of fighter a with the Buff of ``move`` in effect."""
    return {"ongoing_effects": [{"id": "buff", "move": move, "time_left": left, **kw}]}


def effects(res, fid: str) -> list[tuple]:
    return [(e.id, e.move, e.time_left) for e in st(res, fid).ongoing_effects]


def damage_die(res, fid: str, turn: int = 1) -> str:
    return next(r.die for r in res.rolls if r.key.startswith(f"T{turn}.{fid}.damage"))


def unsupported(res, prefix: str) -> list[str]:
    return [u.id for u in res.unsupported if u.id.startswith(prefix)]


# ── Lowered Basic Quality (000 L3017–L3025) ─────────────────────────────────────────────────────


def test_lowered_stamina_makes_hits_on_him_one_die_size_larger() -> None:
    rage = buff("buff.lowered_basic_quality", lowered="stamina", **STRONG)
    dec = {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}}
    plain = duel(dec, B_FIRST, a=sheet("a", defense=0, moves=[rage, FIST]), rng=1)
    weak = duel(dec, B_FIRST, a=sheet("a", defense=0, moves=[rage, FIST]), rng=1, sa=on())
    assert weak.status == "resolved", weak.violations
    assert (damage_die(plain, "b"), damage_die(weak, "b")) == ("1d6", "1d8")  # Stamina 0 → −1
    assert not unsupported(weak, "buff")


def test_lowered_quality_never_below_minus_two() -> None:
    rage = buff("buff.lowered_basic_quality", lowered="stamina", **STRONG)
    dec = {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}}
    res = duel(dec, B_FIRST, a=sheet("a", stamina=-2, defense=0, moves=[rage, FIST]), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert damage_die(res, "b") == "1d10"  # −2 Stamina: two sizes up, not three


def test_lowered_speed_goes_to_the_half_the_design_names() -> None:
    rage = buff("buff.lowered_basic_quality", lowered="speed_control", **STRONG)
    res = duel({}, A_FIRST, a=sheet("a", speed=1, init=0, ctrl=1, moves=[rage, FIST]), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    rolled = inp(res, "A.1", "a")
    assert (rolled["speed_init"], rolled["speed_ctrl"]) == (0, 0)  # Control 1 → 0, Initiative untouched


def test_a_lowered_quality_named_nowhere_is_an_invalid_sheet_that_lowers_nothing() -> None:
    """The Liability lowers the quality its design names (000 L3017–L3021); naming none is a design the pricing
    refuses, so the sheet is reported not valid (MOVE_INVALID) and b's Fist stays 1d6 against Stamina 0."""
    rage = buff(**STRONG)
    rage["liabilities"] = [{"id": "buff.lowered_basic_quality"}]
    dec = {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}}
    res = duel(dec, B_FIRST, a=sheet("a", defense=0, moves=[rage, FIST]), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert damage_die(res, "b") == "1d6"
    assert any(
        w.code == "SHEET_NOT_VALID" and w.message.startswith("a:") and "MOVE_INVALID" in w.message for w in res.warnings
    )
    assert not unsupported(res, "buff")


# ── Repeatable (000 L3047–L3055) ──────────────────────────────────────────────────────────────────


NIKE = buff("buff.repeatable", "buff.lowered_basic_quality", lowered="speed", **STRONG)


def test_repeatable_buff_costs_one_fs_per_use_and_stacks() -> None:
    res = duel(USE, A_FIRST, a=sheet("a", moves=[NIKE, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert st(res, "a").fighting_spirit == 30 - 1
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("buff", 1)]
    dec = {"T2.a.action": {"action": "utility", "moves": ["rage"]}}
    res = duel(dec, {**T2_A_FIRST, "T2.a.init": 4}, a=sheet("a", moves=[NIKE, FIST]), rng=1, turn=2, sa=on(charges=1))
    assert res.status == "resolved", res.violations
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("buff", 2)]
    assert st(res, "a").fighting_spirit == 30 - 1


def test_two_stacked_uses_raise_strength_by_two_and_lower_speed_by_two() -> None:
    dec = {"T2.a.action": attack(["fist"]), "T2.a.accuracy_fs": {"fs": 3}}
    a = sheet("a", speed=1, init=1, moves=[NIKE, FIST])
    res = duel(dec, {**T2_A_FIRST, "T2.a.init": 4}, a=a, b=sheet("b", defense=0), rng=1, turn=2, sa=on(charges=2))
    assert res.status == "resolved", res.violations
    assert damage_die(res, "a", 2) == "1d10"  # Strength 0 + 2: two sizes up
    assert inp(res, "A.1", "a")["speed_init"] == -1  # Speed 1 − 2, on Initiative (no half named)


def test_repeatable_stops_at_three_uses_and_at_a_quality_limit() -> None:
    dec = {"T2.a.action": {"action": "utility", "moves": ["rage"]}}
    tough = buff("buff.repeatable", quality_raises=1, raised_qualities="stamina")
    res = duel(dec, T2_A_FIRST, a=sheet("a", stamina=-2, moves=[tough, FIST]), rng=1, turn=2, sa=on(charges=3))
    assert res.violations[0].code == "BUFF_REPEAT_LIMIT"  # Stamina −2 + 3 = 1, but three uses is the most
    res = duel(dec, T2_A_FIRST, a=sheet("a", stamina=-2, moves=[tough, FIST]), rng=1, turn=2, sa=on(charges=2))
    assert res.status == "resolved", res.violations
    # Strength 2: a second +1 would reach 4
    res = duel(
        dec, T2_A_FIRST, a=sheet("a", strength=2, speed=2, init=2, moves=[NIKE, FIST]), rng=1, turn=2, sa=on(charges=1)
    )
    assert res.violations[0].code == "BUFF_REPEAT_LIMIT"
    # Speed −1: the second −1 would reach −3
    res = duel(
        dec,
        {**T2_A_FIRST, "T2.a.init": 2},
        a=sheet("a", speed=-1, init=-1, moves=[NIKE, FIST]),
        rng=1,
        turn=2,
        sa=on(charges=1),
    )
    assert res.violations[0].code == "BUFF_REPEAT_LIMIT"


def test_repeatable_needs_one_fs() -> None:
    res = duel(USE, A_FIRST, a=sheet("a", moves=[NIKE, FIST]), sa={"fighting_spirit": 0}, rng=1)
    assert res.violations[0].code == "FS_INSUFFICIENT"


# ── Life Bar Drain (000 L3011–L3015) ─────────────────────────────────────────────────────────────


def test_life_bar_drain_costs_power_level_each_turn_before_h1() -> None:
    rage = buff("buff.life_bar_drain", **STRONG)
    res = duel(USE, A_FIRST, a=sheet("a", moves=[rage, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - 3  # the turn it starts counts; Power Level 3
    labels = [s.label for s in res.log]
    drained = next(i for i, s in enumerate(res.log) if "Life Bar Drain" in s.text)
    assert "H.1" not in labels[:drained]
    res = duel({}, A_FIRST, a=sheet("a", moves=[rage, FIST]), rng=1, sa={**on(), "life_bar": 2})
    assert st(res, "a").life_bar == 1  # never below 1
    assert st(res, "a").stunned is None


# ── Stun (000 L3057–L3063) ────────────────────────────────────────────────────────────────────────


def test_buff_stun_stuns_him_once_the_buff_ends() -> None:
    rage = buff("buff.stun", **STRONG)
    res = duel({}, {**A_FIRST, "T1.fight.time": 4}, a=sheet("a", moves=[rage, FIST]), rng=1, sa=on(left=3))
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []
    assert st(res, "a").stunned is not None and st(res, "a").stunned.actions_to_recover == 2
    res = duel({}, {**A_FIRST, "T1.fight.time": 2}, a=sheet("a", moves=[rage, FIST]), rng=1, sa=on(left=3))
    assert st(res, "a").stunned is None  # still buffed


# ── No Movement, Movement Only, Removed Ki (000 L3027–L3045) ───────────────────────────────────────


def test_no_movement_buff_forbids_moving() -> None:
    rage = buff("buff.no_movement", **STRONG)
    a = sheet("a", moves=[rage, FIST])
    res = duel({"T1.a.action": {"action": "move", "movement": 1}}, A_FIRST, a=a, rng=3, sa=on())
    assert res.violations[0].code == "BUFF_NO_MOVEMENT"
    res = duel({"T1.a.action": attack(["fist"], movement=1)}, A_FIRST, a=a, rng=2, sa=on())
    assert res.violations[0].code == "BUFF_NO_MOVEMENT"
    res = duel({"T1.a.action": attack(["fist"])}, A_FIRST, a=a, rng=1, sa=on())
    assert res.status == "resolved", res.violations


def test_no_movement_allows_moving_before_the_buff_starts() -> None:
    rage = buff("buff.no_movement", **STRONG)
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["rage"], "movement": 1}},
        A_FIRST,
        a=sheet("a", moves=[rage, FIST]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 2


def test_no_movement_evasion_keeps_the_accuracy_bonus_instead_of_moving() -> None:
    rage = buff("buff.no_movement", **STRONG)
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": "evasion"},
        "T1.a.evasion_result": {"choice": "move"},
    }
    res = duel(dec, {**B_FIRST, "T1.a.defense_roll": 12}, a=sheet("a", evasion=9, moves=[rage, FIST]), rng=1, sa=on())
    assert res.violations and res.violations[0].code == "BUFF_NO_MOVEMENT"


def test_movement_only_buff_allows_only_movement() -> None:
    rage = buff("buff.movement_only", **STRONG)
    a = sheet("a", moves=[rage, FIST])
    res = duel({"T1.a.action": attack(["fist"])}, A_FIRST, a=a, rng=1, sa=on())
    assert res.violations[0].code == "BUFF_MOVEMENT_ONLY"
    res = duel({"T1.a.action": {"action": "refocus"}}, A_FIRST, a=a, rng=3, sa=on())
    assert res.violations[0].code == "BUFF_MOVEMENT_ONLY"
    res = duel({"T1.a.action": {"action": "move", "movement": 1}}, A_FIRST, a=a, rng=3, sa=on())
    assert res.status == "resolved", res.violations


def test_movement_only_with_early_ending_allows_end_buff() -> None:
    rage = buff("buff.movement_only", "buff.early_ending", **STRONG)
    calm = {
        "id": "calm",
        "name": "Calm",
        "level": 2,
        "elements": [{"id": "end_buff", "options": {"target_buff": "rage"}}],
    }
    res = duel({"T1.a.action": attack(["calm"])}, A_FIRST, a=sheet("a", moves=[rage, calm, FIST]), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []


def test_removed_ki_locks_moves_that_need_ki() -> None:
    rage = buff("buff.removed_ki", **STRONG)
    blast = {"id": "blast", "name": "Blast", "level": 2, "elements": [{"id": "ranged"}]}
    a = sheet("a", moves=[rage, blast, FIST])
    a["combat_skills"]["ki"] = 2
    res = duel({"T1.a.action": attack(["blast"])}, A_FIRST, a=a, rng=3, sa=on())
    assert res.violations[0].code == "BUFF_KI_REMOVED"
    res = duel({"T1.a.action": attack(["blast"])}, A_FIRST, a=a, rng=3)
    assert res.status == "resolved", res.violations  # without the Buff the Ki move is fine
    res = duel({"T1.a.action": attack(["fist"])}, A_FIRST, a=a, rng=1, sa=on())
    assert res.status == "resolved", res.violations


# ── Super Energy Duration (000 L3065–L3069) ─────────────────────────────────────────────────────────


SUPER = {"id": "sup", "name": "Sup", "kind": "super", "level": 5}


def test_super_energy_duration_is_two_per_point_and_no_gain_meanwhile() -> None:
    rage = buff("buff.super_energy_duration", **STRONG)
    res = duel(
        USE, {**A_FIRST, "T1.fight.time": 2}, a=sheet("a", moves=[rage, FIST, SUPER]), rng=1, sa={"super_energy": 3}
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("buff", "rage", 2 * 3 - 2)]
    assert st(res, "a").super_energy == 3  # no Super Energy while it lasts


def test_super_energy_duration_empties_super_energy_when_it_ends() -> None:
    rage = buff("buff.super_energy_duration", **STRONG)
    res = duel(
        {},
        {**A_FIRST, "T1.fight.time": 4},
        a=sheet("a", moves=[rage, FIST, SUPER]),
        rng=1,
        sa={**on(left=2), "super_energy": 5},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [] and st(res, "a").super_energy == 0


def test_super_energy_duration_lasts_at_least_the_next_turn() -> None:
    rage = buff("buff.super_energy_duration", **STRONG)
    a = sheet("a", moves=[rage, FIST, SUPER])
    res = duel(USE, {**A_FIRST, "T1.fight.time": 3}, a=a, rng=1, sa={"super_energy": 0})
    assert effects(res, "a") == [("buff", "rage", 0)]  # 0 SE: a 0-count, yet it lasts through next turn
    nxt = duel({}, {**T2_A_FIRST, "T2.fight.time": 1}, a=a, rng=1, turn=2, sa=on(left=0, since=1))
    assert effects(nxt, "a") == []


# ── Buff Gauge (000 L2975–L2979) ────────────────────────────────────────────────────────────────────


def gauge(n: int) -> dict[str, Any]:
    return {"id": "buff_gauge", "charges": n}


def test_buff_gauge_fills_like_super_energy() -> None:
    rage = buff("buff.buff_gauge", **STRONG)
    res = duel({}, A_FIRST, a=sheet("a", moves=[rage, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("buff_gauge", 1)]  # 1 a turn
    res = duel(
        {"T1.a.action": attack(["fist"])},
        A_FIRST,
        a=sheet("a", moves=[rage, FIST]),
        rng=1,
        sa={"ongoing_effects": [gauge(9)]},
    )
    assert [(e.id, e.charges) for e in st(res, "a").ongoing_effects] == [("buff_gauge", 10)]  # 9 + 2, max 10


def test_buff_gauge_sets_the_count_and_is_spent() -> None:
    rage = buff("buff.buff_gauge", **STRONG)
    res = duel(
        USE,
        {**A_FIRST, "T1.fight.time": 3},
        a=sheet("a", moves=[rage, FIST]),
        rng=1,
        sa={"ongoing_effects": [gauge(7)]},
    )
    assert res.status == "resolved", res.violations
    got = {e.id: (e.time_left, e.charges) for e in st(res, "a").ongoing_effects}
    assert got["buff"][0] == 7 - 3
    assert got["buff_gauge"][1] == 1  # spent, then this turn's 1


# ── Technique Buff (000 L3071–L3075) and Temporary Technique (000 L4329–L4333) ─────────────────────────


def test_technique_buff_flight_lasts_as_long_as_the_buff() -> None:
    plain = buff(extra=["flight"], **STRONG)
    res = duel(USE, {**A_FIRST, "T1.fight.time": 3}, a=sheet("a", moves=[plain, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert sorted(effects(res, "a")) == [("buff", "rage", 7), ("flight", "rage", 2)]  # 5-count flight
    linked = buff("buff.technique_buff", tb=["flight"], extra=["flight"], **STRONG)
    res = duel(USE, {**A_FIRST, "T1.fight.time": 3}, a=sheet("a", moves=[linked, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert sorted(effects(res, "a")) == [("buff", "rage", 7), ("flight", "rage", 7)]
    assert not unsupported(res, "buff")


def test_technique_buff_flight_ends_with_the_buff() -> None:
    linked = buff("buff.technique_buff", tb=["flight"], extra=["flight"], **STRONG)
    sa = {
        "ongoing_effects": [
            {"id": "buff", "move": "rage", "time_left": 2},
            {"id": "flight", "move": "rage", "time_left": 2, "since": 1},
        ]
    }
    res = duel({}, {**T2_A_FIRST, "T2.fight.time": 5}, a=sheet("a", moves=[linked, FIST]), rng=1, turn=2, sa=sa)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []


TT = {
    "id": "step",
    "name": "Quick Step",
    "level": 2,
    "elements": [{"id": "temporary_technique", "options": {"technique": "dash"}}],
}
DASH = {"action": "attack", "moves": ["basic_move"], "movement": 2, "dash": True}


def test_temporary_technique_grants_the_technique_through_the_next_action() -> None:
    a = sheet("a", moves=[TT, FIST])
    res = duel({"T1.a.action": attack(["step"])}, A_FIRST, a=a, rng=1)
    assert res.status == "resolved", res.violations
    assert [(e.id, e.move, e.since) for e in st(res, "a").ongoing_effects] == [("temporary_technique", "step", 1)]
    assert not unsupported(res, "temporary")
    held = {"ongoing_effects": [{"id": "temporary_technique", "move": "step", "since": 1}]}
    res = duel({"T2.a.action": DASH}, T2_A_FIRST, a=a, rng=3, turn=2, sa=held)
    assert res.status == "resolved", res.violations  # the Dash option is off, the Technique allows it
    assert st(res, "a").ongoing_effects == []  # gone after that turn
    res = duel({"T2.a.action": DASH}, T2_A_FIRST, a=a, rng=3, turn=2)
    assert res.violations[0].code == "DASH_INVALID"  # without it, no Dash


def test_temporary_technique_is_gone_two_turns_later() -> None:
    held = {"ongoing_effects": [{"id": "temporary_technique", "move": "step", "since": 1}]}
    res = duel(
        {"T3.a.action": DASH},
        {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6},
        a=sheet("a", moves=[TT, FIST]),
        rng=3,
        turn=3,
        sa=held,
    )
    assert res.violations[0].code == "DASH_INVALID"


def test_temporary_technique_naming_no_technique_of_the_book_lends_nothing() -> None:
    """Ruling (000 L4333): only the book's Techniques may be named; another is a design pricing refuses
    (DESIGN_CHOICE_INVALID, so the sheet is not valid) and lends nothing; nothing is reported unsupported."""
    odd = {
        "id": "odd",
        "name": "Odd",
        "level": 2,
        "elements": [{"id": "temporary_technique", "options": {"technique": "Moonwalk"}}],
    }
    res = duel({"T1.a.action": attack(["odd"])}, A_FIRST, a=sheet("a", moves=[odd, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert unsupported(res, "temporary_technique") == []
    assert any(w.code == "SHEET_NOT_VALID" and "MOVE_INVALID" in w.message for w in res.warnings)
    assert st(res, "a").ongoing_effects == []
    design = {"level": 2, "elements": odd["elements"]}
    assert [f.code for f in price_move(MoveRequest.model_validate(design)).violations] == ["DESIGN_CHOICE_INVALID"]


def test_lowered_quality_that_names_no_basic_quality_is_an_invalid_sheet() -> None:
    rage = buff("buff.lowered_basic_quality", lowered="courage", **STRONG)  # not Strength, Speed or Stamina
    res = duel({}, A_FIRST, a=sheet("a", moves=[rage, FIST]), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert any(w.code == "SHEET_NOT_VALID" and "MOVE_INVALID" in w.message for w in res.warnings)
    assert unsupported(res, "buff") == []


def test_technique_buff_keeps_a_temporary_technique_while_the_buff_lasts() -> None:
    rage = buff("buff.technique_buff", tb=["temporary_technique"], **STRONG)
    rage["elements"].append({"id": "temporary_technique", "options": {"technique": "dash"}})
    a = sheet("a", moves=[rage, FIST])
    res = duel(USE, {**A_FIRST, "T1.fight.time": 3}, a=a, rng=1)
    assert res.status == "resolved", res.violations
    assert sorted(effects(res, "a")) == [("buff", "rage", 7), ("temporary_technique", "rage", 7)]
    sa = {
        "ongoing_effects": [
            {"id": "buff", "move": "rage", "time_left": 5},
            {"id": "temporary_technique", "move": "rage", "time_left": 5, "since": 1},
        ]
    }
    res = duel({"T3.a.action": DASH}, {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6}, a=a, rng=3, turn=3, sa=sa)
    assert res.status == "resolved", res.violations  # two turns on, the Buff still carries the Dash


def test_movement_only_buff_locks_defensive_responses_with_moves() -> None:
    rage = buff("buff.movement_only", **STRONG)
    parry = {"id": "parry", "name": "Parry", "level": 2, "elements": [{"id": "counter"}]}
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": "defense"},
        "T1.a.defensive_response": {"choice": "respond", "response": "counter", "moves": ["parry"]},
    }
    rolls = {**B_FIRST, "T1.a.ctrl": 6}
    res = duel(dec, rolls, a=sheet("a", defense=9, moves=[rage, parry, FIST]), rng=1, sa=on())
    assert res.violations and res.violations[0].code == "RESPONSE_SKILL_MISMATCH"  # no Counter open to him
    plain = duel(dec, rolls, a=sheet("a", defense=9, moves=[rage, parry, FIST]), rng=1)
    assert plain.status == "resolved", plain.violations  # unbuffed, the Basic Response is open


def test_no_movement_buff_rules_out_a_double_jump() -> None:
    rage = buff("buff.no_movement", **STRONG)
    dec = {"T1.b.action": attack(["fist"]), "T1.a.defense": {"defense": "evasion", "technique": "double_jump"}}
    a = sheet("a", moves=[rage, FIST])
    res = duel(dec, B_FIRST, a=a, rng=1, sa=on(), options={"double_jumps": True})
    assert res.violations and res.violations[0].code == "BUFF_NO_MOVEMENT"
    res = duel(dec, B_FIRST, a=a, rng=1, options={"double_jumps": True})
    assert "BUFF_NO_MOVEMENT" not in [v.code for v in res.violations]


# ── Elements a Buff adds to or swaps on other moves (000 L2963–L2965) ─────────────────────────────────────

PALM = {"id": "palm", "name": "Palm", "level": 2, "elements": [{"id": "increased_damage"}]}  # 1d6, min 2 (L3528)
PALM_HIT = {"T1.a.action": attack(["palm"]), "T1.a.accuracy_fs": {"fs": 3}}


def test_buff_adds_increased_damage_to_the_named_move_while_it_lasts() -> None:
    """Rage adds one Increased Damage to Palm: with its own, two, so 1d8 (L3530); Fist, not named, stays 1d6."""
    rage = buff(target_moves="Palm", added_entries=["increased_damage"])
    a = sheet("a", moves=[rage, PALM, FIST])
    res = duel(PALM_HIT, A_FIRST, a=a, b=sheet("b", defense=0), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert damage_die(res, "a") == "1d8"
    assert unsupported(res, "buff") == []
    plain = duel(PALM_HIT, A_FIRST, a=a, b=sheet("b", defense=0), rng=1)  # no Buff in effect
    assert damage_die(plain, "a") == "1d6"
    fist = duel({**PALM_HIT, "T1.a.action": attack(["fist"])}, A_FIRST, a=a, b=sheet("b", defense=0), rng=1, sa=on())
    assert damage_die(fist, "a") == "1d6"


def test_buff_swaps_an_element_of_the_named_move() -> None:
    """Rage swaps Palm's Increased Damage for Knocks Down (L2965): the hit knocks down, the die stays 1d6."""
    rage = buff(target_moves="Palm", element_swaps="increased_damage > knocks_down")
    a = sheet("a", moves=[rage, PALM])
    res = duel(PALM_HIT, A_FIRST, a=a, b=sheet("b", defense=0), rng=1, sa=on())
    assert res.status == "resolved", res.violations
    assert any(s.label == "E.4" and s.actor == "b" for s in res.log)  # Knocked Down
    plain = duel(PALM_HIT, A_FIRST, a=a, b=sheet("b", defense=0), rng=1)
    assert not any(s.label == "E.4" and s.actor == "b" for s in plain.log)


def test_buff_cost_counts_the_worth_of_its_additions() -> None:
    """One Element for the Buff, one more per two Elements' worth added, rounded up (L2963): Knocks Down (2)
    on two moves is 4 worth, +2; on one move 2 worth, +1."""
    two = {
        "level": 5,
        "elements": [{"id": "buff", "options": {"target_moves": "Palm, Fist", "added_entries": ["knocks_down"]}}],
    }
    one = {
        "level": 5,
        "elements": [{"id": "buff", "options": {"target_moves": "Palm", "added_entries": ["knocks_down"]}}],
    }
    costs = [price_move(MoveRequest.model_validate(d)).entries[0].cost for d in (two, one)]
    assert costs == [3, 2]
