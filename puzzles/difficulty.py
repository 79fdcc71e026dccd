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
  sharing the best value, a value question only), ``greedy_loses`` (the card
  taking most points in the trick now is no best card);
* endgame ``capture_best``: ``tricks``, ``moves``, ``melds_decide`` (brisques
  alone would pick another card);
* stock play (``lead``, ``follow``, ``win_or_let_go``, ``declare``, ``exchange``):
  ``options`` (distinct moves to choose from), ``narrow`` (how close the runner-up
  is: 60 points less its cost, in tens, at least 0; a cost near the judge's 10-point
  floor is subtle), ``stock`` (cards left in the stock, in tens: the earlier, the
  further the consequences). The weights are set by hand until learners' results
  fit them.

The meld weights were set by hand; the endgame ``best`` / ``value`` weights are
fitted by ``scripts/calibrate_puzzles.py --fit`` (least squares of simulated
solvers' failure rates on these features; the solvers see 1, 2 or 3 tricks ahead)
and read from ``difficulty_fit.toml``, which records the fit's date and sample;
the constants below are the fallback before any fit. The script reports the
correlation between the rating and how often the solvers fail on a held-out half
of the banks (docs/puzzles.md, "Difficulty and ratings").
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
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
    **{("stock", question): (base, {"options": 30, "narrow": 70, "stock": 35})
       for question, base in (("lead", 1100), ("follow", 1150), ("win_or_let_go", 1050),
                              ("declare", 1000), ("exchange", 850))},
}
STOCK_NARROW_FROM = 60.0   # points: a runner-up costing this much or more is plain


FIT_FILE = Path(__file__).with_name("difficulty_fit.toml")
FITTED = (("endgame", "best"), ("endgame", "value"))


@cache
def endgame_fit() -> tuple[int, dict[str, int]] | None:
    """The fitted endgame base and weights (``None`` before any fit)."""
    if not FIT_FILE.is_file():
        return None
    with open(FIT_FILE, "rb") as handle:
        data = tomllib.load(handle)
    return int(data["base"]), {str(k): int(v) for k, v in data["weights"].items()}


def model(kind: str, kind_type: str) -> tuple[int, dict[str, int]]:
    """The base rating and feature weights of a question."""
    fitted = endgame_fit() if (kind, kind_type) in FITTED else None
    return fitted if fitted is not None else MODEL[(kind, kind_type)]


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
            "tied": sum(1 for _f, v in solution.moves if v == values[0]) - 1,
            "greedy_loses": greedy_loses(solution)}


def greedy_loses(solution: Solution) -> float:
    """1 when the card completing the trick takes most points for the mover's side
    now is no best card (the obvious card is wrong); 0 otherwise and for leads."""
    from puzzles.lines import side_of, trick_points

    pos = solution.position
    ours = side_of(pos.to_move, pos.players)
    now: dict[str, int] = {}
    for face, _value in solution.moves:
        won = trick_points(pos, face)
        if won is None:
            return 0.0
        now[face] = won[1] if side_of(won[0], pos.players) == ours else -won[1]
    top = max(now.values())
    return float(not any(now[face] == top for face in solution.best))


def capture_endgame_features(record: Mapping[str, Any]) -> dict[str, float]:
    return {"tricks": len(record["position"]["hands"][0]), "moves": len(record["moves"]),
            "melds_decide": float("melds_decide" in record["themes"])}


def stock_features(record: Mapping[str, Any]) -> dict[str, float]:
    """A stock-play record's features, from the judge's figures it keeps."""
    runner_up = min((float(o["cost"]) for o in record["options"]), default=STOCK_NARROW_FROM)
    return {"options": len(record["options"]),
            "narrow": max(0.0, STOCK_NARROW_FROM - runner_up) / 10,
            "stock": int(record["stock"]) / 10}


def features(record: Mapping[str, Any], solution: Solution | None = None) -> dict[str, float]:
    """The model's features of a record (an endgame's position is solved again
    unless ``solution`` is given)."""
    kind, kind_type = record["kind"], record["type"]
    if kind == "stock":
        return stock_features(record)
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
    base, weights = model(kind, kind_type)
    return clamp(base + sum(w * found.get(name, 0.0) for name, w in weights.items()))


def rating(record: Mapping[str, Any], solution: Solution | None = None) -> int:
    """The starting rating of a record (see the module docstring)."""
    return rating_of(record["kind"], record["type"], features(record, solution))
