"""``bezique scorepad FILE``: referee a game kept on paper. FILE (``-`` for stdin)
holds one score pad as JSON (the shape :class:`engine.rules.scorepad.ScorePad` reads
and writes) or as the CSV it writes; the command prints every entry explained, the
totals, the game's end and the settlement, or ``--json`` / ``--csv``. Declarations the
engine refuses are printed with their rule and source and score nothing. A malformed
file gets one error line and exit status 1."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from engine.cli.arguments import read_input
from engine.rules.profile import variant_names
from engine.rules.scorepad import ScorePad, ScorePadError

MAX_FILE = 5_000_000   # bytes: a pad of the longest game is far smaller


DESCRIPTION = (
    "Total, check and settle a game played with real cards. FILE holds the score pad as "
    "JSON, or as the CSV that --csv (and the app's Score pad page) writes. Each deal "
    "lists its declarations (who, which meld, optionally the cards, checked against the "
    "variant's rules), then its end: the brisques and the last trick, or the deal's "
    "points as written on paper. Where both sides pass the target, record the fact that "
    "decides the game: 'first_to_target' (Fildinski) or 'last_trick' (club, card-point).")
EXAMPLE = """\
example (003's tie in Rubicon: 1290 : 1200, brisques 60 : 100; Anna scores 600):
  echo '{"variant": "rubicon", "players": ["Anna", "Boris"],
         "deals": [{"brisques": [60, 100], "last_trick": "Anna",
                    "scores": [1290, 1200]}]}' | bezique scorepad -

a deal may list its "declarations", e.g.
  {"player": "Anna", "meld": "trump_marriage", "cards": ["KH", "QH"], "trick": 3},
or {"meld": "dix"}, {"meld": "carte_blanche"}, {"fine": "extra_card"},
{"played": [cards]}; its other fields: "trump" (S, H, D or C), "turn_up" (a card),
"first_to_target"; the pad's "options" name the variant's options.

"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    variants = textwrap.fill(", ".join(variant_names()), 78, initial_indent="variants: ",
                             subsequent_indent="  ", break_on_hyphens=False)
    parser = subparsers.add_parser(
        "scorepad", help="total, check and settle a game kept on paper (JSON or CSV)",
        description=textwrap.fill(DESCRIPTION, 78), epilog=EXAMPLE + variants,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a score pad as JSON or CSV; - for stdin")
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
    if text.lstrip().startswith("{") or not text.strip():
        return ScorePad.loads(text)
    return ScorePad.from_csv(text)


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
