"""Fildinski's play-off puzzles on the Endgame page (000): both hands known, each
player's laid-out cards by what they can still form, the card led, and the
learner's hand to click. Pure HTML builders; the page keeps the state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app_pages import table as tbl
from app_pages import ui
from engine.notation.cards import Card, Suit, parse_card
from engine.rules.captures import groups
from engine.rules.melds import ScoredMeld, display_order
from engine.rules.profile import load_profile
from engine.text.explain import meld_name
from puzzles.i18n import tr


def mover(position: Mapping[str, Any]) -> int:
    """The seat to move: the leader, or the other player when a card is led."""
    return int(position["leader"]) if not position["trick"] else 1 - int(position["leader"])


def duel_line(position: Mapping[str, Any], lang: str) -> str:
    """Four-handed (000): which duel of the split play-off this is, by real seats;
    "" for a two-handed play-off."""
    seats = position.get("seats")
    if seats is None:
        return ""
    me = mover(position)
    return tr(lang, "c.duel", me=int(seats[me]) + 1, them=int(seats[1 - me]) + 1)


def _ids(tokens: Sequence[str]) -> list[int]:
    return sorted((parse_card(t).id for t in tokens), key=display_order)


def _laid_rows(position: Mapping[str, Any], seat: int, who: str,
               lang: str) -> list[tuple[str, list[tbl.Pick]]]:
    profile = load_profile(position["variant"])
    trump = int(Suit.parse(position["trump"]))
    history = [ScoredMeld(h["meld"], frozenset(parse_card(t).id for t in h["cards"]))
               for h in position["history"][seat]]
    head = tr(lang, "c.laid_of", who=who)
    return [(f"{head}: " + (ui.t("table.laid_spent") if kind == "spent"
                            else meld_name(kind, lang)),
             [tbl.Pick(c, "off") for c in cards])
            for kind, cards in groups(profile, trump, _ids(position["laid"][seat]), history)]


def table_html(record: Mapping[str, Any], chosen: str | None) -> str:
    """The puzzle's table; the hand is clickable until a card is chosen."""
    position = record["position"]
    lang = ui.lang()
    me = mover(position)
    look = tbl.Look(ui.four_colour(), lang)
    legal = set(record["moves"])
    rows = [(tr(lang, "c.opponent"), [tbl.Pick(c, "off") for c in
                                      _ids(position["hands"][1 - me])])]
    rows += _laid_rows(position, 1 - me, tr(lang, "c.them"), lang)
    if position["trick"]:
        rows.append((tr(lang, "c.led"), [tbl.Pick(c, "off")
                                                  for c in _ids(position["trick"])]))
    rows += _laid_rows(position, me, tr(lang, "c.you"), lang)
    hand = []
    for card in _ids(position["hands"][me]):
        face = str(Card.from_id(card))
        if chosen is not None:
            hand.append(tbl.Pick(card, "off", hinted=face == chosen))
        elif face in legal:
            hand.append(tbl.Pick(card, "legal" if len(legal) < len(position["hands"][me])
                                 else "free"))
        else:
            hand.append(tbl.Pick(card, "illegal", ui.t("pz.must_follow")))
    rows.append((tr(lang, "c.hands"), hand))
    return tbl.pick_rows_html(rows, look, width=52)
