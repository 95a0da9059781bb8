"""The base of every model of the ruleset: frozen, no unknown fields, and JSON's own readings taken under strict
validation (REST and GraphQL validate requests strictly): enum values become members and integral numbers such as
``3.0`` become ints (JSON Schema counts them as integers), in fields, lists and map values."""

from __future__ import annotations

from pydantic import ConfigDict

from ..core.json_values import JsonValues


class Model(JsonValues):
    """Frozen, no unknown fields; JSON enum values and integral numbers read as members and ints."""

    model_config = ConfigDict(extra="forbid", frozen=True)
