"""An earlier commit checked out beside this one, for the A/B benchmarks (bench/compare.py, bench/instructions.py).

Standard library only: bench/instructions.py's worker imports the service of the tree it is given, so nothing here
may import this checkout's service first.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def short(rev: str) -> str:
    """``rev`` as a short commit hash (the name itself when git does not know it)."""
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], capture_output=True, text=True)
    return done.stdout.strip() or rev


@contextmanager
def checked_out(rev: str, at: Path) -> Iterator[Path]:
    """``rev`` as a temporary git worktree at ``at``, removed afterwards."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(at), rev], check=True)
    try:
        yield at
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(at)], check=False)
