"""Moveable Bomb (000 L2889–L2899): a live Bomb with this Liability can be kicked along with a Basic Move.

Declared as a Basic Move attack (alone, or opening a Combo) followed by the decision ``move_bomb`` (``act`` with
``target`` the Bomb's owner, ``direction`` toward or away from the declared target; ``pass`` by default).

* Band Map: the kicker stands in the Bomb's band; the kick hits by itself and its damage, rolled against Stamina
  0, pushes the Bomb 1 band per 2 points (rounded up) the full distance, to the edge of the map at most. The rest of
  the Combo, if any, is then an attack on the declared target without the kick's damage.
* No map: the kick is rolled as an attack on the declared opponent (the kick itself hurts nobody); on a hit its
  damage is the number of Ranges the Bomb travels toward him from the kicker, and he is in its blast if it ends
  within its reach (Range 0–1, Range 0 with No Range) of him (000 L2899).
"""

from __future__ import annotations

from dataclasses import replace

from ....catalogue.table_records import Kickable
from ...contract.model_types import OngoingEffectId
from ...contract.models import Choice, DecisionValue, Direction
from ...state.action import Attack
from ...state.combatant import Combatant, Effect
from ...state.entry_tables import EntryTable, of_records
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn, die_for_step
from .. import grid

# Bombs a Basic Move may kick, and the damage that moves one a band (rounded up; 000 L2889–L2899).
KICKABLE: EntryTable[int] = of_records("kickable_bomb", Kickable, lambda found: found[0].damage_per_band)


def _kickable(ctx: Turn, f: Combatant) -> list[tuple[Combatant, Effect]]:
    out = []
    for i in ctx.order:
        o = ctx.fighters[i]
        for e in o.ongoing:
            m = o.move(e.move or "") if e.id == OngoingEffectId.bomb else None
            if m is None or KICKABLE.first(m.entries) is None:
                continue
            if ctx.band_mode and e.band != ctx.bands.get(f.id):
                continue  # at Range 0 from the Bomb only (000 L2897)
            if ctx.grid_mode and e.square != ctx.squares.get(f.id):
                continue  # on the Battle Grid: in its square
            out.append((o, e))
    return out


def choose(
    ctx: Turn, f: Combatant, moves: list[MoveProfile], target: Combatant | None
) -> tuple[Combatant, Effect, bool] | None:
    """The Bomb this Basic Move attack kicks, if the player says so: (owner, Bomb, toward the target)."""
    if not moves or moves[0].kind != "basic" or target is None:
        return None
    live = _kickable(ctx, f)
    if not live:
        return None
    key, d = ctx.decide(
        f.id,
        "move_bomb",
        "D.1",
        f"{f.id} may kick a live Bomb with {moves[0].name} (act, target the "
        "Bomb's owner, direction toward or away from his target) or attack as usual (pass).",
        DecisionValue(choice=Choice.pass_),
    )
    if d.choice in (None, Choice.pass_):
        return None
    owner = ctx.fighters.get(d.target or live[0][0].id)
    found = next(((o, e) for o, e in live if o is owner), None)
    if d.choice is not Choice.act or found is None:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: act with `target` the owner of a Bomb "
            + ("in his band" if ctx.band_mode else "in his square" if ctx.grid_mode else "in play")
            + ", or pass.",
            key=key,
        )
    assert found is not None
    return found[0], found[1], d.direction is not Direction.away


def kick_damage(ctx: Turn, f: Combatant, m: MoveProfile) -> int:
    """The Basic Move's damage against the Bomb, which counts as Stamina 0 (000 L2897)."""
    step = (m.damage_step or 0) + f.prof.strength
    roll = ctx.roll(f.id, "bomb_kick", die_for_step(step), f"{m.name} kicking the Bomb", "E.1")
    return max(roll + f.prof.dmg_bonus, 1)


def _note_band(ctx: Turn, f: Combatant, owner: Combatant, e: Effect, before: int) -> None:
    ctx.note(
        "E.3",
        f.id,
        f"{f.id} kicks {owner.id}'s Bomb from band {before} to band {e.band}.",
        "000 L2897",
        {"from": before},
        {"band": e.band},
    )


def kick_on_map(
    ctx: Turn, f: Combatant, m: MoveProfile, owner: Combatant, e: Effect, target: Combatant, toward: bool
) -> None:
    """Band Map: the kick hits by itself; 1 band per 2 damage, rounded up, the full distance (000 L2897)."""
    dmg = kick_damage(ctx, f, m)
    bomb = owner.move(e.move or "")
    per = (KICKABLE.first(bomb.entries) if bomb is not None else None) or 2
    n = -(-dmg // per)
    if ctx.grid_mode:
        _kick_on_grid(ctx, f, m, owner, e, target, toward, (dmg, n))
        return
    here = e.band or ctx.bands[f.id]
    aim = ctx.bands[target.id]
    sign = (1 if aim > here else -1 if aim < here else ctx.last_mover.get(f.id, 1)) * (1 if toward else -1)
    before = here
    e.band = min(max(here + sign * n, 1), 6)
    ctx.note(
        "E.1",
        f.id,
        f"{m.name} kicks the Bomb for {dmg} damage: {n} band(s).",
        "000 L2897",
        {"damage": dmg},
        {"ranges": n},
    )
    _note_band(ctx, f, owner, e, before)


def _kick_on_grid(
    ctx: Turn,
    f: Combatant,
    m: MoveProfile,
    owner: Combatant,
    e: Effect,
    target: Combatant,
    toward: bool,
    dmg_n: tuple[int, int],
) -> None:
    """Battle Grid: 1 square per 2 damage along the line toward (or away from) his target, stopping at the edge
    (000 L2897, L5680–L5682)."""
    dmg, n = dmg_n
    here = e.square or ctx.squares.get(f.id) or grid.CENTRE
    aim = ctx.squares.get(target.id)
    step = grid.line(here, aim) if aim is not None and aim != here else ctx.grid_step.get(f.id, grid.STEPS[0])
    if not toward:
        step = (-step[0], -step[1])
    before = here
    e.square = grid.slide(here, step, n)
    ctx.note("E.1", f.id, f"{m.name} kicks the Bomb for {dmg} damage: {n} square(s).", "000 L2897", {"damage": dmg})
    ctx.note(
        "E.3",
        f.id,
        f"{f.id} kicks {owner.id}'s Bomb from square {before} to square {e.square}.",
        "000 L2897",
        {"from": list(before)},
        {"square": list(e.square)},
    )


def aim_payload(m: MoveProfile) -> MoveProfile:
    """Without a map the kick is rolled as an attack on the opponent but hurts nobody itself."""
    return replace(m, damage_step=None, keywords=(m.keywords - {"knockback", "stun", "knocks_down"}) | {"no_damage"})


def after_roll(ctx: Turn, atk: Attack, hit: bool, kick: MoveProfile, owner: Combatant, e: Effect) -> None:
    """No map: on a hit the kick's damage is the Ranges the Bomb travels toward the opponent (000 L2899)."""
    f, o = atk.attacker, atk.defender
    if not hit:
        ctx.note("E.1", f.id, f"The kick misses: {owner.id}'s Bomb stays where it was.", "000 L2899")
        return
    dmg = kick_damage(ctx, f, kick)
    bm = owner.move(e.move or "")
    reach = 0 if bm is not None and bm.trait(MoveTrait.bomb_no_range) else 1
    left = max(ctx.distance(f, o) - dmg, 0)
    caught = left <= reach and not (o is owner and bm is not None and bm.trait(MoveTrait.bomb_self_invulnerability))
    e.target = o.id if caught else None
    ctx.note(
        "E.1",
        f.id,
        f"{f.id} kicks {owner.id}'s Bomb {dmg} Range(s) toward {o.id}: it ends Range {left} from "
        "him, " + ("in" if caught else "out of") + " its blast.",
        "000 L2899",
        {"damage": dmg},
        {"caught": caught},
    )
