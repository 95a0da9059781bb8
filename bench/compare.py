"""Same-run A/B of the service at two commits: is any REST endpoint slower than it was?

Starts this checkout's service and the service of an earlier commit (a temporary ``git worktree``, run with this
checkout's virtualenv), both with bench/run.py's gunicorn settings, one worker each, pinned to the same CPU, and
measures them alternately, round after round, so that a machine that slows down or speeds up during the run
slows both alike:

- throughput under load (wrk, or bench/loadgen.py) of each REST scenario of bench/run.py that both commits
  answer (same payloads: a move, a batch of 100, a PL 8 Fighter, the PL 4 turn);
- one request at a time: the server's CPU time per request (Linux schedstat), which waiting for a core does not
  inflate.

    .venv/bin/python bench/compare.py --against c8e64e9 [--rounds 3] [--seconds 4] [--sequential 40]

The answer is a table of ratios, this checkout ÷ the other commit (req/s above 1 and CPU below 1 are faster),
with each round's figures, so the spread between rounds shows how much a ratio can be trusted.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import payloads  # noqa: E402
from bench.run import (  # noqa: E402
    BATCH,
    FIGHTER,
    HOST,
    PRICE,
    TURN,
    Server,
    drive,
    log,
    server_cpu_ns,
    unique_body,
)

# (key, title, path, body with or without the unique marker)
CASES = [
    ("a", "price, same move (local-tier hit)", PRICE, payloads.dumps(payloads.move())),
    ("b", "price, unique move (computed)", PRICE, payloads.dumps(payloads.move(payloads.MARK))),
    ("c2", "price-batch ×100, unique (computed)", BATCH, payloads.dumps(payloads.batch(payloads.MARK))),
    ("e", "fighters/validate, same PL 8 sheet (local-tier hit)", FIGHTER, payloads.dumps(payloads.fighter())),
    ("e2", "fighters/validate, unique sheet (computed)", FIGHTER, payloads.dumps(payloads.fighter(payloads.MARK))),
    ("g", "resolve-turn, PL 4 three-hit Combos (computed)", TURN, payloads.dumps(payloads.turn())),
]


def cpu_ms_per_request(server: Server, path: str, body: bytes, n: int, warm: int = 5) -> float:
    """Server CPU ms per request, one request at a time on one keep-alive connection."""
    conn = http.client.HTTPConnection(HOST, server.port, timeout=30)
    try:
        start = 0
        for i in range(warm + n):
            if i == warm:
                start = server_cpu_ns(server)
            conn.request("POST", path, body=unique_body(body), headers={"Content-Type": "application/json"})
            answer = conn.getresponse()
            answer.read()
            if answer.status != 200:
                raise SystemExit(f"{path} answered {answer.status} on port {server.port}")
        return (server_cpu_ns(server) - start) / n / 1e6
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--sequential", type=int, default=40, help="requests per one-at-a-time measurement")
    parser.add_argument("--only", nargs="*", help="case keys (a b c2 e e2 g)")
    args = parser.parse_args()
    # drive() reads these from bench/run.py's own arguments
    load_args = argparse.Namespace(
        loadgen="wrk" if shutil.which("wrk") else "python", threads=1, concurrency=16, warmup=0
    )
    cases = [c for c in CASES if not args.only or c[0] in args.only]
    workdir = Path(tempfile.mkdtemp(prefix="bench-compare-"))
    tree = workdir / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), args.against], check=True)
    cpus = (1,) if len(__import__("os").sched_getaffinity(0)) > 1 else ()
    client = (0,) if cpus else ()
    servers = {
        "this": Server("this", "service.wsgi:app", "/healthz", 1, cpus, 0),
        "then": Server("then", "service.wsgi:app", "/healthz", 1, cpus, 0, root=tree),
    }
    try:
        for s in servers.values():
            s.start(workdir)
        for s in servers.values():
            if not s.wait_healthy():
                raise SystemExit(f"{s.name} did not start:\n{s.log_tail()}")
        rps: dict[tuple[str, str], list[float]] = {}
        cpu: dict[tuple[str, str], list[float]] = {}
        for r in range(args.rounds):
            for key, _, path, body in cases:
                unique = payloads.MARK.encode() in body
                for name, s in servers.items() if r % 2 == 0 else reversed(servers.items()):
                    load = drive(s.port, path, body, unique, args.seconds, load_args, client)
                    rps.setdefault((key, name), []).append(load.rps)
                    ms = cpu_ms_per_request(s, path, body, args.sequential)
                    cpu.setdefault((key, name), []).append(ms)
                    log(f"round {r + 1} ({key}) {name}: {load.rps:.0f} req/s, {ms:.3f} CPU ms per request")
        print(f"\nthis checkout ÷ {args.against}, {args.rounds} rounds (each round's ratio, then the median)\n")
        print("| case | req/s ratio per round | median | CPU ms ratio per round | median |")
        print("| --- | --- | ---: | --- | ---: |")
        for key, title, _, _ in cases:
            rr = [a / b for a, b in zip(rps[key, "this"], rps[key, "then"], strict=True)]
            cr = [a / b for a, b in zip(cpu[key, "this"], cpu[key, "then"], strict=True)]
            print(
                f"| ({key}) {title} | {' '.join(f'{x:.2f}' for x in rr)} | {statistics.median(rr):.2f} "
                f"| {' '.join(f'{x:.2f}' for x in cr)} | {statistics.median(cr):.2f} |"
            )
    finally:
        for s in servers.values():
            s.stop()
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
