"""The modifiers of the Buff Element (000 L2975–L3075): what limits a buffed fighter (Movement Only, No Movement,
Removed Ki), what the Buff costs him (Life Bar Drain, Stun, Repeatable's FS) and how long it lasts (Buff Gauge,
Super Energy Duration, Technique Buff). ``ongoing`` folds the Buff into the profile and runs its count; this module
answers the questions the resolver's steps ask about an active Buff.

State: a Repeatable Buff's uses are the ``charges`` of its ``buff`` entry in ``ongoing_effects``; the Buff Gauge
is an ``ongoing_effects`` entry ``buff_gauge`` whose ``charges`` hold the gauge (0–10).
"""

from __future__ import annotations

import math

from ....catalogue.catalog import catalog
from ....catalogue.schema import chosen
from ....catalogue.table_records import BuffLimit, BuffLimitRule
from ...contract.model_types import OngoingEffectId
from ...contract.models import ActionType, OngoingEffect
from ...registry import features
from ...registry.elements import Element, at, carried, register
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import FlagTable, flags_of_records
from ...state.profile import MoveProfile, MoveTrait, Profile
from ...state.turn import Turn
from ..design import design, design_of
from ..vocabulary import LogKey

GAUGE_MAX = 10  # 000 L2979
REPEAT_MAX = 3  # 000 L3049
QUALITY_CAP, QUALITY_FLOOR = 3, -2  # 000 L3023, L3053
_QUALITIES = ("strength", "speed", "stamina")


BUFF_LIMITS: FlagTable[BuffLimit] = flags_of_records("buff_limit", BuffLimitRule, lambda r: frozenset({r.limit}))
# The Elements a Technique Buff may associate: those its entry requires one of (000 L3071–L3073)
LINKABLE = frozenset(
    ident
    for e, limits in BUFF_LIMITS.items()
    if BuffLimit.shares_duration in limits
    for group in catalog().entries[e].requires.any_entries
    for ident in group
)


# ── reading the Buff move ────────────────────────────────────────────────────────────────────────


def buff_moves(f: Combatant, role: MoveTrait) -> list[MoveProfile]:
    """The Buff moves in effect on ``f`` whose entries give them ``role``."""
    out = []
    for e in f.ongoing:
        m = f.move(e.move) if e.id == OngoingEffectId.buff and e.move else None
        if m is not None and m.trait(role):
            out.append(m)
    return out


def limited_by(f: Combatant, limit: BuffLimit) -> list[MoveProfile]:
    """The Buff moves in effect on ``f`` with a modifier that sets ``limit``."""
    out = []
    for e in f.ongoing:
        m = f.move(e.move) if e.id == OngoingEffectId.buff and e.move else None
        if m is not None and limit in BUFF_LIMITS.grants(m.entries):
            out.append(m)
    return out


def stacks(e: Effect) -> int:
    return max(e.charges or 1, 1) if e.id == OngoingEffectId.buff else 1


def lowered(m: MoveProfile) -> list[tuple[str, str]]:
    """(Quality, Speed half) for each instance of Lowered Basic Quality, in the order the design names them."""
    n = m.trait(MoveTrait.lowered_basic_quality)
    if not n:
        return []
    named = [
        ("speed", "control") if v == "speed_control" else (v, "initiative")
        for v in chosen(design(m, MoveTrait.lowered_basic_quality).get("qualities"))
        if v in _QUALITIES or v == "speed_control"
    ]
    if not named:
        return []
    # ruling: more instances than Qualities named: the last one named takes the rest (000 L3019–L3021)
    return [named[min(i, len(named) - 1)] for i in range(n)]


def lower(prof: Profile, base: Profile, m: MoveProfile) -> dict[str, int]:
    """Profile changes of one use's Lowered Basic Quality; never below −2 (000 L3017–L3025)."""
    changes: dict[str, int] = {}
    for q, half in lowered(m):
        now = changes.get(q, getattr(prof, q))
        if now - 1 < min(QUALITY_FLOOR, getattr(base, q)):
            continue
        changes[q] = now - 1
        if q == "speed":
            attr = "speed_ctrl" if half == "control" else "speed_init"
            changes[attr] = changes.get(attr, getattr(prof, attr)) - 1
    return changes


# ── Removed Ki and Movement Only: what the buffed fighter may not use ──────────────────────────────────


def needs_ki(m: MoveProfile) -> bool:
    """A move with an entry that needs the Ki Skill (a Super with Ki Access does not, 000 L4954–L4956)."""
    if m.is_super and m.trait(MoveTrait.ki_access):
        return False
    entries = catalog().entries
    return any("ki_skill" in entries[e].requires.fighter for e in m.entries if e in entries)


def ki_removed(f: Combatant) -> bool:
    return bool(buff_moves(f, MoveTrait.removed_ki))


def movement_only(f: Combatant) -> MoveProfile | None:
    found = limited_by(f, BuffLimit.movement_only)
    return found[0] if found else None


@features.BUFF_ROOTED
def rooted(f: Combatant) -> MoveProfile | None:
    """The No Movement Buff in effect, if any: he cannot move, though Knock Back still moves him (000 L3035–L3039)."""
    found = limited_by(f, BuffLimit.rooted)
    return found[0] if found else None


def lock(f: Combatant, m: MoveProfile) -> str | None:
    """Why a buffed fighter cannot use ``m`` now, or None."""
    if not f.ongoing:
        return None
    if ki_removed(f) and needs_ki(m):
        return f"{m.name} needs the Ki Skill, which his Buff has taken away"
    only = movement_only(f)
    if only is not None and not (m.trait(MoveTrait.end_buff) and only.trait(MoveTrait.early_ending)):
        return f"while {only.name} lasts he can only move" + (
            " or end it" if only.trait(MoveTrait.early_ending) else ""
        )
    return None


@features.BUFF_DECLARATION
def check_action(ctx: Turn, f: Combatant, kind: ActionType, n: int, move_ids: list[str], key: str) -> None:
    """Declaration limits of an active Buff (000 L3027–L3045); and a Repeatable Buff's limits and FS."""
    path = f"decisions.{key}"
    if f.ongoing:
        only = movement_only(f)
        moves = [m for i in move_ids if (m := f.move(i)) is not None]
        if only is not None and kind not in (ActionType.move, ActionType.none):
            ending = only.trait(MoveTrait.early_ending) and moves and all(m.trait(MoveTrait.end_buff) for m in moves)
            if not ending:
                ctx.fail(
                    "BUFF_MOVEMENT_ONLY",
                    path,
                    f"{key}: while {only.name} lasts {f.id} can only move"
                    + (" or use an End Buff move" if only.trait(MoveTrait.early_ending) else "")
                    + ".",
                    key=key,
                )
        stay = rooted(f)
        if stay is not None and n:
            ctx.fail(
                "BUFF_NO_MOVEMENT", f"{path}.movement", f"{key}: while {stay.name} lasts {f.id} cannot move.", key=key
            )
        for m in moves:
            if ki_removed(f) and needs_ki(m):
                ctx.fail(
                    "BUFF_KI_REMOVED",
                    f"{path}.moves",
                    f"{key}: {m.name} needs the Ki Skill, which {f.id}'s Buff has taken away.",
                    key=key,
                )
    for i in move_ids:
        m = f.move(i)
        if m is not None and m.trait(MoveTrait.buff) and m.trait(MoveTrait.repeatable_buff):
            _check_repeat(ctx, f, m, path, key)


# ── Repeatable (000 L3047–L3055) ─────────────────────────────────────────────────────────────────────


def _net(m: MoveProfile) -> dict[str, int]:
    """What one use changes: Basic Quality points (+ raises, − Lowered Basic Quality) and Ki damage steps."""
    opts = design(m, MoveTrait.buff)
    named = chosen(opts.get("raised_qualities"))
    raised = [q for q in _QUALITIES if q in named]
    try:
        steps = max(int(str(opts.get("quality_raises") or 0)), 0)
        ki = max(int(str(opts.get("ki_damage_steps") or 0)), 0)
    except ValueError:
        steps, ki = 0, 0
    per = max(1, steps // len(raised)) if raised and steps else 0
    net = {q: (per if q in raised else 0) for q in _QUALITIES}
    for q, _ in lowered(m):
        net[q] -= 1
    net["ki"] = ki
    return net


def _check_repeat(ctx: Turn, f: Combatant, m: MoveProfile, path: str, key: str) -> None:
    e = next((x for x in f.ongoing if x.id == OngoingEffectId.buff and x.move == m.id), None)
    uses = stacks(e) if e is not None else 0
    if f.fs < 1:
        ctx.fail("FS_INSUFFICIENT", path, f"{key}: each use of the Repeatable Buff {m.name} costs 1 FS.", key=key)
    if e is None:
        return
    base = f.base_prof or f.prof
    net = _net(m)
    over = [
        q
        for q in _QUALITIES
        if net[q] and not QUALITY_FLOOR <= getattr(base, q) + net[q] * (uses + 1) <= max(QUALITY_CAP, getattr(base, q))
    ]
    if net["ki"] * (uses + 1) > 3:
        over.append("Ki damage")
    if uses >= REPEAT_MAX or over:
        ctx.fail(
            "BUFF_REPEAT_LIMIT",
            f"{path}.moves",
            f"{key}: {m.name} cannot be repeated again ("
            + (f"already used {uses} times" if uses >= REPEAT_MAX else ", ".join(over) + " would pass its limit")
            + ").",
            key=key,
        )


def repeat(ctx: Turn, f: Combatant, m: MoveProfile, e: Effect | None) -> int:
    """The uses a Repeatable Buff stacks to with this one; 1 FS a use (000 L3055)."""
    f.fs = max(f.fs - 1, 0)  # checked at the declaration
    uses = (stacks(e) if e is not None else 0) + 1
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} pays 1 FS for the Repeatable Buff {m.name}: {uses} use(s) stacked.",
        "000 L3047–L3055",
        {"uses": uses},
        {"fs": f.fs},
    )
    return uses


# ── Duration: Buff Gauge and Super Energy Duration ─────────────────────────────────────────────────────


def gauge(f: Combatant) -> Effect | None:
    return next((e for e in f.ongoing if e.id == OngoingEffectId.buff_gauge), None)


def gauge_count(ctx: Turn, f: Combatant, m: MoveProfile) -> int:
    """The Buff lasts a count equal to the gauge, which is spent on it (000 L2975–L2979).
    ruling: the gauge is emptied by the use and fills again from 0 (000 L2977)."""
    g = gauge(f)
    left = (g.charges or 0) if g is not None else 0
    if g is not None:
        g.charges = 0
    ctx.note(
        "C.5",
        f.id,
        f"{m.name} takes the Buff Gauge ({left}) as its count; the gauge starts again from 0.",
        "000 L2975–L2979",
        {"buff_gauge": left},
        {"buff_gauge": 0},
    )
    return left


@features.BUFF_SE_FROZEN
def se_frozen(f: Combatant) -> MoveProfile | None:
    """A Super Energy Duration Buff in effect: no Super Energy is gained (000 L3067)."""
    found = buff_moves(f, MoveTrait.super_energy_duration)
    return found[0] if found else None


@at("after_healing", 30)
def fill_gauges(ctx: Turn) -> None:
    """H.1: the Buff Gauge fills as Super Energy does, up to 10 (000 L2977–L2979; ruling: the same gains, the
    Super Move and defeat rules included, whether or not he owns Super Moves)."""
    per_turn = math.ceil(ctx.opts.super_energy_max / 20)
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if MoveTrait.buff_gauge not in f.prof.traits or f.super_used:
            continue
        if f.defeated and not f.life_loss_from and not f.attacks:
            continue
        g = gauge(f)
        if g is None:
            g = Effect(OngoingEffectId.buff_gauge, None, None, charges=0)
            f.ongoing.append(g)
        gain = per_turn + len(f.life_loss_from) + f.attacks + f.se_specials + f.se_combos + f.se_extra
        before = g.charges or 0
        g.charges = min(before + gain, GAUGE_MAX)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id}'s Buff Gauge fills by {g.charges - before}: {before} → {g.charges}.",
            "000 L2977–L2979",
            {"gain": gain},
            {"buff_gauge": g.charges},
        )


def restore_gauge(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    if MoveTrait.buff_gauge not in f.prof.traits or (eff.charges or 0) > GAUGE_MAX:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: a Buff Gauge (0–{GAUGE_MAX}) needs a Buff move with Buff Gauge.",
        )
    f.ongoing.append(Effect(OngoingEffectId.buff_gauge, None, None, charges=eff.charges or 0))


# ── End of turn: Life Bar Drain; the end of a Buff: Stun, Super Energy ───────────────────────────────


@at("before_healing", 10)  # Life Bar Drain, before H.1 (000 L3015)
def drain(ctx: Turn) -> None:
    """Before H.1: each turn a Life Bar Drain Buff is in effect he loses his Power Level in Life Bar, never
    below 1, no Stun, Knock Back or Hit Stun (000 L3011–L3015). ruling: the turn it starts counts."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if f.defeated or not f.ongoing:
            continue
        for m in limited_by(f, BuffLimit.drains_life):
            before = f.life
            f.life = max(f.life - f.pl, min(f.life, 1))
            ctx.note(
                "H",
                f.id,
                f"Life Bar Drain of {m.name}: {f.id} loses {before - f.life} Life Bar ({before} → {f.life}).",
                "000 L3011–L3015",
                {"pl": f.pl},
                {"life_bar": f.life},
            )


def ended(ctx: Turn, f: Combatant, m: MoveProfile | None) -> None:
    """A Buff has just ended (after H.2): Stun from the start of next turn (000 L3057–L3063); a Super Energy
    Duration Buff empties the Super Energy (000 L3067)."""
    if m is None:
        return
    if m.trait(MoveTrait.super_energy_duration) and f.se:
        f.se = 0
        ctx.note(
            "H.3",
            f.id,
            f"{m.name} ends: {f.id}'s Super Energy drops to 0.",
            "000 L3065–L3069",
            {},
            {LogKey.super_energy: 0},
        )
    if (
        BuffLimit.stuns_after in BUFF_LIMITS.grants(m.entries)
        and not f.defeated
        and not f.stunned
        and not ctx.round_over
    ):  # a new round starts clean
        f.stunned = 2  # ruling: a full Stun (two recovery actions), the threshold unchanged, as Self-Stun
        ctx.note(
            "H.3",
            f.id,
            f"{m.name} ends: {f.id} is Stunned from the start of next turn.",
            "000 L3057–L3063",
            {},
            {"stunned": True},
        )


# ── Technique Buff (000 L3071–L3075) ─────────────────────────────────────────────────────────────────


def associated(m: MoveProfile) -> set[str]:
    """The Elements of the Buff move that take the Buff's duration."""
    if not (m.trait(MoveTrait.buff) and BuffLimit.shares_duration in BUFF_LIMITS.grants(m.entries)):
        return set()
    value = design_of(m, BUFF_LIMITS, lambda row: BuffLimit.shares_duration in row).get("associated")
    names = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    found = {str(v) for v in names if str(v) in LINKABLE and m.has(str(v))}
    if not found:  # ruling: none named: every associable Element on the move (one instance each, 000 L3073)
        found = {e for e in LINKABLE if m.has(e)}
    return found


def linked(f: Combatant, e: Effect) -> Effect | None:
    """The Buff whose duration ``e`` (Flight, Temporary Technique) shares, if any."""
    if e.id not in LINKABLE or not e.move:
        return None
    m = f.move(e.move)
    if m is None or e.id not in associated(m):
        return None
    return next((b for b in f.ongoing if b.id == OngoingEffectId.buff and b.move == e.move), None)


@register
class BuffGauge(Element):
    """The Buff Gauge's fill (000 L3055–L3063)."""

    effects = frozenset({"buff_gauge"})
    entries = frozenset({"buff.buff_gauge"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore_gauge(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e]  # it waits for the move's next use, even into the next round
