"""Actions a player can take in a deal, with a string form that round-trips.

    >>> a = Action.parse("declare trump_marriage KD#1 QD#2")
    >>> str(a), a == Action.parse(str(a))
    ('declare trump_marriage KD#1 QD#2', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import NotationError
from engine.notation.cards import Card, parse_card


class ActionType(StrEnum):
    PLAY = "play"              # play a card to the trick
    DECLARE = "declare"        # expose and score a meld now
    ANNOUNCE = "announce"      # Cady: expose an extra meld that waits to be scored
    SCORE_PENDING = "score"    # score a meld announced earlier
    SHOW_SEVEN = "show"        # show a seven of trumps (dix)
    EXCHANGE_SEVEN = "exchange"  # exchange a seven of trumps for the turn-up
    DRAW = "draw"              # finish declaring; both players draw
    CARTE_BLANCHE = "blanche"  # claim carte blanche: a hand with no king, queen or jack
    PARTNER = "partner"        # the trick winner lets the partner declare instead


_WITH_MELD = {ActionType.DECLARE, ActionType.ANNOUNCE, ActionType.SCORE_PENDING}
_ONE_CARD = {ActionType.PLAY, ActionType.SHOW_SEVEN, ActionType.EXCHANGE_SEVEN}


@dataclass(frozen=True, slots=True)
class Action:
    type: ActionType
    cards: tuple[int, ...] = ()
    meld: str = ""

    @classmethod
    def play(cls, card: int) -> Action:
        if 0 <= card < len(_PLAYS):
            return _PLAYS[card]
        return cls(ActionType.PLAY, (card,))

    @classmethod
    def declare(cls, meld: str, cards: tuple[int, ...]) -> Action:
        return cls(ActionType.DECLARE, tuple(sorted(cards)), meld)

    @property
    def card(self) -> int:
        return self.cards[0]

    def __str__(self) -> str:
        parts = [self.type.value]
        if self.meld:
            parts.append(self.meld)
        parts.extend(str(Card.from_id(c)) for c in self.cards)
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Action:
        if not isinstance(text, str) or len(text) > 300:
            raise NotationError("an action must be a short string such as 'play QS#1'")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        try:
            kind = ActionType(words[0].lower())
        except ValueError:
            names = ", ".join(t.value for t in ActionType)
            raise NotationError(f"unknown action {words[0]!r}; expected one of {names}") from None
        rest = words[1:]
        meld = ""
        if kind in _WITH_MELD:
            if not rest:
                raise NotationError(f"{kind.value!r} needs a meld name and its cards")
            meld, rest = rest[0], rest[1:]
        cards = tuple(parse_card(token).id for token in rest)
        if kind in _ONE_CARD and len(cards) != 1:
            raise NotationError(f"{kind.value!r} takes exactly one card")
        if kind in (ActionType.DRAW, ActionType.CARTE_BLANCHE, ActionType.PARTNER) and cards:
            raise NotationError(f"{kind.value!r} takes no cards")
        if kind in _WITH_MELD and not cards:
            raise NotationError(f"{kind.value!r} needs the meld's cards")
        if kind in _WITH_MELD:
            cards = tuple(sorted(cards))
        return cls(kind, cards, meld)


def well_formed(action: object) -> bool:
    """The shape :meth:`Action.parse` guarantees: an :class:`ActionType`, the right
    number of card ids and a meld name exactly for the actions that take one.
    Hand-built actions may lack it. Types are exact, not subclasses or look-alikes:
    ``"play"`` and ``3.0`` compare equal to ``ActionType.PLAY`` and ``3``."""
    if type(action) is not Action or type(action.type) is not ActionType:
        return False
    cards, meld = action.cards, action.meld
    if type(cards) is not tuple or type(meld) is not str or not all(
            type(c) is int and c >= 0 for c in cards):
        return False
    if action.type in _ONE_CARD:
        return len(cards) == 1 and not meld
    if action.type in _WITH_MELD:
        return bool(cards) and bool(meld)
    return not cards and not meld


# Actions are immutable, so the plays of up to eight packs are made once.
_PLAYS: tuple[Action, ...] = ()
_PLAYS = tuple(Action(ActionType.PLAY, (card,)) for card in range(8 * 32))
