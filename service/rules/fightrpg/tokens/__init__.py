"""Tokens: their kinds and counts, and the fixed menu of token bundles (002 L16-L80)."""
