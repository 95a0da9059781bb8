"""Process-wide memos of pure rules functions, and the one switch that empties them all.

A memo must answer exactly what a fresh process would: it is keyed on everything the memoised function reads,
derived from the inputs themselves (a function's own arguments, or the canonical JSON of the request models it
reads), never on fields listed by hand. Every memo registers how it is emptied here, so :func:`clear_all` can put
the process back in the state of a fresh one (the property tests compare answers across that switch).

Tables loaded once from the shipped data files (the catalogues) are not memos of a request and are not cleared.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Generic, TypeVar

from pydantic import BaseModel

K = TypeVar("K")
V = TypeVar("V")
Fn = TypeVar("Fn", bound=Callable)

_CLEARERS: dict[str, Callable[[], None]] = {}


def register(name: str, clear: Callable[[], None]) -> None:
    """Record how the memo ``name`` is emptied."""
    _CLEARERS[name] = clear


def registered() -> tuple[str, ...]:
    return tuple(_CLEARERS)


def clear_all() -> None:
    """Empty every registered memo: the next call computes as in a fresh process."""
    for clear in _CLEARERS.values():
        clear()


def memo(maxsize: int) -> Callable[[Fn], Fn]:
    """``functools.lru_cache`` (keyed on every argument) that registers itself."""

    def wrap(fn: Fn) -> Fn:
        cached = lru_cache(maxsize=maxsize)(fn)
        register(f"{fn.__module__}.{fn.__qualname__}", cached.cache_clear)
        return cached  # type: ignore[return-value]

    return wrap


def canonical(*models: BaseModel) -> str:
    """One key for a set of request models: their full JSON dumps, so no field the function reads is left out."""
    return "\x1f".join(m.model_dump_json() for m in models)


class Table(Generic[K, V]):
    """A bounded least-recently-used table for memos keyed by a derived key (see :func:`canonical`)."""

    def __init__(self, name: str, size: int) -> None:
        self._data: OrderedDict[K, V] = OrderedDict()
        self._size = size
        register(name, self._data.clear)

    def get(self, key: K) -> V | None:
        found = self._data.get(key)
        if found is not None:
            self._data.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        self._data[key] = value
        if len(self._data) > self._size:
            self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)
