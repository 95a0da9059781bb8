"""The main system's campaign actions in a Dramatic turn: switching Tag Team partners (000 L6277–L6283) and
transforming into Beast Form (000 L5305–L5319), carried out by the main turn's own steps (``tag_team``,
``transformations``) and fitted to the Dramatic order.

Rulings where the text is silent on Dramatic Combat (RULINGS.md, issue 36, unnumbered):

* Switching: with no Control roll in Dramatic Combat (000 L7084), the switch needs no Control and costs no Action Point:
  it is a non-attack action, as Refocus is here (000 L6283, L6037).
* Entering: the partner coming in rolls his Dramatic Initiative (the die by Speed, plus the Control Bonus, 000 L7084) in
  place of the main system's Initiative and Control, then acts at once or when his Initiative comes, as in the main
  turn (000 L6283); a partner on the sidelines is granted no Action Point.
* The blast: the change's blast is Life Bar lost as from a hit (it opens Healing Life Bar for those it hurts, closes it
  for the one who changes, 000 L7253) but no attack (000 L5313).
* Beast Energy: grows as Dramatic Super Energy does (the turn, each Life Bar loss, each Special or Super Move
  attack: ruling C4, 000 L5311), and the form's 1 Life Bar a turn is capped at the Dramatic Life Bar.
"""

from __future__ import annotations

from collections.abc import Callable

from ..contract.models import ActionType, ChoiceOption, DecisionValue, LogMap
from ..elements import tag_team, transformations
from ..state.action import Attack, Guard, Outcome, Plan
from ..state.combatant import Combatant
from ..state.turn import Spine, Turn
from ..thug_thrashing import tag as thug_tag
from ..thug_thrashing.tag import Among
from .base import Dram
from .initiative import roll_initiative

ACTIONS = frozenset({ActionType.switch, ActionType.transform})


class DramaticSpine:
    """The turn's spine while a Dramatic turn runs: a fighter's place in the order is his Dramatic action; an
    attack an element starts by itself is the main system's."""

    def __init__(self, main: Spine, ds: dict[str, Dram], act: Callable[[Turn, dict[str, Dram], Dram], None]) -> None:
        self.main = main
        self.ds = ds  # no reference back to the turn: the spine hangs from it (no reference cycle)
        self.act = act

    def resolve(self, ctx: Turn, atk: Attack) -> Outcome:
        return self.main.resolve(ctx, atk)

    def miss(self, ctx: Turn, atk: Attack, guard: Guard) -> Outcome:
        return self.main.miss(ctx, atk, guard)

    def slot(self, ctx: Turn, f: Combatant, point: str = "action") -> None:
        self.act(ctx, self.ds, self.ds[f.id])

    def utility(self, ctx: Turn, f: Combatant, plan: Plan) -> None:
        self.main.utility(ctx, f, plan)


def entry(ds: dict[str, Dram]) -> tag_team.Entry:
    """A partner coming in rolls his Dramatic Initiative (ruling: entering, 000 L7084)."""

    def roll(ctx: Turn, new: Combatant) -> tuple[str, LogMap]:
        d = ds[new.id]
        roll_initiative(ctx, d, d.init_steps)
        return f"Initiative {new.init}", {"initiative": new.init}

    return roll


def offered(ctx: Turn, d: Dram) -> list[ChoiceOption]:
    """A switch to each waiting partner (ruling: no Control needed, 000 L7084) and the change into Beast Form."""
    # ruling: no Control roll in Dramatic Combat, so no Control gate (000 L7084)
    return tag_team.choices(ctx, d.f, control=False) + transformations.choices(ctx, d.f)


def act(ctx: Turn, ds: dict[str, Dram], d: Dram, v: DecisionValue, key: str, among: Among | None = None) -> None:
    """``v.action`` is ``switch`` or ``transform`` (one of ACTIONS); ``among``: the Thug groups of a Dramatic turn
    with Thugs, which get the Ranges handed over and the change's blast (thug_thrashing.tag)."""
    f = d.f
    if v.action is ActionType.switch:
        partner = tag_team.check_switch(ctx, f, v, key, control=False)  # ruling: no Control gate (000 L7084)
        d.non_attack = True  # a non-attack action (000 L6283): the Defense skill only for the rest of the turn
        if among is None:
            tag_team.switch(ctx, f, partner, entry(ds))
        else:
            thug_tag.switch(ctx, f, partner, among, entry(ds))
        return
    transformations.check(ctx, f, v.movement or 0, key)
    life = {x.f.id: x.f.life for x in ds.values()}
    transformations.transform(ctx, f, transformations.MAIN if among is None else among.surroundings())
    for x in ds.values():
        x.acted = x.acted or x.f.acted  # an opponent who changed with him spent his action on it (000 L5315)
        # ruling: Life Bar lost as from a hit, though no attack (000 L5313, L7253)
        if x is not d and x.f.life < life[x.f.id]:
            x.took_damage = True
            x.life_losses += 1
            d.did_damage = True
            d.damaged.add(x.f.id)


def beast_energy(ctx: Turn, ds: dict[str, Dram]) -> None:
    """H.1: Beast Energy and the form's Life Bar, after Healing Life Bar and Super Energy (ruling: counted as
    Dramatic Super Energy is, 000 L5311, ruling C4)."""
    for fid in ctx.order:
        d = ds[fid]
        counted = {"life_bar_lost": d.life_losses, "special_moves": d.specials}
        transformations.gather(ctx, d.f, counted, d.life_max)
