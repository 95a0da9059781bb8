"""Paths as the rules build them (``decisions.T1.aya.defense.target``, ``fighters.aya.state``) turned into the
notation of every finding: map keys as JSON strings in brackets, fighters by their list index."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ....core.findings import map_key
from ..contract.models import DecisionValue

_COMMAND = re.compile(r"\.command:[^.\[]*")  # a granted Command Move's path segment (``.command:reload:cshot``)


def request_path(path: str, key: str | None, known: Iterable[str | None], index: Mapping[str, int]) -> str:
    """``path`` in the findings' notation; ``key`` the decision it is about, ``known`` the request's decision and
    die keys, ``index`` each fighter's place in the request's list."""
    if key and path == key:  # the decision itself
        return f"decisions{map_key(key)}"
    if key and path.startswith(key + "."):  # a field of the decision (``T1.aya.defense.defense``)
        return f"decisions{map_key(key)}{path[len(key) :]}"
    if ".command:" in path:  # a Command Move the sheet grants (not in the request): the sheet grants it
        path = _COMMAND.sub("", path)
    head, dot, rest = path.partition(".")
    if not dot:
        return path
    if head in ("decisions", "rolls"):
        name = max((k for k in known if k and (rest == k or rest.startswith(k + "."))), key=len, default=None)
        if name is None:  # a key the request does not hold: the decision's field, if any, is the last part
            name, _, field_name = rest.rpartition(".")
            if field_name not in DecisionValue.model_fields or not name:
                name = rest
        return f"{head}{map_key(name)}{rest[len(name) :]}"
    if head == "fighters" and not rest.startswith("["):
        fid, dot, tail = rest.partition(".")
        i = index.get(fid)
        return f"fighters[{i}]{dot}{tail}" if i is not None else f"fighters{map_key(fid)}{dot}{tail}"
    for prefix in ("fight.sides.", "fight.positioning.bands."):
        if path.startswith(prefix):
            fid, dot, tail = path[len(prefix) :].partition(".")
            return f"{prefix[:-1]}{map_key(fid)}{dot}{tail}"
    return path
