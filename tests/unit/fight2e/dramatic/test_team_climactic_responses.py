"""Defensive Responses against a Team-Up and a Climactic Super Move, and a summoned Ally in a Team-Up and a Flourish
(issue 36), each worked by hand from the text (000 L7124–L7128, L7156–L7170, L7187–L7189, L7219, L4201–L4207).

Rei and Ken are test_move_elements.py's Rei (Accuracy Bonus +1, Defense 3, Strength +1, Stamina 0) with Gale, an L1
Special Move: 0 + 1 + 2 for a Special Move (000 L7211) = 3 Accuracy at Range 1. Battle is test_responses.py's:
Defense 3, Tactics 2, Defense Bonus +1, PL 3, Riposte an L2 Counter. With Defense and 3 FS his Defense Total is
3 + 1 + 3 = 7 (000 L5716), with Tactics 2 + 1 + 3 = 6 (000 L5866); the Counter follows a block (000 L5870). His
Counter with Riposte costs a point (000 L7128, L7209), has 0 + 2 Accuracy and does 1d8 (1d6 a size up, 000 L7211;
Strength 0 against Stamina 0) + his Damage Bonus 1; the one answered meets it with half his Defense, 3 // 2 = 1
(000 L5850). Initiative: Rei 8 + 1 = 9, Ken 5 + 1 = 6, Battle 1 + 0 = 1. Dramatic Life Bars are 25."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_move_elements import REI_E
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, _turn
from tests.unit.fight2e.dramatic.test_responses import BATTLE_R
from tests.unit.fight2e.dramatic.test_summon import CALL
from tests.unit.fight2e.dramatic.test_thug_summon import _req as thug_request
from tests.unit.fight2e.dramatic.test_thugs import IDLE, group, resolved

KEN = copy.deepcopy(REI_E)
KEN["id"], KEN["name"] = "ken", "Ken"
REI_S = copy.deepcopy(REI_E)
REI_S["moves"] = [*REI_S["moves"], CALL]
HEROES_FIRST = {"T1.rei.init": 8, "T1.ken.init": 5, "T1.battle.init": 1}
TACTICS = {"defense": "tactics", "fs": 3}
BLOCK = {"defense": "defense", "fs": 3}
COUNTER = {"choice": "act", "response": "counter", "moves": ["riposte"]}
ALLY = [{"id": "summon", "move": "call", "time_left": 4, "since": 0, "target": "battle", "charges": 1}]


def _team(move: str) -> dict[str, Any]:
    return {"option": "team_up", "moves": [move], "target": "battle"}


def _person(fid: str, sheet: dict, dramatic: dict | None, life: int = 25, ongoing: list | None = None) -> dict:
    state: dict[str, Any] = {"life_bar": life, "fighting_spirit": 30, "fs_start": 30, "dramatic": dramatic or {}}
    if ongoing:
        state["ongoing_effects"] = ongoing
    return {"id": fid, "sheet": sheet, "state": state}


def _three(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    battle: dict = BATTLE_R,
    rei_sheet: dict = REI_E,
    ally: list | None = None,
    **dramatic: dict,
) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _person("rei", rei_sheet, dramatic.get("rei"), ongoing=ally),
            _person("ken", KEN, dramatic.get("ken")),
            _person("battle", battle, dramatic.get("battle")),
        ],
        "decisions": decisions,
        "rolls": {**HEROES_FIRST, **rolls},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["status"] in ("resolved", "over"), (out["violations"], out["decisions_needed"])
    return out


def _life(out: dict[str, Any], fid: str) -> int:
    return next(f["state"]["life_bar"] for f in out["fighters"] if f["id"] == fid)


def _rolls(out: dict[str, Any]) -> list[tuple[str, int, int]]:
    """Each attack roll: (who, die + Accuracy, the Defense Total)."""
    return [
        (s["actor"], s["inputs"]["face"] + s["inputs"]["accuracy"], s["inputs"]["defense_total"])
        for s in out["log"]
        if s["label"] == "D.6" and "face" in s["inputs"]
    ]


# ── A Team-Up ──────────────────────────────────────────────────────────────────────────────────────

GALES = {"T1.rei.action": _team("gale"), "T1.ken.action": _team("gale"), "T1.battle.defense": BLOCK}
BANKED = {"rei": {"action_points": 1}, "ken": {"action_points": 1}}  # the Team-Up's point and Gale's (000 L7209)


def test_a_team_up_of_special_moves_is_answered_by_one_counter_at_the_later_partner() -> None:
    # 000 L7128: against Special Moves every normal defensive option; his one option (000 L7219) is a block of 7.
    # Rei 3 + a 1 = 4 and Ken 3 + a 2 = 5 miss it, so neither hits. His one Counter answers, by default, Ken, at
    # whose Initiative they struck (ours): 0 + 2 + a 2 = 4 against Ken's 1 hits; 1d8 shows 4, + 1 = 5: Ken 25 → 20
    out = _ok(
        _three(
            {**GALES, "T1.battle.defensive_response": COUNTER},
            {"T1.rei.attack": 1, "T1.ken.attack": 2, "T1.battle.attack": 2, "T1.battle.damage": 4},
            **BANKED,
        )
    )
    assert _rolls(out) == [("rei", 4, 7), ("ken", 5, 7), ("battle", 4, 1)]
    assert (_life(out, "ken"), _life(out, "rei"), _life(out, "battle")) == (20, 25, 25)
    battle = next(f["state"]["dramatic"] for f in out["fighters"] if f["id"] == "battle")
    assert battle["special_moves_used"] == ["riposte"]  # paid for with the point of his Initiative (000 L7128)
    assert battle["action_points"] == 0


def test_the_defender_names_the_partner_his_response_answers() -> None:
    # the same misses; he names Rei (`answer_partner`): the Counter's 4 against Rei's 1: Rei 25 → 20, Ken untouched
    out = _ok(
        _three(
            {**GALES, "T1.battle.answer_partner": {"target": "rei"}, "T1.battle.defensive_response": COUNTER},
            {"T1.rei.attack": 1, "T1.ken.attack": 2, "T1.battle.attack": 2, "T1.battle.damage": 4},
            **BANKED,
        )
    )
    assert (_life(out, "rei"), _life(out, "ken")) == (20, 25)
    # a fighter outside the Team-Up is refused, not dropped
    wrong = _three(
        {**GALES, "T1.battle.answer_partner": {"target": "battle"}, "T1.battle.defensive_response": COUNTER},
        {"T1.rei.attack": 1, "T1.ken.attack": 2},
        **BANKED,
    )
    assert [v["code"] for v in wrong["violations"]] == ["TARGET_UNAVAILABLE"]


def test_a_step_by_step_caller_is_asked_which_partner_then_the_response() -> None:
    # with every decision asked: after both miss the block of 7, the partner to answer (Rei or Ken), then the
    # Counter open after a block (000 L5870)
    body = {
        "options": {"subsystem": "dramatic", "ask_every_decision": True},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _person("rei", REI_E, BANKED["rei"]),
            _person("ken", KEN, BANKED["ken"]),
            _person("battle", BATTLE_R, {}),
        ],
        "decisions": {**GALES}
        | {f"T1.{f}.reroll": {"choice": "pass"} for f in ("rei", "ken", "battle")}
        | {f"T1.{f}.fs_init_ctrl": {"init": 0} for f in ("rei", "ken", "battle")},  # no FS on Initiative (ruling C2)
        "rolls": {**HEROES_FIRST, "T1.rei.attack": 1, "T1.ken.attack": 2},
        "seed": 3,
    }
    asked = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")["decisions_needed"]
    assert [(d["key"], [c["value"] for c in d["choices"]]) for d in asked] == [
        ("T1.battle.answer_partner", [{"target": "rei"}, {"target": "ken"}]),
        (
            "T1.battle.defensive_response",
            [{"choice": "pass"}, {"choice": "act", "moves": ["riposte"], "response": "counter"}],
        ),
    ]


def test_a_hit_by_either_partner_leaves_no_response() -> None:
    # Rei 3 + a 1 = 4 misses, Ken 3 + a 4 = 7 hits the block of 7: both hit (000 L7219), so there is no miss to answer:
    # the Counter sent is never asked for, and is reported as unused rather than dropped
    out = _three(
        {**GALES, "T1.battle.defensive_response": COUNTER},
        {"T1.rei.attack": 1, "T1.ken.attack": 4, "T1.rei.damage": 1, "T1.ken.damage": 1},
        **BANKED,
    )
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DECISION_KEY_UNKNOWN"]


def test_a_special_and_a_basic_move_together_leave_only_the_responses_both_open() -> None:
    # Rei's Gale is a Special Move, Ken's a Basic Move: against a Basic Move only the Basic and Jinking Responses are
    # open (000 L7126), and one Response must meet both attacks (ours, as for a Fighter and his Ally, 000 L4203).
    # Ken's Basic Move: 0 + 1 = 1 Accuracy, a 2 makes 3; Rei's 4; both miss a block of 7 or Tactics 6. After the
    # block the Counter, open against Gale alone, is refused …
    mixed = {"T1.rei.action": _team("gale"), "T1.ken.action": _team("basic_move"), "T1.battle.defense": TACTICS}
    rolls = {"T1.rei.attack": 1, "T1.ken.attack": 2}
    blocked = {**mixed, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": COUNTER}
    out = _three(blocked, rolls, rei={"action_points": 1})
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["RESPONSE_SKILL_MISMATCH"]
    # … and after Tactics his Basic Response is taken: a Basic Move at Ken, no point, 0 Accuracy, a 2 against
    # Ken's 1 hits; 1d4 + 1 shows 3 + 1 = 4: Ken 25 → 21
    basic = {"choice": "act", "response": "basic", "moves": ["basic_move"]}
    out = _ok(
        _three(
            {**mixed, "T1.battle.defensive_response": basic},
            {**rolls, "T1.battle.attack": 2, "T1.battle.damage": 3},
            rei={"action_points": 1},
        )
    )
    assert _rolls(out) == [("rei", 4, 6), ("ken", 3, 6), ("battle", 2, 1)]
    assert _life(out, "ken") == 21


def test_a_partners_ally_strikes_with_his_basic_move_against_the_one_defense_total() -> None:
    # Rei's Ally stands 1 Range ahead of him, at Range 0 from Battle (000 L4195). Rei and Ken team up with Basic
    # Moves at Range 1: 0 + 1 = 1 each; Battle defends by default with Evasion 2 + 1 = 3. Rei's 1 + 1 = 2 and Ken's
    # 1 + 1 = 2 miss. The Ally launches its Basic Move with Rei's (000 L4203): 0 + 1 at Range 0 (000 L5613) + Rei's
    # Accuracy Bonus 1 = 2, a 2 makes 4 against the same 3: a hit, its own (it is no partner, so the partners still
    # miss, 000 L7219); 1d4 two sizes up for Rei's Strength +1 against Battle's Stamina −1 = 1d8 (000 L4201): 5,
    # Battle 25 → 20
    out = _ok(
        _three(
            {"T1.rei.action": _team("basic_move"), "T1.ken.action": _team("basic_move")},
            {"T1.rei.attack": 1, "T1.ken.attack": 1, "T1.rei.attack.2": 2, "T1.rei.damage": 5, "T1.fight.time": 3},
            battle=BATTLE_D,
            rei_sheet=REI_S,
            ally=ALLY,
        )
    )
    assert _rolls(out) == [("rei", 2, 3), ("ken", 2, 3), ("rei", 4, 3)]
    assert _life(out, "battle") == 20
    ally = [s["text"] for s in out["log"] if s["label"] == "D.1" and s["actor"] == "rei"]
    assert any("Ally attacks battle at Range 0" in t for t in ally)


def test_a_partners_ally_strikes_a_thug_group_with_his_team_up() -> None:
    # test_thug_summon.py's Ava (her Ally 1 Range ahead, at Range 0 from the group, Defense 3) and Bea, a second Ava
    # without one, team up with Basic Moves at Range 1: 0 + a 1 each = 1, both miss (000 L7219). Ava's Ally: 0 + 1
    # at Range 0 (000 L5613) + a 2 = 3 hits, its own (000 L4203); a Thug saves against 5 − Strength 2 = 3
    # (000 L6570): a 4 takes him out, 5 → 4
    req = thug_request()
    bea = copy.deepcopy(req["fighters"][0])
    bea["id"] = bea["sheet"]["id"] = "bea"
    bea["sheet"]["name"] = "Bea"
    bea["state"].pop("ongoing_effects")
    req["fighters"].append(bea)
    req["fight"]["thugs"][0]["ranges"]["bea"] = 1
    req["fight"]["sides"] = {"ava": "heroes", "bea": "heroes"}
    team = {"option": "team_up", "moves": ["basic_move"], "target": "g"}
    out = resolved(
        req,
        {"T1.ava.action": team, "T1.ava.action.2": IDLE, "T1.bea.action": team, "T1.bea.action.2": IDLE}
        | {"T1.g.action": IDLE},
        {"T1.ava.init": 6, "T1.bea.init": 3, "T1.g.init": 1, "T1.fight.time": 3}
        | {"T1.ava.attack": 1, "T1.bea.attack": 1, "T1.ava.attack.2": 2, "T1.g.life_save": 4},
    )
    assert group(out)["members"] == 4
    d6 = [(s["actor"], "hit" in s["text"]) for s in out["log"] if s["label"] == "D.6" and s["actor"] != "g"]
    assert d6 == [("ava", False), ("bea", False), ("ava", True)]


# ── A Climactic Super Move ─────────────────────────────────────────────────────────────────────────

REI_CSM = {**REI_E, "narrative_skills": [*REI_E["narrative_skills"], {"id": "climactic_super_move", "level": 6}]}


def _two(decisions: dict[str, Any], rolls: dict[str, int], battle: dict = BATTLE_R) -> dict[str, Any]:
    """Rei at 2 of 25, below a tenth rounded up (3, ruling C9 iii), Battle whole (000 L7156); a banked point."""
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_person("rei", REI_CSM, {"action_points": 1}, life=2), _person("battle", battle, {})],
        "decisions": {
            "T1.rei.climactic": {"choice": "act"},
            "T1.rei.action": {"option": "climactic_super_move", "target": "battle"},
            **decisions,
        },
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, **rolls},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_a_climactic_super_move_missed_is_answered_by_a_counter() -> None:
    # ours: a Special Move to its target (000 L7128, L7156), so every Response is open: its −2 + Rei's 1 = −1
    # Accuracy (000 L7158) and a 5 make 4: a miss of Battle's block of 7. Battle's Counter: 0 + 2 + a 2 = 4
    # against Rei's 1 hits; 1d8 shows 1, + 1 = 2: Rei 2 → 0. It earns no Super Move's level (000 L835): it has none
    # (ours)
    out = _ok(
        _two(
            {"T1.battle.defense": BLOCK, "T1.battle.defensive_response": COUNTER},
            {"T1.rei.attack": 5, "T1.battle.attack": 2, "T1.battle.damage": 1},
        )
    )
    assert _rolls(out) == [("rei", 4, 7), ("battle", 4, 1)]
    assert _life(out, "rei") == 0
    # Riposte's level for its first hit (000 L5749), and nothing for answering it
    assert [(g["fighter"], g["points"], g["reason"]) for g in out["glory"]] == [("battle", 2, "Riposte hits")]


def test_a_climactic_super_move_opens_no_ranged_response() -> None:
    # It has no Ranged Element (ours, 000 L7158), so the Ranged Response, declared with Tactics (000 L5882, ruling
    # A16), is not open against it: refused at the defence, while Tactics alone is taken (2 + 1 + 3 = 6)
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append({"id": "bolt", "name": "Bolt", "level": 1, "elements": [{"id": "ranged"}]})
    out = _two({"T1.battle.defense": {**TACTICS, "response": "ranged"}}, {"T1.rei.attack": 5}, battle=battle)
    assert out["status"] == "invalid"
    assert [(v["code"], v["key"]) for v in out["violations"]] == [("DECISION_INVALID", "T1.battle.defense")]
    plain = _ok(_two({"T1.battle.defense": TACTICS, "T1.battle.action": {"action": "none"}}, {"T1.rei.attack": 5}))
    assert _rolls(plain) == [("rei", 4, 6)]


# ── A Flourish ─────────────────────────────────────────────────────────────────────────────────────


def _ally_notes(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(s["actor"], s["ref"]) for s in out["log"] if "Ally takes no part" in s["text"]]


def test_the_ally_takes_no_part_in_a_flourish() -> None:
    # ruling: the Flourish is one plain d10 each (000 L7189), with no Basic Move of Rei's for his Ally's to go with
    # (000 L4203). Rei invites, Battle accepts: 8 against 3, Rei's d10 shows 6: Battle 25 → 19, knocked back 1 → 2,
    # and no attack roll at all, his Ally's or anyone's; the Ally's standing aside is said
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"option": "flourish", "target": "battle"},
                "T1.battle.accept_flourish": {"choice": "act"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.flourish": 8, "T1.battle.flourish": 3, "T1.rei.flourish_damage": 6, "T1.fight.time": 3},
            sheets=(REI_S, BATTLE_D),
            rei_ongoing=ALLY,
        )
    )
    assert _life(out, "battle") == 19
    assert out["fight"]["positioning"]["range"] == 2
    assert _rolls(out) == []
    assert _ally_notes(out) == [("rei", "000 L7189, L4203")]


def test_the_ally_takes_no_part_in_a_flourish_with_a_thug_group() -> None:
    # the same with Thugs (test_thug_summon.py's Ava and her Ally at Range 0 from the group): she invites, the
    # Director accepts, 8 against 3; the Thug's save against the plain d10 is 5 − 3 = 2 (000 L6570), a 1 keeps him;
    # her Ally launches nothing: no attack roll of hers
    out = resolved(
        thug_request(),
        {
            "T1.ava.action": {"option": "flourish", "target": "g"},
            "T1.g.accept_flourish": {"choice": "act"},
            "T1.ava.action.2": IDLE,
            "T1.g.action": IDLE,
        },
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.fight.time": 3, "T1.ava.flourish": 8, "T1.g.flourish": 3}
        | {"T1.g.life_save": 1},
    )
    assert group(out)["members"] == 5
    assert not [s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"]
    assert _ally_notes(out) == [("ava", "000 L7189, L4203")]


# ── An Unreliable Response that fails (000 L4872–L4874) ───────────────────────────────────────────────────────

BATTLE_WILD = copy.deepcopy(BATTLE_R)
BATTLE_WILD["moves"].append(
    {
        "id": "wild_riposte",
        "name": "Wild Riposte",
        "level": 2,
        "elements": [{"id": "counter"}],
        "liabilities": [{"id": "unreliable"}],
    }
)
WILD_COUNTER = {"choice": "act", "response": "counter", "moves": ["wild_riposte"]}


def test_a_failed_unreliable_counter_lets_the_team_up_hit() -> None:
    # Rei's 4 and Ken's 5 miss the block of 7; his one Counter (Ken's, by default) with Wild Riposte rolls its 1d10
    # a 1: no effect, and the attack it answered hits him after all (000 L4874); ruling: one hit is both partners'
    # (000 L7219), so both Gales land: each a Special Move's 1d6 a size up (000 L7211), two more for Strength +1
    # against Battle's Stamina -1 (000 L5924), 1d12: a 4 and a 3, 25 - 7 = 18. Battle makes no attack roll
    out = _ok(
        _three(
            {**GALES, "T1.battle.defensive_response": WILD_COUNTER},
            {"T1.rei.attack": 1, "T1.ken.attack": 2, "T1.battle.unreliable": 1, "T1.rei.damage": 4}
            | {"T1.ken.damage": 3},
            battle=BATTLE_WILD,
            **BANKED,
        )
    )
    assert _rolls(out) == [("rei", 4, 7), ("ken", 5, 7)]
    assert (_life(out, "battle"), _life(out, "rei"), _life(out, "ken")) == (18, 25, 25)


def test_a_failed_unreliable_counter_lets_the_climactic_super_move_hit() -> None:
    # Rei's Climactic Super Move, -1 + a 5 = 4, misses the block of 7; Wild Riposte's 1d10 is a 1: it does nothing
    # and the Climactic Super Move hits after all (000 L4874), resolved as its hit: Battle at 100 %, DL 16; 6 + a
    # 4 = 10 fails the check, a tenth of 25 rounded up: 3 damage, 25 -> 22, and its 5 Glory (000 L7162-L7170)
    out = _ok(
        _two(
            {"T1.battle.defense": BLOCK, "T1.battle.defensive_response": WILD_COUNTER},
            {"T1.rei.attack": 5, "T1.battle.unreliable": 1, "T1.rei.climactic_check": 4},
            battle=BATTLE_WILD,
        )
    )
    assert _rolls(out) == [("rei", 4, 7)]
    assert (_life(out, "battle"), _life(out, "rei")) == (22, 2)
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 5)]
