"""Exact perfect-information solver for the four-handed (partnership) play-off.

Seats ``0..3`` play in order ``(leader + i) % 4``; seats ``{0, 2}`` and ``{1, 3}``
are partners. Legality comes from :func:`engine.tricks.playoff_legal` with
``best`` the card winning the trick so far (:func:`engine.tricks.trick_best`),
the same call :class:`engine.deal.Deal` makes.

Value
-----
The value of a position for the *side* of the seat to move is the points that
side will still capture: ``brisque_points`` per ace or ten (including the cards
already on the current trick) plus ``last_trick_bonus`` for the last trick. With
``scoring.brisques == "tiebreak_only"`` the last trick is weighted by the same
``tiebreak_factor`` as the two-player solver (:class:`engine.solver.analysis.Scale`,
1000 for up to 12 packs), so a value reads ``last_trick_bonus * 1000 + brisques``.

The game is zero-sum over the remaining points ``rem``: the other side gets
``rem - value``.

    >>> from engine.profile import load_profile
    >>> from engine.cards import parse_card
    >>> p = load_profile("rubicon-four-handed").with_options(scoring={"brisques": "count"})
    >>> ids = lambda *t: [parse_card(x).id for x in t]
    >>> s = solve_partnership(p, None, [ids("AS"), ids("TS"), ids("7S"), ids("8S")], 0)
    >>> s.value, s.moves, s.line
    (70, {'AS': 70}, ['AS', 'TS', '7S', '8S'])

From a :class:`~engine.solver.position.Position`, :func:`solve_position` gives
the same :class:`~engine.solver.analysis.Solution` as the two-handed solver
(``engine.solver.solve`` calls it for four hands):

    >>> from engine.solver.position import Position
    >>> q = Position.from_text("rubicon-four-handed,brisques=count/-/0/AS 7H/TS 8H/7S 9H/8S JH")
    >>> r = solve_position(q)
    >>> r.to_move, r.value, r.values
    (0, 70, {'AS': 20, '7H': 70})
    >>> " ".join(r.line), r.line_players
    ('7H 8H 9H JH 8S AS TS 7S', (0, 1, 2, 3, 3, 0, 1, 2))
    >>> r.refutation("AS").text_en
    'AS loses 50 for your side; best play after it: AS TS 7S 8S, 7H 8H 9H JH'

Technique
---------
Fail-soft alpha-beta (the side to move maximises; the value for the other side
is ``rem - value``), a transposition table keyed on the four hands (sorted
tuples of kinds, rotated so the seat to move comes first) and the trick so far,
holding a lower and an upper bound and the best move; identical kinds in a hand
are tried once; move ordering: the stored best move, then (when the opponents
hold the trick) the cheapest card that takes it, or (when the partner holds it)
brisques to feed the partner, otherwise cheap cards first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.cards import KINDS_PER_PACK, kind_face, parse_card
from engine.errors import PositionError
from engine.profile import Profile
from engine.solver.analysis import Refutation, Scale, Solution, _face_values, _loss_words, _ru
from engine.solver.position import Position
from engine.tricks import beats, is_brisque, playoff_legal, trick_best

__all__ = ["PartnershipSolution", "PartnershipSolver",
           "move_values_partnership", "solve_partnership", "solve_position"]

SEATS = 4

Hands = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class PartnershipSolution:
    """``value`` and ``moves`` are for the side (partnership) of ``to_move``;
    ``moves`` maps every legal card face (identical copies merged) to its value;
    ``line`` is one best line of play to the end of the deal, as card faces,
    starting with the move of ``to_move``."""

    to_move: int
    value: int
    moves: dict[str, int]
    line: list[str]
    nodes: int = field(default=0, compare=False)


def _remove(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = hand.index(kind)
    return hand[:i] + hand[i + 1:]


class PartnershipSolver:
    """Search for one trump suit and rule set; the table lives as long as the
    solver, so several positions of one deal can share it."""

    def __init__(self, profile: Profile, trump: int | None) -> None:
        scale = Scale.from_profile(profile)
        self.trump = trump
        self.rules = profile.playoff
        self.brisque = scale.brisque_points
        self.last = scale.last_trick_bonus * scale.tiebreak_factor
        self.points = tuple(self.brisque if is_brisque(k) else 0 for k in range(32))
        # key -> [lower, upper, best move or -1]
        self.tt: dict[tuple[Hands, tuple[int, ...]], list[int]] = {}
        self.nodes = 0

    # ------------------------------------------------------------- helpers
    def remaining(self, hands: Hands, trick: tuple[int, ...]) -> int:
        pts = self.points
        total = sum(pts[k] for h in hands for k in h) + sum(pts[k] for k in trick)
        if any(hands) or trick:
            total += self.last
        return total

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        kinds = sorted(set(hand))
        if not trick:
            return kinds
        best = trick[trick_best(trick, self.trump)]
        return sorted(set(playoff_legal(kinds, trick[0], self.trump, self.rules, best)))

    def _order(self, moves: list[int], trick: tuple[int, ...], first: int) -> list[int]:
        trump = self.trump
        pts = self.points

        def cheap(k: int) -> tuple[int, int, int]:
            return (pts[k], 1 if k // 8 == trump else 0, k % 8)

        if not trick:
            # Leads: high cards of plain suits first, then the rest.
            ordered = sorted(moves, key=lambda k: (1 if k // 8 == trump else 0, -(k % 8)))
        else:
            bi = trick_best(trick, trump)
            best = trick[bi]
            partner_holds = (len(trick) - bi) % 2 == 0
            if partner_holds:
                # Feed the partner brisques, unless we must overtake anyway.
                ordered = sorted(moves, key=lambda k: (-pts[k], k % 8))
            else:
                winners = sorted((k for k in moves if beats(best, k, trump)), key=cheap)
                losers = sorted((k for k in moves if not beats(best, k, trump)), key=cheap)
                ordered = winners + losers
        if first in ordered and ordered[0] != first:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    # -------------------------------------------------------------- search
    def search(self, hands: Hands, trick: tuple[int, ...], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value for the side of ``hands[0]``, the seat to move
        (hands are rotated so the mover is first; ``trick`` is the current trick
        from its leader). ``rem`` is implied by the position."""
        return self._ab(hands, trick, self.remaining(hands, trick), alpha, beta)

    def _ab(self, hands: Hands, trick: tuple[int, ...], rem: int, alpha: int,
            beta: int) -> int:
        self.nodes += 1
        if rem == 0:
            return 0
        hand = hands[0]
        if not hand:
            return 0
        key = (hands, trick)
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
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        a0, b0 = alpha, beta
        moves = self._order(self.legal(hand, trick), trick, first)
        pts = self.points
        trump = self.trump
        best_value = -1
        best_move = moves[0]
        for k in moves:
            mine = _remove(hand, k)
            t2 = trick + (k,)
            if len(t2) < SEATS:
                # The next seat is an opponent: value = rem - child.
                child_hands: Hands = (hands[1], hands[2], hands[3], mine)
                v = rem - self._ab(child_hands, t2, rem, rem - beta, rem - alpha)
            else:
                bi = trick_best(t2, trump)
                gained = pts[t2[0]] + pts[t2[1]] + pts[t2[2]] + pts[t2[3]]
                last = not mine and not hands[1]
                if last:
                    gained += self.last
                # Seat offsets from the mover: the leader is offset 1 (mover is last).
                offset = (bi + 1) % SEATS
                rot = (mine, hands[1], hands[2], hands[3])
                winner_hands: Hands = (rot[offset], rot[(offset + 1) % 4],
                                       rot[(offset + 2) % 4], rot[(offset + 3) % 4])
                rest = rem - gained
                ours = offset % 2 == 0
                if last or rest == 0:
                    child = 0
                    v = gained if ours else 0
                elif ours:
                    child = self._ab(winner_hands, (), rest, alpha - gained, beta - gained)
                    v = gained + child
                else:
                    child = self._ab(winner_hands, (), rest, rest - beta, rest - alpha)
                    v = rest - child
            if v > best_value:
                best_value, best_move = v, k
                if v > alpha:
                    alpha = v
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

    def exact(self, hands: Hands, trick: tuple[int, ...]) -> int:
        rem = self.remaining(hands, trick)
        return self._ab(hands, trick, rem, -1, rem + 1)

    def move_value(self, hands: Hands, trick: tuple[int, ...], kind: int) -> int:
        """Exact value for the mover's side of playing ``kind`` (must be legal)."""
        rem = self.remaining(hands, trick)
        mine = _remove(hands[0], kind)
        t2 = trick + (kind,)
        if len(t2) < SEATS:
            return rem - self.exact((hands[1], hands[2], hands[3], mine), t2)
        bi = trick_best(t2, self.trump)
        gained = sum(self.points[k] for k in t2)
        rot = (mine, hands[1], hands[2], hands[3])
        offset = (bi + 1) % SEATS
        if not mine and not hands[1]:
            gained += self.last
            return gained if offset % 2 == 0 else 0
        child_hands: Hands = (rot[offset], rot[(offset + 1) % 4], rot[(offset + 2) % 4],
                              rot[(offset + 3) % 4])
        child = self.exact(child_hands, ())
        return gained + child if offset % 2 == 0 else rem - gained - child


def _normalise(
    profile: Profile, hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int],
) -> tuple[int, Hands, tuple[int, ...]]:
    """(seat to move, hands rotated so the mover is first as sorted kinds, trick kinds)."""
    if len(hands) != SEATS:
        raise PositionError(f"a partnership play-off has four hands, not {len(hands)}")
    if leader not in range(SEATS) or isinstance(leader, bool):
        raise PositionError(f"leader must be a seat 0..3, not {leader!r}")
    trick = list(trick)
    if len(trick) >= SEATS:
        raise PositionError(f"the trick may hold at most 3 cards, not {len(trick)}")
    ids = [c for h in hands for c in h] + trick
    deck = profile.packs * KINDS_PER_PACK
    for c in ids:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < deck:
            raise PositionError(f"bad card id {c!r} for {profile.packs} pack(s)")
    if len(set(ids)) != len(ids):
        raise PositionError("a card id is given twice")
    to_move = (leader + len(trick)) % SEATS
    size = len(hands[to_move])
    if size == 0:
        raise PositionError("no cards left to play")
    for i in range(SEATS):
        seat = (leader + i) % SEATS
        expected = size - 1 if i < len(trick) else size
        if len(hands[seat]) != expected:
            raise PositionError(
                f"seat {seat} holds {len(hands[seat])} cards, expected {expected} "
                f"(seat {to_move} to move holds {size}, {len(trick)} card(s) on the trick)")
    kinds = [tuple(sorted(c % KINDS_PER_PACK for c in h)) for h in hands]
    rotated: Hands = (kinds[to_move], kinds[(to_move + 1) % 4], kinds[(to_move + 2) % 4],
                      kinds[(to_move + 3) % 4])
    return to_move, rotated, tuple(c % KINDS_PER_PACK for c in trick)


def move_values_partnership(
    profile: Profile, trump: int | None, hands: Sequence[Sequence[int]], leader: int,
    trick: Sequence[int] = (), solver: PartnershipSolver | None = None,
) -> dict[str, int]:
    """Value (for the side to move) of every legal card face, identical copies merged."""
    _, rotated, t = _normalise(profile, hands, leader, trick)
    s = solver if solver is not None else PartnershipSolver(profile, trump)
    return {kind_face(k): s.move_value(rotated, t, k) for k in s.legal(rotated[0], t)}


def solve_partnership(
    profile: Profile, trump: int | None, hands: Sequence[Sequence[int]], leader: int,
    trick: Sequence[int] = (), solver: PartnershipSolver | None = None,
) -> PartnershipSolution:
    """Solve a four-handed play-off position exactly (see the module docstring).

    ``hands`` are card ids per seat, ``leader`` the seat that led (or leads) the
    current trick, ``trick`` the cards already played to it from the leader.
    """
    to_move, rotated, t = _normalise(profile, hands, leader, trick)
    s = solver if solver is not None else PartnershipSolver(profile, trump)
    values = {k: s.move_value(rotated, t, k) for k in s.legal(rotated[0], t)}
    moves = {kind_face(k): v for k, v in values.items()}
    value = max(values.values())
    k = min((k for k, v in values.items() if v == value), key=lambda x: (x // 8, -(x % 8)))
    line = _line(s, rotated, t, k)
    return PartnershipSolution(to_move, value, moves, line, s.nodes)


def _line(s: PartnershipSolver, h: Hands, tr: tuple[int, ...], k: int) -> list[str]:
    """A best line after the mover of ``h`` plays kind ``k``: at each node the first
    move whose exact value is the node's."""
    line: list[str] = []
    while True:
        line.append(kind_face(k))
        mine = _remove(h[0], k)
        t2 = tr + (k,)
        if len(t2) < SEATS:
            h, tr = (h[1], h[2], h[3], mine), t2
        else:
            if not mine and not h[1]:
                break
            offset = (trick_best(t2, s.trump) + 1) % SEATS
            rot = (mine, h[1], h[2], h[3])
            h = (rot[offset], rot[(offset + 1) % 4], rot[(offset + 2) % 4],
                 rot[(offset + 3) % 4])
            tr = ()
        node = s.exact(h, tr)
        k = next((m for m in s.legal(h[0], tr) if s.move_value(h, tr, m) == node), -1)
        if k < 0:
            raise AssertionError("partnership solver: inconsistent values on the line")
    return line


def _tricks_text(line: Sequence[str], first: int, ru: bool, limit: int = 12) -> str:
    """Cards grouped by trick (the current trick has ``first`` cards still to
    come), cut after ``limit`` cards."""
    words = [_ru(f) if ru else f for f in line[:limit]]
    groups, i, size = [], 0, first
    while i < len(words):
        groups.append(" ".join(words[i:i + size]))
        i, size = i + size, SEATS
    return ", ".join(groups) + (" …" if len(line) > limit else "")


def _seats(to_move: int, trick: Sequence[int], line: Sequence[str],
           trump: int | None) -> tuple[int, ...]:
    """Who plays each card of ``line`` (faces) from ``to_move``, with ``trick``
    (kinds) already on the table: the winner of each trick leads the next."""
    seats: list[int] = []
    cards = list(trick)
    leader = (to_move - len(trick)) % SEATS
    for face in line:
        seats.append((leader + len(cards)) % SEATS)
        cards.append(parse_card(face).kind)
        if len(cards) == SEATS:
            leader = (leader + trick_best(cards, trump)) % SEATS
            cards = []
    return tuple(seats)


def solve_position(position: Position, explain: bool = True,
                   solver: PartnershipSolver | None = None) -> Solution:
    """Solve a four-handed :class:`Position` into the same :class:`Solution` the
    two-handed solver gives (values for the *side* of the seat to move); with
    ``explain`` every worse card gets a :class:`Refutation` in words."""
    if position.players != SEATS:
        raise PositionError(f"a partnership play-off has four hands, not {position.players}")
    profile = position.profile
    trump = int(position.trump) if position.trump is not None else None
    s = solver if solver is not None else PartnershipSolver(profile, trump)
    hands = [position.hand_ids(p) for p in range(SEATS)]
    trick_ids = [c.id for c in position.trick]
    sol = solve_partnership(profile, trump, hands, position.leader, trick_ids, s)
    to_move, value, line = sol.to_move, sol.value, tuple(sol.line)
    moves = tuple(_face_values(position, {parse_card(f).kind: v for f, v in sol.moves.items()},
                               1))
    t = tuple(c.kind for c in position.trick)
    scale = Scale.from_profile(profile)
    refutations: list[Refutation] = []
    if explain:
        _, rotated, _ = _normalise(profile, hands, position.leader, trick_ids)
        still = SEATS - len(t)
        for face, v in moves:
            if v == value:
                continue
            after = tuple(_line(s, rotated, t, parse_card(face).kind))
            players = _seats(to_move, t, after, trump)
            reply = next((f for f, p in zip(after, players, strict=True)
                          if p % 2 != to_move % 2), "")
            loss_en, loss_ru = _loss_words(scale, value, v)
            refutations.append(Refutation(
                move=face, value=v, loss=value - v, reply=reply, line=after[1:],
                line_players=players[1:],
                text_en=(f"{face} loses {loss_en} for your side; best play after it: "
                         f"{_tricks_text(after, still, False)}"),
                text_ru=(f"{_ru(face)} теряет {loss_ru} для вашей пары; лучшая игра "
                         f"после него: {_tricks_text(after, still, True)}")))
    return Solution(
        position=position, to_move=to_move, value=value, moves=moves,
        best=tuple(f for f, v in moves if v == value), line=line,
        line_players=_seats(to_move, t, line, trump), refutations=tuple(refutations),
        scale=scale, nodes=s.nodes)
