"""Dramatic turns on a Band Map: "A Battle Map can be used if desired" (000 L7106). Each fighter takes a band and
every Range is the bands' difference (000 L5652–L5656); movement is the main system's (000 L7106, L5644), Knock Back
goes away from the attacker (000 L5654) and never to Range 5 (000 L5950), and nobody walks to Range 5 from every
opponent but by Leaving Combat (000 L7152). Each figure worked by hand from the text.

Rei, Ken and Battle are test_group's (Rei: Accuracy +1, Basic Move 1d8 on Battle; Battle defends with Evasion 2 +
Defense Bonus 1 = 3; Ken: Athletics 2; Battle: no Athletics). Ava and the groups are test_thugs' (Ava: PL 2, Dramatic
Life Bar 20, Thug Thrashing 1, so two actions)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.operations import examples
from tests.unit.fight2e.dramatic.test_group import KEN, _fighter
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D
from tests.unit.fight2e.dramatic.test_thugs import request as thug_request
from tests.unit.fight2e.dramatic.test_thugs import resolved as thug_resolved
from tests.unit.fight2e.thug_thrashing.support import THUG

NONE = {"action": "none"}


def _body(bands: dict[str, int], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    sides = {"rei": "heroes", "ken": "heroes", "battle": "battle"}
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "band", "bands": bands},
            "sides": {k: v for k, v in sides.items() if k in bands},
        },
        "fighters": [
            _fighter(fid, sheet) for fid, sheet in (("rei", REI_D), ("ken", KEN), ("battle", BATTLE_D)) if fid in bands
        ],
        "decisions": decisions,
        "rolls": rolls,
        "seed": 3,
    }


def _play(body: dict[str, Any]) -> dict[str, Any]:
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert out["unsupported"] == []  # no dramatic_band_map any more
    return out


def _bands(out: dict[str, Any]) -> dict[str, int]:
    return out["fight"]["positioning"]["bands"]


def _life(out: dict[str, Any], fid: str) -> int:
    return next(f["state"]["life_bar"] for f in out["fighters"] if f["id"] == fid)


def band_map_request() -> dict[str, Any]:
    """The published example: Rei (band 1) and Ken (band 6) against Battle (band 3); Rei closes in and hits."""
    step_in = {"action": "attack", "moves": ["basic_move"], "target": "battle", "movement": 1, "direction": "toward"}
    return _body(
        {"rei": 1, "ken": 6, "battle": 3},
        {"T1.rei.action": step_in, "T1.ken.action": NONE},
        {"T1.rei.init": 8, "T1.ken.init": 5, "T1.battle.init": 1, "T1.rei.attack": 5, "T1.rei.damage": 3},
    )


def test_a_move_and_a_knock_back_change_every_range() -> None:
    # Rei (9) acts first: 1 band toward Battle, band 1 → 2, Range 2 → 1 (000 L5615, L5652). His Basic Move at Range 1
    # (no modifier, 000 L5613): 5 + 1 = 6 against Battle's 3, a hit; 1d8 shows 3: 25 → 22. Knock Back 1 away from
    # Rei (000 L5654, L5950): Battle band 3 → 4, so Range 2 from Rei and 2 from Ken, who stood still (it was 3).
    # Battle had not acted: the hit costs him his action (000 L7130).
    out = _play(band_map_request())
    assert _bands(out) == {"rei": 2, "ken": 6, "battle": 4}
    assert _life(out, "battle") == 22
    assert any(s["actor"] == "battle" and "Hit Stun" in s["text"] for s in out["log"])


def test_the_band_map_turn_is_a_published_example() -> None:
    assert examples("resolve_turn")["dramatic-band-map"] == band_map_request()


def test_no_walking_to_range_five_from_every_opponent() -> None:
    # Rei in band 4, Battle in band 1 (Range 3). Moving 2 away would reach band 6, Range 5 from his only opponent:
    # that is Leaving Combat's (000 L7106, L7152), so (ruling) he stops a band short: band 5, Range 4.
    away = {"action": "move", "movement": 2, "direction": "away", "target": "battle"}
    out = _play(_body({"rei": 4, "battle": 1}, {"T1.rei.action": away, "T1.battle.action": NONE}, {"T1.rei.init": 8}))
    assert _bands(out) == {"rei": 5, "battle": 1}


def test_a_move_toward_one_opponent_from_between_two() -> None:
    # Battle in band 3 between Rei (1) and Ken (6). He moves 2 toward Ken: band 5, Range 1 to Ken and 4 to Rei
    # (000 L5652: each Range is the bands' difference).
    toward = {"action": "move", "movement": 2, "direction": "toward", "target": "ken"}
    out = _play(
        _body(
            {"rei": 1, "ken": 6, "battle": 3},
            {"T1.battle.action": toward, "T1.rei.action": NONE, "T1.ken.action": NONE},
            {"T1.rei.init": 2, "T1.ken.init": 1, "T1.battle.init": 9},
        )
    )
    assert _bands(out) == {"rei": 1, "ken": 6, "battle": 5}


HIT = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
REI_FIRST = {"T1.rei.init": 8, "T1.ken.init": 5, "T1.battle.init": 1, "T1.rei.attack": 5, "T1.rei.damage": 3}


def test_knocked_off_the_map_everyone_shifts() -> None:
    # Rei (band 5) hits Battle (band 6) at Range 1: 6 against 3, 25 → 22. Knock Back away from Rei would put Battle
    # in band 7: everyone shifts a band down instead (000 L5656): Rei 4, Ken 2, Battle 6; Range 2 from Rei.
    out = _play(_body({"rei": 5, "ken": 3, "battle": 6}, {"T1.rei.action": HIT, "T1.ken.action": NONE}, REI_FIRST))
    assert _bands(out) == {"rei": 4, "ken": 2, "battle": 6}
    assert _life(out, "battle") == 22


def test_no_knock_back_off_the_map_when_two_others_span_it() -> None:
    # Rei steps from band 5 into Battle's band 6 (moving up) and hits him at Range 0: 5 + 1 + 1 (Range 0,
    # 000 L5613) = 7 against 3, 25 → 22. Knock Back goes the way Rei last moved (000 L5654), off the map; Rei (6)
    # and Ken (1) are already at Range 5 from one another, so no Knock Back occurs (000 L5654): nobody moves.
    step_in = {**HIT, "movement": 1, "direction": "toward"}
    out = _play(_body({"rei": 5, "ken": 1, "battle": 6}, {"T1.rei.action": step_in, "T1.ken.action": NONE}, REI_FIRST))
    assert _bands(out) == {"rei": 6, "ken": 1, "battle": 6}
    assert _life(out, "battle") == 22


def test_knocked_out_of_the_fight_on_the_map() -> None:
    # Rei (band 2) hits Battle (band 3) at Range 1: 6 against 3; 1d8 shows 6. He pays his point and gives up all
    # 6 damage for 3 more Ranges of Knock Back (000 L7195): Range 1 + 1 + 3 = 5, out of the fight for one turn
    # (ruling C14). Band 2 + 5 = 7 is off the map, so everyone shifts down one (000 L5656): Rei 1, Ken 5, Battle 6.
    decisions = {"T1.rei.action": HIT, "T1.ken.action": NONE, "T1.rei.knock_out": {"points": 6}}
    out = _play(_body({"rei": 2, "ken": 6, "battle": 3}, decisions, REI_FIRST | {"T1.rei.damage": 6}))
    assert _bands(out) == {"rei": 1, "ken": 5, "battle": 6}
    assert _life(out, "battle") == 25
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]["dramatic"]
    assert battle["returning_turns"] == 1


LEAVE = {"option": "leaving_combat"}
PASS = {"choice": "pass"}
STILL = {"T1.rei.action": NONE, "T1.ken.action": NONE}


def test_leaving_combat_unopposed_takes_him_to_range_five_of_both() -> None:
    # Battle (band 2) leaves; Rei and Ken (band 1) let him go (000 L7152): he goes to the end away from them, band
    # 1 + 5 = 6, Range 5 from both: away, and no point paid.
    out = _play(
        _body(
            {"rei": 1, "ken": 1, "battle": 2},
            {"T1.battle.action": LEAVE, "T1.rei.oppose_escape": PASS, "T1.ken.oppose_escape": PASS, **STILL},
            {"T1.rei.init": 2, "T1.ken.init": 1, "T1.battle.init": 9},
        )
    )
    assert _bands(out) == {"rei": 1, "ken": 1, "battle": 6}
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]["dramatic"]
    assert battle["action_points"] == 1  # the turn's point, unspent


def test_leaving_combat_stopped_stays_at_range_four() -> None:
    # Ken objects (Rei lets him go): Battle pays his point (000 L7152); his Athletics 0 + 4 = 4 against Ken's
    # 2 + 5 = 7: he does not beat it, so he stays at Range 4: band 1 + 4 = 5.
    out = _play(
        _body(
            {"rei": 1, "ken": 1, "battle": 2},
            {
                "T1.battle.action": LEAVE,
                "T1.rei.oppose_escape": PASS,
                "T1.ken.oppose_escape": {"choice": "act"},
                **STILL,
            },
            {"T1.rei.init": 2, "T1.ken.init": 1, "T1.battle.init": 9, "T1.battle.escape": 4, "T1.ken.pursue": 5},
        )
    )
    assert _bands(out) == {"rei": 1, "ken": 1, "battle": 5}
    battle = next(f for f in out["fighters"] if f["id"] == "battle")["state"]["dramatic"]
    assert battle["action_points"] == 0


# ── With Thug groups: a band per group (000 L6664) ─────────────────────────────────────────────────────────


def _thugs(ava: int, **bands: int) -> dict[str, Any]:
    req = thug_request()
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": ava}}
    req["fight"]["thugs"] = [{"id": gid, "thug": THUG, "members": 3, "band": b} for gid, b in bands.items()]
    return req


THUG_STAY = {"T1.g.action": NONE, "T1.h.action": NONE}
THUG_ROLLS = {"T1.ava.init": 6, "T1.g.init": 1, "T1.h.init": 1, "T1.fight.time": 3}


def _where(out: dict[str, Any]) -> dict[str, Any]:
    return {g["id"]: (g["band"], g["ranges"]["ava"]) for g in out["fight"]["thugs"]}


def test_with_thugs_her_move_and_a_flourish_knock_back_move_her_band() -> None:
    # Ava in band 3, g in 2, h in 5. Action 1: 1 toward g, band 2: Range 0 to g and 3 to h (000 L5652, L6668).
    # Action 2: she invites g to a Flourish (her point, 000 L7189); it accepts and wins, 9 against 2: 1d10 shows 4,
    # 20 → 16, and she is knocked back 1 Range from g. From g's own band, away is toward the map's wider side
    # (ruling, thug_thrashing/group.py): band 3, Range 1 to g and 2 to h. The groups stay where they were.
    toward = {"action": "move", "movement": 1, "direction": "toward", "target": "g"}
    decisions = {"T1.ava.action": toward, "T1.ava.action.2": {"option": "flourish", "target": "g"}}
    decisions |= {"T1.g.accept_flourish": {"choice": "act"}, **THUG_STAY}
    rolls = THUG_ROLLS | {"T1.ava.flourish": 2, "T1.g.flourish": 9, "T1.g.flourish_damage": 4}
    out = thug_resolved(_thugs(3, g=2, h=5), decisions, rolls)
    assert out["fight"]["positioning"]["bands"] == {"ava": 3}
    assert _where(out) == {"g": (2, 1), "h": (5, 2)}
    assert out["fighters"][0]["state"]["life_bar"] == 16
    assert not [u for u in out["unsupported"] if u["id"] == "thug_band_map"]


def test_with_thugs_leaving_goes_to_the_map_end_away_from_the_groups() -> None:
    # Ava in band 3, g in 2 and h in 1, both below her; neither objects (000 L7152): she goes up the map to g's band
    # + 5 = 7, past the edge, so band 6 (ruling): Range 4 to g, 5 to h. The groups do not move.
    decisions = {"T1.ava.action": LEAVE, "T1.ava.action.2": NONE, "T1.g.oppose_escape": PASS, **THUG_STAY}
    decisions["T1.h.oppose_escape"] = PASS
    out = thug_resolved(_thugs(3, g=2, h=1), decisions, THUG_ROLLS)
    assert out["fight"]["positioning"]["bands"] == {"ava": 6}
    assert _where(out) == {"g": (2, 4), "h": (1, 5)}
