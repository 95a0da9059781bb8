"""Process-wide memos of pure rules functions, and the one switch that empties them all.

A memo must answer exactly what a fresh process would: it is keyed on everything the memoised function reads,
derived from the inputs themselves (a function's own arguments, or the canonical JSON of the request models it
reads), never on fields listed by hand. Every memo registers how it is emptied here, so :func:`clear_all` can put
the process back in the state of a fresh one (the property tests compare answers across that switch).

Tables loaded once from the shipped data files (the catalogues) are not memos of a request and are not cleared.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import Generic, TypeVar

from cachetools import LRUCache
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
    return "\x1f".join(_dump(m) for m in models)


# A frozen model's dump, kept while the model lives: an in-process caller (the simulator, a step-mode loop) that
# sends the same sheets turn after turn does not pay for the same dump again. Keyed on the object itself (its id,
# checked through a weak reference, dropped when it dies), never on a field list; frozen models are not changed
# after they are built, so the dump stays theirs.
_DUMPS: dict[int, tuple[weakref.ref[BaseModel], str]] = {}


def _dump(model: BaseModel) -> str:
    key = id(model)
    found = _DUMPS.get(key)
    if found is not None and found[0]() is model:
        return found[1]
    text = model.model_dump_json()
    if model.model_config.get("frozen") and hasattr(model, "__weakref__"):

        def gone(ref: weakref.ref[BaseModel], key: int = key) -> None:
            if _DUMPS.get(key, (None,))[0] is ref:
                del _DUMPS[key]

        _DUMPS[key] = (weakref.ref(model, gone), text)
    return text


register("memo.canonical", _DUMPS.clear)


def key_bytes(key: object) -> int:
    """The characters of a derived key (a string, or a tuple of strings): what a memo's entry weighs grows with it."""
    if isinstance(key, str):
        return len(key)
    if isinstance(key, tuple):
        return sum(len(part) if isinstance(part, str) else 64 for part in key)
    return 64


class Table(Generic[K, V]):
    """A least-recently-used table for memos keyed by a derived key (see :func:`canonical`), bounded in bytes.

    An entry weighs ``weight × len(key)`` bytes plus a fixed overhead: its key is the canonical JSON of what it was
    built from, and what is built grows with it (``weight`` is measured per table with tracemalloc, key included).
    A request large enough to be worth keeping cannot crowd a worker's memory: the table holds at most ``max_bytes``
    (an entry heavier than that is not kept). Thread-safe: operations run in worker threads.
    """

    def __init__(self, name: str, max_bytes: int, weight: int, overhead: int = 2048) -> None:
        self.weight = weight
        self.overhead = overhead  # the entry's objects beyond those growing with its key, rounded up
        self._data: LRUCache[K, V] = LRUCache(maxsize=max_bytes, getsizeof=self._size_of)
        self._pending = 0
        self._lock = threading.Lock()
        register(name, self.clear)

    def _size_of(self, value: V) -> int:
        return self._pending

    def weigh(self, key: K) -> int:
        return self.overhead + self.weight * key_bytes(key)

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._data.get(key)

    def put(self, key: K, value: V) -> None:
        size = self.weigh(key)
        with self._lock:
            if size > self._data.maxsize:
                return
            self._pending = size  # cachetools sizes values only: this entry's weight, read while it is stored
            self._data[key] = value

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    @property
    def bytes(self) -> int:
        return int(self._data.currsize)

    def __len__(self) -> int:
        return len(self._data)
