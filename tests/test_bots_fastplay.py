"""The fast simulator agrees with engine.rules.deal.Deal: same legal sets, same scores."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.bots.fastplay import OVER, FastAction, FastDeal, from_action, to_action
from engine.rules.deal import Deal
from engine.rules.profile import load_profile

PROFILE = load_profile("two-handed")


@pytest.mark.parametrize("seed", range(40))
def test_same_actions_same_legal_sets_and_scores(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(PROFILE, rng, dealer=seed % 2)
    fast = FastDeal.new(PROFILE, random.Random(seed), dealer=seed % 2)
    while not deal.is_over:
        legal = deal.legal_actions()
        mine = [to_action(fast.rules, a) for a in fast.legal()]
        assert sorted(map(str, legal)) == sorted(map(str, mine))
        action = rng.choice(legal)
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
        assert fast.scores == deal.scores
        assert fast.to_move == deal.to_move
    assert fast.phase == OVER


@pytest.mark.parametrize("seed", range(40))
def test_fast_random_playout_replays_in_deal(seed: int) -> None:
    fast = FastDeal.new(PROFILE, random.Random(seed), dealer=seed % 2)
    trace: list[object] = []
    fast.play_random(random.Random(seed + 1000), trace)  # type: ignore[arg-type]
    deal = Deal.new(PROFILE, random.Random(seed), dealer=seed % 2)
    for action in trace:
        deal.apply(to_action(fast.rules, action))  # type: ignore[arg-type]
    assert deal.is_over and deal.scores == fast.scores


def test_from_deal_mid_game_continues_identically() -> None:
    rng = random.Random(5)
    deal = Deal.new(PROFILE, rng, dealer=1)
    for _ in range(70):
        deal.apply(rng.choice(deal.legal_actions()))
    fast = FastDeal.from_deal(deal)
    copy = fast.copy()
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        assert sorted(map(str, deal.legal_actions())) == sorted(
            str(to_action(fast.rules, a)) for a in fast.legal())
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
    assert fast.scores == deal.scores
    assert copy.phase != OVER  # the copy was not touched


def _agreement_with_club(variant: str, deals: int,
                         choose: Callable[[FastDeal], FastAction]) -> tuple[int, int]:
    """How many of the club bot's stock-phase choices ``choose`` makes on the fast
    simulator's copy of the position, of how many, in ``deals`` deals."""
    from engine.bots.heuristic import advise
    from engine.rules.view import PlayerView

    profile = load_profile(variant)
    same = total = 0
    for seed in range(deals):
        deal = Deal.new(profile, random.Random(seed), dealer=seed % 2)
        while not deal.is_over:
            view = PlayerView.of(deal, deal.to_move)
            action = advise(view).action
            if len(view.legal) > 1 and deal.stock_count > 0:
                fast = FastDeal.from_deal(deal)
                mine = choose(fast)
                assert mine in fast.legal()
                target = from_action(fast.rules, action)
                if isinstance(mine, int) and isinstance(target, int) and mine >= 0 <= target:
                    same += (mine & 31) == (target & 31)
                else:
                    same += mine == target
                total += 1
            deal.apply(action)
    return same, total


def test_heuristic_port_mostly_agrees_with_the_heuristic() -> None:
    from engine.bots.search import heuristic_action

    same, total = _agreement_with_club(
        "two-handed", 4, lambda fast: heuristic_action(fast, random.Random(0), 0.0))
    assert total > 100 and same / total > 0.85


@pytest.mark.parametrize("variant", ["two-handed", "no-trump", "three-handed"])
def test_club_model_plays_as_the_club_bot(variant: str) -> None:
    """CLUB_MODEL, the tuner's opponent, makes the club bot's choices: it also lets go
    of a meld whose missing cards are all seen and exchanges the seven at once."""
    from engine.bots.policy import CLUB_MODEL, policy_action

    same, total = _agreement_with_club(
        variant, 6, lambda fast: policy_action(fast, random.Random(0), 0.0, CLUB_MODEL))
    assert total > 150 and same / total > 0.98


def test_tuned_policy_drops_a_meld_whose_cards_are_all_seen() -> None:
    """Card counting: with both jacks of diamonds played, the queen of spades is
    no longer kept for a bezique (QS + JD)."""
    import random as _random

    from engine.bots.fastplay import FastDeal
    from engine.bots.policy import CLUB_MODEL, HEURISTIC, TUNED, blocked_masks, keep_values
    from engine.notation.cards import parse_card
    from engine.rules.profile import load_profile

    ids = [parse_card(t).id for t in ("QS", "7H", "8C", "9C", "TD", "KC", "8H", "9H")]
    jacks = [parse_card("JD").id, parse_card("JD#2").id]
    state = FastDeal.new(load_profile("two-handed"), _random.Random(3))
    state.hold[0] = ids
    state.stock = [c for c in state.stock if c not in ids and c not in jacks]
    open_keep = keep_values(state, 0, ids, blocked_masks(state, 0), TUNED)[0][ids[0]]
    for jack in jacks:
        state.played |= 1 << jack
    gone_keep = keep_values(state, 0, ids, blocked_masks(state, 0), TUNED)[0][ids[0]]
    assert gone_keep < open_keep
    # The heuristic's numbers do not count cards: the hope stays.
    h_open = keep_values(state, 0, ids, blocked_masks(state, 0), HEURISTIC)[0][ids[0]]
    state.played = 0
    assert keep_values(state, 0, ids, blocked_masks(state, 0), HEURISTIC)[0][ids[0]] == h_open
    # The club bot's model does not count either, but it sees that both jacks are out.
    club_open = keep_values(state, 0, ids, blocked_masks(state, 0), CLUB_MODEL)[0][ids[0]]
    for jack in jacks:
        state.played |= 1 << jack
    assert keep_values(state, 0, ids, blocked_masks(state, 0), CLUB_MODEL)[0][ids[0]] < club_open


def test_the_club_model_exchanges_the_seven_where_the_heuristic_shows_it() -> None:
    """Offered both, HEURISTIC shows the seven of trumps first and CLUB_MODEL exchanges
    it at once, as the club bot does."""
    from engine.bots.fastplay import DECLARE_PHASE, EXCHANGE, SHOW
    from engine.bots.policy import CLUB_MODEL, HEURISTIC, policy_action

    rng = random.Random(0)
    for seed in range(40):
        state = FastDeal.new(PROFILE, random.Random(seed), dealer=seed % 2)
        while state.phase != OVER:
            if state.phase == DECLARE_PHASE:
                kinds = {a[0] for a in state.declare_actions(state.to_move)
                         if not isinstance(a, int)}
                if {SHOW, EXCHANGE} <= kinds:
                    shown = policy_action(state, rng, 0.0, HEURISTIC)
                    exchanged = policy_action(state, rng, 0.0, CLUB_MODEL)
                    assert not isinstance(shown, int) and shown[0] == SHOW
                    assert not isinstance(exchanged, int) and exchanged[0] == EXCHANGE
                    return
            state.apply(policy_action(state, rng, 0.0, HEURISTIC))
    raise AssertionError("no deal offered both the show and the exchange of the seven")


def test_with_four_packs_the_expert_keeps_a_lone_bezique_card_for_the_double() -> None:
    """004's no-trump game has four copies of each card: the expert's numbers there
    (policy.tuned_weights) value a single queen of spades for the double bezique
    (500), three cards short; with two packs, and by the usual numbers, it is no hope."""
    from engine.bots.policy import (
        TUNED,
        TUNED_MANY_PACKS,
        TUNED_TWO_PACKS,
        blocked_masks,
        keep_values,
        tuned_weights,
    )
    from engine.notation.cards import parse_card

    no_trump, two_handed = load_profile("no-trump"), load_profile("two-handed")
    assert tuned_weights(no_trump) is TUNED_MANY_PACKS
    assert tuned_weights(two_handed) is TUNED_TWO_PACKS
    assert tuned_weights(load_profile("three-handed")) is TUNED
    ids = [parse_card(t).id for t in ("QS", "7H", "8C", "9C", "TD", "KC", "8H", "9H")]
    state = FastDeal.new(no_trump, random.Random(3))
    state.hold[0] = ids
    state.stock = [c for c in state.stock if c not in ids]
    blocked = blocked_masks(state, 0)
    many = keep_values(state, 0, ids, blocked, TUNED_MANY_PACKS)[0][ids[0]]
    usual = keep_values(state, 0, ids, blocked, TUNED)[0][ids[0]]
    # Three short of the 500, the chance of drawing them is worth tens of points.
    assert many - usual > 20


@pytest.mark.parametrize("variant", ["two-handed", "no-trump", "three-handed", "fildinski"])
def test_the_best_complete_meld_is_the_one_the_keep_values_find(variant: str) -> None:
    """The rollouts' shortcut (best_complete_meld) agrees with keep_values on every
    holding less one card met in rule-of-thumb deals."""
    from engine.bots.policy import (
        HEURISTIC,
        TUNED,
        best_complete_meld,
        blocked_masks,
        keep_values,
        policy_action,
    )

    profile = load_profile(variant)
    for seed in range(4):
        state = FastDeal.new(profile, random.Random(seed))
        rng = random.Random(seed)
        while state.phase != OVER:
            p = state.to_move
            blocked = blocked_masks(state, p)
            for c in state.hold[p]:
                rest = [x for x in state.hold[p] if x != c]
                assert best_complete_meld(state.rules, rest, blocked) \
                    == keep_values(state, p, rest, blocked, TUNED)[1]
            state.apply(policy_action(state, rng, 0.2, (TUNED, HEURISTIC)[p % 2]))


def test_the_hope_factors_scale_only_the_melds_they_name() -> None:
    """``ready_share`` scales what a complete meld adds to its cards, ``big_odds`` the
    hopes for melds of 250 points or more, ``odds2`` the hopes two or more cards short.
    Q♠ J♦ with hearts trumps: a bezique ready (40), the double bezique two short (500),
    the marriage of spades one short; K♣ hopes only for the marriage of clubs."""
    from dataclasses import replace

    from engine.bots.policy import TUNED, blocked_masks, keep_values
    from engine.notation.cards import parse_card

    state = FastDeal.new(load_profile("two-handed"), random.Random(2))
    assert state.rules.trump == parse_card("7H").id >> 3
    queen, jack, king = (parse_card(t).id for t in ("QS", "JD", "KC"))
    ids = [queen, jack, king, *(parse_card(t).id for t in ("8C", "9C", "TD", "8S", "9S"))]
    state.hold[0] = ids
    state.stock = [c for c in state.stock if c not in ids]
    blocked = blocked_masks(state, 0)

    def keeps(**changes: float) -> dict[int, float]:
        return keep_values(state, 0, ids, blocked, replace(TUNED, **changes))[0]

    usual = keeps()
    assert usual == keeps(ready_share=1.0, big_odds=1.0, odds2=1.0)
    half_ready = keeps(ready_share=0.5)
    assert usual[queen] - half_ready[queen] == pytest.approx(20.0)
    assert usual[jack] - half_ready[jack] == pytest.approx(20.0)
    no_big, no_far = keeps(big_odds=0.0), keeps(odds2=0.0)
    # The double bezique is the queen's only hope that is big, and two short.
    assert usual[queen] - no_big[queen] > 0
    assert usual[queen] - no_big[queen] == pytest.approx(usual[queen] - no_far[queen])
    for changed in (half_ready, no_big, no_far):
        assert changed[king] == usual[king]
