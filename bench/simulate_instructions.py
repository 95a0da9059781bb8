"""Simulated fight ÷ its turns replayed (bench/simulate_rulesets.py's ``ratio``) in machine instructions, which other
work on a shared machine does not move (issue 37).

Each ruleset runs three times under valgrind (``cachegrind``, no cache simulation, hash seed fixed), with the same
start-up: the matchup built, a few warm fights, the fights recorded as bench/simulate_rulesets.py records them. Then
one run stops, one plays the fights simulated, one replays their recorded turns through the public resolver; the
differences from the first are the simulated and the replayed instructions, start-up excluded.

    .venv/bin/python -m bench.simulate_instructions [--rulesets impact battleroyale] [--fights 30]

Needs valgrind (Debian package ``valgrind``); a run of 30 impact fights takes a few minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _child(ruleset: str, fights: int, part: str) -> None:
    """One run under valgrind: start-up, then ``part`` (``none``, ``simulated`` or ``replayed``)."""
    from bench.simulate_rulesets import RULESETS, SEED, _recorded
    from service.rules.core.simulation import fight_seed

    build, resolver_name = RULESETS[ruleset]
    module, m, _ = build()
    real = getattr(module, resolver_name)
    for i in range(3):
        module.play(m, fight_seed(SEED, 10_000 + i))
    requests = _recorded(module, resolver_name, m, fights)
    if part == "simulated":
        for i in range(fights):
            module.play(m, fight_seed(SEED, i))
    elif part == "replayed":
        for request in requests:
            real(request)


def _instructions(ruleset: str, fights: int, part: str) -> int:
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "bench.simulate_instructions",
        "--child",
        part,
        "--rulesets",
        ruleset,
        "--fights",
        str(fights),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="*", default=["impact", "battleroyale"])
    parser.add_argument("--fights", type=int, default=30)
    parser.add_argument("--child", choices=("none", "simulated", "replayed"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.rulesets[0], args.fights, args.child)
        return
    print("| ruleset | fights | simulated, instructions | replayed, instructions | simulated ÷ replayed |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for ruleset in args.rulesets:
        base, simulated, replayed = (_instructions(ruleset, args.fights, p) for p in ("none", "simulated", "replayed"))
        sim, rep = simulated - base, replayed - base
        print(f"| {ruleset} | {args.fights} | {sim:,} | {rep:,} | {sim / rep:.3f} |", flush=True)


if __name__ == "__main__":
    main()
