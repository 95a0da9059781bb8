"""The turn's actions besides a punch, kick or grapple: bridging (001 L212-216), defending (001 L218-230) and the
miscellaneous maneuvers (001 L685-703), each a handler registered for its action."""

from __future__ import annotations

from collections.abc import Callable

from ..codes import refusal
from ..tables.vocabulary import ImpactDefenseBonus, ImpactRange
from .combatants import Fighter
from .context import Turn, defence_check
from .models import ImpactAction, ImpactBridgeDirection, ImpactEventKind, ImpactNextMods
from .strikes import change_stamina, lean_of

Handler = Callable[[Turn, Fighter, "Fighter | None"], None]
HANDLERS: dict[ImpactAction, Handler] = {}


def handles(action: ImpactAction) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[action] = fn
        return fn

    return register


def earn(turn: Turn, f: Fighter, action: ImpactAction) -> None:
    """The SP and Stamina an action brings (the SP into the pool of the fighter's current kind, digest A18)."""
    row = turn.rules.action(str(action))
    if turn.phase(5) and row.sp_gain:
        f.sp += row.sp_gain
        turn.say(
            f"{f.id} gains {row.sp_gain} SP ({action}): {f.sp}",
            ImpactEventKind.setup_points,
            f.id,
            amount=row.sp_gain,
            value=f.sp,
        )
    if turn.phase(4) and row.stamina_dice:
        regained = turn.roll(f.id, f"{action}_stamina", f"Stamina from {action}", count=row.stamina_dice)
        change_stamina(turn, f, regained, str(action))


def bump(mods: ImpactNextMods, **by: int) -> ImpactNextMods:
    return mods.model_copy(update={k: getattr(mods, k) + v for k, v in by.items()})


@handles(ImpactAction.bridge)
def bridge(turn: Turn, b: Fighter, o: Fighter | None) -> None:
    """One range step in or out; a counter-bridging opponent with a higher total holds the range (001 L214)."""
    assert b.decl is not None and o is not None
    outward = b.decl.direction == ImpactBridgeDirection.bridge_out
    blocked = o.counter_of == b.id and o.faster(b)
    if blocked:
        turn.say(
            f"{o.id} counter-bridges and holds the range against {b.id}", ImpactEventKind.contest, o.id, other=b.id
        )
        earn(turn, o, ImpactAction.bridge)  # digest A26 (T26): the counter-bridge is a bridge too
        o.acted = True
    else:
        new = turn.shift_range(b.id, o.id, outward)
        turn.say(
            f"{b.id} bridges {b.decl.direction}: {b.id} and {o.id} now at {new} range",
            ImpactEventKind.range_changed,
            b.id,
            other=o.id,
        )
        if o.counter_of == b.id:
            earn(turn, o, ImpactAction.bridge)
            o.acted = True
    earn(turn, b, ImpactAction.bridge)
    b.acted = True


@handles(ImpactAction.beat)
def beat(turn: Turn, a: Fighter, o: Fighter | None) -> None:
    """Higher Speed Test: +1 on the next maneuver test; lower: -1 speed on the next maneuver (001 L693)."""
    assert o is not None
    if a.faster(o):  # a tie is settled by the Speed Test's re-roll (001 L377)
        a.next_mods = bump(a.next_mods, test=1)
        turn.say(
            f"{a.id} beats {o.id}'s guard: +1 on the next maneuver test",
            ImpactEventKind.contest,
            a.id,
            other=o.id,
            value=1,
            figures={"next_test": 1},
        )
    else:
        a.next_mods = bump(a.next_mods, speed=-1)
        turn.say(
            f"{a.id}'s beat fails: -1 speed on the next maneuver",
            ImpactEventKind.contest,
            a.id,
            other=o.id,
            value=-1,
            figures={"next_speed": -1},
        )
    earn(turn, a, ImpactAction.beat)
    a.acted = True


@handles(ImpactAction.bind)
def bind(turn: Turn, a: Fighter, o: Fighter | None) -> None:
    """Parrying a punch across the body: a higher Speed Test slows the opponent's next maneuver by 3 (001 L695)."""
    assert o is not None
    if o.place is not None and a.faster(o):
        o.next_mods = bump(o.next_mods, speed=-3)
        turn.say(
            f"{a.id} binds {o.id}: -3 speed on {o.id}'s next maneuver",
            ImpactEventKind.contest,
            a.id,
            other=o.id,
            value=-3,
            figures={"next_speed": -3},
        )
    earn(turn, a, ImpactAction.bind)


def _contest(turn: Turn, a: Fighter, o: Fighter, point: str) -> bool:
    """A's maneuver test with the chosen maneuver against O's Tactics Test (001 L697-699); ties do nothing."""
    assert a.maneuver is not None
    c = turn.rules.combat[0]
    mine = turn.roll(a.id, point, f"{point} maneuver test", count=2, other=o.id) + a.skill(a.maneuver.id)
    defence = max(o.built.tactics, o.skill(a.maneuver.id)) if point == ImpactAction.feint else o.built.tactics
    theirs = turn.roll(o.id, "tactics", "Tactics Test", count=2, other=a.id) + defence
    if turn.phase(4):
        mine += c.stamina_quarter_penalty * a.stamina_steps()
        theirs += c.stamina_quarter_penalty * o.stamina_steps()
    won = mine > theirs
    turn.say(
        f"{a.id} {point}: {mine} against {o.id}'s {theirs}",
        ImpactEventKind.contest,
        a.id,
        other=o.id,
        value=mine - theirs,
        figures={"test": mine, "tactics_test": theirs, "margin": mine - theirs},
    )
    return won


def _won_speed(a: Fighter, o: Fighter) -> bool:
    return a.faster(o)


@handles(ImpactAction.lead)
def lead(turn: Turn, a: Fighter, o: Fighter | None) -> None:
    """Won Speed Test, then a won contest: +2 speed and +2 damage on the next maneuver; no contact (digest A27)."""
    assert o is not None
    if _won_speed(a, o) and _contest(turn, a, o, ImpactAction.lead.value):
        a.next_mods = bump(a.next_mods, speed=2, damage=2)
        turn.say(
            f"{o.id} reacts as {a.id} expected: +2 speed and damage on {a.id}'s next maneuver",
            ImpactEventKind.contest,
            a.id,
            other=o.id,
            value=2,
            figures={"next_speed": 2, "next_damage": 2},
        )
    earn(turn, a, ImpactAction.lead)
    a.acted = True


@handles(ImpactAction.feint)
def feint(turn: Turn, a: Fighter, o: Fighter | None) -> None:
    """Won Speed Test, then a won contest: the opponent must defend or bridge out at once; +2 speed next (001 L697).
    The opponent tests with the better of his Tactics and his skill in the feinted maneuver (a ruling)."""
    assert o is not None
    if _won_speed(a, o) and not o.acted and _contest(turn, a, o, ImpactAction.feint.value):
        a.next_mods = bump(a.next_mods, speed=2)
        _feinted(turn, a, o)
        o.acted = True
    earn(turn, a, ImpactAction.feint)
    a.acted = True


def _feinted(turn: Turn, a: Fighter, o: Fighter) -> None:
    """The fighter a won Feint was aimed at must defend or bridge out one range (001 L697); a held fighter may not
    bridge (001 L288), and one with neither choice just loses his maneuver."""
    held = bool(turn.holds_on(o.id))
    tactics = [(t, f"defend with {t}") for t, level in o.tactics_levels.items() if level > 0]
    choices = tactics + ([] if held else [("bridge_out", "bridge out one range")])
    key = turn.key(o.id, "feinted", a.id)
    if not choices:
        turn.refuse_given(key, refusal("HELD_CANNOT_BRIDGE", f"{o.id} is held and has no defensive tactic."), ())
        return
    values = [v for v, _ in choices]
    text = f"{a.id}'s Feint fools {o.id}: defend or bridge out"
    check = defence_check(turn, o, values, held)
    pick = turn.decide(key, "feinted", ImpactAction.feint.value, o.id, choices, values[0], text, check)
    if pick == "bridge_out":
        new = turn.shift_range(a.id, o.id, outward=True)
        turn.say(f"{o.id} bridges out from the feint: {new} range", ImpactEventKind.range_changed, o.id, other=a.id)
        earn(turn, o, ImpactAction.bridge)
    else:
        o.defending = pick
        turn.say(f"{o.id} switches to {o.defending}", ImpactEventKind.defended, o.id, other=a.id)


def draw(turn: Turn, a: Fighter, o: Fighter) -> None:
    """Before any Speed Test: both make a Tactics Test; a higher drawer makes the opponent aim at the opening he
    offers, at -2 (001 L691). A tie does nothing (digest A14)."""
    assert a.decl is not None
    c = turn.rules.combat[0]
    mine = turn.roll(a.id, ImpactAction.draw.value, "Tactics Test (Draw)", count=2, other=o.id) + a.built.tactics
    theirs = turn.roll(o.id, "tactics", "Tactics Test", count=2, other=a.id) + o.built.tactics
    if turn.phase(4):
        mine += c.stamina_quarter_penalty * a.stamina_steps()
        theirs += c.stamina_quarter_penalty * o.stamina_steps()
    turn.say(
        f"{a.id} draws {o.id}: {mine} against {theirs}",
        ImpactEventKind.contest,
        a.id,
        other=o.id,
        value=mine - theirs,
        figures={"test": mine, "tactics_test": theirs, "margin": mine - theirs},
    )
    key = turn.key(a.id, "draw_seen", o.id)
    if mine > theirs:
        o.draw_area, o.draw_penalty, o.drawn_by = a.decl.area, 2, a.id
    if theirs <= mine:  # 001 L691: only a Draw seen through lets the drawer fall back (a tie does nothing, digest A14)
        turn.refuse_given(key, refusal("DRAW_REPLY_NOT_OFFERED", f"{o.id} did not see through {a.id}'s Draw."))
    else:  # seen through: the drawer may fall back on a defence (001 L691)
        choices = [("keep", "stay open"), *[(t, f"defend with {t}") for t, lv in a.tactics_levels.items() if lv > 0]]
        values = [v for v, _ in choices]
        text = f"{o.id} sees through {a.id}'s Draw: fall back on a defence?"
        pick = turn.decide(
            key, "draw_seen", ImpactAction.draw.value, a.id, choices, "keep", text, defence_check(turn, a, values)
        )
        if pick != "keep":
            a.defending = pick
            turn.say(f"{a.id} falls back on {pick}", ImpactEventKind.defended, a.id, other=o.id)
    earn(turn, a, ImpactAction.draw)
    a.acted = True


def reach(turn: Turn, a: Fighter, o: Fighter) -> bool:
    """Is O within the range of A's maneuver? A Lunge reaches one range further after O bridged out, never past
    kicking range (001 L707)."""
    m = a.maneuver
    if m is None or not turn.phase(3):
        return True
    now = turn.range_of(a.id, o.id)
    if now in m.ranges:
        return True
    from ..tables.vocabulary import RANGE_ORDER
    from .models import ImpactVariation

    lunging = a.decl is not None and ImpactVariation.lunge in a.decl.variations
    if lunging and now != ImpactRange.out:
        nearer = RANGE_ORDER[RANGE_ORDER.index(now) + 1] if now != ImpactRange.grappling else now
        return nearer in m.ranges
    return False


def defended(turn: Turn, f: Fighter) -> None:
    """A fighter who defended this turn: +1 SP and 1d6 Stamina, and a Bridge bonus kept for next turn (001 L222-224)."""
    if f.defending is None:
        return
    earn(turn, f, ImpactAction.defense)
    row = next((t for t in turn.rules.defense_tactics if t.id == f.defending), None)
    if row is not None and ImpactDefenseBonus.bridge in row.applies:
        f.next_bridge_bonus = f.tactics_levels.get(f.defending, 0)


__all__ = ["HANDLERS", "defended", "draw", "lean_of", "reach"]
