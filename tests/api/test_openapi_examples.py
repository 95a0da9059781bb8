"""Every operation of the OpenAPI document has a response example (issue 38), made from the published request
examples by the same core that answers them, so an example answer is what its request gets (its long lists cut to
their first items)."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from service.openapi import answer_examples
from service.rules.core.ruleset import rulesets

METHODS = ("get", "post")


def within(excerpt: Any, served: Any) -> bool:
    """``excerpt`` is ``served`` with lists cut to their first items (at most 8: the example keeps that many)."""
    if isinstance(excerpt, list):
        return (
            len(excerpt) <= min(8, len(served))
            and (len(excerpt) == len(served) or len(excerpt) >= min(3, len(served)))
            and all(within(e, s) for e, s in zip(excerpt, served, strict=False))
        )
    if isinstance(excerpt, dict):
        return excerpt.keys() == served.keys() and all(within(v, served[k]) for k, v in excerpt.items())
    return bool(excerpt == served)


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m, p, op) for p, item in document["paths"].items() for m, op in item.items() if m in METHODS]


def test_every_operation_has_a_response_example(client: TestClient[Litestar]) -> None:
    document = client.get("/schema/openapi.json").json()
    missing = [
        (method, path)
        for method, path, op in _operations(document)
        if not op["responses"]["200"]["content"]["application/json"].get("examples")
    ]
    assert len(_operations(document)) > 60 and missing == []


def test_each_answer_example_is_what_its_request_example_gets(client: TestClient[Litestar]) -> None:
    document = client.get("/schema/openapi.json").json()
    for ruleset in rulesets():
        for op in ruleset.operations:
            path = f"/v1/{ruleset.id}/{op.path}"
            post = document["paths"][path]["post"]
            answers = post["responses"]["200"]["content"]["application/json"]["examples"]
            requests = post["requestBody"]["content"]["application/json"]["examples"]
            ((name, example),) = answers.items()
            assert name in requests, path  # named as the request example it answers
            assert within(example["value"], client.post(path, json=requests[name]["value"]).json()), (path, name)


def test_get_examples_are_excerpts_of_what_is_served(client: TestClient[Litestar]) -> None:
    document = client.get("/schema/openapi.json").json()
    for method, path, op in _operations(document):
        if method != "get" or "{" in path or path == "/readyz":
            continue
        ((example),) = op["responses"]["200"]["content"]["application/json"]["examples"].values()
        assert within(example["value"], client.get(path).json()), path


def test_an_excerpt_keeps_what_the_model_requires() -> None:
    """An impact pack has exactly 7 body areas (minItems 7): its example keeps them, not the first 3."""
    pack = answer_examples()[("get", "/v1/impact/catalog/packs/{id}")]["first"]["value"]
    assert len(pack["areas"]) == 7 and len(pack["maneuvers"]) == 8


def test_franks_ledger_says_why_it_answers_invalid(client: TestClient[Litestar]) -> None:
    """Issue 38. Worked by hand from 001 L164-176 (tests/unit/impact/test_fighter.py prices each step): by the stated
    rules Frank spends 1005 PP of the white belt's 1000 (001 L118), 5 over, because the sample prices Tactics 1 to 2
    at 40 PP (001 L166) where 30 × next level is 60 (001 L132). The example's description says so."""
    post = client.get("/schema/openapi.json").json()["paths"]["/v1/impact/fighters/validate"]["post"]
    requests = post["requestBody"]["content"]["application/json"]["examples"]
    for name, example in requests.items():
        assert name.startswith("Frank")
        answer = client.post("/v1/impact/fighters/validate", json=example["value"]).json()
        assert answer["valid"] is False and [v["code"] for v in answer["violations"]] == ["PP_OVERSPENT"]
        assert answer["derived"]["pp_spent"] == 1005
        for fact in ("PP_OVERSPENT", "1005", "001 L166", "001 L132"):
            assert fact in example["description"], (name, fact)
    ((name, answer_example),) = post["responses"]["200"]["content"]["application/json"]["examples"].items()
    assert answer_example["description"] == requests[name]["description"]
