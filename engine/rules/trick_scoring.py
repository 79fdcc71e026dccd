"""What a won trick scores by itself, beyond melds: 002's points per trick and its
bonus for a trick holding an ace or a ten, and 004's card values (card-point game).

Pure functions on card ids shared by the deal (which scores them as explained
events) and the play-off solver (which counts the same numbers).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.notation.cards import Card, Rank
from engine.rules.profile import Profile
from engine.text.explain import Step, step

_LETTER = {"A": Rank.ACE, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}


def bonus_ranks(profile: Profile, playoff: bool = False) -> frozenset[int]:
    """The ranks that earn ``trick_bonus``; in the last tricks (``playoff``) those of
    ``playoff_trick_bonus_ranks`` when it is set (002: aces in the first stage by one
    reading, aces and tens in the play-off)."""
    scoring = profile.scoring
    letters = (scoring.playoff_trick_bonus_ranks if playoff and
               scoring.playoff_trick_bonus_ranks else scoring.trick_bonus_ranks)
    return frozenset(_LETTER[r] for r in letters)


def trick_value(profile: Profile, cards: Sequence[int], playoff: bool = False) -> int:
    """Points a trick's winner scores for the trick itself (no melds, no last trick);
    ``playoff``: the trick is one of the last tricks, after the stock."""
    scoring = profile.scoring
    total = scoring.points_per_trick
    ranks = bonus_ranks(profile, playoff)
    if scoring.trick_bonus and any(c % 8 in ranks for c in cards):
        total += scoring.trick_bonus
    values = profile.card_points
    return total + sum(values.of_rank(c % 8) for c in cards)


def trick_extras(profile: Profile, cards: Sequence[int],
                 playoff: bool = False) -> list[tuple[str, int, list[Step]]]:
    """The explained parts of :func:`trick_value` beyond ``points_per_trick``:
    (rule id, points, steps) for the ace-or-ten bonus and for card values."""
    found: list[tuple[str, int, list[Step]]] = []
    scoring = profile.scoring
    if not scoring.trick_bonus and not profile.card_points.any:
        return found  # the reference game: nothing here (keeps every trick cheap)
    ranks = bonus_ranks(profile, playoff)
    holding = [c for c in cards if c % 8 in ranks]
    if scoring.trick_bonus and holding:
        found.append(("score.trick_bonus", scoring.trick_bonus,
                      [step("score.trick_bonus", "trick_bonus", card=Card.from_id(holding[0])
                            .pretty, points=scoring.trick_bonus)]))
    values = profile.card_points
    counted = [(Card.from_id(c), values.of_rank(c % 8)) for c in cards]
    points = sum(v for _, v in counted)
    if points:
        parts = " + ".join(f"{card.pretty} {value}" for card, value in counted if value)
        found.append(("score.card_points", points,
                      [step("score.card_points", "card_points", parts=parts, points=points)]))
    return found
