"""The catalogue the rules read (Elements, Liabilities, keywords, Qualities and the character tables):
typed schemas, loaded once from ``data/`` and indexed, and the entries' typed combat records."""
