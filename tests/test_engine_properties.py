"""Invariants over random deals and random legal actions (hypothesis)."""

from __future__ import annotations

import random

import sweep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.notation.actions import ActionType
from engine.rules.deal import FOLLOW, Deal
from engine.rules.profile import load_profile

P = load_profile("two-handed")
SETTINGS = settings(max_examples=sweep.count(25, 200), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def independent_playoff_legal(hand: set[int], lead: int, trump: int) -> set[int]:
    """The play-off duty of 001 §02, written again without engine helpers."""
    lead_suit = lead % 32 // 8
    same = {c for c in hand if c % 32 // 8 == lead_suit}
    if same:
        higher = {c for c in same if c % 8 > lead % 8}
        return higher or same
    trumps = {c for c in hand if c % 32 // 8 == trump}
    return trumps or set(hand)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_random_deal_invariants(seed: int, dealer: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(P, rng, dealer)
    while not deal.is_over:
        # The card count holds: 64 physical cards, each in exactly one place.
        places = deal.every_card()
        assert sorted(places) == list(range(64))
        # Hands are full whenever a trick starts.
        if deal.phase == "lead":
            assert all(len(deal.holding(p)) == 8 - 0 for p in range(2)) or deal.in_playoff
        legal = deal.legal_actions()
        assert legal
        if deal.in_playoff and deal.phase == FOLLOW:
            allowed = independent_playoff_legal(deal.holding(deal.to_move), deal.trick[0],
                                                deal.trump or 0)
            assert {a.card for a in legal} == allowed
        if deal.in_playoff:
            assert all(a.type is ActionType.PLAY for a in legal)
        deal.apply(rng.choice(legal))
    assert sorted(deal.every_card()) == list(range(64))
    # Scores equal the sum of explained events, and every scoring event explains itself.
    for player in range(2):
        scoring = [e for e in deal.events if e.player == player and e.points]
        assert deal.scores[player] == sum(e.points for e in scoring)
        assert all(e.steps and e.rule_id for e in scoring)
    assert deal.events[-1].totals == tuple(deal.scores)
    # No seven of trumps is counted twice.
    sevens = [e.cards[0] for e in deal.events if e.type == "dix" and e.points]
    assert len(sevens) == len(set(sevens))
    assert all(s % 32 == (deal.trump or 0) * 8 for s in sevens)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 120))
def test_saved_state_restores_to_an_equal_state(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(P, rng, dealer=seed % 2)
    for _ in range(stop):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    restored = Deal.loads(deal.dumps())
    assert restored == deal
    assert restored.legal_actions() == deal.legal_actions()


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_deal(seed: int) -> None:
    def play() -> list[int]:
        rng = random.Random(seed)
        deal = Deal.new(P, rng, dealer=0)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        return deal.scores
    assert play() == play()
