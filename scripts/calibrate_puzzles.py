"""Calibrate the puzzle difficulty model (:mod:`puzzles.difficulty`) with simulated
solvers of several strengths, fit the endgame model's weights, and print the
correlation between the model's rating and how often the solvers fail.

    python scripts/calibrate_puzzles.py [--sample 15] [--seed 1] [--variants two-handed,...]
    python scripts/calibrate_puzzles.py --fit --sample 40   # refit: difficulty_fit.toml

The simulated solvers err the way people do, and none reads the model's features:

* endgame puzzles: a solver that *sees* ``h`` tricks ahead (h = 1, 2, 3 for weak,
  club and strong solvers): it values each card by a minimax over the next ``h``
  complete tricks only (points its side wins minus the points the other side
  wins, brisques and the last-trick bonus), breaks ties at random, and plays the
  best-looking card. It fails a ``best`` puzzle when that card is not a best card,
  and a ``value`` puzzle when the line it would play for its side (the
  opponents answering perfectly) goes wrong anywhere, so its value is not the
  position's. An earlier solver *misremembered* k cards of the other hands and
  solved exactly what it believed; its failures were chance (which card it
  misremembered), uncorrelated with anything a puzzle shows (Spearman -0.02).
  A short horizon fails where the refutation is deep, cards compete closely and
  several tricks are left, which is what a person misses too;
* meld puzzles: a solver that *forgets* each earlier meld with probability
  p = 0.2, 0.5, 0.8 and overlooks each card on the table with probability p / 2,
  then answers with the engine on what it remembers; it fails when the answer
  differs.

Records are split in two halves by a hash of their id: ``--fit`` fits the endgame
weights on a sample of the *fitting* half (least squares of the solvers' mean
failure rate on the model's features, rating = 600 + 1800 x failure), writes them
to ``puzzles/difficulty_fit.toml`` with the date and the sample, then reports the
correlation on a sample of the *held-out* half; without ``--fit`` only the report
(held-out half for endgames, every record for meld puzzles).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import random
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import BeziqueError
from engine.rules.profile import ordered_variants
from engine.solver import Position, move_values
from puzzles import bank, capture_bank, difficulty, endgame, meld
from puzzles.lines import side_of

STRENGTHS = {"endgame": (1, 2, 3), "meld": (0.2, 0.5, 0.8)}
TRIALS = 4
FEATURES = ("tricks", "moves", "close", "depth", "value", "tied", "greedy_loses")
FIT_FILE = Path(difficulty.__file__).with_name("difficulty_fit.toml")


def horizon_values(position: Position, tricks: int) -> dict[str, int]:
    """Each legal card's value seen ``tricks`` complete tricks ahead: the points the
    mover's side wins minus the other side's, both sides playing their best within
    the horizon."""
    players = position.players
    side = side_of(position.to_move, players)

    @cache
    def search(pos: Position, left: int) -> int:
        ours = side_of(pos.to_move, players) == side
        values = [gain + (search(after, left - ended) if after is not None and left > ended
                          else 0)
                  for gain, ended, after in _children(pos, side)]
        return max(values) if ours else min(values)

    out = {}
    for face in endgame.legal_faces(position):
        gain, ended, after = _child(position, face, side)
        out[face] = gain + (search(after, tricks - ended)
                            if after is not None and tricks > ended else 0)
    return out


def _child(pos: Position, face: str, side: int) -> tuple[int, int, Position | None]:
    """(points for ``side``, 1 when the card ends a trick, the position after)."""
    won = endgame.trick_points(pos, face)
    gain = 0 if won is None else won[1] * (1 if side_of(won[0], pos.players) == side else -1)
    return gain, int(won is not None), endgame.play_card(pos, face)


def _children(pos: Position, side: int) -> list[tuple[int, int, Position | None]]:
    return [_child(pos, face, side) for face in endgame.legal_faces(pos)]


def _horizon_card(pos: Position, tricks: int, rng: random.Random) -> str:
    seen = horizon_values(pos, tricks)
    top = max(seen.values())
    return rng.choice(sorted(f for f, v in seen.items() if v == top))


def _endgame_fails(record: Mapping[str, Any], horizon: int, rng: random.Random) -> bool:
    """Whether the solver seeing ``horizon`` tricks ahead gets the puzzle wrong."""
    pos: Position | None = endgame.position_of(record["position"])
    assert pos is not None
    card = _horizon_card(pos, horizon, rng)
    if record["type"] == "best":
        return card not in record["best"]
    side = side_of(pos.to_move, pos.players)
    while pos is not None:   # its own side's line, the other side answering exactly
        exact = move_values(pos)
        if side_of(pos.to_move, pos.players) == side:
            if exact[card] < max(exact.values()):
                return True
        else:
            card = max(sorted(exact), key=exact.__getitem__)
        pos = endgame.play_card(pos, card)
        if pos is not None and side_of(pos.to_move, pos.players) == side:
            card = _horizon_card(pos, horizon, rng)
    return False


def _meld_fails(record: Mapping[str, Any], p: float, rng: random.Random) -> bool:
    pos = dict(record["position"])
    pos["history"] = [h for h in pos["history"] if rng.random() >= p]
    if record["type"] == "capture":
        try:
            answer, _ = capture_bank.solve(pos)
        except (BeziqueError, ValueError):
            return True
        return bool(answer != record["answer"])
    if record["type"] != "legal":
        pos["table"] = [t for t in pos["table"] if rng.random() >= p / 2]
    try:
        if record["type"] == "spot":
            return meld.spot_answer(pos) != record["answer"]
        if record["type"] == "best":
            return meld.best_answer(pos, record["context"]["turns"]) != record["answer"]
        q = record["question"]
        return meld.legal_answer(pos, q["meld"], q["cards"]) != record["answer"]
    except BeziqueError:
        return True


def failure_rate(record: Mapping[str, Any], rng: random.Random) -> list[float]:
    """The failure rate of each simulated strength on ``record``."""
    kind = record["kind"]
    rates = []
    for strength in STRENGTHS[kind]:
        if kind == "endgame" and record["type"] == "capture_best":
            return []   # no horizon solver for scoring captures
        fails = sum(_endgame_fails(record, int(strength), rng) if kind == "endgame"
                    else _meld_fails(record, float(strength), rng) for _ in range(TRIALS))
        rates.append(fails / TRIALS)
    return rates


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for n in range(i, j + 1):
            ranks[order[n]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = sum((a - mx) ** 2 for a in rx) ** 0.5
    sy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (sx * sy) if sx and sy else 0.0


def half(record: Mapping[str, Any]) -> str:
    """``fit`` or ``holdout``: a fixed split of every bank by a hash of the id."""
    return "fit" if hashlib.sha256(record["id"].encode()).digest()[0] % 2 == 0 else "holdout"


Row = tuple[Mapping[str, Any], list[float]]


def sample_rows(kind: str, variants: list[str], per_bank: int, part: str | None,
                rng: random.Random) -> list[Row]:
    """(record, failure rate per strength) for a sample of each bank of ``kind``
    (of one half when ``part`` is given)."""
    rows: list[Row] = []
    for variant in variants:
        records = [r for r in bank.load(kind, variant) if part is None or half(r) == part]
        for rec in rng.sample(records, min(per_bank, len(records))):
            rates = failure_rate(rec, rng)
            if rates:
                rows.append((rec, rates))
    return rows


def fit_endgame(rows: list[Row]) -> tuple[int, dict[str, int]]:
    """The base and weights of the endgame model: least squares of the mean failure
    rate on the features, scaled to ratings (600 + 1800 x failure)."""
    xs = np.array([[1.0, *(difficulty.features(rec).get(f, 0.0) for f in FEATURES)]
                   for rec, _ in rows])
    ys = np.array([sum(rates) / len(rates) for _, rates in rows])
    coef, *_ = np.linalg.lstsq(xs, ys, rcond=None)
    span = difficulty.MAX_RATING - difficulty.MIN_RATING
    return (round(difficulty.MIN_RATING + span * coef[0]),
            {f: round(span * c) for f, c in zip(FEATURES, coef[1:], strict=True)})


def write_fit(base: int, weights: dict[str, int], rows: list[Row], variants: list[str],
              per_bank: int, seed: int) -> None:
    lines = ["# The endgame difficulty model's fitted weights: written by",
             "# scripts/calibrate_puzzles.py --fit (see its docstring); read by",
             "# puzzles/difficulty.py. Do not edit by hand: run the script again.",
             f'date = "{datetime.date.today().isoformat()}"',
             f'sample = "{len(rows)} endgame puzzles ({per_bank} per bank, seed {seed}, '
             f'fitting half) of {len({rec["variant"] for rec, _ in rows})} variants"',
             f"base = {base}", "", "[weights]",
             *(f"{name} = {weight}" for name, weight in weights.items())]
    FIT_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def report(kind: str, rows: list[Row]) -> tuple[list[float], list[float]]:
    ratings = [float(difficulty.rating(rec)) for rec, _ in rows]
    mean = [sum(x) / len(x) for _, x in rows]
    if len(rows) >= 3:
        per = [spearman(ratings, [x[i] for _, x in rows]) for i in range(len(rows[0][1]))]
        strengths = STRENGTHS[kind.split()[0]]
        print(f"{kind}: {len(rows)} puzzles, Spearman(rating, mean failure rate) = "
              f"{spearman(ratings, mean):+.2f}; by strength "
              f"{', '.join(f'{s}: {c:+.2f}' for s, c in zip(strengths, per, strict=True))}"
              f"; mean failure {sum(mean) / len(mean):.2f}")
    return ratings, mean


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=40, help="puzzles per bank")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(ordered_variants()))
    parser.add_argument("--fit", action="store_true",
                        help="fit the endgame weights on the fitting half and write them")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    variants = args.variants.split(",")
    if args.fit:
        rows = sample_rows("endgame", variants, args.sample, "fit", rng)
        base, weights = fit_endgame(rows)
        write_fit(base, weights, rows, variants, args.sample, args.seed)
        difficulty.endgame_fit.cache_clear()
        print(f"fitted on {len(rows)} endgame puzzles: base {base}, weights {weights} "
              f"-> {FIT_FILE.name}")
        report("endgame (fitting half)", rows)
    ratings: list[float] = []
    mean: list[float] = []
    if not args.fit:   # the meld model is not fitted: its report is unchanged by a fit
        ratings, mean = report("meld", sample_rows("meld", variants, args.sample, None, rng))
    held_r, held_m = report("endgame (held-out half)",
                            sample_rows("endgame", variants, args.sample, "holdout", rng))
    print(f"all: {len(ratings) + len(held_r)} puzzles, Spearman = "
          f"{spearman(ratings + held_r, mean + held_m):+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
