"""Tune all of the strong bot's rule-of-thumb numbers at once by CMA-ES, paired
self-play against :data:`engine.bots.policy.HEURISTIC` or, ``--against club-model``,
:data:`engine.bots.policy.CLUB_MODEL` (the ``cma`` package: ``pip install -e
".[tune]"``).

    python scripts/tune_policy_cma.py [--variant two-handed] [--generations 45]
        [--deals 800] [--sigma 0.5] [--seed 100] [--cma-seed 3] [--jobs 2]
        [--from tuned|base] [--start JSON] [--against heuristic|club-model]
        [--margin-weight 0.002]

``scripts/tune_policy.py`` changes one number at a time, and a change worth half a
point of win rate is lost in the noise of the few thousand games it can afford per
step. Here every candidate of a generation, the generation's mean and the start play
the same ``--deals`` paired deals (the play-off solved exactly), new deals each
generation (``--seed`` plus the generation), so the search follows the direction
many candidates agree on rather than one lucky set of deals. A number moves in steps
of its :data:`SCALES` entry. The objective is the win rate plus the mean point margin
over 500 (``--margin-weight``: the margin tells close candidates apart with less
noise, but a large weight buys points rather than deals won). Every fifth
generation, and at the end, the mean's numbers are printed as JSON; confirm them on
fresh deals before taking them:

    python scripts/tune_policy.py --check 'JSON' --deals 10000 --seed 777 --jobs 2
        [--against club-model]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from multiprocessing import Pool

from tune_policy import OPPONENTS, shared_win_rates

from engine.bots.policy import TUNED, PolicyWeights, tuned_weights
from engine.rules.profile import load_profile

# name: (the size of one step, the lowest value); integers are rounded.
SCALES: dict[str, tuple[float, float]] = {
    "threat": (5.0, 0.0), "late_threat": (0.5, 0.5), "late_stock": (4.0, 0.0),
    "win_bonus": (2.0, -5.0), "lead_brisque": (4.0, -5.0), "brisque_keep": (3.0, 0.0),
    "trump_keep": (3.0, 0.0), "trump_rank": (1.0, 0.0), "seven_keep": (5.0, 0.0),
    "draw_odds": (0.15, 0.05), "meld_win": (0.25, 0.0), "table_threat": (0.5, 0.0),
    "late_keep_stock": (4.0, 0.0), "late_trump_keep": (4.0, -5.0),
    "late_ace_keep": (4.0, -5.0), "capture": (0.4, 0.0), "lose_own": (0.5, 0.0),
    "lower_first_stock": (10.0, 0.0), "big_odds": (0.3, 0.0), "odds2": (0.3, 0.0),
    "ready_share": (0.2, 0.2),
}


def weights_at(x: list[float], base: PolicyWeights) -> PolicyWeights:
    """``base`` moved by ``x`` steps of each number's scale."""
    changes: dict[str, float | int] = {}
    for (name, (scale, low)), step in zip(SCALES.items(), x, strict=True):
        old = getattr(base, name)
        value = max(low, old + step * scale)
        changes[name] = round(value) if isinstance(old, int) else round(value, 3)
    return dataclasses.replace(base, **changes)


def steps_from(weights: PolicyWeights, base: PolicyWeights) -> list[float]:
    return [(getattr(weights, name) - getattr(base, name)) / scale
            for name, (scale, _low) in SCALES.items()]


def numbers(weights: PolicyWeights) -> str:
    return json.dumps({name: getattr(weights, name) for name in SCALES})


def main() -> None:
    try:
        import cma  # the tuning extra only: the engine and the app never need it
    except ImportError:
        raise SystemExit('tune_policy_cma.py needs the cma package: pip install -e ".[tune]"'
                         ) from None

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="two-handed")
    parser.add_argument("--generations", type=int, default=45)
    parser.add_argument("--deals", type=int, default=800, help="paired deals a candidate")
    parser.add_argument("--sigma", type=float, default=0.5, help="first step size, in scales")
    parser.add_argument("--seed", type=int, default=100,
                        help="the first generation's deals (then seed + generation)")
    parser.add_argument("--cma-seed", type=int, default=3, help="the search's own random numbers")
    parser.add_argument("--from", dest="origin", default="tuned", choices=("tuned", "base"),
                        help="start from the variant's own numbers or from policy.TUNED")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="heuristic", choices=tuple(OPPONENTS),
                        help="the opponent (club-model: policy.CLUB_MODEL, the club bot's "
                             "choices more closely)")
    parser.add_argument("--margin-weight", type=float, default=1 / 500,
                        help="the objective: win rate + this x mean point margin")
    parser.add_argument("--start", default="{}",
                        help="JSON changes to those numbers to start from")
    args = parser.parse_args()
    base = tuned_weights(load_profile(args.variant)) if args.origin == "tuned" else TUNED
    start = dataclasses.replace(base, **json.loads(args.start))
    es = cma.CMAEvolutionStrategy(steps_from(start, base), args.sigma,
                                  {"seed": args.cma_seed, "verbose": -9})
    print(f"start {numbers(start)}", flush=True)
    with Pool(args.jobs) as pool:
        for generation in range(args.generations):
            began = time.perf_counter()
            xs = es.ask()
            candidates = [weights_at(list(x), base) for x in xs]
            mean = weights_at(list(es.mean), base)
            results = shared_win_rates(pool, [*candidates, mean, start], args.deals,
                                       args.seed + generation, args.variant, args.jobs,
                                       OPPONENTS[args.against])
            es.tell(xs, [-(rate + args.margin_weight * margin)
                         for rate, margin in results[:len(xs)]])
            (m_rate, m_margin), (s_rate, s_margin) = results[-2:]
            print(f"generation {generation}: mean {m_rate:.4f} {m_margin:+.1f}, "
                  f"start {s_rate:.4f} {s_margin:+.1f}, sigma {es.sigma:.3f} "
                  f"({time.perf_counter() - began:.0f} s)", flush=True)
            if generation % 5 == 4:
                print(f"mean {numbers(mean)}", flush=True)
    print(f"mean {numbers(weights_at(list(es.mean), base))}", flush=True)


if __name__ == "__main__":
    main()
