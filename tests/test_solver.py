"""The play-off solver against an independent brute force, its bitmask rules
against engine.rules.tricks, and the position notation."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.errors import BeziqueError, PositionError
from engine.notation.cards import Card, Suit
from engine.rules.profile import PlayoffRules, Profile, load_profile
from engine.rules.tricks import beats, is_brisque, playoff_legal, trick_winner
from engine.solver import Options, Position, move_values, solve
from engine.solver.analysis import _Analyser
from engine.solver.kernel4 import KernelSearch2, kernel_available
from engine.solver.search import (
    Searcher,
    counts_of,
    equivalence_classes,
    legal_mask,
    presence,
    representatives,
)

BASE = load_profile("two-handed")
PURE = Options(compiled=False)  # the pure-Python search: the reference


def profile_for(packs: int, tricks: int = 8, tiebreak: bool = False) -> Profile:
    profile = BASE.with_options(packs=packs, hand_size=max(tricks, 1))
    if tiebreak:
        profile = profile.with_options(scoring={"brisques": "tiebreak_only",
                                                "last_trick_bonus": 50})
    return profile


# ------------------------------------------------------------- brute force
def brute_value(profile: Profile, trump: int | None, hands: Sequence[list[int]],
                leader: int, lead: int | None) -> int:
    """Plain minimax on card ids: the value for the player to move. No table, no
    pruning; the only sharing is that identical copies are tried once."""
    sc = profile.scoring
    tiebreak = sc.brisques == "tiebreak_only"
    last_weight = sc.last_trick_bonus * (1000 if tiebreak else 1)

    def total(cards: list[int]) -> int:
        return sum(sc.brisque_points for c in cards if is_brisque(c)) + last_weight

    def lead_node(me: list[int], other: list[int]) -> int:
        """Value for ``me``, who leads."""
        best = None
        for face in sorted({c % 32 for c in me}):
            card = next(c for c in me if c % 32 == face)
            rest = [c for c in me]
            rest.remove(card)
            v = total(rest + other + [card]) - follow_node(other, rest, card)
            best = v if best is None else max(best, v)
        assert best is not None
        return best

    def follow_node(me: list[int], other: list[int], led: int) -> int:
        """Value for ``me``, who must follow ``led`` (other has already played it)."""
        best = None
        legal = playoff_legal(me, led, trump, profile.playoff)
        for face in sorted({c % 32 for c in legal}):
            card = next(c for c in legal if c % 32 == face)
            rest = list(me)
            rest.remove(card)
            points = sc.brisque_points * (is_brisque(card) + is_brisque(led))
            i_win = trick_winner(led, card, trump) == 1
            if not rest:
                v = points + last_weight if i_win else 0
            elif i_win:
                v = points + lead_node(rest, other)
            else:
                v = total(rest + other) - lead_node(other, rest)
            best = v if best is None else max(best, v)
        assert best is not None
        return best

    me = hands[leader] if lead is None else hands[1 - leader]
    other = hands[1 - leader] if lead is None else hands[leader]
    if lead is None:
        return lead_node(list(me), list(other))
    return follow_node(list(me), list(other), lead)


def brute_move_values(position: Position) -> dict[str, int]:
    """Brute-force value of every legal face, for the player to move."""
    profile = position.profile
    trump = None if position.trump is None else int(position.trump)
    hands = [position.hand_ids(0), position.hand_ids(1)]
    mover = position.to_move
    out: dict[str, int] = {}
    sc = profile.scoring
    tiebreak = sc.brisques == "tiebreak_only"
    last_weight = sc.last_trick_bonus * (1000 if tiebreak else 1)
    everything = hands[0] + hands[1] + [c.id for c in position.trick]
    total = sum(sc.brisque_points for c in everything if is_brisque(c)) + last_weight
    if not position.trick:
        for card in hands[mover]:
            face = Card.from_id(card).face
            if face in out:
                continue
            rest = [[c for c in h] for h in hands]
            rest[mover].remove(card)
            out[face] = total - brute_value(profile, trump, rest, mover, card)
    else:
        lead = position.trick[0].id
        legal = playoff_legal(hands[mover], lead, trump, profile.playoff)
        for card in legal:
            face = Card.from_id(card).face
            if face in out:
                continue
            rest = [[c for c in h] for h in hands]
            rest[mover].remove(card)
            points = sc.brisque_points * (is_brisque(card) + is_brisque(lead))
            if trick_winner(lead, card, trump) == 1:
                out[face] = points + (last_weight if not rest[mover] else
                                      brute_value(profile, trump, rest, mover, None))
            else:
                out[face] = 0 if not rest[mover] else (
                    total - points - brute_value(profile, trump, rest, 1 - mover, None))
    return out


def random_position(rng: random.Random, packs: int, tricks: int, *, narrow: bool = False,
                    trick: bool | None = None, tiebreak: bool = False,
                    rules: PlayoffRules | None = None) -> Position:
    """A random play-off position; ``narrow`` draws from two suits and few ranks, so
    both hands often hold identical cards."""
    profile = profile_for(packs, tricks, tiebreak)
    if rules is not None:
        profile = profile.with_options(playoff=rules)
    ids = list(range(32 * packs))
    if narrow:
        suits = rng.sample(range(4), 2)
        ranks = set(rng.sample(range(8), rng.randint(3, 6)))
        narrowed = [c for c in ids if (c % 32) // 8 in suits and c % 8 in ranks]
        if len(narrowed) >= 2 * tricks:
            ids = narrowed
    with_trick = rng.random() < 0.4 if trick is None else trick
    cards = rng.sample(ids, 2 * tricks)
    leader = rng.randrange(2)
    hands: list[list[int]] = [[], []]
    hands[leader] = cards[:tricks]
    hands[1 - leader] = cards[tricks:]
    lead: list[int] = []
    if with_trick:
        lead = [hands[leader].pop(rng.randrange(tricks))]
    trump = rng.choice([None, 0, 1, 2, 3])
    return Position.from_playoff(profile, trump, hands, leader, lead)


# ------------------------------------------------------- solver = brute force
def test_solver_matches_brute_force_on_many_small_positions() -> None:
    rng = random.Random(20240601)
    checked = mismatches = shared = 0
    for i in range(260):
        packs = (2, 2, 4, 6, 8)[i % 5]
        tricks = 3 + i % 3 if i % 13 else 6
        narrow = i % 2 == 0
        pos = random_position(rng, packs, tricks, narrow=narrow, tiebreak=i % 7 == 0)
        kinds = [{c.kind for c in h} for h in pos.hands]
        shared += bool(kinds[0] & kinds[1])
        expected = brute_move_values(pos)
        got = move_values(pos)
        pure = move_values(pos, PURE)  # the reference of the compiled kernel
        checked += 1
        if got != expected or pure != expected:
            mismatches += 1
            print(pos.to_text(), expected, got)
    assert mismatches == 0
    assert checked == 260 and shared > 100  # identical cards in both hands were covered


def test_every_technique_switched_off_gives_the_same_values() -> None:
    rng = random.Random(7)
    plain = Options(tt=False, etc=False, equivalence=False, ordering=False, bounds=False)
    for i in range(25):
        pos = random_position(rng, (2, 4, 8)[i % 3], 5, narrow=i % 2 == 0)
        assert move_values(pos, plain) == move_values(pos)
    for i in range(6):  # 7 tricks: too big for the brute force, fine for a table
        pos = random_position(rng, (2, 6)[i % 2], 7, narrow=i % 2 == 0)
        assert move_values(pos, Options(equivalence=False, etc=False, bounds=False)) \
            == move_values(pos)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), packs=st.sampled_from([1, 2, 4, 8]),
       tricks=st.integers(1, 4), narrow=st.booleans(), tiebreak=st.booleans(),
       follow=st.booleans(), win=st.booleans(), trump_rule=st.booleans())
def test_hypothesis_solver_matches_brute_force(seed: int, packs: int, tricks: int,
                                               narrow: bool, tiebreak: bool, follow: bool,
                                               win: bool, trump_rule: bool) -> None:
    rng = random.Random(seed)
    rules = PlayoffRules(follow_suit=follow, must_win=win, must_trump=trump_rule)
    try:
        pos = random_position(rng, packs, tricks, narrow=narrow, tiebreak=tiebreak,
                              rules=rules)
    except ValueError:  # a narrow single pack may not hold enough cards
        return
    assert move_values(pos) == brute_move_values(pos) == move_values(pos, PURE)


@pytest.mark.skipif(not kernel_available(), reason="numba is not installed")
def test_compiled_kernel_matches_the_pure_search() -> None:
    """Too big for the brute force: the compiled kernel (the default) and the
    pure-Python search give the same values, line and refutations."""
    rng = random.Random(2222)
    assert isinstance(_Analyser(random_position(rng, 2, 3), None).searcher, KernelSearch2)
    for i in range(24):
        packs, tricks = ((2, 8), (4, 9), (6, 12), (8, 13))[i % 4]
        pos = random_position(rng, packs, tricks if i % 8 < 4 else tricks - 3,
                              narrow=i % 3 == 0, tiebreak=i % 5 == 0)
        a, b = solve(pos), solve(pos, options=PURE)
        assert (a.values, a.line, a.refutations) == (b.values, b.line, b.refutations)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), packs=st.sampled_from([2, 4, 6, 8]),
       tricks=st.integers(2, 6))
def test_solution_invariants(seed: int, packs: int, tricks: int) -> None:
    """The value is the best move's; the line is legal and scores the value; every
    worse move has a refutation whose line scores its value."""
    pos = random_position(random.Random(seed), packs, tricks)
    sol = solve(pos)
    assert sol.value == max(sol.values.values())
    assert set(sol.best) == {f for f, v in sol.moves if v == sol.value}
    assert sol.line[0] in sol.best
    assert replay_score(pos, sol.line, sol.line_players) == sol.value
    worse = {f for f, v in sol.moves if v < sol.value}
    assert {r.move for r in sol.refutations} == worse
    for ref in sol.refutations:
        assert ref.loss == sol.value - ref.value > 0
        assert ref.reply in ref.line
        assert ref.text_en.startswith(f"{ref.move} loses ")
        assert "теряет" in ref.text_ru
        plays = (ref.move, *ref.line)
        players = (pos.to_move, *ref.line_players)
        assert replay_score(pos, plays, players) == ref.value


def replay_score(pos: Position, faces: Sequence[str], players: Sequence[int]) -> int:
    """Play a line with the rules of engine.rules.tricks, checking each card is legal;
    the points the player to move captures."""
    trump = None if pos.trump is None else int(pos.trump)
    hands = [list(pos.hand_ids(0)), list(pos.hand_ids(1))]
    leader = pos.leader
    table = [c.id for c in pos.trick]
    sc = pos.profile.scoring
    last = sc.last_trick_bonus * (1000 if sc.brisques == "tiebreak_only" else 1)
    me = pos.to_move
    score = 0
    for face, player in zip(faces, players, strict=True):
        mover = leader if not table else 1 - leader
        assert player == mover
        card = next(c for c in hands[mover] if Card.from_id(c).face == face)
        if table:
            assert card in playoff_legal(hands[mover], table[0], trump, pos.profile.playoff)
        hands[mover].remove(card)
        table.append(card)
        if len(table) == 2:
            winner = leader if trick_winner(table[0], table[1], trump) == 0 else 1 - leader
            points = sum(sc.brisque_points for c in table if is_brisque(c))
            if not hands[0] and not hands[1]:
                points += last
            if winner == me:
                score += points
            leader, table = winner, []
    assert not hands[0] and not hands[1] and not table
    return score


def test_rubicon_objective_puts_the_last_trick_first() -> None:
    """With tiebreak brisques, keeping the last trick beats winning brisques."""
    profile = profile_for(2, 8, tiebreak=True)
    # Leading AS wins 10 in brisques but gives up the last trick.
    pos = Position.from_playoff(profile, Suit.HEARTS, [["AS", "7S"], ["TS", "9S"]], 0, [])
    sol = solve(pos)
    assert sol.values == {"AS": 10, "7S": 50_010}
    assert sol.breakdown() == (50, 10)
    assert sol.refutation("AS") is not None
    assert "last trick" in sol.refutation("AS").text_en  # type: ignore[union-attr]
    out = sol.to_dict()
    assert out["last_trick"] is True and out["brisques"] == 10


def test_points_come_from_the_profile() -> None:
    pos = Position.from_text("two-handed/H/0/AS 7S/TS 9S/-")
    assert solve(pos).values == {"AS": 10, "7S": 20}
    doubled = Position.from_text("two-handed,brisque_points=20,last_trick_bonus=30/H/0/"
                                 "AS 7S/TS 9S/-")
    # AS: 20 for AS; 7S: the opponent takes TS, then AS captures 9S: 20 + 30 last trick.
    assert solve(doubled).values == {"AS": 20, "7S": 50}


def test_identical_cards_the_leader_wins() -> None:
    # Both hold AS: the AS led captures the other one; the AS following loses.
    pos = Position.from_text("two-handed/H/0/AS 7H/AS 8H/-")
    assert solve(pos).values == {"AS": 20, "7H": 0}
    # Leading AS lets the follower keep his AS for the KS trick (he plays QS).
    pos = Position.from_text("two-handed/-/0/AS KS/AS QS/-")
    assert solve(pos).values == {"AS": 10, "KS": 20} == brute_move_values(pos)


# ----------------------------------------------------- bitmask rules = tricks
def test_bitmask_legality_and_winners_agree_with_engine_tricks() -> None:
    rng = random.Random(3)
    all_rules = [PlayoffRules(a, b, c) for a in (True, False) for b in (True, False)
                 for c in (True, False)]
    for _ in range(3000):
        rules = rng.choice(all_rules)
        trump = rng.choice([None, 0, 1, 2, 3])
        hand = rng.sample(range(64), rng.randint(1, 9))
        lead = rng.randrange(64)
        expected = {c % 32 for c in playoff_legal(hand, lead, trump, rules)}
        mask = legal_mask(presence(counts_of(hand)[0]), lead % 32, trump, rules)
        assert {k for k in range(32) if mask >> k & 1} == expected
    for trump in (None, 0, 1, 2, 3):
        searcher = Searcher(trump, BASE.playoff, 1, 1)
        for c in range(32):
            for d in range(32):
                assert bool(searcher.beat_masks[c] >> d & 1) == beats(c, d, trump)
                assert beats(c + 32, d, trump) == beats(c, d + 32, trump) == beats(c, d, trump)


def test_equivalence_classes() -> None:
    def cls(mine: str, theirs: str) -> list[list[str]]:
        m = presence(counts_of(c.id for c in Position.from_text(
            f"two-handed/-/0/{mine}/{theirs}/-").hands[0])[0])
        t = presence(counts_of(c.id for c in Position.from_text(
            f"two-handed/-/0/{mine}/{theirs}/-").hands[1])[0])
        from engine.notation.cards import kind_face
        return [[kind_face(k) for k in g] for g in equivalence_classes(m, t)]

    # 7 8 9 with no card of the other player between: one class
    assert cls("7S 8S 9S", "KH QH JH") == [["7S", "8S", "9S"]]
    # the other's jack splits; the king and the ten are different point classes
    assert cls("9S QS KS TS", "JS 7H 8H 9H") == [["9S"], ["QS", "KS"], ["TS"]]
    # a rank both hold stands alone (identical cards: the leader wins)
    assert cls("QS KS AS", "KS 7H 8H") == [["QS"], ["KS"], ["AS"]]
    # played cards do not separate: T and A with nothing else around
    assert cls("TS AS 7D", "7H 8H 9H") == [["TS", "AS"], ["7D"]]
    m, t = 0b1011, 0b0100
    assert representatives(m, t) == 0b1001


# ------------------------------------------------------------------ notation
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), packs=st.sampled_from([1, 2, 4, 6, 8]),
       tricks=st.integers(1, 13), tiebreak=st.booleans())
def test_notation_round_trips(seed: int, packs: int, tricks: int, tiebreak: bool) -> None:
    rng = random.Random(seed)
    tricks = min(tricks, 16 * packs)
    pos = random_position(rng, packs, tricks, tiebreak=tiebreak)
    assert Position.from_text(pos.to_text()) == pos
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_dict(json.loads(pos.to_json())) == pos
    assert Position.parse(pos.to_json()) == pos == Position.parse(pos.to_text())
    assert "\n" not in pos.to_text()


def test_text_notation_example() -> None:
    pos = Position.from_text("two-handed/H/0/AS TS/KS AS/-")
    assert pos.to_text() == "two-handed/H/0/AS TS/AS#2 KS/-"
    assert pos.to_dict() == {"variant": "two-handed", "trump": "H", "leader": 0,
                             "hands": [["AS", "TS"], ["AS#2", "KS"]], "trick": []}
    six = Position.from_text("two-handed,packs=6,hand_size=12/S/1/7H 8H/9H/AS")
    assert six.profile.packs == 6 and six.to_move == 0 and six.lead == Card.from_id(7)
    assert six.to_text() == "two-handed,packs=6,hand_size=12/S/1/8H 7H/9H/AS"
    assert Position.from_text("two-handed/-/0/7S/8S").trump is None  # trick may be left out


def test_from_playoff_takes_plain_deal_data() -> None:
    pos = Position.from_playoff(BASE, 1, [[7, 39, 6], [15, 14]], 1, [5])
    assert pos.trump is Suit.HEARTS and pos.to_move == 0
    assert [str(c) for c in pos.hands[0]] == ["AS#1", "AS#2", "TS#1"]
    assert pos.trick == (Card.from_id(5),)


@pytest.mark.parametrize(("text", "message"), [
    ("two-handed/H/0/AS AS AS/7S 8S 9S/-", "too many copies of AS"),
    ("two-handed/H/0/AS#3/7S/-", "does not exist"),
    ("two-handed/H/0/AS#1/AS#1/-", "listed twice"),
    ("two-handed/H/0/AS KS/7S/-", "hands must be equal"),
    ("two-handed/H/0/AS KS/7S 8S/QS", "one card fewer"),
    ("two-handed/H/0/AS/7S/QS KS", "only the card led"),
    ("two-handed/H/0/-/-/-", "no cards left"),
    ("two-handed/H/0/7S 8S 9S JS QS KS TS AS 7H/7D 8D 9D JD QD KD TD AD 7C/-",
     "wrong card count"),
    ("two-handed/H/0/XS/7S/-", "malformed card"),
    ("two-handed/Z/0/AS/7S/-", "bad trump"),
    ("two-handed/H/2/AS/7S/-", "leader must be 0 or 1"),
    ("two-handed/H/0/AS/7S", None),
    ("two-handed/H/0/AS", "6 fields"),
    ("nope/H/0/AS/7S/-", "unknown variant"),
    ("two-handed,colour=red/H/0/AS/7S/-", "unknown position option"),
    ("two-handed,packs=x/H/0/AS/7S/-", "must be an integer"),
])
def test_position_errors_name_the_problem(text: str, message: str | None) -> None:
    if message is None:
        Position.from_text(text)
        return
    with pytest.raises(PositionError, match=message):
        Position.from_text(text)


def test_json_errors() -> None:
    for data, message in [
        ("{", "not valid JSON"),
        ("[1]", "must be a JSON object"),
        ('{"hands": [["AS"], ["7S"]]}', "missing field 'leader'"),
        ('{"leader": 0}', "missing field 'hands'"),
        ('{"leader": 0, "hands": [["AS"]]}', "two lists"),
        ('{"leader": 0, "hands": [["AS"], [7.5]]}', "must be a string"),
        ('{"leader": 0, "hands": [["AS"], ["7S"]], "extra": 1}', "unknown position field"),
    ]:
        with pytest.raises(PositionError, match=message):
            Position.from_json(data)
    assert issubclass(PositionError, BeziqueError)


# ----------------------------------------------------------------------- CLI
def test_cli_solves_json_lines_and_reports_bad_lines(
        tmp_path: object, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [
        json.dumps({"variant": "two-handed", "trump": "H", "leader": 0,
                    "hands": [["AS", "7S"], ["TS", "9S"]], "trick": []}),
        "not a position",
        "two-handed/H/0/7S/TS 9S/AS",
        '{"variant": "two-handed", "leader": 0, "hands": [["AS", "AS", "AS"], ["7S"]]}',
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["solve", "-"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0] == {"to_move": 0, "value": 20, "moves": {"AS": 10, "7S": 20},
                      "line": ["7S", "TS", "9S", "AS"]}
    assert set(out[1]) == {"error"}
    assert out[2]["to_move"] == 1 and out[2]["moves"] == {"TS": 10, "9S": 20}
    assert "too many copies" in out[3]["error"]


def test_cli_reads_one_pretty_json_object_and_explains(
        tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib
    path = pathlib.Path(str(tmp_path)) / "pos.json"
    path.write_text(json.dumps({"variant": "two-handed", "trump": "H", "leader": 0,
                                "hands": [["AS", "7S"], ["TS", "9S"]]}, indent=2))
    assert main(["solve", str(path), "--explain", "--lang", "ru"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    out = json.loads(line)
    assert out["best"] == ["7S"]
    assert out["refutations"]["AS"]["ru"].startswith("Т♠ теряет 10")
    assert "en" not in out["refutations"]["AS"]


def test_cli_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/nonexistent/positions.jsonl"]) == 1
    assert "error" in json.loads(capsys.readouterr().out)


def test_line_is_the_lowest_best_kind_at_every_turn() -> None:
    """The line comes from one zero-window test per candidate; it must be the
    line of full values: at each turn the lowest kind among the best."""
    from engine.solver.analysis import _Analyser

    rng = random.Random(2222)
    for _ in range(60):
        pos = random_position(rng, rng.choice([1, 2]), rng.randint(1, 6), narrow=rng.random() < 0.5,
                              tiebreak=rng.random() < 0.3)
        an = _Analyser(pos, None)
        state = an.root()
        want = []
        while not state.over:
            values = an.values(state)
            best = max(values.values())
            kind = min(k for k, v in values.items() if v == best)
            want.append((state.mover, kind))
            state = an.play(state, kind)
        got = solve(pos, explain=True)
        assert [Card.from_id(k).face for _p, k in want] == list(got.line)
        for ref in got.refutations:
            # A refutation line is the best line after its card: its value is the card's.
            assert ref.value == dict(got.moves)[ref.move]
