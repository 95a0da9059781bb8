"""Property tests: any legal round resolves without raising, keeps its bounds, answers the same whatever came
before, and step mode always moves on when a listed choice is sent back."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, seed
from hypothesis import strategies as st

from service.rules.fightrpg.pack import PACKS

from .support import resolve

ATTRIBUTES = [a.id for a in PACKS["default"].attributes]
POLICY = st.fixed_dictionaries(
    {
        "allocation": st.sampled_from(["balanced", "offense", "defense"]),
        "actions": st.just("aggressive"),
        "responses": st.sampled_from(["guard", "none"]),
        "injuries": st.sampled_from(["take", "decline"]),
    }
)


@st.composite
def fighter(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    attributes = {a: draw(st.integers(0, 6)) for a in ATTRIBUTES}
    injuries = {a: draw(st.integers(0, v)) for a, v in attributes.items() if v and draw(st.booleans())}
    player = draw(st.booleans())
    return {
        "id": ident,
        "side": draw(st.sampled_from(["a", "b"])),
        "player": player,
        "strength": draw(st.integers(0, 3)),
        "attributes": attributes,
        "injuries": injuries if player else {},
        "damage": draw(st.integers(0, 11)),
        "power_points": draw(st.integers(0, 6)),
        "statuses": draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "id": st.sampled_from(["burn", "focus"]),
                        "duration": st.integers(1, 3),
                        "damage": st.integers(0, 2),
                        "power_points": st.integers(-2, 2),
                    }
                ),
                max_size=2,
            )
        ),
    }


@st.composite
def rounds(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 4))
    ids = [f"f{i}" for i in range(n)]
    fighters = [draw(fighter(i)) for i in ids]
    fighters[0]["side"], fighters[1]["side"] = "a", "b"
    return {
        "fighters": fighters,
        "map": draw(st.booleans()),
        "seed": draw(st.integers(0, 2**32)),
        "policies": {i: draw(POLICY) for i in ids},
        "pack": draw(st.sampled_from(sorted(PACKS))),
    }


@seed(20)
@given(rounds())
def test_any_round_with_policies_completes_within_bounds(body: dict[str, Any]) -> None:
    out = resolve(body)
    assert out.status in ("resolved", "over"), (out.violations, out.decisions_needed)
    assert 0 <= out.passes <= 32
    before = {f["id"]: f for f in body["fighters"]}
    for f in out.fighters:
        assert f.power_points >= 0 and f.damage >= 0
        for name, n in f.injuries.items():
            assert n <= f.attributes[name]  # 002 L108
        assert sum(f.injuries.values()) >= sum(before[f.id]["injuries"].values())
    for p in out.pools:
        assert len(p.dice) == 3 and all(1 <= d <= 6 for d in p.dice)
        assert all(v >= 0 for v in p.tokens_left.model_dump().values())
        assert p.allocation is not None and p.allocation.total() <= p.total
    standing = {e.fighter for e in out.events if e.kind == "action"}
    defeated = {e.fighter for e in out.events if e.kind == "defeated"}
    assert all(next(f for f in out.fighters if f.id == d).damage >= 10 for d in defeated)
    assert standing <= set(before)
    # Same request, same answer, whatever was asked before.
    assert resolve(body).model_dump_json() == out.model_dump_json()


@seed(21)
@given(rounds(), st.randoms(use_true_random=False), st.booleans())
def test_step_mode_moves_on_with_any_listed_choice(body: dict[str, Any], rng: random.Random, every: bool) -> None:
    """A client with no seed and no policy: it rolls what is asked and sends back any listed choice (a provisional
    one in `if_asked`): never refused, and the same answer as everything sent at once. An answer given ahead that
    the real round no longer allows is set aside with a warning on its `if_asked` key."""
    body = {**body, "seed": None, "policies": {}, "rolls": {}, "decisions": {}, "if_asked": {}}
    body["ask_every_decision"] = every  # responses and pushes asked too, each with its default among its choices
    for _ in range(400):
        out = resolve(body)
        assert out.status != "invalid", out.violations
        if out.status != "decision_required":
            set_aside = [w for w in out.warnings if w.code == "DECISION_NOT_USED"]
            assert all(w.path.startswith("if_asked[") and w.key in body["if_asked"] for w in set_aside)
            assert all(w.code in ("PASS_LIMIT_REACHED", "DECISION_NOT_USED") for w in out.warnings)
            assert out.over == (out.status == "over")
            # sending every die and decision at once gives the same answer (set-aside ones set aside alike)
            once = resolve(body)
            assert (once.status, once.log, once.events) == (out.status, out.log, out.events)
            return
        assert out.dice_needed or out.decisions_needed
        for die in out.dice_needed:
            body["rolls"][die.key] = rng.randint(1, int(die.die.removeprefix("1d")))
        for d in out.decisions_needed:
            assert d.choices and (d.default is None or d.default in [c.value for c in d.choices])
            body["if_asked" if d.provisional else "decisions"][d.key] = rng.choice(d.choices).value
    raise AssertionError("step mode did not finish in 400 answers")


TOKENS = st.fixed_dictionaries({t: st.integers(0, 6) for t in ("damage", "knockdown", "grapple", "move", "block")})
ACTION = st.fixed_dictionaries(
    {"kind": st.sampled_from(["attack", "grab", "strip_block", "move", "complex_action", "technique", "pass"])},
    optional={
        "damage": st.integers(0, 4),
        "knockdown": st.integers(0, 2),
        "technique": st.sampled_from(["focused_blow", "spirit_throw", "nothing"]),
    },
)


@seed(22)
@given(fighter("x"), st.lists(st.integers(1, 6), min_size=3, max_size=3), TOKENS, st.integers(0, 13))
def test_validation_and_pricing_never_raise_and_agree(
    sheet: dict[str, Any], pool: list[int], allocation: dict[str, int], power_points: int
) -> None:
    from .support import price, validate

    out = validate({"fighter": sheet, "pool": pool, "allocation": allocation, "player_strength": 1})
    assert out.valid == (not out.violations)
    assert out.derived.pool_total == sum(pool)
    for cap in out.derived.caps:
        assert cap.tokens is not None and 0 <= cap.tokens <= allocation.get(cap.token, 0)
    quotes = price({"tokens": allocation, "power_points": power_points, "actions": [{"kind": "attack", "damage": 1}]})
    assert quotes.quotes[0].affordable == (allocation["damage"] >= 1)


@seed(23)
@given(st.lists(ACTION, min_size=1, max_size=5), TOKENS, st.integers(0, 9), st.booleans())
def test_an_affordable_quote_is_legal_and_paid_for(
    actions: list[dict[str, Any]], tokens: dict[str, int], power_points: int, on_map: bool
) -> None:
    from .support import price

    out = price({"actions": actions, "tokens": tokens, "power_points": power_points, "map": on_map})
    for q in out.quotes:
        if q.affordable:
            assert q.legal and q.power_points <= power_points
            assert all(tokens.get(t, 0) >= n for t, n in q.tokens.model_dump().items())
        assert q.legal == (not [f for f in q.findings if f.severity == "error"]) == q.affordable  # one verdict
