"""A second ruleset is a package and nothing else: the toy in tests/toy_rulesets is found by the registry's
discovery in a fresh interpreter and served by REST, GraphQL, the OpenAPI document and the codes page, beside
fight2e, with no change to generic code (which the import contracts keep free of ruleset names)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

PROBE = Path(__file__).resolve().parents[1] / "toy_rulesets" / "probe.py"


def probe() -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIGHT_RULES_")} | {"FIGHT_RULES_LOG_LEVEL": "error"}
    run = subprocess.run([sys.executable, str(PROBE)], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> dict[str, Any]:
    """The probe's answers, from one run per session: under xdist the first worker to get here runs it (several
    seconds: a fresh interpreter loads every ruleset) and leaves the answers in the session's shared temporary
    directory, under a lock, for the others."""
    if worker_id == "master":  # pytest-xdist's name for a run without workers
        return probe()
    shared = tmp_path_factory.getbasetemp().parent / "second_ruleset_probe.json"
    with shared.with_suffix(".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not shared.exists():
            shared.write_text(json.dumps(probe()), encoding="utf-8")
    return json.loads(shared.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_listed_beside_fight2e(answers: dict[str, Any]) -> None:
    listed = {r["id"]: r for r in answers["rulesets"]["body"]["rulesets"]}
    assert {"fight2e", "toydice"} <= set(listed)
    (op,) = listed["toydice"]["operations"]
    assert (op["operation_id"], op["method"], op["path"]) == ("toydiceTotalRoll", "POST", "/v1/toydice/rolls/total")
    assert answers["fight2e"]["status"] == 200 and answers["fight2e"]["body"]["ruleset"] == "fight2e"


def test_rest_operation_and_catalogue(answers: dict[str, Any]) -> None:
    total = answers["total"]
    assert total["status"] == 200
    assert total["body"]["total"] == 1 + 2 + 3 + 4 + 1 and total["body"]["valid"] is False
    assert [(v["code"], v["path"]) for v in total["body"]["violations"]] == [("TOO_MANY_DICE", "dice[3]")]
    assert answers["total_malformed"]["status"] == 400
    assert answers["total_malformed"]["body"]["errors"][0]["path"] == "dice"
    even = answers["faces_even"]
    assert even["status"] == 200 and even["etag"]
    assert [f["id"] for f in even["body"]["faces"]] == ["two", "four", "six"]
    assert answers["faces_unknown"]["status"] == 400
    assert answers["face"]["body"]["value"] == 2 and answers["face_missing"]["status"] == 404


def test_graphql_namespace(answers: dict[str, Any]) -> None:
    out = answers["graphql"]["body"]
    assert "errors" not in out, out
    toy = out["data"]["toydice"]
    assert toy["totalRoll"]["__typename"] == "ToydiceRollTotal" and toy["totalRoll"]["total"] == 11
    assert [v["code"] for v in toy["totalRoll"]["violations"]] == ["TOO_MANY_DICE"]
    assert toy["bounded"] == {"__typename": "InvalidInput", "problems": [{"path": "modifier"}]}
    assert toy["catalog"]["faces"] == [
        {"id": i, "value": v, "parity": "even"} for i, v in (("two", 2), ("four", 4), ("six", 6))
    ]
    assert {"fight2e", "toydice"} <= {r["id"] for r in out["data"]["rulesets"]}
    assert out["data"]["fight2e"]["catalog"]["powerLevels"]
    unknown = answers["graphql_unknown"]["body"]
    assert unknown["data"] is None and unknown["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED"
    assert "toydice: ToydiceQuery!" in answers["sdl"] and "fight2e: Fight2eQuery!" in answers["sdl"]


def test_openapi_and_codes(answers: dict[str, Any]) -> None:
    spec = answers["openapi"]["body"]
    ops = {op["operationId"] for path in spec["paths"].values() for op in path.values() if "operationId" in op}
    assert {"toydiceTotalRoll", "toydiceCatalogFaces", "toydiceCatalogFacesOne", "fight2ePriceMove"} <= ops
    post = spec["paths"]["/v1/toydice/rolls/total"]["post"]
    assert post["requestBody"]["content"]["application/json"]["examples"]
    params = {p["name"] for p in spec["paths"]["/v1/toydice/catalog/faces"]["get"]["parameters"]}
    assert params == {"parity"}
    assert "TOO_MANY_DICE" in answers["codes"]["body"] and "## Toy Dice" in answers["codes"]["body"]
