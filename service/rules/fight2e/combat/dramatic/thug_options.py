"""The Dramatic options of a Fighter against Thug groups (000 L7074–L7076, L7138–L7325), and a group's own Flourish
invitation (000 L7189).

The book puts the two sub-systems together in a paragraph and says no more. Ours: an option works against a group as
it works against a Fighter where what it touches exists in a group (its Defense, its Initiative, the Fighter's own
skills and points); the checks in place of an attack (Athletics, Sense Ki, Draw Ki, Reaffirm Purpose, Realize
Potential, Presence, Stance Evaluation, Meditation), Ki Yelling, Property Damage, Pushing It and the skill options
are as between Fighters. A Stance Evaluation's bonus and Pushing It's +4 go to the attack roll only: no damage is
rolled against Thugs, and a flat bonus does not lower a Life Save (000 L6568–L6570, ruling A8). Against a group Ki
stands in for Defense and Acrobatics for Evasion for a point each (000 L7124), and Pushing It or a yell adds to every
Defense Total of the turn (000 L7281, L7293). The options that need what a group lacks are refused, each naming why
(NOT_ON_GROUPS)."""

from __future__ import annotations

from dataclasses import replace

from ...dramatic import attacks, checks, costs, spiritual
from ...dramatic.catalogue import tables
from ..contract.models import Choice, ChoiceOption, DecisionValue, DramaticBoost, DramaticOption, MindEffect
from ..state.profile import Profile
from ..state.turn import Turn
from ..thug_thrashing import fighter_on_thugs
from ..thug_thrashing.group import Group
from . import bands
from . import checks as dramatic_checks
from .attack_options import push_self
from .base import D10, Dram, choice, option_name, pay, skill, spendable
from .mind import casting
from .mind import offered as mind_choices
from .pauses import yell, yell_choices, yell_defense
from .spirit import spirit_skills
from .thug_flourish import exchange

_NO_DAMAGE = "no damage is rolled against Thugs, only Life Saves (000 L6568)"
_NO_LIFE_BAR = "a Thug group has Life Saves, not a Life Bar (000 L6568)"
NOT_ON_GROUPS: dict[DramaticOption, str] = {
    DramaticOption.final_blow: f"a Final Blow is settled against a Life Bar; {_NO_LIFE_BAR}",
    DramaticOption.debilitating_injury: "its penalty is the target's Power Level, which a Thug group has none of "
    "(000 L7172)",
    DramaticOption.surprise_attack: f"Surprise Attack doubles the damage; {_NO_DAMAGE}",
    DramaticOption.freeze_frame: f"Freeze Frame gives up damage; {_NO_DAMAGE}",
    DramaticOption.knock_out_of_combat: f"it gives up damage for Knock Back; {_NO_DAMAGE}",
    DramaticOption.pulling_punches: f"it halves the damage; {_NO_DAMAGE}",
    DramaticOption.climactic_super_move: f"its DL is the target's share of Life Bar; {_NO_LIFE_BAR}",
    DramaticOption.spirit_combat: "Spirit Combat takes one opponent to a spirit plane (000 L7299); a group is many",
    DramaticOption.call_forth_wisdom: "it attacks a spirit (000 L7319), and this group is not one",
    DramaticOption.ki_face_off: "it answers a Ranged Special Move (000 L7231), which Thugs do not have",
}
# options taken as the Fighter's action against groups (besides the boost, Special Moves and a Flourish invitation)
AT_THE_ACTION = frozenset(
    {
        *dramatic_checks.EFFECTS,
        DramaticOption.ki_yelling,
        DramaticOption.property_damage,
        DramaticOption.pushing_it,
        DramaticOption.call_forth_wisdom,  # at a spiritual group; refused at another (NOT_ON_GROUPS)
        DramaticOption.mind_manipulation,
        DramaticOption.leaving_combat,
        DramaticOption.zen_state,
    }
)
# taken at their own point: before the action, at the defence, or from the state
AT_THEIR_POINT = frozenset(
    {
        DramaticOption.secondary_skill,
        DramaticOption.power,
        DramaticOption.friendship_boost,
        DramaticOption.ki_for_defense,
        DramaticOption.acrobatics_for_evasion,
        DramaticOption.spirituality,  # in place of Defense against a spiritual group's attack (000 L7323)
    }
)


def refuse(ctx: Turn, option: DramaticOption, key: str, g: Group | None = None) -> None:
    why = NOT_ON_GROUPS.get(option)
    if option is DramaticOption.call_forth_wisdom and g is not None and g.state.spiritual:
        why = None  # Property Damage with this skill against a spirit (000 L7319)
    if why:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: {option_name(option)} does not apply against a Thug group: {why}.",
            key=key,
        )


def carry_out(ctx: Turn, d: Dram, g: Group, groups: list[Group], v: DecisionValue, key: str) -> bool:
    """The check options and Ki Yelling in place of an attack; False when ``v`` is none of them."""
    option = v.option
    if option is DramaticOption.ki_yelling:
        yell(ctx, d, v, key)
        return True
    if option not in dramatic_checks.EFFECTS:
        return False
    if (v.movement or 0) > 1:
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with an action.", key=key)
    fighter_on_thugs.move(ctx, d.f, g, v.movement or 0, v.direction)  # as with an attack (000 L7140)
    d.mover = lambda n, way: fighter_on_thugs.move(ctx, d.f, g, n, way)  # Athletics' Ranges: from this group
    dramatic_checks.resolve(ctx, d, v, key, {x.id for x in groups if x.members})
    d.mover = None
    return True


def offered(ctx: Turn, d: Dram, groups: list[Group]) -> list[ChoiceOption]:
    live = [g.id for g in groups if g.members]
    out = dramatic_checks.offered(ctx, d, live)
    if live:  # none when no group opposes him (a Fighter on the Thugs' side)
        out += [c.model_copy(update={"value": c.value.model_copy(update={"target": live[0]})}) for c in yell_choices(d)]
    out += mind_choices(ctx, d, live)
    return out


def stance_accuracy(ctx: Turn, d: Dram, g: Group) -> int:
    """A Stance Evaluation on this group: its bonus on the attack roll (ours: not on a Life Save, ruling A8)."""
    n = d.stance.pop(g.id, 0)
    if n:
        ctx.note("D", d.f.id, f"Stance Evaluation: +{n} Accuracy on {g.id}.", "000 L7309")
    return n


def pushing(ctx: Turn, d: Dram, v: DecisionValue, key: str) -> int:
    """Pushing It on an attack on a group: a point, 1d6 of his own Life Bar and +4 on the attack roll
    (000 L7293–L7295); the damage roll it may also raise is not rolled against Thugs."""
    if DramaticOption.pushing_it not in (v.option, *(v.also or ())):
        return 0
    if (v.push or v.boost or DramaticBoost.accuracy) is not DramaticBoost.accuracy:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.push", f"{key}: Pushing It on damage: {_NO_DAMAGE}.", key=key)
    pay(ctx, d, DramaticOption.pushing_it, costs.ap_cost(tables().option("pushing_it")), key)
    push_self(ctx, d)
    return attacks.pushing_bonus()


# ── The Fighter's defence against a group ──────────────────────────────────────────────────────────

_SWAPS = (
    DramaticOption.ki_for_defense,
    DramaticOption.acrobatics_for_evasion,
    DramaticOption.spirituality,
    DramaticOption.pushing_it,
)


def against_spirit(ctx: Turn, d: Dram, g: Group) -> tuple[int, int]:
    """(Accuracy, Life Save) against a purely spiritual group: −2 and +2 for one unfit to fight spirits
    (000 L7315)."""
    if not g.state.spiritual or d.spiritual:  # ours: a spirit is fit to fight his own kind
        return 0, 0
    acc, ls = spiritual.against_spirit(set(d.f.prof.qualities), spirit_skills(ctx, d))
    if acc or ls:
        ctx.note("D", d.f.id, f"{d.f.id} cannot fight spirits: {acc:+d} Accuracy, Life Saves {ls:+d}.", "000 L7315")
    return acc, ls


def _open(d: Dram, option: DramaticOption, g: Group) -> bool:
    if option is DramaticOption.spirituality and not g.state.spiritual:
        return False  # in place of Defense against spirits (000 L7323)
    if option is DramaticOption.ki_for_defense and d.ranged_used:
        return False  # not on a turn he uses a Ranged move (000 L7124)
    if option is DramaticOption.pushing_it and d.push_defense:
        return False
    return spendable(d, option) >= costs.ap_cost(tables().option(option.value))


def guard(ctx: Turn, d: Dram, g: Group) -> Profile:
    """Before a Thug's attack on him: a point for Ki in place of Defense, Acrobatics in place of Evasion or Pushing
    It on his Defense Totals; a yell's +1 and Pushing It's +4 go on the Defense Bonus. Returns the profile to put
    back once the attack is over."""
    f = d.f
    before = f.prof
    offered = [o for o in _SWAPS if _open(d, o, g)]
    option = None
    if offered:
        key, v = ctx.decide(
            f.id,
            "dramatic_defense",
            "D.4",
            f"{g.id} attacks {f.id}: spend an Action Point on Ki (or, against spirits, Spirituality) in place of "
            "Defense, Acrobatics in place of Evasion or Pushing It (+4 to his Defense Totals this turn)?",
            DecisionValue(choice=Choice.pass_),
            [choice(DecisionValue(choice=Choice.pass_), "none")]
            + [choice(DecisionValue(option=o), option_name(o)) for o in offered],
        )
        option = v.option
        if option is not None and option not in offered:
            ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: not open now.", key=key)
        if option is not None:
            pay(ctx, d, option, costs.ap_cost(tables().option(option.value)), key)
    prof = before
    if d.enduring:  # its skill stands in for Defense all turn (000 L7223)
        prof = replace(prof, defense=skill(ctx, d, tables().option("endure_great_hardship").skill or ""))
    if option is DramaticOption.ki_for_defense:
        d.ki_defended = True
        prof = replace(prof, defense=skill(ctx, d, "ki"))
    elif option is DramaticOption.acrobatics_for_evasion:
        prof = replace(prof, evasion=skill(ctx, d, "acrobatics"))
    elif option is DramaticOption.spirituality:
        prof = replace(prof, defense=skill(ctx, d, "spirituality"))
    elif option is DramaticOption.pushing_it:
        d.push_defense = attacks.pushing_bonus()  # every Defense Total of his this turn (ruling C15)
        push_self(ctx, d)
    extra = d.push_defense + yell_defense(d)
    if extra:
        prof = replace(prof, def_bonus=prof.def_bonus + extra)
    if prof is not before:
        ctx.note(
            "D.4", f.id, f"{f.id} defends with {option_name(option) if option else 'his yell or push'}.", "000 L7124"
        )
    f.prof = prof
    return before


# ── A group's invitation ───────────────────────────────────────────────────────────────────────────


def group_invites(ctx: Turn, g: Group, ds: dict[str, Dram], points: dict[str, int], steps: dict[str, int]) -> bool:
    """A group with a point may spend its action inviting a Fighter to a Flourish: the point is spent and its next
    Initiative die is a size larger, taken up or not (000 L7189; ruling C22 lets groups take part). True when it
    did (its Thugs then make no attack this turn)."""
    live = [x for x in ds.values() if x.f.active]
    if points[g.id] < 1 or not live or g.members <= 0:
        return False
    key, v = ctx.decide(
        g.id,
        "invite",
        "C",
        f"{g.id}: spend an Action Point and its action inviting a Fighter to a Flourish?",
        DecisionValue(choice=Choice.pass_),
        [choice(DecisionValue(choice=Choice.pass_), "no")]
        + [choice(DecisionValue(option=DramaticOption.flourish, target=x.f.id), f"invite {x.f.id}") for x in live],
    )
    if v.option is not DramaticOption.flourish:
        return False
    d = next((x for x in live if x.f.id == v.target), live[0] if v.target is None and len(live) == 1 else None)
    if d is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no Fighter '{v.target}' to invite.", key=key)
    o = tables().option(DramaticOption.flourish.value)
    points[g.id] -= 1
    steps[g.id] = steps.get(g.id, 0) + (o.die_steps or 0)
    ctx.note("AP", g.id, f"{g.id} spends an Action Point inviting {d.f.id} to a Flourish.", o.ref, {"points": -1})
    _, answer = ctx.decide(
        d.f.id,
        "accept_flourish",
        "C",
        f"{g.id} invites {d.f.id} to a Flourish (plain d10s, no defence): take it up?",
        DecisionValue(choice=Choice.pass_),
    )
    if answer.choice is Choice.act:
        exchange(ctx, d, g)
    else:
        ctx.note("C", d.f.id, f"{d.f.id} declines the Flourish.", o.ref)
    return True


# ── Mind-Manipulating Magic on a group ─────────────────────────────────────────────────────────────


def manipulate(
    ctx: Turn, d: Dram, g: Group, v: DecisionValue, key: str, idle: set[str], dictated: dict[str, str]
) -> None:
    """A point and his Magic, Psychic or Gadgeteering against the group's plain d10 (000 L7283; ours: a group has no
    Grim Determination to roll); won, the group does nothing next turn and defends at half its Defense, or does as
    he says next turn, or leaves the fight. Ours: a group is one combatant (000 L6652), so all of it is held, steered
    or gone; gone, its Thugs leave with no Glory for them."""
    cast = casting(ctx, d)
    if cast is None:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED",
            f"{key}.option",
            f"{key}: {d.f.id} has no Magic, Psychic or Gadgeteering.",
            key=key,
        )
    o = tables().option(DramaticOption.mind_manipulation.value)
    pay(ctx, d, DramaticOption.mind_manipulation, costs.ap_cost(o), key)
    name, level = cast
    face = ctx.roll(d.f.id, "mind_check", D10, f"{name} (Mind-Manipulating Magic)", "C")
    mine = checks.check_total(face, level, d.hit_stun_penalty)
    theirs = ctx.roll(g.id, "mind_resist", D10, "resisting Mind-Manipulating Magic", "C")
    won = checks.contest(mine, [theirs])
    effect = v.mind or MindEffect.idle
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s {name} {face} + {level} = {mine} against {g.id}'s {theirs}: "
        + (
            {
                MindEffect.idle: "held next turn.",
                MindEffect.dictate: f"{d.f.id} steers it next turn.",
                MindEffect.remove: "it leaves the fight.",
            }[effect]
            if won
            else "resisted."
        ),
        o.ref,
        inputs={"face": face, "total": mine, "resist": theirs},
    )
    if not won:
        return
    if effect is MindEffect.idle:
        idle.add(g.id)
    elif effect is MindEffect.dictate:
        dictated[g.id] = d.f.id
    else:
        g.members = 0
        ctx.note("C", g.id, f"{g.id} is gone from the fight.", "000 L7287", change={"members": 0})


# ── Leaving the fight ──────────────────────────────────────────────────────────────────────────────


def leave(ctx: Turn, d: Dram, groups: list[Group], key: str, zen: bool) -> None:
    """Leaving Combat against groups (000 L7152): Range 5 from every group. Unopposed he gets away; if a group
    objects he pays a point and must beat each objecting group's roll with his Athletics (or Zen State, a point
    more, 000 L7325), or he stays at Range 4 from them. Ours: a group rolls a plain d10 (it has no Athletics), and
    leaving is his action and his movement."""
    o = tables().option(DramaticOption.leaving_combat.value)
    zen_o = tables().option(DramaticOption.zen_state.value)
    if zen:
        pay(ctx, d, DramaticOption.zen_state, costs.ap_cost(zen_o), key)
    live = [g for g in groups if g.members]
    objectors = []
    for g in live:
        _, v = ctx.decide(
            g.id,
            "oppose_escape",
            "C",
            f"{d.f.id} tries to leave the fight: does {g.id} object and try to stop him?",
            DecisionValue(choice=Choice.act),  # ours: a group objects unless told otherwise, as an opponent does
        )
        if v.choice is Choice.act:
            objectors.append(g)
    far = 5
    if objectors:
        price = costs.ap_cost(o, opposed=True)
        if spendable(d, DramaticOption.leaving_combat) < price:
            ctx.note("C", d.f.id, f"{d.f.id} has no point left to break away: he stays where he is.", o.ref)
            return
        pay(ctx, d, DramaticOption.leaving_combat, price, key)
        name = (zen_o if zen else o).skill or ""
        level = skill(ctx, d, name)
        face = ctx.roll(d.f.id, "escape", D10, f"{name} (Leaving Combat)", "C")
        mine = checks.check_total(face, level, d.hit_stun_penalty)
        theirs = [ctx.roll(g.id, "pursue", D10, "stopping an escape", "C") for g in objectors]
        won = checks.contest(mine, theirs)
        ctx.note(
            "C",
            d.f.id,
            f"{d.f.id}'s {name} {face} + {level} = {mine} against {', '.join(map(str, theirs))}: "
            + ("he gets away." if won else "he is held at Range 4."),
            o.ref,
            inputs={"face": face, "total": mine},
        )
        far = 5 if won else 4
    if ctx.grid_mode:  # he moves, not the groups (ruling, ``bands.leave_squares``)
        bands.leave_squares(ctx, d.f, far == 5, [ctx.thug_squares[g.id] for g in live])
        text = ", ".join(f"{g.id} {g.ranges[d.f.id]}" for g in live)
        ctx.note("C", d.f.id, f"{d.f.id} moves to {bands.where(ctx, d.f)}: Range to {text}.", f"{o.ref}, 000 L5678")
        return
    if ctx.band_mode:  # he moves, not the groups (ruling, ``bands.leave``)
        bands.leave(ctx, d.f, far == 5, [ctx.thug_bands[g.id] for g in live])
        text = ", ".join(f"{g.id} {g.ranges[d.f.id]}" for g in live)
        ctx.note("C", d.f.id, f"{d.f.id} moves to band {ctx.bands[d.f.id]}: Range to {text}.", o.ref)
        return
    for g in live:
        g.ranges[d.f.id] = max(g.ranges[d.f.id], far)
    ctx.note("C", d.f.id, f"{d.f.id} is at Range {far} from every group.", o.ref, {"range": far})
