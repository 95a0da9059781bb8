"""Ashes' simulation policies: each answers a round's pending decision with one of its offered choices.

A policy is data (``Style``): how it bids for Initiative on the first pass (004 L30-L31), which attack it takes
(the Set of most dice, or of fewest, its faces breaking ties), how it defends, and how it buys damage down. Every
other decision takes its default when offered, else the first choice. ``aggressive`` and ``greedy`` defend with the
weapon's advantage when it is offered for the Set they pick (free once a round, then Prana at the weapon's Cost, 004
L88, L91): the only Prana a round offers to spend on a choice; the fight goes on at the end of each round
(004 L83) and nobody grabs or takes a Rank 0 action. Choosing depends only on the choices and the dice's faces,
so it is deterministic given the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import repeat
from typing import Any, NamedTuple

from ...core.protocol.keys import parse
from ...core.protocol.models import ChoiceOption, DecisionNeeded
from ...memo import memo
from ..round.models import Act, Decision
from ..round.state import Asked, Score, Scored


class AshesSimPolicy(StrEnum):
    """How a side answers the round's decisions (docs/simulation.md has the details)."""

    balanced = "balanced"  # bids its best die; attacks with its biggest Set; defends with its best; Aura first
    aggressive = "aggressive"  # bids its worst die; attacks with its biggest Set; defends with its worst die
    defensive = "defensive"  # does not bid; attacks with its smallest Set, keeping dice to defend; defends best
    greedy = "greedy"  # the most this turn: bids its best die, the attack of most dice and highest faces


class Size(StrEnum):
    most = "most"
    fewest = "fewest"
    none = "none"


@dataclass(frozen=True)
class Style:
    bid: Size  # first pass: a single die, the highest (most) or lowest (fewest) face; none: no bid
    attack: Size
    defend: Size
    buy_down: int  # which `pay` choice, in the order offered (the first: Aura first)
    prana: bool = False  # defends with the weapon's advantage when offered: free once a round, then its Prana Cost


POLICIES: dict[AshesSimPolicy, Style] = {
    AshesSimPolicy.balanced: Style(bid=Size.most, attack=Size.most, defend=Size.most, buy_down=0),
    AshesSimPolicy.aggressive: Style(bid=Size.fewest, attack=Size.most, defend=Size.fewest, buy_down=1, prana=True),
    AshesSimPolicy.defensive: Style(bid=Size.none, attack=Size.fewest, defend=Size.most, buy_down=0),
    AshesSimPolicy.greedy: Style(bid=Size.most, attack=Size.most, defend=Size.most, buy_down=1, prana=True),
}


class Option(NamedTuple):
    """What a policy reads of an offered choice: its act and the Effort dice it names."""

    act: str
    dice: tuple[str, ...]
    advantage: bool = False  # with the weapon's advantage (the resolver offers it only when it can be paid)


def _field(c: ChoiceOption, name: str) -> Any:
    return c.value.get(name) if isinstance(c.value, dict) else None


def _of(options: list[Option], act: Act) -> list[int]:
    return [i for i, o in enumerate(options) if o.act == act.value]


def _pick(options: list[Option], among: list[int], size: Size, faces: Mapping[str, int], prana: bool = False) -> int:
    """The offered choice of most (or fewest) dice, higher faces first among equals (``among`` not empty); with
    ``prana``, the same dice with the weapon's advantage before them without it (004 L88: free once a round, then
    at the weapon's Cost; Reflexive, Defense Rank +1, 004 L91), else the first offered of equals."""

    def score(i: int) -> tuple[int, int, int]:
        n, total = len(options[i].dice), sum(faces.get(d, 0) for d in options[i].dice)
        used = int(prana and options[i].advantage)
        return (n, total, used) if size is Size.most else (-n, total, used)

    return max(among, key=score)


@memo(4096)  # the same keys come up in every fight of a run
def _first_pass(key: str) -> bool:
    parts = parse(key)
    return parts is not None and parts.repeat == 1


def pick(
    policy: AshesSimPolicy, point: str, key: str, options: list[Option], default: int | None, faces: Mapping[str, int]
) -> int:
    """The index of the policy's choice among the offered ``options`` (``default``: the index of the default)."""
    style = POLICIES[policy]

    def first_or(act: Act) -> int:
        return next(iter(_of(options, act)), 0)

    if point == "bid":
        single = [i for i in _of(options, Act.bid) if len(options[i].dice) == 1]
        if not _first_pass(key) or style.bid is Size.none or not single:
            return first_or(Act.stand)
        by_face = sorted(single, key=lambda i: faces.get(options[i].dice[0], 0))
        return by_face[-1] if style.bid is Size.most else by_face[0]
    if point == "action":
        attacks = _of(options, Act.attack)
        return _pick(options, attacks, style.attack, faces) if attacks else first_or(Act.end)
    if point == "defense":
        defends = _of(options, Act.defend)
        return _pick(options, defends, style.defend, faces, style.prana) if defends else first_or(Act.none)
    if point == "buy_down":
        pays = _of(options, Act.pay)
        return pays[min(style.buy_down, len(pays) - 1)] if pays else 0
    if point == "continue":
        return first_or(Act.go_on)
    if point == "kill":
        return first_or(Act.spare)
    return default if default is not None else 0


def choose(policy: AshesSimPolicy, pending: DecisionNeeded, faces: Mapping[str, int]) -> ChoiceOption:
    """The policy's choice among the pending decision's offered choices (as a protocol client reads them)."""
    choices = pending.choices
    options = [
        Option(str(_field(c, "choice")), tuple(_field(c, "dice") or ()), bool(_field(c, "advantage"))) for c in choices
    ]
    default = next((i for i, c in enumerate(choices) if c.value == pending.default), None)
    return choices[pick(policy, pending.point, pending.key, options, default, faces)]


_MOST = Size.most  # read once: an enum member read is a call


def _scored(size: Size, faces: Mapping[str, int], prana: bool = False) -> Score:
    """``_pick``'s score read from the offered value itself (a die not rolled counts 0)."""
    get, sign = faces.get, 1 if size is _MOST else -1

    def score(d: Scored) -> tuple[int, int, int]:
        dice = d.dice
        n = len(dice)
        total = get(dice[0], 0) if n == 1 else sum(map(get, dice, repeat(0)))
        return (sign * n, total, 1 if prana and d.advantage else 0)

    return score


def _single(size: Size, faces: Mapping[str, int]) -> Score:
    """``pick``'s first-pass bid read from the offered value: a single die, its face highest (most) or lowest."""
    get, sign = faces.get, 1 if size is _MOST else -1

    def score(d: Scored) -> tuple[int, int]:
        dice = d.dice
        return (1, sign * get(dice[0], 0)) if len(dice) == 1 else (0, 0)

    return score


def _nothing(_d: Scored) -> int:
    return 0


Chooser = Callable[[Asked], Decision]
_ATTACK, _END, _DEFEND, _NONE, _STAND, _BID, _PAY = (
    Act.attack,
    Act.end,
    Act.defend,
    Act.none,
    Act.stand,
    Act.bid,
    Act.pay,
)
# (read once: each read of an enum's member as a class attribute is a Python call)


def _handlers(policy: AshesSimPolicy) -> dict[str, Chooser]:
    """``choose_offer``'s handler of each point ``pick`` reads the offers of, the policy's ``Style`` read once: an
    attack or the turn's end, a defence, or a first-pass bid through the round's ``best`` (the same offer ``pick``
    takes), the default where ``pick`` takes the default or the one offer of the default's act (a rebid's stand,
    going on, sparing), the first offer where ``pick`` takes it; else ``pick`` reads the listed offers. At any other
    point the policy takes the default, else the first offer (``_other``)."""
    style = POLICIES[policy]
    attack, defend, prana, bid, buy = style.attack, style.defend, style.prana, style.bid, style.buy_down
    bids = bid is not Size.none

    def listed(a: Asked) -> Decision:  # a point ``pick`` reads the offers of: it does not look for the default
        offers = a.offers
        options = [Option(o.choice.value, tuple(o.dice), o.advantage) for o in offers]
        return offers[pick(policy, a.point, a.key, options, None, a.faces)]

    def action(a: Asked) -> Decision:
        if not a.searched:
            return listed(a)
        found = a.best(_ATTACK, _scored(attack, a.faces))
        return found if found is not None else a.best(_END, _nothing)  # type: ignore[return-value]

    def defense(a: Asked) -> Decision:
        if not a.searched:
            return listed(a)
        found = a.best(_DEFEND, _scored(defend, a.faces, prana))
        return found if found is not None else a.best(_NONE, _nothing)  # type: ignore[return-value]

    def bidding(a: Asked) -> Decision:
        default = a.default
        if not bids or not _first_pass(a.key):
            if default is None and a.searched:
                return a.best(_STAND, _nothing)  # type: ignore[return-value]
            return default if default is not None and default.choice is _STAND else listed(a)
        if not a.searched:
            return listed(a)
        found = a.best(_BID, _single(bid, a.faces))  # a single die, the highest (or lowest) face; else no bid
        return found if found is not None and len(found.dice) == 1 else a.best(_STAND, _nothing)  # type: ignore[return-value]

    def buy_down(a: Asked) -> Decision:  # ``pick``'s buy-down read from the offered values
        offers = a.offers
        pays = [o for o in offers if o.choice is _PAY]
        return pays[min(buy, len(pays) - 1)] if pays else offers[0]

    def wanting(act: Act) -> Chooser:
        def take(a: Asked) -> Decision:
            default = a.default
            return default if default is not None and default.choice is act else listed(a)

        return take

    return {
        "bid": bidding,
        "action": action,
        "defense": defense,
        "buy_down": buy_down,
        "continue": wanting(Act.go_on),
        "kill": wanting(Act.spare),
    }


def _other(a: Asked) -> Decision:
    default = a.default
    return default if default is not None else a.offers[0]


_HANDLERS = {p: _handlers(p) for p in AshesSimPolicy}


def chooser(policy: AshesSimPolicy) -> Chooser:
    """The in-process decider of one policy: ``choose_offer`` with the policy given."""
    handlers = _HANDLERS[policy]

    def choose(a: Asked) -> Decision:
        return handlers.get(a.point, _other)(a)

    return choose


def two_sided(second: str, policies: tuple[AshesSimPolicy, AshesSimPolicy]) -> Chooser:
    """The in-process decider of a fight: the policy of the second side for its fighter ``second``, the first
    side's for anyone else (``chooser`` of that policy, in one call)."""
    first_side, second_side = _HANDLERS[policies[0]], _HANDLERS[policies[1]]

    def choose(a: Asked) -> Decision:
        return (second_side if a.fighter == second else first_side).get(a.point, _other)(a)

    return choose


def choose_offer(policy: AshesSimPolicy, asked: Asked) -> Decision:
    """The same choice among the round's own offered values (in process: nothing turned into JSON, and no more
    offers listed than the choice reads), reading the faces of the deciding fighter's own dice (``asked.faces``)."""
    return _HANDLERS[policy].get(asked.point, _other)(asked)
