"""Simulator speed for impact, fightrpg, ashes and battleroyale: fights per second on one core, next to the
single-turn core time, and the ratio of a simulated fight to resolving its turns one at a time through the core.

Run: ``.venv/bin/python -m bench.simulate_rulesets`` (``--fights`` per measurement, ``--json``). Each ruleset plays
its published `simulate` example's first side against its own mirror image, both greedy (CPU time, after a few
warm fights). ``replay`` resolves the same fights' turns again, one call each, with the decisions the policies
took given in the request (the core alone, no policy): ``ratio`` = simulated fight ÷ that replay (issue 37: at most
1.0 means the simulator adds nothing over the turns it resolves). ``protocol`` plays the fights as a REST client
would, JSON in and out with decisions asked and sent back.
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from service.rules.core.simulation import fight_seed

SEED = 1


def _impact() -> tuple[Any, Any, Callable[[], float]]:
    from service.rules.impact.operations import examples
    from service.rules.impact.simulation import fight as module
    from service.rules.impact.simulation.models import ImpactSimulationRequest
    from service.rules.impact.turn.models import ImpactTurnRequest
    from service.rules.impact.turn.resolve import resolve_turn

    body = copy.deepcopy(examples("simulate")["grand-master-mirror"])
    body["sides"][1] = {**body["sides"][0], "name": "mirror"}
    for s in body["sides"]:
        s["policy"] = "greedy"
    turn = ImpactTurnRequest.model_validate(examples("resolve_turn")["The same turn, seeded"])
    return module, module.matchup(ImpactSimulationRequest.model_validate(body)), lambda: _us(lambda: resolve_turn(turn))


def _fightrpg() -> tuple[Any, Any, Callable[[], float]]:
    from service.rules.fightrpg.examples import round_examples, simulation_examples
    from service.rules.fightrpg.round.models import RpgRoundRequest
    from service.rules.fightrpg.round.resolver import resolve_round
    from service.rules.fightrpg.simulation import fight as module
    from service.rules.fightrpg.simulation.models import RpgSimulationRequest

    body = copy.deepcopy(simulation_examples("simulate")["dragon-vs-tiger"])
    body["sides"][1] = {**body["sides"][0], "name": "mirror"}
    for s in body["sides"]:
        s["policy"] = "greedy"
    rnd = RpgRoundRequest.model_validate(round_examples()["seeded-policies"])
    return module, module.matchup(RpgSimulationRequest.model_validate(body)), lambda: _us(lambda: resolve_round(rnd))


def _ashes() -> tuple[Any, Any, Callable[[], float]]:
    from service.rules.ashes.operations import examples
    from service.rules.ashes.round.models import RoundRequest
    from service.rules.ashes.simulation import fight as module
    from service.rules.ashes.simulation.models import AshesSimulationRequest

    body = copy.deepcopy(examples("simulate")["sword-against-fists"])
    body["sides"][1] = {**body["sides"][0], "name": "mirror"}
    for s in body["sides"]:
        s["policy"] = "greedy"
    rnd = RoundRequest.model_validate(examples("resolve_round")["sword-duel"])
    m = module.matchup(AshesSimulationRequest.model_validate(body))
    return module, m, lambda: _us(lambda: module.resolve_round(rnd))


def _battleroyale() -> tuple[Any, Any, Callable[[], float]]:
    from service.rules.battleroyale.bout.models import RoyaleBoutRequest
    from service.rules.battleroyale.operations import examples
    from service.rules.battleroyale.simulation import fight as module
    from service.rules.battleroyale.simulation.models import RoyaleSimulationRequest

    body = copy.deepcopy(examples("simulate")["tigress-vs-assassin"])
    body["sides"][1] = {**body["sides"][0], "name": "mirror"}
    for s in body["sides"]:
        s["policy"] = "greedy"
    bout = RoyaleBoutRequest.model_validate(examples("resolve_bout")["copper-tigress"])
    m = module.matchup(RoyaleSimulationRequest.model_validate(body))
    return module, m, lambda: _us(lambda: module.resolve_bout(bout))


RULESETS = {
    "impact": (_impact, "resolve_turn"),
    "fightrpg": (_fightrpg, "resolve_round"),
    "ashes": (_ashes, "resolve_round"),  # step protocol: each round sent again until complete
    "battleroyale": (_battleroyale, "resolve_bout"),
}


def _us(fn: Callable[[], object], n: int = 300) -> float:
    for _ in range(10):
        fn()
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n * 1e6


def _recorded(module: Any, resolver_name: str, m: Any, fights: int) -> list[BaseModel]:
    """Every turn request of the fights, with the decisions the policies took written into it."""
    real = getattr(module, resolver_name)
    seen: list[BaseModel] = []

    def recording(request: Any, decider: Any = None, *more: Any) -> Any:
        if decider is None:  # played through the step protocol: the send that completes the round holds every decision
            answer = real(request)
            if answer.status in ("resolved", "over"):
                seen.append(request)
            return answer
        taken: dict[str, Any] = {}

        def note(pending: Any) -> Any:
            value = decider(pending)
            taken[pending.key] = value
            return value

        made: dict[str, Any] = {}  # impact: the declarations the policies made as the turn opened

        def declaring(turn: Any) -> Any:
            made["declarations"] = more[0](turn)
            return made["declarations"]

        impact = bool(more) and callable(more[0])  # impact's declare hook; ashes' decider points pass through
        answer = real(request, note, declaring) if impact else real(request, note, *more)
        seen.append(request.model_copy(update={"decisions": taken, **made}))
        return answer

    setattr(module, resolver_name, recording)
    try:
        for i in range(fights):
            module.play(m, fight_seed(SEED, i))
    finally:
        setattr(module, resolver_name, real)
    return seen


def measure(ruleset: str, fights: int) -> dict[str, Any]:
    build, resolver_name = RULESETS[ruleset]
    module, m, turn_us = build()
    real = getattr(module, resolver_name)
    for i in range(3):
        module.play(m, fight_seed(SEED, 10_000 + i))  # warm: built fighters, bundles, kept options
    t = time.process_time()
    turns = sum(module.play(m, fight_seed(SEED, i)).turns for i in range(fights))
    sim_cpu = time.process_time() - t
    requests = _recorded(module, resolver_name, m, fights)
    t = time.process_time()
    for request in requests:
        real(request)
    replay_cpu = time.process_time() - t
    few = max(fights // 5, 3)
    t = time.process_time()
    for i in range(few):
        module.play(m, fight_seed(SEED, i), protocol=True)
    protocol_cpu = (time.process_time() - t) / few
    return {
        "ruleset": ruleset,
        "fights": fights,
        "fights_per_s": fights / sim_cpu,
        "ms_per_fight": sim_cpu / fights * 1e3,
        "turns_per_fight": turns / fights,
        "turn_us": turn_us(),
        "replay_ms_per_fight": replay_cpu / fights * 1e3,
        "ratio": sim_cpu / replay_cpu,
        "protocol_ms_per_fight": protocol_cpu * 1e3,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fights", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(r, args.fights) for r in RULESETS]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| ruleset | fights/s/core (CPU) | ms per fight | turns per fight | one turn, core µs | turns replayed, ms | "
          "simulated ÷ replayed | protocol (JSON) ms per fight |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(
            f"| {r['ruleset']} | {r['fights_per_s']:.0f} | {r['ms_per_fight']:.2f} | {r['turns_per_fight']:.1f} | "
            f"{r['turn_us']:.0f} | {r['replay_ms_per_fight']:.2f} | {r['ratio']:.2f} | "
            f"{r['protocol_ms_per_fight']:.1f} |"
        )


if __name__ == "__main__":
    main()
