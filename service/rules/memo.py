"""Process-wide memos of pure rules functions, and the one switch that empties them all.

A memo must answer exactly what a fresh process would: it is keyed on everything the memoised function reads,
derived from the inputs themselves (a function's own arguments, or the canonical JSON of the request models it
reads), never on fields listed by hand. Every memo registers how it is emptied here, so :func:`clear_all` can put
the process back in the state of a fresh one (the property tests compare answers across that switch).

Tables loaded once from the shipped data files (the catalogues) are not memos of a request and are not cleared.
"""

from __future__ import annotations

import weakref
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
