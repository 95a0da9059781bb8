"""The search: the solver proposes, the pricing core decides.

Each round the CP-SAT model (``model.py``) answers its cheapest assignment not yet seen. The move it describes is
priced by ``price_move``; a legal move that meets every wish is kept, and either way a cut removes the assignment
from the model — the whole set of entries when the pricing core's objection depends only on which entries are
on the move (a keyword clash, a missing prerequisite), else that exact assignment. The search stops when the
model's optimum (a lower bound, see ``model.py``) is no better than the last answer kept, or the model runs dry.

Same request, same answer: one solver worker, a fixed seed, and limits counted in the solver's deterministic
time and in candidates, never in wall-clock time.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from ...dice import die
from ..catalogue.catalog import catalog
from ..catalogue.keywords import has
from ..declared import DECLARED
from ..identity import RULESET, VERSION
from ..moves.models import BUILT, EntryChoice, FighterContext, MovePrice, MoveRequest
from .model import W_ELEMENT, W_LEVEL, W_LIABILITY, W_MP, MoveModel, build
from .models import Assumed, Binding, OptimiseAnswer, OptimisedMove, OptimiseRequest
from .variants import PLACEHOLDER, Space, fills_of, priced, space

MAX_CANDIDATES = 400  # candidates priced per request (about 25 µs each; the solver rounds dominate)
SOLVE_TIME = 0.1  # deterministic time units per solve (a typical search spends 0.03 in all)
TOTAL_TIME = 0.25  # deterministic time units per request: about a second of wall time on a shared 2-CPU host
SEED = 20260101
TIER_SIZE = 3  # assignments of one cost taken per enumeration, per answer asked for

# Violations that depend only on which entries (with their design choices) a move carries, never on how many
# instances or its level: a move refused for one of them is refused with any counts, so its whole entry set is cut.
SET_CODES = frozenset(
    {
        "INCOMPATIBLE_ENTRIES",
        "PREREQUISITE_MISSING",
        "REQUIRED_KEYWORD_MISSING",
        "MOVEMENT_KEYWORD_NOT_UNIQUE",
        "OFFENSIVE_RANGE_KEYWORD_NOT_UNIQUE",
        "OFFENSIVE_DAMAGE_KEYWORD_MISSING",
        "PASSIVE_WITHOUT_DEFENSIVE_RESPONSE",
        "UTILITY_WITH_HIT_OR_MISS_EFFECT",
        "MODIFIER_KEYWORD_DUPLICATED",
        "MODIFIER_KEYWORD_TARGETING",
        "DESIGN_CHOICE_MISSING",  # design choices are fixed per variant
        "PERFECT_HIT_INVALID",  # which Element it names and whether that Element is on the move
    }
)
SET_WISHES = frozenset({"keywords", "forbidden_keywords", "min_range", "include", "exclude"})


def _fighter(req: OptimiseRequest) -> FighterContext | None:
    f = req.fighter
    return None if f.strength is None and f.ki is None else FighterContext(strength=f.strength, ki=f.ki)


def _solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = SEED
    solver.parameters.max_deterministic_time = SOLVE_TIME
    solver.parameters.cp_model_probing_level = 0  # measured: halves the time of each solve on these models
    solver.parameters.linearization_level = 2  # measured: the Perfect Hit shares slowed the default 2–8×
    return solver


def _request(
    req: OptimiseRequest, sp: Space, values: list[int], level: int, fighter: FighterContext | None
) -> MoveRequest:
    elements: list[EntryChoice] = []
    liabilities: list[EntryChoice] = []
    on_move = frozenset(v.id for v, n in zip(sp.variants, values, strict=True) if n)
    for v, n in zip(sp.variants, values, strict=True):
        if n:
            (elements if v.entry.kind == "element" else liabilities).append(v.choice(n, on_move))
    return MoveRequest(
        type=req.type, level=level, elements=elements, liabilities=liabilities, fighter=fighter, campaign=req.campaign
    )


def unmet(req: OptimiseRequest, price: dict[str, Any]) -> list[str]:
    """The wishes a priced move does not meet, by request path."""
    kws = {*price["keywords"], *price["combo_keywords"]}
    out = [f"keywords[{i}]" for i, k in enumerate(req.keywords) if not has(kws, k)]
    out += [f"forbidden_keywords[{i}]" for i, k in enumerate(req.forbidden_keywords) if has(kws, k)]
    rng = price["range"]
    if req.min_range is not None and (rng is None or rng["max"] < req.min_range):
        out.append("min_range")
    if req.min_accuracy is not None and price["accuracy"] < req.min_accuracy:
        out.append("min_accuracy")
    dmg = price["damage"]
    if req.min_damage_die is not None and (
        dmg is None or die(dmg["die_with_strength"] or dmg["die"]).step < die(req.min_damage_die).step
    ):
        out.append("min_damage_die")
    if req.without_warnings and price["warnings"]:
        out.append("without_warnings")
    ids = {e["id"] for e in price["entries"]}
    out += [f"include[{i}]" for i, e in enumerate(req.include) if e not in ids]
    out += [f"exclude[{i}]" for i, e in enumerate(req.exclude) if e in ids]
    return out


def rank(price: dict[str, Any]) -> int:
    """The answer order as one number: Move Points, Element instances, Liability instances, level."""
    elements = sum(e["times"] for e in price["entries"] if e["kind"] == "element")
    liabilities = sum(e["times"] for e in price["entries"] if e["kind"] == "liability")
    return W_MP * price["move_points"] + W_ELEMENT * elements + W_LIABILITY * liabilities + W_LEVEL * price["level"]


def _cut(mm: MoveModel, values: list[int], level: int, whole_set: bool) -> None:
    m = mm.model
    differs = [u if n == 0 else u.Not() for u, n in zip(mm.taken, values, strict=True)]
    if not whole_set:
        differs = [u for u, n in zip(mm.taken, values, strict=True) if n == 0]
        for x, u, n in zip(mm.times, mm.taken, values, strict=True):
            if n and x is u:
                differs.append(u.Not())
            elif n:
                differs.append(_differs(m, x, n))
        differs.append(_differs(m, mm.level, level))
    m.add_bool_or(differs)


def _differs(m: cp_model.CpModel, x: cp_model.IntVar, value: int) -> cp_model.IntVar:
    """A literal true exactly when ``x`` is not ``value`` (fully tied, so enumeration meets each assignment once)."""
    b = m.new_bool_var("")
    m.add(x != value).only_enforce_if(b)
    m.add(x == value).only_enforce_if(b.Not())
    return b


class _Collector(cp_model.CpSolverSolutionCallback):
    """The distinct assignments (counts and level) an enumeration meets, up to a limit."""

    def __init__(self, mm: MoveModel, limit: int) -> None:
        super().__init__()
        self.mm = mm
        self.limit = limit
        self.found: dict[tuple[int, ...], None] = {}

    def on_solution_callback(self) -> None:
        key = (*(self.value(x) for x in self.mm.times), self.value(self.mm.level))
        self.found[key] = None
        if len(self.found) >= self.limit:
            self.stop_search()


class Search:
    """One optimisation: the model, the solver and what has been kept."""

    def __init__(self, req: OptimiseRequest) -> None:
        self.req = req
        self.fighter = _fighter(req)
        self.space = space(req.type, req.campaign, self.fighter, req.named())
        self.mm = build(req, self.space)
        self.solver = _solver()
        self.kept: list[tuple[int, str, MoveRequest, dict[str, Any]]] = []
        self.candidates = self.rejected = 0
        self.spent = 0.0
        self.limit: str | None = None
        self.core: list[int] = []

    def run(self) -> None:
        if self.space.move_wide:
            return  # no entries can mend these; answered as the binding constraint
        while True:
            if self.candidates >= MAX_CANDIDATES:
                self.limit = "candidates"
                return
            if self.spent >= TOTAL_TIME:
                self.limit = "solver_time"
                return
            status = self.solver.solve(self.mm.model)
            self.spent += self.solver.response_proto.deterministic_time
            if status == cp_model.INFEASIBLE:
                self.core = list(self.solver.sufficient_assumptions_for_infeasibility())
                return
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                self.limit = "solver_time"
                return
            bound = round(self.solver.best_objective_bound)
            if len(self.kept) >= self.req.answers and bound >= self.kept[self.req.answers - 1][0]:
                return
            if status == cp_model.FEASIBLE:
                self.limit = "solver_time"  # not proven the cheapest left; what follows is best effort
                found = [(*(self.solver.value(x) for x in self.mm.times), self.solver.value(self.mm.level))]
            else:
                found = self._tier(round(self.solver.objective_value))
            for key in found[: MAX_CANDIDATES - self.candidates]:
                self._check(list(key[:-1]), key[-1])

    def _tier(self, objective: int) -> list[tuple[int, ...]]:
        """Every assignment as cheap as the optimum just found (up to a limit), in one enumeration."""
        m, mm = self.mm.model, self.mm
        gate = m.new_bool_var("tier")
        m.add(mm.objective <= objective).only_enforce_if(gate)
        m.clear_objective()
        m.add_assumption(gate)
        collector = _Collector(mm, TIER_SIZE * self.req.answers)
        solver = _solver()
        solver.parameters.enumerate_all_solutions = True
        solver.solve(m, collector)
        self.spent += solver.response_proto.deterministic_time
        m.clear_assumptions()
        m.add_assumptions([w.literal for w in mm.wants])
        m.add_bool_or([gate.Not()])  # the tier's bound is spent
        m.minimize(mm.objective)
        return sorted(collector.found) or [(*(self.solver.value(x) for x in mm.times), self.solver.value(mm.level))]

    def _check(self, values: list[int], level: int) -> None:
        request = _request(self.req, self.space, values, level, self.fighter)
        price = priced(request)
        self.candidates += 1
        missed = unmet(self.req, price)
        codes = {v["code"] for v in price["violations"]}
        if codes or missed:
            self.rejected += 1
            whole_set = bool(codes & SET_CODES) or any(p.split("[", 1)[0] in SET_WISHES for p in missed)
        else:
            self.kept.append((rank(price), request.model_dump_json(), request, price))
            self.kept.sort(key=lambda k: (k[0], k[1]))
            whole_set = False
        _cut(self.mm, values, level, whole_set)

    def answer(self) -> OptimiseAnswer:
        moves = [
            OptimisedMove(request=r, price=MovePrice.model_validate(p, context=BUILT), assumed=self._assumed(r))
            for _, _, r, p in self.kept[: self.req.answers]
        ]
        if self.limit:
            status = "limit_reached"
        elif moves:
            status = "optimal"
        else:
            status = "none_exists"
        binding = self._binding() if status == "none_exists" else []
        return OptimiseAnswer(
            ruleset=RULESET,
            ruleset_version=VERSION,
            status=status,  # type: ignore[arg-type]
            moves=moves,
            binding=binding,
            limit=self.limit,
            candidates=self.candidates,
            rejected=self.rejected,
            unsupported=[DECLARED.unsupported(ident, "", why) for ident, why in self.space.not_built],
        )

    def _assumed(self, request: MoveRequest) -> list[Assumed]:
        named = self.req.named()
        out = []
        for choice in (*request.elements, *request.liabilities):
            entry = catalog().entries[choice.id]
            for opt in entry.options:
                if opt.name in named.get(entry.id, {}) or opt.name not in choice.options:
                    continue
                value = choice.options[opt.name]
                if opt.type == "text" and value == PLACEHOLDER:
                    why = "free text the player names when the move joins a sheet (the price does not depend on it)"
                elif opt.type == "entries" and any(o == opt.name for o, _ in fills_of(entry, {})):
                    why = "the Elements on this move that it may be tied to"
                elif opt.picks is not None and not opt.picks.on_move:
                    why = "an Element the search chose; any other Element of the same cost prices the same"
                else:
                    continue
                out.append(Assumed(entry=entry.id, option=opt.name, value=value, why=why))
            if choice.combinations and entry.id not in named:
                value = [r.id for c in choice.combinations for r in c.entries]
                why = "one Element per combination, chosen by the search; any combinations within the allocation do"
                out.append(Assumed(entry=entry.id, option="combinations", value=value, why=why))
        return out

    def _minimal_core(self) -> list[int]:
        """Drop from the solver's core every wish the others stay infeasible without (one solve per wish)."""
        by_index = {w.literal.index: w.literal for w in self.mm.wants}
        core = [i for i in self.core if i in by_index]
        model = self.mm.model
        for index in list(core):
            trial = [i for i in core if i != index]
            model.clear_assumptions()
            model.add_assumptions([by_index[i] for i in trial])
            if self.solver.solve(model) == cp_model.INFEASIBLE:
                core = trial
        return core

    def _binding(self) -> list[Binding]:
        if self.space.move_wide:
            return [Binding(path="type", message=f"{code}: {message}") for code, message in self.space.move_wide]
        by_index = {w.literal.index: w for w in self.mm.wants}
        found = [by_index[i] for i in self._minimal_core() if i in by_index]
        if not found:
            return [Binding(path="type", message=f"no legal {self.req.type} move exists in the search")]
        return [Binding(path=w.path, message=w.message) for w in found]


def optimise(req: OptimiseRequest) -> OptimiseAnswer:
    """The cheapest legal moves that meet every wish, each priced by the pricing core."""
    wrong = req.choice_problems()
    if wrong:  # the player's named choices cannot all be honoured: nothing is built on a guess
        return OptimiseAnswer(
            ruleset=RULESET,
            ruleset_version=VERSION,
            status="none_exists",
            moves=[],
            binding=[Binding(path=path, message=why) for path, why in wrong],
            candidates=0,
            rejected=0,
            unsupported=[],
        )
    search = Search(req)
    search.run()
    return search.answer()
