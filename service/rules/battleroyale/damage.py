"""Damage Ranks onto traits (003 L460-L478, L511-L528, L655-L664, L739-L741): one decision per rank (or the
named policy), Zero Outs, Absolute Zero, Mostly Dead, the Training Points they earn, and Minions taken out."""

from __future__ import annotations

from .fighters import Fighter, current_index, zeroed
from .model_types import RoyaleDamageType
from .pack import RoyalePack, RoyaleZeroOutTraining
from .resolve_models import RoyaleChoice, RoyaleDamagePolicy, RoyaleFighterTrait
from .steps import Steps

FIRST_DAMAGE_TP = 1  # 003 L473, L661-L662
ZERO_OUT_TP = 1  # 003 L474-L475, L662-L663
ABSOLUTE_ZERO_TP = 2  # 003 L477-L478, L663-L664


def policy_pick(fighter: Fighter) -> RoyaleFighterTrait:
    """digest §6.6 ruling: Strengths before Styles, lowest current rank first, the harmonized Style last."""
    standing = fighter.standing()

    def order(t: RoyaleFighterTrait) -> tuple[int, int, int]:
        return (t.id == fighter.state.harmonized, t.style, current_index(t))

    return min(standing, key=order)


def _hit(fighter: Fighter, trait_id: str, kind: RoyaleDamageType) -> RoyaleFighterTrait:
    traits = []
    hit = None
    for t in fighter.state.traits:
        if t.id == trait_id:
            field = "wound_ranks" if kind == RoyaleDamageType.wound else "failure_ranks"
            t = t.model_copy(update={field: getattr(t, field) + 1})
            hit = t
        traits.append(t)
    fighter.state = fighter.state.model_copy(update={"traits": traits})
    assert hit is not None
    return hit


def _gang_losses(steps: Steps, fighter: Fighter, ranks: int) -> None:
    """Each Damage Rank takes one Minion out (003 L739-L741)."""
    lost = min(ranks, fighter.state.minions)
    left = fighter.state.minions - lost
    fighter.state = fighter.state.model_copy(update={"minions": left})
    steps.say(f"{fighter.id} loses {lost} Minions; {left} left.", "minions_out", fighter=fighter.id, amount=lost)


def _zero_out(steps: Steps, fighter: Fighter, trait: RoyaleFighterTrait, pack: RoyalePack) -> None:
    every = pack.zero_out_training_points.value == RoyaleZeroOutTraining.every_time  # digest C3
    points = ZERO_OUT_TP if every or not fighter.state.zeroed_this_scene else 0
    fighter.state = fighter.state.model_copy(update={"zeroed_this_scene": True})
    fighter.award(points)
    steps.say(
        f"{trait.name} Zeroes Out (+{points} Training Points).",
        "zeroed_out",
        fighter=fighter.id,
        detail=trait.id,
        amount=points,
    )


def assign(steps: Steps, fighter: Fighter, ranks: int, kind: RoyaleDamageType, key: str, pack: RoyalePack) -> None:
    """Place ``ranks`` Damage Ranks of ``kind`` on ``fighter``; decisions ``{key}.1``, ``{key}.2`` …"""
    if ranks <= 0:
        return
    if fighter.state.minions:
        _gang_losses(steps, fighter, ranks)
        return
    if not fighter.state.damaged_this_scene:  # 003 L473: the first Damage Rank of the scene
        fighter.state = fighter.state.model_copy(update={"damaged_this_scene": True})
        fighter.award(FIRST_DAMAGE_TP)
        steps.say(
            f"{fighter.id} takes a first Damage Rank this scene (+1 Training Point).",
            "training_point",
            fighter=fighter.id,
            amount=FIRST_DAMAGE_TP,
        )
    ask = steps.request.damage_policy == RoyaleDamagePolicy.ask
    for n in range(1, ranks + 1):
        if fighter.absolute_zero:  # what no trait can take is lost
            steps.say(f"{ranks - n + 1} Damage Ranks find nothing left to take them.")
            break
        choices = [RoyaleChoice(value=t.id, label=f"{t.name} ({current_index(t)})") for t in fighter.standing()]
        picked = steps.decide(f"{key}.{n}", "damage", fighter.id, choices, policy_pick(fighter).id, ask=ask)
        trait = _hit(fighter, picked, kind)
        steps.say(
            f"{fighter.id} puts a {kind.value} Rank on {trait.name}.",
            "damage",
            fighter=fighter.id,
            detail=trait.id,
            amount=1,
        )
        if zeroed(trait):
            _zero_out(steps, fighter, trait, pack)
    if fighter.absolute_zero:
        fighter.award(ABSOLUTE_ZERO_TP)
        lethal = kind == RoyaleDamageType.wound or any(t.wound_ranks for t in fighter.state.traits)
        fighter.state = fighter.state.model_copy(update={"mostly_dead": lethal})
        steps.say(
            f"{fighter.id} hits Absolute Zero (+{ABSOLUTE_ZERO_TP} Training Points if they live)"
            + (" and is Mostly Dead." if lethal else "."),
            "absolute_zero",
            fighter=fighter.id,
            amount=ABSOLUTE_ZERO_TP,
        )
