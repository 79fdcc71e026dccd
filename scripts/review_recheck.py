"""Does the hand review's flag hold? Reviews games at the app's budget and re-checks
every flagged decision the search estimated (not the solver's exact ones) with the
same search on many more deals and another seed (:func:`engine.bots.search.estimate_actions`,
``--deals``, 300 by default): a flag is *confirmed* when the re-check's 95% interval of
the loss still excludes zero and the loss is at least the review's ``MIN_COST``.
Prints each flagged decision (the review's cost and interval, what its first estimate
alone said, the re-check's) and the confirmed share, with the mean cost the review
reports against the re-check's (a cost overstated by the winner's curse shows here).
For comparison it re-checks too the decisions the first estimate alone would have
flagged (the review before it confirmed its flags): their confirmed share is the
"before" figure.

    python scripts/review_recheck.py [--deals 300] [--seat 1] GAME.json ...
    python scripts/review_recheck.py --play two-handed,club,rubicon --seeds 1:6

``--play`` plays the games itself, as ``probes-3/make_games.py`` does (player 1 a
beginner, who errs, the others club), one deal each, and reviews player 1. Both ways
the review is the app's (each game's floor, the confirming estimate on fresh deals),
so the figures do not depend on the machine's load; the seconds do.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from engine.bots import make_bot
from engine.bots.budget import position_seed
from engine.bots.judgement import CONFIRM_Z, MIN_COST
from engine.bots.review import Budget, Decision, review_game
from engine.bots.search import ActionEstimate, estimate_actions
from engine.cli.review import read_game
from engine.rules.game import Game
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    decision: Decision
    first: float          # the first estimate's cost alone (the review before confirming)
    loss: float           # the re-check's
    low: float
    high: float
    confirming: float     # the confirming estimate's cost and standard error (its
    error: float          # interval at any z: confirming -+ z * error)

    @property
    def confirmed(self) -> bool:
        return self.low > 0 and self.loss >= MIN_COST


def played_game(variant: str, seed: int) -> Game:
    """One deal of ``variant``: player 1 a beginner, the others club (make_games.py)."""
    profile = load_profile(variant)
    game = Game.new(profile, random.Random(seed))
    bots = [make_bot("beginner" if p == 0 else "club", random.Random(seed * 10 + p))
            for p in range(profile.players)]
    deal = game.deal
    while not deal.is_over:
        deal.apply(bots[deal.to_move].choose(PlayerView.of(deal, deal.to_move)))
    return game


def first_estimate(decision: Decision, budget: Budget) -> ActionEstimate:
    """The review's first estimate of the decision (the same seed and deals as judge's)."""
    deal = decision.position_deal()
    view = PlayerView.of(deal, decision.seat)
    moves = [decision.played, decision.better]
    return next(e for e in estimate_actions(view, moves, random.Random(position_seed(deal)),
                                            budget.first(deal))
                if e.action == decision.played)


def first_flags(decision: Decision, budget: Budget) -> bool:
    """Whether the first estimate alone finds a clear loss (a flag before confirming):
    every flagged decision's did; for the others it is worked out again."""
    if decision.flagged or decision.exact or decision.better == decision.played:
        return decision.flagged
    first = first_estimate(decision, budget)
    return first.low > 0 and first.loss >= MIN_COST


def recheck(name: str, decision: Decision, deals: int, budget: Budget) -> Check:
    deal = decision.position_deal()
    view = PlayerView.of(deal, decision.seat)
    moves = [decision.played, decision.better]
    first = first_estimate(decision, budget)
    again = next(e for e in estimate_actions(view, moves, random.Random(777 + decision.index),
                                             deals)
                 if e.action == decision.played)
    # The confirming estimate again (judge's seed and deals), one standard error wide.
    confirm = next(e for e in estimate_actions(
        view, moves, random.Random(position_seed(deal, "confirm")), budget.confirming(deal),
        z=1.0) if e.action == decision.played)
    error = confirm.loss - confirm.low if confirm.loss > 0 else 0.0
    return Check(name, decision, first.loss, again.loss, again.low, again.high, confirm.loss,
                 error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="saved games (the Play page's download)")
    parser.add_argument("--deals", type=int, default=300, help="the re-check's deals")
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--play", default="", help="comma-separated variants to play")
    parser.add_argument("--seeds", default="1:4", help="FIRST:LAST seeds for --play")
    args = parser.parse_args()
    budget = Budget()
    games: list[tuple[str, Game]] = [(name.rsplit("/", 1)[-1], read_game(name))
                                     for name in args.games]
    first, last = (int(x) for x in args.seeds.split(":"))
    for variant in filter(None, args.play.split(",")):
        games += [(f"{variant}-{seed}", played_game(variant, seed))
                  for seed in range(first, last + 1)]
    checks: list[Check] = []
    unconfirmed: list[Check] = []   # flagged by the first estimate, not by the review
    judged = 0
    seconds = 0.0
    for name, game in games:
        start = time.perf_counter()
        review = review_game(game, args.seat - 1, [1], budget)
        seconds += time.perf_counter() - start
        judged += len(review.decisions)
        for decision in review.decisions:
            if decision.exact or not first_flags(decision, budget):
                continue
            check = recheck(name, decision, args.deals, budget)
            if not decision.flagged:
                unconfirmed.append(check)
                print(f"{name} trick {decision.trick}: {decision.played} vs "
                      f"{decision.better}: first estimate {check.first:.1f}, not confirmed "
                      f"by the review; {args.deals} deals {check.loss:.1f} [{check.low:.1f}, "
                      f"{check.high:.1f}]", flush=True)
                continue
            checks.append(check)
            print(f"{name} trick {decision.trick}: {decision.played} vs {decision.better}: "
                  f"review {decision.cost:.1f} [{decision.low:.1f}, {decision.high:.1f}] "
                  f"(first estimate {check.first:.1f}); {args.deals} deals {check.loss:.1f} "
                  f"[{check.low:.1f}, {check.high:.1f}] -> "
                  f"{'confirmed' if check.confirmed else 'NOT CONFIRMED'}", flush=True)
    confirmed = sum(c.confirmed for c in checks)
    print(f"{len(games)} game(s), {judged} decisions judged in {seconds:.0f} s "
          f"({seconds / max(1, len(games)):.1f} s a deal); estimated flags {len(checks)}, "
          f"confirmed at {args.deals} deals {confirmed} "
          f"({confirmed / max(1, len(checks)):.1%})")
    before = checks + unconfirmed
    held = sum(c.confirmed for c in before)
    print(f"before confirming (the first estimate alone): flags {len(before)}, confirmed "
          f"{held} ({held / max(1, len(before)):.1%})")
    print("had the confirming interval been z standard errors wide (z: flags, confirmed):")
    for z in (1.96, 2.33, 2.58, CONFIRM_Z):
        kept = [c for c in before if c.confirming - z * c.error > 0 and c.confirming >= MIN_COST]
        held = sum(c.confirmed for c in kept)
        print(f"  z {z:.2f}: {len(kept)} flags, {held} confirmed "
              f"({held / max(1, len(kept)):.1%})")
    if checks:
        print(f"mean cost: first estimate {statistics.fmean(c.first for c in checks):.1f}, "
              f"review (confirming) {statistics.fmean(c.decision.cost for c in checks):.1f}, "
              f"re-check {statistics.fmean(c.loss for c in checks):.1f}")


if __name__ == "__main__":
    main()
