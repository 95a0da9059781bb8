"""One fighter's turn of the Action Phase (002 L96): the action, the target's response, and what lands."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol.steps import Refusal
from ..actions.bundles import Bundle, affordable, blocks_needed, bundle_of
from ..actions.models import RpgAction, RpgActionKind
from ..sheet.positions import away, moved
from ..tokens.counts import RpgTokenType, short
from ..tokens.menu import RESPONSES, ROWS, RpgResponseKind, RpgUse
from .choices import (
    RESPONSE_TOKENS,
    Option,
    action_choices,
    label,
    push_choices,
    response_choices,
    responses,
    turn_options,
)
from .damage import gain, hurt, settle
from .decide import Ask, Check, decide, normal, refusal
from .models import RpgActionPolicy, RpgDecision, RpgEventKind, RpgPhase, RpgPoint
from .policies import choose_action, choose_response
from .state import Combatant, RoundState, token_figures

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
        state.event(RpgEventKind.allocation_revealed, c.id, figures=token_figures(c.allocation or {}))
    ask = Ask(
        c.id,
        RpgPoint.action,
        f"{c.id}'s turn, pass {pass_no}.",
        lambda: action_choices(options),
        check=_action_check(state, c, options),
    )
    action = decide(state, ask, choose_action(state, c, options, state.policy(c.id).actions)).action
    assert action is not None  # every choice carries an action
    if action.kind is RpgActionKind.pass_:
        c.passed = True
        state.say(ACT, c.id, f"{c.id} passes for the rest of the round.", "002 L96")
        state.event(RpgEventKind.passed, c.id)
        return
    wanted = normal(action)
    bundle = next(o.bundle for o in options if o.key == wanted)
    _perform(state, c, action, bundle)


def _target_problem(state: RoundState, c: Combatant, a: RpgAction, b: Bundle) -> Refusal | None:
    """002 L96: an action aimed at someone is aimed at another fighter still in the fight."""
    if not b.targeted:
        if a.target is not None:
            return refusal("TARGET_INVALID", f"{a.kind.value.replace('_', ' ')} is aimed at nobody; drop `target`.")
        return None
    target = state.fighters.get(a.target) if a.target else None
    if target is None or target is c or not target.standing:
        return refusal("TARGET_INVALID", f"{a.kind.value} needs a target: another fighter still in the fight.")
    if b.effect.blocks_removed and target.tokens[RpgTokenType.block] < b.effect.blocks_removed:
        return refusal("NOTHING_TO_STRIP", f"{target.id} holds no Block token to remove.")
    return None


def _action_check(state: RoundState, c: Combatant, options: list[Option]) -> Check:
    """An action the rules do not allow is refused by the rule it breaks: a bundle off the menu or too large
    (002 L16-L80, L72), a response spent as an action (002 L96), a target that is not another fighter standing, a
    step with or without a direction (002 L58), tokens or Power Points the fighter does not hold (002 L14, L10)."""

    def check(value: RpgDecision) -> Refusal | None:
        a = value.action
        if a is None:
            return refusal("DECISION_INVALID", "An action decision carries `action`.")
        if a.kind is RpgActionKind.pass_:
            return None
        b = bundle_of(a, state.pack, "action", state.request.map)
        if b.findings:
            return refusal(b.findings[0].code, b.findings[0].message)
        if b.use is not RpgUse.turn:
            return refusal("ACTION_MALFORMED", f"{a.kind.value} answers an action aimed at the fighter (002 L96).")
        if (problem := _target_problem(state, c, a, b)) is not None:
            return problem
        if a.kind is RpgActionKind.move and (a.direction is None) != (c.position is None):
            placed = "names its direction" if c.position is not None else "takes no direction (not on the map)"
            return refusal("MOVE_DIRECTION", f"{c.id}'s 5-foot move {placed}.")
        if c.power_points < b.power_points:
            return refusal("PP_INSUFFICIENT", f"{c.id} holds {c.power_points} Power Points of {b.power_points}.")
        if not affordable(b, c.tokens, c.power_points):
            return refusal("TOKENS_INSUFFICIENT", f"{c.id} cannot pay {short(b.tokens)} from the tokens left.")
        if all(o.key != normal(a) for o in options):
            return refusal("DECISION_INVALID", "Not one of the actions the round offers at this key.")
        return None

    return check


def _spend(c: Combatant, tokens: dict[RpgTokenType, int]) -> None:
    for t, n in tokens.items():
        c.tokens[t] -= n


def _action_figures(action: RpgAction, b: Bundle) -> dict[str, int]:
    figures = token_figures(b.tokens)
    if action.kind is RpgActionKind.attack:
        figures |= {t.value: getattr(action, t) or 0 for t in (RpgTokenType.damage, RpgTokenType.knockdown)}
    if b.power_points:
        figures["power_points"] = b.power_points
    return figures


def _perform(state: RoundState, c: Combatant, action: RpgAction, b: Bundle) -> None:
    _spend(c, b.tokens)
    c.power_points -= b.power_points
    state.say(ACT, c.id, f"{c.id}: {label(action)}, spending {short(b.tokens)}.", _ref(b))
    state.event(RpgEventKind.action, c.id, other=action.target, figures=_action_figures(action, b))
    if b.power_points:
        state.event(RpgEventKind.power_points, c.id, amount=-b.power_points, value=c.power_points)
    if action.target is None:
        gain(state, c, b.effect.power_points, ACT, "Complex Action", "002 L80")
        if b.effect.self_feet:
            _step(state, c, action, b.effect.self_feet)
        return
    target = state.fighters[action.target]
    answer = _response(state, c, target, b)
    landing = _landing(state, c, target, b, answer)
    if landing.pays:
        gain(state, c, b.yield_power_points, ACT, "tokens that landed or were blocked", "002 L25")
    _land(state, c, target, landing)
    if answer is RpgResponseKind.counter:  # 002 L23: the damage is taken and 1 goes back
        back = RESPONSES[answer].effect.damage
        state.event(RpgEventKind.countered, target.id, other=c.id, amount=back, figures=dict(damage=back))
        hurt(state, c, back, ACT, f"{target.id}'s counter", "002 L23")
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


def _response_check(target: Combatant, b: Bundle, kinds: list[RpgResponseKind]) -> Check:
    def check(value: RpgDecision) -> Refusal | None:
        answer = value.response
        if answer is None:
            return refusal("DECISION_INVALID", "A response decision carries `response`.")
        if answer is RpgResponseKind.none or answer in kinds:
            return None
        if (why := _forbidden(b, answer)) is not None:
            return refusal("RESPONSE_INVALID", why)
        if answer is RpgResponseKind.block and b.whole:  # our ruling R20: a technique is blocked whole or not at all
            need = blocks_needed(b)
            return refusal("TOKENS_INSUFFICIENT", f"Blocking this technique takes {need} Block tokens (002 L72).")
        cost = short(RESPONSE_TOKENS[answer])
        return refusal("TOKENS_INSUFFICIENT", f"{target.id} does not hold {cost} for {answer.value} (002 L14).")

    return check


def _response(state: RoundState, c: Combatant, target: Combatant, b: Bundle) -> RpgResponseKind:
    """The target's answer (002 L96): its key is drawn for every action aimed at it, so a response sent for an action
    that gives it nothing to pay with is still checked (RESPONSE_INVALID, TOKENS_INSUFFICIENT), never dropped."""
    kinds = responses(target, b)
    ask = Ask(
        target.id,
        RpgPoint.response,
        f"{target.id} may answer {c.id}'s action.",
        lambda: response_choices(kinds),
        default=NO_RESPONSE,
        check=_response_check(target, b, kinds),
        other=c.id,
    )
    policy_value = choose_response(kinds, state.policy(target.id).responses) if kinds else NO_RESPONSE
    answer = decide(state, ask, policy_value).response or RpgResponseKind.none
    if answer is not RpgResponseKind.none and answer is not RpgResponseKind.block:
        _spend(target, RESPONSES[answer].tokens.as_dict())
    return answer


def _landing(state: RoundState, c: Combatant, target: Combatant, b: Bundle, answer: RpgResponseKind) -> Landing:
    full = Landing(b.effect.damage, b.effect.order_down, b.effect.push_feet, b.effect.blocks_removed, True)
    if answer is RpgResponseKind.evade:  # 002 L64: the whole action is cancelled; nothing pays (digest ruling B6)
        state.say(ACT, target.id, f"{target.id} evades with two Move tokens: the action is cancelled.", "002 L64")
        state.event(RpgEventKind.evaded, target.id, other=c.id, figures={"move_tokens": 2})
        return Landing(0, 0, 0, 0, False)
    if answer is RpgResponseKind.grapple_cancel:  # 002 L45: the grab fails with its Grapple token, Knockdown and all
        state.say(ACT, target.id, f"{target.id} cancels the grab with a Grapple token.", "002 L45")
        state.event(RpgEventKind.grab_cancelled, target.id, other=c.id, figures={"grapple_tokens": 1})
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
    figures = {"block_tokens": used, "cancelled": cancelled}
    state.event(RpgEventKind.blocked, target.id, other=c.id, amount=cancelled, figures=figures)
    gain(state, target, used * RESPONSES[RpgResponseKind.block].yield_power_points, ACT, "Block tokens used", "002 L72")
    if b.whole:
        return Landing(0, 0, 0, 0, True)
    d = b.tokens.get(RpgTokenType.damage, 0)
    k = b.tokens.get(RpgTokenType.knockdown, 0)
    d_left = d - min(d, cancelled)
    k_left = k - (cancelled - min(d, cancelled))
    per_push = b.effect.push_feet // k if k else 0
    return Landing(d_left, k_left, per_push * k_left, b.effect.blocks_removed, True)


def _land(state: RoundState, c: Combatant, target: Combatant, landing: Landing) -> None:
    hurt(state, target, landing.damage, ACT, f"{c.id}'s action", "002 L22")
    for _ in range(landing.order_down):
        _lower(state, target)
    if landing.blocks_removed:
        took = min(landing.blocks_removed, target.tokens[RpgTokenType.block])
        target.tokens[RpgTokenType.block] -= took
        state.say(ACT, c.id, f"{c.id} strips {took} Block token(s) from {target.id}.", "002 L57")
        state.event(RpgEventKind.block_removed, target.id, other=c.id, amount=took)
    if landing.push_feet and state.request.map and not target.defeated:
        _push(state, c, target, landing.push_feet)


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
    state.event(RpgEventKind.order_lowered, target.id, amount=-1, value=after + 1)


def _step(state: RoundState, c: Combatant, action: RpgAction, feet: int) -> None:
    """002 L58: the fighter's own 5-foot move; a placed fighter's square changes, an unplaced one's is logged."""
    if c.position is None or action.direction is None:
        state.say(ACT, c.id, f"{c.id} moves {feet} feet.", "002 L58")
    else:
        c.position = moved(c.position, action.direction, feet)
        where = f"({c.position.x}, {c.position.y})"
        state.say(ACT, c.id, f"{c.id} moves {feet} feet {action.direction.value}, to {where}.", "002 L58")
    state.event(RpgEventKind.moved, c.id, amount=feet, figures=_at(c))


def _at(c: Combatant) -> dict[str, int]:
    return {"x": c.position.x, "y": c.position.y} if c.position is not None else {}


def _push_check(full: int) -> Check:
    def check(value: RpgDecision) -> Refusal | None:
        if value.feet is not None and value.feet > full:
            return refusal("PUSH_TOO_FAR", f"The push moves the target {full} feet at most.")
        return None

    return check


def _push(state: RoundState, c: Combatant, target: Combatant, feet: int) -> None:
    """002 L33, L35: the attacker pushes the target in a direction of his choice (straight away from him unless
    he says otherwise), keeping its square on the map; 002 L112–L114: what it hits, and the moved fighter, take 1
    damage each, once per incident. What stands in the way is the caller's: the decision names it, and how far the
    target went before it was stopped."""
    straight = away(c.position, target.position)
    nothing_hit = RpgDecision(chain=[], direction=straight) if target.position is not None else NOTHING_HIT
    ask = Ask(
        c.id,
        RpgPoint.push,
        f"Where is {target.id} pushed {feet} feet, and what does it hit?",
        lambda: push_choices(state, target, straight),
        default=nothing_hit,
        check=_push_check(feet),
        other=target.id,
    )
    policy_value = nothing_hit if state.policy(c.id).actions is not RpgActionPolicy.ask else None
    answer = decide(state, ask, policy_value)
    chain = answer.chain or []
    went = feet if answer.feet is None else answer.feet
    if target.position is not None:
        way = answer.direction or straight
        target.position = moved(target.position, way, went)
        where = f"({target.position.x}, {target.position.y})"
        state.say(ACT, c.id, f"{c.id} pushes {target.id} {went} feet {way.value}, to {where}.", "002 L33")
    else:
        state.say(ACT, c.id, f"{c.id} pushes {target.id} {went} feet.", "002 L33")
    state.event(RpgEventKind.pushed, target.id, other=c.id, amount=went, figures=_at(target))
    if not chain:
        return
    struck: list[str] = []
    for name in [target.id, *chain]:  # no one takes more than 1 from one incident (002 L114)
        if name not in struck:
            struck.append(name)
    for name in struck:
        other = state.fighters.get(name)
        took = 0 if other is not None and other.defeated else 1
        if other is not None:
            hurt(state, other, 1, ACT, "chain knockdown", "002 L112")
        else:
            state.say(ACT, None, f"{name} is struck in the chain knockdown and takes 1 damage.", "002 L112")
        state.event(RpgEventKind.chain_knockdown, name, other=target.id, amount=took)
    settle(state, [state.fighters[n] for n in struck if n in state.fighters], ACT)
