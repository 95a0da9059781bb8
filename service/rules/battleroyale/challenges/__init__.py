"""Challenges and Risky Challenges (003 L346-L417) and the Combat Challenge (003 L789-L806)."""
