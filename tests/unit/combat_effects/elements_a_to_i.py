"""Combat effects of the Fixed Moves and of the Elements Absorbs Attacks → Increased Damage (000 L2761–L3540),
each checked against figures worked out by hand from the book line cited."""

from __future__ import annotations
