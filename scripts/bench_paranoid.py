"""Speed of the three-seat (paranoid) play-off solver: CPU time to value every legal
card of the player to move in random three-handed positions; prints figures.

    python scripts/bench_paranoid.py --count 100 --tricks 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine.profile import load_profile
from engine.solver.paranoid import ParanoidSolver, _normalise
from engine.solver.position import Position


def random_position(rng: random.Random, tricks: int, variant: str) -> Position:
    profile = load_profile(variant)
    cards = rng.sample(range(profile.deck_size), 3 * tricks)
    hands = [cards[i * tricks:(i + 1) * tricks] for i in range(3)]
    trump = rng.choice([None, *range(4)]) if not profile.turn_up else rng.randrange(4)
    return Position.from_playoff(profile, trump, hands, rng.randrange(3))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--tricks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="three-handed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times, nodes = [], []
    for _ in range(args.count):
        position = random_position(rng, args.tricks, args.variant)
        started = time.process_time()
        trump = None if position.trump is None else int(position.trump)
        hands = [position.hand_ids(p) for p in range(3)]
        to_move, kinds, t = _normalise(hands, position.leader, [], position.profile.packs)
        solver = ParanoidSolver(position.profile, trump, to_move)
        for kind in solver.legal(kinds[to_move], t):
            solver.move_value(kinds, position.leader, t, kind)
        times.append((time.process_time() - started) * 1000)
        nodes.append(solver.nodes)
    print(f"{args.variant}: {args.count} random positions of {args.tricks} tricks, every "
          f"legal lead valued: CPU mean {statistics.mean(times):.0f} ms, median "
          f"{statistics.median(times):.0f} ms, max {max(times):.0f} ms; mean nodes "
          f"{statistics.mean(nodes):.0f}, max {max(nodes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
