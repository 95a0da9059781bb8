"""Working state shared by every rule group: the findings collector, trait and move records and the Sheet."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core.references import ref_of
from ..catalogue.catalog import Catalog
from ..catalogue.character_catalog import CharacterCatalog
from ..catalogue.character_schema import PowerLevelRow, Quirk, Trait
from ..moves.models import FighterContext, Finding
from .codes import FIGHTER_CODES, Severity
from .fighter_models import (
    Budget,
    Fighter,
    FighterCampaign,
    FighterMove,
    FighterMoveKind,
    FighterRequest,
    QualityTake,
    QuirkTake,
    Role,
    Style,
    WeaknessTake,
)

BOSS_ROLES = frozenset({Role.boss, Role.sub_boss, Role.secret_boss})
NPC_ROLES = frozenset({Role.npc, Role.boss, Role.sub_boss, Role.secret_boss})
THREE_TIER_TECHNIQUE = "three_tier_super_moves"  # a Technique that grants three-tier Supers (000 L5295)


# ── Findings ────────────────────────────────────────────────────────────────────────────────────────


@dataclass
class Findings:
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    info: list[Finding] = field(default_factory=list)
    seen: set[tuple[str, str, str]] = field(default_factory=set)
    skipped: dict[str, str] = field(default_factory=dict)

    def add(
        self,
        code: str,
        path: str,
        message: str,
        severity: Severity | None = None,
        ref: str | None = None,
        key: str = "",
    ) -> None:
        """Report a finding; the same rule at the same place (and ``key``, for several at one place) once."""
        if (code, path, key) in self.seen:
            return
        self.seen.add((code, path, key))
        spec = FIGHTER_CODES[code]
        sev = severity or spec.severity
        finding = Finding(code=code, severity=sev, path=path, message=message, ref=ref_of(ref or spec.ref))
        (self.violations if sev == "error" else self.warnings if sev == "warning" else self.info).append(finding)

    def skip(self, code: str, missing: str) -> None:
        """A history rule could not (fully) run: reported once per rule as HISTORY_UNAVAILABLE."""
        self.skipped.setdefault(code, missing)


# ── Working state ───────────────────────────────────────────────────────────────────────────────────


@dataclass
class TraitTake:
    index: int
    path: str
    take: QualityTake | WeaknessTake
    trait: Trait | None


@dataclass
class MoveState:
    index: int
    move: FighterMove
    path: str
    price: dict | None = None  # the moves core's answer (price_data: the fields of MovePrice)
    fixed_level: int | None = None
    charged: int = 0  # Move Points this entry adds to the budget
    group_cost: int | None = None  # cost of its whole purchase or tier group (what cost_paid is compared to)

    @property
    def is_super(self) -> bool:
        return self.move.kind is FighterMoveKind.super

    @property
    def bought(self) -> bool:
        """A Special or Super Move (Command Moves are not 'new moves')."""
        return self.move.kind is not FighterMoveKind.command

    @property
    def label(self) -> str:
        return f"Move {self.index + 1}" + (f" ({self.move.name})" if self.move.name else "")

    def has(self, entry_id: str) -> bool:
        return any(c.id == entry_id for c in (*self.move.elements, *self.move.liabilities))


@dataclass
class Sheet:
    """Everything the rule groups share: the request, the catalogues and values computed once."""

    f: Fighter
    camp: FighterCampaign
    cat: CharacterCatalog
    mcat: Catalog
    found: Findings
    pl: int  # build Power Level clamped to the chart (1–10)
    budget_pl: int  # Power Level whose budgets apply (PL 9–10 Bosses are built as PL 8)
    row: PowerLevelRow
    qualities: list[TraitTake] = field(default_factory=list)
    weaknesses: list[TraitTake] = field(default_factory=list)
    quirks: list[tuple[int, QuirkTake, Quirk | None]] = field(default_factory=list)
    takes: Counter[str] = field(default_factory=Counter)  # quality id → takes
    held: set[str] = field(default_factory=set)  # qualities and current Weaknesses
    narrative: dict[str, int] = field(default_factory=dict)  # skill id → highest level
    moves: list[MoveState] = field(default_factory=list)
    styles: dict[str, Style] = field(default_factory=dict)
    base_style: str | None = None
    three_tier: bool = False
    contexts: dict[tuple, FighterContext] = field(default_factory=dict)
    # results reused by later groups and by derived
    csp: Budget = field(default_factory=lambda: Budget(available=0, spent=0))
    nsp: Budget = field(default_factory=lambda: Budget(available=0, spent=0))
    mp: Budget = field(default_factory=lambda: Budget(available=0, spent=0))
    quality_slots: int = 0
    qualities_held: int = 0
    weakness_equivalents: int = 0
    style_flaws: int = 0
    free_style_flaws: int = 0
    supers_owned: int = 0
    fighting_spirit: int = 0
    life_bar: int = 0

    # history helpers -----------------------------------------------------------------------------------
    def acq(self, value: int | None) -> int | None:
        """When a trait or move was acquired: as written, or PL 1 for a PL 1 Fighter."""
        return value if value is not None else (1 if self.f.power_level == 1 else None)

    @property
    def glory_mode(self) -> bool:
        return self.camp.advancement_mode == "glory"

    def chart(self, pl: int) -> PowerLevelRow:
        return self.cat.power_levels[min(max(pl, 1), 10)]

    def csp_grant(self, k: int) -> int:
        s = self.cat.schemes[self.f.skill_point_scheme.value]
        return s.csp_first if k == 1 else s.csp_per_advancement

    def nsp_grant(self, k: int) -> int:
        s = self.cat.schemes[self.f.skill_point_scheme.value]
        return s.nsp_first if k == 1 else s.nsp_per_advancement


def _new_sheet(request: FighterRequest, cat: CharacterCatalog, mcat: Catalog) -> Sheet:
    f, camp = request.fighter, request.campaign
    pl = min(max(f.power_level, 1), 10)
    s = Sheet(
        f=f, camp=camp, cat=cat, mcat=mcat, found=Findings(), pl=pl, budget_pl=min(pl, 8), row=cat.power_levels[pl]
    )
    s.moves = [MoveState(i, m, f"fighter.moves[{i}]") for i, m in enumerate(f.moves)]
    for st in sorted(f.styles, key=repr):
        s.styles.setdefault(st.name, st)
    bases = [st.name for st in f.styles if st.is_base]
    s.base_style = bases[0] if len(bases) == 1 else None
    return s
