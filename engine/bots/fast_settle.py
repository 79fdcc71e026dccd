"""The Rubicon family's settlement on plain ints, for the fast simulator: who wins a
single-deal game and by how much (:func:`engine.rules.settlement.settle` without its
explanations), and 003's skipped play-off (``settlement.skip_hopeless_playoff``:
:meth:`engine.rules.deal.Deal._playoff_is_hopeless`).

    >>> from engine.rules.profile import load_profile
    >>> settle_points(load_profile("rubicon"), [1290, 1200], [60, 100])
    (0, 600, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rules.profile import Profile
from engine.rules.settlement import rubicon_brisque_bonus


def settle_points(profile: Profile, scores: Sequence[int], brisques: Sequence[int]
                  ) -> tuple[int | None, int, bool]:
    """(winner or None for a draw, the winner's game score, whether the loser is
    rubiconed): the numbers of :func:`engine.rules.settlement.settle`."""
    rules = profile.settlement
    if rules is None:
        raise ValueError(f"variant {profile.name!r} is not settled in one deal")
    rounding = rules.rounding

    def rounded_of(value: int) -> int:
        return value // rounding * rounding if rounding else value

    totals = list(scores)
    with_brisques = False
    low = 0 if totals[0] <= totals[1] else 1
    if (rules.brisque_rescue and totals[low] < rules.rubicon
            and totals[low] + brisques[low] >= rules.rubicon):
        totals = [totals[0] + brisques[0], totals[1] + brisques[1]]
        with_brisques = True
    rounded = [rounded_of(totals[0]), rounded_of(totals[1])]
    if rounded[0] == rounded[1] and rules.tie_break == "brisques_then_round_up":
        if not with_brisques:
            totals = [totals[0] + brisques[0], totals[1] + brisques[1]]
            rounded = [rounded_of(totals[0]), rounded_of(totals[1])]
        actual = totals if rules.round_up_on == "with_brisques" else list(scores)
        if rounded[0] == rounded[1] and actual[0] != actual[1] and rounding:
            rounded[0 if actual[0] > actual[1] else 1] += rounding
    if rounded[0] == rounded[1]:
        return None, 0, False
    winner = 0 if rounded[0] > rounded[1] else 1
    loser = 1 - winner
    rubiconed = totals[loser] < rules.rubicon
    if rubiconed and rules.rubicon_rule == "sum_and_brisques":
        points = rules.rubicon_bonus + totals[0] + totals[1] + rubicon_brisque_bonus(profile)
    else:
        points = rounded[winner] - rounded[loser] + rules.game_bonus
        if rubiconed:
            points += rules.rubicon_bonus
    if rules.small_score_limit and totals[loser] < rules.small_score_limit:
        points += rules.small_score_bonus
    return winner, points, rubiconed


def playoff_hopeless(profile: Profile, sides: Sequence[int], won_brisques: Sequence[int],
                     left: int) -> bool:
    """003: the play-off is skipped when one side is rubiconed whatever happens in it
    and the result cannot change, for every split of the ``left`` brisques still held
    and either side taking the last trick (``sides``: each side's points,
    ``won_brisques``: each side's brisques captured so far)."""
    rules = profile.settlement
    if rules is None or not rules.skip_hopeless_playoff or len(sides) != 2:
        return False
    each = profile.scoring.brisque_points
    bonus = profile.scoring.last_trick_bonus
    base = [won_brisques[0] * each, won_brisques[1] * each]
    results = set()
    for share in range(left + 1):
        for last in range(2):
            scores = [sides[0] + (bonus if last == 0 else 0),
                      sides[1] + (bonus if last == 1 else 0)]
            winner, points, rubiconed = settle_points(
                profile, scores, [base[0] + share * each, base[1] + (left - share) * each])
            if not rubiconed:
                return False
            results.add((winner, points))
            if len(results) > 1:
                return False    # the play-off changes the result (most often: at once)
    return True


__all__ = ["playoff_hopeless", "settle_points"]
