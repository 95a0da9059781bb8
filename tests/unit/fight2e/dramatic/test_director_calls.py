"""The parts of Dramatic options left to the Director's word, read from the fighter's `state.dramatic` and worked by
hand from the text: a signature call-tag (000 L7211), a story opportunity for Realize Potential (000 L7269), the
bonus on a Reaffirm Purpose or Presence check (000 L7257, L7291) and Qualities against Mind-Manipulating Magic
(000 L7283). Rei and Battle are test_options.py's (Rei: Accuracy Bonus +1; Battle's Defense Total 3; Rei first)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.dramatic.test_options import REI_D, _ok, _refused, _state, _turn

NONE = {"action": "none"}
REI_S = copy.deepcopy(REI_D)
REI_S["moves"].append({"id": "gale", "name": "Gale", "level": 1, "elements": [{"id": "increased_knockback"}]})
REI_S["narrative_skills"].append({"id": "psychic", "level": 7})


def _rei_step(out: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")["inputs"]


def _sheets() -> tuple[dict, dict]:
    from tests.unit.fight2e.dramatic.test_options import BATTLE_D

    return (REI_S, BATTLE_D)


def test_a_signature_call_tag_makes_the_special_move_bonus_3() -> None:
    # 000 L7211: Gale's Accuracy 0 + 1 (Rei) + 3 with the signature call-tag = 4; without it + 2 = 3
    gale = {"T1.rei.action": {"action": "attack", "moves": ["gale"], "target": "battle"}}
    rolls = {"T1.rei.attack": 3, "T1.rei.damage": 1}
    signed = _ok(_turn(gale, rolls, rei={"signature_moves": ["gale"]}, sheets=_sheets()))
    assert _rei_step(signed)["accuracy"] == 4
    assert _state(signed, "rei")["dramatic"]["signature_moves"] == ["gale"]  # the Director's word stands
    plain = _ok(_turn(gale, rolls, sheets=_sheets()))
    assert _rei_step(plain)["accuracy"] == 3


def test_realize_potential_on_a_story_opportunity() -> None:
    # 000 L7269: none of the four conditions came about, but the Director accepts a story opportunity: 4 + a 3 = 7
    # FS (at most PL 3 × 3 = 9): 10 → 17; without it the option is refused
    decisions = {"T1.rei.action": {"option": "realize_potential"}, "T1.battle.action": NONE}
    out = _ok(_turn(decisions, {"T1.rei.realize_potential": 3}, rei={"story_opportunity": True}, rei_fs=10))
    assert _state(out, "rei")["fighting_spirit"] == 17
    assert _state(out, "rei")["dramatic"]["story_opportunity"] is False  # for that turn only
    assert _refused(_turn(decisions, {"T1.rei.realize_potential": 3}, rei_fs=10)) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_the_directors_bonus_on_presence() -> None:
    # 000 L7291: Presence 3 + 2 (interaction bonuses) + a 3 = 8 → 8 // 4 = 2 points: 0 + 1 − 1 + 2 = 2; without the
    # bonus 6 → 1 point
    decisions = {"T1.rei.action": {"option": "presence"}, "T1.battle.action": NONE}
    out = _ok(_turn(decisions, {"T1.rei.presence": 3}, rei={"check_bonus": 2}))
    assert _state(out, "rei")["dramatic"]["action_points"] == 2
    plain = _ok(_turn(decisions, {"T1.rei.presence": 3}))
    assert _state(plain, "rei")["dramatic"]["action_points"] == 1


def test_qualities_of_will_against_mind_manipulating_magic() -> None:
    # 000 L7283: Rei's Psychic 7 + a 2 = 9; Battle has no Grim Determination: a plain d10 of 6, + 3 for his
    # Qualities = 9: not beaten, he resists; with no bonus 9 beats 6 and Battle will do nothing next turn
    decisions = {"T1.rei.action": {"option": "mind_manipulation", "target": "battle", "mind": "idle"}}
    rolls = {"T1.rei.mind_check": 2, "T1.battle.mind_resist": 6}
    held = _ok(_turn({**decisions, "T1.battle.action": NONE}, rolls, battle={"mind_resist_bonus": 3}, sheets=_sheets()))
    assert _state(held, "battle")["dramatic"]["idle"] is False
    won = _ok(_turn({**decisions, "T1.battle.action": NONE}, rolls, sheets=_sheets()))
    assert _state(won, "battle")["dramatic"]["idle"] is True


def _csm_at(at: int, form: str | None, movement: int = 0) -> dict[str, Any]:
    from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_CSM

    action: dict[str, Any] = {"option": "climactic_super_move", "target": "battle", "fs": 3}
    if movement:
        action |= {"movement": movement, "direction": "toward"}
    state: dict[str, Any] = {"action_points": 1} | ({"climactic_form": form} if form else {})
    return _turn(
        {"T1.rei.climactic": {"choice": "act"}, "T1.rei.action": action},
        {"T1.rei.attack": 2, "T1.rei.climactic_check": 4},
        rei=state,
        rei_life=2,
        at=at,
        sheets=(REI_CSM, BATTLE_D),
    )


def test_the_climactic_super_moves_one_form_below_power_level_5() -> None:
    # 000 L7158: Rei (PL 3) has one form. The Close form cannot strike Battle at Range 3 without moving in; with
    # 1 Range of movement it strikes at Range 2 (−1 there: −2 + 1 + 3 FS − 1 = 1). The Ranged form strikes at
    # Range 3 without the Range 0–2 figures (−2 + 1 + 3 = 2) and allows no movement. Left out: both forms.
    assert _refused(_csm_at(3, "close")) == ["TARGET_OUT_OF_RANGE"]
    closed_in = _ok(_csm_at(3, "close", movement=1))
    assert _rei_step(closed_in)["accuracy"] == 1
    ranged = _ok(_csm_at(3, "ranged"))
    assert _rei_step(ranged)["accuracy"] == 2
    assert _state(ranged, "rei")["dramatic"]["climactic_form"] == "ranged"
    assert _refused(_csm_at(3, "ranged", movement=1)) == ["DECISION_INVALID"]
    # at Range 2 the Ranged form takes no −1 there: 2
    assert _rei_step(_ok(_csm_at(2, "ranged")))["accuracy"] == 2
    assert _rei_step(_ok(_csm_at(3, None)))["accuracy"] == 2
