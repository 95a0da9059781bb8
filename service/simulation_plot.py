"""``fight-rules simulate --plot``: a simulation answer drawn as one PNG (needs the ``cli`` extra: matplotlib).

Three panels: the outcomes with their 95 % Wilson intervals, the distribution of fight lengths, and each side's
most used attacks by uses (hit rate in the label); the title names the ruleset's own resources spent a fight.
"""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

from .rules.core.simulation import SimulationSums

TOP_ATTACKS = 6  # per side, by uses


def _short(attack: str) -> str:
    """A Combo with its repeated moves counted: ``kick + basic_move ×3``."""
    runs = [(move, len(list(same))) for move, same in groupby(attack.split(" + "))]
    text = " + ".join(f"{move} ×{n}" if n > 1 else move for move, n in runs)
    return text if len(text) <= 44 else text[:43] + "…"


def title(answer: SimulationSums) -> str:
    """The figure's title in a reader's words: who played how, how many fights, from which seed."""
    a, b = answer.sides
    first = f", from fight {answer.seeds.offset}" if answer.seeds.offset else ""
    return (
        f"{a.side} playing {a.policy} against {b.side} playing {b.policy}: "
        f"{answer.fights} simulated fights (seed {answer.seeds.seed}{first})"
    )


def mean_label(answer: SimulationSums) -> str:
    return "mean —" if answer.length.mean is None else f"mean {answer.length.mean:.1f}"


def attack_rows(answer: SimulationSums) -> list[tuple[str, int, str]]:
    """(label, uses, colour) of each side's most used attacks, the bar chart's rows from the top."""
    rows = []
    for side, colour in zip(answer.sides, ("#3b6ea8", "#c0504d"), strict=True):
        for atk in sorted(side.attacks, key=lambda x: -x.uses)[:TOP_ATTACKS]:
            label = f"{side.side}: {_short(atk.attack)} ({atk.hit_rate or 0:.0%} hit)"
            rows.append((label, atk.uses, colour))
    return rows


def plot(answer: SimulationSums, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    fig, (outcomes, lengths, attacks) = plt.subplots(
        1, 3, figsize=(14, 4.5), dpi=80, gridspec_kw={"width_ratios": [1, 1, 1.3]}
    )
    a, b = answer.sides
    n = answer.fights or 1
    labels = [f"{a.side} wins", f"{b.side} wins", "draws", "time-outs"]
    counts = [a.wins, b.wins, answer.draws, answer.time_outs]
    intervals = [a.win_interval, b.win_interval, None, answer.time_out_interval]
    rates = [c / n for c in counts]
    low = [r - i.low if i else 0 for r, i in zip(rates, intervals, strict=True)]
    high = [i.high - r if i else 0 for r, i in zip(rates, intervals, strict=True)]
    outcomes.bar(labels, rates, yerr=[low, high], capsize=4, color=["#3b6ea8", "#c0504d", "#999999", "#e0a030"])
    outcomes.set_ylim(0, 1)
    outcomes.tick_params(axis="x", labelsize=8, rotation=15)
    outcomes.set_title(f"Outcomes of {answer.fights} fights (95 % Wilson)")

    hist = answer.length.histogram
    lengths.bar(range(len(hist)), hist, width=1.0, color="#3b6ea8")
    lengths.axvline(answer.length.mean or 0, color="#c0504d", linestyle="--", label=mean_label(answer))
    lengths.set_xlabel("turns")
    lengths.set_ylabel("fights")
    lengths.set_title(f"Fight length (median {answer.length.p50}, p90 {answer.length.p90})")
    lengths.legend()

    rows = attack_rows(answer)[::-1]  # barh draws the first row at the bottom
    attacks.barh([r[0] for r in rows], [r[1] for r in rows], color=[r[2] for r in rows])
    attacks.set_xlabel("uses")
    attacks.set_title("Most used attacks")
    attacks.tick_params(axis="y", labelsize=7)

    spent = "; ".join(
        f"{side.side} {r.resource.replace('_', ' ')} {r.per_fight} a fight" for side in (a, b) for r in side.spent
    )
    fig.suptitle(f"{title(answer)}\n{spent}" if spent else title(answer))
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
