"""Bombs: placing one, its timer and its blast, and the Moveable Bomb kicked along (000 L2843–L2931)."""
