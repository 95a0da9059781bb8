"""The base of every Fight RPG model: frozen, no unknown fields, and strict parsing that still takes JSON's forms.

Requests are validated strictly (REST and GraphQL alike): an enum field wants a member and an int field an int.
JSON sends an enum's value as a string and may write 3 as 3.0, so those two forms are turned into members and
ints before the fields see them; anything else is left for the field to refuse.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field

from ..core.json_values import BUILT as BUILT  # re-exported: the round builds its answer with it
from ..core.json_values import json_integer
from ..core.models import FrozenModel

AsInt = BeforeValidator(json_integer)  # with Field(ge=…, le=…) in an Annotated int: 3.0 is taken as 3


FighterId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,23}$", description="A fighter's id, e.g. `dragon`.")]
EntryId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="A snake_case id.")]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(max_length=400)]


class Model(FrozenModel):
    """The ruleset's models: the one base (``core.models``), frozen."""
