"""The end of a Dramatic fight: what each fighter takes away (Glory) and what lapses with the fight (banked Action
Points, once-a-fight uses)."""

from __future__ import annotations

from ...core.findings import Finding, Severity, path_of
from ..declared import DECLARED
from ..identity import RULESET, VERSION
from .awards import FightRecord, settle
from .models import DramaticCombatEnd, DramaticCombatEndRequest, DramaticSettlement

UNSUPPORTED = [
    DECLARED.unsupported(
        "dramatic_thug_glory",
        "",
        "Glory from a Dramatic fight with Thug groups is divided with thugs/end-of-combat, not here",
    )
]


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
        unsupported=UNSUPPORTED,
        fighters=[
            DramaticSettlement.model_construct(
                id=s.fighter,
                glory=s.glory,
                action_points_lapsed=s.action_points_lapsed,
                special_moves_cleared=list(s.uses_cleared),
            )
            for s in settle(records)
        ],
    )
