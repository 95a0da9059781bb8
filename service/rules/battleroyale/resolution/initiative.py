"""Who acts first: most Spirit Dice, then the highest relevant rank, then PCs before NPCs, then 1d6 each
(003 L444-L447 for Conflicts, L864-L867 for Bouts)."""

from __future__ import annotations

from .fighters import Fighter, current_index
from .steps import Steps, face_figures, faces_text

MAX_ROLL_OFFS = 6


def relevant_rank(fighter: Fighter) -> int:
    """The harmonized Style's current rank (usually the relevant one, 003 L866), else the best trait's."""
    style = fighter.style()
    return current_index(style) if style is not None else fighter.best_rank()


def order(steps: Steps, fighters: list[Fighter]) -> list[Fighter]:
    """Fighters in acting order; ties the text leaves are rolled off, 1d6 each, under ``R{n}.{fighter}.initiative``
    (``.2`` … for a roll-off again)."""

    def rank(f: Fighter) -> tuple[int, int, bool]:
        return (f.state.spirit_dice, relevant_rank(f), f.state.pc)

    ranked = sorted(fighters, key=rank, reverse=True)
    out: list[Fighter] = []
    i = 0
    while i < len(ranked):
        group = [f for f in ranked if rank(f) == rank(ranked[i])]
        out += _roll_off(steps, group) if len(group) > 1 else group
        i += len(group)
    return out


def _roll_off(steps: Steps, group: list[Fighter]) -> list[Fighter]:
    rolls: dict[str, list[int]] = {f.id: [] for f in group}
    for _ in range(MAX_ROLL_OFFS):
        for f in group:
            rolls[f.id].append(steps.d6(steps.key(f.id, "initiative"), "initiative tie: 1d6 each (003 L446)"))
        faces = [rolls[f.id][-1] for f in group]
        if len(set(faces)) == len(faces):
            break
    for fid, faces in rolls.items():
        steps.say(
            f"Initiative roll-off: {fid} rolls {faces_text(faces)}.",
            "initiative_roll",
            fighter=fid,
            value=faces[-1],
            figures=face_figures(faces),
        )
    return sorted(group, key=lambda f: rolls[f.id], reverse=True)
