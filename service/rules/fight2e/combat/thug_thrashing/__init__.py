"""Thug Thrashing (000 L6493–L7064): a Thug group as a combatant, its actions, and the Fighters' actions
against it, on the same spine as the main turn."""
