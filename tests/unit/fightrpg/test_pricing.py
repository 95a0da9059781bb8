"""Each bundle of the menu priced as the text gives it (002 L16–L80): tokens, Power Points yielded, effect."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.fightrpg.examples import price_examples

from .support import codes, price

ALL = {"damage": 5, "knockdown": 5, "grapple": 5, "move": 5, "block": 5, "complex_action": 5}


def quote(action: dict[str, Any], **request: Any) -> Any:
    return price({"tokens": ALL, "actions": [action], **request}).quotes[0]


def spent(q: Any) -> dict[str, int]:
    return {k: v for k, v in q.tokens.model_dump().items() if v}


@pytest.mark.parametrize(
    ("action", "tokens", "pp_yield", "effect"),
    [
        # 002 L22, L25: 1 Damage: 1 damage; pays 1 when it hits or is blocked.
        ({"kind": "attack", "damage": 1}, {"damage": 1}, 1, {"damage": 1}),
        # 002 L33, L37: 1 Knockdown: the target one place later; 5 feet on a map; pays 1.
        ({"kind": "attack", "knockdown": 1}, {"knockdown": 1}, 1, {"order_down": 1, "push_feet": 5}),
        # 002 L72 (pack ruling: two tokens per attack): Damage + Knockdown together pay 2.
        (
            {"kind": "attack", "damage": 1, "knockdown": 1},
            {"damage": 1, "knockdown": 1},
            2,
            {"damage": 1, "order_down": 1, "push_feet": 5},
        ),
        # 002 L46, L59, L49: Grapple + Move: 2 damage, unblockable; the Grapple token pays 1.
        ({"kind": "grab"}, {"grapple": 1, "move": 1}, 1, {"damage": 2}),
        # 002 L35, L47, L60: + Knockdown: also one place later and 10 feet; Grapple and Knockdown pay 1 each.
        (
            {"kind": "grab", "knockdown": 1},
            {"grapple": 1, "move": 1, "knockdown": 1},
            2,
            {"damage": 2, "order_down": 1, "push_feet": 10},
        ),
        # 002 L57: 1 Move takes a Block token off the target.
        ({"kind": "strip_block"}, {"move": 1}, 0, {"blocks_removed": 1}),
        # 002 L80: 1 Complex Action: 2 Power Points at once, the whole of its yield.
        ({"kind": "complex_action"}, {"complex_action": 1}, 2, {"power_points": 2}),
        # 002 L23, L34: the counter, Damage + Knockdown: 1 damage back; the Damage token pays 1 (our ruling).
        ({"kind": "counter"}, {"damage": 1, "knockdown": 1}, 1, {"damage": 1}),
        # 002 L45: 1 Grapple cancels a Grapple token.
        ({"kind": "grapple_cancel"}, {"grapple": 1}, 0, {}),
        # 002 L64: 2 Move cancel one action.
        ({"kind": "evade"}, {"move": 2}, 0, {}),
        # 002 L72: 1 Block cancels two Damage/Knockdown tokens and pays its user 1.
        ({"kind": "block"}, {"block": 1}, 1, {"cancels": 2}),
    ],
)
def test_menu_bundle(action: dict[str, Any], tokens: dict[str, int], pp_yield: int, effect: dict[str, int]) -> None:
    q = quote(action)
    assert q.legal and q.affordable, q.findings
    assert spent(q) == tokens
    assert q.power_points_yield == pp_yield
    assert {k: v for k, v in q.effect.model_dump().items() if v} == effect


def test_blockable_and_use() -> None:
    assert quote({"kind": "attack", "damage": 1}).blockable
    assert not quote({"kind": "grab"}).blockable  # 002 L46: unblockable
    assert quote({"kind": "block"}).use == "response" and quote({"kind": "grab"}).use == "turn"


def test_move_5_feet_is_map_only() -> None:
    # 002 L58: "In map combat".
    assert codes(quote({"kind": "move"}).findings) == ["MAP_ONLY"]
    on_map = quote({"kind": "move"}, map=True)
    assert on_map.legal and on_map.effect.self_feet == 5 and spent(on_map) == {"move": 1}


def test_attack_size_is_the_packs() -> None:
    # Default pack ruling: at most 2 Damage/Knockdown tokens per attack; the one-token pack: 1.
    assert codes(quote({"kind": "attack", "damage": 2, "knockdown": 1}).findings) == ["ATTACK_TOO_LARGE"]
    assert quote({"kind": "attack", "damage": 2}).legal
    assert codes(quote({"kind": "attack", "damage": 2}, pack="one-token-attacks").findings) == ["ATTACK_TOO_LARGE"]
    assert codes(quote({"kind": "attack"}).findings) == ["ACTION_MALFORMED"]


def test_malformed_bundles() -> None:
    # 002 L35, L47, L60: a grab takes one Knockdown token; L64: an evasion is 2 Move tokens, no Damage: off the menu
    assert codes(quote({"kind": "grab", "knockdown": 2}).findings) == ["ACTION_UNKNOWN"]
    assert codes(quote({"kind": "evade", "damage": 1}).findings) == ["ACTION_UNKNOWN"]
    assert codes(quote({"kind": "pass", "technique": "focused_blow"}).findings) == ["ACTION_MALFORMED"]
    assert codes(quote({"kind": "technique", "technique": "dragon_punch"}).findings) == ["ACTION_UNKNOWN"]


def test_technique_tokens_and_power_points() -> None:
    # The default pack's illustrative Focused Blow: 1 Complex Action + 1 Damage and 2 Power Points.
    q = quote({"kind": "technique", "technique": "focused_blow"}, power_points=2)
    assert q.legal and q.affordable and spent(q) == {"complex_action": 1, "damage": 1} and q.power_points == 2
    short = quote({"kind": "technique", "technique": "focused_blow"}, power_points=1)
    assert not short.affordable and not short.legal and codes(short.findings) == ["PP_INSUFFICIENT"]


def test_affordability_against_the_tokens_held() -> None:
    q = price({"tokens": {"grapple": 1}, "actions": [{"kind": "grab"}]}).quotes[0]
    # a grab is Grapple + Move (002 L46): one Grapple and no Move held: not affordable, and so not legal now
    assert not q.legal and not q.affordable and codes(q.findings) == ["TOKENS_INSUFFICIENT"]
    assert [f.severity for f in q.findings] == ["error"]


def test_published_example() -> None:
    # Tokens D2 K1 G1 M2 B1 C1 and 1 Power Point: the technique wants 2 Power Points, so it is neither affordable
    # nor legal now; the other three are both
    out = price(price_examples()["menu-and-technique"])
    assert not out.legal
    assert [q.affordable for q in out.quotes] == [q.legal for q in out.quotes] == [True, True, True, False]
    assert [q.power_points_yield for q in out.quotes] == [2, 2, 0, 1]


def test_off_menu_bundle_refused_the_rest_priced() -> None:
    # 002 L16-L80: Damage is spent alone, with Knockdown (L23) or as a counter; Grapple with Move (L46) or alone
    # (L45). No row spends Damage with Grapple: ACTION_UNKNOWN for that action only; the 1-Damage attack beside it
    # is priced as L22, L25 give it (1 damage, yields 1 Power Point)
    answer = price(
        {"tokens": ALL, "actions": [{"kind": "attack", "damage": 1, "grapple": 1}, {"kind": "attack", "damage": 1}]}
    )
    bad, good = answer.quotes
    assert codes(bad.findings) == ["ACTION_UNKNOWN"] and not bad.legal and not bad.affordable
    assert good.legal and spent(good) == {"damage": 1} and good.power_points_yield == 1 and good.effect.damage == 1
    assert not answer.legal
    # a grab stating its own Grapple and Move tokens (L46) is the menu's bundle; with a Damage token it is not
    assert quote({"kind": "grab", "grapple": 1, "move": 1}).legal
    assert codes(quote({"kind": "grab", "damage": 1}).findings) == ["ACTION_UNKNOWN"]


def test_published_off_menu_example() -> None:
    # data/examples/price_actions.json: Damage with Grapple is off the menu (002 L16-L80); the Complex Action beside
    # it is priced, its yield the 2 Power Points of 002 L80
    out = price(price_examples()["off-menu-bundle"])
    assert [codes(q.findings) for q in out.quotes] == [["ACTION_UNKNOWN"], []]
    assert out.quotes[1].power_points_yield == 2


def test_a_step_names_its_direction_only() -> None:
    # 002 L58: a 5-foot step in map combat; a direction on any other action is not part of it
    step = quote({"kind": "move", "direction": "ne"}, map=True)
    assert step.legal and step.effect.self_feet == 5 and spent(step) == {"move": 1}
    assert codes(quote({"kind": "attack", "damage": 1, "direction": "n"}).findings) == ["ACTION_MALFORMED"]
