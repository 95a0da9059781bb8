"""A Fighter's sheet, its validation and derived figures, and where it stands on the map (002 L33-L114)."""
