"""A picture of the table during a two-handed deal: who sits where, the stock lying
across the turn-up, the trick being played, the melds face up in front of each
player and the tricks won face down beside them. Drawn from the card pictures of
:mod:`engine.text.svg`; the number of cards in each hand and whether there is a turn-up
are read from the profile. Numbers in the picture point into the legend.
"""

from __future__ import annotations

import re

from engine.rules.profile import Profile, load_profile
from engine.text.svg import HEIGHT, WIDTH, as_img, back_svg, card_svg

W, H = 640, 470          # the picture's viewBox
CARD_W = 44              # a card in the picture
CARD_H = round(CARD_W * HEIGHT / WIDTH)

# The position shown: the opponent led A♦ and you answer 10♦; he has a heart marriage
# on the table, you a bezique; clubs are trumps (the 8♣ turned up).
_OPP_MELD = ("KH#1", "QH#1")
_YOUR_MELD = ("QS#1", "JD#1")
_TRICK = ("AD#1", "TD#2")
_TURN_UP = "8C#1"
_YOUR_HAND = ("AH#2", "TC#1", "KS#2", "9D#1", "7H#1", "JS#1", "8S#2", "QC#2", "9H#2",
              "KD#1", "7S#1", "AC#2", "TS#1")

LEGEND = {
    "en": ("your opponent's hand, hidden from you",
           "his declared meld: face up on the table, but still part of his hand",
           "the tricks he has won, face down",
           "the stock, face down; you draw from the top",
           "the turn-up, face up under the stock: its suit is trumps",
           "the trick being played: the card led and the answer",
           "your declared meld, face up (you may still play its cards)",
           "the tricks you have won, face down",
           "your hand"),
    "ru": ("рука соперника, её карт вы не видите",
           "его объявленная комбинация: открыта на столе, но остаётся частью руки",
           "взятки, которые он взял, рубашкой вверх",
           "колода (прикуп) рубашкой вверх; карты берут сверху",
           "открытый козырь под колодой: его масть — козыри",
           "разыгрываемая взятка: карта хода и ответ",
           "ваша объявленная комбинация, открыта (её карты можно играть)",
           "ваши взятки, рубашкой вверх",
           "ваша рука"),
}
_ALT = {"en": "The table during a deal of two-handed bezique",
        "ru": "Стол во время сдачи безика вдвоём"}
_WHO = {"en": ("Opponent", "You"), "ru": ("Соперник", "Вы")}
_BACK = {"en": "face-down card", "ru": "карта рубашкой вверх"}   # a hidden card's title


def _inner(svg: str) -> str:
    """A card picture without its outer <svg> tag, to be placed inside the table."""
    return re.sub(r"^<svg[^>]*>", "", svg)[: -len("</svg>")]


def _card(token: str | None, x: float, y: float, lang: str, rotate: bool = False) -> str:
    face = _inner(back_svg(CARD_W, label=_BACK[lang]) if token is None else
                  card_svg(token, width=CARD_W, lang=lang, copy_mark=False))
    scale = CARD_W / WIDTH
    turn = f" rotate(90 {WIDTH / 2} {HEIGHT / 2})" if rotate else ""
    return f'<g transform="translate({x:.0f} {y:.0f}) scale({scale:.3f}){turn}">{face}</g>'


def _mark(number: int, x: float, y: float) -> str:
    return (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="11" fill="#fde68a" stroke="#92400e"/>'
            f'<text x="{x:.0f}" y="{y + 4:.0f}" font-size="13" font-family="sans-serif" '
            f'font-weight="bold" text-anchor="middle" fill="#111827">{number}</text>')


def _label(text: str, x: float, y: float) -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="14" font-family="sans-serif" '
            f'fill="#ecfdf5" font-weight="bold">{text}</text>')


def table_svg(profile: Profile | None = None, lang: str = "en") -> str:
    """The table as one SVG picture (see the module text)."""
    p = profile or load_profile("two-handed")
    lang = "ru" if lang == "ru" else "en"
    # the hand holds hand_size cards: those on the table as melds count, the one
    # played to the trick has left it
    held = max(1, p.hand_size - len(_YOUR_MELD) - 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
             f'width="{W}" height="{H}" role="img"><title>{_ALT[lang]}</title>',
             f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="24" fill="#166534" '
             f'stroke="#14532d" stroke-width="2"/>']
    them, you = _WHO[lang]
    step = 26
    left = (W - (held - 1) * step - CARD_W) / 2
    # 1: the opponent's hand
    parts += [_card(None, left + i * step, 14, lang) for i in range(held)]
    parts += [_label(them, 24, 40), _mark(1, left - 18, 40)]
    # 2: his meld, 3: his tricks
    parts += [_card(t, 250 + i * 50, 100, lang) for i, t in enumerate(_OPP_MELD)]
    parts.append(_mark(2, 236, 126))
    parts += [_card(None, 520 + i * 3, 100 - i * 3, lang) for i in range(4)]
    parts.append(_mark(3, 506, 126))
    # 4: the stock across 5: the turn-up
    if p.turn_up:
        parts.append(_card(_TURN_UP, 112, 208, lang, rotate=True))
        parts.append(_mark(5, 182, 262))
    parts += [_card(None, 70 + i * 2, 200 - i * 2, lang) for i in range(6)]
    parts.append(_mark(4, 56, 200))
    # 6: the trick
    parts += [_card(_TRICK[0], 290, 195, lang), _card(_TRICK[1], 320, 215, lang)]
    parts.append(_mark(6, 276, 195))
    # 7: your meld, 8: your tricks
    parts += [_card(t, 250 + i * 50, 300, lang) for i, t in enumerate(_YOUR_MELD)]
    parts.append(_mark(7, 236, 326))
    parts += [_card(None, 520 + i * 3, 300 - i * 3, lang) for i in range(3)]
    parts.append(_mark(8, 506, 326))
    # 9: your hand
    hand = (_YOUR_HAND * 2)[:held]
    parts += [_card(t, left + i * step, 390, lang) for i, t in enumerate(hand)]
    parts += [_label(you, 24, 430), _mark(9, left - 18, 416)]
    parts.append("</svg>")
    return "".join(parts)


def legend(profile: Profile | None = None, lang: str = "en") -> list[str]:
    """The legend's lines, numbered as in the picture (no turn-up line where the
    variant has none)."""
    p = profile or load_profile("two-handed")
    lines = LEGEND["ru" if lang == "ru" else "en"]
    return [f"{i}. {text}" for i, text in enumerate(lines, 1) if p.turn_up or i != 5]


def table_diagram_markdown(profile: Profile | None = None, lang: str = "en") -> str:
    """The picture as an ``<img>`` (it survives Markdown sanitizers) and its legend."""
    img = as_img(table_svg(profile, lang), _ALT["ru" if lang == "ru" else "en"], W,
                 "bz-table")
    return img + "\n\n" + "\n".join(legend(profile, lang)) + "\n"
