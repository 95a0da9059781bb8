"""The validate-a-Fighter operation: every sheet finding at once, and the figures derived from the sheet."""

from __future__ import annotations

from ...core.findings import Finding, Severity
from ..identity import RULESET, VERSION
from ..tokens.counts import TOKEN_TYPES
from .models import RpgFighterDerived, RpgFighterRequest, RpgFighterValidation, RpgTokenCap
from .validation import (
    allocation_findings,
    cap,
    defeated,
    dice_findings,
    may_take_injuries,
    reserve,
    sheet_findings,
    tokens_from,
)


def validate_fighter(request: RpgFighterRequest) -> RpgFighterValidation:
    pack = request.data_pack()
    f = request.fighter
    found: list[Finding] = request.pack_findings() + sheet_findings(f, pack, "fighter", request.player_strength)
    pool_total = None
    if request.pool is not None:
        found += dice_findings(request.pool, pack.die_sides.value, "pool")
        pool_total = sum(request.pool)
    tokens = None
    if request.allocation is not None:
        found += allocation_findings(f, pack, request.allocation, pool_total, "allocation")
        tokens = tokens_from(f, pack, request.allocation)
    caps = [
        RpgTokenCap(
            token=t,
            attribute=a.id if (a := pack.cap_of(t)) else None,
            cap=cap(f, pack, t),
            reserved=reserve(f, pack, t),
            tokens=tokens[t] if tokens is not None else None,
        )
        for t in TOKEN_TYPES
    ]
    spent = request.allocation.total() if request.allocation is not None else None
    derived = RpgFighterDerived(
        defeated=defeated(f),
        may_take_injuries=may_take_injuries(f, request.player_strength),
        injury_room={
            a.id: max(0, f.attributes.get(a.id, 0) - f.injuries.get(a.id, 0))
            for a in pack.attributes
            if a.id in f.attributes
        },
        caps=caps,
        pool_total=pool_total,
        unallocated=pool_total - spent if pool_total is not None and spent is not None else None,
    )
    violations = [x for x in found if x.severity is Severity.error]
    return RpgFighterValidation(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        warnings=[x for x in found if x.severity is Severity.warning],
        info=[x for x in found if x.severity is Severity.info],
        unsupported=[],
        derived=derived,
    )
