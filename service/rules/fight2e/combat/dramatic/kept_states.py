"""The states a move keeps on its user over turns, in a Fighters' Dramatic turn (000 L7080: the main system's
procedure), through the same shared pieces as the turns with Thugs (``thug_thrashing.move_elements``): started when
the move is used (``start``), checked when he names his action (``check_action``), changing the move he uses
(``enhanced``), run down at the turn's end (``end_of_turn``) and by the Time Roll (``ongoing.tick``).

Kept: Free Movement (out of every attack's reach, and he only moves, 000 L3372–L3382), Invisibility and Maintain
Effect (his opponents' Initiative dice smaller from the next turn until he is hit, 000 L3589–L3605; no Control to
shrink, 000 L7084), Vulnerability's Increased Duration (one die size more on the damage he takes, 000 L4896–L4900),
Temporary Technique (``ongoing.start``, 000 L4329–L4333), a Power Enhancer's bank and a Taunt's Element Addition for
his later move (000 L3820–L3850, L4291–L4301), Infinite Supers, Super Move Enhancer and Extended Duration
(000 L4922–L4934, L4233–L4237), a Buff's Gauge, Life Bar Drain, Movement Only, No Movement, Stun and Technique Buff
(000 L2975–L3075), End Style and Movement Exception (his style's movement limits, ``styled_movement``,
000 L3286–L3298, L5094–L5138), Prop and Prop Recovery (dropped by a Knock Down or a clean Evasion, locking its
moves until Recover Prop or a Prop Recovery move picks it up, 000 L4755–L4785, L3902–L3908), Sidestep Setup's
chance (checked at his action, spent or lost as in the main turn, 000 L4817–L4829), Fake (ruling: no Tactics
defence in a Dramatic turn, 000 L5716, L7124), a Slow Startup move readied against its target (``waiting``,
``release``, 000 L4838–L4848) and a Sustained Hold's second turn (``hold_due``, ``settle_holds``,
000 L4377–L4395)."""

from __future__ import annotations

from ...catalogue.catalog import catalog
from ...catalogue.records import AgainstThugs, Traits
from ...catalogue.sheet_records import SHEET_KINDS
from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, DecisionValue
from ..elements import (
    access,
    enhancer,
    fake,
    free_movement,
    invisibility,
    props,
    sidestep_setup,
    styles,
    summon,
    super_only,
    taunts,
    vulnerability,
)
from ..elements.buffs import buff_modifiers
from ..elements.throws.multi_part_throw import sealed
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..thug_thrashing import move_elements as thug_moves

# the roles of entries acted on here and named nowhere else: End Style's return to the Base Style, Movement Exception's
# movement in a style that limits it (``styled_movement``)
_TRAITS = frozenset({MoveTrait.end_style, MoveTrait.movement_exception})


def _applied(entry: str) -> bool:
    found = [r for r in catalog().records.get(entry, ()) if not isinstance(r, SHEET_KINDS)]
    traits = [r for r in found if isinstance(r, Traits)]
    return bool(traits) and all(
        isinstance(r, AgainstThugs) or (isinstance(r, Traits) and _TRAITS.issuperset(r.traits)) for r in found
    )


# the entries only this module acts on (End Style), left out of ``move_elements.unapplied``
APPLIED = frozenset(e for e in catalog().records if _applied(e))


def start(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The states the used move starts on him, hit or miss, as in the main turn and the turns with Thugs."""
    if f.defeated:
        return
    free_movement.start(ctx, f, m)  # out of everyone's reach for its count (000 L3380)
    if m.has(fake.ENTRY):
        # ruling: a Dramatic defence is Defense or Evasion, never Tactics, so a Fake has no Total to raise
        # (000 L3350, L5716, L7124)
        ctx.note(
            "C.5", f.id, f"{m.name}: a Fake raises Tactics, no Dramatic defence: nothing.", "000 L3350, L5716, L7124"
        )
    super_only.on_use(ctx, f, m)  # Infinite Supers, Super Move Enhancer, Extended Duration (000 L4922–L4934)
    enhancer.bank(ctx, f, m)  # a Power Enhancer's use banked for its move (000 L3826)
    invisibility.start(ctx, f, m)  # from next turn (000 L3591)
    vulnerability.start(ctx, f, m)  # Increased Duration's 5-count from next turn (000 L4898)
    styles.end_style(ctx, f, m)  # back to the Base Style (000 L3288–L3290)
    sidestep_setup.used(ctx, f, [m])  # a Sidestep Setup move spends the chance, another loses it (000 L4825)


def check_action(ctx: Turn, f: Combatant, key: str, v: DecisionValue) -> None:
    """A Buff's limits on what he does (Movement Only, No Movement, Removed Ki, 000 L3027–L3045) and Free Movement's
    (only movement, 000 L3380), as the main turn checks them."""
    thug_moves.check_action(ctx, f, key, v)


def styled_movement(
    ctx: Turn, f: Combatant, v: DecisionValue, used: MoveProfile | None, n: int, with_action: bool, key: str
) -> bool:
    """His style's movement limits on the ``n`` Ranges he moves, as the main turn and the turns with Thugs apply them
    (000 L7106: movement is unchanged): none in a No Movement style; in a Limited Movement style 1 Range for 1 FS
    before an action, or as a move 1 free or 2 for 1 FS (000 L5094–L5104, L5130–L5138). A Movement Exception move
    keeps its own movement (000 L3292–L3298). True when the style set the movement (its FS paid here)."""
    kind = ActionType.attack if with_action else ActionType.move
    styles.check_action(ctx, f, v, kind, n, key)
    fs = styles.movement_fs(ctx, f, kind, used, n, key)
    if fs is None:
        return False
    if f.fs < fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.movement", f"{key}: {f.id} has only {f.fs} FS.", key=key)
    if fs:
        f.fs -= fs
        ctx.note("C", f.id, f"{f.id} pays {fs} FS to move in the {f.style} style.", "000 L5102", {}, {"fs": f.fs})
    return True


def dash_declared(ctx: Turn, f: Combatant, v: DecisionValue, key: str, carried: bool) -> None:
    """A Dash asked for: a movement Technique, which no Limited Movement or No Movement style allows (000 L5100,
    L5138), whatever the move; and only the movement before an attack (000 L2175–L2179), so ``carried`` says the
    action is one the Dash leads into. Refused with a finding either way rather than dropped."""
    if not v.dash:
        return
    st = styles.current(f)
    if st is not None and (st.limited_movement or st.no_movement):
        flaw = "Limited Movement" if st.limited_movement else "No Movement"
        why = f"{key}: in the {f.style} style ({flaw}) no movement Technique, the Dash among them (000 L5100, L5138)."
        ctx.fail("STYLE_MOVEMENT_LIMITED", f"{key}.dash", why, key=key)
    if not carried:
        why = f"{key}: a Dash is the movement before an attack; this action has none to carry (000 L2175–L2179)."
        ctx.fail("DASH_INVALID", f"{key}.dash", why, key=key)


def sidestep(ctx: Turn, f: Combatant, m: MoveProfile | None, key: str) -> None:
    """His action: a Sidestep Setup move needs the chance a Sidestep opened, this turn or the last; any other move or
    non-attack action loses it (000 L4823–L4827), as the main turn checks it."""
    if sidestep_setup.ENTRY in f.prof.entry_ids:
        sidestep_setup.check(ctx, f, [m] if m is not None else [], key)


def defending(ctx: Turn, f: Combatant) -> None:
    """He defends: his Sidestep Setup chance is lost; its move as the Defensive Response is not offered here yet
    (000 L4826, L7126)."""
    if f.ongoing:
        sidestep_setup.defending(ctx, f)


def prop_lock(f: Combatant, m: MoveProfile) -> str | None:
    """Why a Prop move cannot be used: its Prop is down (000 L4761)."""
    return props.lock(f, m)


def recover_prop(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """A Prop Recovery move or Recover Prop picks his dropped Prop up as in the main turn: at once where he dropped
    it without moving since, else with a Maneuver Check against his nearest opponent, a Ranged Prop's check less its
    Ranges if he has not moved (000 L3902–L3908, L4759–L4765, L4785)."""
    props.use_recovery(ctx, f, [m])


def knocked_down(ctx: Turn, f: Combatant) -> None:
    """Knocked Down: his non-Ranged Prop falls where he lies, unless he cannot use its moves now (000 L4757, L4773)."""
    props.knocked_down(ctx, f, access.locked)


def evaded(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None, option: str) -> None:
    """Evaded with Evasion alone (not Defense and Evasion together): a Ranged Prop move's Prop lands as far away as
    the target was (000 L4757, L4765). Ruling: Acrobatics in place of Evasion is an Evasion (000 L7120)."""
    if m is not None and option == "evasion":
        props.evaded(ctx, f, t, [m], access.locked)


def moved(f: Combatant) -> None:
    """He moved: a Prop he dropped is no longer at his feet (000 L4761)."""
    props.moved(f)


def enhanced(ctx: Turn, f: Combatant, m: MoveProfile) -> MoveProfile:
    """The move with a banked Power Enhancer's dice or Element and a Taunt's Element Addition on it
    (000 L3820–L3850, L4291–L4301)."""
    moves = enhancer.apply(ctx, f, [m]) if f.ongoing else [m]
    return taunts.lend(ctx, f, moves)[0]


def unreachable(f: Combatant) -> bool:
    """Free Movement: no attack reaches him while it lasts (000 L3380)."""
    return free_movement.immune(f)


def hindrance(ctx: Turn, f: Combatant, foes: list[Combatant]) -> int:
    """The Initiative die sizes ``f`` loses this turn to the invisible opponents he fights (000 L3591); ruling: every
    opponent engages, the main turn's default, and the design's Control die sizes have no Control to shrink
    (000 L3591, L7084)."""
    steps = 0
    for o in foes:
        found = invisibility.hindrance(ctx, o)
        if found and found[0]:
            steps += found[0]
            ctx.note(
                "A.1",
                f.id,
                f"{f.id} fights the invisible {o.id}: Initiative −{found[0]} die size(s); no Control to shrink.",
                "000 L3591, L7084",
                {"initiative_steps": found[0]},
            )
    return steps


def hit(ctx: Turn, t: Combatant) -> None:
    """A hit on him ends his Invisibility (000 L3591, L3597), his Ally's stay (000 L4209) and his Sidestep Setup
    chance, every Dramatic hit being Hit Stun or a Knock Down (000 L4828, L7130), and cancels his readied Slow
    Startup move (000 L4844)."""
    invisibility.hit(ctx, t)
    summon.struck(ctx, t)
    if t.ongoing:
        sidestep_setup.hit(ctx, t, "hit")
    thug_moves.cancelled(ctx, t)


def waiting(f: Combatant) -> bool:
    """A Slow Startup move readied: he defends with the Defense skill only, and a hit cancels it (000 L4844)."""
    return thug_moves.waiting(f)


def release(ctx: Turn, f: Combatant, live: list[str]) -> tuple[MoveProfile, str] | None:
    """His Slow Startup move readied last turn goes off at his action, at the one it was readied against, in range or
    not (000 L4846–L4848): (the move, the target), or None with no target left. Ruling: its 1 Control is no cost,
    no Control being rolled (000 L4848, L7084), as with Thugs."""
    found = thug_moves.released(ctx, f, live, 1)
    if found is not None:
        ctx.note("B.1", f.id, "No Control is rolled: the release costs nothing more.", "000 L4848, L7084")
    return found


def ready_use(ctx: Turn, f: Combatant, m: MoveProfile, target: str | None) -> None:
    """A Utility move with Slow Startup: this use only readies it, its effects coming next turn; until then he defends
    with the Defense skill only and a hit cancels it (000 L4840–L4846). ``target``: whom it heals, if another."""
    f.ongoing.append(Effect(OngoingEffectId.slow_startup, m.id, None, ctx.turn, target))
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} begins {m.name}: it takes effect next turn; until then he defends with Defense only and a hit "
        "cancels it.",
        "000 L4840–L4846",
        {"move": m.id},
        {OngoingEffectId.slow_startup: target or f.id},
    )


def released_use(ctx: Turn, f: Combatant) -> tuple[MoveProfile, str | None] | None:
    """His Utility move readied last turn with Slow Startup takes effect now, at his action (000 L4846): (the move,
    whom it heals if another); None when what waits is an attack's (``release``). Ruling: no Control to pay, none
    being rolled (000 L4848, L7084)."""
    e = thug_moves.slow_startup_due(f) if f.ongoing else None
    m = f.move(e.move or "") if e is not None else None
    if e is None or m is None or m.offensive:
        return None
    f.ongoing = [x for x in f.ongoing if x is not e]
    ctx.note("B.1", f.id, f"{f.id}'s {m.name}, begun last turn, takes effect.", "000 L4846–L4848")
    return m, e.target


def _hold(f: Combatant) -> Effect | None:
    return next((e for e in f.ongoing if e.id == OngoingEffectId.sustained_hold), None) if f.ongoing else None


def initiative_steps(f: Combatant) -> int:
    """Two Initiative die sizes more for his Slow Startup move going off or his Sustained Hold's second turn, as in
    the main turn (000 L4846, L4387)."""
    due = waiting(f) or (_hold(f) is not None)
    return 2 if due else 0


def held(ctx: Turn, f: Combatant) -> str | None:
    """The one who holds him in a Sustained Hold begun this turn: he cannot act this turn (000 L4385)."""
    for o in ctx.opponents(f):
        e = _hold(o)
        if e is not None and e.target == f.id and e.since == ctx.turn:
            return o.id
    return None


def hold_due(ctx: Turn, f: Combatant) -> tuple[MoveProfile, Combatant] | None:
    """His Sustained Hold from last turn, whose second part he strikes at his action, having won Initiative outright
    (000 L4387): (the move, the one held), the hold then finished. None when he holds no one from last turn."""
    e = _hold(f)
    if e is None or e.since == ctx.turn:
        return None
    f.ongoing = [x for x in f.ongoing if x is not e]
    m, t = f.move(e.move or ""), ctx.fighters.get(e.target or "")
    return None if m is None or t is None or t.defeated else (m, t)


def settle_holds(ctx: Turn) -> list[tuple[Combatant, MoveProfile, Combatant, bool]]:
    """Before anyone acts on a Sustained Hold's second turn: a holder who did not win Initiative outright over the
    one he holds lets go, the hold finished with no damage (000 L4389; ruling as the main turn: before any action).
    Returns (holder, move, held, whether its first part earned the move's Glory) for each, whose Knock Back, Knock
    Down and On-Hit effects then land."""
    out = []
    for fid in ctx.order:
        a = ctx.fighters[fid]
        e = _hold(a)
        if e is None or e.since == ctx.turn:
            continue
        m, t = a.move(e.move or ""), ctx.fighters.get(e.target or "")
        if m is not None and t is not None and not t.defeated and not a.defeated and a.init > t.init:
            continue  # he strikes again at his place in the order
        a.ongoing = [x for x in a.ongoing if x is not e]
        if m is not None and t is not None and not t.defeated and not a.defeated:
            ctx.note("B", a.id, f"{a.id}'s Sustained Hold on {t.id} ends without damage.", "000 L4389")
            out.append((a, m, t, bool(e.charges)))
    return out


def locked(ctx: Turn, f: Combatant, t: Combatant) -> bool:
    """No one else reaches either fighter of a Sustained Hold or a Multi-Part Throw until it is over
    (000 L4393–L4395, L3769), as in the main turn."""
    return sealed(ctx, f, t)


def lingering(t: Combatant) -> bool:
    """Vulnerability's Increased Duration running on him: one die size more damage (000 L4896–L4900)."""
    return bool(t.vulnerable_lingering)


def end_of_turn(ctx: Turn) -> None:
    """Before the Time Roll, his Buffs' end-of-turn effects: Life Bar Drain takes his Power Level (000 L3011–L3015);
    a Buff Gauge fills as his Super Energy would (000 L2977)."""
    buff_modifiers.drain(ctx)
    buff_modifiers.fill_gauges(ctx)
