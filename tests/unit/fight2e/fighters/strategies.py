"""Hypothesis strategies for legal Fighters, composed within the Power Level's budgets.

A sheet is built the way a player fills one in (000 L440–L770; budgets as in the rules digest §2.3 and §3.5):
Basic Qualities from the nine legal arrays, Quality slots 4 + even levels + Weaknesses, Combat and Narrative
Skill Points spent to the last point under their caps, the chart's Combat Bonuses, and the Power Level's Move
Points spent on Special and Super Moves whose Elements and Liabilities are added one at a time while the moves
core still prices the move legal (any Move Point left over goes to Narrative Skills or Fighting Spirit). Life Bar
and Fighting Spirit follow from the chart. The Fighter validator is the judge: the property test asserts that
every generated sheet is valid, so a generator bug or a validator bug shows up as a failure, never as a filter.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from hypothesis import strategies as st

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.character_catalog import character_catalog
from service.rules.fight2e.catalogue.schema import Entry
from service.rules.fight2e.moves.models import Campaign, FighterContext, MoveRequest, TechniqueOption
from service.rules.fight2e.moves.price import price_move

Json = dict[str, Any]

CAT = catalog()
CHAR = character_catalog()
CHART = CHAR.power_levels

# The nine legal Basic Quality arrays (Strength, Speed, Stamina) and their Speed allocations (000 L498–L520).
ARRAYS: list[tuple[tuple[int, int, int], list[tuple[int, int]]]] = [
    ((1, 1, 0), [(1, 0), (0, 1)]),
    ((1, 0, 1), [(0, 0)]),
    ((0, 1, 1), [(1, 0), (0, 1)]),
    ((2, -1, 0), [(-1, 0), (0, -1)]),
    ((2, 0, -1), [(0, 0)]),
    ((-1, 2, 0), [(2, 0), (1, 1), (0, 2)]),
    ((0, 2, -1), [(2, 0), (1, 1), (0, 2)]),
    ((-1, 0, 2), [(0, 0)]),
    ((0, -1, 2), [(-1, 0), (0, -1)]),
]

# Qualities a generated Fighter may take: the combat-relevant body and movement groups, then the rest. Each take
# carries the parameters and approval its catalogue record asks for.
BODY = [[], ["tall"], ["tall", "big"], ["short"], ["mobility"], ["mobility", "jumper"], ["runner"], ["mobile_grappler"]]
PLAIN_QUALITIES = ["alertness", "charming", "driven", "fame", "intelligent", "intimidating", "reputation"]
PLAIN_QUALITIES += ["weapon_expert", "wealth", "great_destiny", "attractive"]
APPROVED_QUALITIES = ["lucky", "theme_music", "immortal_being"]
TECHNIQUES = {"wall_spring": TechniqueOption.wall_springs, "dash": TechniqueOption.dash}
TECHNIQUES["sidestep"] = TechniqueOption.sidestep
WEAKNESSES = ["honorable", "dark_side", "amnesia", "fearsome_appearance", "fragile_self_image", "light"]
WEAKNESSES += ["oblivious", "dull_personality", "bad_reputation"]
QUIRKS = ["arrogant", "brutal", "dead_serious", "demure", "impulsive", "reckless", "loves_combat", "glutton"]
# Narrative Skills that need no subject, no Quality and have no special pricing.
NARRATIVE = [
    s.id
    for s in CHAR.skills.values()
    if s.kind == "narrative" and not s.requires_quality and not s.subject and s.id not in {"fame", "wealth"}
]

# Special Move flavours a generated move starts from, so that Throws, Ranged moves, Interrupts, Combo pieces,
# Counters and the like turn up often; the rest of the move is drawn from the whole catalogue.
FLAVOURS = [
    "throw",
    "ranged",
    "interrupt",
    "easy_to_combo",
    "juggle",
    "counter",
    "multi_hit",
    "mobile",
    "knocks_down",
    "anti_air",
    "reversal",
    "priority",
    "unblockable",
    "hits_low",
    "aerial",
    "reach",
    "area_effect",
    "buff",
    "healing",
    "drain_life",
    "set_up",
    "power_up",
    "wind_up",
    "bomb",
    "summon",
    "prop",
    "invisibility",
    "teleportation",
]
SUPER_OFFENSE = ["increased_damage", "increased_accuracy", "breakthrough", "invincibility"]
# Entries that need another move with a given entry on the sheet (000 L3904, L4644, L4958, L4103, L3264): left to
# the per-entry combat tests, since a random sheet rarely holds the partner move.
NEEDS_PARTNER = {"prop_recovery", "reload", "super_reload", "powerless_exception", "end_buff", "cancel_throw"}
NEEDS_PARTNER |= {"limited_choice"}  # on every Super Move once on one (a Fighter rule)
ENTRIES: list[Entry] = sorted(
    (e for e in CAT.elements() + CAT.liabilities() if e.id.split(".")[0] not in NEEDS_PARTNER), key=lambda e: e.id
)
# Design choices that name another move of the Fighter: filled in once the moves have names.
MOVE_REFERENCES = {"target_moves": "any", "target_super": "super", "opening_move": "any", "opening_throw": "any"}


def _option_values(e: Entry) -> st.SearchStrategy[Json]:
    """Values for an entry's design choices: every enumerated or numeric one drawn, texts filled in."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for op in e.options:
        if op.type == "choice" and op.choices:
            fields[op.name] = st.sampled_from([c.value for c in op.choices])
        elif op.type == "int":
            lo = op.minimum if op.minimum is not None else 1
            hi = op.maximum if op.maximum is not None else lo + 3
            fields[op.name] = st.integers(lo, min(hi, lo + 4))
        elif op.type == "text":
            fields[op.name] = st.just("generated")
        elif op.type == "entry":
            fields[op.name] = st.sampled_from(["increased_damage", "knocks_down", "increased_accuracy"])
        elif op.type == "entries":
            fields[op.name] = st.lists(st.sampled_from(["increased_damage", "knocks_down"]), min_size=1, max_size=2)
    return st.fixed_dictionaries(fields)


OPTION_STRATEGIES = {e.id: _option_values(e) for e in ENTRIES}
BY_ID = {e.id: e for e in ENTRIES}
ENTRY_IDS = sorted(BY_ID)


@lru_cache(maxsize=65536)
def _price(request_json: str) -> tuple[bool, int]:
    res = price_move(MoveRequest.model_validate_json(request_json))
    return res.legal, res.move_points


def price(kind: str, level: int, elements: list[Json], liabilities: list[Json], ctx: Json, camp: Json) -> tuple:
    """(legal, Move Points) of one move as the Fighter validator prices it (memoised: pricing is pure)."""
    req = MoveRequest.model_validate(
        {"type": kind, "level": level, "elements": elements, "liabilities": liabilities, "fighter": ctx}
        | {"campaign": camp}
    )
    return _price(req.model_dump_json())


@st.composite
def entry_choice(draw: st.DrawFn, entry_id: str) -> Json:
    e = BY_ID[entry_id]
    out: Json = {"id": e.id}
    limit = e.instances or 3
    if limit > 1 and draw(st.booleans()):
        out["times"] = draw(st.integers(2, min(limit, 4)))
    options = draw(OPTION_STRATEGIES[e.id])
    if options:
        out["options"] = options
    return out


@st.composite
def move_design(draw: st.DrawFn, kind: str, level: int, ctx: Json, camp: Json) -> tuple[Json, int] | None:
    """One legal move at ``level``: entries added while the moves core keeps it legal. None if nothing fits."""
    elements: list[Json] = []
    liabilities: list[Json] = []
    if kind == "super":
        # Half the Super's Elements go to damage or accuracy Elements (000 L5234).
        need = math.ceil(level * 2 / 2)
        first = draw(st.sampled_from(SUPER_OFFENSE[:2]))
        elements.append({"id": first, "times": need} if need > 1 else {"id": first})
        if not price(kind, level, elements, liabilities, ctx, camp)[0]:
            elements = [{"id": "increased_damage", "times": need}]
    else:
        flavour = draw(st.sampled_from(FLAVOURS))
        if flavour in BY_ID:
            candidate = draw(entry_choice(flavour))
            if price(kind, level, [candidate], [], ctx, camp)[0]:
                elements.append(candidate)
    for _ in range(draw(st.integers(0, 6))):
        e = BY_ID[draw(st.sampled_from(ENTRY_IDS))]
        if any(x["id"] == e.id for x in elements + liabilities):
            continue
        choice = draw(entry_choice(e.id))
        trial = ([*elements, choice], liabilities) if e.kind == "element" else (elements, [*liabilities, choice])
        if price(kind, level, trial[0], trial[1], ctx, camp)[0]:
            elements, liabilities = trial
    legal, cost = price(kind, level, elements, liabilities, ctx, camp)
    if not legal:
        return None
    design: Json = {"kind": kind, "level": level, "elements": elements}
    if liabilities:
        design["liabilities"] = liabilities
    return design, cost


def _spread(draw: st.DrawFn, total: int, caps: list[int]) -> list[int]:
    """``total`` points over slots with the given caps (the caller makes sure they fit), drawn at random."""
    out = [0] * len(caps)
    left = total
    order = draw(st.permutations(range(len(caps))))
    for i in order:
        out[i] = draw(st.integers(0, min(caps[i], left)))
        left -= out[i]
    for i in order:  # whatever is left goes where there is room
        add = min(caps[i] - out[i], left)
        out[i] += add
        left -= add
    assert left == 0, (total, caps)
    return out


def _design_key(design: Json) -> tuple:
    """Two moves with the same level and entries are one move twice, whatever their design choices (000 L2301)."""
    entries = design["elements"] + design.get("liabilities", [])
    return design["kind"], design["level"], tuple(sorted((e["id"], e.get("times", 1)) for e in entries))


def _fill_move_references(moves: list[Json]) -> None:
    """Point each design choice that names another move at one that is on the sheet (the first Super for a Super
    Move Enhancer, else the move before it)."""
    for i, m in enumerate(moves):
        for entry in m["elements"] + m.get("liabilities", []):
            for name, wants in MOVE_REFERENCES.items():
                if name not in entry.get("options", {}):
                    continue
                pool = [o for o in moves if o is not m and (wants == "any" or o.get("kind") == "super")]
                if pool:
                    entry["options"][name] = pool[min(i, len(pool)) - 1]["name"]
            if "pool" in entry.get("options", {}):
                entry["options"]["pool"] = m["name"]  # one Limited Use pool per move: no reload clash (000 L4603)


@st.composite
def qualities(draw: st.DrawFn, slots: int) -> tuple[list[Json], list[Json], list[TechniqueOption]]:
    """``slots`` Quality slots: a body/movement group, then other Qualities, some exchanged (000 L540–L560)."""
    takes: list[Json] = [{"id": q} for q in draw(st.sampled_from(BODY))][:slots]
    exchanges: list[Json] = []
    techniques: list[TechniqueOption] = []
    plain = draw(st.permutations(PLAIN_QUALITIES))
    while len(takes) + len(exchanges) < slots:
        kind = draw(st.sampled_from(["plain", "plain", "approved", "technique", "distracting", "friend", "exchange"]))
        if kind == "exchange" and takes:
            exchanges.append({"converted_to": draw(st.sampled_from(["narrative", "fighting_spirit", "combat"]))})
        elif kind == "approved":
            q = draw(st.sampled_from(APPROVED_QUALITIES))
            if all(t["id"] != q for t in takes):
                takes.append({"id": q, "director_approved": True})
        elif kind == "technique":
            name = draw(st.sampled_from(sorted(TECHNIQUES)))
            if TECHNIQUES[name] not in techniques:
                techniques.append(TECHNIQUES[name])
                takes.append({"id": "technique", "director_approved": True, "params": {"subject": name}})
        elif kind == "distracting" and sum(t["id"] == "distracting" for t in takes) < 2:
            benefit = "control_penalty" if any(t["id"] == "distracting" for t in takes) else "damage_reduction"
            takes.append({"id": "distracting", "director_approved": True, "params": {"benefit": benefit}})
        elif kind == "friend":
            skills = draw(
                st.lists(
                    st.sampled_from(["high_society", "street_society", "deduction"]),
                    min_size=2,
                    max_size=2,
                    unique=True,
                )
            )
            takes.append({"id": "friend", "params": {"skills": skills}})
        elif plain:
            q, plain = plain[0], plain[1:]
            takes.append({"id": q})
        else:
            exchanges.append({"converted_to": "fighting_spirit"})
    return takes, exchanges, sorted(techniques)


CONFLICTS = {"light": "big", "oblivious": "alertness", "dull_personality": "charming"}
CONFLICTS["bad_reputation"] = "reputation"


@st.composite
def fighters(draw: st.DrawFn, max_pl: int = 8) -> Json:
    """A legal Fighter of a random Power Level (standard skill scheme, the core book's campaign)."""
    pl = draw(st.integers(1, max_pl))
    chart = CHART[pl]
    (strength, speed, stamina), allocations = draw(st.sampled_from(ARRAYS))
    init, ctrl = draw(st.sampled_from(allocations))
    # Qualities first (a Weakness's slot is only known once Qualities are drawn, so draw the base ones, then
    # the Weaknesses, then fill the slots they add).
    even = pl // 2
    weaknesses = [{"id": w} for w in draw(st.lists(st.sampled_from(WEAKNESSES), max_size=2, unique=True))]
    takes, exchanges, techniques = draw(qualities(4 + even + len(weaknesses)))
    held = {t["id"] for t in takes}
    weaknesses = [w for w in weaknesses if CONFLICTS.get(w["id"]) not in held]
    while len(takes) + len(exchanges) > 4 + even + len(weaknesses):
        if exchanges:
            exchanges.pop()
        else:
            techniques = [t for t in techniques if t.value not in str(takes[-1])]
            takes.pop()
    quirks = [{"id": q} for q in draw(st.lists(st.sampled_from(QUIRKS), max_size=2, unique=True))]
    qx = {k: sum(x["converted_to"] == k for x in exchanges) for k in ("narrative", "fighting_spirit", "combat")}

    # Moves: the Power Level's Move Points (10 per level, 000 L631), Supers from PL 3 (000 L736–L738).
    ki = draw(st.sampled_from([0, 0, 1, 2])) if pl > 0 else 0
    ki = min(ki, 3 * pl)
    ctx = {"power_level": pl, "strength": strength, "ki": ki, "styles": 1, "base_style": True}
    ctx["techniques"] = [t.value for t in techniques]
    camp: Json = {}
    mp = 10 * pl
    moves: list[Json] = []
    designs: set[str] = set()
    supers = draw(st.integers(1, chart.super_moves)) if pl >= 3 else 0
    for _ in range(supers):
        level = draw(st.integers(5, min(6, mp)))
        got = draw(move_design("super", level, ctx, camp))
        if got is not None and got[1] <= mp and _design_key(got[0]) not in designs:
            designs.add(_design_key(got[0]))
            moves.append(got[0])
            mp -= got[1]
    if pl >= 3 and not moves:  # the one Super a PL 3+ Fighter must have: five Increased Damage (000 L5234)
        moves.append({"kind": "super", "level": 5, "elements": [{"id": "increased_damage", "times": 5}]})
        mp -= 5
    for _ in range(30):
        if mp < 1:
            break
        level = draw(st.integers(2, 5))
        got = draw(move_design("special", level, ctx, camp))
        if got is None or got[1] > mp:
            continue
        key = _design_key(got[0])
        if key in designs:
            continue
        designs.add(key)
        moves.append(got[0])
        mp -= got[1]
    for i, m in enumerate(moves):
        m["id"] = f"m{i}"
        m["name"] = f"Move {i}"
    _fill_move_references(moves)
    for m in moves:
        if m.get("kind") == "special":
            del m["kind"]
    to_fs = 0 if pl == 1 else draw(st.integers(0, mp))  # PL 1 leftovers go to Narrative Skills (000 L633)
    to_narr = mp - to_fs

    # Combat Skills: 5 + 3 per advancement, spent exactly (000 L582); DET capped by the chart (000 L758).
    csp = 5 + 3 * (pl - 1) + qx["combat"]
    det = min(chart.det, 3) if pl <= 4 else chart.det
    ki_room = ki
    combat_points = _spread(draw, csp - ki_room, [det, det, det, csp])
    combat_skills = {"defense": combat_points[0], "evasion": combat_points[1], "tactics": combat_points[2]}
    combat_skills |= {"combo": combat_points[3], "ki": ki}

    # Narrative Skills: 15 + 10 per advancement, + 3 per exchanged Quality and MP sent there (000 L582, L560).
    nsp = 15 + 10 * (pl - 1) + 3 * qx["narrative"] + to_narr
    cap = min(3 * pl, 10)
    count = min(len(NARRATIVE), max(math.ceil(nsp / cap), draw(st.integers(1, 8))))
    names = draw(st.permutations(NARRATIVE))[:count]
    levels = _spread(draw, nsp, [cap] * count)
    narrative = [{"id": n, "level": lv} for n, lv in zip(names, levels, strict=True) if lv > 0]

    # Combat Bonuses: the chart's total, none above its single maximum (000 L756).
    bonus = _spread(draw, chart.combat_bonuses, [chart.combat_bonus_max_single] * 4)
    bonuses = {c: {"regular": b} for c, b in zip(("accuracy", "control", "damage", "defense"), bonus, strict=True) if b}
    sheet: Json = {
        "name": "Generated",
        "power_level": pl,
        "glory": 0 if pl == 1 else chart.glory_min,
        "concept": {"appearance": "a", "martial_arts_style": "b", "training_background": "c"}
        | {"reason_for_fighting": "d"},
        "basic_qualities": {"strength": strength, "speed": speed, "stamina": stamina},
        "speed_allocation": {"initiative": init, "control": ctrl},
        "qualities": takes,
        "quality_exchanges": exchanges,
        "weaknesses": weaknesses,
        "quirks": quirks,
        "combat_skills": combat_skills,
        "narrative_skills": narrative,
        "combat_bonuses": bonuses,
        "moves": moves,
        "move_points_to_narrative": to_narr,
        "move_points_to_fighting_spirit": to_fs,
        "story_points": draw(st.integers(0, 3)),  # what the Story Point Qualities spend in a fight (000 L1579)
        "life_bar": chart.life_bar,
        "fighting_spirit": chart.fighting_spirit + to_fs + 2 * qx["fighting_spirit"],
    }
    return sheet


__all__ = ["Campaign", "FighterContext", "fighters", "price"]
