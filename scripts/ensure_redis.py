"""Run a command with FIGHT_RULES_TEST_REDIS_URL naming a reachable Redis server, and stop whatever it started.

    python scripts/ensure_redis.py python -m pytest

Uses 127.0.0.1:6379 when it answers (and then installs nothing). Otherwise it starts a private redis-server on a
free port (no persistence, data under .redis-test/) as a child process, runs the command, and stops the server
when the command ends, however it ends. When redis-server is missing it is installed from Debian's packages, as
root only: this script never runs sudo; without root it says what to install and the Redis tests are skipped.
The command's exit status is this script's.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from enum import Enum
from pathlib import Path

DEFAULT = ("127.0.0.1", 6379)
START_TIMEOUT_S = 10.0


class Plan(Enum):
    USE_DEFAULT = "use the server on 6379"
    START = "start a private server"
    INSTALL_AND_START = "install redis-server, then start a private server"
    WITHOUT = "run without Redis (the Redis tests skip)"


def decide(default_answers: bool, have_binary: bool, is_root: bool, have_apt: bool) -> Plan:
    """What to do, from what the machine offers; nothing is installed when a server already answers."""
    if default_answers:
        return Plan.USE_DEFAULT
    if have_binary:
        return Plan.START
    if is_root and have_apt:
        return Plan.INSTALL_AND_START
    return Plan.WITHOUT


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def install() -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("installing redis-server from Debian's packages", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", "-q", "redis-server"], check=True, env=env, stdout=sys.stderr)


def start_private(work: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server in the foreground as our child (never daemonized, so it cannot outlive us unnoticed)."""
    work.mkdir(exist_ok=True)
    port = free_port()
    server = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(work),
            "--logfile",
            str(work / "redis.log"),
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + START_TIMEOUT_S
    while not answers("127.0.0.1", port):
        if server.poll() is not None or time.monotonic() > deadline:
            stop(server)
            sys.exit(f"redis-server did not start (see {work / 'redis.log'})")
        time.sleep(0.05)
    return server, f"redis://127.0.0.1:{port}/0"


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit(__doc__)
    plan = decide(
        answers(*DEFAULT),
        shutil.which("redis-server") is not None,
        os.geteuid() == 0,
        shutil.which("apt-get") is not None,
    )
    print(f"Redis for the tests: {plan.value}", file=sys.stderr)
    env = dict(os.environ)
    server = None
    if plan is Plan.USE_DEFAULT:
        env["FIGHT_RULES_TEST_REDIS_URL"] = f"redis://{DEFAULT[0]}:{DEFAULT[1]}/0"
    elif plan is Plan.WITHOUT:
        print(
            "redis-server is missing and this is not root: install Debian's redis-server to run the Redis tests",
            file=sys.stderr,
        )
        env.pop("FIGHT_RULES_TEST_REDIS_URL", None)
    else:
        if plan is Plan.INSTALL_AND_START:
            install()
        server, env["FIGHT_RULES_TEST_REDIS_URL"] = start_private(Path(".redis-test").resolve())
    try:
        return subprocess.run(argv, env=env, check=False).returncode
    except KeyboardInterrupt:
        return 130
    finally:
        if server is not None:
            stop(server)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
