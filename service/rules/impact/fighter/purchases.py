"""Buying levels with Purchase Points (001 L108-160): one step at a time, with its free side effects.

A step raises one value by one level and costs its factor times the level reached. Raising an arm or a leg
raises the other one free; a maneuver that reaches four times another's level in its category lifts that one by
a level free (the AIR); Power and Speed must keep the side's ratio.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..pack import ImpactPack
from ..tables.rules import Rules
from ..tables.vocabulary import ImpactArea, ImpactRatio, ImpactSide, ImpactStat
from .models import ImpactPurchase, ImpactRatios


@dataclass
class Build:
    """A fighter's purchasable values while a ledger is replayed."""

    power: dict[ImpactSide, int]
    speed: dict[ImpactSide, int]
    tactics: int
    defense: int
    stamina: int
    maneuvers: dict[str, int]
    toughness: dict[ImpactArea, int]
    difficulty: dict[ImpactArea, int]

    @classmethod
    def base(cls, pack: ImpactPack, rules: Rules) -> Build:
        return cls(
            power={s: rules.factor(ImpactStat.power).base for s in ImpactSide},
            speed={s: rules.factor(ImpactStat.speed).base for s in ImpactSide},
            tactics=rules.factor(ImpactStat.tactics).base,
            defense=rules.factor(ImpactStat.defense).base,
            stamina=rules.stamina[0].base,
            maneuvers={m.id: m.base_level for m in pack.maneuvers},
            toughness={a.id: a.toughness for a in pack.areas},
            difficulty={a.id: a.difficulty for a in pack.areas},
        )

    def level(self, p: ImpactPurchase) -> int:
        stat = p.stat
        if stat in _SIDED:
            return getattr(self, stat)[p.side]  # type: ignore[no-any-return]
        if stat is ImpactStat.maneuver:
            return self.maneuvers[p.maneuver or ""]
        if stat in _AREAS:
            return getattr(self, stat)[p.area]  # type: ignore[no-any-return]
        return getattr(self, stat)  # type: ignore[no-any-return]


_SIDED = frozenset({ImpactStat.power, ImpactStat.speed})
_AREAS = frozenset({ImpactStat.toughness, ImpactStat.difficulty})


@dataclass
class Step:
    """What one ledger entry did: its price, every level it changed, and the rules it broke."""

    cost: int = 0
    changes: list[dict[str, object]] = field(default_factory=list)  # ImpactLevelChange fields
    problems: list[tuple[str, str]] = field(default_factory=list)  # (code, message)


def ratio_holds(ratio: ImpactRatio | None, power: int, speed: int) -> bool:
    """2:1 keeps Power at least twice Speed, 1:2 the reverse; the low statistic may stay at 1 (digest A7)."""
    if ratio == ImpactRatio.power_2_1:
        return speed == 1 or power >= 2 * speed
    if ratio == ImpactRatio.speed_1_2:
        return power == 1 or speed >= 2 * power
    return True


def _change(p: ImpactPurchase, before: int, after: int, paid: bool, **where: object) -> dict[str, object]:
    out = {"stat": p.stat, "side": p.side, "maneuver": p.maneuver, "area": p.area, "from_level": before}
    return out | {"to_level": after, "paid": paid} | where


def _raise_once(build: Build, p: ImpactPurchase, pack: ImpactPack, rules: Rules) -> Step:
    """One level of ``p`` (Stamina: one increment), with its free rises."""
    step = Step()
    if p.stat == ImpactStat.stamina:
        row = rules.stamina[0]
        step.cost = row.price
        step.changes.append(_change(p, build.stamina, build.stamina + row.step, True))
        build.stamina += row.step
        return step
    before = build.level(p)
    after = before + 1
    if p.stat == ImpactStat.maneuver:
        maneuver = pack.maneuver(p.maneuver or "")
        assert maneuver is not None
        step.cost = maneuver.cost * after
        build.maneuvers[maneuver.id] = after
        step.changes.append(_change(p, before, after, True))
        step.changes += _automatic_increase(build, maneuver.id, after, pack, rules)
        return step
    step.cost = rules.factor(p.stat).factor * after
    step.changes.append(_change(p, before, after, True))
    if p.stat in (ImpactStat.power, ImpactStat.speed):
        getattr(build, p.stat)[p.side] = after
    elif p.stat in (ImpactStat.toughness, ImpactStat.difficulty):
        values = getattr(build, p.stat)
        values[p.area] = after
        pair = pack.area(p.area).pair if p.area else None
        if pair is not None:  # the other arm or leg rises by the same step, free (001 L160)
            step.changes.append(_change(p, values[pair], values[pair] + 1, False, area=pair))
            values[pair] += 1
    else:
        setattr(build, p.stat, after)
    return step


def _automatic_increase(
    build: Build, raised: str, level: int, pack: ImpactPack, rules: Rules
) -> list[dict[str, object]]:
    """The AIR (001 L142): each other maneuver of the category at a quarter of ``level`` or less gains one level.
    Maneuvers still at 0 are not lifted, and the free levels do not fire it again (digest A9)."""
    ratio = rules.automatic_increase[0].ratio
    category = pack.maneuver(raised).category  # type: ignore[union-attr]
    out: list[dict[str, object]] = []
    for other in pack.members(category):
        current = build.maneuvers[other.id]
        if other.id != raised and current >= 1 and level >= ratio * current:
            build.maneuvers[other.id] = current + 1
            change = {"stat": ImpactStat.maneuver, "side": None, "maneuver": other.id, "area": None}
            out.append(change | {"from_level": current, "to_level": current + 1, "paid": False})
    return out


def buy(build: Build, p: ImpactPurchase, ratios: ImpactRatios, pack: ImpactPack, rules: Rules) -> Step:
    """Apply one ledger entry. A step that skips levels is reported and bought level by level (best effort); one
    that does not rise is reported and ignored."""
    problem = p.problem()
    if problem is not None:
        return Step(problems=[("PURCHASE_INCOMPLETE", problem)])
    if p.stat == ImpactStat.maneuver and pack.maneuver(p.maneuver or "") is None:
        return Step(problems=[("UNKNOWN_MANEUVER", f"No maneuver {p.maneuver!r} in the data pack.")])
    current = build.level(p)
    size = rules.stamina[0].step if p.stat == ImpactStat.stamina else 1
    target = current + size if p.to_level is None else p.to_level
    step = Step()
    if target != current + size:
        step.problems.append(("LEVEL_SKIPPED", f"{_label(p)} is at {current}: the next step reaches {current + size}."))
        if p.stat == ImpactStat.stamina and (target - rules.stamina[0].base) % size:
            step.problems.append(("STAMINA_INCREMENT", f"Stamina {target} is not 50 plus tens."))
    for _ in range(max(0, -(-(target - current) // size))):  # each level (or Stamina step) up to the target
        once = _raise_once(build, p, pack, rules)
        step.cost += once.cost
        step.changes += once.changes
    if p.stat in (ImpactStat.power, ImpactStat.speed) and step.changes:
        side = p.side or ImpactSide.left
        ratio = getattr(ratios, side)
        if not ratio_holds(ratio, build.power[side], build.speed[side]):
            step.problems.append(
                (
                    "PSR_VIOLATION",
                    f"{side.title()} side {_ratio_name(ratio)}: Power {build.power[side]} and Speed "
                    f"{build.speed[side]} break it.",
                )
            )
    return step


def _label(p: ImpactPurchase) -> str:
    where = p.side or p.maneuver or p.area
    return f"{p.stat.title()} ({where})" if where else p.stat.title()


def _ratio_name(ratio: ImpactRatio | None) -> str:
    return "2:1 (Power)" if ratio == ImpactRatio.power_2_1 else "1:2 (Speed)"
