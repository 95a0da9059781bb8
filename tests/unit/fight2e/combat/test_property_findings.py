"""Regressions found by the combat property tests (test_combat_properties.py), each cut down to a small request
with its figures worked out by hand from the book."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import MAX_CHOICES, ActionType, TurnResult

from ..fighters.support import errors, tsuto_pl8, validate
from .fixtures import build
from .support import attack, duel, first_decision, sheet
from .test_defensive_specials import CLONES, FIRE, KICK, MISS, SHIELD, interrupt_with
from .test_special_states import COPY_DICE, MIMIC, owner


def _high_combo_pl8(fid: str) -> dict:
    """Tsuto (PL 8, 24 moves) with every Combat Skill Point the bought Damage bonus took moved to Combo: CSP 26 =
    Defense 5 + Evasion 5 + Tactics 4 + Combo 12 (000 L582: 5 + 3 × 7; Combo has no cap, 000 L596)."""
    sheet = tsuto_pl8()
    sheet["id"] = fid
    for i, m in enumerate(sheet["moves"]):
        m["id"] = f"m{i}"
    sheet["combat_skills"] = {"defense": 5, "evasion": 5, "tactics": 4, "combo": 12}
    sheet["combat_bonuses"]["damage"] = {"regular": 3}
    return sheet


def test_a_high_combo_skill_keeps_the_action_choices_within_their_bound() -> None:
    """Control 14: 1d6 raised three sizes by 3 FS to 1d12 (000 L5497–L5503, ladder L5455–L5469), rolled 12, plus
    the Control Bonus 2 (000 L5511). With Combo 12 every L3 or L4 move opens a Combo of up to 11 Basic Moves while
    its Control allows (the Basic Move is L1), which would list about two hundred ready-made Combos. The answer's
    choices stay within their bound, and every single Special Move is still offered: the 22 Specials are L3 or L4,
    within Control 14 (the two Supers wait for Super Energy, 000 L5281), but for the Counter, which is no action."""
    a, b = _high_combo_pl8("a"), _high_combo_pl8("b")
    assert not errors(validate(a))
    state = {"life_bar": 100, "fighting_spirit": 100, "fs_start": 100}
    req = {
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}},
        "fighters": [{"id": "a", "sheet": a, "state": state}, {"id": "b", "sheet": b, "state": state}],
        "decisions": {"T1.a.fs_init_ctrl": {"init": 0, "ctrl": 3}},
        "rolls": {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 12, "T1.b.ctrl": 1},
    }
    res = resolve_turn(build(req))
    TurnResult.model_validate_json(res.model_dump_json())  # the answer keeps its own contract
    p = first_decision(res)
    assert p is not None and p.key == "T1.a.action"
    assert len(p.choices) <= MAX_CHOICES == 200
    singles = {
        c.value.moves[0]
        for c in p.choices
        if c.value.action is ActionType.attack and len(c.value.moves or []) == 1 and not c.value.movement
    }
    specials = {m["id"] for m in a["moves"] if m.get("kind") != "super"}
    counter = {m["id"] for m in a["moves"] if any(e["id"] == "counter" for e in m["elements"])}
    assert len(specials) == 22 and counter == {"m15"}  # Form 16 is a Counter: a response only (000 L3121–L3129)
    assert singles == specials - counter | {"basic_move"}
    assert any(len(c.value.moves or []) > 1 for c in p.choices)  # ready-made Combos fill the room that is left


def test_ready_made_combos_are_as_long_as_combo_skill_and_control_allow() -> None:
    """Combo 14 allows fourteen hits (000 L613, no cap L596) and Control 14 pays for an L2 Special Move with twelve
    Basic Moves (L1 each): 2 + 12 = 14 (000 L5787), or for fourteen Basic Moves. Both are offered whole (a
    decision names up to 30 moves), and the thirteen-move one resolves (it used to fail with INTERNAL_STATE)."""
    a, b = _high_combo_pl8("a"), _high_combo_pl8("b")
    # CSP 26 = Defense 5 + Evasion 5 + Tactics 2 + Combo 14 (000 L582).
    a["combat_skills"] = {"defense": 5, "evasion": 5, "tactics": 2, "combo": 14}
    # Form 10 (L3, Multi-Hit ×4, 3 MP) becomes an L2 move using all its 3 Element slots: also 3 MP (000 L2269,
    # L2287–L2289).
    jab = [{"id": "hits_low"}, {"id": "increased_damage", "times": 2}]
    a["moves"][9] = {"id": "m9", "name": "Low Jab", "level": 2, "elements": jab}
    assert not errors(validate(a))
    state = {"life_bar": 100, "fighting_spirit": 100, "fs_start": 100}
    req = {
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}},
        "fighters": [{"id": "a", "sheet": a, "state": state}, {"id": "b", "sheet": b, "state": state}],
        "decisions": {"T1.a.fs_init_ctrl": {"init": 0, "ctrl": 3}},
        "rolls": {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 12, "T1.b.ctrl": 1},
    }
    res = resolve_turn(build(req))
    assert not res.violations, res.violations
    p = first_decision(res)
    assert p is not None and p.key == "T1.a.action"
    jab = [c for c in p.choices if (c.value.moves or [None])[0] == "m9" and len(c.value.moves or []) > 1]
    assert max(len(c.value.moves or []) for c in p.choices) == 14
    longest = max(jab, key=lambda c: len(c.value.moves or []))
    assert len(longest.value.moves or []) == 13 and longest.control == 14
    done = resolve_turn(build({**req, "decisions": {**req["decisions"], "T1.a.action": longest.value}}))
    assert not done.violations and done.status != "invalid", done.violations


def test_copies_moves_lists_what_the_damage_can_buy() -> None:
    """Mimic (Copies Moves) hits for 5: 5 Move Points, and a move costs its Level (000 L3115, L5025). b's Strike
    (L2, Increased Accuracy) and Heavy (L4, no Element) are both within 5; copying Strike loses its one Element
    kind, Heavy has none to lose (000 L3117). The pending decision used to offer no choice at all."""
    req = {"T1.a.action": attack(["mimic"])}
    res = duel(req, COPY_DICE, a=sheet("a", moves=[MIMIC]), b=owner(), rng=1, options={"ask_every_decision": False})
    p = first_decision(res)
    assert p is not None and p.key == "T1.a.copy_move" and p.default is None
    assert [c.value.model_dump(mode="json") for c in p.choices] == [
        {"moves": []},
        {"moves": ["strike"], "entry": "increased_accuracy"},
        {"moves": ["heavy"]},
    ]


def test_the_absorb_choice_lists_the_projectiles_of_the_combo() -> None:
    """A Combo of a Basic Move and two Ranged moves, absorbed by an Absorbs Attacks interrupt: the absorber picks
    one of the two projectiles (000 L2773), so those two are the choices."""
    bolt = {"id": "bolt", "name": "Bolt", "level": 2, "elements": [{"id": "ranged"}]}
    dec = {"T1.a.action": attack(["basic_move", "fireball", "bolt"]), **interrupt_with("shield")}
    kw: dict[str, Any] = {"a": sheet("a", moves=[FIRE, bolt], combo=5, ctrl=3), "b": sheet("b", moves=[SHIELD])}
    res = duel(dec, {**MISS, "T1.a.ctrl": 12}, rng=1, **kw)
    p = first_decision(res)
    assert p is not None and p.key == "T1.b.absorb_choice"
    assert [c.value.moves for c in p.choices] == [["fireball"], ["bolt"]]


def test_the_glide_offers_both_directions() -> None:
    """An Offensive Illusion's glide goes its Ranges toward or away, as the player picks (000 L3490)."""
    glide = {
        "ongoing_effects": [{"id": "offensive_illusion", "move": "clones", "since": 1, "target": "a", "charges": 2}]
    }
    res = duel({}, {}, turn=2, rng=1, a=sheet("a", moves=[KICK]), b=sheet("b", moves=[CLONES]), sb=glide)
    p = first_decision(res)
    assert p is not None and p.key == "T2.b.illusion_glide"
    assert [c.value.direction for c in p.choices] == ["toward", "away"]
