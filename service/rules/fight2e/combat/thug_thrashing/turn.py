"""One turn of Thug Thrashing (000 L6493–L7064) on the same spine as the main system: the request, keys, keyed
dice, decisions with their legal choices, log, Glory, Time Roll and answer are the resolver's; what differs is
the turn's own flow. Thug groups (``fight.thugs``) are combatants with a Range to each Fighter; Fighters roll
Initiative and Control as usual and take one extra action per Thug Thrashing level at half their Control; a hit
on a group makes its Thugs roll Life Saves; groups move and make their Basic Attack; the Time Roll is 1d8 and
each group rolls on the Thug Event chart at the end of the turn.

Resolved here: groups' Initiative (Plenty of Room), movement and attacks (Reach, Ranged, Gun, Mobile, Lucky
Strike, Adrenaline Surge), Defense, Evasion and Agility against them (Blitz halving), the Agility dodge and the
Thug it may take out, Fighters' extra actions (More Realistic, Endless Numbers), movement and Jumping Basics,
single moves and Combos on a group (Life Save by die size and Strength, Combo reduce or spread, Knock Down's
second save or push, Increased Knockback and Hurl, Robust, Relentless Foes, Defensive Advantage), Glory for
Special Moves and Combos, the first hit's FS, Super Energy (one less than usual), Rout, Exhausting Combat, Blitz
and Overrun; Combos offered among the choices, a group's +1 Initiative for leading and hitting, what an Evasion
gives, Full Defense, Full Offense and Full Agility, the Stunt Sequence, Fighters' weapons and guns, Combos on
successive turns, the Additional Glory Awards that apply, the Saga Scale and Competent Villain groups; every
Thug trait (the Elements that leave something in play: ``lasting``), a move's Elements against groups
(``move_elements``), tied Initiative acting at once, a Band Map (a band per group) and Fighters on opposing
sides with groups on either (``mixed``); the states a move keeps on the Fighter (a Buff and its Liabilities, Set
Up, Wind Up, Slow Startup, Flight, Invisibility, Power Enhancer, an Opening Move's window …) kept as in the main turn,
run down by the Time Roll, his charge moves' conditions and the Dash (``move_elements``); his summoned Ally
(``ally``) and the movement After Mobile and Passing allow after the move (``after_move``); a Fighter's Reaction
Attack on a group that moves in without attacking, his Ally's Basic one with it (``reactions``).
"""

from __future__ import annotations

import math
from functools import partial

from ....dice import Die
from ...thugs import attacks as thug_rules
from ...thugs import extra_actions
from ...thugs.points import saga_steps
from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, ChoiceOption, DecisionValue
from ..elements import invisibility, tag_team
from ..elements.combo import control_cost
from ..elements.super_energy import pay_supers
from ..elements.throws import sustained_hold
from ..protocol import events
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..turn.a_initiative import roll_initiative
from ..turn.b_holds import execute_hold, settle_holds
from ..turn.h_time import time_roll
from . import (
    attacks as thug_attacks,
)
from . import (
    choices as thug_choices,
)
from . import (
    fighter_on_thugs,
    mixed,
    move_elements,
    non_attack,
    reactions,
    tag,
)
from . import (
    group as thug_group,
)
from . import (
    groups as thug_groups,
)
from . import (
    stances as thug_stances,
)
from . import (
    stunts as thug_stunts,
)
from .group import Group

D8 = Die(4)  # the Time Roll with Thugs in the fight


def _report_gaps(ctx: Turn) -> None:
    thug_group.report_setting_gaps(ctx)


# ── The order ────────────────────────────────────────────────────────────────────────────────────


def _order(ctx: Turn, groups: list[Group]) -> list[Combatant | Group]:
    """Highest Initiative first; groups never hold (000 L6654). Ties go Fighters first, in request order."""
    actors: list[Combatant | Group] = [f for i in ctx.order if (f := ctx.fighters[i]).active]
    actors += [g for g in groups if g.members > 0]
    # stable: Fighters before groups on a tie, but a group with Priority (or a Throw) breaks it (000 L3892, L4347)
    actors.sort(key=lambda a: (-a.init, 0 if _first_on_tie(a) else 1))
    top = actors[0] if actors and (len(actors) == 1 or actors[0].init > actors[1].init) else None
    if isinstance(top, Combatant):
        ctx.leader = top.id
    elif top is not None:
        top.led = True  # its +1 next turn if it hits (000 L6562, L5509)
    return actors


def _first_on_tie(a: Combatant | Group) -> bool:
    return isinstance(a, Group) and thug_rules.has_priority(a.traits)


def _tied(a: Combatant | Group, b: Combatant | Group) -> bool:
    """Acting at the same moment: the same Initiative, neither a group that Priority puts first (000 L3892)."""
    return a.init == b.init and not _first_on_tie(a) and not _first_on_tie(b)


def _act_all(ctx: Turn, order: list[Combatant | Group], groups: list[Group], queue: list[tuple[str, str]]) -> None:
    """Each in the order. Tied Fighters and groups act simultaneously (000 L6656): ruling, the Fighters' actions are
    resolved first and each group tied with them then moves and attacks with every Thug it had when that Initiative
    came up (those taken out at it act too, and a group emptied at it still acts), since nothing done at the same
    moment can stop it; a group's movement is no slower than an attack there (no priority of attacks over it)."""
    start: dict[str, int] = {}  # a group's Thugs when its tied slot began
    among = tag.Among(groups)
    for i, actor in enumerate(order):
        tag_team.enter_due(ctx, actor.init)  # a partner switched in with a higher Initiative acts first (000 L6283)
        if i == 0 or order[i - 1].init != actor.init:
            start = {g.id: g.members for g in order[i:] if isinstance(g, Group) and g.init == actor.init}
        if isinstance(actor, Combatant):
            if not thug_group.over(ctx, groups) or _tied_left(order[i:], start):
                _fighter_turn(ctx, actor, groups)
            tag.replace_fallen(ctx, among, order[i + 1 :], tag_team.main_entry)  # a partner for the defeated
            continue
        tied = any(isinstance(o, Combatant) and _tied(o, actor) for o in order)
        now = actor.members
        if tied and start.get(actor.id, 0) > now:
            actor.members = start[actor.id]
            ctx.note(
                "C",
                actor.id,
                f"{actor.id} acts at the same moment as the Fighters tied with it: {actor.members} Thugs act, "
                f"{now} stay standing.",
                "000 L6656",
            )
            thug_groups.act(ctx, actor, queue, react=_react(ctx, groups))
            actor.members = max(now - (start[actor.id] - actor.members), 0)  # a Reaction Attack's taken in its slot
        elif not thug_group.over(ctx, groups):
            thug_groups.act(ctx, actor, queue, react=_react(ctx, groups))
        tag.replace_fallen(ctx, among, order[i + 1 :], tag_team.main_entry)
    if not thug_group.over(ctx, groups):
        tag_team.enter_due(ctx, None)  # one switched in who waits for his Initiative and is last (000 L6283)
    if thug_group.over(ctx, groups):
        ctx.round_over = True


def _react(ctx: Turn, groups: list[Group]) -> thug_groups.React:
    """A Reaction Attack on a group that closes in (``reactions``), a Special Move's Saga Scale factor by his
    effective Thug Thrashing (000 L6820)."""
    return partial(reactions.closing_in, groups=groups, saga=lambda f: _tt_level(ctx, f, groups, quiet=True) + 1)


def _tied_left(rest: list[Combatant | Group], start: dict[str, int]) -> bool:
    return any(isinstance(g, Group) and start.get(g.id, 0) > 0 for g in rest)


# ── A Fighter's actions ──────────────────────────────────────────────────────────────────────────


def _tt_level(ctx: Turn, f: Combatant, groups: list[Group], quiet: bool = False) -> int:
    """His Thug Thrashing level for this turn: halved under More Realistic (000 L6804) and per Saga Scale step
    (000 L6818); none within reach of a group that drew Endless Numbers (000 L6778)."""
    blocked = any(
        g.members
        and thug_group.opposes(g, f)
        and g.now.blocks_thug_thrashing_within is not None
        and g.ranges[f.id] <= g.now.blocks_thug_thrashing_within
        for g in groups
    )
    if not any(g.members and thug_group.opposes(g, f) for g in groups):
        return 0  # ruling: the extra actions are against Thugs; with no group against him he has none (000 L6750)
    level = extra_actions.effective_thug_thrashing(
        thug_group.skill(ctx, f, "thug_thrashing"),
        more_realistic=ctx.opts.thug_thrashing.more_realistic,
        saga_steps=saga_steps(ctx.opts.thug_thrashing.saga_scale) or 0,
        blocked=blocked,
    )
    if blocked and not quiet:
        ctx.note("C", f.id, f"Endless Numbers: {f.id} takes no extra actions this turn.", "000 L6778")
    return level


def _fighter_turn(ctx: Turn, f: Combatant, groups: list[Group]) -> None:
    """His action and one extra action per Thug Thrashing level, back to back at his Initiative, the first at his
    whole Control and each extra one at half of it (000 L6750–L6756). One who changed with an opponent's change has
    spent his action on it (000 L5315)."""
    if not f.active or f.acted:
        return
    f.acted = True
    if f.thug_hold:
        ctx.note("C", f.id, f"{f.id} is held: no action this turn.", "000 L4381")
        return
    if (holder := sustained_hold.holder_this_turn(ctx, f)) is not None:  # a Fighter's, begun this turn (000 L4385)
        ctx.note("C", f.id, f"{f.id} is held in {holder}'s Sustained Hold: no action this turn.", "000 L4385")
        return
    tt = _tt_level(ctx, f, groups)
    budgets = extra_actions.control_budgets(f.control, tt)
    if not budgets:
        ctx.note("C", f.id, f"{f.id} has no Control: no action this turn.", "000 L6754")
        return
    if f.saga_reaction and len(budgets) > 1:
        budgets = budgets[:1]  # none after a Special Move at Saga Scale (000 L6820)
        ctx.note("C", f.id, f"{f.id} used a Special Move at Saga Scale: no extra actions this turn.", "000 L6820")
    if len(budgets) > 1:
        ctx.note(
            "C",
            f.id,
            f"{f.id} has {len(budgets)} actions: Control {budgets[0]}, then {budgets[1]} for each extra one.",
            "000 L6750–L6756",
            inputs={"control": budgets},
        )
    first = 1 if f.reaction_used else 0  # his Reaction Attack took his action: the extra ones remain (000 L6013)
    for i, budget in enumerate(budgets):
        if not any(g.members for g in groups) or not f.active:
            return
        if i < first:
            ctx.note("C", f.id, f"{f.id}'s first action went to his Reaction Attack.", "000 L6013, L6750")
            continue
        if i == first and f.knocked_down and not f.stunned and move_elements.prone_moves(f):
            _from_the_ground(ctx, f, groups, budget)  # Only When Prone in place of standing (000 L4737–L4743)
            continue
        if i == first and (f.stunned or f.knocked_down):  # recovering takes his first action; extras remain (000 L6752)
            _recover(ctx, f)
            continue
        if i == 0 and f.entangle_lost:
            ctx.note("C", f.id, f"{f.id} is Entangled: his first action is lost.", "000 L3306, L6752")
            continue
        if i == 0 and thug_stances.first_action_spent(ctx, f):
            continue
        if i == 0 and _hold_second_part(ctx, f):  # his Sustained Hold's second part (000 L4387–L4391)
            continue
        if i == 0 and move_elements.waiting(f):  # his Slow Startup move goes off (000 L4846–L4848)
            _release(ctx, f, groups, budget)
            continue
        key, v = ctx.decide(
            f.id,
            "action",
            "C",
            f"{f.id}'s action {i + 1} of {len(budgets)} (Control {budget}): move, attack a Thug group, or nothing.",
            None,
            partial(_choices, ctx, f, groups, budget, len(budgets) - 1, i > 0),
        )
        special = _saga_special(ctx, f, v)
        if special and i > 0:  # ruling: his Thug Thrashing is already in use this turn (000 L6820)
            ctx.fail("DECISION_INVALID", key, f"{key}: at Saga Scale a Special Move is not an extra action.", key=key)
        if i > 0 and v.action not in tag.ACTIONS:  # tag.check says what an extra action may do of these
            _spare_villains(ctx, groups, key, v)
            mixed.check_extra_action(ctx, f, groups, key, v)
        if v.action in tag.ACTIONS:  # before the Fighter targets: a switch names his partner
            tag.act(ctx, f, tag.Among(groups), key, v, first=i == 0)
            return  # he left the fight, or changed and does nothing else that turn (000 L6283, L5313)
        _carry_out(ctx, f, groups, budget, key, v, len(budgets) - 1, tt + 1 if special else 1)
        if special and len(budgets) > 1:
            ctx.note("C", f.id, f"{f.id} used a Special Move at Saga Scale: no extra actions this turn.", "000 L6820")
            return


def _slot(groups: list[Group], ctx: Turn, f: Combatant) -> None:
    """A partner switched in takes his place in the order with his own actions (000 L6283, L6750)."""
    _fighter_turn(ctx, f, groups)


def _settle_holds(ctx: Turn) -> None:
    """A Fighter's Sustained Hold on a Fighter (begun on him in a Thug turn's main-system action), on its second turn
    as in the main turn: a holder not ahead of his victim lets go before anyone acts, no damage and 1 Glory less when
    the first part earned it (000 L4387–L4391, L4397). Ruling: the second part is his first action, his extra Thug
    Thrashing actions staying his (000 L4391, L6752, as recovering is)."""
    holders = [f for f in ctx.fighters.values() if any(e.id == OngoingEffectId.sustained_hold for e in f.ongoing)]
    settle_holds(ctx)
    for f in holders:
        if f.acted and not any(e.id == OngoingEffectId.sustained_hold for e in f.ongoing):
            f.acted, f.hold_ended = False, True


def _hold_second_part(ctx: Turn, f: Combatant) -> bool:
    """His first action goes to his Sustained Hold's second part: ended before anyone acted, or struck again now for
    half damage, ahead of his victim (000 L4387–L4391)."""
    held = any(e.id == OngoingEffectId.sustained_hold for e in f.ongoing)
    if f.hold_ended or held:
        ctx.key(f.id, "action")  # the action it takes: his next action is keyed after it
    if f.hold_ended:
        f.hold_ended = False
        ctx.note("C", f.id, f"{f.id}'s first action went to his Sustained Hold's end.", "000 L4391, L6752")
        return True
    if held:
        execute_hold(ctx, f)
    return held


def _release(ctx: Turn, f: Combatant, groups: list[Group], budget: int) -> None:
    if non_attack.released_use(ctx, f, groups, ctx.peek_key(f.id, "action"), budget):  # a Utility move's (000 L4846)
        ctx.key(f.id, "action")  # the action it takes
        return
    found = move_elements.released(ctx, f, [g.id for g in groups if g.members and thug_group.opposes(g, f)], budget)
    if found is None:
        return
    m, gid = found
    g = next(g for g in groups if g.id == gid)
    key = ctx.key(f.id, "action")  # the action it takes: his next action is keyed after it
    v = DecisionValue(action=ActionType.attack, moves=[m.id], target=gid)
    fighter_on_thugs.attack(ctx, f, g, budget, key, v, 1, [g for g in groups if thug_group.opposes(g, f)], True)


def _choices(ctx: Turn, f: Combatant, groups: list[Group], budget: int, extras: int, extra: bool) -> list[ChoiceOption]:
    out = thug_choices.action_choices(ctx, f, groups, budget, extras, extra)
    if extra and mixed.fighter_near(ctx, f):  # only an attack on a group near a Fighter (000 L6752)
        return out
    return (
        out
        + non_attack.offered(
            ctx, f, groups, lambda m: control_cost([m]) + move_elements.wind_up_control(f, [m]) <= budget
        )
        + tag.offered(ctx, f, not extra)
    )


def _from_the_ground(ctx: Turn, f: Combatant, groups: list[Group], budget: int) -> None:
    """Knocked Down with an Only When Prone move: stand up, or attack a group with it from the ground, at its own
    −1 Accuracy, staying down (000 L4737–L4743, L6752)."""
    found = move_elements.from_the_ground(ctx, f)
    if found is None:
        _recover(ctx, f)
        return
    key, m, target = found
    g = _group(groups, ctx, target, key)
    v = DecisionValue(action=ActionType.attack, moves=[m.id], target=g.id)
    fighter_on_thugs.attack(ctx, f, g, budget, key, v, 1, [g for g in groups if thug_group.opposes(g, f)])


def _recover(ctx: Turn, f: Combatant) -> None:
    if f.stunned:
        f.stunned -= 1
        ctx.note("B", f.id, f"{f.id} spends his first action recovering from Stun.", "000 L5972–L5990")
    else:
        f.knocked_down = False
        ctx.note("B", f.id, f"{f.id} spends his first action standing up.", "000 L5958")


def _group(groups: list[Group], ctx: Turn, target: str | None, key: str) -> Group:
    live = [g for g in groups if g.members]
    if target is None and len(live) == 1:
        return live[0]
    g = next((g for g in groups if g.id == target), None)
    if g is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no Thug group '{target}'.", key=key)
    if g.members <= 0:
        ctx.fail("GROUP_DEFEATED", f"{key}.target", f"{key}: {g.id} has no Thugs left.", key=key)
    return g


def _foe_group(groups: list[Group], ctx: Turn, f: Combatant, target: str | None, key: str) -> Group:
    """The group he attacks: one of the other side (a group of his own side is no target)."""
    live = [g for g in groups if g.members and thug_group.opposes(g, f)]
    g = live[0] if target is None and len(live) == 1 else _group(groups, ctx, target, key)
    if not thug_group.opposes(g, f):
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {g.id} fights on {f.id}'s side.", key=key)
    return g


def _spare_villains(ctx: Turn, groups: list[Group], key: str, v: DecisionValue) -> None:
    """A Competent Villain group ignores a Fighter's extra actions: none of them may attack it or take its members
    in a Stunt Sequence; his first action may (000 L6630; ruling: moving by it is still open to them)."""
    named = set(v.stunt_sequence or {}) | ({v.target} if v.action is ActionType.attack and v.target else set())
    if v.action is ActionType.attack and not v.target:
        named |= {g.id for g in groups if g.members}  # the one group left, named by default
    for g in groups:
        if g.id in named and thug_group.COMPETENT_VILLAIN in g.traits:
            ctx.fail(
                "TARGET_UNAVAILABLE",
                f"{key}.target",
                f"{key}: {g.id} is a Competent Villain: an extra action cannot act on it (000 L6630).",
                key=key,
            )


def _saga_special(ctx: Turn, f: Combatant, v: DecisionValue) -> bool:
    """At Saga Scale a Special Move stops his Thug Thrashing for the turn and multiplies its Glory (000 L6820)."""
    if ctx.opts.thug_thrashing.saga_scale == 1 or v.action is not ActionType.attack:
        return False
    return any((m := f.move(mid)) is not None and m.kind != "basic" for mid in v.moves or [])


def _carry_out(
    ctx: Turn, f: Combatant, groups: list[Group], budget: int, key: str, v: DecisionValue, extras: int, factor: int
) -> None:
    move_elements.check_action(ctx, f, key, v)  # a Buff's limits on what he does (000 L3027–L3045, L6646)
    if v.stunt_sequence is not None:
        thug_stunts.stunt_sequence(ctx, f, groups, key, v, _tt_level(ctx, f, groups, quiet=True))
    elif thug_stances.is_stance(v):
        thug_stances.take(ctx, f, groups, key, v, extras)
    elif v.target in ctx.fighters and not non_attack.heals_ally(ctx, f, v):
        mixed.versus_fighter(ctx, f, key, v)
    elif v.action in non_attack.RESOLVED:
        non_attack.act(ctx, f, groups, key, v, partial(_pay_control, ctx, f, budget))
    elif v.action is ActionType.attack:
        target = _foe_group(groups, ctx, f, v.target, key)
        fighter_on_thugs.attack(ctx, f, target, budget, key, v, factor, [g for g in groups if thug_group.opposes(g, f)])
    else:
        toward = partial(_group, groups, ctx, v.target, key)
        fighter_on_thugs.move_or_idle(ctx, f, v, key, toward, "a Thug Thrashing turn")


def _pay_control(ctx: Turn, f: Combatant, budget: int, m: MoveProfile, key: str) -> None:
    """A Utility move needs its Control, as any move (000 L5996, L5773), +2 while a Wind Up is held (000 L4451)."""
    need = control_cost([m]) + move_elements.wind_up_control(f, [m])
    if need > budget:
        ctx.fail("INSUFFICIENT_CONTROL", f"{key}.moves", f"{key}: needs Control {need}, has {budget}.", key=key)
    pay_supers(ctx, f, [m])  # a Super Utility move's Super Energy, as an attack's (000 L5281)


def _counted(f: Combatant) -> dict[str, int]:
    """What his turn counts toward Super Energy beyond the turn's share (000 L5264–L5275), for Beast Energy."""
    return {
        "life_bar_lost": len(f.life_loss_from),
        "attacks": f.attacks,
        "specials": f.se_specials,
        "combos": f.se_combos,
    }


def _super_energy(ctx: Turn) -> None:
    """Each Fighter with Super Moves gains his usual Super Energy for the turn less 1, never below 0 (000 L6730;
    ruling: the whole turn's gain less 1); each group that hurt him counts as one opponent (000 L5264)."""
    cap = ctx.opts.super_energy_max
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if not f.prof.has_supers or f.super_used:
            continue
        usual = math.ceil(cap / 20) + len(f.life_loss_from) + f.attacks + f.se_specials + f.se_combos
        before = f.se
        f.se = min(f.se + max(usual - 1, 0), cap)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} gains {f.se - before} Super Energy ({usual} as usual, 1 less against Thugs): {before} → {f.se}.",
            "000 L6730, L5264–L5275",
            inputs={"usual": usual},
            change=dict(super_energy=f.se),
        )


# ── The turn ─────────────────────────────────────────────────────────────────────────────────────


def run(ctx: Turn) -> None:
    """The Thug Thrashing turn, from Initiative to the Thug Event rolls (000 L6646–L6746)."""
    events.start(ctx)
    _report_gaps(ctx)
    if saga_steps(ctx.opts.thug_thrashing.saga_scale) is None:
        ctx.fail("SAGA_SCALE_INVALID", "options.thug_thrashing.saga_scale", "The Saga Scale is 1, 10, 100 or 1000.")
    groups = thug_group.load(ctx, thug_group.THUG_TURN_TRAITS)
    ctx.thug_state = list(ctx.req.fight.thugs)
    thug_group.check_start(ctx, groups)
    mixed.drop_carried_chain(ctx)  # no Multi-Part Throw lock here (000 L3765–L3778)
    for g in groups:
        thug_group.rout(ctx, g)
    if thug_group.over(ctx, groups):  # the last Thug fled at the start of the turn (000 L6771)
        ctx.round_over = True
        thug_group.store(ctx, groups)
        return
    for g in groups:
        thug_group.exploit_weakness(ctx, g)
    invisibility.hinder(ctx)  # a Fighter opponent engaging an invisible one (000 L3591, L6646)
    roll_initiative(ctx)
    for g in groups:
        if g.members:
            thug_group.roll_initiative(ctx, g)
    queue: list[tuple[str, str]] = []
    main = ctx.spine
    ctx.spine = tag.ThugSpine(main, partial(_slot, groups))  # a partner switched in acts here (000 L6283)
    _settle_holds(ctx)
    _act_all(ctx, _order(ctx, groups), groups, queue)
    ctx.spine = main
    non_attack.end_of_turn(ctx)
    thug_attacks.eliminations(ctx, groups, queue)
    _super_energy(ctx)
    tag.beast_energy(ctx, _counted, lambda f: f.prof.life_max)  # after Super Energy, as in the main turn
    move_elements.end_of_turn(ctx)  # Life Bar Drain, the Buff Gauge (000 L3011–L3015, L2977)
    for fid in ctx.order:
        thug_stances.carry_over(ctx.fighters[fid])
    before = ctx.time_count
    if not thug_group.over(ctx, groups):
        time_roll(ctx, D8)  # 1d8 whenever Thugs are in the fight (000 L6734)
        if ctx.opts.thug_thrashing.events:
            for g in groups:
                thug_groups.event_roll(ctx, g, queue)
    ctx.round_over = thug_group.over(ctx, groups)
    move_elements.tick_user_states(ctx, before)  # a Buff's Time Count, as the main turn's (000 L6646, L2961)
    thug_group.store(ctx, groups)
