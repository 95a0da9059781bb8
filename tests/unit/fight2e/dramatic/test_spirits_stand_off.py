"""Dramatic turns with a Fighter who is himself a purely spiritual creature (000 L7313–L7323) and a Stand Off of
more than two (000 L7273), each worked by hand from the text.

Rei, Battle and Ken are test_options.py's and test_group.py's: Rei's Basic Move on Battle is 1d8 at Accuracy +1
(Accuracy Bonus +1, Range 1); Battle defends by default with Evasion 2 + Defense Bonus 1 = 3; Battle's Basic Move on
Rei is 1d4 + 1 at Accuracy 0, and Rei defends with Defense 3. Every fighter gets his Action Point as Initiative is
rolled (000 L7082); Dramatic Life Bars are 25 (000 L7072)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_group import HEROES_FIRST, KEN, _three
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, INIT, NONE, REI_D, _ok, _refused, _state, _turn

SPIRIT = {"spiritual": True}
REI_BASIC = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
BATTLE_BASIC = {"action": "attack", "moves": ["basic_move"], "target": "rei"}


def _attack(out: dict[str, Any], actor: str) -> dict[str, Any]:
    return next(
        s["inputs"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == actor and "face" in s["inputs"]
    )


def _with(sheet: dict, skill: str, level: int) -> dict:
    return {**sheet, "narrative_skills": [*sheet["narrative_skills"], {"id": skill, "level": level}]}


# ── A purely spiritual Fighter (000 L7313–L7323) ───────────────────────────────────────────────────────────────


def test_an_attack_on_a_spirit_by_one_unfit_to_fight_spirits_is_at_minus_2() -> None:
    # 000 L7315: Rei has no Magic, Psychic or Power and no Meditation 4, Zen State 3 or Spirituality 2: his Basic Move
    # on the spirit Battle is +1 − 2 = −1; a 4 gives 3 against 3: a hit all the same (he can still harm it)
    out = _ok(_turn({"T1.rei.action": REI_BASIC}, {"T1.rei.attack": 4}, battle=SPIRIT))
    assert _attack(out, "rei")["accuracy"] == -1
    assert _state(out, "battle")["dramatic"]["spiritual"] is True  # carried to the next turn


def test_one_fit_to_fight_spirits_attacks_a_spirit_as_usual() -> None:
    # 000 L7315: Meditation 4 is enough: +1, no penalty
    out = _ok(
        _turn(
            {"T1.rei.action": REI_BASIC},
            {"T1.rei.attack": 4},
            battle=SPIRIT,
            sheets=(_with(REI_D, "meditation", 4), BATTLE_D),
        )
    )
    assert _attack(out, "rei")["accuracy"] == 1


def test_a_spirit_attacking_a_spirit_takes_no_penalty() -> None:
    # ours (000 L7315 names only a living fighter's traits): Rei, himself a spirit, attacks the spirit Battle at +1
    out = _ok(_turn({"T1.rei.action": REI_BASIC}, {"T1.rei.attack": 4}, rei=SPIRIT, battle=SPIRIT))
    assert _attack(out, "rei")["accuracy"] == 1


def test_spirituality_defends_against_a_spirits_attack() -> None:
    # 000 L7323: against the spirit Battle Rei pays his point and defends with Spirituality 5 in place of Defense 3:
    # Battle's 0 + a 4 = 4 against 5 misses
    rei = _with(REI_D, "spirituality", 5)
    decisions = {
        "T1.rei.action": NONE,
        "T1.battle.action": BATTLE_BASIC,
        "T1.rei.defense": {"defense": "defense", "fs": 0, "option": "spirituality"},
    }
    out = _ok(_turn(decisions, {"T1.battle.attack": 4}, battle=SPIRIT, sheets=(rei, BATTLE_D)))
    assert _attack(out, "battle")["defense_total"] == 5
    assert _state(out, "rei")["dramatic"]["action_points"] == 0  # 1 granted − 1 (000 L7082)
    # against a Battle of flesh, outside Spirit Combat, Spirituality does not serve (000 L7311, L7323)
    assert _refused(_turn(decisions, {"T1.battle.attack": 4}, sheets=(rei, BATTLE_D))) == [
        "DRAMATIC_OPTION_NOT_ALLOWED"
    ]


def test_call_forth_wisdom_strikes_a_spirit_outside_spirit_combat() -> None:
    # 000 L7319, L7197: Call Forth Wisdom 2 as Property Damage: 1d6 one size down for 0–3 (000 L3978), up two for
    # Strength +1 against Stamina −1: 1d8; Accuracy 0 + 1 − 2 (unfit to fight spirits, 000 L7315) = −1; Battle's
    # Defense Total 3 + 1 (000 L7197) = 4; a 5 gives 4: a hit, 6 damage: 25 → 19
    rei = _with(REI_D, "call_forth_wisdom", 2)
    wisdom = {"T1.rei.action": {"option": "call_forth_wisdom", "target": "battle"}}
    out = _ok(_turn(wisdom, {"T1.rei.attack": 5, "T1.rei.damage": 6}, battle=SPIRIT, sheets=(rei, BATTLE_D)))
    step = _attack(out, "rei")
    assert (step["accuracy"], step["defense_total"]) == (-1, 4)
    assert next(r["die"] for r in out["rolls"] if r["key"] == "T1.rei.damage") == "1d8"
    assert _state(out, "battle")["life_bar"] == 19
    assert _refused(_turn(wisdom, {"T1.rei.attack": 5}, sheets=(rei, BATTLE_D))) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


# ── A Stand Off of more than two (000 L7273) ───────────────────────────────────────────────────────────────────

QUIET = {"T1.rei.action": NONE, "T1.ken.action": NONE, "T1.battle.action": NONE}
ASKED = {"T1.rei.stand_off": {"choice": "act"}, "T1.battle.stand_off": {"choice": "act"}}


JOIN = {"T1.ken.stand_off": {"choice": "act"}}
# the second Stand Off question of Rei and of Battle this turn: Ken's request to join, each asked in turn
CONSENT = {"T1.rei.stand_off.2": {"choice": "act"}, "T1.battle.stand_off.2": {"choice": "act"}}


def test_a_third_fighter_joins_a_stand_off_when_all_agree() -> None:
    # 000 L7273: at Range 1 nobody hurt anyone; Rei asks Battle, Battle agrees; Ken (Range 1 from Battle, no damage
    # between them) asks to join and Rei and Battle both consent: each of the three pays his one point
    out = _ok(_three({**QUIET, **ASKED, **JOIN, **CONSENT}, HEROES_FIRST))
    states = {fid: _state(out, fid)["dramatic"] for fid in ("rei", "ken", "battle")}
    assert {fid: s["action_points"] for fid, s in states.items()} == {"rei": 0, "ken": 0, "battle": 0}
    assert (states["rei"]["stand_off"], states["ken"]["stand_off"], states["battle"]["stand_off"]) == (
        "battle",
        "battle",
        "rei",
    )
    assert states["battle"]["stand_off_also"] == ["ken"]
    assert states["ken"]["stand_off_also"] == ["rei"]


def test_one_refusal_keeps_the_third_out() -> None:
    # 000 L7273 "all unanimously agree": Battle refuses Ken a place; Rei and Battle stand off, Ken keeps his point
    refused = {**CONSENT, "T1.battle.stand_off.2": {"choice": "pass"}}
    out = _ok(_three({**QUIET, **ASKED, **JOIN, **refused}, HEROES_FIRST))
    assert _state(out, "ken")["dramatic"]["stand_off"] is None
    assert _state(out, "ken")["dramatic"]["action_points"] == 1
    assert _state(out, "battle")["dramatic"]["stand_off"] == "rei"
    assert _state(out, "battle")["dramatic"]["stand_off_also"] == []
    assert _state(out, "rei")["dramatic"]["action_points"] == 0


def test_no_one_joins_who_hurt_an_opponent_in_it() -> None:
    # 000 L7273: Ken hit Battle this turn (Ken 0 + 1 + a 5 = 6 against 3; 2 damage), so Ken and Battle did each
    # other damage: Ken is not asked to join; Rei and Battle, who did not, may still stand off
    ken_hits = {"T1.ken.action": {"action": "attack", "moves": ["basic_move"], "target": "battle"}}
    decisions = {**QUIET, **ken_hits, **ASKED}
    del decisions["T1.battle.action"]  # Battle, hit before acting, loses his action (000 L7130)
    out = _ok(_three(decisions, {**HEROES_FIRST, "T1.ken.attack": 5, "T1.ken.damage": 2}))
    assert _state(out, "battle")["dramatic"]["stand_off"] == "rei"
    assert _state(out, "ken")["dramatic"]["stand_off"] is None


def _held(decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 2,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_D, {"stand_off": "battle", "stand_off_also": ["ken"]}),
            _fighter("ken", KEN, {"stand_off": "battle", "stand_off_also": ["rei"]}),
            _fighter("battle", BATTLE_D, {"stand_off": "rei", "stand_off_also": ["ken"]}, life=20),
        ],
        "decisions": decisions,
        "rolls": {**{k.replace("T1.", "T2."): v for k, v in HEROES_FIRST.items()}, **rolls},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def _fighter(fid: str, sheet: dict, dramatic: dict, life: int = 25) -> dict[str, Any]:
    return {
        "id": fid,
        "sheet": sheet,
        "state": {"life_bar": life, "fighting_spirit": 30, "fs_start": 30, "dramatic": dramatic},
    }


def test_in_a_stand_off_of_three_each_weighs_up_any_opponent_in_it() -> None:
    # 000 L7273: nobody acts. Battle has no Stance Evaluation skill: 0 + a 6 = 6 on Ken → 6 // 2 = +3 on his next
    # attack at Ken (000 L7309, per full 2 in a Stand Off); Rei and Ken rest: Rei 25 stays 25 (full), Ken too
    out = _ok(
        _held(
            {"T2.battle.action": {"option": "stance_evaluation", "target": "ken"}},
            {"T2.battle.stance_evaluation": 6, "T2.rei.stand_off_heal": 1, "T2.ken.stand_off_heal": 1},
        )
    )
    assert _state(out, "battle")["dramatic"]["stance"] == {"ken": 3}
    assert not [s for s in out["log"] if s["label"] == "D.6"]  # no attack in the Stand Off turn
    # a target outside the Stand Off is refused
    wrong = _held({"T2.battle.action": {"option": "stance_evaluation", "target": "battle"}}, {})
    assert _refused(wrong) == ["TARGET_UNAVAILABLE"]


def test_the_spiritual_flag_and_the_stand_off_list_are_read_from_the_state() -> None:
    # a plain request: no flag, no list (the defaults)
    out = _ok(_turn({"T1.rei.action": NONE, "T1.battle.action": NONE}, {**INIT}))
    assert _state(out, "rei")["dramatic"]["spiritual"] is False
    assert _state(out, "rei")["dramatic"]["stand_off_also"] == []


# ── Spirit Combat with a third fighter (000 L7301–L7303) ───────────────────────────────────────────────────────

KEN_PSYCHIC = {**KEN, "narrative_skills": [*KEN["narrative_skills"], {"id": "psychic", "level": 7}]}
ENGAGED = {"spirit_combat": True}


def _spirits(decisions: dict[str, Any], rolls: dict[str, int], ken: dict = KEN) -> dict[str, Any]:
    """Rei and Battle fight on the spirit plane; Ken, Rei's ally, is outside it (Initiative Rei, Ken, Battle)."""
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_D, ENGAGED),
            _fighter("ken", ken, {}),
            _fighter("battle", BATTLE_D, ENGAGED),
        ],
        "decisions": decisions,
        "rolls": {**HEROES_FIRST, **rolls},
        "seed": 3,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


KEN_HITS = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
KEN_ENTERS = {"option": "spirit_combat", "target": "battle"}
QUIET_TWO = {"T1.rei.action": NONE, "T1.battle.action": NONE}


def test_no_one_outside_a_spirit_combat_reaches_those_in_it() -> None:
    # 000 L7303: Ken, on the corporeal plane, may not attack Battle, who fights Rei on the spirit plane; no attack on
    # Battle is among his choices
    out = _spirits({**QUIET_TWO, "T1.ken.action": KEN_HITS}, {})
    assert _refused(out) == ["TARGET_UNAVAILABLE"]
    asked = _spirits({"T1.rei.action": NONE}, {})
    ken = next(d for d in asked["decisions_needed"] if d["key"] == "T1.ken.action")
    assert not [c for c in ken["choices"] if c["value"].get("action") == "attack"]


def test_entering_a_spirit_combat_opposed_takes_a_won_roll() -> None:
    # 000 L7301: Ken (Psychic 7, Range 1) pays his point to enter; Battle, engaged, opposes by default (Rei, his
    # ally, does not); Ken's 7 + a 3 = 10 beats Battle's plain d10 of 9 (none of the five skills, no Grim
    # Determination): Ken is on the spirit plane, 0 points left
    out = _ok(
        _spirits(
            {**QUIET_TWO, "T1.ken.action": KEN_ENTERS},
            {"T1.ken.spirit_check": 3, "T1.battle.spirit_resist": 9},
            ken=KEN_PSYCHIC,
        )
    )
    assert _state(out, "ken")["dramatic"]["spirit_combat"] is True
    assert _state(out, "ken")["dramatic"]["action_points"] == 0
    # a 2 gives 9, not above 9: kept out, the point spent all the same
    kept = _ok(
        _spirits(
            {**QUIET_TWO, "T1.ken.action": KEN_ENTERS},
            {"T1.ken.spirit_check": 2, "T1.battle.spirit_resist": 9},
            ken=KEN_PSYCHIC,
        )
    )
    assert _state(kept, "ken")["dramatic"]["spirit_combat"] is False
    assert _state(kept, "ken")["dramatic"]["action_points"] == 0


def test_entering_a_spirit_combat_unopposed_needs_no_roll() -> None:
    # 000 L7301: Battle lets Ken in: no roll is made
    out = _ok(
        _spirits(
            {**QUIET_TWO, "T1.ken.action": KEN_ENTERS, "T1.battle.resist_spirit": {"choice": "pass"}},
            {},
            ken=KEN_PSYCHIC,
        )
    )
    assert _state(out, "ken")["dramatic"]["spirit_combat"] is True
    assert not [r for r in out["rolls"] if r["key"].endswith("spirit_check")]
