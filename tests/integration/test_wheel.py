"""The wheel alone serves: built from this checkout, unpacked outside it and started with `fight-rules serve`.

The unpacked wheel comes first on PYTHONPATH and the server runs from an empty directory, so the checkout (and
its deploy/ folder) cannot stand in for anything the wheel lacks: the gunicorn settings, the catalogue data, the
documentation pages' assets. The dependencies are this environment's. Every process is stopped at the end.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.version import __version__

ROOT = Path(__file__).resolve().parents[2]
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    if built.returncode != 0:
        pytest.fail(f"the wheel did not build:\n{built.stderr[-3000:]}")
    (found,) = out.glob("fight_rules-*.whl")
    return found


def test_the_wheel_carries_what_serving_needs(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert wheel.name.startswith(f"fight_rules-{__version__}-")
    assert "service/gunicorn_conf.py" in names
    assert "service/static/vendor/@scalar/api-reference@1.72.1/dist/browser/standalone.js" in names
    assert "service/static/docs/graphiql-init.js" in names
    # The builder page and its compiled scripts (clients/typescript): `make run` serves them without Node.js.
    assert {
        "service/builder.html",
        "service/static/builder/builder.css",
        "service/static/builder/js/builder/main.js",
        "service/static/builder/js/src/index.js",
        "service/static/builder/js/vendor/openapi-fetch/index.mjs",
        "service/static/builder/js/vendor/openapi-fetch/LICENSE",
    } <= names
    assert any(n.startswith("service/rules/fight2e/data/") and n.endswith(".yaml") for n in names)


@pytest.fixture(scope="module")
def served(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("site")
    zipfile.ZipFile(wheel).extractall(site)
    empty = tmp_path_factory.mktemp("cwd")
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(site),
        "FIGHT_RULES_PORT": str(port),
        "FIGHT_RULES_WORKERS": "1",
        "FIGHT_RULES_REDIS_URL": "",
        "FIGHT_RULES_LOG_LEVEL": "warning",
    }
    env.pop("FIGHT_RULES_GUNICORN_CONF", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from service.cli import main; main(['serve'])"],
        cwd=empty,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with _OPENER.open(f"{url}/healthz", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    pytest.fail(f"the wheel's server did not start:\n{proc.communicate()[1].decode()[-3000:]}")
                time.sleep(0.2)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def test_the_installed_wheel_serves_the_api_and_its_docs(served: str, wheel: Path) -> None:
    with _OPENER.open(f"{served}/v1/rulesets", timeout=5) as r:
        assert {s["version"].split("+")[0] for s in json.load(r)["rulesets"]} == {__version__}
    with _OPENER.open(f"{served}/schema", timeout=5) as r:
        page = r.read().decode()
    assert "/static/vendor/@scalar/api-reference@1.72.1/dist/browser/standalone.js" in page
    with _OPENER.open(
        f"{served}/static/vendor/@scalar/api-reference@1.72.1/dist/browser/standalone.js", timeout=5
    ) as r:
        assert r.status == 200
    with _OPENER.open(f"{served}/docs/validation-codes", timeout=5) as r:
        assert "ATTACK_STRINGS_DISABLED" in r.read().decode()
    with _OPENER.open(f"{served}/builder", timeout=5) as r:
        assert "/builder/assets/js/builder/main.js" in r.read().decode()
    with _OPENER.open(f"{served}/builder/assets/js/builder/main.js", timeout=5) as r:
        assert r.status == 200


def test_the_server_imports_the_wheel_not_the_checkout(wheel: Path, tmp_path: Path) -> None:
    zipfile.ZipFile(wheel).extractall(tmp_path)
    where = subprocess.run(
        [sys.executable, "-c", "import service; print(service.__file__)"],
        cwd=tmp_path.parent,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(tmp_path)
