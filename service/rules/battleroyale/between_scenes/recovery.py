"""Recovery (003 L492-L509, L636-L640, L829-L834): Second Wind dice, Zeroed Out traits restored to Poor with a
Spirit Die each, and the end of a Scene (Failure Ranks go; 1d6 Wound Ranks heal, plus relevant MODs).
Which ranks come back is the player's choice (`picks`); past them, the policy of digest C20: Wound Ranks first,
the highest-rank trait first."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core.dice import KeyedDice
from ...core.protocol.keys import KeyBook
from ...core.protocol.steps import Decisions
from ..codes import finding
from ..identity import RULESET, VERSION
from ..resolution.fighters import Fighter, current_index, current_mod, end_fields, zeroed
from ..resolution.models import RoyaleFighterTrait
from ..resolution.steps import Steps, face_figures, faces_text, run_step
from ..tables.model_types import RoyaleDamageType, index_of
from .recovery_models import RoyaleRecoveryPick, RoyaleRecoveryRequest, RoyaleRecoveryResult

RESTORE_COST = 1  # a Spirit Die per Zeroed Out trait (003 L639-L640, L833)
SECOND_WIND_COST = 1  # 003 L637
FIELDS = {RoyaleDamageType.wound: "wound_ranks", RoyaleDamageType.failure: "failure_ranks"}


@dataclass
class Healing:
    """The ranks taken off so far, by kind, and the player's picks still to use (with their request index)."""

    picks: list[tuple[int, RoyaleRecoveryPick]]
    tally: Counter[RoyaleDamageType] = field(default_factory=Counter)

    def take(self, trait: RoyaleFighterTrait, kind: RoyaleDamageType, ranks: int = 1) -> None:
        setattr(trait, FIELDS[kind], getattr(trait, FIELDS[kind]) - ranks)
        self.tally[kind] += ranks


def _policy_one(
    traits: list[RoyaleFighterTrait], wounds_only: bool
) -> tuple[RoyaleFighterTrait, RoyaleDamageType] | None:
    """digest C20: Wound before Failure, highest rank first."""
    for kind in (RoyaleDamageType.wound,) if wounds_only else (RoyaleDamageType.wound, RoyaleDamageType.failure):
        hurt = [t for t in traits if getattr(t, FIELDS[kind])]
        if hurt:
            return max(hurt, key=lambda t: index_of(t.rank)), kind
    return None


def _picked(
    steps: Steps, heal: Healing, traits: list[RoyaleFighterTrait], wounds_only: bool
) -> tuple[RoyaleFighterTrait, RoyaleDamageType] | None:
    """The player's next pick that can be taken here; a pick that names no such rank is refused."""
    while heal.picks:
        i, pick = heal.picks[0]
        if wounds_only and pick.kind != RoyaleDamageType.wound:
            return None  # a Failure pick waits (the Scene's end heals only Wound Ranks)
        heal.picks.pop(0)
        trait = next((t for t in traits if t.id == pick.trait), None)
        if trait is not None and getattr(trait, FIELDS[pick.kind]):
            return trait, pick.kind
        steps.findings.append(
            finding("RECOVERY_PICK_INVALID", f"picks[{i}]", f"No {pick.kind.value} Rank on {pick.trait} to recover.")
        )
    return None


def _heal(steps: Steps, heal: Healing, traits: list[RoyaleFighterTrait], ranks: int, wounds_only: bool = False) -> int:
    healed = 0
    while healed < ranks:
        chosen = _picked(steps, heal, traits, wounds_only) or _policy_one(traits, wounds_only)
        if chosen is None:
            break
        heal.take(*chosen)
        healed += 1
    return healed


def _restore(steps: Steps, fighter: Fighter, request: RoyaleRecoveryRequest, heal: Healing) -> int:
    healed = 0
    for i, trait_id in enumerate(request.restore):
        trait = fighter.trait(trait_id)
        if trait is None or not zeroed(trait):
            steps.findings.append(finding("TRAIT_UNKNOWN", f"restore[{i}]", f"{trait_id} is not a Zeroed Out trait."))
            continue
        if not fighter.spend(RESTORE_COST):
            steps.findings.append(finding("NOT_ENOUGH_SPIRIT_DICE", f"restore[{i}]", "No Spirit Die left."))
            continue
        extra = -current_index(trait)  # back to Poor: Failure Ranks go first
        cut = min(extra, trait.failure_ranks)
        heal.take(trait, RoyaleDamageType.failure, cut)
        heal.take(trait, RoyaleDamageType.wound, extra - cut)
        healed += extra
        steps.say(
            f"{trait.name} is back at Poor for a Spirit Die.",
            "restored",
            fighter=fighter.id,
            trait=trait.id,
            amount=extra,
            figures={"ranks": extra, "spirit_dice": RESTORE_COST},
        )
    if fighter.state.mostly_dead and not any(zeroed(t) for t in fighter.state.traits):
        fighter.state.mostly_dead = False  # 003 L834: all back at Poor, recovery goes on as usual
        steps.say(f"{fighter.id} is no longer Mostly Dead.", "recovered", fighter=fighter.id)
    return healed


def _second_wind(steps: Steps, fighter: Fighter, request: RoyaleRecoveryRequest, heal: Healing) -> int:
    if not request.second_wind:
        return 0
    if fighter.state.mostly_dead:  # 003 L830-L831
        steps.findings.append(finding("MOSTLY_DEAD", "second_wind", "No Second Wind while Mostly Dead."))
        return 0
    if not fighter.spend(SECOND_WIND_COST * request.second_wind):
        steps.findings.append(finding("NOT_ENOUGH_SPIRIT_DICE", "second_wind", "Not enough Spirit Dice."))
        return 0
    count = request.second_wind
    faces = [
        steps.d6(steps.key(fighter.id, "second_wind"), f"Second Wind: die {n} of {count}") for n in range(1, count + 1)
    ]
    standing = [t for t in fighter.state.traits if not zeroed(t)]  # a Zeroed Out trait needs its own die
    healed = _heal(steps, heal, standing, sum(faces))
    steps.say(
        f"Second Wind {faces_text(faces)}: {healed} Damage Ranks recovered.",
        "recovered",
        fighter=fighter.id,
        amount=healed,
        figures=face_figures(faces) | {"rolled": sum(faces), "recovered": healed},
    )
    return healed


def _clear_failures(steps: Steps, fighter: Fighter, heal: Healing) -> int:
    failure = 0
    for t in fighter.state.traits:  # 003 L492-L493
        failure += t.failure_ranks
        heal.take(t, RoyaleDamageType.failure, t.failure_ranks)
    steps.say(
        f"The Scene ends: {failure} Failure Ranks go.",
        "recovered",
        fighter=fighter.id,
        amount=failure,
        figures={"failure_ranks": failure},
    )
    return failure


def _heal_wounds(steps: Steps, fighter: Fighter, request: RoyaleRecoveryRequest, heal: Healing) -> int:
    if fighter.state.mostly_dead:  # 003 L830: no usual recovery until every trait is back at Poor
        return 0
    if request.full_recovery:
        wounds = 0
        for t in fighter.state.traits:
            wounds += t.wound_ranks
            heal.take(t, RoyaleDamageType.wound, t.wound_ranks)
        steps.say(
            f"Full recovery: {wounds} Wound Ranks heal.",
            "recovered",
            fighter=fighter.id,
            amount=wounds,
            figures={"wound_ranks": wounds},
        )
        return wounds
    bonus = 0
    for i, trait_id in enumerate(request.recovery_traits):
        trait = fighter.trait(trait_id)
        if trait is None or zeroed(trait):
            steps.findings.append(finding("TRAIT_UNKNOWN", f"recovery_traits[{i}]", f"{trait_id} cannot help."))
        else:
            bonus += current_mod(trait)
    face = steps.d6(steps.key(fighter.id, "wounds"), "Wound Ranks healed at the end of the Scene")
    healed = _heal(steps, heal, fighter.state.traits, max(0, face + bonus), wounds_only=True)
    steps.say(
        f"1d6 {face} {bonus:+d}: {healed} Wound Ranks heal.",
        "recovered",
        fighter=fighter.id,
        amount=healed,
        figures={"face_1": face, "bonus": bonus, "recovered": healed},
    )
    return healed


RECOVERY_POINTS = frozenset({"second_wind", "wounds"})


def recover(request: RoyaleRecoveryRequest) -> RoyaleRecoveryResult:
    """Recovery in the core turn protocol: its dice are ``S1.{fighter}.second_wind`` … and ``S1.{fighter}.wounds``
    (S for the Scene)."""

    def start(dice: KeyedDice, decisions: Decisions) -> Steps:
        steps = Steps(request, dice, decisions, KeyBook("S", 1, one_opponent=True))
        steps.work = (Fighter(request.fighter, "fighter"), Healing(picks=list(enumerate(request.picks))), [0])
        return steps

    def body(steps: Steps) -> None:
        fighter, heal, healed = steps.work
        healed[0] += _second_wind(steps, fighter, request, heal)
        if request.end_scene:
            healed[0] += _clear_failures(steps, fighter, heal)
        if fighter.state.mostly_dead and request.restore and not request.end_scene:
            # 003 L831: a Mostly Dead fighter is restored once the Scene is over
            steps.findings.append(finding("MOSTLY_DEAD", "restore", "Mostly Dead: restore after the Scene."))
        else:
            healed[0] += _restore(steps, fighter, request, heal)
        if request.end_scene:
            healed[0] += _heal_wounds(steps, fighter, request, heal)
        for i, pick in heal.picks:  # nothing the caller sent is dropped without a finding
            steps.findings.append(
                finding("RECOVERY_PICK_UNUSED", f"picks[{i}]", f"{pick.trait}: no rank left to take.")
            )

    fid = request.fighter.id
    fits = lambda p: p.letter == "S" and p.n == 1 and p.fighter == fid and p.point in RECOVERY_POINTS  # noqa: E731
    run = run_step(request, start, body, fits)
    fighter, heal, healed = run.steps.work
    done = run.done
    return RoyaleRecoveryResult(
        ruleset=RULESET,
        ruleset_version=VERSION,
        recovered=healed[0] if done else 0,
        recovered_failure=heal.tally[RoyaleDamageType.failure] if done else 0,
        recovered_wound=heal.tally[RoyaleDamageType.wound] if done else 0,
        spirit_dice_to_bowl=fighter.spent if done else 0,
        bowl=request.bowl + (fighter.spent if done else 0),
        fighter=fighter.state if done else request.fighter,
        **run.answer(end_fields([request.fighter], [fighter], [], done)),  # type: ignore[arg-type]
    )
