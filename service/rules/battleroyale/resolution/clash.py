"""One attack against one reaction, the opposed roll Conflicts and Bouts share (003 L448-L456, L907-L912), with
the sample Moves whose figures change the damage (Mighty Blow, Impenetrable Defense, Drain, Mystic Attack)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tables.model_types import RoyaleDamageType
from ..tables.model_types import RoyaleFigureKind as Figure
from ..tables.records import sample_move
from .fighters import Fighter
from .models import RoyaleBinding, RoyaleCyclicEffect, RoyaleMoveUse, RoyaleRollResult
from .rolls import Plan, announce
from .steps import Steps, face_figures, faces_text


@dataclass
class Clash:
    attacker: str
    defender: str
    attack: int
    defense: int
    damage: int
    damage_type: RoyaleDamageType


def margin(attacker: Fighter, defender: Fighter, attack: int, defense: int) -> int:
    """Damage Ranks from the two results: the difference when the attack is higher; a tie goes to the defender,
    except that a PC attacker beats an NPC defender by 1 (003 L455-L456; digest C4 for NPC against NPC)."""
    if attack > defense:
        return attack - defense
    if attack == defense and attacker.state.pc and not defender.state.pc:
        return 1
    return 0


def settle(
    steps: Steps,
    attacker: Fighter,
    defender: Fighter,
    rolled: tuple[RoyaleRollResult, Plan, RoyaleRollResult, Plan],
    damage_type: RoyaleDamageType,
    moves: tuple[RoyaleMoveUse | None, RoyaleMoveUse | None],
    move: int = 1,
) -> Clash:
    """The damage of one attack, with the Moves that change it; ``move``: a Blitz's n-th Strike (its Sacrificial
    Gambit dice are keyed ``R1.ann.gambit#n``)."""
    attack, attack_plan, defense, defense_plan = rolled
    damage = margin(attacker, defender, attack.total, defense.total)
    if damage > 0 and _lasting(steps, attacker, defender, attack_plan, damage_type):
        damage = 0  # a Binding inflicts its Challenge, not Damage Ranks (ruling on 003 L1370-L1372)
    kind = damage_type
    attack_move, defense_move = moves
    if attack_move is not None and _wound_surcharged(attack_move):
        # 003 L1425-L1427: Failure Ranks, or Wound Ranks when the extra Spirit Die was paid
        kind = RoyaleDamageType.wound if attack_move.wound_ranks else RoyaleDamageType.failure
    if damage > 0 and Figure.extra_damage in attack_plan.figures:  # Mighty Blow, 003 L1415-L1416
        damage += attack_plan.figures[Figure.extra_damage]
        extra = attack_plan.figures[Figure.extra_damage]
        steps.say(
            f"{_named(attack_plan)} adds {extra} Damage Ranks.",
            "move",
            fighter=attacker.id,
            amount=extra,
            value=damage,
            figures={Figure.extra_damage.value: extra, "damage": damage},
        )
    if damage > 0 and attack_plan.sacrifice:  # 003 L1435-L1436: 1d6 more per Strength sacrificed
        count = len(attack_plan.sacrifice)
        faces = [
            steps.d6(steps.key(attacker.id, "gambit", move=move), f"Sacrificial Gambit: die {n} of {count}")
            for n in range(1, count + 1)
        ]
        damage += sum(faces)
        steps.say(
            f"Sacrificial Gambit {faces_text(faces)} adds {sum(faces)} Damage Ranks.",
            "move",
            fighter=attacker.id,
            amount=sum(faces),
            value=damage,
            figures=face_figures(faces) | {"damage": damage},
        )
    if damage > 0 and Figure.damage_reduction in defense_plan.figures:  # Impenetrable Defense, 003 L1406-L1412
        if defense_move is not None and defense_move.kind.value == "supernatural" and damage <= defense.total:
            damage, kind = 1, RoyaleDamageType.failure
        else:
            damage = max(0, damage - defense_plan.figures[Figure.damage_reduction])
        steps.say(
            f"{_named(defense_plan)} leaves {damage} Damage Ranks.",
            "move",
            fighter=defender.id,
            value=damage,
            figures={"damage": damage, Figure.damage_reduction.value: defense_plan.figures[Figure.damage_reduction]},
        )
    if damage > 0 and Figure.spirit_dice_gained_at_most in attack_plan.figures:  # Drain, 003 L1394-L1396 (from the Box)
        gained = min(damage, attack_plan.figures[Figure.spirit_dice_gained_at_most])
        attacker.gain(gained)
        steps.say(
            f"{_named(attack_plan)} gives {attacker.id} {gained} Spirit Dice.",
            "spirit_dice",
            fighter=attacker.id,
            amount=gained,
            value=attacker.state.spirit_dice,
        )
    steps.say(
        f"{attacker.id} {attack.total} against {defender.id} {defense.total}: "
        + (f"{damage} {kind.value} Ranks." if damage else "no damage."),
        "hit" if damage else "miss",
        fighter=attacker.id,
        other=defender.id,
        amount=damage,
        figures={
            "attack": attack.total,
            "defense": defense.total,
            "margin": attack.total - defense.total,
            "damage": damage,
        },
    )
    return Clash(attacker.id, defender.id, attack.total, defense.total, damage, kind)


def _wound_surcharged(use: RoyaleMoveUse) -> bool:
    """A Move that may pay for Wound Ranks (Mystic Attack) deals Failure Ranks unless it did (003 L1425-L1427)."""
    move = sample_move(use.move.value) if use.move is not None else None
    return move is not None and move.wound_surcharge


def _named(plan: Plan) -> str:
    """The name of the sample Move whose figure a step applies."""
    move = sample_move(plan.move) if plan.move is not None else None
    return move.name if move is not None else "The Move"


def _lasting(steps: Steps, attacker: Fighter, defender: Fighter, plan: Plan, kind: RoyaleDamageType) -> bool:
    """A successful Binding or Cyclic Attack leaves its effect on the defender (003 L1369-L1375, L1387-L1391);
    True for a Binding, which takes the place of the damage."""
    if Figure.escape_tn in plan.figures:  # a Binding
        tn = plan.figures[Figure.escape_tn]
        defender.state.bindings.append(RoyaleBinding(source=attacker.id, tn=tn))
        steps.say(
            f"{defender.id} is bound until a Challenge at TN {tn} is overcome.",
            "bound",
            fighter=defender.id,
            other=attacker.id,
            figures={"tn": tn},
        )
        return True
    if Figure.risky_challenge_tn in plan.figures:  # a Cyclic Attack
        tn, turns = plan.figures[Figure.risky_challenge_tn], plan.figures[Figure.turns]
        effect = RoyaleCyclicEffect(source=attacker.id, tn=tn, turns_left=turns, damage_type=kind)
        defender.state.cyclic.append(effect)
        steps.say(
            f"{defender.id} faces a Risky Challenge at TN {tn} at the start of their next {turns} actions.",
            "cyclic",
            fighter=defender.id,
            other=attacker.id,
            amount=turns,
            figures={"tn": tn, Figure.turns.value: turns},
        )
    return False


def freed(steps: Steps, fighter: Fighter, plan: Plan, result: RoyaleRollResult) -> None:
    """Breaking a Binding: its Challenge met, it lifts (003 L350-L351, L1370-L1375)."""
    binding = fighter.state.bindings[0]
    announce(steps, result, plan)
    figures = {"tn": binding.tn, "total": result.total}
    if result.total >= binding.tn:  # 003 L350-L351: meeting the TN overcomes a Challenge
        fighter.state.bindings = fighter.state.bindings[1:]
        steps.say(
            f"{fighter.id} breaks free (TN {binding.tn}).",
            "unbound",
            fighter=fighter.id,
            other=binding.source,
            figures=figures,
        )
    else:
        steps.say(
            f"{fighter.id} stays bound (TN {binding.tn}).",
            "bound",
            fighter=fighter.id,
            other=binding.source,
            figures=figures,
        )
