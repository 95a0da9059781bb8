"""REST adapter: routes generated from every registered ruleset, and the request gates in front of them."""
