"""The README's commands run as written from a fresh clone after `make run` (issue 38)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from litestar import Litestar
from litestar.testing import TestClient

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHELL_BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)


def _make_target(name: str) -> str:
    """The recipe of the Makefile rule whose target starts with ``name``, with its prerequisites' stamp."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(rf"^{re.escape(name)}.*?\n((?:\t.*\n)+)", text, flags=re.M)
    assert found, name
    return found.group(1)


def test_every_cli_command_in_the_readme_names_the_venv_script() -> None:
    lines = [line.strip() for block in SHELL_BLOCKS for line in block.splitlines()]
    commands = [line for line in lines if re.search(r"(^|/)fight-rules ", line)]
    assert commands, "the README shows fight-rules commands"
    assert all(line.startswith(".venv/bin/fight-rules ") for line in commands), commands


def test_make_run_installs_what_the_readme_cli_examples_use() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["cli"]
    assert {re.split(r"[=<>]", pin)[0] for pin in extras} >= {"tqdm", "matplotlib"}  # the bar and --plot
    assert "-e '.[cli]'" in _make_target("$(STAMP):")  # `make run` depends on $(STAMP)
    assert re.search(r"^run: \$\(STAMP\)", (ROOT / "Makefile").read_text(), flags=re.M)


def test_the_readme_names_no_package_index_that_lacks_the_package() -> None:
    assert "From PyPI" not in README and "pip install fight-rules " not in README


def test_the_readme_states_the_catalogues_size_as_served(client: TestClient[Litestar]) -> None:
    """Issue 38: the figures were stale. Measured 262 KB, 32 KB gzipped and 28 KB with brotli (decimal KB); a
    catalogue that grows or shrinks by more than 5 % fails here until the README says its new size."""
    said = re.search(r"the whole catalogue is\s+(\d+) KB as JSON, (\d+) KB gzipped, (\d+) KB with brotli", README)
    assert said, "the README states the catalogue's size"
    for stated, encoding in zip(said.groups(), ("identity", "gzip", "br"), strict=True):
        served = int(client.get("/v1/fight2e/catalog", headers={"Accept-Encoding": encoding}).headers["content-length"])
        assert abs(served / 1000 - int(stated)) <= 0.05 * int(stated), (encoding, served, stated)


def test_the_deprecation_policy_is_stated_and_nothing_is_deprecated_yet() -> None:
    section = README.split("## Versions and deprecation", 1)[1].split("\n## ", 1)[0]
    for said in ("at least 6 months", "`Deprecation: @<unix time>`", "`Sunset: <HTTP date>`", "deprecated: true"):
        assert said in section, said
    # The README says no answer carries the headers yet: true while no operation or schema is marked deprecated.
    document = (ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8")
    assert '"deprecated": true' not in document, "a deprecation: update the README's list and send the headers"
