"""The one turn protocol every ruleset speaks (see ``models`` for the contract, ``keys`` for the key grammar,
``decisions`` and ``look_ahead`` for how a resolver meets a missing decision or die). Imports no ruleset."""
