"""Responses the text forbids are refused by name (RESPONSE_INVALID), never dropped; off-menu actions in a round."""

from __future__ import annotations

from service.rules.fightrpg.examples import tiger

from .support import act, codes, pools, resolve, respond
from .test_rounds import round_a, round_b


def test_a_block_against_a_grab_is_refused() -> None:
    # round B, pass 1: the Tiger grabs the Dragon (Grapple + Move, 002 L46). A grab cannot be blocked (002 L46,
    # L59); a Block cancels Damage and Knockdown tokens only (002 L72): the Dragon's Block is refused by name
    body = round_b()
    body["decisions"]["R1.dragon.response"] = respond("block")
    out = resolve(body)
    assert out.status == "invalid" and codes(out.violations) == ["RESPONSE_INVALID"]
    assert out.violations[0].key == "R1.dragon.response"
    assert "002 L46" in out.violations[0].message and out.violations[0].ref is not None


def test_a_forbidden_response_is_refused_when_nothing_was_to_be_asked() -> None:
    # round A, pass 3: the Tiger's 1 Knockdown finds the Dragon with no tokens, so no response is asked; a counter
    # answers incoming damage (002 L23, L34), and 1 Knockdown deals none (002 L33): refused, not dropped
    body = round_a()
    body["decisions"]["R1.dragon.response.3"] = respond("counter")  # the third action aimed at the Dragon
    out = resolve(body)
    assert out.status == "invalid" and codes(out.violations) == ["RESPONSE_INVALID"]
    assert out.violations[0].key == "R1.dragon.response.3"


def test_a_response_by_someone_else_than_the_target_is_refused() -> None:
    # 002 L64, L96: the target of an action responds. A third fighter, the Ox, answering the Dragon's pass-1 attack
    # on the Tiger is refused (in round A the Dragon acts first: pools 10, 9 and the Ox's 1+1+1 = 3, 002 L92)
    body = round_a()
    body["fighters"].append(tiger(id="ox"))
    body["rolls"] |= pools(ox=[1, 1, 1])
    # three fighters: a fighter's later responses name whom they answer (the core key grammar)
    for old, new in (
        ("R1.dragon.response.2", "R1.dragon.response@tiger"),
        ("R1.tiger.response.2", "R1.tiger.response@dragon"),
    ):
        body["decisions"][new] = body["decisions"].pop(old)
    body["decisions"]["R1.ox.allocation"] = {"allocation": {"block": 1}}
    body["decisions"]["R1.tiger.action.4"] = act("pass")  # rather than strip the Ox's Block token
    assert resolve(body).status == "resolved"
    # the Ox is never aimed at, so its response answers nothing: refused once the round has run to its end
    body["decisions"]["R1.ox.response@dragon"] = respond("block")
    out = resolve(body)
    assert out.status == "invalid" and codes(out.violations) == ["RESPONSE_INVALID"]
    assert out.violations[0].key == "R1.ox.response@dragon"


def test_an_off_menu_action_in_a_round_is_refused() -> None:
    # 002 L16-L80: no bundle spends Damage with Grapple; the Dragon's decision is not one of the round's choices
    body = round_a()
    body["decisions"]["R1.dragon.action"] = act("attack", "tiger", damage=1, grapple=1)
    out = resolve(body)
    assert out.status == "invalid" and codes(out.violations) == ["ACTION_UNKNOWN"]
    assert out.violations[0].key == "R1.dragon.action"
