"""Coverage declarations (core/coverage.py, each ruleset's data/coverage/declarations.yaml).

(a) every ``unsupported`` id the code can report is declared: a scan of the rules code for the literal ids at every
report site (and the tables of gaps the code reports from), and a scan that every report goes through the
declarations (``DECLARED``), so an id chosen at run time is checked where it is reported (tests/conftest.py fails
any test meeting an undeclared one); (b) every declared id is reported by some code path; (c) every id the
published examples' answers report is declared. The failure messages name the ids.
"""

from __future__ import annotations

import ast
import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.rules.core.coverage import Declarations, Instead, SectionStatus
from service.rules.core.ruleset import Ruleset, rulesets

RULES = Path(__file__).resolve().parents[2] / "service" / "rules"
RULESETS = ("fight2e", "impact", "fightrpg", "battleroyale", "ashes")
# Calls that report an id (the id first, or as ``id=``).
REPORTERS = frozenset({"unsupported_rule", "unsupported_once", "unsupported", "Unsupported"})
# Module-level tables whose keys the code reports as ids, each in a loop over the table.
GAP_TABLES = frozenset({"GAPS", "UNSUPPORTED", "OPTIONS_NOT_IMPLEMENTED", "PARTLY_IMPLEMENTED"})


def declared(ruleset: str) -> Declarations:
    return importlib.import_module(f"service.rules.{ruleset}.declared").DECLARED  # type: ignore[no-any-return]


def _modules(ruleset: str) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted((RULES / ruleset).rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` constants (``ENTRY = "perfect_hit"``)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute) and func.attr == "check":  # DECLARED.check(ident, path)
        return "unsupported" if isinstance(func.value, ast.Name) and func.value.id == "DECLARED" else ""
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _text(node: ast.expr | None, consts: dict[str, str]) -> str | None:
    """A literal id: a string, a module constant, or an f-string of those (``f"{ENTRY}.multiple"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return consts.get(node.id)
    if isinstance(node, ast.JoinedStr):
        parts = [_text(v.value if isinstance(v, ast.FormattedValue) else v, consts) for v in node.values]
        return "".join(p for p in parts if p is not None) if all(p is not None for p in parts) else None
    return None


def reported_literals(ruleset: str) -> dict[str, str]:
    """Every id the ruleset's code reports as a literal (or a module constant), with where: id → file:line."""
    out: dict[str, str] = {}
    for path, tree in _modules(ruleset):
        consts = _constants(tree)
        where = f"{path.relative_to(RULES)}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in REPORTERS:
                first = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "id"), None)
                ident = _text(first, consts)
                if ident is not None:
                    out.setdefault(ident, f"{where}:{node.lineno}")
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in GAP_TABLES for t in targets):
                    for key in node.value.keys:
                        if isinstance(key, ast.Constant) and isinstance(key.value, str):
                            out.setdefault(key.value, f"{where}:{key.lineno}")
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_literal_id_the_code_reports_is_declared(ruleset: str) -> None:
    decl = declared(ruleset)
    missing = {i: w for i, w in reported_literals(ruleset).items() if not decl.declares(i)}
    assert not missing, f"{ruleset}: reported but not declared in data/coverage/declarations.yaml: {missing}"


def _builds_unsupported(call: ast.Call) -> bool:
    """``Unsupported(...)`` or ``Unsupported.model_construct(...)``."""
    f = call.func
    if isinstance(f, ast.Attribute):
        return isinstance(f.value, ast.Name) and f.value.id == "Unsupported"
    return isinstance(f, ast.Name) and f.id == "Unsupported"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_report_goes_through_the_declarations(ruleset: str) -> None:
    """An ``Unsupported`` built by hand would skip the check: only a function that calls ``DECLARED.check`` may
    build one (the combat context's and the pricing's reporters, for speed)."""
    loose = []
    for path, tree in _modules(ruleset):
        if path.name == "declared.py":
            continue
        inside: set[int] = set()
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            calls = [n for n in ast.walk(fn) if isinstance(n, ast.Call)]
            builds = [c for c in calls if _builds_unsupported(c)]
            inside |= {id(c) for c in builds}
            if builds and not any(_name(c.func) == "unsupported" and isinstance(c.func, ast.Attribute) for c in calls):
                loose += [f"{path.relative_to(RULES)}:{c.lineno}" for c in builds]
        top = [c for c in ast.walk(tree) if isinstance(c, ast.Call) and _builds_unsupported(c) and id(c) not in inside]
        loose += [f"{path.relative_to(RULES)}:{c.lineno}" for c in top]
    assert not loose, (
        f"{ruleset}: Unsupported built without DECLARED.unsupported / DECLARED.check: {sorted(set(loose))}"
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_declared_id_is_reported_by_some_code_path(ruleset: str) -> None:
    """A declared id is either reported as a literal (or a table key) by the code, or a family member read from the
    registry the code reports from, or an id the caller chooses, met at a declared path."""
    decl = declared(ruleset)
    literals = reported_literals(ruleset)
    own = [r.id for r in decl.written if r.reported_at is None]
    never = [i for i in own if i not in literals]
    assert not never, f"{ruleset}: declared but reported by no code path: {never}"
    prefixes = {f.split("{member}")[0] for f in decl.family_ids} - {""}  # "thug_trait:", "move."
    built = _reported_prefixes(ruleset)
    unbuilt = sorted(p for p in prefixes if not any(b.startswith(p) for b in built))
    assert not unbuilt, f"{ruleset}: families whose ids no report site builds: {unbuilt}"


def _reported_prefixes(ruleset: str) -> set[str]:
    """The literal heads of the f-string ids at report sites (``f"thug_trait:{t}"`` → ``thug_trait:``)."""
    out = set()
    for _, tree in _modules(ruleset):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in REPORTERS and node.args:
                first = node.args[0]
                if isinstance(first, ast.JoinedStr) and first.values and isinstance(first.values[0], ast.Constant):
                    out.add(str(first.values[0].value))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_declarations_are_complete_records(ruleset: str) -> None:
    doc = next(r for r in rulesets() if r.id == ruleset).coverage()  # type: ignore[misc]
    assert doc.ruleset == ruleset and doc.counts.unsupported == len(doc.unsupported)
    for rule in doc.unsupported:
        assert rule.summary and rule.why and rule.instead in Instead, rule.id
        assert rule.id == "SIMULATION_UNANSWERED" or rule.ref is not None, f"{rule.id}: no text reference"
        if rule.ref is not None:
            assert rule.ref.line.startswith(doc.source), rule.id
    sections = {(s.chapter, s.section): s for s in doc.sections}
    for rule in (r for r in doc.unsupported if r.ref is not None):  # each gap names its section partial
        section = sections.get((rule.ref.chapter, rule.ref.section))  # type: ignore[union-attr]
        assert section is not None and section.status is SectionStatus.partial and rule.id in section.missing
    for s in doc.sections:
        assert (s.status is SectionStatus.partial) == bool(s.missing), (s.chapter, s.section)
        assert (s.status is SectionStatus.not_applicable) == (s.note is not None), (s.chapter, s.section)


def test_fight2e_families_follow_their_registries() -> None:
    """Derived, not written twice: every catalogue entry is applied in combat today, so no entry is declared for
    its combat effect; the Thug traits applied in a turn are listed as applied, the others declared."""
    from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED
    from service.rules.fight2e.declared_members import RESOLVED_TRAITS, not_applied_in_combat, thug_traits_unapplied

    assert list(not_applied_in_combat()) == [] and len(IMPLEMENTED) > 200
    doc = next(r for r in rulesets() if r.id == "fight2e").coverage()  # type: ignore[misc]
    ids = {r.id for r in doc.unsupported}
    unapplied = {f"thug_trait:{m.id}" for m in thug_traits_unapplied()}
    assert unapplied <= ids and not {f"thug_trait:{t}" for t in RESOLVED_TRAITS} & ids
    applied = {i for s in doc.sections for i in s.applied}
    assert "thug_trait:reach" in applied and "perfect_hit" in applied  # Thug Thrashing; Elements and Liabilities


def test_an_undeclared_id_is_reported_and_named(recwarn: pytest.WarningsRecorder) -> None:
    from service.rules.core.coverage import UNDECLARED, UndeclaredUnsupported

    made = declared("ashes").unsupported("no_such_rule", "combatant", "a test")
    assert made.id == "no_such_rule"  # still reported: nothing is dropped
    assert UNDECLARED == [("ashes", "no_such_rule", "combatant")]
    assert "no_such_rule" in str(recwarn.pop(UndeclaredUnsupported).message)
    UNDECLARED.clear()


def test_ids_the_caller_chooses_are_typed_so_none_is_declared_by_path() -> None:
    """fight2e's ongoing effects and Hazard kinds are typed now (a stranger is bad input): no path is left open."""
    decl = declared("fight2e")
    assert not decl.declares("mist_of_doom", "fighters[1].state.ongoing_effects[0]")
    assert not decl.declares("lava_lake", "fight.hazards[2]")
    assert not decl.declares("mist_of_doom", "fight")


def test_directors_options_come_from_the_options_model() -> None:
    """The campaign options citing the text are the Director's, each with the model's default (000 L5840)."""
    doc = next(r for r in rulesets() if r.id == "fight2e").coverage()  # type: ignore[misc]
    options = {o.option: o for o in doc.options}
    assert options["options.aerial_blocks"].default == "false"
    assert options["options.aerial_blocks"].ref.line == "000 L5840"
    assert options["options.time_start"].default == "99"  # 000 L6055
    assert options["options.dramatic.action_points_per_turn"].default == "1"  # 000 L7082
    assert "options.dash" not in options  # cites no line: not listed


# ── (c) the published examples


def _unsupported_in(answer: Any) -> Iterator[tuple[str, str]]:
    if isinstance(answer, dict):
        for k, v in answer.items():
            if k == "unsupported" and isinstance(v, list):
                yield from ((u["id"], u["path"]) for u in v if isinstance(u, dict))
            else:
                yield from _unsupported_in(v)
    elif isinstance(answer, list):
        for v in answer:
            yield from _unsupported_in(v)


SLOW = frozenset({"simulate", "merge_simulations", "optimise_moves"})


def _examples(r: Ruleset) -> Iterator[tuple[str, str, Any]]:
    for op in r.operations:
        if op.name in SLOW:
            continue
        for name, body in op.examples.items():
            yield op.name, name, body


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_id_in_the_published_examples_answers_is_declared(ruleset: str) -> None:
    r = next(x for x in rulesets() if x.id == ruleset)
    decl = declared(ruleset)
    seen: set[tuple[str, str]] = set()
    read = 0
    for op_name, _, body in _examples(r):
        op = r.operation(op_name)
        out = op.run(op.request.model_validate(body))
        answer = json.loads(out) if isinstance(out, bytes) else out.model_dump(mode="json")
        seen |= set(_unsupported_in(answer))
        read += 1
    missing = sorted((i, p) for i, p in seen if not decl.declares(i, p))
    assert not missing, f"{ruleset}: the examples report undeclared ids: {missing}"
    if ruleset == "fight2e":  # the examples' answers are read (issue 32, 36); the sheets' gaps are all applied now
        assert read and "MOVE_MODIFIED" not in {i for i, _ in seen}  # checked from `as_bought` (000 L2301)
