"""One turn of Dramatic Combat (000 L7066–L7445) on the same spine as the main system: the request, keys, keyed dice,
decisions with their legal choices, log, Glory, Time Roll and answer are the resolver's; what differs is the turn's
own flow. Initiative comes from Speed plus the Control Bonus with no Control roll, Action Points are granted and
banked, every attack is a Basic Move unless an option says otherwise, a hit always costs a target who has not acted
his action, and Healing Life Bar closes the turn.

This module runs the turn: the point grant, showing off, Initiative re-rolls, the free Flourish of a tie within
Range 0–2, Ignore Hit Stun, each fighter's movement and action, Full Defense and its recovery point, Healing Life
Bar, Super Energy (ruling C4) and the Time Roll. The attack and the options that ride on it are
``dramatic_attack``, ``dramatic_attack_options`` and ``dramatic_defense``; the skill checks in place of an attack
are ``dramatic_checks``; what they share is ``dramatic_base``. Any other option a decision names is reported
unsupported and the fighter's action is spent doing nothing.
"""

from __future__ import annotations

import itertools

from ..dramatic import bank, costs
from ..dramatic.catalogue import tables
from ..dramatic.flourish import flourish
from ..dramatic.initiative import flourish_on_tie, initiative_die, initiative_total
from . import dramatic_attack_options, dramatic_checks, dramatic_defense, events
from .dramatic_attack import attack
from .dramatic_base import D10, Dram, choice, hurt, knock_back, load, pay, shift_range, spendable, store
from .dramatic_end import end_of_turn
from .initiative import declaration_order
from .models import ActionType, Choice, ChoiceOption, DecisionValue, Direction, DramaticBoost, DramaticOption
from .state import Ctx
from .time import time_roll

# the options a decision at the action may name, besides a plain attack (000 L7138–L7309)
_RESOLVED = frozenset(
    {
        DramaticOption.basic_boost,
        DramaticOption.special_move,
        DramaticOption.property_damage,
        DramaticOption.full_defense,
        *dramatic_attack_options.DECLARED,
        *dramatic_checks.EFFECTS,
    }
)


# ── Initiative ─────────────────────────────────────────────────────────────────────────────────────


def _initiative(ctx: Ctx, ds: dict[str, Dram]) -> None:
    per_turn = ctx.opts.dramatic.action_points_per_turn
    for d in (ds[f.id] for f in declaration_order(ctx)):
        d.points = bank.grant(d.points, per_turn, withheld=d.no_point)
        ctx.note(
            "A.1",
            d.f.id,
            f"{d.f.id} "
            + ("gets no Action Point this turn" if d.no_point else f"gets {per_turn} Action Point(s)")
            + f": {d.points.total} banked.",
            "000 L7082, L7213",
        )
        steps = d.init_steps
        if d.may_show_off and d.points.general + (d.f.story or 0) >= 1:
            key, v = ctx.decide(
                d.f.id,
                "show_off",
                "A.2",
                f"{d.f.id} hit last turn untouched: spend an Action Point for a larger Initiative die and 1 Glory?",
                DecisionValue(choice=Choice.pass_),
            )
            if v.choice is Choice.act:
                o = tables().option("show_off")
                pay(ctx, d, DramaticOption.show_off, costs.ap_cost(o), key)
                steps += o.die_steps or 0
                ctx.award(d.f.id, o.glory or 0, "showing off", o.ref)
        _roll_initiative(ctx, d, steps)
    for d in (ds[f.id] for f in declaration_order(ctx)):
        _rerolls(ctx, d)


def _roll_initiative(ctx: Ctx, d: Dram, steps: int) -> None:
    f = d.f
    d.f.init_step = steps
    die = initiative_die(f.prof.speed, steps)
    face = ctx.roll(f.id, "init", die, "Initiative (Dramatic: die by Speed)", "A.2")
    lead = 1 if ctx.opts.leader_bonus and ctx.prev_leader == f.id and ctx.prev_leader_hit else 0  # ruling C3
    f.init = initiative_total(face, f.prof.ctrl_bonus) + lead
    ctx.note(
        "A.2",
        f.id,
        f"{f.id} rolls {die} for Initiative: {face} + Control Bonus {f.prof.ctrl_bonus}"
        + (" + 1 (last turn's leader hit)" if lead else "")
        + f" = {f.init}.",
        "000 L7084–L7096",
        inputs={"die": str(die), "face": face},
        change={"init": f.init},
    )


def _rerolls(ctx: Ctx, d: Dram) -> None:
    """Any number of re-rolls, a point each; the new roll stands (000 L7098)."""
    for _ in range(20):
        if d.points.general + (d.f.story or 0) < 1:
            return
        key, v = ctx.decide(
            d.f.id,
            "reroll",
            "A.3",
            f"{d.f.id} has Initiative {d.f.init}: spend an Action Point to roll it again (the new roll stands)?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is not Choice.act:
            return
        pay(ctx, d, DramaticOption.initiative_reroll, 1, key)
        _roll_initiative(ctx, d, d.f.init_step)


def _order(ctx: Ctx, ds: dict[str, Dram]) -> list[Dram]:
    """Highest Initiative first; the single highest is the turn's leader (000 L5509)."""
    active = [ds[i] for i in ctx.order if ds[i].f.active]
    active.sort(key=lambda d: -d.f.init)
    if active and (len(active) == 1 or active[0].f.init > active[1].f.init):
        ctx.leader = active[0].f.id
    for a, b in itertools.pairwise(active):
        if a.f.init == b.f.init and not flourish_on_tie(a.f.init, b.f.init, ctx.distance(a.f, b.f)):
            ctx.unsupported_rule(
                "dramatic_simultaneous_initiative",
                "fight",
                "tied Initiative outside Range 0–2 is resolved one after the other in request order, not "
                "simultaneously",
            )
    return active


# ── Flourish ───────────────────────────────────────────────────────────────────────────────────────


def _tied_flourishes(ctx: Ctx, ds: dict[str, Dram], order: list[Dram]) -> None:
    """Opponents tied within Range 0–2 trade a free Flourish in place of their turns (000 L7100, L7189)."""
    for a, b in itertools.pairwise(order):
        if a.acted or b.acted or a.f.side == b.f.side:
            continue
        if flourish_on_tie(a.f.init, b.f.init, ctx.distance(a.f, b.f)):
            ctx.note(
                "A.4",
                None,
                f"{a.f.id} and {b.f.id} tie on {a.f.init} within Range 0–2: a Flourish replaces their turns.",
                "000 L7100",
            )
            a.acted = b.acted = True
            _flourish(ctx, a, b)


def _flourish(ctx: Ctx, a: Dram, b: Dram) -> None:
    ra = ctx.roll(a.f.id, "flourish", D10, "Flourish", "C")
    rb = ctx.roll(b.f.id, "flourish", D10, "Flourish", "C")
    r = flourish(ra, rb)
    if r.winner is None:
        ctx.note("C", None, f"Flourish: {ra} against {rb}, a tie: nothing happens.", "000 L7189")
        return
    win, lose = (a, b) if r.winner == 0 else (b, a)
    dmg = ctx.roll(win.f.id, "flourish_damage", D10, "Flourish damage", "C")
    ctx.note(
        "C",
        win.f.id,
        f"Flourish: {a.f.id} {ra}, {b.f.id} {rb}. {win.f.id} deals {dmg} with no defence possible.",
        "000 L7189",
        inputs={a.f.id: ra, b.f.id: rb},
    )
    # ruling C12: Flourish damage is Life Bar loss (Super Energy) but not an attack nor a hit
    hurt(ctx, win, lose, dmg, hit=False)
    knock_back(ctx, lose, r.knock_back)


# ── Actions ────────────────────────────────────────────────────────────────────────────────────────


def _act(ctx: Ctx, ds: dict[str, Dram], d: Dram) -> None:
    f = d.f
    if d.acted or not f.active:
        return
    d.acted = True
    f.acted = True
    if f.stunned:
        f.stunned -= 1
        d.realize_next = not f.stunned  # back from Stun: Realize Potential next turn (000 L7265)
        ctx.note("B", f.id, f"{f.id} spends his action recovering from Stun.", "000 L5972–L5990")
        return
    if d.hit_stunned and not _ignore_hit_stun(ctx, d):
        return
    key, v = ctx.decide(
        f.id,
        "action",
        "C",
        f"{f.id}: movement and one action (Basic Move, an Action Point option, Full Defense or nothing).",
        None,
        lambda: _action_choices(ctx, ds, d),
    )
    _carry_out(ctx, ds, d, key, v)


def _ignore_hit_stun(ctx: Ctx, d: Dram) -> bool:
    """A hit before acting costs the action unless a point is paid (000 L7130–L7136, L7229)."""
    f = d.f
    if d.points.general + (f.story or 0) < 1:
        ctx.note("B", f.id, f"{f.id} was hit before acting and loses his action (Hit Stun).", "000 L7130")
        return False
    key, v = ctx.decide(
        f.id,
        "ignore_hit_stun",
        "B",
        f"{f.id} was hit before acting: spend an Action Point to act anyway at −2 Accuracy and −2 to checks?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        ctx.note("B", f.id, f"{f.id} loses his action to Hit Stun.", "000 L7130")
        return False
    o = tables().option("ignore_hit_stun")
    pay(ctx, d, DramaticOption.ignore_hit_stun, costs.ap_cost(o), key)
    d.hit_stun_penalty = o.accuracy or 0
    return True


def _opponent(ctx: Ctx, ds: dict[str, Dram], d: Dram, target: str | None, key: str) -> Dram:
    foes = [ds[o.id] for o in ctx.opponents(d.f)]
    if target is None and len(foes) == 1:
        return foes[0]
    for o in foes:
        if o.f.id == target:
            return o
    ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no opponent '{target}' to attack.", key=key)


def _carry_out(ctx: Ctx, ds: dict[str, Dram], d: Dram, key: str, v: DecisionValue) -> None:
    f = d.f
    option = v.option
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
    check = option in dramatic_checks.EFFECTS
    attacking = v.action is ActionType.attack or option in _ATTACKS
    if v.full_defense or option is DramaticOption.full_defense:
        d.full_defense = f.full_defense = True
        ctx.note("C", f.id, f"{f.id} goes on Full Defense.", "000 L5722, L7227")
        return
    # an option in place of the attack still lets him move as with an attack (000 L7140)
    _move(ctx, d, v, key, with_action=attacking or check or v.action is not ActionType.move)
    if check:
        dramatic_checks.resolve(ctx, d, v, key, {o.id for o in ctx.opponents(f)})
    elif attacking:
        pd = option is DramaticOption.property_damage
        attack(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key, property_damage=pd)
    elif v.action in (None, ActionType.none, ActionType.move):
        ctx.note("C", f.id, f"{f.id} takes no action" + (" beyond moving." if v.movement else "."), "000 L7140")
    else:
        ctx.unsupported_rule(v.action.value, key, "this main-system action is not resolved in Dramatic Combat yet")


_ATTACKS = frozenset({DramaticOption.property_damage, DramaticOption.basic_boost, *dramatic_attack_options.DECLARED})


def _move(ctx: Ctx, d: Dram, v: DecisionValue, key: str, with_action: bool) -> None:
    n = v.movement or 0
    if not n:
        return
    limit = 1 if with_action else 2
    if n > limit:
        ctx.fail(
            "DECISION_INVALID",
            f"{key}.movement",
            f"{key}: {n} Ranges of movement; at most {limit} {'with' if with_action else 'without'} an action.",
            key=key,
        )
    shift_range(ctx, d, n, v.direction or Direction.toward)


# ── The offered actions ────────────────────────────────────────────────────────────────────────────


def _action_choices(ctx: Ctx, ds: dict[str, Dram], d: Dram) -> list[ChoiceOption]:
    f = d.f
    foes = [ds[o.id] for o in ctx.opponents(f)]
    out = [choice(DecisionValue(action=ActionType.none), "do nothing")]
    out.append(choice(DecisionValue(action=ActionType.none, full_defense=True), "Full Defense"))
    for direction in Direction:
        for n in (1, 2):
            out.append(choice(DecisionValue(action=ActionType.move, movement=n, direction=direction), f"move {n}"))
    for t in foes:
        out += _attack_choices(ctx, d, t)
        if spendable(d, DramaticOption.property_damage) >= 1:
            out.append(
                choice(
                    DecisionValue(action=ActionType.attack, option=DramaticOption.property_damage, target=t.f.id),
                    f"Property Damage at {t.f.id}",
                )
            )
    out += dramatic_checks.offered(ctx, d, [t.f.id for t in foes])
    return out[:200]


def _attack_choices(ctx: Ctx, d: Dram, t: Dram) -> list[ChoiceOption]:
    """Each move that reaches ``t``, plain, with a Basic Move's bought bonus or with an option declared with it."""
    f = d.f
    out: list[ChoiceOption] = []
    dist = ctx.distance(f, t.f)
    can = spendable(d, DramaticOption.special_move)
    for m in f.prof.moves.values():
        lo, hi = m.range or (0, 2)
        if not m.offensive or m.kind == "command" or not lo <= dist <= hi or (d.ki_defended and m.has("ranged")):
            continue
        special = m.is_special or m.is_super
        price = costs.ap_cost(tables().option("special_move"), used_before=m.id in d.used, level=m.level)
        if special and price > can:
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
        *(o.value for o in dramatic_defense.OFFERED),  # at the defence
    }
)


def _report_gaps(ctx: Ctx) -> None:
    """What a Dramatic turn does not resolve yet, named in every answer rather than skipped in silence."""
    missing = ", ".join(o.id for o in tables().options if o.id not in _IN_TURN)
    ctx.unsupported_rule(
        "dramatic_options",
        "options.subsystem",
        f"not offered or resolved in a Dramatic turn yet (their figures are in the Dramatic core): {missing}; "
        "a Flourish by invitation; Debilitating Injury's loss of a Narrative Skill; Pulling Punches to break mind "
        "control; Realize Potential after standing up from a Knock Down; more than one option on one attack; a "
        "move's Elements beyond its Accuracy, damage and Range",
    )
    if ctx.band_mode:
        ctx.unsupported_rule("dramatic_band_map", "fight.positioning.mode", "a Dramatic turn on a Band Map")
        ctx.fail("RULE_UNSUPPORTED", "fight.positioning.mode", "Dramatic turns are resolved in mode `range` only.")


def run(ctx: Ctx) -> None:
    """The Dramatic turn, from the point grant to the Time Roll."""
    events.start(ctx)
    _report_gaps(ctx)
    ds = load(ctx)
    _initiative(ctx, ds)
    order = _order(ctx, ds)
    _tied_flourishes(ctx, ds, order)
    for d in order:
        _act(ctx, ds, d)
        if len(ctx.sides_left()) <= 1:
            ctx.round_over = True
            break
    end_of_turn(ctx, ds)
    if not ctx.round_over:
        time_roll(ctx)
    store(ds)
