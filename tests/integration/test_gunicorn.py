"""End-to-end check of the production entry point: `fight-rules serve` under gunicorn with uvicorn workers.

The server runs as a real subprocess with no Redis, exactly as `make run` would start it. Every wait is bounded,
and the whole process group is torn down even when an assertion fails, so a broken start-up cannot hang the suite.
Only the standard library is used; worker processes are counted by reading /proc (Linux).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2
START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
# A SIGTERM may take up to gunicorn's graceful_timeout (service/gunicorn_conf.py) to drain; on a loaded CI machine an
# idle drain has been seen to pass 10 s, so the clean-stop test waits for the configured bound plus a margin.
GRACEFUL_STOP_S = 20.0 + 5.0
HTTP_TIMEOUT_S = 5.0

# Talk to 127.0.0.1 directly even if the environment defines an HTTP proxy.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    base_url: str
    log: Path

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return "<no log>"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _http(url: str, body: Any = None) -> tuple[int, Any]:
    """GET (or POST JSON when a body is given); returns the status and the decoded JSON body."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    request = urllib.request.Request(url, data=data, headers=headers, method="GET" if data is None else "POST")
    try:
        with _OPENER.open(request, timeout=HTTP_TIMEOUT_S) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as err:
        raw = err.read()
        try:
            return err.code, json.loads(raw or b"null")
        except ValueError:
            return err.code, raw.decode(errors="replace")


def _proc_stat(pid: int) -> tuple[str, int] | None:
    """(state, ppid) of a process from /proc/<pid>/stat, or None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # The command name sits in parentheses and may itself contain spaces or ')'; the fields follow the last ')'.
    fields = raw[raw.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    stat = _proc_stat(pid)
    return stat is not None and stat[0] != "Z"


def _children(ppid: int) -> list[int]:
    """Live (non-zombie) child processes of `ppid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _proc_stat(int(entry.name))
        if stat is not None and stat[1] == ppid and stat[0] != "Z":
            found.append(int(entry.name))
    return sorted(found)


def _start_server(tmp_dir: Path) -> Server:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIGHT_RULES_")}  # no stray local settings
    env.update(
        {
            "FIGHT_RULES_HOST": "127.0.0.1",
            "FIGHT_RULES_PORT": str(port),
            "FIGHT_RULES_WORKERS": str(WORKERS),
            "FIGHT_RULES_REDIS_URL": "",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
        }
    )
    log = tmp_dir / "gunicorn.log"
    with log.open("wb") as sink:  # a file, not a pipe: a full pipe buffer would block gunicorn's logging
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "serve"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: the master and its workers stop together
        )
    return Server(proc, f"http://127.0.0.1:{port}", log)


def _wait_healthy(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            pytest.fail(f"server exited with {server.proc.returncode} before answering:\n{server.log_tail()}")
        try:
            status, _ = _http(f"{server.base_url}/healthz")
            if status == 200:
                return
        except (OSError, ValueError):  # not listening yet, or a half-started worker
            pass
        time.sleep(0.2)
    pytest.fail(f"/healthz did not answer 200 within {START_TIMEOUT_S:g} s:\n{server.log_tail()}")


def _stop_server(server: Server) -> None:
    """SIGTERM the process group, give it STOP_TIMEOUT_S to drain, then SIGKILL whatever is left."""
    proc = server.proc
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=STOP_TIMEOUT_S)
    # Also reaches workers left behind by a master that has already exited.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = _start_server(tmp_path_factory.mktemp("gunicorn"))
    try:
        _wait_healthy(running)
        yield running
    finally:
        _stop_server(running)


def test_liveness_and_readiness_without_redis(server: Server) -> None:
    assert _http(f"{server.base_url}/healthz") == (200, {"status": "ok"})
    status, body = _http(f"{server.base_url}/readyz")
    assert status == 200
    assert body == {"status": "ready", "redis": "absent"}


def test_master_runs_the_configured_number_of_workers(server: Server) -> None:
    # `fight-rules serve` execs gunicorn, so the subprocess is the gunicorn master itself.
    deadline = time.monotonic() + 10
    workers = _children(server.proc.pid)
    while len(workers) != WORKERS and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(server.proc.pid)
    assert len(workers) == WORKERS, f"worker pids {workers}\n{server.log_tail()}"


def test_price_a_move_through_gunicorn(server: Server) -> None:
    url = f"{server.base_url}/v1/fight2e/moves/price"

    # L3 Special Move: 4 Element slots, 2 spent, so 2 unused slots come off the base 3 MP, floored at 1.
    status, body = _http(url, {"level": 3, "elements": [{"id": "increased_damage", "times": 2}]})
    assert status == 200, body
    assert body["legal"] is True, body
    assert (body["element_slots"], body["unused_slots"], body["move_points"]) == (4, 2, 1)

    # Every slot spent: no discount, the full 3 Move Points of an L3 move.
    status, body = _http(url, {"level": 3, "elements": [{"id": "increased_damage", "times": 4}]})
    assert status == 200, body
    assert body["legal"] is True, body
    assert body["move_points"] == 3


def test_the_cli_calls_a_running_service(server: Server, tmp_path: Path) -> None:
    from service.cli import main

    request, out = tmp_path / "price.json", tmp_path / "answer.json"
    # L3 with Increased Damage ×2: 4 slots, 2 unused, 3 − 2 = 1 MP (000 L2287, L2293), as answered above.
    request.write_text(json.dumps({"level": 3, "elements": [{"id": "increased_damage", "times": 2}]}))
    main(["call", "price_move", str(request), "--url", server.base_url, "--out", str(out)])
    assert json.loads(out.read_text())["move_points"] == 1


def test_sigterm_stops_master_and_workers_cleanly(tmp_path: Path) -> None:
    running = _start_server(tmp_path)
    try:
        _wait_healthy(running)
        workers = _children(running.proc.pid)
        assert workers, running.log_tail()
        os.killpg(running.proc.pid, signal.SIGTERM)
        assert running.proc.wait(timeout=GRACEFUL_STOP_S) == 0, running.log_tail()
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, f"workers outlived the master: {workers}"
            time.sleep(0.1)
    finally:
        _stop_server(running)


def test_metrics_add_up_across_workers(server: Server) -> None:
    """Whichever worker answers /metrics, it reports every worker's requests (Prometheus multiprocess mode)."""
    url = f"{server.base_url}/v1/fight2e/moves/price"
    for n in range(30):  # distinct bodies, answered by both workers
        assert _http(url, {"name": f"metrics {n}", "level": 3})[0] == 200
    with _OPENER.open(f"{server.base_url}/metrics", timeout=HTTP_TIMEOUT_S) as response:
        text = response.read().decode()
    counted = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("fight_rules_requests_total{") and "/v1/fight2e/moves/price" in line
    )
    assert counted >= 30, text[:2000]
