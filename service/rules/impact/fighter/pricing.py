"""Pricing purchases (001 L108-160): what each one costs from the fighter as he stands, its free side effects, and
any rule it would break."""

from __future__ import annotations

from ..base import BUILT
from ..identity import RULESET, VERSION
from ..pack import chosen_pack, custom_pack_findings
from .models import ImpactPriceAnswer, ImpactPriceRequest, ImpactQuote
from .validation import replay, split


def price_purchases(request: ImpactPriceRequest) -> ImpactPriceAnswer:
    broken = custom_pack_findings(request)
    if broken:
        return ImpactPriceAnswer(
            ruleset=RULESET, ruleset_version=VERSION, legal=False, fighter_valid=False, total_cost=0,
            pp_left_before=0, pp_left_after=0, quotes=[], violations=broken, warnings=[], unsupported=[], derived=None,
        )  # fmt: skip
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
        quote = {"path": path, "legal": not errors, "cost": cost, "changes": done.steps[-1]["changes"]}
        quotes.append(ImpactQuote.model_validate(quote | {"violations": errors}, context=BUILT))
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
