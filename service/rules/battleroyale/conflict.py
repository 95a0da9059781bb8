"""A Conflict round (003 L441-L459, L712-L787): initiative by Spirit Dice, each fighter acts once, the defender
reacts, damage is placed at once; Combat Strategies, Environmental Advantage, lone Minions and Minion Gangs."""

from __future__ import annotations

import contextlib

from ..core.findings import Finding
from ..core.packs import chosen
from .bout_models import RoyaleClashResult
from .clash import settle, unsupported_moves
from .codes import finding
from .conflict_models import RoyaleConflictAction, RoyaleConflictReaction, RoyaleConflictRequest, RoyaleConflictResult
from .damage import assign
from .fighters import Fighter, current_index
from .identity import RULESET, VERSION
from .initiative import order
from .pack import PACKS, RoyalePack
from .resolve_models import RoyaleBoost, RoyaleGangPool, RoyaleStrategy
from .rolls import Plan, beats_minion, describe, minion_tn, plan_roll, roll
from .steps import Pending, Steps
from .tables import forms

FAILED_CHALLENGE_TP = 1  # 003 L366-L368, L655-L660
CONFLICT_DICE = 2  # 003 L451, L715
STRATEGY_BONUS = 2  # 003 L772-L773, L777-L778
ENVIRONMENT_BONUS = 2  # 003 L784


def _forbidden(fighter: Fighter, strategy: RoyaleStrategy) -> bool:
    style = fighter.style()
    return style is not None and any(strategy.value in forms()[f].forbids for f in style.forms)


def _form_bonus(plan: Plan, label: str, boost: RoyaleBoost) -> None:
    if boost == RoyaleBoost.die:
        plan.dice += 1
    else:
        plan.flat += 1
    plan.parts.append(f"{label} Form Strength ({boost.value})")


def strategy_effects(fighter: Fighter, plan: Plan, offense: bool, opponent: Fighter, boost: RoyaleBoost) -> None:
    """Combat Strategies (003 L770-L778) and the Form Strengths they bring (Flame L1051-L1052, Wind L1130, Ocean
    L1102-L1103). A strategy lasts from its action to the start of the fighter's next action."""
    strategy = fighter.state.strategy
    if strategy is not None:
        favoured = (strategy == RoyaleStrategy.flipping_out) == offense
        plan.flat += STRATEGY_BONUS if favoured else -STRATEGY_BONUS
        plan.parts.append(f"{strategy.value} [{STRATEGY_BONUS if favoured else -STRATEGY_BONUS:+d}]")
    style = fighter.style()
    for form in style.forms if style is not None else []:
        row = forms()[form]
        # digest C18: the Flame bonus on offense (Flipping Out), the Wind bonus on defense (Playing it Cagey)
        own = strategy is not None and row.strategy_bonus == strategy.value
        if own and offense == (strategy == RoyaleStrategy.flipping_out):
            _form_bonus(plan, form.value, boost)
        if opponent.state.strategy is not None and row.opponent_strategy_bonus == opponent.state.strategy.value:
            _form_bonus(plan, form.value, boost)


def gang_pools(request: RoyaleConflictRequest) -> dict[str, RoyaleGangPool]:
    """Each fighter's pool of Gang bonus dice for the round: one per Minion beyond the first (003 L736-L738), so
    none for a lone Minion or a fighter who is no Gang; with what the round's rolls use of it."""
    out = {}
    for f in request.fighters:
        used = sum(a.attack.gang_dice + a.attack.gang_flat for a in request.actions if a.fighter == f.id)
        used += sum(r.roll.gang_dice + r.roll.gang_flat for r in request.reactions if r.fighter == f.id)
        if f.minions >= 2 or used:
            out[f.id] = RoyaleGangPool(pool=max(0, f.minions - 1), used=used)
    return out


def _gang_pools(request: RoyaleConflictRequest) -> list[Finding]:
    return [
        finding("GANG_POOL_OVERSPENT", "actions", f"{fid} uses {p.used} of {p.pool} pool dice.")
        for fid, p in gang_pools(request).items()
        if p.used > p.pool
    ]


def _checks(request: RoyaleConflictRequest) -> list[Finding]:
    ids = {f.id for f in request.fighters}
    out = []
    if len(ids) != len(request.fighters):
        out.append(finding("DUPLICATE_ID", "fighters", "Two fighters share an id."))
    for i, a in enumerate(request.actions):
        if a.target == a.fighter:
            out.append(finding("TARGET_INVALID", f"actions[{i}].target", "A fighter does not attack themself."))
        for name, value in (("fighter", a.fighter), ("target", a.target)):
            if value is not None and value not in ids:
                out.append(finding("FIGHTER_UNKNOWN", f"actions[{i}].{name}", f"No fighter {value}."))
    for i, r in enumerate(request.reactions):
        for name, value in (("fighter", r.fighter), ("against", r.against)):
            if value not in ids:
                out.append(finding("FIGHTER_UNKNOWN", f"reactions[{i}].{name}", f"No fighter {value}."))
    for i, w in enumerate(request.waits):
        if w not in ids:
            out.append(finding("FIGHTER_UNKNOWN", f"waits[{i}]", f"No fighter {w}."))
    return out + _gang_pools(request)


def _lone_minion(
    steps: Steps, actor: Fighter, minion: Fighter, action: RoyaleConflictAction, key: str, pack: RoyalePack
) -> None:
    """A single Minion is a Challenge at its rank's TN, or TN 7 when its Strength is not relevant (003 L728-L731);
    beaten, it is out; a failure earns a Training Point as a significant Challenge's does (003 L365-L368,
    L655-L660), the first time only."""
    plan, found = plan_roll(actor, action.attack, CONFLICT_DICE, "Challenge against a Minion", "actions")
    steps.findings += found
    if found:
        return
    result = roll(steps, key, plan)
    steps.checkpoint()
    steps.results.append(result)
    steps.say(describe(result, plan), "roll", fighter=actor.id, amount=result.total)
    tn = minion_tn(current_index(minion.state.traits[0]), action.minion_relevant)
    if beats_minion(result.total, tn, pack):
        minion.state.minions = 0
        steps.say(f"{minion.id} is beaten (TN {tn}).", "minions_out", fighter=minion.id, amount=1)
        return
    steps.say(f"{minion.id} holds (TN {tn}).", "miss", fighter=actor.id, other=minion.id)
    if action.first_failure:
        actor.award(FAILED_CHALLENGE_TP)
        steps.say("A first failure at this Challenge: +1 Training Point.", "training_point", fighter=actor.id, amount=1)


def _attack(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    target: Fighter,
    action: RoyaleConflictAction,
    pack: RoyalePack,
) -> RoyaleClashResult | None:
    r = f"R{request.round}"
    index = {f.id: i for i, f in enumerate(request.fighters)}
    reaction = next(
        (x for x in request.reactions if x.fighter == target.id and x.against == actor.id),
        RoyaleConflictReaction(fighter=target.id, against=actor.id),
    )
    a_plan, found_a = plan_roll(actor, action.attack, CONFLICT_DICE, "attack", f"actions[{index[actor.id]}].attack")
    d_plan, found_d = plan_roll(target, reaction.roll, CONFLICT_DICE, "reaction", "reactions")
    strategy_effects(actor, a_plan, True, target, action.form_bonus)
    strategy_effects(target, d_plan, False, actor, reaction.form_bonus)
    for plan, used in ((a_plan, action.environmental), (d_plan, reaction.environmental)):
        if used:
            plan.flat += ENVIRONMENT_BONUS
            plan.parts.append(f"environment [+{ENVIRONMENT_BONUS}]")
    steps.findings += found_a + found_d
    unsupported_moves(steps, action.attack.move, "actions.attack.move")
    if found_a or found_d:
        return None
    a_res = roll(steps, f"{r}.{actor.id}.attack", a_plan)
    d_res = roll(steps, f"{r}.{target.id}.defense@{actor.id}", d_plan)
    steps.checkpoint()
    steps.results += [a_res, d_res]
    steps.say(describe(a_res, a_plan), "roll", fighter=actor.id, amount=a_res.total)
    steps.say(describe(d_res, d_plan), "roll", fighter=target.id, amount=d_res.total)
    clash = settle(
        steps,
        actor,
        target,
        (a_res, a_plan, d_res, d_plan),
        action.damage_type,
        (action.attack.move, reaction.roll.move),
    )
    # 003 L457: the defender places the damage before the next fighter acts
    assign(steps, target, clash.damage, clash.damage_type, f"{r}.{target.id}.damage@{actor.id}", pack)
    return RoyaleClashResult(
        attacker=clash.attacker,
        defender=clash.defender,
        attack=clash.attack,
        defense=clash.defense,
        damage=clash.damage,
        damage_type=clash.damage_type.value,
    )


def _act(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    by_id: dict[str, Fighter],
    pack: RoyalePack,
    out: RoyaleConflictResult,
) -> None:
    action = next((a for a in request.actions if a.fighter == actor.id), None)
    actor.state.strategy = None  # 003 L756-L757: until one's next action
    if action is None or action.target is None:
        steps.say(f"{actor.id} acts without attacking.", "pass", fighter=actor.id)
        return
    if action.strategy is not None:
        if _forbidden(actor, action.strategy):  # 003 L1062, L1110-L1111
            steps.findings.append(finding("FORM_FORBIDS_STRATEGY", "actions", f"{actor.id}'s Form forbids it."))
            return
        actor.state.strategy = action.strategy
    target = by_id[action.target]
    if target.state.minions == 1:
        _lone_minion(steps, actor, target, action, f"R{request.round}.{actor.id}.attack", pack)
        return
    if target.absolute_zero or (_is_gang(request, target) and target.state.minions == 0):
        steps.say(f"{target.id} is already out.", "pass", fighter=actor.id)
        return
    clash = _attack(steps, request, actor, target, action, pack)
    if clash is not None:
        out.clashes.append(clash)


def _is_gang(request: RoyaleConflictRequest, fighter: Fighter) -> bool:
    return any(f.id == fighter.id and f.minions >= 1 for f in request.fighters)


def _round(steps: Steps, request: RoyaleConflictRequest, sides: list[Fighter], out: RoyaleConflictResult) -> None:
    pack = chosen(request.pack, request.custom_pack, PACKS)
    by_id = {f.id: f for f in sides}
    ranked = order(steps, sides, f"R{request.round}.init")
    waiting = [by_id[w] for w in dict.fromkeys(request.waits)]
    acting = [f for f in ranked if f not in waiting] + waiting
    out.order = [f.id for f in acting]
    steps.say("Acting order: " + ", ".join(out.order) + ".", "initiative", fighter=out.order[0])
    for actor in acting:
        if actor.absolute_zero or actor.state.mostly_dead or (_is_gang(request, actor) and actor.state.minions == 0):
            steps.say(f"{actor.id} is out of the fight.")
            continue
        _act(steps, request, actor, by_id, pack, out)
        if steps.findings:
            return


def resolve_conflict(request: RoyaleConflictRequest) -> RoyaleConflictResult:
    steps = Steps(request)
    steps.findings += _checks(request)
    sides = [Fighter(f, f"fighters[{i}]") for i, f in enumerate(request.fighters)]
    out = RoyaleConflictResult(
        ruleset=RULESET, ruleset_version=VERSION, status="complete", round=request.round, fighters=request.fighters
    )
    if not steps.findings:
        with contextlib.suppress(Pending):
            _round(steps, request, sides, out)
    fields = steps.fields()
    done = fields["status"] == "complete"
    return out.model_copy(
        update={
            **fields,
            "fighters": [f.state for f in sides] if done else request.fighters,
            "spirit_dice_to_bowl": sum(f.spent for f in sides) if done else 0,
            "bowl": request.bowl + (sum(f.spent for f in sides) if done else 0),
            "clashes": out.clashes if done else [],
            "gang_pools": gang_pools(request),
        }
    )
