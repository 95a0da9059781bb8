"""One turn of Dramatic Combat (000 L7066–L7445) on the same spine as the main system: the request, keys, keyed dice,
decisions with their legal choices, log, Glory, Time Roll and answer are the resolver's; what differs is the turn's
own flow. Initiative comes from Speed plus the Control Bonus with no Control roll, Action Points are granted and
banked, every attack is a Basic Move unless an option says otherwise, a hit always costs a target who has not acted
his action, and Healing Life Bar closes the turn.

This module runs the turn: the point grant, showing off, Initiative re-rolls, the free Flourish of a tie within
Range 0–2, Ignore Hit Stun, each fighter's movement and action, Full Defense and its recovery point, Healing Life
Bar, Super Energy (ruling C4) and the Time Roll. The attack and the options that ride on it are
``dramatic_attack``, ``dramatic_attack_options`` and ``dramatic_defense``; the skill checks in place of an attack
are ``dramatic_checks``; Team-Up is ``team`` and Taking a Hit ``interpose``; what they share is ``dramatic_base``.

Ours: in mode `range` a Dramatic turn takes more than two fighters, one Range between every pair of opponents
(000 L5605, L7106), so movement, Knock Back and escapes change it for all of them. Opponents tied on Initiative with
no Flourish between them act at once (000 L5519–L5573): all declare in request order (there is no Control to order
them by, 000 L7084), those who stay put act before those who move, a hit between them costs no action, and one
defeated among them still makes his declared action (as in the main system's ruling). On a Band Map (000 L7106)
each keeps his band and every Range is the bands' difference (``bands``).
"""

from __future__ import annotations

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import (
    ActionType,
    Choice,
    ChoiceOption,
    DecisionValue,
    Direction,
    DramaticBoost,
    DramaticOption,
    ResponseKind,
)
from ..elements import ongoing, super_only, tag_team
from ..elements.effects import heal
from ..elements.throws import multi_part_throw
from ..protocol import events
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..turn.h_time import time_roll
from . import actions as dramatic_actions
from . import attack_options as dramatic_attack_options
from . import bands, conditions, evasion, kept_states, move_elements, tag
from . import checks as dramatic_checks
from . import defense as dramatic_defense
from .attack import attack, chain_action, chain_ends, hold_again, let_go
from .base import Dram, choice, ignore_hit_stun, load, shift_range, spendable, store
from .climactic import announce
from .climactic import fire as climactic_fire
from .end import end_of_turn
from .face_off import settle as settle_face_offs
from .flourish import invite, tied_flourishes
from .initiative import initiative, mark_simultaneous, turn_order
from .leaving import in_fight, leave
from .mind import manipulate
from .mind import offered as mind_choices
from .pauses import yell, yell_choices
from .secondary import ask as ask_secondary
from .secondary import ask_power
from .spirit import against_spirit
from .spirit import offered as spirit_choices
from .spirit import open_combat as open_spirit_combat
from .team import lapse as lapse_team_ups
from .team import offered as team_choices
from .team import team_up

# the options a decision at the action may name, besides a plain attack (000 L7138–L7309)
_RESOLVED = frozenset(
    {
        DramaticOption.basic_boost,
        DramaticOption.special_move,
        DramaticOption.property_damage,
        DramaticOption.full_defense,
        DramaticOption.flourish,  # an invitation (the Flourish of a tie is free and asked of no one)
        DramaticOption.leaving_combat,
        DramaticOption.climactic_super_move,  # only once announced
        DramaticOption.ki_yelling,
        DramaticOption.mind_manipulation,
        DramaticOption.spirit_combat,
        DramaticOption.call_forth_wisdom,
        DramaticOption.zen_state,
        DramaticOption.team_up,
        *dramatic_attack_options.DECLARED,
        *dramatic_checks.EFFECTS,
    }
)


# ── Actions ────────────────────────────────────────────────────────────────────────────────────────


def _act(ctx: Turn, ds: dict[str, Dram], d: Dram) -> None:
    chosen = _choose(ctx, ds, d)
    if chosen is not None:
        d.f.acted = False  # under way: a Temporary Technique's loan lasts through this action (000 L4331)
        _carry(ctx, ds, d, *chosen)
        d.f.acted = True


def _reversal(d: Dram, v: DecisionValue) -> MoveProfile | None:
    """The Reversal move he rises with, when ``v`` is his attack in place of standing up (000 L4115, L4119)."""
    m = d.f.move((v.moves or [""])[0]) if v.action is ActionType.attack else None
    return m if m is not None and m.offensive and ResponseKind.reversal.value in m.responses else None


def _carry(ctx: Turn, ds: dict[str, Dram], d: Dram, key: str, v: DecisionValue) -> None:
    """His action; a Reversal he rose with that misses costs two Initiative die sizes next turn (000 L4115)."""
    rising = d.f.stood_this_turn and _reversal(d, v) is not None
    was, d.hit_opponent = d.hit_opponent, False
    carry_out(ctx, ds, d, key, v)
    hit, d.hit_opponent = d.hit_opponent, was or d.hit_opponent
    if rising and not hit:
        d.next_steps -= 2
        ctx.note("D", d.f.id, f"{d.f.id}'s Reversal missed: −2 Initiative die sizes next turn.", "000 L4115")


def _together(ctx: Turn, ds: dict[str, Dram], group: list[Dram]) -> None:
    """Opponents on one Initiative with no Flourish between them: all declare, those not moving act first, then
    those who move (000 L5519–L5573, L7080)."""
    ctx.note(
        "A.4",
        None,
        f"{', '.join(d.f.id for d in group)} share Initiative {group[0].f.init}: they act at the same moment.",
        "000 L5519, L7080",
    )
    declared = [(d, c) for d in group if (c := _choose(ctx, ds, d)) is not None]
    quiet = [c[1].action in dramatic_actions.NON_ATTACK for _, c in declared]
    if any(quiet) and not all(quiet):  # 000 L6039
        key = next(c[0] for (_, c), q in zip(declared, quiet, strict=True) if q)
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.action",
            f"{key}: a non-attack action on a simultaneous Initiative needs every one of them to take one (000 L6039).",
            key=key,
        )
    declared.sort(key=lambda x: bool(x[1][1].movement))  # stable: request order within each part
    for d, (_, v) in declared:
        # ruling: a Utility move on the same Initiative is performed as the attack is, so its Temporary
        # Invulnerability guards him too (000 L4323–L4327, L7080)
        d.declared = v.moves[0] if v.moves and v.action in (ActionType.attack, ActionType.utility) else None
    for d, (key, v) in declared:
        _carry(ctx, ds, d, key, v)


def _from_the_ground(ctx: Turn, ds: dict[str, Dram], d: Dram) -> tuple[str, DecisionValue] | None:
    """Down before acting, with an Only When Prone move: stand up, or strike with it from the ground instead
    (000 L4737–L4743); with an Offensive Reversal move, rise with it as the main turn's stand-up offers it
    (000 L4115, L4119); None when he stands."""
    f = d.f
    if not any(
        (m.trait(MoveTrait.prone_only) and m.offensive) or _reversal(d, _at(m)) is not None
        for m in f.prof.moves.values()
    ):
        return None
    key, v = ctx.decide(
        f.id,
        "action",
        "C",
        f"{f.id} is down: stand up (nothing), strike from the ground with an Only When Prone move, or rise with a "
        "Reversal?",
        DecisionValue(action=ActionType.none),
        lambda: (
            [choice(DecisionValue(action=ActionType.none), "stand up")]
            + [
                c
                for t in _reachable(ctx, ds, d)
                for c in attack_choices(ctx, d, t)
                if (m := f.move((c.value.moves or [""])[0])) is not None
                and (m.trait(MoveTrait.prone_only) or _reversal(d, c.value) is not None)
            ]
        ),
    )
    if (rev := _reversal(d, v)) is not None and not rev.trait(MoveTrait.prone_only):
        return _rise(ctx, d, rev, key, v)
    m = f.move((v.moves or [""])[0]) if v.action is ActionType.attack else None
    if m is None or not m.trait(MoveTrait.prone_only):
        if v.action not in (None, ActionType.none) or v.option is not None:
            ctx.fail("DECISION_INVALID", key, f"{key}: stand up, an Only When Prone move or a Reversal.", key=key)
        return None
    return key, v


def _at(m: MoveProfile) -> DecisionValue:
    return DecisionValue(action=ActionType.attack, moves=[m.id])


def _rise(ctx: Turn, d: Dram, m: MoveProfile, key: str, v: DecisionValue) -> tuple[str, DecisionValue]:
    """He rises with the Reversal: standing from then on; −2 Accuracy, none if he has Initiative over every opponent
    (000 L4115, L4119; ruling: the main turn's −2 when he does not)."""
    f = d.f
    f.knocked_down = False
    f.stood_this_turn = True
    d.realize_next = True  # just stood up: Realize Potential next turn (000 L7259)
    first = all(f.init > o.init for o in ctx.opponents(f))
    if not first:
        d.accuracy_now -= 2
    ctx.note(
        "B",
        f.id,
        f"{f.id} rises with the Reversal {m.name}" + ("." if first else " (−2 Accuracy)."),
        "000 L4115, L4119",
        change={"knocked_down": False},
    )
    return key, v


def _choose(ctx: Turn, ds: dict[str, Dram], d: Dram) -> tuple[str, DecisionValue] | None:
    """What comes before his action, and the action decision itself (None when he has no action to choose)."""
    f = d.f
    if d.acted or not f.active:
        return None
    d.acted = True
    f.acted = True
    if d.returning and not _rests(ctx, ds, d):  # knocked out of the fight (000 L7195, ruling C14)
        return None
    if d.idle:  # Mind-Manipulating Magic (000 L7285)
        ctx.note("B", f.id, f"{f.id} does nothing this turn, his mind in another's grip.", "000 L7285")
        return None
    if d.dictated_by:
        ctx.note("B", f.id, f"{d.dictated_by} says what {f.id} does this turn.", "000 L7285")
    if d.keep_awaiting:  # he chose at Initiative to go on awaiting (000 L6049)
        d.awaiting = d.non_attack = True
        ctx.note("B", f.id, f"{f.id} goes on Awaiting an Opening.", "000 L6049")
        return None
    if d.climactic:  # it goes off through Hit Stun, Knock Down or Stun (000 L7160)
        key, v = ctx.decide(
            f.id, "action", "C", f"{f.id}: the Climactic Super Move goes off.", None, lambda: _csm(ctx, d)
        )
        if v.option is not DramaticOption.climactic_super_move:
            ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: the announced move must go off.", key=key)
        climactic_fire(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key, ds)
        return None
    if f.knocked_down and not f.stunned and (struck := _from_the_ground(ctx, ds, d)) is not None:
        return struck  # Only When Prone in place of standing up; he is still down after it (000 L4741)
    if f.knocked_down and not f.stunned:  # down (from the state): his action is standing up (000 L5958)
        f.knocked_down = False
        f.stood_this_turn = True  # attacked after this, a Reversal Response is open, as in the main turn (000 L5888)
        d.realize_next = True  # just stood up: Realize Potential next turn (000 L7259)
        ctx.note(
            "B", f.id, f"{f.id} spends his action standing up.", "000 L5958, L7259", change={"knocked_down": False}
        )
        return None
    if f.stunned:
        f.stunned -= 1
        d.realize_next = not f.stunned  # back from Stun: Realize Potential next turn (000 L7265)
        ctx.note("B", f.id, f"{f.id} spends his action recovering from Stun.", "000 L5972–L5990")
        return None
    if d.entangled:  # lost whatever he spends (000 L3306)
        ctx.note("B", f.id, f"{f.id} is Entangled: his action is lost.", "000 L3306")
        return None
    if (holder := kept_states.held(ctx, f)) is not None:  # whatever he may spend (000 L4385)
        ctx.note("B", f.id, f"{f.id} is held in {holder}'s Sustained Hold: no action this turn.", "000 L4385")
        return None
    if multi_part_throw.held_down(ctx, f):  # locked in a Multi-Part Throw until it ends (000 L3767)
        return None
    if d.hit_stunned and not ignore_hit_stun(ctx, d):
        return None
    if kept_states.waiting(f):  # his Slow Startup move goes off, his action (000 L4846–L4848)
        _release(ctx, ds, d)
        return None
    if (due := kept_states.hold_due(ctx, f)) is not None:  # Initiative won outright: the hold again (000 L4387)
        hold_again(ctx, d, ds[due[1].id], due[0])
        return None
    if chain_action(ctx, d, ds, None):  # no link of his Multi-Part Throw he could pay for (000 L3775, L7084)
        return None
    foes = {o.id for o in ctx.opponents(f)}
    standing = [s for s in (d.standing, *d.stand_also) if s in foes]  # his opponents still in it (000 L7273)
    if standing:
        stand_off_turn(ctx, d, standing[0], tuple(standing[1:]))
        return None
    ask_secondary(ctx, d)  # not his action (000 L7277)
    ask_power(ctx, d)
    key, v = ctx.decide(
        f.id,
        "action",
        "C",
        f"{f.id}: movement and one action (Basic Move, an Action Point option, Full Defense or nothing).",
        None,
        lambda: _action_choices(ctx, ds, d),
    )
    return key, v


def _release(ctx: Turn, ds: dict[str, Dram], d: Dram) -> None:
    """His Slow Startup move readied last turn strikes the one it was readied against, in range or not
    (000 L4846–L4848), as with Thugs."""
    use = kept_states.released_use(ctx, d.f)  # a Utility move's: its effects now (000 L4842, L4846)
    if use is not None:
        v = DecisionValue(action=ActionType.utility, moves=[use[0].id], target=use[1])
        foes, others = [ds[o.id] for o in ctx.opponents(d.f)], [x for x in ds.values() if x is not d]
        dramatic_actions.act(ctx, d, v, ctx.key(d.f.id, "action"), foes, None, others, released=True)
        return
    found = kept_states.release(ctx, d.f, [o.id for o in ctx.opponents(d.f) if o.active])
    if found is None:
        return
    m, tid = found
    t = ds[tid]
    if (
        kept_states.unreachable(t.f)
        or kept_states.locked(ctx, d.f, t.f)
        or (t.f.knocked_down and not move_elements.pursues(m))
    ):  # ruling: out of every attack's reach now (000 L3380, L4393, L3769, L5968), it spends his action
        ctx.note("B.1", d.f.id, f"{m.name} cannot reach {tid} now: the action is spent.", "000 L4846, L5968")
        return
    v = DecisionValue(action=ActionType.attack, moves=[m.id], target=tid)
    attack(ctx, d, t, v, ctx.key(d.f.id, "action"), ds=ds, released=True)


def _holds(ctx: Turn, ds: dict[str, Dram]) -> None:
    """Before anyone acts: on a Sustained Hold's second turn a holder without Initiative won outright lets go
    (000 L4389); a Multi-Part Throw whose victim wins or ties Initiative ends, and the thrower loses his action
    (000 L3773); ruling as the main turn: before any action."""
    for a, m, t, earned in kept_states.settle_holds(ctx):
        let_go(ctx, ds[a.id], ds[t.id], m, earned)
    for a in multi_part_throw.outdone(ctx):
        chain_ends(ctx, ds[a.id], ds, "the one he holds wins or ties Initiative")
        ds[a.id].acted = a.acted = True
        ctx.note("B", a.id, f"{a.id} loses his action this turn.", "000 L3773")


# what a fighter knocked out of the fight may do while he rests away from it (000 L7195, L7152)
_RESTING = frozenset({*dramatic_checks.AWAY_FREE, DramaticOption.meditation, DramaticOption.sense_ki})


def _rests(ctx: Turn, ds: dict[str, Dram], d: Dram) -> bool:
    """Knocked out of the fight, he comes back (a whole turn, ruling C14), rests away from it, or leaves the scene
    (000 L7195). True when he rests: his action is then one of the recovery options, without their usual
    conditions if he is alone on his side (000 L7152), or nothing. Ours: resting keeps his turns of coming back
    for later; leaving the scene takes him out of the fight as a defeat with no damage (as Mind-Manipulating
    Magic's removal: the state knows no other way out)."""
    f = d.f
    back = DecisionValue(choice=Choice.move)
    key, v = ctx.decide(
        f.id,
        "knocked_out",
        "B",
        f"{f.id} is out of the fight: come back (a turn), rest away from it, or leave the scene?",
        back,
        [
            choice(back, "come back"),
            choice(DecisionValue(choice=Choice.stay), "rest"),
            choice(DecisionValue(choice=Choice.away), "leave the scene"),
        ],
    )
    if v.choice is Choice.stay:
        ctx.note("B", f.id, f"{f.id} rests away from the fight.", "000 L7195, L7152")
        return True
    if v.choice is Choice.away:
        f.life, f.defeated = 0, True
        ctx.note("B", f.id, f"{f.id} leaves the scene.", "000 L7195", change={"life_bar": 0, "defeated": True})
        return False
    if v.choice not in (Choice.move, None):
        ctx.fail("DECISION_INVALID", f"{key}.choice", f"{key}: move (come back), stay (rest) or away.", key=key)
    d.returning -= 1
    ctx.note("B", f.id, f"{f.id} spends the turn coming back to the fight.", "000 L7195")
    return False


def stand_off_turn(ctx: Turn, d: Dram, partner: str, others: tuple[str, ...] = ()) -> None:
    """A Stand Off turn: no action; rest to heal at the end, or weigh up the stance of an opponent in it
    (000 L7273; ``others``: his other opponents in a Stand Off of more than two)."""
    rest = DecisionValue(action=ActionType.none)
    foes = (partner, *others)
    stances = [
        choice(DecisionValue(option=DramaticOption.stance_evaluation, target=x), f"Stance Evaluation of {x}")
        for x in foes
    ]
    key, v = ctx.decide(
        d.f.id,
        "action",
        "C",
        f"{d.f.id} stands off against {', '.join(foes)}: rest to heal at the end of the turn, or weigh up a stance?",
        rest,
        [choice(rest, "rest (1d6 + PL at the end)"), *stances],
    )
    if v.dash:  # no movement in a Stand Off turn, so nothing for a Dash to lead (000 L7273, L2175)
        why = f"{key}: in a Stand Off he neither moves nor attacks (000 L7273); a Dash has nothing to carry."
        ctx.fail("DASH_INVALID", f"{key}.dash", why, key=key)
    if v.option is DramaticOption.stance_evaluation:
        target = v.target or partner
        if target not in foes:
            ctx.fail(
                "TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {target} is not his opponent in the Stand Off.", key=key
            )
        dramatic_checks.stand_off_stance(ctx, d, target, key)
    elif v.option is None and v.action in (None, ActionType.none) and not v.movement:
        d.stand_heal = True
        ctx.note("C", d.f.id, f"{d.f.id} catches his breath.", "000 L7273")
    else:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", key, f"{key}: in a Stand Off he takes no action (000 L7273).", key=key)


def _csm(ctx: Turn, d: Dram) -> list[ChoiceOption]:
    out = []
    for t in ctx.opponents(d.f):
        base = DecisionValue(option=DramaticOption.climactic_super_move, target=t.id)
        out.append(choice(base, f"Climactic Super Move at {t.id}"))
        for n in (1, 2, 3):
            value = base.model_copy(update={"movement": n, "direction": Direction.toward})
            out.append(choice(value, f"Climactic Super Move at {t.id}, {n} Range(s) in"))
    return out


def _opponent(ctx: Turn, ds: dict[str, Dram], d: Dram, target: str | None, key: str, crossing: bool = False) -> Dram:
    """The opponent named; ``crossing``: one on another plane may be named (to enter his Spirit Combat)."""
    foes = [ds[o.id] for o in ctx.opponents(d.f)]
    found = foes[0] if target is None and len(foes) == 1 else next((o for o in foes if o.f.id == target), None)
    if found is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no opponent '{target}' to attack.", key=key)
    if found.spirit != d.spirit and not crossing:
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"{key}.target",
            f"{key}: {found.f.id} is on another plane: no one outside a Spirit Combat reaches those in it, nor they "
            "him (000 L7303).",
            key=key,
        )
    return found


def _reachable(ctx: Turn, ds: dict[str, Dram], d: Dram) -> list[Dram]:
    """His opponents on his own plane: none outside a Spirit Combat reaches those in it (000 L7303)."""
    return [ds[o.id] for o in ctx.opponents(d.f) if ds[o.id].spirit == d.spirit]


def carry_out(ctx: Turn, ds: dict[str, Dram], d: Dram, key: str, v: DecisionValue) -> None:
    f = d.f
    if chain_action(ctx, d, ds, v):  # not the next link of his Multi-Part Throw: its end (000 L3775)
        return
    kept_states.check_action(ctx, f, key, v)  # a Buff's limits, Free Movement's (000 L3027–L3045, L3380)
    option = v.option
    if (
        d.returning
        and (option not in _RESTING or v.movement)
        and not (option is None and v.action in (None, ActionType.none))
    ):
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: resting away from the fight, only Draw Ki, Sense Ki, Meditation, Realize Potential or Reaffirm "
            "Purpose, or nothing (000 L7152, L7195).",
            key=key,
        )
    if option is not None and option.value in _IN_TURN and option not in _RESOLVED:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: {tables().option(option.value).name} is taken at its own point of the turn, not as the action.",
            key=key,
        )
    if option is not None and option not in _RESOLVED:
        ctx.unsupported_rule(
            option.value, key, f"the Dramatic option {tables().option(option.value).name} is not resolved in a turn yet"
        )
        ctx.note("C", f.id, f"{f.id} does nothing (the option asked for is not resolved yet).", "000 L7138")
        return
    if v.moves and len(v.moves) > 1:
        ctx.fail("DRAMATIC_NO_COMBOS", f"{key}.moves", f"{key}: Dramatic Combat has no Combos.", key=key)
    riding = (None if option is DramaticOption.team_up else option, *(v.also or ()))
    if v.also and not all(o in dramatic_attack_options.RIDERS for o in riding if o is not None):
        ctx.fail("DECISION_INVALID", f"{key}.also", f"{key}: only options that ride on an attack go together.", key=key)
    check = option in dramatic_checks.EFFECTS or option in _NOT_ATTACKS
    attacking = v.action is ActionType.attack or option in _ATTACKS or bool(v.also)
    if not attacking and (option is not None or v.full_defense or v.action not in _NO_ACTION):
        conditions.window_closed(ctx, f, "a non-attack action")  # an Opening Move's window (000 L3750)
        if v.action is not ActionType.utility:  # a Utility move is checked as it is used (``actions``)
            kept_states.sidestep(ctx, f, None, key)  # and a Sidestep Setup chance (000 L4827)
    if v.full_defense or option is DramaticOption.full_defense:
        d.full_defense = f.full_defense = True
        ctx.note("C", f.id, f"{f.id} goes on Full Defense.", "000 L5722, L7227")
        return
    if option is DramaticOption.climactic_super_move:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: it is announced before Initiative.", key=key)
    if option is DramaticOption.ki_yelling:
        yell(ctx, d, v, key)
        return
    if option in (DramaticOption.leaving_combat, DramaticOption.zen_state):
        if v.movement:
            ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: leaving the fight is his movement.", key=key)
        leave(ctx, ds, d, key, zen=option is DramaticOption.zen_state)
        return
    conditions.check_suppressed(ctx, d.f, v, key)  # no movement, no non-attack action (000 L4245, L4255)
    # a Dash leads into an attack's plan (``attack``, a Team-Up's), not into a check or another option (000 L2175)
    carried = (attacking and option not in _NO_DASH) or option is DramaticOption.team_up
    kept_states.dash_declared(ctx, f, v, key, carried and not check)
    # an option in place of the attack still lets him move as with an attack (000 L7140)
    if v.action not in dramatic_actions.NON_ATTACK | tag.ACTIONS:  # 1 Range away, or none (000 L6041–L6045, L5313)
        _move(ctx, d, v, key, with_action=attacking or check or v.action is not ActionType.move)
    if option is DramaticOption.team_up:
        team_up(ctx, ds, d, _opponent(ctx, ds, d, v.target, key), v, key)
    elif option is DramaticOption.flourish:
        invite(ctx, d, _opponent(ctx, ds, d, v.target, key), key)
    elif option is DramaticOption.spirit_combat:
        open_spirit_combat(ctx, d, _opponent(ctx, ds, d, v.target, key, crossing=True), key, ds)
    elif option is DramaticOption.mind_manipulation:
        manipulate(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key)
    elif check:
        dramatic_checks.resolve(ctx, d, v, key, {t.f.id for t in _reachable(ctx, ds, d)})
    elif attacking:
        pd = option in (DramaticOption.property_damage, DramaticOption.call_forth_wisdom)
        attack(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key, property_damage=pd, ds=ds)
        used = f.move(v.moves[0]) if v.moves and not pd else None
        if used is not None:  # After Mobile's and Passing's movement after it (000 L2387–L2389)
            dramatic_actions.after_move(ctx, d, used, key)
    elif v.action in (None, ActionType.none, ActionType.move):
        ctx.note("C", f.id, f"{f.id} takes no action" + (" beyond moving." if v.movement else "."), "000 L7140")
    elif v.action in tag.ACTIONS:
        tag.act(ctx, ds, d, v, key)
    elif v.action in dramatic_actions.RESOLVED:
        target = _opponent(ctx, ds, d, v.target, key) if v.action is ActionType.taunt else None
        dramatic_actions.act(
            ctx, d, v, key, [ds[o.id] for o in ctx.opponents(f)], target, [x for x in ds.values() if x is not d]
        )
    else:
        ctx.unsupported_rule(v.action.value, key, "this main-system action is not resolved in Dramatic Combat yet")


_ATTACKS = frozenset(
    {
        DramaticOption.property_damage,
        DramaticOption.call_forth_wisdom,
        DramaticOption.basic_boost,
        *dramatic_attack_options.DECLARED,
    }
)
# movement alone, or nothing: no action to close an Opening Move's window (ruling, 000 L3750)
_NO_ACTION = frozenset({None, ActionType.none, ActionType.move, ActionType.utility})
# attacks whose plan has no move for a Dash to carry (000 L2175–L2179, L7197, L7311)
_NO_DASH = frozenset({DramaticOption.property_damage, DramaticOption.call_forth_wisdom})
# in place of the attack, with the movement an attack allows (000 L7140)
_NOT_ATTACKS = frozenset({DramaticOption.flourish, DramaticOption.mind_manipulation, DramaticOption.spirit_combat})


def _move(ctx: Turn, d: Dram, v: DecisionValue, key: str, with_action: bool) -> None:
    n = v.movement or 0
    if v.cross_up and not (with_action and v.action is ActionType.attack and n == 2):
        ctx.fail("CROSS_UP_INVALID", f"{key}.cross_up", f"{key}: a Cross-Up is an attack after 2 Ranges.", key=key)
    used = d.f.move(v.moves[0]) if with_action and v.moves else None
    toward = v.direction in (None, Direction.toward)
    if used is not None and used.moving.forward_first and used.kw("closer") and not (n and toward):
        # Limited Movement: at least 1 Range toward him first, else the move cannot be used (000 L4593–L4599, L5638)
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: {used.name} must move toward him first.", key=key)
    if used is not None and used.kw("away") and n and toward:  # its Away version (000 L4593–L4599)
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: {used.name} moves only away.", key=key)
    if not n:
        return
    limit, fs = move_elements.movement(used) if used is not None else (1, 0)
    limit = limit if with_action and not v.dash else 2  # the 2 FS Dash's 2 Ranges (000 L2177)
    if kept_states.styled_movement(ctx, d.f, v, used, n, with_action, key):  # his style's limits (000 L5094–L5138)
        limit, fs = n, 0  # checked and paid there; a Movement Exception move keeps its own (000 L3294)
    if used is not None and used.kw("no_movement"):  # none before or after the move (000 L2391)
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: {used.name} allows no movement.", key=key)
    if used is not None and used.kw("dash") and n < 2:  # Limited Mobile: 2 Ranges or none (000 L2423, L4575)
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: {used.name} moves 2 Ranges or none.", key=key)
    if used is not None and n > 1 and fs:  # Mobile's 2 Ranges cost 1 FS (000 L3673)
        if d.f.fs < fs:
            ctx.fail("FS_INSUFFICIENT", f"{key}.movement", f"{key}: {d.f.id} has only {d.f.fs} FS.", key=key)
        d.f.fs -= fs
        ctx.note("C", d.f.id, f"{d.f.id} pays {fs} FS to move {n} Ranges with {used.name}.", "000 L3673")
    if n > limit:
        ctx.fail(
            "DECISION_INVALID",
            f"{key}.movement",
            f"{key}: {n} Ranges of movement; at most {limit} {'with' if with_action else 'without'} an action.",
            key=key,
        )
    ref = next((o for o in ctx.opponents(d.f) if o.id == v.target), None)  # on a Band Map: from whom (``bands``)
    d.moved = (ctx.distance(d.f, ref) if ref is not None else (ctx.range or 0), n, toward)
    if move_elements.too_close(used, d.moved[0], n, toward):  # 000 L2381
        ctx.fail("MOBILE_ENDS_AT_RANGE_0", f"{key}.movement", f"{key}: 3 Mobile Ranges cannot end at Range 0.", key=key)
    kept_states.moved(d.f)  # a dropped Prop is no longer at his feet (000 L4761)
    if not _passes(ctx, d, used, n, toward, key):
        shift_range(ctx, d, n, v.direction or Direction.toward, ref)
    d.advanced = n if used is not None and v.direction in (None, Direction.toward) else 0
    if v.cross_up:
        _cross_up(ctx, d, v, key, ref)


def _passes(ctx: Turn, d: Dram, used: MoveProfile | None, n: int, toward: bool, key: str) -> bool:
    """Pass Through: its free 2 Ranges in must end at Range 0 or carry him past the opponent, to the Range beyond
    (000 L3782–L3792); ruling: with one Range kept (no map) passing leaves the Ranges left over; on a map the
    bands' own movement. Returns whether it moved him."""
    if used is None or not used.moving.pass_through or not toward or ctx.range is None or bands.mapped(ctx):
        return False
    start = ctx.range
    if n < start:
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: {used.name} ends at Range 0 or past him.", key=key)
    ctx.range = n - start
    ctx.note("C", d.f.id, f"{d.f.id} passes through: Range {start} → {ctx.range}.", "000 L3782–L3792",
             change={"range": ctx.range})  # fmt: skip
    return True


def _cross_up(ctx: Turn, d: Dram, v: DecisionValue, key: str, t: Combatant | None) -> None:
    """A Cross-Up: 2 Ranges toward the target to land at Range 0, for 1 FS more (000 L5634); with no jumping Basic
    in a Dramatic turn (1 Range with an action) only a Special Move that moves 2 makes one (ruling, 000 L4539)."""
    f = d.f
    if v.direction not in (None, Direction.toward) or t is None or ctx.distance(f, t) != 0:
        ctx.fail("CROSS_UP_INVALID", f"{key}.cross_up", f"{key}: a Cross-Up lands at Range 0 from him.", key=key)
    if f.fs < 1:
        ctx.fail("FS_INSUFFICIENT", f"{key}.cross_up", f"{key}: a Cross-Up costs 1 FS more.", key=key)
    f.fs -= 1
    d.crossing = True
    ctx.note("C", f.id, f"{f.id} crosses {t.id} up (1 FS).", "000 L5634")


# ── The offered actions ────────────────────────────────────────────────────────────────────────────


def _action_choices(ctx: Turn, ds: dict[str, Dram], d: Dram) -> list[ChoiceOption]:
    f = d.f
    every = [ds[o.id] for o in ctx.opponents(f)]
    foes = _reachable(ctx, ds, d)
    out = [choice(DecisionValue(action=ActionType.none), "do nothing")]
    if d.returning:
        rest = dramatic_checks.offered(ctx, d, [t.f.id for t in foes])
        return out + [c for c in rest if c.value.option in _RESTING]
    out.append(choice(DecisionValue(action=ActionType.none, full_defense=True), "Full Defense"))
    for direction in Direction:
        for n in (1, 2):
            for t in foes if bands.mapped(ctx) else [None]:  # on a map, toward or away from whom
                whom = {"target": t.f.id} if t is not None else {}
                named = DecisionValue(action=ActionType.move, movement=n, direction=direction, **whom)
                out.append(choice(named, f"move {n}" + (f" {direction.value} {t.f.id}" if t is not None else "")))
    for t in foes:
        out += attack_choices(ctx, d, t)
        # one locked in a Sustained Hold or a Multi-Part Throw neither acts nor is reached (000 L3769, L4393, L7189)
        if spendable(d, DramaticOption.flourish) >= 1 and not kept_states.locked(ctx, f, t.f):
            out.append(
                choice(DecisionValue(option=DramaticOption.flourish, target=t.f.id), f"invite {t.f.id} to a Flourish")
            )
        if spendable(d, DramaticOption.property_damage) >= 1:
            out.append(
                choice(
                    DecisionValue(action=ActionType.attack, option=DramaticOption.property_damage, target=t.f.id),
                    f"Property Damage at {t.f.id}",
                )
            )
    out += team_choices(ctx, ds, d, [t.f.id for t in foes])
    if not d.simultaneous:  # with an opponent on his Initiative only if all take one (000 L6039): not offered
        out += dramatic_actions.offered(ctx, d, foes) + tag.offered(ctx, d)
    out += dramatic_checks.offered(ctx, d, [t.f.id for t in foes])
    out += yell_choices(d)
    out += mind_choices(ctx, d, [t.f.id for t in foes if not t.mind_immune])
    out += spirit_choices(ctx, d, every)  # entering a Spirit Combat reaches across (000 L7301)
    if spendable(d, DramaticOption.call_forth_wisdom) >= 1:  # in Spirit Combat or at a spirit (000 L7311, L7319)
        wisdom = DramaticOption.call_forth_wisdom
        out += [
            choice(DecisionValue(option=wisdom, target=t.f.id), f"Call Forth Wisdom at {t.f.id}")
            for t in foes
            if against_spirit(d, t)
        ]
    near = in_fight(ctx, d)
    if every and near and not d.spirit:
        out.append(choice(DecisionValue(option=DramaticOption.leaving_combat), "leave the fight (to Range 5)"))
    if every and (near or d.spirit) and spendable(d, DramaticOption.zen_state) >= 1:
        out.append(choice(DecisionValue(option=DramaticOption.zen_state), "leave the fight with Zen State"))
    return out[:200]


def attack_choices(ctx: Turn, d: Dram, t: Dram) -> list[ChoiceOption]:
    """Each move that reaches ``t``, plain, with a Basic Move's bought bonus or with an option declared with it."""
    f = d.f
    out: list[ChoiceOption] = []
    if kept_states.locked(ctx, f, t.f):  # in another's Sustained Hold or Multi-Part Throw (000 L4393, L3769)
        return out
    dist = ctx.distance(f, t.f)
    can = spendable(d, DramaticOption.special_move)
    for m in f.prof.moves.values():
        lo, hi = m.range or (0, 2)
        if t.f.knocked_down and not move_elements.pursues(m):  # only a Pursuit move on one who is down (000 L5968)
            continue
        if (
            not m.offensive
            or m.kind == "command"
            or not lo <= dist <= hi
            or (d.ki_defended and m.trait(MoveTrait.projectile))
        ):
            continue
        if kept_states.prop_lock(f, m):  # its Prop is down (000 L4761)
            continue
        special = m.is_special or m.is_super
        price = costs.ap_cost(tables().option("special_move"), used_before=m.id in d.used, level=m.level)
        if (special and price > can) or (m.is_super and super_only.cost(ctx, f, m) > f.se):
            continue
        base = DecisionValue(action=ActionType.attack, moves=[m.id], target=t.f.id)
        out.append(choice(base, f"{m.name} at {t.f.id}", m.level))
        if not special and can >= 1:
            for boost in DramaticBoost:
                out.append(
                    choice(
                        base.model_copy(update={"option": DramaticOption.basic_boost, "boost": boost}),
                        f"{m.name} at {t.f.id}, a point for {boost.value}",
                    )
                )
        out += dramatic_attack_options.offered(ctx, d, t, base, m.name, special, price if special else 0)
    return out


_IN_TURN = frozenset(
    {
        *(o.value for o in _RESOLVED),
        DramaticOption.initiative_reroll.value,
        DramaticOption.show_off.value,
        DramaticOption.ignore_hit_stun.value,
        DramaticOption.healing_life_bar.value,
        DramaticOption.flourish.value,  # the free Flourish of a tie; an invitation is named below
        DramaticOption.pulling_punches.value,  # asked once an attack hits
        DramaticOption.freeze_frame.value,
        DramaticOption.knock_out_of_combat.value,
        DramaticOption.fast_reflexes.value,  # asked once Initiative is rolled
        DramaticOption.endure_great_hardship.value,  # asked as Initiative is rolled
        DramaticOption.friendship_boost.value,  # `state.dramatic.friendship_boost`
        DramaticOption.stand_off.value,  # asked at the end of the turn
        DramaticOption.taking_a_hit.value,  # asked of the target's allies once an attack hits
        DramaticOption.ki_face_off.value,  # at the defence against a Ranged Special Move
        DramaticOption.secondary_skill.value,  # asked before the action
        DramaticOption.power.value,
        DramaticOption.spirituality.value,  # at the defence, in Spirit Combat
        *(o.value for o in dramatic_defense.OFFERED),  # at the defence
    }
)


def _next_dice(ctx: Turn, ds: dict[str, Dram]) -> None:
    """A move's Fast or Slow Recovery or Critical Hit waiting for next turn goes on the Initiative die, there being no
    Control (000 L3358, L4836, L3210, L7084), as in a Dramatic turn with Thugs; an Entangle not lifted by a later hit
    makes it a size smaller (000 L3306); a Self-Stun not spared by a hit Stuns him from the start of the next turn
    (000 L4806; the main turn's ruling: a full Stun)."""
    for d in ds.values():
        f = d.f
        d.next_steps += sum(x[1] for x in f.next_dice) - (1 if f.entangled else 0)
        f.next_dice, f.entangled = [], False
        if f.self_stun and not f.stunned and not f.defeated:
            f.stunned = 2
            ctx.note("H", f.id, f"Self-Stun: {f.id} is Stunned from the start of next turn.", "000 L4806")
        f.self_stun = False


def _healed(ctx: Turn, ds: dict[str, Dram]) -> None:
    """H.1: Drain Life's pending heal, unless he was defeated first (000 L3240), up to his Dramatic Life Bar
    (000 L7072)."""
    for d in ds.values():
        heal(ctx, d.f, d.life_max)


def run(ctx: Turn) -> None:
    """The Dramatic turn, from the point grant to the Time Roll."""
    events.start(ctx)
    ds = load(ctx)
    evasions = evasion.carried([d.f for d in ds.values()])  # earned last turn: usable this turn only (000 L5834)
    # a partner switched in takes his place in the Dramatic order (000 L6283; dramatic/tag.py)
    ctx.spine = tag.DramaticSpine(ctx.spine, ds, _act)
    announce(ctx, ds)
    initiative(ctx, ds)
    order = turn_order(ctx, ds)
    settle_face_offs(ctx, ds)
    _holds(ctx, ds)
    tied_flourishes(ctx, order)
    mark_simultaneous(order)
    for d in order:
        tag_team.enter_due(ctx, d.f.init)  # a partner switched in with a higher Initiative acts first (000 L6283)
        group = [x for x in order if x.simultaneous and x.f.init == d.f.init and not x.acted]
        if d.simultaneous and len(group) > 1:
            _together(ctx, ds, group)
        else:
            _act(ctx, ds, d)
        tag_team.replace_fallen(ctx, tag.entry(ds))  # a Tag Team side sends in a partner for its defeated fighter
        if len(ctx.sides_left()) <= 1:
            ctx.round_over = True
            break
    if not ctx.round_over:
        tag_team.enter_due(ctx, None)
        lapse_team_ups(ctx, ds)
        ctx.round_over = len(ctx.sides_left()) <= 1
    for a in multi_part_throw.lapsed(ctx):  # the next Throw not used this turn or the next (000 L3765)
        chain_ends(ctx, ds[a.id], ds, "the next Throw was not used in time")
    move_elements.installments(ctx)  # Gradual Effect's, before H.1 (000 L3390)
    _healed(ctx, ds)
    end_of_turn(ctx, ds)
    tag.beast_energy(ctx, ds)  # after Super Energy, as in the main turn (000 L5311–L5319)
    dramatic_actions.end_of_turn(ds)
    kept_states.end_of_turn(ctx)  # Life Bar Drain, the Buff Gauge (000 L3011–L3015, L2977)
    before = ctx.time_count
    if not ctx.round_over:
        time_roll(ctx)
    # a Buff's Time Count runs down by the Time Roll, as in the main turn (000 L2961, L7080)
    elapsed = before - ctx.time_count if ctx.opts.time_limit else ongoing.UNTIMED_TURN
    ongoing.tick(ctx, elapsed)
    move_elements.installments_expire(ctx, elapsed)  # a Delayed Onset's 10-count (000 L3400)
    conditions.windows_tick(ctx)  # an Opening Move's window lasts this turn and the next (000 L3746)
    evasion.lapse(ctx, evasions)
    _next_dice(ctx, ds)
    store(ds)
