"""Every rule of source 001 (the two-handed reference profile), one test or more each."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import DECLARE, FOLLOW, LEAD, OVER, Deal
from engine.rules.game import Game, cut_for_dealer
from engine.rules.meld_query import query
from engine.rules.profile import load_profile
from engine.rules.tricks import beats, playoff_legal

P = load_profile("two-handed")


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def c(token: str) -> int:
    return parse_card(token).id


def arranged(p0: str, p1: str, turn_up: str, stock: str = "", dealer: int = 1) -> Deal:
    """Player 0 is the non-dealer (leads first) when dealer == 1."""
    return Deal.arranged(P, [ids(p0), ids(p1)], c(turn_up), ids(stock), dealer=dealer)


def act(deal: Deal, text: str) -> list:
    return deal.apply(Action.parse(text))


def points(events: list, player: int) -> int:
    return sum(e.points for e in events if e.player == player)


# --- 001 §01: the pack and the deal ------------------------------------------------

def test_pack_is_two_piquet_packs_with_two_copies_of_each_card() -> None:
    assert P.packs == 2 and P.deck_size == 64
    deal = Deal.new(P, random.Random(1), dealer=0)
    cards = [*deal.hands[0], *deal.hands[1], deal.turn_up, *deal.stock]
    assert sorted(cards) == list(range(64))


def test_deal_is_three_two_three_to_each_then_the_turn_up() -> None:
    deck = list(range(64))
    deal = Deal(P, deck, dealer=0)
    # Non-dealer (player 1) gets the first packet of 3, then the dealer 3, etc.
    assert deal.hands[1] == set(deck[0:3]) | set(deck[6:8]) | set(deck[10:13])
    assert deal.hands[0] == set(deck[3:6]) | set(deck[8:10]) | set(deck[13:16])
    assert deal.turn_up == deck[16]
    assert deal.stock_count == 48 and len(deal.stock) == 47
    assert deal.trump == deck[16] // 8 % 4
    assert deal.to_move == 1 and deal.phase == LEAD  # the non-dealer leads


def test_first_dealer_by_higher_cut_and_ties_cut_again() -> None:
    for seed in range(30):
        dealer, events = cut_for_dealer(P, random.Random(seed))
        cuts = [e for e in events if e.type == "cut" and e.cards]
        last_two = cuts[-2:]
        ranks = [e.cards[0] % 8 for e in last_two]
        assert ranks[dealer] > ranks[1 - dealer]
        ties = [e for e in events if e.type == "cut" and not e.cards]
        assert len(ties) == len(cuts) // 2 - 1


def test_dealer_alternates_between_deals() -> None:
    game = Game.new(P, random.Random(5))
    first = game.deal.dealer
    rng = random.Random(0)
    while not game.deal.is_over:
        game.deal.apply(rng.choice(game.deal.legal_actions()))
    game.next_deal()
    assert game.is_over or game.deal.dealer == 1 - first


# --- 001 §02: the two phases of play -------------------------------------------------

def test_stock_phase_trick_winner() -> None:
    trump = 1  # hearts
    assert beats(c("AS"), c("7H"), trump)           # a trump beats a plain card
    assert not beats(c("7H"), c("AS"), trump)        # a plain card never beats a trump
    assert beats(c("KS"), c("AS"), trump)            # higher card of the led suit
    assert not beats(c("AS"), c("TS"), trump)        # ten is below ace
    assert beats(c("KS"), c("TS"), trump)            # ten is above king
    assert not beats(c("AS"), c("AD"), trump)        # off-suit, not trump: leader wins
    assert not beats(c("QS#1"), c("QS#2"), trump)     # identical cards: the lead wins
    assert not beats(c("TH#2"), c("TH#1"), trump)


def test_any_card_may_be_played_while_stock_remains() -> None:
    deal = arranged("AS TS KS QS JS 9S 8S 7S", "AH TH KH QH JH 9H 8H 7D", "7C")
    act(deal, "play AS#1")
    assert deal.phase == FOLLOW
    legal = {a.card for a in deal.legal_actions()}
    assert legal == deal.holding(1)  # no duty to follow suit or to win


def test_winner_declares_before_drawing_and_draws_first() -> None:
    deal = arranged("KD QD AS TS 9S 8S 7S JS", "AH TH KH QH JH 9H 8H 7H", "9C",
                    stock="8C 8D")
    act(deal, "play AS#1")
    act(deal, "play 7H#1")
    assert deal.phase == DECLARE and deal.to_move == 0
    act(deal, "declare marriage KD#1 QD#1")
    events = act(deal, "draw")
    draws = [e for e in events if e.type == "draw"]
    assert [e.player for e in draws] == [0, 1]
    assert c("8C") in deal.hands[0] and c("8D") in deal.hands[1]
    assert deal.phase == LEAD and deal.to_move == 0  # the winner leads next


def test_exposed_cards_stay_in_the_hand_and_can_be_played() -> None:
    deal = arranged("KD QD AS TS 9S 8S 7S JS", "AH TH KH QH JH 9H 8H 7H", "9C")
    act(deal, "play AS#1")
    act(deal, "play 7H#1")
    act(deal, "declare marriage KD#1 QD#1")
    assert deal.tables[0] == {c("KD"), c("QD")}
    act(deal, "draw")
    assert Action.play(c("KD")) in deal.legal_actions()
    act(deal, "play KD#1")
    assert deal.tables[0] == {c("QD")}


def test_only_the_winner_declares() -> None:
    deal = arranged("AS TS KS QS JS 9S 8S 7S", "KD QD TH KH QH JH 9H 8H", "9C")
    act(deal, "play AS#1")
    with pytest.raises(IllegalActionError) as err:
        act(deal, "declare marriage KD#1 QD#1")
    assert err.value.rule_id == "declare.after_win"
    act(deal, "play 8H#1")
    with pytest.raises(IllegalActionError):
        deal.apply(Action(ActionType.DECLARE, (c("KD"), c("QD")), "marriage"))


def play_to_stock_end(deal: Deal, rng: random.Random) -> None:
    while deal.stock_count > 2 or deal.phase != DECLARE:
        deal.apply(rng.choice([a for a in deal.legal_actions()]))


def test_trick_24_winner_takes_last_hidden_card_loser_the_turn_up() -> None:
    rng = random.Random(3)
    deal = Deal.new(P, rng, dealer=0)
    play_to_stock_end(deal, rng)
    assert deal.tricks_played == 24 and len(deal.stock) == 1
    winner, hidden, turn_up = deal.to_move, deal.stock[0], deal.turn_up
    act(deal, "draw")
    assert hidden in deal.hands[winner] and turn_up in deal.hands[1 - winner]
    assert deal.in_playoff and deal.tables == [set(), set()]
    assert all(len(deal.hands[p]) == 8 for p in range(2))


def test_no_declarations_in_the_play_off() -> None:
    rng = random.Random(4)
    deal = Deal.new(P, rng, dealer=0)
    play_to_stock_end(deal, rng)
    act(deal, "draw")
    while not deal.is_over:
        assert all(a.type is ActionType.PLAY for a in deal.legal_actions())
        with pytest.raises(IllegalActionError) as err:
            deal.apply(Action(ActionType.DECLARE, (c("KD"), c("QD")), "marriage"))
        assert err.value.rule_id in {"playoff.no_declarations", "declare.after_win",
                                     "play.exposed_cards_in_hand"}
        deal.apply(rng.choice(deal.legal_actions()))


def test_play_off_follow_suit_and_win_if_possible() -> None:
    rules = P.playoff
    hand = ids("KS 9S AH 7D")
    assert set(playoff_legal(hand, c("QS"), 1, rules)) == {c("KS")}      # must beat
    assert set(playoff_legal(hand, c("AS"), 1, rules)) == set(ids("KS 9S"))  # follow
    assert set(playoff_legal(hand, c("TC"), 1, rules)) == {c("AH")}      # void: trump
    assert set(playoff_legal(ids("KS 9D"), c("TC"), 1, rules)) == set(ids("KS 9D"))
    # An identical card does not beat the card led.
    assert set(playoff_legal(ids("QS#2 7S"), c("QS#1"), 1, rules)) == set(ids("QS#2 7S"))
    # Trump led: follow with a higher trump if possible.
    assert set(playoff_legal(ids("9H TH KS"), c("KH"), 1, rules)) == {c("TH")}


def test_play_off_illegal_card_names_the_rule_and_changes_nothing() -> None:
    for seed in range(11, 60):
        rng = random.Random(seed)
        deal = Deal.new(P, rng, dealer=0)
        play_to_stock_end(deal, rng)
        act(deal, "draw")
        while not deal.is_over:
            if deal.phase == FOLLOW:
                legal = {a.card for a in deal.legal_actions()}
                illegal = deal.holding(deal.to_move) - legal
                if illegal:
                    before = deal.snapshot()
                    with pytest.raises(IllegalActionError) as err:
                        deal.apply(Action.play(min(illegal)))
                    assert err.value.rule_id in {"playoff.must_win", "playoff.follow_suit",
                                                 "playoff.must_trump"}
                    assert deal.snapshot() == before
                    return
            deal.apply(rng.choice(deal.legal_actions()))
    pytest.fail("no constrained follow found")


# --- 001 §03: melds, Cady's procedure, reuse classes --------------------------------

MELD_POINTS = {"marriage": 20, "trump_marriage": 40, "trump_sequence": 250, "bezique": 40,
               "double_bezique": 500, "four_aces": 100, "four_kings": 80, "four_queens": 60,
               "four_jacks": 40}


def test_meld_table_matches_001() -> None:
    assert {m.kind: m.points for m in P.melds} == MELD_POINTS
    assert not P.has_meld("four_tens")  # four tens do not count


def one(kind: str, trump: str, hand: str, history: list | None = None) -> dict:
    answer = query({"variant": "two-handed", "trump": trump, "hand": hand.split(),
                    "history": history or []})
    found = {d["meld"]: d for d in answer["declarations"]}
    refused = {d["meld"]: d for d in answer["refused"]}
    return found.get(kind) or refused.get(kind) or {}


def test_each_meld_is_recognised() -> None:
    assert one("marriage", "H", "KS QS")["points"] == 20
    assert one("trump_marriage", "H", "KH QH")["points"] == 40
    assert one("trump_sequence", "H", "AH TH KH QH JH")["points"] == 250
    assert one("bezique", "H", "QS JD")["points"] == 40
    assert one("double_bezique", "H", "QS#1 QS#2 JD#1 JD#2")["points"] == 500
    assert one("four_aces", "H", "AS AH AD AC")["points"] == 100
    assert one("four_kings", "H", "KS KH KD KC")["points"] == 80
    assert one("four_queens", "H", "QS QH QD QC")["points"] == 60
    assert one("four_jacks", "H", "JS JH JD JC")["points"] == 40
    assert one("marriage", "H", "KH QH") == {}          # in trumps it is the trump marriage
    assert one("trump_sequence", "H", "AS TS KS QS JS") == {}  # only the trump sequence


def test_quartets_need_not_be_of_different_suits() -> None:
    assert one("four_aces", "H", "AS#1 AS#2 AH AD")["points"] == 100


def test_one_declaration_scored_per_trick() -> None:
    deal = arranged("KD QD QS JD 9S 8S 7S AS", "AH TH KH QH JH 9H 8H 7H", "9C")
    act(deal, "play AS#1")
    act(deal, "play 7H#1")
    act(deal, "declare marriage KD#1 QD#1")
    with pytest.raises(IllegalActionError) as err:
        act(deal, "declare bezique QS#1 JD#1")
    assert err.value.rule_id == "declare.one_per_trick"


def win_trick(deal: Deal, lead: str, follow: str) -> None:
    act(deal, f"play {lead}")
    act(deal, f"play {follow}")


def test_cady_pending_waits_then_scores_after_next_win() -> None:
    deal = arranged("KD QD QS JD AS AC AH 7S", "8H 9H 8D 9D 8C 9C 7H 7D", "TC",
                    stock="JS JH JC JS#2")
    win_trick(deal, "AS#1", "8H#1")
    act(deal, "declare marriage KD#1 QD#1")
    events = act(deal, "announce bezique QS#1 JD#1")
    assert events[0].type == "pending" and events[0].points == 0
    assert deal.pending[0] and deal.tables[0] >= {c("QS"), c("JD")}
    act(deal, "draw")
    win_trick(deal, "AC#1", "9H#1")
    events = act(deal, "score bezique JD#1 QS#1")
    assert points(events, 0) == 40 and not deal.pending[0]
    assert deal.scores[0] == 60


def test_cady_new_declaration_may_score_while_older_waits() -> None:
    deal = arranged("KD QD QS JD AS AC AH KC", "8H 9H 8D 9D 8C 9C 7H 7D", "TC",
                    stock="QC JH JC JS")
    win_trick(deal, "AS#1", "8H#1")
    act(deal, "declare marriage KD#1 QD#1")
    act(deal, "announce bezique QS#1 JD#1")
    act(deal, "draw")  # draws QC: K♣ Q♣ is a trump marriage
    win_trick(deal, "AC#1", "9H#1")
    act(deal, "declare trump_marriage KC#1 QC#1")
    assert deal.pending[0]  # the bezique still waits
    act(deal, "draw")
    win_trick(deal, "AH#1", "8D#1")
    assert points(act(deal, "score bezique JD#1 QS#1"), 0) == 40


def test_cady_pending_lost_when_a_needed_card_is_played() -> None:
    deal = arranged("KD QD QS JD AS AC AH 7S", "8H 9H 8D 9D 8C 9C 7H 7D", "TC")
    win_trick(deal, "AS#1", "8H#1")
    act(deal, "declare marriage KD#1 QD#1")
    act(deal, "announce bezique QS#1 JD#1")
    act(deal, "draw")
    events = act(deal, "play QS#1")
    lost = [e for e in events if e.type == "pending_lost"]
    assert lost and lost[0].rule_id == "cady.lost_card_played" and not deal.pending[0]


def test_cady_pending_lost_when_the_stock_runs_out() -> None:
    rng = random.Random(8)
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal.new(P, rng, dealer=0)
        while not deal.in_playoff:
            legal = deal.legal_actions()
            announce = [a for a in legal if a.type is ActionType.ANNOUNCE]
            declares = [a for a in legal if a.type is ActionType.DECLARE]
            plays_safe = [a for a in legal if a.type is ActionType.PLAY and all(
                a.card not in m.cards for m in deal.pending[deal.to_move])]
            choice = (announce or declares or plays_safe or legal)[0]
            if choice.type is ActionType.PLAY:
                choice = rng.choice(plays_safe or legal)
            deal.apply(choice)
        lost = [e for e in deal.events if e.rule_id == "cady.lost_stock_end"]
        if lost:
            assert all(not p for p in deal.pending)
            return
    pytest.fail("no pending declaration reached the end of the stock")


def test_worked_example_370_step_by_step() -> None:
    deal = arranged("KS KH KD KC QD AD TD AC", "8H 9H 8S 9S 8C 9C 7H 7S", "9D",
                    stock="JD 7C AS 7D")
    win_trick(deal, "AC#1", "7S#1")
    e1 = act(deal, "declare four_kings KS#1 KH#1 KD#1 KC#1")
    act(deal, "draw")  # draws J♦
    win_trick(deal, "KS#1", "8S#1")  # a king already scored may be played
    e2 = act(deal, "declare trump_marriage KD#1 QD#1")
    assert any(s.key == "reuse_cross" for s in e2[0].steps)  # K♦ crosses from quartets
    act(deal, "draw")
    win_trick(deal, "AS#1", "9S#1")
    e3 = act(deal, "declare trump_sequence AD#1 TD#1 KD#1 QD#1 JD#1")
    assert [points(e1, 0), points(e2, 0), points(e3, 0)] == [80, 40, 250]
    assert deal.scores[0] == 370
    assert any(s.key == "reuse_upgrade" for s in e3[0].steps)
    # The re-marriage with only the queen swapped is refused.
    act(deal, "draw")
    deal2_refusal = query({"trump": "D", "hand": ["QD#2"],
                           "table": ["KH#1", "KD#1", "KC#1", "QD#1", "AD#1", "TD#1", "JD#1"],
                           "history": [
                               {"meld": "four_kings", "cards": ["KS#1", "KH#1", "KD#1", "KC#1"]},
                               {"meld": "trump_marriage", "cards": ["KD#1", "QD#1"]},
                               {"meld": "trump_sequence",
                                "cards": ["AD#1", "TD#1", "KD#1", "QD#1", "JD#1"]}]})
    refused = {r["meld"]: r for r in deal2_refusal["refused"]}
    assert refused["trump_marriage"]["cards"] == ["KD#1", "QD#2"]
    assert refused["trump_marriage"]["rule"] in {"reuse.partner_swap", "reuse.same_class"}
    assert not deal2_refusal["declarations"]


def test_worked_example_370_with_melds_query() -> None:
    history = [{"meld": "four_kings", "cards": ["KS#1", "KH#1", "KD#1", "KC#1"]}]
    step2 = one("trump_marriage", "D", "KS#1 KH#1 KD#1 KC#1 QD#1", history)
    assert step2["points"] == 40
    history.append({"meld": "trump_marriage", "cards": ["KD#1", "QD#1"]})
    step3 = one("trump_sequence", "D", "KD#1 QD#1 AD#1 TD#1 JD#1", history)
    assert step3["points"] == 250
    assert 80 + step2["points"] + step3["points"] == 370
    swap = one("trump_marriage", "D", "KD#1 QD#2", history)
    assert "points" not in swap and swap["rule"] == "reuse.partner_swap"


def test_sequence_then_marriage_from_it_is_refused() -> None:
    history = [{"meld": "trump_sequence", "cards": ["AD#1", "TD#1", "KD#1", "QD#1", "JD#1"]}]
    refused = one("trump_marriage", "D", "KD#1 QD#1", history)
    assert refused["rule"] == "reuse.same_class"


def test_single_then_double_bezique_and_both_singles_stand() -> None:
    h1 = [{"meld": "bezique", "cards": ["QS#1", "JD#1"]}]
    assert one("bezique", "H", "QS#2 JD#2", h1)["points"] == 40
    h2 = h1 + [{"meld": "bezique", "cards": ["QS#2", "JD#2"]}]
    double = one("double_bezique", "H", "QS#1 QS#2 JD#1 JD#2", h2)
    assert double["points"] == 500  # 40 + 40 + 500 in all
    # Once the double is scored, no single may be formed from its cards.
    h3 = h2 + [{"meld": "double_bezique", "cards": ["QS#1", "QS#2", "JD#1", "JD#2"]}]
    assert "points" not in one("bezique", "H", "QS#1 JD#2", h3)


def test_all_four_bezique_cards_at_once_score_only_500() -> None:
    answer = query({"trump": "H", "hand": "QS#1 QS#2 JD#1 JD#2".split()})
    found = {d["meld"]: d["points"] for d in answer["declarations"]}
    assert found["double_bezique"] == 500
    deal = arranged("QS#1 QS#2 JD#1 JD#2 AS 9S 8S 7S", "8H 9H 8D 9D 8C 9C 7H 7D", "TC")
    win_trick(deal, "AS#1", "8H#1")
    assert points(act(deal, "declare double_bezique QS#1 QS#2 JD#1 JD#2"), 0) == 500
    assert deal.scores[0] == 500


def test_single_bezique_partner_swap_is_refused() -> None:
    h1 = [{"meld": "bezique", "cards": ["QS#1", "JD#1"]}]
    refused = one("bezique", "H", "QS#1 JD#2", h1)
    assert refused["rule"] == "reuse.partner_swap"


def test_reuse_across_classes_is_allowed() -> None:
    history = [{"meld": "four_queens", "cards": ["QS#1", "QH#1", "QD#1", "QC#1"]}]
    assert one("bezique", "H", "QS#1 JD#1 QH#1 QD#1 QC#1", history)["points"] == 40
    assert one("trump_marriage", "H", "KH QH#1 QS#1 QD#1 QC#1", history)["points"] == 40


def test_a_second_quartet_needs_fresh_cards() -> None:
    history = [{"meld": "four_kings", "cards": ["KS#1", "KH#1", "KD#1", "KC#1"]}]
    answer = query({"trump": "H", "hand": "KS#1 KH#1 KD#1 KC#2".split(), "history": history})
    refused = {r["meld"]: r for r in answer["refused"]}
    assert refused["four_kings"]["rule"] in {"reuse.same_class", "reuse.partner_swap"}
    fresh = query({"trump": "H", "hand": "KS#2 KH#2 KD#2 KC#2".split(), "history": history})
    assert fresh["declarations"][0]["points"] == 80


# --- 001 §04: the seven of trumps (dix) ----------------------------------------------

def test_dix_to_the_dealer_when_turned_up_and_never_again() -> None:
    deal = arranged("AS TS KS QS JS 9S 8S 7S", "AH TH KH QH JH 9H 8H 8D", "7C#1", dealer=1)
    dix = [e for e in deal.events if e.type == "dix"]
    assert len(dix) == 1 and dix[0].player == 1 and dix[0].points == 10
    assert deal.scores == [0, 10]
    rng = random.Random(2)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    per_card = [e.cards[0] for e in deal.events if e.type == "dix" and e.points]
    assert per_card.count(c("7C#1")) == 1


def test_dix_show_after_a_win_counts_once() -> None:
    deal = arranged("7C AS TS KS QS JS 9S 8S", "AH TH KH QH JH 9H 8H 8D", "9C")
    win_trick(deal, "AS#1", "8H#1")
    events = act(deal, "show 7C#1")
    assert points(events, 0) == 10
    assert Action(ActionType.SHOW_SEVEN, (c("7C"),)) not in deal.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        act(deal, "show 7C#1")
    assert err.value.rule_id in {"dix.once_per_card", "dix.show"}
    # Showing is compatible with a declaration: the one meld is still open.
    act(deal, "draw")
    # Playing the shown seven later scores nothing more.
    events = act(deal, "play 7C#1")
    assert points(events, 0) == 0


def test_dix_exchange_scores_and_turn_up_is_not_counted_again() -> None:
    deal = arranged("7C AS TS KS QS JS 9S 8S", "AH TH KH QH JH 9H 8H 8D", "AC")
    win_trick(deal, "AS#1", "8H#1")
    events = act(deal, "exchange 7C#1")
    assert points(events, 0) == 10
    assert deal.turn_up == c("7C") and c("AC") in deal.hands[0]
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    per_card = [e.cards[0] for e in deal.events if e.type == "dix" and e.points]
    assert per_card.count(c("7C#1")) == 1


def test_exchange_after_show_gives_no_second_bonus() -> None:
    deal = arranged("7C AS TS KS QS JS 9S 8S", "AH TH KH QH JH 9H 8H 8D", "AC")
    win_trick(deal, "AS#1", "8H#1")
    act(deal, "show 7C#1")
    events = act(deal, "exchange 7C#1")
    assert points(events, 0) == 0 and deal.scores[0] == 10


def test_dix_first_play_counts_for_the_player() -> None:
    deal = arranged("7C AS TS KS QS JS 9S 8S", "AH TH KH QH JH 9H 8H 8D", "9C")
    events = act(deal, "play 7C#1")
    assert points(events, 0) == 10 and events[-1].rule_id == "dix.first_play"


def test_dix_only_by_the_winner_before_drawing() -> None:
    deal = arranged("AS TS KS QS JS 9S 8S 8D", "7C AH TH KH QH JH 9H 8H", "9C")
    act(deal, "play AS#1")
    with pytest.raises(IllegalActionError):
        act(deal, "show 7C#1")


def test_every_trump_seven_is_counted_exactly_once_in_every_deal() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new(P, rng, dealer=seed % 2)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        counted = [e.cards[0] for e in deal.events if e.type == "dix" and e.points]
        assert len(counted) == len(set(counted)) == 2  # both sevens get played at last


# --- 001 §04: brisques, last trick, target -------------------------------------------

def test_brisques_and_last_trick_at_the_end() -> None:
    rng = random.Random(21)
    deal = Deal.new(P, rng, dealer=0)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.phase == OVER and deal.tricks_played == 32
    brisques = {e.player: e.points for e in deal.events if e.type == "brisques"}
    assert sum(brisques.values()) == 160
    for player, pts in brisques.items():
        assert pts == 10 * sum(1 for x in deal.won[player] if x % 8 >= 6)
    last = [e for e in deal.events if e.type == "last_trick"]
    assert len(last) == 1 and last[0].points == 10
    assert last[0].player == deal.last_trick_winner
    assert not [e for e in deal.events if e.type == "trick_points"]  # no per-trick bonus


def finished_game_with(totals: list[list[int]]) -> Game:
    game = Game.new(P, random.Random(0))
    for index, scores in enumerate(totals):
        rng = random.Random(index)
        while not game.deal.is_over:
            game.deal.apply(rng.choice(game.deal.legal_actions()))
        game.deal.scores = list(scores)
        game.next_deal()
    return game


def test_game_continues_until_the_target_then_higher_total_wins() -> None:
    game = finished_game_with([[600, 500], [300, 600]])
    assert game.is_over and game.result is not None
    assert game.result.player == 1 and game.totals == [900, 1100]


def test_game_below_target_deals_again() -> None:
    game = finished_game_with([[600, 300]])
    assert not game.is_over and len(game.finished_deals) == 1


def test_game_tie_over_target_is_a_draw() -> None:
    game = finished_game_with([[500, 600], [600, 500]])
    assert game.is_over and game.result is not None
    assert game.result.player is None and game.result.rule_id == "game.tie"


def test_both_over_target_the_higher_wins() -> None:
    game = finished_game_with([[1100, 1050]])
    assert game.result is not None and game.result.player == 0
