"""The start of a round: Imbalance choices, the Effort roll and the Initiative bids (004 L22–L38)."""

from __future__ import annotations

from ..core.findings import map_key
from .pack import Advantage
from .round_models import Act, Decision, Placing, RoundDecision, RoundDie, RoundEventKind
from .round_state import Fighter, Pending, Problem, Round, built, choice, decision
from .sets import groups, read_bid, singles

STAND = decision(Act.stand)
IMBALANCE_CHOICES = (
    choice("Dramatic Penalty: limits what the actions can do", choice=Act.dramatic),
    choice("Mechanical Penalty on the Effort Pool", choice=Act.effort),
    choice("Mechanical Penalty on Focus Slots", choice=Act.focus),
    choice("Mechanical Penalty on available Chakra", choice=Act.chakra),
)


def _imbalance_check(value: Decision) -> Problem:
    if value.choice in (Act.dramatic, Act.effort, Act.focus, Act.chakra):
        return None
    return "IMBALANCE_CHOICE_MISSING", "Each Imbalance takes the Dramatic Penalty or a Mechanical one."


def imbalance_choices(r: Round, fighting: list[Fighter]) -> dict[str, int]:
    """Each fighter's Effort Pool after the Imbalances they chose to let cut it (004 L22–L24, L29)."""
    pools: dict[str, int] = {}
    pending: list[RoundDecision] = []
    per_rank = r.pack.mechanical_penalty_per_rank.value
    for f in fighting:
        pool, chakra_cut = f.sheet.effort_dice, 0
        for imbalance in f.imbalances:
            key = r.key(f.id, "imbalance", imbalance.id)
            got = r.decide(key, "imbalance", f.id, IMBALANCE_CHOICES, None, _imbalance_check)
            if isinstance(got, RoundDecision):
                pending.append(got)
                continue
            cut = imbalance.rank * per_rank  # digest D11: the size is the pack's, per rank of the Imbalance
            if got.choice is Act.dramatic:
                r.unsupported_once(
                    "dramatic_penalty",
                    f"decisions{map_key(key)}",
                    "What a Dramatic Penalty forbids is in the missing rulebook: it is logged, not enforced.",
                )
            elif got.choice is Act.effort:
                pool = max(0, pool - cut)
            elif got.choice is Act.chakra:
                chakra_cut += cut  # digest D15: less Prana spendable this round, the store untouched
            elif got.choice is Act.focus:
                r.unsupported_once(
                    "focus_slots",
                    f"decisions{map_key(key)}",
                    "Focus Slots are used by rules of the missing rulebook: the penalty is logged only.",
                )
            r.say("Imbalance", f.id, f"{imbalance.id}: {got.choice.value} penalty.", "004 L24")
            if got.choice is not Act.dramatic:
                r.event(RoundEventKind.penalty, f.id, amount=cut)
        f.prana_cap = max(0, f.prana() - chakra_cut) if chakra_cut else None
        pools[f.id] = pool
    if pending:
        raise Pending([], pending)
    return pools


def roll_effort(r: Round, fighting: list[Fighter], pools: dict[str, int]) -> None:
    """Every fighter rolls their pool, the ambushed too (004 L26–L28); all missing dice are asked at once."""
    missing: list[RoundDie] = []
    for f in fighting:
        for n in range(1, pools[f.id] + 1):
            key = r.key(f.id, "effort", n)
            face = r.roll(key, "Effort", missing)
            if face is not None:
                f.pool[key] = face
        if f.pool:
            faces = ", ".join(str(v) for v in f.pool.values())
            r.say("Roll Effort", f.id, f"{len(f.pool)} Effort dice: {faces}.", "004 L27")
    if missing:
        raise Pending(missing, [])


def _bid_value(f: Fighter, keys: list[str] | tuple[str, ...]) -> int:
    return sum(f.pool[k] for k in keys)


def _bid_choices(f: Fighter, floor: int) -> list:
    offers = [choice("No bid (keep the last one)", choice=Act.stand)]
    seen: set[int] = set()
    for s in [*groups(f.pool), *singles(f.pool)]:
        value = s.rank * s.facing
        if value > floor and value not in seen:
            seen.add(value)
            offers.append(choice(f"Bid {s.rank} × {s.facing} = {value}", choice=Act.bid, dice=list(s.keys)))
    everything = list(f.pool)
    total = _bid_value(f, everything)
    if total > floor and total not in seen:
        offers.append(choice(f"Bid every die = {total}", choice=Act.bid, dice=everything))
    return offers


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
    """Bids from the GM clockwise, then rebids (each above one's last) until a pass raises nothing, capped."""
    bidders = [f for f in fighting if f.pool]
    passes = 1 + r.pack.bid_passes.value  # the pack's cap: bidding always ends
    for p in range(1, passes + 1):
        raised = False
        for f in bidders:
            floor = _bid_value(f, f.bid) if f.bid else 0
            default = None if p == 1 else STAND
            offers = lambda f=f, floor=floor: _bid_choices(f, floor)  # noqa: E731
            got = r.decide_now(r.key(f.id, "bid", p), "bid", f.id, offers, default, _bid_check(f, floor))
            if got.choice is Act.bid:
                f.bid = list(got.dice)  # a rebid replaces the last bid (004 L34)
                raised = True
                value = _bid_value(f, f.bid)
                r.say("Initiative Bid", f.id, f"Bids {value} (pass {p}).", "004 L31–L34")
                r.event(RoundEventKind.bid, f.id, amount=value)
        if not raised:
            break


def initiative(r: Round, fighting: list[Fighter]) -> list[Placing]:
    """The final bids are spent; Initiative is their faces' sum (digest D4), plus Reach's die. Highest first;
    ties go to more dice bid, then the earlier bidder (digest D13)."""
    missing: list[RoundDie] = []
    for f in fighting:
        f.used.update(f.bid)  # 004 L35: only the final bid is spent
        f.initiative = _bid_value(f, f.bid)
        if (
            f.weapon is not None
            and f.weapon.advantage is Advantage.initiative_die
            and f.sheet.weapon_type != "improvised"
        ):
            face = r.roll(r.key(f.id, "reach"), "Reach: Initiative +1d10", missing)
            if face is not None:
                f.initiative += face
                f.advantage_uses += 1  # the free use of the round (004 L88)
    if missing:
        raise Pending(missing, [])
    place = {f.id: i for i, f in enumerate(fighting)}
    ordered = sorted(fighting, key=lambda f: (-f.initiative, -len(f.bid), place[f.id]))
    r.order = [f.id for f in ordered]
    for n, f in enumerate(ordered, start=1):
        r.say("Initiative", f.id, f"Initiative {f.initiative}: turn {n}.", "004 L36")
        r.event(RoundEventKind.initiative, f.id, amount=n, value=f.initiative)
    return [built(Placing, {"fighter": f.id, "initiative": f.initiative, "bid": list(f.bid)}) for f in ordered]
