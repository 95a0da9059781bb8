"""Modifier Elements of the Ranged Element: Accuracy for Damage (000 L3991–L3999), Draw Closer with Optional Draw In
and Move Closer (000 L4001–L4029). Indirect (000 L4037–L4043) is applied where Responses and Reflection are
settled (profile.py, interrupt_effects.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....dice import Die
from ...catalogue.records import AccuracyForDamage
from ...catalogue.table_records import Draw, DrawsCloser
from ..contract.models import Choice, DecisionValue
from ..registry import points as records
from ..state.action import Attack, Plan
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, FlagTable, flags_of_records, of_records
from ..state.profile import MoveProfile, Profile
from ..state.turn import Turn
from . import positions

MAX_RANGE = 4  # the normal reach of a Long Range move (000 L3997)


@dataclass(frozen=True)
class Trade:
    """Accuracy for Damage: each Range cut from the move's reach trades ``accuracy`` for ``damage``."""

    accuracy: int
    damage: int


TRADES: EntryTable[Trade] = of_records(
    "accuracy_for_damage", AccuracyForDamage, lambda found: Trade(found[0].accuracy, found[0].damage)
)  # 000 L3997


DRAWS: FlagTable[Draw] = flags_of_records("draw_closer", DrawsCloser, lambda r: frozenset(r.draws))


def _draws(m: MoveProfile) -> frozenset[Draw]:
    return DRAWS.grants(m.entries)


def draw_closer(prof: Profile) -> bool:
    """A quick gate: some move of his draws closer."""
    return DRAWS.any_of(prof.entry_ids)


def trades(prof: Profile) -> bool:
    """A quick gate: some move of his trades Accuracy for damage."""
    return TRADES.any_of(prof.entry_ids)


# ── Accuracy for Damage ─────────────────────────────────────────────────────────────────────────


def trade_reach(ctx: Turn, f: Combatant, m: MoveProfile, trade: Trade | AccuracyForDamage, dist: int) -> int:
    """Accuracy for Damage's choice, in every turn: how many Ranges of the reach of 4 (never below the target's
    ``dist``) the move gives up (000 L3991–L3999). Returns the Ranges cut, 0 when there is nothing to cut."""
    room = max(MAX_RANGE - dist, 0)
    if not room:
        return 0  # at Range 4 there is nothing to cut
    key, d = ctx.decide(
        f.id,
        "accuracy_for_damage",
        "D.1",
        f"{f.id}: shorten {m.name}'s reach by how many Ranges (−{-trade.accuracy} Accuracy and +{trade.damage} damage "
        f"each, up to {room})?",
        DecisionValue(amount=0),
    )
    n = d.amount or 0
    if n < 0 or n > room:
        ctx.fail(
            "ACCURACY_FOR_DAMAGE_INVALID",
            f"decisions.{key}.amount",
            f"{key}: shorten the reach by 0–{room} Ranges (the target must stay within it).",
            key=key,
        )
    return n


def accuracy_for_damage(ctx: Turn, f: Combatant, plan: Plan) -> dict[str, int]:
    """D.1: each Range cut from the maximum of 4 (never below the target's Range) trades 1 Accuracy for 2 damage.
    Returns the Accuracy part for the attack roll."""
    i, m = next(((i, m) for i, m in enumerate(plan.moves) if TRADES.first(m.entries)), (0, None))
    if m is None or plan.target is None:
        return {}
    trade = TRADES.first(m.entries)
    assert trade is not None
    n = trade_reach(ctx, f, m, trade, ctx.distance(f, plan.target))
    if not n:
        return {}
    acc = {"accuracy_for_damage": trade.accuracy * n} if i == 0 else {}
    # ruling: later in a Combo the Accuracy cut is ignored (Initial) and the +2 per Range is halved like the rest
    # of that move's damage (000 L3993, L5804)
    bonus = trade.damage * n if i == 0 else trade.damage * n // 2
    plan.extra_damage += bonus
    ctx.note(
        "D.1",
        f.id,
        f"Accuracy for Damage: {m.name} reaches Range {MAX_RANGE - n} at most"
        + (f", −{-trade.accuracy * n} Accuracy" if i == 0 else " (its Accuracy cut ignored later in the Combo)")
        + f", +{bonus} damage.",
        "000 L3991–L3999",
        {"ranges": n},
        {"extra_damage": bonus},
    )
    return acc


# ── Draw Closer ─────────────────────────────────────────────────────────────────────────────────


def _own_knockback(m: MoveProfile, attacker: Combatant) -> int:
    """The Knock Back the move alone would cause: 1, or 2 with Increased Knockback, every move's in Beast Form (000
    L4007, L5319)."""
    return records.own_knockback(m, attacker)


def _mode(ctx: Turn, atk: Attack, m: MoveProfile) -> str:
    """ "pull" (the target comes in), "move" (the attacker goes in: Move Closer) or "push" (ordinary Knock Back,
    chosen with Optional Draw In); asked once per move used."""
    draws = _draws(m)
    base = "move" if Draw.move in draws else "pull"
    toward = atk.draw_modes.get("_toward")
    if base == "move" and (ctx.band_mode or ctx.grid_mode) and toward not in (None, atk.defender.id):
        return "push"  # one target is chosen to move toward; the others are knocked back (000 L4027)
    if Draw.optional not in draws:
        return base
    picked = atk.draw_modes.get(m.id)
    if picked is not None:
        return picked
    a = atk.attacker
    key, d = ctx.decide(
        a.id,
        "draw_in",
        "D.2",
        f"{a.id}: {m.name} draws {atk.defender.id} in (toward) or knocks him back as usual (away)?",
        DecisionValue(choice=Choice.toward),
    )
    if d.choice not in (Choice.toward, Choice.away):
        ctx.fail(
            "DECISION_INVALID", f"decisions.{key}", f"{key}: choose toward (draw in) or away (Knock Back).", key=key
        )
    mode = base if d.choice is Choice.toward else "push"
    atk.draw_modes[m.id] = mode
    return mode


def reach_ok(atk: Attack, distance: int, in_range: Callable[[MoveProfile, int], bool]) -> bool:
    """Range check of a Combo in which a Draw Closer move not at its end brings the target nearer for the moves
    after it (000 L4005): each move is measured at the Range left by the pulls before it."""
    at = distance
    moves = atk.moves if atk.random_cut is None else atk.moves[: atk.random_cut]
    for i, m in enumerate(moves):
        if m.offensive and not in_range(m, at):
            return False
        if Draw.pull in _draws(m) and i < len(atk.moves) - 1:
            at = max(at - _own_knockback(m, atk.attacker), 0)
    return True


def mid_combo(ctx: Turn, atk: Attack) -> None:
    """D.2 for a Draw Closer move opening or inside a Combo: Tactics DL 8 — success brings the two together by its
    Knock Back and the Combo goes on at the new Range; failure makes every later move miss (000 L4005).
    ``atk.moves`` keeps the moves that hit."""
    if not atk.is_combo:
        return
    a = atk.attacker
    for i, m in enumerate(list(atk.moves[:-1])):
        if Draw.pull not in _draws(m) or _mode(ctx, atk, m) == "push":
            continue  # ordinary Knock Back chosen: the Combo rules of Draw Closer do not apply (000 L4015)
        roll = ctx.roll(a.id, "tactics_check", Die(5), f"Draw Closer check for {m.name}", "D.2")
        ok = roll + a.prof.tactics >= 8  # ruling: DL 10 needs a Hazard, not resolved here (000 L4005)
        ctx.note(
            "D.2",
            a.id,
            f"{m.name}: Tactics check {roll} + {a.prof.tactics} against 8 — "
            + ("success." if ok else "failure, the later moves miss."),
            "000 L4005",
            {"roll": roll, "tactics": a.prof.tactics, "dl": 8},
            {"success": ok},
        )
        if not ok:
            # ruling: a failed check draws nothing in, and the Draw Closer move, now closing the attack, does not
            # knock back either (000 L4005)
            atk.moves = atk.moves[: i + 1]
            atk.draw_modes["_failed"] = m.id
            return
        _close_in(ctx, atk, m, _own_knockback(m, a), "E")


def _close_in(ctx: Turn, atk: Attack, m: MoveProfile, n: int, label: str) -> int:
    a, d = atk.attacker, atk.defender
    before = ctx.distance(a, d)
    mode = _mode(ctx, atk, m)
    after = max(before - n, 0)  # never through to the other side (000 L4007)
    if mode == "move" and (ctx.band_mode or ctx.grid_mode):
        # ruling: on a Band Map the attacker travels the bands toward the target instead, on a Battle Grid the
        # squares along the line to him (000 L4023, L5680–L5682)
        positions.set_range(ctx, a, d, after)
        atk.draw_modes["_toward"] = d.id
        who = f"{a.id} pulls himself toward {d.id}"
    else:
        # ruling: without a map only the Range between the two changes, so Move Closer closes it the same way
        # (000 L4023)
        positions.set_range(ctx, d, a, after)
        who = f"{m.name} draws {d.id} in" if mode == "pull" else f"{a.id} pulls himself toward {d.id}"
    ctx.note(
        label,
        a.id,
        f"{who}: Range {before} → {after}.",
        "000 L4001–L4009, L4019–L4025",
        {"ranges": n},
        {"range": after},
    )
    return before - after


def draws(ctx: Turn, atk: Attack) -> bool:
    """Whether the attack's closing Knock Back is a Draw Closer one (its last move, unless Knock Back was picked)."""
    last = atk.moves[-1]
    return Draw.pull in _draws(last) and _mode(ctx, atk, last) != "push"


def close_in(ctx: Turn, atk: Attack, n: int) -> None:
    """E.3 in place of Knock Back: the closing move draws the target in by the Knock Back distance."""
    if n > 0 and ctx.distance(atk.attacker, atk.defender) > 0 and "_failed" not in atk.draw_modes:
        _close_in(ctx, atk, atk.moves[-1], n, "E.3")
