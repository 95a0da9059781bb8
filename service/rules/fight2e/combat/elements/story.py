"""Story-point Qualities and Weaknesses in combat (000 L1116–L1132, L1265–L1267, L1457–L1477).

* Distracting (Quality): a Story Point at the start of the fight buys its chosen benefit (both when taken twice):
  the opponents' Control one die size lower on the first turn, or 1 less damage from every attack (never below 1)
  and +1 Stun Threshold for the fight (2 when taken twice or with two levels of Attractive).
* Bishounen (Interesting Appearance): once a round, at the end of a turn, a Story Point gives an opponent with both
  more Life Bar and more Fighting Spirit one die size less Initiative next turn.
* Oblivious (Weakness): at the start of the fight an opponent may spend a Story Point on a DL 12 Stance Evaluation,
  Deduction or Perception check; on a success the Oblivious fighter's Initiative is one die size lower on turn 1.
* Light (Weakness): Juggle attacks do +2 damage to him.
* Style Weakness (Weakness): at the start of the fight each opponent may make a DL 8 Stance Evaluation check; on a
  success all his attacks on that fighter do +1 damage.
* Phobia (Weakness): while the Director has him facing its object (an ``ongoing_effects`` entry ``phobia`` the
  request gives), his Initiative and Control are one die size lower, until he is at Range 5 from every opponent.

Story Points are spent from ``FighterState.story_points`` (none given: the sheet's). What lasts is carried in
``ongoing_effects``: ``distracting`` (``charges`` the damage less), ``style_weakness`` on the opponent who found
it (``target`` the weak fighter), ``phobia``, and ``bishounen`` (used this round).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ....dice import Die
from ...fighters.fighter_models import Fighter
from ..contract.model_types import OngoingEffectId
from ..contract.models import Choice, CombatFighter, DecisionValue, OngoingEffect
from ..registry import elements
from ..registry.elements import Element, at, carried, register
from ..state.action import Attack
from ..state.combatant import Combatant, Effect
from ..state.profile import ComboPart, Profile
from ..state.turn import Turn

HANDLED = ("distracting", "style_weakness", "phobia", "bishounen")
_PERCEIVE = ("stance_evaluation", "deduction", "perception")
D10 = Die(5)


def _slug(text: str | None) -> str:
    return re.sub(r"[^a-z0-9]+", "_", (text or "").lower()).strip("_")


def _sheet(ctx: Turn, f: Combatant) -> Fighter:
    return ctx.req.fighters[f.index].sheet


def weak(ctx: Turn, f: Combatant, ident: str) -> bool:
    return any(_slug(w.id) == ident and w.lost_at_pl is None for w in _sheet(ctx, f).weaknesses)


def _distracting(sheet: Fighter) -> list[str]:
    return [_slug(q.params.benefit) for q in sheet.qualities if _slug(q.id) == "distracting"]


def _bishounen(sheet: Fighter) -> bool:
    return any(
        _slug(q.id) == "bishounen"
        or (_slug(q.id) == "interesting_appearance" and _slug(q.params.descriptor) == "bishounen")
        for q in sheet.qualities
    )


def _skill(sheet: Fighter, names: tuple[str, ...]) -> int:
    levels = [s.level for s in sheet.narrative_skills if _slug(s.id) in names]
    return max(levels) if levels else 0  # ruling: untrained counts 0 (000 L1693–L1697)


def start(ctx: Turn, f: Combatant, cf: CombatFighter) -> None:
    f.story = cf.state.story_points if cf.state.story_points is not None else max(cf.sheet.story_points, 0)


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    ok = {
        "distracting": eff.charges in (1, 2),
        "phobia": True,
        "bishounen": eff.since is not None,
        "style_weakness": eff.target is not None and eff.target != f.id,
    }[eff.id]
    if eff.id == OngoingEffectId.phobia:
        ok = weak(ctx, f, "phobia")
    if not ok:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: {eff.id} is not consistent with his sheet (Phobia "
            "needs the Weakness, Distracting `charges` 1 or 2, Style Weakness a `target`).",
        )
    f.ongoing.append(eff)
    if eff.id == OngoingEffectId.distracting:
        f.prof = elements.rebuild(f)


def fold(prof: Profile, f: Combatant) -> Profile:
    """Distracting's damage reduction raises the Stun Threshold by as much (000 L1132)."""
    e = next((x for x in f.ongoing if x.id == OngoingEffectId.distracting), None)
    return replace(prof, stun_base=prof.stun_base + (e.charges or 0)) if e is not None else prof


def _spend(ctx: Turn, f: Combatant, what: str) -> None:
    f.story = (f.story or 0) - 1
    ctx.note(
        "A", f.id, f"{f.id} spends a Story Point ({what}): {f.story} left.", "000 L1579", {}, {"story_points": f.story}
    )


def _check(ctx: Turn, f: Combatant, skills: tuple[str, ...], dl: int, why: str) -> bool:
    """A skill check: 1d10 + the Skill against the DL (000 L1641–L1644)."""
    level = _skill(_sheet(ctx, f), skills)
    r = ctx.roll(f.id, "skill_check", D10, why, "A")
    ok = r + level >= dl
    ctx.note(
        "A",
        f.id,
        f"{why}: {r} + {level} against DL {dl} — " + ("success." if ok else "failure."),
        "000 L1641–L1644",
        {"roll": r, "skill": level, "dl": dl},
        {"success": ok},
    )
    return ok


# ── the start of the fight and of every turn ────────────────────────────────────────────────────────


@at("initiative_dice", 20)  # Distracting, Oblivious, Style Weakness, Phobia
def opening(ctx: Turn) -> None:
    """Before the first Initiative of the fight: Distracting, Oblivious and Style Weakness; every turn: Phobia."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if f.defeated:
            continue
        if any(e.id == OngoingEffectId.phobia for e in f.ongoing):
            f.next_dice += [("initiative", -1, "phobia"), ("control", -1, "phobia")]
            ctx.note(
                "A",
                f.id,
                f"{f.id} faces the object of his Phobia: Initiative and Control one die size lower.",
                "000 L1463–L1465",
            )
    if ctx.req.fight.round != 1 or ctx.turn != 1:
        return
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if not f.defeated:
            _distract(ctx, f)
    for fid in ctx.order:
        w = ctx.fighters[fid]
        if w.defeated:
            continue
        if weak(ctx, w, "oblivious"):
            _oblivious(ctx, w)
        if weak(ctx, w, "style_weakness"):
            _style_weakness(ctx, w)


def _distract(ctx: Turn, f: Combatant) -> None:
    """000 L1124–L1132; ruling: every opponent counts as one who would be attracted."""
    sheet = _sheet(ctx, f)
    takes = _distracting(sheet)
    if not takes or not f.story:
        return
    _, d = ctx.decide(
        f.id,
        "distracting",
        "A",
        f"{f.id} may spend a Story Point on Distracting (act) or not (pass).",
        DecisionValue(choice=Choice.pass_),
    )
    if d.choice is not Choice.act:
        return
    benefits = {"control_penalty", "damage_reduction"} if len(takes) >= 2 else {takes[0]}
    if not benefits & {"control_penalty", "damage_reduction"}:
        ctx.note("A", f.id, f"{f.id}'s sheet names no Distracting benefit: nothing to spend on.", "000 L1124")
        return
    _spend(ctx, f, "Distracting")
    if "control_penalty" in benefits:
        for o in ctx.opponents(f):
            o.next_dice.append(("control", -1, "distracting"))
        ctx.note("A", f.id, f"Distracting: {f.id}'s opponents roll Control one die size lower this turn.", "000 L1128")
    if "damage_reduction" in benefits:
        attractive = sum(1 for q in sheet.qualities if _slug(q.id) == "attractive")
        n = 2 if len(takes) >= 2 or attractive >= 2 else 1
        f.ongoing.append(Effect(OngoingEffectId.distracting, None, None, ctx.turn, charges=n))
        f.prof = elements.rebuild(f)
        ctx.note(
            "A",
            f.id,
            f"Distracting: {f.id} takes {n} less damage from every attack (at least 1) and has "
            f"+{n} Stun Threshold this fight.",
            "000 L1132",
            {},
            {"damage_less": n},
        )


def _oblivious(ctx: Turn, w: Combatant) -> None:
    for o in ctx.opponents(w):
        if not o.story:
            continue
        _, d = ctx.decide(
            o.id,
            "oblivious",
            "A",
            f"{o.id} may spend a Story Point for a DL 12 check against "
            f"{w.id}'s Oblivious Weakness (act) or not (pass).",
            DecisionValue(choice=Choice.pass_),
        )
        if d.choice is not Choice.act:
            continue
        _spend(ctx, o, f"noticing {w.id} is Oblivious")
        if _check(ctx, o, _PERCEIVE, 12, f"{o.id} sizes up the Oblivious {w.id}"):
            w.next_dice.append(("initiative", -1, "oblivious"))
            ctx.note("A", w.id, f"{w.id} is caught off guard: Initiative one die size lower this turn.", "000 L1461")
            return


def _style_weakness(ctx: Turn, w: Combatant) -> None:
    for o in ctx.opponents(w):
        _, d = ctx.decide(
            o.id,
            "stance_evaluation",
            "A",
            f"{o.id} may make a DL 8 Stance Evaluation against {w.id}'s Style Weakness (act) or not (pass).",
            DecisionValue(choice=Choice.act),
        )
        if d.choice is not Choice.act:
            continue
        if _check(ctx, o, ("stance_evaluation",), 8, f"{o.id}'s Stance Evaluation of {w.id}"):
            o.ongoing.append(Effect(OngoingEffectId.style_weakness, None, None, ctx.turn, w.id))
            ctx.note(
                "A", o.id, f"{o.id} sees through {w.id}'s style: +1 damage on all his attacks on him.", "000 L1477"
            )


# ── damage and the end of a turn ─────────────────────────────────────────────────────────────────────


def damage(ctx: Turn, atk: Attack, total: int) -> int:
    """Light (+2 from Juggle attacks), a found Style Weakness (+1), Distracting (less, never below 1)."""
    a, d = atk.attacker, atk.defender
    if total <= 0:
        return total
    out = total
    if any(m.part(ComboPart.juggle) for m in atk.moves) and weak(ctx, d, "light"):
        out += 2
        ctx.note("E.1", d.id, f"{d.id} is Light: the Juggle attack does +2 damage.", "000 L1457")
    if any(e.id == OngoingEffectId.style_weakness and e.target == d.id for e in a.ongoing):
        out += 1
        ctx.note("E.1", a.id, f"{a.id} exploits {d.id}'s Style Weakness: +1 damage.", "000 L1477")
    less = next((e.charges or 0 for e in d.ongoing if e.id == OngoingEffectId.distracting), 0)
    if less:
        out = max(out - less, 1)
        ctx.note("E.1", d.id, f"Distracting: {d.id} takes {less} less damage (at least 1).", "000 L1132")
    return out


@at("after_healing", 20)  # Bishounen (000 L1267)
def end_of_turn(ctx: Turn) -> None:
    """Bishounen, once a round: a Story Point for an opponent's lower Initiative die next turn (000 L1267)."""
    if ctx.round_over:
        return
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if (
            f.defeated
            or not f.story
            or not _bishounen(_sheet(ctx, f))
            or any(e.id == OngoingEffectId.bishounen for e in f.ongoing)
        ):
            continue
        targets = [o for o in ctx.opponents(f) if o.life > f.life and o.fs > f.fs]
        if not targets:
            continue
        key, d = ctx.decide(
            f.id,
            "bishounen",
            "H",
            f"{f.id} may spend a Story Point so that one of "
            + ", ".join(o.id for o in targets)
            + " rolls Initiative one die size lower next turn "
            "(target), or pass.",
            DecisionValue(choice=Choice.pass_),
        )
        if d.choice is Choice.pass_ or d.target is None:
            continue
        t = next((o for o in targets if o.id == d.target), None)
        if t is None:
            ctx.fail(
                "DECISION_INVALID",
                f"decisions.{key}.target",
                f"{key}: one of " + ", ".join(o.id for o in targets) + " (more Life Bar and Fighting Spirit), or pass.",
                key=key,
            )
        assert t is not None
        _spend(ctx, f, "Bishounen")
        t.next_dice.append(("initiative", -1, "bishounen"))
        f.ongoing.append(Effect(OngoingEffectId.bishounen, None, None, ctx.turn))
        ctx.note(
            "H",
            f.id,
            f"Bishounen: {t.id} rolls Initiative one die size lower next turn.",
            "000 L1267",
            {"target": t.id},
            {},
        )


def keep(ctx: Turn, f: Combatant, e: Effect) -> list[Effect]:
    """What lasts: Distracting and a found Style Weakness for the whole fight; Bishounen's use for the round; the
    Phobia until he is at Range 5 from every opponent (ruling: there he has fled it, 000 L1465)."""
    if e.id == OngoingEffectId.bishounen:
        return [] if ctx.round_over else [e]
    if e.id == OngoingEffectId.phobia:
        foes = ctx.opponents(f)
        if foes and all(ctx.distance(f, o) >= 5 for o in foes):
            ctx.note(
                "H.3",
                f.id,
                f"{f.id} is at Range 5 from every opponent: he has fled the object of his Phobia.",
                "000 L1465",
            )
            return []
    return [e]


@register
class StoryEffects(Element):
    """Distracting, a found Style Weakness, Phobia and Bishounen (000 L1128–L1132, L1267, L1461–L1477)."""

    effects = frozenset(HANDLED)
    order = 60

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return keep(ctx, f, e)

    def fold(self, prof: Profile, f: Combatant) -> Profile:
        return fold(prof, f)
