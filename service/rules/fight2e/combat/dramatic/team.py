"""Team-Up (000 L7219–L7221): two allies, a point each, attack one opponent together at the lower of their two
Initiatives; he chooses one defence, each attacker rolls against that one Defense Total, and if either hits both hit.
Neither gets his point next turn, and neither may team up again the turn after.

How a turn plays it (ruling C20): the partner acting first names `team_up` with his move and target and holds; the
ally who joins names `team_up` at the same target when his own action comes, and both attacks go at once. Ours where
the text is silent: a held attack whose partner never joins goes off alone at the end of the turn (its point spent,
no Team-Up made); a held fighter has made his action, so a hit while he waits costs him nothing (000 L7130 speaks of
a fighter who has not acted); a Final Blow or a Debilitating Injury, each settling a hit its own way, does not ride
on a Team-Up, and a Ki Face Off, which replaces one attacker's roll, does not answer it."""

from __future__ import annotations

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import ChoiceOption, DecisionValue, DramaticOption
from ..state.turn import Turn
from .attack import attack, land, ready, roll_against
from .base import Dram, choice, pay, spendable
from .defense import defense

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
    readied = [(x, ready(ctx, x, t, v, k)) for x, v, k in (a, b)]
    spirit = a[0].spiritual or b[0].spiritual  # Spirituality serves if either is a spirit (ours, 000 L7323)
    dt, how = defense(ctx, t, f"{a[0].f.id} and {b[0].f.id}", property_damage=False, spirit=spirit)
    faces = [roll_against(ctx, x, t, r, dt, how) for x, r in readied]
    hit = any(h for _, h in faces)
    if hit:
        ctx.note("D.6", None, f"One Defense Total, and a hit: both attacks hit {t.f.id}.", o.ref)
    for (x, r), (face, _) in zip(readied, faces, strict=True):
        x.teamed = True
        x.no_point_next = True  # neither partner gets his point next turn (000 L7221)
        if hit and t.f.active:
            land(ctx, x, t, r, face, ds)
        if r.plan.special and not t.f.defeated:
            x.no_point_next = True  # ruling C11


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
