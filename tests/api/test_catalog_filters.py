"""Catalogue filters on REST and GraphQL, and unknown query parameters refused."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.rules.fight2e.catalogue.catalog import catalog

CATALOG = "/v1/fight2e/catalog"


def _ids(client: TestClient[Litestar], path: str, field: str) -> set[str]:
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    return {item["id"] for item in answer.json()[field]}


def test_entries_by_kind_move_type_keyword_and_name(client: TestClient[Litestar]) -> None:
    cat = catalog()
    assert _ids(client, f"{CATALOG}/entries?kind=liability", "entries") == {e.id for e in cat.liabilities()}
    specials = _ids(client, f"{CATALOG}/entries?move_type=special", "entries")
    assert specials == {e.id for e in cat.entries.values() if "special" in e.move_types}
    assert specials < set(cat.entries)  # Super-only entries are left out
    assert "ranged" in _ids(client, f"{CATALOG}/elements?keyword=long_range", "elements")
    found = _ids(client, f"{CATALOG}/entries?search=RANGE", "entries")
    assert "ranged" in found and all("range" in cat.entries[i].name.lower() or "range" in i for i in found)
    both = _ids(client, f"{CATALOG}/liabilities?move_type=special&search=charge", "liabilities")
    assert both and all(cat.entries[i].kind == "liability" for i in both)


def test_keywords_and_basic_moves_filters(client: TestClient[Litestar]) -> None:
    ranges = _ids(client, f"{CATALOG}/keywords?category=range", "keywords")
    assert "long_range" in ranges and "stun" not in ranges
    commands = _ids(client, f"{CATALOG}/basic-moves?kind=command", "basic_moves")
    assert commands == {m.id for m in catalog().fixed_moves.values() if m.kind == "command"}


def test_a_filtered_list_has_its_own_etag(client: TestClient[Litestar]) -> None:
    whole = client.get(f"{CATALOG}/elements").headers["etag"]
    some = client.get(f"{CATALOG}/elements?move_type=super")
    assert some.headers["etag"] != whole
    again = client.get(f"{CATALOG}/elements?move_type=super", headers={"If-None-Match": some.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize(
    "path",
    [
        f"{CATALOG}/elements?movetype=super",
        f"{CATALOG}/entries/ranged?verbose=1",
        "/v1/rulesets?page=2",
        f"{CATALOG}?kind=element",
    ],
)
def test_unknown_query_parameters_are_refused(client: TestClient[Litestar], path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["errors"][0]["source"] == "query"


def test_unknown_query_parameters_are_refused_on_compute_routes(client: TestClient[Litestar]) -> None:
    answer = client.post("/v1/fight2e/moves/price?debug=1", json={"name": "x", "type": "special", "level": 1})
    assert answer.status_code == 400 and "debug" in answer.json()["detail"]


@pytest.mark.parametrize(
    "path",
    [
        f"{CATALOG}/elements?move_type=mega",
        f"{CATALOG}/entries?kind=thing",
        f"{CATALOG}/elements?search=",
        f"{CATALOG}/elements?keyword=Not-An-Id",
    ],
)
def test_bad_filter_values_are_400(client: TestClient[Litestar], path: str) -> None:
    assert client.get(path).status_code == 400


def test_graphql_entry_filters(client: TestClient[Litestar]) -> None:
    query = (
        '{ fight2e { catalog { entries(kind: element, moveType: super, keyword: long_range, search: "rang") '
        "{ id kind moveTypes } } } }"
    )
    data = client.post("/graphql", json={"query": query}).json()["data"]["fight2e"]["catalog"]["entries"]
    assert [e["id"] for e in data] == ["ranged"]
    assert data[0]["kind"] == "element" and "super" in data[0]["moveTypes"]


@pytest.mark.parametrize(
    "args",
    ['kind: "element"', "kind: elements", "moveType: ultra", "keyword: not_a_keyword", "ids: [no_such_entry]"],
)
def test_graphql_unknown_filter_values_are_errors(client: TestClient[Litestar], args: str) -> None:
    """An unknown filter value is a validation error (the filters are enums), never an empty list."""
    out = client.post("/graphql", json={"query": f"{{ fight2e {{ catalog {{ entries({args}) {{ id }} }} }} }}"}).json()
    assert out.get("data") is None
    assert [e["extensions"]["code"] for e in out["errors"]] == ["GRAPHQL_VALIDATION_FAILED"]


@pytest.mark.parametrize(
    ("path", "field"),
    [
        (f"{CATALOG}/entries?keyword=not_a_keyword", "keyword"),
        (f"{CATALOG}/entries?ids=no_such_entry", "ids"),
        (f"{CATALOG}/skills?kind=social", "kind"),
    ],
)
def test_rest_unknown_filter_values_are_400_naming_the_parameter(
    client: TestClient[Litestar], path: str, field: str
) -> None:
    """The same enums as GraphQL: a well-formed id that names nothing is refused, not answered with []."""
    answer = client.get(path)
    assert answer.status_code == 400
    assert [e["path"] for e in answer.json()["errors"]] == [field]


def test_rest_and_graphql_filters_agree(client: TestClient[Litestar]) -> None:
    """Both adapters are generated from the same documents and filter models."""
    cat = catalog()
    rest = _ids(client, f"{CATALOG}/entries?ids=ranged&ids=bomb&kind=element", "entries")
    assert rest == {"ranged", "bomb"} and all(cat.entries[i].kind == "element" for i in rest)
    narrative = _ids(client, f"{CATALOG}/skills?kind=narrative", "skills")
    query = '{ fight2e { catalog { skills(kind: narrative) { id } qualities(search: "a") { id name } } } }'
    data = client.post("/graphql", json={"query": query}).json()["data"]["fight2e"]["catalog"]
    assert {s["id"] for s in data["skills"]} == narrative and narrative
    assert data["qualities"] and all("a" in q["name"].lower() or "a" in q["id"] for q in data["qualities"])
    assert [q["id"] for q in data["qualities"]] == [
        q["id"] for q in client.get(f"{CATALOG}/qualities?search=a").json()["qualities"]
    ]


def test_graphql_every_document_is_a_field(client: TestClient[Litestar]) -> None:
    """elements, liabilities and the whole catalogue (``all``) come from their documents like the rest."""
    query = (
        "{ fight2e { catalog { elements(moveType: super) { id } liabilities { id } "
        "all { ruleset elements { id } keywords { id } } } } }"
    )
    data = client.post("/graphql", json={"query": query}).json()["data"]["fight2e"]["catalog"]
    assert {e["id"] for e in data["elements"]} == _ids(client, f"{CATALOG}/elements?move_type=super", "elements")
    assert {e["id"] for e in data["liabilities"]} == {e.id for e in catalog().liabilities()}
    assert data["all"]["ruleset"] == "fight2e" and len(data["all"]["keywords"]) == len(catalog().keywords)


@pytest.mark.parametrize(("search", "found"), [('""', "all"), ('"' + "x" * 101 + '"', "none")])
def test_graphql_search_outside_its_bounds(client: TestClient[Litestar], search: str, found: str) -> None:
    """GraphQL cannot state the bounds: an empty search is no filter, one longer than any name matches nothing."""
    query = f"{{ fight2e {{ catalog {{ keywords(search: {search}) {{ id }} }} }} }}"
    out = client.post("/graphql", json={"query": query}).json()
    assert "errors" not in out
    keywords = out["data"]["fight2e"]["catalog"]["keywords"]
    assert len(keywords) == (len(catalog().keywords) if found == "all" else 0)
