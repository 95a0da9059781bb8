"""Slow Startup, Sustained Hold and Cancel Throw in a Fighters' Dramatic turn (000 L7080: the main system's procedure
unless Chapter 5 says otherwise), each worked by hand from the text.

Rei and Battle are test_kept_states.py's, at Range 1 (Range 0 for a Throw, 000 L4339: Throw Range) with Dramatic
Life Bars of 25: Rei (PL 3, Speed 1: a 1d8 Initiative die, 000 L7088) acts first (8 + 1 against Battle's 1 + 0).
Rei's Special Moves here roll 1d12 for damage against Battle (no flat bonus), the figures the other Dramatic tests
show; a Special Move that hits earns its level in Glory the first time (000 L5749). Battle's Stun Threshold is 7
(PL 3, 000 L5974); Increased Stun adds 2 against it (000 L3561–L3565). A second turn is played from the first's
answer."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_kept_states import _next, _ok, _play, _req, _state

NONE = {"action": "none"}
SLOW = move("slow", "increased_stun", level=1, liabilities=(el("slow_startup"),))
HUG = move("hug", "throw", "throw.sustained_hold", level=2)
JAB = move("jab", "cancel_throw", level=1)
TOSS = move("toss", "throw", level=2)


def _attack(m: str) -> dict[str, Any]:
    return {"action": "attack", "moves": [m], "target": "battle"}


def _gaps(out: dict[str, Any]) -> list[str]:
    return [u["reason"] for u in out["unsupported"] if u["id"] == "dramatic_move_elements"]


def _text(out: dict[str, Any]) -> str:
    return " ".join(str(e.get("text", "")) for e in out["log"])


def _effects(out: dict[str, Any], fid: str = "rei") -> list[tuple[str, str | None, str | None]]:
    return [(e["id"], e.get("move"), e.get("target")) for e in _state(out, fid)["ongoing_effects"]]


def _keys(out: dict[str, Any]) -> list[str]:
    return [r["key"] for r in out["rolls"]]


def _die(out: dict[str, Any], key: str) -> str:
    return next(r["die"] for r in out["rolls"] if r["key"] == key)


def _glory(out: dict[str, Any], fid: str = "rei") -> int:
    return sum(g["points"] for g in out["glory"] if g["fighter"] == fid)


def _at(req: dict, r: int) -> dict:
    req["fight"]["positioning"]["range"] = r
    return req


# ── Slow Startup (000 L4838–L4848) ─────────────────────────────────────────────────────────────────


def _readied() -> tuple[dict, dict[str, Any]]:
    req = _req([SLOW])
    return req, _ok(_play(req, {"T1.rei.action": _attack("slow"), "T1.battle.action": NONE}, {}))


def test_slow_startup_first_use_only_readies_it_against_its_target() -> None:
    # 000 L4842: the first use is like a Utility move, the target named then: no attack roll, Battle keeps 25; the
    # move's price is paid by that use (a Special Move's first use: 1 point of the 1 granted, 000 L7209)
    _, out = _readied()
    assert "T1.rei.attack" not in _keys(out) and _state(out, "battle")["life_bar"] == 25
    assert _effects(out) == [("slow_startup", "slow", "battle")]
    assert _state(out, "rei")["dramatic"]["action_points"] == 0
    assert _gaps(out) == []


def test_slow_startup_goes_off_next_turn_with_two_larger_initiative_dice_out_of_range() -> None:
    # 000 L4846: next turn Rei's Initiative die is two sizes larger (1d8 → 1d12) and the move strikes Battle even
    # from Range 3 (its reach is 0–2), with no second price (ruling: paid when readied; 0 points granted after a
    # Special Move that defeated no one, ruling C11, and none spent). Hit: 3 + 3 = 6 against Evasion 3; damage 6:
    # 25 → 19, and 6 + 2 = 8 above 7 Stuns him (000 L3561–L3565)
    req, out = _readied()
    nxt = _at(_next(req, out), 3)
    after = _ok(_play(nxt, {}, {"T1.rei.attack": 3, "T1.rei.damage": 6}))
    assert _die(after, "T2.rei.init") == "1d12"
    assert _state(after, "battle")["life_bar"] == 19 and bool(_state(after, "battle")["stunned"])
    assert _state(after, "rei")["dramatic"]["action_points"] == 0
    assert _effects(after) == []


def test_slow_startup_going_off_at_a_fighter_who_is_down_spends_the_action() -> None:
    # ruling (000 L4846, L5968): Battle is down at the start of turn 2 and the move has no Pursuit: it cannot
    # strike him, the action is spent (no attack roll, Battle keeps 25) and nothing stays readied
    req, out = _readied()
    nxt = _next(req, out)
    nxt["fighters"][1]["state"]["knocked_down"] = True
    after = _ok(_play(nxt, {}, {}))
    assert "T2.rei.attack" not in _keys(after) and _state(after, "battle")["life_bar"] == 25
    assert "cannot reach battle now" in _text(after) and _effects(after) == []


def test_waiting_on_slow_startup_he_defends_with_defense_only_and_a_hit_cancels_it() -> None:
    # 000 L4844: Battle attacks Rei while the move waits: Evasion is refused, the Defense skill stands (3); Battle's
    # 6 + 0 = 6 against 3 hits, and the hit cancels the move
    req = _req([SLOW])
    asked = {"T1.rei.action": _attack("slow"), "T1.battle.action": {**_attack("basic_move"), "target": "rei"}}
    evading = _play(req, {**asked, "T1.rei.defense": {"defense": "evasion", "fs": 0}}, {"T1.battle.attack": 6})
    assert [v["code"] for v in evading["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    hit = _ok(_play(req, {**asked, "T1.rei.defense": {"defense": "defense", "fs": 0}}, {"T1.battle.attack": 6}))
    assert _effects(hit) == []
    assert "Slow Startup move is cancelled" in _text(hit)


# ── Sustained Hold (000 L4377–L4395) ───────────────────────────────────────────────────────────────


def _held() -> tuple[dict, dict[str, Any]]:
    req = _at(_req([HUG]), 0)
    return req, _ok(_play(req, {"T1.rei.action": _attack("hug")}, {"T1.rei.attack": 3, "T1.rei.damage": 6}))


def test_sustained_hold_first_part_damages_without_knock_back_or_down_and_he_cannot_act() -> None:
    # 000 L4385: damage (6: 25 → 19) and Hit Stun only: no Knock Back (Range stays 0), no Knock Down; Battle has
    # no action this turn, not even for a point (no `T1.battle.action` asked); the hold is kept into next turn
    _, out = _held()
    battle = _state(out, "battle")
    assert (battle["life_bar"], bool(battle["knocked_down"]), out["fight"]["positioning"]["range"]) == (19, False, 0)
    assert not [p for p in out["decisions_needed"] if p["fighter"] == "battle"]
    assert "T1.battle.ignore_hit_stun" not in str(out["log"])
    assert _effects(out) == [("sustained_hold", "hug", "battle")]
    assert _glory(out) == 2  # its level, with the first damage (000 L4397, L5749)
    assert _gaps(out) == []


def test_sustained_hold_second_part_on_initiative_won_halves_the_damage_then_throws() -> None:
    # 000 L4387: Rei's die two sizes larger (1d8 → 1d12), 9 against 1: at his action the hold hits again with no
    # roll, damage 7 halved (rounded down) to 3: 19 → 16, then the Throw's Knock Down (000 L4339); his action is
    # spent on it (000 L4391) and the hold is finished; no Glory again for the same move (000 L5749)
    req, out = _held()
    nxt = _at(_next(req, out), 0)
    after = _ok(_play(nxt, {}, {"T1.rei.damage": 7}))
    assert _die(after, "T2.rei.init") == "1d12"
    assert "T2.rei.attack" not in _keys(after)
    battle = _state(after, "battle")
    assert battle["life_bar"] == 16 and "battle spends their action standing up" in _text(after)
    assert _effects(after) == [] and _glory(after) == 0


def test_sustained_hold_second_part_without_initiative_lets_go_with_no_damage() -> None:
    # 000 L4389–L4391: Rei 1 + 1 = 2 against Battle's 9: before anyone acts the hold ends, no damage (Battle stays
    # at 19), the Knock Down lands (his action then goes on standing up, 000 L5958) and Rei's action is spent
    req, out = _held()
    nxt = _at(_next(req, out), 0)
    after = _ok(_play(nxt, {}, {"T1.rei.init": 1, "T1.battle.init": 9}))
    assert _state(after, "battle")["life_bar"] == 19
    assert "T2.rei.damage" not in _keys(after)
    assert not after["decisions_needed"] and "battle spends their action standing up" in _text(after)
    assert _effects(after) == []
    # 000 L4397: the first part earned Hug's level, 2; with no second damage the move earns 1 less: −1 now, 1 in all
    assert _glory(out) + _glory(after) == 2 - 1 and _glory(after) == -1
    assert _gaps(after) == []


def test_sustained_hold_that_earned_no_glory_loses_none_without_its_second_part() -> None:
    # ruling (000 L4397, L5749): Hug already earned its Glory this round (`moves_scored_this_round`): the first part
    # earns 0, so letting go takes nothing (Rei 2 against Battle's 9, as above); the hold carries no mark
    req = _at(_req([HUG], rei={"moves_scored_this_round": ["hug"]}), 0)
    out = _ok(_play(req, {"T1.rei.action": _attack("hug")}, {"T1.rei.attack": 3, "T1.rei.damage": 6}))
    assert _glory(out) == 0
    assert [e.get("charges") for e in _state(out, "rei")["ongoing_effects"]] == [None]
    after = _ok(_play(_at(_next(req, out), 0), {}, {"T1.rei.init": 1, "T1.battle.init": 9}))
    assert _glory(after) == 0 and _effects(after) == []


def test_sustained_hold_that_earned_its_glory_is_marked_for_the_next_turn() -> None:
    # the hold's first part earned Hug's 2 Glory (000 L4397, L5749): the state kept for next turn says so
    _, out = _held()
    assert [e.get("charges") for e in _state(out, "rei")["ongoing_effects"]] == [1]


def test_no_one_else_reaches_either_fighter_of_a_sustained_hold() -> None:
    # 000 L4393–L4395: a third fighter's attack on the one held is refused until the hold is completed
    req, out = _held()
    nxt = _at(_next(req, out), 0)
    kai = copy.deepcopy(nxt["fighters"][0])
    kai["id"] = "kai"  # his own side (no `fight.sides`)
    kai["state"]["ongoing_effects"] = []
    nxt["fighters"].append(kai)
    refused = _play(nxt, {"T2.kai.action": {**_attack("basic_move"), "target": "rei"}},
                    {"T2.kai.init": 8, "T2.rei.init": 5, "T2.battle.init": 1})  # fmt: skip
    assert "TARGET_UNAVAILABLE" in [v["code"] for v in refused["violations"]]
    asked = _play(nxt, {}, {"T2.kai.init": 8, "T2.rei.init": 5, "T2.battle.init": 1})
    point = next(p for p in asked["decisions_needed"] if p["key"] == "T2.kai.action")
    assert not [c for c in point["choices"] if c["value"].get("action") == "attack"]  # none offered at either


# ── Cancel Throw (000 L3077–L3083) ────────────────────────────────────────────────────────────────


def _cancel(tactics: int, decision: dict[str, Any] | None, points: int = 1) -> dict[str, Any]:
    req = _req([JAB, TOSS], rei={"dramatic": {"action_points": points}})
    asked = {"T1.rei.action": _attack("jab"), **({"T1.rei.cancel_throw": decision} if decision else {})}
    return _ok(_play(req, asked, {"T1.rei.attack": 3, "T1.rei.damage": 6, "T1.rei.tactics_check": tactics}))


def test_cancel_throw_on_a_tactics_check_of_8_resolves_a_throw_in_its_place() -> None:
    # 000 L3083: a hit at Range 1, Tactics 0 + 8 = 8 against DL 8: Toss stands in before the hit's effects: its
    # Knock Down (000 L4339) and its Glory, 2 (its level, 000 L5749), not Jab's 1; damage 6: 25 → 19
    out = _cancel(8, {"moves": ["toss"]})
    assert _keys(out).index("T1.rei.tactics_check") < _keys(out).index("T1.rei.damage")
    assert _state(out, "battle")["life_bar"] == 19 and "battle spends their action standing up" in _text(out)
    assert _glory(out) == 2
    assert _gaps(out) == []


def test_cancel_throw_failed_or_declined_leaves_the_move_as_it_was() -> None:
    # 000 L3083: 7 < 8, or the Throw declined: Jab's own effects (Hit Stun, no Knock Down) and Glory 1
    for out in (_cancel(7, None), _cancel(8, {"choice": "pass"})):
        assert _glory(out) == 1 and "loses their action to Hit Stun" in _text(out)


def test_cancel_throw_needs_a_throw_he_could_pay_for() -> None:
    # ruling (no Control in a Dramatic turn, 000 L7084): with no point left for Toss's price (1 granted, 1 paid for
    # Jab, 000 L7209) no Throw is open to him: no Tactics check is rolled
    out = _cancel(8, None, points=0)
    assert "T1.rei.tactics_check" not in _keys(out) and _glory(out) == 1


# ── Opening Throw and Multi-Part Throw (000 L3757–L3780, L4672–L4682) ───────────────────────────────

TOSS_OPENS = move("toss", "throw", "opening_throw", level=1)
TWIST = move("twist", "throw", level=1, liabilities=(el("multi_part_throw", opening_throw="Toss"),))
TWIST_AT = {"action": "attack", "moves": ["twist"], "target": "battle"}


def _locked(points: int = 1) -> tuple[dict, dict[str, Any]]:
    # Toss hits at Range 0: 3 + 5 (the Special Move's +3, 000 L7211; the Throw's +1, 000 L4345; Range 0's +1,
    # 000 L5613) = 8 against Evasion 3; damage 6: 25 → 19
    req = _at(_req([TOSS_OPENS, TWIST], rei={"dramatic": {"action_points": points}}), 0)
    return req, _ok(_play(req, {"T1.rei.action": _attack("toss")}, {"T1.rei.attack": 3, "T1.rei.damage": 6}))


def _turn_two(req: dict, out: dict[str, Any]) -> dict:
    return _at(_next(req, out), 0)


def test_opening_throw_locks_him_its_knock_down_and_back_waiting() -> None:
    # 000 L3765–L3767: Twist follows Toss on the sheet: the hit locks Battle; Toss's Knock Down and Knock Back wait
    # (Range stays 0, he is not down) and he cannot act (no decision asked of him)
    _, out = _locked()
    battle = _state(out, "battle")
    assert (battle["life_bar"], bool(battle["knocked_down"]), out["fight"]["positioning"]["range"]) == (19, False, 0)
    assert _effects(out) == [("multi_part_throw", "toss", "battle")]
    assert not [p for p in out["decisions_needed"] if p["fighter"] == "battle"]
    assert "locked in rei's Multi-Part Throw" in _text(out)
    assert _gaps(out) == []


def test_the_last_link_next_turn_ends_the_sequence_with_its_own_effects() -> None:
    # 000 L3767, L3778: Rei wins Initiative (9 against 1) and uses Twist as his next action: 3 + 5 = 8 hits; damage
    # 5: 19 → 14; the last Throw lands as usual: Knocked Down (000 L4339), the lock is over
    req, out = _locked()
    after = _ok(_play(_turn_two(req, out), {"T1.rei.action": TWIST_AT}, {"T1.rei.attack": 3, "T1.rei.damage": 5}))
    assert _state(after, "battle")["life_bar"] == 14 and "battle spends their action standing up" in _text(after)
    assert _effects(after) == []


def test_the_victim_winning_or_tying_initiative_ends_it_before_anyone_acts() -> None:
    # 000 L3773: Battle 9 against Rei's 8 + 1 = 9, a tie: the sequence ends before anyone acts, Toss's waiting Knock
    # Down lands (no damage: 19 stays) and Rei loses his action (none asked of him)
    req, out = _locked()
    after = _ok(_play(_turn_two(req, out), {}, {"T1.rei.init": 8, "T1.battle.init": 9}))
    assert _state(after, "battle")["life_bar"] == 19 and "battle spends their action standing up" in _text(after)
    assert "T2.rei.attack" not in _keys(after) and _effects(after) == []


def test_any_other_action_declares_the_end_and_loses_it() -> None:
    # 000 L3775: Rei declares his Basic Move instead of Twist: the sequence ends, Toss's Knock Down lands and Rei's
    # action is lost (no attack roll)
    req, out = _locked()
    after = _ok(_play(_turn_two(req, out), {"T1.rei.action": _attack("basic_move")}, {}))
    assert "T2.rei.attack" not in _keys(after) and "battle spends their action standing up" in _text(after)
    assert _effects(after) == []


def test_a_missed_link_ends_the_sequence_with_the_waiting_knock_down() -> None:
    # 000 L3767, L3775: Battle's Evasion raised to 6: Defense Total 6 + 1 = 7; Twist 1 + 5 = 6 misses: the sequence
    # ends, Toss's Knock Down lands, no damage (19 stays)
    req, out = _locked()
    nxt = _turn_two(req, out)
    nxt["fighters"][1]["sheet"]["combat_skills"]["evasion"] = 6
    after = _ok(_play(nxt, {"T1.rei.action": TWIST_AT}, {"T1.rei.attack": 1}))
    assert _state(after, "battle")["life_bar"] == 19 and "battle spends their action standing up" in _text(after)
    assert "defends against the next Throw" in _text(after) and _effects(after) == []


def test_no_point_for_the_next_link_ends_the_sequence() -> None:
    # ruling (000 L3775, L7084): no Control is rolled, so lacking the next Throw's price (1 point: the one granted
    # paid for Toss, none granted after a Special Move that defeated no one, ruling C11) ends it: Rei's action is lost
    req, out = _locked(points=0)
    after = _ok(_play(_turn_two(req, out), {}, {}))
    assert "T2.rei.attack" not in _keys(after) and "battle spends their action standing up" in _text(after)
    assert "no point left for the next Throw" in _text(after) and _effects(after) == []


# ── a Utility move's Slow Startup (000 L4838–L4848) ───────────────────────────────────────────────

PREP = move("prep", "increased_glory", level=1, liabilities=(el("utility"), el("slow_startup")))
USE = {"action": "utility", "moves": ["prep"]}


def _begun() -> tuple[dict, dict[str, Any]]:
    req = _req([PREP])
    return req, _ok(_play(req, {"T1.rei.action": USE, "T1.battle.action": NONE}, {}))


def test_a_utility_moves_slow_startup_first_use_only_readies_it() -> None:
    # 000 L4842: the first use readies it; ruling: its price is paid then (a Special Move's first use: the 1 point
    # granted, 000 L7209) and its Glory (its level, 000 L6004) waits for it to take effect; nothing left unnamed
    _, out = _begun()
    assert _effects(out) == [("slow_startup", "prep", None)]
    assert _state(out, "rei")["dramatic"]["action_points"] == 0 and _glory(out) == 0
    assert _gaps(out) == []


def test_a_utility_moves_slow_startup_takes_effect_next_turn() -> None:
    # 000 L4846: next turn Rei's Initiative die is two sizes larger (1d8 → 1d12) and the move takes effect at his
    # action, with no second price: its Glory, level 1, the first time (000 L6004); nothing stays readied
    req, out = _begun()
    after = _ok(_play(_next(req, out), {"T1.battle.action": NONE}, {}))
    assert _die(after, "T2.rei.init") == "1d12"
    assert _glory(after) == 1 and _effects(after) == []
    assert "rei's Prep, begun last turn, takes effect" in _text(after)


def test_waiting_on_a_utility_moves_slow_startup_defense_only_and_a_hit_cancels_it() -> None:
    # 000 L4844: Battle attacks Rei while Prep waits: Evasion is refused, the Defense skill stands (3); Battle's
    # 6 + 0 = 6 against 3 hits and cancels it: nothing readied, no Glory
    req = _req([PREP])
    asked = {"T1.rei.action": USE, "T1.battle.action": {**_attack("basic_move"), "target": "rei"}}
    evading = _play(req, {**asked, "T1.rei.defense": {"defense": "evasion", "fs": 0}}, {"T1.battle.attack": 6})
    assert [v["code"] for v in evading["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    hit = _ok(_play(req, {**asked, "T1.rei.defense": {"defense": "defense", "fs": 0}}, {"T1.battle.attack": 6}))
    assert _effects(hit) == [] and _glory(hit) == 0
    assert "Slow Startup move is cancelled" in _text(hit)


def test_a_healing_move_with_slow_startup_heals_only_when_it_takes_effect() -> None:
    # 000 L4842, L4846, L3436–L3444: readied on turn 1, Mend heals nothing then (Rei stays at 20); on turn 2 it takes
    # effect and heals at the end of the turn: a Special Move's 1d6 without Strength, halved: a 5 heals 2, 20 → 22
    mend = move("mend", "healing", level=2, liabilities=(el("slow_startup"),))
    req = _req([mend], rei={"life_bar": 20})
    use = {"T1.rei.action": {"action": "utility", "moves": ["mend"]}, "T1.battle.action": NONE}
    out = _ok(_play(req, use, {"T1.rei.healing": 5}))
    assert _state(out, "rei")["life_bar"] == 20 and _effects(out) == [("slow_startup", "mend", None)]
    after = _ok(_play(_next(req, out), {"T1.battle.action": NONE}, {"T1.rei.healing": 5}))
    assert _state(after, "rei")["life_bar"] == 22 and _effects(after) == [] and _gaps(after) == []
