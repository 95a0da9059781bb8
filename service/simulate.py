"""``fight-rules simulate``: a large matchup run split into seed ranges, played by the service's replicas over HTTP
(``--url``) or by a local process pool, and merged exactly into the whole run's answer.

Works for any ruleset whose record has a ``simulate`` operation answering ``SimulationSums``
(``service.rules.core.simulation``); the chunks' answers are merged with the same function as ``simulate/merge``.
The progress bar and ``--plot`` need the ``cli`` extra (``pip install 'fight-rules[cli]'``).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .call import one_line
from .rules.core.ruleset import Operation, Ruleset, rulesets
from .rules.core.simulation import SimulationSums, merge
from .simulation_plot import mean_label

RETRIES = 8  # a chunk refused with 429/503 is sent again this many times, after the server's Retry-After
REQUEST_CHUNK = 25  # fights per request to a service (within its default request cost, see --chunk)
TASKS_PER_WORKER = 4  # a local run's default: so many tasks per worker, each one seed range played and summed


class SimulateError(Exception):
    """A problem the command reports in one line (bad request file, refused request, unreachable service)."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help="run a matchup simulation in chunks (locally, or against a service URL)")
    p.add_argument("request", type=Path, help="JSON request body, as for POST /v1/{ruleset}/simulate")
    p.add_argument("--ruleset", default="fight2e")
    p.add_argument("--count", type=int, help="fights in the whole run (default: the request's count)")
    p.add_argument("--offset", type=int, help="first fight of the run (default: the request's offset)")
    p.add_argument("--seed", type=int, help="the run's seed (default: the request's seed)")
    p.add_argument("--url", help="the service's base URL: chunks are POSTed there instead of run locally")
    p.add_argument(
        "--chunk",
        type=int,
        help=f"fights per request or task (default: {REQUEST_CHUNK} per request, as a request may cost "
        f"FIGHT_RULES_MAX_REQUEST_COST: 25 fights of 100 turns cost 2,600 of the default 3,000; locally the run "
        f"split into {TASKS_PER_WORKER} tasks per worker, at least {REQUEST_CHUNK} fights each)",
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes, or requests in flight")
    p.add_argument("--out", type=Path, help="write the merged answer here instead of standard output")
    p.add_argument("--plot", type=Path, help="draw outcomes, fight lengths and attacks as a PNG")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def chunks(offset: int, count: int, size: int) -> list[tuple[int, int]]:
    """Adjacent seed ranges (offset, count) of at most ``size`` fights covering the run."""
    return [(start, min(size, offset + count - start)) for start in range(offset, offset + count, size)]


def chunk_size(count: int, workers: int, remote: bool, most: int | None = None) -> int:
    """The default fights per chunk: a request's worth for a service; locally a few large tasks per worker, so each
    task's matchup and the parent's merging stay small next to the fights, up to ``most`` (the request's own bound
    on its count, as every task is that request)."""
    if remote:
        return REQUEST_CHUNK
    size = max(REQUEST_CHUNK, math.ceil(count / (max(1, workers) * TASKS_PER_WORKER)))
    return size if most is None else min(size, most)


def count_bound(op: Operation) -> int | None:
    """The most fights one request of the operation may ask for (its ``count`` field's bound), if it has one."""
    found = op.request.model_fields.get("count")
    bounds = [m.le for m in found.metadata if isinstance(getattr(m, "le", None), int)] if found else []
    return min(bounds) if bounds else None


@cache
def _own_ruleset(ruleset_id: str) -> Ruleset | None:
    """The ruleset's record read from its own package alone (``rulesets()`` imports every ruleset, which is most of
    a local run's start-up, paid before any worker starts and inherited by each)."""
    name = f"{__package__}.rules.{ruleset_id}"
    if not ruleset_id.isidentifier() or ruleset_id == "core" or importlib.util.find_spec(name) is None:
        return None
    factory = getattr(importlib.import_module(name), "ruleset", None)
    found = factory() if callable(factory) else None
    return found if isinstance(found, Ruleset) and found.id == ruleset_id else None


def simulation_operation(ruleset_id: str) -> Operation:
    found = _own_ruleset(ruleset_id) or next((r for r in rulesets() if r.id == ruleset_id), None)
    if found is None:
        raise SimulateError(f"no ruleset '{ruleset_id}' (known: {', '.join(r.id for r in rulesets())})")
    op = next((o for o in found.operations if o.name == "simulate"), None)
    if op is None:
        raise SimulateError(f"ruleset '{ruleset_id}' has no simulator yet")
    return op


def _run_local(ruleset_id: str, body: dict[str, Any]) -> SimulationSums:
    """One chunk in a worker process."""
    op = simulation_operation(ruleset_id)
    answer = op.run(op.request.model_validate(body))
    assert isinstance(answer, SimulationSums)
    return answer


def _post(url: str, body: dict[str, Any]) -> SimulationSums:
    """One chunk on the service: its answer, waiting out rate limits and overload as the server asks."""
    data = json.dumps(body).encode()
    for _ in range(RETRIES):
        req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=600) as resp:
                return SimulationSums.model_validate_json(resp.read())
        except urllib.error.HTTPError as exc:
            if exc.code not in (429, 503):
                detail = exc.read().decode(errors="replace")[:400]
                raise SimulateError(f"{url} answered {exc.code}: {detail}") from exc
            time.sleep(float(exc.headers.get("Retry-After") or 1))
        except urllib.error.URLError as exc:
            raise SimulateError(f"{url}: {exc.reason}") from exc
    raise SimulateError(f"{url} kept refusing the chunk (rate limit or overload)")


@contextmanager
def _progress(total: int, quiet: bool) -> Iterator[Callable[[int], object]]:
    if quiet:
        yield lambda _n: None
        return
    try:
        from tqdm import tqdm
    except ImportError:  # the cli extra is not installed: no bar
        yield lambda _n: None
        return
    # Only on a terminal (disable=None), and cleared when done (leave=False): the summary line that follows states
    # the result, and the finished bar is not drawn a second time by close().
    with tqdm(total=total, unit="fight", file=sys.stderr, disable=None, leave=False) as bar:
        yield bar.update


def check_plotting(args: argparse.Namespace) -> None:
    """``--plot`` without matplotlib fails before the run, not after it."""
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        raise SimulateError(
            "--plot needs matplotlib, which is not installed: `.venv/bin/pip install -e '.[cli]'` "
            "(`make run` installs it), or run without --plot"
        )


def run(args: argparse.Namespace) -> SimulationSums:
    op = simulation_operation(args.ruleset)
    check_plotting(args)
    try:
        body = json.loads(args.request.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SimulateError(f"{args.request}: {exc}") from exc
    for name in ("count", "offset", "seed"):
        if getattr(args, name) is not None:
            body[name] = getattr(args, name)
    offset, count = int(body.get("offset", 0)), int(body.get("count", 100))
    size = chunk_size(count, args.workers, bool(args.url), count_bound(op)) if args.chunk is None else args.chunk
    if size < 1:
        raise SimulateError("--chunk must be at least 1")
    parts = chunks(offset, count, size)
    try:  # refuse a bad request before anything runs (each chunk is that request with its own range)
        op.request.model_validate({**body, "offset": parts[0][0], "count": parts[0][1]})
    except ValidationError as exc:
        raise SimulateError(f"{args.request}: {one_line(exc)}") from exc
    url = f"{args.url.rstrip('/')}/v1/{args.ruleset}/{op.path}" if args.url else None
    pool: Executor = ThreadPoolExecutor(args.workers) if url else ProcessPoolExecutor(args.workers)
    answers: list[SimulationSums] = []
    with pool, _progress(count, args.quiet) as advance:
        futures: list[Future[SimulationSums]] = [
            pool.submit(_post, url, {**body, "offset": o, "count": n})
            if url
            else pool.submit(_run_local, args.ruleset, {**body, "offset": o, "count": n})
            for o, n in parts
        ]
        for done in as_completed(futures):
            answers.append(done.result())
            advance(answers[-1].fights)
    return merge(answers)


def main(args: argparse.Namespace) -> None:
    try:
        answer = run(args)
    except SimulateError as exc:
        sys.exit(f"fight-rules simulate: {exc}")
    text = answer.model_dump_json(indent=2) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if args.plot:
        from .simulation_plot import plot

        plot(answer, args.plot)
    a, b = answer.sides
    print(
        f"{answer.fights} fights: {a.side} {a.wins} wins, {b.side} {b.wins} wins, {answer.draws} draws, "
        f"{answer.time_outs} time-outs; {mean_label(answer)} turns",
        file=sys.stderr,
    )
