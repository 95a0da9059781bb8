"""One round of Fight RPG (002 L82–L100): pool, order, action passes with responses, status phase."""
