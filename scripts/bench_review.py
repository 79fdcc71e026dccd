"""Measure the review of a hand (engine.bots.review) in every variant: one deal played
by beginner bots (seeded), reviewed for player 1 at the app's budget; prints the
decisions judged, flagged and exact, and the seconds the review took.

With ``--pace S`` it also measures the review as the Play page serves it: each decision
handed to a worker process as it is made (app_pages.review_worker), the learner taking
S seconds a decision, and the seconds from the deal's end until the review is ready.

    python scripts/bench_review.py [--seed N] [--deals N] [--confirm-deals N]
                                   [--hint-deals N] [--pace S] [VARIANT ...]

The budgets are deals of the unseen cards (default: each game's expert floor, the
``[bots]`` table of its variant file; the confirming estimate three times as many), so
the verdicts do not depend on the machine's load; only the seconds do.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor, wait

from app_pages.review_worker import Jobs, hand_over_one
from engine.bots.coach import BotPlayer
from engine.bots.review import Budget, decisions_of, review_deal
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, variant_names


def played_deal(variant: str, seed: int) -> Deal:
    deal = Deal.new(load_profile(variant), random.Random(seed), dealer=1)
    bots = [BotPlayer("beginner", random.Random(seed + p)) for p in range(deal.profile.players)]
    while not deal.is_over:
        deal.apply(bots[deal.to_move].choose_in(deal, deal.to_move))
    return deal


def review_after_play(deal: Deal, budget: Budget, pace: float,
                      pool: ProcessPoolExecutor) -> float:
    """Seconds from the deal's end until its review is ready when each decision went
    to ``pool`` as it was made, ``pace`` seconds apart (the Play page's way; the page
    does not wait meanwhile)."""
    jobs: Jobs = {}
    for position, action in decisions_of(deal, 0):
        hand_over_one(pool, jobs, position, 0, action, 1, budget)
        time.sleep(pace)
    start = time.perf_counter()
    wait(jobs.values())
    review_deal(deal, 0, budget=budget, known={k: f.result() for k, f in jobs.items()})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--deals", type=int, default=None,
                        help="the first estimate's deals (default: the game's floor)")
    parser.add_argument("--confirm-deals", type=int, default=None,
                        help="the confirming estimate's deals (default: 3x the first)")
    parser.add_argument("--hint-deals", type=int, default=None,
                        help="the expert's search for its move (default: the game's floor)")
    parser.add_argument("--pace", type=float, default=None,
                        help="seconds a learner decision: also time the review after "
                             "judging in a worker during the deal")
    args = parser.parse_args()
    budget = Budget(deals=args.deals, confirm_deals=args.confirm_deals,
                    hint_deals=args.hint_deals)
    pool = (None if args.pace is None else
            ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")))
    after = "" if pool is None else f" {'after play':>10}"
    print(f"{'variant':24} {'judged':>6} {'flagged':>7} {'exact':>5} {'seconds':>7} "
          f"{'s/decision':>10}{after}")
    for variant in args.variants or variant_names():
        deal = played_deal(variant, args.seed)
        start = time.perf_counter()
        review = review_deal(deal, 0, budget=budget)
        seconds = time.perf_counter() - start
        judged = len(review.decisions)
        if pool is not None and args.pace is not None:
            after = f" {review_after_play(deal, budget, args.pace, pool):10.2f}"
        print(f"{variant:24} {judged:6} {len(review.flagged):7} "
              f"{sum(d.exact for d in review.decisions):5} {seconds:7.1f} "
              f"{seconds / max(1, judged):10.2f}{after}", flush=True)
    if pool is not None:
        pool.shutdown()


if __name__ == "__main__":
    main()
