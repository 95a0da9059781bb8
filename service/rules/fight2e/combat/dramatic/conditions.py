"""A move's conditions in a Dramatic turn with no Thugs (000 L7080: the main system's procedure unless it says
otherwise), read as the main turn reads them: Random Effect's combination, rolled once the attack is declared
(000 L3938–L3968); Limited Move's agreed drawback, asked at each use before the roll (000 L4579–L4591); Perfect Hit's
die once the hit lands, before its effects (000 L4745–L4753); Suppression's hold on the target (000 L4239–L4263);
the Charges' preparation by his movement or the last attack on him this turn (000 L4479–L4527).

Slow Startup is readied and released as in the main turn: an attack's through ``move_elements.readied`` and
``kept_states.release``, a Utility move's through ``kept_states.ready_use`` and ``released_use`` (000 L4838–L4848);
the Throw chain (Opening Throw,
Multi-Part Throw, 000 L3757–L3780, L4672–L4682) locks the two fighters from one turn's action to the next
(``attack.chain_action``). Power Dash follows the Dash (``move_elements.dash``); an Opening Move's window for its
Move Sub-Set or Multi-Part Move follow-ups is kept as in the main turn (``follow_up``, ``opened``,
``window_closed``)."""

from __future__ import annotations

from collections.abc import Callable

from ..contract.models import ActionType, DecisionValue
from ..elements import charge, limited_move, perfect_hit, random_effect, suppression
from ..elements.sequences import sequences
from ..registry.reprice import with_entries
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from .base import Dram

# Entries a Dramatic attack applies here (their own tables' entries)
APPLIED = (
    frozenset({limited_move.ENTRY, perfect_hit.ENTRY, random_effect.ENTRY})
    | suppression.Suppression.entries
    | charge.CHARGES.ids
)


def limited(ctx: Turn, f: Combatant, m: MoveProfile, against: Combatant) -> MoveProfile | None:
    """Limited Move: whether its drawback applies this time is asked at each use (ruling, 000 L4581); applying, the
    move loses the Elements it narrows, or, naming none, does nothing on this use (None), paid for as Unreliable's
    failure is (000 L4579–L4591, L4872–L4874)."""
    out = limited_move.apply(ctx, f, [m], against)
    return None if out is None else out[0]


def perfect(ctx: Turn, f: Combatant, m: MoveProfile | None) -> MoveProfile | None:
    """Perfect Hit: once the hit lands, before its effects, a d6 for each guarded Element: odd, that Element is set
    aside this time and the move's figures are read without it (000 L4745–L4753)."""
    if m is None:
        return None
    return perfect_hit.settle(ctx, f, [m])[0]


def rolled(
    ctx: Turn, f: Combatant, m: MoveProfile, dist: int, reach: Callable[[MoveProfile, int], bool]
) -> tuple[MoveProfile, str]:
    """Random Effect: once the attack is declared, a die picks one of the move's combinations, each as likely
    (000 L3956); the move is used as that combination. Returns it and why it cannot be used here ('' when it can):
    a single attack that cannot use it misses (000 L3958), a Dramatic attack being one move (000 L7108)."""
    combos = random_effect.combinations(ctx, f, m) if m.has(random_effect.ENTRY) else []
    if not combos:
        return m, ""
    k = random_effect.pick(ctx, f.id, m, len(combos))
    v = with_entries(ctx, f, m, add=combos[k - 1], remove=(random_effect.ENTRY,))
    why = random_effect.usable(v, 0, 0, False, dist, reach)
    ctx.note(
        "D.2",
        f.id,
        f"Random Effect: combination {k} of {len(combos)} for {m.name}" + (f", unusable: {why}." if why else "."),
        "000 L3956–L3958",
        {"roll": k, "combinations": len(combos)},
        {"usable": not why},
    )
    return v, why


def suppress(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None, lost: int) -> None:
    """A hit on ``t`` (``lost``: the Life Bar it took): a Suppression move suppresses him for a 5-count, at least
    the next full turn, run down by the Dramatic Time Roll (or ends the one he is under); any other damaging hit
    ends one of four Elements or more, as in the main turn (000 L4245–L4261)."""
    if m is not None:
        suppression.on_hit(ctx, Attack(f, t, [m], "action", m.name, 0), lost)


def check_suppressed(ctx: Turn, f: Combatant, v: DecisionValue, key: str) -> None:
    """What a Suppression bars him, as the main turn checks it (000 L4245–L4255): his movement, the moves of its
    tier (``suppressed_move``) and, at six Elements, the non-attack actions."""
    if f.suppressed != (0, False):
        suppression.check_action(ctx, f, v.action or ActionType.none, v.movement or 0, key)


def suppressed_move(ctx: Turn, f: Combatant, m: MoveProfile, key: str) -> None:
    why = suppression.lock(f, m)  # Special Moves from two Elements, Super Moves three, Basic Moves five (000 L4251)
    if why:
        ctx.fail("SUPPRESSION_RESTRICTED", f"{key}.moves", f"{key}: {why}.", key=key)


def charged(ctx: Turn, d: Dram, m: MoveProfile, dist: int, key: str) -> None:
    """A charge move's preparation as in the main turn and the turns with Thugs (000 L4479–L4527): Charge Back and Down
    after moving 1 Range or more away (or at Range 4 without moving) or with the last attack on him this turn blocked;
    Charge Up after the last attack stopped as its row lists; Charge Forward after a 1-Range step toward him (or at
    Range 0 without moving), for 1 FS. Ruling: no Control is rolled (000 L7084), so none is 2 above the need, and no
    Combo is made (000 L7108), so no 3 Control of moves comes before it."""
    row = charge.CHARGES.first(m.entries)
    if row is None:
        return
    f = d.f
    start, n, toward = d.moved if d.moved is not None else (dist, 0, False)
    away = (n >= 1 and not toward) or (n == 0 and start >= 4)
    stepped = (n == 1 and toward) or (n == 0 and start == 0)
    if not charge.condition(row, m, [], False, away or f.blocked_last, f.last_guard, stepped):
        code = "CHARGE_BACK_NOT_READY" if row.preparation is charge.Preparation.away else "CHARGE_MOVE_NOT_READY"
        ctx.fail(code, f"{key}.moves", f"{key}: {m.name} is not charged: {row.need}.", key=key)
    fee = charge.step_fee(row, 0, False)
    if fee:
        if f.fs < fee:
            ctx.fail("FS_INSUFFICIENT", f"{key}.moves", f"{key}: {f.id} has no FS for the charging step.", key=key)
        f.fs -= fee
        ctx.note("D.1", f.id, f"{f.id} pays {fee} FS for {m.name}'s charging step.", "000 L4505", {}, {"fs": f.fs})


def guarded(t: Combatant, option: str, hit: bool) -> None:
    """How the attack on ``t`` was stopped, this turn's last, for his Charge moves (000 L4485, L4521)."""
    t.blocked_last = not hit and option in ("defense", "defense_evasion")
    t.last_guard = "" if hit else charge.guard_of(option)


def follow_up(ctx: Turn, f: Combatant, m: MoveProfile, key: str) -> None:
    """A Move Sub-Set or Multi-Part Move follow-up needs its Opening Move's window open: a Dramatic attack is one move
    (no Combo, 000 L7108), so only the window opened this turn or the last serves (000 L3744–L3746, L4654, L4662)."""
    sequences.check(ctx, f, [m], f"{key}.moves", key)


def opened(ctx: Turn, f: Combatant, m: MoveProfile | None) -> None:
    """The move is used, hit or miss: an Opening Move opens its window for this turn and the next; any other move
    closes an open one, a follow-up using it up (000 L3746–L3748)."""
    if m is not None:
        sequences.used(ctx, f, [m])


def window_closed(ctx: Turn, f: Combatant, why: str) -> None:
    """A Defensive Option, a non-attack action, Hit Stun or a Knock Down ends the window (000 L3748–L3752). Ruling:
    every Dramatic defence is a Defensive Option, as in the main turn (000 L5828), and movement alone is no action."""
    sequences.close(ctx, f, why)


def windows_tick(ctx: Turn) -> None:
    """End of the turn: a window opened before this turn has had its next turn (000 L3746)."""
    sequences.tick(ctx)
