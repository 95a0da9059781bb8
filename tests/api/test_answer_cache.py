"""Issue 13 item 3: the local answer cache is bounded in bytes, and very large answers are not cached."""

from __future__ import annotations

from typing import Any

from graphql import GraphQLObjectType, GraphQLUnionType, get_named_type
from litestar.testing import TestClient

from service.app import create_app
from service.graphql.schema import graphql_type
from tests.conftest import local_settings

MiB = 2**20


def selection(t: Any) -> str:
    """Every field of a type, recursively: the full record, as the REST catalogue has it."""
    t = get_named_type(t)
    if isinstance(t, GraphQLUnionType):
        return "{ __typename " + " ".join(f"... on {m.name} {selection(m)}" for m in t.types) + " }"
    if isinstance(t, GraphQLObjectType):
        return "{ " + " ".join(f"{n} {selection(f.type)}" for n, f in t.fields.items()) + " }"
    return ""


ENTRY_FIELDS = selection(graphql_type("Fight2eEntry"))[2:-2]


def entries_query(aliases: int, salt: int) -> dict[str, str]:
    """Every Element and Liability with its full record, ``aliases`` times; ``salt`` makes each query distinct."""
    fields = " ".join(f"a{n}: entries {{ {ENTRY_FIELDS} }}" for n in range(aliases))
    return {"query": "{ fight2e { catalog { " + fields + " } } }" + " " * salt}


def test_many_distinct_queries_with_large_answers_stay_within_the_byte_bound() -> None:
    """The reproducer: distinct small queries whose answers are large. Under the old 4,096-entry bound, 60 of them
    pinned 580 MiB; here 40 answers of ~200 KiB each must fit in 2 MiB."""
    app = create_app(local_settings(local_cache_bytes=2 * MiB, cache_max_answer_bytes=MiB))
    with TestClient(app) as client:
        sizes = [len(client.post("/graphql", json=entries_query(1, salt)).content) for salt in range(40)]
    assert all(100_000 < s < MiB for s in sizes)  # each answer is cacheable on its own
    local = app.state.cache.local
    assert sum(len(v) for v in local.values()) <= 2 * MiB and local.currsize <= 2 * MiB
    assert 0 < len(local) < 40


def test_an_answer_above_the_limit_is_not_cached() -> None:
    app = create_app(local_settings(cache_max_answer_bytes=MiB))
    with TestClient(app) as client:
        answers = [client.post("/graphql", json=entries_query(8, 0)) for _ in range(2)]
    assert all(a.status_code == 200 and len(a.content) > MiB for a in answers)
    assert answers[1].headers.get("x-cache") != "local"
    assert len(app.state.cache.local) == 0
