"""The text's tables as typed records, and the enumerations and bounded types every model shares."""
