"""Spirit Combat (000 L7299–L7307) and the options it opens (000 L7311–L7323). In place of his attack, a fighter
within Range 4 with Meditation 10, Zen State 9, Spirituality 8, Psychic 7 or Magic 6 pays a point and wins a contest
(the defender rolls one of those skills or Grim Determination, a plain d10 without any, or lets himself be taken) to
carry both to a spirit plane. There a fighter unfit to fight spirits takes −2 to Accuracy and Defense Totals; he
takes −2 Accuracy too on a fighter who is himself a purely spiritual creature (000 L7313–L7315), against whom the
options below serve as well. Spirituality may stand in for Defense and Call Forth Wisdom for Property Damage, a
point each; Meditation draws Ki as Draw Ki does, away from the fight."""

from __future__ import annotations

from ...dramatic import checks, costs, spiritual
from ...dramatic.catalogue import tables
from ..contract.models import Choice, ChoiceOption, DecisionValue, DramaticOption
from ..state.turn import Turn
from .base import D10, Dram, choice, pay, skill, spendable

_OPTION = DramaticOption.spirit_combat
RESIST = "grim_determination"  # the defender's other skill (000 L7299)


def spirit_skills(ctx: Turn, d: Dram) -> dict[str, int]:
    names = {*tables().spirit_combat_entry, *tables().spirit_fighting.skills, RESIST}
    return {n: skill(ctx, d, n) for n in names}


def _unfit(ctx: Turn, d: Dram) -> int:
    """−2 for one unfit to fight spirits, else 0 (000 L7315). Ours: a purely spiritual creature is fit to fight
    his own kind (the text names only the traits a living fighter needs)."""
    if d.spiritual:
        return 0
    return spiritual.spirit_combat_penalty(set(d.f.prof.qualities), spirit_skills(ctx, d))


def penalty(ctx: Turn, d: Dram) -> int:
    """−2 to his Accuracy and Defense Totals in Spirit Combat if he cannot fight spirits (000 L7305, L7315)."""
    if not d.spirit:
        return 0
    return _unfit(ctx, d)


def accuracy(ctx: Turn, d: Dram, t: Dram) -> int:
    """His Accuracy against ``t``: −2 in Spirit Combat (000 L7305) or on a purely spiritual ``t`` (000 L7315) if he
    cannot fight spirits. Ours: the two are the one penalty, taken once."""
    if not (d.spirit or t.spiritual):
        return 0
    out = _unfit(ctx, d)
    if out and t.spiritual and not d.spirit:
        ctx.note("D", d.f.id, f"{d.f.id} cannot fight spirits: {out:+d} Accuracy on {t.f.id}.", "000 L7315")
    return out


def against_spirit(d: Dram, t: Dram) -> bool:
    """The options of Spiritual Combat serve him against ``t``: on the spirit plane, or ``t`` is himself a spirit
    (000 L7311, L7317–L7323)."""
    return d.spirit or t.spiritual


def _opening(ctx: Turn, d: Dram, t: Dram) -> tuple[str, int] | None:
    """The skill he opens with: the highest-rated of those that qualify (ours)."""
    levels = spirit_skills(ctx, d)
    ready = spiritual.may_open_spirit_combat(levels, ctx.distance(d.f, t.f))
    return max(((k, levels[k]) for k in ready), key=lambda x: x[1], default=None)


def offered(ctx: Turn, d: Dram, foes: list[Dram]) -> list[ChoiceOption]:
    """Spirit Combat with an opponent, or entering the one he is in (000 L7301)."""
    if d.spirit or spendable(d, _OPTION) < costs.ap_cost(tables().option(_OPTION.value)):
        return []
    return [
        choice(
            DecisionValue(option=_OPTION, target=t.f.id),
            f"enter {t.f.id}'s Spirit Combat" if t.spirit else f"Spirit Combat with {t.f.id}",
        )
        for t in foes
        if _opening(ctx, d, t) is not None
    ]


def open_combat(ctx: Turn, d: Dram, t: Dram, key: str, ds: dict[str, Dram] | None = None) -> None:
    o = tables().option(_OPTION.value)
    if t.spirit and not d.spirit:
        _enter(ctx, d, t, key, ds or {})
        return
    opening = _opening(ctx, d, t)
    if opening is None or d.spirit:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: Spirit Combat needs Range 4 or less and one of its skills at its level (000 L7299).",
            key=key,
        )
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    _, v = ctx.decide(
        t.f.id,
        "resist_spirit",
        "C",
        f"{d.f.id} tries to take {t.f.id} into Spirit Combat: resist?",
        DecisionValue(choice=Choice.act),
    )
    name, level = opening
    if v.choice is Choice.act:
        face = ctx.roll(d.f.id, "spirit_check", D10, f"{name} (Spirit Combat)", "C")
        mine = checks.check_total(face, level, d.hit_stun_penalty)
        theirs_skill, theirs_level = _resistance(ctx, t)
        resist = ctx.roll(t.f.id, "spirit_resist", D10, "resisting Spirit Combat", "C")
        theirs = checks.check_total(resist, theirs_level, t.hit_stun_penalty)
        won = checks.contest(mine, [theirs])  # ours: he must roll higher, as in the other contests
        ctx.note(
            "C",
            d.f.id,
            f"Spirit Combat: {d.f.id}'s {name} {mine} against {t.f.id}'s {theirs_skill} {theirs}: "
            + ("both go to the spirit plane." if won else "resisted."),
            o.ref,
            inputs={"total": mine, "resist": theirs},
        )
    else:
        won = True
        ctx.note("C", t.f.id, f"{t.f.id} goes willingly: both go to the spirit plane.", o.ref)
    if won:
        d.spirit = t.spirit = True


def _enter(ctx: Turn, d: Dram, t: Dram, key: str, ds: dict[str, Dram]) -> None:
    """Entering a Spirit Combat under way on a later turn: the same skills, Range and point; he goes in unless one
    engaged in it opposes, and then he must roll to enter (000 L7301). Ours: his opening skill against each
    opposer's resistance, as when it was opened, beating all of them; an engaged opponent opposes unless he says
    otherwise, an engaged ally lets him in unless he says otherwise."""
    o = tables().option(_OPTION.value)
    opening = _opening(ctx, d, t)
    if opening is None:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: entering Spirit Combat needs Range 4 or less and one of its skills at its level (000 L7299).",
            key=key,
        )
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    against: list[Dram] = []
    for x in ds.values():
        if x is d or not x.spirit or not x.f.active:
            continue
        rival = x.f.side != d.f.side
        _, v = ctx.decide(
            x.f.id,
            "resist_spirit",
            "C",
            f"{d.f.id} tries to enter the Spirit Combat: oppose his entrance?",
            DecisionValue(choice=Choice.act if rival else Choice.pass_),
        )
        if v.choice is Choice.act:
            against.append(x)
    if not against:
        d.spirit = True
        ctx.note("C", d.f.id, f"No one opposes: {d.f.id} enters the Spirit Combat.", o.ref)
        return
    name, level = opening
    face = ctx.roll(d.f.id, "spirit_check", D10, f"{name} (entering Spirit Combat)", "C")
    mine = checks.check_total(face, level, d.hit_stun_penalty)
    theirs = []
    for x in against:
        _, their_level = _resistance(ctx, x)
        resist = ctx.roll(x.f.id, "spirit_resist", D10, "opposing an entrance to Spirit Combat", "C")
        theirs.append(checks.check_total(resist, their_level, x.hit_stun_penalty))
    d.spirit = checks.contest(mine, theirs)
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s {name} {mine} against {', '.join(str(n) for n in theirs)}: "
        + ("he enters the Spirit Combat." if d.spirit else "kept out."),
        o.ref,
        inputs={"total": mine},
    )


def _resistance(ctx: Turn, t: Dram) -> tuple[str, int]:
    levels = spirit_skills(ctx, t)
    options = {k: levels[k] for k in (*tables().spirit_combat_entry, RESIST)}
    best = max(options.items(), key=lambda x: x[1])
    return best if best[1] >= 1 else ("a plain d10", 0)
