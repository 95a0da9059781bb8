"""What the resolver reads from a Fighter's sheet: his combat numbers and every move's combat profile.

The sheet is validated by Fighter validation (``validate_fighter``), which also prices every move with the moves
core; this module turns that answer into plain, read-only figures. Validation is pure, so its answer is memoised
by the sheet's and the options' full JSON (a bounded in-process table): the same request always gives the same
profile, whatever came before it.
"""

from __future__ import annotations

import re

from ....dice import Die, die
from ....memo import Table, canonical
from ...catalogue.catalog import catalog
from ...catalogue.records import MoveRecord
from ...catalogue.sheet_records import ChargePool
from ...catalogue.table_records import Reload, ReloadRule
from ...fighters import validate_fighter
from ...fighters.fighter_models import Fighter, FighterCampaign, FighterRequest, SuperMoveSystem
from ...moves.models import MovePrice
from ..contract.models import CombatOptions, ResponseKind
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import (
    FIGHTING_SPIRIT,
    FULL_DEFENSE,
    LIFE_BAR,
    MOVE_TRAITS,
    PROJECTILE_LIMITS,
    RANGES,
    RESPONSE_ELEMENTS,
    AccuracyPart,
    MoveProfile,
    MoveTrait,
    Profile,
    command_move,
)
from . import elements
from .points import accuracy_table, at_turn_points


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def move_id(index: int, move_id_: str | None, name: str | None) -> str:
    return move_id_ or (_slug(name) if name and _slug(name) else f"move{index + 1}")


def _part(entry: str, times: int, combo: frozenset[str], throws_unblockable: bool) -> AccuracyPart | None:
    """The entry's share of the move's Accuracy from its Accuracy records; None when it has none that count."""
    found = accuracy_table(catalog().records.get(entry, ()), times, throws_unblockable)
    return None if found is None else AccuracyPart(entry, found[0], combo, found[1])


def _accuracy_parts(price: MovePrice, throws_unblockable: bool) -> tuple[AccuracyPart, ...]:
    found = (_part(e.id, e.times, frozenset(e.combo), throws_unblockable) for e in price.entries)
    return tuple(p for p in found if p is not None)


def _records(price: MovePrice) -> tuple[MoveRecord, ...]:
    cat = catalog()
    return tuple(
        MoveRecord(e.id, e.times, r) for e in price.entries for r in cat.records.get(e.id, ()) if at_turn_points(r)
    )


def _responses(keywords: frozenset[str], entries: dict[str, int]) -> frozenset[str]:
    out = {k.split(":", 1)[1] for k in keywords if k.startswith("defensive_response:")}
    out |= {kind.value for kind in RESPONSE_ELEMENTS.grants(entries)}
    return frozenset(out)


def _indirect(
    responses: frozenset[str], entries: dict[str, int], options: dict[str, dict[str, object]]
) -> frozenset[str]:
    """An Indirect blast is no Ranged Response unless bought with the extra Element (000 L4041)."""
    for entry, limit in PROJECTILE_LIMITS.found(entries):
        bought = str(options.get(entry, {}).get("usable_as_ranged_response") or "no") == "yes"
        if not limit.own_ranged_response and not bought:
            return responses - {ResponseKind.ranged}
    return responses


def _basic(
    ident: str,
    name: str,
    level: int,
    keywords: tuple[str, ...],
    combo: tuple[str, ...],
    entries: dict[str, int] | None = None,
    parts: tuple[AccuracyPart, ...] = (),
) -> MoveProfile:
    kws = frozenset(keywords)
    return MoveProfile(
        id=ident,
        name=name,
        kind="basic",
        level=level,
        keywords=kws,
        combo_keywords=frozenset(combo),
        range=(0, 2),
        accuracy_parts=parts,
        damage_step=-1,
        min_roll=1,
        flat_bonus=0,
        stun_bonus=0,
        ki_based=False,
        glory=0,
        se_cost=0,
        entries=dict(entries or {}),
        options={},
        responses=_responses(kws, {}),
        path=f"basic:{ident}",
    )


def _carried(elements: tuple[str, ...]) -> tuple[dict[str, int], tuple[AccuracyPart, ...]]:
    """A fixed move's Elements (its catalogue data), once each, and their shares of its Accuracy."""
    entries = catalog().entries
    found = (_part(e, 1, frozenset(kw.entry_combo if (kw := entries[e].keywords) else ()), False) for e in elements)
    return dict.fromkeys(elements, 1), tuple(p for p in found if p is not None)


BASIC_MOVE = _basic(
    "basic_move",
    "Basic Move",
    1,
    ("defensive_response:basic", "knockback", "mobile", "normal", "normal_move", "offensive", "standard_range", "stun"),
    ("basic",),
)  # 000 L2088–L2090 (Normal Move and Mobile: the Basic Move may also jump 2)
SWEEP = _basic(
    "sweep",
    "Sweep",
    2,
    (
        "defensive_response:basic",
        "knockback",
        "knocks_down",
        "normal",
        "normal_move",
        "offensive",
        "standard_range",
        "stun",
    ),
    ("basic", "ender"),
    *_carried(catalog().fixed_moves["sweep"].elements),
)  # 000 L2109–L2123
PURSUIT_ATTACK = _basic(
    "pursuit_attack",
    "Pursuit Attack",
    1,
    ("defensive_response:basic", "mobile", "normal", "offensive", "standard_range", "stun"),
    ("basic", "ender"),
)  # 000 L2147–L2163


# How a Limited Use pool is refilled when not by the Reload Command Move (000 L4632–L4642), from the entries' records.
RELOADS: EntryTable[Reload] = of_records("reloads", ReloadRule, lambda found: found[0].reload)
# The Limited Use pool a move draws on and how it is refilled, as its entry's design options name them.
POOLS: EntryTable[ChargePool] = of_records("charge_pools", ChargePool, lambda found: found[0])


# The Reload Element (the entry whose ``trait`` record is Reload): the Command Move is used as a move carrying it.
_RELOADER = min(e for e, roles in MOVE_TRAITS.items() if MoveTrait.reload in roles)


def reload_commands(moves: dict[str, MoveProfile]) -> dict[str, MoveProfile]:
    """The L1 Reload Command Move (Utility, Normal Move, No Combo) for every Limited Use pool refilled that way:
    3 charges back (000 L4602, L4644). Declared as `reload:<pool>`."""
    out: dict[str, MoveProfile] = {}
    for m in moves.values():
        pools = POOLS.found(m.entries)  # its charge pool's design options (``charge_pool``, 000 L4603)
        entry, pool = pools[0] if pools else ("", None)
        chosen = m.options.get(entry, {})
        method = str((chosen.get(pool.reload) if pool is not None else None) or "reload_command_move")
        if (
            not m.trait(MoveTrait.limited_use)
            or method != "reload_command_move"
            or RELOADS.first(m.entries) is not None
        ):
            continue
        name = str((chosen.get(pool.pool) if pool is not None else None) or m.id)
        ident = f"reload:{name}"
        out.setdefault(
            ident,
            command_move(
                ident,
                f"Reload ({name})",
                1,
                ("normal_move", "utility"),
                ("no_combo",),
                options={_RELOADER: {"pool": name}},
                entries={_RELOADER: 1},
            ),
        )
    return out


# Entries taken once per Element their design option names (``once_per`` an ``entry`` option: Perfect Hit guards one
# Element each, 000 L4745–L4753), the option's name.
_ONCE_PER_ELEMENT = {
    e.id: e.once_per
    for e in catalog().entries.values()
    if e.once_per and any(o.name == e.once_per and o.type == "entry" for o in e.options)
}


def _each_named(choices) -> dict[str, dict[str, list[str]]]:
    """For an entry taken several times, one per Element it names: every name, under the option's plural (each
    instance rolled for its own Element)."""
    named: dict[str, list[str]] = {}
    for c in choices:
        option = _ONCE_PER_ELEMENT.get(c.id)
        if option is not None:
            named.setdefault(c.id, []).append(str(c.options.get(option)))
    return {i: {f"{_ONCE_PER_ELEMENT[i]}s": n} for i, n in named.items() if len(n) > 1}


def _move_profile(index: int, sheet_move, price: MovePrice, throws_unblockable: bool) -> MoveProfile:
    kind = sheet_move.kind.value if hasattr(sheet_move.kind, "value") else str(sheet_move.kind)
    keywords = frozenset(price.keywords)
    entries = {e.id: e.times for e in price.entries}
    options = {c.id: dict(c.options) for c in [*sheet_move.elements, *sheet_move.liabilities]}
    for ident, named in _each_named(sheet_move.liabilities).items():
        options[ident] = {**options[ident], **named}
    rng = next((r for k, r in RANGES.items() if k in keywords), None)
    if "fixed_range" in keywords:
        rng = None
    damage_step = None
    min_roll, flat, stun_bonus, ki_based = 1, 0, 0, False
    # The whole move: a Perfect Hit sets its Element aside only when its roll fails (perfect_hit.py).
    damage = price.damage_with_perfect_hit or price.damage
    if damage is not None and "no_damage" not in keywords and "utility" not in keywords:
        damage_step = die(damage.die).step - Die(3).step
        min_roll, flat, stun_bonus = damage.minimum_roll, damage.flat_bonus, damage.stun_bonus
        ki_based = damage.based_on == "ki"
    ident = move_id(index, sheet_move.id, sheet_move.name)
    return MoveProfile(
        id=ident,
        name=sheet_move.name or ident,
        kind=kind,
        level=price.level or sheet_move.level,
        keywords=keywords,
        combo_keywords=frozenset(price.combo_keywords),
        range=rng,
        accuracy_parts=_accuracy_parts(price, throws_unblockable),
        damage_step=damage_step,
        min_roll=min_roll,
        flat_bonus=flat,
        stun_bonus=stun_bonus,
        ki_based=ki_based,
        glory=price.glory,
        se_cost=price.super_energy_cost or (10 * sheet_move.tier if kind == "super" else 0),
        entries=entries,
        options=options,
        responses=_indirect(_responses(keywords, entries), entries, options),
        path=f"moves[{index}]",
        records=_records(price),
    )


def _quality_ids(sheet: Fighter) -> frozenset[str]:
    return frozenset(_slug(q.id) for q in sheet.qualities)


def _campaign(options: CombatOptions) -> FighterCampaign:
    return FighterCampaign(
        throws_blockable=not options.throws_unblockable,
        super_stun=options.super_moves_do_stun,
        super_move_system=SuperMoveSystem.three_tier if options.super_tiers else SuperMoveSystem.single_tier,
        breakfall=options.breakfall,
        tech_roll=options.tech_roll,
        dash=options.dash,
        sidestep=options.sidestep,
        wall_springs=options.wall_springs,
        transformations_enabled=options.transformations,
        tag_team=options.tag_team,
    )


def build_profile(sheet: Fighter, options: CombatOptions) -> Profile:
    answer = validate_fighter(FighterRequest(fighter=sheet, campaign=_campaign(options)))
    d = answer.derived
    pl = sheet.power_level
    invalid_pl = not 1 <= pl <= 8
    chart_pl = min(max(pl, 1), 8)
    bq = sheet.basic_qualities
    split = sheet.speed_allocation
    skills = sheet.combat_skills
    bonus = d.combat_bonus_effective
    qualities = _quality_ids(sheet)
    moves: dict[str, MoveProfile] = {BASIC_MOVE.id: BASIC_MOVE}
    if options.sweeps:
        moves[SWEEP.id] = SWEEP
    if options.pursuit_attacks:
        moves[PURSUIT_ATTACK.id] = PURSUIT_ATTACK
    priced = {m.index: m for m in answer.moves}
    for i, sheet_move in enumerate(sheet.moves):
        price = priced.get(i)
        if price is None:
            continue
        mp = _move_profile(i, sheet_move, price, options.throws_unblockable)
        moves.setdefault(mp.id, mp)
    for ident, cmd in reload_commands(moves).items():
        moves.setdefault(ident, cmd)
    for ident, cmd in elements.commands(moves, options):  # Recover Prop, Detonate, Trigger, Combo Switch …
        moves.setdefault(ident, cmd)
    problems = tuple(dict.fromkeys(v.code for v in answer.violations))
    return elements.built(
        Profile(
            pl=chart_pl,
            strength=bq.strength,
            speed=bq.speed,
            speed_init=split.initiative if split else bq.speed,  # no split given: all of Speed on Initiative
            speed_ctrl=split.control if split else 0,
            stamina=bq.stamina,
            defense=max(skills.defense, 0),
            evasion=max(skills.evasion, 0),
            tactics=max(skills.tactics, 0),
            combo=max(skills.combo, 0) + sheet.combo_from_move_points,
            ki=max(skills.ki, 0),
            acc_bonus=bonus.accuracy,
            ctrl_bonus=bonus.control,
            dmg_bonus=bonus.damage,
            def_bonus=bonus.defense,
            response_bonus={_slug(r.response): max(r.bonus, 0) for r in sheet.defensive_response_bonuses},
            life_max=d.life_bar or LIFE_BAR[chart_pl],
            fs_max=d.fighting_spirit or FIGHTING_SPIRIT[chart_pl],
            full_defense_bonus=FULL_DEFENSE[chart_pl],
            stun_base=chart_pl + 4 + (1 if "big" in qualities else 0),  # 000 L5974, L1078 (digest R1)
            qualities=qualities,
            moves=moves,
            has_supers=any(m.is_super for m in moves.values()),
            sheet_problems=problems,
            invalid_pl=invalid_pl,
        ),
        sheet,
    )


# A profile weighs about 4.5 times its key (the sheet's and options' JSON) with the key: measured with tracemalloc.
_MEMO: Table[str, Profile] = Table("fight2e.combat.profile", max_bytes=16 * 2**20, weight=6)


def profile(sheet: Fighter, options: CombatOptions) -> Profile:
    """The sheet's profile, memoised by the whole sheet and the whole of the campaign options: both are read (the
    pricing campaign, the Basic Moves the options add, Tag Team's Combo Switch …), so the key is their full dumps."""
    key = canonical(sheet, options)
    found = _MEMO.get(key)
    if found is not None:
        return found
    built = build_profile(sheet, options)
    _MEMO.put(key, built)
    return built
