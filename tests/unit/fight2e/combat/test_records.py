"""Entries' typed combat records (``rules:`` in the catalogue data): validated when the catalogue loads, collected
per move, applied at their points. Every expected figure is worked out from the book line cited beside it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from service.rules.fight2e.catalogue.catalog import CatalogError, catalog, load_catalog
from service.rules.fight2e.catalogue.records import (
    DEFENCE_OPTIONS,
    PROFILE_KINDS,
    Denies,
    DieShiftNextTurn,
    Family,
    Knockback,
    Lasting,
    Misfire,
    Modifier,
    MoveRecord,
    Point,
    Priced,
    Record,
    UseLock,
)
from service.rules.fight2e.catalogue.sheet_records import SHEET_KINDS
from service.rules.fight2e.catalogue.table_records import TABLE_KINDS
from service.rules.fight2e.combat.contract.codes import CODES
from service.rules.fight2e.combat.registry import points
from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED, applied_entries

from ..catalogue.test_catalog import GOOD_ENTRY
from .support import A_FIRST, attack, duel, sheet, st

# ── loading and validation ────────────────────────────────────────────────────────────────────────


def _load(tmp_path: Path, extra: str) -> None:
    (tmp_path / "10-sample.yaml").write_text("entries:" + GOOD_ENTRY + extra, encoding="utf-8")
    load_catalog(tmp_path)


GOOD_RULES = {
    "knockback": "    rules:\n      - {kind: knockback, ranges: 2, when: {place: last}}\n",
    "a raised cap": (
        "    options:\n      - {name: o, choices: [{value: v}, {value: w}]}\n"
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 2}, {value: w, times: 3}]}}\n"
    ),
    "die shift": "    rules:\n      - {kind: die_shift_next_turn, steps: -1, who: target, stacking: replace}\n",
    "labelled accuracy": (
        "    rules:\n      - {kind: modifier, point: accuracy, amount: 1, label: near,\n"
        "         when: {distance: {long: [0, 2], reach: [0, 1]}}}\n"
    ),
}

BAD_RULES = {
    "unknown kind": "    rules:\n      - {kind: teleport, ranges: 2}\n",
    "not a list": "    rules: {kind: knockback, ranges: 2}\n",
    "wrong type": "    rules:\n      - {kind: knockback, ranges: two}\n",
    "out of bounds": "    rules:\n      - {kind: knockback, ranges: 9}\n",
    "unknown field": "    rules:\n      - {kind: knockback, ranges: 2, colour: red}\n",
    "defense total without its lasting effect": (
        "    rules:\n      - {kind: modifier, point: defense_total, amount: 4, label: up}\n"
    ),
    "damage step with a condition": (
        "    rules:\n      - {kind: modifier, point: damage_step, amount: -1, when: {place: last}}\n"
    ),
    "lasting modifier without a start": (
        "    rules:\n      - {kind: modifier, point: defense_total, amount: 4, label: up, when: {lasting: true}}\n"
    ),
    "use lock without a start": (
        "    rules:\n      - {kind: use_lock, allows: {any_entries: [aerial]}, code: X_LOCKED, message: m, ref: r}\n"
    ),
    "knockback by distance": (
        "    rules:\n      - {kind: knockback, ranges: 2, when: {distance: {long: [0, 1], reach: [0, 1]}}}\n"
    ),
    "blocked damage without options": "    rules:\n      - {kind: modifier, point: blocked_damage, amount: 1}\n",
    "denies nothing": "    rules:\n      - {kind: denies, options: []}\n",
    "family without versions": "    rules:\n      - {kind: family}\n",
    "denies an unknown option": "    rules:\n      - {kind: denies, options: [roll_away]}\n",
    "priced figure the entry lacks": "    rules:\n      - {kind: priced, figures: [glory]}\n",
    "priced nothing": "    rules:\n      - {kind: priced, figures: []}\n",
    "misfire that always fails": (
        "    rules:\n      - {kind: misfire, sides: 6, fails_at_most: 6, purpose: p, note: n, ref: r}\n"
    ),
    "misfire on an odd die": (
        "    rules:\n      - {kind: misfire, sides: 7, fails_at_most: 1, purpose: p, note: n, ref: r}\n"
    ),
    "unknown point": "    rules:\n      - {kind: modifier, point: glory, amount: 1}\n",
    "unknown place": "    rules:\n      - {kind: knockback, ranges: 2, when: {place: middle}}\n",
    "band runs backwards": (
        "    rules:\n      - {kind: modifier, point: accuracy, amount: 1, label: x,\n"
        "         when: {distance: {long: [3, 1], reach: [0, 1]}}}\n"
    ),
    # pricing prints no Accuracy for the sample, so a record giving it +1 disagrees with the printed move
    "accuracy disagrees with pricing": "    rules:\n      - {kind: modifier, point: accuracy, amount: 1}\n",
    "unlabelled accuracy by range": (
        "    effects: {accuracy: 1}\n"
        "    rules:\n      - {kind: modifier, point: accuracy, amount: 1,\n"
        "         when: {distance: {long: [0, 2], reach: [0, 1]}}}\n"
    ),
    "option the entry lacks": (
        "    rules:\n      - {kind: die_shift_next_turn, steps: 1, roll: {option: bonus_to, default: either}}\n"
    ),
    "trigger default not a choice": (
        "    options:\n      - {name: when, choices: [{value: on_hit}, {value: always}]}\n"
        "    rules:\n      - {kind: die_shift_next_turn, steps: 1, trigger: {option: when, default: on_miss}}\n"
    ),
    "trigger option with a choice no record reads": (
        "    options:\n      - {name: when, choices: [{value: on_hit}, {value: sometimes}]}\n"
        "    rules:\n      - {kind: die_shift_next_turn, steps: 1, trigger: {option: when, default: on_hit}}\n"
    ),
    "roll default not a roll": (
        "    rules:\n      - {kind: die_shift_next_turn, steps: 1, roll: {option: bonus_to, default: speed}}\n"
    ),
    # the Fighter sheet's records read design options too (catalogue/sheet_records.py)
    "names moves through an option the entry lacks": (
        "    rules:\n      - {kind: names_moves, option: target_moves, ref: r}\n"
    ),
    "charge pool without its options": "    rules:\n      - {kind: charge_pool, pool: pool, reload: how, ref: r}\n",
    "needs a move with nothing": "    rules:\n      - {kind: needs_move, entries: [], what: w, ref: r}\n",
    "unknown style role": "    rules:\n      - {kind: style_bound, role: flying, ref: r}\n",
    # rows of the turn's tables (catalogue/table_records.py)
    "unknown reload": "    rules:\n      - {kind: reload_rule, reload: sometimes, ref: r}\n",
    "tag counter paying less than nothing": "    rules:\n      - {kind: tag_counter, super_energy: -1, ref: r}\n",
    "kick moving nothing": "    rules:\n      - {kind: kickable, damage_per_band: 0, ref: r}\n",
    "strike through an unknown response": "    rules:\n      - {kind: strikes_through, response: dodge, ref: r}\n",
    "unknown heal": "    rules:\n      - {kind: drain_heal, heal: everything, ref: r}\n",
    "illusion shift beyond the map": "    rules:\n      - {kind: illusion_shift, fewest: 0, most: 5, ref: r}\n",
    "heal share not an option name": "    rules:\n      - {kind: heals, who: [heals], share: Full Heal, ref: r}\n",
    # flag rows read by the combat's elements (catalogue/table_records.py FLAG_KINDS)
    "unknown powerless role": "    rules:\n      - {kind: powerless, role: sometimes, ref: r}\n",
    "unknown buff limit": "    rules:\n      - {kind: buff_limit, limit: flying, ref: r}\n",
    "unknown hazard use": "    rules:\n      - {kind: hazard_use, use: ignores, ref: r}\n",
    "interrupt doing nothing special": "    rules:\n      - {kind: interrupt_special, specials: [], ref: r}\n",
    "unknown draw": "    rules:\n      - {kind: draw_closer, draws: [push], ref: r}\n",
    "glory rule without a rule": "    rules:\n      - {kind: glory, rules: [], ref: r}\n",
    "unknown super energy rule": "    rules:\n      - {kind: super_energy_rule, rule: doubles, ref: r}\n",
    "banking without its reference": "    rules:\n      - {kind: banking, way: may_hold}\n",
    "power up buying something unknown": "    rules:\n      - {kind: power_up, buys: [life], ref: r}\n",
    "follow-up of an opener not an id": "    rules:\n      - {kind: follow_up, opener: Opening Move, ref: r}\n",
    "made hazard changing nothing": "    rules:\n      - {kind: made_hazard, ref: r}\n",
    "made hazard of an unknown kind": "    rules:\n      - {kind: made_hazard, hazard: lava, ref: r}\n",
    "made hazards too many at once": "    rules:\n      - {kind: made_hazard, at_once: 9, ref: r}\n",
    "charge by a guard naming none": "    rules:\n      - {kind: charge, preparation: guard, need: n, ref: r}\n",
    "charge step naming guards": (
        "    rules:\n      - {kind: charge, preparation: step, need: n, guards: [defense], ref: r}\n"
    ),
    "charge guarded by an unknown block": (
        "    rules:\n      - {kind: charge, preparation: guard, need: n, guards: [parry], ref: r}\n"
    ),
    "no instance armed at once": "    rules:\n      - {kind: armed_instances, most: 0, ref: r}\n",
    "a raised cap without its levels": "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r}\n",
    "a cap that raises nothing": (
        "    rules:\n      - {kind: power_up, buys: [powers_up], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 2}]}}\n"
    ),
    "a cap of no levels": (
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r, cap: {option: o, levels: []}}\n"
    ),
    "a cap of zero times the Level": (
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 0}]}}\n"
    ),
    "a cap reading an option the entry lacks": (
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 2}]}}\n"
    ),
    "a cap naming a value its option lacks": (
        "    options:\n      - {name: o, choices: [{value: v}]}\n"
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 2}, {value: w, times: 3}]}}\n"
    ),
    "a cap leaving a value of its option without a multiple": (
        "    options:\n      - {name: o, choices: [{value: v}, {value: w}]}\n"
        "    rules:\n      - {kind: power_up, buys: [raises_cap], ref: r,\n"
        "         cap: {option: o, levels: [{value: v, times: 2}]}}\n"
    ),
}


@pytest.mark.parametrize("text", list(GOOD_RULES.values()), ids=list(GOOD_RULES))
def test_well_formed_records_load(tmp_path: Path, text: str) -> None:
    (tmp_path / "10-sample.yaml").write_text("entries:" + GOOD_ENTRY + text, encoding="utf-8")
    cat = load_catalog(tmp_path)
    assert len(cat.records["sample"]) == 1
    assert "rules" not in cat.entries["sample"].model_dump()  # the served entry keeps its shape


@pytest.mark.parametrize("text", list(BAD_RULES.values()), ids=list(BAD_RULES))
def test_a_malformed_record_fails_the_load(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match="sample"):
        _load(tmp_path, text)


def test_every_shipped_record_names_an_entry_marked_implemented() -> None:
    cat = catalog()
    assert cat.records
    for entry, found in cat.records.items():
        assert cat.entries[entry].combat == "implemented", entry
        assert found
    assert applied_entries() <= set(IMPLEMENTED)  # records and registered handlers are all in the coverage list


# ── accuracy: folded into the move's Accuracy against each defence option ─────────────────────────


def _table(entry: str, times: int = 1, throws_unblockable: bool = True) -> dict[str, int]:
    found = points.accuracy_table(catalog().records[entry], times, throws_unblockable)
    assert found is not None
    return dict(zip([o.value for o in DEFENCE_OPTIONS], found[0], strict=True))


def test_unblockable_is_plus_four_against_defense_only() -> None:
    # 000 L4431: +4 against Defense, −2 against Evasion and Tactics; Jinking is Tactics-based (000 L5878); our
    # ruling: a crouching block (000 L5838) takes the defender's better side, −2.
    assert _table("unblockable") == {
        "defense": 4,
        "evasion": -2,
        "tactics": -2,
        "defense_evasion": -2,
        "jinking": -2,
    }


def test_hits_low_gives_nothing_against_a_crouching_block() -> None:
    # 000 L3464: +1 against Defense, −1 against Evasion, no modifier against a crouching block
    assert _table("hits_low") == {"defense": 1, "evasion": -1, "tactics": 0, "defense_evasion": 0, "jinking": 0}


def test_hard_to_evade_counts_against_evasion_crouching_block_and_jinking() -> None:
    # 000 L3412–L3424: +1 against Evasion; it applies to a crouching block (000 L5838) and to Jinking (000 L5878)
    assert _table("hard_to_evade") == {"defense": 0, "evasion": 1, "tactics": 0, "defense_evasion": 1, "jinking": 1}


def test_increased_accuracy_counts_per_instance() -> None:
    # 000 L3508–L3518: +1 Accuracy per instance; taken twice, +2 against anything
    assert set(_table("increased_accuracy", times=2).values()) == {2}


def test_a_throw_has_its_plus_one_only_while_throws_are_unblockable() -> None:
    # 000 L4345: +1 Accuracy under the default (unblockable) rule, none when the Director makes Throws blockable
    assert set(_table("throw").values()) == {1}
    assert points.accuracy_table(catalog().records["throw"], 1, False) is None


HIT = {**A_FIRST, "T1.a.attack": 6}

# ── records read during the turn, on stand-in moves ─────────────────────────────────────────────────


@dataclass
class _Move:
    entries: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset({"knockback"})
    options: dict[str, dict[str, object]] = field(default_factory=dict)

    @property
    def records(self) -> tuple[MoveRecord, ...]:
        cat = catalog()
        return tuple(MoveRecord(e, 1, r) for e in self.entries for r in cat.records.get(e, ()))

    def kw(self, keyword: str) -> bool:
        return keyword in self.keywords


def test_very_fast_is_plus_one_near_and_very_slow_minus_one_far() -> None:
    fast, slow = _Move(("ranged.very_fast",), frozenset({"long_range"})), _Move(("ranged.very_slow",))
    reach_fast = _Move(("ranged.very_fast",), frozenset({"reach_range"}))
    reach_slow = _Move(("ranged.very_slow",), frozenset({"reach_range"}))
    # 000 L4057: Long Range 0–2, Reach Range 0–1
    assert [points.labelled_accuracy(fast, r, "defense") for r in (0, 2, 3)] == [{"very_fast": 1}] * 2 + [{}]
    assert [points.labelled_accuracy(reach_fast, r, "evasion") for r in (1, 2)] == [{"very_fast": 1}, {}]
    # 000 L4065: Long Range 3–4, Reach Range 2–3
    assert [points.labelled_accuracy(slow, r, "tactics") for r in (2, 3, 4)] == [{}] + [{"very_slow": -1}] * 2
    assert [points.labelled_accuracy(reach_slow, r, "defense") for r in (1, 2, 3)] == [{}] + [{"very_slow": -1}] * 2


def test_knockback_records() -> None:
    plain, inc = _Move(), _Move(("increased_knockback",))
    # 000 L3555–L3559: 2 Ranges, only as the last move of a Combo; elsewhere the usual 1 (None: no record counts)
    assert points.knockback([inc]) == 2
    assert points.knockback([plain, inc]) == 2
    assert points.knockback([inc, plain]) is None
    # 000 L3621: in a Combo, a Launcher gives the last move Knock Back and Increased Knockback, wherever it stands;
    # alone it is no Combo
    launcher = _Move(("juggle.launcher",))
    assert points.knockback([launcher, _Move(keywords=frozenset())]) == 2
    assert points.knockback([plain, launcher]) == 2
    assert points.knockback([launcher]) is None
    # 000 L4375: Hurl throws 2 Ranges in place of the usual Knock Back, keyword or not
    assert points.knockback([_Move(("throw.hurl",), frozenset())]) == 2
    # 000 L5948–L5956: no Knockback keyword, no Knock Back
    assert points.knockback([_Move(keywords=frozenset())]) == 0
    assert points.own_knockback(inc) == 2 and points.own_knockback(plain) == 1


@dataclass
class _Fighter:
    beast_form: bool


def test_beast_form_gives_every_attack_the_increased_knockback_record() -> None:
    # 000 L5319: in Beast Form every attack has Increased Knockback, which is 2 Ranges (000 L3559), whatever the move
    beast, human, plain = _Fighter(True), _Fighter(False), _Move()
    assert points.knockback([plain], beast) == 2 and points.knockback([plain], human) is None
    assert points.knockback([_Move(), plain], beast) == 2  # the Combo's last move has it (000 L3555–L3559)
    assert points.knockback([_Move(keywords=frozenset())], beast) == 0  # no Knockback keyword: none (000 L5948)
    assert points.own_knockback(plain, beast) == 2 and points.own_knockback(plain, human) == 1  # Draw Closer, L4007


LAUNCH = {"id": "launch", "name": "Launch", "level": 3, "elements": [{"id": "juggle"}, {"id": "juggle.launcher"}]}


def test_a_launcher_closing_a_combo_knocks_back_two_ranges() -> None:
    # 000 L3621: the Combo's last move gains Increased Knockback (000 L3559: 2 Ranges) even when the Launcher is that
    # last move; the Tactics check (000 L3619) passes with 6 + Tactics 2 = DL 8. From Range 1: Range 3.
    dec = {"T1.a.action": attack(["basic_move", "launch"]), "T1.a.accuracy_fs": {"fs": 3}}
    rolls = {**HIT, "T1.a.tactics_check": 6}
    res = duel(dec, rolls, a=sheet("a", tactics=2, moves=[LAUNCH]), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert next(s for s in res.log if s.label == "D.2").change["success"] is True
    assert res.fight.positioning.range == 3


def test_record_kinds_cover_the_shipped_entries() -> None:
    kinds = {type(r) for found in catalog().records.values() for r in found}
    assert kinds == {Modifier, Knockback, DieShiftNextTurn, Denies, Misfire, Lasting, UseLock, Priced, Family} | set(
        PROFILE_KINDS
    ) | set(SHEET_KINDS) | set(TABLE_KINDS)
    assert points.lost_when_hit() >= {"critical_hit", "fast_recovery", "slow_recovery", "harry"}


# ── die shifts next turn, through a turn ─────────────────────────────────────────────────────────────


def _recovery(ident: str, bonus_to: str) -> dict:
    return {
        "id": ident,
        "name": ident.title(),
        "level": 2,
        "elements": [{"id": "fast_recovery", "options": {"trigger": "on_hit", "bonus_to": bonus_to}}],
    }


def test_fast_recovery_keeps_only_the_last_one_gained() -> None:
    # 000 L3360: several Fast Recovery moves in one turn do not add up; the last one used applies. A Combo of an
    # Initiative one then a Control one that hits leaves +1 Control only.
    a = sheet("a", combo=3, moves=[_recovery("jab", "initiative"), _recovery("snap", "control")])
    res = duel(
        {"T1.a.action": attack(["jab", "snap"]), "T1.a.accuracy_fs": {"fs": 3}}, HIT, a=a, b=sheet("b", defense=0)
    )
    assert res.status == "resolved", res.violations
    shifts = [(d.target.value, d.steps, d.source) for d in st(res, "a").next_turn_dice]
    assert shifts == [("control", 1, "fast_recovery")]


def test_critical_hit_needs_an_even_damage_roll() -> None:
    crit = {
        "id": "crit",
        "name": "Crit",
        "level": 2,
        "elements": [{"id": "critical_hit", "options": {"bonus_to": "control"}}],
    }
    a = sheet("a", moves=[crit])
    dec = {"T1.a.action": attack(["crit"])}
    # 000 L3210: an even damage roll gives +2 die sizes to the chosen roll next turn; an odd one nothing
    even = duel(dec, {**HIT, "T1.a.damage": 4}, a=a, b=sheet("b", defense=0))
    odd = duel(dec, {**HIT, "T1.a.damage": 3}, a=a, b=sheet("b", defense=0))
    assert even.status == odd.status == "resolved", (even.violations, odd.violations)
    assert [(d.target.value, d.steps) for d in st(even, "a").next_turn_dice] == [("control", 2)]
    assert st(odd, "a").next_turn_dice == []


def test_harry_lowers_the_targets_next_roll_of_his_choice() -> None:
    harry = {"id": "harass", "name": "Harass", "level": 2, "elements": [{"id": "harry"}]}
    res = duel({"T1.a.action": attack(["harass"])}, HIT, a=sheet("a", moves=[harry]), b=sheet("b", defense=0))
    assert res.status == "resolved", res.violations
    # 000 L3432: one die size down on Initiative or Control, the defender's pick
    assert [(d.target.value, d.steps, d.source) for d in st(res, "b").next_turn_dice] == [("either", -1, "harry")]


# ── modifiers without conditions, lasting effects and their locks ──────────────────────────────────


def test_explosive_is_one_die_size_down_and_super_energy_one_per_instance() -> None:
    # 000 L3326: one die size less against a Fighter, however many instances
    assert points.modifier_total(_Move(("explosive",)), Point.damage_step) == -1
    # 000 L4231: one extra Super Energy per instance on a hit
    assert points.modifier_total(_Move(), Point.super_energy) == 0
    rec = catalog().records["super_energy"][0]
    assert points.modifier_total(_Twice("super_energy", rec), Point.super_energy) == 2


class _Twice(_Move):
    """A move with one record of an entry taken twice."""

    def __init__(self, entry: str, record: Record) -> None:
        super().__init__((entry,))
        self.one = MoveRecord(entry, 2, record)

    @property
    def records(self) -> tuple[MoveRecord, ...]:
        return (self.one,)


@dataclass
class _Effect:
    id: str


@dataclass
class _Owner:
    id: str
    ongoing: list[_Effect]


@dataclass
class _Used:
    name: str
    is_special: bool
    entries: tuple[str, ...] = ()

    def has(self, entry: str) -> int:
        return int(entry in self.entries)


class _Ctx:
    def __init__(self) -> None:
        self.failed: list[tuple[str, str]] = []

    def fail(self, code: str, path: str, message: str, key: str | None = None, ref: str | None = None) -> None:
        self.failed.append((code, message))


def test_flight_lasts_five_and_gives_plus_four_with_evasion_only() -> None:
    # 000 L3370: a Time Count of five; +4 to Evade while flying
    [(entry, start)] = points.lasting(_Move(("flight",)))
    assert (entry, start.count) == ("flight", 5)
    flying, grounded = _Owner("a", [_Effect("flight")]), _Owner("a", [])
    assert points.lasting_defense(flying, "evasion") == {"flight": 4}
    assert points.lasting_defense(flying, "defense") == {}
    assert points.lasting_defense(grounded, "evasion") == {}


def test_flying_allows_only_hard_to_evade_or_aerial_special_moves() -> None:
    # 000 L3370: while flying only Special Moves with Hard to Evade or Aerial can be used
    flying = _Owner("a", [_Effect("flight")])
    for moves, locked in (
        ([_Used("Dive", True, ("aerial",))], False),
        ([_Used("Arc", True, ("hard_to_evade",))], False),
        ([_Used("Punch", True)], True),
        ([_Used("Basic Move", False, ("aerial",))], True),
    ):
        ctx = _Ctx()
        points.check_use_locks(ctx, flying, moves, "p", "T1.a.action")
        assert bool(ctx.failed) is locked, moves
    ctx = _Ctx()
    points.check_use_locks(ctx, _Owner("a", []), [_Used("Punch", True)], "p", "T1.a.action")
    assert ctx.failed == []


def test_every_use_lock_reports_a_documented_code() -> None:
    codes = [r.code for found in catalog().records.values() for r in found if isinstance(r, UseLock)]
    assert codes and set(codes) <= set(CODES)


def test_always_does_damage_goes_through_defense_only_once_per_instance() -> None:
    # 000 L2815–L2823: each instance takes 1 Life Bar through a Defense block, every move of a Combo counted;
    # nothing against Evasion or Tactics
    one = _Move(("always_does_damage",))
    two = _Twice("always_does_damage", catalog().records["always_does_damage"][0])
    assert points.modifier_vs([one, two, _Move()], Point.blocked_damage, "defense") == 3
    assert points.modifier_vs([one, two], Point.blocked_damage, "evasion") == 0
    assert points.modifier_vs([one], Point.blocked_damage, "tactics") == 0


def test_no_breakfall_no_tech_roll_and_super_counter_deny_the_options() -> None:
    # 000 L3635, L3641: each modifier takes away one option; 000 L4221: a Super Counter takes both
    assert points.denied([_Move(("knocks_down.no_breakfall",))]) == {"breakfall"}
    assert points.denied([_Move(), _Move(("knocks_down.no_tech_roll",))]) == {"tech_roll"}
    assert points.denied([_Move(("super_counter",))]) == {"breakfall", "tech_roll"}
    assert points.denied([_Move(("knocks_down",))]) == frozenset()


def test_unreliable_is_one_d10_failing_on_a_one() -> None:
    # 000 L4874: 1d10 rolled once for the attack; a 1 and the move (and its whole Combo) has no effect
    found = points.misfire([_Move(), _Move(("unreliable",))])
    assert found is not None
    entry, mf = found
    assert (entry, mf.sides, mf.fails_at_most) == ("unreliable", 10, 1)
    assert points.misfire([_Move()]) is None


def test_the_implemented_entries_are_the_registry_s() -> None:
    # every entry with a record or a registered handler, and nothing else, is implemented; the catalogue agrees
    assert set(IMPLEMENTED) == applied_entries()
    assert {i for i, e in catalog().entries.items() if e.combat == "implemented"} == applied_entries()


def test_tables_read_from_records_keep_the_book_s_figures() -> None:
    from service.rules.fight2e.combat.elements import ranged, super_only, transformations
    from service.rules.fight2e.combat.state import profile
    from service.rules.fight2e.combat.turn import d_accuracy, d_area_attacks, d_move_declaration

    assert points.modifier_total(_Move(("set_up.powerless",)), Point.primed_damage) == 2  # 000 L4141
    assert ranged.TRADES["ranged.accuracy_for_damage"] == ranged.Trade(-1, 2)  # 000 L3997
    assert super_only.STRETCHES["extended_duration"] == super_only.Stretch(10, 5)  # 000 L4922–L4926
    assert transformations.FORM_ONLY["only_in_beast_form"] is transformations.Form.beast  # 000 L5321
    assert d_accuracy.ONE_RANGE["specific_range"] == "range"  # 000 L4858
    assert d_area_attacks.AREAS["explosive"] == d_area_attacks.Area(2, True)  # 000 L3324–L3330
    assert d_area_attacks.AREAS["area_effect"] == d_area_attacks.Area(1, False)  # 000 L2831–L2839
    assert d_move_declaration.ONLY_WHILE["end_buff.end_only"].effect == "buff"  # 000 L3276–L3280
    assert profile.INVINCIBLE["invincibility"] == 1  # 000 L4936–L4948
    assert profile.HEAL_SHARE["healing"] == "heal"  # its design option: the whole die or half of it (000 L3442–L3444)
    assert profile.MOVEMENT_GRANTS["hits_super_jump"].super_jump_accuracy == 1  # 000 L3474
