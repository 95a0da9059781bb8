"""Dramatic Combat with Spiritual Combat (000 L7066–L7325) as a pure core: the Initiative die from Speed, Action
Point banks and the price and outcome of every Action Point option. The turn itself is resolved by
``combat.dramatic.turn`` on the same spine as the main system."""
