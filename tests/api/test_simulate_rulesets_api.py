"""The matchup simulator of impact, fightrpg, ashes and battleroyale through REST, GraphQL and the CLI: published
examples answered, exact merging, bad input as 4xx, the cost charged before any work."""

from __future__ import annotations

import argparse
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service import simulate as cli
from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.ashes.operations import examples as ashes_examples
from service.rules.battleroyale.operations import examples as royale_examples
from service.rules.core.simulation import SimulationSums
from service.rules.fightrpg.examples import simulation_examples
from service.rules.impact.operations import examples as impact_examples

EXAMPLES = {
    "impact": (impact_examples("simulate")["grand-master-mirror"], impact_examples("merge_simulations")["two-parts"]),
    "fightrpg": (
        simulation_examples("simulate")["dragon-vs-tiger"],
        simulation_examples("merge_simulations")["two-parts"],
    ),
    "ashes": (ashes_examples("simulate")["sword-against-fists"], ashes_examples("merge_simulations")["two-parts"]),
    "battleroyale": (
        royale_examples("simulate")["tigress-vs-assassin"],
        royale_examples("merge_simulations")["two-parts"],
    ),
}
INPUT = {
    "impact": "ImpactSimulationRequestInput",
    "fightrpg": "FightrpgSimulationRequestInput",
    "ashes": "AshesSimulationRequestInput",
    "battleroyale": "BattleroyaleSimulationRequestInput",
}


def body(ruleset: str, **fields: Any) -> dict[str, Any]:
    return {**copy.deepcopy(EXAMPLES[ruleset][0]), **fields}


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "ashes", "battleroyale"])
def test_parts_merge_into_the_whole_run(client: TestClient[Litestar], ruleset: str) -> None:
    sim, merge = f"/v1/{ruleset}/simulate", f"/v1/{ruleset}/simulate/merge"
    whole = client.post(sim, json=body(ruleset, count=3))
    assert whole.status_code == 200
    answer = whole.json()
    assert answer["fights"] == 3 and answer["seeds"]["count"] == 3
    assert sum(s["wins"] for s in answer["sides"]) + answer["draws"] + answer["time_outs"] + answer["aborted"] == 3
    parts = [client.post(sim, json=body(ruleset, offset=o, count=n)).json() for o, n in ((1, 2), (0, 1))]
    merged = client.post(merge, json={"runs": parts})
    assert merged.status_code == 200 and merged.json() == answer
    example = client.post(merge, json=EXAMPLES[ruleset][1])
    assert example.status_code == 200 and example.json()["seeds"]["count"] == 2


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "ashes", "battleroyale"])
@pytest.mark.parametrize(
    "change", [{"count": 0}, {"count": 501}, {"turn_limit": 501}, {"seed": "seven"}, {"sides": []}]
)
def test_malformed_simulations_are_4xx(client: TestClient[Litestar], ruleset: str, change: dict[str, Any]) -> None:
    r = client.post(f"/v1/{ruleset}/simulate", json=body(ruleset, **change))
    assert 400 <= r.status_code < 500 and r.headers["content-type"].startswith("application/problem+json")


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "ashes", "battleroyale"])
def test_parts_that_do_not_join_are_4xx(client: TestClient[Litestar], ruleset: str) -> None:
    sim = f"/v1/{ruleset}/simulate"
    one = client.post(sim, json=body(ruleset, count=1)).json()
    gap = client.post(sim, json=body(ruleset, offset=2, count=1)).json()
    r = client.post(f"/v1/{ruleset}/simulate/merge", json={"runs": [one, gap]})
    assert r.status_code == 400 and "gap" in r.text


QUERY = """query($s: INPUT!) { RULESET { simulate(input: $s) { __typename
  ... on SimulationSums { fights draws timeOuts seeds { seed offset count } length { histogram mean }
  sides { side policy wins winInterval { low high } spent { resource spent } attacks { attack uses hits damage } } }
  ... on InvalidInput { problems { path } } } } }"""


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "ashes", "battleroyale"])
def test_graphql_field_answers_as_rest_and_is_priced(client: TestClient[Litestar], ruleset: str) -> None:
    query = QUERY.replace("INPUT", INPUT[ruleset]).replace("RULESET", ruleset)
    rest = client.post(f"/v1/{ruleset}/simulate", json=body(ruleset, count=1)).json()
    variables = {"s": encode(graphql_type(INPUT[ruleset]), body(ruleset, count=1))}
    out = client.post("/graphql", json={"query": query, "variables": variables}).json()
    sim = out["data"][ruleset]["simulate"]
    assert sim["fights"] == 1 and sim["length"]["histogram"] == rest["length"]["histogram"]
    assert sim["sides"][0]["wins"] == rest["sides"][0]["wins"]
    assert sim["sides"][0]["spent"][0]["resource"] == rest["sides"][0]["spent"][0]["resource"]
    # 100 + 50 fights × 20/5 turns = 300 units: over the default limit of 200, refused before any work
    costly = {"s": encode(graphql_type(INPUT[ruleset]), body(ruleset, count=50, turn_limit=20))}
    refused = client.post("/graphql", json={"query": query, "variables": costly}).json()
    assert refused["errors"][0]["extensions"]["code"] == "QUERY_TOO_COSTLY"


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "ashes", "battleroyale"])
def test_cli_local_pool_merges_to_the_single_request(
    tmp_path: Path, client: TestClient[Litestar], ruleset: str
) -> None:
    request = tmp_path / "req.json"
    request.write_text(json.dumps(body(ruleset, count=3)))
    args = argparse.Namespace(
        request=request, ruleset=ruleset, count=None, offset=None, seed=None, url=None, chunk=1, workers=1,
        out=tmp_path / "out.json", plot=tmp_path / "out.png", quiet=True,
    )  # fmt: skip
    cli.main(args)
    answer = SimulationSums.model_validate_json(args.out.read_text())
    assert answer.model_dump(mode="json") == client.post(f"/v1/{ruleset}/simulate", json=body(ruleset, count=3)).json()
    assert args.plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
