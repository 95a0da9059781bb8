"""Print the URL of a reachable Redis server for the test suite, starting a private one if none answers.

Uses 127.0.0.1:6379 when it answers; otherwise installs Debian's redis-server if it is missing and starts a
private server on a free port (no persistence) under .redis-test/.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path


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
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("installing redis-server from Debian's packages", file=sys.stderr)
    subprocess.run([*sudo, "apt-get", "update", "-q"], check=True, env=env, stdout=sys.stderr)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-q", "redis-server"], check=True, env=env, stdout=sys.stderr)


def main() -> None:
    if shutil.which("redis-server") is None:
        install()  # the outage test starts and stops a private server of its own
    if answers("127.0.0.1", 6379):
        print("redis://127.0.0.1:6379/0")
        return
    work = Path(".redis-test").resolve()
    work.mkdir(exist_ok=True)
    port = free_port()
    subprocess.run(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--daemonize", "yes",
                    "--save", "", "--appendonly", "no", "--dir", str(work),
                    "--pidfile", str(work / "redis.pid"), "--logfile", str(work / "redis.log")], check=True)
    for _ in range(100):
        if answers("127.0.0.1", port):
            print(f"redis://127.0.0.1:{port}/0")
            return
        time.sleep(0.05)
    sys.exit("redis-server did not start")


if __name__ == "__main__":
    main()
