"""The ``stock_play`` check kind: a position while the stock lasts, answered by clicking
a card on the table (issue 53, item 2).

The lesson names the position by its id (``params["position"]``); the position lives in
:data:`DATA`, one stock-puzzle record a line (:mod:`puzzles.stock_bank`: the deal's
save, the seat to move, the expert's search budget and seed, and the verdict it gave).
Judging a position takes the search seconds, so the verdict is computed once, when
the record is made, and kept with it; ``tests/test_stock_checks.py`` judges every
record again on its own budget and seed (:func:`puzzles.stock_bank.verify`) and fails
when the stored verdict is not what the engine finds (tampering or drift).

The options are the learner's distinct moves (copies of a card that play alike are
one move: any copy answers for it); the answer is the one the search finds clearly
best; each other move's reason is the evidence as a player reads it
(:func:`puzzles.stock_evidence.record_evidence`: in how many of the ways the unseen
cards may lie the better move does better, what the other gives up, at what cost).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.notation.actions import Action
from engine.notation.cards import Suit, card_text
from engine.rules.deal import Deal
from engine.rules.melds import display_order
from engine.rules.profile import Profile
from lessons._loader import Check
from lessons.check_result import CheckResult
from puzzles.stock_bank import reason_from_json
from puzzles.stock_evidence import position_deal, record_evidence

DATA = Path(__file__).with_name("stock_positions.jsonl")

# The position in words, before the lesson's question: the trumps, the stock, the trick.
_WORDS = {
    "trump": ("{suit} are trumps.", "Козыри — {suit}."),
    "no_trump": ("No trumps yet.", "Козырей ещё нет."),
    "stock": ("{n} cards are left in the stock.", "В колоде осталось карт: {n}."),
    "led": ("Your opponent has led {card}.", "Противник сыграл {card}."),
    "lead": ("You are to lead.", "Ваш ход."),
    "played": ("In the trick: {cards}.", "На столе: {cards}."),
    "from_table": (" (from the table)", " (со стола)"),
    "best": ("The expert's search, on {deals} ways the unseen cards may lie, finds {card} "
             "clearly best.",
             "Поиск эксперта по {deals} раскладам неизвестных карт находит, что лучше "
             "всего сыграть {card}."),
}
_COPY_MARK = re.compile(r"([♠♥♦♣])#\d")
_SUITS = {"S": ("Spades", "пики"), "H": ("Hearts", "черви"), "D": ("Diamonds", "бубны"),
          "C": ("Clubs", "трефы")}


@cache
def records() -> Mapping[str, Mapping[str, Any]]:
    """The stored positions by id."""
    out: dict[str, Mapping[str, Any]] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            out[record["id"]] = record
    return out


def record_of(check: Check) -> Mapping[str, Any]:
    """The stored position a check names (:class:`ValueError` when there is none)."""
    name = check.params.get("position")
    record = records().get(str(name))
    if record is None:
        raise ValueError(f"check {check.id}: no stored stock position {name!r}")
    return record


def _w(key: str, lang: str, **params: object) -> str:
    return _WORDS[key][1 if lang == "ru" else 0].format(**params)


def situation(deal: Deal, lang: str) -> str:
    """The position as a card player states it: trumps, the stock, the cards led."""
    ru = 1 if lang == "ru" else 0
    parts = [_w("trump", lang, suit=_SUITS[Suit(deal.trump).letter][ru])
             if deal.trump is not None else _w("no_trump", lang),
             _w("stock", lang, n=deal.stock_count)]
    trick = list(deal.trick)
    if not trick:
        parts.append(_w("lead", lang))
    elif len(trick) == 1:
        parts.append(_w("led", lang, card=card_text(trick[0], lang)))
    else:
        parts.append(_w("played", lang, cards=", ".join(card_text(c, lang) for c in trick)))
    return " ".join(parts)


def stock_play(check: Check, lang: str, profile: Profile) -> CheckResult:
    """Options, answer and every other move's reason from the stored verdict."""
    del profile   # the position's own variant is in its save
    record = record_of(check)
    deal = position_deal(record["position"])
    seat = int(record["seat"])
    hand = sorted(deal.hands[seat] | deal.tables[seat], key=display_order)
    moves = [record["answer"], *(o["move"] for o in record["options"])]
    # Options in the hand's order, so that their order tells nothing.
    position = {card: i for i, card in enumerate(hand)}
    moves.sort(key=lambda m: position.get(Action.parse(m).cards[0], len(hand)))
    # Two copies of a card that are different moves (one laid on the table, one in the
    # hand) are told apart by where they lie, not by a copy mark.
    among = [Action.parse(m).cards[0] for m in moves]
    faces = [card_text(card, lang) for card in among]
    labels = tuple(face + (_w("from_table", lang) if faces.count(face) > 1
                           and card in deal.tables[seat] else "")
                   for face, card in zip(faces, among, strict=True))
    why = {o["move"]: _COPY_MARK.sub(r"\1", record_evidence(record, o["move"], lang))
           for o in record["options"]}
    # Two copies of a card, one in the hand and one on the table, can cost the same to
    # the point: the reason then names the card as its label does ("A♦ (from the table)").
    said = list(why.values())
    for move, face, label in zip(moves, faces, labels, strict=True):
        if move in why and said.count(why[move]) > 1:
            why[move] = why[move].replace(face, label, 1)
    best = Action.parse(record["answer"]).cards[0]
    explanation = [_w("best", lang, deals=record["judged"]["deals"],
                      card=card_text(best, lang))]
    # "keep A♥ A♣ A♣": the hint names both copies of a meld card; a mark would tell nothing
    explanation += [_COPY_MARK.sub(r"\1", reason_from_json(r).render(lang, among))
                    for r in record["why"]]
    picks = {str(Action.parse(copy).cards[0]): o
             for o, copies in _copies(record) for copy in copies}
    prompt = f"{situation(deal, lang)} {check.prompt}".strip()
    cards = {"deal": record["position"], "seat": seat, "picks": picks}
    # The mistake behind each other move, as the judge names what it gives up (a card
    # that breaks a meld, lets the declaration go, gives a brisque away ...).
    slips = {o["move"]: (o["loses"] or {}).get("key", "costs_points") for o in record["options"]}
    return CheckResult(check.id, check.kind, prompt, tuple(moves), labels,
                       (record["answer"],), False, tuple(explanation), (), cards, why,
                       mistakes=slips)


def _copies(record: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """Each option with the actions that play it (a copy of its card answers too)."""
    return [(record["answer"], list(record["accepted"])),
            *((o["move"], list(o["copies"])) for o in record["options"])]


__all__ = ["DATA", "record_of", "records", "situation", "stock_play"]
