"""The evidence of a stock puzzle as a player reads it, in English and Russian.

One sentence compares the better move with one other, on the deals the verdict rests
on (:mod:`puzzles.stock_judge`): in how many of the ways the unseen cards may lie the
better move does better, what the other gives up (the hint's words) and about how many
points it costs::

    >>> from engine.bots.reasons import Reason
    >>> from engine.notation.actions import Action
    >>> from engine.notation.cards import parse_card
    >>> eight, king = parse_card("8H#1").id, parse_card("KH#1").id
    >>> words = Comparison(Action.play(eight), Action.play(king), better=8, equal=0, deals=10,
    ...                    cost=60.4, loses=Reason("breaks_meld", card=king,
    ...                                            meld="four_kings", points=80))
    >>> print(evidence_text(words))   # doctest: +NORMALIZE_WHITESPACE
    In 8 of the 10 ways the unseen cards may lie you do better to play 8♥ than K♥.
    K♥ breaks up your four kings (80), which costs about 60 points.
    >>> print(evidence_text(words, "ru"))   # doctest: +NORMALIZE_WHITESPACE
    В 8 из 10 раскладов неизвестных карт лучше сыграть 8♥, чем К♥.
    К♥ разбивает вашу комбинацию «четыре короля» (80), и это стоит примерно 60 очков.

Cards read as in prose (10 for the ten, Т К Д В in Russian), with a copy mark only where
two copies of a card are different moves here (``among``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.bots.reasons import Reason
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import card_text
from engine.rules.deal import Deal
from engine.rules.effects import look_alikes
from engine.rules.melds import display_order
from engine.rules.profile import Profile, load_profile
from engine.text.action_words import action_words
from engine.text.explain import meld_name, points_ru
from puzzles.stock_judge import Option, StockVerdict

WAYS = ("In {better} of the {deals} ways the unseen cards may lie you do better to {best} "
        "than {other}{even}",
        "В {better} из {deals} раскладов неизвестных карт лучше {best}, чем {other}{even}")
ALL_WAYS = ("In all {deals} ways the unseen cards may lie you do better to {best} than {other}",
            "Во всех {deals} раскладах неизвестных карт лучше {best}, чем {other}")
EVEN = (" (in {equal} more they come out even)", " (ещё в {equal} — поровну)")
# Russian says "примерно" with the nominative («примерно 32 очка»): «около» would need
# the genitive, which points_ru does not give.
LOSES = (". {loses}, which costs about {points}.", ". {loses}, и это стоит примерно {points}.")
DIFFERENCE = ("; the difference is about {points}.", "; разница — примерно {points}.")


@dataclass(frozen=True, slots=True)
class Comparison:
    """What one evidence sentence says: the ``best`` move against ``other``, the deals
    (``deals``) the best did better in (``better``) and as well (``equal``), the mean
    ``cost`` of ``other`` in points and what it gives up (``loses``, or None); ``among``:
    the cards to read both moves among (copy marks)."""

    best: Action
    other: Action
    better: int
    equal: int
    deals: int
    cost: float
    loses: Reason | None = None
    among: frozenset[int] = frozenset()


def comparison(verdict: StockVerdict, option: Option | None = None) -> Comparison:
    """The verdict's best move against ``option`` (by default the runner-up: the move a
    learner is likeliest to weigh against it)."""
    other = option if option is not None else verdict.alternatives[0]
    best = verdict.best
    return Comparison(best.action, other.action, other.better, other.equal, verdict.deals,
                      other.loss, other.loses, best.shown_among | other.shown_among)


@lru_cache(maxsize=64)
def _replayed(save: str) -> Deal:
    return Deal.from_json(json.loads(save))


def position_deal(position: Mapping[str, Any]) -> Deal:
    """The position a stock record saves (a deal's save), replayed once and kept: a
    replay of some sixty actions took ~10 ms, and a lesson page with seven positions
    replayed each of them for every option's evidence on every rerun. A copy: the
    caller may change it."""
    return _replayed(json.dumps(position, sort_keys=True)).copy()


def record_comparison(record: Mapping[str, Any], move: str | None = None) -> Comparison:
    """:func:`comparison` of a bank record (:mod:`puzzles.stock_bank`): its answer against
    the other move ``move`` (an action's text, any of its copies; default the
    runner-up). :class:`BeziqueError` when ``move`` is not one of its other moves."""
    from puzzles.stock_bank import reason_from_json

    options = record["options"]
    other = options[0] if move is None else next(
        (o for o in options if move in o["copies"]), None)
    if other is None:
        raise BeziqueError(f"{move} is not one of the puzzle's other moves")
    best, action = Action.parse(record["answer"]), Action.parse(other["move"])
    deal = _replayed(json.dumps(record["position"], sort_keys=True))   # read only
    among = {*look_alikes(deal, best), *look_alikes(deal, action)}
    loses = None if other["loses"] is None else reason_from_json(other["loses"])
    return Comparison(best, action, other["better"], other["equal"], record["judged"]["deals"],
                      float(other["cost"]), loses, frozenset(among))


def record_evidence(record: Mapping[str, Any], move: str | None = None,
                    lang: str = "en") -> str:
    """The evidence sentence of a bank record (see :func:`record_comparison`)."""
    return evidence_text(record_comparison(record, move), lang,
                         load_profile(record["variant"]))


def evidence(verdict: StockVerdict, option: Option | None = None, lang: str = "en") -> str:
    """:func:`evidence_text` of :func:`comparison`."""
    return evidence_text(comparison(verdict, option), lang, load_profile(verdict.variant))


def evidence_text(words: Comparison, lang: str = "en", profile: Profile | None = None
                  ) -> str:
    """The evidence sentence in ``lang`` (``en`` or ``ru``); ``profile`` gives a
    declaration's points (none without it)."""
    ru = 1 if lang == "ru" else 0
    among = words.among | {*words.best.cards, *words.other.cards}
    # a declaration names its cards only where the other move declares the same meld
    cards = bool(words.best.meld) and words.best.meld == words.other.meld
    best = move_words(words.best, lang, among, profile, cards)
    other = move_words(words.other, lang, among, profile, cards)
    if words.best.type is ActionType.PLAY and words.other.type is ActionType.PLAY:
        other = card_text(words.other.cards[0], lang, among=among)   # "than K♥"
    elif not ru:
        other = f"to {other}"                                       # "than to draw"
    even = EVEN[ru].format(equal=words.equal) if words.equal else ""
    ways = ALL_WAYS if words.better == words.deals else WAYS
    text = ways[ru].format(better=words.better, deals=words.deals, best=best, other=other,
                           even=even)
    points = _points(round(words.cost), lang)
    if words.loses is not None:
        return text + LOSES[ru].format(loses=words.loses.render(lang, among), points=points)
    return text + DIFFERENCE[ru].format(points=points)


# How a move reads in the sentence, after "you do better to" / «лучше»: a meld in
# quotation marks in Russian, so that its name keeps its own case.
MOVES: dict[ActionType, tuple[str, str]] = {
    ActionType.PLAY: ("play {card}", "сыграть {card}"),
    ActionType.DRAW: ("draw without declaring", "взять карту, ничего не объявляя"),
    ActionType.DECLARE: ("declare the {meld}{extra}", "объявить комбинацию «{meld}»{extra}"),
    ActionType.SCORE_PENDING: ("score the {meld}{extra}", "записать комбинацию «{meld}»{extra}"),
    ActionType.EXCHANGE_SEVEN: ("exchange {card} for the turn-up",
                                "обменять {card} на открытый козырь"),
    ActionType.SHOW_SEVEN: ("show {card}", "показать {card}"),
}


def move_words(action: Action, lang: str = "en", among: Iterable[int] = (),
               profile: Profile | None = None, cards: bool = False) -> str:
    """``action`` as the evidence names it: a declaration by its meld and points (its
    cards too where ``cards``); moves the table does not list, as the command line
    words them (:func:`engine.text.action_words.action_words`)."""
    ru = 1 if lang == "ru" else 0
    template = MOVES.get(action.type)
    if template is None:
        return action_words(action, lang, among)
    shown = list(among)
    card = card_text(action.cards[0], lang, among=shown) if action.cards else ""
    extra = []
    if action.meld and profile is not None and profile.has_meld(action.meld):
        extra.append(str(profile.meld(action.meld).points))
    if cards:
        extra.append(" ".join(card_text(c, lang, among=shown)
                              for c in sorted(action.cards, key=display_order)))
    return template[ru].format(card=card, meld=meld_name(action.meld, lang) if action.meld
                               else "", extra=f" ({', '.join(extra)})" if extra else "")


def _points(points: int, lang: str) -> str:
    if lang == "ru":
        return points_ru(points)
    return f"{points} point" + ("" if points == 1 else "s")


__all__ = ["MOVES", "Comparison", "comparison", "evidence", "evidence_text", "move_words",
           "record_comparison", "record_evidence"]
