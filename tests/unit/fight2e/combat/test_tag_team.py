"""Tag Team combat: waiting partners and Switching Teammates (000 L6277–L6283)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult
from service.rules.fight2e.combat.registry.coverage import RULES_NOT_IMPLEMENTED

from .fixtures import build
from .support import FIST, attack, first_decision, sheet, st

SIDES = {"a": "red", "a2": "red", "b": "blue"}
SWITCH = {"action": "switch", "target": "a2"}
JAB = {"id": "jab", "name": "Jab", "level": 2}


def tag(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    *,
    option: bool = True,
    band: bool = False,
    sa: dict | None = None,
    sa2: dict | None = None,
    sides: dict | None = None,
) -> TurnResult:
    fighters = []
    for fid, extra in (("a", sa), ("a2", {"tag_waiting": True, **(sa2 or {})}), ("b", None)):
        state = {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30, **(extra or {})}
        fighters.append({"id": fid, "sheet": sheet(fid, moves=[FIST, JAB]), "state": state})
    positioning: dict[str, Any] = {"mode": "band", "bands": {"a": 2, "b": 3}} if band else {"mode": "range", "range": 1}
    decisions = {"T1.b.action": {"action": "none"}, **decisions}
    req = {
        "options": {"tag_team": option},
        "fight": {"turn": 1, "positioning": positioning, "sides": sides or SIDES},
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))


def actors(res: TurnResult) -> list[str]:
    """Who declared an action, in the order the log shows them."""
    return [
        s.actor
        for s in res.log
        if s.label == "B.1" and s.actor is not None and "declares" not in s.text and s.text.startswith(s.actor)
    ]


def test_rules_area_is_no_longer_listed() -> None:
    assert "tag_team" not in RULES_NOT_IMPLEMENTED


def test_waiting_partner_takes_no_part_in_the_turn() -> None:
    res = tag({"T1.a.action": {"action": "none"}}, {"T1.a.init": 6, "T1.b.init": 1})
    assert res.status == "resolved", res.violations
    assert not any(r.key.startswith("T1.a2.") for r in res.rolls)  # no Initiative or Control for him
    assert st(res, "a2").tag_waiting and not st(res, "a").tag_waiting


def test_waiting_partner_cannot_be_targeted() -> None:
    res = tag(
        {"T1.a.action": {"action": "none"}, "T1.b.action": attack(["fist"], target="a2")},
        {"T1.a.init": 1, "T1.b.init": 6},
    )
    assert res.status == "invalid" and res.violations[0].code == "TARGET_UNAVAILABLE"


def test_switch_partner_with_higher_initiative_acts_at_once() -> None:
    dec = {"T1.a.action": SWITCH, "T1.a2.action": attack(["fist"]), "T1.b.defense": {"defense": "defense"}}
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 5, "T1.a2.ctrl": 6, "T1.b.ctrl": 3})
    assert res.status == "resolved", res.violations
    assert st(res, "a").tag_waiting and not st(res, "a2").tag_waiting
    # Initiative 5 beats b's 4: a2 attacks at once, so b's slot comes after the hit (and its Hit Stun costs it)
    attack_at = next(i for i, s in enumerate(res.log) if s.actor == "a2" and s.label == "D.3")
    b_slot = next(i for i, s in enumerate(res.log) if s.actor == "b" and s.label in ("B.0", "B.1"))
    assert attack_at < b_slot


def test_switch_partner_with_lower_initiative_waits_his_turn() -> None:
    dec = {"T1.a.action": SWITCH, "T1.a2.action": {"action": "none"}}
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 3})
    assert res.status == "resolved", res.violations
    b_do = next(i for i, s in enumerate(res.log) if s.actor == "b" and "does nothing" in s.text)
    a2_do = next(i for i, s in enumerate(res.log) if s.actor == "a2" and "does nothing" in s.text)
    assert b_do < a2_do
    assert res.fight.positioning.range == 1  # the newcomer stands exactly where a stood


def test_switch_tie_goes_after_the_fighter_still_to_act() -> None:
    dec = {"T1.a.action": SWITCH, "T1.a2.action": {"action": "none"}}
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 4})
    b_do = next(i for i, s in enumerate(res.log) if s.actor == "b" and "does nothing" in s.text)
    a2_do = next(i for i, s in enumerate(res.log) if s.actor == "a2" and "does nothing" in s.text)
    assert b_do < a2_do


def test_entering_partner_spends_no_fighting_spirit() -> None:
    dec = {"T1.a.action": SWITCH, "T1.a2.action": {"action": "none"}}
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 3})
    assert st(res, "a2").fighting_spirit == 30
    assert "T1.a2.fs_init_ctrl" not in {p for s in res.log for p in s.inputs}
    assert any(r.key == "T1.a2.ctrl" for r in res.rolls)  # Control is rolled on entering too


def test_switch_on_a_band_map_takes_the_same_band() -> None:
    dec = {"T1.a.action": SWITCH, "T1.a2.action": {"action": "none"}}
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 3}, band=True)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.bands == {"a2": 2, "b": 3}


def test_switch_needs_the_option() -> None:
    res = tag({"T1.a.action": SWITCH}, {"T1.a.init": 6, "T1.b.init": 1}, option=False)
    assert res.status == "invalid" and res.violations[0].code == "TAG_TEAM_INVALID"


def test_switch_needs_a_waiting_partner_of_the_same_side() -> None:
    res = tag({"T1.a.action": {"action": "switch", "target": "b"}}, {"T1.a.init": 6, "T1.b.init": 1})
    assert res.status == "invalid" and res.violations[0].code == "TAG_TEAM_INVALID"


def test_switch_allows_no_movement() -> None:
    res = tag({"T1.a.action": {**SWITCH, "movement": 1}}, {"T1.a.init": 6, "T1.b.init": 1})
    assert res.status == "invalid" and res.violations[0].code == "MOVEMENT_NOT_ALLOWED_BY_KEYWORD"


def test_partner_comes_in_for_a_defeated_fighter() -> None:
    res = tag(
        {"T1.a2.action": {"action": "none"}}, {"T1.a2.init": 6, "T1.b.init": 1}, sa={"life_bar": 0, "defeated": True}
    )
    assert res.status == "resolved", res.violations
    assert not st(res, "a2").tag_waiting


# ── Combo Switch (000 L6285–L6293) ───────────────────────────────────────────────────────────────

CS = attack(["fist", "combo_switch"])
CS_ROLLS = {"T1.a.init": 6, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 3, "T1.a2.ctrl": 6}
GUARD = {"T1.b.defense": {"defense": "defense"}, "T1.b.defense.2": {"defense": "defense"}}


def d6(res: TurnResult, actor: str) -> dict:
    return next(dict(s.inputs) for s in res.log if s.label == "D.6" and s.actor == actor)


def test_combo_switch_after_a_hit_gives_the_newcomer_plus_two_on_his_combo() -> None:
    dec = {"T1.a.action": CS, "T1.a2.action": attack(["fist", "jab"]), **GUARD}
    res = tag(dec, {**CS_ROLLS, "T1.a.attack": 6, "T1.a2.init": 5})
    assert res.status == "resolved", res.violations
    assert st(res, "a").tag_waiting and not st(res, "a2").tag_waiting
    assert d6(res, "a2").get("combo_switch") == 2


def test_combo_switch_bonus_is_for_a_combo_only() -> None:
    dec = {"T1.a.action": CS, "T1.a2.action": attack(["fist"]), **GUARD}
    res = tag(dec, {**CS_ROLLS, "T1.a.attack": 6, "T1.a2.init": 5, "T1.a2.attack": 3})
    assert res.status == "resolved", res.violations
    assert "combo_switch" not in d6(res, "a2")


def test_combo_switch_bonus_needs_the_newcomer_to_act_at_once() -> None:
    dec = {"T1.a.action": CS, "T1.a2.action": attack(["fist", "jab"]), **GUARD}
    res = tag(dec, {**CS_ROLLS, "T1.a.attack": 6, "T1.a2.init": 2, "T1.a2.attack": 3})
    assert res.status == "resolved", res.violations
    assert "combo_switch" not in d6(res, "a2")  # b (Initiative 4) still to act: a2 waits, no bonus


def test_combo_switch_after_a_miss_still_switches_but_no_combo_for_the_newcomer() -> None:
    single = tag(
        {"T1.a.action": CS, "T1.a2.action": attack(["fist"]), **GUARD},
        {**CS_ROLLS, "T1.a.attack": 1, "T1.a2.init": 5, "T1.a2.attack": 3},
    )
    assert single.status == "resolved", single.violations
    assert st(single, "a").tag_waiting and not st(single, "a2").tag_waiting
    combo = tag(
        {"T1.a.action": CS, "T1.a2.action": attack(["fist", "jab"]), **GUARD},
        {**CS_ROLLS, "T1.a.attack": 1, "T1.a2.init": 5},
    )
    assert combo.status == "invalid" and combo.violations[0].code == "TAG_TEAM_INVALID"
    assert combo.violations[0].key == "T1.a2.action"


def test_combo_switch_must_close_a_combo() -> None:
    for moves in (["combo_switch"], ["combo_switch", "fist"]):
        res = tag({"T1.a.action": attack(moves)}, CS_ROLLS)
        assert res.status == "invalid" and res.violations[0].code == "TAG_TEAM_INVALID", moves


def test_combo_switch_costs_two_control() -> None:
    res = tag({"T1.a.action": CS, **GUARD}, {**CS_ROLLS, "T1.a.attack": 6, "T1.a2.init": 2})
    d3 = next(dict(s.inputs) for s in res.log if s.label == "D.3" and s.actor == "a")
    assert d3["control_cost"] == 2 + 2  # Fist L2 + the Level 2 Combo Switch


# ── Tag Counter (000 L4265–L4271) ────────────────────────────────────────────────────────────────

TAG_KICK = {"id": "tagc", "name": "Tag Kick", "level": 2, "elements": [{"id": "tag_counter"}]}
COUNTER = {"choice": "respond", "moves": ["tagc"]}


def counter_turn(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    se: int = 10,
    defense: str = "defense",
    move: dict | None = None,
    ask: bool = False,
) -> TurnResult:
    fighters = []
    for fid, extra, moves, skill in (
        ("a", {}, [FIST], 6),
        ("a2", {"tag_waiting": True, "super_energy": se}, [FIST, move or TAG_KICK], 2),
        ("b", {}, [FIST], 2),
    ):
        state = {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30, **extra}
        fighters.append({"id": fid, "sheet": sheet(fid, moves=moves, defense=skill, evasion=skill), "state": state})
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": defense},
        "T1.a.action": {"action": "none"},
        "T1.b.defense": {"defense": "defense"},
        **decisions,
    }
    req = {
        "options": {"tag_team": True, "ask_every_decision": ask},
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}, "sides": SIDES},
        "fighters": fighters,
        "decisions": dec,
        "rolls": {"T1.b.init": 6, "T1.a.init": 2, "T1.b.ctrl": 6, "T1.b.attack": 1, **rolls},
        "seed": 1,
    }
    return resolve_turn(build(req))


def test_tag_counter_hit_switches_the_partners_for_ten_super_energy() -> None:
    res = counter_turn({"T1.a2.tag_counter": COUNTER}, {"T1.a2.attack": 6})
    assert res.status == "resolved", res.violations
    assert not [u for u in res.unsupported if u.id == "tag_counter"]
    assert st(res, "a2").super_energy == 0 and not st(res, "a2").tag_waiting and st(res, "a").tag_waiting
    assert st(res, "b").life_bar < 50


def test_tag_counter_is_met_with_defense_halved() -> None:
    res = counter_turn({"T1.a2.tag_counter": COUNTER}, {"T1.a2.attack": 6})
    b_guard = next(dict(s.inputs) for s in res.log if s.label == "D.4" and s.actor == "b")
    assert b_guard["defense"] == 1  # b's Defense 2, halved


def test_tag_counter_miss_means_no_switch() -> None:
    slow = {**TAG_KICK, "elements": [{"id": "tag_counter"}, {"id": "decreased_accuracy", "times": 3}]}
    res = counter_turn({"T1.a2.tag_counter": COUNTER}, {"T1.a2.attack": 1}, move=slow)
    assert res.status == "resolved", res.violations
    assert st(res, "a2").tag_waiting and not st(res, "a").tag_waiting
    assert st(res, "a2").super_energy == 0  # the 10 Super Energy are spent all the same


def test_tag_counter_needs_ten_super_energy() -> None:
    res = counter_turn({"T1.a2.tag_counter": COUNTER}, {}, se=9)
    assert res.status == "resolved", res.violations
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T1.a2.tag_counter" for w in res.warnings)
    assert st(res, "a2").tag_waiting and st(res, "a2").super_energy == 9


def test_tag_counter_needs_a_block_with_defense() -> None:
    res = counter_turn({"T1.a2.tag_counter": COUNTER}, {}, defense="evasion")
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T1.a2.tag_counter" for w in res.warnings)
    assert st(res, "a2").tag_waiting


def test_tag_counter_default_is_to_pass_and_step_mode_asks() -> None:
    res = counter_turn({}, {})
    assert res.status == "resolved" and st(res, "a2").tag_waiting and st(res, "a2").super_energy == 10
    dec: dict[str, Any] = {}
    for _ in range(20):  # step mode: answer every other question with its default until the Tag Counter's
        asked = counter_turn(dec, {}, ask=True)
        pending = first_decision(asked)
        assert pending is not None and pending.default is not None
        if pending.key == "T1.a2.tag_counter":
            break
        dec[pending.key] = pending.default.model_dump(exclude_none=True)
    assert pending.key == "T1.a2.tag_counter" and pending.fighter == "a2"
    assert [c.value.moves for c in pending.choices] == [None, ["tagc"]]


def test_tag_counter_with_aerial_may_be_evaded() -> None:
    aerial = {**TAG_KICK, "elements": [{"id": "tag_counter"}, {"id": "aerial"}]}
    plain = counter_turn({"T1.a2.tag_counter": COUNTER, "T1.b.defense": {"defense": "evasion"}}, {"T1.a2.attack": 6})
    assert plain.status == "invalid"  # only Defense against an ordinary Tag Counter
    res = counter_turn(
        {"T1.a2.tag_counter": COUNTER, "T1.b.defense": {"defense": "evasion"}}, {"T1.a2.attack": 6}, move=aerial
    )
    assert res.status == "resolved", res.violations


def test_step_mode_offers_a_switch_to_each_waiting_partner() -> None:
    res = tag({}, {"T1.a.init": 6, "T1.b.init": 1})
    pending = first_decision(res)
    assert res.status == "decision_required" and pending is not None and pending.key == "T1.a.action"
    assert [c.value.target for c in pending.choices if c.value.action == "switch"] == ["a2"]


def test_partner_switched_in_from_a_hold_with_a_lower_initiative_acts_after_the_others() -> None:
    dec = {
        "T1.a.act_or_hold": {"choice": "hold"},
        "T1.a.interrupt": {"choice": "act"},
        "T1.a.action": SWITCH,
        "T1.a2.action": attack(["fist"]),
        "T1.b.defense": {"defense": "defense"},
    }
    res = tag(dec, {"T1.a.init": 6, "T1.b.init": 4, "T1.a2.init": 2, "T1.a2.ctrl": 3})
    assert res.status == "resolved", (res.violations, res.decisions_needed, res.dice_needed)
    assert st(res, "a").tag_waiting and not st(res, "a2").tag_waiting
    b_turn = next(i for i, s in enumerate(res.log) if s.actor == "b" and s.label in ("B.0", "B.1"))
    a2_attack = next(i for i, s in enumerate(res.log) if s.actor == "a2" and s.label == "D.3")
    assert b_turn < a2_attack  # Initiative 2 after b's 4: he waits, then acts before the turn ends
