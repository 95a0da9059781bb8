"""The TypeScript client: its types are the published OpenAPI document's, its own tests pass against a live service,
and the builder page's committed scripts are what its sources compile to."""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from service.version import __version__

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "typescript"
BIN = CLIENT / "node_modules" / ".bin"
PAGE_JS = ROOT / "service" / "static" / "builder" / "js"
NPM_TEST_TIMEOUT_S = 300


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    assert (BIN / "tsc").exists(), "the client's Node packages are missing: `make test` installs them (npm ci)"
    return subprocess.run(args, cwd=CLIENT, capture_output=True, text=True, timeout=180, check=False)


def test_generated_types_match_the_committed_ones(tmp_path: Path) -> None:
    fresh = tmp_path / "schema.d.ts"
    done = _run(str(BIN / "openapi-typescript"), "../../openapi/openapi.json", "-o", str(fresh))
    assert done.returncode == 0, done.stderr
    assert fresh.read_text() == (CLIENT / "src" / "schema.d.ts").read_text(), "run `make contracts`"


def test_example_calls_type_check() -> None:
    done = _run(str(BIN / "tsc"), "--noEmit", "-p", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_client_is_versioned_with_the_api() -> None:
    package = json.loads((CLIENT / "package.json").read_text())
    lock = json.loads((CLIENT / "package-lock.json").read_text())
    assert package["version"] == lock["version"] == lock["packages"][""]["version"] == __version__, "make contracts"


def test_the_readme_example_is_the_type_checked_one() -> None:
    readme = (CLIENT / "README.md").read_text()
    block = readme.split("```ts\n", 1)[1].split("```\n", 1)[0]
    checked = (CLIENT / "test" / "readme-example.ts").read_text().split("// README example:\n", 1)[1]
    assert block == checked.replace('"../src/index.js"', '"@fight-rules/client"')
    assert len(block.strip().splitlines()) <= 10


def test_the_builder_pages_scripts_are_the_compiled_sources(tmp_path: Path) -> None:
    out = tmp_path / "js"
    done = _run("node", "scripts/build.mjs", "page", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    compared = filecmp.dircmp(out, PAGE_JS)
    differing: list[str] = []

    def walk(cmp: filecmp.dircmp[str], prefix: str) -> None:
        differing.extend(f"{prefix}{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files)
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(compared, "")
    assert differing == [], "run `make contracts`"


@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm on PATH")
def test_npm_test_passes_against_a_live_service() -> None:
    """`npm test` starts `fight-rules serve` (in-process cache, no Redis) in its own process group and stops it;
    this test stops the whole group as well, whatever the outcome."""
    assert (BIN / "tsc").exists(), "the client's Node packages are missing: `make test` installs them (npm ci)"
    env = {**os.environ, "FIGHT_RULES_BIN": str(ROOT / ".venv" / "bin" / "fight-rules")}
    env.pop("FIGHT_RULES_TEST_URL", None)
    proc = subprocess.Popen(
        ["npm", "test"],
        cwd=CLIENT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=NPM_TEST_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)  # the test runner stops its service on SIGTERM (test/service.ts)
        out, _ = proc.communicate(timeout=30)
        pytest.fail(f"npm test did not finish in {NPM_TEST_TIMEOUT_S} s:\n{out[-6000:]}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, out[-6000:]
    assert "# fail 0" in out, out[-6000:]


IMPORT_CHECK = (
    'import { createFightRulesClient } from "@fight-rules/client";\n'
    'if (typeof createFightRulesClient !== "function") process.exit(1);\n'
)


def _npm(cwd: Path, *args: str) -> None:
    # --prefer-offline: the pinned packages come from npm's cache when it has them (the registry otherwise).
    done = subprocess.run(
        ["npm", *args, "--prefer-offline", "--no-audit", "--no-fund"],
        cwd=cwd, capture_output=True, text=True, timeout=NPM_TEST_TIMEOUT_S, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def _imports_the_client(app: Path) -> None:
    (app / "check.mjs").write_text(IMPORT_CHECK)
    done = subprocess.run(["node", "check.mjs"], cwd=app, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm on PATH")
def test_the_client_installs_from_its_folder_and_from_a_tarball(tmp_path: Path) -> None:
    """A fresh clone's folder (its committed files, no node_modules, no dist): `npm install <folder>` builds it (its
    `prepare` script fetches the pinned build tools first), and the tarball `npm pack` makes installs too."""
    tracked = subprocess.run(
        ["git", "ls-files", "."], cwd=CLIENT, capture_output=True, text=True, check=True
    ).stdout.split()
    folder = tmp_path / "clone" / "clients" / "typescript"
    for name in tracked:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(CLIENT / name, folder / name)
    assert not (folder / "dist").exists() and not (folder / "node_modules").exists()
    for app_name, target in (("from-folder", str(folder)), ("from-tarball", None)):
        app = tmp_path / app_name
        app.mkdir()
        (app / "package.json").write_text('{"name": "app", "version": "0.0.0", "private": true, "type": "module"}')
        if target is None:  # the tarball of the folder built above
            _npm(folder, "pack", "--pack-destination", str(tmp_path))
            target = str(next(tmp_path.glob("fight-rules-client-*.tgz")))
        _npm(app, "install", target)
        _imports_the_client(app)
