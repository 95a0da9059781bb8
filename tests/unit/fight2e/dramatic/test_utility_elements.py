"""A Utility move's Elements in a Dramatic turn (000 L7080): which entries a Utility move can carry at all, read from
the catalogue (000 L2349), and those it can carry applied as the main turn applies them."""

from __future__ import annotations

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.combat.dramatic import move_elements
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

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
