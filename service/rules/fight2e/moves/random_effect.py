"""Random Effect combinations (000 L3938–L3968), read the same way by pricing and by combat.

A combination is written in the entry's ``combinations`` field: a list of combinations, each a list of entry
references with ``times`` and design choices (a Perfect Hit names its ``target``). The older short form, the
text option ``combinations`` (``;`` between combinations, ``,`` between ids, one id per instance), is still read.
"""

from __future__ import annotations

from .models import EntryChoice, EntryRef, RandomCombination

TEXT_OPTION = "combinations"


def combinations_of(choice: EntryChoice) -> list[RandomCombination]:
    """The entry's combinations: the structured field when given, else the text option, else none."""
    if choice.combinations is not None:
        return choice.combinations
    text = choice.options.get(TEXT_OPTION)
    if not isinstance(text, str):
        return []
    out = []
    for part in text.split(";"):
        counts: dict[str, int] = {}
        for ident in (p.strip() for p in part.split(",")):
            if ident:
                counts[ident] = counts.get(ident, 0) + 1
        if counts:
            entries = [EntryRef.model_construct(id=i, times=n, options={}, condition=None) for i, n in counts.items()]
            out.append(RandomCombination.model_construct(name=None, entries=entries))
    return out


def has_text_form(choice: EntryChoice) -> bool:
    return TEXT_OPTION in choice.options
