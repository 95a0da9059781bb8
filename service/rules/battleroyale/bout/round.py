"""A Bout round (003 L846-L941): initiative by Spirit Dice, each side splits three dice between attack and defense,
the Strike and its Clash, the Counterstrike, then both take their damage at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import JsonValue

from ...core.dice import KeyedDice
from ...core.findings import Finding
from ...core.packs import chosen
from ...core.protocol.keys import KeyBook
from ...core.protocol.steps import Check, Decider, Decisions, Refusal
from ..challenges.resolve import CHALLENGE_DICE, Contest, contest
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import PACKS
from ..resolution import gangs
from ..resolution.clash import Clash, freed, settle
from ..resolution.damage import Where, assign, sacrifice
from ..resolution.fighters import Fighter, end_fields, zeroed
from ..resolution.initiative import order
from ..resolution.models import RoyaleBoost, RoyaleEventKind, RoyaleGangPool, RoyaleRollResult
from ..resolution.rolls import Plan, announce, move_role, plan_roll, roll
from ..resolution.steps import Steps, fits_round, one_of, refusal, run_step
from ..tables.model_types import RoyaleDamageType, RoyaleFigureKind, RoyaleMoveKind
from ..tables.records import RoyaleBoutFormRule, forms
from .models import (
    RoyaleBoutPlan,
    RoyaleBoutRequest,
    RoyaleBoutResult,
    RoyaleClashResult,
    RoyaleSplit,
    RoyaleSwitchReason,
)

SPLITS: dict[RoyaleSplit, tuple[int, int]] = {  # (attack dice, defense dice), 003 L880-L890
    RoyaleSplit.all_out_defense: (0, 3),
    RoyaleSplit.strong_defense: (1, 2),
    RoyaleSplit.strong_attack: (2, 1),
    RoyaleSplit.all_out_attack: (3, 0),
}
FORM_PENALTY = -2  # 003 L1040
SPLIT_CHOICES = [(s.value, f"{s.value}: {a} attack, {d} defense") for s, (a, d) in SPLITS.items()]
ORDER_CHOICES = [("act_first", "strike first"), ("let_defender_first", "strike at the Counterstrike")]
CHIN = "taking_it_on_the_chin"  # the Bout's damage step (003 L935-L938)
CANCEL_COST = 1  # a Spirit Die cancels the Combat Challenge (003 L869-L870)


def _applies(rule: RoyaleBoutFormRule, own: tuple[int, int], other: tuple[int, int]) -> bool:
    return {
        "attack_over_defense": own[0] > own[1],
        "defense_over_attack": own[1] > own[0],
        "defense_two_or_more": own[1] >= 2,
        "opponent_attack_over_defense": other[0] > other[1],
    }[rule.when]


def form_effects(
    fighter: Fighter, plan: Plan, offense: bool, splits: tuple[tuple[int, int], tuple[int, int]], boost: RoyaleBoost
) -> None:
    """The Form Strengths and weaknesses a Bout split triggers (003 L1051-L1062, L1102-L1111, L1129-L1131; digest
    C18: the Flame bonus on offense only, the Wind bonus on defense)."""
    style = fighter.style()
    if style is None:
        return
    for form in style.forms:
        for rule in forms()[form].bout:
            if rule.rolls != "all" and (rule.rolls == "offense") != offense:
                continue
            if not _applies(rule, *splits):
                continue
            if rule.effect == "penalty":
                plan.flat += FORM_PENALTY
                plan.parts.append(f"{form.value} Form weakness [{FORM_PENALTY}]")
            elif boost == RoyaleBoost.die:
                plan.dice += 1
                plan.parts.append(f"{form.value} Form Strength (die)")
            else:
                plan.flat += 1
                plan.parts.append(f"{form.value} Form Strength (+1)")


def _pairing(request: RoyaleBoutRequest) -> list[Finding]:
    ids = [f.id for f in request.fighters]
    out = []
    if len(ids) != 2 or len(set(ids)) != 2:  # 003 L859-L861
        out.append(finding("BOUT_NOT_PAIRED", "fighters", "A Bout is one pair of opponents (a Gang counts as one)."))
    for i, p in enumerate(request.plans):
        if p.fighter not in ids:
            out.append(finding("FIGHTER_UNKNOWN", f"plans[{i}].fighter", f"No fighter {p.fighter}."))
    return out


def gang_pools(request: RoyaleBoutRequest) -> dict[str, RoyaleGangPool]:
    """A Gang's bonus dice this round (``gangs.pools``), with what the round's plans use of them."""

    def used(fid: str) -> int:
        return sum(d.gang_dice + d.gang_flat for p in request.plans if p.fighter == fid for d in (p.attack, p.defense))

    return gangs.pools(request.fighters, used)


def _gang_pool(request: RoyaleBoutRequest) -> list[Finding]:
    return gangs.overspent(gang_pools(request), "plans")


def _choose(
    steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter]
) -> tuple[Fighter, Fighter, dict[str, RoyaleSplit]]:
    """Engage and Divvy Bout Dice: the attacker (most Spirit Dice, 003 L864-L867), each side's split (L876-L890),
    and whether the attacker strikes first or waits for the Counterstrike (L864-L865)."""
    attacker = order(steps, sides)[0]
    other = next(f for f in sides if f is not attacker)
    held = attacker.state.spirit_dice
    steps.say(
        f"{attacker.id} has the initiative ({held} Spirit Dice).",
        "initiative",
        fighter=attacker.id,
        figures={"spirit_dice": held},
    )
    splits: dict[str, RoyaleSplit] = {}
    split_check = one_of([s.value for s in SPLITS], "SPLIT_INVALID", "a Bout split")
    for f in sides:
        picked = steps.decide(
            steps.key(f.id, "split"),
            f.id,
            "split",
            "divvy_bout_dice",
            f"How does {f.id} divide the three Bout dice between attack and defense (003 L876-L890)?",
            SPLIT_CHOICES,
            check=split_check,
        )
        splits[f.id] = RoyaleSplit(picked)
    when = steps.decide(
        steps.key(attacker.id, "order"),
        attacker.id,
        "order",
        "engage",
        f"{attacker.id} holds the initiative: strike first, or let {other.id} act first (003 L864-L865)?",
        ORDER_CHOICES,
        check=one_of([v for v, _ in ORDER_CHOICES], "STRIKE_ORDER_INVALID", "a strike order"),
    )
    first, second = (attacker, other) if when == "act_first" else (other, attacker)
    for f in sides:
        a, d = SPLITS[splits[f.id]]
        steps.say(
            f"{f.id} splits {splits[f.id].value}: {a} attack, {d} defense.",
            "split",
            fighter=f.id,
            figures={"attack_dice": a, "defense_dice": d},
        )
    steps.say(f"{first.id} strikes first.", "strike_order", fighter=first.id, other=second.id)
    return first, second, splits


# one Strike planned: striker, reactor, the two plans and the Strike's number (no reactor: breaking free)
Planned = tuple[Fighter, Fighter | None, Plan, Plan | None, int]


def _strikes(steps: Steps, plan: Plan, bout_plan: RoyaleBoutPlan, path: str) -> int:
    """A Basic Blitz gives up to its MOD Strikes (digest C7: at least 1); anything else one (003 L1380-L1382)."""
    basic = bout_plan.attack.move is not None and bout_plan.attack.move.kind == RoyaleMoveKind.basic
    if RoyaleFigureKind.offensive_actions not in plan.figures or not basic:  # not a Blitz
        if bout_plan.blitz_attacks is not None:
            steps.findings.append(finding("BLITZ_INVALID", f"{path}.blitz_attacks", "No Basic Blitz this round."))
        return 1
    most = plan.figures[RoyaleFigureKind.offensive_actions]
    if bout_plan.blitz_attacks is not None and bout_plan.blitz_attacks > most:
        steps.findings.append(finding("BLITZ_INVALID", f"{path}.blitz_attacks", f"At most {most} Strikes."))
    return min(most, bout_plan.blitz_attacks or most)


def _plan_side(
    steps: Steps,
    request: RoyaleBoutRequest,
    pair: tuple[Fighter, Fighter],
    splits: dict[str, RoyaleSplit],
    plans: dict[str, RoyaleBoutPlan],
) -> list[Planned]:
    """What the striker rolls against the reactor, Strike by Strike (a Blitz's later ones without the Move's Spirit
    Dice and boosts, which went with the first)."""
    striker, reactor = pair
    index = {f.id: i for i, f in enumerate(request.fighters)}
    s_plan, r_plan = plans[striker.id], plans[reactor.id]
    own, other = SPLITS[splits[striker.id]], SPLITS[splits[reactor.id]]
    path_s, path_r = f"plans[{index[striker.id]}]", f"plans[{index[reactor.id]}]"
    if s_plan.break_free:
        return _break_free(steps, striker, s_plan, path_s)
    attack, found_a = plan_roll(striker, s_plan.attack, own[0], "Strike", f"{path_s}.attack")
    found_a += move_role(s_plan.attack, True, f"{path_s}.attack") + move_role(
        r_plan.defense, False, f"{path_r}.defense"
    )
    form_effects(striker, attack, True, (own, other), s_plan.form_bonus)
    steps.findings += found_a
    later = None
    out: list[Planned] = []
    for k in range(1, _strikes(steps, attack, s_plan, path_s) + 1):
        if k == 2:  # the Move's Spirit Dice and boosts went with the first Strike
            stripped = s_plan.attack.model_copy(
                update=dict(move=None, techniques=[], impressive=[], style=False)  # field names
            )
            later, _ = plan_roll(striker, stripped, own[0], "Strike", f"{path_s}.attack")
            form_effects(striker, later, True, (own, other), s_plan.form_bonus)
            later = later.follow_up(attack)
        decl = r_plan.defense if k == 1 else r_plan.defense.model_copy(update=dict(techniques=[], impressive=[]))
        defense, found_d = plan_roll(reactor, decl, other[1], "Reaction", f"{path_r}.defense")
        form_effects(reactor, defense, False, (other, own), r_plan.form_bonus)
        steps.findings += found_d
        out.append((striker, reactor, attack if later is None else later, defense, k))
    return out


def _exchange(
    steps: Steps,
    request: RoyaleBoutRequest,
    order_: tuple[Fighter, Fighter],
    splits: dict[str, RoyaleSplit],
    plans: dict[str, RoyaleBoutPlan],
) -> list[Clash]:
    """The Strike and the Counterstrike, each with its Clash (003 L896-L930): every roll planned first (so every
    finding comes at once), then rolled in order, then compared; damage waits for Taking it on the Chin."""
    planned = _plan_side(steps, request, order_, splits, plans) + _plan_side(
        steps, request, order_[::-1], splits, plans
    )
    if steps.findings:
        return []
    rolled: list[tuple[Fighter, Fighter | None, Plan, Plan | None, RoyaleRollResult, RoyaleRollResult | None, int]]
    rolled = []
    for hitter, target, a_plan, d_plan, k in planned:
        if d_plan is None:
            rolled.append((hitter, target, a_plan, d_plan, roll(steps, a_plan, "break_free"), None, k))
        else:
            a_res = roll(steps, a_plan, "attack", move=k)
            rolled.append((hitter, target, a_plan, d_plan, a_res, roll(steps, d_plan, "defense", move=k), k))
    clashes: list[Clash] = []
    for hitter, target, a_plan, d_plan, a_out, d_out, k in rolled:
        if d_plan is None or target is None or d_out is None:  # breaking free: a Challenge, no clash
            freed(steps, hitter, a_plan, a_out)
            continue
        announce(steps, a_out, a_plan)
        announce(steps, d_out, d_plan)
        moves = (plans[hitter.id].attack.move, plans[target.id].defense.move)
        rolls_ = (a_out, a_plan, d_out, d_plan)
        clashes.append(settle(steps, hitter, target, rolls_, plans[hitter.id].damage_type, moves, k))
    return clashes


def _break_free(steps: Steps, fighter: Fighter, plan: RoyaleBoutPlan, path: str) -> list[Planned]:
    """The side's Strike spent on its Binding's Challenge (003 L767-L768, L1370-L1375)."""
    if not fighter.state.bindings:
        steps.findings.append(finding("NOT_BOUND", f"{path}.break_free", f"{fighter.id} is not bound."))
        return []
    check, found = plan_roll(fighter, plan.resist, CHALLENGE_DICE, "breaking a Binding", f"{path}.resist")
    steps.findings += found
    return [(fighter, None, check, None, 1)]


def _cyclic(
    steps: Steps, sides: list[Fighter], plans: dict[str, RoyaleBoutPlan]
) -> list[tuple[Fighter, int, RoyaleDamageType, Where]]:
    """Each Cyclic Attack's Risky Challenge, rolled as the round starts (the side's action is its Strike, 003
    L1389-L1391); its damage waits for Taking it on the Chin with the rest (L939-L941)."""
    planned = []
    for fighter in sides:
        for i, effect in enumerate(fighter.state.cyclic, start=1):
            plan, found = plan_roll(fighter, plans[fighter.id].resist, CHALLENGE_DICE, "Cyclic Attack", "plans.resist")
            steps.findings += found
            planned.append((fighter, i, effect, plan))
    if steps.findings:
        return []
    rolled = [(f, i, e, p, roll(steps, p, "cyclic", other=e.source, move=i)) for f, i, e, p in planned]
    pending = []
    for fighter, _, effect, plan, result in rolled:
        announce(steps, result, plan)
        short = max(0, effect.tn - result.total)
        steps.say(
            f"TN {effect.tn}: {short} Damage Ranks.",
            "cyclic",
            fighter=fighter.id,
            other=effect.source,
            amount=short,
            figures={"tn": effect.tn, "total": result.total, "damage": short},
        )
        where = Where(other=effect.source, window="cyclic", step=CHIN)
        pending.append((fighter, short, effect.damage_type, where))
    for fighter in sides:
        fighter.state.cyclic = [
            e.model_copy(update={"turns_left": e.turns_left - 1}) for e in fighter.state.cyclic if e.turns_left > 1
        ]
    return pending


def _harmonize(steps: Steps, request: RoyaleBoutRequest, fighter: Fighter, plan: RoyaleBoutPlan, path: str) -> None:
    """Harmonizing before the Strike, for both of the side's rolls (digest C14); the first round's is the one
    declared before the fight (003 L238-L239)."""
    style = fighter.trait(plan.harmonize) if plan.harmonize is not None else None
    declared = request.round == 1 and fighter.state.harmonized is not None
    if style is None or not style.style or zeroed(style) or declared:
        why = "declared before the Bout" if declared else "no such standing Style"
        steps.findings.append(finding("HARMONIZE_INVALID", f"{path}.harmonize", f"{fighter.id}: {why}."))
        return
    fighter.state.harmonized = style.id
    steps.say(f"{fighter.id} harmonizes with {style.name}.", "harmonize", fighter=fighter.id, trait=style.id)


def _engage(steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter]) -> None:
    """A switch-out at the Engage step: when a fighter becomes Mostly Dead, or two allies trade foes (003
    L862-L863); the one stepping in is in the pair, the one leaving is not."""
    ids = {f.id for f in sides}
    for i, switch in enumerate(request.switch_outs):
        path = f"switch_outs[{i}]"
        if switch.fighter not in ids or switch.replaces in ids:
            steps.findings.append(finding("SWITCH_OUT_INVALID", path, "The one stepping in fights; the other leaves."))
        elif switch.reason == RoyaleSwitchReason.mostly_dead and not switch.replaced_mostly_dead:
            steps.findings.append(
                finding("SWITCH_OUT_INVALID", f"{path}.reason", f"{switch.replaces} is not Mostly Dead.")
            )
        else:
            steps.say(
                f"{switch.fighter} steps in for {switch.replaces}.",
                "switch_out",
                fighter=switch.fighter,
                other=switch.replaces,
            )


@dataclass
class BoutOut:
    """What the round comes to, besides the fighters' state."""

    first: str | None = None
    splits: dict[str, str] = field(default_factory=dict)
    clashes: list[RoyaleClashResult] = field(default_factory=list)
    challenge: str | None = None
    bowl: int | None = None  # after a Combat Challenge, whose prize came out of the Bowl


def _round(steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter], out: BoutOut) -> None:
    plans = {f.id: RoyaleBoutPlan(fighter=f.id) for f in sides} | {p.fighter: p for p in request.plans}
    steps.findings += _gang_pool(request)
    _engage(steps, request, sides)
    for i, p in enumerate(request.plans):
        if p.harmonize is not None:
            _harmonize(steps, request, next(f for f in sides if f.id == p.fighter), p, f"plans[{i}]")
    if steps.findings:
        return
    if request.combat_challenge is not None and _challenge(steps, request, sides, out):
        return
    first, second, splits = _choose(steps, request, sides)
    out.first = first.id
    out.splits = {k: v.value for k, v in splits.items()}
    pending = _cyclic(steps, sides, plans)
    if steps.findings:
        return
    clashes = _exchange(steps, request, (first, second), splits, plans)
    if steps.findings:
        return
    out.clashes = [
        RoyaleClashResult(
            attacker=c.attacker,
            defender=c.defender,
            attack=c.attack,
            defense=c.defense,
            damage=c.damage,
            damage_type=c.damage_type.value,
        )
        for c in clashes
    ]
    pack = chosen(request.pack, request.custom_pack, PACKS)
    by_id = {f.id: f for f in sides}
    steps.say("Taking it on the Chin: both take their damage at once (003 L939-L941).")
    strikes: dict[str, int] = {}
    for c in clashes:  # a Blitz's later Strikes place their damage under their own keys (#2 …)
        strikes[c.defender] = strikes.get(c.defender, 0) + 1
        where = Where(other=c.attacker, move=strikes[c.defender], step=CHIN)
        assign(steps, by_id[c.defender], c.damage, c.damage_type, pack, where)
    for fighter, short, kind, where in pending:
        assign(steps, fighter, short, kind, pack, where)
    for f in sides:  # 003 L1436-L1437: the sacrificed Strengths Zero Out after the attack, with the round's damage
        move = plans[f.id].attack.move
        sacrifice(steps, f, move.sacrifice if move is not None else [], pack)


def _challenge_check(opponent: Fighter) -> Check:
    def check(value: JsonValue) -> Refusal | None:
        if value == "cancel" and opponent.state.spirit_dice < CANCEL_COST:
            return refusal("CANCEL_NEEDS_SPIRIT_DIE", f"{opponent.id} has no Spirit Die to cancel the Challenge.")
        if value not in ("cancel", "accept"):
            return refusal("CHALLENGE_ANSWER_INVALID", f"{value!r}: take up the Challenge (accept) or cancel it.")
        return None

    return check


def _challenge(steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter], out: BoutOut) -> bool:
    """A Combat Challenge in place of the round, unless the opponent pays a Spirit Die (003 L868-L870): True when
    it replaced the round."""
    offer = request.combat_challenge
    assert offer is not None
    by_id = {f.id: f for f in sides}
    if offer.initiator not in by_id:
        steps.findings.append(finding("FIGHTER_UNKNOWN", "combat_challenge.initiator", f"No {offer.initiator}."))
        return True
    initiator = by_id[offer.initiator]
    opponent = next(f for f in sides if f is not initiator)
    choices = [("accept", "take up the Combat Challenge")]
    if opponent.state.spirit_dice >= CANCEL_COST:
        choices.insert(0, ("cancel", f"pay {CANCEL_COST} Spirit Die to fight the round"))
    answer = steps.decide(
        steps.key(opponent.id, "challenge"),
        opponent.id,
        "challenge",
        "engage",
        f"{initiator.id} offers a Combat Challenge in place of the round: take it up, or pay a Spirit Die to cancel "
        "it (003 L868-L870)?",
        choices,
        check=_challenge_check(opponent),
    )
    if answer == "cancel":
        opponent.spend(CANCEL_COST)
        out.challenge = "cancelled"
        steps.say(
            f"{opponent.id} pays a Spirit Die: the round is fought.",
            "spirit_dice",
            fighter=opponent.id,
            amount=-CANCEL_COST,
            value=opponent.state.spirit_dice,
        )
        return False
    pack = chosen(request.pack, request.custom_pack, PACKS)
    declared = (offer.initiator_roll, offer.opponent_roll)
    paths = ("combat_challenge.initiator_roll", "combat_challenge.opponent_roll")
    got = contest(steps, Contest([initiator, opponent], declared, paths, request.bowl, pack))
    if got is None:  # a roll's declaration is refused
        return True
    out.challenge = got.winner or "tie"
    out.bowl = got.bowl
    return True


def _bowl_after(request: RoyaleBoutRequest, sides: list[Fighter], out: BoutOut) -> int:
    """Spent Spirit Dice go to the Bowl (003 L543-L544); a Combat Challenge's prize came out of it."""
    if out.challenge not in (None, "cancelled") and out.bowl is not None:
        return out.bowl
    return request.bowl + sum(f.spent for f in sides)


def _initiative_winner(steps: Steps) -> str | None:
    return next((e.fighter for e in steps.events if e.kind == RoyaleEventKind.initiative and e.fighter), None)


BOUT_POINTS = frozenset(
    {"initiative", "split", "order", "challenge", "combat_challenge", "cyclic", "attack", "defense"}
    | {"break_free", "gambit", "damage"}
)


def _start(request: RoyaleBoutRequest) -> Callable[[KeyedDice, Decisions], Steps]:
    def start(dice: KeyedDice, decisions: Decisions) -> Steps:
        sides = [Fighter(f, f"fighters[{i}]") for i, f in enumerate(request.fighters)]
        steps = Steps(request, dice, decisions, KeyBook("R", request.round, one_opponent=True))
        steps.work = (sides, BoutOut())
        return steps

    return start


def _body(request: RoyaleBoutRequest) -> Callable[[Steps], None]:
    def body(steps: Steps) -> None:
        sides, out = steps.work
        _round(steps, request, sides, out)

    return body


def resolve_bout(request: RoyaleBoutRequest, decider: Decider | None = None) -> RoyaleBoutResult:
    """One Bout round in the core turn protocol (003 L846-L941); ``decider`` (in-process callers only) answers each
    decision the request leaves open where it is met, as a client would send it."""
    ids = {f.id for f in request.fighters}
    fits = fits_round(request.round, ids, BOUT_POINTS)
    run = run_step(request, _start(request), _body(request), fits, checks=_pairing(request), decider=decider)
    steps = run.steps
    sides, out = steps.work
    done = run.done
    return RoyaleBoutResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        round=request.round,
        attacker=_initiative_winner(steps),
        first=out.first,
        splits=out.splits,
        challenge=out.challenge,
        fighters=[f.state for f in sides] if done else request.fighters,
        spirit_dice_to_bowl=sum(f.spent for f in sides) if done else 0,
        bowl=_bowl_after(request, sides, out) if done else request.bowl,
        clashes=out.clashes if done else [],
        gang_pools=gang_pools(request),
        **run.answer(end_fields(request.fighters, sides, steps.went_out, done)),  # type: ignore[arg-type]
    )
