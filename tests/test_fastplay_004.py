"""The fast simulator follows the games for three and four and no-trump bezique (004)
exactly as engine.rules.deal.Deal does: the same legal sets, the same scores, the same
trumps, over random deals of every profile it supports. A rule the simulator
mis-models (the first marriage fixing trumps, the partner declaring, the last
trick shared, the play-off against the best card so far, the stock set aside...)
makes these tests fail."""

from __future__ import annotations

import random

import pytest

from engine.bots.fastplay import OVER, FastDeal, from_action, supported, to_action
from engine.rules.deal import Deal
from engine.rules.profile import Profile, apply_option, load_profile, variant_names


def _profiles() -> list[tuple[str, Profile]]:
    out = [(name, load_profile(name)) for name in ("three-handed", "four-handed")]
    for players in ("2", "3", "4"):
        out.append((f"no-trump/{players}",
                    apply_option(load_profile("no-trump"), "players", players)))
    out.append(("four-handed/own_cards_only",
                apply_option(load_profile("four-handed"), "partner_melds", "own_cards_only")))
    out.append(("two-handed/exchange_or_trick_win",
                apply_option(load_profile("two-handed"), "dix", "exchange_or_trick_win")))
    out.append(("two-handed/all_new_004",
                apply_option(load_profile("two-handed"), "double_bezique", "all_new_004")))
    return out


PROFILES = _profiles()


def _strs(actions: list[object]) -> list[str]:
    return sorted(map(str, actions))


def _check_same(deal: Deal, fast: FastDeal) -> None:
    assert fast.scores == deal.scores
    assert fast.to_move == deal.to_move
    assert (None if fast.rules.trump < 0 else fast.rules.trump) == deal.trump
    assert fast.stock_count == deal.stock_count
    assert [sorted(h) for h in fast.hold] == [sorted(deal.holding(p))
                                             for p in range(deal.profile.players)]


@pytest.mark.parametrize("name,profile", PROFILES, ids=[n for n, _ in PROFILES])
@pytest.mark.parametrize("seed", range(6))
def test_same_legal_sets_and_scores_on_random_deals(name: str, profile: Profile,
                                                    seed: int) -> None:
    assert supported(profile)
    rng = random.Random(seed)
    dealer = seed % profile.players
    deal = Deal.new(profile, random.Random(seed), dealer=dealer)
    fast = FastDeal.new(profile, random.Random(seed), dealer=dealer)
    _check_same(deal, fast)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert _strs(legal) == _strs([to_action(fast.rules, a) for a in fast.legal()])
        # Prefer declarations: they exercise trumps, reuse and the partner rules.
        melds = [a for a in legal if a.type.value in ("declare", "score", "partner")]
        action = rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal)
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
        _check_same(deal, fast)
    assert fast.phase == OVER


@pytest.mark.parametrize("name,profile", PROFILES, ids=[n for n, _ in PROFILES])
def test_random_playout_replays_in_deal_and_resumes_mid_deal(name: str,
                                                              profile: Profile) -> None:
    for seed in range(4):
        fast = FastDeal.new(profile, random.Random(seed), dealer=0)
        trace: list[object] = []
        fast.play_random(random.Random(seed + 99), trace)  # type: ignore[arg-type]
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        for i, action in enumerate(trace):
            if i == len(trace) // 2:
                # From the engine's state halfway, the copy continues identically.
                resumed = FastDeal.from_deal(deal).copy()
                for rest in trace[i:]:
                    resumed.apply(from_action(resumed.rules,
                                              to_action(resumed.rules, rest)))  # type: ignore[arg-type]
                assert resumed.scores == fast.scores
            deal.apply(to_action(fast.rules, action))  # type: ignore[arg-type]
        assert deal.is_over and deal.scores == fast.scores


def test_the_rules_of_thumb_know_only_some_games() -> None:
    """Carte blanche, Rubicon's re-forming, melds from captures for pairs, card points: the
    simulator follows them (every shipped profile), but the tuned rules of thumb do not,
    so the expert's lines there are deal_search's rules (engine.bots.fast_lines)."""
    from engine.bots.fast_lines import policy_lines

    assert not policy_lines(load_profile("rubicon"))
    assert not policy_lines(load_profile("rubicon").with_options(
        declaring={"carte_blanche": 0, "carte_blanche_repeat": False}))  # re-forming
    assert not policy_lines(apply_option(load_profile("two-handed"), "carte_blanche",
                                         "club_250_once"))
    for name in variant_names():
        profile = load_profile(name)
        assert supported(profile)
        captured_in_pairs = profile.declaring.source == "captured" and (
            profile.players != 2 or profile.partnerships)
        if captured_in_pairs or profile.card_points.any:
            assert not policy_lines(profile), name


@pytest.mark.parametrize("name,profile", PROFILES, ids=[n for n, _ in PROFILES])
def test_meld_options_agree_with_engine_melds_on_rich_holdings(name: str,
                                                              profile: Profile) -> None:
    """Holdings rich in melds (several copies of the bezique cards, kings, queens,
    aces) with a history of earlier declarations: the simulator's options are the
    engine's legal verdicts (the reuse rule, 004's all-new multiple bezique,
    triple melds)."""
    from engine.notation.cards import Suit
    from engine.rules.melds import ScoredMeld, all_verdicts

    rng = random.Random(7)
    rich = [c for c in range(profile.deck_size) if c % 8 >= 3]   # J Q K 10 A
    for trial in range(40):
        trump = rng.randrange(4)
        fast = FastDeal.new(profile, random.Random(trial), dealer=0)
        from engine.bots.fastplay import rules_for
        fast.rules = rules_for(profile, trump)
        hold = rng.sample(rich, 12)
        history: list[ScoredMeld] = []
        if trial < 4:
            # Every copy of the bezique pair, one bezique already scored: the double
            # (the triple) bezique from it is the case the options disagree on.
            queen, jack = profile.bezique_pair(Suit(trump))
            pair = [k + 32 * copy for k in (queen, jack) for copy in range(profile.packs)]
            hold = [*pair, *(c for c in hold if c not in pair)][:12]
            history.append(ScoredMeld("bezique", frozenset({queen, jack})))
        fast.set_hold(0, hold)
        for _ in range(rng.randrange(4)):
            legal = [v for v in all_verdicts(profile, trump, hold, history, explain=False)
                     if v.legal]
            if not legal:
                break
            pick = rng.choice(legal)
            history.append(ScoredMeld(pick.spec.kind, frozenset(pick.cards)))
        names = {m.kind: i for i, m in enumerate(profile.melds)}
        fast.history[0][:] = [(names[m.kind], tuple(sorted(m.cards))) for m in history]
        engine = sorted((v.spec.kind, tuple(sorted(v.cards)))
                        for v in all_verdicts(profile, trump, hold, history, explain=False)
                        if v.legal)
        mine = sorted((r.kind, cards) for r, cards in fast.meld_options(0))
        assert mine == engine


def test_the_expert_searches_where_the_rules_of_thumb_do_not_apply() -> None:
    """Carte blanche is beyond the tuned rules of thumb: the expert's lines are
    deal_search's, on the fast simulator, never the rules of thumb alone."""
    from engine.bots.fast_lines import policy_lines
    from engine.bots.search import StrongBot
    from engine.rules.view import PlayerView

    profile = apply_option(load_profile("two-handed"), "carte_blanche", "club_250_once")
    assert supported(profile) and not policy_lines(profile)
    deal = Deal.new(profile, random.Random(3), dealer=0)
    bot = StrongBot(random.Random(1), deals=4, gap=0.0)
    searched = 0
    for _ in range(12):
        view = PlayerView.of(deal, deal.to_move)
        result = bot.search(view)
        assert result.action in view.legal
        searched += bool(result.means)
        deal.apply(result.action)
    assert searched > 0
