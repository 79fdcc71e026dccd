"""The findings of the rules review of 003 and 004 (reviews/rules-review-003-004.md), one
test each: who declares in the four-handed game, no-trump's 50, a double marriage growing
into the sequence, the three-handed first lead, play-off duty and triple bezique, the
Rubicon tie-break and brisques, the brisque sum and the Chinese game bonus, and the
card-point seven, exchange and late declaring."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots.fastplay import OVER, FastDeal, from_action
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.game import target_outcome
from engine.rules.profile import Profile, current_choice, load_profile
from engine.rules.settlement import settle

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def _win_first_trick(profile: Profile, winner_hand: str, other_hand: str, turn_up: str | None,
                     stock: str = "", dealer: int = 0) -> Deal:
    """Player 1 (the non-dealer) leads the first card of his hand and wins the trick."""
    hands = [ids(other_hand), ids(winner_hand)]
    deal = Deal.arranged(profile, hands, None if turn_up is None else parse_card(turn_up).id,
                         ids(stock), dealer=dealer)
    assert deal.to_move == 1
    deal.apply(Action.play(hands[1][0]))
    deal.apply(Action.play(hands[0][0]))
    assert deal.phase == DECLARE and deal.to_move == 1
    return deal


def _declare(deal: Deal, meld: str, cards: str) -> None:
    deal.apply(Action(ActionType.DECLARE, tuple(sorted(ids(cards))), meld))


def _melds_offered(deal: Deal) -> set[str]:
    return {a.meld for a in deal.legal_actions() if a.type is ActionType.DECLARE}


# --- 1. four-handed (004 l.230, l.305): each declares his own game ----------------------

@pytest.mark.parametrize("profile", [load_profile("four-handed"),
                                     load_profile("no-trump", [("players", "4")])],
                         ids=["four-handed", "no-trump/4"])
def test_each_player_declares_his_own_game_by_default(profile: Profile) -> None:
    assert not profile.declaring.partner_declares
    assert not profile.declaring.use_partner_table
    assert current_choice(profile, "partner_melds") == "own_cards_only"
    deal = Deal.new(profile, random.Random(5), dealer=0)
    while deal.phase != DECLARE:
        deal.apply(deal.legal_actions()[0])
    assert Action(ActionType.PARTNER) not in deal.legal_actions()
    # 003's reading stays playable as the named option.
    other = load_profile(profile.name, [*profile.options, ("partner_melds", "partner_and_table")])
    assert other.declaring.partner_declares and other.declaring.use_partner_table


def test_four_handed_file_no_longer_calls_004_silent() -> None:
    four = load_profile("four-handed")
    assert "004 is silent" not in four.citation("declare.partner")
    assert "l.230" in four.citation("declare.after_win")


# --- 2, 3. no-trump: the 50 fixes trumps; the double marriage grows into the sequence --

NO_TRUMP = load_profile("no-trump")
LOW = "7S 8S 9S 7D 8D 9D 7C 8C"


def test_no_trump_double_marriage_scores_50_only_when_it_fixes_trumps() -> None:
    deal = _win_first_trick(NO_TRUMP, "AC KH KH#2 QH QH#2 9S#2 8D#2 7D#2", LOW, None,
                            stock="AC#2 7S#2")
    assert "double_trump_marriage" in _melds_offered(deal)      # it would fix trumps: 50
    _declare(deal, "trump_marriage", "KH QH")                    # 40, hearts are trumps
    assert deal.scores[1] == 40
    deal.apply(Action(ActionType.DRAW))
    deal.apply(Action.play(parse_card("AC#2").id))
    deal.apply(Action.play(parse_card("8S").id))
    assert deal.phase == DECLARE and deal.to_move == 1
    # Trumps are fixed: no 50 stacked on the 40 with the same cards.
    assert "double_trump_marriage" not in _melds_offered(deal)
    refusal = deal.why_illegal(Action(ActionType.DECLARE, tuple(sorted(ids(
        "KH KH#2 QH QH#2"))), "double_trump_marriage"))
    assert "fixes trumps" in str(refusal)


def test_no_trump_double_marriage_may_grow_into_the_trump_sequence() -> None:
    deal = _win_first_trick(NO_TRUMP, "AC KH KH#2 QH QH#2 AH TH JH", LOW, None,
                            stock="AC#2 7S#2")
    _declare(deal, "double_trump_marriage", "KH KH#2 QH QH#2")
    assert deal.scores[1] == 50 and deal.trump is not None
    deal.apply(Action(ActionType.DRAW))
    deal.apply(Action.play(parse_card("AC#2").id))
    deal.apply(Action.play(parse_card("8S").id))
    assert "trump_sequence" in _melds_offered(deal)
    _declare(deal, "trump_sequence", "AH TH KH QH JH")
    assert deal.scores[1] == 50 + 250


def test_card_point_double_trump_marriage_may_grow_into_the_trump_sequence() -> None:
    card_point = load_profile("card-point")
    deal = _win_first_trick(card_point, "AC KH KH#2 QH QH#2 AH TH JH",
                            "7S 8S 9S 7D 8D 9D JS JD", "8H", stock="AC#2 7S#2")
    _declare(deal, "double_trump_marriage", "KH KH#2 QH QH#2")
    before = deal.scores[1]
    deal.apply(Action(ActionType.DRAW))
    deal.apply(Action.play(parse_card("AC#2").id))
    deal.apply(Action.play(parse_card("8S").id))
    _declare(deal, "trump_sequence", "AH TH KH QH JH")
    assert deal.scores[1] - before == 11 + 250   # the second trick (A + 8), then the quint


# --- 4. three-handed --------------------------------------------------------------------

THREE = load_profile("three-handed")


def test_three_handed_first_lead_is_a_named_option() -> None:
    assert Deal.new(THREE, random.Random(1), dealer=0).to_move == 2      # l.224, l.298
    left = load_profile("three-handed", [("three_handed_lead", "dealer_left_004")])
    assert Deal.new(left, random.Random(1), dealer=0).to_move == 1       # l.363
    assert current_choice(THREE, "three_handed_lead") == "dealer_right_004"


def test_three_handed_play_off_duty_is_cited_to_the_sources_and_named() -> None:
    assert not any("pagat" in where.lower() or "parlett" in where.lower()
                   for _, where in THREE.citations)
    assert "our choice" in THREE.citation("playoff.must_win")
    loose = load_profile("three-handed", [("playoff_duty", "follow_or_trump_004")])
    assert (loose.playoff.follow_suit, loose.playoff.must_win, loose.playoff.must_trump) == (
        True, False, True)


def _triple_bezique_deal() -> Deal:
    others = [ids("7S#2 8S#2 9S#2 7H#2 8H#2 9H#2 7D#2 8D#2"), ids("7S 8S 9S 7H 8H 9H 7D 8D")]
    hands = [others[0], ids("AC 9D#3 QS QS#2 QS#3 JD JD#2 JD#3"), others[1]]
    deal = Deal.arranged(THREE, hands, parse_card("8C").id, dealer=2)
    for card in ("AC", "7S", "7S#2"):
        deal.apply(Action.play(parse_card(card).id))
    assert deal.phase == DECLARE and deal.to_move == 1
    return deal


def test_three_handed_triple_bezique_wins_the_game_at_once() -> None:
    deal = _triple_bezique_deal()
    fast = FastDeal.from_deal(deal)
    action = Action(ActionType.DECLARE, tuple(sorted(ids("QS QS#2 QS#3 JD JD#2 JD#3"))),
                    "triple_bezique")
    deal.apply(action)
    assert deal.is_over and deal.game_meld_side == 1
    outcome = target_outcome(THREE, deal.team_scores(), deal.last_trick_winner,
                             deal.first_to_target(), deal.game_meld_side)
    assert outcome.type == "game_end" and outcome.player == 1
    assert outcome.rule_id == "game.meld_wins"
    # The bots' simulator ends the deal there too.
    fast.apply(from_action(fast.rules, action))
    assert fast.phase == OVER and fast.scores == deal.scores


# --- 5, 6, 7. Rubicon settlements ------------------------------------------------------

def test_rubicon_tie_break_reading_is_a_named_option() -> None:
    rubicon = load_profile("rubicon")
    assert settle(rubicon, [1290, 1200], [60, 150]).winner is None     # with the brisques
    before = load_profile("rubicon", [("rubicon_round_up", "before_brisques")])
    result = settle(before, [1290, 1200], [60, 150])
    assert (result.winner, result.points) == (0, 600)


def test_004_scored_rubicon_counts_the_brisques() -> None:
    profile = load_profile("rubicon", [("rubicon_settlement", "unrounded_004")])
    assert profile.scoring.brisques == "count"
    assert not profile.settlement.skip_hopeless_playoff  # type: ignore[union-attr]
    deal = Deal.new(profile, random.Random(3), dealer=0)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    brisques = [e for e in deal.events if e.type == "brisques"]
    assert brisques and all(e.points > 0 for e in brisques)
    assert sum(e.points for e in brisques) == sum(deal.brisque_points())


@pytest.mark.parametrize(("variant", "bonus"), [("chinese", 480), ("eight-pack", 640)])
def test_brisque_sum_for_more_packs_is_named(variant: str, bonus: int) -> None:
    flat = load_profile(variant, [("rubicon_settlement", "unrounded_004")])
    scaled = load_profile(variant, [("rubicon_settlement", "unrounded_004"),
                                    ("rubicon_brisque_bonus", "all_brisques_of_the_packs")])
    assert current_choice(flat, "rubicon_brisque_bonus") == "flat_320"
    assert settle(flat, [2000, 500], [0, 0]).points == 1000 + 2500 + 320
    assert settle(scaled, [2000, 500], [0, 0]).points == 1000 + 2500 + bonus


def test_chinese_extra_1000_reading_is_named() -> None:
    chinese = load_profile("chinese")
    assert current_choice(chinese, "chinese_game_bonus") == "replaces_500"
    assert settle(chinese, [1500, 1200], [0, 0]).points == 1300
    adds = load_profile("chinese", [("chinese_game_bonus", "adds_to_500")])
    assert settle(adds, [1500, 1200], [0, 0]).points == 1800


# --- 8. card-point ----------------------------------------------------------------------

CARD_POINT = load_profile("card-point")


def test_card_point_seven_of_trumps_held_scores_10() -> None:
    # l.324: the player holding a seven of trumps scores 10, the second seven too.
    deal = _win_first_trick(CARD_POINT, "AC 7H 9D#2 8D#2 9C#2 8C#2 TS#2 JD#2",
                            "7S 8S 9S 7D 8D 9D JS JD", "7H#2")
    assert deal.scores[0] == 10                     # the dealer turned up a seven
    show = Action(ActionType.SHOW_SEVEN, (parse_card("7H").id,))
    assert show in deal.legal_actions()
    before = deal.scores[1]
    deal.apply(show)
    assert deal.scores[1] == before + 10


def test_card_point_exchange_before_the_opening_lead() -> None:
    # l.324 «перед своим ходом»: before one's lead, so before the first lead too.
    hands = [ids("7S 8S 9S 7D 8D 9D JS JD"), ids("AC 7H 9D#2 8D#2 9C#2 8C#2 TS#2 JD#2")]
    deal = Deal.arranged(CARD_POINT, hands, parse_card("AH").id, dealer=0)
    assert deal.phase == LEAD and deal.to_move == 1
    exchange = Action(ActionType.EXCHANGE_SEVEN, (parse_card("7H").id,))
    assert exchange in deal.legal_actions()
    deal.apply(exchange)
    assert deal.scores[1] == 10 and deal.turn_up == parse_card("7H").id
    assert parse_card("AH").id in deal.holding(1)
    assert deal.phase == LEAD and deal.to_move == 1
    # The follower may not exchange on the other's lead.
    deal.apply(Action.play(parse_card("AC").id))
    assert all(a.type is ActionType.PLAY for a in deal.legal_actions())


def test_card_point_after_four_counts_the_declarers_own_tricks() -> None:
    profile = load_profile("card-point", [("declare_after_tricks", "after_four")])
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng, dealer=0)
        won = [0, 0]
        while not deal.is_over:
            if deal.phase == DECLARE:
                declares = [a for a in deal.legal_actions() if a.type is ActionType.DECLARE]
                if won[deal.to_move] < 4:
                    assert not declares, (seed, won, deal.tricks_played)
                    checked += 1
                deal.apply(Action(ActionType.DRAW))
                continue
            events = deal.apply(rng.choice([a for a in deal.legal_actions()
                                            if a.type is ActionType.PLAY]))
            for event in events:
                if event.type == "trick" and event.player is not None:
                    won[event.player] += 1
    assert checked


# --- what the engine does not model: said in the lessons ------------------------------

@pytest.mark.parametrize(("lesson", "phrases"), [
    ("variant-three-handed.md", {"en": ["does not model: the cut"],
                                 "ru": ["колоду не снимает сосед"]}),
    ("variant-card-point.md", {"en": ["seven players", "120-point fine"],
                               "ru": ["семи игроков", "Штраф 120 очков"]}),
    ("variant-joker.md", {"en": ["Not modelled at all", "dealer sits out"],
                          "ru": ["Чего в тренажёре нет совсем", "трёх колодах"]}),
])
def test_lessons_say_what_is_not_modelled(lesson: str, phrases: dict[str, list[str]]) -> None:
    for language, needed in phrases.items():
        text = (LESSONS / language / lesson).read_text("utf-8")
        for phrase in needed:
            assert phrase in text, (language, lesson, phrase)
