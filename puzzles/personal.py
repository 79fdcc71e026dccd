"""Puzzles from the learner's own games: a position the hand review picks becomes a
record like the banks' (same builders, so the same engine checks, themes and
starting rating); ``source`` says where it came from. These are builders only: the
learner's own puzzles are queued as drills (:mod:`puzzles.drills`, which explains the
one queue), never stored here.

    endgame_puzzle(deal.playoff_position(), {"game": "…", "trick": 3})
    meld_puzzles(melds_position(deal, seat), deal.stock_count, {"game": "…"})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.solver import Position
from puzzles import endgame, meld_bank
from puzzles.simulate import DeclareSpot

OWN = {"from": "own game"}


def endgame_puzzle(position: Position, source: Mapping[str, Any]) -> dict[str, Any] | None:
    """The play-off puzzle of a position (``None`` when every card scores the same)."""
    return endgame.record_for(position, {**OWN, **source})


def meld_puzzles(position: Mapping[str, Any], stock: int,
                 source: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every meld question a declare position offers (spot, best, legal)."""
    spot = DeclareSpot(0, 0, stock, dict(position))
    out = [rec for recs in meld_bank.records_from(spot).values() for rec in recs]
    for rec in out:
        rec["source"] = {**OWN, **source}
    return out
