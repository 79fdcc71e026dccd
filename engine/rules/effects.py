"""Whether two legal actions have the same effect: the question a review, a hint and a
search ask before they call two moves different.

Two packs hold two jacks of spades, and a player holding both may play either. Whether
the two plays differ is a fact of the deal, not of the card ids: the copies are alike
unless the deal tells them apart, by where they lie (hand or table: the opponents see one
of them), by the melds they have scored in (a card may not score again in a meld of its
class and level), by what the other players know of them (a turn-up taken in exchange),
and so on. :func:`same_effect` asks the deal itself: it applies each action to a copy
and compares the two states reached, with the copies swapped in one of them. Equal
states mean the same move: every later choice, every point, everything any player can
see is the same on both sides of the swap. Whatever the deal records (a field added
later included) is compared, so two actions are never taken for one by omission.

    >>> import random
    >>> from engine.notation.actions import Action
    >>> from engine.notation.cards import parse_card
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> js1, js2 = parse_card("JS#1").id, parse_card("JS#2").id
    >>> hands = [[js1, js2, *(parse_card(c).id for c in ("7H#1 8H#1 9H#1 7C#1 8C#1 9C#1"
    ...                                                  .split()))],
    ...          [parse_card(c).id for c in "7D#1 8D#1 9D#1 7S#1 8S#1 9S#1 10C#1 10H#1".split()]]
    >>> deal = Deal.arranged(load_profile("two-handed"), hands, parse_card("AD#1").id, dealer=1)
    >>> same_effect(deal, Action.play(js1), Action.play(js2))
    True
    >>> len(deal.legal_actions()), len(distinct_effects(deal, deal.legal_actions()))
    (8, 7)

Terminology
-----------
* the *kind* of a card is its face (``J♠``) whatever the copy; the jokers of 004 are all
  of one kind;
* a *swap* is the exchange of copies of one kind that turns one action's cards into the
  other's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import permutations, product
from typing import Any

from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import JOKER_MIN_ID, KINDS_PER_PACK
from engine.rules.deal import Deal
from engine.rules.melds import ScoredMeld
from engine.rules.view import known_concealed
from engine.text.explain import Event

# The deal's own record of how it was dealt and its caches: the deck order tells the
# copies apart by where they lay in the pack, which no later play can feel.
_NOT_STATE = frozenset({"deck", "profile", "_legal", "_citations"})
# Fields whose ints are card ids (everything else that holds cards is typed: melds,
# events, actions).
_CARD_FIELDS = frozenset({"hands", "tables", "won", "trick", "played", "dix_counted",
                          "turn_up", "stock", "revealed", "set_aside", "heap", "laid"})


def card_kind(card: int) -> int:
    """The face of ``card`` whatever its copy (every joker is one kind)."""
    return JOKER_MIN_ID if card >= JOKER_MIN_ID else card % KINDS_PER_PACK


class Effects:
    """:func:`same_effect` and its users on one deal, each comparison made once: the
    state each action reaches is computed once and every pair's answer is kept. The
    answers are :func:`same_effect`'s exactly; a caller that asks many questions of one
    position (a judge grouping the copies of every move) passes one to the functions
    below. The deal must not change while it is in use."""

    __slots__ = ("deal", "_after", "_legal", "_plain", "_same")

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self._legal: frozenset[Action] | None = None   # listed once, at the first question
        self._after: dict[Action, Deal] = {}
        self._plain: dict[Action, tuple[Any, ...]] = {}
        self._same: dict[tuple[Action, Action], bool] = {}

    def same(self, a: Action, b: Action) -> bool:
        """:func:`same_effect` on this deal."""
        key = (a, b)
        found = self._same.get(key)
        if found is None:
            found = self._same[key] = self._compare(a, b)
        return found

    def _compare(self, a: Action, b: Action) -> bool:
        if self._legal is None:
            self._legal = frozenset(self.deal.legal_actions())
        legal = self._legal
        if a not in legal or b not in legal:
            raise BeziqueError(f"only legal actions are compared ({a}, {b})")
        if a == b:
            return True
        if a.type is not b.type or a.meld != b.meld:
            return False
        swaps = list(_swaps(a.cards, b.cards))
        if not swaps:
            return False
        after_b = self._plain.get(b)
        if after_b is None:
            after_b = self._plain[b] = _state(self._reached(b), {})
        after_a = self._reached(a)
        return any(_state(after_a, swap) == after_b for swap in swaps)

    def _reached(self, action: Action) -> Deal:
        after = self._after.get(action)
        if after is None:
            after = self._after[action] = _after(self.deal, action)
        return after


def _effects(deal: Deal, effects: Effects | None) -> Effects:
    if effects is None:
        return Effects(deal)
    if effects.deal is not deal:
        raise BeziqueError("the comparisons were made for another deal")
    return effects


def same_effect(deal: Deal, a: Action, b: Action) -> bool:
    """Whether actions ``a`` and ``b``, both legal for the player to move in ``deal``,
    lead to the same state once copies of the same card are swapped: the same move.
    ``deal`` is not changed. Raises :class:`BeziqueError` when either is not legal."""
    return Effects(deal).same(a, b)


def distinct_effects(deal: Deal, actions: Iterable[Action],
                     effects: Effects | None = None) -> list[Action]:
    """``actions`` (legal in ``deal``) with every action of the same effect as an earlier
    one left out, in their order: one action per distinct move (``effects``: the
    comparisons made so far on ``deal``)."""
    memo = _effects(deal, effects)
    kept: list[Action] = []
    for action in dict.fromkeys(actions):
        if not any(_alike(k, action) and memo.same(k, action) for k in kept):
            kept.append(action)
    return kept


def several_effects(deal: Deal, actions: Sequence[Action]) -> bool:
    """Whether ``actions`` (legal in ``deal``) hold at least two distinct moves:
    ``len(distinct_effects(deal, actions)) >= 2``, without comparing copies where two
    actions already differ in kind or faces (a player with eighteen cards and jokers,
    asked at every decision of a game)."""
    first = next(iter(actions), None)
    if first is None:
        return False
    if any(not _alike(first, a) for a in actions):
        return True   # that one cannot share the first's effect: two moves at least
    return len(distinct_effects(deal, actions)) >= 2


def effect_of(deal: Deal, action: Action, among: Sequence[Action],
              effects: Effects | None = None) -> Action:
    """The first of ``among`` with the same effect as ``action`` (``action`` itself when
    none has): how a caller that judged ``among`` finds the verdict on ``action``."""
    memo = _effects(deal, effects)
    for other in among:
        if other == action or (_alike(other, action) and memo.same(other, action)):
            return other
    return action


def look_alikes(deal: Deal, action: Action, effects: Effects | None = None) -> frozenset[int]:
    """The cards of the legal actions that read like ``action`` (the same kind of
    action with cards of the same faces) but differ in effect: where a copy mark must
    tell them apart when ``action`` is named. Empty when every look-alike is the same
    move."""
    memo = _effects(deal, effects)
    out: set[int] = set()
    for other in deal.legal_actions():
        if other != action and _alike(other, action) and not memo.same(other, action):
            out.update(other.cards)
    return frozenset(out)


def _alike(a: Action, b: Action) -> bool:
    """The same kind of action with cards of the same faces (a cheap test first)."""
    return (a.type is b.type and a.meld == b.meld
            and sorted(map(card_kind, a.cards)) == sorted(map(card_kind, b.cards)))


def _after(deal: Deal, action: Action) -> Deal:
    trial = deal.copy()
    trial.apply(action)
    return trial


def _swaps(a: Sequence[int], b: Sequence[int]) -> Iterator[dict[int, int]]:
    """Every exchange of copies (an involution on card ids, pairing copies of one kind)
    that turns the cards of ``a`` into those of ``b``; none when the faces differ."""
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    kinds = sorted({card_kind(c) for c in [*only_a, *only_b]})
    groups_a = [[c for c in only_a if card_kind(c) == k] for k in kinds]
    groups_b = [[c for c in only_b if card_kind(c) == k] for k in kinds]
    if any(len(x) != len(y) for x, y in zip(groups_a, groups_b, strict=True)):
        return
    for pairing in product(*(permutations(group) for group in groups_b)):
        swap: dict[int, int] = {}
        for from_cards, to_cards in zip(groups_a, pairing, strict=True):
            for x, y in zip(from_cards, to_cards, strict=True):
                swap[x], swap[y] = y, x
        yield swap


def _state(deal: Deal, swap: Mapping[int, int]) -> tuple[Any, ...]:
    """Everything the deal records that plays on, with card ids renamed by ``swap``:
    the fields (card fields renamed, the rest as they are), the events and actions so
    far (rules read some of them) and what each player's opponents know of his hand."""
    def card(c: Any) -> Any:
        return swap.get(c, c) if isinstance(c, int) and not isinstance(c, bool) else c

    def cards(value: Any) -> Any:
        if isinstance(value, (set, frozenset)):
            return tuple(sorted(cards(v) for v in value))
        if isinstance(value, (list, tuple)):
            return tuple(cards(v) for v in value)
        if isinstance(value, ScoredMeld):
            return (value.kind, cards(value.cards))
        return card(value)

    def plain(value: Any) -> Any:
        if isinstance(value, (set, frozenset)):
            return tuple(sorted(plain(v) for v in value))
        if isinstance(value, (list, tuple)):
            return tuple(plain(v) for v in value)
        return value

    def event(e: Event) -> tuple[Any, ...]:
        # the words (steps) and the citation narrate; the rest is the record (a meld's
        # cards as a set: the order they are named in is the declaration's own)
        named = tuple(sorted(cards(e.cards))) if e.meld else cards(e.cards)
        return (e.type, e.player, e.rule_id, e.points, named, e.meld, e.totals)

    out: list[Any] = []
    for name, value in sorted(vars(deal).items()):
        if name in _NOT_STATE:
            continue
        if name == "events":
            out.append(tuple(event(e) for e in value))
        elif name == "actions":
            out.append(tuple((a.type, a.meld, tuple(sorted(cards(a.cards)))) for a in value))
        elif name in _CARD_FIELDS or name in ("history", "pending"):
            out.append(cards(value))
        else:
            out.append(plain(value))
    out.append(tuple(cards(known_concealed(deal, p)) for p in range(deal.profile.players)))
    return tuple(out)


__all__ = ["Effects", "card_kind", "distinct_effects", "effect_of", "look_alikes", "same_effect",
           "several_effects"]
