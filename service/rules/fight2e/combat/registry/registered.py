"""Every module that registers a rule element (``elements.register``) or a hook at a named point of the turn
(``elements.at``, ``elements.after_time_roll``), imported once so that the registry is complete before any turn
is resolved. The turn's spine imports this module, never the elements by name: every module of the ``elements``
folder is found and imported here, so a new family registers itself by being there."""

# ruff: noqa: F401  (imported for their registrations, not their names)
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from . import records as record_points

# Found by path, not imported by name: the registry sits below the element families it completes. A family with
# several modules is a folder of its own (hazards/, bombs/ …), walked too.
_FAMILIES = f"{__name__.rsplit('.', 2)[0]}.elements"
_PATH = [str(Path(__file__).resolve().parents[1] / "elements")]
for _family in sorted(pkgutil.walk_packages(_PATH, f"{_FAMILIES}."), key=lambda m: m.name):
    importlib.import_module(_family.name)
