"""A Utility move's Elements in a Dramatic turn (000 L7080): which entries a Utility move can carry at all, read from
the catalogue (000 L2349), and those it can carry applied as the main turn applies them."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, cast

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.keywords import MOVEMENT
from service.rules.fight2e.combat.dramatic import move_elements
from service.rules.fight2e.combat.state.profile import MoveProfile
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move
from tests.unit.fight2e.dramatic.test_actions import NOTHING, _ok, _rei, _turn
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D
from tests.unit.fight2e.dramatic.test_options import _state as _dstate
from tests.unit.fight2e.dramatic.test_options import _turn as _dturn

CAT = catalog()
HEAL = {"id": "healing", "options": {"heal": "half"}}
# what the move builder reports when an entry cannot sit on a Utility move (000 L2349, L2745)
NOT_ON_UTILITY = {"REQUIRED_KEYWORD_MISSING", "UTILITY_WITH_HIT_OR_MISS_EFFECT", "PREREQUISITE_MISSING"}


def _with_required(entry: str) -> list[str]:
    out: list[str] = []
    for x in CAT.entries[entry].requires.entries:
        out += [y for y in _with_required(x) if y not in out]
    return [*out, entry]


def _violations(entries: list[str]) -> set[str]:
    kinds = {e: CAT.entries[e].kind for e in entries}
    body = {
        "type": "special",
        "level": 8,
        "elements": [HEAL] + [{"id": e} for e in entries if kinds[e] != "liability"],
        "liabilities": [{"id": e} for e in entries if kinds[e] == "liability"],
    }
    return {v.code for v in price_move(MoveRequest.model_validate(body)).violations}


def test_the_entries_no_utility_move_carries_are_refused_by_the_move_builder() -> None:
    # 000 L2349: a Utility move drops Offensive and every Damage and Range keyword and takes no On-Hit or On-Miss
    # part; each Element or Liability read as never on a Utility move is refused on a Healing move, even with the
    # entries it needs beside it
    never = sorted(e for e in move_elements._NEVER_ON_UTILITY if CAT.entries[e].kind in ("element", "liability"))
    assert never
    wrong = [e for e in never if not (_violations(_with_required(e)) & NOT_ON_UTILITY)]
    assert wrong == []


def test_a_utility_move_can_carry_the_entries_left() -> None:
    # the move builder takes Unreliable, Self Damage, Teleportation and a Taunt on a Healing move (000 L4872, L4799,
    # L4309, L4279): none is read as unreachable
    for entry in ("unreliable", "self_damage", "teleportation", "taunt", "self_prone", "cheap"):
        assert entry not in move_elements._NEVER_ON_UTILITY
        assert not (_violations([entry]) & NOT_ON_UTILITY), entry


# ── A Utility move's Elements used (000 L7080; Rei PL 3, Initiative 9 against Battle's 1, as in test_actions.py) ──


def _use(
    move: dict[str, Any],
    rolls: dict[str, int],
    act: dict[str, Any] | None = None,
    rei: dict | None = None,
    at: int = 1,
    rei_fs: int = 30,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(move)
    use = {"action": "utility", "moves": [move["id"]], **(act or {})}
    decisions = {"T1.rei.action": use, **NOTHING, **(extra or {})}
    return _turn(decisions, rolls, sheet=sheet, rei={"life_bar": 20, **(rei or {})}, at=at, rei_fs=rei_fs)


def _mend(*liabilities: str, elements: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {
        "id": "mend",
        "name": "Mend",
        "level": 2,
        "elements": [HEAL, *elements],
        "liabilities": [{"id": x} for x in liabilities],
    }


def _glory(out: dict[str, Any]) -> list[int]:
    return [g["points"] for g in out["glory"] if g["fighter"] == "rei"]


def _gaps(out: dict[str, Any]) -> list[dict[str, Any]]:
    return out["unsupported"]


def test_an_unreliable_utility_move_does_nothing_on_a_one() -> None:
    # 000 L4872–L4874: 1d10 after declaring; a 1: Mend, paid for, neither heals (Life Bar stays 20) nor earns its
    # Level in Glory (000 L6004); a 2: it heals half its 1d6 roll of 5, 2 (000 L3436–L3444): 20 → 22, and 2 Glory
    failed = _ok(_use(_mend("unreliable"), {"T1.rei.unreliable": 1, "T1.rei.healing": 5}))
    assert (_rei(failed)["life_bar"], _glory(failed), _gaps(failed)) == (20, [], [])
    worked = _ok(_use(_mend("unreliable"), {"T1.rei.unreliable": 2, "T1.rei.healing": 5}))
    assert (_rei(worked)["life_bar"], _glory(worked), _gaps(worked)) == (22, [2], [])


def test_self_damage_and_self_prone_on_a_utility_move() -> None:
    # 000 L4799: Self Damage costs his PL of 3 Life Bar at the use (20 → 17); the heal of 5 halved, 2, comes at the
    # end of the turn (17 → 19, 000 L3436–L3444); 000 L4815: Self Prone leaves him Knocked Down
    out = _ok(_use(_mend("self_damage", "self_prone"), {"T1.rei.healing": 5}))
    assert (_rei(out)["life_bar"], _rei(out)["knocked_down"], _gaps(out)) == (19, True, [])


def test_a_taunt_utility_move_earns_its_taunt_glory_besides_its_own() -> None:
    # 000 L4279, L2141: Jeer (Utility, Taunt, Level 1) against Battle, whose Initiative 1 is lower than Rei's 9: 1d4
    # (3) Glory, besides its Level 1 the first time it is used (000 L6004)
    jeer = {"id": "jeer", "name": "Jeer", "level": 1, "elements": [{"id": "utility"}, {"id": "taunt"}]}
    out = _ok(_use(jeer, {"T1.rei.taunt_glory": 3}, act={"target": "battle"}))
    assert (sorted(_glory(out)), _gaps(out)) == ([1, 3], [])


def test_a_cheap_utility_move_earns_nothing_then_costs_glory() -> None:
    # 000 L4531–L4535: its first use earns no Glory (not its Level 2); used again in the round, 1d4 (3) Glory lost
    first = _ok(_use(_mend("cheap"), {"T1.rei.healing": 5}))
    assert (_glory(first), _rei(first)["cheap_moves_used"], _gaps(first)) == ([], ["mend"], [])
    again = _ok(_use(_mend("cheap"), {"T1.rei.healing": 5, "T1.rei.cheap": 3}, rei={"cheap_moves_used": ["mend"]}))
    assert _glory(again) == [-3]


def test_teleportation_on_a_utility_move_moves_three_ranges_for_no_fs() -> None:
    # 000 L2381: a Utility Mobile move moves up to 3 Ranges before it; Teleportation's movement costs no FS
    # (000 L4309): from Range 4, 3 toward leaves Range 1 and his 20 FS untouched
    out = _ok(
        _use(
            _mend(elements=({"id": "teleportation"},)),
            {"T1.rei.healing": 5},
            act={"movement": 3, "direction": "toward"},
            at=4,
            rei_fs=20,
        )
    )
    assert (out["fight"]["positioning"]["range"], _rei(out)["fighting_spirit"], _gaps(out)) == (1, 20, [])


def test_three_mobile_ranges_cannot_end_at_range_zero() -> None:
    # 000 L2381: from Range 3, 3 Ranges toward would end at Range 0: refused
    out = _use(
        _mend(elements=({"id": "teleportation"},)),
        {"T1.rei.healing": 5},
        act={"movement": 3, "direction": "toward"},
        at=3,
    )
    assert [v["code"] for v in out["violations"]] == ["MOBILE_ENDS_AT_RANGE_0"]


def test_power_up_s_life_bar_version_adds_to_the_heal() -> None:
    # 000 L3852–L3864: 2 Life Bar spent (up to his PL 3): 20 → 18 at once, and the heal of 5 halved, 2, grows by 2:
    # 18 + 4 = 22 at the end of the turn
    powered = _mend(elements=({"id": "power_up", "options": {"version": "life_bar"}},))
    out = _ok(_use(powered, {"T1.rei.healing": 5}, extra={"T1.rei.power_up_bonus": {"amount": 2}}))
    assert (_rei(out)["life_bar"], _gaps(out)) == (22, [])


def _after(movement: str) -> dict[str, Any]:
    return _mend(elements=({"id": "mobile", "options": {"movement": movement}},))


def test_after_mobile_on_a_utility_move_moves_three_ranges_after_it() -> None:
    # 000 L2387: no movement before (1 Range is refused), up to 3 after a Utility move: from Range 1, 3 away leaves
    # Range 4, for 1 FS as 2 or more Ranges cost in the main turn (ruling A15): 30 → 29
    away = {"T1.rei.post_move": {"movement": 3, "direction": "away"}}
    out = _ok(_use(_after("after_mobile"), {"T1.rei.healing": 5}, extra=away))
    assert (out["fight"]["positioning"]["range"], _rei(out)["fighting_spirit"], _gaps(out)) == (4, 29, [])
    before = _use(_after("after_mobile"), {"T1.rei.healing": 5}, act={"movement": 1, "direction": "away"})
    assert [v["code"] for v in before["violations"]] == ["DECISION_INVALID"]


def test_passing_on_a_utility_move_moves_one_range_after_it() -> None:
    # 000 L2389: 1 Range after it (Range 1 → 2, no FS); 2 are refused
    one = {"T1.rei.post_move": {"movement": 1, "direction": "away"}}
    out = _ok(_use(_after("passing"), {"T1.rei.healing": 5}, extra=one))
    assert (out["fight"]["positioning"]["range"], _rei(out)["fighting_spirit"], _gaps(out)) == (2, 30, [])
    two = {"T1.rei.post_move": {"movement": 2, "direction": "away"}}
    refused = _use(_after("passing"), {"T1.rei.healing": 5}, extra=two)
    assert [v["code"] for v in refused["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]


def test_after_mobile_on_an_attack_moves_two_ranges_after_it() -> None:
    # 000 L2387: an Offensive After Mobile move allows none before (1 Range refused) and 2 after. Zip from Range 1
    # hits (the first hit gives back his PL 3 in FS, 20 → 23, 000 L5489) and knocks Battle back (1 → 2, 000 L5950);
    # then 2 Ranges away (2 → 4) for 1 FS (ruling A15): 22; 3 are refused
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(
        {
            "id": "zip",
            "name": "Zip",
            "level": 2,
            "elements": [{"id": "mobile", "options": {"movement": "after_mobile"}}],
        }
    )
    hit = {"T1.rei.attack": 3, "T1.rei.damage": 1}
    zip_at = {"action": "attack", "moves": ["zip"], "target": "battle"}

    def play(extra: dict[str, Any]) -> dict[str, Any]:
        return _dturn({"T1.rei.action": zip_at, **extra}, hit, sheets=(sheet, BATTLE_D), rei_fs=20)

    out = _ok(play({"T1.rei.post_move": {"movement": 2, "direction": "away"}}))
    assert (out["fight"]["positioning"]["range"], _dstate(out, "rei")["fighting_spirit"], _gaps(out)) == (4, 22, [])
    too_far = play({"T1.rei.post_move": {"movement": 3, "direction": "away"}})
    assert [v["code"] for v in too_far["violations"]] == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]
    before = play({"T1.rei.action": {**zip_at, "movement": 1, "direction": "toward"}})
    assert [v["code"] for v in before["violations"]] == ["DECISION_INVALID"]


@dataclass(frozen=True)
class _Profile:
    """Just what ``unapplied`` reads of a move: its entries, Movement keyword and type."""

    entries: tuple[str, ...]
    movement: str
    utility: bool
    is_special: bool = True

    def kw(self, k: str) -> bool:
        return k == self.movement or (k == "utility" and self.utility) or (k == "offensive" and not self.utility)


def _movements(entry: str) -> set[str]:
    """The Movement keywords a move with the entry can have: those its own choices add, else any."""
    e = CAT.entries[entry]
    changes = [c.keywords for o in e.options for c in o.choices if c.keywords]
    own = {k for c in changes for k in (*c.add, *c.replace.values()) if k in MOVEMENT}
    return own or set(MOVEMENT)


def test_every_entry_an_offensive_or_a_utility_move_can_carry_is_applied_or_idle() -> None:
    # 000 L7080: a Dramatic turn keeps the main procedure, so no entry a move used in it can carry is left without a
    # step (or a logged reason it does nothing): nothing is left to name as unsupported, as an attack or a Utility use
    left = [
        (entry, attack, mv)
        for entry in sorted(CAT.entries)
        for attack in (True, False)
        for mv in sorted(_movements(entry))
        if move_elements.unapplied(cast(MoveProfile, _Profile((entry,), mv, not attack)), attack)
    ]
    assert left == []


def test_temporary_invulnerability_on_a_utility_move_at_the_same_initiative() -> None:
    # 000 L4323–L4327 (ruling: a Utility move on the same Initiative is performed as an attack is): Rei (4 + 1) and
    # Battle (5 + 0) share Initiative 5 at Range 3; Battle's Mystic Shot hits Rei while he uses Ward: no damage, no
    # Knock Back (Range stays 3), and Ward's heal of 5 halved, 2, leaves him 20 → 22 (000 L3436–L3444); without the
    # Element the hit knocks him back (3 → 4, 000 L5950) and takes Life Bar
    def play(elements: list[dict[str, Any]]) -> dict[str, Any]:
        sheet = copy.deepcopy(REI_D)
        sheet["moves"].append({"id": "ward", "name": "Ward", "level": 3, "elements": elements})
        decisions = {
            "T1.rei.action": {"action": "utility", "moves": ["ward"]},
            "T1.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"},
            "T1.rei.defense": {"defense": "defense", "fs": 0},
        }
        rolls = {"T1.rei.init": 4, "T1.battle.init": 5, "T1.rei.healing": 5, "T1.battle.attack": 6}
        return _ok(_dturn(decisions, {**rolls, "T1.battle.damage": 3, "T1.rei.defense": 1}, rei_life=20, at=3,
                          sheets=(sheet, BATTLE_D)))  # fmt: skip

    guarded = play([HEAL, {"id": "temporary_invulnerability"}])
    assert (_dstate(guarded, "rei")["life_bar"], guarded["fight"]["positioning"]["range"]) == (22, 3)
    plain = play([HEAL])
    assert _dstate(plain, "rei")["life_bar"] < 22 and plain["fight"]["positioning"]["range"] == 4
