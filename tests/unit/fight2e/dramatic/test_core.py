"""Dramatic Combat core (000 L7066–L7325): every figure worked out by hand from the text, citing its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.rules.dice import die
from service.rules.fight2e.dramatic import attacks, bank, checks, climactic, costs, flourish, healing, spiritual
from service.rules.fight2e.dramatic.awards import FightRecord, settle
from service.rules.fight2e.dramatic.catalogue import Gain, tables
from service.rules.fight2e.dramatic.initiative import flourish_on_tie, initiative_die, initiative_total

T = tables()


def opt(ident: str):
    return T.option(ident)


# ── Initiative ──────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(("speed", "expected"), [(-1, "1d4"), (0, "1d6"), (1, "1d8"), (2, "1d10")])
def test_initiative_die_from_speed(speed: int, expected: str) -> None:
    # 000 L7090–L7094: Speed −1 → 1d4, 0 → 1d6, 1 → 1d8, 2 → 1d10
    assert str(initiative_die(speed)) == expected


def test_initiative_adds_control_bonus() -> None:
    # 000 L7339: Speed 1 with Control Bonus +1 is "1d8+1"; a face of 7 is Initiative 8 (000 L7343)
    assert str(initiative_die(1)) == "1d8"
    assert initiative_total(7, 1) == 8


def test_initiative_die_steps_and_fs() -> None:
    # 000 L7102: show-off +1 die size: Speed 1 (1d8) → 1d10; ruling C2: FS raises up to 1d12 and no further
    assert str(initiative_die(1, steps=1)) == "1d10"
    assert str(initiative_die(2, fs=5)) == "1d12"
    # 000 L5966: a Knock Down's −1 die: Speed 0 (1d6) → 1d4
    assert str(initiative_die(0, steps=-1)) == "1d4"


def test_initiative_reroll_costs_one_point_each() -> None:
    # 000 L7098: each re-roll is one Action Point
    assert costs.ap_cost(opt("initiative_reroll")) == 1


def test_show_off() -> None:
    # 000 L7102: 1 AP for one die size more, and 1 Glory
    o = opt("show_off")
    assert (costs.ap_cost(o), o.die_steps, o.glory) == (1, 1, 1)


def test_fast_reflexes() -> None:
    # 000 L7146: 1 AP; must roll higher than every opponent with the skill (a tie is not higher)
    assert costs.ap_cost(opt("fast_reflexes")) == 1
    assert checks.contest(9, [8, 5]) is True
    assert checks.contest(8, [8]) is False
    assert checks.contest(3, []) is True  # nobody else has the skill


@pytest.mark.parametrize(("a", "b", "rng", "expected"), [(9, 9, 1, True), (9, 9, 3, False), (9, 8, 1, False)])
def test_tied_initiative_within_two_is_a_flourish(a: int, b: int, rng: int, expected: bool) -> None:
    # 000 L7100, L7399: 9 and 9 at Range 1 → Flourish; at Range 3 it is ordinary simultaneous Initiative
    assert flourish_on_tie(a, b, rng) is expected


# ── Movement ────────────────────────────────────────────────────────────────────────────────────────


def test_athletics_total_eight_is_two_ranges() -> None:
    # 000 L7150, L7379: a total of 8 → 8 // 4 = 2 Ranges (or 8 // 3 = 2 Accuracy next turn)
    g = checks.gains(opt("athletics"), 8)
    assert g[Gain.extra_range] == 2
    assert g[Gain.accuracy_next_turn] == 2


def test_athletics_total_eleven() -> None:
    # 000 L7150: 11 // 4 = 2 Ranges, or 11 // 3 = 3 Accuracy
    g = checks.gains(opt("athletics"), 11)
    assert (g[Gain.extra_range], g[Gain.accuracy_next_turn]) == (2, 3)
    assert costs.ap_cost(opt("athletics")) == 1


def test_leaving_combat() -> None:
    # 000 L7152: free unless opposed; opposed costs 1 AP and must beat every opposer's Athletics
    o = opt("leaving_combat")
    assert costs.ap_cost(o, opposed=False) == 0
    assert costs.ap_cost(o, opposed=True) == 1
    assert checks.contest(12, [7, 11]) is True
    assert checks.contest(12, [7, 12]) is False


# ── Attack options ──────────────────────────────────────────────────────────────────────────────────


def test_basic_boost() -> None:
    # 000 L7110: 1 AP per Basic Move: +2 Accuracy or +1 damage die
    assert costs.ap_cost(opt("basic_boost")) == 1
    assert attacks.basic_boost(attacks.Boost.accuracy) == (2, 0)
    assert attacks.basic_boost(attacks.Boost.damage) == (0, 1)


def test_special_move_costs() -> None:
    # 000 L7209, L7213: 1 AP the first time; an L3 move used again costs 2 × 3 = 6 (ruling C10: in place of the 1)
    o = opt("special_move")
    assert costs.ap_cost(o, used_before=False, level=3) == 1
    assert costs.ap_cost(o, used_before=True, level=3) == 6
    assert costs.ap_cost(o, used_before=True, level=5) == 10


def test_special_move_bonus() -> None:
    # 000 L7209–L7211: +2 Accuracy (+3 with a signature call-tag) and +1 die: 1d6+1 → 1d8+1 (000 L7433)
    assert attacks.special_move_bonus() == (2, 1)
    assert attacks.special_move_bonus(signature=True) == (3, 1)
    assert str(die("1d6").shifted(attacks.special_move_bonus()[1])) == "1d8"


@pytest.mark.parametrize(
    ("life", "full", "opponents", "used", "ok"),
    [
        (3, 25, [(25, 25)], False, False),  # ceil(2.5) = 3: 3 is not below 3 (000 L7156, ruling C9 iii)
        (2, 25, [(25, 25)], False, True),
        (2, 25, [(12, 25)], False, False),  # 12/25 is under half
        (2, 25, [(13, 25)], False, True),
        (2, 25, [(25, 25)], True, False),  # once per combat
    ],
)
def test_climactic_super_move_eligibility(life: int, full: int, opponents, used: bool, ok: bool) -> None:
    assert climactic.eligible(life, full, opponents, used) is ok


@pytest.mark.parametrize(("life", "full", "dl"), [(25, 50, 4), (30, 50, 8), (35, 50, 12), (50, 50, 16), (49, 50, 12)])
def test_climactic_super_move_dl(life: int, full: int, dl: int) -> None:
    # 000 L7165–L7168: 50% → 4, 60% → 8, 70% → 12, 100% → 16; 98% uses the 70% row (ruling C9 ii)
    assert climactic.dl(climactic.percent_left(life, full)) == dl


def test_climactic_super_move_outcome() -> None:
    # 000 L7170: success → bar to 0, 10 Glory; failure → ceil(10% of 25) = 3 damage, 5 Glory
    o = opt("climactic_super_move")
    assert (costs.ap_cost(o), o.accuracy) == (1, -2)
    win = climactic.outcome(16, 25, 25)
    assert (win.life_after, win.glory) == (0, 10)
    lose = climactic.outcome(15, 25, 25)
    assert (lose.life_after, lose.damage, lose.glory) == (22, 3, 5)
    # 000 L7156: 10 Super Energy, or all of it below 10
    assert climactic.energy_spent(14) == 10
    assert climactic.energy_spent(6) == 6


def test_debilitating_injury() -> None:
    # 000 L7172: penalty = target PL, at least 4 (ruling C7): PL 3 → −4, PL 6 → −6
    assert costs.ap_cost(opt("debilitating_injury")) == 1
    assert attacks.debilitating_penalty(3) == -4
    assert attacks.debilitating_penalty(6) == -6


def test_final_blow() -> None:
    # 000 L7177–L7185: −4 Accuracy against the raw Defense skill 3; a hit for 5 on a 5-LB target defeats, +3 Glory
    o = opt("final_blow")
    assert (costs.ap_cost(o), o.accuracy, o.glory) == (1, -4, 3)
    hit = attacks.final_blow(attack_total=6 - 4 + 1, defense_skill=3, damage=5, target_life=5)
    assert (hit.hit, hit.defeated, hit.damage) == (True, True, 5)
    short = attacks.final_blow(attack_total=3, defense_skill=3, damage=4, target_life=5)
    assert (short.hit, short.defeated, short.damage) == (True, False, 0)
    miss = attacks.final_blow(attack_total=2, defense_skill=3, damage=9, target_life=5)
    assert miss.hit is False


def test_flourish() -> None:
    # 000 L7189, L7403–L7415: Rei 4, Battle 7 → Battle wins, d10 damage, 1 Range Knock Back; a tie does nothing
    o = opt("flourish")
    assert costs.ap_cost(o, tied=True) == 0
    assert costs.ap_cost(o) == 1
    assert o.die_steps == 1  # the inviter's next Initiative die
    r = flourish.flourish(4, 7)
    assert (r.winner, r.knock_back) == (1, 1)
    assert flourish.flourish(5, 5).winner is None


def test_freeze_frame() -> None:
    # 000 L7193: a Basic hit for 5 → 4 damage and 2 Glory; under 4 damage it is not allowed
    assert costs.ap_cost(opt("freeze_frame")) == 1
    assert attacks.freeze_frame(5) == (4, 2)
    assert attacks.freeze_frame(3) is None


def test_knock_out_of_combat() -> None:
    # 000 L7195: hit for 7 at Range 2, 6 given up → 1 damage, Knock Back 1 + 3 → Range 6; 2 turns back (ruling C14)
    assert costs.ap_cost(opt("knock_out_of_combat")) == 1
    k = attacks.knock_out_of_combat(7, 6, 2)
    assert (k.damage, k.range_after, k.turns_away) == (1, 6, 2)
    near = attacks.knock_out_of_combat(5, 2, 1)
    assert (near.damage, near.range_after, near.turns_away) == (3, 3, 0)


def test_property_damage() -> None:
    # 000 L7197, L7357–L7359: Property Damage 2 → 1d4, Strength +1 and Stamina −1 → 1d8; +1 Defense Total; +1 AP
    o = opt("property_damage")
    assert (costs.ap_cost(o), o.defense_total, o.ap_on_hit) == (1, 1, 1)
    assert str(attacks.property_damage_die(2, 1, -1)) == "1d8"
    assert str(attacks.property_damage_die(5, 0, 0)) == "1d6"  # 4–7: unchanged (000 L3979)
    assert str(attacks.property_damage_die(10, 0, 0)) == "1d10"  # 10: two steps (000 L3981)


def test_pulling_punches() -> None:
    # 000 L7205: 1d8 rolling 7 → 3; rolling its top 8 → 8
    assert costs.ap_cost(opt("pulling_punches")) == 1
    assert attacks.pulled(7, rolled_max=False) == 3
    assert attacks.pulled(8, rolled_max=True) == 8


def test_surprise_attack() -> None:
    # 000 L7217: double damage on the first attack
    assert costs.ap_cost(opt("surprise_attack")) == 1
    assert attacks.surprise_damage(6) == 12


def test_team_up() -> None:
    # 000 L7219: 1 AP each; against one Defense Total 7, totals 5 and 7 → both hit; 5 and 6 → neither
    assert costs.ap_cost(opt("team_up")) == 1
    assert attacks.team_up_hits(5, 7, 7) is True
    assert attacks.team_up_hits(5, 6, 7) is False


def test_max_damage_and_first_attack() -> None:
    # 000 L7112: a 1d8 showing 8 is top damage; ruling C5: a fixed 1 never counts
    assert attacks.max_damage([8], [die("1d8")]) is True
    assert attacks.max_damage([7], [die("1d8")]) is False
    assert attacks.max_damage([1], [die("1")]) is False
    # first attack: KO only when allowed and damage ≥ target PL 3; later top damage → +1 AP (000 L7122)
    assert attacks.first_attack_knockout(True, True, 8, 3, allowed=True) is True
    assert attacks.first_attack_knockout(True, True, 8, 3, allowed=False) is False
    assert attacks.ap_for_max_damage(first_attack=True, rolled_max=True) == 0
    assert attacks.ap_for_max_damage(first_attack=False, rolled_max=True) == 1


# ── Defense options ─────────────────────────────────────────────────────────────────────────────────


def test_endure_great_hardship() -> None:
    # 000 L7223–L7225: 1 AP + 1 FS; 12/25 (below half) with the foe at 19/25 (above half) → yes; halves 7 → 3
    o = opt("endure_great_hardship")
    assert (costs.ap_cost(o), o.fs, o.dl) == (1, 1, 16)
    assert attacks.endure_eligible(12, 25, [(19, 25)], fs=3) is True
    assert attacks.endure_eligible(12, 25, [(12, 25)], fs=3) is False
    assert attacks.endure_eligible(6, 25, [(12, 25)], fs=3) is True  # 6 < 25/4
    assert attacks.endure_eligible(6, 25, [(12, 25)], fs=0) is False
    assert attacks.endure_halved(7) == 3


def test_full_defense_recovery_point() -> None:
    # 000 L7227: no cost; untouched → 1 point only for recovery options
    o = opt("full_defense")
    assert (costs.ap_cost(o), o.recovery_ap) == (0, 1)
    b = bank.Bank(general=0, recovery_only=1)
    assert bank.usable(b, opt("healing_life_bar")) == 1
    assert bank.usable(b, opt("property_damage")) == 0


def test_ignore_hit_stun() -> None:
    # 000 L7229: 1 AP; −2 Accuracy, −2 on checks: Athletics 3 with a 6 → 7
    o = opt("ignore_hit_stun")
    assert (costs.ap_cost(o), o.accuracy, o.skill_penalty) == (1, -2, -2)
    assert checks.check_total(6, 3, o.skill_penalty or 0) == 7


def test_ki_and_acrobatics_defenses() -> None:
    # 000 L7124: 1 AP each
    assert costs.ap_cost(opt("ki_for_defense")) == 1
    assert costs.ap_cost(opt("acrobatics_for_evasion")) == 1


def test_ki_face_off() -> None:
    # 000 L7235–L7237: damages 7 and 4 → the attacker leads next turn's Initiative by 3; the winner's 1d12 showing 2
    # with Ki 5 does 5
    assert costs.ap_cost(opt("ki_face_off")) == 1
    f = flourish.face_off_opening(7, 4)
    assert (f.leader, f.initiative_bonus) == (0, 3)
    assert flourish.face_off_opening(4, 4).leader is None
    assert flourish.face_off_damage(2, 5) == 5
    assert flourish.face_off_damage(9, 5) == 9


def test_taking_a_hit() -> None:
    # 000 L7239–L7245: Athletics total 8 against an attack total of 8 → success, +1 Glory; farther than the victim: no
    o = opt("taking_a_hit")
    assert (costs.ap_cost(o), o.glory) == (1, 1)
    assert attacks.take_a_hit(8, 8, my_range=1, victim_range=1) is True
    assert attacks.take_a_hit(7, 8, my_range=1, victim_range=2) is False
    assert attacks.take_a_hit(9, 8, my_range=3, victim_range=2) is None


# ── Recovery options ────────────────────────────────────────────────────────────────────────────────


def test_draw_ki() -> None:
    # 000 L7249: total 15, PL 3, Sense Ki 9 → min(15, 6, 9) = 6, even above the starting FS
    o = opt("draw_ki")
    assert costs.ap_cost(o) == 1
    assert checks.fighting_spirit_gain(o, 15, pl=3, fs_now=30, fs_start=30, cap=9) == 6
    assert checks.fighting_spirit_gain(o, 5, pl=3, fs_now=0, fs_start=30, cap=9) == 5


def test_friendship_boost() -> None:
    # 000 L7251: free; PL 3 may then spend up to 6 on Healing
    assert costs.ap_cost(opt("friendship_boost")) == 0
    assert healing.points_limit(3, friendship=True) == 6


@pytest.mark.parametrize(("n", "heal"), [(1, 1), (2, 4), (3, 9), (4, 16)])
def test_healing_is_points_squared(n: int, heal: int) -> None:
    # 000 L7255: 1 → 1, 2 → 4, 3 → 9, 4 → 16
    assert costs.ap_cost(opt("healing_life_bar"), points=n) == n
    assert healing.healed(n) == heal


def test_healing_limits() -> None:
    # 000 L7255: PL 3 may not spend 4; 000 L7253: only when hurt this turn and hurting no one
    assert healing.heal_problems(4, 3, took_damage=True, did_damage=False) == [healing.HealProblem.AP_OVER_PL_LIMIT]
    assert healing.heal_problems(3, 3, took_damage=True, did_damage=False) == []
    assert healing.heal_problems(1, 3, took_damage=False, did_damage=True) == [
        healing.HealProblem.HEAL_NOT_HURT,
        healing.HealProblem.HEAL_DID_DAMAGE,
    ]
    # 000 L7443: Rei at 13 of 25 heals 3 points → 22; ruling C17: never above the Dramatic bar
    assert healing.heal(13, 25, 3) == 22
    assert healing.heal(20, 25, 3) == 25


def test_dramatic_life_bar() -> None:
    # 000 L7072, L7367: PL 3's 50 → 25; ruling C1: odd values round down; epic fights keep the whole bar (000 L7082)
    assert healing.dramatic_life_bar(50) == 25
    assert healing.dramatic_life_bar(51) == 25
    assert healing.dramatic_life_bar(50, epic_full_life_bar=True) == 50


def test_reaffirm_purpose() -> None:
    # 000 L7257: total 14, PL 2 → FS min(14, 8) = 8 with room to the start; or 14 // 3 = 4 healing-only points
    o = opt("reaffirm_purpose")
    assert costs.ap_cost(o) == 1
    assert checks.fighting_spirit_gain(o, 14, pl=2, fs_now=5, fs_start=20) == 8
    assert checks.fighting_spirit_gain(o, 14, pl=2, fs_now=17, fs_start=20) == 3  # not above the start
    assert checks.gains(o, 14)[Gain.heal_only_ap] == 4


def test_realize_potential() -> None:
    # 000 L7271: total 14, PL 2 → FS min(14, 6) = 6; or 14 // 4 = 3 healing-only points
    o = opt("realize_potential")
    assert costs.ap_cost(o) == 1
    assert checks.fighting_spirit_gain(o, 14, pl=2, fs_now=0, fs_start=20) == 6
    assert checks.gains(o, 14)[Gain.heal_only_ap] == 3


def test_stand_off() -> None:
    # 000 L7273: 1 AP each
    assert costs.ap_cost(opt("stand_off")) == 1


# ── Special options ─────────────────────────────────────────────────────────────────────────────────


def test_magic_check_raises_property_damage() -> None:
    # 000 L7279: Asuka, Magic 6 and Property Damage 3, rolls a 9 (≥ DL 8) → Property Damage counts as 6 this turn
    assert costs.ap_cost(opt("secondary_skill")) == 1
    r = checks.secondary_skill("magic", 6, "property_damage", 9)
    assert (r.succeeded, r.level) == (True, 6)
    assert checks.secondary_skill("magic", 6, "property_damage", 7).succeeded is False
    assert checks.secondary_skill("magic", 6, "athletics", 12).succeeded is False  # not on Magic's list (000 L1834)


def test_ki_yelling() -> None:
    # 000 L7281: 1 AP, +1 to every Defense Total that turn
    o = opt("ki_yelling")
    assert (costs.ap_cost(o), o.defense_total) == (1, 1)


def test_mind_manipulation_and_power() -> None:
    # 000 L7283: 1 AP and a contest the attacker must win; 000 L7289: Power costs what the option it serves costs
    assert costs.ap_cost(opt("mind_manipulation")) == 1
    assert checks.contest(11, [10]) is True
    assert costs.ap_cost(opt("power")) == 0


def test_presence() -> None:
    # 000 L7291: once per combat; total 13 → 13 // 4 = 3 AP
    o = opt("presence")
    assert (costs.ap_cost(o), o.once_per) == (1, "combat")
    assert checks.gains(o, 13)[Gain.action_point] == 3


def test_pushing_it() -> None:
    # 000 L7293–L7295: 1 AP and 1d6 Life Bar for +4; a defeat while pushing is 1 Glory
    o = opt("pushing_it")
    assert (costs.ap_cost(o), attacks.pushing_bonus(), o.self_damage, o.glory) == (1, 4, "1d6", 1)


def test_sense_ki() -> None:
    # 000 L7297: 1 AP; its total caps Draw Ki (see test_draw_ki)
    assert costs.ap_cost(opt("sense_ki")) == 1


def test_spirit_combat() -> None:
    # 000 L7299: 1 AP, Range 4 or less, Magic 6+ qualifies, Magic 5 does not
    assert costs.ap_cost(opt("spirit_combat")) == 1
    assert spiritual.may_open_spirit_combat({"magic": 6}, 4) == ["magic"]
    assert spiritual.may_open_spirit_combat({"magic": 6}, 5) == []
    assert spiritual.may_open_spirit_combat({"magic": 5, "zen_state": 9}, 2) == ["zen_state"]


def test_stance_evaluation() -> None:
    # 000 L7309: total 9 → 9 // 4 = 2; in a Stand Off 9 // 2 = 4
    o = opt("stance_evaluation")
    assert costs.ap_cost(o) == 1
    assert checks.gains(o, 9)[Gain.accuracy_and_damage_next_attack] == 2
    assert checks.gains(o, 9, stand_off=True)[Gain.accuracy_and_damage_next_attack] == 4


# ── Spiritual Combat ────────────────────────────────────────────────────────────────────────────────


def test_spiritual_options_cost_one_point() -> None:
    # 000 L7317: each of the four costs an Action Point
    for ident in ("call_forth_wisdom", "meditation", "spirituality", "zen_state"):
        assert costs.ap_cost(opt(ident)) == 1


def test_fighting_spirits() -> None:
    # 000 L7315: Meditation 4, Zen State 3, Spirituality 2 or a Magic quality suffice; else −2 Accuracy, LS +2
    assert spiritual.against_spirit(set(), {"meditation": 4}) == (0, 0)
    assert spiritual.against_spirit(set(), {"meditation": 3, "zen_state": 2, "spirituality": 1}) == (-2, 2)
    assert spiritual.against_spirit({"magic"}, {}) == (0, 0)
    assert spiritual.spirit_combat_penalty(set(), {}) == -2


# ── Banks and the end of the fight ──────────────────────────────────────────────────────────────────


def test_bank_grant_and_spend() -> None:
    # 000 L7082: +1 a turn (2 in an epic fight); 000 L7213: none after a Special Move that defeated no one
    b = bank.grant(bank.Bank(), per_turn=1)
    assert b.general == 1
    assert bank.grant(b, per_turn=2).general == 3
    assert bank.grant(b, withheld=True).general == 1
    # heal-only points pay Healing first; a Story Point stands in for a missing point (000 L7082)
    b2, story = bank.spend(bank.Bank(general=1, heal_only=2), T.option("healing_life_bar"), 3)
    assert (b2, story) == (bank.Bank(), 0)
    b3, story = bank.spend(bank.Bank(general=1), T.option("property_damage"), 2, story_points=1)
    assert (b3.general, story) == (0, 1)
    with pytest.raises(bank.Short):
        bank.spend(bank.Bank(general=1, heal_only=5), T.option("property_damage"), 2)


def test_settle_fight() -> None:
    # Rei against Dr. Battle: Battle's only Glory is the 3 of his L3 Mystic Shot hit (000 L7445)
    out = settle([FightRecord("battle", (0, 0, 0, 3), 2, ("mystic_shot",))])
    assert (out[0].glory, out[0].action_points_lapsed, out[0].uses_cleared) == (3, 2, ("mystic_shot",))


def test_every_option_has_a_test_above() -> None:
    # the catalogue has the digest's options and this file names each one
    text = Path(__file__).read_text(encoding="utf-8")
    missing = [o.id for o in T.options if f'"{o.id}"' not in text]
    assert missing == []


def test_end_dramatic_combat_operation() -> None:
    # after turn 4 of 000 L7327–L7445: Battle's 3 Glory (000 L7445), 2 points banked; Rei 0 Glory, 1 point
    from service.rules.fight2e.dramatic.end_of_combat import end_dramatic_combat
    from service.rules.fight2e.dramatic.models import DramaticCombatEndRequest
    from service.rules.fight2e.operations import examples

    req = DramaticCombatEndRequest.model_validate(examples("end_dramatic_combat")["rei-and-battle"])
    out = end_dramatic_combat(req)
    assert out.valid
    assert [(f.id, f.glory, f.action_points_lapsed) for f in out.fighters] == [("rei", 0, 1), ("battle", 3, 2)]
    assert out.fighters[1].special_moves_cleared == ["mystic_shot"]
    dup = DramaticCombatEndRequest.model_validate({"fighters": [{"id": "a"}, {"id": "a"}]})
    assert [v.code for v in end_dramatic_combat(dup).violations] == ["DRAMATIC_DUPLICATE_FIGHTER"]


def test_end_dramatic_combat_with_thug_groups_divides_the_glory() -> None:
    # Grace's bar fight (000 L6990–L7064) run as a Dramatic fight with Thugs (000 L7074): 7 + 3 + 3 = 13 raw Glory
    # over its turns, and the cheapest group's divisor is 5 (000 L7062): 13 / 5 rounded up = 3 (ruling A7)
    from service.rules.fight2e.dramatic.end_of_combat import end_dramatic_combat
    from service.rules.fight2e.dramatic.models import DramaticCombatEndRequest
    from service.rules.fight2e.operations import examples

    groups = examples("end_thug_combat")["bar-gang"]["groups"]
    body = {"fighters": [{"id": "grace", "glory_by_turn": [7, 3, 3]}], "thug_groups": groups}
    out = end_dramatic_combat(DramaticCombatEndRequest.model_validate(body))
    assert out.valid and out.unsupported == [] and out.glory_divisor == 5
    assert [(f.id, f.raw_glory, f.glory) for f in out.fighters] == [("grace", 13, 3)]
    # without groups the sum stands
    plain = end_dramatic_combat(DramaticCombatEndRequest.model_validate({"fighters": body["fighters"]}))
    assert [(f.raw_glory, f.glory) for f in plain.fighters] == [(13, 13)] and plain.glory_divisor == 1
