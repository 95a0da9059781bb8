"""A Bout round (003 L846-L941): initiative by Spirit Dice, each side splits three dice between attack and defense,
the Strike and its Clash, the Counterstrike, then both take their damage at once."""

from __future__ import annotations

import contextlib

from ..core.findings import Finding
from ..core.packs import chosen
from .bout_models import RoyaleBoutPlan, RoyaleBoutRequest, RoyaleBoutResult, RoyaleClashResult, RoyaleSplit
from .challenges import Contest, contest
from .clash import Clash, settle, unsupported_moves
from .codes import finding
from .damage import assign
from .fighters import Fighter
from .identity import RULESET, VERSION
from .initiative import order
from .pack import PACKS
from .resolve_models import RoyaleBoost, RoyaleChoice, RoyaleGangPool
from .rolls import Plan, describe, plan_roll, roll
from .steps import Pending, Steps
from .tables import RoyaleBoutFormRule, forms

SPLITS: dict[RoyaleSplit, tuple[int, int]] = {  # (attack dice, defense dice), 003 L880-L890
    RoyaleSplit.all_out_defense: (0, 3),
    RoyaleSplit.strong_defense: (1, 2),
    RoyaleSplit.strong_attack: (2, 1),
    RoyaleSplit.all_out_attack: (3, 0),
}
FORM_PENALTY = -2  # 003 L1040
SPLIT_CHOICES = [
    RoyaleChoice(value=s.value, label=f"{s.value}: {a} attack, {d} defense") for s, (a, d) in SPLITS.items()
]
ORDER_CHOICES = [
    RoyaleChoice(value="act_first", label="strike first"),
    RoyaleChoice(value="let_defender_first", label="strike at the Counterstrike"),
]
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
    """A Gang's bonus dice this round: one per Minion beyond the first (003 L736-L738; digest C13), none for a
    lone Minion or a fighter who is no Gang; with what the round's plan uses of it."""
    out = {}
    for f in request.fighters:
        used = sum(d.gang_dice + d.gang_flat for p in request.plans if p.fighter == f.id for d in (p.attack, p.defense))
        if f.minions >= 2 or used:
            out[f.id] = RoyaleGangPool(pool=max(0, f.minions - 1), used=used)
    return out


def _gang_pool(request: RoyaleBoutRequest) -> list[Finding]:
    return [
        finding("GANG_POOL_OVERSPENT", "plans", f"{fid} uses {p.used} of a pool of {p.pool}.")
        for fid, p in gang_pools(request).items()
        if p.used > p.pool
    ]


def _choose(
    steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter]
) -> tuple[Fighter, Fighter, dict[str, RoyaleSplit]]:
    r = f"R{request.round}"
    attacker = order(steps, sides, f"{r}.init")[0]
    other = next(f for f in sides if f is not attacker)
    steps.say(
        f"{attacker.id} has the initiative ({attacker.state.spirit_dice} Spirit Dice).",
        "initiative",
        fighter=attacker.id,
    )
    splits: dict[str, RoyaleSplit] = {}
    choices = SPLIT_CHOICES
    for f in sides:
        picked = steps.ask(f"{r}.{f.id}.split", "split", f.id, choices)
        if picked is not None:
            splits[f.id] = RoyaleSplit(picked)
    when = steps.ask(f"{r}.{attacker.id}.order", "order", attacker.id, ORDER_CHOICES, "act_first")
    steps.checkpoint()
    first, second = (attacker, other) if when == "act_first" else (other, attacker)
    steps.say(f"Splits: {', '.join(f'{k} {v.value}' for k, v in splits.items())}; {first.id} strikes first.")
    return first, second, splits


def _exchange(
    steps: Steps,
    request: RoyaleBoutRequest,
    order_: tuple[Fighter, Fighter],
    splits: dict[str, RoyaleSplit],
    plans: dict[str, RoyaleBoutPlan],
) -> list[Clash]:
    r = f"R{request.round}"
    rolled = []
    index = {f.id: i for i, f in enumerate(request.fighters)}
    for striker, reactor in (order_, order_[::-1]):
        s_plan, r_plan = plans[striker.id], plans[reactor.id]
        own, other = SPLITS[splits[striker.id]], SPLITS[splits[reactor.id]]
        path_s, path_r = f"plans[{index[striker.id]}]", f"plans[{index[reactor.id]}]"
        attack, found_a = plan_roll(striker, s_plan.attack, own[0], "Strike", f"{path_s}.attack")
        defense, found_d = plan_roll(reactor, r_plan.defense, other[1], "Reaction", f"{path_r}.defense")
        form_effects(striker, attack, True, (own, other), s_plan.form_bonus)
        form_effects(reactor, defense, False, (other, own), r_plan.form_bonus)
        steps.findings += found_a + found_d
        unsupported_moves(steps, s_plan.attack.move, f"{path_s}.attack.move")
        unsupported_moves(steps, r_plan.defense.move, f"{path_r}.defense.move")
        rolled.append(
            (
                striker,
                reactor,
                attack,
                defense,
                roll(steps, f"{r}.{striker.id}.attack", attack),
                roll(steps, f"{r}.{reactor.id}.defense", defense),
            )
        )
    if steps.findings:
        return []
    steps.checkpoint()
    clashes = []
    for striker, reactor, a_plan, d_plan, a_res, d_res in rolled:
        steps.results += [a_res, d_res]
        steps.say(describe(a_res, a_plan), "roll", fighter=striker.id, amount=a_res.total)
        steps.say(describe(d_res, d_plan), "roll", fighter=reactor.id, amount=d_res.total)
        moves = (plans[striker.id].attack.move, plans[reactor.id].defense.move)
        clashes.append(
            settle(steps, striker, reactor, (a_res, a_plan, d_res, d_plan), plans[striker.id].damage_type, moves)
        )
    return clashes


def _round(steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter], out: RoyaleBoutResult) -> None:
    plans = {f.id: RoyaleBoutPlan(fighter=f.id) for f in sides} | {p.fighter: p for p in request.plans}
    steps.findings += _gang_pool(request)
    if steps.findings:
        return
    if request.combat_challenge is not None and _challenge(steps, request, sides, out):
        return
    first, second, splits = _choose(steps, request, sides)
    out.first = first.id
    out.splits = {k: v.value for k, v in splits.items()}
    clashes = _exchange(steps, request, (first, second), splits, plans)
    if not clashes:
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
    for c in clashes:
        assign(steps, by_id[c.defender], c.damage, c.damage_type, f"R{request.round}.{c.defender}.damage", pack)


def _challenge(steps: Steps, request: RoyaleBoutRequest, sides: list[Fighter], out: RoyaleBoutResult) -> bool:
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
    choices = [RoyaleChoice(value="accept", label="take up the Combat Challenge")]
    if opponent.state.spirit_dice >= CANCEL_COST:
        choices.insert(0, RoyaleChoice(value="cancel", label=f"pay {CANCEL_COST} Spirit Die to fight the round"))
    answer = steps.decide(f"R{request.round}.{opponent.id}.challenge", "combat_challenge", opponent.id, choices, None)
    if answer == "cancel":
        opponent.spend(CANCEL_COST)
        out.challenge = "cancelled"
        steps.say(
            f"{opponent.id} pays a Spirit Die: the round is fought.",
            "spirit_dice",
            fighter=opponent.id,
            amount=-CANCEL_COST,
        )
        return False
    pack = chosen(request.pack, request.custom_pack, PACKS)
    declared = (offer.initiator_roll, offer.opponent_roll)
    paths = ("combat_challenge.initiator_roll", "combat_challenge.opponent_roll")
    got = contest(steps, Contest([initiator, opponent], declared, paths, request.bowl, pack, f"R{request.round}.CC"))
    out.challenge = str(got.get("winner") or "tie")
    out.bowl = int(got.get("bowl", request.bowl))  # type: ignore[call-overload]
    return True


def _bowl_after(request: RoyaleBoutRequest, sides: list[Fighter], out: RoyaleBoutResult) -> int:
    """Spent Spirit Dice go to the Bowl (003 L543-L544); a Combat Challenge's prize came out of it."""
    if out.challenge not in (None, "cancelled"):
        return out.bowl
    return request.bowl + sum(f.spent for f in sides)


def _initiative_winner(steps: Steps) -> str | None:
    return next((e.fighter for e in steps.events if e.kind == "initiative" and e.fighter), None)


def resolve_bout(request: RoyaleBoutRequest) -> RoyaleBoutResult:
    steps = Steps(request)
    steps.findings += _pairing(request)
    sides = [Fighter(f, f"fighters[{i}]") for i, f in enumerate(request.fighters)]
    out = RoyaleBoutResult(
        ruleset=RULESET, ruleset_version=VERSION, status="complete", round=request.round, fighters=request.fighters
    )
    if not steps.findings:
        with contextlib.suppress(Pending):
            _round(steps, request, sides, out)
        out.attacker = _initiative_winner(steps)
    fields = steps.fields()
    done = fields["status"] == "complete"
    return out.model_copy(
        update={
            **fields,
            "fighters": [f.state for f in sides] if done else request.fighters,
            "spirit_dice_to_bowl": sum(f.spent for f in sides) if done else 0,
            "bowl": _bowl_after(request, sides, out) if done else request.bowl,
            "clashes": out.clashes if done else [],
            "gang_pools": gang_pools(request),
        }
    )
