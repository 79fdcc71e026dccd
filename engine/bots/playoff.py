"""Play-off values for the bots and hints, from the project's solver.

Once the stock is exhausted a seat of a two-player deal knows the opponent's
hand by elimination, so the play-off is a perfect-information game. The one
source of play-off truth is :mod:`engine.solver`: :func:`playoff_values` maps
:func:`engine.solver.move_values` onto the seat's legal card ids and
:func:`playoff_solution` returns the full :class:`engine.solver.Solution`
(values, best line, refutations in English and Russian) for hints.

Values are in the solver's units: the points the player to move still captures
(brisques, the last trick) with best play by both, the card chosen now
included; for Rubicon-family scoring (brisques only break ties) the solver's
lexicographic value (last trick first, then brisques).

Four-handed play-offs are not solved (the solver takes two hands): callers get
``None`` from :func:`playoff_values_or_none` and play by rule of thumb.
"""

from __future__ import annotations

from engine.bots.fastplay import OVER, FastDeal
from engine.notation.cards import kind_face
from engine.rules.profile import Profile
from engine.rules.view import PlayerView
from engine.solver import Position, Solution, move_values, solve

_CACHE: dict[str, dict[str, int]] = {}
_CACHE_LIMIT = 4096


def solvable(view: PlayerView) -> bool:
    """True when the solver applies: two players, stock exhausted, a card to play,
    and melds that do not go on scoring (its value knows brisques and tricks only)."""
    return (view.profile.players == 2 and view.stock_count == 0
            and view.phase in ("lead", "follow") and view.profile.declaring.source == "hand")


def playoff_position(view: PlayerView) -> Position:
    """The play-off seen by ``view.seat`` as a solver position (both hands are
    known by elimination once the stock is exhausted)."""
    hands: list[list[int]] = [[], []]
    hands[view.seat] = sorted(view.holding)
    opp = view.opponent
    hands[opp] = sorted(view.opponent_known | view.tables[opp])
    leader = view.leader
    return Position.from_playoff(view.profile, view.trump, hands, leader, list(view.trick))


def playoff_values(view: PlayerView) -> dict[int, int]:
    """For each card id the seat may play now, its solver value."""
    position = playoff_position(view)
    key = position.to_json()
    faces = _CACHE.get(key)
    if faces is None:
        faces = move_values(position)
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = faces
    return {a.card: faces[kind_face(a.card % 32)] for a in view.legal
            if kind_face(a.card % 32) in faces}


def playoff_values_or_none(view: PlayerView) -> dict[int, int] | None:
    return playoff_values(view) if solvable(view) else None


def playoff_solution(view: PlayerView) -> Solution:
    """The solver's full answer (values, line, refutations) for the seat to move."""
    return solve(playoff_position(view))


def choose_card(values: dict[int, int]) -> int:
    """A solver-best card, the lowest rank among equals (keep the high cards)."""
    return max(values, key=lambda c: (values[c], -(c % 8), -c))


def best_playoff_card(view: PlayerView) -> tuple[int, int, str]:
    """(card, its value, reason key) of a solver-best play-off card for the seat."""
    values = playoff_values(view)
    card = choose_card(values)
    return card, values[card], "playoff_solver"


def points_objective(view: PlayerView) -> bool:
    """True when the play-off is worth plain points, so a solver value adds to the
    scores: not Rubicon's tiebreak, and no points per trick (the solver counts
    brisques and the last trick only), and no combinations from captures (000: they
    go on scoring in the play-off, which that solver does not count)."""
    return plain_points_playoff(view.profile)


def plain_points_playoff(profile: Profile) -> bool:
    """:func:`points_objective` for a profile."""
    scoring = profile.scoring
    return (scoring.brisques != "tiebreak_only" and scoring.points_per_trick == 0
            and profile.declaring.source == "hand")


def exact_final_scores(state: FastDeal) -> list[int]:
    """The final scores of a two-handed ``state`` at the first lead of the
    play-off (or over) after an exact play-off by both players, as the bots play
    it: the solver's value to the leader, the rest of the play-off's brisques and
    last trick to the other; the brisques won so far; and, where the profile
    scores dix when the seven is first played, every unshown seven of trumps.
    Plain-points scoring only (:func:`points_objective`)."""
    rules = state.rules
    scores = list(state.scores)
    if state.phase == OVER:
        return scores
    leader = state.to_move
    position = Position.from_playoff(rules.profile, None if rules.trump < 0 else rules.trump,
                                     [sorted(h) for h in state.hold], leader, [])
    value = max(move_values(position).values())
    left = sum(1 for h in state.hold for c in h if (c & 7) >= 6)
    total = left * rules.brisque_points + rules.last_bonus
    scores[leader] += value
    scores[1 - leader] += total - value
    for p in (0, 1):
        scores[p] += state.brisques[p] * rules.brisque_points
        if rules.dix_first_play:
            scores[p] += rules.dix_points * sum(
                1 for c in state.hold[p]
                if (c & 31) == rules.seven and not state.dix_counted >> c & 1)
    return scores
