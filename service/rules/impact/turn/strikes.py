"""A punch, kick or grapple landing (001 L379-415, L536-577, L606-683): the hit test, the damage against a
Resistance Roll, Toughness, the special effects, holds, Stamina and Setup Points."""

from __future__ import annotations

from ..pack import ImpactManeuver, ImpactSpecial
from ..tables.vocabulary import ImpactArea, ImpactDefenseBonus, ImpactEffect, ImpactLean
from .combatants import Fighter
from .context import Hold, Turn
from .declarations import family
from .models import ImpactAction, ImpactEventKind, ImpactOut, ImpactVariation


def tactic_bonus(turn: Turn, d: Fighter, kind: ImpactDefenseBonus) -> int:
    """The defender's tactic level where it applies, against as many attacks as his average Speed (001 L220-222)."""
    if d.defending is None or d.defended >= max(1, d.built.average_speed):
        return 0
    row = next((t for t in turn.rules.defense_tactics if t.id == d.defending), None)
    return d.tactics_levels.get(d.defending, 0) if row and kind in row.applies else 0


def lean_of(turn: Turn, f: Fighter) -> int:
    """A fighter's lean number for this turn: 0 unless his maneuver is a punch, kick or grapple (digest A12)."""
    striking = (ImpactAction.maneuver, ImpactAction.stop_hit)
    if f.maneuver is None or f.decl is None or f.defending is not None or f.decl.action not in striking:
        return 0
    lean = turn.pack.category(f.maneuver.category).lean
    return {ImpactLean.out: lean.out, ImpactLean.none: lean.none, ImpactLean.lean_in: lean.into}[f.decl.lean]


def variation_sum(turn: Turn, f: Fighter, field: str) -> int:
    return sum(getattr(turn.rules.variation(str(v)), field) for v in (f.decl.variations if f.decl else []))


def strike(turn: Turn, a: Fighter, d: Fighter) -> bool:
    """A's pack maneuver against D, once it is A's place in the order and D is within its range."""
    m = a.maneuver
    assert m is not None and a.decl is not None
    drawn = a.draw_area is not None and a.drawn_by == d.id
    area = a.draw_area if drawn else a.area  # a won Draw: the opening offered is the area struck (001 L691)
    assert area is not None
    held = turn.hold_by(a.id, d.id, m.id)
    hit = _hit_test(turn, a, d, m, area, held)
    damage = 0
    if hit:
        damage = _damage(turn, a, d, m, area, held)
        _holds(turn, a, d, m, area, held)
        if turn.phase(4):
            _special(turn, a, d, m, area, damage)
        if turn.phase(5) and m.sp_on_hit:
            a.sp += m.sp_on_hit
            turn.say(
                f"{a.id} gains {m.sp_on_hit} SP for the {m.name}",
                ImpactEventKind.setup_points,
                a.id,
                amount=m.sp_on_hit,
                value=a.sp,
            )
    if d.defending is not None:
        d.defended += 1
        if d.defending in turn.rules.riposte_tactics:  # remembered for a Riposte next turn (001 L709)
            d.parried = (a.decl.side, turn.pack.category(m.category).type == "kick")
    knocked_out(turn, d, a.id)
    a.acted = True
    return hit


def _hit_test(turn: Turn, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea, held: Hold | None) -> bool:
    c = turn.rules.combat[0]
    roll_a = turn.roll(a.id, "hit", f"{m.name} test", count=2, other=d.id)
    roll_d = turn.roll(d.id, "difficulty", "Difficulty roll", count=2, other=a.id)
    parts: dict[str, int] = {"test_roll": roll_a, "difficulty_roll": roll_d}
    if turn.phase(2):
        parts |= {
            "skill": a.skill(m.id),
            "waiting_bonus": a.mods.test,
            ImpactAction.stop_hit.value: a.turn_test,
            "variations": variation_sum(turn, a, "test"),
            "drawn": -(a.draw_penalty if a.drawn_by == d.id else 0),
            "area_difficulty": d.area_figures(area)[0],
            "defence_bonus": tactic_bonus(turn, d, ImpactDefenseBonus.difficulty),
            "held": m.hold.victim_difficulty if held is not None and m.hold is not None else 0,  # 001 L249, L251
        }
    if turn.phase(4):
        parts |= {
            "stamina": c.stamina_quarter_penalty * a.stamina_steps(),
            "defender_stamina": c.stamina_quarter_penalty * d.stamina_steps(),
        }
    mine = ("test_roll", "skill", "waiting_bonus", ImpactAction.stop_hit, "variations", "drawn", "stamina")
    atk = sum(v for k, v in parts.items() if k in mine)
    dfn = sum(v for k, v in parts.items() if k not in mine)
    hit = atk > dfn  # 001 L395: the attacker must be higher
    turn.say(
        f"{a.id} {m.name} at {d.id}'s {area}: {atk} against {dfn}, {'hit' if hit else 'miss'}",
        ImpactEventKind.hit if hit else ImpactEventKind.miss,
        a.id,
        other=d.id,
        area=area,
        value=atk - dfn,
        figures={k: v for k, v in parts.items() if v or k.endswith("roll")}
        | {"test": atk, "difficulty": dfn, "margin": atk - dfn},
    )
    return hit


def _damage(turn: Turn, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea, held: Hold | None) -> int:
    assert a.decl is not None
    base = m.hold.damage if held is not None and m.hold is not None and m.hold.damage is not None else m.damage
    total = base + a.side_power(a.decl.side)
    if turn.phase(4):
        total += lean_of(turn, a) + lean_of(turn, d)  # 001 L70, L542
    total += a.mods.damage + a.turn_damage + variation_sum(turn, a, "damage")
    damage = total
    if turn.phase(2):
        roll = turn.roll(d.id, "resistance", "Resistance Roll", other=a.id)
        toughness, bonus = d.toughness[area], tactic_bonus(turn, d, ImpactDefenseBonus.toughness)
        resist = roll + toughness + bonus
        damage = max(0, total - resist)  # 001 L551
        turn.say(
            f"{a.id} damage {total} against Resistance {resist}",
            ImpactEventKind.resistance,
            d.id,
            other=a.id,
            area=area,
            value=resist,
            figures={
                "damage": total,
                "resistance_roll": roll,
                "toughness": toughness,
                "defence_bonus": bonus,
                "resistance": resist,
                "damage_left": damage,
            },
        )
    if a.damage_divisor > 1:  # a landed Stop-Hit: half the damage, rounded down (001 L701, a ruling)
        before, damage = damage, damage // a.damage_divisor
        turn.say(
            f"{a.id}'s Stop-Hit: the damage is halved to {damage}",
            ImpactEventKind.damage_halved,
            a.id,
            other=d.id,
            value=damage,
            figures={"before": before, "divisor": a.damage_divisor, "after": damage},
        )
    multiplier = 1
    for h in turn.holds_on(d.id):
        hm = turn.pack.maneuver(h.maneuver)
        if hm and hm.hold and hm.hold.damage_multiplier > 1:
            multiplier *= hm.hold.damage_multiplier  # 001 L250
    damage *= multiplier
    if damage:
        d.damage[area] += damage
        turn.say(
            f"{d.id} takes {damage} on the {area}",
            ImpactEventKind.damage,
            d.id,
            other=a.id,
            area=area,
            amount=damage,
            value=d.damage[area],
            figures={"damage": damage, "area_damage": d.damage[area]}
            | ({"held_multiplier": multiplier} if multiplier > 1 else {}),
        )
        if turn.phase(3) and 2 * damage >= d.toughness[area] and d.toughness[area] > 0:  # 001 L487; digest A30
            d.toughness[area] -= 1
            turn.say(
                f"{d.id}'s {area} Toughness drops to {d.toughness[area]}",
                ImpactEventKind.toughness_lowered,
                d.id,
                area=area,
                amount=-1,
                value=d.toughness[area],
            )
        if d.damage[area] >= d.area_figures(area)[2] and area not in d.ko_areas:
            knock_out_area(turn, d, area)
    return damage


def knock_out_area(turn: Turn, d: Fighter, area: ImpactArea) -> None:
    d.ko_areas.add(area)
    turn.say(f"{d.id}'s {area} is knocked out", ImpactEventKind.area_knocked_out, d.id, area=area)


def _holds(turn: Turn, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea, held: Hold | None) -> None:
    if not turn.phase(3):
        return
    if m.breaks_holds:
        for h in [h for h in turn.holds if {h.holder, h.victim} == {a.id, d.id}]:
            turn.holds.remove(h)
            turn.say(
                f"The {h.maneuver} hold is broken by the {m.name}",
                ImpactEventKind.hold_broken,
                h.holder,
                other=h.victim,
            )
    if m.hold is None:
        return
    if held is not None:
        held.turns += 1
        held.renewed = True
        turn.say(
            f"{a.id} keeps the {m.name} on {d.id} ({held.turns} turns)",
            ImpactEventKind.hold,
            a.id,
            other=d.id,
            value=held.turns,
        )
    elif m.hold.starts == "on_hit":
        start_hold(turn, a, d, m, area)


def start_hold(turn: Turn, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea) -> None:
    turn.holds.append(Hold(maneuver=m.id, holder=a.id, victim=d.id, area=area, turns=1, renewed=True))
    turn.say(f"{a.id} holds {d.id} with the {m.name}", ImpactEventKind.hold, a.id, other=d.id, area=area, value=1)


def _special(turn: Turn, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea, damage: int) -> None:
    s = m.special
    if s is None or (s.areas and area not in s.areas):
        return
    if not s.rolled:
        roll = 12
    elif damage > 0:
        roll = turn.roll(a.id, "special", f"{m.name} special effect", count=2, other=d.id)
        turn.say(
            f"{a.id} {m.name} special effect roll {roll}",
            ImpactEventKind.special,
            a.id,
            other=d.id,
            value=roll,
            figures={"roll": roll},
        )
    else:
        return
    for effect in effects_of(s, roll):
        apply_effect(turn, effect, a, d, m, area)


def effects_of(special: ImpactSpecial, roll: int) -> list[ImpactEffect]:
    out: list[ImpactEffect] = []
    for outcome in special.outcomes:
        if roll >= outcome.at_least or not special.rolled:
            out += [e for e in outcome.effects if e not in out]
        if not special.rolled:
            break
    return out


def apply_effect(turn: Turn, effect: ImpactEffect, a: Fighter, d: Fighter, m: ImpactManeuver, area: ImpactArea) -> None:
    if effect == ImpactEffect.knock_down:
        knock_down(turn, d)
    elif effect == ImpactEffect.area_knocked_out and area not in d.ko_areas:
        knock_out_area(turn, d, area)
    elif effect == ImpactEffect.dies:
        d.out = ImpactOut.dead
        d.knocked_out_by = a.id
        turn.say(f"{d.id} dies", ImpactEventKind.died, d.id, other=a.id)
    elif effect == ImpactEffect.sustain_hold and turn.hold_by(a.id, d.id, m.id) is None:
        start_hold(turn, a, d, m, area)
    elif effect == ImpactEffect.holder_loses_grapple_sp:
        lost, a.sp = a.sp, 0
        turn.say(f"{a.id} loses every Setup Point", ImpactEventKind.setup_points, a.id, amount=-lost, value=0)


def knock_down(turn: Turn, d: Fighter) -> None:
    """-3 speed on the next maneuver and every Setup Point lost (001 L296-298); a holder knocked down lets go."""
    d.knocked_down_now = True
    d.sp = 0
    turn.say(f"{d.id} is knocked down", ImpactEventKind.knocked_down, d.id)
    for h in [h for h in turn.holds if h.holder == d.id]:
        turn.holds.remove(h)
        turn.say(
            f"The {h.maneuver} hold on {h.victim} is broken", ImpactEventKind.hold_broken, h.holder, other=h.victim
        )


def knocked_out(turn: Turn, d: Fighter, by: str | None) -> None:
    """Head, chest or abdomen knocked out, or three limbs: out of the fight (001 L306)."""
    if d.out is not None:
        return
    if d.vital_out() or d.limbs_out() >= turn.rules.combat[0].limbs_to_lose:
        d.out = ImpactOut.knocked_out
        d.knocked_out_by = by
        turn.say(f"{d.id} is knocked out", ImpactEventKind.knocked_out, d.id, other=by)
        for h in [h for h in turn.holds if d.id in (h.holder, h.victim)]:
            turn.holds.remove(h)


def exertion(turn: Turn, a: Fighter) -> None:
    """Stamina spent on a performed maneuver: half its base damage, rounded down (001 L194, L561; digest A11)."""
    m = a.maneuver
    if m is None or not turn.phase(4):
        return
    multiplier = 1
    for v in a.decl.variations if a.decl else []:
        multiplier *= turn.rules.variation(str(v)).stamina_multiplier
    cost = m.damage // 2 * multiplier
    if cost:
        change_stamina(turn, a, -cost, f"{m.name}")
    if m.sp == -1:
        dice = turn.rules.combat[0].minus_one_sp_stamina_dice
        change_stamina(turn, a, turn.roll(a.id, "stamina", "Stamina regained", count=dice), "an SP-earning maneuver")


def change_stamina(turn: Turn, f: Fighter, amount: int, why: str) -> None:
    f.stamina = max(0, min(f.built.stamina_max, f.stamina + amount))  # digest A10
    turn.say(
        f"{f.id} {'gains' if amount >= 0 else 'loses'} {abs(amount)} Stamina ({why}): {f.stamina}",
        ImpactEventKind.stamina,
        f.id,
        amount=amount,
        value=f.stamina,
    )


def spend_setup_points(turn: Turn, a: Fighter) -> None:
    """The family switch empties the pool (001 L204, L668); the maneuver's SP are spent on the attempt, a -1 SP one
    earns one (001 L667-674; digest A18); keeping a hold costs nothing."""
    m = a.maneuver
    if m is None or not turn.phase(5):
        return
    fam = family(m, turn)
    if fam != a.family:
        if a.sp:
            turn.say(
                f"{a.id} switches between striking and grappling: {a.sp} SP lost",
                ImpactEventKind.setup_points,
                a.id,
                amount=-a.sp,
                value=0,
            )
        a.sp, a.family = 0, fam
    if m.sp == -1:
        a.sp += 1
    elif m.sp > 0 and not (a.target and turn.hold_by(a.id, a.target, m.id)):
        a.sp = max(0, a.sp - m.sp)


def uses_variation(f: Fighter, v: ImpactVariation) -> bool:
    return f.decl is not None and v in f.decl.variations
