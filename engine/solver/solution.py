"""What every play-off solver returns, and the pieces the solvers share.

* :class:`Scale`: how a profile's scoring turns into the solvers' integer units;
* :class:`Solution` and :class:`Refutation`: a solved position and why each worse
  card is worse, the same for two, three and four hands;
* :class:`State`: the two-handed walkers' position;
* :func:`face_values`, :func:`loss_words`, :func:`russian_face`, :func:`tricks_text`:
  the values and words a solution is built from.

The three-, four-handed and trick-scoring solvers (:mod:`engine.solver.paranoid`,
:mod:`engine.solver.partnership`, :mod:`engine.solver.trick_values`) build on this
module, not on :mod:`engine.solver.analysis`, whose ``solve`` dispatches to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import Any, Literal

from engine.errors import PositionError
from engine.notation.cards import Card, Rank, Suit
from engine.rules.profile import Profile
from engine.solver.position import Position
from engine.text.explain import points_ru

Objective = Literal["points", "last_trick_then_brisques"]


@dataclass(frozen=True, slots=True)
class Scale:
    """How a profile's scoring turns into the solver's integer units."""

    objective: Objective
    brisque_points: int
    last_trick_bonus: int
    tiebreak_factor: int  # 1 for "points"
    unit: int  # points per search unit
    brisque_units: int
    last_units: int

    @classmethod
    def from_profile(cls, profile: Profile) -> Scale:
        sc = profile.scoring
        bp, ltb = sc.brisque_points, sc.last_trick_bonus
        if bp < 0 or ltb < 0:
            raise PositionError("brisque points and the last-trick bonus must not be negative")
        if sc.brisques == "tiebreak_only":
            objective: Objective = "last_trick_then_brisques"
            deck_brisques = profile.packs * 8 * bp
            factor = max(1000, 10 ** len(str(deck_brisques)))
        else:
            objective, factor = "points", 1
        last = ltb * factor
        unit = gcd(bp, last) or 1
        return cls(objective, bp, ltb, factor, unit, bp // unit, last // unit)

    def loss_split(self, best: int, value: int) -> tuple[str, int]:
        """What a move worth ``value`` gives up against ``best``, in the learner's
        terms: ``("points", n)``; or, where brisques only break ties (Rubicon),
        ``("last_trick", bonus)`` when it costs the last trick, else
        ``("brisques", n)``. Search values there are weighted and never shown."""
        if self.objective == "points":
            return "points", best - value
        best_last, best_b = self.breakdown(best)
        last, brisques = self.breakdown(value)
        if best_last != last:
            return "last_trick", best_last - last
        return "brisques", best_b - brisques

    def breakdown(self, value: int) -> tuple[int, int]:
        """(last-trick points, brisque points) of a tiebreak value. Only defined for
        the "last_trick_then_brisques" objective: with plain points the same total
        can come from different splits."""
        if self.objective != "last_trick_then_brisques":
            raise PositionError("a points value has no unique split into last trick "
                                "and brisques")
        step = self.last_trick_bonus * self.tiebreak_factor
        won = value // step if step else 0
        return won * self.last_trick_bonus, value - won * step


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why ``move`` is worse than the best move.

    ``reply`` is the opponent's next card after ``move`` on the best line, and
    ``line`` the whole best continuation after ``move`` (``line_players`` says who
    plays each card). ``loss`` is best value minus this move's value.
    """

    move: str
    value: int
    loss: int
    reply: str
    line: tuple[str, ...]
    line_players: tuple[int, ...]
    text_en: str
    text_ru: str

    def text(self, lang: str = "en") -> str:
        return self.text_ru if lang == "ru" else self.text_en


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved position. ``moves`` lists every legal card face (identical copies
    merged) with its value for the player to move, in hand order."""

    position: Position
    to_move: int
    value: int
    moves: tuple[tuple[str, int], ...]
    best: tuple[str, ...]
    line: tuple[str, ...]
    line_players: tuple[int, ...]
    refutations: tuple[Refutation, ...]
    scale: Scale
    nodes: int = field(default=0, compare=False)

    @property
    def values(self) -> dict[str, int]:
        return dict(self.moves)

    @property
    def objective(self) -> Objective:
        return self.scale.objective

    def refutation(self, face: str) -> Refutation | None:
        for ref in self.refutations:
            if ref.move == face:
                return ref
        return None

    def card_for(self, face: str) -> Card:
        """A physical card of the player to move with this face."""
        for card in self.position.hands[self.to_move]:
            if card.face == face:
                return card
        raise PositionError(f"player {self.to_move} holds no {face}")

    @property
    def best_card(self) -> Card:
        """The card to play: the first move of the line."""
        return self.card_for(self.line[0])

    def breakdown(self) -> tuple[int, int]:
        """(last-trick points, brisque points) of the value; tiebreak objective only."""
        return self.scale.breakdown(self.value)

    def to_dict(self, explain: bool = False) -> dict[str, Any]:
        """The ``bezique solve`` output line."""
        out: dict[str, Any] = {"to_move": self.to_move, "value": self.value,
                               "moves": dict(self.moves), "line": list(self.line)}
        if self.objective == "last_trick_then_brisques":
            last, brisques = self.breakdown()
            out["objective"] = self.objective
            out["last_trick"] = last > 0
            out["brisques"] = brisques
        if explain:
            out["best"] = list(self.best)
            out["refutations"] = {
                r.move: {"value": r.value, "loss": r.loss, "reply": r.reply,
                         "line": list(r.line), "en": r.text_en, "ru": r.text_ru}
                for r in self.refutations}
        return out


@dataclass(frozen=True, slots=True)
class State:
    """A two-handed position as the walkers see it (the brisque search's in
    :mod:`engine.solver.analysis`, :class:`engine.solver.trick_values.TrickAnalyser`):
    hands as count vectors."""

    hands: tuple[int, int]  # count vectors per player
    leader: int
    lead: int  # kind on the table, -1 when none
    rem: int  # units still to be won

    @property
    def mover(self) -> int:
        return self.leader if self.lead < 0 else 1 - self.leader

    @property
    def over(self) -> bool:
        return self.lead < 0 and self.hands[0] == 0 and self.hands[1] == 0


def russian_face(face: str) -> str:
    """A card face (``QS``) as a Russian reader writes it: ``Д♠``."""
    rank = Rank("789JQKTA".index(face[0]))
    suit = Suit("SHDC".index(face[1]))
    return rank.russian + suit.symbol


def loss_words(scale: Scale, best: int, value: int) -> tuple[str, str]:
    """What a move worth ``value`` gives up against ``best``, in English and Russian."""
    kind, points = scale.loss_split(best, value)
    if kind == "points":
        return str(points), str(points)
    if kind == "last_trick":
        return "the last trick", "последнюю взятку"
    return f"{points} in brisques", f"{points_ru(points)} в брисках"


def face_values(position: Position, values: dict[int, int], unit: int) -> list[tuple[str, int]]:
    """Values per face in hand order (the hand is sorted S H D C, high first)."""
    out: dict[str, int] = {}
    for card in position.hands[position.to_move]:
        if card.kind in values and card.face not in out:
            out[card.face] = values[card.kind] * unit
    return list(out.items())


def tricks_text(line: Sequence[str], first: int, seats: int, ru: bool, limit: int = 12) -> str:
    """Cards (faces) grouped by trick, the current trick having ``first`` cards still
    to come and each later one ``seats`` cards, cut after ``limit`` cards."""
    words = [russian_face(f) if ru else f for f in line[:limit]]
    groups, i, size = [], 0, first
    while i < len(words):
        groups.append(" ".join(words[i:i + size]))
        i, size = i + size, seats
    return ", ".join(groups) + (" …" if len(line) > limit else "")


__all__ = ["Objective", "Refutation", "Scale", "Solution", "State", "face_values", "loss_words",
           "russian_face", "tricks_text"]
