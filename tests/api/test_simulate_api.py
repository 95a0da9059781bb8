"""The matchup simulator through REST, GraphQL and the CLI: same answers, exact merging, bad input as 4xx."""

from __future__ import annotations

import argparse
import copy
import importlib.util
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service import simulate as cli
from service import simulation_plot
from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.core.simulation import SimulationSums
from service.rules.fight2e.operations import examples

SIM = "/v1/fight2e/simulate"
MERGE = "/v1/fight2e/simulate/merge"


def body(**fields: Any) -> dict[str, Any]:
    return {**copy.deepcopy(examples("simulate")["rei-vs-battle"]), **fields}


def test_same_request_same_answer_and_cached(client: TestClient[Litestar]) -> None:
    first = client.post(SIM, json=body(count=2))
    again = client.post(SIM, json=body(count=2))
    assert first.status_code == again.status_code == 200
    assert first.content == again.content and again.headers["X-Cache"] != "miss"
    answer = first.json()
    assert answer["fights"] == 2 and answer["seeds"] == {"seed": 7, "offset": 0, "count": 2}
    assert answer["sides"][0]["wins"] + answer["sides"][1]["wins"] + answer["draws"] + answer["time_outs"] == 2


def test_parts_merge_into_the_whole_run(client: TestClient[Litestar]) -> None:
    whole = client.post(SIM, json=body(count=3)).json()
    parts = [client.post(SIM, json=body(offset=o, count=n)).json() for o, n in ((2, 1), (0, 2))]
    merged = client.post(MERGE, json={"runs": parts})
    assert merged.status_code == 200 and merged.json() == whole
    example = client.post(MERGE, json=examples("merge_simulations")["two-parts"])
    assert example.status_code == 200 and example.json()["seeds"]["count"] == 2


@pytest.mark.parametrize(
    "change",
    [
        {"count": 0},
        {"count": 501},
        {"turn_limit": 501},
        {"seed": "seven"},
        {"sides": []},
    ],
)
def test_malformed_simulations_are_4xx(client: TestClient[Litestar], change: dict[str, Any]) -> None:
    r = client.post(SIM, json=body(**change))
    assert 400 <= r.status_code < 500 and r.headers["content-type"].startswith("application/problem+json")


def test_parts_that_do_not_join_are_4xx(client: TestClient[Litestar]) -> None:
    one = client.post(SIM, json=body(count=1)).json()
    gap = client.post(SIM, json=body(offset=2, count=1)).json()
    r = client.post(MERGE, json={"runs": [one, gap]})
    assert r.status_code == 400 and "gap" in r.text and r.json()["errors"][0]["path"] == "runs"
    assert client.post(MERGE, json={"runs": []}).status_code == 400


QUERY = """query($s: Fight2eSimulationRequestInput!) { fight2e { simulate(input: $s) { __typename
  ... on SimulationSums { fights draws timeOuts seeds { seed offset count } length { histogram mean p50 }
  sides { side policy wins winInterval { low high } attacks { attack uses hits damage } } }
  ... on InvalidInput { problems { path } } } } }"""


def _graphql_input(b: dict[str, Any]) -> Any:
    return encode(graphql_type("Fight2eSimulationRequestInput"), b)


def test_graphql_field_answers_as_rest_and_is_priced(client: TestClient[Litestar]) -> None:
    rest = client.post(SIM, json=body(count=1)).json()
    out = client.post("/graphql", json={"query": QUERY, "variables": {"s": _graphql_input(body(count=1))}}).json()
    sim = out["data"]["fight2e"]["simulate"]
    assert sim["fights"] == 1 and sim["length"]["histogram"] == rest["length"]["histogram"]
    assert sim["sides"][0]["wins"] == rest["sides"][0]["wins"]
    # 100 + 50 fights × 100/5 turns = 1,100 units: over the default limit of 200
    costly = client.post("/graphql", json={"query": QUERY, "variables": {"s": _graphql_input(body(count=50))}}).json()
    assert costly["errors"][0]["extensions"]["code"] == "QUERY_TOO_COSTLY"


def test_cli_chunks_cover_the_run() -> None:
    assert cli.chunks(10, 7, 3) == [(10, 3), (13, 3), (16, 1)]
    assert cli.chunks(0, 2, 250) == [(0, 2)]


def test_cli_default_chunks_are_few_tasks_per_worker_within_a_request() -> None:
    # 3,000 fights over 2 workers in 4 tasks each: 3000 / 8 = 375; over 1 worker 750 > a request's 500, so 500;
    # 100 fights: 100 / 8 = 12.5, under the floor of 25; against a service: 25 a request, whatever the run
    bound = cli.count_bound(cli.simulation_operation("fight2e"))
    assert bound == 500
    assert cli.chunk_size(3000, 2, remote=False, most=bound) == 375
    assert cli.chunk_size(3000, 1, remote=False, most=bound) == 500
    assert cli.chunk_size(100, 2, remote=False, most=bound) == 25
    assert cli.chunk_size(3000, 2, remote=True, most=bound) == 25


def test_cli_local_pool_merges_to_the_single_request(tmp_path: Path, client: TestClient[Litestar]) -> None:
    request = tmp_path / "req.json"
    request.write_text(json.dumps(body(count=3)))
    args = argparse.Namespace(
        request=request, ruleset="fight2e", count=None, offset=None, seed=None, url=None, chunk=1, workers=1,
        out=tmp_path / "out.json", plot=tmp_path / "out.png", quiet=True,
    )  # fmt: skip
    cli.main(args)
    answer = SimulationSums.model_validate_json(args.out.read_text())
    assert answer.model_dump(mode="json") == client.post(SIM, json=body(count=3)).json()
    assert args.plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _args(tmp_path: Path, **change: Any) -> argparse.Namespace:
    request = tmp_path / "req.json"
    request.write_text(json.dumps(body(count=3)))
    base = dict(
        request=request, ruleset="fight2e", count=None, offset=None, seed=None, url=None, chunk=1, workers=1,
        out=tmp_path / "out.json", plot=None, quiet=False,
    )  # fmt: skip
    return argparse.Namespace(**{**base, **change})


def test_plot_without_matplotlib_stops_before_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    args = _args(tmp_path, plot=tmp_path / "out.png")
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert "--plot needs matplotlib" in str(stop.value) and "\n" not in str(stop.value)
    assert not args.out.exists()  # refused before any fight was played


def test_bad_request_is_one_line_without_library_links(tmp_path: Path) -> None:
    args = _args(tmp_path)
    args.request.write_text(json.dumps(body(seed="soon", turn_limit=-1)))
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    message = str(stop.value)
    assert "\n" not in message and "errors.pydantic.dev" not in message
    assert message.count("seed: ") == 1 and "problems: " in message


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_its_last_line_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    cli.main(_args(tmp_path))
    drawn = terminal.getvalue()
    assert drawn.count("3/3") <= 1  # the finished bar at most once (close() does not draw it again)
    assert drawn.splitlines()[-1].startswith("3 fights:")


def test_progress_bar_is_not_written_into_a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    cli.main(_args(tmp_path))
    assert log.getvalue().startswith("3 fights:")


def test_plot_words(tmp_path: Path) -> None:
    cli.main(_args(tmp_path, quiet=True))
    answer = SimulationSums.model_validate_json((tmp_path / "out.json").read_text())
    # body(): the sides and policies of the request, 3 fights from its seed, first fight 0.
    a, b = (s["name"] for s in body()["sides"])
    pa, pb = (s["policy"] for s in body()["sides"])
    assert simulation_plot.title(answer) == (
        f"{a} playing {pa} against {b} playing {pb}: 3 simulated fights (seed {body()['seed']})"
    )
    turns = answer.length.turns
    assert simulation_plot.mean_label(answer) == f"mean {round(turns / 3, 1):.1f}"
    rows = simulation_plot.attack_rows(answer)
    first_side = [r for r in rows if r[0].startswith(f"{a}:")]
    assert [r[1] for r in first_side] == sorted((x.uses for x in answer.sides[0].attacks), reverse=True)[:6]


def test_the_console_script_writes_its_whole_answer_before_it_ends(tmp_path: Path) -> None:
    """Run as the console script, ``simulate`` ends without the interpreter's teardown (issue 37): its answer on
    standard output and its summary line are flushed first, whole."""
    import subprocess

    (tmp_path / "request.json").write_text(json.dumps(body(count=3)), encoding="utf-8")
    script = "import sys; from service.cli import main; sys.argv[0] = 'fight-rules'; main()"
    command = [sys.executable, "-c", script, "simulate", str(tmp_path / "request.json"), "--workers", "1", "--quiet"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    answer = SimulationSums.model_validate_json(done.stdout)
    assert answer.fights == 3 and done.stdout.endswith("}\n")
    assert done.stderr.startswith("3 fights:") and done.stderr.endswith("turns\n")
