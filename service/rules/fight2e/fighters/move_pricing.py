"""Every move on the sheet priced by the moves core, its findings mapped to Fighter codes, and
what each entry charges the Fighter."""

from __future__ import annotations

import re
from collections import defaultdict

from ..catalogue.character_catalog import normalise
from ..identity import RULESET, VERSION
from ..moves.models import BUILT, Campaign, FighterContext, MoveRequest, MoveType, TechniqueOption
from ..moves.price import price_data
from .fighter_models import FighterMovePrice, FreeSource
from .sheet import MoveState, Sheet

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


# ── Moves: pricing (every move priced by the moves core) ────────────────────────────────────────────


def moves_campaign(s: Sheet) -> Campaign:
    camp = s.camp
    return Campaign(
        supers=camp.super_moves_enabled,
        super_stun=camp.super_stun,
        three_tier_supers=s.three_tier,
        attack_strings=camp.attack_strings_enabled,
        throws_blockable=camp.throws_blockable,
        free_basic_throws=camp.free_basic_throws,
        charge_moves_must_be_l3=camp.charge_moves_must_be_l3,
        wall_springs=camp.wall_springs,
        sidestep=camp.sidestep,
        tag_team=camp.tag_team,
        transformations=camp.transformations_enabled,
        breakfall=camp.breakfall,
        tech_roll=camp.tech_roll,
        dash=camp.dash,
        denied=list(camp.denied_entries),
    )


def move_context(s: Sheet, m: MoveState, receiving: int | None) -> FighterContext:
    f = s.f
    n_styles = max(len(s.styles), 1) if s.takes["multiple_styles"] else 1
    style = s.styles.get(m.move.style or "") if m.move.style else None
    at = s.acq(m.move.acquired_at_pl) or (1 if m.move.free_source is FreeSource.basic_throw else f.power_level)
    key = (
        min(max(at, 1), 10),
        min(receiving, 10) if receiving and n_styles > 1 else None,
        m.move.cross_style and n_styles > 1,
        not m.move.style or m.move.style == s.base_style or n_styles == 1,
        style.harder_command_move if style else 0,
    )
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
            techniques=sheet_techniques(s),
        )
    return ctx


# What a Technique Quality's rule may be called on the sheet, for each campaign option it can grant one Fighter
# (000 L1343, L2042; Wall Springs L2103, L3701; Dash L2175; Sidestep L2219).
TECHNIQUE_NAMES: dict[str, TechniqueOption] = {
    "wall_spring": TechniqueOption.wall_springs,
    "wall_springs": TechniqueOption.wall_springs,
    "sidestep": TechniqueOption.sidestep,
    "sidesteps": TechniqueOption.sidestep,
    "dash": TechniqueOption.dash,
    "dashes": TechniqueOption.dash,
    "dashes_and_back_dashes": TechniqueOption.dash,
}


def sheet_techniques(s: Sheet) -> list[TechniqueOption]:
    """The campaign options the sheet's Technique Qualities give the Fighter (their rule named as ``subject``)."""
    found = {
        TECHNIQUE_NAMES.get(normalise(q.take.params.subject or ""))
        for q in s.qualities
        if q.trait is not None and q.trait.id == "technique"
    }
    return sorted(t for t in found if t is not None)


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
                name=mv.name[:120] if mv.name else None,
                type="super" if m.is_super else "special",
                level=mv.level,
                elements=mv.elements,
                liabilities=mv.liabilities,
                free_throw=mv.free_source is FreeSource.basic_throw,
                tier=mv.tier,
                fighter=move_context(s, m, receiving),
                campaign=campaign,
            )
            m.price = price_data(req, s.mcat)
    for m in s.moves:
        if not m.bought:
            _price_command_move(s, m)
    _charge_moves(s)


def _price_command_move(s: Sheet, m: MoveState) -> None:
    ident = normalise(m.move.command or "")
    fixed = s.mcat.fixed_moves.get(ident)
    if fixed is None or fixed.kind != "command":
        s.found.add(
            "COMMAND_MOVE_INVALID",
            f"{m.path}.command",
            f"'{m.move.command}' is not a Command Move of the book"
            + ("; Basic Moves are never bought." if fixed is not None else "."),
        )
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
        "move_points": fixed.move_points,
        "control": fixed.control,
        "accuracy": fixed.accuracy or 0,
        "accuracy_vs": dict.fromkeys(("defense", "evasion", "tactics"), fixed.accuracy or 0),
        "keywords": list(fixed.keywords),
        "combo_keywords": list(fixed.combo),
    }


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
            mv.tier_group and m.is_super and top_of[mv.tier_group] is not m
        )

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
            s.found.add(
                "SUPER_MOVE_KNOCKS_DOWN", f"{m.path}.elements", f"{m.label}: a Super Move has Knocks Down for free."
            )


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
    if v["code"] == "CAMPAIGN_OPTION_REQUIRED" and "supers" in entry.requires.campaign:
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


def _move_answer(m: MoveState) -> FighterMovePrice:
    """The moves core's own answer for the move (``price_data``, the fields of ``MovePrice``) plus the Fighter's
    charge, validated once."""
    price = m.price or _blank_price(m.move.name, m.move.level, legal=False)
    return FighterMovePrice.model_validate(
        {**price, "index": m.index, "kind": m.move.kind, "command": m.move.command, "charged_move_points": m.charged},
        context=BUILT,
    )


def _blank_price(name: str | None, level: int, legal: bool) -> dict:
    """A stat block with nothing priced: Command Moves, and moves the core could not price."""
    return {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "name": name,
        "type": MoveType.special,
        "level": level,
        "legal": legal,
        "violations": [],
        "warnings": [],
        "info": [],
        "unsupported": [],
        "element_slots": 0,
        "liability_slots": 0,
        "elements_spent": 0,
        "unused_slots": 0,
        "move_points": 0,
        "control": level,
        "glory": 0,
        "accuracy": 0,
        "accuracy_vs": {"defense": 0, "evasion": 0, "tactics": 0},
        "damage": None,
        "damage_with_perfect_hit": None,
        "keywords": [],
        "combo_keywords": [],
        "range": None,
        "super_energy_cost": None,
        "entries": [],
    }
