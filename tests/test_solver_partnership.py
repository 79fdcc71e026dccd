"""The four-handed partnership play-off solver against an independent brute force
and against a real rubicon-four-handed deal played out to the play-off."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.errors import PositionError
from engine.notation.actions import Action
from engine.notation.cards import KINDS_PER_PACK, kind_face, parse_card
from engine.rules.deal import Deal
from engine.rules.profile import Profile, load_profile
from engine.rules.tricks import beats, is_brisque, playoff_legal
from engine.solver import Position, move_values, solve
from engine.solver.kernel4 import KernelSearch4, kernel_available
from engine.solver.partnership import (
    PartnershipSolver,
    move_values_partnership,
    solve_partnership,
)
from engine.solver.search4 import Search4

FOUR = load_profile("rubicon-four-handed")


def tiebreak_factor(profile: Profile) -> int:
    if profile.scoring.brisques != "tiebreak_only":
        return 1
    return int(max(1000, 10 ** len(str(profile.packs * 8 * profile.scoring.brisque_points))))


# ------------------------------------------------------------- brute force
def brute(profile: Profile, trump: int | None, hands: Sequence[Sequence[int]], leader: int,
          trick: Sequence[int]) -> tuple[int, dict[str, int]]:
    """Plain minimax on card ids and absolute seats, no table, no pruning, no
    merging: returns (value, {face: value}) for the side of the seat to move."""
    sc = profile.scoring
    last_bonus = sc.last_trick_bonus * tiebreak_factor(profile)

    def winner_index(cards: list[int]) -> int:
        w = 0
        for i in range(1, len(cards)):
            if beats(cards[w], cards[i], trump):
                w = i
        return w

    def legal(hand: list[int], cards: list[int]) -> list[int]:
        if not cards:
            return list(hand)
        best = cards[winner_index(cards)]
        return playoff_legal(hand, cards[0], trump, profile.playoff, best)

    def play(hs: list[list[int]], lead_seat: int, cards: list[int]) -> tuple[int, int]:
        """Points (side 0, side 1) captured from here on, with best play."""
        seat = (lead_seat + len(cards)) % 4
        best: tuple[int, int] | None = None
        for card in legal(hs[seat], cards):
            outcome = after(hs, lead_seat, cards, seat, card)
            if best is None or outcome[seat % 2] > best[seat % 2]:
                best = outcome
        assert best is not None
        return best

    def after(hs: list[list[int]], lead_seat: int, cards: list[int], seat: int,
              card: int) -> tuple[int, int]:
        new = [list(h) for h in hs]
        new[seat].remove(card)
        played = cards + [card]
        if len(played) < 4:
            return play(new, lead_seat, played)
        win = (lead_seat + winner_index(played)) % 4
        gained = sum(sc.brisque_points for c in played if is_brisque(c))
        if not any(new):
            gained += last_bonus
            rest = (0, 0)
        else:
            rest = play(new, win, [])
        out = [rest[0], rest[1]]
        out[win % 2] += gained
        return out[0], out[1]

    hs = [list(h) for h in hands]
    seat = (leader + len(trick)) % 4
    values: dict[str, int] = {}
    for card in legal(hs[seat], list(trick)):
        values[kind_face(card % KINDS_PER_PACK)] = after(hs, leader, list(trick), seat,
                                                         card)[seat % 2]
    return max(values.values()), values


# ------------------------------------------------------------- random positions
def random_profile(rng: random.Random) -> Profile:
    packs = rng.randint(1, 6)
    brisques = rng.choice(["count", "tiebreak_only"])
    return FOUR.with_options(
        packs=packs,
        scoring={"brisques": brisques, "brisque_points": rng.choice([10, 10, 5]),
                 "last_trick_bonus": rng.choice([10, 50, 0])},
        playoff={"follow_suit": rng.random() < 0.9, "must_win": rng.random() < 0.8,
                 "must_trump": rng.random() < 0.8},
    )


def random_position(rng: random.Random, tricks: int, profile: Profile
                    ) -> tuple[int | None, list[list[int]], int, list[int]]:
    packs = profile.packs
    # Few suits and ranks sometimes, so identical kinds and ties are common.
    suits = rng.sample(range(4), rng.randint(1, 4))
    ranks = rng.sample(range(8), rng.randint(2, 8))
    pool = [copy * KINDS_PER_PACK + s * 8 + r
            for copy in range(packs) for s in suits for r in ranks]
    while len(pool) < 4 * tricks:
        pool = [c for c in range(packs * KINDS_PER_PACK)]
    cards = rng.sample(pool, 4 * tricks)
    hands = [cards[i * tricks:(i + 1) * tricks] for i in range(4)]
    leader = rng.randrange(4)
    trump = rng.choice([None, *range(4)])
    played = rng.randint(0, 3)
    trick: list[int] = []
    for i in range(played):
        seat = (leader + i) % 4
        legal = (hands[seat] if not trick else
                 playoff_legal(hands[seat], trick[0], trump, profile.playoff,
                               _winning(trick, trump)))
        card = rng.choice(legal)
        hands[seat].remove(card)
        trick.append(card)
    return trump, hands, leader, trick


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_matches_brute_force(tricks: int) -> None:
    rng = random.Random(4000 + tricks)
    count = {1: 400, 2: 400, 3: 300}[tricks]
    mismatches = []
    for _ in range(count):
        profile = random_profile(rng)
        trump, hands, leader, trick = random_position(rng, tricks, profile)
        want_value, want_moves = brute(profile, trump, hands, leader, trick)
        sol = solve_partnership(profile, trump, hands, leader, trick)
        mv = move_values_partnership(profile, trump, hands, leader, trick)
        # the pure-Python search is the reference of the compiled kernel
        pure = solve_partnership(profile, trump, hands, leader, trick,
                                 PartnershipSolver(profile, trump, pure=True))
        if (sol.value, sol.moves, mv, pure.value, pure.moves) != (
                want_value, want_moves, want_moves, want_value, want_moves):
            mismatches.append((hands, leader, trick, trump, sol, want_moves))
        assert sol.to_move == (leader + len(trick)) % 4
        assert len(sol.line) == 4 * tricks - len(trick)
    assert mismatches == []


def test_line_realises_value() -> None:
    """Playing the line out by hand gives exactly the value for the mover's side."""
    rng = random.Random(77)
    for _ in range(80):
        profile = random_profile(rng)
        trump, hands, leader, trick = random_position(rng, rng.randint(1, 3), profile)
        sol = solve_partnership(profile, trump, hands, leader, trick)
        hs = [[c % KINDS_PER_PACK for c in h] for h in hands]
        cards = [c % KINDS_PER_PACK for c in trick]
        lead_seat, seat = leader, (leader + len(trick)) % 4
        side = [0, 0]
        bonus = profile.scoring.last_trick_bonus * tiebreak_factor(profile)
        for face in sol.line:
            kind = parse_card(face).kind
            legal = hs[seat] if not cards else playoff_legal(
                hs[seat], cards[0], trump, profile.playoff, _winning(cards, trump))
            assert kind in legal
            hs[seat].remove(kind)
            cards.append(kind)
            if len(cards) == 4:
                win = (lead_seat + cards.index(_winning(cards, trump))) % 4
                side[win % 2] += sum(profile.scoring.brisque_points
                                     for c in cards if is_brisque(c))
                if not any(hs):
                    side[win % 2] += bonus
                cards, lead_seat, seat = [], win, win
            else:
                seat = (seat + 1) % 4
        assert side[sol.to_move % 2] == sol.value


def _winning(cards: list[int], trump: int | None) -> int:
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[w], cards[i], trump):
            w = i
    return cards[w]


def test_simple_positions() -> None:
    profile = FOUR.with_options(scoring={"brisques": "count"})
    ids = [[parse_card(t).id] for t in ("AS", "TS", "7S", "8S")]
    sol = solve_partnership(profile, None, ids, 0)
    assert (sol.to_move, sol.value, sol.moves) == (0, 70, {"AS": 70})
    # Seat 1 to move after AS: its side gets nothing.
    sol = solve_partnership(profile, None, [[], *ids[1:]], 0, ids[0])
    assert (sol.to_move, sol.value, sol.line) == (1, 0, ["TS", "7S", "8S"])
    # Rubicon: tiebreak encoding, last trick * 1000 + brisques.
    sol = solve_partnership(FOUR, None, ids, 0)
    assert sol.value == 50 * 1000 + 20


def test_bad_input() -> None:
    with pytest.raises(PositionError):
        solve_partnership(FOUR, None, [[0], [1], [2]], 0)
    with pytest.raises(PositionError):
        solve_partnership(FOUR, None, [[0], [1], [2], [3, 4]], 0)
    with pytest.raises(PositionError):
        solve_partnership(FOUR, None, [[0], [0], [2], [3]], 0)
    with pytest.raises(PositionError):
        solve_partnership(FOUR, None, [[], [], [], []], 0)


# ------------------------------------------------------------- a real deal
def deal_to_playoff(seed: int, tricks_left: int) -> Deal | None:
    rng = random.Random(seed)
    deal = Deal.new(FOUR, rng, dealer=seed % 4)
    while not deal.is_over:
        if (deal.in_playoff and deal.phase in ("lead", "follow")
                and len(deal.hands[deal.to_move]) == tricks_left):
            return deal
        actions = deal.legal_actions()
        plays = [a for a in actions if a.type == "play"]
        deal.apply(rng.choice(plays if plays and rng.random() < 0.7 else actions))
    return None


@pytest.mark.parametrize("tricks_left", [2, 3])
def test_real_rubicon_four_handed_deal(tricks_left: int) -> None:
    checked = 0
    seed = 0
    while checked < 3:
        seed += 1
        assert seed < 200, "no deal reached the play-off"
        deal = deal_to_playoff(seed * 31 + tricks_left, tricks_left)
        if deal is None:
            continue
        hands = [sorted(h) for h in deal.hands]
        sol = solve_partnership(deal.profile, deal.trump, hands, deal.leader, deal.trick)
        assert sol.to_move == deal.to_move
        want_value, want_moves = brute(deal.profile, deal.trump, hands, deal.leader,
                                       deal.trick)
        assert (sol.value, sol.moves) == (want_value, want_moves)
        legal_faces = {kind_face(a.cards[0] % KINDS_PER_PACK)
                       for a in deal.legal_actions() if a.type == "play"}
        assert set(sol.moves) == legal_faces
        # Play the solver's line in the deal: the mover's side captures the value.
        side = deal.profile.team(deal.to_move)
        before = deal.brisque_points()[side]
        for face in sol.line:
            card = next(c for c in sorted(deal.hands[deal.to_move])
                        if kind_face(c % KINDS_PER_PACK) == face)
            deal.apply(Action.play(card))
        assert deal.is_over
        got = deal.brisque_points()[side] - before
        if deal.last_trick_winner is not None and \
                deal.profile.team(deal.last_trick_winner) == side:
            got += deal.profile.scoring.last_trick_bonus * tiebreak_factor(deal.profile)
        assert got == sol.value
        checked += 1


def test_four_tricks_match_brute_force() -> None:
    rng = random.Random(4444)
    for _ in range(8):
        profile = random_profile(rng)
        trump, hands, leader, trick = random_position(rng, 4, profile)
        want_value, want_moves = brute(profile, trump, hands, leader, trick)
        sol = solve_partnership(profile, trump, hands, leader, trick)
        assert (sol.value, sol.moves) == (want_value, want_moves)
        pure = solve_partnership(profile, trump, hands, leader, trick,
                                 PartnershipSolver(profile, trump, pure=True))
        assert (pure.value, pure.moves, pure.line) == (sol.value, sol.moves, sol.line)


@pytest.mark.skipif(not kernel_available(), reason="numba is not installed")
@pytest.mark.parametrize("size", [(3, 6), (6, 6), (6, 7)])
def test_kernel_matches_the_pure_search(size: tuple[int, int]) -> None:
    """Deeper than the brute force: the compiled kernel and the pure-Python
    search (its reference) give the same values, moves and line, also from
    inside a trick; the kernel is the one a default solver uses."""
    packs, tricks = size
    rng = random.Random(2200 + 10 * packs + tricks)
    for i in range(4):
        profile = FOUR.with_options(packs=packs, hand_size=tricks)
        if i % 2:
            profile = profile.with_options(scoring={"brisques": "count"})
        trump, hands, leader, trick = random_position(rng, tricks, profile)
        kernel = PartnershipSolver(profile, trump)
        assert isinstance(kernel.search, KernelSearch4)
        pure = PartnershipSolver(profile, trump, pure=True)
        assert isinstance(pure.search, Search4)
        a = solve_partnership(profile, trump, hands, leader, trick, kernel)
        b = solve_partnership(profile, trump, hands, leader, trick, pure)
        assert (a.value, a.moves, a.line) == (b.value, b.moves, b.line)


@pytest.mark.parametrize("tricks", [4, 5])
def test_deeper_positions_self_consistent(tricks: int) -> None:
    """Too big for the brute force: one shared table must agree with a fresh table
    per move, and every node of the best line must be solvable (the line is rebuilt
    from exact values, so a wrong bound anywhere raises)."""
    rng = random.Random(500 + tricks)
    for _ in range(8):
        profile = rng.choice([FOUR, FOUR.with_options(scoring={"brisques": "count"})])
        cards = rng.sample(range(profile.packs * KINDS_PER_PACK), 4 * tricks)
        hands = [cards[i * tricks:(i + 1) * tricks] for i in range(4)]
        trump, leader = rng.choice([None, *range(4)]), rng.randrange(4)
        sol = solve_partnership(profile, trump, hands, leader)
        assert len(sol.line) == 4 * tricks
        seat = sol.to_move
        for face, value in sol.moves.items():
            card = next(c for c in hands[seat] if kind_face(c % KINDS_PER_PACK) == face)
            rest = [list(h) for h in hands]
            rest[seat].remove(card)
            child = solve_partnership(profile, trump, rest, leader, [card])
            # The next seat is an opponent: it gets the rest.
            total = sum(profile.scoring.brisque_points for c in cards if is_brisque(c))
            total += profile.scoring.last_trick_bonus * tiebreak_factor(profile)
            assert value == total - child.value


# ------------------------------------------- the Position / solve / CLI path
def test_solve_of_a_four_handed_position_is_the_partnership_solution() -> None:
    rng = random.Random(77)
    for _ in range(150):
        profile = random_profile(rng)
        trump, hands, leader, trick = random_position(rng, rng.randint(1, 3), profile)
        position = Position.from_playoff(profile, trump, hands, leader, trick)
        assert Position.from_text(position.to_text()) == position
        assert Position.from_json(position.to_json()) == position
        want = solve_partnership(profile, trump, hands, leader, trick)
        got = solve(position)
        assert (got.to_move, got.value, got.values) == (want.to_move, want.value, want.moves)
        assert move_values(position) == want.moves
        assert got.best == tuple(f for f, v in got.moves if v == got.value)
        assert len(got.line) == len(got.line_players) == sum(map(len, hands))
        assert got.line[0] in got.best and got.line_players[0] == got.to_move
        # Every worse card has a refutation whose line starts after that card
        # and whose value is the card's value.
        worse = {f: v for f, v in got.moves if v < got.value}
        assert {r.move: r.value for r in got.refutations} == worse
        for r in got.refutations:
            assert r.loss == got.value - r.value and r.text_en and r.text_ru
            assert len(r.line) == len(got.line) - 1
            assert r.reply == "" or r.reply in r.line


def test_four_handed_notation_and_errors() -> None:
    q = Position.from_text("rubicon-four-handed/H/3/AS/TS/7S/-/9S")
    assert (q.players, q.to_move, q.tricks_left, q.leader) == (4, 0, 1, 3)
    assert Position.from_text(q.to_text()) == q
    assert Position.from_dict({"variant": "rubicon-four-handed", "trump": "H", "leader": 3,
                               "hands": [["AS"], ["TS"], ["7S"], []],
                               "trick": ["9S"]}) == q
    for text, message in [
        ("rubicon-four-handed/H/4/AS/TS/7S/8S/-", "leader must be a seat 0..3"),
        ("rubicon-four-handed/H/0/AS/TS/7S", "has 8 fields"),
        ("rubicon-four-handed/H/0/AS/TS 9S/7S/8S/-", "seat 1 has not played"),
        ("rubicon-four-handed/H/0/AS/TS/7S/8S/9S", "seat 0 has played"),
        ("rubicon-four-handed/H/0/-/-/-/-/AS TS 7S 8S", "at most 3 cards"),
        ("rubicon-four-handed/H/0/AS#7/TS/7S/8S/-", "does not exist"),
    ]:
        with pytest.raises(PositionError, match=message):
            Position.from_text(text)
    with pytest.raises(PositionError, match="four lists"):
        Position.from_dict({"variant": "rubicon-four-handed", "leader": 0,
                            "hands": [["AS"], ["TS"]]})


def test_cli_solves_four_handed_lines(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import json

    from engine.cli import main

    lines = ["rubicon-four-handed,brisques=count/-/0/AS 7H/TS 8H/7S 9H/8S JH",
             "rubicon-four-handed/H/2/AS/TS/7S/8S 9S/-"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["solve", "-", "--explain"]) == 1
    first, bad = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert first["value"] == 70 and first["moves"] == {"AS": 20, "7H": 70}
    assert first["best"] == ["7H"] and first["refutations"]["AS"]["loss"] == 50
    assert "seat 3" in bad["error"]


# ------------------------------------------- the four-seat search's own parts
def test_canonical_suit4_squeezes_and_merges() -> None:
    from engine.solver.search4 import canonical_suit4

    def slices(*ranks_per_hand: str) -> list[int]:
        out = []
        for ranks in ranks_per_hand:
            s = 0
            for r in ranks.split():
                s += 1 << (4 * "789JQKTA".index(r))
            out.append(s)
        return out

    # 7 8 of one hand with nothing between merge into one rank of two copies;
    # the queen held by two hands stays apart; the ace (a brisque) packs at the top.
    assert canonical_suit4(slices("7 8", "Q", "Q", "A")) == (2, 1 << 4, 1 << 4, 1 << 28)
    # A ten and a king of one hand are of different point classes: no merge.
    assert canonical_suit4(slices("K T", "", "", "")) == (1 | 1 << 28, 0, 0, 0)


def test_shared_solver_across_a_deal_matches_fresh_solvers() -> None:
    """The per-thread solver keeps its table from position to position of one
    deal; values must not depend on it."""
    from engine.solver.partnership import PartnershipSolver, reset_shared
    from engine.solver.partnership import solve_position as solve4
    from puzzles.endgame import deal_positions

    reset_shared()
    checked = 0
    for position, _played in deal_positions(FOUR, 5, 1, 5):
        shared = solve4(position, explain=False)
        trump = None if position.trump is None else int(position.trump)
        fresh = solve4(position, explain=False, solver=PartnershipSolver(FOUR, trump))
        assert (shared.value, shared.moves, shared.line) == (fresh.value, fresh.moves,
                                                             fresh.line)
        checked += 1
    assert checked == 20


def test_five_tricks_match_a_plain_search() -> None:
    """Deeper than the brute force reaches: the search with every technique
    against the same search with none of its pruning (plain fail-soft
    alpha-beta on the original cards, no table)."""
    rng = random.Random(606)
    for tricks in (5,):
        for _ in range(3):
            profile = rng.choice([FOUR, FOUR.with_options(scoring={"brisques": "count"})])
            cards = rng.sample(range(profile.packs * KINDS_PER_PACK), 4 * tricks)
            hands = [cards[i * tricks:(i + 1) * tricks] for i in range(4)]
            trump, leader = rng.choice([None, *range(4)]), rng.randrange(4)
            want = _plain_value(profile, trump, hands, leader)
            assert solve_partnership(profile, trump, hands, leader).value == want


def _plain_value(profile: Profile, trump: int | None, hands: Sequence[Sequence[int]],
                 leader: int) -> int:
    """Alpha-beta on kinds without table or equivalences: the value for the
    leader's side."""
    sc = profile.scoring
    last_bonus = sc.last_trick_bonus * tiebreak_factor(profile)
    hs = [sorted(c % KINDS_PER_PACK for c in h) for h in hands]

    def search(lead_seat: int, cards: list[int], alpha: int, beta: int) -> int:
        """Points the side of seat 0 still captures."""
        seat = (lead_seat + len(cards)) % 4
        maximise = seat % 2 == 0
        legal = sorted(set(hs[seat] if not cards else playoff_legal(
            hs[seat], cards[0], trump, profile.playoff, _winning(cards, trump))))
        best = -1 if maximise else 10 ** 9
        for card in legal:
            hs[seat].remove(card)
            played = cards + [card]
            if len(played) < 4:
                v = search(lead_seat, played, alpha, beta)
            else:
                win = (lead_seat + played.index(_winning(played, trump))) % 4
                gained = sum(sc.brisque_points for c in played if is_brisque(c))
                if not any(hs):
                    gained += last_bonus
                    rest = 0
                else:
                    rest = search(win, [], alpha - (gained if win % 2 == 0 else 0),
                                  beta - (gained if win % 2 == 0 else 0))
                v = rest + (gained if win % 2 == 0 else 0)
            hs[seat].append(card)
            hs[seat].sort()
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    total = search(leader, [], -1, 10 ** 9)
    return total if leader % 2 == 0 else (
        sum(sc.brisque_points for h in hands for c in h if is_brisque(c)) + last_bonus - total)


def test_threads_solving_at_once_in_a_fresh_process() -> None:
    """The app solves in several threads: the first ones must not see a
    half-built equivalent-card table (the compiled kernel read past its end)."""
    import subprocess
    import sys

    script = """
import random, threading
from engine.rules.profile import load_profile
from engine.solver import Position, solve
rng = random.Random(3)
positions = []
for i in range(8):
    p = load_profile("rubicon-four-handed" if i % 2 else "two-handed").with_options(
        packs=3, hand_size=6)
    cards = rng.sample(range(96), p.players * 6)
    hands = [cards[j * 6:(j + 1) * 6] for j in range(p.players)]
    positions.append(Position.from_playoff(p, rng.randrange(4), hands, 0, []))
out = {}
def work(i):
    out[i] = solve(positions[i], explain=False).value
threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert len(out) == 8 and all(out[i] == solve(q, explain=False).value
                                 for i, q in enumerate(positions))
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
