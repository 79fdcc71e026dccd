"""``bezique arena``: two bots play paired deals; win rate and point difference
with 95% confidence intervals.

Each seed is dealt twice with the seats swapped, so both bots get the same cards.
A deal is won by the higher deal score; a tie counts half a win.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass

from engine.bots import BOT_NAMES, Bot, make_bot
from engine.bots.search import StrongBot
from engine.deal import Deal
from engine.profile import Profile, load_profile
from engine.view import PlayerView

CHEAT_SUFFIX = "-cheat"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    names = ", ".join([*BOT_NAMES, "strong-cheat"])
    parser = subparsers.add_parser("arena", help="bots play paired deals against each other")
    parser.add_argument("--a", default="heuristic", help=f"bot A: {names}")
    parser.add_argument("--b", default="random", help="bot B (same choices)")
    parser.add_argument("--deals", type=int, default=100, help="paired deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", default="two-handed")
    parser.add_argument("--budget", type=int, default=None,
                        help="determinizations per decision for strong bots (default 60)")
    parser.add_argument("--time-limit", type=float, default=0.9,
                        help="seconds per decision cap for strong bots")
    parser.add_argument("--json", action="store_true", help="last stdout line is a JSON summary")
    parser.add_argument("--no-progress", action="store_true")
    parser.set_defaults(run=run)


def build_bot(name: str, rng: random.Random, budget: int | None, time_limit: float) -> Bot:
    base = name[:-len(CHEAT_SUFFIX)] if name.endswith(CHEAT_SUFFIX) else name
    bot = make_bot(base, rng, samples=budget, time_limit=time_limit)
    if name.endswith(CHEAT_SUFFIX):
        if not isinstance(bot, StrongBot):
            raise ValueError(f"only strong bots can cheat, not {base!r}")
        bot.name = name
    return bot


def play_deal(profile: Profile, bots: tuple[Bot, Bot], seed: int, dealer: int,
              cheaters: tuple[bool, bool] = (False, False)) -> Deal:
    """Play one deal; ``bots[p]`` sits in seat p."""
    deal = Deal.new(profile, random.Random(seed), dealer=dealer)
    while not deal.is_over:
        seat = deal.to_move
        bot = bots[seat]
        if cheaters[seat] and isinstance(bot, StrongBot):
            bot.oracle = deal
        deal.apply(bot.choose(PlayerView.of(deal, seat)))
    return deal


@dataclass(frozen=True, slots=True)
class Summary:
    a: str
    b: str
    deals: int                  # deals played: twice the paired deals
    a_win_rate: float
    ci95: tuple[float, float]
    mean_point_diff: float
    diff_ci95: tuple[float, float]
    ties: int

    def to_json(self) -> dict[str, object]:
        return {"a": self.a, "b": self.b, "deals": self.deals // 2, "played": self.deals,
                "a_win_rate": round(self.a_win_rate, 4),
                "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
                "mean_point_diff": round(self.mean_point_diff, 2),
                "diff_ci95": [round(self.diff_ci95[0], 2), round(self.diff_ci95[1], 2)],
                "ties": self.ties}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, tuple[float, float]]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, (mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def summarize(a: str, b: str, diffs: list[int]) -> Summary:
    """Summary of A's point differences (A − B), one per deal played."""
    wins = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in diffs)
    n = len(diffs)
    mean, diff_ci = mean_ci([float(d) for d in diffs])
    return Summary(a, b, n, wins / n if n else 0.0, wilson(wins, n), mean, diff_ci,
                   sum(1 for d in diffs if d == 0))


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, enabled: bool = True, width: int = 30) -> None:
        self.total, self.enabled, self.width = total, enabled, width
        self.start = time.perf_counter()

    def update(self, done: int, note: str = "") -> None:
        if not self.enabled:
            return
        filled = self.width * done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} "
                         f"{elapsed:5.0f}s eta {eta:5.0f}s {note}")
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def run_arena(a: str, b: str, deals: int, seed: int, variant: str = "two-handed",
              budget: int | None = None, time_limit: float = 0.9,
              progress: bool = False) -> Summary:
    profile = load_profile(variant)
    rng_a, rng_b = random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)
    bot_a = build_bot(a, rng_a, budget, time_limit)
    bot_b = build_bot(b, rng_b, budget, time_limit)
    cheat = (a.endswith(CHEAT_SUFFIX), b.endswith(CHEAT_SUFFIX))
    bar = Progress(deals, progress)
    diffs: list[int] = []
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        dealer = i % 2
        for a_seat in (0, 1):
            bots = (bot_a, bot_b) if a_seat == 0 else (bot_b, bot_a)
            cheaters = cheat if a_seat == 0 else (cheat[1], cheat[0])
            deal = play_deal(profile, bots, deal_seed, dealer, cheaters)
            diffs.append(deal.scores[a_seat] - deal.scores[1 - a_seat])
        s = summarize(a, b, diffs)
        bar.update(i + 1, f"A wins {s.a_win_rate:.1%} diff {s.mean_point_diff:+.0f}")
    return summarize(a, b, diffs)


def run(args: argparse.Namespace) -> int:
    summary = run_arena(args.a, args.b, args.deals, args.seed, args.variant, args.budget,
                        args.time_limit, progress=not args.no_progress)
    lo, hi = summary.ci95
    dlo, dhi = summary.diff_ci95
    print(f"{summary.a} vs {summary.b}: {args.deals} paired deals ({summary.deals} played, "
          f"seats swapped; a tie counts half, {summary.ties} ties)")
    print(f"A win rate {summary.a_win_rate:.1%} (95% Wilson CI {lo:.1%} – {hi:.1%})")
    print(f"mean point difference A − B per deal {summary.mean_point_diff:+.1f} "
          f"(95% CI {dlo:+.1f} – {dhi:+.1f})")
    if args.json:
        print(json.dumps(summary.to_json()))
    return 0
