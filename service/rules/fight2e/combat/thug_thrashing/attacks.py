"""A Thug group's Basic Attack on a Fighter and the Fighter's defence against it (000 L6696–L6718): Defense,
Evasion or Agility (Acrobatics at half), the Agility dodge and the Thugs it takes out at the end of the turn, and
the damage a Fighter takes from Thugs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....dice import Die
from ...thugs import attacks, defending
from ...thugs.catalogue import thug_catalogue
from ...thugs.dice import die_step
from ..contract.models import Choice, ChoiceOption, DecisionValue, DefenseOption, DieShiftSource
from ..elements import charge, free_movement, invisibility, summon
from ..elements.effects import heal
from ..elements.effects import hit_stun as hit_stun_effect
from ..elements.sequences import sequences
from ..elements.throws import multi_part_throw
from ..protocol.names import Point
from ..registry import points as records
from ..state.combatant import Combatant
from ..state.turn import Turn
from . import lasting, move_elements
from . import stances as thug_stances
from .evasion import evaded
from .evasion import hit as evasion_lost
from .group import D6, D10, FARTHEST, Group, award, choice, fighter_range, skill
from .stances import acted


@dataclass(frozen=True)
class Hooks:
    """What Dramatic Combat adds to a Thug's hit once it lands: who takes it and at what multiple (Taking a Hit for
    Someone Else, 000 L7239–L7245), and the damage he then takes (Endure Great Hardship, 000 L7223)."""

    taker: Callable[[Combatant, int], tuple[Combatant, int]] | None = None
    damage: Callable[[Combatant, int], int] | None = None


@dataclass(frozen=True)
class Preset:
    """A Thug's attack whose Defense Total and roll were settled beforehand: a Team-Up of two groups, where the
    Fighter chooses one defence and each group rolls against its total; if either hits both hit (000 L7219)."""

    defense_total: int
    option: DefenseOption
    total: int
    hit: bool


def defense_total(ctx: Turn, f: Combatant, g: Group) -> tuple[int, DefenseOption]:
    """His one defensive option against the Thug attack of ``g`` (asked as for any Thug attack)."""
    return _defense(ctx, f, g, False)


def attack_total(ctx: Turn, g: Group, f: Combatant, option: DefenseOption, accuracy: int = 0) -> tuple[int, int, int]:
    """The group's roll on ``f``: (die face, total, the Accuracy its traits give): 1d6 + its Accuracy, the Range's
    modifier and what its Qualities add against the defence he chose (000 L6680, L5708)."""
    dist = g.ranges[f.id]
    face = ctx.roll(g.id, "attack", D6, f"Thug attack on {f.id}", "D.6")
    met = _MET.get(option, "defense")
    trait_acc = attacks.accuracy_against(g.traits, met) + attacks.throw_accuracy(g.traits, ctx.opts.throws_unblockable)
    trait_acc += lasting.wall_accuracy(f, dist)  # against a Wall (000 L6199)
    total = attacks.attack_total(face, g.accuracy + g.now.accuracy + accuracy + trait_acc, g.traits, dist)
    return face, total, trait_acc


def _defense(ctx: Turn, f: Combatant, g: Group, halved: bool) -> tuple[int, DefenseOption]:
    """Defense, Evasion, or Agility (Acrobatics at half) in place of Evasion, alone or with Defense, plus FS up to
    PL (000 L6696–L6708); Blitz halves the skills (000 L6779)."""
    p = f.prof
    agility = defending.agility_level(skill(ctx, f, "agility"), skill(ctx, f, "acrobatics"))
    fee = 1 if ctx.opts.thug_thrashing.combined_defense_fee else 0
    best = DefenseOption.defense if p.defense >= max(p.evasion, agility) else DefenseOption.evasion
    best = best if _open(f, best, f.full_defense) else DefenseOption.defense  # on Full Offense (000 L5739)
    default = DecisionValue(defense=best, agility=agility > p.evasion and best is DefenseOption.evasion, fs=0)
    cap = min(f.fs, f.pl)
    can_full = not (acted(f) or f.full_defense or f.full_agility or f.stunned or f.knocked_down)

    def choices() -> list[ChoiceOption]:
        out = []
        for opt in (DefenseOption.defense, DefenseOption.evasion, DefenseOption.defense_evasion):
            for ag in (False, True) if opt is not DefenseOption.defense else (False,):
                extra = fee if opt is DefenseOption.defense_evasion else 0
                for n in range(min(cap, f.fs - extra) + 1) if _open(f, opt, f.full_defense) else ():
                    text = f"{opt.value}{' (Agility)' if ag else ''} + {n} FS"
                    out.append(choice(DecisionValue(defense=opt, agility=ag or None, fs=n), text, n + extra))
                # Full Defense takes his first action (000 L5714, L6758), and lifts Full Offense's limit (000 L6784)
                if can_full and extra <= f.fs and _open(f, opt, True):
                    value = DecisionValue(defense=opt, agility=ag or None, fs=0, full_defense=True)
                    out.append(choice(value, f"{opt.value}{' (Agility)' if ag else ''} on Full Defense", extra))
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
    move_elements.defending(ctx, f)  # a defence loses a Sidestep Setup chance (000 L4825)
    if opt is DefenseOption.tactics:
        ctx.fail("DECISION_INVALID", f"{key}.defense", f"{key}: Tactics is not a defence against Thugs.", key=key)
    if v.full_defense and not f.full_defense:
        if not can_full:
            ctx.fail("FULL_DEFENSE_AFTER_ACTING", f"{key}.full_defense", f"{key}: {f.id} has acted.", key=key)
        thug_stances.full_defense(ctx, f, "his first action")
    if not _open(f, opt, f.full_defense):
        ctx.fail(
            "DEFENSE_OPTION_NOT_ALLOWED", f"{key}.defense", f"{key}: on Full Offense only Defense (000 L5739).", key=key
        )
    level = thug_stances.defence_total(f, opt, agility if v.agility else p.evasion)
    sequences.defended(ctx, f, [])  # a defence closes an Opening Move's window, as in the main turn (000 L3749)
    fs = v.fs or 0
    extra = fee if opt is DefenseOption.defense_evasion else 0
    if fs > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {f.pl}.", key=key)
    if fs + extra > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS.", key=key)
    f.fs -= fs + extra
    base = level // 2 if halved else level
    # his lasting effects' Defense Totals as in the main turn: flying, +4 with Evasion (000 L3370, L6646; ruling:
    # Agility in its place is an Evasion too, 000 L6700)
    lasting_bonus = sum(records.lasting_defense(f, opt.value).values()) if f.ongoing else 0
    return base + p.def_bonus + fs + lasting_bonus, opt


def _open(f: Combatant, opt: DefenseOption, full_defense: bool) -> bool:
    """On Full Offense only Defense serves, unless he is (or now goes) on Full Defense as well (000 L5739, L6784);
    after a non-attack action only Defense serves (000 L6039)."""
    if opt is DefenseOption.defense:
        return True
    # waiting on a Slow Startup move he has Defense alone (000 L4844)
    return not (f.non_attack_action or f.awaiting or move_elements.waiting(f)) and (not f.full_offense or full_defense)


def attack(
    ctx: Turn,
    g: Group,
    f: Combatant,
    queue: list[tuple[str, str]],
    halved: bool = False,
    *,
    accuracy: int = 0,
    damage_steps: int = 0,
    hit_stun: bool = True,
    hooks: Hooks | None = None,
    preset: Preset | None = None,
) -> tuple[int, str] | None:
    """One Thug's Basic Attack on ``f``: 1d6 + Accuracy and the Range's modifier against his Defense Total; a hit
    rolls the group's Damage moved by his Stamina, with no Knock Back and no Hit Stun (000 L6680–L6694).
    ``accuracy`` and ``damage_steps``: what an Action Point bought for it in Dramatic Combat (000 L7110). Returns
    the damage and its die when the hit lands, else None. ``hit_stun``: False where the caller applies the Hit
    Stun Quality itself (Dramatic Combat). ``hooks``: Dramatic Combat's say in who takes the hit and how much.
    ``preset``: the defence and roll a Team-Up settled (its hit is the pair's)."""
    dist = g.ranges[f.id]
    if free_movement.immune(f):  # in Free Movement no attack reaches him (000 L3380, L6646)
        ctx.note("D.6", g.id, f"{f.id} is in Free Movement: {g.id}'s attack cannot reach him.", "000 L3380")
        return None
    if (lock := multi_part_throw.out_of_reach(ctx, f)) is not None:  # a hold between Fighters (000 L4393, L3769)
        why = f"{g.id} cannot attack {f.id}: {lock}'s hold keeps the pair out of reach."
        ctx.note("D.6", g.id, why, "000 L4393, L3769")
        return None
    if f.invulnerable and g.in_slot and g.init == f.init:  # his Temporary Invulnerability on a tie (000 L4327)
        ctx.note("D.6", g.id, f"{g.id} strikes {f.id} at the same moment: Temporary Invulnerability.", "000 L4327")
        return None
    if preset is None:
        dt, opt = _defense(ctx, f, g, halved)
        face, total, trait_acc = attack_total(ctx, g, f, opt, accuracy)
        hit = total >= dt
        ctx.note(
            "D.6",
            g.id,
            f"{g.id} attacks {f.id} at Range {dist}: {face} → {total} against Defense Total {dt}: "
            + ("hit." if hit else "miss."),
            "000 L6680, L5708" + (", L3412, L4425" if trait_acc else ""),
            inputs={"face": face, "total": total, "defense_total": dt, "trait_accuracy": trait_acc},
        )
    else:
        dt, opt, total, hit = preset.defense_total, preset.option, preset.total, preset.hit
    evading = opt is DefenseOption.evasion
    met = _MET.get(opt, "defense")
    g.hit = g.hit or hit
    # the last attack on him and how he stopped it, for his charge moves as in the main turn (000 L3093, L4485,
    # L4521, L6646)
    f.blocked_last = not hit and opt in (DefenseOption.defense, DefenseOption.defense_evasion)
    f.last_guard = "" if hit else charge.guard_of(opt.value)
    if hit:
        invisibility.hit(ctx, f)  # a hit ends his Invisibility (000 L3591, L3597)
        summon.struck(ctx, f)  # and his Ally's stay (000 L4209)
        move_elements.cancelled(ctx, f)  # and his readied Slow Startup move (000 L4844)
    if not hit:
        if evading:
            evaded(ctx, f, g, attacks.forces_evasion_move(g.traits))  # Agility in its place (000 L6698–L6700)
        _through_block(ctx, f, g, attacks.on_miss(g.traits, met))
        return None
    first, times = f, 1
    if hooks is not None and hooks.taker is not None:
        f, times = hooks.taker(f, total)  # Taking a Hit: the damage rolled as against the first target (000 L7241)
    f.self_stun = False  # the one hit (a Taker, if any) before next turn is spared his move's Self-Stun (000 L4806)
    effects = attacks.on_hit(g.traits)
    if effects.no_damage:  # the No Damage keyword of its Element (ruling, 000 L3135, L4243, L6626)
        _no_damage_hit(ctx, f, g, effects, hit_stun)
        return None
    steps = g.now.damage_steps + damage_steps + attacks.trait_damage_steps(g.traits)
    steps += move_elements.vulnerability_steps(first, g.in_slot and g.init == first.init)  # 000 L4894, L4898
    die = attacks.damage_die(g.damage, steps, -first.prof.stamina)
    rolled = ctx.roll(g.id, "damage", Die(die_step(die) or 0), f"Thug damage on {f.id}", "E.1")
    dmg = _gradual_share(ctx, g, f, rolled, effects)
    dodging = not (f.non_attack_action or f.awaiting)  # the Defense Skill alone after a non-attack (000 L6039)
    dodgeable = not g.traits.isdisjoint(thug_catalogue().attack.agility_dodge)  # a Ranged group's (000 L6704)
    if dodgeable and dodging and f is first and _dodged(ctx, g, f, dmg, dist, queue):
        return None
    if effects.critical_steps and rolled % 2 == 0:
        g.critical_next = effects.critical_steps
        ctx.note(
            "E.5", g.id, f"{g.id}'s Critical Hit: an even {dmg}, two die sizes on next turn's Initiative.", "000 L3208"
        )
    dmg = (dmg + _juggled(ctx, g, effects)) * times
    if hooks is not None and hooks.damage is not None:
        dmg = hooks.damage(f, dmg)  # Endure Great Hardship's halving (000 L7223)
    hurt(ctx, f, g, dmg, f"{g.id}'s hit ({die})", effects.stun_extra, effects.stun)
    if f.active:
        _after_hit(ctx, f, g, effects, hit_stun)
    if lasting.GRADUAL in effects.lasting and f.active and dmg:
        g.effects.append(lasting.Lasting(lasting.GRADUAL, ctx.turn, f.id, amount=lasting.installment(rolled)))
    return dmg, die


def _gradual_share(ctx: Turn, g: Group, f: Combatant, rolled: int, effects: attacks.OnHit) -> int:
    """Gradual Effect: the hit deals one installment, ⌈rolled/3⌉ + 1, and the next two come at the end of the next
    two turns (000 L3392); ruling: the Agility dodge's DL counts the installment, the damage the hit does
    (000 L6704)."""
    if lasting.GRADUAL not in effects.lasting:
        return rolled
    part = lasting.installment(rolled)
    ctx.note(
        "E.1",
        g.id,
        f"{g.id}'s Gradual Effect: {rolled} rolled, {part} now and {part} at the end of each of the next two turns.",
        "000 L3392",
        inputs={"rolled": rolled, "installment": part},
    )
    return part


def _no_damage_hit(ctx: Turn, f: Combatant, g: Group, effects: attacks.OnHit, hit_stun: bool) -> None:
    """A hit of a No Damage Element: no Life Bar lost; a Suppression or a Wall, and the group's other On-Hit
    effects (ruling: they need a hit, not damage; 000 L6682)."""
    ctx.note("E.1", g.id, f"{g.id}'s hit on {f.id} does no damage (No Damage).", "000 L3135, L4243, L6626")
    if lasting.SUPPRESSION in effects.lasting:
        _suppress(ctx, f, g)
    if lasting.WALL in effects.lasting:
        _wall(ctx, f, g)
    if f.active:
        _after_hit(ctx, f, g, effects, hit_stun)


def _suppress(ctx: Turn, f: Combatant, g: Group) -> None:
    """Suppression for a 5-count, one full turn at least; a second Suppression hit ends the first instead
    (000 L4247, L4259)."""
    if lasting.SUPPRESSION in f.thug_lasting:
        lasting.suppress(f, (0, False), None)
        ctx.note("E.5", f.id, f"{f.id} is hit by another Suppression: his Suppression ends.", "000 L4259")
        return
    tier, lock = g.suppression
    lasting.suppress(f, (tier, lock), g.id)
    g.effects.append(lasting.Lasting(lasting.SUPPRESSION, ctx.turn, f.id, time_left=lasting.COUNT))
    parts = [
        p
        for p, on in (
            ("movement", lock),
            ("Special Moves", tier >= 2),
            ("Super Moves", tier >= 3),
            ("Techniques and Quality modifiers", tier >= 4),
            ("Basic Moves", tier >= 5),
            ("Defense, Tactics and non-attack actions", tier >= 6),
        )
        if on
    ]
    ctx.note(
        "E.5",
        f.id,
        f"{g.id} suppresses {f.id} for a {lasting.COUNT}-count (one full turn at least): no " + ", ".join(parts) + ".",
        "000 L4245–L4255",
        inputs={"tier": tier, "movement_lock": lock},
    )


def _wall(ctx: Turn, f: Combatant, g: Group) -> None:
    """The group makes a Wall at the Fighter it hit (no map, 000 L3143); one at a time (000 L3141)."""
    if any(lasting.current(ctx, g.id, x) for x in g.effects if x.id == lasting.WALL):
        ctx.note("E.5", g.id, f"{g.id} already has a Wall in play: nothing happens.", "000 L3141")
        return
    f.thug_lasting[lasting.WALL] = g.id
    g.effects.append(lasting.Lasting(lasting.WALL, ctx.turn, f.id, time_left=lasting.COUNT))
    ctx.note(
        "E.5",
        f.id,
        f"{g.id} makes a Wall at {f.id} for a {lasting.COUNT}-count: his back is against it.",
        "000 L3139–L3143, L6197",
    )


_MET = {DefenseOption.evasion: "evasion", DefenseOption.defense_evasion: "combined"}


def _through_block(ctx: Turn, f: Combatant, g: Group, lost: int) -> None:
    """Always Does Damage: a miss the Defense Skill stopped still costs Life Bar, with no Hit Stun, Stun damage or
    Knock Back (000 L2821)."""
    if not lost or not f.active:
        return
    before = f.life
    f.life = max(f.life - lost, 0)
    f.life_loss_from.add(g.id)
    ctx.note("E.2", f.id, f"{g.id}'s blocked attack still costs {f.id} {lost}: {before} → {f.life}.", "000 L2821")
    if f.life == 0:
        f.defeated = True
        ctx.note("E.2", f.id, f"{f.id} is defeated.", "000 L5924")
        award(ctx, f.id, -3, "defeated in combat", "000 L851", extra=True)


def _juggled(ctx: Turn, g: Group, effects: attacks.OnHit) -> int:
    """Bounce: a Tactics check, at the group's Defense (000 L6582), against its DL; success adds the damage
    (000 L2941)."""
    j = effects.juggle
    if j is None:
        return 0
    face = ctx.roll(g.id, Point.bounce, D10, "Bounce: Tactics check", "E.1")
    made = face + g.defense >= j.difficulty
    ctx.note(
        "E.1",
        g.id,
        f"{g.id}'s Bounce: {face} + {g.defense} against {j.difficulty}: "
        + (f"+{j.damage} damage." if made else "no juggle."),
        "000 L2941, L6582",
        inputs={"face": face},
    )
    return j.damage if made else 0


def _after_hit(ctx: Turn, f: Combatant, g: Group, effects: attacks.OnHit, hit_stun: bool) -> None:
    """The hit's effects the group's Qualities give it (000 L6682): Hit Stun (000 L6638), Knock Down (the Fighter
    stands with his next action, 000 L5958–L5970) and 1 Range of Knock Back, this pair's Range only (000 L6662)."""
    if effects.holds:  # Hit Stun, no other On-Hit effect, and no action this turn (000 L4381)
        if hit_stun:
            hit_stun_effect(ctx, f, f)
        if not f.acted:
            f.thug_hold = True
            ctx.note("E.5", f.id, f"{g.id} holds {f.id}: he cannot act this turn.", "000 L4381, L6718")
        return
    if effects.hit_stun and hit_stun:
        hit_stun_effect(ctx, f, f)
    if effects.knocks_down and not f.knocked_down:
        f.knocked_down = True
        if not acted(f):
            f.kd_before_acting = True  # −1 Initiative die next turn (000 L5964)
        ctx.note("E.4", f.id, f"{g.id}'s hit Knocks {f.id} Down.", "000 L6682, L5958–L5970", {}, {"knocked_down": True})
        move_elements.knocked_down(ctx, f)  # his Prop falls (000 L4757)
    if effects.entangles:
        if not acted(f):
            f.entangle_lost = True  # ruling: his first action, as a Knock Down's is (000 L6752)
        f.entangled = True
        ctx.note(
            "E.5", f.id, f"{g.id} Entangles {f.id}" + (": he loses his action." if not acted(f) else "."), "000 L3306"
        )
    if effects.harries:
        f.next_dice.append(("either", -1, DieShiftSource.harry))
        ctx.note(
            "E.5", f.id, f"{g.id} Harries {f.id}: one die smaller on Initiative or Control next turn.", "000 L3432"
        )
    if effects.knock_back and lasting.against_wall(f):
        ctx.note("E.3", f.id, f"{f.id} is against a Wall: no Knock Back.", "000 L6199")
    elif effects.knock_back:
        before = g.ranges[f.id]
        fighter_range(ctx, g, f, min(before + effects.knock_back, FARTHEST))
        ctx.note("E.3", f.id, f"{g.id}'s hit Knocks {f.id} Back: Range {before} → {g.ranges[f.id]}.", "000 L6682")
        if effects.advances and g.ranges[f.id] != before:
            _advance(ctx, f, g, before)


def _advance(ctx: Turn, f: Combatant, g: Group, before: int) -> None:
    """Knockback Advance: without a map the group follows and the Range stays as it was (000 L3661)."""
    _, v = ctx.decide(
        g.id,
        "advance",
        "E.3",
        f"{g.id} may follow {f.id} after the Knock Back.",
        DecisionValue(choice=Choice.act),
        lambda: [
            choice(DecisionValue(choice=Choice.act), "follow"),
            choice(DecisionValue(choice=Choice.pass_), "stay"),
        ],
    )
    if v.choice is Choice.act:
        g.ranges[f.id] = before
        ctx.note("E.3", g.id, f"{g.id} follows {f.id}: Range {before}.", "000 L3661")


def _dodged(ctx: Turn, g: Group, f: Combatant, dmg: int, dist: int, queue: list[tuple[str, str]]) -> bool:
    """The Agility dodge after a Ranged group's hit: 1d10 + Agility against 4 + the damage (000 L6704–L6706)."""
    key, v = ctx.decide(
        f.id,
        "agility_dodge",
        "E.1",
        f"{f.id} is hit by {g.id}'s ranged attack for {dmg}: try to dodge it with Agility?",
        DecisionValue(choice=Choice.act),
        [choice(DecisionValue(choice=Choice.act), "dodge"), choice(DecisionValue(choice=Choice.pass_), "take it")]
        + (
            [choice(DecisionValue(choice=Choice.act, full_agility=True), "dodge on Full Agility (his first action)")]
            if not (acted(f) or f.full_defense or f.full_agility or f.stunned or f.knocked_down)
            else []
        ),
    )
    if v.choice is not Choice.act:
        return False
    if v.full_agility and not f.full_agility:
        if acted(f) or f.full_defense or f.stunned or f.knocked_down:
            ctx.fail("DECISION_INVALID", f"{key}.full_agility", f"{key}: {f.id} has acted this turn.", key=key)
        thug_stances.full_agility(ctx, f, "his first action")
    level = defending.agility_level(skill(ctx, f, "agility"), skill(ctx, f, "acrobatics"))
    face = ctx.roll(f.id, "agility", D10, "Agility dodge", "E.1")
    bonus = thug_stances.dodge_bonus(f)
    d = defending.agility_dodge(dmg, face, level, bonus, dist, g.members)
    ctx.note(
        "E.1",
        f.id,
        f"{f.id}'s Agility dodge: {face} + {level}{f' + {bonus} (Full Agility)' if bonus else ''} = {d.total} "
        f"against {d.difficulty}: " + ("no damage." if d.dodged else "the hit stands."),
        "000 L6704",
        inputs={"face": face, "difficulty": d.difficulty},
    )
    if d.eliminates:
        queue.append((f.id, g.id))
    return d.dodged


def hurt(ctx: Turn, f: Combatant, g: Group, dmg: int, what: str, stun_extra: int = 0, stun: bool = True) -> None:
    """Life Bar loss that counts toward Stun (000 L6682, L5974–L5990); the group is one opponent for Super Energy
    (000 L5264)."""
    f.life_loss_from.add(g.id)
    f.was_hit = True  # a Thug's hit breaks his run of Combos (000 L5753)
    if dmg and f.suppressed[0] >= 4 and lasting.SUPPRESSION in f.thug_lasting:
        lasting.suppress(f, (0, False), None)
        ctx.note("E.5", f.id, f"A damaging hit ends {f.id}'s Suppression.", "000 L4257")
    f.entangled = False  # a later hit lifts Entangle's and Harry's next-turn dice (000 L3306, L3432)
    lost = records.lost_when_hit()  # Harry's (a group's too), Fast and Slow Recovery … (000 L3210, L3358, L3432, L4836)
    f.next_dice = [x for x in f.next_dice if x[2] not in lost]
    evasion_lost(ctx, f)
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
        award(ctx, f.id, -3, "defeated in combat", "000 L851", extra=True)  # Thugs beat him too (ruling)
    elif (
        stun and dmg + stun_extra > f.stun_threshold and not f.stunned
    ):  # a Throw loses Stun (000 L4341)  # Increased Stun counts 2 more (000 L3565)
        f.stunned = 2
        f.times_stunned += 1
        ctx.note("E.3", f.id, f"{dmg + stun_extra} is above {f.id}'s Stun Threshold: Stunned.", "000 L5974–L5990")
        award(ctx, f.id, -1, "Stunned in combat", "000 L852", extra=True)  # raw, divided at the end (000 L6547)


# ── End of the turn ─────────────────────────────────────────────────────────────────────────────


def installments(ctx: Turn, groups: list[Group]) -> None:
    """Before H.1: each Gradual Effect's installment due this turn, Life Bar only, with no Stun, Hit Stun or other
    effect (000 L3392)."""
    for g in groups:
        for x in g.effects:
            f = ctx.fighters.get(x.target or "")
            if x.id != lasting.GRADUAL or f is None or not f.active or not x.since < ctx.turn < x.since + 3:
                continue
            before = f.life
            f.life = max(f.life - (x.amount or 0), 0)
            ctx.note(
                "H.1",
                f.id,
                f"{g.id}'s Gradual Effect: {f.id} loses {before - f.life} Life Bar ({before} → {f.life}).",
                "000 L3392",
                inputs={"installment": x.amount},
                change={"life_bar": f.life},
            )
            if f.life == 0:
                f.defeated = True
                ctx.note("H.1", f.id, f"{f.id} is defeated.", "000 L5924")
                award(ctx, f.id, -3, "defeated in combat", "000 L851", extra=True)


def eliminations(
    ctx: Turn, groups: list[Group], queue: list[tuple[str, str]], most: Callable[[str], int | None] = lambda _: None
) -> None:
    """Gradual Effect installments (before H.1), then: a successful dodge close to a group of two or more takes one
    Thug out now, for 1 Glory (000 L6706); the conditions are checked again here (ruling: the group may have
    changed since the dodge)."""
    installments(ctx, groups)
    for fid in ctx.order:  # healing waits for H.1 (Drain Life, 000 L3240)
        heal(ctx, ctx.fighters[fid], most(fid))  # ``most``: a Dramatic Life Bar (000 L7072)
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
                choice(DecisionValue(choice=Choice.act), "take one out"),
                choice(DecisionValue(choice=Choice.pass_), "no"),
            ],
        )
        if v.choice is Choice.act:
            g.members -= 1
            ctx.note("H.1", fid, f"{fid} takes out one of {gid}: {g.members} left.", "000 L6706")
            award(ctx, fid, 1, f"a Thug of {gid} taken out after a dodge", "000 L6706")
