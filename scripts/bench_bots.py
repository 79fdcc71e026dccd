"""Seconds per decision of each bot, measured over whole deals against the heuristic.

    python scripts/bench_bots.py [--deals N] [--budget B]
"""

from __future__ import annotations

import argparse
import random
import time

from engine.bots import make_bot
from engine.deal import Deal
from engine.profile import load_profile
from engine.view import PlayerView


def time_bot(name: str, deals: int, budget: int | None) -> tuple[float, float, int]:
    profile = load_profile("two-handed")
    bot = make_bot(name, random.Random(1), samples=budget)
    other = make_bot("heuristic", random.Random(2))
    times: list[float] = []
    for seed in range(deals):
        deal = Deal.new(profile, random.Random(seed), dealer=seed % 2)
        while not deal.is_over:
            seat = deal.to_move
            view = PlayerView.of(deal, seat)
            if seat == 0:
                start = time.perf_counter()
                action = bot.choose(view)
                times.append(time.perf_counter() - start)
            else:
                action = other.choose(view)
            deal.apply(action)
    return sum(times) / len(times), max(times), len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--bots", default="random,heuristic,beginner,strong")
    args = parser.parse_args()
    for name in args.bots.split(","):
        mean, worst, n = time_bot(name, args.deals, args.budget)
        print(f"{name:<10} mean {mean * 1000:7.1f} ms  max {worst * 1000:7.1f} ms  "
              f"({n} decisions)")


if __name__ == "__main__":
    main()
