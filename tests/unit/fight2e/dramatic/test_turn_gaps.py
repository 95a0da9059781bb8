"""Issue 36: steps of the plain Dramatic turn that were passed over without a finding, each worked by hand from the
text: a Dash in a Limited Movement style (000 L5100), what a successful Evasion gives (000 L5834–L5836, L2219–L2229),
the Reversal Response right after standing up (000 L4119, L5888) and no Flourish with a locked fighter (000 L3769,
L4393, L7189).

Rei, Ken (Rei's sheet) and Battle are test_options.py's and test_move_elements.py's, with Dramatic Life Bars of 25
and 30 FS; Rei's Initiative is 1d8 + his Control Bonus 1, Battle's 1d10 + 0 (000 L7088). Rei's Gale is an L1
Special Move: Accuracy 0 + Accuracy Bonus 1 + 2 for a Special Move (000 L7211) = 3; his Basic Move has Accuracy
0 + 1 = 1. Battle's Defense Bonus is 1."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_kept_states import _play, _tiger
from tests.unit.fight2e.dramatic.test_move_elements import REI_E
from tests.unit.fight2e.dramatic.test_options import BATTLE_D
from tests.unit.fight2e.dramatic.test_responses import BATTLE_R
from tests.unit.fight2e.dramatic.test_throws_and_startup import _at, _held, _next

NONE = {"action": "none"}
GALE = {"action": "attack", "moves": ["gale"]}


def _resolve(body: dict[str, Any]) -> dict[str, Any]:
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _codes(out: dict[str, Any]) -> list[str]:
    return [v["code"] for v in out["violations"]]


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _text(out: dict[str, Any]) -> str:
    return " ".join(str(e.get("text", "")) for e in out["log"])


def _keys(out: dict[str, Any]) -> list[str]:
    return [r["key"] for r in out["rolls"]]


def _fighter(fid: str, sheet: dict, **state: Any) -> dict[str, Any]:
    return {"id": fid, "sheet": copy.deepcopy(sheet), "state": {"life_bar": 25, "fighting_spirit": 30, **state}}


# ── The Reversal Response right after standing up (000 L4119, L5888) ──────────────────────────────────────────


def _stood(decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    """Battle (Defense 3, Tactics 2, and Rise, an L1 Reversal) starts the turn down, at Range 1 from Rei and Ken.
    Initiative: Rei 8 + 1 = 9, Battle 5, Ken 1 + 1 = 2: Battle does not have Initiative; he stands at his action
    and Ken attacks him next."""
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append({"id": "rise", "name": "Rise", "level": 1, "elements": [{"id": "reversal"}]})
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_E),
            _fighter("ken", REI_E),
            _fighter("battle", battle, knocked_down=True),
        ],
        "decisions": {"T1.rei.action": NONE, "T1.ken.action": {**GALE, "target": "battle"}, **decisions},
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 5, "T1.ken.init": 1, "T1.fight.time": 3, **rolls},
        "seed": 7,
    }
    return _resolve(body)


def test_a_reversal_response_answers_the_attack_right_after_he_stands_up() -> None:
    # 000 L4119, L5888: Battle stood up at his action (000 L5958) without Initiative; Ken's Gale, 1 + 3 = 4, misses
    # Battle's Tactics 2 + 1 + 3 FS = 6, and Battle answers with the Reversal Response: Rise, a Special Move, for
    # his one point of the turn (000 L7128, L7209), Accuracy 0 + 2 (000 L7211); a die of 2 makes 4 against Ken's
    # halved Defense 3 // 2 = 1 (000 L5850): a hit for 1d8 + Damage Bonus 1 = 4 + 1 = 5: Ken 25 → 20
    reverse = {"choice": "act", "response": "reversal", "moves": ["rise"]}
    out = _ok(
        _stood(
            {"T1.battle.defense": {"defense": "tactics", "fs": 3}, "T1.battle.defensive_response": reverse},
            {"T1.ken.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
        )
    )
    assert "battle spends their action standing up" in _text(out)
    assert _state(out, "ken")["life_bar"] == 20
    assert _state(out, "battle")["dramatic"]["action_points"] == 0


# ── No Flourish with a fighter locked in a Sustained Hold (000 L4393–L4395, L7189) ───────────────────────────


def _hold_and_kai() -> dict:
    """Turn 2 of test_throws_and_startup.py's Sustained Hold: Rei holds Battle (Hug hit on turn 1, all at Range 0);
    Kai (Rei's sheet, his own side) joins the fight with his point of the turn."""
    req, out = _held()
    nxt = _at(_next(req, out), 0)
    kai = copy.deepcopy(nxt["fighters"][0])
    kai["id"] = "kai"
    kai["state"]["ongoing_effects"] = []
    kai["state"]["dramatic"] = {}  # a point granted this turn (000 L7082)
    nxt["fighters"].append(kai)
    return nxt


def test_no_flourish_invitation_to_a_fighter_locked_in_a_sustained_hold() -> None:
    # 000 L4393–L4395: until the hold's second part, no one else reaches Rei or Battle; the Flourish is an exchange
    # of blows the invited one takes part in (000 L7189): Kai (Initiative 8 + 1 = 9, first) is offered no
    # invitation to either, and one asked for is refused before his point is spent
    nxt = _hold_and_kai()
    rolls = {"T2.kai.init": 8, "T2.rei.init": 5, "T2.battle.init": 1, "T2.fight.time": 3}
    asked = _resolve({**nxt, "rolls": rolls})
    assert "kai gets 1 Action Point(s): 1 banked." in _text(asked)
    point = next(p for p in asked["decisions_needed"] if p["key"] == "T2.kai.action")
    assert [c for c in point["choices"] if c["value"].get("option") == "flourish"] == []
    for target in ("battle", "rei"):
        invite = {"T2.kai.action": {"option": "flourish", "target": target}}
        refused = _resolve({**nxt, "decisions": invite, "rolls": rolls})
        assert _codes(refused) == ["TARGET_UNAVAILABLE"]


def test_a_free_flourish_of_a_tie_leaves_out_a_fighter_locked_in_a_hold() -> None:
    # ruling (000 L7100, L4393–L4395): Kai 4 + 1 = 5 ties Battle's 5 at Range 0, but Battle is locked in Rei's hold
    # (Rei 8 + 1 = 9 won outright, so it goes on to its second part, 000 L4387): no Flourish replaces their turns,
    # no Flourish die is rolled
    nxt = _hold_and_kai()
    rolls = {"T2.kai.init": 4, "T2.rei.init": 8, "T2.battle.init": 5, "T2.fight.time": 3, "T2.rei.damage": 6}
    out = _ok(_resolve({**nxt, "decisions": {"T2.kai.action": NONE}, "rolls": rolls}))
    assert "a Flourish replaces their turns" not in _text(out)
    assert [k for k in _keys(out) if k.endswith(".flourish")] == []


# ── A Dash in a Limited Movement style (000 L5100, L2175–L2179) ──────────────────────────────────────────────


def _dash(action: dict[str, Any], styled: bool, at: int = 2) -> dict[str, Any]:
    """test_kept_states.py's Rei in his Tiger style (Limited Movement) or, ``styled`` False, back in his Crane Base
    Style, with the Dash campaign option on, at Range ``at`` from Battle."""
    req = _tiger(limited_movement=True)
    if not styled:
        req["fighters"][0]["state"]["ongoing_effects"] = []
    req["options"]["dash"] = True
    req["fight"]["positioning"]["range"] = at
    attacked = action.get("action") == "attack"
    battle = {"T1.battle.defense": {"defense": "defense", "fs": 0}} if attacked else {"T1.battle.action": NONE}
    return _play(req, {"T1.rei.action": action, **battle}, {"T1.rei.attack": 3, "T1.rei.damage": 6})


def test_a_dash_is_refused_in_a_limited_movement_style() -> None:
    # 000 L5100: no movement Technique in the style: the 1-Range Dash from Range 2 before his Basic Move is refused
    # naming the style's limit, as is the 2-Range one from Range 3 (000 L2177)
    one = {"action": "attack", "target": "battle", "movement": 1, "dash": True}
    assert _codes(_dash(one, styled=True)) == ["STYLE_MOVEMENT_LIMITED"]
    assert _codes(_dash({**one, "movement": 2}, styled=True, at=3)) == ["STYLE_MOVEMENT_LIMITED"]
    # in his Base Style the same Dash is taken: 1 FS (000 L2179), 30 → 29 before the first hit's FS (000 L5489)
    out = _ok(_dash(one, styled=False))
    assert "rei pays 1 FS for the Dash." in _text(out)


def test_a_dash_with_no_attack_to_carry_is_refused_not_dropped() -> None:
    # 000 L2175–L2179: the Dash is movement before an attack: with a movement action, or before Property Damage (an
    # option with no move of his), it is refused rather than passed over
    walk = {"action": "move", "movement": 2, "direction": "toward", "dash": True}
    assert _codes(_dash(walk, styled=False, at=3)) == ["DASH_INVALID"]
    smash = {"action": "attack", "option": "property_damage", "target": "battle", "movement": 1, "dash": True}
    assert _codes(_dash(smash, styled=False)) == ["DASH_INVALID"]


# ── What a successful Evasion gives (000 L5834–L5836, L2219–L2229, L3464) ──────────────────────────────────────

REI_BASIC = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
AT_REI = {"action": "attack", "moves": ["basic_move"], "target": "rei"}
EVADE = {"defense": "evasion", "fs": 0}


def _turn(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    sheets: tuple[dict, dict] = (REI_E, BATTLE_D),
    options: dict[str, Any] | None = None,
    turn: int = 1,
    battle_state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Rei and Battle at Range 1; Initiative Rei 8 + 1 = 9, Battle 1 + 0 = 1; keys written for turn 1."""
    t = f"T{turn}."
    battle = {"id": "battle", "sheet": copy.deepcopy(sheets[1]), "state": battle_state} if battle_state else None
    body = {
        "options": {"subsystem": "dramatic", **(options or {})},
        "fight": {"turn": turn, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_fighter("rei", sheets[0]), battle or _fighter("battle", sheets[1])],
        "decisions": {k.replace("T1.", t): v for k, v in decisions.items()},
        "rolls": {k.replace("T1.", t): v for k, v in {"T1.rei.init": 8, "T1.battle.init": 1, **rolls}.items()},
        "seed": 7,
    }
    return _resolve(body)


def _evaded(result: dict[str, Any] | None, then: dict[str, Any], **more: Any) -> dict[str, Any]:
    """Rei (Initiative 9) strikes first with his Basic Move: 1 + 1 = 2 against Battle's Evasion 2 + Defense Bonus 1
    = 3: a miss; then Battle (Initiative 1) acts (``then``)."""
    decisions = {"T1.rei.action": REI_BASIC, "T1.battle.defense": EVADE, "T1.battle.action": then}
    decisions |= {"T1.battle.evasion_result": result} if result else {}
    rolls = {"T1.rei.attack": 1, "T1.battle.attack": 1, "T1.battle.damage": 3, "T1.fight.time": 3}
    return _turn(decisions | more.pop("decisions", {}), rolls | more.pop("rolls", {}), **more)


def test_after_evading_he_takes_two_accuracy_on_his_next_attack_against_the_attacker() -> None:
    # 000 L5834: the +2 is the default; Battle's Basic Move then has 0 + 2 = 2 and a die of 1 makes 3 against
    # Rei's Defense 3: a hit (without it 1 < 3 would miss); 1d4 + Damage Bonus 1 = 3 + 1 = 4: Rei 25 → 21
    out = _ok(_evaded(None, AT_REI, decisions={"T1.rei.defense": {"defense": "defense", "fs": 0}}))
    battle_roll = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "battle")
    assert battle_roll["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 3}
    assert _state(out, "rei")["life_bar"] == 21
    assert _state(out, "battle")["pending_accuracy"] == []  # used


def test_after_evading_he_may_move_exactly_two_ranges_for_one_fs() -> None:
    # 000 L5834: 2 Ranges away from Range 1 is Range 3, for 1 FS: 30 → 29; no bonus then
    out = _ok(_evaded({"choice": "move", "direction": "away"}, NONE))
    assert out["fight"]["positioning"]["range"] == 3
    assert _state(out, "battle")["fighting_spirit"] == 29
    assert _state(out, "battle")["pending_accuracy"] == []


def test_with_the_sidestep_he_moves_one_range_and_keeps_the_bonus() -> None:
    # 000 L2229 (no Hazards in a Dramatic turn, 000 L7106): 1 Range away (Range 2) for 1 FS (30 → 29) and +2 on his
    # next attack against Rei, kept into the next turn
    out = _ok(_evaded({"choice": "sidestep", "direction": "away"}, NONE, options={"sidestep": True}))
    assert out["fight"]["positioning"]["range"] == 2
    assert _state(out, "battle")["fighting_spirit"] == 29
    assert _state(out, "battle")["pending_accuracy"] == [{"amount": 2, "vs": "rei", "source": "evasion"}]
    # with a Sidestep Setup move on his sheet the Sidestep opens its chance, this turn and the next (000 L4823)
    battle = copy.deepcopy(BATTLE_D)
    battle["moves"].append({"id": "setup", "name": "Setup", "level": 1, "elements": [{"id": "increased_stun"}],
                            "liabilities": [{"id": "sidestep_setup"}]})  # fmt: skip
    opened = _ok(
        _evaded({"choice": "sidestep", "direction": "away"}, NONE, options={"sidestep": True}, sheets=(REI_E, battle))
    )
    assert [(e["id"], e.get("since")) for e in _state(opened, "battle")["ongoing_effects"]] == [("sidestep_setup", 1)]
    # without the campaign option there is no Sidestep (000 L2219)
    assert _codes(_evaded({"choice": "sidestep", "direction": "away"}, NONE)) == ["EVASION_RESULT_INVALID"]


def test_an_unused_evasion_bonus_lapses_at_the_end_of_the_next_turn() -> None:
    # 000 L5834: on this turn or the next: carried into turn 2 and unused there (Battle does nothing), it is gone
    first = _ok(_evaded(None, NONE))
    assert _state(first, "battle")["pending_accuracy"] == [{"amount": 2, "vs": "rei", "source": "evasion"}]
    kept = _state(first, "battle")
    second = _ok(
        _turn(
            {"T1.rei.action": NONE, "T1.battle.action": NONE},
            {"T1.fight.time": 3},
            turn=2,
            battle_state=kept,
        )
    )
    assert _state(second, "battle")["pending_accuracy"] == []
    assert "Evasion bonus against rei lapses unused" in _text(second)


def test_a_hits_low_attack_evaded_forces_the_two_range_move() -> None:
    # 000 L3464: Low, an L1 Hits Low Special Move: 0 + 1 + 2 − 1 against Evasion = 2; a die of 1 makes 3 against
    # Battle's Evasion 2 + 1 + 3 FS = 6: a miss, and Battle must move 2 Ranges (Range 1 → 3) for 1 FS: 30 − 3 − 1 = 26;
    # the +2 in its place is refused
    rei = copy.deepcopy(REI_E)
    rei["moves"].append({"id": "low", "name": "Low", "level": 1, "elements": [{"id": "hits_low"}]})
    low = {"T1.rei.action": {"action": "attack", "moves": ["low"], "target": "battle"}}
    low |= {"T1.battle.defense": {"defense": "evasion", "fs": 3}, "T1.battle.action": NONE}
    out = _ok(_turn(low, {"T1.rei.attack": 1, "T1.fight.time": 3}, sheets=(rei, BATTLE_D)))
    assert out["fight"]["positioning"]["range"] == 3
    assert _state(out, "battle")["fighting_spirit"] == 26
    refused = _turn(
        {**low, "T1.battle.evasion_result": {"choice": "accuracy_bonus"}},
        {"T1.rei.attack": 1, "T1.fight.time": 3},
        sheets=(rei, BATTLE_D),
    )
    assert _codes(refused) == ["EVASION_RESULT_INVALID"]


def test_in_a_limited_movement_style_he_cannot_move_after_evading() -> None:
    # 000 L5104: moving 2 Ranges after an Evasion needs FS, which the style forbids. Battle (Initiative 9) strikes
    # Rei (1 + 1 = 2) in his Tiger style with his Basic Move: 0 + 1 = 1 against Rei's Evasion 0 + 3 FS = 3, a miss
    req = _tiger(limited_movement=True)
    decisions = {"T1.battle.action": AT_REI, "T1.rei.defense": {"defense": "evasion", "fs": 3}, "T1.rei.action": NONE}
    rolls = {"T1.rei.init": 1, "T1.battle.init": 9, "T1.battle.attack": 1}
    moving = _play(req, {**decisions, "T1.rei.evasion_result": {"choice": "move", "direction": "away"}}, rolls)
    assert _codes(moving) == ["STYLE_MOVEMENT_LIMITED"]
    bonus = _ok(_play(req, decisions, rolls))
    assert _state(bonus, "rei")["pending_accuracy"] == [{"amount": 2, "vs": "battle", "source": "evasion"}]


def _rising(rolls: dict[str, int], rei_acts: bool) -> dict[str, Any]:
    """Battle (with Rise, an L1 Reversal) starts the turn down at Range 1 from Rei, and rises with Rise at Rei."""
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append({"id": "rise", "name": "Rise", "level": 1, "elements": [{"id": "reversal"}]})
    down = {"life_bar": 25, "fighting_spirit": 30, "knocked_down": True}
    rise = {"action": "attack", "moves": ["rise"], "target": "rei"}
    decisions = {"T1.battle.action": rise, "T1.rei.defense": {"defense": "defense", "fs": 0}}
    decisions |= {"T1.rei.action": NONE} if rei_acts else {}
    return _turn(decisions, {"T1.fight.time": 3, **rolls}, sheets=(REI_E, battle), battle_state=down)


def test_down_with_initiative_he_rises_with_a_reversal_at_no_accuracy_penalty() -> None:
    # 000 L4119: Battle 9 against Rei 1 + 1 = 2: he uses Rise as he stands, no penalty: 0 + 2 (a Special Move,
    # 000 L7211) = 2; a die of 1 makes 3 against Rei's Defense 3: a hit, 1d8 + 1 = 4 + 1 = 5: Rei 25 → 20; he is up
    out = _ok(_rising({"T1.rei.init": 1, "T1.battle.init": 9, "T1.battle.attack": 1, "T1.battle.damage": 4}, False))
    assert next(s for s in out["log"] if s["label"] == "D.6")["inputs"]["accuracy"] == 2
    assert _state(out, "rei")["life_bar"] == 20
    assert _state(out, "battle")["knocked_down"] is False
    assert _state(out, "battle")["dramatic"]["initiative_steps"] == 0


def test_down_without_initiative_his_reversal_has_minus_two_and_a_miss_costs_two_die_sizes() -> None:
    # ruling as the main turn (000 L4115): Rei 8 + 1 = 9 first (he does nothing), Battle 5: Rise at 2 − 2 = 0; a die
    # of 2 makes 2 against Defense 3: a miss; he stands all the same and his next Initiative die is two sizes less
    out = _ok(_rising({"T1.rei.init": 8, "T1.battle.init": 5, "T1.battle.attack": 2}, True))
    assert next(s for s in out["log"] if s["label"] == "D.6")["inputs"]["accuracy"] == 0
    assert _state(out, "rei")["life_bar"] == 25
    assert _state(out, "battle")["knocked_down"] is False
    assert _state(out, "battle")["dramatic"]["initiative_steps"] == -2


def _three(decisions: dict[str, Any], rolls: dict[str, int], battle: dict | None = None) -> dict[str, Any]:
    """Rei and Ken (Rei's sheet) against Battle, all at Range 1: Initiative Rei 8 + 1 = 9, Ken 4 + 1 = 5, Battle 1."""
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [_fighter("rei", REI_E), _fighter("ken", REI_E), _fighter("battle", battle or BATTLE_D)],
        "decisions": {"T1.rei.action": REI_BASIC, "T1.battle.defense": EVADE, **decisions},
        "rolls": {"T1.rei.init": 8, "T1.ken.init": 4, "T1.battle.init": 1, "T1.rei.attack": 1, "T1.fight.time": 3}
        | rolls,
        "seed": 7,
    }
    return _resolve(body)


def test_the_evasion_bonus_is_lost_on_an_attack_on_another_opponent() -> None:
    # 000 L5836: Battle evaded Rei (1 + 1 = 2 against 3) and takes +2 against him; Ken does nothing; Battle's Basic
    # Move at Ken has 0, not 2: a die of 1 makes 1 against Ken's Defense 3, a miss, and the bonus is gone
    at_ken = {"action": "attack", "moves": ["basic_move"], "target": "ken"}
    decisions = {"T1.ken.action": NONE, "T1.battle.action": at_ken, "T1.ken.defense": {"defense": "defense", "fs": 0}}
    out = _ok(_three(decisions, {"T1.battle.attack": 1}))
    assert next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "battle")["inputs"]["accuracy"] == 0
    assert "attacks another opponent: their Evasion bonus is lost" in _text(out)
    assert _state(out, "battle")["pending_accuracy"] == []


def test_the_evasion_bonus_is_lost_when_he_is_hit_first() -> None:
    # 000 L5836: Ken's Basic Move 1 + 1 + a die of 6 = 8 hits Battle (Evasion 3) before Battle acts: the +2 against
    # Rei is gone (and Battle's action with it, Hit Stun, 000 L7130)
    ken = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
    out = _ok(_three({"T1.ken.action": ken}, {"T1.ken.attack": 6, "T1.ken.damage": 3}))
    assert "hit before using it: their Evasion bonus is lost" in _text(out)
    assert _state(out, "battle")["pending_accuracy"] == []
