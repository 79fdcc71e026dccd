"""Who receives the dealt packets, and 002's bonuses on the deal.

002 lets a club deal singly, 3-3-2 or 6-1-1, the dealer serving himself first
(profile ``deal_packets`` and ``deal_first``); and, as an optional club rule,
pays the dealer for the card turned up and for the same trump suit several deals
running (profile ``deal_bonuses``). Pure functions: the deal scores what they
return as explained events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.notation.cards import Card, Rank, Suit
from engine.rules.profile import Profile
from engine.text.explain import Step, step

BLACK = (Suit.SPADES, Suit.CLUBS)


def deal_order(profile: Profile, dealer: int) -> list[int]:
    """The players in the order they receive each round of packets."""
    n = profile.players
    start = dealer if profile.deal_first == "dealer" else dealer + 1
    return [(start + i) % n for i in range(n)]


def deal_step(profile: Profile, dealer: int) -> Step:
    packets = "-".join(map(str, profile.deal_packets))
    first = deal_order(profile, dealer)[0]
    return step("deal.packets", "deal_method", packets=packets, player=first + 1)


@dataclass(frozen=True, slots=True)
class Bonus:
    player: int
    points: int
    rule_id: str
    steps: tuple[Step, ...]


def turn_up_bonuses(profile: Profile, dealer: int, turn_up: int,
                    prior_trumps: Sequence[int]) -> list[Bonus]:
    """002's optional points on the deal: the turned-up ace or seven, and the same
    trump suit ``streak_length`` deals running (``prior_trumps``: earlier deals of
    the game, oldest first)."""
    rules = profile.deal_bonuses
    found: list[Bonus] = []
    card = Card.from_id(turn_up)
    suit = card.suit
    opponent = (dealer + 1) % profile.players
    name = card.pretty
    if card.rank == Rank.ACE:
        black = suit in BLACK
        points = rules.black_trump_ace if black else rules.red_trump_ace
        if points:
            key = "bonus_black_ace" if black else "bonus_red_ace"
            found.append(Bonus(dealer, points, "deal.bonus_ace",
                               (step("deal.bonus_ace", key, card=name, points=points),)))
    if card.rank == Rank.SEVEN:
        if rules.seven_dealer:
            found.append(Bonus(dealer, rules.seven_dealer, "deal.bonus_seven",
                               (step("deal.bonus_seven", "bonus_seven_dealer", card=name,
                                     points=rules.seven_dealer),)))
        if rules.seven_opponent:
            found.append(Bonus(opponent, rules.seven_opponent, "deal.bonus_seven",
                               (step("deal.bonus_seven", "bonus_seven_opponent", card=name,
                                     points=-rules.seven_opponent),)))
    length = rules.streak_length
    recent = list(prior_trumps)[-(length - 1):] if length >= 2 else []
    if length >= 2 and len(recent) == length - 1 and all(s == suit for s in recent):
        clubs = suit == Suit.CLUBS
        points = rules.streak_clubs if clubs else rules.streak
        if points:
            key = "bonus_streak_clubs" if clubs else "bonus_streak"
            found.append(Bonus(dealer, points, "deal.bonus_streak",
                               (step("deal.bonus_streak", key, suit=suit.letter,
                                     count=length, nth=ordinal(length),
                                     points=abs(points)),)))
    return found


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``: English ordinals."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
