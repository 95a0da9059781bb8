"""The Order Phase (002 L92), worked by hand."""

from __future__ import annotations

from service.rules.fightrpg.examples import dragon, tiger

from .support import nth, pools, resolve, rolloff

PASSIVE = {"allocation": "balanced", "actions": "ask", "responses": "none", "injuries": "decline"}


def order(rolls: dict[str, int]) -> list[str]:
    # Allocations by policy; the round then stops at the first action decision, after the Order Phase.
    body = {"fighters": [dragon(), tiger()], "rolls": rolls, "policies": {"dragon": PASSIVE, "tiger": PASSIVE}}
    out = resolve(body)
    assert out.status == "decision_required", out.violations
    return out.order


def test_highest_pool_first() -> None:
    assert order(pools(dragon=[2, 2, 1], tiger=[3, 1, 2])) == ["tiger", "dragon"]  # 5 < 6


def test_tie_goes_to_the_highest_die() -> None:
    # 002 L92: 6+3+2 = 11 = 5+5+1; 6 > 5.
    assert order(pools(dragon=[5, 5, 1], tiger=[6, 3, 2])) == ["tiger", "dragon"]


def test_then_the_second_highest_die() -> None:
    # 002 L92: 5+4+2 = 11 = 5+3+3; highest 5 = 5; second 4 > 3.
    assert order(pools(dragon=[5, 3, 3], tiger=[2, 4, 5])) == ["tiger", "dragon"]


def test_identical_rolls_roll_five_dice() -> None:
    # 002 L92: 4,4,3 each; five dice each: dragon 20, tiger 17 (digest ruling B15: the total decides).
    rolls = pools(dragon=[4, 4, 3], tiger=[3, 4, 4])
    first = resolve(
        {"fighters": [dragon(), tiger()], "rolls": rolls, "policies": {"dragon": PASSIVE, "tiger": PASSIVE}}
    )
    assert [d.key for d in first.dice_needed][:10] == [
        nth(w, "rolloff", i) for w in ("dragon", "tiger") for i in range(1, 6)
    ]
    assert all(d.die == "1d6" for d in first.dice_needed)
    rolls |= rolloff("dragon", [6, 5, 4, 3, 2]) | rolloff("tiger", [6, 6, 3, 1, 1])
    assert order(rolls) == ["dragon", "tiger"]


def test_a_tied_roll_off_is_rolled_again() -> None:
    rolls = pools(dragon=[4, 4, 3], tiger=[3, 4, 4])
    rolls |= rolloff("dragon", [3] * 5) | rolloff("tiger", [3] * 5)
    # the second roll-off's dice go on counting: rolloff.6 … rolloff.10
    rolls |= rolloff("dragon", [1] * 5, attempt=2) | rolloff("tiger", [2] * 5, attempt=2)
    assert "R1.dragon.rolloff.6" in rolls
    assert order(rolls) == ["tiger", "dragon"]


def test_allocation_is_asked_after_the_dice() -> None:
    # Step mode: with no policy, both allocations are asked at once, each listing legal ready-made splits.
    out = resolve({"fighters": [dragon(), tiger()], "rolls": pools(dragon=[2, 2, 1], tiger=[3, 1, 2])})
    assert out.status == "decision_required" and out.order == []
    asked = {d.key: d for d in out.decisions_needed if d.point == "allocation"}
    assert set(asked) == {"R1.dragon.allocation", "R1.tiger.allocation"}
    # the turns after the splits are asked ahead too, provisionally (their choices hang on the splits)
    assert all(d.provisional for d in out.decisions_needed if d.point != "allocation")
    for d in asked.values():
        assert d.point == "allocation" and d.choices
        for c in d.choices:
            total = 5 if d.fighter == "dragon" else 6
            assert sum(c.value["allocation"].values()) == total
    chosen = {k: asked[k].choices[-1].value for k in asked}
    again = resolve(
        {"fighters": [dragon(), tiger()], "rolls": pools(dragon=[2, 2, 1], tiger=[3, 1, 2]), "decisions": chosen}
    )
    assert again.status == "decision_required" and again.decisions_needed[0].key == "R1.tiger.action"
