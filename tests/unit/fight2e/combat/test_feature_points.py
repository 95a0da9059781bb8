"""The turn's steps reach feature families through named points that each family answers (issue 39): every point
is answered once the registry is complete, a second answer or an unanswered point is an error, never a skip."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from service.rules.fight2e.combat.registry import features, registered  # noqa: F401  (registers every family)


def test_every_named_point_is_answered_once_the_registry_is_complete() -> None:
    assert features.ANSWERED
    unanswered = [p.name for p in features.ANSWERED if not isinstance(p, features.Answered) or not p.answered]
    assert unanswered == []
    assert len({p.name for p in features.ANSWERED}) == len(features.ANSWERED)  # each name once


def test_a_point_nothing_answers_raises_and_a_second_answer_is_refused() -> None:
    point: features.Answered[Callable[[int], int]] = features.Answered("nobody")
    with pytest.raises(RuntimeError, match="nobody"):
        point.fn(1)

    @point
    def double(n: int) -> int:
        return 2 * n

    assert point.fn(4) == 8  # the answer is the family's own function
    with pytest.raises(ValueError, match="two answers"):
        point(double)
