"""Opening Throw and Multi-Part Throw (000 L3757–L3778, L4672–L4682): a fixed chain of Throws that locks the
thrower and his victim together until it ends.

A hit with an Opening Throw that has a follow-up on the sheet starts (or a middle link continues) the lock, carried
on the thrower in ``ongoing_effects`` as ``{"id": "multi_part_throw", "move": <last link that hit>, "since":
<turn>, "target": <victim>}``. Meanwhile the Knock Down and Knock Back of the links wait; the victim cannot act and
answers a link only with the Throw Response; other fighters cannot reach either of them; the thrower's only action
is the next link, without movement. The chain ends, with the waiting Knock Down and Knock Back, when the victim wins
or ties Initiative (the thrower loses his action), when the thrower lacks Control, declares anything else (his
action is lost) or misses, or when the window of this turn and the next passes; the last link lands normally.
"""

from __future__ import annotations

from ....catalogue.records import Trigger
from ...contract.model_types import OngoingEffectId, Subsystem
from ...contract.models import ActionType, DecisionValue, OngoingEffect, ResponseKind
from ...registry import features
from ...registry import points as records
from ...registry.elements import Element, at, carried, register
from ...state.action import Attack
from ...state.action import Attack as AttackCls
from ...state.combatant import Combatant, Effect
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from .. import knockdown
from ..sequences import sequences
from ..vocabulary import LogKey, Ongoing

STATE = Ongoing.multi_part_throw
_REF = "000 L3765–L3778"


def _lock(f: Combatant) -> Effect | None:
    if not f.ongoing:  # most fighters carry no effect: no generator to build
        return None
    return next((e for e in f.ongoing if e.id == STATE), None)


def _holder_of(ctx: Turn, d: Combatant) -> tuple[Combatant, Effect] | None:
    for fid in ctx.order:
        a = ctx.fighters[fid]
        e = _lock(a)
        if e is not None and e.target == d.id:
            return a, e
    return None


def _next_links(f: Combatant, e: Effect) -> list[MoveProfile]:
    prev = f.move(e.move or "")
    if prev is None:
        return []
    return [m for m in f.prof.moves.values() if sequences.follows(prev, m)]


# The turns with Thug groups do not play the chain's lock yet (coverage: thug_throw_chains)
_NO_LOCK = frozenset({Subsystem.thug_thrashing, Subsystem.dramatic_thug_thrashing})


@features.THROW_LINKS_ON
def links_on(ctx: Turn, atk: Attack) -> bool:
    """The hit ends on an Opening Throw with a follow-up on the sheet: the chain starts or goes on, and the Knock
    Down and Knock Back wait (000 L3767)."""
    a, d = atk.attacker, atk.defender
    last = atk.moves[-1]
    if not (last.throw and last.trait(MoveTrait.opening_throw)) or d.defeated:
        return False
    prev = _lock(a)
    if prev is None and not any(sequences.follows(last, m) for m in a.prof.moves.values()):
        return False  # nothing follows it yet: an ordinary Throw (000 L3759)
    if ctx.opts.subsystem in _NO_LOCK:  # not played there yet: an ordinary Throw, named (``mixed.name_throw_chain``)
        return False
    a.ongoing = [x for x in a.ongoing if x.id != STATE]
    a.ongoing.append(Effect(STATE, last.id, None, ctx.turn, d.id))
    d.holding = False
    ctx.note(
        "E.5",
        a.id,
        f"Multi-Part Throw: {a.id} keeps {d.id} locked after {last.name}; the Knock Down and "
        "Knock Back wait for the end of the sequence.",
        _REF,
        {"move": last.id},
        {LogKey.multi_part_throw: d.id},
    )
    return True


@features.THROW_FINISHED
def finish(ctx: Turn, atk: Attack) -> None:
    """A hit that is not a link (the last Throw of the chain): the lock is over, nothing is delayed (000 L3778)."""
    a = atk.attacker
    e = _lock(a)
    if e is not None and e.target == atk.defender.id and not atk.moves[-1].trait(MoveTrait.opening_throw):
        a.ongoing = [x for x in a.ongoing if x is not e]
        ctx.note("E.5", a.id, "The last Throw of the Multi-Part Throw lands: the sequence is complete.", "000 L3778")


def end(ctx: Turn, a: Combatant, why: str) -> tuple[Combatant, MoveProfile] | None:
    """The sequence ends early, in every turn that plays it: (the victim, the last link that hit), whose waiting
    Knock Back and Knock Down the turn then applies its own way; None when nothing is left to land."""
    e = _lock(a)
    if e is None:
        return None
    a.ongoing = [x for x in a.ongoing if x is not e]
    d = ctx.fighters.get(e.target or "")
    m = a.move(e.move or "")
    ctx.note("B", a.id, f"{a.id}'s Multi-Part Throw ends ({why}).", _REF, {}, {LogKey.multi_part_throw: None})
    return None if d is None or m is None or d.defeated else (d, m)


def release(ctx: Turn, a: Combatant, why: str, own: bool = False) -> None:
    """The sequence ends early: the waiting Knock Back and Knock Down of the last link that hit apply now; ``own``:
    he ended it himself (no Control for the next link, or his declared end), so its On-Miss effects apply too."""

    found = end(ctx, a, why)
    if found is None:
        return
    d, m = found
    atk = AttackCls(attacker=a, defender=d, moves=[m], context="action", label="B", cost=0)
    knockdown.knock_back(ctx, atk, 2)
    if knockdown.knocks_down(atk) and not d.knocked_down:
        knockdown.knock_down(ctx, a, d)
    if own:
        on_miss_effects(ctx, a, d, m)


def on_miss_effects(ctx: Turn, a: Combatant, d: Combatant, m: MoveProfile) -> None:
    """The thrower ends the sequence with no link missing (no Control for the next, or his declared end): On-Miss
    effects apply with the waiting Knock Down (000 L3775). Ruling: those of the last link that hit, whose effects
    land then; a missed link has its own at F.1, as any miss; the victim's winning Initiative brings none."""
    records.die_shifts(ctx, a, d, m, Trigger.on_miss)  # Slow Recovery's die next turn (000 L4836)


@at("after_order", 10)  # a Multi-Part Throw victim who wins or ties Initiative (000 L3773)
def initiative(ctx: Turn) -> None:
    """After Initiative: a victim who wins or ties it ends the sequence; the thrower loses his action (000 L3773).
    Ruling: settled before anyone acts, as the Sustained Hold's second turn is."""
    for a in outdone(ctx):
        e = _lock(a)
        release(ctx, a, f"{e.target if e is not None else ''} wins or ties Initiative")
        a.action_lost = True
        a.holding = False
        ctx.note("B", a.id, f"{a.id} loses his action this turn.", "000 L3773")


def outdone(ctx: Turn) -> list[Combatant]:
    """The throwers whose victim won or tied this turn's Initiative over them (000 L3773); a lock whose victim or
    thrower is gone is dropped."""
    out = []
    for fid in ctx.order:
        a = ctx.fighters[fid]
        e = _lock(a)
        if e is None or (e.since or 0) >= ctx.turn:
            continue
        d = ctx.fighters.get(e.target or "")
        if d is None or d.defeated or a.defeated:
            a.ongoing = [x for x in a.ongoing if x is not e]
        elif d.init >= a.init:
            out.append(a)
    return out


def next_links(f: Combatant) -> list[MoveProfile]:
    """The Throws that may come next in his Multi-Part Throw in progress (none without one)."""
    e = _lock(f)
    return [] if e is None else _next_links(f, e)


def held_by(ctx: Turn, f: Combatant) -> str | None:
    """Who holds him in a Multi-Part Throw, if anyone."""
    found = _holder_of(ctx, f)
    return None if found is None else found[0].id


@features.THROW_HELD_DOWN
def held_down(ctx: Turn, f: Combatant) -> bool:
    """The victim's place in the order: he cannot act while the chain goes on (000 L3767)."""
    found = _holder_of(ctx, f)
    if found is None:
        return False
    f.acted = True
    f.holding = False
    ctx.note("B", f.id, f"{f.id} is locked in {found[0].id}'s Multi-Part Throw and cannot act.", "000 L3767")
    return True


@features.THROW_STALLED
def stalled(ctx: Turn, f: Combatant) -> bool:
    """The thrower's action: without Control for the next link the sequence ends and the action is lost
    (000 L3775)."""
    e = _lock(f)
    if e is None:
        return False
    if any(m.level <= f.control for m in _next_links(f, e)):
        return False
    release(ctx, f, "not enough Control for the next Throw", own=True)
    f.acted = True
    ctx.note("B.1", f.id, f"{f.id} loses his action this turn.", "000 L3775")
    return True


@features.THROW_DECLARED
def declared(ctx: Turn, f: Combatant, d: DecisionValue) -> bool:
    """The thrower's declaration: the next link, without movement, at the victim goes on; anything else declares
    the end of the sequence and the action is lost (000 L3767, L3775)."""
    if goes_on(f, d):
        return True
    release(ctx, f, "he declares the end of the sequence", own=True)
    f.acted = True
    ctx.note("B.1", f.id, f"{f.id} loses his action this turn.", "000 L3775")
    return False


def goes_on(f: Combatant, d: DecisionValue) -> bool:
    """His declaration goes on with the sequence (or he has none in progress): the next link, without movement, at
    the one he holds (000 L3767, L3775)."""
    e = _lock(f)
    if e is None:
        return True
    links = {m.id for m in _next_links(f, e)}
    return (
        d.action is ActionType.attack
        and bool(d.moves)
        and (d.moves or [""])[0] in links
        and not d.movement
        and d.target in (None, e.target)
    )


def link_missed(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile]) -> bool:
    """A link of his sequence on ``d`` missed (the victim defended): the sequence ends (000 L3767, L3775)."""
    e = _lock(a)
    return (
        e is not None
        and e.target == d.id
        and (e.since or 0) <= ctx.turn
        and any(sequences.throw_chain(m) for m in moves)
    )


@features.THROW_MISSED
def missed(ctx: Turn, atk: Attack) -> None:
    """A link that misses (the victim defended): the sequence ends at F.1 (000 L3767, L3775)."""
    if link_missed(ctx, atk.attacker, atk.defender, atk.moves):
        release(ctx, atk.attacker, f"{atk.defender.id} defends against the next Throw")


@features.THROW_RESPONSE_CHECKED
def response_ok(ctx: Turn, atk: Attack, kind: ResponseKind, path: str, key: str) -> None:
    """Against a link the victim's only Defensive Response is the Throw Response (000 L3767); the link may already
    have ended the chain at F.1, before the Responses."""
    if any(sequences.throw_chain(m) for m in atk.moves) and kind is not ResponseKind.throw:
        ctx.fail(
            "MULTI_PART_THROW_RESPONSE",
            path,
            f"{key}: inside a Multi-Part Throw only the Throw Response answers the next Throw.",
            key=key,
        )


@features.THROW_RESPONSES
def open_responses(atk: Attack, offer: list[ResponseKind]) -> list[ResponseKind]:
    if any(sequences.throw_chain(m) for m in atk.moves):
        return [k for k in offer if k is ResponseKind.throw]
    return offer


@features.THROW_SEALED
def sealed(ctx: Turn, f: Combatant, target: Combatant) -> bool:
    """Another fighter cannot reach either fighter of a Multi-Part Throw (000 L3769), nor either fighter of a
    Sustained Hold until its second part is done (000 L4393–L4395: the hold's record goes when it is)."""
    for fid in ctx.order:
        a = ctx.fighters[fid]
        e = _lock(a)
        if e is not None and target.id in (a.id, e.target) and f.id not in (a.id, e.target):
            return True
        for h in a.ongoing:
            if (
                h.id == OngoingEffectId.sustained_hold
                and target.id in (a.id, h.target)
                and f.id not in (a.id, h.target)
            ):
                return True
    return False


def opens_chain(f: Combatant, m: MoveProfile) -> bool:
    """``m`` is an Opening Throw with a follow-up on his sheet: its hit on a Fighter opens a Multi-Part Throw
    (000 L3759, L3765)."""
    return bool(m.throw and m.trait(MoveTrait.opening_throw)) and any(
        sequences.follows(m, x) for x in f.prof.moves.values()
    )


def out_of_reach(ctx: Turn, target: Combatant) -> str | None:
    """Who locks ``target`` away from anyone outside the pair (a Thug group, say): the thrower of a Multi-Part
    Throw or the holder of a Sustained Hold he is in, either side of it (000 L3769, L4393–L4395); None when free."""
    for fid in ctx.order:
        a = ctx.fighters[fid]
        for e in a.ongoing:
            if e.id in (STATE, OngoingEffectId.sustained_hold) and target.id in (a.id, e.target):
                return a.id
    return None


@at("before_healing", 30)  # an unused Multi-Part Throw window ends the sequence (000 L3765)
def end_of_turn(ctx: Turn) -> None:
    """A window of this turn and the next: unused by the end of the next turn, the sequence ends (000 L3765).
    Ruling: nothing of it outlasts the round."""
    for a in lapsed(ctx):
        release(ctx, a, "the next Throw was not used in time")


def lapsed(ctx: Turn) -> list[Combatant]:
    """End of the turn: the throwers whose window of that turn and the next has passed unused (000 L3765); a lock
    at the round's end is dropped (ruling: nothing of it outlasts the round)."""
    out = []
    for fid in ctx.order:
        a = ctx.fighters[fid]
        e = _lock(a)
        if e is None:
            continue
        if ctx.round_over:
            a.ongoing = [x for x in a.ongoing if x is not e]
        elif (e.since or 0) < ctx.turn:
            out.append(a)
    return out


@register
class MultiPartThrow(Element):
    """A Multi-Part Throw in progress: the Opening Throw that landed last, the turn and the victim."""

    effects = frozenset({"multi_part_throw"})
    entries = frozenset({"multi_part_throw", "opening_throw"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        tm = f.move(eff.move) if eff.move else None
        if (
            tm is None
            or not tm.trait(MoveTrait.opening_throw)
            or eff.since is None
            or eff.target not in {c.id for c in ctx.req.fighters} - {f.id}
        ):
            ctx.fail(
                "STATE_INCONSISTENT_STATUS",
                path,
                f"{f.id}: a Multi-Part Throw needs the Opening Throw that landed last, the turn and the victim.",
            )
        f.ongoing.append(Effect(eff.id, eff.move, None, eff.since, eff.target))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e]  # it waits for the move's next use, even into the next round
