"""The core turn protocol against a toy step: one die, then a choice, then a die that only one answer needs."""

from __future__ import annotations

import pytest

from service.rules.core.dice import DiePending, KeyedDice
from service.rules.core.protocol.keys import KeyBook, parse
from service.rules.core.protocol.models import ChoiceOption, DecisionNeeded, StepRequest
from service.rules.core.protocol.steps import (
    DecisionPending,
    DecisionRefused,
    Decisions,
    Refusal,
    look_ahead,
    unused_keys,
)


class ToyRequest(StepRequest[str]):
    pass


GUARD = DecisionNeeded(
    key="T1.b.defense",
    fighter="b",
    point="defense",
    step="defend",
    text="defend?",
    choices=[ChoiceOption(value="block", text="block"), ChoiceOption(value="dodge", text="dodge")],
)


def toy(dice: KeyedDice, decisions: Decisions) -> int:
    """a rolls to hit; b blocks or dodges; a dodge rolls a die of its own."""
    hit = dice.roll("T1.a.attack", 6, "attack")
    pick = decisions.decide(
        GUARD, check=lambda v: Refusal("UNBLOCKABLE", "a grab cannot be blocked") if v == "block" and hit == 6 else None
    )
    if pick == "dodge":
        return hit - dice.roll("T1.b.dodge", 6, "dodge")
    return hit - 2


def test_keys_are_bare_first_then_named_by_what_they_are_about() -> None:
    book = KeyBook("T", 1)
    assert book.key("a", "damage", other="b") == "T1.a.damage"
    assert book.key("a", "damage", other="c") == "T1.a.damage@c"
    assert book.key("a", "damage", other="c") == "T1.a.damage@c.2"
    assert book.key("a", "damage", move=2) == "T1.a.damage#2"
    assert book.key("a", "damage") == "T1.a.damage.2"
    assert parse("R3.kai.bid@rei:reaction#2.4") is not None
    assert parse("T1.a") is None


def test_a_missing_die_halts_the_first_pass() -> None:
    with pytest.raises(DiePending):
        toy(KeyedDice(), Decisions.of(ToyRequest()))


def test_look_ahead_names_every_die_and_decision_to_the_end() -> None:
    ahead = look_ahead(ToyRequest(), toy)
    assert [d.key for d in ahead.dice][:1] == ["T1.a.attack"]
    assert not ahead.dice[0].provisional
    assert [d.key for d in ahead.decisions] == ["T1.b.defense"]
    assert ahead.decisions[0].provisional  # asked ahead of the attack die


def test_with_the_die_in_the_decision_is_not_provisional_and_a_dodge_adds_its_die() -> None:
    request = ToyRequest(rolls={"T1.a.attack": 4})
    with pytest.raises(DecisionPending):
        toy(KeyedDice(supplied=request.rolls), Decisions.of(request))
    ahead = look_ahead(request, toy)
    assert ahead.dice == [] and not ahead.decisions[0].provisional
    request = ToyRequest(rolls={"T1.a.attack": 4}, decisions={"T1.b.defense": "dodge"})
    assert [d.key for d in look_ahead(request, toy).dice] == ["T1.b.dodge"]
    assert toy(KeyedDice(supplied={"T1.a.attack": 4, "T1.b.dodge": 1}), Decisions.of(request)) == 3


def test_a_refusal_names_the_rule_and_an_unlisted_value_is_refused() -> None:
    request = ToyRequest(rolls={"T1.a.attack": 6}, decisions={"T1.b.defense": "block"})
    with pytest.raises(DecisionRefused) as refused:
        toy(KeyedDice(supplied=request.rolls), Decisions.of(request))
    assert refused.value.finding().code == "UNBLOCKABLE"
    with pytest.raises(DecisionRefused) as refused:
        Decisions.of(ToyRequest(decisions={"T1.b.defense": "parry"})).decide(GUARD)
    assert refused.value.finding().code == "DECISION_INVALID"


def test_unused_keys_warn_on_a_branch_not_taken_and_refuse_what_fits_nothing() -> None:
    request = ToyRequest(rolls={"T1.b.dodge": 3, "T9.zz.nothing": 2}, decisions={"bogus": "x"})
    fits = lambda p: p.fighter in {"a", "b"} and p.n == 1  # noqa: E731
    violations, warnings = unused_keys(request, [], [], fits)
    assert sorted(f.code for f in violations) == ["DECISION_KEY_UNKNOWN", "ROLL_KEY_UNKNOWN"]
    assert [f.code for f in warnings] == ["ROLL_NOT_USED"]
    lenient = request.model_copy(update={"lenient": True})
    violations, warnings = unused_keys(lenient, [], [], fits)
    assert violations == [] and len(warnings) == 3


def test_play_steps_answers_what_is_asked_for_real() -> None:
    """A seeded player's loop: the attack die is seeded, so the defence is asked at once (not provisionally)."""
    from service.rules.core.protocol.models import StepAnswer, StepStatus
    from service.rules.core.protocol.steps import DecisionPending
    from service.rules.core.simulation_loop import play_steps

    sent: list[dict[str, str]] = []

    def send(decisions: dict[str, str]) -> StepAnswer:
        sent.append(dict(decisions))
        request = ToyRequest(seed=7, decisions=decisions)
        base = dict(ruleset="toy", ruleset_version="1", violations=[], warnings=[], unsupported=[], dice_needed=[])
        end = dict(rolls=[], over=False, winner=None, out=[])
        try:
            toy(KeyedDice(seed=7), Decisions.of(request))
        except DecisionPending as pending:
            return StepAnswer(status=StepStatus.decision_required, decisions_needed=[pending.needed], **base, **end)
        return StepAnswer(status=StepStatus.resolved, decisions_needed=[], **base, **end)

    answer = play_steps(send, lambda needed: "dodge")
    assert answer.status is StepStatus.resolved
    assert sent == [{}, {"T1.b.defense": "dodge"}]


def test_a_roll_record_names_its_die() -> None:
    from service.rules.core.protocol.models import RollRecord

    dice = KeyedDice(supplied={"T1.a.attack": 5})
    assert dice.roll("T1.a.attack", 6, "attack") == 5
    record = RollRecord.of(dice.rolls[0])
    assert (record.key, record.die, record.result, record.source) == ("T1.a.attack", "1d6", 5, "given")


def test_an_answer_given_ahead_that_the_choices_now_refuse_is_set_aside_with_a_warning() -> None:
    """`if_asked` holds what a player would answer if asked; once the real attack die makes it illegal (a block
    against a 6), the point takes its default instead, with a warning naming why."""
    guard = GUARD.model_copy(update={"default": "dodge"})

    def toy_with_default(dice: KeyedDice, decisions: Decisions) -> int:
        hit = dice.roll("T1.a.attack", 6, "attack")
        refuse = lambda v: Refusal("UNBLOCKABLE", "a grab cannot be blocked") if v == "block" and hit == 6 else None  # noqa: E731
        pick = decisions.decide(guard, check=refuse)
        return hit - dice.roll("T1.b.dodge", 6, "dodge") if pick == "dodge" else hit - 2

    request = ToyRequest(rolls={"T1.a.attack": 6, "T1.b.dodge": 2}, if_asked={"T1.b.defense": "block"})
    decisions = Decisions.of(request)
    assert toy_with_default(KeyedDice(supplied=request.rolls), decisions) == 4
    assert [(w.code, w.key, w.path) for w in decisions.warnings] == [
        ("DECISION_NOT_USED", "T1.b.defense", 'if_asked["T1.b.defense"]')
    ]
    assert "a grab cannot be blocked" in decisions.warnings[0].message


def test_the_look_ahead_goes_on_with_the_stand_in_the_ruleset_names() -> None:
    """A dodge shows the dodge die that follows; named as the stand-in, the look-ahead lists it in the same answer."""

    def dodging(dice: KeyedDice, decisions: Decisions) -> int:
        hit = dice.roll("T1.a.attack", 6, "attack")
        if decisions.decide(GUARD, stand_in="dodge") == "dodge":
            return hit - dice.roll("T1.b.dodge", 6, "dodge")
        return hit - 2

    assert [d.key for d in look_ahead(ToyRequest(), toy).dice] == ["T1.a.attack"]
    assert [d.key for d in look_ahead(ToyRequest(), dodging).dice] == ["T1.a.attack", "T1.b.dodge"]
