"""The bounds the score pad checks a paper's numbers against
(:mod:`engine.rules.score_bounds`) hold for every deal the engine plays: random deals of
every variant score in the variant's step, never below its floor, never above its
ceiling. A bound a real deal could break would refuse an honest score sheet."""

from __future__ import annotations

import random

import pytest

from engine.rules.deal import Deal
from engine.rules.profile import apply_option, load_profile, variant_names
from engine.rules.score_bounds import deal_ceiling, deal_floor, end_step, score_step


@pytest.mark.parametrize("variant", variant_names())
def test_random_deals_stay_inside_the_bounds(variant: str) -> None:
    profile = load_profile(variant)
    unit, high, low = score_step(profile), deal_ceiling(profile), deal_floor(profile)
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.new(profile, random.Random(seed), dealer=seed % profile.players)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        for points in deal.scores:
            assert points % unit == 0, (variant, seed, points, unit)
            assert points <= high, (variant, seed, points, high)
            assert low is None or points >= low, (variant, seed, points, low)


def test_the_steps_from_the_sources() -> None:
    # Every score of the two-handed game and of Rubicon is in tens (001 §03-§04, 003);
    # the four-handed last trick's 10 is shared 5 and 5 (004); cards count 11, 4, 3, 2
    # in the card-point game (004); the club counts tricks in tens (002).
    assert score_step(load_profile("two-handed")) == 10
    assert score_step(load_profile("rubicon")) == 10
    assert score_step(load_profile("card-point")) == 1
    assert end_step(load_profile("club")) == 10
    assert end_step(load_profile("card-point")) == 1
    split = load_profile("four-handed")
    assert split.scoring.last_trick_split and score_step(split) == 5


def test_fines_let_a_score_fall_below_zero() -> None:
    # 002 and 004 fine points; elsewhere nothing takes points away.
    assert deal_floor(load_profile("two-handed")) == 0
    assert deal_floor(load_profile("joker")) == 0
    assert deal_floor(load_profile("card-point")) is None
    table = apply_option(load_profile("club"), "infractions", "penalise")
    assert deal_floor(table) is None
