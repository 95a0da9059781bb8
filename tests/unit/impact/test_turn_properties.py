"""Properties of the turn over generated legal states and declarations: never raises, deterministic with a seed,
Stamina and Setup Points within bounds, the same answer whatever was asked before, and every number the log prints
carried by its typed event (issue 31)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from service.rules.impact.turn.models import ImpactTurnRequest
from service.rules.impact.turn.resolve import resolve_turn

from .test_turn_protocol import numbers
from .turns import sheet

A = sheet(defense=4, maneuvers={"choke": 1, "joint_lock": 1, "throw": 1, "immobilize": 1})
AREAS = ["head", "left_arm", "right_arm", "chest", "abdomen", "left_leg", "right_leg"]
STRIKES = ["jab", "straight_punch", "gouge", "palm_strike", "groin_punch", "hook_punch", "uppercut", "front_kick",
           "thrust_kick", "round_kick", "arch_kick", "sweep_kick", "side_kick"]  # fmt: skip
GRAPPLES = {"grapple": "chest", "choke": "head", "immobilize": "chest", "joint_lock": "left_arm", "throw": "chest"}


def declaration(fighter: str) -> st.SearchStrategy[dict[str, Any]]:
    strike = st.builds(
        lambda m, side, area, lean, spin: (
            {"fighter": fighter, "maneuver": m, "side": side, "area": area, "lean": lean}
            | ({"variations": ["spinning_jumping"]} if spin else {})
        ),
        st.sampled_from(STRIKES),
        st.sampled_from(["left", "right"]),
        st.sampled_from(AREAS),
        st.sampled_from(["out", "none", "in"]),
        st.booleans(),
    )
    grapple = st.builds(
        lambda m: {"fighter": fighter, "maneuver": m, "area": GRAPPLES[m]}, st.sampled_from(list(GRAPPLES))
    )
    other = st.one_of(
        st.builds(
            lambda t: {"fighter": fighter, "action": "defense", "tactic": t},
            st.sampled_from(["cover_up", "duck_and_weave", "parry", "slip"]),
        ),
        st.builds(lambda d: {"fighter": fighter, "action": "bridge", "direction": d}, st.sampled_from(["in", "out"])),
        st.sampled_from([{"fighter": fighter, "action": a} for a in ("beat", "bind")]),
        st.builds(
            lambda a, m: {"fighter": fighter, "action": a, "maneuver": m, "side": "right"},
            st.sampled_from(["feint", "lead"]),
            st.sampled_from(STRIKES),
        ),
        st.builds(lambda area: {"fighter": fighter, "action": "draw", "area": area}, st.sampled_from(AREAS)),
    )
    return st.one_of(strike, grapple, other)


fighter_state = st.fixed_dictionaries(
    {
        "stamina": st.integers(0, 50),
        "sp": st.integers(0, 6),
        "sp_family": st.sampled_from(["strike", "grapple"]),
        "damage": st.fixed_dictionaries({}, optional={a: st.integers(0, 5) for a in AREAS}),
        "knocked_down": st.booleans(),
    }
)
turns = st.fixed_dictionaries(
    {
        "fight": st.fixed_dictionaries(
            {
                "phase": st.integers(1, 5),
                "ranges": st.lists(
                    st.builds(
                        lambda r: {"a": "a", "b": "b", "range": r},
                        st.sampled_from(["out", "kicking", "punching", "trapping", "grappling"]),
                    ),
                    max_size=1,
                ),
                "fighters": st.tuples(fighter_state, fighter_state).map(
                    lambda s: [{"id": "a", "fighter": A, "state": s[0]}, {"id": "b", "fighter": A, "state": s[1]}]
                ),
            }
        ),
        "declarations": st.tuples(declaration("a"), declaration("b")).map(list),
        "seed": st.integers(0, 2**32),
        "decisions": st.fixed_dictionaries(
            {},
            optional={
                "T1.a.defend": st.sampled_from(["keep", "cover_up"]),
                "T1.b.counter_bridge": st.sampled_from(["keep", "bridge"]),
            },
        ),
    }
)


@seed(2)
@settings(derandomize=True)
@given(turns, turns)
def test_turn_properties(body: dict[str, Any], other: dict[str, Any]) -> None:
    request = ImpactTurnRequest.model_validate(body)
    first = resolve_turn(request)
    # a seed settles every die, no decision is asked, and a decision the turn does not offer is refused by its rule
    assert first.status != "decision_required"
    for i, line in enumerate(first.log, start=1):
        carried = {abs(x) for e in first.events if e.step == i for x in (e.amount, e.value, *e.figures.values()) if x}
        assert numbers(line) - {0} <= carried, line
    for c in first.fight.fighters:
        s = c.state
        assert s.stamina is None or 0 <= s.stamina <= 50
        assert 0 <= s.sp <= 100
    resolve_turn(ImpactTurnRequest.model_validate(other))
    assert resolve_turn(ImpactTurnRequest.model_validate(body)) == first
    if first.status in ("resolved", "over"):
        assert first.fight.turn == 2
        nxt = {"fight": first.fight.model_dump(mode="json"), "declarations": body["declarations"], "seed": body["seed"]}
        resolve_turn(ImpactTurnRequest.model_validate(nxt))  # the answer's fight is a legal request
