"""Issue 16: the expert bot's simulator scores Fildinski's captures (000) as the
engine does, and its rollouts follow a capture-aware policy."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.bots.capture_policy import capture_action, worth
from engine.bots.fastplay import OVER, FastDeal, from_action, rules_for
from engine.bots.search import rollout, static_value
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView

FIL = load_profile("fildinski")
THREE = load_profile("fildinski-three-pack")


@pytest.mark.parametrize("profile", [FIL, THREE], ids=["two-pack", "three-pack"])
@pytest.mark.parametrize("seed", range(6))
def test_simulator_scores_captures_as_the_deal(profile, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % 2)
    fast = FastDeal.new(profile, random.Random(seed), dealer=seed % 2)
    assert fast.rules.captured
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
        assert fast.scores == deal.scores
        assert fast.to_move == deal.to_move
    assert fast.phase == OVER
    assert [sorted(c) for c in fast.laid] == [sorted(c) for c in deal.laid]


def test_mid_deal_state_carries_the_laid_out_cards() -> None:
    rng = random.Random(3)
    deal = Deal.new(FIL, rng, dealer=1)
    for _ in range(30):
        deal.apply(rng.choice(deal.legal_actions()))
    fast = FastDeal.from_deal(deal)
    assert [sorted(c) for c in fast.laid] == [sorted(c) for c in deal.laid]
    copy = fast.copy()
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
    assert fast.scores == deal.scores and copy.phase != OVER


def test_capture_policy_values_what_a_card_adds_to_the_laid_out_cards() -> None:
    state = FastDeal.new(FIL, random.Random(1), dealer=0)
    trump = state.rules.trump
    king = ((trump + 1) % 4) * 8 + 5          # a plain king
    queen = king - 1
    assert worth(state, 0, king) == 0
    state.laid[0].append(queen)               # his queen laid out: the king marries it
    assert worth(state, 0, king) == 5
    rollout(state, random.Random(2), 0.1, 99, "heuristic")   # plays to the end
    assert state.phase == OVER
    assert capture_action(FastDeal.new(FIL, random.Random(4), 0),
                          random.Random(0)) in FastDeal.new(FIL, random.Random(4), 0).legal()


def test_static_value_counts_laid_out_combinations() -> None:
    state = FastDeal.new(FIL, random.Random(1), dealer=0)
    before = static_value(state, 0)
    bezique = [c for c in range(FIL.deck_size) if c % 32 in FIL.declaring.bezique_cards]
    state.laid[0] += bezique[:2]              # a whole bezique laid out already
    assert static_value(state, 0) > before
    assert rules_for(FIL, state.rules.trump).captured


def test_expert_plays_fildinski_legally() -> None:
    rng = random.Random(5)
    deal = Deal.new(FIL, rng, dealer=0)
    bot = make_bot("expert", random.Random(1), deals=4)
    for _ in range(12):
        view = PlayerView.of(deal, deal.to_move)
        action = bot.choose(view)
        assert action in deal.legal_actions()
        deal.apply(action)


def test_plain_play_off_solver_is_not_used_where_captures_score() -> None:
    from engine.bots.playoff import points_objective

    deal = Deal.new(FIL, random.Random(2), dealer=0)
    assert not points_objective(PlayerView.of(deal, deal.to_move))
    plain = Deal.new(load_profile("two-handed"), random.Random(2), dealer=0)
    assert points_objective(PlayerView.of(plain, plain.to_move))


def test_expert_searches_the_long_capture_play_off() -> None:
    from engine.bots.search import StrongBot

    rng = random.Random(8)
    deal = Deal.new(FIL, rng, dealer=0)
    while not (deal.in_playoff and deal.phase == "lead" and len(deal.hands[deal.to_move]) == 8):
        deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over:
            pytest.fail("no play-off lead with eight cards")
    view = PlayerView.of(deal, deal.to_move)
    bot = StrongBot(random.Random(1), deals=6, gap=0.0, top=8)
    result = bot.search(view)
    assert result.action in deal.legal_actions()
    # both hands known: one play-out to the end of the deal a move, judged on deals won
    assert result.samples == 1 and len(result.means) > 1 and set(result.wins) == set(result.means)


def test_the_earlier_search_weighs_the_chance_of_winning_the_deal_where_captures_score() -> None:
    """Two players with combinations from captures: the expert's earlier lines are worth
    their margin plus the deal-winning chance that margin implies, its spread narrowing
    as the deal runs out; elsewhere, and in a review's estimate, the margin alone."""
    from engine.bots.search import StrongBot, win_spread, win_weighted

    assert win_spread(FIL) == pytest.approx(0.29 * FIL.scoring.target)
    for name in ("two-handed", "card-point", "club", "fildinski-four-handed"):
        assert win_spread(load_profile(name)) == 0.0
    spread = win_spread(FIL)
    assert win_weighted(0.0, 0.5, spread, 1000.0) == pytest.approx(500.0)
    assert win_weighted(120.0, 0.3, 0.0, 1000.0) == 120.0
    assert win_weighted(120.0, 0.3, spread, 0.0) == 120.0
    margins = [-400.0, -50.0, 0.0, 50.0, 400.0]
    values = [win_weighted(m, 0.3, spread, 1000.0) for m in margins]
    assert values == sorted(values)
    # a lead of 50 points late in the deal is nearer a won deal than early on
    assert win_weighted(50.0, 0.9, spread, 1000.0) > win_weighted(50.0, 0.1, spread, 1000.0)

    deal = Deal.new(FIL, random.Random(3), dealer=0)
    view = PlayerView.of(deal, deal.to_move)
    plays = [a for a in view.legal if a.card is not None][:2]
    bot = StrongBot(random.Random(1))
    points = StrongBot(random.Random(1), win_value=0.0)
    weighed = bot._fast_lines(view, plays, False)()
    plain = points._fast_lines(view, plays, False)()
    assert len(weighed) == len(plain) == 2
    assert all(w > p for w, p in zip(weighed, plain, strict=True))
