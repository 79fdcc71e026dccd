"""The expert's own rules of thumb (engine.bots.heuristic.EXPERT): the numbers differ
from the club bot's, and its reading of Rubicon's re-formed melds is the engine's."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.bots.fastplay import rules_for
from engine.bots.heuristic import (
    CLUB,
    EXPERT,
    EXPERT_CAPTURES,
    EXPERT_MANY_PACKS,
    _blocked,
    advise,
    expert_weights,
    explain_play,
    meld_plans,
)
from engine.bots.reasons import MISSING, Reason
from engine.bots.search import StrongBot, reason_weights
from engine.rules.deal import Deal
from engine.rules.melds import FREED, card_states
from engine.rules.profile import load_profile, ordered_variants
from engine.rules.view import PlayerView


def _freed_cards(seed: int) -> tuple[PlayerView, list[tuple[object, int]]]:
    """Club bots play a Rubicon deal until the mover holds a card of a scored meld
    that has since lost a card to a trick: the view and its (rule, card) pairs."""
    profile = load_profile("rubicon")
    deal = Deal.new(profile, random.Random(seed), dealer=0)
    bots = [make_bot("club", random.Random(seed + p)) for p in range(2)]
    while not deal.is_over:
        seat = deal.to_move
        view = PlayerView.of(deal, seat)
        if deal.stock_count:
            found = []
            for rule in rules_for(profile, view.trump).melds:
                spec = profile.meld(rule.kind)
                for card in view.holding:
                    states = card_states(profile, spec, [card], view.history[seat],
                                         view.played)
                    if states[0].state == FREED and rule.kind == states[0].prior.kind:
                        found.append((rule, card))
            if found:
                return view, found
        deal.apply(bots[seat].choose(view))
    raise LookupError("no freed meld in this deal")


def test_the_expert_reads_rubicons_reformed_melds_as_the_engine_does() -> None:
    cases = 0
    for seed in range(40):
        try:
            view, found = _freed_cards(seed)
        except LookupError:
            continue
        for rule, card in found:
            assert _blocked(view, rule, card, CLUB)         # the club bot's 001 reading
            assert not _blocked(view, rule, card, EXPERT)   # freed: may form the meld again
        cases += 1
    assert cases >= 3


def test_card_counting_lets_go_of_a_meld_whose_cards_are_all_seen() -> None:
    """With card counting a plan needs unseen copies of what it lacks, and its chance
    grows with them; without it every plan short of one card has the same share."""
    deal = Deal.new(load_profile("rubicon"), random.Random(5), dealer=0)
    view = PlayerView.of(deal, deal.to_move)
    counted = {(p.rule.kind, p.cards): p.chance for p in meld_plans(view, view.holding, EXPERT)}
    flat = {(p.rule.kind, p.cards): p.chance for p in meld_plans(view, view.holding, CLUB)}
    assert counted.keys() == flat.keys()
    assert all(0.0 < c <= 1.0 for c in counted.values())
    short = [k for k, c in flat.items() if c < 1.0]
    assert short and len({counted[k] for k in short}) > 1


@pytest.mark.parametrize("variant", ["rubicon", "club", "joker", "eight-pack"])
def test_the_experts_move_is_its_own_rules_of_thumb_where_it_does_not_search(
        variant: str) -> None:
    """Where its search finds no clearly better move, the expert plays the rules of
    thumb with its own numbers, not the club bot's."""
    profile = load_profile(variant)
    differs = 0
    for seed in range(6):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        club = make_bot("club", random.Random(seed))
        for _ in range(30):
            if deal.is_over:
                break
            view = PlayerView.of(deal, deal.to_move)
            if len(view.legal) > 1 and view.stock_count:
                own = advise(view, expert_weights(profile)).action
                result = StrongBot(random.Random(1), deals=2).search(view)
                assert result.action in view.legal
                if not result.means:   # no search: the rules of thumb decided
                    assert result.action == own
                differs += own != advise(view, CLUB).action
            deal.apply(club.choose(view))
    assert differs > 0


def test_the_experts_numbers_are_read_from_the_profile() -> None:
    """Captured melds, many packs without jokers, and the rest: each profile gets the
    numbers its fields call for, and every count of missing cards they plan for can be
    said in words."""
    seen = set()
    for name in ordered_variants():
        profile = load_profile(name)
        weights = expert_weights(profile)
        seen.add(weights)
        if profile.declaring.source == "captured":
            assert weights == EXPERT_CAPTURES
        elif profile.packs >= 6 and not profile.jokers:
            assert weights == EXPERT_MANY_PACKS
        else:
            assert weights == EXPERT
        assert set(range(1, weights.max_missing + 1)) <= set(MISSING)
    assert seen == {EXPERT, EXPERT_CAPTURES, EXPERT_MANY_PACKS}


def test_many_packs_plan_melds_three_cards_short_and_say_so() -> None:
    """In the eight-pack game the expert keeps cards for a set three cards short, and
    its explanation of a play names that in both languages."""
    profile = load_profile("eight-pack")
    found = 0
    for seed in range(4):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        view = PlayerView.of(deal, deal.to_move)
        plans = meld_plans(view, view.holding, EXPERT_MANY_PACKS)
        assert all(p.missing <= 2 for p in meld_plans(view, view.holding, EXPERT))
        short = [p for p in plans if p.missing == 3]
        found += len(short)
        for plan in short:
            assert 0 < plan.chance < 1
            reason = Reason("keep_for", meld=plan.rule.kind, points=plan.rule.points,
                            cards=plan.cards, missing=plan.missing)
            assert "three cards short" in reason.render("en")
            assert "трёх карт" in reason.render("ru")
        best = advise(view, EXPERT_MANY_PACKS).action
        other = next(a for a in view.legal if a != best)
        assert best.card is not None
        for lang in ("en", "ru"):
            assert all(r.render(lang) for r in explain_play(view, best.card, other))
    assert found > 0


def test_no_trump_reasons_name_the_melds_three_short_the_expert_keeps_cards_for() -> None:
    """With four packs the expert's own move keeps cards for a meld three short
    (policy.tuned_weights); the reasons for its move name such plans too, where the
    rules of thumb alone stop at two short. Two packs: the expert's numbers unchanged."""
    assert reason_weights(load_profile("two-handed")) == expert_weights(
        load_profile("two-handed"))
    profile = load_profile("no-trump")
    weights = reason_weights(profile)
    assert weights.max_missing == 3
    found = 0
    for seed in range(8):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        view = PlayerView.of(deal, deal.to_move)
        best = advise(view, EXPERT).action
        other = next(a for a in view.legal if a != best)
        assert best.card is not None
        assert all(dict(r.params)["missing"] <= 2  # type: ignore[operator]
                   for r in explain_play(view, best.card, other) if r.key == "keep_for")
        reasons = explain_play(view, best.card, other, weights)
        short = [r for r in reasons
                 if r.key == "keep_for" and dict(r.params)["missing"] == 3]
        found += len(short)
        for reason in short:
            assert "three cards short" in reason.render("en")
            assert "трёх карт" in reason.render("ru")
    assert found > 0


def test_the_expert_counts_a_tricks_cards_at_their_card_values() -> None:
    """004's card-point game scores a trick's cards (A 11, 10 10, K 4, Q 3, J 2): the
    expert's replies weigh the lead and its own card at those values, the club bot's at
    10 an ace or ten; elsewhere both read 10 an ace or ten."""
    from dataclasses import replace

    from engine.bots.heuristic import card_worth, follow_scores
    from engine.rules.tricks import beats

    worth = card_worth(load_profile("card-point"))
    assert [worth(rank) for rank in range(8)] == [0, 0, 0, 2, 3, 4, 10, 11]
    plain = card_worth(load_profile("two-handed"))
    assert [plain(rank) for rank in range(8)] == [0, 0, 0, 0, 0, 0, 10, 10]
    assert EXPERT.card_values and not CLUB.card_values

    profile = load_profile("card-point")
    blind = replace(EXPERT, card_values=False)
    compared = 0
    for seed in range(6):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        club = make_bot("club", random.Random(seed))
        while deal.stock_count:
            view = PlayerView.of(deal, deal.to_move)
            if view.phase == "follow":
                cards = [a.card for a in view.legal if a.card is not None]
                seen = follow_scores(view, cards, EXPERT)
                flat = follow_scores(view, cards, blind)
                lead = view.trick[0]
                for card in cards:
                    extra = worth(card) - plain(card)
                    if beats(lead, card, view.trump):
                        expected = EXPERT.capture * (worth(lead) - plain(lead) + extra)
                    else:
                        expected = -EXPERT.lose_own * extra
                    assert seen[card] - flat[card] == pytest.approx(expected)
                    compared += expected != 0
            deal.apply(club.choose(view))
    assert compared > 20
