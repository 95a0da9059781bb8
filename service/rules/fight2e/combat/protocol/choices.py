"""The turn protocol a client drives: every pending decision lists complete, legal values to send back.

A decision point that has no list of its own gets one here from its default: the opposite word of a yes/no
choice, every Fighting Spirit spend the fighter can make at that point, and so on. The default is always one of
the choices (or absent), and `respond` and `act` mean the same thing everywhere ("use it").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol.models import ChoiceOption as CoreChoice
from ....core.protocol.models import DecisionNeeded
from ....core.protocol.steps import jsonable
from ..contract.models import ActionType, Asked, Choice, ChoiceOption, DecisionValue, Direction
from .names import Point

if TYPE_CHECKING:  # the turn's state imports this module: its fighter is named in annotations only
    from ..state.combatant import Combatant

# the other answers to a point whose default is one of these words
_PARTNERS: dict[Choice, tuple[Choice, ...]] = {
    Choice.pass_: (Choice.act,),
    Choice.act: (Choice.pass_,),
    Choice.stay: (Choice.toward, Choice.away),
    Choice.toward: (Choice.away,),
    Choice.stand: (Choice.reversal,),
    Choice.continue_: (Choice.cash_in,),
}

# points whose "act" needs a move of the fighter's own: offered once per move he could use
_WITH_MOVE = frozenset(
    {
        "reaction",
        "interrupt_move",
        "invincible_interrupt",
        Point.triggered_interrupt,
        Point.tag_counter,
        "strike_through",
    }
)
# points whose yes/no choice is act/hold rather than act/pass
_HOLD = frozenset({"act_or_hold"})


def normalise(value: DecisionValue) -> DecisionValue:
    """`respond` is accepted as a synonym of `act` (one vocabulary: act = use it, pass = do not)."""
    if value.choice is Choice.respond:
        return value.model_copy(update={"choice": Choice.act})
    return value


def _opt(value: DecisionValue, text: str, fs: int = 0, control: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=fs, control=control, text=text, can_hit=None)


def _fs_options(f: Combatant | None, field: str, signed: bool) -> list[ChoiceOption]:
    cap = min(f.fs, f.pl) if f is not None else 0
    low = -cap if signed else 0
    return [
        _opt(DecisionValue(**{field: n}), f"{n:+d} FS" if signed else f"{n} FS", fs=abs(n)) for n in range(low, cap + 1)
    ]


def _from_default(point: str, default: DecisionValue, f: Combatant | None) -> list[ChoiceOption]:
    out = [_opt(default, "the default")]
    if default.choice is not None:
        words = (Choice.hold,) if point in _HOLD else _PARTNERS.get(default.choice, ())
        for w in words:
            if w is Choice.act and point in _WITH_MOVE and f is not None:
                attack = ActionType.attack if point == "interrupt_move" else None
                out += [
                    _opt(
                        DecisionValue(choice=Choice.act, action=attack, moves=[m.id]),
                        f"act with {m.name}",
                        control=m.level,
                    )
                    for m in f.prof.moves.values()
                    if m.offensive and m.level <= max(f.control, 0)
                ]
            else:
                out.append(_opt(DecisionValue(choice=w), w.value))
    elif default.fs == 0 and _only(default, "fs"):
        out = _fs_options(f, "fs", signed=False)
    elif default.amount == 0 and _only(default, "amount") and point == "time_fs":
        out = _fs_options(f, "amount", signed=True)
    elif default.direction is not None and _only(default, "direction"):
        out += [_opt(DecisionValue(direction=d), d.value) for d in Direction if d is not default.direction]
    return out


def _only(value: DecisionValue, name: str) -> bool:
    return all(v is None for k, v in value if k != name)


def complete(
    point: str, default: DecisionValue | None, choices: list[ChoiceOption], f: Combatant | None
) -> list[ChoiceOption]:
    """Non-empty choices with the default among them (first when it was missing)."""
    out = [
        c if c.value.choice is not Choice.respond else c.model_copy(update={"value": normalise(c.value)})
        for c in choices
    ]
    if default is not None:
        default = normalise(default)
        if not out:
            return _from_default(point, default, f)
        if all(c.value != default for c in out):
            out.insert(0, _opt(default, "the default"))
    return out


def refusal(point: str, default: DecisionValue | None, value: DecisionValue) -> str | None:
    """Why ``value`` cannot answer a point that lists no choices of its own and reads one field only (a Fighting
    Spirit spend, the Time Roll's `amount`, a direction), or None: a value without that field would be read as the
    default and dropped without a word, so it is refused (issue 31). Word points (act/pass …) read their value in
    the rules, which refuse what they cannot use with their own codes."""
    if default is None or default.choice is not None:
        return None
    for name in ("fs", "amount", "direction"):
        if getattr(default, name) is not None and _only(default, name):
            return f"this decision takes `{name}`." if getattr(value, name) is None else None
    return None


def offered(asked: Asked) -> DecisionNeeded:
    """A decision as the answer states it: the core's ``DecisionNeeded``, every choice a JSON value to send back,
    its costs by resource (`fs` Fighting Spirit, `control`) when it has any."""
    return DecisionNeeded.model_construct(
        key=asked.key,
        fighter=asked.fighter,
        point=asked.point,
        step=asked.step,
        text=asked.text,
        choices=[
            CoreChoice.model_construct(
                value=jsonable(c.value),
                text=c.text,
                costs={k: v for k, v in (("fs", c.fs), ("control", c.control)) if v},
                can_hit=c.can_hit,
            )
            for c in asked.choices
        ]
        or [_nothing()],
        default=jsonable(asked.default) if asked.default is not None else None,
        provisional=asked.provisional,
    )


def _nothing() -> CoreChoice:
    """The choice of a point whose rules list none (never empty: doing nothing is always an answer)."""
    return CoreChoice.model_construct(value={}, text="nothing", costs={}, can_hit=None)
