"""Exact perfect-information solver for the four-handed (partnership) play-off.

Seats ``0..3`` play in order ``(leader + i) % 4``; seats ``{0, 2}`` and ``{1, 3}``
are partners. Legality comes from :func:`engine.rules.tricks.playoff_legal` with
``best`` the card winning the trick so far (:func:`engine.rules.tricks.trick_best`),
the same call :class:`engine.rules.deal.Deal` makes.

Value
-----
The value of a position for the *side* of the seat to move is the points that
side will still capture: ``brisque_points`` per ace or ten (including the cards
already on the current trick) plus ``last_trick_bonus`` for the last trick. With
``scoring.brisques == "tiebreak_only"`` the last trick is weighted by the same
``tiebreak_factor`` as the two-player solver (:class:`engine.solver.solution.Scale`,
1000 for up to 12 packs), so a value reads ``last_trick_bonus * 1000 + brisques``.

The game is zero-sum over the remaining points ``rem``: the other side gets
``rem - value``.

    >>> from engine.rules.profile import load_profile
    >>> from engine.notation.cards import parse_card
    >>> p = load_profile("rubicon-four-handed").with_options(scoring={"brisques": "count"})
    >>> ids = lambda *t: [parse_card(x).id for x in t]
    >>> s = solve_partnership(p, None, [ids("AS"), ids("TS"), ids("7S"), ids("8S")], 0)
    >>> s.value, s.moves, s.line
    (70, {'AS': 70}, ['AS', 'TS', '7S', '8S'])

From a :class:`~engine.solver.position.Position`, :func:`solve_position` gives
the same :class:`~engine.solver.solution.Solution` as the two-handed solver
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
The search itself is the compiled :class:`engine.solver.kernel4.KernelSearch4`
when numba is there, else (and with ``pure=True``, the tests' reference)
:class:`engine.solver.search4.Search4` (MTD(f) over zero-window alpha-beta, a
transposition table on canonical suits, equivalent cards across the four hands,
move ordering, sure-trick bounds, exact two-trick endings); both answer the
same questions. Here every legal card's value is found by MTD(f) bounded by the
position's value, and the line by one zero-window test per candidate card.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from engine.errors import PositionError
from engine.notation.cards import KINDS_PER_PACK, kind_face, parse_card
from engine.rules.profile import Profile
from engine.rules.tricks import is_brisque, playoff_legal, trick_best
from engine.solver.kernel4 import KernelSearch4, kernel_available
from engine.solver.position import Position
from engine.solver.search import counts_of, equivalence_classes, mtd, presence
from engine.solver.search4 import Hands4, Search4
from engine.solver.solution import (
    Refutation,
    Scale,
    Solution,
    face_values,
    loss_words,
    russian_face,
    tricks_text,
)

__all__ = ["PartnershipSolution", "PartnershipSolver",
           "move_values_partnership", "reset_shared", "shared_solver", "solve_partnership",
           "solve_position"]

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


@dataclass(frozen=True, slots=True)
class _State:
    """A position inside the solver: hands as count vectors from the trick's
    leader, the trick's kinds, and every unit still to be won."""

    hands: Hands4
    trick: tuple[int, ...]
    rem: int

    @property
    def mover(self) -> int:
        """Index of the seat to move, counted from the leader."""
        return len(self.trick)


class PartnershipSolver:
    """Search for one trump suit and rule set; the table lives as long as the
    solver, so several positions of one deal can share it. Hands given to its
    methods are sorted kinds per seat, rotated so the seat to move comes first;
    values are points for the mover's side. ``pure`` asks for the pure-Python
    search even when the compiled one is there."""

    def __init__(self, profile: Profile, trump: int | None, pure: bool = False) -> None:
        scale = Scale.from_profile(profile)
        self.trump = trump
        self.rules = profile.playoff
        self.unit = scale.unit
        self.key = (profile.playoff, scale, trump)
        self.search: Search4 | KernelSearch4
        if pure or not kernel_available():
            self.search = Search4(trump, profile.playoff, scale.brisque_units, scale.last_units)
        else:
            self.search = KernelSearch4(trump, profile.playoff, scale.brisque_units,
                                        scale.last_units)

    @property
    def nodes(self) -> int:
        return self.search.nodes

    # ------------------------------------------------------------- helpers
    def legal(self, hand: Sequence[int], trick: Sequence[int]) -> list[int]:
        kinds = sorted(set(hand))
        if not trick:
            return kinds
        best = trick[trick_best(trick, self.trump)]
        return sorted(set(playoff_legal(kinds, trick[0], self.trump, self.rules, best)))

    def state(self, hands: Sequence[Sequence[int]], trick: Sequence[int]) -> _State:
        """The solver state of mover-first ``hands`` (kinds) and ``trick``."""
        t = len(trick)
        counts = [counts_of(hands[(j - t) % SEATS])[0] for j in range(SEATS)]
        hs: Hands4 = (counts[0], counts[1], counts[2], counts[3])
        return _State(hs, tuple(trick), self.search.rem_of(hs, tuple(trick)))

    def _kinds_to_move(self, st: _State) -> list[int]:
        hand = st.hands[st.mover]
        return self.legal([k for k in range(32) if (hand >> (4 * k)) & 15], st.trick)

    def after_test(self, st: _State, kind: int, beta: int) -> int:
        """Fail-soft test "the mover's side gets >= beta after playing ``kind``"."""
        i = st.mover
        hands = list(st.hands)
        hands[i] -= 1 << (4 * kind)
        new: Hands4 = (hands[0], hands[1], hands[2], hands[3])
        if i % 2 == 0:
            return self.search.test(new, (*st.trick, kind), st.rem, beta)
        return st.rem - self.search.test(new, (*st.trick, kind), st.rem, st.rem - beta + 1)

    def position_value(self, st: _State) -> int:
        """Units for the mover's side with best play."""
        v = self.search.value(st.hands, st.trick, st.rem)
        return v if st.mover % 2 == 0 else st.rem - v

    def unit_values(self, st: _State, top: int | None = None) -> dict[int, int]:
        """Units for the mover's side of every legal kind; ``top`` is the
        position's value when known (it bounds every move)."""
        if top is None:
            top = self.position_value(st)
        legal = 0
        for k in self._kinds_to_move(st):
            legal |= 1 << k
        others = 0
        for j in range(SEATS):
            if j != st.mover:
                others |= presence(st.hands[j])
        for k in st.trick:
            others |= 1 << k
        out: dict[int, int] = {}
        for group in equivalence_classes(legal, others):
            v = mtd(partial(self.after_test, st, group[0]), st.rem, top, top)
            out.update(dict.fromkeys(group, v))
        return out

    def play(self, st: _State, kind: int) -> tuple[_State | None, int]:
        """The state after the mover plays ``kind`` (``None`` at the end of the
        deal), and the index from the old leader of the new trick's leader
        (-1 while the trick goes on)."""
        i = st.mover
        hands = list(st.hands)
        hands[i] -= 1 << (4 * kind)
        trick = (*st.trick, kind)
        if len(trick) < SEATS:
            return _State((hands[0], hands[1], hands[2], hands[3]), trick, st.rem), -1
        w = trick_best(trick, self.trump)
        if not any(hands):
            return None, w
        gained = sum(self.search.brisque_units for k in trick if is_brisque(k))
        rot: Hands4 = (hands[w], hands[(w + 1) % 4], hands[(w + 2) % 4], hands[(w + 3) % 4])
        return _State(rot, (), st.rem - gained), w

    def walk(self, st: _State, value: int, first: int | None = None) -> list[int]:
        """Kinds of a best line from ``st`` whose value for the mover's side is
        ``value``: at each turn the first kind (``first``, then ascending) that
        keeps the value, found by one zero-window test per candidate."""
        line: list[int] = []
        state: _State | None = st
        while state is not None:
            if first is not None:
                k, first = first, None
            else:
                k = next((m for m in self._kinds_to_move(state)
                          if self.after_test(state, m, value) >= value), -1)
                if k < 0:
                    raise AssertionError("partnership solver: inconsistent values on the line")
            line.append(k)
            nxt, w = self.play(state, k)
            if nxt is not None:
                if w < 0:
                    value = state.rem - value  # an opponent moves next
                elif w % 2 == 1:  # the last seat's side won the trick
                    value -= state.rem - nxt.rem
                else:
                    value = state.rem - value - (state.rem - nxt.rem)
            state = nxt
        return line

    # --------------------------------------------- questions, mover-first hands
    def exact(self, hands: Hands, trick: tuple[int, ...]) -> int:
        """Points for the mover's side with best play."""
        return self.position_value(self.state(hands, trick)) * self.unit

    def move_value(self, hands: Hands, trick: tuple[int, ...], kind: int) -> int:
        """Exact points for the mover's side of playing ``kind`` (must be legal)."""
        st = self.state(hands, trick)
        return mtd(lambda beta: self.after_test(st, kind, beta), st.rem, None) * self.unit


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


_LOCAL = threading.local()
TABLE_LIMIT = 300_000  # table entries before a shared solver starts afresh


def shared_solver(profile: Profile, trump: int | None) -> PartnershipSolver:
    """This thread's solver for ``profile``'s play-off rules and scale and
    ``trump``: successive positions of one deal (the Play page, a puzzle bank,
    `bezique solve` on a game's lines) reuse its table. Values never depend on
    the table, only the time taken does."""
    key = (profile.playoff, Scale.from_profile(profile), trump)
    s: PartnershipSolver | None = getattr(_LOCAL, "solver", None)
    if s is None or s.key != key or len(s.search.tt) > TABLE_LIMIT:
        s = _LOCAL.solver = PartnershipSolver(profile, trump)
    return s


def reset_shared() -> None:
    """Forget this thread's shared solver (benchmarks time cold tables)."""
    _LOCAL.solver = None


def move_values_partnership(
    profile: Profile, trump: int | None, hands: Sequence[Sequence[int]], leader: int,
    trick: Sequence[int] = (), solver: PartnershipSolver | None = None,
) -> dict[str, int]:
    """Value (for the side to move) of every legal card face, identical copies merged."""
    _, rotated, t = _normalise(profile, hands, leader, trick)
    s = solver if solver is not None else PartnershipSolver(profile, trump)
    values = s.unit_values(s.state(rotated, t))
    return {kind_face(k): v * s.unit for k, v in sorted(values.items())}


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
    st = s.state(rotated, t)
    values = s.unit_values(st)
    value = max(values.values())
    k = min((k for k, v in values.items() if v == value), key=lambda x: (x // 8, -(x % 8)))
    line = [kind_face(x) for x in s.walk(st, value, k)]
    moves = {kind_face(k): v * s.unit for k, v in sorted(values.items())}
    return PartnershipSolution(to_move, value * s.unit, moves, line, s.nodes)


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
    s = solver if solver is not None else shared_solver(profile, trump)
    nodes = s.nodes
    hands = [position.hand_ids(p) for p in range(SEATS)]
    trick_ids = [c.id for c in position.trick]
    sol = solve_partnership(profile, trump, hands, position.leader, trick_ids, s)
    to_move, value, line = sol.to_move, sol.value, tuple(sol.line)
    moves = tuple(face_values(position, {parse_card(f).kind: v for f, v in sol.moves.items()},
                              1))
    t = tuple(c.kind for c in position.trick)
    scale = Scale.from_profile(profile)
    refutations: list[Refutation] = []
    if explain:
        _, rotated, _ = _normalise(profile, hands, position.leader, trick_ids)
        root = s.state(rotated, t)
        still = SEATS - len(t)
        for face, v in moves:
            if v == value:
                continue
            after = tuple(kind_face(k) for k in s.walk(root, v // s.unit,
                                                        parse_card(face).kind))
            players = _seats(to_move, t, after, trump)
            reply = next((f for f, p in zip(after, players, strict=True)
                          if p % 2 != to_move % 2), "")
            loss_en, loss_ru = loss_words(scale, value, v)
            refutations.append(Refutation(
                move=face, value=v, loss=value - v, reply=reply, line=after[1:],
                line_players=players[1:],
                text_en=(f"{face} loses {loss_en} for your side; best play after it: "
                         f"{tricks_text(after, still, SEATS, False)}"),
                text_ru=(f"{russian_face(face)} теряет {loss_ru} для вашей пары; лучшая игра "
                         f"после него: {tricks_text(after, still, SEATS, True)}")))
    return Solution(
        position=position, to_move=to_move, value=value, moves=moves,
        best=tuple(f for f, v in moves if v == value), line=line,
        line_players=_seats(to_move, t, line, trump), refutations=tuple(refutations),
        scale=scale, nodes=s.nodes - nodes)
