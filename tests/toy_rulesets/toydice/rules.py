"""The toy's models, its one operation and its catalogue: a roll's total is its dice plus a modifier, and more
than three dice is a rule broken (answered, not refused)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from service.rules.codes import Code, markdown_table
from service.rules.core.findings import Finding, Severity, Unsupported
from service.rules.core.ruleset import CatalogueDocument, CatalogueLookup, Operation

from . import RULESET, VERSION

MAX_DICE = 3


class RollRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dice: list[int] = Field(min_length=1, max_length=10, description="The faces rolled.")
    modifier: int = Field(0, ge=-5, le=5)


class RollTotal(BaseModel):
    ruleset: str
    ruleset_version: str
    valid: bool
    total: int
    violations: list[Finding] = []
    unsupported: list[Unsupported] = []


def total_roll(request: RollRequest) -> RollTotal:
    violations = [
        Finding(code="TOO_MANY_DICE", severity=Severity.error, path=f"dice[{i}]", message="At most three dice.")
        for i in range(MAX_DICE, len(request.dice))
    ]
    return RollTotal(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        total=sum(request.dice) + request.modifier,
        violations=violations,
    )


class Parity(StrEnum):
    odd = "odd"
    even = "even"


class Face(BaseModel):
    id: str
    name: str
    value: int
    parity: Parity


class FaceFilters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    parity: Parity | None = Field(None, description="Odd or even faces.")


class FaceList(BaseModel):
    ruleset: str
    ruleset_version: str
    faces: list[Face]


NAMES = ("one", "two", "three", "four", "five", "six")
FACES = {
    n: Face(id=n, name=n.title(), value=v, parity=Parity.even if v % 2 == 0 else Parity.odd)
    for v, n in enumerate(NAMES, start=1)
}


def faces(filters: FaceFilters | None) -> FaceList:
    parity = filters.parity if filters else None
    kept = [f for f in FACES.values() if parity is None or f.parity == parity]
    return FaceList(ruleset=RULESET, ruleset_version=VERSION, faces=kept)


def codes() -> str:
    return "## Toy Dice\n\n" + markdown_table([Code("TOO_MANY_DICE", "error", "More than three dice in a roll.")])


OPERATIONS = (
    Operation(
        name="total_roll",
        path="rolls/total",
        summary="Total a roll",
        request=RollRequest,
        answer=RollTotal,
        run=total_roll,
        examples={"three dice": {"dice": [1, 2, 3], "modifier": 1}},
    ),
)
DOCUMENTS = (CatalogueDocument("faces", "The die's faces", FaceList, faces, FaceFilters),)
LOOKUPS = (CatalogueLookup("faces", "One face by id", Face, FACES.get),)
