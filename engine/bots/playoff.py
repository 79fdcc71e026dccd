"""Exact play-off values for the bots and hints.

Once the stock is exhausted a seat knows the opponent's hand by elimination, so
the play-off is a perfect-information game: the bots play it exactly. This
module has a small memoised minimax on card kinds (copies of a kind are
interchangeable here); when the project's solver (:mod:`engine.solver`) offers
``solve``, it could be swapped in behind :func:`playoff_values`.

Values are the points a player still captures in the play-off (brisques, the
last trick, per-trick points), the card being chosen now included.
"""

from __future__ import annotations

from functools import lru_cache

from engine.bots.fastplay import Rules, rules_for
from engine.view import PlayerView

Hand = tuple[int, ...]


def _beats(lead: int, follow: int, trump: int) -> bool:
    ls, fs = lead >> 3, follow >> 3
    if fs == ls:
        return (follow & 7) > (lead & 7)
    return fs == trump


def _replies(rules: Rules, hand: Hand, lead: int) -> Hand:
    ls = lead >> 3
    same = tuple(c for c in hand if c >> 3 == ls)
    if same and rules.follow_suit:
        if rules.must_win:
            higher = tuple(c for c in same if (c & 7) > (lead & 7))
            if higher:
                return higher
        return same
    if rules.must_trump and rules.trump >= 0 and ls != rules.trump:
        trumps = tuple(c for c in hand if c >> 3 == rules.trump)
        if trumps:
            return trumps
    return hand


def _without(hand: Hand, card: int) -> Hand:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


class PlayoffSolver:
    """Memoised exact values of play-off positions for one set of rules."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.value = lru_cache(maxsize=200_000)(self._value)

    def _trick_points(self, lead: int, reply: int, last: bool) -> int:
        r = self.rules
        points = r.trick_points + (r.last_bonus if last else 0)
        if r.brisque_points:
            points += r.brisque_points * (((lead & 7) >= 6) + ((reply & 7) >= 6))
        return points

    def remaining(self, a: Hand, b: Hand) -> int:
        r = self.rules
        points = r.last_bonus + r.trick_points * max(len(a), len(b))
        if r.brisque_points:
            points += r.brisque_points * sum(1 for c in a + b if (c & 7) >= 6)
        return points

    def _value(self, leader: Hand, follower: Hand) -> int:
        """Points the leader captures from here with best play by both."""
        if not leader:
            return 0
        best = -1
        for lead in sorted(set(leader)):
            v = self.after_lead(leader, follower, lead)
            if v > best:
                best = v
        return best

    def after_lead(self, leader: Hand, follower: Hand, lead: int) -> int:
        """The leader's points once ``lead`` is played and the follower replies best."""
        worst = None
        for reply in sorted(set(_replies(self.rules, follower, lead))):
            v = self.outcome(leader, follower, lead, reply)
            if worst is None or v < worst:
                worst = v
        assert worst is not None
        return worst

    def outcome(self, leader: Hand, follower: Hand, lead: int, reply: int) -> int:
        """The leader's points after ``lead`` and ``reply``, best play afterwards."""
        rest_l, rest_f = _without(leader, lead), _without(follower, reply)
        points = self._trick_points(lead, reply, not rest_l)
        if _beats(lead, reply, self.rules.trump):
            return self.remaining(rest_f, rest_l) - self.value(rest_f, rest_l)
        return points + self.value(rest_l, rest_f)


_SOLVERS: dict[int, PlayoffSolver] = {}


def solver_for(rules: Rules) -> PlayoffSolver:
    solver = _SOLVERS.get(id(rules))
    if solver is None or solver.rules is not rules:
        solver = _SOLVERS[id(rules)] = PlayoffSolver(rules)
    return solver


def playoff_values(view: PlayerView) -> dict[int, int]:
    """For each card the seat may play now, the play-off points the seat will
    still capture (this trick included) with best play by both afterwards."""
    rules = rules_for(view.profile, view.trump)
    solver = solver_for(rules)
    mine = tuple(sorted(c % 32 for c in view.holding))
    theirs = tuple(sorted(c % 32 for c in view.opponent_known | view.tables[view.opponent]))
    legal = [a.card for a in view.legal]
    values: dict[int, int] = {}
    if view.trick:
        lead = view.trick[0] % 32
        leader = tuple(sorted((*theirs, lead)))
        total = solver.remaining(leader, mine)
        for card in legal:
            values[card] = total - solver.outcome(leader, mine, lead, card % 32)
    else:
        for card in legal:
            values[card] = solver.after_lead(mine, theirs, card % 32)
    return values


def best_playoff_card(view: PlayerView) -> tuple[int, int, str]:
    """(card, its value, reason key) of the best play-off card for the seat."""
    values = playoff_values(view)
    card = max(values, key=lambda c: (values[c], -(c % 8), -c))
    return card, values[card], "playoff_solver"
