"""The Flexible Pool Phase (002 L86): three keyed dice per fighter, then each fighter's allocation, taken after
seeing the dice (a decision, or a named policy)."""

from __future__ import annotations

from ...core.dice import DiePending
from ...core.findings import Severity
from ..round_models import (
    RpgAllocationPolicy,
    RpgChoice,
    RpgDecision,
    RpgDecisionKind,
    RpgDieRequest,
    RpgEventKind,
    RpgPendingDecision,
    RpgPhase,
)
from ..sheet import POOL_DICE, allocation_findings, tokens_from
from ..tokens import RpgTokenCounts, short
from .decide import ask, decide
from .policies import allocate, decision
from .state import Combatant, Need, RoundState

POLICIES = (RpgAllocationPolicy.balanced, RpgAllocationPolicy.offense, RpgAllocationPolicy.defense)


def roll_pools(state: RoundState) -> None:
    sides = state.pack.die_sides.value
    missing: list[RpgDieRequest] = []
    for c in state.standing():
        c.dice = []
        for i in range(1, POOL_DICE + 1):
            key = state.key(c.id, "pool", i)
            try:
                c.dice.append(state.dice.roll(key, sides, "Flexible Pool"))
            except DiePending:
                missing.append(RpgDieRequest(key=key, fighter=c.id, die=f"1d{sides}", purpose="Flexible Pool"))
    if missing:
        raise Need(dice=missing)
    for c in state.standing():
        state.say(RpgPhase.pool, c.id, f"{c.id} rolls {c.dice}: a Flexible Pool of {sum(c.dice)}.", "002 L86")
        state.event(RpgEventKind.pool, c.id, amount=sum(c.dice))


def _choices(state: RoundState, c: Combatant) -> list[RpgChoice]:
    seen: list[RpgTokenCounts] = []
    out = []
    for p in POLICIES:
        alloc = allocate(p, c.sheet, state.pack, sum(c.dice))
        if alloc not in seen:
            seen.append(alloc)
            out.append(RpgChoice(value=RpgDecision(allocation=alloc), label=f"{p.value}: {short(alloc.as_dict())}"))
    return out


def allocate_pools(state: RoundState) -> None:
    asks: list[RpgPendingDecision] = []
    for c in state.standing():
        total = sum(c.dice)
        policy = state.policy(c.id).allocation
        point = ask(
            state,
            c.id,
            RpgDecisionKind.allocation,
            ("allocation",),
            f"{c.id} rolled {c.dice} ({total}): split the pool among the token types.",
            lambda c=c: _choices(state, c),  # type: ignore[misc]
        )

        def check(value: RpgDecision, c: Combatant = c, total: int = total) -> str | None:
            if value.allocation is None:
                return "An allocation decision carries `allocation`."
            errors = [
                f.message
                for f in allocation_findings(c.sheet, state.pack, value.allocation, total, "allocation")
                if f.severity is Severity.error
            ]
            return " ".join(errors) or None

        value = (
            None
            if policy is RpgAllocationPolicy.ask
            else decision(allocation=allocate(policy, c.sheet, state.pack, total))
        )
        try:
            chosen = decide(state, point, value, check)
        except Need as need:
            asks += need.decisions
            continue
        assert chosen.allocation is not None
        c.allocation = chosen.allocation
        c.tokens = tokens_from(c.sheet, state.pack, chosen.allocation)
        state.say(
            RpgPhase.pool, c.id, f"{c.id} allocates {short(c.allocation.as_dict())} (hidden until acting).", "002 L86"
        )
    if asks:
        raise Need(decisions=asks)
