"""Impact's fixed rules as typed data (ranks, purchase factors, Stamina, tactics, awards) and its vocabulary."""
