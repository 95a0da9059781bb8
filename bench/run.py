"""Load benchmark: each compute endpoint of the service against a bare Litestar echo of the same body.

Starts the service (``service.wsgi:app``) and the echo app (``bench.echo_app:app``) with the same gunicorn
settings (service/gunicorn_conf.py through bench/gunicorn_bench.conf.py: access log off, no worker recycling),
then drives each scenario with wrk (or the Python fallback in bench/loadgen.py) for a fixed time against the
service and against its echo baseline, alternately, and prints req/s, p50 and p99 and their ratios to the
baseline. Also times single requests sequentially and includes the core microbenchmarks (bench/core.py).

    .venv/bin/python bench/run.py [--seconds 5] [--concurrency 16] [--workers 1] [--write]

With ``--write`` the report goes to bench/RESULTS.md as well. The client and the servers share this machine's
cores: by default the servers are pinned to the last ``workers`` CPUs and the client to the others. Absolute
figures depend on the machine and the client; the ratios, measured in one run with one client, are comparable.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import http.client
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import core as core_bench  # noqa: E402
from bench import loadgen, payloads  # noqa: E402

HOST = "127.0.0.1"
BENCH = ROOT / "bench"
CONF = BENCH / "gunicorn_bench.conf.py"
LUA = BENCH / "wrk_post.lua"
RESULTS = BENCH / "RESULTS.md"
PRICE = "/v1/fight2e/moves/price"
BATCH = "/v1/fight2e/moves/price-batch"
FIGHTER = "/v1/fight2e/fighters/validate"
TURN = "/v1/fight2e/combat/resolve-turn"
FIGHTRPG_ROUND = "/v1/fightrpg/rounds/resolve"
FIGHTRPG_FIGHTER = "/v1/fightrpg/fighters/validate"
GRAPHQL = "/graphql"


def _version_of(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- servers


@dataclass
class Server:
    name: str
    app: str
    health: str
    workers: int
    cpus: tuple[int, ...]
    max_requests: int
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    root: Path = ROOT  # the checkout served (bench/compare.py serves an earlier commit's beside this one)

    def start(self, workdir: Path) -> None:
        self.port = core_bench.free_port()
        self.log_path = workdir / f"{self.name}.log"
        env = {
            **os.environ,
            "FIGHT_RULES_HOST": HOST,
            "FIGHT_RULES_PORT": str(self.port),
            "FIGHT_RULES_WORKERS": str(self.workers),
            "FIGHT_RULES_RATE_LIMIT_PER_MINUTE": "0",
            "FIGHT_RULES_LOG_LEVEL": "warning",
            "FIGHT_RULES_REDIS_URL": "",  # the embedded default: in-process cache only
        }
        cpus = self.cpus
        conf = self.root / CONF.relative_to(ROOT)
        cmd = [sys.executable, "-m", "gunicorn", "-c", str(conf), self.app, "--max-requests", str(self.max_requests)]
        with open(self.log_path, "wb") as out:
            self.proc = subprocess.Popen(
                cmd,
                cwd=self.root,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
            )

    def wait_healthy(self, timeout_s: float = 60) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            try:
                status, _, _ = request(self.port, "GET", self.health, timeout=1)
                if status == 200:
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def log_tail(self, lines: int = 15) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        for sig, wait_s in ((signal.SIGTERM, 25), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.proc.pid, sig)  # the whole group: gunicorn's arbiter and its workers
            except ProcessLookupError:
                return
            try:
                self.proc.wait(wait_s)
                return
            except subprocess.TimeoutExpired:
                continue


def start_with_retries(server: Server, workdir: Path, tries: int, wait_s: float) -> None:
    """Start, retrying a bounded number of times: the catalogue may be mid-edit (CatalogError at boot)."""
    for attempt in range(1, tries + 1):
        server.start(workdir)
        if server.wait_healthy():
            log(f"{server.name} up on {HOST}:{server.port} (pid {server.proc.pid if server.proc else '?'})")
            return
        tail = server.log_tail()
        server.stop()
        reason = "CatalogError" if "CatalogError" in tail else "boot failure"
        if attempt == tries:
            raise SystemExit(f"{server.name} did not start ({reason}) after {tries} tries:\n{tail}")
        log(f"{server.name} did not start ({reason}); retry {attempt}/{tries - 1} in {wait_s:.0f} s\n{tail}")
        time.sleep(wait_s)


@contextmanager
def servers(specs: list[Server], tries: int, wait_s: float) -> Iterator[list[Server]]:
    with tempfile.TemporaryDirectory(prefix="bench-") as workdir:
        try:
            for spec in specs:
                start_with_retries(spec, Path(workdir), tries, wait_s)
            yield specs
        finally:
            for spec in specs:
                spec.stop()


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    timeout: float = 10,
    conn: http.client.HTTPConnection | None = None,
) -> tuple[int, dict[str, str], bytes]:
    own = conn is None
    conn = conn or http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        if own:
            conn.close()


# ---------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    path: str
    body: bytes
    echo_path: str
    echo_body: bytes
    unique: bool = False


def scenarios() -> list[Scenario]:
    from bench.ashes import scenarios as ashes_scenarios
    from bench.battleroyale_load import scenarios as battleroyale_scenarios
    from bench.impact_load import scenarios as impact_scenarios
    from bench.subsystems_load import scenarios as subsystem_scenarios

    rulesets = ashes_scenarios(Scenario) + impact_scenarios(Scenario) + battleroyale_scenarios(Scenario)
    return _shared_scenarios() + subsystem_scenarios(Scenario) + rulesets


def _shared_scenarios() -> list[Scenario]:
    move = payloads.dumps(payloads.move())
    move_u = payloads.dumps(payloads.move(payloads.MARK))
    batch = payloads.dumps(payloads.batch())
    batch_u = payloads.dumps(payloads.batch(payloads.MARK))
    gql = payloads.dumps(payloads.graphql(payloads.move()))
    fighter = payloads.dumps(payloads.fighter())
    fighter_u = payloads.dumps(payloads.fighter(payloads.MARK))
    gql_fighter = payloads.dumps(payloads.graphql_fighter(payloads.fighter()))
    gql_fighter_u = payloads.dumps(payloads.graphql_fighter(payloads.fighter(payloads.MARK)))
    turn = payloads.dumps(payloads.turn())
    gql_turn = payloads.dumps(payloads.graphql_turn(payloads.turn()))
    gql_turn_u = payloads.dumps(payloads.graphql_turn(payloads.turn(), nonce=payloads.MARK))
    rpg_round = payloads.dumps(payloads.fightrpg_round())
    rpg_gql_u = payloads.dumps(payloads.graphql_fightrpg_round(nonce=payloads.MARK))
    rpg_fighter_u = payloads.dumps(payloads.fightrpg_fighter(payloads.MARK))
    return [
        Scenario("a", "REST price, same move (local-tier hit)", PRICE, move, "/echo/move", move),
        Scenario("b", "REST price, unique move (miss, computed)", PRICE, move_u, "/echo/move", move_u, True),
        Scenario("c", "REST price-batch ×100, same body (local-tier hit)", BATCH, batch, "/echo/batch", batch),
        Scenario("c2", "REST price-batch ×100, unique body (computed)", BATCH, batch_u, "/echo/batch", batch_u, True),
        Scenario("d", "GraphQL priceMove, same move (local-tier hit)", GRAPHQL, gql, "/echo/move", move),
        Scenario(
            "e", "REST fighters/validate, same PL 8 sheet (local-tier hit)", FIGHTER, fighter, "/echo/fighter", fighter
        ),
        Scenario(
            "e2",
            "REST fighters/validate, unique sheet (computed)",
            FIGHTER,
            fighter_u,
            "/echo/fighter",
            fighter_u,
            True,
        ),
        Scenario(
            "f", "GraphQL validateFighter, same sheet (local-tier hit)", GRAPHQL, gql_fighter, "/echo/fighter", fighter
        ),
        Scenario(
            "f2",
            "GraphQL validateFighter, unique sheet (computed)",
            GRAPHQL,
            gql_fighter_u,
            "/echo/fighter",
            fighter_u,
            True,
        ),
        Scenario(
            "g", "REST resolve-turn, PL 4 three-hit Combos (computed, not cached)", TURN, turn, "/echo/turn", turn
        ),
        Scenario(
            "h",
            "GraphQL resolveTurn, same turn (local-tier hit: repeated GraphQL body)",
            GRAPHQL,
            gql_turn,
            "/echo/turn",
            turn,
        ),
        Scenario(
            "h2",
            "GraphQL resolveTurn, same turn, unique body (computed)",
            GRAPHQL,
            gql_turn_u,
            "/echo/turn",
            turn,
            True,
        ),
        # Fight RPG (issue 20): its round is never cached; its validation is computed when the body is new.
        Scenario(
            "r1",
            "REST fightrpg rounds/resolve, whole round (computed)",
            FIGHTRPG_ROUND,
            rpg_round,
            "/echo/fightrpg-round",
            rpg_round,
        ),
        Scenario(
            "r2",
            "GraphQL fightrpg resolveRound, unique body (computed)",
            GRAPHQL,
            rpg_gql_u,
            "/echo/fightrpg-round",
            rpg_round,
            True,
        ),
        Scenario(
            "r3",
            "REST fightrpg fighters/validate, unique sheet (computed)",
            FIGHTRPG_FIGHTER,
            rpg_fighter_u,
            "/echo/fightrpg-fighter",
            rpg_fighter_u,
            True,
        ),
    ]


def unique_body(body: bytes) -> bytes:
    return body.replace(payloads.MARK.encode(), uuid.uuid4().hex.encode(), 1)


def sanity_check(service: Server, echo: Server) -> None:
    """Every scenario answers 200, the cache tiers are the ones the scenario titles claim ("computed" = not
    "local"), and every GraphQL answer is the union member the query selects (not InvalidInput) without errors."""
    move = payloads.dumps(payloads.move())
    fighter = payloads.dumps(payloads.fighter())
    turn = payloads.dumps(payloads.turn())
    gql_move = payloads.dumps(payloads.graphql(payloads.move()))
    gql_fighter = payloads.dumps(payloads.graphql_fighter(payloads.fighter()))
    gql_fighter_u = payloads.dumps(payloads.graphql_fighter(payloads.fighter(payloads.MARK)))
    gql_turn = payloads.dumps(payloads.graphql_turn(payloads.turn()))
    gql_turn_u = payloads.dumps(payloads.graphql_turn(payloads.turn(), nonce=payloads.MARK))
    svc = service.port
    checks: list[tuple[str, int, str, bytes, str | None]] = [
        ("price first", svc, PRICE, move, None),
        ("price repeated", svc, PRICE, move, "local"),
        ("price unique", svc, PRICE, unique_body(payloads.dumps(payloads.move(payloads.MARK))), "miss"),
        ("batch first", svc, BATCH, payloads.dumps(payloads.batch()), None),
        ("batch repeated", svc, BATCH, payloads.dumps(payloads.batch()), "local"),
        ("batch unique", svc, BATCH, unique_body(payloads.dumps(payloads.batch(payloads.MARK))), "miss"),
        ("graphql price first", svc, GRAPHQL, gql_move, None),
        ("graphql price repeated", svc, GRAPHQL, gql_move, "local"),
        ("fighter first", svc, FIGHTER, fighter, None),
        ("fighter repeated", svc, FIGHTER, fighter, "local"),
        ("fighter unique", svc, FIGHTER, unique_body(payloads.dumps(payloads.fighter(payloads.MARK))), "miss"),
        ("graphql fighter first", svc, GRAPHQL, gql_fighter, None),
        ("graphql fighter repeated", svc, GRAPHQL, gql_fighter, "local"),
        ("graphql fighter unique", svc, GRAPHQL, unique_body(gql_fighter_u), "computed"),
        ("turn first", svc, TURN, turn, "miss"),
        ("turn repeated", svc, TURN, turn, "miss"),
        ("graphql turn first", svc, GRAPHQL, gql_turn, None),
        ("graphql turn repeated", svc, GRAPHQL, gql_turn, "local"),
        ("graphql turn unique", svc, GRAPHQL, unique_body(gql_turn_u), "computed"),
        ("graphql turn unique again", svc, GRAPHQL, unique_body(gql_turn_u), "computed"),
        ("echo move", echo.port, "/echo/move", move, None),
        ("echo batch", echo.port, "/echo/batch", payloads.dumps(payloads.batch()), None),
        ("echo fighter", echo.port, "/echo/fighter", fighter, None),
        ("echo turn", echo.port, "/echo/turn", turn, None),
    ]
    for label, port, path, body, tier in checks:
        status, headers, answer = request(port, "POST", path, body)
        if status != 200:
            raise SystemExit(f"sanity check '{label}': {path} answered {status}: {answer[:500]!r}")
        got = headers.get("x-cache")
        if (tier == "computed" and got == "local") or (tier not in (None, "computed") and got != tier):
            raise SystemExit(f"sanity check '{label}': X-Cache {got!r}, expected {tier!r}")
        if path == GRAPHQL:
            doc = json.loads(answer)
            namespace = next(iter((doc.get("data") or {}).values()), None)  # e.g. fight2e
            fields = next(iter(namespace.values()), None) if isinstance(namespace, dict) else None
            if doc.get("errors") or not fields:
                raise SystemExit(f"sanity check '{label}': GraphQL errors or InvalidInput {answer[:500]!r}")


@dataclass
class Load:
    requests: int
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int
    raw: dict[str, Any] = field(repr=False)


def drive(
    port: int,
    path: str,
    body: bytes,
    unique: bool,
    seconds: int,
    args: argparse.Namespace,
    client_cpus: tuple[int, ...],
) -> Load:
    tag = uuid.uuid4().hex[:10]  # fresh per run: unique bodies never repeat an earlier run's
    if args.loadgen == "wrk":
        with tempfile.NamedTemporaryFile(prefix="bench-body-", suffix=".json") as f:
            f.write(body)
            f.flush()
            env = {
                **os.environ,
                "BENCH_BODY_FILE": f.name,
                "BENCH_UNIQUE": "1" if unique else "0",
                "BENCH_MARK": payloads.MARK,
                "BENCH_TAG": tag,
            }
            cmd = [
                "wrk",
                "-t",
                str(args.threads),
                "-c",
                str(args.concurrency),
                "-d",
                f"{seconds}s",
                "--timeout",
                "10s",
                "-s",
                str(LUA),
                f"http://{HOST}:{port}{path}",
            ]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + 60, check=False)
        line = next((ln for ln in done.stdout.splitlines() if ln.startswith("BENCHJSON ")), None)
        if done.returncode != 0 or line is None:
            raise SystemExit(f"wrk failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        raw = json.loads(line.removeprefix("BENCHJSON "))
    else:
        raw = loadgen.run(
            HOST,
            port,
            path,
            body,
            mark=payloads.MARK.encode(),
            unique=unique,
            tag=tag,
            seconds=seconds,
            connections=args.concurrency,
            processes=args.threads,
            cpus=client_cpus,
        )
    errors = sum(raw[k] for k in ("connect", "read", "write", "status", "timeout"))
    return Load(
        raw["requests"],
        raw["requests"] / (raw["duration_us"] / 1e6),
        raw["p50_us"] / 1000,
        raw["p99_us"] / 1000,
        errors,
        raw,
    )


def measure(
    service: Server, echo: Server, args: argparse.Namespace, client_cpus: tuple[int, ...]
) -> list[tuple[Scenario, Load, Load]]:
    out = []
    for sc in scenarios():
        if args.only and sc.key not in args.only:
            continue
        loads = {}
        for name, port, path, body in (
            ("echo", echo.port, sc.echo_path, sc.echo_body),
            ("service", service.port, sc.path, sc.body),
        ):
            unique = sc.unique and payloads.MARK.encode() in body  # (h2)'s echo body (the bare turn) has no marker
            if args.warmup:
                drive(port, path, body, unique, args.warmup, args, client_cpus)
            loads[name] = drive(port, path, body, unique, args.seconds, args, client_cpus)
            ld = loads[name]
            log(
                f"({sc.key}) {name:7s} {ld.rps:9.0f} req/s  p50 {ld.p50_ms:7.2f} ms  p99 {ld.p99_ms:7.2f} ms"
                f"  errors {ld.errors}"
            )
        out.append((sc, loads["service"], loads["echo"]))
    return out


def _process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (gunicorn's arbiter and its workers)."""
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        for task in os.listdir(f"/proc/{current}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{current}/task/{task}/children") as f:
                stack.extend(int(c) for c in f.read().split())
    return found


def server_cpu_ns(server: Server) -> int:
    """CPU time the server's processes have used, every thread counted (Linux schedstat, nanoseconds): what a
    request costs whatever else the machine runs, unlike wall time on a shared VM."""
    total = 0
    for pid in _process_tree(server.proc.pid if server.proc else os.getpid()):
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{pid}/task"):
                with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
    return total


Sequential = tuple[str, float, str, float]  # label, median ms, baseline label, server CPU ms per request


def sequential(service: Server, echo: Server, n: int = 50, warm: int = 5) -> list[Sequential]:
    """Median ms of one request at a time on one keep-alive connection, with no other load, and the server CPU
    time per request over the same requests."""
    batch, batch_u = payloads.dumps(payloads.batch()), payloads.dumps(payloads.batch(payloads.MARK))
    move, move_u = payloads.dumps(payloads.move()), payloads.dumps(payloads.move(payloads.MARK))
    fighter, fighter_u = payloads.dumps(payloads.fighter()), payloads.dumps(payloads.fighter(payloads.MARK))
    turn = payloads.dumps(payloads.turn())
    cases = [
        ("price-batch ×100, unique (computed)", service.port, BATCH, batch_u, "echo/batch ×100"),
        ("price-batch ×100, same (local-tier hit)", service.port, BATCH, batch, "echo/batch ×100"),
        ("echo/batch ×100", echo.port, "/echo/batch", batch, ""),
        ("price, unique move (computed)", service.port, PRICE, move_u, "echo/move"),
        ("price, same move (local-tier hit)", service.port, PRICE, move, "echo/move"),
        (
            "GraphQL priceMove, same move (local-tier hit)",
            service.port,
            GRAPHQL,
            payloads.dumps(payloads.graphql(payloads.move())),
            "echo/move",
        ),
        ("echo/move", echo.port, "/echo/move", move, ""),
        ("fighters/validate, unique sheet (computed)", service.port, FIGHTER, fighter_u, "echo/fighter"),
        ("fighters/validate, same sheet (local-tier hit)", service.port, FIGHTER, fighter, "echo/fighter"),
        (
            "GraphQL validateFighter, unique sheet (computed)",
            service.port,
            GRAPHQL,
            payloads.dumps(payloads.graphql_fighter(payloads.fighter(payloads.MARK))),
            "echo/fighter",
        ),
        (
            "GraphQL validateFighter, same sheet (local-tier hit)",
            service.port,
            GRAPHQL,
            payloads.dumps(payloads.graphql_fighter(payloads.fighter())),
            "echo/fighter",
        ),
        ("echo/fighter", echo.port, "/echo/fighter", fighter, ""),
        ("resolve-turn (computed)", service.port, TURN, turn, "echo/turn"),
        (
            "GraphQL resolveTurn, unique body (computed)",
            service.port,
            GRAPHQL,
            payloads.dumps(payloads.graphql_turn(payloads.turn(), nonce=payloads.MARK)),
            "echo/turn",
        ),
        (
            "GraphQL resolveTurn, same body (local-tier hit)",
            service.port,
            GRAPHQL,
            payloads.dumps(payloads.graphql_turn(payloads.turn())),
            "echo/turn",
        ),
        ("echo/turn", echo.port, "/echo/turn", turn, ""),
    ]
    out = []
    for label, port, path, body, baseline in cases:
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        server = service if port == service.port else echo
        samples, cpu_start = [], 0
        try:
            for i in range(warm + n):
                payload = unique_body(body) if payloads.MARK.encode() in body else body
                if i == warm:
                    cpu_start = server_cpu_ns(server)
                start = time.perf_counter()
                status, _, _ = request(port, "POST", path, payload, conn=conn)
                elapsed = time.perf_counter() - start
                if status != 200:
                    raise SystemExit(f"sequential '{label}': {status}")
                if i >= warm:
                    samples.append(elapsed * 1000)
            cpu_ms = (server_cpu_ns(server) - cpu_start) / n / 1e6
        finally:
            conn.close()
        out.append((label, statistics.median(samples), baseline, cpu_ms))
    return out


# ---------------------------------------------------------------- report


def calibration_us() -> float:
    """The interpreter's speed on this machine: a loop that no code of ours changes, timed like the core rows."""
    return min(timeit.repeat("sum(range(1000))", number=20_000, repeat=5)) / 20_000 * 1e6


def machine(args: argparse.Namespace, client_cpus: tuple[int, ...], server_cpus: tuple[int, ...]) -> list[str]:
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    versions = ", ".join(
        f"{p} {_version_of(p)}" for p in ("litestar", "pydantic", "strawberry-graphql", "gunicorn", "uvicorn", "uvloop")
    )
    git = (
        subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()
        or "?"
    )
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "service"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.strip()
    wrk = (subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False).stdout.splitlines() or ["?"])[0]
    client = (
        f"wrk ({wrk.split(' [')[0]}), {args.threads} thread(s)"
        if args.loadgen == "wrk"
        else f"Python fallback (bench/loadgen.py), {args.threads} process(es)"
    )
    pinning = (
        (f"servers pinned to CPU {','.join(map(str, server_cpus))}, client to CPU {','.join(map(str, client_cpus))}")
        if server_cpus
        else "no CPU pinning"
    )
    return [
        f"- date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}; commit {git}"
        + (" (service/ has uncommitted changes)" if dirty else ""),
        f"- machine: `nproc` = {os.cpu_count()}, {cpu}; Python {platform.python_version()}; {versions}",
        f"- calibration: a fixed pure-Python loop, `sum(range(1000))`, takes {calibration_us():.1f} µs here (timeit, "
        "best of 5, after the load runs): the absolute rows of two runs on different machines compare after "
        "scaling by this figure; the ratio rows need no scaling",
        f"- servers: gunicorn + uvicorn_worker.UvicornWorker, {args.workers} worker(s) each, service/gunicorn_conf.py "
        f"with the access log off and max_requests={args.max_requests} (bench/gunicorn_bench.conf.py); service with "
        "rate limit off, log level warning, no Redis (in-process cache only)",
        f"- load: {client}, {args.concurrency} keep-alive connections, {args.warmup} s warm-up then {args.seconds} s "
        f"per measurement, echo baseline and service measured alternately per scenario; {pinning}",
        "- client and servers share this machine's 2 cores (and with whatever else runs on it); under load the "
        "pinned server core is the bottleneck (checked: ~99 % busy, wrk ~20 % of its own core), so absolute figures "
        "are this machine's, but the ratios, measured in one run with one client, are comparable; p99 at these "
        "rates is sensitive to GC pauses and other processes, so read p99 ratios as rough",
    ]


def load_table(rows: list[tuple[Scenario, Load, Load]]) -> str:
    lines = [
        "| scenario | req/s | p50 ms | p99 ms | req/s ÷ echo | p50 ÷ echo | p99 ÷ echo | errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for sc, svc, echo in rows:
        lines.append(
            f"| ({sc.key}) {sc.title} | {svc.rps:.0f} | {svc.p50_ms:.2f} | {svc.p99_ms:.2f} | "
            f"{svc.rps / echo.rps:.2f} | {svc.p50_ms / echo.p50_ms:.2f} | {svc.p99_ms / echo.p99_ms:.2f} | "
            f"{svc.errors} |"
        )
        unique = ", unique" if payloads.MARK.encode() in sc.echo_body else ""
        lines.append(
            f"| &nbsp;&nbsp;baseline: POST {sc.echo_path}{unique} | {echo.rps:.0f} | "
            f"{echo.p50_ms:.2f} | {echo.p99_ms:.2f} | 1 | 1 | 1 | {echo.errors} |"
        )
    return "\n".join(lines)


def sequential_table(rows: list[Sequential]) -> str:
    by = {label: ms for label, ms, _, _ in rows}
    lines = [
        "| request (one at a time, median of 50) | ms | minus its echo, ms | server CPU ms per request |",
        "| --- | ---: | ---: | ---: |",
    ]
    for label, ms, baseline, cpu_ms in rows:
        extra = f"{ms - by[baseline]:.2f}" if baseline else ""
        lines.append(f"| {label} | {ms:.2f} | {extra} | {cpu_ms:.2f} |")
    return "\n".join(lines)


def targets_table(loads: list[tuple[Scenario, Load, Load]], seq: list[Sequential], core: dict[str, Any] | None) -> str:
    """The targets, each with the figure of this run that decides it (or "report" when there is no bound)."""
    by = {sc.key: (svc, echo) for sc, svc, echo in loads}
    ms = {label: v for label, v, _, _ in seq}
    cpu = {label: c for label, _, _, c in seq}

    def cpu_vs(label: str, base: str) -> str:
        if label not in cpu or base not in cpu:
            return "server CPU not measured"
        return (
            f"server CPU per request one at a time {cpu[label]:.2f} ÷ {cpu[base]:.2f} ms = {cpu[label] / cpu[base]:.2f}"
        )

    def cf(key: str, field: str = "us") -> float | None:
        return core_bench.figure(core, key, field) if core is not None else None

    def vs_echo(key: str) -> str:
        if key not in by:
            return f"({key}) not measured"
        svc, echo = by[key]
        return f"({key}) {svc.rps / echo.rps:.2f}× echo ({svc.rps:.0f} ÷ {echo.rps:.0f} req/s)"

    def vs(key: str, base: str) -> str:
        if key not in by or base not in by:
            return f"({key}) ÷ ({base}) not measured"
        return f"({key}) ÷ ({base}) {by[key][0].rps / by[base][0].rps:.2f}"

    def bound(value: float | None, limit: float, fmt: str) -> tuple[str, str]:
        if value is None:
            return "not measured", "—"
        return fmt.format(value), "met" if value <= limit else "**not met**"

    rows: list[tuple[str, str, str, str]] = []
    price, price_json, price_move = cf("price_data"), cf("price_json"), cf("price_move")
    value, verdict = bound(price, 20, "price_data {:.1f} µs")
    if price_json is not None and price_move is not None:
        value += f" (price_json {price_json:.1f}, price_move {price_move:.1f})"
    rows.append(("core price, 10-element move, median (cold)", "≤ 20 µs", value, verdict))
    if "a" in by:
        ratio = by["a"][0].rps / by["a"][1].rps
        rows.append(
            (
                "REST price from the local tier, req/s ÷ echo",
                "≥ 0.9×",
                vs_echo("a"),
                "met" if ratio >= 0.9 else "**not met**",
            )
        )
    else:
        rows.append(("REST price from the local tier, req/s ÷ echo", "≥ 0.9×", "(a) not measured", "—"))
    batch_ms = ms.get("price-batch ×100, unique (computed)")
    value, verdict = bound(batch_ms, 5, "{:.2f} ms one at a time on loopback (HTTP + parse + compute)")
    if cf("batch_compute") is not None:
        value += f"; core compute {cf('batch_compute') / 1000:.2f} ms"
    rows.append(("price-batch ×100 server time (computed)", "≤ 5 ms", value, verdict))
    gql = vs("d", "a")
    if "price, same move (local-tier hit)" in ms:
        gql += (
            f"; one at a time {ms['GraphQL priceMove, same move (local-tier hit)']:.2f} vs "
            f"{ms['price, same move (local-tier hit)']:.2f} ms"
        )
    rows.append(("GraphQL priceMove ÷ REST price, req/s (both local-tier)", "report", gql, "—"))
    value, verdict = bound(cf("fighter_cold"), 2000, "{:.0f} µs")
    if cf("fighter_cold", "p90") is not None:
        value += f" (p90 {cf('fighter_cold', 'p90'):.0f} µs; + JSON encoding {cf('fighter_endpoint'):.0f} µs)"
    rows.append(
        (f"PL 8 Fighter, {core['fighter_moves'] if core else 24} moves, core cold median", "≤ 2 ms", value, verdict)
    )
    local, redis = cf("fighter_local"), cf("redis_fighter")
    repeat = (f"local tier {local:.1f} µs" if local is not None else "local tier not measured") + (
        f"; Redis tier {redis:.0f} µs (loopback GET)" if redis is not None else "; Redis tier skipped"
    )
    if cf("fighter_body_key") is not None:
        repeat += f"; repeated-body lookup {cf('fighter_body_key'):.1f} µs"
    repeat += f"; REST {vs_echo('e')}"
    rows.append(("Fighter repeat from cache (both tiers)", "report", repeat, "—"))
    value, verdict = bound(cf("thug"), 50, "{:.0f} µs")
    if cf("thug", "p90") is not None:
        value += f" (p90 {cf('thug', 'p90'):.0f} µs; a group of five {cf('thug_group'):.0f} µs)"
    rows.append(("Thug validated and priced, core median", "≤ 50 µs", value, verdict))
    value, verdict = bound(cf("turn"), 700, "{:.0f} µs")
    if cf("turn", "p90") is not None:
        value += f" (p90 {cf('turn', 'p90'):.0f} µs; profile memo warm; new sheets {cf('turn_new_sheets'):.0f} µs)"
    rows.append(("combat turn, PL 4 three-hit Combos, core median", "≤ 0.7 ms", value, verdict))
    fight_us = cf("simulated_fight")
    if fight_us is None:
        rows.append(("simulated fights per second per core, PL 4 vs PL 4", "≥ 500", "not measured", "—"))
    else:
        per_s = 1e6 / fight_us
        note = next((r["note"] for r in core["rows"] if r["key"] == "simulated_fight"), "") if core else ""
        value = f"{per_s:.0f} fights/s ({fight_us / 1000:.1f} ms per fight; {note.split('; ', 1)[-1]}; one turn above)"
        verdict = "met" if per_s >= 500 else "**not met**"
        rows.append(("simulated fights per second per core, PL 4 vs PL 4", "≥ 500", value, verdict))
    for ruleset in ("impact", "fightrpg", "ashes", "battleroyale"):
        label = f"{ruleset}: simulated fight ÷ its turns resolved one at a time"
        row = next((r for r in core["rows"] if r["key"] == f"simulated_fight_{ruleset}"), None) if core else None
        if row is None or row["us"] is None:
            rows.append(
                (f"{ruleset}: simulated fight ÷ its turns resolved one at a time", "≤ 1.0", "not measured", "—")
            )
            continue
        ratio = float(row["note"].rsplit(" ", 1)[-1])
        value = f"{ratio:.2f} ({row['note'].split('; simulated')[0]})"
        verdict = "met" if ratio <= 1.0 else "**not met**"
        rows.append((label, "≤ 1.0", value, verdict))
    rows.append(
        (
            "fighters: REST and GraphQL throughput",
            "report",
            "; ".join(
                [
                    vs_echo("e"),
                    vs_echo("e2"),
                    vs("f", "e"),
                    vs("f2", "e2"),
                    "GraphQL ÷ REST "
                    + cpu_vs(
                        "GraphQL validateFighter, unique sheet (computed)", "fighters/validate, unique sheet (computed)"
                    ),
                ]
            ),
            "—",
        )
    )
    rows.append(
        (
            "combat: REST and GraphQL throughput",
            "report",
            "; ".join(
                [
                    vs_echo("g"),
                    vs("h2", "g"),
                    vs("h", "g"),
                    "GraphQL ÷ REST "
                    + cpu_vs("GraphQL resolveTurn, unique body (computed)", "resolve-turn (computed)"),
                ]
            ),
            "—",
        )
    )
    lines = ["| target | bound | measured (this run) | verdict |", "| --- | --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return "\n".join(lines)


def core_figures(args: argparse.Namespace) -> dict[str, Any] | None:
    """bench/core.py in a child process (retried like the servers: the catalogue may be mid-edit)."""
    cmd = [sys.executable, "-m", "bench.core", "--json"] + (["--start-redis"] if args.start_redis else [])
    for attempt in range(1, args.start_tries + 1):
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode == 0:
            return json.loads(done.stdout.strip().splitlines()[-1])
        tail = "\n".join(done.stderr.splitlines()[-8:])
        if attempt == args.start_tries:
            log(f"core benchmarks failed; reporting without them:\n{tail}")
            return None
        log(f"core benchmarks failed; retry {attempt}/{args.start_tries - 1} in {args.retry_wait:.0f} s\n{tail}")
        time.sleep(args.retry_wait)
    return None


def ensure_wrk(choice: str) -> str:
    if choice == "python" or shutil.which("wrk"):
        return choice if choice == "python" else "wrk"
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log("wrk not found: trying apt-get install -y wrk")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (
            ["apt-get", "install", "-y", "-q", "wrk"],
            ["apt-get", "update", "-q"],
            ["apt-get", "install", "-y", "-q", "wrk"],
        ):
            try:
                subprocess.run(cmd, env=env, capture_output=True, timeout=300, check=False)
            except subprocess.TimeoutExpired:
                break
            if shutil.which("wrk"):
                return "wrk"
    if choice == "wrk":
        raise SystemExit("wrk is not available")
    log("wrk unavailable: using the Python load generator (bench/loadgen.py)")
    return "python"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=5, help="measured seconds per run (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="warm-up seconds before each run (default 1; 0 = none)")
    parser.add_argument("--concurrency", type=int, default=16, help="keep-alive connections (default 16)")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads / fallback processes (default 1)")
    parser.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("FIGHT_RULES_WORKERS", "1")),
        help="gunicorn workers per server (default 1, or $FIGHT_RULES_WORKERS)",
    )
    parser.add_argument(
        "--max-requests",
        type=int,
        default=0,
        help="gunicorn max_requests (default 0: no recycling inside a measurement)",
    )
    parser.add_argument("--loadgen", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--no-pin", action="store_true", help="do not pin servers and client to separate CPUs")
    parser.add_argument(
        "--only",
        nargs="*",
        help="scenario keys to run (default all): a b c c2 d e e2 f f2 g h h2 r1-r3 dr_r dr_g tt_r tt_g "
        "ash_r ash_g imp_r imp_g br_r br_g",
    )
    parser.add_argument("--skip-core", action="store_true", help="skip the core microbenchmarks")
    parser.add_argument(
        "--start-redis",
        action="store_true",
        help="core: start a private redis-server when none answers (for the Redis GET figure)",
    )
    parser.add_argument("--start-tries", type=int, default=10, help="tries to start (the catalogue may be mid-edit)")
    parser.add_argument("--retry-wait", type=float, default=30, help="seconds between tries")
    parser.add_argument("--write", action="store_true", help="also write the report to bench/RESULTS.md")
    args = parser.parse_args(argv)
    if args.seconds < 1 or args.concurrency < args.threads or args.threads < 1:
        parser.error("need --seconds >= 1 and --concurrency >= --threads >= 1")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that the finally blocks stop the servers

    args.loadgen = ensure_wrk(args.loadgen)
    core = None if args.skip_core else core_figures(args)  # before the servers start: nothing else running

    cpus = tuple(sorted(os.sched_getaffinity(0)))
    if not args.no_pin and len(cpus) > args.workers:
        server_cpus, client_cpus = cpus[-args.workers :], cpus[: -args.workers]
    else:
        server_cpus, client_cpus = (), ()
    specs = [
        Server("service", "service.wsgi:app", "/healthz", args.workers, server_cpus, args.max_requests),
        Server("echo", "bench.echo_app:app", "/healthz", args.workers, server_cpus, args.max_requests),
    ]
    with servers(specs, args.start_tries, args.retry_wait) as (service, echo):
        if client_cpus:
            os.sched_setaffinity(0, client_cpus)  # this process and the load generator it starts
        sanity_check(service, echo)
        loads = measure(service, echo, args, client_cpus)
        seq = sequential(service, echo)

    sections = [
        "## Setup",
        "\n".join(machine(args, client_cpus, server_cpus)),
        "## Targets",
        "Core figures from bench/core.py (no server); throughput ratios from the load runs below; (x) names a "
        'scenario. "Cold" = a fresh request object each call and no result memo in the core.',
        targets_table(loads, seq, core),
        "## Throughput and latency under load, as ratios to the echo baseline",
        "Each row's baseline is a bare Litestar app (bench/echo_app.py) that parses the same body with the same "
        "pydantic model and serializes it back. req/s ÷ echo below 1 and p50/p99 ÷ echo above 1 are what the "
        "service adds: middleware (Prometheus, CORS), the cache key, the cache, the rules core, GraphQL. "
        "A byte-identical repeat of a REST or GraphQL body is answered from the local tier before parsing, so "
        'every "same" scenario (including GraphQL resolveTurn, which REST never caches) skips the parse its echo '
        'does; the "unique" scenarios change one string per request (a name; for (h2) an extra, undeclared '
        "GraphQL variable, so the turn itself is unchanged).",
        load_table(loads),
        "## One request at a time (server time, measured by the client on loopback)",
        "The last column is the CPU time the server's processes used per request (every thread, from Linux's "
        "schedstat): unlike wall times and load-run rates, it does not count time spent waiting for a core, so it "
        "stays comparable on a busy, shared machine.",
        sequential_table(seq),
    ]
    if core is not None:
        sections += [
            "## Core microbenchmarks (bench/core.py, no server)",
            core_bench.table(core),
            core["redis"],
            "## Is a Redis round trip worth it?",
            core_bench.redis_worth(core),
        ]
    report = "\n\n".join(sections) + "\n"
    print(report)
    if args.write:
        RESULTS.write_text(
            "# Benchmark results\n\nGenerated by `.venv/bin/python bench/run.py --write` "
            "(`make bench` prints without writing); do not edit by hand.\n\n" + report
        )
        log(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
