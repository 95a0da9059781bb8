"""C–D: declaring an attack or a Utility action with moves: the moves named, their kinds, Control and its Fighting
Spirit, charges and Super Energy, the target and what keeps it out of reach (000 L5591–L5644, L2267–L2269)."""

from __future__ import annotations

from dataclasses import replace

from ...catalogue.records import OnlyWhile
from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, Choice, DecisionValue
from ..elements import (
    access,
    charge,
    limited_use,
    ongoing,
    sidestep_setup,
    super_energy,
    super_jump,
    super_only,
    techniques,
    transformations,
)
from ..elements.interrupts import triggered
from ..elements.power_up import power_up_elements
from ..protocol.names import Part, Point
from ..registry import elements
from ..registry.features import (
    COMBO_CHECKED,
    COMBO_COST,
    DOWNED_TARGET_CHECKED,
    HAZARD_MAKING_CHECKED,
    HAZARD_NEEDS_CHECKED,
    IN_PIT,
    MAY_STRIKE_DOWNED,
    SEQUENCE_CHECKED,
    SIDESTEP_ONLY,
    THROW_SEALED,
    UNENGAGED,
    UNTOUCHABLE,
)
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import Heals, MoveProfile, MoveTrait, Use
from ..state.turn import Turn
from .c_declared_movement import check_movement
from .f_response_attacks import heal_target as _heal_target


def target_of(ctx: Turn, f: Combatant, ident: str | None, key: str) -> Combatant:
    if ident is None:
        opp = ctx.opponents(f)
        if len(opp) == 1 and not IN_PIT.fn(opp[0]):
            return opp[0]
        ident = opp[0].id if len(opp) == 1 else None
    if ident is None:
        ctx.fail("DECISION_INVALID", f"decisions.{key}.target", f"{key}: name the target.", key=key)
    t = ctx.fighters.get(ident)  # type: ignore[arg-type]
    if t is None:
        ctx.fail("UNKNOWN_FIGHTER", f"decisions.{key}.target", f"{key}: no fighter '{ident}'.", key=key)
    assert t is not None
    if t.defeated or t.side == f.side or IN_PIT.fn(t) or t.tag_waiting:  # waiting partner: out of the fight
        ctx.fail(
            "TARGET_UNAVAILABLE", f"decisions.{key}.target", f"{key}: {t.id} cannot be attacked by {f.id}.", key=key
        )

    if UNENGAGED.fn(f, t):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"decisions.{key}.target",
            f"{key}: {f.id} chose to keep clear of the invisible {t.id} this turn.",
            key=key,
        )  # 000 L3591
    if THROW_SEALED.fn(ctx, f, t):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"decisions.{key}.target",
            f"{key}: {t.id} is locked in a Multi-Part Throw or a Sustained Hold; nobody else can reach him.",
            key=key,
        )  # 000 L3769
    return t


def nearest(ctx: Turn, f: Combatant) -> Combatant:
    return min(ctx.opponents(f), key=lambda o: ctx.distance(f, o))


def declare_move(
    ctx: Turn, f: Combatant, d: DecisionValue, key: str, kind: ActionType, n: int, toward: bool, simultaneous: bool
) -> Plan:
    path = f"decisions.{key}"
    ids = d.moves or []
    if not ids:
        ctx.fail("DECISION_INVALID", f"{path}.moves", f"{key}: name the move or the Combo.", key=key)
    moves = _declared_moves(ctx, f, ids, path, key)
    SEQUENCE_CHECKED.fn(ctx, f, moves, f"{path}.moves", key)
    access.check(ctx, f, moves, f"{path}.moves", key)
    prepare, extra_damage, extra_acc = _extended(ctx, f, moves, key, simultaneous)

    if not prepare and triggered.arms(ctx, f, moves, key):
        prepare = OngoingEffectId.triggered_interrupt  # used as an action it is only armed (000 L4404)
    offensive = [m for m in moves if m.offensive]
    _check_move_kinds(ctx, f, kind, moves, offensive, simultaneous, path, key)
    cost, control_fs = _control(ctx, f, d, moves, ids, prepare, path, key)
    _check_resources(ctx, f, moves, path, key)
    target, heal_target = _declared_target(ctx, f, d, kind, moves, key)
    extra_acc = _check_target(ctx, f, kind, target, moves, offensive, extra_acc, path, key)
    _check_conditions(ctx, f, kind, moves, offensive, path, key)
    charge.back_ready(ctx, f, moves, n, toward, target, cost, key)
    HAZARD_NEEDS_CHECKED.fn(ctx, f, moves, target, key)
    HAZARD_MAKING_CHECKED.fn(ctx, f, moves, key)
    DOWNED_TARGET_CHECKED.fn(ctx, f, moves, target, key)
    sidestep_setup.check(ctx, f, moves, key)
    plan = Plan(
        kind,
        target,
        moves,
        n,
        toward,
        cost=cost,
        control_fs=control_fs,
        key=key,
        full_offense=bool(d.full_offense),
        prepare=prepare,
        extra_damage=extra_damage,
        extra_acc=extra_acc,
        heal_target=heal_target,
    )
    check_movement(ctx, f, plan, d, key)
    charge.ready(ctx, f, plan)
    return plan


def _declared_moves(ctx: Turn, f: Combatant, ids: list[str], path: str, key: str) -> list[MoveProfile]:
    moves: list[MoveProfile] = []
    for mid in ids:
        m = f.move(mid)
        if m is None or not techniques.usable(ctx, f, m):  # a Basic Move a Technique brings, while held
            ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {f.id} has no move '{mid}'.", key=key)
        assert m is not None
        moves.append(m)
    return moves


def _check_move_kinds(
    ctx: Turn,
    f: Combatant,
    kind: ActionType,
    moves: list[MoveProfile],
    offensive: list[MoveProfile],
    simultaneous: bool,
    path: str,
    key: str,
) -> None:
    """An attack has an Offensive move, a Utility action none; Counters only answer; Combos are checked."""
    if kind is ActionType.attack and not offensive:
        ctx.fail("UTILITY_MOVE_IS_NOT_AN_ATTACK", f"{path}.moves", f"{key}: no Offensive move in the attack.", key=key)
    if kind is ActionType.utility and offensive:
        ctx.fail(
            "UTILITY_MOVE_IS_NOT_AN_ATTACK",
            f"{path}.moves",
            f"{key}: a Utility action has only Utility moves.",
            key=key,
        )
    for m in moves:
        if m.withheld(Use.attack) or SIDESTEP_ONLY.fn(m):
            ctx.fail(
                "COUNTER_MOVE_AS_ATTACK",
                f"{path}.moves",
                f"{key}: {m.name} works only as a Defensive Response.",
                key=key,
            )
    if len(moves) > 1:
        if simultaneous:
            ctx.fail(
                "SIMULTANEOUS_COMBO_FORBIDDEN",
                f"{path}.moves",
                f"{key}: no Combos in simultaneous Initiative.",
                key=key,
            )
        COMBO_CHECKED.fn(ctx, f, moves, key)


def _control(
    ctx: Turn,
    f: Combatant,
    d: DecisionValue,
    moves: list[MoveProfile],
    ids: list[str],
    prepare: str,
    path: str,
    key: str,
) -> tuple[int, int]:
    """The Control the declared moves need and the Fighting Spirit spent on Control above the roll."""
    cost = COMBO_COST.fn(moves) if len(moves) > 1 else moves[0].level
    cost += sum(1 for m in moves if power_up_version(m) == "life_bar")  # one more Control (000 L3860)
    cost += held_wind_up(f, ids)
    if prepare:
        cost = moves[0].level
    control_fs = d.fs or 0
    if control_fs:
        if not f.natural_12:
            ctx.fail(
                "FS_CONTROL_WITHOUT_NATURAL_12",
                f"{path}.fs",
                f"{key}: Control above the roll needs a natural 12 on a d12.",
                key=key,
            )
        if control_fs > f.pl or control_fs > f.fs:
            ctx.fail(
                "FS_EXCEEDS_POWER_LEVEL" if control_fs > f.pl else "FS_INSUFFICIENT",
                f"{path}.fs",
                f"{key}: {control_fs} FS on Control is too much.",
                key=key,
            )
    if cost > f.control + control_fs:
        ctx.fail(
            "INSUFFICIENT_CONTROL", f"{path}.moves", f"{key}: {cost} Control needed; {f.id} has {f.control}.", key=key
        )
    return cost, control_fs


def held_wind_up(f: Combatant, ids: list[str]) -> int:
    """+2 Control for the moves while a Wind Up is held, but for the held move opening them (000 L4451); a turn with
    Thugs asks it too (000 L6646)."""
    return 2 if any(e.id == OngoingEffectId.wind_up and e.move not in ids[:1] for e in f.ongoing) else 0


def _check_resources(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """Limited Use charges, Super-only and Beast Form moves, and the Super Energy the moves cost."""
    empty = limited_use.check_charges(f, moves)
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{path}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    super_only.usable(ctx, f, moves, f"{path}.moves", key)
    transformations.usable(ctx, f, moves, f"{path}.moves", key)
    se_need = sum(
        super_only.cost(ctx, f, m)
        for m in moves
        if m.is_super or super_energy.se_rule(m, super_energy.SuperEnergyRule.spends)
    )
    if se_need > f.se:
        ctx.fail(
            "INSUFFICIENT_SUPER_ENERGY",
            f"{path}.moves",
            f"{key}: {se_need} Super Energy needed; {f.id} has {f.se}.",
            key=key,
        )


def _declared_target(
    ctx: Turn, f: Combatant, d: DecisionValue, kind: ActionType, moves: list[MoveProfile], key: str
) -> tuple[Combatant | None, Combatant | None]:
    """(the target, whom Heal Others heals)."""
    healer = next((m for m in moves if m.heals(Heals.others)), None)
    heal_target = None
    if kind is ActionType.utility and healer is not None:
        heal_target = _heal_target(ctx, f, healer, d.target, key)
        target = nearest(ctx, f) if ctx.opponents(f) else None
    else:
        target = (
            target_of(ctx, f, d.target, key)
            if kind is ActionType.attack or d.target
            else (nearest(ctx, f) if ctx.opponents(f) else None)
        )
    return target, heal_target


def _check_target(
    ctx: Turn,
    f: Combatant,
    kind: ActionType,
    target: Combatant | None,
    moves: list[MoveProfile],
    offensive: list[MoveProfile],
    extra_acc: dict[str, int] | None,
    path: str,
    key: str,
) -> dict[str, int] | None:
    """Whether the attack can reach its target: Knocked Down, in Free Movement, in a Super Jump."""
    if kind is ActionType.attack and target is not None and not MAY_STRIKE_DOWNED.fn(ctx, f, moves[0], target):
        ctx.fail(
            "TARGET_KNOCKED_DOWN",
            f"{path}.target",
            f"{key}: only a Pursuit attack hits a Knocked Down fighter.",
            key=key,
        )
    if kind is ActionType.attack and target is not None and UNTOUCHABLE.fn(target):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"{path}.target",
            f"{key}: {target.id} is in Free Movement: no attack reaches him.",
            key=key,
        )  # 000 L3380
    if kind is ActionType.attack and target is not None and super_jump.super_jumping(target):
        for m in offensive:
            if not (m.is_special and m.moving.reaches_super_jump):
                ctx.fail(
                    "TARGET_UNAVAILABLE",
                    f"{path}.target",
                    f"{key}: {target.id} is in a Super Jump; only "
                    "Ranged, Aerial, Hard to Evade (or Hits Super Jump) Special Moves reach him.",
                    key=key,
                )
        bonus = max((m.moving.super_jump_accuracy for m in moves), default=0)
        if bonus:
            extra_acc = {**(extra_acc or {}), Part.hits_super_jump: bonus}  # 000 L3474
    return extra_acc


# Moves usable only while an ongoing effect is on their user (End Only, 000 L3276–L3280).
ONLY_WHILE: EntryTable[OnlyWhile] = of_records("only_while", OnlyWhile, lambda found: found[0])


def _check_conditions(
    ctx: Turn,
    f: Combatant,
    kind: ActionType,
    moves: list[MoveProfile],
    offensive: list[MoveProfile],
    path: str,
    key: str,
) -> None:
    """Only When Prone, End Only and Flight's limits on the declared moves."""
    for i, m in enumerate(moves):
        if m.trait(MoveTrait.prone_only) and not any(x.trait(MoveTrait.self_prone) for x in moves[:i]):
            ctx.fail(
                "ONLY_WHEN_PRONE_INVALID",
                f"{path}.moves",
                f"{key}: {m.name} is used only from the ground, in "
                "place of the action a Knock Down takes (or after a Self-Prone move in a Combo).",
                key=key,
            )
    use_conditions(ctx, f, moves, offensive if kind is ActionType.attack else [], f"{path}.moves", key)


def use_conditions(
    ctx: Turn, f: Combatant, moves: list[MoveProfile], offensive: list[MoveProfile], path: str, key: str
) -> None:
    """End Only's Buff in effect (000 L3276–L3280) and the locks his lasting effects put on an attack's Offensive
    moves (Flight's, 000 L3370); a turn with Thugs asks them too (000 L6646)."""
    for m in moves:
        needed = ONLY_WHILE.first(m.entries)
        if needed is not None and not any(e.id == needed.effect for e in f.ongoing):
            ctx.fail(needed.code, path, f"{key}: " + needed.message.format(move=m.name), key=key)
    if offensive:
        for lock in elements.USE_LOCK.hooks:  # a lasting effect's lock: flying (000 L3370) …
            lock(ctx, f, offensive, path, key)


def _extended(
    ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str, simultaneous: bool
) -> tuple[str, int, dict[str, int] | None]:
    """Set Up and Wind Up (000 L4123–L4131, L4443–L4451): readying the move, or using the readied one.
    A readied Wind Up counts as an L1 move (``moves`` is changed in place) and hits harder."""
    if f.prof.traits.isdisjoint(_EXTENDED):
        return "", 0, None
    first = moves[0]
    path = f"decisions.{key}.moves"
    if any(m.trait(MoveTrait.slow_startup) for m in moves):
        if len(moves) > 1 or simultaneous:
            ctx.fail(
                "RULE_UNSUPPORTED",
                path,
                f"{key}: a Slow Startup move in a Combo or a simultaneous exchange is not resolved yet; use it alone.",
                key=key,
            )
        return OngoingEffectId.slow_startup, 0, None
    if first.trait(MoveTrait.set_up):
        armed = ongoing.active(f, OngoingEffectId.set_up, first.id)
        if armed is None:
            if len(moves) == 1 and not simultaneous:
                return OngoingEffectId.set_up, 0, None
        else:
            if armed.since is not None and ctx.turn - armed.since < 2:
                ctx.fail(
                    "SET_UP_CONSECUTIVE_TURNS",
                    path,
                    f"{key}: {first.name} was readied last turn; a turn must pass between its uses.",
                    key=key,
                )
            # Powerless: its extra damage (000 L4141); the +2 Accuracy is in the move's own Accuracy (000 L4131)
            return "", access.primed_damage(first), None
    if first.trait(MoveTrait.wind_up):
        held = ongoing.active(f, OngoingEffectId.wind_up, first.id)
        if held is not None:
            passed = max((held.since or 0) - ctx.time_count, 0)
            moves[0] = replace(first, level=1)  # used later as an L1 move (000 L4449)
            return "", min(passed // 3, first.level * 3), None
        if len(moves) == 1 and not simultaneous:
            _, d = ctx.decide(
                f.id,
                Point.wind_up,
                "B.1",
                f"{f.id}: strike with {first.name} now, or hold it for a "
                "later turn (it gains +1 damage for every 3 Time Count).",
                DecisionValue(choice=Choice.act),
            )
            if d.choice is Choice.hold:
                return OngoingEffectId.wind_up, 0, None
    return "", 0, None


_EXTENDED = frozenset({MoveTrait.slow_startup, MoveTrait.set_up, MoveTrait.wind_up})


def power_up_version(m: MoveProfile) -> str:
    if not power_up_elements.powered(m, power_up_elements.PowerUp.powers_up):
        return ""
    # the version its Power Up entry chose at design (its ``version`` option), the Control one unless said
    chosen = (m.options.get(e, {}).get("version") for e, _ in power_up_elements.POWER_UPS.found(m.entries))
    return str(next((v for v in chosen if v), None) or "control")
