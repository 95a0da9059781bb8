"""What scripts/ensure_redis.py decides to do, and that a private server it starts is gone afterwards."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ensure_redis", ROOT / "scripts" / "ensure_redis.py")
assert _spec is not None and _spec.loader is not None
ensure_redis = importlib.util.module_from_spec(_spec)
sys.modules["ensure_redis"] = ensure_redis
_spec.loader.exec_module(ensure_redis)
Plan = ensure_redis.Plan


@pytest.mark.parametrize("binary", [True, False])
@pytest.mark.parametrize("root", [True, False])
def test_a_server_that_answers_is_used_and_nothing_is_installed(binary: bool, root: bool) -> None:
    assert ensure_redis.decide(True, binary, root, True) is Plan.USE_DEFAULT


def test_a_private_server_is_started_when_none_answers() -> None:
    assert ensure_redis.decide(False, True, False, False) is Plan.START


def test_redis_is_installed_only_as_root_never_with_sudo() -> None:
    assert ensure_redis.decide(False, False, True, True) is Plan.INSTALL_AND_START
    assert ensure_redis.decide(False, False, False, True) is Plan.WITHOUT
    assert ensure_redis.decide(False, False, True, False) is Plan.WITHOUT
    assert "sudo" not in (ROOT / "scripts" / "ensure_redis.py").read_text().replace("never runs sudo", "")


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_a_private_server_stops_with_the_command(tmp_path: Path) -> None:
    server, url = ensure_redis.start_private(tmp_path)
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    assert ensure_redis.answers("127.0.0.1", port)
    ensure_redis.stop(server)
    assert server.poll() is not None
    assert not ensure_redis.answers("127.0.0.1", port)


def test_the_command_runs_with_the_url_and_its_status_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ensure_redis, "answers", lambda host, port: True)
    code = ensure_redis.main(
        [sys.executable, "-c", "import os, sys; sys.exit(7 if os.environ['FIGHT_RULES_TEST_REDIS_URL'] else 1)"]
    )
    assert code == 7


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_without_a_default_server_a_private_one_serves_the_command_and_is_gone_after(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(ensure_redis, "DEFAULT", ("127.0.0.1", ensure_redis.free_port()))  # nothing answers there
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "url"
    code = ensure_redis.main(
        [sys.executable, "-c", f"import os; open({str(out)!r}, 'w').write(os.environ['FIGHT_RULES_TEST_REDIS_URL'])"]
    )
    assert code == 0
    port = int(out.read_text().rsplit(":", 1)[1].split("/")[0])
    assert port != ensure_redis.DEFAULT[1]
    assert not ensure_redis.answers("127.0.0.1", port)  # stopped with the command
