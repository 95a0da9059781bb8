"""The keyword engine: from a move's template and its entries to the finished keyword set (000 L2335–L2453)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...memo import register
from .schema import KEYWORDS, KeywordCategory, KeywordChanges, keyword_base

SPECIAL_TEMPLATE = ("offensive", "normal", "stun", "knockback", "standard_range", "normal_move")  # 000 L2277–L2283
SUPER_TEMPLATE = ("offensive", "normal", "knockback", "knocks_down", "standard_range", "normal_move")  # 000 L5224
SUPER_TEMPLATE_WITH_STUN = (*SUPER_TEMPLATE, "stun")  # Director option (000 L5232)

CATEGORY = KEYWORDS
_ORDER = {kw: i for i, kw in enumerate(KEYWORDS)}


_CATEGORY_OF: dict[str, KeywordCategory] = dict(KEYWORDS)


# The keywords of each category (only Defensive Response takes a qualifier, and it is in none of these).
MOVEMENT = frozenset(k for k, c in KEYWORDS.items() if c is KeywordCategory.movement)
RANGE = frozenset(k for k, c in KEYWORDS.items() if c is KeywordCategory.range)
DAMAGE = frozenset(k for k, c in KEYWORDS.items() if c is KeywordCategory.damage)


def category(keyword: str) -> KeywordCategory:
    found = _CATEGORY_OF.get(keyword)
    if found is None:  # a qualified keyword such as defensive_response:anti_air
        found = _CATEGORY_OF[keyword] = CATEGORY[keyword_base(keyword)]
    return found


def _discard(keywords: set[str], keyword: str) -> None:
    """Remove a keyword; an unqualified ``defensive_response`` removes every qualified one."""
    if ":" in keyword:
        keywords.discard(keyword)
        return
    for kw in [k for k in keywords if keyword_base(k) == keyword]:
        keywords.discard(kw)


def _has(keywords: set[str], keyword: str) -> bool:
    if keyword in keywords:
        return True
    # Only Defensive Response carries a qualifier, so only it can be present under another spelling.
    return keyword == "defensive_response" and any(k.startswith("defensive_response:") for k in keywords)


def apply(template: Iterable[str], changes: Sequence[KeywordChanges]) -> tuple[set[str], list[str]]:
    """Apply changes in order, then the book's implied removals. Returns the set and any Modifier keywords that
    were added twice (000 L2413)."""
    return apply_plans(template, plans(changes))


def apply_plans(template: Iterable[str], changes: Iterable[Plan]) -> tuple[set[str], list[str]]:
    """``apply`` for changes already read into plans (see ``plans``)."""
    keywords = set(template)
    duplicated: list[str] = []
    for removes, replaces, adds in changes:
        for kw in removes:
            _discard(keywords, kw)
        for old, new in replaces:
            if _has(keywords, old):
                _discard(keywords, old)
                keywords.add(new)
        for kw, modifier, movement in adds:
            if modifier and kw in keywords:
                duplicated.append(kw)
            # Ruling: a Movement keyword added by an entry takes the place of the template's Normal Move; two
            # entries adding different ones leave two, which is reported (one Movement keyword, 000 L2377).
            if movement:
                keywords.discard("normal_move")
            keywords.add(kw)
    normalise(keywords)
    return keywords, duplicated


Plan = tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[tuple[str, bool, bool], ...]]
_EMPTY: Plan = ((), (), ())
# Catalogue keyword changes live as long as the process, so each is read into a plan once (keyed by identity).
_PLANS: dict[int, tuple[KeywordChanges, Plan]] = {}
register("fight2e.keywords.plans", _PLANS.clear)


def plans(changes: Iterable[KeywordChanges]) -> tuple[Plan, ...]:
    """The changes that touch the keyword set, each read into a plan: what it removes, replaces and adds."""
    out = []
    for change in changes:
        known = _PLANS.get(id(change))
        plan = known[1] if known is not None and known[0] is change else _plan(change)
        if plan is not _EMPTY:
            out.append(plan)
    return tuple(out)


def _plan(change: KeywordChanges) -> Plan:
    if not (change.add or change.remove or change.replace):
        plan = _EMPTY
    else:
        plan = (
            change.remove,
            tuple(change.replace.items()),
            tuple(
                (kw, category(kw) is KeywordCategory.modifier, category(kw) is KeywordCategory.movement)
                for kw in change.add
            ),
        )
    if len(_PLANS) > 50_000:  # only catalogue objects come here; a bound all the same
        _PLANS.clear()
    _PLANS[id(change)] = (change, plan)  # the change is kept, so its id is never reused while the plan lives
    return plan


def normalise(keywords: set[str]) -> None:
    """The implied changes of 000 L2349 (Utility), L2363 (No Damage) and L2451 (No Combo)."""
    if "utility" in keywords:
        keywords.discard("offensive")
        for kw in [k for k in keywords if category(k) in (KeywordCategory.damage, KeywordCategory.range)]:
            keywords.discard(kw)
    if "no_damage" in keywords:
        keywords.discard("normal")
        keywords.discard("stun")
    elif "offensive" in keywords and "normal" not in keywords and "stun" not in keywords:
        keywords.add("no_damage")  # neither Normal nor Stun means No Damage (000 L2363)
    if "no_combo" in keywords:
        for kw in [k for k in keywords if category(k) is KeywordCategory.combo and k not in ("no_combo", "gated")]:
            keywords.discard(kw)


def has(keywords: set[str], keyword: str) -> bool:
    return _has(keywords, keyword)


_ORDER_KEY: dict[str, tuple[int, str]] = {}
register("fight2e.keywords.order_key", _ORDER_KEY.clear)


def _order_key(keyword: str) -> tuple[int, str]:
    key = _ORDER_KEY.get(keyword)
    if key is None:
        key = _ORDER_KEY[keyword] = (_ORDER[keyword_base(keyword)], keyword)
    return key


def ordered(keywords: Iterable[str]) -> list[str]:
    """The book's display order: by category, as the keyword list reads."""
    return sorted(keywords, key=_order_key)


def of_category(keywords: Iterable[str], cat: KeywordCategory) -> list[str]:
    return [k for k in keywords if category(k) is cat]
