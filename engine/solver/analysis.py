"""Solving a play-off position: move values, the principal variation and why
the other moves are worse, in words the app can show.

Terminology
-----------
* *Value*: what the player to move will still capture from the cards left
  (the card on the table included) with best play by both. With
  ``scoring.brisques == "count"`` it is ``brisque_points`` per ace or ten captured
  plus ``last_trick_bonus`` for the final trick, in points.
  With ``"tiebreak_only"`` (Rubicon) brisques only break ties, so the objective is
  lexicographic: first the last trick, then brisques. The value is then
  ``last_trick_bonus * tiebreak_factor`` (last trick won) plus the brisque points,
  where ``tiebreak_factor`` is a power of ten larger than every brisque of the
  packs (1000 for up to 12 packs); :meth:`Solution.breakdown` splits it again.
* Points that do not depend on the play (the seven of trumps, a dix, melds) are
  not part of the value: they are scored by the deal whatever the order of play.
* *Line*: the principal variation, one card face per play, from the position to
  the last trick. Among equally good moves the lowest kind (suit S H D C, then
  rank 7 up to A) is chosen, so lines are a pure function of the position.

    >>> from engine.solver.position import Position
    >>> s = solve(Position.from_text("two-handed/H/0/AS 7S/TS 9S/-"))
    >>> s.value, dict(s.moves), s.line
    (20, {'AS': 10, '7S': 20}, ('7S', 'TS', '9S', 'AS'))
    >>> s.refutation("AS").text_en
    'AS loses 10: the opponent answers 9S and lets you have the trick; best play: AS 9S, 7S TS'
"""

from __future__ import annotations

from engine.notation.cards import kind_face
from engine.rules.tricks import beats, is_brisque
from engine.solver.kernel4 import KernelSearch2, kernel_available
from engine.solver.paranoid import move_values_paranoid, solve_paranoid
from engine.solver.partnership import move_values_partnership, shared_solver, solve_position
from engine.solver.position import Position
from engine.solver.search import (
    NIBBLE,
    Options,
    Searcher,
    counts_of,
    equivalence_classes,
    legal_mask,
    presence,
)
from engine.solver.solution import (
    Refutation,
    Scale,
    Solution,
    State,
    face_values,
    loss_words,
    russian_face,
)
from engine.solver.trick_values import TrickAnalyser, scores_tricks


# ---------------------------------------------------------------- the walker
class _Analyser:
    def __init__(self, position: Position, options: Options | None) -> None:
        options = options if options is not None else Options()
        self.position = position
        self.scale = Scale.from_profile(position.profile)
        self.trump = None if position.trump is None else int(position.trump)
        self.rules = position.profile.playoff
        self.searcher: Searcher | KernelSearch2
        if options == Options() and kernel_available():
            self.searcher = KernelSearch2(self.trump, self.rules, self.scale.brisque_units,
                                          self.scale.last_units)
        else:  # the pure-Python search: the reference, and the one with switches
            self.searcher = Searcher(self.trump, self.rules, self.scale.brisque_units,
                                     self.scale.last_units, options)
        self.equivalence = options.equivalence

    def root(self) -> State:
        p = self.position
        h0, _ = counts_of(p.hand_ids(0))
        h1, _ = counts_of(p.hand_ids(1))
        bu = self.scale.brisque_units
        brisques = sum(1 for hand in p.hands for c in hand if is_brisque(c.id))
        lead = -1
        if p.trick:
            lead = p.trick[0].kind
            brisques += is_brisque(lead)
        return State((h0, h1), p.leader, lead, brisques * bu + self.scale.last_units)

    def classes(self, state: State) -> list[list[int]]:
        """Legal kinds of the mover, grouped into classes of equal value."""
        mine = presence(state.hands[state.mover])
        theirs = presence(state.hands[1 - state.mover])
        if state.lead >= 0:
            mine = legal_mask(mine, state.lead, self.trump, self.rules)
            theirs |= 1 << state.lead
        if not self.equivalence:
            return [[k] for k in range(32) if mine >> k & 1]
        return equivalence_classes(mine, theirs)

    def values(self, state: State) -> dict[int, int]:
        """Exact value (units, for the mover) of every legal kind."""
        s = self.searcher
        out: dict[int, int] = {}
        if state.lead < 0:
            L, F = state.hands[state.leader], state.hands[1 - state.leader]
            guess = s.value(L, F, state.rem)
            for group in self.classes(state):
                v = s.lead_value(L, F, state.rem, group[0], guess, guess)
                out.update(dict.fromkeys(group, v))
        else:
            L2, F = state.hands[state.leader], state.hands[1 - state.leader]
            guess = None
            for group in self.classes(state):
                lv = s.outcome_value(L2, F, state.rem, state.lead, group[0], guess)
                guess = lv
                out.update(dict.fromkeys(group, state.rem - lv))
        return out

    def play(self, state: State, kind: int) -> State:
        hands = list(state.hands)
        mover = state.mover
        hands[mover] -= 1 << (NIBBLE * kind)
        if state.lead < 0:
            return State((hands[0], hands[1]), state.leader, kind, state.rem)
        bu = self.scale.brisque_units
        rem = state.rem - bu * (is_brisque(state.lead) + is_brisque(kind))
        winner = mover if beats(state.lead, kind, self.trump) else state.leader
        if hands[0] == 0 and hands[1] == 0:
            rem -= self.scale.last_units
        return State((hands[0], hands[1]), winner, -1, rem)

    def test_move(self, state: State, kind: int, beta: int) -> int:
        """Fail-soft test "the mover gets >= beta after playing ``kind``"."""
        s = self.searcher
        L = state.hands[state.leader]
        F = state.hands[1 - state.leader]
        if state.lead < 0:
            return s.after_lead(L, F, state.rem, kind, beta)
        return state.rem - s.outcome(L, F, state.rem, state.lead, kind, state.rem - beta + 1)

    @staticmethod
    def next_value(state: State, after: State, value: int) -> int:
        """The value for the mover of ``after`` when the move from ``state`` to it
        keeps ``value`` for the mover of ``state``."""
        if state.lead < 0:
            return state.rem - value  # the follower moves next
        points = state.rem - after.rem
        if after.leader == state.mover:
            return value - points
        return state.rem - value - points

    def line(self, state: State, value: int | None = None,
             first: int = -1) -> list[tuple[int, int]]:
        """(player, kind) of the best line from ``state`` to the end: at each turn
        the lowest kind that keeps the value (``value``, the mover's, when known;
        ``first``, when known, is that kind at ``state``), found by one
        zero-window test per candidate."""
        if value is None and not state.over:
            value = max(self.values(state).values())
        out: list[tuple[int, int]] = []
        if isinstance(self.searcher, KernelSearch2) and not state.over:
            assert value is not None
            # the same walk inside the compiled kernel: no Python per candidate
            kinds = self.searcher.kernel.walk(
                state.hands, state.leader, (state.lead,) if state.lead >= 0 else (),
                state.rem, value if state.mover == 0 else state.rem - value, first)
            beat = self.searcher.kernel.beat_masks
            leader, lead = state.leader, state.lead
            for kind in kinds:  # who plays each card: the winner of a trick leads
                if lead < 0:
                    out.append((leader, kind))
                    lead = kind
                else:
                    out.append((1 - leader, kind))
                    if (beat[lead] >> kind) & 1:
                        leader = 1 - leader
                    lead = -1
            return out
        while not state.over:
            assert value is not None
            # Kinds of one class share their value: test the lowest of each.
            kind, first = first, -1
            if kind < 0:
                kind = next((group[0] for group in self.classes(state)
                             if self.test_move(state, group[0], value) >= value), -1)
            if kind < 0:
                raise AssertionError("solver: inconsistent values on the line")
            out.append((state.mover, kind))
            after = self.play(state, kind)
            value = self.next_value(state, after, value)
            state = after
        return out


def _line_words(kinds: list[int], ru: bool, limit: int = 8) -> str:
    """Cards of a line from a trick boundary, tricks separated by commas."""
    words = [russian_face(kind_face(k)) if ru else kind_face(k) for k in kinds[:limit]]
    tricks = [" ".join(words[i:i + 2]) for i in range(0, len(words), 2)]
    return ", ".join(tricks) + (" …" if len(kinds) > limit else "")


def _refutation(an: _Analyser | TrickAnalyser, root: State, kind: int, value: int,
                best: int) -> Refutation:
    mover = root.mover
    after = an.play(root, kind)
    line = an.line(after, an.next_value(root, after, value // an.scale.unit))
    face = kind_face(kind)
    reply_index = next((i for i, (p, _k) in enumerate(line) if p != mover), None)
    reply = kind_face(line[reply_index][1]) if reply_index is not None else ""
    loss_en, loss_ru = loss_words(an.scale, best, value)
    plays = [k for _p, k in line]
    if root.lead < 0:
        plays.insert(0, kind)
    rest_en = _line_words(plays, ru=False)
    rest_ru = _line_words(plays, ru=True)
    if root.lead < 0:
        took = beats(kind, line[0][1], an.trump)
        en = (f"{face} loses {loss_en}: the opponent answers {reply} and "
              f"{'takes' if took else 'lets you have'} the trick; best play: {rest_en}")
        ru = (f"{russian_face(face)} теряет {loss_ru}: соперник отвечает {russian_face(reply)} и "
              f"{'берёт взятку' if took else 'отдаёт вам взятку'}; лучшая игра: "
              f"{rest_ru}")
    else:
        you_win = after.leader == mover
        if not reply:
            en = (f"{face} loses {loss_en}: "
                  f"{'you win' if you_win else 'the opponent wins'} the last trick")
            ru = (f"{russian_face(face)} теряет {loss_ru}: "
                  f"{'вы берёте' if you_win else 'соперник берёт'} последнюю взятку")
        elif not you_win:
            en = (f"{face} loses {loss_en}: the opponent wins the trick and leads {reply}; "
                  f"best play: {rest_en}")
            ru = (f"{russian_face(face)} теряет {loss_ru}: соперник берёт взятку и ходит "
                  f"{russian_face(reply)}; лучшая игра: {rest_ru}")
        else:
            own = kind_face(line[0][1])
            en = (f"{face} loses {loss_en}: you win the trick, but to your {own} the "
                  f"opponent answers {reply}; best play: {rest_en}")
            ru = (f"{russian_face(face)} теряет {loss_ru}: вы берёте взятку, но на ваш "
                  f"{russian_face(own)} соперник отвечает {russian_face(reply)}; лучшая игра: "
                  f"{rest_ru}")
    return Refutation(
        move=face, value=value, loss=best - value, reply=reply,
        line=tuple(kind_face(k) for _p, k in line),
        line_players=tuple(p for p, _k in line), text_en=en, text_ru=ru)


def _analyser(position: Position, options: Options | None) -> _Analyser | TrickAnalyser:
    """The brisque search, or, where tricks themselves score (002, 004's
    card-point game), :class:`engine.solver.trick_values.TrickAnalyser`."""
    if scores_tricks(position.profile):
        return TrickAnalyser(position)
    return _Analyser(position, options)


def move_values(position: Position, options: Options | None = None) -> dict[str, int]:
    """Value (for the player to move) of every legal card face: the fast path for
    bots and benchmarks, without line or refutations."""
    if position.players == 3:
        return move_values_paranoid(
            position.profile, None if position.trump is None else int(position.trump),
            [position.hand_ids(p) for p in range(3)], position.leader,
            [c.id for c in position.trick])
    if position.players != 2:
        trump = None if position.trump is None else int(position.trump)
        return move_values_partnership(
            position.profile, trump,
            [position.hand_ids(p) for p in range(position.players)], position.leader,
            [c.id for c in position.trick], shared_solver(position.profile, trump))
    an = _analyser(position, options)
    return dict(face_values(position, an.values(an.root()), an.scale.unit))


def solve(position: Position, *, explain: bool = True,
          options: Options | None = None) -> Solution:
    """Solve ``position`` exactly.

    With ``explain`` (the default) every move worse than the best gets a
    :class:`Refutation`; without it only values, best moves and the line are
    computed (what a bot needs). A four-handed position is solved for
    partnerships (:func:`engine.solver.partnership.solve_position`).
    """
    if position.players == 3:
        return solve_paranoid(position, explain=explain)
    if position.players != 2:
        return solve_position(position, explain=explain)
    an = _analyser(position, options)
    root = an.root()
    values = an.values(root)
    unit = an.scale.unit
    best = max(values.values())
    moves = face_values(position, values, unit)
    best_faces = tuple(face for face, v in moves if v == best * unit)
    line = an.line(root, best, min(k for k, v in values.items() if v == best))
    refutations: list[Refutation] = []
    if explain:
        done: set[str] = set()
        for kind in sorted(values):
            face = kind_face(kind)
            if values[kind] < best and face not in done:
                done.add(face)
                refutations.append(_refutation(an, root, kind, values[kind] * unit,
                                               best * unit))
        order = [face for face, _v in moves]
        refutations.sort(key=lambda r: order.index(r.move))
    return Solution(
        position=position,
        to_move=position.to_move,
        value=best * unit,
        moves=tuple(moves),
        best=best_faces,
        line=tuple(kind_face(k) for _p, k in line),
        line_players=tuple(p for p, _k in line),
        refutations=tuple(refutations),
        scale=an.scale,
        nodes=an.searcher.nodes,
    )
