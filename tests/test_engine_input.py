"""Bad input gets a clear error and loses nothing: notation, actions, saves, CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from engine.errors import (
    BeziqueError,
    CorruptSaveError,
    IllegalActionError,
    NotationError,
    PositionError,
    ProfileError,
)
from engine.notation.actions import Action
from engine.notation.cards import Card, Rank, Suit, full_pack, parse_card, parse_cards
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import load_profile, profile_from_dict

P = load_profile("two-handed")


@pytest.mark.parametrize("token, expected", [
    ("QS", "QS#1"), ("Q♠", "QS#1"), ("TS", "TS#1"), ("10S", "TS#1"), ("10♠", "TS#1"),
    ("Д♠", "QS#1"), ("В♦", "JD#1"), ("Т♣", "AC#1"), ("К♥", "KH#1"), ("QS#2", "QS#2"),
    ("qs", "QS#1"), (" 7h ", "7H#1"), ("Дп", "QS#1"), ("10ч#2", "TH#2"),
])
def test_notation_is_parsed(token: str, expected: str) -> None:
    assert str(parse_card(token)) == expected


@pytest.mark.parametrize("token", ["", "Q", "QX", "1S", "11S", "QS#", "QS#0", "QS#x",
                                   "ZZ", "QS#2#3", "Q♠♠", "x" * 40])
def test_bad_notation_names_the_token(token: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(token)
    assert repr(token.strip())[:10].strip("'") in str(err.value) or token == ""


def test_non_string_card_is_refused() -> None:
    with pytest.raises(NotationError):
        parse_card(12)  # type: ignore[arg-type]


def test_every_card_round_trips() -> None:
    for card in full_pack(8):
        assert parse_card(str(card)) == card
        assert Card.from_id(card.id) == card
        assert parse_card(card.pretty) == card
    assert parse_cards("QS, JD#2") == [Card(Suit.SPADES, Rank.QUEEN), Card(Suit.DIAMONDS,
                                                                          Rank.JACK, 2)]


def test_action_strings_round_trip_and_bad_ones_are_refused() -> None:
    rng = random.Random(3)
    deal = Deal.new(P, rng)
    while not deal.is_over:
        for action in deal.legal_actions():
            assert Action.parse(str(action)) == action
        deal.apply(rng.choice(deal.legal_actions()))
    for text in ["", "fly QS", "play", "play QS JD", "declare", "declare marriage",
                 "draw QS", "x" * 400]:
        with pytest.raises(NotationError):
            Action.parse(text)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    rng = random.Random(9)
    deal = Deal.new(P, rng)
    for _ in range(60):
        if deal.is_over:
            break
        before = deal.snapshot()
        hand = deal.holding(deal.to_move)
        absent = next(c for c in range(64) if c not in hand)
        for bad in [Action.play(absent), Action.parse("draw"),
                    Action.parse("declare four_aces AS#1 AH#1 AD#1 AC#1"),
                    Action.parse("exchange 7S#1")]:
            if bad in deal.legal_actions():
                continue
            with pytest.raises(IllegalActionError) as err:
                deal.apply(bad)
            assert err.value.rule_id and err.value.reason
            assert deal.snapshot() == before
        deal.apply(rng.choice(deal.legal_actions()))


CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


@pytest.mark.parametrize("variant", ["two-handed", "rubicon", "rubicon-four-handed"])
def test_every_refusal_has_a_reason_in_both_languages(variant: str) -> None:
    """The app speaks Russian too: a refused action must say why in Russian."""
    profile = load_profile(variant)
    seen: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng)
        while not deal.is_over:
            legal = deal.legal_actions()
            hand = deal.holding(deal.to_move)
            tries = [Action.play(c) for c in sorted(hand)[:3]]
            tries += [Action.play(next(c for c in range(32 * profile.packs) if c not in hand)),
                      Action.parse("draw"), Action.parse("partner"), Action.parse("blanche"),
                      Action.parse("declare four_aces AS#1 AH#1 AD#1 AC#1"),
                      Action.parse("declare no_such_meld AS#1"),
                      Action.parse("show 7S#1"), Action.parse("exchange 7S#1")]
            for bad in tries:
                if bad in legal:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    deal.apply(bad)
                english, russian = err.value.explain("en"), err.value.explain("ru")
                assert english == err.value.reason
                assert russian and set(russian.lower()) & CYRILLIC, (bad, russian)
                seen.add(err.value.rule_id)
            deal.apply(rng.choice(legal))
    assert len(seen) >= 5, seen


def test_corrupted_and_hostile_saves_are_refused() -> None:
    rng = random.Random(5)
    deal = Deal.new(P, rng)
    for _ in range(30):
        deal.apply(rng.choice(deal.legal_actions()))
    good = deal.to_json()
    text = deal.dumps()
    bad_texts = [
        text[: len(text) // 2],                                     # truncated
        "[]", "null", "42", '"x"', "{}",
        json.dumps({**good, "format": "chess"}),
        json.dumps({**good, "version": 99}),
        json.dumps({**good, "variant": "../../etc/passwd"}),
        json.dumps({**good, "deck": good["deck"][:-1]}),           # a card missing
        json.dumps({**good, "deck": good["deck"][:-1] + [good["deck"][0]]}),  # duplicate
        json.dumps({**good, "deck": ["ZZ"] * 64}),
        json.dumps({**good, "dealer": 7}),
        json.dumps({**good, "dealer": True}),
        json.dumps({**good, "actions": good["actions"] + ["declare four_aces AS AH AD AC"]}),
        json.dumps({**good, "actions": ["draw"] + good["actions"]}),
        json.dumps({**good, "actions": "play QS"}),
        json.dumps({**good, "actions": ["play QS"] * 5000}),
        "[" * 100_000,                                              # deep nesting
        " " * 2_000_000,                                            # huge
    ]
    for bad in bad_texts:
        with pytest.raises(CorruptSaveError):
            Deal.loads(bad)
    assert Deal.loads(text) == deal


def test_corrupted_game_saves_are_refused() -> None:
    game = Game.new(P, random.Random(2))
    rng = random.Random(2)
    while not game.deal.is_over:
        game.deal.apply(rng.choice(game.deal.legal_actions()))
    game.next_deal()
    text = game.dumps()
    restored = Game.loads(text)
    assert restored.totals == game.totals and restored.deal == game.deal
    data = json.loads(text)
    for bad in [{**data, "first_dealer": 5}, {**data, "deals": []},
                {**data, "deals": data["deals"][::-1]}, {**data, "format": "x"}]:
        with pytest.raises(CorruptSaveError):
            Game.from_json(bad)


def test_unknown_variant_and_bad_profile_data() -> None:
    with pytest.raises(ProfileError):
        load_profile("no-such-variant")
    with pytest.raises(ProfileError):
        profile_from_dict({"name": "x"})
    with pytest.raises(ProfileError):
        P.with_options(no_such_field=1)
    changed = P.with_options(scoring={"last_trick_bonus": 250})
    assert changed.scoring.last_trick_bonus == 250 and P.scoring.last_trick_bonus == 10


@pytest.mark.parametrize("request_obj, fragment", [
    ("x", "JSON object"),
    ({"trump": "D", "hand": ["KD#3"]}, "copy 3"),
    ({"trump": "D", "hand": ["KD"], "table": ["KD"]}, "twice"),
    ({"trump": "D", "hand": ["7S"] * 1 + ["8S", "9S", "JS", "QS", "KS", "TS", "AS", "7H"]},
     "at most 8"),
    ({"trump": "D", "history": [{"meld": "marriage", "cards": ["KD", "QD"]}]},
     "could not have been scored"),
    ({"trump": "D", "history": [{"meld": "nonsense", "cards": []}]}, "unknown meld"),
    ({"trump": "D", "extra": 1}, "unknown field"),
    ({"hand": ["KD"]}, "trump"),
    ({"trump": "D", "hand": "KD QD"}, "list"),
])
def test_bad_meld_requests(request_obj: object, fragment: str) -> None:
    with pytest.raises(BeziqueError) as err:
        query(request_obj)
    assert fragment in str(err.value)


def test_position_error_is_a_value_error() -> None:
    assert issubclass(PositionError, ValueError)


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_cli_play_prints_explained_log() -> None:
    result = run_cli("play", "--variant", "two-handed", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert "brisques" in result.stdout and "running score" in result.stdout
    assert "last trick" in result.stdout


def test_cli_play_unknown_variant_fails_cleanly() -> None:
    result = run_cli("play", "--variant", "nope")
    assert result.returncode != 0 and "unknown variant" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_melds_contract() -> None:
    lines = "\n".join([
        json.dumps({"variant": "two-handed", "trump": "D",
                    "hand": ["KD#1", "QD#1", "AD#1", "TD#1", "JD#1"], "table": [],
                    "history": [{"meld": "trump_marriage", "cards": ["KD#1", "QD#1"]}]}),
        "{not json",
        json.dumps({"trump": "S", "hand": ["QS", "JD"]}),
    ])
    result = run_cli("melds", "-", stdin=lines)
    assert result.returncode == 1  # one line failed
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 3
    assert out[0]["declarations"][0]["meld"] == "trump_sequence"
    assert out[0]["declarations"][0]["points"] == 250
    assert out[0]["refused"][0]["meld"] == "trump_marriage"
    assert isinstance(out[0]["declarations"][0]["explanation"], list)
    assert "error" in out[1]
    assert out[2]["declarations"][0] == {**out[2]["declarations"][0], "meld": "bezique",
                                         "points": 40}
