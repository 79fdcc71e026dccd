"""The explainer's meld requests: :func:`engine.rules.meld_query.query` (the ``bezique melds``
contract) as lines to show, each meld with its cards, rule and explanation.

    >>> legal, refused = explain_melds({"variant": "two-handed", "trump": "S",
    ...                                 "hand": ["KS#1", "QS#1"]})
    >>> [(line.meld, line.points) for line in legal]
    [('trump_marriage', 40)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.meld_query import query


@dataclass(frozen=True)
class MeldLine:
    """One declaration the request may score, or one a rule refuses (0 points)."""

    meld: str
    points: int
    cards: tuple[str, ...]
    rule_id: str
    lines: tuple[str, ...]   # explanation steps (legal) or the reason (refused)


def explain_melds(request: dict[str, Any], lang: str = "en") -> tuple[list[MeldLine],
                                                                    list[MeldLine]]:
    """The declarations ``request`` may score and the ones a rule refuses, explained in
    ``lang``. Raises the engine's ``BeziqueError`` subclasses on impossible input."""
    answer = query(request, lang)
    legal = [MeldLine(d["meld"], d["points"], tuple(d["cards"]), d["rule"],
                      tuple(d["explanation"])) for d in answer["declarations"]]
    refused = [MeldLine(r["meld"], 0, tuple(r["cards"]), r["rule"], (r["why"],))
               for r in answer["refused"]]
    return legal, refused


__all__ = ["MeldLine", "explain_melds"]
