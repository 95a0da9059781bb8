"""Decision and roll keys, one grammar for every ruleset, named after what they are about so a client can build them
without replaying the step::

    {L}{n}.{fighter}.{point}[@{other}][:{window}][#{move}][.{repeat}]

``L`` is the letter of the unit the text resolves in one request and ``n`` its number: ``T`` for a turn (fight2e,
impact), ``R`` for a round (fightrpg, ashes, battleroyale's bouts and Conflicts). The first time a fighter's point
comes up in the step its key is bare; a later one carries the qualifiers of what it is about: ``@other`` (the other
fighter, only when the fighter has more than one opponent), ``:window`` (the kind of exchange when it is not the
fighter's own declared action), ``#move`` (the move's place in a Combo or chain, from 2), and ``.repeat`` only when
even that repeats (a re-roll of a tie, a second pass of the same exchange).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KEY_GRAMMAR = (
    "Keys: `{L}{n}.{fighter}.{point}` the first time the fighter's point comes up in the step (`L` is `T` for a "
    "turn, `R` for a round); later ones are named by what they are about: `@{other}` (the other fighter, only when "
    "the fighter has more than one opponent), `:{window}` (the kind of exchange when it is not the fighter's own "
    "declared action), `#{n}` (the n-th move of a Combo or chain) and `.{n}` only when even that repeats (a re-roll "
    "of a tie, a second pass of the same exchange)."
)
KEY_PATTERN = r"^[A-Za-z0-9_.@:#\-]+$"  # the schema's check; the grammar itself is checked by ``parse``
_GRAMMAR = re.compile(
    r"^(?P<letter>[A-Z])(?P<n>\d{1,3})\.(?P<fighter>[A-Za-z0-9_\-]+)\.(?P<point>[a-z][a-z0-9_]*)"
    r"(?:@(?P<other>[A-Za-z0-9_\-]+))?(?::(?P<window>[a-z][a-z0-9_]*))?(?:#(?P<move>\d{1,2}))?(?:\.(?P<repeat>\d{1,3}))?$"
)


@dataclass(frozen=True)
class KeyParts:
    letter: str
    n: int
    fighter: str
    point: str
    other: str | None = None
    window: str | None = None
    move: int = 1
    repeat: int = 1


def parse(key: str) -> KeyParts | None:
    """The parts of a well-formed key; ``None`` when the key does not follow the grammar."""
    m = _GRAMMAR.match(key)
    if m is None:
        return None
    return KeyParts(
        m["letter"],
        int(m["n"]),
        m["fighter"],
        m["point"],
        m["other"],
        m["window"],
        int(m["move"] or 1),
        int(m["repeat"] or 1),
    )


@dataclass
class KeyBook:
    """Builds the keys of one step in the order its rules meet them (a fresh book per resolution, so every pass of
    the same request names the same keys). ``one_opponent``: leave ``@other`` out (a one-on-one fight)."""

    letter: str
    n: int
    one_opponent: bool = False
    _seen: dict[str, int] = field(default_factory=dict)

    def key(
        self, fighter: str, point: str, *, other: str | None = None, window: str | None = None, move: int = 1
    ) -> str:
        bare = f"{self.letter}{self.n}.{fighter}.{point}"
        if bare not in self._seen:
            self._seen[bare] = 1
            return bare
        named = bare
        if other is not None and other != fighter and not self.one_opponent:
            named += f"@{other}"
        if window:
            named += f":{window}"
        if move > 1:
            named += f"#{move}"
        if named == bare:  # nothing qualifies it: the n-th time of the bare key
            self._seen[bare] += 1
            return f"{bare}.{self._seen[bare]}"
        count = self._seen.get(named, 0) + 1
        self._seen[named] = count
        return named if count == 1 else f"{named}.{count}"
