"""The move optimiser: the cheapest legal moves that have what a player asks for.

A CP-SAT model over how many times each Element and Liability is taken (``model.py``) relaxes the book's budget
rules (Chapter 4, Special Moves and Super Moves) into linear constraints; every candidate it proposes is then
priced by the same core as ``moves/price`` (``search.py``) and only what that core finds legal is answered.
"""
