"""E.1 damage: die steps from Strength/Ki and Stamina, minimum rolls, Multi Hit, Combo damage (000 L5906–L5924,
L5804–L5810, Appendix D 000 L10135–L10167)."""

from __future__ import annotations

from ..registry import elements, features
from ..state.action import DamageRoll, Part
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn, die_for_step
from . import gradual
from .sequences import combo_opener

# Ki Skill → damage steps for Ki-based moves (000 L3976–L3981); already in the priced die, listed for the log.
# Appendix D rows −3 to −5 do not follow the bracket formula: they are used as a table (ruling A23).
# Columns: (Multi Hit, odd Increased Damage) → index.
_COLUMNS = {
    (1, 0): 0,
    (0, 1): 0,
    (1, 1): 1,
    (2, 0): 2,
    (3, 0): 3,
    (2, 1): 3,
    (3, 1): 4,
    (4, 0): 5,
    (5, 0): 6,
    (4, 1): 6,
    (5, 1): 7,
    (6, 0): 8,
    (6, 1): 9,
}
_LOW_ROWS = {-5: (1, 1, 2, 2, 2, 3, 3, 3, 4, 4), -4: (1, 1, 2, 2, 2, 3, 3, 3, 4, 4), -3: (1, 2, 2, 2, 3, 3, 3, 4, 4, 4)}


def move_step(m: MoveProfile, attacker: Combatant, defender: Combatant) -> int:
    """The move's damage step against this defender (000 L5908–L5922)."""
    assert m.damage_step is not None
    step = m.damage_step
    if not m.ki_based:
        step += attacker.prof.strength  # Ki-based moves ignore Strength (000 L3976)
    step -= 1 if defender.breakfall and m.kw("knocks_down") else 0  # 000 L2203
    # Ki Access, Explosive, Reduced Damage, Vulnerability: the hooks of the damage-step point
    step += sum(hook(m, attacker, defender) for hook in elements.DAMAGE_STEP.hooks)
    return step - defender.prof.stamina  # positive Stamina lowers, negative raises (000 L5922)


def _roll_with_minimum(ctx: Turn, attacker: Combatant, m: MoveProfile, step: int, minimum: int, purpose: str) -> int:
    """Roll the die of ``step``; re-roll below ``minimum``; a minimum above the die's maximum is the result
    (000 L3732, L10141)."""
    mh, id_odd = m.trait(MoveTrait.multi_hit), m.trait(MoveTrait.increased_damage) % 2
    if step <= -3:
        col = _COLUMNS.get((min(mh, 6), id_odd))
        if col is None:
            return 1  # the fixed 1 (000 L5469)
        return _LOW_ROWS[max(step, -5)][col] - m.flat_bonus  # the chart value includes the Multi Hit bonus
    d = die_for_step(step)
    top = d.sides + d.bonus
    if minimum > top:
        return minimum
    result = ctx.roll(attacker.id, "damage", d, purpose, "E.1")
    tries = 0
    while result - d.bonus < minimum and tries < 40:  # the minimum ignores flat bonuses (000 L3732)
        tries += 1
        result = ctx.roll(attacker.id, "damage_reroll", d, f"{purpose}: re-roll below the minimum {minimum}", "E.1")
    return result


def _move_damage(ctx: Turn, attacker: Combatant, m: MoveProfile, step: int, leads: bool) -> tuple[int, int, str]:
    """One move's die and what it counts for: the leading move in full, a Basic Move +1, other Special/Super
    Moves halved with their minimums ignored (000 L5804, L5806, L3707)."""
    if leads:
        roll = _roll_with_minimum(ctx, attacker, m, step, m.min_roll, f"damage of {m.name}")
        return roll, roll + m.flat_bonus, "full"
    if m.kind == "basic":
        return 0, 1, "basic_plus_one"  # +1, not changed by Strength or Stamina (000 L5806)
    roll = _roll_with_minimum(ctx, attacker, m, step, 1, f"damage of {m.name} (halved in the Combo)")
    return roll, (roll + m.flat_bonus) // 2, "half"


@features.DAMAGE_ROLLED
def roll_damage(ctx: Turn, attacker: Combatant, defender: Combatant, moves: list[MoveProfile]) -> DamageRoll:
    """Damage of a move or a Combo, before the Life Bar changes."""
    out = DamageRoll()
    lead = next((i for i, m in enumerate(moves) if m.offensive and m.kw("normal") and m.damage_step is not None), None)
    opener = combo_opener.chain_end(moves)  # a Utility Combo Opener chain: the next move leads (000 L4437)
    if opener is not None:
        lead = opener
    stun_moves = 0
    nonstun = 0
    for i, m in enumerate(moves):
        is_stun = m.kw("stun") or (m.throw and ctx.opts.throws_do_stun) or (m.is_super and ctx.opts.super_moves_do_stun)
        if m.damage_step is None or not m.offensive or m.kw("no_damage"):
            out.parts.append(Part(m, 0, "-", 0, 0, "none", False))
            continue
        step = move_step(m, attacker, defender)
        d = str(die_for_step(step)) if step > -3 else "1"
        ctx.move = i + 1  # the die's key names the move's place in the Combo (keys.py)
        roll, value, counted = _move_damage(ctx, attacker, m, step, len(moves) == 1 or i == lead)
        if counted != "basic_plus_one":
            value = gradual.first_share(m, roll + m.flat_bonus, counted, value)  # Gradual Effect (000 L3386)
        out.parts.append(Part(m, step, d, roll, value, counted, bool(is_stun)))
        if is_stun:
            stun_moves += 1
        else:
            nonstun += value
    ctx.move = 1
    total = sum(p.value for p in out.parts)
    if any(p.counted != "none" for p in out.parts):
        total += attacker.prof.dmg_bonus  # once per attack (000 L5804)
        if stun_moves == 0:
            nonstun += attacker.prof.dmg_bonus  # ruling A4: the bonus counts toward Stun with a Stun move
    if len(moves) > 1 and (lead is None or lead != 0) and opener is None:
        total //= 2  # a Combo not opened by an Offensive Normal move does half damage (000 L5810)
        nonstun //= 2
        out.halved_opener = True
    if defender.prof.big and defender.prof.stamina <= 1 and total > 0:
        total = max(1, total - 1)  # Big: −1 from every attack, minimum 1 (000 L1078)
        out.big = True
    out.total = max(total, 0)
    increased_stun = sum(m.stun_bonus for m in moves if m.offensive)
    out.stun = max(out.total - nonstun, 0) + (increased_stun if stun_moves else 0) if stun_moves else 0
    return out
