"""Random-playout speed on one core: engine.rules.deal.Deal against engine.bots.fastplay.

    python scripts/bench_playout.py [--deals N] [--profile]

Both play full deals choosing uniformly among the legal actions. ``--profile``
prints the cProfile of the Deal playout (top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from engine.bots.fastplay import FastDeal
from engine.rules.deal import Deal
from engine.rules.profile import load_profile


def deal_playouts(n: int, variant: str) -> float:
    profile = load_profile(variant)
    start = time.perf_counter()
    for seed in range(n):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng, dealer=seed % 2)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
    return n / (time.perf_counter() - start)


def fast_playouts(n: int, variant: str) -> float:
    profile = load_profile(variant)
    start = time.perf_counter()
    for seed in range(n):
        rng = random.Random(seed)
        FastDeal.new(profile, rng, dealer=seed % 2).play_random(rng)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000, help="fast deals (Deal plays 1/10)")
    parser.add_argument("--variant", default="two-handed")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    slow_n = max(1, args.deals // 10)
    print(f"engine.rules.deal.Deal      : {deal_playouts(slow_n, args.variant):8.0f} deals/s "
          f"({slow_n} deals)")
    print(f"engine.bots.fastplay  : {fast_playouts(args.deals, args.variant):8.0f} deals/s "
          f"({args.deals} deals)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        deal_playouts(slow_n, args.variant)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
