"""The Flourish (000 L7187–L7189) and the Ki Face Off (000 L7231–L7237)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FlourishResult:
    winner: int | None  # 0: the first fighter, 1: the second, None: a tie and nothing happens
    knock_back: int


def flourish(first: int, second: int) -> FlourishResult:
    """Plain d10s; the higher deals an unmodified d10 and 1 Range of Knock Back, with no defence (000 L7189)."""
    if first == second:
        return FlourishResult(None, 0)
    return FlourishResult(0 if first > second else 1, 1)


@dataclass(frozen=True)
class FaceOff:
    leader: int | None  # who gets the Initiative margin next turn
    initiative_bonus: int


def face_off_opening(attacker_damage: int, defender_damage: int) -> FaceOff:
    """Both roll damage without Stamina; the higher gets the margin on next turn's Initiative (000 L7235); ruling
    C16: a tie gives nothing."""
    if attacker_damage == defender_damage:
        return FaceOff(None, 0)
    return FaceOff(0 if attacker_damage > defender_damage else 1, abs(attacker_damage - defender_damage))


def face_off_damage(face: int, ki: int) -> int:
    """The winner's blow: 1d12, at least his Ki (000 L7237)."""
    return max(face, ki)


FACE_OFF_KNOCK_BACK = 2  # 000 L7237
