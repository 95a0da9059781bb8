"""Validate a Fighter and derive his numbers (the book's Chapters 1–3 and Appendix B; rules digest §3–§4).

``validate_fighter`` is pure: no I/O, the same request always gives the same answer, it never raises on a
model-valid request, and it reports every broken rule at once together with best-effort derived values.
Every move on the sheet is priced by the moves core (``price_move``) with a fighter context taken from the sheet,
so each move's price equals what the moves endpoint answers for that move and that context.

The rules run in groups named after the digest's sections (4.A … 4.L). Rules that need the Fighter's history
(``acquired_at_pl``, ``skill_history``, ``move_point_ledger``, ``even_level_choices``) run when it is given;
otherwise an info ``HISTORY_UNAVAILABLE`` names each skipped rule. For a PL 1 Fighter the sheet is its own
history: everything on it was acquired at PL 1.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..dice import D4, D6, D8, Die
from . import RULESET, VERSION
from .catalog import Catalog, catalog
from .character_catalog import CharacterCatalog, character_catalog, normalise
from .character_schema import PowerLevelRow, Quirk, SkillCap, SkillKind, Trait
from .fighter_codes import FIGHTER_CODES, UNSUPPORTED, Severity
from .fighter_models import (
    BonusValues,
    Budget,
    Budgets,
    CombatSkills,
    Derived,
    ExchangeTarget,
    Fighter,
    FighterCampaign,
    FighterMove,
    FighterMoveKind,
    FighterMovePrice,
    FighterRequest,
    FighterValidation,
    FreeSource,
    QualityTake,
    QuirkTake,
    Role,
    SkillCheckBonus,
    Style,
    SuperMoveSystem,
    UnsupportedRule,
    WeaknessTake,
)
from .models import BUILT, Campaign, FighterContext, Finding, MoveRequest, MoveType
from .moves import price_data

BOSS_ROLES = frozenset({Role.boss, Role.sub_boss, Role.secret_boss})
NPC_ROLES = frozenset({Role.npc, Role.boss, Role.sub_boss, Role.secret_boss})
DET = ("defense", "evasion", "tactics")
LEGAL_ARRAYS = ((0, 1, 1), (-1, 0, 2))  # sorted Basic Quality arrays (000 L500)
SPEED_SPLITS = {0: {(0, 0)}, 1: {(1, 0), (0, 1)}, 2: {(2, 0), (1, 1), (0, 2)}, -1: {(-1, 0), (0, -1)}}  # L512
GLORY_THRESHOLDS = ((8, 501), (7, 351), (6, 251), (5, 176), (4, 101), (3, 51), (2, 26))  # 000 L706–L714
QUIRK_PARAMS_WARNED = frozenset({"in_love", "rivalry", "revenge"})  # rule 43 (000 L1543, L1559, L1561)
THREE_TIER_TECHNIQUE = "three_tier_super_moves"  # a Technique that grants three-tier Supers (000 L5295)
# Entries whose benefit a Limited Movement / No Movement style cancels (000 L5100, L5136–L5138; ruling A-43),
# and Liabilities a No Defense style cancels (000 L5126). Chosen from the catalogue: anything that moves the
# user, restricts how he moves, or restricts how he defends.
MOVEMENT_LIABILITIES = frozenset({"no_movement", "limited_mobile", "limited_movement", "charge_forward",
                                  "buff.no_movement", "buff.movement_only"})
MOVEMENT_ELEMENT_ROOTS = frozenset({"mobile", "free_movement", "pass_through", "teleportation", "power_dash",
                                    "flight"})
DEFENSE_LIABILITIES = frozenset({"buff.defense_liability", "charge_down", "charge_up", "slow_startup"})
# Move-core codes that a Fighter rule of the digest names (rules 57, 58, 95, 98–103, 115, 119–126).
MOVE_CODE_MAP = {
    "ELEMENT_BUDGET_EXCEEDED": "MOVE_ELEMENT_BUDGET_EXCEEDED",
    "ELEMENT_COST_CAP_EXCEEDED": "MOVE_SINGLE_ELEMENT_CAP",
    "INSTANCE_LIMIT_EXCEEDED": "MOVE_ELEMENT_INSTANCES",
    "ELEMENT_ALREADY_GRANTED": "MOVE_ELEMENT_INSTANCES",
    "UNKNOWN_ENTRY": "MOVE_ELEMENT_UNKNOWN",
    "ENTRY_IN_WRONG_LIST": "MOVE_ELEMENT_UNKNOWN",
    "SUPER_ONLY_ENTRY": "MOVE_ELEMENT_UNKNOWN",
    "LEVEL_BELOW_MINIMUM": "SPECIAL_MOVE_LEVEL_INVALID",
    "SUPER_LEVEL_BELOW_MINIMUM": "SUPER_MOVE_LEVEL_INVALID",
    "SUPER_POWER_LEVEL_TOO_LOW": "SUPER_MOVE_BEFORE_PL3",
    "SUPERS_DISABLED": "SUPER_MOVES_DISABLED",
    "SUPER_OFFENSE_SPEND_TOO_LOW": "SUPER_MOVE_DAMAGE_ELEMENTS",
    "FREE_THROW_INVALID": "FREE_THROW_INVALID",
    "TIER_INVALID": "THREE_TIER_INVALID",
    "KI_ACCESS_WITH_KI_SKILL": "KI_ACCESS_WITH_KI",
    "END_STYLE_ILLEGAL_STYLE": "MOVE_ELEMENT_REQUIREMENT",
    "POWER_LEVEL_TOO_LOW": "MOVE_ELEMENT_REQUIREMENT",
}
_ENTRY_PATH = re.compile(r"^(elements|liabilities)\[(\d+)\]")


# ── Findings ────────────────────────────────────────────────────────────────────────────────────────


@dataclass
class Findings:
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    info: list[Finding] = field(default_factory=list)
    seen: set[tuple[str, str, str]] = field(default_factory=set)
    skipped: dict[str, str] = field(default_factory=dict)

    def add(self, code: str, path: str, message: str, severity: Severity | None = None,
            ref: str | None = None, key: str = "") -> None:
        """Report a finding; the same rule at the same place (and ``key``, for several at one place) once."""
        if (code, path, key) in self.seen:
            return
        self.seen.add((code, path, key))
        spec = FIGHTER_CODES[code]
        finding = Finding(code=code, path=path, message=message, ref=ref or spec.ref)
        sev = severity or spec.severity
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


def pl_from_glory(glory: int) -> int:
    """Power Level a Glory total reaches (000 L706–L714); negative totals stay at PL 1 (ruling A-20)."""
    for pl, threshold in GLORY_THRESHOLDS:
        if glory >= threshold:
            return pl
    return 1


# ── 4.A Power Level, Glory, role ────────────────────────────────────────────────────────────────────


def check_power_level_and_glory(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    pl = f.power_level
    if not 1 <= pl <= 10 or (pl >= 9 and not camp.boss_extended_power_levels):
        found.add("PL_OUT_OF_RANGE", "fighter.power_level",
                  f"Power Level {pl} is outside 1–8" + ("" if pl < 9 or pl > 10 else
                                                          "; 9–10 need the campaign's Boss extension") + ".")
    if pl in (9, 10) and f.role not in BOSS_ROLES:
        found.add("PL_EXTENDED_NOT_BOSS", "fighter.role", f"Only Bosses reach Power Level {pl}; this is a {f.role}.")
    if f.glory is None:
        found.add("GLORY_NOT_INTEGER", "fighter.glory", "Glory is missing; a new Fighter has 0.")
    if pl >= 9:
        found.add("GLORY_IGNORED_FOR_BOSS_PL", "fighter.glory", "Power Levels 9–10 have no Glory range.")
    elif s.glory_mode and f.glory is not None and 1 <= pl <= 8:
        reached = pl_from_glory(f.glory)
        if pl == 1 and f.glory != 0:
            found.add("CREATION_GLORY_NOT_ZERO", "fighter.glory",
                      f"A newly made Fighter starts with 0 Glory, not {f.glory}.")
        if reached > pl:
            found.add("ADVANCEMENT_PENDING", "fighter.glory",
                      f"{f.glory} Glory reaches Power Level {reached}; the advancement is due.")
        elif reached < pl:
            found.add("PL_ABOVE_GLORY", "fighter.glory",
                      f"{f.glory} Glory only supports Power Level {reached}; effects keyed to Power Level use "
                      f"{reached} until Glory recovers.")
    _check_levels_recorded(s)


def _check_levels_recorded(s: Sheet) -> None:
    f = s.f
    if f.power_level <= 1:
        return
    top = min(f.power_level, 10)
    if f.skill_history is None and f.move_point_ledger is None:
        s.found.skip("PL_SKIPPED", "skill_history or move_point_ledger")
        return
    if f.move_point_ledger is not None:
        pls = Counter(e.pl for e in f.move_point_ledger)
        missing = [k for k in range(1, top + 1) if k not in pls]
        if missing or any(n > 1 for n in pls.values()):
            s.found.add("PL_SKIPPED", "fighter.move_point_ledger",
                        "The Move Point ledger needs one entry for each Power Level 1–" f"{top}"
                        + (f"; missing {', '.join(map(str, missing))}" if missing else "; some appear twice") + ".")
    if f.skill_history is not None:
        pls = Counter(h.pl for h in f.skill_history)
        missing = [k for k in range(1, top) if k not in pls]
        if missing or any(n > 1 for n in pls.values()):
            s.found.add("PL_SKIPPED", "fighter.skill_history",
                        f"The skill history needs one snapshot for each Power Level 1–{top - 1}"
                        + (f"; missing {', '.join(map(str, missing))}" if missing else "; some appear twice") + ".")


# ── 4.B Basic Qualities ─────────────────────────────────────────────────────────────────────────────


def check_basic_qualities(s: Sheet) -> None:
    bq, found = s.f.basic_qualities, s.found
    values = (bq.strength, bq.speed, bq.stamina)
    for name, v in zip(("strength", "speed", "stamina"), values, strict=True):
        if not -1 <= v <= 2:
            found.add("BASIC_QUALITY_RANGE", f"fighter.basic_qualities.{name}",
                      f"{name.title()} {v} is outside −1 to 2.")
    if tuple(sorted(values)) not in LEGAL_ARRAYS:
        found.add("BASIC_QUALITY_ARRAY_INVALID", "fighter.basic_qualities",
                  f"Strength {bq.strength}, Speed {bq.speed}, Stamina {bq.stamina} is neither two 1s and a 0 nor "
                  "a 2, a 0 and a −1.")
    split = s.f.speed_allocation
    if split is None:
        if bq.speed != 0:
            found.add("SPEED_ALLOCATION_MISSING", "fighter.speed_allocation",
                      f"Speed {bq.speed} must be assigned to Initiative and/or Control.")
    elif bq.speed in SPEED_SPLITS and (split.initiative, split.control) not in SPEED_SPLITS[bq.speed]:
        found.add("SPEED_ALLOCATION_INVALID", "fighter.speed_allocation",
                  f"Speed {bq.speed} cannot become Initiative {split.initiative} / Control {split.control}.")
    _check_basic_qualities_unchanged(s)
    _check_beast_form(s)


def _check_basic_qualities_unchanged(s: Sheet) -> None:
    f = s.f
    snaps = [h for h in f.skill_history or () if h.basic_qualities is not None or h.speed_allocation is not None]
    if f.power_level > 1 and not snaps:
        s.found.skip("BASIC_QUALITY_CHANGED", "skill_history with basic_qualities")
        return
    for h in snaps:
        if (h.basic_qualities is not None and h.basic_qualities != f.basic_qualities) or (
                h.speed_allocation is not None and f.speed_allocation is not None
                and h.speed_allocation != f.speed_allocation):
            s.found.add("BASIC_QUALITY_CHANGED", "fighter.basic_qualities",
                        f"Basic Qualities or the Speed split differ from the PL {h.pl} snapshot; they never change.")
            break


def _check_beast_form(s: Sheet) -> None:
    boosts, found = s.f.beast_form_boosts, s.found
    if not s.camp.transformations_enabled:
        if boosts is not None:
            found.add("BEAST_FORM_WITHOUT_CAMPAIGN", "fighter.beast_form_boosts",
                      "Beast Form exists only in a campaign with transformations.")
        return
    if boosts is None or len(boosts) != 2 or len(set(boosts)) != 2:
        found.add("BEAST_FORM_INVALID", "fighter.beast_form_boosts",
                  "The Beast Form raises exactly two different Basic Qualities by 1.")
        return
    for i, name in enumerate(boosts):
        if getattr(s.f.basic_qualities, name.value) >= 2:
            found.add("BEAST_FORM_BOOST_WASTED", f"fighter.beast_form_boosts[{i}]",
                      f"{name.value.title()} is already 2; the Beast Form cannot raise it further.")


# ── 4.C Qualities, Weaknesses, Quirks ───────────────────────────────────────────────────────────────


def resolve_traits(s: Sheet) -> None:
    """Look every trait up (unknown ones are violations) and index what the Fighter holds."""
    cat, found, f = s.cat, s.found, s.f
    for i, q in enumerate(f.qualities):
        t = cat.quality(q.id)
        path = f"fighter.qualities[{i}]"
        if t is None:
            hint = " (it is a Weakness)" if cat.weakness(q.id) else ""
            found.add("QUALITY_UNKNOWN", f"{path}.id", f"'{q.id}' is not a Quality{hint}.")
        else:
            s.takes[t.id] += 1
            s.held.add(t.id)
        s.qualities.append(TraitTake(i, path, q, t))
    for i, w in enumerate(f.weaknesses):
        t = cat.weakness(w.id)
        path = f"fighter.weaknesses[{i}]"
        if t is None:
            hint = " (it is a Quality)" if cat.quality(w.id) else ""
            found.add("WEAKNESS_UNKNOWN", f"{path}.id", f"'{w.id}' is not a Weakness{hint}.")
        elif w.lost_at_pl is None:
            s.held.add(t.id)
        s.weaknesses.append(TraitTake(i, path, w, t))
    for i, qk in enumerate(f.quirks):
        quirk = cat.quirk(qk.id)
        if quirk is None:
            allowed = qk.custom and s.camp.custom_quirks_allowed
            found.add("QUIRK_UNKNOWN", f"fighter.quirks[{i}].id",
                      f"'{qk.id}' is not a Quirk" + ("; a custom Quirk needs the Director's consent." if allowed
                                                     else "."), severity="warning" if allowed else None)
        s.quirks.append((i, qk, quirk))
    for sk in f.narrative_skills:
        skill = cat.skill(sk.id)
        if skill is not None:
            s.narrative[skill.id] = max(s.narrative.get(skill.id, 0), sk.level)


def check_quality_slots(s: Sheet) -> None:
    f, found = s.f, s.found
    e = min(s.budget_pl, 8) // 2  # even levels reached
    current = [w for w in s.weaknesses if w.take.lost_at_pl is None and w.take.grants_quality]  # type: ignore[union-attr]
    lost = [w for w in s.weaknesses if w.take.lost_at_pl is not None]  # type: ignore[union-attr]
    bundle = 1 if len(f.quirks) >= 3 else 0
    flaws = sum(st.harder_command_move + st.forced_style_change + st.limited_movement for st in f.styles)
    modified = sum(st.modified_defense for st in f.styles)
    s.style_flaws, s.free_style_flaws = flaws, max(flaws - modified, 0)
    style_eq = sum(st.no_defense + st.no_movement for st in f.styles) + s.free_style_flaws // 2
    s.weakness_equivalents = len(current) + bundle + style_eq
    s.quality_slots = 4 + e + s.weakness_equivalents
    s.qualities_held = sum(q.take.slot_cost for q in s.qualities) + modified  # type: ignore[union-attr]
    used = s.qualities_held + len(f.quality_exchanges)
    if not f.qualities:
        found.add("QUALITY_MINIMUM", "fighter.qualities", "Every Fighter keeps at least one Quality.")
    if used > s.quality_slots:
        found.add("QUALITY_SLOTS_EXCEEDED", "fighter.qualities",
                  f"{used} Quality slots used ({s.qualities_held} held, {len(f.quality_exchanges)} exchanged) but "
                  f"only {s.quality_slots} available (4 + {e} even levels + {s.weakness_equivalents} Weakness "
                  "equivalents).")
    elif used < s.quality_slots:
        found.add("QUALITY_SLOTS_UNUSED", "fighter.qualities",
                  f"{s.quality_slots - used} Quality slot(s) neither taken nor exchanged for points.")
    if len(lost) > e:
        found.add("WEAKNESS_LOSS_LIMIT", "fighter.weaknesses",
                  f"{len(lost)} Weaknesses lost but only {e} even Power Levels reached.")
    n = len(f.quirks)
    if n == 0:
        found.add("QUIRKS_RECOMMENDED", "fighter.quirks", "One or two Quirks help define the personality.")
    elif 3 <= n <= 5:
        found.add("QUIRK_BUNDLE_APPLIED", "fighter.quirks", f"{n} Quirks count as one Weakness.")
    elif n > 5:
        found.add("QUIRKS_EXCESS", "fighter.quirks", f"{n} Quirks still count as a single Weakness.")
    cap = s.camp.max_weaknesses
    if (cap is not None and s.weakness_equivalents > cap) or (cap is None and s.weakness_equivalents > 3):
        found.add("WEAKNESS_LIMIT_EXCEEDED", "fighter.weaknesses",
                  f"{s.weakness_equivalents} Weakness equivalents"
                  + (f" exceed the Director's cap of {cap}." if cap is not None else
                     "; more than three are hard to live with and to remember."))


def check_quality_exchanges(s: Sheet) -> None:
    f = s.f
    if not f.quality_exchanges:
        return
    valid = {1} | {k for k in range(2, min(s.budget_pl, 8) + 1, 2)}
    if f.even_level_choices is not None:
        valid = {1} | {c.pl for c in f.even_level_choices if c.choice == "gain_quality"}
    for i, x in enumerate(f.quality_exchanges):
        at = s.acq(x.acquired_at_pl)
        if at is None:
            s.found.skip("QUALITY_EXCHANGE_TIMING", "acquired_at_pl on quality_exchanges")
        elif at not in valid:
            s.found.add("QUALITY_EXCHANGE_TIMING", f"fighter.quality_exchanges[{i}].acquired_at_pl",
                        f"No Quality slot arose at Power Level {at} to exchange.")


def check_trait_repeats(s: Sheet) -> None:
    found = s.found
    by_id: dict[str, list[TraitTake]] = defaultdict(list)
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is not None:
            by_id[t.trait.id].append(t)
    for _ident, takes in by_id.items():
        trait = takes[0].trait
        assert trait is not None
        is_quality = trait.kind == "quality"
        if len(takes) > 1 and not trait.repeatable:
            code = "QUALITY_NOT_REPEATABLE" if is_quality else "WEAKNESS_NOT_REPEATABLE"
            found.add(code, takes[1].path, f"{trait.name} can be taken only once.")
            continue
        if trait.max_takes is not None and len(takes) > trait.max_takes:
            found.add("QUALITY_REPEAT_LIMIT", takes[trait.max_takes].path,
                      f"{trait.name} can be taken at most {trait.max_takes} times.")
        if trait.distinct_param and len(takes) > 1:
            _check_distinct_params(s, trait, takes)


def _param_key(trait: Trait, take: QualityTake | WeaknessTake) -> str | None:
    p = take.params
    values = {"skill": p.skill, "subject": p.subject, "descriptor": p.descriptor, "category": p.category}
    value = values.get(trait.param.value) if trait.param else None
    return normalise(value) if value else None


def _check_distinct_params(s: Sheet, trait: Trait, takes: list[TraitTake]) -> None:
    seen: set[str] = set()
    for t in takes:
        key = _param_key(trait, t.take)
        if key is None:
            continue
        if key in seen:
            if trait.id == "influence":
                s.found.add("INFLUENCE_DUPLICATE_SKILL", f"{t.path}.params.skill",
                            "Each Influence take needs a different Skill.")
            elif trait.id == "gun_expert":
                s.found.add("QUALITY_REPEAT_LIMIT", f"{t.path}.params.category",
                            "Gun Expert is taken once for firearms and once for other ranged weapons at most.")
            elif trait.id == "technique":
                s.found.add("QUALITY_NOT_REPEATABLE", f"{t.path}.params.subject",
                            "Each Technique take must be a different rule.")
            elif trait.kind == "quality":  # ruling A-33: Power, Interesting Appearance repeat with new subjects
                s.found.add("QUALITY_NOT_REPEATABLE", f"{t.path}.params", f"{trait.name} repeats an earlier take's "
                            "definition; each take should describe something new.", severity="warning")
            else:  # Phobia (ruling A-33)
                s.found.add("WEAKNESS_NOT_REPEATABLE", f"{t.path}.params.subject",
                            f"{trait.name} repeats an earlier take's subject.", severity="warning")
        seen.add(key)


def check_trait_combinations(s: Sheet) -> None:
    found = s.found
    held_paths: dict[str, str] = {}
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is not None and t.trait.id in s.held:
            held_paths.setdefault(t.trait.id, t.path)
    for pair in sorted(s.cat.conflicts, key=sorted):
        a, b = sorted(pair)
        if a in s.held and b in s.held:
            later = max(held_paths[a], held_paths[b])
            found.add("TRAIT_CONFLICT", later, f"{s.cat.trait(a).name} and {s.cat.trait(b).name} "  # type: ignore[union-attr]
                      "cannot be held together.", key=f"{a}+{b}")
    for ident, path in sorted(held_paths.items()):
        trait = s.cat.trait(ident)
        assert trait is not None
        for need in trait.requires:
            if need not in s.held:
                found.add("TRAIT_PREREQUISITE_MISSING", path,
                          f"{trait.name} needs {s.cat.trait(need).name}.", key=need)  # type: ignore[union-attr]


def check_trait_params(s: Sheet) -> None:
    found, cat = s.found, s.cat
    bare = [t for t in s.qualities
            if t.trait is not None and t.trait.id == "attractive" and not t.take.params.descriptor]
    for t in bare[1:]:  # the first Attractive take needs no descriptor; every further one does (000 L1069)
        found.add("ATTRACTIVE_DESCRIPTOR_MISSING", f"{t.path}.params.descriptor",
                  "Each Attractive take after the first should name a descriptor (Cute, Dashing…).")
    for t in s.qualities:
        trait, take = t.trait, t.take
        if trait is None:
            continue
        p = take.params
        if trait.param == "skills":
            skills = [normalise(x) for x in p.skills]
            if len(set(skills)) < 2:
                found.add("QUALITY_PARAMS_MISSING", f"{t.path}.params.skills",
                          f"{trait.name} names two different Skills.")
            for j, sk in enumerate(skills):
                resolved = cat.skill(sk)
                if resolved is None or resolved.id not in trait.param_choices:
                    found.add("QUALITY_PARAM_SKILL_NOT_ALLOWED", f"{t.path}.params.skills[{j}]",
                              f"{trait.name} helps only with {', '.join(trait.param_choices)}, not '{p.skills[j]}'.")
        elif trait.param == "skill":
            if not p.skill:
                found.add("QUALITY_PARAMS_MISSING", f"{t.path}.params.skill", f"{trait.name} names one Skill.")
            elif trait.id == "powerful_item":
                resolved = cat.skill(p.skill)
                if resolved is None or resolved.kind is not SkillKind.narrative:
                    found.add("QUALITY_PARAM_SKILL_NOT_ALLOWED", f"{t.path}.params.skill",
                              f"Powerful Item adds to a Narrative Skill; '{p.skill}' is not one.")
        elif trait.param_required:
            value = getattr(p, trait.param.value) if trait.param else None
            if not value:
                found.add("QUALITY_PARAMS_MISSING", f"{t.path}.params.{trait.param.value if trait.param else ''}",
                          f"{trait.name} needs its {trait.param.value if trait.param else 'choice'} named.")
            elif trait.param_choices and normalise(value) not in trait.param_choices:
                found.add("QUALITY_PARAMS_MISSING", f"{t.path}.params.{trait.param.value if trait.param else ''}",
                          f"{trait.name}: '{value}' is not one of {', '.join(trait.param_choices)}.")
    if "multiple_styles" in s.held and not s.f.styles:
        found.add("QUALITY_PARAMS_MISSING", "fighter.styles", "Multiple Styles needs its styles defined.")
    for i, qk, quirk in s.quirks:
        if quirk is not None and quirk.id in QUIRK_PARAMS_WARNED and not qk.subject:
            found.add("QUIRK_PARAMS_MISSING", f"fighter.quirks[{i}].subject",
                      f"{quirk.name} should name its {quirk.param}.")


def check_trait_timing(s: Sheet) -> None:
    """Creation-only traits, Weaknesses after creation, Qualities at odd levels (history)."""
    found, camp = s.found, s.camp
    extra = {normalise(x) for x in camp.extra_creation_only_traits}
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is None:
            continue
        at = s.acq(t.take.acquired_at_pl)
        is_quality = t.trait.kind == "quality"
        creation_only = t.trait.creation_only or t.trait.id in extra
        if at is None:
            if creation_only:
                found.skip("CREATION_ONLY_TRAIT_LATE", "acquired_at_pl on traits")
            found.skip("QUALITY_GAINED_AT_ODD_LEVEL" if is_quality else "WEAKNESS_AFTER_CREATION",
                       "acquired_at_pl on traits")
            continue
        if creation_only and at > 1:
            found.add("CREATION_ONLY_TRAIT_LATE", f"{t.path}.acquired_at_pl",
                      f"{t.trait.name} is available only at character creation, not at PL {at}.")
        if is_quality and at > 1 and at % 2:
            found.add("QUALITY_GAINED_AT_ODD_LEVEL", f"{t.path}.acquired_at_pl",
                      f"Qualities are gained at PL 1 and at even levels, not at PL {at}.")
        if not is_quality and at > 1 and t.take.grants_quality:  # type: ignore[union-attr]
            found.add("WEAKNESS_AFTER_CREATION", f"{t.path}.acquired_at_pl",
                      f"{t.trait.name} was taken at PL {at}; only Weaknesses chosen at creation buy Qualities.")


def check_even_levels(s: Sheet) -> None:
    f, found = s.f, s.found
    top = min(s.budget_pl, 8)
    for w in s.weaknesses:
        lost = w.take.lost_at_pl  # type: ignore[union-attr]
        if lost is not None and (lost % 2 or lost > top or lost < 2):
            found.add("EVEN_LEVEL_CHOICE_INVALID", f"{w.path}.lost_at_pl",
                      f"A Weakness is lost only at an even Power Level reached (2–{top}), not at {lost}.")
    choices = f.even_level_choices
    if choices is None:
        if top >= 2:
            found.skip("EVEN_LEVEL_CHOICE_INVALID", "even_level_choices")
            found.skip("EVEN_LEVEL_EVENT_MISSING", "even_level_choices")
    else:
        count = Counter(c.pl for c in choices)
        lost_at = {w.take.lost_at_pl for w in s.weaknesses if w.take.lost_at_pl is not None}  # type: ignore[union-attr]
        for i, c in enumerate(choices):
            path = f"fighter.even_level_choices[{i}]"
            if c.pl % 2 or c.pl > top or count[c.pl] > 1:
                found.add("EVEN_LEVEL_CHOICE_INVALID", path,
                          f"Even-level choices are made once at each of PL 2, 4, 6, 8 reached; not at {c.pl}.")
            elif (c.choice == "lose_weakness") != (c.pl in lost_at):
                found.add("EVEN_LEVEL_CHOICE_INVALID", path,
                          f"The PL {c.pl} choice does not match the Weaknesses marked lost at PL {c.pl}.")
        for k in range(2, top + 1, 2):
            if all(c.pl != k or c.choice == "none" for c in choices):
                found.add("EVEN_LEVEL_EVENT_MISSING", "fighter.even_level_choices",
                          f"PL {k} brought neither a new Quality nor a lost Weakness.", key=str(k))
    approved_pls = {c.pl for c in choices or () if c.director_approved}
    for q in s.qualities:
        at = s.acq(q.take.acquired_at_pl)
        if at is not None and at > 1 and not q.take.director_approved and at not in approved_pls:
            found.add("EVEN_LEVEL_DIRECTOR_APPROVAL", q.path,
                      f"A Quality gained at PL {at} needs a story reason and the Director's approval.")
    for w in s.weaknesses:
        lost = w.take.lost_at_pl  # type: ignore[union-attr]
        if lost is not None and not w.take.director_approved and lost not in approved_pls:
            found.add("EVEN_LEVEL_DIRECTOR_APPROVAL", w.path,
                      "Losing a Weakness needs a story reason and the Director's approval.")


def check_director_and_campaign_traits(s: Sheet) -> None:
    found, camp = s.found, s.camp
    for t in (*s.qualities, *s.weaknesses):
        trait = t.trait
        if trait is None:
            continue
        needs = trait.director_approval
        if trait.id == "gun_expert":
            needs = normalise(t.take.params.category or "") == "non_gun_ranged"
        elif trait.id == "dark_side":
            needs = s.f.role in BOSS_ROLES
        if needs and not t.take.director_approved:
            found.add("DIRECTOR_APPROVAL_REQUIRED", t.path, f"{trait.name} is taken only with the Director's leave.",
                      ref=trait.ref)
        current = trait.kind == "quality" or t.take.lost_at_pl is None  # type: ignore[union-attr]
        if trait.metagame and not camp.metagame_traits_allowed and current:
            found.add("METAGAME_TRAIT_DISALLOWED", t.path, f"{trait.name} is a metagame trait; this campaign is "
                      "serious and forbids them.")
        if trait.strikable and not camp.distracting_and_fan_service_allowed:
            found.add("STRUCK_TRAIT_PRESENT", t.path, f"The group struck {trait.name} from the lists.")
        if trait.tone and camp.serious_tone:
            found.add("TONE_MISMATCH", t.path, f"{trait.name} suits a light-hearted campaign more than this one.")
        if trait.id == "technique":
            rule = normalise(t.take.params.subject or "")
            approved = {normalise(x) for x in camp.approved_techniques}
            if t.take.slot_cost > 1 or (rule and rule not in approved):  # type: ignore[union-attr]
                found.add("TECHNIQUE_SLOT_COST", t.path,
                          "The Director prices a powerful Technique and must approve its rule"
                          + (f"; '{t.take.params.subject}' is not on the campaign's approved list." if rule and rule
                             not in approved else "."))
        if trait.id == "hunted":
            found.add("HUNTED_BY_SINGLE_FIGHTER", t.path, "A hunter who is a single Fighter is usually a Rivalry.")
        if trait.id == "phobia":
            found.add("PHOBIA_TOO_RARE", t.path, "The feared thing must turn up often enough to matter.")
    for i, _qk, quirk in s.quirks:
        if quirk is None:
            continue
        if quirk.strikable and not camp.distracting_and_fan_service_allowed:
            found.add("STRUCK_TRAIT_PRESENT", f"fighter.quirks[{i}]", f"The group struck {quirk.name} from the lists.")
        if quirk.tone and camp.serious_tone:
            found.add("TONE_MISMATCH", f"fighter.quirks[{i}]", f"{quirk.name} suits a light-hearted campaign.")
    if s.takes["multiple_styles"] >= 3:
        found.add("MULTIPLE_STYLES_EXCESSIVE", "fighter.qualities",
                  f"{s.takes['multiple_styles'] + 1} styles: more than three is very rare; the Director may limit it.")
    deficiencies = sum(1 for w in s.weaknesses if w.trait is not None and w.trait.id == "deficiency")
    if deficiencies > len(camp.campaign_optional_techniques) + 1:
        found.add("DEFICIENCY_COUNT", "fighter.weaknesses",
                  f"{deficiencies} Deficiencies but the campaign has {len(camp.campaign_optional_techniques)} optional "
                  "rules to lack (plus one core ability).")


# ── 4.D Skills ──────────────────────────────────────────────────────────────────────────────────────


def check_skill_names_and_caps(s: Sheet) -> None:
    f, found, cat, camp = s.f, s.found, s.cat, s.camp
    cap = min(3 * s.pl, 10)
    cs = f.combat_skills
    for name in ("defense", "evasion", "tactics", "combo", "ki", "attack_string"):
        v = getattr(cs, name)
        if v < 0:
            found.add("SKILL_LEVEL_INVALID", f"fighter.combat_skills.{name}", f"{name.title()} {v} is negative.")
    if cs.ki > cap:
        found.add("SKILL_CAP_EXCEEDED", "fighter.combat_skills.ki", f"Ki {cs.ki} is above the cap of {cap}.")
    if (cs.attack_string or f.attack_string_from_move_points) and not camp.attack_strings_enabled:
        found.add("ATTACK_STRING_WITHOUT_CAMPAIGN", "fighter.combat_skills.attack_string",
                  "Attack String exists only in an Attack String campaign.")
    elif camp.attack_string_cap is not None:
        if cs.attack_string > camp.attack_string_cap:
            found.add("ATTACK_STRING_CAP", "fighter.combat_skills.attack_string",
                      f"Attack String {cs.attack_string} is above the Director's cap of {camp.attack_string_cap}.")
    elif cs.attack_string > cap:
        found.add("SKILL_CAP_EXCEEDED", "fighter.combat_skills.attack_string",
                  f"Attack String {cs.attack_string} is above the cap of {cap}.")
    if cs.combo == 1 and not any(m.has("easy_to_combo") for m in s.moves):
        found.add("COMBO_ONE_INEFFECTIVE", "fighter.combat_skills.combo",
                  "Combo 1 allows no Combos without an Easy to Combo move; 2 is the first useful level.")
    if cs.combo > 27:
        found.add("COMBO_ABOVE_PRACTICAL_LIMIT", "fighter.combat_skills.combo",
                  f"Combo {cs.combo}: no Control roll can reach more than 27 hits.")
    for i, sk in enumerate(f.narrative_skills):
        path = f"fighter.narrative_skills[{i}]"
        key = normalise(sk.id)
        skill = cat.skill(sk.id)
        if key in ("fame", "wealth"):
            found.add("FAME_WEALTH_BOUGHT", f"{path}.id",
                      f"{key.title()} is not a Skill; it rises by 3 with each take of the {key.title()} Quality.")
            continue
        if skill is None or skill.kind is not SkillKind.narrative:
            found.add("SKILL_UNKNOWN", f"{path}.id", f"'{sk.id}' is not a Narrative Skill"
                      + (" (it is a Combat Skill)." if skill is not None else "."))
            continue
        if sk.level < 0:
            found.add("SKILL_LEVEL_INVALID", f"{path}.level", f"{skill.name} {sk.level} is negative.")
        if skill.cap is SkillCap.general and sk.level > cap:
            found.add("SKILL_CAP_EXCEEDED", f"{path}.level",
                      f"{skill.name} {sk.level} is above the Power Level {s.pl} cap of {cap}.")
        if skill.subject and not sk.subject:
            found.add("SKILL_SUBJECT_MISSING", f"{path}.subject", f"{skill.name} needs its {skill.subject} named.")
        if skill.requires_quality and sk.level > 0 and skill.requires_quality not in s.held:
            found.add("SPECIAL_SKILL_QUALITY_MISSING", path,
                      f"The {skill.name} Skill needs the {skill.name} Quality.")
        if skill.id == "power" and sk.level > 0 and sk.subject:
            powers = {normalise(q.take.params.subject or "") for q in s.qualities if q.trait and q.trait.id == "power"}
            if normalise(sk.subject) not in powers:
                found.add("POWER_SKILL_UNMATCHED", f"{path}.subject",
                          f"No Power Quality defines '{sk.subject}'.")
        if skill.id == "specialization" and sk.subject:
            base = cat.skill(sk.subject.split(":", 1)[0])
            if base is None:
                found.add("SKILL_SUBJECT_MISSING", f"{path}.subject",
                          "Write a Specialization as '<base Skill>: <focus>'.")
            elif _level(s, base.id) <= 0:
                found.add("SPECIALIZATION_BASE_MISSING", f"{path}.subject",
                          f"A Specialization of {base.name}, which the Fighter does not have.")
        if skill.secondaries and sk.level > 0:
            need = math.ceil(sk.level / 2)
            short = [cat.skills[x].name for x in skill.secondaries if _level(s, x) < need]
            if short:
                found.add("SECONDARY_SKILLS_INSUFFICIENT", path,
                          f"{skill.name} {sk.level} needs each secondary Skill at {need} or more; short: "
                          f"{', '.join(short)}.")


def _level(s: Sheet, skill_id: str) -> int:
    skill = s.cat.skills[skill_id]
    if skill.kind is SkillKind.combat:
        return getattr(s.f.combat_skills, skill_id)
    return s.narrative.get(skill_id, 0)


def check_det(s: Sheet) -> None:
    cs, found = s.f.combat_skills, s.found
    det = {n: getattr(cs, n) for n in DET}
    cap = s.row.det
    if s.f.power_level == 1:
        fours = [n for n, v in det.items() if v == 4]
        over = [n for n, v in det.items() if v > 4]
        others_used = len(fours) == 1 and any(v > 0 for n, v in det.items() if n != fours[0])
        if over or len(fours) > 1 or others_used:
            found.add("DET_PL1_FOUR_RULE", "fighter.combat_skills",
                      "At PL 1 one DET Skill may be 4 only if the other two are 0, and none may exceed 4.")
        return
    early = 2 <= s.f.power_level <= 4
    first = _snapshot_at(s, 1)
    for n, v in det.items():
        if early and v == 4 and cap == 3:
            if first is None or first.combat_skills is None:
                found.skip("DET_FOUR_NOT_GRANDFATHERED", "skill_history snapshot of PL 1")
                found.add("DET_FOUR_NOT_GRANDFATHERED", f"fighter.combat_skills.{n}",
                          f"{n.title()} 4 at PL 2–4 is legal only if it was 4 at PL 1; no PL 1 snapshot to check.",
                          severity="warning")
            elif getattr(first.combat_skills, n) != 4:
                found.add("DET_FOUR_NOT_GRANDFATHERED", f"fighter.combat_skills.{n}",
                          f"{n.title()} 4 at PL 2–4 needs it to have been 4 at PL 1.")
        elif v > cap:
            found.add("DET_CAP_EXCEEDED", f"fighter.combat_skills.{n}",
                      f"{n.title()} {v} is above the DET cap of {cap} at Power Level {s.pl}.")


def _snapshot_at(s: Sheet, pl: int):  # -> SkillSnapshot | Fighter-like | None
    at = [h for h in s.f.skill_history or () if h.pl == pl]
    if at:
        return min(at, key=repr)  # a repeated level (itself a PL_SKIPPED finding) resolves the same either way
    if s.f.power_level == pl:
        return s.f
    return None


def check_skill_history(s: Sheet) -> None:
    """Ki only at PL 1, no decreases, no category swaps (history)."""
    f, found = s.f, s.found
    first = _snapshot_at(s, 1)
    if f.combat_skills.ki > 0:
        if first is None or first.combat_skills is None:
            found.skip("KI_ACQUIRED_AFTER_PL1", "skill_history snapshot of PL 1")
        elif first.combat_skills.ki <= 0:
            found.add("KI_ACQUIRED_AFTER_PL1", "fighter.combat_skills.ki",
                      "Ki was 0 at PL 1; it can be learned only at character creation.")
    if f.power_level <= 1:
        return
    snaps = sorted((h for h in f.skill_history or () if h.pl < f.power_level), key=lambda h: (h.pl, repr(h)))
    if not snaps:
        found.skip("SKILL_DECREASED", "skill_history")
        found.skip("SKILL_POINT_CATEGORY_SWAP", "skill_history")
        if f.power_level >= 3:
            found.skip("COMBAT_BONUS_REALLOCATED", "skill_history with combat_bonuses")
        return
    chain = [*snaps, f]
    reported = False
    for before, after in itertools.pairwise(chain):
        lower = _decreases(before, after)
        if lower and not reported:
            found.add("SKILL_DECREASED", "fighter.skill_history",
                      f"Lower after PL {before.pl}: {', '.join(lower)}; bought levels are permanent.")
            reported = True
    _check_category_swap(s, chain)
    _check_bonus_history(s, chain)


def _skill_map(sheet) -> dict[str, int]:  # sheet: SkillSnapshot | Fighter
    out: dict[str, int] = {}
    if sheet.combat_skills is not None:
        out.update({n: getattr(sheet.combat_skills, n) for n in (*DET, "combo", "ki", "attack_string")})
    for sk in sheet.narrative_skills or ():
        key = f"{normalise(sk.id)}:{normalise(sk.subject or '')}"
        out[key] = max(out.get(key, 0), sk.level)
    return out


def _decreases(before, after) -> list[str]:
    a, b = _skill_map(before), _skill_map(after)
    out = []
    for k, v in a.items():
        narrative = ":" in k
        comparable = after.narrative_skills is not None if narrative else after.combat_skills is not None
        if comparable and b.get(k, 0) < v:
            out.append(k.rstrip(":"))
    return sorted(out)


def _combat_points(cs: CombatSkills | None) -> int | None:
    if cs is None:
        return None
    return sum(max(0, getattr(cs, n)) for n in (*DET, "combo", "ki", "attack_string"))


def _narrative_points(skills) -> int | None:
    if skills is None:
        return None
    return sum(max(0, sk.level) for sk in skills if normalise(sk.id) not in ("fame", "wealth"))


def _check_category_swap(s: Sheet, chain: list) -> None:
    """A level whose Combat Skills grew by more than its Combat points could pay while its Narrative Skills grew
    by less than its Narrative points: points crossed over (rule 69). Ledger conversions are allowed for."""
    ledger = {e.pl: e for e in s.f.move_point_ledger or ()}
    for before, after in itertools.pairwise(chain):
        k = after.pl if hasattr(after, "pl") else s.f.power_level
        c0, c1 = _combat_points(before.combat_skills), _combat_points(after.combat_skills)
        n0, n1 = _narrative_points(before.narrative_skills), _narrative_points(after.narrative_skills)
        if None in (c0, c1, n0, n1):
            continue
        entry = ledger.get(k)
        combat_room = s.csp_grant(k) + sum(1 for x in s.f.quality_exchanges if x.acquired_at_pl == k
                                             and x.converted_to is ExchangeTarget.combat)
        combat_room += (entry.to_combo // 3 + entry.to_attack_string // 2) if entry else 0
        narrative_room = s.nsp_grant(k) + (entry.to_narrative if entry else 0) + 3 * sum(
            1 for x in s.f.quality_exchanges if x.acquired_at_pl == k and x.converted_to is ExchangeTarget.narrative)
        if entry is None and k > 1:
            combat_room += 3 * s.f.combo_from_move_points  # unknown timing: allow every MP-bought level
        if c1 - c0 > combat_room and n1 - n0 < narrative_room:  # type: ignore[operator]
            s.found.add("SKILL_POINT_CATEGORY_SWAP", "fighter.skill_history",
                        f"At PL {k} Combat Skills rose by {c1 - c0} (room {combat_room}) while Narrative Skills rose "  # type: ignore[operator]
                        f"by {n1 - n0} (room {narrative_room}).")  # type: ignore[operator]
            return


def _check_bonus_history(s: Sheet, chain: list) -> None:
    with_bonuses = [h for h in chain if h.combat_bonuses is not None]
    if len(with_bonuses) < 2:
        if s.f.power_level >= 3:
            s.found.skip("COMBAT_BONUS_REALLOCATED", "skill_history with combat_bonuses")
        return
    for before, after in itertools.pairwise(with_bonuses):
        lower = [c for c in ("accuracy", "control", "damage", "defense")
                 if getattr(after.combat_bonuses, c).regular < getattr(before.combat_bonuses, c).regular]
        if lower:
            s.found.add("COMBAT_BONUS_REALLOCATED", "fighter.combat_bonuses",
                        f"Regular bonus lowered after PL {before.pl}: {', '.join(lower)}; choices are kept for good.")
            return


# ── Skill Point budgets (4.D 65–68, 4.J 133–136) ────────────────────────────────────────────────────


def check_skill_budgets(s: Sheet) -> None:
    f, camp, found = s.f, s.camp, s.found
    k = s.budget_pl
    scheme = s.cat.schemes[f.skill_point_scheme.value]
    qx = Counter(x.converted_to for x in f.quality_exchanges)
    cs = f.combat_skills
    combo_cost = 2 if camp.attack_strings_enabled else 1  # 000 L5175
    bought_combo = max(cs.combo, 0) - f.combo_from_move_points
    bought_string = max(cs.attack_string, 0) - f.attack_string_from_move_points
    bonuses = f.combat_bonuses
    purchased = sum(max(getattr(bonuses, c).purchased, 0) for c in ("accuracy", "control", "damage", "defense"))
    dr = sum(max(b.bonus, 0) for b in f.defensive_response_bonuses)
    csp_spent = (sum(max(getattr(cs, n), 0) for n in (*DET, "ki")) + combo_cost * bought_combo + bought_string
                 + 2 * dr + 3 * purchased + f.csp_converted_to_narrative)
    csp_available = scheme.csp_first + scheme.csp_per_advancement * (k - 1) + qx[ExchangeTarget.combat]
    nsp_spent = sum(max(sk.level, 0) for sk in f.narrative_skills if normalise(sk.id) not in ("fame", "wealth"))
    nsp_available = (scheme.nsp_first + scheme.nsp_per_advancement * (k - 1) + 3 * qx[ExchangeTarget.narrative]
                     + f.move_points_to_narrative + 3 * f.csp_converted_to_narrative)
    s.csp = Budget(available=csp_available, spent=csp_spent)
    s.nsp = Budget(available=nsp_available, spent=nsp_spent)
    if bought_combo < 0 or bought_string < 0:
        found.add("MOVE_POINTS_BUDGET", "fighter.combo_from_move_points",
                  "More Combo or Attack String levels bought with Move Points than the Skill has.")
    extended = s.pl >= 9
    special = "BOSS_BUDGETS_AS_PL8" if extended else "SKILL_SCHEME_BUDGET" if scheme.id != "standard" else None
    npc = f.role in NPC_ROLES and not f.npc_for_dramatic_combat
    if npc:
        found.add("NPC_NARRATIVE_SKILLS_SIMPLIFIED", "fighter.narrative_skills",
                  "For an NPC the Director may assign Narrative Skills directly; mismatches are only warnings.")
    for label, b, over, under, path in (
            ("Combat", s.csp, "COMBAT_SKILL_POINTS_OVERSPENT", "COMBAT_SKILL_POINTS_UNSPENT", "fighter.combat_skills"),
            ("Narrative", s.nsp, "NARRATIVE_SKILL_POINTS_OVERSPENT", "NARRATIVE_SKILL_POINTS_UNSPENT",
             "fighter.narrative_skills")):
        soft = "warning" if (npc and label == "Narrative") else None
        if b.spent > b.available:
            found.add(special or over, path, f"{b.spent} {label} Skill Points spent of {b.available} available "
                      f"({scheme.name} scheme, PL {k}).", severity=soft)
        elif b.spent < b.available:
            lenient = camp.allow_unspent_skill_points
            code = under if (lenient or not special) else special
            found.add(code, path, f"{b.available - b.spent} of {b.available} {label} Skill Points unspent.",
                      severity="warning" if lenient else soft)
    if scheme.id != "standard" and camp.dramatic_combat_enabled:
        found.add("HERO_SCHEME_WITH_DRAMATIC_COMBAT", "fighter.skill_point_scheme",
                  "The hero and support schemes do not mix well with Dramatic Combat.")


# ── 4.E Combat Bonuses and the PL 5+ options ────────────────────────────────────────────────────────


def check_combat_bonuses(s: Sheet) -> None:
    f, found, row = s.f, s.found, s.row
    b = f.combat_bonuses
    cats = ("accuracy", "control", "damage", "defense")
    regular = {c: getattr(b, c).regular for c in cats}
    purchased = {c: getattr(b, c).purchased for c in cats}
    for c in cats:
        if regular[c] < 0 or purchased[c] < 0:
            found.add("COMBAT_BONUS_INVALID_VALUE", f"fighter.combat_bonuses.{c}", f"A {c} bonus cannot be negative.")
    total = sum(max(v, 0) for v in regular.values())
    if total != row.combat_bonuses:
        found.add("COMBAT_BONUS_TOTAL_MISMATCH", "fighter.combat_bonuses",
                  f"Chosen bonuses add up to {total}; Power Level {s.pl} gives {row.combat_bonuses}.")
    for c in cats:
        if regular[c] > row.combat_bonus_max_single:
            found.add("COMBAT_BONUS_SINGLE_MAX", f"fighter.combat_bonuses.{c}.regular",
                      f"{c.title()} +{regular[c]}: no single bonus may exceed +{row.combat_bonus_max_single} at PL "
                      f"{s.pl}.")
    for c in ("accuracy", "defense"):
        if purchased[c] > 0:
            found.add("BONUS_PURCHASE_WRONG_CATEGORY", f"fighter.combat_bonuses.{c}.purchased",
                      f"Only Control and Damage Bonuses can be bought, not {c.title()}.")
    bought = purchased["control"] + purchased["damage"]
    if bought > 0 and f.power_level < 5:
        found.add("BONUS_PURCHASE_BEFORE_PL5", "fighter.combat_bonuses",
                  "Combat Bonuses are bought with Combat Skill Points only from PL 5.")
    for c in ("control", "damage"):
        if purchased[c] > 0 and regular[c] < 2:
            found.add("BONUS_PURCHASE_NOT_MAXED", f"fighter.combat_bonuses.{c}.purchased",
                      f"{c.title()} is bought up only after its regular bonus is maxed (+{regular[c]} here).")
    for i, p in enumerate(f.combat_bonus_purchases or ()):
        path = f"fighter.combat_bonus_purchases[{i}]"
        if p.category in ("accuracy", "defense"):
            found.add("BONUS_PURCHASE_WRONG_CATEGORY", f"{path}.category",
                      f"Only Control and Damage Bonuses can be bought, not {p.category.value.title()}.")
        if p.pl < 5:
            found.add("BONUS_PURCHASE_BEFORE_PL5", f"{path}.pl", f"A bonus bought at PL {p.pl}; the option opens at 5.")
        elif p.category in ("control", "damage"):
            _check_purchase_was_maxed(s, p.pl, p.category.value, path)
    if f.combat_bonus_purchases is None and bought > 0 and f.power_level > 5:
        found.skip("BONUS_PURCHASE_NOT_MAXED", "combat_bonus_purchases with skill_history")
    # Combat Skill Points received from PL 5 on (ruling A-18), per advancement (rule 82) and in total (rule 87).
    late = [(k, s.csp_grant(k) + sum(1 for x in f.quality_exchanges if x.acquired_at_pl == k
                                     and x.converted_to is ExchangeTarget.combat))
            for k in range(5, s.budget_pl + 1)]
    if bought > sum(points // 3 for _, points in late):
        found.add("BONUS_PURCHASE_LIMIT", "fighter.combat_bonuses",
                  f"{bought} bought bonuses, but the advancements from PL 5 pay for "
                  f"{sum(p // 3 for _, p in late)}.")
    dr_total = 0
    for i, d in enumerate(f.defensive_response_bonuses):
        path = f"fighter.defensive_response_bonuses[{i}]"
        resp = s.cat.defensive_responses.get(normalise(d.response).removesuffix("_response"))
        dr_total += max(d.bonus, 0)
        if resp is None or not resp.eligible:
            found.add("DR_BONUS_INELIGIBLE", f"{path}.response",
                      f"'{d.response}' cannot take a bonus: every Defensive Response but Counter and Interrupt can.")
        if not 0 <= d.bonus <= 2:
            found.add("DR_BONUS_MAX", f"{path}.bonus", f"A Defensive Response bonus is +1 or +2, not {d.bonus:+d}.")
        if d.bonus > 0 and f.power_level < 5:
            found.add("DR_BONUS_BEFORE_PL5", path, "Defensive Response bonuses are bought only from PL 5.")
    if f.csp_converted_to_narrative and f.power_level < 5:
        found.add("CSP_CONVERSION_BEFORE_PL5", "fighter.csp_converted_to_narrative",
                  "Combat Skill Points turn into Narrative Skill Points only from PL 5.")
    cost = 2 * dr_total + 3 * bought + f.csp_converted_to_narrative
    if cost > sum(p for _, p in late) and f.power_level >= 5:
        found.add("PL5_OPTIONS_OVERFUNDED", "fighter.combat_bonuses",
                  f"The PL 5+ options cost {cost} Combat Skill Points; PL 5 onward gave {sum(p for _, p in late)}.")


def _check_purchase_was_maxed(s: Sheet, k: int, category: str, path: str) -> None:
    before = _snapshot_at(s, k - 1)
    if before is None or before.combat_bonuses is None:
        s.found.skip("BONUS_PURCHASE_NOT_MAXED", f"skill_history snapshot of PL {k - 1} with combat_bonuses")
        return
    regular = getattr(before.combat_bonuses, category).regular
    top = s.chart(k - 1).combat_bonus_max_single
    if regular < top:
        s.found.add("BONUS_PURCHASE_NOT_MAXED", path,
                    f"At PL {k - 1} {category.title()} was +{regular}, below its maximum +{top}.")


# ── Moves: pricing (every move priced by the moves core) ────────────────────────────────────────────


def moves_campaign(s: Sheet) -> Campaign:
    camp = s.camp
    return Campaign(
        supers=camp.super_moves_enabled, super_stun=camp.super_stun, three_tier_supers=s.three_tier,
        attack_strings=camp.attack_strings_enabled, throws_blockable=camp.throws_blockable,
        free_basic_throws=camp.free_basic_throws, charge_moves_must_be_l3=camp.charge_moves_must_be_l3,
        wall_springs=camp.wall_springs, sidestep=camp.sidestep, tag_team=camp.tag_team,
        transformations=camp.transformations_enabled, breakfall=camp.breakfall, tech_roll=camp.tech_roll,
        dash=camp.dash, denied=list(camp.denied_entries),
    )


def move_context(s: Sheet, m: MoveState, receiving: int | None) -> FighterContext:
    f = s.f
    n_styles = max(len(s.styles), 1) if s.takes["multiple_styles"] else 1
    style = s.styles.get(m.move.style or "") if m.move.style else None
    at = s.acq(m.move.acquired_at_pl) or (1 if m.move.free_source is FreeSource.basic_throw else f.power_level)
    key = (min(max(at, 1), 10), min(receiving, 10) if receiving and n_styles > 1 else None,
           m.move.cross_style and n_styles > 1, not m.move.style or m.move.style == s.base_style or n_styles == 1,
           style.harder_command_move if style else 0)
    ctx = s.contexts.get(key)
    if ctx is None:  # moves of one Fighter share a handful of contexts: build each once
        ctx = s.contexts[key] = FighterContext(
            power_level=key[0],
            strength=min(max(f.basic_qualities.strength, -2), 3),
            ki=min(max(f.combat_skills.ki, 0), 10),
            styles=min(n_styles, 10),
            receiving_styles=key[1],
            cross_style=key[2],
            base_style=key[3],
            harder_command_move_flaws=key[4],
            borrow_identities="borrow_identity" in s.held,
            style_change="multiple_styles" in s.held,
        )
    return ctx


def _purchase_groups(s: Sheet) -> dict[str, list[MoveState]]:
    groups: dict[str, list[MoveState]] = defaultdict(list)
    for m in s.moves:
        if m.bought:
            groups[f"p:{m.move.purchase}" if m.move.purchase else f"m:{m.index}"].append(m)
    return groups


def price_moves(s: Sheet) -> None:
    campaign = moves_campaign(s)
    shared = s.camp.multiple_styles_shared_moves
    for group in _purchase_groups(s).values():
        receiving = len(group) if shared else None
        for m in group:
            mv = m.move
            # Every part was validated by the Fighter model under the same (or tighter) bounds as MoveRequest's.
            req = MoveRequest.model_construct(
                name=mv.name[:120] if mv.name else None, type=MoveType.super if m.is_super else MoveType.special,
                level=mv.level, elements=mv.elements, liabilities=mv.liabilities,
                free_throw=mv.free_source is FreeSource.basic_throw, tier=mv.tier,
                fighter=move_context(s, m, receiving), campaign=campaign)
            m.price = price_data(req, s.mcat)
    for m in s.moves:
        if not m.bought:
            _price_command_move(s, m)
    _charge_moves(s)


def _price_command_move(s: Sheet, m: MoveState) -> None:
    ident = normalise(m.move.command or "")
    fixed = s.mcat.fixed_moves.get(ident)
    if fixed is None or fixed.kind != "command":
        s.found.add("COMMAND_MOVE_INVALID", f"{m.path}.command",
                    f"'{m.move.command}' is not a Command Move of the book" + (
                        "; Basic Moves are never bought." if fixed is not None else "."))
        return
    m.fixed_level = fixed.level
    granted = True
    if ident == "identity_change":
        if "borrow_identity" not in s.held:
            s.found.add("IDENTITY_CHANGE_WITHOUT_QUALITY", m.path, "Identity Change needs the Borrow Identity Quality.")
    elif ident == "style_change":
        granted = "multiple_styles" in s.held
    elif fixed.granted_by:
        granted = any(o.has(fixed.granted_by) for o in s.moves if o.bought)
    if not granted:
        s.found.add("COMMAND_MOVE_INVALID", m.path, f"Nothing on the sheet grants {fixed.name}.")
    m.price = _blank_price(m.move.name, fixed.level, legal=True) | {
        "move_points": fixed.move_points, "control": fixed.control, "accuracy": fixed.accuracy or 0,
        "accuracy_vs": dict.fromkeys(("defense", "evasion", "tactics"), fixed.accuracy or 0),
        "keywords": list(fixed.keywords), "combo_keywords": list(fixed.combo)}


def _charge_moves(s: Sheet) -> None:
    """What each entry costs the Fighter: a purchase for several styles once, a three-tier Super at its top
    tier, free moves nothing (000 L2070, L1888, L5025–L5043, L5289–L5295; ruling A-25)."""
    tiers: dict[str, list[MoveState]] = defaultdict(list)
    for m in s.moves:
        if m.move.tier_group and m.is_super:
            tiers[m.move.tier_group].append(m)
    top_of = {g: max(ms, key=lambda x: (x.move.tier, x.move.level, repr(x.move))) for g, ms in tiers.items()}

    def free(m: MoveState) -> bool:
        mv = m.move
        return mv.free_source in (FreeSource.realize_potential, FreeSource.granted_command) or bool(
            mv.tier_group and m.is_super and top_of[mv.tier_group] is not m)

    for group in _purchase_groups(s).values():
        payers = [m for m in group if not free(m) and m.price is not None]
        cost = max((m.price["move_points"] for m in payers), default=0)  # type: ignore[index]
        for m in group:
            m.group_cost = cost if m in payers else 0
            m.charged = 0
        if payers:
            payers[0].charged = cost
    for m in s.moves:
        if not m.bought:
            m.charged = m.price["move_points"] if m.price and m.move.free_source is None else 0
            m.group_cost = m.charged


def map_move_findings(s: Sheet) -> None:
    """Each move's own violations also make the Fighter invalid: under the digest's code where it names the
    rule, else MOVE_INVALID. Paths point into the request (``fighter.moves[1].elements[0]``)."""
    for m in s.moves:
        if m.price is None or not m.bought:
            continue
        named = [(MOVE_CODE_MAP.get(v["code"]) or _contextual_code(s, m, v), v) for v in m.price["violations"]]
        for code, v in named:
            if code:
                s.found.add(code, _move_path(m, v["path"]), f"{m.label}: {v['message']}")
        specific = {_move_path(m, v["path"]) for code, v in named if code}
        for code, v in named:  # the rest, unless the same entry already broke a named rule (its consequence)
            path = _move_path(m, v["path"])
            if not code and path.split(".options")[0] not in specific:
                s.found.add("MOVE_INVALID", path, f"{m.label}: {v['message']}")
        if any(v["code"] == "ELEMENT_ALREADY_GRANTED" for v in m.price["violations"]):
            s.found.add("SUPER_MOVE_KNOCKS_DOWN", f"{m.path}.elements",
                        f"{m.label}: a Super Move has Knocks Down for free.")


def _contextual_code(s: Sheet, m: MoveState, v: dict) -> str | None:
    match = _ENTRY_PATH.match(v["path"])
    if match is None:
        return None
    entries = m.move.elements if match.group(1) == "elements" else m.move.liabilities
    i = int(match.group(2))
    entry = s.mcat.entries.get(entries[i].id) if i < len(entries) else None
    if entry is None:
        return None
    if v["code"] == "CHARACTER_REQUIREMENT_UNMET":
        return "KI_REQUIRED_BY_MOVE" if "ki_skill" in entry.requires.fighter else "MOVE_ELEMENT_REQUIREMENT"
    if v["code"] == "PREREQUISITE_MISSING" and entry.parent and not m.has(entry.parent):
        return "MOVE_MODIFIER_WITHOUT_BASE"
    if v["code"] == "CAMPAIGN_OPTION_REQUIRED" and entry.id in ("super_energy_liability", "no_super_energy"):
        return "MOVE_ELEMENT_REQUIREMENT"
    return None


def _move_path(m: MoveState, path: str) -> str:
    if path in ("type",):
        return f"{m.path}.kind"
    if path == "free_throw":
        return f"{m.path}.free_source"
    if path.startswith("fighter."):
        return f"{m.path}.acquired_at_pl"
    return f"{m.path}.{path}"


# ── 4.F Move Points and Special Moves ───────────────────────────────────────────────────────────────


def check_move_points(s: Sheet) -> None:
    f, found = s.f, s.found
    available = 10 * s.budget_pl  # 000 L631, L659
    on_moves = sum(m.charged for m in s.moves)
    spent = (on_moves + f.move_points_to_narrative + f.move_points_to_fighting_spirit
             + 3 * f.combo_from_move_points + 2 * f.attack_string_from_move_points + f.move_points_banked)
    s.mp = Budget(available=available, spent=spent)
    detail = (f"{on_moves} on moves, {f.move_points_to_narrative} to Narrative Skills, "
              f"{f.move_points_to_fighting_spirit} to FS, {3 * f.combo_from_move_points} to Combo, "
              f"{2 * f.attack_string_from_move_points} to Attack String, {f.move_points_banked} saved")
    pl1 = f.power_level == 1
    if spent != available:
        if s.pl >= 9 and spent > available:
            found.add("BOSS_MOVE_POINT_SHORTFALL", "fighter.moves",
                      f"A Boss is built on PL 8's {available} Move Points; the sheet uses {spent} ({detail}).")
        elif s.pl >= 9:
            found.add("BOSS_BUDGETS_AS_PL8", "fighter.moves", f"{spent} of PL 8's {available} Move Points used.")
        elif pl1 and spent < available:
            found.add("PL1_MOVE_POINTS_UNSPENT", "fighter.moves",
                      f"All 10 Move Points are spent at creation; {available - spent} left ({detail}).")
        else:
            found.add("MOVE_POINTS_BUDGET", "fighter.moves",
                      f"{spent} Move Points accounted for ({detail}); Power Level {s.budget_pl} gives {available}.")
    pl1_entries = [e for e in f.move_point_ledger or () if e.pl == 1]
    banked1 = f.move_points_banked if pl1 else sum(e.banked_out for e in pl1_entries)
    if banked1:
        found.add("PL1_MOVE_POINTS_UNSPENT", "fighter.move_points_banked",
                  "Move Points cannot be saved at character creation.")
    if pl1:
        to_fs_combo = f.move_points_to_fighting_spirit + 3 * f.combo_from_move_points
    elif pl1_entries:
        to_fs_combo = sum(e.to_fighting_spirit + e.to_combo for e in pl1_entries)
    else:
        to_fs_combo = 0
        if f.move_points_to_fighting_spirit or f.combo_from_move_points:
            found.skip("PL1_LEFTOVER_NOT_NARRATIVE", "move_point_ledger entry of PL 1")
    rule = s.camp.pl1_leftover_mp_any_use
    if to_fs_combo and rule is not True:
        found.add("PL1_LEFTOVER_NOT_NARRATIVE", "fighter.move_points_to_fighting_spirit",
                  "At creation leftover Move Points go to Narrative Skills; Fighting Spirit or Combo needs the "
                  "Director's leave.", severity="error" if rule is False else None)
    _check_ledger(s, on_moves)


def _check_ledger(s: Sheet, on_moves: int) -> None:
    f, found = s.f, s.found
    ledger = sorted(f.move_point_ledger or (), key=lambda e: (e.pl, repr(e)))
    if f.move_point_ledger is None:
        if f.power_level > 1:
            for code in ("MOVE_POINTS_BANK_INCONSISTENT", "ADVANCEMENT_GRANTS_MISMATCH", "MP_TO_FS_NOT_CARRIED"):
                found.skip(code, "move_point_ledger")
        return
    problems: list[str] = []
    previous_out = 0
    for e in ledger:
        if e.received != 10 and e.pl <= 8:
            found.add("ADVANCEMENT_GRANTS_MISMATCH", "fighter.move_point_ledger",
                      f"PL {e.pl} shows {e.received} Move Points received; every Power Level gives 10.", key=str(e.pl))
        used = e.spent_on_moves + e.to_narrative + e.to_fighting_spirit + e.to_combo + e.to_attack_string
        if e.received + e.banked_in != used + e.banked_out:
            problems.append(f"PL {e.pl} does not balance ({e.received} + {e.banked_in} in, "
                            f"{used} + {e.banked_out} out)")
        if e.banked_in != previous_out:
            problems.append(f"PL {e.pl} brings in {e.banked_in} saved but {previous_out} were saved before")
        if e.to_combo % 3 or e.to_attack_string % 2:
            problems.append(f"PL {e.pl} buys Combo at 3 and Attack String at 2 Move Points a level")
        previous_out = e.banked_out
    totals = {
        "to Narrative Skills": (sum(e.to_narrative for e in ledger), f.move_points_to_narrative),
        "to Fighting Spirit": (sum(e.to_fighting_spirit for e in ledger), f.move_points_to_fighting_spirit),
        "to Combo": (sum(e.to_combo for e in ledger), 3 * f.combo_from_move_points),
        "to Attack String": (sum(e.to_attack_string for e in ledger), 2 * f.attack_string_from_move_points),
        "on moves": (sum(e.spent_on_moves for e in ledger), on_moves),
        "saved now": (ledger[-1].banked_out if ledger else 0, f.move_points_banked),
    }
    problems += [f"{k}: ledger {a}, sheet {b}" for k, (a, b) in totals.items() if a != b]
    dated = [m for m in s.moves if m.charged]
    if dated and all(s.acq(m.move.acquired_at_pl) is not None for m in dated):
        per_pl = Counter()
        for m in dated:
            per_pl[s.acq(m.move.acquired_at_pl)] += m.charged
        for e in ledger:
            if per_pl.get(e.pl, 0) != e.spent_on_moves:
                problems.append(f"PL {e.pl}: moves acquired then cost {per_pl.get(e.pl, 0)}, ledger says "
                                f"{e.spent_on_moves}")
    if problems:
        found.add("MOVE_POINTS_BANK_INCONSISTENT", "fighter.move_point_ledger", "; ".join(problems) + ".")


def check_move_list(s: Sheet) -> None:
    f, found = s.f, s.found
    closed = f.move_list_closed_at_pl
    bought = [m for m in s.moves if m.bought and m.move.free_source is None]
    supers_on = s.camp.super_moves_enabled
    if closed is not None:
        has_super = any(m.is_super and (s.acq(m.move.acquired_at_pl) or 0) <= closed for m in bought)
        if supers_on and (closed < 3 or not has_super):
            found.add("MOVE_LIST_CLOSED_TOO_EARLY", "fighter.move_list_closed_at_pl",
                      "With Super Moves in play the Move List closes only after the first Super Move, at PL 3 or "
                      "later.")
        for m in s.moves:
            at = s.acq(m.move.acquired_at_pl)
            if at is not None and at > closed:
                found.add("MOVE_AFTER_LIST_CLOSED", f"{m.path}.acquired_at_pl",
                          f"{m.label} was acquired at PL {at}, after the Move List closed at PL {closed}.")
    top = min(s.budget_pl, 8)
    if any(s.acq(m.move.acquired_at_pl) is None for m in bought):
        found.skip("NEW_MOVE_REQUIRED", "acquired_at_pl on moves")
    else:
        got = {s.acq(m.move.acquired_at_pl) for m in bought}
        for k in range(1, top + 1):
            if (closed is None or k < closed) and k not in got:
                found.add("NEW_MOVE_REQUIRED", "fighter.moves",
                          f"No new Special or Super Move at PL {k} while the Move List was open.", key=str(k))
    for m in s.moves:
        mv = m.move
        if mv.kind is FighterMoveKind.special and mv.level >= 6:
            found.add("SPECIAL_MOVE_HIGH_LEVEL", f"{m.path}.level", f"{m.label}: L{mv.level} is legal but rare.")
        if m.bought and not mv.name:
            found.add("MOVE_NAME_MISSING", f"{m.path}.name", f"{m.label} deserves a name.")
        if mv.cost_paid is not None and m.group_cost is not None:
            ident = normalise(mv.command or "")
            if ident == "identity_change":
                if mv.cost_paid != 3:
                    found.add("IDENTITY_CHANGE_COST", f"{m.path}.cost_paid",
                              f"Identity Change costs 3 Move Points, not {mv.cost_paid}.")
            elif mv.cost_paid != m.group_cost:
                found.add("MOVE_COST_MISMATCH", f"{m.path}.cost_paid",
                          f"{m.label} costs {m.group_cost} Move Points; the sheet says {mv.cost_paid}.")
    if any(m.bought for m in s.moves):
        found.add("DIRECTOR_MAY_DISALLOW_ELEMENT", "fighter.moves",
                  "The Director may still veto any Element or Liability.")
    n = sum(1 for m in bought)
    if f.power_level == 8 and f.role is Role.pc and not 18 <= n <= 24:
        found.add("MOVE_COUNT_ADVICE", "fighter.moves",
                  f"{n} Special and Super Moves; a Fighter usually ends with 18–24 by PL 8.")


def check_duplicates_and_identity(s: Sheet) -> None:
    found = s.found
    seen: dict[tuple, int] = {}
    for m in s.moves:
        mv = m.move
        if m.bought:
            key: tuple = (mv.kind.value, mv.level, _entries_key(mv.elements), _entries_key(mv.liabilities),
                          None if mv.cross_style else mv.style, mv.tier_group, mv.tier)
        else:
            key = ("command", normalise(mv.command or ""), normalise(mv.identity_of or ""))
        if key in seen:
            found.add("MOVE_DUPLICATE", m.path,
                      f"{m.label} repeats move {seen[key] + 1}; a new version must differ in its build.")
        else:
            seen[key] = m.index
    identity = [m for m in s.moves if normalise(m.move.command or "") == "identity_change"]
    at_creation = [m for m in identity if s.acq(m.move.acquired_at_pl) == 1]
    if len(at_creation) > 3:
        found.add("IDENTITY_CHANGE_PL1_LIMIT", at_creation[3].path,
                  f"{len(at_creation)} Identity Change moves at creation; at most three.")
    for m in identity:
        if not m.move.director_approved:
            found.add("DIRECTOR_APPROVAL_REQUIRED", m.path,
                      "The Director sets what must happen before an Identity Change can be learned.", ref="000 L5159")


def _option(m: MoveState, entry_id: str, name: str) -> str | None:
    for c in (*m.move.elements, *m.move.liabilities):
        if c.id == entry_id:
            value = c.options.get(name)
            return value if isinstance(value, str) else None
    return None


def _names(m: MoveState) -> set[str]:
    return {normalise(x) for x in (m.move.name, m.move.id) if x}


def check_move_references(s: Sheet) -> None:
    """Elements that need another of the Fighter's moves (moves digest part 2 §2.9)."""
    found, moves = s.found, s.moves

    def others(m: MoveState, entry_id: str) -> list[MoveState]:
        return [o for o in moves if o is not m and o.has(entry_id)]

    needs = {"prop_recovery": ("prop", "a move with the Prop Liability"),  # 000 L3904
             "reload": ("limited_use.special_move_reload", "a move with Special Move Reload"),  # 000 L4644
             "super_reload": ("limited_use", "a Limited Use move"),  # 000 L4958
             "powerless_exception": ("set_up.powerless", "a move with Powerless")}  # 000 L4103
    by_name = {name: o for o in moves for name in _names(o)}
    for m in moves:
        for entry_id, (other, what) in needs.items():
            if m.has(entry_id) and not others(m, other):
                found.add("CROSS_MOVE_REFERENCE_MISSING", m.path, f"{m.label}: {entry_id.replace('_', ' ')} needs "
                          f"{what} among the Fighter's other moves.", key=entry_id)
        for entry_id, option in (("power_enhancer", "target_moves"), ("super_move_enhancer", "target_super"),
                                 ("end_buff", "target_buff")):
            if not m.has(entry_id):
                continue
            for target in [t.strip() for t in (_option(m, entry_id, option) or "").split(",") if t.strip()]:
                hit = by_name.get(normalise(target))
                if hit is None or hit is m:
                    found.add("CROSS_MOVE_REFERENCE_MISSING", m.path, f"{m.label}: '{target}' is not another move "
                              "on the sheet.", key=f"{entry_id}:{target}")
                elif entry_id == "super_move_enhancer" and not hit.is_super:
                    found.add("CROSS_MOVE_REFERENCE_MISSING", m.path, f"{m.label}: '{target}' is not a Super Move.",
                              key=f"{entry_id}:{target}")
                elif entry_id == "end_buff" and not (hit.has("buff") and hit.has("buff.early_ending")):
                    found.add("END_BUFF_TARGET_MISSING", m.path, f"{m.label}: '{target}' is not a Buff with Early "
                              "Ending.")  # 000 L3264, L3274
                elif entry_id == "power_enhancer" and not (m.move.cross_style or hit.move.cross_style) and \
                        (m.move.style or s.base_style) != (hit.move.style or s.base_style):
                    found.add("CROSS_STYLE_EFFECT", m.path, f"{m.label}: '{target}' belongs to another style.")
        if m.has("end_buff") and not _option(m, "end_buff", "target_buff") and not any(
                o.has("buff") and o.has("buff.early_ending") for o in moves if o is not m):
            found.add("END_BUFF_TARGET_MISSING", m.path, f"{m.label}: no Buff with Early Ending to end.")
        for entry_id, option in (("move_sub_set", "opening_move"), ("multi_part_move", "opening_move"),
                                 ("multi_part_throw", "opening_throw")):
            target = _option(m, entry_id, option)
            if m.has(entry_id) and target and normalise(target) not in by_name:
                found.add("SEQUENCE_OPENING_MISSING", m.path, f"{m.label}: the opening move '{target}' is not on the "
                          "sheet yet.", key=entry_id)
        if m.has("cancel_throw") and not others(m, "throw"):
            found.add("CANCEL_THROW_NO_THROW_MOVE", m.path, f"{m.label}: Cancel Throw, but no Throw to cancel.")
    # Limited Use pools: every move drawing on one pool reloads the same way (000 L4603–L4642).
    pools: dict[str, set[str | None]] = {}
    for m in moves:
        pool = _option(m, "limited_use", "pool")
        if pool:
            pools.setdefault(normalise(pool), set()).add(_option(m, "limited_use", "reload_method"))
    for m in moves:
        pool = _option(m, "limited_use", "pool")
        if pool and len(pools[normalise(pool)]) > 1:
            found.add("LIMITED_USE_POOL_INCONSISTENT", m.path, f"{m.label}: the moves of pool '{pool}' reload in "
                      "different ways.")
    supers = [m for m in moves if m.is_super]
    with_choice = [m for m in supers if m.has("limited_choice")]
    if with_choice and len(with_choice) != len(supers):
        for m in supers:
            if not m.has("limited_choice"):
                found.add("LIMITED_CHOICE_INCONSISTENT", m.path, f"{m.label}: Limited Choice must be on every Super "
                          "Move once one has it.")


def _entries_key(entries: Iterable) -> tuple:
    return tuple(sorted((e.id, e.times, repr(sorted(e.options.items())) if e.options else "") for e in entries))


def check_free_moves(s: Sheet) -> None:
    found, camp = s.found, s.camp
    throws = [m for m in s.moves if m.move.free_source is FreeSource.basic_throw]
    if len(throws) > camp.free_basic_throws:
        found.add("FREE_THROW_INVALID", "fighter.moves",
                  f"The campaign grants {camp.free_basic_throws} free Basic Throws; the sheet has {len(throws)}.")
    for m in throws:
        at = s.acq(m.move.acquired_at_pl)
        if at is not None and at > 1:
            found.add("FREE_THROW_INVALID", f"{m.path}.acquired_at_pl", "Free Basic Throws are granted at PL 1.")
    rp = [m for m in s.moves if m.move.free_source is FreeSource.realize_potential]
    for m in rp:
        mv = m.move
        if not mv.realize_potential_target:
            found.add("REALIZE_POTENTIAL_MOVE_INVALID", f"{m.path}.realize_potential_target",
                      "A Realize Potential move works against one named opponent.")
        if mv.realize_potential_check is not None and mv.level != math.ceil(mv.realize_potential_check / 3):
            found.add("REALIZE_POTENTIAL_MOVE_INVALID", f"{m.path}.level",
                      f"A check of {mv.realize_potential_check} yields an L{math.ceil(mv.realize_potential_check / 3)} "
                      f"move, not L{mv.level}.")
        if not mv.director_approved:
            found.add("REALIZE_POTENTIAL_MOVE_INVALID", f"{m.path}.director_approved",
                      "The Director has the final say on a Realize Potential move.", severity="warning")
    if len(rp) > 2:
        found.add("REALIZE_POTENTIAL_MOVE_INVALID", "fighter.moves",
                  f"{len(rp)} Realize Potential moves; it normally happens once or twice a campaign.",
                  severity="warning")
    lone = sum(1 for m in s.moves if m.price and any(i["code"] == "UNPAIRED_HALF_LIABILITY" for i in m.price["info"]))
    if s.f.fs_from_half_liabilities > lone // 2:
        found.add("HALF_LIABILITY_FS_INVALID", "fighter.fs_from_half_liabilities",
                  f"{lone} moves carry a lone ½ Liability: at most {lone // 2} Fighting Spirit from them.")


# ── Multiple Styles (4.F 110–114) ───────────────────────────────────────────────────────────────────


def check_styles(s: Sheet) -> None:
    f, found, _camp = s.f, s.found, s.camp
    takes = s.takes["multiple_styles"]
    if f.styles and len(f.styles) != takes + 1:
        found.add("STYLES_COUNT_MISMATCH", "fighter.styles",
                  f"{len(f.styles)} styles but Multiple Styles taken {takes} time(s): one style per take plus the "
                  "Base Style.")
    if f.styles:
        bases = [st for st in f.styles if st.is_base]
        if len(bases) != 1:
            found.add("BASE_STYLE_INVALID", "fighter.styles", f"Exactly one Base Style is needed, not {len(bases)}.")
        elif s.base_style is not None:
            first = [m for m in s.moves if m.move.kind is FighterMoveKind.special and m.move.free_source is None
                     and (m.move.cross_style or m.move.style == s.base_style)]
            dated = [s.acq(m.move.acquired_at_pl) for m in first]
            if None in dated:
                found.skip("BASE_STYLE_INVALID", "acquired_at_pl on moves")
            elif 1 not in dated:
                found.add("BASE_STYLE_INVALID", "fighter.styles",
                          f"The Base Style '{s.base_style}' needs a Special Move from character creation.")
    _check_style_options(s)
    _check_style_assignment(s)
    if f.fs_from_style_flaw > s.free_style_flaws % 2:
        found.add("STYLE_FLAW_ACCOUNTING", "fighter.fs_from_style_flaw",
                  f"{s.free_style_flaws} free Style Flaw(s): only a single leftover flaw gives 1 FS.")


def _check_style_options(s: Sheet) -> None:
    found, camp = s.found, s.camp
    for i, st in enumerate(s.f.styles):
        path = f"fighter.styles[{i}]"
        options = [n for n in ("harder_command_move", "forced_style_change", "limited_movement", "no_defense",
                               "no_movement", "modified_defense") if getattr(st, n)]
        if not options:
            continue
        if not camp.style_options_enabled:
            found.add("STYLE_OPTION_INVALID", path, f"Style options ({', '.join(options)}) need the Director's "
                      "permission (campaign.style_options_enabled).")
            continue
        problems = []
        if st.is_base and set(options) - {"harder_command_move"}:
            problems.append("only Harder Command Move may apply to the Base Style")
        if st.no_defense and st.modified_defense:
            problems.append("No Defense cannot share a style with Modified Defense")
        if st.limited_movement and st.no_defense:
            problems.append("Limited Movement cannot share a style with No Defense")
        if st.no_movement and st.limited_movement:
            problems.append("No Movement cannot share a style with Limited Movement")
        if st.modified_defense > 2:
            problems.append("Modified Defense stops at two Qualities")
        companions = st.harder_command_move + st.forced_style_change + st.limited_movement
        if st.modified_defense > companions:
            problems.append("each Modified Defense Quality needs a Forced Style Change, Harder Command Move or "
                            "Limited Movement on the same style")
        if st.modified_defense and st.modified_defense_skill is None:
            problems.append("Modified Defense names Evasion or Tactics")
        if problems:
            found.add("STYLE_OPTION_INVALID", path, f"Style '{st.name}': " + "; ".join(problems) + ".")


def _check_style_assignment(s: Sheet) -> None:
    found = s.found
    n = len(s.styles) if s.takes["multiple_styles"] else 1
    shared = s.camp.multiple_styles_shared_moves
    for _key, group in _purchase_groups(s).items():
        first = group[0]
        if n <= 1:
            for m in group:
                if m.move.style or m.move.cross_style or len(group) > 1:
                    found.add("STYLE_MOVE_ASSIGNMENT", m.path, f"{m.label}: styles, Cross-Style Moves and shared "
                              "purchases exist only with Multiple Styles.")
            continue
        for m in group:
            if not m.move.cross_style and m.move.style not in s.styles:
                found.add("STYLE_MOVE_ASSIGNMENT", f"{m.path}.style",
                          f"{m.label} names no style of the Fighter ('{m.move.style}').")
        if any(m.move.cross_style for m in group):
            if len(group) > 1:
                found.add("STYLE_MOVE_ASSIGNMENT", first.path, "A Cross-Style Move is one move placed in every style.")
            continue
        styles = [m.move.style for m in group]
        same_build = len({(m.move.kind, m.move.level) for m in group}) == 1
        distinct = len(set(styles)) == len(styles)
        if not same_build or not distinct or (not shared and len(group) != n) or len(group) > n:
            found.add("STYLE_MOVE_ASSIGNMENT", first.path,
                      f"{first.label}: one purchase builds one move of the same kind and level for "
                      + ("each of some styles" if shared else f"each of the {n} styles") + f"; got {len(group)} for "
                      f"{', '.join(str(x) for x in styles)}.")
    _check_style_move_benefits(s)


def _check_style_move_benefits(s: Sheet) -> None:
    """Moves of a Limited/No Movement style gain nothing from movement entries, and those of a No Defense style
    nothing from Defense Liabilities (000 L5100, L5126, L5136–L5138; ruling A-43)."""
    for m in s.moves:
        style = s.styles.get(m.move.style or "")
        if style is None or m.price is None or m.move.cross_style or not m.bought:
            continue
        immobile = style.limited_movement or style.no_movement
        if not (immobile or style.no_defense):
            continue
        lost = 0.0
        for j, c in enumerate(m.move.elements):
            root = c.id.split(".", 1)[0]
            if immobile and root in MOVEMENT_ELEMENT_ROOTS and not m.has("end_style.movement_exception"):
                s.found.add("STYLE_ELEMENT_INERT", f"{m.path}.elements[{j}]",
                            f"{m.label}: {c.id} does nothing in the '{style.name}' style.")
        for c in m.move.liabilities:
            entry = s.mcat.entries.get(c.id)
            if entry is None:
                continue
            if (immobile and c.id in MOVEMENT_LIABILITIES and not m.has("end_style.movement_exception")) or (
                    style.no_defense and c.id in DEFENSE_LIABILITIES):
                lost += -entry.cost * c.times
        if lost:
            slots = m.price["element_slots"]
            elements = sum(e["cost"] for e in m.price["entries"] if e["cost"] > 0)
            liabilities = -sum(e["cost"] for e in m.price["entries"] if e["cost"] < 0) - lost
            used = math.ceil(elements - max(liabilities, 0))
            if used > slots:
                s.found.add("MOVE_ELEMENT_BUDGET_EXCEEDED", f"{m.path}.liabilities",
                            f"{m.label}: in the '{style.name}' style some Liabilities earn nothing, leaving {used} "
                            f"Elements for {slots} slots.")


# ── 4.G Super Moves ─────────────────────────────────────────────────────────────────────────────────


def check_super_moves(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    supers = [m for m in s.moves if m.is_super]
    units = {m.move.tier_group or m.move.purchase or f"#{m.index}" for m in supers}  # one per three-tier/purchase
    s.supers_owned = len(units)
    if camp.super_moves_enabled and f.power_level >= 3:
        if not supers:
            found.add("SUPER_MOVE_REQUIRED_AT_PL3", "fighter.moves", "From PL 3 a Fighter owns a Super Move.")
        else:
            dated = [s.acq(m.move.acquired_at_pl) for m in supers]
            if None in dated:
                found.skip("SUPER_MOVE_REQUIRED_AT_PL3", "acquired_at_pl on Super Moves")
            elif 3 not in dated:
                found.add("SUPER_MOVE_REQUIRED_AT_PL3", "fighter.moves", "The PL 3 advancement must buy a Super Move.")
    limit = s.row.super_moves if camp.super_moves_enabled else 0
    if s.supers_owned > limit and camp.super_moves_enabled:
        found.add("SUPER_MOVE_COUNT_EXCEEDED", "fighter.moves",
                  f"{s.supers_owned} Super Moves; Power Level {s.pl} allows {limit}.")
    _check_three_tier(s, supers)


def _check_three_tier(s: Sheet, supers: list[MoveState]) -> None:
    found = s.found
    technique = any(q.trait and q.trait.id == "technique" and normalise(q.take.params.subject or "") ==
                    THREE_TIER_TECHNIQUE for q in s.qualities)
    tiered = [m for m in s.moves if m.move.tier > 1 or m.move.tier_group]
    if not tiered:
        return
    if not s.three_tier:
        for m in tiered:
            found.add("THREE_TIER_INVALID", f"{m.path}.tier",
                      f"{m.label}: tiers exist only with three-tier Super Moves.")
        return
    if technique and s.camp.super_move_system is not SuperMoveSystem.three_tier:
        for q in s.qualities:
            if q.trait and q.trait.id == "technique" and not q.take.director_approved:
                found.add("DIRECTOR_APPROVAL_REQUIRED", q.path, "A three-tier Super Technique needs the Director.")
    groups: dict[str, list[MoveState]] = defaultdict(list)
    for m in tiered:
        if not m.is_super:
            found.add("THREE_TIER_INVALID", f"{m.path}.kind", f"{m.label}: only Super Moves have tiers.")
        elif not m.move.tier_group:
            found.add("THREE_TIER_INVALID", f"{m.path}.tier_group",
                      f"{m.label}: a tier above 1 names its Super Move's tier_group.")
        else:
            groups[m.move.tier_group].append(m)
    for m in supers:
        if m.move.tier_group and m not in groups[m.move.tier_group]:
            groups[m.move.tier_group].append(m)
    for name, members in sorted(groups.items()):
        members.sort(key=lambda m: (m.move.tier, m.move.level, repr(m.move)))
        tiers = [m.move.tier for m in members]
        levels = [m.move.level for m in members]
        problems = []
        if tiers != list(range(1, len(members) + 1)):
            problems.append("tiers must run 1, 2, 3 without gaps or repeats")
        if any(b != a + 1 for a, b in itertools.pairwise(levels)):
            problems.append("each tier is one level above the one before")
        for low, high in itertools.pairwise(members):
            if not _superset(low.move, high.move):
                problems.append(f"tier {high.move.tier} drops something tier {low.move.tier} has")
        if problems:
            found.add("THREE_TIER_INVALID", members[0].path, f"Three-tier Super '{name}': " + "; ".join(problems) + ".")


def _superset(low: FighterMove, high: FighterMove) -> bool:
    have = Counter({normalise(c.id): c.times for c in (*high.elements, *high.liabilities)})
    return all(have[normalise(c.id)] >= c.times for c in (*low.elements, *low.liabilities))


# ── 4.H Life Bar and Fighting Spirit ────────────────────────────────────────────────────────────────


def check_life_and_spirit(s: Sheet) -> None:
    f, found = s.f, s.found
    extra = f.secret_boss_extra
    if extra and not (f.role is Role.secret_boss and f.power_level == 10 and extra in (5, 10)):
        found.add("SECRET_BOSS_BONUS_INVALID", "fighter.secret_boss_extra",
                  "Only a Secret Boss beyond a PL 10 Boss adds 5 or 10 to Life Bar and Fighting Spirit.")
    qx_fs = sum(1 for x in f.quality_exchanges if x.converted_to is ExchangeTarget.fighting_spirit)
    s.life_bar = s.row.life_bar + extra
    s.fighting_spirit = (s.row.fighting_spirit + f.move_points_to_fighting_spirit + 2 * qx_fs
                         + f.fs_from_style_flaw + f.fs_from_half_liabilities + extra)
    if f.life_bar is not None and f.life_bar != s.life_bar:
        found.add("LIFE_BAR_MISMATCH", "fighter.life_bar",
                  f"Life Bar {f.life_bar}; Power Level {s.pl} gives {s.life_bar}.")
    if f.fighting_spirit is not None and f.fighting_spirit != s.fighting_spirit:
        found.add("FIGHTING_SPIRIT_MISMATCH", "fighter.fighting_spirit",
                  f"Fighting Spirit {f.fighting_spirit}; expected {s.fighting_spirit} (chart {s.row.fighting_spirit} "
                  f"+ {f.move_points_to_fighting_spirit} from Move Points + {2 * qx_fs} from exchanged Qualities + "
                  f"{f.fs_from_style_flaw} from a Style Flaw + {f.fs_from_half_liabilities} from ½ Liabilities"
                  + (f" + {extra} Secret Boss" if extra else "") + ").")
    _check_chart_snapshots(s)


def _check_chart_snapshots(s: Sheet) -> None:
    f, found = s.f, s.found
    snaps = [h for h in f.skill_history or () if h.pl < f.power_level]
    if f.power_level > 1 and not snaps:
        found.skip("CHART_VALUES_NOT_UPDATED", "skill_history with life_bar / fighting_spirit")
    ledger = sorted(f.move_point_ledger or (), key=lambda e: e.pl)
    for h in snaps:
        row = s.chart(h.pl)
        wrong = []
        if h.life_bar is not None and h.life_bar != row.life_bar:
            wrong.append(f"Life Bar {h.life_bar} (chart {row.life_bar})")
        if h.fighting_spirit is not None and h.fighting_spirit < row.fighting_spirit:
            wrong.append(f"Fighting Spirit {h.fighting_spirit} (chart base {row.fighting_spirit})")
        if h.combat_bonuses is not None:
            total = sum(getattr(h.combat_bonuses, c).regular for c in ("accuracy", "control", "damage", "defense"))
            if total != row.combat_bonuses:
                wrong.append(f"{total} Combat Bonuses (chart {row.combat_bonuses})")
        if wrong:
            found.add("CHART_VALUES_NOT_UPDATED", "fighter.skill_history", f"At PL {h.pl}: " + ", ".join(wrong) + ".",
                      key=repr(h))
        if h.fighting_spirit is not None and f.move_point_ledger is not None:
            bought = sum(e.to_fighting_spirit for e in ledger if e.pl <= h.pl)
            if h.fighting_spirit - row.fighting_spirit < bought:
                found.add("MP_TO_FS_NOT_CARRIED", "fighter.skill_history",
                          f"At PL {h.pl} FS {h.fighting_spirit} leaves out the {bought} FS bought with Move Points.",
                          key=repr(h))


# ── 4.I Story Points; 4.J NPCs; 4.L advisory and continuity ─────────────────────────────────────────


def check_story_points(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    if f.story_points < 0:
        found.add("STORY_POINTS_INVALID", "fighter.story_points", "Story Points cannot be negative.")
    elif f.story_points and not camp.story_points_enabled:
        found.add("STORY_POINTS_DISABLED", "fighter.story_points", "This campaign does not use Story Points.")
    if camp.story_point_cap is not None and f.story_points > camp.story_point_cap:
        found.add("STORY_POINTS_OVER_CAP", "fighter.story_points",
                  f"{f.story_points} Story Points; the Director caps them at {camp.story_point_cap}.")


def check_advisories(s: Sheet) -> None:
    f, found = s.f, s.found
    c = f.concept
    empty = [n for n in ("appearance", "martial_arts_style", "training_background", "reason_for_fighting")
             if not getattr(c, n)]
    if empty:
        found.add("CONCEPT_INCOMPLETE", "fighter.concept", f"Concept not yet described: {', '.join(empty)}.")
    bg = f.background
    long = [n for n in ("supporting_characters", "personality_aspects", "important_past_events")
            if len(getattr(bg, n)) > 3]
    if long or len(bg.obstacles_to_fighting) > 1:
        found.add("BACKGROUND_LIST_LENGTH", "fighter.background",
                  "The background asks for one to three of each list and a single obstacle to fighting.")
    cs = f.combat_skills
    if f.power_level == 1 and max(cs.defense, cs.evasion, cs.tactics) <= 1:
        found.add("DET_LEVEL_ONE_INEFFECTIVE", "fighter.combat_skills",
                  "Defences at level 1 almost never stop an attack; consider 2–4 in one of them.")
    if cs.ki > 0 and not any(_uses_ki(s, m) for m in s.moves):
        found.add("KI_WITHOUT_KI_MOVES", "fighter.combat_skills.ki",
                  "No move uses Ki; it is legal and keeps the door open for later Ranged moves.")
    if f.role in NPC_ROLES:
        weak = sum(1 for w in s.weaknesses if w.take.lost_at_pl is None)  # type: ignore[union-attr]
        traded = sum(1 for x in f.quality_exchanges if x.converted_to is not ExchangeTarget.narrative)
        if weak >= 3 and traded >= 2:
            found.add("NPC_FAIRNESS", "fighter.weaknesses",
                      "Many Weaknesses traded for combat power: mirror the players' choices instead.")
    if f.power_level > 1 and not _has_history(s):
        found.add("BUILT_AT_HIGHER_PL", "fighter", f"A PL {f.power_level} Fighter with no history: rules about "
                  "earlier levels were skipped (see HISTORY_UNAVAILABLE).")
    _check_sequel(s)
    if f.role not in BOSS_ROLES:
        late = [e.pl for e in f.move_point_ledger or () if e.pl > 8] + [h.pl for h in f.skill_history or ()
                                                                          if h.pl > 8]
        late += [p.pl for p in f.combat_bonus_purchases or () if p.pl > 8]
        if late or f.power_level > 8:
            found.add("PL8_NO_FURTHER_GAINS", "fighter", "A Fighter who is not a Boss gains nothing beyond PL 8.")


def _uses_ki(s: Sheet, m: MoveState) -> bool:
    for c in m.move.elements:
        entry = s.mcat.entries.get(c.id)
        if entry and ("ki_skill" in entry.requires.fighter or entry.effects.damage_source == "ki"):
            return True
    return False


def _has_history(s: Sheet) -> bool:
    f = s.f
    return bool(f.skill_history or f.move_point_ledger or f.even_level_choices
                or any(x.acquired_at_pl for x in (*f.qualities, *f.weaknesses, *f.moves)))


def _check_sequel(s: Sheet) -> None:
    seq, f = s.camp.sequel_campaign, s.f
    if seq is None:
        return
    if seq.predecessor_basic_qualities is not None and seq.predecessor_basic_qualities != f.basic_qualities:
        s.found.add("SEQUEL_REMAKE_MISMATCH", "fighter.basic_qualities",
                    "A sequel Fighter keeps the Basic Qualities of the original.")
    if f.power_level >= 8 and seq.predecessor_moves:
        names = {normalise(m.move.name or "") for m in s.moves}
        kept = sum(1 for n in seq.predecessor_moves if normalise(n) in names)
        if kept < seq.required_move_share * len(seq.predecessor_moves):
            s.found.add("SEQUEL_REMAKE_MISMATCH", "fighter.moves",
                        f"{kept} of {len(seq.predecessor_moves)} old moves re-acquired; the Director asks for "
                        f"{seq.required_move_share:.0%}.")


# ── Derived values (digest §1.6, §3) ────────────────────────────────────────────────────────────────


def derive(s: Sheet) -> Derived:
    f, camp, row = s.f, s.camp, s.row
    glory_pl = pl_from_glory(f.glory) if f.glory is not None else None
    effective = s.pl
    if s.glory_mode and glory_pl is not None and s.pl <= 8:
        effective = min(s.pl, glory_pl)
    to_next = None
    if s.glory_mode and f.glory is not None and s.pl < 8:
        threshold = dict(GLORY_THRESHOLDS)[s.pl + 1]
        to_next = max(threshold - f.glory, 0)
    bq = f.basic_qualities
    split = f.speed_allocation
    strength = min(max(bq.strength, -3), 3)
    b = f.combat_bonuses
    effective_bonus = BonusValues(**{c: max(getattr(b, c).regular, 0) + max(getattr(b, c).purchased, 0)
                                     for c in ("accuracy", "control", "damage", "defense")})
    return Derived(
        power_level_from_glory=glory_pl,
        effective_power_level=effective,
        glory_to_next_pl=to_next,
        life_bar=s.life_bar,
        fighting_spirit=s.fighting_spirit,
        full_defense_bonus=row.full_defense,
        stun_threshold=s.pl + 4 + (1 if "big" in s.held else 0),  # 000 L5974, L1078
        det_cap=row.det,
        skill_cap=min(3 * s.pl, 10),
        super_moves_min=1 if camp.super_moves_enabled and s.pl >= 3 else 0,
        super_moves_max=row.super_moves if camp.super_moves_enabled else 0,
        super_moves_owned=s.supers_owned,
        super_energy_max=30 if s.three_tier else 10,
        combat_bonus_total=row.combat_bonuses,
        combat_bonus_max_single=row.combat_bonus_max_single,
        combat_bonus_effective=effective_bonus,
        fs_spend_limit_per_application=effective,
        defense_total_fs_surcharge=1 if "tall" in s.held else 0,  # 000 L1341, L1355
        style_change_fs_cost=2 if "multiple_styles" in s.held else None,  # 000 L5047–L5053
        max_control=12 + min(effective, s.fighting_spirit) + effective_bonus.control,  # 000 L5700–L5702
        initiative_die=str(Die(D6).shifted(split.initiative if split else 0)),
        control_die=str(Die(D6).shifted(split.control if split else 0)),
        basic_move_damage_die=str(Die(D4).shifted(strength)),
        special_move_damage_die=str(Die(D6).shifted(strength)),
        super_move_damage_die=str(Die(D8).shifted(strength)),
        incoming_damage_die_shift=-bq.stamina,
        fame_skill=3 * s.takes["fame"],
        wealth_skill=3 * s.takes["wealth"],
        quality_slots=s.quality_slots,
        qualities_held=s.qualities_held,
        quality_exchanges=len(f.quality_exchanges),
        weakness_equivalents=s.weakness_equivalents,
        style_flaws=s.style_flaws,
        free_style_flaws=s.free_style_flaws,
        budgets=Budgets(combat_skill_points=s.csp, narrative_skill_points=s.nsp, move_points=s.mp),
        skill_check_bonuses=skill_check_bonuses(s),
    )


_FLAT_BONUSES: dict[str, tuple[tuple[str, int], ...]] = {  # digest §3.12
    "alertness": (("perception checks", 2),),
    "charming": (("interaction", 1),),
    "intimidating": (("frighten or coerce", 2),),
    "tall": (("intimidate", 1),),
    "reputation": (("interaction where the reputation helps", 1),),
    "gun_expert": (("firearms checks", 3),),
    "weapon_expert": (("melee weapon checks", 3),),
    "dull_personality": (("interaction", -1),),
    "fearsome_appearance": (("interaction", -1), ("lost_in_the_crowd", -4), ("frighten", 1)),
    "oblivious": (("perception checks", -1),),
    "fixation": (("checks unrelated to the fixation", -1),),
    "annoying_voice": (("interaction", -1),),
    "interesting_appearance": (("interaction once its condition is met", 1),),
}


def skill_check_bonuses(s: Sheet) -> list[SkillCheckBonus]:
    out: list[SkillCheckBonus] = []
    held, takes = s.held, s.takes
    per_skill: Counter[str] = Counter()
    sources: dict[str, set[str]] = defaultdict(set)
    for q in s.qualities:
        t = q.trait
        if t is None:
            continue
        p = q.take.params
        if t.id in ("friend", "sensei", "pet") and len(p.skills) >= 2:
            first, second = (2, 1) if t.id != "pet" else (1, 1)
            for sk, bonus in zip(p.skills[:2], (first, second), strict=True):
                per_skill[normalise(sk)] += bonus
                sources[normalise(sk)].add(t.name)
        elif t.id == "powerful_item" and p.skill:
            key = normalise(p.skill)
            base = 1 if key in ("magic", "psychic", "gadgeteering", "power") else 2
            per_skill[key] += base if not any(normalise(x) == key for x in sources.get(f"item:{key}", ())) else 1
            sources[f"item:{key}"].add(key)
            sources[key].add(t.name)
    for key, bonus in sorted(per_skill.items()):
        out.append(SkillCheckBonus(applies_to=key, bonus=bonus, source=", ".join(sorted(sources[key]))))
    if takes["attractive"]:
        n = takes["attractive"]
        out.append(SkillCheckBonus(applies_to="interaction with admirers", bonus=n + (1 if n >= 4 else 0),
                                   source="Attractive"))
    if takes["distracting"]:
        out.append(SkillCheckBonus(applies_to="interaction with admirers", bonus=min(takes["distracting"], 2),
                                   source="Distracting"))
    if "genius" in held or "intelligent" in held:
        out.append(SkillCheckBonus(applies_to="intellect checks", bonus=4 if "genius" in held else 2,
                                   source="Genius" if "genius" in held else "Intelligent"))
    if "thick" in held or "unintelligent" in held:
        out.append(SkillCheckBonus(applies_to="intellect checks", bonus=-3 if "thick" in held else -2,
                                   source="Thick" if "thick" in held else "Unintelligent"))
    if "ugly" in held or "unattractive" in held:
        out.append(SkillCheckBonus(applies_to="interaction with admirers", bonus=-3 if "ugly" in held else -1,
                                   source="Ugly" if "ugly" in held else "Unattractive"))
    if "ugly" in held:
        out.append(SkillCheckBonus(applies_to="frighten", bonus=1, source="Ugly"))
    if "bad_reputation" in held and takes["fame"]:
        out.append(SkillCheckBonus(applies_to="fame", bonus=-3, source="Bad Reputation"))
    for ident, items in _FLAT_BONUSES.items():
        if ident in held:
            name = s.cat.trait(ident).name  # type: ignore[union-attr]
            out.extend(SkillCheckBonus(applies_to=a, bonus=b, source=name) for a, b in items)
    return out


# ── Glory and skill-check formulas (digest §3.11, §2.12; pure helpers for the calculators) ─────────────


def move_glory(level: int, increased_glory: int = 0, poorly_drawn: bool = False, styles: int = 1,
               cross_style: bool = False, borrowed: bool = False) -> int:
    """Glory for the first hit with a move in a fight (000 L786, L1469, L3548, L5060–L5062, L5153)."""
    if borrowed:
        return 1
    glory = max(level + 2 * increased_glory - (1 if poorly_drawn else 0), 0)
    if styles > 1 and not cross_style:
        glory = math.ceil(glory / styles)  # modifiers first, then divided by the non-empty styles
    return glory


def first_hit_glory(hits: Iterable[tuple[str, int, bool]]) -> int:
    """Glory of a fight's move uses ``(move, level, hit)``: a move pays on its first hit only; misses pay
    nothing and do not use it up (000 L786)."""
    paid: set[str] = set()
    total = 0
    for name, level, hit in hits:
        if hit and name not in paid:
            paid.add(name)
            total += level
    return total


def combo_glory(hits: int, first_use_glory: Iterable[int] = (), poorly_drawn: bool = False,
                consecutive_turn: int = 1) -> int:
    """A Combo that hits: half its moves rounded up, plus first-use move Glory inside it, plus k − 1 on the
    k-th uninterrupted Combo turn (000 L790–L800; Poorly Drawn −1, ruling A-39)."""
    base = max(math.ceil(hits / 2) - (1 if poorly_drawn else 0), 0)
    return base + sum(first_use_glory) + max(consecutive_turn - 1, 0)


def unequal_power_level_glory(glory: int, own_pl: int, other_pl: int) -> int:
    """One-on-one against a lower-PL Fighter: Glory × lower / higher, rounded half up (000 L806; ruling A-21)."""
    if own_pl <= other_pl:
        return glory
    return math.floor(glory * other_pl / own_pl + 0.5)


def action_sequence_glory(action_goal: int, difficulty: int) -> int:
    """Standard Action Sequence: Goal × DL ÷ 10, rounded off normally (000 L2010–L2012)."""
    return math.floor(action_goal * difficulty / 10 + 0.5)


def standard_action_sequence(action_goal: int, difficulty: int,
                             checks: Iterable[tuple[int, bool]]) -> tuple[bool | None, int]:
    """Resolve ``(total, skill on the list)`` checks against one DL (+4 off the list): won after Goal successes,
    lost after half the Goal in failures (000 L1972). Returns (won, rolls used); won is None if undecided."""
    successes = failures = rolls = 0
    for total, on_list in checks:
        rolls += 1
        if total >= difficulty + (0 if on_list else 4):
            successes += 1
        else:
            failures += 1
        if successes >= action_goal:
            return True, rolls
        if failures >= action_goal / 2:
            return False, rolls
    return None, rolls


def fame_gamble(award: int, achieved: bool) -> int:
    """A pre-declared Glory award: doubled when achieved, −3 otherwise (000 L1172–L1174; one per Fame take,
    ruling A-41)."""
    return 2 * award if achieved else -3


def skill_check(level: int, roll: int, difficulty: int, bonus: int = 0, optional_results: bool = False,
                second_roll: int | None = None) -> str:
    """1d10 + Skill (+ bonus) against a DL (000 L1641–L1644); with the optional rule an exact hit is a mixed
    success, and a confirming 10 or 1 makes a critical or a fumble (000 L1673–L1681)."""
    total = roll + level + bonus
    if optional_results:
        if total == difficulty:
            return "mixed"
        if roll == 10 and second_roll == 10 and total > difficulty:
            return "critical"
        if roll == 1 and second_roll == 1 and total < difficulty:
            return "fumble"
    return "success" if total >= difficulty else "failure"


def cannot_fail(level: int, difficulty: int, bonus: int = 0) -> bool:
    """Even a roll of 1 succeeds (000 L1659)."""
    return 1 + level + bonus >= difficulty


def stance_evaluation_questions(result: int) -> int:
    """One yes/no question about the opponent's Elements per full 4 points (000 L1904–L1906)."""
    return max(result, 0) // 4


def realize_potential_level(result: int) -> int:
    """Level of the free Special Move a Realize Potential check can yield (000 L1888)."""
    return math.ceil(max(result, 0) / 3)


def theme_music_recoveries(time_count: int, start: int = 99) -> int:
    """FS regained by Theme Music once the count has fallen to ``time_count`` (000 L1347–L1357)."""
    return max(start - time_count, 0) // 10


# ── Entry point ─────────────────────────────────────────────────────────────────────────────────────


def _new_sheet(request: FighterRequest, cat: CharacterCatalog, mcat: Catalog) -> Sheet:
    f, camp = request.fighter, request.campaign
    pl = min(max(f.power_level, 1), 10)
    s = Sheet(f=f, camp=camp, cat=cat, mcat=mcat, found=Findings(), pl=pl, budget_pl=min(pl, 8),
              row=cat.power_levels[pl])
    s.moves = [MoveState(i, m, f"fighter.moves[{i}]") for i, m in enumerate(f.moves)]
    for st in sorted(f.styles, key=repr):
        s.styles.setdefault(st.name, st)
    bases = [st.name for st in f.styles if st.is_base]
    s.base_style = bases[0] if len(bases) == 1 else None
    return s


def validate_fighter(request: FighterRequest, cat: CharacterCatalog | None = None,
                     mcat: Catalog | None = None) -> FighterValidation:
    """Validate one Fighter: every broken rule at once, the derived values and every move's price."""
    s = _new_sheet(request, cat or character_catalog(), mcat or catalog())
    resolve_traits(s)
    s.three_tier = request.campaign.super_move_system is SuperMoveSystem.three_tier or any(
        q.trait is not None and q.trait.id == "technique"
        and normalise(q.take.params.subject or "") == THREE_TIER_TECHNIQUE for q in s.qualities)
    # 4.A, 4.B
    check_power_level_and_glory(s)
    check_basic_qualities(s)
    # moves are priced first: several trait and skill rules look at them
    price_moves(s)
    map_move_findings(s)
    # 4.C
    check_quality_slots(s)
    check_quality_exchanges(s)
    check_trait_repeats(s)
    check_trait_combinations(s)
    check_trait_params(s)
    check_trait_timing(s)
    check_even_levels(s)
    check_director_and_campaign_traits(s)
    # 4.D, 4.J budgets
    check_skill_names_and_caps(s)
    check_det(s)
    check_skill_history(s)
    check_skill_budgets(s)
    # 4.E
    check_combat_bonuses(s)
    # 4.F, 4.G
    check_move_points(s)
    check_move_list(s)
    check_duplicates_and_identity(s)
    check_move_references(s)
    check_free_moves(s)
    check_styles(s)
    check_super_moves(s)
    # 4.H, 4.I, 4.L
    check_life_and_spirit(s)
    check_story_points(s)
    check_advisories(s)
    found = s.found
    for code, missing in sorted(found.skipped.items()):
        found.add("HISTORY_UNAVAILABLE", f"history.{code}",
                  f"{code} was skipped (or only partly checked): it needs {missing}.")
    return FighterValidation(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not found.violations,
        violations=found.violations,
        warnings=found.warnings,
        info=found.info,
        unsupported=[UnsupportedRule(code=c, reason=r) for c, r in sorted(UNSUPPORTED.items())],
        derived=derive(s),
        moves=[_move_answer(m) for m in s.moves],
    )


def _move_answer(m: MoveState) -> FighterMovePrice:
    """The moves core's own answer for the move (``price_data``, the fields of ``MovePrice``) plus the Fighter's
    charge, validated once."""
    price = m.price or _blank_price(m.move.name, m.move.level, legal=False)
    return FighterMovePrice.model_validate({**price, "index": m.index, "kind": m.move.kind,
                                            "command": m.move.command, "charged_move_points": m.charged},
                                           context=BUILT)


def _blank_price(name: str | None, level: int, legal: bool) -> dict:
    """A stat block with nothing priced: Command Moves, and moves the core could not price."""
    return {"ruleset": RULESET, "ruleset_version": VERSION, "name": name, "type": MoveType.special, "level": level,
            "legal": legal, "violations": [], "warnings": [], "info": [], "unsupported": [], "element_slots": 0,
            "liability_slots": 0, "elements_spent": 0, "unused_slots": 0, "move_points": 0, "control": level,
            "glory": 0, "accuracy": 0, "accuracy_vs": {"defense": 0, "evasion": 0, "tactics": 0}, "damage": None,
            "keywords": [], "combo_keywords": [], "range": None, "super_energy_cost": None, "entries": []}

