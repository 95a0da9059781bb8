"""Dramatic Combat with Thug groups (000 L7074–L7076): the pieces of the turn where the two sub-systems meet.

Fighters get their Action Point and roll Initiative by Speed as in Dramatic Combat; a group gets points only from a
Quality (Dramatic Villain) or a hit for top damage, and may spend them only on what its build allows (ruling C22):
the Basic attack's boost and Initiative re-rolls. A Fighter's Basic Move on a group makes its Thugs roll Life Saves,
the boost's larger die lowering them; a group's hit causes Hit Stun only with the Hit Stun Quality."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial

from ....dice import Die
from ...catalogue.records import MoveTrait, Trigger
from ...dramatic import attacks as dramatic_attacks
from ...dramatic import bank, costs
from ...dramatic.catalogue import tables
from ...thugs import attacks as thug_rules
from ...thugs import dramatic as thug_dramatic
from ...thugs import life_save
from ...thugs.dice import die_step, die_text
from ...thugs.weapons import WEAPONS, WeaponRule, weapon_expert_bonus
from ..contract.models import Choice, DecisionValue, Direction, DramaticBoost, DramaticOption
from ..elements import limited_use, perfect_hit
from ..elements.glory import GloryRule, glory_rule
from ..elements.super_energy import pay_supers
from ..protocol import events
from ..registry import points as records
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..thug_thrashing import after_move, ally, fighter_on_thugs, move_elements
from ..thug_thrashing import attacks as thug_attacks
from ..thug_thrashing import evasion as thug_evasion
from ..thug_thrashing import group as thug_group
from ..thug_thrashing import stances as thug_stances
from ..thug_thrashing.group import Group
from ..turn.d_accuracy import range_ok
from ..turn.d_performing import ti_level
from . import actions as dramatic_actions
from . import initiative as dramatic_initiative
from . import kept_states, thug_interpose, thug_options
from .base import Dram, earn, pay, skill
from .pauses import stand_off_accuracy

D6, D10 = Die(3), Die(5)
_BOOST = DramaticOption.basic_boost


@dataclass
class GroupPoints:
    """Each group's banked Action Points and whether it has made its first attack of the fight."""

    points: dict[str, int] = field(default_factory=dict)
    attacked: dict[str, bool] = field(default_factory=dict)
    steps: dict[str, int] = field(default_factory=dict)  # die sizes on its next Initiative (a Flourish invitation)
    held: dict[str, str] = field(default_factory=dict)  # a group holding its Team-Up: the Fighter it targets
    acted: set[str] = field(default_factory=set)  # groups whose action has come this turn
    teamed: set[str] = field(default_factory=set)  # groups that teamed up this turn (no point, no Team-Up next turn)
    idle_next: set[str] = field(default_factory=set)  # held by Mind-Manipulating Magic next turn (000 L7285)
    dictated_next: dict[str, str] = field(default_factory=dict)


def load_points(groups: list[Group]) -> GroupPoints:
    return GroupPoints({g.id: g.state.action_points for g in groups}, {g.id: g.state.attacked for g in groups})


def _group_note(ctx: Turn, g: Group, pts: GroupPoints, text: str, ref: str, amount: int) -> None:
    ctx.note("AP", g.id, text, ref, inputs={"points": amount})
    events.action_points(ctx, g.id, amount, pts.points[g.id])


# ── Initiative ──────────────────────────────────────────────────────────────────────────────────


def fighter_initiative(ctx: Turn, d: Dram, ds: dict[str, Dram]) -> int:
    """His point (none after a Special Move that defeated no one), showing off and FS on his die, all declared
    before anyone rolls (000 L5505–L5507, L7102); the die's sizes, for Initiative by Speed plus the Control Bonus
    with no Control roll (000 L7084–L7096)."""
    f = d.f
    per_turn = ctx.opts.dramatic.action_points_per_turn
    d.points = bank.grant(d.points, per_turn, withheld=d.no_point)
    ctx.note(
        "A.1",
        f.id,
        f"{f.id} "
        + ("gets no Action Point this turn" if d.no_point else f"gets {per_turn} Action Point(s)")
        + f": {d.points.total} banked.",
        "000 L7082, L7213",
    )
    events.action_points(ctx, f.id, 0 if d.no_point else per_turn, d.points.total)
    dramatic_initiative.endure(ctx, ds, d)  # as Initiative is rolled (000 L7223; thug_interpose's ruling)
    steps = d.init_steps
    if d.may_show_off and d.points.general + (f.story or 0) >= 1:
        key, v = ctx.decide(
            f.id,
            "show_off",
            "A.2",
            f"{f.id} hit last turn untouched: spend an Action Point for a larger Initiative die and 1 Glory?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is Choice.act:
            o = tables().option("show_off")
            pay(ctx, d, DramaticOption.show_off, costs.ap_cost(o), key)
            steps += o.die_steps or 0
            # ruling C22: raw Glory, divided with the rest at the end of the combat (000 L6547)
            thug_group.award(ctx, f.id, o.glory or 0, "showing off", o.ref)
    steps += dramatic_actions.cash_in(ctx, d, steps)  # successful Await Opening turns (000 L6045–L6049)
    steps += kept_states.initiative_steps(f)  # Slow Startup going off, a hold's second turn (000 L4846, L4387)
    return steps + dramatic_initiative.fs_on_initiative(ctx, d, steps)


def group_points(ctx: Turn, g: Group, pts: GroupPoints) -> None:
    """A group gets points each turn only from a Quality that grants them (000 L7076, L6632). Ours: an epic fight's
    two points a turn go to every combatant who gets them (000 L7082), such a group too."""
    n = thug_dramatic.action_points_per_turn(g.traits) * ctx.opts.dramatic.action_points_per_turn
    if n and g.state.teamed:  # a Team-Up's partners get no point the following turn (000 L7219)
        ctx.note("AP", g.id, f"{g.id} teamed up last turn: no Action Point this turn.", "000 L7219")
        return
    if not n:
        return
    pts.points[g.id] += n
    _group_note(ctx, g, pts, f"{g.id} gets {n} Action Point(s): {pts.points[g.id]} banked.", "000 L6632, L7076", n)


def group_rerolls(ctx: Turn, g: Group, pts: GroupPoints) -> None:
    """A group with points may re-roll its Initiative as a Fighter may (000 L7098; ruling C22). Ours: groups
    declare after the Fighters, having no Power Level to order them by."""
    for _ in range(20):
        if pts.points[g.id] < 1:
            return
        _, v = ctx.decide(
            g.id,
            "reroll",
            "A.3",
            f"{g.id} has Initiative {g.init}: spend an Action Point to roll it again (the new roll stands)?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is not Choice.act:
            return
        pts.points[g.id] -= 1
        _group_note(ctx, g, pts, f"{g.id} spends an Action Point to re-roll Initiative.", "000 L7098", -1)
        thug_group.roll_initiative(ctx, g)


# ── A group's attack ────────────────────────────────────────────────────────────────────────────


def group_boost(ctx: Turn, g: Group, f_id: str, pts: GroupPoints) -> tuple[int, int]:
    if pts.points[g.id] < 1:
        return 0, 0
    none = DecisionValue(choice=Choice.pass_)
    offered = [thug_group.choice(none, "no boost")] + [
        thug_group.choice(DecisionValue(option=_BOOST, boost=b), f"a point for {b.value}") for b in DramaticBoost
    ]
    key, v = ctx.decide(
        g.id,
        "boost",
        "D",
        f"{g.id} attacks {f_id}: spend an Action Point for +2 Accuracy or a die size of damage?",
        none,
        offered,
    )
    if v.option is None:
        return 0, 0
    if v.option is not _BOOST:
        ctx.fail("DECISION_INVALID", f"{key}.option", f"{key}: a Thug group may only boost its attack.", key=key)
    pts.points[g.id] -= 1
    _group_note(ctx, g, pts, f"{g.id} spends an Action Point on its attack on {f_id}.", "000 L7110", -1)
    return dramatic_attacks.basic_boost(dramatic_attacks.Boost((v.boost or DramaticBoost.accuracy).value))


def group_strike(
    ctx: Turn,
    g: Group,
    f: Combatant,
    queue: list[tuple[str, str]],
    halved: bool = False,
    *,
    pts: GroupPoints,
    ds: dict[str, Dram],
    preset: thug_attacks.Preset | None = None,
    boost: tuple[int, int] | None = None,
) -> None:
    """One Thug's attack, boosted if the group pays; a hit for top damage after the group's first attack earns it
    a point (000 L7112); a hit stops a Fighter who has not acted only with the Hit Stun Quality (ruling C22).
    ``preset`` and ``boost``: a Team-Up's roll and the boost asked before it (``thug_group_team``)."""
    acc, steps = boost if boost is not None else group_boost(ctx, g, f.id, pts)
    acc += stand_off_accuracy(ds[f.id])  # +2 on a Fighter in a Stand Off (000 L7273)
    first = not pts.attacked[g.id]
    pts.attacked[g.id] = True
    d = ds[f.id]
    kept = thug_options.guard(ctx, d, g)
    box = [f]  # whoever takes the hit (Taking a Hit for Someone Else, 000 L7239)
    hooks = thug_interpose.hooks(ctx, ds, g, box)
    try:
        landed = thug_attacks.attack(
            ctx, g, f, queue, halved, accuracy=acc, damage_steps=steps, hit_stun=False, hooks=hooks, preset=preset
        )
    finally:
        f.prof = kept
    if landed is None:
        return
    dmg, die = landed
    f = box[0]
    d = ds[f.id]
    d.was_hit = d.took_damage = True
    d.hit_by_others.add(g.id)
    top = dramatic_attacks.max_damage([dmg], [Die(die_step(die) or 0)])
    allowed = ctx.opts.dramatic.first_attack_knockout
    if f.active and dramatic_attacks.first_attack_knockout(first, top, dmg, f.pl, allowed):
        f.life, f.defeated = 0, True  # the Director's knock-out of a first attack (000 L7112)
        ctx.note("E.2", f.id, f"{g.id}'s first attack, at top damage: {f.id} is knocked out.", "000 L7112")
    if dramatic_attacks.ap_for_max_damage(first, top):
        pts.points[g.id] += 1
        _group_note(ctx, g, pts, f"{g.id} hit for top damage: an Action Point.", "000 L7112, L7122", 1)
    if thug_dramatic.causes_hit_stun(g.traits) and f.active and not f.acted and not d.hit_stunned:
        d.hit_stunned = True
        ctx.note("E.3", f.id, f"{f.id} suffers Hit Stun from {g.id}'s hit before acting.", "000 L6638, L7130")


# ── A Fighter's attack on a group ───────────────────────────────────────────────────────────────


def _accuracy(d: Dram, m: MoveProfile, dist: int, arm: WeaponRule | None = None) -> int:
    """Move Accuracy + Accuracy Bonus, +1 at Range 0, −1 at Range 2 without Reach or Long Range (000 L5708,
    L5613); no spare Control in Dramatic Combat (000 L7084); a carried bonus and Ignore Hit Stun's penalty; a
    weapon's +1, a gun firing as a Long Range attack (000 L6796, L6848)."""
    acc = m.accuracy_vs("defense") + d.f.prof.acc_bonus + d.accuracy_now + d.hit_stun_penalty
    acc += arm.accuracy if arm is not None else 0
    return acc + _accuracy_range(m, dist, arm)


def _accuracy_range(m: MoveProfile, dist: int, arm: WeaponRule | None) -> int:
    if dist == 0:
        return 1
    if dist == 2 and not (m.kw("reach_range") or m.kw("long_range") or (arm is not None and arm.ranged)):
        return -1
    return 0


def _life_save(ctx: Turn, d: Dram, g: Group, m: MoveProfile, plus_die: int, added: bool = False) -> int:
    """The save a hit makes one Thug roll: Strength and each die size above 1d4 off it, the die size a point buys
    counting as one more (000 L6570, L7110, L7211)."""
    base = life_save.base_life_save(g.life_save, g.now.life_save_multiplier)
    step = (die_step(fighter_on_thugs.BASE_DIE) or 0) + (m.damage_step or 0) + plus_die
    die = die_text(step) if m.damage_step is not None or plus_die else "1"
    return life_save.single_move_life_save(base, d.f.prof.strength, die, added, robust="robust" in g.traits)


def special_price(d: Dram, m: MoveProfile) -> int:
    """A point the first time, twice the level after (000 L7213, ruling C10)."""
    return costs.ap_cost(tables().option("special_move"), used_before=m.id in d.used, level=m.level)


def _bought(ctx: Turn, d: Dram, m: MoveProfile, key: str, v: DecisionValue) -> tuple[int, int]:
    """(Accuracy, die sizes) the points buy: a Special Move's price and bonus (000 L7209–L7211), or a Basic Move's
    boost (000 L7110)."""
    if m.is_special:
        pay(ctx, d, DramaticOption.special_move, special_price(d, m), key)
        if m.is_super:  # a Super Move on a group: its Super Energy and 1 FS too (000 L7215, L5281)
            pay_supers(ctx, d.f, [m])
        if m.id not in d.used:
            d.used.append(m.id)
        d.specials += 1
        return dramatic_attacks.special_move_bonus(signature=m.id in d.signature)  # +3 with one (000 L7211)
    if _BOOST in (v.option, *(v.also or ())):
        pay(ctx, d, _BOOST, costs.ap_cost(tables().option(_BOOST.value)), key)
        return dramatic_attacks.basic_boost(dramatic_attacks.Boost((v.boost or DramaticBoost.accuracy).value))
    return 0, 0


def _move_named(ctx: Turn, d: Dram, key: str, v: DecisionValue) -> MoveProfile:
    if v.moves and len(v.moves) > 1:
        ctx.fail("DRAMATIC_NO_COMBOS", f"{key}.moves", f"{key}: Dramatic Combat has no Combos.", key=key)
    m = d.f.move((v.moves or ["basic_move"])[0])
    if m is None or not m.offensive:
        ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {d.f.id} has no attacking move '{v.moves}'.", key=key)
    if m.trait(MoveTrait.projectile):
        if d.ki_defended:
            ctx.fail(
                "DRAMATIC_OPTION_NOT_ALLOWED",
                f"{key}.moves",
                f"{key}: {d.f.id} defended with Ki this turn and cannot use a Ranged move (000 L7124).",
                key=key,
            )
        d.ranged_used = True
    if m.is_special and v.option is _BOOST:
        ctx.fail("DECISION_INVALID", f"{key}.option", f"{key}: the boost is for a Basic Move (000 L7110).", key=key)
    return m


@dataclass
class Aim:
    """A Fighter's attack on a group, paid for and aimed, before its roll."""

    m: MoveProfile
    name: str
    accuracy: int
    plus_die: int
    spirit_ls: int
    pd_option: DramaticOption | None  # Property Damage, or Call Forth Wisdom as it (000 L7197, L7319)
    arm: WeaponRule | None = None  # a melee weapon or gun (000 L6796–L6800, L6848)
    sides: int = 6  # 1d10 on Full Offense (000 L5726)
    factor: int = 1  # the Saga Scale's Thug Thrashing + 1 on a Special Move's Glory (000 L6820)
    added: bool = False  # an Element added damage: one less on the Life Save (000 L6572)
    readied: str = ""  # a Set Up or Wind Up only readied: no roll (000 L4127, L4447)
    behind: bool = True  # Behind Opponent met, or not needed (000 L4457–L4477)
    reaches: bool = True  # False: a Basic Move launched out of his reach for his Ally's sake (000 L4205)


def fighter_attack(
    ctx: Turn,
    d: Dram,
    g: Group,
    key: str,
    v: DecisionValue,
    property_damage: bool = False,
    factor: int = 1,
    groups: list[Group] | None = None,
    released: bool = False,
) -> None:
    """His move on a group, one move and no Combos (000 L7108): a Basic Move, boosted if he pays (000 L7110), or a
    Special Move at its Dramatic price (000 L7209–L7215), or Property Damage (000 L7197), against the group's
    Defense; a hit makes a Thug roll his Life Save (000 L6568). The move's Elements act as in a Thug Thrashing turn,
    read from the same records (``move_elements``): Unreliable's failure, a Cross-Up's miss, a Taunt's Glory, an
    Area Effect or Explosive move on every other group in its area (000 L2839, L3328), what it does to him, and
    Fast and Slow Recovery (on the Initiative die, ``thugs._next_initiative``)."""
    a = aim(ctx, d, g, key, v, property_damage, factor, released, groups)
    f, moves = d.f, [a.m]
    if a.readied:  # ruling: readying is paid for as the move's use (000 L7209–L7215), then strikes later
        move_elements.ready(ctx, f, a.m, a.readied, g.id)
        return
    before = g.members
    if a.pd_option is None:
        fighter_on_thugs.taunt(ctx, f, g, moves)
        failed = not a.behind or fighter_on_thugs.fails(
            ctx, f, moves
        )  # Unreliable: the move does nothing (000 L4872–L4874)
        kept = None if failed else move_elements.limited(ctx, f, moves)  # its drawback (000 L4579–L4591)
        if kept is None:
            settle_special(ctx, d, g, a, before)
            return
        a, moves = replace(a, m=kept[0]), kept
    connects = a.pd_option is not None or (a.reaches and fighter_on_thugs.connects(ctx, f, moves))
    hit = connects and roll_on_group(ctx, d, g, a)
    if hit:
        land_on_group(ctx, d, g, a)
    if a.pd_option is None:  # his Ally's Basic Move along with his (000 L4201–L4207)
        ally.join(ctx, f, g, moves, groups or [g], partial(_ally_strike, ctx, d))
    others = 0
    for o in fighter_on_thugs.in_area(f, g, moves, groups or []) if connects and a.pd_option is None else []:
        was = o.members  # the same attack on a group in its area, with the Range modifier of its own Range
        shifted = replace(a, accuracy=a.accuracy + _by_range(a, o.ranges[f.id]) - _by_range(a, g.ranges[f.id]))
        if roll_on_group(ctx, d, o, shifted):
            hit = True
            land_on_group(ctx, d, o, shifted, glory=False)
        others += was - o.members
    if a.pd_option is None:
        fighter_on_thugs.on_himself(ctx, f, moves, hit)  # Self Damage, Self-Stun, Self Prone, a Healing Attack's miss
        records.die_shifts(ctx, f, None, a.m, Trigger.always)  # Fast and Slow Recovery (000 L3358, L4836)
        records.die_shifts(ctx, f, None, a.m, Trigger.on_hit if hit else Trigger.on_miss)
    settle_special(ctx, d, g, a, before, others)
    if a.pd_option is None:
        after_move.after(ctx, f, g, moves, groups or [g], False)  # After Mobile, Passing (000 L2387–L2389)


def _ally_strike(ctx: Turn, d: Dram, g: Group, made: list[MoveProfile], dist: int, key: str) -> bool:
    """The Ally's Basic Move on a group, as a Fighter's (000 L6714–L6718): its Accuracy at its own Range; ruling:
    what his points, FS and stances buy is his own attack's (000 L7110), so it strikes unboosted and earns no
    Glory."""
    m = made[0]
    acc = m.accuracy_vs("defense") + d.f.prof.acc_bonus + _accuracy_range(m, dist, None)
    a = Aim(m, m.name, acc, 0, 0, None)
    hit = fighter_on_thugs.connects(ctx, d.f, [m]) and roll_on_group(ctx, d, g, a, dist)
    if hit:
        land_on_group(ctx, d, g, a, glory=False)
    return hit


ally_strike = _ally_strike  # the same, for a Team-Up's partner (thug_team)


def _by_range(a: Aim, dist: int) -> int:
    """The Range's part of his Accuracy (+1 at Range 0, −1 at 2 without Reach or Long Range, 000 L5708, L5613)."""
    return _accuracy_range(a.m, dist, a.arm)


def _weapon(ctx: Turn, m: MoveProfile, key: str, v: DecisionValue, property_damage: bool) -> WeaponRule | None:
    """A melee weapon or gun: a Basic Move with the weapon's Accuracy and die (000 L6796–L6798, L6848)."""
    if v.weapon is None:
        return None
    if m.kind != "basic" or property_damage:
        ctx.fail("DECISION_INVALID", f"{key}.weapon", f"{key}: a weapon attacks with Basic Moves (000 L6796).", key=key)
    return WEAPONS[v.weapon.value]


def aim(
    ctx: Turn,
    d: Dram,
    g: Group,
    key: str,
    v: DecisionValue,
    property_damage: bool = False,
    factor: int = 1,
    released: bool = False,
    groups: list[Group] | None = None,
) -> Aim:
    """His movement, the move's reach, what his points buy and his Accuracy; ``released``: a Slow Startup move
    readied last turn goes off, in range or not (000 L4846); ``groups``: those his Ally may strike."""
    f = d.f
    m = _move_named(ctx, d, key, v if not property_damage else v.model_copy(update={"moves": None}))
    arm = _weapon(ctx, m, key, v, property_damage)
    fighter_on_thugs.suppressed(ctx, f, [m], key)  # a group's Suppression tier bars the move (000 L4251–L4254)
    readying, wound = "", False
    if not property_damage:
        move_elements.recover_prop(ctx, f, [m])  # Recover Prop, a Prop Recovery move (000 L3902–L3908)
        move_elements.check_use(ctx, f, [m], key)  # Powerless, End Only, Flight's lock (000 L6646)
        # ruling: a held Wind Up's +2 Control (000 L4451) has no Control to raise here, none being rolled (000 L7084)
        used = [m]
        # Set Up, Wind Up, Slow Startup (000 L4123–L4131, L4443–L4451, L4838–L4848)
        readying, wound = ("", False) if released else move_elements.readied(ctx, f, used, key)
        m = used[0] if readying else move_elements.enhanced(ctx, f, used)[0]  # a held Wind Up as L1 (000 L4449)
    n = v.movement or 0
    if n > 1:
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with an attack.", key=key)
    after_move.check_before(ctx, m, n, key)  # After Mobile, Passing (000 L2387–L2389)
    start, dashed = g.ranges[f.id], 0
    if v.dash and not property_damage:  # a Dash and a Power Dash, as in Thug Thrashing (000 L2179, L3818)
        one = [m]
        fee, dashed = move_elements.dash(ctx, f, one, start, v, key)
        m = one[0]
        fighter_on_thugs.spend_fs(ctx, f, fee, key, "the Dash")
    fighter_on_thugs.move(ctx, f, g, n, v.direction)
    dist = g.ranges[f.id]
    toward = v.direction is not Direction.away
    placed = property_damage or fighter_on_thugs.behind(ctx, f, g, m, start, n, toward, key)  # 000 L4457–L4477
    if not property_damage:  # ruling: no Control is rolled (000 L7084), so none is 2 above the need
        fee = move_elements.charged(ctx, f, [m], key, False, start, v)  # 000 L3085–L3099, L4479–L4527
        if fee:
            fighter_on_thugs.spend_fs(ctx, f, fee, key, "the Charge Forward step")  # 000 L4501
    lo, hi = (arm.reach if arm is not None else None) or m.range or (0, 2)
    # Property Damage reaches any Range (000 L7197); Specific Range connects at its one Range (000 L4858)
    reach = lo <= dist <= hi if arm is not None or m.kind == "basic" else range_ok(m, dist)
    randomised = m.has(move_elements.RANDOM_EFFECT)  # its rolled combination's reach (000 L3958)
    rolled = None if property_damage else move_elements.random_effect(ctx, f, [m], dist)  # 000 L3938–L3960
    placed = placed and (property_damage or rolled is not None)  # an unusable combination misses (000 L3958)
    m = rolled[0] if rolled else m
    # a Basic Move beyond his reach may still be launched for his Ally's sake (000 L4205): it has no effect
    sent = m.kind == "basic" and arm is None and ally.reaches_any(ctx, f, groups or [g])
    if not property_damage and not reach and not released and not randomised and not sent:
        ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.moves", f"{key}: {m.name} cannot reach Range {dist}.", key=key)
    if not reach and sent:
        ctx.note("D.1", f.id, f"{f.id}'s {m.name} cannot reach Range {dist}: it has no effect.", "000 L4205")
    added = False if property_damage else _elements_before(ctx, f, m, dist, key)
    pd_option = DramaticOption.call_forth_wisdom if v.option is DramaticOption.call_forth_wisdom else None
    pd_option = (pd_option or DramaticOption.property_damage) if property_damage else None
    if pd_option is not None:  # Call Forth Wisdom is Property Damage with its own skill, at a spirit (000 L7319)
        pay(ctx, d, pd_option, costs.ap_cost(tables().option(pd_option.value)), key)
        plus_acc, plus_die = 0, 0
    else:
        plus_acc, plus_die = _bought(ctx, d, m, key, v)
    spirit_acc, spirit_ls = thug_options.against_spirit(ctx, d, g)
    plus_acc += thug_options.pushing(ctx, d, v, key) + thug_options.stance_accuracy(ctx, d, g) + spirit_acc
    plus_acc += (tables().option("stand_off").accuracy or 0) if g.standing_off else 0  # +2 on it (000 L7273)
    fs = v.fs or 0
    fighter_on_thugs.spend_fs(ctx, f, fs, key, "Accuracy")
    base = f.prof.acc_bonus + d.accuracy_now + d.hit_stun_penalty if property_damage else _accuracy(d, m, dist, arm)
    expert = weapon_expert_bonus(f.prof.qualities, arm, f.weapon_expert_used)  # once a turn (000 L1381)
    f.weapon_expert_used = f.weapon_expert_used or bool(expert)
    acc = base + plus_acc + fs + expert + dashed + thug_evasion.take(ctx, f, g)  # +2 after evading it (000 L6698)
    d.accuracy_now = 0
    d.attacked = True
    f.attacked_thugs = True  # no Full Defense die size after attacking (000 L5722)
    sides = thug_stances.attack_sides(f, v)  # Full Offense: 1d10, for the rest of the turn (000 L5726)
    name = "Property Damage" if property_damage else m.name
    name += f" with a {v.weapon.value}" if arm is not None and v.weapon is not None else ""
    name += " on Full Offense" if sides == D10.sides else ""
    plus_die += arm.die_steps if arm is not None else 0  # the weapon's larger die: a lower Life Save (000 L6798)
    traded = 0 if property_damage else _traded(ctx, f, m, dist)
    added = added or bool(traded) or wound
    aimed = Aim(m, name, acc + traded, plus_die, spirit_ls, pd_option, arm, sides, factor, added, readying, placed)
    aimed.reaches = bool(reach or property_damage or released or randomised)
    return aimed


def _elements_before(ctx: Turn, f: Combatant, m: MoveProfile, dist: int, key: str) -> bool:
    """What the move's records do before the roll, as in a Thug Thrashing turn: Limited Use's charges (000 L4600–
    L4614), Temporary Invulnerability while it is under way (000 L4323–L4327), and Power Up's Life Bar for damage
    (000 L3860, L6572; ruling: no Control is rolled in Dramatic Combat, 000 L7084, so its Control version has none to
    spend). Returns whether damage was added (one less on the Life Save)."""
    empty = limited_use.check_charges(f, [m])
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{key}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    limited_use.spend_charges(ctx, f, [m])
    if ti_level([m]):
        f.invulnerable = ti_level([m])
    move_elements.under_way(f, [m])  # Vulnerability: a tied group's hit one die size up (000 L4894)
    return fighter_on_thugs.power_up(ctx, f, [m], 0, 0)[1]


def _traded(ctx: Turn, f: Combatant, m: MoveProfile, dist: int) -> int:
    """Accuracy for Damage: Ranges cut from its reach for damage, one less on the Life Save (000 L3991–L3999,
    L6572). Returns the Accuracy given up (0 when none; a trade of 0 Ranges gives no damage)."""
    acc, more = fighter_on_thugs.accuracy_for_damage(ctx, f, [m], dist)
    return acc if more else 0


def group_defense(g: Group, a: Aim) -> int:
    pd_total = (tables().option("property_damage").defense_total or 0) if a.pd_option else 0
    defense = g.defense * g.now.defense_multiplier
    if g.state.idle:  # held by Mind-Manipulating Magic, it defends as if Stunned: half (000 L7285, L5980)
        defense //= 2
    return defense + pd_total  # thrown scenery: +1 (000 L7197)


def roll_on_group(ctx: Turn, d: Dram, g: Group, a: Aim, at: int | None = None) -> bool:
    """``at``: the Range the attack comes from when not his (his Ally's)."""
    f = d.f
    defense = group_defense(g, a)
    face = ctx.roll(f.id, "attack", D10 if a.sides == D10.sides else D6, f"attack roll on {g.id}", "D.6")
    hit = face + a.accuracy >= defense
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s {a.name} on {g.id} at Range {g.ranges[f.id] if at is None else at}: {face} + {a.accuracy} = "
        f"{face + a.accuracy} "
        f"against Defense {defense}: " + ("hit." if hit else "miss."),
        "000 L6714, L5708, L7110",
        inputs={"face": face, "accuracy": a.accuracy, "defense": defense},
    )
    return hit


def land_on_group(ctx: Turn, d: Dram, g: Group, a: Aim, glory: bool = True) -> None:
    """A hit: the Life Save (and what the move does besides), the move's Glory, Property Damage's point. A move
    that pierces Temporary Invulnerability (its record) is not stopped by it (000 L4327); one that deals no damage
    or cannot defeat makes no Thug roll a Life Save (``move_elements.forces_save``, 000 L6568)."""
    f = d.f
    pierces = a.pd_option is None and a.m.trait(MoveTrait.pierces)
    if not pierces and thug_rules.invulnerable(g.traits, g.init == f.init):
        ctx.note("E", g.id, f"{g.id} attacks at the same moment: Temporary Invulnerability, no effect.", "000 L4327")
        return
    g.critical_next = 0  # ruling: a hit on the group negates its Critical Hit (000 L3208)
    if a.pd_option is None:  # its Perfect Hit dice, once the group is hit (000 L4753, L6646)
        a = replace(a, m=perfect_hit.settle(ctx, f, [a.m])[0])
    if a.pd_option:
        ls: int | None = _pd_life_save(ctx, d, g, a.pd_option) + a.spirit_ls
    elif move_elements.forces_save(a.m):
        ls = _life_save(ctx, d, g, a.m, a.plus_die, a.added) + a.spirit_ls
    else:
        ls = None
    _on_hit(ctx, d, g, a.m, ls)
    if glory:
        _glory(ctx, d, a.m, a.factor)
    if a.arm is not None:  # every hit with a weapon (000 L6798, L6848)
        thug_group.award(ctx, f.id, a.arm.glory_per_hit, "a hit with a weapon on Thugs", "000 L6798, L6848")
    if a.pd_option:
        earn(ctx, d, tables().option("property_damage").ap_on_hit or 0, f"{f.id} earns a point.", "000 L7197")


def settle_special(ctx: Turn, d: Dram, g: Group, a: Aim, before: int, others: int = 0) -> None:
    """``others``: Thugs his move took out of other groups in its area. Ours: a Thug out is an opponent defeated
    (000 L7213, L6568; C11)."""
    if a.m.is_special and g.members == before and not others:
        d.no_point_next = True
        ctx.note("AP", d.f.id, f"{a.m.name} defeated no one: {d.f.id} gets no point next turn.", "000 L7213")


def _pd_life_save(ctx: Turn, d: Dram, g: Group, option: DramaticOption) -> int:
    """Property Damage's die from the skill (or Call Forth Wisdom's) as a Ranged Special Move's (000 L7197,
    L3976–L3981), measured before Strength (ruling A8), then the save as for any single move (000 L6570)."""
    level = skill(ctx, d, tables().option(option.value).skill or "")
    die = str(dramatic_attacks.property_damage_die(level, 0, 0))
    base = life_save.base_life_save(g.life_save, g.now.life_save_multiplier)
    return life_save.single_move_life_save(base, d.f.prof.strength, die, robust="robust" in g.traits)


def _glory(ctx: Turn, d: Dram, m: MoveProfile, factor: int = 1) -> None:
    """A Special Move's level the first time it hits in the fight (000 L5749), times Thug Thrashing + 1 at Saga
    Scale (000 L6820), raw until the end (000 L6547)."""
    if m.kind == "basic" or m.id in d.f.scored or glory_rule(m, GloryRule.earns_none):  # Cheap (000 L4533)
        return
    d.f.scored.append(m.id)
    thug_group.award(ctx, d.f.id, m.glory * factor, f"{m.name} first hitting", "000 L5749, L6820")


def _save(ctx: Turn, g: Group, ls: int, what: str) -> bool:
    """One Thug's save: 1d10 at or under it and he stays (000 L6568); True when he is out."""
    face = ctx.roll(g.id, "life_save", D10, what, "E.2") if life_save.needs_roll(ls) else None
    out = life_save.roll_save(ls, face).outcome is life_save.SaveOutcome.out
    if out:
        g.members -= 1
    ctx.note(
        "E.2",
        g.id,
        f"{what} against {ls}: "
        + (f"{face}" if face is not None else "no roll")
        + (f" → out: {g.members} left." if out else " → he stays."),
        "000 L6568–L6580",
        inputs={"life_save": ls, "face": face},
    )
    return out


def _on_hit(ctx: Turn, d: Dram, g: Group, m: MoveProfile, ls: int | None) -> None:
    """The Life Save, then Knocks Down's second save or push and Increased Knockback's or Hurl's push, 1 Range at
    most (000 L6716–L6718). Ours: a hit on Thugs rolls no damage, so it never earns the top-damage point
    (000 L6568, L7112)."""
    f = d.f
    f.hit_someone = d.hit_opponent = True
    d.did_damage = True  # ours: a Life Save is how Thugs take damage (000 L6566–L6568), closing Healing Life Bar
    d.damaged.add(g.id)
    if not ctx.first_hit_awarded:  # the fight's first hit refunds FS = PL, not above the start (000 L5489)
        ctx.first_hit_awarded = True
        back = max(min(f.fs + f.pl, f.fs_start) - f.fs, 0)
        f.fs += back
        ctx.note("E", f.id, f"First hit of the fight: {f.id} regains {back} FS.", "000 L5489", change={"fs": f.fs})
    members = g.members
    if ls is None:
        ctx.note("E.2", g.id, f"{m.name} cannot take a Thug out: no Life Save.", "000 L6568, L6714")
    out = ls is not None and _save(ctx, g, ls, "Life Save")
    pushed = False
    if ls is not None and m.kw("knocks_down"):
        if out:
            pushed = True  # the rest stumble back (000 L6718)
        elif g.members:
            _save(ctx, g, ls, "second Life Save (Knocks Down)")  # ruling B2: the same save
    # its Knockback records, as Thug Thrashing reads them (000 L6716); ruling B5: 1 Range at most
    pushed = pushed or move_elements.pushes([m], f)
    if pushed and g.members:
        before = g.ranges[f.id]
        g.ranges[f.id] = life_save.pushed_range(before, 1)
        ctx.note("E.4", g.id, f"{g.id} is pushed back: Range {before} → {g.ranges[f.id]}.", "000 L6716–L6718")
    fighter_on_thugs.drain(ctx, f, [m], members - g.members)  # Drain Life: 1 Life Bar (000 L3246)
    if not g.members:
        ctx.note("E.2", g.id, f"{g.id} is defeated: no Thugs left.", "000 L6568")
