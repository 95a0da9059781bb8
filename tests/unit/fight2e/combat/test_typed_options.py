"""Design choices that used to be free text read by patterns are typed option values now: lists of named choices
(``choices``) and plain choices, checked by pricing like every other option and read as such by combat."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

from .support import FIST, attack, duel, sheet


def _buff(**opts: Any) -> dict[str, Any]:
    return {"id": "rage", "name": "Rage", "level": 3, "elements": [{"id": "buff", "options": opts}]}


def _codes(move: dict[str, Any]) -> list[tuple[str, str]]:
    body = {k: v for k, v in move.items() if k != "id"}
    price = price_move(MoveRequest.model_validate({"type": "special", **body}))
    return [(v.code, v.path) for v in price.violations]


def test_raised_qualities_is_a_list_of_named_qualities() -> None:
    good = _buff(quality_raises=2, raised_qualities=["strength", "stamina"])
    assert not [c for c in _codes(good) if c[0] == "DESIGN_CHOICE_INVALID"]
    assert not [c for c in _codes(_buff(quality_raises=1, raised_qualities="strength"))]  # one alone
    for bad in ("strength, stamina", ["strength", "courage"]):
        assert ("DESIGN_CHOICE_INVALID", "elements[0].options.raised_qualities") in _codes(
            _buff(quality_raises=1, raised_qualities=bad)
        ), bad


def _dice(res, turn: int = 2) -> tuple[str, str]:
    die = {r.key: r.die for r in res.rolls}
    return die[f"T{turn}.a.init"], die[f"T{turn}.a.ctrl"]


def test_a_speed_raise_goes_where_the_design_says() -> None:
    # 000 L2969: a Speed raise is put on Initiative or Control; +1 Speed is one die size up (1d6 → 1d8)
    lasting = {"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 6}]}
    rolls = {"T2.b.init": 1}
    dice = {}
    for where in ("initiative", "control"):
        rage = _buff(quality_raises=1, raised_qualities=["speed"], speed_to=where)
        res = duel({}, rolls, a=sheet("a", moves=[rage, FIST]), rng=1, turn=2, sa=lasting)
        assert res.status == "resolved", res.violations
        dice[where] = _dice(res)
    assert dice == {"initiative": ("1d8", "1d6"), "control": ("1d6", "1d8")}


def test_a_defense_trade_split_by_number() -> None:
    # 000 L2971–L2972: each traded point lowers Defense by 1 and raises Evasion or Tactics, split as designed.
    # Defense 3, 3 points traded, 1 to Evasion (2 to Tactics): Evasion 2 + 1 = 3; the Evasion Defense Total is the
    # Skill plus the Defense Bonus (none on this sheet) and FS (none spent): 3 (000 L5716–L5720). An even split
    # would have given Evasion 2 of the 3 points.
    trade = _buff(defense_trade=3, defense_trade_split="by_number", defense_trade_evasion=1)
    lasting = {"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 6}]}
    res = duel(
        {"T2.b.action": attack(["fist"]), "T2.a.defense": {"defense": "evasion"}},
        {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6},
        a=sheet("a", defense=3, evasion=2, moves=[trade]),
        b=sheet("b", moves=[FIST]),
        rng=1,
        turn=2,
        sa=lasting,
    )
    assert res.status == "resolved", res.violations
    d4 = next(s for s in res.log if s.label == "D.4" and s.actor == "a")
    assert "Defense Total 3" in d4.text


def test_a_power_enhancer_order_is_a_list_of_steps() -> None:
    enhancer = {
        "id": "charge",
        "name": "Charge",
        "level": 3,
        "elements": [
            {"id": "power_enhancer", "options": {"target_moves": "Fist"}},
            {"id": "power_enhancer.element_addition", "options": {"element": "knocks_down", "effect_order": "x"}},
        ],
    }
    assert ("DESIGN_CHOICE_INVALID", "elements[1].options.effect_order") in _codes(enhancer)
    enhancer["elements"][1]["options"]["effect_order"] = ["die", "element", "die"]
    assert ("DESIGN_CHOICE_INVALID", "elements[1].options.effect_order") not in _codes(enhancer)


def test_a_power_up_schedule_is_a_list_of_entries() -> None:
    def move(schedule: object) -> dict[str, Any]:
        return {
            "name": "Rise",
            "level": 3,
            "elements": [
                {"id": "power_up", "options": {"version": "control"}},
                {"id": "power_up.extra_elements", "options": {"schedule": schedule}},
            ],
        }

    path = "elements[1].options.schedule"
    assert ("DESIGN_CHOICE_INVALID", path) in _codes(move("knocks_down, hits_low"))
    assert ("DESIGN_CHOICE_INVALID", path) not in _codes(move(["knocks_down", "hits_low"]))
