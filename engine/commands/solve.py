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
with status 1 at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

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
    parser.set_defaults(run=run)


def _records(stream: TextIO) -> Iterator[str]:
    """One JSON object spread over several lines, or one record per line."""
    text = stream.read()
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped:
        try:
            json.loads(stripped)
        except ValueError:
            pass
        else:
            yield stripped
            return
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            yield line


def solve_record(record: str, explain: bool = False, lang: str | None = None) -> dict[str, Any]:
    """The output object for one input record (``{"error": ...}`` on bad input)."""
    try:
        position = Position.parse(record)
        out = solve(position, explain=explain).to_dict(explain=explain)
    except BeziqueError as exc:
        return {"error": str(exc)}
    except RecursionError:  # pragma: no cover - positions are at most 13 tricks
        return {"error": "position too deep"}
    if explain and lang is not None:
        for ref in out.get("refutations", {}).values():
            ref.pop("ru" if lang == "en" else "en")
    return out


def run(args: argparse.Namespace) -> int:
    failed = False
    try:
        if args.file == "-":
            records = list(_records(sys.stdin))
        else:
            with open(args.file, encoding="utf-8") as handle:
                records = list(_records(handle))
    except OSError as exc:
        print(json.dumps({"error": f"cannot read {args.file}: {exc.strerror}"}))
        return 1
    except UnicodeDecodeError:
        print(json.dumps({"error": f"{args.file} is not UTF-8 text"}))
        return 1
    for record in records:
        out = solve_record(record, args.explain, args.lang)
        failed = failed or "error" in out
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 1 if failed else 0
