"""Glicko-2 against Glickman's worked example, and the trainer's duel update."""

from __future__ import annotations

import doctest

import pytest

from puzzles import glicko2
from puzzles.glicko2 import Rating, duel, expected_score, update


def test_glickman_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games)
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_deviation() -> None:
    new = update(Rating(1500, 200, 0.06), [])
    assert new.rating == 1500
    assert new.rd == pytest.approx(200.27, abs=0.01)


def test_duel_moves_both_ratings_in_opposite_directions() -> None:
    learner, puzzle = Rating(), Rating(1500, 200)
    won_l, won_p = duel(learner, puzzle, 1.0)
    assert won_l.rating > 1500 > won_p.rating
    lost_l, lost_p = duel(learner, puzzle, 0.0)
    assert lost_l.rating < 1500 < lost_p.rating
    half_l, _ = duel(learner, puzzle, 0.5)
    assert lost_l.rating < half_l.rating < won_l.rating
    assert glicko2.MIN_RD <= won_l.rd <= glicko2.MAX_RD


def test_expected_score_is_symmetric() -> None:
    a, b = Rating(1600, 100), Rating(1400, 100)
    assert expected_score(a, b) > 0.5 > expected_score(b, a)


def test_bad_score_raises() -> None:
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 1.5)])


def test_doctests() -> None:
    assert doctest.testmod(glicko2).failed == 0
