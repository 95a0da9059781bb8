"""The base of Impact's models: requests are validated strictly by the adapters, where an enum field takes only
its members and an int field only ints; JSON carries the enum's values and may write 3 as 3.0, so those are turned
into members and ints first (anything else is left for the field to refuse)."""

from __future__ import annotations

from ..core.json_values import BUILT as BUILT  # re-exported: the cores build their answers with it
from ..core.models import JsonModel as JsonModel  # re-exported: the one base (core.models), not frozen
