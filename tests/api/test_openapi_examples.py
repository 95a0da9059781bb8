"""Every operation of the OpenAPI document has a response example (issue 38), made from the published request
examples by the same core that answers them, so an example answer is what its request gets."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from service.rules.core.ruleset import rulesets

METHODS = ("get", "post")


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
            assert client.post(path, json=requests[name]["value"]).json() == example["value"], (path, name)


def test_get_examples_are_excerpts_of_what_is_served(client: TestClient[Litestar]) -> None:
    """Each list cut to its first item: the example's first items are the served document's."""
    document = client.get("/schema/openapi.json").json()

    def within(excerpt: Any, served: Any) -> bool:
        if isinstance(excerpt, list):
            return len(excerpt) <= 1 and all(within(e, s) for e, s in zip(excerpt, served, strict=False))
        if isinstance(excerpt, dict):
            return excerpt.keys() == served.keys() and all(within(v, served[k]) for k, v in excerpt.items())
        return bool(excerpt == served)

    for method, path, op in _operations(document):
        if method != "get" or "{" in path or path == "/readyz":
            continue
        ((example),) = op["responses"]["200"]["content"]["application/json"]["examples"].values()
        assert within(example["value"], client.get(path).json()), path
