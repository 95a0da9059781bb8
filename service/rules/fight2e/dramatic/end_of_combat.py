"""The end of a Dramatic fight: what each fighter takes away (Glory, divided as against Thugs when Thug groups took
part) and what lapses with the fight (banked Action Points, once-a-fight uses)."""

from __future__ import annotations

from ...core.findings import Finding, Severity, path_of
from ..identity import RULESET, VERSION
from ..thugs.build import Findings
from ..thugs.end_of_combat import lowest_and_divisor
from ..thugs.glory import divided_glory
from .awards import FightRecord, settle
from .models import DramaticCombatEnd, DramaticCombatEndRequest, DramaticSettlement


def end_dramatic_combat(request: DramaticCombatEndRequest) -> DramaticCombatEnd:
    seen: set[str] = set()
    violations: list[Finding] = []
    for i, f in enumerate(request.fighters):
        if f.id in seen:
            violations.append(
                Finding(
                    code="DRAMATIC_DUPLICATE_FIGHTER",
                    severity=Severity.error,
                    path=path_of("fighters", i, "id"),
                    message=f"Two records for '{f.id}'.",
                )
            )
        seen.add(f.id)
    divisor = 1
    if request.thug_groups:  # Glory against Thugs is divided once, at the end of the combat (000 L6547, L7074)
        found = Findings()
        _, divisor = lowest_and_divisor(request.thug_groups, "thug_groups", found)
        violations += found.of(Severity.error)
    records = [
        FightRecord(
            f.id,
            tuple(f.glory_by_turn),
            f.action_points + f.recovery_points + f.healing_points,
            tuple(f.special_moves_used),
        )
        for f in request.fighters
    ]
    return DramaticCombatEnd.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        unsupported=[],
        glory_divisor=divisor,
        fighters=[
            DramaticSettlement.model_construct(
                id=s.fighter,
                glory=divided_glory(s.glory, divisor) if divisor > 1 else s.glory,
                raw_glory=s.glory,
                action_points_lapsed=s.action_points_lapsed,
                special_moves_cleared=list(s.uses_cleared),
            )
            for s in settle(records)
        ],
    )
