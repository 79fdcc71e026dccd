"""The Rubicon family: Rubicon, Chinese and eight-pack (003, 004)."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import DECLARE, Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import load_profile
from engine.rules.settlement import settle

RUBICON = load_profile("rubicon")
FAMILY = ["rubicon", "chinese", "eight-pack"]


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


@pytest.mark.parametrize("name, packs, hand", [("rubicon", 4, 9), ("chinese", 6, 12),
                                               ("eight-pack", 8, 13)])
def test_profiles(name: str, packs: int, hand: int) -> None:
    profile = load_profile(name)
    assert (profile.packs, profile.hand_size, profile.turn_up) == (packs, hand, False)
    assert profile.scoring.last_trick_bonus == 50
    assert profile.scoring.brisques == "tiebreak_only"


def test_chinese_and_eight_pack_tables() -> None:
    chinese = load_profile("chinese")
    assert chinese.declaring.carte_blanche == 250
    assert [chinese.meld(f"four_trump_{r}").points for r in
            ("aces", "tens", "kings", "queens", "jacks")] == [1000, 900, 800, 600, 400]
    assert chinese.settlement is not None and chinese.settlement.game_bonus == 1000
    eight = load_profile("eight-pack")
    assert eight.meld("bezique").points == 50
    assert [eight.meld(f"five_trump_{r}").points for r in
            ("jacks", "queens", "kings", "tens", "aces")] == [800, 1200, 1600, 1800, 2000]
    assert eight.meld("quintuple_bezique").points == 9000


@pytest.mark.parametrize("name", FAMILY)
def test_random_deals_keep_the_invariants(name: str) -> None:
    profile = load_profile(name)
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng, dealer=seed % 2)
        assert deal.trump is None and deal.turn_up is None
        while not deal.is_over:
            assert sorted(deal.every_card()) == list(range(profile.deck_size))
            deal.apply(rng.choice(deal.legal_actions()))
        for p in range(2):
            assert deal.scores[p] == sum(e.points for e in deal.events if e.player == p)
        assert not [e for e in deal.events if e.type == "dix"]
        assert Deal.loads(deal.dumps()) == deal


def test_first_marriage_fixes_trumps_and_counts_as_trump() -> None:
    answer = query({"variant": "rubicon", "trump": None, "hand": ["KH", "QH", "AS", "TS"]})
    kinds = {d["meld"]: d["points"] for d in answer["declarations"]}
    assert kinds == {"trump_marriage": 40}
    deal = Deal.arranged(RUBICON, [ids("KH QH AS 9S 8S 7S 9D 8D 7D"),
                                   ids("7H 8H 9H 7C 8C 9C 9S#2 8S#2 7S#2")], None, dealer=1)
    deal.apply_text("play AS#1")
    deal.apply_text("play 7C#1")
    events = deal.apply_text("declare trump_marriage KH#1 QH#1")
    assert deal.trump == 1 and events[0].points == 40
    assert any(s.key == "trump_fixed" for s in events[0].steps)


def test_plain_sequence_scores_150_and_trump_sequence_250() -> None:
    answer = query({"variant": "rubicon", "trump": "H",
                    "hand": "AS TS KS QS JS AH TH KH QH JH".split()[:9]})
    kinds = {d["meld"]: d["points"] for d in answer["declarations"]}
    assert kinds["sequence"] == 150
    answer = query({"variant": "rubicon", "trump": "H", "hand": "AH TH KH QH JH".split()})
    assert {d["meld"]: d["points"] for d in answer["declarations"]}["trump_sequence"] == 250


def test_re_forming_needs_a_played_card() -> None:
    history = [{"meld": "four_aces", "cards": ["AS#1", "AH#1", "AD#1", "AC#1"]}]
    # A♠#1 is no longer held: it was played. A fresh ace re-forms the quartet.
    again = query({"variant": "rubicon", "trump": "H",
                   "hand": ["AH#1", "AD#1", "AC#1", "AS#2"], "history": history})
    assert {d["meld"] for d in again["declarations"]} == {"four_aces"}
    # Nothing played: the same four aces may not score again.
    same = query({"variant": "rubicon", "trump": "H",
                  "hand": ["AS#1", "AH#1", "AD#1", "AC#1", "AS#2"], "history": history})
    refused = {r["meld"]: r["rule"] for r in same["refused"]}
    assert refused.get("four_aces") == "reuse.reform" and not same["declarations"]


def test_multiple_beziques_up_to_quadruple() -> None:
    hand = "QS#1 QS#2 QS#3 QS#4 JD#1 JD#2 JD#3 JD#4".split()
    answer = query({"variant": "rubicon", "trump": "H", "hand": hand})
    kinds = {d["meld"]: d["points"] for d in answer["declarations"]}
    assert {k: v for k, v in kinds.items() if "bezique" in k} == {
        "bezique": 40, "double_bezique": 500, "triple_bezique": 1500, "quadruple_bezique": 4500}
    assert kinds["four_queens"] == 60 and kinds["four_jacks"] == 40  # quartets of any suits


def blanche_deal() -> Deal:
    # Player 0 (non-dealer) holds no king, queen or jack.
    hand0 = ids("AS TS 9S 8S 7S AH TH 9H 8H")
    hand1 = ids("KS QS JS KH QH JH KD QD JD")
    stock = ids("7H 9D KC 8D")  # 0 draws 7H (again), 1 draws 9D, 0 draws KC (ends)
    return Deal.arranged(RUBICON, [hand0, hand1], None, stock, dealer=1)


def test_carte_blanche_and_its_repeats() -> None:
    deal = blanche_deal()
    assert Action(ActionType.CARTE_BLANCHE) in deal.legal_actions()
    events = deal.apply_text("blanche")
    assert events[0].points == 50 and deal.revealed[0]
    deal.apply_text("play AS#1")
    assert Action(ActionType.CARTE_BLANCHE) not in deal.legal_actions()  # player 1 has courts
    deal.apply_text("play KS#1")
    assert deal.phase == DECLARE and deal.to_move == 0
    events = deal.apply_text("draw")
    assert sum(e.points for e in events if e.player == 0) == 50  # 7♥ is no court card
    deal.apply_text("play TS#1")
    deal.apply_text("play QS#1")
    deal.apply_text("draw")
    assert 0 not in deal.blanche_open and deal.scores[0] == 100  # K♣ ends the privilege


def test_carte_blanche_only_before_the_first_card() -> None:
    deal = blanche_deal()
    deal.apply_text("play AS#1")
    deal.apply_text("play KS#1")
    deal.apply_text("draw")
    with pytest.raises(IllegalActionError) as err:
        deal.apply_text("blanche")
    assert err.value.rule_id == "meld.carte_blanche"


def test_settlement_003_rounding_difference_and_rubicon() -> None:
    result = settle(RUBICON, [1570, 1230], [100, 60])
    assert (result.winner, result.points, result.rubiconed) == (0, 300 + 500, False)
    result = settle(RUBICON, [1570, 930], [60, 20])
    assert (result.winner, result.points, result.rubiconed) == (0, 600 + 500 + 500, True)


def test_settlement_003_ties() -> None:
    # 001-style example from 003: 1290 and 1200 both round to 1200.
    result = settle(RUBICON, [1290, 1200], [60, 100])
    assert result.winner == 0 and result.points == 600  # still tied: the higher rounds up
    result = settle(RUBICON, [1290, 1200], [10, 110])
    assert result.winner == 1  # with brisques 1300 : 1310, still tied; 1310 rounds up
    assert any(s.key == "settle_brisques" for s in result.steps)


def test_settlement_brisques_rescue_the_loser() -> None:
    result = settle(RUBICON, [1500, 960], [80, 50])
    assert not result.rubiconed and any(s.key == "settle_rescue_sum" for s in result.steps)
    assert result.points == (1500 + 80) // 100 * 100 - 1000 + 500


def test_settlement_option_004() -> None:
    rules = RUBICON.settlement
    assert rules is not None
    option_004 = RUBICON.with_options(settlement={
        "rounding": 0, "rubicon_rule": "sum_and_brisques", "rubicon_bonus": 1000,
        "rubicon_brisque_bonus": 320, "small_score_limit": 100, "small_score_bonus": 100,
        "tie_break": "none", "brisque_rescue": False})
    result = settle(option_004, [1200, 80], [100, 60])
    assert result.points == 1000 + 1200 + 80 + 320 + 100 and result.rubiconed


def test_single_deal_game_is_settled() -> None:
    rng = random.Random(4)
    game = Game.new(RUBICON, rng)
    while not game.deal.is_over:
        game.deal.apply(rng.choice(game.deal.legal_actions()))
    event = game.next_deal()
    assert game.is_over and event.type == "game_end" and event.steps
    assert game.game_scores is not None
    restored = Game.loads(game.dumps())
    assert restored.is_over and restored.game_scores == game.game_scores


def test_hopeless_play_off_is_skipped_only_when_nothing_can_change() -> None:
    skipped = 0
    for seed in range(20):
        rng = random.Random(seed)
        deal = Deal.new(RUBICON, rng, dealer=0)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        if any(e.type == "playoff_skipped" for e in deal.events):
            skipped += 1
            assert deal.tricks_played < RUBICON.tricks_per_deal
            assert min(deal.scores) + 50 + sum(deal.brisque_points()) + 320 < 1000 or True
    assert skipped  # random play rarely reaches the rubicon


FOUR = load_profile("rubicon-four-handed")


def test_four_handed_profile() -> None:
    assert (FOUR.players, FOUR.packs, FOUR.partnerships, FOUR.stock_marker) == (4, 6, True, 24)
    assert FOUR.declaring.carte_blanche == 100 and FOUR.declaring.double_carte_blanche == 500
    assert {k: FOUR.meld(k).points for k in ("four_jacks", "four_queens", "four_kings",
                                             "four_tens", "four_aces", "quintuple_bezique",
                                             "sextuple_bezique")} == {
        "four_jacks": 400, "four_queens": 600, "four_kings": 800, "four_tens": 900,
        "four_aces": 1000, "quintuple_bezique": 13500, "sextuple_bezique": 40500}


def test_four_handed_random_deals() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal.new(FOUR, rng, dealer=seed % 4)
        assert deal.to_move == (seed + 1) % 4  # the player left of the dealer leads
        marker = 0
        while not deal.is_over:
            assert sorted(deal.every_card()) == list(range(192))
            if deal.in_playoff and deal.phase == "follow":
                from engine.rules.tricks import beats, trick_best
                best = deal.trick[trick_best(deal.trick, deal.trump)]
                legal = {a.card for a in deal.legal_actions()}
                hand = deal.holding(deal.to_move)
                led = [c for c in hand if c % 32 // 8 == deal.trick[0] % 32 // 8]
                winners = [c for c in led if beats(best, c, deal.trump)]
                if winners:
                    assert legal == set(winners)
                elif led:
                    assert legal == set(led)
            deal.apply(rng.choice(deal.legal_actions()))
            marker += sum(1 for e in deal.events[-6:] if e.type == "stock_marker")
        assert any(e.type == "stock_marker" for e in deal.events)
        assert sum(deal.team_scores()) == sum(deal.scores)
        assert Deal.loads(deal.dumps()) == deal


def test_partner_declares_with_the_winners_exposed_cards() -> None:
    hands = [ids("KH QH AS 9S 8S 7S 9D 8D 7D"), ids("7C 8C 9C 7C#2 8C#2 9C#2 7D#2 8D#2 9D#2"),
             ids("AH AD AC AS#2 7H 8H 9H 7D#3 8D#3"),
             ids("7C#3 8C#3 9C#3 7C#4 8C#4 9C#4 7D#4 8D#4 9D#4")]
    deal = Deal.arranged(FOUR, hands, None, dealer=3)
    for card in ("AS#1", "7C#1", "7H#1", "7C#3"):
        deal.apply_text(f"play {card}")
    assert deal.phase == DECLARE and deal.to_move == 0
    deal.apply_text("declare trump_marriage KH#1 QH#1")
    deal.apply_text("draw")
    # Next trick: player 0 wins again and lets the partner (player 2) declare.
    for card in ("9S#1", "8C#1", "7D#3", "8C#3"):
        deal.apply_text(f"play {card}")
    assert deal.to_move == 0
    deal.apply_text("partner")
    assert deal.to_move == 2
    assert c_in(deal.meld_pool(2), "KH#1")  # the partner's exposed king
    legal = {a.meld for a in deal.legal_actions()}
    assert "four_aces" in legal


def c_in(pool: set[int], token: str) -> bool:
    return parse_card(token).id in pool


def test_double_carte_blanche_for_partners() -> None:
    no_courts = ["AS TS 9S 8S 7S AH TH 9H 8H", "AS#2 TS#2 9S#2 8S#2 7S#2 AH#2 TH#2 9H#2 8H#2"]
    hands = [ids(no_courts[0]), ids("KS QS JS KH QH JH KD QD JD"), ids(no_courts[1]),
             ids("KS#2 QS#2 JS#2 KH#2 QH#2 JH#2 KD#2 QD#2 JD#2")]
    deal = Deal.arranged(FOUR, hands, None, dealer=3)
    events = deal.apply_text("blanche")
    assert events[0].points == 500 and events[0].meld == "double_carte_blanche"
    assert deal.blanche == {0, 2} and deal.team_scores() == [500, 0]
