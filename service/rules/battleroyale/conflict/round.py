"""A Conflict round (003 L441-L459, L712-L787): initiative by Spirit Dice, each fighter acts once, the defender
reacts, damage is placed at once; Combat Strategies, Environmental Advantage, lone Minions and Minion Gangs."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.dice import KeyedDice
from ...core.findings import Finding
from ...core.packs import chosen
from ...core.protocol.keys import KeyBook
from ...core.protocol.steps import Decider, Decisions
from ..bout.models import RoyaleClashResult
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import PACKS, RoyalePack
from ..resolution import gangs
from ..resolution.clash import freed, settle
from ..resolution.damage import Where, assign, sacrifice
from ..resolution.fighters import Fighter, end_fields, zeroed
from ..resolution.initiative import order
from ..resolution.models import RoyaleBoost, RoyaleGangPool, RoyaleRollDeclaration, RoyaleRollResult, RoyaleStrategy
from ..resolution.rolls import Plan, announce, beats_minion, minion_rank, minion_tn, move_role, plan_roll, roll
from ..resolution.steps import Steps, fits_round, run_step
from ..tables.model_types import RoyaleFigureKind, RoyaleMoveKind
from ..tables.records import forms
from .models import RoyaleConflictAction, RoyaleConflictReaction, RoyaleConflictRequest, RoyaleConflictResult

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
    """Each fighter's Gang bonus dice for the round (``gangs.pools``), with what the round's rolls use of them."""

    def used(fid: str) -> int:
        return sum(a.attack.gang_dice + a.attack.gang_flat for a in request.actions if a.fighter == fid) + sum(
            r.roll.gang_dice + r.roll.gang_flat for r in request.reactions if r.fighter == fid
        )

    return gangs.pools(request.fighters, used)


def _gang_pools(request: RoyaleConflictRequest) -> list[Finding]:
    return gangs.overspent(gang_pools(request), "actions")


def _checks(request: RoyaleConflictRequest) -> list[Finding]:
    ids = {f.id for f in request.fighters}
    first = {a.fighter: a for a in reversed(request.actions)}
    out = []
    if len(ids) != len(request.fighters):
        out.append(finding("DUPLICATE_ID", "fighters", "Two fighters share an id."))
    for i, a in enumerate(request.actions):
        if a.target == a.fighter:
            out.append(finding("TARGET_INVALID", f"actions[{i}].target", "A fighter does not attack themself."))
        named = [("fighter", a.fighter), ("target", a.target)] + [(f"targets[{j}]", t) for j, t in enumerate(a.targets)]
        for name, value in named:
            if value is not None and value not in ids:
                out.append(finding("FIGHTER_UNKNOWN", f"actions[{i}].{name}", f"No fighter {value}."))
        if a.fighter in a.targets:
            out.append(finding("TARGET_INVALID", f"actions[{i}].targets", "A fighter does not attack themself."))
        if a.targets and a.target is None:
            out.append(finding("BLITZ_INVALID", f"actions[{i}].targets", "Further targets follow a first `target`."))
        if [b.fighter for b in request.actions].count(a.fighter) > 1 and a is not first[a.fighter]:
            out.append(finding("DUPLICATE_ID", f"actions[{i}].fighter", f"{a.fighter} acts once a round (003 L331)."))
        out += move_role(a.attack, True, f"actions[{i}].attack")
    for i, r in enumerate(request.reactions):
        for name, value in (("fighter", r.fighter), ("against", r.against)):
            if value not in ids:
                out.append(finding("FIGHTER_UNKNOWN", f"reactions[{i}].{name}", f"No fighter {value}."))
        out += move_role(r.roll, False, f"reactions[{i}].roll")
    for i, w in enumerate(request.waits):
        if w not in ids:
            out.append(finding("FIGHTER_UNKNOWN", f"waits[{i}]", f"No fighter {w}."))
    return out + _gang_pools(request)


def _lone_minion(steps: Steps, actor: Fighter, minion: Fighter, action: RoyaleConflictAction, pack: RoyalePack) -> None:
    """A single Minion is a Challenge at its rank's TN, or TN 7 when its Strength is not relevant (003 L728-L731);
    beaten, it is out; a failure earns a Training Point as a significant Challenge's does (003 L365-L368,
    L655-L660), the first time only."""
    plan, found = plan_roll(actor, action.attack, CONFLICT_DICE, "Challenge against a Minion", "actions")
    steps.findings += found
    if found:
        return
    result = roll(steps, plan, "attack")
    announce(steps, result, plan)
    tn = minion_tn(minion_rank(minion), action.minion_relevant)
    figures = {"total": result.total, "tn": tn}
    if beats_minion(result.total, tn, pack):
        minion.state.minions = 0
        steps.say(
            f"{minion.id} is beaten (TN {tn}).",
            "minions_out",
            fighter=minion.id,
            other=actor.id,
            amount=1,
            value=0,
            figures=figures,
        )
        steps.gone(minion.id)
        return
    steps.say(f"{minion.id} holds (TN {tn}).", "miss", fighter=actor.id, other=minion.id, figures=figures)
    if action.first_failure:
        actor.award(FAILED_CHALLENGE_TP)
        steps.say("A first failure at this Challenge: +1 Training Point.", "training_point", fighter=actor.id, amount=1)


def _defend(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    target: Fighter,
    attack: tuple[RoyaleRollResult, Plan, bool],
    k: int,
) -> RoyaleClashResult | None:
    """The target's reaction to attack ``k`` of the actor, the clash, and the damage placed at once (003 L457)."""
    action = next(a for a in request.actions if a.fighter == actor.id)
    reaction = next(
        (x for x in request.reactions if x.fighter == target.id and x.against == actor.id and x.attack == k),
        RoyaleConflictReaction(fighter=target.id, against=actor.id, attack=k),
    )
    d_plan, found = plan_roll(target, reaction.roll, CONFLICT_DICE, "reaction", "reactions")
    strategy_effects(target, d_plan, False, actor, reaction.form_bonus)
    _environment(d_plan, reaction.environmental)
    steps.findings += found
    if found:
        return None
    a_res, a_plan, first = attack
    d_res = roll(steps, d_plan, "defense", other=actor.id, move=k)
    if first:  # the attack's roll, logged once its dice are all in
        announce(steps, a_res, a_plan)
    announce(steps, d_res, d_plan)
    rolled = (a_res, a_plan, d_res, d_plan)
    moves = (action.attack.move, reaction.roll.move)
    clash = settle(steps, actor, target, rolled, action.damage_type, moves, k)
    assign(steps, target, clash.damage, clash.damage_type, pack_of(request), Where(other=actor.id, move=k))
    return RoyaleClashResult(
        attacker=clash.attacker,
        defender=clash.defender,
        attack=clash.attack,
        defense=clash.defense,
        damage=clash.damage,
        damage_type=clash.damage_type.value,
    )


def _environment(plan: Plan, used: bool) -> None:
    if used:
        plan.flat += ENVIRONMENT_BONUS
        plan.parts.append(f"environment [+{ENVIRONMENT_BONUS}]")


def _blitz(steps: Steps, action: RoyaleConflictAction, plan: Plan, path: str) -> bool:
    """How many attack rolls and whether each target meets the same one: a Basic Blitz is up to its MOD offensive
    actions (at least 1, digest C7), a Supernatural Blitz one roll all its targets defend (003 L1379-L1385)."""
    if not action.targets:
        return False
    supernatural = action.attack.move is not None and action.attack.move.kind == RoyaleMoveKind.supernatural
    attacks = plan.figures.get(RoyaleFigureKind.offensive_actions, 1)  # a Blitz's figure, 1 for any other Move
    if RoyaleFigureKind.offensive_actions not in plan.figures or (
        not supernatural and 1 + len(action.targets) > attacks
    ):
        steps.findings.append(finding("BLITZ_INVALID", f"{path}.targets", f"At most {attacks} attacks."))
    return supernatural


def _minion_threat(
    steps: Steps, request: RoyaleConflictRequest, minion: Fighter, target: Fighter, action: RoyaleConflictAction
) -> None:
    """A lone Minion's action is no Conflict attack but a Challenge for its target (003 L728-L731): a Risky one at
    the Minion's TN (or TN 7), its shortfall in Damage Ranks of the action's type (ruling on L404-L406); no Training
    Point for the failed roll in a fight (L661-L662), the first Damage Rank's as usual."""
    reaction = next(
        (x for x in request.reactions if x.fighter == target.id and x.against == minion.id),
        RoyaleConflictReaction(fighter=target.id, against=minion.id),
    )
    plan, found = plan_roll(target, reaction.roll, CONFLICT_DICE, "Challenge of a lone Minion", "reactions")
    _environment(plan, reaction.environmental)
    steps.findings += found
    if found:
        return
    result = roll(steps, plan, "defense", other=minion.id)
    announce(steps, result, plan)
    tn = minion_tn(minion_rank(minion), action.minion_relevant)
    figures = {"total": result.total, "tn": tn}
    if beats_minion(result.total, tn, pack_of(request)):
        steps.say(
            f"{target.id} shrugs off {minion.id} (TN {tn}).",
            "miss",
            fighter=minion.id,
            other=target.id,
            amount=0,
            figures=figures | {"damage": 0},
        )
        return
    short = tn - result.total
    steps.say(
        f"{target.id} falls short of TN {tn}: {short} Damage Ranks.",
        "hit",
        fighter=minion.id,
        other=target.id,
        amount=short,
        figures=figures | {"damage": short},
    )
    assign(steps, target, short, action.damage_type, pack_of(request), Where(other=minion.id))


def _attack(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    by_id: dict[str, Fighter],
    action: RoyaleConflictAction,
) -> list[RoyaleClashResult]:
    """The actor's attack, or a Blitz's: each roll met by its target's reaction, damage placed at once."""
    path = f"actions[{request.actions.index(action)}]"
    targets = [by_id[t] for t in [action.target, *action.targets] if t is not None]
    a_plan, found = plan_roll(actor, action.attack, CONFLICT_DICE, "attack", f"{path}.attack")
    strategy_effects(actor, a_plan, True, targets[0], action.form_bonus)
    _environment(a_plan, action.environmental)
    steps.findings += found
    shared = _blitz(steps, action, a_plan, path)
    if steps.findings:
        return []
    later: Plan | None = None
    shared_roll = roll(steps, a_plan, "attack") if shared else None
    out: list[RoyaleClashResult] = []
    for k, target in enumerate(targets, start=1):
        if target.absolute_zero or target.state.mostly_dead:
            steps.say(f"{target.id} is already out.", "pass", fighter=actor.id, other=target.id)
            continue
        if shared_roll is not None:  # one roll for all; logged with the first reaction
            attack, first = (shared_roll, a_plan), not out
        else:
            if k > 1 and later is None:
                stripped = action.attack.model_copy(update=dict(move=None, techniques=[], impressive=[]))
                later, _ = plan_roll(actor, stripped.model_copy(update={"style": False}), CONFLICT_DICE, "attack", path)
                strategy_effects(actor, later, True, target, action.form_bonus)
                _environment(later, action.environmental)
                later = later.follow_up(a_plan)
            plan = a_plan if k == 1 or later is None else later
            attack, first = (roll(steps, plan, "attack", move=k), plan), True
        clash = _defend(steps, request, actor, target, (*attack, first), 1 if shared else k)
        if clash is not None:
            out.append(clash)
    sacrifice(steps, actor, a_plan.sacrifice, pack_of(request))  # after the attack, hit or not (003 L1436-L1437)
    return out


def pack_of(request: RoyaleConflictRequest) -> RoyalePack:
    return chosen(request.pack, request.custom_pack, PACKS)


def _harmonize(steps: Steps, request: RoyaleConflictRequest, actor: Fighter, action: RoyaleConflictAction) -> None:
    """Harmonizing takes no action, at the start or end of the turn, once a turn; in the first round the style
    declared before the Conflict was that turn's (003 L235-L241)."""
    path = f"actions[{request.actions.index(action)}].harmonize"
    style = actor.trait(action.harmonize) if action.harmonize is not None else None
    declared = request.round == 1 and next(f for f in request.fighters if f.id == actor.id).harmonized is not None
    if style is None or not style.style or zeroed(style) or declared:
        why = "declared before the Conflict" if declared else "no such standing Style"
        steps.findings.append(finding("HARMONIZE_INVALID", path, f"{actor.id}: {why}."))
        return
    actor.state.harmonized = style.id
    steps.say(f"{actor.id} harmonizes with {style.name}.", "harmonize", fighter=actor.id, trait=style.id)


def _faced(steps: Steps, request: RoyaleConflictRequest, actor: Fighter, action: RoyaleConflictAction | None) -> None:
    """The Challenges the actor faces as its action starts: each Cyclic Attack's Risky Challenge, its shortfall as
    Damage Ranks; the effect runs out after its turns (003 L1389-L1391). No Training Point for the failed roll in a
    Conflict (003 L661-L662)."""
    declared = action.resist if action is not None else RoyaleRollDeclaration(style=False)
    kept = []
    for i, effect in enumerate(list(actor.state.cyclic), start=1):
        plan, found = plan_roll(actor, declared, CONFLICT_DICE, "Cyclic Attack's Risky Challenge", "actions.resist")
        steps.findings += found
        if found:
            return
        result = roll(steps, plan, "cyclic", other=effect.source, move=i)
        announce(steps, result, plan)
        short = max(0, effect.tn - result.total)
        steps.say(
            f"TN {effect.tn}: {short} Damage Ranks.",
            "cyclic",
            fighter=actor.id,
            other=effect.source,
            amount=short,
            figures={"tn": effect.tn, "total": result.total, "damage": short},
        )
        where = Where(other=effect.source, window="cyclic")
        assign(steps, actor, short, effect.damage_type, pack_of(request), where)
        if effect.turns_left > 1:
            kept.append(effect.model_copy(update={"turns_left": effect.turns_left - 1}))
    actor.state.cyclic = kept


def _break_free(steps: Steps, request: RoyaleConflictRequest, actor: Fighter, action: RoyaleConflictAction) -> None:
    """The action spent on a Binding's Challenge at its TN: met, it lifts (003 L767-L768, L1370-L1375)."""
    if not actor.state.bindings:
        steps.findings.append(
            finding("NOT_BOUND", f"actions[{request.actions.index(action)}].break_free", "No Binding.")
        )
        return
    plan, found = plan_roll(actor, action.resist, CONFLICT_DICE, "breaking a Binding", "actions.resist")
    steps.findings += found
    if found:
        return
    result = roll(steps, plan, "break_free")
    freed(steps, actor, plan, result)


def _death_blow(steps: Steps, request: RoyaleConflictRequest, actor: Fighter, target: Fighter) -> None:
    """An enemy may spend its action to slay a Mostly Dead fighter (003 L818-L825)."""
    if not target.state.mostly_dead or target.state.dead:
        steps.findings.append(finding("DEATH_BLOW_INVALID", "actions.death_blow", f"{target.id} is not Mostly Dead."))
        return
    target.state.dead = True
    steps.say(f"{actor.id} slays {target.id}.", "death_blow", fighter=actor.id, other=target.id)
    steps.gone(target.id)


def _deed(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    by_id: dict[str, Fighter],
    action: RoyaleConflictAction,
    out: ConflictOut,
) -> None:
    """What the action does: break free, deal a Death Blow, face a lone Minion, or attack."""
    if action.break_free:
        _break_free(steps, request, actor, action)
        return
    if action.target is None:
        steps.say(f"{actor.id} acts without attacking.", "pass", fighter=actor.id)
        return
    target = by_id[action.target]
    if action.death_blow:
        _death_blow(steps, request, actor, target)
    elif target.state.minions == 1:
        _lone_minion(steps, actor, target, action, pack_of(request))
    elif actor.state.minions == 1 and not target.state.minions and not target.absolute_zero:
        _minion_threat(steps, request, actor, target, action)
    elif target.absolute_zero or target.state.mostly_dead or (_is_gang(request, target) and target.state.minions == 0):
        steps.say(f"{target.id} is already out.", "pass", fighter=actor.id, other=target.id)
    else:
        out.clashes += _attack(steps, request, actor, by_id, action)


def _act(
    steps: Steps,
    request: RoyaleConflictRequest,
    actor: Fighter,
    by_id: dict[str, Fighter],
    out: ConflictOut,
) -> None:
    action = next((a for a in request.actions if a.fighter == actor.id), None)
    actor.state.strategy = None  # 003 L756-L757: until one's next action
    _faced(steps, request, actor, action)
    if actor.absolute_zero:
        return
    if action is not None and action.harmonize is not None and not action.harmonize_at_end:
        _harmonize(steps, request, actor, action)
    if action is None:
        steps.say(f"{actor.id} acts without attacking.", "pass", fighter=actor.id)
        return
    if action.strategy is not None:
        if _forbidden(actor, action.strategy):  # 003 L1062, L1110-L1111
            steps.findings.append(finding("FORM_FORBIDS_STRATEGY", "actions", f"{actor.id}'s Form forbids it."))
            return
        actor.state.strategy = action.strategy
    _deed(steps, request, actor, by_id, action, out)
    if action.harmonize is not None and action.harmonize_at_end:
        _harmonize(steps, request, actor, action)


def _is_gang(request: RoyaleConflictRequest, fighter: Fighter) -> bool:
    return any(f.id == fighter.id and f.minions >= 1 for f in request.fighters)


def _round(steps: Steps, request: RoyaleConflictRequest, sides: list[Fighter], out: ConflictOut) -> None:
    by_id = {f.id: f for f in sides}
    ranked = order(steps, sides)
    waiting = [by_id[w] for w in dict.fromkeys(request.waits)]
    acting = [f for f in ranked if f not in waiting] + waiting
    out.order = [f.id for f in acting]
    steps.say("Acting order: " + ", ".join(out.order) + ".", "initiative", fighter=out.order[0])
    for actor in acting:
        out_now = actor.absolute_zero or actor.state.mostly_dead or actor.state.dead
        if out_now or (_is_gang(request, actor) and actor.state.minions == 0):
            steps.say(f"{actor.id} is out of the fight.", "out", fighter=actor.id)
            continue
        _act(steps, request, actor, by_id, out)
        if steps.findings:
            return


@dataclass
class ConflictOut:
    order: list[str] = field(default_factory=list)
    clashes: list[RoyaleClashResult] = field(default_factory=list)


CONFLICT_POINTS = frozenset({"initiative", "cyclic", "attack", "defense", "break_free", "gambit", "damage"})


def resolve_conflict(request: RoyaleConflictRequest, decider: Decider | None = None) -> RoyaleConflictResult:
    """One Conflict round in the core turn protocol (003 L441-L459); ``decider`` (in-process callers only) answers
    each decision the request leaves open where it is met, as a client would send it."""
    one_on_one = len(request.fighters) == 2

    def start(dice: KeyedDice, decisions: Decisions) -> Steps:
        steps = Steps(request, dice, decisions, KeyBook("R", request.round, one_opponent=one_on_one))
        steps.work = ([Fighter(f, f"fighters[{i}]") for i, f in enumerate(request.fighters)], ConflictOut())
        return steps

    def body(steps: Steps) -> None:
        sides, out = steps.work
        _round(steps, request, sides, out)

    ids = {f.id for f in request.fighters}
    fits = fits_round(request.round, ids, CONFLICT_POINTS)
    run = run_step(request, start, body, fits, checks=_checks(request), decider=decider)
    sides, out = run.steps.work
    done = run.done
    return RoyaleConflictResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        round=request.round,
        order=out.order,
        fighters=[f.state for f in sides] if done else request.fighters,
        spirit_dice_to_bowl=sum(f.spent for f in sides) if done else 0,
        bowl=request.bowl + (sum(f.spent for f in sides) if done else 0),
        clashes=out.clashes if done else [],
        gang_pools=gang_pools(request),
        **run.answer(end_fields(request.fighters, sides, run.steps.went_out, done)),  # type: ignore[arg-type]
    )
