"""The expert's floor (deals of the unseen cards per searched decision, the ``[bots]``
table of each variant file) against the time it takes: for every variant, the expert
plays club in a few deals at a budget, and for each decision it searches the script
records the deals and the CPU seconds (``time.process_time``, so other work on the
machine does not change the figure). It prints, before the last stock tricks
(``expert_deals``) and in them (``stock_end_deals``), the median CPU seconds a searched
decision takes at that budget and the budget a decision of ``--seconds`` CPU seconds
would buy (deals per second at the median, capped at ``--cap``, the most the app's
expert ever searched before budgets were counted in deals).

    python scripts/bench_floor.py [--deals N] [--seconds S] [--budget DEALS] [--cap N]
                                  [VARIANT ...]

``--budget`` (default: each variant's own floor) is the budget measured. To change a
floor, edit the variant file's ``[bots]`` table: one number.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.bots.budget import expert_deals
from engine.bots.coach import BotPlayer
from engine.bots.search import StrongBot, at_stock_end
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, ordered_variants
from engine.rules.view import PlayerView


def measure(variant: str, deals: int, budget: int | None
            ) -> dict[bool, list[tuple[int, float]]]:
    """Per phase (in the last stock tricks or not): (deals, CPU seconds) of each searched
    decision of the expert seats."""
    profile = load_profile(variant)
    found: dict[bool, list[tuple[int, float]]] = {False: [], True: []}
    for index in range(deals):
        deal = Deal.new(profile, random.Random(index), dealer=index % profile.players)
        players = [BotPlayer("expert" if seat % 2 == 0 else "club",
                             random.Random(index * 10 + seat), budget)
                   for seat in range(profile.players)]
        while not deal.is_over:
            seat = deal.to_move
            bot = players[seat].bot
            if not isinstance(bot, StrongBot) or len(deal.legal_actions()) == 1:
                deal.apply(players[seat].choose_in(deal, seat))
                continue
            view = PlayerView.of(deal, seat)
            start = time.process_time()
            action = bot.choose(view)
            seconds = time.process_time() - start
            result = bot.last
            if result is not None and result.samples > 1:
                found[at_stock_end(view)].append((result.samples, seconds))
            deal.apply(action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--deals", type=int, default=2, help="deals played per variant")
    parser.add_argument("--seconds", type=float, default=0.4,
                        help="CPU seconds a decision should take (the app's old time limit)")
    parser.add_argument("--budget", type=int, default=None,
                        help="deals per decision measured (default: each variant's floor)")
    parser.add_argument("--cap", type=int, default=200)
    args = parser.parse_args()
    print(f"{'variant':<22} {'phase':<9} {'floor':>5} {'searches':>8} {'s (median)':>10} "
          f"{'p90':>6} {'deals/s':>8} {f'{args.seconds:g} s buys':>11}")
    for variant in args.variants or ordered_variants():
        profile = load_profile(variant)
        found = measure(variant, args.deals, args.budget)
        for stock_end, rows in found.items():
            if not rows:
                continue
            floor = args.budget or expert_deals(profile, stock_end)
            seconds = [s for _d, s in rows]
            rate = statistics.median(d / max(s, 1e-6) for d, s in rows)
            p90 = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
            buys = min(args.cap, max(1, round(rate * args.seconds)))
            print(f"{variant:<22} {'stock end' if stock_end else 'stock':<9} {floor:>5} "
                  f"{len(rows):>8} {statistics.median(seconds):>10.3f} {p90:>6.2f} "
                  f"{rate:>8.0f} {buys:>11}", flush=True)


if __name__ == "__main__":
    main()
