"""Mind-Manipulating Magic (000 L7283–L7287): where the Director and the concept allow it, a fighter with Magic,
Psychic or Gadgeteering pays a point and, in place of his attack, rolls that skill against the target's plain d10
or Grim Determination; winning, he makes the target do nothing next turn (defending as if Stunned) or says what the
target does next turn, or takes him out of the fight altogether. Ours for the last: he leaves the scene and counts
as defeated for the rest of the fight, his Life Bar set to 0 (a fighter's state knows no other way out of a fight),
with no damage dealt, no Glory for a defeat and no Life Bar loss for Stun or Super Energy (000 L7285–L7287)."""

from __future__ import annotations

from ...dramatic import checks, costs
from ...dramatic.catalogue import tables
from ..contract.models import ChoiceOption, DecisionValue, DramaticOption, MindEffect
from ..state.turn import Turn
from .base import D10, Dram, choice, pay, skill, spendable

_OPTION = DramaticOption.mind_manipulation
CASTING = ("magic", "psychic", "gadgeteering")  # the skills it is rolled with (000 L7283)
RESIST = "grim_determination"  # or a plain d10 (000 L7283)
_WON = {
    MindEffect.idle: "he will do nothing next turn.",
    MindEffect.dictate: "{} says what he does next turn.",
    MindEffect.remove: "he is taken out of the fight.",
}


def casting(ctx: Turn, d: Dram) -> tuple[str, int] | None:
    """His best casting skill (ours: the highest when he has several)."""
    best = max(((s, skill(ctx, d, s)) for s in CASTING), key=lambda x: x[1])
    return best if best[1] >= 1 else None


def offered(ctx: Turn, d: Dram, foes: list[str]) -> list[ChoiceOption]:
    if casting(ctx, d) is None or spendable(d, _OPTION) < costs.ap_cost(tables().option(_OPTION.value)):
        return []
    return [
        choice(DecisionValue(option=_OPTION, target=t, mind=effect), f"Mind-Manipulating Magic on {t} ({effect.value})")
        for t in foes
        for effect in MindEffect
    ]


def manipulate(ctx: Turn, d: Dram, t: Dram, v: DecisionValue, key: str) -> None:
    o = tables().option(_OPTION.value)
    cast = casting(ctx, d)
    if cast is None:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: {d.f.id} has no Magic, Psychic or Gadgeteering.",
            key=key,
        )
    effect = v.mind or MindEffect.idle
    if t.mind_immune:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.target",
            f"{key}: {t.f.id} was freed from mind control by pulled punches and is immune this fight (000 L7207).",
            key=key,
        )
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    name, level = cast
    face = ctx.roll(d.f.id, "mind_check", D10, f"{name} (Mind-Manipulating Magic)", "C")
    mine = checks.check_total(face, level, d.hit_stun_penalty)
    grim = skill(ctx, t, RESIST) + t.mind_resist  # his Qualities of intellect or will (000 L7283)
    resist_face = ctx.roll(t.f.id, "mind_resist", D10, "resisting Mind-Manipulating Magic", "C")
    theirs = checks.check_total(resist_face, grim, t.hit_stun_penalty)
    won = checks.contest(mine, [theirs])  # ours: he must roll higher, as in the other contests (000 L7146, L7152)
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s {name} {face} + {level} = {mine} against {t.f.id}'s {resist_face} + {grim} = {theirs}: "
        + (_WON[effect].format(d.f.id) if won else "resisted."),
        o.ref,
        inputs={"face": face, "total": mine, "resist": theirs},
    )
    if won and effect is MindEffect.remove:
        t.f.life = 0
        t.f.defeated = True
        ctx.note(
            "C", t.f.id, f"{t.f.id} is gone from the fight.", "000 L7287", change={"life_bar": 0, "defeated": True}
        )
    elif won and effect is MindEffect.idle:
        t.idle_next = True
    elif won:
        t.dictated_next = d.f.id
