"""``bezique arena``: two bots play paired deals; win rate and point difference
with 95% confidence intervals.

Each seed is dealt twice with the seats swapped, so both bots get the same cards.
A deal is won by the higher deal score; a tie counts half a win. With
``--variant`` any profile plays: in four-handed partnerships bot A sits in seats
0 and 2 against bot B in 1 and 3 (swapped in the paired deal) and each side's
score is the partnership's; in single-deal (Rubicon-family) variants the deal is
settled and "won" means the higher game score, the margin being game points.
With three players each for himself, each seed is dealt three times and bot A sits
in each seat in turn against two B bots; A's margin is its score minus the better
of the other two, so "won" means A scored most.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from engine.bots import BOT_NAMES, Bot, make_bot
from engine.bots.search import StrongBot
from engine.cli.arguments import count_arg, variant_help
from engine.errors import BeziqueError, UsageError
from engine.rules.deal import Deal
from engine.rules.profile import Profile, apply_option, load_profile
from engine.rules.view import PlayerView

CHEAT_SUFFIX = "-cheat"     # sees every card, the stock's order too
PEEK_SUFFIX = "-peek"       # sees the other hands, not the stock's order
MAX_DEALS = 1_000_000_000   # paired deals; played one at a time, so only time grows
MAX_BUDGET = 100_000        # determinizations per decision
MAX_JOBS = 256              # worker processes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    names = ", ".join([*BOT_NAMES, "strong-cheat", "strong-peek"])
    parser = subparsers.add_parser("arena", help="bots play paired deals against each other")
    parser.add_argument("--a", default="heuristic", help=f"bot A: {names}")
    parser.add_argument("--b", default="random", help="bot B (same choices)")
    parser.add_argument("--deals", type=count_arg(1, MAX_DEALS), default=100,
                        help="paired deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", default="two-handed", metavar="NAME",
                        help=variant_help())
    parser.add_argument("--option", action="append", default=[], metavar="ID=CHOICE",
                        help="play a named option, e.g. players=3 for no-trump "
                             "(see engine/variants/options.toml)")
    parser.add_argument("--budget", type=count_arg(1, MAX_BUDGET), default=None,
                        metavar="DEALS",
                        help="deals of the unseen cards per decision for strong bots (default: "
                             "the variant's expert floor, the [bots] table of its file); the "
                             "search never stops on the clock, so results do not depend on "
                             "the machine's load")
    parser.add_argument("--jobs", type=count_arg(1, MAX_JOBS), default=1,
                        help="worker processes (results do not depend on it)")
    parser.add_argument("--json", action="store_true", help="last stdout line is a JSON summary")
    parser.add_argument("--no-progress", action="store_true")
    parser.set_defaults(run=run)


def cheats(name: str) -> bool:
    """Whether the bot ``name`` is handed the true deal (``-cheat``, ``-peek``)."""
    return name.endswith((CHEAT_SUFFIX, PEEK_SUFFIX))


def build_bot(name: str, rng: random.Random, budget: int | None) -> Bot:
    base = name.rsplit("-", 1)[0] if cheats(name) else name
    bot = make_bot(base, rng, deals=budget)
    if cheats(name):
        if not isinstance(bot, StrongBot):
            raise ValueError(f"only strong bots can cheat, not {base!r}")
        bot.name = name
        bot.oracle_stock = name.endswith(CHEAT_SUFFIX)
    return bot


def play_deal(profile: Profile, bots: tuple[Bot, ...], seed: int, dealer: int,
              cheaters: tuple[bool, ...] = (False, False, False, False)) -> Deal:
    """Play one deal; ``bots[p]`` sits in seat p."""
    deal = Deal.new(profile, random.Random(seed), dealer=dealer)
    while not deal.is_over:
        seat = deal.to_move
        bot = bots[seat]
        if cheaters[seat] and isinstance(bot, StrongBot):
            bot.oracle = deal
        deal.apply(bot.choose(PlayerView.of(deal, seat)))
    return deal


def a_seats(profile: Profile, a_side: int) -> list[bool]:
    """Which seats bot A takes when it plays side ``a_side``: seats 0 & 2 or 1 & 3 with
    four (partners); otherwise seat ``a_side`` alone (with three, A against two B)."""
    n = profile.players
    return [(p % 2 == a_side) if n == 4 else (p == a_side) for p in range(n)]


def side_margins(deal: Deal, a_side: int) -> tuple[int, int | None]:
    """(deal points of side ``a_side`` minus the other side's, the same in settlement
    game points for single-deal variants, else None). Two-handed sides are seats;
    partnerships are teams."""
    from engine.rules.settlement import settle

    profile = deal.profile
    sides = deal.team_scores()
    # Three each for himself: A's score against the best of the other two.
    diff = sides[a_side] - max(s for i, s in enumerate(sides) if i != a_side)
    if profile.settlement is None or profile.scoring.end != "single_deal":
        return diff, None
    result = settle(profile, sides, deal.brisque_points())
    game = result.game_scores(2)
    return diff, game[a_side] - game[1 - a_side]


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
    variant: str = "two-handed"
    game_points: float | None = None            # A's mean settlement margin per deal
    game_ci95: tuple[float, float] | None = None
    seatings: int = 2                           # deals played per seed (3 with three players)

    def to_json(self) -> dict[str, object]:
        extra: dict[str, object] = {}
        if self.game_points is not None and self.game_ci95 is not None:
            extra = {"mean_game_points": round(self.game_points, 2),
                     "game_ci95": [round(self.game_ci95[0], 2), round(self.game_ci95[1], 2)]}
        return {"a": self.a, "b": self.b, "variant": self.variant, **extra,
                "deals": self.deals // self.seatings, "played": self.deals,
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


def summarize(a: str, b: str, diffs: list[int], games: list[int] | None = None,
              variant: str = "two-handed", sides: int | None = None) -> Summary:
    """Summary of A's point differences (A − B), one per deal played; with
    ``games`` (settlement game-point margins) wins are counted on those."""
    decide = games if games else diffs
    wins = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in decide)
    n = len(diffs)
    mean, diff_ci = mean_ci([float(d) for d in diffs])
    game_mean: float | None = None
    game_ci: tuple[float, float] | None = None
    if games:
        game_mean, game_ci = mean_ci([float(g) for g in games])
    return Summary(a, b, n, wins / n if n else 0.0, wilson(wins, n), mean, diff_ci,
                   sum(1 for d in decide if d == 0), variant, game_mean, game_ci,
                   load_profile(variant).sides if sides is None else sides)


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


def arena_profile(variant: str, options: tuple[str, ...] = ()) -> Profile:
    """The variant's profile with the named options (``ID=CHOICE``) applied."""
    profile = load_profile(variant)
    for setting in options:
        option_id, _, choice = setting.partition("=")
        profile = apply_option(profile, option_id, choice)
    return profile


@dataclass(frozen=True, slots=True)
class _Pair:
    """What a worker needs to play one paired deal."""

    a: str
    b: str
    variant: str
    seed: int
    index: int
    budget: int | None
    options: tuple[str, ...] = ()


def play_pair(job: _Pair) -> tuple[list[int], list[int]]:
    """Both deals of pair ``job.index``: A's point margins and, for single-deal
    variants, settlement margins. The bots' RNGs are seeded per pair, so a pair's
    result does not depend on the others or on how many workers play."""
    profile = arena_profile(job.variant, job.options)
    base = (job.seed * 1_000_003 + job.index) * 4
    bot_a = build_bot(job.a, random.Random(base + 1), job.budget)
    bot_b = build_bot(job.b, random.Random(base + 2), job.budget)
    cheat = (cheats(job.a), cheats(job.b))
    n = profile.players
    deal_seed = job.seed * 1_000_003 + job.index
    diffs: list[int] = []
    games: list[int] = []
    for a_side in range(profile.sides):
        seats = a_seats(profile, a_side)
        bots = tuple(bot_a if s else bot_b for s in seats)
        cheaters = tuple(cheat[0] if s else cheat[1] for s in seats)
        deal = play_deal(profile, bots, deal_seed, job.index % n, cheaters)
        diff, game = side_margins(deal, a_side)
        diffs.append(diff)
        if game is not None:
            games.append(game)
    return diffs, games


def run_arena(a: str, b: str, deals: int, seed: int, variant: str = "two-handed",
              budget: int | None = None,
              progress: bool = False, jobs: int = 1, options: tuple[str, ...] = ()
              ) -> Summary:
    sides = arena_profile(variant, options).sides   # fail early on an unknown variant
    for name in (a, b):
        build_bot(name, random.Random(0), budget)
    # Made one at a time, and at most a few ahead of the results, so memory does not
    # grow with --deals.
    pairs: Iterator[_Pair] = (_Pair(a, b, variant, seed, i, budget, options)
                              for i in range(deals))
    bar = Progress(deals, progress)
    diffs: list[int] = []
    games: list[int] = []
    wins = margin = 0.0   # running, for the progress note (summarize() is linear)

    def add(done: int, result: tuple[list[int], list[int]]) -> None:
        nonlocal wins, margin
        diffs.extend(result[0])
        games.extend(result[1])
        wins += sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in result[1] or result[0])
        margin += sum(result[0])
        bar.update(done, f"A wins {wins / len(diffs):.1%} diff {margin / len(diffs):+.0f}")

    if jobs <= 1:
        for i, pair in enumerate(pairs):
            add(i + 1, play_pair(pair))
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            waiting: deque[multiprocessing.pool.AsyncResult[tuple[list[int], list[int]]]]
            waiting = deque()
            done = 0
            for pair in pairs:
                waiting.append(pool.apply_async(play_pair, (pair,)))
                if len(waiting) >= 2 * jobs:
                    done += 1
                    add(done, waiting.popleft().get())
            while waiting:
                done += 1
                add(done, waiting.popleft().get())
    return summarize(a, b, diffs, games, variant, sides)


def run(args: argparse.Namespace) -> int:
    try:
        profile = arena_profile(args.variant, tuple(args.option))
        for name in (args.a, args.b):
            build_bot(name, random.Random(0), args.budget)
    except (ValueError, BeziqueError) as exc:   # an unknown --variant, option or bot name
        raise UsageError(str(exc)) from exc
    summary = run_arena(args.a, args.b, args.deals, args.seed, args.variant, args.budget,
                        progress=not args.no_progress, jobs=args.jobs,
                        options=tuple(args.option))
    lo, hi = summary.ci95
    dlo, dhi = summary.diff_ci95
    players = profile.players
    sides = {4: " (A in seats 1 & 3, B in 2 & 4, swapped in each pair)",
             3: " (A in each seat in turn against two B; margin: A minus the better B)"}.get(
        players, "")
    label = " ".join([summary.variant, *args.option])
    print(f"{summary.a} vs {summary.b} [{label}]{sides}: {args.deals} paired deals "
          f"({summary.deals} played, seats swapped; a tie counts half, {summary.ties} ties)")
    print(f"A win rate {summary.a_win_rate:.1%} (95% Wilson CI {lo:.1%} – {hi:.1%})")
    print(f"mean point difference A − B per deal {summary.mean_point_diff:+.1f} "
          f"(95% CI {dlo:+.1f} – {dhi:+.1f})")
    if summary.game_points is not None and summary.game_ci95 is not None:
        glo, ghi = summary.game_ci95
        print(f"mean settlement game points A − B per deal {summary.game_points:+.1f} "
              f"(95% CI {glo:+.1f} – {ghi:+.1f}); won = higher game score")
    if args.json:
        print(json.dumps(summary.to_json()))
    return 0
