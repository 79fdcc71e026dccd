"""Card pictures as SVG strings: pure functions, no UI library.

Every card is drawn by the project from vector paths (no fonts are needed for
the suit symbols). Identical cards of a multi-pack game are told apart by a
copy mark (``#1``, ``#2``) in the lower corner.

    >>> svg = card_svg(Card.from_id(4))           # Q♠#1
    >>> svg.startswith("<svg") and "#1" in svg and 'data-card="QS#1"' in svg
    True
    >>> "#1d4ed8" in card_svg(parse_card("AD"), four_colour=True)   # diamonds blue
    True

Terminology: the *four-colour* pack prints spades black, hearts red, diamonds
blue and clubs green, so the suits cannot be confused at a glance.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from html import escape

from engine.notation.cards import JOKER_COPY, Card, Rank, Suit, card_text, parse_card

__all__ = ["as_img", "back_img", "back_svg", "card_img", "card_svg", "hand_svg", "suit_colour",
           "suit_svg"]

WIDTH, HEIGHT = 100, 140  # the viewBox of every card

_TWO_COLOUR = ("#111827", "#c81e1e", "#c81e1e", "#111827")
_FOUR_COLOUR = ("#111827", "#c81e1e", "#1d4ed8", "#15803d")

# Suit shapes drawn in a 100 x 100 box.
_SUIT_SHAPES = (
    # spades
    '<path d="M50 2 C58 20 100 40 100 64 C100 80 88 88 76 88 C66 88 58 83 54 76 '
    'C56 86 61 94 70 100 L30 100 C39 94 44 86 46 76 C42 83 34 88 24 88 '
    'C12 88 0 80 0 64 C0 40 42 20 50 2 Z"/>',
    # hearts
    '<path d="M50 96 C22 70 0 52 0 30 C0 12 14 2 28 2 C40 2 47 10 50 20 '
    'C53 10 60 2 72 2 C86 2 100 12 100 30 C100 52 78 70 50 96 Z"/>',
    # diamonds
    '<path d="M50 0 L90 50 L50 100 L10 50 Z"/>',
    # clubs
    '<circle cx="50" cy="27" r="23"/><circle cx="24" cy="60" r="23"/>'
    '<circle cx="76" cy="60" r="23"/>'
    '<path d="M45 55 C45 78 40 91 30 100 L70 100 C60 91 55 78 55 55 Z"/>',
)

_RANK_TEXT = {Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.JACK: "J",
              Rank.QUEEN: "Q", Rank.KING: "K", Rank.TEN: "10", Rank.ACE: "A"}

# Pip centres for the number cards, in the 100 x 140 card.
_PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.SEVEN: ((37, 36), (63, 36), (50, 53), (37, 70), (63, 70), (37, 104), (63, 104)),
    Rank.EIGHT: ((37, 36), (63, 36), (50, 53), (37, 70), (63, 70), (50, 87), (37, 104),
                 (63, 104)),
    Rank.NINE: ((37, 34), (63, 34), (37, 57), (63, 57), (50, 70), (37, 83), (63, 83),
                (37, 106), (63, 106)),
    Rank.TEN: ((37, 34), (63, 34), (50, 46), (37, 57), (63, 57), (37, 83), (63, 83),
               (50, 94), (37, 106), (63, 106)),
}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink of a suit: two-colour (red/black) or four-colour."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def _suit_at(suit: Suit, x: float, y: float, size: float, colour: str,
             flip: bool = False) -> str:
    scale = size / 100
    rotate = f" rotate(180 {50} {50})" if flip else ""
    return (f'<g transform="translate({x - size / 2:.1f} {y - size / 2:.1f}) '
            f'scale({scale:.3f}){rotate}" fill="{colour}">{_SUIT_SHAPES[suit]}</g>')


def suit_svg(suit: Suit, size: int = 16, four_colour: bool = False) -> str:
    """A suit symbol alone, e.g. to show the trump suit."""
    colour = suit_colour(suit, four_colour)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" '
            f'height="{size}" role="img" aria-label="{suit.name.lower()}">'
            f'<g fill="{colour}">{_SUIT_SHAPES[suit]}</g></svg>')


def card_svg(card: Card | int | str, *, width: int = 72, four_colour: bool = False,
             copy_mark: bool = True, highlight: str = "", dim: bool = False,
             title: str = "", lang: str = "en") -> str:
    """One card face. ``card`` is a :class:`Card`, a card id or a token (``"QS#2"``).

    ``highlight`` is a border colour (e.g. for the hinted card or a trump);
    ``dim`` greys the card out (e.g. a card that may not be played now);
    ``lang="ru"`` prints the Russian rank letters (Т К Д В), as the Russian text does.
    """
    if isinstance(card, int):
        card = Card.from_id(card)
    elif isinstance(card, str):
        card = parse_card(card)
    if card.is_joker:
        return _joker_svg(card, width, highlight, dim, title, lang, copy_mark)
    colour = suit_colour(card.suit, four_colour)
    # Russian pictures carry Т К Д В, as Russian text does.
    rank = card.rank.russian if lang == "ru" else _RANK_TEXT[card.rank]
    height = round(width * HEIGHT / WIDTH)
    label = escape(title or card_text(card, lang, copy=copy_mark))
    border = highlight or "#9ca3af"
    stroke = 5 if highlight else 1.5
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{width}" height="{height}" role="img" aria-label="{label}" '
        f'data-card="{card}" class="bz-card">',
        f"<title>{label}</title>",
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" stroke="{border}" '
        f'stroke-width="{stroke}"/>',
        # corner indices
        f'<text x="{8 if rank != "10" else 5}" y="25" font-family="Arial, Helvetica, sans-serif" '
        f'font-weight="700" font-size="{22 if rank != "10" else 19}" fill="{colour}">{rank}</text>',
        _suit_at(card.suit, 15, 37, 15, colour),
        f'<g transform="rotate(180 50 70)"><text x="{8 if rank != "10" else 5}" y="25" '
        f'font-family="Arial, Helvetica, sans-serif" font-weight="700" '
        f'font-size="{22 if rank != "10" else 19}" fill="{colour}">{rank}</text>'
        f'{_suit_at(card.suit, 15, 37, 15, colour)}</g>',
    ]
    if card.rank in _PIPS:
        for x, y in _PIPS[card.rank]:
            parts.append(_suit_at(card.suit, x, y, 16, colour, flip=y > 72))
    elif card.rank == Rank.ACE:
        parts.append(_suit_at(card.suit, 50, 70, 46, colour))
    else:  # court cards: a framed letter and suit
        parts.append(f'<rect x="24" y="30" width="52" height="80" rx="4" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="50" y="72" text-anchor="middle" '
                     f'font-family="Georgia, serif" font-weight="700" font-size="38" '
                     f'fill="{colour}">{rank}</text>')
        parts.append(_suit_at(card.suit, 50, 92, 22, colour))
    if copy_mark:
        # Bottom left: the strip of a card that stays in view when a hand is fanned.
        parts.append(f'<rect x="4" y="115" width="32" height="21" rx="5" fill="#f3f4f6" '
                     f'stroke="#9ca3af" stroke-width="1"/>'
                     f'<text x="20" y="131" text-anchor="middle" '
                     f'font-family="Arial, Helvetica, sans-serif" font-size="15" '
                     f'font-weight="700" fill="#374151">#{card.copy}</text>')
    if dim:
        parts.append('<rect x="2" y="2" width="96" height="136" rx="9" fill="#9ca3af" '
                     'fill-opacity="0.45"/>')
    parts.append("</svg>")
    return "".join(parts)


def _joker_svg(card: Card, width: int, highlight: str, dim: bool, title: str,
               lang: str, copy_mark: bool = True) -> str:
    """A joker (004's «инфузорка»): no rank, no suit; a star and its name, and its
    copy mark only when asked (two jokers side by side), as for the other cards."""
    height = round(width * HEIGHT / WIDTH)
    label = escape(title or card_text(card, lang, copy=copy_mark))
    mark = (f'<text x="10" y="22" font-family="Arial, Helvetica, sans-serif" font-size="14" '
            f'fill="#374151">#{card.copy - JOKER_COPY}</text>') if copy_mark else ""
    # the card's name in full (never the short «Инф»), squeezed to the card's width
    word, size, fit = ("ИНФУЗОРКА", 13, ' textLength="84" lengthAdjust="spacingAndGlyphs"') \
        if lang == "ru" else ("JOKER", 15, "")
    border, stroke = highlight or "#9ca3af", 5 if highlight else 1.5
    shade = ('<rect x="2" y="2" width="96" height="136" rx="9" fill="#9ca3af" '
             'fill-opacity="0.45"/>') if dim else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{width}" height="{height}" role="img" aria-label="{label}" '
            f'data-card="{card}" class="bz-card"><title>{label}</title>'
            f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" '
            f'stroke="{border}" stroke-width="{stroke}"/>'
            f'<text x="50" y="80" text-anchor="middle" font-size="44" fill="#7c3aed">★</text>'
            f'<text x="50" y="118" text-anchor="middle" font-family="Arial, Helvetica, '
            f'sans-serif" font-weight="700" font-size="{size}"{fit} fill="#7c3aed">{word}</text>'
            f'{mark}{shade}</svg>')


def back_svg(width: int = 72, label: str = "face-down card") -> str:
    """The back of a card (the opponent's concealed hand, the stock)."""
    height = round(width * HEIGHT / WIDTH)
    lines = "".join(f'<line x1="{x}" y1="10" x2="{x - 60}" y2="130" stroke="#93c5fd" '
                    f'stroke-width="2"/>' for x in range(20, 160, 12))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}" '
            f'class="bz-back"><title>{escape(label)}</title>'
            f'<clipPath id="bzclip"><rect x="9" y="9" width="82" height="122" rx="5"/>'
            f'</clipPath>'
            f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#1e3a8a" stroke="#9ca3af" '
            f'stroke-width="1.5"/><g clip-path="url(#bzclip)">{lines}</g>'
            f'<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#bfdbfe" '
            f'stroke-width="2"/></svg>')


def hand_svg(cards: Iterable[Card | int], *, width: int = 60, four_colour: bool = False,
             overlap: float = 0.0, face_down: bool = False) -> str:
    """A row of cards as one HTML snippet (flex row of SVGs)."""
    items = [back_svg(width) if face_down else card_svg(c, width=width, four_colour=four_colour)
             for c in cards]
    margin = f"margin-right:-{int(width * overlap)}px;" if overlap else ""
    inner = "".join(f'<span style="display:inline-block;{margin}">{svg}</span>'
                    for svg in items)
    return f'<div class="bz-row" style="display:flex;flex-wrap:wrap;gap:4px">{inner}</div>'


def as_img(svg: str, alt: str, width: int | None = None, css_class: str = "") -> str:
    """An SVG as an ``<img>`` with a data URI: survives HTML sanitizers, keeps ``alt``."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    size = f' width="{width}"' if width else ""
    cls = f' class="{css_class}"' if css_class else ""
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}"{size}{cls}/>'


def card_img(card: Card | int | str, *, width: int = 72, four_colour: bool = False,
             highlight: str = "", dim: bool = False, lang: str = "en",
             copy_mark: bool = True, alt: str = "") -> str:
    """:func:`card_svg` as an ``<img>`` whose ``alt`` is the card (``Q♠#2``)."""
    if isinstance(card, int):
        card = Card.from_id(card)
    elif isinstance(card, str):
        card = parse_card(card)
    svg = card_svg(card, width=width, four_colour=four_colour, highlight=highlight, dim=dim,
                   lang=lang, copy_mark=copy_mark, title=alt)
    return as_img(svg, alt or card.pretty, width, "bz-card")


def back_img(width: int = 72, label: str = "face-down card") -> str:
    return as_img(back_svg(width, label), label, width, "bz-back")
