"""What the stock-play trainer page needs from a bank record, without a search: the
deal it shows, the moves to click, whether a move is right, and the words of the
answer (:mod:`puzzles.stock_bank`, :mod:`puzzles.stock_evidence`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bots.reasons import Reason
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from puzzles import stock_bank, stock_evidence
from puzzles.i18n import theme_name, tr


def deal_of(record: Mapping[str, Any]) -> Deal:
    """The position (a copy: the page may not change the cached replay)."""
    return stock_evidence.position_deal(record["position"])


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


# A hint says what to aim at, never the move. A reason whose words name the move's card
# is said without it; one that is the move itself (declare this meld, exchange now) is
# left out of the hint.
_WITHOUT_THE_CARD: dict[str, tuple[str, str]] = {
    "discard_low": ("let the trick go and throw the card you need least",
                    "отдать взятку и сбросить самую ненужную карту"),
    "lead_low": ("lead the card you need least for melds and tricks",
                 "пойти с карты, которая меньше всего нужна для комбинаций и взяток"),
    "lead_ace": ("an ace is the likeliest card to win a trick",
                 "туз вернее всего берёт взятку"),
    "lead_instead": ("keep {kept} in hand for later", "оставить {kept} на руке на потом"),
    "win_to_declare": ("win this trick so you can declare the {meld} ({points})",
                       "взять эту взятку, чтобы объявить комбинацию «{meld}» ({points})"),
    "take_brisque": ("take the brisque {lead} cheaply", "дёшево взять бриску {lead}"),
    "win_cheaply": ("win the trick at little cost", "взять взятку малой ценой"),
    "win_lead": ("win the trick, and with it the lead and the first draw",
                 "взять взятку, а с ней ход и первую карту из колоды"),
    "win_lead_late": ("win the trick and the lead", "взять взятку и ход"),
    "let_go": ("let the trick go: winning it with {kept} would cost more than it brings",
               "отдать взятку: взять её картой {kept} обошлось бы дороже, чем принесло бы"),
}
_THE_MOVE_ITSELF = frozenset({
    "declare_best", "hold_back", "exchange_seven", "exchange_turn_up", "show_seven",
    "four_aces_now", "late_big", "timing", "nothing_to_declare", "only_action"})


def _answer_faces(record: Mapping[str, Any]) -> set[int]:
    """The card kinds the accepted moves play (either copy would give the move away)."""
    return {Card.from_id(card).kind for move in record["accepted"]
            for card in Action.parse(move).cards}


def _hint_line(reason: Reason, faces: set[int], lang: str) -> str | None:
    if reason.key in _THE_MOVE_ITSELF:
        return None
    if not faces & {Card.from_id(c).kind for c in reason.cards()}:
        return reason.render(lang)
    words = _WITHOUT_THE_CARD.get(reason.key)
    # The move's own card is left out; any other card the reason names is still said.
    rest = Reason(reason.key, **{name: value for name, value in reason.params
                                 if name != "card"})
    if words is None or faces & {Card.from_id(c).kind for c in rest.cards()}:
        return None
    return rest.render(lang, words=words)


def hints(record: Mapping[str, Any], lang: str) -> list[str]:
    """The hints, one a click: first the puzzle's themes as a card player names them,
    then why the best move is best, in the hint's words, without the move."""
    themes = [theme_name(t, lang) for t in record.get("themes", []) if t != "stock_play"]
    out = [tr(lang, "stock.hint_themes", themes=", ".join(themes))] if themes else []
    faces = _answer_faces(record)
    lines = [line for r in record["why"]
             if (line := _hint_line(stock_bank.reason_from_json(r), faces, lang))]
    if lines:
        out.append("; ".join(lines))
    return [line[:1].upper() + line[1:] for line in out]
