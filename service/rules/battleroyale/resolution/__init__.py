"""What every round shares: one roll, one attack against one reaction, initiative, a fighter's state, Damage
Ranks, and the keyed step."""
