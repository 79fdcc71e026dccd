"""Exact play-off solver (work in progress)."""
