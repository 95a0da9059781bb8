"""Tag Team combat (000 L6277–L6283): one fighter of a side is in the fight, his partners wait on the sidelines
(``FighterState.tag_waiting``). Switching Teammates is a non-attack action (``action: switch``, ``target`` the
waiting partner): the partner takes the user's exact place, rolls Initiative and Control at once (no Fighting
Spirit on them) and acts at once when his Initiative beats every fighter still to act, else when his Initiative
comes in the order (``enter_due``).

The Combo Switch (000 L6285–L6293) is the command move ``combo_switch`` (L2 Utility Ender) closing a Combo: the
partner (decision ``tag_partner`` when several wait) comes in after it; +2 Accuracy on a Combo he makes at once
after a hit, no Combo for him this turn after a miss, no switch if the user was hit during the Combo.

The Tag Counter Element (000 L4265–L4271): after the fighter in the fight stops an attack with Defense, a waiting
partner with a Tag Counter move may launch it (decision ``tag_counter``, 10 Super Energy); a hit switches them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...catalogue.table_records import TagCounter
from ..contract.models import (
    ActionType,
    Choice,
    ChoiceOption,
    CombatOptions,
    DecisionValue,
    DefenseOption,
    LogMap,
    ResponseKind,
)
from ..protocol.names import Point
from ..registry.elements import Element, register
from ..state.action import Attack, Guard
from ..state.action import Attack as AttackCls
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile, command_move
from ..state.turn import Turn, die_for_step
from . import grid
from .vocabulary import LogKey

REF = "000 L6281–L6283"
SWITCH_REF = "000 L6285–L6293"
ENTRY_BONUS = 2  # Accuracy of the newcomer's immediate Combo after a Combo Switch that hit (000 L6291)

COMBO_SWITCH = command_move("combo_switch", "Combo Switch", 2, ("instantaneous", "no_movement", "utility"), ("ender",))


def load(ctx: Turn) -> None:
    """Check the waiting partners of the request and bring one in for a side that has nobody left in the fight."""
    for f in ctx.fighters.values():
        if not f.tag_waiting:
            continue
        path = f"fighters[{f.index}].state.tag_waiting"
        if not ctx.opts.tag_team:
            ctx.fail("TAG_TEAM_INVALID", path, f"{f.id} waits on the sidelines, but the Tag Team option is off.")
        if f.defeated:
            ctx.fail("STATE_INCONSISTENT_STATUS", path, f"{f.id} is defeated and cannot wait to be switched in.")
        if ctx.band_mode or ctx.grid_mode:
            ctx.bands.pop(f.id, None)  # a waiting partner has no place on the map
            ctx.squares.pop(f.id, None)
    _replace_fallen(ctx, entering_rolls=False)


def _partners(ctx: Turn, f: Combatant) -> list[Combatant]:
    return [o for i in ctx.order if (o := ctx.fighters[i]).side == f.side and o.tag_waiting and not o.defeated]


# How a partner entering mid-turn gets his place in the order: the rolls, then the text and figures the log shows.
# The main turn's is ``main_entry``; a Dramatic turn rolls its own Initiative (dramatic/tag.py).
Entry = Callable[[Turn, Combatant], tuple[str, LogMap]]
# What else goes over from the one leaving to the one coming in (out, new): a turn with Thug groups gives each group's
# Range (thug_thrashing/tag.py); the band and square are handed over here.
HandOver = Callable[[Turn, Combatant, Combatant], None]


def main_entry(ctx: Turn, new: Combatant) -> tuple[str, LogMap]:
    """Initiative and Control rolled at once, with the die changes he carries and no Fighting Spirit (000 L6283)."""
    new.dice_now = list(new.next_dice)
    new.next_dice = []
    init_step = new.prof.speed_init + sum(s for t, s, _ in new.dice_now if t in ("initiative", "either"))
    ctrl_step = new.prof.speed_ctrl + sum(s for t, s, _ in new.dice_now if t == "control")
    # ruling: die changes he carries apply, an 'either' one on Initiative; no Fighting Spirit (000 L6283)
    new.init_step, new.ctrl_step = min(max(init_step, -3), 3), min(max(ctrl_step, -3), 3)
    new.init = ctx.roll(new.id, "init", die_for_step(new.init_step), "Initiative on entering", "B.1")
    raw = ctx.roll(new.id, "ctrl", die_for_step(new.ctrl_step), "Control on entering", "B.1")
    new.control = raw + new.prof.ctrl_bonus
    return f"Initiative {new.init}, Control {new.control}", {"initiative": new.init, "control": new.control}


def _replace_fallen(
    ctx: Turn,
    entering_rolls: bool,
    entry: Entry = main_entry,
    hand_over: HandOver | None = None,
    ahead: Sequence[int] = (),
) -> None:
    # ruling: a side whose fighter in the fight is defeated sends in its first waiting partner at the same place
    # (the video-game convention; the book is silent, 000 L6279).
    for side in sorted({f.side for f in ctx.fighters.values()}):
        members = [ctx.fighters[i] for i in ctx.order if ctx.fighters[i].side == side]
        if any(m.active for m in members):
            continue
        waiting = [m for m in members if m.tag_waiting and not m.defeated]
        if not waiting:
            continue
        fallen = next((m for m in members if m.defeated), None)
        if entering_rolls and fallen is not None:
            how = "takes the place of his defeated partner"
            _enter(ctx, fallen, waiting[0], how, entry=entry, ahead=ahead, hand_over=hand_over)
        else:
            new = waiting[0]
            new.tag_waiting = False
            grid.take_place(ctx, new, fallen)
            if ctx.band_mode and fallen is not None and fallen.id in ctx.bands:
                ctx.bands[new.id] = ctx.bands[fallen.id]
            ctx.note("A", new.id, f"{new.id} comes in for his defeated partner.", REF)


def replace_fallen(
    ctx: Turn, entry: Entry = main_entry, hand_over: HandOver | None = None, ahead: Sequence[int] = ()
) -> None:
    """After an action: a side left with nobody in the fight sends in a waiting partner, who enters the turn
    (``hand_over`` and ``ahead`` as for ``switch``)."""
    if ctx.opts.tag_team:
        _replace_fallen(ctx, entering_rolls=True, entry=entry, hand_over=hand_over, ahead=ahead)


def choices(ctx: Turn, f: Combatant, control: bool = True) -> list[ChoiceOption]:
    """Step mode: one ``switch`` choice per waiting partner, when the option is on and Control allows it (a turn
    with no Control roll passes ``control=False``)."""
    if not ctx.opts.tag_team or (control and f.control < 1):
        return []
    return [
        ChoiceOption.model_construct(
            value=DecisionValue(action=ActionType.switch, target=p.id),
            fs=0,
            control=1 if control else 0,
            text=f"switch: {p.id} comes in from the sidelines",
        )
        for p in _partners(ctx, f)
    ]


def check_switch(ctx: Turn, f: Combatant, d: DecisionValue, key: str, control: bool = True) -> Combatant:
    """Validate ``action: switch``: the option, a waiting partner of the same side, no movement (No Movement)
    and the Control of the L1 Utility action (000 L6267; ``control=False`` in a turn with no Control roll)."""
    path = f"decisions.{key}"
    partner = ctx.fighters.get(d.target) if d.target else None
    if not ctx.opts.tag_team:
        ctx.fail("TAG_TEAM_INVALID", path, f"{key}: Switching Teammates needs the Tag Team option.", key=key)
    if partner is None or partner.side != f.side or not partner.tag_waiting or partner.defeated:
        waiting = ", ".join(p.id for p in _partners(ctx, f)) or "none"
        ctx.fail(
            "TAG_TEAM_INVALID",
            f"{path}.target",
            f"{key}: name a partner of {f.id} waiting on the sidelines (waiting: {waiting}).",
            key=key,
        )
    if d.movement:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: Switching Teammates has No Movement.", key=key)
    if d.moves:
        ctx.fail("DECISION_INVALID", f"{path}.moves", f"{key}: Switching Teammates takes no moves.", key=key)
    if control and f.control < 1:
        ctx.fail(
            "DECISION_INVALID", path, f"{key}: Switching Teammates is a Level 1 action and needs Control 1.", key=key
        )
    assert partner is not None
    return partner


def check_combo(ctx: Turn, f: Combatant, ids: list[str], key: str) -> dict[str, int]:
    """Validate a declared Combo for the Combo Switch and a newcomer's limits; returns its extra Accuracy."""
    path = f"decisions.{key}.moves"
    if COMBO_SWITCH.id in ids:
        if len(ids) < 2 or ids[-1] != COMBO_SWITCH.id:
            ctx.fail(
                "TAG_TEAM_INVALID", path, f"{key}: the Combo Switch closes a Combo of at least one other move.", key=key
            )
        if not _partners(ctx, f):
            ctx.fail("TAG_TEAM_INVALID", path, f"{key}: {f.id} has no partner waiting to switch in.", key=key)
    if len(ids) < 2:
        return {}
    if f.tag_no_combo:
        ctx.fail(
            "TAG_TEAM_INVALID",
            path,
            f"{key}: {f.id} came in after a Combo Switch that missed and cannot start a Combo this turn.",
            key=key,
        )
    return {"combo_switch": f.tag_bonus} if f.tag_bonus else {}


def combo_switch(ctx: Turn, f: Combatant, moves: list[MoveProfile], hit: bool, hit_during: bool) -> None:
    """After a Combo closed by the Combo Switch: the partners change places (000 L6289–L6291)."""
    if not any(m.id == COMBO_SWITCH.id and m.kind == "command" for m in moves):
        return
    f.tag_bonus = 0
    hit = hit and any(m.offensive for m in moves)  # an all-Utility Combo counts as a miss (000 L6291)
    if hit_during or f.defeated:
        ctx.note("G", f.id, f"{f.id} was hit during the Combo: no switch.", SWITCH_REF)
        return
    waiting = _partners(ctx, f)
    if not waiting:
        return
    partner = waiting[0]
    if len(waiting) > 1:
        key, d = ctx.decide(
            f.id,
            "tag_partner",
            "G",
            f"{f.id}: which partner comes in with the Combo Switch ({', '.join(p.id for p in waiting)}).",
            DecisionValue(target=partner.id),
        )
        partner = next((p for p in waiting if p.id == d.target), None)  # type: ignore[assignment]
        if partner is None:
            ctx.fail("TAG_TEAM_INVALID", f"decisions.{key}.target", f"{key}: name a waiting partner.", key=key)
    assert partner is not None
    f.tag_waiting = True
    if hit:
        partner.tag_bonus = ENTRY_BONUS
    else:
        partner.tag_no_combo = True
    _enter(ctx, f, partner, "comes in with the Combo Switch after a " + ("hit" if hit else "miss"), again=hit)
    partner.tag_bonus = 0  # ruling: the +2 is only for a Combo made at once on entering (000 L6291)
    if ctx.band_mode or ctx.grid_mode:
        ctx.bands.pop(f.id, None)
        ctx.squares.pop(f.id, None)


def switch(
    ctx: Turn,
    f: Combatant,
    partner: Combatant,
    entry: Entry = main_entry,
    ahead: Sequence[int] = (),
    hand_over: HandOver | None = None,
) -> None:
    """The switch itself, in place of the user's action. ``ahead``: the Initiatives of the others still to act that
    are no Fighters (a turn with Thugs passes its groups'), which the newcomer must beat too to act at once;
    ``hand_over``: what else of the user's place goes over to him."""
    # ruling: Instantaneous, so no Reaction Attack window, and no Glory as it is not a Special Move (000 L6267)
    f.non_attack_action = True
    f.tag_waiting = True
    _enter(ctx, f, partner, "switches in", entry=entry, ahead=ahead, hand_over=hand_over)
    if ctx.band_mode or ctx.grid_mode:
        ctx.bands.pop(f.id, None)  # mode range: the Range in the fight is unchanged (the exact same place)
        ctx.squares.pop(f.id, None)


def _enter(
    ctx: Turn,
    out: Combatant,
    new: Combatant,
    how: str,
    again: bool = False,
    entry: Entry = main_entry,
    ahead: Sequence[int] = (),
    hand_over: HandOver | None = None,
) -> None:
    new.tag_waiting = False
    if hand_over is not None:
        hand_over(ctx, out, new)
    if new.acted and not again:
        # ruling: a fighter who already acted this turn comes back without a second action; only a Combo Switch
        # after a hit lets the partners take turns attacking (000 L6293).
        grid.take_place(ctx, new, out)
        if ctx.band_mode and out.id in ctx.bands:
            ctx.bands[new.id] = ctx.bands[out.id]
        ctx.note(
            "B.1",
            out.id,
            f"{new.id} {how} for {out.id} at the same place; he has already acted this turn.",
            REF,
            {"out": out.id},
            {"in": new.id},
        )
        return
    grid.take_place(ctx, new, out)
    if ctx.band_mode and out.id in ctx.bands:
        ctx.bands[new.id] = ctx.bands[out.id]  # the exact same place (000 L6281)
    rolled, figures = entry(ctx, new)
    new.acted = False
    waiting = [
        o for o in ctx.fighters.values() if o.active and not o.acted and not o.holding and o is not new and o is not out
    ]
    now = all(new.init > o.init for o in waiting) and all(new.init > i for i in ahead)
    new.tag_entered = not now
    ctx.note(
        "B.1",
        out.id,
        f"{new.id} {how} for {out.id} at the same place: {rolled}"
        + ("; he acts at once." if now else "; he acts when his Initiative comes."),
        REF,
        {"out": out.id},
        {"in": new.id, **figures},
    )
    if now:
        ctx.spine.slot(ctx, new)


def enter_due(ctx: Turn, next_init: int | None) -> None:
    """Before the next place in the order (``next_init`` its Initiative; None at the end of the turn): an entered
    partner whose Initiative is higher acts now."""

    # ruling: an entering partner who ties a fighter still to act goes after him (only a higher total acts at once,
    # 000 L6283).
    for f in sorted((f for f in ctx.fighters.values() if f.tag_entered), key=lambda f: -f.init):
        if not f.active or f.acted:
            f.tag_entered = False
            continue
        if next_init is None or f.init > next_init:
            f.tag_entered = False
            ctx.spine.slot(ctx, f)


# ── Tag Counter (000 L4265–L4271) ────────────────────────────────────────────────────────────────

# Moves a waiting partner may launch as a Tag Counter, and the Super Energy it costs him (000 L4265–L4271).
TAG_COUNTERS: EntryTable[int] = of_records("tag_counter_energy", TagCounter, lambda found: found[0].super_energy)


def _tag_counter(m: MoveProfile) -> bool:
    return TAG_COUNTERS.first(m.entries) is not None


def _cost(m: MoveProfile) -> int:
    return TAG_COUNTERS.first(m.entries) or 0


def tag_counter(ctx: Turn, atk: Attack, guard: Guard, responded: bool) -> None:
    """After an attack the fighter in the fight stopped with the Defense Skill: a waiting partner may launch a
    Tag Counter move for 10 Super Energy, answered like a Defensive Response (Defense only, halved; with Aerial
    Evasion too); if it hits, the two change places."""

    a, d = atk.attacker, atk.defender
    # ruling: one Defensive Response per attack: not when the partner in the fight answered himself (000 L4269)
    if not ctx.opts.tag_team or responded or guard.option is not DefenseOption.defense or a.defeated or d.defeated:
        return
    for p in _partners(ctx, d):
        moves = [m for m in p.prof.moves.values() if _tag_counter(m) and p.se >= _cost(m)]
        if not moves:
            continue
        choices = [ChoiceOption.model_construct(value=DecisionValue(choice=Choice.pass_), fs=0, control=0, text="pass")]
        choices += [
            ChoiceOption.model_construct(
                value=DecisionValue(choice=Choice.act, moves=[m.id]),
                fs=0,
                control=0,
                text=f"Tag Counter with {m.name} ({_cost(m)} Super Energy)",
            )
            for m in moves
        ]
        key, dv = ctx.decide(
            p.id,
            Point.tag_counter,
            "F.3",
            f"{p.id} may launch a Tag Counter against {a.id} for {min(map(_cost, moves))} Super Energy.",
            DecisionValue(choice=Choice.pass_),
            choices,
        )
        if dv.choice in (None, Choice.pass_):
            continue
        m = p.move(dv.moves[0]) if dv.choice is Choice.act and dv.moves else None
        if m is None or not _tag_counter(m):
            ctx.fail(
                "TAG_TEAM_INVALID",
                f"decisions.{key}",
                f"{key}: respond with one of {p.id}'s Tag Counter moves, or pass.",
                key=key,
            )
        assert m is not None
        p.se -= _cost(m)
        p.tag_waiting = False  # he strikes from his partner's place (ruling: the Range is his partner's)
        grid.take_place(ctx, p, d)
        if ctx.band_mode:
            ctx.bands[p.id] = ctx.bands[d.id]
        ctx.note(
            "F.3",
            p.id,
            f"{p.id} launches the Tag Counter {m.name} for {_cost(m)} Super Energy.",
            "000 L4269",
            {"move": m.id},
            {LogKey.super_energy: p.se},
        )
        response = AttackCls(
            attacker=p,
            defender=a,
            moves=[m],
            context="response",
            label="F.3",
            cost=0,
            key=key,
            response=ResponseKind.counter,
            orig_aerial=m.moving.airborne,
        )
        out = ctx.spine.resolve(ctx, response)
        if out.hit and not p.defeated:
            p.responded_ok = True
            p.acted = True  # ruling: like any Defensive Response it takes the place of his action (000 L5850)
            d.tag_waiting = True
            if ctx.band_mode or ctx.grid_mode:
                ctx.bands.pop(d.id, None)
                ctx.squares.pop(d.id, None)
            ctx.note(
                "F.3",
                p.id,
                f"The Tag Counter hit: {p.id} takes {d.id}'s place in the fight.",
                "000 L4271",
                {},
                {"in": p.id, "out": d.id},
            )
        else:
            p.tag_waiting = True
            if ctx.band_mode or ctx.grid_mode:
                ctx.bands.pop(p.id, None)
                ctx.squares.pop(p.id, None)
            ctx.note("F.3", p.id, f"The Tag Counter missed: no switch, {p.id} stays on the sidelines.", "000 L4271")
        return


@register
class TagTeam(Element):
    """Tag Team's Combo Switch Command Move (000 L6285)."""

    order = 40

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        return {COMBO_SWITCH.id: COMBO_SWITCH} if options.tag_team else {}
