"""The Russian club game (002) and the card-point game (004): rules from the
sources' own numbers, the table-rules mode's fines, and random-deal invariants."""

from __future__ import annotations

import json
import random

import pytest

from engine.cli.play import random_deal
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.melds import candidate_sets
from engine.rules.penalties import attempts
from engine.rules.profile import apply_option, load_profile
from engine.rules.trick_scoring import trick_value

CLUB, CARD = load_profile("club"), load_profile("card-point")


def ids(*tokens: str) -> list[int]:
    return [parse_card(t).id for t in tokens]


def table(profile):
    return apply_option(profile, "infractions", "penalise")


# --- dealing (002) ------------------------------------------------------------------

@pytest.mark.parametrize(("method", "dealer_gets"), [
    ("singly", [0, 2, 4, 6, 8, 10, 12, 14]),
    ("three_three_two", [0, 1, 2, 6, 7, 8, 12, 13]),
    ("six_one_one", [0, 1, 2, 3, 4, 5, 12, 14]),
])
def test_club_dealing_methods_serve_the_dealer_first(method, dealer_gets):
    profile = apply_option(CLUB, "club_dealing", method)
    deck = list(range(64))
    deal = Deal(profile, deck, dealer=0)
    assert sorted(deal.hands[0]) == dealer_gets
    assert len(deal.hands[1]) == 8 and deal.stock_count == 48
    packets = "-".join(map(str, profile.deal_packets))
    assert packets in deal.events[0].explain("en")[0]
    assert packets in deal.events[0].explain("ru")[0]


def test_card_point_deals_two_three_two_then_one_to_the_opponent_first():
    deal = Deal(CARD, list(range(64)), dealer=0)
    assert sorted(deal.hands[1]) == [0, 1, 4, 5, 6, 10, 11, 14]
    assert CARD.deal_packets == (2, 3, 2, 1)


# --- deal bonuses (002) --------------------------------------------------------------

def _with_turn_up(profile, card: str, prior=()):
    hands = [ids("7S#1", "8S#1", "9S#1", "7H#1", "8H#1", "9H#1", "7D#1", "8D#1"),
             ids("7S#2", "8S#2", "9S#2", "7H#2", "8H#2", "9H#2", "7D#2", "8D#2")]
    deal = Deal.arranged(profile, hands, parse_card(card).id, dealer=0)
    if prior:
        deal = Deal(profile, deal.deck, 0, prior_trumps=prior)
    return deal


@pytest.mark.parametrize(("card", "dealer", "opponent"), [
    ("AS#1", 20, 0), ("AC#2", 20, 0),    # black trump ace: 20 (002)
    ("AH#1", 12, 0), ("AD#1", 12, 0),    # red: 12
    ("7C#1", 10, -5),                    # a seven: 10 to the dealer, 5 off the opponent
    ("KS#1", 0, 0),
])
def test_deal_bonuses_on_the_turn_up(card, dealer, opponent):
    deal = _with_turn_up(CLUB, card)
    assert deal.scores == [dealer, opponent]
    bonus = [e for e in deal.events if e.type == "deal_bonus"]
    assert sum(e.points for e in bonus) == dealer + opponent
    assert all(e.citation.startswith("002") and e.explain("ru") for e in bonus)


def test_deal_bonus_options_switch_each_bonus_off():
    off = apply_option(apply_option(CLUB, "deal_bonus_ace", "off"), "deal_bonus_seven", "off")
    assert _with_turn_up(off, "AS#1").scores == [0, 0]
    assert _with_turn_up(off, "7C#1").scores == [0, 0]


@pytest.mark.parametrize(("prior", "card", "points"), [
    ((0, 0), "KS#1", 20),        # spades the third deal running: +20
    ((3, 3), "KC#1", -20),       # clubs the third time: -20 for the dealer (002)
    ((0, 3), "KC#1", 0),
    ((3,), "KC#1", 0),
])
def test_same_trump_three_deals_running(prior, card, points):
    deal = _with_turn_up(CLUB, card, prior)
    assert deal.scores[0] == points
    assert _with_turn_up(apply_option(CLUB, "deal_bonus_streak", "off"), card,
                         prior).scores[0] == 0


def test_game_passes_earlier_trumps_and_totals_to_the_next_deal():
    rng = random.Random(4)
    game = Game.new(CLUB, rng)
    random_deal(game.deal, rng)
    first_trump, totals = game.deal.trump, game.totals
    game.next_deal()
    assert game.deal.prior_trumps == (first_trump,)
    assert list(game.deal.prior_totals) == totals
    again = Deal.loads(game.deal.dumps())
    assert again.prior_trumps == (first_trump,)


# --- tricks (002, 004) ---------------------------------------------------------------

@pytest.mark.parametrize(("cards", "points"), [
    (("9S#1", "8S#1"), 10),      # 10 for every trick (002)
    (("AS#1", "8S#1"), 20),      # +10 for a trick with an ace
    (("TS#1", "AS#2"), 20),      # once per trick, not per card
    (("TS#1", "8H#1"), 20),      # or a ten (the default)
])
def test_club_trick_points(cards, points):
    assert trick_value(CLUB, ids(*cards)) == points


def test_club_ace_only_option():
    ace_only = apply_option(CLUB, "trick_bonus", "ace_only")
    assert trick_value(ace_only, ids("TS#1", "8H#1")) == 10
    assert trick_value(ace_only, ids("AS#1", "8H#1")) == 20


@pytest.mark.parametrize(("cards", "points"), [
    (("AS#1", "TS#1"), 21), (("KH#1", "QH#1"), 7), (("JD#1", "9D#1"), 2),
    (("7C#1", "8C#1"), 0),
])
def test_card_point_values(cards, points):
    assert trick_value(CARD, ids(*cards)) == points   # A 11, 10 10, K 4, Q 3, J 2 (004)


def test_card_values_of_a_deal_add_up_to_240_plus_the_last_trick():
    rng = random.Random(8)
    deal = random_deal(Deal.new(CARD, rng), rng)
    card_events = sum(e.points for e in deal.events if e.rule_id == "score.card_points")
    assert card_events == 2 * 4 * (11 + 10 + 4 + 3 + 2)
    assert [e.points for e in deal.events if e.type == "last_trick"] == [10]


def test_club_last_trick_scores_250_and_every_trick_10():
    rng = random.Random(2)
    deal = random_deal(Deal.new(CLUB, rng), rng)
    assert [e.points for e in deal.events if e.type == "last_trick"] == [250]
    per_trick = [e for e in deal.events if e.rule_id == "score.per_trick"]
    assert len(per_trick) == 32 and {e.points for e in per_trick} == {10}
    assert not [e for e in deal.events if e.rule_id == "score.brisque"]


def test_card_point_follows_suit_while_the_stock_lasts():
    hands = [ids("AH#1", "7S#1", "8S#1", "9S#1", "7D#1", "8D#1", "9D#1", "JC#1"),
             ids("7H#2", "TH#2", "8S#2", "9S#2", "7D#2", "8D#2", "9D#2", "JC#2")]
    deal = Deal.arranged(CARD, hands, parse_card("KC#1").id, dealer=0)
    deal.apply(Action.play(parse_card("7H#2").id))   # the opponent of the dealer leads
    assert sorted(a.card for a in deal.legal_actions()) == ids("AH#1")
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Action.play(parse_card("7S#1").id))
    assert info.value.rule_id == "play.follow_in_stock"
    # the same position in the club game: any card
    club = Deal.arranged(CLUB, hands, parse_card("KC#1").id, dealer=0)
    club.apply(Action.play(parse_card("7H#2").id))
    assert len(club.legal_actions()) == 8


def test_card_point_playoff_follow_else_trump_no_duty_to_win():
    assert (CARD.playoff.follow_suit, CARD.playoff.must_win, CARD.playoff.must_trump) == (
        True, False, True)
    assert (CLUB.playoff.follow_suit, CLUB.playoff.must_win, CLUB.playoff.must_trump) == (
        True, True, True)


# --- melds (004) and the exchange (002) ----------------------------------------------

@pytest.mark.parametrize(("kind", "cards", "trump", "points"), [
    ("double_marriage", ("KH#1", "KH#2", "QH#1", "QH#2"), 0, 40),
    ("double_trump_marriage", ("KS#1", "KS#2", "QS#1", "QS#2"), 0, 80),
    ("two_trump_sevens", ("7S#1", "7S#2"), 0, 20),
    ("sequence", ("AH#1", "TH#1", "KH#1", "QH#1", "JH#1"), 0, 100),
    ("trump_sequence", ("AS#1", "TS#1", "KS#1", "QS#1", "JS#1"), 0, 250),
    ("double_bezique", ("QS#1", "QS#2", "JD#1", "JD#2"), 1, 500),
])
def test_card_point_meld_table(kind, cards, trump, points):
    spec = CARD.meld(kind)
    assert spec.points == points
    found = [sorted(c) for c in candidate_sets(CARD, spec, trump, ids(*cards))]
    assert sorted(ids(*cards)) in found


def test_double_marriage_needs_two_of_each():
    spec = CARD.meld("double_marriage")
    assert not list(candidate_sets(CARD, spec, 0, ids("KH#1", "KH#2", "QH#1", "QD#1")))


def _after_first_trick(profile, hand0, hand1, turn_up, stock=()):
    deal = Deal.arranged(profile, [ids(*hand0), ids(*hand1)], parse_card(turn_up).id,
                         ids(*stock), dealer=1)
    # player 0 leads (the dealer is 1) and wins with a higher card of the suit
    deal.apply(Action.play(parse_card(hand0[0]).id))
    deal.apply(Action.play(parse_card(hand1[0]).id))
    assert deal.phase == "declare" and deal.to_move == 0
    return deal


HAND0 = ("AH#1", "7S#1", "KD#1", "QD#1", "9S#1", "8C#1", "9C#1", "8H#1")
HAND1 = ("7H#2", "8S#2", "9S#2", "7D#2", "8D#2", "9D#2", "JC#2", "9H#2")


def test_club_exchange_is_the_trick_declaration():
    deal = _after_first_trick(CLUB, HAND0, HAND1, "AS#2")
    kinds = {a.type for a in deal.legal_actions()}
    assert ActionType.EXCHANGE_SEVEN in kinds and ActionType.DECLARE in kinds
    events = deal.apply(Action(ActionType.EXCHANGE_SEVEN, (parse_card("7S#1").id,)))
    assert [e.points for e in events if e.points] == [10]
    assert {a.type for a in deal.legal_actions()} == {ActionType.DRAW}
    marriage = Action.declare("marriage", tuple(ids("KD#1", "QD#1")))
    with pytest.raises(IllegalActionError) as info:
        deal.apply(marriage)
    assert "exchange" in str(info.value)
    # and the other way round: after a declaration, no exchange that turn
    deal = _after_first_trick(CLUB, HAND0, HAND1, "AS#2")
    marriage = next(a for a in deal.legal_actions() if a.type is ActionType.DECLARE)
    deal.apply(marriage)
    assert ActionType.EXCHANGE_SEVEN not in {a.type for a in deal.legal_actions()}
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Action(ActionType.EXCHANGE_SEVEN, (parse_card("7S#1").id,)))
    assert "exchange" in str(info.value)


def test_card_point_exchange_is_not_a_declaration():
    deal = _after_first_trick(CARD, HAND0, HAND1, "AS#2")
    deal.apply(Action(ActionType.EXCHANGE_SEVEN, (parse_card("7S#1").id,)))
    assert ActionType.DECLARE in {a.type for a in deal.legal_actions()}


def test_declaring_after_four_tricks_option():
    later = apply_option(CARD, "declare_after_tricks", "after_four")
    deal = _after_first_trick(later, HAND0, HAND1, "AS#2")
    assert ActionType.DECLARE not in {a.type for a in deal.legal_actions()}
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Action.declare("marriage", tuple(ids("KD#1", "QD#1"))))
    assert info.value.rule_id == "declare.after_tricks"
    deal = _after_first_trick(CARD, HAND0, HAND1, "AS#2")
    assert ActionType.DECLARE in {a.type for a in deal.legal_actions()}


# --- the game (002, 004) -------------------------------------------------------------

@pytest.mark.parametrize("profile", [CLUB, CARD])
def test_both_over_the_target_the_last_trick_wins(profile):
    rng = random.Random(1)
    game = Game.new(profile, rng)
    random_deal(game.deal, rng)
    last = game.deal.last_trick_winner
    game.deal.scores = [1300, 1200] if last == 1 else [1200, 1300]
    result = game.next_deal()
    assert result.player == last and result.rule_id == "game.last_trick"
    assert result.explain("ru")


# --- table-rules mode: fines (002; 004 'Штрафы') ------------------------------------

def _find(profile, name: str, seed: int = 0):
    """A deal where the player to move can commit infraction ``name``."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        deal = Deal.new(profile, rng, dealer=s % 2)
        while not deal.is_over:
            found = [a for n, a in attempts(deal) if n == name]
            if found and (name != "false_declaration_all" or deal.scores[deal.to_move] > 0):
                return deal, found[0]
            deal.apply(rng.choice(deal.legal_actions()))
    raise AssertionError(f"no position for {name}")


FINES = [(CARD, "declare_before_win", 10), (CARD, "not_following", 20),
         (CARD, "play_before_draw", 30), (CARD, "extra_card", 50), (CLUB, "extra_card", 50)]


@pytest.mark.parametrize(("profile", "name", "fine"), FINES,
                         ids=[f"{p.name}-{n}" for p, n, _ in FINES])
def test_each_fine_is_scored_and_play_goes_on(profile, name, fine):
    deal, action = _find(table(profile), name)
    with pytest.raises(IllegalActionError):  # the default mode refuses the same move
        Deal.from_json(deal.to_json() | {"infractions": "refuse", "options": []},
                       profile).apply(action)
    player, before = deal.to_move, list(deal.scores)
    cards_before = len(deal.holding(player))
    stock_before = deal.stock_count
    events = deal.apply(action)
    penalty = [e for e in events if e.type == "penalty"]
    assert len(penalty) == 1 and penalty[0].points == -fine and penalty[0].player == player
    assert penalty[0].citation.startswith(("002", "004"))
    assert all(penalty[0].explain(lang) for lang in ("en", "ru"))
    assert deal.scores[player] == before[player] - fine + sum(
        e.points for e in events if e.player == player and e.type != "penalty")
    if name in ("extra_card", "declare_before_win"):
        assert len(deal.holding(player)) == cards_before and deal.stock_count == stock_before
    if name == "play_before_draw":
        assert deal.stock_count == stock_before - 2 and action.card in deal.trick
    if name == "not_following":
        assert action.card in [*deal.trick, *deal.won[0], *deal.won[1]]
    random_deal(deal, random.Random(1))                     # the game goes on
    assert deal.is_over
    assert Deal.loads(deal.dumps()) == deal                 # and the save replays


@pytest.mark.parametrize("profile", [CLUB, CARD])
def test_false_declaration_wipes_out_all_points(profile):
    deal, action = _find(table(profile), "false_declaration_all")
    player = deal.to_move
    had, history = deal.scores[player], list(deal.history[player])
    events = deal.apply(action)
    assert [e.points for e in events] == [-had] and deal.scores[player] == 0
    assert deal.history[player] == history     # nothing was declared
    assert deal.phase == "declare"             # the turn goes on: draw next


def test_false_declaration_takes_the_game_total_too():
    profile = table(CLUB)
    deal, action = _find(profile, "false_declaration_all")
    replayed = Deal(profile, deal.deck, deal.dealer, prior_totals=(400, 400))
    for past in deal.actions:
        replayed.apply(past)
    player = replayed.to_move
    had = replayed.scores[player]
    events = replayed.apply(action)
    assert events[0].points == -(400 + had)
    assert 400 + replayed.scores[player] == 0


def test_club_has_no_fine_for_a_lead_before_drawing():
    deal, _ = _find(table(CARD), "play_before_draw")
    club = Deal(table(CLUB), deal.deck, deal.dealer)
    rng = random.Random(3)
    while club.phase != "declare":
        club.apply(rng.choice(club.legal_actions()))
    card = min(club.holding(club.to_move))
    with pytest.raises(IllegalActionError):
        club.apply(Action.play(card))


# --- random-deal invariants ----------------------------------------------------------

@pytest.mark.parametrize("mode", ["refuse", "penalise"])
@pytest.mark.parametrize("name", ["club", "card-point"])
def test_random_deals_keep_the_invariants(name, mode):
    profile = apply_option(load_profile(name), "infractions", mode)
    for seed in range(25):
        rng = random.Random(seed)
        deal = random_deal(Deal.new(profile, rng, dealer=seed % 2), rng)
        assert sorted(deal.every_card()) == list(range(profile.deck_size))
        for player in range(2):
            assert deal.scores[player] == sum(e.points for e in deal.events
                                              if e.player == player)
        assert all(e.citation.startswith(profile.sources[0]) for e in deal.events
                   if e.points), name   # every point cites 002 (club) or 004
        assert all(s.render("ru") for e in deal.events for s in e.steps)
        assert json.loads(deal.dumps())["variant"] == name


# --- the play-off solver counts what the variant counts -------------------------------

@pytest.mark.parametrize(("text", "value", "moves"), [
    # 7♠ first: the 10♠ takes 7♠ (10 + 10 for the ten), then A♠ takes 9♠ as the last
    # trick: 10 + 10 for the ace + 250 (002)
    ("club/H/0/AS 7S/TS 9S/-", 270, {"AS": 20, "7S": 270}),
    # card values: A♠ 11 + 9♠ 0 + the last trick 10 (004)
    ("card-point/H/0/AS 7S/TS 9S/-", 21, {"AS": 11, "7S": 21}),
])
def test_playoff_solver_values(text, value, moves):
    from engine.solver import Position, move_values, solve

    position = Position.from_text(text)
    solution = solve(position)
    assert solution.value == value and solution.values == moves
    assert move_values(position) == moves
    assert solution.refutations and solution.refutations[0].text("ru")


def test_card_point_solver_value_is_what_the_deal_scores():
    """Card values are constant-sum, so best play by both realises the value."""
    from engine.solver import move_values

    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal.new(CARD, rng, dealer=seed % 2)
        while not deal.in_playoff:
            deal.apply(rng.choice(deal.legal_actions()))
        mover = deal.to_move
        value = max(move_values(deal.playoff_position()).values())
        start = len(deal.events)
        while not deal.is_over:
            values = move_values(deal.playoff_position())
            best = max(values.values())
            card = next(a for a in deal.legal_actions()
                        if values.get(parse_card(str(a).split()[1]).face) == best)
            deal.apply(card)
        won = sum(e.points for e in deal.events[start:] if e.player == mover
                  and e.type in ("trick_points", "last_trick"))
        assert won == value


@pytest.mark.parametrize(("kind", "variant", "least"), [
    ("meld", "club", 100), ("meld", "card-point", 100),
    ("endgame", "club", 50), ("endgame", "card-point", 50)])
def test_puzzle_banks_exist(kind, variant, least):
    from puzzles import bank

    records = bank.read(bank.path_for(kind, variant))
    assert len(records) >= least and all(r["variant"] == variant for r in records)


def test_playing_a_puzzle_counts_the_variants_trick_points():
    from engine.solver import Position
    from puzzles.endgame import trick_points

    club = Position.from_text("club/H/1/AS/-/TS")       # the last trick: 10♠ led, A♠ wins
    assert trick_points(club, "AS") == (0, 10 + 10 + 250)
    card = Position.from_text("card-point/H/1/AS/-/TS")
    assert trick_points(card, "AS") == (0, 11 + 10 + 10)


def test_the_last_declaration_goes_to_the_first_to_draw_of_the_last_two_cards():
    """002: the winner of the last stock trick declares, draws the hidden card and the
    loser takes the turn-up; then the play-off: no declarations, exposed cards return."""
    rng = random.Random(6)
    deal = Deal.new(CLUB, rng)
    while not (deal.phase == "declare" and deal.stock_count == 2):
        deal.apply(rng.choice(deal.legal_actions()))
    winner, turn_up = deal.to_move, deal.turn_up
    assert any(a.type is ActionType.DRAW for a in deal.legal_actions())
    deal.apply(Action(ActionType.DRAW))
    assert turn_up in deal.hands[1 - winner] and deal.in_playoff
    assert not deal.tables[0] and not deal.tables[1]
    assert all(a.type is ActionType.PLAY for a in deal.legal_actions())


@pytest.mark.parametrize(("profile", "first"), [(CARD, 0), (CLUB, 1),
                                                (apply_option(CARD, "draw_first", "winner"), 1)])
def test_who_draws_first_after_a_trick(profile, first):
    """004's card-point game: the player who led draws first; elsewhere the winner."""
    hand0 = ("7S#1", "AH#1", "KD#1", "QD#1", "9S#1", "8C#1", "9C#1", "8H#1")
    hand1 = ("8S#2", "7H#2", "9S#2", "7D#2", "8D#2", "9D#2", "JC#2", "9H#2")
    deal = Deal.arranged(profile, [ids(*hand0), ids(*hand1)], parse_card("AS#2").id,
                         dealer=1)
    deal.apply(Action.play(parse_card("7S#1").id))
    deal.apply(Action.play(parse_card("8S#2").id))
    assert deal.to_move == 1 and deal.phase == "declare"      # the follower won
    events = deal.apply(Action(ActionType.DRAW))
    assert [e.player for e in events if e.type == "draw"] == [first, 1 - first]
    assert deal.to_move == 1                                  # the winner leads


# --- the merge with rules19, variants15 and lessons20 ----------------------------------

def test_last_trick_decides_through_target_outcome():
    """both_over = last_trick is read by the one game-end function (also the lessons')."""
    from engine.rules.game import target_outcome

    ended = target_outcome(CLUB, [1300, 1010], last_trick=1)
    assert (ended.type, ended.player, ended.rule_id) == ("game_end", 1, "game.last_trick")
    assert target_outcome(CLUB, [1300, 990], last_trick=1).player == 0   # only one over
    two = load_profile("two-handed")
    assert target_outcome(two, [1300, 1010], last_trick=1).player == 0   # the higher wins


def test_club_reads_rules19s_dix_and_carte_blanche_fields():
    assert CLUB.dix.on_trick_win and CLUB.dix.exchange_is_declaration
    assert CLUB.declaring.carte_blanche_timing == "first_appearance"


def test_options_set_top_level_fields_with_bare_keys():
    """One mechanism for top-level fields (no [set.profile] table)."""
    from engine.rules.profile import options

    for option in options():
        for choice in option.choices:
            assert all(table != "profile" for table, _ in choice.changes), option.id
    assert apply_option(CLUB, "infractions", "penalise").infractions == "penalise"


def test_card_values_are_written_in_the_readers_notation():
    from engine.rules.trick_scoring import trick_extras

    _, _, steps = trick_extras(CARD, [parse_card("AH#1").id, parse_card("TH#2").id])[0]
    assert steps[0].render("ru") == "очки взятых карт: Т♥ 11 + 10♥ 10 = 21 очко"
    assert steps[0].render("en") == "card values taken: A♥ 11 + 10♥ 10 = 21"
