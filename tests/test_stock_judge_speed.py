"""The stock generator's shortcuts change no verdict: the comparisons of copies made once
(:class:`engine.rules.effects.Effects`) answer as :func:`same_effect` does, and
:func:`puzzles.stock_judge.clear_verdict` is :func:`judge_position` where the position
qualifies and None elsewhere (issue 53: the banks of joker and four packs)."""

from __future__ import annotations

import hashlib
import json
import math
import random
import time

import pytest

from engine.bots.budget import SAFETY_SECONDS
from engine.errors import BeziqueError
from engine.rules.deal import Deal
from engine.rules.effects import (
    Effects,
    distinct_effects,
    effect_of,
    look_alikes,
    same_effect,
    several_effects,
)
from engine.rules.profile import load_profile
from puzzles.stock_bank import record_fields
from puzzles.stock_judge import (
    NO_LIMIT,
    clear_verdict,
    is_clear_only_move,
    judge_position,
)


def joker_position(steps: int) -> Deal:
    """A joker deal (18 cards in hand, jokers all of one kind: many copies) after
    ``steps`` random actions."""
    return _after_random_moves("joker", steps)


def test_one_set_of_comparisons_answers_as_each_comparison_alone() -> None:
    deal = joker_position(32)
    legal = deal.legal_actions()
    memo = Effects(deal)
    moves = distinct_effects(deal, legal, memo)
    assert 2 <= len(moves) < len(legal)   # copies that play alike, and look-alikes
    assert moves == distinct_effects(deal, legal)
    for a in legal:
        assert effect_of(deal, a, moves, memo) == effect_of(deal, a, moves)
        assert look_alikes(deal, a, memo) == look_alikes(deal, a)
        for b in legal[:6]:
            assert memo.same(a, b) == same_effect(deal, a, b)
    with pytest.raises(BeziqueError):
        distinct_effects(joker_position(31), legal, memo)


def test_a_joker_verdict_is_the_one_judged_before_the_shortcuts() -> None:
    """Pinned on main before the comparisons were shared (commit df77b61): the fields a
    record keeps of a verdict with copies and look-alikes."""
    deal = joker_position(32)
    verdict = judge_position(deal, deal.to_move, budget_deals=4, seed=2)
    fields = json.dumps(record_fields(verdict), sort_keys=True)
    assert hashlib.sha256(fields.encode()).hexdigest()[:16] == "b2f94827227b889d"


def _after_random_moves(variant: str, steps: int) -> Deal:
    deal = Deal.new(load_profile(variant), random.Random(11), dealer=0)
    rng = random.Random(12)
    for _ in range(steps):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("position", ["two-handed 0", "two-handed 7", "joker 32", "joker 20",
                                      "win to declare"])
def test_the_clear_verdict_is_the_judge_s_where_it_qualifies(position: str) -> None:
    from test_stock_judge import win_to_declare

    if position == "win to declare":   # one move clearly best (the others are not)
        deal = win_to_declare()
    else:
        variant, steps = position.split()
        deal = _after_random_moves(variant, int(steps))
    for min_cost in (0.5, 10.0):
        for deals, screen in ((6, None), (8, 3)):
            full = judge_position(deal, deal.to_move, deals, 5, screen_deals=screen,
                                  min_cost=min_cost)
            found = clear_verdict(deal, deal.to_move, deals, 5, screen_deals=screen,
                                  min_cost=min_cost)
            assert found == (full if is_clear_only_move(full, min_cost) else None)
            if position == "win to declare":
                assert found is not None


@pytest.mark.parametrize("variant", ["joker", "two-handed", "fildinski-four-handed"])
def test_a_choice_is_told_as_the_distinct_moves_tell_it(variant: str) -> None:
    deal = Deal.new(load_profile(variant), random.Random(5), dealer=0)
    rng = random.Random(6)
    for _ in range(60):
        if deal.in_playoff:
            break
        legal = deal.legal_actions()
        assert several_effects(deal, legal) == (len(distinct_effects(deal, legal)) >= 2)
        assert several_effects(deal, legal[:1]) is False
        deal.apply(rng.choice(legal))
    assert several_effects(deal, []) is False


def test_the_generator_s_and_verifier_s_judge_has_no_clock() -> None:
    """A loaded machine must not cut a bank's judgement short (it kept other puzzles
    than a quiet one): no safety bound, and without one the verdict is the same."""
    deal = joker_position(32)
    bounded = judge_position(deal, deal.to_move, 4, 2, max_seconds=SAFETY_SECONDS)
    assert judge_position(deal, deal.to_move, 4, 2, max_seconds=NO_LIMIT) == bounded
    # a bound already passed stops after the first deal: what the generator never risks
    assert judge_position(deal, deal.to_move, 4, 2, max_seconds=-1.0).cut_short


def test_a_loaded_machine_keeps_the_generator_s_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every finite safety bound passed at once (a machine under heavy load): the
    generator's selection and confirmation still run all their deals."""
    from test_stock_judge import win_to_declare

    from engine.bots import search
    from puzzles import stock_bank

    quiet = stock_bank.find_puzzle(win_to_declare(), deals=6, screen_deals=None)
    assert quiet is not None
    monkeypatch.setattr(search, "deadline", lambda seconds=SAFETY_SECONDS: time.perf_counter()
                        + (seconds if seconds == math.inf else -1.0))
    assert stock_bank.find_puzzle(win_to_declare(), deals=6, screen_deals=None) == quiet
    assert judge_position(win_to_declare(), 1, 6, 5).cut_short   # the app's bound holds


def test_a_loaded_machine_plays_the_generator_s_games_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The source games' expert searches have no safety bound either: with every finite
    bound passed at once, a game offers the same positions."""
    from engine.bots import search
    from puzzles import games

    def positions() -> list[tuple[int, tuple[str, ...] | None]]:
        return [(c.group, c.types) for c in games.game_candidates(
            "stock", load_profile("two-handed"), 7, games.Budget(10))]

    quiet = positions()
    monkeypatch.setattr(search, "deadline", lambda seconds=SAFETY_SECONDS: time.perf_counter()
                        + (seconds if seconds == math.inf else -1.0))
    assert positions() == quiet
