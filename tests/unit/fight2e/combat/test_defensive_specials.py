"""Interrupt-based defensive specials: Absorbs Attacks (000 L2761–L2793), Reflection (000 L4087–L4097), the
Illusionary Doubles (000 L3476–L3506), Triggered Interrupt (000 L4401–L4423), Fake (000 L3338–L3350) and
Invisibility (000 L3589–L3605)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult

from .support import A_FIRST, attack, duel, first_decision, inp, sheet, st

FIRE = {"id": "fireball", "name": "Fireball", "level": 2, "elements": [{"id": "ranged"}]}
BIG_FIRE = {"id": "nova", "name": "Nova", "kind": "super", "level": 5, "elements": [{"id": "ranged"}]}
KICK = {"id": "kick", "name": "Kick", "level": 2}
SHIELD = {
    "id": "shield",
    "name": "Shield",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "absorbs_attacks"}],
    "liabilities": [{"id": "utility"}],
}
SPONGE = {
    "id": "sponge",
    "name": "Sponge",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "absorbs_attacks"}, {"id": "absorbs_attacks.absorb_all_attacks"}],
    "liabilities": [{"id": "utility"}],
}
MIRROR = {
    "id": "mirror",
    "name": "Mirror",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "reflection"}],
    "liabilities": [{"id": "utility"}],
}


def battery(into: str) -> dict[str, Any]:
    return {
        "id": "battery",
        "name": "Battery",
        "level": 2,
        "elements": [
            {"id": "interrupt"},
            {"id": "absorbs_attacks"},
            {"id": "absorbs_attacks.transform_energy", "options": {"converts_to": into}},
        ],
        "liabilities": [{"id": "utility"}],
    }


def decoy(timing: str, variable: bool = False, utility: bool = True) -> dict[str, Any]:
    els: list[dict[str, Any]] = [
        {"id": "interrupt"},
        {"id": "illusionary_doubles"},
        {"id": "illusionary_doubles.defensive_illusion", "options": {"movement_timing": timing}},
    ]
    if variable:
        els.append({"id": "illusionary_doubles.defensive_illusion.variable_movement"})
    return {
        "id": "log",
        "name": "Log",
        "level": 2,
        "elements": els,
        "liabilities": [{"id": "utility"}] if utility else [],
    }


CLONES = {
    "id": "clones",
    "name": "Clones",
    "level": 3,
    "elements": [
        {"id": "interrupt"},
        {"id": "illusionary_doubles"},
        {"id": "illusionary_doubles.offensive_illusion", "options": {"n": 2}},
    ],
}

# a acts first (Initiative 6) and misses b's Tactics Defense Total with a 1; b has Control 5 for his answer.
MISS = {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5}
TACTICS = {"defense": "tactics", "fs": 3}


def interrupt_with(move: str, **extra: Any) -> dict[str, Any]:
    return {
        "T1.b.defense": TACTICS,
        "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": [move]},
        **extra,
    }


def effect(res: TurnResult, fid: str, ident: str) -> Any:
    return next((e for e in st(res, fid).ongoing_effects if e.id == ident), None)


def attackers(res: TurnResult) -> list[str]:
    return [s.actor for s in res.log if s.label == "D.3" and "attacks" in s.text]


def carried(res: TurnResult, fid: str) -> dict[str, Any]:
    return st(res, fid).model_dump(exclude_none=True)


# ── Absorbs Attacks ──────────────────────────────────────────────────────────────────────────────────


def test_absorbed_projectile_is_held_and_fired_back_once_next_turn() -> None:
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("shield")},
        MISS,
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[SHIELD]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    held = effect(res, "b", "absorbed_attack")
    assert (held.move, held.target, held.since) == ("fireball", "a", 1)
    assert attackers(res) == ["a"]  # a Utility shield does not strike back
    assert st(res, "a").life_bar == 50 and st(res, "b").life_bar == 50
    # Next turn b throws a's Fireball as his own: a Special Move's 1d6, and it is gone after the one use.
    nxt = duel(
        {"T2.b.action": attack(["absorbed:fireball"])},
        {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6, "T2.b.damage": 4},
        turn=2,
        rng=3,
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[SHIELD]),
        sb=carried(res, "b"),
    )
    assert nxt.status == "resolved", nxt.violations
    assert attackers(nxt) == ["b"]
    assert next(r.die for r in nxt.rolls if r.key == "T2.b.damage") == "1d6"
    assert st(nxt, "a").life_bar == 50 - 4
    assert effect(nxt, "b", "absorbed_attack") is None


def test_absorbed_move_is_not_usable_on_the_turn_it_was_absorbed() -> None:
    held = {"ongoing_effects": [{"id": "absorbed_attack", "move": "fireball", "target": "a", "since": 1}]}
    res = duel(
        {"T1.b.action": attack(["absorbed:fireball"])},
        {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6},
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[SHIELD]),
        sb=held,
        rng=3,
    )
    assert res.violations[0].code == "UNKNOWN_MOVE"


def test_a_new_absorption_replaces_the_held_one() -> None:
    held = {"ongoing_effects": [{"id": "absorbed_attack", "move": "kick", "target": "a", "since": 1}]}
    res = duel(
        {
            "T2.a.action": attack(["fireball"]),
            **{k.replace("T1", "T2"): v for k, v in interrupt_with("sponge").items()},
        },
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6, "T2.b.ctrl": 5, "T2.a.attack": 1},
        turn=2,
        a=sheet("a", moves=[FIRE, KICK]),
        b=sheet("b", moves=[SPONGE]),
        sb=held,
        rng=3,
    )
    assert res.status == "resolved", res.violations
    kept = [e for e in st(res, "b").ongoing_effects if e.id == "absorbed_attack"]
    assert [(e.move, e.since) for e in kept] == [("fireball", 2)]


def test_absorbing_a_combo_with_two_projectiles_asks_which_one() -> None:
    bolt = {"id": "bolt", "name": "Bolt", "level": 2, "elements": [{"id": "ranged"}]}
    dec = {"T1.a.action": attack(["basic_move", "fireball", "bolt"]), **interrupt_with("shield")}
    kw: dict[str, Any] = {
        "a": sheet("a", moves=[FIRE, bolt], combo=5, ctrl=3),
        "b": sheet("b", moves=[SHIELD]),
        "rng": 1,
    }
    res = duel(dec, {**MISS, "T1.a.ctrl": 12}, **kw)
    assert res.status == "decision_required" and first_decision(res).key == "T1.b.absorb_choice"
    res = duel({**dec, "T1.b.absorb_choice": {"moves": ["bolt"]}}, {**MISS, "T1.a.ctrl": 12}, **kw)
    assert res.status == "resolved", res.violations
    assert effect(res, "b", "absorbed_attack").move == "bolt"


def test_plain_absorbs_attacks_needs_a_ranged_attack() -> None:
    res = duel(
        {"T1.a.action": attack(["kick"]), **interrupt_with("shield")},
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[SHIELD]),
        rng=1,
    )
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


def test_absorb_all_attacks_takes_a_close_quarters_special() -> None:
    res = duel(
        {"T1.a.action": attack(["kick"]), **interrupt_with("sponge")},
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[SPONGE]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert effect(res, "b", "absorbed_attack").move == "kick"


def test_transform_energy_turns_the_damage_roll_into_super_energy() -> None:
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("battery")},
        {**MISS, "T1.b.absorb_energy": 5},
        a=sheet("a", strength=2, moves=[FIRE]),
        b=sheet("b", stamina=1, moves=[battery("super_energy")]),
        sb={"super_energy": 3},
        rng=3,
    )
    assert res.status == "resolved", res.violations
    die = next(r.die for r in res.rolls if r.key == "T1.b.absorb_energy")
    assert die == "1d6"  # the move's own die, no Strength or Stamina
    assert st(res, "b").super_energy == 3 + 5
    assert effect(res, "b", "absorbed_attack") is None  # converted, not held


def test_transform_energy_into_fighting_spirit_stops_at_the_starting_total() -> None:
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("battery")},
        {**MISS, "T1.b.absorb_energy": 6},
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[battery("fighting_spirit")]),
        sb={"fighting_spirit": 25},
        rng=3,
    )
    assert res.status == "resolved", res.violations
    # 25 FS − 3 on the Defense Total = 22, + 6 = 28 (under the starting 30)
    assert st(res, "b").fighting_spirit == 28
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("battery")},
        {**MISS, "T1.b.absorb_energy": 6},
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[battery("fighting_spirit")]),
        rng=3,
    )
    assert st(res, "b").fighting_spirit == 30  # 27 + 6 capped at the starting 30


# ── Reflection ────────────────────────────────────────────────────────────────────────────────────────


def test_reflection_sends_the_projectile_back_against_a_halved_defense() -> None:
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("mirror"), "T1.a.defense": {"defense": "evasion"}},
        {**MISS, "T1.b.damage": 3},
        a=sheet("a", defense=4, evasion=4, moves=[FIRE]),
        b=sheet("b", moves=[MIRROR]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["a", "b"]
    reflected = next(s for s in res.log if s.label == "D.3" and s.actor == "b")
    assert "Fireball" in reflected.text
    assert inp(res, "D.4", "a")["evasion"] == 2  # Evasion 4 halved; no Response open to him
    assert st(res, "a").life_bar == 50 - 3


def test_reflection_leaves_defense_with_evasion_and_tactics_closed() -> None:
    res = duel(
        {"T1.a.action": attack(["fireball"]), **interrupt_with("mirror"), "T1.a.defense": {"defense": "tactics"}},
        MISS,
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[MIRROR]),
        rng=3,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"


def test_only_a_super_reflects_a_super() -> None:
    res = duel(
        {"T1.a.action": attack(["nova"]), **interrupt_with("mirror")},
        MISS,
        a=sheet("a", moves=[BIG_FIRE]),
        b=sheet("b", moves=[MIRROR]),
        sa={"super_energy": 10},
        rng=3,
    )
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


def test_reflection_needs_a_ranged_special_move() -> None:
    res = duel(
        {"T1.a.action": attack(["kick"]), **interrupt_with("mirror")},
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[MIRROR]),
        rng=1,
    )
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


# ── Illusionary Doubles ─────────────────────────────────────────────────────────────────────────────


def test_defensive_illusion_slips_two_ranges_for_no_fs() -> None:
    res = duel(
        {
            "T1.a.action": attack(["kick"]),
            **interrupt_with("log"),
            "T1.b.illusion_move": {"choice": "move", "direction": "away", "movement": 2},
        },
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[decoy("after")]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 3
    assert st(res, "b").fighting_spirit == 30 - 3  # only the FS on his Defense Total


def test_defensive_illusion_moves_exactly_two_without_variable_movement() -> None:
    dec = {
        "T1.a.action": attack(["kick"]),
        **interrupt_with("log"),
        "T1.b.illusion_move": {"choice": "move", "direction": "away", "movement": 1},
    }
    res = duel(dec, MISS, a=sheet("a", moves=[KICK]), b=sheet("b", moves=[decoy("after")]), rng=1)
    assert res.violations[0].code == "DECISION_INVALID"
    res = duel(dec, MISS, a=sheet("a", moves=[KICK]), b=sheet("b", moves=[decoy("after", variable=True)]), rng=1)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 2


def test_defensive_illusion_before_the_attack_can_close_in_and_strike() -> None:
    # a shoots from Range 3; b's Offensive decoy (reach 0–2) moves 2 toward him first, then strikes at Range 1.
    res = duel(
        {
            "T1.a.action": attack(["fireball"]),
            **interrupt_with("log"),
            "T1.b.illusion_move": {"choice": "move", "direction": "toward", "movement": 2},
        },
        {**MISS, "T1.b.attack": 6},
        a=sheet("a", moves=[FIRE]),
        b=sheet("b", moves=[decoy("before", utility=False)]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["a", "b"]
    assert st(res, "a").life_bar < 50


def test_offensive_illusion_raises_tactics_and_glides_next_turn() -> None:
    declared = {"defense": "tactics", "fs": 3, "response": "interrupt", "moves": ["clones"]}
    res = duel(
        {
            "T1.a.action": attack(["kick"]),
            "T1.b.defense": declared,
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["clones"]},
        },
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[CLONES]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert inp(res, "D.4", "b")["offensive_illusion"] == 2  # Tactics 2 + 3 FS + 2
    assert attackers(res) == ["a", "b"]  # the move is an attack too
    assert effect(res, "b", "offensive_illusion").charges == 2
    fs_before = st(res, "b").fighting_spirit
    start = res.fight.positioning.range
    nxt = duel(
        {"T2.b.illusion_glide": {"direction": "away"}},
        {"T2.a.init": 1, "T2.b.init": 6},
        turn=2,
        rng=start,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[CLONES]),
        sb=carried(res, "b"),
        sa=carried(res, "a"),
    )
    assert nxt.status == "resolved", nxt.violations
    assert nxt.fight.positioning.range == start + 2
    assert st(nxt, "b").fighting_spirit == fs_before  # no FS for the glide
    assert effect(nxt, "b", "offensive_illusion") is None


def test_the_glide_direction_is_asked_for() -> None:
    glide = {
        "ongoing_effects": [{"id": "offensive_illusion", "move": "clones", "since": 1, "target": "a", "charges": 2}]
    }
    res = duel({}, {}, turn=2, rng=1, a=sheet("a", moves=[KICK]), b=sheet("b", moves=[CLONES]), sb=glide)
    assert res.status == "decision_required" and first_decision(res).key == "T2.b.illusion_glide"


def test_offensive_illusion_not_declared_gets_no_bonus_and_no_glide() -> None:
    res = duel(
        {"T1.a.action": attack(["kick"]), **interrupt_with("clones")},
        MISS,
        a=sheet("a", moves=[KICK]),
        b=sheet("b", moves=[CLONES]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert "offensive_illusion" not in inp(res, "D.4", "b")
    assert effect(res, "b", "offensive_illusion") is None


# ── Fake ──────────────────────────────────────────────────────────────────────────────────────────────

FEINT = {"id": "feint", "name": "Feint", "level": 2, "elements": [{"id": "fake", "options": {"elements": 4}}]}


def test_fake_raises_tactics_defense_totals_for_the_rest_of_the_turn() -> None:
    # a (Initiative 6) feints; b (Initiative 1) then attacks; 4 Elements of Fake give +3 (000 L3350).
    dec = {
        "T1.a.action": {"action": "utility", "moves": ["feint"]},
        "T1.b.action": attack(["basic_move"]),
        "T1.a.defense": {"defense": "tactics"},
    }
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[FEINT]), rng=1)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.4", "a")["fake"] == 3
    assert inp(res, "D.4", "a")["tactics"] == 2


def test_fake_does_not_help_defense_or_evasion() -> None:
    dec = {
        "T1.a.action": {"action": "utility", "moves": ["feint"]},
        "T1.b.action": attack(["basic_move"]),
        "T1.a.defense": {"defense": "defense"},
    }
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[FEINT]), rng=1)
    assert res.status == "resolved", res.violations
    assert "fake" not in inp(res, "D.4", "a")


def test_fake_needs_an_opponent_with_lower_initiative() -> None:
    # b (Initiative 6) holds; a (Initiative 1) feints, but nobody is below him; b then attacks from his hold.
    dec = {
        "T1.b.act_or_hold": {"choice": "hold"},
        "T1.a.action": {"action": "utility", "moves": ["feint"]},
        "T1.b.interrupt": {"choice": "pass"},
        "T1.b.interrupt:end": {"choice": "act"},
        "T1.b.action": attack(["basic_move"]),
        "T1.a.defense": {"defense": "tactics"},
    }
    res = duel(
        dec, {"T1.a.init": 1, "T1.b.init": 6, "T1.a.ctrl": 6, "T1.b.ctrl": 6}, a=sheet("a", moves=[FEINT]), rng=1
    )
    assert res.status == "resolved", res.violations
    labels = [s.label for s in res.log]
    assert labels.index("C.5") < labels.index("D.3")  # the feint came first, then b's attack from his hold
    assert "fake" not in inp(res, "D.4", "a")


# ── Invisibility ──────────────────────────────────────────────────────────────────────────────────────


def vanish(init: int = 1, ctrl: int = 1, maintain: bool = False) -> dict[str, Any]:
    els: list[dict[str, Any]] = [{"id": "invisibility", "options": {"initiative_steps": init, "control_steps": ctrl}}]
    if maintain:
        els.append({"id": "invisibility.maintain_effect"})
    return {"id": "vanish", "name": "Vanish", "level": 3, "elements": els}


def dice(res: TurnResult, key: str) -> str:
    return next(r.die for r in res.rolls if r.key == key)


def test_invisibility_shrinks_the_opponents_dice_on_the_next_turn_only() -> None:
    res = duel({"T1.a.action": attack(["vanish"])}, A_FIRST, a=sheet("a", moves=[vanish(1, 2)]), rng=1)
    assert res.status == "resolved", res.violations
    assert effect(res, "a", "invisibility") is not None
    nxt = duel(
        {},
        {},
        turn=2,
        rng=res.fight.positioning.range,
        a=sheet("a", moves=[vanish(1, 2)]),
        sa=carried(res, "a"),
        sb=carried(res, "b"),
    )
    assert nxt.status == "resolved", nxt.violations
    # b (Speed 0) normally rolls 1d6 for both: one size less Initiative, two sizes less Control.
    assert (dice(nxt, "T2.b.init"), dice(nxt, "T2.b.ctrl")) == ("1d4", "1d2")
    assert (dice(nxt, "T2.a.init"), dice(nxt, "T2.a.ctrl")) == ("1d6", "1d6")
    assert effect(nxt, "a", "invisibility") is None  # it lasted the following turn
    third = duel(
        {},
        {},
        turn=3,
        rng=res.fight.positioning.range,
        a=sheet("a", moves=[vanish(1, 2)]),
        sa=carried(nxt, "a"),
        sb=carried(nxt, "b"),
    )
    assert dice(third, "T3.b.init") == "1d6"


def test_invisibility_is_lost_when_hit_before_the_next_turn() -> None:
    # a vanishes first, then b hits him later in the same turn.
    res = duel(
        {"T1.a.action": attack(["vanish"]), "T1.b.action": attack(["basic_move"]), "T1.b.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.b.ctrl": 6},
        a=sheet("a", defense=0, moves=[vanish()]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar < 50
    assert effect(res, "a", "invisibility") is None


def test_maintain_effect_keeps_the_penalty_until_he_is_hit() -> None:
    held = {"ongoing_effects": [{"id": "invisibility", "move": "vanish", "since": 1}]}
    res = duel({}, {}, turn=3, rng=3, a=sheet("a", moves=[vanish(1, 0, maintain=True)]), sa=held)
    assert res.status == "resolved", res.violations
    assert dice(res, "T3.b.init") == "1d4" and dice(res, "T3.b.ctrl") == "1d6"
    assert effect(res, "a", "invisibility") is not None  # still there after the turn
    hit = duel(
        {"T3.b.action": attack(["basic_move"]), "T3.b.accuracy_fs": {"fs": 3}},
        {"T3.b.init": 4, "T3.a.init": 1, "T3.b.ctrl": 6},
        turn=3,
        rng=1,
        a=sheet("a", defense=0, moves=[vanish(1, 0, maintain=True)]),
        sa=held,
    )
    assert hit.status == "resolved", hit.violations
    assert effect(hit, "a", "invisibility") is None


def test_an_opponent_who_keeps_clear_cannot_attack_the_invisible_fighter() -> None:
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30}}
    held = {"ongoing_effects": [{"id": "invisibility", "move": "vanish", "since": 1}]}
    dec = {"T2.c.engage_invisible": {"choice": "pass"}, "T2.c.action": attack(["basic_move"], target="a")}
    res = duel(dec, {"T2.c.init": 6, "T2.c.ctrl": 6}, turn=2, a=sheet("a", moves=[vanish(1, 1)]), sa=held, extra=[c])
    assert res.violations[0].code == "TARGET_UNAVAILABLE"
    res = duel(
        {"T2.c.engage_invisible": {"choice": "pass"}},
        {},
        turn=2,
        a=sheet("a", moves=[vanish(1, 1)]),
        sa=held,
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    assert dice(res, "T2.c.init") == "1d6" and dice(res, "T2.b.init") == "1d4"  # b engages by default


# ── Triggered Interrupt ───────────────────────────────────────────────────────────────────────────────

TRAP = {"id": "trap", "name": "Trap", "level": 2, "elements": [{"id": "interrupt"}, {"id": "triggered_interrupt"}]}
TRAPS = {
    "id": "trap",
    "name": "Trap",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "triggered_interrupt"}, {"id": "triggered_interrupt.multiple_instances"}],
}
B_FIRST = {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6}


def armed(charges: int = 1, left: int = 8) -> dict[str, Any]:
    return {
        "ongoing_effects": [
            {"id": "triggered_interrupt", "move": "trap", "time_left": left, "since": 1, "charges": charges}
        ]
    }


def set_off(n: int = 1, fs: int = 3) -> dict[str, Any]:
    return {"T2.a.triggered_interrupt": {"choice": "respond", "moves": ["trap"] * n, "fs": fs}}


def test_first_use_only_arms_the_triggered_interrupt() -> None:
    res = duel({"T1.a.action": attack(["trap"])}, A_FIRST, a=sheet("a", moves=[TRAP]), rng=1)
    assert res.status == "resolved", res.violations
    assert attackers(res) == []  # no attack roll: it is set like a Utility move
    e = effect(res, "a", "triggered_interrupt")
    assert (e.move, e.charges, e.since) == ("trap", 1, 1)
    assert e.time_left == 10 - 6  # its 10-count runs with the Time Roll (6 this turn)


def test_the_attacker_must_beat_both_defences() -> None:
    # b's attack beats a's Defense (roll 6) but not the Triggered Interrupt (roll 1): it misses, the trap strikes.
    dec = {"T2.b.action": attack(["basic_move"]), "T2.a.defense": {"defense": "defense"}, **set_off()}
    res = duel(
        dec,
        {**B_FIRST, "T2.b.attack": 6, "T2.b.attack_triggered": 1},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAP]),
        sa=armed(),
    )
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["b", "a"]
    assert st(res, "a").life_bar == 50
    trap_dt = next(s for s in res.log if s.label == "D.4" and s.actor == "a" and "instances" in s.inputs)
    assert dict(trap_dt.change) == {"dt": 2 + 3, "fs": 30 - 3}  # Tactics 2 + 3 FS, which he pays
    assert effect(res, "a", "triggered_interrupt") is None  # used up


def test_a_beaten_trap_is_gone_and_the_attack_lands() -> None:
    dec = {"T2.b.action": attack(["basic_move"]), "T2.a.defense": {"defense": "defense"}, **set_off(fs=0)}
    res = duel(
        dec,
        {**B_FIRST, "T2.b.attack": 6, "T2.b.attack_triggered": 6},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAP]),
        sa=armed(),
    )
    assert res.status == "resolved", res.violations
    assert attackers(res) == ["b"]
    assert st(res, "a").life_bar < 50
    assert effect(res, "a", "triggered_interrupt") is None


def test_the_second_roll_uses_the_same_accuracy_and_fs() -> None:
    dec = {
        "T2.b.action": attack(["basic_move"]),
        "T2.b.accuracy_fs": {"fs": 2},
        "T2.a.defense": {"defense": "defense"},
        **set_off(fs=3),
    }
    res = duel(
        dec,
        {**B_FIRST, "T2.b.attack": 6, "T2.b.attack_triggered": 3},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAP]),
        sa=armed(),
    )
    assert res.status == "resolved", res.violations
    # Accuracy: +1 extra Control, +2 FS = +3; the trap's Tactics 2 + 3 FS = 5; 3 + 3 = 6 beats it.
    assert attackers(res) == ["b"]
    paid = next(dict(s.change)["fs"] for s in res.log if s.label == "D.6" and s.actor == "b" and "fs" in s.change)
    assert paid == 30 - 2  # b paid his 2 FS once for both rolls


def test_multiple_instances_add_two_damage_per_extra_instance() -> None:
    dec = {"T2.b.action": attack(["basic_move"]), "T2.a.defense": {"defense": "defense"}, **set_off(n=3)}
    res = duel(
        dec,
        {**B_FIRST, "T2.b.attack": 6, "T2.b.attack_triggered": 1, "T2.a.damage": 2},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAPS]),
        b=sheet("b", defense=0),
        sa=armed(charges=3),
    )
    assert res.status == "resolved", res.violations
    # a Special Move's 1d6 rolled 2, +2 for each of the 2 instances past the first
    assert st(res, "b").life_bar == 50 - (2 + 4)
    assert effect(res, "a", "triggered_interrupt") is None


def test_multiple_instances_stack_when_armed_again() -> None:
    res = duel(
        {"T2.a.action": attack(["trap"])},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAPS]),
        sa=armed(),
    )
    assert effect(res, "a", "triggered_interrupt").charges == 2
    res = duel(
        {"T2.a.action": attack(["trap"])},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6},
        turn=2,
        rng=1,
        a=sheet("a", moves=[TRAP]),
        sa=armed(left=2),
    )
    e = effect(res, "a", "triggered_interrupt")
    assert (e.charges, e.time_left) == (1, 10 - 6)  # one instance; only the 10-count restarted


def test_too_many_instances_are_refused() -> None:
    dec = {"T2.b.action": attack(["basic_move"]), "T2.a.defense": {"defense": "defense"}, **set_off(n=2)}
    res = duel(dec, {**B_FIRST, "T2.b.attack": 6}, turn=2, rng=1, a=sheet("a", moves=[TRAPS]), sa=armed())
    assert res.violations[0].code == "DECISION_INVALID"


def test_an_unused_trap_fades_after_its_ten_count() -> None:
    res = duel({}, {"T2.fight.time": 6}, turn=2, rng=1, a=sheet("a", moves=[TRAP]), sa=armed(left=4))
    assert res.status == "resolved", res.violations
    assert effect(res, "a", "triggered_interrupt") is None


def test_an_unarmed_trap_is_no_ordinary_interrupt() -> None:
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": TACTICS,
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["trap"]},
        },
        MISS,
        b=sheet("b", moves=[TRAP]),
        rng=1,
    )
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


def test_an_area_attack_spares_the_invisible_fighter_its_user_keeps_clear_of() -> None:
    # Band Map a 1, b 2, c 3: b is invisible; c keeps clear of him and blasts a, so the blast passes b by.
    blast = {"id": "blast", "name": "Blast", "level": 2, "elements": [{"id": "area_effect"}]}
    c = {"id": "c", "sheet": sheet("c", moves=[blast]), "state": {"life_bar": 50, "fighting_spirit": 30}}
    held = {"ongoing_effects": [{"id": "invisibility", "move": "vanish", "since": 1}]}
    dec = {"T2.c.engage_invisible": {"choice": "pass"}, "T2.c.action": attack(["blast"], target="a")}
    res = duel(dec, {"T2.c.init": 6, "T2.c.ctrl": 6}, turn=2, b=sheet("b", moves=[vanish()]), sb=held, extra=[c])
    assert res.status == "resolved", res.violations
    assert [s.text.split(" with ")[0] for s in res.log if s.label == "D.3"] == ["c attacks a"]
    # engaging him, c rolls 1d4s (one size less) and the blast catches b too
    engaged = duel(
        {**dec, "T2.c.engage_invisible": {"choice": "act"}},
        {"T2.c.init": 4, "T2.c.ctrl": 4},
        turn=2,
        b=sheet("b", moves=[vanish()]),
        sb=held,
        extra=[c],
    )
    assert [s.text.split(" with ")[0] for s in engaged.log if s.label == "D.3"] == ["c attacks a", "c attacks b"]
