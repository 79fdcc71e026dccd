"""Last-eight-trick puzzles: play-off positions solved by :mod:`engine.solver`.

Selection follows lichess: a position becomes a ``best`` puzzle when the
solver's best first card is unique (every other card loses points), and a
``value`` puzzle ("what is this position worth with best play?") when several
cards are equally good but some card loses. Positions where every card scores
the same teach nothing and are skipped.

Themes are detected by rules on the solver's best line and on the refutation
line of every worse card (see :func:`themes`).

A record::

    {"id": "e-…", "kind": "endgame", "type": "best" | "value", "variant": "two-handed",
     "themes": [...], "rating": 1400,
     "position": {<a ``bezique solve`` request>},
     "value": 40, "best": ["TS"], "moves": {"TS": 40, "7S": 20}, "line": [...],
     "source": {"deal": 123, "cards_played": 3}}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.errors import PositionError
from engine.notation.cards import Card, kind_face
from engine.rules.profile import Profile
from engine.rules.tricks import playoff_legal, trick_best
from engine.solver import Position, Solution, solve
from puzzles import difficulty as puzzle_difficulty
from puzzles import themes as puzzle_themes
from puzzles.ids import puzzle_id
from puzzles.lines import LineFacts, Trick, facts, side_of, themes, trick_points, tricks_of
from puzzles.permute import permute_solve_position, shuffled
from puzzles.simulate import new_deal, step


def position_of(data: Mapping[str, Any]) -> Position:
    return Position.from_dict(data)


def solution_of(data: Mapping[str, Any], explain: bool = False) -> Solution:
    return solve(position_of(data), explain=explain)


# The line rules live in puzzles.lines; these names are the module's public face.
__all__ = ["LineFacts", "Trick", "facts", "side_of", "themes", "trick_points", "tricks_of"]


def difficulty(solution: Solution, kind: str) -> int:
    """Initial rating: the difficulty model (:mod:`puzzles.difficulty`)."""
    return puzzle_difficulty.rating_of("endgame", kind,
                                       puzzle_difficulty.endgame_features(solution, kind))


def classify(solution: Solution) -> str | None:
    """``best``, ``value`` or ``None`` (nothing to learn)."""
    if len({v for _f, v in solution.moves}) < 2:
        return None
    return "best" if len(solution.best) == 1 else "value"


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "endgame", "type": record["type"], "position": record["position"]}


def record_for(position: Position, source: dict[str, Any]) -> dict[str, Any] | None:
    solution = solve(position, explain=True)
    kind = classify(solution)
    if kind is None:
        return None
    rec: dict[str, Any] = {
        "kind": "endgame", "type": kind, "variant": position.profile.name,
        "themes": [],
        "rating": difficulty(solution, kind),
        "position": position.to_dict(), "value": solution.value,
        "best": list(solution.best), "moves": dict(solution.moves),
        "line": list(solution.line), "source": source,
    }
    rec["themes"] = puzzle_themes.derive(rec, solution)
    rec["id"] = puzzle_id("e", question_of(rec))
    order = ("id", "kind", "type", "variant", "themes", "rating", "position", "value",
             "best", "moves", "line", "source")
    return {k: rec[k] for k in order}


def deal_positions(profile: Profile, deal_seed: int, min_tricks: int = 2,
                   max_tricks: int | None = None) -> list[tuple[Position, int]]:
    """Every play-off position of one simulated deal with ``min_tricks`` to
    ``max_tricks`` tricks left, before each card (with the number of play-off
    cards already played). The play-off is always played out, even where the
    profile would skip one that cannot change the result."""
    if profile.settlement is not None and profile.settlement.skip_hopeless_playoff:
        profile = profile.with_options(settlement={"skip_hopeless_playoff": False})
    deal, rng = new_deal(profile, deal_seed)
    while not deal.in_playoff and not deal.is_over:
        step(deal, rng, 0.8, 0.5)
    out = []
    played = 0
    while not deal.is_over:
        tricks_left = len(deal.holding(deal.to_move))
        if min_tricks <= tricks_left and (max_tricks is None or tricks_left <= max_tricks):
            out.append((deal.playoff_position(), played))
        step(deal, rng)
        played += 1
    return out


def records_from_deal(profile: Profile, deal_seed: int, min_tricks: int = 2,
                      max_tricks: int | None = None) -> list[dict[str, Any]]:
    out = []
    for position, played in deal_positions(profile, deal_seed, min_tricks, max_tricks):
        rec = record_for(position, {"deal": deal_seed, "cards_played": played})
        if rec is not None:
            out.append(rec)
    return out


def verify(record: Mapping[str, Any]) -> list[str]:
    """Problems with a record (empty when the solver agrees)."""
    try:
        solution = solution_of(record["position"])
    except PositionError as exc:
        return [f"{record.get('id')}: solver refused the position: {exc}"]
    problems = []
    if solution.value != record["value"]:
        problems.append(f"{record['id']}: value {record['value']} but solver says "
                        f"{solution.value}")
    if list(solution.best) != record["best"]:
        problems.append(f"{record['id']}: best {record['best']} but solver says "
                        f"{list(solution.best)}")
    if classify(solution) != record["type"]:
        problems.append(f"{record['id']}: type {record['type']} no longer holds")
    if puzzle_id("e", question_of(record)) != record["id"]:
        problems.append(f"{record['id']}: id does not match the position")
    return problems


def fresh_instance(record: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A suit-permuted copy, re-solved (trick play is suit-symmetric, so the
    value is the same; the best cards move with their suits)."""
    perm = next(shuffled(rng))
    pos = permute_solve_position(record["position"], perm)
    solution = solution_of(pos)
    return dict(record, position=position_of(pos).to_dict(), value=solution.value,
                best=list(solution.best), moves=dict(solution.moves),
                line=list(solution.line), permutation=perm)


# --- playing a puzzle against the solver ---------------------------------------------

def _allowed(position: Position) -> set[int]:
    """The card ids the player to move may play (follow suit, win, trump)."""
    hand = [c.id for c in position.hands[position.to_move]]
    if not position.trick:
        return set(hand)
    trump = None if position.trump is None else int(position.trump)
    on_table = [c.id for c in position.trick]
    return set(playoff_legal(hand, on_table[0], trump, position.profile.playoff,
                             on_table[trick_best(on_table, trump)]))


def legal_faces(position: Position) -> list[str]:
    """The faces the player to move may play, each once, in hand order."""
    allowed = _allowed(position)
    return list(dict.fromkeys(c.face for c in position.hands[position.to_move]
                              if c.id in allowed))


def play_card(position: Position, face: str) -> Position | None:
    """The position after the player to move plays a card of this face
    (``None`` once the last trick is complete)."""
    mover = position.to_move
    card: Card | None = next((c for c in position.hands[mover] if c.face == face), None)
    if card is None:
        raise PositionError(f"player {mover} holds no {face}")
    if card.id not in _allowed(position):
        raise PositionError(f"{face} may not be played now (follow suit, win, trump)")
    trump = None if position.trump is None else int(position.trump)
    hands = [list(h) for h in position.hands]
    hands[mover].remove(card)
    trick = (*position.trick, card)
    leader = position.leader
    if len(trick) == position.players:
        leader = (leader + trick_best([c.kind for c in trick], trump)) % position.players
        trick = ()
        if not any(hands):
            return None
    return Position(position.profile, position.trump, leader, tuple(tuple(h) for h in hands),
                    trick)


def face_text(kind: int) -> str:
    return kind_face(kind)
