"""Step mode: answer each pending decision (or die) and send the same request again; the end result equals sending
every decision at once. Plus the determinism and the "never raises" properties."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from service.rules.core.protocol.models import DieNeeded
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult

from .fixtures import BATTLE, REI, build, example_request, state
from .support import first_decision, first_pending
from .test_example import TURNS


def _step(
    req: dict[str, Any], answers: dict[str, Any], rolls: dict[str, int] | None = None, limit: int = 80
) -> tuple[TurnResult, dict[str, Any]]:
    """Send the request, answer what it asks for (from ``answers``, else its default), until it is resolved."""
    req = copy.deepcopy(req)
    for _ in range(limit):
        res = resolve_turn(build(req))
        if res.status != "decision_required":
            return res, req
        p = first_pending(res)
        assert p is not None
        assert res.fighters == build(req).fighters  # the request's own state comes back
        if isinstance(p, DieNeeded):
            assert rolls is not None and p.die is not None
            req.setdefault("rolls", {})[p.key] = rolls[p.key]
            continue
        value = answers.get(p.key)
        if value is None:
            assert p.default is not None, p.key
            value = p.default.model_dump(mode="json", exclude_none=True)
        req["decisions"][p.key] = value
    raise AssertionError("no end after many decisions")


def test_round_trip_equals_all_at_once() -> None:
    """Only the action has no default: the rest of the script goes up front, the action is asked for."""
    decisions, rolls = TURNS[0]
    all_at_once = resolve_turn(build(example_request(decisions=decisions, rolls=rolls)))
    up_front = {k: v for k, v in decisions.items() if not k.endswith(".action")}
    stepped, final = _step(example_request(decisions=up_front, rolls=rolls), decisions)
    assert set(final["decisions"]) == set(decisions)
    assert stepped.model_dump() == all_at_once.model_dump()


def test_round_trip_asking_every_decision() -> None:
    """With ask_every_decision every point is asked for; answering one at a time equals sending them all."""
    prev: TurnResult | None = None
    for decisions, rolls in TURNS:
        req = example_request(rolls=rolls, decisions={})
        req["options"] = {**req["options"], "ask_every_decision": True}
        if prev is not None:
            req["fight"], req["fighters"] = (
                prev.fight.model_dump(mode="json"),
                [f.model_dump(mode="json") for f in prev.fighters],
            )
        stepped, final = _step(req, decisions)
        assert len(final["decisions"]) > len(decisions) - 1
        once = resolve_turn(build(final))
        assert stepped.model_dump_json() == once.model_dump_json()
        prev = stepped
    assert {f.id: f.state.life_bar for f in stepped.fighters} == {"rei": 38, "battle": 40}


def test_physical_dice_are_asked_for() -> None:
    decisions, rolls = TURNS[0]
    req = example_request(decisions=decisions)
    req["rolls"] = {}  # no dice of the players (rolls is never null: the core step field)
    res = resolve_turn(build(req))
    assert res.status == "decision_required" and res.dice_needed
    assert res.dice_needed[0].key == "T1.rei.init" and res.dice_needed[0].die == "1d6"
    stepped, final = _step(example_request(rolls={}, decisions=decisions), decisions, rolls)
    assert stepped.status == "resolved" and final["rolls"] == rolls


def test_missing_action_is_pending_with_choices() -> None:
    res = resolve_turn(build(example_request(rolls=TURNS[0][1])))
    p = first_decision(res)
    assert res.status == "decision_required" and p.key == "T1.rei.action" and p.point == "action"
    assert p.step == "B.1" and p.default is None
    assert any(c.value.moves == ["demon_hunter_kick"] and c.control == 3 for c in p.choices)
    assert res.log  # the log up to that point


def test_seeded_answers_are_identical() -> None:
    decisions, _ = TURNS[0]
    req = build(example_request(decisions=decisions, rolls={}, seed=12345))
    a, b = resolve_turn(req), resolve_turn(req)
    assert a.model_dump_json() == b.model_dump_json()
    assert all(r.source == "seed" for r in a.rolls)


FIGHTERS = [REI, BATTLE]
decision_values = st.fixed_dictionaries(
    {},
    optional={
        "choice": st.sampled_from(
            [
                "act",
                "hold",
                "stand",
                "reversal",
                "pass",
                "move",
                "accuracy_bonus",
                "toward",
                "away",
                "stay",
                "continue",
                "cash_in",
                "respond",
                "sidestep",
            ]
        ),
        "action": st.sampled_from(
            ["attack", "utility", "move", "refocus", "power_up", "await_opening", "taunt", "none"]
        ),
        "moves": st.lists(
            st.sampled_from(
                [
                    "basic_move",
                    "demon_hunter_kick",
                    "airwalk_fist",
                    "heart_breaker",
                    "heaven_demon_strike",
                    "relic_storm",
                    "nope",
                ]
            ),
            max_size=6,
        ),
        "movement": st.integers(0, 4),
        "direction": st.sampled_from(["toward", "away"]),
        "full_offense": st.booleans(),
        "fs": st.integers(0, 20),
        "init": st.integers(0, 30),
        "ctrl": st.integers(0, 30),
        "defense": st.sampled_from(["defense", "evasion", "defense_evasion", "tactics"]),
        "full_defense": st.booleans(),
        "amount": st.integers(-20, 20),
        "response": st.sampled_from(["basic", "counter", "jinking", "throw", "priority", "mid_air_teleport"]),
        "technique": st.sampled_from(["double_jump", "back_dash", "air_dash", "hover"]),
        "dash": st.booleans(),
    },
)
POINTS = [
    "fs_init_ctrl",
    "action",
    "defense",
    "accuracy_fs",
    "defensive_response",
    "evasion_result",
    "time_fs",
    "act_or_hold",
    "stand_alt",
    "knockdown_move",
    "reaction",
    "interrupt",
    "simul_declare",
    "interrupt_move",
    "interrupt_fs",
    "super_fs",
    "breakfall",
    "tech_roll",
    "aerial_block",
    "wind_up",
]


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    states = []
    for _fid in ("rei", "battle"):
        life = draw(st.integers(0, 50))
        fs = draw(st.integers(0, 30))
        states.append(
            {
                "life_bar": life,
                "fighting_spirit": fs,
                "fs_start": 30,
                "defeated": life == 0,
                "super_energy": draw(st.integers(0, 10)),
                "knocked_down": draw(st.booleans()),
                "stunned": draw(st.sampled_from([None, {"actions_to_recover": 1}, {"actions_to_recover": 2}])),
                "await_opening": draw(st.integers(0, 3)),
                "full_offense_streak": draw(st.integers(0, 2)),
                "no_fs_on_init_ctrl": draw(st.booleans()),
                "next_turn_dice": draw(
                    st.lists(
                        st.fixed_dictionaries(
                            {
                                "target": st.sampled_from(["initiative", "control", "either"]),
                                "steps": st.integers(-3, 3),
                                "source": st.sampled_from(["harry", "full_defense"]),
                            }
                        ),
                        max_size=2,
                    )
                ),
            }
        )
    keys = st.builds(
        lambda f, p, n: f"T1.{f}.{p}" + (f".{n}" if n > 1 else ""),
        st.sampled_from(["rei", "battle"]),
        st.sampled_from(POINTS),
        st.integers(1, 2),
    )
    decisions = draw(st.dictionaries(keys, decision_values, max_size=10))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "simplified_simultaneous_initiative": st.booleans(),
                "hit_downed_attacks": st.booleans(),
                "simplified_hit_stun": st.booleans(),
                "ask_every_decision": st.booleans(),
                "time_limit": st.booleans(),
                "breakfall": st.booleans(),
                "tech_roll": st.booleans(),
                "dash": st.booleans(),
                "sidestep": st.booleans(),
                "back_dash": st.booleans(),
                "double_jumps": st.booleans(),
                "aerial_blocks": st.booleans(),
            },
        )
    )
    return {
        "options": options,
        "fight": {
            "turn": 1,
            "time_count": draw(st.integers(-2, 99)),
            "positioning": {"mode": "range", "range": draw(st.integers(0, 5))},
        },
        "fighters": [
            {"id": fid, "sheet": sheet, "state": s}
            for fid, sheet, s in zip(["rei", "battle"], FIGHTERS, states, strict=True)
        ],
        "decisions": decisions,
        "seed": draw(st.integers(0, 2**32)),
    }


@given(requests())
def test_no_request_raises_and_invariants_hold(data: dict[str, Any]) -> None:
    req = build(data)
    res = resolve_turn(req)
    TurnResult.model_validate(res.model_dump())  # every bound of the answer holds
    assert not [v for v in res.violations if v.code == "INTERNAL_STATE"], res.violations
    assert resolve_turn(req).model_dump_json() == res.model_dump_json()
    before = {f.id: f.state for f in req.fighters}
    for f in res.fighters:
        s = f.state
        assert s.fighting_spirit >= 0
        assert 0 <= s.super_energy <= (req.options.super_energy_max)
        assert s.life_bar <= before[f.id].life_bar  # the fixture sheets have no healing moves
        assert s.fighting_spirit <= max(s.fs_start or 0, before[f.id].fighting_spirit)


def test_odd_states_are_violations_not_exceptions() -> None:
    bad = example_request()
    bad["fighters"][0]["state"] = state(life=70)
    res = resolve_turn(build(bad))
    assert res.status == "invalid" and res.violations[0].code == "STATE_LIFE_BAR_OUT_OF_RANGE"
    bad = example_request()
    bad["fighters"][1]["state"] = state(life=0)
    assert resolve_turn(build(bad)).violations[0].code == "STATE_INCONSISTENT_STATUS"
    bad["fighters"][1]["state"] = state(life=0, defeated=True)
    assert resolve_turn(build(bad)).violations[0].code == "ROUND_ALREADY_OVER"
    bad = example_request(rolls={"T1.rei.init": 7})
    res = resolve_turn(build(bad))
    assert res.violations[0].code == "DIE_VALUE_OUT_OF_RANGE" and res.violations[0].key == "T1.rei.init"
