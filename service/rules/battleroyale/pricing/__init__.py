"""Prices: a Move's Spirit Dice cost and the Bonus and Training Point tables (003 L264-L706, L1246-L1344)."""
