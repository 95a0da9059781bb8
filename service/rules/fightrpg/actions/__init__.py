"""An action: its bundle or technique, the Power Points it yields, and its price (the price-actions operation)."""
