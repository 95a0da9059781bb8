"""Fixtures for tests against real Redis servers: the suite's shared one and private ones we may stop."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = os.environ.get("FIGHT_RULES_TEST_REDIS_URL")
    if not url:
        pytest.skip("set FIGHT_RULES_TEST_REDIS_URL (make test does) to run the Redis integration tests")
    return url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    """Whether a Redis server listens there (a password-protected one answers PING with -NOAUTH)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith((b"+PONG", b"-NOAUTH"))
    except OSError:
        return False


class PrivateRedis:
    """A redis-server process of this test's own, which the test may stop and start again."""

    def __init__(self, workdir: Path, *extra: str) -> None:
        self.port = _free_port()
        self.workdir = workdir
        self.extra = list(extra)  # more redis-server flags, e.g. --requirepass
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
                *self.extra,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not _answers(self.port):
            if time.monotonic() > deadline:
                raise RuntimeError("private redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
            self.process = None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        reason = "redis-server is not installed (make test installs it when no Redis answers on 6379 and it is root)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


REDIS_PASSWORD = "s3cret pass/with:odd@chars"


@pytest.fixture
def password_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A private redis-server that requires a password (``REDIS_PASSWORD``), on a free loopback port."""
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed; `make test` installs it")
    server = PrivateRedis(tmp_path, "--requirepass", REDIS_PASSWORD)
    server.start()
    try:
        yield server
    finally:
        server.stop()
