"""How long the random sweeps run. By default the suite runs a sample that keeps it
fast on a laptop; ``BEZIQUE_FULL_SWEEP=1`` (``.ci/run`` sets it) runs the full
counts: more random deals, more hypothesis examples, every option combination.

    BEZIQUE_FULL_SWEEP=1 pytest        # what CI runs
"""

from __future__ import annotations

import os

FULL = os.environ.get("BEZIQUE_FULL_SWEEP") == "1"


def count(sample: int, full: int) -> int:
    """``full`` under ``BEZIQUE_FULL_SWEEP=1``, else ``sample``."""
    return full if FULL else sample
