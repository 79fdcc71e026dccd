"""The three-seat play-off solver (paranoid value) against an independent brute force,
through ``Position``, ``solve``/``move_values`` and ``bezique solve``."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.tricks import playoff_legal, trick_best
from engine.solver import Position, move_values, solve

THREE = load_profile("three-handed")


def brute(hands: list[list[int]], leader: int, trick: list[int], trump: int | None,
          me: int) -> int:
    """Paranoid value written plainly: every legal card, no pruning, no table."""
    seat = (leader + len(trick)) % 3
    hand = hands[seat]
    if trick:
        best = trick[trick_best(trick, trump)]
        moves = set(playoff_legal(hand, trick[0], trump, THREE.playoff, best))
    else:
        moves = set(hand)
    results = []
    for card in moves:
        new = [list(h) for h in hands]
        new[seat].remove(card)
        t2 = [*trick, card]
        if len(t2) < 3:
            results.append(brute(new, leader, t2, trump, me))
            continue
        winner = (leader + trick_best(t2, trump)) % 3
        points = 10 * sum(1 for c in t2 if c % 8 >= 6)
        over = not any(new)
        if over:
            points += THREE.scoring.last_trick_bonus
        gained = points if winner == me else 0
        results.append(gained if over else gained + brute(new, winner, [], trump, me))
    return max(results) if seat == me else min(results)


@pytest.mark.parametrize("seed", range(40))
def test_paranoid_values_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    tricks = rng.choice([1, 2, 3])
    # Odd seeds deal from two suits only, so runs of equivalent cards are common.
    deck = range(THREE.deck_size) if seed % 2 == 0 else [
        c for c in range(THREE.deck_size) if c % 32 < 16]
    kinds = rng.sample(deck, 3 * tricks)
    hands = [kinds[i * tricks:(i + 1) * tricks] for i in range(3)]
    trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(3)
    trick: list[int] = []
    if seed % 3 == 1:  # one card already led
        trick = [hands[leader].pop()]
    position = Position.from_playoff(THREE, trump, hands, leader, trick)
    me = position.to_move
    values = move_values(position)
    for face, value in values.items():
        card = next(c for c in position.hands[me] if c.face == face)
        new = [list(h) for h in hands]
        new[me].remove(card.id)
        t2 = [*trick, card.id]
        if len(t2) < 3:
            expected = brute(new, leader, t2, trump, me)
        else:
            winner = (leader + trick_best(t2, trump)) % 3
            pts = 10 * sum(1 for c in t2 if c % 8 >= 6)
            over = not any(new)
            pts += THREE.scoring.last_trick_bonus if over else 0
            expected = (pts if winner == me else 0) + (
                0 if over else brute(new, winner, [], trump, me))
        assert value == expected, (face, position.to_text())


def test_paranoid_solution_and_refutation() -> None:
    p = Position.from_text("three-handed/H/0/AS 7C/TS 8C/KS 9C/-")
    s = solve(p)
    assert (s.value, s.values, s.line) == (30, {"AS": 20, "7C": 30},
                                           ("7C", "8C", "9C", "KS", "AS", "TS"))
    assert s.line_players == (0, 1, 2, 2, 0, 1)
    ref = s.refutation("AS")
    assert ref.loss == 10 and "both others play against you" in ref.text_en
    assert "оба других" in ref.text_ru


def test_deal_playoff_position_has_three_hands() -> None:
    rng = random.Random(4)
    deal = Deal.new(THREE, rng, dealer=0)
    while not deal.in_playoff:
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(10):  # a few tricks in, so the search stays small
        deal.apply(rng.choice(deal.legal_actions()))
    values = move_values(deal.playoff_position())
    legal = {a.card for a in deal.legal_actions()}
    assert {c % 32 for c in legal} == {
        next(c for c in deal.playoff_position().hands[deal.to_move] if c.face == f).kind
        for f in values}


def test_solve_command_takes_three_hands() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.cli", "solve", "-"],
                         input="three-handed/H/0/AS 7C/TS 8C/KS 9C/-\n"
                               "three-handed/H/0/AS 7C/TS 8C/KS/-\n",
                         capture_output=True, text=True, check=False)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines[0]["value"] == 30 and lines[0]["moves"] == {"AS": 20, "7C": 30}
    assert "error" in lines[1] and out.returncode == 1


def test_three_handed_endgame_puzzle_plays_out_against_both_others() -> None:
    from puzzles import bank, endgame, trainer

    records = bank.load("endgame", "three-handed")
    assert len(records) >= 50 and all(r["variant"] == "three-handed" for r in records)
    for rec in [r for r in records if r["type"] == "best"][:5]:
        state = trainer.endgame_start(rec)
        while state["status"] == "playing" and state["position"] is not None:
            best = endgame.solution_of(state["position"]).best[0]
            state = trainer.endgame_play(state, best, "en")
        assert state["status"] == "solved"
        # Both others held the learner down, so the learner takes exactly the paranoid value.
        assert trainer.side_points(state) == rec["value"]
    names = {trainer.seat_name(0, s, 3, "en") for s in (1, 2)}
    assert names == {"Left opponent", "Right opponent"}
