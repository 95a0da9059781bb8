"""What an action costs and buys: its bundle from the fixed menu (or a technique's tokens and Power Points), the
Power Points it yields and its effect. Shared by the pricing operation and the round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.findings import Finding
from ..codes import finding
from ..pack import RpgPack
from ..tokens.counts import TOKEN_TYPES, RpgTokenType, short
from ..tokens.menu import BY_ACTION, ROWS, RpgEffect, RpgMenuRow, RpgResponseKind, RpgUse
from .models import RpgAction, RpgActionKind

NO_EFFECT = RpgEffect()


@dataclass
class Bundle:
    use: RpgUse | None
    rows: list[str] = field(default_factory=list)
    tokens: dict[RpgTokenType, int] = field(default_factory=dict)
    power_points: int = 0
    yield_power_points: int = 0
    blockable: bool = False
    targeted: bool = False
    map_only: bool = False
    effect: RpgEffect = NO_EFFECT
    strikes: int = 0  # Damage and Knockdown tokens in it: what Block cancels, two per Block token (002 L72)
    grapples: int = 0  # Grapple tokens in it: what a Grapple token cancels (002 L45)
    response: RpgResponseKind | None = None
    whole: bool = False  # a technique: blocked, cancelled or evaded as a whole, never in part (our ruling)
    findings: list[Finding] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.findings


EFFECT_FIELDS = tuple(RpgEffect.model_fields)
ROW_TOKENS: dict[str, dict[RpgTokenType, int]] = {
    r.id: {t: n for t, n in r.tokens.as_dict().items() if n} for r in ROWS.values()
}


def _add(b: Bundle, r: RpgMenuRow, times: int = 1) -> None:
    if times == 0:
        return
    b.rows += [r.id] * times
    for t, n in ROW_TOKENS[r.id].items():
        b.tokens[t] = b.tokens.get(t, 0) + n * times
    b.yield_power_points += r.yield_power_points * times
    e, add = b.effect, r.effect
    sums = {f: getattr(e, f) + getattr(add, f) * times for f in EFFECT_FIELDS}
    b.effect = RpgEffect.model_construct(**sums)  # sums of the menu's own validated values
    b.targeted = b.targeted or r.target
    b.map_only = b.map_only or r.map_only
    b.strikes = b.tokens.get(RpgTokenType.damage, 0) + b.tokens.get(RpgTokenType.knockdown, 0)
    b.grapples = b.tokens.get(RpgTokenType.grapple, 0)


def _extra(a: RpgAction, allowed: set[str], at: str) -> list[Finding]:
    given = {n for n in ("technique", "direction") if getattr(a, n) is not None}
    return [finding("ACTION_MALFORMED", f"{at}.{n}", f"`{n}` is not part of {a.kind.value}.") for n in given - allowed]


def _off_menu(a: RpgAction, b: Bundle, at: str) -> list[Finding]:
    """Token counts stated beside the kind that its menu bundle does not spend: a bundle the menu does not offer
    (002 L16-L80), refused by itself (the request's other actions are still priced)."""
    wrong = {t: n for t in TOKEN_TYPES if (n := getattr(a, t)) is not None and n != b.tokens.get(t, 0)}
    if not wrong:
        return []
    stated = {t: n for t in TOKEN_TYPES if (n := getattr(a, t)) is not None} | {
        t: n for t, n in b.tokens.items() if t not in wrong and getattr(a, t) is None
    }
    return [finding("ACTION_UNKNOWN", at, f"The menu has no {a.kind.value} spending {short(stated)} (002 L16-L80).")]


def _attack(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    b = Bundle(RpgUse.turn, blockable=True, findings=_extra(a, set(), at))
    d, k = a.damage or 0, a.knockdown or 0
    if d + k == 0:
        b.findings.append(finding("ACTION_MALFORMED", at, "An attack spends at least one Damage or Knockdown token."))
    elif d + k > pack.max_attack_tokens.value:  # the pack's ruling on the size of one attack
        most = pack.max_attack_tokens.value
        b.findings.append(finding("ATTACK_TOO_LARGE", at, f"{d + k} tokens in one attack; the pack allows {most}."))
    for r in BY_ACTION[RpgActionKind.attack]:  # one token a row: spent as many times as the attack states it
        (token,) = ROW_TOKENS[r.id]
        _add(b, r, getattr(a, token) or 0)
    b.targeted = True
    return b


def _fitting(a: RpgAction) -> RpgMenuRow:
    """The bundle of the action's kind that spends the token types the action states, judged on the types its
    bundles differ in (a grab: with or without Knockdown); a count it does not spend (two Knockdown tokens on a
    grab) is then off the menu."""
    rows = BY_ACTION[a.kind]
    if len(rows) == 1:
        return rows[0]
    counts = [r.tokens.as_dict() for r in rows]
    differ = [t for t in TOKEN_TYPES if len({bool(c.get(t)) for c in counts}) > 1]
    for r, c in zip(rows, counts, strict=True):
        if all(bool(c.get(t)) == bool(getattr(a, t)) for t in differ):
            return r
    return rows[0]


def _grab(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    b = Bundle(RpgUse.turn, findings=_extra(a, set(), at))
    _add(b, _fitting(a))  # with or without the Knockdown token (002 L35, L46)
    return b


def _technique(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    b = Bundle(RpgUse.turn, findings=_extra(a, {"technique"}, at))
    t = pack.technique(a.technique) if a.technique else None
    if t is None:
        b.findings.append(finding("ACTION_UNKNOWN", f"{at}.technique", f"No technique {a.technique!r} in the pack."))
        return b
    b.rows = [t.id]
    b.tokens = {k: n for k, n in t.tokens.as_dict().items() if n}
    b.power_points, b.yield_power_points, b.blockable = t.power_points, t.yield_power_points, t.blockable
    b.effect = RpgEffect(damage=t.damage, order_down=t.order_down)
    b.targeted = bool(t.damage or t.order_down)
    b.whole = True
    b.strikes = t.tokens.damage + t.tokens.knockdown
    b.grapples = t.tokens.grapple
    return b


def _row(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    """An action that is one bundle of the menu, the bundle its kind names."""
    r = _fitting(a)
    b = Bundle(r.use, findings=_extra(a, set(), at), response=r.response)
    _add(b, r)
    return b


def _move(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    b = Bundle(RpgUse.turn, findings=_extra(a, {"direction"}, at))
    _add(b, _fitting(a))
    return b


def _pass(a: RpgAction, pack: RpgPack, at: str) -> Bundle:
    return Bundle(None, findings=_extra(a, set(), at))


KINDS: dict[RpgActionKind, Callable[[RpgAction, RpgPack, str], Bundle]] = {
    RpgActionKind.attack: _attack,
    RpgActionKind.grab: _grab,
    RpgActionKind.technique: _technique,
    RpgActionKind.pass_: _pass,
    RpgActionKind.strip_block: _row,
    RpgActionKind.move: _move,
    RpgActionKind.complex_action: _row,
    RpgActionKind.block: _row,
    RpgActionKind.grapple_cancel: _row,
    RpgActionKind.evade: _row,
    RpgActionKind.counter: _row,
}


def bundle_of(a: RpgAction, pack: RpgPack, at: str = "action", map_combat: bool = False) -> Bundle:
    b = KINDS[a.kind](a, pack, at)
    b.findings += _off_menu(a, b, at)
    if b.map_only and not map_combat:
        b.findings.append(finding("MAP_ONLY", at, "Moving 5 feet needs map combat."))
    return b


def blocks_needed(b: Bundle) -> int:
    """Block tokens that cancel all of ``b``'s Damage and Knockdown tokens, two each (002 L72); at least one."""
    return max(1, (b.strikes + 1) // 2)


def affordable(b: Bundle, tokens: dict[RpgTokenType, int], power_points: int) -> bool:
    if power_points < b.power_points:
        return False
    for t, n in b.tokens.items():  # noqa: SIM110 (a loop: twice as fast as all() over a generator here)
        if tokens.get(t, 0) < n:
            return False
    return True
