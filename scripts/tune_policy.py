"""Tune the strong bot's rule-of-thumb weights by paired self-play.

    python scripts/tune_policy.py [--deals N] [--rounds R] [--seed S]
    python scripts/tune_policy.py --check '{"threat": 0.0, "draw_odds": 0.5}'
    python scripts/tune_policy.py --sweep --jobs 2 --greedy --deals 1000 --seed 21
    python scripts/tune_policy.py --variant three-handed --sweep --jobs 2 --deals 600

Each candidate plays ``N`` paired deals (the same cards twice, seats swapped) of
the fast simulator against :data:`engine.bots.policy.HEURISTIC` (the heuristic
bot's numbers); all candidates see the same deals, so their win rates compare
with little noise. Coordinate search: one weight at a time over a few values,
accepting a change that wins clearly more (``--accept``). The numbers chosen
become :data:`engine.bots.policy.TUNED` (``--start tuned``: the variant's own,
:func:`engine.bots.policy.tuned_weights`); confirm them in the real engine with
``bezique arena``. The play-off is solved exactly, as the bots play it
(``--greedy``: both play it greedily, twice as fast; it changed TUNED's win
rate by half a point). ``--sweep`` measures every single-weight change of the
start on the same deals, in parallel, without accepting any.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType

from engine.bots.fastplay import OVER, FastDeal
from engine.bots.policy import (
    CLUB_MODEL,
    HEURISTIC,
    TUNED,
    PolicyWeights,
    policy_action,
    tuned_weights,
)
from engine.bots.search import played_out
from engine.rules.profile import Profile, load_profile

# The opponents to measure against: the club bot's numbers, or its closer model.
OPPONENTS = {"heuristic": HEURISTIC, "club-model": CLUB_MODEL}
GRID: dict[str, list[float]] = {
    "table_threat": [0.0, 0.5, 1.0, 2.0],
    "threat": [0.0, 5.0, 10.0, 15.0],
    "late_threat": [1.0, 1.5, 2.5],
    "win_bonus": [0.0, 3.0, 8.0],
    "lead_brisque": [0.0, 8.0, 16.0],
    "brisque_keep": [5.0, 10.0, 15.0],
    "trump_keep": [3.0, 6.0, 10.0],
    "trump_rank": [1.0, 2.0, 3.0],
    "seven_keep": [0.0, 8.0, 20.0],
    "draw_odds": [0.0, 0.3, 0.5, 0.8],
    "meld_win": [0.5, 0.75, 1.0],
    "late_trump_keep": [0.0, 5.0, 10.0],
    "lower_first_stock": [0, 24, 100],
    "binomial": [False, True],
    "late_ace_keep": [0.0, 5.0, 10.0],
    "capture": [1.0, 1.5, 2.0],
    "lose_own": [1.0, 1.5, 2.0, 3.0],
    "late_keep_stock": [6, 10, 16],
    "late_stock": [6, 12, 20],
    "stock_scale": [8.0, 16.0, 24.0],
}


def paired_win_rate(weights: PolicyWeights, deals: int, seed: int,
                    variant: str = "two-handed", exact: bool = True,
                    first: int = 0, opponent: PolicyWeights = HEURISTIC
                    ) -> tuple[float, float]:
    """(win rate, mean point margin) of ``weights`` against ``opponent`` (the play-off
    solved exactly unless ``exact`` is false: then both play it greedily). With three
    players the candidate sits in each seat in turn against two ``opponent`` players and
    every meeting counts: its score against each other player's (an even match is 50%,
    as in ``scripts/bench_strength.py``). ``first``: the index of the first deal, so
    that workers can share one set of deals."""
    profile = load_profile(variant)
    if profile.players != 2:
        return _meetings_win_rate(weights, deals, seed, profile, first, opponent)
    wins, margin = 0.0, 0
    for i in range(first, first + deals):
        start = FastDeal.new(profile, random.Random(seed * 7919 + i), dealer=i % 2)
        for side in (0, 1):
            state = start.copy()
            rng = random.Random(i)
            sides = (weights, opponent) if side == 0 else (opponent, weights)
            if exact:
                scores = played_out(state, sides)
            else:
                while state.phase != OVER:
                    state.apply(policy_action(state, rng, 0.0, sides[state.to_move]))
                scores = state.scores
            d = scores[side] - scores[1 - side]
            margin += d
            wins += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    return wins / (2 * deals), margin / (2 * deals)


def _meetings_win_rate(weights: PolicyWeights, deals: int, seed: int,
                       profile: Profile, first: int = 0,
                       opponent: PolicyWeights = HEURISTIC) -> tuple[float, float]:
    """:func:`paired_win_rate` for each for himself with more than two players, the
    play-off played by the policy (the solver is two-handed)."""
    n = profile.players
    wins, margin, meetings = 0.0, 0, 0
    for i in range(first, first + deals):
        start = FastDeal.new(profile, random.Random(seed * 7919 + i), dealer=i % n)
        for seat in range(n):
            state = start.copy()
            rng = random.Random(i)
            seats = tuple(weights if p == seat else opponent for p in range(n))
            while state.phase != OVER:
                state.apply(policy_action(state, rng, 0.0, seats[state.to_move]))
            for other in range(n):
                if other != seat:
                    d = state.scores[seat] - state.scores[other]
                    margin += d
                    wins += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
                    meetings += 1
    return wins / meetings, margin / meetings


def _chunk(job: tuple[PolicyWeights, int, int, int, str, PolicyWeights]
           ) -> tuple[float, float]:
    weights, first, deals, seed, variant, opponent = job
    return paired_win_rate(weights, deals, seed, variant, first=first, opponent=opponent)


def shared_win_rates(pool: PoolType, candidates: list[PolicyWeights], deals: int, seed: int,
                     variant: str, chunks: int, opponent: PolicyWeights = HEURISTIC
                     ) -> list[tuple[float, float]]:
    """:func:`paired_win_rate` of each candidate on the same ``deals`` (exact play-off),
    each candidate's deals split into ``chunks`` for the worker processes of ``pool``."""
    step = -(-deals // chunks)
    spans = [(first, min(step, deals - first)) for first in range(0, deals, step)]
    parts = iter(pool.map(_chunk, [(w, first, n, seed, variant, opponent) for w in candidates
                                   for first, n in spans], chunksize=1))
    out = []
    for _w in candidates:
        # A chunk's rate and margin are over its own deals: weigh them by their number.
        mine = [(next(parts), n) for _first, n in spans]
        out.append((sum(r * n for (r, _m), n in mine) / deals,
                    sum(m * n for (_r, m), n in mine) / deals))
    return out


def _measure(job: tuple[str, float, PolicyWeights, int, int, bool, str]) -> str:
    name, value, weights, deals, seed, exact, variant = job
    rate, margin = paired_win_rate(weights, deals, seed, variant, exact=exact)
    return f"{name}={value}: {rate:.4f} margin {margin:+.1f}"


def sweep(start: PolicyWeights, args: argparse.Namespace) -> None:
    """Every single-weight change of ``start`` on the same deals, in parallel."""
    jobs = [("start", 0.0, start, args.deals, args.seed, not args.greedy, args.variant)]
    for name, values in GRID.items():
        for value in values:
            if getattr(start, name) != value:
                jobs.append((name, value, dataclasses.replace(start, **{name: value}),
                             args.deals, args.seed, not args.greedy, args.variant))
    with Pool(args.jobs) as pool:
        for line in pool.imap(_measure, jobs):
            print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--accept", type=float, default=0.007)
    parser.add_argument("--start", default="tuned", choices=("tuned", "base", "heuristic"),
                        help="the variant's own numbers, policy.TUNED or HEURISTIC")
    parser.add_argument("--variant", default="two-handed",
                        help="a fast-simulator profile; three players: every meeting counts")
    parser.add_argument("--check", default=None,
                        help="JSON changes to the start's weights, to measure only")
    parser.add_argument("--sweep", action="store_true",
                        help="measure every single-weight change of the start, no search")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (--sweep; --check with the exact play-off)")
    parser.add_argument("--against", default="heuristic", choices=tuple(OPPONENTS),
                        help="--check: the opponent (club-model: policy.CLUB_MODEL)")
    parser.add_argument("--greedy", action="store_true",
                        help="play the play-off greedily (twice as fast) instead of exactly")
    args = parser.parse_args()
    current = {"tuned": tuned_weights(load_profile(args.variant)), "base": TUNED,
               "heuristic": HEURISTIC}[args.start]
    if args.sweep:
        sweep(current, args)
        return
    if args.check is not None:
        w = dataclasses.replace(current, **json.loads(args.check))
        if args.jobs > 1 and not args.greedy:
            with Pool(args.jobs) as pool:
                [(rate, margin)] = shared_win_rates(pool, [w], args.deals, args.seed,
                                                    args.variant, 4 * args.jobs,
                                                    OPPONENTS[args.against])
        else:
            rate, margin = paired_win_rate(w, args.deals, args.seed, args.variant,
                                           exact=not args.greedy,
                                           opponent=OPPONENTS[args.against])
        print(json.dumps({"weights": dataclasses.asdict(w), "win_rate": round(rate, 4),
                          "margin": round(margin, 1)}))
        return
    score, _m = paired_win_rate(current, args.deals, args.seed, args.variant,
                                exact=not args.greedy)
    print(f"start {score:.4f} {dataclasses.asdict(current)}", flush=True)
    for _round in range(args.rounds):
        for name, values in GRID.items():
            for value in values:
                if getattr(current, name) == value:
                    continue
                start = time.perf_counter()
                trial = dataclasses.replace(current, **{name: value})
                rate, margin = paired_win_rate(trial, args.deals, args.seed, args.variant,
                                               exact=not args.greedy)
                note = ""
                if rate > score + args.accept:
                    current, score, note = trial, rate, "  accepted"
                print(f"{name}={value}: {rate:.4f} margin {margin:+.1f} "
                      f"({time.perf_counter() - start:.0f}s){note}", flush=True)
    print(json.dumps(dataclasses.asdict(current)))


if __name__ == "__main__":
    main()
