"""The rulesets this service hosts. A new ruleset is a new package under ``service/rules/`` plus one entry here."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RulesetInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    version: str
    source: str
    operations: tuple[str, ...]


def rulesets() -> tuple[RulesetInfo, ...]:
    from .fight2e import INFO as FIGHT2E

    return (FIGHT2E,)
