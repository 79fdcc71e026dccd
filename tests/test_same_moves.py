"""Issue 56, item 4: the expert's moves on a given seed do not depend on the machine's
load. Its budget is counted in deals and its searches are seeded, so a tiny arena
played quiet and then beside two busy processes (``scripts/bench_strength.py --load``,
which prints the same for every variant with the reply times) makes the same moves."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from bench_strength import Job, PairResult, busy, play_pair  # noqa: E402


def _arena(variant: str) -> PairResult:
    """One paired deal, expert against club, at a small budget (deals of the unseen
    cards per decision)."""
    return play_pair(Job(variant, "expert", "club", 0, 56, budget=4))


@pytest.mark.parametrize("variant", ["two-handed", "rubicon"])
def test_same_moves_quiet_and_loaded(variant: str) -> None:
    quiet = _arena(variant)
    with busy(2):
        loaded = _arena(variant)
    assert quiet.cut == loaded.cut == 0     # the safety bound never cut in
    assert quiet.decisions and quiet.moves
    assert quiet.moves == loaded.moves
