"""A combatant: the sheet and standing state, the types every request shares, and the sheet rules (004 L62-L110)."""
