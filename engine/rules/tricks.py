"""Pure trick rules on card ids: who wins a trick, which cards may follow.

Kinds are ``suit * 8 + rank`` with ranks in trick order, so within a suit the
higher kind wins. These helpers are shared by the deal state machine, the
solver and the bots, so there is one source of trick legality.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.notation.cards import JOKER_MIN_ID
from engine.rules.profile import PlayoffRules

BRISQUE_RANKS = (6, 7)  # ten, ace


def suit_of(card_id: int) -> int:
    return (card_id % 32) // 8


def rank_of(card_id: int) -> int:
    return card_id % 8


def is_brisque(card_id: int) -> bool:
    return card_id % 8 >= 6


def is_trump_seven(card_id: int, trump: int | None, rank: int) -> bool:
    """The card exchanged for the turn-up: the seven of trumps (the nine in 004's
    18-card game: ``rank`` is ``dix.card_rank``). Jokers never are."""
    return trump is not None and card_id < JOKER_MIN_ID and card_id % 32 == trump * 8 + rank


def beats(lead: int, follow: int, trump: int | None) -> bool:
    """True when ``follow`` beats ``lead``. Identical cards: the lead wins. A joker
    (004's 18-card game; our reading of its l.59) never covers and any card covers it."""
    if follow >= JOKER_MIN_ID:
        return False
    if lead >= JOKER_MIN_ID:
        return True
    lead_suit, follow_suit = suit_of(lead), suit_of(follow)
    if follow_suit == lead_suit:
        return rank_of(follow) > rank_of(lead)
    return follow_suit == trump


def trick_winner(lead: int, follow: int, trump: int | None) -> int:
    """0 if the leader wins, 1 if the follower wins."""
    return 1 if beats(lead, follow, trump) else 0


def trick_best(cards: Sequence[int], trump: int | None) -> int:
    """Index of the card winning the trick so far (first of identical cards wins)."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[best], cards[index], trump):
            best = index
    return best


def playoff_legal(
    hand: Iterable[int], lead: int, trump: int | None, rules: PlayoffRules,
    best: int | None = None,
) -> list[int]:
    """Cards of ``hand`` that may follow ``lead`` in the play-off.

    Follow suit and beat if possible; if void, trump if possible; else any card.
    With more than two players ``best`` is the card winning so far: following
    suit must beat it when it is of the led suit, and a trump must beat it
    when it is a trump and the hand can.
    """
    cards = list(hand)
    lead_suit = suit_of(lead)
    if best is None:
        best = lead
    same = [c for c in cards if suit_of(c) == lead_suit]
    if same and rules.follow_suit:
        if rules.must_win:
            winners = [c for c in same if beats(best, c, trump)]
            if winners:
                return winners
        return same
    if rules.must_trump and trump is not None and lead_suit != trump:
        trumps = [c for c in cards if suit_of(c) == trump]
        if trumps:
            if rules.must_win:
                winners = [c for c in trumps if beats(best, c, trump)]
                if winners:
                    return winners
            return trumps
    return cards


def playoff_obligation(
    hand: Sequence[int], lead: int, trump: int | None, rules: PlayoffRules,
    best: int | None = None,
) -> str:
    """The rule id that limits the follower's choice, or ``""`` when free."""
    lead_suit = suit_of(lead)
    if best is None:
        best = lead
    same = [c for c in hand if suit_of(c) == lead_suit]
    if same and rules.follow_suit:
        if rules.must_win and any(beats(best, c, trump) for c in same):
            return "playoff.must_win"
        return "playoff.follow_suit"
    if rules.must_trump and trump is not None and any(suit_of(c) == trump for c in hand):
        return "playoff.must_trump"
    return ""
