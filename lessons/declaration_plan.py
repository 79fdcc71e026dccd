"""Declarations planned over several tricks: what a hand's melds bring in all when the
player wins ``tricks`` tricks while the stock lasts, one declaration per trick won.

The meld rules are the engine's (:func:`engine.rules.melds.all_verdicts`): after each
declaration its cards lie on the table and the meld joins the history, so a card's
reuse (a marriage grown into the sequence, two single beziques into the double) is
judged as in play, and the meld that fixes trumps where none was turned up
(:func:`engine.rules.melds.fixes_trump`) makes its suit trumps for the steps after it.
The cards drawn meanwhile are unknown and left out: the hand keeps the cards it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.notation.cards import Card, Suit, parse_card
from engine.rules.melds import ScoredMeld, Verdict, all_verdicts, fixes_trump
from engine.rules.profile import Profile


@dataclass(frozen=True)
class Step:
    """One declaration of a route: the engine's verdict and what it scores."""

    verdict: Verdict

    @property
    def meld(self) -> str:
        return self.verdict.spec.kind

    @property
    def points(self) -> int:
        return self.verdict.points

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(str(Card.from_id(c)) for c in self.verdict.cards)

    @property
    def key(self) -> str:
        return " ".join([self.meld, *sorted(self.cards)])

    def explanation(self, lang: str) -> list[str]:
        return list(dict.fromkeys(s.render(lang) for s in self.verdict.steps))


@dataclass(frozen=True)
class Route:
    """Declarations in the order they are made, one per trick won, and their total."""

    steps: tuple[Step, ...]

    @property
    def points(self) -> int:
        return sum(step.points for step in self.steps)


@dataclass(frozen=True)
class _State:
    holding: frozenset[int]     # hand, table and the partner's table: what melds may use
    history: tuple[ScoredMeld, ...]
    trump: int | None
    played: frozenset[int]      # cards of earlier melds gone to tricks (melds re-form)


def start(request: Mapping[str, Any], profile: Profile) -> _State:
    """The position of a ``bezique melds`` request (hand, table, history, trump)."""
    cards = [*request.get("hand", ()), *request.get("table", ()),
             *request.get("partner_table", ())]
    history = tuple(ScoredMeld(str(h["meld"]), frozenset(parse_card(str(c)).id
                                                         for c in h["cards"]))
                    for h in request.get("history", ()))
    trump = request.get("trump")
    holding = frozenset(parse_card(str(c)).id for c in cards)
    # As the query reads it: a card of an earlier meld no longer held has been played.
    played = frozenset(c for h in history for c in h.cards) - holding
    return _State(holding, history, None if trump is None else int(Suit.parse(str(trump))),
                  played)


def _verdicts(state: _State, profile: Profile) -> list[Verdict]:
    return list(all_verdicts(profile, state.trump, state.holding, state.history,
                             state.played))


def offered(state: _State, profile: Profile) -> list[Step]:
    """One declaration of each meld the position may score now (the first cards the
    engine finds for it, as the ``bezique melds`` query reports it)."""
    best: dict[str, Verdict] = {}
    for verdict in _verdicts(state, profile):
        if verdict.legal:
            best.setdefault(verdict.spec.kind, verdict)
    return [Step(v) for v in best.values()]


def after(state: _State, step: Step, profile: Profile) -> _State:
    """The position once ``step`` is declared: its meld in the history and, where it
    is the declaration that fixes trumps, its suit trumps."""
    trump = state.trump
    if trump is None and fixes_trump(step.verdict.spec, None, profile.declaring.trump_from):
        trump = Card.from_id(step.verdict.cards[0]).suit.value
    return _State(state.holding,
                  (*state.history, ScoredMeld(step.meld, frozenset(step.verdict.cards))),
                  trump, state.played)


def best_route(state: _State, tricks: int, profile: Profile) -> Route:
    """The route of at most ``tricks`` declarations that scores most from ``state``
    (the first found among equals)."""
    best = Route(())
    if tricks <= 0:
        return best
    for step in offered(state, profile):
        route = Route((step, *best_route(after(state, step, profile), tricks - 1,
                                         profile).steps))
        if route.points > best.points:
            best = route
    return best


def routes_by_first(request: Mapping[str, Any], tricks: int, profile: Profile
                    ) -> dict[str, Route]:
    """For each declaration offered now (by its key, meld and cards), the best route
    of at most ``tricks`` declarations that starts with it."""
    state = start(request, profile)
    return {step.key: Route((step, *best_route(after(state, step, profile), tricks - 1,
                                               profile).steps))
            for step in offered(state, profile)}


def shut_out(request: Mapping[str, Any], first: Route, other: Route, profile: Profile
             ) -> list[Verdict]:
    """The melds of ``other`` (a better route) that the engine refuses once ``first``'s
    opening declaration is scored: the engine's verdicts, whose last step says why.
    The verdict on the very cards ``other`` uses for that meld comes first."""
    state = after(start(request, profile), first.steps[0], profile)
    wanted = {step.meld: frozenset(step.verdict.cards) for step in other.steps}
    opened = set(first.steps[0].verdict.cards)
    legal = {step.meld for step in offered(state, profile)}
    found: dict[str, Verdict] = {}
    for verdict in _verdicts(state, profile):
        kind = verdict.spec.kind
        if kind not in wanted or kind in legal or verdict.legal or not opened & set(
                verdict.cards):
            continue
        if kind not in found or frozenset(verdict.cards) == wanted[kind]:
            found[kind] = verdict
    return list(found.values())


__all__ = ["Route", "Step", "after", "best_route", "offered", "routes_by_first", "shut_out",
           "start"]
