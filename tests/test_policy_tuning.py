"""The tuner's pieces: the drawing chance of the policy and the exact play-off
finish of ``scripts/tune_policy.py``."""

from __future__ import annotations

import dataclasses
import random
import sys
from itertools import product
from pathlib import Path

import pytest

from engine.bots.fastplay import OVER, FastDeal
from engine.bots.playoff import exact_final_scores
from engine.bots.policy import HEURISTIC, TUNED, at_least
from engine.bots.search import rollout
from engine.notation.cards import kind_face
from engine.rules.profile import load_profile
from engine.solver import Position, move_values

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from tune_heuristic import Job, play_pair  # noqa: E402
from tune_policy import paired_win_rate, shared_win_rates  # noqa: E402


@pytest.mark.parametrize("need", [1, 2, 3, 4])
@pytest.mark.parametrize("copies", [0, 1, 2, 3, 5, 7])
@pytest.mark.parametrize("rate", [0.0, 0.2, 0.5, 1.0])
def test_drawing_chance_matches_enumeration(need: int, copies: int, rate: float) -> None:
    exact = sum(
        rate ** sum(drawn) * (1 - rate) ** (copies - sum(drawn))
        for drawn in product((0, 1), repeat=copies) if sum(drawn) >= need)
    assert at_least(need, copies, rate) == pytest.approx(exact)


@pytest.mark.parametrize("seed", range(12))
def test_exact_finish_equals_playing_the_solver_move_by_move(seed: int) -> None:
    profile = load_profile("two-handed")
    state = FastDeal.new(profile, random.Random(seed), dealer=seed % 2)
    rollout(state, random.Random(seed), 0.0, -1, "heuristic", (TUNED, HEURISTIC))
    expected = exact_final_scores(state)
    while state.phase != OVER:
        hold = state.hold[state.to_move]
        position = Position.from_playoff(profile, state.rules.trump,
                                         [sorted(h) for h in state.hold], state.leader,
                                         list(state.trick))
        values = move_values(position)
        options = state.playoff_replies(hold, state.trick[0]) if state.trick else hold
        state.apply(max(options, key=lambda c: values[kind_face(c % 32)]))
    assert state.scores == expected


@pytest.mark.parametrize("variant", ["two-handed", "three-handed"])
def test_a_policy_against_itself_wins_half(variant: str) -> None:
    rate, margin = paired_win_rate(HEURISTIC, 10, 3, variant)
    assert rate == 0.5 and margin == 0


def test_three_handed_tuning_tells_policies_apart() -> None:
    """Each for himself, a candidate meets two heuristic players in every seat: the
    tuned numbers beat them, a policy that never keeps a brisque loses."""
    import dataclasses

    tuned, _m = paired_win_rate(TUNED, 30, 3, "three-handed")
    careless = dataclasses.replace(HEURISTIC, brisque_keep=-40.0, lead_brisque=-40.0)
    worse, _m = paired_win_rate(careless, 30, 3, "three-handed")
    assert worse < 0.5 < tuned


def test_capture_and_lose_own_weigh_the_brisques_of_a_trick() -> None:
    """Following a led ten: a winning card gains ``capture`` times the brisques it
    takes, and a plain ten thrown on a lost trick costs ``lose_own`` times its ten
    points; cards that neither take nor give a brisque are unchanged."""
    import dataclasses

    from engine.bots.fastplay import FOLLOW
    from engine.bots.policy import play_scores
    from engine.notation.cards import parse_card

    state = FastDeal.new(load_profile("two-handed"), random.Random(5), dealer=0)
    trump = state.rules.trump
    suits = "SHDC"
    plain = next(s for s in suits if suits.index(s) != trump)
    other = next(s for s in suits if suits.index(s) not in (trump, suits.index(plain)))
    led = parse_card("T" + plain).id
    ace = parse_card("A" + plain).id          # wins the ten, a brisque itself
    own_ten = parse_card("T" + other).id      # loses, gives its ten away
    low = parse_card("8" + other).id          # loses, gives nothing
    hold = [ace, own_ten, low]
    taken = {led, *hold}
    state.stock = [c for c in state.stock if c not in taken]
    for p in (0, 1):
        state.set_hold(p, [c for c in state.hold[p] if c not in taken])
    state.set_hold(1, hold)
    state.trick, state.phase, state.to_move = [led], FOLLOW, 1
    base = dataclasses.replace(HEURISTIC, threat=0.0)
    heavy = dataclasses.replace(base, capture=2.0, lose_own=3.0)
    before, after = play_scores(state, base), play_scores(state, heavy)
    assert after[ace] - before[ace] == pytest.approx(20.0)      # (2 - 1) x (10 + 10)
    assert after[own_ten] - before[own_ten] == pytest.approx(-20.0)   # (3 - 1) x 10
    assert after[low] == pytest.approx(before[low])


@pytest.mark.parametrize("variant", ["rubicon", "three-handed"])
def test_heuristic_tuner_pairs_are_fair(variant: str) -> None:
    """The club bot's numbers against themselves: each seating replays the same deal
    with A in another seat, so A wins in exactly one of them (a tie for the top: half
    in each of the two)."""
    from engine.bots.heuristic import CLUB

    profile = load_profile(variant)
    for index in range(2):
        results = play_pair(Job(variant, CLUB, index, seed=3))
        assert len(results) == profile.sides
        assert sum(results) == pytest.approx(1.0)
        assert all(r in (0.0, 0.5, 1.0) for r in results)


def test_deals_shared_among_workers_give_the_one_process_result() -> None:
    """The CMA tuner's candidates play their deals in chunks on worker processes; the
    chunks, uneven ones too, add up to the one-process win rate and margin."""
    from multiprocessing import Pool

    careless = dataclasses.replace(HEURISTIC, brisque_keep=-40.0)
    with Pool(2) as pool:
        shared = shared_win_rates(pool, [TUNED, careless], 7, 3, "two-handed", 3)
    for weights, (rate, margin) in zip((TUNED, careless), shared, strict=True):
        one_rate, one_margin = paired_win_rate(weights, 7, 3)
        assert rate == pytest.approx(one_rate) and margin == pytest.approx(one_margin)


def test_a_candidate_meets_the_opponent_it_is_given() -> None:
    """``--against club-model``: the opponent is CLUB_MODEL in every seat. The same
    numbers on both sides of a paired deal play the same game twice with the seats
    swapped, so they break exactly even; against HEURISTIC they do not."""
    from engine.bots.policy import CLUB_MODEL

    assert paired_win_rate(CLUB_MODEL, 6, 5, opponent=CLUB_MODEL) == (0.5, 0.0)
    assert paired_win_rate(CLUB_MODEL, 6, 5) != (0.5, 0.0)
    assert paired_win_rate(CLUB_MODEL, 2, 5, "three-handed", opponent=CLUB_MODEL) == (0.5, 0.0)
