"""The start of a round: Imbalance choices, the Effort roll and the Initiative bids (004 L22–L38)."""

from __future__ import annotations

from ...core.findings import map_key
from ...core.protocol.keys import parse
from ..codes import finding
from ..pack import Advantage
from .attack import Use, advantage_use, pay_use
from .models import MAX_CHOICES, Act, Decision, Placing, Point, RoundEventKind
from .sets import DiceSet, read_bid
from .state import (
    Fighter,
    Offer,
    Probe,
    Problem,
    Ranked,
    Refused,
    Round,
    Score,
    Scored,
    Unsettled,
    built,
    choice,
    decision,
)

STAND = decision(Act.stand)
_STAND, _BID = Act.stand, Act.bid  # an enum member read is a call
MECHANICAL = (
    choice("Mechanical Penalty on the Effort Pool", choice=Act.effort),
    choice("Mechanical Penalty on Focus Slots", choice=Act.focus),
    choice("Mechanical Penalty on available Chakra", choice=Act.chakra),
)


def _imbalance_offers(r: Round) -> list[Offer]:
    dramatic = [
        choice(f"Dramatic Penalty: {p.name}", choice=Act.dramatic, penalty=p.id) for p in r.pack.dramatic_penalties
    ]
    return dramatic + list(MECHANICAL)


def _imbalance_check(r: Round):  # type: ignore[no-untyped-def]
    def check(value: Decision) -> Problem:
        if value.choice is Act.dramatic and value.penalty is not None and value.penalty not in r.pack.penalty_by_id:
            return "PENALTY_UNKNOWN", f"Dramatic Penalties of the pack: {', '.join(r.pack.penalty_by_id)}."
        if value.choice in (Act.dramatic, Act.effort, Act.focus, Act.chakra):
            return None
        return "IMBALANCE_CHOICE_MISSING", "Each Imbalance takes the Dramatic Penalty or a Mechanical one."

    return check


def _dramatic(r: Round, f: Fighter, got: Decision, key: str) -> None:
    """The Dramatic Penalty taken: the pack's record says what it forbids this round (004 L24)."""
    penalty = r.pack.penalty_by_id.get(got.penalty or "", r.pack.dramatic_penalties[0])
    f.forbids.update(penalty.forbids)
    if not penalty.forbids:
        r.needs_book(
            "Dramatic Penalty",
            f"decisions{map_key(key)}",
            f"'{penalty.name}' forbids nothing the round can check; what it limits is the table's ruling.",
        )


def imbalance_choices(r: Round, fighting: list[Fighter]) -> dict[str, int]:
    """Each fighter's Effort Pool after the Imbalances they chose to let cut it (004 L22–L24, L29). The n-th
    Imbalance of the sheet is asked at ``R{round}.{fighter}.imbalance`` (``.n`` from the second)."""
    pools: dict[str, int] = {}
    per_rank = r.pack.mechanical_penalty_per_rank.value
    for f in fighting:
        pool, chakra_cut = f.sheet.effort_dice, 0
        for imbalance in f.imbalances:
            key = r.key(f.id, "imbalance")
            got = r.decide(
                key,
                "imbalance",
                f.id,
                _imbalance_offers(r),
                None,
                _imbalance_check(r),
                step="Imbalance",
                text=f"{imbalance.id} (rank {imbalance.rank}): the Dramatic Penalty or a Mechanical one this round.",
                vetted=True,  # the pack's own Dramatic Penalties and the three Mechanical ones
            )
            cut = imbalance.rank * per_rank  # digest D11: the size is the pack's, per rank of the Imbalance
            if got.choice is Act.dramatic:
                _dramatic(r, f, got, key)
            elif got.choice is Act.effort:
                pool = max(0, pool - cut)
            elif got.choice is Act.chakra:
                chakra_cut += cut  # digest D15: less Prana spendable this round, the store untouched
            elif got.choice is Act.focus:
                f.focus = max(0, f.focus - cut)
                r.needs_book(
                    "Focus Slots",
                    f"decisions{map_key(key)}",
                    f"{f.id} has {f.focus} this round; what they are used for is in the core rulebook.",
                )
            r.say("Imbalance", f.id, f"{imbalance.id}: {got.choice.value} penalty.", "004 L24")
            if got.choice is not Act.dramatic:
                r.event(RoundEventKind.penalty, f.id, amount=cut, rank=imbalance.rank)
        f.prana_cap = max(0, f.prana() - chakra_cut) if chakra_cut else None
        pools[f.id] = pool
    return pools


def roll_effort(r: Round, fighting: list[Fighter], pools: dict[str, int]) -> None:
    """Every fighter rolls their pool, the ambushed too (004 L26–L28): ``R{round}.{fighter}.effort``, ``.n`` the
    n-th die. Dice sent beyond the pool are refused first."""
    extra = False
    for f in r.fighters.values():  # spectators and the Vanquished roll nothing (ruling, 004 L20)
        pool = pools.get(f.id, 0)
        for key in _extra_dice(r, f, pool):
            extra = True
            r.dice.used.add(key)  # reported here, not again as a die the round never rolled
            r.violations.append(
                finding(
                    "DICE_INVALID",
                    f"rolls{map_key(key)}",
                    f"{f.id} rolls {pool} Effort dice this round (after Imbalances): this die is one too many.",
                    key,
                )
            )
    if extra:
        raise Refused  # 004 L27–L29: a roll of more dice than the pool is no roll of the pool
    if r.speculating():
        raise Unsettled("effort")  # the pools hang on Imbalance choices the look-ahead only stood in for
    for f in fighting:
        for _ in range(pools[f.id]):
            key = r.key(f.id, "effort")
            f.pool[key] = r.roll(key, "Effort")
        if f.pool:
            faces = ", ".join(str(v) for v in f.pool.values())
            r.say("Roll Effort", f.id, f"{len(f.pool)} Effort dice: {faces}.", "004 L27")
            r.event(RoundEventKind.effort, f.id, value=len(f.pool), figures=dict(f.pool))


def _extra_dice(r: Round, f: Fighter, pool: int) -> list[str]:
    """Effort dice sent for the fighter beyond the pool they roll this round (the bare key is the first die)."""
    out = []
    for key in r.request.rolls:
        parts = parse(key)
        mine = ("R", r.request.round, f.id, "effort")
        if parts is None or (parts.letter, parts.n, parts.fighter, parts.point) != mine:
            continue
        if parts.other is None and parts.window is None and parts.move == 1 and parts.repeat > pool:
            out.append(key)
    return sorted(out)


def _bid_value(f: Fighter, keys: list[str] | tuple[str, ...]) -> int:
    return sum(f.pool[k] for k in keys)


def _bid_sets(r: Round, f: Fighter) -> list[DiceSet]:
    """The Sets a bid offers first, then one die of each face (nothing is spent before Initiative: the unspent dice
    are the pool)."""
    sets = f.sets(r.pack.total)
    return [*sets.groups, *sets.singles]


def _bid_choices(r: Round, f: Fighter, floor: int) -> list[Offer]:
    offers = [choice("No bid (keep the last one)", choice=Act.stand)]
    seen: set[int] = set()
    for s in _bid_sets(r, f):
        value = s.rank * s.facing
        if value > floor and value not in seen:
            seen.add(value)
            offers.append(choice(f"Bid {s.rank} × {s.facing} = {value}", choice=Act.bid, dice=list(s.keys)))
    everything = list(f.pool)
    total = _bid_value(f, everything)
    if total > floor and total not in seen:
        offers.append(choice(f"Bid every die = {total}", choice=Act.bid, dice=everything))
    return offers


def best_bid(r: Round, f: Fighter, floor: int) -> Ranked:
    """``Asked.best`` of a bid: the offer ``_bid_choices`` would list of highest score (the first listed of equals),
    found from the same candidates in the same order without their labels; not bidding, always the first offer."""

    def best(act: Act, score: Score) -> Decision | None:
        if act is _STAND:
            return STAND
        if act is not _BID:
            return None
        top: Scored | None = None  # the first listed of the highest score, among as many as the offers list
        top_score, room, seen = None, MAX_CHOICES - 1, set()  # after "No bid"
        sets = f.sets(r.pack.total)
        groups, singles = sets.groups, sets.singles
        bounded = len(groups) + len(singles) > room  # only then can the offers be cut off
        for listed in (groups, singles):  # ``_bid_sets``' order; a Set is scored as it is
            for s in listed:
                value = s.rank * s.facing
                if value > floor and value not in seen:
                    seen.add(value)
                    if bounded and len(seen) > room:
                        break
                    got = score(s)
                    if top is None or got > top_score:
                        top, top_score = s, got
        everything = tuple(f.pool)
        total = sum(f.pool.values())  # ``_bid_value`` of every die
        if total > floor and total not in seen and len(seen) < room:
            probe = Probe(everything)
            got = score(probe)
            if top is None or got > top_score:
                top = probe
        return decision(_BID, dice=list(top.dice)) if top is not None else None

    return best


def _bid_check(f: Fighter, floor: int):  # type: ignore[no-untyped-def]
    def check(value: Decision) -> Problem:
        if value.choice is Act.stand:
            return None
        if value.choice is not Act.bid:
            return "DECISION_INVALID", "A bid is `bid` with dice, or `stand`."
        read = read_bid(value.dice, f.pool)
        if isinstance(read, str):
            return "SET_INVALID", read
        if _bid_value(f, read) <= floor:
            return "BID_NOT_HIGHER", f"A bid must be above {floor}, the bidder's previous bid."  # 004 L34
        return None

    return check


def bid(r: Round, fighting: list[Fighter]) -> None:
    """Bids from the GM clockwise, then rebids (each above one's last) until a pass raises nothing (004 L31–L34):
    ``R{round}.{fighter}.bid``, ``.n`` the n-th pass."""
    bidders = [f for f in fighting if f.pool]
    # Every pass but the last raises someone's bid by 1 at least, and no bid exceeds the sum of one's faces: this
    # bound only keeps a malformed loop finite, a real table always stops before it.
    passes = 1 + sum(sum(f.pool.values()) for f in bidders) + 1
    for p in range(1, passes + 1):
        raised = False
        for f in bidders:
            floor = _bid_value(f, f.bid) if f.bid else 0
            default = None if p == 1 else STAND
            offers = lambda f=f, floor=floor: _bid_choices(r, f, floor)  # noqa: E731
            got = r.decide(
                r.key(f.id, "bid"),
                "bid",
                f.id,
                offers,
                default,
                _bid_check(f, floor),
                step="Initiative Bid",
                text=f"Pass {p}: bid Effort dice for Initiative (above {floor})." if floor else f"Pass {p}: bid.",
                vetted=True,  # _bid_choices lists only what _bid_check passes
                best=best_bid(r, f, floor),
            )
            if got.choice is Act.bid:
                f.bid = list(got.dice)  # a rebid replaces the last bid (004 L34)
                raised = True
                value = _bid_value(f, f.bid)
                r.say("Initiative Bid", f.id, f"Bids {value} (pass {p}).", "004 L31–L34")
                r.event(RoundEventKind.bid, f.id, amount=value, bid_pass=p, dice=len(f.bid))
        if not raised:
            break


def order_of(r: Round, fighters: list[Fighter]) -> list[Fighter]:
    """Highest Initiative first; ties go to more dice bid, then the earlier bidder (digest D13)."""
    place = {c.id: i for i, c in enumerate(r.request.combatants)}
    return sorted(fighters, key=lambda f: (-f.initiative, -len(f.bid), place[f.id]))


def initiative(r: Round, fighting: list[Fighter]) -> None:
    """The final bids are spent; Initiative is their faces' sum (digest D4), plus Reach's die
    (``R{round}.{fighter}.reach``). Highest first; ties go to more dice bid, then the earlier bidder (digest D13)."""
    reach: dict[str, int] = {}
    for f in fighting:
        f.used.update(f.bid)  # 004 L35: only the final bid is spent
        f.initiative = _bid_value(f, f.bid)
        if f.weapon is not None and f.weapon.advantage is Advantage.initiative_die and _reach_used(r, f):
            reach[f.id] = r.roll(r.key(f.id, Point.reach), "Reach: Initiative +1d10")
            f.initiative += reach[f.id]
    ordered = order_of(r, fighting)
    r.order = [f.id for f in ordered]
    for n, f in enumerate(ordered, start=1):
        r.say("Initiative", f.id, f"Initiative {f.initiative}: turn {n}.", "004 L36")
        figures = {"bid": _bid_value(f, f.bid)} | ({Point.reach.value: reach[f.id]} if f.id in reach else {})
        r.event(RoundEventKind.initiative, f.id, amount=n, value=f.initiative, figures=figures)


def _reach_check(r: Round, f: Fighter):  # type: ignore[no-untyped-def]
    def check(value: Decision) -> Problem:
        if value.choice is Act.stand:
            return None
        if value.choice is not Act.pay:
            return "DECISION_INVALID", "`pay` (with `surcharge_die`, or 3 Prana) to use the stand-in, or `stand`."
        use = advantage_use(r, f, (Advantage.initiative_die,), value)
        return use if isinstance(use, tuple) else None

    return check


def _reach_used(r: Round, f: Fighter) -> bool:
    """A spear's die is its free use of the round (004 L88, L93); a stand-in's only when its surcharge is paid
    (004 L98), asked under ``R{n}.{fighter}.improvised`` (default: not used)."""
    if f.improvised and not f.surcharge_free:

        def offers() -> list[Offer]:
            dice = [choice(f"Pay with the die {f.pool[k]}", Act.pay, surcharge_die=k) for k in f.free()]
            return [choice("Do not use it", Act.stand), choice("Pay 3 Prana", Act.pay), *dice]

        key = r.key(f.id, Point.improvised)
        text = "Use the stand-in spear's Reach this round, paying its surcharge?"
        got = r.decide(key, Point.improvised.value, f.id, offers, STAND, _reach_check(r, f), step="Weapons", text=text)
        if got.choice is Act.stand:
            return False
        use = advantage_use(r, f, (Advantage.initiative_die,), got)
        assert isinstance(use, Use)
        pay_use(r, f, use)
        return True
    f.advantage_uses += 1  # the free use of the round (004 L88)
    return True


def placing(f: Fighter) -> Placing:
    """A turn as it came up: the Initiative it was taken at (after any lowering, 004 L38)."""
    values = {
        "fighter": f.id,
        "initiative": f.initiative,
        "bid": list(f.bid),
        "bid_total": _bid_value(f, f.bid),
        "took_turn": not f.out,
    }
    return built(Placing, values)


def bid_total(f: Fighter) -> int:
    return _bid_value(f, f.bid)
