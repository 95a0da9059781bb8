"""Limited Move (000 L4579–L4591): a drawback the player and the Director write for the move. The service cannot
read the written text, so the request says, at each use, whether the drawback comes into play; when it does, the
move loses the Elements the design names as narrowed ("a limited Element"), or, naming none, has no effect at all
on that use (as the book's example, a move useless against some opponents)."""

from __future__ import annotations

from dataclasses import dataclass

from ...catalogue.catalog import catalog
from ..contract.models import Choice, ChoiceOption, DecisionValue
from ..registry.reprice import with_entries
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of

ENTRY = entry_of(MoveTrait.limited_move)


@dataclass(frozen=True)
class Drawback:
    """Where a Limited Move's agreed drawback is written: the option naming the Elements it takes away on a use
    where it applies (none named: the whole move), and the option describing it."""

    elements: str
    description: str


DRAWBACKS: EntryTable[Drawback] = EntryTable("drawback", {ENTRY: Drawback("limited_elements", "description")})
_REF = "000 L4579–L4591"


def _narrowed(m: MoveProfile) -> tuple[str, ...]:
    value = next((m.options.get(e, {}).get(d.elements) for e, d in DRAWBACKS.found(m.entries)), None)
    items = value if isinstance(value, list) else str(value or "").split(",")
    return tuple(str(x).strip() for x in items if str(x).strip())


def _description(m: MoveProfile) -> str:
    text = next((m.options.get(e, {}).get(d.description) for e, d in DRAWBACKS.found(m.entries)), None)
    return str(text or "its written limitation")


def bites(ctx: Turn, f: Combatant, m: MoveProfile, against: Combatant | None) -> bool:
    """Ask whether the limitation comes into play on this use: ``act`` it does, ``pass`` it does not. The book
    gives no default (the drawback is whatever was agreed), so the question is always put."""
    # ruling: the request declares each time whether the agreed limitation applies (000 L4581)
    what = ", ".join(_narrowed(m)) or "the whole move"
    key, dv = ctx.decide(
        f.id,
        ENTRY,
        "D.1",
        f"{m.name} has a Limited Move drawback ('{_description(m)}'): does it "
        + (f"apply against {against.id} " if against else "apply ")
        + f"this time (act: {what} has no effect; pass: it works normally)?",
        None,
        [
            ChoiceOption.model_construct(value=DecisionValue(choice=c), fs=0, control=0, text=t)
            for c, t in ((Choice.act, "the limitation applies"), (Choice.pass_, "it does not"))
        ],
    )
    if dv.choice not in (Choice.act, Choice.pass_):
        ctx.fail(
            "DECISION_INVALID", f"decisions.{key}", f"{key}: choose act (the limitation applies) or pass.", key=key
        )
    return dv.choice is Choice.act


def apply(ctx: Turn, f: Combatant, moves: list[MoveProfile], against: Combatant | None) -> list[MoveProfile] | None:
    """The moves of this use after their limitations: None when one of them comes to nothing (the whole attack
    or Utility action has no effect), else the moves with any narrowed Elements removed."""
    if not DRAWBACKS.any_of(f.prof.entry_ids):
        return moves
    out = list(moves)
    for i, m in enumerate(moves):
        if not DRAWBACKS.found(m.entries) or not bites(ctx, f, m, against):
            continue
        narrowed = _narrowed(m)
        if not narrowed:
            ctx.note(
                "D.1",
                f.id,
                f"{m.name}'s limitation ('{_description(m)}') applies: the move has no effect.",
                _REF,
                {"move": m.id},
            )
            return None
        if any(n not in catalog().entries for n in narrowed):
            ctx.fail(
                "LIMITED_MOVE_ELEMENTS_INVALID",
                f"fighters[{f.index}].sheet.{m.path}",
                f"{m.name}: the narrowed Elements {', '.join(narrowed)} cannot be taken off the move.",
            )
        out[i] = with_entries(ctx, f, m, remove=tuple(n for n in narrowed if m.has(n)))
        ctx.note(
            "D.1",
            f.id,
            f"{m.name}'s limitation applies: no {', '.join(narrowed)} this time.",
            _REF,
            {"move": m.id, "without": list(narrowed)},
        )
    return out
