"""Seconds per decision of each bot, measured over whole deals against the heuristic
(the bot in seat 1, the heuristic in every other seat).

    python scripts/bench_bots.py [--deals N] [--budget DEALS]
                                 [--variant NAME] [--option ID=CHOICE ...]

``--budget``: the strong bot's deals of the unseen cards per decision (default: the
variant's expert floor, the ``[bots]`` table of its file).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.bots import make_bot
from engine.cli.arena import arena_profile
from engine.rules.deal import Deal
from engine.rules.profile import Profile
from engine.rules.view import PlayerView


def time_bot(name: str, deals: int, budget: int | None, profile: Profile
             ) -> tuple[float, float, int]:
    bot = make_bot(name, random.Random(1), deals=budget)
    other = make_bot("heuristic", random.Random(2))
    times: list[float] = []
    for seed in range(deals):
        deal = Deal.new(profile, random.Random(seed), dealer=seed % profile.players)
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
    parser.add_argument("--variant", default="two-handed")
    parser.add_argument("--option", action="append", default=[], metavar="ID=CHOICE")
    args = parser.parse_args()
    profile = arena_profile(args.variant, tuple(args.option))
    budget = "the floor" if args.budget is None else args.budget
    print(f"{' '.join([args.variant, *args.option])}, {args.deals} deals, "
          f"{budget} deals a decision")
    for name in args.bots.split(","):
        mean, worst, n = time_bot(name, args.deals, args.budget, profile)
        print(f"{name:<10} mean {mean * 1000:7.1f} ms  max {worst * 1000:7.1f} ms  "
              f"({n} decisions)")


if __name__ == "__main__":
    main()
