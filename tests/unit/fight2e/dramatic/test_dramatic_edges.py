"""Edges of the Dramatic turn left over in issue 36, each worked by hand from the text (000 L7066–L7445).

The Climactic Super Move fighters are test_team_climactic_responses.py's: Rei at 2 of 25 Life Bar with the skill,
Accuracy Bonus +1 and Control Bonus +1; Battle (test_responses.py's) with Defense 3, Defense Bonus +1, PL 3 and a
Control Bonus of 0. The Climactic Super Move has −2 Accuracy (000 L7158), so Rei's is −2 + 1 = −1 at Range 1."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_move_elements import REI_E
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D, _ok, _refused
from tests.unit.fight2e.dramatic.test_responses import BATTLE_R
from tests.unit.fight2e.dramatic.test_spirits_stand_off import _fighter
from tests.unit.fight2e.dramatic.test_team_climactic_responses import (
    BANKED,
    GALES,
    KEN,
    REI_CSM,
    _life,
    _person,
    _rolls,
    _three,
    _two,
)

BLOCK = {"defense": "defense", "fs": 3}
CSM = {"option": "climactic_super_move", "target": "battle"}

# ── Item 3: a Dash with no movement of its own to lead ────────────────────────────────────────────


def test_a_dash_with_a_climactic_super_move_is_refused() -> None:
    # its movement is its form's, 2 Ranges or 3 for 1 FS (000 L7158); a Dash is the movement before an attack
    # (000 L2175): the flag is refused, not dropped
    out = _two({"T1.rei.action": {**CSM, "dash": True}, "T1.battle.defense": BLOCK}, {"T1.rei.attack": 5})
    assert _refused(out) == ["DASH_INVALID"]
    assert [v["key"] for v in out["violations"]] == ["T1.rei.action"]
    # without it the same move goes off: −1 + a 5 = 4 against the block of 3 + 1 + 3 = 7, a miss
    plain = _ok(_two({"T1.battle.defense": BLOCK, "T1.battle.action": {"action": "none"}}, {"T1.rei.attack": 5}))
    assert _rolls(plain) == [("rei", 4, 7)]


def _standing(decisions: dict[str, Any]) -> dict[str, Any]:
    """Rei and Battle in the Stand Off agreed last turn (000 L7273), at Range 1."""
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 2, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            _fighter("rei", REI_D, {"stand_off": "battle"}),
            _fighter("battle", BATTLE_D, {"stand_off": "rei"}),
        ],
        "decisions": decisions,
        "rolls": {"T2.rei.init": 8, "T2.battle.init": 1, "T2.rei.stand_off_heal": 1, "T2.battle.stand_off_heal": 1},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_a_dash_in_a_stand_off_turn_is_refused() -> None:
    # 000 L7273: in the Stand Off turn nobody acts; resting or a Stance Evaluation, no movement for a Dash to lead
    rest = _standing({"T2.rei.action": {"action": "none", "dash": True}})
    assert _refused(rest) == ["DASH_INVALID"]
    weigh = _standing({"T2.rei.action": {"option": "stance_evaluation", "target": "battle", "dash": True}})
    assert _refused(weigh) == ["DASH_INVALID"]
    assert _ok(_standing({"T2.rei.action": {"action": "none"}}))["violations"] == []


# ── Item 4: a Climactic Super Move at a shared Initiative ─────────────────────────────────────────

# 7 + 1 = 8 and 8 + 0 = 8: the same Initiative (000 L5519), at Range 3 so that no Flourish takes the turn (000 L7233)
SHARED = {"T1.rei.init": 7, "T1.battle.init": 8}


def _far(decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    """``_two`` at Range 3: with no form named the Climactic Super Move strikes from there as the Ranged one, with
    no Range figure (000 L7158): −1 Accuracy."""
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 3}},
        "fighters": [_person("rei", REI_CSM, {"action_points": 1}, life=2), _person("battle", BATTLE_R, {})],
        "decisions": {"T1.rei.climactic": {"choice": "act"}, "T1.rei.action": CSM, **decisions},
        "rolls": {**SHARED, **rolls},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_at_a_shared_initiative_only_defense_meets_a_climactic_super_move() -> None:
    # 000 L5573: against an attack at his own Initiative the defender has the Defense skill alone; Evasion is refused
    evading = _far({"T1.battle.defense": {"defense": "evasion", "fs": 0}}, {"T1.rei.attack": 5})
    assert _refused(evading) == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert [v["key"] for v in evading["violations"]] == ["T1.battle.defense"]
    # his block stands: −1 + a 5 = 4 against 3 + 1 + 3 = 7
    out = _ok(_far({"T1.battle.defense": BLOCK, "T1.battle.action": {"action": "none"}}, {"T1.rei.attack": 5}))
    assert _rolls(out) == [("rei", 4, 7)]
    # not shared (Rei 8 + 1 = 9 against 1 + 0 = 1): his Evasion is taken, 2 + his Defense Bonus 1 = 3 (000 L5834)
    apart = _ok(
        _far(
            {"T1.battle.defense": {"defense": "evasion", "fs": 0}},
            {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 5},
        )
    )
    assert _rolls(apart) == [("rei", 4, 3)]


# ── Item 2: the Evasion's result after a Team-Up's miss and a Climactic Super Move's ──────────────

EVADE_3 = {"defense": "evasion", "fs": 3}  # Battle's Evasion 2 + Defense Bonus 1 + 3 FS = 6 (000 L5834, L5716)
NONE = {"action": "none"}


def _pending(out: dict[str, Any], fid: str) -> list[dict[str, Any]]:
    return next(f["state"]["pending_accuracy"] for f in out["fighters"] if f["id"] == fid)


def test_a_team_up_evaded_gives_the_evasion_result_against_the_partner_he_names() -> None:
    # 000 L7219: one defence, Evasion of 6; Rei 3 + a 1 = 4 and Ken 3 + a 2 = 5 both miss. 000 L5834: the +2 by
    # default, once (his one defence), against the partner at whose Initiative they struck (Ken), as with his
    # Response (ruling); Battle does nothing, so it is kept for the next turn
    decisions = {**GALES, "T1.battle.defense": EVADE_3, "T1.battle.action": NONE}
    out = _ok(_three(decisions, {"T1.rei.attack": 1, "T1.ken.attack": 2}, **BANKED))
    assert _rolls(out) == [("rei", 4, 6), ("ken", 5, 6)]
    assert _pending(out, "battle") == [{"amount": 2, "vs": "ken", "source": "evasion"}]
    # he names Rei and moves exactly 2 Ranges away for 1 FS: Range 1 → 3, FS 30 − 3 − 1 = 26, no bonus
    moved = _ok(
        _three(
            {
                **decisions,
                "T1.battle.answer_partner": {"target": "rei"},
                "T1.battle.evasion_result": {"choice": "move", "direction": "away"},
            },
            {"T1.rei.attack": 1, "T1.ken.attack": 2},
            **BANKED,
        )
    )
    assert moved["fight"]["positioning"]["range"] == 3
    assert next(f["state"]["fighting_spirit"] for f in moved["fighters"] if f["id"] == "battle") == 26
    assert _pending(moved, "battle") == []
    # a hit by either is a hit by both (000 L7219): nothing evaded, no F.2 — Ken's 3 + a 4 = 7 beats 6
    struck = {**GALES, "T1.battle.defense": EVADE_3}  # Hit Stun takes his action (000 L7130)
    hit = _ok(
        _three(struck, {"T1.rei.attack": 1, "T1.ken.attack": 4, "T1.rei.damage": 1, "T1.ken.damage": 1}, **BANKED)
    )
    assert _pending(hit, "battle") == []
    assert not [s for s in hit["log"] if s["label"] == "F.2"]


def test_a_climactic_super_move_evaded_gives_the_evasion_result() -> None:
    # Rei 8 + 1 = 9 against 1 at Range 3: −1 + a 1 = 0 against Evasion 2 + 1 = 3, a miss; the +2 against Rei by
    # default (000 L5834), kept as Battle does nothing
    out = _ok(
        _far(
            {"T1.battle.defense": {"defense": "evasion", "fs": 0}, "T1.battle.action": NONE},
            {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 1},
        )
    )
    assert _rolls(out) == [("rei", 0, 3)]
    assert _pending(out, "battle") == [{"amount": 2, "vs": "rei", "source": "evasion"}]


# ── Item 5: Heal Others in a Utility Response names any fighter of the turn ───────────────────────

MENDER = {
    "id": "mender",
    "name": "Mender",
    "level": 2,
    "elements": [{"id": "counter"}, {"id": "healing", "options": {"heal": "full"}}, {"id": "healing.heal_others"}],
}
GALE = {"action": "attack", "moves": ["gale"], "target": "battle"}


def _allied(sent: dict[str, Any]) -> dict[str, Any]:
    """Rei (Initiative 8 + 1 = 9) attacks Battle with Gale; Ken (1 + 1 = 2), Battle's ally at 15 Life Bar, does
    nothing; Battle (1 + 0 = 1) blocks and answers with Mender, a Counter with Healing and Heal Others."""
    battle = {**BATTLE_R, "moves": [*BATTLE_R["moves"], MENDER]}
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "villains", "battle": "villains"},
        },
        "fighters": [
            _person("rei", REI_CSM, {}),
            _person("ken", KEN, {}, life=15),
            _person("battle", battle, {}),
        ],
        "decisions": {
            "T1.rei.action": GALE,
            "T1.ken.action": NONE,
            "T1.battle.defense": BLOCK,
            "T1.battle.defensive_response": sent,
        },
        "rolls": {"T1.rei.init": 8, "T1.ken.init": 1, "T1.battle.init": 1, "T1.rei.attack": 1, "T1.battle.healing": 4},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_a_utility_response_heals_a_third_fighter() -> None:
    # Gale 0 + 1 + 2 = 3 and a 1 make 4 against Battle's block 3 + 1 + 3 = 7: a miss. His Counter (000 L5870) is
    # Mender, Utility for its Healing (000 L2349): it takes effect as his Utility action, and Heal Others lets it
    # heal another within Ranges 0–2 (000 L3446–L3448): Ken, who is no party to the attack. All of the 4 rolled
    # (the full heal, 000 L3444) at the end of the turn: Ken 15 → 19; Battle's own bar untouched
    sent = {"choice": "act", "response": "counter", "moves": ["mender"], "target": "ken"}
    out = _ok(_allied(sent))
    assert _rolls(out) == [("rei", 4, 7)]
    assert (_life(out, "ken"), _life(out, "battle"), _life(out, "rei")) == (19, 25, 25)
    # one who is not in the fight is still refused
    wrong = _allied({**sent, "target": "nobody"})
    assert _refused(wrong) == ["TARGET_UNAVAILABLE"]


# ── A Team-Up at the defender's own Initiative ─────────────────────────────────────────────────────

ZAP = {"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]}


def _zaps(battle_defense: dict[str, Any]) -> dict[str, Any]:
    """Rei (8 + 1 = 9) holds a Team-Up with Zap, a Ranged L1 Special Move; Ken (4 + 1 = 5) joins at Battle's own
    Initiative (5 + 0 = 5), at Range 3 so that no Flourish takes their turns (000 L7100)."""
    rei = {**REI_E, "moves": [*REI_E["moves"], ZAP]}
    ken = {**rei, "id": "ken", "name": "Ken"}
    team = {"option": "team_up", "moves": ["zap"], "target": "battle"}
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 3},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _person("rei", rei, {"action_points": 1}),
            _person("ken", ken, {"action_points": 1}),
            _person("battle", BATTLE_R, {}),
        ],
        "decisions": {
            "T1.rei.action": team,
            "T1.ken.action": team,
            "T1.battle.action": NONE,
            "T1.battle.defense": battle_defense,
        },
        "rolls": {"T1.rei.init": 8, "T1.ken.init": 4, "T1.battle.init": 5, "T1.rei.attack": 1, "T1.ken.attack": 1},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_a_team_up_at_the_defenders_initiative_leaves_him_defense_alone() -> None:
    # 000 L7219: the Team-Up strikes at the lower Initiative of the two, Ken's 5, which is Battle's: a simultaneous
    # attack, met with the Defense skill alone (000 L5573): Evasion is refused; his block is 3 + 1 + 3 = 7
    assert _refused(_zaps({"defense": "evasion", "fs": 0})) == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    out = _ok(_zaps({"defense": "defense", "fs": 3}))
    assert [dt for _, _, dt in _rolls(out)] == [7, 7]
