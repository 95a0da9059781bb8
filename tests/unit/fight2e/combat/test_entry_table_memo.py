"""An entry table's memo of moves' entries is bounded in bytes (issue 28: every cache bounded in bytes): a flood of
distinct moves' entry mappings never holds more than the budget, and every answer is the table's own."""

from __future__ import annotations

from service.rules.fight2e.combat.state import entry_tables
from service.rules.fight2e.combat.state.entry_tables import EntryTable, FlagTable

TABLE = EntryTable("test.rows", {"a": 1, "b": 2, "c": 3}, written=False)
FLAGS = FlagTable("test.flags", {"a": frozenset({"x"}), "b": frozenset({"y"})}, written=False)  # type: ignore[arg-type]


def test_a_flood_of_distinct_moves_stays_within_the_budget() -> None:
    kept = []
    for i in range(20_000):
        entries = {"a": 1, "c": i % 3, f"z{i}": 1}
        kept.append(entries)  # alive, so no id is reused: every mapping is a new key
        assert TABLE.found(entries) == ([("a", 1), ("c", 3)] if i % 3 else [("a", 1)])
        assert FLAGS.grants(entries) == frozenset({"x"})
        assert TABLE._found.bytes <= entry_tables._MEMO_BYTES
        assert FLAGS._grants.bytes <= entry_tables._MEMO_BYTES
    assert 0 < len(TABLE._found) < 20_000  # it remembers, and it started again when full


def test_a_remembered_mapping_answers_from_the_memo_only_for_that_very_object() -> None:
    one = {"b": 1}
    assert TABLE.found(one) == [("b", 2)]
    assert TABLE.found(one) is TABLE.found(one)  # remembered
    other = {"a": 1}  # another object: its own answer, whatever ids the memo holds
    assert TABLE.found(other) == [("a", 1)]
