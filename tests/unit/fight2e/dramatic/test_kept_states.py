"""States a move keeps on its user over turns, in a Fighters' Dramatic turn (000 L7080: the main system's procedure),
through the pieces the turns with Thugs share, each worked by hand from the text.

Rei and Battle are test_options.py's, at Range 1 with Dramatic Life Bars of 25: Rei (PL 3) acts first (Initiative
8 + 1 against 1 + 0); Battle defends with Defense 0 + Defense Bonus 1 = 1, and his Initiative die is 1d10 (Speed 2).
Rei's Basic Move on Battle rolls 1d8; a Level 2 Special Move, 1d12 (the figures test_options.py's turns show). Each
turn's Time Roll is given as 3. A second turn is played from the first's answer (its fighters' states)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, INIT, NONE, REI_D, _fighter

DEFEND = {"defense": "defense", "fs": 0}


def _req(rei_moves: list[dict[str, Any]], turn: int = 1, rei: dict | None = None, battle: dict | None = None) -> dict:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"] += rei_moves
    fr, fb = _fighter("rei", sheet, 25, 30, {}), _fighter("battle", copy.deepcopy(BATTLE_D), 25, 30, {})
    fr["state"].update(rei or {})
    fb["state"].update(battle or {})
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": turn, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [fr, fb],
        "seed": 7,
    }


def _play(req: dict, decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    t = req["fight"]["turn"]
    body = {
        **req,
        "decisions": {k.replace("T1.", f"T{t}."): v for k, v in decisions.items()},
        "rolls": {k.replace("T1.", f"T{t}."): v for k, v in {**INIT, "T1.fight.time": 3, **rolls}.items()},
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _next(req: dict, out: dict[str, Any]) -> dict:
    """The following turn, from the answer's states (Range and Time Count as given)."""
    nxt = copy.deepcopy(req)
    nxt["fight"]["turn"] += 1
    for f in nxt["fighters"]:
        f["state"] = next(x["state"] for x in out["fighters"] if x["id"] == f["id"])
    nxt["fight"]["positioning"]["range"] = 1
    return nxt


def _codes(out: dict[str, Any]) -> list[str]:
    return [v["code"] for v in out["violations"]]


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _effects(out: dict[str, Any], fid: str = "rei") -> list[tuple[str, str | None, int | None]]:
    return [(e["id"], e.get("move"), e.get("time_left")) for e in _state(out, fid)["ongoing_effects"]]


def _named(out: dict[str, Any]) -> bool:
    return "dramatic_move_elements" in {u["id"] for u in out["unsupported"]}


def _die(out: dict[str, Any], key: str) -> str:
    return next(r["die"] for r in out["rolls"] if r["key"] == key)


def _texts(out: dict[str, Any], part: str) -> list[str]:
    return [s["text"] for s in out["log"] if part in s["text"]]


def _utility(mid: str) -> dict[str, Any]:
    return {"action": "utility", "moves": [mid]}


def _attack(mid: str, target: str = "battle") -> dict[str, Any]:
    return {"action": "attack", "moves": [mid], "target": target}


IDLE = {"T1.rei.action": NONE, "T1.battle.action": NONE}


# ── Free Movement (000 L3372–L3382) ────────────────────────────────────────────────────────────────────────────


def test_free_movement_puts_him_out_of_reach_and_lets_him_only_move() -> None:
    sink = move("sink", "free_movement")
    req = _req([sink])
    # Used (hit or miss, the Always keyword): a 5-count, the Time Roll of 3 leaves 2 (000 L3380).
    out = _ok(
        _play(
            req,
            {"T1.rei.action": _attack("sink"), "T1.battle.defense": DEFEND},
            {"T1.rei.attack": 1, "T1.rei.damage": 1},
        )
    )
    assert _effects(out) == [("free_movement", "sink", 2)] and not _named(out)
    # Next turn no attack reaches him (000 L3380) and he can only move.
    nxt = _next(req, out)
    refused = _play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei")}, {})
    assert _codes(refused) == ["TARGET_UNAVAILABLE"]
    assert _codes(_play(nxt, {"T1.rei.action": _attack("basic_move")}, {})) == ["FREE_MOVEMENT_RESTRICTED"]


# ── Invisibility and Maintain Effect (000 L3589–L3605) ────────────────────────────────────────────────────────


def _vanish(*more: dict[str, Any]) -> dict[str, Any]:
    return move("vanish", el("invisibility", 3, initiative_steps=1, control_steps=0), *more, level=3)


# used hit or miss, as the Always keyword has it
USE_VANISH = {"T1.rei.action": _attack("vanish"), "T1.battle.defense": DEFEND}


def test_invisibility_shrinks_the_opponents_initiative_die_next_turn_until_he_is_hit() -> None:
    req = _req([_vanish()])
    out = _ok(_play(req, USE_VANISH, {"T1.rei.attack": 1, "T1.rei.damage": 1}))
    assert [e[0] for e in _effects(out)] == ["invisibility"] and not _named(out)
    # Next turn Battle's 1d10 is one size smaller, 1d8 (000 L3591); Battle's hit (6 + 0 against Rei's Defense 3 + 0)
    # ends it (000 L3591).
    nxt = _next(req, out)
    rolls = {"T1.battle.attack": 6, "T1.battle.damage": 1}
    hit = _ok(_play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei"),
                          "T1.rei.defense": DEFEND}, rolls))  # fmt: skip
    assert _die(hit, "T2.battle.init") == "1d8"
    assert _effects(hit) == []
    # Without Maintain Effect it is gone after that turn even unhit (000 L3592).
    quiet = _ok(_play(nxt, IDLE, {}))
    assert _die(quiet, "T2.battle.init") == "1d8" and _effects(quiet) == []


def test_maintained_invisibility_goes_on_unhit() -> None:
    req = _req([_vanish(el("invisibility.maintain_effect"))])
    out = _ok(_play(req, USE_VANISH, {"T1.rei.attack": 1, "T1.rei.damage": 1}))
    quiet = _ok(_play(_next(req, out), IDLE, {}))
    assert [e[0] for e in _effects(quiet)] == ["invisibility"]  # until he is hit (000 L3599–L3603)
    third = _ok(_play(_next(_next(req, out), quiet), IDLE, {}))
    assert _die(third, "T3.battle.init") == "1d8"


# ── Vulnerability's Increased Duration (000 L4896–L4900) ──────────────────────────────────────────────────────


def test_increased_duration_keeps_his_damage_taken_a_die_size_up_from_next_turn() -> None:
    crush = move("crush", liabilities=(el("vulnerability"), el("vulnerability.increased_duration")))
    req = _req([crush])
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("crush"), "T1.battle.defense": DEFEND}, rolls))
    # a 5-count from next turn: it does not run in the turn of use (000 L4898)
    assert _effects(out) == [("vulnerability.increased_duration", "crush", 5)] and not _named(out)
    # Next turn Battle's Basic Move on him (6 against Defense 3) rolls one die size above its own: Battle's Strength
    # 0 against Rei's Stamina 0 is 1d4 (Rei's 1d8 on Battle is two sizes up: +1 Strength, Battle's −1 Stamina), so
    # 1d6; the count runs from this turn: 5 − 3 = 2 (000 L4898).
    nxt = _next(req, out)
    hit = _ok(_play(nxt, {"T1.rei.action": NONE, "T1.battle.action": _attack("basic_move", "rei"),
                          "T1.rei.defense": DEFEND}, {"T1.battle.attack": 6, "T1.battle.damage": 1}))  # fmt: skip
    assert _die(hit, "T2.battle.damage") == "1d6"
    assert _effects(hit) == [("vulnerability.increased_duration", "crush", 2)]


# ── Power Enhancer (000 L3820–L3850) ──────────────────────────────────────────────────────────────────────────


def test_a_power_enhancer_banked_in_one_turn_raises_the_next_use_of_its_move() -> None:
    focus = move("focus", el("power_enhancer", target_moves="Fist"), level=3)
    req = _req([focus, move("fist")])
    used = _ok(_play(req, {"T1.rei.action": _utility("focus"), "T1.battle.action": NONE}, {}))
    assert [(e["id"], e["charges"]) for e in _state(used, "rei")["ongoing_effects"]] == [("power_enhancer", 1)]
    assert not _named(used)
    # Next turn Fist, a Level 2 Special Move's 1d12, is one die size up: 1d12+2 (000 L3826, L3539); the bank is spent.
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    out = _ok(_play(_next(req, used), {"T1.rei.action": _attack("fist"), "T1.battle.defense": DEFEND}, rolls))
    assert _die(out, "T2.rei.damage") == "1d12+2" and _effects(out) == []


# ── A Taunt's Element Addition (000 L4291–L4301) ──────────────────────────────────────────────────────────────


def test_a_taunts_element_addition_goes_to_his_next_turns_move() -> None:
    jeer = move("jeer", el("taunt"), el("taunt.element_addition", element="knocks_down"))
    # a Story Point pays next turn's Special Move (000 L7209)
    req = _req([jeer, move("punch")], rei={"story_points": 1})
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1, "T1.rei.taunt_glory": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("jeer"), "T1.battle.defense": DEFEND}, rolls))
    assert [e[0] for e in _effects(out)] == ["taunt.element_addition"] and not _named(out)
    # Punch next turn (the following turn, 000 L4297) hits with Knocks Down: Battle, down before acting, stands with
    # his action and rolls Initiative a die size smaller next turn (000 L5958–L5966); the loan is spent.
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    nxt = _ok(_play(_next(req, out), {"T1.rei.action": _attack("punch"), "T1.battle.defense": DEFEND}, rolls))
    assert len(_texts(nxt, "battle is Knocked Down")) == 1 and _effects(nxt) == []
    assert _state(nxt, "battle")["dramatic"]["initiative_steps"] == -1


# ── Infinite Supers, Extended Duration, Super Move Enhancer (000 L4922–L4934, L4233–L4237) ─────────────────────


def _inf(*more: dict[str, Any]) -> dict[str, Any]:
    return move("inf", el("infinite_supers"), *more, level=5, kind="super", liabilities=(el("utility"),))


def test_infinite_supers_pays_and_frees_the_next_turns_super() -> None:
    sup = move("sup", level=5, kind="super")
    req = _req([_inf(), sup], rei={"super_energy": 10})
    # A Utility Super pays its 10 Super Energy and 1 FS (000 L5281, L7215): 30 → 29; a 5-count, 3 off: 2 (000 L4930).
    out = _ok(_play(req, {"T1.rei.action": _utility("inf"), "T1.battle.action": NONE}, {}))
    assert _state(out, "rei")["super_energy"] == 0 and _state(out, "rei")["fighting_spirit"] == 29
    assert _effects(out) == [("infinite_supers", "inf", 2)] and not _named(out)
    # Next turn, with none, Sup costs no Super Energy (000 L4932); without the count it is refused.
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    nxt = _next(req, out)
    assert _ok(_play(nxt, {"T1.rei.action": _attack("sup"), "T1.battle.defense": DEFEND}, rolls))
    nxt["fighters"][0]["state"]["ongoing_effects"] = []
    refused = _play(nxt, {"T1.rei.action": _attack("sup"), "T1.battle.defense": DEFEND}, rolls)
    assert _codes(refused) == ["INSUFFICIENT_SUPER_ENERGY"]


def test_extended_duration_stretches_the_count() -> None:
    # 10 to launch and 2 × 10 more: 5 + 2 × 5 = 15, 3 off by the Time Roll: 12 (000 L4922–L4926).
    req = _req([_inf(el("extended_duration"))], rei={"super_energy": 30})
    req["options"]["super_energy_max"] = 30
    decisions = {"T1.rei.action": _utility("inf"), "T1.battle.action": NONE, "T1.rei.extended_duration": {"amount": 2}}
    out = _ok(_play(req, decisions, {}))
    assert _state(out, "rei")["super_energy"] == 0 and _effects(out) == [("infinite_supers", "inf", 12)]


def test_a_super_move_enhancer_pays_for_its_super_next_turn() -> None:
    boost = move("focus", el("super_move_enhancer", target_super="Sup", stun_afterwards="no"), level=3)
    boost["liabilities"] = [el("utility")]
    req = _req([boost, move("sup", level=5, kind="super"), move("sup2", level=5, kind="super")])
    out = _ok(_play(req, {"T1.rei.action": _utility("focus"), "T1.battle.action": NONE}, {}))
    # from next turn for a 5-count: it does not run in the turn of use (000 L4235)
    assert _effects(out) == [("super_move_enhancer", "focus", 5)] and not _named(out)
    # Its 20 Super Energy pay for Sup alone (000 L4237): Rei has 1 of his own, short of Sup2's 10.
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    nxt = _next(req, out)
    assert _ok(_play(nxt, {"T1.rei.action": _attack("sup"), "T1.battle.defense": DEFEND}, rolls))
    refused = _play(nxt, {"T1.rei.action": _attack("sup2"), "T1.battle.defense": DEFEND}, rolls)
    assert _codes(refused) == ["INSUFFICIENT_SUPER_ENERGY"]


# ── Temporary Technique (000 L4329–L4333) ─────────────────────────────────────────────────────────────────────


def test_a_temporary_technique_lends_the_taunt_through_his_next_action() -> None:
    learn = move("learn", el("temporary_technique", technique="Taunts"), liabilities=(el("utility"),))
    req = _req([learn])
    taunt = {"T1.rei.action": {"action": "taunt", "target": "battle"}, "T1.battle.action": NONE}
    # Without it the campaign has no Taunt (000 L2141): refused.
    assert _codes(_play(req, taunt, {"T1.rei.taunt_glory": 3})) == ["TAUNT_INVALID"]
    out = _ok(_play(req, {"T1.rei.action": _utility("learn"), "T1.battle.action": NONE}, {}))
    assert [e[0] for e in _effects(out)] == ["temporary_technique"] and not _named(out)
    # Next turn his action is still within the loan (000 L4331): the Taunt's 1d4 Glory at Battle's lower Initiative.
    nxt = _ok(_play(_next(req, out), taunt, {"T1.rei.taunt_glory": 3}))
    assert [(g["fighter"], g["points"]) for g in nxt["glory"]] == [("rei", 3)]


# ── Fake (000 L3338–L3350) ─────────────────────────────────────────────────────────────────────────────────────


def test_a_fake_has_no_tactics_defence_to_raise_in_a_dramatic_turn() -> None:
    # Its bonus is on Tactics Defense Totals (000 L3350); a Dramatic defence is Defense or Evasion, or Ki or
    # Acrobatics in their place (000 L7124): nothing to raise (ruling), logged, the move used all the same.
    out = _ok(_play(_req([move("feint", "fake")]), {"T1.rei.action": _utility("feint"), "T1.battle.action": NONE}, {}))
    assert _texts(out, "a Fake raises Tactics") == ["Feint: a Fake raises Tactics, no Dramatic defence: nothing."]
    assert not _named(out)


# ── A Buff's options (000 L2975–L3075) ────────────────────────────────────────────────────────────────────────


def _buff(*mods: str) -> dict[str, Any]:
    # a Buff of +1 Strength (000 L2953–L2961), with the options named
    return {
        "id": "focus",
        "name": "Focus",
        "level": 2,
        "elements": [el("buff", quality_raises=1, raised_qualities="strength"), *(el(m) for m in mods)],
    }


BUFFED = {"ongoing_effects": [{"id": "buff", "move": "focus", "time_left": 6, "since": 1}]}


def test_movement_only_and_no_movement_limit_his_action() -> None:
    bad = _play(_req([_buff("buff.movement_only")], 2, BUFFED), {"T1.rei.action": _attack("basic_move")}, {})
    assert _codes(bad) == ["BUFF_MOVEMENT_ONLY"]  # nothing but movement (000 L3033)
    walk = {"action": "move", "movement": 1, "direction": "away", "target": "battle"}
    rooted = _play(_req([_buff("buff.no_movement")], 2, BUFFED), {"T1.rei.action": walk}, {})
    assert _codes(rooted) == ["BUFF_NO_MOVEMENT"]  # he cannot move while it lasts (000 L3039)


def test_life_bar_drain_takes_his_power_level_at_the_turns_end() -> None:
    out = _ok(_play(_req([_buff("buff.life_bar_drain")], 2, BUFFED), IDLE, {}))
    assert _state(out, "rei")["life_bar"] == 25 - 3  # his PL 3 (000 L3013)


def test_a_stun_buff_ending_stuns_him() -> None:
    # 3 left, the Time Roll of 3 ends it (000 L2961); Stunned from the next turn (000 L3061).
    ending = {"ongoing_effects": [{"id": "buff", "move": "focus", "time_left": 3, "since": 1}]}
    out = _ok(_play(_req([_buff("buff.stun")], 2, ending), IDLE, {}))
    assert _effects(out) == [] and _state(out, "rei")["stunned"]


def test_a_technique_buffs_flight_lasts_as_long_as_its_buff() -> None:
    # Buff and Flight on one move with Technique Buff: the Flight runs on the Buff's 10-count (000 L3071–L3073), not
    # its own 5; the Time Roll of 3 leaves 7 of each.
    soar = _buff("buff.technique_buff")
    soar["elements"].insert(1, el("flight"))
    soar["level"] = 3
    out = _ok(_play(_req([soar]), {"T1.rei.action": _utility("focus"), "T1.battle.action": NONE}, {}))
    assert sorted(_effects(out)) == [("buff", "focus", 7), ("flight", "focus", 7)] and not _named(out)


def test_a_buff_gauge_fills_as_his_super_energy_does() -> None:
    # It fills as Super Energy (000 L2977): an idle Dramatic turn gives 1 (000 L5271): 3 → 4.
    gauge = {"ongoing_effects": [{"id": "buff_gauge", "charges": 3}]}
    out = _ok(_play(_req([_buff("buff.buff_gauge")], 2, gauge), IDLE, {}))
    assert [(e["id"], e["charges"]) for e in _state(out, "rei")["ongoing_effects"]] == [("buff_gauge", 4)]


# ── End Style (000 L3282–L3290) ────────────────────────────────────────────────────────────────────────────────


def test_end_style_takes_him_back_to_his_base_style() -> None:
    tend = {"id": "tend", "name": "Tiger End", "level": 2, "style": "Tiger", "elements": [{"id": "end_style"}]}
    req = _req([tend, {"id": "claw", "name": "Tiger Claw", "level": 2, "style": "Tiger"}], 2)
    sheet = req["fighters"][0]["sheet"]
    sheet["qualities"] = [*sheet.get("qualities", []), {"id": "multiple_styles"}]
    sheet["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger"}]
    req["fighters"][0]["state"]["ongoing_effects"] = [{"id": "style", "move": "Tiger", "since": 1}]
    # Used, hit or miss (the Always keyword), he is back in the Crane style (000 L3288–L3290).
    rolls = {"T1.rei.attack": 1, "T1.rei.damage": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("tend"), "T1.battle.defense": DEFEND}, rolls))
    assert [e for e in _effects(out) if e[0] == "style"] == [] and not _named(out)


# ── A style's movement limits and Movement Exception (000 L3292–L3298, L5094–L5138) ──────────────────────────


def _tiger(**style: Any) -> dict:
    """Rei in his Tiger style (``style``: its flaws), with Tiger Claw and Tiger Dash (End Style, Movement Exception)."""
    dash = {"id": "tdash", "name": "Tiger Dash", "level": 2, "style": "Tiger",
            "elements": [{"id": "end_style"}, {"id": "end_style.movement_exception"}]}  # fmt: skip
    req = _req([dash, {"id": "claw", "name": "Tiger Claw", "level": 2, "style": "Tiger"}], 2)
    sheet = req["fighters"][0]["sheet"]
    sheet["qualities"] = [*sheet.get("qualities", []), {"id": "multiple_styles"}]
    sheet["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger", **style}]
    req["fighters"][0]["state"]["ongoing_effects"] = [{"id": "style", "move": "Tiger", "since": 1}]
    return req


def _moving(action: dict[str, Any], **style: Any) -> dict[str, Any]:
    battle = {"T1.battle.defense": DEFEND} if action["action"] == "attack" else {"T1.battle.action": NONE}
    decisions = {"T1.rei.action": action, **battle}
    return _play(_tiger(**style), decisions, {"T1.rei.attack": 1, "T1.rei.damage": 1})


def test_a_limited_movement_style_charges_one_fs_for_the_range_before_an_attack() -> None:
    # 000 L5102: before an attack only 1 Range, for 1 FS: Rei's 30 FS → 29 (the fight's first hit then gives back up
    # to his starting 30, 000 L5489); 2 Ranges are refused
    one = _ok(_moving({**_attack("claw"), "movement": 1, "direction": "toward"}, limited_movement=True))
    assert [e["change"]["fs"] for e in one["log"] if "to move in the Tiger style" in e["text"]] == [29]
    assert not _named(one)
    two = _moving({**_attack("claw"), "movement": 2, "direction": "away"}, limited_movement=True)
    assert _codes(two) == ["STYLE_MOVEMENT_LIMITED"]


def test_a_limited_movement_style_moves_one_range_free_or_two_for_one_fs() -> None:
    # 000 L5102: moving without attacking, 1 Range is free (30 FS kept) and 2 cost 1 FS (29)
    free = _ok(_moving({"action": "move", "movement": 1, "direction": "away"}, limited_movement=True))
    paid = _ok(_moving({"action": "move", "movement": 2, "direction": "away"}, limited_movement=True))
    assert (_state(free, "rei")["fighting_spirit"], _state(paid, "rei")["fighting_spirit"]) == (30, 29)


def test_a_no_movement_style_allows_no_movement() -> None:
    # 000 L5136–L5138: in the style he cannot move at all
    out = _moving({"action": "move", "movement": 1, "direction": "away"}, no_movement=True)
    assert _codes(out) == ["STYLE_MOVEMENT_LIMITED"]


def test_a_movement_exception_move_keeps_its_movement_and_ends_the_style() -> None:
    # 000 L3294–L3298: Tiger Dash moves as any move, 1 Range with its action for no FS (30 kept), even in the
    # Limited Movement style; used, he is back in his Base Style (the Tiger style effect is gone)
    out = _ok(_moving({**_attack("tdash"), "movement": 1, "direction": "toward"}, limited_movement=True))
    assert _texts(out, "to move in the Tiger style") == []
    assert [e for e in _effects(out) if e[0] == "style"] == [] and not _named(out)


# ── Gradual Effect (000 L3384–L3410) ──────────────────────────────────────────────────────────────────────────

DRIP = {"id": "drip", "name": "Drip", "level": 2, "elements": [{"id": "gradual_effect"}]}
HOLD = {"T1.rei.action": NONE, "T1.battle.action": NONE}


def _lives(req: dict, first: dict[str, Any], rolls: dict[str, int], turns: int, fid: str = "battle") -> list[int]:
    """``fid``'s Life Bar after the first turn and each of ``turns`` idle turns after it."""
    out = _ok(_play(req, first, rolls))
    lives = [_state(out, fid)["life_bar"]]
    for _ in range(turns):
        req = _next(req, out)
        out = _ok(_play(req, HOLD, {}))
        lives.append(_state(out, fid)["life_bar"])
    assert not _named(out)
    return lives


def test_gradual_effect_deals_its_damage_in_three_installments() -> None:
    # 000 L3390: Drip rolls 5: ⌈5/3⌉ + 1 = 3 with the hit (25 → 22), 3 at the end of each of the next two turns
    # (19, 16), then nothing more (16); the installments do no Hit Stun: Battle acts in those turns
    first = {"T1.rei.action": _attack("drip"), "T1.battle.defense": DEFEND}
    lives = _lives(_req([DRIP]), first, {"T1.rei.attack": 5, "T1.rei.damage": 5}, 3)
    assert lives == [22, 19, 16, 16]


def test_gradual_effect_on_a_healing_move_spreads_the_healing() -> None:
    # 000 L3392, L3436–L3444: Mend's 1d6 rolls 5, halved: 2; in three installments of ⌈2/3⌉ + 1 = 2, at the end of
    # this turn and the next two: 15 → 17, 19, 21, then nothing more
    mend = {"id": "mend", "name": "Mend", "level": 2, "elements": [{"id": "healing"}, {"id": "gradual_effect"}]}
    first = {"T1.rei.action": _utility("mend"), "T1.battle.action": NONE}
    lives = _lives(_req([mend], rei={"life_bar": 15}), first, {"T1.rei.healing": 5}, 3, "rei")
    assert lives == [17, 19, 21, 21]


def test_a_delayed_onset_waits_for_its_trigger() -> None:
    # 000 L3396–L3410: the hit only primes it (25 kept, its 10-count starts); the Trigger Gradual Effect Command Move
    # next turn deals the first installment at once (⌈5/3⌉ + 1 = 3: 22), the others at the end of the next two turns;
    # a Story Point pays for the Command Move (000 L7209)
    delayed = {**DRIP, "elements": [{"id": "gradual_effect"}, {"id": "gradual_effect.delayed_onset"}]}
    req = _req([delayed], rei={"story_points": 1})
    primed = _ok(_play(req, {"T1.rei.action": _attack("drip"), "T1.battle.defense": DEFEND},
                       {"T1.rei.attack": 5, "T1.rei.damage": 5}))  # fmt: skip
    assert _state(primed, "battle")["life_bar"] == 25
    assert [(e[0], e[2]) for e in _effects(primed)] == [("gradual_effect.delayed_onset", 7)]  # 10 − Time Roll 3
    trigger = {"T1.rei.action": _utility("trigger_gradual_effect"), "T1.battle.action": NONE}
    assert _lives(_next(req, primed), trigger, {}, 2) == [22, 19, 16]


# ── Prop and Prop Recovery (000 L4755–L4785, L3902–L3908) ──────────────────────────────────────────────────────

CLUB = {"id": "club", "name": "Club", "level": 2, "liabilities": [{"id": "prop"}]}
KNIFE = {"id": "knife", "name": "Knife", "level": 2, "elements": [{"id": "ranged"}], "liabilities": [{"id": "prop"}]}
DOWN = [{"id": "prop", "move": "prop", "since": 1, "charges": 0}]  # as the service writes it: at his feet


def _props(out: dict[str, Any], fid: str = "rei") -> list[tuple[int | None, bool]]:
    """His dropped Props: (Ranges away, moved since)."""
    return [(e.get("charges"), bool(e.get("moved"))) for e in _state(out, fid)["ongoing_effects"] if e["id"] == "prop"]


def test_a_dropped_prop_locks_its_moves_until_recovered() -> None:
    # 000 L4761: without the Prop, Club cannot be used; with it in hand the same attack goes on, nothing named
    locked = _play(_req([CLUB], 2, {"ongoing_effects": DOWN}), {"T1.rei.action": _attack("club")}, {})
    assert _codes(locked) == ["MOVE_LOCKED"]
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    ok = _ok(_play(_req([CLUB], 2), {"T1.rei.action": _attack("club"), "T1.battle.defense": DEFEND}, rolls))
    assert not _named(ok)


def test_recover_prop_at_his_feet_needs_only_the_action() -> None:
    # 000 L4761, L4775–L4785: not moved since it fell, Recover Prop picks it up with no roll
    req = _req([CLUB], 2, {"ongoing_effects": DOWN})
    out = _ok(_play(req, {"T1.rei.action": _utility("recover_prop:prop"), "T1.battle.action": NONE}, {}))
    assert _props(out) == [] and not [r for r in out["rolls"] if "maneuver" in r["key"]] and not _named(out)


def test_a_prop_recovery_move_picks_it_up_as_it_is_used() -> None:
    # 000 L3904–L3908: Grab, used where the Prop fell (he has not moved), picks it up with its attack; Club is free
    grab = {"id": "grab", "name": "Grab", "level": 2, "elements": [{"id": "prop_recovery"}]}
    req = _req([CLUB, grab], 2, {"ongoing_effects": DOWN})
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("grab"), "T1.battle.defense": DEFEND}, rolls))
    assert _props(out) == [] and len(_texts(out, "picks up")) == 1 and not _named(out)


def test_moving_leaves_the_dropped_prop_behind() -> None:
    # 000 L4761: once he has moved since it fell, it is no longer at his feet
    req = _req([CLUB], 2, {"ongoing_effects": DOWN})
    step = {"action": "move", "movement": 1, "direction": "away"}
    out = _ok(_play(req, {"T1.rei.action": step, "T1.battle.action": NONE}, {}))
    assert _props(out) == [(0, True)]


def test_a_knock_down_drops_a_non_ranged_prop() -> None:
    # 000 L4757: Battle, with Club, is Knocked Down by Rei's Slam: his Prop falls where he lies (he then stands up
    # with his action, 000 L5958, and has not moved)
    req = _req([{"id": "slam", "name": "Slam", "level": 2, "elements": [{"id": "knocks_down"}]}])
    req["fighters"][1]["sheet"]["moves"].append(copy.deepcopy(CLUB))
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    out = _ok(_play(req, {"T1.rei.action": _attack("slam"), "T1.battle.defense": DEFEND}, rolls))
    assert len(_texts(out, "battle is Knocked Down")) == 1 and _props(out, "battle") == [(0, False)]


def test_a_clean_evasion_drops_a_ranged_prop_as_far_as_the_target() -> None:
    # 000 L4757, L4765: Battle Evades Rei's Knife at Range 1 (1 + 3 = 4 against Evasion 3 + 3 FS = 6, a miss): the
    # Prop lies 1 Range away; met with Defense and Evasion together (3 + 3 FS = 6, a miss too) it is not dropped
    req = _req([KNIFE])
    evaded = {"T1.rei.action": _attack("knife"), "T1.battle.defense": {"defense": "evasion", "fs": 3}, **HOLD_B}
    out = _ok(_play(req, evaded, {"T1.rei.attack": 1}))
    assert _props(out) == [(1, False)]
    both = {**evaded, "T1.battle.defense": {"defense": "defense_evasion", "fs": 3}}
    blocked = _ok(_play(req, both, {"T1.rei.attack": 1}))
    assert _texts(blocked, "miss.") and _props(blocked) == []


HOLD_B = {"T1.battle.action": NONE}


# ── Copies Moves (000 L3111–L3119) ────────────────────────────────────────────────────────────────────────────

MIMIC = {"id": "mimic", "name": "Mimic", "level": 3, "elements": [{"id": "copies_moves"}]}


def test_copies_moves_turns_the_damage_into_move_points_and_the_rest_hurts() -> None:
    # 000 L3115–L3119: Mimic rolls 5: 5 Move Points; Rei copies Battle's Mystic Shot (Level 3: 3 MP) without its
    # Ranged Element; 5 − 3 = 2 damage is left (25 → 23). The copy lasts a 5-count: 5 − Time Roll 3 = 2 left
    copy = {"T1.rei.copy_move": {"moves": ["mystic_shot"], "entry": "ranged"}}
    decisions = {"T1.rei.action": _attack("mimic"), "T1.battle.defense": DEFEND, **copy}
    out = _ok(_play(_req([MIMIC]), decisions, {"T1.rei.attack": 5, "T1.rei.damage": 5}))
    assert _state(out, "battle")["life_bar"] == 23 and not _named(out)
    found = [
        (e["id"], e["move"], e["target"], e["entry"], e["time_left"]) for e in _state(out, "rei")["ongoing_effects"]
    ]
    assert found == [("copied_move", "mystic_shot", "battle", "ranged", 2)]
    # passing, the whole 5 hurts (20)
    passed = _ok(_play(_req([MIMIC]), {**decisions, "T1.rei.copy_move": {"moves": []}},
                       {"T1.rei.attack": 5, "T1.rei.damage": 5}))  # fmt: skip
    assert _state(passed, "battle")["life_bar"] == 20 and _state(passed, "rei")["ongoing_effects"] == []


def test_the_copied_move_serves_him_next_turn_until_its_count_runs_out() -> None:
    # 000 L3117: the copy is his to use next turn (a Story Point pays for it, 000 L7209); the 5-count's 2 left run out
    # with that turn's Time Roll of 3, so it is gone after it
    copy = {"T1.rei.copy_move": {"moves": ["mystic_shot"], "entry": "ranged"}}
    req = _req([MIMIC], rei={"story_points": 1})
    decisions = {"T1.rei.action": _attack("mimic"), "T1.battle.defense": DEFEND, **copy}
    out = _ok(_play(req, decisions, {"T1.rei.attack": 5, "T1.rei.damage": 5}))
    rolls = {"T1.rei.attack": 5, "T1.rei.damage": 1}
    used = _ok(
        _play(_next(req, out), {"T1.rei.action": _attack("copy:mystic_shot"), "T1.battle.defense": DEFEND}, rolls)
    )
    assert _texts(used, "Mystic Shot (copied)") and _state(used, "rei")["ongoing_effects"] == []
