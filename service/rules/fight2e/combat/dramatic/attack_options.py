"""The Action Point options that ride on a Dramatic attack (000 L7172–L7217, L7293–L7295, L7309): those declared with
it (Final Blow, Debilitating Injury, Surprise Attack, Pushing It) and those chosen once it hits (Pulling Punches
before the damage roll, Freeze Frame after it), and a Stance Evaluation's bonus on the next attack at its opponent.
Each is paid where it is taken; the figures are the Dramatic core's."""

from __future__ import annotations

from dataclasses import dataclass

from ...dramatic import attacks, costs
from ...dramatic.catalogue import When, tables
from ..contract.models import Choice, ChoiceOption, DecisionValue, DramaticBoost, DramaticOption
from ..state.turn import Turn
from .base import D6, Dram, choice, hurt_self, option_name, pay, spendable

# the options declared with an attack: `with_attack` in the catalogue, the Basic Move's boost apart (plan-time)
DECLARED = frozenset(
    DramaticOption(o.id) for o in tables().options if o.when is When.with_attack and o.id != "basic_boost"
)
BASIC_ONLY = frozenset({DramaticOption.debilitating_injury})  # "a normal Basic Move" (000 L7172)
RIDERS = DECLARED | {DramaticOption.basic_boost}
# each settles the hit its own way, no damage or all of it (000 L7172, L7183): not on one attack together
EXCLUSIVE = frozenset({DramaticOption.final_blow, DramaticOption.debilitating_injury})


def riders(v: DecisionValue) -> list[DramaticOption]:
    """The options on this attack: `option` and `also`, each once."""
    out: list[DramaticOption] = []
    for o in (v.option, *(v.also or ())):
        if o is not None and o not in out:
            out.append(o)
    return out


@dataclass
class Mods:
    """What the declared options and a Stance Evaluation add to one attack."""

    option: DramaticOption | None = None
    accuracy: int = 0
    damage: int = 0
    double: bool = False
    final_blow: bool = False
    debilitating: bool = False
    pushing: bool = False


def surprise_open(ctx: Turn, d: Dram) -> bool:
    """Our reading of "at the beginning of a fight" (000 L7217): his first attack of the fight, on its first turn;
    choosing the option stands for the Director's leave."""
    return not d.attacked and ctx.req.fight.round == 1 and ctx.turn == 1


def allowed(ctx: Turn, d: Dram, t: Dram, option: DramaticOption, special: bool) -> str | None:
    """Why ``option`` cannot ride on this attack, or None."""
    if option in BASIC_ONLY and special:
        return f"{option_name(option)} is made with a Basic Move"
    if option is DramaticOption.final_blow and t.final_blow_taken:
        return f"{t.f.id} has already been the target of a Final Blow this fight (000 L7185)"
    if option is DramaticOption.surprise_attack and not surprise_open(ctx, d):
        return "a Surprise Attack is the first attack of a fight opened by surprise (000 L7217)"
    return None


def declare(ctx: Turn, d: Dram, t: Dram, v: DecisionValue, key: str, special: bool, basic: bool) -> Mods:
    """Pay for the option declared with the attack and say what it changes; a Stance Evaluation's bonus at this
    opponent is spent on this attack (000 L7309)."""
    m = Mods()
    stance = d.stance.pop(t.f.id, 0)
    if stance:
        m.accuracy += stance
        m.damage += stance
        ctx.note("D", d.f.id, f"Stance Evaluation: +{stance} Accuracy and damage on {t.f.id}.", "000 L7309")
    chosen = [o for o in riders(v) if o in DECLARED]
    if len(EXCLUSIVE.intersection(chosen)) > 1:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.also",
            f"{key}: a Final Blow and a Debilitating Injury settle a hit in opposite ways.",
            key=key,
        )
    for option in chosen:
        _one(ctx, d, t, v, key, option, special or not basic, m)
    return m


def _one(
    ctx: Turn, d: Dram, t: Dram, v: DecisionValue, key: str, option: DramaticOption, special: bool, m: Mods
) -> None:
    why = allowed(ctx, d, t, option, special)
    if why:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {why}.", key=key)
    o = tables().option(option.value)
    pay(ctx, d, option, costs.ap_cost(o), key)
    m.option = m.option or option
    if option is DramaticOption.final_blow:
        t.final_blow_taken = True
        m.final_blow = True
        m.accuracy += o.accuracy or 0
    elif option is DramaticOption.debilitating_injury:
        m.debilitating = True
        m.accuracy += attacks.debilitating_penalty(t.f.pl)
    elif option is DramaticOption.surprise_attack:
        m.double = True
    elif option is DramaticOption.pushing_it:
        m.pushing = True
        if (v.push or v.boost or DramaticBoost.accuracy) is DramaticBoost.accuracy:
            m.accuracy += attacks.pushing_bonus()
        else:
            m.damage += attacks.pushing_bonus()
        push_self(ctx, d)
    ctx.note("D", d.f.id, f"{d.f.id} attacks with {o.name}.", o.ref, inputs={"option": option.value})


def push_self(ctx: Turn, d: Dram) -> None:
    """Pushing It's own 1d6 of Life Bar, which he cannot get back this turn (000 L7295)."""
    face = ctx.roll(d.f.id, "push", D6, "Pushing It: Life Bar lost", "D")
    d.unhealable += face
    hurt_self(ctx, d, face, tables().option("pushing_it").ref)


def offered(
    ctx: Turn, d: Dram, t: Dram, base: DecisionValue, name: str, special: bool, price: int
) -> list[ChoiceOption]:
    """The declared options this fighter can afford on this attack, as choices of the action decision."""
    out: list[ChoiceOption] = []
    for option in sorted(DECLARED):
        if allowed(ctx, d, t, option, special) is not None:
            continue
        cost = costs.ap_cost(tables().option(option.value))
        if spendable(d, option) < price + cost:
            continue
        boosts = list(DramaticBoost) if option is DramaticOption.pushing_it else [None]
        for boost in boosts:
            value = base.model_copy(update={"option": option, "boost": boost})
            text = f"{name} at {t.f.id} with {option_name(option)}" + (f" (+4 {boost.value})" if boost else "")
            out.append(choice(value, text))
    return out


def pull_punches(ctx: Turn, d: Dram, t: Dram) -> bool:
    """Pulling Punches, first way: a point before the damage roll for half damage (000 L7205)."""
    option = DramaticOption.pulling_punches
    if spendable(d, option) < 1:
        return False
    key, v = ctx.decide(
        d.f.id,
        "pull_punches",
        "E.1",
        f"{d.f.id} hits {t.f.id}: spend an Action Point to pull the punch (half damage unless the dice roll top)?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        return False
    pay(ctx, d, option, costs.ap_cost(tables().option(option.value)), key)
    return True


def free_mind(ctx: Turn, d: Dram, t: Dram) -> bool:
    """Pulling Punches, second way: a point as a hit lands on a mind-controlled fighter; it does 1 damage and its
    rolled damage is tallied toward freeing him (000 L7207)."""
    option = DramaticOption.pulling_punches
    if not t.mind_controlled or spendable(d, option) < 1:
        return False
    key, v = ctx.decide(
        d.f.id,
        "free_mind",
        "E.1",
        f"{d.f.id} hits {t.f.id}, who is under mind control: spend an Action Point to pull the punch and free him "
        "(1 damage; the roll counts toward breaking the control)?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        return False
    pay(ctx, d, option, costs.ap_cost(tables().option(option.value)), key)
    return True


def freeze_frame(ctx: Turn, d: Dram, t: Dram, damage: int) -> int:
    """Freeze Frame: after a Basic Move hit of 4 or more, a point and 1 damage for 2 Glory (000 L7193)."""
    option = DramaticOption.freeze_frame
    outcome = attacks.freeze_frame(damage)
    if outcome is None or spendable(d, option) < 1:
        return damage
    key, v = ctx.decide(
        d.f.id,
        "freeze_frame",
        "E.1",
        f"{d.f.id}'s Basic Move does {damage} to {t.f.id}: spend an Action Point and 1 damage on a Freeze Frame "
        "for 2 Glory?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        return damage
    o = tables().option(option.value)
    pay(ctx, d, option, costs.ap_cost(o), key)
    left, glory = outcome
    ctx.note("E.1", d.f.id, f"Freeze Frame: {damage} → {left} damage.", o.ref, inputs={"damage": damage})
    ctx.award(d.f.id, glory, "Freeze Frame Attack", o.ref)
    return left


def knock_out(ctx: Turn, d: Dram, t: Dram, damage: int, range_now: int | None) -> attacks.KnockedOut | None:
    """Knocking an Opponent out of Combat: a point, and every 2 damage given up is a Range more of Knock Back, to
    Range 5 and past it (000 L7195)."""
    option = DramaticOption.knock_out_of_combat
    per = tables().option(option.value).sacrifice or 2
    if range_now is None or damage < per or spendable(d, option) < 1:
        return None
    key, v = ctx.decide(
        d.f.id,
        "knock_out",
        "E.1",
        f"{d.f.id} hits {t.f.id} for {damage}: give up damage (2 a Range) for more Knock Back, a point?",
        DecisionValue(points=0),
        lambda: [
            choice(DecisionValue(points=n), f"give up {n}: {n // per} more Range(s)") for n in range(0, damage + 1, per)
        ],
    )
    n = v.points or 0
    if not n:
        return None
    if n > damage:
        ctx.fail("DECISION_INVALID", f"{key}.points", f"{key}: {n} is more than the {damage} damage.", key=key)
    o = tables().option(option.value)
    pay(ctx, d, option, costs.ap_cost(o), key)
    out = attacks.knock_out_of_combat(damage, n, range_now)
    ctx.note(
        "E.1",
        d.f.id,
        f"{d.f.id} gives up {n} damage ({out.damage} left) for {n // per} more Range(s) of Knock Back.",
        o.ref,
        inputs={"sacrificed": n},
    )
    return out
