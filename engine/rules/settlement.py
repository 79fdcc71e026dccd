"""Settling a single-deal game (the Rubicon family): rounding, ties, the rubicon.

The rules come from the profile's :class:`engine.rules.profile.SettlementRules`; 003's
scoring is Rubicon's default and 004's is a named option.

    >>> from engine.rules.profile import load_profile
    >>> result = settle(load_profile("rubicon"), [1290, 1200], [60, 100])
    >>> result.winner, result.points
    (0, 600)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.profile import Profile, SettlementRules
from engine.text.explain import Step, step


@dataclass(frozen=True, slots=True)
class Settlement:
    winner: int | None          # None: a draw
    points: int                 # the winner's game score
    rubiconed: bool
    steps: tuple[Step, ...]

    def game_scores(self, players: int) -> list[int]:
        return [self.points if p == self.winner else 0 for p in range(players)]


def _round(value: int, rules: SettlementRules) -> int:
    return value // rules.rounding * rules.rounding if rules.rounding else value


def rubicon_brisque_bonus(profile: Profile) -> int:
    """The winner's sum for all the brisques when he rubicons the loser: as printed
    (004's 320, four packs' brisques), or scaled to the variant's packs (480, 640)."""
    rules = profile.settlement
    if rules is None:
        return 0
    if rules.brisque_bonus_packs == "per_pack":
        return rules.rubicon_brisque_bonus * profile.packs // 4
    return rules.rubicon_brisque_bonus


def settle(profile: Profile, scores: list[int],
           brisque_points: list[int] | None) -> Settlement:
    """The game result from the deal's points and each side's brisque points
    (``None``: not recorded, as on a score pad that gives only the deal's points)."""
    rules = profile.settlement
    recorded = brisque_points is not None
    brisque_points = brisque_points if brisque_points is not None else [0] * len(scores)
    if rules is None:
        raise ValueError(f"variant {profile.name!r} is not settled in one deal")
    rid = "settle.rubicon"
    steps: list[Step] = []

    def who(side: int) -> str:  # a partnership is named by both its players
        return f"{side + 1} & {side + 3}" if profile.partnerships else str(side + 1)

    totals = list(scores)
    with_brisques = False
    low = min(range(2), key=lambda p: (totals[p], p))
    if (recorded and rules.brisque_rescue and totals[low] < rules.rubicon
            and totals[low] + brisque_points[low] >= rules.rubicon):
        totals = [t + b for t, b in zip(totals, brisque_points, strict=True)]
        with_brisques = True
        high = 1 - low
        steps.append(step(rid, "settle_rescue_sum", player=who(low), score=scores[low],
                          brisques=brisque_points[low], total=totals[low],
                          w_score=scores[high], w_brisques=brisque_points[high],
                          w_total=totals[high]))
    rounded = [_round(t, rules) for t in totals]
    for p in range(2):
        if rules.rounding:
            steps.append(step(rid, "settle_round", player=who(p), raw=totals[p],
                              rounded=rounded[p]))
    if rounded[0] == rounded[1] and rules.tie_break == "brisques_then_round_up":
        if not with_brisques and not recorded:
            steps.append(step(rid, "settle_no_brisques"))
        elif not with_brisques:
            totals = [t + b for t, b in zip(totals, brisque_points, strict=True)]
            with_brisques = True
            rounded = [_round(t, rules) for t in totals]
            steps.append(step(rid, "settle_brisques",
                              detail=" : ".join(f"{t} → {r}" for t, r in zip(totals, rounded,
                                                                             strict=True))))
        # "The higher actual score rounds up" (003): with the brisques just added, or,
        # by the option rubicon_round_up, the deal's points before them.
        actual = totals if rules.round_up_on == "with_brisques" else list(scores)
        if rounded[0] == rounded[1] and actual[0] != actual[1] and rules.rounding:
            higher = 0 if actual[0] > actual[1] else 1
            rounded[higher] += rules.rounding
            steps.append(step(rid, "settle_round_up" if rules.round_up_on == "with_brisques"
                              else "settle_round_up_before_brisques"))
    if rounded[0] == rounded[1]:
        steps.append(step("game.tie", "settle_draw"))
        return Settlement(None, 0, False, tuple(steps))
    winner = 0 if rounded[0] > rounded[1] else 1
    loser = 1 - winner
    rubiconed = totals[loser] < rules.rubicon
    if rubiconed and rules.rubicon_rule == "sum_and_brisques":
        brisque_bonus = rubicon_brisque_bonus(profile)
        points = rules.rubicon_bonus + totals[0] + totals[1] + brisque_bonus
        steps.append(step(rid, "settle_rubicon", loser=who(loser), rubicon=rules.rubicon,
                          detail=f"{rules.rubicon_bonus} + {totals[winner]} + {totals[loser]}"
                                 f" + {brisque_bonus}"))
    else:
        difference = rounded[winner] - rounded[loser]
        points = difference + rules.game_bonus
        steps.append(step(rid, "settle_difference", player=who(winner), difference=difference,
                          bonus=rules.game_bonus))
        if rubiconed:
            points += rules.rubicon_bonus
            steps.append(step(rid, "settle_rubicon", loser=who(loser), rubicon=rules.rubicon,
                              detail=f"+{rules.rubicon_bonus}"))
    if rules.small_score_limit and totals[loser] < rules.small_score_limit:
        points += rules.small_score_bonus
        steps.append(step(rid, "settle_small", loser=who(loser), limit=rules.small_score_limit,
                          bonus=rules.small_score_bonus))
    steps.append(step(rid, "settle_total", player=who(winner), points=points))
    return Settlement(winner, points, rubiconed, tuple(steps))
