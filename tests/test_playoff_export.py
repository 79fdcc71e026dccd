"""A live deal exports its play-off as a solver position, and the solver's value is
what best play then captures in the deal itself."""

from __future__ import annotations

import random

import pytest

from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import Card
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.tricks import is_brisque
from engine.solver import Position, solve

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


# Skipping a hopeless play-off (003) would end most random deals before it.
FOUR = load_profile("rubicon-four-handed").with_options(
    settlement={"skip_hopeless_playoff": False})


@pytest.mark.parametrize("seed, extra", [(1, 4), (2, 5), (3, 6)])
def test_four_handed_export_round_trips_and_best_play_realises_the_value(
        seed: int, extra: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(FOUR, rng, dealer=0)
    while not deal.in_playoff:
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(extra * 4 + seed):  # also stop inside a trick
        deal.apply(rng.choice(deal.legal_actions()))
    position = deal.playoff_position()
    assert position.players == 4 and position.to_move == deal.to_move
    # The notation keeps the options that matter to the play-off, not settlement ones.
    text = position.to_text()
    assert Position.from_text(text).to_text() == text
    assert Position.from_json(position.to_json()).to_text() == text
    solution = solve(position)
    legal = {Card.from_id(a.card).face for a in deal.legal_actions()}
    assert set(solution.values) == legal
    side = (deal.to_move, (deal.to_move + 2) % 4)

    def brisques() -> int:
        return sum(1 for s in side for c in deal.won[s] if is_brisque(c))

    before = brisques()
    for face, seat in zip(solution.line, solution.line_players, strict=True):
        assert deal.to_move == seat
        card = next(a.card for a in deal.legal_actions() if Card.from_id(a.card).face == face)
        deal.apply(Action.play(card))
    scale = solution.scale
    captured = (brisques() - before) * scale.brisque_points
    last = scale.last_trick_bonus * scale.tiebreak_factor if deal.last_trick_winner in side else 0
    assert captured + last == solution.value
