"""Special and Super Moves (the book's Chapter 4): their pricing and validation, entry-specific constraints,
Random Effect, Attack Strings, and the move operations' models and codes."""
