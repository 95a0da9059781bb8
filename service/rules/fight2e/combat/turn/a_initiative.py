"""Step A: Fighting Spirit on Initiative and Control, the rolls, the leader's +1 and the order of action
(000 L5386–L5391, L5491–L5513, L5515–L5589)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import NO_FS, NO_INIT_CTRL, Choice, ChoiceOption, DecisionValue
from ..state.combatant import Combatant
from ..state.turn import Turn, die_for_step

D12 = 3  # step of 1d12 (digest §0)
FIXED_1 = -3


def declaration_order(ctx: Turn) -> list[Combatant]:
    """Ascending Power Level, then ascending Speed (000 L5507); remaining ties in request order (the book's
    1d6 only orders live declarations, which a request carries all at once)."""
    active = [ctx.fighters[i] for i in ctx.order if ctx.fighters[i].active]
    return sorted(active, key=lambda f: (f.pl, f.prof.speed))


def _either_split(ctx: Turn, f: Combatant, either: int) -> tuple[int, int]:
    """Share the 'Initiative or Control' steps (Full Defense +1, Full Offense −1 …; 000 L5722, L5739)."""
    if either == 0:
        return 0, 0
    size = abs(either)
    sign = 1 if either > 0 else -1
    default = DecisionValue(init=0, ctrl=size) if either > 0 else DecisionValue(init=size, ctrl=0)
    key, d = ctx.decide(
        f.id, "die_either_alloc", "A.1", f"{f.id}: put the {either:+d} die step(s) on Initiative or Control.", default
    )
    init = d.init if d.init is not None else size - (d.ctrl or 0)
    if not 0 <= init <= size or (d.ctrl is not None and init + d.ctrl != size):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: init + ctrl must equal {size}.", key=key)
    return sign * init, sign * (size - init)


def _await_cash_in(ctx: Turn, f: Combatant, init_base: int, ctrl_base: int) -> tuple[int, int]:
    """Await Opening: k successful turns give k × PL steps, capped at 1d12, overflow to Accuracy (000 L6045–L6049)."""
    if f.await_count <= 0:
        return 0, 0
    total = f.await_count * f.pl
    room_i, room_c = max(D12 - init_base, 0), max(D12 - ctrl_base, 0)
    default = DecisionValue(choice=Choice.cash_in, init=min(total, room_i), ctrl=min(max(total - room_i, 0), room_c))
    key, d = ctx.decide(
        f.id,
        "await_opening",
        "A.1",
        f"{f.id}: cash in {f.await_count} successful Await Opening turn(s) ({total} steps) or keep awaiting.",
        default,
        [_opt(DecisionValue(choice=Choice.continue_), "Keep awaiting this turn."), _opt(default, "")],
    )
    if d.choice is Choice.continue_:
        f.awaiting = True
        ctx.note(
            "A.1",
            f.id,
            f"{f.id} keeps awaiting an opening ({f.await_count} so far).",
            "000 L6049",
            {"count": f.await_count},
        )
        return 0, 0
    init, ctrl = d.init or 0, d.ctrl or 0
    if init + ctrl > total or init > room_i or ctrl > room_c:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: {init}+{ctrl} steps exceed the {total} available or raise a die above 1d12.",
            key=key,
        )
    overflow = total - init - ctrl
    usable = room_i + room_c - init - ctrl
    if overflow > usable and overflow > 0:
        f.pending_acc.append((overflow - max(usable, 0), None, "await_opening"))
    ctx.note(
        "A.1",
        f.id,
        f"{f.id} cashes in Await Opening: +{init} Initiative, +{ctrl} Control steps"
        + (f", +{overflow - max(usable, 0)} Accuracy on his next attack" if overflow > usable else "")
        + ".",
        "000 L6045–L6049",
        {"count": f.await_count, "steps": total},
        {"init": init, "ctrl": ctrl},
    )
    f.await_count = 0
    return init, ctrl


def _opt(value: DecisionValue, text: str, fs: int = 0, control: int = 0):

    return ChoiceOption.model_construct(value=value, fs=fs, control=control, text=text)


def roll_initiative(ctx: Turn) -> None:
    """A.1–A.3 for every active fighter."""
    for f in declaration_order(ctx):
        f.dice_now = list(f.next_dice)
        f.next_dice = []
        init_fixed = sum(s for t, s, _ in f.dice_now if t == "initiative")
        ctrl_fixed = sum(s for t, s, _ in f.dice_now if t == "control")
        either = sum(s for t, s, _ in f.dice_now if t == "either")
        ei, ec = _either_split(ctx, f, either)
        init_base = f.prof.speed_init + init_fixed + ei
        if any(e.id in (OngoingEffectId.slow_startup, OngoingEffectId.sustained_hold) for e in f.ongoing):
            init_base += 2  # two die sizes: a Slow Startup going off, a Sustained Hold's second turn (000 L4846, L4387)
        ctrl_base = f.prof.speed_ctrl + ctrl_fixed + ec
        ai, ac = _await_cash_in(ctx, f, min(init_base, D12), min(ctrl_base, D12))
        init_base += ai
        ctrl_base += ac
        key, d = ctx.decide(
            f.id,
            "fs_init_ctrl",
            "A.1",
            f"{f.id}: Fighting Spirit on Initiative and Control (at most {f.pl} together).",
            NO_INIT_CTRL,
        )
        fi, fc = d.init or 0, d.ctrl or 0
        if fi + fc:
            if f.no_fs_init:
                ctx.fail(
                    "FS_INIT_CONTROL_AFTER_FULL_OFFENSE",
                    f"decisions.{key}",
                    f"{key}: {f.id} used Full Offense last turn and cannot spend FS on Initiative or Control.",
                    key=key,
                )
            if fi + fc > f.pl:
                ctx.fail(
                    "FS_EXCEEDS_POWER_LEVEL",
                    f"decisions.{key}",
                    f"{key}: {fi + fc} FS is more than Power Level {f.pl} allows in one application.",
                    key=key,
                )
            if fi + fc > f.fs:
                ctx.fail("FS_INSUFFICIENT", f"decisions.{key}", f"{key}: {f.id} has only {f.fs} FS.", key=key)
            if (fi and init_base + fi > D12) or (fc and ctrl_base + fc > D12):
                ctx.fail(
                    "FS_DIE_ABOVE_D12",
                    f"decisions.{key}",
                    f"{key}: Fighting Spirit cannot raise a die above 1d12.",
                    key=key,
                )
            f.fs -= fi + fc
        # Ruling A24: other die changes are clamped to [fixed 1, 1d12] as well.
        f.init_step = min(max(init_base + fi, FIXED_1), D12)
        f.ctrl_step = min(max(ctrl_base + fc, FIXED_1), D12)
        ctx.note(
            "A.1",
            f.id,
            f"{f.id} rolls {die_for_step(f.init_step)} Initiative and {die_for_step(f.ctrl_step)} "
            f"Control" + (f", spending {fi + fc} FS" if fi + fc else "") + ".",
            "000 L5503–L5505",
            {
                "fs_init": fi,
                "fs_ctrl": fc,
                "speed_init": f.prof.speed_init,
                "speed_ctrl": f.prof.speed_ctrl,
                "carried": [s for _, s, _ in f.dice_now],
            },
            {"init_die": str(die_for_step(f.init_step)), "ctrl_die": str(die_for_step(f.ctrl_step)), "fs": f.fs},
        )
    for f in declaration_order(ctx):
        idie, cdie = die_for_step(f.init_step), die_for_step(f.ctrl_step)
        f.init = ctx.roll(f.id, "init", idie, "Initiative", "A.2")
        raw = ctx.roll(f.id, "ctrl", cdie, "Control", "A.2")
        f.natural_12 = cdie.sides == 12 and cdie.bonus == 0 and raw == 12
        f.control = raw + f.prof.ctrl_bonus  # 000 L5511
        bonus = 0
        # A.3: last turn's single leader who hit gets +1 (000 L5509–L5511; ruling A11).
        if ctx.opts.leader_bonus and ctx.prev_leader == f.id and ctx.prev_leader_hit:
            bonus = 1
            f.init += 1
        ctx.note(
            "A.2",
            f.id,
            f"{f.id}: Initiative {f.init}"
            + (" (+1 as last turn's leader who hit)" if bonus else "")
            + f", Control {f.control}"
            + (f" ({raw} + {f.prof.ctrl_bonus} Control Bonus)" if f.prof.ctrl_bonus else "")
            + ".",
            "000 L5509–L5511",
            {"init_roll": f.init - bonus, "ctrl_roll": raw, "leader_bonus": bonus},
            {"initiative": f.init, "control": f.control},
        )


def order_groups(ctx: Turn) -> list[list[Combatant]]:
    """Highest Initiative first (000 L5513). Equal totals among opponents form a simultaneous group; allies
    alone at a total act in request order (their choice, 000 L5587)."""
    active = [ctx.fighters[i] for i in ctx.order if ctx.fighters[i].active]
    by_total: dict[int, list[Combatant]] = {}
    for f in active:
        by_total.setdefault(f.init, []).append(f)
    groups: list[list[Combatant]] = []
    for total in sorted(by_total, reverse=True):
        members = by_total[total]
        if len({f.side for f in members}) > 1:
            groups.append(members)
        else:
            groups.extend([f] for f in members)
    highest = max(by_total) if by_total else 0
    top = by_total.get(highest, [])
    ctx.leader = top[0].id if len(top) == 1 else None
    ctx.note(
        "A.4",
        None,
        "Order of action: " + ", ".join("=".join(f.id for f in g) + f" ({g[0].init})" for g in groups) + ".",
        "000 L5513",
        {},
        {"order": ["=".join(f.id for f in g) for g in groups]},
    )
    return groups


def roll_off(ctx: Turn, group: list[Combatant], point: str, purpose: str, ref: str) -> list[Combatant]:
    """A separate Initiative roll between ``group`` (held interrupt, two Supers): each rolls his Initiative die of
    the turn, raised by FS die steps (≤ PL, not above 1d12; ruling A25); ties among the leaders re-roll.
    Decisions ``{point}_fs``, rolls ``{point}_init``. Returns the group, winner first."""
    totals: dict[str, int] = {}
    pending = list(group)
    for _ in range(10):
        for f in pending:
            key, d = ctx.decide(
                f.id,
                f"{point}_fs",
                "A.4",
                f"{f.id}: Fighting Spirit on the Initiative roll-off ({purpose}; up to {f.pl}).",
                NO_FS,
            )
            fs = d.fs or 0
            if fs > f.pl or fs > f.fs:
                ctx.fail(
                    "FS_EXCEEDS_POWER_LEVEL" if fs > f.pl else "FS_INSUFFICIENT",
                    f"decisions.{key}",
                    f"{key}: {fs} FS is too much for {f.id}.",
                    key=key,
                )
            if fs and f.init_step + fs > D12:
                ctx.fail(
                    "FS_DIE_ABOVE_D12",
                    f"decisions.{key}",
                    f"{key}: Fighting Spirit cannot raise the roll-off die above 1d12.",
                    key=key,
                )
            f.fs -= fs
            totals[f.id] = ctx.roll(f.id, f"{point}_init", die_for_step(f.init_step + fs), purpose, "A.4")
        top = max(totals[f.id] for f in group)
        leaders = [f for f in group if totals[f.id] == top]
        if len(leaders) == 1:
            break
        pending = leaders
    order = sorted(group, key=lambda f: -totals[f.id])
    ctx.note(
        "A.4",
        None,
        f"Initiative roll-off ({purpose}): "
        + ", ".join(f"{f.id} {totals[f.id]}" for f in order)
        + f"; {order[0].id} goes first.",
        ref,
        {"rolls": [totals[f.id] for f in order]},
        {"order": [f.id for f in order]},
    )
    return order
