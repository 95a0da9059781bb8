"""Run in a fresh interpreter by tests/api/test_second_ruleset.py: adds this directory to the rulesets' search
path, builds the app as production does, asks it a fixed list of requests and prints the answers as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import service.rules

service.rules.__path__.append(str(Path(__file__).resolve().parent))  # the registry's discovery finds toydice

from litestar.testing import TestClient  # noqa: E402

from service.app import create_app  # noqa: E402
from service.cli import graphql_sdl  # noqa: E402

GRAPHQL = """{
  rulesets { id name }
  toydice {
    totalRoll(input: {dice: [1, 2, 3, 4], modifier: 1}) {
      __typename
      ... on ToydiceRollTotal { total valid violations { code path severity } }
    }
    bounded: totalRoll(input: {dice: [1], modifier: 9}) {
      __typename
      ... on InvalidInput { problems { path } }
    }
    catalog { faces(parity: even) { id value parity } }
  }
  fight2e { catalog { powerLevels { powerLevel } } }
}"""

REQUESTS: list[tuple[str, str, str, object]] = [
    ("rulesets", "GET", "/v1/rulesets", None),
    ("total", "POST", "/v1/toydice/rolls/total", {"dice": [1, 2, 3, 4], "modifier": 1}),
    ("total_malformed", "POST", "/v1/toydice/rolls/total", {"dice": [], "modifier": 1}),
    ("faces_even", "GET", "/v1/toydice/catalog/faces?parity=even", None),
    ("faces_unknown", "GET", "/v1/toydice/catalog/faces?parity=prime", None),
    ("face", "GET", "/v1/toydice/catalog/faces/two", None),
    ("face_missing", "GET", "/v1/toydice/catalog/faces/zero", None),
    ("graphql", "POST", "/graphql", {"query": GRAPHQL}),
    ("graphql_unknown", "POST", "/graphql", {"query": "{ toydice { catalog { faces(parity: prime) { id } } } }"}),
    ("openapi", "GET", "/schema/openapi.json", None),
    ("codes", "GET", "/docs/validation-codes.md", None),
    ("fight2e", "POST", "/v1/fight2e/moves/price", {"name": "x", "type": "special", "level": 1}),
]


def main() -> None:
    answers: dict[str, object] = {}
    with TestClient(create_app()) as client:
        for name, method, path, body in REQUESTS:
            response = client.request(method, path, json=body)
            kind = response.headers.get("content-type", "")
            content = response.json() if "json" in kind else response.text
            answers[name] = {"status": response.status_code, "etag": response.headers.get("etag"), "body": content}
    answers["sdl"] = graphql_sdl()
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
