"""Benchmark the play-off solver: the values of ALL legal moves of random
play-off positions, one core.

    python scripts/bench_solver.py                 # every size, default counts
    python scripts/bench_solver.py --only 8x13 --count 40
    python scripts/bench_solver.py --ablation      # nodes with techniques off

A position is a random deal of the remaining cards: 2n cards sampled from the
packs of the variant, a random trump and leader, the leader to move. Times are
CPU time of this process (``time.process_time``) so other jobs on the machine
disturb them less; wall time is printed too. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.profile import Profile, load_profile  # noqa: E402
from engine.solver import Options, Position  # noqa: E402
from engine.solver.analysis import _Analyser  # noqa: E402
from engine.solver.search import rep_table  # noqa: E402

# (packs, tricks, target mean ms, target max ms or None)
SIZES = {
    "2x8": (2, 8, 5.0, 50.0),
    "4x9": (4, 9, 15.0, None),
    "6x12": (6, 12, 150.0, None),
    "8x13": (8, 13, 150.0, None),
}
COUNTS = {"2x8": 300, "4x9": 150, "6x12": 40, "8x13": 40}


def profile_for(packs: int, tricks: int) -> Profile:
    return load_profile("two-handed").with_options(packs=packs, hand_size=tricks)


def random_positions(profile: Profile, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    n = profile.hand_size
    out = []
    for _ in range(count):
        cards = rng.sample(range(32 * profile.packs), 2 * n)
        leader = rng.randrange(2)
        hands: list[list[int]] = [[], []]
        hands[leader], hands[1 - leader] = cards[:n], cards[n:]
        out.append(Position.from_playoff(profile, rng.randrange(4), hands, leader, []))
    return out


def run(positions: list[Position], options: Options) -> tuple[list[float], list[float], list[int]]:
    cpu: list[float] = []
    wall: list[float] = []
    nodes: list[int] = []
    for pos in positions:
        t0, w0 = time.process_time(), time.perf_counter()
        an = _Analyser(pos, options)  # what move_values() does, keeping the node count
        values = an.values(an.root())
        cpu.append(time.process_time() - t0)
        wall.append(time.perf_counter() - w0)
        nodes.append(an.searcher.nodes)
        assert values
    return cpu, wall, nodes


def calibrate() -> float:
    """Seconds for a fixed pure-Python loop: compare machines and loads."""
    t0 = time.process_time()
    x = 0
    for i in range(2_000_000):
        x += i & 7
    return time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=sorted(SIZES), action="append")
    parser.add_argument("--count", type=int, help="positions per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ablation", action="store_true",
                        help="also count nodes with each technique switched off (2x8, 4x9)")
    args = parser.parse_args()
    t0 = time.process_time()
    rep_table()  # the one-time equivalent-card table, built on first use in a process
    build = time.process_time() - t0
    print(f"python {sys.version.split()[0]}; calibration loop {calibrate() * 1000:.0f} ms; "
          f"one-time table build {build * 1000:.0f} ms (not in the figures)")
    print("techniques: transposition table (bounds + lead order), MTD(f) zero-window "
          "fail-soft alpha-beta, enhanced transposition cutoffs, equivalent-card pruning "
          "and canonical suits, move ordering, sure-trump bounds, positions of <= 3 "
          "tricks solved exactly and memoised; root moves bounded by the position value")
    print(f"{'size':>6} {'n':>4} {'mean ms':>8} {'median':>7} {'p95':>7} {'max':>7} "
          f"{'wall ms':>8} {'nodes':>7} {'max nodes':>9}  target")
    for name in args.only or list(SIZES):
        packs, tricks, mean_target, max_target = SIZES[name]
        positions = random_positions(profile_for(packs, tricks), args.count or COUNTS[name],
                                     args.seed)
        cpu, wall, nodes = run(positions, Options())
        ms = sorted(t * 1000 for t in cpu)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        target = f"mean <= {mean_target:g}" + (f", max <= {max_target:g}" if max_target else "")
        ok = statistics.mean(ms) <= mean_target and (max_target is None or ms[-1] <= max_target)
        print(f"{name:>6} {len(ms):>4} {statistics.mean(ms):>8.1f} {statistics.median(ms):>7.1f} "
              f"{p95:>7.1f} {ms[-1]:>7.1f} {statistics.mean(wall) * 1000:>8.1f} "
              f"{statistics.mean(nodes):>7.0f} {max(nodes):>9}  {target} "
              f"{'met' if ok else 'NOT MET'}")
    if args.ablation:
        print("\nablation: mean nodes (and mean CPU ms) with one technique off")
        variants = {
            "all on": Options(),
            "no equivalence": Options(equivalence=False),
            "no ETC": Options(etc=False),
            "no ordering": Options(ordering=False),
            "no bounds": Options(bounds=False),
            "no exact memo": Options(exact_tricks=0),
            "no TT": Options(tt=False, etc=False),
        }
        for name in ("2x8", "4x9"):
            packs, tricks, _m, _x = SIZES[name]
            positions = random_positions(profile_for(packs, tricks), 40, args.seed)
            for label, options in variants.items():
                if label == "no TT" and name != "2x8":
                    continue
                cpu, _wall, nodes = run(positions, options)
                print(f"  {name:>5} {label:<15} nodes {statistics.mean(nodes):>9.0f}   "
                      f"{statistics.mean(cpu) * 1000:>8.1f} ms")


if __name__ == "__main__":
    main()
