"""Random-playout speed on one core, every variant: the rules engine
(engine.rules.deal.Deal) against the fast simulator (engine.bots.fastplay.FastDeal).

    python scripts/bench_playout.py [--deals N] [--variant NAME ...] [--seed S] [--repeat R]
                                    [--profile]

Both play the same shuffled packs (the fast simulator ``--deals`` of them, the engine
a tenth), each from the deal to its end choosing uniformly among the legal actions.
Rates are deals per second of this process's CPU time (``time.process_time``), the
best of ``--repeat`` runs, so a machine busy with other work slows them little; each
run plays new packs (the simulator's caches of hands seen never meet the same deals
again, as in a search). The
goals (issue 56): the fast simulator at least ten times the engine in every variant,
and 10,000 deals a second two-handed. ``--profile`` prints the cProfile of the fast
playouts of the first variant (top functions by own time).
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
from engine.rules.profile import Profile, load_profile, ordered_variants

Deck = tuple[list[int], int]


def packs(profile: Profile, count: int, seed: int) -> list[Deck]:
    """``count`` shuffled packs of the variant, each with its dealer."""
    rng = random.Random(seed)
    ids = list(profile.deck_ids())
    out = []
    for i in range(count):
        deck = ids[:]
        rng.shuffle(deck)
        out.append((deck, i % profile.players))
    return out


def deal_playouts(profile: Profile, decks: list[Deck], seed: int) -> None:
    draw = random.Random(seed).random
    for deck, dealer in decks:
        deal = Deal(profile, deck, dealer)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(draw() * len(legal))])


def fast_playouts(profile: Profile, decks: list[Deck], seed: int) -> None:
    rng = random.Random(seed)
    for deck, dealer in decks:
        FastDeal.from_deck(profile, deck, dealer).play_random(rng)


def rates(profile: Profile, slow_n: int, fast_n: int, seed: int,
          repeat: int) -> tuple[float, float]:
    """Deals per CPU second of the engine (``slow_n`` deals) and of the simulator
    (``fast_n``), each the best of ``repeat`` runs on new packs (as timeit: other work on
    the machine only ever slows a run down). The two alternate run by run, so that a
    spell of contention on a shared machine slows both and leaves their ratio alone."""
    best = {deal_playouts: float("inf"), fast_playouts: float("inf")}
    for run_seed in range(seed, seed + repeat):
        for run, count in ((deal_playouts, slow_n), (fast_playouts, fast_n)):
            decks = packs(profile, count, run_seed)
            start = time.process_time()
            run(profile, decks, run_seed)
            best[run] = min(best[run], time.process_time() - start)
    return (slow_n / max(1e-9, best[deal_playouts]),
            fast_n / max(1e-9, best[fast_playouts]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000,
                        help="fast deals per variant (the engine plays a tenth)")
    parser.add_argument("--variant", action="append", help="a variant (repeatable; "
                        "default: all of them)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs, the best counted")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    variants = args.variant or ordered_variants()
    slow_n = max(1, args.deals // 10)
    print(f"{'variant':24} {'Deal deals/s':>13} {'fast deals/s':>13} {'ratio':>7}")
    for variant in variants:
        profile = load_profile(variant)
        # The same packs for both (the engine's are the first tenth of the simulator's).
        slow, fast = rates(profile, slow_n, args.deals, args.seed, args.repeat)
        print(f"{variant:24} {slow:13.0f} {fast:13.0f} {fast / slow:6.1f}x", flush=True)
    if args.profile:
        profile = load_profile(variants[0])
        decks = packs(profile, args.deals, args.seed)
        profiler = cProfile.Profile()
        profiler.enable()
        fast_playouts(profile, decks, args.seed)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
