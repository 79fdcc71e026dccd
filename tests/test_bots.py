"""Bots return legal actions; hints explain themselves; heuristic beats random."""

from __future__ import annotations

import random

import pytest

from engine.actions import ActionType
from engine.bots import LEVEL_DESCRIPTIONS, LEVELS, Hint, hint, make_bot
from engine.bots.playoff import playoff_values
from engine.commands.arena import run_arena
from engine.deal import Deal
from engine.profile import load_profile
from engine.view import PlayerView

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
    bots = [make_bot("strong", random.Random(1), samples=2),
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
    en = hint(deal, seat, "en", samples=4)
    ru = hint(deal, seat, "ru", samples=4)
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
                h = hint(deal, deal.to_move, "en", samples=2)
                assert h.action in legal
                if h.action.type is ActionType.DECLARE:
                    assert any("declare" in r for r in h.reasons)
                    return
            deal.apply(rng.choice(legal))
    raise AssertionError("no declaration found")


def test_playoff_values_match_brute_force_on_small_endings() -> None:
    # At the last trick the values are the trick's points for the winner.
    deal = _position(9, True)
    rng = random.Random(9)
    while len(deal.hands[0]) + len(deal.hands[1]) > 3 and not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.is_over or len(deal.legal_actions()) < 1:
        pytest.skip("ended early")
    view = PlayerView.of(deal, deal.to_move)
    values = playoff_values(view)
    assert set(values) == {a.card for a in view.legal}
    assert all(v >= 0 for v in values.values())


def test_heuristic_beats_random_on_a_small_seeded_sample() -> None:
    summary = run_arena("heuristic", "random", 20, seed=7)
    assert summary.deals == 40
    assert summary.a_win_rate > 0.6
    assert summary.mean_point_diff > 0


def _naive(leader: list[int], follower: list[int], trump: int) -> int:
    """Points the leader captures with best play, by plain minimax (brute force)."""
    from engine.tricks import beats, is_brisque, playoff_legal

    if not leader:
        return 0
    best = -1
    for lead in leader:
        worst = None
        for reply in playoff_legal(follower, lead, trump, PROFILE.playoff):
            rl = [c for c in leader if c != lead]
            rf = [c for c in follower if c != reply]
            pts = 10 * (is_brisque(lead) + is_brisque(reply)) + (10 if not rl else 0)
            rest = 10 * sum(is_brisque(c) for c in rl + rf) + 10
            if beats(lead, reply, trump):
                v = rest - _naive(rf, rl, trump)
            else:
                v = pts + _naive(rl, rf, trump)
            worst = v if worst is None else min(worst, v)
        assert worst is not None
        best = max(best, worst)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_playoff_solver_agrees_with_brute_force(seed: int) -> None:
    from engine.bots.fastplay import rules_for
    from engine.bots.playoff import PlayoffSolver

    rng = random.Random(seed)
    size = rng.randint(1, 4)
    cards = rng.sample(range(64), 2 * size)
    trump = rng.randrange(4)
    a, b = cards[:size], cards[size:]
    solver = PlayoffSolver(rules_for(PROFILE, trump))
    assert solver.value(tuple(sorted(c % 32 for c in a)),
                        tuple(sorted(c % 32 for c in b))) == _naive(a, b, trump)
