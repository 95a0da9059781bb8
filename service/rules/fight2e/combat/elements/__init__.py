"""The rule elements in combat, one module per entry family (Buffs, Bombs, Hazards, Summon, Tag Team,
Props …), with the hit's shared mechanics they build on (damage, effects, Knock Down, Stun, Combos, positions,
Glory and Super Energy)."""
