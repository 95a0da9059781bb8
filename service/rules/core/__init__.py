"""What every ruleset shares and nothing specific to one: findings, keyed dice, derived versions, book references.

Imports no ruleset package.
"""
