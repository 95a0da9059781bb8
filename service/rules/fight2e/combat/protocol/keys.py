"""Decision and roll keys: named after what they are about, so a client can build them without replaying the turn.

Grammar (each qualifier is left out at its default)::

    T{turn}.{fighter}.{point}[@{other}][:{window}][#{move}][.{n}]

The first time a fighter's point comes up in the turn its key is bare (``T1.rei.damage``), so the book's Example
of Combat and a one-attack turn keep their plain keys; any later key of the same fighter and point carries the
qualifiers of what it is about.

- ``@{other}``: the other fighter the point is about — the target for the attacker's keys, the attacker for
  everyone else's keys during an attack, the fighter whose place comes next for a held fighter's interrupt
  window. Left out when the fighter has a single opponent in the request (a one-on-one fight).
- ``:{window}``: the kind of attack under way when it is not a declared action — ``interrupt``, ``reaction``,
  ``response``, ``bomb``, ``bomb_shot`` — and ``end`` for a held fighter's last window of the turn.
- ``#{move}``: the move's position in the Combo (from 1), left out for the first move.
- ``.{n}``: the n-th time the very same key comes up (from 2). Kept only where the book repeats the same
  thing in the same place: a damage die re-rolled below a move's minimum, Initiative roll-offs re-rolled on a
  tie, and the same Area Effect or multi-target attack of one fighter against the same target twice.

So ``T1.kaito.defense`` is Kaito's first defence of the turn, ``T1.kaito.defense:reaction`` a later defence
against a Reaction Attack, ``T1.rei.damage#2`` the damage die of the second move of Rei's Combo,
``T1.rei.damage@aya`` Rei's damage against Aya when the fight has more than two fighters.
"""

from __future__ import annotations

from typing import NamedTuple

# Attack contexts that are the fighter's own declared action: they add no window qualifier
PLAIN_WINDOWS = frozenset({"", "action", "simultaneous"})


class Scope(NamedTuple):
    """What the turn is doing when a key is built: the attack under way (or a held fighter's window)."""

    attacker: str | None = None
    defender: str | None = None
    window: str = ""

    def other(self, fid: str) -> str | None:
        """The other fighter of this scope, seen from ``fid``."""
        if self.attacker is None:
            return self.defender
        return self.defender if fid == self.attacker else self.attacker


NO_SCOPE = Scope()


def qualifier(fid: str, scope: Scope, move: int, one_opponent: bool) -> str:
    """The qualifiers of ``fid``'s key in ``scope`` at the Combo's ``move`` (``one_opponent``: no ``@other``)."""
    out = ""
    other = scope.other(fid)
    if other is not None and not one_opponent and other != fid:
        out += f"@{other}"
    if scope.window not in PLAIN_WINDOWS:
        out += f":{scope.window}"
    if move > 1:
        out += f"#{move}"
    return out
