"""The actions a fighter may declare when his place in the order comes, listed as choices (B–D, 000 L5591–L5644)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from ..contract.models import MAX_CHOICES, MAX_DECISION_MOVES, ActionType, ChoiceOption, DecisionValue, Direction
from ..elements import super_only, tag_team, techniques, transformations
from ..registry.features import COMBO_CHECKED, COMBO_COST, MAY_STRIKE_DOWNED
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait, Profile
from ..state.turn import Invalid, Turn
from .c_declared_movement import allowed_before, move_only_fs
from .d_accuracy import range_ok

# The values every list of choices repeats, built once (the model is frozen, so they are shared).
_MOVE_ONLY = {n: DecisionValue(action=ActionType.move, movement=n) for n in (1, 2, 3)}
_BARE = {kind: DecisionValue(action=kind) for kind in ActionType}
_KEPT = "action_choices"  # this module's name in ``Profile.memo``


@dataclass(frozen=True, eq=False)  # kept by identity: it lives as long as the profile that offers it
class _Run:
    """An attack a profile can offer (one move, or a ready-made Combo): its moves, their ids and names, its Control
    cost, and what the choices read of its moves, worked out once."""

    moves: list[MoveProfile]
    ids: tuple[str, ...]
    names: tuple[str, ...]
    cost: int
    gated: bool  # a Gated Combo move: checking it reports the unchecked gate (``check_combo``), so it is never kept
    no_movement: bool  # a move with No Movement: no closing in before it

    @classmethod
    def of(cls, moves: list[MoveProfile]) -> _Run:
        return cls(
            moves,
            tuple(m.id for m in moves),
            tuple(m.name for m in moves),
            COMBO_COST.fn(moves),
            any("gated" in m.combo_keywords for m in moves),
            any(m.trait(MoveTrait.no_movement) for m in moves),
        )


@dataclass
class _Offers:
    """What a profile offers, worked out the first time and kept with the profile (``Profile.memo``): the moves that
    can be an action, the Combos each attacking move opens (longest last), and every choice built so far, keyed on
    its builder and every value the builder reads. Each turn only selects among them by its own state."""

    actionable: tuple[tuple[MoveProfile, ActionType, _Run], ...]
    runs: tuple[tuple[_Run, ...], ...]
    kept: dict[tuple[object, ...], ChoiceOption] = field(default_factory=dict)
    legal: dict[_Run, bool] = field(default_factory=dict)  # ``check_combo`` reads the moves and the Combo Skill only


def _offers(f: Combatant) -> _Offers:
    memo = f.prof.memo
    found: _Offers | None = memo.get(_KEPT)
    if found is None:
        found = memo[_KEPT] = _Offers(_actionable(f.prof), _runs(f.prof))
    return found


def _actionable(prof: Profile) -> tuple[tuple[MoveProfile, ActionType, _Run], ...]:
    return tuple(
        (m, ActionType.attack if m.offensive else ActionType.utility, _Run.of([m]))
        for m in prof.moves.values()
        if (m.offensive or m.utility) and not m.trait(MoveTrait.counter)
    )


def _runs(prof: Profile) -> tuple[tuple[_Run, ...], ...]:
    """Each attacking move opening (a Throw closing) a run of 1, 2 … Basic Moves, as far as the Combo Skill and a
    decision's length allow: the candidates ``_combo_choices`` offers when Control and the rules allow them."""
    basic = prof.moves.get("basic_move")
    if basic is None or prof.combo < 2:
        return ()
    out = []
    for m in prof.moves.values():
        if not m.offensive or m.is_super or m.trait(MoveTrait.counter):
            continue
        runs = []
        for n in range(1, min(prof.combo, MAX_DECISION_MOVES)):  # no longer than a decision can name
            runs.append(_Run.of([basic] * n + [m] if m.throw else [m] + [basic] * n))
        out.append(tuple(runs))
    return tuple(out)


def _kept(offers: _Offers, build: Callable[..., ChoiceOption], *args: Hashable) -> ChoiceOption:
    """``build(*args)``, built once per profile: a builder reads nothing but its arguments."""
    key = (build, *args)
    found = offers.kept.get(key)
    if found is None:
        found = offers.kept[key] = build(*args)
    return found


def _walk(n: int, fs: int) -> ChoiceOption:
    text = f"move {n} Range{'s' if n > 1 else ''}" + (" (+1 to every Defense Total this turn)" if n == 1 else "")
    return ChoiceOption.model_construct(value=_MOVE_ONLY[n], fs=fs, control=0, text=text)


def _bare(kind: ActionType, text: str) -> ChoiceOption:
    return ChoiceOption.model_construct(value=_BARE[kind], fs=0, control=0, text=text)


def _unaimed(kind: ActionType, move: str, name: str, level: int) -> ChoiceOption:
    value = DecisionValue(action=kind, moves=[move])
    return ChoiceOption.model_construct(value=value, fs=0, control=level, text=f"{kind.value}: {name} (L{level})")


def _aimed(kind: ActionType, move: str, name: str, level: int, target: str | None, reach: bool) -> ChoiceOption:
    text = (
        f"{kind.value}: {name} (L{level})"
        + (f" at {target}" if target is not None else "")
        + ("" if reach else " (out of reach from here)")
    )
    value = DecisionValue(action=kind, moves=[move], target=target)
    return ChoiceOption.model_construct(value=value, fs=0, control=level, can_hit=reach, text=text)


def _combo(run: _Run, reach: bool) -> ChoiceOption:
    value = DecisionValue(action=ActionType.attack, moves=list(run.ids))
    text = "Combo: " + " + ".join(run.names)
    return ChoiceOption.model_construct(value=value, fs=0, control=run.cost, can_hit=reach, text=text)


def _closer(run: _Run, n: int, foe: str, named: bool, fs: int) -> ChoiceOption:
    value = DecisionValue(
        action=ActionType.attack,
        moves=list(run.ids),
        movement=n,
        direction=Direction.toward,
        target=foe if named else None,
    )
    text = f"move {n} toward {foe}, then " + " + ".join(run.names)
    return ChoiceOption.model_construct(value=value, fs=fs, control=run.cost, can_hit=True, text=text)


_TAIL = (
    (ActionType.refocus, "Refocus (1d4 + half Power Level FS)"),
    (ActionType.power_up, "Power Up (+1d6 Super Energy)"),
    (ActionType.await_opening, "Await Opening"),
)


def action_choices(ctx: Turn, f: Combatant, simultaneous: bool = False) -> list[ChoiceOption]:
    """The single-move actions he can afford, each a complete value; an attack names its target when there is more
    than one opponent and says whether it reaches at the distance as it stands (``can_hit``)."""

    offers = _offers(f)
    out = [_kept(offers, _walk, n, move_only_fs(f, n)) for n in (1, 2, 3)]
    foes = ctx.opponents(f)
    named = len(foes) > 1
    for m, kind, alone in offers.actionable:
        if m.level > f.control or not techniques.usable(ctx, f, m):
            continue
        if kind is ActionType.utility or not foes:
            out.append(_kept(offers, _unaimed, kind, m.id, m.name, m.level))
            continue
        if m.is_super and f.se < super_only.cost(ctx, f, m):
            continue  # not enough Super Energy (000 L5281)
        for o in foes:
            if not MAY_STRIKE_DOWNED.fn(ctx, f, m, o):
                continue
            reach = range_ok(m, ctx.distance(f, o))
            out.append(_kept(offers, _aimed, kind, m.id, m.name, m.level, o.id if named else None, reach))
            if not reach:
                out += _closing_in(ctx, f, offers, alone, o, named)
    if simultaneous:  # the exchange's choices are those of an ordinary action (no Combos, 000 L5517)
        return out + [_kept(offers, _bare, kind, kind.value) for kind, _ in _TAIL]
    tail = [_kept(offers, _bare, kind, text) for kind, text in _TAIL]
    idle = "do nothing" + (" (+2 Control steps next turn)" if idle_bonus(f) else "")
    tail.append(_kept(offers, _bare, ActionType.none, idle))
    tail += transformations.choices(ctx, f) + tag_team.choices(ctx, f)
    if foes:
        out += _combo_choices(ctx, f, offers, foes, room=MAX_CHOICES - len(out) - len(tail))
    return out + tail


def _closing_in(ctx: Turn, f: Combatant, offers: _Offers, run: _Run, o: Combatant, name: bool) -> list[ChoiceOption]:
    """The same attack after the fewest Ranges of movement toward ``o`` that bring it in reach (Range mode; none
    for a move with No Movement)."""

    if ctx.band_mode or run.no_movement:
        return []
    dist = ctx.distance(f, o)
    lo, hi = allowed_before(run.moves[0])  # only the movement the move allows before it (000 L2377–L2391)
    for n in range(max(1, lo), hi + 1):
        if n <= dist and range_ok(run.moves[0], dist - n):
            return [_kept(offers, _closer, run, n, o.id, name, move_only_fs(f, n))]
    return []


def _combo_choices(ctx: Turn, f: Combatant, offers: _Offers, foes: list[Combatant], room: int) -> list[ChoiceOption]:
    """A few ready-made Combos: each attacking move he can afford opening (or, for a Throw, closing) a run of Basic
    Moves, as long as his Combo Skill and Control allow it and the Combo is legal. Any other legal Combo may be sent
    as well; these are offered so that a client can pick one without building it, so they fill only the ``room``
    the answer's bound on choices leaves after the single actions (a high Combo Skill would list hundreds)."""

    out: list[ChoiceOption] = []
    o = foes[0]
    for runs in offers.runs:
        for run in runs:
            if len(out) + 2 > room:  # this Combo and the move closing in to it might not fit
                return out
            if run.cost > f.control or not all(techniques.usable(ctx, f, x) for x in run.moves):
                break
            if not _legal(ctx, f, offers, run):
                break
            if not MAY_STRIKE_DOWNED.fn(ctx, f, run.moves[0], o):
                break
            reach = range_ok(run.moves[0], ctx.distance(f, o))
            out.append(_kept(offers, _combo, run, reach))
            if not reach:
                out += _closing_in(ctx, f, offers, run, o, len(foes) > 1)
    return out


def _legal(ctx: Turn, f: Combatant, offers: _Offers, run: _Run) -> bool:
    """Whether the Combo is legal (``check_combo``, its violation taken back), checked once per profile."""
    found = offers.legal.get(run)
    if found is not None:
        return found
    mark = len(ctx.violations)
    try:
        COMBO_CHECKED.fn(ctx, f, run.moves, "combo")
        legal = True
    except Invalid:
        del ctx.violations[mark:]
        legal = False
    if not run.gated:
        offers.legal[run] = legal
    return legal


def idle_bonus(f: Combatant) -> bool:
    """Hit-Stunned with Control left when his action comes: doing nothing earns the Control bonus (000 L5942)."""
    return f.hit_stun and f.control > 0
