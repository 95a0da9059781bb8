"""Invisibility and Maintain Effect (000 L3589–L3605).

After the move is used, the next turn's Initiative and/or Control dice of the opponents who engage the user are
smaller by the design's die sizes; a hit on the user before then cancels it. With Maintain Effect it goes on,
turn after turn, until the user is hit.

State (``ongoing_effects``): ``invisibility`` with ``move`` (the move used) and ``since`` (the turn it was used).
Decision: ``T{turn}.{opponent}.engage_invisible`` (``act`` engages, ``pass`` keeps away), asked before the
Initiative rolls when there are several opponents; one lone opponent always engages.
"""

from __future__ import annotations

from ..contract.models import Choice, DecisionValue
from ..registry import features
from ..registry.elements import at
from ..state.combatant import Combatant, Effect
from ..state.entry_tables import EntryTable
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of
from .vocabulary import LogKey

ENTRY = entry_of(MoveTrait.invisibility)
# Whether the penalty goes on turn after turn until the user is hit (else only the turn after the move).
UNTIL_HIT: EntryTable[bool] = EntryTable(
    "invisibility_lasts",
    {ENTRY: False, entry_of(MoveTrait.maintains_invisibility): True},  # 000 L3591–L3597, L3599–L3603
)


def _maintained(m: MoveProfile) -> bool:
    return any(v for _, v in UNTIL_HIT.found(m.entries))


def _steps(m: MoveProfile, name: str) -> int:
    try:
        return max(int(str(m.options.get(ENTRY, {}).get(name) or 0)), 0)
    except ValueError:
        return 0


def start(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The move was used (hit or miss: Always): the effect waits for the next turn."""
    if not m.has(ENTRY):
        return
    f.ongoing = [e for e in f.ongoing if e.id != ENTRY]
    f.ongoing.append(Effect(ENTRY, m.id, None, ctx.turn))
    ctx.note(
        "G",
        f.id,
        f"{m.name}: {f.id} fades from sight; from next turn his opponents' Initiative is "
        f"{_steps(m, 'initiative_steps')} and Control {_steps(m, 'control_steps')} die size(s) smaller"
        + (" until he is hit." if _maintained(m) else " (for that turn), unless he is hit first."),
        "000 L3591–L3597",
        {"move": m.id},
        {LogKey.invisibility: True},
    )


def hit(ctx: Turn, d: Combatant) -> None:
    """A hit ends it: before the next turn it never works; with Maintain Effect it stops (000 L3591, L3597)."""
    if any(e.id == ENTRY for e in d.ongoing):
        d.ongoing = [e for e in d.ongoing if e.id != ENTRY]
        ctx.note("E.6", d.id, f"{d.id} is hit: his Invisibility is gone.", "000 L3591, L3597")


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    m = f.move(eff.move) if eff.move else None
    if m is None or not m.has(ENTRY) or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: an Invisibility needs its move and the turn it was used (since).",
        )
    f.ongoing.append(Effect(ENTRY, eff.move, None, eff.since))


def hindrance(ctx: Turn, f: Combatant) -> tuple[int, int] | None:
    """The (Initiative, Control) die sizes the invisible ``f`` takes this turn from the opponents engaging him, or
    None when he is not invisible now (used on an earlier turn, not hit since: 000 L3591); a turn with Thugs asks
    it for its groups (000 L6646)."""
    e = next((x for x in f.ongoing if x.id == ENTRY), None) if f.ongoing else None
    m = f.move(e.move) if e is not None and e.move else None
    if e is None or m is None or e.since is None or e.since >= ctx.turn or not f.active:
        return None
    return _steps(m, "initiative_steps"), _steps(m, "control_steps")


@at("initiative_dice", 10)  # opponents engaging an invisible fighter roll smaller dice (000 L3591)
def hinder(ctx: Turn) -> None:
    """Before the Initiative rolls: each opponent engages or keeps clear of the invisible fighter (000 L3591)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        steps = hindrance(ctx, f)
        if steps is None:
            continue
        ini, ctl = steps
        foes = ctx.opponents(f)
        for o in foes:
            engage = True
            if len(foes) > 1:
                # ruling: engaging is the usual way to fight on, so it is the default (000 L3591)
                _, dv = ctx.decide(
                    o.id,
                    "engage_invisible",
                    "A.1",
                    f"{o.id}: engage the invisible {f.id} (smaller "
                    "dice) or keep clear of him (no attack, Response, Reaction or Hold against "
                    "him this turn).",
                    DecisionValue(choice=Choice.act),
                )
                engage = dv.choice is not Choice.pass_
            if not engage:
                o.unengaged.add(f.id)
                ctx.note("A.1", o.id, f"{o.id} keeps clear of the invisible {f.id} this turn.", "000 L3591")
                continue
            if ini:
                o.next_dice.append(("initiative", -ini, LogKey.invisibility))
            if ctl:
                o.next_dice.append(("control", -ctl, LogKey.invisibility))
            ctx.note(
                "A.1",
                o.id,
                f"{o.id} engages the invisible {f.id}: Initiative −{ini}, Control −{ctl} die size(s).",
                "000 L3591–L3592",
                {"initiative_steps": ini, "control_steps": ctl},
            )


def tick(ctx: Turn, f: Combatant, e: Effect) -> list[Effect]:
    """Kept for the following turn; after it only with Maintain Effect (and never past the round)."""
    m = f.move(e.move) if e.move else None
    if ctx.round_over or m is None:
        return []
    if e.since is not None and e.since < ctx.turn and not _maintained(m):
        ctx.note("H.3", f.id, f"{f.id}'s Invisibility wears off.", "000 L3592")
        return []
    return [e]


@features.UNENGAGED
def blocked(o: Combatant, target: Combatant) -> bool:
    """``o`` chose not to engage the invisible ``target``: he cannot act on him this turn (000 L3591)."""
    return target.id in o.unengaged
