"""Resolving one round (004 L15–L84): Imbalance choices, the Effort roll, Initiative bids, the turns in order,
Recovery and the end of the round. Step mode: a missing die or decision stops the round and is asked for."""

from __future__ import annotations

from pydantic import Field

from ..core.dice import KeyedDice
from ..core.findings import Finding, Severity, Unsupported, map_key, path_of
from .actions import take_turn
from .base import Model
from .bidding import bid, imbalance_choices, initiative, placing, roll_effort
from .chakra import recovered
from .codes import finding
from .identity import RULESET, VERSION
from .model_types import MAX_COMBATANTS, Short
from .round_models import (
    Act,
    Decision,
    DecisionChoice,
    RoundAnswer,
    RoundDecision,
    RoundDie,
    RoundEventKind,
    RoundRequest,
    RoundRoll,
    RoundStatus,
)
from .round_state import Fighter, Pending, Problem, Refused, Round, built, choice, decision, new_fighter
from .sheet import sheet_findings, sheet_notes


def _setup(request: RoundRequest) -> Round:
    pack = request.data()
    fighters: dict[str, Fighter] = {}
    watching = set(request.spectators)
    for c in request.combatants:
        fighters.setdefault(c.id, new_fighter(c, pack, c.id in watching))
    r = Round(
        request=request,
        pack=pack,
        fighters=fighters,
        order=[c.id for c in request.combatants if c.id not in watching],
        holds=[],
        death_token=request.death_token,
        dice=KeyedDice(seed=request.seed, supplied=request.rolls, limit=600),
    )
    for i, c in enumerate(request.combatants):
        r.violations += [f for f in sheet_findings(c, pack, path_of("combatants", i)) if f.severity is Severity.error]
        if fighters[c.id].sheet is not c:
            r.violations.append(finding("DUPLICATE_ID", path_of("combatants", i, "id"), f"{c.id} is listed twice."))
        r.info += sheet_notes(c, path_of("combatants", i))
    _battlefields(r)
    for i, hold in enumerate(request.holds):
        if hold.holder in fighters and hold.held in fighters and hold.holder != hold.held:
            r.holds.append(hold)
        else:
            r.violations.append(finding("TARGET_INVALID", path_of("holds", i), "A hold joins two fighters present."))
    for i, s in enumerate(request.spectators):
        if s not in fighters:
            r.violations.append(finding("TARGET_INVALID", path_of("spectators", i), f"{s} is not in combatants."))
    return r


def _battlefields(r: Round) -> None:
    """The Battlefields the table drew: adjacency both ways; everybody's place is one of them (004 L43, L95)."""
    for b in r.request.battlefields:
        r.adjacent.setdefault(b.id, set()).update(b.adjacent)
        for other in b.adjacent:
            r.adjacent.setdefault(other, set()).add(b.id)
        if b.cover:
            r.cover.add(b.id)
    for i, c in enumerate(r.request.combatants):
        if r.adjacent and c.battlefield is not None and c.battlefield not in r.adjacent:
            r.violations.append(
                finding(
                    "BATTLEFIELD_UNKNOWN",
                    path_of("combatants", i, "battlefield"),
                    f"{c.battlefield} is not one of the round's battlefields.",
                )
            )


def _lower_check(f: Fighter):  # type: ignore[no-untyped-def]
    def check(value: Decision) -> Problem:
        if value.choice is Act.keep:
            return None
        if value.choice is Act.lower_to and value.initiative is not None and value.initiative < f.initiative:
            return None
        return "DECISION_INVALID", f"`keep`, or `lower` with an Initiative below {f.initiative}."

    return check


KEEP, GO_ON = decision(Act.keep), decision(Act.go_on)
END_OFFERS = (choice("Keep fighting", Act.go_on), choice("Stop the violence", Act.stop))


def _lower_offers(f: Fighter, waiting: list[Fighter]) -> list[DecisionChoice]:
    offers = [choice("Keep the Initiative", choice=Act.keep)]
    below = sorted({o.initiative - 1 for o in waiting if 0 < o.initiative <= f.initiative and o is not f} | {0})
    return offers + [choice(f"Lower it to {v}", choice=Act.lower_to, initiative=v) for v in below if v < f.initiative]


def _lowering(r: Round, waiting: list[Fighter], turn: int) -> list[Fighter]:
    """After a turn, those still to act may lower their Initiative (004 L38); the rest of the order follows."""
    for f in waiting:
        if f.out:
            continue
        key = r.key(f.id, "lower", turn)
        offers = lambda f=f: _lower_offers(f, waiting)  # noqa: E731
        got = r.decide_now(key, "lower_initiative", f.id, offers, KEEP, _lower_check(f))
        if got.choice is Act.lower_to and got.initiative is not None:
            f.initiative = got.initiative
            r.say("Changing Initiative", f.id, f"Lowers Initiative to {f.initiative}.", "004 L38")
    place = {c.id: i for i, c in enumerate(r.request.combatants)}
    return sorted(waiting, key=lambda f: (-f.initiative, -len(f.bid), place[f.id]))


def _turns(r: Round, fighting: list[Fighter]) -> None:
    waiting = [r.fighters[i] for i in r.order]
    turn = 0
    while waiting:
        f = waiting.pop(0)
        turn += 1
        r.placings.append(placing(f))  # 004 L36, L38: the order the turns are taken in, at the Initiative of then
        if not f.out:
            take_turn(r, f)
        waiting = _lowering(r, waiting, turn)


def _recovery(r: Round, fighting: list[Fighter]) -> None:
    """Awakened Chakra regain Prana; one woken this round gets its Set's facing instead (004 L75–L79)."""
    for f in fighting:
        before = f.prana()
        f.chakras = [recovered(c, f.awakening.get(c.id)) for c in f.chakras]
        if f.prana() != before:
            r.say("Recovery", f.id, f"Prana {before} → {f.prana()}.", "004 L77–L79")
            r.event(RoundEventKind.prana, f.id, amount=f.prana() - before, value=f.prana())


def _end(r: Round, fighting: list[Fighter]) -> None:
    """Whoever still means violence keeps the combat going; if nobody does, it ends (004 L83–L84)."""
    going = False
    for f in fighting:
        if f.out:
            continue
        got = r.decide_now(
            r.key(f.id, "continue"),
            "continue",
            f.id,
            END_OFFERS,
            GO_ON,
            lambda v: None if v.choice in (Act.go_on, Act.stop) else ("DECISION_INVALID", "`continue` or `stop`."),
        )
        going = going or got.choice is Act.go_on
    r.combat_over = not going
    if r.combat_over:
        r.say("End of Round", None, "Nobody keeps up the violence: the combat ends.", "004 L83")
        r.event(RoundEventKind.combat_over, None)


def _unused_keys(r: Round) -> None:
    for key in sorted(set(r.request.decisions) - r.asked):
        r.warnings.append(
            finding("DECISION_KEY_UNKNOWN", f"decisions{map_key(key)}", "The round never asked this.", key)
        )
    for key in r.dice.unused():
        r.warnings.append(finding("ROLL_KEY_UNKNOWN", f"rolls{map_key(key)}", "The round never rolled this die.", key))


def resolve_round(request: RoundRequest) -> RoundAnswer:
    r = _setup(request)
    fighting = [r.fighters[i] for i in r.order if not r.fighters[i].out]
    pending: Pending | None = None
    refused = False
    try:
        roll_effort(r, fighting, imbalance_choices(r, fighting))
        bid(r, fighting)
        initiative(r, fighting)
        _turns(r, fighting)
        _recovery(r, fighting)
        _end(r, fighting)
    except Pending as stop:
        pending = stop
    except Refused:
        refused = True
    if pending is None and not refused:
        _unused_keys(r)
    done = pending is None and not refused
    status = RoundStatus.invalid if refused else RoundStatus.complete if done else RoundStatus.decision_required
    return RoundAnswer(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=status,
        violations=r.violations,
        warnings=r.warnings,
        info=r.info,
        unsupported=list(r.unsupported.values()),
        dice_needed=pending.dice if pending else [],
        decisions_needed=pending.decisions if pending else [],
        combatants=[f.state() for f in r.fighters.values()] if done else list(request.combatants),
        holds=r.holds if done else list(request.holds),
        death_token=r.death_token if done else request.death_token,
        initiative=r.placings,
        combat_over=r.combat_over,
        rolls=[
            built(
                RoundRoll,
                {"key": x.key, "die": f"1d{x.sides}", "face": x.face, "source": x.source, "purpose": x.purpose},
            )
            for x in r.dice.rolls
        ],
        log=r.log,
        events=r.events,
    )


class DeclarationCheck(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool = Field(description="No declaration breaks a rule (as far as the round got).")
    status: RoundStatus = Field(description="`complete`: every declaration of the round was checked.")
    violations: list[Finding] = Field(max_length=400)
    warnings: list[Finding] = Field(max_length=400)
    info: list[Finding] = Field(max_length=400)
    unsupported: list[Unsupported] = Field(max_length=100)
    dice_needed: list[RoundDie] = Field(max_length=400)
    decisions_needed: list[RoundDecision] = Field(max_length=MAX_COMBATANTS * 20)


def validate_declarations(request: RoundRequest) -> DeclarationCheck:
    """The round's declarations checked against the dice rolled and the rules, as the resolver meets them."""
    answer = resolve_round(request)
    return DeclarationCheck(
        ruleset=answer.ruleset,
        ruleset_version=answer.ruleset_version,
        valid=not answer.violations,
        status=answer.status,
        violations=answer.violations,
        warnings=answer.warnings,
        info=answer.info,
        unsupported=answer.unsupported,
        dice_needed=answer.dice_needed,
        decisions_needed=answer.decisions_needed,
    )
