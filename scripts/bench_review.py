"""Measure the review of a hand (engine.bots.review) in every variant: one deal played
by beginner bots (seeded), reviewed for player 1 at the app's budget; prints the
decisions judged, flagged and exact, and the seconds the review took.

    python scripts/bench_review.py [--seed N] [--samples N] [--time-limit S]
                                   [--hint-samples N] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import random
import time

from engine.bots.coach import BotPlayer
from engine.bots.review import Budget, review_deal
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, variant_names

DEFAULT = Budget()


def played_deal(variant: str, seed: int) -> Deal:
    deal = Deal.new(load_profile(variant), random.Random(seed), dealer=1)
    bots = [BotPlayer("beginner", random.Random(seed + p)) for p in range(deal.profile.players)]
    while not deal.is_over:
        deal.apply(bots[deal.to_move].choose_in(deal, deal.to_move))
    return deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--samples", type=int, default=DEFAULT.samples)
    parser.add_argument("--time-limit", type=float, default=DEFAULT.time_limit)
    parser.add_argument("--hint-samples", type=int, default=DEFAULT.hint_samples)
    args = parser.parse_args()
    budget = Budget(args.samples, args.time_limit, args.hint_samples)
    print(f"{'variant':24} {'judged':>6} {'flagged':>7} {'exact':>5} {'seconds':>7} "
          f"{'s/decision':>10}")
    for variant in args.variants or variant_names():
        deal = played_deal(variant, args.seed)
        start = time.perf_counter()
        review = review_deal(deal, 0, budget=budget)
        seconds = time.perf_counter() - start
        judged = len(review.decisions)
        print(f"{variant:24} {judged:6} {len(review.flagged):7} "
              f"{sum(d.exact for d in review.decisions):5} {seconds:7.1f} "
              f"{seconds / max(1, judged):10.2f}", flush=True)


if __name__ == "__main__":
    main()
