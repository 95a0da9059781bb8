"""Matchup simulation for Impact: policies that declare and answer, and the fight loop (core.simulation_loop)."""
