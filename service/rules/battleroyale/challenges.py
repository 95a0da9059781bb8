"""Challenges (003 L346-L427), Risky Challenges (003 L400-L417) and Combat Challenges (003 L789-L806)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.dice import DieOutOfRange, TooManyDice
from ..core.packs import chosen
from .challenge_models import (
    RoyaleByDifficulty,
    RoyaleByMinion,
    RoyaleByNumber,
    RoyaleChallengeRequest,
    RoyaleChallengeResult,
    RoyaleCombatChallengeRequest,
    RoyaleCombatChallengeResult,
)
from .damage import assign
from .fighters import Fighter
from .identity import RULESET, VERSION
from .model_types import RoyaleDamageType, index_of
from .pack import PACKS, RoyalePack
from .resolve_models import RoyaleBoost, RoyaleRollDeclaration
from .rolls import beats_minion, describe, minion_tn, plan_roll, roll, tn_of
from .steps import Pending, Steps

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
    result = roll(steps, f"C.{fighter.id}.roll", plan)
    steps.checkpoint()
    steps.results.append(result)
    steps.say(describe(result, plan), "roll", fighter=fighter.id, amount=result.total)
    if isinstance(request.target, RoyaleByMinion):
        success = beats_minion(result.total, tn, chosen(request.pack, request.custom_pack, PACKS))
    else:
        success = result.total >= tn  # 003 L350-L351, L384: meeting the TN is enough
    out.total, out.success = result.total, success
    if success:
        steps.say(f"{result.total} meets TN {tn}: success.", "success", fighter=fighter.id)
        return
    steps.say(f"{result.total} is short of TN {tn}: failure.", "failure", fighter=fighter.id)
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
        assign(
            steps,
            fighter,
            out.damage,
            request.damage_type,
            f"C.{fighter.id}.damage",
            chosen(request.pack, request.custom_pack, PACKS),
            conflict=False,  # a Risky Challenge is no Conflict: only its failure earns a point (003 L415-L417)
        )
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


def resolve_challenge(request: RoyaleChallengeRequest) -> RoyaleChallengeResult:
    steps = Steps(request)
    tn = target_number(request)
    fighter = Fighter(request.fighter, "fighter")
    out = Outcome()
    steps.say(f"{fighter.id} faces a {'Risky ' if request.risky else ''}Challenge at TN {tn}.")
    try:
        _challenge(steps, request, fighter, tn, out)
    except Pending:
        fighter, out = Fighter(request.fighter, "fighter"), Outcome()
    except (DieOutOfRange, TooManyDice) as exc:  # pragma: no cover - the request model bounds the faces
        steps.say(str(exc))
    done = not (steps.missing_dice or steps.missing_decisions) and not steps.findings
    return RoyaleChallengeResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        tn=tn,
        fighter=fighter.state if done else request.fighter,
        spirit_dice_to_bowl=fighter.spent if done else 0,
        bowl=request.bowl + (fighter.spent if done else 0),
        total=out.total,
        success=out.success,
        damage=out.damage,
        training_points=out.training_points,
        **steps.fields(),  # type: ignore[arg-type]
    )


@dataclass
class Contest:
    """One Combat Challenge: the two sides and what they add, the Bowl, the pack and the keys' prefix."""

    sides: list[Fighter]
    declarations: tuple[RoyaleRollDeclaration, RoyaleRollDeclaration]
    paths: tuple[str, str]
    bowl: int
    pack: RoyalePack
    prefix: str = "CC"


def contest(steps: Steps, c: Contest) -> dict[str, object]:
    """Both roll 2d6 and bonuses; the higher gains a Spirit Die from the Bowl, the lower a Failure Rank."""
    sides = c.sides
    results = []
    for fighter, declaration, path in zip(sides, c.declarations, c.paths, strict=True):
        plan, found = plan_roll(fighter, declaration, CHALLENGE_DICE, "Combat Challenge", path)
        steps.findings += found
        results.append((roll(steps, f"{c.prefix}.{fighter.id}.roll", plan), plan))
    if steps.findings:
        return {}
    steps.checkpoint()
    for result, plan in results:
        steps.results.append(result)
        steps.say(describe(result, plan), "roll", fighter=result.fighter, amount=result.total)
    (first, _), (second, _) = results
    totals = {first.fighter: first.total, second.fighter: second.total}
    if first.total == second.total:  # digest C4-style ruling: a tie moves nothing (the text names no tie rule)
        steps.say("A tie: nobody gains or loses.", "tie")
        return {"totals": totals, "bowl": c.bowl + sum(f.spent for f in sides)}
    winner, loser = (sides[0], sides[1]) if first.total > second.total else (sides[1], sides[0])
    bowl = c.bowl
    if bowl >= COMBAT_CHALLENGE_PRIZE:  # digest C23: an empty Bowl gives nothing
        bowl -= COMBAT_CHALLENGE_PRIZE
        winner.gain(COMBAT_CHALLENGE_PRIZE)
        steps.say(
            f"{winner.id} wins and takes a Spirit Die from the Bowl.",
            "spirit_dice",
            fighter=winner.id,
            amount=COMBAT_CHALLENGE_PRIZE,
        )
    else:
        steps.say(f"{winner.id} wins; the Bowl is empty.", "bowl_empty", fighter=winner.id)
    assign(steps, loser, COMBAT_CHALLENGE_DAMAGE, RoyaleDamageType.failure, f"{c.prefix}.{loser.id}.damage", c.pack)
    return {"winner": winner.id, "totals": totals, "bowl": bowl + sum(f.spent for f in sides)}


def resolve_combat_challenge(request: RoyaleCombatChallengeRequest) -> RoyaleCombatChallengeResult:
    steps = Steps(request)
    sides = [Fighter(request.initiator, "initiator"), Fighter(request.opponent, "opponent")]
    steps.say(f"{sides[0].id} starts a Combat Challenge against {sides[1].id}.")
    try:
        pack = chosen(request.pack, request.custom_pack, PACKS)
        declared = (request.initiator_roll, request.opponent_roll)
        out = contest(steps, Contest(sides, declared, ("initiator_roll", "opponent_roll"), request.bowl, pack))
    except Pending:
        out = {}
    fields = steps.fields()
    done = fields["status"] == "complete"
    return RoyaleCombatChallengeResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        winner=out.get("winner") if done else None,  # type: ignore[arg-type]
        totals=out.get("totals", {}) if done else {},  # type: ignore[arg-type]
        bowl=out.get("bowl", request.bowl) if done else request.bowl,  # type: ignore[arg-type]
        fighters=[f.state for f in sides] if done else [request.initiator, request.opponent],
        **fields,  # type: ignore[arg-type]
    )
