"""Hand-built Fighters shared by the Fighter tests, and small helpers.

Every figure here was worked out by hand from the book (000 L440–L770, the Power Level Chart L704–L714, move
costs L2263–L2297 and L5212–L5236); the comments show the sums. The module holds no tests itself.
"""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.fighters.fighter_models import FighterRequest, FighterValidation

Json = dict[str, Any]


def validate(fighter: Json, **campaign: Any) -> FighterValidation:
    return validate_fighter(FighterRequest.model_validate({"fighter": fighter, "campaign": campaign}))


def errors(r: FighterValidation) -> set[str]:
    return {f.code for f in r.violations}


def warnings(r: FighterValidation) -> set[str]:
    return {f.code for f in r.warnings}


def infos(r: FighterValidation) -> set[str]:
    return {f.code for f in r.info}


def el(ident: str, times: int = 1, **options: Any) -> Json:
    out: Json = {"id": ident}
    if times != 1:
        out["times"] = times
    if options:
        out["options"] = options
    return out


def move(name: str, level: int, elements: list[Json], liabilities: list[Json] | None = None, **extra: Any) -> Json:
    out: Json = {"name": name, "level": level, "elements": elements}
    if liabilities:
        out["liabilities"] = liabilities
    out.update(extra)
    return out


CONCEPT = {
    "appearance": "scarred brawler",
    "martial_arts_style": "street karate",
    "training_background": "dojo",
    "reason_for_fighting": "to prove himself",
}

# ── Books' moves (000 L4980–L5007) ──────────────────────────────────────────────────────────────────
BLOOMING_DANCE = move("Blooming Dance", 3, [el("ranged"), el("increased_damage", 2)])  # 4/4 Elements, 3 MP
LIGHTNING_CRASH = move(
    "Lightning Crash", 4, [el("anti_air"), el("juggle"), el("knocks_down"), el("power_up", version="control")]
)  # 5/5 Elements, 4 MP
ABYSSAL_RECKONING = move(
    "Abyssal Reckoning",
    4,
    [el("unblockable"), el("increased_stun"), el("knocks_down"), el("increased_damage", 4)],
    [el("decreased_accuracy", 2), el("no_movement")],
)  # 5 + 3 slots, 8 used, 4 MP


def wayne_pl1() -> Json:
    """PL 1 standard Fighter (Wayne's three moves, 000 L635): Strength 1 / Speed 0 / Stamina 1.

    Qualities 4 of 4 slots (no Weakness, 2 Quirks). CSP 5 = Defense 3 + Evasion 2. NSP 15 = 5 × 3 (cap 3).
    MP 10 = L3 (3) + L3 (3) + L4 (4). Life Bar 30, FS 10."""
    return {
        "name": "Wayne",
        "power_level": 1,
        "glory": 0,
        "concept": CONCEPT,
        "basic_qualities": {"strength": 1, "speed": 0, "stamina": 1},
        "qualities": [{"id": "charming"}, {"id": "fame"}, {"id": "driven"}, {"id": "intimidating"}],
        "quirks": [{"id": "arrogant"}, {"id": "Loves Combat"}],
        "combat_skills": {"defense": 3, "evasion": 2},
        "narrative_skills": [
            {"id": "athletics", "level": 3},
            {"id": "perception", "level": 3},
            {"id": "The Fighting World", "level": 3},
            {"id": "intimidation", "level": 3},
            {"id": "stealth", "level": 3},
        ],
        "moves": [
            move("Rising Fist", 3, [el("anti_air"), el("knocks_down"), el("juggle")], cost_paid=3),
            move("Dash Punch", 3, [el("mobile"), el("increased_damage", 3)], cost_paid=3),
            copy.deepcopy(LIGHTNING_CRASH) | {"cost_paid": 4},
        ],
        "life_bar": 30,
        "fighting_spirit": 10,
    }


def christine_pl2() -> Json:
    """PL 2 Fighter with full history: Strength −1 / Speed 2 (both to Initiative) / Stamina 0, Ki 1.

    Slots 4 + 1 (PL 2) + 1 (Fragile Self-Image) = 6: five Qualities at PL 1 and Sensei gained at PL 2.
    PL 1: CSP 5 = Ki 1 + Evasion 3 + Defense 1; NSP 15 = 5 × 3; MP 10 = 3 + 3 + 4.
    PL 2: CSP +3 = Defense +1, Combo +2; NSP +10; MP 10 = 4 + 3 + 3 (one Combo level).
    Totals: CSP 8 = 1 + 3 + 2 + (3 − 1 bought with MP); NSP 25; one Combat Bonus (Accuracy +1).
    Life Bar 40, FS 20; Glory 30 is inside PL 2's 26–50."""
    pl1_skills = [
        {"id": n, "level": 3} for n in ("acrobatics", "agility", "perception", "smooth_talking", "performance")
    ]
    return {
        "name": "Christine",
        "power_level": 2,
        "glory": 30,
        "concept": CONCEPT,
        "basic_qualities": {"strength": -1, "speed": 2, "stamina": 0},
        "speed_allocation": {"initiative": 2, "control": 0},
        "qualities": [
            {"id": "attractive", "acquired_at_pl": 1},
            {"id": "attractive", "acquired_at_pl": 1, "params": {"descriptor": "Cute"}},
            {"id": "alertness", "acquired_at_pl": 1},
            {"id": "reputation", "acquired_at_pl": 1},
            {"id": "charming", "acquired_at_pl": 1},
            {
                "id": "sensei",
                "acquired_at_pl": 2,
                "director_approved": True,
                "params": {"skills": ["zen_state", "meditation"]},
            },
        ],
        "weaknesses": [{"id": "fragile_self_image", "acquired_at_pl": 1}],
        "quirks": [{"id": "immature"}, {"id": "reckless"}],
        "even_level_choices": [{"pl": 2, "choice": "gain_quality", "director_approved": True}],
        "combat_skills": {"ki": 1, "evasion": 3, "defense": 2, "combo": 3},
        "combo_from_move_points": 1,
        "narrative_skills": [
            {"id": "acrobatics", "level": 5},
            {"id": "agility", "level": 4},
            {"id": "perception", "level": 4},
            {"id": "smooth_talking", "level": 4},
            {"id": "performance", "level": 4},
            {"id": "stealth", "level": 4},
        ],
        "combat_bonuses": {"accuracy": {"regular": 1}},
        "moves": [
            copy.deepcopy(BLOOMING_DANCE) | {"acquired_at_pl": 1},
            move("Spinning Heel", 3, [el("mobile"), el("increased_damage", 2), el("hard_to_evade")], acquired_at_pl=1),
            move("Low Sweep", 4, [el("hits_low"), el("knocks_down"), el("increased_damage", 2)], acquired_at_pl=1),
            move("Rapid Kicks", 4, [el("multi_hit", 3), el("increased_damage", 2)], acquired_at_pl=2),
            move("Air Dive", 3, [el("aerial"), el("mobile"), el("increased_damage", 2)], acquired_at_pl=2),
        ],
        "move_point_ledger": [
            {"pl": 1, "received": 10, "spent_on_moves": 10},
            {"pl": 2, "received": 10, "spent_on_moves": 7, "to_combo": 3},
        ],
        "skill_history": [
            {
                "pl": 1,
                "combat_skills": {"ki": 1, "evasion": 3, "defense": 1},
                "narrative_skills": pl1_skills,
                "combat_bonuses": {},
                "basic_qualities": {"strength": -1, "speed": 2, "stamina": 0},
                "speed_allocation": {"initiative": 2, "control": 0},
                "life_bar": 30,
                "fighting_spirit": 10,
            }
        ],
        "life_bar": 40,
        "fighting_spirit": 20,
    }


SUPER_L5 = move(
    "Crimson Apocalypse",
    5,
    [el("increased_damage", 6), el("hits_low"), el("hard_to_evade", 2), el("anti_air")],
    kind="super",
)  # 10/10, 6 of them offence, 5 MP


def bob_pl3() -> Json:
    """PL 3 grappler without history: Strength 2 / Speed −1 (Initiative) / Stamina 0, Tall and Big.

    Slots 4 + 1 + 2 Weaknesses = 7: six Qualities and one exchanged for 2 FS. CSP 11 = D3 + T3 + E1 + Combo 4.
    NSP 35 = 7 × 5 (cap 9). Bonuses: Damage +2 (PL 3 allows the same bonus twice). MP 30 = Super L5 (5) +
    4 + 3 + 4 + 4 + 3 + 3 (L2) + 4. Life Bar 50, FS 30 + 2 = 32; Glory 60 is inside 51–100."""
    return {
        "name": "Bob",
        "power_level": 3,
        "glory": 60,
        "concept": CONCEPT,
        "basic_qualities": {"strength": 2, "speed": -1, "stamina": 0},
        "speed_allocation": {"initiative": -1, "control": 0},
        "qualities": [
            {"id": "tall"},
            {"id": "big"},
            {"id": "intimidating"},
            {"id": "weapon_expert"},
            {"id": "influence", "director_approved": True, "params": {"skill": "street_society"}},
            {"id": "friend", "params": {"skills": ["street_society", "deduction"]}},
        ],
        "quality_exchanges": [{"converted_to": "fighting_spirit"}],
        "weaknesses": [{"id": "dull_personality"}, {"id": "honorable"}],
        "quirks": [{"id": "brutal"}],
        "combat_skills": {"defense": 3, "tactics": 3, "evasion": 1, "combo": 4},
        "narrative_skills": [
            {"id": n, "level": 5}
            for n in (
                "intimidation",
                "athletics",
                "endure_great_hardship",
                "street_society",
                "thug_thrashing",
                "property_damage",
                "the_fighting_world",
            )
        ],
        "combat_bonuses": {"damage": {"regular": 2}},
        "moves": [
            copy.deepcopy(SUPER_L5),
            copy.deepcopy(ABYSSAL_RECKONING),
            move("Crushing Grab", 3, [el("throw"), el("increased_damage", 2)]),
            move("Shoulder Charge", 4, [el("mobile"), el("knocks_down"), el("increased_damage", 2)]),
            move("Giant Swing", 4, [el("throw"), el("knocks_down"), el("increased_damage")]),
            move("Headbutt", 3, [el("increased_stun"), el("increased_damage", 3)]),
            move("Stomp", 2, [el("hits_low"), el("increased_damage", 2)]),
            move("Earthquake", 4, [el("hits_low"), el("knocks_down"), el("increased_damage", 2)]),
        ],
        "life_bar": 50,
        "fighting_spirit": 32,
    }


def koichiro_pl5() -> Json:
    """PL 5 Ki user using the PL 5 options: Strength 1 / Speed 1 (Control) / Stamina 0.

    Slots 4 + 2 + 1 (Calling) = 7: six Qualities + one exchanged for 3 NSP. CSP 17 = Ki 3 + D4 + E4 + Combo 3
    (14) + Anti-Air Response +1 (2) + 1 converted to 3 NSP. NSP 55 + 3 + 3 = 61. Bonuses Damage 2 + Control 2.
    MP 50 = 9 Specials (34) + Supers L5 (5) and L6 (6) + 5 to Fighting Spirit. Life Bar 70, FS 55 + 5 = 60."""
    return {
        "name": "Koichiro",
        "power_level": 5,
        "glory": 200,
        "concept": CONCEPT,
        "basic_qualities": {"strength": 1, "speed": 1, "stamina": 0},
        "speed_allocation": {"initiative": 0, "control": 1},
        "qualities": [
            {"id": "sensei", "params": {"skills": ["realize_potential", "reaffirm_purpose"]}},
            {"id": "great_destiny"},
            {"id": "driven"},
            {"id": "alertness"},
            {"id": "fame"},
            {"id": "power", "params": {"subject": "Flight"}},
        ],
        "quality_exchanges": [{"converted_to": "narrative"}],
        "weaknesses": [{"id": "calling", "director_approved": True, "params": {"subject": "never strike first"}}],
        "quirks": [{"id": "rivalry", "subject": "Blood Fist"}, {"id": "dead_serious"}],
        "combat_skills": {"ki": 3, "defense": 4, "evasion": 4, "combo": 3},
        "defensive_response_bonuses": [{"response": "anti_air", "bonus": 1}],
        "csp_converted_to_narrative": 1,
        "narrative_skills": [
            {"id": "realize_potential", "level": 8},
            {"id": "reaffirm_purpose", "level": 6, "subject": "become the strongest"},
            {"id": "zen_state", "level": 8},
            {"id": "meditation", "level": 8},
            {"id": "perception", "level": 8},
            {"id": "power", "level": 6, "subject": "Flight"},
            {"id": "the_fighting_world", "level": 8},
            {"id": "knowledge", "level": 9, "subject": "martial arts history"},
        ],
        "combat_bonuses": {"damage": {"regular": 2}, "control": {"regular": 2}},
        "moves": [
            move("Hadou", 3, [el("ranged"), el("increased_damage", 2)]),
            copy.deepcopy(LIGHTNING_CRASH) | {"name": "Shoryu"},
            move("Tatsu", 4, [el("mobile"), el("multi_hit", 2), el("increased_damage", 2)]),
            move("Dash Uppercut", 5, [el("mobile"), el("anti_air"), el("knocks_down"), el("increased_damage", 2)]),
            move("Air Hurricane", 3, [el("aerial"), el("mobile"), el("increased_damage", 2)]),
            move(
                "Focus Strike", 4, [el("unblockable"), el("increased_stun"), el("knocks_down"), el("increased_damage")]
            ),
            move("Ki Barrage", 4, [el("ranged"), el("multi_hit", 3)]),
            move("Palm Thrust", 3, [el("reach"), el("knocks_down"), el("increased_damage")]),
            move("Counter Blow", 4, [el("counter"), el("increased_damage", 4)]),
            move("Shinkuu", 5, [el("ranged"), el("increased_damage", 6), el("hard_to_evade", 2)], kind="super"),
            move(
                "Final Storm",
                6,
                [el("increased_damage", 8), el("hits_low"), el("hard_to_evade", 2), el("anti_air")],
                kind="super",
            ),
        ],
        "move_points_to_fighting_spirit": 5,
        "life_bar": 70,
        "fighting_spirit": 60,
    }


# Nineteen different full L3 builds (4 Elements each, 3 MP) for the PL 8 Fighter.
L3_BUILDS: list[list[Json]] = [
    [el("anti_air"), el("knocks_down"), el("juggle")],
    [el("mobile"), el("increased_damage", 3)],
    [el("hits_low"), el("increased_damage", 3)],
    [el("hits_low"), el("knocks_down"), el("increased_damage")],
    [el("hard_to_evade", 2), el("increased_damage", 2)],
    [el("unblockable"), el("increased_stun"), el("knocks_down")],
    [el("aerial"), el("mobile"), el("increased_damage", 2)],
    [el("aerial"), el("increased_damage", 3)],
    [el("multi_hit", 2), el("increased_damage", 2)],
    [el("multi_hit", 4)],
    [el("throw"), el("increased_damage", 2)],
    [el("throw"), el("knocks_down")],
    [el("reach"), el("increased_damage", 3)],
    [el("reach"), el("knocks_down"), el("increased_damage")],
    [el("increased_stun"), el("increased_damage", 3)],
    [el("counter"), el("increased_damage", 3)],
    [el("crouching"), el("increased_damage", 3)],
    [el("anti_air"), el("increased_damage", 3)],
    [el("hard_to_evade"), el("increased_damage", 3)],
]


def tsuto_pl8() -> Json:
    """PL 8 Fighter with 24 moves: Strength 0 / Speed 1 (Initiative) / Stamina 1.

    Slots 4 + 4 + 2 Weaknesses = 10 Qualities. Bonuses: Damage 3 + Control 2 + Accuracy 2 = 7 (max 3), plus
    Damage +2 bought at PL 5+ (6 CSP). CSP 26 = D5 + E5 + T4 + Combo 6 + 6. NSP 85 = 8 × 10 + 5.
    MP 80 = 19 × L3 (57) + 3 × L4 (12) + Supers L5 (5) and L6 (6). Life Bar 100, FS 100; Glory 600."""
    moves = [move(f"Form {i + 1}", 3, b) for i, b in enumerate(L3_BUILDS)]
    moves += [
        copy.deepcopy(LIGHTNING_CRASH),
        copy.deepcopy(ABYSSAL_RECKONING),
        move("Rushing Uppercut", 4, [el("mobile"), el("anti_air"), el("knocks_down"), el("increased_damage")]),
        copy.deepcopy(SUPER_L5),
        move(
            "Heaven Splitter",
            6,
            [el("increased_damage", 8), el("hits_low"), el("hard_to_evade", 2), el("anti_air")],
            kind="super",
        ),
    ]
    return {
        "name": "Tsuto",
        "power_level": 8,
        "glory": 600,
        "concept": CONCEPT,
        "basic_qualities": {"strength": 0, "speed": 1, "stamina": 1},
        "speed_allocation": {"initiative": 1, "control": 0},
        "qualities": [
            {"id": "charming"},
            {"id": "reputation"},
            {"id": "fame"},
            {"id": "fame"},
            {"id": "wealth"},
            {"id": "friend", "params": {"skills": ["high_society", "knowledge"]}},
            {"id": "intelligent"},
            {"id": "genius"},
            {"id": "pet", "params": {"skills": ["perception", "presence"]}},
            {"id": "weapon_expert"},
        ],
        "weaknesses": [{"id": "phobia", "params": {"subject": "spiders"}}, {"id": "honorable"}],
        "quirks": [{"id": "demure"}],
        "combat_skills": {"defense": 5, "evasion": 5, "tactics": 4, "combo": 6},
        "narrative_skills": [
            {"id": n, "level": 10}
            for n in (
                "athletics",
                "perception",
                "high_society",
                "presence",
                "deduction",
                "smooth_talking",
                "the_fighting_world",
            )
        ]
        + [{"id": "knowledge", "subject": "history", "level": 10}, {"id": "stealth", "level": 5}],
        "combat_bonuses": {
            "damage": {"regular": 3, "purchased": 2},
            "control": {"regular": 2},
            "accuracy": {"regular": 2},
        },
        "moves": moves,
        "life_bar": 100,
        "fighting_spirit": 100,
    }


def hiro_styles_pl1() -> Json:
    """PL 1 Multiple Styles Fighter (Hiro, 000 L5027): two styles, each purchase builds one L3 per style.

    Qualities 4 (Multiple Styles approved). MP 10 = two purchases × (3 + 1 extra style) + 2 to Narrative Skills.
    CSP 5 = D3 + E2. NSP 15 + 2 = 17. Style Change is granted free. Life Bar 30, FS 10."""
    return {
        "name": "Hiro",
        "power_level": 1,
        "glory": 0,
        "concept": CONCEPT,
        "basic_qualities": {"strength": 1, "speed": 1, "stamina": 0},
        "speed_allocation": {"initiative": 1, "control": 0},
        "qualities": [
            {"id": "multiple_styles", "director_approved": True},
            {"id": "charming"},
            {"id": "driven"},
            {"id": "alertness"},
        ],
        "quirks": [{"id": "impulsive"}],
        "styles": [{"name": "Tiger", "is_base": True}, {"name": "Crane"}],
        "combat_skills": {"defense": 3, "evasion": 2},
        "narrative_skills": [
            {"id": "acrobatics", "level": 3},
            {"id": "athletics", "level": 3},
            {"id": "meditation", "level": 3},
            {"id": "perception", "level": 3},
            {"id": "stealth", "level": 3},
            {"id": "spirituality", "level": 2},
        ],
        "move_points_to_narrative": 2,
        "moves": [
            move(
                "Tiger Claw",
                3,
                [el("anti_air"), el("knocks_down"), el("juggle")],
                style="Tiger",
                purchase="p1",
                cost_paid=4,
            ),
            move("Crane Dive", 3, [el("mobile"), el("increased_damage", 3)], style="Crane", purchase="p1"),
            move("Tiger Sweep", 3, [el("hits_low"), el("increased_damage", 3)], style="Tiger", purchase="p2"),
            move(
                "Crane Wing", 3, [el("aerial"), el("mobile"), el("increased_damage", 2)], style="Crane", purchase="p2"
            ),
            {"kind": "command", "command": "style_change", "free_source": "granted_command"},
        ],
        "life_bar": 30,
        "fighting_spirit": 10,
    }


BUILDS = {
    "pl1": wayne_pl1,
    "pl2": christine_pl2,
    "pl3": bob_pl3,
    "pl5": koichiro_pl5,
    "pl8": tsuto_pl8,
    "styles": hiro_styles_pl1,
}
