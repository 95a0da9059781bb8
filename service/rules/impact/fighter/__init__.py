"""A fighter: his sheet and purchase ledger validated, and purchases priced in Purchase Points (001 L106-L176)."""
