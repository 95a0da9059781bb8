"""The published OpenAPI document generates TypeScript types a plugin author can call the service with."""

from __future__ import annotations

import subprocess
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
BIN = CLIENT / "node_modules" / ".bin"


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
