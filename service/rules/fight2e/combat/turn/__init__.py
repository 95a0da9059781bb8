"""The book's turn, step by step (000 L5384–L5448): each module is named after the step it plays, from A
(start of turn) to H (after everyone has acted), with the turn's setup and its answer."""
