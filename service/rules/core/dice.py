"""One keyed dice source for every ruleset.

Every die a rule rolls has a stable key (``T1.aya.initiative``). Its face is the value the caller supplied for that
key; else, when the request has a seed, a value derived from the seed and the key alone (so adding or removing
another roll never changes this one); else the die is asked for (``DiePending``) and the caller sends it, or, while
the step looks ahead (``stand_in``), a stand-in face is used and the die noted as needed. Each roll is
recorded with its source, and a request may roll at most ``limit`` dice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

MAX_DICE = 2_000  # far above any turn of any hosted ruleset; bounds hostile requests


class RollSource(StrEnum):
    seed = "seed"
    given = "given"


@dataclass(frozen=True)
class Roll:
    key: str
    sides: int
    face: int
    source: RollSource
    purpose: str


class DiePending(Exception):
    """No value was supplied for ``key`` and the request has no seed: the caller must roll it."""

    def __init__(self, key: str, sides: int, purpose: str) -> None:
        super().__init__(f"roll d{sides} for {key} ({purpose})")
        self.key, self.sides, self.purpose = key, sides, purpose


class DieOutOfRange(ValueError):
    def __init__(self, key: str, sides: int, face: int) -> None:
        super().__init__(f"{key}: {face} is not a face of a d{sides}")
        self.key, self.sides, self.face = key, sides, face


class TooManyDice(ValueError):
    pass


def seeded_face(seed: int, key: str, sides: int) -> int:
    """The face the seed gives the die ``key``: a pure function of the two."""
    digest = hashlib.blake2b(f"{seed}|{key}".encode(), digest_size=8).digest()
    return 1 + int.from_bytes(digest, "big") % sides


@dataclass
class KeyedDice:
    seed: int | None = None
    supplied: Mapping[str, int] = field(default_factory=dict)
    limit: int = MAX_DICE
    rolls: list[Roll] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    stand_in: Callable[[str, int, str], int] | None = None  # the look-ahead's face for a die nobody supplied

    def roll(self, key: str, sides: int, purpose: str = "") -> int:
        """The face of the die ``key`` with ``sides`` sides."""
        if len(self.rolls) >= self.limit:
            raise TooManyDice(f"more than {self.limit} dice in one request")
        given = self.supplied.get(key)
        if given is not None:
            if not 1 <= given <= sides:
                raise DieOutOfRange(key, sides, given)
            self.used.add(key)
            face, source = given, RollSource.given
        elif self.seed is not None:
            face, source = seeded_face(self.seed, key, sides), RollSource.seed
        elif self.stand_in is not None:
            face, source = self.stand_in(key, sides, purpose), RollSource.seed
        else:
            raise DiePending(key, sides, purpose)
        self.rolls.append(Roll(key, sides, face, source, purpose))
        return face

    def unused(self) -> list[str]:
        """Supplied keys no rule asked for (a client's typo shows up here instead of being ignored)."""
        return sorted(set(self.supplied) - self.used)
