"""One round (004 L15-L84): Imbalance, Effort and Initiative bids, turns, attacks and Sets, Battlefields, Recovery."""
