"""The card table as HTML (pure functions, no streamlit): the other hands face
down, every player's exposed combinations, the stock and turn-up, the trick with
who played each card. Four-handed: partner opposite, opponents left and right.

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
.bz-table .bz-who{font-size:11px;color:#fde68a;white-space:nowrap}
.bz-table .bz-note{font-size:11px;color:#fde68a;margin-top:2px}
.bz-table .bz-four{display:grid;grid-template-columns:1fr auto 1fr;gap:12px;
  align-items:start;margin:6px 0}
.bz-table .bz-side{display:flex;flex-direction:column;gap:6px;min-width:0}
.bz-table .bz-side .bz-cards{flex-wrap:wrap}
.bz-table .bz-side .bz-label{white-space:normal}
.bz-table .bz-mid{display:flex;justify-content:center}
</style>
"""


def _cards(cards: Iterable[int], width: int, four_colour: bool,
           highlight: int | None = None) -> str:
    items = sorted(cards, key=display_order)
    marks = {c: "#f59e0b" if c == highlight else "" for c in items}
    return "".join(f"<span>{card_img(c, width=width, four_colour=four_colour, highlight=marks[c])}"
                   "</span>" for c in items)


def _box(label: str, body: str, extra_class: str = "", note: str = "") -> str:
    tail = f'<div class="bz-note">{escape(note)}</div>' if note else ""
    return (f'<div class="bz-box"><div class="bz-label">{escape(label)}</div>'
            f'<div class="bz-cards {extra_class}">{body}</div>{tail}</div>')


def _hand(deal: Deal, player: int, name: str, t: Translate, width: int, four_colour: bool,
          face_up: bool) -> str:
    """A player's concealed hand: face down, except cards everyone has seen (a carte
    blanche shows the whole hand) or all of it when ``face_up``."""
    concealed = sorted(deal.hands[player], key=display_order)
    shown = [c for c in concealed if c in deal.revealed[player]]
    if face_up:
        body, fan = _cards(concealed, width, four_colour), ""
    else:
        body = _cards(shown, width, four_colour) + "".join(
            f"<span>{back_img(width, t('table.face_down'))}</span>"
            for _ in range(len(concealed) - len(shown)))
        fan = "bz-fan"
    label = t("table.concealed", name=name, count=len(concealed))
    if shown and not face_up:
        label += " · " + t("table.shown_blanche", count=len(shown))
    empty = f'<div class="bz-empty">{escape(t("table.nothing"))}</div>'
    return _box(label, body or empty, fan)


def _exposed(deal: Deal, player: int, name: str, t: Translate, width: int,
             four_colour: bool) -> str:
    empty = f'<div class="bz-empty">{escape(t("table.nothing"))}</div>'
    return _box(t("table.exposed", name=name), _cards(deal.tables[player], width, four_colour)
                or empty)


def _trick(deal: Deal, seat_names: list[str], t: Translate, width: int,
           four_colour: bool) -> str:
    """The cards of the current trick, each with who played it."""
    n = deal.profile.players
    items = []
    for index, card in enumerate(deal.trick):
        who = seat_names[(deal.leader + index) % n]
        items.append(f'<span style="display:inline-flex;flex-direction:column;'
                     f'align-items:center;gap:2px">'
                     f"{card_img(card, width=width, four_colour=four_colour)}"
                     f'<span class="bz-who">{escape(who)}</span></span>')
    if deal.trick:
        label = t("table.trick_led", name=seat_names[deal.leader])
    else:
        label = t("table.trick")
    empty = f'<div class="bz-empty">{escape(t("table.nothing"))}</div>'
    return _box(label, "".join(items) or empty)


def _centre(deal: Deal, t: Translate, width: int, four_colour: bool) -> str:
    """Stock (with the 24-card marker where the variant has one), turn-up, trumps."""
    profile = deal.profile
    if deal.stock_count:
        stock = (f"<span>{back_img(width, t('table.stock_label'))}</span>"
                 f'<span class="bz-big">&nbsp;{deal.stock_count}</span>')
    else:
        stock = f'<div class="bz-empty">{escape(t("table.stock_empty"))}</div>'
    stock_label = t("table.stock") if profile.turn_up else t("table.stock_plain")
    note = ""
    if profile.stock_marker and deal.stock_count:
        key = ("table.marker_passed" if deal.stock_count <= profile.stock_marker
               else "table.marker")
        note = t(key, count=profile.stock_marker)
    out = _box(stock_label, stock, note=note)
    if profile.turn_up:
        turn_up = (_cards([deal.turn_up], width, four_colour) if deal.turn_up is not None
                   else f'<div class="bz-empty">{escape(t("table.turn_up_taken"))}</div>')
        out += _box(t("table.turn_up"), turn_up)
    if deal.trump is not None:
        suit = Suit(deal.trump)
        trump = (f'<span style="display:inline-flex;align-items:center;gap:6px">'
                 f"{as_img(suit_svg(suit, 30, four_colour), suit.symbol, 30)}"
                 f'<span class="bz-big">{escape(t("suit." + suit.letter))}</span></span>')
    else:
        trump = (f'<div class="bz-empty">{escape(t("table.no_trump"))}<br>'
                 f'{escape(t("table.no_trump_why"))}</div>')
    return out + _box(t("table.trump"), trump)


def table_html(deal: Deal, human: int, t: Translate, *, four_colour: bool = False,
               show_opponent: bool = False, names: tuple[str, str] | None = None,
               width: int = 56) -> str:
    """The whole table seen by ``human``. ``show_opponent`` turns the concealed hands
    up (for replays and the two-handed play-off, where they are known).

    Four-handed: the partner sits opposite (top), the opponents left and right
    (play passes to the left), the trick in the middle."""
    n = deal.profile.players
    if n in (3, 4):
        return _table4(deal, human, t, four_colour=four_colour, show_all=show_opponent,
                       width=width)
    opp = (human + 1) % n
    you_name, opp_name = names or (t("table.you"), t("table.opponent"))
    seat_names = [you_name if p == human else opp_name for p in range(n)]
    top = (_hand(deal, opp, opp_name, t, width, four_colour, show_opponent)
           + _exposed(deal, opp, opp_name, t, width, four_colour))
    middle = _centre(deal, t, width, four_colour) + _trick(deal, seat_names, t, width + 8,
                                                           four_colour)
    bottom = _exposed(deal, human, you_name, t, width, four_colour)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{top}</div>'
            f'<div class="bz-zone">{middle}</div>'
            f'<div class="bz-zone">{bottom}</div></div>')


def _table4(deal: Deal, human: int, t: Translate, *, four_colour: bool, show_all: bool,
            width: int) -> str:
    """Four seats (partner opposite), or three (left and right opponents only)."""
    small = max(36, width - 16)
    n = deal.profile.players
    roles = {0: "you", 1: "left", 2: "partner", 3: "right"} if n == 4 else {
        0: "you", 1: "left", 2: "right"}
    seat_names = [t(f"table.{roles[(p - human) % n]}") for p in range(n)]
    left, right = (human + 1) % n, (human + n - 1) % n

    def seat(p: int, size: int) -> str:
        return (_hand(deal, p, seat_names[p], t, size, four_colour, show_all)
                + _exposed(deal, p, seat_names[p], t, size, four_colour))

    top = (seat((human + 2) % 4, small) if n == 4 else "") + _centre(deal, t, small,
                                                                    four_colour)
    middle = (f'<div class="bz-side">{seat(left, small)}</div>'
              f'<div class="bz-mid">{_trick(deal, seat_names, t, width, four_colour)}</div>'
              f'<div class="bz-side">{seat(right, small)}</div>')
    bottom = _exposed(deal, human, seat_names[human], t, width, four_colour)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{top}</div>'
            f'<div class="bz-four">{middle}</div>'
            f'<div class="bz-zone">{bottom}</div></div>')


def cards_row_html(cards: Iterable[int | Card], *, four_colour: bool = False,
                   width: int = 48) -> str:
    """A plain row of card pictures (explanations, the explainer)."""
    items = "".join(f"<span>{card_img(c, width=width, four_colour=four_colour)}</span>"
                    for c in cards)
    return f'<div style="display:flex;gap:3px;flex-wrap:wrap;margin:2px 0">{items}</div>'
