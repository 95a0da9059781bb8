"""Request and answer models of the move optimiser (the contract)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from ...core.findings import Unsupported
from ...dice import die_name
from ..catalogue.catalog import catalog
from ..documents import EntryId, KeywordId  # the catalogue's enums of ids, shared with its filters
from ..moves.models import Campaign, Model, MovePrice, MoveRequest, OptionalInt, OptionValue, Plain, StrictInt

DEFAULT_CAMPAIGN = Campaign()
# The damage ladder from 1d2 up to 1d12+10 (the book's ladder, 000 L5455–L5469).
DieName = StrEnum("DieName", {die_name(s): die_name(s) for s in range(1, 12)})  # type: ignore[misc]


class OptimiserFighter(Plain):
    """What of the Fighter changes the figures the optimiser reads."""

    strength: OptionalInt(-2, 3) = Field(  # type: ignore[valid-type]
        None, description="Basic Quality: shifts a Strength-based damage die."
    )
    ki: OptionalInt(0, 10) = Field(  # type: ignore[valid-type]
        None, description="Ki Skill: shifts a Ki-based damage die; at 0, entries that need the Ki Skill are not taken."
    )


class NamedChoice(Model):
    """Design choices of one entry, fixed by the player for every move the search builds with it."""

    entry: EntryId = Field(description="The Element or Liability.")  # type: ignore[valid-type]
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        max_length=12,
        description="Its design choices by name, e.g. Move Sub-Set's `opening_move` or Perfect Hit's `target`.",
    )

    def problems(self, path: str) -> list[tuple[str, str]]:
        """Each option the entry has no design choice of: (its path, why), for the answer's ``binding``."""
        entry = catalog().entries[str(self.entry)]
        known = {o.name for o in entry.options}
        return [
            (f"{path}.options.{name}", f"{entry.name} has no design choice {name}")
            for name in sorted(set(self.options) - known)
        ]


class Assumed(Plain):
    """A design choice the player did not name, made by the search (free text, Elements it picked or took)."""

    entry: str
    option: str
    value: OptionValue
    why: str


class OptimiseRequest(Model):
    """What the player wants of a move; every field is optional."""

    type: Literal["special", "super"] = "special"
    min_level: StrictInt = Field(1, ge=1, le=12, description="Lowest level to consider.")
    max_level: StrictInt = Field(8, ge=1, le=12, description="Highest level to consider.")
    keywords: list[KeywordId] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=10, description="Keywords the move must have (`defensive_response` = any)."
    )
    forbidden_keywords: list[KeywordId] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=10, description="Keywords the move must not have."
    )
    min_damage_die: DieName | None = Field(  # type: ignore[valid-type]
        None, description="Smallest damage die the Fighter rolls (with Strength, or Ki for a Ki-based move)."
    )
    min_accuracy: OptionalInt(-5, 10) = Field(  # type: ignore[valid-type]
        None, description="Smallest Accuracy modifier against every defence."
    )
    min_range: OptionalInt(0, 4) = Field(  # type: ignore[valid-type]
        None, description="The move must reach at least this Range."
    )
    include: list[EntryId] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=10, description="Elements or Liabilities every answer must carry."
    )
    exclude: list[EntryId] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=250, description="Elements or Liabilities no answer may carry."
    )
    without_warnings: bool = Field(
        False,
        description="Only moves priced without a warning: no entry left to the Director's approval, and no "
        "Liabilities beyond what the Elements need lowering the Move Points.",
    )
    choices: list[NamedChoice] = Field(
        default_factory=list,
        max_length=20,
        description="Design choices fixed by the player, per entry: free text (which move a Sub-Set opens, the "
        "Prop, the pool of a Limited Use), a named Element (Perfect Hit's `target`, an Element Addition's "
        "`element`), or any other choice. Free text left out is a placeholder; an Element left out is the search's "
        "pick among those that qualify (listed under `assumed` when another of the same cost would do as well).",
    )
    campaign: Campaign = Field(default_factory=lambda: DEFAULT_CAMPAIGN)
    fighter: OptimiserFighter = Field(default_factory=OptimiserFighter)
    answers: StrictInt = Field(5, ge=1, le=20, description="How many moves to answer, cheapest first.")

    def choice_problems(self) -> list[tuple[str, str]]:
        """A named choice the search cannot honour (an option the entry does not have, an entry named twice): each
        with its path; the answer lists them as its ``binding`` instead of building moves on a guess."""
        seen: set[str] = set()
        out: list[tuple[str, str]] = []
        for i, c in enumerate(self.choices):
            out += c.problems(f"choices[{i}]")
            if str(c.entry) in seen:
                out.append((f"choices[{i}].entry", f"{c.entry} is named again: name an entry's choices once"))
            seen.add(str(c.entry))
        return out

    def named(self) -> dict[str, dict[str, object]]:
        return {str(c.entry): dict(c.options) for c in self.choices}


class Binding(Plain):
    """A wish that, with the others, leaves no legal move."""

    path: str = Field(description="The request field, in the notation of findings (`keywords[1]`).")
    message: str


class OptimisedMove(Plain):
    request: MoveRequest = Field(description="The move as a pricing request: send it to `moves/price` as it is.")
    price: MovePrice = Field(description="Its price and validation by the pricing core (always legal).")
    assumed: list[Assumed] = Field(
        default_factory=list, description="Design choices the search made because the request named none."
    )


class OptimiseAnswer(Plain):
    ruleset: str
    ruleset_version: str
    status: Literal["optimal", "none_exists", "limit_reached"] = Field(
        description="`optimal`: these are the cheapest moves there are; `none_exists`: no legal move has it all "
        "(see `binding`); `limit_reached`: the search stopped at its limit, the moves are the best it met."
    )
    moves: list[OptimisedMove] = Field(description="Cheapest first: Move Points, then fewer Elements.")
    binding: list[Binding] = Field(description="When no move exists: the wishes that cannot all be met.")
    limit: str | None = Field(None, description="Which limit stopped the search, when one did.")
    candidates: int = Field(description="Candidates the solver proposed and the pricing core checked.")
    rejected: int = Field(description="Candidates the pricing core (or a wish) refused.")
    unsupported: list[Unsupported] = Field(
        description="Entries the search does not build because it cannot make one of their design choices (name "
        "it in `choices`); empty with the book's catalogue."
    )
