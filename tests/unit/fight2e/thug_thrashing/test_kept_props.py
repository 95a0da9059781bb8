"""Prop and Prop Recovery in a Thug Thrashing turn, kept as in the main turn (000 L4755–L4785, L3902–L3908, L6646),
worked by hand. Ava (support.py): PL 2, Strength 2, Defense 3; with a Prop move "club" (a Level 2 Special Move with
the Prop Liability, its Prop the default "prop")."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import IDLE, THUG, _ava, _turn
from tests.unit.fight2e.thug_thrashing.test_kept_states import _codes, _decisions, _effects, _named, _rolls, _utility
from tests.unit.fight2e.thug_thrashing.test_move_elements import _hit, _req

DOWN = [{"id": "prop", "move": "prop", "since": 1}]


def _club() -> dict[str, Any]:
    return move("club", "prop")


def _with_prop(*moves: dict[str, Any], effects: list[dict[str, Any]] | None = None, **state: Any) -> dict[str, Any]:
    req = _req(_club(), *moves)
    req["fight"]["turn"] = 2
    req["fighters"][0]["state"]["ongoing_effects"] = copy.deepcopy(effects or [])
    req["fighters"][0]["state"].update(state)
    return req


def test_a_dropped_prop_locks_its_move_against_a_group() -> None:
    # 000 L4761: without the Prop its moves cannot be used until it is picked up
    out = _turn(_with_prop(effects=DOWN), _decisions(2, _hit("club")), _rolls(2, **{"ava.attack": 1}))
    assert _codes(out) == ["MOVE_LOCKED"]
    # with the Prop in hand the same attack goes on, and nothing is named
    ok = _turn(_with_prop(), _decisions(2, _hit("club")), _rolls(2, **{"ava.attack": 1, "g.life_save": 6}))
    assert _codes(ok) == [] and not _named(ok)


def test_recover_prop_at_his_feet_picks_it_up() -> None:
    # 000 L4761, L4775–L4785: not moved since it fell, the Recover Prop action at Range 0 is enough: no roll
    out = _turn(_with_prop(effects=DOWN), _decisions(2, _utility("recover_prop:prop")), _rolls(2))
    assert _codes(out) == [] and ("prop", "prop", None) not in _effects(out)
    assert not [r for r in out["rolls"] if "maneuver" in r["key"]]
    assert not _named(out)


def test_prop_recovery_move_then_the_prop_move_in_a_combo() -> None:
    # 000 L3904–L3908: a Prop Recovery move at Range 0 of the Prop picks it up, and a Prop move may follow it
    grab = move("grab", "prop_recovery")
    rolls = _rolls(2, **{"ava.attack": 1, "g.life_save": 6})
    out = _turn(_with_prop(grab, effects=DOWN), _decisions(2, _hit("grab") | {"moves": ["grab", "club"]}), rolls)
    assert _codes(out) == [] and all(e[0] != "prop" for e in _effects(out))
    assert not _named(out)


def test_a_groups_knock_down_drops_his_non_ranged_prop() -> None:
    # 000 L4757: a non-Ranged Prop move's Prop is lost when he is Knocked Down; the group's Knocks Down Quality
    # (000 L6682) hits: 3 at Range 1 against Defense 3 (as tests/unit/fight2e/thug_thrashing/test_traits.py)
    thug = {**THUG, "qualities": [{"id": "knocks_down"}]}
    req = _with_prop()
    req["fight"]["thugs"][0]["thug"] = thug
    rolls = {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 3, "T2.g.damage": 3, "T2.fight.time": 3}
    out = _turn(req, {"T2.ava.defense": {"defense": "defense"}, "T2.ava.action": IDLE}, rolls)
    assert _codes(out) == []
    assert [e[:2] for e in _effects(out) if e[0] == "prop"] == [("prop", "prop")]
    assert any("drops their Prop" in s["text"] for s in out["log"])


def test_a_ranged_prop_is_not_dropped_by_a_knock_down() -> None:
    # 000 L4757: a Ranged Prop move loses it only to an Evasion, never to a Knock Down
    sheet_moves = [{"id": "knife", "name": "Knife", "level": 2, "elements": [el("ranged"), el("prop")]}]
    req = _req(*sheet_moves)
    req["fight"]["turn"] = 2
    req["fight"]["thugs"][0]["thug"] = {**THUG, "qualities": [{"id": "knocks_down"}]}
    rolls = {"T2.ava.init": 2, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.attack": 3, "T2.g.damage": 3, "T2.fight.time": 3}
    out = _turn(req, {"T2.ava.defense": {"defense": "defense"}, "T2.ava.action": IDLE}, rolls)
    assert _codes(out) == [] and not [e for e in _effects(out) if e[0] == "prop"]


# ── The Throw chain: Opening Throw and Multi-Part Throw (000 L3757–L3780, L4672–L4682) ─────────────────────────


def _chain() -> tuple[dict[str, Any], dict[str, Any]]:
    toss = move("toss", "throw", "opening_throw", level=1)
    twist = move("twist", "throw", level=1, liabilities=(el("multi_part_throw", opening_throw="Toss"),))
    return toss, twist


def test_a_multi_part_throw_follows_its_opening_throw_in_a_combo_on_a_group() -> None:
    # 000 L4676: a link may only come straight after its designated Opening Throw in the Combo; a Throw reaches
    # Range 0 only, so the group is at 0. The chain goes on and nothing is named.
    req = _req(*_chain(), groups={"g": 0})
    req["fight"]["turn"] = 2
    rolls = _rolls(2, **{"ava.attack": 1, "g.life_save": 6, "g.life_save.2": 6})
    out = _turn(req, _decisions(2, _hit("toss") | {"moves": ["toss", "twist"]}), rolls)
    assert out["status"] == "resolved" and _codes(out) == [] and not _named(out)


def test_a_multi_part_throw_cannot_open_an_action_against_a_group() -> None:
    # Ruling: the lockdown of a Multi-Part Throw, a kind of Sustained Hold (000 L4678), holds no group (Sustained
    # Hold does nothing to a group, 000 L6718), so no window is left for a link to open a later action: Twist alone
    # is refused; the order reversed is refused too (the link must come straight after its opener, 000 L4676).
    req = _req(*_chain(), groups={"g": 0})
    req["fight"]["turn"] = 2
    alone = _turn(req, _decisions(2, _hit("twist")), _rolls(2, **{"ava.attack": 1}))
    assert _codes(alone) == ["SEQUENCE_NOT_OPEN"]
    swapped = _turn(req, _decisions(2, _hit("twist") | {"moves": ["twist", "toss"]}), _rolls(2, **{"ava.attack": 1}))
    assert _codes(swapped) == ["SEQUENCE_NOT_OPEN"]


def test_moving_leaves_the_dropped_prop_behind() -> None:
    # 000 L4761: once he has moved since it fell the Prop is no longer at his feet (the recovery then needs a
    # move and a check, not the action alone): after 1 Range toward the group (Range 2 → 1) it is marked moved
    req = _with_prop(effects=DOWN)
    req["fight"]["thugs"][0]["ranges"] = {"ava": 2}
    step = {"action": "move", "movement": 1, "direction": "toward", "target": "g"}
    out = _turn(req, _decisions(2, step), _rolls(2))
    assert _codes(out) == []
    assert [e["moved"] for e in _ava(out)["ongoing_effects"] if e["id"] == "prop"] == [True]
    # standing still, it stays at his feet
    idle = _turn(_with_prop(effects=DOWN), _decisions(2, IDLE), _rolls(2))
    assert [e["moved"] for e in _ava(idle)["ongoing_effects"] if e["id"] == "prop"] == [False]
