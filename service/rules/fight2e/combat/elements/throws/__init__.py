"""Throws that hold or chain: Opening Throw and Multi-Part Throw, and Sustained Hold."""
