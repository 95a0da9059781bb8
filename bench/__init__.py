"""Benchmarks: the pure core (core.py) and the served endpoints against a bare Litestar echo (run.py)."""
