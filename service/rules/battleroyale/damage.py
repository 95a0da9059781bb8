"""Damage Ranks onto traits (003 L460-L478, L511-L528, L655-L664, L739-L741): one decision per rank (or the
named policy), Zero Outs, Absolute Zero, Mostly Dead, the Training Points they earn, and Minions taken out."""

from __future__ import annotations

from ..core.findings import map_key
from .codes import finding
from .fighters import Fighter, current_index, zeroed
from .model_types import RoyaleDamageType
from .pack import RoyalePack, RoyaleZeroOutTraining
from .resolve_models import RoyaleChoice, RoyaleDamagePolicy, RoyaleFighterTrait
from .steps import Pending, Steps

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
    steps.say(f"{fighter.id} loses {lost} Minions; {left} left.", "minions_out", fighter=fighter.id, amount=lost)


def _zero_out(steps: Steps, fighter: Fighter, trait: RoyaleFighterTrait, pack: RoyalePack) -> None:
    every = pack.zero_out_training_points.value == RoyaleZeroOutTraining.every_time  # digest C3
    points = ZERO_OUT_TP if every or not fighter.state.zeroed_this_scene else 0
    fighter.state.zeroed_this_scene = True
    fighter.award(points)
    steps.say(
        f"{trait.name} Zeroes Out (+{points} Training Points).",
        "zeroed_out",
        fighter=fighter.id,
        detail=trait.id,
        amount=points,
    )


def _refuse_zeroed(steps: Steps, fighter: Fighter, key: str) -> None:
    """A Zeroed Out trait takes no more damage (003 L512-L513): a decision naming one is refused by that rule."""
    given = steps.request.decisions.get(key)
    trait = fighter.trait(given) if given is not None else None
    if trait is not None and zeroed(trait):
        steps.used_decisions.add(key)
        steps.findings.append(
            finding("TRAIT_ZEROED_OUT", f"decisions{map_key(key)}", f"{given} is Zeroed Out: it takes no damage.", key)
        )
        raise Pending


def assign(
    steps: Steps,
    fighter: Fighter,
    ranks: int,
    kind: RoyaleDamageType,
    key: str,
    pack: RoyalePack,
    conflict: bool = True,
) -> None:
    """Place ``ranks`` Damage Ranks of ``kind`` on ``fighter``; decisions ``{key}.1``, ``{key}.2`` … ``conflict``:
    the damage comes in a Conflict Scene (a fight), where the first Damage Rank earns a Training Point."""
    if ranks <= 0:
        return
    if fighter.state.minions:
        _gang_losses(steps, fighter, ranks)
        return
    if conflict:
        _first_damage(steps, fighter)
    was_out = fighter.absolute_zero
    ask = steps.request.damage_policy == RoyaleDamagePolicy.ask
    given = steps.request.decisions
    n = 1
    while n <= ranks:
        if fighter.absolute_zero:  # what no trait can take is lost
            steps.say(f"{ranks - n + 1} Damage Ranks find nothing left to take them.")
            break
        if not ask and f"{key}.{n}" not in given:
            trait = policy_pick(fighter)  # the named policy: as many ranks as the trait takes, up to a given key
            take = min(ranks - n + 1, current_index(trait) + 1)
            take = next((m - n for m in range(n + 1, n + take) if f"{key}.{m}" in given), take)
        else:
            _refuse_zeroed(steps, fighter, f"{key}.{n}")
            choices = [RoyaleChoice(value=t.id, label=f"{t.name} ({current_index(t)})") for t in fighter.standing()]
            picked = steps.decide(f"{key}.{n}", "damage", fighter.id, choices, policy_pick(fighter).id, ask=ask)
            trait, take = next(t for t in fighter.state.traits if t.id == picked), 1
        _hit(trait, kind, take)
        steps.say(
            f"{fighter.id} puts {take} {kind.value} Rank{'s' if take > 1 else ''} on {trait.name}.",
            "damage",
            fighter=fighter.id,
            detail=trait.id,
            amount=take,
        )
        if zeroed(trait):
            _zero_out(steps, fighter, trait, pack)
        n += take
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
        )


def _first_damage(steps: Steps, fighter: Fighter) -> None:
    if not fighter.state.damaged_this_scene:  # 003 L473, L661-L662: first of a Conflict Scene
        fighter.state.damaged_this_scene = True
        fighter.award(FIRST_DAMAGE_TP)
        steps.say(
            f"{fighter.id} takes a first Damage Rank this scene (+1 Training Point).",
            "training_point",
            fighter=fighter.id,
            amount=FIRST_DAMAGE_TP,
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
            detail=trait.id,
            amount=ranks,
        )
        _zero_out(steps, fighter, trait, pack)
    _absolute_zero(steps, fighter, was_out, RoyaleDamageType.wound)
