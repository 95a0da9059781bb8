"""One roll, the primitive every resolution shares: keep the best K of the dice rolled, add the flat part
(003 L361-L363, L451, L892-L894, L1237-L1241, L1341-L1344).

K is 2 in Challenges and Conflicts and the allotted dice in a Bout; each bonus taken as a die adds a die; a
Signature Move adds one die that is also kept. The flat part is the harmonized Style's MOD (or the Move Rank's),
the declared relevant Strengths' MODs, +1 per bonus taken flat, and the declared modifiers."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.findings import Finding
from ..codes import finding
from ..pack import RoyaleMinionTarget, RoyalePack
from ..pricing.models import RoyaleMoveRequest
from ..pricing.prices import price_move
from ..tables.model_types import RoyaleFigureKind, index_of
from ..tables.records import forms, rank_row, sample_move
from .fighters import Fighter, current_index, current_mod, zeroed
from .models import RoyaleBoost, RoyaleMoveUse, RoyaleRollDeclaration, RoyaleRollResult
from .steps import Steps, face_figures, faces_text

FLAW_MOD = -2  # a Flaw rolled against counts as Poor (003 L256-L257)
FORM_PENALTY = -2  # a Form weakness (003 L1039-L1040)


@dataclass
class Plan:
    fighter: str
    purpose: str
    keep: int
    dice: int
    flat: int
    parts: list[str] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)  # a sample Move's figures at its rank
    move_wound: bool = False
    move: str | None = None  # the sample Move's id
    move_mod: int = 0
    signature: bool = False
    sacrifice: list[str] = field(default_factory=list)

    def follow_up(self, base: Plan) -> Plan:
        """A Blitz's later attack: this plan (the Strengths, no boosts) with the Move's rank and Signature die; the
        Move's Spirit Dice, Techniques and Be Impressive dice went with the first attack."""
        keep, dice = self.keep + base.signature, self.dice + base.signature
        parts = [*self.parts, f"Move [{base.move_mod:+d}]"] + (["Signature Move die"] if base.signature else [])
        return Plan(self.fighter, self.purpose, keep, dice, self.flat + base.move_mod, parts, base.figures)


def _boosts(plan: Plan, label: str, boosts: list[RoyaleBoost]) -> None:
    for boost in boosts:
        if boost == RoyaleBoost.die:
            plan.dice += 1
        else:
            plan.flat += 1
        plan.parts.append(f"{label} ({boost.value})")


def _move(fighter: Fighter, declaration: RoyaleRollDeclaration, plan: Plan, path: str) -> list[Finding]:
    """A Move on the roll: its Spirit Dice are paid and its rank's MOD replaces the Style's."""
    use = declaration.move
    style = fighter.style()
    if use is None:
        return []
    if style is None:
        return [finding("TRAIT_UNKNOWN", f"{path}.move", f"{fighter.id} has no harmonized Style for a Move.")]
    request = RoyaleMoveRequest(
        style_rank=style.rank,
        style_damage=style.failure_ranks + style.wound_ranks,
        forms=style.forms,
        shifts=use.shifts,
        kind=use.kind,
        signature=use.signature,
        favored=use.favored,
        move=use.move,
        wound_ranks=use.wound_ranks,
    )
    price = price_move(request)
    out = [f.model_copy(update={"path": f"{path}.move.{f.path}"}) for f in price.violations]
    if out or price.move_rank is None:
        return out
    if not fighter.spend(price.spirit_dice):
        return [finding("NOT_ENOUGH_SPIRIT_DICE", f"{path}.move", f"{fighter.id} cannot pay {price.spirit_dice}.")]
    plan.flat += price.move_rank.mod
    plan.parts.append(f"Move at {price.move_rank.name} [{price.move_rank.mod:+d}] for {price.spirit_dice} Spirit Dice")
    if use.signature:  # 003 L1341-L1344: one more die, rolled and kept
        plan.keep += 1
        plan.dice += 1
        plan.parts.append("Signature Move die")
    plan.figures = {f.id: f.value for f in price.figures}
    plan.move_wound = use.wound_ranks
    plan.move = use.move.value if use.move is not None else None
    plan.move_mod, plan.signature = price.move_rank.mod, use.signature
    return _gambit(fighter, use, plan, path)


def _gambit(fighter: Fighter, use: RoyaleMoveUse, plan: Plan, path: str) -> list[Finding]:
    """A Sacrificial Gambit names as many Strengths as its MOD, Average counting as 1 (003 L1434-L1435, digest
    C8); each one the fighter's and still standing."""
    needed = plan.figures.get(RoyaleFigureKind.strengths_sacrificed)
    if needed is None:
        if use.sacrifice:
            return [finding("GAMBIT_INVALID", f"{path}.move.sacrifice", "Only a Sacrificial Gambit sacrifices.")]
        return []
    out = []
    if len(set(use.sacrifice)) != needed or len(use.sacrifice) != needed:
        out.append(finding("GAMBIT_INVALID", f"{path}.move.sacrifice", f"Name {needed} different Strengths."))
    for i, trait_id in enumerate(use.sacrifice):
        trait = fighter.trait(trait_id)
        if trait is None:
            out.append(finding("TRAIT_UNKNOWN", f"{path}.move.sacrifice[{i}]", f"{fighter.id} has no {trait_id}."))
        elif zeroed(trait):
            out.append(finding("TRAIT_ZEROED_OUT", f"{path}.move.sacrifice[{i}]", f"{trait_id} is Zeroed Out."))
    plan.sacrifice = list(use.sacrifice)
    return out


def _traits(fighter: Fighter, declaration: RoyaleRollDeclaration, plan: Plan, path: str) -> list[Finding]:
    out: list[Finding] = []
    style = fighter.style() if declaration.style and declaration.move is None and not fighter.gang else None
    if style is not None and not zeroed(style):
        plan.flat += current_mod(style)
        plan.parts.append(f"{style.name} [{current_mod(style):+d}]")
    harmonized = fighter.style()
    if harmonized is not None and fighter.state.spirit_dice == 0:
        for form in harmonized.forms:
            if forms()[form].no_spirit_dice_penalty:  # Mystic: −2 with no Spirit Dice left (003 L1185-L1187)
                plan.flat += FORM_PENALTY
                plan.parts.append(f"{form.value} Form with no Spirit Dice [{FORM_PENALTY}]")
    if fighter.gang and fighter.state.traits:  # a Minion Gang rolls its one Strength (003 L726, L736)
        own = fighter.state.traits[0]
        if not zeroed(own):
            plan.flat += current_mod(own)
            plan.parts.append(f"{own.name} [{current_mod(own):+d}]")
    for i, trait_id in enumerate(declaration.traits):
        trait = fighter.trait(trait_id)
        if trait is None:
            out.append(finding("TRAIT_UNKNOWN", f"{path}.traits[{i}]", f"{fighter.id} has no {trait_id}."))
        elif zeroed(trait):  # 003 L513-L515: a Zeroed Out trait helps no roll
            out.append(finding("TRAIT_ZEROED_OUT", f"{path}.traits[{i}]", f"{trait_id} is Zeroed Out."))
        elif not (trait.style and style is not None and trait.id == style.id):
            plan.flat += current_mod(trait)
            plan.parts.append(f"{trait.name} [{current_mod(trait):+d}]")
    if declaration.flaw:
        plan.flat += FLAW_MOD
        plan.parts.append(f"Flaw [{FLAW_MOD:+d}]")
    return out


def plan_roll(
    fighter: Fighter, declaration: RoyaleRollDeclaration, keep: int, purpose: str, path: str
) -> tuple[Plan, list[Finding]]:
    """What the fighter rolls and adds; Spirit Dice for Moves and Be Impressive are paid here."""
    plan = Plan(fighter=fighter.id, purpose=purpose, keep=keep, dice=keep, flat=0)
    found = _move(fighter, declaration, plan, path) + _traits(fighter, declaration, plan, path)
    for i, technique in enumerate(declaration.techniques):
        if technique.name in fighter.techniques_used:  # 003 L275-L276: once per round each
            found.append(
                finding("TECHNIQUE_ALREADY_USED", f"{path}.techniques[{i}]", f"{technique.name} was used this round.")
            )
        fighter.techniques_used.add(technique.name)
        _boosts(plan, f"Technique {technique.name}", [technique.boost])
    if declaration.impressive:
        if fighter.spend(len(declaration.impressive)):
            _boosts(plan, "Be Impressive", list(declaration.impressive))
        else:
            found.append(finding("NOT_ENOUGH_SPIRIT_DICE", f"{path}.impressive", f"{fighter.id} lacks Spirit Dice."))
    if declaration.bonus_dice:
        plan.dice += declaration.bonus_dice
        plan.parts.append(f"{declaration.bonus_dice} bonus dice (declared)")
    if declaration.bonus_flat:
        plan.flat += declaration.bonus_flat
        plan.parts.append(f"{declaration.bonus_flat:+d} (declared)")
    if declaration.gang_dice or declaration.gang_flat:
        plan.dice += declaration.gang_dice
        plan.flat += declaration.gang_flat
        plan.parts.append(f"Gang pool: {declaration.gang_dice} dice, +{declaration.gang_flat}")
    return plan, found


def move_role(declaration: RoyaleRollDeclaration, offense: bool, path: str) -> list[Finding]:
    """A sample Move made for an offensive action (Mighty Blow, Blitz …) is no reaction's, and Impenetrable Defense
    no attack's (003 L1357-L1437): its effect would have nothing to act on."""
    use = declaration.move
    move = sample_move(use.move.value) if use is not None and use.move is not None else None
    if move is None or move.use == "any" or (move.use == "attack") == offense:
        return []
    role = "an attack" if offense else "a reaction"
    return [finding("MOVE_ROLE_INVALID", f"{path}.move.move", f"{move.name} is not a Move for {role}.")]


def roll(
    steps: Steps, plan: Plan, point: str, *, other: str | None = None, window: str | None = None, move: int = 1
) -> RoyaleRollResult:
    """Roll ``plan.dice`` d6 and keep the best ``plan.keep``; 0 dice is the flat part alone. Each die is keyed by
    the step's KeyBook: ``R1.ann.attack``, ``R1.ann.attack.2`` … (``@other``, ``:window``, ``#move`` when the
    fighter's point comes up again about something else)."""
    faces = [
        steps.d6(
            steps.key(plan.fighter, point, other=other, window=window, move=move),
            f"{plan.purpose}: die {n} of {plan.dice}",
        )
        for n in range(1, plan.dice + 1)
    ]
    kept = sorted(faces, reverse=True)[: plan.keep]
    return RoyaleRollResult(
        fighter=plan.fighter, purpose=plan.purpose, faces=faces, kept=kept, flat=plan.flat, total=sum(kept) + plan.flat
    )


def describe(result: RoyaleRollResult, plan: Plan) -> str:
    parts = ", ".join(plan.parts) or "nothing added"
    return (
        f"{result.fighter} rolls {plan.dice}d6 keep {plan.keep} for {result.purpose}: {faces_text(result.faces)} → "
        f"kept {faces_text(result.kept)} + {result.flat} ({parts}) = {result.total}"
    )


def announce(steps: Steps, result: RoyaleRollResult, plan: Plan) -> None:
    """The roll into the answer's results, logged with every figure: dice, kept, the flat part, the total, faces."""
    steps.results.append(result)
    figures = {"dice": plan.dice, "keep": plan.keep, "flat": result.flat, "total": result.total}
    steps.say(
        describe(result, plan),
        "roll",
        fighter=result.fighter,
        amount=result.total,
        value=result.total,
        figures=figures | face_figures(result.faces),
    )


def tn_of(rank_index: int) -> int:
    return rank_row(rank_index).tn


def beats_minion(total: int, tn: int, pack: RoyalePack) -> bool:
    """003 L730 says "higher than" the TN, Challenges "meet or beat" (L350): the pack chooses (digest C2)."""
    strict = pack.minion_target.value == RoyaleMinionTarget.strictly_higher
    return total > tn or (total == tn and not strict)


def minion_rank(minion: Fighter) -> int | None:
    """A Minion's one Strength's rank now (its first trait); None when it has none."""
    return current_index(minion.state.traits[0]) if minion.state.traits else None


IRRELEVANT_MINION_TN = 7  # 003 L730-L731: the Minion's one Strength does not bear on the task


def minion_tn(rank_index: int | None, relevant: bool) -> int:
    """A lone Minion is a Challenge at its rank's TN, or TN 7 when its Strength is not relevant, or it has none
    (003 L728-L731)."""
    return tn_of(max(0, rank_index)) if relevant and rank_index is not None else IRRELEVANT_MINION_TN


__all__ = ["current_index", "index_of", "plan_roll", "roll", "tn_of"]
