"""The Buff Element (000 L2975–L3075): its modifiers and what it changes in its user's profile while it lasts."""
