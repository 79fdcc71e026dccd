"""Speed of the three-seat (paranoid) play-off solver: CPU time to value every legal
card of the player to move in random three-handed positions; prints figures.

    python scripts/bench_paranoid.py --count 100 --tricks 8
    python scripts/bench_paranoid.py --count 100 --tricks 8 --solve

``--solve`` times what ``bezique solve`` does for each input line instead (read the
text notation, solve for the paranoid value, every legal card's value and the
best line: :func:`engine.cli.solve.solve_record`), in this process (the
command adds one worker process per run, started once).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine.rules.profile import load_profile
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
    parser.add_argument("--solve", action="store_true",
                        help="time `bezique solve` per line (value, moves, line)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times, nodes = [], []
    if args.solve:
        return _bench_solve(rng, args)
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


def _bench_solve(rng: random.Random, args: argparse.Namespace) -> int:
    from engine.cli.solve import solve_record

    times: list[float] = []
    for _ in range(args.count):
        text = random_position(rng, args.tricks, args.variant).to_text()
        started = time.process_time()
        out = solve_record(text)
        times.append((time.process_time() - started) * 1000)
        if "error" in out:
            print(f"error on {text}: {out['error']}")
            return 1
    print(f"bezique solve, {args.variant}: {args.count} random positions of {args.tricks} "
          f"tricks (three hands, paranoid value, every legal card and the line): CPU mean "
          f"{statistics.mean(times):.0f} ms, median {statistics.median(times):.0f} ms, "
          f"max {max(times):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
