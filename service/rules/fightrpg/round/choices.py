"""The legal answers at each decision point of a round, each ready to send back."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.construct import built
from ...memo import memo
from ..actions.bundles import Bundle, affordable, blocks_needed, bundle_of
from ..actions.models import RpgAction, RpgActionKind
from ..pack import DECLINE, PACKS
from ..sheet.positions import RpgDirection
from ..tokens.counts import RpgTokenType, covers
from ..tokens.menu import RESPONSES, RpgResponseKind
from .decide import Choice, choice
from .models import RpgDecision
from .state import Combatant, RoundState, token_figures


@dataclass
class Option:
    shape: RpgAction  # the action without its target
    target: str | None
    bundle: Bundle

    @property
    def action(self) -> RpgAction:
        if self.target is None:
            return self.shape
        s = self.shape  # a menu shape, validated when the shapes were made: only the target is added
        values = dict(  # RpgAction's fields, by name
            kind=s.kind,
            damage=s.damage,
            knockdown=s.knockdown,
            grapple=None,
            move=None,
            block=None,
            complex_action=None,
            technique=s.technique,
            target=self.target,
            direction=s.direction,
        )
        return built(RpgAction, values)

    @property
    def key(self) -> tuple[object, ...]:
        s = self.shape
        return (s.kind, s.damage or 0, s.knockdown or 0, s.technique, self.target, s.direction)


_SHIPPED: dict[tuple[int, bool], list[tuple[RpgAction, Bundle]]] = {}  # by shipped pack and map combat


def _shapes(state: RoundState) -> list[tuple[RpgAction, Bundle]]:
    """Every legal action shape of the menu and pack, without a target, with its bundle: once per process for a
    shipped pack, once per round for a request's own."""
    shipped = any(state.pack is p for p in PACKS.values())
    key = (id(state.pack), state.request.map)
    cached = _SHIPPED.get(key) if shipped else state.cache.get("shapes")
    if cached is not None:
        return cached  # type: ignore[return-value]
    most = state.pack.max_attack_tokens.value
    shapes = [
        RpgAction(kind=RpgActionKind.attack, damage=d, knockdown=k)
        for total in range(most, 0, -1)
        for d in range(total, -1, -1)
        if (k := total - d) >= 0
    ]
    shapes += [RpgAction(kind=RpgActionKind.grab, knockdown=1), RpgAction(kind=RpgActionKind.grab)]
    shapes += [RpgAction(kind=RpgActionKind.technique, technique=t.id) for t in state.pack.techniques]
    shapes += [RpgAction(kind=k) for k in (RpgActionKind.strip_block, RpgActionKind.complex_action, RpgActionKind.move)]
    if state.request.map:  # 002 L58: a placed fighter's 5-foot step names its direction
        shapes += [RpgAction(kind=RpgActionKind.move, direction=d) for d in RpgDirection]
    bundles = [(shape, bundle_of(shape, state.pack, map_combat=state.request.map)) for shape in shapes]
    out = [(shape, b) for shape, b in bundles if b.legal]
    if shipped:
        _SHIPPED[key] = out
    else:
        state.cache["shapes"] = out
    return out


def turn_options(state: RoundState, c: Combatant) -> list[Option]:
    """What ``c`` can do on its turn: every affordable bundle at every fighter it can aim at (002 L96)."""
    out: list[Option] = []
    if not any(c.tokens.values()):
        return out
    others = state.others(c)
    for shape, b in _shapes(state):
        if not affordable(b, c.tokens, c.power_points):
            continue
        if shape.kind is RpgActionKind.move and (shape.direction is None) != (c.position is None):
            continue  # a placed fighter steps in a direction; an unplaced one only moves (logged)
        if not b.targeted:
            out.append(Option(shape, None, b))
            continue
        for o in others:
            if b.effect.blocks_removed and o.tokens[RpgTokenType.block] < b.effect.blocks_removed:
                continue  # nothing to remove
            out.append(Option(shape, o.id, b))
    return out


def label(a: RpgAction) -> str:
    if a.kind is RpgActionKind.attack:
        what = f"attack with {a.damage or 0} Damage and {a.knockdown or 0} Knockdown"
    elif a.kind is RpgActionKind.grab:
        what = f"{a.kind.value} with Knockdown" if a.knockdown else a.kind.value
    elif a.kind is RpgActionKind.technique:
        what = f"technique {a.technique}"
    else:
        what = a.kind.value.replace("_", " ") + (f" 5 feet {a.direction.value}" if a.direction else "")
    return f"{what} at {a.target}" if a.target else what


def costs(b: Bundle) -> dict[str, int]:
    """What a bundle spends, by token type and Power Points."""
    out = token_figures(b.tokens)
    if b.power_points:
        out["power_points"] = b.power_points
    return out


@memo(4096)
def _choice(action: RpgAction, spent: tuple[tuple[str, int], ...]) -> Choice:
    """A choice of the round's own legal options (nothing in it to validate; frozen, so kept and shared by equal
    actions)."""
    value = built(
        RpgDecision,
        {"allocation": None, "action": action, "response": None, "injury": None, "chain": None, "direction": None,
         "feet": None},
    )  # fmt: skip
    return choice(value, label(action), dict(spent))


PASS = choice(RpgDecision(action=RpgAction(kind=RpgActionKind.pass_)), "pass for the round")


def action_choices(options: list[Option]) -> list[Choice]:
    return [*(_choice(o.action, tuple(costs(o.bundle).items())) for o in options), PASS]


def responses(target: Combatant, b: Bundle) -> list[RpgResponseKind]:
    """The responses ``target`` can pay for against bundle ``b`` (002 L23, L45, L64, L72). An attack may be blocked
    in part; a technique only by enough Block tokens for all of it (our ruling)."""
    blocks = target.tokens[RpgTokenType.block]
    out = []
    if b.blockable and b.strikes and blocks >= (blocks_needed(b) if b.whole else 1):
        out.append(RpgResponseKind.block)
    if b.grapples and not b.whole and _pays(target, RpgResponseKind.grapple_cancel):
        out.append(RpgResponseKind.grapple_cancel)
    if _pays(target, RpgResponseKind.evade):
        out.append(RpgResponseKind.evade)
    if b.effect.damage and _pays(target, RpgResponseKind.counter):
        out.append(RpgResponseKind.counter)
    return out


RESPONSE_TOKENS = {k: {t: n for t, n in r.tokens.as_dict().items() if n} for k, r in RESPONSES.items()}


def _pays(c: Combatant, kind: RpgResponseKind) -> bool:
    return covers(c.tokens, RESPONSE_TOKENS[kind])


def response_choices(kinds: list[RpgResponseKind]) -> list[Choice]:
    return [
        choice(RpgDecision(response=k), k.value.replace("_", " "), token_figures(RESPONSE_TOKENS.get(k, {})))
        for k in [RpgResponseKind.none, *kinds]
    ]


def injury_choices(state: RoundState, c: Combatant) -> list[Choice]:
    """An injury on any attribute with room (002 L108), or none."""
    room = [a for a in state.pack.attributes if c.injuries.get(a.id, 0) < c.sheet.attributes.get(a.id, 0)]
    out = [choice(RpgDecision(injury=a.id), f"an injury on {a.name}") for a in room]
    return [*out, choice(RpgDecision(injury=DECLINE), "no injury: defeated")]


def push_choices(state: RoundState, pushed: Combatant, straight: RpgDirection) -> list[Choice]:
    """Nothing in the way, straight away or in any other direction; or into another fighter (002 L35, L112). The
    first is the default: nothing hit, straight away."""
    hit = [o for o in state.standing() if o.id != pushed.id]
    ways = [straight, *(d for d in RpgDirection if d is not straight)] if pushed.position is not None else [None]
    out = [
        choice(RpgDecision(chain=[], direction=d), "nothing in the way" + (f", pushed {d.value}" if d else ""))
        for d in ways
    ]
    out += [choice(RpgDecision(chain=[o.id], direction=ways[0]), f"{pushed.id} is pushed into {o.id}") for o in hit]
    return out
