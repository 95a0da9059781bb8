"""The Flexible Pool Phase (002 L86): three keyed dice per fighter, then each fighter's allocation, taken after
seeing the dice (a decision, or a named policy)."""

from __future__ import annotations

from ...core.findings import Severity
from ...core.protocol.steps import Refusal
from ..sheet.validation import POOL_DICE, allocation_findings, tokens_from
from ..tokens.counts import RpgTokenCounts, short
from .decide import Ask, Check, Choice, choice, decide, refusal
from .models import RpgAllocationPolicy, RpgDecision, RpgEventKind, RpgPhase, RpgPoint
from .policies import allocate, decision
from .state import Combatant, RoundState, token_figures

POLICIES = (RpgAllocationPolicy.balanced, RpgAllocationPolicy.offense, RpgAllocationPolicy.defense)


def words(numbers: list[int]) -> str:
    """``[5, 3, 2]`` → ``5, 3 and 2``."""
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " and " + text[-1]


def dice_figures(dice: list[int]) -> dict[str, int]:
    return {f"die_{i}": d for i, d in enumerate(dice, start=1)} | {"total": sum(dice)}


def roll_pools(state: RoundState) -> None:
    sides = state.pack.die_sides.value
    for c in state.standing():
        c.dice = []
        for _ in range(POOL_DICE):
            key = state.book.key(c.id, "pool")
            c.dice.append(state.dice.roll(key, sides, "Flexible Pool"))
            if state.dice.seed is None and key not in state.request.rolls and state.decisions.ahead is not None:
                state.pool_stood_in.add(c.id)  # a stand-in die of the look-ahead
    for c in state.standing():
        total = sum(c.dice)
        state.say(RpgPhase.pool, c.id, f"{c.id} rolls {words(c.dice)}: a Flexible Pool of {total}.", "002 L86")
        state.event(RpgEventKind.pool, c.id, amount=total, figures=dice_figures(c.dice))


def _choices(state: RoundState, c: Combatant) -> list[Choice]:
    seen: list[RpgTokenCounts] = []
    out = []
    for p in POLICIES:
        alloc = allocate(p, c.sheet, state.pack, sum(c.dice))
        if alloc not in seen:
            seen.append(alloc)
            out.append(choice(RpgDecision(allocation=alloc), f"{p.value}: {short(alloc.as_dict())}"))
    return out


def _check(state: RoundState, c: Combatant) -> Check:
    total = sum(c.dice)

    def check(value: RpgDecision) -> Refusal | None:
        if value.allocation is None:
            return refusal("DECISION_INVALID", "An allocation decision carries `allocation`.")
        errors = [
            f
            for f in allocation_findings(c.sheet, state.pack, value.allocation, total, "allocation")
            if f.severity is Severity.error
        ]
        if not errors:
            return None
        return refusal(errors[0].code, " ".join(f.message for f in errors))

    return check


def allocate_pools(state: RoundState) -> None:
    for c in state.standing():
        total = sum(c.dice)
        policy = state.policy(c.id).allocation
        ask = Ask(
            c.id,
            RpgPoint.allocation,
            f"{c.id} rolled {words(c.dice)} ({total}): split the pool among the token types.",
            lambda c=c: _choices(state, c),  # type: ignore[misc]
            check=_check(state, c),
        )
        value = (
            None
            if policy is RpgAllocationPolicy.ask
            else decision(allocation=allocate(policy, c.sheet, state.pack, total))
        )
        chosen = decide(state, ask, value)
        assert chosen.allocation is not None
        c.allocation = chosen.allocation
        c.tokens = tokens_from(c.sheet, state.pack, chosen.allocation)
        spent = chosen.allocation.total()
        shown = short(c.allocation.as_dict())
        state.say(RpgPhase.pool, c.id, f"{c.id} allocates {shown} (hidden until acting).", "002 L86")
        figures = token_figures(c.allocation) | {"pool": total, "unspent": total - spent}
        state.event(RpgEventKind.allocated, c.id, amount=spent, figures=figures)
