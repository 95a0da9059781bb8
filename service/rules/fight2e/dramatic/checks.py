"""Skill-check options: what a check total buys (000 L7150–L7309). Ruling C24: "the number rolled" is the check
total, d10 plus the skill (000 L7379 reads an Athletics total of 8 as two Ranges)."""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import ApOption, Gain, tables


def check_total(face: int, skill: int, penalty: int = 0) -> int:
    """1d10 + skill (000 L1643); ``penalty`` is Ignore Hit Stun's −2 (000 L7229)."""
    return face + skill + penalty


def gains(option: ApOption, total: int, stand_off: bool = False) -> dict[Gain, int]:
    """What each full block of the total gives, for every way the option may be used (the caller picks one)."""
    out: dict[Gain, int] = {}
    for g in option.gains:
        every = g.stand_off_every if stand_off and g.stand_off_every else g.every
        out[g.gain] = max(total, 0) // every
    return out


def fighting_spirit_gain(
    option: ApOption, total: int, pl: int, fs_now: int, fs_start: int, cap: int | None = None
) -> int:
    """Fighting Spirit a recovery check gives: the total, at most the option's multiple of PL and ``cap`` (Draw Ki:
    the last Sense Ki total, 000 L7249), and, unless the option may pass it, no higher than the starting FS
    (000 L7257, L7271)."""
    limit = (option.fs_cap_per_pl or 0) * pl
    gain = min(max(total, 0), limit)
    if cap is not None:
        gain = min(gain, cap)
    if not option.fs_above_start:
        gain = min(gain, max(fs_start - fs_now, 0))
    return gain


@dataclass(frozen=True)
class SecondarySkill:
    succeeded: bool
    level: int | None  # the level the raised skill uses this turn


def secondary_skill(primary: str, primary_level: int, target: str, total: int) -> SecondarySkill:
    """A Gadgeteering, Magic or Psychic check at the option's DL lets one of that skill's secondary skills use its
    level this turn (000 L7277–L7279); it is not the fighter's action."""
    t = tables()
    allowed = target in t.secondary_skills.get(primary, ())
    ok = allowed and total >= (t.option("secondary_skill").dl or 0)
    return SecondarySkill(ok, primary_level if ok else None)


def contest(attacker_total: int, defender_totals: list[int]) -> bool:
    """A contested check the actor must win against every opposer (Leaving Combat 000 L7152, Fast Reflexes 000 L7146:
    higher than all of them)."""
    return all(attacker_total > d for d in defender_totals)
