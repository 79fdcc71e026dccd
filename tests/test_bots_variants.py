"""Bots play legal actions in every variant; views work for four players."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, variant_names
from engine.rules.view import PlayerView


@pytest.mark.parametrize("variant", variant_names())
@pytest.mark.parametrize("name", ["random", "heuristic", "strong"])
def test_bots_play_legal_actions_in_every_variant(variant: str, name: str) -> None:
    profile = load_profile(variant)
    n = profile.players
    deal = Deal.new(profile, random.Random(3), dealer=0)
    bots = [make_bot(name if p % 2 == 0 else "heuristic", random.Random(p), deals=2)
            for p in range(n)]
    while not deal.is_over:
        seat = deal.to_move
        view = PlayerView.of(deal, seat)
        assert view.legal and not any(PlayerView.of(deal, p).legal
                                      for p in range(n) if p != seat)
        action = bots[seat].choose(view)
        assert action in deal.legal_actions()
        deal.apply(action)


def test_four_handed_view_hides_the_other_hands() -> None:
    profile = load_profile("rubicon-four-handed")
    deal = Deal.new(profile, random.Random(5), dealer=3)
    view = PlayerView.of(deal, 1)
    assert view.players == 4 and view.partner == 3 and view.opponents == (0, 2)
    assert view.hand == frozenset(deal.hands[1])
    others = set().union(*(deal.hands[p] for p in (0, 2, 3)))
    assert others <= view.unseen and not view.hand & view.unseen
    assert len(view.unseen) == sum(view.concealed[p] for p in (0, 2, 3)) + view.hidden_stock
