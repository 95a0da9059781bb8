"""Summon: the Ally's Basic Response and Basic Reaction Attack, one Tactics Response against the pair, and Checking by
or of the Ally on a Band Map (000 L4183–L4213, esp. L4197–L4203; L5668; L6006–L6027)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult
from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED, combat_status
from service.rules.fight2e.combat.resolver import resolve_turn

from .fixtures import build
from .support import FS, LIFE, attack, duel, sheet, st

CALL = {
    "id": "call",
    "name": "Call",
    "level": 4,
    "elements": [{"id": "summon", "options": {"ally_elements": ["knocks_down"]}}],
}


def summoner(fid: str = "a", **kw: Any) -> dict[str, Any]:
    s = sheet(fid, moves=[CALL, *kw.pop("moves", [])], **kw)
    s["combat_skills"]["ki"] = 3
    return s


def ally(ahead: int = 1) -> dict[str, Any]:
    return {
        "ongoing_effects": [
            {"id": "summon", "move": "call", "time_left": 4, "since": 1, "target": "b", "charges": ahead}
        ]
    }


def b_first(turn: int = 2, **over: int) -> dict[str, int]:
    """b acts first with Control 6; a keeps Control 6 for his answers."""
    return {
        f"T{turn}.b.init": 6,
        f"T{turn}.a.init": 1,
        f"T{turn}.b.ctrl": 6,
        f"T{turn}.a.ctrl": 6,
        f"T{turn}.fight.time": 1,
        **over,
    }


def a_first(turn: int = 2, **over: int) -> dict[str, int]:
    return {
        f"T{turn}.a.init": 6,
        f"T{turn}.b.init": 1,
        f"T{turn}.a.ctrl": 6,
        f"T{turn}.b.ctrl": 6,
        f"T{turn}.fight.time": 1,
        **over,
    }


def life(res: TurnResult, fid: str) -> int:
    return st(res, fid).life_bar


def test_summon_is_fully_implemented() -> None:
    assert "summon" in IMPLEMENTED and combat_status("summon") == "implemented"


# ── the Ally's Basic Defensive Response (000 L4203, L5868) ──────────────────────────────────────────────


def _blocked_then_basic_response(**kw: Any) -> TurnResult:
    dec = {
        "T2.b.action": attack(["fist"]),
        "T2.a.defense": {"defense": "tactics"},
        "T2.a.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
    }
    # the Ally's attack comes first (bare keys), the Response's attack second (``:response``, keys.py)
    r = b_first(
        **{"T2.b.attack": 1, "T2.a.attack": 6, "T2.a.attack:response": 6, "T2.a.damage": 2, "T2.a.damage:response": 3}
    )
    return duel(dec, r, a=summoner(tactics=6), b=sheet("b", defense=0, evasion=0), turn=2, **kw)


def test_the_ally_strikes_along_with_his_basic_response() -> None:
    with_ally = _blocked_then_basic_response(rng=1, sa=ally())
    assert with_ally.status == "resolved", with_ally.violations
    assert life(with_ally, "b") == LIFE[3] - 2 - 3  # his Basic Move (2) and his Ally's (3)
    alone = _blocked_then_basic_response(rng=1)
    assert alone.status == "resolved", alone.violations
    assert life(alone, "b") == LIFE[3] - 2  # without an Ally only his own Basic Move lands


def test_the_allys_response_costs_him_nothing_more() -> None:
    with_ally = _blocked_then_basic_response(rng=1, sa=ally())
    alone = _blocked_then_basic_response(rng=1)
    assert st(with_ally, "a").fighting_spirit == st(alone, "a").fighting_spirit


RANGED = {"id": "bolt", "name": "Bolt", "level": 2, "elements": [{"id": "ranged"}]}


def test_a_basic_response_out_of_his_reach_counts_when_his_ally_reaches() -> None:
    # b shoots from Range 3: a's Basic Move cannot reach him, but the Ally a Range ahead (Range 2) can.
    dec = {
        "T2.b.action": attack(["bolt"]),
        "T2.a.defense": {"defense": "tactics"},
        "T2.a.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
    }
    r = b_first(**{"T2.b.attack": 1, "T2.a.attack": 6, "T2.a.damage": 3})
    bs = sheet("b", defense=0, evasion=0, moves=[RANGED])
    bs["combat_skills"]["ki"] = 2
    res = duel(dec, r, a=summoner(tactics=6), b=bs, rng=3, turn=2, sa=ally())
    assert res.status == "resolved", res.violations
    assert life(res, "b") == LIFE[3] - 3
    alone = duel(dec, r, a=summoner(tactics=6), b=bs, rng=3, turn=2)
    assert alone.status == "invalid" and alone.violations[0].code == "RESPONSE_OUT_OF_RANGE"


# ── the Ally's Basic Reaction Attack (000 L4203, L6025) ─────────────────────────────────────────────────


def _reaction(**kw: Any) -> TurnResult:
    dec = {
        "T2.b.action": {"action": "move", "movement": 1},
        "T2.a.reaction": {"choice": "act", "moves": ["basic_move"]},
    }
    r = b_first(**{"T2.a.attack": 6, "T2.a.attack.2": 6, "T2.a.damage": 2, "T2.a.damage.2": 3})
    return duel(dec, r, a=summoner(), b=sheet("b", defense=0, evasion=0), rng=2, turn=2, **kw)


def test_the_ally_strikes_along_with_his_basic_reaction_attack() -> None:
    res = _reaction(sa=ally())
    assert res.status == "resolved", res.violations
    assert life(res, "b") == LIFE[3] - 2 - 3
    assert st(res, "a").fighting_spirit == st(_reaction(), "a").fighting_spirit  # his 1 FS pays for the pair


def test_without_an_ally_the_reaction_attack_is_his_alone() -> None:
    res = _reaction()
    assert res.status == "resolved", res.violations
    assert life(res, "b") == LIFE[3] - 2


# ── one Tactics Response must meet both attacks (000 L4203) ─────────────────────────────────────────────


def _vs_pair(response: dict[str, Any], rng: int, ahead: int, with_ally: bool = True) -> TurnResult:
    dec = {
        "T2.a.action": attack(["basic_move"]),
        "T2.b.defense": {"defense": "tactics"},
        "T2.b.defensive_response": response,
    }
    r = a_first(**{"T2.a.attack": 1, "T2.a.attack.2": 1, "T2.b.attack": 1})
    return duel(dec, r, a=summoner(), b=sheet("b", tactics=6), rng=rng, turn=2, sa=ally(ahead) if with_ally else None)


def test_a_throw_response_needs_the_ally_at_range_0_too() -> None:
    throw = {"choice": "respond", "response": "throw", "moves": ["grab"]}
    res = _vs_pair(throw, rng=0, ahead=1)  # the Ally stands a Range off b
    assert res.status == "invalid" and res.violations[0].code == "SUMMON_RESPONSE_NOT_BOTH"
    alone = _vs_pair(throw, rng=0, ahead=1, with_ally=False)
    assert alone.status == "resolved", alone.violations


def test_jinking_must_leave_both_attacks_out_of_reach() -> None:
    jink = {"choice": "respond", "response": "jinking"}
    res = _vs_pair(jink, rng=2, ahead=1)  # one step away puts b at Range 3 from a but 2 from the Ally
    assert res.status == "invalid" and res.violations[0].code == "SUMMON_RESPONSE_NOT_BOTH"
    alone = _vs_pair(jink, rng=2, ahead=1, with_ally=False)
    assert alone.status == "resolved", alone.violations
    assert st(alone, "b").ongoing_effects == [] and any("Jinking" in x.text for x in alone.log)


def test_a_basic_response_meets_both_attacks() -> None:
    basic = {"choice": "respond", "response": "basic", "moves": ["basic_move"]}
    res = _vs_pair(basic, rng=1, ahead=1)
    assert res.status == "resolved", res.violations


def test_no_second_response_against_the_allys_own_attack() -> None:
    # b passes on the summoner's attack; the Ally's attack misses too, but it opens no Response of its own.
    dec = {
        "T2.a.action": attack(["basic_move"]),
        "T2.b.defense": {"defense": "tactics"},
        "T2.b.defensive_response": {"choice": "pass"},
        "T2.b.defensive_response.2": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
    }
    r = a_first(**{"T2.a.attack": 1, "T2.a.attack.2": 1, "T2.b.attack": 10, "T2.b.damage": 3})
    res = duel(dec, r, a=summoner(), b=sheet("b", tactics=6), rng=1, turn=2, sa=ally())
    assert res.status == "resolved", res.violations
    assert life(res, "a") == LIFE[3]  # b never struck back at the summoner


# ── Checking by or of the Ally on a Band Map (000 L4199, L5668) ─────────────────────────────────────────


def band(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    bands: dict[str, int],
    sa: dict | None = None,
    sb: dict | None = None,
    a: dict | None = None,
    b: dict | None = None,
    turn: int = 2,
) -> TurnResult:
    fighters = []
    for fid, sh, stt in (("a", a or summoner(), sa), ("b", b or sheet("b", defense=0, evasion=0), sb)):
        fighters.append(
            {
                "id": fid,
                "sheet": sh,
                "state": {"life_bar": LIFE[3], "fighting_spirit": FS[3], "fs_start": FS[3], **(stt or {})},
            }
        )
    decisions = {f"T{turn}.a.action": {"action": "none"}, f"T{turn}.b.action": {"action": "none"}, **decisions}
    req = {
        "fight": {"turn": turn, "positioning": {"mode": "band", "bands": bands}},
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))


def band_ally(at: int, checked_by: str | None = None) -> dict[str, Any]:
    eff: list[dict[str, Any]] = [{"id": "summon", "move": "call", "time_left": 4, "since": 1, "band": at}]
    if checked_by:
        eff.append({"id": "ally_checked", "move": "call", "target": checked_by, "since": 1})
    return {"ongoing_effects": eff}


def test_the_ally_checks_an_opponent_who_then_cannot_attack_its_summoner() -> None:
    dec = {
        "T2.a.hazard": {"choice": "check", "target": "b", "ally_check": "by_ally"},
        "T2.b.action": attack(["fist"], target="a"),
    }
    r = a_first(**{"T2.a.maneuver": 9, "T2.b.maneuver": 1, "T2.b.maneuver.2": 1, "T2.a.maneuver.2": 9})
    res = band(dec, r, {"a": 2, "b": 3}, sa=band_ally(3))
    assert res.status == "resolved", res.violations
    checked = [e for e in st(res, "b").ongoing_effects if e.id == "checked"]
    assert [(e.target, e.move) for e in checked] == [("a", "call")]
    # b's attack on a needed a Maneuver Check first; losing it (rolled 1 against 9) spends his action
    assert not [x for x in res.log if x.label == "D.3" and x.actor == "b"]


def test_a_one_on_one_check_needs_an_ally_on_the_map() -> None:
    dec = {"T2.a.hazard": {"choice": "check", "target": "b", "ally_check": "by_ally"}}
    res = band(dec, a_first(**{"T2.a.maneuver": 9, "T2.b.maneuver": 1}), {"a": 2, "b": 3})
    assert res.status == "invalid" and res.violations[0].code == "SUMMON_CHECK_INVALID"


def test_an_opponent_checks_the_ally_which_then_cannot_strike_him() -> None:
    dec = {
        "T2.b.hazard": {"choice": "check", "target": "a", "ally_check": "of_ally"},
        "T2.a.action": attack(["basic_move"], movement=1, direction="toward"),
    }
    r = b_first(
        **{
            "T2.b.maneuver": 9,
            "T2.a.maneuver": 1,
            "T2.a.attack": 6,
            "T2.a.attack.2": 6,
            "T2.a.damage": 2,
            "T2.a.damage.2": 3,
        }
    )
    res = band(dec, r, {"a": 1, "b": 4}, sa=band_ally(2))
    assert res.status == "resolved", res.violations
    assert [(e.id, e.target) for e in st(res, "a").ongoing_effects if e.id == "ally_checked"] == [("ally_checked", "b")]
    # a moved: he has no Maneuver Check in place of movement to free his Ally, so only his own Basic Move lands
    assert life(res, "b") == LIFE[3] - 2


def test_the_summoner_frees_his_checked_ally_with_a_maneuver_check() -> None:
    dec = {"T2.a.action": attack(["basic_move"])}
    hits = {"T2.a.attack": 6, "T2.a.attack.2": 6, "T2.a.damage": 2, "T2.a.damage.2": 3}
    won = band(
        dec,
        a_first(**hits, **{"T2.a.maneuver": 9, "T2.b.maneuver": 1}),
        {"a": 2, "b": 3},
        sa=band_ally(3, checked_by="b"),
    )
    assert won.status == "resolved", won.violations
    assert life(won, "b") == LIFE[3] - 2 - 3
    assert not [e for e in st(won, "a").ongoing_effects if e.id == "ally_checked"]
    lost = band(
        dec,
        a_first(**hits, **{"T2.a.maneuver": 1, "T2.b.maneuver": 9}),
        {"a": 2, "b": 3},
        sa=band_ally(3, checked_by="b"),
    )
    assert lost.status == "resolved", lost.violations
    assert life(lost, "b") == LIFE[3] - 2
    assert [e.target for e in st(lost, "a").ongoing_effects if e.id == "ally_checked"] == ["b"]


def test_checks_by_and_of_the_ally_end_when_it_leaves() -> None:
    # b strikes a: the Ally disappears, and with it the Check on it and the Check it made.
    sa = band_ally(3, checked_by="b")
    sb = {"ongoing_effects": [{"id": "checked", "move": "call", "target": "a", "since": 1}]}
    dec = {"T2.b.action": attack(["fist"], target="a")}
    r = b_first(**{"T2.b.maneuver": 9, "T2.a.maneuver": 1, "T2.b.attack": 10, "T2.b.damage": 3})
    res = band(dec, r, {"a": 2, "b": 3}, sa=sa, sb=sb, a=summoner(defense=0, evasion=0))
    assert res.status == "resolved", res.violations
    assert [e.id for e in st(res, "a").ongoing_effects] == ["summon_rest"]
    assert not [e for e in st(res, "b").ongoing_effects if e.id == "checked"]
