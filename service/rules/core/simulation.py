"""Matchup simulation shared by every ruleset with a turn resolver: fight records, their sums, and exact merging.

A ruleset simulates one fight at a time (its resolver and its policies) and hands back a ``FightRecord``; this
module adds records into a ``SimulationSums`` answer that carries counts and totals only, so that runs over
adjacent seed ranges add up to exactly the answer of the whole range (``merge``). Rates, Wilson intervals, means
and percentiles are derived from the sums each time (``finish``), never merged themselves.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import Field, ValidationError, field_validator

from .findings import Finding, Severity, Unsupported
from .models import FrozenModel
from .ruleset import Caching, Operation

Z_95 = 1.959963984540054  # two-sided 95 % normal quantile
MAX_TURN_LIMIT = 500  # the fight-length histogram has one bucket per turn up to the turn limit
MAX_MERGED_FIGHTS = 10_000_000

Count = Annotated[int, Field(ge=0, le=10**12)]
Total = Annotated[int, Field(ge=-(10**15), le=10**15)]
Label = Annotated[str, Field(min_length=1, max_length=200)]


class Sums(FrozenModel):  # a part sent back to simulate/merge may write 7 as 7.0, as every request may
    pass


class WilsonInterval(Sums):
    low: float = Field(ge=0, le=1)
    high: float = Field(ge=0, le=1)


class SimulatedAttack(Sums):
    """One attack as declared: how often it was made, hit and hurt."""

    attack: Label = Field(
        description="As the ruleset names it: fight2e a move id, or a Combo's move ids joined by ` + `; impact a "
        "maneuver id (or `action: maneuver`); fightrpg the action bought (`attack with 2 Damage and 0 Knockdown`)."
    )
    uses: Count = Field(description="Attacks made with it (fight2e one Accuracy roll each, impact one hit test).")
    hits: Count = Field(description="Uses that landed (fightrpg: something of it reached its target).")
    damage: Total = Field(description="What its hits took off the defender (Life Bar, area damage, damage).")
    hit_rate: float | None = Field(None, description="hits / uses (derived).")
    damage_per_use: float | None = Field(None, description="damage / uses (derived).")


class SpentResource(Sums):
    """A resource of the ruleset's own a side spent (Setup Points, Power Points …), summed over the fights."""

    resource: Label
    spent: Total
    per_fight: float | None = Field(None, description="spent / fights (derived).")


class SimulatedSide(Sums):
    side: Label
    policy: Label
    wins: Count
    losses: Count
    win_rate: float | None = Field(None, description="wins / fights (derived).")
    win_interval: WilsonInterval | None = Field(None, description="95 % Wilson interval of the win rate (derived).")
    damage_dealt: Total = Field(description="What the other side lost (Life Bar, area damage …), from every source.")
    supers_used: Count = Field(description="fight2e: attacks that included a Super Move (0 in other rulesets).")
    glory: Total = Field(description="fight2e: Glory awarded to this side's fighters, summed (0 in other rulesets).")
    glory_per_fight: float | None = Field(None, description="glory / fights (derived).")
    spent: list[SpentResource] = Field(
        default_factory=list, max_length=20, description="The ruleset's own resources spent, by name, sorted."
    )
    attacks: list[SimulatedAttack] = Field(default_factory=list, max_length=5000, description="By attack, sorted.")


class FightLengths(Sums):
    histogram: list[Count] = Field(
        max_length=MAX_TURN_LIMIT + 1,
        description="histogram[t]: fights that ended after t turns (time-outs too); no trailing zeros.",
    )
    turns: Count = Field(description="Turns over all fights.")
    mean: float | None = Field(None, description="Mean turns per fight (derived).")
    p50: int | None = Field(None, description="Median (nearest rank, derived).")
    p90: int | None = None
    p99: int | None = None
    longest: int | None = None


class SeedRange(Sums):
    seed: int = Field(ge=-(2**63), le=2**63 - 1)
    offset: int = Field(ge=0, le=MAX_MERGED_FIGHTS)
    count: int = Field(ge=0, le=MAX_MERGED_FIGHTS)


class SimulationSums(Sums):
    """The answer of a run: sums that merge exactly, and the figures derived from them."""

    ruleset: Label
    ruleset_version: Label
    matchup: Label = Field(description="Fingerprint of the request without offset and count: runs merge only if equal.")
    seeds: SeedRange = Field(description="Fight i (offset ≤ i < offset + count) is played with the seed's i-th key.")
    fights: int = Field(ge=0, le=MAX_MERGED_FIGHTS)
    draws: Count = Field(description="Fights that ended with no winner (both down at once, or even at time over).")
    time_outs: Count = Field(description="Fights stopped at the request's turn limit.")
    aborted: Count = Field(description="Fights the resolver refused to continue (see `violations`).")
    time_out_interval: WilsonInterval | None = None
    length: FightLengths
    sides: list[SimulatedSide] = Field(min_length=2, max_length=2)
    violations: list[Finding] = Field(
        default_factory=list, max_length=400, description="The resolver's refusals that stopped fights (one per code)."
    )
    warnings: list[Finding] = Field(
        default_factory=list, max_length=400, description="The resolver's warnings met in the fights (one per code)."
    )
    unsupported: list[Unsupported] = Field(default_factory=list, max_length=400)

    @field_validator("violations", "warnings", mode="before")
    @classmethod
    def _json_severity(cls, value: object) -> object:
        """A run's answer sent back to be merged carries each severity as its JSON string (strict parsing wants
        the enum member)."""
        if not isinstance(value, list):
            return value
        return [
            {**f, "severity": Severity(f["severity"])}
            if isinstance(f, dict) and f.get("severity") in Severity._value2member_map_
            else f
            for f in value
        ]


# ── Statistics ─────────────────────────────────────────────────────────────────────────────────────


def wilson(successes: int, trials: int, z: float = Z_95) -> WilsonInterval | None:
    """Wilson score interval of a proportion (None with no trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return WilsonInterval(low=round(max(0.0, centre - half), 6), high=round(min(1.0, centre + half), 6))


def percentile(histogram: Sequence[int], q: float) -> int | None:
    """Nearest-rank percentile of the values the histogram counts (bucket index = value)."""
    n = sum(histogram)
    if n == 0:
        return None
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value, count in enumerate(histogram):
        seen += count
        if seen >= rank:
            return value
    return len(histogram) - 1  # unreachable: seen reaches n


def _trimmed(histogram: list[int]) -> list[int]:
    """Without its trailing empty buckets (so that equal counts always give equal lists)."""
    end = len(histogram)
    while end and histogram[end - 1] == 0:
        end -= 1
    return histogram[:end]


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 6) if b else None


# ── Fight records ──────────────────────────────────────────────────────────────────────────────────


@dataclass
class SideRecord:
    """What one side did in one fight."""

    damage_dealt: int = 0
    supers_used: int = 0
    glory: int = 0
    attacks: dict[str, list[int]] = field(default_factory=dict)  # attack → [uses, hits, damage]
    spent: dict[str, int] = field(default_factory=dict)  # resource → amount spent

    def spend(self, resource: str, amount: int) -> None:
        self.spent[resource] = self.spent.get(resource, 0) + amount

    def attack(self, label: str, hit: bool) -> list[int]:
        row = self.attacks.setdefault(label, [0, 0, 0])
        row[0] += 1
        row[1] += int(hit)
        return row


@dataclass
class FightRecord:
    """One fight's outcome: ``winner`` is the winning side's index (None: draw, time-out or aborted)."""

    winner: int | None
    turns: int
    timed_out: bool = False
    aborted: bool = False
    sides: tuple[SideRecord, SideRecord] = field(default_factory=lambda: (SideRecord(), SideRecord()))
    unsupported: list[Unsupported] = field(default_factory=list)
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)


def _by_code(findings: Iterable[Finding]) -> list[Finding]:
    """The first finding of each code, in code order (what merged runs keep too)."""
    first: dict[str, Finding] = {}
    for f in findings:
        first.setdefault(f.code, f)
    return [first[k] for k in sorted(first)]


def fight_seed(seed: int, index: int) -> int:
    """The seed of fight ``index`` of a run: derived from the run's seed and the index only."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def matchup_digest(canonical_json: str) -> str:
    return hashlib.blake2b(canonical_json.encode(), digest_size=12).hexdigest()


@dataclass(frozen=True)
class RunHeader:
    ruleset: str
    ruleset_version: str
    matchup: str
    seeds: SeedRange
    sides: tuple[str, str]
    policies: tuple[str, str]
    turn_limit: int


def tally(header: RunHeader, records: Iterable[FightRecord]) -> SimulationSums:
    """Adds fight records into the answer of their seed range."""
    histogram = [0] * (header.turn_limit + 1)
    outcome = {"fights": 0, "draws": 0, "time_outs": 0, "aborted": 0}
    wins = [0, 0]
    sides = [SideRecord(), SideRecord()]
    unsupported: dict[tuple[str, str], Unsupported] = {}
    records_seen: list[FightRecord] = []
    for r in records:
        records_seen.append(r)
        outcome["fights"] += 1
        histogram[min(r.turns, header.turn_limit)] += 1
        if r.aborted:
            outcome["aborted"] += 1
        elif r.timed_out:
            outcome["time_outs"] += 1
        elif r.winner is None:
            outcome["draws"] += 1
        else:
            wins[r.winner] += 1
        for total, one in zip(sides, r.sides, strict=True):
            _add_side(total, one)
        for u in r.unsupported:
            unsupported.setdefault((u.id, u.path), u)
    side_sums = [
        SimulatedSide(
            side=header.sides[i],
            policy=header.policies[i],
            wins=wins[i],
            losses=wins[1 - i],
            damage_dealt=s.damage_dealt,
            supers_used=s.supers_used,
            glory=s.glory,
            spent=_spent(s.spent),
            attacks=_attacks(s.attacks),
        )
        for i, s in enumerate(sides)
    ]
    sums = SimulationSums(
        ruleset=header.ruleset,
        ruleset_version=header.ruleset_version,
        matchup=header.matchup,
        seeds=header.seeds,
        **outcome,
        length=FightLengths(histogram=_trimmed(histogram), turns=sum(t * n for t, n in enumerate(histogram))),
        sides=side_sums,
        unsupported=[unsupported[k] for k in sorted(unsupported)],
        violations=_by_code(f for r in records_seen for f in r.violations),
        warnings=_by_code(f for r in records_seen for f in r.warnings),
    )
    return finish(sums)


def _attacks(rows: dict[str, list[int]]) -> list[SimulatedAttack]:
    return [SimulatedAttack(attack=k, uses=v[0], hits=v[1], damage=v[2]) for k, v in sorted(rows.items())]


def _spent(rows: dict[str, int]) -> list[SpentResource]:
    return [SpentResource(resource=k, spent=v) for k, v in sorted(rows.items())]


def _add_side(total: SideRecord, one: SideRecord) -> None:
    total.damage_dealt += one.damage_dealt
    total.supers_used += one.supers_used
    total.glory += one.glory
    for name, amount in one.spent.items():
        total.spend(name, amount)
    for label, row in one.attacks.items():
        into = total.attacks.setdefault(label, [0, 0, 0])
        for j in range(3):
            into[j] += row[j]


def finish(sums: SimulationSums) -> SimulationSums:
    """The answer with every derived figure recomputed from its sums."""
    n = sums.fights
    hist = sums.length.histogram
    longest = max((t for t, c in enumerate(hist) if c), default=None)
    length = sums.length.model_copy(
        update={
            "mean": _ratio(sums.length.turns, n),
            "p50": percentile(hist, 0.5),
            "p90": percentile(hist, 0.9),
            "p99": percentile(hist, 0.99),
            "longest": longest,
        }
    )
    sides = [
        s.model_copy(
            update={
                "win_rate": _ratio(s.wins, n),
                "win_interval": wilson(s.wins, n),
                "glory_per_fight": _ratio(s.glory, n),
                "spent": [r.model_copy(update={"per_fight": _ratio(r.spent, n)}) for r in s.spent],
                "attacks": [
                    a.model_copy(
                        update={"hit_rate": _ratio(a.hits, a.uses), "damage_per_use": _ratio(a.damage, a.uses)}
                    )
                    for a in s.attacks
                ],
            }
        )
        for s in sums.sides
    ]
    return sums.model_copy(update={"length": length, "sides": sides, "time_out_interval": wilson(sums.time_outs, n)})


# ── Merging ────────────────────────────────────────────────────────────────────────────────────────


class MergeError(ValueError):
    """Runs that are not parts of one run: another matchup or version, or seed ranges that leave a gap."""


def merge(runs: Sequence[SimulationSums]) -> SimulationSums:
    """The answer of the whole run from the answers of its parts (any order; adjacent, non-overlapping ranges)."""
    parts = mergeable(runs)
    try:
        merged = _merged(parts)
        return type(merged).model_validate(merged.model_dump())  # the totals checked against an answer's bounds
    except ValidationError as exc:  # a total beyond what an answer can hold
        raise MergeError(f"the merged sums leave the bounds of an answer: {exc.errors()[0]['msg']}") from exc


def _merged(parts: list[SimulationSums]) -> SimulationSums:
    first = parts[0]
    width = max(len(p.length.histogram) for p in parts)
    histogram = [sum(p.length.histogram[t] if t < len(p.length.histogram) else 0 for p in parts) for t in range(width)]
    unsupported: dict[tuple[str, str], Unsupported] = {}
    for p in parts:
        for u in p.unsupported:
            unsupported.setdefault((u.id, u.path), u)
    merged = first.model_copy(
        update={
            "seeds": SeedRange(seed=first.seeds.seed, offset=first.seeds.offset, count=sum(p.fights for p in parts)),
            "fights": sum(p.fights for p in parts),
            "draws": sum(p.draws for p in parts),
            "time_outs": sum(p.time_outs for p in parts),
            "aborted": sum(p.aborted for p in parts),
            "length": FightLengths(histogram=_trimmed(histogram), turns=sum(p.length.turns for p in parts)),
            "sides": [_merge_side([p.sides[i] for p in parts]) for i in range(2)],
            "unsupported": [unsupported[k] for k in sorted(unsupported)],
            "violations": _by_code(f for p in parts for f in p.violations),
            "warnings": _by_code(f for p in parts for f in p.warnings),
        }
    )
    return finish(merged)


def mergeable(runs: Sequence[SimulationSums]) -> list[SimulationSums]:
    """The runs in seed order, or a ``MergeError`` saying why they are not the parts of one run."""
    if not runs:
        raise MergeError("nothing to merge")
    parts = sorted(runs, key=lambda r: r.seeds.offset)
    for p in parts:
        if p.fights != p.seeds.count:
            raise MergeError(f"a part counts {p.fights} fights for a seed range of {p.seeds.count}")
    for prev, nxt in itertools.pairwise(parts):
        _check_joinable(parts[0], prev, nxt)
    return parts


def _check_joinable(first: SimulationSums, prev: SimulationSums, nxt: SimulationSums) -> None:
    for name in ("ruleset", "ruleset_version", "matchup"):
        if getattr(nxt, name) != getattr(first, name):
            raise MergeError(f"runs differ in {name}: {getattr(first, name)!r} and {getattr(nxt, name)!r}")
    if nxt.seeds.seed != first.seeds.seed:
        raise MergeError(f"runs differ in seed: {first.seeds.seed} and {nxt.seeds.seed}")
    end = prev.seeds.offset + prev.seeds.count
    if nxt.seeds.offset != end:
        word = "overlap" if nxt.seeds.offset < end else "leave a gap"
        raise MergeError(f"seed ranges {word}: fights up to {end - 1}, then from {nxt.seeds.offset}")


def _merge_side(parts: list[SimulatedSide]) -> SimulatedSide:
    attacks: dict[str, list[int]] = {}
    spent: dict[str, int] = {}
    for p in parts:
        for r in p.spent:
            spent[r.resource] = spent.get(r.resource, 0) + r.spent
        for a in p.attacks:
            row = attacks.setdefault(a.attack, [0, 0, 0])
            row[0] += a.uses
            row[1] += a.hits
            row[2] += a.damage
    return parts[0].model_copy(
        update={
            "wins": sum(p.wins for p in parts),
            "losses": sum(p.losses for p in parts),
            "damage_dealt": sum(p.damage_dealt for p in parts),
            "supers_used": sum(p.supers_used for p in parts),
            "glory": sum(p.glory for p in parts),
            "spent": _spent(spent),
            "attacks": _attacks(attacks),
        }
    )


class MergeRuns(Sums):
    """Answers of one run's seed ranges (same matchup, adjacent ranges, any order)."""

    runs: list[SimulationSums] = Field(min_length=1, max_length=1000)

    @field_validator("runs")
    @classmethod
    def _parts_of_one_run(cls, runs: list[SimulationSums]) -> list[SimulationSums]:
        merge(runs)  # a MergeError is a ValueError: parts that do not join are refused as a malformed request
        return runs


def merge_runs(request: MergeRuns) -> SimulationSums:
    """The whole run's answer from its parts (the request model has already checked that they fit together)."""
    return merge(request.runs)


def run_cost(count: int, turn_limit: int) -> int:
    """Units a run is charged before any work (rate and GraphQL query-cost limits): 100, plus per fight every turn
    it may last. A turn of any ruleset costs about a millisecond or less here, and two sides that never land a blow
    reach the limit, so the default bound (``FIGHT_RULES_MAX_REQUEST_COST``, 3,000) keeps a request near a second."""
    return 100 + count * turn_limit


def merge_cost(request: MergeRuns) -> int:
    """Units a merge is charged: one, and one more per 20 parts."""
    return 1 + len(request.runs) // 20


def merge_operation(examples: dict[str, Any], run: Callable[[MergeRuns], SimulationSums] = merge_runs) -> Operation:
    """A ruleset's `simulate/merge` operation: the same contract and the same merge for every ruleset."""
    return Operation(
        name="merge_simulations",
        path="simulate/merge",
        summary="Merge the answers of one simulation run's seed ranges into the whole run's answer",
        description="The parts must share the matchup fingerprint, ruleset version and seed, and their seed ranges "
        "must join without gap or overlap (in any order); otherwise the request is refused.",
        request=MergeRuns,
        answer=SimulationSums,
        run=run,
        caching=Caching.local,
        cost=merge_cost,
        examples=examples,
    )
