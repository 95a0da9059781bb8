"""One attack or grab, from the defender's Set to the buy-down (004 L9–L13, L49–L69, L115–L130)."""

from __future__ import annotations

from dataclasses import dataclass

from ..combatant.models import Imbalance, TechniqueKeyword
from ..pack import Advantage, Weapon
from ..prices.buy_down import buy_down, default_aura, split_fits
from ..prices.weapons import advantage_prana
from .models import MAX_CHOICES, Act, Decision, Hold, Point, RoundEventKind
from .sets import DiceSet, read_set
from .state import Fighter, Offer, Probe, Problem, Ranked, Round, Score, Scored, choice, decision

DEFENCE_KEYWORDS = (TechniqueKeyword.defensive, TechniqueKeyword.versatile)
REFUSE, NEW, SPARE, KEEP_HOLD = decision(Act.refuse), decision(Act.new), decision(Act.spare), decision(Act.keep)
NO_DEFENCE = decision(Act.none)  # the first defence offered, always
DEFEND = decision(Act.defend)  # what the advantage's check reads of a plain defence: no dice, no surcharge die
_NONE, _DEFEND, _REFLEXIVE = Act.none, Act.defend, (Advantage.defense_rank,)  # an enum member read is a call
SPARE_OFFER, KILL_OFFER = choice("Spare them", Act.spare), choice("Kill them", Act.kill)


@dataclass(frozen=True)
class Blow:
    attacker: Fighter
    target: Fighter
    n: int  # the attacker's action number: part of every key that follows it
    total: int
    grab: bool
    weapon: Weapon | None = None  # the weapon whose advantage rides this attack (Heavy's die, Subtle's limits)

    def key(self, r: Round, fighter: Fighter, point: str) -> str:
        """``R{round}.{fighter}.{point}``, then ``@{attacker}`` and ``#{action}`` once the point repeats."""
        return r.key(fighter.id, point, other=self.attacker.id, move=self.n)


def technique_bonus(f: Fighter, ids: list[str], keywords: tuple[TechniqueKeyword, ...]) -> int | str:
    """The bonus of the Techniques named, or why one cannot bolster this Set (004 L51, L56)."""
    by_id = {t.id: t for t in f.sheet.techniques}
    words = {k.value for k in keywords}
    total = 0
    for tid in ids:
        technique = by_id.get(tid)
        if technique is None or not set(technique.keywords) & words:
            return f"{tid}: not a Technique of the sheet with a keyword for this Set."
        total += technique.bonus
    return total


@dataclass(frozen=True)
class Use:
    """What one use of the weapon's advantage costs: Prana (the advantage's price, and an improvised weapon's
    surcharge when no die pays it) and the Effort die paying the surcharge, if one does."""

    prana: int
    die: str | None = None


def advantage_use(
    r: Round, f: Fighter, wanted: tuple[Advantage, ...], value: Decision, far: bool = False
) -> Use | tuple[str, str]:
    """The next use of the fighter's weapon advantage on this action, or the problem with it (004 L86–L88, L98)."""
    w = f.weapon
    if w is None or w.advantage not in wanted:
        return "ADVANTAGE_NOT_APPLICABLE", "The weapon's advantage does not enhance this action."
    if "advantage" in f.forbids:
        return "PENALTY_FORBIDS", "The Dramatic Penalty taken forbids the weapon's advantage this round."
    prana, die = advantage_prana(w, f.advantage_uses + 1, far), None
    if f.improvised and not f.surcharge_free:  # 004 L98 (digest D10): every use, the first too; not Power's (L99)
        if value.surcharge_die is None:
            prana += r.pack.improvised_prana.value
        elif value.surcharge_die in f.free() and value.surcharge_die not in value.dice:
            die = value.surcharge_die
        else:
            return "SURCHARGE_INVALID", "The surcharge die is one of the fighter's unspent dice, outside the Set."
    if prana > f.spendable():
        return "PRANA_INSUFFICIENT", f"This use of the advantage costs {prana} Prana; {f.spendable()} can be spent."
    return Use(prana, die)


def pay_use(r: Round, f: Fighter, use: Use) -> None:
    if use.die is not None:
        f.used.add(use.die)
        r.say("Weapons", f.id, f"Pays the improvised weapon's surcharge with a die ({f.pool[use.die]}).", "004 L98")
        r.event(RoundEventKind.surcharge, f.id, value=f.pool[use.die])
    pay(r, f, use.prana)


def _defence_check(r: Round, blow: Blow, only: str | None):  # type: ignore[no-untyped-def]
    d = blow.target

    def check(value: Decision) -> Problem:
        if value.choice is Act.none:
            return None
        if value.choice is not Act.defend:
            return "DECISION_INVALID", "A defence is `defend` with a Set, or `none`."
        read = read_set(value.dice, d.free())
        if isinstance(read, str):
            return "SET_INVALID", read
        if only is not None and value.skill != only:  # 004 L96: Subtle weapons are met with Senses only
            return "SUBTLE_DEFENCE_SKILL", f"Against this weapon only {only} defends."
        bonus = technique_bonus(d, value.techniques, DEFENCE_KEYWORDS)
        if isinstance(bonus, str):
            return "TECHNIQUE_NOT_APPLICABLE", bonus
        if value.advantage:
            use = advantage_use(r, d, (Advantage.defense_rank,), value)
            if isinstance(use, tuple):
                return use
        return None

    return check


def _defence_total(r: Round, d: Fighter, s: DiceSet, advantage: bool, bonus: int) -> int:
    return r.pack.total(s.rank + (1 if advantage else 0), s.facing) + bonus  # digest D6: Rank +1 = one rank more


def _best_defence(r: Round, d: Fighter, only: str | None) -> Decision:
    """The default: the defender's highest Set (004 L54–L55: a Set is usually far better than none)."""
    best = max(d.sets(r.pack.total).groups, key=lambda s: r.pack.total(s.rank, s.facing))
    return decision(Act.defend, dice=list(best.keys), skill=only)


def _defence_offers(r: Round, d: Fighter, only: str | None) -> list[Offer]:
    skill = only
    offers = [choice("No defence: take the whole attack", Act.none)]
    for s in d.sets(r.pack.total).ranked:
        label = f"Defend with {s.rank} × {s.facing} ({r.pack.total(s.rank, s.facing)})"
        offers.append(choice(label, Act.defend, dice=list(s.keys), skill=skill))
        if isinstance(advantage_use(r, d, (Advantage.defense_rank,), decision(Act.defend, dice=list(s.keys))), Use):
            offers.append(
                choice(
                    label + " with the weapon's advantage",
                    choice=Act.defend,
                    dice=list(s.keys),
                    skill=skill,
                    advantage=True,
                )
            )
    return offers


def best_defence(r: Round, d: Fighter, only: str | None) -> Ranked:
    """``Asked.best`` of a defence: the offer ``_defence_offers`` would list of highest score, found by scoring every
    Set's defence in the order listed, and with the weapon's advantage beside it where the advantage can be used (its
    check reads no dice of a plain defence, so once is enough; where it fails, no offer with it is listed); only the
    winner's value is built."""

    def best(act: Act, score: Score) -> Decision | None:
        if act is _NONE:
            return NO_DEFENCE
        ranked = d.sets(r.pack.total).ranked
        if act is not _DEFEND or 1 + 2 * len(ranked) > MAX_CHOICES:
            found = [o.value for o in _defence_offers(r, d, only)[:MAX_CHOICES] if o.value.choice is act]
            return max(found, key=score) if found else None
        if not ranked:
            return None
        usable = isinstance(advantage_use(r, d, _REFLEXIVE, DEFEND), Use)
        top: Scored | None = None  # the first listed of the highest score
        top_score = None
        for s in ranked:  # a Set is scored as it is; with the advantage, through a stand-in
            value = score(s)
            if top is None or value > top_score:
                top, top_score = s, value
            if usable:
                probe = Probe(s.keys, True)
                value = score(probe)
                if value > top_score:
                    top, top_score = probe, value
        assert top is not None
        return decision(_DEFEND, dice=list(top.dice), skill=only, advantage=top.advantage)

    return best


def defend(r: Round, blow: Blow, only: str | None) -> int:
    """The defender's total: a Set of their unspent dice (spent by it, digest D5), or 0 undefended."""
    d = blow.target
    if d.spectator or not d.free():
        r.say("Defending", d.id, "No Effort dice left to defend with: undefended.", "004 L20, L54")
        return 0
    offers = lambda: _defence_offers(r, d, only)  # noqa: E731
    best = _best_defence(r, d, only)
    got = r.decide(
        blow.key(r, d, "defense"),
        "defense",
        d.id,
        offers,
        best,
        _defence_check(r, blow, only),
        step="Defending",
        text=f"Defend against {blow.attacker.id}'s {'grab' if blow.grab else 'attack'} of {blow.total} with a Set.",
        vetted=True,  # _defence_offers lists only what _defence_check passes
        best=best_defence(r, d, only),
    )
    if got.choice is Act.none:
        r.say("Defending", d.id, "Takes the attack undefended.", "004 L54")
        r.event(RoundEventKind.defence, d.id, other=blow.attacker.id, value=0)
        return 0
    s = read_set(got.dice, d.free())
    assert isinstance(s, DiceSet)  # checked above
    d.used.update(s.keys)
    bonus = technique_bonus(d, got.techniques, DEFENCE_KEYWORDS)
    assert isinstance(bonus, int)
    if got.advantage:
        use = advantage_use(r, d, (Advantage.defense_rank,), got)
        assert isinstance(use, Use)  # checked above
        pay_use(r, d, use)
    total = _defence_total(r, d, s, got.advantage, bonus)
    r.say("Defending", d.id, f"Defends with {s.rank} × {s.facing}: {total}.", "004 L55–L58")
    r.event(
        RoundEventKind.defence,
        d.id,
        other=blow.attacker.id,
        value=total,
        rank=s.rank,
        facing=s.facing,
        extra_rank=1 if got.advantage else 0,
        bonus=bonus,
    )
    return total


def pay(r: Round, f: Fighter, prana: int) -> None:
    f.advantage_uses += 1
    if prana:
        f.spend_prana(prana)
        r.event(RoundEventKind.prana, f.id, amount=-prana, value=f.prana())


def strike(r: Round, blow: Blow) -> None:
    """Attack total against defence total; a positive rest is damage, or a hold for a grab (004 L58–L61, L116)."""
    a, d = blow.attacker, blow.target
    only = blow.weapon.defence_skill if blow.weapon is not None and not blow.grab else None
    defence = defend(r, blow, only)
    rest = blow.total - defence
    if rest <= 0:
        r.say("Damage", d.id, f"Defended ({rest}).", "004 L59")
        r.event(RoundEventKind.defended, d.id, other=a.id, amount=rest, attack=blow.total, defence=defence)
    elif blow.grab:
        r.holds.append(Hold(holder=a.id, held=d.id, value=blow.total))  # 004 L118: the grab's total holds
        r.say("Grabs and Throws", a.id, f"Grabs {d.id} (hold {blow.total}).", "004 L116–L118")
        r.event(RoundEventKind.grabbed, d.id, other=a.id, value=blow.total)
    else:
        r.event(RoundEventKind.hit, d.id, other=a.id, amount=rest, attack=blow.total, defence=defence)
        damage(r, blow, rest)
    break_holds(r, blow)


def damage(r: Round, blow: Blow, rest: int) -> None:
    """Heavy's die, then armor, then Subtle's cap (digest D7), then the buy-down."""
    a, d = blow.attacker, blow.target
    amount = rest
    figures = {"margin": rest}
    w = blow.weapon
    if w is not None and w.advantage is Advantage.damage_die:
        figures[Point.heavy.value] = r.roll(blow.key(r, a, Point.heavy), "Heavy: Damage +1d10")
        amount += figures[Point.heavy.value]  # 004 L94
    figures["armor"] = d.sheet.armor.rating if d.sheet.armor else 0
    amount = max(0, amount - figures["armor"])  # 004 L105
    if w is not None and w.damage_cap is not None:
        figures["cap"] = w.damage_cap
        amount = min(amount, w.damage_cap)  # 004 L96
    r.say("Damage", d.id, f"{amount} damage.", "004 L60–L61")
    r.event(RoundEventKind.damage, d.id, other=a.id, amount=amount, figures=figures)
    if amount:
        settle(r, blow, amount)


def _buy_check(d: Fighter, amount: int):  # type: ignore[no-untyped-def]
    def check(value: Decision) -> Problem:
        if value.choice is Act.refuse:
            return None
        if value.choice is not Act.pay:
            return "DECISION_INVALID", "A buy-down is `pay` with `aura` and `health`, or `refuse`."
        if not split_fits(amount, d.aura, tuple(d.boxes), value.aura or 0, value.health or 0):
            return "BUY_DOWN_INVALID", f"Aura and Health must add up to {amount}, within what the defender holds."
        return None

    return check


def _buy_offers(d: Fighter, amount: int, a_first: int, able: bool) -> list[Offer]:
    offers = [choice("Refuse: Vanquished", Act.refuse)]
    if able:
        offers.insert(
            0,
            choice(
                f"Aura first: {a_first} Aura, {amount - a_first} Health", Act.pay, aura=a_first, health=amount - a_first
            ),
        )
        h_first = min(sum(d.boxes), amount)
        if h_first != amount - a_first:
            label = f"Health first: {amount - h_first} Aura, {h_first} Health"
            offers.insert(1, choice(label, Act.pay, aura=amount - h_first, health=h_first))
    return offers


def settle(r: Round, blow: Blow, amount: int) -> None:
    """The defender buys the damage down to 0 with Aura and Health, their own split (004 L61–L68)."""
    d = blow.target
    boxes = tuple(d.boxes)
    a_first = default_aura(amount, d.aura)
    able = split_fits(amount, d.aura, boxes, a_first, amount - a_first)
    default = decision(Act.pay, aura=a_first, health=amount - a_first) if able else REFUSE
    offers = lambda: _buy_offers(d, amount, a_first, able)  # noqa: E731
    got = r.decide(
        blow.key(r, d, "buy_down"),
        "buy_down",
        d.id,
        offers,
        default,
        _buy_check(d, amount),
        step="Buy-down",
        text=f"Buy {amount} damage down with Aura and Health, or refuse and be Vanquished.",
        vetted=True,  # each split _buy_offers lists fits: Health first needs no more Aura than there is when able
    )
    paid = buy_down(amount, d.aura, boxes, got.aura, refuse=got.choice is Act.refuse)
    d.aura -= paid.aura_spent
    d.boxes = list(paid.boxes_after)
    r.say("Buy-down", d.id, f"Spends {paid.aura_spent} Aura and {paid.health_spent} Health.", "004 L64–L67")
    spent = {"aura": paid.aura_spent, "health": paid.health_spent, "refused": int(got.choice is Act.refuse)}
    r.event(RoundEventKind.buy_down, d.id, other=blow.attacker.id, amount=amount, figures=spent)
    if paid.aura_spent:
        r.event(RoundEventKind.aura, d.id, amount=paid.aura_spent, value=d.aura)
    if paid.health_spent:
        r.event(RoundEventKind.health, d.id, amount=paid.health_spent, value=sum(d.boxes))
    if paid.boxes_emptied:
        injure(r, blow, paid.boxes_emptied)
    if paid.vanquished:
        vanquish(r, blow)


def injure(r: Round, blow: Blow, ranks: int) -> None:
    """Each emptied Health Box: a Physical Imbalance rank, new or added; the attacker picks (004 L68–L69)."""
    a, d = blow.attacker, blow.target
    physical = [i for i in d.imbalances if i.kind == "physical"]
    default = decision(Act.raise_imbalance, imbalance=physical[0].id) if physical else NEW

    def offers() -> list[Offer]:
        new = [choice("A new Physical Imbalance", Act.new)]
        return new + [choice(f"One more rank of {i.id}", Act.raise_imbalance, imbalance=i.id) for i in physical]

    def check(value: Decision) -> Problem:
        ids = {i.id for i in d.imbalances}
        if value.choice is Act.new and value.imbalance not in ids:
            return None
        if value.choice is Act.raise_imbalance and value.imbalance in {i.id for i in physical}:
            return None
        return "INJURY_INVALID", "`new` (with a name not taken), or `raise` with a Physical Imbalance of theirs."

    got = r.decide(
        blow.key(r, a, "injury"),
        "injury",
        a.id,
        offers,
        default,
        check,
        step="Injury",
        text=f"{d.id} gains {ranks} rank(s) of Physical Imbalance: a new one, or more of one they have.",
    )
    name = got.imbalance or f"injury-r{r.request.round}-{a.id}-{blow.n}"  # the attacker names a new one (004 L69)
    if got.choice is Act.new:
        d.imbalances.append(Imbalance(id=name, kind="physical", rank=min(10, ranks)))
    else:
        d.imbalances = [
            i.model_copy(update={"rank": min(10, i.rank + ranks)}) if i.id == got.imbalance else i for i in d.imbalances
        ]
    r.say("Injury", d.id, f"Physical Imbalance +{ranks} rank(s).", "004 L68")
    rank = next(i.rank for i in d.imbalances if i.id == name)
    r.event(RoundEventKind.injured, d.id, other=a.id, amount=ranks, value=rank)


def vanquish(r: Round, blow: Blow) -> None:
    """Vanquished; killed only where Death is in the scene or a player brings it by declaring the kill
    (004 L61, L123–L130; digest D8)."""
    a, d = blow.attacker, blow.target
    d.vanquished = True
    r.gone(d)
    r.holds = [h for h in r.holds if d.id not in (h.holder, h.held)]  # ruling: an unconscious fighter holds nobody
    r.say("Vanquished", d.id, "Vanquished.", "004 L61, L122")
    r.event(RoundEventKind.vanquished, d.id, other=a.id)
    allowed = r.death_token or a.sheet.player
    offers = [SPARE_OFFER, KILL_OFFER] if allowed else [SPARE_OFFER]

    def check(value: Decision) -> Problem:
        if value.choice is Act.spare or (value.choice is Act.kill and allowed):
            return None
        return "KILL_NOT_ALLOWED", "Without the Death Token only a player may declare a kill."

    text = f"{d.id} is Vanquished: spare them or kill them."
    got = r.decide(blow.key(r, a, "kill"), "kill", a.id, offers, SPARE, check, step="Death", text=text)
    if got.choice is Act.kill:
        if not r.death_token:
            r.death_token = True  # 004 L127: a player's kill declaration brings the Death Token
            r.event(RoundEventKind.death_token, a.id)
        d.killed = True
        r.say("Death", a.id, f"Kills {d.id}.", "004 L127–L130")
        r.event(RoundEventKind.killed, d.id, other=a.id)


def break_holds(r: Round, blow: Blow) -> None:
    """An attack above a hold's value on either fighter in it may break it, as the attacker likes (004 L119)."""
    a, d = blow.attacker, blow.target
    breakable = [h for h in r.holds if d.id in (h.holder, h.held) and blow.total > h.value]
    if not breakable:
        return
    offers = [choice("Keep the hold", Act.keep), choice("Break it: both go sprawling", Act.break_hold)]

    def check(value: Decision) -> Problem:
        ok = value.choice in (Act.keep, Act.break_hold)
        return None if ok else ("DECISION_INVALID", "`keep` or `break`.")

    text = "The attack beats a hold on a fighter in it: keep the hold, or break it."
    got = r.decide(blow.key(r, a, "break"), "break", a.id, offers, KEEP_HOLD, check, step="Grabs and Throws", text=text)
    if got.choice is Act.break_hold:
        r.holds = [h for h in r.holds if h not in breakable]
        for h in breakable:
            r.say("Grabs and Throws", a.id, f"Breaks {h.holder}'s hold on {h.held}.", "004 L119")
            r.event(RoundEventKind.hold_broken, h.held, other=h.holder)
