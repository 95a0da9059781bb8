"""Checking each fighter's declaration before anything is rolled (001 L234-252, L288, L306, L593, L685-713)."""

from __future__ import annotations

from ...core.findings import Finding, path_of
from ..codes import finding
from ..pack import ImpactManeuver
from ..tables.vocabulary import LIMBS, ImpactManeuverType
from .combatants import Fighter, limb_of
from .context import Turn
from .models import ImpactAction, ImpactDeclaration, ImpactSpFamily, ImpactVariation

BUILT_ON_A_MANEUVER = (ImpactAction.maneuver, ImpactAction.feint, ImpactAction.lead, ImpactAction.stop_hit)
STRIKING = (ImpactAction.maneuver, ImpactAction.stop_hit)  # a maneuver performed for its hit


def family(maneuver: ImpactManeuver, turn: Turn) -> ImpactSpFamily:
    kind = turn.pack.category(maneuver.category).type
    return ImpactSpFamily.grapple if kind == ImpactManeuverType.grapple else ImpactSpFamily.strike


def check(turn: Turn, declarations: list[ImpactDeclaration]) -> list[Finding]:
    """Every broken rule of every declaration, at once; the fighters' turn fields are set on the way."""
    out: list[Finding] = []
    seen: set[str] = set()
    for i, d in enumerate(declarations):
        path = path_of("declarations", i)
        f = turn.fighters.get(d.fighter)
        if f is None or d.fighter in seen:
            out.append(finding("UNKNOWN_FIGHTER", path_of(path, "fighter"), f"{d.fighter!r}: not a fighter, or twice."))
            continue
        seen.add(d.fighter)
        if f.out is not None:
            out.append(finding("FIGHTER_OUT", path, f"{f.id} is out of the fight."))
            continue
        f.decl = d
        out += _target(turn, f, d, path)
        if d.action in BUILT_ON_A_MANEUVER:
            out += _maneuver(turn, f, d, path)
        out += _action(turn, f, d, path)
        if d.action != ImpactAction.maneuver and any(_grapple_only(turn, h.maneuver) for h in turn.holds_on(f.id)):
            out.append(finding("IMMOBILIZED_GRAPPLE_ONLY", path, "An immobilized fighter may only grapple (001 L250)."))
    for i, d in enumerate(declarations):
        out += _bridging_variations(turn, d, path_of("declarations", i, "variations"))
        if d.action == ImpactAction.stop_hit:
            out += _stop_hit(turn, d, path_of("declarations", i))
    return out


def _stop_hit(turn: Turn, d: ImpactDeclaration, path: str) -> list[Finding]:
    """A Stop-Hit is a punch or kick at an arm or leg of an opponent whose own maneuver is aimed at the
    stop-hitter (001 L701)."""
    f = turn.fighters.get(d.fighter)
    if f is None or f.decl is not d or f.maneuver is None:
        return []
    out = []
    if turn.pack.category(f.maneuver.category).type == ImpactManeuverType.grapple:
        out.append(finding("STOP_HIT_NOT_ALLOWED", path_of(path, "maneuver"), "A Stop-Hit is a punch or a kick."))
    if f.area is not None and f.area not in LIMBS:
        out.append(finding("STOP_HIT_NOT_ALLOWED", path_of(path, "area"), "A Stop-Hit aims at an arm or a leg."))
    o = turn.fighters.get(f.target or "")
    od = o.decl if o is not None else None
    if o is None or od is None or od.action != ImpactAction.maneuver or o.target != f.id:
        out.append(
            finding("STOP_HIT_NOT_ALLOWED", path_of(path, "target"), "The opponent's maneuver is not aimed at him.")
        )
    return out


def _bridging_variations(turn: Turn, d: ImpactDeclaration, path: str) -> list[Finding]:
    """A Lunge answers a target bridging out, a Stop-Kick one bridging in (001 L707, L713)."""
    f = turn.fighters.get(d.fighter)
    target = turn.fighters.get(f.target or "") if f is not None and f.decl is d else None
    wanted = {ImpactVariation.lunge: "out", ImpactVariation.stop_kick: "in"}
    out = []
    for variation, direction in wanted.items():
        if variation not in d.variations:
            continue
        td = target.decl if target is not None else None
        if td is None or td.action != ImpactAction.bridge or str(td.direction) != direction:
            out.append(finding("VARIATION_NOT_ALLOWED", path, f"A {variation} needs the target bridging {direction}."))
    return out


def _target(turn: Turn, f: Fighter, d: ImpactDeclaration, path: str) -> list[Finding]:
    standing = [x.id for x in turn.fighters.values() if x.id != f.id and x.out is None]
    target = d.target if d.target is not None else (standing[0] if len(standing) == 1 else None)
    if d.action == ImpactAction.defense and target is None:
        return []
    if target not in standing:
        return [finding("UNKNOWN_FIGHTER", path_of(path, "target"), "Name a standing opponent as the target.")]
    f.target = target
    return []


def _maneuver(turn: Turn, f: Fighter, d: ImpactDeclaration, path: str) -> list[Finding]:
    m = turn.pack.maneuver(d.maneuver or "")
    if m is None:
        return [finding("UNKNOWN_MANEUVER", path_of(path, "maneuver"), f"No maneuver {d.maneuver!r} in the pack.")]
    f.maneuver = m
    out = []
    kind = turn.pack.category(m.category).type
    if f.skill(m.id) < 1:
        out.append(finding("MANEUVER_NOT_LEARNED", path_of(path, "maneuver"), f"{m.name} is at level 0."))  # digest A33
    if kind != ImpactManeuverType.grapple and d.side is None:
        out.append(finding("SIDE_REQUIRED", path_of(path, "side"), "A punch or kick names its side (001 L234)."))
    area = (
        d.area if d.area is not None else (m.targets[0] if m.targets and kind == ImpactManeuverType.grapple else None)
    )
    contact = d.action in STRIKING  # a Feint or Lead lands nothing
    if contact and (area is None or (m.targets is not None and area not in m.targets)):
        out.append(finding("TARGET_AREA_INVALID", path_of(path, "area"), f"{m.name} cannot aim there."))
    f.area = area
    limb = limb_of(m, d.side, kind)
    locked = {h.area for h in turn.holds_on(f.id)}
    if limb is not None and (limb in f.ko_areas or limb in locked):
        out.append(finding("LIMB_UNUSABLE", path_of(path, "side"), f"{f.id}'s {limb} cannot strike (001 L292, L306)."))
    if kind != ImpactManeuverType.grapple and any(_grapple_only(turn, h.maneuver) for h in turn.holds_on(f.id)):
        out.append(finding("IMMOBILIZED_GRAPPLE_ONLY", path, "An immobilized fighter may only grapple (001 L250)."))
    refused = turn.rules.ground_refused(turn.fight.campaign.ground_maneuvers) if f.knocked_down else []
    if kind in refused:  # 001 L300: the campaign's choice of what cannot be done from the ground
        rule = turn.fight.campaign.ground_maneuvers
        out.append(
            finding("GROUND_MANEUVER_REFUSED", path_of(path, "maneuver"), f"No {kind} from the ground ({rule}).")
        )
    if d.action in STRIKING and turn.phase(5):
        out += _setup_points(turn, f, m, path)
    out += _variations(turn, f, d, kind, path)
    return out


def _grapple_only(turn: Turn, maneuver_id: str) -> bool:
    m = turn.pack.maneuver(maneuver_id)
    return bool(m and m.hold and m.hold.victim_grapple_only)


def _setup_points(turn: Turn, f: Fighter, m: ImpactManeuver, path: str) -> list[Finding]:
    """The SP the maneuver needs, from the pool left after a switch between striking and grappling (001 L204)."""
    pool = f.sp if family(m, turn) == f.family else 0
    continuing = f.target is not None and turn.hold_by(f.id, f.target, m.id) is not None  # digest A18
    if m.sp > pool and not continuing:
        return [finding("INSUFFICIENT_SP", path_of(path, "maneuver"), f"{m.name} needs {m.sp} SP; {f.id} has {pool}.")]
    return []


def _variations(turn: Turn, f: Fighter, d: ImpactDeclaration, kind: ImpactManeuverType, path: str) -> list[Finding]:
    out = []
    if d.variations and kind == ImpactManeuverType.grapple:
        out.append(
            finding("VARIATION_NOT_ALLOWED", path_of(path, "variations"), "Variations modify punches and kicks.")
        )
    if ImpactVariation.riposte in d.variations:
        last = f.last
        if last is None or last.parried_side is None:
            out.append(finding("VARIATION_NOT_ALLOWED", path_of(path, "variations"), "A Riposte follows a Parry."))
        elif f.area not in in_line(last.parried_side, last.parried_kick):
            out.append(finding("VARIATION_NOT_ALLOWED", path_of(path, "area"), "A Riposte aims in line (001 L709)."))
    return out


def in_line(side: object, kick: bool) -> set[object]:
    """The areas in line with a parried attack (001 L709; digest A26): its limb, and chest and head (punch) or
    chest and abdomen (kick)."""
    from ..tables.vocabulary import ImpactArea

    limb = ImpactArea(f"{side}_{'leg' if kick else 'arm'}")
    return {limb, ImpactArea.chest, ImpactArea.abdomen if kick else ImpactArea.head}


def _action(turn: Turn, f: Fighter, d: ImpactDeclaration, path: str) -> list[Finding]:
    out = []
    if d.action == ImpactAction.bridge:
        if d.direction is None:
            out.append(finding("BRIDGE_DIRECTION_REQUIRED", path_of(path, "direction"), "A bridge goes in or out."))
        if turn.holds_on(f.id):
            out.append(finding("HELD_CANNOT_BRIDGE", path, f"{f.id} is held and cannot bridge (001 L288)."))
    if d.action in (ImpactAction.defense, ImpactAction.bind):
        tactic = d.tactic if d.action == ImpactAction.defense else turn.rules.bind_tactic  # 001 L695
        if f.tactics_levels.get(tactic or "", 0) < 1:
            out.append(finding("DEFENSE_TACTIC_UNKNOWN", path_of(path, "tactic"), f"{f.id} has no {tactic} level."))
        f.defending = tactic
    if d.action == ImpactAction.draw and d.area is None:
        out.append(finding("TARGET_AREA_INVALID", path_of(path, "area"), "A Draw names the area left open."))
    return out
