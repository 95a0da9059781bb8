"""Utility actions: Utility moves used as the action, Healing of himself or others, and Set Up or Wind Up moves
readied for later (000 L3436–L3448, L4127–L4129, L4447–L4449)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..elements import enhancer, gradual, limited_move, limited_use, ongoing, props, styles, summon, tag_team, taunts
from ..elements.bombs import bombs
from ..elements.glory import GloryRule, glory_rule
from ..elements.interrupts import triggered
from ..elements.power_up import power_up_utility
from ..protocol.names import Point
from ..registry.features import BUFF_CHANGED, MOVE_UNSUPPORTED_REPORTED, MOVE_USE_EFFECTS, MOVES_PAID, SEQUENCE_USED
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.profile import Heals, MoveProfile, MoveTrait, heals_full
from ..state.turn import Turn, die_for_step
from .c_reactions import reaction_window
from .f_response_attacks import misfired
from .g_moving import post_move


def prepare(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """Readying a Set Up or Wind Up move: like a Utility move, no roll and no Glory (000 L4127, L4447)."""
    m = plan.moves[0]
    SEQUENCE_USED.fn(ctx, f, plan.moves)
    near = [o for o in ctx.opponents(f) if ctx.distance(f, o) <= 1]
    if near and reaction_window(ctx, f, f"readying {m.name}", jumped=False):
        ctx.note("C.5", f.id, f"{m.name} is interrupted: it is not readied.", "000 L6002")
        return
    ready(ctx, f, m, plan.prepare, plan.target.id if plan.target is not None else None)
    post_move(ctx, f, plan)


def ready(ctx: Turn, f: Combatant, m: MoveProfile, prepare: str, target: str | None) -> None:
    """The readied move's state on its user (``prepare``: what ``_extended`` answered; ``target``: whom a Slow
    Startup move will strike, a Fighter or a Thug group); a turn with Thugs readies its moves here too (000 L6646)."""
    if prepare == OngoingEffectId.slow_startup:
        assert target is not None or not m.offensive  # a Utility move's: nobody, or whom it heals (000 L4842)
        f.ongoing.append(ongoing.Effect(OngoingEffectId.slow_startup, m.id, None, ctx.turn, target))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} begins {m.name}"
            + (f" against {target}: it strikes next turn" if m.offensive else ": it takes effect next turn")
            + "; until then he defends with Defense only and a hit cancels it.",
            "000 L4840–L4846",
            {"move": m.id},
            {OngoingEffectId.slow_startup: target or f.id},
        )
    elif prepare == OngoingEffectId.triggered_interrupt:
        triggered.arm(ctx, f, m)
    elif prepare == OngoingEffectId.set_up:
        f.ongoing.append(ongoing.Effect(OngoingEffectId.set_up, m.id, None, ctx.turn))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} sets up {m.name}: its next use, after at least one turn, has +2 Accuracy.",
            "000 L4127–L4131",
            {"move": m.id},
            {OngoingEffectId.set_up: True},
        )
    else:
        f.ongoing.append(ongoing.Effect(OngoingEffectId.wind_up, m.id, None, ctx.start_time))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} holds {m.name} wound up from Time Count {ctx.start_time}; his other moves "
            "cost 2 more Control meanwhile.",
            "000 L4447–L4451",
            {"move": m.id},
            {OngoingEffectId.wind_up: ctx.start_time},
        )


_READIED = (OngoingEffectId.set_up, OngoingEffectId.wind_up)  # a move readied for a later use


def spend_readied(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    before = len(f.ongoing)
    f.ongoing = [e for e in f.ongoing if not (e.id in _READIED and e.move == m.id)]
    if len(f.ongoing) != before:
        ctx.note("D.1", f.id, f"{f.id} unleashes the readied {m.name}.", "000 L4129, L4449", {"move": m.id})


def _healed(ctx: Turn, f: Combatant, plan: Plan, m: MoveProfile) -> Combatant | None:
    """Who a Healing move heals: the user, or with Heal Others the fighter named, if he is at Range 0–2 (the move's
    own Range when it has one) after the movement (000 L3446–L3448); readied last turn with Slow Startup, the one
    named then, in range or not (000 L4846)."""
    t = plan.heal_target
    if not m.heals(Heals.others) or t is None or t is f:
        return f
    if t.defeated:
        ctx.note("C.5", f.id, f"{t.id} is out of the fight: nobody is healed.", "000 L3446")
        return None
    if plan.released:
        return t  # ruling: the one named when it was readied, in range or not, as its target (000 L4846)
    reach = m.range if m.range is not None else (0, 2)
    if not reach[0] <= ctx.distance(f, t) <= reach[1]:
        ctx.note("C.5", f.id, f"{t.id} is out of {m.name}'s Range: nobody is healed.", "000 L3448")
        return None
    return t


def _healing(ctx: Turn, f: Combatant, m: MoveProfile, first: bool, healed: Combatant) -> None:
    """Healing: the move's damage die, without Strength (1d6 for a Special, 1d8 for a Super, Increased and Decreased
    Damage steps), all or half of it, 1 later in a Combo; applied at H.1 (000 L3436–L3444, L2285, L3526–L3534)."""

    step = (
        (1 if m.is_super else 0)
        + min(m.trait(MoveTrait.increased_damage) // 2, 3)
        - m.trait(MoveTrait.decreased_damage)
    )
    d = die_for_step(step)
    roll = ctx.roll(f.id, Point.healing, d, f"healing of {m.name}", "C.5")
    full = heals_full(m)
    amount = (roll if full else roll // 2) if first else 1
    amount = gradual.heal_split(ctx, f, m, healed, amount) if first else amount  # 000 L3392
    healed.heal += amount
    ctx.note(
        "C.5",
        f.id,
        f"{m.name}: {healed.id} will heal {amount} at the end of the turn ({d} rolled {roll}"
        + ("" if full else ", halved")
        + ").",
        "000 L3436–L3454",
        {"roll": roll, "die": str(d)},
        {"heal": healed.heal},
    )


def heal_user(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """A Healing move used as the action heals its user (a turn with Thugs, 000 L3436–L3444)."""
    _healing(ctx, f, m, first=True, healed=f)


def heal(ctx: Turn, f: Combatant, m: MoveProfile, healed: Combatant) -> None:
    """A Healing move used alone as the action heals ``healed`` (a Dramatic turn, 000 L3436–L3454)."""
    _healing(ctx, f, m, first=True, healed=healed)


def _ready_use(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """A Utility move with Slow Startup: this use only readies it; its effects and Glory come at his action next
    turn (``plan.released``). Ruling: its Super Energy and charges are paid now, as an attack's (000 L4840–L4842)."""
    m = plan.moves[0]
    MOVES_PAID.fn(ctx, f, plan.moves)
    limited_use.spend_charges(ctx, f, plan.moves)
    SEQUENCE_USED.fn(ctx, f, plan.moves)
    healed = plan.heal_target if plan.heal_target is not f else None
    ready(ctx, f, m, OngoingEffectId.slow_startup, healed.id if healed is not None else None)
    post_move(ctx, f, plan)


def utility(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """C.5: no roll; the effects and Glory apply unless a Reaction Attack hits (000 L5996–L6004). A move with Slow
    Startup is only readied (``_ready_use``); released next turn, it takes effect with nothing more to pay."""
    names = " + ".join(m.name for m in plan.moves)
    for m in plan.moves:
        MOVE_UNSUPPORTED_REPORTED.fn(ctx, f, m)
    near = [o for o in ctx.opponents(f) if ctx.distance(f, o) <= 1]
    if near and reaction_window(
        ctx, f, f"the Utility move {names}", jumped=False, aerial_utility=any(m.moving.airborne for m in plan.moves)
    ):
        ctx.note("C.5", f.id, f"{names} is interrupted: no effect and no Glory.", "000 L6002")
        return
    ctx.note("C.5", f.id, f"{f.id} uses {names}.", "000 L5996–L6004", {"moves": [m.id for m in plan.moves]})
    if plan.prepare == OngoingEffectId.slow_startup:
        _ready_use(ctx, f, plan)
        return
    props.use_recovery(ctx, f, plan.moves)
    plan.moves = enhancer.apply(ctx, f, plan.moves)
    plan.moves = taunts.lend(ctx, f, plan.moves)  # a Taunt's Element Addition (000 L4291–L4301)
    plan.moves = BUFF_CHANGED.fn(ctx, f, plan.moves)  # a Buff's added and swapped Elements (000 L2963)
    # A Utility Super pays here, once not interrupted (ruling: an interrupted Utility move is not performed).
    if not plan.released:  # readied with Slow Startup: paid by the use that readied it (``_ready_use``)
        MOVES_PAID.fn(ctx, f, plan.moves)  # also counts Cheap uses
    # Unreliable (000 L4872–L4874): the use, paid for, has no effect and earns no Glory
    if misfired(ctx, f, plan.moves, "C.5"):
        if not plan.released:
            limited_use.spend_charges(ctx, f, plan.moves)
        post_move(ctx, f, plan)
        return
    kept = limited_move.apply(ctx, f, plan.moves, plan.target)
    if kept is None:  # its Limited Move drawback applies: no effect, no Glory
        post_move(ctx, f, plan)
        return
    plan.moves = kept
    taunts.taunt_glory(ctx, f, plan.moves, plan.target)
    if not plan.released:
        limited_use.spend_charges(ctx, f, plan.moves)
    powered, boost = power_up_utility.decide(ctx, f, plan)
    short_fuse: list[ongoing.Effect] = []
    for i, m in enumerate(plan.moves):
        if m.id.startswith(styles.PREFIX):
            styles.use_command(ctx, f, m, len(plan.moves) > 1, plan.key)
        summon.call(ctx, f, m, plan.target)
        MOVE_USE_EFFECTS.fn(ctx, f, m)
        if m.trait(MoveTrait.bomb):
            before = power_up_utility.bombs_of(f)
            placed = bombs.place(ctx, f, m, plan.target)
            power_up_utility.charge_bomb(f, before, m, boost if m is powered else 0)
            short_fuse += [placed] if placed is not None else []
        if m.id == "detonate" and m.kind == "command":
            bombs.detonate(ctx, f)
        if m.id == gradual.TRIGGER and m.kind == "command":
            gradual.trigger(ctx, f)
        healed = _healed(ctx, f, plan, m) if m.heals(Heals.heals) else None
        if healed is not None:
            _healing(ctx, f, m, first=i == 0, healed=healed)
            power_up_utility.add_heal(ctx, f, healed, m, boost if m is powered else 0)
        if (
            m.id not in f.utility_used and m.kind != "command" and not glory_rule(m, GloryRule.earns_none)
        ):  # Special Moves (000 L5749)
            f.utility_used.append(m.id)
            ctx.award(f.id, styles.glory(f, m, m.level), f"first use of the Utility move {m.name}", "000 L5751")
    SEQUENCE_USED.fn(ctx, f, plan.moves)
    post_move(ctx, f, plan)
    tag_team.combo_switch(ctx, f, plan.moves, False, False)  # an all-Utility Combo counts as a miss (000 L6291)
    for e in short_fuse:
        bombs.explode(ctx, f, e, "the Short Timer ran out: it goes off after his action")  # 000 L2929–L2931
