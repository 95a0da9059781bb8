"""The Ki Face Off (000 L7231–L7237): against a Ranged Special Move the defender pays a point to meet it with his
Ki. No attack roll: the attacker rolls his damage, the defender rolls a Ranged Special Move's damage for his Ki
(neither with Stamina; ruling C16: no Special Move die size for the defender), and the higher puts the difference on
next turn's Initiative. Next turn the one with the higher Initiative wins it: 1d12, at least his Ki, and 2 Ranges
of Knock Back; a tie carries it one turn further (ruling C16)."""

from __future__ import annotations

from ....dice import Die, die
from ...dramatic import costs
from ...dramatic.catalogue import tables
from ...dramatic.flourish import FACE_OFF_KNOCK_BACK, face_off_damage, face_off_opening
from ..contract.models import DramaticOption
from ..state.turn import Turn
from .base import Dram, hurt, knock_back, pay, skill, spendable

_OPTION = DramaticOption.ki_face_off
D12 = die("1d12")


def may_face_off(ctx: Turn, t: Dram) -> bool:
    o = tables().option(_OPTION.value)
    return skill(ctx, t, o.skill or "") >= 1 and spendable(t, _OPTION) >= costs.ap_cost(o)


def declare(ctx: Turn, t: Dram, key: str) -> None:
    pay(ctx, t, _OPTION, costs.ap_cost(tables().option(_OPTION.value)), key)
    t.face_off_now = True


def opening(ctx: Turn, d: Dram, t: Dram, attacker_die: Die, flat: int) -> None:
    """Both roll damage in place of the attack roll; nobody is hurt yet (000 L7233–L7235)."""
    o = tables().option(_OPTION.value)
    ki = skill(ctx, t, o.skill or "")
    mine = ctx.roll(d.f.id, "face_off_damage", attacker_die, "Ki Face Off: the attack's damage", "D.6") + flat
    ki_die = Die(3).shifted(tables().ranged_damage_steps(ki))
    theirs = ctx.roll(t.f.id, "face_off_damage", ki_die, "Ki Face Off: damage by Ki", "D.6")
    r = face_off_opening(mine, theirs)
    lead = None if r.leader is None else (d, t)[r.leader]
    ctx.note(
        "D.6",
        t.f.id,
        f"Ki Face Off: {d.f.id} {attacker_die}{flat:+d} = {mine}, {t.f.id} {ki_die} = {theirs}: "
        + (f"{lead.f.id} gets +{r.initiative_bonus} Initiative next turn." if lead else "even."),
        o.ref,
        inputs={d.f.id: mine, t.f.id: theirs},
    )
    d.face_off_next, t.face_off_next = t.f.id, d.f.id
    if lead is not None:
        lead.face_off_next_bonus = r.initiative_bonus


def settle(ctx: Turn, ds: dict[str, Dram]) -> None:
    """After Initiative: the higher of the pair wins the Face Off (000 L7237)."""
    o = tables().option(_OPTION.value)
    for a in (ds[i] for i in ctx.order):
        b = ds.get(a.face_off or "")
        if b is None or b.face_off != a.f.id or a.f.id > b.f.id or not (a.f.active and b.f.active):
            continue
        if a.f.init == b.f.init:
            a.face_off_next, b.face_off_next = b.f.id, a.f.id  # ruling C16: one more turn
            ctx.note("A.4", None, f"{a.f.id} and {b.f.id} tie: the Ki Face Off goes on.", o.ref)
            continue
        win, lose = (a, b) if a.f.init > b.f.init else (b, a)
        ki = skill(ctx, win, o.skill or "")
        face = ctx.roll(win.f.id, "face_off", D12, "Ki Face Off", "A.4")
        dmg = face_off_damage(face, ki)
        ctx.note(
            "A.4",
            win.f.id,
            f"{win.f.id} wins the Ki Face Off: 1d12 {face}, at least Ki {ki}: {dmg}.",
            o.ref,
            inputs={"face": face},
        )
        hurt(ctx, win, lose, dmg, hit=False)  # our reading: like a Flourish, a blow but not an attack's hit
        knock_back(ctx, lose, FACE_OFF_KNOCK_BACK, win)
