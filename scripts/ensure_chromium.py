"""Make sure the browser tests have a Chromium: Debian's /usr/bin/chromium, installed with apt-get when missing.

Installs only as root (never through sudo) and only when the binary is absent; otherwise it says what is missing
and the browser tests skip. Playwright drives this binary (`executable_path`), so no browser is downloaded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path(os.environ.get("FIGHT_RULES_TEST_CHROMIUM", "/usr/bin/chromium"))


def main() -> int:
    if CHROMIUM.exists():
        return 0
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(
            f"no Chromium at {CHROMIUM}: install Debian's chromium to run the browser tests (they skip)",
            file=sys.stderr,
        )
        return 0
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("installing chromium from Debian's packages", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=True, env=env, stdout=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
