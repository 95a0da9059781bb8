"""What a ruleset applies, what it leaves to the Director and what it does not apply yet: its coverage document.

Each ruleset declares, as data (``data/coverage/declarations.yaml``, loaded once), every ``Unsupported`` id its code can
report, with the text's place, why it is not applied and what the answer does instead; the options the text
leaves to the Director, with their defaults; and the sections of its book a stateless rules service has no part
in. Ids a registry decides (a catalogue entry without combat records, a Thug trait not applied in a turn, a
maneuver whose effect is not applied) are declared once as a *family*: a template the registry's members fill.
Ids the caller chooses (an ongoing effect the resolver does not know) are declared by the request path they are
reported at.

Every report goes through ``Declarations.check`` (``Declarations.unsupported`` builds the record): an id that is
not declared is still reported (nothing is dropped) but warns ``UndeclaredUnsupported`` and is kept in
``UNDECLARED``, which fails the test that met it (tests/conftest.py) with the id named.

``Declarations.document`` builds the ``Coverage`` answer: the declarations, and a summary per chapter and section
of the book (from its heading map): ``not_applicable`` where declared so, ``partial`` where a declared id's text
reference falls (naming the ids missing), ``implemented`` otherwise; with the registry entries each section
defines that are applied.
"""

from __future__ import annotations

import importlib
import json
import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .findings import Unsupported
from .references import BookIndex, BookRef, Ref, book, ref_of
from .tables import read_table

SUMMARY = "What the ruleset applies, what it leaves to the Director, and what it does not apply yet"


class Instead(StrEnum):
    """What an answer does where a rule is not applied."""

    refused = "refused"  # the request is answered invalid (a violation names the rule)
    ignored_with_warning = "ignored_with_warning"  # answered without the rule, the id listed under `unsupported`
    # answered without the rule: the text (or a part of it the service does not have) leaves it to the Director or
    # the caller, who applies it by hand
    directors_call = "directors_call"


class SectionStatus(StrEnum):
    implemented = "implemented"
    partial = "partial"
    not_applicable = "not_applicable"


class UndeclaredUnsupported(UserWarning):
    """An ``unsupported`` id reported that the ruleset's coverage does not declare."""


# (ruleset, id, path) of each undeclared id reported in this process (the first hundred): the test suite fails
# the test that met one (tests/conftest.py), whatever the core did with the warning.
UNDECLARED: list[tuple[str, str, str]] = []


class UnsupportedRule(BaseModel):
    """A rule of the text the ruleset does not apply yet, reported as ``unsupported`` under this id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="The id answers report under `unsupported`.")
    summary: str = Field(description="What the rule is, in a line.")
    ref: BookRef | None = Field(None, description="Where the rule stands in the book.")
    why: str = Field(description="Why it is not applied.")
    instead: Instead = Field(
        description="`refused`: the request is answered invalid; `ignored_with_warning`: answered without the rule, "
        "listed under `unsupported`; `directors_call`: answered without the rule, which the text (or a part of it "
        "the service does not have) leaves to the Director or the caller."
    )
    reported_at: str | None = Field(
        None,
        description="For ids the caller chooses: the request paths (a regular expression) where any such id is "
        "reported under this declaration.",
    )


class DirectorsOption(BaseModel):
    """A choice the text leaves to the Director: a request option, with the default the service takes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    option: str = Field(description="The option's name in requests (its field path).")
    default: str = Field(description="The value taken when the request does not set it.")
    summary: str
    ref: BookRef


class SectionCoverage(BaseModel):
    """One chapter section of the book and how much of it the ruleset applies."""

    model_config = ConfigDict(frozen=True)

    chapter: str
    section: str | None
    line: str = Field(description="Secondary: the section's first line in the service's text copy.")
    status: SectionStatus = Field(
        description="`partial`: a declared unsupported id stands in this section (see `missing`); `not_applicable`: "
        "no part in a stateless rules service (see `note`); `implemented`: no gap declared in it."
    )
    missing: list[str] = Field(description="The unsupported ids whose rule stands in this section (`partial`).")
    applied: list[str] = Field(description="Registry entries this section defines that are applied.")
    note: str | None = Field(description="Why a `not_applicable` section has no part in a stateless rules service.")


class CoverageCounts(BaseModel):
    model_config = ConfigDict(frozen=True)

    unsupported: int
    options: int
    implemented: int = Field(description="Sections implemented.")
    partial: int = Field(description="Sections partly implemented.")
    not_applicable: int = Field(description="Sections with no part in a stateless rules service.")


class Coverage(BaseModel):
    """Which rules of its text a ruleset applies, leaves to the Director, and does not apply yet."""

    model_config = ConfigDict(frozen=True)

    ruleset: str
    ruleset_version: str
    source: str = Field(description="The rule text followed (its number in the service's sources).")
    counts: CoverageCounts
    unsupported: list[UnsupportedRule]
    options: list[DirectorsOption]
    sections: list[SectionCoverage]


class _Family(BaseModel):
    """Ids a registry decides: ``id`` and ``summary`` are templates (``{member}``, ``{name}``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    members: str = Field(description="The registry (named by the ruleset) whose members fill the template.")
    summary: str
    ref: BookRef | None = None
    why: str
    instead: Instead


class _NotApplicable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    line: str = Field(description="A line of the section (`000 L123`).")
    why: str


class _OptionsModel(BaseModel):
    """A request model whose fields are campaign options: each field whose description cites a line of the text
    is an option the Director chooses, its default the field's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str = Field(description="`module:Class` inside the ruleset's package.")
    prefix: str = Field(description="The model's path in requests, e.g. `options`.")


class _File(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    unsupported: list[UnsupportedRule] = []
    families: list[_Family] = []
    options: list[DirectorsOption] = []
    options_from: list[_OptionsModel] = []
    not_applicable: list[_NotApplicable] = []
    applied: list[str] = Field([], description="`module:function` registries of the entries applied (`Member`s).")


@dataclass(frozen=True)
class Member:
    """One member of a registry family: its id, its display name and its text line (``"000 L4131"``)."""

    id: str
    name: str
    ref: str | None = None


# A registry named in the data as ``module:function`` inside the ruleset's package (imported when first needed, so
# the modules that report ids never import the registries): its members.
Registry = Callable[[], Iterable[Member]]

_CITED = re.compile(r"\b\d{3} L\d+(?:[–-]L?\d+)?")


def _named(package: str, name: str) -> Any:
    module, _, attr = name.partition(":")
    return getattr(importlib.import_module(f".{module}", package), attr)


def _default(info: Any) -> str:
    value = info.get_default(call_default_factory=True)
    value = value.value if isinstance(value, Enum) else value
    return json.dumps(value) if not isinstance(value, str) else value


def model_options(model: type[BaseModel], prefix: str) -> list[DirectorsOption]:
    """The fields of an options model whose description cites the text (``000 L5840``), nested models followed:
    each an option with its default."""
    out = []
    for name, info in model.model_fields.items():
        path = f"{prefix}.{name}"
        kind = info.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            out += model_options(kind, path)
            continue
        cited = _CITED.search(info.description or "")
        if cited is None or ref_of(cited.group(0)) is None:
            continue
        out.append(
            DirectorsOption(
                option=path,
                default=_default(info),
                summary=(info.description or "").strip(),
                ref=cited.group(0),  # type: ignore[arg-type]  # BookRef reads the line
            )
        )
    return out


@dataclass(eq=False)
class Declarations:
    """A ruleset's coverage declarations (``data/coverage/declarations.yaml``), checked and expanded once."""

    ruleset: str
    source: str
    path: Path
    package: str  # the ruleset's package, where the data's ``module:name`` references are looked up

    @cached_property
    def _file(self) -> _File:
        return read_table(self.path, _File)

    @cached_property
    def rules(self) -> tuple[UnsupportedRule, ...]:
        """Every declared id: the file's, then each family's members (sorted by id)."""
        out = list(self._file.unsupported)
        seen = {r.id for r in out}
        for fam in self._file.families:
            registry: Registry = _named(self.package, fam.members)
            for m in registry():
                ident = fam.id.format(member=m.id)
                if ident in seen:  # one declaration per id: the first (the file's own, then the families' order)
                    continue
                seen.add(ident)
                out.append(
                    UnsupportedRule(
                        id=ident,
                        summary=fam.summary.format(member=m.id, name=m.name),
                        ref=m.ref or fam.ref,  # type: ignore[arg-type]  # BookRef reads the line
                        why=fam.why,
                        instead=fam.instead,
                    )
                )
        ids = [r.id for r in out]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"{self.path}: declared more than once: {', '.join(repeated)}")
        return tuple(sorted(out, key=lambda r: r.id))

    @property
    def written(self) -> tuple[UnsupportedRule, ...]:
        """The ids the file declares one by one (not the families' members)."""
        return tuple(self._file.unsupported)

    @property
    def family_ids(self) -> tuple[str, ...]:
        """The families' id templates (``thug_trait:{member}``)."""
        return tuple(f.id for f in self._file.families)

    @cached_property
    def _own(self) -> frozenset[str]:
        """The file's own ids (no registry read: checked first, so a module-level report imports nothing)."""
        return frozenset(r.id for r in self._file.unsupported if r.reported_at is None)

    @cached_property
    def _ids(self) -> frozenset[str]:
        return frozenset(r.id for r in self.rules if r.reported_at is None)

    @cached_property
    def _open(self) -> tuple[tuple[re.Pattern[str], str], ...]:
        return tuple((re.compile(r.reported_at), r.id) for r in self._file.unsupported if r.reported_at is not None)

    @cached_property
    def options(self) -> tuple[DirectorsOption, ...]:
        """The file's options, then those its options models cite, by name."""
        out = {o.option: o for o in self._file.options}
        for source in self._file.options_from:
            for o in model_options(_named(self.package, source.model), source.prefix):
                out.setdefault(o.option, o)
        return tuple(sorted(out.values(), key=lambda o: o.option))

    def declares(self, ident: str, path: str = "") -> bool:
        """Whether an ``unsupported`` id reported at ``path`` is declared (by id, or by the path it is met at)."""
        return ident in self._own or any(p.fullmatch(path) for p, _ in self._open) or ident in self._ids

    def check(self, ident: str, path: str = "") -> None:
        """Warn (``UndeclaredUnsupported``) when the id is not declared; the report goes out all the same. The
        registries are read once: they are fixed at import, so the declarations (and the coverage answer) are too."""
        if self.declares(ident, path):
            return
        if len(UNDECLARED) < 100:
            UNDECLARED.append((self.ruleset, ident, path))
        warnings.warn(
            f"{self.ruleset}: the unsupported id {ident!r} (reported at {path!r}) is not declared in "
            f"{'/'.join(self.path.parts[-3:])}",
            UndeclaredUnsupported,
            stacklevel=3,
        )

    def unsupported(self, ident: str, path: str, reason: str) -> Unsupported:
        """The ``Unsupported`` record of a declared id (``check`` first)."""
        self.check(ident, path)
        return Unsupported(id=ident, path=path, reason=reason)

    def document(self, version: str) -> Coverage:
        """The coverage answer: the declarations and the summary per chapter and section."""
        sections = _sections(self)
        counts = {s: sum(1 for x in sections if x.status is s) for s in SectionStatus}
        return Coverage(
            ruleset=self.ruleset,
            ruleset_version=version,
            source=self.source,
            counts=CoverageCounts(
                unsupported=len(self.rules),
                options=len(self.options),
                implemented=counts[SectionStatus.implemented],
                partial=counts[SectionStatus.partial],
                not_applicable=counts[SectionStatus.not_applicable],
            ),
            unsupported=list(self.rules),
            options=list(self.options),
            sections=sections,
        )


def _key(ref: Ref | None) -> tuple[str, str | None] | None:
    return None if ref is None else (ref.chapter, ref.section)


def _sections(d: Declarations) -> list[SectionCoverage]:
    index: BookIndex | None = book(d.source)
    if index is None:
        return []
    missing: dict[tuple[str, str | None] | None, list[str]] = {}
    for r in d.rules:
        missing.setdefault(_key(r.ref), []).append(r.id)
    applied: dict[tuple[str, str | None] | None, list[str]] = {}
    for m in (m for name in d._file.applied for m in _named(d.package, name)()):
        applied.setdefault(_key(ref_of(m.ref)), []).append(m.id)
    not_applicable: dict[tuple[str, str | None] | None, str] = {}
    for na in d._file.not_applicable:
        cited = ref_of(na.line)
        if cited is None:
            raise ValueError(f"{d.path}: {na.line!r} names no line of the book")
        not_applicable[_key(cited)] = na.why
    out = []
    headings = index.headings()
    for i, (line, chapter, section) in enumerate(headings):
        if i + 1 < len(headings) and headings[i + 1][0] == line:
            continue  # a chapter heading whose first section starts on its line: the section stands for it
        key = (chapter, section)
        gaps = sorted(missing.get(key, []))
        note = not_applicable.get(key)
        status = (
            SectionStatus.not_applicable
            if note is not None and not gaps
            else SectionStatus.partial
            if gaps
            else SectionStatus.implemented
        )
        out.append(
            SectionCoverage(
                chapter=chapter,
                section=section,
                line=f"{d.source} L{line}",
                status=status,
                missing=gaps,
                applied=sorted(applied.get(key, [])),
                note=note if status is SectionStatus.not_applicable else None,
            )
        )
    return out


def load(ruleset: str, source: str, package: str, package_dir: Path) -> Declarations:
    """A ruleset's declarations, read from its ``data/coverage/declarations.yaml`` when first needed."""
    return Declarations(ruleset, source, package_dir / "data" / "coverage" / "declarations.yaml", package)
