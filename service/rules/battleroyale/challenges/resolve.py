"""Challenges (003 L346-L427), Risky Challenges (003 L400-L417) and Combat Challenges (003 L789-L806)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.dice import KeyedDice
from ...core.packs import chosen
from ...core.protocol.keys import KeyBook, KeyParts
from ...core.protocol.steps import Decisions
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import PACKS, RoyalePack
from ..resolution.damage import Where, assign
from ..resolution.fighters import Fighter, end_fields
from ..resolution.models import RoyaleBoost, RoyaleRollDeclaration, RoyaleStepRequest
from ..resolution.rolls import announce, beats_minion, minion_tn, plan_roll, roll, tn_of
from ..resolution.steps import Steps, run_step
from ..tables.model_types import RoyaleDamageType, index_of
from .models import (
    RoyaleByDifficulty,
    RoyaleByMinion,
    RoyaleByNumber,
    RoyaleChallengeRequest,
    RoyaleChallengeResult,
    RoyaleCombatChallengeRequest,
    RoyaleCombatChallengeResult,
)

CHALLENGE_DICE = 2  # 2d6, the best two kept (003 L361-L362)
FAILED_CHALLENGE_TP = 1  # 003 L366-L368, L655-L660
COMBAT_CHALLENGE_DAMAGE = 1  # a single Failure Rank (003 L796-L797)
COMBAT_CHALLENGE_PRIZE = 1  # one Spirit Die from the Bowl (003 L616-L618, L795-L796)


@dataclass
class Outcome:
    total: int | None = None
    success: bool | None = None
    damage: int = 0
    training_points: int = 0


def _challenge(steps: Steps, request: RoyaleChallengeRequest, fighter: Fighter, tn: int, out: Outcome) -> None:
    plan, found = plan_roll(fighter, request.roll, CHALLENGE_DICE, "Challenge", "roll")
    for helper in request.helpers:  # 003 L423-L425: each helper adds +1 or a die, the best two kept
        plan.dice += helper == RoyaleBoost.die
        plan.flat += helper == RoyaleBoost.flat
        plan.parts.append(f"helper ({helper.value})")
    steps.findings += found
    if found:
        return
    result = roll(steps, plan, "roll")
    announce(steps, result, plan)
    if isinstance(request.target, RoyaleByMinion):
        success = beats_minion(result.total, tn, chosen(request.pack, request.custom_pack, PACKS))
    else:
        success = result.total >= tn  # 003 L350-L351, L384: meeting the TN is enough
    out.total, out.success = result.total, success
    figures = {"total": result.total, "tn": tn, "margin": result.total - tn}
    if success:
        steps.say(f"{result.total} meets TN {tn}: success.", "success", fighter=fighter.id, figures=figures)
        return
    steps.say(f"{result.total} is short of TN {tn}: failure.", "failure", fighter=fighter.id, figures=figures)
    before = fighter.state.training_points
    if request.first_failure and request.significant:  # 003 L655-L660
        fighter.award(FAILED_CHALLENGE_TP)
        steps.say(
            "A first failure at this Challenge: +1 Training Point.",
            "training_point",
            fighter=fighter.id,
            amount=FAILED_CHALLENGE_TP,
        )
    if request.risky:  # 003 L405-L406, L465-L466: the shortfall in Damage Ranks
        out.damage = tn - result.total
        # a Risky Challenge is no Conflict: only its failure earns a point (003 L415-L417)
        where = Where(step="risky_challenge", conflict=False)
        assign(steps, fighter, out.damage, request.damage_type, chosen(request.pack, request.custom_pack, PACKS), where)
    out.training_points = fighter.state.training_points - before


def target_number(request: RoyaleChallengeRequest) -> int:
    target = request.target
    if isinstance(target, RoyaleByNumber):
        return target.tn
    if isinstance(target, RoyaleByDifficulty):
        return tn_of(index_of(target.difficulty))
    if isinstance(target, RoyaleByMinion):
        return minion_tn(index_of(target.minion), target.relevant)
    pack = chosen(request.pack, request.custom_pack, PACKS)
    # digest C17: the zone diagram's TNs are missing; the pack gives the crossing TN, +2 per zone skipped (L976)
    return pack.zone_crossing_tn.value + pack.zone_skip_tn_step.value * (target.zones - 1)


CHALLENGE_POINTS = frozenset({"roll", "combat_challenge", "damage"})


def _one_roll(request: RoyaleStepRequest, ids: set[str]) -> Callable[[KeyParts], bool]:
    """A Challenge's (or Combat Challenge's) keys: ``C1.{fighter}.roll`` …, ``C1.{fighter}.damage`` …"""
    return lambda p: p.letter == "C" and p.n == 1 and p.fighter in ids and p.point in CHALLENGE_POINTS


def resolve_challenge(request: RoyaleChallengeRequest) -> RoyaleChallengeResult:
    tn = target_number(request)

    def start(dice: KeyedDice, decisions: Decisions) -> Steps:
        steps = Steps(request, dice, decisions, KeyBook("C", 1, one_opponent=True))
        steps.work = (Fighter(request.fighter, "fighter"), Outcome())
        return steps

    def body(steps: Steps) -> None:
        fighter, out = steps.work
        risky = "Risky " if request.risky else ""
        steps.say(
            f"{fighter.id} faces a {risky}Challenge at TN {tn}.", "challenge", fighter=fighter.id, figures={"tn": tn}
        )
        _challenge(steps, request, fighter, tn, out)

    run = run_step(request, start, body, _one_roll(request, {request.fighter.id}))
    fighter, out = run.steps.work
    done = run.done
    return RoyaleChallengeResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        tn=tn,
        fighter=fighter.state if done else request.fighter,
        spirit_dice_to_bowl=fighter.spent if done else 0,
        bowl=request.bowl + (fighter.spent if done else 0),
        total=out.total if done else None,
        success=out.success if done else None,
        damage=out.damage if done else 0,
        training_points=out.training_points if done else 0,
        **run.answer(end_fields([request.fighter], [fighter], run.steps.went_out, done)),  # type: ignore[arg-type]
    )


@dataclass
class Contest:
    """One Combat Challenge: the two sides and what they add, the Bowl and the pack."""

    sides: list[Fighter]
    declarations: tuple[RoyaleRollDeclaration, RoyaleRollDeclaration]
    paths: tuple[str, str]
    bowl: int
    pack: RoyalePack


@dataclass
class Contested:
    """A Combat Challenge's outcome: the winner (None on a tie), both totals, and the Bowl after it."""

    winner: str | None
    totals: dict[str, int]
    bowl: int


def contest(steps: Steps, c: Contest) -> Contested | None:
    """Both roll 2d6 and bonuses; the higher gains a Spirit Die from the Bowl, the lower a Failure Rank (003
    L789-L806); None when a roll's declaration is refused."""
    sides = c.sides
    planned = []
    for fighter, declaration, path in zip(sides, c.declarations, c.paths, strict=True):
        plan, found = plan_roll(fighter, declaration, CHALLENGE_DICE, "Combat Challenge", path)
        steps.findings += found
        planned.append(plan)
    if steps.findings:
        return None
    results = [(roll(steps, plan, "combat_challenge"), plan) for plan in planned]
    for result, plan in results:
        announce(steps, result, plan)
    (first, _), (second, _) = results
    totals = {first.fighter: first.total, second.fighter: second.total}
    if first.total == second.total:  # digest C4-style ruling: a tie moves nothing (the text names no tie rule)
        steps.say("A tie: nobody gains or loses.", "tie", figures=totals)
        return Contested(None, totals, c.bowl + sum(f.spent for f in sides))
    winner, loser = (sides[0], sides[1]) if first.total > second.total else (sides[1], sides[0])
    bowl = c.bowl
    if bowl >= COMBAT_CHALLENGE_PRIZE:  # digest C23: an empty Bowl gives nothing
        bowl -= COMBAT_CHALLENGE_PRIZE
        winner.gain(COMBAT_CHALLENGE_PRIZE)
        steps.say(
            f"{winner.id} wins and takes a Spirit Die from the Bowl.",
            "spirit_dice",
            fighter=winner.id,
            other=loser.id,
            amount=COMBAT_CHALLENGE_PRIZE,
            value=winner.state.spirit_dice,
            figures=totals | {"bowl": bowl},
        )
    else:
        steps.say(
            f"{winner.id} wins; the Bowl is empty.", "bowl_empty", fighter=winner.id, other=loser.id, figures=totals
        )
    where = Where(other=winner.id, step="combat_challenge")
    assign(steps, loser, COMBAT_CHALLENGE_DAMAGE, RoyaleDamageType.failure, c.pack, where)
    return Contested(winner.id, totals, bowl + sum(f.spent for f in sides))


def resolve_combat_challenge(request: RoyaleCombatChallengeRequest) -> RoyaleCombatChallengeResult:
    def start(dice: KeyedDice, decisions: Decisions) -> Steps:
        steps = Steps(request, dice, decisions, KeyBook("C", 1, one_opponent=True))
        steps.work = ([Fighter(request.initiator, "initiator"), Fighter(request.opponent, "opponent")], [])
        return steps

    def body(steps: Steps) -> None:
        sides, got = steps.work
        steps.say(f"{sides[0].id} starts a Combat Challenge against {sides[1].id}.")
        pack = chosen(request.pack, request.custom_pack, PACKS)
        declared = (request.initiator_roll, request.opponent_roll)
        got.append(contest(steps, Contest(sides, declared, ("initiator_roll", "opponent_roll"), request.bowl, pack)))

    ids = {request.initiator.id, request.opponent.id}
    checks = [finding("DUPLICATE_ID", "opponent.id", "A fighter does not challenge themself.")] if len(ids) < 2 else []
    run = run_step(request, start, body, _one_roll(request, ids), checks=checks)
    sides, got = run.steps.work
    out = got[0] if run.done and got else None
    return RoyaleCombatChallengeResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        challenge_winner=out.winner if out is not None else None,
        totals=out.totals if out is not None else {},
        bowl=out.bowl if out is not None else request.bowl,
        fighters=[f.state for f in sides] if run.done else [request.initiator, request.opponent],
        **run.answer(end_fields([request.initiator, request.opponent], sides, run.steps.went_out, run.done)),  # type: ignore[arg-type]
    )
