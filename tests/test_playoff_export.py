"""A live deal exports its play-off as a solver position, and the solver's value is
what best play then captures in the deal itself."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action
from engine.cards import Card
from engine.deal import Deal
from engine.errors import BeziqueError
from engine.profile import load_profile
from engine.solver import Position, solve
from engine.tricks import is_brisque

P = load_profile("two-handed")


def into_playoff(seed: int, extra_tricks: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(P, rng, dealer=0)
    while not deal.in_playoff:
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(extra_tricks * 2):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("seed, extra", [(1, 0), (2, 3), (3, 5), (4, 6)])
def test_export_round_trips_and_best_play_realises_the_value(seed: int, extra: int) -> None:
    deal = into_playoff(seed, extra)
    position = deal.playoff_position()
    assert Position.from_text(position.to_text()) == position
    assert Position.from_json(position.to_json()) == position
    solution = solve(position)
    legal = {Card.from_id(a.card).face for a in deal.legal_actions()}
    assert set(solution.values) == legal
    side = deal.to_move
    before = sum(1 for c in deal.won[side] if is_brisque(c))
    for face in solution.line:
        card = next(a.card for a in deal.legal_actions() if Card.from_id(a.card).face == face)
        deal.apply(Action.play(card))
    captured = (sum(1 for c in deal.won[side] if is_brisque(c)) - before) * 10
    last = 10 if deal.last_trick_winner == side else 0
    assert captured + last == solution.value


def test_no_position_before_the_play_off() -> None:
    deal = Deal.new(P, random.Random(0))
    with pytest.raises(BeziqueError):
        deal.playoff_position()
