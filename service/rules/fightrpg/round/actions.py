"""One fighter's turn of the Action Phase (002 L96): the action, the target's response, and what lands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.findings import map_key
from ..action_models import RpgAction, RpgActionKind
from ..bundles import Bundle, blocks_needed, bundle_of
from ..codes import finding
from ..menu import RESPONSES, ROWS, RpgResponseKind
from ..positions import away, moved
from ..round_models import RpgActionPolicy, RpgDecision, RpgDecisionKind, RpgEventKind, RpgPhase
from ..tokens import RpgTokenType, short
from .choices import action_choices, label, push_choices, response_choices, responses, turn_options
from .damage import gain, hurt, settle
from .decide import ask, decide, normal
from .policies import choose_action, choose_response
from .state import Combatant, Refused, RoundState

ACT = RpgPhase.action
NO_RESPONSE = RpgDecision(response=RpgResponseKind.none)
NOTHING_HIT = RpgDecision(chain=[])


@dataclass
class Landing:
    """What of an action reaches its target after the response."""

    damage: int
    order_down: int
    push_feet: int
    blocks_removed: int
    pays: bool  # the spender's Power Points: the action landed or was blocked (002 L25, L37, L49)


def take_turn(state: RoundState, c: Combatant, pass_no: int) -> None:
    options = turn_options(state, c)
    if not options:  # 002 L96: nothing left to spend on a turn of one's own
        c.passed = True
        state.say(ACT, c.id, f"{c.id} has no tokens left for an action and is done for the round.", "002 L96")
        return
    if not c.revealed:  # 002 L96: the allocation is declared on the first turn
        c.revealed = True
        shown = short(c.allocation.as_dict()) if c.allocation else "nothing"
        state.say(ACT, c.id, f"{c.id} reveals the allocation: {shown}.", "002 L96")
        state.event(RpgEventKind.allocation_revealed, c.id)
    point = ask(
        state,
        c.id,
        RpgDecisionKind.action,
        ("action", pass_no),
        f"{c.id}'s turn, pass {pass_no}.",
        lambda: action_choices(options),
    )
    _off_menu(state, point.key)
    action = decide(state, point, choose_action(state, c, options, state.policy(c.id).actions)).action
    assert action is not None  # every choice carries an action
    if action.kind is RpgActionKind.pass_:
        c.passed = True
        state.say(ACT, c.id, f"{c.id} passes for the rest of the round.", "002 L96")
        state.event(RpgEventKind.passed, c.id)
        return
    wanted = normal(action)
    bundle = next(o.bundle for o in options if o.key == wanted)
    _perform(state, c, action, bundle, pass_no)


def _off_menu(state: RoundState, key: str) -> None:
    """An action decision spending a bundle the menu does not offer is refused naming it (002 L16-L80)."""
    given = state.request.decisions.get(key)
    if given is None or given.action is None:
        return
    path = f"decisions{map_key(key)}"
    b = bundle_of(given.action, state.pack, path, state.request.map)
    unknown = [f.model_copy(update={"key": key}) for f in b.findings if f.code == "ACTION_UNKNOWN"]
    if unknown:
        raise Refused(unknown)


def _spend(c: Combatant, tokens: dict[RpgTokenType, int]) -> None:
    for t, n in tokens.items():
        c.tokens[t] -= n


def _perform(state: RoundState, c: Combatant, action: RpgAction, b: Bundle, pass_no: int) -> None:
    _spend(c, b.tokens)
    c.power_points -= b.power_points
    state.say(ACT, c.id, f"{c.id}: {label(action)}, spending {short(b.tokens)}.", _ref(b))
    state.event(RpgEventKind.action, c.id, other=action.target)
    if b.power_points:
        state.event(RpgEventKind.power_points, c.id, amount=-b.power_points, value=c.power_points)
    if action.target is None:
        gain(state, c, b.effect.power_points, ACT, "Complex Action", "002 L80")
        if b.effect.self_feet:
            _step(state, c, action, b.effect.self_feet)
        return
    target = state.fighters[action.target]
    answer = _response(state, c, target, b, pass_no)
    landing = _landing(state, c, target, b, answer)
    if landing.pays:
        gain(state, c, b.yield_power_points, ACT, "tokens that landed or were blocked", "002 L25")
    _land(state, c, target, landing, pass_no)
    if answer is RpgResponseKind.counter:  # 002 L23: the damage is taken and 1 goes back
        state.event(RpgEventKind.countered, target.id, other=c.id)
        hurt(state, c, RESPONSES[answer].effect.damage, ACT, f"{target.id}'s counter", "002 L23")
        gain(state, target, RESPONSES[answer].yield_power_points, ACT, "the counter's Damage token", "002 L25")
    settle(state, [target, c], ACT)


def _ref(b: Bundle) -> str:
    row = ROWS.get(b.rows[0]) if b.rows else None
    return (row.source.ref if row else None) or "002 L76"  # a technique: the pack's, under 002 L76


def _forbidden(b: Bundle, answer: RpgResponseKind) -> str | None:
    """Why the text forbids this response to bundle ``b`` whatever the target holds, or None."""
    if answer is RpgResponseKind.block and not (b.blockable and b.strikes):
        return "A grab cannot be blocked (002 L46, L59); a Block cancels Damage and Knockdown tokens only (002 L72)."
    if answer is RpgResponseKind.grapple_cancel and (b.whole or not b.grapples):
        return "A Grapple token cancels a Grapple token used on you, nothing else (002 L45)."
    if answer is RpgResponseKind.counter and not b.effect.damage:
        return "A counter answers incoming damage (002 L23, L34); this action deals none."
    return None


def _check_responses(state: RoundState, c: Combatant, target: Combatant, b: Bundle, pass_no: int) -> None:
    """A response by anyone but the action's target (002 L64, L96), or one the text forbids against this bundle,
    is refused by name (RESPONSE_INVALID), even when the target had nothing to be asked."""
    if not state.request.decisions:  # policies answer everything: nothing given to check
        return
    found = []
    for other in state.fighters.values():
        key = state.key(other.id, "response", pass_no, c.id)
        given = state.decision(key) if other is not target else state.request.decisions.get(key)
        if given is None or given.response in (None, RpgResponseKind.none):
            continue
        path = f"decisions{map_key(key)}"
        if other is not target:
            who = f"{other.id} is not the target of {c.id}'s action; only its target responds (002 L64, L96)."
            found.append(finding("RESPONSE_INVALID", path, who, key=key))
        elif (why := _forbidden(b, given.response)) is not None:
            found.append(finding("RESPONSE_INVALID", path, why, key=key))
    if found:
        raise Refused(found)


def _response(state: RoundState, c: Combatant, target: Combatant, b: Bundle, pass_no: int) -> RpgResponseKind:
    _check_responses(state, c, target, b, pass_no)
    kinds = responses(target, b)
    key = state.key(target.id, "response", pass_no, c.id)
    if not kinds and state.decision(key) in (None, NO_RESPONSE):
        return RpgResponseKind.none
    point = ask(
        state,
        target.id,
        RpgDecisionKind.response,
        ("response", pass_no, c.id),
        f"{target.id} may answer {c.id}'s action.",
        lambda: response_choices(kinds),
        default=NO_RESPONSE,
    )
    answer = decide(state, point, choose_response(kinds, state.policy(target.id).responses)).response
    answer = answer or RpgResponseKind.none
    if answer is not RpgResponseKind.none and answer is not RpgResponseKind.block:
        _spend(target, RESPONSES[answer].tokens.as_dict())
    return answer


def _landing(state: RoundState, c: Combatant, target: Combatant, b: Bundle, answer: RpgResponseKind) -> Landing:
    full = Landing(b.effect.damage, b.effect.order_down, b.effect.push_feet, b.effect.blocks_removed, True)
    if answer is RpgResponseKind.evade:  # 002 L64: the whole action is cancelled; nothing pays (digest ruling B6)
        state.say(ACT, target.id, f"{target.id} evades with two Move tokens: the action is cancelled.", "002 L64")
        state.event(RpgEventKind.evaded, target.id, other=c.id)
        return Landing(0, 0, 0, 0, False)
    if answer is RpgResponseKind.grapple_cancel:  # 002 L45: the grab fails with its Grapple token, Knockdown and all
        state.say(ACT, target.id, f"{target.id} cancels the grab with a Grapple token.", "002 L45")
        state.event(RpgEventKind.grab_cancelled, target.id, other=c.id)
        return Landing(0, 0, 0, 0, False)
    if answer is RpgResponseKind.block:
        return _block(state, c, target, b)
    return full


def _block(state: RoundState, c: Combatant, target: Combatant, b: Bundle) -> Landing:
    """002 L72: each Block token cancels two Damage or Knockdown tokens (Damage first, our ruling) and pays its
    user 1 Power Point; blocked tokens still pay their spender (002 L25, L37)."""
    used = min(target.tokens[RpgTokenType.block], blocks_needed(b))
    target.tokens[RpgTokenType.block] -= used
    cancelled = min(b.strikes, 2 * used)
    state.say(ACT, target.id, f"{target.id} blocks with {used} Block token(s), cancelling {cancelled}.", "002 L72")
    state.event(RpgEventKind.blocked, target.id, other=c.id, amount=cancelled)
    gain(state, target, used * RESPONSES[RpgResponseKind.block].yield_power_points, ACT, "Block tokens used", "002 L72")
    if b.whole:
        return Landing(0, 0, 0, 0, True)
    d = b.tokens.get(RpgTokenType.damage, 0)
    k = b.tokens.get(RpgTokenType.knockdown, 0)
    d_left = d - min(d, cancelled)
    k_left = k - (cancelled - min(d, cancelled))
    per_push = b.effect.push_feet // k if k else 0
    return Landing(d_left, k_left, per_push * k_left, b.effect.blocks_removed, True)


def _land(state: RoundState, c: Combatant, target: Combatant, landing: Landing, pass_no: int) -> None:
    hurt(state, target, landing.damage, ACT, f"{c.id}'s action", "002 L22")
    for _ in range(landing.order_down):
        _lower(state, target)
    if landing.blocks_removed:
        took = min(landing.blocks_removed, target.tokens[RpgTokenType.block])
        target.tokens[RpgTokenType.block] -= took
        state.say(ACT, c.id, f"{c.id} strips {took} Block token(s) from {target.id}.", "002 L57")
        state.event(RpgEventKind.block_removed, target.id, other=c.id, amount=took)
    if landing.push_feet and state.request.map and not target.defeated:
        _push(state, c, target, landing.push_feet, pass_no)


def _lower(state: RoundState, target: Combatant) -> None:
    """002 L33: one place later in the order (digest ruling B7): it swaps with the next fighter still standing."""
    order = state.order
    i = order.index(target.id)
    after = next((j for j in range(i + 1, len(order)) if state.fighters[order[j]].standing), None)
    if after is None:
        state.say(ACT, target.id, f"{target.id} is already last in the order.", "002 L33")
        return
    order[i], order[after] = order[after], order[i]
    state.changed()
    state.say(ACT, target.id, f"{target.id} drops one place in the order, behind {order[i]}.", "002 L33")
    state.event(RpgEventKind.order_lowered, target.id, value=after + 1)


def _step(state: RoundState, c: Combatant, action: RpgAction, feet: int) -> None:
    """002 L58: the fighter's own 5-foot move; a placed fighter's square changes, an unplaced one's is logged."""
    if c.position is None or action.direction is None:
        state.say(ACT, c.id, f"{c.id} moves {feet} feet.", "002 L58")
    else:
        c.position = moved(c.position, action.direction, feet)
        where = f"({c.position.x}, {c.position.y})"
        state.say(ACT, c.id, f"{c.id} moves {feet} feet {action.direction.value}, to {where}.", "002 L58")
    state.event(RpgEventKind.moved, c.id, amount=feet)


def _push_check(full: int) -> Callable[[RpgDecision], str | None]:
    def check(value: RpgDecision) -> str | None:
        if value.feet is not None and value.feet > full:
            return f"The push moves the target {full} feet at most (002 L33, L35)."
        return None

    return check


def _push(state: RoundState, c: Combatant, target: Combatant, feet: int, pass_no: int) -> None:
    """002 L33, L35: the attacker pushes the target in a direction of his choice (straight away from him unless
    he says otherwise), keeping its square on the map; 002 L112–L114: what it hits, and the moved fighter, take 1
    damage each, once per incident. What stands in the way is the caller's: the decision names it, and how far the
    target went before it was stopped."""
    straight = away(c.position, target.position)
    point = ask(
        state,
        c.id,
        RpgDecisionKind.push,
        ("push", pass_no),
        f"Where is {target.id} pushed {feet} feet, and what does it hit?",
        lambda: push_choices(state, target, straight),
        default=NOTHING_HIT,
    )
    policy_value = NOTHING_HIT if state.policy(c.id).actions is not RpgActionPolicy.ask else None
    answer = decide(state, point, policy_value, check=_push_check(feet))
    chain = answer.chain or []
    went = feet if answer.feet is None else answer.feet
    if target.position is not None:
        way = answer.direction or straight
        target.position = moved(target.position, way, went)
        where = f"({target.position.x}, {target.position.y})"
        state.say(ACT, c.id, f"{c.id} pushes {target.id} {went} feet {way.value}, to {where}.", "002 L33")
    else:
        state.say(ACT, c.id, f"{c.id} pushes {target.id} {went} feet.", "002 L33")
    state.event(RpgEventKind.pushed, target.id, other=c.id, amount=went)
    if not chain:
        return
    struck: list[str] = []
    for name in [target.id, *chain]:  # no one takes more than 1 from one incident (002 L114)
        if name not in struck:
            struck.append(name)
    for name in struck:
        other = state.fighters.get(name)
        if other is not None:
            hurt(state, other, 1, ACT, "chain knockdown", "002 L112")
            state.event(RpgEventKind.chain_knockdown, other.id, other=target.id)
        else:
            state.say(ACT, None, f"{name} is struck in the chain knockdown and takes 1 damage.", "002 L112")
    settle(state, [state.fighters[n] for n in struck if n in state.fighters], ACT)
