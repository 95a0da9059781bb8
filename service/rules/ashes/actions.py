"""A combatant's turn: one single-die action, Bonus Actions from Sets of rank 2 or more, one rank-0 action
(004 L39–L46), with attacks, grabs, awakening, escapes and other skill actions."""

from __future__ import annotations

from ..core.findings import map_key
from .attack import Blow, advantage_cost, pay, strike, technique_bonus
from .chakra import awakened
from .combatant import ChakraState, TechniqueKeyword
from .pack import Advantage
from .round_models import Act, Decision, DecisionChoice, RoundEventKind
from .round_state import Fighter, Problem, Round, choice
from .sets import DiceSet, groups, read_set, singles
from .weapons import unarmed_extra_allowed

MAX_ACTIONS = 20  # a turn's actions; far above what an Effort Pool of 30 dice can pay for
ATTACK_KEYWORDS = (TechniqueKeyword.offensive, TechniqueKeyword.versatile)
SET_ACTIONS = (Act.attack, Act.grab, Act.awaken, Act.skill, Act.escape)


def held_value(r: Round, f: Fighter) -> int | None:
    """The hold an escape must beat: the highest of those on the fighter (004 L120)."""
    values = [h.value for h in r.holds if h.held == f.id]
    return max(values) if values else None


def slot_problem(r: Round, f: Fighter, s: DiceSet, act: Act) -> Problem:
    """Whether the turn still has a slot for a Set of this rank (004 L41; Unarmed 004 L97)."""
    if s.rank >= r.pack.bonus_action_min_rank.value or not f.single_used:
        return None
    w = f.weapon
    if act is Act.attack and w is not None and w.advantage is Advantage.unarmed:
        if unarmed_extra_allowed(w, f.rank1_attacks + 1, r.pack):
            return None
        return "UNARMED_LIMIT", "No more Rank 1 attacks this turn."
    return "ACTION_SLOT_EXCEEDED", "The turn's one single-die action is taken; more actions need Sets of rank 2+."


def _target_problem(r: Round, f: Fighter, target: str | None) -> Problem:
    other = r.fighters.get(target or "")
    if other is None or other is f or other.out:
        return "TARGET_INVALID", "The target is another fighter present who is not Vanquished."
    return None


def _attack_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    problem = _target_problem(r, f, value.target)
    if problem:
        return problem
    bonus = technique_bonus(f, value.techniques, ATTACK_KEYWORDS)
    if isinstance(bonus, str):
        return "TECHNIQUE_NOT_APPLICABLE", bonus
    if value.advantage:
        wanted = (Advantage.grab_rank,) if value.choice is Act.grab else (Advantage.offense_rank, Advantage.ranged)
        cost = advantage_cost(f, wanted, value.far)
        if isinstance(cost, tuple):
            return cost
    return None


def _set_problem(r: Round, f: Fighter, value: Decision, s: DiceSet) -> Problem:
    if value.choice in (Act.attack, Act.grab):
        return _attack_problem(r, f, value)
    if value.choice is Act.awaken:
        chakra = next((c for c in f.chakras if c.id == value.chakra), None)
        if chakra is None or chakra.state is not ChakraState.slumbering:
            return "AWAKEN_NOT_SLUMBERING", "Name one of the fighter's slumbering Chakras."
        if s.rank < r.pack.awaken_min_rank.value:
            return "AWAKEN_RANK_TOO_LOW", f"Awakening needs a Spirit Set of rank {r.pack.awaken_min_rank.value}+."
    elif value.choice is Act.escape and held_value(r, f) is None:
        return "ESCAPE_NOT_HELD", "Nobody holds this fighter."
    elif value.choice is Act.skill and value.skill not in r.pack.skill_ids:
        return "SKILL_UNKNOWN", "Name a skill of the pack."
    return None


def _rank_zero_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    action = r.pack.rank_zero_by_id.get(value.rank_zero or "")
    if action is None:
        return "SKILL_UNKNOWN", "Name a rank-0 action of the pack."
    if f.rank_zero_used:
        return "ACTION_SLOT_EXCEEDED", "One rank-0 action a turn."  # 004 L42
    if action.moves and held_value(r, f) is not None:
        return "HELD_CANNOT_MOVE", "A held fighter moves only as the holder decides."  # 004 L117
    return None


def _slay_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    target = r.fighters.get(value.target or "")
    if target is None or not target.vanquished or target.killed:
        return "TARGET_INVALID", "Only a Vanquished fighter who is still alive can be slain."
    if f.rank_zero_used:
        return "ACTION_SLOT_EXCEEDED", "Slaying the helpless takes the turn's rank-0 action."
    if not (r.death_token or f.sheet.player):
        return "KILL_NOT_ALLOWED", "Without the Death Token only a player may declare a kill."  # 004 L127
    return None


def action_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    """Why an action cannot be taken now, or None."""
    if value.choice is Act.end:
        return None
    if value.choice is Act.rank_zero:
        return _rank_zero_problem(r, f, value)
    if value.choice is Act.kill:
        return _slay_problem(r, f, value)
    if value.choice not in SET_ACTIONS:
        return "DECISION_INVALID", "An action is attack, grab, awaken, skill, escape, rank_zero or end."
    s = read_set(value.dice, f.free())
    if isinstance(s, str):
        return "SET_INVALID", s
    return slot_problem(r, f, s, value.choice) or _set_problem(r, f, value, s)


def _set_offers(r: Round, f: Fighter, s: DiceSet, foes: list[Fighter]) -> list[DecisionChoice]:
    text = f"{s.rank} × {s.facing} ({r.pack.total(s.rank, s.facing)})"
    dice = list(s.keys)
    out = []
    for act in (Act.attack, Act.grab):
        for foe in foes:
            if slot_problem(r, f, s, act) is None:
                out.append(choice(f"{act.value.title()} {foe.id} with {text}", choice=act, dice=dice, target=foe.id))
    if s.rank >= r.pack.awaken_min_rank.value:
        for c in f.chakras:
            if c.state is ChakraState.slumbering:
                out.append(
                    choice(f"Awaken {c.id} with {text}", choice=Act.awaken, dice=dice, chakra=c.id, skill="spirit")
                )
    if slot_problem(r, f, s, Act.escape) is None and held_value(r, f) is not None:
        out.append(choice(f"Escape the hold with {text}", choice=Act.escape, dice=dice))
    return out


def action_offers(r: Round, f: Fighter) -> list[DecisionChoice]:
    offers = [choice("End the turn", choice=Act.end)]
    if not f.rank_zero_used:
        held = held_value(r, f) is not None
        for action in r.pack.rank_zero:
            if not (action.moves and held):
                offers.append(choice(action.name, choice=Act.rank_zero, rank_zero=action.id))
        if r.death_token or f.sheet.player:
            helpless = [o for o in r.fighters.values() if o.vanquished and not o.killed]
            offers += [choice(f"Slay {o.id}, Vanquished and helpless", choice=Act.kill, target=o.id) for o in helpless]
    foes = [o for o in r.fighters.values() if o is not f and not o.out]
    sets = {s.keys: s for s in [*groups(f.free()), *singles(f.free())]}
    for s in sorted(sets.values(), key=lambda s: r.pack.total(s.rank, s.facing), reverse=True):
        offers += _set_offers(r, f, s, foes)
    return offers


def _spend_slot(r: Round, f: Fighter, s: DiceSet, act: Act) -> None:
    f.used.update(s.keys)
    if s.rank >= r.pack.bonus_action_min_rank.value:
        return
    if not f.single_used:
        f.single_used = True
        return
    f.rank1_attacks += 1  # Unarmed's extra Rank 1 attack: the advantage's use (digest D19)
    w = f.weapon
    extra = (w.rank1_attacks or 1) - 1 if w else 0
    pay(r, f, w.cost if w and f.rank1_attacks > extra else 0)


def perform(r: Round, f: Fighter, value: Decision, n: int) -> None:
    """Carries out a legal action (``action_problem`` said so)."""
    if value.choice is Act.kill:
        _slay(r, f, r.fighters[value.target or ""])
        return
    if value.choice is Act.rank_zero:
        f.rank_zero_used = True
        action = r.pack.rank_zero_by_id[value.rank_zero or ""]
        if action.id == "hide":
            f.hidden = True
        if action.moves:
            where = f"decisions{map_key(r.key(f.id, 'action', n))}"
            r.unsupported_once("battlefields", where, "Battlefields and who stands where are not tracked: logged only.")
        r.say("Turns", f.id, f"Rank 0: {action.name}.", "004 L42–L46")
        r.event(RoundEventKind.rank_zero, f.id)
        return
    s = read_set(value.dice, f.free())
    assert isinstance(s, DiceSet)
    _spend_slot(r, f, s, value.choice)
    if value.choice in (Act.attack, Act.grab):
        _attack(r, f, value, s, n)
    elif value.choice is Act.awaken:
        i = next(i for i, c in enumerate(f.chakras) if c.id == value.chakra)
        f.chakras[i] = awakened(f.chakras[i], s.rank, r.pack)
        f.awakening[f.chakras[i].id] = s.facing  # 004 L74, L79: its first Recovery fills it with the facing
        r.say("Awakening", f.id, f"Awakens {value.chakra}: Recovery {s.rank}, Pool {f.chakras[i].pool}.", "004 L72–L73")
        r.event(RoundEventKind.awakened, f.id, value=s.rank)
    elif value.choice is Act.escape:
        _escape(r, f, s)
    else:
        r.say("Turns", f.id, f"{value.skill} action with {s.rank} × {s.facing}.", "004 L41")
        r.unsupported_once(
            "effect_charts",
            f"decisions{map_key(r.key(f.id, 'action', n))}",
            "What a skill action's rank achieves is in the missing Effect Charts; it is logged only.",
        )


def _attack(r: Round, f: Fighter, value: Decision, s: DiceSet, n: int) -> None:
    grab = value.choice is Act.grab
    rank = s.rank
    if value.advantage:
        wanted = (Advantage.grab_rank,) if grab else (Advantage.offense_rank, Advantage.ranged)
        cost = advantage_cost(f, wanted, value.far)
        pay(r, f, cost if isinstance(cost, int) else 0)
        if f.weapon and f.weapon.advantage is Advantage.ranged:
            where = f"decisions{map_key(r.key(f.id, 'action', n))}"
            r.unsupported_once("battlefields", where, "Ranged reach is priced but zones are not tracked: logged only.")
        rank += 1 if f.weapon and f.weapon.advantage in (Advantage.offense_rank, Advantage.grab_rank) else 0
    bonus = technique_bonus(f, value.techniques, ATTACK_KEYWORDS)
    total = r.pack.total(rank, s.facing) + (bonus if isinstance(bonus, int) else 0)  # digest D6: Rank +1 = +10
    target = r.fighters[value.target or ""]
    r.say(
        "Attacking",
        f.id,
        f"{'Grabs at' if grab else 'Attacks'} {target.id} with {s.rank} × {s.facing}: {total}.",
        "004 L50–L52",
    )
    strike(r, Blow(attacker=f, target=target, n=n, total=total, grab=grab))


def _slay(r: Round, f: Fighter, target: Fighter) -> None:
    """004 L127: a fighter Vanquished earlier, still helpless, slain later (ruling: it takes the rank-0 action)."""
    f.rank_zero_used = True
    if not r.death_token:
        r.death_token = True  # a player's kill declaration brings the Death Token (004 L127)
        r.event(RoundEventKind.death_token, f.id)
    target.killed = True
    r.say("Death", f.id, f"Slays {target.id}.", "004 L127–L130")
    r.event(RoundEventKind.killed, target.id, other=f.id)


def _escape(r: Round, f: Fighter, s: DiceSet) -> None:
    hold = held_value(r, f) or 0
    total = r.pack.total(s.rank, s.facing)
    if total > hold:  # 004 L118: the hold must be overcome (digest D12: strictly more)
        r.holds = [h for h in r.holds if h.held != f.id]
        r.say("Grabs and Throws", f.id, f"Escapes ({total} against {hold}).", "004 L118")
        r.event(RoundEventKind.escaped, f.id, value=total)
    else:
        r.say("Grabs and Throws", f.id, f"Stays held ({total} against {hold}).", "004 L118")


def _anything_left(r: Round, f: Fighter) -> bool:
    """A rank-0 action not taken yet, or an unspent Set the turn still has a slot for."""
    if not f.rank_zero_used:
        return True
    free = f.free()
    return any(slot_problem(r, f, s, Act.attack) is None for s in [*groups(free), *singles(free)])


def take_turn(r: Round, f: Fighter) -> None:
    for n in range(1, MAX_ACTIONS + 1):
        if f.out:
            return
        if not _anything_left(r, f):
            return  # nothing left to do but end the turn
        got = r.decide_now(
            r.key(f.id, "action", n),
            "action",
            f.id,
            lambda: action_offers(r, f),
            None,
            lambda v: action_problem(r, f, v),
        )
        if got.choice is Act.end:
            return
        perform(r, f, got, n)
