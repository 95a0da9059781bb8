"""The in-process decider hook a resolver may offer its simulator: ``Deciding`` reads the request's decisions as
``Decisions`` does, and where the request leaves a decision open that the step would ask for, it asks ``decider``
there and then and takes its answer exactly as if the request had sent it (the same check, the same refusal). A
request without a decider is read as before, so the hook never changes the answer to a request."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pydantic import JsonValue

from .protocol.models import DecisionNeeded
from .protocol.steps import Check, Decisions, jsonable

Decider = Callable[[DecisionNeeded], JsonValue]


@dataclass
class Deciding(Decisions):
    decider: Decider | None = None

    def decide(
        self, needed: DecisionNeeded, check: Check | None = None, stand_in: JsonValue | None = None
    ) -> JsonValue:
        key = needed.key
        open_ = key not in self.given and key not in self.if_asked
        asks = needed.default is None or self.ask_every
        if self.decider is None or self.ahead is not None or not open_ or not asks:
            return super().decide(needed, check, stand_in)
        value = jsonable(self.decider(needed))
        if check is None and any(value == c.value for c in needed.choices):
            return value  # one of the choices: what the core's own check passes
        return Decisions(given={key: value}).decide(needed, check)  # read as if it were sent: the same check
