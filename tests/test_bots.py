"""Bots return legal actions; hints explain themselves; heuristic beats random."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from engine.bots import LEVEL_DESCRIPTIONS, LEVELS, Hint, hint, make_bot
from engine.bots.playoff import playoff_values
from engine.bots.search import StrongBot
from engine.cli.arena import run_arena
from engine.notation.actions import ActionType
from engine.notation.cards import card_text
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView

PROFILE = load_profile("two-handed")


def test_levels_and_descriptions() -> None:
    assert LEVELS == ("beginner", "club", "expert")
    for level in LEVELS:
        en, ru = LEVEL_DESCRIPTIONS[level]
        assert en and ru and en != ru
        assert make_bot(level, random.Random(0)).choose is not None
    with pytest.raises(ValueError):
        make_bot("grandmaster", random.Random(0))


@pytest.mark.parametrize("name", ["random", "heuristic", "beginner", "club"])
def test_bots_play_only_legal_actions(name: str) -> None:
    for seed in range(8):
        rng = random.Random(seed)
        deal = Deal.new(PROFILE, rng, dealer=seed % 2)
        bots = [make_bot(name, random.Random(seed)), make_bot(name, random.Random(seed + 1))]
        while not deal.is_over:
            seat = deal.to_move
            action = bots[seat].choose(PlayerView.of(deal, seat))
            assert action in deal.legal_actions()
            deal.apply(action)


def test_strong_bot_plays_a_whole_deal_legally() -> None:
    deal = Deal.new(PROFILE, random.Random(11), dealer=1)
    bots = [make_bot("strong", random.Random(1), deals=2),
            make_bot("heuristic", random.Random(2))]
    while not deal.is_over:
        seat = deal.to_move
        action = bots[seat].choose(PlayerView.of(deal, seat))
        assert action in deal.legal_actions()
        deal.apply(action)


def _position(seed: int, playoff: bool) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(PROFILE, rng, dealer=0)
    while not deal.is_over:
        if playoff and deal.stock_count == 0 and len(deal.legal_actions()) > 1:
            return deal
        if not playoff and deal.tricks_played >= 5 and len(deal.legal_actions()) > 1:
            return deal
        deal.apply(rng.choice(deal.legal_actions()))
    raise AssertionError("no position found")


@pytest.mark.parametrize("playoff", [False, True])
def test_hint_is_legal_with_reasons_in_both_languages(playoff: bool) -> None:
    deal = _position(4, playoff)
    seat = deal.to_move
    en = hint(deal, seat, "en", deals=4)
    ru = hint(deal, seat, "ru", deals=4)
    assert isinstance(en, Hint) and en.action in deal.legal_actions()
    assert en.action == ru.action
    assert en.reasons and ru.reasons and en.reasons != ru.reasons
    assert all(isinstance(r, str) and r for r in en.reasons + ru.reasons)


def test_hint_names_the_meld_to_declare() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal.new(PROFILE, rng, dealer=0)
        while not deal.is_over:
            legal = deal.legal_actions()
            if any(a.type is ActionType.DECLARE for a in legal):
                h = hint(deal, deal.to_move, "en", deals=2)
                assert h.action in legal
                if h.action.type is ActionType.DECLARE:
                    assert any("declare" in r for r in h.reasons)
                    return
            deal.apply(rng.choice(legal))
    raise AssertionError("no declaration found")


def test_playoff_values_are_the_solvers() -> None:
    from engine.notation.cards import kind_face
    from engine.solver import move_values

    deal = _position(9, True)
    view = PlayerView.of(deal, deal.to_move)
    values = playoff_values(view)
    assert set(values) == {a.card for a in view.legal}
    faces = move_values(deal.playoff_position())
    assert all(values[c] == faces[kind_face(c % 32)] for c in values)


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_bots_choose_a_solver_best_card_in_the_playoff(name: str) -> None:
    from engine.notation.cards import Card
    from engine.solver import move_values

    checked = 0
    for seed in range(6):
        deal = _position(20 + seed, True)
        bot = make_bot(name, random.Random(seed), deals=2)
        rng = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            action = bot.choose(PlayerView.of(deal, deal.to_move))
            if len(legal) > 1:
                values = move_values(deal.playoff_position())
                assert values[Card.from_id(action.card).face] == max(values.values())
                checked += 1
            deal.apply(action if seed % 2 else rng.choice(legal))
    assert checked > 10


def test_playoff_hint_quotes_the_solver() -> None:
    from engine.solver import solve

    for seed in range(40):
        deal = _position(seed, True)
        solution = solve(deal.playoff_position())
        if solution.refutations:
            en = hint(deal, deal.to_move, "en")
            ru = hint(deal, deal.to_move, "ru")
            assert str(solution.value) in en.reasons[0]
            # the refutation's loss and answer in prose; the solver's line is not shown
            first = solution.refutations[0]
            assert en.reasons[1].startswith(f"{card_text(first.move)} loses {first.loss}")
            assert ru.reasons[1].startswith(f"{card_text(first.move, 'ru')} теряет")
            assert card_text(first.reply) in en.reasons[1]
            return
    raise AssertionError("no play-off with a worse card found")


def test_heuristic_beats_random_on_a_small_seeded_sample() -> None:
    summary = run_arena("heuristic", "random", 20, seed=7)
    assert summary.deals == 40
    assert summary.a_win_rate > 0.6
    assert summary.mean_point_diff > 0


def test_endgame_hint_says_what_the_move_does_not_how_often_it_won() -> None:
    from engine.bots.heuristic import advise
    from engine.bots.search import StrongBot, search_reasons

    rng = random.Random(2)
    deal = Deal.new(load_profile("two-handed"), rng, dealer=0)
    while not (deal.stock_count == 2 and deal.phase in ("lead", "follow")):
        deal.apply(rng.choice(deal.legal_actions()))
    view = PlayerView.of(deal, deal.to_move)
    result = StrongBot(random.Random(0), deals=1).search(view)
    assert result.samples == len(view.unknown) and set(result.wins) == set(result.means)
    assert all(0.0 <= w <= 1.0 for w in result.wins.values())
    prior = advise(view).action
    reasons = search_reasons(view, result, prior)
    assert bool(reasons) == (result.action != prior)
    for reason in reasons:
        assert "in 100" not in reason.render("en") and "из 100" not in reason.render("ru")
    overruled = search_reasons(view, replace(result, action=next(
        a for a in view.legal if a != prior)), prior)
    assert overruled and overruled[0].render("en")


@pytest.mark.parametrize("variant", ["three-handed", "four-handed"])
def test_expert_searches_every_real_choice_of_a_many_handed_playoff(variant: str) -> None:
    """With three or four players no solver plays the play-off, and the tuned policy's
    scores speak of the stock phase: the expert searches each choice there between
    cards that differ (following each to the end of the deal, as in the last stock
    tricks), instead of trusting its rule when those scores look clear."""
    choices = 0
    for seed, view, _kinds in _play_off_choices(variant):
        result = StrongBot(random.Random(seed), deals=2).search(view)
        assert result.means and result.action in view.legal
        choices += 1
    assert choices > 5


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("variant", ["two-handed", "fildinski", "three-handed", "four-handed",
                                     "fildinski-four-handed"])
def test_expert_plays_the_last_four_stock_tricks_out_to_the_end_of_the_deal(
        variant: str, seed: int) -> None:
    """From the last four stock tricks (eight stock cards with two players, twelve with
    three, sixteen with four) the expert follows every play to the end of the deal and
    counts deals won; before that it searches a few tricks ahead. 000's captured melds
    too: its lines play the capture play-off by their rollout rules (for two pairs the
    rules engine plays them); with three or four hands, the rules of thumb play every
    line's play-off."""
    profile = load_profile(variant)
    end = 4 * profile.players
    deal = Deal.new(profile, random.Random(seed), dealer=0)
    club = make_bot("club", random.Random(seed))
    seen = set()
    while deal.stock_count:
        view = PlayerView.of(deal, deal.to_move)
        kinds = {a.card % 32 for a in view.legal if a.type is ActionType.PLAY}
        if view.phase in ("lead", "follow") and len(kinds) > 1 \
                and deal.stock_count in (end, end + profile.players):
            result = StrongBot(random.Random(seed), deals=3).search(view)
            if deal.stock_count == end:
                # every kind of card tried (copies differ where one has scored in a meld)
                assert result.samples == 3
                assert {a.card % 32 for a in result.wins} == kinds
                assert set(result.wins) == set(result.means) == set(result.margins)
            else:
                assert result.wins == {}
            seen.add(deal.stock_count)
        deal.apply(club.choose(view))
    assert seen == {end, end + profile.players}


def test_a_played_out_deal_counts_each_other_side_beaten() -> None:
    """The stock-end search's outcome of a finished deal: the share of the other sides
    the seat's side beat (a tie half) and its margin over their mean; with two sides,
    won, tied or lost and the plain difference."""
    from engine.bots.search import final_outcome

    assert final_outcome([300, 200], 0) == (1.0, 100.0)
    assert final_outcome([300, 200], 1) == (0.0, -100.0)
    assert final_outcome([250, 250], 1) == (0.5, 0.0)
    assert final_outcome([100, 80, 120], 0) == (0.5, 0.0)
    assert final_outcome([100, 100, 40], 2) == (0.0, -60.0)
    assert final_outcome([100, 100, 40], 0) == (0.75, 30.0)


def test_expert_plays_a_long_capture_play_off_out_for_deals_won() -> None:
    """000's play-off still scores captures and both hands are known: with more cards
    than the exact search takes, every play is followed to the end of the deal and
    judged on deals won, as in the last stock tricks."""
    from engine.bots.heuristic import EXACT_CAPTURE_TRICKS

    searched = 0
    for seed, view, kinds in _play_off_choices("fildinski"):
        if len(view.hand) > EXACT_CAPTURE_TRICKS:
            result = StrongBot(random.Random(seed), deals=9).search(view)
            assert {a.card % 32 for a in result.wins} == kinds
            assert result.samples == 1   # nothing hidden: one play-out a move
            assert all(m == int(m) for m in result.margins.values())   # final margins
            searched += 1
    assert searched > 3


@pytest.mark.parametrize("variant", ["three-handed", "fildinski-four-handed"])
def test_with_three_or_four_hands_the_play_off_is_played_out_for_deals_won(
        variant: str) -> None:
    """Three or four hands: no solver knows the others' cards, so in the play-off (the
    split one of 000 for pairs too) every play is followed to the end of the deal over
    deals of the unseen cards and judged on deals won, as in the last stock tricks."""
    searched = 0
    for seed, view, kinds in _play_off_choices(variant):
        result = StrongBot(random.Random(seed), deals=3).search(view)
        assert {a.card % 32 for a in result.wins} == kinds
        assert result.samples == 3
        assert all(0.0 <= w <= 1.0 for w in result.wins.values())
        searched += 1
        if searched == 6:
            return
    pytest.fail(f"only {searched} play-off choices in {variant}")


def _play_off_choices(variant: str) -> Iterator[tuple[int, PlayerView, set[int]]]:
    """Club bots play three deals of ``variant``; each play-off play with a choice of
    cards that differ, as (the deal's seed, the mover's view, the kinds of card)."""
    profile = load_profile(variant)
    for seed in range(3):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        club = make_bot("club", random.Random(seed))
        while not deal.is_over:
            view = PlayerView.of(deal, deal.to_move)
            kinds = {a.card % 32 for a in view.legal if a.type is ActionType.PLAY}
            if deal.stock_count == 0 and view.phase in ("lead", "follow") and len(kinds) > 1:
                yield seed, view, kinds
            deal.apply(club.choose(view))


def test_the_review_estimates_the_last_stock_tricks_by_playing_them_out() -> None:
    """In the last four stock tricks a move's estimate is a final margin of the deal
    (two-handed scores come in tens), as the expert plays them out, not a few tricks
    and a valuation of the cards left."""
    from engine.bots.search import estimate_actions

    deal = Deal.new(PROFILE, random.Random(4), dealer=0)
    club = make_bot("club", random.Random(4))
    checked = 0
    while deal.stock_count:
        view = PlayerView.of(deal, deal.to_move)
        plays = list({a.card % 32: a for a in view.legal if a.type is ActionType.PLAY}.values())
        if view.phase in ("lead", "follow") and len(plays) > 1 and deal.stock_count <= 8:
            estimates = estimate_actions(view, plays[:3], random.Random(1), deals=1)
            assert all(e.mean % 10 == 0 and e.loss % 10 == 0 for e in estimates)
            checked += 1
        deal.apply(club.choose(view))
    assert checked >= 3
