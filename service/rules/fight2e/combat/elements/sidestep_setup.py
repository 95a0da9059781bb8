"""Sidestep Setup: the move is usable only right after a successful Sidestep, that turn or the next
(000 L4817–L4829). The chance is an ongoing effect ``sidestep_setup`` (``since``: the turn of the Sidestep). It is
lost when he uses any other move or a non-attack action, defends again (unless he answers with the Sidestep Setup
move as his Defensive Response), or is hit into Hit Stun or a Knock Down."""

from __future__ import annotations

from ..contract.models import OngoingEffect
from ..registry.elements import HIT_STUN, Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of
from .vocabulary import LogKey

ENTRY = entry_of(MoveTrait.sidestep_setup)


def _open(ctx: Turn, f: Combatant) -> Effect | None:
    return next((e for e in f.ongoing if e.id == ENTRY and e.since is not None and e.since >= ctx.turn - 1), None)


def _drop(ctx: Turn, f: Combatant, why: str) -> None:
    if f.ongoing and any(e.id == ENTRY for e in f.ongoing):
        f.ongoing = [e for e in f.ongoing if e.id != ENTRY]
        ctx.note("G", f.id, f"{f.id} loses his Sidestep Setup chance ({why}).", "000 L4823–L4829")


def sidestepped(ctx: Turn, d: Combatant) -> None:
    """A successful Sidestep opens the chance for his Sidestep Setup moves."""
    if ENTRY not in d.prof.entry_ids:
        return
    d.ongoing = [e for e in d.ongoing if e.id != ENTRY]
    d.ongoing.append(Effect(ENTRY, None, None, ctx.turn))
    ctx.note(
        "F.2",
        d.id,
        f"{d.id} may follow his Sidestep with a Sidestep Setup move, this turn or the next.",
        "000 L4823",
        {},
        {LogKey.sidestep_setup: ctx.turn},
    )


def check(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str, response: bool = False) -> None:
    """A declared action or Response: a Sidestep Setup move needs the chance open; anything else loses it."""
    uses = bool(moves) and moves[0].has(ENTRY) > 0
    if uses and _open(ctx, f) is None and not (response and f.sidestep_window):
        ctx.fail(
            "SIDESTEP_SETUP_NOT_READY",
            f"decisions.{key}.moves",
            f"{key}: {moves[0].name} comes only right "
            "after a successful Sidestep (that turn or the next), before any other action or defence.",
            key=key,
        )
    if not uses:
        _drop(ctx, f, "another action")


def used(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """An attack under way: a Sidestep Setup move spends the chance, any other move loses it."""
    if ENTRY not in f.prof.entry_ids:
        return
    f.sidestep_window = False
    if moves and moves[0].has(ENTRY):
        f.ongoing = [e for e in f.ongoing if e.id != ENTRY]
        return
    _drop(ctx, f, "another move")


def defending(ctx: Turn, d: Combatant) -> None:
    """He defends: the chance survives only for a Sidestep Setup Defensive Response to this attack."""
    d.sidestep_window = _open(ctx, d) is not None
    _drop(ctx, d, "a defence")


def hit(ctx: Turn, d: Combatant, what: str) -> None:
    """Hit Stun or a Knock Down ends the chance."""
    d.sidestep_window = False
    _drop(ctx, d, what)


def restore(ctx: Turn, f: Combatant, eff: Effect) -> None:
    """From the request: kept only for the turn after the Sidestep."""
    if eff.since is not None and eff.since >= ctx.turn - 1 and ENTRY in f.prof.entry_ids:
        f.ongoing.append(Effect(ENTRY, None, None, eff.since))


def keep(ctx: Turn, e: Effect) -> bool:
    """End of the turn: a chance opened this turn lasts into the next one."""
    return e.since is not None and e.since >= ctx.turn


@register
class SidestepSetup(Element):
    """A Sidestep Setup chance opened this turn (000 L4820–L4830)."""

    effects = frozenset({ENTRY})
    entries = frozenset({"sidestep_setup"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return [e] if keep(ctx, e) and not ctx.round_over else []


@HIT_STUN(30)
def hit_stun(ctx: Turn, f: Combatant) -> None:
    hit(ctx, f, "Hit Stun")  # 000 L4829
