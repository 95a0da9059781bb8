"""``simulate``: a seed range of Ashes fights between two sides, added into sums that merge exactly."""

from __future__ import annotations

from ...core.simulation import MergeRuns, SimulationSums, merge
from ...core.simulation_loop import run_fights, run_header
from ..identity import RULESET, VERSION
from .fight import matchup, names, play
from .models import AshesSimulationRequest


def simulate(request: AshesSimulationRequest) -> SimulationSums:
    """Fights ``offset`` … ``offset + count − 1`` of the run, each played with its own seed."""
    m = matchup(request)
    header = run_header(
        request,
        RULESET,
        VERSION,
        names(request),
        (str(request.sides[0].policy), str(request.sides[1].policy)),
        (request.seed, request.offset, request.count),
        request.turn_limit,
    )
    return run_fights(header, lambda seed: play(m, seed))


def merge_runs(request: MergeRuns) -> SimulationSums:
    return merge(request.runs)
