"""PlayerView: a seat sees only what it may see."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView, determinize, sample_unseen

PROFILE = load_profile("two-handed")


def random_position(seed: int, steps: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(PROFILE, rng, dealer=seed % 2)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_view_counts_and_legal_actions() -> None:
    deal = random_position(3, 0)
    seat = deal.to_move
    view = PlayerView.of(deal, seat)
    assert view.hand == frozenset(deal.hands[seat])
    assert list(view.legal) == deal.legal_actions()
    other = PlayerView.of(deal, 1 - seat)
    assert other.legal == () and other.opponent_concealed == 8
    assert len(view.unseen) == view.opponent_concealed + view.hidden_stock


@pytest.mark.parametrize("seed", range(12))
def test_reshuffling_unseen_cards_changes_neither_view_nor_decision(seed: int) -> None:
    deal = random_position(seed, 7 * seed + 3)
    if deal.is_over:
        pytest.skip("deal finished")
    seat = deal.to_move
    view = PlayerView.of(deal, seat)
    assert not (view.unknown & deal.hands[seat])
    for k in range(3):
        hand, stock = sample_unseen(view, random.Random(100 + k))
        other = determinize(view, deal, hand, stock)
        assert PlayerView.of(other, seat) == view
        if k == 0 and hand != sorted(deal.hands[1 - seat]):
            assert other.hands[1 - seat] != deal.hands[1 - seat] or view.hidden_stock == 0
        for name in ("random", "heuristic", "strong"):
            kwargs = {"deals": 3} if name == "strong" else {}
            first = make_bot(name, random.Random(seed), **kwargs).choose(view)
            again = make_bot(name, random.Random(seed), **kwargs).choose(
                PlayerView.of(other, seat))
            assert first == again
            assert first in deal.legal_actions() and first in other.legal_actions()


def test_exchanged_turn_up_is_known_to_the_other_seat() -> None:
    for seed in range(400):
        rng = random.Random(seed)
        deal = Deal.new(PROFILE, rng, dealer=0)
        while not deal.is_over:
            exchanges = [a for a in deal.legal_actions() if a.type.value == "exchange"]
            if exchanges and deal.stock_count > 4:
                seat = deal.to_move
                old = deal.turn_up
                deal.apply(exchanges[0])
                view = PlayerView.of(deal, 1 - seat)
                assert old in view.opponent_known and old not in view.unknown
                return
            deal.apply(rng.choice(deal.legal_actions()))
    pytest.skip("no exchange found")


def last_stock_trick(seed: int) -> Deal:
    """A random deal played on to a play at the last stock trick (one hidden card)."""
    rng = random.Random(seed)
    deal = Deal.new(PROFILE, rng, dealer=seed % 2)
    while not (deal.stock_count == 2 and deal.phase in ("lead", "follow")):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("seed", range(4))
def test_strong_endgame_tries_every_placing_and_ignores_the_true_one(seed: int) -> None:
    from engine.bots.search import StrongBot

    deal = last_stock_trick(seed)
    seat = deal.to_move
    view = PlayerView.of(deal, seat)
    assert view.hidden_stock == 1
    result = StrongBot(random.Random(seed), deals=1).search(view)
    # One placing per unseen card, whatever the sample budget.
    assert result.samples == len(view.unknown)
    assert result.means[result.action] == max(result.means.values())
    hand, stock = sample_unseen(view, random.Random(7))
    other = determinize(view, deal, hand, stock)
    again = StrongBot(random.Random(seed), deals=1).search(
        PlayerView.of(other, seat))
    assert again.action == result.action and again.means == result.means
