"""The price-actions operation: each action's bundle, whether the fighter can pay for it, and what it yields."""

from __future__ import annotations

from ...core.findings import Finding, Severity
from ..codes import finding
from ..identity import RULESET, VERSION
from ..tokens.counts import counts
from .bundles import affordable, bundle_of
from .models import RpgActionQuote, RpgPriceAnswer, RpgPriceRequest


def price_actions(request: RpgPriceRequest) -> RpgPriceAnswer:
    pack = request.data_pack()
    held = request.tokens.as_dict()
    quotes = []
    for i, a in enumerate(request.actions):
        at = f"actions[{i}]"
        b = bundle_of(a, pack, at, request.map)
        can = b.legal and affordable(b, held, request.power_points)
        notes: list[Finding] = list(b.findings)
        if b.legal:
            for t, n in b.tokens.items():
                if held.get(t, 0) < n:
                    notes.append(finding("TOKENS_INSUFFICIENT", at, f"{n} {t.value} needed, {held.get(t, 0)} held."))
            if request.power_points < b.power_points:
                notes.append(finding("PP_INSUFFICIENT", at, f"{b.power_points} Power Points needed."))
        quotes.append(
            RpgActionQuote(
                action=a,
                legal=not any(f.severity == Severity.error for f in notes),  # one verdict with the findings
                use=b.use,
                rows=b.rows,
                tokens=counts(b.tokens),
                power_points=b.power_points,
                affordable=can,
                power_points_yield=b.yield_power_points + b.effect.power_points,  # 002 L25, L37, L49, L72, L80
                blockable=b.blockable,
                effect=b.effect,
                findings=notes,
            )
        )
    problems = request.pack_findings()
    return RpgPriceAnswer(
        ruleset=RULESET,
        ruleset_version=VERSION,
        legal=all(q.legal for q in quotes) and not problems,
        violations=problems,
        quotes=quotes,
        unsupported=[],
    )
