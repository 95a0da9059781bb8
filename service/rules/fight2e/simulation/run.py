"""``simulate``: a seed range of fights between two sides, added into sums that merge exactly (core.simulation)."""

from __future__ import annotations

from ...core.simulation import RunHeader, SeedRange, SimulationSums, fight_seed, matchup_digest, merge, tally
from ..identity import RULESET, VERSION
from .fight import matchup, play, side_names
from .models import MergeRequest, SimulationRequest


def header(request: SimulationRequest) -> RunHeader:
    same_run = request.model_dump_json(exclude={"offset", "count"})
    return RunHeader(
        ruleset=RULESET,
        ruleset_version=VERSION,
        matchup=matchup_digest(same_run),
        seeds=SeedRange(seed=request.seed, offset=request.offset, count=request.count),
        sides=side_names(request),
        policies=(str(request.sides[0].policy), str(request.sides[1].policy)),
        turn_limit=request.turn_limit,
    )


def simulate(request: SimulationRequest) -> SimulationSums:
    """Fights ``offset`` … ``offset + count − 1`` of the run, each played with its own seed."""
    m = matchup(request)
    fights = (play(m, fight_seed(request.seed, i)) for i in range(request.offset, request.offset + request.count))
    return tally(header(request), fights)


def merge_runs(request: MergeRequest) -> SimulationSums:
    """The whole run's answer from its parts (the request model has already checked that they fit together)."""
    return merge(request.runs)
