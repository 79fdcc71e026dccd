"""``bezique solve``: solve play-off positions read as JSON, JSON Lines or the
one-line text notation, and print one JSON line per position.

    bezique solve positions.jsonl
    echo 'two-handed/H/0/AS 7S/TS 9S/-' | bezique solve -
    echo 'rubicon-four-handed/H/2/AS/TS/7S/8S/-' | bezique solve -

Four-handed positions (partners 0+2 and 1+3) have four hands and a trick of up
to three cards in play order from the leader; they are solved by the
partnership solver and ``value`` is for the side of the seat to move.

Three-hand positions (``three-handed/H/0/AS 7C/TS 8C/KS 9C/-``: each for himself,
the trick up to two cards) are solved for the paranoid value: what the seat to
move can be sure of when both others play against him.

A line that cannot be read or is not a legal position prints
``{"error": "..."}``; the other lines are still solved and the command exits
with status 1 at the end. So does a position that takes longer than
``--timeout`` seconds or more memory than ``--max-memory``: the search runs in a
worker process, which is stopped and replaced.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cli.arguments import megabytes_arg, seconds_arg
from engine.cli.records import (
    Record,
    cannot_read,
    emit,
    nothing_read,
    open_input,
    read_records,
)
from engine.cli.worker import DEFAULT_MEMORY, DEFAULT_TIMEOUT, Worker, WorkerFailure
from engine.errors import BeziqueError
from engine.solver import Position, solve


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve", help="solve play-off positions exactly",
        description="Read positions (one JSON object, JSON Lines, or text lines such as "
                    "'two-handed/H/0/AS 7S/TS 9S/-') and print one JSON line each: "
                    "to_move, value (what the player to move still captures with best "
                    "play), moves (the value of every legal card) and line. Four-handed "
                    "positions ('rubicon-four-handed/H/2/AS/TS/7S/8S/-': four hands, the "
                    "trick in play order from the leader) are solved for partnerships: "
                    "value and moves are for the side (0+2 or 1+3) of the seat to move. "
                    "Three-hand positions ('three-handed/H/0/AS 7C/TS 8C/KS 9C/-') get the "
                    "paranoid value: the most the seat to move can be sure of when both "
                    "others play against him.")
    parser.add_argument("file", help="input file, or - for standard input")
    parser.add_argument("--explain", action="store_true",
                        help="add the best moves and a refutation of every worse move")
    parser.add_argument("--lang", choices=("en", "ru"), default=None,
                        help="with --explain, keep only this language's sentences")
    parser.add_argument("--timeout", type=seconds_arg, default=DEFAULT_TIMEOUT,
                        metavar="SECONDS",
                        help=f"give up on a position after this many seconds and answer it "
                             f"with an error (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-memory", type=megabytes_arg, default=DEFAULT_MEMORY,
                        metavar="MB", help=f"memory for one search (default {DEFAULT_MEMORY})")
    parser.set_defaults(run=run)


def solve_record(record: str, explain: bool = False, lang: str | None = None) -> dict[str, Any]:
    """The output object for one input record (``{"error": ...}`` on bad input)."""
    try:
        position = Position.parse(record)
        out = solve(position, explain=explain).to_dict(explain=explain)
    except BeziqueError as exc:
        return {"error": str(exc)}
    except RecursionError:
        return {"error": "position nested too deeply"}
    if explain and lang is not None:
        for ref in out.get("refutations", {}).values():
            ref.pop("ru" if lang == "en" else "en")
    return out


def warm_up() -> None:
    """The worker's one-time start (:mod:`engine.cli.worker`): the solver's
    compiled kernel loads here, not inside the first position's time limit."""
    from engine.solver import warm_up as load_kernel

    load_kernel()


def _solve_job(job: tuple[str, bool, str | None]) -> dict[str, Any]:
    return solve_record(*job)


def answer(worker: Worker, record: Record, args: argparse.Namespace) -> dict[str, Any]:
    if record.error:
        return {"error": record.error}
    try:
        result: dict[str, Any] = worker.run((record.text, args.explain, args.lang))
    except WorkerFailure as exc:
        return {"error": f"line {record.line}: {exc}"}
    return result


def run(args: argparse.Namespace) -> int:
    try:
        stream = open_input(args.file)
    except OSError as exc:
        emit(cannot_read(args.file, exc))
        return 1
    failed = False
    records = 0
    with Worker(_solve_job, args.timeout, args.max_memory) as worker:
        try:
            for record in read_records(stream, comments=True):
                records += 1
                out = answer(worker, record, args)
                failed = failed or "error" in out
                emit(out)
        finally:
            if args.file != "-":
                stream.close()
    if not records:
        emit(nothing_read(args.file))
        return 1
    return 1 if failed else 0
