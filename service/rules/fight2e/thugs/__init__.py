"""Thugs (Chapter 5, Thug Thrashing): building and pricing a Thug and a Thug group, the Glory divisor, Saga Scale.

Pure rules over the typed data in ``data/thugs/``; the operations in ``operations.py`` expose them.
"""
