"""Dramatic Combat (000 L7066–L7445): its turn, attacks, options and checks, and Dramatic Combat with
Thug groups (000 L7074–L7076)."""
