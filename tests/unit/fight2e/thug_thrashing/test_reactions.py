"""A Fighter's Reaction Attack on a Thug group that closes in, in a Thug Thrashing turn (000 L6702: Reaction Attacks
work against Thugs; 000 L6006–L6033: the main turn's rules for them), worked by hand.

Ava (support.py): PL 2, Strength 2, Tactics 0, Thug Thrashing 1, 20 FS; Elbow and Sweep Kick (L3) and the Basic
Move (L1: Accuracy +0, 1d4, Range 0–2, 000 L2082–L2090). Here she rolls Initiative 1 and Control 4, the group
Initiative 4: it acts first. Her attack on a group: 1d6 + Accuracy, +1 at Range 0, +1 with Control to spare
(000 L5613, L5728), against its Defense 2 (000 L6714). Her Basic Move's Life Save on its Thugs: 5 − Strength 2 = 3
(000 L6570); a Thug stays on 3 or less (000 L6568)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ava, _g, _ok, _req, _turn

LATE = {"T1.ava.init": 1, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3}
REACT = {"choice": "act", "moves": ["basic_move"]}


def _closing(n: int) -> dict[str, Any]:
    return {"T1.g.action": {"action": "move", "movement": n, "direction": "toward", "target": "ava"}}


def _offered(out: dict[str, Any]) -> set[tuple[str | None, str | None]]:
    asked = out["decisions_needed"][0]
    assert asked["key"] == "T1.ava.reaction", asked["key"]
    return {(c["value"].get("reaction"), (c["value"].get("moves") or [None])[0]) for c in asked["choices"]}


def _asked(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> list[str]:
    """The keys of the decisions a turn with every decision asked stops at."""
    out = _turn(req | {"ask_every_decision": True}, decisions, rolls)
    return [d["key"] for d in out["decisions_needed"]]


def _ask(req: dict[str, Any]) -> dict[str, Any]:
    return req | {"ask_every_decision": True}


def test_a_group_moving_in_without_attacking_is_offered_to_her_basic_reaction_attack() -> None:
    # The group moves 2 toward her, 3 → 1, without attacking, before she has acted (000 L6012, L6017): she may
    # spend 1 FS on a Basic Reaction Attack (000 L6027); Elbow and Sweep Kick are no Basic Move, no Throw, no
    # Interrupt (000 L6023–L6033). Passing is offered too.
    decisions = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}} | _closing(2)
    out = _turn(_ask(_req(rng=3)), decisions, LATE)
    assert _offered(out) == {(None, None), ("basic", "basic_move")}


def test_her_basic_reaction_attack_takes_a_thug_out_and_her_extra_action_remains() -> None:
    # Reaction Attack: 1 FS (000 L6014), 20 → 19. At Range 1 her Basic Move: 2 + 0 + 1 (Control 4 spares 3)
    # = 3 against Defense 2: a hit; the Thug's Life Save 3 against a 4: out, 5 → 4 (000 L6568–L6570).
    # It took her action (000 L6013); her one Thug Thrashing action comes at her Initiative at half Control, 2
    # (000 L6750–L6754): a Basic Move at Range 1: 1 + 0 + 1 (2 spares 1) = 2 against 2, a hit; a 4 again: 4 → 3.
    decisions = _closing(2) | {
        "T1.ava.reaction": REACT,
        "T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"},
    }
    rolls = LATE | {"T1.ava.attack": 2, "T1.g.life_save": 4, "T1.ava.attack.2": 1, "T1.g.life_save.2": 4}
    out = _ok(_req(rng=3), decisions, rolls)
    assert _g(out)["members"] == 3
    assert _ava(out)["fighting_spirit"] == 19
    rolled = [(e["inputs"]["face"], e["inputs"]["accuracy"]) for e in out["log"] if "defense" in e.get("inputs", {})]
    assert rolled == [(2, 1), (1, 1)]
    # that action has Control 2: Elbow (L3) is beyond it (000 L6754)
    elbow = decisions | {"T1.ava.action": {"action": "attack", "moves": ["elbow"], "target": "g"}}
    refused = _turn(_req(rng=3), elbow, rolls)
    assert [v["code"] for v in refused["violations"]] == ["INSUFFICIENT_CONTROL"]


def test_a_missed_reaction_attack_leaves_the_group_where_it_came() -> None:
    # 1 + 0 + 1 = 2 against Defense 3: a miss (000 L6714); the group still stands at Range 1 (ruling: its movement
    # is already made, 000 L6021) and she has paid the 1 FS (000 L6014).
    decisions = _closing(2) | {"T1.ava.reaction": REACT, "T1.ava.action": IDLE}
    out = _ok(_req(rng=3, thug={**dict(THUG), "defense": 3}), decisions, LATE | {"T1.ava.attack": 1})
    assert _g(out)["members"] == 5
    assert _g(out)["ranges"] == {"ava": 1}
    assert _ava(out)["fighting_spirit"] == 19


def test_no_reaction_attack_on_a_group_that_moves_and_attacks() -> None:
    # A Reaction Attack answers movement without an attack (000 L6008, L6027); a group moving 1 and attacking is
    # defended against (000 L6696): the first decision asked of her is her defence, not a Reaction Attack.
    decisions = {
        "T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0},
        "T1.g.action": {"action": "attack", "movement": 1, "direction": "toward", "target": "ava"},
    }
    keys = _asked(_req(rng=2), decisions, LATE | {"T1.g.attack": 1})
    assert "T1.ava.reaction" not in keys and keys[:1] == ["T1.ava.defense"], keys


def test_no_reaction_attack_after_she_has_acted_or_short_of_range_1() -> None:
    # She acts first (Initiative 6 against 4): she has acted when the group comes in (000 L6012).
    early = LATE | {"T1.ava.init": 6, "T1.g.init": 1}
    decisions = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    assert "T1.ava.reaction" not in _asked(_req(rng=3), decisions | _closing(2), early)
    # From Range 4 two Ranges leave it at Range 2: it has not come into Range 0 or 1 (000 L6017).
    assert "T1.ava.reaction" not in _asked(_req(rng=4), decisions | _closing(2), LATE)
    # With no FS left she cannot pay for one (000 L6014).
    assert "T1.ava.reaction" not in _asked(_req(rng=3, fs=0), decisions | _closing(2), LATE)


def test_anti_air_answers_a_group_that_jumps_in_only() -> None:
    # Anti-Air Reaction Attack: the mover came 2 or 3 Ranges toward her without attacking (000 L6025). Moving 2
    # (3 → 1) it is offered with her Anti-Air move; moving 1 (2 → 1) only the Basic one is.
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], move("aa", "anti_air", level=2)]
    decisions = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}}
    jump = _turn(_ask(_with(sheet, rng=3)), decisions | _closing(2), LATE)
    assert ("anti_air", "aa") in _offered(jump)
    step = _turn(_ask(_with(sheet, rng=2)), decisions | _closing(1), LATE)
    assert _offered(step) == {(None, None), ("basic", "basic_move")}


def _with(sheet: dict[str, Any], rng: int) -> dict[str, Any]:
    req = _req(rng=rng)
    req["fighters"][0]["sheet"] = sheet
    return req


def test_a_move_that_is_no_reaction_attack_here_is_refused() -> None:
    # Elbow (L3) is neither a Basic Move nor a Throw, Anti-Air, Interrupt or Invincibility Super (000 L6023–L6033).
    decisions = _closing(2) | {"T1.ava.reaction": {"choice": "act", "moves": ["elbow"]}, "T1.ava.action": IDLE}
    out = _turn(_req(rng=3), decisions, LATE)
    assert [v["code"] for v in out["violations"]] == ["REACTION_TRIGGER_INVALID"]


def test_after_her_reaction_attack_a_thug_attack_offers_no_full_defense() -> None:
    # Full Defense takes her first action (000 L5714, L6758); the Reaction Attack already took it (000 L6013).
    # A second group, Initiative 3, attacks her at Range 1 after the first moved in: her defence choices hold no
    # Full Defense.
    req = _req(rng=3)
    second = {"id": "h", "thug": dict(THUG), "members": 5, "ranges": {"ava": 1}}
    req["fight"]["thugs"].append(second)
    decisions = (
        {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}, "T1.ava.reaction": REACT}
        | _closing(2)
        | {"T1.h.action": {"action": "attack", "movement": 0, "target": "ava"}}
    )
    rolls = LATE | {"T1.ava.attack": 1, "T1.g.life_save": 1, "T1.h.init": 3, "T1.h.attack": 1}
    out = _turn(_ask(req), decisions, rolls)
    asked = out["decisions_needed"][0]
    assert asked["key"] == "T1.ava.defense", asked["key"]
    assert not [c for c in asked["choices"] if c["value"].get("full_defense")]


def test_on_a_band_map_the_group_comes_into_range_of_another_fighter() -> None:
    # On a Band Map every Range is the bands' difference (000 L6664, L5652): g in band 6 moves 2 toward Ava
    # (band 2) without attacking, to band 4: Range 2 from her, no Reaction Attack (000 L6017); Bea, in band 4, was
    # at Range 2 from it and is now at Range 0: hers is offered (000 L6012, L6017).
    bea = copy.deepcopy(AVA) | {"id": "bea", "name": "Bea"}
    req = _req(rng=4)
    req["fight"]["thugs"][0] = {"id": "g", "thug": dict(THUG), "members": 5, "band": 6}
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 2, "bea": 4}}
    state = {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}
    req["fighters"].append({"id": "bea", "sheet": bea, "state": state})
    rolls = LATE | {"T1.bea.init": 2, "T1.bea.ctrl": 4}
    decisions = {
        "T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0},
        "T1.bea.fs_init_ctrl": {"init": 0, "ctrl": 0},
    } | _closing(2)
    out = _turn(_ask(req), decisions, rolls)
    asked = out["decisions_needed"][0]
    assert asked["key"] == "T1.bea.reaction", asked["key"]
    # she reacts: 1d6 2 + 0 + 1 (Range 0) + 1 (spare Control) = 4 against 2, a hit; a 4 on the Life Save of 3: out
    decisions |= {"T1.bea.reaction": REACT, "T1.bea.action": IDLE, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    done = _ok(req, decisions, rolls | {"T1.bea.attack": 2, "T1.g.life_save": 4})
    assert _g(done)["members"] == 4 and _g(done)["band"] == 4
    hit = next(e for e in done["log"] if "defense" in e.get("inputs", {}))
    assert (hit["actor"], hit["inputs"]["accuracy"]) == ("bea", 2)


def test_an_invincibility_super_as_her_reaction_attack_has_one_more_accuracy() -> None:
    # Super Reaction Attack: an Invincibility Super of one who lost Initiative by no more than its instances
    # (000 L4944–L4950), +1 Accuracy (000 L6031). The group's 3 beats her 1 by 2, within Invincibility ×2. Control 6
    # spares 1 over its level 5 (000 L5728): 0 + 0 (Range 1) + 1 + 1 = 2 against Defense 2. FS: 1 for the Reaction
    # Attack (000 L6014) and 1 for the Super (000 L5281), 20 → 18; its 10 Super Energy, 10 → 0.
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], move("inv", el("invincibility", 2), level=5, kind="super")]
    req = _with(sheet, rng=3)
    req["fighters"][0]["state"]["super_energy"] = 10
    rolls = LATE | {"T1.g.init": 3, "T1.ava.ctrl": 6, "T1.ava.attack": 1, "T1.g.life_save": 1, "T1.g.life_save.2": 1}
    decisions = _closing(2) | {"T1.ava.reaction": {"choice": "act", "reaction": "super", "moves": ["inv"]}}
    out = _ok(req, decisions | {"T1.ava.action": IDLE}, rolls)
    hit = next(e for e in out["log"] if "defense" in e.get("inputs", {}))
    assert (hit["inputs"]["face"], hit["inputs"]["accuracy"]) == (1, 2)
    assert (_ava(out)["fighting_spirit"], _ava(out)["super_energy"]) == (18, 0)


def test_a_special_move_as_her_reaction_attack_at_saga_scale_ends_her_thug_thrashing() -> None:
    # Saga Scale 10: the group a step up, Defense 3 (000 L6816); her Thug Thrashing 3 halved to 1 (000 L6818). A
    # Special Move used stops her Thug Thrashing for the turn and its Glory is times her Thug Thrashing + 1
    # (000 L6820): her Anti-Air move (L2) on the group jumping in (000 L6025): 0 + 0 (Range 1) + 1 (Control 4
    # spares 2) = 1, a 2 makes 3 against Defense 3, a hit; first-time Glory 2 (its level, 000 L5749) × 2 = 4.
    # No action of hers is left to ask for.
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], move("aa", "anti_air", level=2)]
    sheet["narrative_skills"] = [{"id": "thug_thrashing", "level": 3}, {"id": "agility", "level": 4}]
    req = _with(sheet, rng=3)
    req["options"]["thug_thrashing"]["saga_scale"] = 10
    decisions = _closing(2) | {"T1.ava.reaction": {"choice": "act", "reaction": "anti_air", "moves": ["aa"]}}
    out = _ok(req, decisions, LATE | {"T1.ava.attack": 2, "T1.g.life_save": 1})
    hit = next(e for e in out["log"] if "defense" in e.get("inputs", {}))
    assert (hit["inputs"]["accuracy"], hit["inputs"]["defense"]) == (1, 3)
    assert _ava(out)["glory_this_round"] == 4


def test_a_thug_her_reaction_takes_from_a_group_acting_tied_stays_out() -> None:
    # Ava and the group both roll 4: they act at the same moment, her action first, and the group acts with the 5
    # Thugs it had then (000 L6656; the tied-Initiative ruling). Her Basic Move at Range 1: 2 + 0 + 1 = 3 against 2,
    # a hit, a 4 on the Life Save of 3: one out, 4 left. The group moves 2 toward Bea (Initiative 1), 3 → 1,
    # without attacking; her Basic Reaction Attack: 2 + 0 + 1 = 3, a hit, another 4: out. 5 → 3 in all.
    bea = copy.deepcopy(AVA) | {"id": "bea", "name": "Bea"}
    req = _req(rng=1)
    req["fight"]["thugs"][0]["ranges"] = {"ava": 1, "bea": 3}
    state = {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}
    req["fighters"].append({"id": "bea", "sheet": bea, "state": state})
    rolls = LATE | {"T1.ava.init": 4, "T1.bea.init": 1, "T1.bea.ctrl": 4}
    rolls |= {"T1.ava.attack": 2, "T1.g.life_save": 4, "T1.bea.attack": 2, "T1.g.life_save.2": 4}
    decisions = {
        "T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"},
        "T1.ava.action.2": IDLE,
        "T1.g.action": {"action": "move", "movement": 2, "direction": "toward", "target": "bea"},
        "T1.bea.reaction": REACT,
        "T1.bea.action": IDLE,
    }
    out = _ok(req, decisions, rolls)
    assert _g(out)["members"] == 3


def test_a_throw_reaction_attack_only_on_a_group_at_range_0() -> None:
    # Throw Reaction Attack: the mover must be at Range 0 when it comes (000 L6033). Coming 1 → 0 her Throw move
    # is offered; coming 2 → 1 only the Basic one is (000 L6027).
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], move("grab", "throw", level=2)]
    decisions = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}}
    close = _turn(_ask(_with(sheet, rng=1)), decisions | _closing(1), LATE)
    assert ("throw", "grab") in _offered(close)
    near = _turn(_ask(_with(sheet, rng=2)), decisions | _closing(1), LATE)
    assert _offered(near) == {(None, None), ("basic", "basic_move")}


def test_two_fighters_reacting_on_one_group_roll_for_who_strikes_first() -> None:
    # 000 L6019: g (band 5) moves 2 toward Ava without attacking, to band 3: Range 1 from Ava and Bea, both in band
    # 2 (000 L6664, L5652), neither having acted. Both react; their special Initiative rolls on their 1d8 Initiative
    # die: Ava 3, Bea 7, so Bea strikes first though listed second. Each Basic Move at Range 1: 2 + 0 + 1 (spare
    # Control) = 3 against Defense 2, a hit, and a 4 on each Life Save of 3 takes a Thug out: 5 → 3 (000 L6568)
    bea = copy.deepcopy(AVA) | {"id": "bea", "name": "Bea"}
    req = _req(rng=4)
    req["fight"]["thugs"][0] = {"id": "g", "thug": dict(THUG), "members": 5, "band": 5}
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 2, "bea": 2}}
    req["fighters"].append(
        {"id": "bea", "sheet": bea, "state": {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}}
    )
    rolls = LATE | {"T1.bea.init": 2, "T1.bea.ctrl": 4, "T1.ava.reaction_init": 3, "T1.bea.reaction_init": 7}
    rolls |= {"T1.bea.attack": 2, "T1.ava.attack": 2, "T1.g.life_save": 4, "T1.g.life_save.2": 4}
    decisions = _closing(2) | {"T1.ava.reaction": REACT, "T1.bea.reaction": REACT}
    decisions |= {"T1.ava.action": IDLE, "T1.bea.action": IDLE}
    out = _ok(req, decisions, rolls)
    assert [e["actor"] for e in out["log"] if "defense" in e.get("inputs", {})] == ["bea", "ava"]
    assert _g(out)["members"] == 3
