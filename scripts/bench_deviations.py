"""What the expert's own choices are worth: a finer gauge of the search than the strength
table (scripts/bench_strength.py), whose paired deals need hundreds of deals to tell a
few points of win rate apart.

The expert plays like club wherever its search does not overrule the rules of thumb, so
what it gains against club is what its *deviations* gain. In deals played by club for
every seat, a share of the decisions (``--share``) is put to the expert at the app's
time limit. Where it picks another move than club, both moves are followed to the end
of the deal by club for everyone, in ``--redeals`` deals of the cards the mover cannot
see (the same deals for both moves), and the mover's side's final margin is compared.
A search worth having deviates rarely in vain: the mean worth of a deviation is above
zero, and its estimate of the gain agrees with the outcome (the correlation).

    python scripts/bench_deviations.py [--deals N] [--share P] [--redeals K]
                                       [--time-limit S] [--jobs J] [--seed N] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
from dataclasses import dataclass

from engine.bots import EXPERT_SAMPLES, Bot, make_bot
from engine.bots.coach import BOT_TIME_LIMIT
from engine.bots.search import StrongBot
from engine.cli.arena import arena_profile, side_margins
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.profile import ordered_variants
from engine.rules.view import PlayerView, sample_deal


@dataclass(frozen=True, slots=True)
class Job:
    variant: str
    seed: int
    share: float
    redeals: int
    time_limit: float


@dataclass(frozen=True, slots=True)
class Deviation:
    estimate: float     # the search's own estimate of the gain over club's move
    margin: float       # the mean final margin gained, club playing on for everyone
    wins: float         # the same in deals won (a tie half)


def _finish(deal: Deal, club: Bot) -> None:
    while not deal.is_over:
        deal.apply(club.choose(PlayerView.of(deal, deal.to_move)))


def _worth(view: PlayerView, moves: tuple[Action, Action], side: int, redeals: int,
           seed: int, club: Bot) -> tuple[float, float]:
    margin = wins = 0.0
    for k in range(redeals):
        base = sample_deal(view, random.Random(seed * 1009 + k))
        ends = []
        for move in moves:
            line = base.copy()
            line.apply(move)
            _finish(line, club)
            diff, game = side_margins(line, side)
            score = diff if game is None else game
            ends.append((diff, 1.0 if score > 0 else 0.5 if score == 0 else 0.0))
        margin += ends[0][0] - ends[1][0]
        wins += ends[0][1] - ends[1][1]
    return margin / redeals, wins / redeals


def play(job: Job) -> tuple[int, list[Deviation]]:
    """One club deal; (decisions put to the expert, its deviations)."""
    profile = arena_profile(job.variant)
    rng = random.Random(job.seed)
    club = make_bot("club", random.Random(1))
    experts = [StrongBot(random.Random(job.seed * 7 + p), samples=EXPERT_SAMPLES,
                         time_limit=job.time_limit) for p in range(profile.players)]
    deal = Deal.new(profile, random.Random(job.seed), dealer=job.seed % profile.players)
    asked = 0
    found: list[Deviation] = []
    while not deal.is_over:
        seat = deal.to_move
        view = PlayerView.of(deal, seat)
        expert = experts[seat]
        infer = expert.infer and view.players == 2      # as StrongBot.choose
        if infer:
            expert.model.observe(view)
        usual = club.choose(view)
        if len(view.legal) > 1 and rng.random() < job.share:
            asked += 1
            result = expert.search(view)
            if result.action != usual:
                margin, wins = _worth(view, (result.action, usual), profile.team(seat),
                                      job.redeals, job.seed + len(deal.actions), club)
                estimate = result.means.get(result.action, 0.0) - result.means.get(usual, 0.0)
                found.append(Deviation(estimate, margin, wins))
        if infer:
            expert.model.record(usual)
        deal.apply(usual)
    return asked, found


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return "—"
    mean = statistics.fmean(values)
    err = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.1f} ({mean - err:+.1f}…{mean + err:+.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--share", type=float, default=0.35,
                        help="share of the decisions put to the expert")
    parser.add_argument("--redeals", type=int, default=16,
                        help="deals of the unseen cards that value each deviation")
    parser.add_argument("--time-limit", type=float, default=BOT_TIME_LIMIT)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"expert's deviations from club, {args.deals} club deals per variant, "
          f"{args.share:.0%} of decisions asked, {args.redeals} re-deals each, "
          f"{args.time_limit} s a decision")
    print(f"{'variant':<22} {'asked':>6} {'deviated':>8} {'points a deviation (95% CI)':>30} "
          f"{'wins a deviation':>16} {'better':>7} {'corr':>6}")
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for variant in args.variants or list(ordered_variants()):
            jobs = [Job(variant, args.seed * 100_003 + i, args.share, args.redeals,
                        args.time_limit) for i in range(args.deals)]
            results = pool.map(play, jobs, chunksize=1)
            asked = sum(a for a, _d in results)
            found = [d for _a, ds in results for d in ds]
            margins = [d.margin for d in found]
            wins = statistics.fmean(d.wins for d in found) if found else 0.0
            better = sum(m > 0 for m in margins) / max(1, len(margins))
            corr = (statistics.correlation([d.estimate for d in found], margins)
                    if len(found) > 2 and len(set(margins)) > 1
                    and len({d.estimate for d in found}) > 1 else float("nan"))
            print(f"{variant:<22} {asked:>6} {len(found):>8} {_interval(margins):>30} "
                  f"{wins:>+16.3f} {better:>7.0%} {corr:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
