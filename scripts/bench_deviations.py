"""What the expert's own choices are worth: a finer gauge of the search than the strength
table (scripts/bench_strength.py), whose paired deals need hundreds of deals to tell a
few points of win rate apart.

The expert plays like club wherever its search does not overrule the rules of thumb, so
what it gains against club is what its *deviations* gain. In deals played by club for
every seat, a share of the decisions (``--share``) is put to the expert at the app's
budget (the variant's floor in deals, ``--budget`` to change it). Where it picks another
move than club, both moves are followed to the end of the deal by club for everyone, in
``--redeals`` deals of the cards the mover cannot see (the same deals for both moves),
and the mover's side's final margin is compared.
A search worth having deviates rarely in vain: the mean worth of a deviation is above
zero, and its estimate of the gain agrees with the outcome (the correlation).

    python scripts/bench_deviations.py [--deals N] [--share P] [--redeals K]
                                       [--budget DEALS] [--jobs J] [--seed N] [VARIANT ...]
                                       [--stock LOW:HIGH] [--phase lead,follow]
                                       [--bot '{"z": 2.0}']

``--stock`` and ``--phase`` put only some decisions to the expert (say the earlier stock
phase, ``--stock 10:48``); ``--bot`` changes the expert's search (keyword arguments of
:class:`engine.bots.search.StrongBot`, e.g. ``{"z": 2.0}`` or ``{"endgame_stock": 16}``).
Besides the worth of a deviation, the table gives the worth of a decision asked (a
deviation's worth, or zero where the expert agrees with club): the sum over a deal is
what the search adds to it, whether it deviates often for little or rarely for much.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, make_bot
from engine.bots.search import StrongBot
from engine.cli.arena import arena_profile, side_margins
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.profile import ordered_variants
from engine.rules.view import PlayerView, sample_deal

# The decisions a deal asks for: a lead, a reply, a declaration after a trick won.
PHASES = ("lead", "follow", "declare")
# Any stock count: every decision of the deal.
ANY_STOCK = (0, 10_000)


@dataclass(frozen=True, slots=True)
class Job:
    variant: str
    seed: int
    share: float
    redeals: int
    budget: int | None
    stock: tuple[int, int]
    phases: tuple[str, ...]
    bot: dict[str, Any]

    def asks(self, view: PlayerView) -> bool:
        """Whether the decision of ``view`` is one to put to the expert."""
        low, high = self.stock
        return (len(view.legal) > 1 and low <= view.stock_count <= high
                and view.phase in self.phases)


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
    settings = {"deals": job.budget, **job.bot}
    experts = [StrongBot(random.Random(job.seed * 7 + p), **settings)
               for p in range(profile.players)]
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
        if job.asks(view) and rng.random() < job.share:
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


def _interval(values: list[float], digits: int = 1) -> str:
    if len(values) < 2:
        return "—"
    mean = statistics.fmean(values)
    err = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.{digits}f} ({mean - err:+.{digits}f}…{mean + err:+.{digits}f})"


def _bot_settings(text: str) -> dict[str, Any]:
    try:
        settings = json.loads(text)
    except ValueError:
        settings = None
    if not isinstance(settings, dict):
        raise argparse.ArgumentTypeError(f"expected a JSON object of StrongBot settings, "
                                         f"got {text!r}")
    return settings


def _phases(text: str) -> tuple[str, ...]:
    phases = tuple(text.split(","))
    if not phases or set(phases) - set(PHASES):
        raise argparse.ArgumentTypeError(f"expected phases among {', '.join(PHASES)}, "
                                         f"got {text!r}")
    return phases


def _stock_range(text: str) -> tuple[int, int]:
    low, _sep, high = text.partition(":")
    if not (low.isdigit() and high.isdigit() and int(low) <= int(high)):
        raise argparse.ArgumentTypeError(f"expected LOW:HIGH stock counts, got {text!r}")
    return int(low), int(high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--share", type=float, default=0.35,
                        help="share of the decisions put to the expert")
    parser.add_argument("--redeals", type=int, default=16,
                        help="deals of the unseen cards that value each deviation")
    parser.add_argument("--budget", type=int, default=None,
                        help="the expert's deals per decision (default: the variant's floor)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stock", type=_stock_range, default=ANY_STOCK,
                        help="LOW:HIGH, only decisions with this many stock cards")
    parser.add_argument("--phase", type=_phases, default=PHASES,
                        help="only decisions of these phases (comma-separated)")
    parser.add_argument("--bot", type=_bot_settings, default={},
                        help="JSON keyword arguments of the expert's StrongBot")
    args = parser.parse_args()
    print(f"expert's deviations from club, {args.deals} club deals per variant, "
          f"{args.share:.0%} of decisions asked, {args.redeals} re-deals each, "
          f"{'the floor' if args.budget is None else args.budget} deals a decision"
          + (f", expert {json.dumps(args.bot)}" if args.bot else "")
          + (f", stock {args.stock[0]}-{args.stock[1]}" if args.stock != ANY_STOCK else "")
          + (f", {','.join(args.phase)}" if args.phase != PHASES else ""))
    print(f"{'variant':<22} {'asked':>6} {'deviated':>8} {'points a deviation (95% CI)':>30} "
          f"{'wins a deviation':>16} {'better':>7} {'corr':>6} "
          f"{'points a decision (95% CI)':>28} {'wins a decision (95% CI)':>30}")
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for variant in args.variants or list(ordered_variants()):
            jobs = [Job(variant, args.seed * 100_003 + i, args.share, args.redeals,
                        args.budget, args.stock, args.phase, args.bot)
                    for i in range(args.deals)]
            results = pool.map(play, jobs, chunksize=1)
            asked = sum(a for a, _d in results)
            found = [d for _a, ds in results for d in ds]
            margins = [d.margin for d in found]
            wins = statistics.fmean(d.wins for d in found) if found else 0.0
            better = sum(m > 0 for m in margins) / max(1, len(margins))
            corr = (statistics.correlation([d.estimate for d in found], margins)
                    if len(found) > 2 and len(set(margins)) > 1
                    and len({d.estimate for d in found}) > 1 else float("nan"))
            # Per decision asked: the deviations' worth, zero for the others.
            agreed = [0.0] * (asked - len(found))
            print(f"{variant:<22} {asked:>6} {len(found):>8} {_interval(margins):>30} "
                  f"{wins:>+16.3f} {better:>7.0%} {corr:>6.2f} "
                  f"{_interval([*margins, *agreed], 2):>28} "
                  f"{_interval([*(d.wins for d in found), *agreed], 4):>30}", flush=True)


if __name__ == "__main__":
    main()
