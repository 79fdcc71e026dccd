"""Rule tables of the Russian club game (002) and the card-point game (004):
deal bonuses, card values, table fines. Frozen data read from a profile's TOML;
every table defaults to "this rule does not exist", so the other variants are
untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.errors import ProfileError


@dataclass(frozen=True, slots=True)
class DealBonuses:
    """002: points on the deal for the turned-up card (an optional club rule)."""

    black_trump_ace: int = 0   # a black ace turned up: to the dealer
    red_trump_ace: int = 0     # a red ace turned up: to the dealer
    seven_dealer: int = 0      # a seven turned up: to the dealer ...
    seven_opponent: int = 0    # ... and this (negative) to the opponent
    streak: int = 0            # the same trump suit this many deals running ...
    streak_length: int = 0
    streak_clubs: int = 0      # ... but this when the suit is clubs


@dataclass(frozen=True, slots=True)
class CardPoints:
    """004, card-point game: the value of each card taken in a trick (9, 8, 7: 0)."""

    A: int = 0  # the card letters, as lessons cite them (card_points.A)
    T: int = 0
    K: int = 0
    Q: int = 0
    J: int = 0

    def of_rank(self, rank: int) -> int:
        """Points of a rank index (7 8 9 J Q K 10 A = 0..7)."""
        return (0, 0, 0, self.J, self.Q, self.K, self.T, self.A)[rank]

    @property
    def any(self) -> bool:
        return any((self.A, self.T, self.K, self.Q, self.J))


@dataclass(frozen=True, slots=True)
class Penalties:
    """002 and 004: fines for breaking table rules (0: no fine, the move is refused).

    Read only when the profile's ``infractions`` is ``"penalise"``."""

    declare_before_win: int = 0   # 004 fine 1
    not_following: int = 0        # 004 fine 2: in the last eight cards
    play_before_draw: int = 0     # 004 fine 3: leading before drawing
    extra_card: int = 0           # 002: 50; 004: 50 or 60
    # 004 fine 5: playing to the end of the deal with nine cards. The deal never holds
    # nine (an extra card goes back, fined), so only the score pad records this one.
    nine_cards: int = 0
    false_declaration_all: bool = False  # 002, 004 fine 6: all the offender's points


def _table(cls: type, data: Any, where: str) -> Any:
    if data is None:
        return cls()
    if not isinstance(data, dict):
        raise ProfileError(f"{where}: must be a table")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ProfileError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for key, value in data.items():
        wanted = bool if known[key].type in ("bool", bool) else int
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise ProfileError(f"{where}: field {key!r} has the wrong type")
    return cls(**data)


def deal_bonuses(data: Any, where: str) -> DealBonuses:
    table: DealBonuses = _table(DealBonuses, data, f"{where} [deal_bonuses]")
    if (table.streak or table.streak_clubs) and table.streak_length < 2:
        raise ProfileError(f"{where} [deal_bonuses]: a streak bonus needs streak_length >= 2")
    return table


def card_points(data: Any, where: str) -> CardPoints:
    return _table(CardPoints, data, f"{where} [card_points]")  # type: ignore[no-any-return]


def penalties(data: Any, where: str) -> Penalties:
    return _table(Penalties, data, f"{where} [penalties]")  # type: ignore[no-any-return]
