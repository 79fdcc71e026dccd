"""Calibrate the puzzle difficulty model (:mod:`puzzles.difficulty`) with simulated
solvers of several strengths, and print the correlation between the model's rating
and how often they fail.

    python scripts/calibrate_puzzles.py [--sample 60] [--seed 1] [--variants two-handed,...]

The simulated solvers err the way people do, and none reads the model's features:

* endgame puzzles: a solver that *misremembers* ``k`` of the other hands' cards
  (each swapped for a card out of play, k = 1, 2, 3 for strong, club and weak
  solvers) solves the position it believes in exactly and plays its best card (or
  states its value); it fails when that card is not a best card (or the value is
  wrong);
* meld puzzles: a solver that *forgets* each earlier meld with probability
  p = 0.2, 0.5, 0.8 and overlooks each card on the table with probability p / 2,
  then answers with the engine on what it remembers; it fails when the answer
  differs.

For each bank sample it prints the Spearman rank correlation between the model's
rating and the mean failure rate over the strengths, per kind and overall.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.errors import BeziqueError
from engine.notation.cards import Card
from engine.rules.profile import load_profile, ordered_variants
from puzzles import bank, capture_bank, difficulty, endgame, meld

STRENGTHS = {"endgame": (1, 2, 3), "meld": (0.2, 0.5, 0.8)}
TRIALS = 4


def _out_of_play(record: Mapping[str, Any]) -> list[str]:
    pos = record["position"]
    profile = load_profile(pos["variant"])
    used = Counter(t.split("#")[0] for hand in pos["hands"] for t in hand)
    used.update(t.split("#")[0] for t in pos["trick"])
    deck = Counter(str(Card.from_id(c)).split("#")[0] for c in profile.deck_ids())
    return sorted((deck - used).elements())


def _endgame_fails(record: Mapping[str, Any], k: int, rng: random.Random) -> bool:
    pos = record["position"]
    mover = endgame.position_of(pos).to_move
    pool = _out_of_play(record)
    hands = [[t.split("#")[0] for t in hand] for hand in pos["hands"]]
    others = [(s, i) for s, hand in enumerate(hands) if s != mover for i in range(len(hand))]
    for seat, index in rng.sample(others, min(k, len(others), len(pool))):
        hands[seat][index] = pool.pop(rng.randrange(len(pool)))
    believed = dict(pos, hands=hands, trick=[t.split("#")[0] for t in pos["trick"]])
    try:
        solution = endgame.solution_of(believed)
    except BeziqueError:
        return True
    if record["type"] == "value":
        return bool(solution.value != record["value"])
    return rng.choice(list(solution.best)) not in record["best"]


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
            return []   # no misremembering solver for scoring captures
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=40, help="puzzles per bank")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(ordered_variants()))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows: dict[str, list[tuple[float, list[float]]]] = {"meld": [], "endgame": []}
    for variant in args.variants.split(","):
        for kind in ("meld", "endgame"):
            records = bank.load(kind, variant)
            for rec in rng.sample(records, min(args.sample, len(records))):
                rates = failure_rate(rec, rng)
                if rates:
                    rows[kind].append((difficulty.rating(rec), rates))
    everything: list[tuple[float, list[float]]] = []
    for kind, found in rows.items():
        if len(found) < 3:
            continue
        everything += found
        ratings = [r for r, _ in found]
        mean = [sum(x) / len(x) for _, x in found]
        per = [spearman(ratings, [x[i] for _, x in found]) for i in range(len(found[0][1]))]
        print(f"{kind}: {len(found)} puzzles, Spearman(rating, mean failure rate) = "
              f"{spearman(ratings, mean):+.2f}; by strength "
              f"{', '.join(f'{s}: {c:+.2f}' for s, c in zip(STRENGTHS[kind], per, strict=True))}"
              f"; mean failure {sum(mean) / len(mean):.2f}")
    ratings = [r for r, _ in everything]
    mean = [sum(x) / len(x) for _, x in everything]
    print(f"all: {len(everything)} puzzles, Spearman = {spearman(ratings, mean):+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
