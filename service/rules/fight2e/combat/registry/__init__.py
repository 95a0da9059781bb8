"""The rule-element registry: handler classes and hooks at the turn's named points, the catalogue's typed
combat records at those points, the sheet read into profiles, and the coverage derived from them."""
