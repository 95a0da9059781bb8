"""The turn's working state built from the request: every fighter and his sheet's profile, the ongoing effects
restored through the rule elements, and every key, state and position checked (000 L5384–L5448)."""

from __future__ import annotations

import contextlib

from ..contract.models import CombatFighter, PositioningMode, Subsystem, TurnRequest
from ..elements import ongoing, story, styles, tag_team, transformations
from ..protocol.wording import names_to_keep
from ..registry import elements
from ..registry.coverage import OPTIONS_NOT_IMPLEMENTED, RULES_NOT_IMPLEMENTED
from ..registry.features import HAZARDS_LOADED
from ..registry.sheet import profile
from ..state.combatant import Combatant
from ..state.turn import Decider, Invalid, Turn
from .b_actions import slot
from .c_utility_actions import utility
from .d_attack import miss, resolve


class Steps:
    """The steps a rule element may start itself (``state.Spine``)."""

    resolve = staticmethod(resolve)
    miss = staticmethod(miss)
    slot = staticmethod(slot)
    utility = staticmethod(utility)  # a Utility move used as a Passive Response (f_response_attacks)


STEPS = Steps()


def _fighter(cf: CombatFighter, side: str, req: TurnRequest) -> Combatant:
    prof = profile(cf.sheet, req.options)
    s = cf.state
    return Combatant(
        id=cf.id,
        prof=prof,
        side=side,
        life=s.life_bar,
        fs=s.fighting_spirit,
        fs_start=s.fs_start if s.fs_start is not None else max(prof.fs_max, s.fighting_spirit),
        se=s.super_energy,
        defeated=s.defeated,
        knocked_down=s.knocked_down,
        stunned=s.stunned.actions_to_recover if s.stunned else 0,
        times_stunned=s.times_stunned_this_round,
        next_dice=[(d.target.value, d.steps, d.source.value if d.source else "") for d in s.next_turn_dice],
        no_fs_init=s.no_fs_on_init_ctrl,
        fo_streak=s.full_offense_streak,
        await_count=s.await_opening,
        pending_acc=[(p.amount, p.vs, p.source.value if p.source else "") for p in s.pending_accuracy],
        scored=list(s.moves_scored_this_round),
        utility_used=list(s.utility_moves_used),
        glory_round=s.glory_this_round,
        combo_streak=s.combo_streak,
        taunt_used=s.taunt_used,
        base_prof=prof,
        cheap_used=list(s.cheap_moves_used),
        beast_form=s.beast_form,
        beast_energy=s.beast_energy,
        long_combo=s.long_combo_used,
        tag_waiting=s.tag_waiting,
        dramatic=s.dramatic,
    )


def build(req: TurnRequest, ctx_holder: list[Turn], decider: Decider | None = None, quiet: bool = False) -> Turn:
    fight = req.fight
    seen: set[str] = set()
    fighters: dict[str, Combatant] = {}
    order: list[str] = []
    bands = dict(fight.positioning.bands)
    ctx = Turn(
        req=req,
        opts=req.options,
        turn=fight.turn,
        fighters=fighters,
        order=order,
        range=fight.positioning.range,
        bands=bands,
        band_mode=fight.positioning.mode is PositioningMode.band,
        grid_mode=fight.positioning.mode is PositioningMode.grid,
        time_count=fight.time_count,
        start_time=fight.time_count,
        first_hit_awarded=bool(fight.first_hit_awarded),
        prev_leader=fight.previous_turn.initiative_leader if fight.previous_turn else None,
        prev_leader_hit=fight.previous_turn.leader_hit if fight.previous_turn else False,
        spine=STEPS,
        decider=decider,
        quiet=quiet,
        ask_every=req.ask_every_decision or req.options.ask_every_decision,
    )
    ctx_holder.append(ctx)
    for i, cf in enumerate(req.fighters):
        path = f"fighters[{i}]"
        if cf.id in seen:
            ctx.fail("STATE_DUPLICATE_FIGHTER", f"{path}.id", f"Two fighters are called '{cf.id}'.")
        seen.add(cf.id)
        f = _fighter(cf, fight.sides.get(cf.id, cf.id), req)
        f.index = i
        fighters[cf.id] = f
        order.append(cf.id)
        _check_fighter(ctx, f, cf, path)
    ctx.keep_names = names_to_keep((*fighters, *(m.name for f in fighters.values() for m in f.prof.moves.values())))
    for key in req.decisions:
        if key.split(".")[2:3] == ["hitstun_choice"]:  # retired: one encoding for doing nothing (000 L5942)
            ctx.used_decisions.add(key)
            ctx.warn(
                "DECISION_RETIRED",
                f"decisions.{key}",
                f"{key}: `hitstun_choice` is no longer asked; declare `action: none` to do nothing after Hit Stun.",
                key=key,
            )
    _check_keys(ctx)
    if fight.first_hit_awarded is None:  # derived: somebody has already landed a hit (000 L5489)
        ctx.first_hit_awarded = fight.round > 1 or any(f.life < f.prof.life_max for f in fighters.values())
    ongoing.link_all(ctx)
    for fid in fight.sides:
        if fid not in fighters:
            ctx.fail("UNKNOWN_FIGHTER", f"fight.sides.{fid}", f"fight.sides names '{fid}', who is not in the fight.")
    tag_team.load(ctx)  # Tag Team partners waiting on the sidelines (000 L6279)
    _check_positions(ctx)
    HAZARDS_LOADED.fn(ctx)
    _report_unsupported(ctx)
    return ctx


def _key_fits(ctx: Turn, key: str) -> bool:
    """``T{turn}.{fighter}.{point…}`` of this turn and of a fighter in the fight."""
    parts = key.split(".")
    who = (
        parts[1] in ctx.fighters or parts[1] == "fight" or any(g.id == parts[1] for g in ctx.req.fight.thugs)
        if len(parts) >= 3
        else False
    )
    return who and parts[0] == f"T{ctx.turn}" and all(parts[2:])


def _check_keys(ctx: Turn) -> None:
    """A supplied key that cannot name anything of this turn is a violation naming it (all of them at once), or a
    warning when the request is lenient."""
    bad = [
        ("decisions", "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED", k)
        for k in ctx.req.decisions
        if not _key_fits(ctx, k)
    ]
    bad += [
        ("if_asked", "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED", k) for k in ctx.req.if_asked if not _key_fits(ctx, k)
    ]
    bad += [("rolls", "ROLL_KEY_UNKNOWN", "ROLL_NOT_USED", k) for k in ctx.req.rolls or {} if not _key_fits(ctx, k)]
    report_keys(ctx, bad, f"is not a key of turn {ctx.turn} (T{ctx.turn}.<fighter>.<point>)")


def report_keys(ctx: Turn, bad: list[tuple[str, str, str, str]], why: str) -> None:
    for where, strict, lenient, key in bad:
        if where != "rolls":
            ctx.used_decisions.add(key)
        else:
            ctx.used_rolls.add(key)
        if ctx.req.lenient:
            ctx.warn(lenient, f"{where}.{key}", f"{key} {why}: ignored.", key=key)
            continue
        with contextlib.suppress(Invalid):  # every bad key is named, not only the first
            ctx.fail(strict, f"{where}.{key}", f"{key} {why}.", key=key)
    if ctx.violations:
        raise Invalid(ctx.violations[0].code)


def _check_fighter(ctx: Turn, f: Combatant, cf: CombatFighter, path: str) -> None:
    p = f.prof
    if p.invalid_pl:
        ctx.fail(
            "SHEET_INVALID_POWER_LEVEL",
            f"{path}.sheet.power_level",
            f"{f.id}: Power Level {cf.sheet.power_level} is outside 1–8.",
        )
    if p.sheet_problems:
        ctx.warn(
            "SHEET_NOT_VALID",
            f"{path}.sheet",
            f"{f.id}: Fighter validation reports "
            + ", ".join(p.sheet_problems[:8])
            + ("…" if len(p.sheet_problems) > 8 else "")
            + ".",
        )
    if f.life > p.life_max:
        ctx.fail(
            "STATE_LIFE_BAR_OUT_OF_RANGE",
            f"{path}.state.life_bar",
            f"{f.id}: Life Bar {f.life} is above the sheet's {p.life_max}.",
        )
    if f.fs > f.fs_start:
        ctx.fail(
            "STATE_FS_OUT_OF_RANGE",
            f"{path}.state.fighting_spirit",
            f"{f.id}: {f.fs} FS is above his starting total {f.fs_start}.",
        )
    if f.se > ctx.opts.super_energy_max:
        ctx.fail(
            "STATE_SUPER_ENERGY_OUT_OF_RANGE",
            f"{path}.state.super_energy",
            f"{f.id}: Super Energy {f.se} is above the maximum {ctx.opts.super_energy_max}.",
        )
    if f.defeated != (f.life == 0):
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            f"{path}.state.defeated",
            f"{f.id}: defeated must go with a Life Bar of 0, and a Life Bar of 0 with defeat.",
        )
    for j, pa in enumerate(cf.state.pending_accuracy):
        if pa.vs is not None and pa.vs not in {c.id for c in ctx.req.fighters} | {g.id for g in ctx.req.fight.thugs}:
            ctx.fail("UNKNOWN_FIGHTER", f"{path}.state.pending_accuracy[{j}].vs", f"No fighter '{pa.vs}'.")
    transformations.start(ctx, f, path)  # Beast Form's raised Basic Qualities before any Buff (000 L5319)
    for j, eff in enumerate(cf.state.ongoing_effects):
        element = elements.for_effect(eff.id)  # every OngoingEffectId has its element (a test keeps them equal)
        if element is not None:
            element.restore(ctx, f, f"{path}.state.ongoing_effects[{j}]", eff)
    styles.start(ctx, f)
    story.start(ctx, f, cf)


def _check_subsystem(ctx: Turn) -> None:
    """The Main Combat System, Thug Thrashing, Dramatic Combat and both together run on the spine; a combat system
    the spine does not run is named, never resolved as main."""
    wanted = ctx.opts.subsystem
    if wanted in (Subsystem.main, Subsystem.dramatic, Subsystem.thug_thrashing, Subsystem.dramatic_thug_thrashing):
        return
    for part in (p for p in ("thug_thrashing", "dramatic") if p in wanted.value):
        ctx.unsupported_rule(part, "options.subsystem", RULES_NOT_IMPLEMENTED[part])
    ctx.fail(
        "SUBSYSTEM_UNSUPPORTED",
        "options.subsystem",
        f"`{wanted.value}` turns are not resolved yet; Thugs can be built and priced (thugs/validate) and their "
        "Glory divided (thugs/end-of-combat).",
    )


def _check_positions(ctx: Turn) -> None:
    if ctx.opts.subsystem in (Subsystem.thug_thrashing, Subsystem.dramatic_thug_thrashing):
        if ctx.grid_mode:
            _check_squares(ctx)  # the groups' squares are checked with the groups (thug_thrashing.group)
        return  # the Fighters face Thug groups: thug_thrashing.turn and dramatic.thugs check their Ranges to each group
    pos = ctx.req.fight.positioning
    active = [f for f in ctx.fighters.values() if f.active]
    sides = ctx.sides_left()
    if len({f.side for f in ctx.fighters.values()}) < 2:
        ctx.fail("STATE_ONE_SIDE", "fight.sides", "Every fighter is on the same side.")
    if len(sides) < 2 or (ctx.opts.time_limit and ctx.time_count <= 0):
        ctx.fail(
            "ROUND_ALREADY_OVER",
            "fight",
            "The round is already over: start the next round with full Life Bars and a new Time Count.",
        )
    _check_subsystem(ctx)
    if pos.mode is PositioningMode.grid:
        _check_squares(ctx)
    elif pos.mode is PositioningMode.range:
        # ours: a Dramatic turn takes more than two fighters in mode `range`, one Range between every pair of
        # opponents, so Team-Up and Taking a Hit can be played (000 L7219, L7239; combat/dramatic/turn.py)
        many = ctx.opts.subsystem is Subsystem.dramatic and len(active) > 2
        if len(active) != 2 and not many:
            ctx.fail(
                "STATE_POSITIONING_MODE_MISMATCH",
                "fight.positioning.mode",
                f"Mode `range` needs exactly two active fighters; there are {len(active)}.",
            )
        if pos.range is None:
            ctx.fail("STATE_RANGE_OUT_OF_RANGE", "fight.positioning.range", "Mode `range` needs the Range.")
    else:
        for f in ctx.fighters.values():
            if f.id not in ctx.bands and not f.tag_waiting:
                ctx.fail("STATE_RANGE_OUT_OF_RANGE", f"fight.positioning.bands.{f.id}", f"{f.id} has no band.")
        for fid in ctx.bands:
            if fid not in ctx.fighters:
                ctx.fail("UNKNOWN_FIGHTER", f"fight.positioning.bands.{fid}", f"No fighter '{fid}'.")
    leader = ctx.prev_leader
    if leader is not None and leader not in ctx.fighters:
        ctx.fail("UNKNOWN_FIGHTER", "fight.previous_turn.initiative_leader", f"No fighter '{leader}'.")


def _check_squares(ctx: Turn) -> None:
    """Mode `grid`: every fighter on a square of the 5×5 grid (000 L5672) or listed off it (000 L5678); any number
    may share a square (000 L5676). The Hazards' squares are checked with the Hazards (``HAZARDS_LOADED``)."""
    pos = ctx.req.fight.positioning
    off = set(pos.off_grid)
    for f in ctx.fighters.values():
        sq = pos.squares.get(f.id)
        if f.id in off and sq is not None:
            ctx.fail("STATE_SQUARE_INVALID", f"fight.positioning.squares.{f.id}", f"{f.id} is off the grid.")
        if sq is None and f.id not in off and not f.tag_waiting:
            ctx.fail("STATE_SQUARE_INVALID", f"fight.positioning.squares.{f.id}", f"{f.id} has no square.")
        if sq is not None or f.id in off:  # a Tag Team partner waiting on the sidelines has no square
            ctx.squares[f.id] = (sq.col, sq.row) if sq is not None else None
    for fid in (*pos.squares, *pos.off_grid):
        if fid not in ctx.fighters:
            ctx.fail("UNKNOWN_FIGHTER", "fight.positioning.squares", f"No fighter '{fid}'.")


def _report_unsupported(ctx: Turn) -> None:
    for opt, reason in OPTIONS_NOT_IMPLEMENTED.items():
        if getattr(ctx.opts, opt):
            ctx.unsupported_rule(opt, f"options.{opt}", f"{reason} is not resolved yet; the option is ignored")
