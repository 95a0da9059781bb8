"""One combat turn (001 L310-L316, L579-L713): declarations, Speed Tests, strikes, the other actions, its end."""
