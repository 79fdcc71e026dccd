"""The difficulty model: a puzzle's starting rating from what the engine found.

A puzzle's rating starts at ``BASE`` for its question plus a weighted sum of
*features*, each read from the engine's results (never typed by hand), clamped to
600-2400. After that the rating moves with learners' results (Glicko-2,
:mod:`puzzles.glicko2`, in :meth:`puzzles.store.ProgressStore.record_attempt`).

Features, by question:

* meld ``spot``: ``declarations`` (legal melds to find), ``none`` (there is none),
  ``refused`` (melds the cards form that the rules refuse), ``history`` (earlier
  melds to remember), ``table`` (cards on the table);
* meld ``best``: ``turns`` (declaration turns left), ``options`` (competing meld
  kinds), ``timing`` (the best is not the richest now), ``history``;
* meld ``legal``: ``refused``, ``partner_swap`` (the subtlest refusal), ``history``,
  ``table``;
* meld ``capture`` (000): ``melds`` (combinations completed), ``laid`` (cards laid
  out), ``history``, ``reuse`` (a card scores again);
* endgame ``best`` / ``value``: ``tricks`` (tricks left), ``moves`` (legal cards),
  ``close`` (the second-best card loses 10 points or less), ``depth`` (tricks
  before the closest refutation changes a trick's winner: the deeper, the
  harder to see), ``value`` (the question asks the value), ``tied`` (cards
  sharing the best value, a value question only);
* endgame ``capture_best``: ``tricks``, ``moves``, ``melds_decide`` (brisques
  alone would pick another card).

The weights were set by hand and checked by ``scripts/calibrate_puzzles.py``,
which lets simulated solvers of several strengths try a bank sample and reports
the correlation between the rating and how often they fail (README, "Puzzle
difficulty").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.solver import Scale, Solution

MIN_RATING, MAX_RATING = 600, 2400

# (kind, type) -> (base rating, {feature: weight})
MODEL: dict[tuple[str, str], tuple[int, dict[str, int]]] = {
    ("meld", "spot"): (850, {"declarations": 110, "none": 150, "refused": 70,
                             "history": 25, "table": 30}),
    ("meld", "best"): (960, {"turns": 90, "options": 40, "timing": 350, "history": 15}),
    ("meld", "legal"): (950, {"refused": 250, "partner_swap": 200, "history": 20,
                              "table": 20}),
    ("meld", "capture"): (850, {"melds": 160, "laid": 12, "history": 20, "reuse": 200}),
    ("endgame", "best"): (650, {"tricks": 80, "moves": 30, "close": 150, "depth": 50}),
    ("endgame", "value"): (650, {"tricks": 80, "moves": 30, "close": 150, "depth": 50,
                                 "value": 150, "tied": 40}),
    ("endgame", "capture_best"): (1000, {"tricks": 120, "moves": 20, "melds_decide": 300}),
}


def clamp(value: float) -> int:
    return int(min(MAX_RATING, max(MIN_RATING, round(value))))


def _meld_features(record: Mapping[str, Any]) -> dict[str, float]:
    from engine.rules.meld_query import query

    pos, answer, kind = record["position"], record["answer"], record["type"]
    hist, table = len(pos["history"]), len(pos["table"])
    if kind == "spot":
        refused = len(query(dict(pos))["refused"])
        return {"declarations": len(answer), "none": float(not answer), "refused": refused,
                "history": hist, "table": table}
    if kind == "best":
        return {"turns": record["context"]["turns"], "options": len(answer["values"]),
                "timing": float("timing" in record["themes"]), "history": hist}
    return {"refused": float(not answer["legal"]),
            "partner_swap": float(answer["rule"] == "reuse.partner_swap"),
            "history": hist, "table": table}


def _capture_features(record: Mapping[str, Any]) -> dict[str, float]:
    pos = record["position"]
    return {"melds": len(record["answer"]["melds"]), "laid": len(pos["laid"]),
            "history": len(pos["history"]), "reuse": float("reuse" in record["themes"])}


def refutation_depth(solution: Solution) -> int:
    """Complete tricks played before the closest worse card's refutation line and the
    best line part ways in who wins a trick (0: at once)."""
    from puzzles import lines

    if not solution.refutations:
        return 0
    closest = min(solution.refutations, key=lambda r: r.loss)
    pos, mover = solution.position, solution.to_move
    best = lines.tricks_of(pos, lines._plays(solution.line_players, solution.line))
    worse = lines.tricks_of(pos, [(mover, closest.move),
                                    *lines._plays(closest.line_players, closest.line)])
    for depth, (a, b) in enumerate(zip(best, worse, strict=False)):
        if a.winner != b.winner:
            return depth
    return min(len(best), len(worse))


def endgame_features(solution: Solution, kind: str) -> dict[str, float]:
    values = sorted({v for _f, v in solution.moves}, reverse=True)
    scale: Scale = solution.scale
    margin = scale.loss_split(values[0], values[1])[1] if len(values) > 1 else 0
    return {"tricks": solution.position.tricks_left, "moves": len(solution.moves),
            "close": float(margin <= 10), "depth": refutation_depth(solution),
            "value": float(kind == "value"),
            "tied": sum(1 for _f, v in solution.moves if v == values[0]) - 1}


def capture_endgame_features(record: Mapping[str, Any]) -> dict[str, float]:
    return {"tricks": len(record["position"]["hands"][0]), "moves": len(record["moves"]),
            "melds_decide": float("melds_decide" in record["themes"])}


def features(record: Mapping[str, Any], solution: Solution | None = None) -> dict[str, float]:
    """The model's features of a record (an endgame's position is solved again
    unless ``solution`` is given)."""
    kind, kind_type = record["kind"], record["type"]
    if kind == "meld":
        return _capture_features(record) if kind_type == "capture" else \
            _meld_features(record)
    if kind_type == "capture_best":
        return capture_endgame_features(record)
    if solution is None:
        from engine.solver import Position, solve

        solution = solve(Position.from_dict(record["position"]), explain=True)
    return endgame_features(solution, kind_type)


def rating_of(kind: str, kind_type: str, found: Mapping[str, float]) -> int:
    base, weights = MODEL[(kind, kind_type)]
    return clamp(base + sum(w * found.get(name, 0.0) for name, w in weights.items()))


def rating(record: Mapping[str, Any], solution: Solution | None = None) -> int:
    """The starting rating of a record (see the module docstring)."""
    return rating_of(record["kind"], record["type"], features(record, solution))
