"""The end of a fight against Thugs: each Fighter's raw Glory for the whole combat divided once by the divisor of
the cheapest group that took part (Chapter 5, Thug Glory Awards; End of the Turn in Thug Thrashing Combat)."""

from __future__ import annotations

from ...core.findings import Severity, path_of
from ..identity import RULESET, VERSION
from .build import UNSUPPORTED, Findings, thug_figures
from .glory import divided_glory
from .models import DividedGlory, ThugCombatEnd, ThugCombatEndRequest, ThugGroupPoints, ThugOptions
from .points import glory_divisor


def lowest_and_divisor(groups: list[ThugGroupPoints], at: str, out: Findings) -> tuple[int, int]:
    """The cheapest group's Thug Points and the divisor they set (000 L6547); the Dramatic end of combat's too."""
    options = ThugOptions()  # Saga Scale never changes the points Glory is divided by (000 L6812)
    points = [thug_figures(g.thug, options, path_of(at, i, "thug"), out).points.rounded for i, g in enumerate(groups)]
    lowest = min(points)  # the lowest-value group in the combat (000 L6547)
    return lowest, glory_divisor(lowest)


def end_thug_combat(request: ThugCombatEndRequest) -> ThugCombatEnd:
    out = Findings()
    lowest, divisor = lowest_and_divisor(request.groups, "groups", out)
    return ThugCombatEnd.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not out.of(Severity.error),
        violations=out.of(Severity.error),
        warnings=out.of(Severity.warning),
        info=out.of(Severity.info),
        unsupported=UNSUPPORTED,
        lowest_points=lowest,
        glory_divisor=divisor,
        fighters=[
            DividedGlory.model_construct(id=f.id, raw_glory=f.raw_glory, glory=divided_glory(f.raw_glory, divisor))
            for f in request.fighters
        ],
    )
