"""One test per declaration rule of seed 004, on the hand-worked duel of test_rounds (Kai's sword against Ren):
each breaks one rule and is refused (`invalid`) with its code and reference; left out, the point offers only legal
choices."""

from __future__ import annotations

from typing import Any

from service.rules.ashes.round.models import RoundRequest
from service.rules.ashes.round.resolve import validate_declarations
from service.rules.ashes.round.sets import groups, read_set
from service.rules.core.protocol.models import StepStatus

from .rounds import by_id, codes, die, offered, play
from .test_rounds import DUEL, DUEL_ROLLS, KAI, REN


def duel(
    changes: dict[str, Any], kai: dict[str, Any] | None = None, ren: dict[str, Any] | None = None, **more: Any
) -> Any:
    return play([kai or KAI, ren or REN], DUEL_ROLLS, DUEL | changes, **more)


def attack(*dice: str, **more: Any) -> dict[str, Any]:
    return {"choice": "attack", "dice": list(dice), "target": "ren", **more}


def test_a_set_is_dice_of_one_face_the_fighter_rolled_and_has_not_spent() -> None:
    # 004 L10, L50: a Set; Kai's 6 and 2 differ, Ren's die is not Kai's, the 9 was spent on the bid (004 L35).
    assert read_set(["a", "b"], {"a": 6, "b": 6}) == read_set(["a", "b"], {"a": 6, "b": 6, "c": 1})
    assert isinstance(read_set(["a", "a"], {"a": 6}), str)
    for wrong in ([die("kai", 1), die("kai", 3)], [die("ren", 1)], [die("kai", 4)]):
        answer = duel({"R1.kai.action": attack(*wrong)})
        assert codes(answer) == ["SET_INVALID"], wrong
        assert answer.status is StepStatus.invalid and answer.violations[0].key == "R1.kai.action"
    # The dice offered are whole faces, highest total first.
    assert [(s.rank, s.facing) for s in groups({"a": 6, "b": 2, "c": 6})] == [(2, 6), (1, 2)]


def test_a_target_is_someone_else_present() -> None:
    assert codes(duel({"R1.kai.action": {**attack(die("kai", 1)), "target": "kai"}})) == ["TARGET_INVALID"]
    assert codes(duel({"R1.kai.action": {**attack(die("kai", 1)), "target": "zed"}})) == ["TARGET_INVALID"]


def test_techniques_need_their_keyword() -> None:
    # 004 L51, L56: Offensive or Versatile bolster attacks; Defensive or Versatile bolster defences.
    kai = {
        **KAI,
        "techniques": [
            {"id": "guard", "keywords": ["defensive"], "bonus": 3},
            {"id": "fang", "keywords": ["versatile"], "bonus": 2},
        ],
    }
    wrong = duel({"R1.kai.action": attack(die("kai", 1), die("kai", 2), techniques=["guard"])}, kai=kai)
    assert codes(wrong) == ["TECHNIQUE_NOT_APPLICABLE"]
    # Fang's +2 (a value of the sheet: the text gives no size) makes 26 + 2 = 28 against Ren's 28: defended.
    right = duel({"R1.kai.action": attack(die("kai", 1), die("kai", 2), techniques=["fang"])}, kai=kai)
    assert not right.violations and [e.amount for e in right.events if e.kind.value == "defended"] == [0]


def test_an_advantage_only_enhances_its_own_kind_of_action() -> None:
    # 004 L86, L90–L92: a sword raises attacks, not grabs.
    grab = {"choice": "grab", "dice": [die("kai", 1), die("kai", 2)], "target": "ren", "advantage": True}
    assert codes(duel({"R1.kai.action": grab})) == ["ADVANTAGE_NOT_APPLICABLE"]


def test_a_reflexive_weapon_raises_the_defence_set() -> None:
    # 004 L91: Defense Rank +1 free once: Ren's pair of 8s counts as 3 × 8 = 38 against Kai's 36: defended.
    ren = {**REN, "weapon": {"type": "reflexive"}}
    defence = {"choice": "defend", "dice": [die("ren", 2), die("ren", 3)], "advantage": True}
    answer = duel({"R1.ren.defense": defence}, ren=ren)
    assert not answer.violations and [e.amount for e in answer.events if e.kind.value == "defended"][:1] == [-2]


def test_prana_pays_for_the_second_use_within_what_an_imbalance_leaves() -> None:
    # 004 L88, L90: the second sword use costs 6 Prana. Kai's awake Chakra holds 7: paid, 1 left.
    chakra = {"id": "heart", "state": "awakened", "recovery": 2, "pool": 10, "prana": 7}
    kai = {**KAI, "chakras": [chakra]}
    second = {
        "R1.kai.action#2": attack(die("kai", 3), advantage=True),  # 2 × 2 = 22 against Ren's last die, the 3 (13)
        "R1.kai.action#3": {"choice": "end"},
        "R1.ren.action": {"choice": "end"},  # Ren's dice are all spent
    }
    answer = duel(second, kai=kai)
    assert not answer.violations, answer.violations
    assert by_id(answer)["kai"].chakras[0].prana == 1 + 2  # 1 left, then +2 at Recovery (004 L77)
    # A Mechanical Penalty on Chakra (rank 2) leaves 7 − 2 = 5 spendable this round (digest D15): not enough.
    kai = {**kai, "imbalances": [{"id": "shaken", "kind": "mental", "rank": 2}]}
    answer = duel(second | {"R1.kai.imbalance": {"choice": "chakra"}}, kai=kai)
    assert codes(answer) == ["PRANA_INSUFFICIENT"]


def test_an_escape_needs_a_hold_and_must_beat_it() -> None:
    # 004 L118: Ren, held at 25, escapes with the pair of 8s (28): more than the hold.
    changes = {
        "R1.kai.action": {"choice": "end"},
        "R1.ren.action": {"choice": "escape", "dice": [die("ren", 2), die("ren", 3)]},
    }
    answer = duel(changes, holds=[{"holder": "kai", "held": "ren", "value": 25}])
    assert not answer.violations and answer.holds == [] and [e.kind.value for e in answer.events].count("escaped") == 1
    assert codes(duel(changes)) == ["ESCAPE_NOT_HELD"]


def test_skills_and_rank_zero_actions_come_from_the_pack() -> None:
    skill = {"choice": "skill", "dice": [die("kai", 3)], "skill": "cooking"}
    assert codes(duel({"R1.kai.action#2": skill})) == ["SKILL_UNKNOWN"]
    assert codes(duel({"R1.kai.action#2": {"choice": "rank_zero", "rank_zero": "fly"}})) == ["SKILL_UNKNOWN"]
    # 004 L42: one rank-0 action a turn; 004 L44: hiding takes cover.
    hide = {"choice": "rank_zero", "rank_zero": "hide"}
    answer = duel({"R1.kai.action#2": hide, "R1.kai.action#3": hide})
    assert codes(answer) == ["ACTION_SLOT_EXCEEDED"]
    hidden = duel({"R1.kai.action#2": hide, "R1.kai.action#3": {"choice": "end"}})
    assert by_id(hidden)["kai"].hidden and not hidden.violations


def test_a_buy_down_spends_what_the_defender_has_and_pays_it_all() -> None:
    # 004 L61–L67: Ren's own split of the 8 damage: 0 Aura and 8 Health is fine; 4 + 4 is more Aura than 3.
    good = duel({"R1.ren.buy_down": {"choice": "pay", "aura": 0, "health": 8}})
    assert not good.violations and by_id(good)["ren"].health_boxes == [2, 10] and by_id(good)["ren"].aura == 3
    bad = duel({"R1.ren.buy_down": {"choice": "pay", "aura": 4, "health": 4}})
    assert codes(bad) == ["BUY_DOWN_INVALID"]
    pays = offered([KAI, REN], DUEL_ROLLS, DUEL, "R1.ren.buy_down")
    assert {(v.aura, v.health) for v in pays if v.choice == "pay"} == {(3, 5), (0, 8)}


def test_wrong_words_and_bad_dice_are_findings() -> None:
    assert codes(duel({"R1.kai.action": {"choice": "spare"}})) == ["DECISION_INVALID"]
    assert codes(duel({"R1.kai.bid": {"choice": "defend"}})) == ["DECISION_INVALID"]
    kai = {**KAI, "imbalances": [{"id": "x"}]}
    assert codes(duel({"R1.kai.imbalance": {"choice": "bid"}}, kai=kai)) == ["IMBALANCE_CHOICE_MISSING"]
    rolled = play([KAI, REN], DUEL_ROLLS | {"R1.kai.effort": 11}, DUEL)
    assert codes(rolled) == ["ROLL_INVALID"] and rolled.status is StepStatus.invalid
    assert rolled.violations[0].key == "R1.kai.effort"
    twice = play([KAI, KAI, REN], DUEL_ROLLS, DUEL)
    assert "DUPLICATE_ID" in codes(twice)


def test_without_a_seed_every_effort_die_is_asked_at_once() -> None:
    # 004 L27–L28: everybody rolls; the table rolls them all before the bids.
    answer = play([KAI, REN], {}, {})
    assert answer.status is StepStatus.decision_required
    assert [d.key for d in answer.dice_needed] == [die(f, n) for f in ("kai", "ren") for n in range(1, 5)]
    # The first bids come with them, asked ahead (provisional): any of one's own dice is a first bid (004 L31).
    assert [(d.key, d.provisional) for d in answer.decisions_needed][:2] == [("R1.kai.bid", True), ("R1.ren.bid", True)]
    assert {d.die for d in answer.dice_needed} == {"1d10"}  # digest D2


def test_declarations_are_validated_as_the_round_meets_them() -> None:
    body = {
        "combatants": [KAI, REN],
        "rolls": DUEL_ROLLS,
        "decisions": DUEL | {"R1.kai.action": attack(die("kai", 1), die("kai", 3))},
    }
    check = validate_declarations(RoundRequest.model_validate(body))
    assert check.status is StepStatus.invalid and [v.code for v in check.violations] == ["SET_INVALID"]
    assert check.violations[0].path == 'decisions["R1.kai.action"]' and check.violations[0].key == "R1.kai.action"
    ok = validate_declarations(RoundRequest.model_validate({**body, "decisions": DUEL}))
    assert not ok.violations and ok.status is StepStatus.resolved


def test_heavy_adds_its_die_to_every_attack_for_free() -> None:
    # 004 L94: two attacks, two Heavy dice, no Prana (Ren swings a hammer: 13 vs 12 → 1 + 4 = 5 damage).
    ren = {**REN, "weapon": {"type": "heavy"}}
    answer = play([KAI, ren], DUEL_ROLLS | {"R1.ren.heavy": 4, "R1.kai.heavy": 1}, DUEL)
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [8, 5]
    assert "ROLL_NOT_USED" in [w.code for w in answer.warnings]  # Kai has no hammer: that die is never rolled


def test_a_defensive_technique_bolsters_the_defence_set() -> None:
    # 004 L56: Defensive or Versatile. Guard's +3 (the sheet's figure) makes Ren's 28 a 31 against 36: 5 damage.
    ren = {
        **REN,
        "techniques": [
            {"id": "guard", "keywords": ["defensive"], "bonus": 3},
            {"id": "fang", "keywords": ["offensive"]},
        ],
    }
    defence = {"choice": "defend", "dice": [die("ren", 2), die("ren", 3)]}
    answer = duel({"R1.ren.defense": {**defence, "techniques": ["guard"]}}, ren=ren)
    assert not answer.violations and [e.amount for e in answer.events if e.kind.value == "damage"][:1] == [5]
    wrong = duel({"R1.ren.defense": {**defence, "techniques": ["fang"]}}, ren=ren)
    assert codes(wrong) == ["TECHNIQUE_NOT_APPLICABLE"]


def test_with_no_battlefields_drawn_a_move_is_logged() -> None:
    # 004 L43: a rank-0 move to the next Battlefield; with no Battlefields in the request nobody's place is kept.
    answer = duel(
        {"R1.kai.action#2": {"choice": "rank_zero", "rank_zero": "move"}, "R1.kai.action#3": {"choice": "end"}}
    )
    assert not answer.violations and not answer.unsupported
    assert [s.text for s in answer.log if s.text.startswith("Moves")] == [
        "Moves (no Battlefields drawn: the place is not tracked)."
    ]
