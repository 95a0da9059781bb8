"""Rounds worked by hand from the text: every action and every response, with the figures expected at the end.

Fighters: the Dragon (002 L88) with the examples' attributes (Damage 3, Knockdown 2, Grapple 2, Move 3, Block 2,
Spirit 4), a player-fighter; the Tiger (Damage 3, Knockdown 2, Grapple 3, Move 2, Block 3, Spirit 1).
"""

from __future__ import annotations

from typing import Any

from service.rules.fightrpg.examples import dragon, tiger

from .support import act, alloc, codes, pool_of, pools, resolve, respond, rolloff, state

ALL_TYPES = ("damage", "knockdown", "grapple", "move", "block", "complex_action")


def round_a() -> dict[str, Any]:
    return {
        "fighters": [dragon(), tiger()],
        "rolls": pools(dragon=[5, 3, 2], tiger=[4, 4, 1]),
        "decisions": {
            "R1.dragon.allocation": alloc(damage=2, knockdown=1, move=2, block=1, complex_action=2),
            "R1.tiger.allocation": alloc(damage=3, knockdown=2, block=2, move=2),
            "R1.dragon.action": act("attack", "tiger", damage=2),
            "R1.tiger.response": respond("block"),
            "R1.tiger.action": act("attack", "dragon", damage=1, knockdown=1),
            "R1.dragon.response": respond("evade"),
            "R1.dragon.action.2": act("complex_action"),
            "R1.tiger.action.2": act("attack", "dragon", damage=2),
            "R1.dragon.response.2": respond("block"),
            "R1.dragon.action.3": act("attack", "tiger", knockdown=1),
            "R1.tiger.response.2": respond("none"),
            "R1.tiger.action.3": act("attack", "dragon", knockdown=1),
            "R1.dragon.action.4": act("complex_action"),
        },
    }


def test_round_a_attacks_blocks_evasion_and_complex_actions() -> None:
    out = resolve(round_a())
    assert out.status == "resolved", (out.violations, out.decisions_needed)
    assert not out.warnings
    assert (out.out, out.over, out.winner) == ([], False, None)  # nobody near 10 damage (002 L9)
    # 002 L86: pools 10 and 9; 8 and 9 allocated (the Dragon's 2 left over are lost).
    assert (pool_of(out, "dragon").total, pool_of(out, "tiger").total) == (10, 9)
    # Pass 1. The Dragon's 2 Damage are blocked by one Block token (002 L72): Tiger +1 PP, Dragon +2 (002 L25).
    # The Tiger's Damage + Knockdown are evaded with 2 Move (002 L64): nothing lands, nothing paid.
    # Pass 2. Complex Action: Dragon +2 (002 L80). The Tiger's 2 Damage: blocked, Dragon +1, Tiger +2.
    # Pass 3. The Dragon's Knockdown lands: Tiger is last already; Dragon +1 (002 L37). The Tiger's Knockdown finds
    # the Dragon with no Block or Move left, so no response is asked: the Dragon drops behind the Tiger; Tiger +1.
    # Pass 4, Tiger first now: 2 Move and 1 Block, but nothing to strip and no map: done. Dragon: Complex Action +2.
    dragon_out, tiger_out = state(out, "dragon"), state(out, "tiger")
    assert (dragon_out.damage, dragon_out.power_points) == (0, 2 + 2 + 1 + 1 + 2)
    assert (tiger_out.damage, tiger_out.power_points) == (0, 1 + 2 + 1)
    assert out.order == ["tiger", "dragon"]
    assert out.passes == 5  # the Dragon, out of tokens, is done in the fifth pass
    assert [e.kind for e in out.events if e.kind in ("blocked", "evaded")] == ["blocked", "evaded", "blocked"]


def round_b() -> dict[str, Any]:
    return {
        "fighters": [
            dragon(damage=8),
            tiger(damage=7, statuses=[{"id": "focus", "duration": 2, "power_points": 1}]),
        ],
        "rolls": pools(dragon=[6, 6, 1], tiger=[6, 5, 2]),
        "decisions": {
            "R1.dragon.allocation": alloc(grapple=2, move=3, knockdown=1, damage=3),
            "R1.tiger.allocation": alloc(grapple=3, move=2, damage=3, knockdown=2, block=3),
            "R1.dragon.action": act("grab", "tiger", knockdown=1),
            "R1.tiger.response": respond("grapple_cancel"),
            "R1.tiger.action": act("grab", "dragon"),
            "R1.dragon.response": respond("none"),
            "R1.dragon.injury": {"injury": "spirit"},
            "R1.dragon.action.2": act("grab", "tiger"),
            "R1.tiger.response.2": respond("counter"),
            "R1.dragon.injury.2": {"injury": "grapple"},
            "R1.tiger.action.2": act("attack", "dragon", damage=1),
            "R1.dragon.injury.3": {"injury": "decline"},
        },
    }


def test_round_b_grabs_cancels_counters_injuries_and_defeat() -> None:
    out = resolve(round_b())
    assert out.status == "over", (out.violations, out.decisions_needed)
    # 002 L92: 13 each; highest die 6 = 6; second 6 > 5: the Dragon first.
    assert out.order[0] == "dragon"
    d, t = state(out, "dragon"), state(out, "tiger")
    # Pass 1. The Dragon's grab with Knockdown is cancelled by one Grapple token (002 L45): nothing, no PP.
    # The Tiger's grab lands (no Knockdown left for a counter, 002 L46): Dragon 8 + 2 = 10, Tiger +1 (002 L49).
    # The Dragon takes an injury on Spirit: back to 9 (002 L104, L106).
    # Pass 2. The Dragon's grab meets a counter (002 L23): Tiger 7 + 2 = 9, Dragon +1 PP; the Dragon takes 1 back:
    # 10; Tiger +1 PP. Injury on Grapple: 9. The Tiger's 1 Damage finds no answer: 10; the Dragon declines an
    # injury and is defeated (002 L9). One side stands: the Action Phase ends.
    assert (d.damage, d.power_points, d.injuries) == (10, 1, {"spirit": 1, "grapple": 1})
    assert [e.fighter for e in out.events if e.kind == "defeated"] == ["dragon"]
    # the answer says so: the Dragon defeated, one side left, the fight over (002 L9)
    assert (out.out, out.over, out.winner) == (["dragon"], True, "tiger")
    assert out.status == "over"
    # Status Phase (002 L100): focus gives the Tiger 1 and has one phase left.
    assert (t.damage, t.power_points) == (9, 1 + 1 + 1 + 1)
    assert [(s.id, s.duration) for s in t.statuses] == [("focus", 1)]


def round_c() -> dict[str, Any]:
    return {
        "map": True,
        "fighters": [dragon(power_points=2), tiger()],
        "rolls": pools(dragon=[6, 4, 3], tiger=[5, 5, 2]),
        "decisions": {
            "R1.dragon.allocation": alloc(knockdown=2, move=3, complex_action=4, damage=1),
            "R1.tiger.allocation": alloc(block=3, move=2, damage=2, knockdown=2, grapple=3),
            "R1.dragon.action": act("attack", "tiger", knockdown=1),
            "R1.tiger.response": respond("none"),
            "R1.dragon.push": {"chain": ["pillar"]},
            "R1.tiger.action": act("attack", "dragon", damage=2),
            "R1.dragon.response": respond("evade"),
            "R1.dragon.action.2": act("technique", "tiger", technique="focused_blow"),
            "R1.tiger.response.2": respond("block"),
            "R1.tiger.action.2": act("grab", "dragon", knockdown=1),
            "R1.tiger.push": {"chain": []},
            "R1.tiger.action.3": act("pass"),
            "R1.dragon.action.3": act("move"),
            "R1.dragon.action.4": act("pass"),
        },
    }


def test_round_c_map_pushes_chain_knockdown_technique_move_and_pass() -> None:
    out = resolve(round_c())
    assert out.status == "resolved", (out.violations, out.decisions_needed)
    d, t = state(out, "dragon"), state(out, "tiger")
    # Pass 1. Knockdown lands: Tiger last already; pushed 5 feet into a pillar: Tiger +1 damage (002 L112); Dragon
    # +1 PP (3). The Tiger's 2 Damage are evaded (2 of the Dragon's 3 Move).
    # Pass 2. Focused Blow (pack: 1 Complex + 1 Damage, 2 PP): Dragon 3 - 2 = 1; blocked whole by one Block token:
    # Tiger +1 PP, and the blocked technique still pays its 1 (2). The Tiger's grab with Knockdown: the Dragon has
    # 1 Move, no Grapple, no Damage: no answer. Dragon +2 damage, drops behind the Tiger, pushed 10 feet into
    # nothing; Tiger +2 PP (3).
    # Pass 3 (Tiger first): the Tiger passes; the Dragon moves 5 feet (002 L58). Pass 4: the Dragon passes.
    assert (d.damage, d.power_points) == (2, 2)
    assert (t.damage, t.power_points) == (1, 3)
    assert out.order == ["tiger", "dragon"]
    assert [e.amount for e in out.events if e.kind == "pushed"] == [5, 10]
    # 002 L112: the Tiger and the pillar it hits take 1 each (the pillar's in an event of its own, too)
    knocks = [(e.fighter, e.amount) for e in out.events if e.kind == "chain_knockdown"]
    assert knocks == [("tiger", 1), ("pillar", 1)]
    assert out.unsupported == []  # unplaced fighters: their moves are logged, nothing is left unsupported
    assert (d.position, t.position) == (None, None)


def test_round_c_placed_positions_kept() -> None:
    # Round C with the Dragon at (0, 0) and the Tiger a square east at (5, 0) (5-foot squares, 002 L33, L58).
    # Pass 1: the Dragon's Knockdown pushes the Tiger straight away, east; the pillar stops it after 5 feet: (10, 0).
    # Pass 2: the Tiger's grab with Knockdown pushes the Dragon 10 feet south (the Tiger's choice, 002 L35):
    # (0, -10). Pass 3: the Dragon's 5-foot step west (002 L58): (-5, -10). Damage and Power Points as in round C.
    body = round_c()
    body["fighters"][0]["position"] = {"x": 0, "y": 0}
    body["fighters"][1]["position"] = {"x": 5, "y": 0}
    body["decisions"]["R1.dragon.push"] = {"chain": ["pillar"], "feet": 5}
    body["decisions"]["R1.tiger.push"] = {"chain": [], "direction": "s"}
    body["decisions"]["R1.dragon.action.3"] = act("move", direction="w")
    out = resolve(body)
    assert out.status == "resolved", (out.violations, out.decisions_needed)
    d, t = state(out, "dragon"), state(out, "tiger")
    assert ((d.position.x, d.position.y), (t.position.x, t.position.y)) == ((-5, -10), (10, 0))
    assert (d.damage, t.damage) == (2, 1)
    assert [e.amount for e in out.events if e.kind in ("pushed", "moved")] == [5, 10, 5]
    # a placed fighter's move names its direction (002 L58): the bare move is refused by that rule
    body["decisions"]["R1.dragon.action.3"] = act("move")
    assert codes(resolve(body).violations) == ["MOVE_DIRECTION"]
    # a push further than the Knockdown's 5 feet (002 L33) is refused
    body["decisions"]["R1.dragon.push"] = {"chain": [], "feet": 10}
    assert codes(resolve(body).violations) == ["PUSH_TOO_FAR"]


def test_published_map_example() -> None:
    # data/examples/resolve_round.json "map-positions" is the placed round C above
    from service.rules.fightrpg.examples import round_examples

    out = resolve(round_examples()["map-positions"])
    assert [(f.position.x, f.position.y) for f in out.fighters if f.position] == [(-5, -10), (10, 0)]


def test_push_goes_straight_away_by_default() -> None:
    # the pusher's choice (002 L33) defaults to straight away from him, to the nearest of the eight directions
    from service.rules.fightrpg.sheet.positions import RpgPosition, away

    def at(x: int, y: int) -> RpgPosition:
        return RpgPosition(x=x, y=y)

    assert away(at(0, 0), at(5, 0)) == "e"
    assert away(at(0, 0), at(10, 10)) == "ne"
    assert away(at(0, 0), at(5, 15)) == "n"
    assert away(at(5, 5), at(0, -5)) == "sw"
    assert away(None, at(0, 0)) == "n"


def round_d() -> dict[str, Any]:
    quick = dict(tiger()["attributes"], move=3)
    return {
        "fighters": [dragon(power_points=4), tiger(attributes=quick)],
        "rolls": pools(dragon=[3, 2, 1], tiger=[2, 2, 1]),
        "decisions": {
            "R1.dragon.allocation": alloc(grapple=1, move=1, complex_action=1, block=2),
            "R1.tiger.allocation": alloc(move=3, block=1, damage=1),
            "R1.dragon.action": act("technique", "tiger", technique="spirit_throw"),
            "R1.tiger.response": respond("evade"),
            "R1.tiger.action": act("strip_block", "dragon"),
            "R1.tiger.action.2": act("attack", "dragon", damage=1),
            "R1.dragon.response.2": respond("block"),
        },
    }


def test_round_d_unblockable_technique_evaded_and_a_block_stripped() -> None:
    out = resolve(round_d())
    assert out.status == "resolved", (out.violations, out.decisions_needed)
    d, t = state(out, "dragon"), state(out, "tiger")
    # Pass 1. Spirit Throw (pack: Complex + Grapple + Move and 4 PP, unblockable): the Dragon 4 - 4 = 0; the Tiger
    # evades with 2 Move (002 L64, the text's own use: evading the unblockable): nothing lands or pays. The Tiger
    # strips one of the Dragon's 2 Block tokens with its last Move (002 L57); the Dragon, out of Move, cannot evade.
    # Pass 2. The Dragon holds only a Block token: done. The Tiger's Damage is blocked: both +1 PP (002 L25, L72).
    assert (d.damage, d.power_points) == (0, 1)
    assert (t.damage, t.power_points) == (0, 1)
    assert pool_of(out, "dragon").tokens_left.block == 0
    assert [e.kind for e in out.events if e.kind in ("evaded", "block_removed", "blocked")] == [
        "evaded",
        "block_removed",
        "blocked",
    ]


def round_e() -> dict[str, Any]:
    crane = dragon(id="crane", name="Crane", side="heroes", player=False)
    return {
        "fighters": [dragon(side="heroes"), crane, tiger(side="villains")],
        "rolls": pools(dragon=[4, 3, 2], crane=[2, 4, 3], tiger=[6, 5, 3])
        | rolloff("dragon", [6, 6, 1, 1, 1])
        | rolloff("crane", [5, 5, 5, 1, 1]),
        "decisions": {
            "R1.tiger.allocation": alloc(knockdown=2, damage=3, block=3),
            "R1.crane.allocation": alloc(damage=3, block=2),
            "R1.dragon.allocation": alloc(damage=3, knockdown=2),
            "R1.tiger.action": act("attack", "crane", knockdown=1),
            "R1.crane.response": respond("none"),
            "R1.dragon.action": act("attack", "tiger", damage=2),
            "R1.tiger.response": respond("block"),
            "R1.crane.action": act("attack", "tiger", damage=2),
            # three fighters: the tiger's second response names whom it answers
            "R1.tiger.response@crane": respond("none"),
            "R1.tiger.action.2": act("pass"),
            "R1.dragon.action.2": act("pass"),
            "R1.crane.action.2": act("pass"),
        },
    }


def test_round_e_three_fighters_roll_off_and_a_knockdown_within_the_pass() -> None:
    out = resolve(round_e())
    assert out.status == "resolved", (out.violations, out.decisions_needed)
    # 002 L92: Tiger 14 first; the Dragon and the Crane both 4,3,2: five dice, Crane 17 > Dragon 15.
    # Pass 1: the Tiger's Knockdown drops the Crane behind the Dragon (002 L33), so the Dragon acts next.
    acted = [e.fighter for e in out.events if e.kind == "action"]
    assert acted == ["tiger", "dragon", "crane"]
    assert out.order == ["tiger", "dragon", "crane"]
    # Tiger: Knockdown lands +1; blocks the Dragon's 2 Damage +1; takes the Crane's 2. Dragon +2, Crane +2.
    assert (state(out, "tiger").damage, state(out, "tiger").power_points) == (2, 2)
    assert state(out, "dragon").power_points == 2 and state(out, "crane").power_points == 2


def test_an_npc_weaker_than_the_players_is_defeated_at_10() -> None:
    # 002 L104: the Tiger (not a player, strength 0 < the Dragon's 1) cannot take an injury; 9 + 1 = 10: defeated.
    body = {
        "fighters": [dragon(strength=1), tiger(damage=9)],
        "rolls": pools(dragon=[6, 1, 1], tiger=[1, 1, 1]),
        "decisions": {
            "R1.dragon.allocation": alloc(damage=1),
            "R1.tiger.allocation": alloc(move=2),
            "R1.dragon.action": act("attack", "tiger", damage=1),
            "R1.tiger.response": respond("none"),
        },
    }
    out = resolve(body)
    assert out.status == "over" and state(out, "tiger").damage == 10
    assert [e.fighter for e in out.events if e.kind == "defeated"] == ["tiger"]


def test_no_injury_beyond_the_attribute() -> None:
    # 002 L108: Spirit 4 with 4 Spirit injuries: Spirit is no longer offered.
    body = {
        "fighters": [dragon(damage=9, injuries={"spirit": 4}), tiger()],
        "rolls": pools(dragon=[6, 1, 1], tiger=[1, 1, 1]),
        "decisions": {
            "R1.dragon.allocation": alloc(complex_action=4, block=2),
            "R1.tiger.allocation": alloc(damage=3),
            "R1.tiger.action": act("attack", "dragon", damage=1),
            "R1.dragon.response": respond("none"),
        },
    }
    out = resolve(body)
    assert out.status == "decision_required"
    ask = out.decisions_needed[0]
    assert ask.key == "R1.dragon.injury" and not ask.provisional
    offered = [c.value["injury"] for c in ask.choices]
    assert "spirit" not in offered and offered[-1] == "decline" and len(offered) == 6
    # 002 L106: four Spirit injuries: 4 on Complex Action is all reserve and gives no token, so the Dragon, holding
    # only Block tokens, had no action of its own (002 L96).
    assert pool_of(out, "dragon").tokens_left.model_dump() == {**dict.fromkeys(ALL_TYPES, 0), "block": 2}


def test_chain_knockdown_hurts_each_at_most_once() -> None:
    # 002 L112-L114: the Tiger is pushed into the Crane, the Crane into a wall, the Tiger bounces into the Crane
    # again: the Tiger, the Crane and the wall take 1 each.
    crane = tiger(id="crane", side="villains")
    body = {
        "map": True,
        "fighters": [dragon(), tiger(side="villains"), crane],
        "rolls": pools(dragon=[6, 6, 6], tiger=[1, 1, 1], crane=[1, 1, 2]),
        "policies": {w: {"allocation": "defense", "actions": "ask", "responses": "none"} for w in ("tiger", "crane")},
        "decisions": {
            "R1.dragon.allocation": alloc(knockdown=1),
            "R1.dragon.action": act("attack", "tiger", knockdown=1),
            "R1.dragon.push": {"chain": ["crane", "wall", "crane"]},
        },
    }
    out = resolve(body)
    assert out.status == "decision_required"  # the next action decision
    assert (state(out, "tiger").damage, state(out, "crane").damage) == (1, 1)
    assert any("wall" in s.text for s in out.log)


def test_status_with_duration_1_acts_once_and_ends() -> None:
    # 002 L100: it takes effect, then its duration drops to 0 and it is removed.
    body = {
        "fighters": [dragon(statuses=[{"id": "burning", "duration": 1, "damage": 2}]), tiger()],
        "seed": 3,
        "policies": {
            w: {"allocation": "balanced", "actions": "aggressive", "responses": "guard"} for w in ("dragon", "tiger")
        },
    }
    out = resolve(body)
    assert out.status in ("resolved", "over")
    burns = [e for e in out.events if e.kind == "damage" and e.step and "burning" in out.log[e.step - 1].text]
    assert [e.amount for e in burns] == [2]
    assert state(out, "dragon").statuses == []


def test_an_illegal_decision_is_refused_with_the_choices() -> None:
    body = round_a()
    body["decisions"]["R1.dragon.action"] = act("attack", "tiger", damage=3)  # 3 tokens: over the pack's 2
    out = resolve(body)
    # refused by the rule it breaks: one attack spends at most the pack's max_attack_tokens (002 L72, ruling R5)
    assert out.status == "invalid" and codes(out.violations) == ["ATTACK_TOO_LARGE"]
    assert out.violations[0].key == "R1.dragon.action" and out.violations[0].ref is not None
    assert out.decisions_needed[0].key == "R1.dragon.action"
    body["decisions"]["R1.dragon.allocation"] = alloc(complex_action=5)
    out = resolve(body)
    assert out.status == "invalid" and out.violations[0].path == 'decisions["R1.dragon.allocation"]'
    assert codes(out.violations) == ["ALLOCATION_EXCEEDS_ATTRIBUTE"]  # Spirit 4 caps Complex Action (002 L88)


def test_the_one_token_pack_refuses_a_two_token_attack() -> None:
    body = round_a() | {"pack": "one-token-attacks"}
    out = resolve(body)
    assert out.status == "invalid" and out.violations[0].key == "R1.dragon.action"
    assert codes(out.violations) == ["ATTACK_TOO_LARGE"]


def test_keys_nobody_asked_for_are_warned() -> None:
    body = round_a()
    body["decisions"]["R1.dragon.action.9"] = act("pass")
    body["rolls"]["R1.dragon.pool.4"] = 3
    out = resolve(body)
    assert out.status == "resolved" and codes(out.warnings) == ["DECISION_NOT_USED", "ROLL_NOT_USED"]


def test_bad_requests_are_violations_not_errors() -> None:
    body = round_a()
    body["fighters"] = [dragon(), dragon(injuries={"spirit": 9})]
    body["policies"] = {"ghost": {}}
    out = resolve(body)
    assert out.status == "invalid"
    assert sorted(codes(out.violations)) == [
        "FIGHTER_DUPLICATE",
        "FIGHTER_DUPLICATE",
        "INJURY_LIMIT_EXCEEDED",
        "POLICY_UNKNOWN_FIGHTER",
    ]
    body = round_a()
    body["rolls"]["R1.dragon.pool"] = 7
    assert codes(resolve(body).violations) == ["ROLL_INVALID"]


def test_the_pass_limit_stops_the_action_phase() -> None:
    out = resolve(round_a() | {"max_passes": 2})
    assert out.status == "resolved" and out.passes == 2
    # The decisions of passes 3 and 4 (the Dragon's two actions, the Tiger's action and response) go unused.
    assert codes(out.warnings) == ["PASS_LIMIT_REACHED"] + ["DECISION_NOT_USED"] * 4
