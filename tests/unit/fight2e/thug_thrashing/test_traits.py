"""A Thug group's Qualities and Weaknesses in a Thug Thrashing turn (000 L6582–L6642): each trait's effect on the
group's attack and on its hit, worked by hand. Ava (support.py): Defense 3, Agility 4 (in place of Evasion), Stamina
0, Stun Threshold 6, Thug Thrashing 1. The group goes first (Initiative 4 against her 2) at Range 1 unless said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.rules.fight2e.combat.dramatic.thugs import NOT_IN_DRAMATIC
from service.rules.fight2e.combat.thug_thrashing.group import RESOLVED_TRAITS, THUG_TURN_TRAITS, TURN_ONLY
from service.rules.fight2e.declared_members import RESOLVED_TRAITS as BOTH_TURNS
from service.rules.fight2e.declared_members import thug_traits_unapplied
from service.rules.fight2e.thugs import attacks
from service.rules.fight2e.thugs.catalogue import thug_catalogue
from tests.unit.fight2e.thug_thrashing.support import ATTACK, IDLE, THUG, _ava, _g, _ok, _req, _turn

DEFEND = {"defense": "defense"}
EVADE = {"defense": "evasion", "agility": True}  # Agility 4 in place of Evasion (000 L6700)


def _with(*traits: str, **figures: Any) -> dict[str, Any]:
    return {**THUG, **figures, "qualities": [{"id": t} for t in traits]}


def _attacked(
    thug: dict[str, Any],
    defence: dict[str, Any],
    face: int,
    damage: int | None = 3,
    rng: int = 1,
    actions: int = 2,
    bounce: int | None = None,
) -> dict[str, Any]:
    """The group attacks her once; ``damage``: None when the attack misses (no damage die is rolled)."""
    rolls = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": face, "T1.fight.time": 3}
    if damage is not None:
        rolls["T1.g.damage"] = damage
    if bounce is not None:
        rolls["T1.g.bounce"] = bounce
    acts = {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE} if actions == 2 else {"T1.ava.action": IDLE}
    return _ok(_req(rng=rng, thug=thug), {"T1.ava.defense": defence, **acts}, rolls)


def _note(out: dict[str, Any], label: str, actor: str) -> list[str]:
    return [s["text"] for s in out["log"] if s["label"] == label and s["actor"] == actor]


def test_knocks_down_takes_her_first_action() -> None:
    # A 3 at Range 1 against Defense 3 hits (000 L6680); Knocks Down (000 L6682): she had not acted, so her first
    # action goes on standing up (000 L5958, L6752) and her second is still hers.
    out = _ok(
        _req(thug=_with("knocks_down")),
        {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    assert _note(out, "E.4", "ava") and any("standing up" in t for t in _note(out, "B", "ava"))
    assert _ava(out)["life_bar"] == 37


def test_increased_knockback_pushes_her_one_range() -> None:
    # 000 L6682: a hit knocks her back 1 Range: Range 1 → 2; without the Quality she stays at 1.
    assert _g(_attacked(_with("increased_knockback"), DEFEND, 3))["ranges"] == {"ava": 2}
    assert _g(_attacked(THUG, DEFEND, 3))["ranges"] == {"ava": 1}


def test_increased_stun_counts_two_more_against_the_threshold() -> None:
    # Damage 1d8, a 5: 5 is not above her Stun Threshold 6, 5 + 2 = 7 is (000 L3565, L5974).
    plain = _attacked(_with(damage="1d8"), DEFEND, 3, damage=5)
    assert _ava(plain)["life_bar"] == 35 and not _ava(plain).get("stunned")
    stun = _attacked(_with("increased_stun", damage="1d8"), DEFEND, 3, damage=5, actions=1)  # recovering first
    assert _ava(stun)["life_bar"] == 35 and _ava(stun)["stunned"]


def test_hit_stun_lowers_her_control_before_she_acts() -> None:
    # Control 6, Hit Stun: min(6 − 4, 6 // 2) = 2 (000 L5930); her extra action then has floor(2 / 2) = 1 (000 L6752).
    out = _ok(
        _req(thug=_with("hit_stun")),
        {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 6, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    budgets = next(s for s in out["log"] if s["label"] == "C" and "actions: Control" in s["text"])
    assert budgets["inputs"]["control"] == [2, 1]


def test_hard_to_evade_and_unblockable_by_the_defence_met() -> None:
    # Hard to Evade: +1 against Evasion (000 L3424): a 3 reaches Agility 4 only with it; against Defense 3 a 2 misses.
    assert _ava(_attacked(_with("hard_to_evade"), EVADE, 3))["life_bar"] == 37
    assert _ava(_attacked(THUG, EVADE, 3, None))["life_bar"] == 40
    assert _ava(_attacked(_with("hard_to_evade"), DEFEND, 2, None))["life_bar"] == 40
    # Unblockable (needs Knocks Down and Increased Stun, 000 L4427): +4 against Defense, −2 against Evasion (000 L4431):
    # a 1 + 4 = 5 hits Defense 3; a 5 − 2 = 3 misses Agility 4.
    hard = _with("unblockable", "knocks_down", "increased_stun")
    assert _ava(_attacked(hard, DEFEND, 1, actions=1))["life_bar"] == 37  # Knocked Down: she stands first
    assert _ava(_attacked(hard, EVADE, 5, None))["life_bar"] == 40


def test_always_does_damage_on_a_blocked_miss() -> None:
    # A 1 misses Defense 3, yet 1 Life Bar goes (000 L2821); missing her Evasion costs nothing.
    assert _ava(_attacked(_with("always_does_damage"), DEFEND, 1, None))["life_bar"] == 39
    assert _ava(_attacked(_with("always_does_damage"), EVADE, 1, None))["life_bar"] == 40


def test_tall_has_no_penalty_at_range_two() -> None:
    # Range 2: −1 for a Standard attack (000 L5613): a 3 makes 2 and misses Defense 3; Tall spares it (000 L1339).
    assert _ava(_attacked(THUG, DEFEND, 3, None, rng=2))["life_bar"] == 40
    assert _ava(_attacked(_with("tall"), DEFEND, 3, rng=2))["life_bar"] == 37


def test_short_does_not_reach_range_two() -> None:
    # 000 L1333: Range 1 at most; with Reach Range 2 (not 3); Ranged lifts it.
    assert attacks.reach(["short"]) == 1 and attacks.reach([]) == 2
    assert attacks.reach(["short", "reach"]) == 2 and attacks.reach(["reach"]) == 3
    assert attacks.reach(["short", "ranged"]) == 4
    out = _ok(
        _req(rng=2, thug=_with("short")),
        {"T1.g.action": {"action": "attack", "movement": 0}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3},
    )
    assert any("nobody in reach" in t for t in _note(out, "C", "g"))


def test_honorable_does_not_strike_a_fallen_fighter() -> None:
    # 000 L1453: she starts the turn Knocked Down, so the Honorable group, in reach, attacks nobody.
    req = _req(thug=_with("honorable"))
    req["fighters"][0]["state"]["knocked_down"] = True
    out = _ok(req, {"T1.ava.action": IDLE}, {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3})
    assert any("nobody in reach" in t for t in _note(out, "C", "g")) and _ava(out)["life_bar"] == 40


def test_every_trait_applied_has_its_record_and_leaves_the_declarations() -> None:
    table = thug_catalogue().in_combat
    assert frozenset(table) == THUG_TURN_TRAITS and RESOLVED_TRAITS == THUG_TURN_TRAITS - TURN_ONLY
    left = {m.id for m in thug_traits_unapplied()}
    assert left == set(thug_catalogue().traits) - BOTH_TURNS  # declared unless both turns with Thugs apply it
    assert left >= NOT_IN_DRAMATIC | TURN_ONLY  # those applied in Thug Thrashing only stay declared

    # the standard Qualities and Weaknesses of the Thug lists (000 L6586–L6609) are all applied now
    standard = {t.id for t in thug_catalogue().traits.values() if t.kind in ("quality", "weakness", "thug_quality")}
    assert standard <= RESOLVED_TRAITS


def test_hits_low_by_the_defence_met_and_the_forced_move() -> None:
    # +1 against Defense: a 2 + 1 = 3 hits Defense 3 (000 L3464); −1 against Evasion: a 4 − 1 = 3 misses Agility 4,
    # and she must move the 2 Ranges (000 L3466): Range 1 → 3, with no FS paid (ruling) and no +2 to take instead.
    assert _ava(_attacked(_with("hits_low"), DEFEND, 2))["life_bar"] == 37
    out = _attacked(_with("hits_low"), EVADE, 4, None)
    assert _ava(out)["life_bar"] == 40 and _g(out)["ranges"] == {"ava": 3} and _ava(out)["fighting_spirit"] == 20
    # combined Defense and Evasion: no modifier (000 L3466); 3 + Agility 4 // 2 = 5 against a 5: a hit.
    combined = {"defense": "defense_evasion", "agility": True}
    assert attacks.accuracy_against(["hits_low"], "combined") == 0
    assert attacks.accuracy_against(["unblockable"], "combined") == -2  # ruling: the lower of +4 and −2
    assert _ava(_attacked(_with("hits_low"), combined, 5))["life_bar"] == 37


def test_subtle_meets_no_tactics() -> None:
    # +1 only against Tactics (000 L4181), which is no defence against Thugs (000 L6696): nothing against the others.
    assert [attacks.accuracy_against(["subtle"], d) for d in ("defense", "evasion", "combined")] == [0, 0, 0]


def test_teleportation_moves_two_and_attacks() -> None:
    # 2 Ranges before attacking, no FS (000 L4309): from Range 3 to 1, then a 3 hits Defense 3.
    out = _ok(
        _req(rng=3, thug=_with("teleportation")),
        {
            "T1.g.action": {"action": "attack", "movement": 2, "direction": "toward", "target": "ava"},
            "T1.ava.defense": DEFEND,
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    assert _g(out)["ranges"] == {"ava": 1} and _ava(out)["life_bar"] == 37


def test_entangle_takes_her_first_action_and_a_die_next_turn() -> None:
    # 000 L3306: hit before acting: her first action is lost (her extra one remains, ruling as 000 L6752), and her
    # next Initiative die is one size smaller.
    out = _attacked(_with("entangle"), DEFEND, 3, actions=1)
    assert any("first action is lost" in t for t in _note(out, "C", "ava"))
    assert {"target": "initiative", "steps": -1, "source": "entangle"} in _ava(out)["next_turn_dice"]


def test_harry_shifts_her_next_die() -> None:
    # 000 L3432: one die size down on Initiative or Control next turn, her choice.
    out = _attacked(_with("harry"), DEFEND, 3)
    assert {"target": "either", "steps": -1, "source": "harry"} in _ava(out)["next_turn_dice"]


def test_bounce_adds_a_point_on_a_made_tactics_check() -> None:
    # 000 L2941: Tactics at the group's Defense 2 (000 L6582): a 6 + 2 = 8 makes DL 8: damage 3 + 1; a 5 does not.
    bouncer = _with("bounce", "knocks_down")
    assert _ava(_attacked(bouncer, DEFEND, 3, actions=1, bounce=6))["life_bar"] == 36
    assert _ava(_attacked(bouncer, DEFEND, 3, actions=1, bounce=5))["life_bar"] == 37


def test_knockback_advance_keeps_the_range() -> None:
    # Knocked Back 1 → 2 (000 L6682), the group follows: Range 1 again (000 L3661).
    out = _attacked(_with("increased_knockback", "knockback_advance"), DEFEND, 3)
    assert _g(out)["ranges"] == {"ava": 1}


def test_a_throw_at_range_zero_knocks_down_without_stun() -> None:
    # Throw Range: Range 0 only (000 L2369); +1 Accuracy (000 L4345) and +1 at Range 0 (000 L5613): a 1 + 2 = 3
    # hits Defense 3; Knocks Down; Stun is lost (000 L4341): 1d8 rolling 7 is above Threshold 6 yet no Stun.
    thrower = _with("throw", damage="1d8")
    out = _attacked(thrower, DEFEND, 1, damage=7, rng=0, actions=1)
    assert _ava(out)["life_bar"] == 33 and not _ava(out).get("stunned") and _note(out, "E.4", "ava")
    assert attacks.reach(["throw"]) == 0
    # with Does Stun (000 L4365) the 7 Stuns her
    out = _attacked(_with("throw", "throw.does_stun", damage="1d8"), DEFEND, 1, damage=7, rng=0, actions=1)
    assert _ava(out)["stunned"]
    # a blockable-Throw campaign (000 L4345): no +1, the 1 + 1 = 2 misses
    req = _req(rng=0, thug=thrower, throws_unblockable=False)
    out = _ok(
        req,
        {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _ava(out)["life_bar"] == 40


def test_hurl_throws_her_two_ranges() -> None:
    # 000 L4375: thrown 2 Ranges away: Range 0 → 2.
    out = _attacked(_with("throw", "throw.hurl"), DEFEND, 1, rng=0, actions=1)
    assert _g(out)["ranges"] == {"ava": 2}


def test_priority_breaks_a_tie_of_initiative() -> None:
    # Both at 4: Fighters go first on a tie by default (their actions resolved first, ruling on 000 L6656); a Priority
    # group goes first (000 L3892). A tie is no longer reported as unresolved.
    rolls = {"T1.ava.init": 4, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 1, "T1.fight.time": 3}
    decisions = {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    out = _turn(_req(thug=_with("priority")), decisions, rolls)
    attackers = [s["actor"] for s in out["log"] if s["label"] in ("D.6", "C") and s["actor"] in ("ava", "g")]
    assert attackers[0] == "g"
    assert not [u for u in out["unsupported"] if u["id"] == "thug_simultaneous_initiative"]
    plain = _turn(_req(), decisions, rolls)
    assert not [u for u in plain["unsupported"] if u["id"] == "thug_simultaneous_initiative"]


def test_area_attacks_reach_every_fighter_in_the_area() -> None:
    # One Thug left, three Fighters in reach: one attack normally (000 L6676), all three with an area attack
    # (ruling, 000 L2835, L3322); Area Effect reaches Range 0–1, Explosive 0–2.
    assert attacks.attackers(3, 1) == 1 and attacks.attackers(3, 1, ["area_effect"]) == 3
    assert attacks.reach(["area_effect"]) == 1 and attacks.reach(["explosive"]) == 2


def test_explosive_does_a_die_less_to_a_fighter() -> None:
    # Damage 1d4, one die size less against a Fighter (000 L3328): 1d2, a 2.
    out = _attacked({**THUG, "qualities": [{"id": "explosive", "cost": 2}]}, DEFEND, 3, damage=2)
    assert {r["key"]: r["die"] for r in out["rolls"]}["T1.g.damage"] == "1d2" and _ava(out)["life_bar"] == 38


def test_position_shift_without_hazards_does_nothing() -> None:
    # No map: it acts only through Hazards (000 L3804), the Director's call with Thugs (000 L6672): a plain hit.
    out = _attacked(_with("position_shift"), DEFEND, 3)
    assert _ava(out)["life_bar"] == 37 and _g(out)["ranges"] == {"ava": 1}
    assert not [u for u in out["unsupported"] if u["id"].startswith("thug_trait:")]


def test_critical_hit_raises_the_next_initiative_die() -> None:
    # An even damage roll (a 2): two die sizes on next turn's Initiative (000 L3208); a 3 gives nothing.
    crit = _with("critical_hit")
    assert _g(_attacked(crit, DEFEND, 3, damage=2))["initiative_steps"] == 2
    assert _g(_attacked(crit, DEFEND, 3, damage=3))["initiative_steps"] == 0
    # next turn the group's 1d4 is rolled as 1d8 (1d4 → 1d6 → 1d8, 000 L5455)
    req = _req(thug=crit)
    req["fight"]["thugs"][0]["initiative_steps"] = 2
    out = _ok(
        req,
        {"T1.ava.defense": DEFEND, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 7, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert {r["key"]: r["die"] for r in out["rolls"]}["T1.g.init"] == "1d8"
    # her hit on the group after it negates it (ruling): she acts second and hits (0 + 1 spare Control + a 3 = 4 ≥ 2)
    out = _ok(
        _req(thug=crit),
        {"T1.ava.defense": DEFEND, "T1.ava.action": ATTACK, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 3, "T1.g.damage": 2}
        | {"T1.ava.attack": 3, "T1.g.life_save": 1, "T1.fight.time": 3},
    )
    assert _g(out)["initiative_steps"] == 0


def test_oblivious_costs_a_first_turn_initiative_die() -> None:
    # 000 L1461: a Story Point and Perception 3 + a 9 = 12 against DL 12: the group's 1d4 Initiative becomes 1d2.
    req = _req(thug=_with("oblivious"))
    sheet = req["fighters"][0]["sheet"]
    req["fighters"][0]["sheet"] = {
        **sheet,
        "narrative_skills": [*sheet["narrative_skills"], {"id": "perception", "level": 3}],
    }
    req["fighters"][0]["state"]["story_points"] = 1
    decisions = {"T1.ava.exploit": {"choice": "act"}, "T1.ava.defense": DEFEND}
    decisions |= {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    rolls = {
        "T1.ava.exploit_check": 9,
        "T1.ava.init": 2,
        "T1.ava.ctrl": 4,
        "T1.g.init": 2,
        "T1.g.attack": 1,
        "T1.fight.time": 3,
    }
    out = _ok(req, decisions, rolls)
    assert {r["key"]: r["die"] for r in out["rolls"]}["T1.g.init"] == "1d2" and _ava(out)["story_points"] == 0
    # an 8 falls short: the die stays 1d4; the Story Point is spent all the same
    out = _ok(req, decisions, rolls | {"T1.ava.exploit_check": 8})
    assert {r["key"]: r["die"] for r in out["rolls"]}["T1.g.init"] == "1d4" and _ava(out)["story_points"] == 0


def test_sustained_hold_holds_her_for_the_turn() -> None:
    # Throw at Range 0: 1 + 1 + 1 = 3 hits Defense 3 (000 L4345, L5613); the hold does damage and Hit Stun, no Knock
    # Down (000 L4381), and she cannot act this turn; the second turn is dropped (ruling, 000 L6718).
    out = _ok(
        _req(rng=0, thug=_with("throw", "throw.sustained_hold")),
        {"T1.ava.defense": DEFEND},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 1, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    assert _ava(out)["life_bar"] == 37 and not _note(out, "E.4", "ava")
    assert any("no action this turn" in t for t in _note(out, "C", "ava"))
    assert any("Hit Stun" in t for t in _note(out, "E.2", "ava"))


def test_temporary_invulnerability_on_a_tie() -> None:
    # Both at Initiative 4 (Fighters first on a tie): her hit (0 + 1 spare Control + a 3 = 4 ≥ 2) meets the group's
    # simultaneous attack, so no Thug falls (000 L4327, ruling); at 5 against 4 the same hit makes a Thug save.
    req = _req(thug=_with("temporary_invulnerability"))
    decisions = {"T1.ava.action": ATTACK, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFEND}
    rolls = {"T1.ava.init": 4, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.ava.attack": 3, "T1.g.attack": 1}
    out = _turn(req, decisions, rolls | {"T1.fight.time": 3})
    assert out["status"] == "resolved" and _g(out)["members"] == 5
    assert any("Temporary Invulnerability" in e["text"] for e in out["log"])
    out = _ok(req, decisions, rolls | {"T1.ava.init": 5, "T1.g.life_save": 6, "T1.fight.time": 3})
    assert _g(out)["members"] == 4


def test_only_a_ranged_group_s_hit_may_be_dodged_with_agility() -> None:
    # 000 L6704: the Agility check after a hit is against Thugs with the Ranged Quality; a plain group's hit of 3
    # on her Defense is simply taken (no dodge asked, no agility roll): Life Bar 40 − 3 = 37.
    assert thug_catalogue().attack.agility_dodge == ("ranged",)
    out = _attacked(THUG, DEFEND, 6, damage=3, rng=1)
    assert not any(d["key"].endswith("agility_dodge") for d in out.get("decisions_needed", []))
    assert "T1.ava.agility" not in {r["key"] for r in out["rolls"]}
    assert _ava(out)["life_bar"] == 37


def test_an_unknown_trait_that_may_be_dodged_fails_the_load(tmp_path: Path) -> None:
    import shutil

    from service.rules.fight2e.thugs.catalogue import DATA_DIR, ThugTraitError, load_thug_catalogue

    for path in DATA_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    traits = tmp_path / "20-thug-traits.yaml"
    text = traits.read_text(encoding="utf-8")
    traits.write_text(text.replace("agility_dodge: [ranged]", "agility_dodge: [ranged, lasers]"), encoding="utf-8")
    with pytest.raises(ThugTraitError, match="lasers"):
        load_thug_catalogue(tmp_path)
