"""``bezique melds FILE``: for each JSON request (one object, pretty-printed or not,
or JSON Lines), list the declarations a player may score now and the ones a rule
refuses. Every request gets one output line, an answer or ``{"error": ...}``; the
command exits 1 when any request failed."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO, Any

from engine.cli.records import (
    MAX_RECORD,
    cannot_read,
    emit,
    nothing_read,
    open_input,
    parse_json,
    read_records,
)
from engine.errors import BeziqueError
from engine.rules.meld_query import query

MAX_LINE = MAX_RECORD


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("melds", help="explain which declarations are legal")
    parser.add_argument("file", help="JSON or JSON Lines file; - for stdin")
    parser.set_defaults(run=run)


def answer_all(stream: IO[Any], handler: Callable[[Any], Any], name: str = "-") -> int:
    """One output line per request of ``stream`` (``name`` says which input it is);
    1 when any request failed or there was none."""
    failures = 0
    records = 0
    for record in read_records(stream):
        records += 1
        try:
            answer = handler(parse_json(record))
        except (BeziqueError, RecursionError) as exc:
            failures += 1
            answer = {"error": str(exc) if isinstance(exc, BeziqueError)
                      else "request nested too deeply"}
        emit(answer)
    if not records:
        emit(nothing_read(name))
        return 1
    return 1 if failures else 0


def run(args: argparse.Namespace) -> int:
    try:
        stream = open_input(args.file)
    except OSError as exc:
        emit(cannot_read(args.file, exc))
        return 1
    try:
        return answer_all(stream, query, args.file)
    finally:
        if args.file != "-":
            stream.close()
