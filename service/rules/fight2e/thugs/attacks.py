"""A Thug group's turn (Chapter 5, Thug Movement; Thug Attacks and Defenses): how far it moves, whom it can reach,
how many of its Thugs attack, the attack roll and the damage die a hit rolls.

Pure functions of the group's traits and figures; the caller supplies the dice faces and the defender's own
figures (his Defense Total, his Stamina's die steps), which the Main Combat System computes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .catalogue import thug_catalogue
from .dice import die_step, die_text
from .schema import Juggle, ThugLasting, TraitInCombat

CLOSE_RANGE_BONUS = 1  # attacks at Range 0 (000 L5613)
FAR_RANGE_PENALTY = 1  # attacks at Range 2 without the Reach or Long Range keyword (000 L5613)
FAR_RANGE = 2


def reach(traits: Collection[str]) -> int | None:
    """The farthest Range the group's attack hits: Standard, or farther with Reach, Ranged or Gun (None: no limit),
    at most a trait's cap (Short: Range 1, or 2 with Reach, none with Ranged; 000 L1331–L1333)."""
    attack = thug_catalogue().attack
    farthest: int | None = attack.reach
    for trait, limit in attack.reach_by_trait.items():
        if trait in traits:
            if limit is None:
                farthest = None
                break
            farthest = max(farthest or 0, limit)
    for trait in traits:
        rec = thug_catalogue().in_combat.get(trait)
        if rec is None or rec.farthest is None:
            continue
        caps = [rec.farthest_with[t] for t in rec.farthest_with if t in traits] or [rec.farthest]
        cap = None if None in caps else max(c for c in caps if c is not None)
        if cap is not None:
            farthest = cap if farthest is None else min(farthest, cap)
    return farthest


def in_reach(traits: Collection[str], at_range: int) -> bool:
    farthest = reach(traits)
    return farthest is None or at_range <= farthest


def range_modifier(traits: Collection[str], at_range: int) -> int:
    """+1 at Range 0; −1 at Range 2 unless the attack reaches farther than Standard (000 L5613)."""
    if at_range == 0:
        return CLOSE_RANGE_BONUS
    spared = any(t in traits for t in thug_catalogue().attack.no_penalty_at_range_two)
    return -FAR_RANGE_PENALTY if at_range == FAR_RANGE and not spared else 0


def movement(traits: Collection[str], attacking: bool) -> int:
    """Ranges the group may move: 1 and attack, or 2 without attacking (000 L6672); Mobile: 2 and attack (B11)."""
    attack = thug_catalogue().attack
    if not attacking or any(t in traits for t in attack.full_move_with_attack):
        return attack.move_without_attack
    return attack.move_with_attack


def attackers(targets: int, members: int, traits: Collection[str] = ()) -> int:
    """One Thug attacks each opponent in reach while there are Thugs enough (000 L6676); an area attack reaches
    them all (Area Effect, Explosive; ruling, 000 L2835, L3322)."""
    if any(r.area for r in _records(traits)):
        return targets
    return min(targets, members)


def trait_damage_steps(traits: Collection[str]) -> int:
    """Die sizes the traits add to or take from a hit on a Fighter (Explosive: −1, 000 L3328)."""
    return sum(r.damage_steps_vs_fighters for r in _records(traits))


def attack_total(die: int, accuracy: int, traits: Collection[str], at_range: int, bonus: int = 0) -> int:
    """1d6 + Accuracy + the Range modifier (+ Lucky Strike's bonus); a hit when it reaches the Defense Total
    (000 L6680, L5708). Thugs have no Full Offense."""
    return die + accuracy + range_modifier(traits, at_range) + bonus


def damage_die(damage: str, extra_steps: int, stamina_steps: int) -> str:
    """The die a hit rolls: the group's Damage (already raised by Gun and Saga Scale, ``effective``), one size more
    per Adrenaline Surge (``extra_steps``), then moved by the defender's Stamina as the Main Combat System says
    (``stamina_steps``: negative for a tough defender); never below a flat 1 (000 L6564, L6777)."""
    step = die_step(damage)
    if step is None:
        raise ValueError(f"{damage} is not on the die chain")
    return die_text(max(0, step + extra_steps + stamina_steps))


@dataclass(frozen=True)
class OnHit:
    """What the group's traits add to one Thug's hit on a Fighter (000 L6682)."""

    knock_back: int = 0
    knocks_down: bool = False
    hit_stun: bool = False
    stun_extra: int = 0
    entangles: bool = False
    harries: bool = False
    advances: bool = False
    juggle: Juggle | None = None
    stun: bool = True  # the damage counts against the Stun Threshold
    holds: bool = False  # Sustained Hold: Hit Stun and no action left this turn, no other on-hit effect
    critical_steps: int = 0  # on an even damage roll, die sizes on next turn's Initiative (Critical Hit)
    no_damage: bool = False  # a No Damage Element: the hit deals no damage (Suppression, Create Environmental Hazard)
    lasting: tuple[str, ...] = ()  # what the hit leaves in play (Gradual Effect, Suppression, a made Wall)


def _records(traits: Collection[str]) -> list[TraitInCombat]:
    table = thug_catalogue().in_combat
    return [table[t] for t in sorted(traits) if t in table]


def on_hit(traits: Collection[str]) -> OnHit:
    recs = _records(traits)
    return OnHit(
        knock_back=max((r.knock_back for r in recs), default=0),
        knocks_down=any(r.knocks_down for r in recs),
        hit_stun=any(r.hit_stun for r in recs),
        stun_extra=sum(r.stun_extra for r in recs),
        entangles=any(r.entangles for r in recs),
        harries=any(r.harries for r in recs),
        advances=any(r.advances for r in recs),
        juggle=next((r.juggle for r in recs if r.juggle), None),
        stun=not any(r.no_stun for r in recs) or any(r.restores_stun for r in recs),
        critical_steps=max((r.critical_initiative_steps for r in recs), default=0),
        holds=any(r.holds for r in recs),
        no_damage=any(r.no_damage for r in recs),
        lasting=tuple(r.lasting for r in recs if r.lasting and r.acts == "on_hit"),
    )


def accuracy_against(traits: Collection[str], defence: str) -> int:
    """Accuracy the group's traits add against the defence met: ``defense``, ``evasion`` (Agility in its place
    counts as Evasion, 000 L6700), or ``combined``: the trait's own figure (Hits Low: none, 000 L3466), else, a
    ruling, the lower of its two, since the text gives combined Defense and Evasion no line of its own there
    (000 L5834, L3412, L4425)."""

    def one(r: TraitInCombat) -> int:
        table = r.accuracy_vs
        if defence == "combined" and "combined" not in table:
            return min(table.get("defense", 0), table.get("evasion", 0))
        return table.get(defence, 0)

    return sum(one(r) for r in _records(traits))


def throw_accuracy(traits: Collection[str], throws_unblockable: bool) -> int:
    """The Throw's +1 Accuracy, gone when the campaign lets Throws be blocked (000 L4345)."""
    return sum(r.throw_accuracy for r in _records(traits)) if throws_unblockable else 0


def has_priority(traits: Collection[str]) -> bool:
    """Priority, or a Throw: first on a tie of Initiative (000 L3892, L4347)."""
    return any(r.priority for r in _records(traits))


def invulnerable(traits: Collection[str], tied: bool) -> bool:
    """Temporary Invulnerability: a hit at the same Initiative as the group's attack does nothing (000 L4327)."""
    return tied and any(r.invulnerable_on_tie for r in _records(traits))


def forces_evasion_move(traits: Collection[str]) -> bool:
    """Hits Low: a Fighter who evades it and is missed must move 2 Ranges (000 L3466)."""
    return any(r.forces_evasion_move for r in _records(traits))


def on_miss(traits: Collection[str], defence: str) -> int:
    """Life Bar a miss still costs when the Defense Skill stopped it (Always Does Damage; ruling: combined Defense
    and Evasion uses the Defense Skill too, 000 L2821)."""
    if defence not in ("defense", "combined"):
        return 0
    return sum(r.on_miss_vs_defense for r in _records(traits))


def spares(traits: Collection[str]) -> frozenset[str]:
    """Fighter conditions the group will not strike (Honorable: Stunned or Knocked Down, 000 L1453)."""
    return frozenset(c for r in _records(traits) for c in r.spares)


def places_bomb(traits: Collection[str]) -> bool:
    """Bomb: the group's action places a Bomb instead of striking (000 L2849)."""
    return any(r.lasting is ThugLasting.bomb for r in _records(traits))


def suppression_design(count: float | None) -> tuple[int, bool]:
    """(tier, movement lock) a group's Suppression of ``count`` Elements buys. Ruling: 2 is the movement lock
    (000 L4247); 3–6 the tier of that count alone (000 L4251–L4255); 7–9 the lock (3 with a tier, 000 L4247) with the
    tier of count − 3; where two designs cost the same, the one without the lock."""
    n = min(int(count or 2), 9)
    if n <= 2:
        return 0, True
    if n <= 6:
        return n, False
    return n - 3, True
