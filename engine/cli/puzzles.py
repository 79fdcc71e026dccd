"""``bezique puzzles``: generate and re-verify the puzzle banks.

    bezique puzzles generate --variant no-trump --kind meld --count 500 \
        --out puzzles/meld-no-trump.jsonl.gz --seed 1
    bezique puzzles verify puzzles/endgame-two-handed.jsonl.gz   # default: every bank
    bezique puzzles rate puzzles/endgame-*.jsonl*   # after refitting the difficulty model
    bezique puzzles text puzzles/meld-*.jsonl.gz    # after the engine's sentences change
    bezique puzzles text puzzles/stock-*.jsonl.gz   # ... or a hint's reasons (no search)

``generate`` takes positions from expert bot-against-bot games (``--source
games``, the default; ``--budget`` sets the bots' search in deals a decision) or
from quickly simulated deals (``--source random``, how the first banks were
made). It writes JSON Lines (gzip-compressed when ``--out`` ends in ``.gz``;
default ``puzzles/KIND-VARIANT.jsonl``) atomically, shows a progress bar on
stderr and reports puzzles per minute. From games the output is a pure function
of the options other than ``--count``; every ``--checkpoint`` seconds the bank so
far goes to ``OUT.partial``, and the same command run again (after Ctrl-C, a
kill, or with a larger ``--count``) goes on from the partial file or from OUT.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.cli.arguments import megabytes_arg, seconds_arg, variant_help
from engine.cli.worker import DEFAULT_MEMORY, DEFAULT_TIMEOUT
from puzzles.games import DEALS
from puzzles.generate import CAPTURE_MAX_TRICKS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("puzzles", help="generate and verify puzzle banks")
    sub = parser.add_subparsers(dest="puzzles_command", required=True)
    gen = sub.add_parser("generate", help="generate a puzzle bank from expert games")
    gen.add_argument("--kind", choices=("meld", "endgame", "stock"), required=True)
    gen.add_argument("--source", choices=("games", "random"), default="games",
                     help="positions from expert bot games (default) or from quickly "
                          "simulated deals (the first shipped banks)")
    gen.add_argument("--budget", type=int, default=DEALS, metavar="DEALS",
                     help=f"games: the expert bots' deals of the unseen cards per decision "
                          f"(default {DEALS}; the app's expert searches its game's floor, "
                          f"the [bots] table of engine/variants/*.toml)")
    gen.add_argument("--checkpoint", type=seconds_arg, default=10.0, metavar="SECONDS",
                     help="games: save the bank so far to OUT.partial this often (default 10)")
    gen.add_argument("--fresh", action="store_true",
                     help="games: start again, ignoring OUT and OUT.partial")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--jobs", type=int, default=1, metavar="J",
                     help="games: play and judge J games at once in worker processes "
                          "(the same bank as one job)")
    gen.add_argument("--count", type=int, default=500)
    gen.add_argument("--variant", default="two-handed", metavar="NAME",
                     help=variant_help())
    gen.add_argument("--types", help="comma-separated question types to keep "
                     "(e.g. best for a Rubicon-family endgame bank)")
    gen.add_argument("--min-tricks", type=int, default=2,
                     help="endgames: fewest tricks left in a position")
    gen.add_argument("--max-tricks", type=int, default=None,
                     help="endgames: most tricks left (default the whole play-off; with "
                          f"scoring captures {CAPTURE_MAX_TRICKS})")
    gen.add_argument("--out", help="output file (default: the shipped bank; - for stdout)")
    gen.add_argument("--quiet", action="store_true", help="no progress bar")
    gen.set_defaults(run=run_generate)
    rate = sub.add_parser("rate", help="give bank records the difficulty model's rating now")
    rate.add_argument("files", nargs="+", help="bank files, rewritten in place")
    rate.set_defaults(run=run_rate)
    text = sub.add_parser("text", help="give bank records the engine's current wording of "
                          "their explanations (stock records: their reasons and themes, "
                          "without searching again)")
    text.add_argument("files", nargs="+", help="bank files, rewritten in place")
    text.set_defaults(run=run_text)
    ver = sub.add_parser("verify", help="re-check puzzles against the engine")
    ver.add_argument("files", nargs="*", help="bank files, JSON Lines, gzip-compressed when "
                     "named .gz (default: every shipped bank)")
    ver.add_argument("--sample", type=int, default=0, help="check only N random puzzles")
    ver.add_argument("--seed", type=int, default=0)
    ver.add_argument("--timeout", type=seconds_arg, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                     help=f"give up on a record after this many seconds "
                          f"(default {DEFAULT_TIMEOUT:g})")
    ver.add_argument("--max-memory", type=megabytes_arg, default=DEFAULT_MEMORY, metavar="MB",
                     help=f"memory for checking one record (default {DEFAULT_MEMORY})")
    ver.set_defaults(run=run_verify)


def run_generate(args: argparse.Namespace) -> int:
    from engine.errors import BeziqueError, UsageError
    from puzzles import bank

    if not 1 <= args.count <= 100_000:
        raise UsageError("--count must be between 1 and 100000")
    path = None if args.out == "-" else args.out or bank.path_for(args.kind, args.variant)
    if path is not None:
        try:   # before any work: a bad --out is refused at once, not after the search
            bank.output_target(path)
        except OSError as exc:
            raise BeziqueError(f"cannot write {path}: {exc.strerror}") from exc
    started = time.perf_counter()
    types = [t.strip() for t in args.types.split(",")] if args.types else None
    try:
        if args.source == "games":
            records, resumed = _from_games(args, path, types)
        else:
            records, resumed = _from_random(args, types), 0
    except ValueError as exc:   # an unknown --variant, --kind or --types value
        raise UsageError(str(exc)) from exc
    elapsed = time.perf_counter() - started
    if path is None:
        for rec in records:
            print(json.dumps(rec, ensure_ascii=False))
        where = "stdout"
    else:
        _write(records, path)
        if args.source == "games":
            _partial(path).unlink(missing_ok=True)
        where = str(path)
    made = len(records) - resumed
    print(f"{len(records)} {args.kind} puzzles ({made} new) in {elapsed:.1f} s "
          f"({made / max(elapsed, 1e-9) * 60:.1f} puzzles/min) -> {where}", file=sys.stderr)
    return 0 if len(records) == args.count else 1


def run_rate(args: argparse.Namespace) -> int:
    """Rewrite each bank with the current difficulty model's starting ratings."""
    from puzzles import bank

    return _rewrite(args.files, bank.rerated, "ratings")


def run_text(args: argparse.Namespace) -> int:
    """Rewrite each bank's stored explanations in the engine's current wording (what
    ``verify`` reports as stale text; for stock records the reasons, what each other
    move gives up and the themes, :func:`puzzles.stock_bank.with_current_text`);
    answers, figures, ids and ratings are kept."""
    from puzzles import bank

    return _rewrite(args.files, bank.retexted, "explanations")


def _rewrite(files: list[str], fresh_of: Callable[[list[dict[str, Any]]], list[dict[str, Any]]],
             what: str) -> int:
    """Rewrite each bank file in place with ``fresh_of`` its records; say how many changed."""
    from engine.errors import BeziqueError
    from puzzles import bank

    for name in files:
        try:
            records = bank.read(name)
        except bank.BankError as exc:
            raise BeziqueError(str(exc)) from exc
        fresh = fresh_of(records)
        _write(fresh, name)
        changed = sum(a != b for a, b in zip(records, fresh, strict=True))
        print(f"{name}: {len(fresh)} puzzles, {changed} {what} changed", file=sys.stderr)
    return 0


def _partial(path: str | Path) -> Path:
    return Path(f"{path}.partial")


def _write(records: list[dict[str, Any]], path: str | Path) -> None:
    from engine.errors import BeziqueError
    from puzzles import bank

    try:
        bank.write(records, path)
    except OSError as exc:
        raise BeziqueError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _earlier(path: str | Path | None) -> list[dict[str, Any]]:
    """The checkpoint of an interrupted run, else the bank at ``path`` (either may
    be from another plan: :func:`puzzles.generate.resume_point` decides)."""
    from puzzles import bank

    if path is None:
        return []
    for candidate in (_partial(path), Path(path)):
        if candidate.is_file():
            try:
                return bank.read(candidate)
            except bank.BankError:   # not a bank at all, so not one to go on from:
                continue             # replaced at the end, as any other file
    return []


def _from_games(args: argparse.Namespace, path: str | Path | None,
                types: list[str] | None) -> tuple[list[dict[str, Any]], int]:
    from puzzles.games import Budget
    from puzzles.generate import Plan, ProgressBar, generate_from_games, resume_point

    plan = Plan(args.kind, args.variant, args.seed, Budget(args.budget),
                tuple(types) if types else None, args.min_tricks, args.max_tricks)
    plan.check()
    earlier = [] if args.fresh else _earlier(path)
    found = resume_point(plan, earlier)
    resumed = min(len(found[0]), args.count) if found else 0
    if resumed:
        print(f"resuming: {resumed} puzzles kept from games 0-{found[1] - 1}"   # type: ignore[index]
              , file=sys.stderr)
    progress = None if args.quiet else ProgressBar()

    def checkpoint(records: list[dict[str, Any]]) -> None:
        if path is not None:
            _write(records, _partial(path))

    records = generate_from_games(plan, args.count, progress, earlier, checkpoint,
                                  args.checkpoint, jobs=max(1, args.jobs))
    return records, resumed


def _from_random(args: argparse.Namespace, types: list[str] | None) -> list[dict[str, Any]]:
    from puzzles.generate import ProgressBar, generate

    progress = None if args.quiet else ProgressBar()
    return generate(args.kind, args.seed, args.count, args.variant, progress,
                    types=types, min_tricks=args.min_tricks, max_tricks=args.max_tricks)


def warm_up() -> None:
    """The worker's one-time start: the solver's compiled kernel loads here, not
    inside the first record's time limit."""
    from engine.solver import warm_up as load_kernel

    load_kernel()


def verify_record(record: Any) -> list[str] | str:
    """Problems of one parsed record (``[]`` when the engine agrees), or why the
    record cannot be checked at all (a ``str``)."""
    from engine.errors import BeziqueError
    from puzzles import bank

    problem = bank.malformed(record)
    if problem:
        return problem
    try:
        return bank.verify(record)
    except (BeziqueError, RecursionError) as exc:
        return f"engine refused the record: {exc}"
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        return f"malformed record ({type(exc).__name__}: {exc})"


def _numbered(files: list[str]) -> Iterator[tuple[str, Any]]:
    """(where, :class:`puzzles.bank.Line`) for every record line of the files, read
    as the app reads a bank (:func:`puzzles.bank.lines`: gzip, one record a line);
    (name, :class:`puzzles.bank.BankError`) for a file that cannot be read through
    or holds no record at all."""
    from puzzles import bank

    for name in files:
        count = 0
        try:
            for line in bank.lines(name):
                count += 1
                yield f"{name}:{line.number}", line
        except bank.BankError as exc:
            yield name, exc
            continue
        if not count:
            yield name, bank.BankError(f"{name} holds no puzzles (it is empty)")


def _sampled(items: Iterator[tuple[str, Any]], count: int,
             rng: random.Random) -> Iterator[tuple[str, Any]]:
    """All items, or ``count`` of them drawn uniformly (reservoir: memory for
    ``count`` records only); files that cannot be read are always kept."""
    from puzzles import bank

    if count <= 0:
        yield from items
        return
    kept: list[tuple[str, Any]] = []
    for seen, item in enumerate(items):
        if isinstance(item[1], bank.BankError):
            yield item
        elif len(kept) < count:
            kept.append(item)
        else:
            slot = rng.randrange(seen + 1)
            if slot < count:
                kept[slot] = item
    yield from kept


def run_verify(args: argparse.Namespace) -> int:
    """Every record gets checked and answered with one JSON line, ``{"id", "ok": true}``
    or ``{"id", "error"}`` naming all its problems; the run goes on. A file that
    cannot be read (or holds nothing) gets one ``{"error"}`` line. Exit 1 when
    anything was wrong or nothing was checked."""
    from engine.cli.records import emit
    from engine.cli.worker import Worker, WorkerFailure
    from engine.errors import BeziqueError
    from puzzles import bank

    files = args.files or [str(path) for path in bank.shipped()]
    started = time.perf_counter()
    checked = failures = 0
    ids: set[bytes] = set()
    with Worker(verify_record, args.timeout, args.max_memory) as worker:
        for where, line in _sampled(_numbered(files), args.sample, random.Random(args.seed)):
            if isinstance(line, bank.BankError):
                emit({"error": str(line)})
                failures += 1
                continue
            checked += 1
            data = line.value
            try:
                result = f"not a record: {line.problem}" if line.problem else worker.run(data)
            except (BeziqueError, WorkerFailure) as exc:
                result = str(exc)
            puzzle_id = data.get("id") if isinstance(data, dict) else None
            named = {"id": puzzle_id} if isinstance(puzzle_id, str) else {}
            if isinstance(result, str):
                failures += 1
                emit({**named, "error": f"{where}: {result}"})
                continue
            key = hashlib.sha256(data["id"].encode("utf-8", "surrogatepass")).digest()
            problems = [problem.removeprefix(f"{data['id']}: ") for problem in result]
            if key in ids:   # digests: memory per record stays small whatever the id
                problems.append("duplicate puzzle id")
            ids.add(key)
            if problems:
                failures += 1
                emit({**named, "error": f"{where}: {'; '.join(problems)}"})
            else:
                emit({**named, "ok": True})
    elapsed = time.perf_counter() - started
    verdict = (f"{failures} with problems" if failures else "nothing to check"
               if not checked else "all agree with the engine")
    print(f"{checked} puzzles checked in {elapsed:.1f} s: {verdict}", file=sys.stderr)
    return 1 if failures or not checked else 0
