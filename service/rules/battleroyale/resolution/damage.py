"""Damage Ranks onto traits (003 L460-L478, L511-L528, L655-L664, L739-L741): one decision per rank (or the
named policy), Zero Outs, Absolute Zero, Mostly Dead, the Training Points they earn, and Minions taken out."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import JsonValue

from ...core.protocol.steps import Check, Refusal
from ..pack import RoyalePack, RoyaleZeroOutTraining
from ..tables.model_types import RoyaleDamageType
from .fighters import Fighter, current_index, zeroed
from .models import RoyaleDamagePolicy, RoyaleFighterTrait
from .steps import Steps, refusal

FIRST_DAMAGE_TP = 1  # 003 L473, L661-L662
ZERO_OUT_TP = 1  # 003 L474-L475, L662-L663
ABSOLUTE_ZERO_TP = 2  # 003 L477-L478, L663-L664


def policy_pick(fighter: Fighter) -> RoyaleFighterTrait:
    """digest §6.6 ruling: Strengths before Styles, lowest current rank first, the harmonized Style last."""
    standing = fighter.standing()

    def order(t: RoyaleFighterTrait) -> tuple[int, int, int]:
        return (t.id == fighter.state.harmonized, t.style, current_index(t))

    return min(standing, key=order)


def _hit(trait: RoyaleFighterTrait, kind: RoyaleDamageType, ranks: int) -> None:
    if kind == RoyaleDamageType.wound:
        trait.wound_ranks += ranks
    else:
        trait.failure_ranks += ranks


def _gang_losses(steps: Steps, fighter: Fighter, ranks: int) -> None:
    """Each Damage Rank takes one Minion out (003 L739-L741)."""
    lost = min(ranks, fighter.state.minions)
    left = fighter.state.minions - lost
    fighter.state.minions = left
    steps.say(
        f"{fighter.id} loses {lost} Minions; {left} left.",
        "minions_out",
        fighter=fighter.id,
        amount=lost,
        value=left,
        figures={"lost": lost, "left": left},
    )
    if left == 0:
        steps.gone(fighter.id)


def _zero_out(steps: Steps, fighter: Fighter, trait: RoyaleFighterTrait, pack: RoyalePack) -> None:
    every = pack.zero_out_training_points.value == RoyaleZeroOutTraining.every_time  # digest C3
    points = ZERO_OUT_TP if every or not fighter.state.zeroed_this_scene else 0
    fighter.state.zeroed_this_scene = True
    fighter.award(points)
    steps.say(
        f"{trait.name} Zeroes Out (+{points} Training Points).",
        "zeroed_out",
        fighter=fighter.id,
        trait=trait.id,
        amount=points,
        figures={"training_points": points},
    )


def _rank_check(fighter: Fighter) -> Check:
    """A Damage Rank goes on one of the fighter's own Strengths or Styles (003 L464-L466), never on one already
    Zeroed Out (003 L511-L513)."""

    def check(value: JsonValue) -> Refusal | None:
        trait = fighter.trait(str(value))
        if trait is None:
            return refusal("DAMAGE_TRAIT_UNKNOWN", f"{fighter.id} has no Strength or Style {value!r}.")
        if zeroed(trait):
            return refusal("TRAIT_ZEROED_OUT", f"{trait.id} is Zeroed Out: it takes no more Damage Ranks.")
        return None

    return check


@dataclass(frozen=True)
class Where:
    """Where Damage Ranks come from, for their decision keys and the text's step: ``other`` the fighter who dealt
    them, ``window`` the kind of exchange when it is not an attack (``cyclic``), ``move`` a Blitz's n-th Strike."""

    other: str | None = None
    window: str | None = None
    move: int = 1
    step: str = "damage"
    conflict: bool = True  # in a Conflict Scene (a fight): the first Damage Rank earns a Training Point


def _say_damage(steps: Steps, fighter: Fighter, trait: RoyaleFighterTrait, kind: RoyaleDamageType, take: int) -> None:
    steps.say(
        f"{fighter.id} puts {take} {kind.value} Rank{'s' if take > 1 else ''} on {trait.name}.",
        "damage",
        fighter=fighter.id,
        trait=trait.id,
        amount=take,
        value=current_index(trait),
        figures={
            "ranks": take,
            "wound_ranks": trait.wound_ranks,
            "failure_ranks": trait.failure_ranks,
            "rank_after": current_index(trait),
        },
    )


def assign(
    steps: Steps,
    fighter: Fighter,
    ranks: int,
    kind: RoyaleDamageType,
    pack: RoyalePack,
    where: Where = Where(),
) -> None:
    """Place ``ranks`` Damage Ranks of ``kind`` on ``fighter``, one decision per rank (its choices the standing
    traits, the policy's pick first; with ``lowest_first`` that pick is its default). Consecutive ranks on one
    trait are logged together."""
    if ranks <= 0:
        return
    if fighter.state.minions:
        _gang_losses(steps, fighter, ranks)
        return
    if where.conflict:
        _first_damage(steps, fighter)
    was_out = fighter.absolute_zero
    policy = steps.request.damage_policy == RoyaleDamagePolicy.lowest_first
    run: tuple[RoyaleFighterTrait, int] | None = None
    for n in range(1, ranks + 1):
        if fighter.absolute_zero:  # what no trait can take is lost
            lost = ranks - n + 1
            steps.say(
                f"{lost} Damage Ranks find nothing left to take them.", "damage_lost", fighter=fighter.id, amount=lost
            )
            break
        pick = policy_pick(fighter)
        standing = [pick] + [t for t in fighter.standing() if t is not pick]
        key = steps.key(fighter.id, "damage", other=where.other, window=where.window, move=where.move)
        # an answer given ahead naming a trait the earlier ranks have Zeroed Out since (003 L511-L513): the core sets
        # it aside for the policy's pick (the default, else the first choice) with a warning
        picked = steps.decide(
            key,
            fighter.id,
            "damage",
            where.step,
            f"Damage Rank {n} of {ranks} ({kind.value}): which Strength or Style takes it (003 L464-L466)?",
            [(t.id, f"{t.name} ({current_index(t)})") for t in standing],
            pick.id if policy else None,
            _rank_check(fighter),
        )
        trait = next(t for t in fighter.state.traits if t.id == picked)
        if run is not None and run[0] is not trait:
            _say_damage(steps, fighter, run[0], kind, run[1])
            run = None
        _hit(trait, kind, 1)
        run = (trait, run[1] + 1 if run is not None else 1)
        if zeroed(trait):
            _say_damage(steps, fighter, trait, kind, run[1])
            run = None
            _zero_out(steps, fighter, trait, pack)
    if run is not None:
        _say_damage(steps, fighter, run[0], kind, run[1])
    _absolute_zero(steps, fighter, was_out, kind)


def _absolute_zero(steps: Steps, fighter: Fighter, was_out: bool, kind: RoyaleDamageType) -> None:
    if fighter.absolute_zero and not was_out:
        fighter.award(ABSOLUTE_ZERO_TP)
        lethal = kind == RoyaleDamageType.wound or any(t.wound_ranks for t in fighter.state.traits)
        fighter.state.mostly_dead = lethal
        steps.say(
            f"{fighter.id} hits Absolute Zero (+{ABSOLUTE_ZERO_TP} Training Points if they live)"
            + (" and is Mostly Dead." if lethal else "."),
            "absolute_zero",
            fighter=fighter.id,
            amount=ABSOLUTE_ZERO_TP,
            figures={"training_points": ABSOLUTE_ZERO_TP, "mostly_dead": int(lethal)},
        )
        steps.gone(fighter.id)


def _first_damage(steps: Steps, fighter: Fighter) -> None:
    if not fighter.state.damaged_this_scene:  # 003 L473, L661-L662: first of a Conflict Scene
        fighter.state.damaged_this_scene = True
        fighter.award(FIRST_DAMAGE_TP)
        steps.say(
            f"{fighter.id} takes a first Damage Rank this scene (+1 Training Point).",
            "training_point",
            fighter=fighter.id,
            amount=FIRST_DAMAGE_TP,
            figures={"training_points": FIRST_DAMAGE_TP},
        )


def sacrifice(steps: Steps, fighter: Fighter, trait_ids: list[str], pack: RoyalePack) -> None:
    """After a Sacrificial Gambit the chosen Strengths Zero Out, taken as Wound Ranks (003 L1436-L1437): Damage
    Ranks, so they earn the Training Points a forced Zero Out earns (L661-L663)."""
    was_out = fighter.absolute_zero
    for trait_id in trait_ids:
        trait = fighter.trait(trait_id)
        if trait is None or zeroed(trait):
            continue
        _first_damage(steps, fighter)
        ranks = current_index(trait) + 1
        _hit(trait, RoyaleDamageType.wound, ranks)
        steps.say(
            f"{fighter.id} sacrifices {trait.name}: {ranks} Wound Ranks.",
            "damage",
            fighter=fighter.id,
            trait=trait.id,
            amount=ranks,
            value=current_index(trait),
            figures={"ranks": ranks, "wound_ranks": trait.wound_ranks, "rank_after": current_index(trait)},
        )
        _zero_out(steps, fighter, trait, pack)
    _absolute_zero(steps, fighter, was_out, RoyaleDamageType.wound)
