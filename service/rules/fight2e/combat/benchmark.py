"""Median time of one turn in the core: two PL 4 Fighters trading three-hit Combos (no parsing, no HTTP).

Run: ``.venv/bin/python -m service.rules.fight2e.combat.benchmark`` (``--n`` repeats). The first call fills the
sheet-profile memo; the figure is the median over the following calls.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import time
from pathlib import Path

from ...core.tables import read_yaml
from .contract.models import TurnRequest
from .resolver import resolve_turn

# the Fighters' moves, kept as data (each sheet takes its own copy)
_MOVES_FILE = Path(__file__).resolve().parents[1] / "data" / "combat" / "benchmark-moves.yaml"
_MOVES: list[dict] = read_yaml(_MOVES_FILE)

# Narrative Skills no combat rule reads: the sheet's 45 Narrative Skill Points of PL 4
_NARRATIVE = "cooking knowledge perception stealth performance high_society street_society smooth_talking lockpicking"


def _sheet(fid: str) -> dict:
    """A legal PL 4 Fighter (Fighter validation finds nothing) with two Special Moves and a Super."""
    return {
        "id": fid,
        "power_level": 4,
        "glory": 101,  # the least Glory of PL 4 (000 L704–L714)
        "basic_qualities": {"strength": 1, "speed": 1, "stamina": 0},
        "speed_allocation": {"initiative": 0, "control": 1},
        "qualities": [{"id": "charming"}],  # every Fighter keeps a Quality; this one acts only outside combat
        # the 14 Combat Skill Points of PL 4 spent, Ki's 4 read by no choice these turns offer
        "combat_skills": {"defense": 3, "evasion": 2, "tactics": 2, "combo": 3, "ki": 4},
        "combat_bonuses": {"accuracy": {"regular": 1}, "control": {"regular": 1}, "damage": {"regular": 1}},
        "narrative_skills": [
            {"id": skill, "level": 5} for skill in _NARRATIVE.split()
        ],  # 45 points, none read in combat
        "move_points_banked": 31,  # 9 of PL 4's 40 Move Points on moves, the rest saved (000 L664, L716)
        "moves": copy.deepcopy(_MOVES),
    }


def request(seed: int = 7) -> TurnRequest:
    state = {"life_bar": 60, "fighting_spirit": 40, "fs_start": 40}
    return TurnRequest.model_validate(
        {
            "fight": {"positioning": {"mode": "range", "range": 1}},
            "fighters": [
                {"id": "a", "sheet": _sheet("a"), "state": state},
                {"id": "b", "sheet": _sheet("b"), "state": state},
            ],
            "decisions": {
                "T1.a.action": {"action": "attack", "moves": ["kick", "basic_move", "palm"]},
                "T1.b.action": {"action": "attack", "moves": ["basic_move", "basic_move", "palm"]},
                "T1.a.accuracy_fs": {"fs": 2},
                "T1.b.accuracy_fs": {"fs": 2},
            },
            # every die named: the same turn whatever the keys' seeded faces (Palm is the Combo's third move)
            "rolls": {
                **{"T1.a.init": 6, "T1.a.ctrl": 8, "T1.b.init": 3, "T1.b.ctrl": 8},
                **{"T1.a.damage": 2, "T1.a.damage#3": 3, "T1.b.attack": 1, "T1.fight.time": 3},
            },
            "seed": seed,
        }
    )


def dramatic_request(seed: int = 7) -> TurnRequest:
    """The same two PL 4 Fighters in a Dramatic turn (000 L7066–L7445): a Basic Move with a bought +2 Accuracy and
    a Special Move at Range 1, both hitting; every die named."""
    state = {"life_bar": 30, "fighting_spirit": 40, "fs_start": 40, "dramatic": {"action_points": 2}}
    return TurnRequest.model_validate(
        {
            "options": {"subsystem": "dramatic"},
            "fight": {"positioning": {"mode": "range", "range": 1}},
            "fighters": [
                {"id": "a", "sheet": _sheet("a"), "state": state},
                {"id": "b", "sheet": _sheet("b"), "state": state},
            ],
            "decisions": {
                "T1.a.action": {"action": "attack", "moves": ["kick"], "target": "b", "fs": 2},
                "T1.b.ignore_hit_stun": {"choice": "act"},
                "T1.b.action": {
                    "action": "attack",
                    "moves": ["basic_move"],
                    "target": "a",
                    "option": "basic_boost",
                    "boost": "accuracy",
                },
            },
            "rolls": {
                **{"T1.a.init": 6, "T1.b.init": 3, "T1.a.attack": 5, "T1.a.damage": 3},
                **{"T1.b.attack": 6, "T1.b.damage": 2, "T1.fight.time": 3},
            },
            "seed": seed,
        }
    )


def thug_request(seed: int = 7) -> TurnRequest:
    """A Thug Thrashing turn (000 L6493–L7064): one PL 4 Fighter with Thug Thrashing 2 against three groups of five
    Thugs at Range 1 (Thug Events on). She attacks each group once (her action and two extra ones, 000 L6750), each
    group attacks her; the dice come from the seed."""
    sheet = {**_sheet("a"), "narrative_skills": [{"id": "thug_thrashing", "level": 2}, {"id": "agility", "level": 2}]}
    thug = {"initiative": "1d6", "accuracy": 1, "damage": "1d6", "defense": 3, "life_save": 4, "threat_level": 1}
    groups = [{"id": g, "thug": thug, "members": 5, "ranges": {"a": 1}} for g in ("g1", "g2", "g3")]
    return TurnRequest.model_validate(
        {
            "options": {"subsystem": "thug_thrashing"},
            "fight": {"turn": 1, "time_count": 99, "first_hit_awarded": True, "thugs": groups},
            "fighters": [{"id": "a", "sheet": sheet, "state": {"life_bar": 60, "fighting_spirit": 40, "fs_start": 40}}],
            "decisions": {
                "T1.a.action": {"action": "attack", "moves": ["basic_move"], "target": "g1"},
                "T1.a.action.2": {"action": "attack", "moves": ["basic_move"], "target": "g2"},
                "T1.a.action.3": {"action": "attack", "moves": ["basic_move"], "target": "g3"},
            },
            "rolls": {"T1.a.init": 6, "T1.a.ctrl": 8, "T1.g1.init": 3, "T1.g2.init": 2, "T1.g3.init": 1},
            "seed": seed,
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=3000)
    args = parser.parse_args()
    req = request()
    first = resolve_turn(req)
    assert first.status == "resolved", (first.violations, first.decisions_needed, first.dice_needed)
    times = []
    for _ in range(args.n):
        t = time.perf_counter()
        resolve_turn(req)
        times.append(time.perf_counter() - t)
    times.sort()
    print(
        f"resolve_turn, PL 4 vs PL 4, two three-hit Combos: median {statistics.median(times) * 1e3:.3f} ms, "
        f"p90 {times[int(0.9 * len(times))] * 1e3:.3f} ms over {args.n} turns ({len(first.log)} log steps, "
        f"{len(first.rolls)} rolls)"
    )


if __name__ == "__main__":
    main()
