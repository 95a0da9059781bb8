"""What a Thug group does in a Thug Thrashing turn (000 L6646–L6780): its movement and its Basic Attack against the
Fighters in reach at its place in the order, and the Thug Event roll at the end of the turn. The rule figures are
the Thug cores' (``thugs/``); this module rolls their dice by key and asks their decisions."""

from __future__ import annotations

from collections.abc import Callable

from ....dice import Die
from ...thugs import attacks, events
from ...thugs.dice import die_step
from ..contract.models import ActionType, ChoiceOption, DecisionValue, Direction
from ..state.combatant import Combatant
from ..state.turn import Turn
from . import group as thug_group
from . import lasting
from .attacks import attack, hurt
from .group import D4, D6, D10, FARTHEST, MAX_OVERRUN, Group, choice, foes, nearest

D8 = Die(4)  # a Bomb's count (000 L2855)
# (the turn, the group that moved without attacking, each foe's Range to it before, the Ranges it moved)
React = Callable[[Turn, Group, dict[str, int], int], None]


def _default_move(ctx: Turn, g: Group) -> DecisionValue:
    """The Director's usual play: attack whoever is in reach, else close in to engage (000 L6672)."""
    near = nearest(ctx, g)
    if near is None:
        return DecisionValue(action=ActionType.none)
    dist = g.ranges[near.id]
    if attacks.in_reach(g.traits, dist):
        return DecisionValue(action=ActionType.attack, movement=0, target=near.id)
    step = attacks.movement(g.traits, attacking=True)
    if attacks.in_reach(g.traits, max(dist - step, 0)):
        return DecisionValue(action=ActionType.attack, movement=step, direction=Direction.toward, target=near.id)
    far = attacks.movement(g.traits, attacking=False)
    return DecisionValue(action=ActionType.move, movement=far, direction=Direction.toward, target=near.id)


def _move_choices(ctx: Turn, g: Group) -> list[ChoiceOption]:
    out = [choice(DecisionValue(action=ActionType.none), "stay and do nothing")]
    with_attack = attacks.movement(g.traits, attacking=True)
    without = attacks.movement(g.traits, attacking=False)
    for f in foes(ctx, g):
        for n in range(with_attack + 1):
            out.append(
                choice(
                    DecisionValue(
                        action=ActionType.attack,
                        movement=n,
                        direction=Direction.toward if n else None,
                        target=f.id,
                    ),
                    f"move {n} toward {f.id} and attack",
                )
            )
        for n in range(1, without + 1):
            for d in Direction:
                out.append(
                    choice(
                        DecisionValue(action=ActionType.move, movement=n, direction=d, target=f.id),
                        f"move {n} {d.value} {f.id}, no attack",
                    )
                )
    return out


def act(
    ctx: Turn,
    g: Group,
    queue: list[tuple[str, str]],
    strike: Callable[..., object] = attack,
    react: React | None = None,
) -> None:
    """The group's movement, then one Thug's attack on each Fighter in reach while Thugs last (000 L6672–L6682).
    ``strike`` makes each attack (Dramatic Combat wraps it with the group's Action Points); ``react`` offers the
    Fighters it closes in on their Reaction Attack (the Thug Thrashing turn's ``reactions``)."""
    if g.members <= 0:
        return
    key, v = ctx.decide(
        g.id,
        "action",
        "C",
        f"{g.id}: move and attack, or move farther without attacking.",
        _default_move(ctx, g),
        lambda: _move_choices(ctx, g),
    )
    attacking = v.action is ActionType.attack
    if v.action not in (ActionType.attack, ActionType.move, ActionType.none, None):
        ctx.fail("DECISION_INVALID", f"{key}.action", f"{key}: a Thug group only moves and attacks.", key=key)
    _move(ctx, g, v, key, attacking, react)
    if not attacking:
        ctx.note("C", g.id, f"{g.id} does not attack this turn.", "000 L6672")
        return
    if attacks.places_bomb(g.traits):
        _place_bomb(ctx, g)
        return
    in_reach = [f for f in foes(ctx, g) if attacks.in_reach(g.traits, g.ranges[f.id])]
    in_reach = [f for f in in_reach if not _spared(g, f)]
    n = attacks.attackers(len(in_reach), g.members, g.traits)
    targets = _targets(ctx, g, in_reach, n)
    if not targets:
        ctx.note("C", g.id, f"{g.id} has nobody in reach.", "000 L6676")
    g.in_slot = True
    try:
        for f in targets:
            strike(ctx, g, f, queue)
    finally:
        g.in_slot = False


def _spared(g: Group, f: Combatant) -> bool:
    """Honorable: the group does not strike a Stunned or Knocked Down opponent (000 L1453)."""
    spared = attacks.spares(g.traits)
    return ("stunned" in spared and bool(f.stunned)) or ("knocked_down" in spared and f.knocked_down)


def _move(ctx: Turn, g: Group, v: DecisionValue, key: str, attacking: bool, react: React | None) -> None:
    n = v.movement or 0
    if not n:
        return
    limit = attacks.movement(g.traits, attacking)
    if n > limit:
        ctx.fail(
            "MOVEMENT_TOO_FAR",
            f"{key}.movement",
            f"{key}: {n} Ranges; the group moves at most {limit}" + (" and attacks." if attacking else "."),
            key=key,
        )
    target = _fighter_target(ctx, g, v.target, key)
    before = g.ranges[target.id]
    every = {f.id: g.ranges[f.id] for f in foes(ctx, g)}  # on a map its move changes every Range to it
    sign = -1 if (v.direction or Direction.toward) is Direction.toward else 1
    # Ruling: without a map only this pair's Range changes (000 L6662–L6670)
    g.ranges[target.id] = min(max(before + sign * n, 0), FARTHEST)
    ctx.note(
        "C",
        g.id,
        f"{g.id} moves {n} Range{'s' if n != 1 else ''}: Range to {target.id} {before} → {g.ranges[target.id]}.",
        "000 L6672",
        inputs={"movement": n},
    )
    if not attacking and react is not None:  # Reaction Attacks answer movement without an attack (000 L6008, L6017)
        react(ctx, g, every, n)


def _fighter_target(ctx: Turn, g: Group, target: str | None, key: str) -> Combatant:
    active = [f for f in ctx.fighters.values() if f.active]
    if target is None and len(active) == 1:
        return active[0]
    f = ctx.fighters.get(target or "")
    if f is None or not f.active:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no active Fighter '{target}'.", key=key)
    return f


def _targets(ctx: Turn, g: Group, in_reach: list[Combatant], n: int) -> list[Combatant]:
    """Fewer Thugs than Fighters in reach: the Director picks whom they attack (000 L6676)."""
    if n >= len(in_reach):
        return in_reach
    chosen: list[Combatant] = []
    for _ in range(n):
        left = [f for f in in_reach if f not in chosen]
        key, v = ctx.decide(
            g.id,
            "target",
            "C",
            f"{g.id} has fewer Thugs than Fighters in reach: whom does the next one attack?",
            DecisionValue(target=left[0].id),
            [choice(DecisionValue(target=f.id), f"attack {f.id}") for f in left],
        )
        pick = next((f for f in left if f.id == v.target), None)
        if pick is None:
            ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: '{v.target}' is not in reach.", key=key)
        chosen.append(pick)
    return chosen


# ── A Bomb ───────────────────────────────────────────────────────────────────────────────────────


def _place_bomb(ctx: Turn, g: Group) -> None:
    """Every attack of the group is a Bomb move (000 L6626): its action places the Bomb, one at a time (000 L2851).
    No map: a Maneuver Roll against each Fighter, the group at its Defense (its skill, 000 L6582) and he at his
    Tactics, ties rolled again; ruling: the group wants every Fighter in the blast, so a won roll catches him and a
    lost one spares him (000 L2857). The Bomb's 1d8 count starts now (000 L2855)."""
    if any(x.id == lasting.BOMB for x in g.effects):
        ctx.note("C.5", g.id, f"{g.id} already has a Bomb in play: nothing happens.", "000 L2851")
        return
    if ctx.band_mode:
        _place_on_map(ctx, g)
        return
    caught: list[str] = []
    for f in foes(ctx, g):
        won = False
        for _ in range(10):
            mine = ctx.roll(g.id, "bomb_maneuver", D10, "Bomb Maneuver Roll", "C.5") + g.defense
            theirs = ctx.roll(f.id, "bomb_maneuver", D10, "Bomb Maneuver Roll", "C.5") + f.prof.tactics
            if mine != theirs:
                won = mine > theirs
                break
        ctx.note(
            "C.5",
            g.id,
            f"Bomb Maneuver Roll: {g.id} {'wins' if won else 'loses'}; {f.id} is "
            + ("in the blast." if won else "out of the blast."),
            "000 L2857",
        )
        if won:
            caught.append(f.id)
    count = ctx.roll(g.id, "bomb_timer", D8, "Bomb timer", "C.5")
    g.effects.append(lasting.Lasting(lasting.BOMB, ctx.turn, caught=caught, time_left=count))
    ctx.note("C.5", g.id, f"{g.id} places a Bomb; it goes off after a {count}-count.", "000 L2849–L2855")


def _place_on_map(ctx: Turn, g: Group) -> None:
    """On a Band Map the Bomb goes in a band next to the group's (000 L2849); ruling: toward its nearest Fighter (or
    the map's wider side), and it blasts whoever is within 1 band of it when it goes off (000 L2855)."""
    near = nearest(ctx, g)
    pos = ctx.thug_bands[g.id]
    aim = ctx.bands[near.id] if near is not None and ctx.bands[near.id] != pos else (6 if pos <= 3 else 1)
    band = pos + (1 if aim > pos else -1)
    count = ctx.roll(g.id, "bomb_timer", D8, "Bomb timer", "C.5")
    g.effects.append(lasting.Lasting(lasting.BOMB, ctx.turn, time_left=count, band=band))
    ctx.note("C.5", g.id, f"{g.id} places a Bomb in band {band}; it goes off after a {count}-count.", "000 L2849–L2855")


def _caught(ctx: Turn, x: lasting.Lasting) -> list[str]:
    if x.band is not None and ctx.band_mode:
        return [fid for fid, f in ctx.fighters.items() if f.active and abs(ctx.bands[fid] - x.band) <= 1]
    return list(x.caught)


def _bomb_due(ctx: Turn, g: Group) -> None:
    """Before Initiative, a Bomb whose count has run out goes off: an attack on each Fighter caught, 1d6 + the
    group's Accuracy against his Defense Skill alone (no Range modifier; ruling: his Defense Bonus stays, FS is not
    offered), and damage by the group's Damage, its default for every attack (ruling: a group has no Ki, 000 L6564),
    moved by his Stamina; it counts toward Stun, with no Knock Back (000 L2855). Ruling: a group with no Thugs left
    sets off nothing, as a defeated Fighter's Bomb (000 L2855)."""
    due = [x for x in g.effects if x.id == lasting.BOMB and x.since < ctx.turn and not x.time_left]
    for x in due:
        g.effects.remove(x)
        if not g.members:
            continue
        ctx.note("A", g.id, f"{g.id}'s Bomb explodes: its count has run out.", "000 L2855")
        for f in (ctx.fighters[fid] for fid in _caught(ctx, x) if ctx.fighters[fid].active):
            face = ctx.roll(g.id, "bomb_attack", D6, f"Bomb attack on {f.id}", "A")
            total = face + g.accuracy + g.now.accuracy
            dt = f.prof.defense + f.prof.def_bonus
            hit = total >= dt
            ctx.note(
                "A",
                g.id,
                f"{g.id}'s Bomb on {f.id}: {face} → {total} against his Defense Skill {dt}: "
                + ("hit." if hit else "miss."),
                "000 L2855",
                inputs={"face": face, "total": total, "defense_total": dt},
            )
            if not hit:
                continue
            die = attacks.damage_die(g.damage, g.now.damage_steps, -f.prof.stamina)
            dmg = ctx.roll(g.id, "bomb_damage", Die(die_step(die) or 0), f"Bomb damage on {f.id}", "A")
            hurt(ctx, f, g, dmg, f"{g.id}'s Bomb ({die})")


thug_group.UPKEEP.append(_bomb_due)


# ── A Thug attack on a Fighter ──────────────────────────────────────────────────────────────────


def event_roll(
    ctx: Turn, g: Group, queue: list[tuple[str, str]], depth: int = 0, strike: Callable[..., object] = attack
) -> None:
    """1d4 + members + Threat Level on the Thug Event chart (000 L6740–L6780). ``strike`` makes a free attack
    (Dramatic Combat wraps it with the group's Action Points, as ``act``)."""
    if g.members <= 0 or depth > MAX_OVERRUN:
        return
    face = ctx.roll(g.id, "event", D4, "Thug Event", "H.4")
    total = events.event_total(face, g.members, g.threat_level)
    drawn = events.read_chart(total)
    name = drawn.event.name if drawn.event else ("Overrun" if drawn.rerolls else "no event")
    ctx.note(
        "H.4",
        g.id,
        f"{g.id}'s Thug Event: {face} + {g.members} members + Threat Level {g.threat_level} = {total}: {name}.",
        "000 L6740–L6742",
        inputs={"face": face, "total": total},
    )
    for _ in range(drawn.rerolls):
        event_roll(ctx, g, queue, depth + 1, strike)
    e = drawn.event
    if e is None:
        return
    if e.timing == "next_turn":
        g.drawn.append(e.id)
    elif e.drains_fighting_spirit_within is not None:
        _exhausting(ctx, g, e.drains_fighting_spirit_within, queue, strike)
    elif e.free_attack_defense_divisor is not None:
        near = [f for f in foes(ctx, g) if attacks.in_reach(g.traits, g.ranges[f.id])]
        for f in [f for f in near if not _spared(g, f)][: attacks.attackers(len(near), g.members, g.traits)]:
            strike(ctx, g, f, queue, halved=True)  # ruling: only the rolling group attacks (000 L6738, L6779)


def _exhausting(
    ctx: Turn, g: Group, within: int, queue: list[tuple[str, str]], strike: Callable[..., object] = attack
) -> None:
    """Exhausting Combat, at once: one roll of the group's damage off each Fighter's FS within reach; one with no FS
    left takes a free attack instead (000 L6773). Ruling: one roll for the event, not one per Fighter."""
    near = [f for f in foes(ctx, g) if g.ranges[f.id] <= within]  # ruling: its opponents only (000 L6773)
    if not near:
        return
    roll = ctx.roll(g.id, "exhaust", Die(die_step(g.damage) or 0), "Exhausting Combat", "H.4")
    for f in near:
        left, free = events.fighting_spirit_drain(f.fs, roll)
        if free:
            ctx.note("H.4", f.id, f"{f.id} has no FS left: {g.id} gets a free attack.", "000 L6773")
            strike(ctx, g, f, queue)
            continue
        before, f.fs = f.fs, left
        ctx.note(
            "H.4",
            f.id,
            f"Exhausting Combat: {f.id} loses {before - left} FS ({roll} rolled): {before} → {left}.",
            "000 L6773",
            inputs={"roll": roll},
            change={"fs": left},
        )
