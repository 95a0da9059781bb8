"""A character: its traits, what they cost, its Spirit Dice, and the sheet's validation (003 L217-L563)."""
