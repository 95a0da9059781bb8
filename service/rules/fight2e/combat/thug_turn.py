"""One turn of Thug Thrashing (000 L6493–L7064) on the same spine as the main system: the request, keys, keyed
dice, decisions with their legal choices, log, Glory, Time Roll and answer are the resolver's; what differs is
the turn's own flow. Thug groups (``fight.thugs``) are combatants with a Range to each Fighter; Fighters roll
Initiative and Control as usual and take one extra action per Thug Thrashing level at half their Control; a hit
on a group makes its Thugs roll Life Saves; groups move and make their Basic Attack; the Time Roll is 1d8 and
each group rolls on the Thug Event chart at the end of the turn.

Resolved here: groups' Initiative (Plenty of Room), movement and attacks (Reach, Ranged, Gun, Mobile, Lucky
Strike, Adrenaline Surge), Defense, Evasion and Agility against them (Blitz halving), the Agility dodge and the
Thug it may take out, Fighters' extra actions (More Realistic, Endless Numbers), movement and Jumping Basics,
single moves and Combos on a group (Life Save by die size and Strength, Combo reduce or spread, Knock Down's
second save or push, Increased Knockback and Hurl, Robust, Relentless Foes, Defensive Advantage), Glory for
Special Moves and Combos, the first hit's FS, Super Energy (one less than usual), Rout, Exhausting Combat, Blitz
and Overrun. What is not resolved is named under ``unsupported`` in every answer (``GAPS``).
"""

from __future__ import annotations

import math
from functools import partial

from ...dice import Die
from ..thugs import extra_actions, life_save
from ..thugs.dice import die_step, die_text
from . import events, super_only, thug_groups
from .fighter import F
from .initiative import roll_initiative
from .models import ActionType, ChoiceOption, DecisionValue, Direction, ThugComboMode
from .state import Ctx
from .super_energy import count_attack, pay_supers
from .thug_groups import Group, award
from .time import time_roll

D6, D8, D10 = Die(3), Die(4), Die(5)
BASE_DIE = "1d6"  # a move's damage step is counted from this die (move_profile)

GAPS: dict[str, str] = {
    "thug_full_defense": "Full Defense, Full Offense and Full Agility as a Fighter's action against Thugs",
    "thug_stunt_sequence": "the Stunt Sequence a Story Point buys (000 L6792)",
    "thug_weapons_and_guns": "Fighters' melee weapons and guns against Thugs (000 L6796–L6800, L6848)",
    "thug_evasion_benefits": "what a successful Evasion or Agility defence gives (a move or +2 Accuracy)",
    "thug_move_elements": "a move's Elements other than its Accuracy, damage die, Range, Knocks Down, "
    "Increased Knockback and Hurl (Area Effect, Explosive, Drain Life, Power Up's added damage …)",
    "thug_additional_glory": "the Additional Glory Awards and Combos on successive turns against Thugs",
    "thug_saga_scale": "the Saga Scale (000 L6806–L6822)",
    "thug_competent_villain": "Competent Villain groups and extra actions (000 L6630)",
}


def _report_gaps(ctx: Ctx) -> None:
    for ident, reason in GAPS.items():
        ctx.unsupported_rule(ident, "options.subsystem", f"not resolved in a Thug Thrashing turn yet: {reason}")
    if ctx.band_mode:
        ctx.unsupported_rule("thug_band_map", "fight.positioning.mode", "a Thug Thrashing turn on a Band Map")
        ctx.fail("RULE_UNSUPPORTED", "fight.positioning.mode", "Thug Thrashing turns keep a Range per pair only.")
    if len({f.side for f in ctx.fighters.values()}) > 1:
        ctx.unsupported_rule("thug_mixed_fight", "fight.sides", "Fighters on opposing sides in a Thug turn")
        ctx.fail("RULE_UNSUPPORTED", "fight.sides", "A Thug Thrashing turn has every Fighter on one side.")


def _check_start(ctx: Ctx, groups: list[Group]) -> None:
    if not groups:
        ctx.fail("THUG_STATE_INVALID", "fight.thugs", "A Thug Thrashing turn needs at least one Thug group.")
    if not any(g.members for g in groups) or not any(f.active for f in ctx.fighters.values()):
        ctx.fail("ROUND_ALREADY_OVER", "fight", "Every Thug group or every Fighter is already defeated.")
    if ctx.opts.time_limit and ctx.time_count <= 0:
        ctx.fail("ROUND_ALREADY_OVER", "fight.time_count", "The Time Count has run out.")


def _over(ctx: Ctx, groups: list[Group]) -> bool:
    return not any(g.members for g in groups) or not any(f.active for f in ctx.fighters.values())


# ── The order ────────────────────────────────────────────────────────────────────────────────────


def _order(ctx: Ctx, groups: list[Group]) -> list[F | Group]:
    """Highest Initiative first; groups never hold (000 L6654). Ties go Fighters first, in request order."""
    actors: list[F | Group] = [f for i in ctx.order if (f := ctx.fighters[i]).active]
    actors += [g for g in groups if g.members > 0]
    actors.sort(key=lambda a: -a.init)  # stable: Fighters before groups on a tie
    inits = [a.init for a in actors]
    if len(inits) != len(set(inits)):
        ctx.unsupported_rule(
            "thug_simultaneous_initiative",
            "fight",
            "tied Initiative is resolved one after the other (Fighters first), not simultaneously (000 L6656)",
        )
    top = actors[0] if actors and (len(actors) == 1 or actors[0].init > actors[1].init) else None
    if isinstance(top, F):
        ctx.leader = top.id
    return actors


# ── A Fighter's actions ──────────────────────────────────────────────────────────────────────────


def _tt_level(ctx: Ctx, f: F, groups: list[Group]) -> int:
    """His Thug Thrashing level for this turn: halved under More Realistic (000 L6804); none within reach of a group
    that drew Endless Numbers (000 L6778)."""
    blocked = any(
        g.members
        and g.now.blocks_thug_thrashing_within is not None
        and g.ranges[f.id] <= g.now.blocks_thug_thrashing_within
        for g in groups
    )
    level = extra_actions.effective_thug_thrashing(
        thug_groups.skill(ctx, f, "thug_thrashing"),
        more_realistic=ctx.opts.thug_thrashing.more_realistic,
        blocked=blocked,
    )
    if blocked:
        ctx.note("C", f.id, f"Endless Numbers: {f.id} takes no extra actions this turn.", "000 L6778")
    return level


def _fighter_turn(ctx: Ctx, f: F, groups: list[Group]) -> None:
    """His action and one extra action per Thug Thrashing level, back to back at his Initiative, the first at his
    whole Control and each extra one at half of it (000 L6750–L6756)."""
    if not f.active:
        return
    f.acted = True
    budgets = extra_actions.control_budgets(f.control, _tt_level(ctx, f, groups))
    if not budgets:
        ctx.note("C", f.id, f"{f.id} has no Control: no action this turn.", "000 L6754")
        return
    if len(budgets) > 1:
        ctx.note(
            "C",
            f.id,
            f"{f.id} has {len(budgets)} actions: Control {budgets[0]}, then {budgets[1]} for each extra one.",
            "000 L6750–L6756",
            inputs={"control": budgets},
        )
    for i, budget in enumerate(budgets):
        if not any(g.members for g in groups) or not f.active:
            return
        if i == 0 and (f.stunned or f.knocked_down):  # recovering takes his first action; extras remain (000 L6752)
            _recover(ctx, f)
            continue
        key, v = ctx.decide(
            f.id,
            "action",
            "C",
            f"{f.id}'s action {i + 1} of {len(budgets)} (Control {budget}): move, attack a Thug group, or nothing.",
            None,
            partial(_action_choices, ctx, f, groups, budget),
        )
        _carry_out(ctx, f, groups, budget, key, v)


def _recover(ctx: Ctx, f: F) -> None:
    if f.stunned:
        f.stunned -= 1
        ctx.note("B", f.id, f"{f.id} spends his first action recovering from Stun.", "000 L5972–L5990")
    else:
        f.knocked_down = False
        ctx.note("B", f.id, f"{f.id} spends his first action standing up.", "000 L5958")


def _group(groups: list[Group], ctx: Ctx, target: str | None, key: str) -> Group:
    live = [g for g in groups if g.members]
    if target is None and len(live) == 1:
        return live[0]
    g = next((g for g in groups if g.id == target), None)
    if g is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no Thug group '{target}'.", key=key)
    if g.members <= 0:
        ctx.fail("GROUP_DEFEATED", f"{key}.target", f"{key}: {g.id} has no Thugs left.", key=key)
    return g


def _carry_out(ctx: Ctx, f: F, groups: list[Group], budget: int, key: str, v: DecisionValue) -> None:
    if v.full_defense or v.full_offense:
        ctx.unsupported_rule("thug_full_defense", key, GAPS["thug_full_defense"])
        ctx.fail("RULE_UNSUPPORTED", key, f"{key}: Full Defense and Full Offense against Thugs are not resolved yet.")
    if v.action is ActionType.attack:
        _attack(ctx, f, _group(groups, ctx, v.target, key), budget, key, v)
    elif v.action is ActionType.move:
        n = v.movement or 0
        if n > 2:
            ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: at most 2 Ranges without an action.", key=key)
        _move(ctx, f, _group(groups, ctx, v.target, key), n, v.direction)
    elif v.action in (ActionType.none, None):
        ctx.note("C", f.id, f"{f.id} does nothing with this action.", "000 L6752")
    else:
        ctx.unsupported_rule(v.action.value, key, "this action is not resolved in a Thug Thrashing turn yet")
        ctx.note("C", f.id, f"{f.id} does nothing (the action asked for is not resolved yet).", "000 L6752")


def _move(ctx: Ctx, f: F, g: Group, n: int, direction: Direction | None) -> None:
    """Movement changes his Range to the group he moves toward or away from (000 L6662–L6670)."""
    if not n:
        return
    before = g.ranges[f.id]
    sign = 1 if direction is Direction.away else -1
    g.ranges[f.id] = min(max(before + sign * n, 0), thug_groups.FARTHEST)
    ctx.note(
        "C",
        f.id,
        f"{f.id} moves {n} Range{'s' if n != 1 else ''}: Range to {g.id} {before} → {g.ranges[f.id]}.",
        "000 L5615, L6662",
        inputs={"movement": n},
    )


def _spend_fs(ctx: Ctx, f: F, n: int, key: str, what: str) -> None:
    if n > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {n} FS is more than PL {f.pl}.", key=key)
    if n > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS for {what}.", key=key)
    f.fs -= n


def _attack(ctx: Ctx, f: F, g: Group, budget: int, key: str, v: DecisionValue) -> None:
    """His attack on the group: the usual roll against its static Defense (doubled by Defensive Advantage), then
    the Life Saves of a hit (000 L6714–L6718)."""
    moves = []
    for mid in v.moves or []:
        m = f.move(mid)
        if m is None or not m.offensive:
            ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no attacking move '{mid}'.", key=key)
        moves.append(m)
    if not moves:
        ctx.fail("DECISION_INVALID", f"{key}.moves", f"{key}: an attack names its move or Combo.", key=key)
    level = sum(m.level for m in moves)
    if level > budget:
        ctx.fail("INSUFFICIENT_CONTROL", f"{key}.moves", f"{key}: needs Control {level}, has {budget}.", key=key)
    if len(moves) > 1 and len(moves) > f.prof.combo:
        ctx.fail("COMBO_TOO_LONG", f"{key}.moves", f"{key}: Combo skill {f.prof.combo}.", key=key)
    n = v.movement or 0
    jump = n == 2 and all(m.kind == "basic" for m in moves)
    if n > 2 or (n == 2 and not jump):
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with an attack, 2 with a Basic jump.", key=key)
    if jump:
        _spend_fs(ctx, f, 1, key, "a Jumping Basic")  # 000 L5619
    _move(ctx, f, g, n, v.direction)
    dist = g.ranges[f.id]
    for m in moves:
        lo, hi = m.range or (0, 2)
        if not lo <= dist <= hi:
            ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.moves", f"{key}: {m.name} cannot reach Range {dist}.", key=key)
    fs = v.fs or 0
    _spend_fs(ctx, f, fs, key, "Accuracy")
    pay_supers(ctx, f, moves)  # a Super Move's Super Energy on use (000 L5281)
    acc = _accuracy(f, moves, dist, budget, level) + fs
    defense = g.defense * g.now.defense_multiplier  # ruling: the doubling is of the Defense alone
    face = ctx.roll(f.id, "attack", D6, f"attack roll on {g.id}", "D.6")
    hit = face + acc >= defense
    name = moves[0].name if len(moves) == 1 else f"{len(moves)}-hit Combo"
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s {name} on {g.id} at Range {dist}: {face} + {acc} = {face + acc} against Defense {defense}: "
        + ("hit." if hit else "miss."),
        "000 L6714, L5708",
        inputs={"face": face, "accuracy": acc, "defense": defense},
    )
    count_attack(ctx, f, moves, hit)
    if hit:
        _on_hit(ctx, f, g, moves, v.combo_mode or ThugComboMode.reduce)


def _accuracy(f: F, moves: list, dist: int, budget: int, level: int) -> int:
    """Move Accuracy + Accuracy Bonus + Range (+1 at 0, −1 at 2 without Reach or Long Range) + 1 for Control to spare,
    −1 per full three moves of a Combo (000 L5708, L5613, L5728, L5804)."""
    first = moves[0]
    acc = first.accuracy_vs("defense") + f.prof.acc_bonus
    if dist == 0:
        acc += 1
    elif dist == 2 and not (first.kw("reach_range") or first.kw("long_range")):
        acc -= 1
    if budget > level:
        acc += 1
    return acc - len(moves) // 3


def _saves(f: F, g: Group, moves: list, mode: ThugComboMode) -> list[int]:
    """The effective Life Saves the hit makes Thugs roll (000 L6568–L6580)."""
    robust = "robust" in g.traits
    base = life_save.base_life_save(g.life_save, g.now.life_save_multiplier)
    if len(moves) == 1:
        m = moves[0]
        die = die_text((die_step(BASE_DIE) or 0) + (m.damage_step or 0)) if m.damage_step is not None else "1"
        return [life_save.single_move_life_save(base, f.prof.strength, die, robust=robust)]
    if mode is ThugComboMode.spread:
        return life_save.combo_spread_saves(base, len(moves), g.members)
    return [life_save.combo_reduce_life_save(base, len(moves), robust)]


def _save(ctx: Ctx, g: Group, ls: int, what: str) -> life_save.Save:
    face = ctx.roll(g.id, "life_save", D10, what, "E.2") if life_save.needs_roll(ls) else None
    s = life_save.roll_save(ls, face)
    if s.outcome is life_save.SaveOutcome.out:
        g.members -= 1
    ctx.note(
        "E.2",
        g.id,
        f"{what} against {ls}: "
        + (f"{face}" if face is not None else "no roll")
        + (f" → out: {g.members} left." if s.outcome is life_save.SaveOutcome.out else " → he stays."),
        "000 L6568–L6580",
        inputs={"life_save": ls, "face": face},
    )
    return s


def _on_hit(ctx: Ctx, f: F, g: Group, moves: list, mode: ThugComboMode) -> None:
    f.hit_someone = True
    if not ctx.first_hit_awarded:  # the fight's first hit refunds FS = PL, not above the start (000 L5489)
        ctx.first_hit_awarded = True
        back = max(min(f.fs + f.pl, f.fs_start) - f.fs, 0)
        f.fs += back
        ctx.note("E", f.id, f"First hit of the fight: {f.id} regains {back} FS.", "000 L5489", change={"fs": f.fs})
    saves = _saves(f, g, moves, mode)
    first = _save(ctx, g, saves[0], "Life Save")
    for ls in saves[1:]:
        if g.members:
            _save(ctx, g, ls, "Life Save (Combo spread)")
    pushed = 0
    last = moves[-1]
    if last.kw("knocks_down") and len(saves) == 1:
        if first.outcome is life_save.SaveOutcome.stays:
            _save(ctx, g, first.life_save, "second Life Save (Knocks Down)")  # ruling: the same save
        else:
            pushed = 1  # the rest stumble back (000 L6718)
    if last.has("increased_knockback") or last.has("throw.hurl"):
        pushed = 1  # ruling: never more than 1 Range from one hit (000 L6716)
    if pushed and g.members:
        before = g.ranges[f.id]
        g.ranges[f.id] = life_save.pushed_range(before, pushed)
        ctx.note("E.4", g.id, f"{g.id} is pushed back: Range {before} → {g.ranges[f.id]}.", "000 L6718")
    _glory(ctx, f, moves)
    if not g.members:
        ctx.note("E.2", g.id, f"{g.id} is defeated: no Thugs left.", "000 L6568")


def _glory(ctx: Ctx, f: F, moves: list) -> None:
    """A Special Move's Glory the first time it hits; a Combo ⌈moves/2⌉ and its first-time Special Moves
    (000 L5749–L5751); raw, divided at the end of the combat (000 L6547)."""
    new = [m for m in moves if m.kind != "basic" and m.id not in f.scored]
    for m in new:
        f.scored.append(m.id)
    specials = sum(m.glory for m in new)
    if len(moves) > 1:
        award(ctx, f.id, math.ceil(len(moves) / 2) + specials, f"{len(moves)}-hit Combo on Thugs", "000 L5749")
    elif new:
        award(ctx, f.id, specials, f"{moves[0].name} first hitting", "000 L5749")


def _super_energy(ctx: Ctx) -> None:
    """Each Fighter with Super Moves gains his usual Super Energy for the turn less 1, never below 0 (000 L6730;
    ruling: the whole turn's gain less 1); each group that hurt him counts as one opponent (000 L5264)."""
    cap = ctx.opts.super_energy_max
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if not f.prof.has_supers or f.super_used:
            continue
        usual = math.ceil(cap / 20) + len(f.life_loss_from) + f.attacks + f.se_specials + f.se_combos
        before = f.se
        f.se = min(f.se + max(usual - 1, 0), cap)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} gains {f.se - before} Super Energy ({usual} as usual, 1 less against Thugs): {before} → {f.se}.",
            "000 L6730, L5264–L5275",
            inputs={"usual": usual},
            change={"super_energy": f.se},
        )


def _action_choices(ctx: Ctx, f: F, groups: list[Group], budget: int) -> list[ChoiceOption]:
    out = [_choice(DecisionValue(action=ActionType.none), "do nothing")]
    for g in (g for g in groups if g.members):
        for n in (1, 2):
            for d in Direction:
                out.append(
                    _choice(
                        DecisionValue(action=ActionType.move, movement=n, direction=d, target=g.id),
                        f"move {n} {d.value}{' from' if d is Direction.away else ''} {g.id}",
                    )
                )
        for n in (0, 1, 2):
            dist = max(g.ranges[f.id] - n, 0)
            for m in f.prof.moves.values():
                lo, hi = m.range or (0, 2)
                if not m.offensive or m.level > budget or not lo <= dist <= hi or (n == 2 and m.kind != "basic"):
                    continue
                if m.is_super and f.se < super_only.cost(ctx, f, m):
                    continue
                value = DecisionValue(
                    action=ActionType.attack,
                    moves=[m.id],
                    target=g.id,
                    movement=n or None,
                    direction=Direction.toward if n else None,
                )
                out.append(_choice(value, f"{m.name} on {g.id}" + (f" after moving {n}" if n else ""), m.level))
    return out[:200]


def _choice(value: DecisionValue, text: str, control: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=0, control=control, text=text, can_hit=None)


# ── The turn ─────────────────────────────────────────────────────────────────────────────────────


def run(ctx: Ctx) -> None:
    """The Thug Thrashing turn, from Initiative to the Thug Event rolls (000 L6646–L6746)."""
    events.start(ctx)
    _report_gaps(ctx)
    groups = thug_groups.load(ctx)
    ctx.thug_state = list(ctx.req.fight.thugs)
    _check_start(ctx, groups)
    for g in groups:
        thug_groups.rout(ctx, g)
    if _over(ctx, groups):  # the last Thug fled at the start of the turn (000 L6771)
        ctx.round_over = True
        thug_groups.store(ctx, groups)
        return
    roll_initiative(ctx)
    for g in groups:
        if g.members:
            thug_groups.roll_initiative(ctx, g)
    queue: list[tuple[str, str]] = []
    for actor in _order(ctx, groups):
        if isinstance(actor, F):
            _fighter_turn(ctx, actor, groups)
        else:
            thug_groups.act(ctx, actor, queue)
        if _over(ctx, groups):
            ctx.round_over = True
            break
    thug_groups.eliminations(ctx, groups, queue)
    _super_energy(ctx)
    if not _over(ctx, groups):
        time_roll(ctx, D8)  # 1d8 whenever Thugs are in the fight (000 L6734)
        if ctx.opts.thug_thrashing.events:
            for g in groups:
                thug_groups.event_roll(ctx, g, queue)
    ctx.round_over = _over(ctx, groups)
    thug_groups.store(ctx, groups)
