"""Simulator speed: fights per second on one core between two PL 4 Fighters, next to the single-turn core time.

Run: ``.venv/bin/python -m bench.simulate`` (``--fights`` per measurement, ``--json``). The Fighters are the combat
micro-benchmark's (service/rules/fight2e/combat/benchmark.py), each side played by the same policy; the first
fights warm the sheet-profile memo. ``fast`` resolves each turn in one call, the policies answering decisions as the
resolver meets them; ``protocol`` sends every turn as JSON as a REST client would, answering and re-sending it
(both give the same fights: tests/unit/fight2e/test_simulation.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from service.rules.core.simulation import fight_seed
from service.rules.fight2e.combat import resolver
from service.rules.fight2e.combat.benchmark import _sheet
from service.rules.fight2e.combat.benchmark import request as turn_request
from service.rules.fight2e.simulation.fight import matchup, play
from service.rules.fight2e.simulation.models import SimulationRequest

TARGET = 500  # fights per second per core (issue 18)


def _request(policy: str) -> SimulationRequest:
    sides = [{"name": n, "fighter": _sheet(n), "policy": policy} for n in ("a", "b")]
    return SimulationRequest.model_validate({"sides": sides, "seed": 1})


def _turn_us(n: int = 500) -> float:
    req = turn_request()
    resolver.resolve_turn(req)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        resolver.resolve_turn(req)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def measure(fights: int, policy: str = "greedy", protocol: bool = False) -> dict[str, Any]:
    m = matchup(_request(policy))
    for i in range(3):
        play(m, fight_seed(1, 10_000 + i), protocol=protocol)  # warm: profiles, catalogues
    calls = 0
    real = resolver.resolve_turn

    def counted(req: Any, decider: Any = None, **options: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(req, decider, **options)

    import service.rules.fight2e.simulation.fight as fight_module

    fight_module.resolve_turn = counted  # type: ignore[assignment]
    try:
        t = time.process_time()
        turns = sum(play(m, fight_seed(1, i), protocol=protocol).turns for i in range(fights))
        cpu = time.process_time() - t
    finally:
        fight_module.resolve_turn = real
    return {
        "policy": policy,
        "path": "protocol" if protocol else "fast",
        "fights": fights,
        "fights_per_s": fights / cpu,
        "ms_per_fight": cpu / fights * 1e3,
        "turns_per_fight": turns / fights,
        "calls_per_turn": calls / turns,
        "us_per_call": cpu / calls * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fights", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(args.fights, p) for p in ("greedy", "balanced", "aggressive", "defensive")]
    rows.append(measure(max(args.fights // 4, 5), "greedy", protocol=True))
    turn = _turn_us()
    if args.json:
        print(json.dumps({"turn_us": turn, "rows": rows}, indent=2))
        return
    print(f"one turn (resolve_turn, PL 4 three-hit Combos, core median): {turn:.0f} µs; target {TARGET} fights/s/core")
    print("| policy | path | fights | fights/s/core (CPU) | ms per fight | turns per fight | resolver calls per turn |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(
            f"| {r['policy']} | {r['path']} | {r['fights']} | {r['fights_per_s']:.1f} | {r['ms_per_fight']:.1f} | "
            f"{r['turns_per_fight']:.1f} | {r['calls_per_turn']:.2f} |"
        )


if __name__ == "__main__":
    main()
