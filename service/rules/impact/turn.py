"""Resolving one Impact turn (001 L310-316, L579-683, L685-713): declarations checked, Draws, counter-bridges,
Speed Tests, each fighter's maneuver in order, then the end of the turn (defence gains, holds, knock-outs, the
bout's end and its Purchase Point awards)."""

from __future__ import annotations

from collections.abc import Callable

from ..core.dice import DieOutOfRange, DiePending, KeyedDice, TooManyDice
from ..core.findings import Finding, Unsupported, map_key, path_of
from .actions import HANDLERS, defended, draw, reach
from .codes import finding
from .combatants import Fighter, limb_of, load
from .context import BadDecision, DecisionNeeded, Hold, Turn
from .declarations import check
from .identity import RULESET, VERSION
from .pack import chosen_pack, custom_pack_findings
from .speed import order_rows, speed_tests
from .strikes import exertion, knocked_out, spend_setup_points, strike
from .tables import rules
from .turn_models import (
    MAX_TURN,
    ImpactAction,
    ImpactAward,
    ImpactCombatant,
    ImpactDecisionNeeded,
    ImpactDieNeeded,
    ImpactEventKind,
    ImpactFight,
    ImpactLastManeuver,
    ImpactNextMods,
    ImpactOrder,
    ImpactOut,
    ImpactRoll,
    ImpactTurnAnswer,
    ImpactTurnRequest,
    ImpactTurnStatus,
)

Decider = Callable[[ImpactDecisionNeeded], str | None]


def resolve_turn(request: ImpactTurnRequest, decider: Decider | None = None) -> ImpactTurnAnswer:
    """The turn; ``decider`` (in-process callers only) answers each decision where it is met, as a step-mode caller
    would answer the same ``decisions_needed`` entry."""
    broken = request_problems(request)
    if broken:
        return _refused(request, broken)
    turn = open_turn(request, decider)
    violations = check(turn, request.declarations)
    if violations:
        return _answer(turn, request, violations=violations)
    order: list[Fighter] = []
    try:
        order = _play(turn)
    except DiePending as needed:
        die = ImpactDieNeeded(key=needed.key, die=f"d{needed.sides}", purpose=needed.purpose)
        return _answer(turn, request, dice_needed=[die])
    except DecisionNeeded as pending:
        return _answer(turn, request, decisions_needed=[pending.needed])
    except DieOutOfRange as bad:
        return _answer(
            turn, request, violations=[finding("ROLL_INVALID", path_of("rolls") + map_key(bad.key), str(bad), bad.key)]
        )
    except BadDecision as bad:
        path = path_of("decisions") + map_key(bad.key)
        return _answer(turn, request, violations=[finding("DECISION_INVALID", path, str(bad), bad.key)])
    except TooManyDice as many:
        return _answer(turn, request, violations=[finding("ROLL_INVALID", "rolls", str(many))])
    return _finish(turn, request, order)


def request_problems(request: ImpactTurnRequest) -> list[Finding]:
    """What refuses the whole request before any declaration is read: its own pack, and a fight that does not hold
    together."""
    broken = custom_pack_findings(request)
    return broken + [finding("FIGHT_INVALID", path, message) for path, message in request.fight.problems()]


def open_turn(request: ImpactTurnRequest, decider: Decider | None = None) -> Turn:
    """The turn's working state before any declaration is checked (the request's pack and fight well-formed)."""
    pack = chosen_pack(request)
    pack_key = request.custom_pack.model_dump_json() if request.custom_pack else str(request.pack)
    table = rules()
    fight = request.fight
    fighters = {c.id: load(c, i, pack, pack_key, table) for i, c in enumerate(fight.fighters)}
    return Turn(
        fight=fight,
        pack=pack,
        rules=table,
        fighters=fighters,
        dice=KeyedDice(seed=request.seed, supplied=request.rolls),
        decisions=dict(request.decisions),
        ask=request.ask_every_decision,
        ranges={frozenset((r.a, r.b)): r.range for r in fight.ranges},
        holds=[Hold(h.maneuver, h.holder, h.victim, h.area, h.turns) for h in fight.holds],
        decider=decider,
    )


def _play(turn: Turn) -> list[Fighter]:
    fighters = turn.fighters
    for f in fighters.values():
        if f.decl is not None and f.decl.action == ImpactAction.draw and f.target:
            draw(turn, f, fighters[f.target])  # 001 L691: a Draw comes before every Speed Test
    for f in fighters.values():
        if f.decl is not None and f.decl.action == ImpactAction.bridge and f.target:
            _offer_counter_bridge(turn, f, fighters[f.target])
    order = speed_tests(turn)
    for a in order:
        _act(turn, a)
    _end_of_turn(turn)
    return order


def _offer_counter_bridge(turn: Turn, b: Fighter, o: Fighter) -> None:
    """The bridger's opponent may bridge too, to hold the range (001 L214)."""
    if (
        o.decl is None
        or o.decl.action in (ImpactAction.bridge, ImpactAction.draw)
        or o.counter_of
        or turn.holds_on(o.id)
    ):
        return
    choices = [("keep", "keep the declared maneuver"), ("bridge", f"counter-bridge against {b.id}")]
    if turn.decide(turn.key(o.id, "counter_bridge", b.id), "counter_bridge", o.id, choices, "keep") == "bridge":
        o.counter_of = b.id
        o.defending = None


def _stop_hitter_of(turn: Turn, f: Fighter) -> Fighter | None:
    """The fighter whose declared Stop-Hit meets ``f``'s maneuver (001 L701), if any."""
    for s in turn.fighters.values():
        if s.decl is not None and s.decl.action == ImpactAction.stop_hit and s.target == f.id and s.out is None:
            return s
    return None


def _offer_defense(turn: Turn, d: Fighter, a: Fighter) -> None:
    """A fighter attacked before he has acted may drop his maneuver and defend (001 L190, L220); not against a
    Stop-Hit's opponent, who must follow through (001 L701), nor the stop-hitter (a ruling)."""
    if d.acted or d.defending is not None or d.counter_of or d.out is not None:
        return
    if _stop_hitter_of(turn, d) is not None or (d.decl is not None and d.decl.action == ImpactAction.stop_hit):
        return
    tactics = [(t, f"defend with {t} (level {level})") for t, level in d.tactics_levels.items() if level > 0]
    choices = [("keep", "keep the declared maneuver"), *tactics]
    pick = turn.decide(turn.key(d.id, "defend", a.id), "defend", d.id, choices, "keep")
    if pick != "keep":
        d.defending, d.acted = pick, True
        turn.say(f"{d.id} drops the maneuver and defends with {pick}", ImpactEventKind.defended, d.id, other=a.id)


def _act(turn: Turn, a: Fighter) -> None:
    d = a.decl
    if d is None or a.out is not None or a.acted or a.counter_of:
        return
    o = turn.fighters.get(a.target or "")
    if o is not None and o.out is not None and d.action != ImpactAction.bridge:
        _forfeit(turn, a, f"{o.id} is already out of the fight")
        return
    if d.action in (ImpactAction.maneuver, ImpactAction.stop_hit) and o is not None:
        if not _stop_hit_allows(turn, a, o):
            return
        _offer_defense(turn, o, a)
        m = a.maneuver
        assert m is not None
        limb = limb_of(m, d.side, turn.pack.category(m.category).type)
        if limb is not None and limb in a.ko_areas:
            _forfeit(turn, a, f"the {limb} was knocked out before {a.id} could act")  # 001 L190, L306
            return
        if not reach(turn, a, o):
            _forfeit(
                turn, a, f"{o.id} is at {turn.range_of(a.id, o.id)} range, out of the {m.name}'s reach"
            )  # 001 L423
            return
        spend_setup_points(turn, a)
        landed = strike(turn, a, o)
        if d.action == ImpactAction.stop_hit:
            _stop_hit_outcome(turn, a, o, landed)
        exertion(turn, a)
        for v in d.variations:
            shift = turn.rules.variation(str(v)).next_speed
            if shift:
                a.next_mods = a.next_mods.model_copy(update={"speed": a.next_mods.speed + shift})
        return
    handler = HANDLERS.get(d.action)
    if handler is not None:
        handler(turn, a, o)


def _stop_hit_allows(turn: Turn, a: Fighter, o: Fighter) -> bool:
    """Whether ``a``'s maneuver goes ahead, a Stop-Hit on either side considered (001 L701-703): an interrupted
    maneuver is forfeited; a stop-hitter who lost the Speed Test lands nothing and gives his opponent the bonus; the
    opponent of a slower stop-hitter strikes with that bonus; a faster one's Stop-Hit takes its -3 and halving."""
    assert a.decl is not None
    if a.interrupted_by is not None:
        _forfeit(turn, a, f"{a.interrupted_by}'s Stop-Hit interrupted the maneuver")
        return False
    if a.decl.action == ImpactAction.stop_hit:
        if not a.faster(o):
            _forfeit(turn, a, f"the Stop-Hit lost the Speed Test to {o.id}")
            return False
        row = turn.rules.action(str(ImpactAction.stop_hit))
        a.turn_test, a.damage_divisor = a.turn_test + row.test, row.damage_divisor
        return True
    s = _stop_hitter_of(turn, a)
    if s is not None and o.id == s.id and not s.acted:
        _stop_hit_failed(turn, s, a)  # the stop-hitter is slower: his Speed Test is lost
    return True


def _stop_hit_outcome(turn: Turn, s: Fighter, o: Fighter, landed: bool) -> None:
    if landed and o.out is None:
        o.interrupted_by = s.id
        turn.say(f"{s.id}'s Stop-Hit stops {o.id}'s maneuver", ImpactEventKind.contest, s.id, other=o.id, value=1)
    elif not landed:
        _stop_hit_failed(turn, s, o)


def _stop_hit_failed(turn: Turn, s: Fighter, o: Fighter) -> None:
    """A failed Stop-Hit: the opponent finishes his maneuver at +1, and his damage to the stop-hitter +3 (001 L703)."""
    if s.stop_hit_failed:
        return
    s.stop_hit_failed = True
    row = turn.rules.action(str(ImpactAction.stop_hit))
    o.turn_test += row.failed_test
    o.turn_damage += row.failed_damage
    turn.say(
        f"{s.id}'s Stop-Hit fails: {o.id}'s maneuver +{row.failed_test} on its test, +{row.failed_damage} damage",
        ImpactEventKind.contest,
        s.id,
        other=o.id,
        value=-1,
    )


def _forfeit(turn: Turn, a: Fighter, why: str) -> None:
    a.acted, a.forfeited = True, True
    o = turn.fighters.get(a.target or "")
    if a.decl is not None and a.decl.action == ImpactAction.stop_hit and o is not None and o.out is None:
        _stop_hit_failed(turn, a, o)  # a Stop-Hit that never makes its hit test has failed (001 L701-703)
    turn.say(f"{a.id} forfeits the maneuver: {why}", ImpactEventKind.forfeited, a.id)


def _end_of_turn(turn: Turn) -> None:
    for f in turn.fighters.values():
        if f.out is None:
            defended(turn, f)
    for h in list(turn.holds):
        holder = turn.fighters[h.holder]
        m = turn.pack.maneuver(h.maneuver)
        lapsed = holder.sp <= 0 if turn.phase(5) else not h.renewed  # 001 L286; before Phase V: while repeated
        if lapsed:
            turn.holds.remove(h)
            turn.say(
                f"The {h.maneuver} hold on {h.victim} is broken", ImpactEventKind.hold_broken, h.holder, other=h.victim
            )
        elif m and m.hold and m.hold.knock_out_after and h.turns >= m.hold.knock_out_after:
            victim = turn.fighters[h.victim]
            if victim.out is None:  # 001 L266: a Choke held three turns
                victim.out, victim.knocked_out_by = ImpactOut.knocked_out, h.holder
                turn.say(
                    f"{h.victim} is knocked out by the {m.name}", ImpactEventKind.knocked_out, h.victim, other=h.holder
                )
                turn.holds = [x for x in turn.holds if h.victim not in (x.holder, x.victim)]
    for f in turn.fighters.values():
        knocked_out(turn, f, None)


def _next_state(turn: Turn, f: Fighter) -> None:
    """What waits for the fighter's next maneuver: a declared maneuver used up the old waiting bonuses."""
    if f.decl is None:
        f.knocked_down_now = f.knocked_down_now or f.knocked_down
        f.next_mods = ImpactNextMods(
            speed=f.mods.speed + f.next_mods.speed,
            test=f.mods.test + f.next_mods.test,
            damage=f.mods.damage + f.next_mods.damage,
        )
        f.next_bridge_bonus = f.next_bridge_bonus or f.bridge_bonus
        return
    name = f.maneuver.id if f.maneuver and f.decl.action == ImpactAction.maneuver else str(f.decl.action)
    if f.defending is not None:
        name = f.defending
    side, kick = f.parried if f.parried else (None, False)
    f.last = ImpactLastManeuver(maneuver=name, parried_side=side, parried_kick=kick)


def _finish(turn: Turn, request: ImpactTurnRequest, order: list[Fighter]) -> ImpactTurnAnswer:
    for f in turn.fighters.values():
        _next_state(turn, f)
    standing = [f for f in turn.fighters.values() if f.out is None]
    over = len(standing) <= 1
    awards = _awards(turn) if over else []
    if over:
        turn.say(
            f"The bout is over: {standing[0].id if standing else 'nobody'} stands",
            ImpactEventKind.bout_over,
            standing[0].id if standing else "",
        )
    warnings = [
        finding("ROLL_UNUSED", path_of("rolls") + map_key(k), "No rule rolled this die.", k) for k in turn.dice.unused()
    ]
    warnings += [
        finding("DECISION_UNUSED", path_of("decisions") + map_key(k), "The turn never asked this.", k)
        for k in sorted(set(request.decisions) - turn.used_decisions)
    ]
    fight = ImpactFight(
        turn=min(turn.n + 1, MAX_TURN),
        phase=turn.fight.phase,
        fighters=[
            ImpactCombatant(id=c.id, fighter=c.fighter, state=turn.fighters[c.id].state()) for c in turn.fight.fighters
        ],
        ranges=turn.pair_ranges(),
        holds=turn.hold_states(),
    )
    return _answer(
        turn,
        request,
        fight=fight,
        order=order_rows(turn, order),
        warnings=warnings,
        over=over,
        winner=standing[0].id if over and standing else None,
        awards=awards,
    )


def _awards(turn: Turn) -> list[ImpactAward]:
    """5 PP per opponent knocked out, and a PP per 4 unfilled health boxes (001 L721-722)."""
    row = turn.rules.awards[0]
    out = []
    for f in turn.fighters.values():
        kos = sum(1 for x in turn.fighters.values() if x.knocked_out_by == f.id and x.id != f.id)
        boxes = sum(
            max(0, f.area_figures(a.area)[2] - f.damage[a.area]) for a in f.built.areas if a.area not in f.ko_areas
        )
        ko_pp, health_pp = kos * row.per_knock_out, boxes // row.health_boxes_per_pp
        out.append(
            ImpactAward(
                fighter=f.id,
                knock_outs=kos,
                knock_out_pp=ko_pp,
                unfilled_boxes=boxes,
                health_pp=health_pp,
                total=ko_pp + health_pp,
            )
        )
    return out


def _refused(request: ImpactTurnRequest, violations: list[Finding]) -> ImpactTurnAnswer:
    return ImpactTurnAnswer(
        ruleset=RULESET, ruleset_version=VERSION, status=ImpactTurnStatus.complete, valid=False,
        violations=violations, warnings=[], unsupported=[], dice_needed=[], decisions_needed=[], rolls=[], order=[],
        log=[], events=[], fight=request.fight, bout_over=False,
    )  # fmt: skip


def _answer(
    turn: Turn,
    request: ImpactTurnRequest,
    *,
    violations: list[Finding] | None = None,
    warnings: list[Finding] | None = None,
    dice_needed: list[ImpactDieNeeded] | None = None,
    decisions_needed: list[ImpactDecisionNeeded] | None = None,
    fight: ImpactFight | None = None,
    order: list[ImpactOrder] | None = None,
    over: bool = False,
    winner: str | None = None,
    awards: list[ImpactAward] | None = None,
) -> ImpactTurnAnswer:
    pending = bool(dice_needed or decisions_needed)
    unsupported: list[Unsupported] = turn.unsupported
    return ImpactTurnAnswer(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=ImpactTurnStatus.decision_required if pending else ImpactTurnStatus.complete,
        valid=not violations,
        violations=violations or [],
        warnings=warnings or [],
        unsupported=unsupported,
        dice_needed=dice_needed or [],
        decisions_needed=decisions_needed or [],
        rolls=[
            ImpactRoll(key=r.key, die=f"d{r.sides}", face=r.face, source=str(r.source), purpose=r.purpose)
            for r in turn.dice.rolls
        ],
        order=order or [],
        log=turn.log,
        events=turn.events,
        fight=fight or request.fight,
        bout_over=over,
        winner=winner,
        awards=awards or [],
    )
