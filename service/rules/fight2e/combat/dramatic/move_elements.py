"""What a move's Elements do in a Dramatic turn. Dramatic Combat keeps the main system's procedure except where it
says otherwise (000 L7080), so a Special or Super Move's Elements act as in the main turn, read from the same
records and figures: its Accuracy against the defence actually chosen (its Accuracy records by defence option,
000 L5708), its damage die and Range (the profile's figures), its Glory (000 L5749), its Knockback records (Increased
Knockback, Hurl, Launcher, and those Beast Form grants, 000 L5950–L5956, L5319) and its keywords: Knocks Down
(000 L5958–L5970), Normal, Stun and Knockback (000 L2355–L2363: No Damage, Limited Damage, Does Stun, Does No
Knockback, Increased Stun's figure), No Movement and Limited Mobile's Dash (000 L2391, L2423).

Read here as well (``_read_here``): on the attacker Unreliable's failure roll, Limited Use's and Reload's charges,
Self Damage, Self-Stun, Self Prone, the die shifts of Fast and Slow Recovery, Harry and Critical Hit (on the
Initiative die, no Control being rolled, 000 L7084), Non-Finisher, Specific Range, Drain Life and Healing Attack,
Power Up, Accuracy for Damage, Cheap's and a Taunt's Glory; on the hit Entangle, Always Does Damage through a block,
Breakthrough's partial hit, Temporary Invulnerability, Breaker and Vulnerability against a simultaneous attack, Area
Effect and Explosive (``attack._area``), Draw Closer and Knockback Advance, Cross-Up, Modify Super Energy; Pursuit on
a downed fighter and Only When Prone from the ground; Behind Opponent's condition (``behind``) and Pass Through; the
movement Mobile, Teleportation and Full Screen grant (``movement``, ``long_advance``), Limited Movement's and Limited
Mobile's limits; End Only's condition and Powerless's lock (``usable``); Set Up, Wind Up and Slow Startup readied
and released (``readied``); Cancel Throw and Sustained Hold on the hit (``attack``); a Buff's, End Buff's and
Flight's states, kept as in the main turn (``start_states``, run down by the Time Roll); a Utility move's Healing
and charges (``actions``); Gradual Effect's installments and Delayed Onset (``gradual_share``, ``gradual_rest``,
``installments``, ``triggered``) and Copies Moves (``copied``) on the hit.

Two kinds of entries have nothing to act on (``IDLE``, ruling, noted in the log where the move is used): those that
work only inside a Combo (Combos are not used, 000 L7108) or through Control (000 L7084), and the Knock Down options
a Dramatic Knock Down does not offer; those that make or act through Environmental Hazards (none are used,
000 L7104) are read from the entry's ``against_thugs`` record (``director``), as are those acting through the
attack's figures (``figures``) or when the move defends (``response``: its Defensive Response, offered against a
Special Move by ``responses``, 000 L7126).

Nothing is left: ``unapplied`` names what a move could carry with no step here, and the tests hold it empty for every
entry an Offensive or a Utility move can carry (``_NEVER_ON_OFFENSIVE``, ``_NEVER_ON_UTILITY``, 000 L2349)."""

from __future__ import annotations

from ...catalogue.catalog import catalog
from ...catalogue.keywords import DAMAGE, RANGE
from ...catalogue.records import (
    AccuracyForDamage,
    AgainstThugs,
    Area,
    ComboPart,
    ComboRole,
    Denies,
    DieShiftNextTurn,
    Figure,
    Healing,
    Lasting,
    Misfire,
    Modifier,
    Movement,
    MoveTrait,
    OneRange,
    OnlyWhile,
    Point,
    Priced,
    ThugAct,
    Traits,
    Trigger,
    UseLock,
)
from ...catalogue.sheet_records import SHEET_KINDS
from ..contract.models import Choice, DecisionValue
from ..elements import access, copies, drain_life, gradual, ongoing, ranged
from ..elements.behind import behind_ok
from ..elements.damage import _roll_with_minimum as roll_with_minimum
from ..elements.damage import die_for_step
from ..elements.glory import GLORY_RULES
from ..elements.power_up.power_up_elements import POWER_UPS
from ..registry import points as records
from ..registry.sheet import RELOADS
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..thug_thrashing import move_elements as thug_moves
from ..turn import c_utility_actions as utility
from ..turn.d_area_attacks import AREAS
from ..turn.d_move_declaration import ONLY_WHILE
from ..turn.d_move_declaration import _extended as extended
from . import conditions, kept_states
from .base import Dram

# Each entry's record of how it acts outside the main turn's steps, read once from the catalogue.
_ACTS: dict[str, AgainstThugs] = {
    e: r for e, found in catalog().records.items() for r in found if isinstance(r, AgainstThugs)
}
# through the attack's own figures, or through Environmental Hazards (none in Dramatic Combat, 000 L7104)
_APPLIED = frozenset({ThugAct.figures, ThugAct.director, ThugAct.response})
# the roles a Dramatic attack plays on its attacker (``charges`` in ``attack``, ``on_attacker``)
_ATTACKER_TRAITS = frozenset(
    {
        MoveTrait.limited_use,
        MoveTrait.reload,
        MoveTrait.super_reload,
        MoveTrait.more_charges,
        MoveTrait.extended_reload,
        MoveTrait.self_damage,
        MoveTrait.self_prone,
        MoveTrait.non_finisher,
    }
)


# the roles a Dramatic hit reads on the move (``damage_kind``, ``hit_effects``, ``turn._next_dice``): Self-Stun in
# place of Self Damage (000 L4801–L4807), Entangle (000 L3300–L3308), Limited Damage (000 L4561–L4569)
_HIT_TRAITS = frozenset(
    {
        MoveTrait.self_stun,
        MoveTrait.entangle,
        MoveTrait.limited_damage,
        MoveTrait.no_movement,
        MoveTrait.invulnerable,  # ``invulnerable``
        MoveTrait.pierces,
        MoveTrait.reduced_blast,  # ``blast_steps``
        MoveTrait.cross_up,  # ``misses_outright``
        MoveTrait.partial_hit,  # ``partial_hit``
        MoveTrait.vulnerable,  # ``vulnerable``
        MoveTrait.prone_only,  # Only When Prone (``turn._from_the_ground``)
        MoveTrait.set_up,  # ``readied``
        MoveTrait.wind_up,
        MoveTrait.behind_opponent,  # ``behind``
        MoveTrait.modifies_super_energy,  # ``modify_super_energy``
        MoveTrait.cancels,  # Cancel Throw (``attack._cancel_throw``)
        MoveTrait.sustained_hold,  # ``attack.hold_again``, ``attack.let_go``, ``kept_states.settle_holds``
    }
)
# the keywords a Dramatic hit reads (000 L2345–L2365): Normal (Life Bar), Stun (the Stun Threshold), Knockback, No
# Damage, Utility (a Utility move's use, ``actions``) and No Movement (``turn._move``, 000 L2391)
_KEYWORDS_READ = frozenset({"normal", "stun", "knockback", "no_damage", "utility", "no_movement", "dash"})
# the parts a move plays only inside a Combo: none in a Dramatic turn (000 L7108)
_COMBO_ONLY = frozenset(
    {
        ComboPart.juggle,
        ComboPart.bounce,
        ComboPart.delayed_knock_down,
        ComboPart.skips_knock_down,
        ComboPart.opener,
        ComboPart.pursuit_bounce,
    }
)


def _keywords_read(entry: str) -> bool:
    k = catalog().entries[entry].keywords
    changed = (*k.add, *k.remove, *k.replace.values())
    return bool(changed) and _KEYWORDS_READ.issuperset(changed)


def _read_here(entry: str, r: object) -> bool:
    """A record a Dramatic attack reads: its Misfire roll, roles it plays on the attacker or the hit, the keywords and
    Stun bonus of the hit, Always Does Damage's Life Bar through a block, a die shift next turn, or the record
    above."""
    if isinstance(r, Traits):
        return (_ATTACKER_TRAITS | _HIT_TRAITS).issuperset(r.traits)
    if isinstance(r, Priced):
        return all(f is Figure.stun or (f is Figure.keywords and _keywords_read(entry)) for f in r.figures)
    if isinstance(r, Modifier):  # Always Does Damage; Explosive's die a size smaller (``attack._plan``); Flight's
        # Defense Total while it lasts (``defense``)
        return (
            r.point in (Point.blocked_damage, Point.damage_step)
            or (r.point is Point.defense_total and r.when.lasting)
            or (r.point is Point.accuracy and r.label is None)  # folded into the move's Accuracy (Only When Prone)
            or r.point is Point.primed_damage  # Powerless's, added by ``readied``
        )
    if isinstance(r, Lasting | UseLock):  # Flight: kept (``start_states``), its lock (``attack._plan``)
        return True
    if isinstance(r, Area | OnlyWhile):  # ``attack._area``; End Only (``usable``)
        return True
    if isinstance(r, ComboRole):  # Pursuit on a downed fighter (``pursues``, 000 L3910–L3928)
        return r.parts == (ComboPart.pursuit,)
    if isinstance(r, Movement):  # Teleportation's free 2 Ranges, Full Screen's 3 (``movement``, ``long_advance``),
        # Limited Movement's step forward (``turn._move``), Knockback Advance (``follows``), Pass Through (``turn``)
        return r in (
            Movement(kind="movement", pass_through=True, ref=r.ref),
            Movement(kind="movement", no_fs=True, ref=r.ref),
            Movement(kind="movement", full_screen=True, ref=r.ref),
            Movement(kind="movement", no_full_screen_bonus=True, ref=r.ref),
            Movement(kind="movement", forward_first=True, ref=r.ref),
            Movement(kind="movement", follows_knockback=True, ref=r.ref),
        )
    if isinstance(r, AccuracyForDamage):  # ``accuracy_for_damage``
        return True
    return isinstance(r, Misfire | AgainstThugs | OneRange | DieShiftNextTurn)


def _idle(entry: str, r: object) -> str | None:
    """Why the record has nothing to act on in a Dramatic turn (ruling, with the lines), else None."""
    if isinstance(r, ComboRole) and _COMBO_ONLY.issuperset(r.parts):
        return "it acts only within a Combo, and a Dramatic turn has none (000 L7108)"
    if isinstance(r, Traits) and r.traits == (MoveTrait.opening_move,):
        return (
            "the Control its follow-ups save in a Combo has no Combo or Control roll here; the window it opens for "
            "them is kept (000 L3742, L3746, L7084, L7108)"
        )
    if isinstance(r, Denies):
        return "a Dramatic Knock Down offers no Breakfall or Tech Roll to deny (000 L3633–L3643, L5958–L5966)"
    return None


# the entries' records a turn reads (a Fighter sheet's records act on building, never in a turn)
_RECORDS = {e: tuple(r for r in found if not isinstance(r, SHEET_KINDS)) for e, found in catalog().records.items()}
# The entries a Dramatic attack reads a Misfire, attacker's or hit's role, keyword or figure of, and nothing else but
# the record above (Unreliable, Limited Use, Reload, Self Damage, Self-Stun, Entangle, No Damage, Critical Hit …).
_ON_ATTACKER = frozenset(
    e
    for e, found in _RECORDS.items()
    if any(not isinstance(r, AgainstThugs) for r in found) and all(_read_here(e, r) for r in found)
)
# The entries with nothing to act on in a Dramatic turn, and why (ruling; logged where the move is used, ``idle``).
IDLE: dict[str, str] = {
    e: why
    for e, found in _RECORDS.items()
    if (whys := [w for r in found if (w := _idle(e, r)) is not None])
    and all(isinstance(r, AgainstThugs) or _idle(e, r) is not None for r in found)
    for why in whys[:1]
}
# The states kept on the user as in the main turn (``ThugAct.kept``: a Buff, its duration options and costs, End Buff),
# started when the move is used (``start_states``) and run down by the Time Roll (``turn``); Set Up and Wind Up ready
# a later use, which a Dramatic turn does not offer.
_KEPT = frozenset(
    e
    for e, r in _ACTS.items()
    if r.acts is ThugAct.kept
    and not any(
        isinstance(x, Traits) and {MoveTrait.set_up, MoveTrait.wind_up} & set(x.traits) for x in _RECORDS.get(e, ())
    )
)
# Limited Use's charges, spent (or a Reload's refilled) by a Utility move's use too (``actions``, 000 L4600–L4644)
_CHARGES = frozenset(
    {MoveTrait.limited_use, MoveTrait.more_charges, MoveTrait.extended_reload, MoveTrait.reload, MoveTrait.super_reload}
)
# The entries a Utility move's use reads (``actions``): the Utility keyword, a Healing move's heal (000 L3436–L3456)
# and Limited Use's charges
_ON_USE = frozenset(
    e
    for e, found in _RECORDS.items()
    if any(not isinstance(r, AgainstThugs) for r in found)
    and all(
        isinstance(r, AgainstThugs | Healing | OnlyWhile)
        or (isinstance(r, Priced | Lasting | UseLock | Modifier) and _read_here(e, r))  # Flight's (``start_states``)
        or (isinstance(r, Traits) and _CHARGES.issuperset(r.traits))
        for r in found
    )
)


def _by_attack(entry: str) -> bool:
    """Applied by a Dramatic attack's own steps (``attack``), and those a Utility move can carry by its use too."""
    if entry in _ON_ATTACKER or entry in GLORY_RULES or entry in POWER_UPS:  # Glory (``attack``), ``power_up``
        return True
    if entry in ranged.DRAWS.ids:  # Draw Closer (``draw``)
        return True
    return (
        drain_life.HEALS.get(entry) is not None
    )  # Drain Life's heal (``drain``), Healing Attack's (``healing_attack``)


# What a Utility move never keeps (000 L2349): the Offensive keyword and every Damage and Range keyword; and it may
# have no On-Hit or On-Miss part (the move builder's UTILITY_WITH_HIT_OR_MISS_EFFECT)
_DROPPED_BY_UTILITY = frozenset({"offensive"}) | DAMAGE | RANGE
_HIT_OR_MISS = frozenset({"on_hit", "on_miss"})


def _never_on_utility(entry: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether the move builder lets no Utility move carry the entry, read from its requirements and keywords: it
    needs a keyword a Utility move drops (or one of a group all dropped), adds an On-Hit or On-Miss part, or needs an
    entry (or every one of a group) that no Utility move carries (000 L2349, L2745)."""
    e = catalog().entries.get(entry)
    if e is None or entry in seen:
        return False
    req, within = e.requires, seen | {entry}
    if _DROPPED_BY_UTILITY.intersection(req.keywords) or _HIT_OR_MISS.intersection(e.keywords.add):
        return True
    if any(group and _DROPPED_BY_UTILITY.issuperset(group) for group in req.any_keywords):
        return True
    if any(_never_on_utility(x, within) for x in req.entries):
        return True
    return any(group and all(_never_on_utility(x, within) for x in group) for group in req.any_entries)


_NEVER_ON_UTILITY = frozenset(e for e in catalog().entries if _never_on_utility(e))


def _makes_utility(entry: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether the entry (or one it needs) adds the Utility keyword, which drops Offensive (000 L2349): no move a
    Dramatic attack is made with carries it (Healing and Heal Others; a Bomb shell's payload goes off only with the
    shell)."""
    e = catalog().entries.get(entry)
    if e is None or entry in seen:
        return False
    return "utility" in e.keywords.add or any(_makes_utility(x, seen | {entry}) for x in e.requires.entries)


_NEVER_ON_OFFENSIVE = frozenset(e for e in catalog().entries if _makes_utility(e))


def _open(m: MoveProfile, entry: str, attack: bool) -> bool:
    if entry in (_NEVER_ON_OFFENSIVE if attack else _NEVER_ON_UTILITY):  # a move of that kind never carries it
        # ruling: on a Bomb shell, the payload's entries act only through its explosion, an Environmental Hazard a
        # Dramatic turn does not use (000 L2853, L7104)
        return False
    if entry in kept_states.APPLIED:  # End Style (``kept_states``)
        return False
    if entry in gradual.GradualEffect.entries:  # ``gradual_share``, ``gradual_rest``, ``installments``
        return False
    if entry in copies.CopiedMove.entries:  # ``copied``
        return False
    if entry in IDLE or entry in _KEPT or entry in access.POWERLESS.ids:  # Powerless's lock (``usable``)
        return False
    if entry in RELOADS.ids:  # No Reload, Special Move Reload: which Reload moves his profile has (000 L4632–L4642)
        return False
    # a Utility use applies, of the attack's steps, those on its user (``on_user``, Unreliable, Cheap and a Taunt's
    # Glory, Power Up's heal, its movement and Temporary Invulnerability, ``actions``), the only ones it can carry
    if _by_attack(entry) or (not attack and entry in _ON_USE):
        return False
    r = _ACTS.get(entry)
    if r is not None and r.acts is ThugAct.group_rule and r.with_keywords:  # Mobile as Mobile (``movement``)
        # its After Mobile and Passing movement after the move (``after_ranges``, ``actions.after_move``)
        return not any(m.kw(k) for k in r.with_keywords) and not after_ranges(m)
    if r is None or r.acts not in _APPLIED:
        return True
    return bool(r.with_keywords) and not any(m.kw(k) for k in r.with_keywords)


def unapplied(m: MoveProfile, attack: bool = True) -> list[str]:
    """The entries of ``m`` a Dramatic attack (or, with ``attack`` false, a Utility move's use) does not act on yet,
    sorted."""
    done = conditions.APPLIED if attack else frozenset()  # applied by a Dramatic attack (``conditions``), not a use
    return sorted(e for e in m.entries if _open(m, e, attack) and e not in done)


def accuracy_for(m: MoveProfile | None, option: str) -> int:
    """What the move's Accuracy records give against ``option`` beyond their figure against Defense, which the attack
    was aimed with (Unblockable, Hard to Evade …, 000 L5708)."""
    return 0 if m is None else m.accuracy_vs(option) - m.accuracy_vs("defense")


def knock_back(m: MoveProfile | None, attacker: Combatant) -> int:
    """The Ranges a hit pushes the target (000 L5950–L5956): the move's Knockback records and those the attacker's
    state grants, else 1; none without the Knockback keyword (Does No Knockback, 000 L2359, L3222–L3230)."""
    if m is None:
        return 1
    if not m.kw("knockback"):
        return 0
    n = records.knockback([m], attacker)
    return 1 if n is None else n


def knocks_down(m: MoveProfile | None) -> bool:
    """The hit knocks the target down (000 L5958): the Knocks Down keyword. With no Combo in Dramatic Combat
    (000 L7108) the move is always the attack's last."""
    return m is not None and m.kw("knocks_down")


def on_attacker(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None, hit: bool) -> None:
    """What the move does to its user, hit or miss, as in the turns with Thugs: Self Damage, his Power Level in Life
    Bar and never below 1 (000 L4799), unless Self-Stun replaces it (Stunned from next turn, 000 L4801–L4807); Self
    Prone leaves him Knocked Down whatever the result (000 L4815); Fast and Slow Recovery's die size next turn, on
    the Initiative die (000 L3358, L4836, L7084; ``turn._next_dice``)."""
    if m is None:
        return
    records.die_shifts(ctx, f, t, m, Trigger.always)
    records.die_shifts(ctx, f, t, m, Trigger.on_hit if hit else Trigger.on_miss)
    _on_self(ctx, f, m)


def on_user(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """What a Utility move does to its user at each use, as the main turn's use applies it (000 L7080): its Always
    die shifts next turn (Fast and Slow Recovery, on the Initiative die, 000 L3358, L4836, L7084), Self Damage or
    Self-Stun, Self Prone (000 L4799–L4807, L4815); it has no hit or miss (000 L2349)."""
    records.die_shifts(ctx, f, None, m, Trigger.always)
    _on_self(ctx, f, m)


def _on_self(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    if m.trait(MoveTrait.self_stun) and not f.self_stun:
        f.self_stun = True  # Stunned at the start of next turn unless hit first (``turn._next_dice``)
        ctx.note(
            "E",
            f.id,
            f"Self-Stun: {f.id} will be Stunned from the start of next turn unless hit before then.",
            "000 L4801–L4807",
            change={"self_stun": True},
        )
    if m.trait(MoveTrait.self_damage) and not m.trait(MoveTrait.self_stun):
        before = f.life
        f.life = max(f.life - f.pl, min(1, f.life))
        ctx.note(
            "E",
            f.id,
            f"Self Damage: {f.id} loses {before - f.life} Life Bar.",
            "000 L4799",
            change={"life_bar": f.life},
        )
    if m.trait(MoveTrait.self_prone) and not f.knocked_down:
        f.knocked_down = True
        ctx.note("E", f.id, f"{f.id} ends up Knocked Down by his own move.", "000 L4815", change={"knocked_down": True})


def lose_next_dice(f: Combatant) -> None:
    """A hit removes the die shifts waiting for him that a hit ends (000 L3358, L4836)."""
    if f.next_dice:
        lost = records.lost_when_hit()
        f.next_dice = [x for x in f.next_dice if x[2] not in lost]


def finishes(m: MoveProfile | None, t: Combatant, dmg: int) -> int:
    """Non-Finisher: the hit cannot take him below 1 Life Bar (000 L4735)."""
    if m is None or not m.trait(MoveTrait.non_finisher):
        return dmg
    return min(dmg, max(t.life - 1, 0))


def drain(ctx: Turn, f: Combatant, m: MoveProfile | None, lost: int) -> None:
    """Drain Life: the attacker heals the Life Bar the hit took, all or half (rounded down) as the move is built,
    at the end of the turn (000 L3232–L3240; ``turn._pending``)."""
    if m is None or drain_life.heal_kind(m) is not drain_life.Heal.taken:
        return
    heal = drain_life.taken_heal(m, lost)
    if heal > 0:
        f.heal += heal
        ctx.note("E.5", f.id, f"Drain Life: {f.id} will heal {heal} at the end of the turn.", "000 L3232–L3240")


def healing_attack(ctx: Turn, f: Combatant, m: MoveProfile | None) -> None:
    """Healing Attack: hit or miss, the move's own die, rolled apart and unmodified, heals him all or half as built,
    at the end of the turn up to his Dramatic Life Bar (000 L3248–L3254, L7072)."""
    if m is None or f.defeated or drain_life.heal_kind(m) is not drain_life.Heal.own_roll or m.damage_step is None:
        return
    die = die_for_step(m.damage_step)
    roll = ctx.roll(f.id, "drain_heal", die, f"Healing Attack of {m.name}", "E.5")
    amount = drain_life.taken_heal(m, roll)  # all or half, as its Drain Life is built
    f.heal += amount
    ctx.note("E.5", f.id, f"Healing Attack: {f.id} will heal {amount} at the end of the turn.", "000 L3248–L3254")


def modify_super_energy(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None) -> None:
    """Modify Super Energy: the hit's damage roll, without Strength or Stamina but with the Elements that change
    damage, is Super Energy he gains or the target loses, as built (000 L4283–L4289), as the main turn rolls it."""
    if m is None or not m.trait(MoveTrait.modifies_super_energy):
        return
    inc, mh = m.trait(MoveTrait.increased_damage), m.trait(MoveTrait.multi_hit)
    step = (1 if m.is_super else 0) + inc // 2 - m.trait(MoveTrait.decreased_damage)
    roll = roll_with_minimum(ctx, f, m, step, 1 + mh % 2 + inc % 2, f"Super Energy of {m.name}")
    amount = roll + mh // 2
    entry = next(e for e in m.entries if _gives(e, MoveTrait.modifies_super_energy))
    drain = m.options.get(entry, {}).get("direction") == "drain_opponent"
    who = t if drain else f
    before = who.se
    if drain:
        who.se = max(who.se - amount, 0)
    elif who.prof.has_supers:  # only one who owns a Super keeps Super Energy (000 L5264)
        who.se = min(who.se + amount, ctx.opts.super_energy_max)
    ctx.note(
        "E.5",
        f.id,
        f"Modify Super Energy: {amount} — {who.id}'s Super Energy {before} → {who.se}.",
        "000 L4283–L4289",
        {"roll": roll, "amount": amount},
    )


def _gives(entry: str, role: MoveTrait) -> bool:
    return any(isinstance(r, Traits) and role in r.traits for r in _RECORDS.get(entry, ()))


def partial_hit(m: MoveProfile | None, short: int) -> bool:
    """Breakthrough: a miss by no more than its instances is a partial hit (000 L4902–L4914)."""
    return m is not None and 0 < short <= m.trait(MoveTrait.partial_hit)


def power_up(ctx: Turn, f: Combatant, m: MoveProfile, life_bar_version: bool, what: str = "damage") -> int:
    """Power Up, decided before the attack roll: in its Life Bar version, +1 damage for each Life Bar he spends, up
    to his Power Level (000 L3852–L3862). Ruling: no Control is rolled in Dramatic Combat (000 L7084), so the Control
    version, and Extra Elements and Enhanced Power Up on it (000 L3870–L3886), have none to spend, as in a Dramatic
    turn with Thugs; on a Healing move the heal grows instead (``what``, 000 L3864). Returns the damage added."""
    if not life_bar_version:
        return 0
    room = max(min(f.pl, f.life - 1), 0)
    key, v = ctx.decide(
        f.id,
        "power_up_bonus",
        "D.1",
        f"{f.id}: Power Up {m.name} by how much Life Bar (up to {room})?",
        DecisionValue(amount=0),
    )
    n = v.amount or 0
    if not 0 <= n <= room:
        ctx.fail("POWER_UP_INVALID", f"decisions.{key}.amount", f"{key}: Power Up {m.name} by 0–{room}.", key=key)
    if n:
        f.life -= n
        ctx.note(
            "D.1",
            f.id,
            f"{f.id} powers up {m.name}: {n} Life Bar for +{n} {what}.",
            "000 L3860",
            {"amount": n},
            {"life_bar": f.life},
        )
    return n


def invulnerable(guard: MoveProfile | None, attack: MoveProfile | None) -> bool:
    """Temporary Invulnerability: the attack trading with ``guard`` does nothing to its user (000 L4323–L4327), unless
    it has Breaker (a Special Move's cannot pierce a Super's, 000 L2943–L2951). Ruling: in a Dramatic turn only an
    attack at the same simultaneous Initiative trades with it, there being no held Initiative or Reaction Attack to
    interrupt it (000 L7084, ruling C21); a Defensive Response does not, as in the main turn (``responses``)."""
    if guard is None or not guard.trait(MoveTrait.invulnerable):
        return False
    pierces = attack is not None and bool(attack.trait(MoveTrait.pierces))
    return not pierces or (guard.is_super and not attack.is_super if attack is not None else True)


def area_radius(m: MoveProfile | None) -> int:
    """The widest Area record of the move (Area Effect 1, Explosive 2, 000 L2833, L3322), -1 for none."""
    if m is None:
        return -1
    return max((a.radius for _, a in AREAS.found(m.entries)), default=-1)


def around_target(m: MoveProfile | None) -> bool:
    """Whether a Ranged version of its area is centred on the target (000 L2841, L3330)."""
    return m is not None and any(a.around_ranged_target for _, a in AREAS.found(m.entries))


def blast_steps(m: MoveProfile | None, dist: int) -> int:
    """Reduced Damage: a die size less for each Range from the blast's centre (000 L3332–L3336)."""
    return dist if m is not None and m.trait(MoveTrait.reduced_blast) else 0


def usable(ctx: Turn, f: Combatant, m: MoveProfile, path: str, key: str) -> None:
    """End Only and the like: a move usable only while an effect is on its user, as the main turn checks it
    (000 L3276–L3280); a Prop move only with its Prop in hand, which a Prop Recovery move may pick up first
    (000 L4761, L3904)."""
    needed = ONLY_WHILE.first(m.entries)
    if needed is not None and not any(e.id == needed.effect for e in f.ongoing):
        ctx.fail(needed.code, path, f"{key}: " + needed.message.format(move=m.name), key=key)
    kept_states.recover_prop(ctx, f, m)  # Recover Prop, a Prop Recovery move (000 L3902–L3908, L4785)
    # a primed Powerless Set Up locks his other Special Moves (000 L4137–L4147); a dropped Prop its moves (000 L4761)
    why = access.powerless_lock(f, m) or kept_states.prop_lock(f, m)
    if why:
        ctx.fail("MOVE_LOCKED", path, f"{key}: {why}.", key=key)


def misses_outright(ctx: Turn, f: Combatant, m: MoveProfile | None, crossing: bool) -> bool:
    """Cross-Up (the Liability): outside a Cross-Up the move misses without a roll (000 L4543)."""
    if m is None or not m.trait(MoveTrait.cross_up) or crossing:
        return False
    ctx.note("D.6", f.id, f"{m.name} connects only in a Cross-Up: an automatic miss.", "000 L4543")
    return True


def vulnerable(guard: MoveProfile | None) -> bool:
    """Vulnerability: damage taken while performing the move is a die size larger; ruling: in a Dramatic turn only an
    attack at the same simultaneous Initiative lands while he performs it (no interrupt, Reaction Attack or Hazard,
    000 L4892, L7084, L7104); a Defensive Response does not, as in the main turn (``responses``)."""
    return guard is not None and bool(guard.trait(MoveTrait.vulnerable))


def readied(ctx: Turn, f: Combatant, m: MoveProfile, key: str, together: bool) -> tuple[str, MoveProfile, int]:
    """Set Up, Wind Up and Slow Startup as the main turn reads them (000 L4123–L4141, L4443–L4451, L4838–L4848):
    ("set_up", "wind_up" or "slow_startup" when this use only readies the move, the move as used (a held Wind Up
    strikes as an L1 move), the damage the readied use adds: Powerless's, or a Wind Up's +1 for each full 3 Time
    Count held)."""
    if not (m.trait(MoveTrait.set_up) or m.trait(MoveTrait.wind_up) or m.trait(MoveTrait.slow_startup)):
        return "", m, 0
    moves = [m]
    prepare, extra, _ = extended(ctx, f, moves, key, together)
    if not prepare:
        utility.spend_readied(ctx, f, moves[0])
    return prepare, moves[0], extra


def ready(ctx: Turn, f: Combatant, m: MoveProfile, prepare: str, target: str) -> None:
    """The move is readied: its state kept on him as in the main turn (000 L4127–L4129, L4447), a Slow Startup move's
    against ``target`` (000 L4842)."""
    utility.ready(ctx, f, m, prepare, target)


def behind(ctx: Turn, d: Dram, t: Combatant, m: MoveProfile | None, key: str) -> bool:
    """Behind Opponent as the main turn reads it: held already, made by going past him or by a Maneuver Check
    (000 L4457–L4477); False: the move cannot be used."""
    if m is None or not m.trait(MoveTrait.behind_opponent):
        return True
    start, n, toward = d.moved if d.moved is not None else (ctx.distance(d.f, t), 0, False)
    return behind_ok(ctx, d.f, t, [m], start, n, toward, key)


def pursues(m: MoveProfile | None) -> bool:
    """Pursuit: the move may strike a fighter who is Knocked Down, who meets it with the Defense skill, or with
    Tactics for a Reversal against a Special Move (000 L3916–L3918, L5894, L7126; ``responses``)."""
    return m is not None and m.part(ComboPart.pursuit)


def movement(m: MoveProfile) -> tuple[int, int]:
    """(Ranges he may move before using the Special Move, FS it costs for more than 1), as the main turn reads its
    movement grant and keywords (``thug_thrashing.move_elements.movement``): Mobile 2 for 1 FS (000 L3673),
    Teleportation 2 for none (000 L4309), Full Screen's Long Mobile 3 for 1 (000 L3683), a Utility Mobile move 3
    (000 L2381); else the 1 Range a Dramatic action allows (000 L7104). A Basic Move's own Mobile keyword is its
    Jump, not this (000 L5619)."""
    if not m.is_special:
        return 1, 0
    ranges, fs = thug_moves.movement([m])
    if m.utility and m.movement == "mobile":  # a Utility Mobile move: up to 3 Ranges (000 L2381), as the main turn
        return 3, fs  # reads it (``c_declared_movement.allowed_before``; Teleportation's free, 000 L4309)
    if m.movement == "after_mobile":  # After Mobile: none before the move (000 L2387)
        return 0, 0
    return (ranges, fs) if ranges > 1 else (1, 0)


def too_close(m: MoveProfile | None, start: int, n: int, toward: bool) -> bool:
    """Mobile and After Mobile: 3 Ranges may not bring him to Range 0 (000 L2381, L2387)."""
    return m is not None and n == 3 and m.movement in ("mobile", "after_mobile") and toward and start - n <= 0


def after_ranges(m: MoveProfile) -> int:
    """The Ranges a Special Move lets him move after it: After Mobile 2, or 3 after a Utility move, Passing 1
    (000 L2387–L2389)."""
    return {"after_mobile": 3 if m.utility else 2, "passing": 1}.get(m.movement or "", 0) if m.is_special else 0


def long_advance(m: MoveProfile | None, n: int) -> bool:
    """Full Screen: after a full 3-Range advance the defender has +1 Defense Total, not with Fast Full Screen
    (000 L3685, L3687–L3691), as a turn with Thugs reads it."""
    return m is not None and thug_moves.long_advance(m, n)


def accuracy_for_damage(ctx: Turn, f: Combatant, m: MoveProfile, dist: int) -> tuple[int, int]:
    """Accuracy for Damage: each Range cut from the reach of 4 (not below the target's Range) trades Accuracy for
    damage, as the move's record says (−1 and +2, 000 L3991–L3999). Returns (Accuracy, damage)."""
    trade = records.first_record(m, AccuracyForDamage)
    if trade is None:
        return 0, 0
    n = ranged.trade_reach(ctx, f, m, trade, dist)
    if n:
        ctx.note("D.1", f.id, f"Accuracy for Damage: {m.name} gives up {n} Range(s).", "000 L3991–L3999", {"amount": n})
    return trade.accuracy * n, trade.damage * n


def draw(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None) -> str:
    """Draw Closer: the hit's Knock Back brings the target in ("pull"), or with Move Closer the attacker goes in
    ("move"), or with Optional Draw In, as he picks, knocks back as usual ("push") (000 L4001–L4029)."""
    draws = ranged.DRAWS.grants(m.entries) if m is not None else frozenset()
    if ranged.Draw.pull not in draws:
        return "push"
    base = "move" if ranged.Draw.move in draws else "pull"
    if ranged.Draw.optional not in draws:
        return base
    key, v = ctx.decide(
        f.id,
        "draw_in",
        "E.4",
        f"{f.id}: {m.name if m else ''} draws {t.id} in (toward) or knocks him back as usual (away)?",
        DecisionValue(choice=Choice.toward),
    )
    if v.choice not in (Choice.toward, Choice.away):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: toward (draw in) or away (Knock Back).", key=key)
    return base if v.choice is Choice.toward else "push"


def follows(m: MoveProfile | None) -> bool:
    """Knockback Advance: the attacker may follow the Knock Back (000 L3653–L3663)."""
    return m is not None and m.moving.follows_knockback


def damage_steps(m: MoveProfile) -> int:
    """The move's die-size records against a Fighter: Explosive's one size less (000 L3326)."""
    return records.modifier_total(m, Point.damage_step)


def damage_kind(m: MoveProfile | None) -> tuple[bool, int | None]:
    """What the hit's damage does, by the move's keywords (000 L2355–L2363): whether it takes Life Bar (Normal; not
    with Limited Damage or No Damage, 000 L4561–L4569), and what is added to it against the Stun Threshold
    (Increased Stun's 2, 000 L3561–L3565), None with no Stun check (a move without Stun, a Throw without Does Stun,
    000 L4359–L4365). Property Damage and Basic Moves have both."""
    if m is None:
        return True, 0
    return m.kw("normal"), (m.stun_bonus if m.kw("stun") else None)


def critical(ctx: Turn, f: Combatant, m: MoveProfile | None, face: int, rolled: bool) -> None:
    """Critical Hit: an even damage roll gives the attacker its die sizes next turn (none with fixed damage), on the
    Initiative die, no Control being rolled (ruling, 000 L3210, L7084); a hit on him before then loses them
    (``lose_next_dice``, 000 L3210)."""
    if m is None or not rolled or face % 2:
        return
    for mr in m.records:
        r = mr.record
        if isinstance(r, DieShiftNextTurn) and r.when.even_damage_roll and r.trigger is Trigger.on_hit:
            if not any(x[2] == mr.entry for x in f.next_dice):
                f.next_dice.append(("initiative", r.steps, mr.entry))
            ctx.note(
                "E.1",
                f.id,
                f"Critical Hit (even roll {face}): {f.id} rolls Initiative {r.steps} die sizes larger next turn.",
                "000 L3210, L7084",
            )


def entangle(ctx: Turn, t: Combatant, m: MoveProfile | None, acted: bool) -> bool:
    """Entangle: the target loses his action if he has not acted, whatever he spends (ruling: Ignore Hit Stun does
    not buy it back, 000 L3306), and rolls Initiative a die size smaller next turn unless hit again first
    (``turn._next_dice``). Returns whether his action is lost."""
    if m is None or not m.trait(MoveTrait.entangle) or t.defeated:
        return False
    t.entangled = True
    ctx.note(
        "E.5",
        t.id,
        f"Entangled: {t.id} " + ("" if acted else "loses his action and ") + "rolls Initiative a die size smaller next "
        "turn.",
        "000 L3306",
        change={"action_lost": not acted},
    )
    return not acted


def through_block(m: MoveProfile | None, guarded: str) -> int:
    """Always Does Damage: the Life Bar a miss still takes when he met it with the Defense skill (Ki in its place
    counts as the Defense skill, ruling, 000 L7120), with no Hit Stun, Stun or Knock Back (000 L2807–L2823)."""
    if m is None:
        return 0
    return records.modifier_vs([m], Point.blocked_damage, "defense" if guarded == "ki" else guarded)


def start_states(ctx: Turn, f: Combatant, m: MoveProfile | None) -> None:
    """The states a used move keeps on its user, as in the main turn and the turns with Thugs (000 L7080): a Buff
    from its full Time Count, folded into his profile (000 L2953–L2991), an End Buff ending one at the turn's end
    (000 L2993–L2997, L3262); the Dramatic turn's Time Roll runs them down (``turn``)."""
    if m is not None and (any(e in _KEPT for e in m.entries) or records.lasting(m)):  # a Buff, Flight (000 L3370)
        ongoing.start(ctx, f, m)
        ongoing.end_buff(ctx, f, m)


def idle(ctx: Turn, f: Combatant, m: MoveProfile, stage: str) -> None:
    """Name, as events, the move's entries that have nothing to act on in a Dramatic turn (``IDLE``, ruling)."""
    for e in sorted(x for x in m.entries if x in IDLE):
        name = catalog().entries[e].name
        ctx.note(stage, f.id, f"{m.name}'s {name} does nothing here: {IDLE[e]}.", _lines(IDLE[e]))


def _lines(why: str) -> str:
    return why[why.index("(") + 1 : why.rindex(")")]


def dash(ctx: Turn, d: Dram, m: MoveProfile, v: DecisionValue, key: str) -> tuple[MoveProfile, int]:
    """The Dash with his attack, as in the main turn and the turns with Thugs (000 L2175–L2179): ruling, a campaign
    option a Dramatic turn keeps, its movement being unchanged (000 L7106). 2 Ranges toward him for 2 FS before a
    Basic attack, or 1 Range from Range 1 or 2 for 1 FS and +1 Accuracy, which a Power Dash move follows with one
    damage die size more (000 L3812–L3818). Returns the move as used and the Dash's Accuracy."""
    if not v.dash:
        return m, 0
    one = [m]
    start = d.moved[0] if d.moved is not None else ctx.range or 0
    fee, acc = thug_moves.dash(ctx, d.f, one, start, v, key)
    if d.f.fs < fee:
        ctx.fail("FS_INSUFFICIENT", f"{key}.dash", f"{key}: {d.f.id} has only {d.f.fs} FS for the Dash.", key=key)
    d.f.fs -= fee
    ctx.note("C", d.f.id, f"{d.f.id} pays {fee} FS for the Dash.", "000 L2177–L2179", {"fs": fee}, {"fs": d.f.fs})
    return one[0], acc


def gradual_share(m: MoveProfile | None, rolled: int, rest: int) -> int | None:
    """Gradual Effect: the hit deals the first of three installments of ``rolled`` (the move's roll and flat bonus),
    ⌈rolled / 3⌉ + 1, none while a Delayed Onset waits for its trigger, with the attack's other damage (``rest``)
    added once, as the main turn reads it (000 L3390, L3400, L5804); None for any other move."""
    if m is None or not m.has(gradual.ENTRY):
        return None
    return max(gradual.first_share(m, rolled, "full", rolled) + rest, 0)


def gradual_rest(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None, rolled: int) -> None:
    """The hit's later Gradual Effect installments, at the end of the next two turns, or its Delayed Onset primed
    (000 L3390, L3396–L3402)."""
    if m is not None and m.has(gradual.ENTRY):
        gradual.schedule(ctx, f, t, m, rolled)


def installments(ctx: Turn) -> None:
    """After every action, before H.1: the Gradual Effect installments due this turn, Life Bar (or healing) only,
    with no Hit Stun, Knock Back or Knock Down, as in the main turn (000 L3390; the Dramatic turn keeps its
    procedure, 000 L7080)."""
    if not ctx.round_over:
        gradual.end_of_turn(ctx)


def installments_expire(ctx: Turn, elapsed: int) -> None:
    """After the Time Roll: a primed Delayed Onset runs down its 10-count; nothing of it outlasts the round, as in the
    main turn (000 L3400, L6237)."""
    gradual.expire(ctx, elapsed)


def triggered(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The Trigger Gradual Effect Command Move used: the oldest primed Delayed Onset starts (000 L3406–L3410)."""
    if m.id == gradual.TRIGGER and m.kind == "command":
        gradual.trigger(ctx, f)


def copied(ctx: Turn, f: Combatant, t: Combatant, m: MoveProfile | None, dmg: int) -> int:
    """Copies Moves: the hit's damage is Move Points; he may copy one of the target's Special Moves within them (its
    Level in Move Points, one of its Elements left out) for a 5-count, at least one full turn, run down by the Time
    Roll; what is left hurts, Stun counted on it, as in the main turn (000 L3115–L3119). Returns the damage left."""
    if m is None or not m.trait(MoveTrait.copies_moves):
        return dmg
    left = [dmg]

    def spend(mp: int) -> int:
        left[0] = max(dmg - mp, 0)
        return left[0]

    copies.copy_from(ctx, f, t, dmg, spend)
    return left[0]
