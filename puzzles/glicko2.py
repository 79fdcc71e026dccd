"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012).

Terminology
-----------
* *rating* ``r``, *rating deviation* ``RD`` and *volatility* ``sigma`` on the
  Glicko scale (1500 / 350 / 0.06 for a newcomer); internally the Glicko-2 scale
  ``mu = (r - 1500) / 173.7178``, ``phi = RD / 173.7178``.
* A *rating period* is one batch of games. The trainer treats every puzzle
  attempt as one period with one game (as lichess does), so both the learner's
  and the puzzle's rating move after each attempt.
* A *score* is 1 for a win, 0 for a loss; partial credit (a solve with hints)
  is a score in between.

Glickman's worked example::

    >>> r = update(Rating(1500, 200, 0.06),
    ...            [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    >>> round(r.rating, 1), round(r.rd, 2), round(r.volatility, 6)
    (1464.1, 151.52, 0.059996)

(The paper prints 1464.06 from rounded intermediate values; the exact
computation gives 1464.05.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5            # system constant: how fast volatility may change
EPSILON = 0.000001   # convergence tolerance of the volatility iteration
MIN_RD = 30.0        # floor so ratings never freeze completely
MAX_RD = 350.0
# A new learner's deviation. 350 (the paper's unknown player) made a first wrong answer
# cost 160 to 290 points (app review D17): a learner who opened a trainer is no unknown
# player, and 200 keeps a first miss near 90 points while ratings still settle quickly.
LEARNER_RD = 200.0


def new_learner() -> Rating:
    """The rating a learner starts every scope with."""
    return Rating(DEFAULT_RATING, LEARNER_RD, DEFAULT_VOLATILITY)


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (0..1)."""
    return _e(player.mu, opponent.mu, opponent.phi)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the algorithm: the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU,
           clamp: bool = False) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score).

    With no games only the deviation grows (step 6). ``clamp`` keeps RD within
    ``MIN_RD..MAX_RD`` (the trainer uses it; the worked example does not).
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        rd = phi_star * SCALE
        return Rating(player.rating, min(rd, MAX_RD) if clamp else rd, sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score must be between 0 and 1, not {score}")
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma2 = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * delta_sum
    rd = phi2 * SCALE
    if clamp:
        rd = min(max(rd, MIN_RD), MAX_RD)
    return Rating(mu2 * SCALE + DEFAULT_RATING, rd, sigma2)


def duel(player: Rating, puzzle: Rating, score: float) -> tuple[Rating, Rating]:
    """One attempt as a game: the learner scores ``score``, the puzzle ``1 - score``.
    Returns the new (learner, puzzle) ratings, both computed from the old ones."""
    return (update(player, [(puzzle, score)], clamp=True),
            update(puzzle, [(player, 1.0 - score)], clamp=True))
