"""Properties of the combat resolver over generated legal Fighters (hypothesis).

Each request is a fight in progress between Fighters drawn by ``fighter_strategies.fighters`` (every one accepted
by the Fighter validator), in Range or Band Map mode, with Environmental Hazards, tag teams, ongoing effects and
the campaign options switched at random. The properties:

- ``resolve_turn`` never raises and never reports an internal failure: it answers ``resolved``,
  ``decision_required``, ``over`` or ``invalid`` with its violations;
- the same request gives the same answer, byte for byte (the JSON), and the answer does not depend on which
  requests came before it (the memos are emptied once for the fresh answer, then other requests over the same
  sheets run, and nothing is emptied before the request is sent again);
- the answer keeps the fight inside its bounds: Life Bars within [0, the sheet's], Fighting Spirit not below 0 nor
  above what the fighter had or started with, Super Energy within the option's maximum, the Range 0–5 and bands
  1–6 (000 L5605–L5668);
- step mode ends: answering each pending decision (its default or one of its listed choices) and supplying each
  named die reaches an answer that asks for nothing more.

Settings are derandomized and use no example database, so the run is the same on every machine.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules.core.protocol.models import DieNeeded, StepStatus
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import CombatOptions, HazardKind, TurnRequest, TurnResult
from service.rules.memo import clear_all
from tests.conftest import examples

from ..fighters.strategies import fighters
from .support import first_pending

Json = dict[str, Any]

# Whole turns are costly: a share of the profile's budget (FIGHT_RULES_HYPOTHESIS_PROFILE=nightly for a longer hunt).
PROPERTY = settings(
    max_examples=examples(ci=25),
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OPTION_SWITCHES = sorted(
    name for name, field in CombatOptions.model_fields.items() if field.annotation is bool and name != "tag_team"
)
HAZARD_KINDS = [k.value for k in HazardKind]  # every kind the text defines (000 L6121–L6229)
# Ongoing effects the resolver documents on OngoingEffect, and one it does not know (carried back unchanged).
ONGOING = ["buff", "flight", "wind_up", "set_up", "slow_startup", "temporary_technique", "invisibility"]
ONGOING += ["triggered_interrupt", "opening_move", "gradual_effect", "limited_use", "bomb", "power_enhancer"]
ACTIONS = ["attack", "attack", "attack", "utility", "move", "refocus", "power_up", "await_opening", "taunt"]
ACTIONS += ["none"]
DIE = re.compile(r"^1d(\d+)$")


@st.composite
def fighter_state(draw: st.DrawFn, sheet: Json, turn: int, opts: Json) -> Json:
    """A fighter part-way through a fight: Life Bar 1 to full, Fighting Spirit up to his sheet's, and so on."""
    se_max = 30 if opts.get("super_tiers") else 10
    state: Json = {
        "life_bar": draw(st.integers(1, sheet["life_bar"])),
        "fighting_spirit": draw(st.integers(0, sheet["fighting_spirit"])),
        "fs_start": sheet["fighting_spirit"],
        "super_energy": draw(st.integers(0, se_max)),
        "knocked_down": draw(st.booleans()),
        "stunned": draw(st.sampled_from([None, None, {"actions_to_recover": 1}, {"actions_to_recover": 2}])),
        "await_opening": draw(st.integers(0, 2)),
        "full_offense_streak": draw(st.integers(0, 2)),
        "next_turn_dice": draw(
            st.lists(
                st.fixed_dictionaries(
                    {"target": st.sampled_from(["initiative", "control", "either"]), "steps": st.integers(-2, 2)}
                ),
                max_size=2,
            )
        ),
        "beast_form": bool(opts.get("transformations")) and draw(st.booleans()),
        "beast_energy": draw(st.integers(0, 20)) if opts.get("transformations") else 0,
        "combo_streak": draw(st.integers(0, 3)),
    }
    # Ongoing effects of his own moves that carry them (a Buff, Flight, Set Up …); an unknown id is bad input now.
    carried = sorted(
        {(e["id"].split(".")[0], m["id"]) for m in sheet["moves"] for e in m["elements"] + m.get("liabilities", [])}
    )
    carried = [(eid, mid) for eid, mid in carried if eid in ONGOING]
    if carried and draw(st.integers(0, 2)) == 0:
        picks = draw(st.lists(st.sampled_from(carried), max_size=2, unique_by=lambda c: c[0]))
        state["ongoing_effects"] = [
            {"id": eid, "move": mid}
            | draw(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "time_left": st.integers(0, 30),
                        "since": st.integers(max(1, turn - 3), turn),
                        "charges": st.integers(0, 5),
                    },
                )
            )
            for eid, mid in picks
        ]
    return state


@st.composite
def decisions(draw: st.DrawFn, fighters_: list[Json], turn: int, opts: Json) -> Json:
    """Some of the fighters' actions decided up front; the rest of the turn is defaulted or asked for."""
    out: Json = {}
    actions = ACTIONS + ["transform"] * bool(opts.get("transformations")) + ["switch"] * bool(opts.get("tag_team"))
    ids = [f["id"] for f in fighters_]
    for f in fighters_:
        if draw(st.integers(0, 3)) == 0:
            continue
        action = draw(st.sampled_from(actions))
        value: Json = {"action": action, "target": draw(st.sampled_from([i for i in ids if i != f["id"]]))}
        if action in ("attack", "utility"):
            moves = [m["id"] for m in f["sheet"]["moves"]] + ["basic_move"]
            value["moves"] = draw(st.lists(st.sampled_from(moves), min_size=1, max_size=3))
        if draw(st.booleans()):
            value["movement"] = draw(st.integers(0, 2))
            value["direction"] = draw(st.sampled_from(["toward", "away"]))
        out[f"T{turn}.{f['id']}.action"] = value
    return out


@st.composite
def turn_requests(draw: st.DrawFn) -> Json:
    """A whole turn request: options, fight state with positions and Hazards, fighters (tag partners waiting)."""
    band = draw(st.booleans())
    tag = draw(st.integers(0, 3)) == 0
    actives = draw(st.integers(2, 3)) if band else 2
    opts: Json = {name: draw(st.booleans()) for name in draw(st.lists(st.sampled_from(OPTION_SWITCHES), max_size=8))}
    if opts.get("super_tiers"):
        opts["super_energy_max"] = 30
    opts["tag_team"] = tag
    turn = draw(st.integers(1, 6))
    ids = [f"f{i}" for i in range(actives)]
    sides = {fid: "red" if i % 2 == 0 else "blue" for i, fid in enumerate(ids)}
    waiting = []
    if tag:
        for side in draw(st.lists(st.sampled_from(["red", "blue"]), min_size=1, max_size=2, unique=True)):
            fid = f"{side}_partner"
            sides[fid] = side
            waiting.append(fid)
    fighters_ = []
    for fid in ids + waiting:
        sheet = draw(fighters(max_pl=draw(st.sampled_from([2, 4, 8]))))
        state = draw(fighter_state(sheet, turn, opts))
        state["tag_waiting"] = fid in waiting
        fighters_.append({"id": fid, "sheet": sheet, "state": state})
    if band:
        positioning: Json = {"mode": "band", "bands": {fid: draw(st.integers(1, 6)) for fid in ids}}
    else:
        positioning = {"mode": "range", "range": draw(st.integers(0, 5))}
    hazards = []
    for i, kind in enumerate(draw(st.lists(st.sampled_from(HAZARD_KINDS), max_size=3))):
        hazard: Json = {"id": f"h{i}", "kind": kind}
        if band:
            hazard["band"] = 1 if i == 0 else 6 if i == 1 else 3
        if draw(st.integers(0, 3)) == 0:  # one made by a fighter's move, with Time Count left to run
            maker = draw(st.sampled_from(fighters_[:actives]))
            if maker["sheet"]["moves"]:
                hazard["owner"] = maker["id"]
                hazard["move"] = draw(st.sampled_from([m["id"] for m in maker["sheet"]["moves"]]))
                hazard["time_left"] = draw(st.integers(0, 20))
                hazard["since"] = draw(st.integers(1, turn))
        hazards.append(hazard)
    fight: Json = {
        "round": draw(st.integers(1, 3)),
        "turn": turn,
        "time_count": draw(st.integers(1, 99)),
        "positioning": positioning,
        "sides": sides,
        "hazards": hazards,
    }
    if draw(st.booleans()):
        fight["previous_turn"] = {"initiative_leader": draw(st.sampled_from(ids)), "leader_hit": draw(st.booleans())}
    return {
        "options": opts,
        "fight": fight,
        "fighters": fighters_,
        "decisions": draw(decisions(fighters_[:actives], turn, opts)),
        "seed": draw(st.integers(0, 2**32)),
        "lenient": True,
    }


def resolve(data: Json) -> TurnResult:
    return resolve_turn(TurnRequest.model_validate(data))


def check_bounds(req: Json, res: TurnResult) -> None:
    """The answer's fight is within the bounds of the game and of the answer's own model."""
    assert res.status in (StepStatus.resolved, StepStatus.decision_required, StepStatus.over, StepStatus.invalid)
    assert not [v for v in res.violations if v.code == "INTERNAL_STATE"], res.violations
    TurnResult.model_validate_json(res.model_dump_json())  # every bound the answer model states holds
    if res.status is StepStatus.invalid:
        return
    before = {f["id"]: f for f in req["fighters"]}
    se_max = req["options"].get("super_energy_max", 10)
    for f in res.fighters:
        s, old = f.state, before[f.id]
        assert 0 <= s.life_bar <= old["sheet"]["life_bar"], (f.id, s.life_bar)
        assert s.defeated == (s.life_bar == 0) or s.defeated, (f.id, s.life_bar)
        assert 0 <= s.fighting_spirit <= max(old["state"]["fighting_spirit"], s.fs_start or 0), f.id
        assert 0 <= s.super_energy <= se_max, (f.id, s.super_energy)
    pos = res.fight.positioning
    if pos.mode == "range":
        assert pos.range is not None and 0 <= pos.range <= 5, pos.range
    else:
        assert all(1 <= b <= 6 for b in pos.bands.values()), pos.bands


@PROPERTY
@given(turn_requests())
def test_never_raises_and_bounds_hold(data: Json) -> None:
    res = resolve(data)
    check_bounds(data, res)


@PROPERTY
@given(turn_requests(), st.lists(st.tuples(st.sampled_from(OPTION_SWITCHES), st.integers(0, 2**32)), max_size=3))
def test_same_answer_fresh_again_and_after_other_requests(data: Json, variations: list[tuple[str, int]]) -> None:
    """Fresh (memos emptied), again at once, and again after requests over the same sheets with other options,
    states and seeds (nothing emptied in between): three identical answers."""
    clear_all()
    fresh = resolve(data).model_dump_json()
    assert resolve(data).model_dump_json() == fresh
    for switch, seed in variations:
        other = copy.deepcopy(data)
        other["options"][switch] = not other["options"].get(switch, CombatOptions.model_fields[switch].default)
        other["seed"] = seed
        for f in other["fighters"]:
            f["state"]["fighting_spirit"] //= 2
        resolve(other)
        resolve({**other, "decisions": {}})
    assert resolve(data).model_dump_json() == fresh


def _answer(res: TurnResult, pick: int) -> tuple[str, str, Any]:
    p = first_pending(res)
    assert p is not None
    if isinstance(p, DieNeeded):
        m = DIE.match(p.die or "")
        faces = int(m.group(1)) if m else 1
        return "rolls", p.key, 1 + pick % faces
    if p.default is not None:
        assert any(c.value == p.default for c in p.choices), f"{p.key}: the default is not among the choices"
    if p.default is not None and pick % 2 == 0:
        return "decisions", p.key, p.default.model_dump(mode="json", exclude_none=True)
    assert p.choices, f"{p.key} offers no choice"
    return "decisions", p.key, p.choices[pick % len(p.choices)].value.model_dump(mode="json", exclude_none=True)


@PROPERTY
@given(turn_requests(), st.booleans(), st.lists(st.integers(0, 50), min_size=1, max_size=8))
def test_step_mode_reaches_an_end(data: Json, own_dice: bool, picks: list[int]) -> None:
    """Every pending decision answered (its default, or one of its listed choices: the default must be among them),
    every named die supplied: the turn ends within a bounded number of round trips."""
    req = copy.deepcopy(data)
    req["options"]["ask_every_decision"] = True
    if own_dice:
        req.pop("seed")
        req["rolls"] = {}
    for step in range(150):
        res = resolve(req)
        check_bounds(req, res)
        if res.status is not StepStatus.decision_required:
            return
        where, key, value = _answer(res, picks[step % len(picks)])
        assert key not in (req.get(where) or {}), f"{key} asked again after it was answered"
        req.setdefault(where, {})[key] = value
    raise AssertionError("step mode did not end after 150 answers")
