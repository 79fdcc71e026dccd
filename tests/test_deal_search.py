"""The expert's search in every variant: lines played by the rules engine where the
fast simulator does not apply (engine.bots.deal_search), on copies of the deal
with the unseen cards dealt again (Deal.copy, Deal.with_hidden, view.sample_deal)."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.bots.coach import level_description
from engine.bots.deal_search import _shortfalls, deal_margin, play_line, rollout_action
from engine.bots.fast_lines import policy_lines
from engine.bots.fastplay import rules_for
from engine.bots.search import (
    StrongBot,
    estimate_actions,
    plays_stock_end_out,
    searches_every_play,
)
from engine.errors import BeziqueError
from engine.notation.cards import JOKER_MIN_ID
from engine.rules.deal import Deal
from engine.rules.melds import all_verdicts
from engine.rules.profile import load_profile, ordered_variants
from engine.rules.view import PlayerView, sample_deal

VARIANTS = list(ordered_variants())


def _club_position(name: str, seed: int, moves: int) -> Deal:
    """A deal of ``name`` after up to ``moves`` club moves, stopped at a play with a
    choice (or at the end of the moves)."""
    deal = Deal.new(load_profile(name), random.Random(seed), dealer=seed % 2)
    club = make_bot("club", random.Random(seed))
    for _ in range(moves):
        if deal.is_over:
            break
        deal.apply(club.choose(PlayerView.of(deal, deal.to_move)))
    return deal


def _cards_everywhere(deal: Deal) -> list[int]:
    return sorted(deal.every_card())


@pytest.mark.parametrize("name", VARIANTS)
def test_copy_is_independent_and_plays_the_same(name: str) -> None:
    deal = _club_position(name, 3, 25)
    before = deal.snapshot()
    twin = deal.copy()
    rng_a, rng_b = random.Random(7), random.Random(7)
    while not twin.is_over:
        twin.apply(rollout_action(twin, rng_a))
    assert deal.snapshot() == before            # the original is untouched
    while not deal.is_over:
        deal.apply(rollout_action(deal, rng_b))
    assert twin.scores == deal.scores
    assert [e.to_json() for e in twin.events] == [e.to_json() for e in deal.events]


@pytest.mark.parametrize("name", VARIANTS)
def test_sampled_deals_look_the_same_from_the_seat(name: str) -> None:
    rng = random.Random(11)
    for seed, moves in ((1, 6), (2, 40), (4, 90)):
        deal = _club_position(name, seed, moves)
        if deal.is_over:
            continue
        seat = deal.to_move
        view = PlayerView.of(deal, seat)
        for _ in range(3):
            other = sample_deal(view, rng)
            assert PlayerView.of(other, seat) == view
            assert _cards_everywhere(other) == _cards_everywhere(deal)
            assert other.legal_actions() == deal.legal_actions()
            play_line(other, rng, horizon=2)      # it plays on by the rules


def test_sampled_deals_vary_the_hidden_cards() -> None:
    deal = _club_position("rubicon", 5, 10)
    view = PlayerView.of(deal, deal.to_move)
    opponent = (deal.to_move + 1) % 2
    hands = {frozenset(sample_deal(view, random.Random(s)).hands[opponent]) for s in range(5)}
    assert len(hands) > 1


def test_a_stale_view_is_refused() -> None:
    deal = _club_position("club", 2, 4)
    view = PlayerView.of(deal, deal.to_move)
    deal.apply(deal.legal_actions()[0])
    with pytest.raises(BeziqueError, match="no longer matches"):
        sample_deal(view, random.Random(1))


def test_a_placing_that_moves_a_seen_card_is_refused() -> None:
    deal = _club_position("rubicon", 2, 4)
    seat = deal.to_move
    view = PlayerView.of(deal, seat)
    hands, stock = [[] for _ in range(2)], list(range(len(deal.stock)))
    hands[1 - seat] = sorted(view.hand)[: view.concealed[1 - seat]]
    with pytest.raises(BeziqueError):
        sample_deal(view, random.Random(1), (hands, stock))


@pytest.mark.parametrize("name", VARIANTS)
def test_the_expert_searches_in_every_variant(name: str) -> None:
    """No variant falls back to the rules of thumb: with the gap test off, a
    decision with a choice before the play-off is searched (samples taken)."""
    bot = StrongBot(random.Random(1), deals=4, gap=0.0)
    for seed in range(6):
        deal = _club_position(name, seed, 12 + 7 * seed)
        if deal.is_over or deal.stock_count == 0:
            continue
        view = PlayerView.of(deal, deal.to_move)
        plays = [a for a in view.legal if a.type.value == "play"]
        if len({a.card % 32 for a in plays}) < 2:
            continue
        result = bot.search(view)
        assert result.action in view.legal
        assert result.samples == 4 and len(result.means) >= 2
        return
    pytest.fail(f"no searchable position found in {name}")


@pytest.mark.parametrize("name", ["two-handed", "rubicon", "four-handed", "joker"])
def test_estimates_rank_the_moves_with_intervals(name: str) -> None:
    deal = _club_position(name, 3, 9)
    view = PlayerView.of(deal, deal.to_move)
    estimates = estimate_actions(view, view.legal, random.Random(2), deals=6)
    assert {e.action for e in estimates} == set(view.legal)
    best = estimates[0]
    assert best.loss == 0 and best.low == best.high == 0
    for e in estimates[1:]:
        assert e.loss >= 0 and e.low <= e.loss <= e.high and e.samples == 6
    again = estimate_actions(view, view.legal, random.Random(2), deals=6)
    assert [e.mean for e in again] == [e.mean for e in estimates]   # seeded: reproducible
    with pytest.raises(BeziqueError):
        estimate_actions(view, [], random.Random(2))


def test_margin_counts_the_sides() -> None:
    deal = _club_position("four-handed", 1, 30)
    for seat in range(4):
        assert deal_margin(deal, seat) == pytest.approx(deal_margin(deal, (seat + 2) % 4))
        assert deal_margin(deal, seat) == pytest.approx(-deal_margin(deal, (seat + 1) % 4))


def test_the_level_description_says_how_the_expert_searches() -> None:
    fast = load_profile("two-handed")
    full = load_profile("rubicon")
    assert policy_lines(fast) and not policy_lines(full)
    assert "full rules" in level_description("expert", "en", full)
    assert "полным правилам" in level_description("expert", "ru", full)
    # two-handed and three-handed (its play-off by the rules of thumb): the last stock
    # tricks followed to the end of the deal, on the fast simulator
    assert "end of the deal" in level_description("expert", "en", fast)
    assert "до конца сдачи" in level_description("expert", "ru", fast)
    three = load_profile("three-handed")
    assert policy_lines(three)
    assert level_description("expert", "en", three) == level_description("expert", "en", fast)
    rubicon_four = load_profile("rubicon-four-handed")   # Rubicon's tiebreak: neither note
    assert not policy_lines(rubicon_four)
    assert "end of the deal" not in level_description("expert", "en", rubicon_four)
    # 002's club game: lines by the full rules, and its last stock tricks played out
    club = level_description("expert", "en", load_profile("club"))
    assert "full rules" in club and "end of the deal" in club
    assert "end of the deal" not in level_description("expert", "en", full)


@pytest.mark.parametrize("name", ["club", "card-point"])
def test_the_last_stock_tricks_are_played_out_where_tricks_score(name: str) -> None:
    """002's points for tricks (and 250 for the last) and 004's card points: from eight
    stock cards down the expert follows every kind of card to the end of the deal by
    the full rules and counts deals won; the review's estimate there is the final
    margin of those same lines, and earlier lines play out the play-off they reach."""
    profile = load_profile(name)
    assert plays_stock_end_out(profile) and not policy_lines(profile)
    seen = set()
    for seed in range(4):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        club = make_bot("club", random.Random(seed))
        while deal.stock_count:
            view = PlayerView.of(deal, deal.to_move)
            plays = {a.card % 32: a for a in view.legal if a.type.value == "play"}
            if view.phase in ("lead", "follow") and len(plays) > 1 \
                    and deal.stock_count in (8, 10):
                result = StrongBot(random.Random(seed), deals=3, gap=0.0).search(view)
                if deal.stock_count == 8:
                    assert result.samples in (3, len(view.unknown))
                    assert {a.card % 32 for a in result.wins} == set(plays)
                    assert set(result.wins) == set(result.means) == set(result.margins)
                    estimates = estimate_actions(view, list(plays.values()),
                                                 random.Random(1), deals=2)
                    lines = StrongBot(random.Random(1))._stock_end_lines(
                        view, [e.action for e in estimates])
                    assert all(v == int(v) for v in lines())   # final margins: whole points
                else:
                    assert result.wins == {} and result.samples == 3
                seen.add(deal.stock_count)
            deal.apply(club.choose(view))
    assert seen == {8, 10}


def test_a_line_that_reaches_the_play_off_plays_it_out() -> None:
    """With ten stock cards left a six-trick line of the club game reaches the play-off,
    whose last trick is worth 250: it is played to the end of the deal and valued by
    the deal's final margin (a bot handed the true deal, no random moves)."""
    for seed in range(6):
        deal = Deal.new(load_profile("club"), random.Random(seed), dealer=0)
        rng = random.Random(seed)
        while not deal.is_over and not (deal.stock_count <= 10
                                        and deal.phase in ("lead", "follow")):
            deal.apply(rollout_action(deal, rng))
        if deal.is_over or deal.stock_count <= 8:
            continue
        bot = StrongBot(random.Random(3), noise=0.0)
        bot.oracle = deal
        view = PlayerView.of(deal, deal.to_move)
        move = view.legal[0]
        values = bot._deal_lines(view, [move])()
        line = deal.copy()
        line.apply(move)
        play_line(line, random.Random(0), 0.0)
        assert line.is_over and values == [deal_margin(line, view.seat)]
        return
    pytest.fail("no club position with ten stock cards found")


@pytest.mark.parametrize("name", VARIANTS)
def test_melds_in_reach_are_the_melds_the_engine_accepts(name: str) -> None:
    """The lines' valuation reads the melds a holding completes from the simulator's
    compiled rules; on rich random holdings they are the melds the rules engine would
    accept (004's sequences may also take the bezique jack for the jack: the engine may
    find more there, never fewer)."""
    profile = load_profile(name)
    stretch = {spec.kind for spec in profile.melds if spec.jack_from_bezique}
    for seed in range(30):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        cards = random.Random(seed).sample(sorted(deal.every_card()), profile.hand_size + 6)
        plain = [c for c in cards if c < JOKER_MIN_ID]
        engine = {v.spec.kind for v in all_verdicts(profile, deal.trump, set(cards), (),
                                                     frozenset(), explain=False)
                  if v.legal and v.spec.pattern != "carte_blanche"}
        rules = rules_for(profile, deal.trump)
        jokers = len(cards) - len(plain)
        reach = {rule.kind for rule, missing in _shortfalls(rules, [], plain, jokers)
                 if missing == 0}
        assert reach <= engine, (seed, sorted(reach - engine))
        assert engine - reach <= stretch, (seed, sorted(engine - reach))


def test_where_every_trick_scores_every_play_is_searched() -> None:
    """002's tricks score by themselves: the expert searches every play with a choice
    there, not only those its rules of thumb find close (the default gap)."""
    assert searches_every_play(load_profile("club"))
    for name in ("two-handed", "rubicon", "joker", "fildinski-four-handed", "card-point"):
        assert not searches_every_play(load_profile(name))
    deal = Deal.new(load_profile("club"), random.Random(5), dealer=0)
    club = make_bot("club", random.Random(5))
    searched = 0
    while deal.stock_count > 10:
        view = PlayerView.of(deal, deal.to_move)
        kinds = {a.card % 32 for a in view.legal if a.type.value == "play"}
        if len(kinds) > 1 and deal.to_move == 0:
            result = StrongBot(random.Random(1), deals=2).search(view)
            assert result.samples == 2 and len(result.means) >= 2
            searched += 1
        deal.apply(club.choose(view))
    assert searched > 10
