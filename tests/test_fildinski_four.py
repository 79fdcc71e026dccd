"""Four-handed Fildinski (000 'варианты', 'для четверых'): two pairs, four or five
packs, triple and quadruple bezique 1500 and 4500, each player scoring only his own
captures (and, by agreement, a bezique counted with the partner's), the last tricks
split into two simultaneous two-handed play-offs, a quadruple bezique winning the
game, and the earlier trick deciding when both sides pass the target."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout

import pytest

from engine.cli.play import random_deal
from engine.notation.actions import Action
from engine.notation.cards import parse_card
from engine.rules.captures import capture_melds
from engine.rules.deal import Deal
from engine.rules.game import Game, target_outcome
from engine.rules.melds import ScoredMeld
from engine.rules.profile import apply_option, load_profile

FOUR = load_profile("fildinski-four-handed")
FIVE = apply_option(FOUR, "fildinski_packs", "five_000")
SHARED = apply_option(FOUR, "fildinski_partner_bezique", "with_partner_000")


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def one(text: str) -> int:
    return parse_card(text).id


def to_split(seed: int, profile=FOUR) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % 4)
    while not deal.duels:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# --- the profile ------------------------------------------------------------------------

def test_profile_from_000() -> None:
    assert (FOUR.players, FOUR.partnerships, FOUR.packs, FOUR.hand_size) == (4, True, 4, 8)
    assert FOUR.declaring.source == "captured" and FOUR.playoff.split_pairs
    assert FOUR.scoring.target == 2000 and FOUR.scoring.both_over == "first_reached"
    assert FOUR.meld("triple_bezique").points == 1500
    assert FOUR.meld("quadruple_bezique").points == 4500
    assert FOUR.scoring.game_melds == ("quadruple_bezique",)
    assert not FOUR.declaring.partner_bezique          # 000: own combinations only
    assert (FIVE.packs, FIVE.scoring.target) == (5, 3000)
    # 24 stock tricks of four cards, then two play-offs of eight tricks of two
    assert FOUR.tricks_per_deal == 24 + 16 and FIVE.tricks_per_deal == 32 + 16
    for rule in ("capture.split", "game.meld_wins", "game.first_reached",
                 "meld.quadruple_bezique"):
        assert FOUR.citation(rule).startswith("000")


# --- each player's own captures; the partner's bezique by agreement --------------------

def test_own_combinations_only_by_default() -> None:
    # hearts trumps; the partner has a bezique laid out and scored; my capture of J♦
    # completes my own bezique: a single one (40), never a double with his
    partner = ids("QS#2 JD#2")
    history = [ScoredMeld("bezique", frozenset(partner))]
    found = capture_melds(FOUR, 1, ids("QS"), ids("JD"), history, partner)
    assert [(v.spec.kind, v.points) for v in found] == [("bezique", 40)]


def test_partner_bezique_option_counts_the_double() -> None:
    partner = ids("QS#2 JD#2")
    history = [ScoredMeld("bezique", frozenset(partner))]
    found = capture_melds(SHARED, 1, ids("QS"), ids("JD"), history, partner)
    # 000: the player's own bezique counts "additionally" as the double: 40 and 500
    assert [(v.spec.kind, v.points) for v in found] == [("bezique", 40),
                                                        ("double_bezique", 500)]
    assert set(found[1].cards) == set(ids("QS JD QS#2 JD#2"))
    # ... and the triple with two of his
    partner = ids("QS#2 JD#2 QS#3 JD#3")
    found = capture_melds(SHARED, 1, ids("QS"), ids("JD"), [], partner)
    assert [(v.spec.kind, v.points) for v in found] == [("bezique", 40),
                                                        ("triple_bezique", 1500)]


def test_never_a_queen_of_one_partner_with_the_others_jack() -> None:
    # I hold Q♠ J♦ J♦, the partner a lone Q♠: no double from his queen and my jack
    found = capture_melds(SHARED, 1, ids("QS JD#3"), ids("JD"), [], ids("QS#2"))
    assert [v.spec.kind for v in found] == ["bezique"]


def test_partner_bezique_is_explained_in_a_deal() -> None:
    for seed in range(40):
        deal = random_deal(Deal.new(SHARED, random.Random(seed), dealer=seed % 4),
                           random.Random(seed))
        shared = [e for e in deal.events if any(s.key == "capture_partner_bezique"
                                               for s in e.steps)]
        if shared:
            event = shared[0]
            mate = (event.player + 2) % 4
            assert set(event.cards) & deal.laid[mate]       # the partner's pair
            assert set(event.cards) & deal.laid[event.player]
            assert any("партнёр" in line for line in event.explain("ru"))
            return
    pytest.fail("no partner bezique in 40 deals")


# --- the split last eight tricks --------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 7])
def test_last_tricks_split_into_two_play_offs(seed: int) -> None:
    deal = to_split(seed)
    winner = deal.last_trick_winner
    assert winner is not None
    # the winner of the last stock trick against his left-hand opponent, his partner
    # against the other, each pair with a hand of eight
    assert deal.duels == [(winner, (winner + 1) % 4), ((winner + 2) % 4, (winner + 3) % 4)]
    assert all(len(deal.hands[p]) == 8 for p in range(4))
    split = next(e for e in deal.events if e.type == "split")
    assert split.citation.startswith("000")
    assert f"player {winner + 1}" in " ".join(split.explain("en"))
    assert "пары разбиваются" in " ".join(split.explain("ru"))
    rng = random.Random(seed)
    order = []
    while not deal.is_over:
        seats = deal.trick_seats()
        assert len(seats) == 2 and tuple(sorted(seats)) in {tuple(sorted(d))
                                                            for d in deal.duels}
        first = len(deal.events)
        deal.apply(rng.choice(deal.legal_actions()))
        deal.apply(rng.choice(deal.legal_actions()))
        tricks = [e for e in deal.events[first:] if e.type == "trick"]
        assert len(tricks) == 1 and len(tricks[0].cards) == 2
        assert tricks[0].player in seats
        order.append(0 if seats[0] in deal.duels[0] else 1)
    # the play-offs take turns, trick by trick, eight tricks each
    assert order == [0, 1] * 8
    assert deal.duel_tricks == [8, 8] and deal.tricks_played == FOUR.tricks_per_deal
    assert sorted(deal.every_card()) == list(range(FOUR.deck_size))


def test_play_off_is_strict_between_the_pair() -> None:
    for seed in range(10):
        deal = to_split(seed)
        rng = random.Random(seed)
        while not deal.is_over:
            if deal.trick:
                lead = deal.trick[0]
                hand = deal.holding(deal.to_move)
                same = [c for c in hand if c // 8 % 4 == lead // 8 % 4]
                legal = [a.card for a in deal.legal_actions()]
                if same:
                    assert all(c // 8 % 4 == lead // 8 % 4 for c in legal)
            deal.apply(rng.choice(deal.legal_actions()))


def test_split_deal_saves_and_replays() -> None:
    deal = to_split(4)
    rng = random.Random(4)
    for _ in range(5):
        deal.apply(rng.choice(deal.legal_actions()))
    again = Deal.loads(deal.dumps())
    assert again == deal and again.duels == deal.duels


# --- the game: a quadruple bezique wins; the earlier trick decides ---------------------

def test_earlier_trick_decides_when_both_sides_pass() -> None:
    over = target_outcome(FOUR, [2100, 2300], first=0)
    assert over.type == "game_end" and over.player == 0
    assert over.rule_id == "game.first_reached" and over.citation.startswith("000")
    assert "earlier trick" in " ".join(over.explain("en"))
    # without the earlier trick known (the same trick), the higher total
    assert target_outcome(FOUR, [2100, 2300]).player == 1
    # two-handed Fildinski too: the first to reach 2000 wins (000 'счет')
    assert target_outcome(load_profile("fildinski"), [2100, 2300], first=0).player == 0


def test_reached_is_the_trick_of_the_crossing() -> None:
    # both sides begin the deal at 1950: each passes 2000 on some trick; the deal
    # records the trick, the two play-offs' k-th tricks counting as simultaneous
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal(FOUR, _deck(rng), seed % 4, (), (975, 975, 975, 975))
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        side_total, clock, seen, duel_count = [1950, 1950], 0, [None, None], [0, 0]
        split = False
        for event in deal.events:
            if event.type == "split":
                split = True
            if event.type == "trick":
                if split:
                    index = next(i for i, d in enumerate(deal.duels) if event.player in d)
                    duel_count[index] += 1
                    clock = deal.split_at + duel_count[index]
                else:
                    clock += 1
            if event.points and event.player is not None:
                side = event.player % 2
                side_total[side] += event.points
                if seen[side] is None and side_total[side] >= 2000:
                    seen[side] = clock
        assert deal.reached == seen
        first = deal.first_to_target()
        if None not in seen and seen[0] != seen[1]:
            assert first == min((0, 1), key=lambda s: seen[s])


def _deck(rng: random.Random) -> list[int]:
    deck = list(range(FOUR.deck_size))
    rng.shuffle(deck)
    return deck


QUADRUPLE_PLAYS = ("QS#4", "7C#2", "7C#3", "7C#4")


def quadruple_bezique_deal() -> Deal:
    """Hearts trumps; player 0 has three Q♠ and four J♦ laid out (the triple scored) and
    leads the fourth Q♠ (:data:`QUADRUPLE_PLAYS`); the others throw clubs: the capture
    makes a quadruple."""
    hands = [ids("QS#4 7C 8C 9C 7D 8D 9D 7S"), ids("7C#2 8C#2 9C#2 7D#2 8D#2 9D#2 7S#2 8S"),
             ids("7C#3 8C#3 9C#3 7D#3 8D#3 9D#3 7S#3 8S#2"),
             ids("7C#4 8C#4 9C#4 7D#4 8D#4 9D#4 7S#4 8S#3")]
    deal = Deal.arranged(FOUR, hands, one("9H"), dealer=3)
    laid = ids("QS QS#2 QS#3 JD JD#2 JD#3 JD#4")
    for card in laid:
        deal.stock.remove(card)
    deal.won[0] += laid
    deal.laid[0] |= set(laid)
    deal.history[0].append(ScoredMeld("triple_bezique", frozenset(ids(
        "QS QS#2 QS#3 JD JD#2 JD#3"))))
    return deal


def test_quadruple_bezique_wins_the_game_at_once() -> None:
    deal = quadruple_bezique_deal()
    for card in QUADRUPLE_PLAYS:
        deal.apply(Action.play(one(card)))
    declared = [e for e in deal.events if e.type == "declare"]
    # (Q♠ with the fourth J♦ is a new single bezique, scored first (000: "combination
    # or combinations"); the four Q♠ are also four queens: the capture scores all)
    assert [(e.meld, e.points) for e in declared] == [("bezique", 40),
                                                      ("quadruple_bezique", 4500),
                                                      ("four_queens", 60)]
    assert deal.is_over and deal.game_meld_side == 0
    game = Game.new(FOUR, random.Random(1))
    game.deal = deal
    result = game.next_deal()
    assert result.type == "game_end" and result.player == 0
    assert result.rule_id == "game.meld_wins" and result.citation.startswith("000")
    assert "четверной безик" in " ".join(result.explain("ru"))


# --- random deals and the command line ---------------------------------------------------

@pytest.mark.parametrize("profile", [FOUR, FIVE, SHARED], ids=["four", "five", "shared"])
def test_random_deals_keep_the_invariants(profile) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        deal = random_deal(Deal.new(profile, rng, dealer=seed % 4), rng)
        assert sorted(deal.every_card()) == list(range(profile.deck_size))
        for p in range(4):
            assert deal.scores[p] == sum(e.points for e in deal.events if e.player == p)
            assert deal.laid[p] <= set(deal.won[p])
        assert all(e.citation for e in deal.events if e.points)
        assert all(e.explain("ru") for e in deal.events if e.points)
        if deal.game_meld_side is None:
            assert deal.duel_tricks == [8, 8]


def test_cli_plays_the_variant() -> None:
    from engine.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", "--variant", "fildinski-four-handed", "--seed", "3"]) == 0
    text = out.getvalue()
    assert "split" in text and "deal over" in text
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", "--variant", "fildinski-four-handed", "--seed", "3", "--game",
                     "--quiet", "--option", "fildinski_packs=five_000"]) == 0
    assert "3000" in out.getvalue()


def test_bots_play_a_game() -> None:
    from app_pages.session import PlaySession

    session = PlaySession.new("fildinski-four-handed", seed=2, level="club")
    while not session.deal.is_over:
        session.autoplay(1)
    assert session.deal.duel_tricks == [8, 8]
    assert any(e.type == "split" for e in session.deal.events)


# --- the Play page: the two play-offs side by side, which one is the learner's ----------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_page_shows_the_split_side_by_side(lang: str) -> None:
    from app_helpers import run_page, table_html

    from app_pages.session import PlaySession

    session = PlaySession.new("fildinski-four-handed", seed=5, level="club")
    while not session.deal.duels:
        session.autoplay(1)
    at = run_page("play", lang, play=session)
    html = table_html(at, "play_table")
    assert html.count('class="bz-duel"') == 2 and html.count("data-yours=1") == 1
    first = html.index('class="bz-duel"')
    assert "data-yours=1" in html[first:first + 60]          # the learner's play-off first
    note = "you play them against" if lang == "en" else "вы играете их против"
    assert any(note in i.value for i in at.info)


# --- play-off puzzles: one duel of the split play-off ---------------------------------------

def _duel_spots(seed: int, most: int = 4):
    """Deals played at random into the split play-off, at each turn with at most
    ``most`` tricks left (a copy each)."""
    rng = random.Random(seed)
    deal = to_split(seed)
    while not deal.is_over:
        if len(deal.hands[deal.to_move]) <= most:
            yield deal.copy()
        deal.apply(rng.choice(deal.legal_actions()))


def test_a_duel_is_searched_alone_and_the_deal_scores_its_value() -> None:
    from puzzles import capture_endgame

    checked = 0
    for seed in range(6):
        for deal in _duel_spots(seed):
            position = capture_endgame.position_of(deal)
            assert position["seats"] == list(deal.duels[deal.duel_turn])
            solution = capture_endgame.solve_position(position)
            record = {"position": position, "value": solution.value}
            # the engine, playing the solver's line whatever the other duel plays,
            # gives the mover's side exactly the solver's value
            for other in (min, max):
                assert capture_endgame.played_value(deal, record, other) == solution.value
            checked += 1
    assert checked > 50


def test_duels_that_depend_on_each_other_are_refused() -> None:
    from engine.rules.capture_playoff import duel_refusal
    from puzzles.games import endgame_refusal

    assert endgame_refusal(FOUR) == "" and duel_refusal(FIVE) == ""
    # a bezique counted with the partner's pairs, laid out in the other duel
    assert "partner" in duel_refusal(SHARED)
    with pytest.raises(ValueError, match="partner"):
        from engine.rules.capture_playoff import solve
        solve(SHARED, 0, (frozenset(), frozenset()), 0, (), (frozenset(), frozenset()),
              ((), ()), frozenset())


def test_duel_endgames_from_expert_games_verify_and_show_their_duel() -> None:
    from app_pages import capture_parts
    from puzzles import bank, capture_endgame
    from puzzles.games import Budget
    from puzzles.generate import Plan, generate_from_games

    records = generate_from_games(Plan("endgame", "fildinski-four-handed",
                                       budget=Budget(deals=1)), 3)
    assert len(records) == 3
    for rec in records:
        assert rec["type"] == "capture_best" and bank.verify(rec) == []
        seats = rec["position"]["seats"]
        assert len(seats) == 2 and seats[0] % 2 != seats[1] % 2   # opponents
        assert rec["note"] == capture_endgame.DUEL_NOTE
        line = capture_parts.duel_line(rec["position"], "en")
        me = capture_parts.mover(rec["position"])
        assert f"player {seats[me] + 1}, against player {seats[1 - me] + 1}" in line
        assert capture_parts.table_html(rec, None)   # the trainer's table builds
    tampered = {**records[0], "value": records[0]["value"] + 10}
    assert bank.verify(tampered)
