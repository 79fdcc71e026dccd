"""Simulated deals: the source of every puzzle position.

Deals are played by :class:`engine.rules.deal.Deal` with a seeded ``random.Random``
and a simple policy: in the declare phase the winner usually scores the
declaration worth most (so histories fill up with melds, as in real play) and
otherwise acts at random; cards are played at random. Everything is a pure
function of the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, Suit
from engine.rules.deal import DECLARE, Deal
from engine.rules.profile import Profile


@dataclass(frozen=True, slots=True)
class DeclareSpot:
    """The trick winner at the start of a declare phase."""

    deal_seed: int
    player: int
    stock: int          # cards left to draw, the turn-up included
    position: dict[str, Any]  # a ``bezique melds`` request


def card_text(card: int) -> str:
    return str(Card.from_id(card))


def melds_position(deal: Deal, player: int) -> dict[str, Any]:
    """The ``bezique melds`` request for ``player`` now."""
    return {
        "variant": deal.profile.name,
        "trump": None if deal.trump is None else Suit(deal.trump).letter,
        "hand": [card_text(c) for c in sorted(deal.hands[player])],
        "table": [card_text(c) for c in sorted(deal.tables[player])],
        "history": [{"meld": m.kind, "cards": [card_text(c) for c in sorted(m.cards)]}
                    for m in deal.history[player]],
    }


def _declare_choice(deal: Deal, rng: random.Random, greed: float) -> Action:
    actions = deal.legal_actions()
    declares = [a for a in actions if a.type is ActionType.DECLARE]
    if declares and rng.random() < greed:
        return max(declares, key=lambda a: (deal.profile.meld(a.meld).points, a.cards))
    draws = [a for a in actions if a.type is ActionType.DRAW]
    if draws and rng.random() < 0.5:
        return draws[0]
    return rng.choice(actions)


def _keep_value(card: int, trump: int | None) -> int:
    """How much a hoarding player wants to keep a card (meld material, trumps)."""
    rank, suit = card % 8, card % 32 // 8
    value = (0, 0, 0, 2, 3, 3, 2, 3)[rank]
    if suit == trump:
        value += 2
    return value


def _hoarding_play(deal: Deal, rng: random.Random) -> Action:
    actions = [a for a in deal.legal_actions() if a.type is ActionType.PLAY]
    low = min(_keep_value(a.card, deal.trump) for a in actions)
    return rng.choice([a for a in actions if _keep_value(a.card, deal.trump) == low])


def step(deal: Deal, rng: random.Random, greed: float = 0.8, hoard: float = 0.0) -> None:
    """Apply one policy action: ``greed`` is the chance to score the biggest
    declaration, ``hoard`` the chance to play a card that is no meld material."""
    if deal.phase == DECLARE:
        deal.apply(_declare_choice(deal, rng, greed))
    elif not deal.in_playoff and rng.random() < hoard:
        deal.apply(_hoarding_play(deal, rng))
    else:
        deal.apply(rng.choice(deal.legal_actions()))


def new_deal(profile: Profile, seed: int) -> tuple[Deal, random.Random]:
    rng = random.Random(seed)
    return Deal.new(profile, rng, dealer=seed % profile.players), rng


def declare_spots(profile: Profile, seed: int, greed: float = 0.8,
                  hoard: float = 0.0) -> Iterator[DeclareSpot]:
    """Every declare phase of one simulated deal (before the winner acts),
    skipping phases where the winner has melds waiting (Cady) — the ``melds``
    request has no field for them."""
    deal, rng = new_deal(profile, seed)
    while not deal.is_over:
        if deal.phase == DECLARE and deal.scored_this_turn == 0:
            player = deal.to_move
            if not deal.pending[player]:
                yield DeclareSpot(seed, player, deal.stock_count, melds_position(deal, player))
        step(deal, rng, greed, hoard)


def playoff_deal(profile: Profile, seed: int) -> Deal:
    """A simulated deal advanced to the first trick of the play-off."""
    deal, rng = new_deal(profile, seed)
    while not deal.in_playoff and not deal.is_over:
        step(deal, rng)
    return deal


def advance(deal: Deal, rng: random.Random, cards: int) -> Deal:
    """Play ``cards`` more random legal cards (stopping if the deal ends)."""
    for _ in range(cards):
        if deal.is_over:
            break
        step(deal, rng)
    return deal
