"""How the Elements and Liabilities of a Fighter's move act when the move meets a Thug group (000 L6710–L6718).

A hit on a group forces a Life Save on one Thug; a Thug who makes it stays in the fight and nothing else befalls the
group (000 L6568, L6714): groups take no Hit Stun, are never Knocked Down, take no Knock Back but from Increased
Knockback and Hurl (000 L6712–L6718), and have no Life Bar, Control, Fighting Spirit or Super Energy (000 L6648,
L6652). So an Element acts against a group through the move's figures (Accuracy against its Defense, the damage die
its Life Save counts, Range, Knocks Down's second save or push), through the book's own rules for groups (Area
Effect and Explosive take each group as one combatant, Drain Life heals 1, Sustained Hold does nothing), or on the
attacker himself; an effect on the target beyond its Life Save does nothing (ruling, 000 L6568, L6714–L6718).

Which of these an entry is, is its ``against_thugs`` record in the catalogue data (``records.AgainstThugs``); what
it does is read from its other records, the same the main turn reads (its Knockback, its movement grant, its roles).
Both turns with Thugs (Thug Thrashing, and Dramatic Combat with Thugs) read these records. An entry that acts on its
user alone through what the main turn keeps for him does nothing to a group: those a turn with Thugs keeps as the main
turn does (``ThugAct.kept``: a Buff folded into his profile and its Liabilities, End Buff and End Only, Set Up and
Powerless, Wind Up, Slow Startup, Flight, Free Movement, Fake, Invisibility, the Charges, Power Enhancer, Power Dash,
Opening Move's follow-ups, Limited Move, Perfect Hit, Vulnerability, Temporary Technique, a Taunt's Element Addition
and the Super-only Time Counts) start when the move is used (``start_user_states``), are checked when he names his
moves (``check_action``, ``check_use``, ``charged``, ``wind_up_control``, ``dash``), change the move used
(``enhanced``, ``limited``) or the groups' attacks on him, and run down by the turn's Time Roll
(``tick_user_states``). So too End Style (``start_user_states``), Only When Prone (``from_the_ground``,
``check_use``), Random Effect (``random_effect``), Sidestep Setup (``check_use``, ``defending``), Prop
with Prop Recovery (``check_use``, ``knocked_down``, ``moved``, ``recover_prop``) and the Throw chain (its links
straight after their Opening Throw in a Combo, ``check_use``); Behind Opponent, Only Heal
Others and Extra Elements are applied where the move is used (``fighter_on_thugs.behind``,
``non_attack``, ``fighter_on_thugs.power_up``); Summon's Ally (``ally``, ``group.shift``, ``attacks``) and the
movement After Mobile and Passing allow after the move (``after_move``), as in the main turn."""

from __future__ import annotations

from collections.abc import Sequence

from ...catalogue.records import Knockback, MoveTrait
from ..contract.models import ActionType, Choice, DecisionValue, Direction
from ..elements import (
    access,
    charge,
    enhancer,
    fake,
    free_movement,
    invisibility,
    limited_move,
    ongoing,
    props,
    sidestep_setup,
    styles,
    super_only,
    taunts,
    techniques,
    vulnerability,
)
from ..elements import movement as moving
from ..elements import random_effect as random
from ..elements.buffs import buff_modifiers
from ..elements.sequences import sequences
from ..registry import points as records
from ..registry.reprice import with_entries
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..turn import c_utility_actions as utility
from ..turn.b_actions import _slow_startup_due as slow_startup_due
from ..turn.d_accuracy import range_ok
from ..turn.d_move_declaration import _extended as extended
from ..turn.d_move_declaration import held_wind_up, use_conditions

_KNOCKBACKS = records.entries_with(Knockback)
RANDOM_EFFECT = random.ENTRY


def prone_moves(f: Combatant) -> bool:
    """Whether he has an Only When Prone move to use from the ground (000 L4737–L4743)."""
    return any(m.trait(MoveTrait.prone_only) for m in f.prof.moves.values())


def from_the_ground(ctx: Turn, f: Combatant) -> tuple[str, MoveProfile, str | None] | None:
    """Knocked Down with an Only When Prone move, his first action in a turn with Thugs: stand up (None), or use
    that move from the ground in place of standing, staying down (000 L4737–L4743, L6752): (its key, the move, the
    group named)."""
    key, d = ctx.decide(
        f.id,
        "stand_alt",
        "B",
        f"{f.id} is Knocked Down: stand up, or attack a group from the ground with an Only When Prone move.",
        DecisionValue(choice=Choice.stand),
    )
    if d.choice in (None, Choice.stand):
        return None
    m = f.move((d.moves or [""])[0])
    if d.choice is not Choice.act or m is None or not m.trait(MoveTrait.prone_only) or len(d.moves or []) != 1:
        why = f"{key}: stand, or `act` with one Only When Prone move."
        ctx.fail("ONLY_WHEN_PRONE_INVALID", f"decisions.{key}", why, key=key)
    assert m is not None
    ctx.note("B", f.id, f"{f.id} attacks from the ground with {m.name}; he stays down.", "000 L4743")
    return key, m, d.target


def defending(ctx: Turn, f: Combatant) -> None:
    """He defends against a group: his Sidestep Setup chance is lost (000 L4825). Ruling: a turn with Thugs meets a
    group's attack with Defense, Evasion or Agility (000 L6698–L6700) and offers no Sidestep against it, so it
    opens no chance itself; one opened against a Fighter, or carried from the request, is checked and spent as in
    the main turn."""
    if sidestep_setup.ENTRY in f.prof.entry_ids:
        sidestep_setup.defending(ctx, f)
        f.sidestep_window = False  # no Sidestep Setup Response is offered against a group's attack


def recover_prop(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """A Prop Recovery move or Recover Prop picks his dropped Prop up as in the main turn (000 L3902–L3908,
    L4759–L4765, L6646); a Prop move after a failed recovery in the Combo is not reached. Ruling: the Maneuver Check
    is against the nearest Fighter opposing him (000 L6077); with only groups against him none contests it, groups
    having no Maneuver Check but Behind Opponent's (000 L4466, L6582)."""
    return props.use_recovery(ctx, f, moves)


def knocked_down(ctx: Turn, f: Combatant) -> None:
    """A group's hit Knocks him Down: his non-Ranged Prop falls where he lies (000 L4757, L6646). A Ranged Prop move
    never loses its Prop against a group (ruling: a group meets it with its Defense alone, it never Evades, 000
    L4757, L6568)."""
    props.knocked_down(ctx, f, access.locked)


def moved(f: Combatant) -> None:
    """He moved: a dropped Prop is no longer at his feet (000 L4761)."""
    props.moved(f)


def check_action(ctx: Turn, f: Combatant, key: str, v: DecisionValue) -> None:
    """A Buff's limits on his action as in the main turn (000 L6646): under Movement Only he may only move (or end
    it), under No Movement not move, under Removed Ki use no move needing Ki (000 L3027–L3045); a Repeatable Buff's
    stacking (000 L3047–L3055)."""
    if f.ongoing or v.moves:
        # ruling: a Dramatic option is an action other than movement (000 L3033, L7138)
        kind = v.action or (ActionType.attack if v.option is not None and not v.full_defense else ActionType.none)
        buff_modifiers.check_action(ctx, f, kind, v.movement or 0, list(v.moves or []), key)
        free_movement.check_action(ctx, f, kind, key)  # in Free Movement he only moves (000 L3380)


def random_effect(ctx: Turn, f: Combatant, moves: list[MoveProfile], dist: int) -> list[MoveProfile] | None:
    """Random Effect on a group as in the main turn (000 L3938–L3960): each such move becomes the combination its
    die picks; None when the first is unusable here (the attack misses, 000 L3958), else the moves before an unusable
    one (only they count if the Combo hits, 000 L3960; a miss counts none either way, so the cut is made before the
    roll)."""
    if RANDOM_EFFECT not in f.prof.entry_ids:
        return moves
    out = list(moves)
    for i, m in enumerate(moves):
        combos = random.combinations(ctx, f, m) if m.has(RANDOM_EFFECT) else []
        if not combos:
            continue
        k = random.pick(ctx, f.id, m, len(combos))
        v = with_entries(ctx, f, m, add=combos[k - 1], remove=(RANDOM_EFFECT,))
        out[i] = v
        why = random.usable(v, i, len(moves) - 1, len(moves) > 1, dist, range_ok)
        listed = ", ".join(r.id if r.times == 1 else f"{r.id} ×{r.times}" for r in combos[k - 1])
        text = f"Random Effect: combination {k} of {len(combos)} for {m.name} ({listed})"
        ctx.note("D.2", f.id, text + (f" — unusable: {why}." if why else "."), "000 L3956–L3960", {"roll": k})
        if why:
            return out[:i] or None
    return out


def check_use(ctx: Turn, f: Combatant, moves: Sequence[MoveProfile], key: str) -> None:
    """What the main turn checks of the moves he names, on him alone (000 L6646): a primed Powerless Set Up keeps his
    other Special Moves from him, and its exception may wait for it (000 L4137–L4147); End Only needs a Buff in
    effect (000 L3276–L3280); flying, only Hard to Evade or Aerial Special Moves attack (000 L3370); an Only When
    Prone move only while he is down or after a Self-Prone move in the Combo (000 L4737–L4741)."""
    path = f"{key}.moves"
    if f.ongoing or not access.POWERLESS.ids.isdisjoint(f.prof.entry_ids):
        for m in moves:
            why = access.powerless_lock(f, m) or buff_modifiers.lock(f, m) or props.lock(f, m)  # 000 L4761
            if why:
                ctx.fail("MOVE_LOCKED", path, f"{key}: {why}.", key=key)
    used = list(moves)
    for i, m in enumerate(used):  # from the ground, or after a Self-Prone move in the Combo (000 L4737–L4741)
        if (
            m.trait(MoveTrait.prone_only)
            and not f.knocked_down
            and not any(x.trait(MoveTrait.self_prone) for x in used[:i])
        ):
            ctx.fail("ONLY_WHEN_PRONE_INVALID", path, f"{key}: {m.name} is used only when down.", key=key)
    use_conditions(ctx, f, used, [m for m in used if m.offensive], path, key)
    sequences.check(ctx, f, used, path, key)  # a follow-up needs its Opening Move's window (000 L3744–L3753)
    # ruling: a Multi-Part Throw's lockdown (000 L4678) holds no group (as Sustained Hold, 000 L6718): its links run
    # only straight after their Opening Throw in one Combo (000 L4676), no window is left for a later action
    if sidestep_setup.ENTRY in f.prof.entry_ids:  # only right after his Sidestep, that turn or the next (000 L4823)
        sidestep_setup.check(ctx, f, used, key)


def charged(
    ctx: Turn, f: Combatant, moves: Sequence[MoveProfile], key: str, spare: bool, start: int, v: DecisionValue
) -> int:
    """His charge moves' conditions as in the main turn (000 L3085–L3099, L4479–L4527, L6646), by his movement on
    the group he attacks (``start``: his Range to it before): ``spare`` Control 2 above the need; moving 1 Range or
    more away from it just before (or at Range 4 without moving); 1 Range toward it (or at Range 0 without moving);
    the last attack on him blocked, kept by the groups' attacks. Returns the FS Charge Forward's step costs
    (000 L4501)."""
    if not charge.CHARGES.any_of(f.prof.entry_ids):
        return 0
    n, toward = v.movement or 0, v.direction is not Direction.away
    away = (n >= 1 and not toward) or (n == 0 and start >= 4)
    stepped = (n == 1 and toward) or (n == 0 and start == 0)
    fee, used = 0, list(moves)
    for i, m in enumerate(used):
        row = charge.CHARGES.first(m.entries)
        if row is None:
            continue
        back = row.preparation is charge.Preparation.away
        if not charge.condition(row, m, used[:i], spare, away or f.blocked_last, f.last_guard, stepped):
            code = "CHARGE_BACK_NOT_READY" if back else "CHARGE_MOVE_NOT_READY"
            why = f"{key}: {m.name} is not charged: {row.need}, roll 2 Control above the need, or (in a Combo) follow "
            ctx.fail(code, f"{key}.moves", why + "3 Control of moves.", key=key)
        fee += charge.step_fee(row, i, spare)
    return fee


def dash(ctx: Turn, f: Combatant, moves: list[MoveProfile], start: int, v: DecisionValue, key: str) -> tuple[int, int]:
    """A Dash on the group as in the main turn (000 L2175–L2179, L6646), with its campaign option: 2 Ranges toward it
    for 2 FS before a Basic attack, or 1 Range from Range 1 or 2 for 1 FS and +1 Accuracy, which a Power Dash move
    may follow with one damage die size more (000 L3812–L3818; ``moves`` changed in place); the die size lowers the
    Thug's Life Save as any larger die (000 L6570). Returns (its FS, its Accuracy)."""
    n, first = v.movement or 0, moves[0]
    basic = first.kind == "basic" or moving.can_power_dash(first, n)
    near = n == 2 or (n == 1 and start in (1, 2))
    if not (techniques.has(ctx, f, "dash") and basic and v.direction is not Direction.away and near):
        why = f"{key}: a Dash is a Basic attack after 2 Ranges toward the group, or after 1 from Range 1 or 2."
        ctx.fail("DASH_INVALID", f"{key}.dash", why, key=key)
    if n == 2:
        return 2, 0
    moving.power_dash(ctx, f, moves)
    return 1, 1


def limited(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile] | None:
    """Limited Move's agreed drawback, asked at each use as in the main turn (000 L4579–L4591, L6646): None when the
    move comes to nothing on this use, else the moves without the Elements it narrows."""
    return limited_move.apply(ctx, f, moves, None)


def under_way(f: Combatant, moves: Sequence[MoveProfile]) -> None:
    """A Vulnerability move under way: the damage he takes meanwhile is one die size up (000 L4894), from a group
    attacking at the same moment (ruling: as Temporary Invulnerability's tie, 000 L4327, L6656)."""
    f.vulnerable = f.vulnerable or any(m.trait(MoveTrait.vulnerable) for m in moves)


def vulnerability_steps(f: Combatant, tied: bool) -> int:
    """One die size more on a group's hit on him: his Vulnerability move under way at the same moment, or its
    Increased Duration's count running (000 L4888–L4900, L6646)."""
    return 1 if (f.vulnerable and tied) or f.vulnerable_lingering else 0


def wind_up_control(f: Combatant, moves: Sequence[MoveProfile]) -> int:
    """+2 Control on his moves while a Wind Up is held, as in the main turn (000 L4451, L6646)."""
    return held_wind_up(f, [m.id for m in moves]) if f.ongoing else 0


def enhanced(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """The Power Enhancer uses banked for the move fire on it as in the main turn (000 L3820–L3850, L6646): each die
    size it gains is one less on the Thug's Life Save as any larger die is (000 L6570; ruling: a die size, not damage
    an Element adds, 000 L6572)."""
    moves = enhancer.apply(ctx, f, moves) if f.ongoing else moves
    return taunts.lend(ctx, f, moves)  # a Taunt's Element Addition for the next fitting move (000 L4291–L4301)


def start_user_states(ctx: Turn, f: Combatant, moves: Sequence[MoveProfile]) -> None:
    """The states the used move keeps on its user, started as in the main turn (000 L6646: the rest of Thug combat
    is the Main Combat System's): a Buff from its full Time Count, folded into his profile so that its Qualities and
    Defense changes count in his rolls, his Life Saves' Strength and his Defense against the groups
    (000 L2953–L2991); an End Buff ending one at the turn's end (000 L2993–L2997, L3262)."""
    for m in moves:
        ongoing.start(ctx, f, m)  # a Buff, Flight (000 L2961, L3370)
        free_movement.start(ctx, f, m)  # out of every group's reach for its count (000 L3380)
        # ruling: a Fake's Tactics bonus counts against his Fighter opponents only, Tactics being no defence against
        # a group (000 L3350, L6698)
        fake.use(ctx, f, m)
        ongoing.end_buff(ctx, f, m)
        styles.end_style(ctx, f, m)  # End Style, Movement Exception: back to his Base Style (000 L3288–L3290, L3298)
        super_only.on_use(ctx, f, m)  # Infinite Supers, Super Move Enhancer, Extended Duration (000 L4922–L4934)
        enhancer.bank(ctx, f, m)  # a Power Enhancer's use banked for its move (000 L3826)
        invisibility.start(ctx, f, m)  # from next turn (000 L3591)
        vulnerability.start(ctx, f, m)  # Increased Duration's 5-count from next turn (000 L4898)
    sidestep_setup.used(ctx, f, list(moves))  # a Sidestep Setup move spends the chance, another loses it (000 L4825)
    sequences.used(ctx, f, list(moves))  # an Opening Move's window opens, any other move closes it (000 L3744, L3748)


def readied(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str) -> tuple[str, bool]:
    """Set Up, Wind Up and Slow Startup against a group as in the main turn (000 L6646): the first use only readies
    the move, like a Utility move (000 L4127, L4447, L4842); the readied one strikes (Set Up's +2 Accuracy is the
    move's own figure, 000 L4131; a held Wind Up as an L1 move with +1 damage for each full 3 Time Count passed,
    000 L4449–L4451; a Slow Startup move by ``release``), and a damage an Element adds is one less on the Thugs'
    Life Save (000 L6572). Returns what is readied now ('' when the move strikes) and whether damage was added."""
    prepare, extra, _ = extended(ctx, f, moves, key, False)
    if not prepare:
        utility.spend_readied(ctx, f, moves[0])
    return prepare, extra > 0


def ready(ctx: Turn, f: Combatant, m: MoveProfile, prepare: str, target: str | None) -> None:
    """The move is readied: its state is kept on him as in the main turn (000 L4127–L4129, L4447), a Slow Startup
    move's against the group named, a Utility move's at nobody but whom it heals (000 L4842)."""
    utility.ready(ctx, f, m, prepare, target)


def released(ctx: Turn, f: Combatant, live: Sequence[str], budget: int) -> tuple[MoveProfile, str] | None:
    """His Slow Startup move readied last turn goes off now, at his first action, against the group it was readied
    against, in range or not, for 1 Control (000 L4846–L4848): (the move, the group), or None when it has no target
    left or he no Control (the action spent either way). None too when nothing is readied."""
    e = slow_startup_due(f) if f.ongoing else None
    if e is None:
        return None
    f.ongoing = [x for x in f.ongoing if x is not e]
    m = f.move(e.move or "")
    if m is None or e.target not in live:
        ctx.note("B.1", f.id, f"{f.id}'s Slow Startup move has no target left: the action is spent.", "000 L4846")
        return None
    if budget < 1:
        ctx.note("B.3", f.id, f"{f.id} has no Control left to release {m.name}.", "000 L4848")
        return None
    ctx.note("B.1", f.id, f"{f.id} releases {m.name} at {e.target} (1 Control).", "000 L4846–L4848")
    return m, e.target or ""


def waiting(f: Combatant) -> bool:
    """A Slow Startup move readied: he defends with Defense only, and a hit cancels it (000 L4844)."""
    return bool(f.ongoing) and slow_startup_due(f) is not None


def cancelled(ctx: Turn, f: Combatant) -> None:
    """A hit cancels his readied Slow Startup move (000 L4844)."""
    e = slow_startup_due(f) if f.ongoing else None
    if e is not None:
        f.ongoing = [x for x in f.ongoing if x is not e]
        ctx.note("E.6", f.id, f"{f.id} is hit: his Slow Startup move is cancelled.", "000 L4844")


def end_of_turn(ctx: Turn) -> None:
    """Before the Time Roll, his Buffs' end-of-turn effects as in the main turn (000 L6646): Life Bar Drain takes his
    Power Level (000 L3011–L3015); a Buff Gauge fills as his Super Energy would (000 L2977), one less against Thugs
    as Super Energy is (ruling, 000 L6730)."""
    buff_modifiers.drain(ctx)
    filled = [ctx.fighters[i] for i in ctx.order if MoveTrait.buff_gauge in ctx.fighters[i].prof.traits]
    before = {f.id: _gauge(f) for f in filled}
    buff_modifiers.fill_gauges(ctx)
    for f in filled:
        g = buff_modifiers.gauge(f)
        if g is not None and _gauge(f) > before[f.id]:
            g.charges = _gauge(f) - 1
            ctx.note(
                "H.1",
                f.id,
                f"{f.id}'s Buff Gauge fills by 1 less against Thugs: {g.charges}.",
                "000 L2977, L6730",
                {},
                {"buff_gauge": g.charges},
            )


def _gauge(f: Combatant) -> int:
    g = buff_modifiers.gauge(f)
    return (g.charges or 0) if g is not None else 0


def tick_user_states(ctx: Turn, before: int) -> None:
    """End of a turn with Thugs: the kept states run down by its Time Roll (``before``: the Time Count before it), 3
    without a time limit, and end with the round, as the main turn's (000 L6734, L2961, L6237)."""
    elapsed = before - ctx.time_count if ctx.opts.time_limit else ongoing.UNTIMED_TURN
    ongoing.tick(ctx, elapsed)
    sequences.tick(ctx)  # an Opening Move's window lasts this turn and the next (000 L3744)


def forces_save(m: MoveProfile) -> bool:
    """Whether the move's hit makes a Thug roll his Life Save: not one that deals no damage or cannot defeat."""
    cannot = m.kw("no_damage") or m.trait(MoveTrait.limited_damage) or m.trait(MoveTrait.non_finisher)
    return not cannot and m.damage_step is not None


def movement(moves: list[MoveProfile]) -> tuple[int, int]:
    """(Ranges he may move before the attack, FS it costs) by the Combo's first move (000 L3671), from its movement
    grant and keywords as the main turn reads them: a Mobile move with no FS cost (Teleportation) and Pass Through
    2 for none (000 L4309, L3790), Full Screen's Long Mobile 3 for 1 (000 L3683), Mobile 2 for 1 (000 L3673)."""
    m = moves[0]
    if m.moving.no_fs or m.moving.pass_through:
        return 2, 0
    if m.moving.full_screen and m.movement == "long_mobile":
        return 3, 1
    if m.movement == "mobile":  # a Basic Move's Mobile keyword is not its movement (000 L5632)
        return 2, 1
    return 0, 0


def long_advance(m: MoveProfile, n: int) -> bool:
    """A full three-Range Full Screen advance gives the defender +1 Defense, unless Fast Full Screen (000 L3685)."""
    return n == 3 and m.moving.full_screen and not m.moving.no_full_screen_bonus


def pushes(moves: Sequence[MoveProfile], attacker: Combatant | None = None) -> bool:
    """Whether the hit knocks the group back (1 Range, never more, 000 L6716): the attack's Knockback records, read
    as the main turn reads them (Increased Knockback closing the attack, Hurl, a Launcher's in a Combo, 000 L3623;
    those a state grants every attack, Beast Form's, 000 L5319)."""
    if attacker is None:
        if not records.any_with(moves, _KNOCKBACKS):
            return False
    elif not attacker.beast_form and _KNOCKBACKS.isdisjoint(attacker.prof.entry_ids):
        return False  # the common case: none of his moves has a Knockback record
    return bool(records.knockback(moves, attacker))
