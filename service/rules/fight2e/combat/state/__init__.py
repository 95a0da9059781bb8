"""The working state of one turn (``Turn``) and of each fighter in it (``Combatant``), what one action
carries from step to step, and each fighter's combat profile."""
