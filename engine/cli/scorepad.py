"""``bezique scorepad FILE``: referee a game kept on paper. FILE (``-`` for stdin)
holds one score pad as JSON (the shape :class:`engine.rules.scorepad.ScorePad` reads
and writes); the command prints every entry explained, the totals, the game's end
and the settlement, or ``--json`` / ``--csv``. Declarations the engine refuses are
printed with their rule and source and score nothing. A malformed file gets one
error line and exit status 1."""

from __future__ import annotations

import argparse
import json
import sys

from engine.cli.arguments import read_input
from engine.rules.scorepad import ScorePad, ScorePadError

MAX_FILE = 5_000_000   # bytes: a pad of the longest game is far smaller


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("scorepad", help="total, check and settle a game kept "
                                                    "on paper")
    parser.add_argument("file", help="a score pad as JSON; - for stdin")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the report as JSON")
    output.add_argument("--csv", action="store_true", help="print the pad as CSV")
    parser.set_defaults(run=run)


def read_pad(name: str) -> ScorePad:
    """The pad in file ``name`` (``-``: stdin); :class:`ScorePadError` when it cannot be
    read or is malformed."""
    try:
        raw = read_input(name, MAX_FILE)
    except OSError as exc:
        raise ScorePadError(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE:
        raise ScorePadError(f"{name} is larger than {MAX_FILE} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScorePadError(f"{name} is not UTF-8 (byte {exc.start + 1})") from None
    return ScorePad.loads(text)


def run(args: argparse.Namespace) -> int:
    pad = read_pad(args.file)
    report = pad.report()
    if args.json:
        print(json.dumps(report.to_json(args.lang), ensure_ascii=False, indent=1))
    elif args.csv:
        sys.stdout.write(pad.to_csv(args.lang))
    else:
        profile = pad.profile
        title = profile.title_ru if args.lang == "ru" else profile.title
        print(f"{title}: {', '.join(pad.players)}")
        for line in report.lines(args.lang):
            print(line)
    return 0
