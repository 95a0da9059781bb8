"""The main system's campaign actions in the turns with Thug groups (000 L6646: what the Thug rules leave alone is
the Main Combat System's): switching Tag Team partners (000 L6277–L6283) and changing into Beast Form (000
L5305–L5319), carried out by the main turn's own steps (``elements.tag_team``, ``elements.transformations``) with
the groups put in. Shared by the Thug Thrashing turn and the Dramatic turn with Thugs (``dramatic.tag``).

Rulings where the text is silent (RULINGS.md, issue 36):

* Handing over: the partner coming in takes the outgoing Fighter's Range to each Thug group (000 L6283: the same
  place, Range to every opponent and band or square alike); with no map those Ranges are the pair's alone (000
  L6668), so each moves over to him; on a Band Map or Battle Grid his band or square does it.
* Falling: as in the main turn, a side left with nobody in the fight sends in its waiting partner at the defeated
  one's place, with his Ranges, once the place in the order where he fell is over (``tag_team``'s ruling, 000 L6279).
* Entering: he acts at once only when his Initiative beats every Fighter and every group still to act, the groups
  taking their places in the same order (000 L6652–L6654); a group tied with him goes first, as a tied Fighter does.
* An extra Thug Thrashing action may switch (a non-attack action like Refocus, 000 L6750), but not with a Fighter
  opponent within Range 2 (000 L6752); his actions left go with him to the sidelines, and he gets none back if
  switched in again that turn (``tag_team``'s ruling). The change is his first action and ends his actions for the
  turn, nothing else being done on the turn of the change (000 L5313).
* Beast Energy: gathered as that turn's Super Energy is, so 1 less a turn against Thugs (000 L5311, L6730), and lost
  in Beast Form 1 less too (000 L5317: at the rate it was gathered); the form's 1 Life Bar a turn as anywhere.
* The blast: each group against him within Range 0–1 is hit as one combatant, as an Area Effect hits groups (000
  L2839; ``fighter_on_thugs.in_area``): no attack roll, as for a Fighter; one Thug rolls the Life Save of a Basic
  Move hit (his form's Strength and the die, 000 L6570); no Knock Back, a group suffering only that of Increased
  Knockback or Hurl (000 L6716); no Glory, being no attack. With no map his Fighter allies, whose Range to him a turn
  with Thugs does not keep, are out of it; Fighters of other sides are at the fight's Range.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from ...thugs import attacks as thug_rules
from ..contract.models import ActionType, ChoiceOption, DecisionValue
from ..elements import tag_team, transformations
from ..registry.sheet import BASIC_MOVE
from ..state.action import Attack, Guard, Outcome, Plan
from ..state.combatant import Combatant
from ..state.turn import Spine, Turn
from . import fighter_on_thugs, mixed
from . import group as thug_group
from .group import Group

ACTIONS = frozenset({ActionType.switch, ActionType.transform})
BLAST_RANGE = 1  # the change reaches Range 0–1 (000 L5313)
LESS = 1  # Super Energy against Thugs: 1 less a turn (000 L6730), and so Beast Energy (ruling, 000 L5311)


class ThugSpine:
    """The turn's spine while a turn with Thugs runs: a Fighter's place in the order is that turn's own (``act``);
    an attack an element starts by itself is the main system's."""

    def __init__(self, main: Spine, act: Callable[[Turn, Combatant], None]) -> None:
        self.main = main
        self.act = act

    def resolve(self, ctx: Turn, atk: Attack) -> Outcome:
        return self.main.resolve(ctx, atk)

    def miss(self, ctx: Turn, atk: Attack, guard: Guard) -> Outcome:
        return self.main.miss(ctx, atk, guard)

    def slot(self, ctx: Turn, f: Combatant, point: str = "action") -> None:
        self.act(ctx, f)

    def utility(self, ctx: Turn, f: Combatant, plan: Plan) -> None:
        self.main.utility(ctx, f, plan)


@dataclass(frozen=True)
class Among:
    """The Thug groups of the turn, as the two campaign actions need them."""

    groups: list[Group]

    def ahead(self, f: Combatant) -> list[int]:
        """The Initiatives of the groups still to act once he has: lower, or tied without Priority (000 L6656)."""
        return [
            g.init
            for g in self.groups
            if g.members and (g.init < f.init or (g.init == f.init and not thug_rules.has_priority(g.traits)))
        ]

    def hand_over(self, ctx: Turn, out: Combatant, new: Combatant) -> None:
        """With no map each group's Range to the outgoing Fighter goes over to the partner coming in (ruling:
        handing over, 000 L6283, L6668); on a map ``tag_team`` gives him the band or square."""
        if ctx.band_mode or ctx.grid_mode:
            return
        for g in self.groups:
            if out.id in g.ranges:
                g.ranges[new.id] = g.ranges.pop(out.id)

    def surroundings(self) -> transformations.Surroundings:
        return transformations.Surroundings(fighters=_fighters, others=partial(_blast_groups, self.groups))


def _fighters(ctx: Turn, f: Combatant) -> list[Combatant]:
    """The Fighters the change reaches: with no map only those of other sides, at the fight's Range (ruling)."""
    mapped = ctx.band_mode or ctx.grid_mode
    return [o for o in transformations.near(ctx, f) if mapped or o.side != f.side]


def _blast_groups(groups: list[Group], ctx: Turn, f: Combatant) -> None:
    """Each group against him within Range 0–1 takes the Basic Move's hit as one combatant (ruling: the blast)."""
    for g in groups:
        if g.members and thug_group.opposes(g, f) and f.id in g.ranges and g.ranges[f.id] <= BLAST_RANGE:
            fighter_on_thugs.blast(ctx, f, g, BASIC_MOVE, "000 L5313, L6570, L2839")


def offered(ctx: Turn, f: Combatant, first: bool, control: bool = True) -> list[ChoiceOption]:
    """A switch to each waiting partner, and on his first action the change (ruling: extra actions)."""
    out = tag_team.choices(ctx, f, control=control)
    return out + transformations.choices(ctx, f) if first else out


def check(ctx: Turn, f: Combatant, v: DecisionValue, key: str, first: bool) -> None:
    """What an extra Thug Thrashing action may not do (ruling: extra actions, 000 L5313, L6752)."""
    if first:
        return
    if v.action is ActionType.transform:
        ctx.fail("TRANSFORM_INVALID", key, f"{key}: the change is the whole turn's action, so his first.", key=key)
    if mixed.fighter_near(ctx, f):
        why = f"{key}: with a Fighter opponent within Range 2 an extra action only attacks a Thug group."
        ctx.fail("DECISION_INVALID", key, why, key=key)


def switch(ctx: Turn, f: Combatant, partner: Combatant, among: Among, entry: tag_team.Entry) -> None:
    """The main turn's switch, the groups' Ranges handed over and the groups still to act counted."""
    tag_team.switch(ctx, f, partner, entry, among.ahead(f), among.hand_over)


def replace_fallen(ctx: Turn, among: Among, rest: Sequence[object], entry: tag_team.Entry) -> None:
    """After a place in the order: a Tag Team side left with nobody in the fight sends in a waiting partner at the
    defeated one's place (``tag_team``'s ruling, 000 L6279), the groups' Ranges handed over; ``rest``: the places
    still to come, whose groups he must beat to act at once."""
    tag_team.replace_fallen(ctx, entry, among.hand_over, [a.init for a in rest if isinstance(a, Group) and a.members])


def act(ctx: Turn, f: Combatant, among: Among, key: str, v: DecisionValue, first: bool) -> None:
    """A Thug Thrashing turn's ``switch`` or ``transform`` (one of ACTIONS): Initiative and Control as in the main
    turn for the partner coming in (000 L6283, L6652)."""
    check(ctx, f, v, key, first)
    if v.action is ActionType.switch:
        partner = tag_team.check_switch(ctx, f, v, key)
        switch(ctx, f, partner, among, tag_team.main_entry)
        return
    transformations.check(ctx, f, v.movement or 0, key)
    transformations.transform(ctx, f, among.surroundings())


def beast_energy(
    ctx: Turn, counts: Callable[[Combatant], dict[str, int]], life_max: Callable[[Combatant], int]
) -> None:
    """H.1 of a turn with Thugs: each Fighter's Beast Energy from what the turn counts toward his Super Energy, 1 less
    (ruling: Beast Energy, 000 L5311, L6730), then Beast Form's Life Bar (000 L5319)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        transformations.gather(ctx, f, counts(f), life_max(f), less=LESS)
