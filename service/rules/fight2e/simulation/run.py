"""``simulate``: a seed range of fights between two sides, added into sums that merge exactly (the loop is the
core's ``simulator``, core.simulation_loop; this ruleset supplies the matchup, the sides' names and one fight)."""

from __future__ import annotations

from ...core.simulation import SimulationSums, merge
from ...core.simulation_loop import simulator
from ..identity import RULESET, VERSION
from .fight import matchup, play, side_names
from .models import MergeRequest

simulate = simulator(RULESET, VERSION, matchup, side_names, play)


def merge_runs(request: MergeRequest) -> SimulationSums:
    """The whole run's answer from its parts (the request model has already checked that they fit together)."""
    return merge(request.runs)
