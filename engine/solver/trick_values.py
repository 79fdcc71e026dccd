"""The play-off solved for variants whose tricks themselves score (002: 10 a trick
and 10 more with an ace or a ten; 004's card-point game: the cards' values).

The bitmask search of :mod:`engine.solver.search` values each card by its
brisque units; a trick's worth here depends on the trick as a whole
(:func:`engine.rules.trick_scoring.trick_value`), so these variants are solved by a
plain minimax with a memo over (hands, leader, card led): with two hands of at
most eight cards that is a few tens of thousands of states. The value is what
the player to move is sure to capture from here with best play, the last-trick
bonus included — the same meaning as the brisque solver's.
"""

from __future__ import annotations

from functools import lru_cache

from engine.rules.profile import Profile
from engine.rules.trick_scoring import trick_value
from engine.rules.tricks import beats, playoff_legal
from engine.solver.position import Position
from engine.solver.search import NIBBLE, counts_of
from engine.solver.solution import Scale, State


def scores_tricks(profile: Profile) -> bool:
    """True when a trick's worth is not a sum of brisques (this module's variants)."""
    sc = profile.scoring
    return bool(sc.points_per_trick or sc.trick_bonus or profile.card_points.any)


class _Nodes:
    nodes = 0


class TrickAnalyser:
    """The interface of the brisque search's walker (``_Analyser`` in
    :mod:`engine.solver.analysis`) for these variants (count-vector hands,
    :class:`~engine.solver.solution.State`), so ``solve`` and ``move_values`` use either."""

    def __init__(self, position: Position) -> None:
        profile = position.profile
        self.position = position
        self.profile = profile
        self.trump = None if position.trump is None else int(position.trump)
        self.rules = profile.playoff
        self.brisque_points = profile.scoring.brisque_points \
            if profile.scoring.brisques == "count" else 0
        self.last = profile.scoring.last_trick_bonus
        self.scale = Scale("points", self.brisque_points, self.last, 1, 1, 0, 0)
        self.searcher = _Nodes()
        self._best = lru_cache(maxsize=None)(self._best_uncached)

    # --- the same walker interface as _Analyser ---------------------------------------
    def root(self) -> State:
        p = self.position
        h0, _ = counts_of(p.hand_ids(0))
        h1, _ = counts_of(p.hand_ids(1))
        lead = p.trick[0].kind if p.trick else -1
        return State((h0, h1), p.leader, lead, 0)

    def values(self, state: State) -> dict[int, int]:
        """Points the mover is sure of after each legal kind."""
        hands, leader, lead = state.hands, state.leader, state.lead
        mover = state.mover
        out: dict[int, int] = {}
        for kind in self._legal(hands[mover], lead):
            out[kind] = self._after(hands, leader, lead, kind, mover)
        return out

    def play(self, state: State, kind: int) -> State:
        hands = list(state.hands)
        mover = state.mover
        hands[mover] -= 1 << (NIBBLE * kind)
        lead, leader = state.lead, state.leader
        if lead < 0:
            return State((hands[0], hands[1]), leader, kind, 0)
        winner = mover if beats(lead, kind, self.trump) else leader
        return State((hands[0], hands[1]), winner, -1, 0)

    def next_value(self, state: State, after: State, value: int) -> int | None:
        """The brisque search carries the value down its line; this one recomputes it."""
        return None

    def line(self, state: State, value: int | None = None,
             first: int = -1) -> list[tuple[int, int]]:
        """The best line, as the brisque walker's ``line`` (``first``,
        when known, is the best kind at ``state``; ``value`` is not needed here)."""
        out: list[tuple[int, int]] = []
        while not state.over:
            kind, first = first, -1
            if kind < 0:
                values = self.values(state)
                best = max(values.values())
                kind = min(k for k, v in values.items() if v == best)
            out.append((state.mover, kind))
            state = self.play(state, kind)
        return out

    # --- the minimax ------------------------------------------------------------------
    def _legal(self, hand: int, lead: int) -> list[int]:
        kinds = [k for k in range(32) if (hand >> (NIBBLE * k)) & 15]
        if lead < 0:
            return kinds
        return sorted(set(playoff_legal(kinds, lead, self.trump, self.rules)))

    def _trick(self, lead: int, reply: int, last: bool) -> int:
        points = trick_value(self.profile, (lead, reply), playoff=True)
        points += self.brisque_points * ((lead & 7) >= 6) + self.brisque_points * (
            (reply & 7) >= 6)
        return points + (self.last if last else 0)

    def _after(self, hands: tuple[int, int], leader: int, lead: int, kind: int,
               mover: int, me: int | None = None) -> int:
        """Points ``me`` (by default the mover) is sure of after ``mover`` plays ``kind``."""
        me = mover if me is None else me
        hs = list(hands)
        hs[mover] -= 1 << (NIBBLE * kind)
        if lead < 0:
            return self._best(hs[0], hs[1], leader, kind, me)
        winner = mover if beats(lead, kind, self.trump) else leader
        worth = self._trick(lead, kind, hs[0] == 0 and hs[1] == 0)
        return (worth if winner == me else 0) + self._best(hs[0], hs[1], winner, -1, me)

    def _best_uncached(self, h0: int, h1: int, leader: int, lead: int, me: int) -> int:
        """Points ``me`` is sure of from this state (``me`` maximises, the other
        minimises)."""
        self.searcher.nodes += 1
        if h0 == 0 and h1 == 0:
            return 0
        hands = (h0, h1)
        mover = leader if lead < 0 else 1 - leader
        results = [self._after(hands, leader, lead, k, mover, me)
                   for k in self._legal(hands[mover], lead)]
        return max(results) if mover == me else min(results)
