"""Hardening figures (issue 13), measured in one run against real gunicorn servers on loopback:

- requests failed across planned worker recycles under load (``max_requests``), and across a SIGTERM;
- requests admitted at a limit of 100 from 64 concurrent connections: through Redis, and with Redis down;
- requests admitted at a limit of 100 when every request carries a made-up ``X-Forwarded-For``;
- the worst ``/healthz`` latency while many idle and trickling connections are open, and how many of those the
  server had closed by the request timeout.

    .venv/bin/python bench/hardening.py [--redis-url redis://127.0.0.1:6379/0] [--recycles 10] [--slow 1000]

The tests in tests/integration/test_hardening.py use the same functions with smaller numbers. Every server is
started in its own process group and stopped (SIGTERM, then SIGKILL) whatever happens; every wait is bounded.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "service" / "gunicorn_conf.py"
PRICE = {"name": "Hardening", "level": 3, "elements": [{"id": "increased_damage", "times": 2}]}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def boots(self) -> int:
        """Workers booted so far (the first ones included)."""
        return self.log_text().count("Booting worker with pid")


def start(log: Path, settings: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> Server:
    """gunicorn with service/gunicorn_conf.py on a free loopback port; ``settings`` are FIGHT_RULES_* overrides."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIGHT_RULES_")}
    metrics_dir = log.with_suffix(".metrics")  # where each worker's Prometheus files go: inspected afterwards
    metrics_dir.mkdir(exist_ok=True)
    env.update(
        {
            "FIGHT_RULES_HOST": "127.0.0.1",
            "FIGHT_RULES_PORT": str(port),
            "FIGHT_RULES_REDIS_URL": "",
            "FIGHT_RULES_WORKERS": "2",
            "PYTHONPATH": str(ROOT),
            "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
        }
    )
    env.update({f"FIGHT_RULES_{k.upper()}": v for k, v in (settings or {}).items()})
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(CONF), "service.wsgi:app", *args],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(proc, port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{server.log_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.base_url}/healthz", timeout=1).status_code == 200:
                return server
        time.sleep(0.2)
    stop(server)
    raise RuntimeError(f"gunicorn did not answer within 60 s:\n{server.log_text()[-3000:]}")


def stop(server: Server) -> int | None:
    """SIGTERM the process group, 15 s to drain, then SIGKILL; the master's exit code (None if killed)."""
    code = server.proc.poll()
    if code is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            code = server.proc.wait(timeout=15)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.proc.wait(timeout=5)
    return code


@contextlib.contextmanager
def running(log: Path, settings: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> Iterator[Server]:
    server = start(log, settings, args)
    try:
        yield server
    finally:
        stop(server)


@dataclass
class Load:
    """Keep-alive clients (one connection each, no retries) posting prices until told to stop."""

    url: str
    clients: int
    ok: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    refused_after_stop: int = 0  # new connections refused once the server stopped listening (after SIGTERM)
    worst_s: float = 0.0  # the slowest answered request
    # After SIGTERM every client keeps sending on its open connection until the server closes it: requests in
    # flight and on kept-alive connections must all be answered.
    stopping: threading.Event = field(default_factory=threading.Event)
    server_stopped: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    threads: list[threading.Thread] = field(default_factory=list)

    def _client(self) -> None:
        transport = httpx.HTTPTransport(retries=0)
        with httpx.Client(transport=transport, timeout=15) as client:
            while not self.stopping.is_set():
                outcome = self._one(client)
                with self.lock:
                    if outcome in ("ok", "closed"):
                        self.ok += 1
                    elif outcome == "refused":
                        self.refused_after_stop += 1
                    else:
                        self.failures[outcome] += 1
                if outcome in ("refused", "closed"):
                    return

    def _one(self, client: httpx.Client) -> str:
        started = time.perf_counter()
        try:
            response = client.post(self.url, json=PRICE)
            with self.lock:
                self.worst_s = max(self.worst_s, time.perf_counter() - started)
        except httpx.ConnectError as exc:
            return "refused" if self.server_stopped.is_set() else f"ConnectError: {exc}"
        except httpx.HTTPError as exc:
            return f"{type(exc).__name__}: {exc}"
        if response.status_code != 200:
            return f"status {response.status_code}"
        # Once the server is stopping, a client leaves when its connection is closed, as a load balancer that
        # has taken the pod out of its endpoints would; new connections are no longer this server's to answer.
        closing = response.headers.get("connection", "").lower() == "close"
        return "closed" if closing and self.server_stopped.is_set() else "ok"

    def __enter__(self) -> Load:
        self.threads = [threading.Thread(target=self._client, daemon=True) for _ in range(self.clients)]
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=20)

    @property
    def failed(self) -> int:
        return sum(self.failures.values())


def recycles_under_load(
    log: Path, recycles: int, clients: int = 8, max_requests: int = 60, extra: tuple[str, ...] = ()
) -> dict[str, object]:
    """Requests failed while 2 workers recycle ``recycles`` times (``max_requests`` with jitter) under load."""
    args = ("--max-requests", str(max_requests), "--max-requests-jitter", str(max_requests // 3), *extra)
    with running(log, {"rate_limit_per_minute": "0"}, args) as server:
        first = server.boots()
        deadline = time.monotonic() + 40 + 6 * recycles
        with Load(f"{server.base_url}/v1/fight2e/moves/price", clients) as load:
            while server.boots() - first < recycles and time.monotonic() < deadline:
                time.sleep(0.2)
            time.sleep(1.0)  # the last replacement answers too
        done = server.boots() - first
        counted = requests_counted(server, "/v1/fight2e/moves/price")
        files = sorted(p.name.split("_")[0] for p in log.with_suffix(".metrics").glob("*.db"))
    return {
        "recycles": done,
        "ok": load.ok,
        "failed": load.failed,
        "worst_latency_ms": round(1000 * load.worst_s, 1),
        "failures": dict(load.failures),
        "worker_lifetimes": server.boots(),
        "metrics_files": dict(Counter(files)),
        "requests_counted": counted,
    }


def reloads_under_load(log: Path, reloads: int = 3, clients: int = 8) -> dict[str, object]:
    """Requests failed, and the worst latency, across ``reloads`` SIGHUPs of the master under load (2 workers)."""
    with running(log, {"rate_limit_per_minute": "0"}) as server:
        first = server.boots()
        with Load(f"{server.base_url}/v1/fight2e/moves/price", clients) as load:
            time.sleep(1.0)
            for n in range(reloads):
                os.kill(server.proc.pid, signal.SIGHUP)
                deadline = time.monotonic() + 30
                while server.boots() - first < 2 * (n + 1) and time.monotonic() < deadline:
                    time.sleep(0.1)
                time.sleep(2.0)
    return {
        "reloads": reloads,
        "workers_booted": server.boots() - first,
        "ok": load.ok,
        "failed": load.failed,
        "failures": dict(load.failures),
        "worst_latency_ms": round(1000 * load.worst_s, 1),
    }


def requests_counted(server: Server, path: str) -> float:
    """fight_rules_requests_total for ``path`` as /metrics reports it (summed over every worker, dead or alive)."""
    text = httpx.get(f"{server.base_url}/metrics", timeout=10).text
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("fight_rules_requests_total{") and f'path="{path}"' in line
    )


def sigterm_under_load(log: Path, clients: int = 8, extra: tuple[str, ...] = ()) -> dict[str, object]:
    """Requests failed when the master gets SIGTERM under load (refused new connections afterwards don't count)."""
    server = start(log, {"rate_limit_per_minute": "0"}, extra)
    try:
        with Load(f"{server.base_url}/v1/fight2e/moves/price", clients) as load:
            time.sleep(2.0)
            load.server_stopped.set()  # from here a refused connection is the expected end, not a failure
            os.killpg(server.proc.pid, signal.SIGTERM)
            code = server.proc.wait(timeout=25)
            time.sleep(0.5)
    finally:
        stop(server)
    return {
        "exit_code": code,
        "ok": load.ok,
        "failed": load.failed,
        "failures": dict(load.failures),
        "refused_after_stop": load.refused_after_stop,
    }


def admitted(
    url: str, total: int, concurrency: int, forwarded_for: str | None = None, spoof: bool = False
) -> Counter[int]:
    """Statuses of ``total`` GETs from ``concurrency`` connections at once (a made-up X-Forwarded-For if spoof)."""
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    todo = iter(range(total))
    barrier = threading.Barrier(concurrency)

    def client() -> None:
        with httpx.Client(transport=httpx.HTTPTransport(retries=0), timeout=15) as http:
            barrier.wait(timeout=30)
            while True:
                with lock:
                    if next(todo, None) is None:
                        return
                headers = {}
                if spoof:
                    made_up = f"203.0.113.{random.randrange(256)}, 198.51.100.{random.randrange(256)}"
                    headers["X-Forwarded-For"] = made_up
                elif forwarded_for:
                    headers["X-Forwarded-For"] = forwarded_for
                status = http.get(url, headers=headers).status_code
                with lock:
                    statuses[status] += 1

    threads = [threading.Thread(target=client, daemon=True) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


def rate_limit_figures(tmp: Path, redis_url: str) -> dict[str, object]:
    """Admitted at 100/min from 64 connections: through Redis, with Redis down, and with made-up forwarding."""
    figures: dict[str, object] = {}
    # Trusting the loopback proxy lets each run count under a client address of its own in the shared Redis.
    client = f"2001:db8::{random.randrange(1 << 16):x}:{random.randrange(1 << 16):x}"
    shared = {
        "rate_limit_per_minute": "100",
        "redis_url": redis_url,
        "trusted_proxies": "127.0.0.1",
        "redis_timeout_s": "0.5",
    }
    with running(tmp / "redis.log", shared) as server:
        figures["with_redis"] = dict(admitted(f"{server.base_url}/v1/rulesets", 300, 64, forwarded_for=client))
    down = {"rate_limit_per_minute": "100", "redis_url": f"redis://127.0.0.1:{free_port()}/0"}
    with running(tmp / "redis-down.log", down) as server:
        figures["redis_down"] = dict(admitted(f"{server.base_url}/v1/rulesets", 300, 64))
    with running(tmp / "spoof.log", {"rate_limit_per_minute": "100"}) as server:
        figures["made_up_forwarded_for"] = dict(admitted(f"{server.base_url}/v1/rulesets", 300, 64, spoof=True))
    return figures


def _open(port: int, count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.setblocking(False)
        sockets.append(sock)
    return sockets


def _closed_by_server(sock: socket.socket) -> bool:
    try:
        data = sock.recv(4096)
    except BlockingIOError:
        return False
    except OSError:
        return True
    return data == b"" or data.startswith(b"HTTP/1.1 408")


def slow_clients(server: Server, idle: int, trickling: int, seconds: float, probes: int = 20) -> dict[str, object]:
    """Holds ``idle`` silent and ``trickling`` one-byte-at-a-time connections for ``seconds`` while probing
    /healthz; reports the worst probe latency, failed probes, and how many slow connections the server closed."""
    silent = _open(server.port, idle)
    slow = _open(server.port, trickling)
    for sock in slow:
        sock.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    latencies: list[float] = []
    failed = 0
    started = time.monotonic()
    next_probe = started
    try:
        while time.monotonic() - started < seconds:
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.send(b"a")
            if time.monotonic() >= next_probe and len(latencies) + failed < probes:
                next_probe += seconds / probes
                t0 = time.monotonic()
                try:
                    ok = httpx.get(f"{server.base_url}/healthz", timeout=5).status_code == 200
                except httpx.HTTPError:
                    ok = False
                if ok:
                    latencies.append(time.monotonic() - t0)
                else:
                    failed += 1
            time.sleep(0.25)
        closed = sum(_closed_by_server(sock) for sock in silent + slow)
    finally:
        for sock in silent + slow:
            sock.close()
    return {
        "idle": idle,
        "trickling": trickling,
        "held_s": seconds,
        "probes_ok": len(latencies),
        "probes_failed": failed,
        "worst_healthz_ms": round(1000 * max(latencies, default=0.0), 1),
        "closed_by_server": closed,
    }


# Issue 28's reproducers: a move whose Random Effects multiply their pricings, a simulation at its model bounds.
_ONE_ELEMENT = ["aerial", "anti_air", "bounce", "breaker", "counter", "crouching", "easy_to_combo", "end_style"]
_ONE_ELEMENT += ["copies_moves", "cancel_throw"]
_RANDOM_EFFECT = {
    "id": "random_effect",
    "options": {"allocation": 5},
    "combinations": [{"entries": [{"id": ident}]} for ident in _ONE_ELEMENT],
}
BOXED_MOVE = {"level": 12, "elements": [_RANDOM_EFFECT] * 6}  # 6 × 10 combinations, about 2.6 KB
OPTIMISE = {"keywords": ["starter"], "min_accuracy": 1, "max_level": 12, "answers": 20}


def _simulation(count: int, turn_limit: int) -> dict[str, object]:
    examples = ROOT / "service" / "rules" / "fight2e" / "data" / "examples" / "simulate.json"
    return {**json.loads(examples.read_text())["rei-vs-battle"], "count": count, "turn_limit": turn_limit}


def _timed_post(url: str, body: object, timeout: float = 120) -> tuple[int | str, float]:
    started = time.perf_counter()
    try:
        status: int | str = httpx.post(url, json=body, timeout=timeout).status_code
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return status, round(time.perf_counter() - started, 3)


def _probes_while(base: str, path: str, body: object) -> dict[str, object]:
    """The worst /healthz latency while ``body`` is answered (one worker), with that request's status and time."""
    outcome: dict[str, object] = {}

    def heavy() -> None:
        outcome["status"], outcome["seconds"] = _timed_post(base + path, body)

    thread = threading.Thread(target=heavy)
    thread.start()
    worst, probes = 0.0, 0
    time.sleep(0.05)
    with httpx.Client(timeout=30) as client:
        while thread.is_alive():
            started = time.perf_counter()
            client.get(f"{base}/healthz")
            worst, probes = max(worst, time.perf_counter() - started), probes + 1
            time.sleep(0.02)
    thread.join()
    return {**outcome, "probes": probes, "worst_healthz_ms": round(1000 * worst, 1)}


def costly_requests(log: Path) -> dict[str, object]:
    """Issue 28's reproducers against one worker: each answered or refused, how long it took, and /healthz."""
    with running(log, {"workers": "1", "rate_limit_per_minute": "0"}) as server:
        base = server.base_url
        figures: dict[str, object] = {
            "random_effects_6x10": dict(
                zip(("status", "seconds"), _timed_post(f"{base}/v1/fight2e/moves/price", BOXED_MOVE), strict=True)
            ),
            "simulate_500_fights_500_turns": dict(
                zip(
                    ("status", "seconds"),
                    _timed_post(f"{base}/v1/fight2e/simulate", _simulation(500, 500)),
                    strict=True,
                )
            ),
            "while_optimiser_20_answers": _probes_while(base, "/v1/fight2e/moves/optimise", OPTIMISE),
            "while_simulate_at_the_bound": _probes_while(base, "/v1/fight2e/simulate", _simulation(29, 100)),
            "while_price_batch_200": _probes_while(
                base,
                "/v1/fight2e/moves/price-batch",
                {
                    "moves": [
                        {"level": 1 + i % 12, "elements": [{"id": "aerial", "times": 1 + i // 12}]} for i in range(200)
                    ]
                },
            ),
        }
    with running(log.with_suffix(".limited.log"), {"workers": "1", "rate_limit_per_minute": "6000"}) as server:
        # Simulations at the bound (cost 3,000) from one client at 6,000 a minute: the third is over its minute.
        sim = f"{server.base_url}/v1/fight2e/simulate"
        figures["three_simulations_at_the_bound_at_6000_a_minute"] = [
            _timed_post(sim, _simulation(29, 100 - n))[0] for n in range(3)
        ]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis-url", default=os.environ.get("FIGHT_RULES_TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--recycles", type=int, default=10)
    parser.add_argument("--slow", type=int, default=1000, help="idle + trickling connections (half each)")
    parser.add_argument("--only", choices=["costly", "restarts"], help="only issue 28's costly requests or restarts")
    options = parser.parse_args()
    if options.only == "restarts":
        import tempfile

        with tempfile.TemporaryDirectory(prefix="fight-rules-restarts-") as tmp_dir:
            tmp = Path(tmp_dir)
            report = {
                "recycles": recycles_under_load(tmp / "recycles.log", options.recycles),
                "sighup": reloads_under_load(tmp / "sighup.log"),
            }
            print(json.dumps(report, indent=2))
        return
    if options.only == "costly":
        import tempfile

        with tempfile.TemporaryDirectory(prefix="fight-rules-costly-") as tmp_dir:
            print(json.dumps({"costly_requests": costly_requests(Path(tmp_dir) / "costly.log")}, indent=2))
        return
    import tempfile

    with tempfile.TemporaryDirectory(prefix="fight-rules-hardening-") as tmp_dir:
        tmp = Path(tmp_dir)
        report: dict[str, object] = {
            "recycles": recycles_under_load(tmp / "recycles.log", options.recycles),
            "sigterm": sigterm_under_load(tmp / "sigterm.log"),
            "rate_limit_100_per_min_64_connections": rate_limit_figures(tmp, options.redis_url),
            "costly_requests": costly_requests(tmp / "costly.log"),
            "sighup": reloads_under_load(tmp / "sighup.log"),
        }
        with running(tmp / "slow.log", {"request_timeout_s": "10"}) as server:
            report["slow_clients"] = slow_clients(server, options.slow // 2, options.slow // 2, seconds=15)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
