"""What every step of a Dramatic turn shares (000 L7066–L7325): each fighter's Dramatic figures for the turn, read
from and written back to his `state.dramatic`, paying and earning Action Points, skill levels, Life Bar loss,
Knock Back and movement along the Range."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ....dice import Die
from ...dramatic import attacks, bank, checks, costs, healing
from ...dramatic.catalogue import tables
from ..contract.models import (
    Choice,
    ChoiceOption,
    ClimacticForm,
    DecisionValue,
    Direction,
    DramaticOption,
    DramaticState,
    ResponseKind,
    YellSkill,
)
from ..elements import summon
from ..protocol import events
from ..state.combatant import Combatant
from ..state.turn import Turn
from . import bands

D6, D10 = Die(3), Die(5)
MAX_RANGE = 4  # Range 5 is reached only by Leaving Combat (000 L7106, L7152)


@dataclass
class Dram:
    """One fighter's Dramatic figures during the turn."""

    f: Combatant
    life_max: int
    points: bank.Bank
    no_point: bool
    used: list[str]
    attacked: bool
    may_show_off: bool
    init_steps: int
    accuracy_now: int
    sense_ki: int | None = None
    final_blow_taken: bool = False
    presence_used: bool = False
    climactic_used: bool = False
    stance: dict[str, int] = field(default_factory=dict)
    reaffirm_ready: bool = False
    realize_ready: bool = False
    returning: int = 0  # turns still spent coming back, from the start of this turn
    away_next: int = 0  # knocked out of the fight this turn: turns from the next one (000 L7195)
    friendship: bool = False
    hit_stunned: bool = False
    entangled: bool = False  # an Entangle hit before he acted: his action is lost whatever he spends (000 L3306)
    declared: str | None = None  # the move he declared at a simultaneous Initiative (Temporary Invulnerability)
    crossing: bool = False  # his attack this turn is a Cross-Up (000 L5634)
    advanced: int = 0  # the Ranges he moved toward his target before the attack (Full Screen, 000 L3685)
    moved: tuple[int, int, bool] | None = None  # (Range before, Ranges, toward) of his movement (Behind Opponent)
    acted: bool = False
    full_defense: bool = False
    was_hit: bool = False
    hit_by_others: set[str] = field(default_factory=set)
    did_damage: bool = False
    took_damage: bool = False
    hit_opponent: bool = False
    life_losses: int = 0
    specials: int = 0
    next_steps: int = 0
    next_accuracy: int = 0
    no_point_next: bool = False
    hit_stun_penalty: int = 0
    ki_defended: bool = False  # Ki for Defense this turn: no Ranged move (000 L7124)
    ranged_used: bool = False
    push_defense: int = 0  # Pushing It on his Defense Totals this turn (000 L7293)
    unhealable: int = 0  # Pushing It's own damage, not to be healed this turn (000 L7295)
    realize_next: bool = False
    enduring: bool = False  # Endure Great Hardship this turn (000 L7223)
    climactic: bool = False  # a Climactic Super Move announced this turn (000 L7160)
    standing: str | None = None  # the opponent of this turn's Stand Off (000 L7273)
    stand_heal: bool = False  # he rests to heal at the end of the Stand Off turn
    stand_next: str | None = None  # a Stand Off agreed for the next turn
    stand_also: list[str] = field(default_factory=list)  # the others of a Stand Off of more than two (000 L7273)
    stand_also_next: list[str] = field(default_factory=list)
    spiritual: bool = False  # himself a purely spiritual creature (000 L7313–L7315)
    signature: list[str] = field(default_factory=list)  # Special Moves with a signature call-tag (000 L7211)
    climactic_form: ClimacticForm | None = None  # his Climactic Super Move's one form below PL 5 (000 L7158)
    story: bool = False  # Realize Potential on a story opportunity the Director accepts (000 L7269)
    check_bonus: int = 0  # the Director's bonus on Reaffirm Purpose or Presence this turn (000 L7257, L7291)
    mind_resist: int = 0  # his Qualities against Mind-Manipulating Magic (000 L7283)
    guarded: str = "defense"  # the defence option he chose against the attack under way (000 L5708)
    response: ResponseKind | None = None  # the Response he declared with that Defense Total (000 L5876–L5884)
    yelling: YellSkill | None = None  # Ki Yelling this turn, and the skill it is to double (000 L7281)
    damaged: set[str] = field(default_factory=set)  # whom he damaged this turn
    raised: dict[str, int] = field(default_factory=dict)  # secondary skills raised this turn (000 L7279)
    spirit: bool = False  # in Spirit Combat (000 L7301)
    idle: bool = False  # Mind-Manipulating Magic: nothing this turn, defending as if Stunned (000 L7285)
    dictated_by: str | None = None
    idle_next: bool = False
    dictated_next: str | None = None
    face_off: str | None = None  # the Ki Face Off to settle at this turn's Initiative (000 L7237)
    face_off_bonus: int = 0
    face_off_now: bool = False  # he answered this attack with a Ki Face Off
    face_off_next: str | None = None  # a Ki Face Off opened (or tied) this turn, for the next
    face_off_next_bonus: int = 0
    face_off_broken: bool = False  # an outsider's damage ended his Ki Face Off (000 L7237)
    team_up_last: bool = False  # a Team-Up last turn: none this turn (000 L7221)
    teamed: bool = False  # his attack went in a Team-Up this turn
    held: tuple[str, DecisionValue, str] | None = None  # a Team-Up waiting for its partner: (target, value, key)
    lost_skills: list[str] = field(default_factory=list)  # Debilitating Injury's lost Narrative Skills (000 L7175)
    mind_controlled: bool = False  # under mind control, freed by pulled punches (000 L7207)
    tally: int = 0
    pulled_by: list[str] = field(default_factory=list)
    mind_immune: bool = False
    simultaneous: bool = False  # he shares his Initiative with an opponent and acts with him at once (000 L5519)
    non_attack: bool = False  # Refocus, Power Up or Await Opening: the Defense skill only this turn (000 L6037)
    awaiting: bool = False  # Await Opening this turn (000 L6045)
    keep_awaiting: bool = False  # he chose at Initiative to go on awaiting an opening (000 L6049)
    mover: Callable[[int, Direction], None] | None = None  # Athletics' Ranges against a Thug group

    def freeing(self, other: Dram) -> bool:
        """He is mind-controlled and ``other`` is pulling punches to free him: +1 for him against ``other``."""
        return self.mind_controlled and other.f.id in self.pulled_by

    def together(self, other: Dram) -> bool:
        """He and ``other`` are opponents acting at the same moment (simultaneous Initiative)."""
        return self.simultaneous and other.simultaneous and self.f.init == other.f.init and self.f.side != other.f.side


def load(ctx: Turn) -> dict[str, Dram]:
    out: dict[str, Dram] = {}
    epic = ctx.opts.dramatic.full_life_bar
    for fid in ctx.order:
        f = ctx.fighters[fid]
        s = f.dramatic or DramaticState()
        d = Dram(
            f=f,
            life_max=healing.dramatic_life_bar(f.prof.life_max, epic),
            points=bank.Bank(s.action_points, s.recovery_points, s.healing_points),
            no_point=s.no_point_next_turn,
            used=list(s.special_moves_used),
            attacked=s.attacked,
            may_show_off=s.may_show_off,
            init_steps=s.initiative_steps,
            accuracy_now=s.accuracy_next_turn,
            sense_ki=s.sense_ki,
            final_blow_taken=s.final_blow_taken,
            presence_used=s.presence_used,
            climactic_used=s.climactic_used,
            standing=s.stand_off,
            stand_also=list(s.stand_off_also) if s.stand_off is not None else [],
            spiritual=s.spiritual,
            signature=list(s.signature_moves),
            climactic_form=s.climactic_form,
            story=s.story_opportunity,
            check_bonus=s.check_bonus,
            mind_resist=s.mind_resist_bonus,
            face_off=s.face_off,
            idle=s.idle,
            spirit=s.spirit_combat,
            dictated_by=s.dictated_by,
            face_off_bonus=s.face_off_bonus,
            stance=dict(s.stance),
            reaffirm_ready=s.reaffirm_ready,
            realize_ready=s.realize_ready,
            returning=s.returning_turns,
            friendship=s.friendship_boost,
            team_up_last=s.team_up_last_turn,
            lost_skills=list(s.lost_skills),
            mind_controlled=s.mind_controlled,
            tally=s.freeing_tally,
            pulled_by=list(s.pulled_by),
            mind_immune=s.mind_immune,
        )
        f.fs += s.fs_above_start  # Draw Ki's surplus, kept apart from the state's capped total (000 L7249)
        if f.life > d.life_max:
            ctx.fail(
                "DRAMATIC_LIFE_BAR_OUT_OF_RANGE",
                f"fighters.{fid}.state.life_bar",
                f"{fid}: Life Bar {f.life} is above the Dramatic maximum {d.life_max}.",
            )
        out[fid] = d
    if ctx.req.fight.first_hit_awarded is None:  # derived against the Dramatic bar (000 L5489, L7072)
        ctx.first_hit_awarded = ctx.req.fight.round > 1 or any(d.f.life < d.life_max for d in out.values())
    return out


def store(ds: dict[str, Dram]) -> None:
    broken = {d.f.id for d in ds.values() if d.face_off_broken}
    for d in ds.values():
        if d.f.id in broken or d.face_off_next in broken:  # the Face Off ends with no further effect (000 L7237)
            d.face_off_next, d.face_off_next_bonus = None, 0
        surplus = max(d.f.fs - d.f.fs_start, 0)
        d.f.fs -= surplus
        d.f.dramatic = DramaticState.model_construct(
            action_points=min(d.points.general, 99),
            recovery_points=min(d.points.recovery_only, 99),
            healing_points=min(d.points.heal_only, 99),
            no_point_next_turn=d.no_point_next,
            special_moves_used=d.used[:120],
            attacked=d.attacked,
            may_show_off=d.hit_opponent and not d.was_hit,
            initiative_steps=max(min(d.next_steps, 3), -3),
            accuracy_next_turn=max(min(d.next_accuracy, 20), -10),
            fs_above_start=min(surplus, 200),
            sense_ki=None if d.sense_ki is None else max(min(d.sense_ki, 60), -10),
            final_blow_taken=d.final_blow_taken,
            presence_used=d.presence_used,
            climactic_used=d.climactic_used,
            stand_off=d.stand_next,
            stand_off_also=d.stand_also_next[:8] if d.stand_next is not None else [],
            spiritual=d.spiritual,
            signature_moves=d.signature[:40],
            climactic_form=d.climactic_form,
            mind_resist_bonus=d.mind_resist,  # his Qualities stay; the turn's own Director calls do not
            face_off=d.face_off_next,
            idle=d.idle_next,
            spirit_combat=d.spirit,
            dictated_by=d.dictated_next,
            face_off_bonus=min(d.face_off_next_bonus, 40),
            yelled=d.yelling if d.yelling is not None and not d.was_hit else None,  # a hit cuts it off (000 L7281)
            stance={k: min(v, 20) for k, v in list(d.stance.items())[:8] if v > 0},
            # Reaffirm Purpose: hurt this turn and hurting no one opens it next turn (000 L7257)
            reaffirm_ready=d.took_damage and not d.did_damage,
            realize_ready=d.realize_next,
            returning_turns=min(max(d.returning, d.away_next), 20),
            friendship_boost=False,  # it lasts the one turn after the comrade's arrival (000 L7251)
            team_up_last_turn=d.teamed,
            lost_skills=d.lost_skills[:20],
            mind_controlled=d.mind_controlled,
            freeing_tally=min(d.tally, 999),
            pulled_by=d.pulled_by[:8],
            mind_immune=d.mind_immune,
        )


def option_name(option: DramaticOption) -> str:
    return tables().option(option.value).name


def spendable(d: Dram, option: DramaticOption) -> int:
    """Points this option may use: the bank's kinds it may draw on and Story Points (000 L7082)."""
    return bank.usable(d.points, tables().option(option.value)) + (d.f.story or 0)


def ignore_hit_stun(ctx: Turn, d: Dram, loses: str = "action") -> bool:
    """Hit before acting, he loses his ``loses`` (his action; with Thugs his whole turn, extra actions included,
    000 L6750) unless he pays a point to act anyway at −2 Accuracy and −2 to checks (000 L7130–L7136, L7229)."""
    f = d.f
    if spendable(d, DramaticOption.ignore_hit_stun) < 1:
        ctx.note("B", f.id, f"{f.id} was hit before acting and loses his {loses} (Hit Stun).", "000 L7130")
        return False
    key, v = ctx.decide(
        f.id,
        "ignore_hit_stun",
        "B",
        f"{f.id} was hit before acting: spend an Action Point to act anyway at −2 Accuracy and −2 to checks?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        ctx.note("B", f.id, f"{f.id} loses his {loses} to Hit Stun.", "000 L7130")
        return False
    o = tables().option("ignore_hit_stun")
    pay(ctx, d, DramaticOption.ignore_hit_stun, costs.ap_cost(o), key)
    d.hit_stun_penalty = o.accuracy or 0
    return True


def pay(ctx: Turn, d: Dram, option: DramaticOption, points: int, key: str) -> None:
    """Pay ``points`` for ``option`` from the bank, Story Points standing in for what is missing (000 L7082)."""
    if points <= 0:
        return
    story = d.f.story if d.f.story is not None else 0
    o = tables().option(option.value)
    before = d.points.total
    try:
        d.points, from_story = bank.spend(d.points, o, points, story)
    except bank.Short:
        ctx.fail(
            "AP_INSUFFICIENT",
            key,
            f"{key}: {d.f.id} has {d.points.total} Action Points and {story} Story Points; {o.name} needs {points}.",
            key=key,
        )
    if from_story:
        d.f.story = story - from_story
    ctx.note(
        "AP",
        d.f.id,
        f"{d.f.id} spends {points} Action Point{'s' if points != 1 else ''} on {o.name}"
        + (f" ({from_story} from Story Points)" if from_story else "")
        + f": {d.points.total} left.",
        o.ref,
        inputs={"option": option.value, "points": points},
    )
    events.action_points(ctx, d.f.id, d.points.total - before, d.points.total)


def earn(ctx: Turn, d: Dram, general: int, text: str, ref: str, heal_only: int = 0, recovery_only: int = 0) -> None:
    """Points earned during the turn, general or of a restricted kind (000 L7082, L7227, L7257)."""
    if not (general or heal_only or recovery_only):
        return
    before = d.points.total
    d.points = bank.Bank(
        d.points.general + general, d.points.recovery_only + recovery_only, d.points.heal_only + heal_only
    )
    ctx.note("AP", d.f.id, text, ref, inputs={"points": d.points.total - before})
    events.action_points(ctx, d.f.id, d.points.total - before, d.points.total)


def lose_points(ctx: Turn, d: Dram, text: str, ref: str) -> None:
    """Every banked point of every kind is gone (Debilitating Injury, 000 L7172)."""
    before = d.points.total
    d.points = bank.Bank()
    ctx.note("AP", d.f.id, text, ref, inputs={"points": -before})
    events.action_points(ctx, d.f.id, -before, 0)


def skill(ctx: Turn, d: Dram, name: str) -> int:
    """A Narrative Skill's level on his sheet (0 without it); Ki is the combat skill. A skill his Ki Yelling
    doubled counts twice over this turn, past 10 if need be (000 L7281); one a Gadgeteering, Magic or Psychic check
    raised this turn counts at that skill's level (000 L7277–L7279; ours: the higher of the two)."""
    f = d.f
    if norm(name) in {norm(x) for x in d.lost_skills}:  # lost to a Debilitating Injury (000 L7175)
        return 0
    own = _level(ctx, f, name) * (2 if f.dramatic is not None and f.dramatic.yelled == name else 1)
    return max(own, d.raised.get(name, 0))


def norm(name: str) -> str:
    """A skill's id or name as compared: its letters and digits, lower case (``Grim Determination``)."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _level(ctx: Turn, f: Combatant, name: str) -> int:
    if name == "ki":
        return f.prof.ki
    sheet = ctx.req.fighters[f.index].sheet
    wanted = name.replace("_", "")
    for s in sheet.narrative_skills:
        if "".join(ch for ch in s.id.lower() if ch.isalnum()) == wanted:
            return s.level
    return 0


def hurt(ctx: Turn, src: Dram, t: Dram, dmg: int, hit: bool, stun: int | None = 0) -> None:
    """``dmg`` Life Bar from ``src``; ``stun`` added to it against his Stun Threshold (Increased Stun), None for no
    Stun check (a move without the Stun keyword, 000 L2357)."""
    f = t.f
    if hit and t.enduring:
        dmg = attacks.endure_halved(dmg)
        ctx.note("E.2", f.id, f"Endure Great Hardship halves the hit: {dmg}.", "000 L7223")
    before = f.life
    f.life = max(f.life - dmg, 0)
    t.took_damage = True
    t.life_losses += 1
    src.did_damage = True
    src.damaged.add(f.id)
    f.life_loss_from.add(src.f.id)
    if hit:
        t.hit_by_others.add(src.f.id)
    if dmg > 0 and t.face_off_next not in (None, src.f.id) and not t.face_off_broken:
        t.face_off_broken = True
        ctx.note("E.2", f.id, f"Damage from outside ends {f.id}'s Ki Face Off.", "000 L7237")
    ctx.note(
        "E.2",
        f.id,
        f"{f.id} loses {before - f.life} Life Bar: {before} → {f.life}.",
        "000 L5924, L7072",
        change={"life_bar": f.life},
    )
    _after_loss(ctx, t, dmg, stun)


def hurt_self(ctx: Turn, d: Dram, dmg: int, ref: str) -> None:
    """Life Bar a fighter takes from his own option (Pushing It). Our reading: it is not damage from an opponent,
    so it neither opens nor closes Healing Life Bar (000 L7253), but it may stun or defeat him."""
    f = d.f
    before = f.life
    f.life = max(f.life - dmg, 0)
    d.life_losses += 1
    ctx.note(
        "E.2", f.id, f"{f.id} loses {before - f.life} Life Bar: {before} → {f.life}.", ref, change={"life_bar": f.life}
    )
    _after_loss(ctx, d, dmg)


def _after_loss(ctx: Turn, t: Dram, dmg: int, stun: int | None = 0) -> None:
    f = t.f
    if f.life == 0 and t.enduring:
        _endure_check(ctx, t)
    if f.life == 0:
        f.defeated = True
        ctx.note("E.2", f.id, f"{f.id} is defeated.", "000 L5924", change={"defeated": True})
    else:
        stun_check(ctx, t, dmg, stun)


def stun_check(ctx: Turn, t: Dram, dmg: int, stun: int | None = 0) -> None:
    """The damage (plus ``stun``, Increased Stun's 2, 000 L3561–L3565) against his Stun Threshold (000 L5974);
    ``stun`` None: the move has no Stun keyword (000 L2357)."""
    f = t.f
    if stun is None or f.defeated:
        return
    if dmg + stun > f.stun_threshold and not f.stunned:
        f.stunned = 2
        f.times_stunned += 1
        ctx.note("E.3", f.id, f"{dmg + stun} is above {f.id}'s Stun Threshold: Stunned.", "000 L5974–L5990")


def _endure_check(ctx: Turn, t: Dram) -> None:
    """Defeated while enduring: a check at DL 16 brings him back at 1 Life Bar, as often as it succeeds
    (000 L7223)."""
    o = tables().option("endure_great_hardship")
    level = skill(ctx, t, o.skill or "")
    face = ctx.roll(t.f.id, "endure_check", D10, "Endure Great Hardship check", "E.2")
    total = checks.check_total(face, level, t.hit_stun_penalty)
    up = total >= (o.dl or 0)
    if up:
        t.f.life = 1
    ctx.note(
        "E.2",
        t.f.id,
        f"{t.f.id}'s Endure Great Hardship: {face} + {level} = {total} against {o.dl}: "
        + ("back up at 1 Life Bar." if up else "not enough."),
        o.ref,
        inputs={"face": face, "total": total},
        change={"life_bar": 1} if up else None,
    )


def knock_back(ctx: Turn, t: Dram, n: int, src: Dram | None = None) -> None:
    """``t`` knocked back ``n`` Ranges (by ``src``: on a Band Map away from him, ``bands``)."""
    if bands.mapped(ctx) and not t.f.defeated:
        a = src.f if src is not None else None
        before, after = bands.knock_back(ctx, a, t.f, n)
        ctx.note(
            "E.4",
            t.f.id,
            f"{t.f.id} is knocked back: {bands.where(ctx, t.f)}, Range {before} → {after}"
            + (" (no further than 4)." if before + n > after else "."),
            "000 L5678, L5686, L5950" if ctx.grid_mode else "000 L5654–L5656, L5950",
            change=bands.change(ctx, t.f),
        )
        return
    if ctx.range is None or t.f.defeated:
        return
    before = ctx.range
    ctx.range = max(before, min(before + n, MAX_RANGE))  # never to Range 5 by Knock Back (000 L5950, L7106)
    ctx.note(
        "E.4",
        t.f.id,
        f"{t.f.id} is knocked back: Range {before} → {ctx.range}"
        + (" (no further than 4)." if before + n > ctx.range else "."),
        "000 L5950",
        change={"range": ctx.range},
    )


def shift_range(ctx: Turn, d: Dram, n: int, direction: Direction, ref: Combatant | None = None) -> None:
    """``d`` moves ``n`` Ranges (on a Band Map toward or away from ``ref``, else his nearest opponent, ``bands``); his
    Ally goes along (000 L4193)."""
    band, square = ctx.bands.get(d.f.id), ctx.squares.get(d.f.id)
    _shift(ctx, d, n, direction, ref)
    summon.followed(ctx, d.f, n, direction is Direction.toward, band, square)


def _shift(ctx: Turn, d: Dram, n: int, direction: Direction, ref: Combatant | None) -> None:
    if ctx.grid_mode:
        ref = ref if ref is not None else bands.nearest(ctx, d.f)
        before, after = bands.move(ctx, d.f, ref, n, direction is Direction.toward)
        ctx.note(
            "C",
            d.f.id,
            f"{d.f.id} moves {n} Range{'s' if n != 1 else ''} {direction.value}"
            + (f" {ref.id}" if ref is not None else "")
            + f": {bands.where(ctx, d.f)}, Range {before} → {after}.",
            "000 L5676, L5680, L7106",
            change=bands.change(ctx, d.f),
        )
        return
    if ctx.band_mode:
        before, after = bands.move(ctx, d.f, ref, n, direction is Direction.toward)
        ctx.note(
            "C",
            d.f.id,
            f"{d.f.id} moves {n} Range{'s' if n != 1 else ''} {direction.value}"
            + (f" {ref.id}" if ref is not None else "")
            + f": band {before} → {after}.",
            "000 L5652–L5656, L7106",
            change={"band": after},
        )
        return
    if ctx.range is None:
        return
    before = ctx.range
    step = -n if direction is Direction.toward else n
    ctx.range = max(0, min(before + step, MAX_RANGE))
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} moves {n} Range{'s' if n != 1 else ''} {direction.value}: Range {before} → {ctx.range}.",
        "000 L5615, L7106",
        change={"range": ctx.range},
    )


def choice(value: DecisionValue, text: str, control: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=0, control=control, text=text, can_hit=None)
