"""The data pack: shipped values cite the text where it gives them; a request may carry its own pack."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from service.rules.impact.pack import PACKS, ImpactPack

from .helpers import buy, price


def test_default_pack_values_from_the_text() -> None:
    pack = PACKS["default"]
    jab, straight, grapple = pack.maneuver("jab"), pack.maneuver("straight_punch"), pack.maneuver("grapple")
    assert jab and straight and grapple
    assert (jab.damage, jab.speed) == (2, 5) and jab.from_text["speed"] == "001 L210"  # 001 L210, L561
    assert straight.damage == 3  # 001 L194
    assert (grapple.speed, grapple.sp) == (1, 0)  # 001 L210, L248
    sp = {m.id: m.sp for m in pack.maneuvers if m.category == "grappling"}
    assert (sp["choke"], sp["immobilize"], sp["throw"]) == (1, 3, 0)  # 001 L249-252
    assert pack.area("head").toughness == 5  # 001 L174
    assert all(m.source.ref or m.source.ruling for m in pack.maneuvers)


def test_every_value_not_from_the_text_is_a_ruling() -> None:
    for m in PACKS["default"].maneuvers:
        assert m.source.ruling or set(m.from_text) >= {"damage", "speed", "sp", "cost"}


def custom(**maneuver_changes: object) -> dict[str, object]:
    data = copy.deepcopy(PACKS["default"].model_dump(mode="json", by_alias=True))
    data["name"] = "house"
    for m in data["maneuvers"]:
        if m["id"] == "straight_punch":
            m.update(maneuver_changes)
    return data


def test_custom_pack_changes_the_price() -> None:
    # A house pack pricing the Straight Punch at 30 per level: 1 -> 2 costs 60
    answer = price([buy("maneuver", 2, maneuver="straight_punch")], custom_pack=custom(cost=30))
    assert answer.total_cost == 60


@pytest.mark.parametrize("broken", [{"sp": -2}, {"cost": 0}, {"ranges": []}])
def test_custom_pack_schema(broken: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        ImpactPack.model_validate(custom(**broken))


def test_custom_pack_problems_answered() -> None:
    # a pack that fits the schema but not itself: an unknown category, the head twice; answered 200 with the findings
    data = custom(category="nowhere")
    data["areas"] = [data["areas"][0], *data["areas"][:6]]  # type: ignore[index]
    answer = price([buy("tactics")], custom_pack=data)
    assert [(v.code, v.path) for v in answer.violations] == [("PACK_INVALID", "custom_pack")] * 2
    assert answer.derived is None and not answer.legal
