"""Rounds worked by hand from seed 004 for what the first release reported `unsupported`: Battlefields (positions,
the rank-0 move next door, Ranged's reach and price, hiding behind cover), a hidden attacker given away or kept
hidden by a Subtle weapon, leaving a hold entered by choice, improvised weapons in a round, and explicit slots."""

from __future__ import annotations

from typing import Any

from service.rules.core.protocol.models import StepStatus

from .rounds import by_id, codes, die, effort, offered, play, val

# ridge — gate — yard: the ridge and the yard are two Battlefields apart; only the yard has cover.
FIELDS = [{"id": "ridge", "adjacent": ["gate"]}, {"id": "gate", "adjacent": ["yard"]}, {"id": "yard", "cover": True}]
ARO = {"id": "Aro", "player": True, "health_boxes": [10], "effort_dice": 3, "weapon": {"type": "Ranged"},
       "battlefield": "ridge"}  # fmt: skip
BAS = {"id": "bas", "health_boxes": [10], "effort_dice": 3, "battlefield": "gate"}
CAL = {"id": "cal", "health_boxes": [10, 10], "effort_dice": 2, "battlefield": "yard"}
ROLLS = effort("Aro", 7, 7, 4) | effort("bas", 5, 3, 3) | effort("cal", 6, 2)
FIELD = {
    "R1.Aro.bid": {"choice": "bid", "dice": [die("Aro", 3)]},
    "R1.bas.bid": {"choice": "bid", "dice": [die("bas", 1)]},
    "R1.cal.bid": {"choice": "bid", "dice": [die("cal", 2)]},
    "R1.bas.action": {"choice": "rank_zero", "rank_zero": "move", "battlefield": "ridge", "slot": "rank_zero"},
    "R1.bas.action#2": {"choice": "end"},
    "R1.Aro.action": {
        "choice": "attack",
        "dice": [die("Aro", 1), die("Aro", 2)],
        "target": "cal",
        "advantage": True,
        "slot": "bonus",
    },
    "R1.Aro.action#2": {"choice": "end"},
    "R1.cal.action": {"choice": "rank_zero", "rank_zero": "Hide"},
}


def field(changes: dict[str, Any] | None = None, *sheets: dict[str, Any], **more: Any) -> Any:
    fighters = list(sheets) or [ARO, BAS, CAL]
    return play(fighters, ROLLS, FIELD | (changes or {}), battlefields=FIELDS, **more)


def test_round_7_battlefields_a_bow_across_two_and_cover() -> None:
    from service.rules.ashes.operations import examples

    published = examples("resolve_round")["bow-across-battlefields"]
    assert published == {"combatants": [ARO, BAS, CAL], "battlefields": FIELDS, "rolls": ROLLS, "decisions": FIELD}
    answer = field()
    assert answer.status is StepStatus.resolved and not answer.violations, answer.violations
    assert not answer.unsupported
    # "Ranged" as the text writes it (004 L95) is read as the pack's id, and the answer says so.
    assert [(n.code, n.path) for n in answer.info] == [("NAME_READ", "combatants[0].weapon.type")]
    # Bids 4, 5, 2 (digest D4): Bas, Aro, Cal.
    assert [p.fighter for p in answer.initiative] == ["bas", "Aro", "cal"]
    # 004 L43: Bas moves from the gate to the ridge next door (the rank-0 action, L42).
    fighters = by_id(answer)
    assert fighters["bas"].battlefield == "ridge"
    # 004 L95: Aro's bow reaches Cal two Battlefields away, a visible target: the round's free use (004 L88).
    # 2 × 7 = 27 against Cal's 6 (16): 11 damage; Cal's [10, 10] → [0, 9], the emptied box an injury (004 L68).
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [11]
    assert fighters["cal"].health_boxes == [0, 9]
    # 004 L44: the yard has cover and Cal takes it.
    assert fighters["cal"].hidden and [e.fighter for e in answer.events if e.kind.value == "hidden"] == ["cal"]


def test_a_move_goes_to_an_adjacent_battlefield_only() -> None:
    # 004 L43: from the yard the gate is next door, the ridge is not; a Battlefield not drawn is unknown.
    to_ridge = {"R1.cal.action": {"choice": "rank_zero", "rank_zero": "move", "battlefield": "ridge"}}
    answer = field(to_ridge)
    assert codes(answer) == ["NOT_ADJACENT"] and answer.status == "invalid"
    moves = offered([ARO, BAS, CAL], ROLLS, FIELD, "R1.cal.action", battlefields=FIELDS)
    assert {v.battlefield for v in moves if v.rank_zero == "move"} == {"gate"}
    nowhere = {"R1.bas.action": {"choice": "rank_zero", "rank_zero": "move", "battlefield": "moon"}}
    assert codes(field(nowhere)) == ["BATTLEFIELD_UNKNOWN"]


def test_hiding_needs_cover() -> None:
    # 004 L44: hiding benefits from available cover; the ridge has none.
    answer = field({"R1.Aro.action#2": {"choice": "rank_zero", "rank_zero": "hide"}})
    assert codes(answer) == ["NO_COVER"]


def test_another_battlefield_is_reached_by_a_ranged_advantage_only() -> None:
    # 004 L95: Bas, unarmed at the gate, cannot strike Aro on the ridge next door; nor can Aro without the bow's use.
    bas = {"R1.bas.action": {"choice": "attack", "dice": [die("bas", 2), die("bas", 3)], "target": "Aro"}}
    assert codes(field(bas)) == ["OUT_OF_REACH"]
    plain = {"R1.Aro.action": {**FIELD["R1.Aro.action"], "advantage": False}}
    assert codes(field(plain)) == ["OUT_OF_REACH"]
    # Nor grab at a distance, bow or not.
    grab = {"R1.Aro.action": {**FIELD["R1.Aro.action"], "choice": "grab"}}
    assert codes(field(grab)) == ["OUT_OF_REACH"]


def test_ranged_costs_nothing_next_door_and_six_beyond() -> None:
    # 004 L88, L95 (digest D9): after the free use, a shot next door costs 0 Prana, one further 6. Aro's second
    # shot (the 4, as the single-die action) at Bas on the gate costs 0; at Cal in the yard it costs 6 he lacks.
    # Aro bids nothing and acts last, after Bas and Cal end their turns where they stand.
    two = {
        "R1.Aro.bid": {"choice": "stand"},
        "R1.bas.action": {"choice": "end"},
        "R1.cal.action": {"choice": "end"},
    }
    near = two | {"R1.Aro.action#2": {"choice": "attack", "dice": [die("Aro", 3)], "target": "bas", "advantage": True}}
    answer = field(near | {"R1.Aro.action#3": {"choice": "end"}})
    assert not answer.violations, answer.violations
    far = two | {"R1.Aro.action#2": {"choice": "attack", "dice": [die("Aro", 3)], "target": "cal", "advantage": True}}
    assert codes(field(far)) == ["PRANA_INSUFFICIENT"]


def test_a_hidden_target_is_not_visible_beyond_the_next_battlefield() -> None:
    # 004 L95: "any visible target"; Cal hides in the yard before Aro shoots (ruling: hidden is not visible).
    answer = field({}, ARO, BAS, {**CAL, "hidden": True})
    assert codes(answer) == ["NOT_VISIBLE"]


def test_an_attack_gives_a_hidden_attacker_away_but_needles_do_not() -> None:
    # 004 L96: a Subtle weapon lets its wielder stay hidden when attacking; any other attack reveals (and sneak
    # attacks are the Senses skill's, 004 L114: a note, not a rule applied).
    hidden_cal = {**CAL, "hidden": True, "battlefield": "gate", "weapon": {"type": "heavy"}}
    attack = {
        "R1.bas.action": {"choice": "end"},
        "R1.Aro.action": {"choice": "end"},
        "R1.cal.action": {"choice": "attack", "dice": [die("cal", 1)], "target": "bas"},
        "R1.bas.defense": {"choice": "none"},
        "R1.cal.action#2": {"choice": "end"},
    }
    answer = play([ARO, BAS, hidden_cal], ROLLS | {"R1.cal.heavy": 1}, FIELD | attack, battlefields=FIELDS)
    assert not answer.violations, answer.violations
    assert not by_id(answer)["cal"].hidden and [e.fighter for e in answer.events if e.kind.value == "revealed"] == [
        "cal"
    ]
    assert [n.message.split(":")[0] for n in answer.info if n.code == "NEEDS_CORE_RULEBOOK"] == ["Sneak attacks"]
    # 004 L94: the hammer's 16 undefended, + its d10 (1) = 17 against Bas's 10 Health: Vanquished (004 L61).
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [17] and by_id(answer)["bas"].vanquished
    needles = {**hidden_cal, "weapon": {"type": "subtle"}}
    answer = play([ARO, BAS, needles], ROLLS, FIELD | attack | {"R1.bas.defense": {"choice": "none"}},
                  battlefields=FIELDS)  # fmt: skip
    assert by_id(answer)["cal"].hidden and not [e for e in answer.events if e.kind.value == "revealed"]
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [1]  # 004 L96: max damage 1


LIN = {"id": "lin", "health_boxes": [10], "effort_dice": 3, "battlefield": "a"}
BO = {"id": "bo", "health_boxes": [10], "effort_dice": 2, "battlefield": "a"}
HOLD_ROLLS = effort("lin", 7, 7, 4) | effort("bo", 5, 2)
HOLD = {
    "R1.lin.bid": {"choice": "bid", "dice": [die("lin", 3)]},
    "R1.bo.bid": {"choice": "bid", "dice": [die("bo", 2)]},
    "R1.lin.action": {"choice": "grab", "dice": [die("lin", 1), die("lin", 2)], "target": "bo"},
    "R1.bo.defense": {"choice": "none"},
    "R1.lin.action#2": {"choice": "rank_zero", "rank_zero": "move", "battlefield": "b"},
    "R1.lin.action#3": {"choice": "end"},
    "R1.bo.action": {"choice": "escape", "dice": [die("bo", 1)]},
    "R1.bo.action#2": {"choice": "end"},
}
AB = [{"id": "a", "adjacent": ["b"]}, {"id": "b"}]


def test_a_held_fighter_is_dragged_along() -> None:
    # 004 L116–L118: Lin's 2 × 7 = 27 grabs an undefended Bo (hold 27); 004 L117: Lin moves to b and drags Bo
    # along; Bo's escape with the 5 (15) does not overcome 27.
    answer = play([LIN, BO], HOLD_ROLLS, HOLD, battlefields=AB)
    assert answer.status is StepStatus.resolved and not answer.violations, answer.violations
    fighters = by_id(answer)
    assert (fighters["lin"].battlefield, fighters["bo"].battlefield) == ("b", "b")
    assert [(e.fighter, e.other) for e in answer.events if e.kind.value == "moved"] == [("lin", None), ("bo", "lin")]
    assert [(h.holder, h.held, h.value) for h in answer.holds] == [("lin", "bo", 27)]


def test_a_hold_entered_by_choice_is_left_at_will() -> None:
    # 004 L120: those who entered the hold voluntarily may leave it at any time; those dragged in must break it.
    dragged = HOLD | {"R1.bo.action": {"choice": "leave"}}
    assert codes(play([LIN, BO], HOLD_ROLLS, dragged, battlefields=AB)) == ["HOLD_NOT_VOLUNTARY"]
    # Lin, who made the grab, lets go when she likes (ruling: a grab is entered by the grabber's own choice).
    let_go = HOLD | {"R1.lin.action#2": {"choice": "leave"}, "R1.bo.action": {"choice": "end"}}
    answer = play([LIN, BO], HOLD_ROLLS, let_go | {"R1.lin.action#3": {"choice": "end"}})
    assert not answer.violations and answer.holds == []
    assert [(e.fighter, e.other) for e in answer.events if e.kind.value == "left_hold"] == [("lin", "bo")]
    # A hold Bo entered of his own will (from an earlier round): he leaves it, no dice, no slot, and still acts.
    held = {"holder": "lin", "held": "bo", "value": 27, "voluntary": True}
    willing = {
        "R1.lin.bid": {"choice": "bid", "dice": [die("lin", 3)]},
        "R1.bo.bid": {"choice": "bid", "dice": [die("bo", 2)]},
        "R1.lin.action": {"choice": "end"},
        "R1.bo.action": {"choice": "leave"},
        "R1.bo.action#2": {"choice": "rank_zero", "rank_zero": "move"},
        "R1.bo.action#3": {"choice": "end"},
    }
    answer = play([LIN, BO], HOLD_ROLLS, willing, holds=[held])
    assert not answer.violations, answer.violations
    assert answer.holds == [] and [e.fighter for e in answer.events if e.kind.value == "left_hold"] == ["bo"]


PARASOL = {"id": "pia", "player": True, "health_boxes": [10], "effort_dice": 3,
           "weapon": {"type": "improvised", "mimics": "reach"}}  # fmt: skip
UMBRA = {"id": "uma", "health_boxes": [10], "effort_dice": 3}
IMPRO_ROLLS = effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1) | {"R1.pia.reach": 7}
IMPRO = {
    "R1.pia.bid": {"choice": "bid", "dice": [die("pia", 1)]},
    "R1.uma.bid": {"choice": "bid", "dice": [die("uma", 1)]},
    "R1.pia.improvised": {"choice": "pay", "surcharge_die": die("pia", 2)},
    "R1.pia.action": {"choice": "end"},
    "R1.uma.action": {"choice": "end"},
}


def test_round_8_a_parasol_as_a_spear() -> None:
    # 004 L93, L98: the parasol stands in for a spear: Initiative +1d10 when its surcharge is paid, here with one
    # of Pia's 8s (any facing). Bids 3 and 6: Pia 3 + 7 = 10 before Uma's 6.
    answer = play([PARASOL, UMBRA], IMPRO_ROLLS, IMPRO)
    assert answer.status is StepStatus.resolved and not answer.violations, answer.violations
    assert not answer.unsupported
    assert [(p.fighter, p.initiative) for p in answer.initiative] == [("pia", 10), ("uma", 6)]
    # Not paid (the default), the stand-in adds nothing and its die is not rolled: Uma 6 before Pia 3.
    unpaid = play(
        [PARASOL, UMBRA],
        effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1),
        IMPRO | {"R1.pia.improvised": {"choice": "stand"}},
    )
    assert [(p.fighter, p.initiative) for p in unpaid.initiative] == [("uma", 6), ("pia", 3)]
    # Paid in Prana, 3 of it (004 L98): Pia has none.
    prana = play([PARASOL, UMBRA], IMPRO_ROLLS, IMPRO | {"R1.pia.improvised": {"choice": "pay"}})
    assert codes(prana) == ["PRANA_INSUFFICIENT"]


def test_a_stand_in_sword_pays_its_surcharge_on_each_use() -> None:
    # 004 L90, L98: a stick as a sword: Offense Rank +1, paid with a die: the pair of 8s is rank 3, 38, against
    # Uma's 5 (15): 23 damage; without a die it costs 3 Prana Pia does not have.
    stick = {**PARASOL, "weapon": {"type": "improvised", "mimics": "balanced"}}
    swing = {
        "choice": "attack",
        "dice": [die("pia", 2), die("pia", 3)],
        "target": "uma",
        "advantage": True,
        "surcharge_die": die("pia", 1),
    }
    decisions = IMPRO | {"R1.pia.bid": {"choice": "stand"}, "R1.pia.action": swing}
    decisions.pop("R1.pia.improvised")
    decisions |= {
        "R1.uma.defense": {"choice": "defend", "dice": [die("uma", 2)]},
        "R1.pia.action#2": {"choice": "end"},
    }
    answer = play(
        [stick, {**UMBRA, "health_boxes": [10, 10, 10]}], effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1), decisions
    )
    assert not answer.violations, answer.violations
    assert [e.amount for e in answer.events if e.kind.value == "hit"] == [23]
    no_die = decisions | {"R1.pia.action": {k: v for k, v in swing.items() if k != "surcharge_die"}}
    assert codes(play([stick, UMBRA], effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1), no_die)) == [
        "PRANA_INSUFFICIENT"
    ]
    # The surcharge die is another unspent die of one's own, not one of the Set.
    inside = decisions | {"R1.pia.action": {**swing, "surcharge_die": die("pia", 2)}}
    assert codes(play([stick, UMBRA], effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1), inside)) == ["SURCHARGE_INVALID"]


def test_slots_are_named_and_checked() -> None:
    # 004 L41: a Bonus Action needs a Set of Rank 2; the single-die action is one die; the rank-0 action none (L42).
    low = {"R1.Aro.action": {**FIELD["R1.Aro.action"], "dice": [die("Aro", 1)], "slot": "bonus"}}
    assert codes(field(low)) == ["BONUS_ACTION_RANK_TOO_LOW"]
    pair = {"R1.Aro.action": {**FIELD["R1.Aro.action"], "slot": "single"}}
    assert codes(field(pair)) == ["SLOT_MISMATCH"]
    dice = {"R1.cal.action": {"choice": "rank_zero", "rank_zero": "hide", "dice": [die("cal", 1)]}}
    assert codes(field(dice)) == ["SLOT_MISMATCH"]
    # Every offered action names its slot.
    asked = play([ARO, BAS, CAL], ROLLS, {k: v for k, v in FIELD.items() if k != "R1.Aro.action"}, battlefields=FIELDS)
    offers = [val(c) for d in asked.decisions_needed for c in d.choices if d.point == "action"]
    assert offers and all(v.slot is not None for v in offers if v.choice.value not in ("end", "leave"))


def test_dramatic_penalties_are_pack_records_and_focus_slots_a_number() -> None:
    from .test_rounds import DUEL, DUEL_ROLLS, KAI, REN

    # 004 L24: a Dramatic Penalty limits what the actions can do. The default pack's `no_attacks` forbids attacks
    # and grabs this round: Ren's attack is refused.
    ren = {**REN, "focus_slots": 2, "imbalances": [{"id": "fear", "kind": "mental", "rank": 1}]}
    barred = DUEL | {"R1.ren.imbalance": {"choice": "dramatic", "penalty": "No Attacks"}}
    answer = play([KAI, ren], DUEL_ROLLS, barred)
    assert codes(answer) == ["PENALTY_FORBIDS"] and answer.violations[0].key == "R1.ren.action"
    actions = offered([KAI, ren], DUEL_ROLLS, barred, "R1.ren.action")
    assert actions and all(v.choice.value not in ("attack", "grab") for v in actions)
    unknown = DUEL | {"R1.ren.imbalance": {"choice": "dramatic", "penalty": "nope"}}
    assert codes(play([KAI, ren], DUEL_ROLLS, unknown)) == ["PENALTY_UNKNOWN"]
    # The Mechanical Penalty on Focus Slots: 1 per rank (the pack's figure, digest D11): 2 → 1 this round; what the
    # slots do is the core rulebook's, so it is a note.
    focus = play([KAI, ren], DUEL_ROLLS, DUEL | {"R1.ren.imbalance": {"choice": "focus"}})
    assert not focus.violations and not focus.unsupported
    assert [n.message for n in focus.info] == [
        "Focus Slots: ren has 1 this round; what they are used for is in the core rulebook."
    ]
    assert [(e.kind.value, e.amount) for e in focus.events if e.kind.value == "penalty"] == [("penalty", 1)]


def test_a_stand_in_hammer_adds_its_die_only_when_used_and_paid() -> None:
    # 004 L94, L98: a real hammer adds 1d10 to every attack; a stand-in only when its advantage is used and paid.
    # Pia's single 3 (13) against Uma, undefended, who has [10, 10]: 13 damage plain; + the die (4) = 17 used.
    club = {**PARASOL, "weapon": {"type": "improvised", "mimics": "heavy"}}
    plain = {
        "R1.pia.bid": {"choice": "stand"},
        "R1.uma.bid": {"choice": "stand"},
        "R1.pia.action": {"choice": "attack", "dice": [die("pia", 1)], "target": "uma"},
        "R1.uma.defense": {"choice": "none"},
        "R1.pia.action#2": {"choice": "end"},
        "R1.uma.action": {"choice": "end"},
    }
    uma = {**UMBRA, "health_boxes": [10, 10]}
    rolls = effort("pia", 3, 8, 8) | effort("uma", 6, 5, 1)
    answer = play([club, uma], rolls, plain)
    assert not answer.violations and [e.amount for e in answer.events if e.kind.value == "damage"] == [13]
    used = plain | {"R1.pia.action": {**plain["R1.pia.action"], "advantage": True, "surcharge_die": die("pia", 2)}}
    answer = play([club, uma], rolls | {"R1.pia.heavy": 4}, used)
    assert not answer.violations and [e.amount for e in answer.events if e.kind.value == "damage"] == [17]
