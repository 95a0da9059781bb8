"""Pricing purchases (001 L108-160): what each one costs from the fighter as he stands, its free side effects, and
any rule it would break."""

from __future__ import annotations

from .fighter import replay, split
from .models import ImpactPriceAnswer, ImpactPriceRequest, ImpactQuote
from .pack import chosen_pack


def price_purchases(request: ImpactPriceRequest) -> ImpactPriceAnswer:
    from . import RULESET, VERSION

    pack = chosen_pack(request)
    done = replay(request.fighter, pack)
    fighter_errors, _, _ = split(done.findings)
    left_before = done.budget - done.spent
    quotes: list[ImpactQuote] = []
    left = left_before
    total = 0
    for i, purchase in enumerate(request.purchases):
        path = f"purchases[{i}]"
        before = len(done.findings)
        cost = done.step(path, purchase)
        total += cost
        left -= cost
        if cost and left < 0:
            done.add("PP_OVERSPENT", path, f"{cost} PP with {left + cost} left: {-left} short.")
        errors, _, _ = split(done.findings[before:])
        quotes.append(
            ImpactQuote(path=path, legal=not errors, cost=cost, changes=done.steps[-1].changes, violations=errors)
        )
    violations, warnings, _ = split([f for f in done.findings if f.path.startswith("purchases")])
    return ImpactPriceAnswer(
        ruleset=RULESET,
        ruleset_version=VERSION,
        legal=not violations,
        fighter_valid=not fighter_errors,
        total_cost=total,
        pp_left_before=left_before,
        pp_left_after=left,
        quotes=quotes,
        violations=violations,
        warnings=warnings,
        unsupported=[],
        derived=done.derived(),
    )
