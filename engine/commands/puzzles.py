"""``bezique puzzles``: generate and re-verify the puzzle banks.

    bezique puzzles generate --kind meld --seed 1 --count 500
    bezique puzzles verify puzzles/endgame-two-handed.jsonl

``generate`` writes JSON Lines (default ``puzzles/KIND-VARIANT.jsonl``), shows a
progress bar on stderr and reports the throughput; the output is a pure function
of ``--kind``, ``--seed``, ``--count`` and ``--variant``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("puzzles", help="generate and verify puzzle banks")
    sub = parser.add_subparsers(dest="puzzles_command", required=True)
    gen = sub.add_parser("generate", help="generate a puzzle bank from simulated deals")
    gen.add_argument("--kind", choices=("meld", "endgame"), required=True)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--count", type=int, default=500)
    gen.add_argument("--variant", default="two-handed")
    gen.add_argument("--types", help="comma-separated question types to keep "
                     "(e.g. best for a Rubicon-family endgame bank)")
    gen.add_argument("--min-tricks", type=int, default=2,
                     help="endgames: fewest tricks left in a position")
    gen.add_argument("--max-tricks", type=int, default=None,
                     help="endgames: most tricks left (long four-handed play-offs are slow)")
    gen.add_argument("--out", help="output file (default: the shipped bank; - for stdout)")
    gen.add_argument("--quiet", action="store_true", help="no progress bar")
    gen.set_defaults(run=run_generate)
    ver = sub.add_parser("verify", help="re-check puzzles against the engine")
    ver.add_argument("files", nargs="*", help="bank files (default: the shipped banks)")
    ver.add_argument("--sample", type=int, default=0, help="check only N random puzzles")
    ver.add_argument("--seed", type=int, default=0)
    ver.set_defaults(run=run_verify)


def run_generate(args: argparse.Namespace) -> int:
    from engine.errors import BeziqueError
    from puzzles import bank
    from puzzles.generate import ProgressBar, generate

    if not 1 <= args.count <= 100_000:
        raise BeziqueError("--count must be between 1 and 100000")
    started = time.perf_counter()
    progress = None if args.quiet else ProgressBar()
    try:
        types = [t.strip() for t in args.types.split(",")] if args.types else None
        records = generate(args.kind, args.seed, args.count, args.variant, progress,
                           types=types, min_tricks=args.min_tricks,
                           max_tricks=args.max_tricks)
    except ValueError as exc:
        raise BeziqueError(str(exc)) from exc
    elapsed = time.perf_counter() - started
    if args.out == "-":
        import json

        for rec in records:
            print(json.dumps(rec, ensure_ascii=False))
        where = "stdout"
    else:
        path = args.out or bank.path_for(args.kind, args.variant)
        bank.write(records, path)
        where = str(path)
    print(f"{len(records)} {args.kind} puzzles in {elapsed:.1f} s "
          f"({len(records) / max(elapsed, 1e-9) * 60:.0f} puzzles/min) -> {where}",
          file=sys.stderr)
    return 0 if len(records) == args.count else 1


def run_verify(args: argparse.Namespace) -> int:
    from engine.errors import BeziqueError
    from puzzles import bank

    files = args.files or [str(bank.path_for(k)) for k in ("meld", "endgame")]
    records: list[dict[str, Any]] = []
    try:
        for name in files:
            records.extend(bank.read(name))
    except bank.BankError as exc:
        raise BeziqueError(str(exc)) from exc
    if args.sample and args.sample < len(records):
        records = random.Random(args.seed).sample(records, args.sample)
    started = time.perf_counter()
    problems = [p for rec in records for p in bank.verify(rec)]
    ids = [r["id"] for r in records]
    if len(set(ids)) != len(ids):
        problems.append("duplicate puzzle ids")
    for line in problems:
        print(line)
    elapsed = time.perf_counter() - started
    print(f"{len(records)} puzzles checked in {elapsed:.1f} s: "
          f"{'all agree with the engine' if not problems else f'{len(problems)} problems'}",
          file=sys.stderr)
    return 1 if problems else 0
