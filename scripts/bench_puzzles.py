"""Puzzle generator and verifier throughput.

    python scripts/bench_puzzles.py [--count 100] [--seed 11]

Prints puzzles per minute for each kind, and the time to re-verify both shipped banks.
"""

from __future__ import annotations

import argparse
import time

from puzzles import bank
from puzzles.generate import generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    for kind in ("meld", "endgame"):
        started = time.perf_counter()
        records = generate(kind, args.seed, args.count)
        elapsed = time.perf_counter() - started
        print(f"generate {kind:8} {len(records):5} puzzles in {elapsed:6.2f} s: "
              f"{len(records) / elapsed * 60:7.0f} puzzles/min")
    records = bank.load("meld") + bank.load("endgame")
    started = time.perf_counter()
    problems = sum(len(bank.verify(r)) for r in records)
    elapsed = time.perf_counter() - started
    print(f"verify   {len(records)} shipped puzzles in {elapsed:.2f} s ({problems} problems)")


if __name__ == "__main__":
    main()
