"""Play hints speak as a card player does (review 2, defect 7): the move and at most
three reasons, never the engine's workings ("10 simulated continuations: average
margin -37"), never "cards still to draw", and a copy mark (``9♥#1``) only where both
copies of that card are the player's. Swept over every variant, both languages, at
positions from the first lead to the play-off."""

from __future__ import annotations

import copy
import random
import re

import pytest

from app_pages.i18n import translate
from engine.bots import hint_reasons
from engine.bots.coach import HINT_SAMPLES, simple_hint
from engine.bots.reasons import MOST_REASONS, Reason
from engine.notation.cards import Card
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, variant_names
from engine.rules.view import PlayerView

INTERNAL = re.compile(
    r"simulat|continuation|average|margin|determini[sz]|sampl|rollout|still to draw|"
    r"симуляц|смоделир|в среднем|средн|перевес|продолжени|детерминиз", re.IGNORECASE)
MARKED = re.compile(r"(10|[2-9AKQJTАКДВТ])([♠♥♦♣])#(\d)")
RU_RANK = {"Т": "A", "К": "K", "Д": "Q", "В": "J", "10": "T"}
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def positions(name: str, seed: int = 3, count: int = 4) -> list[Deal]:
    """Copies of one deal at ``count`` moments spread from the start to the end."""
    rng = random.Random(seed)
    deal = Deal.new(load_profile(name), rng, dealer=0)
    moments: list[Deal] = []
    step = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        if step % 11 == 0 or (deal.in_playoff and step % 3 == 0):
            moments.append(copy.deepcopy(deal))
        deal.apply(rng.choice(legal))
        step += 1
    spread = max(1, len(moments) // count)
    return moments[::spread][:count] + moments[-1:]


def marked_wrongly(text: str, holding: frozenset[int]) -> list[str]:
    kinds = [Card.from_id(c).face for c in holding if not Card.from_id(c).is_joker]
    wrong = []
    for match in MARKED.finditer(text):
        rank = match.group(1)
        face = RU_RANK.get(rank, rank) + SUITS[match.group(2)]
        if kinds.count(face) < 2:
            wrong.append(match.group(0))
    return wrong


def check(text: str, holding: frozenset[int], where: str) -> None:
    assert not INTERNAL.search(text), f"{where}: engine words in {text!r}"
    assert not marked_wrongly(text, holding), f"{where}: copy mark that does not matter in {text!r}"
    assert "joker#" not in text and "инфузорка#" not in text or \
        sum(Card.from_id(c).is_joker for c in holding) > 1, f"{where}: {text!r}"


@pytest.mark.parametrize("name", variant_names())
def test_hints_use_card_players_words(name: str) -> None:
    for deal in positions(name):
        seat = deal.to_move
        holding = PlayerView.of(deal, seat).holding
        action, reasons = hint_reasons(deal, seat, samples=HINT_SAMPLES)
        assert action in deal.legal_actions()
        assert 1 <= len(reasons) <= MOST_REASONS
        plain = simple_hint(deal)
        for lang in ("en", "ru"):
            for reason in reasons:
                check(reason.render(lang, among=holding), holding, f"{name} {lang}")
            for key, params in plain.keys:
                check(translate(lang, key, **dict(params)), holding, f"{name} {lang} {key}")


def test_no_message_uses_engine_words() -> None:
    """Every reason template, whatever position it may be given."""
    from engine.bots.reasons import MESSAGES

    for key, texts in MESSAGES.items():
        for text in texts:
            assert not INTERNAL.search(text), (key, text)


def test_copy_marks_only_where_both_copies_are_held() -> None:
    nine = Card.from_id(Card.from_id(0).id).id       # a card, its other copy: +32
    reason = Reason("lead_low", card=nine)
    assert "#" not in reason.render("en", among={nine, 5})
    assert "#1" in reason.render("en", among={nine, nine + 32})
    assert "#" not in Reason("keep_for", meld="bezique", points=40, cards=(4, 19),
                             missing=1).render("ru")
    assert "cards still to draw" not in Reason("keep_for", meld="bezique", points=40,
                                               cards=(4, 19), missing=2).render("en")
