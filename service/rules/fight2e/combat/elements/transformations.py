"""Transformations campaign option (000 L5305–L5325): Beast Energy, changing into Beast Form and back, and what the
form does — two Basic Qualities one higher, Increased Knockback on every attack, 1 Life Bar back at the end of each
turn — plus the Only in Beast Form Liability (000 L5321). Going Primal (000 L5325) is not part of it.

State: ``FighterState.beast_form`` and ``FighterState.beast_energy``; the raises come from the sheet's
``beast_form_boosts``. The action is ``transform``; an opponent caught in the change may declare his own change at
once (decision point ``transform_too``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from ...catalogue.records import OnlyIn, State
from ..contract.models import ActionType, Choice, ChoiceOption, DecisionValue
from ..registry.elements import at
from ..registry.sheet import BASIC_MOVE
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile, Profile
from ..state.turn import Turn
from . import positions
from .damage import roll_damage
from .hazards import hazard_effects, hazard_interaction
from .ongoing import rebuild


class Form(StrEnum):
    beast = "beast"  # Beast Form (000 L5305–L5325)


_FORMS = {State.beast_form: Form.beast}


# Moves usable only in a form (000 L5321).
FORM_ONLY: EntryTable[Form] = of_records("form_only", OnlyIn, lambda found: _FORMS[found[0].state])
READY = 10  # Beast Energy needed to change (000 L5311)
CAP = 20  # the most that can be stored (000 L5311)
FLOOR = -20  # the state model's lower bound; the book sets none while in Beast Form
_REF = "000 L5305–L5325"


def usable(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str | None = None) -> None:
    for m in moves:
        if FORM_ONLY.first(m.entries) is Form.beast and not f.beast_form:
            ctx.fail(
                "ONLY_IN_BEAST_FORM", path, f"{m.name} can only be used in Beast Form; {f.id} is not in it.", key=key
            )


# ── the form's Basic Qualities ──────────────────────────────────────────────────────────────────────


def boosts(ctx: Turn, f: Combatant) -> tuple[str, ...]:
    """The Basic Qualities the sheet raises in Beast Form (an invalid list is already reported by the sheet check)."""
    sheet = ctx.req.fighters[f.index].sheet
    return tuple(dict.fromkeys(q.value for q in sheet.beast_form_boosts or []))


def beast_profile(prof: Profile, raised: tuple[str, ...]) -> Profile:
    """Each named Basic Quality one higher, never above 2 (000 L5319); a Speed raise goes to Initiative."""
    changes: dict[str, int] = {}
    for q in ("strength", "stamina"):
        if q in raised:
            changes[q] = max(getattr(prof, q), min(getattr(prof, q) + 1, 2))
    if "speed" in raised:
        new = max(prof.speed, min(prof.speed + 1, 2))
        changes["speed"] = new
        # ruling: the extra Speed point goes to Initiative, as when a sheet names no split (000 L5319)
        changes["speed_init"] = prof.speed_init + new - prof.speed
    return replace(prof, **changes) if changes else prof  # type: ignore[arg-type]


def _enter(ctx: Turn, f: Combatant) -> None:

    f.beast_form = True
    f.human_prof = f.base_prof or f.prof
    f.base_prof = beast_profile(f.human_prof, boosts(ctx, f))
    f.prof = rebuild(f)


def _revert(ctx: Turn, f: Combatant) -> None:

    f.beast_form = False
    f.beast_energy = 0  # ruling: back in human form he starts gathering Beast Energy from 0 again (000 L5317)
    if f.human_prof is not None:
        f.base_prof = f.human_prof
        f.prof = rebuild(f)
    ctx.note(
        "E.4",
        f.id,
        f"{f.id} is Knocked Down with his Beast Energy below 0: he reverts to human form.",
        "000 L5317",
        {},
        {"beast_form": False, "beast_energy": 0},
    )


# ── request state ───────────────────────────────────────────────────────────────────────────────────


def start(ctx: Turn, f: Combatant, path: str) -> None:
    """Check the declared form and Beast Energy, and raise the Basic Qualities of a fighter already changed."""
    if not ctx.opts.transformations:
        if f.beast_form or f.beast_energy:
            field = "beast_form" if f.beast_form else "beast_energy"
            ctx.fail(
                "TRANSFORMATIONS_OFF",
                f"{path}.state.{field}",
                f"{f.id}: Beast Form and Beast Energy need the option `transformations`.",
            )
        return
    if f.beast_energy < 0 and not f.beast_form:
        ctx.fail(
            "STATE_BEAST_ENERGY_OUT_OF_RANGE",
            f"{path}.state.beast_energy",
            f"{f.id}: Beast Energy {f.beast_energy} is below 0 in human form.",
        )
    if f.beast_form:
        f.human_prof = f.base_prof or f.prof
        f.base_prof = f.prof = beast_profile(f.human_prof, boosts(ctx, f))


# ── the transform action ──────────────────────────────────────────────────────────────────────────


def _can(ctx: Turn, f: Combatant) -> bool:
    return ctx.opts.transformations and not f.beast_form and f.beast_energy >= READY


def choices(ctx: Turn, f: Combatant) -> list[ChoiceOption]:
    if not _can(ctx, f):
        return []
    return [
        ChoiceOption.model_construct(
            value=DecisionValue(action=ActionType.transform), fs=0, control=0, text="transform into Beast Form"
        )
    ]


def check(ctx: Turn, f: Combatant, movement: int, key: str) -> None:
    """The declaration: option on, not yet changed, 10 Beast Energy, nothing else this turn (000 L5311–L5313)."""
    path = f"decisions.{key}"
    if not ctx.opts.transformations:
        ctx.fail("TRANSFORMATIONS_OFF", path, f"{key}: transforming needs the option `transformations`.", key=key)
    if f.beast_form or f.beast_energy < READY:
        ctx.fail(
            "TRANSFORM_INVALID",
            path,
            f"{key}: {f.id} "
            + (
                "is already in Beast Form."
                if f.beast_form
                else f"has {f.beast_energy} Beast Energy; changing needs {READY}."
            ),
            key=key,
        )
    if movement:
        ctx.fail(
            "MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: no movement on the turn of a transformation.", key=key
        )


def near(ctx: Turn, f: Combatant) -> list[Combatant]:
    """The Fighters in the fight within Range 0–1 of him, in the order (000 L5313)."""
    return [o for i in ctx.order if (o := ctx.fighters[i]) is not f and o.active and ctx.distance(f, o) <= 1]


@dataclass(frozen=True)
class Surroundings:
    """Whom the change reaches: the Fighters (``fighters``) and, in a turn with Thug groups, the groups, which
    ``others`` hits after them (thug_thrashing/tag.py gives both)."""

    fighters: Callable[[Turn, Combatant], list[Combatant]] = near
    others: Callable[[Turn, Combatant], None] | None = None


MAIN = Surroundings()


def transform(ctx: Turn, f: Combatant, around: Surroundings = MAIN) -> None:
    """He changes; everyone else within Range 0–1 takes his Basic Move's damage (000 L5313)."""
    f.transformed = True
    _enter(ctx, f)
    ctx.note(
        "B.1",
        f.id,
        f"{f.id} transforms into Beast Form ({f.beast_energy} Beast Energy).",
        "000 L5311–L5313",
        {"beast_energy": f.beast_energy},
        {"beast_form": True},
    )
    reached = around.fighters(ctx, f)
    for o in reached:
        if o.active and not o.transformed:
            _joins(ctx, o, f, around)
    for o in reached:
        if o.active:
            _blast(ctx, f, o)
    if around.others is not None:
        around.others(ctx, f)


def _joins(ctx: Turn, o: Combatant, f: Combatant, around: Surroundings) -> None:
    """An opponent who has not acted may declare his own change now and changes at once (000 L5313–L5315)."""
    if o.side == f.side or o.acted or o.stunned or o.knocked_down or o.action_lost or not _can(ctx, o):
        return
    key, d = ctx.decide(
        o.id,
        "transform_too",
        "B.1",
        f"{f.id} transforms next to {o.id}: {o.id} may transform at the same time (this is his action), or not.",
        DecisionValue(choice=Choice.pass_),
        [
            ChoiceOption.model_construct(value=DecisionValue(choice=c), fs=0, control=0, text=t)
            for c, t in ((Choice.act, "transform too"), (Choice.pass_, "do not transform"))
        ],
    )
    if d.choice not in (Choice.act, Choice.pass_, None):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose act or pass.", key=key)
    if d.choice is Choice.act:
        # ruling: declaring the change early spends his action on it at once (000 L5315)
        o.acted = True
        o.holding = False
        transform(ctx, o, around)


def _blast(ctx: Turn, f: Combatant, o: Combatant) -> None:

    # ruling: the change hurts like a Basic Move (with the form's Strength) but is no attack: no Accuracy, Defense,
    # Hit Stun, Stun or Knock Down, and it earns nothing as an attack (000 L5313)
    dmg = roll_damage(ctx, f, o, [BASIC_MOVE])
    before = o.life
    o.life = max(o.life - dmg.total, 0)
    if dmg.total > 0:
        o.life_loss_from.add(f.id)
        o.dmg_from[f.id] = o.dmg_from.get(f.id, 0) + dmg.total
    ctx.note(
        "B.1",
        f.id,
        f"{f.id}'s transformation hits {o.id} for {dmg.total} (Basic Move damage): Life Bar {before} → {o.life}.",
        "000 L5313",
        {"damage": dmg.total},
        {"life_bar": o.life},
    )
    if o.life == 0 and not o.defeated:
        o.defeated = True
        ctx.note("B.1", o.id, f"{o.id} is defeated.", "000 L5924, L5745", {}, {"defeated": True})
        return
    if o.side != f.side and o.transformed:
        ctx.note("B.1", o.id, f"{o.id} is transforming too: no Knock Back.", "000 L5313–L5315")
        return
    if hazard_effects.pinned(ctx, o):
        return
    was, now = positions.knock_back(ctx, f, o, 1)
    ctx.note(
        "E.3",
        o.id,
        f"Knocked Back 1 Range by the transformation: Range {was} → {now}.",
        "000 L5313",
        {"ranges": 1},
        {"range": now},
    )
    hazard_interaction.steer_knockback(ctx, f, o)


# ── during the fight ──────────────────────────────────────────────────────────────────────────────


def knocked_down(ctx: Turn, f: Combatant) -> None:
    """Below 0 Beast Energy, the next Knock Down ends the form (000 L5317)."""
    if f.beast_form and f.beast_energy <= -1:
        _revert(ctx, f)


@at("after_healing", 10)  # Beast Energy and the Beast Form's Life Bar (000 L5311–L5319)
def end_of_turn(ctx: Turn) -> None:
    """H.1: Beast Energy gathered as Super Energy is (000 L5311, L5264–L5275) or, in Beast Form, drained by the
    same moves and damage but not by the turn itself (000 L5317); then 1 Life Bar back in Beast Form (000 L5319)."""
    if not ctx.opts.transformations:
        return
    for fid in ctx.order:
        f = ctx.fighters[fid]
        # ruling: a move's own Super Energy Elements and Power Up feed Super Energy only, not Beast Energy
        counted = {
            "life_bar_lost": len(f.life_loss_from),
            "attacks": f.attacks,
            "specials_in_combos": f.se_specials,
            "combos_hit": f.se_combos,
        }
        gather(ctx, f, counted, f.prof.life_max)


def gather(ctx: Turn, f: Combatant, counted: dict[str, int], life_max: int, less: int = 0) -> None:
    """One fighter's Beast Energy at the end of a turn, from what his turn counts toward Super Energy (``counted``,
    ``less`` off the whole as a turn with Thugs takes off Super Energy), then 1 Life Bar back in Beast Form, up to
    ``life_max`` (000 L5311, L5317–L5319). Every turn kind closes with it."""
    if f.defeated or not ctx.opts.transformations:
        return
    per_turn = math.ceil(ctx.opts.super_energy_max / 20)  # the campaign's Super Energy rate per turn (000 L5271)
    earned = sum(counted.values())
    before = f.beast_energy
    if less:
        counted = {**counted, "less": -less}
    if f.beast_form:
        f.beast_energy = max(f.beast_energy - max(earned - less, 0), FLOOR)
        text = f"loses {before - f.beast_energy} Beast Energy in Beast Form"
    elif f.super_used:
        text = "used a Super Move: no Beast Energy"  # ruling: as for Super Energy (000 L5273)
    else:
        f.beast_energy = min(f.beast_energy + max(per_turn + earned - less, 0), CAP)
        text = f"gains {f.beast_energy - before} Beast Energy"
    ctx.note(
        "H.1",
        f.id,
        f"{f.id} {text}: {before} → {f.beast_energy}.",
        "000 L5311, L5317" + (", L6730" if less else ""),
        {"turn": 0 if f.beast_form else per_turn, **counted},
        {"beast_energy": f.beast_energy},
    )
    if f.beast_form and f.life < life_max:
        f.life += 1
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} regains 1 Life Bar in Beast Form: {f.life - 1} → {f.life}.",
            "000 L5319",
            {},
            {"life_bar": f.life},
        )
