"""The ``best_playoff_card`` lesson check (lessons/playoff_check.py) and the strategy
lesson's positions: answers from the solver, checked here against a plain brute-force
minimax written from the trick rules alone; every wrong card explained; the lesson's
play-off positions genuinely instructive."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import lessons
from engine.notation.cards import Card, card_text, parse_card
from engine.rules.profile import load_profile
from engine.rules.tricks import beats, is_brisque, playoff_legal
from lessons._loader import Check

PROFILE = load_profile("two-handed")
RU_LATIN_CARD = re.compile(r"(?<![A-Za-z])[AKQJT][♠♥♦♣]")


def _brute(hands: tuple[tuple[int, ...], tuple[int, ...]], leader: int, lead: int | None,
           trump: int) -> dict[int, int]:
    """Points (brisques, last trick) the player to move still takes after each legal
    card, both sides playing their best: a plain minimax over card ids."""
    bp = PROFILE.scoring.brisque_points
    last = PROFILE.scoring.last_trick_bonus
    rules = PROFILE.playoff

    @cache
    def value(h0: tuple[int, ...], h1: tuple[int, ...], leader: int, lead: int) -> int:
        """Best total for the player to move from here (lead < 0: no card led)."""
        hs = (h0, h1)
        mover = leader if lead < 0 else 1 - leader
        if lead < 0 and not h0 and not h1:
            return 0
        return max(after(hs, leader, lead, mover, c) for c in moves(hs, lead, mover))

    def moves(hs: tuple[tuple[int, ...], ...], lead: int, mover: int) -> list[int]:
        hand = hs[mover]
        return sorted(set(hand if lead < 0 else playoff_legal(hand, lead, trump, rules)))

    def after(hs: tuple[tuple[int, ...], ...], leader: int, lead: int, mover: int,
              card: int) -> int:
        rest = list(hs)
        mine = list(rest[mover])
        mine.remove(card)
        rest[mover] = tuple(mine)
        if lead < 0:   # the other player answers: what he gets we do not
            total = remaining(rest) + bp * is_brisque(card)
            return total - value(rest[0], rest[1], leader, card)
        won = beats(lead, card, trump)
        points = bp * (is_brisque(lead) + is_brisque(card))
        if not rest[0] and not rest[1]:
            points += last
        winner = mover if won else leader
        future = value(rest[0], rest[1], winner, -1)
        mine_future = future if winner == mover else remaining(rest) - future
        return (points if won else 0) + mine_future

    def remaining(hs: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> int:
        cards = [c for h in hs for c in h]
        return bp * sum(map(is_brisque, cards)) + (last if cards else 0)

    hs = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    mover = leader if lead is None else 1 - leader
    led = -1 if lead is None else lead
    return {c: after(hs, leader, led, mover, c) for c in moves(hs, led, mover)}


def _random_position(rng: random.Random, tricks: int, led: bool) -> dict:
    pack = [Card.from_id(i) for i in range(PROFILE.packs * 32)]
    cards = rng.sample(pack, 2 * tricks)
    hands = [cards[:tricks], cards[tricks:]]
    trick = [hands[0].pop()] if led else []
    return {"trump": "SHDC"[rng.randrange(4)], "leader": 0,
            "hands": [[str(c) for c in h] for h in hands], "trick": [str(c) for c in trick]}


def _check(position: dict, names: list[str] | None = None) -> Check:
    params = {"position": position}
    if names:
        params["players"] = names
    return Check("t", "best_playoff_card", params, "Which card?", "two-handed")


@pytest.mark.parametrize("seed", range(12))
def test_answer_matches_a_brute_force_minimax(seed: int) -> None:
    rng = random.Random(seed)
    position = _random_position(rng, 2 + seed % 3, led=seed % 2 == 1)
    result = lessons.evaluate_check(_check(position), "en")
    hands = tuple(tuple(parse_card(t).id for t in h) for h in position["hands"])
    lead = parse_card(position["trick"][0]).id if position["trick"] else None
    brute = _brute(hands, 0, lead, "SHDC".index(position["trump"]))
    by_face: dict[str, int] = {}
    for card, v in brute.items():
        by_face[Card.from_id(card).face] = max(v, by_face.get(Card.from_id(card).face, v))
    assert set(result.options) == set(by_face), position
    best = max(by_face.values())
    assert set(result.answer) == {f for f, v in by_face.items() if v == best}, position
    for face, v in by_face.items():
        if v < best:   # the stated loss is the brute-force loss
            assert f": {best - v} less." in result.why[face], (position, result.why[face])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_wrong_card_is_explained_in_its_own_terms(lang: str) -> None:
    for seed in range(6):
        position = _random_position(random.Random(100 + seed), 3, led=False)
        result = lessons.evaluate_check(_check(position, ["A", "B"]), lang)
        wrong = [o for o in result.options if o not in result.answer]
        assert set(result.why) == set(wrong)
        for face in wrong:
            text = result.why[face]
            assert text.startswith(("With " + card_text(face, lang),
                                    "Пойдя с " + card_text(face, lang))), text
            assert "B" in text   # the other player by name
            if lang == "ru":
                assert not RU_LATIN_CARD.search(text.replace("B", "")), text
        assert result.cards["hand"] == tuple(position["hands"][0])
        assert result.cards["opponent"] == tuple(position["hands"][1])


def test_a_card_already_led_is_answered() -> None:
    position = {"trump": "H", "leader": 1, "hands": [["TS", "9S"], ["KH"]],
                "trick": ["KS"]}
    result = lessons.evaluate_check(_check(position), "en")
    # must follow and win if possible: both spades follow, only the ten beats the king
    assert result.options == ("TS",)
    assert result.answer == ("TS",)


def _strategy_checks(lang: str) -> dict[str, Check]:
    return {c.id: c for c in lessons.get_lesson("strategy", lang).checks}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_strategy_lesson_has_decision_checks_in_place(lang: str) -> None:
    lesson = lessons.get_lesson("strategy", lang)
    checks = _strategy_checks(lang)
    assert len(checks) >= 4
    assert sum(c.kind == "best_playoff_card" for c in checks.values()) >= 1
    for check in checks.values():
        result = lessons.evaluate_check(check, lang)
        assert len(result.options) >= 3, check.id   # a decision, not a coin toss
    # each position stands by the advice it illustrates, not in a list at the end
    order: list[str] = []
    for kind, piece in lessons.segments(lesson):
        order.append(piece.id if kind == "check" else "text")
    for check_id in ("strategy-queen-of-spades", "strategy-four-aces", "strategy-two-copies",
                     "strategy-deny-last-card", "strategy-playoff-best-card"):
        assert check_id in order
    assert order.index("strategy-queen-of-spades") < order.index("strategy-four-aces") \
        < order.index("strategy-two-copies") < order.index("strategy-deny-last-card") \
        < order.index("strategy-playoff-best-card")
    assert all(order[i] == "text" or order[i - 1] == "text" or order[i - 1].startswith(
        "strategy-") for i in range(1, len(order)))
    assert not any("{{" in str(p) for _k, p in lessons.segments(lesson))


def test_the_playoff_positions_are_instructive() -> None:
    """The intuitive card (the highest trump; the lowest card, 'lead low') loses
    clearly against the solver's unique best card."""
    check = _strategy_checks("en")["strategy-playoff-best-card"]
    result = lessons.evaluate_check(check, "en")
    values = {face: int(re.search(r"you take (\d+)", result.why[face]).group(1))
              for face in result.why}
    best = int(re.search(r"worth (\d+)", result.explanation[1]).group(1))
    assert len(result.answer) == 1
    trump = check.params["position"]["trump"]
    hand = [parse_card(t) for t in check.params["position"]["hands"][0]]
    top_trump = max((c for c in hand if c.suit.letter == trump), key=lambda c: c.rank).face
    lowest = min(hand, key=lambda c: c.rank).face
    assert top_trump in values and best - values[top_trump] >= 20
    assert lowest in values and best - values[lowest] >= 20
    twins = _strategy_checks("en")["strategy-two-copies"]
    result = lessons.evaluate_check(twins, "en")
    assert result.answer == ("AS",)   # lead the ace whose twin the other player holds
    position = twins.params["position"]
    assert any(parse_card(t).face == "AS" for t in position["hands"][1])


def test_the_deny_check_rewards_taking_the_trick() -> None:
    check = _strategy_checks("en")["strategy-deny-last-card"]
    result = lessons.evaluate_check(check, "en")
    # the identical 10♣ does not take it: the card led wins (001 §02)
    assert "TC#2" in result.options and "TC#2" not in result.answer
    assert len(result.answer) >= 2 and len(result.options) - len(result.answer) >= 3


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_best_playoff_card_in_a_tiebreak_game_tells_the_last_trick(lang: str) -> None:
    """Rubicon's search values weight the last trick a thousandfold: a play-off check
    there tells each card's last trick and brisques, never the weighted 50020, and the
    wrong card's loss is the last trick (issue 53: Rubicon's pages get play-off
    decisions)."""
    from lessons._loader import Check
    from lessons.checks import evaluate_check

    check = Check(id="t", kind="best_playoff_card", prompt="?", variant="rubicon",
                  params={"position": {"trump": "C", "leader": 0, "hands": [
                      ["9D#4", "TS#2", "KH#2"], ["QS#4", "AD#3", "TD#2"]]}})
    result = evaluate_check(check, lang)
    assert result.answer == ("9D",)
    text = " ".join([*result.explanation, *result.why.values()])
    assert "500" not in text and "5002" not in text
    last = "the last trick (50)" if lang == "en" else "последнюю взятку (50 очков)"
    assert all(last in why for why in result.why.values()), result.why
