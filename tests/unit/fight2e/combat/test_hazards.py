"""Environmental Hazards without a Battle Grid (000 L6067–L6229), Maneuver Checks and Checked fighters
(000 L5666–L5668), and the catalogue entries that use them."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult
from service.rules.fight2e.combat.registry.coverage import RULES_NOT_IMPLEMENTED

from .fixtures import build
from .support import A_FIRST, FS, LIFE, attack, duel, inp, nothing, sheet, st

WALL = [{"id": "w", "kind": "wall"}]
CORNER = [{"id": "c", "kind": "corner"}]
SPIKES = [{"id": "spikes", "kind": "damaging"}]
WIN = {"T1.a.maneuver": 9, "T1.b.maneuver": 2}  # a wins his Maneuver Check (1d10 + Tactics 2 each)
LOSE = {"T1.a.maneuver": 2, "T1.b.maneuver": 9}
SURE = {"T1.a.accuracy_fs": {"fs": 3}}  # +3 Accuracy against Defense Total 0: no roll needed
FIST = {"id": "fist", "name": "Fist", "level": 2}
JUGGLE = {"id": "lift", "name": "Lift", "level": 3, "elements": [{"id": "juggle"}]}


def band_fight(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    bands: dict[str, int],
    hazards: list[dict],
    a: dict | None = None,
    b: dict | None = None,
    extra: list | None = None,
    sb: dict | None = None,
    sides: dict | None = None,
) -> TurnResult:
    fighters = []
    for fid, sh, stt in (("a", a or sheet("a"), None), ("b", b or sheet("b", defense=0), sb)):
        pl = sh["power_level"]
        fighters.append(
            {
                "id": fid,
                "sheet": sh,
                "state": {"life_bar": LIFE[pl], "fighting_spirit": FS[pl], "fs_start": FS[pl], **(stt or {})},
            }
        )
    fighters += extra or []
    decisions = dict(decisions)
    for f in fighters:
        decisions.setdefault(f"T1.{f['id']}.action", nothing())
    req = {
        "fight": {"positioning": {"mode": "band", "bands": bands}, "hazards": hazards, "sides": sides or {}},
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))


def effects_of(res: TurnResult, fid: str) -> dict[str, Any]:
    return {e.id: e for e in st(res, fid).ongoing_effects}


# ── the rule area ──────────────────────────────────────────────────────────────────────────────────────


def test_hazards_are_no_longer_listed_as_a_missing_rule_and_walls_are_not_unsupported() -> None:
    assert "hazards" not in RULES_NOT_IMPLEMENTED
    res = duel({}, A_FIRST, rng=1, fight_hazards=WALL)
    assert res.status == "resolved", res.violations
    assert not res.unsupported


def test_a_hazard_kind_the_text_does_not_define_is_bad_input_naming_its_field() -> None:
    """The kinds are the text's (000 L6121–L6229); "elevation" alone says neither higher nor lower (000 L6153)."""
    for kind in ("elevation", "explosive_device", "deathtrap"):
        try:
            duel({}, A_FIRST, rng=1, fight_hazards=[{"id": "ledge", "kind": kind}])
        except ValidationError as exc:
            assert [e["loc"] for e in exc.errors()] == [("fight", "hazards", 0, "kind")]
        else:
            raise AssertionError(f"Hazard kind {kind} was accepted")


def test_band_map_hazards_need_their_band_and_one_per_band() -> None:
    res = band_fight({}, A_FIRST, {"a": 2, "b": 3}, [{"id": "w", "kind": "wall"}])
    assert res.violations[0].code == "HAZARD_INVALID"
    res = band_fight(
        {}, A_FIRST, {"a": 2, "b": 3}, [{"id": "w", "kind": "wall", "band": 6}, {"id": "p", "kind": "pit", "band": 6}]
    )
    assert res.violations[0].code == "HAZARD_INVALID"


# ── Maneuver Check and walls without a map ───────────────────────────────────────────────────────────


def test_forcing_an_opponent_against_a_wall_gives_plus_one_accuracy_and_stops_knock_back() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.a.hazard": {"hazard": "w", "target": "b"}, **SURE}
    res = duel(dec, {**A_FIRST, **WIN}, b=sheet("b", defense=0), rng=1, fight_hazards=WALL)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")["wall"] == 1
    assert res.fight.positioning.range == 1  # a hit at Range 1 would knock him back to 2
    assert effects_of(res, "b")["against_wall"].hazard == "w"


def test_a_lost_maneuver_check_leaves_him_off_the_wall() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.a.hazard": {"hazard": "w", "target": "b"}, **SURE}
    res = duel(dec, {**A_FIRST, **LOSE}, b=sheet("b", defense=0), rng=1, fight_hazards=WALL)
    assert "wall" not in inp(res, "D.6", "a")
    assert res.fight.positioning.range == 2
    assert "against_wall" not in effects_of(res, "b")


def test_a_corner_adds_one_more_accuracy() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.a.hazard": {"hazard": "c", "target": "b"}, **SURE}
    res = duel(dec, {**A_FIRST, **WIN}, b=sheet("b", defense=0), rng=1, fight_hazards=CORNER)
    parts = inp(res, "D.6", "a")
    assert parts["wall"] + parts["corner"] == 2


def test_the_wall_bonus_needs_range_0_or_1() -> None:
    state = {"ongoing_effects": [{"id": "against_wall", "hazard": "w"}]}
    res = duel(
        {"T1.a.action": attack(["kick"], movement=0), **SURE},
        A_FIRST,
        b=sheet("b", defense=0),
        sb=state,
        rng=2,
        fight_hazards=WALL,
    )
    assert res.status == "resolved", res.violations
    assert "wall" not in inp(res, "D.6", "a")


def test_juggle_does_one_more_damage_against_the_wall() -> None:
    state = {"ongoing_effects": [{"id": "against_wall", "hazard": "w"}]}
    dice = {**A_FIRST, "T1.a.damage": 4}
    free = duel(
        {"T1.a.action": attack(["lift"]), **SURE}, dice, a=sheet("a", moves=[JUGGLE]), b=sheet("b", defense=0), rng=1
    )
    pinned = duel(
        {"T1.a.action": attack(["lift"]), **SURE},
        dice,
        a=sheet("a", moves=[JUGGLE]),
        b=sheet("b", defense=0),
        sb=state,
        rng=1,
        fight_hazards=WALL,
    )
    assert free.status == pinned.status == "resolved", pinned.violations
    assert 50 - st(pinned, "b").life_bar == 50 - st(free, "b").life_bar + 1


def test_moving_toward_the_opponent_leaves_the_wall_moving_away_does_not() -> None:
    state = {"ongoing_effects": [{"id": "against_wall", "hazard": "w"}]}
    dice = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6}
    res = duel(
        {"T1.b.action": {"action": "move", "movement": 1, "direction": "toward"}},
        dice,
        sb=state,
        rng=3,
        fight_hazards=WALL,
    )
    assert res.status == "resolved", res.violations
    assert "against_wall" not in effects_of(res, "b")
    res = duel(
        {"T1.b.action": {"action": "move", "movement": 1, "direction": "away"}},
        dice,
        sb=state,
        rng=3,
        fight_hazards=WALL,
    )
    assert "against_wall" in effects_of(res, "b")


def test_maneuver_check_modifiers_without_a_map() -> None:
    # 3 Ranges moved: +2 for the mover; Range 1 after the move, so nothing for the opponent (000 L6083).
    dec = {
        "T1.a.action": {"action": "move", "movement": 3, "direction": "toward"},
        "T1.a.hazard": {"hazard": "w", "target": "b"},
    }
    res = duel(dec, {**A_FIRST, "T1.a.maneuver": 5, "T1.b.maneuver": 6}, rng=4, fight_hazards=WALL)
    assert res.status == "resolved", res.violations
    check = next(s for s in res.log if s.text.startswith("Maneuver Check"))
    assert check.inputs["mine"] == 5 + 2 + 2 and check.inputs["theirs"] == 6 + 2  # 1d10 + Tactics 2 (+2 moved)
    assert check.change["won"] is True
    # Standing at Range 3, the opponent adds 1.
    dec = {"T1.a.action": {"action": "none"}, "T1.a.hazard": {"hazard": "w", "target": "b"}}
    res = duel(
        dec,
        {**A_FIRST, "T1.a.maneuver": 6, "T1.b.maneuver": 6, "T1.a.maneuver.2": 1, "T1.b.maneuver.2": 1},
        rng=3,
        fight_hazards=WALL,
    )
    check = next(s for s in res.log if s.text.startswith("Maneuver Check"))
    assert check.inputs["theirs"] == 6 + 2 + 1 and check.change["won"] is False


def test_one_maneuver_check_a_turn() -> None:
    dec = {
        "T1.a.action": attack(["fist"]),
        "T1.a.hazard": {"hazard": "spikes", "target": "b"},
        **SURE,
        "T1.a.hazard_knockback": {"hazard": "spikes"},
    }
    res = duel(dec, {**A_FIRST, **LOSE}, b=sheet("b", defense=0), rng=1, fight_hazards=SPIKES)
    assert res.status == "resolved", res.violations
    assert "T1.a.hazard_knockback" in [w.key for w in res.warnings if w.code == "DECISION_NOT_USED"]


# ── damaging hazards, Ring-Outs, Pits ────────────────────────────────────────────────────────────────


def test_a_damaging_hazard_does_1d6_plus_the_highest_power_level() -> None:
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "spikes", "target": "b"}}
    res = duel(dec, {**A_FIRST, **WIN, "T1.b.hazard_damage": 4}, a=sheet("a", pl=4), rng=3, fight_hazards=SPIKES)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - (4 + 4)  # 1d6 (4) + the highest Power Level in the fight (a's 4)


def test_hazard_damage_counts_toward_stun() -> None:
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "spikes", "target": "b"}}
    res = duel(dec, {**A_FIRST, **WIN, "T1.b.hazard_damage": 6}, a=sheet("a", pl=4), rng=3, fight_hazards=SPIKES)
    assert st(res, "b").stunned is not None  # 10 Stun damage is above b's Stun Threshold (Power Level 3 + 4 = 7)


def test_knock_back_steered_into_a_damaging_hazard_on_a_band_map() -> None:
    hz = [{"id": "spikes", "kind": "damaging", "band": 5}]
    dec = {"T1.a.action": attack(["fist"]), **SURE, "T1.a.hazard_knockback": {"hazard": "spikes"}}
    res = band_fight(dec, {**A_FIRST, **WIN, "T1.a.damage": 2, "T1.b.hazard_damage": 3}, {"a": 3, "b": 4}, hz)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 2 - (3 + 3)
    assert res.fight.positioning.bands["b"] == 6  # knocked into band 5, then 1 band clear, away from a


def test_the_spikes_are_only_reachable_in_his_band() -> None:
    hz = [{"id": "spikes", "kind": "damaging", "band": 6}]
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "spikes", "target": "b"}}
    res = band_fight(dec, A_FIRST, {"a": 3, "b": 4}, hz)
    assert res.violations[0].code == "HAZARD_INTERACTION_INVALID"


def test_a_wall_band_is_automatic_on_a_band_map() -> None:
    hz = [{"id": "w", "kind": "wall", "band": 6}]
    res = band_fight({"T1.a.action": attack(["fist"]), **SURE}, A_FIRST, {"a": 5, "b": 6}, hz)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")["wall"] == 1
    assert res.fight.positioning.bands == {"a": 5, "b": 6}  # no Knock Back and no shift of the map


def test_knocked_back_into_a_ring_out_band_loses_the_fight() -> None:
    hz = [{"id": "edge", "kind": "ring_out", "band": 6}]
    res = band_fight({"T1.a.action": attack(["fist"]), **SURE}, A_FIRST, {"a": 4, "b": 5}, hz)
    assert res.status == "over", res.violations
    assert st(res, "b").defeated and res.winner == "a"


def test_ring_out_without_a_map_by_maneuver_check() -> None:
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "edge", "target": "b"}}
    res = duel(dec, {**A_FIRST, **WIN}, rng=2, fight_hazards=[{"id": "edge", "kind": "ring_out"}])
    assert res.status == "over" and st(res, "b").defeated


def test_a_fighter_in_a_pit_cannot_be_attacked_and_spends_his_action_leaping_out() -> None:
    pit = [{"id": "hole", "kind": "pit"}]
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "hole", "target": "b"}, "T1.b.action": attack(["fist"])}
    res = duel(dec, {**A_FIRST, **WIN, "T1.b.hazard_damage": 1}, rng=1, fight_hazards=pit)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 4  # damage, no Knock Back
    assert "in_pit" not in effects_of(res, "b")  # his action went to leaping out; the attack never happened
    assert not [s for s in res.log if s.label == "D.3"]
    state = {"ongoing_effects": [{"id": "in_pit", "hazard": "hole"}]}
    res = duel({"T1.a.action": attack(["fist"])}, A_FIRST, sb=state, rng=1, fight_hazards=pit)
    assert res.violations[0].code == "TARGET_UNAVAILABLE"


def test_a_condition_must_name_a_hazard_in_play() -> None:
    state = {"ongoing_effects": [{"id": "against_wall", "hazard": "nowhere"}]}
    res = duel({}, A_FIRST, sb=state, rng=1, fight_hazards=WALL)
    assert res.violations[0].code == "STATE_INCONSISTENT_STATUS"


# ── Checked (000 L5668) ────────────────────────────────────────────────────────────────────────────────


def _third() -> dict:
    return {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30}}


def test_checking_an_opponent_and_breaking_the_check() -> None:
    sides = {"a": 3, "b": 3, "c": 3}
    dec = {"T1.a.hazard": {"choice": "check", "target": "b"}}
    res = band_fight(dec, {**A_FIRST, **WIN, "T1.c.init": 2}, sides, [], extra=[_third()])
    assert res.status == "resolved", res.violations
    assert effects_of(res, "b")["checked"].target == "a"
    # Checked, b must win a Maneuver Check in place of movement to attack a; lost, his action is spent.
    state = {"ongoing_effects": [{"id": "checked", "target": "a"}]}
    dice = {"T1.b.init": 6, "T1.a.init": 1, "T1.c.init": 2, "T1.b.ctrl": 6}
    bsheet = sheet("b")
    lost = band_fight(
        {"T1.b.action": attack(["fist"], target="a")},
        {**dice, "T1.b.maneuver": 1, "T1.a.maneuver": 9},
        sides,
        [],
        b=bsheet,
        sb=state,
        extra=[_third()],
    )
    assert lost.status == "resolved", lost.violations
    assert not [s for s in lost.log if s.label == "D.3"] and "checked" in effects_of(lost, "b")
    won = band_fight(
        {"T1.b.action": attack(["fist"], target="a")},
        {**dice, "T1.b.maneuver": 9, "T1.a.maneuver": 1},
        sides,
        [],
        b=bsheet,
        sb=state,
        extra=[_third()],
    )
    assert [s for s in won.log if s.label == "D.3"] and "checked" not in effects_of(won, "b")
    moved = band_fight(
        {"T1.b.action": attack(["kick"], target="a", movement=1)}, dice, sides, [], b=bsheet, sb=state, extra=[_third()]
    )
    assert moved.violations[0].code == "CHECKED_ATTACK_INVALID"


# ── Requires Environmental Hazard (000 L4787–L4791) ───────────────────────────────────────────────────


def _ropes(hazard: str) -> dict:
    return {
        "id": "slam",
        "name": "Rope Slam",
        "level": 3,
        "liabilities": [{"id": "requires_environmental_hazard", "options": {"hazard": hazard}}],
    }


def test_requires_environmental_hazard_works_on_a_target_against_it() -> None:
    dec = {"T1.a.action": attack(["slam"]), "T1.a.hazard": {"hazard": "w", "target": "b"}, **SURE}
    res = duel(
        dec,
        {**A_FIRST, **WIN},
        a=sheet("a", moves=[_ropes("wall")]),
        b=sheet("b", defense=0),
        rng=1,
        fight_hazards=WALL,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50  # forced against the wall after movement, then slammed


def test_requires_environmental_hazard_fails_when_the_target_is_not_against_it() -> None:
    dec = {"T1.a.action": attack(["slam"]), "T1.a.hazard": {"hazard": "w", "target": "b"}, **SURE}
    res = duel(
        dec,
        {**A_FIRST, **LOSE},
        a=sheet("a", moves=[_ropes("wall")]),
        b=sheet("b", defense=0),
        rng=1,
        fight_hazards=WALL,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 and [w.code for w in res.warnings if w.code == "HAZARD_NOT_ENGAGED"]
    assert not [s for s in res.log if s.label == "D.6"]  # no attack roll at all


def test_requires_environmental_hazard_needs_the_hazard_in_the_fight() -> None:
    res = duel({"T1.a.action": attack(["slam"])}, A_FIRST, a=sheet("a", moves=[_ropes("wall")]), rng=1)
    assert res.violations[0].code == "HAZARD_REQUIRED"
    res = duel(
        {"T1.a.action": attack(["slam"])}, A_FIRST, a=sheet("a", moves=[_ropes("pit")]), rng=1, fight_hazards=WALL
    )
    assert res.violations[0].code == "HAZARD_REQUIRED"


# ── Wall Bounce (000 L4067–L4073) ──────────────────────────────────────────────────────────────────────

BOLT = {"id": "bolt", "name": "Bolt", "level": 3, "elements": [{"id": "ranged"}, {"id": "ranged.wall_bounce"}]}


def test_wall_bounce_on_a_band_map_near_a_wall_and_a_corner() -> None:
    for kind, bonus in (("wall", 1), ("corner", 2)):
        hz = [{"id": "x", "kind": kind, "band": 1}]
        res = band_fight(
            {"T1.a.action": attack(["bolt"]), **SURE}, A_FIRST, {"a": 2, "b": 4}, hz, a=sheet("a", moves=[BOLT])
        )
        assert res.status == "resolved", res.violations
        assert inp(res, "D.6", "a")["wall_bounce"] == bonus
    # the target 4 bands from the wall: no bounce
    res = band_fight(
        {"T1.a.action": attack(["bolt"]), **SURE},
        A_FIRST,
        {"a": 2, "b": 5},
        [{"id": "x", "kind": "wall", "band": 1}],
        a=sheet("a", moves=[BOLT]),
    )
    assert "wall_bounce" not in inp(res, "D.6", "a")


def test_wall_bounce_without_a_map_needs_a_maneuver_check() -> None:
    for dice, bonus in ((WIN, 1), (LOSE, None)):
        res = duel(
            {"T1.a.action": attack(["bolt"]), **SURE},
            {**A_FIRST, **dice},
            a=sheet("a", moves=[BOLT]),
            rng=3,
            fight_hazards=WALL,
        )
        assert res.status == "resolved", res.violations
        assert inp(res, "D.6", "a").get("wall_bounce") == bonus
    res = duel({"T1.a.action": attack(["bolt"]), **SURE}, A_FIRST, a=sheet("a", moves=[BOLT]), rng=3)
    assert "wall_bounce" not in inp(res, "D.6", "a")  # no walls in this fight: nothing to bank off


# ── Carrying Grapple (000 L4349–L4357) ─────────────────────────────────────────────────────────────────

CARRY = {"id": "carry", "name": "Carry", "level": 3, "elements": [{"id": "throw"}, {"id": "throw.carrying_grapple"}]}


def test_carrying_grapple_carries_both_one_band_for_one_fs() -> None:
    hz = [{"id": "edge", "kind": "ring_out", "band": 6}]
    dec = {"T1.a.action": attack(["carry"]), **SURE, "T1.a.carry": {"hazard": "edge"}}
    res = band_fight(dec, A_FIRST, {"a": 4, "b": 4}, hz, a=sheet("a", moves=[CARRY]))
    assert res.status == "over", res.violations
    assert st(res, "b").defeated  # carried to band 5, then Knocked Back into the Ring-Out band
    assert res.fight.positioning.bands["a"] == 5
    # without the decision nobody is carried: the Knock Back alone leaves him in band 5
    res = band_fight(
        {"T1.a.action": attack(["carry"]), **SURE}, A_FIRST, {"a": 4, "b": 4}, hz, a=sheet("a", moves=[CARRY])
    )
    assert not st(res, "b").defeated and res.fight.positioning.bands == {"a": 4, "b": 5}


def test_carrying_grapple_costs_one_fs() -> None:
    hz = [{"id": "w", "kind": "wall", "band": 1}]
    base = {"T1.a.action": attack(["carry"]), **SURE}
    stay = band_fight(base, A_FIRST, {"a": 3, "b": 3}, hz, a=sheet("a", moves=[CARRY]))
    went = band_fight(
        {**base, "T1.a.carry": {"hazard": "w"}}, A_FIRST, {"a": 3, "b": 3}, hz, a=sheet("a", moves=[CARRY])
    )
    assert went.status == "resolved", went.violations
    assert st(stay, "a").fighting_spirit - st(went, "a").fighting_spirit == 1
    assert went.fight.positioning.bands["a"] == 2


def test_carrying_grapple_does_nothing_without_a_map() -> None:
    dec = {"T1.a.action": attack(["carry"]), **SURE, "T1.a.carry": {"hazard": "w"}}
    res = duel(dec, A_FIRST, a=sheet("a", moves=[CARRY]), b=sheet("b", defense=0), rng=0, fight_hazards=WALL)
    assert res.status == "resolved", res.violations
    assert "T1.a.carry" in [w.key for w in res.warnings if w.code == "DECISION_NOT_USED"]
    assert not res.unsupported


# ── Behind Opponent (000 L4457–L4477) ──────────────────────────────────────────────────────────────────

STAB = {
    "id": "stab",
    "name": "Back Stab",
    "level": 3,
    "elements": [{"id": "mobile", "options": {"movement": "mobile"}}],
    "liabilities": [{"id": "behind_opponent"}],
}


def _stab(movement: int, dice: dict, rng: int, **kw: Any) -> TurnResult:
    return duel(
        {"T1.a.action": attack(["stab"], movement=movement), **SURE},
        {**A_FIRST, **dice},
        a=sheet("a", moves=[STAB]),
        b=sheet("b", defense=0),
        rng=rng,
        **kw,
    )


def test_behind_by_going_past_the_opponent() -> None:
    res = _stab(2, {}, 1)  # Range 1 → 0 → 1 on his other side
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50
    assert not [r for r in res.rolls if "maneuver" in r.key]  # no Maneuver Check needed


def test_behind_from_range_0_or_1_needs_a_maneuver_check() -> None:
    for rng, movement in ((0, 0), (1, 1)):
        won = _stab(movement, WIN, rng)
        assert won.status == "resolved", won.violations
        assert st(won, "b").life_bar < 50
        lost = _stab(movement, LOSE, rng)
        assert st(lost, "b").life_bar == 50
        assert "BEHIND_NOT_ACHIEVED" in [w.code for w in lost.warnings]


def test_not_behind_from_range_2_without_going_past() -> None:
    res = _stab(1, {}, 2)
    assert st(res, "b").life_bar == 50 and "BEHIND_NOT_ACHIEVED" in [w.code for w in res.warnings]


def test_behind_lasts_until_someone_moves() -> None:
    state = {"ongoing_effects": [{"id": "behind", "target": "b"}]}
    held = duel(
        {"T1.a.action": attack(["stab"], movement=0), **SURE},
        A_FIRST,
        a=sheet("a", moves=[STAB]),
        b=sheet("b", defense=0),
        sa=state,
        rng=1,
    )
    assert held.status == "resolved", held.violations
    assert st(held, "b").life_bar < 50  # held from last turn: no check
    assert "behind" not in effects_of(held, "a")  # the hit's Knock Back moved b: the condition is over
    gone = duel(
        {
            "T1.b.action": {"action": "move", "movement": 1, "direction": "away"},
            "T1.a.action": attack(["stab"], movement=0),
            **SURE,
        },
        {"T1.b.init": 6, "T1.a.init": 1, "T1.a.ctrl": 6},
        a=sheet("a", moves=[STAB]),
        b=sheet("b", defense=0),
        sa=state,
        rng=1,
    )
    assert "BEHIND_NOT_ACHIEVED" in [w.code for w in gone.warnings]


def test_behind_on_a_band_map_by_passing_the_opponent() -> None:
    res = band_fight(
        {"T1.a.action": attack(["stab"], movement=2), **SURE}, A_FIRST, {"a": 3, "b": 4}, [], a=sheet("a", moves=[STAB])
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50


# ── Negative Positioning (000 L4684–L4696) ─────────────────────────────────────────────────────────────

SPIN = {"id": "spin", "name": "Spin", "level": 2, "liabilities": [{"id": "negative_positioning"}]}


def test_negative_positioning_is_left_on_the_user_after_the_move() -> None:
    res = duel({"T1.a.action": attack(["spin"])}, A_FIRST, a=sheet("a", moves=[SPIN]), rng=1)
    assert res.status == "resolved", res.violations
    assert "negative_positioning" in effects_of(res, "a")


def test_with_hazards_the_next_opponent_gets_a_free_maneuver_check() -> None:
    state = {"ongoing_effects": [{"id": "negative_positioning", "move": "spin"}]}
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.b.negative_position": {"hazard": "spikes", "target": "a"},
        "T1.b.hazard": {"hazard": "spikes", "target": "a"},
    }
    dice = {
        "T1.b.init": 6,
        "T1.a.init": 1,
        "T1.b.ctrl": 6,
        "T1.b.maneuver": 9,
        "T1.a.maneuver": 2,
        "T1.b.maneuver.2": 9,
        "T1.a.maneuver.2": 2,
        "T1.a.hazard_damage": 1,
        "T1.a.hazard_damage.2": 1,
    }
    res = duel(dec, dice, a=sheet("a", moves=[SPIN, FIST]), sa=state, rng=1, fight_hazards=SPIKES)
    assert res.status == "resolved", res.violations
    hurt = [s for s in res.log if s.text.startswith("a interacts with spikes")]
    assert len(hurt) == 2  # the free check and then his ordinary one of the turn
    assert "negative_positioning" not in effects_of(res, "a")


def test_without_hazards_his_next_attack_is_evaded_at_plus_two() -> None:
    state = {"ongoing_effects": [{"id": "negative_positioning", "move": "spin"}]}
    dec = {"T1.a.action": attack(["fist"]), "T1.b.defense": {"defense": "evasion"}}
    plain = duel(dec, A_FIRST, a=sheet("a", moves=[SPIN, FIST]), rng=1)
    bad = duel(dec, A_FIRST, a=sheet("a", moves=[SPIN, FIST]), sa=state, rng=1)
    assert bad.status == "resolved", bad.violations
    assert inp(bad, "D.4", "b")["negative_position"] == 2
    plain_dt = next(s for s in plain.log if s.label == "D.4").text
    bad_dt = next(s for s in bad.log if s.label == "D.4").text
    assert plain_dt.endswith("Defense Total 2.") and bad_dt.endswith("Defense Total 4.")  # Evasion 2, then + 2
    assert "negative_positioning" not in effects_of(bad, "a")


def test_negative_position_ends_when_hit_or_when_acting_otherwise() -> None:
    state = {"ongoing_effects": [{"id": "negative_positioning", "move": "spin"}]}
    hit = duel(
        {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}},
        {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6},
        a=sheet("a", moves=[SPIN], defense=0),
        sa=state,
        rng=1,
    )
    assert hit.status == "resolved", hit.violations
    assert "negative_positioning" not in effects_of(hit, "a")
    moved = duel(
        {"T1.a.action": {"action": "move", "movement": 1, "direction": "away"}},
        A_FIRST,
        a=sheet("a", moves=[SPIN]),
        sa=state,
        rng=1,
    )
    assert "negative_positioning" not in effects_of(moved, "a")


# ── Position Shift (000 L3794–L3810) ───────────────────────────────────────────────────────────────────


def _shift(mode: str) -> dict:
    return {
        "id": "shove",
        "name": "Shove",
        "level": 3,
        "elements": [{"id": "position_shift", "options": {"mode": mode}}],
    }


def test_position_shift_pushes_the_defender_into_a_hazard_in_the_next_band() -> None:
    hz = [{"id": "spikes", "kind": "damaging", "band": 6}]
    dec = {"T1.a.action": attack(["shove"]), **SURE, "T1.a.position_shift": {"hazard": "spikes"}}
    dice = {**A_FIRST, **WIN, "T1.a.damage": 2, "T1.b.hazard_damage": 3}
    res = band_fight(dec, dice, {"a": 3, "b": 4}, hz, a=sheet("a", moves=[_shift("defender_shifts")]))
    assert res.status == "resolved", res.violations
    # Knock Back first (band 5), then shifted into band 6 and hurt: 2 + (3 + 3); then 1 band clear of it.
    assert st(res, "b").life_bar == 50 - 2 - 6
    assert res.fight.positioning.bands["b"] == 5
    lost = band_fight(dec, {**dice, **LOSE}, {"a": 3, "b": 4}, hz, a=sheet("a", moves=[_shift("defender_shifts")]))
    assert st(lost, "b").life_bar == 50 - 2  # he won the check and dodged it


def test_position_shift_attacker_uses_a_wall_near_himself() -> None:
    hz = [{"id": "w", "kind": "wall", "band": 2}]
    dec = {"T1.a.action": attack(["shove"]), **SURE, "T1.a.position_shift": {"hazard": "w"}}
    res = band_fight(dec, {**A_FIRST, **WIN}, {"a": 3, "b": 4}, hz, a=sheet("a", moves=[_shift("attacker_shifts")]))
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.bands["a"] == 2


def test_position_shift_switch_places_on_a_band_map_only() -> None:
    res = band_fight(
        {"T1.a.action": attack(["shove"]), **SURE},
        A_FIRST,
        {"a": 3, "b": 3},
        [],
        a=sheet("a", moves=[_shift("switch_places")]),
    )
    assert res.status == "resolved", res.violations
    before_switch = {"a": 3, "b": 4}  # the Knock Back is resolved first
    assert res.fight.positioning.bands == {"a": before_switch["b"], "b": before_switch["a"]}
    res = duel(
        {"T1.a.action": attack(["shove"]), **SURE},
        A_FIRST,
        a=sheet("a", moves=[_shift("switch_places")]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved" and res.fight.positioning.range == 2 and not res.unsupported


def test_position_shift_without_a_map_forces_a_check_with_any_hazard() -> None:
    dec = {"T1.a.action": attack(["shove"]), **SURE, "T1.a.position_shift": {"hazard": "w"}}
    res = duel(
        dec,
        {**A_FIRST, **WIN},
        a=sheet("a", moves=[_shift("defender_shifts")]),
        b=sheet("b", defense=0),
        rng=1,
        fight_hazards=WALL,
    )
    assert res.status == "resolved", res.violations
    assert effects_of(res, "b")["against_wall"].hazard == "w"


# ── Sidestep Counter (000 L4149–L4161) ─────────────────────────────────────────────────────────────────


def _slip(only: str = "no") -> dict:
    return {
        "id": "slip",
        "name": "Slip Strike",
        "level": 2,
        "elements": [{"id": "sidestep_counter", "options": {"sidestep_only": only}}],
    }


def _counter(options: dict, extra: dict | None = None, rolls_extra: dict | None = None, **kw: Any) -> TurnResult:
    dec = {
        "T1.a.action": attack(["fist"]),
        "T1.b.defense": {"defense": "evasion", "fs": 3},
        "T1.b.evasion_result": {"choice": "accuracy_bonus"},
        "T1.b.defensive_response": {"choice": "respond", "response": "sidestep_counter", "moves": ["slip"]},
        "T1.b.accuracy_fs": {"fs": 3},
        **(extra or {}),
    }
    return duel(
        dec,
        {**A_FIRST, "T1.a.attack": 1, **(rolls_extra or {})},
        a=sheet("a", defense=0),
        b=sheet("b", moves=[_slip(), FIST]),
        rng=1,
        options=options,
        **kw,
    )


def test_sidestep_counter_is_an_evasion_counter_with_the_sidestep_option() -> None:
    res = _counter({"sidestep": True})
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar < 50  # the counter hit
    res = _counter({})
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


def test_sidestep_counter_then_a_free_maneuver_check_into_a_hazard() -> None:
    dice = {"T1.b.maneuver": 9, "T1.a.maneuver": 2, "T1.a.hazard_damage": 5, "T1.b.damage": 3}
    plain = _counter({"sidestep": True}, {}, fight_hazards=SPIKES, rolls_extra=dice)
    pushed = _counter(
        {"sidestep": True},
        {"T1.b.sidestep_hazard": {"hazard": "spikes", "target": "a"}},
        fight_hazards=SPIKES,
        rolls_extra=dice,
    )
    assert pushed.status == "resolved", pushed.violations
    assert st(plain, "a").life_bar - st(pushed, "a").life_bar == 5 + 3  # 1d6 (5) + the highest Power Level (3)


def test_a_sidestep_only_move_is_not_an_ordinary_attack() -> None:
    res = duel(
        {"T1.a.action": attack(["slip"])},
        A_FIRST,
        a=sheet("a", moves=[_slip("yes")]),
        rng=1,
        options={"sidestep": True},
    )
    assert res.violations[0].code == "COUNTER_MOVE_AS_ATTACK"


# ── Create Environmental Hazard and its modifiers (000 L3131–L3189) ──────────────────────────────────


def _maker(*mods: str, hazard_type: str | None = "wall") -> dict:
    els: list[dict] = [
        {"id": "create_environmental_hazard", **({"options": {"hazard_type": hazard_type}} if hazard_type else {})}
    ]
    els += [{"id": f"create_environmental_hazard.{m}"} for m in mods]
    sh = sheet("a", moves=[{"id": "raise", "name": "Raise", "level": 3, "elements": els}, FIST])
    sh["combat_skills"]["ki"] = 2
    return sh


def _made(res: TurnResult) -> list:
    return [h for h in res.fight.hazards if h.owner == "a"]


def test_a_wall_made_in_an_empty_band_needs_no_roll_and_lasts_a_5_count() -> None:
    res = band_fight({"T1.a.action": attack(["raise"])}, A_FIRST, {"a": 3, "b": 5}, [], a=_maker())
    assert res.status == "resolved", res.violations
    made = _made(res)
    assert [(h.kind, h.band, h.since) for h in made] == [("wall", 4, 1)]
    assert made[0].time_left == max(5 - 6, 0)  # a 5-count; the Time Roll took 6; it stays a full turn more
    assert not [r for r in res.rolls if r.key.endswith(".attack")]
    assert not res.unsupported


def test_a_made_hazard_vanishes_after_its_count_and_a_full_turn() -> None:
    hz = [{"id": "mine", "kind": "wall", "band": 4, "owner": "a", "move": "raise", "time_left": 0, "since": 1}]
    req_turn2 = {"T2.a.action": nothing(), "T2.b.action": nothing()}
    fighters = []
    for fid, sh in (("a", _maker()), ("b", sheet("b"))):
        fighters.append({"id": fid, "sheet": sh, "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30}})
    req = {
        "fight": {"turn": 2, "positioning": {"mode": "band", "bands": {"a": 3, "b": 4}}, "hazards": hz},
        "fighters": fighters,
        "decisions": req_turn2,
        "rolls": {"T2.a.init": 6, "T2.b.init": 1},
        "seed": 1,
    }
    res = resolve_turn(build(req))
    assert res.status == "resolved", res.violations
    assert res.fight.hazards == []


def test_a_damaging_hazard_made_on_the_opponent_needs_a_hit_and_hurts_as_a_ki_move() -> None:
    dec = {"T1.a.action": attack(["raise"]), **SURE}
    res = band_fight(dec, {**A_FIRST, "T1.a.damage": 3}, {"a": 3, "b": 4}, [], a=_maker("damaging_hazard"))
    assert res.status == "resolved", res.violations
    assert [h.kind for h in _made(res)] == ["damaging"]
    assert st(res, "b").life_bar < 50  # hit: the Hazard's damage
    assert res.fight.positioning.bands["b"] == 5  # then 1 band clear of it
    missed = band_fight(
        {"T1.a.action": attack(["raise"]), "T1.b.defense": {"defense": "defense", "fs": 3}},
        {**A_FIRST, "T1.a.attack": 1},
        {"a": 3, "b": 4},
        [],
        a=_maker("damaging_hazard"),
        b=sheet("b"),
    )
    assert missed.status == "resolved", missed.violations
    assert _made(missed) == [] and st(missed, "b").life_bar == 50  # a miss: nothing is made


def test_a_wall_made_without_a_map_puts_the_target_against_it_on_a_hit() -> None:
    res = duel({"T1.a.action": attack(["raise"]), **SURE}, A_FIRST, a=_maker(), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert effects_of(res, "b")["against_wall"].hazard == _made(res)[0].id


def test_the_maker_is_not_touched_by_his_own_hazard() -> None:
    hz = [{"id": "mine", "kind": "damaging", "band": 4, "owner": "a", "move": "raise", "time_left": 3, "since": 1}]
    res = band_fight(
        {"T1.a.action": {"action": "move", "movement": 1, "direction": "toward"}},
        A_FIRST,
        {"a": 3, "b": 6},
        hz,
        a=_maker("damaging_hazard"),
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 and res.fight.positioning.bands["a"] == 4


def test_an_opponent_walking_into_a_made_hazard_is_caught() -> None:
    hz = [{"id": "mine", "kind": "damaging", "band": 4, "owner": "a", "move": "raise", "time_left": 3, "since": 1}]
    dice = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.a.damage": 2}
    res = band_fight(
        {"T1.b.action": {"action": "move", "movement": 1, "direction": "toward"}},
        dice,
        {"a": 3, "b": 5},
        hz,
        a=_maker("damaging_hazard"),
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50


def test_only_one_made_hazard_at_a_time_unless_multiple() -> None:
    hz = [{"id": "old", "kind": "wall", "band": 1, "owner": "a", "move": "raise", "time_left": 3, "since": 1}]
    res = band_fight({"T1.a.action": attack(["raise"])}, A_FIRST, {"a": 3, "b": 5}, hz, a=_maker())
    assert [h.id for h in _made(res)] == ["old"]  # nothing happens
    res = band_fight({"T1.a.action": attack(["raise"])}, A_FIRST, {"a": 3, "b": 5}, hz, a=_maker("multiple_hazard"))
    assert sorted(h.band for h in _made(res)) == [1, 4]
    two = [*hz, {"id": "old2", "kind": "wall", "band": 2, "owner": "a", "move": "raise", "time_left": 3, "since": 1}]
    res = band_fight({"T1.a.action": attack(["raise"])}, A_FIRST, {"a": 3, "b": 5}, two, a=_maker("multiple_hazard"))
    assert sorted(h.band for h in _made(res)) == [2, 4]  # the oldest went


def test_extended_duration_lasts_a_10_count() -> None:
    res = band_fight({"T1.a.action": attack(["raise"])}, A_FIRST, {"a": 3, "b": 5}, [], a=_maker("extended_duration"))
    assert _made(res)[0].time_left == 10 - 6


def test_a_hazard_from_the_start_of_the_fight_blocks_the_band() -> None:
    res = band_fight(
        {"T1.a.action": attack(["raise"])},
        A_FIRST,
        {"a": 3, "b": 5},
        [{"id": "rock", "kind": "wall", "band": 4}],
        a=_maker(),
    )
    assert res.status == "resolved", res.violations
    assert _made(res) == []


def test_a_made_pit_holds_its_victim_until_it_vanishes() -> None:
    dec = {"T1.a.action": attack(["raise"]), **SURE}
    res = band_fight(dec, {**A_FIRST, "T1.a.damage": 2}, {"a": 3, "b": 4}, [], a=_maker("damaging_hazard", "pit"))
    assert res.status == "resolved", res.violations
    assert effects_of(res, "b")["in_pit"].hazard == _made(res)[0].id
    assert res.fight.positioning.bands["b"] == 4  # a Pit has no Knock Back


def test_a_damaging_wall_hurts_whoever_is_forced_against_it() -> None:
    dec = {"T1.a.action": attack(["raise"]), **SURE}
    res = band_fight(
        dec, {**A_FIRST, "T1.a.damage": 3}, {"a": 3, "b": 4}, [], a=_maker("damaging_hazard", "damaging_wall")
    )
    assert res.status == "resolved", res.violations
    assert [h.kind for h in _made(res)] == ["wall"]
    assert st(res, "b").life_bar < 50 and res.fight.positioning.bands["b"] == 4  # hurt, back to the wall


def test_a_missed_fighter_who_stays_in_the_band_is_caught_at_his_action() -> None:
    hz = [{"id": "mine", "kind": "damaging", "band": 4, "owner": "a", "move": "raise", "time_left": 3, "since": 1}]
    dice = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.a.damage": 2}
    stay = band_fight({"T1.b.action": nothing()}, dice, {"a": 3, "b": 4}, hz, a=_maker("damaging_hazard"))
    assert stay.status == "resolved", stay.violations
    assert st(stay, "b").life_bar < 50
    leave = band_fight(
        {"T1.b.action": {"action": "move", "movement": 1, "direction": "away"}},
        dice,
        {"a": 3, "b": 4},
        hz,
        a=_maker("damaging_hazard"),
    )
    assert st(leave, "b").life_bar == 50


# ── Elevation Changes (000 L6153–L6155) ────────────────────────────────────────────────────────────────


def test_striking_from_higher_ground_does_one_more_damage() -> None:
    hz = [{"id": "ledge", "kind": "higher_elevation", "band": 3}]
    dice = {**A_FIRST, "T1.a.damage": 4}
    up = band_fight({"T1.a.action": attack(["fist"]), **SURE}, dice, {"a": 3, "b": 4}, hz)
    flat = band_fight({"T1.a.action": attack(["fist"]), **SURE}, dice, {"a": 3, "b": 4}, [])
    assert up.status == flat.status == "resolved", up.violations
    assert st(flat, "b").life_bar - st(up, "b").life_bar == 1


def test_evading_from_below_gives_plus_two_and_no_move_after() -> None:
    hz = [{"id": "ditch", "kind": "lower_elevation", "band": 4}]
    dec = {"T1.a.action": attack(["fist"]), "T1.b.defense": {"defense": "evasion"}}
    res = band_fight(dec, A_FIRST, {"a": 3, "b": 4}, hz, b=sheet("b"))
    assert res.status == "resolved", res.violations
    assert inp(res, "D.4", "b")["lower_ground"] == 2
    moved = band_fight(
        {**dec, "T1.b.evasion_result": {"choice": "move", "direction": "away"}},
        {**A_FIRST, "T1.a.attack": 1},
        {"a": 3, "b": 4},
        hz,
        b=sheet("b"),
    )
    assert moved.violations[0].code == "EVASION_RESULT_INVALID"


def test_elevation_without_a_map_by_maneuver_check() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.a.hazard": {"hazard": "ledge"}, **SURE}
    dice = {**A_FIRST, **WIN, "T1.a.damage": 4}
    up = duel(dec, dice, b=sheet("b", defense=0), rng=1, fight_hazards=[{"id": "ledge", "kind": "higher_elevation"}])
    assert up.status == "resolved", up.violations
    assert effects_of(up, "a")["elevation"].hazard == "ledge"
    assert st(up, "b").life_bar == 50 - 4 - 1


# ── Reflection off a made Wall (000 L3191–L3199) ──────────────────────────────────────────────────────


def _mirror_sheet() -> dict:
    sh = sheet(
        "b",
        moves=[
            {
                "id": "mirror",
                "name": "Mirror Wall",
                "level": 3,
                "elements": [
                    {"id": "create_environmental_hazard", "options": {"hazard_type": "wall"}},
                    {"id": "create_environmental_hazard.reflection"},
                ],
            },
            FIST,
        ],
    )
    sh["combat_skills"]["ki"] = 2
    return sh


SHOT = {"id": "shot", "name": "Shot", "level": 3, "elements": [{"id": "ranged"}]}
B_WALL = {"id": "bw", "kind": "wall", "band": 4, "owner": "b", "move": "mirror", "time_left": 3, "since": 1}


def test_a_ranged_shot_through_the_reflecting_wall_comes_back() -> None:
    dec = {"T1.a.action": attack(["shot"]), "T1.a.defense": {"defense": "defense"}}
    res = band_fight(
        dec,
        {**A_FIRST, "T1.b.attack": 6},
        {"a": 2, "b": 5},
        [B_WALL],
        a=sheet("a", moves=[SHOT], defense=3),
        b=_mirror_sheet(),
    )
    assert res.status == "resolved", res.violations
    assert [s for s in res.log if s.label == "D.3"][-1].actor == "b"  # b attacks with a's shot
    assert inp(res, "D.4", "a")["defense"] == 1  # a's Defense 3, halved
    assert st(res, "b").life_bar == 50


def test_no_reflection_when_the_wall_is_not_between_them() -> None:
    wall = {**B_WALL, "band": 1}
    res = band_fight(
        {"T1.a.action": attack(["shot"]), **SURE},
        A_FIRST,
        {"a": 3, "b": 5},
        [wall],
        a=sheet("a", moves=[SHOT]),
        b=_mirror_sheet(),
    )
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a"]


def test_in_front_of_his_wall_the_maker_must_evade_to_reflect() -> None:
    wall = {**B_WALL, "band": 6}
    dec = {"T1.a.action": attack(["shot"]), "T1.b.defense": {"defense": "evasion", "fs": 3}}
    res = band_fight(
        dec, {**A_FIRST, "T1.a.attack": 1}, {"a": 3, "b": 5}, [wall], a=sheet("a", moves=[SHOT]), b=_mirror_sheet()
    )
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a", "b"]


def test_reflection_without_a_map_needs_a_maneuver_check() -> None:
    wall = {"id": "bw", "kind": "wall", "owner": "b", "move": "mirror", "time_left": 3, "since": 1}
    for dice, back in (
        ({"T1.b.maneuver": 9, "T1.a.maneuver": 2}, True),
        ({"T1.b.maneuver": 2, "T1.a.maneuver": 9}, False),
    ):
        res = duel(
            {"T1.a.action": attack(["shot"])},
            {**A_FIRST, **dice},
            a=sheet("a", moves=[SHOT]),
            b=_mirror_sheet(),
            rng=3,
            fight_hazards=[wall],
        )
        assert res.status == "resolved", res.violations
        assert ("b" in [s.actor for s in res.log if s.label == "D.3"]) is back


def test_a_plain_sidestep_with_hazards_in_play_is_a_free_maneuver_check() -> None:
    dec = {
        "T1.a.action": attack(["fist"]),
        "T1.b.defense": {"defense": "evasion", "fs": 3},
        "T1.b.evasion_result": {"choice": "sidestep"},
        "T1.b.sidestep_hazard": {"hazard": "spikes", "target": "a"},
    }
    dice = {**A_FIRST, "T1.a.attack": 1, "T1.b.maneuver": 9, "T1.a.maneuver": 2, "T1.a.hazard_damage": 2}
    res = duel(dec, dice, rng=1, options={"sidestep": True}, fight_hazards=SPIKES)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 50 - (2 + 3)
    assert res.fight.positioning.range == 1  # no 1-Range step this time
    assert st(res, "b").pending_accuracy == []  # and no +2 Accuracy


# ── further branches ─────────────────────────────────────────────────────────────────────────────────


def test_behind_needs_no_check_when_the_opponent_faces_others() -> None:
    third = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30}}
    res = band_fight(
        {"T1.a.action": attack(["stab"], movement=0, target="b"), **SURE},
        {**A_FIRST, "T1.c.init": 2},
        {"a": 4, "b": 4, "c": 4},
        [],
        a=sheet("a", moves=[STAB]),
        extra=[third],
        sides={"c": "a"},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50 and not [r for r in res.rolls if "maneuver" in r.key]


def test_negative_position_opens_evasion_against_his_defensive_response() -> None:
    state = {"ongoing_effects": [{"id": "negative_positioning", "move": "spin"}]}
    counter = {"id": "ctr", "name": "Counter", "level": 2, "elements": [{"id": "counter"}]}
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": "defense", "fs": 3},
        "T1.a.defensive_response": {"choice": "respond", "response": "counter", "moves": ["ctr"]},
        "T1.b.defense": {"defense": "evasion"},
    }
    dice = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.a.ctrl": 6, "T1.b.attack": 1}
    res = duel(dec, dice, a=sheet("a", moves=[SPIN, counter]), sa=state, rng=1)
    assert res.status == "resolved", res.violations
    parts = inp(res, "D.4", "b")
    assert parts["evasion"] == 1 and parts["negative_position"] == 2  # Evasion (halved) against his Counter, +2
    assert "negative_positioning" not in effects_of(res, "a")


def test_two_fighters_in_a_wall_band_check_who_is_against_it() -> None:
    hz = [{"id": "w", "kind": "wall", "band": 6}]
    for dice, pinned in (
        ({"T1.a.maneuver": 9, "T1.b.maneuver": 2}, "b"),
        ({"T1.a.maneuver": 2, "T1.b.maneuver": 9}, "a"),
    ):
        res = band_fight({"T1.a.action": attack(["fist"]), **SURE}, {**A_FIRST, **dice}, {"a": 6, "b": 6}, hz)
        assert res.status == "resolved", res.violations
        assert ("wall" in inp(res, "D.6", "a")) is (pinned == "b")


def test_the_answer_carries_a_made_pit_into_the_next_turn() -> None:
    dec = {"T1.a.action": attack(["raise"]), **SURE}
    one = band_fight(dec, {**A_FIRST, "T1.a.damage": 2}, {"a": 3, "b": 4}, [], a=_maker("damaging_hazard", "pit"))
    assert one.status == "resolved", one.violations
    nxt = {
        "fight": one.fight.model_dump(mode="json"),
        "fighters": [f.model_dump(mode="json") for f in one.fighters],
        "decisions": {"T2.a.action": nothing(), "T2.b.action": nothing()},
        "rolls": {"T2.a.init": 6, "T2.b.init": 1},
        "seed": 1,
    }
    two = resolve_turn(build(nxt))
    assert two.status == "resolved", two.violations
    assert "in_pit" not in effects_of(two, "b")  # his action went to leaping out
    assert [s for s in two.log if "leaping out" in s.text]


def test_a_check_needs_a_crowd_on_a_band_map() -> None:
    res = duel({"T1.a.action": nothing(), "T1.a.hazard": {"choice": "check", "target": "b"}}, A_FIRST, rng=2)
    assert res.violations[0].code == "HAZARD_INTERACTION_INVALID"


# ── Major Elevation Changes and Danger Zones (000 L6157–L6161, L6177–L6185, L6219–L6229) ──────────────────

SWEEP = {"id": "sweep", "name": "Sweep", "level": 3, "elements": [{"id": "knocks_down"}]}
DANGER = [{"id": "sparks", "kind": "danger_zone"}]
CLIFF = [{"id": "cliff", "kind": "major_lower_elevation"}]
ROCK_FACE = [{"id": "face", "kind": "major_higher_elevation"}]


def test_backed_against_a_higher_major_elevation_is_being_against_a_wall() -> None:
    """000 L6157: treated as against a Wall: +1 Accuracy from Range 0–1 and no Knock Back (000 L6197–L6199)."""
    dec = {"T1.a.action": attack(["fist"]), "T1.a.hazard": {"hazard": "face", "target": "b"}, **SURE}
    res = duel(dec, {**A_FIRST, **WIN}, b=sheet("b", defense=0), rng=1, fight_hazards=ROCK_FACE)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")["wall"] == 1
    assert res.fight.positioning.range == 1
    assert effects_of(res, "b")["against_wall"].hazard == "face"


def test_falling_off_a_major_elevation_hurts_knocks_down_and_takes_him_out_of_the_fight() -> None:
    """The fall: 1d6 (2) + the highest Power Level (3) = 5 (000 L6157, L6181), Knocked Down (000 L6185), and out of
    the fight (000 L6159); b's action this turn goes to standing up (000 L5958), so he is still off the cliff."""
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "cliff", "target": "b"}}
    res = duel(dec, {**A_FIRST, **WIN, "T1.b.hazard_damage": 2}, rng=2, fight_hazards=CLIFF)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 5
    assert effects_of(res, "b")["in_pit"].hazard == "cliff"
    assert not [s for s in res.log if s.label == "D.3"]
    # next turn, on his feet but still below: his action climbs back up, and nobody can attack him before it
    state = {"ongoing_effects": [{"id": "in_pit", "hazard": "cliff"}]}
    res = duel(
        {"T1.b.action": attack(["fist"])},
        {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6},
        sb=state,
        rng=2,
        fight_hazards=CLIFF,
    )
    assert res.status == "resolved", res.violations
    assert "in_pit" not in effects_of(res, "b")
    assert any("climbing back up cliff" in s.text for s in res.log)
    assert not [s for s in res.log if s.label == "D.3"]


def test_a_danger_zone_does_nothing_to_a_fighter_on_his_feet() -> None:
    """000 L6229: it only interacts with prone Fighters."""
    dec = {"T1.a.action": nothing(), "T1.a.hazard": {"hazard": "sparks", "target": "b"}}
    res = duel(dec, {**A_FIRST, **WIN}, rng=2, fight_hazards=DANGER)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50
    assert effects_of(res, "b")["in_danger_zone"].hazard == "sparks"


def test_a_knock_down_in_a_danger_zone_costs_its_damage_and_he_stays_in_it() -> None:
    """Sweep (Special Move, 1d6 damage: 1) Knocks b Down in the Danger Zone: its 1d6 (1) + Power Level 3 = 4 more
    (000 L6219, L6225), 50 − 1 − 4 = 45, and he is still in it (000 L6219). Without the zone: 50 − 1 = 49."""
    a = sheet("a", moves=[SWEEP])
    dec = {"T1.a.action": attack(["sweep"]), "T1.a.hazard": {"hazard": "sparks", "target": "b"}, **SURE}
    dice = {**A_FIRST, **WIN, "T1.a.damage": 1, "T1.b.hazard_damage": 1}
    res = duel(dec, dice, a=a, b=sheet("b", defense=0), rng=1, fight_hazards=DANGER)
    assert res.status == "resolved", res.violations
    assert any("b is Knocked Down" in s.text for s in res.log)  # he stands with his own action later this turn
    assert st(res, "b").life_bar == 45
    assert effects_of(res, "b")["in_danger_zone"].hazard == "sparks"
    plain = duel(
        {"T1.a.action": attack(["sweep"]), **SURE},
        {**A_FIRST, "T1.a.damage": 1},
        a=a,
        b=sheet("b", defense=0),
        rng=1,
        fight_hazards=DANGER,
    )
    assert any("b is Knocked Down" in s.text for s in plain.log) and st(plain, "b").life_bar == 49


def test_a_danger_zone_band_hurts_whoever_is_knocked_down_in_it() -> None:
    """On a Band Map its band is in it, as a Ring-Out's is (000 L6209, L6219): b, in band 6, is Knocked Down there."""
    hz = [{"id": "sparks", "kind": "danger_zone", "band": 6}]
    dice = {**A_FIRST, "T1.a.damage": 1, "T1.b.hazard_damage": 3}
    res = band_fight(
        {"T1.a.action": attack(["sweep"]), **SURE}, dice, {"a": 5, "b": 6}, hz, a=sheet("a", moves=[SWEEP])
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 1 - (3 + 3)
    assert res.fight.positioning.bands["b"] == 6
