"""Validating a fighter (001 L106-176): replay the purchase ledger (or a canonical one built from the sheet),
report every broken rule at once, and derive the figures the sheet shows."""

from __future__ import annotations

import json
from collections.abc import Iterator

from ...core.findings import Finding, Severity, map_key, path_of
from ..base import BUILT
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import ImpactPack, chosen_pack, custom_pack_findings
from ..tables.rules import Rules, rules
from ..tables.vocabulary import LIMBS, ImpactArea, ImpactRatio, ImpactSide, ImpactStat
from .models import (
    ImpactDerived,
    ImpactFighter,
    ImpactFighterRequest,
    ImpactFighterValidation,
    ImpactPurchase,
    ImpactSheet,
)
from .purchases import Build, buy


class Replay:
    """A fighter's build replayed step by step, with the PP spent and the findings met."""

    def __init__(self, fighter: ImpactFighter, pack: ImpactPack, table: Rules, prefix: str = "fighter") -> None:
        self.fighter, self.pack, self.rules, self.prefix = fighter, pack, table, prefix
        self.build = Build.base(pack, table)
        self.spent = 0
        self.findings: list[Finding] = []
        self.steps: list[dict[str, object]] = []  # ImpactStepOutcome fields
        self.budget = fighter.pp_budget if fighter.pp_budget is not None else table.budget(fighter.rank)

    def at(self, *parts: str | int) -> str:
        return path_of(self.prefix, *parts)

    def add(self, code: str, path: str, message: str) -> None:
        self.findings.append(finding(code, path, message))

    def step(self, path: str, purchase: ImpactPurchase) -> int:
        done = buy(self.build, purchase, self.fighter.ratios, self.pack, self.rules)
        self.spent += done.cost
        for code, message in done.problems:
            self.add(code, path, message)
        self.steps.append(dict(path=path, cost=done.cost, changes=done.changes))
        return done.cost

    def run(self) -> None:
        f = self.fighter
        if f.pp_budget is not None and f.pp_budget != self.rules.budget(f.rank):
            self.add("PP_BUDGET_OVERRIDDEN", self.at("pp_budget"), f"Budget {f.pp_budget} PP instead of the rank's.")
        for side in ImpactSide:
            if getattr(f.ratios, side) is None:
                self.add("PSR_MISSING", self.at("ratios", side), f"The {side} side needs a ratio, 2:1 or 1:2.")
        if f.sheet is not None and f.sheet.defense_tactics is not None:
            self._tactics(f.sheet)
        if f.purchases is not None:
            ledger = self.at("purchases")
            for i, purchase in enumerate(f.purchases):
                self.step(f"{ledger}[{i}]", purchase)
            if f.sheet is not None:
                self._compare(f.sheet)
        elif f.sheet is not None:
            self._check_sheet(f.sheet)
            for path, purchase in self._canonical(f.sheet):
                self.step(path, purchase)
            self._air(f.sheet)

    def _tactics(self, sheet: ImpactSheet) -> None:
        """The printed tactics against what the sheet's own Defense buys (001 L156; digest check 10)."""
        assert sheet.defense_tactics is not None
        bought = {str(t["id"]): t["level"] for t in defense_tactics(sheet.defense, self.rules)}
        for t in self.rules.defense_tactics:
            shown, held = getattr(sheet.defense_tactics, t.id), bought.get(t.id, 0)
            if shown != held:
                self.add(
                    "DEFENSE_TACTICS_MISMATCH",
                    self.at("sheet", "defense_tactics", t.id),
                    f"{t.name} at {shown}; Defense {sheet.defense} gives it {held}.",
                )

    def _check_sheet(self, sheet: ImpactSheet) -> None:
        base = Build.base(self.pack, self.rules)
        for stat in (ImpactStat.power, ImpactStat.speed):
            for side in ImpactSide:
                if getattr(getattr(sheet, stat), side) < getattr(base, stat)[side]:
                    self.add("BELOW_BASE_VALUE", self.at("sheet", stat, side), f"{stat.title()} starts at 1.")
        for stat in (ImpactStat.tactics, ImpactStat.defense, ImpactStat.stamina):
            if getattr(sheet, stat) < getattr(base, stat):
                self.add("BELOW_BASE_VALUE", self.at("sheet", stat), f"{stat.title()} starts at {getattr(base, stat)}.")
        if sheet.stamina >= base.stamina and (sheet.stamina - base.stamina) % self.rules.stamina[0].step:
            self.add("STAMINA_INCREMENT", self.at("sheet", "stamina"), f"Stamina {sheet.stamina} is not 50 plus tens.")
        for maneuver_id, level in sheet.maneuvers.items():
            known = self.pack.maneuver(maneuver_id)
            path = self.at("sheet", "maneuvers") + map_key(maneuver_id)
            if known is None:
                self.add("UNKNOWN_MANEUVER", path, f"No maneuver {maneuver_id!r} in the data pack.")
            elif level < known.base_level:
                self.add("BELOW_BASE_VALUE", path, f"{known.name} starts at {known.base_level}.")
        for stat in (ImpactStat.toughness, ImpactStat.difficulty):
            for area, level in getattr(sheet, stat).given().items():
                if level < getattr(base, stat)[area]:
                    self.add("BELOW_BASE_VALUE", self.at("sheet", stat, area), "Under the area's base.")
            for area in (ImpactArea.left_arm, ImpactArea.left_leg):
                pair = self.pack.area(area).pair
                if pair is not None and self._area_target(sheet, stat, area) != self._area_target(sheet, stat, pair):
                    self.add("LIMB_PAIR_MISMATCH", self.at("sheet", stat), f"{area} and {pair} differ in {stat}.")

    def _area_target(self, sheet: ImpactSheet, stat: ImpactStat, area: ImpactArea) -> int:
        level: int | None = getattr(getattr(sheet, stat), area)
        return level if level is not None else int(getattr(self.pack.area(area), stat))

    def _canonical(self, sheet: ImpactSheet) -> Iterator[tuple[str, ImpactPurchase]]:
        """One purchase order that builds the sheet (digest §5.3): on each side the ratio's leading statistic
        first; in each category the maneuver aiming highest first, so the AIR's free levels are used."""
        for side in ImpactSide:
            order = (
                (ImpactStat.speed, ImpactStat.power)
                if getattr(self.fighter.ratios, side) == ImpactRatio.speed_1_2
                else None
            )
            for stat in order or (ImpactStat.power, ImpactStat.speed):
                for _ in range(
                    self.build.level(ImpactPurchase(stat=stat, side=side)), getattr(getattr(sheet, stat), side)
                ):
                    yield self.at("sheet", stat, side), ImpactPurchase(stat=stat, side=side)
        for stat in (ImpactStat.tactics, ImpactStat.defense):
            for _ in range(getattr(self.build, stat), getattr(sheet, stat)):
                yield self.at("sheet", stat), ImpactPurchase(stat=stat)
        for _ in range(self.build.stamina, sheet.stamina, self.rules.stamina[0].step):
            yield self.at("sheet", "stamina"), ImpactPurchase(stat=ImpactStat.stamina)
        for stat in (ImpactStat.toughness, ImpactStat.difficulty):
            for area in ImpactArea:
                pair = self.pack.area(area).pair
                if area in LIMBS and pair is not None and area > pair:
                    continue  # a pair is bought through one of its two limbs
                target = self._area_target(sheet, stat, area)
                if pair is not None:
                    target = max(target, self._area_target(sheet, stat, pair))
                for _ in range(getattr(self.build, stat)[area], target):
                    yield self.at("sheet", stat, area), ImpactPurchase(stat=stat, area=area)
        yield from self._canonical_maneuvers(sheet)

    def _canonical_maneuvers(self, sheet: ImpactSheet) -> Iterator[tuple[str, ImpactPurchase]]:
        for category in self.pack.categories:
            members = self.pack.members(category.id)
            targets = {m.id: sheet.maneuvers.get(m.id, m.base_level) for m in members}
            while True:
                short = [m for m in members if self.build.maneuvers[m.id] < targets[m.id]]
                if not short:
                    break
                pick = max(short, key=lambda m: targets[m.id])
                yield (
                    self.at("sheet", "maneuvers") + map_key(pick.id),
                    ImpactPurchase(stat=ImpactStat.maneuver, maneuver=pick.id),
                )

    def _air(self, sheet: ImpactSheet) -> None:
        for m in self.pack.maneuvers:
            target = sheet.maneuvers.get(m.id, m.base_level)
            if self.build.maneuvers[m.id] > target:
                self.add(
                    "AIR_INCONSISTENT",
                    self.at("sheet", "maneuvers") + map_key(m.id),
                    f"{m.name} at {target}, but the automatic increase lifts it to {self.build.maneuvers[m.id]}.",
                )

    def _compare(self, sheet: ImpactSheet) -> None:
        b = self.build
        pairs: list[tuple[str, int, int]] = []
        for stat in (ImpactStat.power, ImpactStat.speed):
            pairs += [
                (self.at("sheet", stat, s), getattr(getattr(sheet, stat), s), getattr(b, stat)[s]) for s in ImpactSide
            ]
        pairs += [
            (self.at("sheet", s), getattr(sheet, s), getattr(b, s))
            for s in (ImpactStat.tactics, ImpactStat.defense, ImpactStat.stamina)
        ]
        for m in self.pack.maneuvers:
            pairs.append(
                (
                    self.at("sheet", "maneuvers") + map_key(m.id),
                    sheet.maneuvers.get(m.id, m.base_level),
                    b.maneuvers[m.id],
                )
            )
        for stat in (ImpactStat.toughness, ImpactStat.difficulty):
            for area in ImpactArea:
                pairs.append(
                    (self.at("sheet", stat, area), self._area_target(sheet, stat, area), getattr(b, stat)[area])
                )
        for path, shown, built in pairs:
            if shown != built:
                self.add("SHEET_MISMATCH", path, f"The sheet shows {shown}; the ledger builds {built}.")
        for maneuver_id in sheet.maneuvers:
            if self.pack.maneuver(maneuver_id) is None:
                self.add("UNKNOWN_MANEUVER", self.at("sheet", "maneuvers") + map_key(maneuver_id), "Not in the pack.")

    def finish(self) -> None:
        if self.spent > self.budget:
            self.add(
                "PP_OVERSPENT", self.at(), f"{self.spent} PP spent of {self.budget}: {self.spent - self.budget} over."
            )
        elif self.spent < self.budget:
            self.add("PP_UNSPENT", self.at(), f"{self.budget - self.spent} PP left to record on the sheet.")

    def derived(self) -> ImpactDerived:
        return ImpactDerived.model_validate(self.derived_data(), context=BUILT)

    def derived_data(self) -> dict[str, object]:
        b, pack = self.build, self.pack
        return dict(
            rank=self.fighter.rank,
            pp_budget=self.budget,
            pp_spent=self.spent,
            pp_left=self.budget - self.spent,
            power=dict(left=b.power[ImpactSide.left], right=b.power[ImpactSide.right]),
            speed=dict(left=b.speed[ImpactSide.left], right=b.speed[ImpactSide.right]),
            average_speed=(b.speed[ImpactSide.left] + b.speed[ImpactSide.right]) // 2,
            tactics=b.tactics,
            defense=b.defense,
            defense_tactics=defense_tactics(b.defense, self.rules),
            stamina_max=b.stamina,
            maneuvers=[
                dict(id=m.id, name=m.name, category=m.category, level=b.maneuvers[m.id], base_level=m.base_level)
                for m in pack.maneuvers
            ],
            areas=[
                dict(area=a.id, difficulty=b.difficulty[a.id], toughness=b.toughness[a.id], ko_value=a.ko_value)
                for a in pack.areas
            ],
        )


def defense_tactics(defense: int, table: Rules) -> list[dict[str, object]]:
    """Each Defense level adds one to every tactic held and opens the next at 1 (001 L152-156)."""
    out = []
    for i, t in enumerate(table.defense_tactics):
        if defense - i > 0:
            out.append(dict(id=t.id, name=t.name, level=defense - i, applies=[str(a) for a in t.applies]))
    return out


def split(findings: list[Finding]) -> tuple[list[Finding], list[Finding], list[Finding]]:
    by = {s: [f for f in findings if f.severity == s] for s in Severity}
    return by[Severity.error], by[Severity.warning], by[Severity.info]


def replay(fighter: ImpactFighter, pack: ImpactPack, prefix: str = "fighter") -> Replay:
    done = Replay(fighter, pack, rules(), prefix)
    done.run()
    return done


def fighter_answer(request: ImpactFighterRequest) -> dict[str, object]:
    """The validation as plain JSON-ready data (the fields of ``ImpactFighterValidation``)."""
    head: dict[str, object] = {"ruleset": RULESET, "ruleset_version": VERSION, "unsupported": []}
    broken = custom_pack_findings(request)
    if broken:
        found = [f.model_dump(mode="json") for f in broken]
        return head | {"valid": False, "violations": found, "warnings": [], "info": [], "derived": None, "steps": []}
    done = replay(request.fighter, chosen_pack(request))
    done.finish()
    violations, warnings, info = ([f.model_dump(mode="json") for f in group] for group in split(done.findings))
    return head | {
        "valid": not violations,
        "violations": violations,
        "warnings": warnings,
        "info": info,
        "derived": done.derived_data(),
        "steps": done.steps,
    }


def validate_fighter(request: ImpactFighterRequest) -> ImpactFighterValidation:
    return ImpactFighterValidation.model_validate(fighter_answer(request), context=BUILT)


def validate_fighter_json(request: ImpactFighterRequest) -> bytes:
    """What the REST and GraphQL adapters serve: the same answer, serialised without building the models."""
    return json.dumps(fighter_answer(request), separators=(",", ":"), ensure_ascii=False).encode()
