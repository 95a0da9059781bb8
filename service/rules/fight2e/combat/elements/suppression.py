"""Suppression (000 L4239–L4263): a hit that deals no damage but takes options away from the victim for a 5-count
(one full turn at least): his movement, and/or cumulative tiers — Special Moves (2), Super Moves (3), Techniques and
Quality combat modifiers (4), Basic Moves (5), the Defense and Tactics Skills and non-attack actions (6).

The state is an ``ongoing_effects`` entry ``suppression`` of the victim: ``move`` the Suppression move, ``target``
the fighter who used it, ``time_left`` the count still to run, ``since`` the turn of the hit. Its tier and
movement lock are read from that move's design. One Suppression at a time: another Suppression hit ends it, and
from tier 4 up any other damaging hit ends it too (000 L4259–L4261).
"""

from __future__ import annotations

from dataclasses import replace

from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, OngoingEffect
from ..registry import elements
from ..registry.elements import Element, carried, register
from ..state.action import Attack
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait, Profile
from ..state.turn import Turn
from .design import design as designed

COUNT = 5
TIERS = {"none": 0, "special_moves": 2, "super_moves": 3, "techniques": 4, "basic_moves": 5, "total": 6}
_NON_ATTACK = (ActionType.refocus, ActionType.power_up, ActionType.await_opening, ActionType.taunt)


def design(m: MoveProfile) -> tuple[int, bool]:
    """(tier, movement lock) of a Suppression move; with no tier the movement lock is all it does."""
    opts = designed(m, MoveTrait.suppression)
    tier = TIERS.get(str(opts.get("tier") or "none"), 0)
    lock = str(opts.get("movement_lock") or opts.get("movement") or "no") == "yes" or tier == 0
    return tier, lock


def _effect(f: Combatant) -> Effect | None:
    return next((e for e in f.ongoing if e.id == OngoingEffectId.suppression), None)


def state(f: Combatant) -> tuple[int, bool]:
    """(tier, movement lock) of the Suppression on ``f``; (0, False) when none."""
    return f.suppressed


def tier(f: Combatant) -> int:
    return f.suppressed[0]


def no_movement(f: Combatant) -> bool:
    return f.suppressed[1]


# ── the profile while suppressed ─────────────────────────────────────────────────────────────────────


def fold(prof: Profile, level: int) -> Profile:
    """Tier 4 up: no Quality combat modifiers (Big's Stun Threshold point included); tier 6: no Defense or Tactics
    Skill (ruling: the Skill counts 0 in the Defense Total and in checks; 000 L4252–L4255)."""
    if level < 4:
        return prof
    changes: dict[str, object] = {"qualities": frozenset(), "stun_base": prof.stun_base - (1 if prof.big else 0)}
    if level >= 6:
        changes |= {"defense": 0, "tactics": 0}
    return replace(prof, **changes)  # type: ignore[arg-type]


def _set(ctx: Turn, f: Combatant, level: int, lock: bool) -> None:
    f.suppressed = (level, lock)
    f.prof = elements.rebuild(f)


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    """Kept as it is until every fighter is in (``link``): it names the fighter who used it."""
    if _effect(f) is not None:
        ctx.fail("STATE_INCONSISTENT_STATUS", path, f"{f.id}: only one Suppression at a time (000 L4261).")
    f.ongoing.append(eff)


def link(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    src = ctx.fighters.get(eff.target or "")
    m = src.move(eff.move or "") if src is not None else None
    if src is None or m is None or not m.trait(MoveTrait.suppression) or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: a Suppression needs the fighter who used it "
            "(`target`), his Suppression move (`move`) and the turn of the hit (`since`).",
        )
        return
    _set(ctx, f, *design(m))


def end(ctx: Turn, f: Combatant, why: str) -> None:
    e = _effect(f)
    if e is None:
        return
    f.ongoing.remove(e)
    _set(ctx, f, 0, False)
    ctx.note("E.5", f.id, f"{f.id}'s Suppression ends ({why}).", "000 L4259–L4261", {}, {"suppressed": False})


def on_hit(ctx: Turn, atk: Attack, lost: int) -> None:
    """E.5: a Suppression hit starts the effect, or ends one already there; any other damaging hit ends one of
    tier 4 or more."""
    a, d = atk.attacker, atk.defender
    if d.defeated:
        return
    m = next((x for x in atk.moves if x.trait(MoveTrait.suppression)), None)
    current = _effect(d)
    if m is None:
        if current is not None and tier(d) >= 4 and lost > 0:
            end(ctx, d, "hit by a damaging attack")
        return
    if current is not None:
        end(ctx, d, f"hit by another Suppression move, {m.name}")
        return
    level, lock = design(m)
    d.ongoing.append(Effect(OngoingEffectId.suppression, m.id, COUNT, ctx.turn, a.id))
    _set(ctx, d, level, lock)
    parts = [
        p
        for p, on in (
            ("movement", lock),
            ("Special Moves", level >= 2),
            ("Super Moves", level >= 3),
            ("Techniques and Quality modifiers", level >= 4),
            ("Basic Moves", level >= 5),
            ("Defense, Tactics and non-attack actions", level >= 6),
        )
        if on
    ]
    ctx.note(
        "E.5",
        d.id,
        f"{m.name} suppresses {d.id} for a {COUNT}-count (one full turn at least): no " + ", ".join(parts) + ".",
        "000 L4245–L4255",
        {"move": m.id, "tier": level},
        {"suppressed": True, "time_left": COUNT},
    )


# ── what he cannot do ──────────────────────────────────────────────────────────────────────────────────


def lock(f: Combatant, m: MoveProfile) -> str | None:
    level = tier(f)
    if not level:
        return None
    barred = (
        (m.kind == "special" and level >= 2)
        or (m.kind == "super" and level >= 3)
        or (m.kind == "basic" and level >= 5)
        or (m.kind == "command" and level >= 6)
    )
    # ruling: at tier 6 the Command Moves (Recover Prop, Reload, Detonate) are non-attack actions too (000 L4255)
    return f"{f.id} is suppressed: {m.name} is out of reach" if barred else None


def check_action(ctx: Turn, f: Combatant, kind: ActionType, movement: int, key: str) -> None:
    level, stuck = f.suppressed
    if stuck and (movement or kind is ActionType.move):
        ctx.fail(
            "SUPPRESSION_RESTRICTED",
            f"decisions.{key}.movement",
            f"{key}: {f.id} is suppressed and cannot move.",
            key=key,
        )
    if level >= 6 and kind in _NON_ATTACK:
        ctx.fail(
            "SUPPRESSION_RESTRICTED", f"decisions.{key}", f"{key}: {f.id} is suppressed: no {kind.value}.", key=key
        )


@register
class Suppression(Element):
    """A Suppression on him: its tier and movement lock (000 L4239–L4263)."""

    effects = frozenset({"suppression"})
    entries = frozenset({"suppression"})
    order = 70

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def link(self, ctx: Turn, f: Combatant, path: str, e: Effect) -> None:
        link(ctx, f, path, e)

    def fold(self, prof: Profile, f: Combatant) -> Profile:
        return fold(prof, f.suppressed[0])
