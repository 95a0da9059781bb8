"""``simulate``: a seed range of Impact bouts between two sides, added into sums that merge exactly (the loop is the
core's ``simulator``; this ruleset supplies the matchup, the sides' names and one fight)."""

from __future__ import annotations

from ...core.simulation_loop import simulator
from ..identity import RULESET, VERSION
from .fight import matchup, names, play

simulate = simulator(RULESET, VERSION, matchup, names, play)
