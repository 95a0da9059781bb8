"""A Thug group's traits in a Dramatic turn with Thugs (000 L7074–L7076): the same attack as in Thug Thrashing, and
what runs into next turn kept in the Dramatic Initiative tally (no Control, 000 L7084). Ava of test_thugs: Defense 3,
Life Bar 20, Thug Thrashing 1 (two actions); the group goes first (4 against her 2) at Range 1, and its 3 hits."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import DEFENSE, IDLE, ava, group, request, resolved

ROLLS = {"T1.ava.init": 2, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3}


def _hit(qualities: tuple[str, ...], actions: int, rng: int = 1, **rolls: int) -> dict[str, Any]:
    req = request(qualities)
    req["fight"]["thugs"][0]["ranges"] = {"ava": rng}
    acts = {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE} if actions == 2 else {}
    if actions == 1:
        acts = {"T1.ava.action": IDLE}
    return resolved(req, {"T1.ava.defense": DEFENSE, **acts}, ROLLS | rolls)


def _said(out: dict[str, Any], words: str) -> bool:
    return any(words in e["text"] for e in out["log"] if e["actor"] == "ava")


def test_entangle_takes_her_first_action_and_an_initiative_die() -> None:
    # 000 L3306: hit before acting, her first action is lost (her extra one remains, as 000 L6752), and next turn's
    # Initiative die is a size smaller: the Dramatic tally −1.
    out = _hit(("entangle",), 1)
    assert ava(out)["life_bar"] == 17 and _said(out, "first action is lost")
    assert ava(out)["dramatic"]["initiative_steps"] == -1


def test_harry_goes_on_her_initiative() -> None:
    # 000 L3432: one die size off Initiative or Control; Dramatic Combat has no Control (000 L7084): Initiative −1.
    out = _hit(("harry",), 2)
    assert ava(out)["dramatic"]["initiative_steps"] == -1 and ava(out)["next_turn_dice"] == []


def test_knocked_down_before_acting() -> None:
    # 000 L6682, L5958–L5964: she stands with her first action and rolls Initiative a die size smaller next turn.
    out = _hit(("knocks_down",), 1)
    assert _said(out, "standing up") and ava(out)["dramatic"]["initiative_steps"] == -1


def test_sustained_hold_leaves_her_no_action() -> None:
    # Throw at Range 0 (000 L2369): 3 + 1 + 1 hits; the hold: no action this turn (000 L4381), no Knock Down.
    out = _hit(("throw", "throw.sustained_hold"), 0, rng=0)
    assert ava(out)["life_bar"] == 17 and _said(out, "no action this turn") and not _said(out, "Knocks")


def test_critical_hit_on_an_even_roll() -> None:
    # 000 L3208: an even 2: the group's next Initiative two die sizes larger.
    assert group(_hit(("critical_hit",), 2, **{"T1.g.damage": 2}))["initiative_steps"] == 2
    assert group(_hit(("critical_hit",), 2))["initiative_steps"] == 0


def test_the_special_move_option_named_is_the_special_move_attack() -> None:
    # The Special Move option (000 L7209–L7213) named with Elbow does what the attack with Elbow does (test_thugs):
    # 1 + 2 reaches Defense 2, Life Save 5 − 2 − 3 = 0, a Thug out with no roll; the point is paid.
    from tests.unit.fight2e.dramatic.test_thugs import ELBOW

    named = {**ELBOW, "option": "special_move"}
    rolls = {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3}
    out = resolved(request(), {"T1.ava.action": named, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}, rolls)
    assert group(out)["members"] == 4 and ava(out)["dramatic"]["special_moves_used"] == ["elbow"]
    assert not [u for u in out["unsupported"] if u["id"] == "special_move"]
    # naming it with a Basic Move is refused
    from tests.unit.fight2e.dramatic.test_thugs import turn

    bad = turn(request(), {"T1.ava.action": {**named, "moves": ["basic_move"]}}, rolls)
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


def test_a_groups_suppression_bars_her_special_move_in_a_dramatic_turn() -> None:
    # Suppression of 3 Elements: tier 3, no Special or Super Moves for a 5-count (000 L4251–L4252; the design ruling
    # in thugs/attacks.suppression_design). The group goes first and its 3 meets her Defense 3: a hit, no damage
    # (No Damage, 000 L4243), so Elbow (a Special Move) is then refused; her Basic Move is not barred.
    from tests.unit.fight2e.dramatic.test_thugs import ELBOW, PLAIN, turn

    req = request()
    req["fight"]["thugs"][0]["thug"]["qualities"] = [{"id": "suppression", "cost": 3}]
    rolls = {k: n for k, n in ROLLS.items() if k != "T1.g.damage"} | {"T1.ava.attack": 6, "T1.g.life_save": 10}
    bad = turn(req, {"T1.ava.defense": DEFENSE, "T1.ava.action": ELBOW, "T1.ava.action.2": IDLE}, rolls)
    assert [v["code"] for v in bad["violations"]] == ["SUPPRESSION_RESTRICTED"]
    out = resolved(req, {"T1.ava.defense": DEFENSE, "T1.ava.action": PLAIN, "T1.ava.action.2": IDLE}, rolls)
    assert ava(out)["life_bar"] == 20 and group(out)["effects"][0]["id"] == "suppression"
    assert "thug_trait:suppression" not in {u["id"] for u in out["unsupported"]}
