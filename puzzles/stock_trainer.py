"""What the stock-play trainer page needs from a bank record, without a search: the
deal it shows, the moves to click, whether a move is right, and the words of the
answer (:mod:`puzzles.stock_bank`, :mod:`puzzles.stock_evidence`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from puzzles import stock_bank, stock_evidence


@lru_cache(maxsize=8)
def _deal(save: str) -> Deal:
    import json

    return Deal.from_json(json.loads(save))


def deal_of(record: Mapping[str, Any]) -> Deal:
    """The position (a copy: the page may not change the cached replay)."""
    import json

    return _deal(json.dumps(record["position"], sort_keys=True)).copy()


def moves(record: Mapping[str, Any]) -> list[str]:
    """Every distinct move of the puzzle, in the order the rules list them (the answer
    is not first: the order gives nothing away)."""
    distinct = [record["answer"], *(o["move"] for o in record["options"])]
    order = {str(a): i for i, a in enumerate(deal_of(record).legal_actions())}
    return sorted(distinct, key=lambda m: order.get(m, len(order)))


def is_right(record: Mapping[str, Any], move: str) -> bool:
    return move in record["accepted"]


def own_cards(deal: Deal, seat: int) -> list[tuple[int, bool]]:
    """The seat's cards: the concealed hand, then the cards shown on the table."""
    return [*((c, False) for c in deal.hands[seat]), *((c, True) for c in deal.tables[seat])]


def clickable_cards(record: Mapping[str, Any]) -> set[int]:
    return {a.cards[0] for a in deal_of(record).legal_actions() if a.type is ActionType.PLAY}


def card_move(record: Mapping[str, Any], card: str) -> str | None:
    """The move a clicked card makes (None: no card of the seat's legal plays)."""
    try:
        chosen = int(card)
    except ValueError:
        return None
    return next((str(a) for a in deal_of(record).legal_actions()
                 if a.type is ActionType.PLAY and a.cards[0] == chosen), None)


def button_moves(record: Mapping[str, Any]) -> list[str]:
    """The moves chosen with a button (declare, exchange, draw): not a card to play."""
    return [m for m in moves(record) if Action.parse(m).type is not ActionType.PLAY]


def move_label(record: Mapping[str, Any], move: str, lang: str) -> str:
    words = stock_evidence.move_words(Action.parse(move), lang,
                                      profile=load_profile(record["variant"]))
    return words[:1].upper() + words[1:]


def evidence(record: Mapping[str, Any], move: str, lang: str) -> str:
    return stock_evidence.record_evidence(record, move, lang)


def why(record: Mapping[str, Any], lang: str) -> list[str]:
    """Why the best move is best, in the hint's words."""
    return [stock_bank.reason_from_json(r).render(lang) for r in record["why"]]
