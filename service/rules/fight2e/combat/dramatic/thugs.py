"""One turn of Dramatic Combat with Thug groups (000 L7074–L7076): a Thug Thrashing turn (000 L6646–L6746) whose
Fighters play by the Dramatic rules (000 L7066–L7136).

Fighters get their Action Point, roll Initiative by Speed plus the Control Bonus with no Control roll, may show off
and re-roll, and act once plus once per Thug Thrashing level, each action a Basic Move (a point buys its boost), a
Special Move at its Dramatic price, or movement; Hit Stun before acting costs the whole turn unless a point is paid;
Healing Life Bar closes the turn. Groups bank points only from Dramatic Villain or a hit for top damage, and spend
them on the boost and re-rolls; they defend with Defense alone and roll Life Saves; their hits cause Hit Stun only
with the Hit Stun Quality. A Fighter and a group tied within Range 0–2 trade a Flourish. The Agility dodge, Thug
Events, the Time Roll of 1d8 and Super Energy one less than usual are Thug Thrashing's. All Glory is raw, divided
at the end of the combat (``thugs/end-of-combat``). A Band Map gives a band to every Fighter and group; Fighters on
opposing sides act on each other as in a Dramatic turn. What is not resolved is named under ``unsupported`` in
every answer."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from ...dramatic.catalogue import tables
from ...thugs import attacks as thug_rules
from ...thugs import extra_actions
from ...thugs.points import saga_steps
from ..contract.model_types import DieShiftSource, Figure
from ..contract.models import ActionType, ChoiceOption, DecisionValue, Direction, DramaticBoost, DramaticOption
from ..elements import super_only, tag_team
from ..protocol import events
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..thug_thrashing import (
    attacks as thug_attacks,
)
from ..thug_thrashing import (
    fighter_on_thugs,
    mixed,
    move_elements,
    non_attack,
)
from ..thug_thrashing import (
    group as thug_group,
)
from ..thug_thrashing import (
    groups as thug_groups,
)
from ..thug_thrashing import (
    stances as thug_stances,
)
from ..thug_thrashing import (
    stunts as thug_stunts,
)
from ..thug_thrashing import tag as thug_tag
from ..thug_thrashing.group import Group
from ..thug_thrashing.turn import D8
from ..turn.a_initiative import declaration_order
from ..turn.h_time import time_roll
from . import checks as dramatic_checks
from . import initiative as dramatic_initiative
from . import kept_states, thug_group_team, thug_interpose, thug_options, thug_team
from . import pauses as dramatic_pauses
from . import tag as dramatic_tag
from . import thug_actions as acts
from . import thug_flourish as flourishes
from .attack import hold_again, let_go
from .base import Dram, choice, earn, ignore_hit_stun, load, pay, spendable, store
from .end import heal_life_bar
from .flourish import tied_flourishes
from .secondary import ask as ask_secondary
from .secondary import ask_power
from .turn import attack_choices, carry_out, stand_off_turn

# Thug Thrashing traits a Dramatic turn does not apply yet (reported here).
NOT_IN_DRAMATIC: frozenset[str] = frozenset()
RESOLVED_TRAITS = (thug_group.RESOLVED_TRAITS - NOT_IN_DRAMATIC) | {"dramatic_villain", "hit_stun"}  # applied here

# The options a Fighter's decisions may name here: at the action (the boost, a Special Move, a Flourish invitation)
# and at their own points of the turn (re-rolls, showing off, Ignore Hit Stun, Healing Life Bar); the rest are
# reported under their own ids (declared_members.dramatic_options_unresolved).
AT_THE_ACTION = frozenset(
    {DramaticOption.basic_boost, DramaticOption.special_move, DramaticOption.flourish, DramaticOption.full_defense}
)
AT_THEIR_POINT = frozenset(
    {
        DramaticOption.initiative_reroll,
        DramaticOption.show_off,
        DramaticOption.ignore_hit_stun,
        DramaticOption.healing_life_bar,
        DramaticOption.fast_reflexes,  # once Initiative is rolled
        DramaticOption.endure_great_hardship,  # as Initiative is rolled (thug_interpose)
        DramaticOption.taking_a_hit,  # asked of the target's allies once a Thug's attack hits (thug_interpose)
        DramaticOption.stand_off,  # asked at the end of the turn (thug_interpose)
    }
)
# and those dramatic.thug_options resolves, or refuses against a group naming why
RESOLVED_OPTIONS = (
    frozenset({DramaticOption.team_up})  # two Fighters on one group (dramatic.thug_team)
    | AT_THE_ACTION
    | AT_THEIR_POINT
    | thug_options.AT_THE_ACTION
    | thug_options.AT_THEIR_POINT
    | frozenset(thug_options.NOT_ON_GROUPS)
)

# Ruling: of the Additional Glory Awards (000 L826–L857) only being Stunned and being defeated can arise against
# Thugs, and thug_thrashing.attacks.hurt counts both here as in Thug Thrashing: a Thug is no Fighter to defeat (000
# L829–L849), and a group has no Combo, Super Move, Counter or Interrupt to defend against (000 L6684–L6694).
GAPS: dict[str, str] = {}  # none at present: Thug Thrashing's own by its ids, then Dramatic Combat's


def _report_gaps(ctx: Turn) -> None:
    for ident, reason in GAPS.items():
        ctx.unsupported_rule(ident, "options.subsystem", f"not resolved in a Dramatic turn with Thugs yet: {reason}")
    thug_group.report_setting_gaps(ctx)


# ── Initiative and the order ─────────────────────────────────────────────────────────────────────


def _initiative(ctx: Turn, ds: dict[str, Dram], groups: list[Group], pts: acts.GroupPoints) -> None:
    declared = [(ds[f.id], acts.fighter_initiative(ctx, ds[f.id], ds)) for f in declaration_order(ctx)]
    for d, steps in declared:  # every declaration made before any roll (000 L5507)
        dramatic_initiative.roll_initiative(ctx, d, steps)
    for g in (g for g in groups if g.members):
        acts.group_points(ctx, g, pts)
        thug_group.roll_initiative(ctx, g)
    for f in declaration_order(ctx):
        dramatic_initiative.rerolls(ctx, ds[f.id])
    for g in (g for g in groups if g.members):
        acts.group_rerolls(ctx, g, pts)
    # Fast Reflexes: a group has no such skill to roll against (000 L7146)
    dramatic_initiative.fast_reflexes(ctx, ds, tuple(g.init for g in groups if g.members))


def _order(ctx: Turn, ds: dict[str, Dram], groups: list[Group], spent: set[str]) -> list[Dram | Group]:
    """Highest Initiative first; groups never hold (000 L6654). Ties go Fighters first, in request order, and a group
    tied with a Fighter acts at the same moment (``_group_turn``). Those whose turn a Flourish took are left out."""
    actors: list[Dram | Group] = [ds[i] for i in ctx.order if ds[i].f.active and i not in spent]
    actors += [g for g in groups if g.members > 0 and g.id not in spent]

    def first(a: Dram | Group) -> int:  # a group with Priority (or a Throw) breaks a tie (000 L3892, L4347)
        return 0 if isinstance(a, Group) and thug_rules.has_priority(a.traits) else 1

    actors.sort(key=lambda a: (-(a.f.init if isinstance(a, Dram) else a.init), first(a)))  # stable
    inits = [a.f.init if isinstance(a, Dram) else a.init for a in actors]
    top = actors[0] if actors and (len(actors) == 1 or inits[0] > inits[1]) else None
    if isinstance(top, Dram):
        ctx.leader = top.f.id
    elif top is not None:
        top.led = True  # its +1 next turn if it hits, as in Thug Thrashing (000 L6562, L5509)
    return actors


# ── A Fighter's turn ─────────────────────────────────────────────────────────────────────────────


def _tt_level(ctx: Turn, d: Dram, groups: list[Group]) -> int:
    """Thug Thrashing's extra actions (000 L6750), halved under More Realistic (000 L6804) and per Saga Scale step
    (000 L6818), none near a group that drew Endless Numbers (000 L6778). Ruling: with no Control roll in Dramatic
    Combat (000 L7084) and only Basic Moves (000 L7108), the extra actions are not limited by half the Control
    (000 L6754). As in Thug Thrashing, only the groups against him count, and with none he has no extra actions
    (ruling, 000 L6750)."""
    f = d.f
    groups = [g for g in groups if g.members and thug_group.opposes(g, f)]
    if not groups:
        return 0
    blocked = any(
        g.members
        and g.now.blocks_thug_thrashing_within is not None
        and g.ranges[f.id] <= g.now.blocks_thug_thrashing_within
        for g in groups
    )
    if blocked:
        ctx.note("C", f.id, f"Endless Numbers: {f.id} takes no extra actions this turn.", "000 L6778")
    return extra_actions.effective_thug_thrashing(
        thug_group.skill(ctx, f, "thug_thrashing"),
        more_realistic=ctx.opts.thug_thrashing.more_realistic,
        saga_steps=saga_steps(ctx.opts.thug_thrashing.saga_scale) or 0,
        blocked=blocked,
    )


def _fighter_turn(ctx: Turn, ds: dict[str, Dram], d: Dram, every: list[Group], pts: acts.GroupPoints) -> None:
    f = d.f
    if not f.active or f.acted:  # one who changed with an opponent's change spent his action on it (000 L5315)
        return
    f.acted = d.acted = True
    groups = [g for g in every if thug_group.opposes(g, f)]  # he acts on the groups against him (000 L6646)
    if f.thug_hold:  # a group's Sustained Hold (000 L4381)
        ctx.note("C", f.id, f"{f.id} is held: no action this turn.", "000 L4381")
        return
    if (holder := kept_states.held(ctx, f)) is not None:  # a Fighter's, begun this turn (000 L4385)
        ctx.note("C", f.id, f"{f.id} is held in {holder}'s Sustained Hold: no action this turn.", "000 L4385")
        return
    recovering = bool(f.stunned or f.knocked_down)
    if not recovering and d.hit_stunned and not ignore_hit_stun(ctx, d, "turn"):
        return
    if d.standing is not None and any(g.id == d.standing and g.members for g in groups):
        stand_off_turn(ctx, d, d.standing)  # the whole turn, his extra actions too (000 L7273)
        return
    tt = _tt_level(ctx, d, groups)
    count = 1 + tt
    if count > 1:
        ctx.note("C", f.id, f"{f.id} has {count} actions this turn.", "000 L6750, L7084", inputs={"actions": count})
    for i in range(count):
        if not (any(g.members for g in groups) or ctx.opponents(f)) or not f.active:
            return
        if i == 0 and f.knocked_down and not f.stunned and move_elements.prone_moves(f):
            _from_the_ground(ctx, d, groups)  # Only When Prone in place of standing (000 L4737–L4743)
            continue
        if i == 0 and recovering:  # recovering takes his first action; the extras remain (000 L6752)
            _recover(ctx, d)
            continue
        if i == 0 and f.entangle_lost:
            ctx.note("C", f.id, f"{f.id} is Entangled: his first action is lost.", "000 L3306, L6752")
            continue
        if i == 0 and thug_stances.first_action_spent(ctx, f):  # Full Defense or Agility taken when attacked
            continue
        if i == 0 and _hold_second_part(ctx, ds, d):  # his Sustained Hold's second part (000 L4387–L4391)
            continue
        if i == 0 and move_elements.waiting(f):  # his Slow Startup move goes off (000 L4846–L4848)
            _release(ctx, d, groups)
            continue
        if i == 0:
            ask_secondary(ctx, d)  # not an action (000 L7277)
            ask_power(ctx, d)
        key, v = ctx.decide(
            f.id,
            "action",
            "C",
            f"{f.id}'s action {i + 1} of {count}: move, a Basic Move (a point may boost it) or a Special "
            "Move on a Thug group, or nothing.",
            None,
            partial(_action_choices, ctx, ds, d, groups, i > 0),
        )
        special = _saga_special(ctx, d, v)
        if special and i > 0:  # ruling: his Thug Thrashing is already in use this turn (000 L6820)
            ctx.fail("DECISION_INVALID", key, f"{key}: at Saga Scale a Special Move is not an extra action.", key=key)
        if i > 0 and v.action not in thug_tag.ACTIONS:  # thug_tag.check says what an extra action may do of these
            _spare_villains(ctx, groups, key, v)
            mixed.check_extra_action(ctx, f, groups, key, v)  # never on a Fighter, near one only on Thugs (000 L6752)
        if v.action in thug_tag.ACTIONS and v.option is None:  # before the Fighter targets: a switch names his partner
            thug_tag.check(ctx, f, v, key, first=i == 0)
            dramatic_tag.act(ctx, ds, d, v, key, thug_tag.Among(every))
            return  # he left the fight, or changed and does nothing else that turn (000 L6283, L5313)
        _carry_out(ctx, ds, d, groups, key, v, pts, Actions(tt, count - 1 - i, tt + 1 if special else 1))
        if special and count > 1:
            ctx.note("C", f.id, f"{f.id} used a Special Move at Saga Scale: no extra actions this turn.", "000 L6820")
            return


def _settle_holds(ctx: Turn, ds: dict[str, Dram]) -> list[Dram]:
    """Before anyone acts: a Fighter's Sustained Hold on a Fighter, on its second turn, whose holder is not ahead of
    the one held ends with no damage, its Knock Back, Knock Down and On-Hit effects landing, 1 Glory less when its
    first part earned it (000 L4389, L4397), as in a Dramatic turn. Returns those who let go: their action is spent
    (no free Flourish takes their turn, 000 L4391)."""
    out = []
    for a, m, t, earned in kept_states.settle_holds(ctx):
        let_go(ctx, ds[a.id], ds[t.id], m, earned)
        out.append(ds[a.id])
    return out


def _extras_kept(held: list[Dram]) -> None:
    """Ruling, as in a Thug Thrashing turn: letting go is his first action only, his extra Thug Thrashing actions
    stay his (000 L4391, L6752)."""
    for d in held:
        d.acted = d.f.acted = False
        d.f.hold_ended = True


def _hold_second_part(ctx: Turn, ds: dict[str, Dram], d: Dram) -> bool:
    """His first action goes to his Sustained Hold: its end, settled before anyone acted, or its second part struck
    now with no roll for half damage, he being ahead of the one held (000 L4387–L4391)."""
    f = d.f
    if f.hold_ended:
        f.hold_ended = False
        ctx.key(f.id, "action")  # the action it took: his next one is keyed after it
        ctx.note("C", f.id, f"{f.id}'s first action went to his Sustained Hold's end.", "000 L4391, L6752")
        return True
    due = kept_states.hold_due(ctx, f)
    if due is None:
        return False
    ctx.key(f.id, "action")
    hold_again(ctx, d, ds[due[1].id], due[0])
    return True


def _release(ctx: Turn, d: Dram, groups: list[Group]) -> None:
    """Ruling: the release's 1 Control is no cost here, no Control being rolled (000 L4848, L7084)."""
    if non_attack.released_use(ctx, d.f, groups, ctx.peek_key(d.f.id, "action"), 1):  # a Utility move's (000 L4846)
        ctx.key(d.f.id, "action")  # the action it takes
        return
    found = move_elements.released(ctx, d.f, [g.id for g in groups if g.members], 1)
    if found is None:
        return
    m, gid = found
    g = next(g for g in groups if g.id == gid)
    v = DecisionValue(action=ActionType.attack, moves=[m.id], target=gid)
    acts.fighter_attack(ctx, d, g, ctx.key(d.f.id, "action"), v, groups=groups, released=True)


# options that act on the group they name (a Stance Evaluation only weighs it up)
_ON_A_GROUP = frozenset(
    {
        DramaticOption.basic_boost,
        DramaticOption.flourish,
        DramaticOption.property_damage,
        DramaticOption.call_forth_wisdom,
        DramaticOption.mind_manipulation,
        DramaticOption.pushing_it,
        DramaticOption.special_move,
        DramaticOption.team_up,
    }
)


def _spare_villains(ctx: Turn, groups: list[Group], key: str, v: DecisionValue) -> None:
    """A Competent Villain group ignores a Fighter's extra actions: none may attack it or invite it to a Flourish
    (000 L6630); moving by it is open, as in Thug Thrashing."""
    if v.action is not ActionType.attack and v.option not in _ON_A_GROUP:
        return
    live = [g for g in groups if g.members]
    target = next((g for g in live if g.id == v.target), live[0] if v.target is None and len(live) == 1 else None)
    if target is not None and thug_group.COMPETENT_VILLAIN in target.traits:
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"{key}.target",
            f"{key}: {target.id} is a Competent Villain: an extra action cannot act on it (000 L6630).",
            key=key,
        )


def _from_the_ground(ctx: Turn, d: Dram, groups: list[Group]) -> None:
    """Stand up, or attack a group with an Only When Prone move from the ground, staying down (000 L4737–L4743)."""
    found = move_elements.from_the_ground(ctx, d.f)
    if found is None:
        _recover(ctx, d)
        return
    key, m, target = found
    g = _group(ctx, groups, target, key)
    acts.fighter_attack(ctx, d, g, key, DecisionValue(action=ActionType.attack, moves=[m.id], target=g.id))


def _recover(ctx: Turn, d: Dram) -> None:
    f = d.f
    if f.stunned:
        f.stunned -= 1
        d.realize_next = not f.stunned
        ctx.note("B", f.id, f"{f.id} spends his first action recovering from Stun.", "000 L5972–L5990")
    else:
        f.knocked_down = False
        d.realize_next = True  # just stood up: Realize Potential next turn (000 L7259)
        ctx.note("B", f.id, f"{f.id} spends his first action standing up.", "000 L5958")


def _group(ctx: Turn, groups: list[Group], target: str | None, key: str) -> Group:
    live = [g for g in groups if g.members]
    if target is None and len(live) == 1:
        return live[0]
    g = next((g for g in groups if g.id == target), None)
    if g is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no Thug group '{target}'.", key=key)
    if g.members <= 0:
        ctx.fail("GROUP_DEFEATED", f"{key}.target", f"{key}: {g.id} has no Thugs left.", key=key)
    return g


def _pay_utility(ctx: Turn, d: Dram, m: MoveProfile, key: str) -> None:
    """A Utility move is a Special Move, paid as one (000 L7209–L7213)."""
    pay(ctx, d, DramaticOption.special_move, acts.special_price(d, m), key)
    if m.id not in d.used:
        d.used.append(m.id)


def _saga_special(ctx: Turn, d: Dram, v: DecisionValue) -> bool:
    """At Saga Scale a Special Move stops his Thug Thrashing for the turn and multiplies its Glory (000 L6820)."""
    if ctx.opts.thug_thrashing.saga_scale == 1 or not (v.action is ActionType.attack or v.option in _ON_A_GROUP):
        return False
    return any((m := d.f.move(mid)) is not None and m.is_special for mid in v.moves or [])


@dataclass(frozen=True)
class Actions:
    """His Thug Thrashing this turn, the extra actions left after this one, and the Saga Scale's factor on a Special
    Move's Glory (000 L6820)."""

    tt: int
    left: int
    factor: int


def _carry_out(
    ctx: Turn,
    ds: dict[str, Dram],
    d: Dram,
    groups: list[Group],
    key: str,
    v: DecisionValue,
    pts: acts.GroupPoints,
    turn: Actions,
) -> None:
    f = d.f
    move_elements.check_action(ctx, f, key, v)  # a Buff's limits on what he does (000 L3027–L3045, L6646)
    if v.option is DramaticOption.full_defense:  # the Dramatic option is the main system's stance (000 L7227)
        v = v.model_copy(update={"option": None, "full_defense": True})
    if v.stunt_sequence is not None:  # an action and a Story Point, as in Thug Thrashing (000 L6792)
        thug_stunts.stunt_sequence(ctx, f, groups, key, v, turn.tt)
        return
    if v.target in ctx.fighters and not non_attack.heals_ally(
        ctx, f, v
    ):  # a Fighter of another side: the Dramatic turn's action (000 L7074, L6646)
        _versus_fighter(ctx, ds, d, key, v)
        return
    if thug_stances.is_stance(v):  # Full Defense, Full Agility, or both stances at once (000 L6758, L6782–L6784)
        thug_stances.take(ctx, f, groups, key, v, turn.left)
        d.full_defense = f.full_defense
        return
    if v.action in non_attack.RESOLVED and v.option is None:  # the main system's, kept (000 L7080, L6750)
        non_attack.act(ctx, f, groups, key, v, partial(_pay_utility, ctx, d))
        d.non_attack = f.non_attack_action
        return
    if v.option is DramaticOption.flourish:
        if (v.movement or 0) > 1:
            ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with an action.", key=key)
        g = _group(ctx, groups, v.target, key)
        fighter_on_thugs.move(ctx, f, g, v.movement or 0, v.direction)  # as with an attack (000 L7140)
        flourishes.invite(ctx, d, g, key)
        return
    if v.option is DramaticOption.special_move:  # named as the option: the attack with its Special Move (000 L7209)
        m = f.move((v.moves or [""])[0])
        if m is None or not m.is_special:
            ctx.fail("DECISION_INVALID", f"{key}.moves", f"{key}: the option names a Special Move.", key=key)
        acts.fighter_attack(ctx, d, _group(ctx, groups, v.target, key), key, v, factor=turn.factor, groups=groups)
        return
    if v.option is not None:
        named = _group(ctx, groups, v.target, key) if v.option is DramaticOption.call_forth_wisdom else None
        thug_options.refuse(ctx, v.option, key, named)
    if v.option in (DramaticOption.property_damage, DramaticOption.call_forth_wisdom):
        acts.fighter_attack(ctx, d, _group(ctx, groups, v.target, key), key, v, property_damage=True)
        return
    if v.option in (DramaticOption.leaving_combat, DramaticOption.zen_state):
        thug_options.leave(ctx, d, groups, key, zen=v.option is DramaticOption.zen_state)
        return
    if v.option is DramaticOption.team_up:
        thug_team.team_up(ctx, ds, d, _group(ctx, groups, v.target, key), v, key, groups)
        return
    if v.option is DramaticOption.mind_manipulation:
        g = _group(ctx, groups, v.target, key)
        fighter_on_thugs.move(ctx, f, g, min(v.movement or 0, 1), v.direction)  # as with an attack (000 L7140)
        thug_options.manipulate(ctx, d, g, v, key, pts.idle_next, pts.dictated_next)
        return
    if v.option in (DramaticOption.ki_yelling, *dramatic_checks.EFFECTS):
        thug_options.carry_out(ctx, d, _group(ctx, groups, v.target, key), groups, v, key)
        return
    if v.option in AT_THEIR_POINT or v.option in thug_options.AT_THEIR_POINT:
        name = tables().option(v.option.value).name
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: {name} is taken at its own point of the turn.",
            key=key,
        )
    riding = v.option in (DramaticOption.basic_boost, DramaticOption.pushing_it)
    if v.option is not None and not riding:
        ctx.unsupported_rule(
            v.option.value, key, f"{tables().option(v.option.value).name} is not resolved in a turn with Thugs yet"
        )
        ctx.note("C", f.id, f"{f.id} does nothing (the option asked for is not resolved yet).", "000 L7138")
        return
    if v.action is ActionType.attack or riding:
        acts.fighter_attack(ctx, d, _group(ctx, groups, v.target, key), key, v, factor=turn.factor, groups=groups)
    else:
        toward = partial(_group, ctx, groups, v.target, key)
        fighter_on_thugs.move_or_idle(ctx, f, v, key, toward, "a Dramatic turn with Thugs")


def _versus_fighter(ctx: Turn, ds: dict[str, Dram], d: Dram, key: str, v: DecisionValue) -> None:
    """His action on a Fighter of another side is a Dramatic turn's, carried out as there (000 L7074, L6646): his
    movement toward or away from him, a Basic Move or a Special Move, the options on an opponent, a Flourish
    invitation, a Team-Up with an ally on him."""
    t = ds.get(v.target or "")
    if t is None or t.f.side == d.f.side or not t.f.active:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {v.target} is not an opponent in the fight.", key=key)
    mixed.name_throw_chain(ctx, d.f, key, v)  # no Multi-Part Throw lock here (000 L3765–L3778)
    carry_out(ctx, ds, d, key, v)


def _fighter_choices(ctx: Turn, ds: dict[str, Dram], d: Dram, extra: bool) -> list[ChoiceOption]:
    """His first action's choices on the Fighters of other sides (an extra action never acts on one, 000 L6752)."""
    if extra:
        return []
    out: list[ChoiceOption] = []
    for o in ctx.opponents(d.f):
        t = ds[o.id]
        out += attack_choices(ctx, d, t)
        if spendable(d, DramaticOption.flourish) >= 1:
            invitation = DecisionValue(option=DramaticOption.flourish, target=o.id)
            out.append(choice(invitation, f"invite {o.id} to a Flourish"))
    return out


def _action_choices(ctx: Turn, ds: dict[str, Dram], d: Dram, groups: list[Group], extra: bool) -> list[ChoiceOption]:
    f = d.f
    if extra and mixed.fighter_near(ctx, f):  # only an attack on a group, or nothing (000 L6752)
        every = _group_choices(ctx, d, groups, extra)
        return [c for c in every if mixed.open_near_fighter(c.value)]
    return (_fighter_choices(ctx, ds, d, extra) + _group_choices(ctx, d, groups, extra))[:200]


def _group_choices(ctx: Turn, d: Dram, groups: list[Group], extra: bool) -> list[ChoiceOption]:
    f = d.f
    out = [choice(DecisionValue(action=ActionType.none), "do nothing")]
    boost = spendable(d, DramaticOption.basic_boost) >= 1
    for g in (g for g in groups if g.members):
        spared = extra and thug_group.COMPETENT_VILLAIN in g.traits  # 000 L6630
        if spendable(d, DramaticOption.flourish) >= 1 and not spared:
            invitation = DecisionValue(option=DramaticOption.flourish, target=g.id)
            out.append(choice(invitation, f"invite {g.id} to a Flourish"))
        for n in (1, 2):
            for way in Direction:
                out.append(
                    choice(DecisionValue(action=ActionType.move, movement=n, direction=way, target=g.id), f"move {n}")
                )
        for n in () if spared else (0, 1):
            dist = max(g.ranges[f.id] - n, 0)
            for m in f.prof.moves.values():
                lo, hi = m.range or (0, 2)
                if not m.offensive or not lo <= dist <= hi or (m.is_super and super_only.cost(ctx, f, m) > f.se):
                    continue
                if m.is_special and acts.special_price(d, m) > spendable(d, DramaticOption.special_move):
                    continue
                base = DecisionValue(
                    action=ActionType.attack,
                    moves=[m.id],
                    target=g.id,
                    movement=n or None,
                    direction=Direction.toward if n else None,
                )
                out.append(choice(base, f"{m.name} on {g.id}"))
                if boost and not m.is_special:
                    out += [
                        choice(
                            base.model_copy(update={"option": DramaticOption.basic_boost, "boost": b}), f"+{b.value}"
                        )
                        for b in DramaticBoost
                    ]
    out += thug_options.offered(ctx, d, groups)
    price = spendable(d, DramaticOption.special_move)
    out += non_attack.offered(ctx, f, groups, lambda m: acts.special_price(d, m) <= price)
    out += thug_tag.offered(ctx, f, not extra, control=False)  # ruling: no Control gate (000 L7084)
    if spendable(d, DramaticOption.property_damage) >= 1:
        out += [
            choice(DecisionValue(option=DramaticOption.property_damage, target=g.id), f"Property Damage at {g.id}")
            for g in groups
            if g.members and not (extra and thug_group.COMPETENT_VILLAIN in g.traits)
        ]
    if spendable(d, DramaticOption.call_forth_wisdom) >= 1:
        wisdom = DramaticOption.call_forth_wisdom
        out += [
            choice(DecisionValue(option=wisdom, target=g.id), f"Call Forth Wisdom at {g.id}")
            for g in groups
            if g.members and g.state.spiritual and not (extra and thug_group.COMPETENT_VILLAIN in g.traits)
        ]
    return out[:200]


# ── The end of the turn ──────────────────────────────────────────────────────────────────────────


def _super_energy(ctx: Turn, ds: dict[str, Dram]) -> None:
    """His usual Super Energy less 1, never below 0 (000 L6730): the turn's share, one per group that hurt him
    (000 L5264) and one per Special Move attack (ruling C4: a Basic Move's earns none in Dramatic Combat)."""
    cap = ctx.opts.super_energy_max
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if not f.prof.has_supers or f.super_used:
            continue
        usual = math.ceil(cap / 20) + len(f.life_loss_from) + ds[fid].specials
        before = f.se
        f.se = min(f.se + max(usual - 1, 0), cap)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} gains {f.se - before} Super Energy ({usual} as usual, 1 less against Thugs): {before} → {f.se}.",
            "000 L6730, L5264–L5275",
            inputs={"usual": usual},
            change={Figure.super_energy: f.se},
        )


def _stances_end(ctx: Turn, d: Dram) -> None:
    """Full Defense untouched by any hit earns a recovery point (000 L7227); Full Offense costs next turn's
    Initiative a die size, one more each turn in a row (000 L5739; ruling: with no Control in Dramatic Combat,
    000 L7084, all of it falls on the Initiative die)."""
    f = d.f
    if (d.full_defense or f.full_defense) and not (d.was_hit or f.was_hit) and not f.defeated:
        rec = tables().option("full_defense").recovery_ap or 0
        earn(ctx, d, 0, f"{f.id} was not hit on Full Defense: +{rec} recovery point.", "000 L7227", recovery_only=rec)
    if f.full_offense:
        f.fo_streak += 1
        d.next_steps -= f.fo_streak
        ctx.note("H", f.id, f"Full Offense: {f.fo_streak} die size(s) off {f.id}'s next Initiative.", "000 L5739")
    else:
        f.fo_streak = 0


_NEXT_TURN_SOURCES = frozenset({DieShiftSource.harry})


def _next_initiative(ds: dict[str, Dram]) -> None:
    """What Thugs' hits leave on next turn's Initiative die, in a Dramatic turn's own tally (no Control, so Harry's
    choice is the Initiative, 000 L7084, L3432): Knocked Down before acting (000 L5962), Entangled (000 L3306)."""
    for d in ds.values():
        f = d.f
        d.next_steps -= sum(1 for x in f.next_dice if x[2] in _NEXT_TURN_SOURCES)
        # his move's Fast or Slow Recovery: on the Initiative die, there being no Control (000 L3358, L4836, L7084)
        d.next_steps += sum(x[1] for x in f.next_dice if x[2] not in _NEXT_TURN_SOURCES)
        f.next_dice = []
        d.next_steps -= int(f.kd_before_acting) + int(f.entangled)


def _store(ctx: Turn, groups: list[Group], ds: dict[str, Dram], pts: acts.GroupPoints) -> None:
    thug_group.store(ctx, groups)
    ctx.thug_state = [
        s.model_copy(
            update={
                "action_points": min(pts.points[s.id], 99),
                "attacked": pts.attacked[s.id],
                # a Flourish invitation's larger die on top of a kept Critical Hit's (000 L7189), within the field
                "initiative_steps": min(s.initiative_steps + pts.steps.get(s.id, 0), 2),
                "idle": s.id in pts.idle_next,
                "dictated_by": pts.dictated_next.get(s.id),
                "teamed": s.id in pts.teamed,  # no point and no Team-Up next turn (000 L7219)
            }
        )
        for s in ctx.thug_state or []
    ]
    store(ds)


def _fighters_tied(ctx: Turn, ds: dict[str, Dram]) -> set[str]:
    """Fighters of opposing sides tied within Range 0–2 trade the free Flourish in place of their turns, as in a
    Dramatic turn (000 L7100, L7189); those a group's Flourish took are out of it. Returns those it took."""
    order = sorted((d for d in ds.values() if d.f.active and not d.acted), key=lambda d: -d.f.init)
    tied_flourishes(ctx, order)
    return {d.f.id for d in order if d.acted}


def _slot(ds: dict[str, Dram], groups: list[Group], pts: acts.GroupPoints, ctx: Turn, f: Combatant) -> None:
    """A partner switched in takes his place in the order with his own actions (000 L6283, L6750)."""
    _fighter_turn(ctx, ds, ds[f.id], groups, pts)


def _init(a: Dram | Group) -> int:
    return a.f.init if isinstance(a, Dram) else a.init


def _group_acts(
    ctx: Turn,
    ds: dict[str, Dram],
    pts: acts.GroupPoints,
    queue: list[tuple[str, str]],
    strike: partial,
    groups: list[Group],
    g: Group,
) -> None:
    if g.standing_off:
        ctx.note("C", g.id, f"{g.id} stands off: no action this turn.", "000 L7273")
    elif g.state.idle:  # Mind-Manipulating Magic holds it this turn (000 L7285)
        ctx.note("C", g.id, f"{g.id} does nothing this turn, its mind in another's grip.", "000 L7285")
    elif not thug_options.group_invites(ctx, g, ds, pts.points, pts.steps) and not thug_group_team.turn(
        ctx, g, groups, ds, pts, queue
    ):  # a Team-Up of two groups (000 L7219)
        if g.state.dictated_by:  # the caller's decisions for it stand for the manipulator's word
            ctx.note("C", g.id, f"{g.state.dictated_by} says what {g.id} does.", "000 L7285")
        thug_groups.act(ctx, g, queue, strike)


def _group_turn(ctx: Turn, g: Group, order: list[Dram | Group], start: dict[str, int], act: partial) -> None:
    """A group tied with a Fighter acts at the same moment (000 L6656), as in a Thug Thrashing turn: the Fighters'
    actions are resolved first, then the group moves and attacks with every Thug it had when that Initiative came up
    (ruling, thug_thrashing.turn._act_all's); a group that Priority puts first is not tied."""
    tied = not thug_rules.has_priority(g.traits) and any(isinstance(o, Dram) and o.f.init == g.init for o in order)
    now = g.members
    if tied and start.get(g.id, 0) > now:
        g.members = start[g.id]
        ctx.note(
            "C",
            g.id,
            f"{g.id} acts at the same moment as the Fighters tied with it: {g.members} Thugs act, {now} stay standing.",
            "000 L6656",
        )
        act(g)
        g.members = now
    elif not thug_group.over(ctx, [g]):
        act(g)


def run(ctx: Turn) -> None:
    """The turn, from the points and Initiative to the Thug Event rolls."""
    events.start(ctx)
    _report_gaps(ctx)
    groups = thug_group.load(ctx, RESOLVED_TRAITS)
    ctx.thug_state = list(ctx.req.fight.thugs)
    thug_group.check_start(ctx, groups)
    mixed.drop_carried_chain(ctx)  # no Multi-Part Throw lock here (000 L3765–L3778)
    ds = load(ctx)
    pts = acts.load_points(groups)
    thug_interpose.standing_groups(ds, groups)
    for g in groups:
        thug_group.rout(ctx, g)
    if thug_group.over(ctx, groups):  # the last Thug fled at the start of the turn (000 L6771)
        ctx.round_over = True
        _store(ctx, groups, ds, pts)
        return
    for g in groups:
        thug_group.exploit_weakness(ctx, g)  # Oblivious, on the first turn (000 L1461)
    _initiative(ctx, ds, groups, pts)
    let_go_holders = _settle_holds(ctx, ds)
    queue: list[tuple[str, str]] = []
    strike = partial(acts.group_strike, pts=pts, ds=ds)
    spent = flourishes.tied(ctx, ds, groups) | _fighters_tied(ctx, ds)
    _extras_kept(let_go_holders)
    order = [] if thug_group.over(ctx, groups) else _order(ctx, ds, groups, spent)
    start: dict[str, int] = {}  # each group's Thugs when its tied Initiative came up
    main = ctx.spine
    ctx.spine = thug_tag.ThugSpine(main, partial(_slot, ds, groups, pts))  # a partner switched in acts (000 L6283)
    among = thug_tag.Among(groups)
    for i, actor in enumerate(order):
        tag_team.enter_due(ctx, _init(actor))  # a partner switched in with a higher Initiative acts first (000 L6283)
        if i == 0 or _init(order[i - 1]) != _init(actor):
            start = {g.id: g.members for g in order[i:] if isinstance(g, Group) and g.init == _init(actor)}
        if isinstance(actor, Dram):
            _fighter_turn(ctx, ds, actor, groups, pts)
        else:
            _group_turn(ctx, actor, order, start, partial(_group_acts, ctx, ds, pts, queue, strike, groups))
        thug_tag.replace_fallen(ctx, among, order[i + 1 :], dramatic_tag.entry(ds))  # a partner for the defeated
        if thug_group.over(ctx, groups) and not any(start.get(a.id, 0) for a in order[i + 1 :] if isinstance(a, Group)):
            ctx.round_over = True
            break
    if not thug_group.over(ctx, groups):
        tag_team.enter_due(ctx, None)  # one switched in who waits for his Initiative and is last (000 L6283)
    ctx.spine = main
    if not thug_group.over(ctx, groups):
        thug_team.lapse(ctx, ds, groups)
        thug_group_team.lapse(ctx, groups, lambda g: thug_groups.act(ctx, g, queue, strike), pts)
    thug_attacks.eliminations(ctx, groups, queue, lambda fid: ds[fid].life_max)  # Drain Life to his Dramatic max
    for fid in ctx.order:  # hurt and hurting no one: points for n² Life Bar (000 L7253–L7255)
        heal_life_bar(ctx, ds[fid])
        _stances_end(ctx, ds[fid])
        dramatic_pauses.rest(ctx, ds[fid])  # a Stand Off's rest (000 L7273)
    if not thug_group.over(ctx, groups):
        thug_interpose.ask_stand_off(ctx, ds, groups, pts.points)
    _super_energy(ctx, ds)
    counted = {fid: {"life_bar_lost": len(d.f.life_loss_from), "special_moves": d.specials} for fid, d in ds.items()}
    thug_tag.beast_energy(ctx, lambda f: counted[f.id], lambda f: ds[f.id].life_max)  # as Super Energy, just above
    move_elements.end_of_turn(ctx)  # Life Bar Drain, the Buff Gauge (000 L3011–L3015, L2977)
    non_attack.end_of_turn(ctx)
    before = ctx.time_count
    if not thug_group.over(ctx, groups):
        time_roll(ctx, D8)  # 1d8 whenever Thugs are in the fight (000 L6734, ruling C25)
        if ctx.opts.thug_thrashing.events:
            for g in groups:
                thug_groups.event_roll(ctx, g, queue, strike=strike)  # a free attack's top damage too (000 L7112)
    ctx.round_over = thug_group.over(ctx, groups)
    move_elements.tick_user_states(ctx, before)  # a Buff's Time Count, as the main turn's (000 L6646, L2961)
    _next_initiative(ds)
    _store(ctx, groups, ds, pts)
