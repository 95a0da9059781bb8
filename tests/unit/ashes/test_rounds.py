"""Rounds worked by hand from seed 004: every action type (attack, grab, awaken, skill, escape, rank 0, end) and
every response (defence or none, buy-down paid or refused, injuries new or raised, kill or spare, holds kept or
broken, Initiative lowered, combat continued or stopped)."""

from __future__ import annotations

from typing import Any

from service.rules.core.protocol.models import StepStatus

from .rounds import by_id, codes, die, effort, offered, play, val

KAI = {
    "id": "kai",
    "player": True,
    "degree": 1,
    "aura": 5,
    "health_boxes": [10, 10],
    "effort_dice": 4,
    "weapon": {"type": "balanced"},
}
REN = {"id": "ren", "degree": 1, "aura": 3, "health_boxes": [10, 10], "effort_dice": 4}
DUEL_ROLLS = effort("kai", 6, 6, 2, 9) | effort("ren", 3, 8, 8, 5)
DUEL = {
    "R1.kai.bid": {"choice": "bid", "dice": [die("kai", 4)]},
    "R1.ren.bid": {"choice": "bid", "dice": [die("ren", 4)]},
    "R1.kai.action": {"choice": "attack", "dice": [die("kai", 1), die("kai", 2)], "target": "ren", "advantage": True},
    "R1.ren.defense": {"choice": "defend", "dice": [die("ren", 2), die("ren", 3)]},
    "R1.kai.action#2": {"choice": "end"},
    "R1.ren.action": {"choice": "attack", "dice": [die("ren", 1)], "target": "kai"},
    "R1.ren.action#2": {"choice": "end"},
}


def test_round_1_a_sword_duel() -> None:
    answer = play([KAI, REN], DUEL_ROLLS, DUEL)
    assert answer.status is StepStatus.resolved and not answer.violations and not answer.warnings
    # 004 L31–L36, digest D4: bids are the faces' sums, 9 against 5: Kai acts first.
    assert [(p.fighter, p.initiative) for p in answer.initiative] == [("kai", 9), ("ren", 5)]
    # 004 L90 + digest D6: the sword makes 2 × 6 a rank 3 Set, 36; Ren's pair of 8s is 28 → 8 damage (004 L58–L60).
    assert [(e.kind.value, e.fighter, e.amount) for e in answer.events if e.kind.value in ("hit", "damage")][:2] == [
        ("hit", "ren", 8),
        ("damage", "ren", 8),
    ]
    # 004 L64, L67: Aura first by default: 3 Aura, then 5 Health from the first box.
    fighters = by_id(answer)
    assert (fighters["ren"].aura, fighters["ren"].health_boxes) == (0, [5, 10])
    # Ren's 3 (13) against Kai's last die, the 2 (12): 1 damage, paid with 1 of Kai's 5 Aura.
    assert (fighters["kai"].aura, fighters["kai"].health_boxes) == (4, [10, 10])
    assert not answer.over and answer.winner is None and answer.out == [] and not answer.death_token


def test_a_second_sword_use_costs_prana_kai_does_not_have() -> None:
    # 004 L88, L90: the sword's free use is spent; another costs 6 Prana and Kai has no Chakra awake.
    decisions = DUEL | {
        "R1.kai.action#2": {"choice": "attack", "dice": [die("kai", 3)], "target": "ren", "advantage": True}
    }
    answer = play([KAI, REN], DUEL_ROLLS, decisions)
    assert codes(answer) == ["PRANA_INSUFFICIENT"] and answer.status is StepStatus.invalid
    assert answer.violations[0].key == "R1.kai.action#2" and answer.violations[0].ref is not None
    assert all(not v.advantage for v in offered([KAI, REN], DUEL_ROLLS, decisions, "R1.kai.action#2"))


LIN = {
    "id": "lin",
    "health_boxes": [10, 10, 10],
    "effort_dice": 4,
    "weapon": {"type": "flexible"},
    "imbalances": [{"id": "cracked_rib", "rank": 1}],
}
BO = {"id": "bo", "player": True, "health_boxes": [10], "effort_dice": 3}
MEI = {"id": "mei", "player": True, "health_boxes": [10], "effort_dice": 2}
GRAB_ROLLS = effort("lin", 7, 7, 4) | effort("bo", 5, 2, 9) | effort("mei", 8, 8)
GRAB = {
    "R1.lin.imbalance": {"choice": "effort"},
    "R1.lin.bid": {"choice": "bid", "dice": [die("lin", 3)]},
    "R1.bo.bid": {"choice": "bid", "dice": [die("bo", 2)]},
    "R1.mei.bid": {"choice": "stand"},
    "R1.lin.action": {"choice": "grab", "dice": [die("lin", 1), die("lin", 2)], "target": "bo"},
    "R1.lin.action#2": {"choice": "end"},
    "R1.bo.action": {"choice": "escape", "dice": [die("bo", 1)]},
    "R1.bo.action#2": {"choice": "end"},
    "R1.mei.action": {"choice": "attack", "dice": [die("mei", 1), die("mei", 2)], "target": "lin"},
    "R1.mei.break": {"choice": "break"},
    "R1.mei.action#2": {"choice": "end"},
}


def test_round_2_grab_escape_and_a_broken_hold() -> None:
    answer = play([LIN, BO, MEI], GRAB_ROLLS, GRAB)
    assert answer.status is StepStatus.resolved and not answer.violations, answer.violations
    # 004 L24, digest D11: Lin's Mechanical Penalty on Effort: 4 dice − 1 → 3 rolled.
    assert [r.key for r in answer.rolls if r.key.startswith("R1.lin")] == [
        "R1.lin.effort",
        "R1.lin.effort.2",
        "R1.lin.effort.3",
    ]
    # Bids 4, 2, none → Lin, Bo, Mei.
    assert [p.fighter for p in answer.initiative] == ["lin", "bo", "mei"]
    # 004 L116–L118: 2 × 7 = 27 against Bo's best Set, the 9 (19): grabbed, hold 27.
    assert [(e.kind.value, e.fighter, e.value) for e in answer.events if e.kind.value == "grabbed"] == [
        ("grabbed", "bo", 27)
    ]
    # Bo's escape with the 5 is 15, not above 27 (digest D12): still held (no `escaped` event).
    assert not [e for e in answer.events if e.kind.value == "escaped"]
    # Mei's 2 × 8 = 28 hits Lin, who has no dice left: 28 Health from [10, 10, 10] → [0, 0, 2] (004 L67).
    lin = by_id(answer)["lin"]
    assert lin.health_boxes == [0, 0, 2] and not lin.vanquished
    # 004 L68: two emptied boxes; Lin's Physical Imbalance goes from rank 1 to 3 (the attacker's default: raise).
    assert [(i.id, i.rank) for i in lin.imbalances] == [("cracked_rib", 3)]
    # 004 L119: 28 exceeds the hold's 27 and Mei breaks it.
    assert answer.holds == [] and [e.kind.value for e in answer.events].count("hold_broken") == 1


def test_a_held_fighter_cannot_move() -> None:
    # 004 L117: Bo, held, tries to move to the next Battlefield.
    decisions = GRAB | {"R1.bo.action": {"choice": "rank_zero", "rank_zero": "move"}}
    answer = play([LIN, BO, MEI], GRAB_ROLLS, decisions)
    assert codes(answer) == ["HELD_CANNOT_MOVE"] and answer.status is StepStatus.invalid
    assert "move" not in {v.rank_zero for v in offered([LIN, BO, MEI], GRAB_ROLLS, decisions, "R1.bo.action")}


SORA = {
    "id": "sora",
    "player": True,
    "degree": 1,
    "aura": 2,
    "health_boxes": [10],
    "effort_dice": 6,
    "chakras": [{"id": "heart"}, {"id": "crown", "state": "awakened", "recovery": 3, "pool": 15, "prana": 4}],
    "imbalances": [{"id": "doubt", "kind": "mental", "rank": 1}],
}
GEN = {"id": "gen", "health_boxes": [10], "effort_dice": 2, "imbalances": [{"id": "fear", "kind": "mental"}]}
AWAKEN_ROLLS = effort("sora", 6, 6, 1, 3, 3, 8) | effort("gen", 2, 4)
AWAKEN = {
    "R1.sora.imbalance": {"choice": "chakra"},
    "R1.gen.imbalance": {"choice": "dramatic"},
    "R1.sora.bid": {"choice": "bid", "dice": [die("sora", 3)]},
    "R1.gen.bid": {"choice": "bid", "dice": [die("gen", 1)]},
    "R1.gen.action": {"choice": "attack", "dice": [die("gen", 2)], "target": "sora"},
    "R1.sora.defense": {"choice": "defend", "dice": [die("sora", 4), die("sora", 5)]},
    "R1.gen.action#2": {"choice": "end"},
    "R1.sora.action": {
        "choice": "awaken",
        "dice": [die("sora", 1), die("sora", 2)],
        "chakra": "heart",
        "skill": "spirit",
    },
    "R1.sora.action#2": {"choice": "skill", "dice": [die("sora", 6)], "skill": "power"},
    "R1.sora.action#3": {"choice": "end"},
}


def test_round_3_awakening_and_recovery() -> None:
    answer = play([SORA, GEN], AWAKEN_ROLLS, AWAKEN)
    assert answer.status is StepStatus.resolved and not answer.violations, answer.violations
    # Bids: Gen's 2 beats Sora's 1; Gen's 4 (14) against Sora's pair of 3s (23): defended (004 L59).
    assert [p.fighter for p in answer.initiative] == ["gen", "sora"]
    assert [(e.kind.value, e.amount) for e in answer.events if e.kind.value == "defended"] == [("defended", -9)]
    sora = by_id(answer)["sora"]
    heart, crown = sora.chakras
    # 004 L73–L74: the pair of 6s (26) wakes the heart: Recovery 2, Pool 10, and 6 Prana at Recovery (L79).
    assert (heart.state, heart.recovery, heart.pool, heart.prana) == ("awakened", 2, 10, 6)
    # 004 L77: the crown, awake before, gains its Recovery: 4 + 3 = 7.
    assert crown.prana == 7
    # The skill action's effect is the core rulebook's Effect Charts (004 L46), and Gen's Dramatic Penalty (the
    # pack's first, which forbids nothing) is the table's ruling: both are notes, nothing is `unsupported`.
    assert not answer.unsupported
    assert sorted(n.message.split(":")[0] for n in answer.info) == ["Dramatic Penalty", "Effect Charts"]


def test_awakening_needs_rank_two_and_a_slumbering_chakra() -> None:
    # 004 L72: a rank 1 Set cannot awaken; the crown is awake already.
    low = AWAKEN | {"R1.sora.action": {"choice": "awaken", "dice": [die("sora", 6)], "chakra": "heart"}}
    assert codes(play([SORA, GEN], AWAKEN_ROLLS, low)) == ["AWAKEN_RANK_TOO_LOW"]
    awake = AWAKEN | {
        "R1.sora.action": {"choice": "awaken", "dice": [die("sora", 1), die("sora", 2)], "chakra": "crown"}
    }
    assert codes(play([SORA, GEN], AWAKEN_ROLLS, awake)) == ["AWAKEN_NOT_SLUMBERING"]


def test_an_imbalance_choice_is_asked_before_the_roll() -> None:
    # 004 L23–L24, L29: each Imbalance is decided before the Effort roll; both fighters are asked at once.
    answer = play([SORA, GEN], {}, {})
    assert [d.key for d in answer.decisions_needed] == ["R1.sora.imbalance", "R1.gen.imbalance"]
    assert not answer.dice_needed and not answer.rolls
    assert {val(c).choice for c in answer.decisions_needed[0].choices} == {"dramatic", "effort", "focus", "chakra"}


TOR = {"id": "tor", "health_boxes": [2], "effort_dice": 3, "weapon": {"type": "heavy"}}
VEX = {
    "id": "vex",
    "player": True,
    "degree": 1,
    "aura": 2,
    "health_boxes": [4],
    "armor": {"rating": 1},
    "effort_dice": 2,
}
HEAVY_ROLLS = effort("tor", 9, 9, 5) | effort("vex", 3, 1) | {"R1.tor.heavy": 4}
HEAVY = {
    "R1.tor.bid": {"choice": "bid", "dice": [die("tor", 3)]},
    "R1.vex.bid": {"choice": "bid", "dice": [die("vex", 2)]},
    "R1.tor.action": {"choice": "attack", "dice": [die("tor", 1), die("tor", 2)], "target": "vex"},
    "R1.vex.defense": {"choice": "defend", "dice": [die("vex", 1)]},
}


def test_round_4_heavy_armor_and_a_vanquished_defender() -> None:
    answer = play([TOR, VEX], HEAVY_ROLLS, HEAVY | {"R1.tor.action#2": {"choice": "end"}})
    assert answer.status is StepStatus.over and not answer.violations, answer.violations
    assert answer.over and answer.winner == "tor" and answer.out == ["vex"]  # 004 L61: Vex Vanquished, Tor stands
    # 2 × 9 = 29 against the 3 (13): 16; Heavy +4 (004 L94); armor 1 (004 L105) → 19 damage.
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [19]
    # 2 Aura + 4 Health cannot pay 19: Vanquished (004 L61), nothing spent (the service's all-or-nothing ruling).
    vex = by_id(answer)["vex"]
    assert vex.vanquished and not vex.killed and (vex.aura, vex.health_boxes) == (2, [4])
    assert not answer.death_token


def test_a_gm_character_cannot_kill_without_the_death_token() -> None:
    # 004 L123–L130, digest D8: Tor is the GM's; no Death Token in the scene.
    answer = play([TOR, VEX], HEAVY_ROLLS, HEAVY | {"R1.tor.kill": {"choice": "kill"}})
    assert codes(answer) == ["KILL_NOT_ALLOWED"]
    assert [v.choice for v in offered([TOR, VEX], HEAVY_ROLLS, HEAVY, "R1.tor.kill")] == ["spare"]
    # With the token declared by the GM, the same kill stands.
    answer = play(
        [TOR, VEX],
        HEAVY_ROLLS,
        HEAVY | {"R1.tor.kill": {"choice": "kill"}, "R1.tor.action#2": {"choice": "end"}},
        death_token=True,
    )
    assert not answer.violations and by_id(answer)["vex"].killed


def test_a_players_kill_brings_the_death_token() -> None:
    # 004 L127: Vex (a player) goes first, Tor takes 13 undefended with 2 Health: Vanquished, and Vex kills.
    rolls = effort("tor", 1, 2, 5) | effort("vex", 3, 9)
    decisions = {
        "R1.tor.bid": {"choice": "bid", "dice": [die("tor", 1)]},
        "R1.vex.bid": {"choice": "bid", "dice": [die("vex", 2)]},
        "R1.vex.action": {"choice": "attack", "dice": [die("vex", 1)], "target": "tor"},
        "R1.tor.defense": {"choice": "none"},
        "R1.vex.kill": {"choice": "kill"},
        "R1.vex.action#2": {"choice": "end"},
    }
    answer = play([TOR, VEX], rolls, decisions)
    assert answer.status is StepStatus.over and not answer.violations, answer.violations
    tor = by_id(answer)["tor"]
    assert tor.vanquished and tor.killed and answer.death_token
    assert [e.kind.value for e in answer.events if e.kind.value in ("vanquished", "death_token", "killed")] == [
        "vanquished",
        "death_token",
        "killed",
    ]


NIA = {"id": "nia", "health_boxes": [10, 10], "effort_dice": 3, "weapon": {"type": "subtle"}, "hidden": True}
ODA = {"id": "oda", "health_boxes": [10], "effort_dice": 4}
NEEDLE_ROLLS = effort("nia", 7, 5, 5) | effort("oda", 4, 4, 6, 2)
NEEDLES = {
    "R1.nia.bid": {"choice": "bid", "dice": [die("nia", 1)]},
    "R1.oda.bid": {"choice": "bid", "dice": [die("oda", 4)]},
    "R1.nia.action": {"choice": "attack", "dice": [die("nia", 2), die("nia", 3)], "target": "oda"},
    "R1.oda.defense": {"choice": "defend", "dice": [die("oda", 3)], "skill": "senses"},
    "R1.nia.action#2": {"choice": "end"},
    "R1.oda.action": {"choice": "attack", "dice": [die("oda", 1)], "target": "nia"},
    "R1.oda.action#2": {"choice": "attack", "dice": [die("oda", 2)], "target": "nia"},
    "R1.oda.action#3": {"choice": "end"},
}


def test_round_5_subtle_needles_and_an_unarmed_flurry() -> None:
    answer = play([NIA, ODA], NEEDLE_ROLLS, NEEDLES)
    assert answer.status is StepStatus.over and not answer.violations, answer.violations
    # 004 L96: 25 against Oda's Senses defence of 16 is 9, but needles deal at most 1; Nia stays hidden.
    assert [e.amount for e in answer.events if e.kind.value == "damage"] == [1, 14, 14]
    nia, oda = by_id(answer)["nia"], by_id(answer)["oda"]
    assert oda.health_boxes == [9] and nia.hidden
    # 004 L97: Oda, unarmed, attacks twice with Rank 1 Sets (14 each) against a Nia with no dice left:
    # 14 from [10, 10] → [0, 6], the emptied box a new Physical Imbalance (004 L68); then 14 against 6 Health
    # left cannot be paid → Vanquished (004 L61) with nothing spent, and spared (Oda is the GM's, no Death Token).
    assert nia.health_boxes == [0, 6] and nia.vanquished and not nia.killed
    assert [(i.kind, i.rank) for i in nia.imbalances] == [("physical", 1)]


def test_a_defence_against_needles_uses_senses() -> None:
    # 004 L96: the foe may only Defend with Senses.
    decisions = NEEDLES | {"R1.oda.defense": {"choice": "defend", "dice": [die("oda", 3)], "skill": "agility"}}
    answer = play([NIA, ODA], NEEDLE_ROLLS, decisions)
    assert codes(answer) == ["SUBTLE_DEFENCE_SKILL"]
    defences = offered([NIA, ODA], NEEDLE_ROLLS, decisions, "R1.oda.defense")
    assert all(v.skill == "senses" for v in defences if v.choice == "defend")


def test_a_third_rank_one_attack_is_refused_and_so_is_a_second_single_die_action() -> None:
    # 004 L97, digest D19: Unarmed allows two Rank 1 attacks a turn, no third.
    rolls = effort("nia", 7, 5, 5) | effort("oda", 4, 4, 6, 2, 1)
    tough = {**NIA, "health_boxes": [10, 10, 10]}
    third = NEEDLES | {"R1.oda.action#3": {"choice": "attack", "dice": [die("oda", 5)], "target": "nia"}}
    answer = play([tough, {**ODA, "effort_dice": 5}], rolls, third)
    assert codes(answer) == ["UNARMED_LIMIT"]
    # 004 L41: a fighter who is not Unarmed has one single-die action only; a second single die taken as a Bonus
    # Action is below its Rank 2, and named as the single-die action it exceeds the turn's one.
    sword = {**ODA, "effort_dice": 5, "weapon": {"type": "balanced"}}
    answer = play([tough, sword], rolls, NEEDLES)
    assert codes(answer) == ["BONUS_ACTION_RANK_TOO_LOW"]
    assert answer.violations[0].key == "R1.oda.action#2"
    second = NEEDLES | {"R1.oda.action#2": {**NEEDLES["R1.oda.action#2"], "slot": "single"}}
    assert codes(play([tough, sword], rolls, second)) == ["ACTION_SLOT_EXCEEDED"]


ASH = {"id": "ash", "health_boxes": [10, 10], "effort_dice": 3, "weapon": {"type": "reach"}}
BEL = {"id": "bel", "player": True, "health_boxes": [10], "effort_dice": 3}
CY = {"id": "cy", "health_boxes": [10], "effort_dice": 2}
DEE = {"id": "dee", "health_boxes": [10, 10], "effort_dice": 2}
BIDDING_ROLLS = effort("ash", 6, 4, 2) | effort("bel", 5, 5, 1) | effort("cy", 3, 3) | {"R1.ash.reach": 3}
BIDDING = {
    "R1.ash.bid": {"choice": "bid", "dice": [die("ash", 3)]},
    "R1.bel.bid": {"choice": "bid", "dice": [die("bel", 3)]},
    "R1.cy.bid": {"choice": "bid", "dice": [die("cy", 1)]},
    "R1.ash.bid.2": {"choice": "bid", "dice": [die("ash", 1)]},
    "R1.bel.bid.2": {"choice": "bid", "dice": [die("bel", 1), die("bel", 2)]},
    "R1.bel.action": {"choice": "attack", "dice": [die("bel", 3)], "target": "dee"},
    "R1.bel.action#2": {"choice": "end"},
    "R1.ash.lower": {"choice": "lower", "initiative": 2},
    "R1.cy.action": {"choice": "attack", "dice": [die("cy", 2)], "target": "ash"},
    "R1.ash.defense": {"choice": "none"},
    "R1.ash.buy_down": {"choice": "refuse"},
    "R1.cy.action#2": {"choice": "end"},
    "R1.bel.continue": {"choice": "stop"},
    "R1.cy.continue": {"choice": "stop"},
}


def test_round_6_a_bidding_war_reach_a_lowered_initiative_and_peace() -> None:
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, BIDDING, spectators=["dee"])
    assert answer.status is StepStatus.over and not answer.violations and not answer.warnings, answer.violations
    # 004 L31–L35: bids 2, 1, 3; rebids 6 (Ash) and 10 (Bel, 5 + 5); only final bids are spent. Reach adds its
    # die to Ash's 6 (004 L93): 9. Order bid: Bel 10, Ash 9, Cy 3.
    assert [e.amount for e in answer.events if e.kind.value == "bid"] == [2, 1, 3, 6, 10]
    assert [(e.fighter, e.value) for e in answer.events if e.kind.value == "initiative"] == [
        ("bel", 10),
        ("ash", 9),
        ("cy", 3),
    ]
    # 004 L36, L38: the answer's order is the order the turns came in: Ash lowered to 2 after Bel's turn, so Cy
    # goes second, and Ash's turn comes last at 2, Vanquished by then (no turn taken).
    assert [(p.fighter, p.initiative, len(p.bid), p.took_turn) for p in answer.initiative] == [
        ("bel", 10, 2, True),
        ("cy", 3, 1, True),
        ("ash", 2, 1, False),
    ]
    fighters = by_id(answer)
    # 004 L20: the spectator Dee rolled nothing and takes Bel's 1 (11) undefended: [10, 10] → [0, 9], injured.
    assert not [r for r in answer.rolls if ".dee." in r.key]
    assert fighters["dee"].health_boxes == [0, 9] and [i.rank for i in fighters["dee"].imbalances] == [1]
    # 004 L38: after Bel's turn Ash lowers to 2, below Cy's 3: Cy acts first and Ash, undefended and refusing
    # to pay 13, is Vanquished (004 L61) before their turn comes.
    order = [s.actor for s in answer.log if s.label == "Attacking"]
    assert order == ["bel", "cy"]
    assert fighters["ash"].vanquished and fighters["ash"].health_boxes == [10, 10]
    # 004 L83: nobody keeps up the violence: the combat ends, with Bel and Cy standing (no winner); Ash is out.
    assert answer.status is StepStatus.over and answer.over and answer.winner is None and answer.out == ["ash"]
    # 004 L38: the lowering in figures: Ash's bid of 6 and Reach's 3 made 9; lowered to 2 (−7), third in the order.
    lowered = [(e.fighter, e.value, e.amount, e.figures) for e in answer.events if e.kind.value == "lowered"]
    assert lowered == [("ash", 2, -7, {"bid": 6, "before": 9, "place": 3})]


def test_a_rebid_must_be_higher() -> None:
    # 004 L34: Ash's rebid of the same 2 is not above the first bid.
    decisions = BIDDING | {"R1.ash.bid.2": {"choice": "bid", "dice": [die("ash", 3)]}}
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, decisions, spectators=["dee"])
    assert codes(answer) == ["BID_NOT_HIGHER"] and answer.status is StepStatus.invalid
    bids = offered([ASH, BEL, CY, DEE], BIDDING_ROLLS, decisions, "R1.ash.bid.2", spectators=["dee"])
    assert all(v > 2 for v in (sum(BIDDING_ROLLS[k] for k in b.dice) for b in bids) if v)


def test_bidding_goes_on_until_nobody_raises() -> None:
    # 004 L33: rebidding continues until everybody's bid is final, however many passes that takes. Bel and Cy
    # each raise five times (1, 1+2, 1+2+3, 1+…+4, 1+…+5 = 1, 3, 6, 10, 15); the sixth pass raises nothing.
    rolls = effort("bel", 1, 2, 3, 4, 5) | effort("cy", 1, 2, 3, 4, 5)
    decisions: dict[str, Any] = {}
    for p in range(1, 6):
        at = "" if p == 1 else f".{p}"
        decisions[f"R1.bel.bid{at}"] = {"choice": "bid", "dice": [die("bel", n) for n in range(1, p + 1)]}
        decisions[f"R1.cy.bid{at}"] = {"choice": "bid", "dice": [die("cy", n) for n in range(1, p + 1)]}
    answer = play(
        [{**BEL, "effort_dice": 5}, {**CY, "effort_dice": 5}],
        rolls,
        decisions | {"R1.bel.action": {"choice": "end"}, "R1.cy.action": {"choice": "end"}},
    )
    assert [e.amount for e in answer.events if e.kind.value == "bid"] == [1, 1, 3, 3, 6, 6, 10, 10, 15, 15]
    assert answer.status is StepStatus.resolved and not answer.warnings
    # Tied at 15 with as many dice: the earlier bidder goes first (digest D13).
    assert [p.fighter for p in answer.initiative] == ["bel", "cy"]
    # Asked every decision, the sixth pass is asked (nobody has raised in it yet) and a stand there ends bidding.
    asked = play([{**BEL, "effort_dice": 5}, {**CY, "effort_dice": 5}], rolls, decisions, ask_every_decision=True)
    assert asked.decisions_needed[0].key == "R1.bel.bid.6"


def test_an_effort_roll_of_more_dice_than_the_pool_is_refused() -> None:
    # 004 L27–L29: a combatant rolls their Effort Pool: Ash has 3 dice, a fourth is no part of the roll.
    answer = play([ASH, BEL, CY, DEE], BIDDING_ROLLS | {"R1.ash.effort.4": 4}, BIDDING, spectators=["dee"])
    assert answer.status is StepStatus.invalid and codes(answer) == ["DICE_INVALID"]
    assert answer.violations[0].key == "R1.ash.effort.4" and not answer.warnings
    # Lin's Imbalance cuts her 4 dice to 3 (004 L24, L29): a fourth die is refused the same way.
    lin = play([LIN, BO, MEI], GRAB_ROLLS | {"R1.lin.effort.4": 2}, GRAB)
    assert lin.status is StepStatus.invalid and codes(lin) == ["DICE_INVALID"]
    # The spectator Dee rolls no Effort (004 L20; ruling: a spectator has no dice).
    dee = play([ASH, BEL, CY, DEE], BIDDING_ROLLS | {"R1.dee.effort": 5}, BIDDING, spectators=["dee"])
    assert dee.status is StepStatus.invalid and [v.key for v in dee.violations] == ["R1.dee.effort"]


def test_the_same_request_answers_the_same_and_keys_are_checked() -> None:
    first = play([ASH, BEL, CY, DEE], BIDDING_ROLLS, BIDDING, spectators=["dee"])
    assert play([ASH, BEL, CY, DEE], BIDDING_ROLLS, BIDDING, spectators=["dee"]) == first
    extra = play(
        [ASH, BEL, CY, DEE],
        BIDDING_ROLLS | {"R1.ash.heavy": 4},
        BIDDING | {"R1.zed.bid": {"choice": "stand"}},
        spectators=["dee"],
    )
    # Zed is nobody in this round: refused (strict keys); Ash's Heavy die fits a point of the round, not taken.
    assert extra.status is StepStatus.invalid and codes(extra) == ["DECISION_KEY_UNKNOWN"]
    assert [w.code for w in extra.warnings] == ["ROLL_NOT_USED"]
    lenient = play(
        [ASH, BEL, CY, DEE],
        BIDDING_ROLLS | {"R1.ash.heavy": 4},
        BIDDING | {"R1.zed.bid": {"choice": "stand"}},
        spectators=["dee"],
        lenient=True,
    )
    assert lenient.status is StepStatus.over and not lenient.violations
    assert sorted(w.code for w in lenient.warnings) == ["DECISION_NOT_USED", "ROLL_NOT_USED"]
    assert (lenient.log, lenient.events) == (first.log, first.events)


def test_the_published_examples_are_these_rounds() -> None:
    from service.rules.ashes.operations import examples
    from service.rules.ashes.round.models import RoundRequest
    from service.rules.ashes.round.resolve import validate_declarations

    published = examples("resolve_round")
    assert published["sword-duel"] == {"combatants": [KAI, REN], "rolls": DUEL_ROLLS, "decisions": DUEL}
    seeded = play(**{k: v for k, v in published["seeded-start"].items() if k != "decisions"}, rolls={}, decisions={})
    assert seeded.status is StepStatus.decision_required and seeded.decisions_needed[0].key == "R1.kai.bid"
    checks = examples("validate_declarations")
    assert validate_declarations(RoundRequest.model_validate(checks["sword-duel"])).status is StepStatus.resolved
    bad = validate_declarations(RoundRequest.model_validate(checks["second-sword-use-without-prana"]))
    assert [v.code for v in bad.violations] == ["PRANA_INSUFFICIENT"] and bad.status is StepStatus.invalid


def test_a_player_may_slay_a_fighter_vanquished_before() -> None:
    # 004 L127: a player may slay an adversary Vanquished earlier and still helpless; the Death Token comes with it.
    # Ruling: it takes the turn's rank-0 action. Vex bids alone and slays the unconscious Tor.
    tor = {**TOR, "vanquished": True}
    answer = play(
        [tor, VEX],
        effort("vex", 3, 1),
        {
            "R1.vex.bid": {"choice": "stand"},
            "R1.vex.action": {"choice": "kill", "target": "tor"},
            "R1.vex.action#2": {"choice": "end"},
        },
    )
    assert not answer.violations, answer.violations
    assert by_id(answer)["tor"].killed and answer.death_token
    # The GM's Tor may not do the same to a Vanquished Vex without the token.
    vex = {**VEX, "vanquished": True}
    answer = play(
        [TOR, vex],
        effort("tor", 9, 9, 5),
        {
            "R1.tor.bid": {"choice": "stand"},
            "R1.tor.action": {"choice": "kill", "target": "vex"},
        },
    )
    assert codes(answer) == ["KILL_NOT_ALLOWED"]
