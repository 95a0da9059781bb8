"""Who acts first: most Spirit Dice, then the highest relevant rank, then PCs before NPCs, then 1d6 each
(003 L444-L447 for Conflicts, L864-L867 for Bouts)."""

from __future__ import annotations

from .fighters import Fighter, current_index
from .steps import Steps

MAX_ROLL_OFFS = 6


def relevant_rank(fighter: Fighter) -> int:
    """The harmonized Style's current rank (usually the relevant one, 003 L866), else the best trait's."""
    style = fighter.style()
    return current_index(style) if style is not None else fighter.best_rank()


def order(steps: Steps, fighters: list[Fighter], key: str) -> list[Fighter]:
    """Fighters in acting order; ties the text leaves are rolled off under ``{key}.{fighter}.{n}``."""

    def rank(f: Fighter) -> tuple[int, int, bool]:
        return (f.state.spirit_dice, relevant_rank(f), f.state.pc)

    ranked = sorted(fighters, key=rank, reverse=True)
    out: list[Fighter] = []
    i = 0
    while i < len(ranked):
        group = [f for f in ranked if rank(f) == rank(ranked[i])]
        out += _roll_off(steps, group, key) if len(group) > 1 else group
        i += len(group)
    return out


def _roll_off(steps: Steps, group: list[Fighter], key: str) -> list[Fighter]:
    rolls: dict[str, list[int]] = {f.id: [] for f in group}
    for n in range(1, MAX_ROLL_OFFS + 1):
        for f in group:
            rolls[f.id].append(steps.d6(f"{key}.{f.id}.{n}", "initiative tie"))
        steps.checkpoint()
        faces = [rolls[f.id][-1] for f in group]
        if len(set(faces)) == len(faces):
            break
    steps.say("Initiative roll-off: " + ", ".join(f"{fid} {r}" for fid, r in rolls.items()), "initiative")
    return sorted(group, key=lambda f: rolls[f.id], reverse=True)
