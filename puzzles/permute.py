"""Suit permutations: fresh instances of a puzzle that cannot be remembered.

A permutation maps each suit to a suit (``"HSCD"``: spades→hearts, hearts→spades,
diamonds→clubs, clubs→diamonds) and is applied to every card and the trump
alike. Trick play is suit-symmetric, so a play-off keeps its value; meld rules are
*not* (the bezique pair Q♠+J♦ is fixed), so a permuted meld puzzle is re-answered
by the engine and used only when the answer keeps its structure.

    >>> permute_card("QS#2", "HSCD"), permute_card("TD", "HSCD")
    ('QH#2', 'TC')
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from itertools import permutations
from typing import Any

from engine.notation.cards import Card, Suit, parse_card

IDENTITY = "SHDC"
ALL = tuple("".join(p) for p in permutations(IDENTITY))


def _target(suit: Suit, perm: str) -> Suit:
    return Suit.parse(perm[int(suit)])


def permute_card(token: str, perm: str) -> str:
    card = parse_card(token)
    moved = Card(_target(card.suit, perm), card.rank, card.copy)
    return moved.face if "#" not in token else str(moved)


def permute_suit(letter: str | None, perm: str) -> str | None:
    return None if letter is None else _target(Suit.parse(letter), perm).letter


def permute_meld_position(position: Mapping[str, Any], perm: str) -> dict[str, Any]:
    out = dict(position)
    out["trump"] = permute_suit(position.get("trump"), perm)
    out["hand"] = [permute_card(t, perm) for t in position.get("hand", [])]
    out["table"] = [permute_card(t, perm) for t in position.get("table", [])]
    out["history"] = [{"meld": h["meld"], "cards": [permute_card(t, perm) for t in h["cards"]]}
                      for h in position.get("history", [])]
    return out


def permute_solve_position(position: Mapping[str, Any], perm: str) -> dict[str, Any]:
    out = dict(position)
    out["trump"] = permute_suit(position.get("trump"), perm)
    out["hands"] = [[permute_card(t, perm) for t in hand] for hand in position["hands"]]
    out["trick"] = [permute_card(t, perm) for t in position.get("trick", [])]
    return out


def shuffled(rng: random.Random) -> Iterator[str]:
    """Every non-identity permutation, in a random order."""
    order = [p for p in ALL if p != IDENTITY]
    rng.shuffle(order)
    yield from order
