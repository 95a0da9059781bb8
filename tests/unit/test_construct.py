"""core.construct.built: a model from every one of its fields without validation, or model_construct's defaults when
a field is left out."""

from __future__ import annotations

from pydantic import BaseModel

from service.rules.core.construct import built


class Point(BaseModel):
    x: int
    y: int = 7


def test_every_field_given_is_the_model_holding_them() -> None:
    p = built(Point, {"x": 1, "y": 2})
    assert p == Point(x=1, y=2)
    assert p.model_fields_set == {"x", "y"}
    assert p.model_dump_json() == '{"x":1,"y":2}'


def test_a_field_left_out_takes_its_default() -> None:
    p = built(Point, {"x": 1})
    assert p.y == 7
    assert p.model_fields_set == {"x"}
