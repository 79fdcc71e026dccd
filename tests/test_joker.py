"""The 18-card game with jokers (004, lines 7-67): the profile, the play without
tricks, the ladders of declarations, the jokers, the named choices where 004 is
silent, and random-deal invariants. Line numbers are those of source 004."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engine.errors import IllegalActionError, PositionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Rank, is_joker, joker_id, parse_card
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import apply_option, current_choice, load_profile
from engine.text.explain import Event

JOKER = load_profile("joker")
JK1, JK2 = joker_id(1), joker_id(2)


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def melds(request: dict) -> dict[str, int]:
    return {d["meld"]: d["points"] for d in query({"variant": "joker", **request})[
        "declarations"]}


def refused(request: dict) -> dict[str, str]:
    return {r["meld"]: r["rule"] for r in query({"variant": "joker", **request})["refused"]}


def filler(exclude: set[int] | list[int], count: int, rank: int = Rank.TEN,
           suits: tuple[int, ...] = (1, 2)) -> list[int]:
    """``count`` cards of one rank in hearts and diamonds (never trumps below: the
    turn-ups are spades or clubs), none in ``exclude``, to fill a hand of eighteen."""
    # tens run on into aces, jacks into kings: two fillers of one deal never meet
    ranks = {Rank.TEN: (Rank.TEN, Rank.ACE), Rank.JACK: (Rank.JACK, Rank.KING)}.get(
        rank, (rank,))
    pool = [c for r in ranks for c in JOKER.deck_ids() if c % 8 == r and c not in exclude
            and not is_joker(c) and c % 32 // 8 in suits]
    assert len(pool) >= count
    return pool[:count]


# --- the cards and the deal (004 l.7-19) -------------------------------------------------

def test_packs_nines_and_jokers() -> None:
    # l.7, l.9: packs of A K Q J 10 (no sevens, eights), twelve nines (three of a suit)
    # to replace the turn-up, and two jokers.
    deck = JOKER.deck_ids()
    assert len(deck) == 8 * 20 + 12 + 2 == JOKER.deck_size
    ranks = [c % 8 for c in deck if not is_joker(c)]
    assert Rank.SEVEN not in ranks and Rank.EIGHT not in ranks
    assert ranks.count(Rank.NINE) == 12
    assert sorted(c % 32 // 8 for c in deck if c % 8 == Rank.NINE and not is_joker(c)) == [
        0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [c for c in deck if is_joker(c)] == [JK1, JK2]
    ten = apply_option(JOKER, "joker.packs", "ten")
    assert ten.deck_size == 10 * 20 + 12 + 2


def test_eighteen_each_and_the_37th_card_turned() -> None:
    # l.15, l.19: eighteen cards each, the 37th turned for trumps (the 55th for three).
    for seed in range(6):
        deal = Deal.new(JOKER, random.Random(seed), dealer=0)
        assert [len(deal.hands[p]) for p in range(2)] == [18, 18]
        if not is_joker(deal.deck[36]):
            assert deal.turn_up == deal.deck[36]
    three = apply_option(JOKER, "joker.players", "three")
    deal = Deal.new(three, random.Random(2), dealer=1)
    assert [len(h) for h in deal.hands] == [18, 18, 18]
    assert deal.turn_up == deal.deck[54]
    assert deal.stock_count % 3 == 0


def test_a_joker_is_never_turned_for_trumps() -> None:
    # l.59: a joker has no suit and cannot be turned; our choice: to the bottom of the stock.
    hands = [filler(set(), 18), filler(set(), 18, Rank.JACK)]
    deal = Deal.arranged(JOKER, hands, JK1, stock=ids("QS#1"))
    assert deal.turn_up == parse_card("QS#1").id and deal.trump == 0
    assert deal.stock[0] == JK1                      # drawn last: the bottom of the stock
    assert any(e.type == "joker_not_turned" for e in deal.events)
    assert sorted(deal.every_card()) == list(JOKER.deck_ids())


# --- play: no tricks, refill, who leads (l.21-29) --------------------------------------------

def _fresh() -> Deal:
    return Deal.new(JOKER, random.Random(11), dealer=1)


def test_no_tricks_kept_and_refill_to_eighteen() -> None:
    deal = _fresh()
    rng = random.Random(3)
    for _ in range(30):
        deal.apply(rng.choice([a for a in deal.legal_actions()
                               if a.type in (ActionType.PLAY, ActionType.DRAW)]))
        if deal.phase == LEAD:
            # l.21: after each round every hand is filled to eighteen again
            assert [len(deal.holding(p)) for p in range(2)] == [18, 18]
    assert deal.won == [[], []]                          # l.23: no tricks
    assert len(deal.heap) == 2 * deal.tricks_played      # played cards lie in one heap
    assert deal.brisque_points() == [0, 0]


def test_the_coverer_leads_and_the_led_card_wins_ties() -> None:
    deal = Deal.arranged(JOKER, [ids("AH#1") + filler(set(), 17, Rank.JACK),
                                 ids("AH#2") + filler(ids("AH#1 AH#2"), 17)],
                         parse_card("QS#1").id)
    deal.apply(Action.play(parse_card("AH#2").id))       # player 1 (the non-dealer) leads
    deal.apply(Action.play(parse_card("AH#1").id))
    # l.27: of two equal cards the one led wins; l.25: the lead stays with it
    assert deal.phase == DECLARE and deal.to_move == 1


def test_a_joker_covers_nothing_and_anything_covers_it() -> None:
    hand0 = [JK1] + filler(set(), 17, Rank.JACK)
    hand1 = ids("9H#1") + filler(set(), 17, Rank.TEN)
    deal = Deal.arranged(JOKER, [hand0, hand1], parse_card("QS#1").id, dealer=1)
    deal.apply(Action.play(JK1))
    deal.apply(Action.play(parse_card("9H#1").id))
    assert deal.to_move == 1 and deal.phase == DECLARE
    trick = [e for e in deal.events if e.type == "trick"][-1]
    assert "joker" in trick.explain("en")[0] and "инфузорка" in trick.explain("ru")[0]


def test_declare_only_after_covering_with_seventeen_cards_one_at_a_time() -> None:
    # l.63: only after covering; l.65: with seventeen cards, then draw the eighteenth;
    # never two declarations in a row.
    queens = ids("QS#1 QH#1 QD#1 QC#1")
    kings = ids("KS#1 KH#1 KD#1 KC#1")
    hand0 = queens + kings + filler(queens + kings, 10, Rank.TEN)
    hand1 = filler(hand0, 18, Rank.JACK)
    deal = Deal.arranged(JOKER, [hand1, hand0], parse_card("AS#1").id, dealer=0)
    # player 1 leads: no declaration before covering
    assert all(a.type is ActionType.PLAY for a in deal.legal_actions())
    with pytest.raises(IllegalActionError) as refusal:
        deal.apply(Action.declare("four_queens", tuple(queens)))
    assert refusal.value.rule_id == "declare.after_win"
    deal.apply(Action.play(hand0[-1]))                  # a ten of hearts or diamonds led
    deal.apply(Action.play(hand1[0]))                   # a jack of hearts does not cover it
    assert deal.phase == DECLARE and deal.to_move == 1
    assert len(deal.holding(1)) == 17
    deal.apply(Action.declare("four_queens", tuple(queens)))
    with pytest.raises(IllegalActionError) as refusal:
        deal.apply(Action.declare("four_kings", tuple(kings)))
    assert refusal.value.rule_id == "declare.one_per_trick"
    deal.apply(Action(ActionType.DRAW))
    assert len(deal.holding(1)) == 18 and deal.scores == [0, 6]


def test_the_nine_replaces_the_turn_up_after_covering() -> None:
    # l.7, l.15: the turn-up is replaced by a nine of its suit, only after covering.
    hand0 = ids("9S#1 AS#2") + filler(set(), 16, Rank.TEN)
    hand1 = filler(set(), 18, Rank.JACK)
    deal = Deal.arranged(JOKER, [hand1, hand0], parse_card("QS#1").id, dealer=0)
    assert Action(ActionType.EXCHANGE_SEVEN, (hand0[0],)) not in deal.legal_actions()
    deal.apply(Action.play(parse_card("AS#2").id))
    deal.apply(Action.play(hand1[0]))
    exchange = Action(ActionType.EXCHANGE_SEVEN, (hand0[0],))
    assert exchange in deal.legal_actions()
    events = deal.apply(exchange)
    assert deal.turn_up == hand0[0] and parse_card("QS#1").id in deal.hands[1]
    assert sum(e.points for e in events) == 0           # our choice: no value
    assert "replaces the turn-up" in events[0].explain("en")[0]
    # a nine for a nine is no exchange
    assert not any(a.type is ActionType.EXCHANGE_SEVEN for a in deal.legal_actions())
    with pytest.raises(IllegalActionError) as refusal:
        deal.apply(Action(ActionType.EXCHANGE_SEVEN, (hand0[2],)))      # a ten
    assert "nine of trumps" in str(refusal.value) and "seven" not in str(refusal.value)


def test_the_plain_hint_offers_the_nine_for_nothing() -> None:
    from engine.bots.coach import simple_hint

    hand0 = ids("9S#1 AS#2") + filler(set(), 16, Rank.TEN)
    hand1 = filler(set(), 18, Rank.JACK)
    deal = Deal.arranged(JOKER, [hand1, hand0], parse_card("QS#1").id, dealer=0)
    deal.apply(Action.play(parse_card("AS#2").id))
    deal.apply(Action.play(hand1[0]))
    advice = simple_hint(deal)
    assert advice.action.type is ActionType.EXCHANGE_SEVEN
    assert advice.keys[0][0] == "hint.turn_up"


# --- the ladders (l.33-57) --------------------------------------------------------------------

def test_plain_sets_six_eight_ten_and_twice_double() -> None:
    # l.33: four queens of different suits 6, kings 8, aces 10; l.51: declared twice, double.
    hand = "QS QH QD QC KS KH KD KC AS AH AD AC".split()
    assert {k: v for k, v in melds({"trump": "S", "hand": hand}).items()
            if k.startswith("four_") and "trump" not in k} == {
        "four_queens": 6, "four_kings": 8, "four_aces": 10}
    # four queens of one suit are not "of different suits"
    assert "four_queens" not in melds({"trump": "S", "hand": "QH QH#2 QH#3 QH#4".split()})
    second = {"trump": "S", "hand": "QS#2 QH#2 QD#2 QC#2".split(),
              "history": [{"meld": "four_queens", "cards": "QS QH QD QC".split()}]}
    assert melds(second) == {"four_queens_2": 12}


TRUMP_SETS = {  # rank, the ladder 4, 5, 6, 7, 8 (l.35-49)
    "trump_queens": ("Q", [176, 100, 200, 400, 1152]),
    "trump_kings": ("K", [88, 50, 100, 200, 576]),
    "trump_aces": ("A", [110, 50, 100, 200, 620]),
    "trump_jacks": ("J", [44, 50, 100, 200, 488]),
    "trump_tens": ("T", [90, 50, 100, 200, 580]),
}
COUNTS = ("four", "five", "six", "seven", "eight")


@pytest.mark.parametrize("noun", sorted(TRUMP_SETS))
def test_trump_set_ladders(noun: str) -> None:
    rank, values = TRUMP_SETS[noun]
    cards = [f"{rank}H#{n}" for n in range(1, 9)]
    history: list[dict] = []
    for i, count in enumerate(COUNTS):
        request = {"trump": "H", "hand": cards[:4 + i], "history": list(history)}
        kind = f"{count}_{noun}"
        assert melds(request)[kind] == values[i], kind
        history.append({"meld": kind, "cards": cards[:4 + i]})
    # four trump queens = 170 + 6 (l.35); the eighth = 800 premium + 352 (l.45)
    assert JOKER.meld("four_trump_queens").points == 170 + 6
    assert JOKER.meld("eight_trump_queens").points == 800 + 2 * 176
    assert JOKER.meld("eight_trump_kings").points == 400 + 2 * 88


def test_bezique_jacks_ladder() -> None:
    # l.43: four bezique jacks 164 (160 + 4); l.45: the fifth and on as the queens.
    # Trumps hearts: the bezique is Q♥ + J♦, so the bezique jacks are jacks of diamonds.
    jacks = [f"JD#{n}" for n in range(1, 9)]
    assert melds({"trump": "H", "hand": jacks[:4]})["four_bezique_jacks"] == 164
    history = [{"meld": "four_bezique_jacks", "cards": jacks[:4]}]
    assert melds({"trump": "H", "hand": jacks[:5], "history": history})[
        "five_bezique_jacks"] == 100
    assert [JOKER.meld(f"{c}_bezique_jacks").points for c in COUNTS] == [
        164, 100, 200, 400, 800 + 2 * 164]


def test_trump_marriage_bezique_and_quint_ladders() -> None:
    # l.51: trump marriages 4, 8, 16, 32, plain marriages nothing; l.55: beziques 25,
    # 50, 100, 200; l.57: trump quints 50, 100, 200.
    def ladder(base: str, rungs: int) -> list[int]:
        kinds = [base] + [f"{base}_{n}" for n in range(2, rungs + 1)]
        return [JOKER.meld(k).points for k in kinds]

    assert ladder("trump_marriage", 4) == [4, 8, 16, 32]
    assert ladder("bezique", 4) == [25, 50, 100, 200]
    assert ladder("trump_quint", 3) == [50, 100, 200]
    assert not JOKER.has_meld("marriage")
    assert melds({"trump": "S", "hand": "KH QH".split()}) == {}
    assert melds({"trump": "S", "hand": "KS QS".split()}) == {"trump_marriage": 4}
    history = [{"meld": "trump_marriage", "cards": ["KS#1", "QS#1"]}]
    assert melds({"trump": "S", "hand": "KS#2 QS#2".split(), "history": history}) == {
        "trump_marriage_2": 8}
    # l.53: the bezique is the trump queen with the jack of the other suit of its colour
    for trump, pair in {"S": "QS JC", "C": "QC JS", "D": "QD JH", "H": "QH JD"}.items():
        assert melds({"trump": trump, "hand": pair.split()}).get("bezique") == 25, trump
    assert melds({"trump": "S", "hand": "AS TS KS QS JS".split()})["trump_quint"] == 50
    # l.57: "or with the bezique jack"
    assert melds({"trump": "S", "hand": "AS TS KS QS JC".split()})["trump_quint"] == 50


def test_ladder_rungs_in_order_once_and_growing() -> None:
    # Each rung after the one before (l.65: each declaration separately), once a deal.
    refusals = refused({"trump": "S", "hand": "KS QS KS#2 QS#2".split()})
    assert refusals["trump_marriage_2"] == "ladder.order"
    done = [{"meld": "trump_marriage", "cards": ["KS#1", "QS#1"]}]
    assert refused({"trump": "S", "hand": "KS#3 QS#3".split(), "history": done})[
        "trump_marriage"] == "ladder.once"
    # l.45: the fifth queen is added to the four already shown
    shown = [{"meld": "four_trump_queens", "cards": ["QS#1", "QS#2", "QS#3", "QS#4"]}]
    assert refused({"trump": "S", "hand": "QS#1 QS#2 QS#3 QS#5 QS#6".split(),
                    "history": shown})["five_trump_queens"] == "ladder.grow"
    answer = query({"variant": "joker", "trump": "S", "history": shown,
                    "hand": "QS#1 QS#2 QS#3 QS#5 QS#6".split()})
    why = {r["meld"]: r["why"] for r in answer["refused"]}["five_trump_queens"]
    assert "already shown" in why


# --- jokers (l.59) ------------------------------------------------------------------------------

def test_a_joker_stands_for_any_card_of_a_combination() -> None:
    assert melds({"trump": "S", "hand": ["KS", "JK#1"]})["trump_marriage"] == 4   # for the queen
    assert melds({"trump": "S", "hand": ["QS", "JK#1"]})["trump_marriage"] == 4   # for the king
    assert melds({"trump": "S", "hand": "AS TS KS JS JK#1".split()})["trump_quint"] == 50
    assert melds({"trump": "S", "hand": ["QS", "JK#1"]})["bezique"] == 25
    assert melds({"trump": "S", "hand": "QS QH QD JK".split()})["four_queens"] == 6
    # "added to four queens it is the fifth"
    shown = [{"meld": "four_trump_queens", "cards": ["QS#1", "QS#2", "QS#3", "QS#4"]}]
    assert melds({"trump": "S", "hand": "QS#1 QS#2 QS#3 QS#4 JK#2".split(),
                  "history": shown})["five_trump_queens"] == 100
    answer = query({"variant": "joker", "trump": "S", "hand": ["KS", "JK#1"]})
    lines = answer["declarations"][0]["explanation"]
    assert any("stands for" in line for line in lines)


def test_a_joker_alone_is_worth_nothing_and_one_per_combination() -> None:
    assert melds({"trump": "S", "hand": ["JK#1", "JK#2"]}) == {}
    assert melds({"trump": "S", "hand": ["KS", "JK#1", "JK#2"]}) == {"trump_marriage": 4}
    assert "four_queens" not in melds({"trump": "S", "hand": "QS QH JK#1 JK#2".split()})
    two = apply_option(JOKER, "joker.jokers_per_meld", "two")
    assert two.declaring.jokers_per_meld == 2
    assert current_choice(JOKER, "joker.jokers_per_meld") == "one"


def test_cards_the_variant_does_not_have_are_refused() -> None:
    for bad in ("7S", "8H", "9S#4", "JK#3"):
        with pytest.raises(PositionError):
            query({"variant": "joker", "trump": "S", "hand": [bad]})


# --- the end of a deal and of the game (our choices) -------------------------------------------

def _play_out(deal: Deal, seed: int) -> Deal:
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_the_deal_ends_with_the_stock_and_the_game_with_the_deal() -> None:
    game = Game.new(JOKER, random.Random(5))
    _play_out(game.deal, 5)
    deal = game.deal
    assert deal.is_over and deal.stock_count == 0
    assert len(deal.heap) == 2 * deal.tricks_played and all(len(h) == 18 for h in deal.hands)
    assert any(e.type == "stock_end" and e.rule_id == "deal.stock_out"
               for e in game.deal.events)
    result = game.next_deal()
    assert result.type == "game_end" and game.is_over
    assert result.rule_id == "game.one_deal"
    longer = apply_option(JOKER, "joker.game_end", "to_1000")
    game = Game.new(longer, random.Random(5))
    _play_out(game.deal, 5)
    if max(game.side_totals) < 1000:
        assert game.next_deal().type == "next_deal"


def test_the_joker_options_do_not_break_partnerships() -> None:
    """Setting two players on a partnership profile is refused (it used to build a
    two-player partnership deal that crashed when a partner was looked up): the jokers'
    options belong to the jokers' game alone."""
    from engine.errors import OptionScopeError

    with pytest.raises(OptionScopeError, match="'joker.players' does not apply to variant "
                                               "'four-handed'; it applies to: joker"):
        apply_option(load_profile("four-handed"), "joker.players", "two")


def test_a_joker_deal_saves_and_replays() -> None:
    deal = _play_out(Deal.new(JOKER, random.Random(8), dealer=1), 8)
    text = deal.dumps()
    assert '"JK#1"' in text
    assert Deal.loads(text) == deal
    game = Game.new(apply_option(JOKER, "joker.players", "three"), random.Random(2))
    assert game.options == (("joker.players", "three"),)   # the profile records them
    _play_out(game.deal, 2)
    assert Game.loads(game.dumps()).deal == game.deal


# --- invariants -----------------------------------------------------------------------------------

def _check(deal: Deal) -> None:
    profile = deal.profile
    assert sorted(deal.every_card()) == list(profile.deck_ids())       # cards conserved
    for player in range(profile.players):
        assert deal.scores[player] == sum(e.points for e in deal.events if e.player == player)
    assert all(e.citation for e in deal.events if e.points)
    for event in deal.events:
        if event.points:
            assert event.explain("en") and event.explain("ru")
    declared = [e for e in deal.events if e.type == "declare"]
    for player in range(profile.players):
        kinds = [e.meld for e in declared if e.player == player]
        assert len(kinds) == len(set(kinds))                           # each rung once
        for kind in kinds:
            after = profile.meld(kind).after
            assert not after or kinds.index(after) < kinds.index(kind)   # rungs in order


def test_random_deals_keep_the_invariants() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    profiles = [JOKER, apply_option(JOKER, "joker.players", "three"),
                apply_option(JOKER, "joker.jokers_per_meld", "two")]

    @settings(max_examples=10, deadline=None)
    @given(st.integers(0, 2**32 - 1), st.sampled_from(profiles))
    def check(seed: int, profile) -> None:
        rng = random.Random(seed)
        deal = _play_out(Deal.new(profile, rng, dealer=seed % profile.players), seed)
        _check(deal)
        assert deal.won == [[]] * profile.players

    check()


def test_every_event_renders_in_both_languages() -> None:
    deal = _play_out(Deal.new(JOKER, random.Random(3)), 3)
    for event in deal.events:
        assert isinstance(event, Event)
        for lang in ("en", "ru"):
            for line in event.explain(lang):
                assert "{" not in line and "_" not in line.replace("__", ""), line


def test_cli_plays_the_joker_game() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.cli", "play", "--variant", "joker",
                          "--seed", "4", "--quiet"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    out = subprocess.run([sys.executable, "-m", "engine.cli", "play", "--variant", "joker",
                          "--seed", "4", "--game", "--option", "joker.players=three",
                          "--quiet", "--lang", "ru"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr


# --- the meld puzzles on the ladders -------------------------------------------------------------

def test_the_joker_meld_bank() -> None:
    from puzzles import bank

    records = bank.read(bank.path_for("meld", "joker"))
    assert len(records) >= 100 and len({r["id"] for r in records}) == len(records)
    assert all(r["variant"] == "joker" and r["kind"] == "meld" for r in records)
    assert {r["type"] for r in records} == {"spot", "best", "legal"}
    kinds = {m for r in records for m in r["melds"]}   # the melds each puzzle is about
    # the ladders: steps above the first, growing trump sets, and their refusals
    assert any(k.endswith("_2") for k in kinds)
    assert kinds & {"five_trump_queens", "five_trump_kings", "five_trump_aces",
                     "five_trump_jacks", "five_trump_tens", "four_bezique_jacks",
                     "four_trump_queens", "four_trump_kings"}
    assert any(r["answer"].get("rule", "").startswith("ladder.") for r in records
               if r["type"] == "legal")
    assert any("JK#" in " ".join(r["position"]["hand"] + r["position"]["table"])
               for r in records)
    problems = [p for rec in records for p in bank.verify(rec)]
    assert problems == []
