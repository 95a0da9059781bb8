"""Move sequences: Opening Move with its Move Sub-Set, Multi-Part Move follow-ups, and Utility Combo Opener."""
