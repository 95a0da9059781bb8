"""fightrpg's published request examples are the builders its tests use."""

from __future__ import annotations


def test_examples_are_the_builders() -> None:
    # the published request examples are the tests' Dragon and Tiger (002 L88)
    from service.rules.fightrpg.examples import dragon, round_examples, tiger, validate_examples

    assert round_examples()["dragon-vs-tiger"]["fighters"] == [dragon(), tiger()]
    assert validate_examples()["spirit-injury"]["fighter"] == dragon(damage=9, injuries={"spirit": 1})
