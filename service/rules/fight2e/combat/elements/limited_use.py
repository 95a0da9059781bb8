"""Limited Use: a pool of charges that moves draw on, Reload and Super Reload (000 L4601–L4650)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import OngoingEffect
from ..registry.elements import Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import design


@register
class LimitedUse(Element):
    """A Limited Use pool's charges left (000 L4601–L4650)."""

    effects = frozenset({"limited_use"})
    entries = frozenset(
        {"limited_use", "limited_use.extended_reload", "limited_use.more_charges", "reload", "super_reload"}
    )

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        if eff.move not in {pool(m) for m in f.prof.moves.values() if m.trait(MoveTrait.limited_use)}:
            ctx.fail("UNKNOWN_MOVE", f"{path}.move", f"{f.id}: no Limited Use pool '{eff.move}'.")
        f.ongoing.append(Effect(eff.id, eff.move, None, charges=eff.charges if eff.charges is not None else 0))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e]


def pool(m: MoveProfile) -> str:
    """The pool a Limited Use move draws on: the one its design names, else its own."""
    return str(design(m, MoveTrait.limited_use).get("pool") or m.id)


def _charge_cost(m: MoveProfile) -> int:
    if m.is_super:
        return 6
    return 1 if m.level <= 3 else 2 if m.level <= 5 else 3  # 000 L4610–L4614


def _full(f: Combatant, name: str) -> int:
    more = any(
        m.trait(MoveTrait.more_charges)
        for m in f.prof.moves.values()
        if m.trait(MoveTrait.limited_use) and pool(m) == name
    )
    return 8 if more else 6  # 000 L4603, L4626–L4630


def _pool_effect(f: Combatant, name: str) -> Effect:
    e = next((x for x in f.ongoing if x.id == OngoingEffectId.limited_use and x.move == name), None)
    if e is None:
        e = Effect(OngoingEffectId.limited_use, name, None, charges=_full(f, name))
        f.ongoing.append(e)
    return e


_CHARGES = frozenset({MoveTrait.limited_use, MoveTrait.reload, MoveTrait.super_reload})


def check_charges(f: Combatant, moves: list[MoveProfile]) -> str | None:
    """The first pool the declared moves would overdraw, or None."""
    if f.prof.traits.isdisjoint(_CHARGES):
        return None
    need: dict[str, int] = {}
    for m in moves:
        if m.trait(MoveTrait.limited_use):
            need[pool(m)] = need.get(pool(m), 0) + _charge_cost(m)
    for name, n in need.items():
        e = next((x for x in f.ongoing if x.id == OngoingEffectId.limited_use and x.move == name), None)
        left = e.charges if e is not None and e.charges is not None else _full(f, name)
        if n > left:
            return name
    return None


def spend_charges(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    if f.prof.traits.isdisjoint(_CHARGES):
        return
    for m in moves:
        if m.trait(MoveTrait.limited_use):
            e = _pool_effect(f, pool(m))
            e.charges = max((e.charges or 0) - _charge_cost(m), 0)
            ctx.note(
                "D.1",
                f.id,
                f"{m.name} uses {_charge_cost(m)} charge(s) of pool {e.move}: {e.charges} left.",
                "000 L4608–L4614",
                {},
                {"charges": e.charges},
            )
        if m.trait(MoveTrait.reload) or m.trait(MoveTrait.super_reload):
            _reload(ctx, f, m)


def _reload(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """3 charges (6 with Extended Reload) back into the pool, never above its starting total (ruling)."""
    role = MoveTrait.reload if m.trait(MoveTrait.reload) else MoveTrait.super_reload
    # Ruling (000 L5056): a pool it reloads holds a move of its own style (or a Cross-Style one).
    pools = sorted({pool(x) for x in f.prof.moves.values() if x.trait(MoveTrait.limited_use) and m.shares_style(x)})
    name = str(design(m, role).get("pool") or (pools[0] if len(pools) == 1 else ""))
    if name not in pools:
        return
    e = _pool_effect(f, name)
    extended = any(
        x.trait(MoveTrait.extended_reload)
        for x in f.prof.moves.values()
        if x.trait(MoveTrait.limited_use) and pool(x) == name
    )
    e.charges = min((e.charges or 0) + (6 if extended else 3), _full(f, name))
    ctx.note(
        "D.1",
        f.id,
        f"{m.name} reloads pool {name}: {e.charges} charges.",
        "000 L4605, L4620–L4624",
        {},
        {"charges": e.charges},
    )
