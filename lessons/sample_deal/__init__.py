"""The annotated sample deal: one whole deal of two-handed Bezique (001), played by the
engine's club-level bot for both seats, with commentary at its key moments.

Files (data, no code):

* ``game.json``  the game log (the app's save format: :meth:`engine.rules.game.Game.dumps`);
* ``events.json`` the events of every step as they were recorded while the deal was
  played (step 0: the deal itself; step ``k``: the ``k``-th action), which a replay
  of the log must reproduce exactly;
* ``notes.toml``  the key moments: a step, the events the note is about (matched by
  type, player, meld or rule) and a title and text in English and Russian.

No number or card is typed into a note: a note's text is a ``str.format`` template
whose fields come from the engine (``{dix.points}``, ``{mark.cards}``, ``{rules.target}``,
``{at.scores[0]}``...), so the commentary always says what the events say.
``scripts/make_sample_deal.py`` writes ``game.json`` and ``events.json`` from the seed
in ``notes.toml``.

    >>> moments("en")[0].step
    0
    >>> any(m.text for m in moments("ru"))
    True
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.notation.cards import Card, Suit, card_text, copies_in_question
from engine.rules.game import Game
from engine.rules.replay import Replay, load_game
from engine.rules.tricks import suit_of
from engine.text.explain import SUIT_NAMES, Event, meld_name, points_ru, with_article

HERE = Path(__file__).parent
GAME_FILE = HERE / "game.json"
EVENTS_FILE = HERE / "events.json"
NOTES_FILE = HERE / "notes.toml"
LANGUAGES = ("en", "ru")
MATCH_KEYS = ("type", "player", "meld", "rule")


# --- the data ---------------------------------------------------------------------

@cache
def game_text() -> str:
    return GAME_FILE.read_text("utf-8")


def load() -> Game:
    """A fresh copy of the sample game (the caller may keep or change it)."""
    return load_game(game_text())


@cache
def notes() -> dict[str, Any]:
    with NOTES_FILE.open("rb") as handle:
        return tomllib.load(handle)


def recorded() -> list[list[list[Any]]]:
    """The events of each step as recorded when the deal was played."""
    data: list[list[list[Any]]] = json.loads(EVENTS_FILE.read_text("utf-8"))
    return data


def names(lang: str, case: str = "") -> tuple[str, str]:
    """The two players' names in ``lang`` (seat 0, seat 1); ``case="of"``: the Russian
    genitive ("у Анны"), the plain name in English."""
    found = notes()["names"]
    first, second = found.get(f"{lang}_{case}") or found.get(lang, found["en"])
    return str(first), str(second)


def event_record(event: Event) -> list[Any]:
    """What the stored events keep of an event: type, player, rule, points, meld,
    cards (save notation) and the deal's scores after it."""
    return [event.type, event.player, event.rule_id, event.points, event.meld,
            [str(Card.from_id(c)) for c in event.cards], list(event.totals)]


def step_events(replay: Replay, step: int) -> tuple[Event, ...]:
    """The events of one step: step 0 is the deal (cards dealt, the turn-up)."""
    position = replay.at(1, step)
    if position.turn is None:
        return tuple(position.deal.events)
    return position.turn.events


def replayed(game: Game | None = None) -> list[list[list[Any]]]:
    """The events of every step of the sample, replayed from its log."""
    replay = Replay(game or load())
    return [[event_record(e) for e in step_events(replay, step)]
            for step in range(replay.length(1) + 1)]


# --- filling the notes ---------------------------------------------------------------

class _Fields:
    """Attributes for ``str.format`` fields; an unknown one raises ``AttributeError``."""

    def __init__(self, **values: object) -> None:
        self.__dict__.update(values)


def _cards(cards: Sequence[int], lang: str) -> str:
    """Cards for prose: 10 for the ten, Т К Д В in Russian, a copy mark only where both
    copies are shown together (:func:`engine.notation.cards.copies_in_question`)."""
    marked = copies_in_question(list(cards))
    return " ".join(card_text(c, lang, copy=c in marked) for c in cards)


def event_fields(event: Event, lang: str) -> _Fields:
    """The fields a note may use about one event."""
    seat_names = names(lang)
    player = seat_names[event.player] if event.player is not None else ""
    of = names(lang, "of")[event.player] if event.player is not None else ""
    cards = list(event.cards)
    suit = SUIT_NAMES[Suit(suit_of(cards[0])).letter][1 if lang == "ru" else 0] \
        if cards else ""
    meld = meld_name(event.meld, lang) if event.meld else ""
    points = event.points
    return _Fields(
        player=player, of=of, points=points,
        pts=points_ru(points) if lang == "ru" else f"{points} points",
        cards=_cards(cards, lang), count=len(cards),
        card=card_text(cards[0], lang) if cards else "",
        other=card_text(cards[1], lang) if len(cards) > 1 else "",
        meld=meld, a_meld=with_article(meld) if meld and lang == "en" else meld,
        suit=suit,
        total=event.totals[event.player] if event.player is not None and event.totals else 0,
        totals=" : ".join(str(t) for t in event.totals))


def matches(event: Event, spec: dict[str, Any]) -> bool:
    """Whether an event is the one a note's ``events`` entry describes."""
    wanted = {"type": event.type, "player": event.player, "meld": event.meld,
              "rule": event.rule_id}
    return all(wanted[key] == value for key, value in spec.items() if key in MATCH_KEYS)


def find_event(events: Sequence[Event], spec: dict[str, Any]) -> Event:
    """The one event of a step that a note describes; ``LookupError`` if none or many."""
    found = [e for e in events if matches(e, spec)]
    if len(found) != 1:
        raise LookupError(f"{len(found)} events match {spec}")
    return found[0]


@dataclass(frozen=True)
class Moment:
    """A key moment: the step (actions played) and its commentary in one language."""

    number: int        # 1-based
    step: int
    title: str
    text: str


def _context(replay: Replay, step: int, lang: str) -> dict[str, Any]:
    position = replay.at(1, step)
    deal = position.deal
    profile = deal.profile
    seat_names = names(lang)
    return {
        "rules": _Fields(hand_size=profile.hand_size, target=profile.scoring.target,
                         tricks=profile.tricks_per_deal, playoff=profile.hand_size,
                         brisque_points=profile.scoring.brisque_points,
                         last_trick=profile.scoring.last_trick_bonus,
                         dix=profile.dix.points),
        "who": _Fields(dealer=seat_names[deal.dealer],
                       elder=seat_names[(deal.dealer + 1) % profile.players]),
        "at": _Fields(step=step, tricks=deal.tricks_played, stock=deal.stock_count,
                      scores=list(deal.scores),
                      lead=abs(deal.scores[0] - deal.scores[1]),
                      leader=seat_names[0 if deal.scores[0] >= deal.scores[1] else 1]),
    }


def fill(template: str, fields: dict[str, Any]) -> str:
    """A note's template with its fields; a missing field raises (tests see it)."""
    return template.format(**fields)


def moments(lang: str = "en", game: Game | None = None) -> list[Moment]:
    """Every key moment in ``lang``, in the order of the deal, filled from the replay.
    Raises ``LookupError``, ``KeyError`` or ``AttributeError`` when a note does not fit
    the deal (the tests check that none does)."""
    lang = lang if lang in LANGUAGES else "en"
    replay = Replay(game or load())
    out = []
    for number, note in enumerate(sorted(notes()["moment"], key=lambda n: n["step"]), 1):
        step = int(note["step"])
        events = step_events(replay, step)
        fields = _context(replay, step, lang)
        for name, spec in note.get("events", {}).items():
            fields[name] = event_fields(find_event(events, spec), lang)
        out.append(Moment(number, step, fill(note[f"title_{lang}"], fields),
                          fill(note[lang].strip(), fields)))
    return out


def moment_at(found: Sequence[Moment], step: int) -> Moment | None:
    return next((m for m in found if m.step == step), None)


def previous_step(found: Sequence[Moment], step: int) -> int | None:
    """The step of the key moment before ``step``, or ``None``."""
    earlier = [m.step for m in found if m.step < step]
    return earlier[-1] if earlier else None


def next_step(found: Sequence[Moment], step: int) -> int | None:
    """The step of the key moment after ``step``, or ``None``."""
    later = [m.step for m in found if m.step > step]
    return later[0] if later else None


__all__ = ["Moment", "event_fields", "event_record", "find_event", "load", "moment_at",
           "moments", "names", "next_step", "notes", "previous_step", "recorded", "replayed",
           "step_events"]
