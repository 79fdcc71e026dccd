"""Rules review 3, finding 1: in the four-handed game and no-trump for four, a player
scored his partner's waiting (Cady) meld, because partners shared one list of them.
Each declares his own game (004 l.230, l.305) and a waiting meld is recorded *by him*
on a later trick (004 l.198); 003's partner_melds option (the partner's exposed cards)
still lets the partner score it. The deal is arranged by hand and played by actions."""

from __future__ import annotations

import random

import pytest

from engine.bots.fastplay import FastDeal, to_action
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.profile import Profile, apply_option, load_profile

HANDS = [
    ["AH#1", "KS#1", "QS#1", "KC#1", "QC#1", "7D#1", "AS#1", "9D#1"],
    ["7C#2", "8D#2", "9S#2", "7S#3", "8C#3", "9C#3", "TD#2", "8S#3"],
    ["AD#1", "7S#2", "8C#1", "9D#2", "TS#2", "7C#3", "9C#2", "8D#3"],
    ["9S#1", "9D#3", "8S#1", "TC#3", "7C#1", "8C#2", "9C#1", "TD#1"],
]
CLUBS = tuple(sorted(parse_card(c).id for c in ("KC#1", "QC#1")))
SPADES = {parse_card(c).id for c in ("KS#1", "QS#1")}


def _profile(spec: str) -> Profile:
    name, *options = spec.split(",")
    profile = load_profile(name)
    for option in options:
        profile = apply_option(profile, *option.split("="))
    return profile


def _fast_legal(deal: Deal) -> list[str]:
    """The legal actions of the fast simulator (and of its copy) in ``deal``'s state."""
    fast = FastDeal.from_deal(deal)
    mine = sorted(str(to_action(fast.rules, a)) for a in fast.legal())
    assert mine == sorted(str(to_action(fast.rules, a)) for a in fast.copy().legal())
    return mine


def _trick(deal: Deal, *cards: str) -> None:
    for card in cards:
        deal.apply(Action.play(parse_card(card).id))


def _waiting_clubs(spec: str) -> tuple[Deal, Action]:
    """Player 1 wins, scores K♠ Q♠ and names K♣ Q♣ as waiting; then his partner
    (player 3) wins the next trick and is in the declare phase."""
    profile = _profile(spec)
    turn_up = parse_card("9H#1").id if profile.turn_up else None
    deal = Deal.arranged(profile, [[parse_card(c).id for c in h] for h in HANDS], turn_up,
                         dealer=3)
    assert deal.to_move == 0
    _trick(deal, "AH#1", "7C#2", "8C#1", "7C#1")
    spades = next(a for a in deal.legal_actions()
                  if a.type is ActionType.DECLARE and set(a.cards) == SPADES)
    deal.apply(spades)
    announce = next(a for a in deal.legal_actions()
                    if a.type is ActionType.ANNOUNCE and a.cards == CLUBS)
    deal.apply(announce)
    assert [(m.kind, tuple(sorted(m.cards))) for m in deal.pending[0]] == [
        (announce.meld, CLUBS)]
    deal.apply(Action(ActionType.DRAW))
    _trick(deal, "7D#1", "8D#2", "AD#1", "9D#3")
    assert deal.phase == "declare" and deal.to_move == 2
    return deal, Action(ActionType.SCORE_PENDING, CLUBS, announce.meld)


@pytest.mark.parametrize("spec", ["four-handed", "no-trump,players=4",
                                  "four-handed,partner_melds=own_cards_only"])
def test_the_partner_cannot_score_a_waiting_meld(spec: str) -> None:
    deal, score = _waiting_clubs(spec)
    assert score not in deal.legal_actions()
    assert _fast_legal(deal) == sorted(map(str, deal.legal_actions()))
    assert not deal.pending[2]
    with pytest.raises(IllegalActionError):
        deal.apply(score)
    # The declarer himself records it on his next trick.
    deal.apply(Action(ActionType.DRAW))
    _trick(deal, "7S#2", "8S#1", "AS#1", "9S#2")
    assert deal.to_move == 0 and score in deal.legal_actions()
    events = deal.apply(score)
    assert [(e.player, e.points) for e in events if e.type == "declare"] == [(0, 20)]


@pytest.mark.parametrize("spec", ["four-handed,partner_melds=partner_and_table",
                                  "no-trump,players=4,partner_melds=partner_and_table"])
def test_the_partner_option_still_lets_him(spec: str) -> None:
    """003's reading: the partner may declare with the other's exposed cards."""
    deal, score = _waiting_clubs(spec)
    assert score in deal.legal_actions()
    assert _fast_legal(deal) == sorted(map(str, deal.legal_actions()))
    deal.apply(score)
    assert not deal.pending[0]


@pytest.mark.parametrize("spec", ["four-handed", "no-trump,players=4"])
def test_random_deals_score_only_own_cards(spec: str) -> None:
    """Every declaration's cards are the declarer's own (a probe of the review)."""
    from engine.bots import RandomBot
    from engine.rules.view import PlayerView

    profile = _profile(spec)
    rng = random.Random(3)
    for _ in range(40):
        deal = Deal.new(profile, rng, dealer=rng.randrange(4))
        bots = [RandomBot(random.Random(rng.getrandbits(32))) for _ in range(4)]
        while not deal.is_over:
            mover = deal.to_move
            before = deal.holding(mover)
            for event in deal.apply(bots[mover].choose(PlayerView.of(deal, mover))):
                if event.type == "declare" and event.meld != "carte_blanche":
                    assert event.player == mover and set(event.cards) <= before
