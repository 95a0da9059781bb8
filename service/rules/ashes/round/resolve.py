"""Resolving one round (004 L15–L84): Imbalance choices, the Effort roll, Initiative bids, the turns in order,
Recovery and the end of the round, in the core turn protocol: a missing die or decision halts the round, and the
look-ahead names every die and decision from there up to the first decision whose choices hang on an answer not
given yet (service/rules/core/protocol)."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field

from ...core.dice import DiePending, KeyedDice
from ...core.findings import Finding, Severity, map_key, path_of
from ...core.protocol.keys import KeyBook, KeyParts, parse
from ...core.protocol.models import RollRecord, StepAnswer, StepStatus
from ...core.protocol.steps import DecisionPending, DecisionRefused, Decisions, LookAhead, look_ahead, unused_keys
from ..codes import finding
from ..combatant.sheet import sheet_findings, sheet_notes
from ..identity import RULESET, VERSION
from ..prices.chakra import recovered
from .actions import take_turn
from .bidding import bid, bid_total, imbalance_choices, initiative, order_of, placing, roll_effort
from .models import Act, Decision, Point, RoundAnswer, RoundEventKind, RoundRequest
from .state import Asked, Fighter, Offer, Problem, Refused, Round, Unsettled, built, choice, decision, new_fighter

# Every point a key of this ruleset names (a key of another point, round or fighter fits nothing).
POINTS = frozenset(Point)

SPECTATORS_DECIDE = frozenset(
    {Point.buy_down}
)  # a spectator takes attacks undefended and buys the damage down (004 L20)


def _setup(request: RoundRequest, dice: KeyedDice, decisions: Decisions) -> Round:
    pack = request.data()
    fighters: dict[str, Fighter] = {}
    watching = set(request.spectators)
    for c in request.combatants:
        fighters.setdefault(c.id, new_fighter(c, pack, c.id in watching))
    order = [c.id for c in request.combatants if c.id not in watching]
    r = Round(
        request=request,
        pack=pack,
        fighters=fighters,
        order=order,
        holds=[],
        death_token=request.death_token,
        dice=dice,
        decisions=decisions,
        book=KeyBook("R", request.round, one_opponent=len(order) <= 2),
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


def _lower_check(f: Fighter) -> Callable[[Decision], Problem]:
    def check(value: Decision) -> Problem:
        if value.choice is Act.keep:
            return None
        if value.choice is Act.lower_to and value.initiative is not None and value.initiative < f.initiative:
            return None
        return "INITIATIVE_NOT_LOWERED", f"`keep`, or `lower` to an Initiative below {f.initiative}."  # 004 L38

    return check


def _end_check(value: Decision) -> Problem:
    ok = value.choice in (Act.go_on, Act.stop)
    return None if ok else ("DECISION_INVALID", "`continue` or `stop` at the end of the round (004 L83).")


KEEP, GO_ON = decision(Act.keep), decision(Act.go_on)
END_OFFERS = (choice("Keep fighting", Act.go_on), choice("Stop the violence", Act.stop))


def _lower_offers(f: Fighter, waiting: list[Fighter]) -> list[Offer]:
    offers = [choice("Keep the Initiative", choice=Act.keep)]
    below = sorted({o.initiative - 1 for o in waiting if 0 < o.initiative <= f.initiative and o is not f} | {0})
    return offers + [choice(f"Lower it to {v}", choice=Act.lower_to, initiative=v) for v in below if v < f.initiative]


def _lowering(r: Round, waiting: list[Fighter]) -> list[Fighter]:
    """After a turn, those still to act may lower their Initiative (004 L38), asked at ``R{round}.{fighter}.lower``
    (``.n`` the n-th chance); the rest of the order follows."""
    lowered: list[tuple[Fighter, int]] = []
    for f in waiting:
        if f.out:
            continue
        got = r.decide(
            r.key(f.id, "lower"),
            "lower",
            f.id,
            lambda f=f: _lower_offers(f, waiting),  # type: ignore[misc]
            KEEP,
            _lower_check(f),
            step="Changing Initiative",
            text=f"Lower the Initiative of {f.initiative} before the next turn begins?",
        )
        if got.choice is Act.lower_to and got.initiative is not None:
            lowered.append((f, f.initiative))
            f.initiative = got.initiative
            r.say("Changing Initiative", f.id, f"Lowers Initiative to {f.initiative}.", "004 L38")
    order = order_of(r, waiting)
    place = {f.id: n for n, f in enumerate(order, start=len(r.placings) + 1)}
    for f, before in lowered:  # the order after lowering: each one's new place and the bid it stands on
        figures = {"bid": bid_total(f), "before": before, "place": place[f.id]}
        r.event(RoundEventKind.lowered, f.id, amount=f.initiative - before, value=f.initiative, figures=figures)
    return order


def _turns(r: Round) -> None:
    r.waiting = [r.fighters[i] for i in r.order]
    while r.waiting:
        f = r.waiting.pop(0)
        r.placings.append(placing(f))  # 004 L36, L38: the order the turns are taken in, at the Initiative of then
        if not f.out:
            take_turn(r, f)
        r.waiting = _lowering(r, r.waiting)


def _recovery(r: Round, fighting: list[Fighter]) -> None:
    """Awakened Chakra regain Prana; one woken this round gets its Set's facing instead (004 L75–L79)."""
    for f in fighting:
        before = f.prana()
        f.chakras = [recovered(c, f.awakening.get(c.id)) for c in f.chakras]
        if f.prana() != before:
            r.say("Recovery", f.id, f"Prana {before} → {f.prana()}.", "004 L77–L79")
            r.event(RoundEventKind.prana, f.id, amount=f.prana() - before, value=f.prana(), before=before)


def _end(r: Round, fighting: list[Fighter]) -> None:
    """Whoever still means violence keeps the combat going; if nobody does, it ends (004 L83–L84)."""
    going = False
    for f in fighting:
        if f.out:
            continue
        got = r.decide(
            r.key(f.id, "continue"),
            "continue",
            f.id,
            END_OFFERS,
            GO_ON,
            _end_check,
            step="End of Round",
            text="Keep up the violence into another round, or stop?",
        )
        going = going or got.choice is Act.go_on
    r.stopped = not going
    if r.stopped:
        r.say("End of Round", None, "Nobody keeps up the violence: the combat ends.", "004 L83")
        r.event(RoundEventKind.stopped, None)


def _play(r: Round) -> None:
    """The round from its start to its end, every die and decision read as it comes up."""
    if r.violations:
        raise Refused  # a sheet or setup that breaks a rule: nothing is resolved
    fighting = [r.fighters[i] for i in r.order if not r.fighters[i].out]
    roll_effort(r, fighting, imbalance_choices(r, fighting))
    bid(r, fighting)
    initiative(r, fighting)
    _turns(r)
    _recovery(r, fighting)
    _end(r, fighting)


def _fits(r: Round) -> Callable[[KeyParts], bool]:
    def fits(parts: KeyParts) -> bool:
        return (
            parts.letter == "R" and parts.n == r.request.round and parts.fighter in r.fighters and parts.point in POINTS
        )

    return fits


def _key_findings(r: Round) -> None:
    """Keys the resolved round never read: a decision for someone who cannot act names that rule (004 L20); the
    rest are the protocol's strict-key findings."""
    used = set(r.decisions.used)
    for key in sorted(set(r.request.decisions) - used):
        parts = parse(key)
        who = r.fighters.get(parts.fighter) if parts is not None and _fits(r)(parts) else None
        if who is None or parts is None:
            continue
        out = who.sheet.vanquished or who.sheet.killed
        if out or (who.spectator and parts.point not in SPECTATORS_DECIDE):
            used.add(key)
            text = f"{who.id} cannot act this round (a spectator, or out of the fight): the decision is not used."
            r.violations.append(finding("ACTOR_CANNOT_ACT", f"decisions{map_key(key)}", text, key))
    violations, warnings = unused_keys(r.request, used, r.dice.used, _fits(r))
    r.violations += violations
    r.warnings += warnings


def _first_pass(r: Round) -> tuple[bool, bool]:
    """(halted, refused)."""
    try:
        _play(r)
    except (DiePending, DecisionPending):
        return True, False
    except DecisionRefused as refused:
        r.violations.append(refused.finding())
        return False, True
    except Refused:
        return False, True
    _key_findings(r)
    return False, bool(r.violations)


def _ahead(request: RoundRequest) -> LookAhead:
    def rerun(dice: KeyedDice, decisions: Decisions) -> None:
        dice.limit = 600
        _play(_setup(request, dice, decisions))

    return look_ahead(request, rerun, stops=(Unsettled, Refused))


def _envelope(r: Round, status: StepStatus, ahead: LookAhead | None) -> dict[str, object]:
    """The core envelope's fields: status, findings, what is still needed, the rolls and the end of the fight."""
    standing = [f.id for f in r.fighters.values() if not f.spectator and not f.out]
    over = status is StepStatus.over
    before = [c.id for c in r.request.combatants if c.vanquished or c.killed]
    return {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "status": status,
        "violations": r.violations,
        "warnings": r.warnings + r.decisions.warnings,
        "unsupported": [],
        "decisions_needed": ahead.decisions if ahead else [],
        "dice_needed": ahead.dice if ahead else [],
        "rolls": [
            built(
                RollRecord,
                {"key": x.key, "die": f"1d{x.sides}", "result": x.face, "purpose": x.purpose, "source": x.source},
            )
            for x in r.dice.rolls
        ],
        "over": over,
        "winner": standing[0] if over and len(standing) == 1 else None,
        "out": before + ([] if status is StepStatus.invalid else [i for i in r.out if i not in before]),
    }


def resolve_round(request: RoundRequest, decider: Callable[[Asked], Decision] | None = None) -> RoundAnswer:
    """The round; ``decider`` (in-process callers only) answers each decision the round would ask for, where it is
    met, read as if the request had sent it (a request alone is answered as without it)."""
    dice = KeyedDice(seed=request.seed, supplied=request.rolls, limit=600)
    r = _setup(request, dice, Decisions.of(request, decider=decider))
    halted, refused = _first_pass(r)
    if refused:
        status = StepStatus.invalid
    elif halted:
        status = StepStatus.decision_required
    else:
        standing = [f for f in r.fighters.values() if not f.spectator and not f.out]
        status = StepStatus.over if r.stopped or len(standing) <= 1 else StepStatus.resolved
    ahead = _ahead(request) if halted else None
    kept = status is StepStatus.invalid
    waiting = [] if kept else [placing(f).model_copy(update={"took_turn": False}) for f in r.waiting if not f.out]
    return RoundAnswer(
        **_envelope(r, status, ahead),  # type: ignore[arg-type]
        info=r.info,
        combatants=list(request.combatants) if kept else [f.state() for f in r.fighters.values()],
        holds=list(request.holds) if kept else r.holds,
        death_token=request.death_token if kept else r.death_token,
        initiative=r.placings + waiting,
        log=r.log,
        events=r.events,
    )


class DeclarationCheck(StepAnswer):
    """The core envelope of the round's answer, without the fight: whether the declarations are legal (`status`
    `invalid` and `violations` when one is not) and what is still needed to check the rest of the round."""

    info: list[Finding] = Field(max_length=400)


def validate_declarations(request: RoundRequest) -> DeclarationCheck:
    """The round's declarations checked against the dice rolled and the rules, as the resolver meets them."""
    answer = resolve_round(request)
    return DeclarationCheck(**{k: getattr(answer, k) for k in DeclarationCheck.model_fields})
