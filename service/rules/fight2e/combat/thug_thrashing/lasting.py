"""What a Thug group's Element Qualities leave in play from one turn to the next (000 L6626: every attack of the
group has the Element): a Bomb ticking down (000 L2849–L2857), a Gradual Effect's later installments
(000 L3388–L3392), a Suppression on a Fighter (000 L4239–L4263) and a Wall it made at a Fighter (000 L3131–L3147).

Carried in the group's ``effects`` (``ThugGroupEffect``). The Time Count runs them down by the turn's Time Roll
(without a time limit, 3 a turn as in the Main Combat System); a Suppression and a Wall last one full turn at
least (000 L4247, L3141); nothing outlasts the round (ruling, as the Main Combat System's Time Count effects,
000 L6237). This module keeps the state; the group's turn (``groups``, ``attacks``) acts on it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from ..contract.request_models import ThugGroupEffect
from ..elements import suppression as suppressing
from ..elements.ongoing import UNTIMED_TURN
from ..registry import elements as registry
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn

COUNT = 5  # a Suppression's and a made Hazard's Time Count (000 L4247, L3141)
WALL_REACH = 1  # opponents at Range 0–1 of a Fighter against a Wall get +1 Accuracy (000 L6197–L6199)
WALL_ACCURACY = 1
INSTALLMENTS = 3  # the hit's and one at the end of each of the next two turns (000 L3392)


class Kept(StrEnum):
    """What a group's Element Quality leaves in play: the ids ``ThugGroupEffect`` carries (wire vocabulary)."""

    bomb = "bomb"
    gradual = "gradual_effect"
    suppression = "suppression"
    wall = "create_environmental_hazard"


@dataclass
class Lasting:
    id: str
    since: int
    target: str | None = None
    caught: list[str] = field(default_factory=list)
    amount: int | None = None
    time_left: int | None = None
    band: int | None = None  # a Bomb's band on a Band Map


def installment(rolled: int) -> int:
    """One of the three payments: the rolled damage divided by three, rounded up, plus one (000 L3392)."""
    return math.ceil(max(rolled, 0) / 3) + 1


def read(ctx: Turn, path: str, effects: list[ThugGroupEffect]) -> list[Lasting]:
    out: list[Lasting] = []
    for i, e in enumerate(effects):
        named = [e.target] if e.target else []
        if any(t not in ctx.fighters for t in [*named, *e.caught]):
            ctx.fail("UNKNOWN_FIGHTER", f"{path}.effects[{i}]", f"{path}: an effect names no Fighter of the turn.")
        timed = e.id != Kept.gradual
        if (timed and e.time_left is None) or (not timed and not e.amount) or (e.id != Kept.bomb and not e.target):
            ctx.fail(
                "THUG_STATE_INVALID",
                f"{path}.effects[{i}]",
                f"{path}: a {e.id} needs its Fighter, and its count (a Gradual Effect: its installment).",
            )
        out.append(Lasting(e.id, e.since, e.target, list(e.caught), e.amount, e.time_left, e.band))
    return out


def dump(items: list[Lasting]) -> list[ThugGroupEffect]:
    return [
        ThugGroupEffect.model_construct(
            id=str(x.id),  # type: ignore[arg-type]  # one of the four kinds (``Kept``)
            target=x.target,
            caught=list(x.caught),
            amount=x.amount,
            time_left=x.time_left,
            since=x.since,
            band=x.band,
        )
        for x in items
    ]


def of(items: list[Lasting], ident: str, target: str | None = None) -> Lasting | None:
    return next((x for x in items if x.id == ident and (target is None or x.target == target)), None)


# ── on the Fighters ──────────────────────────────────────────────────────────────────────────────

SUPPRESSION = Kept.suppression
WALL = Kept.wall
GRADUAL = Kept.gradual
BOMB = Kept.bomb


def suppress(f: Combatant, design: tuple[int, bool], gid: str | None) -> None:
    f.suppressed = design
    f.prof = registry.rebuild(f)
    if gid is None:
        f.thug_lasting.pop(SUPPRESSION, None)
    else:
        f.thug_lasting[SUPPRESSION] = gid


def put_in_force(ctx: Turn, gid: str, items: list[Lasting], design: tuple[int, bool]) -> None:
    """At load: a Suppression and a Wall from an earlier turn act on their Fighter this turn."""
    for x in items:
        f = ctx.fighters.get(x.target or "")
        if f is None:
            continue
        if x.id == SUPPRESSION:
            suppress(f, design, gid)
        elif x.id == WALL:
            f.thug_lasting[WALL] = gid


def move_locked(f: Combatant) -> bool:
    return suppressing.no_movement(f)


def move_barred(f: Combatant, m: MoveProfile) -> str | None:
    """Why a Suppression keeps ``m`` from him (000 L4251–L4254), or None."""
    return suppressing.lock(f, m)


def wall_accuracy(f: Combatant, at_range: int) -> int:
    """+1 Accuracy on attacks from Range 0–1 on a Fighter against a Wall (000 L6197–L6199)."""
    return WALL_ACCURACY if WALL in f.thug_lasting and at_range <= WALL_REACH else 0


def against_wall(f: Combatant) -> bool:
    return WALL in f.thug_lasting


def leave_wall(ctx: Turn, f: Combatant) -> None:
    """Ruling: with no map the Wall stands where he was hit; any movement of his takes him off it (000 L6197)."""
    gid = f.thug_lasting.pop(WALL, None)
    if gid is not None:
        ctx.note("C", f.id, f"{f.id} moves off {gid}'s Wall.", "000 L6197")


# ── the end of the turn ──────────────────────────────────────────────────────────────────────────


def elapsed(ctx: Turn) -> int:
    return ctx.req.fight.time_count - ctx.time_count if ctx.opts.time_limit else UNTIMED_TURN


def current(ctx: Turn, gid: str, x: Lasting) -> bool:
    """A Suppression or Wall still this group's on its Fighter (another hit or his movement may have ended it)."""
    f = ctx.fighters.get(x.target or "")
    return x.id not in (SUPPRESSION, WALL) or (f is not None and f.thug_lasting.get(x.id) == gid)


def tick(ctx: Turn, gid: str, items: list[Lasting]) -> list[Lasting]:
    """After the Time Roll: counts run down; a Suppression or Wall whose count is out ends once it has lasted a full
    turn; a Gradual Effect ends after its third installment; nothing outlasts the round (ruling, 000 L6237)."""
    items = [x for x in items if current(ctx, gid, x)]
    if ctx.round_over:
        for x in items:
            _end(ctx, gid, x, "the round is over")
        return []
    gone = elapsed(ctx)
    kept: list[Lasting] = []
    for x in items:
        if x.id == GRADUAL:
            if x.since + INSTALLMENTS - 1 > ctx.turn:
                kept.append(x)
            continue
        left = max((x.time_left or 0) - gone, 0)
        if x.id != BOMB and left == 0 and x.since < ctx.turn:
            _end(ctx, gid, x, "its count has run out")
            continue
        x.time_left = left
        kept.append(x)
    return kept


def _end(ctx: Turn, gid: str, x: Lasting, why: str) -> None:
    f = ctx.fighters.get(x.target or "")
    if f is None:
        return
    if x.id == SUPPRESSION:
        suppress(f, (0, False), None)
        ctx.note("H.3", f.id, f"{gid}'s Suppression on {f.id} ends ({why}).", "000 L4247, L4257")
    elif x.id == WALL:
        f.thug_lasting.pop(WALL, None)
        ctx.note("H.3", f.id, f"{gid}'s Wall vanishes ({why}).", "000 L3141")
