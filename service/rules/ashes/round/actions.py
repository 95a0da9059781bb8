"""A combatant's turn: one single-die action, Bonus Actions from Sets of rank 2 or more, one rank-0 action
(004 L39–L46), with attacks, grabs, awakening, escapes and other skill actions."""

from __future__ import annotations

from ...core.findings import map_key
from ..combatant.models import ChakraState, TechniqueKeyword
from ..pack import Advantage, Limit, Weapon
from ..prices.chakra import awakened
from ..prices.weapons import unarmed_extra_allowed
from .attack import Blow, Use, advantage_use, pay, pay_use, strike, technique_bonus
from .models import MAX_CHOICES, Act, Decision, RoundEventKind, Slot
from .positions import far, hide_problem, leavable, leave, leave_problem, move, move_problem, reach_problem
from .sets import DiceSet, read_set
from .state import Fighter, Offer, Problem, Ranked, Round, Score, choice, decision

END = decision(Act.end)  # the turn's end: the first action offered, always
MAX_ACTIONS = 20  # a turn's actions; far above what an Effort Pool of 30 dice can pay for
ATTACK_KEYWORDS = (TechniqueKeyword.offensive, TechniqueKeyword.versatile)
SET_ACTIONS = (Act.attack, Act.grab, Act.awaken, Act.skill, Act.escape)


def held_value(r: Round, f: Fighter) -> int | None:
    """The hold an escape must beat: the highest of those on the fighter (004 L120)."""
    values = [h.value for h in r.holds if h.held == f.id]
    return max(values) if values else None


def slot_of(r: Round, f: Fighter, s: DiceSet, value: Decision) -> Slot:
    """The slot the action names, or when it names none: the single-die action for one die while it is free, a
    Bonus Action otherwise (004 L41)."""
    if value.slot is not None:
        return value.slot
    return Slot.single if s.rank == 1 and not f.single_used else Slot.bonus


def slot_problem(r: Round, f: Fighter, s: DiceSet, act: Act, slot: Slot) -> Problem:
    """Whether the turn still has this slot for a Set of this rank (004 L41–L42; Unarmed 004 L87, L97)."""
    if slot is Slot.rank_zero:
        return "SLOT_MISMATCH", "A rank-0 action takes no dice."
    if slot is Slot.single:
        if s.rank != 1:
            return "SLOT_MISMATCH", "The single-die action takes one die; a Set of more is a Bonus Action."
        if f.single_used:
            return "ACTION_SLOT_EXCEEDED", "The turn's one single-die action is taken; more need Bonus Actions."
        return None
    if s.rank >= r.pack.bonus_action_min_rank.value:
        return None
    w = f.weapon
    if act is Act.attack and w is not None and w.creates_bonus_actions and w.advantage is Advantage.unarmed:
        if unarmed_extra_allowed(w, f.rank1_attacks + 1, r.pack):
            return None
        return "UNARMED_LIMIT", "No more Rank 1 attacks this turn."
    return "BONUS_ACTION_RANK_TOO_LOW", f"A Bonus Action needs a Set of Rank {r.pack.bonus_action_min_rank.value}+."


def _target_problem(r: Round, f: Fighter, target: str | None) -> Problem:
    other = r.fighters.get(target or "")
    if other is None or other is f or other.out:
        return "TARGET_INVALID", "The target is another fighter present who is not Vanquished."
    return None


def attack_wanted(grab: bool) -> tuple[Advantage, ...]:
    """The advantages that enhance an attack or a grab (004 L90–L97)."""
    if grab:
        return (Advantage.grab_rank,)
    return (Advantage.offense_rank, Advantage.ranged, Advantage.damage_die, Advantage.subtle)


def _attack_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    problem = _target_problem(r, f, value.target)
    if problem:
        return problem
    target = r.fighters[value.target or ""]
    problem = reach_problem(r, f, target, value)
    if problem:
        return problem
    bonus = technique_bonus(f, value.techniques, ATTACK_KEYWORDS)
    if isinstance(bonus, str):
        return "TECHNIQUE_NOT_APPLICABLE", bonus
    if value.advantage:
        use = advantage_use(r, f, attack_wanted(value.choice is Act.grab), value, far(r, f, target, value))
        if isinstance(use, tuple):
            return use
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
        return "SKILL_UNKNOWN", f"Name a skill of the pack: {', '.join(sorted(r.pack.skill_ids))}."
    return None


def _rank_zero_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    action = r.pack.rank_zero_by_id.get(value.rank_zero or "")
    if action is None:
        return "SKILL_UNKNOWN", f"Name a rank-0 action of the pack: {', '.join(r.pack.rank_zero_by_id)}."
    if f.rank_zero_used:
        return "ACTION_SLOT_EXCEEDED", "One rank-0 action a turn."  # 004 L42
    if action.moves and held_value(r, f) is not None:
        return "HELD_CANNOT_MOVE", "A held fighter moves only as the holder decides."  # 004 L117
    if action.moves:
        return _forbidden(f, Limit.move) or move_problem(r, f, value)
    if action.hides:
        return _forbidden(f, Limit.hide) or hide_problem(r, f)
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


def _forbidden(f: Fighter, *what: str) -> Problem:
    hit = [w for w in what if w in f.forbids]
    return ("PENALTY_FORBIDS", f"The Dramatic Penalty taken forbids {hit[0]} this round.") if hit else None


def action_problem(r: Round, f: Fighter, value: Decision) -> Problem:
    """Why an action cannot be taken now, or None."""
    if value.choice is Act.end:
        return None
    if value.choice is Act.leave:
        return leave_problem(r, f)  # 004 L120: at any time, no dice, no slot
    if value.choice in (Act.rank_zero, Act.kill):
        if value.slot not in (None, Slot.rank_zero) or value.dice:
            return "SLOT_MISMATCH", "This is the rank-0 action: no dice, slot `rank_zero`."
        problem = _forbidden(f, "rank_zero")
        if problem:
            return problem
        return _rank_zero_problem(r, f, value) if value.choice is Act.rank_zero else _slay_problem(r, f, value)
    if value.choice not in SET_ACTIONS:
        return "DECISION_INVALID", "An action is attack, grab, awaken, skill, escape, rank_zero, kill, leave or end."
    s = read_set(value.dice, f.free())
    if isinstance(s, str):
        return "SET_INVALID", s
    slot = slot_of(r, f, s, value)
    return (
        slot_problem(r, f, s, value.choice, slot)
        or _forbidden(f, value.choice.value, *(["bonus"] if slot is Slot.bonus else []))
        or _set_problem(r, f, value, s)
    )


def _set_offers(r: Round, f: Fighter, s: DiceSet, foes: list[Fighter]) -> list[Offer]:
    text = f"{s.rank} × {s.facing} ({r.pack.total(s.rank, s.facing)})"
    dice = list(s.keys)
    out = []
    slot = slot_of(r, f, s, decision(Act.attack))
    for act in (Act.attack, Act.grab):
        if slot_problem(r, f, s, act, slot) is not None:
            continue
        for foe in foes:
            probe = decision(act, dice=dice, target=foe.id, slot=slot)
            if reach_problem(r, f, foe, probe) is None:
                out.append(
                    choice(f"{act.value.title()} {foe.id} with {text}", act, dice=dice, target=foe.id, slot=slot)
                )
    if s.rank >= r.pack.awaken_min_rank.value:
        for c in f.chakras:
            if c.state is ChakraState.slumbering:
                label = f"Awaken {c.id} with {text}"
                out.append(choice(label, Act.awaken, dice=dice, chakra=c.id, skill=r.pack.awaken_skill, slot=slot))
    if slot_problem(r, f, s, Act.escape, slot) is None and held_value(r, f) is not None:
        out.append(choice(f"Escape the hold with {text}", Act.escape, dice=dice, slot=slot))
    return out


def _rank_zero_offers(r: Round, f: Fighter) -> list[Offer]:
    offers = []
    for action in r.pack.rank_zero:
        if action.moves and r.adjacent:
            here = r.adjacent.get(f.battlefield or "", set(r.adjacent))
            for to in sorted(here):
                fields = {"rank_zero": action.id, "battlefield": to, "slot": Slot.rank_zero}
                if _rank_zero_problem(r, f, decision(Act.rank_zero, **fields)) is None:
                    offers.append(choice(f"{action.name}: {to}", Act.rank_zero, **fields))
        elif _rank_zero_problem(r, f, decision(Act.rank_zero, rank_zero=action.id)) is None:
            offers.append(choice(action.name, Act.rank_zero, rank_zero=action.id, slot=Slot.rank_zero))
    if r.death_token or f.sheet.player:
        helpless = [o for o in r.fighters.values() if o.vanquished and not o.killed]
        offers += [
            choice(f"Slay {o.id}, Vanquished and helpless", Act.kill, target=o.id, slot=Slot.rank_zero)
            for o in helpless
        ]
    return offers


def _sets(r: Round, f: Fighter) -> list[DiceSet]:
    """The Sets a turn's action offers, in the order it lists them: highest total first (shared: read only)."""
    return f.sets(r.pack.total).ranked


def _foes(r: Round, f: Fighter) -> list[Fighter]:
    return [o for o in r.fighters.values() if o is not f and not o.out]


def action_offers(r: Round, f: Fighter) -> list[Offer]:
    offers = [choice("End the turn", choice=Act.end)]
    if leavable(r, f):
        offers.append(choice("Leave the hold entered by choice", Act.leave))
    if not f.rank_zero_used and "rank_zero" not in f.forbids:
        offers += _rank_zero_offers(r, f)
    foes = _foes(r, f)
    for s in _sets(r, f):
        offers += _set_offers(r, f, s, foes)
    return [o for o in offers if action_problem(r, f, o.value) is None]  # only what may be sent as it stands


def _offers_fit(r: Round, f: Fighter, sets: list[DiceSet], foes: list[Fighter]) -> bool:
    """Whether every offer ``action_offers`` could list fits in one decision's choices (none cut off)."""
    places = max(1, len(r.adjacent))
    most = 2 + len(r.pack.rank_zero) * places + len(r.fighters) + len(sets) * (2 * len(foes) + len(f.chakras) + 1)
    return most <= MAX_CHOICES


ATTACK = decision(Act.attack)  # what ``slot_of`` reads of an attack that names no slot
_ATTACK, _END, _SINGLE, _BONUS = Act.attack, Act.end, Slot.single, Slot.bonus  # an enum member read is a call


def best_action(r: Round, f: Fighter) -> Ranked:
    """``Asked.best`` of a turn's action: the attack ``action_offers`` would list of highest score (the first listed
    of equals), found without listing every offer. An attack it lists is a Set of the unspent dice (``_sets``) with a
    slot it may take, on a foe in reach, with no Technique and no advantage: of what ``action_problem`` checks, only
    the slot, the penalties taken and the reach can fail, and the reach of such an attack does not depend on the Set,
    so the foe is the first one in reach and each Set is checked once; only the winner's value is built."""

    def best(act: Act, score: Score) -> Decision | None:
        if act is _END:
            return END
        sets, foes = f.sets(r.pack.total).ranked, _foes(r, f)
        if act is not _ATTACK or not _offers_fit(r, f, sets, foes):
            found = [o.value for o in action_offers(r, f)[:MAX_CHOICES] if o.value.choice is act]
            return max(found, key=score) if found else None
        target = None
        for foe in foes:
            if reach_problem(r, f, foe, ATTACK) is None:
                target = foe
                break
        if target is None:
            return None
        top: DiceSet | None = None  # the first listed of the highest score, and its slot (a Set is scored as it is)
        top_slot, top_score, forbids = _SINGLE, None, f.forbids
        single, least = not f.single_used, r.pack.bonus_action_min_rank.value
        for s in sets:  # each Set with a slot it may take (the score reads only the dice)
            # ``slot_of`` of an attack naming no slot: the single-die action is one ``slot_problem`` passes, and so
            # is a Bonus Action of a Set of the least rank or more; only a smaller one is checked
            slot = _SINGLE if single and s.rank == 1 else _BONUS
            if slot is _BONUS:
                if s.rank < least and slot_problem(r, f, s, _ATTACK, slot) is not None:
                    continue
                if forbids and _forbidden(f, "attack", "bonus") is not None:
                    continue
            elif forbids and _forbidden(f, "attack") is not None:
                continue
            value = score(s)
            if top is None or value > top_score:
                top, top_slot, top_score = s, slot, value
        if top is None:
            return None
        return decision(_ATTACK, dice=list(top.keys), target=target.id, slot=top_slot)

    return best


def _spend_slot(r: Round, f: Fighter, s: DiceSet, slot: Slot) -> None:
    f.used.update(s.keys)
    if slot is Slot.single:
        f.single_used = True
        return
    if s.rank >= r.pack.bonus_action_min_rank.value:
        return
    f.rank1_attacks += 1  # Unarmed's extra Rank 1 attack, a Bonus Action its advantage creates (004 L87, L97)
    w = f.weapon
    extra = (w.rank1_attacks or 1) - 1 if w else 0
    pay(r, f, w.cost if w and f.rank1_attacks > extra else 0)


def _rank_zero(r: Round, f: Fighter, value: Decision) -> None:
    f.rank_zero_used = True
    action = r.pack.rank_zero_by_id[value.rank_zero or ""]
    r.say("Turns", f.id, f"Rank 0: {action.name}.", "004 L42–L46")
    r.event(RoundEventKind.rank_zero, f.id)
    if action.moves:
        move(r, f, value)
    elif action.hides:
        f.hidden = True  # 004 L44: what hiding then allows (sneak attacks) is the Senses skill's (004 L114)
        r.event(RoundEventKind.hidden, f.id)


def perform(r: Round, f: Fighter, value: Decision, n: int) -> None:
    """Carries out a legal action (``action_problem`` said so)."""
    if value.choice is Act.kill:
        _slay(r, f, r.fighters[value.target or ""])
        return
    if value.choice is Act.leave:
        leave(r, f)
        return
    if value.choice is Act.rank_zero:
        _rank_zero(r, f, value)
        return
    s = read_set(value.dice, f.free())
    assert isinstance(s, DiceSet)
    slot = slot_of(r, f, s, value)
    r.say("Turns", f.id, f"{value.choice.value} as the {slot.value.replace('_', '-')} action.", "004 L41–L42")
    _spend_slot(r, f, s, slot)
    if value.choice in (Act.attack, Act.grab):
        _attack(r, f, value, s, n)
    elif value.choice is Act.awaken:
        i = next(i for i, c in enumerate(f.chakras) if c.id == value.chakra)
        f.chakras[i] = awakened(f.chakras[i], s.rank, r.pack)
        f.awakening[f.chakras[i].id] = s.facing  # 004 L74, L79: its first Recovery fills it with the facing
        r.say("Awakening", f.id, f"Awakens {value.chakra}: Recovery {s.rank}, Pool {f.chakras[i].pool}.", "004 L72–L73")
        r.event(RoundEventKind.awakened, f.id, value=s.rank, recovery=s.rank, pool=f.chakras[i].pool, facing=s.facing)
    elif value.choice is Act.escape:
        _escape(r, f, s)
    else:
        r.say("Turns", f.id, f"{value.skill} action with {s.rank} × {s.facing}.", "004 L41")
        r.event(RoundEventKind.skill, f.id, value=r.pack.total(s.rank, s.facing), rank=s.rank, facing=s.facing)
        r.needs_book(
            "Effect Charts",
            f"decisions{map_key(r.acting)}",
            "what a skill action of this rank achieves is in the core rulebook's charts (004 L46); it is logged.",
        )


def _riding(f: Fighter, value: Decision) -> Weapon | None:
    """The weapon whose advantage rides the attack: the one used, or Heavy and Subtle on every attack of a real
    one (004 L94, L96); a stand-in's only when used and paid for (004 L98)."""
    w = f.weapon
    if w is None:
        return None
    always = w.every_use_free or w.advantage is Advantage.subtle
    return w if value.advantage or (always and not f.improvised) else None


def _attack(r: Round, f: Fighter, value: Decision, s: DiceSet, n: int) -> None:
    grab = value.choice is Act.grab
    rank = s.rank
    target = r.fighters[value.target or ""]
    if value.advantage:
        use = advantage_use(r, f, attack_wanted(grab), value, far(r, f, target, value))
        assert isinstance(use, Use)  # checked by action_problem
        pay_use(r, f, use)
        rank += 1 if f.weapon and f.weapon.advantage in (Advantage.offense_rank, Advantage.grab_rank) else 0
    bonus = technique_bonus(f, value.techniques, ATTACK_KEYWORDS)
    total = r.pack.total(rank, s.facing) + (bonus if isinstance(bonus, int) else 0)  # digest D6: Rank +1 = +10
    r.say(
        "Attacking",
        f.id,
        f"{'Grabs at' if grab else 'Attacks'} {target.id} with {s.rank} × {s.facing}: {total}.",
        "004 L50–L52",
    )
    figures = {
        "rank": s.rank,  # the Set's; `extra_rank` the weapon's advantage adds (004 L90, L92; digest D6)
        "facing": s.facing,
        "extra_rank": rank - s.rank,
        "bonus": bonus if isinstance(bonus, int) else 0,
        "grab": int(grab),
    }
    r.event(RoundEventKind.attack, f.id, other=target.id, value=total, figures=figures)
    riding = _riding(f, value)
    if f.hidden:
        _hidden_attacker(r, f, riding, n)
    strike(r, Blow(attacker=f, target=target, n=n, total=total, grab=grab, weapon=riding))


def _hidden_attacker(r: Round, f: Fighter, riding: Weapon | None, n: int) -> None:
    """Attacking gives a hidden fighter away, except with a Subtle weapon (004 L96)."""
    r.needs_book(
        "Sneak attacks",
        f"decisions{map_key(r.acting)}",
        "what a hidden attacker gains is described under the Senses skill (004 L113–L114).",
    )
    if riding is not None and riding.advantage is Advantage.subtle:
        r.say("Weapons", f.id, "Stays hidden: the Subtle weapon gives nothing away.", "004 L96")
        return
    f.hidden = False
    r.say("Attacking", f.id, "Attacks from hiding and is revealed.", "004 L96")
    r.event(RoundEventKind.revealed, f.id)


def _slay(r: Round, f: Fighter, target: Fighter) -> None:
    """004 L127: a fighter Vanquished earlier, still helpless, slain later (ruling: it takes the rank-0 action)."""
    f.rank_zero_used = True
    if not r.death_token:
        r.death_token = True  # a player's kill declaration brings the Death Token (004 L127)
        r.event(RoundEventKind.death_token, f.id)
    target.killed = True
    r.gone(target)
    r.say("Death", f.id, f"Slays {target.id}.", "004 L127–L130")
    r.event(RoundEventKind.killed, target.id, other=f.id)


def _escape(r: Round, f: Fighter, s: DiceSet) -> None:
    hold = held_value(r, f) or 0
    total = r.pack.total(s.rank, s.facing)
    if total > hold:  # 004 L118: the hold must be overcome (digest D12: strictly more)
        r.holds = [h for h in r.holds if h.held != f.id]
        r.say("Grabs and Throws", f.id, f"Escapes ({total} against {hold}).", "004 L118")
        r.event(RoundEventKind.escape, f.id, value=total, hold=hold, rank=s.rank, facing=s.facing, escaped=1)
        r.event(RoundEventKind.escaped, f.id, value=total)
    else:
        r.say("Grabs and Throws", f.id, f"Stays held ({total} against {hold}).", "004 L118")
        r.event(RoundEventKind.escape, f.id, value=total, hold=hold, rank=s.rank, facing=s.facing, escaped=0)


def _anything_left(r: Round, f: Fighter) -> bool:
    """A rank-0 action not taken yet, a hold to leave, or an unspent Set the turn still has a slot for."""
    if not f.rank_zero_used or leavable(r, f):
        return True
    sets = f.sets(r.pack.total)
    return any(
        slot_problem(r, f, s, Act.attack, slot_of(r, f, s, ATTACK)) is None for s in [*sets.groups, *sets.singles]
    )


def take_turn(r: Round, f: Fighter) -> None:
    for n in range(1, MAX_ACTIONS + 1):
        if f.out:
            return
        if not _anything_left(r, f):
            return  # nothing left to do but end the turn
        r.acting = r.key(f.id, "action", move=n)
        sent = r.acting in r.request.decisions or r.acting in r.request.if_asked
        # the in-process decider asked at every point finds its own choice (``best_action``): nothing listed ahead
        deciding = r.decisions.decider is not None and r.request.ask_every_decision and r.decisions.ahead is None
        offers = None if sent or deciding else action_offers(r, f)
        only = offers[0].value if offers is not None and len(offers) == 1 else None  # "End the turn": no choice
        got = r.decide(
            r.acting,
            "action",
            f.id,
            offers if offers is not None else (lambda: action_offers(r, f)),
            only,
            lambda v: action_problem(r, f, v),
            step="Turns",
            text=f"Action {n} of {f.id}'s turn: a Set's action, a rank-0 action, or end the turn.",
            # the look-ahead goes on with the strongest action rather than the turn's end, so one answer shows the
            # rest of the turn
            stand_in=next((o.value for o in offers or () if o.value.choice is not Act.end), None),
            vetted=True,  # action_offers lists only what action_problem passes
            best=best_action(r, f),
        )
        if got.choice is Act.end:
            return
        perform(r, f, got, n)
