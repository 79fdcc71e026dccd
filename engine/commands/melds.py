"""``bezique melds FILE``: for each JSON request (one object or JSON Lines), list
the declarations a player may score now and the ones a rule refuses."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from engine.errors import BeziqueError
from engine.melds import query

MAX_LINE = 1_000_000


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("melds", help="explain which declarations are legal")
    parser.add_argument("file", help="JSON or JSON Lines file; - for stdin")
    parser.set_defaults(run=run)


def read_requests(stream: IO[str]) -> Iterator[Any]:
    """Yield parsed JSON objects, or an Exception for each unreadable one."""
    text = stream.read(50 * MAX_LINE)
    stripped = text.strip()
    if not stripped:
        return
    try:
        yield json.loads(stripped)  # one (possibly pretty-printed) object
        return
    except ValueError:
        pass
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except ValueError as exc:
            yield BeziqueError(f"line {number} is not valid JSON: {exc}")


def answer_all(stream: IO[str], handler: Any) -> int:
    failures = 0
    for request in read_requests(stream):
        try:
            if isinstance(request, Exception):
                raise request
            answer = handler(request)
        except (BeziqueError, RecursionError) as exc:
            failures += 1
            answer = {"error": str(exc)}
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 1 if failures else 0


def run(args: argparse.Namespace) -> int:
    if args.file == "-":
        return answer_all(sys.stdin, query)
    try:
        with open(args.file, encoding="utf-8") as stream:
            return answer_all(stream, query)
    except OSError as exc:
        raise BeziqueError(f"cannot read {args.file}: {exc.strerror}") from exc
