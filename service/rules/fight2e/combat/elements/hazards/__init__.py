"""Environmental Hazards (000 L5666–L5668, L6067–L6229, and the Elements that use them): Hazards on a Band Map or
with no map, what they do to an attack, a fighter meeting one, Hazards a move makes, and the Maneuver Checks, an
Ally's too."""
