"""Tune the expert's rules of thumb (:class:`engine.bots.heuristic.HeuristicWeights`)
by paired self-play in the rules engine, for the games the fast simulator does not
follow (there the expert's own move, before its search, is the rule-of-thumb bot's).

    python scripts/tune_heuristic.py --variant rubicon --deals 300 --jobs 2 \\
        --check '{"threat": 0.0, "draw_odds": 0.5}' --check expert
    python scripts/tune_heuristic.py --variant rubicon --deals 300 --jobs 2 --sweep expert

Each candidate plays ``--deals`` paired deals (the same cards twice, seats swapped; with
three players A in each seat in turn) against the club bot's numbers
(:data:`~engine.bots.heuristic.CLUB`); every candidate meets the same deals, so their
rates compare with less noise than their intervals suggest. A deal is won by the higher
score (in single-deal games, the higher settlement). ``--sweep START`` measures every
one-weight change of ``START`` (``club``, ``expert`` or a JSON object) on the same deals.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import time
from dataclasses import dataclass

from engine.bots.heuristic import (
    CLUB,
    EXPERT,
    EXPERT_CAPTURES,
    EXPERT_MANY_PACKS,
    HeuristicBot,
    HeuristicWeights,
)
from engine.cli.arena import a_seats, arena_profile, play_deal, side_margins, wilson

GRID: dict[str, list[float]] = {
    "threat": [0.0, 5.0, 15.0],
    "late_threat": [1.0, 1.5, 2.5],
    "table_threat": [0.0, 1.0],
    "brisque_keep": [5.0, 10.0, 15.0],
    "lead_brisque": [0.0, 8.0, 16.0],
    "capture": [1.0, 1.5, 2.0],
    "lose_own": [1.0, 2.0, 3.0],
    "draw_odds": [0.0, 0.5, 1.0],
    "last_trick_keep": [0.0, 10.0, 20.0, 40.0],
    "max_missing": [1, 2, 3],
}


@dataclass(frozen=True, slots=True)
class Job:
    variant: str
    weights: HeuristicWeights
    index: int
    seed: int


def play_pair(job: Job) -> list[float]:
    """A's result in each seating of one paired deal: 1 won, 0.5 tied, 0 lost."""
    profile = arena_profile(job.variant)
    n = profile.players
    bot_a = HeuristicBot(random.Random(0), weights=job.weights)
    bot_b = HeuristicBot(random.Random(0))
    seed = job.seed * 1_000_003 + job.index
    results: list[float] = []
    for a_side in range(profile.sides):
        seats = a_seats(profile, a_side)
        deal = play_deal(profile, tuple(bot_a if s else bot_b for s in seats), seed,
                         job.index % n)
        diff, game = side_margins(deal, a_side)
        margin = diff if game is None else game
        results.append(1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)
    return results


def measure(variant: str, weights: HeuristicWeights, deals: int, seed: int,
            pool: multiprocessing.pool.Pool) -> tuple[float, int]:
    jobs = [Job(variant, weights, i, seed) for i in range(deals)]
    results = [r for pair in pool.map(play_pair, jobs) for r in pair]
    return sum(results), len(results)


def parse_weights(text: str) -> HeuristicWeights:
    if text == "club":
        return CLUB
    if text == "expert":
        return EXPERT
    if text == "expert-captures":
        return EXPERT_CAPTURES
    if text == "expert-many-packs":
        return EXPERT_MANY_PACKS
    return HeuristicWeights(**json.loads(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", action="append", default=[],
                        help="a candidate: club, expert, expert-captures, expert-many-packs or a "
                             "JSON object of weights")
    parser.add_argument("--sweep", default=None, help="start of a one-weight sweep")
    args = parser.parse_args()
    candidates: list[tuple[str, HeuristicWeights]] = [(c, parse_weights(c)) for c in args.check]
    if args.sweep:
        start = parse_weights(args.sweep)
        candidates.append((args.sweep, start))
        for name, values in GRID.items():
            for value in values:
                if value != getattr(start, name):
                    candidates.append((f"{name}={value}",
                                       dataclasses.replace(start, **{name: value})))
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for variant in args.variant:
            for label, weights in candidates:
                began = time.perf_counter()
                wins, n = measure(variant, weights, args.deals, args.seed, pool)
                lo, hi = wilson(wins, n)
                print(f"{variant:22} {label:40} {wins / n:6.1%} ({lo:.1%}–{hi:.1%}) "
                      f"n={n} {time.perf_counter() - began:5.0f}s", flush=True)


if __name__ == "__main__":
    main()
