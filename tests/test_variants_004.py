"""Three-handed, four-handed and no-trump Bezique: the rules of 004 'Разновидности
игры' (with the copies 'Безик втроем', 'Безик вчетвером', 'Бескозырный безик'),
and random-deal invariants for each."""

from __future__ import annotations

import random

import pytest

from engine.notation.actions import ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import DECLARE, Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import apply_option, load_profile

THREE = load_profile("three-handed")
FOUR = load_profile("four-handed")
NO_TRUMP = load_profile("no-trump")


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def melds(answer: dict) -> dict[str, int]:
    return {d["meld"]: d["points"] for d in answer["declarations"]}


# --- three-handed (004 'Разновидности игры', 'Безик втроем') -------------------------

def test_three_handed_profile_from_004() -> None:
    # 004: three packs, eight cards each, the 25th card turned for trumps, game to 1500.
    assert (THREE.players, THREE.packs, THREE.hand_size, THREE.turn_up) == (3, 3, 8, True)
    assert THREE.scoring.target == 1500
    assert not THREE.partnerships
    deal = Deal.new(THREE, random.Random(4), dealer=2)
    assert deal.turn_up == deal.deck[24]                # 3 × 8 = 24 dealt, the 25th turned
    assert deal.to_move == 1     # 004 l.224, l.298: the player on the dealer's right leads
    assert deal.stock_count == 96 - 24


def test_three_handed_triple_melds_004() -> None:
    # 004 'Разновидности игры': triple marriage 100, triple trump marriage 300,
    # triple bezique 1500; the rest as in the game for two.
    assert {k: THREE.meld(k).points for k in (
        "triple_marriage", "triple_trump_marriage", "triple_bezique", "marriage",
        "trump_marriage", "bezique", "double_bezique", "trump_sequence")} == {
        "triple_marriage": 100, "triple_trump_marriage": 300, "triple_bezique": 1500,
        "marriage": 20, "trump_marriage": 40, "bezique": 40, "double_bezique": 500,
        "trump_sequence": 250}
    hearts = "KH KH#2 KH#3 QH QH#2 QH#3".split()
    assert melds(query({"variant": "three-handed", "trump": "C", "hand": hearts}))[
        "triple_marriage"] == 100
    assert melds(query({"variant": "three-handed", "trump": "H", "hand": hearts}))[
        "triple_trump_marriage"] == 300
    beziques = "QS QS#2 QS#3 JD JD#2 JD#3".split()
    assert melds(query({"variant": "three-handed", "trump": "H", "hand": beziques}))[
        "triple_bezique"] == 1500
    # Two kings and three queens are no triple marriage.
    assert "triple_marriage" not in melds(query({"variant": "three-handed", "trump": "C",
                                                 "hand": hearts[1:]}))


OTHERS = [ids("7S 8S 9S 7H 8H 9H 7D 8D"), ids("7S#2 8S#2 9S#2 7H#2 8H#2 9H#2 7D#2 8D#2")]


@pytest.mark.parametrize(("cards", "meld", "points"), [
    ("KH KH#2 KH#3 QH QH#2 QH#3", "triple_marriage", 100),
    ("KC KC#2 KC#3 QC QC#2 QC#3", "triple_trump_marriage", 300),
    ("QS QS#2 QS#3 JD JD#2 JD#3", "triple_bezique", 1500),
])
def test_three_handed_triple_meld_scored_in_a_deal(cards: str, meld: str, points: int) -> None:
    lead = ids("AC 9D#3")
    hands = [OTHERS[1], lead + ids(cards), OTHERS[0]]
    deal = Deal.arranged(THREE, hands, parse_card("8C").id, dealer=2)
    assert deal.to_move == 1     # the dealer's right
    deal.apply_text("play AC#1")
    deal.apply_text("play 7S#1")
    deal.apply_text("play 7S#2")
    assert deal.phase == DECLARE and deal.to_move == 1
    action = next(a for a in deal.legal_actions() if a.meld == meld)
    event = next(e for e in deal.apply(action) if e.type == "declare")
    assert (event.points, event.meld) == (points, meld)
    assert event.explain("en") and event.explain("ru")
    # A triple bezique wins the game at once (004 l.226): the deal ends, brisques counted.
    brisques = sum(e.points for e in deal.events if e.type == "brisques" and e.player == 1)
    assert deal.scores[1] == points + brisques
    assert deal.is_over == (meld == "triple_bezique")


def test_three_handed_stock_end_and_play_off() -> None:
    # The last round of draws: the winner draws first, the last to draw takes the turn-up.
    rng = random.Random(8)
    deal = Deal.new(THREE, rng, dealer=0)
    turn_up = deal.turn_up
    while not deal.in_playoff:
        turn_up = deal.turn_up  # a seven of trumps may have been exchanged for it
        deal.apply(rng.choice(deal.legal_actions()))
    last = [e for e in deal.events if e.type == "draw"][-3:]
    assert last[2].cards == (turn_up,) and last[0].player == deal.leader
    assert all(len(deal.holding(p)) == 8 for p in range(3))
    assert "last player to draw" in last[2].explain("en")[0]


# --- four-handed (004 'Безик вчетвером') ---------------------------------------------

def test_four_handed_profile_from_004() -> None:
    # 004: two against two, partners opposite, three packs, the triple melds of the
    # three-handed game, one score per side.
    assert (FOUR.players, FOUR.partnerships, FOUR.packs, FOUR.hand_size) == (4, True, 3, 8)
    assert FOUR.meld("triple_bezique").points == 1500
    assert FOUR.meld("triple_marriage").points == 100
    assert FOUR.meld("triple_trump_marriage").points == 300
    assert FOUR.scoring.last_trick_split
    assert [FOUR.team(p) for p in range(4)] == [0, 1, 0, 1]


def test_four_handed_last_trick_is_split_between_partners() -> None:
    # 004: the last trick's 10 is divided in half between the partners.
    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal.new(FOUR, rng, dealer=seed % 4)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        last = [e for e in deal.events if e.type == "last_trick"]
        winner = deal.last_trick_winner
        assert [(e.player, e.points) for e in last] == [(winner, 5), ((winner + 2) % 4, 5)]
        assert "5" in last[0].explain("en")[0] and "по 5" in last[0].explain("ru")[0]


def test_four_handed_game_is_won_by_a_side() -> None:
    rng = random.Random(2)
    game = Game.new(FOUR, rng)
    while not game.is_over:
        while not game.deal.is_over:
            game.deal.apply(rng.choice(game.deal.legal_actions()))
        game.next_deal()
    assert game.result is not None and game.result.player in (0, 1)
    sides = game.side_totals
    assert max(sides) >= FOUR.scoring.target and sides[game.result.player] == max(sides)
    assert sum(sides) == sum(game.totals)
    assert Game.loads(game.dumps()).side_totals == sides


def test_four_handed_option_own_cards_only() -> None:
    own = apply_option(FOUR, "partner_melds", "own_cards_only")
    rng = random.Random(5)
    deal = Deal.new(own, rng, dealer=0)
    while not deal.is_over:
        assert all(a.type is not ActionType.PARTNER for a in deal.legal_actions())
        deal.apply(rng.choice(deal.legal_actions()))


# --- no-trump (004 'Бескозырный безик') ------------------------------------------------

def test_no_trump_profile_from_004() -> None:
    # 004: four packs, no card turned up, sevens of trumps worth nothing.
    assert (NO_TRUMP.packs, NO_TRUMP.players, NO_TRUMP.turn_up) == (4, 2, False)
    assert NO_TRUMP.dix.points == 0
    deal = Deal.new(NO_TRUMP, random.Random(1), dealer=0)
    assert deal.turn_up is None and deal.trump is None
    assert deal.stock_count == 128 - 16


def test_no_trump_first_marriage_fixes_trumps_and_scores_40() -> None:
    answer = melds(query({"variant": "no-trump", "trump": None, "hand": ["KH", "QH"]}))
    assert answer == {"trump_marriage": 40}
    double = melds(query({"variant": "no-trump", "trump": None,
                          "hand": ["KH", "QH", "KH#2", "QH#2"]}))
    assert double["double_trump_marriage"] == 50          # 004: a double marriage, 50
    hands = [ids("AS KH QH 9C 8C 7C 9D 8D"), ids("7S 8S 9S 7H 8H 9H 7D#2 8D#2")]
    deal = Deal.arranged(NO_TRUMP, hands, None, dealer=1)
    deal.apply_text("play AS#1")
    deal.apply_text("play 7S#1")
    event = deal.apply_text("declare trump_marriage KH#1 QH#1")[-1]
    assert event.points == 40 and deal.trump == parse_card("KH").suit
    assert any(s.rule_id == "trump.first_marriage" for s in event.steps)


def test_no_trump_sequence_only_after_the_first_marriage() -> None:
    run = "AH TH KH QH JH".split()
    before = melds(query({"variant": "no-trump", "trump": None, "hand": run}))
    assert "trump_sequence" not in before and before == {"trump_marriage": 40}
    after = melds(query({"variant": "no-trump", "trump": "H", "hand": run}))
    assert after["trump_sequence"] == 250
    # 004: beziques and the sets of four may be declared before trumps exist.
    sets = melds(query({"variant": "no-trump", "trump": None,
                        "hand": ["QS", "JD", "AS", "AH", "AD", "AC"]}))
    assert sets == {"bezique": 40, "four_aces": 100}
    # Rubicon keeps its sequence that fixes trumps (003).
    assert "trump_sequence" in melds(query({"variant": "rubicon", "trump": None, "hand": run}))


def test_no_trump_sevens_score_nothing() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal.new(NO_TRUMP, rng, dealer=seed % 2)
        while not deal.is_over:
            assert not {ActionType.SHOW_SEVEN, ActionType.EXCHANGE_SEVEN} & {
                a.type for a in deal.legal_actions()}
            deal.apply(rng.choice(deal.legal_actions()))
        assert not [e for e in deal.events if e.type == "dix" and e.points]


def test_no_trump_players_option() -> None:
    three = apply_option(NO_TRUMP, "players", "3")
    deal = Deal.new(three, random.Random(3), dealer=0)
    # 128 - 24 = 104 cards do not go round three players: two are set aside.
    assert len(deal.set_aside) == 2 and deal.stock_count == 102
    assert deal.events[1].type == "set_aside" and deal.events[1].explain("ru")
    four = apply_option(NO_TRUMP, "players", "4")
    assert four.partnerships and four.scoring.last_trick_split
    assert apply_option(four, "players", "2") == NO_TRUMP


# --- random-deal invariants for each ------------------------------------------------

CASES = [("three-handed", None), ("four-handed", None), ("no-trump", None),
         ("no-trump", "3"), ("no-trump", "4")]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_deals_keep_the_invariants(name: str, players: str | None) -> None:
    profile = load_profile(name)
    if players:
        profile = apply_option(profile, "players", players)
    n = profile.players
    for seed in range(4):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng, dealer=seed % n)
        while not deal.is_over:
            assert sorted(deal.every_card()) == list(range(profile.deck_size))
            if deal.phase == "lead" and not deal.in_playoff:
                assert all(len(deal.holding(p)) == profile.hand_size for p in range(n))
            deal.apply(rng.choice(deal.legal_actions()))
        assert sorted(deal.every_card()) == list(range(profile.deck_size))
        assert all(not h for h in deal.hands) and deal.tricks_played == profile.tricks_per_deal
        for p in range(n):
            scoring = [e for e in deal.events if e.player == p and e.points]
            assert deal.scores[p] == sum(e.points for e in scoring)
            assert all(e.steps and e.explain("en") and e.explain("ru") for e in scoring)
        if players is None:
            assert Deal.loads(deal.dumps()) == deal
        else:
            assert Deal.from_json(deal.to_json(), profile) == deal


# --- bots at every seat, the arena and hints --------------------------------------------

def test_arena_seats_bot_a_in_each_of_three_seats() -> None:
    from engine.cli.arena import run_arena

    summary = run_arena("heuristic", "random", 2, 5, variant="three-handed")
    assert summary.deals == 6 and summary.to_json()["deals"] == 2
    assert summary.a_win_rate > 0.5


@pytest.mark.parametrize("variant", ["three-handed", "four-handed", "no-trump"])
def test_hints_and_bots_play_a_deal_of_every_seat(variant: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.search as search
    from app_pages.session import PlaySession

    # the hints' search at a few deals: the test is about legal hints, not their depth
    monkeypatch.setattr(search, "expert_deals", lambda profile, stock_end=False: 4)
    session = PlaySession.new(variant, seed=7, level="club")
    while not session.deal.is_over:
        hint = session.hint()
        assert hint is not None and hint.action in session.deal.legal_actions()
        session.act(hint.action)
    assert sorted(session.deal.every_card()) == list(range(session.deal.profile.deck_size))
    roles = {session.role(p) for p in range(session.deal.profile.players)}
    assert roles == ({"you", "left", "right"} if variant == "three-handed" else
                     {"you", "left", "partner", "right"} if variant == "four-handed" else
                     {"you", "opponent"})


def test_no_trump_explains_that_only_a_marriage_fixes_trumps() -> None:
    """004: in no-trump bezique the first marriage names trumps; a sequence cannot.
    The explanation (and the table's caption) must not say "marriage or sequence"."""
    import random

    from engine.rules.deal import Deal
    from engine.rules.profile import load_profile

    found = 0
    for seed in range(40):
        deal = Deal.new(load_profile("no-trump"), random.Random(seed), dealer=0)
        rng = random.Random(seed)
        while not deal.is_over and deal.trump is None:
            actions = deal.legal_actions()
            declares = [a for a in actions if a.type.value == "declare"]
            for event in deal.apply(rng.choice(declares or actions)):
                keys = [s.key for s in event.steps]
                if "trump_fixed_marriage" in keys:
                    found += 1
                    assert "sequence" not in event.explain("en")
                assert "trump_fixed" not in keys
        if found:
            break
    assert found
    ru = load_profile("rubicon")
    assert "sequence" in ru.declaring.trump_from
