"""Resolving one Impact turn (001 L310-316, L579-683, L685-713): declarations checked, Draws, counter-bridges,
Speed Tests, each fighter's maneuver in order, then the end of the turn (defence gains, holds, knock-outs, the
bout's end and its Purchase Point awards). The turn speaks the core turn protocol (``core.protocol``): a missing die
or decision halts the first pass, and a look-ahead names every die and decision to the end of the turn."""

from __future__ import annotations

from collections.abc import Callable

from ...core.construct import built
from ...core.dice import DieOutOfRange, DiePending, KeyedDice, TooManyDice
from ...core.findings import Finding, map_key, path_of
from ...core.protocol.keys import KeyParts, parse
from ...core.protocol.models import DecisionNeeded, DieNeeded, RollRecord, StepStatus
from ...core.protocol.steps import Decider, DecisionPending, DecisionRefused, Decisions, look_ahead, unused_keys
from ..codes import finding, refusal
from ..identity import RULESET, VERSION
from ..pack import chosen_pack, custom_pack_findings
from ..tables.rules import rules
from .actions import HANDLERS, defended, draw, reach
from .combatants import Fighter, limb_of, load, unvalidated
from .context import Hold, Turn, defence_check
from .declarations import check
from .models import (
    MAX_TURN,
    ImpactAction,
    ImpactAward,
    ImpactCombatant,
    ImpactDeclaration,
    ImpactEventKind,
    ImpactFight,
    ImpactLastManeuver,
    ImpactNextMods,
    ImpactOrder,
    ImpactOut,
    ImpactTurnAnswer,
    ImpactTurnRequest,
)
from .speed import order_rows, speed_tests
from .strikes import exertion, knocked_out, spend_setup_points, strike

DIE_POINTS = frozenset(
    {"speed", "speed_tie", "hit", "difficulty", "resistance", "special", "stamina", "tactics"}
    | {a.value for a in (ImpactAction.draw, ImpactAction.feint, ImpactAction.lead)}  # their contests' dice
    | {f"{a}_stamina" for a in ImpactAction}
)
DECISION_POINTS = frozenset({"defend", "counter_bridge", "feinted", "draw_seen"})
STRIKING = (ImpactAction.maneuver, ImpactAction.stop_hit)


def resolve_turn(
    request: ImpactTurnRequest,
    decider: Decider | None = None,
    declare: Callable[[Turn], list[ImpactDeclaration]] | None = None,
) -> ImpactTurnAnswer:
    """The turn; ``decider`` (in-process callers only) answers each decision the request leaves open where it is met,
    as a client would answer the same ``decisions_needed`` entry. ``declare`` (in-process callers only) makes the
    request's declarations from the turn as it opens, before any is read (they are simultaneous): the answer is
    that of the request carrying them."""
    broken = request_problems(request)
    if broken:
        return _refused(request, broken)
    turn = open_turn(request, decider)
    declarations = (
        request.declarations if declare is None else declare(turn)
    )  # the request is copied only to look ahead
    violations = check(turn, declarations)
    if violations:
        return _answer(turn, request, StepStatus.invalid, violations=violations)
    try:
        order = _play(turn)
    except (DiePending, DecisionPending):
        if declare is not None:
            request = request.model_copy(update={"declarations": declarations})
        ahead = look_ahead(request, lambda dice, decisions: _rerun(request, dice, decisions), (DieOutOfRange,))
        return _answer(turn, request, StepStatus.decision_required, dice=ahead.dice, decisions=ahead.decisions)
    except DieOutOfRange as bad:
        path = path_of("rolls") + map_key(bad.key)
        return _answer(turn, request, StepStatus.invalid, violations=[finding("ROLL_INVALID", path, str(bad), bad.key)])
    except DecisionRefused as refused:
        return _answer(turn, request, StepStatus.invalid, violations=[refused.finding()])
    except TooManyDice as many:
        return _answer(turn, request, StepStatus.invalid, violations=[finding("ROLL_INVALID", "rolls", str(many))])
    return _finish(turn, request, order)


def _rerun(request: ImpactTurnRequest, dice: KeyedDice, decisions: Decisions) -> None:
    """The same turn again from scratch with the look-ahead's dice and decisions (``core.protocol.look_ahead``)."""
    turn = open_turn(request, dice=dice, decisions=decisions)
    if not check(turn, request.declarations):
        _play(turn)


def request_problems(request: ImpactTurnRequest) -> list[Finding]:
    """What refuses the whole request before any declaration is read: its own pack, and a fight that does not hold
    together."""
    broken = custom_pack_findings(request)
    return broken + [finding("FIGHT_INVALID", path, message) for path, message in request.fight.problems()]


def open_turn(
    request: ImpactTurnRequest,
    decider: Decider | None = None,
    dice: KeyedDice | None = None,
    decisions: Decisions | None = None,
) -> Turn:
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
        dice=dice or KeyedDice(seed=request.seed, supplied=request.rolls),
        decisions=decisions or Decisions.of(request, decider=decider),
        ranges={frozenset((r.a, r.b)): r.range for r in fight.ranges},
        holds=[Hold(h.maneuver, h.holder, h.victim, h.area, h.turns) for h in fight.holds],
        trusted=decider is not None,
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
    """The bridger's opponent may bridge too, to hold the range (001 L214); not one who bridges or draws himself,
    already counter-bridges, or is held (001 L288)."""
    key = turn.key(o.id, "counter_bridge", b.id)
    if turn.holds_on(o.id):
        turn.refuse_given(key, refusal("HELD_CANNOT_BRIDGE", f"{o.id} is held in a sustained hold and may not bridge."))
        return
    if o.decl is None or o.decl.action in (ImpactAction.bridge, ImpactAction.draw) or o.counter_of:
        why = f"{o.id} bridges, draws or counter-bridges already, or declared nothing."
        turn.refuse_given(key, refusal("COUNTER_BRIDGE_NOT_OFFERED", why))
        return
    choices = [("keep", "keep the declared maneuver"), (ImpactAction.bridge.value, f"counter-bridge against {b.id}")]
    text = f"{b.id} bridges: {o.id} may bridge too to hold the range"
    if turn.decide(key, "counter_bridge", "bridging", o.id, choices, "keep", text) == ImpactAction.bridge:
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
    key = turn.key(d.id, "defend", a.id)
    if d.out is not None:
        turn.refuse_given(key, refusal("FIGHTER_OUT", f"{d.id} is out of the fight."))
        return
    if d.acted or d.defending is not None or d.counter_of:
        why = f"{d.id} has already performed his maneuver (or defends or counter-bridges) when {a.id} attacks."
        turn.refuse_given(key, refusal("DEFEND_AFTER_ACTING", why), ("keep", d.defending or "keep"))
        return
    if _stop_hitter_of(turn, d) is not None or (d.decl is not None and d.decl.action == ImpactAction.stop_hit):
        why = f"{d.id} must follow through: a Stop-Hit is under way between {d.id} and {a.id}."
        turn.refuse_given(key, refusal("DEFEND_AGAINST_STOP_HIT", why))
        return
    tactics = [(t, f"defend with {t} (level {level})") for t, level in d.tactics_levels.items() if level > 0]
    choices = [("keep", "keep the declared maneuver"), *tactics]
    values = [v for v, _ in choices]
    text = f"{a.id} attacks {d.id} first: drop the maneuver and defend?"
    pick = turn.decide(
        key, "defend", ImpactAction.defense.value, d.id, choices, "keep", text, defence_check(turn, d, values)
    )
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
        figures={"test": row.failed_test, "damage": row.failed_damage},
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
        mods = {
            "speed": f.mods.speed + f.next_mods.speed,
            "test": f.mods.test + f.next_mods.test,
            "damage": f.mods.damage + f.next_mods.damage,
        }
        f.next_mods = unvalidated(ImpactNextMods, mods) if turn.trusted else ImpactNextMods(**mods)
        f.next_bridge_bonus = f.next_bridge_bonus or f.bridge_bonus
        return
    name = f.maneuver.id if f.maneuver and f.decl.action == ImpactAction.maneuver else str(f.decl.action)
    if f.defending is not None:
        name = f.defending
    side, kick = f.parried if f.parried else (None, False)
    last = {"maneuver": name, "parried_side": side, "parried_kick": kick}
    f.last = unvalidated(ImpactLastManeuver, last) if turn.trusted else ImpactLastManeuver(**last)


def _finish(turn: Turn, request: ImpactTurnRequest, order: list[Fighter]) -> ImpactTurnAnswer:
    violations, warnings = _key_findings(turn, request)
    if violations:
        return _answer(turn, request, StepStatus.invalid, violations=violations, warnings=warnings)
    for f in turn.fighters.values():
        _next_state(turn, f)
    standing = [f for f in turn.fighters.values() if f.out is None]
    over = len(standing) <= 1
    awards = _awards(turn) if over else []
    if over:
        turn.say(
            f"The bout is over: {standing[0].id if standing else 'nobody'} stands",
            ImpactEventKind.bout_over,
            standing[0].id if standing else None,
        )
    fight = _trusted_fight(turn) if turn.trusted else ImpactFight(
        turn=min(turn.n + 1, MAX_TURN),
        phase=turn.fight.phase,
        fighters=[
            ImpactCombatant(id=c.id, fighter=c.fighter, state=turn.fighters[c.id].state()) for c in turn.fight.fighters
        ],
        ranges=turn.pair_ranges(),
        holds=turn.hold_states(),
        campaign=turn.fight.campaign,
    )  # fmt: skip
    return _answer(
        turn,
        request,
        StepStatus.over if over else StepStatus.resolved,
        warnings=warnings,
        fight=fight,
        order=order_rows(turn, order),
        winner=standing[0].id if over and standing else None,
        awards=awards,
    )


def _trusted_fight(turn: Turn) -> ImpactFight:
    """The fight after the turn as ``_finish`` gives it, built unvalidated (an in-process turn's own figures)."""
    fighters = [
        unvalidated(ImpactCombatant, {"id": c.id, "fighter": c.fighter, "state": turn.fighters[c.id].state(True)})
        for c in turn.fight.fighters
    ]
    return unvalidated(
        ImpactFight,
        {
            "turn": min(turn.n + 1, MAX_TURN),
            "phase": turn.fight.phase,
            "fighters": fighters,
            "ranges": turn.pair_ranges(),
            "holds": turn.hold_states(),
            "campaign": turn.fight.campaign,
        },
    )


def _key_findings(turn: Turn, request: ImpactTurnRequest) -> tuple[list[Finding], list[Finding]]:
    """Keys the resolved turn never read: a decision sent to someone the rule does not ask is refused by that rule
    (a defence against a fighter who did not attack him, a counter-bridge with no bridge …); the rest are the core's
    strict/lenient key findings (``core.protocol.unused_keys``)."""
    misaddressed = []
    for key in sorted(set(request.decisions) - turn.decisions.used):
        parts = parse(key)
        fits = parts is not None and _fits(turn, parts) and request.decisions[key] != "keep"
        found = _misaddressed(turn, parts) if parts is not None and fits else None
        if found is not None:
            misaddressed.append(DecisionRefused(key, refusal(*found)).finding())
    used = turn.decisions.used | {f.key for f in misaddressed if f.key}
    violations, warnings = unused_keys(request, used, turn.dice.used, lambda p: _fits(turn, p))
    return misaddressed + violations, warnings


def _fits(turn: Turn, p: KeyParts) -> bool:
    """Whether a key names a decision point or die this turn can have: this turn, a fighter of the fight, a point of
    the turn, another fighter of the fight (``@other``); no window or move (Impact has neither)."""
    return (
        p.letter == "T"
        and p.n == turn.n
        and p.fighter in turn.fighters
        and p.point in DIE_POINTS | DECISION_POINTS
        and (p.other is None or (p.other in turn.fighters and p.other != p.fighter))
        and p.window is None
        and p.move == 1
    )


def _aimed_at(turn: Turn, p: KeyParts, actions: tuple[ImpactAction, ...]) -> bool:
    """Whether a declaration of one of ``actions`` (by ``p.other`` when the key names him) is aimed at the key's
    fighter."""
    return any(
        f.decl is not None and f.decl.action in actions and f.target == p.fighter and p.other in (None, f.id)
        for f in turn.fighters.values()
        if f.id != p.fighter
    )


def _misaddressed(turn: Turn, p: KeyParts) -> tuple[str, str] | None:
    """The rule a decision at a point the turn never reached breaks, when the request itself shows it could not be
    asked: a defence, counter-bridge or Feint reply with nobody attacking, bridging or feinting the fighter, a Draw
    reply by a fighter who drew nobody."""
    me = turn.fighters[p.fighter]
    if p.point == "defend" and not _aimed_at(turn, p, STRIKING):
        return "DEFEND_NOT_ATTACKED", f"No maneuver {'of ' + p.other + ' ' if p.other else ''}is aimed at {me.id}."
    if p.point == "counter_bridge" and not _aimed_at(turn, p, (ImpactAction.bridge,)):
        return "COUNTER_BRIDGE_NOT_OFFERED", f"Nobody bridges against {me.id}."
    if p.point == "feinted" and not _aimed_at(turn, p, (ImpactAction.feint,)):
        return "FEINT_REPLY_NOT_OFFERED", f"No Feint is aimed at {me.id}."
    if p.point == "draw_seen" and (me.decl is None or me.decl.action != ImpactAction.draw):
        return "DRAW_REPLY_NOT_OFFERED", f"{me.id} does not draw."
    return None


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


def _out(turn: Turn | None, fight: ImpactFight, answered: ImpactFight) -> list[str]:
    """Who is out of the fight: those out before the turn in seat order, then those the turn put out, in order."""
    before = [c.id for c in fight.fighters if c.state.out is not None]
    now = {c.id for c in answered.fighters if c.state.out is not None}
    gone = [
        e.fighter
        for e in (turn.events if turn else [])
        if e.kind in (ImpactEventKind.knocked_out, ImpactEventKind.died)
    ]
    out = before + [f for f in gone if f and f in now and f not in before]
    return list(dict.fromkeys(out))


def _refused(request: ImpactTurnRequest, violations: list[Finding]) -> ImpactTurnAnswer:
    return ImpactTurnAnswer(
        ruleset=RULESET, ruleset_version=VERSION, status=StepStatus.invalid, violations=violations, warnings=[],
        unsupported=[], dice_needed=[], decisions_needed=[], rolls=[], over=False, winner=None,
        out=_out(None, request.fight, request.fight), order=[], log=[], events=[], fight=request.fight, awards=[],
    )  # fmt: skip


def _answer(
    turn: Turn,
    request: ImpactTurnRequest,
    status: StepStatus,
    *,
    violations: list[Finding] | None = None,
    warnings: list[Finding] | None = None,
    dice: list[DieNeeded] | None = None,
    decisions: list[DecisionNeeded] | None = None,
    fight: ImpactFight | None = None,
    order: list[ImpactOrder] | None = None,
    winner: str | None = None,
    awards: list[ImpactAward] | None = None,
) -> ImpactTurnAnswer:
    answered = fight or request.fight
    if turn.trusted:  # in process: the answer holds the turn's own values (the public answer below is validated)
        return built(ImpactTurnAnswer, _trusted_answer(turn, request, status, violations, warnings, dice, decisions) | {
            "over": status == StepStatus.over, "winner": winner, "out": _out(turn, request.fight, answered),
            "order": order or [], "log": turn.log, "events": turn.events, "fight": answered, "awards": awards or [],
        })  # fmt: skip
    return ImpactTurnAnswer(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=status,
        violations=violations or [],
        warnings=(warnings or []) + turn.decisions.warnings,  # with answers given ahead that were set aside
        unsupported=turn.unsupported,
        dice_needed=dice or [],
        decisions_needed=decisions or [],
        rolls=[
            RollRecord(key=r.key, die=f"1d{r.sides}", result=r.face, purpose=r.purpose, source=r.source)
            for r in turn.dice.rolls
        ],
        over=status == StepStatus.over,
        winner=winner,
        out=_out(turn, request.fight, answered),
        order=order or [],
        log=turn.log,
        events=turn.events,
        fight=answered,
        awards=awards or [],
    )


def _trusted_answer(
    turn: Turn,
    request: ImpactTurnRequest,
    status: StepStatus,
    violations: list[Finding] | None,
    warnings: list[Finding] | None,
    dice: list[DieNeeded] | None,
    decisions: list[DecisionNeeded] | None,
) -> dict[str, object]:
    """The envelope's fields of an in-process answer, each as ``_answer`` gives it (roll records unvalidated), in
    the model's field order (the order its JSON is written in)."""
    return {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "status": status,
        "violations": violations or [],
        "warnings": (warnings or []) + turn.decisions.warnings,
        "unsupported": turn.unsupported,
        "decisions_needed": decisions or [],
        "dice_needed": dice or [],
        "rolls": [
            built(
                RollRecord,
                {"key": r.key, "die": f"1d{r.sides}", "result": r.face, "purpose": r.purpose, "source": r.source},
            )
            for r in turn.dice.rolls
        ],
    }
