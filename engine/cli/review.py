"""``bezique review GAME.json``: the review of a saved game (the Play page's download,
or ``-`` for stdin): one seat's decisions that clearly cost points, the costliest
first, one line each (deal, trick, the move played, the better move, the cost, why),
or ``--json``. A file that is not a readable, untampered game log gets one error line
and exit status 1."""

from __future__ import annotations

import argparse
import json

from engine.bots.review import CONFIRM_FACTOR, Budget, Decision, HandReview, review_game
from engine.cli.arguments import count_arg, read_input
from engine.cli.records import printable
from engine.errors import CorruptSaveError
from engine.rules.game import Game
from engine.rules.replay import MAX_LOG_BYTES, load_game
from engine.text.action_words import action_words
from engine.text.explain import points_ru

MAX_DEALS = 10_000   # deals of the unseen cards per estimate
TEXT: dict[str, tuple[str, str]] = {
    "line": ("deal {deal}, trick {trick}: you chose to {played}; better: {better} "
             "({cost}): {why}",
             "сдача {deal}, взятка {trick}: ваш ход — {played}; лучше: {better} ({cost}): {why}"),
    "exact": ("{points} points, exact", "{points_ru}, точно"),
    "last_trick": ("the last trick, {points} points, exact",
                   "последняя взятка, {points_ru}, точно"),
    "brisques": ("{points} in brisques, which break a tie, exact",
                 "{points} в брисках, решающих ничью, точно"),
    "estimate": ("about {points} points, between {low} and {high}",
                 "примерно {points_ru}, от {low} до {high}"),
    "estimate_one": ("{points} points", "{points_ru}"),
    "none": ("no decision clearly cost points ({count} judged)",
             "ни одно решение явно не стоило очков (оценено: {count})"),
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review", help="the decisions of a saved game that cost points",
        description="Judge one player's decisions in a saved game: in the play-off by the "
                    "exact solver, before it by the search (flagged only when its interval "
                    "of the loss excludes zero on the first deals and again on fresh ones). "
                    "One line per flagged decision, the costliest first. The search is "
                    "counted in deals, so the same game gets the same review on any "
                    "machine.")
    parser.add_argument("file", help="a saved game (JSON); - for stdin")
    parser.add_argument("--seat", type=count_arg(1, 4), default=1,
                        help="the player reviewed, from 1 (default 1: you on the Play page)")
    parser.add_argument("--deal", type=count_arg(1, 1000), action="append", default=[],
                        help="review this deal only (1-based; repeat for several)")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--deals", "--samples", dest="deals", type=count_arg(1, MAX_DEALS),
                        default=None, metavar="N",
                        help="deals of the unseen cards for each first estimate and for "
                             "finding the expert's move (default: the game's expert floor, "
                             "the [bots] table of its variant file); a loss that looks clear "
                             f"is confirmed on {CONFIRM_FACTOR} times as many fresh deals")
    parser.set_defaults(run=run)


def read_game(name: str) -> Game:
    """The game in file ``name`` (``-``: stdin); :class:`CorruptSaveError` when it cannot
    be read, is too large, malformed or tampered with (its actions do not replay)."""
    try:
        raw = read_input(name, MAX_LOG_BYTES)
    except OSError as exc:
        raise CorruptSaveError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        return load_game(raw.removeprefix(b"\xef\xbb\xbf"))
    except CorruptSaveError as exc:
        raise CorruptSaveError(f"{name}: {exc}") from None


def cost_text(decision: Decision, lang: str) -> str:
    index = 1 if lang == "ru" else 0
    if decision.exact:
        key = "exact" if decision.kind == "points" else decision.kind
        points = round(decision.cost)
        return TEXT[key][index].format(points=points, points_ru=points_ru(points))
    low, high = round(decision.low), round(decision.high)
    if low == high:   # never "between 100 and 100"
        return TEXT["estimate_one"][index].format(points=low, points_ru=points_ru(low))
    points = round(decision.cost)
    return TEXT["estimate"][index].format(points=points, points_ru=points_ru(points), low=low,
                                          high=high)


def line(decision: Decision, lang: str) -> str:
    among = decision.shown_among()   # a copy mark only where it tells two moves apart
    return TEXT["line"][1 if lang == "ru" else 0].format(
        deal=decision.deal_number, trick=decision.trick,
        played=action_words(decision.played, lang, among),
        better=action_words(decision.better, lang, among),
        cost=cost_text(decision, lang),
        why="; ".join(decision.why(lang)))


def to_json(review: HandReview, lang: str) -> dict[str, object]:
    return {"variant": review.variant, "seat": review.seat + 1,
            "judged": len(review.decisions),
            "flagged": [{**d.to_json(), "seat": d.seat + 1, "why": list(d.why(lang)),
                         "cost_text": cost_text(d, lang)} for d in review.flagged]}


def run(args: argparse.Namespace) -> int:
    game = read_game(args.file)
    if args.seat > game.profile.players:
        raise CorruptSaveError(f"{game.profile.name} has no player {args.seat}")
    review = review_game(game, args.seat - 1, args.deal,
                         Budget(deals=args.deals, hint_deals=args.deals))
    if args.json:
        print(printable(json.dumps(to_json(review, args.lang), ensure_ascii=False, indent=1)))
        return 0
    for decision in review.flagged:
        print(printable(line(decision, args.lang)))
    if not review.flagged:
        print(TEXT["none"][1 if args.lang == "ru" else 0].format(count=len(review.decisions)))
    return 0
