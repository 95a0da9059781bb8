"""Instructions per request, this checkout against an earlier commit: a speed comparison that machine noise does not
move.

Wall and CPU times on a shared VM drift by tens of per cent between runs of the same code, so a few per cent won or
lost cannot be seen in them. The number of machine instructions the interpreter executes for a request can: it is
the same from run to run (hash seed fixed), whatever else the machine does. Each case runs under valgrind
(``cachegrind``, no cache simulation) twice, with ``lo`` and ``hi`` repetitions after the same start-up, and the
difference divided by ``hi - lo`` is the instructions of one repetition, start-up and warm-up excluded.

Cases (the same payloads for both commits, from bench/payloads.py):

- ``turn``: the combat core, ``resolve_turn`` of the PL 4 three-hit-Combo turn (every die named, so both commits
  play the same turn: checked by its status and log length);
- ``simulate``: the simulator's fast path, per fight (the same seeded fights for both commits);
- ``price_hit``, ``price``, ``batch``, ``fighter``, ``turn_rest``: the whole application in-process (an ASGI call
  of ``create_app()``, every middleware included, no socket): a repeated price, a new price, a new batch of 100,
  a new PL 8 Fighter, the turn.

    .venv/bin/python bench/instructions.py --against c8e64e9 [--cases turn price] [--write]

With ``--write`` the table goes to bench/INSTRUCTIONS.md. Needs valgrind (Debian package ``valgrind``).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # last: the worker's tree, put first, is the service it imports

from bench.commits import checked_out, short  # noqa: E402  (standard library only)

# case → (REST path or None for the core turn, payload file name, lo, hi)
CASES: dict[str, tuple[str | None, str, int, int]] = {
    "turn": (None, "turn.json", 100, 500),
    "simulate": (None, "", 4, 64),
    "price_hit": ("/v1/fight2e/moves/price", "move.json", 200, 1200),
    "price": ("/v1/fight2e/moves/price", "move_unique.json", 200, 1200),
    "batch": ("/v1/fight2e/moves/price-batch", "batch_unique.json", 10, 60),
    "fighter": ("/v1/fight2e/fighters/validate", "fighter_unique.json", 20, 120),
    "turn_rest": ("/v1/fight2e/combat/resolve-turn", "turn.json", 20, 220),
}
TITLES = {
    "turn": "core: resolve_turn, PL 4 three-hit Combos",
    "simulate": "core: one simulated fight, PL 4 against PL 4, greedy (per fight)",
    "price_hit": "REST price, same move (local-tier hit)",
    "price": "REST price, a new move (computed)",
    "batch": "REST price-batch ×100, a new batch (computed)",
    "fighter": "REST fighters/validate, a new PL 8 sheet (computed)",
    "turn_rest": "REST resolve-turn, the same turn (computed)",
}
MARK = b"@@UNIQUE@@"


# ── the worker: runs inside valgrind, importing the service of the tree it is given


def _core_turn(body: bytes, n: int) -> None:
    from service.rules.fight2e.combat.contract.models import TurnRequest
    from service.rules.fight2e.combat.resolver import resolve_turn

    turn = TurnRequest.model_validate_json(body)
    first = resolve_turn(turn)
    assert str(first.status.value) == "resolved" and len(first.log) == 19, (first.status, len(first.log))
    for _ in range(n + 2):
        resolve_turn(turn)


def _simulated_fights(n: int) -> None:
    from service.rules.core.simulation import fight_seed
    from service.rules.fight2e.combat.benchmark import _sheet
    from service.rules.fight2e.simulation.fight import matchup, play
    from service.rules.fight2e.simulation.models import SimulationRequest

    sides = [{"name": name, "fighter": _sheet(name), "policy": "greedy"} for name in ("a", "b")]
    m = matchup(SimulationRequest.model_validate({"sides": sides, "seed": 1}))
    for i in range(3):  # warm: profiles, catalogues
        play(m, fight_seed(1, 10_000 + i))
    for i in range(n):  # the same fights in both runs: the longer run plays the shorter one's first
        play(m, fight_seed(1, i))


def _asgi(path: str, body: bytes, n: int) -> None:
    os.environ.update(FIGHT_RULES_RATE_LIMIT_PER_MINUTE="0", FIGHT_RULES_REDIS_URL="", FIGHT_RULES_LOG_LEVEL="warning")
    import logging

    from service.app import create_app

    logging.disable(logging.CRITICAL)
    app = create_app()
    count = 0
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"), (b"user-agent", b"bench")]
    sent: list[Any] = []

    async def receive() -> Any:
        nonlocal count
        count += 1
        return {"type": "http.request", "body": body.replace(MARK, b"u%d" % count, 1), "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    async def run() -> None:
        for _ in range(n + 20):  # 20 warm-up requests: the first fill caches and memos
            scope: Any = {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "POST",
                "scheme": "http",
                "path": path,
                "raw_path": path.encode(),
                "query_string": b"",
                "root_path": "",
                "headers": [*headers, (b"content-length", str(len(body)).encode())],
                "client": ("127.0.0.1", 5555),
                "server": ("127.0.0.1", 8000),
                "state": {},
            }
            sent.clear()
            await app(scope, receive, send)
            assert sent[0]["status"] == 200, sent

    asyncio.run(run())


def worker(tree: str, case: str, payloads_dir: str, n: int) -> None:
    sys.path.insert(0, tree)
    path, payload, _, _ = CASES[case]
    if case == "simulate":
        _simulated_fights(n)
        return
    body = Path(payloads_dir, payload).read_bytes()
    if path is None:
        _core_turn(body, n)
    else:
        _asgi(path, body, n)


# ── the parent


def _payloads(into: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from bench import payloads

    mark = MARK.decode()
    files = {
        "turn.json": payloads.turn(),
        "move.json": payloads.move(),
        "move_unique.json": payloads.move(mark),
        "batch_unique.json": payloads.batch(mark),
        "fighter_unique.json": payloads.fighter(mark),
    }
    for name, value in files.items():
        (into / name).write_bytes(payloads.dumps(value))


def instructions(tree: Path, case: str, payloads_dir: Path, n: int) -> int:
    cmd = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--worker",
        str(tree),
        case,
        str(payloads_dir),
        str(n),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{case} on {tree} failed:\n{done.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def per_item(tree: Path, case: str, payloads_dir: Path) -> float:
    _, _, lo, hi = CASES[case]
    with ThreadPoolExecutor(2) as pool:  # the two runs side by side: instruction counts do not mind sharing
        low, high = pool.map(lambda n: instructions(tree, case, payloads_dir, n), (lo, hi))
    return (high - low) / (hi - lo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--cases", nargs="*", choices=sorted(CASES), help="default: all")
    parser.add_argument("--write", action="store_true", help="write the table to bench/INSTRUCTIONS.md")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    cases = args.cases or list(CASES)
    work = Path(tempfile.mkdtemp(prefix="bench-instructions-"))
    rows = []
    try:
        with checked_out(args.against, work / "then") as then:
            _payloads(work)
            for tree in (ROOT, then):  # compile each tree's modules before counting
                subprocess.run([sys.executable, __file__, "--worker", str(tree), "turn", str(work), "0"], check=True)
            for case in cases:
                now, before = per_item(ROOT, case, work), per_item(then, case, work)
                print(f"{case}: {now / 1e6:.3f} M now, {before / 1e6:.3f} M then, ratio {now / before:.3f}", flush=True)
                rows.append((case, now, before))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    table = [
        "# Instructions per request: this checkout against an earlier commit",
        "",
        "Generated by `.venv/bin/python bench/instructions.py --write`; do not edit by hand.",
        "",
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC; this checkout {short('HEAD')} against "
        f"{short(args.against)}; Python {sys.version.split()[0]}",
        "- machine instructions per request, counted by valgrind (cachegrind, no cache simulation), start-up and "
        "warm-up excluded; the same payloads for both; a ratio below 1 is less work now",
        "",
        "| case | now, M instructions | then, M instructions | now ÷ then |",
        "| --- | ---: | ---: | ---: |",
    ]
    table += [f"| {TITLES[c]} | {now / 1e6:.3f} | {before / 1e6:.3f} | {now / before:.3f} |" for c, now, before in rows]
    text = "\n".join(table) + "\n"
    print("\n" + text)
    if args.write:
        (ROOT / "bench" / "INSTRUCTIONS.md").write_text(text)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        main()
