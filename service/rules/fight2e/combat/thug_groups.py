"""Thug groups as combatants of a Thug Thrashing turn (000 L6646–L6724): each group loaded from the request with its
build's fighting figures, its Initiative, its movement and its Thug Basic Attack against the Fighters in reach,
the Fighters' defences against it (Agility in place of Evasion, the Agility dodge), and the Thug Event roll at
the end of the turn. The rule figures are the Thug cores' (``thugs/``); this module rolls their dice by key and
asks their decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...dice import Die
from ..thugs import attacks, defending, events
from ..thugs.build import validate_thug
from ..thugs.catalogue import thug_catalogue
from ..thugs.dice import die_step
from ..thugs.models import ThugRequest
from ..thugs.schema import ThugEvent
from .fighter import F
from .models import (
    ActionType,
    Choice,
    ChoiceOption,
    DecisionValue,
    DefenseOption,
    Direction,
    GloryAward,
    ThugGroupState,
)
from .state import Ctx

D4, D6, D10 = Die(2), Die(3), Die(5)
FARTHEST = 4  # a group is never pushed past Range 4 (000 L5950)
RESOLVED_TRAITS = frozenset({"reach", "ranged", "gun", "mobile", "robust"})  # the traits a turn applies
MAX_OVERRUN = 6  # Overrun chains: a bound on hostile dice, far above any real chain (000 L6780)


@dataclass
class Group:
    """One Thug group during the turn."""

    id: str
    index: int
    state: ThugGroupState
    members: int
    ranges: dict[str, int]
    traits: frozenset[str]
    initiative: str
    accuracy: int
    damage: str
    defense: int
    life_save: int
    threat_level: int
    now: events.NextTurn
    init: int = 0
    drawn: list[str] = field(default_factory=list)  # next-turn events drawn at this turn's end

    @property
    def path(self) -> str:
        return f"fight.thugs[{self.index}]"


def skill(ctx: Ctx, f: F, name: str) -> int:
    """A Narrative Skill's level on the sheet; untrained counts 0."""
    sheet = ctx.req.fighters[f.index].sheet
    wanted = name.replace("_", "")
    levels = [s.level for s in sheet.narrative_skills if "".join(c for c in s.id.lower() if c.isalnum()) == wanted]
    return max(levels) if levels else 0


def award(ctx: Ctx, fid: str, points: int, reason: str, ref: str) -> None:
    """Raw Glory against Thugs: kept whole through the combat and divided only at its end (000 L6547, L6728), so
    no per-turn Power Level ratio applies."""
    if points == 0:
        return
    ctx.fighters[fid].glory_round += points
    ctx.glory.append(GloryAward.model_construct(fighter=fid, points=points, reason=reason, ref=ref))


def _event_by_id(ident: str) -> ThugEvent | None:
    return next((e for e in thug_catalogue().events.events if e.id == ident), None)


def load(ctx: Ctx) -> list[Group]:
    """The groups of ``fight.thugs``, their builds checked as ``thugs/validate`` checks them, and last turn's
    next-turn events put in force (000 L6738)."""
    out: list[Group] = []
    for i, s in enumerate(ctx.req.fight.thugs):
        path = f"fight.thugs[{i}]"
        if s.id in ctx.fighters or any(g.id == s.id for g in out) or s.id == "fight":
            ctx.fail("STATE_DUPLICATE_FIGHTER", f"{path}.id", f"'{s.id}' names a Fighter or another group.")
        v = validate_thug(ThugRequest.model_construct(thug=s.thug, options=ThugRequest.model_fields["options"].default))
        eff = v.effective
        if not v.valid or eff.initiative is None or eff.damage is None:
            why = v.violations[0].message if v.violations else "a die off the die chain"
            ctx.fail("THUG_GROUP_INVALID", f"{path}.thug", f"{s.id}: the Thug build breaks a rule ({why}).")
        drawn: list[ThugEvent] = []
        for j, ident in enumerate(s.next_turn_events):
            e = _event_by_id(ident)
            if e is None:
                ctx.fail("THUG_STATE_INVALID", f"{path}.next_turn_events[{j}]", f"{s.id}: no Thug Event '{ident}'.")
            drawn.append(e)
        traits = frozenset({q.id for q in s.thug.qualities} | set(s.thug.weaknesses))
        g = Group(
            id=s.id,
            index=i,
            state=s,
            members=s.members,
            ranges=dict(s.ranges),
            traits=traits,
            initiative=eff.initiative,
            accuracy=eff.accuracy,
            damage=eff.damage,
            defense=eff.defense,
            life_save=eff.life_save,
            threat_level=eff.threat_level,
            now=events.next_turn(drawn),
        )
        for t in sorted(traits - RESOLVED_TRAITS):
            ctx.unsupported_rule(
                f"thug_trait:{t}", f"{path}.thug", f"the group's {t} is priced but not applied in a turn yet"
            )
        for fid, f in ctx.fighters.items():
            if f.active and fid not in g.ranges:
                ctx.fail("STATE_RANGE_OUT_OF_RANGE", f"{path}.ranges", f"{s.id} has no Range to {fid}.")
        for fid in g.ranges:
            if fid not in ctx.fighters:
                ctx.fail("UNKNOWN_FIGHTER", f"{path}.ranges.{fid}", f"No fighter '{fid}'.")
        out.append(g)
    return out


def rout(ctx: Ctx, g: Group) -> None:
    """Rout: a Thug slips away at the start of the turn, for no Glory (000 L6771)."""
    gone = min(g.now.members_leaving, g.members)
    if gone and g.members:
        before = g.members
        g.members -= gone
        ctx.note("A.1", g.id, f"{g.id}: {gone} Thug flees (Rout): {before} → {g.members} members.", "000 L6771")


def store(ctx: Ctx, groups: list[Group]) -> None:
    ctx.thug_state = [
        g.state.model_copy(update={"members": g.members, "ranges": dict(g.ranges), "next_turn_events": g.drawn[:8]})
        for g in groups
    ]


# ── Initiative ──────────────────────────────────────────────────────────────────────────────────


def roll_initiative(ctx: Ctx, g: Group) -> None:
    """One Initiative die per group and no Control (000 L6652), one size more after Plenty of Room (000 L6772)."""
    step = die_step(g.initiative) or 0
    die = Die(max(step + g.now.initiative_steps, 0))
    g.init = ctx.roll(g.id, "init", die, "Initiative (Thug group)", "A.2")
    ctx.note(
        "A.2",
        g.id,
        f"{g.id} rolls {die} for Initiative: {g.init} (a group rolls no Control).",
        "000 L6652",
        inputs={"die": str(die), "face": g.init},
    )


# ── The group's turn ───────────────────────────────────────────────────────────────────────────


def _nearest(ctx: Ctx, g: Group) -> F | None:
    fighters = [f for f in ctx.fighters.values() if f.active]
    return min(fighters, key=lambda f: g.ranges[f.id]) if fighters else None


def _default_move(ctx: Ctx, g: Group) -> DecisionValue:
    """The Director's usual play: attack whoever is in reach, else close in to engage (000 L6672)."""
    near = _nearest(ctx, g)
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


def _move_choices(ctx: Ctx, g: Group) -> list[ChoiceOption]:
    out = [_choice(DecisionValue(action=ActionType.none), "stay and do nothing")]
    with_attack = attacks.movement(g.traits, attacking=True)
    without = attacks.movement(g.traits, attacking=False)
    for f in (f for f in ctx.fighters.values() if f.active):
        for n in range(with_attack + 1):
            out.append(
                _choice(
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
                    _choice(
                        DecisionValue(action=ActionType.move, movement=n, direction=d, target=f.id),
                        f"move {n} {d.value} {f.id}, no attack",
                    )
                )
    return out


def _choice(value: DecisionValue, text: str, fs: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=fs, control=0, text=text, can_hit=None)


def act(ctx: Ctx, g: Group, queue: list[tuple[str, str]]) -> None:
    """The group's movement, then one Thug's attack on each Fighter in reach while Thugs last (000 L6672–L6682)."""
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
    _move(ctx, g, v, key, attacking)
    if not attacking:
        ctx.note("C", g.id, f"{g.id} does not attack this turn.", "000 L6672")
        return
    in_reach = [f for f in ctx.fighters.values() if f.active and attacks.in_reach(g.traits, g.ranges[f.id])]
    n = attacks.attackers(len(in_reach), g.members)
    targets = _targets(ctx, g, in_reach, n)
    if not targets:
        ctx.note("C", g.id, f"{g.id} has nobody in reach.", "000 L6676")
    for f in targets:
        attack(ctx, g, f, queue)


def _move(ctx: Ctx, g: Group, v: DecisionValue, key: str, attacking: bool) -> None:
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


def _fighter_target(ctx: Ctx, g: Group, target: str | None, key: str) -> F:
    active = [f for f in ctx.fighters.values() if f.active]
    if target is None and len(active) == 1:
        return active[0]
    f = ctx.fighters.get(target or "")
    if f is None or not f.active:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no active Fighter '{target}'.", key=key)
    return f


def _targets(ctx: Ctx, g: Group, in_reach: list[F], n: int) -> list[F]:
    """Fewer Thugs than Fighters in reach: the Director picks whom they attack (000 L6676)."""
    if n >= len(in_reach):
        return in_reach
    chosen: list[F] = []
    for _ in range(n):
        left = [f for f in in_reach if f not in chosen]
        key, v = ctx.decide(
            g.id,
            "target",
            "C",
            f"{g.id} has fewer Thugs than Fighters in reach: whom does the next one attack?",
            DecisionValue(target=left[0].id),
            [_choice(DecisionValue(target=f.id), f"attack {f.id}") for f in left],
        )
        pick = next((f for f in left if f.id == v.target), None)
        if pick is None:
            ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: '{v.target}' is not in reach.", key=key)
        chosen.append(pick)
    return chosen


# ── A Thug attack on a Fighter ──────────────────────────────────────────────────────────────────


def _defense(ctx: Ctx, f: F, g: Group, halved: bool) -> int:
    """Defense, Evasion, or Agility (Acrobatics at half) in place of Evasion, alone or with Defense, plus FS up to
    PL (000 L6696–L6708); Blitz halves the skills (000 L6779)."""
    p = f.prof
    agility = defending.agility_level(skill(ctx, f, "agility"), skill(ctx, f, "acrobatics"))
    fee = 1 if ctx.opts.thug_thrashing.combined_defense_fee else 0
    best = DefenseOption.defense if p.defense >= max(p.evasion, agility) else DefenseOption.evasion
    default = DecisionValue(defense=best, agility=agility > p.evasion and best is DefenseOption.evasion, fs=0)
    cap = min(f.fs, f.pl)

    def choices() -> list[ChoiceOption]:
        out = []
        for opt in (DefenseOption.defense, DefenseOption.evasion, DefenseOption.defense_evasion):
            for ag in (False, True) if opt is not DefenseOption.defense else (False,):
                extra = fee if opt is DefenseOption.defense_evasion else 0
                for n in range(min(cap, f.fs - extra) + 1):
                    text = f"{opt.value}{' (Agility)' if ag else ''} + {n} FS"
                    out.append(_choice(DecisionValue(defense=opt, agility=ag or None, fs=n), text, n + extra))
        return out

    key, v = ctx.decide(
        f.id,
        "defense",
        "D.4",
        f"{f.id} is attacked by {g.id}: Defense, Evasion or Agility (alone or with Defense), and FS to add.",
        default,
        choices,
    )
    opt = v.defense or best
    if opt is DefenseOption.tactics:
        ctx.fail("DECISION_INVALID", f"{key}.defense", f"{key}: Tactics is not a defence against Thugs.", key=key)
    other = agility if v.agility else p.evasion
    totals = {
        DefenseOption.defense: p.defense,
        DefenseOption.evasion: other,
        DefenseOption.defense_evasion: max(p.defense, other) + min(p.defense, other) // 2,
    }
    fs = v.fs or 0
    extra = fee if opt is DefenseOption.defense_evasion else 0
    if fs > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {f.pl}.", key=key)
    if fs + extra > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS.", key=key)
    f.fs -= fs + extra
    base = totals[opt] // 2 if halved else totals[opt]
    return base + p.def_bonus + fs


def attack(ctx: Ctx, g: Group, f: F, queue: list[tuple[str, str]], halved: bool = False) -> None:
    """One Thug's Basic Attack on ``f``: 1d6 + Accuracy and the Range's modifier against his Defense Total; a hit
    rolls the group's Damage moved by his Stamina, with no Knock Back and no Hit Stun (000 L6680–L6694)."""
    dist = g.ranges[f.id]
    dt = _defense(ctx, f, g, halved)
    face = ctx.roll(g.id, "attack", D6, f"Thug attack on {f.id}", "D.6")
    total = attacks.attack_total(face, g.accuracy + g.now.accuracy, g.traits, dist)
    hit = total >= dt
    ctx.note(
        "D.6",
        g.id,
        f"{g.id} attacks {f.id} at Range {dist}: {face} → {total} against Defense Total {dt}: "
        + ("hit." if hit else "miss."),
        "000 L6680, L5708",
        inputs={"face": face, "total": total, "defense_total": dt},
    )
    if not hit:
        return
    die = attacks.damage_die(g.damage, g.now.damage_steps, -f.prof.stamina)
    dmg = ctx.roll(g.id, "damage", Die(die_step(die) or 0), f"Thug damage on {f.id}", "E.1")
    if "ranged" in g.traits and _dodged(ctx, g, f, dmg, dist, queue):
        return
    hurt(ctx, f, g, dmg, f"{g.id}'s hit ({die})")


def _dodged(ctx: Ctx, g: Group, f: F, dmg: int, dist: int, queue: list[tuple[str, str]]) -> bool:
    """The Agility dodge after a Ranged group's hit: 1d10 + Agility against 4 + the damage (000 L6704–L6706)."""
    _, v = ctx.decide(
        f.id,
        "agility_dodge",
        "E.1",
        f"{f.id} is hit by {g.id}'s ranged attack for {dmg}: try to dodge it with Agility?",
        DecisionValue(choice=Choice.act),
        [_choice(DecisionValue(choice=Choice.act), "dodge"), _choice(DecisionValue(choice=Choice.pass_), "take it")],
    )
    if v.choice is not Choice.act:
        return False
    level = defending.agility_level(skill(ctx, f, "agility"), skill(ctx, f, "acrobatics"))
    face = ctx.roll(f.id, "agility", D10, "Agility dodge", "E.1")
    d = defending.agility_dodge(dmg, face, level, 0, dist, g.members)
    ctx.note(
        "E.1",
        f.id,
        f"{f.id}'s Agility dodge: {face} + {level} = {d.total} against {d.difficulty}: "
        + ("no damage." if d.dodged else "the hit stands."),
        "000 L6704",
        inputs={"face": face, "difficulty": d.difficulty},
    )
    if d.eliminates:
        queue.append((f.id, g.id))
    return d.dodged


def hurt(ctx: Ctx, f: F, g: Group, dmg: int, what: str) -> None:
    """Life Bar loss that counts toward Stun (000 L6682, L5974–L5990); the group is one opponent for Super Energy
    (000 L5264)."""
    f.life_loss_from.add(g.id)
    before = f.life
    f.life = max(f.life - dmg, 0)
    ctx.note(
        "E.2",
        f.id,
        f"{what}: {f.id} loses {before - f.life} Life Bar: {before} → {f.life}.",
        "000 L6682, L5924",
        change={"life_bar": f.life},
    )
    if f.life == 0:
        f.defeated = True
        ctx.note("E.2", f.id, f"{f.id} is defeated.", "000 L5924")
    elif dmg > f.stun_threshold and not f.stunned:
        f.stunned = 2
        f.times_stunned += 1
        ctx.note("E.3", f.id, f"{dmg} is above {f.id}'s Stun Threshold: Stunned.", "000 L5974–L5990")


# ── End of the turn ─────────────────────────────────────────────────────────────────────────────


def eliminations(ctx: Ctx, groups: list[Group], queue: list[tuple[str, str]]) -> None:
    """A successful dodge close to a group of two or more takes one Thug out now, for 1 Glory (000 L6706); the
    conditions are checked again here (ruling: the group may have changed since the dodge)."""
    by_id = {g.id: g for g in groups}
    for fid, gid in queue:
        g, f = by_id[gid], ctx.fighters[fid]
        if g.members < defending.ELIMINATION_MEMBERS or g.ranges[fid] > defending.ELIMINATION_REACH or not f.active:
            continue
        _, v = ctx.decide(
            fid,
            "eliminate",
            "H.1",
            f"{fid} dodged {gid}'s shot up close: take one of its Thugs out for 1 Glory?",
            DecisionValue(choice=Choice.act),
            [
                _choice(DecisionValue(choice=Choice.act), "take one out"),
                _choice(DecisionValue(choice=Choice.pass_), "no"),
            ],
        )
        if v.choice is Choice.act:
            g.members -= 1
            ctx.note("H.1", fid, f"{fid} takes out one of {gid}: {g.members} left.", "000 L6706")
            award(ctx, fid, 1, f"a Thug of {gid} taken out after a dodge", "000 L6706")


def event_roll(ctx: Ctx, g: Group, queue: list[tuple[str, str]], depth: int = 0) -> None:
    """1d4 + members + Threat Level on the Thug Event chart (000 L6740–L6780)."""
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
        event_roll(ctx, g, queue, depth + 1)
    e = drawn.event
    if e is None:
        return
    if e.timing == "next_turn":
        g.drawn.append(e.id)
    elif e.drains_fighting_spirit_within is not None:
        _exhausting(ctx, g, e.drains_fighting_spirit_within, queue)
    elif e.free_attack_defense_divisor is not None:
        for f in [f for f in ctx.fighters.values() if f.active and attacks.in_reach(g.traits, g.ranges[f.id])][
            : g.members
        ]:
            attack(ctx, g, f, queue, halved=True)  # ruling: only the rolling group attacks (000 L6738, L6779)


def _exhausting(ctx: Ctx, g: Group, within: int, queue: list[tuple[str, str]]) -> None:
    """Exhausting Combat, at once: one roll of the group's damage off each Fighter's FS within reach; one with no FS
    left takes a free attack instead (000 L6773). Ruling: one roll for the event, not one per Fighter."""
    near = [f for f in ctx.fighters.values() if f.active and g.ranges[f.id] <= within]
    if not near:
        return
    roll = ctx.roll(g.id, "exhaust", Die(die_step(g.damage) or 0), "Exhausting Combat", "H.4")
    for f in near:
        left, free = events.fighting_spirit_drain(f.fs, roll)
        if free:
            ctx.note("H.4", f.id, f"{f.id} has no FS left: {g.id} gets a free attack.", "000 L6773")
            attack(ctx, g, f, queue)
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
