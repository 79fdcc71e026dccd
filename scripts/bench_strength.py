"""The bots' strength table: for every variant, bot A (the expert) against bot B
(club) in paired deals at the app's own budget per decision (the variant's expert
floor, in deals of the unseen cards: the ``[bots]`` table); A's win rate with
its 95% Wilson interval, the mean point difference (and, where one deal is a game,
the settlement difference) with its 95% interval, and A's seconds per decision.

    python scripts/bench_strength.py [--deals N] [--jobs J] [--budget DEALS]
                                     [--variant NAME ...] [--a expert] [--b club]
                                     [--load BUSY]

Pairs are dealt as ``bezique arena`` deals them (same seeds, seats swapped; with
three players A sits in each seat in turn); results depend neither on ``--jobs`` nor
on the machine's load (the budget is counted in deals), only the seconds do.

``--load BUSY`` tests that (issue 56): each variant's arena is played quiet, then
again with BUSY processes spinning beside it; it prints whether every move of every
deal is the same, and A's reply time per decision (median and 95th percentile) quiet
and loaded, with the decisions the safety bound cut short (``budget.SAFETY_SECONDS``:
only those may differ).

"A wins" counts A against each club player at the table: a deal won is a higher
deal score (in single-deal games, a higher settlement), a tie half. With two sides
that is the arena's win rate; with three players each for himself A meets two club
players per deal, so an even match is 50% (the arena's "A scored most" would be
a third).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from engine.bots import Bot
from engine.bots.search import StrongBot
from engine.cli.arena import a_seats, arena_profile, build_bot, side_margins, summarize, wilson
from engine.rules.deal import Deal
from engine.rules.profile import ordered_variants
from engine.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Job:
    variant: str
    a: str
    b: str
    index: int
    seed: int
    budget: int | None = None


@dataclass(frozen=True, slots=True)
class PairResult:
    diffs: list[int]
    games: list[int]
    seconds: float          # A's thinking time over the pair
    decisions: int          # A's decisions with a choice
    duels: list[float]      # A against each other side at the table: 1, 0.5 or 0
    moves: tuple[str, ...] = ()     # every action of both deals, in order
    times: tuple[float, ...] = ()   # A's seconds for each decision with a choice
    cut: int = 0            # A's searches the safety bound cut short


def play_pair(job: Job) -> PairResult:
    profile = arena_profile(job.variant)
    base = (job.seed * 1_000_003 + job.index) * 4
    bot_a = build_bot(job.a, random.Random(base + 1), job.budget)
    bot_b = build_bot(job.b, random.Random(base + 2), job.budget)
    n = profile.players
    diffs: list[int] = []
    games: list[int] = []
    seconds = 0.0
    decisions = 0
    duels: list[float] = []
    moves: list[str] = []
    times: list[float] = []
    cut = 0
    for a_side in range(profile.sides):
        seats = a_seats(profile, a_side)
        bots: tuple[Bot, ...] = tuple(bot_a if s else bot_b for s in seats)
        deal = Deal.new(profile, random.Random(job.seed * 1_000_003 + job.index),
                        dealer=job.index % n)
        while not deal.is_over:
            seat = deal.to_move
            view = PlayerView.of(deal, seat)
            if seats[seat] and len(view.legal) > 1:
                start = time.perf_counter()
                action = bots[seat].choose(view)
                spent = time.perf_counter() - start
                seconds += spent
                times.append(spent)
                decisions += 1
                bot = bots[seat]
                if isinstance(bot, StrongBot) and bot.last is not None and bot.last.cut_short:
                    cut += 1
            else:
                action = bots[seat].choose(view)
            moves.append(str(action))
            deal.apply(action)
        diff, game = side_margins(deal, a_side)
        diffs.append(diff)
        if game is not None:
            games.append(game)
            duels.append(1.0 if game > 0 else 0.5 if game == 0 else 0.0)
        else:
            sides = deal.team_scores()
            duels.extend(1.0 if sides[a_side] > s else 0.5 if sides[a_side] == s else 0.0
                         for i, s in enumerate(sides) if i != a_side)
    return PairResult(diffs, games, seconds, decisions, duels, tuple(moves), tuple(times),
                      cut)


def _spin() -> None:
    """A busy process: one core's worth of load."""
    while True:
        pass


@contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes spinning beside the caller while the block runs."""
    context = multiprocessing.get_context("spawn")
    procs = [context.Process(target=_spin, daemon=True) for _ in range(count)]
    for proc in procs:
        proc.start()
    try:
        yield
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.join()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank); 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def same_moves_table(variants: list[str], args: argparse.Namespace) -> None:
    """Each variant's arena quiet, then beside ``args.load`` busy processes: the same
    moves?, and A's reply times (issue 56's same-moves test)."""
    print(f"{args.a} vs {args.b}, {args.deals} paired deals per variant, quiet and beside "
          f"{args.load} busy processes, {args.jobs} job(s)")
    print(f"{'variant':<22} {'same moves':>10} {'decisions':>9} {'quiet median':>12} "
          f"{'p95':>7} {'loaded median':>13} {'p95':>7} {'cut short':>9}")
    context = multiprocessing.get_context("spawn")
    for variant in variants:
        jobs = [Job(variant, args.a, args.b, i, args.seed, args.budget)
                for i in range(args.deals)]
        with context.Pool(args.jobs) as pool:
            quiet = pool.map(play_pair, jobs, chunksize=1)
        with busy(args.load), context.Pool(args.jobs) as pool:
            loaded = pool.map(play_pair, jobs, chunksize=1)
        same = [r.moves for r in quiet] == [r.moves for r in loaded]
        quiet_times = [t for r in quiet for t in r.times]
        loaded_times = [t for r in loaded for t in r.times]
        cut = f"{sum(r.cut for r in quiet)}/{sum(r.cut for r in loaded)}"
        print(f"{variant:<22} {'yes' if same else 'NO':>10} {len(quiet_times):>9} "
              f"{statistics.median(quiet_times or [0.0]):>11.3f}s "
              f"{percentile(quiet_times, 0.95):>6.3f}s "
              f"{statistics.median(loaded_times or [0.0]):>12.3f}s "
              f"{percentile(loaded_times, 0.95):>6.3f}s {cut:>9}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20, help="paired deals per variant")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="club")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--budget", type=int, default=None,
                        help="deals per decision (default: the variant's expert floor)")
    parser.add_argument("--load", type=int, default=0,
                        help="play each arena quiet, then beside this many busy processes, "
                             "and compare the moves")
    args = parser.parse_args()
    variants = args.variant or list(ordered_variants())
    if args.load:
        same_moves_table(variants, args)
        return
    budget = "the variant's floor" if args.budget is None else args.budget
    print(f"{args.a} vs {args.b}, {args.deals} paired deals per variant, "
          f"{budget} deals a decision, {args.jobs} job(s)")
    print(f"{'variant':<22} {'A wins':>7} {'95% CI':>15} {'points A-B':>11} {'95% CI':>17} "
          f"{'game A-B':>9} {'s/decision':>10}")
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for variant in variants:
            jobs = [Job(variant, args.a, args.b, i, args.seed, args.budget)
                    for i in range(args.deals)]
            results = pool.map(play_pair, jobs, chunksize=1)
            diffs = [d for r in results for d in r.diffs]
            games = [g for r in results for g in r.games]
            summary = summarize(args.a, args.b, diffs, games, variant)
            seconds = sum(r.seconds for r in results) / max(1, sum(r.decisions for r in results))
            duels = [d for r in results for d in r.duels]
            rate = sum(duels) / len(duels)
            lo, hi = wilson(sum(duels), len(duels))
            dlo, dhi = summary.diff_ci95
            game = "" if summary.game_points is None else f"{summary.game_points:+.0f}"
            print(f"{variant:<22} {rate:>7.1%} {lo:>7.1%}–{hi:<7.1%} "
                  f"{summary.mean_point_diff:>+11.1f} {dlo:>+8.1f}–{dhi:<+8.1f} {game:>9} "
                  f"{seconds:>10.3f}", flush=True)


if __name__ == "__main__":
    main()
