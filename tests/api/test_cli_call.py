"""`fight-rules call` and `fight-rules optimise`: one operation on a JSON request body, run here or POSTed to a
service, answering exactly what the REST operation answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.cli import main
from service.rules.fight2e.operations import examples


def _write(tmp_path: Path, body: object) -> Path:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body))
    return path


def test_optimise_answers_as_the_rest_operation(tmp_path: Path, client: TestClient[Litestar]) -> None:
    wish = examples("optimise_moves")["readme-fireball"]
    out = tmp_path / "answer.json"
    main(["optimise", str(_write(tmp_path, wish)), "--out", str(out)])
    answer = json.loads(out.read_text())
    # Blooming Dance re-found (000 L4980–L4988): L3, Ranged and Increased Damage ×2, 3 MP.
    assert (answer["moves"][0]["request"]["level"], answer["moves"][0]["price"]["move_points"]) == (3, 3)
    assert answer == client.post("/v1/fight2e/moves/optimise", json=wish).json()


def test_call_runs_any_operation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000 L2287, L2293: an L3 move has 4 Element slots; Increased Damage ×2 leaves 2 unused, 3 − 2 = 1 MP.
    body = {"level": 3, "elements": [{"id": "increased_damage", "times": 2}]}
    main(["call", "price_move", str(_write(tmp_path, body))])
    answer = json.loads(capsys.readouterr().out)
    assert (answer["element_slots"], answer["move_points"]) == (4, 1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["call", "no_such_thing", "REQUEST"], "has no operation 'no_such_thing'"),
        (["call", "price_move", "REQUEST", "--ruleset", "nope"], "no ruleset 'nope'"),
        (["optimise", "REQUEST"], "answers"),  # the body below asks for 99 answers: at most 20
    ],
)
def test_bad_calls_are_one_line_errors(tmp_path: Path, argv: list[str], message: str) -> None:
    request = _write(tmp_path, {"level": 3, "answers": 99})
    with pytest.raises(SystemExit) as stop:
        main([str(request) if arg == "REQUEST" else arg for arg in argv])
    assert message in str(stop.value)
    assert "\n" not in str(stop.value) and "errors.pydantic.dev" not in str(stop.value)
