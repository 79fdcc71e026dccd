"""The card table as HTML (pure functions, no streamlit): the opponent's hand face
down, both players' exposed combinations, the stock and turn-up, the trick.

    >>> import random
    >>> from engine.deal import Deal
    >>> from engine.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(7), dealer=0)
    >>> html = table_html(deal, human=0, t=lambda key, **kw: key)
    >>> html.count('class="bz-back"') >= 8      # the opponent's concealed hand
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from engine.cards import Card, Suit
from engine.deal import Deal
from engine.melds import display_order
from engine.svg import as_img, back_img, card_img, suit_svg

Translate = Callable[..., str]

_STYLE = """
<style>
.bz-table{background:#14532d;border-radius:14px;padding:12px 16px;color:#f9fafb;
  font-family:system-ui,sans-serif;font-size:14px}
.bz-table .bz-zone{display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap;margin:6px 0}
.bz-table .bz-box{background:rgba(255,255,255,.07);border-radius:10px;padding:6px 10px}
.bz-table .bz-label{font-size:12px;color:#d1fae5;margin-bottom:4px;white-space:nowrap}
.bz-table .bz-cards{display:flex;gap:4px;align-items:flex-end;min-height:40px}
.bz-table .bz-fan span{margin-right:-30px}
.bz-table .bz-fan span:last-child{margin-right:0}
.bz-table .bz-big{font-size:22px;font-weight:700}
.bz-table .bz-empty{color:#a7f3d0;font-style:italic;font-size:12px;padding:10px 0}
</style>
"""


def _cards(cards: Iterable[int], width: int, four_colour: bool,
           highlight: int | None = None) -> str:
    items = sorted(cards, key=display_order)
    marks = {c: "#f59e0b" if c == highlight else "" for c in items}
    return "".join(f"<span>{card_img(c, width=width, four_colour=four_colour, highlight=marks[c])}"
                   "</span>" for c in items)


def _box(label: str, body: str, extra_class: str = "") -> str:
    return (f'<div class="bz-box"><div class="bz-label">{escape(label)}</div>'
            f'<div class="bz-cards {extra_class}">{body}</div></div>')


def table_html(deal: Deal, human: int, t: Translate, *, four_colour: bool = False,
               show_opponent: bool = False, names: tuple[str, str] | None = None,
               width: int = 56) -> str:
    """The whole table seen by ``human``. ``show_opponent`` turns the concealed hand up
    (for replays and the play-off, where it is known)."""
    opp = 1 - human
    you_name, opp_name = names or (t("table.you"), t("table.opponent"))
    concealed = sorted(deal.hands[opp], key=display_order)
    if show_opponent:
        opp_hand = _cards(concealed, width, four_colour)
    else:
        opp_hand = "".join(f"<span>{back_img(width, t('table.face_down'))}</span>"
                           for _ in concealed)
    empty = f'<div class="bz-empty">{escape(t("table.nothing"))}</div>'
    opp_table = _cards(deal.tables[opp], width, four_colour) or empty
    top = (_box(t("table.concealed", name=opp_name, count=len(concealed)),
                opp_hand or empty, "" if show_opponent else "bz-fan")
           + _box(t("table.exposed", name=opp_name), opp_table))
    # the centre: stock, turn-up, trump, trick
    if deal.stock_count:
        stock = (f"<span>{back_img(width, t('table.stock_label'))}</span>"
                 f'<span class="bz-big">&nbsp;{deal.stock_count}</span>')
    else:
        stock = f'<div class="bz-empty">{escape(t("table.stock_empty"))}</div>'
    turn_up = (_cards([deal.turn_up], width, four_colour) if deal.turn_up is not None
               else f'<div class="bz-empty">{escape(t("table.turn_up_taken"))}</div>')
    trump = ""
    if deal.trump is not None:
        suit = Suit(deal.trump)
        trump = (f'<span style="display:inline-flex;align-items:center;gap:6px">'
                 f"{as_img(suit_svg(suit, 30, four_colour), suit.symbol, 30)}"
                 f'<span class="bz-big">{escape(t("suit." + suit.letter))}</span></span>')
    else:
        trump = f'<div class="bz-empty">{escape(t("table.no_trump"))}</div>'
    trick_cards = "".join(
        f"<span>{card_img(c, width=width + 8, four_colour=four_colour)}</span>"
        for c in deal.trick)
    if deal.trick:
        who = you_name if deal.leader == human else opp_name
        trick_label = t("table.trick_led", name=who)
    else:
        trick_label = t("table.trick")
    middle = (_box(t("table.stock"), stock)
              + _box(t("table.turn_up"), turn_up)
              + _box(t("table.trump"), trump)
              + _box(trick_label, trick_cards or empty))
    mine = _cards(deal.tables[human], width, four_colour) or empty
    bottom = _box(t("table.exposed", name=you_name), mine)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{top}</div>'
            f'<div class="bz-zone">{middle}</div>'
            f'<div class="bz-zone">{bottom}</div></div>')


def cards_row_html(cards: Iterable[int | Card], *, four_colour: bool = False,
                   width: int = 48) -> str:
    """A plain row of card pictures (explanations, the explainer)."""
    items = "".join(f"<span>{card_img(c, width=width, four_colour=four_colour)}</span>"
                    for c in cards)
    return f'<div style="display:flex;gap:3px;flex-wrap:wrap;margin:2px 0">{items}</div>'
