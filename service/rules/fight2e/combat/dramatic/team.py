"""Team-Up (000 L7219–L7221): two allies, a point each, attack one opponent together at the lower of their two
Initiatives; he chooses one defence, each attacker rolls against that one Defense Total, and if either hits both hit.
Neither gets his point next turn, and neither may team up again the turn after.

How a turn plays it (ruling C20): the partner acting first names `team_up` with his move and target and holds; the
ally who joins names `team_up` at the same target when his own action comes, and both attacks go at once. Ours where
the text is silent: a held attack whose partner never joins goes off alone at the end of the turn (its point spent,
no Team-Up made); a held fighter has made his action, so a hit while he waits costs him nothing (000 L7130 speaks of
a fighter who has not acted); a Final Blow or a Debilitating Injury, each settling a hit its own way, does not ride
on a Team-Up, and a Ki Face Off, which replaces one attacker's roll, does not answer it.

The defender's one defensive option may be Tactics with a Defensive Response (000 L7126–L7128): only one open
against both attacks, as the text asks of a Fighter and his Ally's pair (000 L4203), and taken against one partner
of his choice (`answer_partner`) once both have missed, either hit being both (000 L7219). A partner's Ally launches
its Basic Move with his, as with any Basic Move, against that one Defense Total; it is no third partner, so its hit
or miss is its own (000 L4203, L7219)."""

from __future__ import annotations

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import ChoiceOption, DecisionValue, DramaticOption, ResponseKind
from ..state.turn import Turn
from . import evasion
from .attack import Ready, ally, answer, attack, land, ready, response_failed, roll_against
from .base import Dram, choice, pay, spendable
from .defense import defense
from .responses import NONE, after_miss, kinds

_OPTION = DramaticOption.team_up
# options that settle a hit their own way (000 L7172, L7183): not on a shared Defense Total
_APART = frozenset({DramaticOption.final_blow, DramaticOption.debilitating_injury})


def holder(ds: dict[str, Dram], d: Dram, target: str) -> Dram | None:
    return next(
        (x for x in ds.values() if x is not d and x.held and x.held[0] == target and x.f.side == d.f.side), None
    )


def partners_to_come(ds: dict[str, Dram], d: Dram) -> list[Dram]:
    """Allies still to act this turn, who could join him."""
    return [x for x in ds.values() if x is not d and x.f.side == d.f.side and x.f.active and not x.acted]


def why_not(ctx: Turn, ds: dict[str, Dram], d: Dram, target: str) -> str | None:
    if not ctx.opts.dramatic.team_ups:
        return "the Director has ruled that attacks cannot be combined (000 L7221; options.dramatic.team_ups)"
    if d.team_up_last:
        return "attacks cannot be combined two turns in a row (000 L7221)"
    if spendable(d, _OPTION) < costs.ap_cost(tables().option(_OPTION.value)):
        return "not enough Action Points for a Team-Up"
    if holder(ds, d, target) is None and not partners_to_come(ds, d):
        return "no ally still to act who could join him"
    return None


def offered(ctx: Turn, ds: dict[str, Dram], d: Dram, foes: list[str]) -> list[ChoiceOption]:
    """A Team-Up with his Basic Move at each opponent he may team up against (other moves are named the same way)."""
    out = []
    for t in foes:
        if why_not(ctx, ds, d, t) is None:
            joining = holder(ds, d, t) is not None
            value = DecisionValue(action=None, option=_OPTION, moves=["basic_move"], target=t)
            out.append(choice(value, ("join the Team-Up" if joining else "Team-Up (hold for a partner)") + f" at {t}"))
    return out


def team_up(ctx: Turn, ds: dict[str, Dram], d: Dram, t: Dram, v: DecisionValue, key: str) -> None:
    """His part: he holds for a partner, or joins the ally holding at the same target and both attacks go."""
    why = why_not(ctx, ds, d, t.f.id)
    if why is None and any(o in _APART for o in v.also or ()):
        why = "a Final Blow or a Debilitating Injury does not ride on a Team-Up (000 L7172, L7183)"
    if why:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {why}.", key=key)
    o = tables().option(_OPTION.value)
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    first = holder(ds, d, t.f.id)
    if first is None:
        d.held = (t.f.id, v, key)
        ctx.note("C", d.f.id, f"{d.f.id} teams up against {t.f.id} and waits for his partner.", o.ref)
        return
    _, hv, hkey = first.held or ("", v, key)
    first.held = None
    _together(ctx, ds, (first, hv, hkey), (d, v, key), t)


def _together(
    ctx: Turn, ds: dict[str, Dram], a: tuple[Dram, DecisionValue, str], b: tuple[Dram, DecisionValue, str], t: Dram
) -> None:
    o = tables().option(_OPTION.value)
    ctx.note(
        "D", None, f"{a[0].f.id} and {b[0].f.id} attack {t.f.id} together at Initiative {b[0].f.init}.", "000 L7219"
    )
    readied = [(x, ready(ctx, x, t, v, k), k) for x, v, k in (a, b)]
    spirit = a[0].spiritual or b[0].spiritual  # Spirituality serves if either is a spirit (ours, 000 L7323)
    open_kinds = _open(ctx, t, readied)
    # struck at his own Initiative, the Defense skill alone, as against any simultaneous attack (000 L5573)
    together = any(x.together(t) for x, _, _ in readied)
    attackers = f"{a[0].f.id} and {b[0].f.id}"
    dt, how = defense(ctx, t, attackers, False, simultaneous=together, spirit=spirit, kinds=open_kinds)
    faces = [_roll(ctx, x, t, r, dt, how) for x, r, _ in readied]
    hit = any(h for _, h in faces)
    if hit:
        ctx.note("D.6", None, f"One Defense Total, and a hit: both attacks hit {t.f.id}.", o.ref)
    for (x, r, _), (face, _) in zip(readied, faces, strict=True):
        x.teamed = True
        x.no_point_next = True  # neither partner gets his point next turn (000 L7221)
        if hit and t.f.active and not r.plan.short:
            land(ctx, x, t, r, face, ds)
    if not hit:
        t.f.misfired = False
        _answered(ctx, ds, t, readied, open_kinds)
        # ruling: his failed Unreliable Response lets the pair's attack hit, and one hit is both hitting (000 L4874,
        # L7219)
        if response_failed(ctx, f"{a[0].f.id} and {b[0].f.id}", t):
            for (x, r, _), (face, _) in zip(readied, faces, strict=True):
                if t.f.active and not x.f.defeated and not r.plan.short:
                    land(ctx, x, t, r, face, ds)
    for x, r, _ in readied:
        ally(ctx, x, t, r.plan, (dt, how), ds)  # his Ally's Basic Move with his, as ever (000 L4201–L4207)
        if r.plan.special and not t.f.defeated:
            x.no_point_next = True  # ruling C11


def _roll(ctx: Turn, x: Dram, t: Dram, r: Ready, dt: int, how: str) -> tuple[int, bool]:
    """His roll on the one Defense Total; none for a Basic Move beyond his reach launched for his Ally's sake, which
    has no effect (000 L4205)."""
    if r.plan.short:
        ctx.note("D.6", x.f.id, f"{x.f.id}'s {r.plan.name} cannot reach {t.f.id}: it has no effect.", "000 L4205")
        return 0, False
    return roll_against(ctx, x, t, r, dt, how)


def _open(ctx: Turn, t: Dram, readied: list[tuple[Dram, Ready, str]]) -> frozenset[ResponseKind]:
    """The Responses open against both partners' attacks (ours: one Response must meet both, as with a Fighter's and
    his Ally's pair, 000 L4203); none at a simultaneous Initiative (000 L5573)."""
    out = frozenset(ResponseKind)
    for x, r, _ in readied:
        closed = x.together(t) or r.plan.move is None
        out &= NONE if closed else kinds(ctx, x, t, r.plan.move, r.plan.special, False)
    return out


def _answered(
    ctx: Turn, ds: dict[str, Dram], t: Dram, readied: list[tuple[Dram, Ready, str]], open_kinds: frozenset[ResponseKind]
) -> None:
    """Both missed: his one Response, if open, answers the partner he names (ours; by default the one at whose
    Initiative they struck, 000 L7219). With Evasion alone and no Response, the Evasion's result (F.2, 000 L5834) is
    his once, as his defence was one: its move or +2 is against that same partner (ruling, ``evasion.evaded``)."""
    rolled = [(x, r, k) for x, r, k in readied if not r.plan.short]  # one beyond his reach made no attack
    evading = t.guarded == "evasion" and t.response is None
    if not (open_kinds or evading) or not rolled or t.f.defeated or t.f.stunned or t.idle:
        return
    x, r, k = rolled[0] if len(rolled) == 1 else _partner(ctx, t, rolled, evading)
    if evading:
        evasion.evaded(ctx, x, t, r.plan.move)
    if open_kinds:
        after_miss(ctx, x, t, r.plan.move, open_kinds, k, answer(ctx, ds), ds)


def _partner(ctx: Turn, t: Dram, rolled: list[tuple[Dram, Ready, str]], evading: bool) -> tuple[Dram, Ready, str]:
    ids = [x.f.id for x, _, _ in rolled]
    what = "his Evasion's move or +2 Accuracy" if evading else "his Defensive Response"
    key, v = ctx.decide(
        t.f.id,
        "answer_partner",
        "F.3",
        f"{ids[0]} and {ids[1]} both missed {t.f.id}: which of them does {what} answer (`target`)?",
        DecisionValue(target=ids[1]),
        [choice(DecisionValue(target=i), f"answer {i}") for i in ids],
    )
    found = next(((x, r, k) for x, r, k in rolled if x.f.id == v.target), None)
    if found is None:
        why = f"{key}: name one of the two partners, {ids[0]} or {ids[1]}."
        ctx.fail("TARGET_UNAVAILABLE", f"decisions.{key}.target", why, key=key)
    return found


def lapse(ctx: Turn, ds: dict[str, Dram]) -> None:
    """A held attack no partner joined goes off alone at the end of the turn, if its target is still there."""
    for d in ds.values():
        if d.held is None:
            continue
        target, v, key = d.held
        d.held = None
        t = ds[target]
        if not (d.f.active and t.f.active):
            continue
        ctx.note("D", d.f.id, f"No partner joined {d.f.id}: his attack on {target} goes alone.", "000 L7219")
        attack(ctx, d, t, v.model_copy(update={"option": None}), key, ds=ds)
