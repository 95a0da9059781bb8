"""The one base of every ruleset's models, in four shapes.

- ``RulesModel``: the root. No settings of its own: an answer that ignores unknown fields and may be changed while
  the core builds it.
- ``Record``: frozen, no unknown fields, no parsing hook. A record of a code table read from the ruleset's own YAML
  (``core.tables.read_table``) or a request part whose fields convert JSON's forms themselves.
- ``JsonModel``: no unknown fields, and JSON's own readings taken under strict validation (``core.json_values``):
  an enum value becomes its member and an integral number such as ``3.0`` an int, in a field, a list or a map's
  values. A request, or an answer the core fills in step by step.
- ``FrozenModel``: a ``JsonModel`` that is also frozen (hashable, memoisable by ``rules.memo``).

A model adds settings of its own (``model_config``) on top of its base's; pydantic merges them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .json_values import JsonValues


class RulesModel(BaseModel):
    """The root of every ruleset's models (``tests/unit/test_package_shape.py`` checks it)."""


class Record(RulesModel):
    """Frozen, no unknown fields, no parsing hook."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class JsonModel(JsonValues, RulesModel):
    """No unknown fields; JSON enum values and integral numbers read as members and ints."""

    model_config = ConfigDict(extra="forbid")


class FrozenModel(JsonValues, Record):
    """Frozen, no unknown fields; JSON enum values and integral numbers read as members and ints."""
