"""Exact play-off solver: once the stock is exhausted both hands are known and
the last tricks are a game of perfect information.

    >>> from engine.solver import Position, solve
    >>> p = Position.from_text("two-handed/H/0/AS 7S/TS 9S/-")
    >>> s = solve(p)
    >>> s.value, s.values, s.best_card
    (20, {'AS': 10, '7S': 20}, Card('7S#1'))

* :class:`Position`: the position, its JSON and one-line text notation
  (``variant/trump/leader/hand0/hand1/trick``) and validation;
* :func:`solve`: the value of every legal card, the best line and a
  :class:`Refutation` of every worse card, in English and Russian;
* :func:`move_values`: just the values (the fast path for bots);
* :class:`Solution`, :class:`Refutation`, :class:`Scale`
  (:mod:`engine.solver.solution`): what every solver returns;
* :func:`paranoid_reply`: an opponent's card in a three-handed play-off
  (:mod:`engine.solver.paranoid`);
* :func:`kernel_available` and :func:`warm_up`: whether the compiled search is
  there, and loading it ahead of the first question;
* :mod:`engine.solver.search`: the bitmask search itself;
* :mod:`engine.solver.partnership` and :mod:`engine.solver.search4`: the same for
  four seats in two partnerships;
* :mod:`engine.solver.kernel4`: both searches compiled with numba (the default
  when numba is installed; the pure-Python ones are the reference).
"""

from engine.solver.analysis import move_values, solve
from engine.solver.kernel4 import kernel_available, warm_up
from engine.solver.paranoid import paranoid_reply
from engine.solver.partnership import (
    PartnershipSolution,
    PartnershipSolver,
    move_values_partnership,
    solve_partnership,
)
from engine.solver.position import Position
from engine.solver.search import Options
from engine.solver.solution import Refutation, Scale, Solution

__all__ = ["Options", "PartnershipSolution", "PartnershipSolver", "Position", "Refutation",
           "Scale", "Solution", "kernel_available", "move_values", "move_values_partnership",
           "paranoid_reply", "solve", "solve_partnership", "warm_up"]
