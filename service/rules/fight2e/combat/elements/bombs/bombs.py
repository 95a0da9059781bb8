"""Bombs: placing one with a Utility move, its 1d8 timer, the explosion at the start of a later turn before
Initiative, Controlled Detonation's Detonate Command Move (000 L2843–L2931).

A live Bomb is an ``ongoing_effects`` entry ``bomb`` of its owner: ``move`` the Bomb move, ``time_left`` the count
still to run (0: it goes off at the start of the next turn; with Controlled Detonation the count before it
fizzles), ``since`` the turn it was placed, ``band`` its band on a Band Map and, without a map, ``target`` the
opponent the Maneuver Roll left in its blast (none: nobody), and ``charges`` a Power Up's extra damage.
"""

from __future__ import annotations

from dataclasses import replace

from .....dice import Die
from ....moves.price import KI_SHIFT
from ...contract.model_types import OngoingEffectId
from ...contract.models import Choice, CombatOptions, DecisionValue, Direction, OngoingEffect
from ...protocol.names import AttackContext
from ...registry.elements import Element, at, carried, register
from ...state.action import Attack
from ...state.combatant import Combatant, Effect
from ...state.profile import MoveProfile, MoveTrait, command_move
from ...state.turn import Turn
from .. import grid
from ..power_up import power_up_utility
from ..throws.multi_part_throw import sealed

MAX_BOMBS = 4  # Multiple Bombs (000 L2903)
FIZZLE = 5  # Controlled Detonation: a 5-count undetonated, then gone (000 L2879)


def detonate_command(moves: dict[str, MoveProfile]) -> MoveProfile | None:
    """The L2 Detonate Command Move (Utility, Normal Move, Instantaneous; Ender, Basic) for a fighter whose Bomb has
    Controlled Detonation (000 L2881–L2887)."""
    if not any(m.trait(MoveTrait.controlled_detonation) for m in moves.values()):
        return None
    return command_move("detonate", "Detonate", 2, ("instantaneous", "normal_move", "utility"), ("ender", "basic"))


def _live(f: Combatant) -> list[Effect]:
    return [e for e in f.ongoing if e.id == OngoingEffectId.bomb]


def place(ctx: Turn, f: Combatant, m: MoveProfile, ref: Combatant | None) -> Effect | None:
    """C.5: the Bomb goes down next to the user (000 L2849–L2851, L2855, L2857). Returns a Short Timer Bomb that
    goes off after the action (G.1) already."""
    live = _live(f)
    multiple = m.trait(MoveTrait.multiple_bombs) > 0
    if live and not multiple:
        ctx.note("C.5", f.id, f"{f.id} already has a Bomb in play: {m.name} does nothing.", "000 L2851")
        return None
    if multiple and len(live) >= MAX_BOMBS:
        f.ongoing.remove(live[0])
        ctx.note("C.5", f.id, f"{f.id}'s oldest Bomb disappears to make room for a fifth.", "000 L2903")
    band = None
    target = None
    square = _grid_square(ctx, f, ref) if ctx.grid_mode else None
    if ctx.band_mode:
        _, d = ctx.decide(
            f.id,
            "bomb_place",
            "C.5",
            f"{f.id} places the Bomb in the band toward or away from his opponent.",
            DecisionValue(direction=Direction.toward),
        )
        pos = ctx.bands[f.id]
        toward = d.direction is not Direction.away
        aim = ctx.bands[ref.id] if ref is not None else pos + 1
        sign = (1 if aim >= pos else -1) * (1 if toward else -1)
        band = pos + sign if 1 <= pos + sign <= 6 else pos - sign
    elif ref is not None and square is None:
        target = ref.id if _maneuver(ctx, f, ref) else None
    if m.trait(MoveTrait.controlled_detonation):
        count, when = FIZZLE, "waits for Detonate (a 5-count at most)"
    else:
        r = ctx.roll(f.id, "bomb_timer", Die(4), f"{m.name} timer", "C.5")
        count = r - 4 if m.trait(MoveTrait.short_timer) else r  # 000 L2927
        when = f"a {r}" + (" − 4" if m.trait(MoveTrait.short_timer) else "") + "-count"
    e = Effect(OngoingEffectId.bomb, m.id, max(count, 0), ctx.turn, target, band=band, square=square)
    f.ongoing.append(e)
    where = f"band {band}" if band is not None else (f"{target} in its blast" if target else "nobody in its blast")
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} places a Bomb ({where}); it goes off after {when}.",
        "000 L2849–L2857",
        {"move": m.id},
        {"time_left": e.time_left},
    )
    return e if count <= 0 and not m.trait(MoveTrait.controlled_detonation) else None


def _grid_square(ctx: Turn, f: Combatant, ref: Combatant | None) -> tuple[int, int] | None:
    """Battle Grid: the Bomb goes in the square next to him toward or away from his opponent, along the line (as
    the band next to him, 000 L2851; 000 L5680–L5682); the other way at the edge. None off the grid."""
    here = ctx.squares.get(f.id)
    if here is None:
        return None
    _, d = ctx.decide(
        f.id,
        "bomb_place",
        "C.5",
        f"{f.id} places the Bomb in the square toward or away from his opponent.",
        DecisionValue(direction=Direction.toward),
    )
    aim = ctx.squares.get(ref.id) if ref is not None else None
    step = grid.line(here, aim) if aim is not None and aim != here else ctx.grid_step.get(f.id, grid.STEPS[0])
    if d.direction is Direction.away:
        step = (-step[0], -step[1])
    nxt = (here[0] + step[0], here[1] + step[1])
    return nxt if grid.on_grid(nxt) else (here[0] - step[0], here[1] - step[1])


def _maneuver(ctx: Turn, f: Combatant, o: Combatant) -> bool:
    """No map: a Maneuver Roll (1d10 + Tactics each, ties rolled again) against the opponent; the winner of it
    has his wish to catch him in the blast or spare him, a loser the opposite (000 L2857; digest §2.14)."""
    _, d = ctx.decide(
        f.id,
        "bomb_target",
        "C.5",
        f"{f.id}: catch {o.id} in the Bomb's blast (act) or spare him (pass)?",
        DecisionValue(choice=Choice.act),
    )
    want = d.choice is not Choice.pass_
    won = False
    for _ in range(10):
        mine = ctx.roll(f.id, "bomb_maneuver", Die(5), "Bomb Maneuver Roll", "C.5") + f.prof.tactics
        theirs = ctx.roll(o.id, "bomb_maneuver", Die(5), "Bomb Maneuver Roll", "C.5") + o.prof.tactics
        if mine != theirs:
            won = mine > theirs
            break
    caught = want if won else not want
    ctx.note(
        "C.5",
        f.id,
        f"Bomb Maneuver Roll: {f.id} {'wins' if won else 'loses'}; {o.id} is "
        + ("in the blast." if caught else "out of the blast."),
        "000 L2857",
        {"won": won},
        {"caught": caught},
    )
    return caught


@at("before_initiative", 10)
def due(ctx: Turn) -> None:
    """Start of the turn, before Initiative: every Bomb whose count has run out goes off (000 L2853); an Assault
    Bomb still there two turns after it was placed fires its shot (000 L2865)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        for e in _live(f):
            m = f.move(e.move or "")
            if m is None or e not in f.ongoing or e.since is None or e.since >= ctx.turn:
                continue
            if (
                e.time_left == 0
                and not m.trait(MoveTrait.controlled_detonation)
                and not m.trait(MoveTrait.no_detonation)
            ):
                explode(ctx, f, e, "its count has run out")
            elif m.trait(MoveTrait.assault_bomb) and e.since + 2 == ctx.turn and not f.defeated:
                assault(ctx, f, m, power_up_utility.blast_bonus(e))


def assault(ctx: Turn, f: Combatant, m: MoveProfile, bonus: int = 0) -> None:
    """The Assault Bomb's one Ranged shot at an opponent: Defense or Evasion, Hard to Evade, FS allowed, a Special
    Move's Ki damage; the Bomb is gone after this turn (000 L2865–L2867). Ruling: no Range modifier, it flies from
    the Bomb."""

    foes = ctx.opponents(f)
    if not foes:
        return
    key, d = ctx.decide(
        f.id,
        "assault_target",
        "A",
        f"{f.id}'s Assault Bomb fires: at which opponent?",
        DecisionValue(target=foes[0].id),
    )
    target = next((o for o in foes if o.id == d.target), None)
    if target is None:
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"decisions.{key}.target",
            f"{key}: choose an opponent: " + ", ".join(o.id for o in foes) + ".",
            key=key,
        )
    assert target is not None
    ctx.note("A", f.id, f"{f.id}'s Assault Bomb ({m.name}) fires at {target.id}.", "000 L2865")
    shot = payload(f, m)
    shot = replace(shot, keywords=shot.keywords | {"long_range"}, entries={**shot.entries, "ranged": 1})
    _strike(ctx, f, target, m, shot, "bomb_shot", bonus)


def _strike(
    ctx: Turn, f: Combatant, target: Combatant, m: MoveProfile, shot: MoveProfile, context: str, bonus: int
) -> None:
    """The Bomb's attack on one target: wherever he stands, no knockback, the Bomb's own Accuracy (000 L2853)."""
    acc = m.trait(MoveTrait.increased_accuracy) - m.trait(MoveTrait.decreased_accuracy)
    prev = f.ignore_range
    f.ignore_range = True
    try:
        ctx.spine.resolve(
            ctx,
            Attack(
                attacker=f,
                defender=target,
                moves=[shot],
                context=context,
                label="D",
                cost=0,
                extra_acc={"bomb_accuracy": acc} if acc else {},
                apply_knockback=False,
                extra_damage=bonus,
            ),
        )
    finally:
        f.ignore_range = prev


def detonate(ctx: Turn, f: Combatant) -> None:
    """Detonate: every Bomb of his with Controlled Detonation goes off now (000 L2883–L2887, L2905)."""
    mine = [e for e in _live(f) if (m := f.move(e.move or "")) is not None and m.trait(MoveTrait.controlled_detonation)]
    if not mine:
        ctx.note("C.5", f.id, f"{f.id} has no Bomb waiting: Detonate does nothing.", "000 L2887")
    for e in mine:
        explode(ctx, f, e, "Detonate")


def _apart(ctx: Turn, e: Effect, o: Combatant) -> int:
    """Bands, or squares on a Battle Grid (diagonals 1, off the grid Range 5; 000 L5676, L5678), from the Bomb."""
    if ctx.grid_mode and e.square is not None:
        there = ctx.squares.get(o.id)
        return grid.dist(e.square, there) if there is not None else 5
    return abs(ctx.bands[o.id] - (e.band or 0))


def victims(ctx: Turn, f: Combatant, e: Effect, m: MoveProfile) -> list[Combatant]:
    placed = (ctx.band_mode and e.band is not None) or (ctx.grid_mode and e.square is not None)
    if not placed:
        t = ctx.fighters.get(e.target or "")
        return [t] if t is not None and t.active and t is not f else []
    reach = 0 if m.trait(MoveTrait.bomb_no_range) else 1  # 000 L2917–L2919
    out = [o for i in ctx.order if (o := ctx.fighters[i]).active and _apart(ctx, e, o) <= reach]
    if m.trait(MoveTrait.bomb_self_invulnerability):
        out = [o for o in out if o is not f]  # 000 L2921–L2923

    return [o for o in out if not sealed(ctx, f, o)]  # a Multi-Part Throw pair is out of reach (000 L3769)


def payload(f: Combatant, m: MoveProfile) -> MoveProfile:
    """The explosion as an Offensive move: Ki damage without Strength from a Special's 1d6 (a Super's 1d8) with its
    Increased/Decreased Damage and Multi Hit (000 L2853, L3976–L3981)."""
    inc, mh = m.trait(MoveTrait.increased_damage), m.trait(MoveTrait.multi_hit)
    step = (
        (1 if m.is_super else 0)
        + inc // 2
        - m.trait(MoveTrait.decreased_damage)
        + KI_SHIFT.get(min(max(f.prof.ki, 1), 10), 0)
    )
    kws = (m.keywords - {"utility", "time_count"}) | {"offensive", "normal", "stun"}
    return replace(
        m,
        keywords=frozenset(kws),
        damage_step=step,
        ki_based=True,
        min_roll=1 + mh % 2 + inc % 2,
        flat_bonus=mh // 2,
        range=(0, 6),
        accuracy_parts=(),
    )


def explode(ctx: Turn, f: Combatant, e: Effect, why: str) -> None:
    """An attack against everyone in the blast, against his Defense Skill, no FS on Accuracy (000 L2853)."""

    if e in f.ongoing:
        f.ongoing.remove(e)
    m = f.move(e.move or "")
    if m is None:
        return
    ctx.note("A", f.id, f"{f.id}'s Bomb ({m.name}) explodes: {why}.", "000 L2853")
    shot = payload(f, m)
    for v in victims(ctx, f, e, m):
        if v.defeated or f.defeated:
            continue
        _strike(ctx, f, v, m, shot, AttackContext.bomb, power_up_utility.blast_bonus(e))


@register
class Bombs(Element):
    """A live Bomb, and Controlled Detonation's Detonate Command Move (000 L2843–L2931)."""

    effects = frozenset({"bomb"})
    entries = frozenset(
        {
            "bomb",
            "bomb.assault_bomb",
            "bomb.controlled_detonation",
            "bomb.multiple_bombs",
            "bomb.no_detonation",
            "bomb.no_range",
            "bomb.self_invulnerability",
            "bomb.short_timer",
        }
    )
    order = 20

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        eff = carried(raw)
        bm = f.move(eff.move) if eff.move else None
        if (
            bm is None
            or not bm.trait(MoveTrait.bomb)
            or eff.since is None
            or eff.time_left is None
            or (ctx.band_mode and eff.band is None)
            or (ctx.grid_mode and eff.square is None)
        ):
            ctx.fail(
                "STATE_INCONSISTENT_STATUS",
                path,
                f"{f.id}: a Bomb needs its Bomb move, count, turn placed and (Band Map) band or (Battle Grid) square.",
            )
        f.ongoing.append(eff)

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        if ctx.round_over:
            return None  # ruling: a Bomb does not outlast the round
        m = f.move(e.move) if e.move else None
        if m is not None and m.trait(MoveTrait.assault_bomb) and e.since is not None and e.since + 2 <= ctx.turn:
            ctx.note("H.3", f.id, f"{f.id}'s Assault Bomb disappears after its shot.", "000 L2867")
            return []
        bleft = max((e.time_left or 0) - elapsed, 0)
        if bleft == 0 and m is not None and m.trait(MoveTrait.controlled_detonation):
            ctx.note("H.3", f.id, f"{f.id}'s undetonated Bomb fizzles out.", "000 L2879")
            return []
        return [replace(e, time_left=bleft)]

    def commands(self, moves: dict[str, MoveProfile], options: CombatOptions) -> dict[str, MoveProfile]:
        detonate = detonate_command(moves)
        return {detonate.id: detonate} if detonate is not None else {}
