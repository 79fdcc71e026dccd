"""The fast simulator agrees with engine.rules.deal.Deal for every profile and option
(issue 56): the same legal actions in the same order at every step, the same points
after every action (the points of the events it caused), the same final scores; the
expert's lines on it (engine.bots.fast_lines) are deal_search's lines."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from sweep import count

from engine.bots import deal_search, fast_lines
from engine.bots.fast_captures import capture_melds
from engine.bots.fast_melds import legal_melds, meld_table
from engine.bots.fast_settle import settle_points
from engine.bots.fastplay import (
    OVER,
    FastAction,
    FastDeal,
    card_mask,
    from_action,
    supported,
    to_action,
)
from engine.notation.actions import Action
from engine.notation.cards import parse_card
from engine.rules import captures
from engine.rules.deal import Deal
from engine.rules.melds import ScoredMeld, all_verdicts
from engine.rules.profile import (
    Profile,
    apply_option,
    load_profile,
    variant_names,
    variant_options,
)
from engine.rules.settlement import settle

PROFILE = load_profile("two-handed")
VARIANTS = variant_names()
# Every named option's every choice, on each variant it belongs to.
OPTIONS = [(f"{name}/{option.id}={choice.name}", name, option.id, choice.name)
           for name in VARIANTS for option in variant_options(name)
           for choice in option.choices]


def _strs(actions: list[object]) -> list[str]:
    return [str(a) for a in actions]


def _same_state(deal: Deal, fast: FastDeal) -> None:
    assert fast.scores == deal.scores
    assert fast.to_move == deal.to_move
    assert fast.phase == {"lead": 0, "follow": 1, "declare": 2, "over": 3}[deal.phase]
    assert (None if fast.rules.trump < 0 else fast.rules.trump) == deal.trump
    assert fast.stock_count == deal.stock_count
    assert [sorted(h) for h in fast.hold] == [sorted(deal.holding(p))
                                             for p in range(deal.profile.players)]
    assert fast.held == [card_mask(h) for h in fast.hold]   # the holdings' bitmasks follow


def _drive(deal: Deal, fast: FastDeal, choose: Callable[[list[Action]], Action],
           check_state: bool = True) -> None:
    """Play ``deal`` and ``fast`` side by side to the end with ``choose``: the legal
    actions compared at every step (the same, in the same order), and after every action
    the points it gave each player (the events' points) and the state."""
    _same_state(deal, fast)
    players = deal.profile.players
    while not deal.is_over:
        legal = deal.legal_actions()
        assert _strs(legal) == _strs([to_action(fast.rules, a) for a in fast.legal()])
        action = choose(legal)
        before = fast.scores[:]
        events = deal.apply(action)
        fast.apply(from_action(fast.rules, action))
        gained = [0] * players
        for event in events:
            if event.player is not None:
                gained[event.player] += event.points
        assert [a - b for a, b in zip(fast.scores, before, strict=True)] == gained, str(action)
        if check_state:
            _same_state(deal, fast)
        else:
            assert fast.scores == deal.scores and fast.to_move == deal.to_move
    assert fast.phase == OVER and fast.scores == deal.scores


def _special_first(rng: random.Random, share: float = 0.7,
                   profile: Profile | None = None) -> Callable[[list[Action]], Action]:
    """Declarations, sevens, carte blanche and the partner's turn preferred (they
    exercise the rules), ``share`` of the time; with ``profile``, half of those the
    best-paying declaration."""
    def choose(legal: list[Action]) -> Action:
        special = [a for a in legal if a.type.value not in ("play", "draw")]
        if special and rng.random() < share:
            if profile is not None and rng.random() < 0.5:
                return max(special, key=lambda a: profile.meld(a.meld).points if a.meld else 0)
            return rng.choice(special)
        return rng.choice(legal)
    return choose


def _play_both(profile: Profile, seed: int, check_state: bool = True) -> Deal:
    """A random deal played by Deal and FastDeal side by side (:func:`_drive`)."""
    rng = random.Random(seed)
    dealer = seed % profile.players
    prior = [rng.randrange(4) for _ in range(rng.randrange(4))]   # 002's trump streak
    deal = Deal.new(profile, random.Random(seed), dealer=dealer, prior_trumps=prior)
    fast = FastDeal.new(profile, random.Random(seed), dealer=dealer, prior_trumps=prior)
    _drive(deal, fast, _special_first(rng), check_state)
    return deal


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", range(count(3, 12)))
def test_every_variant_plays_as_the_rules_engine(name: str, seed: int) -> None:
    _play_both(load_profile(name), seed)


@pytest.mark.parametrize("label,name,option,choice", OPTIONS, ids=[o[0] for o in OPTIONS])
def test_every_option_plays_as_the_rules_engine(label: str, name: str, option: str,
                                                choice: str) -> None:
    profile = apply_option(load_profile(name), option, choice)
    assert supported(profile)
    for seed in range(count(1, 4)):
        _play_both(profile, 100 + seed, check_state=False)


def test_every_shipped_profile_is_supported() -> None:
    """No profile falls back to the rules engine: every variant, every option's choice."""
    assert all(supported(load_profile(name)) for name in VARIANTS)
    assert all(supported(apply_option(load_profile(n), o, c)) for _l, n, o, c in OPTIONS)


def _ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


# Rules random deals seldom meet, each on a deal arranged to meet it: (variant, dealer,
# hands, turn-up, stock top, the event rule it must cause).
RARE = [
    # 003: a dealt hand without court cards (player 1), again for each non-court card drawn
    ("rubicon", 0, ["KS QS JS KH QH JH KC QC JC", "7S 8S 9S TS AS 7H 8H 9H TH"], None,
     "7C 8C 9C TC AC 7D 8D 9D", "carte_blanche.repeat"),
    # 003 for four: both partners without court cards, one double carte blanche
    ("rubicon-four-handed", 0, ["KS QS JS KH QH JH KC QC JC", "7S 8S 9S TS AS 7H 8H 9H TH",
                                "KD QD JD KS#2 QS#2 JS#2 KH#2 QH#2 JH#2",
                                "7C 8C 9C TC AC 7D 8D 9D TD"], None, "",
     "meld.double_carte_blanche"),
    # 002: the first court-less hand of the deal, claimed before its holder draws again
    ("club", 0, ["KS QS JS KH QH JH KC QC", "7S 8S 9S TS AS 7H 8H 9H"], "TD", "",
     "meld.carte_blanche"),
    # 001's Cady: the leader wins with the ace of trumps and holds three marriages and a
    # bezique: one scores, the others wait, score later or are lost when a card is played
    ("two-handed", 0, ["7S 8S 9S 7H 8H 9H 7C 8C", "AD KH QH KC QC KS QS JD"], "9D", "",
     "cady.pending"),
    # 004 card-point: the seven of trumps exchanged before the opening lead
    ("card-point", 0, ["8S 9S TS KH QH JH KC QC", "7S 8C 9C TC AC 7D 8D 9D"], "AS", "",
     "dix.exchange"),
]


@pytest.mark.parametrize("name,dealer,hands,turn_up,stock,rule", RARE,
                         ids=[r[5] for r in RARE])
def test_rare_rules_play_as_the_rules_engine(name: str, dealer: int, hands: list[str],
                                             turn_up: str | None, stock: str,
                                             rule: str) -> None:
    profile = load_profile(name)
    met = 0
    for seed in range(count(4, 12)):
        deal = Deal.arranged(profile, [_ids(h) for h in hands],
                             None if turn_up is None else _ids(turn_up)[0], _ids(stock),
                             dealer)
        fast = FastDeal.from_deck(profile, deal.deck, dealer)
        _drive(deal, fast, _special_first(random.Random(seed), 0.9, profile))
        met += any(e.rule_id == rule for e in deal.events)
    assert met, f"no deal met {rule}"


def test_a_triple_bezique_for_three_ends_the_deal() -> None:
    """004: a triple bezique wins the game for three at once: the leader (the dealer's
    right) takes the first trick with the ace of trumps and declares it."""
    three = load_profile("three-handed")
    hands = ["7S 8S 9S 7C 8C 9C 7D 8D", "7S#2 8S#2 9S#2 7C#2 8C#2 9C#2 7D#2 8D#2",
             "QS QS#2 QS#3 JD JD#2 JD#3 AH AH#2"]
    deal = Deal.arranged(three, [_ids(h) for h in hands], _ids("9H")[0], dealer=0)
    fast = FastDeal.from_deck(three, deal.deck, 0)
    triple = Action.declare("triple_bezique", tuple(_ids("QS QS#2 QS#3 JD JD#2 JD#3")))
    moves = [Action.play(c) for c in _ids("AH 7S 7S#2")] + [triple]
    _drive(deal, fast, lambda legal: moves.pop(0))
    assert deal.is_over and any(e.rule_id == "game.meld_wins" for e in deal.events)


def test_a_quadruple_bezique_from_captures_ends_the_deal() -> None:
    """000, four-handed: the fourth Q♠ captured makes a quadruple bezique, which wins the
    game at once (tests/test_fildinski_four.py's position)."""
    from test_fildinski_four import QUADRUPLE_PLAYS, quadruple_bezique_deal

    deal = quadruple_bezique_deal()
    fast = FastDeal.from_deal(deal)
    for card in _ids(" ".join(QUADRUPLE_PLAYS)):
        deal.apply(Action.play(card))
        fast.apply(card)
        assert fast.scores == deal.scores
    assert deal.is_over and deal.game_meld_side == 0 and fast.phase == OVER


@pytest.mark.parametrize("name", VARIANTS)
def test_random_playouts_replay_in_deal_and_resume_mid_deal(name: str) -> None:
    """The simulator's own random playout is a legal deal with the same scores; from the
    engine's state at any point, a fresh simulator (and its copy) continues identically."""
    profile = load_profile(name)
    for seed in range(count(2, 6)):
        fast = FastDeal.new(profile, random.Random(seed), dealer=seed % profile.players)
        trace: list[FastAction] = []
        fast.play_random(random.Random(seed + 99), trace)
        deal = Deal.new(profile, random.Random(seed), dealer=seed % profile.players)
        cut = random.Random(seed).randrange(len(trace))
        for i, action in enumerate(trace):
            if i == cut:
                resumed = FastDeal.from_deal(deal)
                spare = resumed.copy()
                for rest in trace[i:]:
                    resumed.apply(from_action(resumed.rules, to_action(resumed.rules, rest)))
                assert resumed.scores == fast.scores and spare.phase != OVER
            deal.apply(to_action(fast.rules, action))
        assert deal.is_over and deal.scores == fast.scores
        assert fast.held == [card_mask(h) for h in fast.hold]


def test_from_deal_mid_game_continues_identically() -> None:
    rng = random.Random(5)
    deal = Deal.new(PROFILE, rng, dealer=1)
    for _ in range(70):
        deal.apply(rng.choice(deal.legal_actions()))
    fast = FastDeal.from_deal(deal)
    copy = fast.copy()
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        assert _strs(deal.legal_actions()) == _strs([to_action(fast.rules, a)
                                                     for a in fast.legal()])
        deal.apply(action)
        fast.apply(from_action(fast.rules, action))
    assert fast.scores == deal.scores
    assert copy.phase != OVER  # the copy was not touched


@pytest.mark.parametrize("name", VARIANTS)
def test_legal_melds_are_the_engines_verdicts(name: str) -> None:
    """Rich random holdings (jokers too) with random histories of melds scored and cards
    played: the simulator lists the engine's legal declarations, in its order (001's
    class levels, 004's all-new beziques and ladders, Rubicon's re-forming)."""
    profile = load_profile(name)
    deck = list(profile.deck_ids())
    rich = [c for c in deck if c % 8 >= 3 or c >= 2880]
    names = {m.kind: i for i, m in enumerate(profile.melds)}
    rng = random.Random(1)
    for _ in range(count(60, 400)):
        trump = rng.choice([None, 0, 1, 2, 3]) if not profile.turn_up else rng.randrange(4)
        pool = rng.sample(rich, min(len(rich), rng.choice([9, 12, 18])))
        played = frozenset(rng.sample(deck, 20))
        history: list[ScoredMeld] = []
        for _ in range(rng.randrange(6)):
            found = [v for v in all_verdicts(profile, trump, pool, history, played,
                                             explain=False) if v.legal]
            if not found:
                break
            pick = rng.choice(found)
            history.append(ScoredMeld(pick.spec.kind, frozenset(pick.cards)))
        engine = [(v.spec.kind, tuple(sorted(v.cards)))
                  for v in all_verdicts(profile, trump, pool, history, played, explain=False)
                  if v.legal]
        table = meld_table(profile, -1 if trump is None else trump)
        mask = sum(1 << c for c in played)
        mine = legal_melds(table, pool, [(names[m.kind], tuple(sorted(m.cards)))
                                         for m in history], mask)
        assert [(row.kind, cards) for row, cards in mine] == engine


@pytest.mark.parametrize("name", ["fildinski", "fildinski-three-pack", "fildinski-four-handed"])
@pytest.mark.parametrize("option", ["", "fildinski_nested=higher_only_001",
                                    "double_bezique=all_new_004",
                                    "fildinski_partner_bezique=with_partner_000"])
def test_captured_combinations_are_the_engines(name: str, option: str) -> None:
    """000: on random laid-out cards, captures and histories, the combinations a capture
    completes, in scoring order, are engine.rules.captures.capture_melds'."""
    profile = load_profile(name)
    if option:
        option_id, choice = option.split("=")
        if option_id not in {o.id for o in variant_options(name)}:
            pytest.skip(f"{option_id} is not an option of {name}")
        profile = apply_option(profile, option_id, choice)
    deck = [c for c in profile.deck_ids() if c % 8 >= 3]
    names = {m.kind: i for i, m in enumerate(profile.melds)}
    rng = random.Random(2)
    for _ in range(count(150, 1000)):
        trump = rng.randrange(4)
        cards = rng.sample(deck, 30)
        laid, new, mates = cards[:rng.randrange(4, 20)], cards[20:22], cards[22:30]
        history: list[ScoredMeld] = []
        for verdict in captures.capture_melds(profile, trump, laid[:-2], laid[-2:], ()):
            history.append(ScoredMeld(verdict.spec.kind, frozenset(verdict.cards)))
        engine = [(v.spec.kind, tuple(sorted(v.cards)))
                  for v in captures.capture_melds(profile, trump, laid, new, history, mates)]
        mine = capture_melds(meld_table(profile, trump), laid, new,
                             [(names[m.kind], tuple(sorted(m.cards))) for m in history], mates)
        assert [(profile.melds[i].kind, c) for i, c in mine] == engine


@pytest.mark.parametrize("name", ["rubicon", "rubicon-four-handed", "chinese", "eight-pack"])
def test_settlement_numbers_are_the_engines(name: str) -> None:
    """Rubicon's settlement (the skipped play-off reads it): every option of it, random
    totals and brisques, ties and rubicons included."""
    base = load_profile(name)
    profiles = [base] + [apply_option(base, o.id, c.name) for o in variant_options(name)
                         for c in o.choices if o.id.startswith("rubicon")]
    rng = random.Random(3)
    for profile in profiles:
        for _ in range(count(300, 3000)):
            scores = [rng.randrange(0, 3000, rng.choice([10, 100])) for _ in range(2)]
            if rng.random() < 0.2:
                scores[1] = scores[0] + rng.randrange(-60, 60, 10)
            brisques = [rng.randrange(0, 330, 10) for _ in range(2)]
            result = settle(profile, scores, brisques)
            assert settle_points(profile, scores, brisques) == (
                result.winner, result.points, result.rubiconed)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_fast_lines_are_deal_searchs_lines(name: str) -> None:
    """From positions of random deals, deal_search's rollout on the simulator takes the
    same actions with the same random numbers as on the rules engine, and its margin is
    the same, before and after (engine.bots.fast_lines)."""
    profile = load_profile(name)
    for seed in range(count(2, 6)):
        rng = random.Random(seed)
        deal = Deal.new(profile, random.Random(seed), dealer=seed % profile.players)
        while not deal.is_over:
            if rng.random() < 0.1:
                horizon, line_seed = rng.choice([1, 3, 99]), rng.randrange(10**6)
                line, fast = deal.copy(), FastDeal.from_deal(deal)
                for p in range(profile.players):
                    assert fast_lines.deal_margin(fast, p) == pytest.approx(
                        deal_search.deal_margin(line, p))
                one, two = random.Random(line_seed), random.Random(line_seed)
                deal_search.play_line(line, one, 0.1, horizon)
                fast_lines.play_line(fast, two, 0.1, horizon)
                assert (fast.scores, fast.tricks_played) == (line.scores, line.tricks_played)
                assert one.getstate() == two.getstate()
                for p in range(profile.players):
                    assert fast_lines.deal_margin(fast, p) == pytest.approx(
                        deal_search.deal_margin(line, p))
            deal.apply(deal_search.rollout_action(deal, rng, 0.3))


def _agreement_with_club(variant: str, deals: int,
                         choose: Callable[[FastDeal], FastAction]) -> tuple[int, int]:
    """How many of the club bot's stock-phase choices ``choose`` makes on the fast
    simulator's copy of the position, of how many, in ``deals`` deals."""
    from engine.bots.heuristic import advise
    from engine.rules.view import PlayerView

    profile = load_profile(variant)
    same = total = 0
    for seed in range(deals):
        deal = Deal.new(profile, random.Random(seed), dealer=seed % 2)
        while not deal.is_over:
            view = PlayerView.of(deal, deal.to_move)
            action = advise(view).action
            if len(view.legal) > 1 and deal.stock_count > 0:
                fast = FastDeal.from_deal(deal)
                mine = choose(fast)
                assert mine in fast.legal()
                target = from_action(fast.rules, action)
                if isinstance(mine, int) and isinstance(target, int) and mine >= 0 <= target:
                    same += (mine & 31) == (target & 31)
                else:
                    same += mine == target
                total += 1
            deal.apply(action)
    return same, total


def test_heuristic_port_mostly_agrees_with_the_heuristic() -> None:
    from engine.bots.search import heuristic_action

    same, total = _agreement_with_club(
        "two-handed", 4, lambda fast: heuristic_action(fast, random.Random(0), 0.0))
    assert total > 100 and same / total > 0.85


@pytest.mark.parametrize("variant", ["two-handed", "no-trump", "three-handed"])
def test_club_model_plays_as_the_club_bot(variant: str) -> None:
    """CLUB_MODEL, the tuner's opponent, makes the club bot's choices: it also lets go
    of a meld whose missing cards are all seen and exchanges the seven at once."""
    from engine.bots.policy import CLUB_MODEL, policy_action

    same, total = _agreement_with_club(
        variant, 6, lambda fast: policy_action(fast, random.Random(0), 0.0, CLUB_MODEL))
    assert total > 150 and same / total > 0.98


def test_tuned_policy_drops_a_meld_whose_cards_are_all_seen() -> None:
    """Card counting: with both jacks of diamonds played, the queen of spades is
    no longer kept for a bezique (QS + JD)."""
    import random as _random

    from engine.bots.fastplay import FastDeal
    from engine.bots.policy import CLUB_MODEL, HEURISTIC, TUNED, blocked_masks, keep_values
    from engine.notation.cards import parse_card
    from engine.rules.profile import load_profile

    ids = [parse_card(t).id for t in ("QS", "7H", "8C", "9C", "TD", "KC", "8H", "9H")]
    jacks = [parse_card("JD").id, parse_card("JD#2").id]
    state = FastDeal.new(load_profile("two-handed"), _random.Random(3))
    state.set_hold(0, ids)
    state.stock = [c for c in state.stock if c not in ids and c not in jacks]
    open_keep = keep_values(state, 0, ids, blocked_masks(state, 0), TUNED)[0][ids[0]]
    for jack in jacks:
        state.played |= 1 << jack
    gone_keep = keep_values(state, 0, ids, blocked_masks(state, 0), TUNED)[0][ids[0]]
    assert gone_keep < open_keep
    # The heuristic's numbers do not count cards: the hope stays.
    h_open = keep_values(state, 0, ids, blocked_masks(state, 0), HEURISTIC)[0][ids[0]]
    state.played = 0
    assert keep_values(state, 0, ids, blocked_masks(state, 0), HEURISTIC)[0][ids[0]] == h_open
    # The club bot's model does not count either, but it sees that both jacks are out.
    club_open = keep_values(state, 0, ids, blocked_masks(state, 0), CLUB_MODEL)[0][ids[0]]
    for jack in jacks:
        state.played |= 1 << jack
    assert keep_values(state, 0, ids, blocked_masks(state, 0), CLUB_MODEL)[0][ids[0]] < club_open


def test_the_club_model_exchanges_the_seven_where_the_heuristic_shows_it() -> None:
    """Offered both, HEURISTIC shows the seven of trumps first and CLUB_MODEL exchanges
    it at once, as the club bot does."""
    from engine.bots.fastplay import DECLARE_PHASE, EXCHANGE, SHOW
    from engine.bots.policy import CLUB_MODEL, HEURISTIC, policy_action

    rng = random.Random(0)
    for seed in range(40):
        state = FastDeal.new(PROFILE, random.Random(seed), dealer=seed % 2)
        while state.phase != OVER:
            if state.phase == DECLARE_PHASE:
                kinds = {a[0] for a in state.declare_actions(state.to_move)
                         if not isinstance(a, int)}
                if {SHOW, EXCHANGE} <= kinds:
                    shown = policy_action(state, rng, 0.0, HEURISTIC)
                    exchanged = policy_action(state, rng, 0.0, CLUB_MODEL)
                    assert not isinstance(shown, int) and shown[0] == SHOW
                    assert not isinstance(exchanged, int) and exchanged[0] == EXCHANGE
                    return
            state.apply(policy_action(state, rng, 0.0, HEURISTIC))
    raise AssertionError("no deal offered both the show and the exchange of the seven")


def test_with_four_packs_the_expert_keeps_a_lone_bezique_card_for_the_double() -> None:
    """004's no-trump game has four copies of each card: the expert's numbers there
    (policy.tuned_weights) value a single queen of spades for the double bezique
    (500), three cards short; with two packs, and by the usual numbers, it is no hope."""
    from engine.bots.policy import (
        TUNED,
        TUNED_MANY_PACKS,
        TUNED_TWO_PACKS,
        blocked_masks,
        keep_values,
        tuned_weights,
    )
    from engine.notation.cards import parse_card

    no_trump, two_handed = load_profile("no-trump"), load_profile("two-handed")
    assert tuned_weights(no_trump) is TUNED_MANY_PACKS
    assert tuned_weights(two_handed) is TUNED_TWO_PACKS
    assert tuned_weights(load_profile("three-handed")) is TUNED
    ids = [parse_card(t).id for t in ("QS", "7H", "8C", "9C", "TD", "KC", "8H", "9H")]
    state = FastDeal.new(no_trump, random.Random(3))
    state.set_hold(0, ids)
    state.stock = [c for c in state.stock if c not in ids]
    blocked = blocked_masks(state, 0)
    many = keep_values(state, 0, ids, blocked, TUNED_MANY_PACKS)[0][ids[0]]
    usual = keep_values(state, 0, ids, blocked, TUNED)[0][ids[0]]
    # Three short of the 500, the chance of drawing them is worth tens of points.
    assert many - usual > 20


@pytest.mark.parametrize("variant", ["two-handed", "no-trump", "three-handed", "fildinski"])
def test_the_best_complete_meld_is_the_one_the_keep_values_find(variant: str) -> None:
    """The rollouts' shortcut (best_complete_meld) agrees with keep_values on every
    holding less one card met in rule-of-thumb deals."""
    from engine.bots.policy import (
        HEURISTIC,
        TUNED,
        best_complete_meld,
        blocked_masks,
        keep_values,
        policy_action,
    )

    profile = load_profile(variant)
    for seed in range(4):
        state = FastDeal.new(profile, random.Random(seed))
        rng = random.Random(seed)
        while state.phase != OVER:
            p = state.to_move
            blocked = blocked_masks(state, p)
            for c in state.hold[p]:
                rest = [x for x in state.hold[p] if x != c]
                assert best_complete_meld(state.rules, rest, blocked) \
                    == keep_values(state, p, rest, blocked, TUNED)[1]
            state.apply(policy_action(state, rng, 0.2, (TUNED, HEURISTIC)[p % 2]))


def test_the_hope_factors_scale_only_the_melds_they_name() -> None:
    """``ready_share`` scales what a complete meld adds to its cards, ``big_odds`` the
    hopes for melds of 250 points or more, ``odds2`` the hopes two or more cards short.
    Q♠ J♦ with hearts trumps: a bezique ready (40), the double bezique two short (500),
    the marriage of spades one short; K♣ hopes only for the marriage of clubs."""
    from dataclasses import replace

    from engine.bots.policy import TUNED, blocked_masks, keep_values
    from engine.notation.cards import parse_card

    state = FastDeal.new(load_profile("two-handed"), random.Random(2))
    assert state.rules.trump == parse_card("7H").id >> 3
    queen, jack, king = (parse_card(t).id for t in ("QS", "JD", "KC"))
    ids = [queen, jack, king, *(parse_card(t).id for t in ("8C", "9C", "TD", "8S", "9S"))]
    state.set_hold(0, ids)
    state.stock = [c for c in state.stock if c not in ids]
    blocked = blocked_masks(state, 0)

    def keeps(**changes: float) -> dict[int, float]:
        return keep_values(state, 0, ids, blocked, replace(TUNED, **changes))[0]

    usual = keeps()
    assert usual == keeps(ready_share=1.0, big_odds=1.0, odds2=1.0)
    half_ready = keeps(ready_share=0.5)
    assert usual[queen] - half_ready[queen] == pytest.approx(20.0)
    assert usual[jack] - half_ready[jack] == pytest.approx(20.0)
    no_big, no_far = keeps(big_odds=0.0), keeps(odds2=0.0)
    # The double bezique is the queen's only hope that is big, and two short.
    assert usual[queen] - no_big[queen] > 0
    assert usual[queen] - no_big[queen] == pytest.approx(usual[queen] - no_far[queen])
    for changed in (half_ready, no_big, no_far):
        assert changed[king] == usual[king]


@pytest.mark.parametrize("name", ["club", "card-point", "rubicon", "rubicon-four-handed",
                                  "joker", "fildinski-four-handed"])
def test_the_expert_values_its_moves_alike_on_both_simulators(name: str,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """At the same budget the expert's lines give the same values on the fast simulator
    as on the rules engine (the same determinizations, the same rollouts), in the stock
    and at its end: it is no weaker for searching faster."""
    from engine.bots import search
    from engine.rules.view import PlayerView

    profile = load_profile(name)
    checked = 0
    for seed in range(count(2, 5)):
        rng = random.Random(seed)
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        while not deal.is_over:
            view = PlayerView.of(deal, deal.to_move)
            plays = [a for a in view.legal if a.type.value == "play"]
            if len(plays) > 1 and view.phase in ("lead", "follow") and rng.random() < 0.15:
                values = []
                for fast in (True, False):
                    monkeypatch.setattr(search, "supported", lambda _p, fast=fast: fast)
                    bot = search.StrongBot(random.Random(seed))
                    lines = (bot._stock_end_lines(view, plays[:3]) if bot._at_stock_end(view)
                             else bot._deal_lines(view, plays[:3]))
                    values.append([v for _ in range(2) for v in lines()])
                assert values[0] == pytest.approx(values[1])
                checked += 1
            deal.apply(deal_search.rollout_action(deal, rng, 0.3))
    assert checked > 0


def test_a_cache_keyed_by_an_id_ignores_an_object_that_reused_it() -> None:
    """The rollout policy's keep table is kept per rules object by its id: a new object
    that gets the id of one gone (here, an entry planted under its id) must not read
    the old one's table."""
    from engine.bots import policy
    from engine.bots.fast_rules import rules_for

    rules = rules_for(PROFILE, 1)
    own = policy.keep_table(rules)
    other = rules_for(PROFILE, 2)
    policy._KEEP[id(other)] = (rules, own)     # as if ``other`` took a dead object's id
    assert policy.keep_table(other) != own
