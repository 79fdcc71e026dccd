"""The expert bot genuinely searches in the games for three and four and in no-trump
bezique (004): the fast simulator supports them (no fallback to the rules of
thumb), unseen cards are dealt among every other hand, a line is valued for the
bot's side."""

from __future__ import annotations

import random

import pytest

from engine.bots.fastplay import FastDeal, supported
from engine.bots.search import StrongBot, margin, static_value
from engine.rules.deal import Deal
from engine.rules.profile import Profile, apply_option, load_profile
from engine.rules.view import PlayerView, sample_hands

PROFILES = [("three-handed", load_profile("three-handed")),
            ("four-handed", load_profile("four-handed"))] + [
    (f"no-trump-{n}", apply_option(load_profile("no-trump"), "players", n)) for n in "234"]
IDS = [n for n, _ in PROFILES]


@pytest.mark.parametrize("name,profile", PROFILES, ids=IDS)
def test_expert_searches_in_stock_and_play_off(name: str, profile: Profile) -> None:
    assert supported(profile)
    deal = Deal.new(profile, random.Random(11), dealer=0)
    bot = StrongBot(random.Random(1), deals=3)
    searched_stock = searched_playoff = 0
    while not deal.is_over:
        view = PlayerView.of(deal, deal.to_move)
        if deal.to_move == 0:
            result = bot.search(view)
            if result.means:
                if deal.in_playoff:
                    searched_playoff += 1
                else:
                    searched_stock += 1
            action = result.action
        else:
            action = deal.legal_actions()[0]
        assert action in deal.legal_actions()
        deal.apply(action)
    assert searched_stock > 0
    if profile.players > 2:   # two play: the solver plays the play-off exactly
        assert searched_playoff > 0


@pytest.mark.parametrize("name,profile", PROFILES, ids=IDS)
def test_sample_hands_deals_the_unseen_cards_among_the_other_hands(
        name: str, profile: Profile) -> None:
    rng = random.Random(4)
    deal = Deal.new(profile, rng, dealer=1)
    for _ in range(40):
        deal.apply(rng.choice(deal.legal_actions()))
    view = PlayerView.of(deal, 0)
    hands, stock = sample_hands(view, random.Random(2))
    assert hands[0] == [] and len(stock) == view.hidden_stock
    for p in range(1, profile.players):
        assert len(hands[p]) == len(deal.hands[p]) and view.known[p] <= set(hands[p])
    placed = [c for h in hands for c in h] + stock
    assert len(set(placed)) == len(placed) and set(placed) <= view.unseen
    assert len(view.unseen) - len(placed) == len(deal.set_aside)


def test_margin_is_for_the_side_against_the_mean_of_the_others() -> None:
    three = FastDeal.new(load_profile("three-handed"), random.Random(1))
    three.scores = [100, 40, 20]
    assert margin(three, 0, lambda s, p: 0.0) == 100 - 30
    four = FastDeal.new(load_profile("four-handed"), random.Random(1))
    four.scores = [100, 40, 20, 10]
    assert margin(four, 2, lambda s, p: 0.0) == 120 - 50
    two = FastDeal.new(load_profile("two-handed"), random.Random(1))
    two.scores = [30, 50]
    assert margin(two, 1, static_value) == 20 + static_value(two, 1) - static_value(two, 0)


@pytest.mark.parametrize("variant,options", [("three-handed", ()), ("four-handed", ()),
                                             ("no-trump", (("players", "3"),))])
def test_play_page_bots_play_every_seat_at_the_expert_level_without_fallback(
        variant: str, options: tuple[tuple[str, str], ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The session's bots at the chosen level play the other seats; a bot that failed
    would be replaced silently by the plain hint, so count those."""
    import engine.bots.coach as coach
    import engine.bots.search as search
    from app_pages.session import PlaySession

    monkeypatch.setattr(search, "expert_deals", lambda profile, stock_end=False: 2)
    fallbacks: list[int] = []
    plain = coach.simple_hint

    def counted(deal: Deal) -> object:
        fallbacks.append(deal.to_move)
        return plain(deal)

    monkeypatch.setattr(coach, "simple_hint", counted)
    session = PlaySession.new(variant, seed=5, level="expert", options=options)
    assert isinstance(session._bot.bot, StrongBot)
    session.autoplay_to_end()
    assert session.deal.is_over and fallbacks == []
