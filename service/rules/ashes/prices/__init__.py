"""What the chapter prices: weapon advantages, the buy-down, awakening a Chakra, and their quotes (004 L61-L99)."""
