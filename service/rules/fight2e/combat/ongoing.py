"""Effects of moves that outlast their turn, carried in ``FighterState.ongoing_effects``: the Buff and End Buff
(000 L2953–L3075, L3262–L3274). A Buff's Time Count runs down with the Time Roll; what it changes is folded into
the fighter's profile for as long as it lasts."""

from __future__ import annotations

import re
from dataclasses import replace

from .profile import MoveProfile, Profile
from .state import Ctx, Effect, F

HANDLED = frozenset({"buff", "flight", "set_up", "wind_up", "slow_startup", "limited_use", "sustained_hold",
                     "super_jump", "bomb"})
UNTIMED_TURN = 3  # ruling: without a Time Roll each turn runs 3 off a Time Count (1d6 averages 3.5)
_QUALITIES = ("strength", "speed", "stamina")


def duration(m: MoveProfile) -> int | None:
    """A 10-count, a 5-count with Decreased Duration, the rest of the fight with Increased Duration (None)."""
    if m.has("buff.increased_duration"):
        return None  # 000 L3003–L3009
    return 5 if m.has("buff.decreased_duration") else 10  # 000 L2961, L2985


def _int(m: MoveProfile, name: str) -> int:
    value = m.options.get("buff", {}).get(name)
    try:
        return max(int(str(value)), 0) if value not in (None, "") else 0
    except ValueError:
        return 0


def _text(m: MoveProfile, name: str) -> str:
    return str(m.options.get("buff", {}).get(name) or "").lower()


def buffed(prof: Profile, base: Profile, m: MoveProfile) -> Profile:
    """``prof`` with the Buff of ``m`` applied; raises are capped at 3 against the sheet's own Qualities
    (000 L2973–L2975)."""
    changes: dict[str, object] = {}
    raised_text = _text(m, "raised_qualities")
    words = raised_text.replace(",", " ").split()
    raised = [q for q in _QUALITIES if q in words]
    steps = _int(m, "quality_raises")
    if raised and steps:
        per = max(1, steps // len(raised))  # ruling: the raises are shared evenly (as the moves core checks them)
        if "strength" in raised:
            changes["strength"] = min(prof.strength + per, max(3, base.strength))
        if "stamina" in raised:
            changes["stamina"] = min(prof.stamina + per, max(3, base.stamina))
        if "speed" in raised:
            room = max(3 - prof.speed, 0)
            add = min(per, room)
            changes["speed"] = prof.speed + add
            # A Speed raise goes where the design names it; Initiative when it names neither (ruling).
            if "control" in words:
                changes["speed_ctrl"] = prof.speed_ctrl + add
            else:
                changes["speed_init"] = prof.speed_init + add
    trade = min(_int(m, "defense_trade"), prof.defense)
    if trade:
        split = _text(m, "defense_trade_split")
        ev, ta = _split(trade, split)
        changes["defense"] = prof.defense - trade  # 000 L2977–L2981
        changes["evasion"] = prof.evasion + ev
        changes["tactics"] = prof.tactics + ta
    if m.has("buff.defense_liability"):
        changes["defense"] = int(changes.get("defense", prof.defense)) - 4  # may go below 0 (000 L2987–L2991)
    ki = min(_int(m, "ki_damage_steps"), 3)
    if ki:
        changes["moves"] = {i: (replace(mv, damage_step=mv.damage_step + ki)
                                if mv.ki_based and mv.damage_step is not None else mv)
                            for i, mv in prof.moves.items()}
    return replace(prof, **changes) if changes else prof  # type: ignore[arg-type]


def _split(points: int, text: str) -> tuple[int, int]:
    """(Evasion, Tactics) shares of a Defense trade: as the design names them, all to the one named, else half
    each with the odd point to Evasion (ruling)."""
    found = dict(re.findall(r"(evasion|tactics)\D*?(\d+)", text))
    if found:
        ev = min(int(found["evasion"]), points) if "evasion" in found else points - min(int(found["tactics"]), points)
        return ev, points - ev
    if "tactics" in text and "evasion" not in text:
        return 0, points
    if "evasion" in text and "tactics" not in text:
        return points, 0
    return points - points // 2, points // 2


def unsupported_parts(ctx: Ctx, f: F, m: MoveProfile) -> None:
    if _int(m, "added_elements") or _text(m, "element_swaps"):
        ctx.unsupported_rule("buff.added_elements", f"fighters[{f.index}].sheet.{m.path}",
                             f"{m.name}: Elements a Buff adds to or swaps on other moves are not applied")


def restore(ctx: Ctx, f: F, path: str, eff: Effect) -> None:
    """An ongoing effect from the request; a Buff is folded into the profile again."""
    if eff.id == "limited_use":
        if eff.move not in {pool(m) for m in f.prof.moves.values() if m.has("limited_use")}:
            ctx.fail("UNKNOWN_MOVE", f"{path}.move", f"{f.id}: no Limited Use pool '{eff.move}'.")
        f.ongoing.append(Effect(eff.id, eff.move, None, charges=eff.charges if eff.charges is not None else 0))
        return
    if eff.id == "bomb":
        bm = f.move(eff.move) if eff.move else None
        if bm is None or not bm.has("bomb") or eff.since is None or eff.time_left is None \
                or (ctx.band_mode and eff.band is None):
            ctx.fail("STATE_INCONSISTENT_STATUS", path, f"{f.id}: a Bomb needs its Bomb move, count, turn placed "
                     "and (Band Map) band.")
        f.ongoing.append(eff)
        return
    if eff.id == "super_jump":
        others = {c.id for c in ctx.req.fighters} - {f.id}
        if eff.target not in others or eff.direction is None or not eff.charges or eff.charges > 4 \
                or eff.since is None or eff.since >= ctx.turn:
            ctx.fail("STATE_INCONSISTENT_STATUS", path, f"{f.id}: a Super Jump needs its target, direction, "
                     "declared Ranges (1–4) and the earlier turn it began.")
        if not ctx.opts.super_jump:
            ctx.fail("SUPER_JUMP_INVALID", path, f"{f.id}: a Super Jump needs the Super Jump option.")
        f.ongoing.append(eff)
        return
    m = f.move(eff.move) if eff.move else None
    entry = "throw.sustained_hold" if eff.id == "sustained_hold" else eff.id
    if m is None or not m.has(entry):
        ctx.fail("UNKNOWN_MOVE", f"{path}.move", f"{f.id}: the ongoing {eff.id} names no such move of his "
                 f"('{eff.move}').")
    assert m is not None
    if eff.id == "buff":
        f.prof = buffed(f.prof, f.base_prof or f.prof, m)
        unsupported_parts(ctx, f, m)
    others = {c.id for c in ctx.req.fighters} - {f.id}
    if eff.id in ("slow_startup", "sustained_hold") and eff.target not in others:
        ctx.fail("UNKNOWN_FIGHTER", f"{path}.target", f"{f.id}: the ongoing {eff.id} needs its target.")
    f.ongoing.append(Effect(eff.id, m.id, eff.time_left, eff.since, eff.target))


def active(f: F, ident: str, move: str | None = None) -> Effect | None:
    return next((e for e in f.ongoing if e.id == ident and (move is None or e.move == move)), None)


def start(ctx: Ctx, f: F, m: MoveProfile) -> None:
    """A Buff or Flight move was used: it starts (or starts again, not stacking) from its full Time Count."""
    if m.has("flight"):
        f.ongoing = [e for e in f.ongoing if e.id != "flight"]
        f.ongoing.append(Effect("flight", m.id, 5, ctx.turn))
        ctx.note("C.5", f.id, f"{f.id} takes to the air for a 5-count (at least one full turn): +4 with Evasion, "
                 "only Hard to Evade or Aerial Special Moves.", "000 L3362–L3372", {"move": m.id},
                 {"time_left": 5})
    if not m.has("buff"):
        return
    if any(e.move == m.id for e in f.ongoing):
        f.ongoing = [e for e in f.ongoing if e.move != m.id]
        f.prof = rebuild(f)
    left = duration(m)
    f.ongoing.append(Effect("buff", m.id, left))
    f.prof = buffed(f.prof, f.base_prof or f.prof, m)
    unsupported_parts(ctx, f, m)
    ctx.note("C.5", f.id, f"{f.id}'s Buff {m.name} starts: it lasts "
             + ("the rest of the fight (1 FS a turn)" if left is None else f"a {left}-count") + ".",
             "000 L2961, L3003–L3009", {"move": m.id}, {"time_left": left})


def end_buff(ctx: Ctx, f: F, m: MoveProfile) -> None:
    """End Buff: the named Buff (with Early Ending) stops at the end of this turn (000 L2993–L2999, L3262)."""
    if not m.has("end_buff"):
        return
    target = _norm(str(m.options.get("end_buff", {}).get("target_buff") or ""))
    for e in f.ongoing:
        bm = f.move(e.move) if e.move and e.id == "buff" else None
        if bm is None or not bm.has("buff.early_ending"):
            continue
        if not target or target in (_norm(bm.id), _norm(bm.name)):
            f.ending.add(bm.id)
            ctx.note("C.5", f.id, f"{m.name}: {f.id}'s Buff {bm.name} ends at the end of the turn.", "000 L2997")
            return


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def rebuild(f: F) -> Profile:
    base = f.base_prof or f.prof
    prof = base
    for e in f.ongoing:
        m = base.moves.get(e.move) if e.move and e.id == "buff" else None
        if m is not None:
            prof = buffed(prof, base, m)
    return prof


def tick(ctx: Ctx, elapsed: int) -> None:
    """End of the turn: Time Counts run down by the Time Roll; ended Buffs drop; unlimited Buffs cost 1 FS;
    Flight lasts at least the turn after it began (000 L3370)."""
    for fid in ctx.order:
        f = ctx.fighters[fid]
        kept: list[Effect] = []
        buffs_before = sum(1 for e in f.ongoing if e.id == "buff")
        for e in f.ongoing:
            m = f.move(e.move) if e.move else None
            name = m.name if m else e.move
            if e.id == "bomb" and not ctx.round_over:  # ruling: a Bomb does not outlast the round
                if m is not None and m.has("bomb.assault_bomb") and e.since is not None and e.since + 2 <= ctx.turn:
                    ctx.note("H.3", f.id, f"{f.id}'s Assault Bomb disappears after its shot.", "000 L2867")
                    continue
                bleft = max((e.time_left or 0) - elapsed, 0)
                if bleft == 0 and m is not None and m.has("bomb.controlled_detonation"):
                    ctx.note("H.3", f.id, f"{f.id}'s undetonated Bomb fizzles out.", "000 L2879")
                    continue
                kept.append(replace(e, time_left=bleft))
                continue
            if e.id == "super_jump" and not ctx.round_over:
                kept.append(e)  # he lands at his next action
                continue
            if e.id in ("wind_up", "set_up", "slow_startup", "limited_use", "sustained_hold"):
                kept.append(e)  # they wait for the move's next use, even into the next round
                continue
            if ctx.round_over or (e.id == "buff" and e.move in f.ending):  # ruling: not past the round
                why = "the round is over" if ctx.round_over else "End Buff"
                ctx.note("H.3", f.id, f"{f.id}'s {e.id.replace('_', ' ')} {name} ends ({why}).", "000 L2997, L6237")
                continue
            if e.time_left is None:
                if f.fs > 0:
                    f.fs -= 1
                    ctx.note("H.3", f.id, f"{f.id} pays 1 FS to keep his Buff {name}.", "000 L3007",
                             {}, {"fs": f.fs})
                kept.append(e)
                continue
            left = e.time_left - elapsed
            if e.id == "flight" and e.since == ctx.turn:
                left = max(left, 0)  # a full turn in the air at least: he lands after the next turn
            if left < 0 or (left == 0 and not (e.id == "flight" and e.since == ctx.turn)):
                ctx.note("H.3", f.id, f"{f.id}'s {e.id} {name} runs out" + (": he lands" if e.id == "flight"
                                                                              else "") + ".",
                         "000 L2961, L3372", {}, {"time_left": 0})
                continue
            kept.append(Effect(e.id, e.move, left, e.since))
        f.ongoing = kept
        if sum(1 for e in kept if e.id == "buff") != buffs_before:
            f.prof = rebuild(f)


# ── Super Jump (000 L2187–L2195, L2231) ───────────────────────────────────────────────────────────────


def super_jump_arrive(ctx: Ctx) -> None:
    """The turn after a Super Jump began, the jumper counts as at his declared destination from the start, even
    before he lands at his action (000 L2190)."""
    from . import positions

    for fid in ctx.order:
        f = ctx.fighters[fid]
        e = active(f, "super_jump")
        if e is None or e.since is None or e.since >= ctx.turn:
            continue
        rest = max((e.charges or 0) - 2, 0)
        ref = ctx.fighters.get(e.target or "")
        if rest and ref is not None and not e.time_left:
            positions.move(ctx, f, ref, rest, e.direction == "toward")
            f.moved = 0  # not movement of this turn
            ctx.note("A", f.id, f"{f.id}'s Super Jump reaches its destination: Range {ctx.distance(f, ref)} from "
                     f"{ref.id}.", "000 L2190", {"ranges": rest}, {"range": ctx.distance(f, ref)})
        e.time_left = 0  # arrived: nothing left to move


def super_jumping(f: F) -> bool:
    return active(f, "super_jump") is not None


def land(ctx: Ctx, f: F, why: str) -> None:
    """The Super Jump ends: hit in the air (000 L2193) or landing at his action (L2190)."""
    if not super_jumping(f):
        return
    f.ongoing = [e for e in f.ongoing if e.id != "super_jump"]
    ctx.note("C", f.id, f"{f.id}'s Super Jump ends: {why}.", "000 L2190, L2193")


# ── Limited Use charges (000 L4601–L4650) ──────────────────────────────────────────────────────────


def pool(m: MoveProfile) -> str:
    """The pool a Limited Use move draws on: the one its design names, else its own."""
    return str(m.options.get("limited_use", {}).get("pool") or m.id)


def _charge_cost(m: MoveProfile) -> int:
    if m.is_super:
        return 6
    return 1 if m.level <= 3 else 2 if m.level <= 5 else 3  # 000 L4610–L4614


def _full(f: F, name: str) -> int:
    more = any(m.has("limited_use.more_charges") for m in f.prof.moves.values() if m.has("limited_use")
               and pool(m) == name)
    return 8 if more else 6  # 000 L4603, L4626–L4630


def _pool_effect(f: F, name: str) -> Effect:
    e = next((x for x in f.ongoing if x.id == "limited_use" and x.move == name), None)
    if e is None:
        e = Effect("limited_use", name, None, charges=_full(f, name))
        f.ongoing.append(e)
    return e


_CHARGES = frozenset({"limited_use", "reload", "super_reload"})


def check_charges(f: F, moves: list[MoveProfile]) -> str | None:
    """The first pool the declared moves would overdraw, or None."""
    if not f.prof.entry_ids & _CHARGES:
        return None
    need: dict[str, int] = {}
    for m in moves:
        if m.has("limited_use"):
            need[pool(m)] = need.get(pool(m), 0) + _charge_cost(m)
    for name, n in need.items():
        e = next((x for x in f.ongoing if x.id == "limited_use" and x.move == name), None)
        left = e.charges if e is not None and e.charges is not None else _full(f, name)
        if n > left:
            return name
    return None


def spend_charges(ctx: Ctx, f: F, moves: list[MoveProfile]) -> None:
    if not f.prof.entry_ids & _CHARGES:
        return
    for m in moves:
        if m.has("limited_use"):
            e = _pool_effect(f, pool(m))
            e.charges = max((e.charges or 0) - _charge_cost(m), 0)
            ctx.note("D.1", f.id, f"{m.name} uses {_charge_cost(m)} charge(s) of pool {e.move}: {e.charges} left.",
                     "000 L4608–L4614", {}, {"charges": e.charges})
        if m.has("reload") or m.has("super_reload"):
            _reload(ctx, f, m)


def _reload(ctx: Ctx, f: F, m: MoveProfile) -> None:
    """3 charges (6 with Extended Reload) back into the pool, never above its starting total (ruling)."""
    entry = "reload" if m.has("reload") else "super_reload"
    pools = sorted({pool(x) for x in f.prof.moves.values() if x.has("limited_use")})
    name = str(m.options.get(entry, {}).get("pool") or (pools[0] if len(pools) == 1 else ""))
    if name not in pools:
        return
    e = _pool_effect(f, name)
    extended = any(x.has("limited_use.extended_reload") for x in f.prof.moves.values() if x.has("limited_use")
                   and pool(x) == name)
    e.charges = min((e.charges or 0) + (6 if extended else 3), _full(f, name))
    ctx.note("D.1", f.id, f"{m.name} reloads pool {name}: {e.charges} charges.", "000 L4605, L4620–L4624",
             {}, {"charges": e.charges})
