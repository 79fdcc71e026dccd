"""Cards, suits, ranks and their notation.

Terminology
-----------
* A *kind* is a rank and suit (``QS``); a multi-pack game holds several
  *copies* of each kind, numbered from 1 (``QS#1``, ``QS#2``).
* Inside hot code a card is an ``int`` id: ``(copy - 1) * 32 + suit * 8 + rank``.
  ``kind_of(id) == id % 32``. At the API a card is the frozen :class:`Card`.

Notation accepted by :func:`parse_card` (canonical output is ``QS``, ``TS``, ``QS#2``)::

    >>> parse_card("Q♠"), parse_card("10s"), parse_card("Д♠#2")
    (Card('QS#1'), Card('TS#1'), Card('QS#2'))
    >>> str(parse_card("т♣"))
    'AC#1'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from engine.errors import NotationError

KINDS_PER_PACK = 32
# Jokers (004's «инфузорка», the 18-card game) have no rank or suit. They take the
# slot of the seven of spades at copies no pack reaches (91, 92, ...), so a joker
# is still one int id and never collides with a real card; ``JK#1`` in notation.
JOKER_COPY = 90
JOKER_MIN_ID = JOKER_COPY * KINDS_PER_PACK


def joker_id(number: int) -> int:
    """The id of joker ``number`` (1-based)."""
    return (JOKER_COPY + number - 1) * KINDS_PER_PACK


def is_joker(card_id: int) -> bool:
    return card_id >= JOKER_MIN_ID


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _SUIT_TOKENS.get(text.strip().lower()) if isinstance(text, str) else None
        if suit is None:
            raise NotationError(f"unknown suit {_shown(text)}: use S H D C, ♠ ♥ ♦ ♣ or п ч б т")
        return suit


class Rank(IntEnum):
    """Ranks in trick-taking order: a higher value beats a lower one."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return "789JQKTA"[self]

    @property
    def russian(self) -> str:
        return ("7", "8", "9", "В", "Д", "К", "10", "Т")[self]


_SUIT_TOKENS: dict[str, Suit] = {}
for _suit, _tokens in zip(
    Suit,
    (("s", "♠", "♤", "п"), ("h", "♥", "♡", "ч"), ("d", "♦", "♢", "б"), ("c", "♣", "♧", "т", "к")),
    strict=True,
):
    for _token in _tokens:
        _SUIT_TOKENS[_token] = _suit

_RANK_TOKENS: dict[str, Rank] = {
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "t": Rank.TEN,
    "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE,
    # Russian letters: валет, дама, король, туз.
    "в": Rank.JACK, "д": Rank.QUEEN, "к": Rank.KING, "т": Rank.ACE,
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One physical card: rank, suit and copy number (1-based)."""

    suit: Suit
    rank: Rank
    copy: int = 1

    def __post_init__(self) -> None:
        if self.copy < 1:
            raise NotationError(f"copy number must be 1 or more, not {self.copy}")

    @property
    def id(self) -> int:
        return (self.copy - 1) * KINDS_PER_PACK + self.kind

    @property
    def kind(self) -> int:
        return self.suit * 8 + self.rank

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        if 0 <= card_id < len(_BY_ID):
            return _BY_ID[card_id]
        if card_id < 0:
            raise NotationError(f"card id must be non-negative, not {card_id}")
        copy, kind = divmod(card_id, KINDS_PER_PACK)
        return cls(Suit(kind // 8), Rank(kind % 8), copy + 1)

    @property
    def is_joker(self) -> bool:
        return self.copy > JOKER_COPY

    @property
    def face(self) -> str:
        """Rank and suit without copy mark: ``QS`` (``JK`` for a joker)."""
        if self.copy > JOKER_COPY:
            return "JK"
        return self.rank.letter + self.suit.letter

    @property
    def pretty(self) -> str:
        """Rank and suit symbol with a copy mark, the ten as ``10``: ``Q♠#2``, ``10♦#1``.
        Logs keep the copy mark; prose uses :func:`card_text`."""
        if self.copy > JOKER_COPY:
            return card_text(self, "en", copy=True)
        return f"{card_text(self, 'en')}#{self.copy}"

    def __str__(self) -> str:
        if self.copy > JOKER_COPY:
            return f"JK#{self.copy - JOKER_COPY}"
        return f"{self.face}#{self.copy}"

    def __repr__(self) -> str:
        return f"Card('{self}')"


# Cards are immutable, so the ids of up to eight packs map to shared instances.
_BY_ID: tuple[Card, ...] = ()
_BY_ID = tuple(Card.from_id(i) for i in range(8 * KINDS_PER_PACK))


def _shown(value: object) -> str:
    """``repr`` cut to 40 characters: an error never echoes a huge input back."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def parse_card(token: str, default_copy: int = 1) -> Card:
    """Parse one card token such as ``QS``, ``Q♠``, ``10S``, ``Д♠``, ``QS#2``."""
    if not isinstance(token, str):
        raise NotationError(f"card must be a string, not {type(token).__name__}")
    text = token.strip()
    if not text or len(text) > 12:
        raise NotationError(f"malformed card {_shown(token)}")
    copy = default_copy
    head = text.partition("#")[0].strip().lower()
    if head in _JOKER_TOKENS:
        number = 1
        if "#" in text:
            tail = text.partition("#")[2]
            if not (tail.isascii() and tail.isdigit()) or not 1 <= int(tail) <= 9:
                raise NotationError(f"malformed joker number in {token!r}")
            number = int(tail)
        elif default_copy <= 9:
            number = default_copy
        return Card(Suit.SPADES, Rank.SEVEN, JOKER_COPY + number)
    if "#" in text:
        text, _, copy_text = text.partition("#")
        # ASCII digits only: str.isdigit() is also true for "²" or "١", which int()
        # refuses or reads as another number.
        if not (copy_text.isascii() and copy_text.isdigit()) or not 1 <= int(copy_text) <= 99:
            raise NotationError(f"malformed copy number in card {token!r}")
        copy = int(copy_text)
    if len(text) < 2:
        raise NotationError(f"malformed card {token!r}: expected rank then suit, e.g. QS")
    rank = _RANK_TOKENS.get(text[:-1].lower())
    suit = _SUIT_TOKENS.get(text[-1].lower())
    if rank is None:
        raise NotationError(f"unknown rank {text[:-1]!r} in card {token!r}")
    if suit is None:
        raise NotationError(f"unknown suit {text[-1]!r} in card {token!r}")
    return Card(suit, rank, copy)


def parse_cards(tokens: Iterable[str] | str) -> list[Card]:
    """Parse a list of tokens, or one string of tokens separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    elif not isinstance(tokens, Iterable) or isinstance(tokens, (bytes, dict)):
        raise NotationError(f"cards must be a string or a list, not {type(tokens).__name__}")
    return [parse_card(token) for token in tokens]


_JOKER_TOKENS = frozenset({"jk", "joker", "инф", "инфузорка", "дж"})


def parse_kind(token: str) -> int:
    """Parse a card ignoring any copy mark and return its kind (0..31)."""
    return parse_card(token).kind


def kind_face(kind: int) -> str:
    return _FACES[kind] if 0 <= kind < KINDS_PER_PACK else Rank(kind % 8).letter + Suit(
        kind // 8).letter


_FACES = tuple(Rank(k % 8).letter + Suit(k // 8).letter for k in range(KINDS_PER_PACK))


def full_pack(packs: int) -> list[Card]:
    """Every physical card of ``packs`` piquet packs, ids ascending."""
    return [Card.from_id(i) for i in range(packs * KINDS_PER_PACK)]


def copies_in_question(cards: Iterable[Card | int]) -> frozenset[int]:
    """The ids among ``cards`` (shown together: a hand, a player's exposed cards, a
    question) whose copy mark matters: those of a kind shown more than once, where
    "which Q♠" decides what may be declared again. Elsewhere the mark is noise to a
    learner. The one rule for copy marks, in text (:func:`card_text`) and pictures."""
    ids = [c.id if isinstance(c, Card) else c for c in cards]
    def kind(card: int) -> int:   # jokers (004) are all alike: never marked
        return card if card >= JOKER_MIN_ID else card % KINDS_PER_PACK

    seen: dict[int, int] = {}
    for card in ids:
        seen[kind(card)] = seen.get(kind(card), 0) + 1
    return frozenset(c for c in ids if seen[kind(c)] > 1)


def play_among(card: int, concealed: Iterable[int], exposed: Iterable[int]) -> frozenset[int]:
    """The cards a played ``card`` is read among (``among`` of :func:`card_text`): a card
    from the concealed hand is told from a twin only where that twin is exposed (it may
    have scored in a meld), an exposed card from any twin; two concealed twins play alike,
    so "play 9♣" needs no mark."""
    shown = set(exposed)
    return frozenset(shown | (set(concealed) if card in shown else set()) | {card})


def card_text(card: Card | int | str, lang: str = "en", copy: bool = False,
              among: Iterable[Card | int | str] | None = None) -> str:
    """A card as a person reads it, the one display form for prose: ``10♠`` (never
    ``T♠``), ``Д♠`` in Russian (Т К Д В), a joker by its name: ``joker``, ``инфузорка``.
    The copy mark (``#2``) only when ``copy``, or, given the cards shown with it
    (``among``), when :func:`copies_in_question` says it matters: only where both
    copies of a card are in question.

        >>> card_text("QS#2", among=["QS#2", "KS#1"]), card_text("QS#2", among=["QS#2", "QS#1"])
        ('Q♠', 'Q♠#2')
    """
    if isinstance(card, str):
        card = parse_card(card)
    if isinstance(card, int):
        card = Card.from_id(card)
    if among is not None:
        group = [parse_card(c) if isinstance(c, str) else c for c in among]
        copy = card.id in copies_in_question(group)
    if card.copy > JOKER_COPY:   # a joker is read by its name, never "Jk" (machine notation)
        word = "инфузорка" if lang == "ru" else "joker"
        return word + (f"#{card.copy - JOKER_COPY}" if copy else "")
    if lang == "ru":
        rank = card.rank.russian
    else:
        rank = "10" if card.rank == Rank.TEN else card.rank.letter
    return rank + card.suit.symbol + (f"#{card.copy}" if copy else "")


def cards_text(tokens: str, lang: str = "en", copy: bool = False,
               among: Iterable[Card | int | str] | None = None) -> str:
    """Rewrite a space-separated list of card tokens (``K♦#1 Q♦#2``) for prose;
    text that is not a list of cards comes back unchanged. ``among``: the cards read
    with these (:func:`card_text`), which decide where a copy mark matters."""
    words = tokens.split()
    try:
        cards = [parse_card(word) for word in words]
    except NotationError:
        return tokens
    if not cards:
        return tokens
    return " ".join(card_text(c, lang, copy, among=among) for c in cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
