"""Exact play-off search for three players each for himself: the paranoid value.

Three players each for himself is not a two-sided game, so "best play by
everyone" has no single meaning. The trainer uses the *paranoid* value: the
most points the player to move can be sure of capturing when both other
players play against him (as if they were partners whose only aim is to hold
him down). It is a guaranteed floor: any other play by them can only give him
as much or more.

Seats ``0..2`` play in order ``(leader + i) % 3``; legality comes from
:func:`engine.rules.tricks.playoff_legal` with ``best`` the card winning the trick
so far, the same call :class:`engine.rules.deal.Deal` makes. Points are counted as in
the other solvers (:class:`engine.solver.solution.Scale`): ``brisque_points``
per ace or ten captured (the cards already on the trick included) plus
``last_trick_bonus`` for the last trick (weighted by ``tiebreak_factor`` where
brisques only break ties).

    >>> from engine.solver.position import Position
    >>> p = Position.from_text("three-handed/H/0/AS 7C/TS 8C/KS 9C/-")
    >>> s = solve_paranoid(p)
    >>> s.value, s.values
    (30, {'AS': 20, '7C': 30})

Technique: fail-soft alpha-beta over absolute seats (the root player maximises,
the other two minimise), a transposition table keyed on the three hands
(sorted tuples of kinds), the leader and the trick, holding a lower and an
upper bound and the best move; identical kinds in a hand are tried once;
move ordering: the stored best move, then cards that take the trick (cheapest
first) when the other side holds it, brisques first when the root player holds
it and plays to it, otherwise cheap cards first.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import PositionError
from engine.notation.cards import KINDS_PER_PACK, kind_face, parse_card
from engine.rules.profile import Profile
from engine.rules.tricks import beats, is_brisque, playoff_legal, trick_best
from engine.solver.position import Position
from engine.solver.solution import (
    Refutation,
    Scale,
    Solution,
    face_values,
    loss_words,
    russian_face,
    tricks_text,
)

__all__ = ["ParanoidSolver", "move_values_paranoid", "paranoid_reply", "solve_paranoid"]

SEATS = 3
Hands = tuple[tuple[int, ...], ...]


def _remove(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = hand.index(kind)
    return hand[:i] + hand[i + 1:]


class ParanoidSolver:
    """Search for one trump suit, rule set and root player ``me``; the table lives
    as long as the solver."""

    def __init__(self, profile: Profile, trump: int | None, me: int) -> None:
        scale = Scale.from_profile(profile)
        self.trump = trump
        self.me = me
        self.rules = profile.playoff
        self.last = scale.last_trick_bonus * scale.tiebreak_factor
        self.points = tuple(scale.brisque_points if is_brisque(k) else 0 for k in range(32))
        self.tt: dict[tuple[Hands, int, tuple[int, ...]], list[int]] = {}
        self.nodes = 0

    def remaining(self, hands: Hands, trick: tuple[int, ...]) -> int:
        pts = self.points
        total = sum(pts[k] for h in hands for k in h) + sum(pts[k] for k in trick)
        return total + (self.last if any(hands) else 0)

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        kinds = sorted(set(hand))
        if not trick:
            return kinds
        best = trick[trick_best(trick, self.trump)]
        return sorted(set(playoff_legal(kinds, trick[0], self.trump, self.rules, best)))

    def _representatives(self, moves: list[int], hands: Hands, trick: tuple[int, ...],
                         seat: int) -> list[int]:
        """One card of each run of equivalent moves: ranks of one suit next to each
        other among the cards still out, held by the mover alone, of the same point
        class (neither can be separated from the other by any card still to come)."""
        if len(moves) < 2:
            return moves
        others = set(trick)
        for i, hand in enumerate(hands):
            if i != seat:
                others.update(hand)
        present = sorted(set(hands[seat]) | others)
        out: list[int] = []
        previous = -1
        for k in moves:  # moves are sorted kinds
            if (previous >= 0 and k // 8 == previous // 8 and k not in others
                    and previous not in others and self.points[k] == self.points[previous]
                    and present.index(k) == present.index(previous) + 1):
                previous = k
                continue
            out.append(k)
            previous = k
        return out

    def _order(self, moves: list[int], trick: tuple[int, ...], leader: int, seat: int,
               first: int) -> list[int]:
        trump, pts = self.trump, self.points

        def cheap(k: int) -> tuple[int, int, int]:
            return (pts[k], 1 if k // 8 == trump else 0, k % 8)

        if not trick:
            ordered = sorted(moves, key=lambda k: (1 if k // 8 == trump else 0, -(k % 8)))
        else:
            bi = trick_best(trick, trump)
            holder = (leader + bi) % SEATS
            friendly = (holder == self.me) == (seat == self.me)
            if friendly:
                ordered = sorted(moves, key=lambda k: (-pts[k], k % 8))
            else:
                best = trick[bi]
                winners = sorted((k for k in moves if beats(best, k, trump)), key=cheap)
                losers = sorted((k for k in moves if not beats(best, k, trump)), key=cheap)
                ordered = winners + losers
        if first in ordered and ordered[0] != first:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    def _child(self, hands: Hands, leader: int, trick: tuple[int, ...], kind: int
               ) -> tuple[Hands, int, tuple[int, ...], int, bool]:
        """(hands, leader, trick, points the root player gains, deal over) after
        the seat to move plays ``kind``."""
        seat = (leader + len(trick)) % SEATS
        new = list(hands)
        new[seat] = _remove(hands[seat], kind)
        t2 = trick + (kind,)
        if len(t2) < SEATS:
            return tuple(new), leader, t2, 0, False
        winner = (leader + trick_best(t2, self.trump)) % SEATS
        over = not any(new)
        gained = sum(self.points[k] for k in t2) + (self.last if over else 0)
        return tuple(new), winner, (), gained if winner == self.me else 0, over

    def search(self, hands: Hands, leader: int, trick: tuple[int, ...], alpha: int,
               beta: int, rem: int = -1) -> int:
        """Fail-soft alpha-beta: the points the root player still captures
        (``rem``: the points still to capture, computed when not given)."""
        self.nodes += 1
        if rem < 0:
            rem = self.remaining(hands, trick)
        if rem == 0 or not any(hands):
            return 0
        key = (hands, leader, trick)
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha, beta = max(alpha, lower), min(beta, upper)
        a0, b0 = alpha, beta
        seat = (leader + len(trick)) % SEATS
        maximise = seat == self.me
        moves = self._order(self._representatives(self.legal(hands[seat], trick), hands,
                                                  trick, seat), trick, leader, seat, first)
        best_value = -1 if maximise else rem + 1
        best_move = moves[0]
        for k in moves:
            h2, l2, t2, gained, over = self._child(hands, leader, trick, k)
            # A finished trick takes its points out of what is still to capture.
            left = rem if t2 else rem - self.points[k] - sum(self.points[c] for c in trick)
            v = gained if over else gained + self.search(h2, l2, t2, alpha - gained,
                                                         beta - gained, left)
            if maximise and v > best_value:
                best_value, best_move = v, k
                alpha = max(alpha, v)
            elif not maximise and v < best_value:
                best_value, best_move = v, k
                beta = min(beta, v)
            if alpha >= beta:
                break
        lower, upper = (entry[0], entry[1]) if entry is not None else (0, rem)
        if best_value <= a0:
            upper = min(upper, best_value)
        elif best_value >= b0:
            lower = max(lower, best_value)
        else:
            lower = upper = best_value
        self.tt[key] = [lower, upper, best_move]
        return best_value

    def exact(self, hands: Hands, leader: int, trick: tuple[int, ...]) -> int:
        return self.search(hands, leader, trick, -1, self.remaining(hands, trick) + 1)

    def move_value(self, hands: Hands, leader: int, trick: tuple[int, ...], kind: int) -> int:
        h2, l2, t2, gained, over = self._child(hands, leader, trick, kind)
        return gained if over else gained + self.exact(h2, l2, t2)

    def line(self, hands: Hands, leader: int, trick: tuple[int, ...], kind: int
             ) -> list[tuple[int, int]]:
        """(seat, kind) of a paranoid line after ``kind``: at each node the first
        move whose exact value is the node's."""
        out: list[tuple[int, int]] = []
        while True:
            out.append(((leader + len(trick)) % SEATS, kind))
            hands, leader, trick, _, over = self._child(hands, leader, trick, kind)
            if over:
                return out
            node = self.exact(hands, leader, trick)
            seat = (leader + len(trick)) % SEATS
            kind = next((m for m in self.legal(hands[seat], trick)
                         if self.move_value(hands, leader, trick, m) == node), -1)
            if kind < 0:  # pragma: no cover - the table is consistent
                raise AssertionError("paranoid solver: inconsistent values on the line")


def _normalise(hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int],
               packs: int) -> tuple[int, Hands, tuple[int, ...]]:
    if len(hands) != SEATS:
        raise PositionError(f"a three-player play-off has three hands, not {len(hands)}")
    if isinstance(leader, bool) or leader not in range(SEATS):
        raise PositionError(f"leader must be a seat 0..2, not {leader!r}")
    if len(trick) >= SEATS:
        raise PositionError(f"the trick may hold at most 2 cards, not {len(trick)}")
    ids = [c for h in hands for c in h] + list(trick)
    if len(set(ids)) != len(ids) or any(not 0 <= c < packs * KINDS_PER_PACK for c in ids):
        raise PositionError("a card id is given twice or is not in the packs")
    to_move = (leader + len(trick)) % SEATS
    kinds = tuple(tuple(sorted(c % KINDS_PER_PACK for c in h)) for h in hands)
    return to_move, kinds, tuple(c % KINDS_PER_PACK for c in trick)


def move_values_paranoid(profile: Profile, trump: int | None, hands: Sequence[Sequence[int]],
                         leader: int, trick: Sequence[int] = ()) -> dict[str, int]:
    """Paranoid value of every legal card face of the seat to move."""
    to_move, kinds, t = _normalise(hands, leader, trick, profile.packs)
    s = ParanoidSolver(profile, trump, to_move)
    return {kind_face(k): s.move_value(kinds, leader, t, k)
            for k in s.legal(kinds[to_move], t)}


def paranoid_reply(position: Position, me: int) -> str:
    """The card face another seat plays against ``me`` in the paranoid model: the
    first legal card (lowest among equals) that holds ``me`` to the least."""
    trump = int(position.trump) if position.trump is not None else None
    hands = [position.hand_ids(p) for p in range(SEATS)]
    to_move, kinds, t = _normalise(hands, position.leader, [c.id for c in position.trick],
                                   position.profile.packs)
    if to_move == me:
        raise PositionError("it is the player's own turn, not an opponent's")
    s = ParanoidSolver(position.profile, trump, me)
    values = {k: s.move_value(kinds, position.leader, t, k) for k in s.legal(kinds[to_move], t)}
    low = min(values.values())
    return kind_face(min((k for k, v in values.items() if v == low),
                         key=lambda x: (x % 8, x // 8)))


def solve_paranoid(position: Position, explain: bool = True) -> Solution:
    """Solve a three-hand :class:`Position` for the seat to move, the other two
    playing against it; the same :class:`Solution` as the other solvers, with a
    :class:`Refutation` in words for every worse card."""
    if position.players != SEATS:
        raise PositionError(f"a three-player play-off has three hands, not {position.players}")
    profile = position.profile
    trump = int(position.trump) if position.trump is not None else None
    hands = [position.hand_ids(p) for p in range(SEATS)]
    to_move, kinds, t = _normalise(hands, position.leader, [c.id for c in position.trick],
                                   profile.packs)
    s = ParanoidSolver(profile, trump, to_move)
    values = {k: s.move_value(kinds, position.leader, t, k) for k in s.legal(kinds[to_move], t)}
    value = max(values.values())
    moves = tuple(face_values(position, values, 1))
    best_kind = min((k for k, v in values.items() if v == value),
                    key=lambda x: (x // 8, -(x % 8)))
    line = s.line(kinds, position.leader, t, best_kind)
    scale = Scale.from_profile(profile)
    refutations: list[Refutation] = []
    still = SEATS - len(t)
    if explain:
        for face, v in moves:
            if v == value:
                continue
            after = s.line(kinds, position.leader, t, parse_card(face).kind)
            faces = [kind_face(k) for _p, k in after]
            reply = next((kind_face(k) for p, k in after if p != to_move), "")
            loss_en, loss_ru = loss_words(scale, value, v)
            refutations.append(Refutation(
                move=face, value=v, loss=value - v, reply=reply,
                line=tuple(faces[1:]), line_players=tuple(p for p, _k in after[1:]),
                text_en=(f"{face} loses {loss_en} when both others play against you; "
                         f"their best play after it: {tricks_text(faces, still, SEATS, False)}"),
                text_ru=(f"{russian_face(face)} теряет {loss_ru}, если оба других играют "
                         f"против вас; их лучшая игра после него: "
                         f"{tricks_text(faces, still, SEATS, True)}")))
    return Solution(
        position=position, to_move=to_move, value=value, moves=moves,
        best=tuple(f for f, v in moves if v == value),
        line=tuple(kind_face(k) for _p, k in line),
        line_players=tuple(p for p, _k in line), refutations=tuple(refutations),
        scale=scale, nodes=s.nodes)
