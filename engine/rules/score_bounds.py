"""What one deal's score can be in a variant, derived from its profile alone: the step
every score is a multiple of, the most one player can score in a deal, whether a score
can fall below zero, and the most the end counts (brisques, trick points, card points)
can bring. The score pad checks the numbers a table wrote against these, so a slip of
the pen (1235 in Rubicon, 999,995 in a game to 1000, a negative score where nothing is
ever taken away) is caught instead of settled.

The bounds are generous on purpose: a bound a real deal could pass would refuse an
honest score sheet. ``tests/test_score_bounds.py`` plays random deals of every variant
and checks that every score stays inside them.
"""

from __future__ import annotations

from dataclasses import astuple
from functools import cache, reduce
from math import gcd

from engine.notation.cards import JOKER_MIN_ID, Card
from engine.rules.profile import Profile


@cache
def score_step(profile: Profile) -> int:
    """The largest number every points value of the variant divides: 10 in most games
    (001 §03-§04, 003), 5 where a last trick's 10 is shared or a deal bonus takes 5
    (002), 1 where cards count 11, 4, 3 and 2 (004's card-point game)."""
    scoring, declaring = profile.scoring, profile.declaring
    values = [m.points for m in profile.melds]
    values += [profile.dix.points, declaring.carte_blanche, declaring.double_carte_blanche]
    values += [scoring.brisque_points, scoring.points_per_trick, scoring.trick_bonus,
               scoring.last_trick_bonus]
    if scoring.last_trick_split:
        values.append(scoring.last_trick_bonus // 2)
    values += list(astuple(profile.card_points))
    bonuses = profile.deal_bonuses
    values += [bonuses.black_trump_ace, bonuses.red_trump_ace, bonuses.seven_dealer,
               bonuses.seven_opponent, bonuses.streak, bonuses.streak_clubs]
    values += fine_amounts(profile)
    return reduce(gcd, (abs(v) for v in values), 0) or 1


@cache
def end_step(profile: Profile) -> int:
    """The step of the end counts written at the end of a deal: brisques (10 each),
    002's tricks (10, and 10 more with an ace or a ten) or 004's card points (1)."""
    scoring = profile.scoring
    values = [scoring.brisque_points, scoring.points_per_trick, scoring.trick_bonus,
              *astuple(profile.card_points)]
    return reduce(gcd, (abs(v) for v in values), 0) or 1


@cache
def end_ceiling(profile: Profile) -> int:
    """The most the end counts of one deal can bring: every brisque, every trick's
    points and every card's value."""
    scoring = profile.scoring
    deck = [c for c in profile.deck_ids() if c < JOKER_MIN_ID]
    brisque_cards = sum(1 for c in deck if Card.from_id(c).face[0] in "AT")
    return (brisque_cards * scoring.brisque_points
            + profile.tricks_per_deal * (scoring.points_per_trick + scoring.trick_bonus)
            + sum(profile.card_points.of_rank(c % 8) for c in deck))


def fine_amounts(profile: Profile) -> list[int]:
    """The fines of the profile's ``penalties`` table that take a fixed number of points."""
    return [v for v in astuple(profile.penalties) if not isinstance(v, bool) and v]


def has_fines(profile: Profile) -> bool:
    """Whether the variant's table rules fine anyone (002, 004): then a deal's score may
    be negative, down to the loss of every point scored so far."""
    return bool(fine_amounts(profile)) or profile.penalties.false_declaration_all


@cache
def deal_ceiling(profile: Profile) -> int:
    """More than any player can score in one deal: the end counts of every card, the
    last trick, every seven, carte blanche for every card drawn, the deal's bonuses,
    and on every trick the top combination (or, where one capture completes several,
    all of them)."""
    declaring, scoring = profile.declaring, profile.scoring
    tricks = profile.tricks_per_deal
    melds = [m.points for m in profile.melds]
    per_trick = max(melds) * declaring.per_trick if declaring.per_trick else sum(melds)
    sevens = sum(1 for c in profile.deck_ids() if c < JOKER_MIN_ID
                 and c % 8 == profile.dix.card_rank)
    blanche = declaring.carte_blanche * (tricks + 1 if declaring.carte_blanche_repeat else 1)
    bonuses = profile.deal_bonuses
    deal_bonus = sum(max(v, 0) for v in (bonuses.black_trump_ace, bonuses.red_trump_ace,
                                         bonuses.seven_dealer, bonuses.streak))
    return (end_ceiling(profile) + scoring.last_trick_bonus + profile.dix.points * sevens
            + blanche + declaring.double_carte_blanche + deal_bonus + tricks * per_trick)


@cache
def deal_floor(profile: Profile) -> int | None:
    """The least one player can score in a deal: 0, less the deal bonuses that take
    points away (002's 5 off the dealer's opponent); ``None`` where fines may take any
    number of points (a false declaration loses everything scored so far)."""
    if has_fines(profile):
        return None
    bonuses = profile.deal_bonuses
    return sum(min(v, 0) for v in (bonuses.seven_opponent, bonuses.streak_clubs))
