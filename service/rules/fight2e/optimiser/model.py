"""The CP-SAT model: how many times each variant is taken, at which level, priced by the book's budget rules.

The model is a *relaxation* of the pricing core: every legal move that meets the wishes satisfies it, and its
Move Points are never above the true ones (a variant's cost is its cost alone on the move, which other entries
only raise; a Perfect Hit is worth its share of the Element it names, rounded in its favour). So the solver's
optimum bounds every move it has not yet proposed, and the search (``search.py``) can stop once that bound passes
the answers the pricing core has confirmed. Each wish is a constraint guarded by an assumption literal, so an
infeasible model names the wishes that cannot all hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from ...dice import die
from ..catalogue.keywords import category, has
from ..catalogue.schema import KeywordCategory
from ..moves.price import KI_SHIFT, RANGES
from .models import OptimiseRequest
from .variants import MAX_TIMES, Space, Variant

LEVEL_FLOOR = {"special": 2, "super": 5}  # an L1 move is a Basic Move (000 L2265); Supers start at L5 (000 L5214)
MAX_LEVEL = 12
# The objective, lexicographic: Move Points, then Element instances, then Liability instances, then level.
W_LEVEL, W_LIABILITY, W_ELEMENT, W_MP = 1, 32, 32 * 32 * 8, 32 * 32 * 8 * 256


def total(terms: Iterable[cp_model.LinearExprT]) -> cp_model.LinearExpr:
    """A sum the solver reads as one linear expression (an empty one is 0)."""
    return cp_model.LinearExpr.sum(list(terms))


@dataclass
class Want:
    path: str
    message: str
    literal: cp_model.IntVar


@dataclass
class MoveModel:
    """The model and the handles the search reads and cuts with."""

    model: cp_model.CpModel
    level: cp_model.IntVar
    times: list[cp_model.IntVar]
    taken: list[cp_model.IntVar]
    wants: list[Want] = field(default_factory=list)
    # Per variant whose cost is a share of a named entry's: (its index, the named entry's instances when it is
    # taken (else 0), the Liability half slots it is worth).
    shares: list[tuple[int, cp_model.IntVar, cp_model.IntVar]] = field(default_factory=list)
    mp: cp_model.IntVar = field(init=False)  # set by the budget rules
    objective: cp_model.LinearExpr = field(default_factory=lambda: cp_model.LinearExpr.constant(0))

    def want(self, path: str, message: str) -> cp_model.IntVar:
        literal = self.model.new_bool_var(path)
        self.model.add_assumption(literal)
        self.wants.append(Want(path, message, literal))
        return literal


def build(req: OptimiseRequest, space: Space) -> MoveModel:
    m = cp_model.CpModel()
    variants = space.variants
    level = m.new_int_var(LEVEL_FLOOR[req.type], MAX_LEVEL, "level")
    taken = [m.new_bool_var(f"u{i}") for i in range(len(variants))]
    times = []
    for i, (u, v) in enumerate(zip(taken, variants, strict=True)):
        if v.max_times == 1:
            times.append(u)  # taken once or not at all
            continue
        n = m.new_int_var(0, v.max_times, f"n{i}")
        m.add(n >= u)
        m.add(n <= v.max_times * u)
        times.append(n)
    mm = MoveModel(m, level, times, taken)
    _entry_rules(mm, space)
    _shares(mm, space)
    _budget(mm, req, space)
    _wishes(mm, req, space)
    elements = total(n for n, v in zip(times, variants, strict=True) if v.entry.kind == "element")
    liabilities = total(n for n, v in zip(times, variants, strict=True) if v.entry.kind == "liability")
    mm.objective = W_MP * mm.mp + W_ELEMENT * elements + W_LIABILITY * liabilities + W_LEVEL * level
    m.minimize(mm.objective)
    return mm


def _by_entry(mm: MoveModel, space: Space) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i, v in enumerate(space.variants):
        out.setdefault(v.id, []).append(i)
    return out


def taken_entry(mm: MoveModel, index: dict[str, list[int]], entry_id: str) -> cp_model.LinearExpr:
    return total(mm.taken[i] for i in index.get(entry_id, ()))


def _entry_rules(mm: MoveModel, space: Space) -> None:
    """One variant per entry; the catalogue's requirements and exclusions (Chapter 4, Elements and Liabilities)."""
    m, index = mm.model, _by_entry(mm, space)
    by_design = {v.design: i for i, v in enumerate(space.variants)}
    for members in index.values():
        if len(members) > 1 and not _once_per_value(space, members):
            m.add(total(mm.taken[i] for i in members) <= 1)
    for i, v in enumerate(space.variants):
        u, need = mm.taken[i], v.entry.requires
        for other in (*need.entries, *([v.names] if v.names else [])):
            m.add(u <= taken_entry(mm, index, other))
        for design in v.refused_with:
            if design in by_design:
                m.add(u + mm.taken[by_design[design]] <= 1)
        for group in need.any_entries:
            m.add(u <= total(taken_entry(mm, index, o) for o in group))
        for other in v.entry.excludes:
            if other in index:
                m.add(taken_entry(mm, index, v.id) + taken_entry(mm, index, other) <= 1)
        for kw in need.keywords:
            if not has(set(space.template), kw):  # someone else must bring it (a necessary condition only)
                m.add(u <= total(mm.taken[j] for j in _adders(space, kw) if space.variants[j].id != v.id))


def _once_per_value(space: Space, members: list[int]) -> bool:
    """Whether these variants of one entry may all be on a move: each names its own value of the entry's
    ``once_per`` choice (one Perfect Hit per guarded Element, digest ruling A-20)."""
    key = space.variants[members[0]].entry.once_per
    if key is None:
        return False
    values = [dict(space.variants[i].options).get(key) for i in members]
    return None not in values and len(set(map(str, values))) == len(values)


def _shares(mm: MoveModel, space: Space) -> None:
    """A variant worth a share of a named entry's cost (Perfect Hit: half its target's, 000 L4751), in half slots,
    rounded away from nothing so that the model never prices above the pricing core."""
    m, index = mm.model, _by_entry(mm, space)
    for i, v in enumerate(space.variants):
        if v.share is None or v.names is None:
            continue
        named, ratio = v.names, v.share
        members = index.get(named, [])
        count = total(mm.times[j] for j in members)
        cost = total(space.variants[j].halves * mm.times[j] for j in members)
        top = max((space.variants[j].halves * space.variants[j].max_times for j in members), default=0)
        n = m.new_int_var(0, MAX_TIMES, f"named{i}")
        worth = m.new_int_var(-top, top, f"share{i}")
        u = mm.taken[i]
        m.add(n == count).only_enforce_if(u)
        m.add(n == 0).only_enforce_if(u.Not())
        num, den = -ratio.numerator, ratio.denominator  # a Liability's share: ratio < 0
        m.add(den * worth >= num * cost).only_enforce_if(u)
        m.add(den * worth <= num * cost + den - 1).only_enforce_if(u)
        m.add(worth == 0).only_enforce_if(u.Not())
        mm.shares.append((i, n, worth))


def _both(mm: MoveModel, i: int, j: int) -> cp_model.IntVar:
    both = mm.model.new_bool_var(f"both{i}_{j}")
    mm.model.add_min_equality(both, [mm.taken[i], mm.taken[j]])
    return both


def _adders(space: Space, kw: str) -> list[int]:
    return [i for i, v in enumerate(space.variants) if kw in v.adds or any(k.split(":", 1)[0] == kw for k in v.adds)]


def _budget(mm: MoveModel, req: OptimiseRequest, space: Space) -> None:
    """Slots, the cost cap, Liabilities, unused slots and Move Points (000 L2263–L2305, L5234–L5236)."""
    m, level, variants = mm.model, mm.level, space.variants
    bound = 4 * MAX_LEVEL + 40 * 20
    elements = total(v.halves * n for n, v in zip(mm.times, variants, strict=True) if v.halves > 0)
    liabilities = total(
        [*(-v.halves * n for n, v in zip(mm.times, variants, strict=True) if v.halves < 0), *(w for *_, w in mm.shares)]
    )
    for n, v in zip(mm.times, variants, strict=True):
        if v.entry.kind == "element" and v.halves > 0:
            m.add(v.halves * n <= 4 * level)  # no Element over twice the level (000 L2291), in half slots
    is_super = req.type == "super"
    slots = 2 * level if is_super else level + 1  # 000 L5234, L2287
    used = m.new_int_var(-bound, bound, "used")  # ceil((elements − liabilities) / 2): halves pair up (000 L2289)
    m.add(2 * used >= elements - liabilities)
    m.add(2 * used <= elements - liabilities + 1)
    m.add(used <= slots)
    mm.mp = _move_points(m, req, level, slots, used, "")
    if is_super:
        _offense(mm, space, slots, liabilities)
    if req.without_warnings:
        # Liabilities may not lower the price below what the Elements alone give (digest ruling A1; the pricing
        # core warns of it, 000 L2293).
        alone = m.new_int_var(0, bound, "used_by_elements")
        m.add(2 * alone >= elements)
        m.add(2 * alone <= elements + 1)
        lit = mm.want("without_warnings", "every legal move with the other wishes draws a warning")
        m.add(mm.mp == _move_points(m, req, level, slots, alone, "_by_elements")).only_enforce_if(lit)
        _never(mm, lit, space, lambda v: v.alone_warned)


def _move_points(
    m: cp_model.CpModel,
    req: OptimiseRequest,
    level: cp_model.IntVar,
    slots: cp_model.LinearExpr,
    used: cp_model.IntVar,
    tag: str,
) -> cp_model.IntVar:
    """Move Points from the level and the slots used: one per unused slot on a Special (000 L2293), one per two on
    a Super (000 L5236), never below 1."""
    bound = 4 * MAX_LEVEL + 40 * 20
    unused = m.new_int_var(0, bound, "unused" + tag)
    m.add_max_equality(unused, [slots - used, 0])
    mp = m.new_int_var(1, 4 * MAX_LEVEL, "mp" + tag)
    if req.type == "super":
        discount = m.new_int_var(0, bound, "discount" + tag)
        m.add_division_equality(discount, unused, 2)
        m.add_max_equality(mp, [level - discount, 1])
    else:
        shift = 1 if req.campaign.attack_strings else 0  # Special Moves cost one level more (000 L5206)
        base = m.new_int_var(0, MAX_LEVEL + 1, "base" + tag)
        table = [3 if lv + shift == 2 else lv + shift for lv in range(MAX_LEVEL + 1)]  # L2 costs 3 (000 L2269)
        m.add_element(level, table, base)
        m.add_max_equality(mp, [base - unused, 1])
    return mp


def _offense(mm: MoveModel, space: Space, slots: cp_model.LinearExpr, liabilities: cp_model.LinearExpr) -> None:
    """A damaging Super spends half its Elements on offense (000 L5234), unless something may make it harmless."""
    m, variants = mm.model, space.variants
    whole = m.new_int_var(0, 1000, "liability_slots")
    m.add(2 * whole <= liabilities)
    m.add(liabilities <= 2 * whole + 1)
    half = m.new_int_var(0, 1000, "offense_needed")
    m.add(2 * half <= slots + whole)
    m.add(slots + whole <= 2 * half + 1)
    harmless = [mm.taken[i] for i, v in enumerate(variants) if v.non_damaging]
    offense = total(v.halves * n for n, v in zip(mm.times, variants, strict=True) if v.offense)
    guard = m.new_bool_var("damaging")  # exactly when no harmless entry is taken
    m.add_bool_or([guard, *harmless])
    for h in harmless:
        m.add_implication(h, guard.Not())
    m.add(offense >= 2 * half).only_enforce_if(guard)


def _never(mm: MoveModel, lit: cp_model.IntVar, space: Space, spoils: Callable[[Variant], bool]) -> None:
    """Under a wish, leave out every variant that spoils it on its own (a restriction of the search: another entry
    that would give back what it takes away is not sought)."""
    for u, v in zip(mm.taken, space.variants, strict=True):
        if spoils(v):
            mm.model.add_implication(lit, u.Not())


def _wishes(mm: MoveModel, req: OptimiseRequest, space: Space) -> None:
    m, level = mm.model, mm.level
    m.add(level >= req.min_level).only_enforce_if(mm.want("min_level", f"no move from L{req.min_level} fits"))
    m.add(level <= req.max_level).only_enforce_if(mm.want("max_level", f"no move up to L{req.max_level} fits"))
    wanted = _keyword_wishes(mm, req, space)
    if req.min_range is not None:
        reach = req.min_range
        lit = mm.want("min_range", f"no legal move with the other wishes reaches Range {reach}")
        _never(mm, lit, space, _makes_utility)  # a Utility move has no Range (000 L2349)
        far = [k for k, (_, hi) in RANGES.items() if hi >= reach]
        if any(k in space.template for k in far):
            _never(mm, lit, space, lambda v: v.alone_reach is None or v.alone_reach < reach)
        else:
            _never(mm, lit, space, lambda v: v.alone_reach is None)
            m.add(total(mm.taken[j] for k in far for j in _adders(space, k)) >= 1).only_enforce_if(lit)
    _exclusive(mm, req, wanted)
    if req.min_accuracy is not None:
        lit = mm.want("min_accuracy", f"no legal move with the other wishes has Accuracy {req.min_accuracy:+d}")
        accuracy = space.base_accuracy + total(v.accuracy * n for n, v in zip(mm.times, space.variants, strict=True))
        m.add(accuracy >= req.min_accuracy).only_enforce_if(lit)
    if req.min_damage_die is not None:
        _damage(mm, req, space)
    index = _by_entry(mm, space)
    not_built = {ident for ident, _ in space.not_built}
    for i, ident in enumerate(req.include):
        if ident in not_built:
            why = f"the search does not build {ident} (listed under unsupported; name its choices)"
        elif ident not in index:
            why = f"{ident} cannot be taken on a {req.type} move with this campaign and Fighter"
        else:
            why = f"no legal move with the other wishes carries {ident}"
        lit = mm.want(f"include[{i}]", why)
        m.add(taken_entry(mm, index, ident) >= 1).only_enforce_if(lit)
    for i, ident in enumerate(req.exclude):
        if ident in index:
            lit = mm.want(f"exclude[{i}]", f"every legal move with the other wishes needs {ident}")
            m.add(taken_entry(mm, index, ident) == 0).only_enforce_if(lit)


def _exclusive(mm: MoveModel, req: OptimiseRequest, wanted: list[cp_model.IntVar]) -> None:
    """Wishes that contradict each other by the book alone: two Movement keywords (one per move, 000 L2377), two
    Range keywords (one on an Offensive move, none on a Utility one, 000 L2337, L2349), or a Range keyword too short
    for the wished Range (000 L2365)."""
    single = (KeywordCategory.movement, KeywordCategory.range)
    kws = list(req.keywords)
    for i, a in enumerate(kws):
        for j in range(i + 1, len(kws)):
            b = kws[j]
            if a != b and ":" not in a + b and category(a) is category(b) and category(a) in single:
                mm.model.add(wanted[i] + wanted[j] <= 1)
    if req.min_range is not None:
        reach = next(w for w in mm.wants if w.path == "min_range").literal
        for i, kw in enumerate(kws):
            if kw in RANGES and RANGES[kw][1] < req.min_range:
                mm.model.add(wanted[i] + reach <= 1)


def _keyword_wishes(mm: MoveModel, req: OptimiseRequest, space: Space) -> list[cp_model.IntVar]:
    m, template = mm.model, set(space.template)
    wanted = []
    for i, kw in enumerate(req.keywords):
        lit = mm.want(f"keywords[{i}]", f"no legal move with the other wishes has the {kw} keyword")
        wanted.append(lit)
        if has(template, kw):
            _never(mm, lit, space, _lacks(kw))
        elif kw != "no_damage":  # No Damage may also be implied (000 L2363)
            m.add(total(mm.taken[j] for j in _adders(space, kw)) >= 1).only_enforce_if(lit)
        _never(mm, lit, space, _takes_off(kw))
        if kw == "offensive" or category(kw) in (KeywordCategory.damage, KeywordCategory.range):
            _never(mm, lit, space, _makes_utility)  # a Utility move has none of these (000 L2349)
    for i, kw in enumerate(req.forbidden_keywords):
        lit = mm.want(f"forbidden_keywords[{i}]", f"no legal move with the other wishes is without {kw}")
        if has(template, kw):  # some entry must take it off: one that does so on its own (a restriction)
            removers = [mm.taken[j] for j, v in enumerate(space.variants) if _lacks(kw)(v)]
            m.add(total(removers) >= 1).only_enforce_if(lit)
        else:
            _never(mm, lit, space, _brings(kw))
    return wanted


def _takes_off(kw: str) -> Callable[[Variant], bool]:
    return lambda v: kw.split(":", 1)[0] in v.takes_off


def _makes_utility(v: Variant) -> bool:
    return "utility" in v.alone_keywords


def _lacks(kw: str) -> Callable[[Variant], bool]:
    return lambda v: not has(set(v.alone_keywords), kw)


def _brings(kw: str) -> Callable[[Variant], bool]:
    return lambda v: has(set(v.alone_keywords), kw)


def _damage(mm: MoveModel, req: OptimiseRequest, space: Space) -> None:
    """The die the Fighter rolls: one size per two Increased Damage (000 L3520–L3540), other steps, then Strength
    or, for Ki-based damage, the Ki Skill's shift (000 L3978–L3981)."""
    m, variants = mm.model, space.variants
    lit = mm.want("min_damage_die", f"no legal move with the other wishes rolls {req.min_damage_die} or more")
    _never(mm, lit, space, lambda v: not v.alone_damage)
    # A guarded Element's damage is not the move's ordinary damage (000 L4753, digest ruling A-20).
    voided: list[tuple[Variant, cp_model.LinearExprT]] = []
    index = _by_entry(mm, space)
    counted = {i: n for i, n, _ in mm.shares}
    for i, v in enumerate(variants):
        if v.voids_damage and v.names is not None:
            members = index.get(v.names, [])
            if i in counted:  # its instances, counted when it is taken
                voided += [(variants[j], counted[i]) for j in members[:1]]
            else:  # taken once: voided exactly when both are taken
                voided += [(variants[j], _both(mm, i, j)) for j in members]
    table = total(
        [
            *(n for n, v in zip(mm.times, variants, strict=True) if v.damage_table),
            *(-n for v, n in voided if v.damage_table),
        ]
    )
    sizes = m.new_int_var(0, 100, "table_sizes")
    m.add(2 * sizes <= table)
    m.add(table <= 2 * sizes + 1)
    steps = total(
        [
            *(v.damage_steps * n for n, v in zip(mm.times, variants, strict=True) if v.damage_steps),
            *(-v.damage_steps * n for v, n in voided if v.damage_steps),
        ]
    )
    ki_based = m.new_bool_var("ki_based")
    kis = [mm.taken[i] for i, v in enumerate(variants) if v.ki_based]
    for u in kis:
        m.add_implication(u, ki_based)
    m.add(total(kis) >= ki_based)
    fighter = req.fighter
    ki_shift = KI_SHIFT[fighter.ki] if fighter.ki else 0
    strength = fighter.strength or 0
    step = space.base_step + sizes + steps + strength + (ki_shift - strength) * ki_based
    m.add(step >= die(str(req.min_damage_die)).step).only_enforce_if(lit)
