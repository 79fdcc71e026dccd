"""The card table as HTML (pure functions, no streamlit): the other hands face
down, every player's exposed combinations, the stock and turn-up, the trick with
who played each card. Four-handed: partner opposite, opponents left and right.
The human's hand may be drawn in it too, as cards to pick (:class:`Pick`): the
clickable table component (:mod:`app_pages.card_table`) sends the picked card back.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(7), dealer=0)
    >>> html = table_html(deal, human=0, t=lambda key, **kw: key)
    >>> html.count('class="bz-back"') >= 8      # the opponent's concealed hand
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from engine.notation.cards import Card, Suit, card_text, copies_in_question
from engine.rules.deal import Deal
from engine.rules.melds import display_order
from engine.rules.view import PlayerView
from engine.text.explain import meld_name, ru_plural
from engine.text.svg import as_img, back_img, card_img, suit_svg

Translate = Callable[..., str]


@dataclass(frozen=True)
class Look:
    """How cards are drawn: the four-colour pack, the rank letters' language."""

    four_colour: bool = False
    lang: str = "en"


@dataclass(frozen=True)
class Pick:
    """One card of the hand as a control. ``state``: ``legal`` (marked: the play-off
    restricts the choice and this card is allowed), ``free`` (any card may be played),
    ``illegal`` (dimmed, ``why`` on hover) or ``off`` (not to be clicked now)."""

    card: int
    state: str = "free"
    why: str = ""
    note: str = ""
    hinted: bool = False
    exposed: bool = False


@lru_cache(maxsize=16)
def _suit_picture(suit: Suit, four_colour: bool) -> str:
    return as_img(suit_svg(suit, 30, four_colour), suit.symbol, 30)


def card_name(card: int, lang: str = "en") -> str:
    """A card's name for a picture's alt text and tooltip: ``10♠#1``, ``Т♠#1``."""
    c = Card.from_id(card)
    if c.is_joker:   # not the seven of spades whose slot it takes: "joker#1", «инфузорка#1»
        return card_text(c, lang, copy=True)
    rank = c.rank.russian if lang == "ru" else ("10" if c.rank.letter == "T" else c.rank.letter)
    return f"{rank}{c.suit.symbol}#{c.copy}"


@lru_cache(maxsize=4096)
def picture(card: int, width: int, four_colour: bool = False, highlight: str = "",
            dim: bool = False, lang: str = "en", alt: str = "", mark: bool = False) -> str:
    """One card as an ``<img>``: pure, so kept (a deal has at most a few hundred
    different pictures, and each costs an SVG build and a base64 encoding). ``mark``:
    the copy mark (``#2``) in the corner, where it matters (:func:`marked`)."""
    return card_img(card, width=width, four_colour=four_colour, highlight=highlight, dim=dim,
                    lang=lang, alt=alt or card_name(card, lang), copy_mark=mark)


def marked(cards: Iterable[int]) -> frozenset[int]:
    """The cards drawn with their copy mark among ``cards`` shown together: the rule
    of :func:`engine.notation.cards.copies_in_question`, the same as in text."""
    return copies_in_question(cards)


_STYLE = """
<style>
.bz-table{background:#14532d;border-radius:14px;padding:10px 12px;color:#f9fafb;
  font-family:system-ui,sans-serif;font-size:14px;min-width:0;container-type:inline-size}
.bz-table .bz-zone{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap;margin:6px 0}
.bz-table .bz-box{background:rgba(255,255,255,.07);border-radius:10px;padding:6px 10px;min-width:0;
  max-width:100%;box-sizing:border-box}
.bz-table .bz-label{font-size:12px;color:#d1fae5;margin-bottom:4px}
.bz-table .bz-cards{display:flex;gap:4px;align-items:flex-end;min-height:40px;flex-wrap:wrap}
.bz-table .bz-fan{flex-wrap:nowrap}
.bz-table .bz-fan span{margin-right:-30px;flex:0 1 auto;min-width:0}
.bz-table .bz-fan span:last-child{margin-right:0;flex:none}
.bz-table .bz-big{font-size:22px;font-weight:700}
.bz-table .bz-empty{color:#a7f3d0;font-style:italic;font-size:12px;padding:10px 0}
.bz-table .bz-who{font-size:11px;color:#fde68a;white-space:nowrap}
.bz-table .bz-note{font-size:11px;color:#fde68a;margin-top:2px}
.bz-table .bz-four{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);gap:8px;
  align-items:start;margin:6px 0}
.bz-table .bz-side{display:flex;flex-direction:column;gap:6px;min-width:0}
.bz-table .bz-mid{display:flex;justify-content:center;min-width:0}
.bz-table .bz-handbox{flex:1 1 100%}
.bz-table .bz-hand{--w:64px;display:flex;flex-wrap:nowrap;align-items:flex-start;padding-top:10px;
  min-height:calc(var(--w) * 1.4 + 12px)}
.bz-table .bz-pick{position:relative;flex:0 0 auto;width:var(--w);border-radius:8px;
  transition:transform .08s;outline:none;
  margin-left:min(6px,calc((100% - var(--n) * var(--w)) / max(var(--n) - 1, 1)))}
.bz-table .bz-pick:first-child{margin-left:0}
.bz-table .bz-pick img{display:block}
.bz-table .bz-pick.is-legal,.bz-table .bz-pick.is-free{cursor:pointer}
.bz-table .bz-pick.is-legal img{box-shadow:0 0 0 3px #fbbf24;border-radius:7px}
.bz-table .bz-pick.is-illegal{cursor:not-allowed;opacity:.45}
.bz-table .bz-pick.is-legal:hover,.bz-table .bz-pick.is-free:hover,
.bz-table .bz-pick:focus-visible{transform:translateY(-10px);z-index:3}
.bz-table .bz-pick:focus-visible img{box-shadow:0 0 0 3px #60a5fa;border-radius:7px}
.bz-table .bz-pick.is-hinted img{box-shadow:0 0 0 3px #f97316;border-radius:7px}
.bz-table .bz-pnote{font-size:11px;line-height:1.15;color:#fde68a;text-align:center;
  overflow-wrap:anywhere;padding-top:2px}
.bz-table .bz-tag{font-size:10px;color:#bbf7d0;white-space:nowrap;margin-top:3px;
  padding-top:1px;border-top:2px solid rgba(187,247,208,.6);min-height:12px}
/* A narrow table (a phone): the trick above, the two side seats below it side by side,
   so that neither column is squeezed to a word a line; names under a trick's cards wrap. */
@container (max-width:600px){
.bz-table .bz-four{grid-template-columns:minmax(0,1fr) minmax(0,1fr);
  grid-template-areas:"mid mid" "left right"}
.bz-table .bz-four>.bz-mid{grid-area:mid}
.bz-table .bz-four>.bz-side:first-child{grid-area:left}
.bz-table .bz-four>.bz-side:last-child{grid-area:right}
.bz-table .bz-who{white-space:normal;text-align:center;max-width:84px}
.bz-table{padding:8px}
.bz-table .bz-zone{gap:8px}
}
</style>
"""


def _cards(cards: Iterable[int], width: int, look: Look, highlight: int | None = None,
           among: Iterable[int] | None = None) -> str:
    """A row of pictures; copy marks where a kind repeats among ``among`` (the cards
    shown together: a player's hand and exposed cards), else among ``cards``."""
    items = sorted(cards, key=display_order)
    colour = {c: "#f59e0b" if c == highlight else "" for c in items}
    copies = marked(items if among is None else among)
    return "".join("<span>" + picture(c, width, look.four_colour, colour[c], False, look.lang,
                                      "", c in copies) + "</span>" for c in items)


def _seen(deal: Deal, player: int, face_up: bool) -> list[int]:
    """The cards of ``player`` anyone may see: exposed ones, and the hand when it is
    face up or shown (a carte blanche). A copy mark must not tell of a hidden card."""
    hand = [c for c in deal.hands[player] if face_up or c in deal.revealed[player]]
    return [*hand, *deal.tables[player]]


def _box(label: str, body: str, extra_class: str = "", note: str = "",
         box_class: str = "") -> str:
    tail = f'<div class="bz-note">{escape(note)}</div>' if note else ""
    return (f'<div class="bz-box {box_class}"><div class="bz-label">{escape(label)}</div>'
            f'<div class="bz-cards {extra_class}">{body}</div>{tail}</div>')


def _empty(t: Translate, key: str = "table.nothing") -> str:
    return f'<div class="bz-empty">{escape(t(key))}</div>'


def _hand(deal: Deal, player: int, name: str, t: Translate, width: int, look: Look,
          face_up: bool) -> str:
    """A player's concealed hand: face down, except cards everyone has seen (a carte
    blanche shows the whole hand) or all of it when ``face_up``."""
    concealed = sorted(deal.hands[player], key=display_order)
    shown = [c for c in concealed if c in deal.revealed[player]]
    seen = _seen(deal, player, face_up)
    if face_up:
        body, fan = _cards(concealed, width, look, among=seen), ""
    else:
        body = _cards(shown, width, look, among=seen) + "".join(
            f"<span>{back_img(width, t('table.face_down'))}</span>"
            for _ in range(len(concealed) - len(shown)))
        fan = "bz-fan"
    label = t("table.concealed", name=name, count=len(concealed))
    if shown and not face_up:
        label += " · " + t("table.shown_blanche", count=len(shown))
    return _box(label, body or _empty(t), fan)


def _exposed(deal: Deal, player: int, name: str, t: Translate, width: int, look: Look,
             face_up: bool = False) -> str:
    seen = _seen(deal, player, face_up)
    return _box(t("table.exposed", name=name),
                _cards(deal.tables[player], width, look, among=seen) or _empty(t))


def _laid(deal: Deal, player: int, name: str, t: Translate, width: int, look: Look) -> str:
    """000, Fildinski: the captured cards ``player`` laid out, one row per combination
    they can still form (:meth:`engine.rules.view.PlayerView.laid_groups`); "" elsewhere."""
    if deal.profile.declaring.source != "captured":
        return ""
    rows = []
    for kind, cards in PlayerView.of(deal, player).laid_groups(player):
        title = t("table.laid_spent") if kind == "spent" else meld_name(kind, look.lang)
        rows.append(f'<div class="bz-laid" data-laid="{escape(kind)}">'
                    f'<div class="bz-who">{escape(title)}</div>'
                    f'<div class="bz-cards">{_cards(cards, width, look)}</div></div>')
    return _box(t("table.laid", name=name), "".join(rows) or _empty(t), box_class="bz-laidbox")


def _trick(deal: Deal, seat_names: list[str], t: Translate, width: int, look: Look) -> str:
    """The cards of the current trick, each with who played it."""
    seats = deal.trick_seats()   # a split play-off (000): two seats
    items = []
    copies = marked(deal.trick)
    for index, card in enumerate(deal.trick):
        who = seat_names[seats[index]]
        image = picture(card, width, look.four_colour, "", False, look.lang, "", card in copies)
        items.append(f'<span style="display:inline-flex;flex-direction:column;'
                     f'align-items:center;gap:2px">'
                     f"{image}"
                     f'<span class="bz-who">{escape(who)}</span></span>')
    kept = deal.profile.tricks_kept   # 004's 18-card game: a card led and covered
    if deal.trick:
        label = t("table.trick_led" if kept else "table.round_led", name=seat_names[deal.leader])
    else:
        label = t("table.trick" if kept else "table.round")
    return _box(label, "".join(items) or _empty(t))


def _duels(deal: Deal, human: int, seat_names: list[str], t: Translate, width: int,
           look: Look) -> str:
    """000, four-handed: the two simultaneous play-offs side by side, the human's
    first, each with its trick (when it is its turn) and the tricks it has played."""
    order = sorted(range(len(deal.duels)), key=lambda i: human not in deal.duels[i])
    boxes = []
    for index in order:
        a, b = deal.duels[index]
        label = t("table.duel", a=seat_names[a], b=seat_names[b])
        if human in (a, b):
            label += " · " + t("table.duel_yours")
        current = index == deal.duel_turn
        items = []
        if current:
            for card, seat in zip(deal.trick, deal.trick_seats(), strict=False):
                items.append(f'<span style="display:inline-flex;flex-direction:column;'
                             f'align-items:center;gap:2px">'
                             f"{picture(card, width, look.four_colour, '', False, look.lang)}"
                             f'<span class="bz-who">{escape(seat_names[seat])}</span></span>')
        note = (t("table.duel_turn") if current else t("table.duel_wait")) + " · " + t(
            "table.duel_done", done=deal.duel_tricks[index], total=deal.profile.hand_size)
        boxes.append(f'<div class="bz-duel" data-duel="{index}"'
                     f'{" data-yours=1" if human in (a, b) else ""}>'
                     + _box(label, "".join(items) or _empty(t), note=note) + "</div>")
    return f'<div style="display:flex;gap:8px;flex-wrap:wrap">{"".join(boxes)}</div>'


def _centre(deal: Deal, t: Translate, width: int, look: Look) -> str:
    """Stock (with the 24-card marker where the variant has one), turn-up, trumps."""
    profile = deal.profile
    if deal.stock_count:
        stock = (f"<span>{back_img(width, t('table.stock_label'))}</span>"
                 f'<span class="bz-big">&nbsp;{deal.stock_count}</span>')
    else:
        stock = _empty(t, "table.stock_empty")
    stock_label = t("table.stock") if profile.turn_up else t("table.stock_plain")
    note = ""
    if profile.stock_marker and deal.stock_count:
        key = ("table.marker_passed" if deal.stock_count <= profile.stock_marker
               else "table.marker")
        n = profile.stock_marker   # «за 24 карты», «не больше 24 карт»
        note = t(key, count=n, cards_acc=f"{n} {ru_plural(n, 'карту', 'карты', 'карт')}",
                 cards_gen=f"{n} {ru_plural(n, 'карты', 'карт', 'карт')}")
    out = _box(stock_label, stock, note=note)
    if profile.turn_up:
        turn_up = (_cards([deal.turn_up], width, look) if deal.turn_up is not None
                   else _empty(t, "table.turn_up_taken"))
        out += _box(t("table.turn_up"), turn_up)
    if deal.trump is not None:
        suit = Suit(deal.trump)
        trump = (f'<span style="display:inline-flex;align-items:center;gap:6px">'
                 f"{_suit_picture(suit, look.four_colour)}"
                 f'<span class="bz-big">{escape(t("suit." + suit.letter))}</span></span>')
    else:
        why = ("table.no_trump_why" if profile.declaring.sequence_fixes_trump
               else "table.no_trump_why_marriage")
        trump = (f'<div class="bz-empty">{escape(t("table.no_trump"))}<br>'
                 f'{escape(t(why))}</div>')
    return out + _box(t("table.trump"), trump)


def picks_html(picks: Sequence[Pick], label: str, look: Look, width: int = 64,
               exposed_tag: str = "", among: Iterable[int] | None = None) -> str:
    """The human's hand as cards to pick: each a focusable ``[data-pick]`` element with
    its state as a class and the reason it may not be played as its title. Copy marks
    where a kind repeats among ``among`` (default: these cards, the hand with its
    exposed cards)."""
    items = []
    copies = marked([p.card for p in picks] if among is None else among)
    tagged = False
    for pick in picks:
        classes = f"bz-pick is-{pick.state}" + (" is-hinted" if pick.hinted else "")
        alt = card_name(pick.card, look.lang)
        tag = ""
        if pick.exposed and exposed_tag:   # one line under the exposed cards, named once:
            # overlapping cards on a phone leave no room for a word under each
            tag = f'<div class="bz-tag">{"" if tagged else escape(exposed_tag)}</div>'
            tagged = True
        note = f'<div class="bz-pnote">{escape(pick.note)}</div>' if pick.note else ""
        title = f' title="{escape(pick.why)}"' if pick.why else ""
        clickable = pick.state != "off"
        attrs = (f' role="button" tabindex="0" data-pick="{pick.card}"'
                 f' aria-disabled="{"true" if pick.state == "illegal" else "false"}"'
                 if clickable else "")
        image = picture(pick.card, width, look.four_colour, "", pick.state == "illegal",
                        look.lang, alt, pick.card in copies)
        items.append(f'<div class="{classes}"{attrs}{title}>{image}{tag}{note}</div>')
    body = (f'<div class="bz-hand" style="--n:{max(len(picks), 1)};--w:{width}px">'
            + "".join(items) + "</div>")
    return (f'<div class="bz-box bz-handbox"><div class="bz-label">{escape(label)}</div>'
            f"{body}</div>")


def pick_rows_html(rows: Sequence[tuple[str, Sequence[Pick]]], look: Look,
                   width: int = 52) -> str:
    """Labelled rows of cards to pick, without the rest of a table (the Score
    explainer's deck, one row per suit; a position's hand and table). The rows are one
    question: copy marks where a kind repeats in any of them."""
    every = [pick.card for _, picks in rows for pick in picks]
    body = "".join(picks_html(picks, label, look, width, among=every) for label, picks in rows)
    return f'{_STYLE}<div class="bz-table">{body}</div>'


def table_html(deal: Deal, human: int, t: Translate, *, four_colour: bool = False,
               show_opponent: bool = False, names: tuple[str, str] | None = None,
               width: int = 56, lang: str = "en", hand: str = "",
               show_own: bool = False) -> str:
    """The whole table seen by ``human``. ``show_opponent`` turns the concealed hands
    up (for replays and the two-handed play-off, where they are known). ``hand`` is
    the human's hand already drawn (:func:`picks_html`), in place of the human's
    exposed cards; else ``show_own`` adds the human's concealed hand, face up.

    Four-handed: the partner sits opposite (top), the opponents left and right
    (play passes to the left), the trick in the middle."""
    look = Look(four_colour, lang)
    n = deal.profile.players
    you_name = names[0] if names else t("table.you")
    own = hand or (_hand(deal, human, you_name, t, width, look, True) if show_own else "")
    if n in (3, 4):
        return _table4(deal, human, t, look=look, show_all=show_opponent, width=width,
                       own=own, replace_exposed=bool(hand))
    opp = (human + 1) % n
    opp_name = names[1] if names else t("table.opponent")
    seat_names = [you_name if p == human else opp_name for p in range(n)]
    top = (_hand(deal, opp, opp_name, t, width, look, show_opponent)
           + _exposed(deal, opp, opp_name, t, width, look, show_opponent)
           + _laid(deal, opp, opp_name, t, width - 16, look))
    middle = _centre(deal, t, width, look) + _trick(deal, seat_names, t, width + 8, look)
    bottom = own if hand else _exposed(deal, human, you_name, t, width, look, True) + own
    bottom += _laid(deal, human, you_name, t, width - 16, look)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{top}</div>'
            f'<div class="bz-zone">{middle}</div>'
            f'<div class="bz-zone">{bottom}</div></div>')


def _table4(deal: Deal, human: int, t: Translate, *, look: Look, show_all: bool,
            width: int, own: str = "", replace_exposed: bool = False) -> str:
    """Four seats (partner opposite), or three (left and right opponents only)."""
    small = max(32, width - 20)
    n = deal.profile.players
    roles = {0: "you", 1: "left", 2: "partner", 3: "right"} if n == 4 else {
        0: "you", 1: "left", 2: "right"}
    seat_names = [t(f"table.{roles[(p - human) % n]}") for p in range(n)]
    left, right = (human + 1) % n, (human + n - 1) % n

    def seat(p: int, size: int) -> str:
        return (_hand(deal, p, seat_names[p], t, size, look, show_all)
                + _exposed(deal, p, seat_names[p], t, size, look, show_all)
                + _laid(deal, p, seat_names[p], t, size, look))

    top = (seat((human + 2) % 4, small) if n == 4 else "") + _centre(deal, t, small, look)
    centre = (_duels(deal, human, seat_names, t, small, look) if deal.duels
              else _trick(deal, seat_names, t, width, look))
    middle = (f'<div class="bz-side">{seat(left, small)}</div>'
              f'<div class="bz-mid">{centre}</div>'
              f'<div class="bz-side">{seat(right, small)}</div>')
    bottom = own if replace_exposed else _exposed(deal, human, seat_names[human], t, width,
                                                  look, True) + own
    bottom += _laid(deal, human, seat_names[human], t, small, look)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{top}</div>'
            f'<div class="bz-four">{middle}</div>'
            f'<div class="bz-zone">{bottom}</div></div>')


def cards_row_html(cards: Iterable[int | Card], *, four_colour: bool = False,
                   width: int = 48, lang: str = "en") -> str:
    """A plain row of card pictures (explanations, the explainer)."""
    ids = [c.id if isinstance(c, Card) else c for c in cards]
    copies = marked(ids)
    items = "".join(f"<span>{picture(c, width, four_colour, '', False, lang, '', c in copies)}"
                    "</span>" for c in ids)
    return f'<div style="display:flex;gap:3px;flex-wrap:wrap;margin:2px 0">{items}</div>'


def plain_table_html(rows: Sequence[tuple[str, Sequence[int]]],
                     trick: Sequence[tuple[int, str]], trick_label: str, hand: str,
                     t: Translate, *, look: Look, width: int = 52,
                     note: str = "") -> str:
    """A table without stock: other players' cards face up (``rows``: label, cards),
    the trick (card, who played it) and the human's hand (:func:`picks_html`). For
    puzzles, lessons' examples and explanations."""
    boxes = "".join(_box(label, _cards(cards, width, look) or _empty(t))
                    for label, cards in rows)
    copies = marked(card for card, _ in trick)
    items = "".join('<span style="display:inline-flex;flex-direction:column;'
                    'align-items:center;gap:2px">'
                    + picture(card, width + 6, look.four_colour, "", False, look.lang, "",
                              card in copies) +
                    f'<span class="bz-who">{escape(who)}</span></span>'
                    for card, who in trick)
    middle = _box(trick_label, items or _empty(t), note=note)
    return (f'{_STYLE}<div class="bz-table">'
            f'<div class="bz-zone">{boxes}</div>'
            f'<div class="bz-zone">{middle}</div>'
            f'<div class="bz-zone">{hand}</div></div>')

