"""The combat rule-element registry (service/rules/fight2e/combat/registry/elements.py): what it answers for is
data that must name real catalogue entries and request ids, and every hook is reached through it."""

from __future__ import annotations

from pydantic import ValidationError

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.combat.benchmark import request
from service.rules.fight2e.combat.contract.models import OngoingEffectId, TurnRequest
from service.rules.fight2e.combat.registry import elements
from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED


def test_every_handled_entry_is_a_catalogue_entry_listed_as_implemented() -> None:
    handled = elements.handled_entries()
    assert handled, "no element names the entries it applies"
    assert handled <= set(catalog().entries), sorted(handled - set(catalog().entries))
    assert handled <= set(IMPLEMENTED), sorted(handled - set(IMPLEMENTED))


def test_each_ongoing_effect_id_has_one_element() -> None:
    seen: dict[str, str] = {}
    for element in elements._ELEMENTS:
        for ident in type(element).effects:
            assert ident not in seen, f"{ident} is claimed by {seen[ident]} and {type(element).__name__}"
            seen[ident] = type(element).__name__
    assert set(seen) == elements.handled_effects()


def test_the_buffs_fold_before_every_other_element() -> None:
    """A Buff changes the sheet's own figures; styles, Distracting and Suppression then change the result
    (the order ``ongoing.rebuild`` has always used)."""
    folding = [type(e).__name__ for e in elements._ELEMENTS if type(e).fold is not elements.Element.fold]
    assert folding[0] == "MoveEffects"
    assert folding.index("Styles") < folding.index("StoryEffects") < folding.index("Suppression")


def _request(effect: dict) -> TurnRequest:
    """The benchmark turn with one more ongoing effect on its first fighter."""
    data = request().model_dump(mode="json")
    data["fighters"][0]["state"]["ongoing_effects"] = [effect]
    return TurnRequest.model_validate(data)


def test_an_ongoing_effect_that_is_no_entry_leaving_one_is_bad_input_naming_its_field() -> None:
    try:
        _request({"id": "mystery", "move": None, "time_left": 3})
    except ValidationError as exc:
        assert [e["loc"] for e in exc.errors()] == [("fighters", 0, "state", "ongoing_effects", 0, "id")]
    else:
        raise AssertionError("an ongoing effect no entry leaves was accepted")


def test_every_ongoing_effect_the_request_admits_has_its_element_and_no_element_answers_for_another() -> None:
    """The typed ids are exactly those the turn restores: none is carried back unresolved, none is unreachable."""
    assert {e.value for e in OngoingEffectId} == set(elements.handled_effects())


def test_a_hook_at_a_point_the_turn_does_not_have_is_refused() -> None:
    try:
        elements.at("after_lunch", 10)(lambda ctx: None)
    except ValueError as exc:
        assert "after_lunch" in str(exc)
    else:
        raise AssertionError("a hook at an unknown point was accepted")


def test_every_point_of_the_turn_runs_its_hooks_in_a_fixed_order() -> None:
    for point, hooks in elements._AT.items():
        assert hooks == sorted(hooks, key=lambda hook: hook[:2]), point
    assert elements._AFTER_TIME_ROLL[0][1].endswith("ongoing.tick")  # the Buffs run down first
