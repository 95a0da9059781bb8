"""Named policies that answer decisions for a fighter (offered where the text leaves a free choice). They are
conveniences of the service, not rules: every value they give is one of the legal choices."""

from __future__ import annotations

from ...core.construct import built
from ..actions.bundles import Bundle
from ..actions.models import RpgAction, RpgActionKind
from ..pack import DECLINE, RpgPack
from ..sheet.models import RpgFighter
from ..sheet.validation import cap, reserve
from ..tokens.counts import TOKEN_TYPES, RpgTokenCounts, RpgTokenType
from ..tokens.menu import RpgResponseKind
from .choices import Option
from .models import RpgActionPolicy, RpgAllocationPolicy, RpgDecision, RpgResponsePolicy
from .state import Combatant, RoundState

T = RpgTokenType
TIERS: dict[RpgAllocationPolicy, tuple[tuple[RpgTokenType, ...], ...]] = {
    RpgAllocationPolicy.balanced: (TOKEN_TYPES,),
    RpgAllocationPolicy.offense: ((T.damage, T.knockdown, T.grapple, T.move), (T.complex_action, T.block)),
    RpgAllocationPolicy.defense: ((T.block, T.move), (T.damage, T.knockdown, T.grapple, T.complex_action)),
}


def allocate(policy: RpgAllocationPolicy, f: RpgFighter, pack: RpgPack, pool: int) -> RpgTokenCounts:
    """The injury reserves first (002 L106), then the rest one point at a time round each tier's types, within
    each type's cap (002 L88)."""
    alloc = {t: 0 for t in TOKEN_TYPES}
    left = pool
    for t in TOKEN_TYPES:
        give = min(reserve(f, pack, t), left)
        alloc[t], left = give, left - give
    caps = {t: cap(f, pack, t) for t in TOKEN_TYPES}
    for tier in TIERS[policy]:
        while left:
            room = [t for t in tier if (c := caps[t]) is None or alloc[t] < c]
            if not room:
                break
            for t in room[:left]:
                alloc[t] += 1
                left -= 1
    return built(RpgTokenCounts, {t.value: n for t, n in alloc.items()})  # each within its cap and the pool


def _score(b: Bundle) -> int:
    return b.effect.damage * 10 + b.effect.order_down * 3 + b.effect.power_points


def choose_action(
    state: RoundState, c: Combatant, options: list[Option], policy: RpgActionPolicy
) -> RpgDecision | None:
    """``aggressive``: the option worth most (damage, then knockback, then Power Points) at the most hurt foe."""
    if policy is RpgActionPolicy.ask:
        return None
    foes = {o.id: (-o.damage, i) for i, o in enumerate(state.foes(c))}
    best: Option | None = None
    best_rank: tuple[int, tuple[int, int]] = (0, (0, 0))
    for o in options:
        if o.target is not None and o.target not in foes:
            continue
        score = _score(o.bundle)
        if score <= 0:
            continue
        rank = (score, foes.get(o.target, (0, 0)) if o.target else (0, 0))
        if best is None or rank > best_rank:
            best, best_rank = o, rank
    if best is None:
        return PASS_DECISION
    return decision(action=best.action)  # a listed option


def decision(**value: object) -> RpgDecision:
    """A decision a policy takes from the legal choices the round built (nothing in it to validate)."""
    return built(
        RpgDecision,
        {
            "allocation": None,
            "action": None,
            "response": None,
            "injury": None,
            "chain": None,
            "direction": None,
            "feet": None,
        }
        | value,
    )


PASS_DECISION = RpgDecision(action=RpgAction(kind=RpgActionKind.pass_))
RESPONSE_DECISIONS = {k: RpgDecision(response=k) for k in RpgResponseKind}
GUARD = (RpgResponseKind.block, RpgResponseKind.grapple_cancel, RpgResponseKind.evade, RpgResponseKind.counter)


def choose_response(kinds: list[RpgResponseKind], policy: RpgResponsePolicy) -> RpgDecision | None:
    if policy is RpgResponsePolicy.ask:
        return None
    if policy is RpgResponsePolicy.guard:
        for k in GUARD:
            if k in kinds:
                return RESPONSE_DECISIONS[k]
    return RESPONSE_DECISIONS[RpgResponseKind.none]


def choose_injury(state: RoundState, c: Combatant, take: bool) -> RpgDecision:
    room = [
        (c.sheet.attributes.get(a.id, 0) - c.injuries.get(a.id, 0), -i, a.id)
        for i, a in enumerate(state.pack.attributes)
    ]
    best = max(room, default=(0, 0, DECLINE))
    return decision(injury=best[2] if take and best[0] > 0 else DECLINE)
